"""Rebuilding live games after a restart: the game engine replays each stored log.

The bot passes :func:`rebuild_game` to
:meth:`bot.storage.Storage.restore_unfinished_games` at start-up; every
unfinished game comes back exactly as it was after its last stored action.
"""

from __future__ import annotations

from bot.storage import GameRecord
from engine.eventlog import dumps, export_events
from engine.game import NEXT, Game


def game_log(record: GameRecord) -> list[str]:
    """The game's whole log: every hand's actions, with ``next`` between hands.

    A hand that has finished but whose successor has not started yet ends the
    log; the engine is then waiting for ``next``.
    """
    log: list[str] = []
    for index, hand in enumerate(record.hands):
        if index:
            log.append(NEXT)
        log.extend(hand.actions)
    return log


def rebuild_game(record: GameRecord) -> Game:
    """Replay a stored game with the engine.

    Seats are given to the engine as ``players`` in the order they were stored
    (the engine then draws the positions by dice, deterministically from the seed).

    :raises IllegalActionError: if the stored log does not replay (a corrupt log).
    """
    return Game.replay(
        record.ruleset, dict(record.overrides), record.seed, [str(s) for s in record.seats], game_log(record)
    )


def event_log(record: GameRecord) -> str:
    """A stored game as its JSON-lines event log (:mod:`engine.eventlog`): rebuilt by
    :func:`rebuild_game`, then exported. ``mahjong export --db`` writes it, and the **Export**
    button of ``/mahjong history`` sends it; in a hand still being played no concealed tile is
    in it (the export leaves them out).

    :raises IllegalActionError: if the stored log does not replay (a corrupt log).
    """
    return dumps(export_events(rebuild_game(record)))
