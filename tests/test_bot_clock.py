"""The bot's injectable clock and seed source (bot/clock.py, create_bot): tests move time by
hand and draw game seeds from a fixed seed, so no bot test depends on the machine's speed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from discord_harness import Harness
from test_bot_discord import CHANNEL, config, guilds, make_bot

from bot.app import create_bot
from bot.clock import ManualClock, SystemClock
from bot.table import seed_source


async def test_a_sleeper_wakes_when_the_clock_reaches_its_time_not_before() -> None:
    clock = ManualClock()
    woke: list[str] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append(name)

    tasks = [asyncio.create_task(sleeper("late", 3.0)), asyncio.create_task(sleeper("soon", 1.0))]
    await asyncio.sleep(0)
    clock.advance(0.5)
    await asyncio.sleep(0)
    assert woke == []
    clock.advance(3.0)  # both are due: they run in the order of their times
    await asyncio.gather(*tasks)
    assert woke == ["soon", "late"] and clock() == 3.5


async def test_a_wait_takes_its_time_when_it_is_called() -> None:
    """A table's wait counts from the moment it began, even if the clock moves before the
    waiting task runs again (it once counted from then, so a deadline came late)."""
    clock, event = ManualClock(), asyncio.Event()
    waiting = asyncio.create_task(clock.wait(event, 10.0))
    await asyncio.sleep(0)  # the wait began at 0
    clock.advance(9.5)
    await asyncio.sleep(0)
    assert not waiting.done()
    clock.advance(0.5)
    assert await waiting is False  # the time ran out, the event was not set
    woken = asyncio.create_task(clock.wait(event, 10.0))
    await asyncio.sleep(0)
    event.set()
    assert await woken is True and clock() == 10.0
    assert clock.next_due is None  # nothing left waiting


def test_the_manual_clock_moves_only_forward_in_exact_steps() -> None:
    clock = ManualClock(wall=1_000.0)
    with pytest.raises(ValueError, match="does not go back"):
        clock.advance(-1.0)
    with pytest.raises(ValueError, match="whole steps of 1/1024 s"):
        clock.advance(0.1)
    clock.advance(0.25)
    assert clock.wall() == 1_000.25


def test_create_bot_gives_every_table_its_clock_and_draws_seeds_from_its_source(tmp_path: Path) -> None:
    clock = ManualClock()
    bot = create_bot(config(tmp_path / "db.sqlite3"), clock=clock, seeds=seed_source(3))
    table = bot.new_table(1, 10, 100, "dmjl", {})
    assert table.clock is clock and bot.clock is clock
    again = create_bot(config(tmp_path / "db.sqlite3"), seeds=seed_source(3))
    assert [bot.seeds(), bot.seeds()] == [again.seeds(), again.seeds()]  # reproducible from 3
    assert isinstance(again.clock, SystemClock)  # production keeps the real time
    assert isinstance(again.new_table(1, 11, 100, "dmjl", {}).clock, SystemClock)


async def test_discords_three_seconds_pass_on_the_bots_clock(tmp_path: Path) -> None:
    """The harness times interactions on the bot's clock: an answer is late when the test's
    clock passed Discord's 3 s, never because the machine was busy."""
    bot = make_bot(config(tmp_path / "db.sqlite3"))
    async with Harness.running(bot, guilds=guilds()) as h:
        assert h.clock is bot.clock
        rec = await h.slash(
            "mahjong new", user=h.user(100, "alice"), channel=CHANNEL, options={"computers": 0}
        )
        assert rec.answered and rec.ack_ms == 0.0 and h.unanswered() == []
        h.check()
