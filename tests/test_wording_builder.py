"""The /score hand builder's controls name tiles in words (issue 28, item 6 for the builder): its
selects' options and placeholders carry no tile code, in English and German (tests/wording.py);
the codes stay the options' values, which no one reads."""

from __future__ import annotations

from pathlib import Path

import pytest
import wording
from discord_harness import ChannelSpec, GuildSpec, Harness
from test_bot_builder import card_id, open_card, pick
from test_bot_discord import CHANNEL, GUILD, config, make_bot

from engine.tiles import Tile, tile_name


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_builder_names_its_tiles(tmp_path: Path, lang: wording.Lang) -> None:
    guild = GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")])
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild]) as h:
        user = h.user(100, "alice", locale="de" if lang == "de" else "en-US")
        card = await open_card(h, user)
        await pick(h, card, user, "123m", "9p", "7z")
        options = card.select_options(card_id(card, "z"))
        assert [o["value"] for o in options][:1] == ["1z"]  # the value keeps the code
        assert options[0]["label"] == tile_name(Tile.parse("1z"), lang)
        found = [v for v in wording.check_harness(h, lang=lang) if v.rule == "tile_code"]
        assert found == [], wording.report(found)
        h.check()
