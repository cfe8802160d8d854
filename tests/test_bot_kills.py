"""A kill at a hand's end leaves every channel a way on (issue 26, items 2 and 3).

The first tests stop the bot in-process at one point of a hand's end (the call that would come
next never returns; the bot is then closed, as a kill leaves it) and restart it on the same
database. The last one is the kill test: a child process (``tests/kill_child.py``) runs the real
bot through the offline harness and is SIGKILLed at random and at every named point of a hand's
end, life after life (``tests/kill_lives.py``; a larger run: ``python tests/kill_lives.py``).
"""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from discord_harness import ChannelSpec, FakeDiscord, GuildSpec, Harness
from test_bot_discord import (
    CHANNEL,
    GUILD,
    OTHER_CHANNEL,
    assert_booked,
    config,
    guilds,
    make_bot,
    open_table,
    play_hand,
)

from bot.app import MahjongBot
from bot.clock import ManualClock

Wrapped = Callable[..., Awaitable[Any]]


def hang_after(call: Wrapped, when: Callable[[dict[str, Any]], bool] = lambda kw: True) -> Wrapped:
    """``call``, but once it has returned (its work committed) the bot goes no further: as if
    it were killed there. ``when`` picks the calls after which it stops."""

    async def stopped(*args: Any, **kw: Any) -> Any:
        result = await call(*args, **kw)
        if when(kw):
            await asyncio.Event().wait()  # never set: what came next never happens
        return result

    return stopped


async def restart(h: Harness[MahjongBot], db: Path, backend: FakeDiscord, **cfg: Any) -> Harness[MahjongBot]:
    """Close the stopped bot (what it left hanging is cancelled) and start a new one on ``db``."""
    clock = h.bot.clock
    assert isinstance(clock, ManualClock)
    await h.close()
    later = ManualClock(start=clock(), wall=clock.wall() + 60.0)  # the bot was down a minute
    h2 = await Harness.start(make_bot(config(db, **cfg), clock=later), guilds=guilds(), backend=backend)
    await h2.settle()
    return h2


async def test_a_kill_after_the_last_hand_is_booked_leaves_no_live_game(tmp_path: Path) -> None:
    """Item 2: the game's end is stored with the last hand's booking, in one transaction; a kill
    right after it finds the game finished, and the channel opens a new table that starts."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    storage.finish_hand = hang_after(storage.finish_hand)  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    assert table.game is not None and table.game.finished
    assert not await storage.load_unfinished_games()  # ended with the booking, not after it
    h2 = await restart(h, db, backend)
    try:
        assert CHANNEL not in h2.bot.tables  # nothing restored
        new = await open_table(h2, alice, bob)
        assert new.game is not None and new.game_id != table.game_id
        record = await h2.bot.storage.load_game(table.game_id or 0)
        assert record.status == "finished" and record.hands[-1].finished
        await assert_booked(h2, table, [alice, bob])
        h2.check()
    finally:
        await h2.close()


def final_sheets(h: Harness[MahjongBot]) -> int:
    """How many final score sheets (the standings) the channel was sent."""
    return sum("Final standings:" in m.text and "sheet.png" in m.filenames for m in h.messages(CHANNEL))


async def test_a_kill_before_the_final_sheet_posts_it_on_restart_once(tmp_path: Path) -> None:
    """A kill between the last hand's booking (which ends the game) and its sheet: the restart
    posts the final sheet with the standings, once; a second restart posts nothing more, nor
    after a game whose final sheet was posted before the stop."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)

    async def never_posted(t: Any) -> None:  # the kill comes before the sheet reaches Discord
        await asyncio.Event().wait()

    h.bot.presenter.hand_ended = never_posted  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    assert table.game is not None and table.game.finished
    assert final_sheets(h) == 0
    h = await restart(h, db, backend)
    try:
        assert final_sheets(h) == 1
        sheet = [m for m in h.messages(CHANNEL) if "Final standings:" in m.text][-1]
        assert "alice" in sheet.text and "bob" in sheet.text and "Next hand" not in sheet.labels
        assert CHANNEL not in h.bot.tables  # the channel is free
        await assert_booked(h, table, [alice, bob])  # booked once, before the stop
        h = await restart(h, db, backend)
        assert final_sheets(h) == 1  # not posted again
        new = await open_table(h, alice, bob)
        assert new.game_id != table.game_id
        await play_hand(h, new, [alice, bob])  # its final sheet is posted the usual way
        assert new.game is not None and new.game.finished and final_sheets(h) == 2
        h = await restart(h, db, backend)
        assert final_sheets(h) == 2
        h.check()
    finally:
        await h.close()


async def test_a_live_game_whose_last_hand_is_booked_finishes_on_restore(tmp_path: Path) -> None:
    """Item 2, a database already in that state (the game's end was a second transaction, and
    the bot stopped between the two): on restore the game ends as it would have, the final
    sheet with the standings is posted, and the channel is free for /mahjong new."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    real = storage.finish_hand

    async def booked_alone(*args: Any, **kw: Any) -> Any:  # the booking of the earlier code
        kw.pop("ends_game", None)
        return await real(*args, **kw)

    storage.finish_hand = hang_after(booked_alone)  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    (record,) = await storage.load_unfinished_games()
    assert record.hands[-1].finished and record.status == "live"
    h2 = await restart(h, db, backend)
    try:
        assert not await h2.bot.storage.load_unfinished_games()
        finished = await h2.bot.storage.load_game(table.game_id or 0)
        assert finished.status == "finished"
        sheet = h2.messages(CHANNEL)[-1]
        assert "sheet.png" in sheet.filenames and "Final standings:" in sheet.text
        assert "Next hand" not in sheet.labels
        await assert_booked(h2, table, [alice, bob])  # booked once, before the stop
        new = await open_table(h2, alice, bob)
        assert new.game is not None and new.game_id != table.game_id
        h2.check()
    finally:
        await h2.close()


async def test_a_kill_before_the_sheet_is_posted_reposts_it_with_next_hand(tmp_path: Path) -> None:
    """Item 3: the hand is booked, the bot is killed before the score sheet is posted; after the
    restart the sheet is there with **Next hand**, which deals the next hand."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    storage.finish_hand = hang_after(storage.finish_hand)  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    assert not any("sheet.png" in m.filenames for m in h.messages(CHANNEL))
    h2 = await restart(h, db, backend)
    try:
        sheet = h2.messages(CHANNEL)[-1]
        assert "sheet.png" in sheet.filenames and "Next hand" in sheet.labels
        (record,) = await h2.bot.storage.load_unfinished_games()
        assert record.hands[-1].finished and len(record.hands) == 1
        await assert_booked(h2, table, [alice, bob])
        rec = await h2.click(sheet, "Next hand", user=bob)
        assert rec.answered
        await h2.settle()
        restored = h2.bot.tables[CHANNEL]
        assert restored.game is not None and restored.game.hand_number == 2
        assert not restored.game.deal.over
        h2.check()
    finally:
        await h2.close()


async def test_a_kill_before_the_sheet_with_automatic_next_hands(tmp_path: Path) -> None:
    """Item 3 with ``next_hand_seconds``: after the restart the sheet is posted again and the
    next hand starts by itself when the pause is over."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db, next_hand_seconds=5.0)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    storage.finish_hand = hang_after(storage.finish_hand)  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    h2 = await restart(h, db, backend, next_hand_seconds=5.0)
    try:
        (sheet,) = [m for m in h2.messages(CHANNEL) if "sheet.png" in m.filenames]  # posted again
        assert "Next hand" in sheet.labels
        restored = h2.bot.tables[CHANNEL]
        assert restored.game is not None and restored.game.hand_number == 1
        clock = h2.bot.clock
        assert isinstance(clock, ManualClock)
        clock.advance(5.0)
        await h2.settle()
        assert restored.game.hand_number == 2 and not restored.game.deal.over
        h2.check()
    finally:
        await h2.close()


async def test_an_unpaid_hand_says_so_again_after_a_restart(tmp_path: Path) -> None:
    """Item 3: a sheet posted again after a restart says what its booking said: payments the
    ledger refused are named as not booked."""
    from bot.storage import StorageInputError

    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    real = storage.finish_hand

    async def refusing(*args: Any, **kw: Any) -> Any:
        if kw.get("payments"):
            raise StorageInputError("no balance may leave ±10^12 chips")
        return await real(*args, **kw)

    storage.finish_hand = hang_after(refusing)  # type: ignore[method-assign]
    game = table.game
    assert game is not None
    await play_hand(h, table, [alice, bob])
    assert game.history[-1].transfers  # a hand with payments, refused
    h.take_errors("payments not booked")
    h2 = await restart(h, db, backend)
    try:
        sheet = h2.messages(CHANNEL)[-1]
        assert "sheet.png" in sheet.filenames and "Next hand" in sheet.labels
        assert "could not be booked: no balance may leave" in sheet.text
        h2.check()
    finally:
        await h2.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_at_random_and_at_every_point_of_a_hands_end(tmp_path: Path) -> None:
    """The kill test (acceptance of issue 26): lives of the real bot in a child process, each
    SIGKILLed at a random moment or at a named point of a hand's end; after each, the next life
    restores the database, and the parent checks that no chip was booked twice or lost (the
    ledger balances, each hand is booked once, as the engine's replay of the stored log pays)
    and that the channel had a way on."""
    from kill_lives import POINTS, run_lives

    summary = run_lives(tmp_path / "kills.sqlite3", lives=12, seed=2611, rng=random.Random(2611))
    assert summary.problems == [], summary.problems
    assert all(summary.kills[point] >= 2 for point in POINTS), summary.kills
    assert summary.kills["random"] >= 2, summary.kills
    assert summary.hands_booked >= 5 and summary.games_finished >= 1, summary
    assert summary.way_on_checked >= 8, summary.way_on_checked


async def test_a_live_finished_game_ends_on_restore_even_where_nothing_can_be_posted(
    tmp_path: Path,
) -> None:
    """Item 2: the game's end does not wait for Discord; a channel gone since (every post there
    refused) still has its game ended on restore, not left live."""
    db = tmp_path / "db.sqlite3"
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=FakeDiscord())
    await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    real = storage.finish_hand

    async def booked_alone(*args: Any, **kw: Any) -> Any:  # the booking of the earlier code
        kw.pop("ends_game", None)
        return await real(*args, **kw)

    storage.finish_hand = hang_after(booked_alone)  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    await h.close()
    gone = [GuildSpec(GUILD, "Club", channels=[ChannelSpec(OTHER_CHANNEL, "second")])]
    h2 = await Harness.start(make_bot(config(db)), guilds=gone, backend=FakeDiscord())
    try:
        await h2.settle()
        assert (await h2.bot.storage.load_game(table.game_id or 0)).status == "finished"
        assert h2.take_errors("could not") == [] and CHANNEL not in h2.bot.unrestored
    finally:
        await h2.close()
