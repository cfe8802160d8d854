"""Shanten and useful tiles: how far a hand is from complete, and which draws bring it closer.

*Shanten* is the number of tiles a hand still lacks, minus one: ``-1`` for a
complete hand, ``0`` for a hand one tile away (waiting, *tenpai*), ``1`` for
two tiles away, and so on. For a hand of 13 tiles (or 14 before a discard) it
is the least number of draws, each followed by a discard, that could make it
complete.

Definition used here (exact, not a formula estimate): the least number of
tiles missing from any complete target hand, minus one, where a target holds
at most four of each kind. So a hand that "waits" only on a fifth copy of a
tile it already holds four of is *not* waiting: ``123p456p789p1111m`` is one
away from waiting (shanten 1), not waiting (0). Tiles seen elsewhere on the
table (discards, other players' melds) do not change shanten; they only
change how many copies of a useful tile are left, which :func:`useful_tiles`
reports (a kind may be useful with 0 copies unseen). Tiles in the player's
own declared melds are not counted against the four copies either (pass
``held=`` to :func:`useful_tiles` to see them in the unseen counts).

Shapes: the standard shape (4 sets and a pair; each declared meld fixes one
set), and where the caller enables them and no meld is declared, seven pairs
(distinct pairs unless ``quad_as_two_pairs``) and thirteen orphans.

How it is fast: each suit is packed into an integer key (three bits a rank,
as in :mod:`engine.shapes`) and gets a table, built once and cached, of the
least number of missing tiles for every ``(sets, pair)`` combination the suit
could supply; the honours get the same kind of table. A hand then costs four
look-ups and a small min-plus combination of the four tables.

>>> from engine.tiles import counts_of, parse_tiles
>>> shanten(counts_of(parse_tiles("123m456p789s1122z")))   # waiting on 1z or 2z
0
>>> shanten(counts_of(parse_tiles("123m456p789s11122z")))  # complete
-1
>>> [(str(t), n) for t, n in useful_tiles(counts_of(parse_tiles("123m456p789s1122z")))]
[('1z', 2), ('2z', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from engine.tiles import HONOUR_START, MAJORS, N_KINDS, TILES, Tile

__all__ = [
    "IMPOSSIBLE",
    "DiscardOption",
    "Limits",
    "clear_caches",
    "discard_options",
    "honour_table",
    "limited_suit_table",
    "seven_pairs_shanten",
    "shanten",
    "standard_shanten",
    "suit_table",
    "thirteen_orphans_shanten",
    "useful_tiles",
]

_INF: Final = 99
"""Stands for "impossible" in the tables; any real value is at most 14."""

Table = tuple[int, ...]
"""Ten entries, index ``2 * sets + pair``: the least number of tiles missing for
a group (one suit, or the honours) to hold that many sets (0-4) and pairs (0-1)."""

_ZERO: Final[Table] = (0,) + (_INF,) * 9
_NONE: Final[Table] = (_INF,) * 10
_MAJOR_INDICES: Final = tuple(int(t) for t in MAJORS)
_SUIT_BASES: Final = (0, 9, 18)


# --- Per-group tables ----------------------------------------------------------

_SUFFIX: dict[int, Table] = {}
_SUFFIX_LIMIT: Final = 300_000
"""Entries kept in the suffix memo; the finished suit tables (``_SUIT``) are kept regardless."""


def _suffix(r: int, rest: int, u: int, v: int, chows: int = 4, pongs: int = 0) -> Table:
    """Least missing tiles to build each (sets, pair) from ranks ``r..8`` of a suit, with at
    most ``chows`` more chows started from rank ``r`` on and at least ``pongs`` pongs (or
    kongs) among ranks ``r..8`` (the defaults ask nothing: a suit holds at most four sets).

    ``rest`` packs the counts of ranks ``r..8`` (rank ``r`` in the low bits);
    ``u`` chows started at rank ``r - 2`` and ``v`` at ``r - 1`` still take a
    tile of rank ``r`` (and ``v`` of them one of ``r + 1``). The chows in
    ``u`` and ``v`` were counted as sets where they started. Cached: suffixes
    are shared by many suit keys.
    """
    if r == 9:
        return _ZERO if pongs <= 0 else _NONE
    memo = ((((rest * 10 + r) * 5 + u) * 5 + v) * 5 + chows) * 5 + pongs
    got = _SUFFIX.get(memo)
    if got is not None:
        return got
    have = rest & 7
    nxt = rest >> 3
    best = [_INF] * 10
    base = u + v
    for w in range(min(5 - base, chows + 1) if r <= 6 else 1):  # chows starting here
        for pong, pair in ((0, 0), (1, 0), (0, 1)):
            used = base + w + 3 * pong + 2 * pair
            if used > 4:
                continue
            sub = _suffix(r + 1, nxt, v, w, chows - w, pongs - pong if pongs > 0 else 0)
            cost = used - have if used > have else 0
            shift = 2 * (w + pong) + pair
            for i in range(10 - shift):
                if pair and i & 1:
                    continue
                value = sub[i] + cost
                if value < best[i + shift]:
                    best[i + shift] = value
    got = _SUFFIX[memo] = tuple(best)
    return got


_SUIT: dict[int, Table] = {}


def suit_table(key: int) -> Table:
    """The table of one suit (counts packed three bits a rank, as :func:`engine.shapes.suit_key`).

    Entry ``2 * sets + pair`` is the least number of tiles the suit lacks to
    hold that many sets and pairs, with at most four tiles of a rank.

    >>> suit_table(0b001_001_001)   # 123: a chow as it is; chow and pair lack 2; 2 chows 3
    (0, 1, 0, 2, 3, 5, 6, 8, 9, 11)
    """
    got = _SUIT.get(key)
    if got is None:
        got = _SUIT[key] = _suffix(0, key, 0, 0)
        if len(_SUFFIX) > _SUFFIX_LIMIT:  # a working memo only: start afresh rather than grow
            _SUFFIX.clear()
    return got


def clear_caches() -> None:
    """Forget every cached table (they are rebuilt on demand); for benchmarks of a cold start."""
    _SUFFIX.clear()
    _SUIT.clear()
    _HONOURS.clear()
    _SUIT_LIMITED.clear()
    _PAIRS.clear()
    _IMPROVING.clear()


def _kind_table(count: int) -> Table:
    """Table of one honour kind: no chows, so at most a pong or a pair."""
    return (0, max(0, 2 - count), max(0, 3 - count)) + (_INF,) * 7


_HONOURS: dict[int, Table] = {}


def honour_table(key: int) -> Table:
    """The table of the seven honours (counts packed three bits a kind, East lowest)."""
    got = _HONOURS.get(key)
    if got is None:
        got = _kind_table(key & 7)
        for h in range(1, 7):
            got = _merge(got, _kind_table((key >> (3 * h)) & 7))
        _HONOURS[key] = got
    return got


def _merge(a: Table, b: Table) -> Table:
    """Min-plus combination of two groups' tables (sets add up, at most one pair).

    Written out term by term (entry ``t`` is the least ``a[i] + b[j]`` over
    ``i + j == t`` with at most one of ``i``, ``j`` odd): this is the inner
    loop of every shanten.
    """
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (
        a0 + b0,
        min(a0 + b1, a1 + b0),
        min(a0 + b2, a2 + b0),
        min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        min(a0 + b4, a2 + b2, a4 + b0),
        min(a0 + b5, a1 + b4, a2 + b3, a3 + b2, a4 + b1, a5 + b0),
        min(a0 + b6, a2 + b4, a4 + b2, a6 + b0),
        min(a0 + b7, a1 + b6, a2 + b5, a3 + b4, a4 + b3, a5 + b2, a6 + b1, a7 + b0),
        min(a0 + b8, a2 + b6, a4 + b4, a6 + b2, a8 + b0),
        min(a0 + b9, a1 + b8, a2 + b7, a3 + b6, a4 + b5, a5 + b4, a6 + b3, a7 + b2, a8 + b1, a9 + b0),
    )


def _best(a: Table, b: Table, target: int) -> int:
    """Least ``a[i] + b[j]`` over ``i + j == target``, for an odd ``target`` (sets and one pair)."""
    if target == 9:
        return min(
            a[0] + b[9], a[1] + b[8], a[2] + b[7], a[3] + b[6], a[4] + b[5],
            a[5] + b[4], a[6] + b[3], a[7] + b[2], a[8] + b[1], a[9] + b[0],
        )  # fmt: skip
    if target == 7:
        return min(
            a[0] + b[7], a[1] + b[6], a[2] + b[5], a[3] + b[4],
            a[4] + b[3], a[5] + b[2], a[6] + b[1], a[7] + b[0],
        )  # fmt: skip
    return min([a[i] + b[target - i] for i in range(target + 1)])


def _keys(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """The three suit keys (as :func:`engine.shapes.suit_key`, unrolled: twice as fast on this
    hot path) and the honours' key.

    >>> from engine.shapes import suit_key
    >>> c = [1, 0, 2, 0, 1, 1, 0, 0, 3] * 3 + [0, 2, 0, 1, 0, 0, 0]
    >>> _keys(c)[:3] == tuple(suit_key(c, base) for base in (0, 9, 18))
    True
    """
    c = counts
    return (
        c[0]
        | c[1] << 3
        | c[2] << 6
        | c[3] << 9
        | c[4] << 12
        | c[5] << 15
        | c[6] << 18
        | c[7] << 21
        | c[8] << 24,
        c[9]
        | c[10] << 3
        | c[11] << 6
        | c[12] << 9
        | c[13] << 12
        | c[14] << 15
        | c[15] << 18
        | c[16] << 21
        | c[17] << 24,
        c[18]
        | c[19] << 3
        | c[20] << 6
        | c[21] << 9
        | c[22] << 12
        | c[23] << 15
        | c[24] << 18
        | c[25] << 21
        | c[26] << 24,
        c[27] | c[28] << 3 | c[29] << 6 | c[30] << 9 | c[31] << 12 | c[32] << 15 | c[33] << 18,
    )


def _sets_needed(counts: Sequence[int], melds: int) -> int:
    need = 4 - melds
    if not 0 <= need <= 4:
        raise ValueError(f"melds must be from 0 to 4, not {melds}")
    total = sum(counts) if len(counts) == N_KINDS else sum(counts[:N_KINDS])
    if total != 3 * need + 1 and total != 3 * need + 2:
        raise ValueError(
            f"{total} concealed tiles with {melds} declared melds; expected {3 * need + 1} or {3 * need + 2}"
        )
    return need


# --- Shanten -------------------------------------------------------------------


def standard_shanten(counts: Sequence[int], *, melds: int = 0) -> int:
    """Shanten for the standard shape alone (``4 - melds`` sets and a pair).

    >>> from engine.tiles import counts_of, parse_tiles
    >>> standard_shanten(counts_of(parse_tiles("1112345678999m1z")))   # nine gates, 1z to throw
    0
    >>> standard_shanten(counts_of(parse_tiles("5z")), melds=4)        # pair wait after four melds
    0
    """
    return _standard(counts, _sets_needed(counts, melds))


def _standard(counts: Sequence[int], need: int) -> int:
    km, kp, ks, kh = _keys(counts)
    m = _SUIT.get(km) or suit_table(km)
    p = _SUIT.get(kp) or suit_table(kp)
    s = _SUIT.get(ks) or suit_table(ks)
    h = _HONOURS.get(kh) or honour_table(kh)
    return _best(_merge(m, p), _merge(s, h), 2 * need + 1) - 1


def seven_pairs_shanten(counts: Sequence[int], *, quad_as_two_pairs: bool = False) -> int:
    """Shanten for seven pairs (13 or 14 concealed tiles, no melds).

    Pairs must be of different kinds unless ``quad_as_two_pairs``; then four
    of a kind counts as two pairs.

    >>> from engine.tiles import counts_of, parse_tiles
    >>> seven_pairs_shanten(counts_of(parse_tiles("1122334455667m")))
    0
    >>> seven_pairs_shanten(counts_of(parse_tiles("11112233445566m"))), seven_pairs_shanten(
    ...     counts_of(parse_tiles("11112233445566m")), quad_as_two_pairs=True)
    (1, -1)
    """
    kinds = counts[:N_KINDS]
    zeros, ones = kinds.count(0), kinds.count(1)
    if quad_as_two_pairs:
        pairs, singles = N_KINDS - zeros - ones + kinds.count(4), ones + kinds.count(3)
    else:  # a third or fourth copy is of no use
        pairs, singles = N_KINDS - zeros - ones, ones
    short = 7 - pairs
    if short <= 0:
        return -1
    # each missing pair needs one tile if a single can become it, two otherwise
    return min(short, singles) + 2 * max(0, short - singles) - 1


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten for thirteen orphans (13 or 14 concealed tiles, no melds).

    >>> from engine.tiles import counts_of, parse_tiles
    >>> thirteen_orphans_shanten(counts_of(parse_tiles("19m19p19s1234567z")))
    0
    """
    c = counts
    kinds = (
        (c[0] > 0) + (c[8] > 0) + (c[9] > 0) + (c[17] > 0) + (c[18] > 0) + (c[26] > 0) + (c[27] > 0)
        + (c[28] > 0) + (c[29] > 0) + (c[30] > 0) + (c[31] > 0) + (c[32] > 0) + (c[33] > 0)
    )  # fmt: skip
    paired = (
        c[0] > 1 or c[8] > 1 or c[9] > 1 or c[17] > 1 or c[18] > 1 or c[26] > 1 or c[27] > 1
        or c[28] > 1 or c[29] > 1 or c[30] > 1 or c[31] > 1 or c[32] > 1 or c[33] > 1
    )  # fmt: skip
    return 12 - kinds if paired else 13 - kinds


def shanten(
    counts: Sequence[int],
    *,
    melds: int = 0,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
    quad_as_two_pairs: bool = False,
    limits: Limits | None = None,
) -> int:
    """Tiles away from a complete hand, minus one: -1 complete, 0 waiting, 1, 2, ...

    ``counts`` are the concealed tiles (a list of 34 counts, or the 42 of
    :func:`engine.tiles.counts_of`; bonus tiles are ignored): ``3n + 1`` or
    ``3n + 2`` tiles where ``n = 4 - melds``. ``melds`` is the number of
    declared melds (each one of the four sets). Seven pairs and thirteen
    orphans count only when enabled and with no declared melds.

    A hand that could only be completed by a fifth copy of a kind is not
    counted as waiting (see the module notes); tiles seen elsewhere do not
    matter here. ``limits`` are the table's conditions on what may win (:class:`Limits`):
    a hand no arrangement under them can complete is :data:`IMPOSSIBLE`.

    >>> from engine.tiles import counts_of, parse_tiles
    >>> shanten(counts_of(parse_tiles("1199m1155p1199s7z")))
    3
    >>> shanten(counts_of(parse_tiles("1199m1155p1199s7z")), seven_pairs=True)
    0
    >>> shanten(counts_of(parse_tiles("19m19p19s1234567z")), thirteen_orphans=True)
    0
    >>> shanten(counts_of(parse_tiles("123p456p789p1111m")))   # no fifth 1m: not waiting
    1
    >>> shanten(counts_of(parse_tiles("111p456p999p1122m")), limits=Limits(chows=0))   # no chow
    2
    >>> shanten(counts_of(parse_tiles("123p456p789p1122z")), limits=Limits(flush=True))
    0
    >>> shanten(counts_of(parse_tiles("123p456p789p1122z")), limits=Limits(chows=1, flush=True))
    4

    :raises ValueError: if the number of tiles does not fit ``melds``.
    """
    if limits is not None and not limits.free:
        need = _sets_needed(counts, melds)
        best = _limited_standard(counts, need, limits)
        if melds == 0 and best >= 0:
            if seven_pairs:
                best = min(best, _limited_pairs(counts, limits, quad_as_two_pairs))
            if thirteen_orphans:
                best = min(best, thirteen_orphans_shanten(counts))
        return best
    best = _standard(counts, _sets_needed(counts, melds))
    if melds == 0 and best >= 0:
        if seven_pairs:
            pairs = seven_pairs_shanten(counts, quad_as_two_pairs=quad_as_two_pairs)
            if pairs < best:
                best = pairs
        if thirteen_orphans:
            orphans = thirteen_orphans_shanten(counts)
            if orphans < best:
                best = orphans
    return best


# --- The table's conditions ------------------------------------------------------------------

IMPOSSIBLE: Final = 99
"""The shanten of a hand the table's conditions can no longer let complete (:class:`Limits`)."""


class Limits(NamedTuple):
    """What a table's conditions still ask of the concealed part of a hand (RULES.md §1.9.1):
    the caller takes the table's ``max_chows``, ``min_suit_pungs`` and ``require_flush`` and
    subtracts what the hand's declared melds already hold (``engine.ai.player.limits_for``).

    The standard shape alone is bound by ``chows`` and ``pongs`` (the scorer counts them only
    there); the flush binds it, and seven pairs too when ``pairs_flush``. Thirteen orphans is a
    limit hand, exempt everywhere.
    """

    chows: int = 4
    """Chows the concealed part may still hold (4: any); below 0 the standard shape cannot win."""
    pongs: int = 0
    """Pongs or kongs of suit tiles the concealed part must still hold."""
    flush: bool = False
    """The hand must be of one suit and honours: one of ``suits``."""
    suits: tuple[int, ...] = (0, 1, 2)
    """The suits a flush may still be of (0: characters, 1: circles, 2: bamboo): those of the
    declared melds, if any."""
    pairs_flush: bool = False
    """Seven pairs must be a flush as well."""

    @property
    def free(self) -> bool:
        """Nothing beyond the shape is asked: the plain (faster) measures apply."""
        return self.chows >= 4 and self.pongs <= 0 and not self.flush


FREE: Final = Limits()
"""No condition."""

_SUIT_LIMITED: dict[int, Table] = {}


def limited_suit_table(key: int, chows: int, pongs: int) -> Table:
    """As :func:`suit_table`, with at most ``chows`` chows and at least ``pongs`` pongs (or
    kongs) among the suit's sets.

    >>> limited_suit_table(0b001_001_001, 0, 0)[2]   # 123 as one set without a chow: 2 missing
    2
    >>> limited_suit_table(0b001_001_001, 1, 1)[4]   # a chow and a pong: 3 missing (123 and 444)
    3
    """
    chows = min(chows, 4)
    pongs = min(max(pongs, 0), 4)
    memo = key * 25 + chows * 5 + pongs
    got = _SUIT_LIMITED.get(memo)
    if got is None:
        free = chows >= 4 and not pongs
        got = _SUIT_LIMITED[memo] = suit_table(key) if free else _suffix(0, key, 0, 0, chows, pongs)
        if len(_SUFFIX) > _SUFFIX_LIMIT:  # a working memo only: start afresh rather than grow
            _SUFFIX.clear()
    return got


def _lower(a: Table, b: Table) -> Table:
    """Entry by entry the lesser of two tables (either arrangement will do)."""
    return tuple(x if x < y else y for x, y in zip(a, b, strict=True))


@lru_cache(maxsize=64)
def _splits(total: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """The ways to share ``total`` (at most 4 each) among ``parts`` groups; 4 or more: any, each 4."""
    if total >= 4:
        return ((4,) * parts,)
    if parts == 1:
        return ((total,),)
    return tuple((first, *more) for first in range(total + 1) for more in _splits(total - first, parts - 1))


@lru_cache(maxsize=256)
def _variants(lim: Limits) -> tuple[tuple[int, int], ...]:
    """The (chows, pongs) one suit, or two together, may be asked for under ``lim``."""
    chows = (4,) if lim.chows >= 4 else tuple(range(lim.chows + 1))
    pongs = tuple(range(lim.pongs + 1)) if lim.pongs > 0 else (0,)
    return tuple((c, p) for c in chows for p in pongs)


def _left(lim: Limits, c: int, p: int) -> tuple[int, int]:
    """What the other groups must hold when one holds ``c`` chows at most and ``p`` pongs at least."""
    return (4 if lim.chows >= 4 else lim.chows - c), max(lim.pongs - p, 0)


_PAIRS: dict[tuple[int, int, Limits], dict[tuple[int, int], Table]] = {}
_PAIRS_LIMIT: Final = 50_000


def _two_suits(ka: int, kb: int, lim: Limits) -> dict[tuple[int, int], Table]:
    """Two suits together, for each (chows at most, pongs at least) of :func:`_variants`: the
    best table over the ways to share them (cached: a draw or a discard changes one suit)."""
    memo = (ka, kb, lim)
    got = _PAIRS.get(memo)
    if got is None:
        got = {}
        for c, p in _variants(lim):
            t = _NONE
            for ca, cb in _splits(c, 2):
                for pa, pb in _splits(p, 2):
                    t = _lower(t, _merge(limited_suit_table(ka, ca, pa), limited_suit_table(kb, cb, pb)))
            got[(c, p)] = t
        if len(_PAIRS) > _PAIRS_LIMIT:
            _PAIRS.clear()
        _PAIRS[memo] = got
    return got


def _others(keys: Sequence[int], g: int, lim: Limits) -> dict[tuple[int, int], Table]:
    """:func:`_two_suits` of the suits other than ``g``."""
    return _two_suits(keys[1], keys[2], lim) if g == 0 else _two_suits(keys[0], keys[2 if g == 1 else 1], lim)


def _limited_standard(counts: Sequence[int], need: int, lim: Limits) -> int:
    """Shanten of the standard shape under ``lim`` (:data:`IMPOSSIBLE` when none can win)."""
    if lim.chows < 0 or (lim.flush and not lim.suits):
        return IMPOSSIBLE
    km, kp, ks, kh = _keys(counts)
    keys = (km, kp, ks)
    h = honour_table(kh)
    target = 2 * need + 1
    best = _INF
    if lim.flush:
        for s in lim.suits:
            best = min(best, _best(limited_suit_table(keys[s], lim.chows, lim.pongs), h, target))
    else:
        pair = _two_suits(kp, ks, lim)
        for c, p in _variants(lim):
            rest = _merge(pair[_left(lim, c, p)], h)
            best = min(best, _best(limited_suit_table(km, c, p), rest, target))
    return best - 1 if best <= 14 else IMPOSSIBLE


def _flush_counts(counts: Sequence[int], suit: int) -> list[int]:
    """``counts`` with the tiles of every suit but ``suit`` left out (they are only to throw)."""
    out = [0] * N_KINDS
    out[9 * suit : 9 * suit + 9] = counts[9 * suit : 9 * suit + 9]
    out[HONOUR_START:N_KINDS] = counts[HONOUR_START:N_KINDS]
    return out


def _limited_pairs(counts: Sequence[int], lim: Limits, quad_as_two_pairs: bool) -> int:
    """Seven pairs' shanten under ``lim`` (a flush of one of its suits when ``pairs_flush``)."""
    if not lim.pairs_flush:
        return seven_pairs_shanten(counts, quad_as_two_pairs=quad_as_two_pairs)
    return min(
        (
            seven_pairs_shanten(_flush_counts(counts, s), quad_as_two_pairs=quad_as_two_pairs)
            for s in lim.suits
        ),
        default=IMPOSSIBLE,
    )


_IMPROVING: dict[tuple[object, ...], tuple[int, list[int]]] = {}
_IMPROVING_LIMIT: Final = 100_000


def _limited_improving(
    counts: Sequence[int],
    need: int,
    lim: Limits,
    seven_pairs: bool,
    thirteen_orphans: bool,
    quad_as_two_pairs: bool,
) -> tuple[int, list[int]]:
    """As :func:`_improving`, under the conditions ``lim`` (cached: the same hands come back
    in every discard weighed and every draw looked ahead)."""
    memo = (*_keys(counts), need, lim, seven_pairs, thirteen_orphans, quad_as_two_pairs)
    got = _IMPROVING.get(memo)
    if got is None:
        if len(_IMPROVING) > _IMPROVING_LIMIT:
            _IMPROVING.clear()
        got = _IMPROVING[memo] = _limited_improving_now(
            counts, need, lim, seven_pairs, thirteen_orphans, quad_as_two_pairs
        )
    return got[0], list(got[1])


def _limited_improving_now(
    counts: Sequence[int],
    need: int,
    lim: Limits,
    seven_pairs: bool,
    thirteen_orphans: bool,
    quad_as_two_pairs: bool,
) -> tuple[int, list[int]]:
    """As :func:`_improving`, under the conditions ``lim``."""
    km, kp, ks, kh = _keys(counts)
    keys = (km, kp, ks)
    h = honour_table(kh)
    target = 2 * need + 1
    dead = lim.chows < 0 or (lim.flush and not lim.suits)
    # Per suit, the tables it may use and the best of the other groups beside each.
    plans: list[list[tuple[int, int, Table]]] = [[], [], []]
    honours_rest = _NONE
    if dead:
        pass
    elif lim.flush:
        for s in lim.suits:
            plans[s].append((lim.chows, lim.pongs, h))
            honours_rest = _lower(honours_rest, limited_suit_table(keys[s], lim.chows, lim.pongs))
    else:
        for g in range(3):
            others = _others(keys, g, lim)
            for c, p in _variants(lim):
                plans[g].append((c, p, _merge(others[_left(lim, c, p)], h)))
        others = _others(keys, 0, lim)
        for c, p in _variants(lim):
            honours_rest = _lower(
                honours_rest, _merge(limited_suit_table(km, c, p), others[_left(lim, c, p)])
            )
    current = _best(h, honours_rest, target)
    current = current - 1 if current <= 14 else IMPOSSIBLE
    # In a flush, a draw of one suit leaves the others' flushes as they were.
    own = (
        {s: _best(limited_suit_table(keys[s], lim.chows, lim.pongs), h, target) for s in lim.suits}
        if lim.flush and not dead
        else {}
    )
    pairs = orphans = IMPOSSIBLE
    if need == 4 and seven_pairs:
        pairs = _limited_pairs(counts, lim, quad_as_two_pairs)
    if need == 4 and thirteen_orphans:
        orphans = thirteen_orphans_shanten(counts)
    current = min(current, pairs, orphans)
    check_pairs = seven_pairs and need == 4 and pairs <= current
    check_orphans = thirteen_orphans and need == 4 and orphans <= current
    # A draw lowers a suit's entries by one at most: a way of sharing the conditions that now
    # misses more than the best cannot come below it, so it is not tried tile by tile.
    plans = [
        [
            (c, p, rest)
            for c, p, rest in plans[g]
            if _best(limited_suit_table(keys[g], c, p), rest, target) <= current + 1
        ]
        for g in range(3)
    ]
    trial = list(counts[:N_KINDS])
    found: list[int] = []
    for tile in range(N_KINDS):
        if counts[tile] >= 4:
            continue
        after = _INF
        if tile < HONOUR_START:
            g = tile // 9
            key = keys[g] + (1 << (3 * (tile - 9 * g)))
            base = key * 25
            for c, p, rest in plans[g]:
                got = _SUIT_LIMITED.get(base + c * 5 + p) or limited_suit_table(key, c, p)
                value = _best(got, rest, target)
                if value < after:
                    after = value
                    if value <= current:  # lower already: the others need not be tried
                        break
            for s, missing in own.items():
                if s != g and missing < after:
                    after = missing
        elif not dead:
            after = _best(honour_table(kh + (1 << (3 * (tile - HONOUR_START)))), honours_rest, target)
        after = after - 1 if after <= 14 else IMPOSSIBLE
        if after >= current and (check_pairs or (check_orphans and tile in _MAJOR_KINDS)):
            trial[tile] += 1
            if check_pairs:
                after = min(after, _limited_pairs(trial, lim, quad_as_two_pairs))
            if check_orphans:
                after = min(after, thirteen_orphans_shanten(trial))
            trial[tile] -= 1
        if after < current:
            found.append(tile)
    return current, found


# --- Useful tiles and discards -------------------------------------------------------------


def _improving(
    counts: Sequence[int],
    need: int,
    seven_pairs: bool,
    thirteen_orphans: bool,
    quad_as_two_pairs: bool,
) -> tuple[int, list[int]]:
    """Shanten of a 3n+1 hand and the kinds whose draw lowers it (kinds held four times excluded)."""
    km, kp, ks, kh = _keys(counts)
    tables = [suit_table(km), suit_table(kp), suit_table(ks), honour_table(kh)]
    m, p, s, h = tables
    mp = _merge(m, p)
    sh = _merge(s, h)
    target = 2 * need + 1
    current = _best(mp, sh, target) - 1
    rests = (_merge(p, sh), _merge(m, sh), _merge(mp, h), _merge(mp, s))
    specials = need == 4 and (seven_pairs or thirteen_orphans)
    check_pairs = check_orphans = False
    if specials:
        pairs = seven_pairs_shanten(counts, quad_as_two_pairs=quad_as_two_pairs) if seven_pairs else _INF
        orphans = thirteen_orphans_shanten(counts) if thirteen_orphans else _INF
        current = min(current, pairs, orphans)
        # One draw lowers a shape's shanten by one at most: a shape now above the best
        # cannot take a draw below it, so it is not tried tile by tile.
        check_pairs = pairs <= current
        check_orphans = orphans <= current
        trial = list(counts[:N_KINDS])
    found: list[int] = []
    keys = (km, kp, ks, kh)
    for tile in range(N_KINDS):
        if counts[tile] >= 4:
            continue
        if tile < HONOUR_START:
            g = tile // 9
            table = suit_table(keys[g] + (1 << (3 * (tile - 9 * g))))
        else:
            g = 3
            table = honour_table(kh + (1 << (3 * (tile - HONOUR_START))))
        after = _best(table, rests[g], target) - 1
        if after >= current and (check_pairs or (check_orphans and tile in _MAJOR_KINDS)):
            trial[tile] += 1
            if check_pairs:
                after = min(after, seven_pairs_shanten(trial, quad_as_two_pairs=quad_as_two_pairs))
            if check_orphans:
                after = min(after, thirteen_orphans_shanten(trial))
            trial[tile] -= 1
        if after < current:
            found.append(tile)
    return current, found


_MAJOR_KINDS: Final = frozenset(int(t) for t in MAJORS)
"""The kinds thirteen orphans is made of."""


def _improve(
    counts: Sequence[int],
    need: int,
    limits: Limits | None,
    seven_pairs: bool,
    thirteen_orphans: bool,
    quad_as_two_pairs: bool,
) -> tuple[int, list[int]]:
    """:func:`_improving`, or :func:`_limited_improving` where ``limits`` ask something."""
    if limits is None or limits.free:
        return _improving(counts, need, seven_pairs, thirteen_orphans, quad_as_two_pairs)
    return _limited_improving(counts, need, limits, seven_pairs, thirteen_orphans, quad_as_two_pairs)


def _unseen(tile: int, held: Sequence[int], visible: Sequence[int] | None) -> int:
    left = 4 - held[tile] - (visible[tile] if visible is not None else 0)
    return left if left > 0 else 0


def useful_tiles(
    counts: Sequence[int],
    *,
    melds: int = 0,
    visible: Sequence[int] | None = None,
    held: Sequence[int] | None = None,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
    quad_as_two_pairs: bool = False,
    limits: Limits | None = None,
) -> list[tuple[Tile, int]]:
    """The kinds whose draw would lower the shanten of a hand of ``3n + 1`` tiles, with copies unseen.

    Each entry is ``(tile, unseen)``, in tile order. ``unseen`` is ``4``
    minus the player's own copies (``held``: his concealed tiles and the
    tiles of his melds, 34 or 42 counts; by default ``counts``) minus
    ``visible`` (what he can see elsewhere: discards, other players' melds),
    never below 0. Kinds with no copy left are still listed, with 0, so a
    hint can say "all copies are out". A kind the player holds four of in
    ``counts`` cannot be drawn and is never listed.

    >>> from engine.tiles import counts_of, parse_tiles
    >>> hand = counts_of(parse_tiles("123m456p789s1133z"))
    >>> seen = counts_of(parse_tiles("33z"))
    >>> [(str(t), n) for t, n in useful_tiles(hand, visible=seen)]   # both 3z left are out
    [('1z', 2), ('3z', 0)]

    :raises ValueError: if the hand is not ``3n + 1`` tiles for ``melds``.
    """
    need = _sets_needed(counts, melds)
    if sum(counts[:N_KINDS]) != 3 * need + 1:
        raise ValueError("useful_tiles wants a hand waiting for a draw (13 tiles less 3 per meld)")
    _, found = _improve(
        counts, need, limits, seven_pairs and melds == 0, thirteen_orphans and melds == 0, quad_as_two_pairs
    )
    own = counts if held is None else held
    return [(TILES[t], _unseen(t, own, visible)) for t in found]


class DiscardOption(NamedTuple):
    """One possible discard from a hand of ``3n + 2`` tiles, and where it leaves the hand."""

    tile: Tile
    """The kind thrown."""
    shanten: int
    """Shanten of the remaining ``3n + 1`` tiles."""
    useful: tuple[tuple[Tile, int], ...]
    """As :func:`useful_tiles`: kinds whose draw lowers that shanten, each with copies unseen."""
    unseen: int
    """Total unseen copies of the useful kinds: how many tiles of the wall help."""


def discard_options(
    counts: Sequence[int],
    *,
    melds: int = 0,
    visible: Sequence[int] | None = None,
    held: Sequence[int] | None = None,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
    quad_as_two_pairs: bool = False,
    limits: Limits | None = None,
) -> list[DiscardOption]:
    """Every distinct discard from a hand of ``3n + 2`` tiles, best first.

    Best means lowest shanten after the discard, then most unseen useful
    copies, then most useful kinds, then lowest tile index (so the order is
    fully determined). Unseen copies are counted from the player's view
    *before* the discard: ``held`` (default ``counts``) still includes the
    thrown tile, which lies on the table afterwards and is no more in the wall.

    >>> from engine.tiles import counts_of, parse_tiles
    >>> best = discard_options(counts_of(parse_tiles("123m456p789s1122z7z")))[0]
    >>> str(best.tile), best.shanten, [str(t) for t, _ in best.useful], best.unseen
    ('7z', 0, ['1z', '2z'], 4)

    :raises ValueError: if the hand is not ``3n + 2`` tiles for ``melds``.
    """
    need = _sets_needed(counts, melds)
    if sum(counts[:N_KINDS]) != 3 * need + 2:
        raise ValueError("discard_options wants a hand about to discard (14 tiles less 3 per meld)")
    special = melds == 0
    own = counts if held is None else held
    rest = list(counts[:N_KINDS])
    options: list[DiscardOption] = []
    for tile in range(N_KINDS):
        if not rest[tile]:
            continue
        rest[tile] -= 1
        after, found = _improve(
            rest, need, limits, seven_pairs and special, thirteen_orphans and special, quad_as_two_pairs
        )
        rest[tile] += 1
        useful = tuple((TILES[t], _unseen(t, own, visible)) for t in found)
        options.append(DiscardOption(TILES[tile], after, useful, sum(n for _, n in useful)))
    options.sort(key=lambda o: (o.shanten, -o.unseen, -len(o.useful), o.tile))
    return options
