"""Schema migrations: numbered ``.sql`` files in ``bot/storage/migrations/``, applied in order.

File ``NNNN_name.sql`` is schema version ``NNNN``; versions run 1, 2, 3 ... with
no gap. Each file starts with a comment saying why it exists. Applying one is
a single SQLite transaction that also records it in ``schema_migrations``
(version, name, SHA-256 of the file, time) and sets ``PRAGMA user_version``,
so a crash during an upgrade leaves the previous version intact.

A database whose version is higher than the newest file (written by a newer
bot) is refused with :class:`SchemaTooNewError`; so is one whose recorded
checksum differs from the file of the same version (a migration edited after
it shipped: add a new migration instead).
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from bot.storage.errors import SchemaError, SchemaTooNewError

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


def load_migrations() -> tuple[Migration, ...]:
    """Every migration shipped with the package, in order.

    :raises SchemaError: for a badly named file, a duplicate or a gap in the numbers, or a file
        without its header comment.
    """
    folder = resources.files("bot.storage") / "migrations"
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


async def applied_versions(db: aiosqlite.Connection) -> dict[int, tuple[str, str]]:
    """The migrations recorded in the database: version -> (name, checksum)."""
    await db.execute(_BOOKKEEPING)
    async with db.execute("SELECT version, name, checksum FROM schema_migrations ORDER BY version") as cur:
        return {row[0]: (row[1], row[2]) async for row in cur}


async def migrate(db: aiosqlite.Connection, *, now: str, target: int | None = None) -> list[int]:
    """Bring the database up to ``target`` (default: the newest version); return the versions applied.

    ``db`` must be in autocommit mode (``isolation_level=None``); each migration runs in its own
    ``BEGIN IMMEDIATE`` ... ``COMMIT``.

    :raises SchemaTooNewError: when the database is newer than this code (or than ``target``).
    :raises SchemaError: when an applied migration's checksum differs from the shipped file.
    """
    migrations = load_migrations()
    latest = len(migrations)
    target = latest if target is None else target
    if not 0 <= target <= latest:
        raise SchemaError(f"schema version {target} does not exist; this code knows 0 to {latest}")
    applied = await applied_versions(db)
    current = max(applied, default=0)
    if current > latest:
        name = applied[current][0]
        raise SchemaTooNewError(
            f"the database is at schema version {current} ({name}), written by a newer version of the "
            f"bot; this version knows schema versions up to {latest}. Run the newer bot, or restore a "
            "backup taken before the upgrade: a database is never downgraded."
        )
    if current > target:
        raise SchemaTooNewError(f"the database is at schema version {current}, newer than {target}")
    for migration in migrations[:current]:
        recorded = applied.get(migration.version)
        if recorded is None:
            raise SchemaError(f"the database lacks migration {migration.name} but has later ones")
        if recorded[1] != migration.checksum:
            raise SchemaError(
                f"migration {migration.name} was changed after it was applied to this database "
                "(checksums differ); never edit a shipped migration, add a new one"
            )
    done: list[int] = []
    for migration in migrations[current:target]:
        await _apply(db, migration, now)
        done.append(migration.version)
    return done


async def _apply(db: aiosqlite.Connection, migration: Migration, now: str) -> None:
    # executescript runs statement after statement; the explicit BEGIN/COMMIT make the file, its
    # record and the user_version one transaction. The values spliced in are our own: an int, a
    # file name matched by _FILE_NAME, a hex digest and an ISO time.
    assert _FILE_NAME.match(migration.name + ".sql") and re.fullmatch(r"[0-9T:.+\-Z ]+", now)
    script = (
        "BEGIN IMMEDIATE;\n"
        f"{migration.sql}\n;\n"
        "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES "
        f"({migration.version}, '{migration.name}', '{migration.checksum}', '{now}');\n"
        f"PRAGMA user_version = {migration.version};\n"
        "COMMIT;"
    )
    try:
        await db.executescript(script)
    except sqlite3.Error as exc:
        with contextlib.suppress(sqlite3.OperationalError):
            await db.execute("ROLLBACK")
        raise SchemaError(f"migration {migration.name} failed and was rolled back: {exc}") from exc
