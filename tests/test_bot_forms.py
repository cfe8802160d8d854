"""Issue 31 item 4, forms: ``/mahjong new`` without options opens a modal form (radio groups,
a checkbox group, text inputs in Labels), whose submit opens the table the same way the options
do; ``/settings form`` changes a server's house rules; bad values are refused and nothing is made;
a form shown before a restart is taken after it; the harness checks Discord's modal limits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_harness import (
    CHECKBOX_GROUP,
    LABEL,
    RADIO_GROUP,
    TEXT_INPUT,
    FakeDiscord,
    FakeUser,
    Harness,
    HarnessError,
    InteractionRecord,
    Request,
    limit_violations,
)
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot

from bot.app import MahjongBot
from bot.forms import FORM_RULES, FORM_VALUES, new_table_form, settings_form
from bot.settings_registry import ENTRIES
from engine.rulesets import RULESETS


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield harness
    await harness.close()


def admin(h: Harness[MahjongBot], locale: str = "en-US") -> FakeUser:
    return h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale=locale)


def inner(modal: dict[str, Any], custom_id: str) -> dict[str, Any]:
    """The component ``custom_id`` of a modal (inside its Label)."""
    for c in modal["components"]:
        child = c.get("component") or {}
        if child.get("custom_id") == custom_id:
            assert c["type"] == LABEL
            return dict(child)
    raise AssertionError(f"no {custom_id} in {modal}")


async def new_form(h: Harness[MahjongBot], user: FakeUser) -> InteractionRecord:
    rec = await h.slash("mahjong new", user=user, channel=CHANNEL)
    assert rec.answered and rec.modal is not None, rec.text
    return rec


async def test_a_whole_new_table_through_the_form(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    await h.slash(
        "settings set", user=boss, channel=CHANNEL, options={"name": "ruleset", "value": "rumisberg"}
    )
    alice = h.user(100, "alice")
    shown = await new_form(h, alice)
    modal = shown.modal
    assert modal is not None and modal["custom_id"].startswith("mj:newf:rumisberg:")
    assert len(modal["components"]) == 5 and all(c["type"] == LABEL for c in modal["components"])
    ruleset = inner(modal, "ruleset")
    assert ruleset["type"] == RADIO_GROUP
    assert [o["value"] for o in ruleset["options"]] == list(RULESETS)
    assert [o["value"] for o in ruleset["options"] if o.get("default")] == ["rumisberg"]  # the channel's
    rules = inner(modal, "rules")
    assert rules["type"] == CHECKBOX_GROUP and [o["value"] for o in rules["options"]] == list(
        FORM_RULES["rumisberg"]
    )
    assert {o["value"] for o in rules["options"] if o.get("default")} >= {"fishing"}  # rumisberg plays it
    assert (
        inner(modal, "turn_seconds")["type"] == TEXT_INPUT and inner(modal, "turn_seconds")["value"] == "60"
    )
    # Three players with two computers, Fishing off, seven pairs on, 45 s a turn and 12 s to claim.
    checked = [o["value"] for o in rules["options"] if o.get("default") and o["value"] != "fishing"]
    rec = await h.submit_modal(
        shown,
        {
            "seats": "3:2",
            "rules": [*checked, "seven_pairs"],
            "turn_seconds": "45",
            "claim_seconds": "12",
        },
    )
    assert rec.answered and not rec.ephemeral, rec.text
    table = h.bot.tables[CHANNEL]
    assert table.ruleset == "rumisberg" and table.size == 3
    assert [s.user_id for s in table.seats] == [alice.id, None, None]  # two computers
    assert table.overrides["fishing"] is False and table.overrides["seven_pairs"] is True
    assert table.turn_seconds == 45 and table.claim_seconds == 12
    lobby = h.messages(CHANNEL)[-1]
    assert "three players" in lobby.text and "Computer 1" in lobby.text and "Computer 2" in lobby.text
    # the lobby card shows everyone what the form chose: the house rules and the times
    assert "Fishing may be declared: no instead of yes" in lobby.text, lobby.text
    assert "Seven pairs win: yes instead of no" in lobby.text and "Players:" not in lobby.text
    assert "Times: 45 s a turn, 12 s to claim" in lobby.text
    said = rec.followups[-1]
    assert said.ephemeral
    words = rec.text
    assert "Fishing may be declared: no instead of yes" in words, words
    assert "45" in words and "12" in words
    h.check()


async def test_another_ruleset_in_the_form_is_played_as_it_is(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    await h.slash("settings set", user=boss, channel=CHANNEL, options={"name": "seven_pairs", "value": "yes"})
    shown = await new_form(h, h.user(100, "alice"))
    rec = await h.submit_modal(shown, {"ruleset": "huabao", "seats": "4:3"})
    assert rec.answered and not rec.ephemeral, rec.text
    table = h.bot.tables[CHANNEL]
    assert table.ruleset == "huabao" and "seven_pairs" not in table.overrides
    assert sum(s.user_id is None for s in table.seats) == 3
    h.check()


@pytest.mark.parametrize(
    ("values", "said"),
    [
        (
            {"seats": "3:0"},
            "(German league) is not played by 3 players; 3 players play only rumisberg",
        ),
        (
            {"turn_seconds": "2"},
            "Time for a turn: “2” is not accepted; it takes a whole number of seconds from 5 to 3,600",
        ),
        ({"claim_seconds": "soon"}, "“soon” is not accepted"),
        ({"ruleset": "jiangxi", "rules": ["seven_pairs"]}, "has no such house rule: Seven pairs win"),
    ],
)
async def test_bad_form_values_are_refused_and_nothing_is_opened(
    h: Harness[MahjongBot], values: dict[str, object], said: str
) -> None:
    shown = await new_form(h, h.user(100, "alice"))
    rec = await h.submit_modal(shown, values)
    assert rec.ephemeral and said in rec.text and "Nothing was opened" in rec.text, rec.text
    assert CHANNEL not in h.bot.tables
    h.check()


async def test_options_still_open_at_once_and_refusals_come_before_the_form(h: Harness[MahjongBot]) -> None:
    alice = h.user(100, "alice")
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 0})
    assert rec.modal is None and not rec.ephemeral and CHANNEL in h.bot.tables
    rec = await h.slash("mahjong new", user=h.user(200, "bob"), channel=CHANNEL)
    assert rec.modal is None and rec.ephemeral and "already has a table" in rec.text
    h.check()


async def test_a_form_shown_before_a_restart_is_taken_after_it(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice = h.user(100, "alice")
    shown = await new_form(h, alice)
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        rec = await h2.submit_modal(shown, {"seats": "4:1", "turn_seconds": "30"})
        assert rec.answered and not rec.ephemeral, rec.text
        table = h2.bot.tables[CHANNEL]
        assert table.turn_seconds == 30 and sum(s.user_id is None for s in table.seats) == 1
        h2.check()
    finally:
        await h2.close()


async def test_the_form_speaks_german(h: Harness[MahjongBot]) -> None:
    shown = await new_form(h, h.user(100, "anna", locale="de"))
    modal = shown.modal
    assert modal is not None and modal["title"] == "Einen Mah-Jongg-Tisch eröffnen"
    labels = [c["label"] for c in modal["components"]]
    assert labels[:3] == ["Regelwerk", "Spieler", "Hausregeln von dmjl"]
    seats = inner(modal, "seats")
    assert seats["options"][1]["label"] == "4 Spieler, davon 1 Computer"
    rec = await h.submit_modal(shown, {"turn_seconds": "7200"})
    assert rec.ephemeral and "„7200“ geht nicht" in rec.text and "Es wurde nichts eröffnet" in rec.text, (
        rec.text
    )
    h.check()


# --------------------------------------------------------------------------- /settings form


async def test_the_settings_form_changes_the_servers_house_rules(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    shown = await h.slash("settings form", user=boss, channel=CHANNEL)
    modal = shown.modal
    assert modal is not None and modal["custom_id"] == "mj:setf:dmjl"
    rules = inner(modal, "rules")
    assert [o["value"] for o in rules["options"]] == list(FORM_RULES["dmjl"])
    # each rule's help below its name, unless the help only repeats the name
    helped = [o for o in rules["options"] if ENTRIES[o["value"]].help("en").lower() != o["label"].lower()]
    assert helped and all(o.get("description") for o in helped)
    limit = next(c for c in modal["components"] if c["component"].get("custom_id") == "v:limit")
    assert limit["label"] == "Limit" and limit["description"] and limit["component"]["value"] == "500"
    checked = [o["value"] for o in rules["options"] if o.get("default")]
    rec = await h.submit_modal(
        shown, {"rules": [*checked, "seven_pairs"], "v:limit": "300", "v:game_length": "hands:8"}
    )
    assert rec.answered and not rec.ephemeral, rec.text
    assert "Limit: 300 instead of 500" in rec.text and "Seven pairs win: yes instead of no" in rec.text
    rules_now = await h.bot.storage.table_rules(GUILD, None)
    assert rules_now.overrides["limit"] == 300 and rules_now.overrides["seven_pairs"] is True
    assert rules_now.overrides["game_length"] == "hands:8"
    assert "mj_bonus" not in rules_now.overrides  # unchanged: not stored
    h.check()


async def test_a_bad_value_in_the_settings_form_changes_nothing(h: Harness[MahjongBot]) -> None:
    boss = admin(h)
    shown = await h.slash("settings form", user=boss, channel=CHANNEL)
    rec = await h.submit_modal(shown, {"v:limit": "300", "v:mj_bonus": "lots"})
    assert rec.ephemeral and "Nothing was changed" in rec.text, rec.text
    assert "Mah-Jongg bonus takes a whole number from 0 to 1000" in rec.text and "lots" in rec.text
    assert (await h.bot.storage.table_rules(GUILD, None)).overrides == {}
    rec = await h.slash("settings form", user=h.user(100, "alice"), channel=CHANNEL)
    assert rec.modal is None and rec.ephemeral  # admins only
    h.check()


# --------------------------------------------------------------------------- the harness's limits


def callback(data: dict[str, Any]) -> Request:
    """A modal sent as an interaction's answer (callback type 9), as the harness records it."""
    return Request(
        seq=0,
        via="http",
        method="POST",
        path="/interactions/1/token/callback",
        template="/interactions/{interaction_id}/{interaction_token}/callback",
        params={},
        query={},
        json={"type": 9, "data": data},
        files=[],
        at=0.0,
        kind="interaction.callback",
    )


def modal_request(modal: discord.ui.Modal) -> Request:
    return callback(modal.to_dict())


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_form_keeps_discords_modal_limits(ruleset: str, lang: str) -> None:
    values = {"limit": 500, "game_length": "rounds:4"}
    times = {"turn_seconds": 3600, "claim_seconds": 600}
    assert limit_violations(modal_request(new_table_form(ruleset, values, 4, times, lang))) == []  # type: ignore[arg-type]
    assert limit_violations(modal_request(settings_form(ruleset, values, lang))) == []  # type: ignore[arg-type]
    assert len(FORM_VALUES[ruleset]) + 1 <= 5


def test_the_harness_refuses_modals_beyond_discords_limits() -> None:
    radio = {"type": RADIO_GROUP, "custom_id": "r", "options": [{"label": "a", "value": "a"}]}
    group = {"type": CHECKBOX_GROUP, "custom_id": "g", "options": [], "min_values": 0}
    box = {"type": 23, "custom_id": "c", "required": True}
    data = {
        "title": "x" * 46,
        "custom_id": "m",
        "components": [{"type": LABEL, "label": "l", "component": c} for c in (radio, group, box)]
        + [radio, {"type": LABEL, "label": "y" * 46, "description": "d" * 101, "component": {"type": 2}}],
    }
    problems = limit_violations(callback(data))
    said = "\n".join(problems)
    for part in (
        "data.title: 46 characters",
        "options: 1 (2 to 10)",  # a radio group
        "options: 0 (1 to 10)",  # a checkbox group
        "min_values 0 needs required false",
        "a checkbox cannot be required",
        "type 21 cannot stand at a modal's top level",
        "type 2 cannot be in a Label",
        "label: 46 characters",
        "description: 101 characters",
    ):
        assert part in said, said


async def test_the_harness_submits_as_discord_does(h: Harness[MahjongBot]) -> None:
    shown = await new_form(h, h.user(100, "alice"))
    with pytest.raises(HarnessError, match="has no option"):
        await h.submit_modal(shown, {"ruleset": "mahjong-2000"})
    with pytest.raises(HarnessError, match="takes a list"):
        await h.submit_modal(shown, {"rules": ["no_such_rule"]})
    assert CHANNEL not in h.bot.tables
