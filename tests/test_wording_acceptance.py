"""Issue 28's acceptance: a whole hand at a German table and at an English table, with the
commands a club uses around it, and every word a person reads in it passes the wording checker
(tests/wording.py) in the table's language: no setting identifier, no tile code outside what the
user typed, no Python literal, no word of the other language."""

from __future__ import annotations

from pathlib import Path

import pytest
import wording
from discord_harness import ChannelSpec, GuildSpec, Harness, StoredMessage
from test_bot_discord import CHANNEL, GUILD, config, make_bot, play_hand

from bot.app import MahjongBot

LABELS = {
    "en": {
        "join": "Join",
        "start": "Start",
        "hand": "My hand",
        "hint": "Hint",
        "post": "Post in channel",
        "next": "Next hand",
    },
    "de": {
        "join": "Beitreten",
        "start": "Starten",
        "hand": "Meine Hand",
        "hint": "Tipp",
        "post": "Im Kanal zeigen",
        "next": "Nächstes Spiel",
    },
}


async def whole_hand(h: Harness[MahjongBot], lang: wording.Lang) -> None:
    """A club evening in ``lang``: house rules, a table with two people and two computers, a hint
    and the cards, the hand to its score sheet, Next hand (twice), then /score, /settings show,
    /mahjong rules, /chips and /stats."""
    words = LABELS[lang]
    locale = "de" if lang == "de" else "en-US"
    alice = h.user(100, "alice", locale=locale)
    bob = h.user(200, "bob", locale=locale)
    await h.bot.storage.set_house_rule(GUILD, "limit", "300", actor_id=1)
    await h.bot.storage.set_house_rule(GUILD, "mj_bonus", "10", actor_id=1)
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 2})
    assert rec.answered
    await h.click(h.messages(CHANNEL)[-1], words["join"], user=bob)
    await h.click(h.messages(CHANNEL)[-1], words["start"], user=alice)
    await h.settle()
    table = h.bot.tables[CHANNEL]
    assert table.game is not None and table.message_id is not None
    card = (await h.click(h.message(table.message_id), words["hand"], user=alice)).last.target
    assert isinstance(card, StoredMessage)
    if words["hint"] in card.labels:
        await h.click(card, words["hint"], user=alice)
    await play_hand(h, table, [alice, bob], CHANNEL)
    await h.settle()
    assert table.game.deal.over or table.game.hand_number > 1
    sheets = [m for m in h.messages(CHANNEL) if "sheet.png" in m.filenames]
    assert sheets, "the hand's score sheet"
    # the next hand, and a second click on the old sheet's button once it has started
    await h.click(sheets[-1], words["next"], user=bob)
    await h.settle()
    assert table.game.hand_number == 2
    await h.click(sheets[-1], words["next"], user=alice)
    await h.settle()

    rec = await h.slash(
        "score",
        user=alice,
        channel=CHANNEL,
        options={"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True},
    )
    assert rec.answered and "Mah-Jongg" in rec.text
    assert rec.last is not None and isinstance(rec.last.target, StoredMessage)
    await h.click(rec.last.target, words["post"], user=alice)
    for command in (
        "settings show",
        "mahjong rules",
        "chips balance",
        "chips history",
        "chips leaderboard",
        "stats member",
        "stats table",
    ):
        rec = await h.slash(command, user=bob, channel=CHANNEL)
        assert rec.answered, command
    await h.settle()
    h.check()


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_every_word_of_a_whole_hand_passes_the_wording_check(
    tmp_path: Path, lang: wording.Lang
) -> None:
    guild = GuildSpec(
        GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale="de" if lang == "de" else "en-US"
    )
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild]) as h:
        await whole_hand(h, lang)
        pieces = wording.harness_pieces(h)
        # the scenario reached every kind of text the checker reads
        kinds = " ".join(p.where for p in pieces)
        for part in ("text display", "label", "option 0 label", "content"):
            assert part in kinds, part
        wording.assert_clean(h, lang=lang)
