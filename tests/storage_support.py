"""Helpers for the storage tests: a stand-in rebuild and the real one by the game engine.

``fold`` is a stand-in for the engine's ``rebuild(record)``: it folds a stored game into a plain
value (rules, seats, seed, every hand's actions and result) that two restores can compare;
``engine_rebuild`` is the real one, replaying the log with :class:`engine.game.Game`;
``kill_at_random`` runs a child process and SIGKILLs it at a random moment (the kill tests).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.restore import rebuild_game
from bot.storage import GameRecord
from engine.game import Game

ROOT = Path(__file__).parent.parent


@dataclass(frozen=True)
class FoldedGame:
    """What the stand-in rebuild makes of a record: everything a replay would start from and apply."""

    game_id: int
    ruleset: str
    overrides: tuple[tuple[str, object], ...]
    fingerprint: str
    seats: tuple[int | str, ...]
    seed: int
    hand_no: int
    hands: tuple[tuple[int, tuple[str, ...], str | None], ...]


def fold(record: GameRecord) -> FoldedGame:
    """The stand-in rebuild: fold the action strings of every hand, in order, into a value."""
    hands: list[tuple[int, tuple[str, ...], str | None]] = []
    for hand in record.hands:
        log: list[str] = []
        for action in hand.actions:  # a replay applies the actions one by one, in order
            log.append(action)
        hands.append((hand.hand_no, tuple(log), hand.result))
    return FoldedGame(
        game_id=record.game_id,
        ruleset=record.ruleset,
        overrides=tuple(sorted(record.overrides.items())),
        fingerprint=record.fingerprint,
        seats=record.seats,
        seed=record.seed,
        hand_no=record.hand_no,
        hands=tuple(hands),
    )


def engine_rebuild(record: GameRecord) -> Game:
    """The real rebuild, as the bot does it at start-up (:func:`bot.restore.rebuild_game`)."""
    return rebuild_game(record)


def kill_at_random(
    args: Sequence[str],
    rng: random.Random,
    *,
    timer_share: float,
    timer_seconds: float,
    most_acks: int,
    linger: float = 0.0,
) -> list[str]:
    """Run ``python args...`` from the project's root and SIGKILL it at a random moment: with
    probability ``timer_share`` at a random time up to ``timer_seconds`` (even while it opens or
    migrates the file), else once it has printed 1 to ``most_acks`` lines starting ``ack `` (and
    up to ``linger`` seconds later); every line it printed, in order. The rng is drawn from in
    the same order on every run, so a seed replays the same kills."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen(
        [sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env
    )
    assert child.stdout is not None
    lines: list[str] = []
    if rng.random() < timer_share:
        killer = threading.Timer(rng.uniform(0.0, timer_seconds), child.send_signal, (signal.SIGKILL,))
        killer.start()
        lines = child.stdout.read().splitlines()
        killer.join()
    else:
        wanted, acks = rng.randint(1, most_acks), 0
        for line in child.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("ack "):
                acks += 1
                if acks >= wanted:
                    if linger:
                        time.sleep(rng.uniform(0, linger))
                    child.send_signal(signal.SIGKILL)
                    break
        lines += child.stdout.read().splitlines()  # what the child wrote before it died
    child.wait(timeout=10)
    stderr = child.stderr.read() if child.stderr else ""
    child.stdout.close()
    if child.stderr:
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL, f"child ended by itself ({child.returncode}): {stderr}"
    return lines
