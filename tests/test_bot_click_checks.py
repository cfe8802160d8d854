"""A click is checked for legality once (issue 27), through the real discord.py dispatch,
offline (tests/discord_harness.py): a person's move on the card, the computer moves and passes
it lets the table make, a time-out's default and a Gulasch exchange's pick and confirm each ask
the engine's one check (``Deal.check``) once per move, and the table tests no move against the
legal actions itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from discord_harness import FakeUser, Harness, StoredMessage
from test_bot_discord import CHANNEL, asked, config, guilds, make_bot, open_table, pass_time

from bot.app import MahjongBot
from bot.components import action_code
from bot.table import Table
from engine.actions import Action, ActionKind
from engine.deal import Deal
from engine.errors import Refusal
from engine.game import Game
from engine.players import SimplePlayer
from engine.views import Phase


@dataclass
class Counted:
    """The legality checks made: ``Deal.check`` calls (by the action asked about, its seat a
    wind) and calls of ``Game.legal_actions`` (a table testing a move against the list)."""

    checks: list[Action] = field(default_factory=list)
    listed: int = 0

    def reset(self) -> None:
        self.checks.clear()
        self.listed = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    out = Counted()
    check, listed = Deal.check, Game.legal_actions

    def counted_check(self: Deal, action: Action) -> Refusal | None:
        out.checks.append(action)
        return check(self, action)

    def counted_listed(self: Game, position: int) -> list[Action]:
        out.listed += 1
        return listed(self, position)

    monkeypatch.setattr(Deal, "check", counted_check)
    monkeypatch.setattr(Game, "legal_actions", counted_listed)
    yield out


async def my_card(h: Harness[MahjongBot], table: Table, user: FakeUser) -> StoredMessage:
    rec = await h.click(h.message(table.message_id or 0), f"mj:hand:{CHANNEL}", user=user)
    card = rec.last.target if rec.last is not None else None
    assert isinstance(card, StoredMessage)
    return card


async def test_a_click_and_the_moves_it_sets_off_are_each_checked_once(
    tmp_path: Path, counted: Counted
) -> None:
    """A whole hand of two people and two computers: every click (a discard in the select, a
    claim or pass button) asks ``Deal.check`` once about the move clicked, the computer moves and
    idle passes that follow once each, and the table never tests a move against the legal list."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        clicks = 0
        for _ in range(400):
            await h.settle()
            if game.deal.over:
                break
            user = next((u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0)), None)
            if user is None:
                continue
            position = table.position_of(user.id)
            assert position is not None
            card = await my_card(h, table, user)
            action = SimplePlayer().choose(game.view(position))
            by_wind = action.by(game.wind_of(position))
            before = game.version
            counted.reset()
            if action.kind is ActionKind.DISCARD:
                rec = await h.select(card, card.custom_ids[0], [str(action.tile)], user=user)
            else:
                target = next(c for c in card.custom_ids if c.endswith(f":{action_code(action)}"))
                rec = await h.click(card, target, user=user)
            await h.settle()
            assert rec.answered
            assert counted.checks.count(by_wind) == 1, counted.checks
            assert len(counted.checks) == game.version - before  # one per move applied, no more
            assert counted.listed == 0
            clicks += 1
        assert game.deal.over and clicks > 5
        h.check()


async def test_a_time_out_default_is_checked_once(tmp_path: Path, counted: Counted) -> None:
    """When a person's time runs out the table plays the default: one check for it (and one for
    each computer move that follows); the legal actions are listed once, to choose the default,
    and the move is not tested against them again."""
    fast = config(tmp_path / "db.sqlite3", turn_seconds=20.0, claim_seconds=10.0)
    async with Harness.running(make_bot(fast), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        await h.settle()
        table = h.bot.tables[CHANNEL]
        game = table.game
        assert game is not None
        timeouts = 0
        for _ in range(3):
            if game.deal.over:
                break
            counted.reset()
            before = game.version
            await pass_time(h, 20.0)
            assert len(counted.checks) == game.version - before > 0
            assert counted.listed == 1  # the default's own choice; the move is not tested again
            timeouts += 1
        assert timeouts


async def test_an_exchange_pick_and_its_confirm_check_the_give_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    """In a Gulasch exchange the pick in the select asks the engine whether the give is legal;
    its confirm then stores and applies it without asking again."""
    from test_bot_gulasch import SEED_EAST, open_rumisberg, to_a_gulasch

    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        table = await open_rumisberg(h, monkeypatch, SEED_EAST)
        game = table.game
        assert game is not None
        await to_a_gulasch(h, table)
        alice = h.user(100, "alice")
        position = table.position_of(alice.id)
        assert position == game.east and game.deal.phase == Phase.EXCHANGE
        await h.settle()  # the computer partner gives first
        card = await my_card(h, table, alice)
        (pick,) = [c for c in card.custom_ids if c.startswith("mj:pick:")]
        values = [o["value"] for o in card.select_options(pick)][:3]
        counted.reset()
        before = game.version
        await h.select(card, pick, values, user=alice)
        assert len(counted.checks) == 1 and game.version == before  # the pick: asked, not applied
        card = h.message(card.id)
        (confirm,) = [c for c in card.custom_ids if re.search(r":give-", c)]
        await h.click(card, confirm, user=alice)
        await h.settle()
        give = counted.checks[0]
        assert give.kind is ActionKind.GIVE and counted.checks.count(give) == 1
        assert str(give) in game.log  # applied, after the one check of the pick
        assert len(counted.checks) == game.version - before and counted.listed == 0
