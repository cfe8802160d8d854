"""Cancellation (issue 9, finding 1): a storage call cancelled at any await point is atomic, on
both backends (issue 30: every test here runs on an SQLite file and on a PostgreSQL database).

SQLite: aiosqlite runs each statement on the connection's own thread; a cancelled ``await`` does
not stop a statement already handed to it. Every await the storage makes on the connection or a
cursor goes through ``Connection._execute``, so :class:`CancelAt` wraps it and cancels a task at
the N-th one, for every N a call has. PostgreSQL: every await the storage makes on an asyncpg
connection (its statements, the transaction's BEGIN and COMMIT or ROLLBACK, the pool's reset of a
connection it takes back) goes through one of asyncpg's ``Connection`` methods, which
:class:`PgCancelAt` wraps; a cancelled await there cancels the statement on the server. Two ways:

* ``caller``: the task that called the storage is cancelled (an interaction handler timing out);
* ``runner``: the task running the statement is cancelled (whatever task that is: the caller in
  a naive design, the transaction's own task in ours, e.g. when the event loop shuts down).

After each cut: the caller saw the cancellation, no connection is inside a transaction (SQLite:
the writer's and the reader's; PostgreSQL: every connection of the pool, and no session of the
database on the server), what is committed (read by a second connection) is the state before
the call or after the whole call, never a part of it, and the next write works and commits.
What a call that returned normally wrote survives a SIGKILL: see
``test_sigkill_with_cancelled_calls_loses_nothing_acknowledged`` in tests/test_storage_crash.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, cast

import asyncpg
import postgres_server
import pytest
import storage_backends
from storage_backends import Location

from bot.storage import Payment, Storage

G, ADA, BO, CY = 1, 11, 12, 13
LIVE, SETTLED = 1, 2  # game ids in the template: a hand in play, a hand finished

Call = Callable[[Storage], Awaitable[object]]

WRITES: dict[str, Call] = {
    "buy_in": lambda s: s.buy_in(G, ADA, 50, reason="Friday"),
    "adjust": lambda s: s.adjust(G, BO, -20, actor_id=99, reason="miscounted"),
    "transfer": lambda s: s.transfer(G, ADA, CY, 30),
    "new_season": lambda s: s.new_season(G, starting_chips=500, name="Spring"),
    "current_season": lambda s: s.current_season(2),  # opens season 1 of a new server
    "set_ruleset": lambda s: s.set_ruleset(G, "huabao", channel_id=10, actor_id=5),
    "set_house_rule": lambda s: s.set_house_rule(G, "mj_bonus", "30", actor_id=5),
    "clear_house_rule": lambda s: s.clear_house_rule(G, "limit", actor_id=5),
    "set_club_option": lambda s: s.set_club_option(G, "allow_negative_balance", False, actor_id=5),
    "remember_player": lambda s: s.remember_player(BO, "Bo"),
    "set_language": lambda s: s.set_language(ADA, "de"),
    "create_game": lambda s: s.create_game(G, 30, [ADA, BO, CY, "ai:easy"], 5),
    "append_action": lambda s: s.append_action(LIVE, 1, 3, "E discard 1m"),
    "finish_hand": lambda s: s.finish_hand(
        LIVE, 1, result="E wins", payments=[Payment(1, 0, 8), Payment(2, 0, 8)], last_seq=2
    ),
    "start_hand": lambda s: s.start_hand(SETTLED, 2),
    "end_game": lambda s: s.end_game(LIVE, abandoned=True, reason="left"),
}

READS: dict[str, Call] = {
    "balance": lambda s: s.balance(G, ADA),
    "balances": lambda s: s.balances(G),
    "transactions": lambda s: s.transactions(G, user_id=ADA),
    "check_ledger": lambda s: s.check_ledger(G),
    "seasons": lambda s: s.seasons(G),
    "club_options": lambda s: s.club_options(G),
    "table_rules": lambda s: s.table_rules(G, 10),
    "settings_history": lambda s: s.settings_history(G),
    "get_player": lambda s: s.get_player(ADA),
    "load_game": lambda s: s.load_game(SETTLED),
    "load_unfinished_games": lambda s: s.load_unfinished_games(),
    "export_ledger_csv": lambda s: s.export_ledger_csv(G),
    "export_hands_csv": lambda s: s.export_hands_csv(G),
    "schema_version": lambda s: s.schema_version(),
    "integrity_check": lambda s: s.integrity_check(),
}


def fixed_clock() -> datetime:
    return datetime(2025, 1, 1, 12, tzinfo=UTC)  # the same state whichever run wrote it


async def _fill(location: Location) -> None:
    async with Storage(location, clock=fixed_clock) as s:
        await s.set_club_option(G, "allow_member_transfers", True)
        await s.set_house_rule(G, "limit", 300)
        await s.remember_player(ADA, "Ada")
        await s.buy_in(G, ADA, 100)
        live = await s.create_game(G, 10, [ADA, BO, "ai:easy", "ai:normal"], 1)
        await s.append_action(live.game_id, 1, 1, "E discard 5p")
        await s.append_action(live.game_id, 1, 2, "S pass")
        settled = await s.create_game(G, 20, [CY, ADA, "ai:easy", "ai:easy"], 2)
        await s.finish_hand(settled.game_id, 1, result="draw", payments=[Payment(0, 1, 4)])
        assert (live.game_id, settled.game_id) == (LIVE, SETTLED)


@pytest.fixture(scope="module", params=storage_backends.BACKENDS)
def template(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Location]:
    """The filled database every run copies, built once per backend."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("template") / "db.sqlite3"
        asyncio.run(_fill(path))
        yield path
        return
    server = postgres_server.shared()
    url = server.new_database()
    asyncio.run(_fill(url))
    yield url
    server.drop_database(url)


class Snapshot:
    """Every row and sequence of a PostgreSQL database, to put a copy of it back as it was in a
    few milliseconds (``CREATE DATABASE ... TEMPLATE`` takes a quarter of a second here, and a
    test makes dozens of runs)."""

    def __init__(self) -> None:
        self.tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
        self.sequences: list[tuple[str, int, bool]] = []

    @classmethod
    async def take(cls, url: str) -> Snapshot:
        snap = cls()
        conn = await asyncpg.connect(url)
        try:
            for (table,) in await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                "AND table_type = 'BASE TABLE' ORDER BY table_name"
            ):
                rows = await conn.fetch(f'SELECT * FROM "{table}"')
                columns = [
                    r[0]
                    for r in await conn.fetch(
                        "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                        "current_schema() AND table_name = $1 ORDER BY ordinal_position",
                        table,
                    )
                ]
                snap.tables[table] = (columns, [tuple(r[c] for c in columns) for r in rows])
            for name, last, start in await conn.fetch(
                "SELECT sequencename, last_value, start_value FROM pg_sequences "
                "WHERE schemaname = current_schema()"
            ):
                snap.sequences.append((name, start if last is None else last, last is not None))
        finally:
            await conn.close()
        return snap

    async def restore(self, url: str) -> None:
        """Put the database of ``url`` back to the snapshot (nobody else may be writing to it)."""
        conn = await asyncpg.connect(url)
        try:
            async with conn.transaction():
                await conn.execute("SET LOCAL session_replication_role = replica")  # no FK order
                for table in self.tables:  # DELETE: a few rows each, faster than TRUNCATE's new files
                    await conn.execute(f'DELETE FROM "{table}"')
                for table, (columns, rows) in self.tables.items():
                    if rows:
                        await conn.copy_records_to_table(table, records=rows, columns=columns)
                for name, value, called in self.sequences:
                    await conn.execute(f"SELECT setval('\"{name}\"', $1, $2)", value, called)
        finally:
            await conn.close()


_snapshots: dict[str, Snapshot] = {}


@contextlib.asynccontextmanager
async def copies(template: Location, tmp_path: Path) -> AsyncIterator[Callable[[], Awaitable[Location]]]:
    """A function that gives a fresh copy of the template for each run: a file in ``tmp_path``,
    or for PostgreSQL one database made from the template (``CREATE DATABASE ... TEMPLATE``),
    put back to the template's rows before each run after the first and dropped at the end."""
    if storage_backends.dialect(template) == "sqlite":

        async def fresh_file() -> Location:
            return storage_backends.copy(template, tmp_path / "db.sqlite3")

        yield fresh_file
        return
    url = str(template)
    if url not in _snapshots:
        _snapshots[url] = await Snapshot.take(url)
    server = postgres_server.shared()
    work: str | None = None

    async def fresh_database() -> Location:
        nonlocal work
        if work is None:
            work = str(await asyncio.to_thread(storage_backends.copy, url, server.url(server.new_name())))
        else:
            await _snapshots[url].restore(work)
        return work

    try:
        yield fresh_database
    finally:
        if work is not None:
            server.drop_database(work)


committed = storage_backends.committed_async


class CancelAt:
    """Count the awaits on a connection (every one goes through ``Connection._execute``) and
    cancel a task at the ``n``-th: the caller's task (``caller``) or the task making that await
    (``runner``). The statement itself still runs: aiosqlite has already queued it."""

    def __init__(self, storage: Storage, n: int, mode: str) -> None:
        # the writer's connection and the reads' own (issue 30): the awaits on both are counted
        self.dbs: list[Any] = [
            db
            for db in (cast(Any, storage._backend)._db, cast(Any, storage._backend)._reader)
            if db is not None
        ]
        self.n, self.mode, self.count = n, mode, 0
        self.caller: asyncio.Task[Any] | None = None

    def _counting(self, real: Callable[..., Any]) -> Callable[..., Any]:
        async def _execute(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            if self.count == self.n:
                target = self.caller if self.mode == "caller" else asyncio.current_task()
                assert target is not None
                target.cancel()
            return await real(fn, *args, **kwargs)

        return _execute

    def __enter__(self) -> CancelAt:
        for db in self.dbs:
            db._execute = self._counting(db._execute)
        return self

    def __exit__(self, *exc: object) -> None:
        for db in self.dbs:
            del db._execute  # back to the class's method


PG_AWAITS = ("execute", "executemany", "fetch", "fetchrow", "fetchval")
"""The methods of asyncpg's ``Connection`` through which every await of the storage on a
connection goes (the pool's connection proxy calls them on the class; a transaction's BEGIN,
COMMIT and ROLLBACK and the pool's reset call ``execute``)."""


class _OnAsyncpg:
    """For the length of a ``with``: every method of :data:`PG_AWAITS` on asyncpg's ``Connection``
    goes through ``self._wrapped(real)`` (the subclass's counting); ``saved`` holds the reals."""

    saved: dict[str, Any]

    def _wrapped(self, real: Callable[..., Any]) -> Callable[..., Any]:
        raise NotImplementedError

    def __enter__(self) -> Self:
        for name in PG_AWAITS:
            self.saved[name] = getattr(asyncpg.Connection, name)
            setattr(asyncpg.Connection, name, self._wrapped(self.saved[name]))
        return self

    def __exit__(self, *exc: object) -> None:
        for name, real in self.saved.items():
            setattr(asyncpg.Connection, name, real)


class PgCancelAt(_OnAsyncpg, CancelAt):
    """:class:`CancelAt` for PostgreSQL: count the awaits on every asyncpg connection of this
    process (only the storage's are in use inside the ``with``) and cancel at the ``n``-th."""

    def __init__(self, storage: Storage, n: int, mode: str) -> None:
        self.dbs = []
        self.n, self.mode, self.count = n, mode, 0
        self.caller = None
        self.saved: dict[str, Any] = {}

    def _wrapped(self, real: Callable[..., Any]) -> Callable[..., Any]:
        async def method(conn: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            if self.count == self.n:
                target = self.caller if self.mode == "caller" else asyncio.current_task()
                assert target is not None
                target.cancel()
            return await real(conn, *args, **kwargs)

        return method


def cancel_at(storage: Storage, n: int, mode: str) -> CancelAt:
    """The :class:`CancelAt` of the storage's backend."""
    return (PgCancelAt if storage.dialect == "postgres" else CancelAt)(storage, n, mode)


async def assert_no_transaction_open(storage: Storage, location: Location, where: str) -> None:
    """No connection of the storage is inside a transaction (PostgreSQL: none of the pool's, and
    no session of the database on the server is idle or active in one)."""
    backend = cast(Any, storage._backend)
    if storage.dialect == "sqlite":
        for db in (backend._db, backend._reader):
            assert db is not None and not db.in_transaction, f"a transaction was left open {where}"
        return
    for holder in backend._pool._holders:
        con = holder._con
        assert con is None or con.is_closed() or not con.is_in_transaction(), (
            f"a pool connection was left in a transaction {where}"
        )
    probe = await asyncpg.connect(str(location))
    try:
        left = await probe.fetchval(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
            "AND (state LIKE 'idle in transaction%' OR xact_start IS NOT NULL)"
        )
    finally:
        await probe.close()
    assert left == 0, f"{left} sessions of the database were left in a transaction {where}"


async def _run(location: Location, call: Call, n: int, mode: str) -> tuple[str, int, str]:
    """One call on a fresh copy of the template, cut at the ``n``-th await (0: never); returns how
    it ended (``returned`` or ``cancelled``), how many awaits it made and what was committed."""
    async with Storage(location, clock=fixed_clock, synchronous="NORMAL") as storage:
        with cancel_at(storage, n, mode) as cut:
            task = asyncio.get_running_loop().create_task(call(storage))
            cut.caller = task
            try:
                await task
                ended = "returned"
            except asyncio.CancelledError:
                ended = "cancelled"
        await assert_no_transaction_open(storage, location, f"at await {n}")
        state = await committed(location)
        # The next write works, and commits (a second connection sees it).
        await storage.remember_player(777, "next")
        assert "'next'" in await committed(location)
    return ended, cut.count, state


async def _every_await_point(template: Location, tmp_path: Path, call: Call) -> None:
    before = await committed(template)
    async with copies(template, tmp_path) as fresh:
        ended, awaits, after = await _run(await fresh(), call, 0, "caller")
        assert ended == "returned" and awaits >= 3
        for mode in ("caller", "runner"):
            for n in range(1, awaits + 1):
                ended, _, state = await _run(await fresh(), call, n, mode)
                assert ended == "cancelled", f"{mode} cancelled at await {n} of {awaits}: not passed on"
                assert state in (before, after), (
                    f"{mode} cancelled at await {n} of {awaits}: a part committed"
                )


@pytest.mark.parametrize("name", WRITES)
async def test_a_write_cancelled_at_any_await_commits_all_or_nothing(
    template: Location, tmp_path: Path, name: str
) -> None:
    await _every_await_point(template, tmp_path, WRITES[name])


@pytest.mark.parametrize("name", READS)
async def test_a_read_cancelled_at_any_await_leaves_no_transaction_open(
    template: Location, tmp_path: Path, name: str
) -> None:
    await _every_await_point(template, tmp_path, READS[name])


async def test_the_template_covers_what_the_calls_need(template: Location, tmp_path: Path) -> None:
    """Every write changes the database (so 'before or after' is a real choice) and no call fails."""
    before = await committed(template)
    async with copies(template, tmp_path) as fresh:
        for name, call in WRITES.items():
            location = await fresh()
            assert await committed(location) == before, f"the copy for {name} is not the template"
            ended, _, after = await _run(location, call, 0, "caller")
            assert ended == "returned" and after != before, name


async def test_a_cancelled_call_gives_way_to_the_next_at_once(db: Location) -> None:
    """Timed-out reads and writes among many tables: every call that returned is there, in order."""
    async with Storage(db) as storage:
        game = await storage.create_game(G, 10, [ADA, BO, "ai:easy", "ai:easy"], 1)
        acked: list[str] = []
        for i in range(60):
            action = f"E discard {i % 9 + 1}p"
            reader = asyncio.ensure_future(storage.balance(G, ADA))
            writer = asyncio.ensure_future(storage.append_action(game.game_id, 1, len(acked) + 1, action))
            buyer = asyncio.ensure_future(storage.buy_in(G, BO, 1))
            for _ in range(i % 4):
                await asyncio.sleep(0)
            for task in (reader, writer, buyer)[i % 3 :]:
                task.cancel()
            await asyncio.gather(reader, writer, buyer, return_exceptions=True)
            stored = (await storage.load_game(game.game_id)).actions
            if not writer.cancelled():
                assert writer.exception() is None
            if len(stored) > len(acked):  # committed, whether or not the caller heard of it
                acked.append(action)
            assert stored == tuple(acked)
        assert 0 < len(acked) < 60
        assert (await storage.check_ledger()).ok


class SlowAt:
    """Make the ``n``-th await on a connection slow (0: none): its statement sleeps ``seconds`` on
    the connection's thread before it runs, as a large transaction or a busy disk would; ``started``
    is set when it is handed to the thread. Counts the awaits like :class:`CancelAt`."""

    def __init__(self, storage: Storage, n: int, seconds: float = 0.0) -> None:
        self.db = cast(Any, cast(Any, storage._backend)._db)
        self.n, self.seconds, self.count = n, seconds, 0
        self.started = asyncio.Event()
        self.real = self.db._execute

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.count += 1
        if self.count != self.n:
            return await self.real(fn, *args, **kwargs)
        seconds = self.seconds

        def slow(*a: Any, **kw: Any) -> Any:
            time.sleep(seconds)
            return fn(*a, **kw)

        self.started.set()
        return await self.real(slow, *args, **kwargs)

    def __enter__(self) -> SlowAt:
        self.db._execute = self._execute
        return self

    def __exit__(self, *exc: object) -> None:
        del self.db._execute  # back to the class's method


class PgSlowAt(_OnAsyncpg, SlowAt):
    """:class:`SlowAt` for PostgreSQL: before the ``n``-th await on an asyncpg connection (counted
    like :class:`PgCancelAt`), the server runs ``pg_sleep(seconds)`` on that connection."""

    def __init__(self, storage: Storage, n: int, seconds: float = 0.0) -> None:
        self.n, self.seconds, self.count = n, seconds, 0
        self.started = asyncio.Event()
        self.saved: dict[str, Any] = {}

    def _wrapped(self, real: Callable[..., Any]) -> Callable[..., Any]:
        async def method(conn: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            if self.count == self.n:
                self.started.set()
                await self.saved["execute"](conn, "SELECT pg_sleep($1)", self.seconds)
            return await real(conn, *args, **kwargs)

        return method


def slow_at(storage: Storage, n: int, seconds: float = 0.0) -> SlowAt:
    """The :class:`SlowAt` of the storage's backend."""
    return (PgSlowAt if storage.dialect == "postgres" else SlowAt)(storage, n, seconds)


SLOW = 0.05
"""How long a slowed statement takes (seconds): far beyond DEADLINE, however busy the machine."""
DEADLINE = 0.005
"""The timeout around a slowed call: it always passes while the call is still running."""


async def test_a_timed_out_call_times_out_and_is_all_or_nothing(db: Location) -> None:
    """asyncio.timeout around a call (as a handler's deadline): TimeoutError, never a stray
    CancelledError, and the buy-in is booked whole or not at all. The call is made slow at each
    of its awaits in turn (:class:`SlowAt`), so the deadline passes inside it however fast or
    busy the machine is; without a deadline that passes, the same call returns.

    A call that times out while it waits for another's transaction (SQLite: the one writer;
    PostgreSQL: a pool of one connection) never begins."""
    async with Storage(db, synchronous="NORMAL", pool_size=1) as storage:
        await storage.buy_in(G, ADA, 7)  # the first opens the season and the accounts
        before = await storage.balance(G, ADA)
        with slow_at(storage, 0) as probe:
            async with asyncio.timeout(60):
                await storage.buy_in(G, ADA, 7)
        assert await storage.balance(G, ADA) == before + 7 and probe.count >= 3
        for n in range(1, probe.count + 1):  # every later buy-in makes the same awaits
            before = await storage.balance(G, ADA)
            with slow_at(storage, n, SLOW) as slowed, pytest.raises(TimeoutError):  # not CancelledError
                async with asyncio.timeout(DEADLINE):
                    await storage.buy_in(G, ADA, 7)
            assert slowed.started.is_set(), f"await {n} of {probe.count} was never made"
            assert await storage.balance(G, ADA) - before in (0, 7), f"timed out at await {n}: a part booked"
        # A call that times out while another's transaction holds the connection.
        before = await storage.balance(G, ADA)
        with slow_at(storage, 1, SLOW) as slow:
            other = asyncio.ensure_future(storage.buy_in(G, BO, 5))
            await slow.started.wait()
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(DEADLINE):
                    await storage.buy_in(G, ADA, 7)
            await other
        # It never began: it was still waiting for the writer (SQLite's lock, PostgreSQL's pool).
        assert await storage.balance(G, ADA) == before
        assert (await storage.check_ledger()).ok
