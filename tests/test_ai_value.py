"""engine/ai/value.py: a seat's view reduced to counts takes its tile set from the ruleset."""

from __future__ import annotations

import dataclasses

import pytest

from engine.ai.value import state_of, win_chance
from engine.game import Game


@pytest.mark.parametrize(
    ("ruleset", "in_play"),
    [
        pytest.param("dmjl", 136, id="dmjl-144-less-8-bonus"),
        pytest.param("huabao", 136, id="huabao-136"),
        pytest.param("wikibooks", 136, id="wikibooks-144-less-8-bonus"),
        pytest.param("jiangxi", 116, id="jiangxi-120-less-4-fa"),
    ],
)
def test_state_counts_the_tiles_a_hand_can_use(ruleset: str, in_play: int) -> None:
    game = Game(ruleset, seed=5, players=["a", "b", "c", "d"])
    state = state_of(game.view(0))
    assert state.tiles_in_play == in_play
    assert 0 < sum(state.visible) + sum(state.held) < in_play


def test_the_same_wait_is_likelier_among_fewer_unseen_tiles() -> None:
    state = state_of(Game("jiangxi", seed=5, players=["a", "b", "c", "d"]).view(0))
    as_if_136 = dataclasses.replace(state, tiles_in_play=136)
    assert win_chance(0, 6, state) > win_chance(0, 6, as_if_136)
