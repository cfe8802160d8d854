"""The PostgreSQL backend: a pool of connections, serializable transactions, a claim per table.

Chosen by a ``postgresql://`` URL (``MAHJONG_DATABASE_URL``); many bot processes (shards, a
rolling restart) share one database. asyncpg is imported only here, so the SQLite default does
not need it (``pip install 'mahjong-table[postgres]'``).

Transactions. Each storage call takes a connection from the pool and runs its work in one
``SERIALIZABLE`` transaction: PostgreSQL then guarantees the outcome of running the calls one
after the other, as SQLite's single writer does, without a lock in this process. A transaction
that lost a race with another (a serialization failure or a deadlock) is rolled back by the
server and run again, whole, up to :data:`RETRIES` times. A commit returns once it is durable
(``synchronous_commit`` is on by default). Reads run in ``REPEATABLE READ READ ONLY``
transactions: one snapshot, and they never wait for a writer. As with SQLite, the transaction
runs in a task of its own, which a cancelled caller waits for: it did all of its work or none.

The SQL. The storage writes ``?`` placeholders (SQLite's style, numbered ``?1`` too);
:func:`numbered` turns them into asyncpg's ``$1``, once per statement text. Sums of integers are
``numeric`` in PostgreSQL: they are read back as ``int`` (and averages as ``float``), as SQLite
gives them.

One table, one process. :meth:`PostgresBackend.claim_table` takes a session-level advisory lock
keyed by the channel's id on a connection of its own; PostgreSQL holds it until it is released or
that connection ends, which a killed process's does at once. So two processes never drive one
table, during a rolling restart or a change of shard count alike. Migrations take an advisory
lock too, so two processes starting together apply them once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, TypeVar

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.backend import GroupCommit, Work, outlast_cancellation
from bot.storage.errors import ConstraintError, DatabaseAccessError, SchemaError, StorageError
from bot.storage.locations import describe_url
from bot.storage.migrate import load_migrations, migrate
from bot.storage.sql import Dialect, Row

T = TypeVar("T")

RETRIES: Final = 30
"""How many times a transaction that lost a race with another is run again before giving up."""

MIGRATION_LOCK: Final = 0x4D4A_4D49_4752_4154
"""The advisory lock key held while migrations run (``MJMIGRAT``)."""

_IDENTIFIER: Final = re.compile(r"^[a-z_][a-z0-9_]*$")

_RETRIED: Final = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)

_UNREACHABLE: Final = (
    ConnectionError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.TooManyConnectionsError,
    asyncpg.AdminShutdownError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.InvalidAuthorizationSpecificationError,
    asyncpg.InvalidPasswordError,
    asyncpg.InvalidCatalogNameError,
)
"""The errors that say the database cannot be reached or used for now, not that a statement is wrong."""

_CONNECTING: Final = (OSError, *_UNREACHABLE)
"""The same while a connection is being made, where any ``OSError`` is the server's (no socket, a
name that does not resolve); an ``OSError`` of a transaction's own work is not."""


_PASSING_STATES: Final = ("08", "53", "57P", "58")
"""SQLSTATE classes of a server that cannot serve for now: connection exceptions, insufficient
resources (a full disk, out of memory, too many connections), an operator's shutdown, a system
error (an I/O error)."""


def unavailable(exc: BaseException, *, connecting: bool = False) -> bool:
    """Whether an error says the database cannot be used for now (the bot keeps the table's state
    and tries again), not that a statement is wrong.

    >>> unavailable(ConnectionRefusedError()), unavailable(asyncpg.DiskFullError("no space"))
    (True, True)
    >>> unavailable(asyncpg.UniqueViolationError("duplicate key"))
    False
    """
    if isinstance(exc, _CONNECTING if connecting else _UNREACHABLE):
        return True
    if isinstance(exc, asyncpg.InterfaceError) and (
        "closed" in str(exc)
        or "released back to the pool" in str(exc)  # the pool let go of a connection that died
        or (exc.__context__ is not None and unavailable(exc.__context__))
    ):
        return True  # the connection died under a transaction: its end cannot be sent
    state = getattr(exc, "sqlstate", None)
    return (
        isinstance(exc, asyncpg.PostgresError)
        and isinstance(state, str)
        and state.startswith(_PASSING_STATES)
    )


@functools.lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """The statement with asyncpg's placeholders: each ``?`` numbered in order, ``?N`` as ``$N``;
    question marks inside quotes and comments are left alone.

    >>> numbered("SELECT a FROM t WHERE b = ? AND c = '?' AND d = ?")
    "SELECT a FROM t WHERE b = $1 AND c = '?' AND d = $2"
    >>> numbered("INSERT INTO t SELECT ?1, ?2 WHERE ?1 > 0 -- why?")
    'INSERT INTO t SELECT $1, $2 WHERE $1 > 0 -- why?'
    """
    out: list[str] = []
    count = 0
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c in "'\"":  # a string or quoted name, with doubled quotes inside
            j = i + 1
            while j < n:
                if sql[j] == c:
                    if j + 1 < n and sql[j + 1] == c:
                        j += 2
                        continue
                    break
                j += 1
            out.append(sql[i : j + 1])
            i = j + 1
        elif sql.startswith("--", i):
            j = sql.find("\n", i)
            j = n if j < 0 else j
            out.append(sql[i:j])
            i = j
        elif c == "?":
            j = i + 1
            while j < n and sql[j].isdigit():
                j += 1
            if j > i + 1:
                out.append("$" + sql[i + 1 : j])
            else:
                count += 1
                out.append(f"${count}")
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _numeric(text: str) -> int | float:
    """A ``numeric`` value as SQLite would give it: a whole sum as ``int``, an average as ``float``."""
    return (
        float(text)
        if "." in text or "e" in text.lower() or text in ("NaN", "Infinity", "-Infinity")
        else int(text)
    )


async def _prepare(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_numeric, schema="pg_catalog", format="text")


class PostgresDb:
    """:class:`bot.storage.sql.Db` over one asyncpg connection (integrity violations raised as
    :class:`~bot.storage.errors.ConstraintError`)."""

    __slots__ = ("raw",)

    def __init__(self, raw: asyncpg.Connection | PoolConnectionProxy) -> None:
        self.raw = raw

    @property
    def dialect(self) -> Dialect:
        return "postgres"

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        with _explained(sql):
            status = await self.raw.execute(numbered(sql), *params) if params else await self.raw.execute(sql)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        batch = [tuple(r) for r in rows]
        if batch:
            with _explained(sql):
                await self.raw.executemany(numbered(sql), batch)

    async def executescript(self, script: str) -> None:
        with _explained(script):
            await self.raw.execute(script)

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        with _explained(sql):
            return list(await self.raw.fetch(numbered(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        with _explained(sql):
            row: Row | None = await self.raw.fetchrow(numbered(sql), *params)
        return row

    async def insert(self, sql: str, params: Sequence[object], *, key: str) -> int:
        if not _IDENTIFIER.match(key):
            raise StorageError(f"bad key column {key!r}")
        with _explained(sql):
            value = await self.raw.fetchval(f"{numbered(sql)} RETURNING {key}", *params)
        if not isinstance(value, int):
            raise StorageError("insert returned no row id")
        return value


@contextlib.contextmanager
def _explained(sql: str) -> Iterator[None]:
    """Integrity violations raised as :class:`ConstraintError`; any other error of the statement
    carries its SQL text as a note for the log (the SQL, never the values: they may be a hand)."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise ConstraintError(str(exc)) from exc
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        exc.add_note(f"in the statement: {' '.join(sql.split())[:600]}")
        raise


class PostgresBackend:
    """One PostgreSQL database (see the module docstring).

    :param url: a ``postgresql://`` URL, as asyncpg takes it (``?host=/run/postgresql`` for a socket).
    :param schema_version: migrate only up to this version; None for the newest.
    :param pool_size: the most connections this process opens for its transactions (one more
        holds the table claims).
    """

    def __init__(self, url: str, *, schema_version: int | None, pool_size: int) -> None:
        self._url = url
        self._schema_target = schema_version
        self._pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._claims: asyncpg.Connection | None = None
        self._claimed: set[int] = set()
        self._claims_lock = asyncio.Lock()
        self._group = GroupCommit(asyncio.Lock(), self._run_group, lambda exc: exc)
        self.retries = 0
        """How many transactions were run again after losing a race (tests and the bench read it)."""

    @property
    def dialect(self) -> Dialect:
        return "postgres"

    @property
    def label(self) -> str:
        return describe_url(self._url)

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    def _unreachable(self, exc: BaseException, doing: str) -> DatabaseAccessError:
        return DatabaseAccessError(
            f"{self.label} cannot be {doing} ({type(exc).__name__}: {exc}). Check MAHJONG_DATABASE_URL, "
            "that the server runs and accepts connections, and that the database exists and its user "
            "may create tables in it."
        )

    async def open(self, *, now: str) -> None:
        """Connect the pool, then apply pending migrations under an advisory lock.

        :raises DatabaseAccessError: when the server cannot be reached or refuses the user.
        :raises SchemaTooNewError: when the database was written by a newer version of the bot.
        :raises SchemaError: for a database of another program or with inconsistent schema records.
        """
        if self._pool is not None:
            return
        load_migrations(self.dialect)  # a missing or broken file says so before anything connects
        try:
            pool = await asyncpg.create_pool(
                self._url, min_size=1, max_size=self._pool_size, init=_prepare, command_timeout=None
            )
        except _CONNECTING as exc:
            raise self._unreachable(exc, "reached") from exc
        except (ValueError, asyncpg.ClientConfigurationError) as exc:
            raise DatabaseAccessError(
                f"MAHJONG_DATABASE_URL is not a PostgreSQL URL asyncpg accepts ({exc}); write it as "
                "postgresql://user:password@host:5432/database"
            ) from exc
        try:
            async with pool.acquire() as conn:
                await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
                try:
                    await migrate(PostgresDb(conn), now=now, target=self._schema_target, label=self.label)
                finally:
                    await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, _UNREACHABLE):
                raise self._unreachable(exc, "reached") from exc
            if isinstance(exc, asyncpg.InsufficientPrivilegeError):
                raise self._unreachable(exc, "written") from exc
            if isinstance(exc, asyncpg.PostgresError) and not isinstance(exc, SchemaError):
                raise SchemaError(f"{self.label} could not be migrated: {exc}") from exc
            raise
        self._pool = pool

    async def close(self) -> None:
        """Wait for the transactions in progress, give up every table claim, close the pool."""
        pool, self._pool = self._pool, None
        async with self._claims_lock:
            claims, self._claims = self._claims, None
            self._claimed.clear()
            if claims is not None and not claims.is_closed():
                await claims.close()
        if pool is not None:
            await pool.close()

    def _opened(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
        return self._pool

    async def write(self, work: Work[T]) -> T:
        conn = await self._acquire(write=True)  # a caller cancelled while it waits never began
        task = asyncio.get_running_loop().create_task(self._transaction(conn, work, write=True))
        return await outlast_cancellation(task)

    async def _acquire(self, *, write: bool) -> PoolConnectionProxy:
        """A connection of the pool, waited for in the caller's task: cancelling the caller while
        every connection is busy leaves the call out, as SQLite's lock does."""
        pool = self._opened()
        try:
            return await pool.acquire()
        except Exception as exc:
            if unavailable(exc, connecting=True):
                raise self._unreachable(exc, "written" if write else "read") from exc
            raise

    async def write_grouped(self, work: Work[T]) -> T:
        """A move's appends, in the next group transaction (:class:`~bot.storage.backend.GroupCommit`:
        one commit for the appends of many tables that arrived together, each in a savepoint), at
        ``READ COMMITTED``. Each append is one ``INSERT ... SELECT`` whose statement checks
        everything itself (the hand live and current, its number the next) and the key (game,
        hand, number) makes a second copy impossible; a table's appends come from the one process
        that holds its claim, one at a time under the table's lock. Serializable isolation would
        add nothing here but retries: its predicate locks on the actions' index make appends of
        different tables conflict (measured: 691 retries in 4,000 appends of 100 tables)."""
        self._opened()  # closed: say so now
        return await self._group.write(work)

    async def _run_group(self, work: Work[None]) -> None:
        await self._transaction(await self._acquire(write=True), work, write=True, strict=False)

    @property
    def group_commits(self) -> int:
        """How many group transactions have committed."""
        return self._group.commits

    async def read(self, work: Work[T]) -> T:
        conn = await self._acquire(write=False)
        task = asyncio.get_running_loop().create_task(self._transaction(conn, work, write=False))
        return await outlast_cancellation(task)

    async def _transaction(
        self, conn: PoolConnectionProxy, work: Work[T], *, write: bool, strict: bool = True
    ) -> T:
        """The whole transaction on ``conn``, run again after a lost race, then the connection
        back to the pool; in a task of its own."""
        try:
            for attempt in range(RETRIES + 1):
                try:
                    if write:
                        async with conn.transaction(isolation="serializable" if strict else "read_committed"):
                            return await work(PostgresDb(conn))
                    async with conn.transaction(isolation="repeatable_read", readonly=True):
                        return await work(PostgresDb(conn))
                except _RETRIED:
                    if attempt == RETRIES:
                        raise
                    self.retries += 1
                    # Let the transaction that won go first; the wait grows and is spread at random
                    # so that the losers do not meet again.
                    await asyncio.sleep(random.uniform(0, min(0.002 * 2**attempt, 0.2)))
                except Exception as exc:
                    if unavailable(exc):
                        raise self._unreachable(exc, "written" if write else "read") from exc
                    raise
            raise AssertionError("unreachable")  # pragma: no cover
        finally:
            pool = self._pool
            if pool is not None:
                with contextlib.suppress(Exception):  # a broken connection is dropped by the pool
                    await pool.release(conn)

    async def integrity_check(self) -> str:
        """``"ok"`` once the server answers a query: PostgreSQL checks its pages itself (and
        refuses to read a damaged one), so there is no file-level check to run as in SQLite."""

        async def work(db: Any) -> int:
            row = await db.fetchone("SELECT COUNT(*) FROM schema_migrations")
            return int(row[0]) if row else 0

        await self.read(work)
        return "ok"

    async def _claims_connection(self) -> asyncpg.Connection:
        """The connection that holds this process's table claims; made anew (taking every claim
        again) if the old one was lost."""
        if self._claims is not None and not self._claims.is_closed():
            return self._claims
        try:
            conn = await asyncpg.connect(self._url)
        except _CONNECTING as exc:
            raise self._unreachable(exc, "reached") from exc
        lost = set(self._claimed)
        self._claimed.clear()
        for channel_id in lost:  # a lost connection lost its locks: take them again where free
            if await conn.fetchval("SELECT pg_try_advisory_lock($1)", channel_id):
                self._claimed.add(channel_id)
        self._claims = conn
        return conn

    async def claim_table(self, channel_id: int) -> bool:
        async with self._claims_lock:
            if self._pool is None:
                raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
            conn = await self._claims_connection()
            if channel_id in self._claimed:
                return True
            try:
                got = bool(await conn.fetchval("SELECT pg_try_advisory_lock($1)", channel_id))
            except _UNREACHABLE as exc:
                raise self._unreachable(exc, "reached") from exc
            if got:
                self._claimed.add(channel_id)
            return got

    async def release_table(self, channel_id: int) -> None:
        async with self._claims_lock:
            if channel_id not in self._claimed or self._claims is None or self._claims.is_closed():
                self._claimed.discard(channel_id)
                return
            self._claimed.discard(channel_id)
            with contextlib.suppress(*_UNREACHABLE):  # a lost connection lost its locks with it
                await self._claims.execute("SELECT pg_advisory_unlock($1)", channel_id)
