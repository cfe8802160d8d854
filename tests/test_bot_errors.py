"""Engine errors reach a person in their language, saying what was wrong and what is accepted
(issue 28, item 3): ``/score`` through the offline Discord harness with bad input, in German and
in English."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_harness import Harness
from test_bot_discord import CHANNEL, config, guilds, make_bot

from bot.app import MahjongBot

GOOD = {"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True}

BAD: list[tuple[str, dict[str, Any], str]] = [
    ("digits without a suit", {"hand": "777"}, "fehlt der Farbbuchstabe"),
    ("13 tiles", {**GOOD, "hand": "234m 777z [555s] [678p] 9p"}, "Ein Stein fehlt"),
    (
        "a fifth tile",
        {**GOOD, "hand": "22222m 777z [555s] 99p", "win": "9p"},
        "jeden Stein gibt es nur viermal",
    ),
    ("honours in a chow", {**GOOD, "hand": "234m 777z [567z] [678p] 99p"}, "Ehrensteine bilden keinen Chow"),
    ("no meld", {**GOOD, "hand": "234m 777z [124s] [678p] 99p"}, "ist keine Figur"),
    ("no closing bracket", {**GOOD, "hand": "234m 777z [555s [678p] 99p"}, "keine schließende"),
    ("a flower to win", {**GOOD, "win": "1f"}, "Der Gewinnstein kann nicht Pflaume sein"),
    ("unknown flag", {**GOOD, "flags": "lucky"}, "Den Umstand `lucky` gibt es nicht"),
    ("winning tile not held", {**GOOD, "win": "1s"}, "Bambus-1 ist nicht in der Hand"),
    ("lower-case honour", {**GOOD, "hand": "234m www [555s] [678p] 99p"}, "Ehrenbuchstaben sind groß"),
    ("the winner discards", {**GOOD, "self_drawn": False, "discarder": "S"}, "Der Abwerfer (Süd) ist"),
    ("a flower in a set", {**GOOD, "hand": "234m 777z [1f1f1f] [678p] 99p"}, "gehören nie zu einer Figur"),
    ("a discarder on a self-drawn win", {**GOOD, "discarder": "W"}, "hat keinen Abwerfer"),
    ("dora where there are none", {**GOOD, "dora": "5s"}, "kennt keine Dora"),
]

ENGLISH = re.compile(
    r"\b(the|is|not|tile|tiles|write|needs|has|missing|letter|setting|there|and|or|of|a|no|one)\b"
)
"""Words of an English sentence that German never uses (case matters: German nouns are capitals)."""


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


def _prose(text: str) -> str:
    """The answer without what is quoted as typed (backticks) and without code blocks."""
    return re.sub(r"```.*?```|`[^`]*`", " ", text, flags=re.DOTALL)


@pytest.mark.parametrize(("case", "options", "german"), BAD, ids=[case for case, _, _ in BAD])
async def test_score_errors_answer_in_german(
    harness: Harness[MahjongBot], case: str, options: dict[str, Any], german: str
) -> None:
    h = harness
    carla = h.user(300, "carla", locale="de")
    rec = await h.slash("score", user=carla, channel=CHANNEL, options=options)
    assert rec.ephemeral, case
    assert german in rec.text, rec.text
    assert not ENGLISH.findall(_prose(rec.text)), rec.text
    assert "'" not in _prose(rec.text), rec.text  # no Python quotes around a value
    h.check()


async def test_thirteen_tiles_say_a_tile_is_missing(harness: Harness[MahjongBot]) -> None:
    """Nothing was scored: the answer says what is missing and what to do, in English too."""
    h = harness
    alice = h.user(100, "alice")
    options = {**GOOD, "hand": "234m 777z [555s] [678p] 9p"}
    rec = await h.slash("score", user=alice, channel=CHANNEL, options=options)
    assert rec.text.startswith("One tile is missing: a winning hand has 14"), rec.text
    assert "scored as a losing hand" not in rec.text and "Total" not in rec.text
    carla = h.user(300, "carla", locale="de")
    rec = await h.slash("score", user=carla, channel=CHANNEL, options=options)
    assert rec.text.startswith("Ein Stein fehlt: eine Gewinnhand hat 14"), rec.text
    h.check()


async def test_an_english_error_names_tiles(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    rec = await h.slash("score", user=alice, channel=CHANNEL, options={**GOOD, "win": "1s"})
    assert "The winning tile Bamboo 1 is not in the hand" in rec.text, rec.text
    h.check()


async def test_settings_and_new_table_errors_answer_in_german(harness: Harness[MahjongBot]) -> None:
    """`/settings set` (a setting the ruleset lacks, a ruleset there is not) and `/mahjong new`
    (rules the ruleset cannot be played with) say why in German."""
    h = harness
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale="de")
    said = []
    for name, value in [("riichi", "true"), ("ruleset", "mahjong-soul")]:
        rec = await h.slash(
            "settings set", user=boss, channel=CHANNEL, options={"name": name, "value": value}
        )
        assert rec.ephemeral
        said.append(rec.text)
    assert said[0] == (
        "Abgelehnt: Die Einstellung `riichi` gilt nicht für dmjl; `/settings show` zeigt die, die gelten."
    )
    assert said[1].startswith(
        "Abgelehnt: Das Regelwerk `mahjong-soul` gibt es nicht; die Regelwerke sind `dmjl, huabao"
    )
    carla = h.user(300, "carla", locale="de")
    rec = await h.slash("mahjong new", user=carla, channel=CHANNEL, options={"ruleset": "dmjl", "players": 3})
    assert rec.ephemeral and rec.text == "dmjl wird zu 4 gespielt, nicht zu 3.", rec.text
    for text in [*said, rec.text]:
        assert not ENGLISH.findall(_prose(text)), text
    h.check()
