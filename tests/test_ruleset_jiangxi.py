"""RULES.md §2.5 and §5.5: the ``jiangxi`` ruleset (seed 004), its fan table, payments and the
flow rules the deal applies (Gen zhuang, several winners, the next dealer, pass-over).

Every worked example EX-31..EX-39 is checked to the chip: the hand's lines and fan, ``total``,
what each seat pays through :func:`engine.scoring.report.score_request` (with the discarder)
and the nets. The dealer sits at East.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from cli.main import main
from engine.errors import InvalidHandError, NotationError, RulesetHandError, SettingError
from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.rulesets.jiangxi import (
    FA,
    RULESET,
    PassOver,
    gen_zhuang,
    is_gen_zhuang,
)
from engine.scoring.names import line_name, rule_name
from engine.scoring.report import score_request, score_text
from engine.scoring.scorer import Score, score
from engine.settlement import settle_hand
from engine.tiles import Tile

SEATS = "ESWN"
SEAT_NUMBERS = (0, 1, 2, 3)


@dataclass
class Example:
    winner: str
    hand: str
    win: str
    discarder: str | None  # None: self-drawn
    lines: list[tuple[str, int]]  # (code, fan) of every line, in table order
    total: int
    pays: dict[str, int]
    nets: tuple[int, int, int, int]
    doubles: int = 0
    flags: list[str] = field(default_factory=list)


def request(ex: Example) -> Score:
    return score_request(
        hand=ex.hand,
        ruleset="jiangxi",
        seat=ex.winner,
        win=ex.win,
        self_drawn=ex.discarder is None,
        discarder=ex.discarder,
        flags=ex.flags,
    )


def nets_of(winner: str, pays: dict[str, int]) -> tuple[int, ...]:
    nets = [0, 0, 0, 0]
    for seat, amount in pays.items():
        nets[SEATS.index(seat)] -= amount
        nets[SEATS.index(winner)] += amount
    return tuple(nets)


EXAMPLES = [
    pytest.param(
        Example(
            "S",
            "[333s] [777m] 555p 999s 22m",
            "2m",
            "W",
            [("J1", 1), ("J13", 3)],
            4,
            {"E": 0, "W": 4, "N": 0},
            (0, 4, -4, 0),
        ),
        id="EX-31-pengpeng-on-a-discard",
    ),
    pytest.param(
        Example(
            "N",
            "123s 456m 888p 345p 77s {66z}",
            "7s",
            None,
            [("J1", 1), ("J2", 1), ("J2", 1), ("J4", 1), ("J5", 1)],
            5,
            {"E": 5, "S": 5, "W": 5},
            (-5, -5, -5, 15),
        ),
        id="EX-32-zimo-menqing-two-fa",
    ),
    pytest.param(
        Example(
            "E",
            "123s 456s 789s [555s] 99s",
            "9s",
            "S",
            [("J1", 1), ("J12", 3), ("J20", 5)],
            9,
            {"S": 18, "W": 0, "N": 0},
            (18, -18, 0, 0),
        ),
        id="EX-33-dealer-qingyise-yitiaolong",
    ),
    pytest.param(
        Example(
            "W",
            "11m 22m 33m 7777m 99m 55z",
            "5z",
            None,
            [("J1", 1), ("J4", 1), ("J5", 1), ("J15", 3), ("J16", 3), ("J17", 3), ("J21", 5)],
            17,
            {"E": 17, "S": 17, "N": 17},
            (-17, -17, 51, -17),
        ),
        id="EX-34-luxury-schick-seven-pairs-hunyise",
    ),
    pytest.param(
        Example(
            "E",
            "234p 678m [444s] 567p 99m {6666z}",
            "9m",
            None,
            [("J1", 1), ("J2", 1), ("J2", 1), ("J2", 1), ("J2", 1), ("J3", 0), ("J4", 1)],
            12,
            {"S": 24, "W": 24, "N": 24},
            (72, -24, -24, -24),
            doubles=1,
        ),
        id="EX-35-four-fa-dealer-zimo",
    ),
    pytest.param(
        Example(
            "S",
            "(5555z) [777z] 345m 678p 11s",
            "1s",
            "W",
            [("J1", 1), ("J8", 1), ("J11", 4)],
            6,
            {"E": 0, "W": 6, "N": 0},
            (0, 6, -6, 0),
        ),
        id="EX-36B-bai-gang-zhong-peng",
    ),
    pytest.param(
        Example(
            "N",
            "[6666p] 123m 789s 777z 44s",
            "4s",
            None,
            [("J1", 1), ("J4", 1), ("J6", 1), ("J9", 2), ("J18", 3)],
            8,
            {"E": 8, "S": 8, "W": 8},
            (-8, -8, -8, 24),
            flags=["kong-replacement"],
        ),
        id="EX-37-win-on-the-gang-replacement",
    ),
    pytest.param(
        Example(
            "S",
            "[222s] [888m] 666p 111m 55p",
            "5p",
            "N",
            [("J1", 1), ("J13", 3)],
            4,
            {"E": 0, "W": 0, "N": 4},
            (0, 4, 0, -4),
        ),
        id="EX-38-first-winner",
    ),
    pytest.param(
        Example(
            "W",
            "123s 789m 222p 99s 456p {6z}",
            "5p",
            "N",
            [("J1", 1), ("J2", 1), ("J5", 1)],
            3,
            {"E": 0, "S": 0, "N": 3},
            (0, 0, 3, -3),
        ),
        id="EX-38-second-winner",
    ),
]


@pytest.mark.parametrize("ex", EXAMPLES)
def test_worked_examples(ex: Example) -> None:
    result = request(ex)
    assert result.won, result.reason
    assert [(line.code, line.points) for line in result.items] == ex.lines
    assert result.points == sum(fan for _, fan in ex.lines)  # the additive fan, Fa included
    assert (result.doubles, result.total, result.fan, result.limit) == (ex.doubles, ex.total, ex.total, False)
    assert result.pays is not None and dict(result.pays) == ex.pays
    assert nets_of(ex.winner, ex.pays) == ex.nets and sum(ex.nets) == 0


def test_ex38_two_winners_on_one_discard_and_the_next_dealer() -> None:
    """N's 5p feeds S (4 fan) and W (3 fan): N pays each, computed alone (that he deals next is
    test_flows_jiangxi.py's test_the_next_dealer_as_the_game_rotates)."""
    s_win, w_win = (request(param.values[0]) for param in EXAMPLES[-2:])  # type: ignore[attr-defined]
    # the winners in turn order after the discarder, as the deal lists them, paid as play pays them
    values = [0, s_win.total, w_win.total, 0]
    settlement = settle_hand(
        values, winners=[1, 2], discarder=3, ruleset=RULESET, settings=RULESET.defaults, seats=SEAT_NUMBERS
    )
    assert [(t.payer, t.payee, t.amount) for t in settlement.transfers] == [(3, 1, 4), (3, 2, 3)]
    assert settlement.nets == (0, 4, 3, -7)


def test_ex39_gen_zhuang() -> None:
    seven_m = Tile.parse("7m")
    assert is_gen_zhuang([seven_m] * 4)
    payment = gen_zhuang(0, SEAT_NUMBERS, RULESET.defaults)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in payment.transfers] == [
        (0, 1, 2, "gen_zhuang"),
        (0, 2, 2, "gen_zhuang"),
        (0, 3, 2, "gen_zhuang"),
    ]
    assert payment.nets == (-6, 2, 2, 2)
    # not Gen zhuang: a claim in between, a different fourth tile, fewer than four discards
    assert not is_gen_zhuang([seven_m] * 4, claimed=True)
    assert not is_gen_zhuang([seven_m] * 3 + [Tile.parse("8m")])
    assert not is_gen_zhuang([seven_m] * 3)
    assert is_gen_zhuang([seven_m] * 4 + [Tile.parse("1s")])  # later discards do not matter
    more = gen_zhuang(2, SEAT_NUMBERS, get_ruleset("jiangxi").settings({"gen_zhuang_chips": 5}))
    assert more.nets == (5, 5, -15, 5)


# --- The 2-fan minimum (§4, A-JX-04) -----------------------------------------------------------

EX36A = "123s 456p 678m [222s] 55m"


def test_ex36a_a_one_fan_hand_does_not_win() -> None:
    result = score_request(hand=EX36A, ruleset="jiangxi", seat="S", win="5m", discarder="W")
    assert not result.won and result.total == 0 and result.pays == ()
    assert result.reason == "a winning hand needs at least 2 fan in jiangxi, not 1"
    assert result.to_json()["fan"] == 0


@pytest.mark.parametrize(
    ("hand", "self_drawn", "total"),
    [
        pytest.param(EX36A, True, 2, id="zimo-brings-it-to-2"),
        pytest.param(EX36A + " {6z}", False, 2, id="one-fa-counts-for-the-minimum"),
        pytest.param("123s 456p 678m 222s 55m", False, 2, id="menqing-on-a-discard"),
    ],
)
def test_the_minimum_counts_every_additive_fan(hand: str, self_drawn: bool, total: int) -> None:
    result = score_request(
        hand=hand,
        ruleset="jiangxi",
        seat="S",
        win="5m",
        self_drawn=self_drawn,
        discarder=None if self_drawn else "W",
    )
    assert result.won and result.total == total


def test_the_minimum_is_a_setting() -> None:
    result = score_request(
        hand=EX36A, ruleset="jiangxi", seat="S", win="5m", discarder="W", settings={"min_fan": 1}
    )
    assert result.won and result.total == 1 and dict(result.pays or ()) == {"E": 0, "W": 1, "N": 0}


# --- Seven pairs, Pengpeng, gangs, special wins ------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win", "discarder", "lines", "total"),
    [
        pytest.param(
            "11m 22m 33m 44m 55p 88s 99s",
            "9s",
            "E",
            [("J1", 1), ("J5", 1), ("J17", 3), ("J17", 3), ("J21", 5)],
            13,
            id="schick-run-of-four-is-two-steps",
        ),
        pytest.param(
            "1111m 2222m 33m 55p 99s",
            "9s",
            "E",
            [("J1", 1), ("J5", 1), ("J16", 3), ("J17", 3), ("J21", 5)],
            13,
            id="luxury-is-flat-with-two-quadruples",
        ),
        pytest.param(
            "111m 222m 333m 555p 99s",
            "9s",
            None,
            [("J1", 1), ("J4", 1), ("J5", 1), ("J13", 3), ("J17", 3)],
            9,
            id="schick-penghu-beats-the-three-chows",
        ),
        pytest.param(
            "[111m] [222p] [333s] [555s] 99m",
            "9m",
            "E",
            [("J1", 1), ("J13", 3), ("J14", 3)],
            7,
            id="quanqiuren-with-pengpeng",
        ),
        pytest.param(
            "[111m] [222p] [333s] [555s] 99m",
            "9m",
            None,
            [("J1", 1), ("J4", 1), ("J13", 3)],
            5,
            id="quanqiuren-needs-a-discard",
        ),
        pytest.param(
            "[5555s] (6666p) [7777z] 555z 11m",
            "1m",
            "E",
            [("J1", 1), ("J6", 1), ("J7", 2), ("J9", 2), ("J10", 3), ("J13", 3)],
            12,
            id="gangs-and-a-bai-triplet",
        ),
        pytest.param(
            "123p 456p 555z 777z 99p",
            "9p",
            "E",
            [("J1", 1), ("J5", 1), ("J9", 2), ("J9", 2), ("J15", 3)],
            9,
            id="hunyise-with-two-concealed-triplets",
        ),
    ],
)
def test_fan_items(
    hand: str, win: str, discarder: str | None, lines: list[tuple[str, int]], total: int
) -> None:
    result = score_request(
        hand=hand,
        ruleset="jiangxi",
        seat="S",
        win=win,
        self_drawn=discarder is None,
        discarder=discarder,
    )
    assert result.won, result.reason
    assert [(line.code, line.points) for line in result.items] == lines
    assert result.total == total


def test_menqing_with_qidui_setting() -> None:
    hand, lines = "11m 22m 33m 44m 55p 88s 99s", ("J1", "J17", "J17", "J21")
    off = score_request(
        hand=hand,
        ruleset="jiangxi",
        seat="S",
        win="9s",
        discarder="E",
        settings={"menqing_with_qidui": False},
    )
    assert tuple(line.code for line in off.items) == lines and off.total == 12


FLAG_CASES = [
    pytest.param(["last-tile"], True, "E", "J19", 3, id="haidi-self-drawn"),
    pytest.param(["last-tile"], False, "S", "", 0, id="haidi-not-on-the-discard-after"),
    pytest.param(["first-turn"], True, "E", "J22", 5, id="tian-hu"),
    pytest.param(["first-turn"], False, "S", "J23", 5, id="di-hu-on-the-dealers-discard"),
    pytest.param(["first-draw"], True, "S", "J23", 5, id="di-hu-with-the-first-draw"),
    pytest.param(["kong-discard"], False, "S", "J18", 3, id="gang-discard"),
    pytest.param(["robbing-kong"], False, "S", "J18", 3, id="robbing-a-gang"),
    pytest.param(["kong-on-kong"], True, "S", "J18", 3, id="two-gangs-replacement"),
]


@pytest.mark.parametrize(("flags", "self_drawn", "seat", "code", "fan"), FLAG_CASES)
def test_flag_items(flags: list[str], self_drawn: bool, seat: str, code: str, fan: int) -> None:
    """EX-36A's hand (1 fan on a discard, 2 self-drawn) with a special circumstance."""
    result = score_request(
        hand=EX36A,
        ruleset="jiangxi",
        seat=seat,
        win="5m",
        self_drawn=self_drawn,
        discarder=None if self_drawn else "W",
        flags=flags,
    )
    base = 2 if self_drawn else 1
    if not code:
        assert not result.won
        return
    assert code in [line.code for line in result.items]
    assert result.total == base + fan


def test_restricted_rob_is_a_fixed_three() -> None:
    """A-JX-19: S could not Hu on E's 5m (1 fan); E took it for a gang and S robs it: 3 fan,
    not J1 + J18 = 4; E pays; a dealer robbing so is doubled (J24)."""
    plain = score_request(
        hand=EX36A, ruleset="jiangxi", seat="S", win="5m", discarder="E", flags=["robbing-kong"]
    )
    assert plain.total == 4
    rob = score_request(
        hand=EX36A,
        ruleset="jiangxi",
        seat="S",
        win="5m",
        discarder="E",
        flags=["robbing-kong", "restricted-rob"],
    )
    assert rob.won and [(line.code, line.points) for line in rob.items] == [("J18R", 3)]
    assert (rob.total, rob.fan, dict(rob.pays or ())) == (3, 3, {"E": 3, "W": 0, "N": 0})
    dealer = score_request(
        hand=EX36A,
        ruleset="jiangxi",
        seat="E",
        win="5m",
        discarder="N",
        flags=["kong-discard", "restricted-rob"],
    )
    assert (dealer.total, dict(dealer.pays or ())) == (3, {"S": 0, "W": 0, "N": 6})
    with pytest.raises(SettingError, match="add robbing-kong or kong-discard"):
        score_request(hand=EX36A, ruleset="jiangxi", seat="S", win="5m", flags=["restricted-rob"])


# --- Payments ----------------------------------------------------------------------------------


def test_a_losing_dealer_pays_no_more_unless_set() -> None:
    zimo = "123s 456m 888p 345p 77s"  # J1 + J4 + J5 = 3
    plain = score_request(hand=zimo, ruleset="jiangxi", seat="N", win="7s", self_drawn=True)
    assert dict(plain.pays or ()) == {"E": 3, "S": 3, "W": 3}
    double = score_request(
        hand=zimo,
        ruleset="jiangxi",
        seat="N",
        win="7s",
        self_drawn=True,
        settings={"dealer_loses_double": True, "unit_per_fan": 10},
    )
    assert dict(double.pays or ()) == {"E": 60, "S": 30, "W": 30}


def test_a_discard_win_needs_its_discarder_for_payments() -> None:
    result = score_request(hand="[333s] [777m] 555p 999s 22m", ruleset="jiangxi", seat="S", win="2m")
    assert result.won and result.pays is None


# --- Next dealer and pass-over -----------------------------------------------------------------


def test_pass_over() -> None:
    rule = PassOver.of(RULESET.defaults)
    assert rule.mode == "until_own_draw" and rule.may_win_on_discard(1)
    barred = rule.declined(1)
    assert not barred.may_win_on_discard(1) and barred.may_win_on_discard(2)
    assert not barred.drew(2).may_win_on_discard(1)  # another seat's draw frees nobody
    assert barred.drew(1).may_win_on_discard(1)
    literal = PassOver("literal_first_discard_only").declined(1)
    assert not literal.drew(1).may_win_on_discard(1)
    assert PassOver("none").declined(1).may_win_on_discard(1)


# --- The ruleset, its tiles and notation -------------------------------------------------------


def test_ruleset_parameters() -> None:
    rs = get_ruleset("jiangxi")
    s = rs.defaults
    assert rs.tile_count(s) == 120 and not rs.chows and rs.lucky == (FA,) and str(FA) == "6z"
    assert (s.min_fan, s.wall_reserve, s.east_factor, s.discarder_pays_all, s.loser_settlement) == (
        2,
        0,
        1,
        True,
        "none",
    )
    assert (s.initial_score, s.game_length, s.unit_per_fan, s.gen_zhuang_chips) == (100, "hands:16", 1, 2)
    assert (s.pass_over, s.multiple_winners, s.dealer_rotation) == ("until_own_draw", "all_win", "winner")
    assert s.seven_pairs and s.seven_pairs_quad_as_two_pairs and not s.chow_claims
    with pytest.raises(SettingError, match="does not apply to jiangxi"):
        rs.settings({"limit": 300})


def test_laid_out_fa_notation_round_trips() -> None:
    hand = Hand.parse("123s 456m 888p 345p 77s {66z}")
    assert hand.bonus == (FA, FA) and hand.tile_count == 14
    assert Hand.parse(str(hand)) == hand and str(hand).endswith(" {66z}")
    with_flower = Hand.parse("{6z} 1f 123m")
    assert str(with_flower) == "123m {6z} 1f" and Hand.parse(str(with_flower)) == with_flower
    with pytest.raises(InvalidHandError, match="5 tiles 6z"):
        Hand.parse("66z 123m {666z}")
    for bad in ("{66z", "{}", "{[666z]}"):
        with pytest.raises(NotationError):
            Hand.parse(f"123m {bad}")


@pytest.mark.parametrize(
    ("ruleset", "hand", "fragment"),
    [
        ("jiangxi", "123s 456m [666z] 345p 77s", "write it in braces"),
        ("jiangxi", "123s 456m 888p 345p 11z", "120 tiles, without winds, flowers or seasons: there is no"),
        ("jiangxi", "123s 456m 888p 345p 77s 1f", "without winds, flowers or seasons: there is no 1f"),
        ("dmjl", "123s 456m 888p 345p 77s {6z}", "dmjl lays out no playing tile"),
    ],
)
def test_tiles_a_ruleset_has_not(ruleset: str, hand: str, fragment: str) -> None:
    with pytest.raises(InvalidHandError, match=fragment.replace("{", r"\{").replace("}", r"\}")):
        score_request(hand=hand, ruleset=ruleset, seat="S", win="7s" if "7s" in hand else None)


def test_names_in_german_and_english() -> None:
    assert rule_name("jiangxi", "J13", "de") == "Pengpeng Hu (vier Drillinge + ein Paar) / 碰碰胡"
    assert rule_name("jiangxi", "J2", "de") == "Hu mit Glückssteinen / 有發加番"
    assert rule_name("jiangxi", "J24", "en") == "the dealer's fan doubled"
    result = request(EXAMPLES[1].values[0])  # type: ignore[attr-defined]
    fa = next(line for line in result.items if line.code == "J2")
    assert line_name("jiangxi", fa, "de") == "Hu mit Glückssteinen / 有發加番 6z"
    text = score_text(result, ruleset="jiangxi", lang="de")
    assert text.splitlines()[0] == "Jiangxi Mahjong Regeln (江西麻将规则)"
    assert text.splitlines()[-1] == "Zahlungen an Nord: Ost zahlt 5, Süd zahlt 5, West zahlt 5"


def test_cli_json_carries_fan(capsys: pytest.CaptureFixture[str]) -> None:
    """EX-33 from the command line: fan 9 (the dealer's doubling is in pays)."""
    args = ["score", "123s 456s 789s [555s] 99s", "--ruleset", "jiangxi", "--win", "9s", "--discarder", "S"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["won"], data["fan"], data["total"], data["pays"]) == (True, 9, 9, {"S": 18, "W": 0, "N": 0})
    assert main(["score", "123s 456s 789s [555s] 99s", "--win", "9s", "--json"]) == 0
    assert "fan" not in json.loads(capsys.readouterr().out)  # dmjl counts points
    four_fa = ["score", "234p 678m [444s] 567p 99m {6666z}", "--ruleset", "jiangxi", "--win", "9m"]
    assert main([*four_fa, "--self-drawn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["fan"], data["points"], data["doubles"], data["pays"]) == (
        12,
        6,
        1,
        {"S": 24, "W": 24, "N": 24},
    )


def test_a_bare_fa_is_read_as_laid_out() -> None:
    """Issue 25 item 11: a Fa is never a playing tile in jiangxi (RULES.md §1.5), so a bare 6z in
    a request is the laid-out Fa it can only be; a Hand that holds one is still refused."""
    bare = score_request(hand="123s 456m 888p 345p 77s 6z", ruleset="jiangxi", seat="S", win="7s")
    braced = score_request(hand="123s 456m 888p 345p 77s {6z}", ruleset="jiangxi", seat="S", win="7s")
    assert bare.won and bare == braced and "J2" in [line.code for line in bare.items]
    held = Hand(tuple(Hand.parse("123s 456m 888p 345p 7s 6z").concealed))
    with pytest.raises(InvalidHandError, match=r"write it in braces, like \{6z\}"):
        score(held, None, get_ruleset("jiangxi"))


def test_a_claimed_chow_is_refused() -> None:
    """Issue 25 item 11: seed 004 §3 "不可以吃": a hand with a claimed chow is refused with the
    reason; a run of drawn tiles, even one the winning discard completes (A-JX-29), wins."""
    with pytest.raises(RulesetHandError, match="no chow may be claimed") as caught:
        score_request(hand="[123s] 456m 888p 345p 77s", ruleset="jiangxi", seat="S", win="7s")
    assert caught.value.code == "claimed_chow" and "like 123s" in str(caught.value)
    assert score_request(hand="123s 456m 888p 345p 77s", ruleset="jiangxi", seat="S", win="2s").won
    assert score_request(hand="[123s] 456m 888p 345p 77s", ruleset="dmjl", seat="S", win="7s").won
