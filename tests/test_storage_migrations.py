"""Schema migrations: from empty, from every older version, refusing newer, edited, foreign or
inconsistent databases without changing them, and files the bot cannot write.

Every test of the migrations' behaviour takes the ``db`` fixture and runs on SQLite and on
PostgreSQL (tests/storage_backends.py). Those about the SQLite file itself (its bytes, WAL,
``PRAGMA user_version``, file permissions, a file that is no database) stay SQLite-only; their
PostgreSQL counterparts (a server that cannot be reached, a database of another program) are here
too."""

from __future__ import annotations

import asyncio
import ctypes
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import asyncpg
import postgres_server
import pytest
import storage_backends
from storage_support import fold

from bot.storage import DatabaseAccessError, HandSummary, Payment, SchemaError, SchemaTooNewError, Storage
from bot.storage import migrate as migrate_module
from bot.storage.migrate import LATEST_VERSION, Migration, load_migrations
from bot.storage.sql import Db, Dialect
from engine.recorded import SeatEntry

ROOT = Path(__file__).resolve().parent.parent

_load_shipped = load_migrations
"""The real loader (the tests below patch the module's ``load_migrations``)."""


async def _run_sql(location: Path | str, *statements: str) -> None:
    """Run statements on the database through a connection of their own, as another program would."""
    if storage_backends.dialect(location) == "sqlite":
        with closing(sqlite3.connect(location)) as con:
            for statement in statements:
                con.execute(statement)
            con.commit()
        return
    conn = await asyncpg.connect(str(location))
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_migration_files_are_numbered_and_say_why_they_exist(dialect: Dialect) -> None:
    migrations = load_migrations(dialect)
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert LATEST_VERSION == len(migrations) >= 3
    for m in migrations:
        header = "\n".join(line for line in m.sql.splitlines()[:20] if line.startswith("--"))
        assert m.name in header and "Why:" in header, f"{m.name} lacks its header comment"


async def test_fresh_database_is_migrated_and_recorded(db: Path | str) -> None:
    async with Storage(db) as storage:
        assert await storage.schema_version() == LATEST_VERSION
        applied = await storage.applied_migrations()
        assert [(v, n) for v, n, _ in applied] == [(m.version, m.name) for m in load_migrations()]
        assert await storage.integrity_check() == "ok"
    async with Storage(db) as storage:  # reopening applies nothing again
        assert len(await storage.applied_migrations()) == LATEST_VERSION


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A new, empty database on the tests' PostgreSQL server (for what only PostgreSQL has)."""
    server = postgres_server.shared()
    url = server.new_database()
    yield url
    server.drop_database(url)


@pytest.fixture(params=["sqlite", "postgres"])
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    """Where a new database will be: a file not made yet, or a new, empty PostgreSQL database."""
    if request.param == "sqlite":
        yield tmp_path / "new.sqlite3"
        return
    server = postgres_server.shared()
    url = server.new_database()
    yield url
    server.drop_database(url)


async def test_two_storages_opening_a_new_database_at_once_migrate_it_once(fresh: str | Path) -> None:
    """Two bot processes started together (shards over one PostgreSQL), or the bot and
    ``mahjong export`` on a new SQLite file, both open the new database: the migrations are
    applied once (PostgreSQL: under the backend's advisory lock; SQLite: the one that comes
    second finds each migration recorded, and goes on; before, it failed with "table guilds
    already exists")."""
    first, second = Storage(fresh), Storage(fresh)
    try:
        await asyncio.gather(first.open(), second.open())
        for storage in (first, second):
            applied = await storage.applied_migrations()
            assert [(v, n) for v, n, _ in applied] == [(m.version, m.name) for m in load_migrations()]
        await first.buy_in(1, 2, 100)
        assert await second.balance(1, 2) == 2100
    finally:
        await first.close()
        await second.close()


SUMMARY = HandSummary(1, self_drawn=True, win_tile="5p", values=(0, 32, 4, 0), score='{"total":32}')


async def _fill(storage: Storage, versions: range) -> None:
    """Write, through the public API, what the schema of each of ``versions`` added room for."""
    if 1 in versions:
        await storage.set_house_rule(7, "limit", "300", actor_id=1)
        await storage.set_ruleset(7, "huabao", channel_id=70, actor_id=1)
        await storage.remember_player(11, "Ada")
        await storage.set_language(11, "de")
    if 2 in versions:
        await storage.set_club_option(7, "allow_member_transfers", True, actor_id=1)
        await storage.buy_in(7, 11, 250)
    if 3 in versions:
        if await storage.schema_version() < 7:
            game_id = await _create_game_as_version_3_did(storage)
        else:
            game_id = (await storage.create_game(7, 70, [11, 12, "ai:easy", "ai:easy"], 5)).game_id
        await storage.append_action(game_id, 1, 1, "E discard 1m")
    if 4 in versions:
        (game,) = await storage.load_unfinished_games()
        await storage.set_deadline(game.game_id, 1_800_000_000.5, 1)
    if 5 in versions:
        await storage.set_club_option(7, "buy_in_limit", 2, actor_id=1)
        await storage.set_club_option(7, "balance_floor", -100, actor_id=1)
    if 6 in versions:
        await storage.set_table_setting(7, "turn_seconds", "45", actor_id=1)
        await storage.set_table_setting(7, "language", "de", channel_id=70, actor_id=1)
    if 7 in versions:
        await storage.create_game(7, 71, [11, 12, "ai:easy", "ai:easy"], 6, times={"turn_seconds": 45})
    if 8 in versions:
        (game,) = [g for g in await storage.load_unfinished_games() if g.channel_id == 71]
        await storage.finish_hand(game.game_id, 1, result="winner=1 mahjong", summary=SUMMARY)
    if 10 in versions:  # a game that ended, its log pruned (the live ones keep theirs)
        ended = await storage.create_game(7, 72, [11, 12, "ai:easy", "ai:easy"], 7)
        await storage.append_action(ended.game_id, 1, 1, "E discard 1m")
        await storage.finish_hand(
            ended.game_id, 1, result="winner=1 mahjong", summary=SUMMARY, ends_game=True
        )
        pruned = await storage.prune_game_logs(datetime.now(UTC) + timedelta(days=1))
        assert (pruned.games, pruned.actions) == (1, 1)
        assert (await storage.load_game(ended.game_id)).log_pruned_at is not None
    if 11 in versions:  # a finished game whose final sheet is not posted yet, then is
        done = await storage.create_game(7, 73, [11, 12, "ai:easy", "ai:easy"], 7)
        await storage.append_action(done.game_id, 1, 1, "E discard 1m")
        await storage.finish_hand(done.game_id, 1, result="winner=1 mahjong", summary=SUMMARY, ends_game=True)
        unposted = await storage.restore_unfinished_games(lambda record: record.status)
        assert unposted.games[done.game_id] == "finished"
        await storage.mark_end_posted(done.game_id)
    if 14 in versions:  # a recorded game (kind 'record', 12): an entry, a booked hand, one pending
        record = await storage.open_record(7, 74, [41, 42, 43, 44], opened_by=41, ruleset="dmjl")
        entries = {1: SeatEntry.won("234m 777z [555s] [678p] 99p", win_tile="9p", self_drawn=True)}
        entries |= {seat: SeatEntry.lost(points=seat) for seat in (0, 2, 3)}
        for seat, entry in entries.items():
            await storage.enter_hand(record.game_id, 1, record.seats[seat], entry, by=41)
        for member in record.seats:
            await storage.confirm_hand(record.game_id, 1, member)
        await storage.enter_hand(record.game_id, 2, 42, SeatEntry.lost(points=2), by=42)
        await storage.set_record_card(record.game_id, 74, 9)


async def _create_game_as_version_3_did(storage: Storage) -> int:
    """The rows ``create_game`` wrote in versions 3 to 6 (today's writes columns that came later)."""

    async def work(db: Db) -> int:
        await db.execute(
            "INSERT INTO guilds (guild_id, created_at) VALUES (7, 'then') ON CONFLICT DO NOTHING"
        )
        game_id = await db.insert(
            "INSERT INTO games (guild_id, channel_id, ruleset, overrides, fingerprint, seed, created_by, "
            "created_at) VALUES (7, 70, 'huabao', '{\"limit\": 300}', '', 5, NULL, 'then')",
            (),
            key="game_id",
        )
        await db.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id, ai_level) VALUES (?, ?, ?, ?)",
            [
                (game_id, 0, 11, None),
                (game_id, 1, 12, None),
                (game_id, 2, None, "ai:easy"),
                (game_id, 3, None, "ai:easy"),
            ],
        )
        await db.execute("INSERT INTO hands (game_id, hand_no, started_at) VALUES (?, 1, 'then')", (game_id,))
        return game_id

    return await storage._write(work)


@pytest.mark.parametrize("old_version", range(LATEST_VERSION + 1))
async def test_upgrade_from_every_older_version_keeps_the_data(db: Path | str, old_version: int) -> None:
    path = db
    async with Storage(path, schema_version=old_version) as old:
        assert await old.schema_version() == old_version
        await _fill(old, range(1, old_version + 1))
    async with Storage(path) as storage:
        assert await storage.schema_version() == LATEST_VERSION
        assert [v for v, _, _ in await storage.applied_migrations()] == list(range(1, LATEST_VERSION + 1))
        await _fill(storage, range(old_version + 1, LATEST_VERSION + 1))  # what the old schema lacked
        # Whatever version the data was written at, the upgraded database holds all of it.
        rules = await storage.table_rules(7, 70)
        assert (rules.ruleset, dict(rules.overrides)) == ("huabao", {"limit": 300})
        player = await storage.get_player(11)
        assert player is not None and (player.display_name, player.language) == ("Ada", "de")
        options = await storage.club_options(7)
        assert options.allow_member_transfers
        assert (options.buy_in_amount, options.buy_in_limit, options.balance_floor) == (5000, 2, -100)
        assert [c.name for c in await storage.settings_history(7)] == [
            "language",
            "turn_seconds",
            "balance_floor",
            "buy_in_limit",
            "allow_member_transfers",
            "ruleset",
            "limit",
        ]
        table = await storage.table_settings(7, 70)
        assert (table.turn_seconds, table.language) == (45, "de")
        assert await storage.balance(7, 11) == 2250
        games = sorted(await storage.load_unfinished_games(), key=lambda g: g.channel_id)
        assert [g.channel_id for g in games] == [70, 71] and games[0].actions == ("E discard 1m",)
        assert (games[0].times, games[1].times) == ({}, {"turn_seconds": 45.0})
        assert (games[0].language, games[0].deadline, games[0].deadline_version) == ("en", 1_800_000_000.5, 1)
        await storage.finish_hand(games[0].game_id, 1, result="draw", payments=[Payment(1, 0, 10)])
        assert await storage.balance(7, 11) == 2260
        assert (await storage.check_ledger()).ok
        assert await storage.integrity_check() == "ok"
        (record,) = await storage.live_records(7)
        assert (record.hand_no, sorted(record.entries), record.card_message_id) == (2, [1], 9)
        assert sum(record.nets) == 0 and record.nets[1] > 0
        # The games a start-up takes up: the live ones; no finished one (posted, or from before 11).
        restored = await storage.restore_unfinished_games(lambda record: record.channel_id)
        assert sorted(restored.games.values()) == [70, 71] and not restored.failed
        assert fold(await storage.load_game(games[0].game_id)).hands[0][2] == "draw"
        assert await storage.hand_summaries([games[0].game_id, games[1].game_id]) == {
            games[0].game_id: {},
            games[1].game_id: {1: SUMMARY},
        }


def _with_extra(extra: Migration) -> Any:
    """A stand-in for ``load_migrations``: the shipped files of the dialect asked for, and ``extra``."""

    def load(dialect: Dialect = "sqlite") -> tuple[Migration, ...]:
        return (*_load_shipped(dialect), extra)

    return load


async def test_newer_database_refuses_to_start(db: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = db
    future = Migration(LATEST_VERSION + 1, f"{LATEST_VERSION + 1:04d}_future", "-- Why: later\nSELECT 1;")
    with monkeypatch.context() as patch:
        patch.setattr(migrate_module, "load_migrations", _with_extra(future))
        async with Storage(path) as newer:
            assert await newer.schema_version() == LATEST_VERSION + 1
    before = await storage_backends.committed_async(path)
    with pytest.raises(SchemaTooNewError) as err:
        await Storage(path).open()
    assert await storage_backends.committed_async(path) == before
    message = str(err.value)
    assert f"schema version {LATEST_VERSION + 1}" in message and future.name in message
    assert f"up to {LATEST_VERSION}" in message and "newer version of the bot" in message


async def test_edited_migration_is_refused(db: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = db
    async with Storage(path):
        pass
    before = await storage_backends.committed_async(path)

    def edited(dialect: Dialect = "sqlite") -> tuple[Migration, ...]:
        first, *rest = _load_shipped(dialect)
        return (Migration(first.version, first.name, first.sql + "\n-- an edit\n"), *rest)

    monkeypatch.setattr(migrate_module, "load_migrations", edited)
    with pytest.raises(SchemaError, match="changed after it was applied"):
        await Storage(path).open()
    assert await storage_backends.committed_async(path) == before


async def test_failing_migration_rolls_back_as_a_whole(
    db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = db
    name = f"{LATEST_VERSION + 1:04d}_next"
    broken = Migration(LATEST_VERSION + 1, name, "-- Why: test\nCREATE TABLE half_done (x INTEGER);\nBROKEN;")
    fixed = Migration(LATEST_VERSION + 1, name, "-- Why: test\nCREATE TABLE half_done (x INTEGER);")
    async with Storage(path) as storage:
        await storage.buy_in(1, 2, 100)
    before = await storage_backends.committed_async(path)
    monkeypatch.setattr(migrate_module, "load_migrations", _with_extra(broken))
    with pytest.raises(SchemaError, match="rolled back"):
        await Storage(path).open()
    assert await storage_backends.committed_async(path) == before  # no half_done, no record of it
    monkeypatch.setattr(migrate_module, "load_migrations", _with_extra(fixed))
    # Had the first statement of the broken file stayed, creating the table again would fail.
    async with Storage(path) as storage:
        assert await storage.schema_version() == LATEST_VERSION + 1
        assert await storage.balance(1, 2) == 2100
        assert await storage.integrity_check() == "ok"


async def test_schema_version_beyond_the_code_is_an_error(db: Path | str) -> None:
    with pytest.raises(SchemaError, match="does not exist"):
        await Storage(db, schema_version=LATEST_VERSION + 1).open()


# ------------------------------------------------- refusing a file changes nothing (issue 9, finding 3)


def _snapshot(path: Path) -> tuple[str, list[str]]:
    """The file's bytes (as a digest) and the files beside it (a WAL switch would leave -wal, -shm)."""
    return hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in path.parent.iterdir())


def _journal_mode(path: Path) -> str:
    con = sqlite3.connect(path)
    try:
        return str(con.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        con.close()


async def test_a_newer_database_is_refused_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "db.sqlite3"
    future = Migration(LATEST_VERSION + 1, f"{LATEST_VERSION + 1:04d}_future", "-- Why: later\nSELECT 1;")
    with monkeypatch.context() as patch:
        patch.setattr(migrate_module, "load_migrations", _with_extra(future))
        async with Storage(path):
            pass
    with closing(sqlite3.connect(path)) as con:  # as a newer bot might leave it: not in WAL mode
        con.execute("PRAGMA journal_mode = DELETE")
    before = _snapshot(path)
    with pytest.raises(SchemaTooNewError, match="newer version of the bot"):
        await Storage(path).open()
    assert _snapshot(path) == before and _journal_mode(path) == "delete"


async def test_a_database_of_another_program_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    with closing(sqlite3.connect(path)) as con:
        con.execute("CREATE TABLE notes (text TEXT)")
        con.execute("CREATE TABLE guilds (x INTEGER)")  # even a table name of ours
        con.commit()
    before = _snapshot(path)
    with pytest.raises(SchemaError) as err:
        await Storage(path).open()
    assert str(err.value) == (
        f"the database {path} is not a database of this bot: it has no schema_migrations table but the "
        "tables 'guilds', 'notes'. It was left unchanged; set MAHJONG_DB to the bot's own database or "
        "to a new file."
    )
    assert _snapshot(path) == before and _journal_mode(path) == "delete"
    with closing(sqlite3.connect(path)) as con:
        assert [r[0] for r in con.execute("SELECT name FROM sqlite_master ORDER BY name")] == [
            "guilds",
            "notes",
        ]


async def test_a_postgres_database_of_another_program_is_refused_unchanged(pg_url: str) -> None:
    """PostgreSQL's counterpart of the test above: tables but no schema_migrations."""
    url = pg_url
    await _run_sql(
        url,
        "CREATE TABLE notes (text TEXT)",
        "CREATE TABLE guilds (x INTEGER)",  # even a table name of ours
        "INSERT INTO notes VALUES ('keep me')",
    )
    before = await storage_backends.committed_async(url)
    with pytest.raises(SchemaError) as err:
        await Storage(url).open()
    name, socket = storage_backends.database_name(url), postgres_server.shared().socket_dir
    assert str(err.value) == (
        f"the PostgreSQL database {name} (user {postgres_server.USER}) on {socket} "
        "is not a database of this bot: it has no schema_migrations table but the tables 'guilds', "
        "'notes'. It was left unchanged; set MAHJONG_DATABASE_URL to the bot's own database or to a "
        "new, empty one."
    )
    assert await storage_backends.committed_async(url) == before
    assert "-- schema_migrations" not in before and "'keep me'" in before


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://club:s3cret-word@/mahjong?host={missing}&port=5432",  # no server at that socket
        "postgresql://club:s3cret-word@127.0.0.1:1/mahjong",  # nothing listens on port 1
        "postgresql://{user}:s3cret-word@/no_such_database?host={socket}&port={port}",  # server, no db
    ],
    ids=["no socket", "refused", "no database"],
)
async def test_a_postgres_server_that_cannot_be_reached_is_named_without_the_password(
    url: str, tmp_path: Path
) -> None:
    server = postgres_server.shared()
    url = url.format(
        missing=tmp_path / "none", user=postgres_server.USER, socket=server.socket_dir, port=server.port
    )
    with pytest.raises(DatabaseAccessError) as err:
        await Storage(url).open()
    said = str(err.value)
    assert "s3cret-word" not in said and "s3cret-word" not in repr(err.value.__cause__)
    assert said.startswith("the PostgreSQL database ") and " cannot be reached (" in said, said
    assert "MAHJONG_DATABASE_URL" in said and "the server runs and accepts connections" in said


async def test_a_postgres_database_the_bots_user_may_not_write_is_named_with_what_to_do(pg_url: str) -> None:
    """PostgreSQL's counterpart of a read-only file: a user who may connect but not create tables."""
    server = postgres_server.shared()
    role = server.new_name()
    server.psql_command(f"CREATE ROLE {role} LOGIN")
    try:
        url = pg_url.replace(f"//{postgres_server.USER}@", f"//{role}@", 1)
        await _run_sql(pg_url, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")  # as from PostgreSQL 15 on
        before = await storage_backends.committed_async(pg_url)
        with pytest.raises(DatabaseAccessError) as err:
            await Storage(url).open()
        said = str(err.value)
        name = storage_backends.database_name(pg_url)
        assert said.startswith(
            f"the PostgreSQL database {name} (user {role}) on {server.socket_dir} cannot be "
        ), said
        assert "permission denied" in said and "its user may create tables in it" in said
        assert await storage_backends.committed_async(pg_url) == before  # not even schema_migrations
    finally:
        server.drop_database(pg_url)
        server.psql_command(f"DROP ROLE {role}")


async def test_a_postgres_url_asyncpg_cannot_read_is_named_without_the_password() -> None:
    with pytest.raises(DatabaseAccessError) as err:
        await Storage("postgresql://club:s3cret-word@db.example:notaport/mahjong").open()
    said = str(err.value)
    assert "s3cret-word" not in said
    assert said.startswith("MAHJONG_DATABASE_URL is not a PostgreSQL URL asyncpg accepts")
    assert "postgresql://user:password@host:5432/database" in said


async def test_a_file_that_is_no_database_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    path.write_text("name,chips\nAda,100\n" * 500)
    before = _snapshot(path)
    with pytest.raises(SchemaError, match=f"{path} is not an SQLite database .*MAHJONG_DB"):
        await Storage(path).open()
    assert _snapshot(path) == before


@pytest.mark.parametrize("shift", [+2, -1])
async def test_user_version_that_disagrees_with_the_migrations_is_refused(tmp_path: Path, shift: int) -> None:
    path = tmp_path / "db.sqlite3"
    async with Storage(path) as storage:
        await storage.buy_in(1, 2, 100)
    with closing(sqlite3.connect(path)) as con:
        con.execute(f"PRAGMA user_version = {LATEST_VERSION + shift}")
    before = _snapshot(path)[0]  # the bytes: a read-only look at a WAL database leaves its -shm
    with pytest.raises(SchemaError) as err:
        await Storage(path).open()
    assert str(err.value).startswith(
        f"the database {path} says it is at schema version {LATEST_VERSION + shift} (PRAGMA user_version) "
        f"but records migrations up to {LATEST_VERSION} (schema_migrations)"
    )
    assert _snapshot(path)[0] == before


# ------------------------------------------------- files the bot may not write (issue 9, finding 3)

_OPEN_AND_WRITE = """
import asyncio, sys
from bot.storage import Storage

async def main():
    try:
        async with Storage(sys.argv[1]) as storage:
            await storage.buy_in(1, 2, 100)
    except Exception as exc:
        print(type(exc).__name__, exc)
    else:
        print("wrote")

asyncio.run(main())
"""


def _without_root_powers() -> None:
    """In the child, before it runs Python: as root, give up overriding file permissions
    (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER leave the bounding set), so that read-only
    files and folders are read-only for it too; any other user is bound by them already."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def _open_and_write(path: Path) -> str:
    """Open the database and write to it in a child process that must respect the file
    permissions; what it said: the error, or ``wrote``."""
    child = subprocess.run(
        [sys.executable, "-c", _OPEN_AND_WRITE, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=_without_root_powers,
    )
    assert child.returncode == 0 and not child.stderr, child.stderr
    return child.stdout.strip()


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder for the database, writable again afterwards so that it can be removed."""
    made = tmp_path / "data"
    made.mkdir()
    try:
        yield made
    finally:
        for path in (made, *made.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)


async def _create(path: Path) -> None:
    async with Storage(path):
        pass


def test_the_child_cannot_write_what_is_read_only(folder: Path) -> None:
    """The premise of the tests below: their child process is bound by file permissions."""
    (folder / "sub").mkdir()
    (folder / "sub").chmod(0o555)
    assert _open_and_write(folder / "sub" / "club.sqlite3").startswith("DatabaseAccessError")
    assert _open_and_write(folder / "club.sqlite3") == "wrote"


@pytest.mark.parametrize("case", ["read-only file", "read-only folder", "new file in a read-only folder"])
def test_a_database_the_bot_cannot_write_is_named_with_what_to_do(folder: Path, case: str) -> None:
    path = folder / "club.sqlite3"
    if case != "new file in a read-only folder":
        asyncio.run(_create(path))
    if case == "read-only file":
        path.chmod(0o444)  # the folder may be written, the file not
    else:
        folder.chmod(0o555)
    before = _snapshot(path)[0] if path.exists() else None  # the bytes (SQLite may add a -shm)
    said = _open_and_write(path)
    assert said.startswith(f"DatabaseAccessError the database {path} cannot be "), said
    assert "write permission on the file and its folder" in said and "MAHJONG_DB" in said
    assert (_snapshot(path)[0] if path.exists() else None) == before


def test_a_folder_that_cannot_be_created_is_named(folder: Path) -> None:
    folder.chmod(0o555)
    path = folder / "club" / "club.sqlite3"
    said = _open_and_write(path)
    assert said.startswith(f"DatabaseAccessError cannot create the folder {path.parent} for the database"), (
        said
    )
    assert "MAHJONG_DB" in said


async def test_a_database_that_turns_read_only_while_open_is_named(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    async with Storage(path) as storage:
        await storage.buy_in(1, 2, 100)
        db = cast(Any, storage._backend)._db
        assert db is not None
        await db.execute("PRAGMA query_only = ON")  # SQLite now refuses writes as on a read-only disk
        with pytest.raises(DatabaseAccessError, match=f"the database {path} cannot be written"):
            await storage.buy_in(1, 2, 100)
        assert await storage.balance(1, 2) == 2100  # reads go on


async def test_version_9_drops_overrides_a_ruleset_never_read(db: Path | str) -> None:
    """Issue 25 item 5: dmjl and rumisberg no longer take Hua Bao's traditional limit hands,
    huabao not DMJL's call and zero-point hand nor the robbing of a concealed kong by thirteen
    orphans (no winning hand there); stored games lose those overrides (they changed
    nothing) and can be rebuilt; others stay as they were."""
    path = db
    stored = {
        70: ("dmjl", {"limit": 300, "traditional_limit_hands": True, "nine_lanterns_easy": True}),
        71: (
            "huabao",
            {
                "original_call": True,
                "zero_point_basis": "figure_points",
                "rob_concealed_kong_13_orphans": True,
                "seven_pairs": True,
            },
        ),
        72: ("huabao", {"traditional_limit_hands": True}),
        73: ("rumisberg", {"nine_lanterns_easy": False}),
    }
    async with Storage(path, schema_version=8) as old:

        async def work(db: Db) -> None:
            await db.execute(
                "INSERT INTO guilds (guild_id, created_at) VALUES (7, 'then') ON CONFLICT DO NOTHING"
            )
            for channel, (ruleset, overrides) in stored.items():
                await db.execute(
                    "INSERT INTO games (guild_id, channel_id, ruleset, overrides, fingerprint, seed, "
                    "created_by, created_at) VALUES (7, ?, ?, ?, '', 5, NULL, 'then')",
                    (channel, ruleset, json.dumps(overrides)),
                )

        await old._write(work)
    async with Storage(path) as storage:
        games = {g.channel_id: g for g in await storage.load_unfinished_games()}
        assert dict(games[70].overrides) == {"limit": 300}
        assert dict(games[71].overrides) == {"seven_pairs": True}
        assert dict(games[72].overrides) == {"traditional_limit_hands": True}
        assert dict(games[73].overrides) == {}
        for game in games.values():
            game.settings()  # the engine takes every stored game's rules again
