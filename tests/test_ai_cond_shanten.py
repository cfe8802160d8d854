"""Shanten, useful tiles and discard options under a table's conditions (issue 32): at most so
many chows, so many suit pongs, a flush; checked against a brute-force search of arrangements."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.ai.shanten import (
    IMPOSSIBLE,
    Limits,
    discard_options,
    seven_pairs_shanten,
    shanten,
    useful_tiles,
)
from engine.tiles import N_KINDS, counts_of, parse_tiles


def _arrangements(counts: list[int], sets: int, pair: bool, chows: int, pongs: int, suits: set[int]) -> bool:
    """Brute force: can ``counts`` be split into ``sets`` sets and one pair (``pair`` still to
    find) with at most ``chows`` chows, at least ``pongs`` suit pongs, all in ``suits`` or honours?"""
    first = next((k for k in range(N_KINDS) if counts[k]), None)
    if first is None:
        return sets == 0 and not pair and chows >= 0 and pongs <= 0
    if first < 27 and first // 9 not in suits:
        return False
    if pair and counts[first] >= 2:
        counts[first] -= 2
        ok = _arrangements(counts, sets, False, chows, pongs, suits)
        counts[first] += 2
        if ok:
            return True
    if sets and counts[first] >= 3:
        counts[first] -= 3
        ok = _arrangements(counts, sets - 1, pair, chows, pongs - (first < 27), suits)
        counts[first] += 3
        if ok:
            return True
    if sets and chows > 0 and first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        ok = _arrangements(counts, sets - 1, pair, chows - 1, pongs, suits)
        for k in (first, first + 1, first + 2):
            counts[k] += 1
        if ok:
            return True
    return False


def _complete(counts: Sequence[int], melds: int, lim: Limits) -> bool:
    choices = [{s} for s in lim.suits] if lim.flush else [{0, 1, 2}]
    return any(_arrangements(list(counts), 4 - melds, True, lim.chows, lim.pongs, s) for s in choices)


LIMITS = [
    Limits(chows=1, pongs=1),  # rumisberg
    Limits(chows=1, flush=True),  # wikibooks western
    Limits(chows=0),
    Limits(chows=2, pongs=2),
    Limits(flush=True, suits=(1,)),
    Limits(chows=0, pongs=1, flush=True, suits=(0, 2)),
]


def _random_complete(rng: random.Random, melds: int) -> list[int]:
    """A hand of ``14 - 3 * melds`` tiles made of random sets and a pair (at most four of a kind)."""
    while True:
        counts = [0] * N_KINDS
        for _ in range(4 - melds):
            if rng.random() < 0.5:
                k = rng.randrange(27)
                k -= max(0, k % 9 - 6)
                for t in (k, k + 1, k + 2):
                    counts[t] += 1
            else:
                counts[rng.randrange(N_KINDS)] += 3
        counts[rng.randrange(N_KINDS)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("lim", LIMITS)
def test_complete_and_waiting_hands_agree_with_a_brute_force_search(lim: Limits) -> None:
    rng = random.Random(f"cond:{lim}")
    for _ in range(150):
        melds = rng.choice((0, 0, 1, 2))
        counts = _random_complete(rng, melds)
        assert (shanten(counts, melds=melds, limits=lim) == -1) == _complete(counts, melds, lim)
        # Take one tile away: waiting exactly when some fifth-copy-free draw completes it.
        gone = rng.choice([k for k in range(N_KINDS) if counts[k]])
        counts[gone] -= 1
        waits = []
        for k in range(N_KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if _complete(counts, melds, lim):
                    waits.append(k)
                counts[k] -= 1
        assert (shanten(counts, melds=melds, limits=lim) == 0) == bool(waits)
        if shanten(counts, melds=melds, limits=lim) == 0:
            assert [int(t) for t, _ in useful_tiles(counts, melds=melds, limits=lim)] == waits


@pytest.mark.parametrize("lim", LIMITS)
def test_useful_tiles_and_discards_follow_the_limited_shanten(lim: Limits) -> None:
    rng = random.Random(f"useful:{lim}")
    for _ in range(60):
        melds = rng.choice((0, 1))
        wall = [k for k in range(N_KINDS) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * N_KINDS
        for k in wall[: 13 - 3 * melds]:
            counts[k] += 1
        now = shanten(counts, melds=melds, limits=lim, seven_pairs=melds == 0)
        expected = []
        for k in range(N_KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if shanten(counts, melds=melds, limits=lim, seven_pairs=melds == 0) < now:
                    expected.append(k)
                counts[k] -= 1
        got = useful_tiles(counts, melds=melds, limits=lim, seven_pairs=melds == 0)
        assert [int(t) for t, _ in got] == expected
        counts[wall[20]] += 1
        for option in discard_options(counts, melds=melds, limits=lim):
            counts[option.tile] -= 1
            assert option.shanten == shanten(counts, melds=melds, limits=lim)
            counts[option.tile] += 1


def test_a_hand_the_conditions_rule_out_is_impossible() -> None:
    hand = counts_of(parse_tiles("123m456p789s11z"))
    assert shanten(hand, melds=1, limits=Limits(chows=-1)) == IMPOSSIBLE  # two chows too many
    assert shanten(hand, melds=1, limits=Limits(flush=True, suits=())) == IMPOSSIBLE  # melds of two suits
    assert useful_tiles(counts_of(parse_tiles("123m456p789s1z")), melds=1, limits=Limits(chows=-1)) == []
    # Two suit pongs still needed with one set left to make: none can come.
    assert shanten(counts_of(parse_tiles("1112z")), melds=3, limits=Limits(pongs=2)) == IMPOSSIBLE


def test_a_shape_only_ready_hand_is_far_under_the_conditions() -> None:
    # Ready by shape (123m 456m 789m 123p, waiting on 5z); with one chow allowed and one suit
    # pong needed the chows must become pongs.
    hand = counts_of(parse_tiles("123m456m789m123p5z"))
    assert shanten(hand) == 0
    assert shanten(hand, limits=Limits(chows=1, pongs=1)) >= 3
    # A flush of characters: the circles are to throw, the hand is no longer ready.
    assert shanten(hand, limits=Limits(flush=True)) == 3


def test_seven_pairs_under_a_flush_counts_one_suit_and_the_honours() -> None:
    hand = counts_of(parse_tiles("3m5567799p4s1122z"))[:N_KINDS]  # pairs 55p 77p 99p 11z 22z
    assert sum(hand) == 13
    assert seven_pairs_shanten(hand) == 1  # any two singles paired
    flush = Limits(chows=1, flush=True, pairs_flush=True)
    assert shanten(hand, seven_pairs=True, limits=flush) == 2  # only 6p pairs in one draw
    exempt = Limits(chows=1, flush=True, pairs_flush=False)
    assert shanten(hand, seven_pairs=True, limits=exempt) == 1
    # Useful: 6p, and any circle or honour not held (a single of the flush to pair next);
    # never a character or a bamboo.
    useful = [str(t) for t, _ in useful_tiles(hand, seven_pairs=True, limits=flush)]
    assert useful == ["1p", "2p", "3p", "4p", "6p", "8p", "3z", "4z", "5z", "6z", "7z"]
