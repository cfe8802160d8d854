"""Hand analysis against a slow, obviously-correct reference, and known waits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shapes import is_standard_complete, is_thirteen_orphans, seven_pairs, standard_arrangements, waits
from engine.tiles import counts_of, parse_tiles


def reference_arrangements(counts: list[int]) -> set[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every split into sets and one pair by plain backtracking over all tiles."""
    out: set[tuple[int, tuple[tuple[int, int], ...]]] = set()

    def go(c: list[int], pair: int, sets: list[tuple[int, int]]) -> None:
        first = next((i for i in range(34) if c[i]), None)
        if first is None:
            if pair >= 0:
                out.add((pair, tuple(sorted(sets))))
            return
        if c[first] >= 3:
            c[first] -= 3
            go(c, pair, [*sets, (1, first)])
            c[first] += 3
        if first < 27 and first % 9 <= 6 and c[first + 1] and c[first + 2]:
            for d in (0, 1, 2):
                c[first + d] -= 1
            go(c, pair, [*sets, (0, first)])
            for d in (0, 1, 2):
                c[first + d] += 1
        if pair < 0 and c[first] >= 2:
            c[first] -= 2
            go(c, first, sets)
            c[first] += 2

    go(list(counts), -1, [])
    return out


def reference_waits(counts: list[int]) -> list[int]:
    found = []
    for t in range(34):
        if counts[t] >= 4:
            continue
        trial = list(counts)
        trial[t] += 1
        if reference_arrangements(trial):
            found.append(t)
    return found


def ours(counts: list[int]) -> set[tuple[int, tuple[tuple[int, int], ...]]]:
    return {
        (pair, tuple(sorted((int(k), t) for k, t in sets))) for pair, sets in standard_arrangements(counts)
    }


GROUP = st.tuples(st.sampled_from(["single", "pair", "pong", "chow"]), st.integers(0, 33))


def near_complete(residue: int) -> st.SearchStrategy[list[int]]:
    """Counts built from random groups (biased to nearly complete hands) with
    ``size % 3 == residue`` and at most 14 tiles."""

    def build(args: tuple[bool, list[tuple[str, int]]]) -> list[int]:
        one_suit, groups = args
        counts = [0] * 34
        for kind, tile in groups:
            if one_suit:
                tile %= 9
            size = {"single": 1, "pair": 2, "pong": 3, "chow": 3}[kind]
            group = (
                [tile, tile + 1, tile + 2]
                if kind == "chow" and tile < 27 and tile % 9 <= 6
                else [tile] * size
            )
            if sum(counts) + len(group) <= 14 and all(counts[g] + group.count(g) <= 4 for g in group):
                for g in group:
                    counts[g] += 1
        if sum(counts) < 3:
            counts = [0] * 34
            counts[0] = residue
        while sum(counts) % 3 != residue:
            counts[max(range(34), key=lambda i: counts[i])] -= 1
        return counts

    return st.tuples(st.booleans(), st.lists(GROUP, max_size=7)).map(build)


@settings(max_examples=400, deadline=None)
@given(near_complete(2))
def test_arrangements_match_reference(counts: list[int]) -> None:
    assert ours(counts) == reference_arrangements(counts)
    assert is_standard_complete(counts) == bool(reference_arrangements(counts))


@settings(max_examples=400, deadline=None)
@given(near_complete(1))
def test_waits_match_reference(counts: list[int]) -> None:
    assert [int(t) for t in waits(counts)] == reference_waits(counts)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("1112345678999m", "123456789m", id="nine-gates-all-nine"),
        pytest.param("2345678p", "258p", id="seven-run-three-waits"),
        pytest.param("1111m", "", id="four-held-no-fifth"),
        pytest.param("1111222m", "3m", id="quad-and-pong"),
        pytest.param("1113m", "23m", id="pong-plus-single"),
        pytest.param("11m55z", "1m5z", id="two-pairs-honour"),
        pytest.param("5z", "5z", id="single-honour"),
        pytest.param("13m55p", "2m", id="closed-wait"),
        pytest.param("12m55p", "3m", id="edge-wait"),
        pytest.param("89m55p", "7m", id="edge-wait-high"),
        pytest.param("3344m", "34m", id="two-pairs"),
        pytest.param("1234m", "14m", id="run-plus-single"),
    ],
)
def test_known_waits(hand: str, expected: str) -> None:
    got = "".join(str(t) for t in waits(counts_of(parse_tiles(hand))))
    want = "".join(str(t) for t in parse_tiles(expected)) if expected else ""
    assert got == want


def test_all_four_copies_held_elsewhere_are_no_wait() -> None:
    counts = counts_of(parse_tiles("13m55p"))
    held = list(counts)
    held[1] = 4  # the player holds all four 2m, say in an exposed kong
    assert waits(counts, held=held) == []


def test_special_shapes() -> None:
    orphans = counts_of(parse_tiles("19m19p19s1234567z1z"))
    assert is_thirteen_orphans(orphans)
    assert not is_thirteen_orphans(counts_of(parse_tiles("19m19p19s1234567z2m")))
    pairs = counts_of(parse_tiles("1122m3344p5566s77z"))
    assert seven_pairs(pairs) is not None
    quads = counts_of(parse_tiles("1111m3344p5566s77z"))
    assert seven_pairs(quads) is None
    assert seven_pairs(quads, quad_as_two_pairs=True) == (0, 0, 11, 12, 22, 23, 33)
    thirteen_single = counts_of(parse_tiles("19m19p19s1234567z"))
    assert len(waits(thirteen_single, thirteen_orphans=True)) == 13
    six_pairs = counts_of(parse_tiles("1122m3344p5566s7z"))
    assert [str(t) for t in waits(six_pairs, seven_pairs_ok=True)] == ["7z"]
    assert waits(six_pairs) == []
    twelve_and_pair = counts_of(parse_tiles("19m19p19s1234566z"))
    assert [str(t) for t in waits(twelve_and_pair, thirteen_orphans=True)] == ["7z"]
    not_all_major = counts_of(parse_tiles("19m19p19s123456z5m"))
    assert waits(not_all_major, thirteen_orphans=True) == []
