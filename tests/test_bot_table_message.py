"""The public table message shows the table as it is, also when it changed while a new hand's
message was being drawn and sent (a publisher that ran meanwhile edited the old message)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from discord_harness import Harness
from test_bot_discord import CHANNEL
from test_bot_gulasch import SEED_EAST, harness, open_rumisberg, to_a_gulasch

from bot.app import MahjongBot
from engine.actions import Action
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

    async def drawn_then_given(t: Any) -> Any:
        """The new hand's message is drawn; before it is sent, the table's driver makes the
        computer's give and the publisher edits the message the table has then (the old one)."""
        drawn = await real(t)
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
