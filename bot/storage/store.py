"""The bot's storage: one SQLite file, one writer, every write durable before the bot answers.

Open it once when the bot starts and close it when it stops::

    async with Storage.from_env() as storage:        # MAHJONG_DB, default ./mahjong.sqlite3
        restored = await storage.restore_unfinished_games(rebuild)
        ...

Durability. The database runs in WAL mode with ``synchronous=FULL``: every
commit (one per action append, one per chip transaction) is fsynced before
the call returns. With ``NORMAL`` a commit already survives a crash or
``SIGKILL`` of the bot's process, but the last transactions could be lost
when the machine itself goes down (power cut, the host rebooting the VM).
A club's chips and a game in progress are worth the fsync: it costs well
under a millisecond per commit on an SSD (see ``bench/storage.py``), far
below what a Discord round trip takes. ``synchronous="NORMAL"`` can be
chosen in the constructor for slow disks.

One writer. aiosqlite runs the one connection in its own thread; an
:class:`asyncio.Lock` makes each transaction (several statements across
awaits) exclusive, so tasks of many tables never interleave inside one.
Reads take the lock too, so they never see another task's uncommitted work.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import json
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, Literal, Protocol, TypeVar

import aiosqlite

from bot.storage.errors import (
    ActionOrderError,
    GameStateError,
    InsufficientBalanceError,
    LedgerError,
    NotFoundError,
    StorageError,
    StorageInputError,
)
from bot.storage.migrate import LATEST_VERSION, inspect, migrate
from bot.storage.records import (
    Balance,
    ClubOptions,
    Entry,
    Export,
    GameRecord,
    HandRecord,
    LedgerCheck,
    Payment,
    Player,
    Season,
    Seat,
    SettingChange,
    TableRules,
    Transaction,
    TxnKind,
    seat_holder,
)
from engine.errors import SettingError, quote
from engine.rulesets import get_ruleset
from engine.settings import SPEC_BY_NAME, SettingSpec

DEFAULT_DB_PATH = "mahjong.sqlite3"
"""The database file when ``MAHJONG_DB`` is not set (relative to the working directory)."""

DEFAULT_STARTING_CHIPS = 2000
"""Chips each player starts a season with when a club has not chosen (season 1 is opened on first use)."""

MAX_ACTION_LENGTH = 200
MAX_SEED = 2**63 - 1
MAX_AMOUNT = 10**9
"""The largest amount one transfer, buy-in, adjustment or payment may move."""
MAX_BALANCE = 10**12
"""No account's balance may leave ±this (a club's chips fit easily; SQLite's integers stay far away)."""

_GUILD_SCOPE = 0  # channel_id of server-wide settings
_AI_SEAT = re.compile(r"^ai:[a-z0-9_-]{1,32}$")
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")

_CLUB_OPTIONS: dict[str, SettingSpec] = {
    "allow_negative_balance": SettingSpec(
        "allow_negative_balance", bool, "members may pay more chips than they hold"
    ),
    "allow_member_transfers": SettingSpec(
        "allow_member_transfers", bool, "members may give chips to each other"
    ),
}

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Rebuild(Protocol[T_co]):
    """What the bot passes to :meth:`Storage.restore_unfinished_games`: a game object from a record.

    With the game engine it is ``Game.replay(record.ruleset, record.overrides, record.seed,
    players, log)`` where ``players`` are the seats in stored order and ``log`` is every hand's
    ``actions`` joined by ``"next"`` lines (see ``engine_rebuild`` in tests/storage_support.py).
    It must not touch storage; an exception marks that one game as failed.
    """

    def __call__(self, record: GameRecord, /) -> T_co: ...


@dataclass(frozen=True, slots=True)
class RestoreResult(Generic[T]):
    """What :meth:`Storage.restore_unfinished_games` rebuilt, and what failed (left live in storage)."""

    games: dict[int, T] = field(default_factory=dict)
    records: dict[int, GameRecord] = field(default_factory=dict)
    failed: dict[int, Exception] = field(default_factory=dict)


def db_path_from_env(environ: Mapping[str, str] | None = None) -> Path:
    """The database path: ``MAHJONG_DB`` if set and not empty, else ``mahjong.sqlite3`` in the cwd."""
    env = os.environ if environ is None else environ
    return Path(env.get("MAHJONG_DB", "").strip() or DEFAULT_DB_PATH)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _check_id(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise StorageInputError(f"{what} must be a Discord id (a positive whole number), not {quote(value)}")
    return value


def _check_amount(amount: object, what: str = "amount") -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise StorageInputError(f"the {what} must be a whole number of chips, not {quote(amount)}")
    if not 1 <= amount <= MAX_AMOUNT:
        raise StorageInputError(f"the {what} must be from 1 to {MAX_AMOUNT:,} chips, not {quote(amount)}")
    return amount


def _scope(channel_id: int | None) -> int:
    return _GUILD_SCOPE if channel_id is None else _check_id(channel_id, "channel id")


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _unjson(text: str | None) -> object:
    return None if text is None else json.loads(text)


def _valid_overrides(overrides: Mapping[str, object]) -> dict[str, object]:
    """The stored overrides that today's engine still accepts (an update may drop a setting)."""
    out: dict[str, object] = {}
    for name, value in overrides.items():
        spec = SPEC_BY_NAME.get(name)
        if spec is None:
            continue
        try:
            out[name] = spec.convert(value)
        except SettingError:
            continue
    return out


def _check_seat(seat: object, index: int) -> Seat:
    if isinstance(seat, str):
        if not _AI_SEAT.match(seat):
            raise StorageInputError(
                f"seat {index} is {quote(seat)}; a seat is a Discord user id or a computer player "
                "written ai:<level>, like ai:normal"
            )
        return seat
    return _check_id(seat, f"seat {index}")


class Storage:
    """Everything the bot keeps: house rules, players, the chip ledger, games and their logs.

    :param path: the SQLite file (created with its folder if missing).
    :param clock: returns the current time (aware or UTC); tests pass a fixed clock.
    :param default_starting_chips: chips per player in season 1, opened on a club's first ledger use.
    :param synchronous: ``"FULL"`` (default: fsync on every commit) or ``"NORMAL"`` (survives a
        process crash, not a power loss); see the module docstring.
    :param schema_version: migrate only up to this version (tests of upgrades); default the newest.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        clock: Callable[[], datetime] = _utc_now,
        default_starting_chips: int = DEFAULT_STARTING_CHIPS,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
        schema_version: int | None = None,
    ) -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous takes FULL or NORMAL, not {quote(synchronous)}")
        if default_starting_chips < 0:
            raise ValueError("default_starting_chips must be 0 or more")
        self.path = Path(path)
        self._clock = clock
        self._default_starting_chips = default_starting_chips
        self._synchronous = synchronous
        self._schema_target = schema_version
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Storage:
        """A storage on the file named by ``MAHJONG_DB`` (default ``mahjong.sqlite3``)."""
        return cls(db_path_from_env(environ), **kwargs)

    # ----------------------------------------------------------------- lifecycle

    async def open(self) -> Storage:
        """Open the file, switch to WAL, apply pending migrations. Returns ``self``.

        :raises SchemaTooNewError: when the file was written by a newer version of the bot.
        """
        if self._db is not None:
            return self
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            await inspect(self.path)  # read-only: a refused database is never changed
            self._db = await self._connect()
        except (sqlite3.OperationalError, OSError) as exc:
            raise StorageError(
                f"cannot open {self.path} for writing ({exc}); the bot needs to write the file and its "
                f"folder {self.path.parent}: give it write access, or set MAHJONG_DB to a writable path"
            ) from None
        return self

    async def _connect(self) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA busy_timeout = 5000")
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                row = await cur.fetchone()
            if row is None or str(row[0]).lower() != "wal":
                raise StorageError(f"{self.path} cannot use WAL mode (got {row and row[0]!r})")
            await db.execute(f"PRAGMA synchronous = {self._synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db, now=self._now(), target=self._schema_target)
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        """Wait for the transaction in progress, then close the file (a no-op when closed)."""
        if self._db is None:
            return
        async with self._lock:
            db, self._db = self._db, None
            if db is not None:
                await db.close()

    async def __aenter__(self) -> Storage:
        return await self.open()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The schema version of the open database (``PRAGMA user_version``)."""
        async with self._read() as db, db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def applied_migrations(self) -> list[tuple[int, str, str]]:
        """The migrations recorded in the database: (version, name, applied_at), oldest first."""
        async with self._read() as db:
            rows = await self._all(
                db, "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
            )
        return [(r[0], r[1], r[2]) for r in rows]

    @staticmethod
    def latest_schema_version() -> int:
        """The newest schema version this code knows."""
        return LATEST_VERSION

    async def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` or the problems it found."""
        async with self._read() as db, db.execute("PRAGMA integrity_check") as cur:
            rows = await cur.fetchall()
        return "\n".join(str(r[0]) for r in rows)

    # ----------------------------------------------------------------- internals

    def _now(self) -> str:
        now = self._clock()
        if now.tzinfo is not None:
            now = now.astimezone(UTC)
        return now.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the storage is not open; use 'async with Storage(...)' or await open()")
        return self._db

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: all of it commits, or none of it (any exception rolls back).

        Safe under cancellation: aiosqlite runs each statement on its own thread, so a
        cancelled ``await`` does not stop the statement. ``BEGIN`` therefore sits inside the
        ``try``: whatever await is cancelled (``BEGIN``, the body, ``COMMIT``), a shielded
        ``ROLLBACK`` queued behind it leaves the connection outside any transaction, and the
        caller sees an exception, never a normal return, unless ``COMMIT`` has completed.
        """
        async with self._lock:
            db = self._conn()
            await self._clean(db)
            try:
                await db.execute("BEGIN IMMEDIATE")
                yield db
                await db.execute("COMMIT")
            except BaseException:
                await asyncio.shield(self._rollback(db))
                raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A consistent read: one snapshot, no other task's half-done transaction (and, like
        :meth:`_write`, nothing left open whatever await is cancelled)."""
        async with self._lock:
            db = self._conn()
            await self._clean(db)
            try:
                await db.execute("BEGIN")
                yield db
            finally:
                await asyncio.shield(self._rollback(db))

    @classmethod
    async def _clean(cls, db: aiosqlite.Connection) -> None:
        """Roll back a transaction left open (it cannot be ours: we hold the lock)."""
        if db.in_transaction:
            await asyncio.shield(cls._rollback(db))

    @staticmethod
    async def _rollback(db: aiosqlite.Connection) -> None:
        # No transaction open means it committed before a cancellation reached us.
        with contextlib.suppress(sqlite3.OperationalError):
            await db.execute("ROLLBACK")

    @staticmethod
    async def _all(db: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        async with db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
        async with db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _insert(self, db: aiosqlite.Connection, sql: str, params: Sequence[object]) -> int:
        async with db.execute(sql, params) as cur:
            if cur.lastrowid is None:
                raise StorageError("insert returned no row id")
            return cur.lastrowid

    async def _ensure_guild(self, db: aiosqlite.Connection, guild_id: int) -> None:
        _check_id(guild_id, "guild id")
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
        await db.execute(
            "INSERT INTO settings_log (guild_id, channel_id, kind, name, old_value, new_value, changed_by, "
            "changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel, kind, name, old, new, actor_id, self._now()),
        )

    # ----------------------------------------------------------------- settings

    async def _rules(self, db: aiosqlite.Connection, guild_id: int, channel: int) -> TableRules:
        scopes = (_GUILD_SCOPE, channel)
        ruleset = "dmjl"
        for row in await self._all(
            db,
            "SELECT channel_id, ruleset FROM scope_rulesets WHERE guild_id = ? AND channel_id IN (?, ?) "
            "ORDER BY channel_id = ?",
            (guild_id, *scopes, channel),
        ):
            ruleset = row["ruleset"]  # the channel's row sorts last and wins
        stored: dict[str, object] = {}
        for row in await self._all(
            db,
            "SELECT name, value FROM house_rules WHERE guild_id = ? AND channel_id IN (?, ?) "
            "ORDER BY channel_id = ?, name",
            (guild_id, *scopes, channel),
        ):
            stored[row["name"]] = _unjson(row["value"])
        try:
            rules = get_ruleset(ruleset)
        except SettingError:
            rules = get_ruleset("dmjl")  # a ruleset an update removed: play the default, keep the row
        overrides = _valid_overrides(stored)
        return TableRules(rules.name, overrides, rules.settings(overrides))

    async def table_rules(self, guild_id: int, channel_id: int | None = None) -> TableRules:
        """The ruleset and house rules in force in a channel (channel's choices over the server's)."""
        channel = _scope(channel_id)
        async with self._read() as db:
            return await self._rules(db, guild_id, channel)

    async def set_ruleset(
        self,
        guild_id: int,
        ruleset: str | None,
        *,
        channel_id: int | None = None,
        actor_id: int | None = None,
    ) -> TableRules:
        """Choose the ruleset of a server (``channel_id`` None) or one channel; None removes the choice.

        The club's house-rule overrides stay and are checked against the new ruleset.

        :raises SettingError: for an unknown ruleset (the message lists the rulesets there are).
        """
        channel = _scope(channel_id)
        name = None if ruleset is None else get_ruleset(ruleset).name
        async with self._write() as db:
            await self._ensure_guild(db, guild_id)
            row = await self._one(
                db,
                "SELECT ruleset FROM scope_rulesets WHERE guild_id = ? AND channel_id = ?",
                (guild_id, channel),
            )
            old = None if row is None else row["ruleset"]
            if name is None:
                await db.execute(
                    "DELETE FROM scope_rulesets WHERE guild_id = ? AND channel_id = ?", (guild_id, channel)
                )
            else:
                await db.execute(
                    "INSERT INTO scope_rulesets (guild_id, channel_id, ruleset, changed_by, changed_at) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, channel_id) DO UPDATE SET "
                    "ruleset = excluded.ruleset, changed_by = excluded.changed_by, "
                    "changed_at = excluded.changed_at",
                    (guild_id, channel, name, actor_id, self._now()),
                )
            if old != name:
                await self._log_change(
                    db,
                    guild_id,
                    channel,
                    "ruleset",
                    "ruleset",
                    None if old is None else _json(old),
                    None if name is None else _json(name),
                    actor_id,
                )
            return await self._rules(db, guild_id, channel)

    async def set_house_rule(
        self,
        guild_id: int,
        name: str,
        value: object,
        *,
        channel_id: int | None = None,
        actor_id: int | None = None,
    ) -> TableRules:
        """Override one house rule for a server or a channel, after checking it against the ruleset.

        ``value`` may be the text a person typed (``"300"``, ``"yes"``); it is stored converted.

        :raises SettingError: the engine's message, for an unknown setting or a value it does not take.
        """
        channel = _scope(channel_id)
        async with self._write() as db:
            await self._ensure_guild(db, guild_id)
            current = await self._rules(db, guild_id, channel)
            # The engine checks the name and the value against this ruleset's schema.
            get_ruleset(current.ruleset).settings({**current.overrides, name: value})
            converted = SPEC_BY_NAME[name].convert(value)
            row = await self._one(
                db,
                "SELECT value FROM house_rules WHERE guild_id = ? AND channel_id = ? AND name = ?",
                (guild_id, channel, name),
            )
            old = None if row is None else row["value"]
            new = _json(converted)
            await db.execute(
                "INSERT INTO house_rules (guild_id, channel_id, name, value, changed_by, changed_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, channel_id, name) DO UPDATE SET "
                "value = excluded.value, changed_by = excluded.changed_by, changed_at = excluded.changed_at",
                (guild_id, channel, name, new, actor_id, self._now()),
            )
            if old != new:
                await self._log_change(db, guild_id, channel, "house_rule", name, old, new, actor_id)
            return await self._rules(db, guild_id, channel)

    async def clear_house_rule(
        self, guild_id: int, name: str, *, channel_id: int | None = None, actor_id: int | None = None
    ) -> TableRules:
        """Remove a server's or channel's override, so the ruleset's default (or the server's) applies.

        :raises SettingError: for a name that is no setting.
        """
        channel = _scope(channel_id)
        if name not in SPEC_BY_NAME:
            raise SettingError(f"there is no setting {quote(name)}; settings are: {', '.join(SPEC_BY_NAME)}")
        async with self._write() as db:
            await self._ensure_guild(db, guild_id)
            row = await self._one(
                db,
                "SELECT value FROM house_rules WHERE guild_id = ? AND channel_id = ? AND name = ?",
                (guild_id, channel, name),
            )
            if row is not None:
                await db.execute(
                    "DELETE FROM house_rules WHERE guild_id = ? AND channel_id = ? AND name = ?",
                    (guild_id, channel, name),
                )
                await self._log_change(
                    db, guild_id, channel, "house_rule", name, row["value"], None, actor_id
                )
            return await self._rules(db, guild_id, channel)

    async def club_options(self, guild_id: int) -> ClubOptions:
        """The club's chip options (defaults for a server the bot has not stored yet)."""
        async with self._read() as db:
            return await self._options(db, guild_id)

    async def _options(self, db: aiosqlite.Connection, guild_id: int) -> ClubOptions:
        row = await self._one(
            db,
            "SELECT allow_negative_balance, allow_member_transfers FROM guilds WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return ClubOptions()
        return ClubOptions(bool(row["allow_negative_balance"]), bool(row["allow_member_transfers"]))

    async def set_club_option(
        self, guild_id: int, name: str, value: object, *, actor_id: int | None = None
    ) -> ClubOptions:
        """Set ``allow_negative_balance`` or ``allow_member_transfers`` (``value`` true/false or text).

        :raises StorageInputError: for an unknown option.
        :raises SettingError: for a value that is not true or false.
        """
        spec = _CLUB_OPTIONS.get(name)
        if spec is None:
            raise StorageInputError(
                f"there is no club option {quote(name)}; options are: {', '.join(_CLUB_OPTIONS)}"
            )
        flag = bool(spec.convert(value))
        async with self._write() as db:
            await self._ensure_guild(db, guild_id)
            old = getattr(await self._options(db, guild_id), name)
            # `name` is one of the two keys of _CLUB_OPTIONS, both column names.
            await db.execute(f"UPDATE guilds SET {name} = ? WHERE guild_id = ?", (int(flag), guild_id))
            if old != flag:
                await self._log_change(
                    db, guild_id, _GUILD_SCOPE, "club_option", name, _json(old), _json(flag), actor_id
                )
            return await self._options(db, guild_id)

    async def settings_history(self, guild_id: int, *, limit: int = 50) -> list[SettingChange]:
        """The latest changes of rulesets, house rules and club options, newest first."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT * FROM settings_log WHERE guild_id = ? ORDER BY change_id DESC LIMIT ?",
                (guild_id, limit),
            )
        return [
            SettingChange(
                change_id=r["change_id"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"] or None,
                kind=r["kind"],
                name=r["name"],
                old_value=_unjson(r["old_value"]),
                new_value=_unjson(r["new_value"]),
                changed_by=r["changed_by"],
                changed_at=r["changed_at"],
            )
            for r in rows
        ]

    # ----------------------------------------------------------------- players

    async def remember_player(self, user_id: int, display_name: str) -> Player:
        """Record a person the bot met and the display name seen now."""
        _check_id(user_id, "user id")
        name = display_name.strip()[:100] or str(user_id)
        now = self._now()
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, display_name, first_seen, last_seen) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, "
                "last_seen = excluded.last_seen",
                (user_id, name, now, now),
            )
            return await self._player(db, user_id)

    async def set_language(self, user_id: int, language: str | None) -> Player:
        """Set (or with None clear) a person's language, a tag like ``en``, ``de`` or ``zh-TW``.

        :raises StorageInputError: for something that is not a language tag.
        """
        _check_id(user_id, "user id")
        if language is not None:
            language = language.strip()
            if not _LANGUAGE.match(language):
                raise StorageInputError(
                    f"{quote(language)} is not a language tag; write a code like en, de, fr or zh-TW"
                )
        now = self._now()
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, display_name, language, first_seen, last_seen) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, str(user_id), language, now, now),
            )
            return await self._player(db, user_id)

    async def get_player(self, user_id: int) -> Player | None:
        """The stored player, or None for someone the bot has not met."""
        async with self._read() as db:
            row = await self._one(db, "SELECT * FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else Player(**{f.name: row[f.name] for f in fields(Player)})

    async def _player(self, db: aiosqlite.Connection, user_id: int) -> Player:
        row = await self._one(db, "SELECT * FROM players WHERE user_id = ?", (user_id,))
        assert row is not None
        return Player(**{f.name: row[f.name] for f in fields(Player)})

    # ----------------------------------------------------------------- ledger internals

    @staticmethod
    def _season(row: sqlite3.Row) -> Season:
        return Season(**{f.name: row[f.name] for f in fields(Season)})

    async def _open_season(self, db: aiosqlite.Connection, guild_id: int) -> Season:
        """The guild's open season, opening season 1 on first use (inside a write transaction)."""
        row = await self._one(
            db, "SELECT * FROM seasons WHERE guild_id = ? AND closed_at IS NULL", (guild_id,)
        )
        if row is not None:
            return self._season(row)
        await self._ensure_guild(db, guild_id)
        last = await self._one(db, "SELECT MAX(number) FROM seasons WHERE guild_id = ?", (guild_id,))
        number = (last[0] if last and last[0] else 0) + 1
        season_id = await self._insert(
            db,
            "INSERT INTO seasons (guild_id, number, name, starting_chips, opened_at) VALUES (?, ?, ?, ?, ?)",
            (guild_id, number, f"Season {number}", self._default_starting_chips, self._now()),
        )
        row = await self._one(db, "SELECT * FROM seasons WHERE season_id = ?", (season_id,))
        assert row is not None
        return self._season(row)

    async def _find_season(
        self, db: aiosqlite.Connection, guild_id: int, number: int | None
    ) -> Season | None:
        if number is None:
            row = await self._one(
                db, "SELECT * FROM seasons WHERE guild_id = ? AND closed_at IS NULL", (guild_id,)
            )
        else:
            row = await self._one(
                db, "SELECT * FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number)
            )
            if row is None:
                raise NotFoundError(f"this server has no season {number}")
        return None if row is None else self._season(row)

    async def _account(self, db: aiosqlite.Connection, season: Season, holder: str) -> int:
        """The account of ``holder`` in ``season``, created on first use; a new member of a season
        with starting chips gets them from the bank in a transaction of their own."""
        row = await self._one(
            db,
            "SELECT account_id FROM accounts WHERE season_id = ? AND holder = ?",
            (season.season_id, holder),
        )
        if row is not None:
            return int(row[0])
        user_id = int(holder.removeprefix("user:")) if holder.startswith("user:") else None
        account_id = await self._insert(
            db,
            "INSERT INTO accounts (season_id, holder, user_id, created_at) VALUES (?, ?, ?, ?)",
            (season.season_id, holder, user_id, self._now()),
        )
        if user_id is not None and season.starting_chips > 0:
            bank = await self._account(db, season, "bank")
            await self._post(
                db,
                season,
                "starting_chips",
                None,
                f"starting chips of {season.name}",
                [(bank, -season.starting_chips, ""), (account_id, season.starting_chips, "")],
            )
        return account_id

    async def _post(
        self,
        db: aiosqlite.Connection,
        season: Season,
        kind: TxnKind,
        actor_id: int | None,
        reason: str,
        legs: Sequence[tuple[int, int, str]],
    ) -> int:
        """Write one balanced transaction; raises :class:`LedgerError` (and the caller's transaction
        rolls back) unless it has two or more non-zero legs summing to zero."""
        if len(legs) < 2 or any(amount == 0 for _, amount, _ in legs) or sum(a for _, a, _ in legs) != 0:
            raise LedgerError(f"a {kind} transaction needs two or more non-zero entries summing to 0: {legs}")
        moves: dict[int, int] = {}
        for account, amount, _ in legs:
            moves[account] = moves.get(account, 0) + amount
        for account, amount in moves.items():
            after = await self._balance_of(db, account) + amount
            if not -MAX_BALANCE <= after <= MAX_BALANCE:
                raise StorageInputError(
                    f"this would take an account to {after:,} chips; balances stay within "
                    f"±{MAX_BALANCE:,} (nothing was booked)"
                )
        if season.closed_at is not None:
            raise LedgerError(f"{season.name} is closed; chips move only in the open season")
        txn_id = await self._insert(
            db,
            "INSERT INTO transactions (season_id, kind, actor_id, reason, created_at) VALUES (?, ?, ?, ?, ?)",
            (season.season_id, kind, actor_id, reason, self._now()),
        )
        await self._insert_entries(db, txn_id, legs)
        check = await self._one(
            db, "SELECT COALESCE(SUM(amount), 0), COUNT(*) FROM entries WHERE txn_id = ?", (txn_id,)
        )
        if check is None or check[0] != 0 or check[1] != len(legs):
            raise LedgerError(f"transaction {txn_id} does not balance as written; rolled back")
        return txn_id

    async def _insert_entries(
        self, db: aiosqlite.Connection, txn_id: int, legs: Sequence[tuple[int, int, str]]
    ) -> None:
        await db.executemany(
            "INSERT INTO entries (txn_id, account_id, amount, memo) VALUES (?, ?, ?, ?)",
            [(txn_id, account, amount, memo) for account, amount, memo in legs],
        )

    async def _balance_of(self, db: aiosqlite.Connection, account_id: int) -> int:
        row = await self._one(
            db, "SELECT COALESCE(SUM(amount), 0) FROM entries WHERE account_id = ?", (account_id,)
        )
        return int(row[0]) if row else 0

    async def _require_funds(
        self, db: aiosqlite.Connection, guild_id: int, account_id: int, user_id: int, amount: int
    ) -> None:
        if (await self._options(db, guild_id)).allow_negative_balance:
            return
        have = await self._balance_of(db, account_id)
        if have < amount:
            raise InsufficientBalanceError(
                f"<@{user_id}> has {have} chips and cannot pay {amount}; this club does not allow "
                f"negative balances, so at most {max(have, 0)} can be paid (an admin can change "
                "allow_negative_balance)"
            )

    async def _transaction(
        self, db: aiosqlite.Connection, txn_id: int, game_id: int | None = None, hand_no: int | None = None
    ) -> Transaction:
        """A transaction just written (its game and hand given by the caller, who knows them)."""
        head = await self._one(
            db,
            "SELECT t.*, ? AS game_id, ? AS hand_no FROM transactions t WHERE t.txn_id = ?",
            (game_id, hand_no, txn_id),
        )
        assert head is not None
        return (await self._transactions(db, [head]))[0]

    async def _transactions(
        self, db: aiosqlite.Connection, heads: Sequence[sqlite3.Row]
    ) -> list[Transaction]:
        if not heads:
            return []
        ids = [h["txn_id"] for h in heads]
        legs: dict[int, list[Entry]] = {i: [] for i in ids}
        for lo in range(0, len(ids), 500):
            chunk = ids[lo : lo + 500]
            for row in await self._all(
                db,
                "SELECT e.txn_id, a.holder, e.amount, e.memo FROM entries e "
                f"JOIN accounts a USING (account_id) WHERE e.txn_id IN ({','.join('?' * len(chunk))}) "
                "ORDER BY e.entry_id",
                chunk,
            ):
                legs[row["txn_id"]].append(Entry(row["holder"], row["amount"], row["memo"]))
        return [
            Transaction(
                txn_id=h["txn_id"],
                season_id=h["season_id"],
                kind=h["kind"],
                actor_id=h["actor_id"],
                reason=h["reason"],
                created_at=h["created_at"],
                entries=tuple(legs[h["txn_id"]]),
                game_id=h["game_id"],
                hand_no=h["hand_no"],
            )
            for h in heads
        ]

    # ----------------------------------------------------------------- ledger

    async def current_season(self, guild_id: int) -> Season:
        """The open season (season 1 with the default starting chips is opened on first use)."""
        async with self._write() as db:
            return await self._open_season(db, guild_id)

    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, oldest first."""
        async with self._read() as db:
            rows = await self._all(
                db, "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number", (guild_id,)
            )
        return [self._season(r) for r in rows]

    async def new_season(
        self, guild_id: int, *, starting_chips: int, actor_id: int | None = None, name: str | None = None
    ) -> Season:
        """Close the open season and open the next with ``starting_chips`` per player.

        Everyone who had an account in the closed season gets the starting chips at once, in one
        ``season_reset`` transaction from the new season's bank; newcomers get them when they first
        play or receive chips. The closed season's ledger stays as it was (its final standings).

        :raises StorageInputError: for negative starting chips.
        """
        if (
            isinstance(starting_chips, bool)
            or not isinstance(starting_chips, int)
            or not 0 <= starting_chips <= MAX_AMOUNT
        ):
            raise StorageInputError(
                f"starting chips must be a whole number from 0 to {MAX_AMOUNT:,}, not {quote(starting_chips)}"
            )
        now = self._now()
        async with self._write() as db:
            old = await self._open_season(db, guild_id)
            await db.execute(
                "UPDATE seasons SET closed_at = ?, closed_by = ? WHERE season_id = ?",
                (now, actor_id, old.season_id),
            )
            number = old.number + 1
            title = (name or "").strip()[:100] or f"Season {number}"
            season_id = await self._insert(
                db,
                "INSERT INTO seasons (guild_id, number, name, starting_chips, opened_at, opened_by) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (guild_id, number, title, starting_chips, now, actor_id),
            )
            row = await self._one(db, "SELECT * FROM seasons WHERE season_id = ?", (season_id,))
            assert row is not None
            season = self._season(row)
            members = await self._all(
                db,
                "SELECT holder, user_id FROM accounts WHERE season_id = ? AND user_id IS NOT NULL "
                "ORDER BY user_id",
                (old.season_id,),
            )
            # Members carry over to the new season (even with 0 starting chips, so that they get the
            # chips of a later season's reset too).
            accounts = [await self._account_plain(db, season, m["holder"]) for m in members]
            if accounts and starting_chips > 0:
                bank = await self._account_plain(db, season, "bank")
                legs = [(bank, -starting_chips * len(accounts), "")]
                legs += [(account, starting_chips, "") for account in accounts]
                await self._post(db, season, "season_reset", actor_id, f"{title} opened", legs)
            return season

    async def _account_plain(self, db: aiosqlite.Connection, season: Season, holder: str) -> int:
        """An account created without a starting-chips grant (the caller grants them itself)."""
        user_id = int(holder.removeprefix("user:")) if holder.startswith("user:") else None
        return await self._insert(
            db,
            "INSERT INTO accounts (season_id, holder, user_id, created_at) VALUES (?, ?, ?, ?)",
            (season.season_id, holder, user_id, self._now()),
        )

    async def buy_in(
        self, guild_id: int, user_id: int, amount: int, *, actor_id: int | None = None, reason: str = ""
    ) -> Transaction:
        """Chips from the bank to a member (``actor_id``: who granted it; None: the member).

        :raises StorageInputError: for an amount below 1.
        """
        _check_id(user_id, "user id")
        amount = _check_amount(amount)
        async with self._write() as db:
            season = await self._open_season(db, guild_id)
            bank = await self._account(db, season, "bank")
            member = await self._account(db, season, seat_holder(user_id))
            txn = await self._post(
                db,
                season,
                "buy_in",
                user_id if actor_id is None else actor_id,
                reason.strip() or "buy-in",
                [(bank, -amount, ""), (member, amount, "")],
            )
            return await self._transaction(db, txn)

    async def adjust(
        self, guild_id: int, user_id: int, amount: int, *, actor_id: int, reason: str
    ) -> Transaction:
        """An admin's correction: ``amount`` chips to (positive) or from (negative) a member, against
        the bank, with the reason written in the ledger.

        :raises StorageInputError: for a zero amount or an empty reason.
        :raises InsufficientBalanceError: when a debit would go below zero and the club forbids it.
        """
        _check_id(user_id, "user id")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise StorageInputError(
                "an adjustment is a whole number of chips, positive to give or negative to take, "
                f"not {quote(amount)}"
            )
        if not reason or not reason.strip():
            raise StorageInputError("an adjustment needs a reason, written in the ledger for everyone to see")
        async with self._write() as db:
            season = await self._open_season(db, guild_id)
            bank = await self._account(db, season, "bank")
            member = await self._account(db, season, seat_holder(user_id))
            if amount < 0:
                await self._require_funds(db, guild_id, member, user_id, -amount)
            txn = await self._post(
                db,
                season,
                "adjustment",
                actor_id,
                reason.strip(),
                [(bank, -amount, ""), (member, amount, "")],
            )
            return await self._transaction(db, txn)

    async def transfer(
        self,
        guild_id: int,
        from_user: int,
        to_user: int,
        amount: int,
        *,
        actor_id: int | None = None,
        reason: str = "",
    ) -> Transaction:
        """A member gives chips to another, if the club allows member transfers.

        :raises StorageInputError: when transfers are off, for a transfer to oneself or an amount below 1.
        :raises InsufficientBalanceError: when the giver lacks the chips and the club forbids negatives.
        """
        _check_id(from_user, "the giver's user id")
        _check_id(to_user, "the receiver's user id")
        if from_user == to_user:
            raise StorageInputError("chips cannot be transferred to oneself; name another member")
        amount = _check_amount(amount)
        async with self._write() as db:
            await self._ensure_guild(db, guild_id)
            if not (await self._options(db, guild_id)).allow_member_transfers:
                raise StorageInputError(
                    "this club does not allow transfers between members (an admin can set "
                    "allow_member_transfers to true)"
                )
            season = await self._open_season(db, guild_id)
            giver = await self._account(db, season, seat_holder(from_user))
            taker = await self._account(db, season, seat_holder(to_user))
            await self._require_funds(db, guild_id, giver, from_user, amount)
            txn = await self._post(
                db,
                season,
                "transfer",
                from_user if actor_id is None else actor_id,
                reason.strip(),
                [(giver, -amount, ""), (taker, amount, "")],
            )
            return await self._transaction(db, txn)

    async def balance(self, guild_id: int, user_id: int, *, season: int | None = None) -> int:
        """A member's chips in a season (default the open one), summed from the ledger.

        Someone without an account in the open season has its starting chips (granted on first use);
        in a closed season, 0.
        """
        async with self._read() as db:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return self._default_starting_chips
            row = await self._one(
                db,
                "SELECT account_id FROM accounts WHERE season_id = ? AND holder = ?",
                (found.season_id, seat_holder(user_id)),
            )
            if row is None:
                return found.starting_chips if found.closed_at is None else 0
            return await self._balance_of(db, row[0])

    async def balances(self, guild_id: int, *, season: int | None = None) -> list[Balance]:
        """Every account of a season with its chips, richest first (bank and computer players too)."""
        async with self._read() as db:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return []
            rows = await self._all(
                db,
                "SELECT a.holder, a.user_id, p.display_name, COALESCE(SUM(e.amount), 0) AS chips "
                "FROM accounts a LEFT JOIN entries e USING (account_id) "
                "LEFT JOIN players p ON p.user_id = a.user_id WHERE a.season_id = ? "
                "GROUP BY a.account_id ORDER BY chips DESC, a.holder",
                (found.season_id,),
            )
        return [
            Balance(r["holder"], r["user_id"], r["display_name"] or r["holder"], r["chips"]) for r in rows
        ]

    async def transactions(
        self,
        guild_id: int,
        *,
        season: int | None = None,
        user_id: int | None = None,
        limit: int | None = None,
    ) -> list[Transaction]:
        """A season's transactions (optionally only those touching one member), newest first."""
        async with self._read() as db:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return []
            sql = (
                "SELECT t.*, h.game_id, h.hand_no FROM transactions t "
                "LEFT JOIN hands h ON h.txn_id = t.txn_id WHERE t.season_id = ?"
            )
            params: list[object] = [found.season_id]
            if user_id is not None:
                sql += (
                    " AND t.txn_id IN (SELECT e.txn_id FROM entries e JOIN accounts a USING (account_id) "
                    "WHERE a.season_id = ? AND a.holder = ?)"
                )
                params += [found.season_id, seat_holder(user_id)]
            sql += " ORDER BY t.txn_id DESC"
            if limit is not None:
                sql += " LIMIT ?"
                params.append(limit)
            return await self._transactions(db, await self._all(db, sql, params))

    async def check_ledger(self, guild_id: int | None = None) -> LedgerCheck:
        """Check the ledger (of one server or all): every transaction has two or more entries summing
        to zero, every season sums to zero, and each hand's ledger entries match its stored payments."""
        problems: list[str] = []
        where, params = ("WHERE s.guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        async with self._read() as db:
            totals = await self._one(
                db,
                "SELECT COUNT(DISTINCT t.txn_id), COUNT(e.entry_id) FROM transactions t "
                f"JOIN seasons s USING (season_id) LEFT JOIN entries e USING (txn_id) {where}",
                params,
            )
            for row in await self._all(
                db,
                "SELECT t.txn_id, COUNT(e.entry_id) AS n, COALESCE(SUM(e.amount), 0) AS total "
                f"FROM transactions t JOIN seasons s USING (season_id) LEFT JOIN entries e USING (txn_id) "
                f"{where} GROUP BY t.txn_id HAVING n < 2 OR total <> 0",
                params,
            ):
                problems.append(f"transaction {row['txn_id']}: {row['n']} entries summing to {row['total']}")
            for row in await self._all(
                db,
                "SELECT s.guild_id, s.number, SUM(e.amount) AS total FROM entries e "
                f"JOIN accounts a USING (account_id) JOIN seasons s ON s.season_id = a.season_id {where} "
                "GROUP BY s.season_id HAVING total <> 0",
                params,
            ):
                problems.append(f"server {row['guild_id']} season {row['number']} sums to {row['total']}")
            for row in await self._all(
                db,
                "SELECT h.game_id, h.hand_no, "
                "(SELECT COALESCE(SUM(amount), 0) FROM hand_payments p "
                " WHERE p.game_id = h.game_id AND p.hand_no = h.hand_no) AS paid, "
                "(SELECT COALESCE(SUM(amount), 0) FROM entries e WHERE e.txn_id = h.txn_id AND e.amount > 0) "
                " AS booked FROM hands h JOIN seasons s ON s.season_id = h.season_id "
                f"{where} {'AND' if where else 'WHERE'} h.finished_at IS NOT NULL AND paid <> booked",
                params,
            ):
                problems.append(
                    f"game {row['game_id']} hand {row['hand_no']}: payments {row['paid']}, "
                    f"ledger {row['booked']}"
                )
        return LedgerCheck(int(totals[0]) if totals else 0, int(totals[1]) if totals else 0, tuple(problems))

    # ----------------------------------------------------------------- games

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Seat],
        seed: int,
        *,
        actor_id: int | None = None,
        ruleset: str | None = None,
        overrides: Mapping[str, object] | None = None,
    ) -> GameRecord:
        """Start a game in a channel with its first hand; its rules are fixed now.

        Without ``ruleset`` the channel's rules (:meth:`table_rules`) are used; with it, the given
        ``overrides`` (checked by the engine). ``seats`` are 2 to 4 Discord user ids or
        ``"ai:<level>"``; ``seed`` is the game's random seed (0 to 2**63-1).

        :raises SettingError: for an unknown ruleset or a bad override.
        :raises StorageInputError: for bad seats or seed.
        :raises GameStateError: when the channel already has a live game.
        """
        _check_id(guild_id, "guild id")
        _check_id(channel_id, "channel id")
        if not 2 <= len(seats) <= 4:
            raise StorageInputError(f"a game has 2 to 4 seats, not {len(seats)}")
        checked = [_check_seat(s, i) for i, s in enumerate(seats)]
        users = [s for s in checked if isinstance(s, int)]
        if len(set(users)) != len(users):
            raise StorageInputError("a player can take only one seat at a table")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise StorageInputError(
                f"the seed must be a whole number from 0 to {MAX_SEED}, not {quote(seed)}"
            )
        given: TableRules | None = None
        if ruleset is None and overrides:
            raise StorageInputError(
                "house-rule overrides for a game need its ruleset too (ruleset=...); "
                "without one the channel's rules are used as they are"
            )
        if ruleset is not None:
            rules = get_ruleset(ruleset)
            settings = rules.settings(overrides or {})
            given = TableRules(rules.name, _valid_overrides(overrides or {}), settings)
        now = self._now()
        async with self._write() as db:
            await self._ensure_guild(db, guild_id)
            fixed = given or await self._rules(db, guild_id, channel_id)
            if len(checked) != fixed.settings.players:
                raise StorageInputError(
                    f"{fixed.ruleset} is played by {fixed.settings.players} players, "
                    f"not {len(checked)}: give one seat for each"
                )
            live = await self._one(
                db,
                "SELECT game_id FROM games WHERE guild_id = ? AND channel_id = ? AND status = 'live'",
                (guild_id, channel_id),
            )
            if live is not None:
                raise GameStateError(f"channel {channel_id} already has a live game ({live[0]})")
            game_id = await self._insert(
                db,
                "INSERT INTO games (guild_id, channel_id, ruleset, overrides, fingerprint, seed, created_by, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    fixed.ruleset,
                    _json(dict(fixed.overrides)),
                    fixed.settings.fingerprint(),
                    seed,
                    actor_id,
                    now,
                ),
            )
            await db.executemany(
                "INSERT INTO game_seats (game_id, seat, user_id, ai_level) VALUES (?, ?, ?, ?)",
                [
                    (game_id, i, s if isinstance(s, int) else None, s if isinstance(s, str) else None)
                    for i, s in enumerate(checked)
                ],
            )
            await db.execute(
                "INSERT INTO hands (game_id, hand_no, started_at) VALUES (?, 1, ?)", (game_id, now)
            )
            return await self._game(db, game_id)

    async def append_action(self, game_id: int, hand_no: int, seq: int, action: str) -> None:
        """Append one action to the live hand's log; durable (committed, fsynced) when this returns.

        ``seq`` must be the next number of the hand (1 for its first action).

        :raises ActionOrderError: when ``seq`` is not the next one (another writer got there first).
        :raises GameStateError: when the game is not live or the hand is finished or not current.
        :raises StorageInputError: for an empty action, one with a line break or longer than 200.
        """
        if not isinstance(action, str) or not action.strip() or "\n" in action or "\r" in action:
            raise StorageInputError(f"an action is one non-empty line of text, not {quote(action)}")
        if len(action) > MAX_ACTION_LENGTH:
            raise StorageInputError(f"an action is at most {MAX_ACTION_LENGTH} characters, not {len(action)}")
        async with self._lock:
            db = self._conn()
            await self._clean(db)  # the insert must commit on its own, never inside a stray transaction
            # One statement, so one implicit transaction: the checks and the insert are atomic.
            try:
                async with db.execute(
                    "INSERT INTO actions (game_id, hand_no, seq, action, created_at) "
                    "SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM games g JOIN hands h "
                    "ON h.game_id = g.game_id AND h.hand_no = g.current_hand WHERE g.game_id = ?1 "
                    "AND g.status = 'live' AND h.hand_no = ?2 AND h.finished_at IS NULL) "
                    "AND ?3 = (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions "
                    "WHERE game_id = ?1 AND hand_no = ?2)",
                    (game_id, hand_no, seq, action, self._now()),
                ) as cur:
                    written = cur.rowcount
            except sqlite3.IntegrityError:
                written = 0
            if written == 1:
                return
            await self._explain_refused_append(db, game_id, hand_no, seq)

    async def _explain_refused_append(
        self, db: aiosqlite.Connection, game_id: int, hand_no: int, seq: int
    ) -> None:
        game = await self._one(db, "SELECT status, current_hand FROM games WHERE game_id = ?", (game_id,))
        if game is None:
            raise NotFoundError(f"there is no game {game_id}")
        if game["status"] != "live":
            raise GameStateError(f"game {game_id} is {game['status']}; no more actions can be added")
        hand = await self._one(
            db, "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
        )
        if hand_no != game["current_hand"] or hand is None:
            raise GameStateError(f"game {game_id} is playing hand {game['current_hand']}, not hand {hand_no}")
        if hand["finished_at"] is not None:
            raise GameStateError(f"hand {hand_no} of game {game_id} is finished; start the next hand")
        last = await self._one(
            db,
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ? AND hand_no = ?",
            (game_id, hand_no),
        )
        expected = (last[0] if last else 0) + 1
        raise ActionOrderError(
            f"action {seq} of game {game_id} hand {hand_no} is out of order: the next is {expected} "
            "(another writer may have appended first; reload the game)"
        )

    async def finish_hand(
        self,
        game_id: int,
        hand_no: int,
        *,
        result: str,
        payments: Sequence[Payment] = (),
        last_seq: int | None = None,
    ) -> Transaction | None:
        """Store a hand's result and pay it: the result, the payments and their ledger transaction
        (in the open season) are one SQLite transaction. Returns the ledger transaction (None when
        nobody pays).

        Hand settlements are always booked, even when the club forbids negative balances: the hand
        was played. Whether a member may sit down with too few chips is the table's decision.

        :param result: the engine's summary of the hand (opaque text, e.g. JSON).
        :param last_seq: if given, the sequence number of the hand's last action, checked.
        :raises GameStateError: when the hand is not the live one or ``last_seq`` differs.
        :raises StorageInputError: for a payment with a bad seat or amount.
        """
        async with self._write() as db:
            game = await self._one(db, "SELECT * FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            await self._require_live_hand(db, game, hand_no)
            if last_seq is not None:
                row = await self._one(
                    db,
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ? AND hand_no = ?",
                    (game_id, hand_no),
                )
                if row is None or row[0] != last_seq:
                    raise ActionOrderError(
                        f"hand {hand_no} of game {game_id} has {row[0] if row else 0} actions stored, "
                        f"not {last_seq}; the result was not stored"
                    )
            seats = await self._seats(db, game_id)
            for p in payments:
                if not (0 <= p.payer < len(seats) and 0 <= p.payee < len(seats)) or p.payer == p.payee:
                    raise StorageInputError(
                        f"a payment goes from one seat to another of 0 to {len(seats) - 1}, "
                        f"not {p.payer} to {p.payee}"
                    )
                _check_amount(p.amount, "payment")
            season = await self._open_season(db, game["guild_id"])
            txn_id: int | None = None
            if payments:
                legs: list[tuple[int, int, str]] = []
                for p in payments:
                    memo = f"seat {p.payer} to seat {p.payee}" + (f": {p.reason}" if p.reason else "")
                    legs.append(
                        (await self._account(db, season, seat_holder(seats[p.payer])), -p.amount, memo)
                    )
                    legs.append(
                        (await self._account(db, season, seat_holder(seats[p.payee])), p.amount, memo)
                    )
                txn_id = await self._post(db, season, "hand", None, f"game {game_id} hand {hand_no}", legs)
                await db.executemany(
                    "INSERT INTO hand_payments (game_id, hand_no, idx, payer_seat, payee_seat, amount, "
                    "reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, hand_no, i, p.payer, p.payee, p.amount, p.reason)
                        for i, p in enumerate(payments)
                    ],
                )
            await db.execute(
                "UPDATE hands SET finished_at = ?, result = ?, season_id = ?, txn_id = ? "
                "WHERE game_id = ? AND hand_no = ?",
                (self._now(), result, season.season_id, txn_id, game_id, hand_no),
            )
            return None if txn_id is None else await self._transaction(db, txn_id, game_id, hand_no)

    async def _require_live_hand(self, db: aiosqlite.Connection, game: sqlite3.Row, hand_no: int) -> None:
        if game["status"] != "live":
            raise GameStateError(f"game {game['game_id']} is {game['status']}")
        if game["current_hand"] != hand_no:
            raise GameStateError(
                f"game {game['game_id']} is playing hand {game['current_hand']}, not hand {hand_no}"
            )
        hand = await self._one(
            db, "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game["game_id"], hand_no)
        )
        if hand is None or hand["finished_at"] is not None:
            raise GameStateError(f"hand {hand_no} of game {game['game_id']} is already finished")

    async def start_hand(self, game_id: int, hand_no: int) -> None:
        """Start the next hand of a game: ``hand_no`` must follow the current one, which must be finished.

        :raises GameStateError: otherwise (e.g. two writers starting the same hand).
        """
        async with self._write() as db:
            game = await self._one(db, "SELECT * FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            if game["status"] != "live":
                raise GameStateError(f"game {game_id} is {game['status']}")
            if hand_no != game["current_hand"] + 1:
                raise GameStateError(
                    f"game {game_id} is at hand {game['current_hand']}; the next is "
                    f"{game['current_hand'] + 1}, not {hand_no}"
                )
            current = await self._one(
                db,
                "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?",
                (game_id, game["current_hand"]),
            )
            if current is not None and current["finished_at"] is None:
                raise GameStateError(f"hand {game['current_hand']} of game {game_id} is not finished")
            await db.execute(
                "INSERT INTO hands (game_id, hand_no, started_at) VALUES (?, ?, ?)",
                (game_id, hand_no, self._now()),
            )
            await db.execute("UPDATE games SET current_hand = ? WHERE game_id = ?", (hand_no, game_id))

    async def end_game(self, game_id: int, *, reason: str = "", abandoned: bool = False) -> None:
        """End a live game: ``finished`` (its current hand must be finished) or ``abandoned``.

        Either way it is no longer restored on start-up; its log and hands stay.

        :raises GameStateError: when the game is not live, or is finished with a hand in play.
        """
        async with self._write() as db:
            game = await self._one(db, "SELECT * FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            if game["status"] != "live":
                raise GameStateError(f"game {game_id} is already {game['status']}")
            if not abandoned:
                hand = await self._one(
                    db,
                    "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?",
                    (game_id, game["current_hand"]),
                )
                if hand is not None and hand["finished_at"] is None:
                    raise GameStateError(
                        f"hand {game['current_hand']} of game {game_id} is in play; "
                        "finish it or abandon the game"
                    )
            await db.execute(
                "UPDATE games SET status = ?, ended_at = ?, end_reason = ? WHERE game_id = ?",
                ("abandoned" if abandoned else "finished", self._now(), reason, game_id),
            )

    async def _seats(self, db: aiosqlite.Connection, game_id: int) -> tuple[Seat, ...]:
        rows = await self._all(
            db, "SELECT user_id, ai_level FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return tuple(r["user_id"] if r["user_id"] is not None else r["ai_level"] for r in rows)

    async def _game(self, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        game = await self._one(db, "SELECT * FROM games WHERE game_id = ?", (game_id,))
        if game is None:
            raise NotFoundError(f"there is no game {game_id}")
        logs: dict[int, list[str]] = {}
        for row in await self._all(
            db, "SELECT hand_no, action FROM actions WHERE game_id = ? ORDER BY hand_no, seq", (game_id,)
        ):
            logs.setdefault(row[0], []).append(row[1])
        paid: dict[int, list[Payment]] = {}
        for row in await self._all(
            db,
            "SELECT hand_no, payer_seat, payee_seat, amount, reason FROM hand_payments WHERE game_id = ? "
            "ORDER BY hand_no, idx",
            (game_id,),
        ):
            paid.setdefault(row[0], []).append(Payment(row[1], row[2], row[3], row[4]))
        hands = tuple(
            HandRecord(
                h["hand_no"],
                tuple(logs.get(h["hand_no"], ())),
                h["result"],
                tuple(paid.get(h["hand_no"], ())),
            )
            for h in await self._all(
                db, "SELECT hand_no, result FROM hands WHERE game_id = ? ORDER BY hand_no", (game_id,)
            )
        )
        overrides = json.loads(game["overrides"])
        return GameRecord(
            game_id=game_id,
            guild_id=game["guild_id"],
            channel_id=game["channel_id"],
            ruleset=game["ruleset"],
            overrides=overrides,
            fingerprint=game["fingerprint"],
            seats=await self._seats(db, game_id),
            seed=game["seed"],
            status=game["status"],
            hand_no=game["current_hand"],
            hands=hands,
        )

    async def load_game(self, game_id: int) -> GameRecord:
        """One game with every hand's log, result and payments.

        :raises NotFoundError: for an unknown game.
        """
        async with self._read() as db:
            return await self._game(db, game_id)

    async def load_unfinished_games(self) -> list[GameRecord]:
        """Every live game, oldest first, with everything needed to rebuild it by replaying its log."""
        async with self._read() as db:
            ids = [
                r[0]
                for r in await self._all(
                    db, "SELECT game_id FROM games WHERE status = 'live' ORDER BY game_id"
                )
            ]
            return [await self._game(db, game_id) for game_id in ids]

    async def restore_unfinished_games(self, rebuild: Rebuild[T]) -> RestoreResult[T]:
        """Rebuild every live game with ``rebuild`` (the engine's replay). A game whose rebuild raises
        is reported in ``failed`` and left live in storage, so a fixed engine can try again."""
        result: RestoreResult[T] = RestoreResult()
        for record in await self.load_unfinished_games():
            result.records[record.game_id] = record
            try:
                result.games[record.game_id] = rebuild(record)
            except Exception as exc:  # one broken log must not keep the other tables down
                result.failed[record.game_id] = exc
        return result

    # ----------------------------------------------------------------- export

    async def export_ledger_csv(self, guild_id: int, *, season: int | None = None) -> Export:
        """A season's ledger (default the open one) as CSV, one row per entry, with each account's
        running balance; for a slash command to attach as a file.

        :raises NotFoundError: for an unknown season number.
        """
        async with self._read() as db:
            found = await self._find_season(db, guild_id, season)
            rows = (
                []
                if found is None
                else await self._all(
                    db,
                    "SELECT t.txn_id, t.created_at, t.kind, t.actor_id, t.reason, h.game_id, h.hand_no, "
                    "a.holder, a.user_id, p.display_name, e.amount, e.memo FROM entries e "
                    "JOIN transactions t USING (txn_id) JOIN accounts a USING (account_id) "
                    "LEFT JOIN players p ON p.user_id = a.user_id LEFT JOIN hands h ON h.txn_id = t.txn_id "
                    "WHERE t.season_id = ? ORDER BY t.txn_id, e.entry_id",
                    (found.season_id,),
                )
            )
        running: dict[str, int] = {}
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["season", "txn_id", "time", "kind", "actor_id", "reason", "game_id", "hand_no",
             "account", "user_id", "display_name", "amount", "balance_after", "memo"]
        )  # fmt: skip
        number = found.number if found else ""
        for r in rows:
            running[r["holder"]] = running.get(r["holder"], 0) + r["amount"]
            writer.writerow(
                [number, r["txn_id"], r["created_at"], r["kind"], r["actor_id"] or "", _cell(r["reason"]),
                 r["game_id"] or "", r["hand_no"] or "", r["holder"], r["user_id"] or "",
                 _cell(r["display_name"] or ""), r["amount"], running[r["holder"]], _cell(r["memo"])]
            )  # fmt: skip
        return Export(f"ledger-{guild_id}-season-{number or 'none'}.csv", out.getvalue())

    async def export_hands_csv(self, guild_id: int, *, season: int | None = None) -> Export:
        """Every hand finished in a season (default the open one) as CSV: seats, nets, result.

        :raises NotFoundError: for an unknown season number.
        """
        async with self._read() as db:
            found = await self._find_season(db, guild_id, season)
            hands = (
                []
                if found is None
                else await self._all(
                    db,
                    "SELECT h.game_id, h.hand_no, h.started_at, h.finished_at, h.result, h.txn_id, "
                    "g.channel_id, g.ruleset, g.fingerprint, "
                    "(SELECT COUNT(*) FROM actions x WHERE x.game_id = h.game_id AND x.hand_no = h.hand_no) "
                    "AS n_actions FROM hands h JOIN games g USING (game_id) "
                    "WHERE g.guild_id = ? AND h.season_id = ? ORDER BY h.finished_at, h.game_id, h.hand_no",
                    (guild_id, found.season_id),
                )
            )
            seats: dict[int, tuple[Seat, ...]] = {}
            payments: dict[tuple[int, int], list[sqlite3.Row]] = {}
            for h in hands:
                if h["game_id"] not in seats:
                    seats[h["game_id"]] = await self._seats(db, h["game_id"])
                payments[(h["game_id"], h["hand_no"])] = await self._all(
                    db,
                    "SELECT payer_seat, payee_seat, amount FROM hand_payments "
                    "WHERE game_id = ? AND hand_no = ?",
                    (h["game_id"], h["hand_no"]),
                )
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        header = ["season", "game_id", "hand_no", "channel_id", "ruleset", "fingerprint", "started_at",
                  "finished_at", "actions", "txn_id"]  # fmt: skip
        for i in range(4):
            header += [f"seat{i}", f"net{i}"]
        writer.writerow([*header, "result"])
        for h in hands:
            game_seats = seats[h["game_id"]]
            nets = [0] * len(game_seats)
            for p in payments[(h["game_id"], h["hand_no"])]:
                nets[p["payer_seat"]] -= p["amount"]
                nets[p["payee_seat"]] += p["amount"]
            row: list[object] = [found.number if found else "", h["game_id"], h["hand_no"], h["channel_id"],
                                 h["ruleset"], h["fingerprint"], h["started_at"], h["finished_at"],
                                 h["n_actions"], h["txn_id"] or ""]  # fmt: skip
            for i in range(4):
                row += [game_seats[i], nets[i]] if i < len(game_seats) else ["", ""]
            writer.writerow([*row, _cell(h["result"] or "")])
        return Export(f"hands-{guild_id}-season-{found.number if found else 'none'}.csv", out.getvalue())


def _cell(text: str) -> str:
    """Text that a spreadsheet will not run as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
