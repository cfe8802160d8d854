"""Retention: the move log of a game that ended long ago is pruned; everything else stays.

A finished hand keeps its move-by-move log (``actions``), its result, payments and summary
(``hands``, ``hand_payments``, ``hand_summaries``) and its ledger transaction. Once every
finished hand of a game has its summary, nothing the bot shows reads that game's log again:
``/stats`` reads the summaries, ``/chips history`` and the standings the ledger, the hands export
the results and payments. So after a while (the bot's ``MAHJONG_KEEP_LOGS_DAYS``) the log of a
game that ended, finished or abandoned, is deleted, and only it:

* a live game is never touched (its log is how a restart rebuilds it);
* a game with a finished hand that has no summary yet (finished before summaries were kept) is
  skipped: the bot stores those summaries first, from a replay of the log
  (:func:`bot.retention.prune_logs`), and prunes the game the next time;
* the ledger is never touched (chips stay traceable to the game and hand they were paid for:
  the transaction's reason and ``hands.txn_id``), nor the game's row, seats, hands, payments
  or summaries;
* each hand keeps how many actions its log had (``hands.pruned_actions``, for the export), and
  the game when its log was pruned (``games.log_pruned_at``, :attr:`GameRecord.log_pruned_at`).

Pruning a batch of games is one transaction, and pruning again changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.storage.checks import is_whole, quote
from bot.storage.core import stamp
from bot.storage.errors import StorageInputError
from bot.storage.games import GamesMixin
from bot.storage.sql import Db

MAX_PRUNE_BATCH = 500
"""The most games one call of :meth:`RetentionMixin.prune_game_logs` prunes (one transaction)."""

_ENDED_WITH_LOG = "g.status <> 'live' AND g.log_pruned_at IS NULL AND g.ended_at < ?"
"""A game that ended (finished or abandoned) before a time and still has its log."""

_HAND_WITHOUT_SUMMARY = (
    "EXISTS (SELECT 1 FROM hands h WHERE h.game_id = g.game_id AND h.finished_at IS NOT NULL "
    "AND NOT EXISTS (SELECT 1 FROM hand_summaries s WHERE s.game_id = h.game_id AND s.hand_no = h.hand_no))"
)
"""A game with a finished hand that has no summary."""


@dataclass(frozen=True, slots=True)
class PrunedLogs:
    """What a pruning removed: the games whose logs went, their hands, and the actions deleted."""

    games: int = 0
    hands: int = 0
    actions: int = 0

    def __add__(self, other: PrunedLogs) -> PrunedLogs:
        return PrunedLogs(self.games + other.games, self.hands + other.hands, self.actions + other.actions)


@dataclass(frozen=True, slots=True)
class UnsummarizedGame:
    """A game that ended with a finished hand lacking its summary: where it was played."""

    game_id: int
    guild_id: int
    channel_id: int


def _check_before(before: object) -> str:
    if not isinstance(before, datetime):
        raise StorageInputError(
            f"logs are pruned for games that ended before a datetime, not {quote(before)}"
        )
    return stamp(before)


class RetentionMixin(GamesMixin):
    """Pruning the move logs of games that ended long ago (see the module docstring)."""

    async def unsummarized_ended_games(self, before: datetime) -> list[UnsummarizedGame]:
        """The games that ended before ``before`` with their log kept and a finished hand that has
        no summary (finished before summaries were kept): they are not pruned until it has one.

        :raises StorageInputError: when ``before`` is not a ``datetime``.
        """
        cutoff = _check_before(before)

        async def work(db: Db) -> list[UnsummarizedGame]:
            rows = await db.fetchall(
                f"SELECT g.game_id, g.guild_id, g.channel_id FROM games g WHERE {_ENDED_WITH_LOG} "
                f"AND {_HAND_WITHOUT_SUMMARY} ORDER BY g.game_id",
                (cutoff,),
            )
            return [UnsummarizedGame(r[0], r[1], r[2]) for r in rows]

        return await self._read(work)

    async def prune_game_logs(self, before: datetime, *, max_games: int = MAX_PRUNE_BATCH) -> PrunedLogs:
        """Delete the move logs of up to ``max_games`` games that ended (finished or abandoned)
        before ``before``, oldest end first, in one transaction; return what went.

        Only a game whose finished hands all have their summary is pruned. Each of its hands keeps
        how many actions its log had (``hands.pruned_actions``) and the game when it was pruned
        (``games.log_pruned_at``); its row, seats, hands, payments, summaries and the ledger stay.
        A game already pruned is not counted again, so pruning twice changes nothing; fewer than
        ``max_games`` games pruned means none is left before ``before``.

        :raises StorageInputError: when ``before`` is not a ``datetime`` or ``max_games`` is not
            a whole number from 1 to :data:`MAX_PRUNE_BATCH`.
        """
        cutoff = _check_before(before)
        if not is_whole(max_games) or not 1 <= max_games <= MAX_PRUNE_BATCH:
            raise StorageInputError(
                f"a pruning takes 1 to {MAX_PRUNE_BATCH} games at a time, not {quote(max_games)}"
            )
        now = self._now()

        async def work(db: Db) -> PrunedLogs:
            rows = await db.fetchall(
                f"SELECT g.game_id FROM games g WHERE {_ENDED_WITH_LOG} AND NOT {_HAND_WITHOUT_SUMMARY} "
                "ORDER BY g.ended_at, g.game_id LIMIT ?",
                (cutoff, max_games),
            )
            ids = [r[0] for r in rows]
            if not ids:
                return PrunedLogs()
            marks = ", ".join("?" * len(ids))
            hands = await db.execute(
                "UPDATE hands SET pruned_actions = (SELECT COUNT(*) FROM actions a "
                "WHERE a.game_id = hands.game_id AND a.hand_no = hands.hand_no) "
                f"WHERE game_id IN ({marks})",
                ids,
            )
            actions = await db.execute(f"DELETE FROM actions WHERE game_id IN ({marks})", ids)
            await db.execute(f"UPDATE games SET log_pruned_at = ? WHERE game_id IN ({marks})", (now, *ids))
            return PrunedLogs(len(ids), hands, actions)

        return await self._write(work)
