"""The core every part of :class:`bot.storage.Storage` shares: the backend, transactions, helpers.

The storage runs on one of two backends behind the same API (issue 30): an SQLite file
(:mod:`bot.storage.sqlite`, the default: one club, one process) or a PostgreSQL server
(:mod:`bot.storage.postgres`: many bot processes, shards, over one database), chosen by the
location given: a ``postgresql://`` URL or a file path (:func:`database_from_env` reads
``MAHJONG_DATABASE_URL``, then ``MAHJONG_DB``).

Transactions. Every storage operation is one call of :meth:`StorageCore._write`,
:meth:`StorageCore._write_grouped` (the appends of a move) or :meth:`StorageCore._read`, with the
work to do inside the transaction (an ``async`` function of a :class:`bot.storage.sql.Db`).
Both backends keep the same promises (:mod:`bot.storage.backend`): a call that returned was
committed durably; a cancelled call did nothing or all of its work, never part of it; a read sees
one committed snapshot. The SQL is written once, with ``?`` placeholders, in what both dialects
understand (:mod:`bot.storage.sql`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, Self, TypeVar

from bot.storage.backend import Backend, Work
from bot.storage.checks import MAX_AMOUNT, check_id, is_whole
from bot.storage.errors import StorageInputError
from bot.storage.locations import is_postgres_url
from bot.storage.migrate import LATEST_VERSION
from bot.storage.sql import Db, Dialect
from bot.storage.sqlite import SqliteBackend

DEFAULT_DB_PATH: Final = "mahjong.sqlite3"
"""The database file when neither ``MAHJONG_DATABASE_URL`` nor ``MAHJONG_DB`` is set (relative to
the working directory)."""

DEFAULT_STARTING_CHIPS: Final = 2000
"""Chips each player starts a season with when a club has not chosen (season 1 is opened on first use)."""

GUILD_SCOPE: Final = 0
"""``channel_id`` of server-wide settings (snowflakes are never 0)."""


T = TypeVar("T")


def database_from_env(environ: Mapping[str, str] | None = None) -> str | Path:
    """Where the storage lives: ``MAHJONG_DATABASE_URL`` if set (a ``postgresql://`` URL, or a file
    path), else ``MAHJONG_DB``, else ``mahjong.sqlite3`` in the working directory.

    >>> database_from_env({"MAHJONG_DATABASE_URL": "postgresql://bot@/mahjong?host=/run/pg"})
    'postgresql://bot@/mahjong?host=/run/pg'
    >>> database_from_env({"MAHJONG_DB": "club.sqlite3"})
    PosixPath('club.sqlite3')
    """
    env = os.environ if environ is None else environ
    url = env.get("MAHJONG_DATABASE_URL", "").strip()
    if url:
        return url if is_postgres_url(url) else Path(url)
    return db_path_from_env(env)


def db_path_from_env(environ: Mapping[str, str] | None = None) -> Path:
    """The SQLite file: ``MAHJONG_DB`` if set and not empty, else ``mahjong.sqlite3`` in the cwd."""
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


class StorageCore:
    """The backend, the transactions and what every part shares; see the module docstring.

    :param location: an SQLite file (created with its folder if missing), or a ``postgresql://``
        URL of a database on a PostgreSQL server (created empty by its administrator).
    :param clock: returns the current time (aware or UTC); tests pass a fixed clock.
    :param default_starting_chips: chips per player in season 1, opened on a club's first ledger use.
    :param synchronous: SQLite: ``"FULL"`` (default: fsync on every commit) or ``"NORMAL"``
        (survives a process crash, not a power loss). PostgreSQL commits durably either way.
    :param schema_version: migrate only up to this version (tests of upgrades); default the newest.
    :param group_commit: SQLite: commit the appends of one event-loop tick in one transaction
        (default; see :meth:`_write_grouped`); False commits each on its own, as before issue 30.
    :param read_connection: SQLite: run reads on a read-only connection of their own, beside the
        writer (default; WAL lets them), so that no report waits for a move or delays one; False
        reads on the writer's connection under its lock, as before issue 30.
    :param pool_size: PostgreSQL: the most connections this process opens (default 10).
    """

    def __init__(
        self,
        location: str | os.PathLike[str],
        *,
        clock: Callable[[], datetime] = _utc_now,
        default_starting_chips: int = DEFAULT_STARTING_CHIPS,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
        schema_version: int | None = None,
        group_commit: bool = True,
        read_connection: bool = True,
        pool_size: int = 10,
    ) -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise StorageInputError("synchronous takes FULL or NORMAL")
        if not is_whole(default_starting_chips) or not 0 <= default_starting_chips <= MAX_AMOUNT:
            raise StorageInputError(f"default_starting_chips must be a whole number from 0 to {MAX_AMOUNT}")
        if not is_whole(pool_size) or not 1 <= pool_size <= 1000:
            raise StorageInputError("pool_size must be a whole number from 1 to 1000")
        self._clock = clock
        self._default_starting_chips = default_starting_chips
        self._schema_target = schema_version
        self._backend: Backend
        self.path: Path | None = None
        """The SQLite file (None for PostgreSQL)."""
        if is_postgres_url(location):
            from bot.storage.postgres import PostgresBackend  # asyncpg only where it is used

            self._backend = PostgresBackend(
                str(location).strip(), schema_version=schema_version, pool_size=pool_size
            )
        else:
            self.path = Path(location)
            self._backend = SqliteBackend(
                self.path,
                synchronous=synchronous,
                schema_version=schema_version,
                group_commit=group_commit,
                read_connection=read_connection,
            )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Self:
        """A storage where ``MAHJONG_DATABASE_URL`` or ``MAHJONG_DB`` says (:func:`database_from_env`)."""
        return cls(database_from_env(environ), **kwargs)

    @property
    def dialect(self) -> Dialect:
        """``"sqlite"`` or ``"postgres"``: which backend this storage runs on."""
        return self._backend.dialect

    @property
    def group_commits(self) -> int:
        """How many group transactions have committed (tests count them)."""
        return self._backend.group_commits

    # ----------------------------------------------------------------- lifecycle

    async def open(self) -> Self:
        """Connect, check the schema and apply pending migrations. Returns ``self``.

        :raises SchemaTooNewError: when the database was written by a newer version of the bot.
        :raises SchemaError: for a database of another program or with inconsistent schema records.
        :raises DatabaseAccessError: when the database cannot be reached, read or written.
        """
        if not self._backend.is_open:
            await self._backend.open(now=self._now())
        return self

    async def close(self) -> None:
        """Wait for the transactions in progress, then disconnect (a no-op when closed)."""
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return await self.open()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The schema version of the open database (the newest migration recorded)."""

        async def work(db: Db) -> int:
            row = await db.fetchone("SELECT MAX(version) FROM schema_migrations")
            return int(row[0]) if row and row[0] is not None else 0

        return await self._read(work)

    async def applied_migrations(self) -> list[tuple[int, str, str]]:
        """The migrations recorded in the database: (version, name, applied_at), oldest first."""

        async def work(db: Db) -> list[Any]:
            return await db.fetchall(
                "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
            )

        return [(int(r[0]), str(r[1]), str(r[2])) for r in await self._read(work)]

    @staticmethod
    def latest_schema_version() -> int:
        """The newest schema version this code knows."""
        return LATEST_VERSION

    async def integrity_check(self) -> str:
        """``"ok"``, or the problems the database finds in itself (SQLite's ``integrity_check``)."""
        return await self._backend.integrity_check()

    async def claim_table(self, channel_id: int) -> bool:
        """Claim the right to drive the table in ``channel_id`` for this process: False while
        another bot process holds it (PostgreSQL: a session advisory lock, given up when the
        process ends or :meth:`release_table` is called; SQLite: one process, always True)."""
        check_id(channel_id, "channel id")
        return await self._backend.claim_table(channel_id)

    async def release_table(self, channel_id: int) -> None:
        """Give up the claim of :meth:`claim_table` on ``channel_id`` (a no-op without one)."""
        check_id(channel_id, "channel id")
        await self._backend.release_table(channel_id)

    # ----------------------------------------------------------------- transactions

    async def _write(self, work: Work[T]) -> T:
        """Run ``work`` in one write transaction: all of it commits, or none of it (any exception,
        a cancellation included, rolls back); returns what ``work`` returned, once committed."""
        return await self._backend.write(work)

    async def _read(self, work: Work[T]) -> T:
        """Run ``work`` on one consistent, committed snapshot; every write that returned before
        the read began is in it. A long report never delays a move."""
        return await self._backend.read(work)

    async def _write_grouped(self, work: Work[T]) -> T:
        """Run ``work`` as one of many small writes (a move's appends): SQLite commits those of
        one event-loop tick together (one fsync); PostgreSQL runs them side by side. Each keeps
        the promises of :meth:`_write` on its own: it returns once committed, an error in it
        rolls back its work only, and a cancelled caller did all of it or none."""
        return await self._backend.write_grouped(work)

    # ----------------------------------------------------------------- helpers

    def _now(self) -> str:
        return stamp(self._clock())

    async def _ensure_guild(self, db: Db, guild_id: int) -> None:
        check_id(guild_id, "guild id")
        await db.execute(
            "INSERT INTO guilds (guild_id, created_at) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING",
            (guild_id, self._now()),
        )

    async def _log_change(
        self,
        db: Db,
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
