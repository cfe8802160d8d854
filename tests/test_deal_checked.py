"""The remembered check lives in ``Deal`` itself (issue 27): ``Deal.check`` remembers the action
it found legal with the state it holds for (the deal's log length), ``Deal.apply`` of that very
action in that very state does not decide it again, and any other action is decided once in
``apply``. ``Game`` plays a plain ``Deal`` (no subclass of its own)."""

from __future__ import annotations

import pytest
from test_game_decisions import checks

from engine.actions import Action, ActionKind
from engine.deal import Deal
from engine.errors import IllegalActionError
from engine.game import Game
from engine.players import SimplePlayer
from engine.tiles import Wind

__all__ = ["checks"]  # the fixture counting Deal.check


def test_a_deal_applies_what_it_just_found_legal_without_deciding_again(checks: list[Action]) -> None:
    """A whole hand on a bare deal: check, then apply, one decision per move."""
    deal = Deal("dmjl", seed=11)
    player = SimplePlayer()
    moves = 0
    while not deal.over:
        for idle in deal.idle_passes():
            assert deal.check(idle) is None
            deal.apply(idle)
            moves += 1
        if deal.over:
            break
        wind = deal.to_act()[0]
        action = player.choose(deal.view(wind)).by(Wind(wind))  # the view seats wind w at position w
        assert deal.check(action) is None and deal.checked(action)
        deal.apply(action)
        moves += 1
        assert not deal.checked(action)  # the state moved on
    assert len(checks) == moves > 20


def test_a_deal_decides_any_other_action_once_in_apply(checks: list[Action]) -> None:
    deal = Deal("dmjl", seed=11)
    first, second = deal.legal_actions(Wind.EAST)[:2]
    assert deal.check(first) is None and len(checks) == 1
    assert not deal.checked(second)
    deal.apply(second)
    assert len(checks) == 2 and deal.log[-1] == second


def test_a_refusal_is_not_remembered_and_apply_refuses_it(checks: list[Action]) -> None:
    deal = Deal("dmjl", seed=11)
    pong = Action.of(Wind.SOUTH, ActionKind.PONG)
    assert deal.check(pong) is not None and not deal.checked(pong)
    with pytest.raises(IllegalActionError):
        deal.apply(pong)
    assert len(checks) == 2 and deal.log == []


def test_a_check_holds_only_for_the_state_it_was_made_in(checks: list[Action]) -> None:
    """An action checked, then the same action offered again after the log grew, is decided
    again (the remembered check is keyed by the log's length)."""
    deal = Deal("dmjl", seed=11)
    discard = next(a for a in deal.legal_actions(Wind.EAST) if a.kind is ActionKind.DISCARD)
    assert deal.check(discard) is None
    deal.apply(discard)
    # every other seat answers; then the same discard (if East could make it) is asked anew
    for idle in deal.idle_passes():
        deal.apply(idle)
    before = len(checks)
    with pytest.raises(IllegalActionError):
        deal.apply(discard)  # not East's turn any more, or not his tile: decided, refused
    assert len(checks) == before + 1


def test_a_game_plays_a_plain_deal() -> None:
    game = Game("dmjl", {}, 3, ["a", "b", "c", "d"])
    assert type(game.deal) is Deal
    east = game.position_of(Wind.EAST)
    action = game.legal_actions(east)[0]
    assert game.check(action) is None and game.deal.checked(action.by(Wind.EAST))
