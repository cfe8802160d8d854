"""The public table message shows the table as it is, also when it changed while a new hand's
message was being drawn and sent (a publisher that ran meanwhile edited the old message), and a
person's card shows where the table stands after a click whose answer the table overtook."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord_harness import Harness, StoredMessage
from test_bot_discord import CHANNEL, pass_time
from test_bot_gulasch import SEED_EAST, harness, open_rumisberg, to_a_gulasch

from bot.app import MahjongBot
from bot.components import action_code
from engine.actions import Action
from engine.players import SimplePlayer
from engine.tiles import Wind
from engine.views import Phase

__all__ = ["harness"]  # the fixture


async def test_a_give_made_while_the_next_hands_message_is_sent_shows_on_it(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Gulasch begins with a computer's give and then waits for East, a person: the give
    is made (by the table, as its driver may make it) after the new hand's message was drawn
    and before it is sent. The message is then edited to show it."""
    h = harness
    table = await open_rumisberg(h, monkeypatch, SEED_EAST)
    game = table.game
    assert game is not None
    presenter = h.bot.presenter
    real = presenter._table_message
    store = table._store_and_apply
    given = asyncio.Event()
    waited: list[bool] = []

    changed = presenter.table_changed
    marked = asyncio.Event()

    async def stored(action: Action) -> Any:
        line = game.line(action)
        events = await store(action)
        if line.startswith("W give "):
            given.set()
        return events

    async def table_changed(t: Any) -> None:
        await changed(t)
        if given.is_set():
            marked.set()  # the driver marked the table changed for the give

    async def drawn_then_given(t: Any, **how: Any) -> Any:
        """The new hand's message is drawn; before it is sent, the table's driver makes the
        computer's give and the publisher edits the message the table has then (the old one)."""
        drawn = await real(t, **how)
        publishing = asyncio.current_task() in presenter._publishers.values()
        if not publishing and not waited and game.hand_number == 2 and game.deal.phase == Phase.EXCHANGE:
            waited.append(True)
            await marked.wait()
            await presenter.flush(CHANNEL)
        return drawn

    monkeypatch.setattr(table, "_store_and_apply", stored)
    monkeypatch.setattr(presenter, "table_changed", table_changed)
    presenter._table_message = drawn_then_given  # type: ignore[method-assign]
    await to_a_gulasch(h, table)
    presenter._table_message = real  # type: ignore[method-assign]
    assert waited and marked.is_set()
    west = table.seat_at(game.position_of(Wind.WEST)).name
    shown = h.message(table.message_id or 0).text
    assert f"Gulasch exchange: {west} (West) has chosen; <@100> (East) still chooses" in shown, shown
    h.check()


async def test_a_card_answered_after_the_table_moved_on_shows_where_it_stands(
    harness: Harness[MahjongBot],
) -> None:
    """A person's move sets off the computers' moves. The answer to the click (their card) is
    drawn, then the table moves on and edits the card first (it is the person's move again),
    then the drawn answer is sent: the card is edited once more to show where the table is."""
    h = harness
    alice = h.user(100, "alice")
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
    assert rec.answered
    await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
    await h.settle()
    table = h.bot.tables[CHANNEL]
    game = table.game
    assert game is not None
    position = table.position_of(alice.id)
    assert position is not None
    while position not in game.to_act():
        await pass_time(h, 5)
    presenter = h.bot.presenter
    real_card, real_move = presenter.card, presenter.seat_to_move
    moved_on = asyncio.Event()
    waited: list[bool] = []

    async def seat_to_move(t: Any, p: int) -> None:
        await real_move(t, p)
        if p == position and waited:
            moved_on.set()  # the table edited the card for the person's next move

    async def card(t: Any, p: int, *args: Any, **kw: Any) -> Any:
        drawn = await real_card(t, p, *args, **kw)
        if not waited and asyncio.current_task() is not table._task:  # the click's answer
            waited.append(True)
            await moved_on.wait()
        return drawn

    opened = await h.click(h.message(table.message_id or 0), f"mj:hand:{CHANNEL}", user=alice)
    assert opened.last is not None and isinstance(opened.last.target, StoredMessage)
    shown = opened.last.target
    action = SimplePlayer().choose(game.view(position))
    presenter.card = card  # type: ignore[method-assign]
    presenter.seat_to_move = seat_to_move  # type: ignore[method-assign]
    if action.kind == "discard":
        rec = await h.select(shown, shown.custom_ids[0], [str(action.tile)], user=alice)
    else:
        rec = await h.click(
            shown, next(c for c in shown.custom_ids if c.endswith(f":{action_code(action)}")), user=alice
        )
    assert rec.answered
    await h.settle()
    while not moved_on.is_set() and not game.deal.over:
        await pass_time(h, 5)
    presenter.card, presenter.seat_to_move = real_card, real_move  # type: ignore[method-assign]
    assert waited and moved_on.is_set()
    card_message = h.ephemeral_messages(CHANNEL, alice)[-1]
    expected, _ = await real_card(table, position, "en")
    texts = [c.content for c in expected.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert texts and texts[0] in card_message.text, (texts, card_message.text)
    h.check()
