"""The storage tests on both backends: SQLite files and databases of a real PostgreSQL server.

A test that takes the ``db`` fixture (tests/conftest.py) runs twice, ``[sqlite]`` and
``[postgres]``: ``db`` is a fresh location for :class:`bot.storage.Storage`, a file path or a
``postgresql://`` URL of a new, empty database. Opening ``Storage(db)`` again reopens the same
database (a restart). The server is started once per test session, on first use, by
tests/postgres_server.py.

Helpers here read or copy a location whatever its backend, through a connection of their own (as
a second process would): :func:`committed` (everything committed, as text), :func:`copy`
(a fresh database holding what another holds).
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Final

import asyncpg
import postgres_server

from bot.storage.locations import is_postgres_url

BACKENDS: Final = ("sqlite", "postgres")
"""The ``db`` fixture's parameters."""

Location = Path | str
"""Where a storage lives: an SQLite file, or a PostgreSQL database's URL."""


def dialect(location: Location) -> str:
    """``"postgres"`` for a URL, ``"sqlite"`` for a file."""
    return "postgres" if isinstance(location, str) and is_postgres_url(location) else "sqlite"


async def _postgres_dump(url: str) -> str:
    conn = await asyncpg.connect(url)
    try:
        tables = [
            r[0]
            for r in await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                "AND table_type = 'BASE TABLE' ORDER BY table_name"
            )
        ]
        lines: list[str] = []
        for table in tables:
            rows = await conn.fetch(f'SELECT * FROM "{table}"')
            lines.append(f"-- {table}")
            lines.extend(sorted(repr(tuple(r)) for r in rows))
        return "\n".join(lines)
    finally:
        await conn.close()


def committed(location: Location) -> str:
    """Everything committed in the database, as a second connection reads it (for comparisons:
    equal text, equal contents)."""
    if dialect(location) == "postgres":
        return (
            asyncio.run(_postgres_dump(str(location))) if not _in_loop() else _dump_in_thread(str(location))
        )
    con = sqlite3.connect(location)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


async def committed_async(location: Location) -> str:
    """:func:`committed` from inside a running event loop."""
    if dialect(location) == "postgres":
        return await _postgres_dump(str(location))
    return committed(location)


def _in_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _dump_in_thread(url: str) -> str:
    out: list[str] = []

    def run() -> None:
        out.append(asyncio.run(_postgres_dump(url)))

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    return out[0]


def database_name(url: str) -> str:
    """The database a URL names (the path's last part)."""
    return url.split("?", 1)[0].rsplit("/", 1)[-1]


def copy(location: Location, into: Location) -> Location:
    """A copy of ``location`` at ``into`` (a file path, or for PostgreSQL a URL on the same server
    of a database that must not exist yet); nobody may be connected to ``location`` meanwhile."""
    if dialect(location) == "sqlite":
        target = Path(into)
        for stale in target.parent.glob(target.name + "*"):
            stale.unlink()
        shutil.copyfile(location, target)
        return target
    postgres_server.shared().psql_command(
        f"CREATE DATABASE {database_name(str(into))} TEMPLATE {database_name(str(location))}"
    )
    return into
