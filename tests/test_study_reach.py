"""What a deal's tiles allow a player who knows the wall (engine/ai/reach.py): seven pairs from
its own tiles, pongs claimed from any discard, under the table's conditions."""

from __future__ import annotations

import pytest

from engine.ai import reach as r
from engine.deal import Deal
from engine.tiles import HONOUR_START, Tile

INF = float("inf")


def k(text: str) -> int:
    return int(Tile.parse(text))


def test_seven_pairs_complete_at_the_seventh_pair() -> None:
    own = [
        (-1.0, k(t)) for t in ("1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "7m")
    ]
    every = frozenset(range(34))
    assert r._seven_pairs(own, every, quads=False) == INF  # six pairs
    own.append((4.0, k("9p")))
    own.append((8.0, k("7m")))
    assert r._seven_pairs(own, every, quads=False) == 8.0
    # a flush of pairs only: the manzu pairs count, the 9p is no help
    assert r._seven_pairs(own, frozenset(range(9)), quads=False) == 8.0
    assert r._seven_pairs(own, frozenset(range(9, 18)), quads=False) == INF


def test_four_alike_are_two_pairs_only_where_the_table_says_so() -> None:
    tiles = ("1m",) * 4 + ("2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m")
    own = [(float(i), k(t)) for i, t in enumerate(tiles)]
    every = frozenset(range(34))
    assert r._seven_pairs(own, every, quads=True) == 13.0
    assert r._seven_pairs(own, every, quads=False) == INF


def test_a_pong_is_claimed_only_from_a_discard_after_the_second_copy() -> None:
    kinds = [*range(9), *range(HONOUR_START, 34)]
    own = [(-1.0, k(t)) for t in ("1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m")]
    early = {k("1m"): [0.5], k("2m"): [2.5], k("3m"): [3.5], k("4m"): [6.5], k("5m"): [9.5]}
    # the pongs at the discards 0.5, 2.5, 3.5, 6.5 and the pair by the winning discard at 9.5
    assert r._pongs(own, kinds, 0, early) == 9.5
    assert r._pongs(own, kinds, 0, None) == INF  # no claims: no pong at all
    late_copy = [(-1.0, k(t)) for t in ("1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m")] + [
        (1.0, k("1m"))
    ]
    # the first 1m discard (0.5) comes before the second own 1m (1.0): only a later one counts
    assert r._pongs(late_copy, kinds, 0, {**early, k("5m"): []}) == INF
    assert r._pongs(late_copy, kinds, 0, {**early, k("1m"): [0.5, 7.5], k("5m"): []}) == 7.5


def test_the_pair_by_discard_is_the_last_tile() -> None:
    kinds = list(range(9))
    own = [(-1.0, k(t)) for t in ("1m",) * 3 + ("2m",) * 3 + ("3m",) * 3 + ("4m",) * 2 + ("5m",)]
    # a 5m discard before the fourth pong is complete cannot be the winning tile
    assert r._pongs(own, kinds, 0, {k("5m"): [1.5], k("4m"): [3.5]}) == INF
    assert r._pongs(own, kinds, 0, {k("5m"): [1.5, 5.5], k("4m"): [3.5]}) == 5.5


def test_suit_pongs_required() -> None:
    kinds = [*range(9), *range(HONOUR_START, 34)]
    honours = ("1z", "2z", "3z", "5z")
    own = [(-1.0, k(t)) for t in honours for _ in range(3)] + [(-1.0, k("9m")), (2.0, k("9m"))]
    assert r._pongs(own, kinds, 0, {}) == 2.0  # four honour pongs and a pair of 9m
    assert r._pongs(own, kinds, 1, {}) == INF  # rumisberg wants a pong of suit tiles


def test_a_deal_is_read_from_its_wall_and_is_deterministic() -> None:
    first = r.reach("wikibooks", {"western": "true"}, "reach:1")
    assert first == r.reach("wikibooks", {"western": "true"}, "reach:1")
    assert len(first.seats) == 4 and not first.allows("any", 0.0)
    own, discards = r._stream(Deal("wikibooks", {"western": "true"}, "reach:1"))
    dealt = [sum(1 for t, _ in own[w] if t < 0) for w in range(4)]
    assert dealt == [14, 13, 13, 13]
    draws = sum(1 for w in range(4) for t, _ in own[w] if t >= 0)
    assert len(discards) == draws + 1  # East's first discard, then every drawn tile
    for s in first.seats:
        for way in (s.seven_pairs, s.pongs, s.pongs_own):
            assert way is None or 0.0 <= way <= 1.0
        assert s.pongs_own is None or (s.pongs is not None and s.pongs <= s.pongs_own)


def test_flush_required_keeps_the_pongs_to_one_suit() -> None:
    """Under western's flush rule a seat's pongs are of one suit and honours: never earlier than
    with the suits free, on the same stream, and the reach of a deal is the flush one."""
    honours = list(range(HONOUR_START, 34))
    for n in range(4):
        seed = f"flush:{n}"
        own, discards = r._stream(Deal("wikibooks", {"western": "true"}, seed))
        allowed = r.reach("wikibooks", {"western": "true"}, seed)
        total = sum(1 for w in range(4) for t, _ in own[w] if t >= 0)
        for w in range(4):
            others: dict[int, list[float]] = {}
            for t, seat, kind in discards:
                if seat != w:
                    others.setdefault(kind, []).append(t)
            free = r._pongs(own[w], list(range(34)), 0, others)
            flush = min(r._pongs(own[w], [*range(9 * s, 9 * s + 9), *honours], 0, others) for s in range(3))
            assert free <= flush
            got = allowed.seats[w].pongs
            assert (got is None) == (flush == INF)
            if got is not None:
                assert got == pytest.approx(max(0.0, flush) / total)


@pytest.mark.parametrize("ruleset", ["dmjl", "rumisberg"])
def test_no_seven_pairs_where_they_do_not_win(ruleset: str) -> None:
    assert all(s.seven_pairs is None for s in r.reach(ruleset, None, "sp:0").seats)
