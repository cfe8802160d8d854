"""Schema migrations: from empty, from every older version, refusing newer or edited schemas."""

from __future__ import annotations

from pathlib import Path

import pytest
from storage_support import fold

from bot.storage import Payment, SchemaError, SchemaTooNewError, Storage
from bot.storage import migrate as migrate_module
from bot.storage.migrate import LATEST_VERSION, Migration, load_migrations


def test_migration_files_are_numbered_and_say_why_they_exist() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert LATEST_VERSION == len(migrations) >= 3
    for m in migrations:
        header = "\n".join(line for line in m.sql.splitlines()[:20] if line.startswith("--"))
        assert m.name in header and "Why:" in header, f"{m.name} lacks its header comment"


async def test_fresh_database_is_migrated_and_recorded(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        assert await storage.schema_version() == LATEST_VERSION
        applied = await storage.applied_migrations()
        assert [(v, n) for v, n, _ in applied] == [(m.version, m.name) for m in load_migrations()]
        assert await storage.integrity_check() == "ok"
    async with Storage(tmp_path / "db.sqlite3") as storage:  # reopening applies nothing again
        assert len(await storage.applied_migrations()) == LATEST_VERSION


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
        game = await storage.create_game(7, 70, [11, 12, "ai:easy", "ai:easy"], 5)
        await storage.append_action(game.game_id, 1, 1, "E discard 1m")


@pytest.mark.parametrize("old_version", range(LATEST_VERSION + 1))
async def test_upgrade_from_every_older_version_keeps_the_data(tmp_path: Path, old_version: int) -> None:
    path = tmp_path / "db.sqlite3"
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
        assert (await storage.club_options(7)).allow_member_transfers
        assert [c.name for c in await storage.settings_history(7)] == [
            "allow_member_transfers",
            "ruleset",
            "limit",
        ]
        assert await storage.balance(7, 11) == 2250
        games = await storage.load_unfinished_games()
        assert len(games) == 1 and games[0].actions == ("E discard 1m",)
        await storage.finish_hand(games[0].game_id, 1, result="draw", payments=[Payment(1, 0, 10)])
        assert await storage.balance(7, 11) == 2260
        assert (await storage.check_ledger()).ok
        assert await storage.integrity_check() == "ok"
        assert fold((await storage.load_unfinished_games())[0]).hands[0][2] == "draw"


def _with_extra(extra: Migration) -> tuple[Migration, ...]:
    return (*load_migrations(), extra)


async def test_newer_database_refuses_to_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "db.sqlite3"
    future = Migration(LATEST_VERSION + 1, f"{LATEST_VERSION + 1:04d}_future", "-- Why: later\nSELECT 1;")
    with monkeypatch.context() as patch:
        patch.setattr(migrate_module, "load_migrations", lambda: _with_extra(future))
        async with Storage(path) as newer:
            assert await newer.schema_version() == LATEST_VERSION + 1
    with pytest.raises(SchemaTooNewError) as err:
        await Storage(path).open()
    message = str(err.value)
    assert f"schema version {LATEST_VERSION + 1}" in message and future.name in message
    assert f"up to {LATEST_VERSION}" in message and "newer version of the bot" in message


async def test_edited_migration_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "db.sqlite3"
    async with Storage(path):
        pass
    first, *rest = load_migrations()
    edited = Migration(first.version, first.name, first.sql + "\n-- an edit\n")
    monkeypatch.setattr(migrate_module, "load_migrations", lambda: (edited, *rest))
    with pytest.raises(SchemaError, match="changed after it was applied"):
        await Storage(path).open()


async def test_failing_migration_rolls_back_as_a_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db.sqlite3"
    name = f"{LATEST_VERSION + 1:04d}_next"
    broken = Migration(LATEST_VERSION + 1, name, "-- Why: test\nCREATE TABLE half_done (x INTEGER);\nBROKEN;")
    fixed = Migration(LATEST_VERSION + 1, name, "-- Why: test\nCREATE TABLE half_done (x INTEGER);")
    async with Storage(path) as storage:
        await storage.buy_in(1, 2, 100)
    monkeypatch.setattr(migrate_module, "load_migrations", lambda: _with_extra(broken))
    with pytest.raises(SchemaError, match="rolled back"):
        await Storage(path).open()
    monkeypatch.setattr(migrate_module, "load_migrations", lambda: _with_extra(fixed))
    # Had the first statement of the broken file stayed, creating the table again would fail.
    async with Storage(path) as storage:
        assert await storage.schema_version() == LATEST_VERSION + 1
        assert await storage.balance(1, 2) == 2100
        assert await storage.integrity_check() == "ok"


async def test_schema_version_beyond_the_code_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SchemaError, match="does not exist"):
        await Storage(tmp_path / "db.sqlite3", schema_version=LATEST_VERSION + 1).open()
