"""Pruning the move logs of games that ended long ago (``MAHJONG_KEEP_LOGS_DAYS``).

A finished game's move-by-move log is most of what its hands keep (about 9 KB of 12.5 KB a
hand, ``python -m bench retention``), and nothing the bot shows reads it once every hand has its
summary. :func:`prune_logs` deletes the logs of games that ended (finished or abandoned) more
than the configured days ago, after storing the summaries a replay of those logs still has to
give (hands finished before summaries were kept); the games, hands, results, payments,
summaries and the ledger stay, so ``/stats``, ``/chips history``, the standings and the exports
read the same (see :mod:`bot.storage.retention`). :func:`keep_pruning` runs it when the bot
starts and then every :data:`PRUNE_EVERY_SECONDS` on the bot's clock.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from bot.clock import Clock
from bot.stats import store_missing_summaries
from bot.storage.retention import PrunedLogs

if TYPE_CHECKING:
    from bot.storage import Storage

log = logging.getLogger(__name__)

PRUNE_EVERY_SECONDS = 6 * 3600.0
"""How often the bot looks for logs to prune, after the look at start-up."""

PRUNE_BATCH = 50
"""Games pruned per transaction: about 150,000 actions, a tenth of a second or so with fsync,
so that a click at a table waits for one batch at most while a year's backlog goes."""


def cutoff(now: float, days: int) -> datetime:
    """The end before which a game's log is pruned: ``days`` before ``now`` (Unix time).

    >>> cutoff(86_400 * 3, 2).isoformat()
    '1970-01-02T00:00:00+00:00'
    """
    return datetime.fromtimestamp(now, UTC) - timedelta(days=days)


async def prune_logs(storage: Storage, *, now: float, days: int, batch: int = PRUNE_BATCH) -> PrunedLogs:
    """Prune the move logs of the games that ended more than ``days`` days before ``now`` (Unix
    time, the bot's clock): first the summaries their hands lack are stored from a replay of the
    logs, then the logs go, ``batch`` games to a transaction (so that tables playing meanwhile wait
    for one batch at most). Returns what was pruned; a second call at once prunes nothing."""
    before = cutoff(now, days)
    lacking = await storage.unsummarized_ended_games(before)
    by_channel: dict[tuple[int, int], set[int]] = defaultdict(set)
    for game in lacking:
        by_channel[game.guild_id, game.channel_id].add(game.game_id)
    for (guild_id, channel_id), ids in by_channel.items():
        _, games = await storage.played_games(guild_id, channel_id=channel_id)
        await store_missing_summaries(storage, [g for g in games if g.game_id in ids])
    total = PrunedLogs()
    while True:
        pruned = await storage.prune_game_logs(before, max_games=batch)
        total += pruned
        if pruned.games < batch:
            return total


async def keep_pruning(
    storage: Storage, clock: Clock, days: int, *, every: float = PRUNE_EVERY_SECONDS
) -> None:
    """Prune old logs now and then every ``every`` seconds on ``clock``, for ever (the bot cancels
    it when it closes). A pruning that fails is logged and tried again at the next turn: it must
    never stop the bot."""
    while True:
        try:
            pruned = await prune_logs(storage, now=clock.wall(), days=days)
        except Exception as exc:  # a full disk, a locked file: the next turn tries again
            log.warning("could not prune the move logs of old games (tried again later): %s", exc)
        else:
            if pruned.games:
                log.info(
                    "pruned the move logs of %d games that ended over %d days ago (%d hands, %d actions)",
                    pruned.games,
                    days,
                    pruned.hands,
                    pruned.actions,
                )
        await clock.sleep(every)
