"""``rating_leaderboard_ms``: the whole ``/rating leaderboard`` answer (the family of the channel's
ruleset, the storage read and the message text) for a server with 100,000 finished hands,
median of repeated calls; the target is below 100 ms. Also ``rating_backfill_ms``: the one-off
rating of all those games, oldest first, as the first call after the upgrade does it (one
sample), and ``rating_game_end_ms``: ending one more game with its rating in the same
transaction (median).

The server is built in a temporary database by direct bulk inserts (games, seats, hands and
their payments; no ledger transactions and no move logs, which the rating does not read):
6,250 finished dmjl games of 16 hands each among 200 members, four members a game drawn by a
seeded random, three payments a hand. As many storage calls would take minutes.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.cogs.rating import family_for, leaderboard_text
from bot.storage import Payment, Storage

HANDS = 100_000
GAME_HANDS = 16
MEMBERS = 200
GUILD, CHANNEL = 1, 10
STAMP = "2026-01-01T00:00:00.000000Z"


async def _build(storage: Storage) -> int:
    """The server's games by bulk inserts; the number of games."""
    rng = random.Random(29)
    games, seats, hands, payments = [], [], [], []
    count = HANDS // GAME_HANDS
    for game_id in range(1, count + 1):
        ended = f"2026-01-01T00:{game_id // 3600 % 60:02d}:{game_id % 3600 // 60:02d}.{game_id:06d}Z"
        games.append((game_id, GUILD, CHANNEL, "dmjl", "{}", "", 0, "finished", GAME_HANDS, STAMP, ended))
        for seat, user in enumerate(rng.sample(range(1, MEMBERS + 1), 4)):
            seats.append((game_id, seat, user))
        for hand_no in range(1, GAME_HANDS + 1):
            hands.append((game_id, hand_no, STAMP, STAMP, "hand"))
            winner = rng.randrange(4)
            for idx, payer in enumerate(p for p in range(4) if p != winner):
                payments.append((game_id, hand_no, idx, payer, winner, rng.randrange(8, 600)))

    async def bulk(db: Any) -> None:
        await db.execute("INSERT INTO guilds (guild_id, created_at) VALUES (?, ?)", (GUILD, STAMP))
        await db.executemany(
            "INSERT INTO games (game_id, guild_id, channel_id, ruleset, overrides, fingerprint, seed, "
            "status, current_hand, created_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        await db.executemany("INSERT INTO game_seats (game_id, seat, user_id) VALUES (?, ?, ?)", seats)
        await db.executemany(
            "INSERT INTO hands (game_id, hand_no, started_at, finished_at, result) VALUES (?, ?, ?, ?, ?)",
            hands,
        )
        await db.executemany(
            "INSERT INTO hand_payments (game_id, hand_no, idx, payer_seat, payee_seat, amount) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            payments,
        )

    await storage._write(bulk)
    return count


async def _answer(storage: Storage) -> str:
    """What ``/rating leaderboard`` does between the deferral and the follow-up."""
    fam = await family_for(storage, GUILD, CHANNEL, None)
    board = await storage.rating_board(GUILD, fam)
    return leaderboard_text(fam, board, "en")


async def _measure(folder: Path, repeats: int) -> dict[str, float]:
    async with Storage(folder / "rating.sqlite3", synchronous="NORMAL") as storage:
        games = await _build(storage)
        start = time.perf_counter()
        text = await _answer(storage)  # rates every game, oldest first
        backfill = (time.perf_counter() - start) * 1000
        assert len(await storage.rated_game_ids(GUILD)) == games and text.count("\n") > 20
        board = []
        for _ in range(repeats):
            start = time.perf_counter()
            await _answer(storage)
            board.append((time.perf_counter() - start) * 1000)
        ends = []
        for i in range(repeats):
            record = await storage.create_game(GUILD, CHANNEL + 1 + i, [1, 2, 3, 4], 1, ruleset="dmjl")
            await storage.finish_hand(record.game_id, 1, result="hand", payments=[Payment(1, 0, 10)])
            start = time.perf_counter()
            await storage.end_game(record.game_id, reason="finished")
            ends.append((time.perf_counter() - start) * 1000)
    return {
        "rating_leaderboard_ms": round(statistics.median(board), 2),
        "rating_backfill_ms": round(backfill, 1),
        "rating_game_end_ms": round(statistics.median(ends), 2),
    }


def run(repeats: int = 15) -> dict[str, float]:
    """The median milliseconds of one /rating leaderboard answer over 100,000 stored hands."""
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_measure(Path(folder), repeats))
