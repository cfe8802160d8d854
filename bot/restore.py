"""Rebuilding live games after a restart: the game engine replays each stored log.

Every unfinished game comes back exactly as it was after its last stored action
(:func:`rebuild_game`). The bot restores them in the background (:class:`RestoreQueue`), one
after the other, so it answers at once however many tables were open; a click on a table not
restored yet restores that table first and waits for it alone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.storage import GameRecord
from engine.eventlog import dumps, export_events
from engine.game import NEXT, Game

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PendingGame:
    """A stored game a start-up restores (``Storage.games_to_restore``): a live game, or a
    finished one whose final sheet was not posted (``status``)."""

    game_id: int
    guild_id: int
    channel_id: int
    language: str = "en"
    status: str = "live"
    """``live``, ``finished``, or an ended game whose thread was not archived yet:
    ``thread_over`` (finished) or ``thread_closed`` (abandoned)."""
    parent_id: int | None = None
    """For a thread to archive: the channel the thread was opened in."""
    link_id: int | None = None
    """For a thread to archive: that channel's line that links to the thread."""


class RestoreQueue:
    """The games still to restore, restored one at a time in the background (:meth:`run`); a
    channel's games first when someone needs that channel (:meth:`wait_for`). Each game is
    restored once, whoever asks first: ``restore`` must not raise for one bad game (it reports
    it itself); an exception it lets out is logged and the others go on."""

    def __init__(self, restore: Callable[[PendingGame], Awaitable[None]]) -> None:
        self._restore = restore
        self._waiting: dict[int, PendingGame] = {}
        """By game id, in the order stored: not started yet."""
        self._running: dict[int, asyncio.Task[None]] = {}
        """By game id: started (by :meth:`run` or a click), until done."""
        self._channels: dict[int, set[int]] = {}
        """By channel id: the game ids not restored yet."""
        self.idle = asyncio.Event()
        """Set while nothing is left to restore."""
        self.idle.set()

    def add(self, games: Iterable[PendingGame]) -> None:
        """Queue games to restore (oldest first, as given)."""
        for game in games:
            self._waiting[game.game_id] = game
            self._channels.setdefault(game.channel_id, set()).add(game.game_id)
        if self._waiting:
            self.idle.clear()

    def pending(self, channel_id: int) -> bool:
        """Whether a game of the channel is not restored yet."""
        return channel_id in self._channels

    def __len__(self) -> int:
        """How many games are not restored yet (queued or being restored)."""
        return len(self._waiting) + len(self._running)

    def _start(self, game_id: int) -> asyncio.Task[None]:
        task = self._running.get(game_id)
        if task is None:
            game = self._waiting.pop(game_id)
            task = asyncio.create_task(self._one(game), name=f"restore game {game_id}")
            self._running[game_id] = task
        return task

    async def _one(self, game: PendingGame) -> None:
        try:
            await self._restore(game)
        except Exception as exc:  # one game must never keep the others down
            log.error("game %s could not be restored: %s", game.game_id, type(exc).__name__)
        finally:
            self._running.pop(game.game_id, None)
            left = self._channels.get(game.channel_id)
            if left is not None:
                left.discard(game.game_id)
                if not left:
                    del self._channels[game.channel_id]
            if not self._waiting and not self._running:
                self.idle.set()

    async def run(self) -> None:
        """Restore every queued game, oldest first, one at a time (a game a click started is
        awaited in its turn, never restored twice)."""
        while self._waiting:
            game_id = next(iter(self._waiting))
            await asyncio.shield(self._start(game_id))
        while self._running:  # the ones clicks started, still going
            await asyncio.shield(next(iter(self._running.values())))

    def cancel(self) -> None:
        """Stop: the restores under way are cancelled and the queued ones dropped (the bot closes)."""
        self._waiting.clear()
        for task in list(self._running.values()):
            task.cancel()

    async def wait_for(self, channel_id: int) -> None:
        """Restore the channel's games now if they are not yet (before any other still queued),
        and return once they are; at once when there are none. Cancelling the wait does not
        cancel a restore."""
        for game_id in sorted(self._channels.get(channel_id, ())):
            await asyncio.shield(self._start(game_id))


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
