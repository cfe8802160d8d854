"""Shanten and useful tiles: known answers, edge cases, and a brute-force reference.

The reference computes the definition directly: the least number of tiles
missing from any complete target hand (``n`` sets and a pair, at most four of
a kind), minus one, by enumerating targets group by group with a plain
branch-and-bound search over all 34 kinds. It shares no code with the
per-suit tables of :mod:`engine.ai.shanten`.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.shanten import (
    discard_options,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    thirteen_orphans_shanten,
    useful_tiles,
)
from engine.shapes import is_standard_complete, waits
from engine.tiles import MAJORS, TILES, Tile, counts_of, parse_tiles

# --- Reference -----------------------------------------------------------------

SETS: list[tuple[int, ...]] = [(i, i, i) for i in range(34)] + [
    (i, i + 1, i + 2) for i in range(27) if i % 9 <= 6
]


def ref_standard_missing(hand: list[int], need: int) -> int:
    """Least tiles missing from ``need`` sets and a pair (at most 4 a kind), by exhaustive search."""
    target = [0] * 34
    best = [3 * need + 2]

    def add(tiles: tuple[int, ...]) -> int | None:
        """Put tiles into the target; return how many the hand lacks, or None if a kind would pass 4."""
        if any(target[t] + tiles.count(t) > 4 for t in tiles):
            return None
        missing = 0
        for t in tiles:
            if target[t] >= hand[t]:
                missing += 1
            target[t] += 1
        return missing

    def remove(tiles: tuple[int, ...]) -> None:
        for t in tiles:
            target[t] -= 1

    def sets(start: int, left: int, cost: int) -> None:
        if cost >= best[0]:
            return
        if left == 0:
            best[0] = cost
            return
        for s in range(start, len(SETS)):
            extra = add(SETS[s])
            if extra is not None:
                sets(s, left - 1, cost + extra)
                remove(SETS[s])

    # cheapest pairs first, so the bound tightens early
    for pair in sorted(range(34), key=lambda k: -min(hand[k], 2)):
        extra = add((pair, pair))
        assert extra is not None
        sets(0, need, extra)
        remove((pair, pair))
    return best[0]


def ref_seven_pairs_missing(hand: list[int], quads: bool) -> int:
    """Seven pairs: the cheapest seven pair slots (a kind gives one slot, or two if quads count)."""
    slots = []
    for c in hand:
        slots.append(2 - min(c, 2))
        if quads:
            slots.append(2 - min(max(c - 2, 0), 2))
    return sum(sorted(slots)[:7])


def ref_orphans_missing(hand: list[int]) -> int:
    """Thirteen orphans: one of each major, and a second of whichever major is cheapest to double."""
    majors = [int(t) for t in MAJORS]
    return min(sum(max(0, (2 if m == doubled else 1) - hand[m]) for m in majors) for doubled in majors)


def ref_shanten(hand: list[int], melds: int = 0, specials: bool = False, quads: bool = False) -> int:
    missing = ref_standard_missing(hand, 4 - melds)
    if specials and melds == 0:
        missing = min(missing, ref_seven_pairs_missing(hand, quads), ref_orphans_missing(hand))
    return missing - 1


def counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))[:34]


def names(useful: list[tuple[Tile, int]] | tuple[tuple[Tile, int], ...]) -> str:
    return " ".join(f"{TILES[t]}:{n}" for t, n in useful)


# --- Known answers ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        pytest.param("123m456p789s11122z", 0, -1, id="complete"),
        pytest.param("111222333m55p789s", 0, -1, id="complete-two-ways"),
        pytest.param("123m456p789s1122z", 0, 0, id="tenpai-two-pairs"),
        pytest.param("1112345678999m", 0, 0, id="nine-gates-13"),
        pytest.param("11123455678999m", 0, -1, id="nine-gates-complete"),
        pytest.param("123m456p789s1357z", 0, 2, id="two-shanten-honour-singles"),
        pytest.param("19m19p19s1234567z", 0, 8, id="orphans-as-standard"),
        pytest.param("147m258p369s1234z", 0, 8, id="scattered"),
        pytest.param("2345678p", 2, 0, id="melds-two-seven-run"),
        pytest.param("5z", 4, 0, id="four-melds-single"),
        pytest.param("55z", 4, -1, id="four-melds-pair"),
        pytest.param("15z", 4, 0, id="four-melds-two-singles"),
        pytest.param("1112m", 3, 0, id="three-melds"),
        pytest.param("1357m", 3, 1, id="three-melds-gapped"),
        # edge cases: the only completion would be a fifth copy
        pytest.param("123p456p789p1111m", 0, 1, id="wait-on-fifth-1m"),
        pytest.param("123m456m789m1111z", 0, 1, id="wait-on-fifth-1z"),
        pytest.param("1111m", 3, 1, id="quad-alone"),
        pytest.param("1111z", 3, 1, id="honour-quad-alone"),
        pytest.param("11112222z", 2, 1, id="two-honour-quads"),
        pytest.param("1111222m", 2, 0, id="quad-and-pong"),
    ],
)
def test_known_standard(hand: str, melds: int, expected: int) -> None:
    c = counts(hand)
    assert shanten(c, melds=melds) == expected
    if expected < 6:  # the reference search is slow on scattered hands
        assert ref_shanten(c, melds) == expected


def test_special_shapes() -> None:
    six_pairs = counts("1199m1155p1199s7z")
    assert shanten(six_pairs) == 3
    assert shanten(six_pairs, seven_pairs=True) == 0
    assert seven_pairs_shanten(six_pairs) == 0
    assert names(useful_tiles(six_pairs, seven_pairs=True)) == "7z:3"

    seven = counts("1199m1155p1199s77z")
    assert shanten(seven, seven_pairs=True) == -1
    assert shanten(seven) == 3  # as a standard hand: four pairs made pongs, one kept

    # a quad is one pair unless the ruleset counts it as two
    quad = counts("1111z22z33z55z667m")
    assert shanten(quad, seven_pairs=True) == 2
    assert shanten(quad, seven_pairs=True, quad_as_two_pairs=True) == 0
    assert names(useful_tiles(quad, seven_pairs=True, quad_as_two_pairs=True)) == "7m:3"

    orphans = counts("19m19p19s1234567z")
    assert thirteen_orphans_shanten(orphans) == 0
    assert shanten(orphans, thirteen_orphans=True) == 0
    useful = useful_tiles(orphans, thirteen_orphans=True)
    assert [t for t, _ in useful] == [int(t) for t in MAJORS]
    assert all(n == 3 for _, n in useful)
    assert shanten(counts("19m19p19s1234567z1z"), thirteen_orphans=True) == -1
    missing_one = counts("19m19p19s1234566z")
    assert names(useful_tiles(missing_one, thirteen_orphans=True)) == "7z:4"
    # special shapes never apply with declared melds
    assert shanten(counts("1199m55p1199s7z"), melds=1, seven_pairs=True, thirteen_orphans=True) == 2


def test_useful_tiles_known() -> None:
    assert names(useful_tiles(counts("123m456p789s1122z"))) == "1z:2 2z:2"
    nine_gates = useful_tiles(counts("1112345678999m"))
    assert names(nine_gates) == "1m:1 2m:3 3m:3 4m:3 5m:3 6m:3 7m:3 8m:3 9m:1"
    # two away: only a draw that pairs a single honour helps
    assert names(useful_tiles(counts("123m456p789s1357z"))) == "1z:3 3z:3 5z:3 7z:3"
    assert names(useful_tiles(counts("13m55p"), melds=3)) == "2m:4"


def test_all_four_copies() -> None:
    # waiting on a fifth 1m is no wait: the hand must throw a 1m and pair something
    hand = counts("123p456p789p1111m")
    useful = useful_tiles(hand)
    assert 0 not in [t for t, _ in useful]  # 1m cannot be drawn
    assert len(useful) == 33
    # the wait is there, but every copy is out: listed with 0
    closed = counts("13m55p")
    seen = counts("222m")
    held = list(closed)
    held[1] += 1  # the fourth 2m lies in one of the player's own melds
    assert useful_tiles(closed, melds=3, visible=seen, held=held) == [(1, 0)]
    assert shanten(closed, melds=3) == 0  # shanten does not look at the table
    # visible tiles lower the unseen count of the shanpon wait
    assert names(useful_tiles(counts("123m456p789s1133z"), visible=counts("3z"))) == "1z:2 3z:1"


def test_discard_options() -> None:
    options = discard_options(counts("123m456p789s1122z7z"))
    assert [str(o.tile) for o in options][:1] == ["7z"]
    best = options[0]
    assert (best.shanten, names(best.useful), best.unseen) == (0, "1z:2 2z:2", 4)
    assert len(options) == len({*parse_tiles("123m456p789s127z")})
    assert all(a.shanten <= b.shanten for a, b in itertools.pairwise(options))
    # ranked by shanten, then unseen useful copies; the thrown tile still counts as
    # the player's own (it lies in his discards, not in the wall)
    one = discard_options(counts("1113m5z"), melds=3)
    got = [(str(o.tile), o.shanten, names(o.useful), o.unseen) for o in one]
    assert got[:2] == [("5z", 0, "2m:4 3m:3", 7), ("3m", 0, "5z:3", 3)]
    assert got[2][:2] == ("1m", 1)


def test_wrong_sizes() -> None:
    with pytest.raises(ValueError, match="concealed tiles"):
        shanten(counts("123m"))
    with pytest.raises(ValueError, match="melds"):
        shanten(counts("1m"), melds=5)
    with pytest.raises(ValueError, match="waiting for a draw"):
        useful_tiles(counts("123m456p789s11122z"))
    with pytest.raises(ValueError, match="about to discard"):
        discard_options(counts("123m456p789s1122z"))


# --- Random hands against the reference ------------------------------------------

WALL = [k for k in range(34) for _ in range(4)]


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A hand of 3n+1 or 3n+2 concealed tiles and its number of declared melds.

    Half are drawn from a shuffled wall; half are built from sets and a pair
    and then disturbed a little, so that complete, waiting and one-away hands
    are common.
    """
    melds = draw(st.sampled_from([0, 0, 0, 0, 1, 2, 3, 4]))
    need = 4 - melds
    size = 3 * need + draw(st.sampled_from([1, 2]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    c = [0] * 34
    if draw(st.booleans()):
        for t in rng.sample(WALL, size):
            c[t] += 1
        return c, melds
    groups = [rng.choice(SETS) for _ in range(need)] + [(rng.randrange(34),) * 2]
    for g in groups:
        if all(c[t] + g.count(t) <= 4 for t in g):
            for t in g:
                c[t] += 1
    while sum(c) > size or (sum(c) == size and rng.random() < 0.6):
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
    while sum(c) < size:
        t = (
            rng.randrange(34)
            if rng.random() < 0.5
            else min(33, max(0, rng.choice(groups)[0] + rng.randint(-2, 2)))
        )
        if c[t] < 4:
            c[t] += 1
    return c, melds


@settings(max_examples=300, deadline=None)
@given(hands(), st.booleans(), st.booleans())
def test_shanten_matches_reference(hand: tuple[list[int], int], specials: bool, quads: bool) -> None:
    c, melds = hand
    got = shanten(c, melds=melds, seven_pairs=specials, thirteen_orphans=specials, quad_as_two_pairs=quads)
    assert got == ref_shanten(c, melds, specials, quads)


@settings(max_examples=200, deadline=None)
@given(hands(), st.booleans())
def test_useful_tiles_are_the_draws_that_help(hand: tuple[list[int], int], specials: bool) -> None:
    c, melds = hand
    if sum(c) % 3 == 2:  # throw the first tile to get a hand waiting for a draw
        c = list(c)
        c[next(t for t in range(34) if c[t])] -= 1
    opts = {"seven_pairs": specials, "thirteen_orphans": specials}
    now = shanten(c, melds=melds, **opts)
    expected = []
    for t in range(34):
        if c[t] < 4:
            c[t] += 1
            if shanten(c, melds=melds, **opts) < now:
                expected.append(t)
            c[t] -= 1
    visible = [(t * 7) % 3 for t in range(34)]
    got = useful_tiles(c, melds=melds, visible=visible, **opts)
    assert [t for t, _ in got] == expected
    assert [n for _, n in got] == [max(0, 4 - c[t] - visible[t]) for t in expected]
    # one draw lowers shanten by at most one, and a waiting hand's useful tiles are its waits
    if now == 0 and not specials:
        assert [t for t, _ in got] == [int(t) for t in waits(c)]


@settings(max_examples=200, deadline=None)
@given(hands())
def test_exchange_consistency(hand: tuple[list[int], int]) -> None:
    """Shanten as least exchanges: a 3n+2 hand is as good as its best discard, and a
    3n+1 hand is one better than its best draw; complete means standard-complete."""
    c, melds = hand
    if sum(c) % 3 == 2:
        assert (shanten(c, melds=melds) == -1) == is_standard_complete(c)
        after = [o.shanten for o in discard_options(c, melds=melds)]
        now = shanten(c, melds=melds)
        assert now == (-1 if is_standard_complete(c) else min(after))
    else:
        draws = []
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                draws.append(shanten(c, melds=melds))
                c[t] -= 1
        assert shanten(c, melds=melds) == min(draws) + 1
        assert (shanten(c, melds=melds) == 0) == bool(waits(c))


@settings(max_examples=100, deadline=None)
@given(hands())
def test_standard_never_above_special(hand: tuple[list[int], int]) -> None:
    c, melds = hand
    assert shanten(c, melds=melds, seven_pairs=True, thirteen_orphans=True) <= standard_shanten(
        c, melds=melds
    )
