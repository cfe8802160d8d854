"""RULES.md §5.1-§5.2: every worked example of dmjl and huabao, to the chip.

Each case gives the winner's hand and expected points, doubles and total,
each loser's hand and value, and the settlement nets (E, S, W, N). Losers'
hands hold their scoring elements plus singles that form nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hand import Hand
from engine.rulesets import DMJL, get_ruleset
from engine.scoring import WinContext, score
from engine.scoring.report import score_request
from engine.settlement import Settlement, settle_hand
from engine.tiles import Wind

SEATS = "ESWN"


def settle(
    values: list[int],
    *,
    winner: int | None,
    east: int = 0,
    east_factor: int = 2,
    loser_settlement: str = "differences",
    discarder: int | None = None,
    discarder_pays_all: bool = False,
) -> Settlement:
    """The hand settled by the function play runs (``settle_hand``, as ``Deal`` calls it) under
    dmjl with these settings; a drawn hand settles mutually where losers settle differences."""
    settings = DMJL.defaults.with_values(
        {
            "east_factor": east_factor,
            "loser_settlement": loser_settlement,
            "discarder_pays_all": discarder_pays_all,
            "draw_settlement": "mutual" if loser_settlement == "differences" else "none",
        }
    )
    winners = [] if winner is None else [winner]
    return settle_hand(
        values, winners=winners, discarder=discarder, ruleset=DMJL, settings=settings, east=east
    )


@dataclass
class Example:
    ruleset: str
    prevailing: str
    winner: str
    hand: str
    win: str | None
    self_drawn: bool
    expect: tuple[int, int, int, bool]  # points, doubles, total, limit
    losers: dict[str, tuple[str, int]]
    nets: tuple[int, int, int, int]
    flags: list[str] = field(default_factory=list)
    settings: dict[str, object] = field(default_factory=dict)


JUNK = "1m 4m 7m 2p 5p 8p 3s 6s 9s 7z"  # ten singles that form nothing

EXAMPLES = [
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "[555s] 777z 234m [678p] 99p",
            "9p",
            True,
            (38, 1, 76, False),
            {
                "E": ("[111z] " + JUNK, 16),
                "W": ("333m 1p 4p 7p 2s 5s 8s 1z 2z 6z 7z", 4),
                "N": (JUNK + " 1z 2z 3z", 0),
            },
            (-96, 304, -96, -112),
        ),
        id="EX-01-basic-non-east-winner",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "E",
            "[111z] [888m] [333s] 111p 55s",
            "5s",
            False,
            (40, 3, 320, False),
            {
                "S": (JUNK + " 1z 2z 3z", 0),
                "W": ("[777z] " + JUNK.replace(" 7z", " 1z"), 8),
                "N": ("[9999m] 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z", 16),
            },
            (1920, -664, -640, -616),
        ),
        id="EX-02-east-wins-no-chow",
    ),
    pytest.param(
        Example(
            "dmjl",
            "S",
            "W",
            "1s 9s 1m 1p 9p 1z 2z 3z 4z 7z 6z 5z 5z 9m 3f",
            "9m",
            False,
            (500, 0, 500, True),
            {"S": ("[222z] " + JUNK, 16), "E": (JUNK + " 1z 2z 3z", 0), "N": (JUNK + " 1z 2z 3z", 0)},
            (-1032, -452, 2000, -516),
        ),
        id="EX-03-thirteen-orphans-limit",
    ),
    pytest.param(
        Example(
            "dmjl",
            "W",
            "S",
            "[777z] 666z [456s] 789p 55z 2f",
            "7p",
            False,
            (40, 3, 320, False),
            {
                "E": (JUNK + " 1z 2z 3z", 0),
                "W": ("999s 1m 4m 7m 2p 5p 8p 3s 6s 1z 2z", 8),
                "N": (JUNK + " 1z 2z 3z", 0),
            },
            (-656, 1280, -296, -328),
        ),
        id="EX-04-little-three-dragons-single-own-bonus",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "W",
            "[123m] [444z] 456s 456p 88m",
            "5p",
            False,
            (26, 1, 52, False),
            {
                "E": (JUNK + " 1z 2z 3z", 0),
                "S": (JUNK + " 1z 2z 3z", 0),
                "N": ("[555p] " + JUNK.replace("5p", "1p"), 2),
            },
            (-108, -54, 208, -46),
            flags=["robbing-kong"],
        ),
        id="EX-05-robbing-the-kong",
    ),
    pytest.param(
        Example(
            "dmjl",
            "S",
            "N",
            "[123s] [555s] 999s 678s 22s",
            "2s",
            True,
            (36, 3, 288, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "ESW"},
            (-576, -288, -288, 1152),
        ),
        id="EX-06-one-suit-only",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "234s [567p] 345m 678m 99p",
            "8m",
            False,
            (20, 1, 40, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-80, 160, -40, -40),
        ),
        id="EX-07-zero-point-hand",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "234s [567p] 345m 678m 99p",
            "8m",
            True,
            (22, 1, 44, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-88, 176, -44, -44),
        ),
        id="EX-07-variant-self-drawn",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "234s [567p] 345m 678m 99p",
            "8m",
            True,
            (22, 0, 22, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-44, 88, -22, -22),
            settings={"zero_point_basis": "all_points_except_mj20"},
        ),
        id="EX-07-variant-all-points-basis",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "234s [567p] 345m 678m 99p 1f",
            "8m",
            False,
            (24, 1, 48, False),  # A-DMJL-04 revised: a bonus tile does not spoil the zero-point hand
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-96, 192, -48, -48),
        ),
        id="EX-07-variant-flower-sets-and-pairs",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "234s [567p] 345m 678m 99p 1f",
            "8m",
            False,
            (24, 0, 24, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-48, 96, -24, -24),
            settings={"zero_point_basis": "figure_points"},
        ),
        id="EX-07-variant-flower-figure-points",
    ),
    pytest.param(
        Example(
            "dmjl",
            "S",
            "E",
            "(4444m) 777s 111p [234p] 22z",
            "7s",
            True,
            (52, 2, 208, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "SWN"},
            (1248, -416, -416, -416),
            flags=["replacement"],
        ),
        id="EX-08-concealed-kong-replacement-win",
    ),
    pytest.param(
        Example(
            "dmjl",
            "E",
            "S",
            "[777z] [666z] 555z [345s] 66m",
            "6m",
            False,
            (40, 5, 500, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-1000, 2000, -500, -500),
        ),
        id="EX-09-big-three-dragons-with-chow-capped",
    ),
    pytest.param(
        Example(
            "dmjl",
            "N",
            "W",
            "[444m] 666s [789p] 123s 44z 1f 2f 3f 4f 7f",
            "4z",
            False,
            (54, 2, 216, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "ESN"},
            (-432, -216, 864, -216),
        ),
        id="EX-10-bonus-tiles",
    ),
    pytest.param(
        Example(
            "huabao",
            "E",
            "S",
            "[555s] 777z 234m [678p] 99p",
            "9p",
            True,
            (20, 1, 40, False),
            {
                "E": ("[111z] " + JUNK, 16),
                "W": ("333m 1p 4p 7p 2s 5s 8s 1z 2z 6z 7z", 4),
                "N": (JUNK + " 1z 2z 3z", 0),
            },
            (-24, 160, -60, -76),
        ),
        id="EX-11-huabao-ex01-hand",
    ),
    pytest.param(
        Example(
            "huabao",
            "E",
            "S",
            "[555s] 777z 234m [678p] 99p",
            "9p",
            True,
            (30, 1, 60, False),
            {
                "E": ("[111z] " + JUNK, 16),
                "W": ("333m 1p 4p 7p 2s 5s 8s 1z 2z 6z 7z", 4),
                "N": (JUNK + " 1z 2z 3z", 0),
            },
            (-64, 240, -80, -96),
            settings={"mj_bonus": 20},
        ),
        id="EX-11-variant-mj-bonus-20",
    ),
    pytest.param(
        Example(
            "huabao",
            "W",
            "W",
            "[333z] [222p] 345p [789p] 77z",
            "7z",
            False,
            (18, 3, 144, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "ESN"},
            (-288, -144, 576, -144),
        ),
        id="EX-12-huabao-half-flush-own-prevailing-wind",
    ),
    pytest.param(
        Example(
            "huabao",
            "E",
            "E",
            "111m [555m] 234m 678m 99m",
            "9m",
            True,
            (20, 3, 160, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "SWN"},
            (960, -320, -320, -320),
        ),
        id="EX-13-huabao-pure-flush-east",
    ),
    pytest.param(
        Example(
            "huabao",
            "E",
            "N",
            "[666s] 888p [123m] 456s 22p 1f 2f 3f 4f 8f",
            "2p",
            False,
            (36, 3, 288, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "ESW"},
            (-576, -288, -288, 1152),
            settings={"bonus_tiles": True},
        ),
        id="EX-14-huabao-bouquet-per-category",
    ),
    pytest.param(
        Example(
            "huabao",
            "E",
            "N",
            "[666s] 888p [123m] 456s 22p 1f 2f 3f 4f 8f",
            "2p",
            False,
            (36, 4, 500, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "ESW"},
            (-1000, -500, -500, 2000),
            settings={"bonus_tiles": True, "flower_double_model": "additive"},
        ),
        id="EX-14-variant-additive",
    ),
    pytest.param(
        Example(
            "huabao",
            "E",
            "S",
            "123s 456m 777p 345p 99s",
            "9s",
            False,
            (250, 0, 250, True),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-500, 1000, -250, -250),
            flags=["first-turn"],
        ),
        id="EX-15-huabao-earths-blessing-half-limit",
    ),
    pytest.param(
        Example(
            "huabao",
            "S",
            "N",
            "[777z] 999m [123p] 456s 77m",
            "5s",
            False,
            (32, 1, 64, False),
            {
                "E": ("[555s] [666z] 1m 4m 7m 2p 5p 8p 9s", 12),
                "S": ("222z " + JUNK, 32),
                "W": (JUNK + " 1z 2z 3z", 0),
            },
            (-144, 8, -120, 256),
            flags=["robbing-kong"],
        ),
        id="EX-16-huabao-robbing-the-kong",
    ),
    pytest.param(
        Example(
            "huabao",
            "S",
            "S",
            "222z [666z] [555z] [123s] 55s",
            "5s",
            False,
            (26, 5, 300, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-600, 1200, -300, -300),
            settings={"limit": 300},
        ),
        id="EX-17-huabao-limit-300",
    ),
    pytest.param(
        Example(
            "huabao",
            "S",
            "S",
            "222z [666z] [555z] [123s] 55s",
            "5s",
            False,
            (26, 5, 500, False),
            {s: (JUNK + " 1z 2z 3z", 0) for s in "EWN"},
            (-1000, 2000, -500, -500),
        ),
        id="EX-17-variant-limit-500",
    ),
]


@pytest.mark.parametrize("ex", EXAMPLES)
def test_worked_example(ex: Example) -> None:
    ctx = WinContext.make(
        seat=ex.winner, prevailing=ex.prevailing, win=ex.win, self_drawn=ex.self_drawn, flags=ex.flags
    )
    result = score(Hand.parse(ex.hand), ctx, get_ruleset(ex.ruleset), ex.settings)
    assert result.won, result.reason
    assert (result.points, result.doubles, result.total, result.limit) == ex.expect, result.items
    assert sum(i.points for i in result.items) == result.points
    assert sum(i.doubles for i in result.items) == result.doubles

    values = [0, 0, 0, 0]
    values[SEATS.index(ex.winner)] = result.total
    for seat, (hand, expected) in ex.losers.items():
        loser = score(
            Hand.parse(hand),
            WinContext.make(seat=seat, prevailing=ex.prevailing),
            ruleset=get_ruleset(ex.ruleset),
            settings=ex.settings,
        )
        assert not loser.won
        assert loser.total == expected, (seat, loser.items)
        values[SEATS.index(seat)] = loser.total
    assert set(ex.losers) | {ex.winner} == set(SEATS)

    result_settle = settle(values, winner=SEATS.index(ex.winner), east=Wind.EAST)
    assert result_settle.nets == ex.nets
    assert sum(result_settle.nets) == 0


@pytest.mark.parametrize(
    ("values", "winner", "discarder", "nets"),
    [
        pytest.param([10, 0, 60, 0], 2, 1, (40, -260, 240, -20), id="EX-18-discarder-pays"),
        pytest.param([60, 0, 0, 0], 0, 3, (360, 0, 0, -360), id="EX-19-discarder-pays-east-6x"),
    ],
)
def test_discarder_pays_settlement(
    values: list[int], winner: int, discarder: int, nets: tuple[int, int, int, int]
) -> None:
    result = settle(values, winner=winner, discarder=discarder, discarder_pays_all=True)
    assert result.nets == nets
    assert sum(result.nets) == 0


@given(
    st.lists(st.integers(0, 500), min_size=4, max_size=4),
    st.one_of(st.none(), st.integers(0, 3)),
    st.integers(0, 3),
    st.sampled_from([1, 2]),
    st.booleans(),
    st.integers(0, 3),
)
def test_settlement_always_sums_to_zero(
    values: list[int], winner: int | None, east: int, factor: int, discarder_pays: bool, discarder: int
) -> None:
    result = settle(
        values,
        winner=winner,
        east=east,
        east_factor=factor,
        discarder=None if discarder == winner else discarder,
        discarder_pays_all=discarder_pays,
    )
    assert sum(result.nets) == 0
    assert all(t.amount > 0 and t.payer != t.payee for t in result.transfers)
    if winner is not None:
        assert result.nets[winner] >= 0


PAYS = {
    "EX-01-basic-non-east-winner": (None, {"E": 152, "W": 76, "N": 76}),
    "EX-02-east-wins-no-chow": ("W", {"S": 640, "W": 640, "N": 640}),
    "EX-03-thirteen-orphans-limit": ("N", {"E": 1000, "S": 500, "N": 500}),
    "EX-04-little-three-dragons-single-own-bonus": ("E", {"E": 640, "W": 320, "N": 320}),
    "EX-05-robbing-the-kong": ("N", {"E": 104, "S": 52, "N": 52}),
    "EX-06-one-suit-only": (None, {"E": 576, "S": 288, "W": 288}),
    "EX-07-zero-point-hand": ("W", {"E": 80, "W": 40, "N": 40}),
    "EX-08-concealed-kong-replacement-win": (None, {"S": 416, "W": 416, "N": 416}),
    "EX-09-big-three-dragons-with-chow-capped": ("N", {"E": 1000, "W": 500, "N": 500}),
    "EX-10-bonus-tiles": ("E", {"E": 432, "S": 216, "N": 216}),
    "EX-11-huabao-ex01-hand": (None, {"E": 80, "W": 40, "N": 40}),
    "EX-11-variant-mj-bonus-20": (None, {"E": 120, "W": 60, "N": 60}),
    "EX-12-huabao-half-flush-own-prevailing-wind": ("E", {"E": 288, "S": 144, "N": 144}),
    "EX-13-huabao-pure-flush-east": (None, {"S": 320, "W": 320, "N": 320}),
    "EX-14-huabao-bouquet-per-category": ("S", {"E": 576, "S": 288, "W": 288}),
    "EX-15-huabao-earths-blessing-half-limit": ("E", {"E": 500, "W": 250, "N": 250}),
    "EX-16-huabao-robbing-the-kong": ("E", {"E": 128, "S": 64, "W": 64}),
    "EX-17-huabao-limit-300": ("N", {"E": 600, "W": 300, "N": 300}),
    "EX-17-variant-limit-500": ("N", {"E": 1000, "W": 500, "N": 500}),
}
"""RULES.md §5: the examples that state what each loser pays the winner (discarder, pays)."""


@pytest.mark.parametrize("ex", [p for p in EXAMPLES if p.id in PAYS])
def test_worked_example_pays(ex: Example) -> None:
    """§1.14.1 `pays` of a scoring request: the winner's value alone, East paying double."""
    case = next(p for p in EXAMPLES if p.values[0] is ex)
    discarder, pays = PAYS[str(case.id)]
    result = score_request(
        hand=ex.hand,
        ruleset=ex.ruleset,
        seat=ex.winner,
        prevailing=ex.prevailing,
        win=ex.win,
        self_drawn=ex.self_drawn,
        flags=ex.flags,
        settings=ex.settings,
        discarder=discarder,
    )
    assert result.pays is not None and dict(result.pays) == pays
    assert [seat for seat, _ in result.pays] == [s for s in SEATS if s != ex.winner]
    # the same figures the engine's settlement books for the winner
    values = [0, 0, 0, 0]
    values[SEATS.index(ex.winner)] = result.total
    nets = settle(values, winner=SEATS.index(ex.winner), east=Wind.EAST, loser_settlement="none").nets
    assert {s: -nets[i] for i, s in enumerate(SEATS) if s != ex.winner} == pays


@pytest.mark.parametrize(
    ("winner", "discarder", "times"),
    [
        pytest.param("W", "S", 4, id="EX-18-rule-discarder-pays-4x"),
        pytest.param("E", "N", 6, id="EX-19-rule-east-winner-6x"),
    ],
)
def test_discarder_pays_alone_in_pays(winner: str, discarder: str, times: int) -> None:
    """§1.14.1 (wikibooks rule, the engine's ``discarder_pays_all``): the discarder alone pays."""
    result = score_request(
        hand="234m 777z [555s] [678p] 99p",
        seat=winner,
        win="9p",
        discarder=discarder,
        settings={"discarder_pays_all": True},
    )
    expected = {s: (times * result.total if s == discarder else 0) for s in SEATS if s != winner}
    assert dict(result.pays or ()) == expected
    drawn = score_request(
        hand="234m 777z [555s] [678p] 99p",
        seat=winner,
        win="9p",
        self_drawn=True,
        settings={"discarder_pays_all": True},
    )
    factor = {s: 2 if "E" in (s, winner) else 1 for s in SEATS if s != winner}
    assert dict(drawn.pays or ()) == {s: drawn.total * f for s, f in factor.items()}
