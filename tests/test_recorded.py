"""A hand played at a real table, entered seat by seat (engine/recorded.py, issue 29 §1): scored by
the scorer ``mahjong score`` uses, settled by the ruleset's own settlement, seated by its rotation.

The expected payments are computed apart from the code under test: the winner's from
``score_request`` (what ``mahjong score`` prints as ``pays``), the losers' differences pair by pair
as RULES.md §1.14 words them (the lower hand pays the higher the difference, double where East is
one of the two)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine.errors import EntryError, InvalidHandError, RulesetHandError, SettingError
from engine.game import Game
from engine.recorded import SeatEntry, TableState, check_entry, losers_score, settle_entries
from engine.rotation import HandEnd, Seating
from engine.rulesets import get_ruleset
from engine.scoring.report import score_request
from engine.settings import Settings
from engine.tiles import Wind

DMJL = get_ruleset("dmjl")
WIN = "234m 777z [555s] [678p] 99p"
"""South's hand of RULES.md EX-01: 76 self-drawn on 9p."""
LOSERS = ("123m 456p 789s EEE 5z", "19m 19p 19s 1234z 55z", "2345678m 2345p 9s")


def letter(state: TableState, position: int) -> str:
    return "ESWN"[state.wind_of(position)]


def expected_nets(
    state: TableState,
    winner: int,
    pays: Mapping[str, int],
    values: Mapping[int, int],
    east_factor: int = 2,
) -> list[int]:
    """The winner's payments as ``mahjong score`` gives them, and the losers' differences."""
    out = [0] * state.players
    for p in range(state.players):
        if p != winner:
            amount = pays[letter(state, p)]
            out[p] -= amount
            out[winner] += amount
    losers = [p for p in range(state.players) if p != winner]
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            factor = east_factor if state.seating.east in (a, b) else 1
            diff = abs(values[a] - values[b]) * factor
            high, low = (a, b) if values[a] >= values[b] else (b, a)
            out[high] += diff
            out[low] -= diff
    return out


@pytest.mark.parametrize("east", [0, 2])
def test_a_self_drawn_win_pays_what_mahjong_score_says_and_losers_settle_their_differences(east: int) -> None:
    state = TableState(Seating(east=east, prevailing=Wind.SOUTH))
    winner = 1
    entries = {winner: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)}
    losers = [p for p in range(4) if p != winner]
    for p, hand in zip(losers, LOSERS, strict=True):
        entries[p] = SeatEntry.lost(hand)
    hand = settle_entries(entries, ruleset=DMJL, settings=DMJL.defaults, state=state)

    asked = score_request(hand=WIN, seat=letter(state, winner), prevailing="S", win="9p", self_drawn=True)
    values = {
        p: score_request(hand=h, seat=letter(state, p), prevailing="S").total
        for p, h in zip(losers, LOSERS, strict=True)
    }
    assert hand.values[winner] == asked.total
    assert {p: hand.values[p] for p in losers} == values
    assert list(hand.nets) == expected_nets(state, winner, dict(asked.pays or ()), values)
    assert sum(hand.nets) == 0
    assert (hand.winner, hand.self_drawn, hand.discarder, str(hand.win_tile)) == (winner, True, None, "9p")


def test_a_win_on_a_discard_where_the_discarder_pays_alone() -> None:
    rules = DMJL.settings({"discarder_pays_all": True})
    state = TableState(Seating(east=0, prevailing=Wind.EAST))
    entries = {
        2: SeatEntry.won("123m 456m 789m [555z] 11p", win_tile="1p", discarder=3),
        0: SeatEntry.lost(points=10),
        1: SeatEntry.lost(points=10),
        3: SeatEntry.lost(points=10),
    }
    hand = settle_entries(entries, ruleset=DMJL, settings=rules, state=state)
    asked = score_request(
        hand="123m 456m 789m [555z] 11p",
        seat="W",
        win="1p",
        discarder="N",
        settings={"discarder_pays_all": True},
    )
    pays = dict(asked.pays or ())
    assert pays["N"] > 0 and pays["E"] == pays["S"] == 0
    assert list(hand.nets) == [0, 0, pays["N"], -pays["N"]]
    assert hand.discarder == 3 and not hand.self_drawn


def test_the_rotation_and_the_end_are_the_rulesets_as_a_game_asks_them() -> None:
    rules = DMJL.settings({"game_length": "hands:3"})
    state = TableState.start(DMJL, rules)
    east_wins = {0: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        p: SeatEntry.lost(points=0) for p in (1, 2, 3)
    }
    first = settle_entries(east_wins, ruleset=DMJL, settings=rules, state=state)
    assert (first.after.seating.east, first.after.seating.streak, first.over) == (0, 1, False)
    drawn = settle_entries(
        {p: SeatEntry.drawn() for p in range(4)}, ruleset=DMJL, settings=rules, state=first.after
    )
    assert drawn.nets == (0, 0, 0, 0) and drawn.after.seating.east == 0 and not drawn.over
    west_wins = {2: SeatEntry.won(WIN, win_tile="9p", discarder=0)} | {
        p: SeatEntry.lost(points=0) for p in (0, 1, 3)
    }
    third = settle_entries(west_wins, ruleset=DMJL, settings=rules, state=drawn.after)
    assert third.after.seating.east == 1 and third.over  # East moves on; hands:3 are played
    # the same as the game's own rotation would give
    assert third.after.seating == DMJL.rotation_for(rules).next_seating(
        HandEnd(2, (2,), 0), drawn.after.seating, rules
    )


def test_after_four_rotations_the_prevailing_wind_moves_on() -> None:
    state = TableState(Seating(east=3, prevailing=Wind.EAST, rotations=3))
    entries = {0: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        p: SeatEntry.lost(points=0) for p in (1, 2, 3)
    }
    hand = settle_entries(entries, ruleset=DMJL, settings=DMJL.defaults, state=state)
    assert (hand.after.seating.east, hand.after.seating.prevailing, hand.after.seating.rounds) == (
        0,
        Wind.SOUTH,
        1,
    )


def test_easts_ninth_win_in_a_row_is_counted_by_the_table() -> None:
    eighth = TableState(Seating(east=0, prevailing=Wind.EAST, streak=8))
    scored = check_entry(
        SeatEntry.won(WIN, win_tile="9p", self_drawn=True),
        0,
        ruleset=DMJL,
        settings=DMJL.defaults,
        state=eighth,
    )
    assert scored.score is not None and scored.value == DMJL.defaults.limit
    with pytest.raises(EntryError) as err:
        check_entry(
            SeatEntry.won(WIN, win_tile="9p", self_drawn=True, flags=["nine-times"]),
            0,
            ruleset=DMJL,
            settings=DMJL.defaults,
            state=eighth,
        )
    assert err.value.code == "record_flag_not_entered"


def test_a_hand_that_does_not_match_the_ruleset_is_refused_with_a_code() -> None:
    state = TableState.start(DMJL, DMJL.defaults)

    def refused(entry: SeatEntry, ruleset: str = "dmjl", position: int = 1) -> str:
        rs = get_ruleset(ruleset)
        with pytest.raises((EntryError, InvalidHandError, SettingError)) as err:
            check_entry(entry, position, ruleset=rs, settings=rs.defaults, state=state)
        return err.value.code

    assert (
        refused(SeatEntry.won("123m 456m 789m 555z 1p 3p", win_tile="3p", self_drawn=True))
        == "record_not_a_win"
    )
    assert (
        refused(SeatEntry.won("234m 777z [555s] [678p] 9p", win_tile="9p", self_drawn=True))
        == "one_tile_missing"
    )
    assert refused(SeatEntry.won(WIN + " 1f", win_tile="9p", self_drawn=True), "huabao") == "no_bonus_adds"
    assert refused(SeatEntry.won(WIN, win_tile="9p")) == "record_discarder_needed"
    assert refused(SeatEntry.won(WIN, win_tile="9p", discarder=1)) == "record_discarder_self"
    assert refused(SeatEntry.won(WIN, win_tile="9p", discarder=7)) == "record_discarder_not_seated"
    assert (
        refused(SeatEntry.won(WIN, win_tile="9p", self_drawn=True, discarder=2))
        == "record_self_drawn_discarder"
    )
    assert refused(SeatEntry.won(WIN, self_drawn=True)) == "record_win_tile_needed"
    assert refused(SeatEntry.lost(WIN)) == "record_loser_complete"
    assert refused(SeatEntry.lost()) == "record_loser_value_needed"  # dmjl settles the losers' hands
    assert refused(SeatEntry.lost("123m", points=4)) == "record_hand_and_points"
    assert refused(SeatEntry.lost(points=-1)) == "record_points_range"
    assert refused(SeatEntry.lost(points=1), position=4) == "record_seat_not_in_play"
    assert refused(SeatEntry.won(WIN, win_tile="9p", self_drawn=True, flags=["lucky"])) == "unknown_flag"
    assert refused(SeatEntry.lost(bonus="5p"), "rumisberg") == "record_bonus_not_bonus"
    assert issubclass(RulesetHandError, InvalidHandError)


def test_entries_that_do_not_make_one_hand_are_refused() -> None:
    state = TableState.start(DMJL, DMJL.defaults)

    def refused(entries: Mapping[int, SeatEntry]) -> str:
        with pytest.raises(EntryError) as err:
            settle_entries(entries, ruleset=DMJL, settings=DMJL.defaults, state=state)
        return err.value.code

    win = SeatEntry.won(WIN, win_tile="9p", discarder=2)
    assert refused({0: win, 1: SeatEntry.lost(points=0)}) == "record_entries_missing"
    assert refused({0: win, 1: SeatEntry.drawn(), 2: SeatEntry.drawn(), 3: SeatEntry.drawn()}) == (
        "record_outcomes_mixed"
    )
    losers = {p: SeatEntry.lost(points=0) for p in range(4)}
    assert refused(losers) == "record_no_winner"
    assert refused({0: win, 1: win, 2: SeatEntry.lost(points=0), 3: SeatEntry.lost(points=0)}) == (
        "record_several_winners"
    )


def test_several_winners_on_one_discard_where_the_ruleset_lets_them_all_win() -> None:
    jx = get_ruleset("jiangxi")
    state = TableState.start(jx, jx.defaults)
    hand = "123m 456m 789m 111s 99p"
    entries = {
        1: SeatEntry.won(hand, win_tile="9p", discarder=0),
        3: SeatEntry.won(hand, win_tile="9p", discarder=0),
        0: SeatEntry.lost(),
        2: SeatEntry.lost(),
    }
    settled = settle_entries(entries, ruleset=jx, settings=jx.defaults, state=state)
    assert settled.winners == (1, 3) and settled.discarder == 0
    assert sum(settled.nets) == 0 and settled.nets[2] == 0
    assert settled.after.seating.east == 0  # the discarder who fed two winners deals (A-JX-06)
    disagree = {**entries, 3: SeatEntry.won(hand, win_tile="9p", discarder=2)}
    with pytest.raises(EntryError) as err:
        settle_entries(disagree, ruleset=jx, settings=jx.defaults, state=state)
    assert err.value.code == "record_winners_disagree"
    assert not losers_score(jx.defaults)


def test_a_three_player_rumisberg_hand_pays_the_bouquet_and_a_drawn_hand_makes_a_gulasch() -> None:
    rs = get_ruleset("rumisberg")
    rules = rs.settings({"players": 3})
    state = TableState.start(rs, rules)
    won = "111m 999p 777s [555z] 11p"
    entries = {
        0: SeatEntry.won(won + " 1f 2f 3f 4f", win_tile="1p", discarder=1),
        1: SeatEntry.lost(),
        2: SeatEntry.lost(bonus="5f"),
    }
    hand = settle_entries(entries, ruleset=rs, settings=rules, state=state)
    bouquet = [t for t in hand.transfers if t.reason == "bouquet"]
    assert [(t.payer, t.payee, t.amount) for t in bouquet] == [(1, 0, 1000), (2, 0, 1000)]
    asked = score_request(
        hand=won + " 1f 2f 3f 4f",
        ruleset="rumisberg",
        seat="E",
        win="1p",
        discarder="S",
        settings={"players": 3},
    )
    pays = dict(asked.pays or ())
    assert hand.nets == (2000 + pays["S"] + pays["W"], -1000 - pays["S"], -1000 - pays["W"])
    assert hand.after.seating.east == 1  # after every scored game (rule 21)

    drawn = settle_entries(
        {p: SeatEntry.drawn() for p in range(3)}, ruleset=rs, settings=rules, state=hand.after
    )
    assert drawn.nets == (0, 0, 0) and drawn.after.gulasch
    assert sorted(s.seat for s in drawn.after.centre) == [0, 1, 2]
    # the Gulasch's winner takes the others' stakes
    gulasch = {
        2: SeatEntry.won(won, win_tile="1p", self_drawn=True),
        0: SeatEntry.lost(),
        1: SeatEntry.lost(),
    }
    after = settle_entries(gulasch, ruleset=rs, settings=rules, state=drawn.after)
    taken = [(t.payer, t.amount) for t in after.transfers if t.reason == "gulasch"]
    assert sorted(taken) == [(0, rules.gulasch_stake), (1, rules.gulasch_stake)]
    assert not after.after.centre and sum(after.nets) == 0


def test_the_recorded_hand_is_scored_as_the_game_scores_that_seat() -> None:
    """The seat's wind and the prevailing wind: a pong of one's own wind counts for its owner only."""
    game = Game("dmjl", seed=1)
    assert game.wind_of(0) == Wind.EAST
    state = TableState(Seating(east=1, prevailing=Wind.WEST))
    east_wind_pong = "111z 123m 456p 789s"
    values = [
        check_entry(SeatEntry.lost(east_wind_pong), p, ruleset=DMJL, settings=Settings(), state=state).value
        for p in range(4)
    ]
    expected = [
        score_request(hand=east_wind_pong, seat=letter(state, p), prevailing="W").total for p in range(4)
    ]
    assert values == expected and values[1] > values[0]


def test_an_entry_survives_its_json() -> None:
    entry = SeatEntry.won(WIN, win_tile="9p", discarder=2, flags=("last-tile",))
    assert SeatEntry.from_json(entry.to_json()) == entry
    with pytest.raises(ValueError):
        SeatEntry.from_json('{"outcome": "maybe"}')
