"""The computer players take a ``Ruleset`` object (issue 27): a ruleset made with ``derive`` and
never registered is played to its end by four computer players, the strong one reading the
others' displays (defence), a timed-out seat's default and a hint work at its table, and the
players' knowledge is that ruleset's, cached by its identity. A name is looked up only at the
edges."""

from __future__ import annotations

import pytest

from engine.actions import ActionKind
from engine.ai.hints import hint
from engine.ai.player import AIPlayer
from engine.ai.value import knowledge
from engine.errors import SettingError
from engine.game import Game
from engine.rulesets import DMJL, RULESETS
from engine.views import Phase

CLUB = DMJL.derive("myclub", title="My club", defaults={"limit": 800, "game_length": "hands:3"})


def test_the_club_is_not_registered() -> None:
    assert "myclub" not in RULESETS
    with pytest.raises(SettingError, match="there is no ruleset 'myclub'"):
        knowledge("myclub")  # a name is looked up in the registry: the edges only


def test_a_derived_unregistered_ruleset_is_played_to_the_end_by_four_computer_players() -> None:
    game = Game(CLUB, None, 17, ["easy", "normal", "strong", "normal2"])
    levels = ["easy", "normal", "strong", "normal"]
    players = {
        p: AIPlayer(
            levels[p], seed=f"{game.seed}:{p}", settings=game.settings, defence=True, ruleset=game.ruleset
        )
        for p in game.positions
    }
    start = sum(game.chips)
    while True:
        while not game.deal.over:
            for idle in game.idle_passes():
                game.apply(idle)
            if game.deal.over:
                break
            position = game.to_act()[0]
            game.apply(players[position].choose(game.view(position)))
        if game.finished:
            break
        game.next_hand()
    assert len(game.history) == 3 and sum(game.chips) == start
    know = players[2].knowledge("myclub", game.settings)  # the name a view gives: its own ruleset
    assert know.rules is CLUB and know.limit == 800
    assert know is knowledge(CLUB, game.settings)  # cached by the ruleset's identity


def test_a_timed_out_default_and_a_hint_at_a_derived_ruleset() -> None:
    """After a claim there is no drawn tile: a timed-out seat's default discard is a computer
    player's choice, made at a ruleset the registry has not got; so is a hint."""
    game = Game(CLUB, None, 17, ["a", "b", "c", "d"])
    players = {p: AIPlayer("normal", seed=p, ruleset=CLUB) for p in game.positions}
    defaults = 0
    while not game.deal.over:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            break
        position = game.to_act()[0]
        if game.deal.phase is Phase.TURN and game.deal.drawn is None:  # after a claim
            default = game.default_action(position)
            assert default.kind is ActionKind.DISCARD and default in game.legal_actions(position)
            defaults += 1
        view = game.view(position)
        assert hint(view, settings=game.settings, ruleset=game.ruleset).action in view.legal
        game.apply(players[position].choose(view))
    assert defaults > 0


def test_a_player_without_the_ruleset_looks_the_views_name_up() -> None:
    game = Game(CLUB, None, 17, ["a", "b", "c", "d"])
    east = game.position_of(0)
    with pytest.raises(SettingError, match="there is no ruleset 'myclub'"):
        AIPlayer("normal", seed="x").choose(game.view(east))
