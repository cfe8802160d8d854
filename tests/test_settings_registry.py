"""The registry of every setting (bot/settings_registry.py): it covers every setting the bot's
storage and engine accept, in all four kinds; each entry has help in English and German, a
permission with a refusal in both languages, and a store that really keeps it; and /settings
refuses a change by someone the entry's permission leaves out, per kind, through the harness."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import ChannelSpec, GuildSpec, Harness, RoleSpec
from test_bot_discord import config, make_bot

from bot.app import MahjongBot
from bot.i18n import CATALOGUE
from bot.settings_registry import (
    ENTRIES,
    REFUSAL,
    Entry,
    Permission,
    SettingKind,
    Shape,
    snapshot,
)
from bot.storage import Storage
from bot.storage.ledger import _CLUB_OPTIONS
from bot.storage.table_settings import TABLE_SETTINGS
from engine.settings import SPECS

GUILD, CHANNEL, OTHER, ROLE = 1, 10, 11, 500


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    guild = GuildSpec(
        GUILD,
        "Club",
        channels=[ChannelSpec(CHANNEL, "table"), ChannelSpec(OTHER, "second")],
        roles=[RoleSpec(ROLE, "Vorstand")],
    )
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild])
    yield harness
    await harness.close()


def test_the_registry_covers_every_setting_of_all_four_kinds() -> None:
    keys = {e.store_key for e in ENTRIES.values()}
    assert {spec.name for spec in SPECS} <= keys  # every house rule the engine checks
    assert set(TABLE_SETTINGS) <= keys  # every table setting (and the language) storage keeps
    assert set(_CLUB_OPTIONS) <= keys  # every club option of the ledger
    assert "ruleset" in ENTRIES
    assert {e.kind for e in ENTRIES.values()} == set(SettingKind)
    assert ENTRIES["language"].kind is SettingKind.LANGUAGE
    assert ENTRIES["limit"].kind is SettingKind.HOUSE and ENTRIES["ruleset"].kind is SettingKind.HOUSE
    assert ENTRIES["turn_seconds"].kind is SettingKind.TABLE
    assert ENTRIES["buy_in_amount"].kind is SettingKind.CLUB
    assert ENTRIES["admin_role"].store_key == "admin_role_id"
    assert len({e.store_key for e in ENTRIES.values()}) == len(ENTRIES)  # no setting twice


def test_each_entry_has_help_in_both_languages_and_a_permission() -> None:
    for name, entry in ENTRIES.items():
        assert entry.help("en").strip() and entry.help("de").strip(), name
        assert isinstance(entry.who, Permission), name
        assert entry.who is Permission.ANYONE or entry.who in REFUSAL, name
        for lang in ("en", "de"):
            assert entry.accepts(lang).strip(), (name, lang)
    for key in REFUSAL.values():
        english, german = CATALOGUE[key]
        assert english.strip() and german.strip() and english != german


def sample(entry: Entry) -> tuple[object, object]:
    """A value to store for ``entry`` (as typed, or a role id) and the value it is kept as."""
    if entry.shape is Shape.RULESET:
        return "huabao", "huabao"
    if entry.shape is Shape.LANGUAGE:
        return "de", "de"
    if entry.shape in (Shape.ROLE, Shape.ADMIN_ROLE):
        return ROLE, ROLE
    if entry.shape is Shape.BOOL:
        return ("false", False) if entry.name == "allow_negative_balance" else ("true", True)
    if entry.shape is Shape.CHOICE and entry.spec is not None:
        return entry.spec.choices[-1], entry.spec.choices[-1]
    return str(entry.high), entry.high  # a whole number: its upper bound


@pytest.mark.parametrize(
    "name",
    [n for n, e in ENTRIES.items() if e.kind is not SettingKind.HOUSE] + ["ruleset", "limit", "seven_pairs"],
)
async def test_each_entrys_store_keeps_it_and_clears_it(tmp_path: Path, name: str) -> None:
    entry = ENTRIES[name]
    cfg = config(tmp_path / "db.sqlite3")
    storage = Storage(cfg.database)
    await storage.open()
    try:
        before = await snapshot(storage, cfg, GUILD, None)
        assert before.values[name] == before.defaults[name]
        typed, kept = sample(entry)
        assert kept != before.defaults[name]
        await entry.store.write(storage, GUILD, None, entry.store_key, typed, 7)
        after = await snapshot(storage, cfg, GUILD, None)
        assert after.values[name] == kept
        assert (name in after.own) is entry.store.resettable  # club options have no scope of their own
        await entry.store.clear(storage, GUILD, None, entry.store_key, 7)
        cleared = await snapshot(storage, cfg, GUILD, None)
        assert cleared.values[name] == before.defaults[name] and name not in cleared.own
    finally:
        await storage.close()


SAMPLES = {
    "ruleset": "huabao",
    "limit": "300",
    "turn_seconds": "45",
    "buy_in_amount": "100",
    "language": "de",
}
"""One setting of each kind, with a value it takes."""


async def test_settings_refuses_a_change_by_someone_not_allowed_per_kind(h: Harness[MahjongBot]) -> None:
    assert {ENTRIES[n].kind for n in SAMPLES} == set(SettingKind)
    ada = h.user(100, "Ada")
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    before = await snapshot(h.bot.storage, h.bot.config, GUILD, None)
    for name, value in SAMPLES.items():
        entry = ENTRIES[name]
        assert entry.who is Permission.ADMIN
        refusal = CATALOGUE[REFUSAL[entry.who]][0]
        for command, options in [
            ("settings set", {"name": name, "value": value}),
            ("settings reset", {"name": name}),
        ]:
            rec = await h.slash(command, user=ada, channel=CHANNEL, options=options)
            assert rec.ephemeral and rec.text == refusal, (name, command)
    assert await snapshot(h.bot.storage, h.bot.config, GUILD, None) == before
    assert await h.bot.storage.settings_history(GUILD) == []
    for name, value in SAMPLES.items():  # an admin may, each kind
        rec = await h.slash(
            "settings set", user=boss, channel=CHANNEL, options={"name": name, "value": value}
        )
        assert not rec.ephemeral and f" set {ENTRIES[name].label('en')} to " in rec.text, rec.text
    # An unknown name is said to be unknown, to anyone (it was "only admins" for a non-admin).
    rec = await h.slash("settings set", user=ada, channel=CHANNEL, options={"name": "colour", "value": "1"})
    assert rec.ephemeral and "There is no setting 'colour'" in rec.text
    h.check()


async def test_a_table_owner_setting_is_the_opener_s_to_change(
    h: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The registry's permission decides: an entry for the table's owner lets the opener of the
    table in that channel change it, and refuses everyone else who is no admin."""
    monkeypatch.setitem(
        ENTRIES, "language", dataclasses.replace(ENTRIES["language"], who=Permission.TABLE_OWNER)
    )
    ada, cy = h.user(100, "Ada"), h.user(101, "Cy")
    options = {"name": "language", "value": "de", "channel": CHANNEL}
    rec = await h.slash("settings set", user=ada, channel=CHANNEL, options=options)
    assert rec.ephemeral and rec.text == CATALOGUE["settings_not_owner"][0]  # no table yet
    rec = await h.slash("mahjong new", user=ada, channel=CHANNEL, options={"computers": 3})
    assert not rec.ephemeral, rec.text
    rec = await h.slash("settings set", user=cy, channel=CHANNEL, options=options)
    assert rec.ephemeral and rec.text == CATALOGUE["settings_not_owner"][0]
    rec = await h.slash("settings set", user=cy, channel=OTHER, options={**options, "channel": OTHER})
    assert rec.ephemeral and rec.text == CATALOGUE["settings_not_owner"][0]
    rec = await h.slash("settings set", user=ada, channel=CHANNEL, options=options)
    assert not rec.ephemeral and "set Language to German" in rec.text
    assert (await h.bot.storage.table_settings(GUILD, CHANNEL)).language == "de"
    rec = await h.slash(
        "settings reset", user=cy, channel=CHANNEL, options={"name": "language", "channel": CHANNEL}
    )
    assert rec.ephemeral and rec.text == CATALOGUE["settings_not_owner"][0]
    rec = await h.slash(
        "settings reset", user=ada, channel=CHANNEL, options={"name": "language", "channel": CHANNEL}
    )
    assert not rec.ephemeral and "reset Language" in rec.text
    h.check()
