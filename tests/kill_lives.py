"""The kill test: lives of the real bot on one database, each ended by SIGKILL (issue 26).

Each life is a child process (``tests/kill_child.py``): the bot through the offline harness,
restoring what the last life left, checking that the channel has a way on, then playing two
people and two computer players until it is killed: at a random moment (after a random number
of stored actions, while it runs on) or stopped dead at a named point of a hand's end
(:data:`POINTS`, the n-th of its life, n drawn at random). After each kill the database is
checked here; the next life's first words say whether the channel had a way on. A last life
only checks the way on.

Checks after each kill: SQLite's integrity check; the ledger (every transaction sums to zero,
every season too, each hand's entries match its stored payments); each hand booked once at
most; each booked hand's payments are what the engine's replay of the stored log pays; each
person's balance is the starting chips plus their payments over all stored hands (no chip
booked twice or lost); no game left live whose last hand is booked and that has no next hand.

``python tests/kill_lives.py --lives 120 --seed 7`` runs a large one and prints a summary;
``tests/test_bot_kills.py`` runs a small one in the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.restore import rebuild_game  # noqa: E402
from bot.storage import DEFAULT_STARTING_CHIPS, Payment, Storage  # noqa: E402

CHILD = Path(__file__).resolve().parent / "kill_child.py"
GUILD = 1
PEOPLE = (100, 200)
POINTS = ("scored", "booked", "game_end", "sheet")
"""The named points of a hand's end (see kill_child.py): after scoring, after booking, before
the game's end (a game's last hand booked, the end stored with it), after the sheet."""
KINDS = (*POINTS, "random")
LIFE_SECONDS = 600.0
"""Real seconds after which a life that never reached its point is killed (a problem)."""


@dataclass
class Summary:
    lives: int = 0
    kills: Counter[str] = field(default_factory=Counter)
    """Kills by point (``random`` for the others)."""
    kills_in_restore: int = 0
    """Kills at a point reached while the bot was still starting (restoring)."""
    way_on: Counter[str] = field(default_factory=Counter)
    """How each restart's channel went on: myhand, next, new."""
    way_on_checked: int = 0
    no_way_on: int = 0
    booked_twice: int = 0
    sheets_unposted: int = 0
    """Finished games whose final sheet a later life did not post."""
    chips_lost: int = 0
    """Sum over people of |balance - (starting chips + payments)| after each kill."""
    hands_booked: int = 0
    games_finished: int = 0
    problems: list[str] = field(default_factory=list)

    def text(self) -> str:
        kills = ", ".join(f"{k} {self.kills[k]}" for k in KINDS)
        ways = ", ".join(f"{k} {v}" for k, v in sorted(self.way_on.items()))
        return "\n".join(
            [
                f"lives: {self.lives} (each ended by SIGKILL), then one more that only checks the way on",
                f"kills: {sum(self.kills.values())} ({kills}); at a point while restoring: "
                f"{self.kills_in_restore}",
                f"hands booked: {self.hands_booked}, games finished: {self.games_finished}",
                f"chips booked twice: {self.booked_twice} hands; chips lost: {self.chips_lost}",
                f"restarts whose way on was checked: {self.way_on_checked} ({ways}); "
                f"channels without a way on: {self.no_way_on}; final sheets never posted: "
                f"{self.sheets_unposted}",
                f"problems: {len(self.problems)}",
                *(f"  {p}" for p in self.problems[:20]),
            ]
        )


def run_life(db: Path, number: int, seed: int, kind: str, at: int) -> tuple[list[str], int | None, str]:
    """One life: start the child, SIGKILL it as ``kind`` and ``at`` say (``none``: let it end);
    return its lines, its return code and the end of its stderr."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "KILL_POINT": kind,
        "KILL_AT": str(at),
    }
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(db), str(number), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert child.stdout is not None and child.stderr is not None
    stderr: list[str] = []
    drain = threading.Thread(target=lambda: stderr.extend(child.stderr), daemon=True)  # type: ignore[arg-type]
    drain.start()
    watchdog = threading.Timer(LIFE_SECONDS, child.send_signal, (signal.SIGKILL,))
    watchdog.start()
    lines: list[str] = []
    acts = points = 0
    for raw in child.stdout:
        line = raw.rstrip("\n")
        lines.append(line)
        if kind == "random" and (line == "act" or (at == 0 and line == "ready")):
            acts += 1
            if acts == max(at, 1):
                child.send_signal(signal.SIGKILL)  # it runs on meanwhile: a random moment
                break
        elif kind in POINTS and line.startswith(f"point {kind} "):
            points += 1
            if points == at:
                child.send_signal(signal.SIGKILL)  # it stands still at the point
                break
    lines += [x.rstrip("\n") for x in child.stdout]  # what it wrote before it died
    child.wait()
    watchdog.cancel()
    drain.join(timeout=10)
    child.stdout.close()
    child.stderr.close()
    return lines, child.returncode, "".join(stderr)[-2000:]


async def check_database(db: Path, summary: Summary, life: int, *, last: bool = False) -> None:
    """Everything booked is booked once and as the engine pays it; no chip lost; no game live
    for ever; no finished game's final sheet left unposted by a restart (the newest game's may
    wait for the next life, unless this was the ``last``)."""

    def problem(text: str) -> None:
        summary.problems.append(f"after life {life}: {text}")

    with sqlite3.connect(db) as con:
        for reason, count in con.execute(
            "SELECT reason, COUNT(*) FROM transactions WHERE kind = 'hand' "
            "GROUP BY reason HAVING COUNT(*) > 1"
        ):
            summary.booked_twice += 1
            problem(f"{reason} booked {count} times")
        for game_id, hand_no in con.execute(
            "SELECT game_id, hand_no FROM hands WHERE finished_at IS NULL AND txn_id IS NOT NULL"
        ):
            problem(f"game {game_id} hand {hand_no} has a booking but no result")
        game_ids = [row[0] for row in con.execute("SELECT game_id FROM games ORDER BY game_id")]
        unposted = [
            row[0]
            for row in con.execute(
                "SELECT game_id FROM games WHERE status = 'finished' AND end_posted_at IS NULL"
            )
        ]
        waiting = [] if last or not game_ids else [game_ids[-1]]
        for game_id in unposted:
            if game_id not in waiting:
                summary.sheets_unposted += 1
                problem(f"game {game_id} finished, and its final sheet was never posted")
    async with Storage(db) as storage:
        if (integrity := await storage.integrity_check()) != "ok":
            problem(f"integrity check: {integrity}")
        ledger = await storage.check_ledger()
        if not ledger.ok:
            problem(f"ledger: {ledger.problems}")
        nets = dict.fromkeys(PEOPLE, 0)
        booked = finished = live = 0
        for game_id in game_ids:
            record = await storage.load_game(game_id)
            game = rebuild_game(record)  # the engine's replay of the stored log
            for index, hand in enumerate(record.hands):
                for p in hand.payments:
                    for seat, sign in ((p.payer, -1), (p.payee, 1)):
                        holder = record.seats[seat]
                        if isinstance(holder, int):
                            nets[holder] += sign * p.amount
                if not hand.finished:
                    if hand.payments:
                        problem(f"game {game_id} hand {hand.hand_no} paid without a result")
                    continue
                booked += 1
                if index >= len(game.history):
                    problem(f"game {game_id} hand {hand.hand_no} is booked but did not end in the replay")
                    continue
                paid = tuple(
                    Payment(game.order[t.payer], game.order[t.payee], t.amount, t.reason)
                    for t in game.history[index].transfers
                )
                if hand.payments != paid and "unpaid" not in (hand.result or ""):
                    problem(f"game {game_id} hand {hand.hand_no}: paid {hand.payments}, the replay {paid}")
            if record.status == "finished":
                finished += 1
            elif record.status == "live":
                live += 1
                if game.finished and record.hands[-1].finished:
                    problem(f"game {game_id} is live, its last hand booked and no next hand")
        if live > 1:
            problem(f"{live} live games in one channel")
        for user_id, net in nets.items():
            if booked:
                balance = await storage.balance(GUILD, user_id)
                if balance != DEFAULT_STARTING_CHIPS + net:
                    summary.chips_lost += abs(balance - DEFAULT_STARTING_CHIPS - net)
                    problem(f"{user_id} holds {balance}, the hands pay {DEFAULT_STARTING_CHIPS + net}")
        summary.hands_booked, summary.games_finished = booked, finished


def read_life(lines: list[str], summary: Summary, life: int) -> None:
    """What the child said: the way on after its restart, errors."""
    for line in lines:
        if line.startswith("wayon "):
            summary.way_on_checked += 1
            summary.way_on[line.split(" ", 1)[1]] += 1
        elif line.startswith("noway "):
            summary.way_on_checked += 1
            summary.no_way_on += 1
            summary.problems.append(f"life {life}: no way on: {line[6:]}")
        elif line.startswith("error "):
            summary.problems.append(f"life {life}: {line[6:]}")


def run_lives(db: Path, *, lives: int, seed: int, rng: random.Random, verbose: bool = False) -> Summary:
    """``lives`` lives on ``db``, each killed (the kinds of kill in turn, shuffled in each round of
    :data:`KINDS`), the database checked after each; then a last life that checks the way on."""
    summary = Summary()
    order: list[str] = []
    for life in range(lives + 1):
        last = life == lives
        if not order:
            order = list(KINDS)
            rng.shuffle(order)
        kind = "none" if last else order.pop()
        if kind == "random":  # after the n-th stored action, or (0) once the bot has started,
            at = rng.randint(1, 120) if rng.random() < 0.75 else 0  # while it checks the way on
        else:  # the n-th time the point comes in the life (a game has two hands)
            at = {"none": 0, "game_end": 1}.get(kind) or rng.randint(1, 2)
        lines, code, stderr = run_life(db, life, seed, kind, at)
        read_life(lines, summary, life)
        if last:
            if code != 0:
                summary.problems.append(f"the last life ended with {code}: {stderr}")
        elif code != -signal.SIGKILL:
            summary.problems.append(f"life {life} ({kind}) ended by itself ({code}): {stderr}")
        else:
            summary.lives += 1
            summary.kills[kind] += 1
            if kind in POINTS and "ready" not in lines:
                summary.kills_in_restore += 1
        asyncio.run(check_database(db, summary, life, last=last))
        if verbose:
            way = next((x for x in lines if x.startswith(("wayon", "noway"))), "-")
            print(f"life {life}: {kind} {at}: {way}; {lines[-1] if lines else ''}", flush=True)
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lives", type=int, default=120, help="lives, each ended by a kill (120)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the games and the kills (7)")
    parser.add_argument("--db", type=Path, help="database file (default: a new temporary one)")
    parser.add_argument("--verbose", action="store_true", help="a line per life")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "kills.sqlite3"
        summary = run_lives(
            db, lives=args.lives, seed=args.seed, rng=random.Random(args.seed), verbose=args.verbose
        )
    print(summary.text())
    return 1 if summary.problems else 0


if __name__ == "__main__":
    sys.exit(main())
