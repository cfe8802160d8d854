"""The connection every storage module writes its SQL through, for SQLite and for PostgreSQL.

The storage's SQL is written once, in the subset both databases understand, with ``?``
placeholders; :class:`Db` is what a transaction's work receives. :class:`SqliteDb` passes the SQL
to aiosqlite as it is; :class:`bot.storage.postgres.PostgresDb` numbers the placeholders
(``$1``, ``$2`` ...) for asyncpg. Where the dialects differ (a JSON aggregate, the catalogue),
the code asks :attr:`Db.dialect`.

A row (:class:`Row`) is read by position or by column name, as both drivers' rows are.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, Protocol

import aiosqlite

from bot.storage.errors import ConstraintError, StorageError

Dialect = Literal["sqlite", "postgres"]
"""The SQL dialects the storage speaks (and the folders of ``migrations/``)."""


class Row(Protocol):
    """One result row: ``row[0]`` or ``row["column"]`` (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...

    def keys(self) -> Any: ...


class Db(Protocol):
    """One connection inside one transaction (the transaction itself is the storage core's)."""

    @property
    def dialect(self) -> Dialect:
        """Which SQL this connection speaks."""
        ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement; returns how many rows it inserted, changed or deleted."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        ...

    async def executescript(self, script: str) -> None:
        """Run several statements without parameters (a migration file)."""
        ...

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of a query."""
        ...

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        """The first row of a query, or None."""
        ...

    async def insert(self, sql: str, params: Sequence[object], *, key: str) -> int:
        """Run one ``INSERT`` of one row; returns the generated value of its ``key`` column."""
        ...


class SqliteDb:
    """:class:`Db` over one aiosqlite connection (SQLite's ``IntegrityError`` raised as
    :class:`~bot.storage.errors.ConstraintError`)."""

    __slots__ = ("raw",)

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    @property
    def dialect(self) -> Dialect:
        return "sqlite"

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        try:
            cursor = await self.raw.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise ConstraintError(str(exc)) from exc
        return max(cursor.rowcount, 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        try:
            await self.raw.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise ConstraintError(str(exc)) from exc

    async def executescript(self, script: str) -> None:
        await self.raw.executescript(script)

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self.raw.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        async with self.raw.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def insert(self, sql: str, params: Sequence[object], *, key: str) -> int:
        try:
            async with self.raw.execute(sql, params) as cursor:
                if cursor.lastrowid is None:
                    raise StorageError("insert returned no row id")
                return cursor.lastrowid
        except sqlite3.IntegrityError as exc:
            raise ConstraintError(str(exc)) from exc
