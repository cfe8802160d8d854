"""The ``wikibooks`` ruleset (seed 001; RULES.md §2.3): the worked examples EX-18 to EX-24
to the chip, every special hand (a hand that is one and a near miss that is not), the
rounding, the variants riichi, dora, Ii Fan Shibari and western, and ``mahjong score``.

Losers' hands hold their scoring elements plus singles that form nothing (as in
tests/test_worked_examples.py).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Collection
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli.main import main
from engine.errors import SettingError
from engine.hand import Hand
from engine.rulesets import WIKIBOOKS, get_ruleset, table_for
from engine.rulesets.wikibooks import (
    RULESET,
    WESTERN,
    dora_of,
    expand,
)
from engine.scoring import Score, WinContext, score
from engine.scoring.report import payments, score_request
from engine.settings import Settings
from engine.settlement import Settlement, Stake, settle_hand, take_centre, totalled
from engine.tiles import Tile, Wind

SEATS = "ESWN"
JUNK = "1m 4m 7m 2p 5p 8p 3s 6s 9s 7z"  # ten singles that form nothing


def hand_settlement(
    values: list[int],
    *,
    winner: int | None,
    discarder: int | None,
    east: int,
    settings: Settings,
    riichi_seats: Collection[int] = (),
) -> Settlement:
    """One wikibooks hand settled by the deal's own settlement (riichi sticks aside)."""
    winners = [] if winner is None else [winner]
    return settle_hand(
        values,
        winners=winners,
        discarder=discarder,
        ruleset=RULESET,
        settings=settings,
        east=east,
        declarers=riichi_seats,
    )


def wb(hand: str, settings: dict[str, object] | None = None, **ctx: object) -> Score:
    """Score ``hand`` under wikibooks with ``settings`` overrides and context ``ctx``."""
    return score(Hand.parse(hand), WinContext.make(**ctx), ruleset=WIKIBOOKS, settings=settings)  # type: ignore[arg-type]


def settings_of(overrides: dict[str, object] | None = None) -> Settings:
    return RULESET.settings(overrides or {})


def loser_values(
    losers: dict[str, str], prevailing: str, settings: dict[str, object] | None = None
) -> dict[str, int]:
    """Each losing seat's hand value."""
    out = {}
    for seat, hand in losers.items():
        result = wb(hand, settings, seat=seat, prevailing=prevailing)
        assert not result.won
        out[seat] = result.total
    return out


# --- Defaults (RULES.md §2.3.1, §4, the wikibooks column) -------------------------


def test_defaults_follow_rules_md() -> None:
    s = get_ruleset("wikibooks").defaults
    assert get_ruleset("wikibooks").tile_count(s) == 144
    expected = {
        "limit": 500,
        "mj_bonus": 20,
        "no_chow_points": 10,
        "rob_kong_bonus": 10,
        "rounding": "up_to_10",
        "flower_double_model": "per_category",
        "earthly_value": "half_limit_or_better",
        "loser_max_pairs": 1,
        "discarder_pays_all": True,
        "three_mahjong_claims_abort": True,
        "wall_break": "one_throw",
        "deal_pattern": "B",
        "loose_tile_order": "second_stack_first",
        "rob_concealed_kong_13_orphans": True,
        "seven_pairs": True,
        "seven_pairs_quad_as_two_pairs": False,
        "winning_tile_points": False,
        "concealed_hand_doubles": 0,
        "wall_reserve": 14,
        "east_factor": 2,
        "loser_settlement": "differences",
        "draw_settlement": "none",
        "moon_hand_value": "limit",
        "riichi": False,
        "riichi_stake": 200,
        "riichi_carry_over": True,
        "dora": False,
        "dora_in_pair": True,
        "dora_for_losers": True,
        "ii_fan_shibari": False,
        "western": False,
        "min_doubles": 0,
        "max_chows": 4,
        "require_flush": False,
        "initial_score": 2000,
        "players": 4,
    }
    assert {name: getattr(s, name) for name in expected} == expected
    assert RULESET.parent == "huabao" and RULESET.seat_counts == (4,)


def test_new_settings_leave_dmjl_and_its_fingerprint_alone() -> None:
    """The variants' settings default to off where the other rulesets are concerned."""
    dmjl = get_ruleset("dmjl").defaults
    assert (dmjl.riichi, dmjl.dora, dmjl.ii_fan_shibari, dmjl.western, dmjl.loser_settlement) == (
        False,
        False,
        False,
        False,
        "differences",
    )
    assert dmjl.fingerprint() == Settings().fingerprint()
    assert Settings().with_values({"riichi": True}).fingerprint() != Settings().fingerprint()
    with pytest.raises(SettingError, match="does not apply to dmjl"):
        get_ruleset("dmjl").settings({"dora": True})


def test_every_item_has_its_names_here() -> None:
    """Every code a wikibooks table can hold has its German and English name in the ruleset
    (the English one is the line's), and no code repeats within a table."""
    switches = {
        "limit_hands": (True, False),
        "winning_tile_points": (True, False),
        "flower_double_model": ("dmjl", "per_category", "additive"),
        "concealed_hand_doubles": (0, 1),
        "nine_times_rule": (True, False),
        "moon_hand_value": ("limit", "one_double"),
        "riichi": (True, False),
        "dora": (True, False),
    }
    seen = set()
    for values in itertools.product(*switches.values()):
        for item in table_for("wikibooks", settings_of(dict(zip(switches, values, strict=True)))).items:
            german, english = RULESET.names[item.code]
            assert german and english == item.name, item.code
            seen.add(item.code)
    assert set(RULESET.names) == seen and len(seen) == 54


# --- Worked examples (RULES.md §5.3) --------------------------------------------


@dataclass
class Example:
    prevailing: str
    winner: str
    hand: str
    win: str
    discarder: str | None  # None: self-drawn
    expect: tuple[int, int, int]  # points, doubles, total
    pays: dict[str, int]
    nets: tuple[int, int, int, int]
    losers: dict[str, tuple[str, int]] = field(default_factory=dict)
    settings: dict[str, object] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    dora: str = ""
    riichi: tuple[int, ...] = ()


EXAMPLES = [
    pytest.param(
        Example(
            "E",
            "W",
            "[555z] 333m [567s] 234p 88p",
            "8p",
            "S",
            (28, 1, 60),
            {"E": 0, "S": 240, "N": 0},
            (40, -260, 240, -20),
            losers={"E": ("[999s] " + JUNK, 10), "S": (JUNK, 0), "N": (JUNK, 0)},
        ),
        id="EX-18-discarder-pays-4x",
    ),
    pytest.param(
        Example(
            "S",
            "E",
            "[111z] [222s] 345m [678m] 66z",
            "6z",
            "N",
            (28, 1, 60),
            {"S": 0, "W": 0, "N": 360},
            (360, 0, 0, -360),
            losers={"S": (JUNK, 0), "W": (JUNK, 0), "N": (JUNK, 0)},
        ),
        id="EX-19-discarder-pays-east-6x",
    ),
    pytest.param(
        Example(
            "E",
            "S",
            "123s 456p 777m 678s 33p",
            "3p",
            None,
            (24, 1, 60),
            {"E": 120, "W": 60, "N": 60},
            (-120, 440, -260, -60),
            settings={"riichi": True},
            flags=["riichi"],
            riichi=(1, 2),
        ),
        id="EX-20-riichi-sticks",
    ),
    pytest.param(
        Example(
            "E",
            "N",
            "[555s] [123p] [777z] 456m 99m",
            "9m",
            "W",
            (26, 4, 480),
            {"E": 0, "S": 0, "W": 1920},
            (0, 0, -1920, 1920),
            settings={"dora": True},
            dora="5s",
        ),
        id="EX-21-dora-pong",
    ),
    pytest.param(
        Example(
            "E",
            "S",
            "[777z] [234s] 567m 789p 33s 2f",
            "3s",
            None,
            (28, 2, 120),
            {"E": 240, "W": 120, "N": 120},
            (-240, 480, -120, -120),
            settings={"ii_fan_shibari": True},
        ),
        id="EX-22-ii-fan-shibari-hand-b",
    ),
    pytest.param(
        Example(
            "E",
            "N",
            "[111p] 555p [678p] [444z] 33p",
            "3p",
            "E",
            (32, 2, 160),
            {"E": 640, "S": 0, "W": 0},
            (-640, 0, 0, 640),
            losers={"E": ("[999s] " + JUNK, 10), "S": ("[2222m] " + JUNK, 10), "W": (JUNK, 0)},
            settings={"western": True},
        ),
        id="EX-23-western",
    ),
]


@pytest.mark.parametrize("ex", EXAMPLES)
def test_worked_example(ex: Example) -> None:
    ctx = WinContext.make(
        seat=ex.winner,
        prevailing=ex.prevailing,
        win=ex.win,
        self_drawn=ex.discarder is None,
        flags=ex.flags,
        dora=ex.dora,
    )
    result = score(Hand.parse(ex.hand), ctx, WIKIBOOKS, ex.settings)
    assert result.won, result.reason
    assert (result.points, result.doubles, result.total, result.limit) == (*ex.expect, False), result.items
    assert sum(line.points for line in result.items) == result.points
    assert sum(line.doubles for line in result.items) == result.doubles
    st_ = settings_of(ex.settings)

    # pays (RULES.md §1.14.1): through score_request where the request can say everything
    discarder = None if ex.discarder is None else Wind.parse(ex.discarder)
    assert dict(payments(result, ctx, st_, discarder, WIKIBOOKS) or ()) == ex.pays
    if not ex.dora:
        request = score_request(
            hand=ex.hand,
            ruleset="wikibooks",
            seat=ex.winner,
            prevailing=ex.prevailing,
            win=ex.win,
            self_drawn=ex.discarder is None,
            flags=ex.flags,
            settings=ex.settings,
            discarder=ex.discarder,
        )
        assert request.total == result.total and dict(request.pays or ()) == ex.pays

    # nets, to the chip: the winner's payments, the losers' settlement, the riichi sticks
    values = [0, 0, 0, 0]
    values[SEATS.index(ex.winner)] = result.total
    for seat, value in loser_values(
        {s: h for s, (h, _) in ex.losers.items()}, ex.prevailing, ex.settings
    ).items():
        assert value == ex.losers[seat][1], seat
        values[SEATS.index(seat)] = value
    winner = SEATS.index(ex.winner)
    settlement = hand_settlement(
        values,
        winner=winner,
        discarder=None if discarder is None else int(discarder),
        east=0,
        settings=st_,
        riichi_seats=ex.riichi,
    )
    # the riichi sticks: the winner takes the centre as the deal does (his own stick stays his)
    sticks = take_centre([Stake(seat, st_.riichi_stake, "riichi") for seat in ex.riichi], winner)
    nets = tuple(a + b for a, b in zip(settlement.nets, totalled(sticks, 4).nets, strict=True))
    assert nets == ex.nets
    assert sum(nets) == 0


def test_ex18_self_drawn_pays_everyone() -> None:
    """RULES.md §1.14.1: the EX-18 hand self-drawn → {E: 120, S: 60, N: 60}."""
    result = score_request(
        hand="[555z] 333m [567s] 234p 88p", ruleset="wikibooks", seat="W", win="8p", self_drawn=True
    )
    assert (result.points, result.total) == (28, 60)
    assert dict(result.pays or ()) == {"E": 120, "S": 60, "N": 60}
    gone = score_request(hand="[555z] 333m [567s] 234p 88p", ruleset="wikibooks", seat="W", win="8p")
    assert gone.pays is None  # a discard win without the discarder cannot say who pays
    everyone = score_request(
        hand="[555z] 333m [567s] 234p 88p",
        ruleset="wikibooks",
        seat="W",
        win="8p",
        discarder="S",
        settings={"discarder_pays_all": False},
    )
    assert dict(everyone.pays or ()) == {"E": 120, "S": 60, "N": 60}


def test_ex20_without_riichi_has_no_double() -> None:
    hand = "123s 456p 777m 678s 33p"
    assert wb(hand, seat="S", win="3p", self_drawn=True).total == 30  # 24 → 30, no double
    assert wb(hand, {"riichi": True}, seat="S", win="3p", self_drawn=True).total == 30  # no flag
    assert wb(hand, seat="S", win="3p", self_drawn=True, flags=["riichi"]).total == 30  # riichi off
    exposed = wb("[123s] 456p 777m 678s 33p", {"riichi": True}, seat="S", win="3p", flags=["riichi"])
    assert "WB2" not in [line.code for line in exposed.items]  # riichi needs a concealed hand


def test_ex21_dora_cycles() -> None:
    """RULES.md EX-21: indicator 4s → dora 5s; 9p → 1p; 4z → 1z; 7z → 5z; 5z → 6z; 6z → 7z."""
    cases = {"4s": "5s", "9p": "1p", "4z": "1z", "7z": "5z", "5z": "6z", "6z": "7z", "1z": "2z", "8m": "9m"}
    assert {k: str(dora_of(Tile.parse(k))) for k in cases} == cases
    with pytest.raises(ValueError, match="bonus tile"):
        dora_of(Tile.parse("3f"))
    # without the dora the EX-21 hand is 30 × 2 = 60
    assert wb("[555s] [123p] [777z] 456m 99m", {"dora": True}, seat="N", win="9m").total == 60
    assert wb("[555s] [123p] [777z] 456m 99m", seat="N", win="9m", dora="5s").total == 60  # dora off


def test_ex22_hand_a_is_not_offered_under_ii_fan_shibari() -> None:
    """RULES.md EX-22 hand A: its only double is the own flower, which does not count, so the
    scorer refuses it as the table does (it once scored it as a win the table never offered)."""
    shibari = {"ii_fan_shibari": True}
    assert settings_of(shibari).min_doubles == 1
    a = wb("[555m] [234s] 678m 789p 33s 2f", shibari, seat="S", win="3s", self_drawn=True)
    assert not a.won and "Ii Fan Shibari" in a.reason and "bonus tiles and dora" in a.reason
    b = wb("[777z] [234s] 567m 789p 33s 2f", shibari, seat="S", win="3s", self_drawn=True)
    assert (b.won, b.points, b.doubles, b.total) == (True, 28, 2, 120)  # EX-22 hand B
    # without the rule hand A wins with its flower's double
    a = wb("[555m] [234s] 678m 789p 33s 2f", seat="S", win="3s", self_drawn=True)
    assert (a.won, a.points, a.doubles, a.total) == (True, 26, 1, 60)


def test_ex23_western_refuses_a_second_chow_and_mixed_suits() -> None:
    western = {"western": True}
    two_chows = wb("[111p] 345p [678p] [444z] 33p", western, seat="N", win="3p")
    assert not two_chows.won and "at most 1 chow" in two_chows.reason
    mixed = wb("[111p] 555p [678s] [444z] 33p", western, seat="N", win="3p")
    assert not mixed.won and "one suit" in mixed.reason
    # both win without western
    assert wb("[111p] 345p [678p] [444z] 33p", seat="N", win="3p").won
    assert wb("[111p] 555p [678s] [444z] 33p", seat="N", win="3p").won
    # a special hand is exempt (A-WB-15)
    assert wb("19m19p19s1234567z 1z", western, win="1z").total == 500


def test_ex23_losers_settle_only_to_riichi_declarers() -> None:
    """A-WB-14: with ``western`` only the winner and riichi declarers receive."""
    st_ = settings_of({"western": True})
    values = [10, 10, 0, 160]  # EX-23: E and S hold 10 each, W nothing, N won
    alone = hand_settlement(values, winner=3, discarder=0, east=0, settings=st_)
    assert {t.reason for t in alone.transfers} == {"Mah-Jongg"}  # no loser receives anything
    with_riichi = hand_settlement(values, winner=3, discarder=0, east=0, settings=st_, riichi_seats=(1,))
    assert with_riichi.nets == (-640, 10, -10, 640)  # W pays S 10; S does not pay E (E declared nothing)
    riichi_east = hand_settlement(values, winner=3, discarder=0, east=0, settings=st_, riichi_seats=(0,))
    assert riichi_east.nets == (-640 + 20, 0, -20, 640)  # East receives double from W


def test_ex24_mutual_draw_settlement() -> None:
    """RULES.md EX-24: the wall reaches 14 tiles, no Mah-Jongg, ``draw_settlement = mutual``."""
    hands = {
        "E": "[666z] " + JUNK.replace(" 7z", ""),
        "S": "222s " + JUNK,
        "W": JUNK,
        "N": "[8888m] " + JUNK,
    }
    values = loser_values(hands, "S", {"draw_settlement": "mutual"})
    assert values == {"E": 20, "S": 10, "W": 0, "N": 10}
    v = [values[s] for s in SEATS]
    mutual = settings_of({"draw_settlement": "mutual"})
    moves = [
        (t.payer, t.payee, t.amount)
        for t in hand_settlement(v, winner=None, discarder=None, east=0, settings=mutual).transfers
    ]
    assert sorted(moves) == sorted([(1, 0, 20), (2, 0, 40), (3, 0, 20), (2, 1, 10), (2, 3, 10)])
    drawn = hand_settlement(v, winner=None, discarder=None, east=0, settings=mutual)
    assert drawn.nets == (80, -10, -60, -10)
    official = hand_settlement(v, winner=None, discarder=None, east=0, settings=settings_of())
    assert official.nets == (0, 0, 0, 0) and official.transfers == ()
    western = settings_of({"draw_settlement": "mutual", "western": True})
    assert hand_settlement(
        v, winner=None, discarder=None, east=0, settings=western, riichi_seats=(3,)
    ).nets == (
        0,
        0,
        -10,
        10,
    )


# --- Special hands (RULES.md §2.6, the wikibooks column) ---------------------------


SPECIAL = [
    # code, (hand, context), near miss (hand, context), settings
    (
        "CS1",
        ("123m 456m 789m 123p 11z", {"win": "1z", "self_drawn": True, "flags": ["first-turn"]}),
        ("123m 456m 789m 123p 11z", {"win": "1z", "self_drawn": True}),
        {},
    ),
    ("CS3", ("111z 222z 555z 666z 77z", {"win": "7z"}), ("111z 222z 555z 666z 11m", {"win": "1m"}), {}),
    ("CS4", ("19m19p19s1234567z 1z", {"win": "1z"}), ("19m19p19s1234567z 2m", {"win": "2m"}), {}),
    ("CS5", ("111z 222z 333z 444z 55m", {"win": "5m"}), ("111z 222z 333z 44z 555m", {"win": "5m"}), {}),
    ("CS6", ("555z 666z 777z 123m 99p", {"win": "9p"}), ("555z 666z 77z 123m 999p", {"win": "9p"}), {}),
    ("CS7", ("234s 234s 666s 888s 66z", {"win": "6z"}), ("234s 234s 666s 888s 55z", {"win": "5z"}), {}),
    ("CS8", ("1112345678999m 5m", {"win": "5m"}), ("[234m] 11155678999m", {"win": "5m"}), {}),
    (
        "CS8",
        ("[234m] 11155678999m", {"win": "5m"}),
        ("[789m] 11112345699m", {"win": "9m"}),
        {"nine_lanterns_easy": True},
    ),
    (
        "CS8",
        ("(1111m) 2345678999m 5m", {"win": "5m", "self_drawn": True}),
        ("(1111m) 2345678999p 5p", {"win": "5p", "self_drawn": True}),
        {},
    ),
    (
        "CS9",
        ("[1111m] [2222p] [3333s] [4444z] 55z", {"win": "5z"}),
        ("[1111m] [2222p] [3333s] 444z 55z", {"win": "5z"}),
        {},
    ),
    (
        "WS1",
        ("11m 99m 11p 99p 11z 22z 55z", {"win": "5z"}),
        ("11m 99m 11p 99p 11z 22z 55s", {"win": "5s"}),
        {},
    ),
    (
        "WS2",
        ("11m 55m 33p 77p 22s 88s 77z", {"win": "7z"}),
        ("11m 11m 33p 77p 22s 88s 77z", {"win": "7z"}),
        {},
    ),
    (
        "WS3",
        ("123m 456m 789m 123p 11z", {"win": "1z", "self_drawn": True, "flags": ["last-tile"]}),
        ("123m 456m 789m 123p 11z", {"win": "1z", "flags": ["last-tile"]}),
        {},
    ),
    ("WS4", ("111m 999m 111p 999s 11s", {"win": "1s"}), ("111m 999m 111p 999s 11z", {"win": "1z"}), {}),
    ("WS5", ("111s 333s 555s 777s 99s", {"win": "9s"}), ("111s 333s 555s 777s 88s", {"win": "8s"}), {}),
    ("WS5", ("333s 555s 777s 999s 11s", {"win": "1s"}), ("333s 555s 777s 999p 11s", {"win": "1s"}), {}),
    ("WS6", ("222p 333p 444p 555p 66p", {"win": "6p"}), ("222p 333p 444p 555p 88p", {"win": "8p"}), {}),
    (
        "WS6",
        ("[444s] [555s] [666s] 777s 33s", {"win": "3s"}),
        ("[444s] [555s] [666s] 888s 33s", {"win": "3s"}),
        {},
    ),
    ("WS7", ("666z 111s 555s 999s 77s", {"win": "7s"}), ("666z 111s 555s 999p 77s", {"win": "7s"}), {}),
    ("WS8", ("777z 111m 555m 999m 77m", {"win": "7m"}), ("777z 111m 555m 999m 77p", {"win": "7p"}), {}),
    ("WS9", ("555z 111p 333p 999p 77p", {"win": "7p"}), ("555z 111p 333p 999p 77s", {"win": "7s"}), {}),
    ("WS9", ("[5555z] [111p] 333p 999p 77p", {"win": "7p"}), ("555z 111p 333p 789p 77p", {"win": "7p"}), {}),
]


@pytest.mark.parametrize(
    ("code", "hand", "near", "settings"),
    [pytest.param(*case, id=f"{case[0]}-{i}") for i, case in enumerate(SPECIAL)],
)
def test_special_hand_and_near_miss(
    code: str,
    hand: tuple[str, dict[str, object]],
    near: tuple[str, dict[str, object]],
    settings: dict[str, object],
) -> None:
    seat = "E" if code == "CS1" else "S"
    result = wb(hand[0], settings, seat=seat, **hand[1])
    assert result.won and result.limit and result.total == 500, result.items
    assert code in [line.code for line in result.items if line.points == 500]
    miss = wb(near[0], settings, seat=seat, **near[1])
    assert code not in [line.code for line in miss.items], miss.items


def test_earthly_hand_half_limit_or_better() -> None:
    """A-WB-04: the earthly hand is worth half the limit, or its normal value where higher."""
    small = wb("123m 456m 789m 123p 11z", seat="S", win="1z", flags=["first-turn"])
    assert (small.limit, small.total, [line.code for line in small.items]) == (True, 250, ["CS2"])
    big = wb("[555z] [666z] 222z 999p 11m", seat="S", win="1m", flags=["first-turn"])
    assert (big.limit, big.points, big.doubles, big.total) == (False, 54, 3, 480)  # above half the limit
    as_limit = wb(
        "123m 456m 789m 123p 11z", {"earthly_value": "limit"}, seat="S", win="1z", flags=["first-turn"]
    )
    assert as_limit.total == 500


def test_moon_hand_as_one_double() -> None:
    """A-WB-24: ``moon_hand_value = one_double``."""
    hand, ctx = "123m 456m 789m 123p 99s", {"win": "9s", "self_drawn": True, "flags": ["last-tile"]}
    double = wb(hand, {"moon_hand_value": "one_double"}, seat="S", **ctx)
    assert (double.limit, double.points, double.doubles, double.total) == (False, 20, 1, 40)
    assert [line.code for line in double.items if line.doubles] == ["WS3"]


def test_twins_need_seven_pairs_and_special_hands() -> None:
    twins = "11m 55m 33p 77p 22s 88s 77z"
    assert not wb(twins, {"seven_pairs": False}, win="7z").won
    assert not wb(twins, {"limit_hands": False}, win="7z").limit
    assert not wb("19m19p19s1234567z 1z", {"limit_hands": False}, win="1z").won


def test_three_scholars_with_a_chow_is_the_limit() -> None:
    """«Die drei großen Gelehrten»: the fourth set may be a chow (unlike DMJL)."""
    hand = "555z 666z 777z 123m 99p"
    assert wb(hand, seat="S", win="9p").total == 500
    dmjl = score(Hand.parse(hand), WinContext.make(seat="S", win="9p"), get_ruleset("dmjl"))
    assert not dmjl.limit


# --- Rounding (A-WB-03) --------------------------------------------------------------


def test_rounding_up_to_ten_before_doubling() -> None:
    hand = "123s 456p 777m 678s 33p"  # 24 points
    assert wb(hand, seat="S", win="3p", self_drawn=True).total == 30
    assert wb(hand, {"rounding": "none"}, seat="S", win="3p", self_drawn=True).total == 24
    doubled = wb("[555z] 333m [567s] 234p 88p", {"rounding": "none"}, seat="W", win="8p")
    assert doubled.total == 56  # 28 × 2, where rounded it is 30 × 2
    exact = wb("[111p] 555p [678p] [444z] 33p", seat="N", win="3p")  # 32 → 40
    assert exact.uncapped == 40 * 4
    loser = wb("[999s] " + JUNK, seat="E")
    assert (loser.points, loser.total) == (4, 10)
    assert wb("[999s] " + JUNK, {"rounding": "none"}, seat="E").total == 4
    assert wb(JUNK, seat="E").total == 0  # nothing stays nothing


def test_rounding_of_payments_to_hundreds() -> None:
    """``rounding = half_up_100_after_east_double`` rounds each payment (A-WB-27's western sticks)."""
    st_ = settings_of({"rounding": "half_up_100_after_east_double"})
    drawn = wb(
        "[555z] 333m [567s] 234p 88p",
        {"rounding": "half_up_100_after_east_double"},
        seat="W",
        win="8p",
        self_drawn=True,
    )
    assert drawn.total == 56
    paid = RULESET.pays(56, winner=2, seats=(0, 1, 2, 3), east=0, discarder=None, settings=st_)
    assert paid == {0: 100, 1: 100, 3: 100}  # 112 → 100, 56 → 100


# --- Variants ----------------------------------------------------------------------


def test_dora_counts_every_tile_in_a_set_and_the_pair() -> None:
    on = {"dora": True}
    kong = wb("[5555s] [123p] [777z] 456m 99m", on, seat="N", win="9m", dora="5s")
    assert [line.code for line in kong.items].count("WB3") == 4
    chow = wb("[555s] [123p] [777z] 456m 99m", on, seat="N", win="9m", dora="2p")
    assert [line.detail for line in chow.items if line.code == "WB3"] == ["[123p]"]
    pair = wb("[555s] [123p] [777z] 456m 99m", on, seat="N", win="9m", dora="9m")
    assert pair.doubles == 1 + 2
    no_pair = wb(
        "[555s] [123p] [777z] 456m 99m", {**on, "dora_in_pair": False}, seat="N", win="9m", dora="9m"
    )
    assert no_pair.doubles == 1
    loose = wb("[555s] [123p] [777z] 456m 99m", on, seat="N", win="9m", dora="1s")
    assert loose.doubles == 1  # a dora in no set counts nothing
    two = wb("[555s] [123p] [777z] 456m 99m", on, seat="N", win="9m", dora="5s 7z")
    assert two.doubles == 1 + 3 + 3


def test_dora_doubles_losers_too() -> None:
    loser = wb("[555s] " + JUNK, {"dora": True}, seat="E", dora="5s")
    assert (loser.points, loser.doubles, loser.total) == (2, 3, 80)
    assert wb("[555s] " + JUNK, {"dora": True, "dora_for_losers": False}, seat="E", dora="5s").total == 10


def test_dora_and_bonus_doubles_do_not_count_for_ii_fan_shibari() -> None:
    on = {"ii_fan_shibari": True, "dora": True}
    doras = wb("[555m] [234s] 678m 789p 33s", on, seat="S", win="3s", dora="5m")
    assert not doras.won and "Ii Fan Shibari" in doras.reason
    assert wb("[555m] [234s] 678m 789p 33s", {"dora": True}, seat="S", win="3s", dora="5m").doubles == 3
    riichi = {"ii_fan_shibari": True, "riichi": True}
    declared = wb("555m 234s 678m 789p 33s", riichi, seat="S", win="3s", self_drawn=True, flags=["riichi"])
    assert declared.won and declared.doubles == 1  # riichi counts (A-WB-12)
    plain = wb("555m 234s 678m 789p 33s", riichi, seat="S", win="3s", self_drawn=True)
    assert not plain.won
    orphans = wb("19m19p19s1234567z 1z", {"ii_fan_shibari": True}, win="1z")
    assert orphans.won and orphans.limit  # limit hands count


def test_ii_fan_shibari_in_mahjong_score(capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong score`` refuses the win the table refuses (EX-22 hand A: only the flower's
    double), in English and German, and accepts hand B."""
    hand_a = ["[555m] [234s] 678m 789p 33s 2f", "--ruleset", "wikibooks", "--seat", "S", "--win", "3s"]
    shibari = ["--self-drawn", "--set", "ii_fan_shibari=true"]
    assert main(["score", *hand_a, *shibari, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["won"] is False and "Ii Fan Shibari" in data["reason"]
    assert main(["score", *hand_a, *shibari]) == 0
    assert "No Mah-Jongg: a winning hand needs at least 1 double besides" in capsys.readouterr().out
    assert main(["score", *hand_a, *shibari, "--lang", "de"]) == 0
    assert (
        "Kein Mah-Jongg: ein Mah-Jongg braucht in wikibooks mindestens 1 Verdopplung, die nicht von "
        "Bonussteinen oder Dora kommt" in capsys.readouterr().out
    )
    hand_b = ["[777z] [234s] 567m 789p 33s 2f", "--ruleset", "wikibooks", "--seat", "S", "--win", "3s"]
    assert main(["score", *hand_b, *shibari, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 120


def test_bundles_expand_and_a_club_setting_stands() -> None:
    western = settings_of({"western": "true"})
    assert {k: getattr(western, k) for k in WESTERN} == dict(WESTERN)
    kept = settings_of({"western": True, "wall_reserve": 14, "max_chows": 2})
    assert (kept.wall_reserve, kept.max_chows, kept.riichi) == (14, 2, True)
    assert settings_of({"western": False}).max_chows == 4
    assert expand({"ii_fan_shibari": True, "min_doubles": 2})["min_doubles"] == 2
    with pytest.raises(SettingError, match="western takes true or false"):
        settings_of({"western": "maybe"})


def test_riichi_only_differences() -> None:
    """Western losers settle only towards riichi declarers (A-WB-14), as the deal settles."""
    st_ = settings_of({"loser_settlement": "riichi_only"})
    settled = hand_settlement(
        [30, 10, 0, 0], winner=0, discarder=None, east=0, settings=st_, riichi_seats={1}
    )
    losers = [(t.payer, t.payee, t.amount) for t in settled.transfers if t.payee != 0]
    assert losers == [(2, 1, 10), (3, 1, 10)]
    nobody = hand_settlement([30, 10, 0, 0], winner=0, discarder=None, east=0, settings=st_)
    assert [t for t in nobody.transfers if t.payee != 0] == []


@given(
    st.lists(st.integers(0, 500), min_size=4, max_size=4),
    st.one_of(st.none(), st.integers(0, 3)),
    st.integers(0, 3),
    st.sampled_from(["differences", "riichi_only", "none"]),
    st.booleans(),
    st.sets(st.integers(0, 3)),
)
def test_hand_settlement_sums_to_zero(
    values: list[int], winner: int | None, discarder: int, mode: str, mutual: bool, riichi: set[int]
) -> None:
    s = settings_of({"loser_settlement": mode, "draw_settlement": "mutual" if mutual else "none"})
    result = hand_settlement(
        values,
        winner=winner,
        discarder=None if discarder == winner else discarder,
        east=0,
        settings=s,
        riichi_seats=riichi,
    )
    assert sum(result.nets) == 0
    assert all(t.amount > 0 and t.payer != t.payee for t in result.transfers)
    if mode == "riichi_only":
        assert all(t.payee in riichi or t.payee == winner for t in result.transfers)


# --- mahjong score -------------------------------------------------------------------


def test_cli_scores_wikibooks(capsys: pytest.CaptureFixture[str]) -> None:
    ex18 = ["[555z] 333m [567s] 234p 88p", "--ruleset", "wikibooks", "--seat", "W", "--win", "8p"]
    assert main(["score", *ex18, "--discarder", "S", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["won"], data["points"], data["doubles"], data["total"]) == (True, 28, 1, 60)
    assert data["pays"] == {"E": 0, "S": 240, "N": 0}
    assert main(["score", *ex18, "--discarder", "S"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Wikibooks rules")
    assert out.rstrip().endswith("Total: 60\nPayments to West: East pays 0, South pays 240, North pays 0")
    assert main(["score", *ex18, "--discarder", "S", "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert "Grundpunkte für den Gewinn" in german and "Drachenpong [555z]" in german
    riichi = [
        "123s 456p 777m 678s 33p",
        "--ruleset",
        "wikibooks",
        "--seat",
        "S",
        "--win",
        "3p",
        "--self-drawn",
    ]
    assert main(["score", *riichi, "--flags", "riichi", "--set", "riichi=true", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pays"] == {"E": 120, "W": 60, "N": 60}
    western = ["[111p] 345p [678p] [444z] 33p", "--ruleset", "wikibooks", "--seat", "N", "--win", "3p"]
    assert main(["score", *western, "--set", "western=true", "--json"]) == 0
    refused = json.loads(capsys.readouterr().out)
    assert refused["won"] is False and "at most 1 chow" in refused["reason"]
