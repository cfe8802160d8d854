"""RULES.md §2.4 and §5.4: the ``rumisberg`` ruleset (seed 002), its worked examples EX-25..EX-30
to the chip, its conditions for counted hands, rounding and limit, the club hand, the club's own
special hands, Fishing, the bouquet, the Gulasch pot and the Pot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import pytest

from engine.actions import Action
from engine.deal import Deal
from engine.errors import SettingError
from engine.game import Game
from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.rulesets import rumisberg as ru
from engine.scoring.names import rule_name
from engine.scoring.report import SEAT_LETTERS, score_request
from engine.scoring.special_hands import canonical, parse_special_hand, parse_special_hands
from engine.settlement import Stake, Transfer, nets, take_centre
from engine.tiles import Tile, Wind

RS = get_ruleset("rumisberg")
FOUR = (0, 1, 2, 3)
THREE = {"players": 3, "deal_pattern": "R3"}


def win_transfers(pays: tuple[tuple[str, int], ...] | None, winner: str) -> list[Transfer]:
    """A score's ``pays`` as transfers to the winner."""
    assert pays is not None
    to = SEAT_LETTERS.index(winner)
    return [Transfer(SEAT_LETTERS.index(seat), to, amount, "win") for seat, amount in pays]


def by_letter(nets: Sequence[int]) -> dict[str, int]:
    return {SEAT_LETTERS[seat]: amount for seat, amount in enumerate(nets)}


@dataclass
class Example:
    hand: str
    seat: str
    win: str
    self_drawn: bool
    discarder: str | None
    points: int
    doubles: int
    total: int
    pays: dict[str, int]
    settings: dict[str, object] = field(default_factory=dict)


EXAMPLES = [
    pytest.param(
        Example(
            "[555s] 777z 333m [678p] 99p", "S", "9p", True, None, 42, 1, 840, {"E": 1700, "W": 800, "N": 800}
        ),
        id="EX-25-rounding-after-east-double",
    ),
    pytest.param(
        Example(
            "111z [777z] 999s [222m] 55z",
            "E",
            "5z",
            False,
            "N",
            50,
            4,
            8000,
            {"S": 10000, "W": 10000, "N": 10000},
        ),
        id="EX-26-limit-also-for-east",
    ),
    pytest.param(
        Example(
            "[222s] [777m] 444z 456p 88s 1f 2f 3f 4f 7f",
            "W",
            "8s",
            False,
            "N",
            56,
            2,
            2240,
            {"E": 4500, "S": 2200, "N": 2200},
        ),
        id="EX-27-bouquet-doubles-dropped",
    ),
    pytest.param(
        Example(
            "[666m] [111s] [777z] [345p] 77s",
            "S",
            "7s",
            False,
            "W",
            34,
            1,
            680,
            {"E": 1400, "W": 700, "N": 700},
        ),
        id="EX-28-mahjong-hand",
    ),
    pytest.param(
        Example(
            "[666z] [888m] [123s] 111p 66p",
            "N",
            "6p",
            True,
            None,
            40,
            1,
            800,
            {"E": 1600, "S": 800, "W": 800},
        ),
        id="EX-29-gulasch-hand",
    ),
    pytest.param(
        Example(
            "[666m] [555m] 999m 777m 22m", "S", "2m", True, None, 3000, 0, 3000, {"E": 6000, "W": 3000}, THREE
        ),
        id="EX-30-club-hand-three-players",
    ),
    pytest.param(
        Example(
            "[666m] [555m] 999m 777m 22m", "E", "2m", True, None, 3000, 0, 3000, {"S": 6000, "W": 6000}, THREE
        ),
        id="EX-30-club-hand-by-east",
    ),
]


@pytest.mark.parametrize("ex", EXAMPLES)
def test_worked_examples_value_and_pays(ex: Example) -> None:
    result = score_request(
        hand=ex.hand,
        ruleset="rumisberg",
        seat=ex.seat,
        win=ex.win,
        self_drawn=ex.self_drawn,
        discarder=ex.discarder,
        settings=ex.settings,
    )
    assert result.won, result.reason
    assert (result.points, result.doubles, result.total) == (ex.points, ex.doubles, ex.total)
    assert dict(result.pays or ()) == ex.pays


def test_ex25_net() -> None:
    r = score_request(
        hand="[555s] 777z 333m [678p] 99p", ruleset="rumisberg", seat="S", win="9p", self_drawn=True
    )
    assert [line.code for line in r.items] == ["P3", "P4", "P6", "M1", "M2", "M3", "M5", "D4"]
    assert by_letter(nets(win_transfers(r.pays, "S"), 4)) == {
        "E": -1700,
        "S": 3300,
        "W": -800,
        "N": -800,
    }


def test_ex26_net_and_the_alternative_without_the_cap_after_doubling() -> None:
    hand = "111z [777z] 999s [222m] 55z"
    r = score_request(hand=hand, ruleset="rumisberg", seat="E", win="5z", discarder="N")
    assert by_letter(nets(win_transfers(r.pays, "E"), 4)) == {
        "E": 30000,
        "S": -10000,
        "W": -10000,
        "N": -10000,
    }
    uncapped = score_request(
        hand=hand,
        ruleset="rumisberg",
        seat="E",
        win="5z",
        discarder="N",
        settings={"limit_after_east_double": False},
    )
    assert dict(uncapped.pays or ()) == {"S": 16000, "W": 16000, "N": 16000}


def test_ex27_bouquet_paid_during_play_and_not_counted_at_mahjong() -> None:
    r = score_request(
        hand="[222s] [777m] 444z 456p 88s 1f 2f 3f 4f 7f",
        ruleset="rumisberg",
        seat="W",
        win="8s",
        discarder="N",
    )
    codes = [line.code for line in r.items]
    assert codes.count("P1") == 5 and "HD5f" in codes and "HD5s" in codes and "HD7f" not in codes
    bonus = [Tile.parse(t) for t in ("1f", "2f", "3f", "4f", "7f")]
    assert ru.bouquets(bonus[:3]) == 0 and ru.bouquets(bonus) == 1
    bouquet = ru.bouquet_payments(2, seats=FOUR, settings=RS.defaults)
    assert [(t.payer, t.amount, t.reason) for t in bouquet] == [
        (0, 1000, "bouquet"),
        (1, 1000, "bouquet"),
        (3, 1000, "bouquet"),
    ]
    assert by_letter(nets(bouquet + win_transfers(r.pays, "W"), 4)) == {
        "E": -5500,
        "S": -3200,
        "W": 11900,
        "N": -3200,
    }


def test_unpaid_bouquet_keeps_its_doubles() -> None:
    """With no bouquet payment (bouquet_payment 0) the bouquet was not paid, so its doubles count
    (per-category model: the bouquet 2, the own season 1) -> 56 × 2^3 × 10."""
    r = score_request(
        hand="[222s] [777m] 444z 456p 88s 1f 2f 3f 4f 7f",
        ruleset="rumisberg",
        seat="W",
        win="8s",
        discarder="N",
        settings={"bouquet_payment": 0},
    )
    assert (r.points, r.doubles, r.total) == (56, 3, 4480)
    assert ru.bouquet_payments(2, seats=FOUR, settings=RS.settings({"bouquet_payment": 0})) == []


def test_ex28_fishing() -> None:
    r = score_request(
        hand="[666m] [111s] [777z] [345p] 77s", ruleset="rumisberg", seat="S", win="7s", discarder="W"
    )
    north = Hand.parse("[999p] 555s [222m] 67m 33z")
    waits = ru.fishing_waits(north, seat=Wind.NORTH)
    assert {str(t): v for t, v in waits.items()} == {"5m": 300, "8m": 300}
    value = ru.fishing_value(north, seat=Wind.NORTH)
    assert value == 300
    fishing = ru.fishing_payments({3: value}, mahjong=1, seats=FOUR, east=0, settings=RS.defaults)
    assert [(t.payer, t.payee, t.amount) for t in fishing] == [(0, 3, 600), (2, 3, 300)]  # S pays nothing
    assert by_letter(nets(win_transfers(r.pays, "S") + fishing, 4)) == {
        "E": -2000,
        "S": 2800,
        "W": -1000,
        "N": 200,
    }


def test_fishing_without_the_concealed_doubles_and_least_or_most_valuable_tile() -> None:
    not_ready = Hand.parse("123m 456p 789s 1z 3z 5z 7z")
    assert (
        ru.fishing_waits(not_ready, seat=Wind.SOUTH) == {}
        and ru.fishing_value(not_ready, seat=Wind.SOUTH) == 0
    )
    # Concealed, waiting on 2p or 9p: the pong the discard completes is exposed.
    hand = Hand.parse("222m 444s 666s 22p 99p")
    waits = ru.fishing_waits(hand, seat=Wind.SOUTH)
    # 20 + P3 2 (the pong completed by the discard is exposed) + P4 4 × 3, no M-points for a
    # two-way wait; W2 no chow and D7 three concealed pongs, 2 doubles (W3 never: rule 14);
    # 2p: P3 for [222p], 9p: P5 for [999p].
    assert {str(t): v for t, v in waits.items()} == {
        "2p": (20 + 2 + 12) * 2**2 * 10,
        "9p": (20 + 4 + 12) * 2**2 * 10,
    }
    assert ru.fishing_value(hand, seat=Wind.SOUTH) == 1360
    assert ru.fishing_value(hand, seat=Wind.SOUTH, settings=RS.settings({"fishing_value": "max"})) == 1440
    # Counted as a concealed win the same hand would have W3's 2 doubles; a Fishing value never does.
    concealed = RS.settings({"concealed_requires_self_draw": False})
    single = Hand.parse("222m 444s 666s 222p 9p")
    assert ru.fishing_waits(single, seat=Wind.SOUTH, settings=concealed) == {
        Tile.parse("9p"): (20 + 16 + 2 + 4) * 4 * 10
    }
    won = score_request(
        hand="222m 444s 666s 222p 99p",
        ruleset="rumisberg",
        seat="S",
        win="9p",
        discarder="E",
        settings={"concealed_requires_self_draw": False},
    )
    assert "W3" in [line.code for line in won.items] and won.total == (20 + 16 + 2 + 4) * 2**4 * 10


def test_two_fishing_players_pay_each_other_and_east_receives_double() -> None:
    out = ru.fishing_payments({0: 450, 3: 300}, mahjong=1, seats=FOUR, east=0, settings=RS.defaults)
    assert [(t.payer, t.payee, t.amount) for t in out] == [(2, 0, 900), (3, 0, 900), (0, 3, 600), (2, 3, 300)]


def test_ex29_gulasch_pot() -> None:
    stakes = ru.gulasch_stakes(FOUR, RS.defaults)
    pot = sum(stakes.values())
    assert pot == 2000
    r = score_request(
        hand="[666z] [888m] [123s] 111p 66p", ruleset="rumisberg", seat="N", win="6p", self_drawn=True
    )
    # the winner takes the pot as the deal pays it: every stake but his own, from its owner
    taken = nets(take_centre([Stake(seat, amount, "gulasch") for seat, amount in stakes.items()], 3), 4)
    assert taken == (-500, -500, -500, 1500)
    hand_nets = nets(win_transfers(r.pays, "N"), 4)
    totals = [hand_nets[seat] + taken[seat] for seat in FOUR]
    assert by_letter(totals) == {"E": -2100, "S": -1300, "W": -1300, "N": 4700}
    assert sum(totals) == 0


def test_drawn_gulasch_carries_the_pot_over_or_gives_the_stakes_back() -> None:
    """A-RU-07, as a Game plays it: a drawn hand makes the next a Gulasch, each staking 500; a
    drawn Gulasch leaves its pot for the next one, or (carry-over off) gives the stakes back."""
    assert RS.defaults.draw_settlement == "gulasch"
    each = [(p, 500) for p in range(4)]
    assert drawn_gulasch_centres("rumisberg", {}) == [each, sorted(each * 2)]
    assert drawn_gulasch_centres("rumisberg", {"gulasch_pot_carry_over": False}) == [each, each]


def drawn_gulasch_centres(ruleset: str, overrides: Mapping[str, object]) -> list[list[tuple[int, int]]]:
    """The Gulasch stakes lying in a Game's centre (position, amount) after a drawn hand and
    again after the Gulasch hand that follows is drawn too, each hand arranged to end drawn."""
    game = Game(ruleset, overrides, 3, ("A", "B", "C", "D"))
    out = []
    for _ in range(2):
        centre = [replace(stake, seat=int(game.wind_of(stake.seat))) for stake in game.centre]
        game.deal = Deal.arranged(
            ["1s 14m", "2s", "2m", "2p"],
            live="3p 4p 5p",
            ruleset=game.ruleset,
            settings=game.settings,
            centre=centre,
            fill=False,
        )
        for line in ("E discard 1s", "S discard 3p", "W discard 4p", "N discard 5p"):
            if game.deal.over:  # the wall ran out (where the ruleset keeps a dead wall, early)
                break
            action = Action.parse(line)
            game.apply(Action(game.position_of(action.seat), action.kind, action.tile))
            for idle in game.idle_passes():
                game.apply(idle)
        assert game.deal.result is not None and game.deal.result.winner is None
        out.append(sorted((stake.seat, stake.amount) for stake in game.centre if stake.reason == "gulasch"))
        game.next_hand()
    return out


def test_ex30_club_hand_never_counted_even_where_the_count_is_higher() -> None:
    hand = "[666m] [555m] 999m 777m 22m"
    club = score_request(hand=hand, ruleset="rumisberg", seat="S", win="2m", self_drawn=True, settings=THREE)
    assert club.fixed and [line.code for line in club.items] == ["RU5"]
    assert by_letter(nets(win_transfers(club.pays, "S"), 3)) == {"E": -6000, "S": 9000, "W": -3000}
    east = score_request(hand=hand, ruleset="rumisberg", seat="E", win="2m", self_drawn=True, settings=THREE)
    assert by_letter(nets(win_transfers(east.pays, "E"), 3)) == {
        "E": 12000,
        "S": -6000,
        "W": -6000,
    }
    counted = score_request(
        hand=hand,
        ruleset="rumisberg",
        seat="S",
        win="2m",
        self_drawn=True,
        settings={**THREE, "club_hand_value": 0},
    )  # what RULES.md EX-30 says the count would be
    assert (counted.points, counted.doubles, counted.total) == (42, 4, 6720)
    assert dict(counted.pays or ()) == {"E": 10000, "W": 6700}


def test_the_club_hand_needs_its_pattern() -> None:
    """Another suit for the pair, or a pair of 3: not the club hand; counted (one suit, no chow)."""
    for hand, win in (("[666m] [555m] 999m 777m 22p", "2p"), ("[666m] [555m] 999m 777m 33m", "3m")):
        r = score_request(hand=hand, ruleset="rumisberg", seat="S", win=win, self_drawn=True)
        assert r.won and not r.fixed and "RU5" not in [line.code for line in r.items]


EAST_WINS = {"S": 6000, "W": 6000, "N": 6000}
SOUTH_WINS = {"E": 6000, "W": 3000, "N": 3000}


@pytest.mark.parametrize(
    ("hand", "win", "self_drawn", "seat", "pays"),
    [
        pytest.param("[666m] [555m] 999m 777m 22m", "2m", True, "S", SOUTH_WINS, id="exposed-self-drawn"),
        pytest.param("[666m] [555m] 999m 777m 22m", "2m", True, "E", EAST_WINS, id="exposed-east"),
        pytest.param("[666m] [555m] [999m] [777m] 22m", "2m", False, "S", SOUTH_WINS, id="all-claimed"),
        pytest.param("[666m] [555m] [999m] [777m] 22m", "2m", False, "E", EAST_WINS, id="all-claimed-east"),
        # concealed and self-drawn, the same tiles are also the limit hands "concealed pure
        # one-suit hand" (L3) and "hidden treasure" (L4), and 555 666 777 read as chows 567
        # three times is a further limit arrangement: the club hand stands over them all
        pytest.param("666m 555m 999m 777m 22m", "2m", True, "S", SOUTH_WINS, id="concealed-self-drawn"),
        pytest.param("666m 555m 999m 777m 22m", "2m", True, "E", EAST_WINS, id="concealed-east"),
        pytest.param("666m 555m 999m 777m 22m", "9m", False, "S", SOUTH_WINS, id="concealed-on-a-discard"),
        pytest.param("666m 555m 999m 777m 22m", "9m", False, "E", EAST_WINS, id="concealed-discard-east"),
        pytest.param("(6666m) 555m 999m 777m 22m", "2m", True, "S", SOUTH_WINS, id="concealed-kong"),
        pytest.param("(6666m) 555m 999m 777m 22m", "2m", True, "E", EAST_WINS, id="concealed-kong-east"),
    ],
)
def test_the_club_hand_is_a_fixed_3000_exposed_or_concealed(
    hand: str, win: str, self_drawn: bool, seat: str, pays: dict[str, int]
) -> None:
    """A-RU-09 (revised) and §2.4.8: a hand that matches the club-hand pattern is paid its fixed
    3000 (East pays or receives 6000) and is never counted, "even where the count list would give
    the same tiles a higher value": a limit hand of the count list is no exception (rule 17: the
    limit is the cap "bei der Auszählung", and the club hand is "nicht ausgezählt"). "Played
    exposed" allows claims (A-RU-09); it does not take the club hand's value from a concealed one.
    """
    discarder = None if self_drawn else ("W" if seat != "W" else "N")
    r = score_request(
        hand=hand, ruleset="rumisberg", seat=seat, win=win, self_drawn=self_drawn, discarder=discarder
    )
    assert r.won and r.fixed and not r.limit
    assert [line.code for line in r.items] == ["RU5"]
    assert (r.points, r.doubles, r.total) == (3000, 0, 3000)
    assert dict(r.pays or ()) == pays
    assert sum(nets(win_transfers(r.pays, seat), 4)) == 0


def test_a_concealed_pure_hand_that_is_no_club_hand_is_still_a_limit_hand() -> None:
    """The club hand's pair is of its suit: with the pair in another suit the concealed hand is
    the limit hand "hidden treasure" (L4), 10'000 from each, East's capped too (rule 17)."""
    r = score_request(
        hand="666m 555m 999m 777m 22p", ruleset="rumisberg", seat="S", win="2p", self_drawn=True
    )
    assert r.limit and not r.fixed and r.total == 10000
    assert dict(r.pays or ()) == {"E": 10000, "W": 10000, "N": 10000}


def test_a_special_hand_or_count_yields_to_a_limit_hand_and_a_fixed_one_does_not() -> None:
    """A club's own special hand of a fixed value is not counted either (RULES.md §2.4.8); with
    ``/or-count`` (A-RU-25) the concealed tiles' limit hand, 10'000, is paid instead of 3000."""
    for options, total in (("", 3000), (" /or-count", 10000)):
        settings = {"club_hand_value": 0, "special_hands": f"Club: 22 666 555 999 777 = 3000{options}"}
        r = score_request(
            hand="666m 555m 999m 777m 22m",
            ruleset="rumisberg",
            seat="S",
            win="2m",
            self_drawn=True,
            settings=settings,
        )
        assert r.total == total and r.fixed == (total == 3000) and r.limit == (total == 10000)


def test_three_players() -> None:
    assert RS.seat_counts == (3, 4)
    assert RS.seats(RS.settings(THREE)) == (0, 1, 2)
    assert RS.settings({"players": 3}).deal_pattern == "R3"  # three players deal R3
    with pytest.raises(SettingError, match="R3"):
        RS.settings({"players": 3, "deal_pattern": "A"})
    with pytest.raises(SettingError, match="R3"):
        RS.settings({"deal_pattern": "R3"})


@pytest.mark.parametrize(
    ("hand", "win", "reason"),
    [
        ("123m 456p 789s [555z] 11p", "1p", "a winning hand holds at most 1 chow in rumisberg"),
        ("[123m] 456m 555z 666z 99p", "9p", "a winning hand holds at most 1 chow in rumisberg"),
        (
            "[111z] [222z] 333z 456m 77p",
            "7p",
            "a winning hand needs at least 1 pung or kong of suit tiles in rumisberg",
        ),
    ],
)
def test_a_complete_hand_that_does_not_count_is_refused(hand: str, win: str, reason: str) -> None:
    r = score_request(hand=hand, ruleset="rumisberg", seat="S", win=win, discarder="E")
    assert not r.won and r.reason == reason and r.total == 0 and r.pays == ()


def test_one_chow_and_a_suit_pung_count() -> None:
    r = score_request(
        hand="[123m] 555m 666z 777z 99p", ruleset="rumisberg", seat="S", win="9p", discarder="E"
    )
    # P4, P6 × 2, M3, M5; D4 × 2, D7 three concealed pongs
    assert r.won and r.total == (20 + 4 + 8 + 8 + 2 + 4) * 2**3 * 10


def test_limit_hand_needs_no_suit_pung_and_is_capped_for_east() -> None:
    r = score_request(hand="19m19p19s1234567z 1z", ruleset="rumisberg", seat="E", win="1z", self_drawn=True)
    assert r.won and r.limit and r.total == 10000
    assert dict(r.pays or ()) == {"S": 10000, "W": 10000, "N": 10000}
    honours = score_request(
        hand="[111z] [222z] 333z 555z 77z", ruleset="rumisberg", seat="S", win="7z", discarder="W"
    )
    assert honours.won and honours.limit and dict(honours.pays or ()) == {"E": 10000, "W": 10000, "N": 10000}


def test_honor_hand_needs_every_suit() -> None:
    every = score_request(
        hand="111m 999p [111s] 111z 99m", ruleset="rumisberg", seat="S", win="9m", discarder="E"
    )
    one = score_request(
        hand="111m 999m [111z] 222z 33z", ruleset="rumisberg", seat="S", win="3z", discarder="E"
    )
    assert "W6" in [line.code for line in every.items]
    assert "W6" not in [line.code for line in one.items] and "W4" in [line.code for line in one.items]
    assert rule_name("rumisberg", "W6", "de") == "Honor-Hand (jedes Motiv mindestens einmal)"


@pytest.mark.parametrize(
    ("amount", "rounded"),
    [
        (840, 800),
        (1680, 1700),
        (750, 800),
        (1450, 1500),
        (680, 700),
        (1360, 1400),
        (16000, 16000),
        (1649, 1600),
        (1650, 1700),
    ],
)
def test_round100_reference_values(amount: int, rounded: int) -> None:
    assert ru.round100(amount) == rounded


def test_payments_round_after_east_double_and_cap() -> None:
    st = RS.defaults
    # rounding first would give 2 × 800 = 1600 for East (RULES.md EX-25)
    assert ru.pays(840, winner=1, seats=FOUR, east=0, discarder=None, settings=st) == {
        0: 1700,
        2: 800,
        3: 800,
    }
    assert ru.pays(6720, winner=1, seats=FOUR, east=0, discarder=None, settings=st) == {
        0: 10000,
        2: 6700,
        3: 6700,
    }
    # the club hand's fixed value is neither rounded nor capped
    assert ru.pays(7000, winner=1, seats=FOUR, east=0, discarder=None, settings=st, fixed=True)[0] == 14000
    no_rounding = RS.settings({"rounding": "none"})
    assert ru.pays(840, winner=1, seats=FOUR, east=0, discarder=None, settings=no_rounding)[0] == 1680


def test_defaults_follow_rules_md_section_4() -> None:
    d = RS.defaults
    assert (d.limit, d.count_scale, d.max_chows, d.min_suit_pungs, d.concealed_hand_doubles) == (
        10000,
        10,
        1,
        1,
        2,
    )
    assert (d.rounding, d.limit_after_east_double, d.initial_score) == (
        "half_up_100_after_east_double",
        True,
        10000,
    )
    assert (d.original_call, d.nine_times_rule, d.loser_settlement, d.flower_double_model) == (
        False,
        False,
        "none",
        "per_category",
    )
    assert (d.club_hand_value, d.bouquet_payment, d.gulasch_stake, d.fishing, d.fishing_value) == (
        3000,
        1000,
        500,
        True,
        "min",
    )
    assert RS.parent == "dmjl" and RS.tile_count(d) == 144
    assert rule_name("rumisberg", "RU5", "de") == "Club-Hand 26.5.97"
    with pytest.raises(SettingError, match="does not apply to rumisberg"):
        RS.settings({"discarder_pays_all": True})


def test_dmjl_is_unchanged_by_the_new_settings() -> None:
    dmjl = get_ruleset("dmjl")
    assert dmjl.defaults.club_hand_value == 0 and dmjl.defaults.bouquet_payment == 0
    assert not dmjl.defaults.fishing and dmjl.defaults.special_hands == ""
    with pytest.raises(SettingError, match="does not apply to dmjl"):
        dmjl.settings({"bouquet_payment": 1000})


# --- The club's own special hands ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("Club-Hand: 22 666 555 999 777 = 3000", "Club-Hand: 22 666 555 999 777 = 3000"),
        ("  Windhand :111z  222z xxxa xxxa xxa=4000 ", "Windhand: 111z 222z xxx xxx xx = 4000"),
        (
            "Jade: 666z xxxs xxxs xxxs xxs = LIMIT /CONCEALED",
            "Jade: 666z xxxs xxxs xxxs xxs = limit /concealed",
        ),
        (
            "Strassen: 123 456b 789c 111z 22z = 2000 /or-count /pot",
            "Strassen: 123 456b 789c 111z 22z = 2000 /or-count /pot",
        ),
        (
            "A: 22 666 555 999 777 = 1; B: 11p 2222m 333s 444p 555m = 100",
            "A: 22 666 555 999 777 = 1; B: 11p 2222m 333s 444p 555m = 100",
        ),
        ("", ""),
    ],
)
def test_special_hand_notation_reads_and_writes_back(text: str, stored: str) -> None:
    assert canonical(text) == stored
    assert canonical(stored) == stored
    assert RS.settings({"special_hands": text}).special_hands == stored


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("22 666 555 999 777 = 3000", "has no name: write NAME: GROUPS = VALUE"),
        ("Club: 22 666 555 999 777", "has no value: end it with = 3000 (points) or = limit"),
        (
            "Club: 22 666 555 999 777 = lots",
            "the value 'lots' is not a whole number from 1 to 100000 or limit",
        ),
        ("Club: 22 666 555 999 777 = 0", "the value is a whole number from 1 to 100000, or limit"),
        ("Club: 22 666 555 999 = 3000", "it has 4 groups; a special hand is four sets and a pair"),
        ("Club: 22 66 555 999 777 = 3000", "it has 2 pairs; a special hand is four sets and a pair"),
        ("Club: 22 666 555 999 77q = 3000", "'77q' has the suit letter 'q'"),
        ("Club: 22 666 555 999 88888 = 3000", "'88888' has 5 ranks"),
        ("Club: 22 666 555 999 135 = 3000", "'135' is neither a pair, pong or kong of one rank nor a chow"),
        ("Club: 22 666 555 999 888z = 3000", "honours run 1z to 7z"),
        ("Club: 22 666 555 999 123z = 3000", "is neither a pair, pong or kong"),
        ("Club: 22 2222 555 999 777 = 3000", "it needs 6 tiles 2a; there are 4 of each tile"),
        (
            "Club: 22 666 555 999 777 = 3000 /open",
            "'/open' is not an option; options are /concealed /or-count /pot",
        ),
        ("A/B: 22 666 555 999 777 = 3000", "a name is 1 to 40 printable characters"),
        ("A: 22 666 555 999 777 = 1; a: 11 666 555 999 777 = 2", "special hand 'A' is defined twice"),
    ],
)
def test_special_hand_notation_refuses_with_what_is_accepted(text: str, message: str) -> None:
    with pytest.raises(SettingError) as err:
        parse_special_hands(text)
    assert message in str(err.value)
    with pytest.raises(SettingError):
        RS.settings({"special_hands": text})


def test_club_hand_pattern_setting_is_checked() -> None:
    assert (
        RS.settings({"club_hand_pattern": " 22m 666m  555m 999m 777m"}).club_hand_pattern
        == "22m 666m 555m 999m 777m"
    )
    with pytest.raises(SettingError, match="the club hand: it has 4 groups"):
        RS.settings({"club_hand_pattern": "22 666 555 999"})


WIND_HAND = {"special_hands": "Windhand: 111z 222z xxxa xxxa xxa = 4000"}


def test_special_hand_is_paid_its_fixed_value() -> None:
    r = score_request(
        hand="[111z] [222z] 555p 777p 99p",
        ruleset="rumisberg",
        seat="W",
        win="9p",
        discarder="N",
        settings=WIND_HAND,
    )
    assert (
        r.won
        and r.fixed
        and r.total == 4000
        and [(line.code, line.name) for line in r.items] == [("SH1", "Windhand")]
    )
    assert dict(r.pays or ()) == {"E": 8000, "S": 4000, "N": 4000}
    other_suit = score_request(
        hand="[111z] [222z] 555p 777p 99s",
        ruleset="rumisberg",
        seat="W",
        win="9s",
        discarder="N",
        settings=WIND_HAND,
    )
    assert other_suit.won and not other_suit.fixed  # the pair's suit is not the pongs': counted


def test_special_hand_options() -> None:
    concealed = {"special_hands": "Windhand: 111z 222z xxxa xxxa xxa = 4000 /concealed"}
    exposed = score_request(
        hand="[111z] [222z] 555p 777p 99p",
        ruleset="rumisberg",
        seat="W",
        win="9p",
        discarder="N",
        settings=concealed,
    )
    assert not exposed.fixed
    hidden = score_request(
        hand="111z 222z 555p 777p 99p",
        ruleset="rumisberg",
        seat="W",
        win="9p",
        discarder="N",
        settings=concealed,
    )
    assert hidden.fixed and hidden.total == 4000
    # or-count: the count (higher than 100) stands
    cheap = {"special_hands": "Windhand: 111z 222z xxxa xxxa xxa = 100 /or-count"}
    counted = score_request(
        hand="[111z] [222z] 555p 777p 99p",
        ruleset="rumisberg",
        seat="W",
        win="9p",
        discarder="N",
        settings=cheap,
    )
    assert not counted.fixed and counted.total > 100


def test_special_hand_with_chows_is_not_held_to_the_counting_conditions() -> None:
    rules = {"special_hands": "Strassen: 123a 456a 789a 111z 22z = 2000"}
    r = score_request(
        hand="123m 456m 789m 111z 22z", ruleset="rumisberg", seat="S", win="2z", discarder="E", settings=rules
    )
    assert r.won and r.total == 2000
    plain = score_request(
        hand="123m 456m 789m 111z 22z", ruleset="rumisberg", seat="S", win="2z", discarder="E"
    )
    assert not plain.won


def test_limit_special_hand_and_the_pot() -> None:
    rules = {"special_hands": "Pot: 111z 222z 333z xxxa xxa = limit /pot"}
    r = score_request(
        hand="[111z] [222z] 333z 555p 99p",
        ruleset="rumisberg",
        seat="E",
        win="9p",
        discarder="N",
        settings=rules,
    )
    st = RS.settings(rules)
    assert r.won and r.limit and r.total == 10000 and ru.is_pot(r, st)
    assert not ru.is_pot(
        score_request(
            hand="[555s] 777z 333m [678p] 99p", ruleset="rumisberg", seat="E", win="9p", discarder="N"
        ),
        st,
    )
    balances = {0: 12000, 1: 9000, 2: 150, 3: -20}
    assert [
        (t.payer, t.payee, t.amount) for t in ru.pot_payments(balances, east=0, value=r.total, settings=st)
    ] == [
        (1, 0, 9000),
        (2, 0, 150),
    ]
    undoubled = RS.settings({**rules, "pot_reading": "hand_value_undoubled"})
    assert [t.amount for t in ru.pot_payments(balances, east=0, value=r.total, settings=undoubled)] == [
        10000
    ] * 3


def test_parse_special_hand_groups() -> None:
    hand = parse_special_hand("Club-Hand: 22 666 555 999 6666p = 3000")
    assert [(g.kind, g.rank, g.suit) for g in hand.groups] == [
        ("pair", 2, "a"),
        ("pong", 6, "a"),
        ("pong", 5, "a"),
        ("pong", 9, "a"),
        ("kong", 6, "p"),
    ]


def test_a_club_hand_of_a_higher_fixed_value_is_paid_in_full_not_capped() -> None:
    # The club hand is neither rounded nor capped (A-RU-09): at 6000, East receives 12,000.
    from engine.scoring import WinContext, score
    from engine.scoring.report import payments

    st = get_ruleset("rumisberg").settings({"club_hand_value": 6000})
    ctx = WinContext.make(seat="E", win="2m", self_drawn=True)
    result = score(Hand.parse("[666m] [555m] [999m] [777m] 22m"), ctx, get_ruleset("rumisberg"), st)
    assert result.fixed and result.total == 6000
    assert payments(result, ctx, st, None, get_ruleset("rumisberg")) == (
        ("S", 12000),
        ("W", 12000),
        ("N", 12000),
    )


# --- Rule 12: the only possible tile under the club's restrictions (A-CORE-12) -------------------


def _codes(hand: str, win: str, ruleset: str = "rumisberg") -> list[str]:
    return [
        ln.code for ln in score_request(hand=hand, ruleset=ruleset, win=win, seat="S", discarder="E").items
    ]


def test_only_possible_tile_ignores_a_tile_that_would_make_a_second_chow() -> None:
    """Before the win South holds [123p] 111m 2m 555s 777s: 2m (111m and the pair 22m) or 3m
    (the pair 11m and a 123m chow) complete the shape, but with 3m the hand would hold two chows,
    which rumisberg never lets win (rule 4). So 2m was the only possible tile (rule 12: "nur 1
    Möglichkeit, um Mah-Jong zu machen"); under dmjl, where both win, it was not."""
    hand = "[123p] 111m 22m 555s 777s"
    assert "M3" in _codes(hand, "2m")
    assert "M3" not in _codes(hand, "2m", ruleset="dmjl")
    # the 3m hand itself does not win in rumisberg: the second chow is what rules it out
    assert not score_request(hand="[123p] 11m 123m 555s 777s", ruleset="rumisberg", win="3m").won


def test_only_possible_tile_still_needs_one_allowed_tile_only() -> None:
    """555s 777s 999p 2345m waits on 2m (22m + 345m) and 5m (234m + 55m), each with one chow:
    both win in rumisberg, so the 2m is not the only possible tile."""
    assert "M3" not in _codes("555s 777s 999p 22m 345m", "2m")
