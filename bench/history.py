"""``/mahjong history`` with 100,000 hands stored: ``history_ms`` (the first page of the server's
games: the storage read and the card's content, median of several calls; the target is below
100 ms), ``history_member_ms`` (the first page of one member's games, who sat in every tenth
game), ``history_rare_member_ms`` (a member who sat in the oldest game only: every game is looked
at) and ``history_last_page_ms`` (the server's last page).

The database is built with bulk inserts (``executemany``), because 100,000 hands stored one by
one through the ledger would take minutes: 12,500 games of 8 hands on one server, each with its
seats (two or three members of 40 and computers), its hands' results and payments (three a
hand); every tenth game recorded at a real table (``kind`` 'record') with one hand undone
(``reversed_txn``), every seventh game's move log pruned. The history reads no move log and no
hand summary, so none are written.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.history import PAGE_GAMES, history_layout
from bot.storage import Storage
from bot.storage.sql import Db

HANDS = 100_000
GAME_HANDS = 8
GUILD = 1
MEMBERS = 40
FREQUENT = 1_000_001
"""A member who sat in every tenth game."""
RARE = 1_000_002
"""A member who sat in the oldest game only."""


async def _build(storage: Storage) -> int:
    """Store the games; the number of games."""
    rng = random.Random(7)
    games = HANDS // GAME_HANDS
    for user in range(1, MEMBERS + 1):
        await storage.remember_player(user, f"Member {user}")
    await storage.remember_player(FREQUENT, "Frequent")
    await storage.remember_player(RARE, "Rare")
    season = await storage.current_season(GUILD)  # the guild, its season and the bank
    await storage.adjust(GUILD, 1, 1, actor_id=1, reason="stands in for the undone hands' reversal")
    (reversal,) = await storage.transactions(GUILD, user_id=1, limit=1)
    game_rows: list[tuple[Any, ...]] = []
    seat_rows: list[tuple[Any, ...]] = []
    hand_rows: list[tuple[Any, ...]] = []
    pay_rows: list[tuple[Any, ...]] = []
    stamp = "2026-01-01T10:00:00.000000Z"
    for game_id in range(1, games + 1):
        recorded = game_id % 10 == 0
        game_rows.append(
            (
                game_id,
                GUILD,
                10 + game_id % 5,
                "dmjl",
                "{}",
                "-",
                0 if recorded else game_id,
                "finished",
                GAME_HANDS,
                stamp,
                stamp,
                "record" if recorded else "discord",
                stamp if game_id % 7 == 0 else None,
            )
        )
        people: list[int] = rng.sample(range(1, MEMBERS + 1), 3 if recorded else 2)
        if game_id % 10 == 3:
            people[0] = FREQUENT
        if game_id == 1:
            people[0] = RARE
        seats: list[int | str] = [*people, *(f"ai:normal:{n}" for n in range(1, 5 - len(people)))]
        for seat, who in enumerate(seats):
            if isinstance(who, int):
                seat_rows.append((game_id, seat, who, None))
            else:
                seat_rows.append((game_id, seat, None, who))
        for hand in range(1, GAME_HANDS + 1):
            undone = recorded and hand == GAME_HANDS
            hand_rows.append(
                (
                    game_id,
                    hand,
                    stamp,
                    stamp,
                    "winner=0",
                    season.season_id,
                    reversal.txn_id if undone else None,
                )
            )
            winner = rng.randrange(4)
            for index, payer in enumerate(s for s in range(4) if s != winner):
                pay_rows.append((game_id, hand, index, payer, winner, rng.randint(8, 400)))

    async def bulk(db: Db) -> None:
        await db.executemany(
            "INSERT INTO games (game_id, guild_id, channel_id, ruleset, overrides, fingerprint, seed, "
            "status, current_hand, created_at, ended_at, kind, log_pruned_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            game_rows,
        )
        await db.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id, ai_level) VALUES (?, ?, ?, ?)", seat_rows
        )
        await db.executemany(
            "INSERT INTO hands (game_id, hand_no, started_at, finished_at, result, season_id, reversed_txn) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            hand_rows,
        )
        await db.executemany(
            "INSERT INTO hand_payments (game_id, hand_no, idx, payer_seat, payee_seat, amount) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            pay_rows,
        )

    await storage._write(bulk)

    async def count(db: Db) -> int:
        row = await db.fetchone("SELECT COUNT(*) FROM hands WHERE finished_at IS NOT NULL")
        return int(row[0]) if row is not None else 0

    assert await storage._read(count) == HANDS
    return games


async def _card(storage: Storage, member: int | None, page: int) -> int:
    """One page: the storage read and the card's content; how many games it shows."""
    games, more = await storage.game_history(GUILD, member=member, page=page, size=PAGE_GAMES)
    layout = history_layout(games, more, member, page, "en")
    assert layout.children
    return len(games)


async def _median(storage: Storage, member: int | None, page: int, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        shown = await _card(storage, member, page)
        times.append((time.perf_counter() - start) * 1000)
        assert shown, (member, page)
    return round(statistics.median(times), 2)


async def _measure(folder: Path, runs: int) -> dict[str, float]:
    async with Storage(folder / "history.sqlite3", synchronous="NORMAL") as storage:
        games = await _build(storage)
        await _card(storage, None, 0)  # warm the modules and the page cache
        last = (games - 1) // PAGE_GAMES
        return {
            "history_ms": await _median(storage, None, 0, runs),
            "history_member_ms": await _median(storage, FREQUENT, 0, runs),
            "history_rare_member_ms": await _median(storage, RARE, 0, runs),
            "history_last_page_ms": await _median(storage, None, last, runs),
            "history_hands": HANDS,
        }


def run(runs: int = 9, folder: str | None = None) -> dict[str, float]:
    """The medians of ``runs`` history pages over 100,000 stored hands (see the module)."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        return asyncio.run(_measure(Path(tmp), runs))


if __name__ == "__main__":
    for key, value in sorted(run().items()):
        print(f"{key:32} {value}")
