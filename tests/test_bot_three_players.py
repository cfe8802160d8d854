"""The three-player table in the bot, through the real discord.py dispatch, offline:
`/mahjong new ruleset:rumisberg` under the server's `players = 3` (or with the `players`
option) seats three, computers fill up to three, the table message shows three players and
an empty place, and a whole hand is played, booked and followed by the next one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import Harness
from test_bot_discord import CHANNEL, GUILD, assert_booked, config, guilds, make_bot, play_hand, table_of

from bot.app import MahjongBot
from bot.table import Table
from render.table import render_table


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


async def start(h: Harness[MahjongBot], options: dict[str, object]) -> Table:
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options=options)
    assert rec.answered and not rec.ephemeral, rec.text
    lobby = h.messages(CHANNEL)[-1]
    assert "Mah-Jongg table: Mah-Jong-Club Rumisberg house rules, three players" in lobby.text
    assert lobby.text.count("(empty)") == 2  # alice and two free places: three in all
    await h.click(lobby, "Join", user=bob)
    lobby = h.messages(CHANNEL)[-1]
    assert lobby.text.count("(empty)") == 1
    rec = await h.click(lobby, "Start", user=alice)
    assert rec.answered
    await h.settle()
    table = table_of(h)
    assert table.game is not None
    return table


async def test_server_rules_with_three_players_seat_three(harness: Harness[MahjongBot]) -> None:
    h = harness
    await h.bot.storage.set_ruleset(GUILD, "rumisberg", actor_id=1)
    await h.bot.storage.set_house_rule(GUILD, "players", "3", actor_id=1)  # R3 goes with it
    table = await start(h, {"ruleset": "rumisberg"})  # the server's own ruleset keeps its house rules
    game = table.game
    assert game is not None and game.settings.players == 3 and game.settings.deal_pattern == "R3"
    assert len(table.seats) == 3 and sum(1 for s in table.seats if s.user_id is None) == 1  # a computer
    public = game.view(None)
    assert [p.vacant for p in public.players] == [False, False, False, True]
    assert sorted(p.name for p in public.seated) == sorted(s.name for s in table.seats)
    message = h.messages(CHANNEL)[-1]
    assert "table.png" in message.filenames and "My hand" in message.labels
    assert message.file("table.png") == render_table(public)  # the image of the public view
    people = [h.user(100, "alice"), h.user(200, "bob")]
    await play_hand(h, table, people)
    await h.settle()
    assert game.deal.over and len(game.history[-1].nets) == 3 and sum(game.history[-1].nets) == 0
    sheet = h.messages(CHANNEL)[-1]
    assert "sheet.png" in sheet.filenames and "Next hand" in sheet.labels
    net_line = next(line for line in sheet.text.splitlines() if line.startswith("Net: "))
    assert net_line.count(", ") == 2  # three players' nets
    await assert_booked(h, table, people)
    await h.click(sheet, "Next hand", user=people[1])
    await h.settle()
    assert game.hand_number == 2 and not game.deal.over
    assert game.view(None).players[3].vacant  # the empty place stays where it is
    h.check()


async def test_the_players_option_opens_a_three_player_table(harness: Harness[MahjongBot]) -> None:
    h = harness
    table = await start(h, {"ruleset": "rumisberg", "players": 3})
    assert table.game is not None and len(table.game.players) == 3
    assert sum(1 for s in table.seats if s.user_id is None) == 1
    await h.slash("mahjong stop", user=h.user(100, "alice"), channel=CHANNEL)
    # As many computers as asked for, up to the places left.
    rec = await h.slash(
        "mahjong new",
        user=h.user(100, "alice"),
        channel=CHANNEL,
        options={"ruleset": "rumisberg", "players": 3, "computers": 3},
    )
    assert rec.answered and not rec.ephemeral, rec.text
    assert [s.user_id is None for s in table_of(h).seats] == [False, True, True]
    h.check()


async def test_three_players_where_the_rules_have_none_is_refused(harness: Harness[MahjongBot]) -> None:
    h = harness
    rec = await h.slash("mahjong new", user=h.user(100, "alice"), channel=CHANNEL, options={"players": 3})
    assert rec.ephemeral and "dmjl is played by 4 players, not 3" in rec.text
    assert CHANNEL not in h.bot.tables
    h.check()
