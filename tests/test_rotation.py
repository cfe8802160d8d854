"""Who deals next is the ruleset's rotation (issue 27, RULES.md §1.13, §2.4.11, §2.5.7):
``engine/rotation.py`` holds every rotation, a ``Ruleset`` names its own or lets its
``dealer_rotation`` setting choose, ``derive`` can give another, ``diff`` shows it, and ``Game``
asks its ruleset."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.game import Game
from engine.players import SimplePlayer
from engine.rotation import (
    AFTER_EVERY_SCORED_GAME,
    ON_NON_EAST_WIN,
    ROTATIONS,
    WINNER,
    HandEnd,
    Rotation,
    Seating,
)
from engine.rulesets import DMJL, RULESETS, get_ruleset
from engine.settings import SPEC_BY_NAME, Settings
from engine.tiles import Wind

PLAYER = SimplePlayer()

EACH_RULESETS_ROTATION = {
    "dmjl": "on_non_east_win",
    "huabao": "on_non_east_win",
    "wikibooks": "on_non_east_win",
    "rumisberg": "after_every_scored_game",
    "jiangxi": "winner",
}

MID = Seating(east=1, prevailing=Wind.EAST, streak=2, rotations=1, rounds=0, players=4)
"""A table mid-round: East at position 1, two wins in a row."""

EAST_WINS = HandEnd(winner=1, discarder=3)
OTHER_WINS = HandEnd(winner=3, discarder=0)
DRAWN = HandEnd()
FED_TWO = HandEnd(winner=2, winners=(2, 3), discarder=0)
"""Jiangxi: position 0's discard fed two winners (A-JX-07)."""
EAST_FED_ONE_OF_TWO = HandEnd(winner=1, winners=(1, 2), discarder=3)

# (east, prevailing, streak, rotations, rounds) after the hand, by rotation and hand
CASES: dict[str, list[tuple[HandEnd, tuple[int, Wind, int, int, int]]]] = {
    "on_non_east_win": [
        (EAST_WINS, (1, Wind.EAST, 3, 1, 0)),  # East stays, one more win in a row
        (OTHER_WINS, (2, Wind.EAST, 0, 2, 0)),  # South's player becomes East
        (DRAWN, (1, Wind.EAST, 2, 1, 0)),  # East stays, his run unbroken
        (FED_TWO, (0, Wind.EAST, 0, 1, 0)),  # the discarder deals (A-JX-06)
        (EAST_FED_ONE_OF_TWO, (3, Wind.EAST, 0, 1, 0)),
    ],
    "after_every_scored_game": [
        (EAST_WINS, (2, Wind.EAST, 0, 2, 0)),  # East moves on whoever won (rule 21)
        (OTHER_WINS, (2, Wind.EAST, 0, 2, 0)),
        (DRAWN, (1, Wind.EAST, 2, 1, 0)),  # a drawn hand is not scored: East stays
        (FED_TWO, (0, Wind.EAST, 0, 1, 0)),
        (EAST_FED_ONE_OF_TWO, (3, Wind.EAST, 0, 1, 0)),
    ],
    "winner": [
        (EAST_WINS, (1, Wind.EAST, 3, 1, 0)),  # a winning dealer stays
        (OTHER_WINS, (3, Wind.EAST, 0, 1, 0)),  # the winner deals, the round does not move
        (DRAWN, (1, Wind.EAST, 2, 1, 0)),  # the dealer stays
        (FED_TWO, (0, Wind.EAST, 0, 1, 0)),  # the discarder who fed two winners deals
        (EAST_FED_ONE_OF_TWO, (3, Wind.EAST, 0, 1, 0)),
    ],
}


def after(
    rotation: Rotation, end: HandEnd, seating: Seating = MID, settings: Settings | None = None
) -> tuple[object, ...]:
    s = rotation.next_seating(end, seating, settings or Settings())
    return (s.east, s.prevailing, s.streak, s.rotations, s.rounds)


@pytest.mark.parametrize(("ruleset", "name"), EACH_RULESETS_ROTATION.items())
def test_each_rulesets_rotation_as_a_unit(ruleset: str, name: str) -> None:
    rs = get_ruleset(ruleset)
    rotation = rs.rotation_for(rs.defaults)
    assert rotation.name == name and rotation is ROTATIONS[name]
    for end, expected in CASES[name]:
        assert after(rotation, end, settings=rs.defaults) == expected, (ruleset, end)


def test_every_registered_ruleset_is_in_the_table() -> None:
    assert set(EACH_RULESETS_ROTATION) == set(RULESETS)


def test_the_setting_chooses_among_the_rotations_where_the_ruleset_has_none_of_its_own() -> None:
    assert set(ROTATIONS) == set(SPEC_BY_NAME["dealer_rotation"].choices or ())
    jx = get_ruleset("jiangxi")
    for name, rotation in ROTATIONS.items():
        assert jx.rotation_for(jx.settings({"dealer_rotation": name})) is rotation
        assert rotation.ref  # each names its section or resolution


@pytest.mark.parametrize("rotation", [ON_NON_EAST_WIN, AFTER_EVERY_SCORED_GAME])
def test_the_last_east_of_a_round_moves_the_prevailing_wind(rotation: Rotation) -> None:
    last = Seating(east=3, prevailing=Wind.SOUTH, streak=0, rotations=3, rounds=1, players=4)
    assert after(rotation, HandEnd(winner=1, discarder=0), last) == (0, Wind.WEST, 0, 0, 2)  # A-RU-16


def test_with_three_players_east_moves_among_the_three_positions() -> None:
    three = Seating(east=2, prevailing=Wind.EAST, rotations=2, players=3)
    assert after(AFTER_EVERY_SCORED_GAME, HandEnd(winner=2), three) == (0, Wind.SOUTH, 0, 0, 1)
    assert after(AFTER_EVERY_SCORED_GAME, HandEnd(winner=0), replace(three, east=0, rotations=0))[0] == 1


def test_the_nine_times_rule_moves_east_on_after_his_ninth_win() -> None:
    run = replace(MID, streak=8)
    on, off = Settings(), Settings().with_values({"nine_times_rule": False})
    assert after(ON_NON_EAST_WIN, EAST_WINS, run, on)[:3] == (2, Wind.EAST, 0)
    assert after(ON_NON_EAST_WIN, EAST_WINS, run, off)[:3] == (1, Wind.EAST, 9)
    assert after(WINNER, EAST_WINS, run, on)[:3] == (1, Wind.EAST, 9)  # the winner deals


def test_the_winner_rotation_never_moves_the_prevailing_wind() -> None:
    last = Seating(east=3, prevailing=Wind.EAST, rotations=3, players=4)
    assert after(WINNER, HandEnd(winner=0), last) == (0, Wind.EAST, 0, 3, 0)


# --- A derived ruleset with a rotation of its own ------------------------------------------------


def play_hand(game: Game) -> None:
    while not game.deal.over:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            break
        game.apply(PLAYER.choose(game.view(game.to_act()[0])))


def test_derive_gives_a_rotation_diff_shows_it_and_the_setting_no_longer_applies() -> None:
    club = DMJL.derive("winners-deal", title="Winners deal", rotation=WINNER)
    assert club.rotation_for(club.defaults) is WINNER
    assert club.rotation_for(club.defaults.with_values({"dealer_rotation": "on_non_east_win"})) is WINNER
    assert ("rotation", "winner", "on_non_east_win") in club.diff(DMJL)
    assert ("rotation", "on_non_east_win", "winner") in DMJL.diff(club)
    assert not [d for d in DMJL.derive("same", title="x").diff(DMJL) if d[0] == "rotation"]
    assert "dealer_rotation" not in club.setting_names and "dealer_rotation" in DMJL.setting_names
    with pytest.raises(Exception, match="does not apply"):
        club.settings({"dealer_rotation": "on_non_east_win"})


def test_a_derived_ruleset_plays_its_own_rotation() -> None:
    """A rotation the registry has not got (East moves on after every hand, drawn ones too),
    given by ``derive``, unregistered: the game asks the ruleset and East moves every hand."""

    def every_hand(end: HandEnd, seating: Seating, settings: Settings) -> Seating:
        del end, settings
        return replace(seating, east=(seating.east + 1) % seating.players)

    club = DMJL.derive(
        "always-on", title="Always on", rotation=Rotation("every_hand", "house rule", every_hand)
    )
    game = Game(club, {"game_length": "hands:5"}, 21, ["a", "b", "c", "d"])
    easts = [game.east]
    outcomes = []
    while True:
        play_hand(game)
        outcomes.append(game.history[-1].winner)
        if game.finished:
            break
        game.next_hand()
        easts.append(game.east)
    assert easts == [0, 1, 2, 3, 0]
    assert None in outcomes or any(w == e for w, e in zip(outcomes, easts, strict=True))  # not just dmjl's


def test_a_derived_ruleset_with_the_winner_rotation_lets_the_winner_deal() -> None:
    club = DMJL.derive("winners-deal", title="Winners deal", rotation=WINNER)
    game = Game(club, {"game_length": "hands:6"}, 4, ["a", "b", "c", "d"])
    moved = 0
    while True:
        play_hand(game)
        record = game.history[-1]
        if game.finished:
            break
        game.next_hand()
        expected = record.east if record.winner is None else record.winner
        assert game.east == expected
        moved += record.winner not in (None, record.east)
        assert game.prevailing == Wind.EAST
    assert moved  # some hand was won by another than East: the winner, not South's player, dealt
