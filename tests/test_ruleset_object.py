"""A ruleset is an object the engine plays and scores as it is: one made with ``derive`` and
never registered by name is scored and played like a registered one (issue 27)."""

from __future__ import annotations

from engine.errors import SettingError
from engine.game import Game
from engine.hand import Hand
from engine.players import SimplePlayer
from engine.rulesets import DMJL, RULESETS, get_ruleset
from engine.scoring import WinContext, score
from engine.scoring.report import score_request
from engine.views import Phase

HAND = "234m 777z [555s] [678p] 99p"
CLUB = DMJL.derive("myclub", title="My club", defaults={"mj_bonus": 30})


def test_a_derived_ruleset_not_registered_is_scored_by_its_own_defaults() -> None:
    assert "myclub" not in RULESETS
    ctx = WinContext.make(seat="S", win="9p")
    theirs = score(Hand.parse(HAND), ctx, DMJL)
    ours = score(Hand.parse(HAND), ctx, CLUB)
    assert theirs.won and ours.won
    assert ours.points == theirs.points + 10  # Mah-Jongg is worth 30 at the club, 20 in dmjl
    assert ours.ruleset == "myclub" and theirs.ruleset == "dmjl"
    # house rules on top of the club's defaults, and a request with its payments
    assert score(Hand.parse(HAND), ctx, CLUB, {"mj_bonus": 20}).points == theirs.points
    request = score_request(hand=HAND, ruleset=CLUB, seat="S", win="9p", discarder="E")
    assert request.total == ours.total and request.pays is not None
    # a name is still looked up only where a name is given, and refused with the names there are
    try:
        get_ruleset("myclub")
    except SettingError as exc:
        assert "rulesets are: dmjl" in str(exc)
    else:
        raise AssertionError("an unregistered ruleset was found by name")


def test_a_derived_ruleset_not_registered_is_played_to_the_end_of_a_hand() -> None:
    game = Game(CLUB, {}, 5, ["a", "b", "c", "d"])
    assert game.ruleset is CLUB and game.settings.mj_bonus == 30
    for _ in range(2000):
        movers = game.to_act()
        if not movers:
            break
        game.apply(SimplePlayer().choose(game.view(movers[0])))
    assert game.deal.phase == Phase.OVER
    assert game.view(None).ruleset == "myclub"
