"""The SQLite backend: one file, one writer connection, a reader beside it, group commit.

Opening. A file that exists is first inspected on a read-only connection
(SQLite's ``mode=ro``): a database of another program, one written by a newer
bot or one whose schema records disagree is refused before anything writes to
it. Only then is the file opened for writing, switched to WAL, probed for
write access and migrated. A file or folder the bot cannot write is refused
with :class:`DatabaseAccessError` naming the file and what to do.

Transactions. aiosqlite runs each statement on the connection's own thread,
and a cancelled ``await`` does not stop a statement already handed to that
thread: a task cancelled while ``BEGIN`` runs would leave the connection inside
a transaction, and every later write would fail or, worse, never commit. So the
transaction runs in a task of its own, ``BEGIN`` ... ``COMMIT`` (or ``ROLLBACK``
on any exception) as one unit, and the caller, holding the one lock, waits for
that task to end even when it is cancelled meanwhile, then passes the
cancellation on. A cancelled caller therefore either never started its
transaction (cancelled while waiting for the lock) or finished it whole,
committed or rolled back; the connection is always outside a transaction when
the lock is released, and a call that returned normally was committed (and,
with ``synchronous=FULL``, fsynced).

Group commit (issue 30). The appends of a move (:meth:`SqliteBackend.write_grouped`) that arrive
while a transaction runs wait for the next one together: one ``BEGIN`` ... ``COMMIT`` and one
fsync for many tables, each append in a savepoint of its own, answered only once that commit
returned. Reads (:meth:`SqliteBackend.read`) run on a read-only connection of their own beside
the writer (WAL gives them a committed snapshot), so a long report never holds the writer's lock.

One process. A file is driven by one bot process (SQLite has one writer); :meth:`claim_table`
therefore always grants the claim.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

import aiosqlite

from bot.storage.backend import GroupCommit, Work, outlast_cancellation
from bot.storage.errors import DatabaseAccessError, SchemaError, StorageError
from bot.storage.migrate import inspect_snapshot, migrate
from bot.storage.sql import Db, Dialect, Row, SqliteDb

_ACCESS_CODES: Final = frozenset({sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM})

T = TypeVar("T")

WAL_SWITCH_TRIES: Final = 30
"""Tries of the WAL switch of a new file another connection is opening too (about 6 s in all)."""


class SqliteBackend:
    """One SQLite file (see the module docstring).

    :param path: the SQLite file (created with its folder if missing).
    :param synchronous: ``"FULL"`` (fsync on every commit) or ``"NORMAL"``.
    :param schema_version: migrate only up to this version; None for the newest.
    :param group_commit: commit the appends of one event-loop tick in one transaction.
    :param read_connection: run reads on a read-only connection of their own, beside the writer.
    """

    def __init__(
        self,
        path: Path,
        *,
        synchronous: Literal["FULL", "NORMAL"],
        schema_version: int | None,
        group_commit: bool,
        read_connection: bool,
    ) -> None:
        self.path = path
        self._synchronous = synchronous
        self._schema_target = schema_version
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._group_commit = group_commit
        self._group = GroupCommit(self._lock, self._run_group, self._write_error)
        self._read_connection = read_connection
        self._reader: aiosqlite.Connection | None = None
        self._read_lock = asyncio.Lock()

    @property
    def dialect(self) -> Dialect:
        return "sqlite"

    @property
    def label(self) -> str:
        return f"the database {self.path}"

    @property
    def is_open(self) -> bool:
        return self._db is not None

    async def open(self, *, now: str) -> None:
        """Check the file read-only, then open it, switch to WAL and apply pending migrations.

        :raises SchemaTooNewError: when the file was written by a newer version of the bot.
        :raises SchemaError: for a file of another program or with inconsistent schema records.
        :raises DatabaseAccessError: when the file or its folder cannot be created, read or written.
        """
        if self._db is not None:
            return
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
            mode = await self._switch_to_wal(db)
            if mode is None or str(mode[0]).lower() != "wal":
                raise StorageError(f"{self.path} cannot use WAL mode (got {mode and mode[0]!r})")
            await db.execute(f"PRAGMA synchronous = {self._synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            # A file SQLite may read but not write opens fine and fails on the first write: probe
            # now, and roll back, so that the bot does not start only to fail on the first click.
            await db.execute("BEGIN IMMEDIATE")
            try:
                version = await SqliteDb(db).fetchone("PRAGMA user_version")
                await db.execute(f"PRAGMA user_version = {int(version[0]) if version else 0}")
            finally:
                await self._rollback(db)
            await migrate(SqliteDb(db), now=now, target=self._schema_target, label=self.label)
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

    async def _switch_to_wal(self, db: aiosqlite.Connection) -> Row | None:
        """``PRAGMA journal_mode = WAL``, tried again while another connection holds the new file.

        Switching a rollback-journal file to WAL reads it and then needs it to itself; when a second
        process opening the same new file is between the two, SQLite answers "database is locked" at
        once, without waiting out the busy timeout (waiting could deadlock). The other connection
        finishes its switch or its migration within moments, so the switch is tried again, for at
        most about the busy timeout.
        """
        delay = 0.005
        for _ in range(WAL_SWITCH_TRIES - 1):
            try:
                return await SqliteDb(db).fetchone("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.25)
        return await SqliteDb(db).fetchone("PRAGMA journal_mode = WAL")

    async def _inspect_read_only(self) -> None:
        """Check the existing file without writing to it (see :func:`bot.storage.migrate.inspect`)."""
        db = await self._connect(f"{self.path.absolute().as_uri()}?mode=ro")
        try:
            await inspect_snapshot(SqliteDb(db), self._schema_target, self.label)
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

    def _file_error(self, exc: BaseException, doing: str) -> StorageError | None:
        """A clear error naming the file for an SQLite error that says the bot cannot use it
        (permissions, a read-only disk, not a database); None for any other error."""
        if not isinstance(exc, sqlite3.Error):
            return None
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code in _ACCESS_CODES:
            return DatabaseAccessError(
                f"{self.label} cannot be {doing} ({exc}): the bot's user needs to read and write the "
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

    async def write(self, work: Work[T]) -> T:
        """Run ``work`` in one write transaction: all of it commits, or none of it (any exception,
        a cancellation included, rolls back); returns what ``work`` returned, once committed."""
        return await self._run_transaction("BEGIN IMMEDIATE", work, commit=True)

    async def read(self, work: Work[T]) -> T:
        """Run ``work`` on one consistent snapshot (no other task's half-done transaction).

        On the read-only connection of its own (``read_connection``, the default): WAL lets it
        read a committed snapshot while the writer commits beside it, so a long report neither
        waits for the moves nor delays one. Every write that returned is committed, so a read
        started after it sees it."""
        if self._reader is None:
            return await self._run_transaction("BEGIN", work, commit=False)
        return await self._run_transaction("BEGIN", work, commit=False, reader=True)

    async def write_grouped(self, work: Work[T]) -> T:
        """Run ``work`` in the next group commit (:class:`bot.storage.backend.GroupCommit`): one
        transaction, one fsync, for the writes of many tables that arrived together. With
        ``group_commit=False`` this is :meth:`write`."""
        if not self._group_commit:
            return await self.write(work)
        self._conn()  # closed: say so now
        return await self._group.write(work)

    async def _run_group(self, work: Work[None]) -> None:
        await self._run(self._conn(), "BEGIN IMMEDIATE", work, True)

    def _write_error(self, exc: BaseException) -> BaseException:
        return self._file_error(exc, "written") or exc

    @property
    def group_commits(self) -> int:
        """How many group transactions have committed (tests count them)."""
        return self._group.commits

    async def _run_transaction(self, begin: str, work: Work[T], *, commit: bool, reader: bool = False) -> T:
        async with self._read_lock if reader else self._lock:
            db = self._reader_conn() if reader else self._conn()
            task = asyncio.get_running_loop().create_task(self._run(db, begin, work, commit))
            try:
                return await outlast_cancellation(task)
            except sqlite3.Error as exc:
                error = self._file_error(exc, "written" if commit else "read")
                if error is None:
                    raise
                raise error from exc

    async def _run(self, db: aiosqlite.Connection, begin: str, work: Work[T], commit: bool) -> T:
        """``begin``, the work, then COMMIT (or ROLLBACK): the whole transaction, in its own task."""
        try:
            await db.execute(begin)  # inside the try: a cancelled BEGIN still runs, so roll it back
            result = await work(SqliteDb(db))
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
                await outlast_cancellation(rollback)
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

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
        return self._db

    def _reader_conn(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
        return self._reader

    async def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` or the problems it found."""

        async def work(db: Db) -> list[Any]:
            return await db.fetchall("PRAGMA integrity_check")

        return "\n".join(str(r[0]) for r in await self.read(work))

    async def claim_table(self, channel_id: int) -> bool:
        """Always granted: one process drives a file."""
        return True

    async def release_table(self, channel_id: int) -> None:
        """Nothing to give up (see :meth:`claim_table`)."""
