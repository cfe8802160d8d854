"""The new rulesets in the bot, through the real discord.py dispatch, offline
(tests/discord_harness.py): /score in fan with jiangxi's Fa laid out, wikibooks with dora (also
after **Post in channel**), a jiangxi hand built click by click, and what /mahjong rules and
/settings show say about a ruleset's difference from its parent."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import Harness, StoredMessage
from PIL import Image
from test_bot_builder import card_id, open_card, pick, press
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot

from bot.app import MahjongBot
from engine.rulesets import RULESETS

EX21 = "[555s] [123p] [777z] 456m 99m"


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


async def test_score_a_jiangxi_hand_in_fan(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice, carla = h.user(100, "alice"), h.user(300, "carla", locale="de")
    options = {"hand": "123s 456m 888p 345p 77s {66z}", "ruleset": "jiangxi", "seat": "N"}
    rec = await h.slash(
        "score", user=alice, channel=CHANNEL, options={**options, "win": "7s", "self_drawn": True}
    )
    assert rec.ephemeral and "Mah-Jongg: 456m 345p 888p 123s 77s {66z}" in rec.text
    assert "Total: 5 fan" in rec.text and "points" not in rec.text
    card = rec.last.target if rec.last is not None else None
    assert isinstance(card, StoredMessage) and "hand.png" in card.filenames
    assert Image.open(io.BytesIO(card.file("hand.png"))).width > 400
    posted = await h.click(card, "Post in channel", user=alice)
    assert not posted.ephemeral and "Total: 5 fan" in posted.text
    rec = await h.slash(
        "score", user=carla, channel=CHANNEL, options={**options, "win": "7s", "self_drawn": True}
    )
    assert "Summe: 5 Fan" in rec.text
    h.check()


async def test_score_with_dora(harness: Harness[MahjongBot]) -> None:
    """RULES.md EX-21: the indicator 4s makes 5s the dora; the Post button carries them."""
    h = harness
    alice = h.user(100, "alice")
    ask = {"hand": EX21, "ruleset": "wikibooks", "seat": "N", "win": "9m", "discarder": "W"}
    rec = await h.slash("score", user=alice, channel=CHANNEL, options={**ask, "dora_indicator": "4s"})
    assert rec.ephemeral and "Dora: 5s" in rec.text and "Total: 480" in rec.text
    assert "West pays 1,920" in rec.text and rec.text.count("WB3") == 3
    card = rec.last.target if rec.last is not None else None
    assert isinstance(card, StoredMessage)
    assert any(c.startswith("mj:post:wikibooks+5s:") for c in card.custom_ids)
    posted = await h.click(card, "Post in channel", user=alice)
    assert not posted.ephemeral and "Dora: 5s" in posted.text and "Total: 480" in posted.text
    rec = await h.slash("score", user=alice, channel=CHANNEL, options={**ask, "dora": "5s"})
    assert "Total: 480" in rec.text
    rec = await h.slash(
        "score", user=alice, channel=CHANNEL, options={**ask, "ruleset": "dmjl", "dora": "5s"}
    )
    assert rec.ephemeral and rec.text.startswith("dmjl has no dora")
    rec = await h.slash("score", user=alice, channel=CHANNEL, options={**ask, "dora_indicator": "2f"})
    assert rec.ephemeral and rec.text == "Orchid shows no dora: the indicators are playing tiles."
    card = await open_card(h, alice, ruleset="wikibooks", dora="5s")  # no hand: the builder
    assert "Hand builder" in card.text and "The builder scores without dora" in card.text
    h.check()


async def test_a_jiangxi_hand_built_click_by_click_lays_out_the_fa(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    card = await open_card(h, alice, ruleset="jiangxi", seat="N", self_drawn=True)
    await pick(h, card, alice, "123s", "456m", "8p", "8p", "8p", "345p", "6z", "6z", "7s", "7s")
    assert "Hand: `456m345888p12377s {66z}`" in card.text and "14 of 14 tiles" in card.text
    await h.select(card, card_id(card, "win"), ["7s"], user=alice)
    built = await h.click(card, card_id(card, "score"), user=alice)
    assert built.ephemeral and "Total: 5 fan" in built.text and "J2" in built.text
    await press(h, card, alice, "undo")
    assert "Hand: `456m345888p1237s {66z}`" in card.text and "13 of 14 tiles" in card.text
    await pick(h, card, alice, "7s", "6z")  # a Fa is laid out: it never counts toward the 14
    assert "Hand: `456m345888p12377s {666z}`" in card.text and "14 of 14 tiles" in card.text
    h.check()


async def test_rules_and_settings_show_name_the_difference_from_the_parent(
    harness: Harness[MahjongBot],
) -> None:
    h = harness
    alice = h.user(100, "alice")
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"ruleset": "huabao"})
    assert rec.answered
    rec = await h.slash("mahjong rules", user=alice, channel=CHANNEL)
    assert rec.ephemeral and (
        "How it differs from DMJL classical Chinese (German league):\n- Tiles: 136 instead of 144\n"
        "- Mah-Jongg bonus: 10 instead of 20\n" in rec.text
    )
    assert "limit 500" in rec.text and len(rec.text) <= 2000
    await h.slash("mahjong stop", user=alice, channel=CHANNEL)
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"ruleset": "jiangxi"})
    rec = await h.slash("mahjong rules", user=h.user(300, "carla", locale="de"), channel=CHANNEL)
    assert (
        "Jiangxi Mahjong Regeln (江西麻将规则) ist ein eigenes Regelwerk" in rec.text
        and "kein Limit" in rec.text
    )

    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    for name in RULESETS:
        await h.slash("settings set", user=boss, channel=CHANNEL, options={"name": "ruleset", "value": name})
        rec = await h.slash("settings show", user=boss, channel=CHANNEL)
        assert rec.ephemeral and all(len(r.text) <= 2000 for r in rec.message_requests)
        parent = RULESETS[name].parent
        if parent:
            assert f"How it differs from {RULESETS[parent].title_in('en')}:\n" in rec.text
        else:
            assert f"{RULESETS[name].title_in('en')} is a ruleset of its own" in rec.text
    assert list(RULESETS)[-1] == "rumisberg" and "- Players: 3 or 4 instead of 4\n" in rec.text
    rec = await h.slash("settings show", user=h.user(2, "Bärbel", locale="de"), channel=CHANNEL)
    assert (
        "Abweichungen vom Regelwerk Klassische chinesische Mah-Jongg-Regeln (DMJL):\n"
        "- Spieler: 3 oder 4 statt 4" in rec.text
    )
    assert (await h.bot.storage.table_rules(GUILD, CHANNEL)).ruleset == "rumisberg"
    h.check()


@pytest.mark.parametrize(
    ("ruleset", "hand", "english", "german"),
    [
        (
            "huabao",
            "111m 222p 333s 444s 55z 1f",
            "huabao is played with 136 tiles, without flowers or seasons: there is no Plum; the house "
            "rule Flowers and seasons set to yes adds them.\n-# `/settings set bonus_tiles true`",
            "huabao wird mit 136 Steinen gespielt, ohne Blumen und Jahreszeiten: Pflaume gibt es nicht; "
            "die Hausregel Blumen und Jahreszeiten auf ja nimmt sie dazu.",
        ),
        (
            "jiangxi",
            "[123s] 456m 888p 345p 77s",
            "`[123s]` is a claimed chow, but in jiangxi no chow may be claimed",
            "`[123s]` ist ein angesagter Chow, aber in jiangxi darf man keinen Chow ansagen",
        ),
    ],
)
def test_score_refuses_a_hand_its_ruleset_cannot_have_in_both_languages(
    ruleset: str, hand: str, english: str, german: str
) -> None:
    """Issue 25 items 11 and 12: /score says why, in the reader's language."""
    from bot.score_answer import ScoreAsk

    ask = ScoreAsk(ruleset=ruleset, seat="S", prevailing="E", win=None, self_drawn=False, flags="", hand=hand)
    en, png = ask.answer("en")
    de, _ = ask.answer("de")
    assert png is None and en.startswith(english) and de.startswith(german)
