"""Reads that never block moves (issue 30, item 7): reports read on a read-only connection of
their own beside the writer (WAL), so a long ``/stats`` or leaderboard neither waits for the
moves nor delays one; a read started after a write returned sees it.

On both backends (the ``db`` fixture): a read held open does not hold up a move, sees one
snapshot, sees every write that returned before it began, and cannot write; a member's games are
found through the index of their seats (each dialect's own query plan). SQLite only: the report's
statement held inside the reader connection's thread (the writer's lock stays free)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import asyncpg
import pytest
import storage_backends

from bot.storage import Storage, StorageError
from bot.storage.sql import Db

G, ADA = 1, 11


class Gate:
    """Hold the first statement a read hands to its connection's thread until ``release``: a
    report that takes long, without waiting on the clock."""

    def __init__(self, db: Any) -> None:
        self.db, self.real = db, db._execute
        self.held = asyncio.Event()
        self.gate = threading.Event()

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self.held.is_set():
            return await self.real(fn, *args, **kwargs)
        self.held.set()

        def slow(*a: Any, **k: Any) -> Any:
            self.gate.wait(30)  # a safety net only: the test releases it
            return fn(*a, **k)

        return await self.real(slow, *args, **kwargs)

    def __enter__(self) -> Gate:
        self.db._execute = self._execute
        return self

    def __exit__(self, *exc: object) -> None:
        self.gate.set()
        del self.db._execute


async def test_a_move_is_stored_while_a_long_report_reads(tmp_path: Path) -> None:
    """SQLite: the report's statement is held in the reader connection's thread; the writer's
    lock stays free and the move is stored."""
    async with Storage(tmp_path / "db.sqlite3", synchronous="NORMAL") as storage:
        await storage.buy_in(G, ADA, 100)
        game = await storage.create_game(G, 10, [ADA, "ai:easy", "ai:easy", "ai:easy"], 1)
        backend = cast(Any, storage._backend)
        reading = backend._reader if backend._reader is not None else backend._db
        with Gate(reading) as gate:
            report = asyncio.ensure_future(storage.standings(G))
            await gate.held.wait()  # the report is inside its transaction, its statement held
            blocked = cast(Any, storage._backend)._lock.locked()
            if blocked:
                gate.gate.set()  # the old way: the move would wait for the report (fail below)
            move = asyncio.ensure_future(storage.append_action(game.game_id, 1, 1, "E discard 1m"))
            move.add_done_callback(lambda _: gate.gate.set())
            await move
            report_done_first = report.done()
            await report
        assert not blocked, "the report held the writer's lock: a move had to wait for it"
        assert not report_done_first
        assert (await storage.load_game(game.game_id)).hands[-1].actions == ("E discard 1m",)


async def test_a_move_is_stored_while_a_read_is_held_open_and_the_read_keeps_its_snapshot(
    db: Path | str,
) -> None:
    """A report in the middle of its transaction (held there by the test, not by the clock)
    neither delays a move nor sees it; a read begun after the move returned sees it."""
    async with Storage(db, synchronous="NORMAL") as storage:
        game = await storage.create_game(G, 10, [ADA, "ai:easy", "ai:easy", "ai:easy"], 1)
        inside, release = asyncio.Event(), asyncio.Event()
        count = "SELECT COUNT(*) FROM actions WHERE game_id = ?"

        async def long_report(db: Db) -> tuple[int, int]:
            before = await db.fetchone(count, (game.game_id,))
            inside.set()
            await release.wait()
            after = await db.fetchone(count, (game.game_id,))
            assert before is not None and after is not None
            return int(before[0]), int(after[0])

        report = asyncio.ensure_future(storage._read(long_report))
        await inside.wait()
        await storage.append_action(game.game_id, 1, 1, "E discard 1m")  # returns: committed
        assert not report.done()
        release.set()
        assert await report == (0, 0)  # one snapshot, from before the move
        assert (await storage.load_game(game.game_id)).hands[-1].actions == ("E discard 1m",)


async def test_a_read_after_a_write_sees_it_and_the_reader_cannot_write(db: Path | str) -> None:
    async with Storage(db, synchronous="NORMAL") as storage:
        for amount in (5, 7, 11):
            await storage.buy_in(G, ADA, amount)
            assert await storage.balance(G, ADA) == 2000 + sum(a for a in (5, 7, 11) if a <= amount)

        async def write(db: Any) -> None:
            await db.execute("INSERT INTO guilds (guild_id, created_at) VALUES (5, 'x')")

        if storage_backends.dialect(db) == "sqlite":  # the reader's file is opened read-only
            with pytest.raises(StorageError, match="cannot be read"):
                await storage._read(write)
        else:  # a READ ONLY transaction: the server refuses the statement
            with pytest.raises(asyncpg.ReadOnlySQLTransactionError):
                await storage._read(write)

        async def guilds(db: Db) -> list[int]:
            return [int(r[0]) for r in await db.fetchall("SELECT guild_id FROM guilds ORDER BY guild_id")]

        assert await storage._read(guilds) == [G]


async def test_a_members_games_are_read_through_the_index_of_their_seats(db: Path | str) -> None:
    """``/stats`` of a member reads that member's games only (index 0015), the same games the
    whole season's read gives when filtered by seat. The plan: SQLite's ``EXPLAIN QUERY PLAN``;
    PostgreSQL's ``EXPLAIN`` with sequential scans made dear (a table of a few rows is read
    whole otherwise, the index being no cheaper there), so the plan shows the index is usable."""
    bo, cy = 12, 13
    async with Storage(db, synchronous="NORMAL") as storage:
        for channel, seats in enumerate(
            ([ADA, bo, "ai:easy", "ai:easy"], [bo, cy, "ai:easy", "ai:easy"]), 10
        ):
            game = await storage.create_game(G, channel, list(seats), channel)
            await storage.finish_hand(game.game_id, 1, result="draw")
            await storage.end_game(game.game_id)
        found, everyone = await storage.played_games(G)
        for member in (ADA, bo, cy, 99):
            _, mine = await storage.played_games(G, user_id=member)
            assert mine == [g for g in everyone if member in g.seats]
        assert found is not None

        async def plan(db: Db) -> str:
            if db.dialect == "sqlite":
                rows = await db.fetchall(
                    "EXPLAIN QUERY PLAN SELECT game_id FROM game_seats WHERE user_id = ?", (ADA,)
                )
                return " ".join(str(r[-1]) for r in rows)
            await db.execute("SET LOCAL enable_seqscan = off")  # this transaction only
            rows = await db.fetchall(f"EXPLAIN SELECT game_id FROM game_seats WHERE user_id = {ADA}")
            return " ".join(str(r[0]) for r in rows)

        assert "game_seats_by_user" in await storage._read(plan)
