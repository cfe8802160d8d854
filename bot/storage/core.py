"""The core every part of :class:`bot.storage.Storage` shares: the file, the connection, transactions.

Opening. A file that exists is first inspected on a read-only connection
(SQLite's ``mode=ro``): a database of another program, one written by a newer
bot or one whose schema records disagree is refused before anything writes to
it. Only then is the file opened for writing, switched to WAL, probed for
write access and migrated. A file or folder the bot cannot write is refused
with :class:`DatabaseAccessError` naming the file and what to do.

Transactions. Every storage operation is one call of :meth:`StorageCore._write`
or :meth:`StorageCore._read` with the work to do inside the transaction (an
``async`` function of the connection). aiosqlite runs each statement on the
connection's own thread, and a cancelled ``await`` does not stop a statement
already handed to that thread: a task cancelled while ``BEGIN`` runs would
leave the connection inside a transaction, and every later write would fail
or, worse, never commit. So the transaction runs in a task of its own,
``BEGIN`` ... ``COMMIT`` (or ``ROLLBACK`` on any exception) as one unit, and
the caller, holding the one lock, waits for that task to end even when it is
cancelled meanwhile, then passes the cancellation on. A cancelled caller
therefore either never started its transaction (cancelled while waiting for
the lock) or finished it whole, committed or rolled back; the connection is
always outside a transaction when the lock is released, and a call that
returned normally was committed (and, with ``synchronous=FULL``, fsynced).

Group commit (issue 30). The appends of a move (:meth:`StorageCore._write_grouped`) that arrive
while a transaction runs wait for the next one together: one ``BEGIN`` ... ``COMMIT`` and one
fsync for many tables, each append in a savepoint of its own, answered only once that commit
returned. Reads (:meth:`StorageCore._read`) run on a read-only connection of their own beside
the writer (WAL gives them a committed snapshot), so a long report never holds the writer's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, Self, TypeVar

import aiosqlite

from bot.storage.checks import MAX_AMOUNT, check_id, is_whole
from bot.storage.errors import DatabaseAccessError, SchemaError, StorageError, StorageInputError
from bot.storage.migrate import LATEST_VERSION, inspect, migrate

DEFAULT_DB_PATH: Final = "mahjong.sqlite3"
"""The database file when ``MAHJONG_DB`` is not set (relative to the working directory)."""

DEFAULT_STARTING_CHIPS: Final = 2000
"""Chips each player starts a season with when a club has not chosen (season 1 is opened on first use)."""

GUILD_SCOPE: Final = 0
"""``channel_id`` of server-wide settings (snowflakes are never 0)."""

_ACCESS_CODES: Final = frozenset({sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM})

T = TypeVar("T")
Work = Callable[[aiosqlite.Connection], Awaitable[T]]
"""What runs inside one transaction: an ``async`` function of the connection."""


def db_path_from_env(environ: Mapping[str, str] | None = None) -> Path:
    """The database path: ``MAHJONG_DB`` if set and not empty, else ``mahjong.sqlite3`` in the cwd."""
    env = os.environ if environ is None else environ
    return Path(env.get("MAHJONG_DB", "").strip() or DEFAULT_DB_PATH)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """A time as the storage writes it: ISO 8601 UTC text that sorts in time order (a naive
    ``datetime`` is taken as UTC).

    >>> stamp(datetime(2026, 11, 27, 4, 15, tzinfo=UTC))
    '2026-11-27T04:15:00.000000Z'
    """
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def unstamp(text: str) -> datetime:
    """A time as the storage writes it (:func:`stamp`) back as an aware UTC ``datetime``, for
    :func:`discord.utils.format_dt` (a Discord timestamp each reader sees in their own locale and
    time zone).

    >>> unstamp("2026-11-27T04:15:00.000000Z") == datetime(2026, 11, 27, 4, 15, tzinfo=UTC)
    True
    """
    return datetime.fromisoformat(text.removesuffix("Z")).replace(tzinfo=UTC)


def to_json(value: object) -> str:
    """Compact, sorted JSON (how setting values are stored)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def from_json(text: str | None) -> object:
    """A stored JSON value (None stays None)."""
    return None if text is None else json.loads(text)


async def _outlast_cancellation(task: asyncio.Future[T]) -> T:
    """The task's result, waiting for it to end even if the caller is cancelled meanwhile; a
    cancellation of the caller is raised once the task has ended (its result is then dropped)."""
    cancelled: asyncio.CancelledError | None = None
    while not task.done():
        try:
            await asyncio.wait((task,))
        except asyncio.CancelledError as exc:
            cancelled = exc
    if cancelled is not None:
        if not task.cancelled():
            task.exception()  # retrieved: the caller hears of the cancellation instead
        raise cancelled
    return task.result()


@dataclass(eq=False, slots=True)
class _Grouped:
    """One write waiting for the next group commit: its work and the future its caller awaits."""

    work: Work[Any]
    done: asyncio.Future[Any]


class StorageCore:
    """The file, the one connection, the lock and the transactions; see the module docstring.

    :param path: the SQLite file (created with its folder if missing).
    :param clock: returns the current time (aware or UTC); tests pass a fixed clock.
    :param default_starting_chips: chips per player in season 1, opened on a club's first ledger use.
    :param synchronous: ``"FULL"`` (default: fsync on every commit) or ``"NORMAL"`` (survives a
        process crash, not a power loss).
    :param schema_version: migrate only up to this version (tests of upgrades); default the newest.
    :param group_commit: commit the appends of one event-loop tick in one transaction (default;
        see :meth:`_write_grouped`); False commits each on its own, as before issue 30.
    :param read_connection: run reads on a read-only connection of their own, beside the writer
        (default; WAL lets them), so that no report waits for a move or delays one; False reads
        on the writer's connection under its lock, as before issue 30.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        clock: Callable[[], datetime] = _utc_now,
        default_starting_chips: int = DEFAULT_STARTING_CHIPS,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
        schema_version: int | None = None,
        group_commit: bool = True,
        read_connection: bool = True,
    ) -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise StorageInputError("synchronous takes FULL or NORMAL")
        if not is_whole(default_starting_chips) or not 0 <= default_starting_chips <= MAX_AMOUNT:
            raise StorageInputError(f"default_starting_chips must be a whole number from 0 to {MAX_AMOUNT}")
        self.path = Path(path)
        self._clock = clock
        self._default_starting_chips = default_starting_chips
        self._synchronous = synchronous
        self._schema_target = schema_version
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._group_commit = group_commit
        self._pending: list[_Grouped] = []
        self._flusher: asyncio.Task[None] | None = None
        self.group_commits = 0
        """How many group transactions have committed (tests count them)."""
        self._read_connection = read_connection
        self._reader: aiosqlite.Connection | None = None
        self._read_lock = asyncio.Lock()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Self:
        """A storage on the file named by ``MAHJONG_DB`` (default ``mahjong.sqlite3``)."""
        return cls(db_path_from_env(environ), **kwargs)

    # ----------------------------------------------------------------- lifecycle

    async def open(self) -> Self:
        """Check the file read-only, then open it, switch to WAL and apply pending migrations.

        Returns ``self``.

        :raises SchemaTooNewError: when the file was written by a newer version of the bot.
        :raises SchemaError: for a file of another program or with inconsistent schema records.
        :raises DatabaseAccessError: when the file or its folder cannot be created, read or written.
        """
        if self._db is not None:
            return self
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseAccessError(
                f"cannot create the folder {self.path.parent} for the database {self.path} "
                f"({exc.strerror}); create it with write permission for the bot's user, or set "
                "MAHJONG_DB to a file in a writable folder"
            ) from exc
        try:
            size = self.path.stat().st_size
        except OSError:
            size = 0  # missing (created below), or not reachable: connecting says why
        if size > 0:
            await self._inspect_read_only()
        db = await self._connect(self.path)
        try:
            await db.execute("PRAGMA busy_timeout = 5000")
            mode = await self._one(db, "PRAGMA journal_mode = WAL")
            if mode is None or str(mode[0]).lower() != "wal":
                raise StorageError(f"{self.path} cannot use WAL mode (got {mode and mode[0]!r})")
            await db.execute(f"PRAGMA synchronous = {self._synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            # A file SQLite may read but not write opens fine and fails on the first write: probe
            # now, and roll back, so that the bot does not start only to fail on the first click.
            await db.execute("BEGIN IMMEDIATE")
            try:
                version = await self._one(db, "PRAGMA user_version")
                await db.execute(f"PRAGMA user_version = {int(version[0]) if version else 0}")
            finally:
                await self._rollback(db)
            await migrate(db, now=self._now(), target=self._schema_target, label=self._label)
        except BaseException as exc:
            await db.close()
            error = self._file_error(exc, "written")
            if error is None:
                raise
            raise error from exc
        if self._read_connection:
            try:
                reader = await self._connect(f"{self.path.absolute().as_uri()}?mode=ro")
                await reader.execute("PRAGMA busy_timeout = 5000")
            except BaseException:
                await db.close()
                raise
            self._reader = reader
        self._db = db
        return self

    async def _inspect_read_only(self) -> None:
        """Check the existing file without writing to it (see :func:`bot.storage.migrate.inspect`)."""
        db = await self._connect(f"{self.path.absolute().as_uri()}?mode=ro")
        try:
            await inspect(db, target=self._schema_target, label=self._label)
        except sqlite3.Error as exc:
            error = self._file_error(exc, "read")
            if error is None:
                raise
            raise error from exc
        finally:
            await db.close()

    async def _connect(self, where: str | Path) -> aiosqlite.Connection:
        connection = aiosqlite.connect(where, isolation_level=None, uri=isinstance(where, str))
        try:
            db = await connection
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread after a failed connect without waiting for it; let
            # it finish while this loop runs, or it reports to a closed loop ("Event loop is closed").
            worker = getattr(connection, "_thread", None)
            if worker is not None:
                await asyncio.to_thread(worker.join, 5.0)
            error = self._file_error(exc, "opened")
            if error is None:
                raise
            raise error from exc
        db.row_factory = sqlite3.Row
        return db

    @property
    def _label(self) -> str:
        return f"the database {self.path}"

    def _file_error(self, exc: BaseException, doing: str) -> StorageError | None:
        """A clear error naming the file for an SQLite error that says the bot cannot use it
        (permissions, a read-only disk, not a database); None for any other error."""
        if not isinstance(exc, sqlite3.Error):
            return None
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code in _ACCESS_CODES:
            return DatabaseAccessError(
                f"{self._label} cannot be {doing} ({exc}): the bot's user needs to read and write the "
                f"file and to create files next to it ({self.path.name}-wal, {self.path.name}-shm). "
                "Give it write permission on the file and its folder (and check that the disk is not "
                "mounted read-only), or set MAHJONG_DB to a file in a writable folder."
            )
        if code == sqlite3.SQLITE_NOTADB:
            return SchemaError(
                f"{self.path} is not an SQLite database ({exc}); it was left unchanged. Set "
                "MAHJONG_DB to the bot's own database or to a new file."
            )
        return None

    async def close(self) -> None:
        """Wait for the transaction in progress, then close the file (a no-op when closed)."""
        if self._db is None:
            return
        async with self._lock:
            db, self._db = self._db, None
            if db is not None:
                await db.close()
        async with self._read_lock:
            reader, self._reader = self._reader, None
            if reader is not None:
                await reader.close()

    async def __aenter__(self) -> Self:
        return await self.open()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The schema version of the open database (``PRAGMA user_version``)."""

        async def work(db: aiosqlite.Connection) -> int:
            row = await self._one(db, "PRAGMA user_version")
            return int(row[0]) if row else 0

        return await self._read(work)

    async def applied_migrations(self) -> list[tuple[int, str, str]]:
        """The migrations recorded in the database: (version, name, applied_at), oldest first."""

        async def work(db: aiosqlite.Connection) -> list[sqlite3.Row]:
            return await self._all(
                db, "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
            )

        return [(r[0], r[1], r[2]) for r in await self._read(work)]

    @staticmethod
    def latest_schema_version() -> int:
        """The newest schema version this code knows."""
        return LATEST_VERSION

    async def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` or the problems it found."""

        async def work(db: aiosqlite.Connection) -> list[sqlite3.Row]:
            return await self._all(db, "PRAGMA integrity_check")

        return "\n".join(str(r[0]) for r in await self._read(work))

    # ----------------------------------------------------------------- transactions

    async def _write(self, work: Work[T]) -> T:
        """Run ``work`` in one write transaction: all of it commits, or none of it (any exception,
        a cancellation included, rolls back); returns what ``work`` returned, once committed."""
        return await self._run_transaction("BEGIN IMMEDIATE", work, commit=True)

    async def _read(self, work: Work[T]) -> T:
        """Run ``work`` on one consistent snapshot (no other task's half-done transaction).

        On the read-only connection of its own (``read_connection``, the default): WAL lets it
        read a committed snapshot while the writer commits beside it, so a long report neither
        waits for the moves nor delays one. Every write that returned is committed, so a read
        started after it sees it."""
        if self._reader is None:
            return await self._run_transaction("BEGIN", work, commit=False)
        return await self._run_transaction("BEGIN", work, commit=False, reader=True)

    async def _write_grouped(self, work: Work[T]) -> T:
        """Run ``work`` in the next group commit: one transaction for every grouped write that
        arrived while the previous one committed (at least those of one event-loop tick), so one
        fsync serves many tables. The promises of :meth:`_write` hold for each call on its own:

        * it returns once the transaction that holds its work has committed (durable);
        * its work runs in a savepoint: an exception in it (a refused append) rolls back that
          work only and is raised to that caller only, the others commit;
        * a caller cancelled before its batch began is left out (nothing written); one cancelled
          while its batch runs waits for the batch to end (committed or not, whole) and then
          raises the cancellation.

        With ``group_commit=False`` this is :meth:`_write`."""
        if not self._group_commit:
            return await self._write(work)
        self._conn()  # closed: say so now
        loop = asyncio.get_running_loop()
        item = _Grouped(work, loop.create_future())
        self._pending.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        cancelled: asyncio.CancelledError | None = None
        while not item.done.done():
            try:
                await asyncio.wait((item.done,))
            except asyncio.CancelledError as exc:
                if item in self._pending:  # its batch has not begun: leave it out
                    self._pending.remove(item)
                    raise
                cancelled = exc
        if cancelled is not None:
            if not item.done.cancelled():
                item.done.exception()  # retrieved: the caller hears of the cancellation instead
            raise cancelled
        result: T = item.done.result()
        return result

    async def _flush(self) -> None:
        """Take the grouped writes waiting now (under the lock) and commit them as one transaction;
        start the next flush for those that arrived meanwhile (behind other writers in the lock)."""
        batch: list[_Grouped] = []
        try:
            async with self._lock:
                batch, self._pending = self._pending, []
                if batch:
                    await self._commit_group(batch)
        except asyncio.CancelledError:
            for item in [*batch, *self._pending]:  # the loop is shutting down: nothing more runs
                if not item.done.done():
                    item.done.cancel()
            self._pending = []
            raise
        if self._pending:
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _commit_group(self, batch: list[_Grouped]) -> None:
        """One transaction for ``batch`` (the caller holds the lock), each work in a savepoint;
        every item's future gets its own result or error, or the transaction's error."""
        outcomes: list[tuple[bool, Any]] = []

        async def work(db: aiosqlite.Connection) -> None:
            if len(batch) == 1:  # alone: its error rolls back the transaction, as in _write
                outcomes.append((True, await batch[0].work(db)))
                return
            for item in batch:
                await db.execute("SAVEPOINT grouped")
                try:
                    outcome = (True, await item.work(db))
                except Exception as exc:  # this work only: the others go on
                    await db.execute("ROLLBACK TO grouped")
                    outcome = (False, exc)
                await db.execute("RELEASE grouped")
                outcomes.append(outcome)

        try:
            db = self._conn()
            task = asyncio.get_running_loop().create_task(self._run(db, "BEGIN IMMEDIATE", work, True))
            await _outlast_cancellation(task)
        except Exception as exc:  # the whole transaction rolled back: every item hears why
            error: BaseException = self._file_error(exc, "written") or exc
            for item in batch:
                item.done.set_exception(error)
            return
        self.group_commits += 1
        for item, (ok, value) in zip(batch, outcomes, strict=True):
            if ok:
                item.done.set_result(value)
            else:
                item.done.set_exception(self._file_error(value, "written") or value)

    async def _run_transaction(self, begin: str, work: Work[T], *, commit: bool, reader: bool = False) -> T:
        async with self._read_lock if reader else self._lock:
            db = self._reader_conn() if reader else self._conn()
            task = asyncio.get_running_loop().create_task(self._run(db, begin, work, commit))
            try:
                return await _outlast_cancellation(task)
            except sqlite3.Error as exc:
                error = self._file_error(exc, "written" if commit else "read")
                if error is None:
                    raise
                raise error from exc

    async def _run(self, db: aiosqlite.Connection, begin: str, work: Work[T], commit: bool) -> T:
        """``begin``, the work, then COMMIT (or ROLLBACK): the whole transaction, in its own task."""
        try:
            await db.execute(begin)  # inside the try: a cancelled BEGIN still runs, so roll it back
            result = await work(db)
            if commit:
                await db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(asyncio.CancelledError):  # the error in hand says more
                await self._settle_rollback(db)
            raise
        if not commit:
            await self._settle_rollback(db)
        return result

    async def _settle_rollback(self, db: aiosqlite.Connection) -> None:
        """Roll back, to the end, even if this task is cancelled meanwhile (then raise that).

        The ROLLBACK runs in a task of its own; if that task is cancelled while its statement is
        queued, another ROLLBACK is queued behind it and awaited: statements run in order, so
        once one has been awaited to its end the connection is outside any transaction."""
        cancelled: asyncio.CancelledError | None = None
        while True:
            rollback = asyncio.get_running_loop().create_task(self._rollback(db))
            try:
                await _outlast_cancellation(rollback)
                break
            except asyncio.CancelledError as exc:
                cancelled = exc
                if not rollback.cancelled():
                    break  # it ran to its end; only this task was cancelled meanwhile
        if cancelled is not None:
            raise cancelled

    @staticmethod
    async def _rollback(db: aiosqlite.Connection) -> None:
        # No transaction open means BEGIN failed, or COMMIT went through before the failure.
        with contextlib.suppress(sqlite3.OperationalError):
            await db.execute("ROLLBACK")

    # ----------------------------------------------------------------- helpers

    def _now(self) -> str:
        return stamp(self._clock())

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
        return self._db

    def _reader_conn(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
        return self._reader

    @staticmethod
    async def _all(db: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        async with db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
        async with db.execute(sql, params) as cur:
            return await cur.fetchone()

    @staticmethod
    async def _insert(db: aiosqlite.Connection, sql: str, params: Sequence[object]) -> int:
        async with db.execute(sql, params) as cur:
            if cur.lastrowid is None:
                raise StorageError("insert returned no row id")
            return cur.lastrowid

    async def _ensure_guild(self, db: aiosqlite.Connection, guild_id: int) -> None:
        check_id(guild_id, "guild id")
        await db.execute(
            "INSERT INTO guilds (guild_id, created_at) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING",
            (guild_id, self._now()),
        )

    async def _log_change(
        self,
        db: aiosqlite.Connection,
        guild_id: int,
        channel: int,
        kind: str,
        name: str,
        old: str | None,
        new: str | None,
        actor_id: int | None,
    ) -> None:
        """One entry of the settings history (a ruleset, house rule or club option changed)."""
        await db.execute(
            "INSERT INTO settings_log (guild_id, channel_id, kind, name, old_value, new_value, changed_by, "
            "changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel, kind, name, old, new, actor_id, self._now()),
        )
