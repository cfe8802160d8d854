"""Schema migrations: numbered ``.sql`` files in ``bot/storage/migrations/<dialect>/``, applied in order.

File ``NNNN_name.sql`` is schema version ``NNNN``; versions run 1, 2, 3 ... with
no gap. Each file starts with a comment saying why it exists. Applying one is
a single SQLite transaction that also records it in ``schema_migrations``
(version, name, SHA-256 of the file, time) and sets ``PRAGMA user_version``,
so a crash during an upgrade leaves the previous version intact.

A database whose version is higher than the newest file (written by a newer
bot) is refused with :class:`SchemaTooNewError`; a database whose recorded
checksum differs from the file of the same version (a migration edited after
it shipped: add a new migration instead), whose ``user_version`` disagrees
with ``schema_migrations``, or that belongs to another program (tables but no
``schema_migrations``) with :class:`SchemaError`. :func:`inspect` makes these
checks without writing, so the storage runs it on a read-only connection
before it opens the file for writing: a refused database stays as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from dataclasses import dataclass
from importlib import resources

from bot.storage.checks import quote
from bot.storage.errors import SchemaError, SchemaTooNewError
from bot.storage.sql import Db, Dialect

_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    checksum    TEXT NOT NULL,
    applied_at  TEXT NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration file: its version, name, SQL text and checksum."""

    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        """SHA-256 of the SQL text."""
        return hashlib.sha256(self.sql.encode()).hexdigest()


def load_migrations(dialect: Dialect = "sqlite") -> tuple[Migration, ...]:
    """Every migration shipped with the package for ``dialect``, in order.

    :raises SchemaError: for a badly named file, a duplicate or a gap in the numbers, or a file
        without its header comment.
    """
    folder = resources.files("bot.storage") / "migrations" / dialect
    found: dict[int, Migration] = {}
    for item in folder.iterdir():
        if not item.name.endswith(".sql"):
            continue
        match = _FILE_NAME.match(item.name)
        if match is None:
            raise SchemaError(f"migration file {item.name!r} must be named NNNN_lowercase_name.sql")
        version = int(match.group(1))
        if version in found:
            raise SchemaError(f"two migration files have version {version}")
        sql = item.read_text(encoding="utf-8")
        if not sql.lstrip().startswith("--"):
            raise SchemaError(f"migration {item.name} must start with a comment saying why it exists")
        found[version] = Migration(version, item.name.removesuffix(".sql"), sql)
    ordered = tuple(found[v] for v in sorted(found))
    for expected, migration in enumerate(ordered, start=1):
        if migration.version != expected:
            raise SchemaError(f"migration {expected:04d} is missing (found {migration.name} instead)")
    return ordered


LATEST_VERSION: int = len(load_migrations())
"""The newest schema version this code knows."""


async def applied_versions(db: Db) -> dict[int, tuple[str, str]]:
    """The migrations recorded in the database: version -> (name, checksum); none without the table."""
    if not await _tables(db, "schema_migrations"):
        return {}
    rows = await db.fetchall("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
    return {int(row[0]): (str(row[1]), str(row[2])) for row in rows}


async def _tables(db: Db, name: str | None = None) -> list[str]:
    """The database's own tables (all, or the one called ``name`` if it exists)."""
    if db.dialect == "sqlite":
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    else:  # the tables of the connection's own schema (search_path), not the catalogue's
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    params: tuple[str, ...] = ()
    if name is not None:
        sql, params = sql + (" AND name = ?" if db.dialect == "sqlite" else " AND table_name = ?"), (name,)
    return [str(row[0]) for row in await db.fetchall(sql + " ORDER BY 1", params)]


async def _user_version(db: Db) -> int | None:
    """SQLite's ``PRAGMA user_version`` (written with every migration); None in PostgreSQL."""
    if db.dialect != "sqlite":
        return None
    row = await db.fetchone("PRAGMA user_version")
    return int(row[0]) if row else 0


async def inspect(db: Db, *, target: int | None = None, label: str = "the database") -> int:
    """Check a database against the shipped migrations without writing to it; return its version.

    Safe on a connection opened read-only (``mode=ro``) or in a read-only transaction: a database
    that is refused is left exactly as it was. ``label`` names the database in the messages.

    :raises SchemaTooNewError: when the database is newer than this code (or than ``target``).
    :raises SchemaError: for a database of another program (tables but no ``schema_migrations``),
        a ``user_version`` that disagrees with the recorded migrations (SQLite), a recorded
        migration missing or changed after it was applied, or a ``target`` that does not exist.
    """
    migrations = load_migrations(db.dialect)
    latest = len(migrations)
    target = latest if target is None else target
    if not 0 <= target <= latest:
        raise SchemaError(f"schema version {target} does not exist; this code knows 0 to {latest}")
    user_version = await _user_version(db)
    tables = await _tables(db)
    if "schema_migrations" not in tables:
        if tables or user_version:
            shown = ", ".join(quote(t) for t in tables[:5]) + (", ..." if len(tables) > 5 else "")
            where = "MAHJONG_DB to the bot's own database or to a new file"
            if db.dialect == "postgres":
                where = "MAHJONG_DATABASE_URL to the bot's own database or to a new, empty one"
            raise SchemaError(
                f"{label} is not a database of this bot: it has no schema_migrations table but "
                f"{f'the tables {shown}' if tables else f'user_version {user_version}'}. It was left "
                f"unchanged; set {where}."
            )
        return 0
    applied = await applied_versions(db)
    current = max(applied, default=0)
    if current > latest:
        name = applied[current][0]
        raise SchemaTooNewError(
            f"{label} is at schema version {current} ({name}), written by a newer version of the "
            f"bot; this version knows schema versions up to {latest}. Run the newer bot, or restore a "
            "backup taken before the upgrade: a database is never downgraded."
        )
    if user_version is not None and user_version != current:
        raise SchemaError(
            f"{label} says it is at schema version {user_version} (PRAGMA user_version) but records "
            f"migrations up to {current} (schema_migrations); the two are always written together, so "
            "the file was changed outside the bot. It was left unchanged: restore a backup, or set "
            f"user_version back to {current} if you know the schema is that of version {current}."
        )
    if current > target:
        raise SchemaTooNewError(f"{label} is at schema version {current}, newer than {target}")
    for migration in migrations[:current]:
        recorded = applied.get(migration.version)
        if recorded is None:
            raise SchemaError(f"{label} lacks migration {migration.name} but has later ones")
        if recorded[1] != migration.checksum:
            raise SchemaError(
                f"migration {migration.name} was changed after it was applied to {label} "
                "(checksums differ); never edit a shipped migration, add a new one"
            )
    return current


async def migrate(db: Db, *, now: str, target: int | None = None, label: str = "the database") -> list[int]:
    """Bring the database up to ``target`` (default: the newest version); return the versions applied.

    ``db`` must be outside a transaction (SQLite: autocommit mode, ``isolation_level=None``); each
    migration runs in a transaction of its own with its record. The database is checked first
    (:func:`inspect`).

    :raises SchemaTooNewError: when the database is newer than this code (or than ``target``).
    :raises SchemaError: see :func:`inspect`.
    """
    migrations = load_migrations(db.dialect)
    end = len(migrations) if target is None else target
    await inspect_snapshot(db, target, label)  # a database of another program is left as it is
    await db.execute(_BOOKKEEPING)
    done: list[int] = []
    while True:
        current = await inspect_snapshot(db, target, label)
        if current >= end:
            return done
        migration = migrations[current]
        try:
            await _apply(db, migration, now)
        except SchemaError:
            # Another connection opening the same new database (an SQLite file, say, opened by the
            # bot and by `mahjong export` at once) applied it meanwhile: its record, written first
            # in the same transaction, stopped this one before any of its statements ran.
            if migration.version in await applied_versions(db):
                continue
            raise
        done.append(migration.version)


async def inspect_snapshot(db: Db, target: int | None, label: str) -> int:
    """:func:`inspect` in one read transaction, so that its reads agree with each other while
    another connection applies a migration (SQLite; on PostgreSQL the migrations run under an
    advisory lock, so nothing else changes them)."""
    if db.dialect != "sqlite":
        return await inspect(db, target=target, label=label)
    await db.execute("BEGIN")
    try:
        return await inspect(db, target=target, label=label)
    finally:
        await db.execute("ROLLBACK")


async def _apply(db: Db, migration: Migration, now: str) -> None:
    # The script runs statement after statement; the explicit BEGIN/COMMIT make the file, its
    # record (and SQLite's user_version) one transaction. The values spliced in are our own: an
    # int, a file name matched by _FILE_NAME, a hex digest and an ISO time.
    assert _FILE_NAME.match(migration.name + ".sql") and re.fullmatch(r"[0-9T:.+\-Z ]+", now)
    sqlite = db.dialect == "sqlite"
    # The record goes first: a second connection applying the same migration at once fails on
    # its key before running any statement of the file (see migrate).
    script = (
        f"{'BEGIN IMMEDIATE' if sqlite else 'BEGIN'};\n"
        "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES "
        f"({migration.version}, '{migration.name}', '{migration.checksum}', '{now}');\n"
        f"{migration.sql}\n;\n"
        + (f"PRAGMA user_version = {migration.version};\n" if sqlite else "")
        + "COMMIT;"
    )
    try:
        await db.executescript(script)
    except Exception as exc:
        with contextlib.suppress(Exception):
            await db.execute("ROLLBACK")
        raise SchemaError(f"migration {migration.name} failed and was rolled back: {exc}") from exc
