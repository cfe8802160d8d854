"""/settings through the offline Discord harness: set, show and reset per server and per channel,
the engine's words for a bad value, autocomplete of names and values, refusals for non-admins,
tables taking their settings when they open (a running one keeps its own), German; and the
storage of table settings (bounds, scopes, history)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import ChannelSpec, FakeUser, GuildSpec, Harness, RoleSpec, StoredMessage
from test_bot_builder import EX01, build_ex01, card_id, open_card
from test_bot_discord import config, make_bot

from bot.app import MahjongBot
from bot.storage import Storage, StorageInputError
from bot.table import Table
from engine.rulesets import RULESETS

GUILD, CHANNEL, OTHER, ROLE, HOSTS = 1, 10, 11, 500, 501


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    guild = GuildSpec(
        GUILD,
        "Club",
        channels=[ChannelSpec(CHANNEL, "table"), ChannelSpec(OTHER, "second")],
        roles=[RoleSpec(ROLE, "Vorstand"), RoleSpec(HOSTS, "Hosts")],
    )
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild])
    yield harness
    await harness.close()


def admin(h: Harness[MahjongBot], locale: str = "en-US") -> FakeUser:
    return h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale=locale)


async def set_(
    h: Harness[MahjongBot], user: FakeUser, name: str, value: str, channel: int | None = None
) -> str:
    options: dict[str, object] = {"name": name, "value": value}
    if channel is not None:
        options["channel"] = channel
    rec = await h.slash("settings set", user=user, channel=CHANNEL, options=options)
    assert rec.answered
    return ("ephemeral: " if rec.ephemeral else "") + rec.text


async def show(h: Harness[MahjongBot], user: FakeUser, channel: int | None = None) -> str:
    options: dict[str, object] = {} if channel is None else {"channel": channel}
    rec = await h.slash("settings show", user=user, channel=CHANNEL, options=options)
    assert rec.ephemeral
    return rec.text


async def test_set_show_reset_per_server_and_channel(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    said = await set_(h, boss, "limit", "300")
    assert "set Limit to 300 for this server (was 500)" in said and said.endswith(
        "\n-# As typed in /settings: `limit`"
    )
    assert "a game already running keeps its settings" in said
    said = await set_(h, boss, "mj_bonus", "10", channel=OTHER)
    assert f"for <#{OTHER}>" in said
    said = await set_(h, boss, "turn_seconds", "45")
    assert "set Time for a turn to 45 s for this server (was 60 s)" in said
    await set_(h, boss, "ruleset", "huabao", channel=OTHER)

    server = await show(h, boss)
    assert (
        "House rules that differ from DMJL classical Chinese (German league):\n- Limit: 300 instead of 500\n"
        in server
    )
    assert "Mah-Jongg bonus" not in server and "mj_bonus" not in server  # the channel's own choice
    assert "- Time for a turn: 45 s instead of 60 s\n-# As typed in /settings: `turn_seconds`" in server
    assert "Club (the whole server): all at their defaults." in server
    channel = await show(h, boss, OTHER)
    assert "**Hua Bao / Babcock classical rules** (`huabao`) · this channel" in channel
    assert "- Limit: 300 instead of 500\n" in channel
    assert "Mah-Jongg bonus: 30" not in channel  # 10 is huabao's own default: no house rule differs
    assert "\n- Tiles: 136 instead of 144\n- Mah-Jongg bonus: 10 instead of 20\n" in channel
    assert "- Time for a turn: 45 s instead of 60 s\n" in channel  # the server's: not "· this channel"

    rules = await h.bot.storage.table_rules(GUILD, OTHER)
    assert (rules.ruleset, rules.settings.limit, rules.settings.mj_bonus) == ("huabao", 300, 10)

    said = await h.slash("settings reset", user=boss, channel=CHANNEL, options={"name": "limit"})
    assert "reset Limit for this server: now 500." in said.text
    said = await h.slash("settings reset", user=boss, channel=CHANNEL, options={"channel": OTHER})
    assert "(Ruleset, Mah-Jongg bonus)" in said.text and "the server's apply there now" in said.text
    assert said.text.endswith("\n-# As typed in /settings: `ruleset`, `mj_bonus`")
    rules = await h.bot.storage.table_rules(GUILD, OTHER)
    assert (rules.ruleset, dict(rules.overrides)) == ("dmjl", {})
    said = await h.slash("settings reset", user=boss, channel=CHANNEL, options={"channel": OTHER})
    assert said.ephemeral and "Nothing was set there" in said.text
    history = await h.bot.storage.settings_history(GUILD)
    assert {c.changed_by for c in history} == {boss.id}
    assert [c.name for c in history][:3] == ["mj_bonus", "ruleset", "limit"]
    h.check()


async def test_club_options_and_roles(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    said = await set_(h, boss, "allow_member_transfers", "true")
    assert "Members may give each other chips to yes for this server (was no)" in said
    assert "It applies at once." in said
    said = await set_(h, boss, "admin_role", str(ROLE))
    assert f"The club's admin role to <@&{ROLE}> for this server (was none)" in said
    assert (await h.bot.storage.club_options(GUILD)).admin_role_id == ROLE
    said = await set_(h, boss, "buy_in_amount", "2500")
    assert "2,500" in said
    said = await set_(h, boss, "initial_balance", "10000")
    assert "The next season" in said
    assert (await h.bot.storage.table_settings(GUILD)).initial_balance == 10000
    said = await set_(h, boss, "initial_balance", "10000", channel=OTHER)
    assert said.startswith("ephemeral: ") and "setting of the whole server" in said
    said = await set_(h, boss, "who_opens", "Hosts")
    assert f"<@&{HOSTS}>" in said
    said = await set_(h, boss, "who_opens", "Nobody")
    assert said.startswith("ephemeral: ") and "no role 'Nobody'" in said and "everyone or a role" in said
    text = await show(h, boss)
    assert f"- The club's admin role: <@&{ROLE}> instead of none\n" in text
    assert "- Starting chips next season: 10,000 instead of those of the current season" in text
    rec = await h.slash("settings reset", user=boss, channel=CHANNEL, options={"name": "admin_role"})
    assert "now none" in rec.text
    assert (await h.bot.storage.club_options(GUILD)).admin_role_id is None
    h.check()


async def test_bad_values_are_refused_with_the_engines_words(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    said = await set_(h, boss, "limit", "lots")
    assert said == "ephemeral: Refused: setting limit takes a whole number from 10 to 100000, not 'lots'"
    said = await set_(h, boss, "game_length", "rounds:9")
    assert said.startswith("ephemeral: ") and "rounds:1 to rounds:4" in said
    said = await set_(h, boss, "ruleset", "mahjong-soul")
    assert said.startswith("ephemeral: ") and "the rulesets are `dmjl, huabao" in said
    said = await set_(h, boss, "claim_seconds", "1")
    assert said.startswith("ephemeral: ") and "from 2 to 600" in said
    said = await set_(h, boss, "language", "fr")
    assert said.startswith("ephemeral: ") and "en or de" in said
    said = await set_(h, boss, "colour", "red")
    assert said.startswith("ephemeral: ") and "There is no setting 'colour'" in said and "limit" in said
    assert await h.bot.storage.settings_history(GUILD) == []
    h.check()


async def test_non_admins_are_refused_and_may_show(h: Harness[MahjongBot]) -> None:
    ada, officer = h.user(100, "Ada"), h.user(101, "Officer", roles=["Vorstand"])
    for command, options in [
        ("settings set", {"name": "limit", "value": "300"}),
        ("settings reset", {"name": "limit"}),
        ("settings reset", {}),
    ]:
        rec = await h.slash(command, user=ada, channel=CHANNEL, options=options)
        assert rec.ephemeral and "Only admins may change settings" in rec.text, command
    assert "Settings of this server" in await show(h, ada)
    said = await set_(h, boss := admin(h), "admin_role", "Vorstand")
    assert f"<@&{ROLE}>" in said
    said = await set_(h, officer, "limit", "300")
    assert not said.startswith("ephemeral: ") and "set Limit to 300" in said
    del boss
    h.check()


async def test_autocomplete_of_names_and_values(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    rec = await h.autocomplete("settings set", "name", "lim", user=boss, channel=CHANNEL)
    values = [c["value"] for c in rec.choices]
    assert values[:3] == ["limit", "limit_hands", "limit_applies_to_losers"]
    assert rec.choices[0]["name"].startswith("Limit · value of a limit hand")
    rec = await h.autocomplete("settings set", "name", "", user=boss, channel=CHANNEL)
    assert len(rec.choices) == 25
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss, channel=CHANNEL, options={"name": "seven_pairs"}
    )
    assert rec.choices == [{"name": "yes", "value": "true"}, {"name": "no", "value": "false"}]
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss, channel=CHANNEL, options={"name": "earthly_value"}
    )
    assert [c["value"] for c in rec.choices] == ["limit", "half_limit", "half_limit_or_better"]
    rec = await h.autocomplete(
        "settings set", "value", "300", user=boss, channel=CHANNEL, options={"name": "limit"}
    )
    assert rec.choices[0] == {"name": "300 · a whole number from 10 to 100000", "value": "300"}
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss, channel=CHANNEL, options={"name": "limit"}
    )
    assert [c["value"] for c in rec.choices] == ["500", "10", "100000"]
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss, channel=CHANNEL, options={"name": "who_stops"}
    )
    assert [c["value"] for c in rec.choices][:1] == ["everyone"]
    assert {"name": "@Hosts", "value": str(HOSTS)} in rec.choices
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss, channel=CHANNEL, options={"name": "ruleset"}
    )
    assert [c["value"] for c in rec.choices] == list(RULESETS)
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss, channel=CHANNEL, options={"name": "next_hand_seconds"}
    )
    assert [c["value"] for c in rec.choices][:3] == ["0", "10", "20"]
    await set_(h, boss, "limit", "300", channel=OTHER)
    rec = await h.autocomplete(
        "settings reset", "name", "", user=boss, channel=CHANNEL, options={"channel": OTHER}
    )
    assert rec.choices[0]["value"] == "limit"
    h.check()


async def open_and_start(h: Harness[MahjongBot], user: FakeUser, channel: int) -> Table:
    rec = await h.slash("mahjong new", user=user, channel=channel, options={"computers": 3})
    assert rec.answered and not rec.ephemeral, rec.text
    rec = await h.click(h.messages(channel)[-1], f"mj:lobby:{channel}:start", user=user)
    assert rec.answered
    await h.settle()
    return h.bot.tables[channel]


async def test_tables_take_their_settings_when_they_open(h: Harness[MahjongBot]) -> None:
    boss, ada = admin(h), h.user(100, "Ada")
    running = await open_and_start(h, ada, CHANNEL)
    assert (running.turn_seconds, running.next_hand_seconds, running.language) == (60.0, 0.0, "en")
    said = await set_(h, boss, "turn_seconds", "45")
    assert "a game already running keeps its settings" in said
    await set_(h, boss, "next_hand_seconds", "20")
    await set_(h, boss, "language", "de", channel=OTHER)
    await set_(h, boss, "claim_seconds", "10", channel=OTHER)
    assert (running.turn_seconds, running.next_hand_seconds, running.language) == (60.0, 0.0, "en")
    fresh = await open_and_start(h, ada, OTHER)
    assert (fresh.turn_seconds, fresh.claim_seconds, fresh.next_hand_seconds) == (45.0, 10.0, 20.0)
    assert fresh.language == "de"
    assert "Mah-Jongg-Tisch" in h.messages(OTHER)[0].text
    assert running.turn_seconds == 60.0
    h.check()


async def test_who_may_open_and_stop(h: Harness[MahjongBot]) -> None:
    boss, ada = admin(h), h.user(100, "Ada")
    host = h.user(102, "Host", roles=["Hosts"])
    await set_(h, boss, "who_opens", "Hosts", channel=CHANNEL)
    rec = await h.slash("mahjong new", user=ada, channel=CHANNEL)
    assert rec.ephemeral and f"only members with the role <@&{HOSTS}>" in rec.text
    # only CHANNEL needs the role (an option opens at once; without, the form: test_bot_forms.py)
    rec = await h.slash("mahjong new", user=ada, channel=OTHER, options={"computers": 0})
    assert not rec.ephemeral
    rec = await h.slash("mahjong new", user=host, channel=CHANNEL, options={"computers": 3})
    assert not rec.ephemeral
    rec = await h.slash("mahjong stop", user=ada, channel=CHANNEL)
    assert rec.ephemeral and "can stop the table" in rec.text
    await set_(h, boss, "who_stops", "Hosts")
    rec = await h.slash("mahjong stop", user=ada, channel=OTHER)  # the opener always may
    assert not rec.ephemeral and "stopped" in rec.text
    await h.slash("mahjong new", user=ada, channel=OTHER, options={"computers": 0})
    rec = await h.slash("mahjong stop", user=h.user(103, "Cy"), channel=OTHER)
    assert rec.ephemeral and f"the role <@&{HOSTS}>" in rec.text
    rec = await h.slash("mahjong stop", user=host, channel=OTHER)
    assert not rec.ephemeral and "stopped" in rec.text
    await h.settle()
    h.check()


EX25 = {"hand": "[555s] 777z 333m [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True}
"""RULES.md EX-25: 840, East pays 1700 under rumisberg (rounded to hundreds after East's double)."""


async def score(h: Harness[MahjongBot], user: FakeUser, channel: int = CHANNEL, **options: object) -> str:
    rec = await h.slash("score", user=user, channel=channel, options={**EX25, **options})
    assert rec.ephemeral and rec.answered
    return rec.text


async def test_score_takes_the_house_rules_of_the_channel(h: Harness[MahjongBot]) -> None:
    boss, ada = admin(h), h.user(100, "Ada")
    said = await score(h, ada)
    assert "DMJL classical Chinese" in said and "Total: 84" in said
    assert said.endswith("-# Rules: dmjl, the ruleset of this server, without house rules")

    await set_(h, boss, "ruleset", "rumisberg")
    said = await score(h, ada)  # no ruleset: the server's
    assert "Mah-Jong-Club Rumisberg" in said and "Total: 840" in said and "East pays 1,700" in said
    assert said.endswith("-# Rules: rumisberg, the ruleset of this server, without house rules")

    await set_(h, boss, "rounding", "none")  # a house rule: payments are not rounded to hundreds
    said = await score(h, ada)
    assert "Total: 840" in said and "East pays 1,680, West pays 840, North pays 840" in said
    assert said.endswith("-# Rules: rumisberg with the house rules of this server: `rounding = none`")
    assert await score(h, ada, ruleset="rumisberg") == said  # the server's ruleset, chosen: the same
    other = await score(h, ada, ruleset="dmjl")  # another ruleset wins, as written
    assert "Total: 84" in other and "East pays 168" in other
    assert other.endswith("-# Rules: dmjl as written (the house rules here are for rumisberg)")

    # Post in channel scores again under the house rules
    rec = await h.slash("score", user=ada, channel=CHANNEL, options=EX25)
    answer = rec.last.target if rec.last is not None else None
    assert isinstance(answer, StoredMessage)
    posted = await h.click(answer, "Post in channel", user=ada)
    assert not posted.ephemeral and "East pays 1,680" in posted.text and "`rounding = none`" in posted.text

    # a channel's own choices over the server's
    await set_(h, boss, "limit", "300", channel=OTHER)
    await set_(h, boss, "ruleset", "dmjl", channel=OTHER)
    said = await score(h, ada, channel=OTHER)
    assert "Total: 84" in said and said.endswith(
        "-# Rules: dmjl with the house rules of this channel: `limit = 300`"
    )
    await set_(h, boss, "mj_bonus", "30", channel=OTHER)
    said = await score(h, ada, channel=OTHER)
    assert "M1    Mah-Jongg                                       30" in said and "Total: 104" in said
    said = await score(h, h.user(101, "Bea", locale="de"))
    assert said.endswith("-# Regeln: rumisberg mit den Hausregeln dieses Servers: `rounding = none`")
    h.check()


async def test_the_builder_takes_the_house_rules_of_the_channel(h: Harness[MahjongBot]) -> None:
    """/score without a hand opens the builder under the channel's ruleset; its Score applies
    the house rules: EX-01 holds two chows, which rumisberg refuses (max_chows 1) until a house
    rule allows them."""
    boss, ada = admin(h), h.user(100, "Ada")
    await set_(h, boss, "ruleset", "rumisberg")
    card = await open_card(h, ada, seat="S")
    assert "Mah-Jong-Club Rumisberg" in card.text
    await build_ex01(h, card, ada)
    built = await h.click(card, card_id(card, "score"), user=ada)
    assert "at most 1 chow in rumisberg" in built.text
    await set_(h, boss, "max_chows", "4")
    built = await h.click(card, card_id(card, "score"), user=ada)
    typed = await h.slash(
        "score",
        user=ada,
        channel=CHANNEL,
        options={"hand": EX01, "seat": "S", "win": "9p", "self_drawn": True},
    )
    assert built.text == typed.text and "Total: 760" in built.text
    assert built.text.endswith("-# Rules: rumisberg with the house rules of this server: `max_chows = 4`")
    h.check()


async def test_german(h: Harness[MahjongBot]) -> None:
    boss, ada = admin(h, "de"), h.user(100, "Ada", locale="de")
    said = await set_(h, boss, "limit", "viel")
    assert said == ("ephemeral: Abgelehnt: Limit nimmt eine ganze Zahl von 10 bis 100.000, nicht 'viel'")
    said = await set_(h, boss, "limit", "300")
    assert "hat Limit für diesen Server auf 300 gesetzt (vorher 500)" in said
    assert "eine laufende Partie behält ihre Einstellungen" in said
    await set_(h, boss, "next_hand_seconds", "0", channel=OTHER)
    text = await show(h, ada)
    assert "**Einstellungen dieses Servers**" in text
    assert "Hausregeln, die vom Regelwerk Klassische chinesische Mah-Jongg-Regeln (DMJL) abweichen:" in text
    assert "\n- Limit: 300 statt 500\n-# So in /settings getippt: `limit`\n" in text
    rec = await h.slash("settings set", user=ada, channel=CHANNEL, options={"name": "limit", "value": "5"})
    assert rec.ephemeral and "Nur Admins dürfen Einstellungen ändern" in rec.text
    rec = await h.autocomplete("settings set", "name", "turn", user=ada, channel=CHANNEL)
    assert rec.choices[0] == {"name": "Zeit für einen Zug vor dem Standardzug", "value": "turn_seconds"}
    commands = h.commands()
    (settings,) = [c for c in commands if c["name"] == "settings"]
    assert settings["name_localizations"]["de"] == "einstellungen"
    names = {o["name"]: o.get("name_localizations", {}).get("de") for o in settings["options"]}
    assert names == {"show": "anzeigen", "set": "setzen", "reset": "zuruecksetzen", "form": "formular"}
    h.check()


# --- storage -------------------------------------------------------------------------------------


async def test_storage_bounds_scopes_and_history(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        await storage.set_table_setting(GUILD, "turn_seconds", 90, actor_id=7)
        await storage.set_table_setting(GUILD, "turn_seconds", "30", channel_id=CHANNEL, actor_id=8)
        await storage.set_table_setting(GUILD, "who_stops", "everyone", channel_id=CHANNEL)
        assert (await storage.table_settings(GUILD, CHANNEL)).turn_seconds == 30
        assert (await storage.table_settings(GUILD, OTHER)).turn_seconds == 90
        assert (await storage.table_settings(GUILD, OTHER, inherit=False)).turn_seconds is None
        assert (await storage.table_settings(GUILD, CHANNEL)).who_stops == 0
        for name, value, says in [
            ("turn_seconds", 4, "from 5 to 3600"),
            ("turn_seconds", True, "from 5 to 3600"),
            ("next_hand_seconds", "9" * 40, "from 0 to 3600"),
            ("language", "xx", "en or de"),
            ("who_opens", -1, "everyone or a role"),
            ("initial_balance", 10**10, "from 0 to 1000000000"),
            ("colour", 1, "table settings are: language, turn_seconds"),
        ]:
            with pytest.raises(StorageInputError, match=says):
                await storage.set_table_setting(GUILD, name, value)
        with pytest.raises(StorageInputError, match="whole server"):
            await storage.set_table_setting(GUILD, "initial_balance", 5, channel_id=CHANNEL)
        await storage.clear_table_setting(GUILD, "turn_seconds", channel_id=CHANNEL, actor_id=9)
        await storage.clear_table_setting(GUILD, "turn_seconds", channel_id=CHANNEL, actor_id=9)  # no-op
        assert (await storage.table_settings(GUILD, CHANNEL)).turn_seconds == 90
        history = await storage.settings_history(GUILD)
        assert [(c.kind, c.name, c.channel_id, c.old_value, c.new_value, c.changed_by) for c in history] == [
            ("table_setting", "turn_seconds", CHANNEL, 30, None, 9),
            ("table_setting", "who_stops", CHANNEL, None, 0, None),
            ("table_setting", "turn_seconds", CHANNEL, None, 30, 8),
            ("table_setting", "turn_seconds", None, None, 90, 7),
        ]
