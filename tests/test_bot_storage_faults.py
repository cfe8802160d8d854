"""A passing storage error (issue 26 item 6), through the offline Discord harness: a full disk
while the computers move, at a person's click or at a hand's booking keeps the table where it
was (a move not stored is not applied, a hand whose booking failed is kept), the channel is told
what happened, and the next click or a timer tries again; no chip is booked twice."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_harness import Harness
from test_bot_discord import (
    CHANNEL,
    asked,
    assert_booked,
    config,
    guilds,
    make_bot,
    open_table,
    pass_time,
    play_card,
    play_hand,
)
from test_bot_table import OTHER, PERSON, clock_of, make_table, wait_for

from bot.app import MahjongBot
from bot.i18n import text
from bot.storage import Storage
from bot.table import RETRY_SECONDS, Table
from engine.actions import Action
from engine.players import SimplePlayer
from engine.seats import Position
from engine.views import Phase

FULL = "database or disk is full"


class Flaky:
    """A storage method that raises SQLite's "disk full" for the next ``failures`` calls that
    ``when`` accepts (none until armed), then works again."""

    def __init__(self, real: Callable[..., Awaitable[Any]], when: Callable[[], bool] = lambda: True) -> None:
        self.real, self.when, self.failures, self.failed = real, when, 0, 0

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.failures and self.when():
            self.failures -= 1
            self.failed += 1
            raise sqlite3.OperationalError(FULL)
        return await self.real(*args, **kwargs)


def said(h: Harness[MahjongBot], key: str, **values: object) -> int:
    """How often the channel was told the catalogue text ``key`` (English)."""
    wanted = text(key, "en", **values)
    return sum(1 for m in h.messages(CHANNEL) if m.text == wanted)


async def stored_log(h: Harness[MahjongBot], table: Table) -> tuple[str, ...]:
    record = await h.bot.storage.load_game(table.game_id or 0)
    return record.hands[-1].actions


async def booked_transactions(h: Harness[MahjongBot], table: Table) -> int:
    """How many ledger transactions pay the game's hands (one per hand with payments at most)."""
    with sqlite3.connect(h.bot.storage.path) as con:
        (count,) = con.execute(
            "SELECT count(*) FROM transactions WHERE kind = 'hand' AND reason LIKE ?",
            (f"game {table.game_id} hand %",),
        ).fetchone()
    return int(count)


async def test_computers_move_on_after_the_storage_failed_for_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        append = Flaky(h.bot.storage.append_action, when=lambda: asyncio.current_task() is table._task)
        monkeypatch.setattr(h.bot.storage, "append_action", append)
        append.failures = 2  # the driver's next two writes fail (a computer's move or a pass)
        mover = next(u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0))
        await play_card(h, table, mover)
        await h.settle()
        assert append.failed == 1 and CHANNEL in h.bot.tables and not table.closed
        moves = len(game.deal.log)
        assert await stored_log(h, table) == tuple(a.line() for a in game.deal.log)  # not applied
        assert said(h, "storage_failed_move", reason=FULL, seconds=f"{RETRY_SECONDS[0]:g}") == 1
        assert "unchanged" not in h.messages(CHANNEL)[-1].text
        await pass_time(h, RETRY_SECONDS[0] - 0.5)
        assert append.failed == 1 and len(game.deal.log) == moves  # not before its time
        await pass_time(h, 0.5)
        assert append.failed == 2 and len(game.deal.log) == moves  # tried again, failed again
        assert said(h, "storage_failed_move", reason=FULL, seconds=f"{RETRY_SECONDS[0]:g}") == 1  # told once
        await pass_time(h, RETRY_SECONDS[1])
        assert len(game.deal.log) > moves and said(h, "storage_recovered") == 1
        assert await stored_log(h, table) == tuple(a.line() for a in game.deal.log)
        await play_hand(h, table, [alice, bob])
        await h.settle()
        await assert_booked(h, table, [alice, bob])
        assert await booked_transactions(h, table) <= 1
        assert len(h.take_errors("could not be stored")) == 1
        h.check()


async def test_a_click_whose_move_cannot_be_stored_changes_nothing_and_works_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        append = Flaky(h.bot.storage.append_action, when=lambda: asyncio.current_task() is not table._task)
        monkeypatch.setattr(h.bot.storage, "append_action", append)
        mover = next(u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0))
        before, sent = game.version, len(h.messages(CHANNEL))
        append.failures = 1
        await play_card(h, table, mover)
        await h.settle()
        assert append.failed == 1 and game.version == before and not table.closed
        assert CHANNEL in h.bot.tables and len(h.messages(CHANNEL)) == sent  # nothing public
        card = h.messages(CHANNEL, seen_by=mover)[-1]
        assert text("click_not_saved", "en", reason=FULL) in card.text
        await play_card(h, table, mover)  # the same click again: it works
        await h.settle()
        assert game.version > before
        assert await stored_log(h, table) == tuple(a.line() for a in game.deal.log)
        await play_hand(h, table, [alice, bob])
        await h.settle()
        await assert_booked(h, table, [alice, bob])
        h.check()


async def test_a_hand_whose_booking_failed_is_kept_and_booked_once_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        finish = Flaky(h.bot.storage.finish_hand)
        monkeypatch.setattr(h.bot.storage, "finish_hand", finish)
        finish.failures = 2
        await play_hand(h, table, [alice, bob])
        await h.settle()
        assert game.deal.over and finish.failed == 1
        assert CHANNEL in h.bot.tables and not table.over  # the channel keeps its table
        assert said(h, "storage_failed_booking", reason=FULL, seconds=f"{RETRY_SECONDS[0]:g}") == 1
        assert table.booking_due
        assert not any("sheet.png" in m.filenames for m in h.messages(CHANNEL))
        record = await h.bot.storage.load_game(table.game_id or 0)
        assert not record.hands[-1].finished and await booked_transactions(h, table) == 0
        await pass_time(h, RETRY_SECONDS[0])
        assert finish.failed == 2 and table.booking_due
        await pass_time(h, RETRY_SECONDS[1])
        assert not table.booking_due and said(h, "storage_recovered") == 0  # the sheet says it
        sheet = h.messages(CHANNEL)[-1]
        assert "sheet.png" in sheet.filenames
        record = await h.bot.storage.load_game(table.game_id or 0)
        assert record.hands[-1].finished
        await assert_booked(h, table, [alice, bob])
        assert await booked_transactions(h, table) == (1 if game.history[-1].transfers else 0)
        await pass_time(h, RETRY_SECONDS[-1])  # nothing is booked again
        assert await booked_transactions(h, table) == (1 if game.history[-1].transfers else 0)
        start = Flaky(h.bot.storage.start_hand)
        monkeypatch.setattr(h.bot.storage, "start_hand", start)
        start.failures = 1
        rec = await h.click(sheet, "Next hand", user=alice)  # the next hand cannot be stored yet
        await h.settle()
        assert rec.answered and start.failed == 1 and game.hand_number == 1 and game.deal.over
        told = h.messages(CHANNEL, seen_by=alice)[-1]
        assert told.ephemeral and told.text == text("click_not_saved", "en", reason=FULL)
        rec = await h.click(sheet, "Next hand", user=alice)  # again: it works
        assert rec.answered
        await h.settle()
        assert game.hand_number == 2 and not game.deal.over
        assert len(h.take_errors("could not be stored")) == 1
        h.check()


async def test_a_table_stopped_by_another_error_says_so_and_frees_its_channel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error that is no passing storage error still closes the table, but the channel is not
    told "the table is unchanged", and its game (live in storage) no longer blocks the channel:
    an admin abandons it, and /mahjong new opens the next table."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game_id = table.game_id

        async def broken(position: int) -> Any:
            raise RuntimeError("a bug")

        monkeypatch.setattr(table, "_computer_move", broken)
        mover = next(u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0))
        while table.game is not None and not table.closed:  # until a computer is to move
            await play_card(h, table, mover)
            await h.settle()
            mover = next((u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0)), mover)
        assert table.closed and CHANNEL not in h.bot.tables
        assert h.messages(CHANNEL)[-1].text == text("table_failed", "en")
        assert h.take_errors("stopped after an error")
        boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
        rec = await h.slash("mahjong abandon", user=boss, channel=CHANNEL)
        assert not rec.ephemeral and rec.text == text("abandoned", "en", game=game_id)
        assert (await h.bot.storage.load_game(game_id or 0)).status == "abandoned"
        second = await open_table(h, alice, bob)
        assert second.game_id != game_id and second.game is not None
        h.check()


async def test_a_table_stopped_while_the_storage_fails_does_not_block_its_channel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/mahjong stop when its game cannot be ended in storage (a full disk): the table stops, and
    the game left live there no longer keeps the next table in the channel from starting."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        end = Flaky(h.bot.storage.end_game)
        monkeypatch.setattr(h.bot.storage, "end_game", end)
        end.failures = 1
        rec = await h.slash("mahjong stop", user=alice, channel=CHANNEL)
        assert rec.text == text("stopped", "en") and end.failed == 1 and CHANNEL not in h.bot.tables
        assert (await h.bot.storage.load_game(table.game_id or 0)).status == "live"
        second = await open_table(h, alice, bob)  # sets the old game aside, and starts
        assert second.game is not None and second.game_id != table.game_id
        assert (await h.bot.storage.load_game(table.game_id or 0)).status == "abandoned"
        h.check()


async def test_held_claim_answers_are_applied_once_after_a_storage_error(tmp_path: Path) -> None:
    """Two answers held until the claim window's minimum: the first is stored and applied, the
    second's append fails; the retry applies the second only (the first is not applied twice)."""
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage, claim_min_seconds=5.0, turn_seconds=3600)
        clock = clock_of(table)
        table.join(PERSON, "Ada")
        table.join(OTHER, "Bo")
        await table.start(seed=11)
        game = table.game
        assert game is not None and table.game_id is not None
        people = {PERSON: table.position_of(PERSON), OTHER: table.position_of(OTHER)}
        calls: list[object] = []
        real = storage.append_action

        async def second_fails(*args: Any) -> None:
            calls.append(args)
            if len(calls) == 2:
                raise sqlite3.OperationalError(FULL)
            await real(*args)

        player = SimplePlayer()
        for _ in range(300):
            await wait_for(lambda: game.deal.over or any(p in game.to_act() for p in people.values()))
            assert not game.deal.over, "no claim window with both people asked"
            if game.deal.phase == Phase.CLAIMS and all(p in game.to_act() for p in people.values()):
                version = game.version
                for user, position in people.items():
                    assert await table.act(user, Action(Position(position or 0), "pass"), version) is None
                assert len(table.held) == 2 and game.version == version
                storage.append_action = second_fails  # type: ignore[method-assign]
                clock.advance(6.0)
                await wait_for(lambda: len(calls) == 2 and table.troubles == 1)
                assert game.version == version + 1 and len(table.held) == 1 and not table.closed
                clock.advance(RETRY_SECONDS[0])
                await wait_for(lambda v=version: game.version > v + 1 or table.closed)  # type: ignore[misc]
                assert not table.closed and not table.held
                async with table.lock:  # between moves: reads no longer wait for the writer,
                    # so a move stored but not yet applied (write-ahead) could be read otherwise
                    record = await storage.load_game(table.game_id)
                    assert record.hands[-1].actions == tuple(a.line() for a in game.deal.log)
                assert ("storage_failed", FULL) in table.presenter.calls  # type: ignore[attr-defined]
                break
            for user, position in people.items():
                if position in game.to_act() and position not in table.held:
                    view = game.view(position or 0)
                    await table.act(user, player.choose(view), view.version)
            clock.advance(6.0)
            await wait_for(lambda: not table.held)
        else:
            raise AssertionError("no claim window with both people asked")
        await table.stop()
