"""Storage of rulesets, house rules, club options and players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage import ClubOptions, Storage, StorageInputError, db_path_from_env
from engine.errors import SettingError
from engine.rulesets import get_ruleset


class Clock:
    """A clock that moves one minute per reading."""

    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    async with Storage(db, clock=Clock()) as s:
        yield s


async def test_defaults_without_any_choice(storage: Storage) -> None:
    rules = await storage.table_rules(1, 10)
    assert (rules.ruleset, dict(rules.overrides)) == ("dmjl", {})
    assert rules.settings == get_ruleset("dmjl").settings()


async def test_house_rules_are_validated_converted_and_only_overrides_stored(storage: Storage) -> None:
    rules = await storage.set_house_rule(1, "limit", " 300 ", actor_id=5)
    rules = await storage.set_house_rule(1, "seven_pairs", "yes", actor_id=5)
    assert dict(rules.overrides) == {"limit": 300, "seven_pairs": True}
    assert rules.settings == get_ruleset("dmjl").settings({"limit": 300, "seven_pairs": True})


async def test_channel_choices_override_the_servers(storage: Storage) -> None:
    await storage.set_house_rule(1, "limit", 300)
    await storage.set_house_rule(1, "limit", 1000, channel_id=10)
    await storage.set_ruleset(1, "huabao", channel_id=10)
    here, elsewhere = await storage.table_rules(1, 10), await storage.table_rules(1, 11)
    assert (here.ruleset, here.settings.limit, here.settings.mj_bonus) == ("huabao", 1000, 10)
    assert (elsewhere.ruleset, elsewhere.settings.limit) == ("dmjl", 300)
    rules = await storage.set_ruleset(1, None, channel_id=10)  # back to the server's ruleset
    assert (rules.ruleset, rules.settings.limit) == ("dmjl", 1000)
    rules = await storage.clear_house_rule(1, "limit", channel_id=10)
    assert rules.settings.limit == 300


@pytest.mark.parametrize(
    ("name", "value"), [("limit", "lots"), ("limit", 5), ("no_such_rule", 1), ("seven_pairs", "maybe")]
)
async def test_bad_settings_raise_the_engines_message_and_change_nothing(
    storage: Storage, name: str, value: object
) -> None:
    await storage.set_house_rule(1, "limit", 300)
    with pytest.raises(SettingError) as engine_error:
        get_ruleset("dmjl").settings({name: value})
    with pytest.raises(SettingError) as err:
        await storage.set_house_rule(1, name, value, channel_id=10)
    assert str(err.value) == str(engine_error.value)
    assert dict((await storage.table_rules(1, 10)).overrides) == {"limit": 300}
    assert len(await storage.settings_history(1)) == 1


async def test_unknown_ruleset_is_refused(storage: Storage) -> None:
    with pytest.raises(SettingError, match="rulesets are: dmjl, huabao"):
        await storage.set_ruleset(1, "riichi")
    with pytest.raises(SettingError, match="there is no setting"):
        await storage.clear_house_rule(1, "nope")


async def test_history_says_who_changed_what_and_when(storage: Storage) -> None:
    await storage.set_house_rule(1, "limit", 300, actor_id=5)
    await storage.set_house_rule(1, "limit", 400, actor_id=6)
    await storage.set_house_rule(1, "limit", 400, actor_id=6)  # no change, no entry
    await storage.set_ruleset(1, "huabao", channel_id=10, actor_id=7)
    await storage.clear_house_rule(1, "limit", actor_id=8)
    await storage.set_club_option(1, "allow_negative_balance", "no", actor_id=9)
    history = await storage.settings_history(1)
    assert [(c.kind, c.name, c.old_value, c.new_value, c.changed_by, c.channel_id) for c in history] == [
        ("club_option", "allow_negative_balance", True, False, 9, None),
        ("house_rule", "limit", 400, None, 8, None),
        ("ruleset", "ruleset", None, "huabao", 7, 10),
        ("house_rule", "limit", 300, 400, 6, None),
        ("house_rule", "limit", None, 300, 5, None),
    ]
    times = [c.changed_at for c in history]
    assert times == sorted(times, reverse=True) and times[-1].startswith("2025-01-01T12:")


async def test_club_options(storage: Storage) -> None:
    assert await storage.club_options(1) == ClubOptions(
        allow_negative_balance=True, allow_member_transfers=False
    )
    options = await storage.set_club_option(1, "allow_member_transfers", "on")
    assert options == ClubOptions(allow_negative_balance=True, allow_member_transfers=True)
    with pytest.raises(
        StorageInputError, match="options are: allow_negative_balance, allow_member_transfers"
    ):
        await storage.set_club_option(1, "free_chips", True)
    with pytest.raises(SettingError, match="takes true or false"):
        await storage.set_club_option(1, "allow_negative_balance", "perhaps")


async def test_players_and_languages(storage: Storage) -> None:
    assert await storage.get_player(42) is None
    first = await storage.remember_player(42, "Ada")
    again = await storage.remember_player(42, "  Ada L.  ")
    assert (again.display_name, again.first_seen) == ("Ada L.", first.first_seen)
    assert again.last_seen > first.last_seen
    assert (await storage.set_language(42, "zh-TW")).language == "zh-TW"
    with pytest.raises(StorageInputError, match="like en, de, fr or zh-TW"):
        await storage.set_language(42, "Klingon!")
    assert (await storage.set_language(42, None)).language is None
    with pytest.raises(StorageInputError, match="positive whole number"):
        await storage.remember_player(-1, "x")


async def test_everything_survives_a_restart(db: Path | str) -> None:
    async with Storage(db) as storage:
        await storage.set_house_rule(1, "mj_bonus", 30, channel_id=10)
        await storage.remember_player(42, "Ada")
    async with Storage(db) as storage:
        assert (await storage.table_rules(1, 10)).settings.mj_bonus == 30
        player = await storage.get_player(42)
        assert player is not None and player.display_name == "Ada"


def test_database_path_from_the_environment() -> None:
    assert db_path_from_env({}) == Path("mahjong.sqlite3")
    assert db_path_from_env({"MAHJONG_DB": " "}) == Path("mahjong.sqlite3")
    assert db_path_from_env({"MAHJONG_DB": "/data/club.sqlite3"}) == Path("/data/club.sqlite3")
    assert Storage.from_env({"MAHJONG_DB": "x.sqlite3"}).path == Path("x.sqlite3")
    url = "postgresql://bot@/club?host=/run/pg"  # the PostgreSQL counterpart: a URL, not a file
    on_postgres = Storage.from_env({"MAHJONG_DATABASE_URL": url, "MAHJONG_DB": "x.sqlite3"})
    assert (on_postgres.dialect, on_postgres.path) == ("postgres", None)


async def test_closed_storage_says_so(db: Path | str) -> None:
    storage = Storage(db)
    with pytest.raises(Exception, match="not open"):
        await storage.table_rules(1)


async def test_several_house_rules_are_stored_together_or_not_at_all(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``set_house_rules`` (the ``/settings form``): every change stored and logged in one
    transaction; a refused value stores none of them, and so does a failure half-way."""
    rules = await storage.set_house_rules(1, {"limit": "300", "seven_pairs": "yes"}, actor_id=5)
    assert dict(rules.overrides) == {"limit": 300, "seven_pairs": True}
    assert [c.name for c in await storage.settings_history(1)] == ["seven_pairs", "limit"]
    with pytest.raises(SettingError, match="limit"):
        await storage.set_house_rules(1, {"mj_bonus": 20, "limit": "lots"}, actor_id=5)
    assert dict((await storage.table_rules(1, None)).overrides) == {"limit": 300, "seven_pairs": True}
    logged = type(storage)._log_change
    calls: list[str] = []

    async def failing(self: Storage, db: object, *args: object) -> None:
        calls.append(str(args[3]))
        if len(calls) == 2:
            raise OSError("disk I/O error")
        await logged(self, db, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(type(storage), "_log_change", failing)
    with pytest.raises(OSError):
        await storage.set_house_rules(1, {"mj_bonus": 20, "limit": 1000}, actor_id=5)
    monkeypatch.undo()
    assert calls == ["mj_bonus", "limit"]  # the first was written when the second failed
    assert dict((await storage.table_rules(1, None)).overrides) == {"limit": 300, "seven_pairs": True}
    assert len(await storage.settings_history(1)) == 2
