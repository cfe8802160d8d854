"""Shards and start-up with many tables (issue 30, items 2 and 8), through the offline harness.

A process runs the shards its configuration names (``MAHJONG_SHARD_COUNT``, ``MAHJONG_SHARD_IDS``)
and restores and drives only the tables of servers on them; the restore runs in the background,
so the bot answers at once, and a click on a table not restored yet waits for that table alone.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest
from discord_harness import ChannelSpec, FakeDiscord, GuildSpec, Harness
from test_bot_discord import asked, config, make_bot, open_table, play_card

from bot.app import MahjongBot
from bot.config import BotConfig, ConfigError, shard_of
from bot.i18n import text
from bot.storage import GameRecord

SHARD0_GUILD = 1  # (1 >> 22) % 2 == 0
SHARD1_GUILD = (1 << 22) | 7  # (id >> 22) % 2 == 1
SHARD0_CHANNEL, SHARD1_CHANNEL = 10, 20


def two_servers() -> list[GuildSpec]:
    return [
        GuildSpec(SHARD0_GUILD, "Club on shard 0", channels=[ChannelSpec(SHARD0_CHANNEL, "table")]),
        GuildSpec(SHARD1_GUILD, "Club on shard 1", channels=[ChannelSpec(SHARD1_CHANNEL, "table")]),
    ]


def test_the_shard_of_a_server_is_discords() -> None:
    # Discord's docs (Gateway > Sharding): shard_id = (guild_id >> 22) % num_shards; serenity's
    # documented example gives 7 for guild 81384788765712384 with 17 shards.
    assert shard_of(81384788765712384, 17) == 7
    assert [shard_of(g, 2) for g in (SHARD0_GUILD, SHARD1_GUILD)] == [0, 1]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"MAHJONG_SHARD_COUNT": "0"}, "MAHJONG_SHARD_COUNT takes the number of shards in all processes"),
        ({"MAHJONG_SHARD_COUNT": "two"}, "a whole number from 1 to 65536"),
        ({"MAHJONG_SHARD_COUNT": "-1"}, "not '-1'"),
        ({"MAHJONG_SHARD_COUNT": "70000"}, "not '70000'"),
        ({"MAHJONG_SHARD_IDS": "0-3"}, "MAHJONG_SHARD_IDS ('0-3') needs MAHJONG_SHARD_COUNT"),
        ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "3-1"}, "such as 0-3 or 0,2,5"),
        ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "0-"}, "not '0-'"),
        ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "1,,2"}, "not '1,,2'"),
        ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "one"}, "shard numbers and ranges"),
        ({"MAHJONG_SHARD_COUNT": "4", "MAHJONG_SHARD_IDS": "2,4"}, "names shard 4, but there are 4 shards"),
        ({"MAHJONG_SYNC_COMMANDS": "maybe"}, "MAHJONG_SYNC_COMMANDS takes yes or no"),
    ],
)
def test_a_shard_setting_that_cannot_be_used_says_what_is_taken(values: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        BotConfig.from_env(values, env_file=None)


def test_the_shard_settings_are_read() -> None:
    config = BotConfig.from_env({"MAHJONG_SHARD_COUNT": "6", "MAHJONG_SHARD_IDS": "4-5, 0"}, env_file=None)
    assert (config.shard_count, config.shard_ids, config.syncs_commands) == (6, (0, 4, 5), True)
    assert [config.serves(s << 22) for s in range(6)] == [True, False, False, False, True, True]
    second = BotConfig.from_env({"MAHJONG_SHARD_COUNT": "2", "MAHJONG_SHARD_IDS": "1"}, env_file=None)
    assert second.shard_ids == (1,) and not second.syncs_commands  # shard 0's process syncs
    told = BotConfig.from_env(
        {"MAHJONG_SHARD_COUNT": "2", "MAHJONG_SHARD_IDS": "1", "MAHJONG_SYNC_COMMANDS": "yes"}, env_file=None
    )
    assert told.syncs_commands
    plain = BotConfig.from_env({}, env_file=None)
    assert (plain.shard_count, plain.shard_ids, plain.syncs_commands) == (None, None, True)
    assert plain.serves(SHARD1_GUILD) and plain.serves(SHARD0_GUILD)


async def test_two_shards_in_one_process_drive_each_servers_table(tmp_path: Path) -> None:
    """The bot identifies once per shard and gets each shard's READY with its own server; a
    table in each server opens, starts and plays through clicks."""
    bot = make_bot(config(tmp_path / "db.sqlite3", shard_count=2))
    async with Harness.running(bot, guilds=two_servers()) as h:
        assert h.identified == [(0, 2), (1, 2)]
        assert bot.shard_count == 2 and {g.id: g.shard_id for g in bot.guilds} == {
            SHARD0_GUILD: 0,
            SHARD1_GUILD: 1,
        }
        people = {
            SHARD0_CHANNEL: (h.user(100, "alice"), h.user(200, "bob")),
            SHARD1_CHANNEL: (h.user(300, "carol"), h.user(400, "dave")),
        }
        tables = {c: await open_table(h, *people[c], channel=c) for c in people}
        for channel, table in tables.items():
            game = table.game
            assert game is not None and table.guild_id == (SHARD0_GUILD, SHARD1_GUILD)[channel == 20]
            before = len(game.deal.log)
            for _ in range(40):  # the people play until each table has had a person's move
                await h.settle()
                mover = next((u for u in people[channel] if asked(table, table.position_of(u.id) or 0)), None)
                if mover is not None:
                    await play_card(h, table, mover, channel)
                    break
            assert len(game.deal.log) > before
            async with table.lock:  # between moves: the computers play on while storage is read
                stored = await bot.storage.load_game(table.game_id or 0)
                played = len(game.deal.log)
            assert stored.guild_id == table.guild_id and len(stored.hands[0].actions) == played
        h.check()


async def store_games(db: Path) -> dict[int, int]:
    """A live table in each server, with moves played (by a process that runs both shards); its
    game id by channel."""
    bot = make_bot(config(db))
    async with Harness.running(bot, guilds=two_servers()) as h:
        ids = {}
        for channel, (a, b) in ((SHARD0_CHANNEL, (100, 200)), (SHARD1_CHANNEL, (300, 400))):
            alice, bob = h.user(a, f"p{a}"), h.user(b, f"p{b}")
            table = await open_table(h, alice, bob, channel=channel)
            assert table.game_id is not None
            ids[channel] = table.game_id
    return ids


async def test_a_process_with_shard_1_of_2_restores_only_shard_1s_tables(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "db.sqlite3"
    ids = await store_games(db)
    backend = FakeDiscord(two_servers())
    bot = make_bot(config(db, shard_count=2, shard_ids=(1,)))
    async with Harness.running(bot, backend=backend) as h:
        assert h.identified == [(1, 2)]
        assert [g.id for g in bot.guilds] == [SHARD1_GUILD]  # Discord sends shard 1's server alone
        assert (
            list(bot.tables) == [SHARD1_CHANNEL] and bot.tables[SHARD1_CHANNEL].game_id == ids[SHARD1_CHANNEL]
        )
        assert bot.unrestored == {}
        assert h.messages(SHARD0_CHANNEL) == []  # nothing said where another process plays
        assert h.messages(SHARD1_CHANNEL)[0].text == text("game_goes_on", "en")
        with sqlite3.connect(db) as con:  # shard 0's game is untouched, live, for its own process
            (status,) = con.execute(
                "SELECT status FROM games WHERE game_id = ?", (ids[SHARD0_CHANNEL],)
            ).fetchone()
        assert status == "live"
        # Only shard 0's process syncs the commands: this one did not.
        assert backend.commands == {}
        # An interaction Discord would never send here (server on shard 0) is refused, and logged.
        h.any_shard = True
        caplog.set_level(logging.WARNING, logger="bot.app")
        rec = await h.slash("mahjong new", user=h.user(100, "p100"), channel=SHARD0_CHANNEL)
        assert rec.ephemeral and rec.text == text("not_on_shard", "en")
        old_card = h.messages(SHARD1_CHANNEL)[-1]
        rec = await h.click(old_card, f"mj:hand:{SHARD1_CHANNEL}", user=h.user(300, "p300"))
        assert rec.answered and rec.text != text("not_on_shard", "en")
        lines = [r.getMessage() for r in caplog.records if "not on this process's shards" in r.getMessage()]
        assert lines == [
            f"an interaction of server {SHARD0_GUILD}, which is on shard 0, "
            "not on this process's shards 1: refused"
        ]
        assert SHARD0_CHANNEL not in bot.tables
        h.check()
    # The process with shard 0 restores the other table, and syncs the commands.
    bot0 = make_bot(config(db, shard_count=2, shard_ids=(0,)))
    async with Harness.running(bot0, backend=backend) as h0:
        assert h0.identified == [(0, 2)] and list(bot0.tables) == [SHARD0_CHANNEL]
        assert backend.commands.get(None)
        h0.check()


async def test_a_click_on_a_table_not_restored_yet_waits_for_that_table_alone(tmp_path: Path) -> None:
    """Three stored tables; the background restore is held up at the first (its record is slow
    to read). The bot answers anyway: a person asks for their card at the third table, which is
    restored then and there, ahead of the second, still queued; the others follow when the first
    read completes, each restored once."""
    db = tmp_path / "db.sqlite3"
    channels = (10, 11, 12)
    guild = [GuildSpec(1, "Club", channels=[ChannelSpec(c, f"t{c}") for c in channels])]
    backend = FakeDiscord(guild)
    people = {c: (c * 100, c * 100 + 1) for c in channels}
    async with Harness.running(make_bot(config(db)), backend=backend) as h:
        ids = {}
        for c in channels:
            table = await open_table(
                h, h.user(people[c][0], f"a{c}"), h.user(people[c][1], f"b{c}"), channel=c
            )
            ids[c] = table.game_id
    bot = make_bot(config(db))
    gate = asyncio.Event()
    loads: list[int] = []
    load_game = bot.storage.load_game

    async def slow_first(game_id: int) -> GameRecord:
        loads.append(game_id)
        if game_id == ids[10]:
            await gate.wait()
        return await load_game(game_id)

    bot.storage.load_game = slow_first  # type: ignore[method-assign]
    h2 = await Harness.start(bot, backend=backend)
    try:
        # The bot is up and answering while the first table's restore waits.
        assert bot.is_ready() and bot.tables == {} and len(bot.restoring) == 3
        alice = h2.user(people[12][0], "a12")
        rec = await h2.slash("mahjong hand", user=alice, channel=12)
        assert rec.answered and rec.ephemeral and "hand.png" in rec.last.target.filenames
        assert 12 in bot.tables and bot.tables[12].game_id == ids[12]
        assert 11 not in bot.tables and 10 not in bot.tables  # never waited for the others
        assert loads == [ids[10], ids[12]]
        # A click on the second table's message from before the restart (its My hand button)
        # restores that table, still ahead of the first.
        old = next(m for m in reversed(h2.messages(11)) if "mj:hand:11" in m.custom_ids)
        rec = await h2.click(old, "mj:hand:11", user=h2.user(people[11][0], "a11"))
        assert rec.answered and rec.ephemeral and "hand.png" in rec.last.target.filenames
        assert bot.tables[11].game_id == ids[11] and 10 not in bot.tables
        assert loads == [ids[10], ids[12], ids[11]]
        gate.set()
        await h2.settle()
        assert {c: t.game_id for c, t in bot.tables.items()} == ids and len(bot.restoring) == 0
        assert sorted(loads) == sorted(ids.values())  # each read once: restored once
        for c in channels:
            told = [m for m in h2.messages(c) if m.text == text("game_goes_on", "en")]
            assert len(told) == 1
        h2.check()
    finally:
        await h2.close()


async def test_every_stored_table_is_restored_in_the_background(tmp_path: Path) -> None:
    """`restore_tables` (all at once) and the background queue restore the same tables."""
    db = tmp_path / "db.sqlite3"
    ids = await store_games(db)
    bot: MahjongBot = make_bot(config(db))
    async with Harness.running(bot, guilds=two_servers()) as h:
        assert bot.restore_task is not None and bot.restore_task.done()
        assert {c: t.game_id for c, t in bot.tables.items()} == ids
        h.check()


async def test_the_fake_discord_refuses_a_shard_beyond_the_count_and_recommends_one(tmp_path: Path) -> None:
    """As Discord: IDENTIFY with shard [2, 2] is closed with 4010 Invalid shard; without a count
    the bot asks GET /gateway/bot and runs the shards recommended."""
    import discord
    from discord.ext import commands
    from discord_harness import HarnessError

    bad = commands.AutoShardedBot(
        command_prefix="!", intents=discord.Intents.none(), shard_count=2, shard_ids=[2]
    )
    with pytest.raises(HarnessError, match="4010 Invalid shard"):
        await Harness.start(bad, guilds=two_servers())
    backend = FakeDiscord(two_servers())
    backend.recommended_shards = 2
    bot = make_bot(config(tmp_path / "db.sqlite3"))
    async with Harness.running(bot, backend=backend) as h:
        assert [r.route for r in h.requests if r.route == "GET /gateway/bot"] == ["GET /gateway/bot"]
        assert h.identified == [(0, 2), (1, 2)] and bot.shard_count == 2
        h.check()
