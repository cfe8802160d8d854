"""The score sheet message of a whole hand played through the offline harness names its tiles
(issue 28, item 6): no tile in notation, in an English and in a German server; the winning tile
by its name in the table's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord_harness import ChannelSpec, GuildSpec, Harness
from test_bot_discord import CHANNEL, GUILD, config, make_bot, play_hand

from engine.tiles import Lang, tile_name

TILE_CODE = re.compile(r"\b[1-9]+[mpszf]\b")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_sheet_message_of_a_hand_names_its_tiles(tmp_path: Path, lang: Lang) -> None:
    guild = [GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale=lang)]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guild) as h:
        alice = h.user(100, "alice", locale=lang)
        bob = h.user(200, "bob", locale=lang)
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 2})
        await h.click(h.messages(CHANNEL)[-1], f"mj:lobby:{CHANNEL}:join", user=bob)
        await h.click(h.messages(CHANNEL)[-1], f"mj:lobby:{CHANNEL}:start", user=alice)
        await h.settle()
        table = h.bot.tables[CHANNEL]
        game = table.game
        assert game is not None
        await play_hand(h, table, [alice, bob])
        await h.settle()
        assert game.deal.over
        sheet = game.view(None).sheet
        assert sheet is not None and sheet.winner is not None and sheet.win_tile is not None
        message = h.messages(CHANNEL)[-1]
        assert "sheet.png" in message.filenames
        text = message.text
        assert not TILE_CODE.search(text), TILE_CODE.findall(text)
        said = tile_name(sheet.win_tile, lang, sheet.ruleset)
        assert (f"(winning tile {said}, " if lang == "en" else f"(Gewinnstein {said}, ") in text
        assert ("Net: " if lang == "en" else "Netto: ") in text
        h.check()
