"""The lobby's edges (issue 26, items 1 and 10), through the offline Discord harness: a Join,
Leave or Add computer that lands while Start stores the game, several Start clicks at once,
forged custom_ids, and the error texts of commands that are not the table's."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from discord_harness import FakeDiscord, FakeUser, Harness, InteractionRecord
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot, play_hand

from bot.app import MahjongBot
from bot.i18n import text
from bot.storage import Storage
from bot.storage.records import seat_holder
from bot.table import Table


def gate_create_game(storage: Storage) -> tuple[asyncio.Event, asyncio.Event]:
    """Make ``storage.create_game`` wait until the test lets it go on: (entered, release). A
    click injected between the two lands while Start is storing the game."""
    original = storage.create_game
    entered, release = asyncio.Event(), asyncio.Event()

    async def gated(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        await release.wait()
        return await original(*args, **kwargs)

    storage.create_game = gated  # type: ignore[method-assign]
    return entered, release


async def open_lobby(h: Harness[MahjongBot], owner: FakeUser, computers: int) -> Table:
    rec = await h.slash("mahjong new", user=owner, channel=CHANNEL, options={"computers": computers})
    assert rec.answered and not rec.ephemeral
    return h.bot.tables[CHANNEL]


async def start_with(
    h: Harness[MahjongBot], owner: FakeUser, during: Callable[[], Any]
) -> tuple[InteractionRecord, list[InteractionRecord]]:
    """The owner clicks Start; while its game is being stored, ``during()`` clicks (a list of
    awaitables giving interaction records). Then the storing goes on and the bot settles."""
    entered, release = gate_create_game(h.bot.storage)
    lobby = h.messages(CHANNEL)[-1]
    start = await h.click(lobby, "Start", user=owner, wait=False)
    assert await h.until(entered.is_set)
    records = [await click for click in during()]
    release.set()
    await h.settle()
    return start, records


async def assert_seats_agree(h: Harness[MahjongBot], table: Table) -> list[int | str]:
    """The seats stored with the game are the seats the table plays, and the game names them."""
    assert table.game is not None and table.game_id is not None
    stored = list((await h.bot.storage.load_game(table.game_id)).seats)
    assert stored == [s.stored for s in table.seats]
    assert len(stored) == table.size
    for position in range(table.size):
        assert table.game.names[position] == table.seat_at(position).name
    return stored


async def assert_chips_to_players(h: Harness[MahjongBot], table: Table, people: list[FakeUser]) -> None:
    """Every booked chip went to the holder of a stored seat: a person's balance moved by the net
    of the seat they played, and no one else's moved."""
    game = table.game
    assert game is not None and game.history
    start = await h.bot.storage.balance(GUILD, 999)
    holders = {seat_holder(s.stored) for s in table.seats}
    for txn in await h.bot.storage.transactions(GUILD):
        assert {e.holder for e in txn.entries if e.holder.startswith(("user:", "ai:"))} <= holders
    for user in people:
        position = table.position_of(user.id)
        net = 0 if position is None else sum(record.nets[position] for record in game.history)
        assert await h.bot.storage.balance(GUILD, user.id) - net == start
    assert (await h.bot.storage.check_ledger(GUILD)).ok


async def restart(h: Harness[MahjongBot], db: Path, backend: FakeDiscord) -> Harness[MahjongBot]:
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await h2.settle()
    return h2


async def test_a_join_during_start_is_refused_and_the_stored_game_is_the_one_played(
    tmp_path: Path,
) -> None:
    """Issue 26 item 1: a Join that landed while Start stored the game took a computer's seat in
    the lobby after the seats were stored, so the person played a seat booked to ``ai:normal``
    and lost it at the next restart. Now it is refused with a clear message."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_lobby(h, alice, computers=3)
    lobby = h.messages(CHANNEL)[-1]
    start, (join,) = await start_with(h, alice, lambda: [h.click(lobby, "Join", user=bob)])
    assert start.answered and join.answered
    stored = await assert_seats_agree(h, table)
    assert stored == [alice.id, "ai:normal", "ai:normal", "ai:normal"]
    assert table.seat_of(bob.id) is None
    assert join.ephemeral and join.text == text("lobby_starting", "en")
    await play_hand(h, table, [alice])
    await assert_chips_to_players(h, table, [alice, bob])
    h.check()
    h2 = await restart(h, db, backend)
    try:
        again = h2.bot.tables[CHANNEL]
        assert [s.stored for s in again.seats] == stored and again.game_id == table.game_id
        h2.check()
    finally:
        await h2.close()


async def test_a_leave_or_add_computer_during_start_is_refused(tmp_path: Path) -> None:
    """Issue 26 item 1: a Leave that landed while Start stored the game left a stored game that no
    table ran (the lobby had lost a seat), and the leaver was seated again after a restart. Leave,
    /mahjong leave and Add computer are refused while the game starts; the stored game plays."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_lobby(h, alice, computers=1)
    rec = await h.click(h.messages(CHANNEL)[-1], "Join", user=bob)
    assert rec.answered and table.seat_of(bob.id) is not None
    lobby = h.messages(CHANNEL)[-1]
    start, refused = await start_with(
        h,
        alice,
        lambda: [
            h.click(lobby, "Leave", user=bob),
            h.slash("mahjong leave", user=bob, channel=CHANNEL),
            h.click(lobby, "Add computer", user=alice),
        ],
    )
    assert start.answered
    stored = await assert_seats_agree(h, table)
    assert stored == [alice.id, "ai:normal", bob.id, "ai:normal"]
    assert table.seat_of(bob.id) is not None and not table.closed
    for rec in refused:
        assert rec.answered and rec.ephemeral and rec.text == text("lobby_starting", "en"), rec.text
    await play_hand(h, table, [alice, bob])
    await assert_chips_to_players(h, table, [alice, bob])
    h.check()
    h2 = await restart(h, db, backend)
    try:
        again = h2.bot.tables[CHANNEL]
        assert [s.stored for s in again.seats] == stored and again.game_id == table.game_id
        h2.check()
    finally:
        await h2.close()


async def test_several_start_clicks_start_one_game_and_the_others_are_told(tmp_path: Path) -> None:
    """Issue 26 item 10: a second Start click while the first stored the game got an error reply
    (the channel already had a live game). One game starts; the other clicks are told, kindly,
    that it has started."""
    db = tmp_path / "db.sqlite3"
    async with Harness.running(make_bot(config(db)), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        table = await open_lobby(h, alice, computers=3)
        lobby = h.messages(CHANNEL)[-1]
        start, others = await start_with(
            h, alice, lambda: [h.click(lobby, "Start", user=alice) for _ in range(3)]
        )
        assert start.answered and not start.ephemeral
        await assert_seats_agree(h, table)
        for rec in others:
            assert rec.answered and rec.ephemeral and rec.text == text("already_started", "en"), rec.text
        with sqlite3.connect(db) as con:
            games = con.execute("SELECT game_id FROM games WHERE channel_id = ?", (CHANNEL,)).fetchall()
        assert games == [(table.game_id,)]
        h.check()
