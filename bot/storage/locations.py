"""Where a storage lives, as configured and as messages name it: a file or a PostgreSQL URL.

Pure text, no driver: the core, the PostgreSQL backend and the command line all read it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final
from urllib.parse import parse_qs, urlsplit

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")
"""How a PostgreSQL location starts (``MAHJONG_DATABASE_URL``)."""


def is_postgres_url(location: str | os.PathLike[str]) -> bool:
    """Whether a storage location names a PostgreSQL database rather than an SQLite file.

    >>> is_postgres_url("postgresql://bot@db.example/mahjong"), is_postgres_url("club.sqlite3")
    (True, False)
    """
    return isinstance(location, str) and location.strip().lower().startswith(POSTGRES_SCHEMES)


def describe_url(url: str) -> str:
    """A PostgreSQL URL as messages may show it: database, user and server, never the password.

    >>> describe_url("postgresql://bot:secret@db.example:5433/mahjong")
    'the PostgreSQL database mahjong (user bot) on db.example:5433'
    >>> describe_url("postgresql://bot@/club?host=/run/postgresql")
    'the PostgreSQL database club (user bot) on /run/postgresql'
    """
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    host = parts.hostname or (query.get("host") or ["localhost"])[0]
    where = f"{host}:{parts.port}" if parts.port else host
    database = parts.path.lstrip("/") or (query.get("dbname") or [parts.username or "postgres"])[0]
    user = f" (user {parts.username})" if parts.username else ""
    return f"the PostgreSQL database {database}{user} on {where}"


def describe_location(location: str | os.PathLike[str]) -> str:
    """A storage location as messages may show it (a PostgreSQL URL without its password).

    >>> describe_location("club.sqlite3")
    'the database club.sqlite3'
    """
    if is_postgres_url(location):
        return describe_url(str(location))
    return f"the database {Path(location)}"
