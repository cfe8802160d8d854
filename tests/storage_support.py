"""Helpers for the storage tests: a stand-in rebuild and the real one by the game engine.

``fold`` is a stand-in for the engine's ``rebuild(record)``: it folds a stored game into a plain
value (rules, seats, seed, every hand's actions and result) that two restores can compare;
``engine_rebuild`` is the real one, replaying the log with :class:`engine.game.Game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.restore import rebuild_game
from bot.storage import GameRecord
from engine.game import Game


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
