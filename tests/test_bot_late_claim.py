"""Rumisberg's rule 3 at the bot's table ("Man kann einen Stein rufen, bis der nächste Spieler
seinen Stein abgelegt hat", A-RU-13): after passing a discard and drawing, the next player's card
still offers the claim, says so, and a click makes it (through the real discord.py dispatch,
offline: tests/discord_harness.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import Harness
from test_bot_discord import config, guilds, make_bot
from test_bot_gulasch import lines, my_card, open_rumisberg

from bot.app import MahjongBot
from bot.presenter import say_tile
from engine.actions import ActionKind
from engine.views import Phase

SEED_LATE = 4
"""A game seed at which alice sits South and, the others playing the time-out defaults, may pong
East's discard she passed after her draw."""

LATE = (ActionKind.PONG, ActionKind.CHOW, ActionKind.KONG)


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    """The bot on a clock the test moves, as every bot test runs it."""
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


async def test_the_card_offers_the_claim_after_the_draw(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice = h.user(100, "alice")
    table = await open_rumisberg(h, monkeypatch, SEED_LATE)
    game = table.game
    assert game is not None
    me = table.position_of(alice.id)
    assert me is not None
    async with table.lock:  # everyone plays the time-out defaults (alice passes the discard)
        while not (
            game.deal.phase == Phase.TURN
            and game.to_act() == [me]
            and any(a.kind in LATE for a in game.legal_actions(me))
        ):
            assert not game.deal.over
            await table._store_and_apply(game.default_action(game.to_act()[0]))
    await h.settle()
    view = game.view(me)
    assert view.last_discard is not None
    tile = say_tile(view.last_discard[1], "en")
    card = await my_card(h, alice)
    assert f"Your turn: discard a tile, or still claim {tile} (the tile you drew goes back to the wall)." in (
        card.text
    )
    assert "Pong" in card.labels
    live = game.deal.live_remaining
    (target,) = [c for c in card.custom_ids if c.endswith(":pong")]
    rec = await h.click(card, target, user=alice)
    assert rec.answered
    await h.settle()
    assert lines(game)[-1] == f"{game.wind_of(me).letter} pong" and game.deal.live_remaining == live + 1
