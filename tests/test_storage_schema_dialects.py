"""The PostgreSQL migrations give the schema the SQLite migrations give, at every version (issue 30).

Each version N is applied from 0001 to N to a fresh SQLite database and to a fresh database on a
real PostgreSQL server (tests/postgres_server.py), and the two schemas are described the same way
and compared: tables; per table its columns in order with their type family, NOT NULL, default
and whether the database numbers them itself; the primary key; unique constraints and unique
indexes; foreign keys; the other indexes with their columns and conditions; which columns each
CHECK constraint reads; the triggers. The upgrades that move data (0009, 0011) are run on the same
rows in both and must leave the same rows.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import asyncpg
import pytest
from postgres_server import PostgresServer, running_server

from bot.storage.migrate import Migration, load_migrations

SQLITE = load_migrations("sqlite")
POSTGRES = load_migrations("postgres")

NATURAL_KEYS = frozenset(
    {
        ("guilds", "guild_id"),
        ("players", "user_id"),
        ("rating_settings", "guild_id"),
        ("rating_backfilled", "guild_id"),
        ("record_cards", "game_id"),
    }
)
"""SQLite ``INTEGER PRIMARY KEY`` columns that hold an id the bot always writes (a Discord id or
another table's id): a plain BIGINT key in PostgreSQL, where the other such columns (the ids the
database hands out and the bot reads back) are identity columns."""

Description = dict[str, dict[str, Any]]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    with running_server() as server:
        yield server


# ---- normalising -------------------------------------------------------------------------------

_CAST = re.compile(r"::[a-z ]+(\[\])?")


def _expression(text: str | None) -> str | None:
    """An SQL expression (default, index condition) as both databases can be compared on: no
    casts, no parentheses, single spaces, lower case."""
    if text is None:
        return None
    text = _CAST.sub("", text)
    text = text.replace("(", " ").replace(")", " ")
    return " ".join(text.lower().split())


def _sqlite_family(declared: str) -> str:
    """SQLite's type affinity of a declared type (https://sqlite.org/datatype3.html 3.1)."""
    declared = declared.upper()
    if "INT" in declared:
        return "integer"
    if any(word in declared for word in ("CHAR", "CLOB", "TEXT")):
        return "text"
    if "BLOB" in declared or not declared:
        return "blob"
    if any(word in declared for word in ("REAL", "FLOA", "DOUB")):
        return "real"
    return "numeric"


_PG_FAMILY = {
    "smallint": "integer",
    "integer": "integer",
    "bigint": "integer",
    "text": "text",
    "real": "real",
    "double precision": "real",
    "bytea": "blob",
    "numeric": "numeric",
}

_ON_DELETE = {"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"}


def _strip_sql(text: str) -> str:
    """SQL text without comments and with every string literal emptied ('...' -> '')."""
    text = re.sub(r"'(?:[^']|'')*'", "''", text)
    return re.sub(r"--[^\n]*", "", text)


def _checks(table_sql: str, columns: list[str]) -> list[tuple[str, ...]]:
    """The columns each CHECK constraint of a SQLite CREATE TABLE reads (sorted, one per CHECK)."""
    text = _strip_sql(table_sql)
    found = []
    for match in re.finditer(r"\bCHECK\s*\(", text, re.IGNORECASE):
        depth, end = 1, match.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text[match.end() : end - 1]))
        found.append(tuple(sorted(words & set(columns))))
    return sorted(found)


# ---- describing --------------------------------------------------------------------------------


def describe_sqlite(db: sqlite3.Connection) -> Description:
    """The normalised schema of a SQLite database."""
    described: Description = {}
    tables = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"
    ).fetchall()
    for table, table_sql in tables:
        info = db.execute(f"PRAGMA table_info({table})").fetchall()
        key = [row[1] for row in sorted((r for r in info if r[5]), key=lambda r: r[5])]
        rowid = "WITHOUT ROWID" not in _strip_sql(table_sql).upper()
        columns = []
        for _, name, declared, notnull, default, _pk in info:
            numbered = rowid and key == [name] and declared.upper() == "INTEGER"
            numbered = numbered and (table, name) not in NATURAL_KEYS
            columns.append(
                (name, _sqlite_family(declared), bool(notnull) or name in key, _expression(default), numbered)
            )
        unique, indexes = [], []
        for _, index, is_unique, origin, _partial in db.execute(f"PRAGMA index_list({table})").fetchall():
            if origin == "pk":
                continue
            cols = tuple(row[2] for row in db.execute(f"PRAGMA index_info({index})").fetchall())
            (index_sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (index,)).fetchone()
            where = re.search(r"\bWHERE\b(.*)$", index_sql or "", re.IGNORECASE | re.DOTALL)
            condition = _expression(where.group(1)) if where else None
            if is_unique:
                unique.append((cols, index if origin == "c" else None, condition))
            else:
                indexes.append((index, cols, condition))
        foreign: dict[int, list[Any]] = {}
        for fk_id, _seq, parent, child_col, parent_col, _upd, on_delete, _match in db.execute(
            f"PRAGMA foreign_key_list({table})"
        ).fetchall():
            entry = foreign.setdefault(fk_id, [[], parent, [], on_delete])
            entry[0].append(child_col)
            entry[2].append(parent_col)
        triggers = []
        for name, trigger_sql in db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", (table,)
        ).fetchall():
            when = re.search(r"\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|UPDATE|DELETE)\b", trigger_sql, re.I)
            assert when is not None, trigger_sql
            triggers.append((name, when.group(1).upper(), when.group(2).upper()))
        described[table] = {
            "columns": columns,
            "primary_key": tuple(key),
            "unique": sorted(unique, key=repr),
            "foreign_keys": sorted(
                ((tuple(c), p, tuple(pc), d) for c, p, pc, d in foreign.values()), key=repr
            ),
            "indexes": sorted(indexes, key=repr),
            "checks": _checks(table_sql, [c[0] for c in columns]),
            "triggers": sorted(triggers),
        }
    return described


async def describe_postgres(db: asyncpg.Connection) -> Description:
    """The normalised schema of a PostgreSQL database (its ``public`` schema)."""
    described: Description = {}
    tables = await db.fetch(
        "SELECT oid, relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' "
        "ORDER BY relname"
    )
    for oid, table in tables:
        attributes = await db.fetch(
            "SELECT a.attnum, a.attname, format_type(a.atttypid, NULL) AS type, a.attnotnull, "
            "pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity <> '' AS identity "
            "FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
            "WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
            oid,
        )
        names = {row["attnum"]: row["attname"] for row in attributes}
        constraints = await db.fetch(
            "SELECT contype::text, conkey, confrelid::regclass::text AS parent, confkey, "
            "confdeltype::text, conindid FROM pg_constraint WHERE conrelid = $1",
            oid,
        )
        key: tuple[str, ...] = ()
        foreign, checks, backing = [], [], set()
        for con in constraints:
            cols = tuple(names[n] for n in con["conkey"] or ())
            if con["contype"] in ("p", "u"):
                backing.add(con["conindid"])
            if con["contype"] == "p":
                key = cols
            elif con["contype"] == "f":
                parent_names = {
                    r["attnum"]: r["attname"]
                    for r in await db.fetch(
                        "SELECT attnum, attname FROM pg_attribute WHERE attrelid = $1::regclass",
                        con["parent"],
                    )
                }
                parent_cols = tuple(parent_names[n] for n in con["confkey"])
                foreign.append((cols, con["parent"], parent_cols, _ON_DELETE[con["confdeltype"]]))
            elif con["contype"] == "c":
                checks.append(tuple(sorted(cols)))
        columns = [
            (
                row["attname"],
                _PG_FAMILY.get(row["type"], row["type"]),
                bool(row["attnotnull"]),
                _expression(row["default"]),
                bool(row["identity"]),
            )
            for row in attributes
        ]
        unique, indexes = [], []
        for index in await db.fetch(
            "SELECT x.indexrelid, i.relname, x.indisunique, x.indisprimary, x.indkey::int2[] AS cols, "
            "pg_get_expr(x.indpred, x.indrelid) AS condition "
            "FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1",
            oid,
        ):
            if index["indisprimary"]:
                continue
            cols = tuple(names[n] for n in index["cols"])
            condition = _expression(index["condition"])
            if index["indisunique"]:
                named = None if index["indexrelid"] in backing else index["relname"]
                unique.append((cols, named, condition))
            else:
                indexes.append((index["relname"], cols, condition))
        triggers = []
        for trigger in await db.fetch(
            "SELECT tgname, tgtype FROM pg_trigger WHERE tgrelid = $1 AND NOT tgisinternal", oid
        ):
            bits = trigger["tgtype"]
            timing = "INSTEAD OF" if bits & 64 else "BEFORE" if bits & 2 else "AFTER"
            events = [e for bit, e in ((4, "INSERT"), (8, "DELETE"), (16, "UPDATE")) if bits & bit]
            assert len(events) == 1 and bits & 1, f"{trigger['tgname']}: one event, for each row"
            triggers.append((trigger["tgname"], timing, events[0]))
        described[table] = {
            "columns": columns,
            "primary_key": key,
            "unique": sorted(unique, key=repr),
            "foreign_keys": sorted(foreign, key=repr),
            "indexes": sorted(indexes, key=repr),
            "checks": sorted(checks),
            "triggers": sorted(triggers),
        }
    return described


# ---- applying ----------------------------------------------------------------------------------


def sqlite_at(version: int) -> sqlite3.Connection:
    """A fresh in-memory SQLite database with the SQLite migrations 0001..``version`` applied."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    upgrade_sqlite(db, SQLITE[:version])
    return db


def upgrade_sqlite(db: sqlite3.Connection, migrations: tuple[Migration, ...]) -> None:
    for migration in migrations:
        db.executescript(f"BEGIN;\n{migration.sql}\n;\nCOMMIT;")


async def upgrade_postgres(db: asyncpg.Connection, migrations: tuple[Migration, ...]) -> None:
    """Apply each migration as migrate.py's PostgreSQL side will: the whole file in one transaction."""
    for migration in migrations:
        async with db.transaction():
            await db.execute(migration.sql)


async def postgres_at(server: PostgresServer, version: int) -> asyncpg.Connection:
    """A connection to a fresh PostgreSQL database with its migrations 0001..``version`` applied."""
    db = await asyncpg.connect(server.new_database())
    await upgrade_postgres(db, POSTGRES[:version])
    return db


# ---- the tests ---------------------------------------------------------------------------------


def test_both_dialects_have_the_same_migrations() -> None:
    assert [m.name for m in POSTGRES] == [m.name for m in SQLITE]
    assert len(POSTGRES) == len(SQLITE) >= 15
    for migration in POSTGRES:
        header = "\n".join(line for line in migration.sql.splitlines()[:30] if line.startswith("--"))
        assert migration.name in header and "Why:" in header and "PostgreSQL" in header, migration.name
        # Every file runs as one transaction (migrate.py wraps it): none may leave or need its own.
        code = _strip_sql(migration.sql).upper()
        assert not re.search(r"\b(PRAGMA|COMMIT|CONCURRENTLY|VACUUM)\b", code), migration.name
        assert "SCHEMA_MIGRATIONS" not in code, migration.name


@pytest.mark.parametrize("version", range(1, len(SQLITE) + 1))
async def test_postgres_schema_equals_sqlite_schema(pg_server: PostgresServer, version: int) -> None:
    with closing(sqlite_at(version)) as lite:
        expected = describe_sqlite(lite)
    pg = await postgres_at(pg_server, version)
    try:
        got = await describe_postgres(pg)
    finally:
        await pg.close()
    assert sorted(got) == sorted(expected), "tables differ"
    for table in expected:
        for aspect in expected[table]:
            assert got[table][aspect] == expected[table][aspect], f"version {version}: {table} {aspect}"


def test_the_description_sees_what_a_schema_says() -> None:
    """The comparison above cannot pass by describing too little: each aspect shows up."""
    with closing(sqlite_at(len(SQLITE))) as lite:
        schema = describe_sqlite(lite)
    assert schema["hand_summaries"]["columns"][3] == ("self_drawn", "integer", True, "0", False)
    assert schema["games"]["columns"][0] == ("game_id", "integer", True, None, True)
    assert schema["guilds"]["columns"][0] == ("guild_id", "integer", True, None, False)
    assert schema["rating_events"]["columns"][6] == ("mu_before", "real", True, None, False)
    assert schema["games"]["columns"][7][3] == "'live'"
    assert schema["accounts"]["checks"] == [("holder", "user_id")]
    assert len(schema["record_hands"]["checks"]) == 7
    live = "status = 'live' and kind = 'discord'"
    assert (("guild_id", "channel_id"), "games_one_live_per_channel", live) in schema["games"]["unique"]
    assert (("game_id",), None, None) in schema["rated_games"]["unique"]
    assert (("txn_id",), "transactions", ("txn_id",), "NO ACTION") in schema["hands"]["foreign_keys"]
    by_user = ("game_seats_by_user", ("user_id", "game_id"), "user_id is not null")
    assert by_user in schema["game_seats"]["indexes"]
    assert ("entries_no_delete", "BEFORE", "DELETE") in schema["entries"]["triggers"]
    assert schema["actions"]["primary_key"] == ("game_id", "hand_no", "seq")


async def test_the_ledger_is_append_only_in_postgres_too(pg_server: PostgresServer) -> None:
    setup = (
        "INSERT INTO guilds (guild_id, created_at) VALUES (7, 't');"
        "INSERT INTO seasons (guild_id, number, name, starting_chips, opened_at) VALUES (7, 1, 'S', 0, 't');"
        "INSERT INTO accounts (season_id, holder, created_at) VALUES (1, 'bank', 't');"
        "INSERT INTO transactions (season_id, kind, created_at) VALUES (1, 'adjustment', 't');"
        "INSERT INTO entries (txn_id, account_id, amount) VALUES (1, 1, 5);"
    )
    pg = await postgres_at(pg_server, len(POSTGRES))
    try:
        await pg.execute(setup)
        for sql, message in (
            ("UPDATE entries SET amount = 6", "ledger entries are append-only"),
            ("DELETE FROM entries", "ledger entries are append-only"),
            ("UPDATE transactions SET reason = 'x'", "ledger transactions are append-only"),
            ("DELETE FROM transactions", "ledger transactions are append-only"),
        ):
            with pytest.raises(asyncpg.IntegrityConstraintViolationError, match=message):
                await pg.execute(sql)
        assert await pg.fetchval("SELECT count(*) FROM entries") == 1
    finally:
        await pg.close()
    with closing(sqlite_at(len(SQLITE))) as lite:  # what SQLite does, for the record
        lite.executescript(setup)
        with pytest.raises(sqlite3.IntegrityError, match="ledger entries are append-only"):
            lite.execute("UPDATE entries SET amount = 6")


# Overrides as a stored game may hold them at version 8, and what 0009 makes of them (None: the
# same text, untouched).
OVERRIDES = [
    ("dmjl", '{"nine_lanterns_easy":true,"other":1,"traditional_limit_hands":false}', '{"other":1}'),
    ("rumisberg", '{"nine_lanterns_easy":null}', "{}"),
    ("dmjl", '{"a": [1, 2], "traditional_limit_hands": 3, "b": "x y"}', '{"a":[1,2],"b":"x y"}'),
    (
        "dmjl",
        '{ "y" : { "z" : [ 1 , "a b" ] } , "nine_lanterns_easy" : 1e3, "x": 1.50 }',
        '{"y":{"z":[1,"a b"]},"x":1.50}',
    ),
    ("dmjl", '{"x":"a \\"b\\" c","nine_lanterns_easy":1}', '{"x":"a \\"b\\" c"}'),
    ("dmjl", '{"x":"\\u00e9 é\\n","traditional_limit_hands":1}', '{"x":"\\u00e9 é\\n"}'),
    ("dmjl", '{"original_call":true,"traditional_limit_hands":1}', '{"original_call":true}'),
    ("dmjl", "not json", None),
    ("dmjl", "[1, 2]", None),
    ("dmjl", '"nine_lanterns_easy"', None),
    ("dmjl", '{"other": 1}', None),
    ("dmjl", "{}", None),
    (
        "huabao",
        '{"original_call":true,"rob_concealed_kong_13_orphans":1,"traditional_limit_hands":true,'
        '"zero_point_basis":0}',
        '{"traditional_limit_hands":true}',
    ),
    ("huabao", '{"nine_lanterns_easy":true}', None),
    ("wikibooks", '{"original_call":1, "nine_lanterns_easy":1}', None),
]


async def test_upgrades_that_move_data_leave_the_same_rows(pg_server: PostgresServer) -> None:
    rows = ["INSERT INTO guilds (guild_id, created_at) VALUES (7, 't')"]
    statuses = [("live", "NULL"), ("finished", "'2026-01-02'"), ("abandoned", "'2026-01-03'")]
    for channel, (ruleset, overrides, _) in enumerate(OVERRIDES):
        status, ended = statuses[channel % 3]
        quoted = overrides.replace("'", "''")
        rows.append(
            "INSERT INTO games (guild_id, channel_id, ruleset, overrides, fingerprint, seed, status, "
            f"created_at, ended_at) VALUES (7, {channel}, '{ruleset}', '{quoted}', 'f', 1, '{status}', 't', "
            f"{ended})"
        )
    read = "SELECT game_id, ruleset, overrides, status, end_posted_at FROM games ORDER BY game_id"
    with closing(sqlite_at(8)) as lite:
        for sql in rows:
            lite.execute(sql)
        upgrade_sqlite(lite, SQLITE[8:])
        expected = [tuple(row) for row in lite.execute(read).fetchall()]
    pg = await postgres_at(pg_server, 8)
    try:
        for sql in rows:
            await pg.execute(sql)
        await upgrade_postgres(pg, POSTGRES[8:])
        got = [tuple(row) for row in await pg.fetch(read)]
    finally:
        await pg.close()
    assert got == expected
    for (_, _, overrides, _, _), (_, before, wanted) in zip(got, OVERRIDES, strict=True):
        assert overrides == (before if wanted is None else wanted)
    assert [row[4] for row in got[:3]] == [None, "2026-01-02", "2026-01-03"]
