"""Hand analysis on tile counts: arrangements into sets and a pair, special
shapes, and waits.

Everything here works on a list of 34 counts (one per playing kind), never
on lists of tile objects. Each suit is reduced to an integer key (three bits a
rank) and its decompositions are computed once and cached, so analysing a
hand costs a few dictionary look-ups.

An *arrangement* of concealed tiles is ``(pair, sets)`` where ``pair`` is the
tile index of the pair and ``sets`` a tuple of ``(MeldKind, tile index)``.

>>> from engine.tiles import parse_tiles, counts_of, tiles_str
>>> c = counts_of(parse_tiles("111222333m55p"))
>>> len(standard_arrangements(c))   # three pongs, or three chows
2
>>> [str(t) for t in waits(counts_of(parse_tiles("1112345678999m")))]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.hand import MeldKind
from engine.tiles import HONOUR_START, MAJORS, N_KINDS, TILES, Tile

CHOW, PONG, KONG, PAIR = MeldKind.CHOW, MeldKind.PONG, MeldKind.KONG, MeldKind.PAIR

Arrangement = tuple[int, tuple[tuple[MeldKind, int], ...]]
"""``(pair tile index, ((kind, tile index), ...))`` for a standard-shape hand."""

_SuitDecomp = tuple[int, tuple[tuple[MeldKind, int], ...]]  # (pair rank or -1, sets by rank)

_MAJOR_INDICES: Final = tuple(int(t) for t in MAJORS)
_BITS: Final = 3  # bits per rank in a suit key; counts 0-4 fit
_ONE: Final = tuple(1 << (_BITS * r) for r in range(9))


def suit_key(counts: Sequence[int], base: int) -> int:
    """The integer key of one suit's nine counts (three bits per rank)."""
    key = 0
    for r in range(8, -1, -1):
        key = (key << _BITS) | counts[base + r]
    return key


def _decode(key: int) -> list[int]:
    return [(key >> (_BITS * r)) & 7 for r in range(9)]


_DECOMPS: dict[int, tuple[_SuitDecomp, ...]] = {}
_MODES: dict[int, int] = {}


def suit_decompositions(key: int) -> tuple[_SuitDecomp, ...]:
    """All ways to split one suit completely into sets and at most one pair (cached)."""
    found = _DECOMPS.get(key)
    if found is None:
        out: list[_SuitDecomp] = []
        _split(_decode(key), 0, -1, [], out)
        found = _DECOMPS[key] = tuple(out)
    return found


def _split(c: list[int], r: int, pair: int, sets: list[tuple[MeldKind, int]], out: list[_SuitDecomp]) -> None:
    while r < 9 and c[r] == 0:
        r += 1
    if r == 9:
        out.append((pair, tuple(sets)))
        return
    if c[r] >= 3:
        c[r] -= 3
        sets.append((PONG, r))
        _split(c, r, pair, sets, out)
        sets.pop()
        c[r] += 3
    if r <= 6 and c[r + 1] and c[r + 2]:
        c[r] -= 1
        c[r + 1] -= 1
        c[r + 2] -= 1
        sets.append((CHOW, r))
        _split(c, r, pair, sets, out)
        sets.pop()
        c[r] += 1
        c[r + 1] += 1
        c[r + 2] += 1
    if pair < 0 and c[r] >= 2:
        c[r] -= 2
        _split(c, r, r, sets, out)
        c[r] += 2


_PLACED: dict[tuple[int, int], tuple[_SuitDecomp, ...]] = {}


def _placed_decompositions(key: int, base: int) -> tuple[_SuitDecomp, ...]:
    """Decompositions of one suit with tile indices (not ranks); cached."""
    got = _PLACED.get((key, base))
    if got is None:
        got = tuple(
            (p + base if p >= 0 else -1, tuple((k, r + base) for k, r in sets))
            for p, sets in suit_decompositions(key)
        )
        _PLACED[(key, base)] = got
    return got


def suit_mode(key: int) -> int:
    """Bit 0: the suit splits into sets only; bit 1: into sets and one pair (cached)."""
    mode = _MODES.get(key)
    if mode is None:
        mode = 0
        for pair, _ in suit_decompositions(key):
            mode |= 2 if pair >= 0 else 1
        _MODES[key] = mode
    return mode


def _honour_mode(count: int) -> int:
    return 1 if count in (0, 3) else 2 if count == 2 else 0


def _pair_counts(modes: Sequence[int]) -> int:
    """Bit k set: the groups can be completed with exactly k pairs in total."""
    possible = 1
    for m in modes:
        possible = (possible if m & 1 else 0) | ((possible << 1) if m & 2 else 0)
        if not possible:
            return 0
    return possible


def is_standard_complete(counts: Sequence[int]) -> bool:
    """Whether the concealed counts split into sets and exactly one pair.

    >>> from engine.tiles import parse_tiles, counts_of
    >>> is_standard_complete(counts_of(parse_tiles("123m456p789s11122z")))
    True
    """
    keys = [suit_key(counts, b) for b in (0, 9, 18)]
    return complete_from_keys(keys, counts[HONOUR_START:N_KINDS])


def complete_from_keys(keys: Sequence[int], honours: Sequence[int]) -> bool:
    """:func:`is_standard_complete` from the three suit keys and the seven honour counts."""
    possible = 1
    for key in keys:
        m = suit_mode(key)
        possible = (possible if m & 1 else 0) | ((possible << 1) if m & 2 else 0)
        if not possible:
            return False
    for c in honours:
        if c == 2:
            possible <<= 1
        elif c not in (0, 3):
            return False
    return bool(possible & 2)


ONE_OF_RANK: Final = _ONE
"""``ONE_OF_RANK[r]`` added to a suit key adds one tile of rank ``r`` (0-8)."""


def standard_arrangements(counts: Sequence[int]) -> list[Arrangement]:
    """Every arrangement of the concealed counts into sets and exactly one pair."""
    per_group: list[tuple[_SuitDecomp, ...]] = []
    for base in (0, 9, 18):
        key = suit_key(counts, base)
        if key == 0:
            continue
        ds = _placed_decompositions(key, base)
        if not ds:
            return []
        per_group.append(ds)
    honour_sets: list[tuple[MeldKind, int]] = []
    honour_pair = -1
    for i in range(HONOUR_START, N_KINDS):
        c = counts[i]
        if c == 3:
            honour_sets.append((PONG, i))
        elif c == 2:
            if honour_pair >= 0:
                return []
            honour_pair = i
        elif c:
            return []
    results: list[Arrangement] = []

    def combine(g: int, pair: int, sets: tuple[tuple[MeldKind, int], ...]) -> None:
        if g == len(per_group):
            if pair >= 0:
                results.append((pair, sets + tuple(honour_sets)))
            return
        for p, s in per_group[g]:
            if p >= 0 and pair >= 0:
                continue
            combine(g + 1, p if p >= 0 else pair, sets + s)

    combine(0, honour_pair, ())
    return results


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each of the 13 major kinds and a 14th major tile pairing one of them."""
    if sum(counts[:N_KINDS]) != 14:
        return False
    pairs = 0
    for i in _MAJOR_INDICES:
        c = counts[i]
        if c == 0 or c > 2:
            return False
        pairs += c == 2
    return pairs == 1


def seven_pairs(counts: Sequence[int], *, quad_as_two_pairs: bool = False) -> tuple[int, ...] | None:
    """The pair tiles of a seven-pairs hand (a kind may repeat if quads count twice), or None."""
    if sum(counts[:N_KINDS]) != 14:
        return None
    pairs: list[int] = []
    for i in range(N_KINDS):
        c = counts[i]
        if c == 2:
            pairs.append(i)
        elif c == 4 and quad_as_two_pairs:
            pairs.extend((i, i))
        elif c:
            return None
    return tuple(pairs) if len(pairs) == 7 else None


def waits(
    counts: Sequence[int],
    *,
    held: Sequence[int] | None = None,
    thirteen_orphans: bool = False,
    seven_pairs_ok: bool = False,
    quad_as_two_pairs: bool = False,
    stop_after: int = 0,
) -> list[Tile]:
    """The tile kinds that complete the concealed counts (one tile short of complete).

    With ``stop_after`` n > 0, stop looking once n standard-shape waits are
    found (enough to tell a single wait from several).

    ``held`` counts every tile the player holds (concealed and melds); a kind
    he holds all four of is no wait. By default ``held`` is ``counts``.
    Special shapes count only where enabled (and only with no declared melds,
    which the caller knows: pass them only for a fully concealed hand).

    >>> from engine.tiles import parse_tiles, counts_of
    >>> [str(t) for t in waits(counts_of(parse_tiles("1m9m1p9p1s9s1234567z")), thirteen_orphans=True)]
    ['1m', '9m', '1p', '9p', '1s', '9s', '1z', '2z', '3z', '4z', '5z', '6z', '7z']
    """
    if held is None:
        held = counts
    found: list[Tile] = []
    keys = [suit_key(counts, b) for b in (0, 9, 18)]
    modes = [suit_mode(k) for k in keys]
    honour = [_honour_mode(counts[i]) for i in range(HONOUR_START, N_KINDS)]
    for s, base in enumerate((0, 9, 18)):
        key = keys[s]
        if key == 0:
            continue  # one tile alone in a suit completes nothing
        rest = _pair_counts(modes[:s] + modes[s + 1 :] + honour)
        if not rest:
            continue
        for r, mode in enumerate(_suit_wait_modes(key)):
            if mode and held[base + r] < 4 and _one_pair(rest, mode):
                found.append(TILES[base + r])
                if len(found) == stop_after:
                    return found
    for h in range(7):
        i = HONOUR_START + h
        if held[i] >= 4 or counts[i] == 0:
            continue
        rest = _pair_counts(modes + honour[:h] + honour[h + 1 :])
        if _one_pair(rest, _honour_mode(counts[i] + 1)):
            found.append(TILES[i])
    extra: list[int] = []
    if thirteen_orphans:
        extra += _orphan_waits(counts)
    if seven_pairs_ok:
        odd = [i for i in range(N_KINDS) if counts[i] % 2]
        if len(odd) == 1:
            trial = list(counts[:N_KINDS])
            trial[odd[0]] += 1
            if seven_pairs(trial, quad_as_two_pairs=quad_as_two_pairs) is not None:
                extra.append(odd[0])
    if extra:
        found = sorted(set(found) | {TILES[i] for i in extra if held[i] < 4})
    return found


def _orphan_waits(counts: Sequence[int]) -> list[int]:
    """Waits for thirteen orphans: the missing major, or all 13 when all are single."""
    if sum(counts[i] for i in _MAJOR_INDICES) != 13 or sum(counts[:N_KINDS]) != 13:
        return []
    missing = []
    pairs = 0
    for i in _MAJOR_INDICES:
        c = counts[i]
        if c == 0:
            missing.append(i)
        elif c == 2:
            pairs += 1
        elif c > 2:
            return []
    if pairs == 0 and not missing:
        return list(_MAJOR_INDICES)
    if pairs == 1 and len(missing) == 1:
        return missing
    return []


_WAIT_MODES: dict[int, tuple[int, ...]] = {}


def _suit_wait_modes(key: int) -> tuple[int, ...]:
    """For each rank, the suit's mode after adding one tile of it (0: cannot help); cached."""
    got = _WAIT_MODES.get(key)
    if got is None:
        c = _decode(key)
        got = tuple(
            suit_mode(key + _ONE[r]) if c[r] < 4 and any(c[max(0, r - 2) : r + 3]) else 0 for r in range(9)
        )
        _WAIT_MODES[key] = got
    return got


def _one_pair(rest: int, mode: int) -> bool:
    """Whether a group in ``mode`` and the rest (pair-count set) make exactly one pair."""
    return bool((rest & 1 and mode & 2) or (rest & 2 and mode & 1))
