"""What the patterns look at: a summary of the whole hand, and one candidate
arrangement of it (sets, pair, where the winning tile sits).

The scorer builds one :class:`HandSummary` per scored hand and one
:class:`Facts` per candidate arrangement; patterns (in
:mod:`engine.scoring.patterns`) only read these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.hand import Hand, MeldKind
from engine.scoring.context import WinContext
from engine.tiles import (
    BONUS_START,
    HONOUR_START,
    IS_GREEN,
    IS_MAJOR,
    IS_TERMINAL,
    N_KINDS,
    TILES,
    Tile,
    tiles_str,
)

CHOW, PONG, KONG, PAIR = MeldKind.CHOW, MeldKind.PONG, MeldKind.KONG, MeldKind.PAIR

# Features: bits of Facts.features; a pattern that needs a feature the hand lacks is skipped.
HONOUR_SET = 1
"""A pong or kong of winds or dragons."""
HONOUR_PAIR = 2
"""The pair is a wind or a dragon."""
BONUS = 4
"""Bonus tiles."""
FLAG = 8
"""A special circumstance: last tile, replacement, robbing, first turn, a call, kong on kong, nine times."""
HAS_KONG = 16
"""A kong."""
ONE_SUIT = 32
"""At most one suit (honours aside)."""
MAJOR_ONLY = 64
"""Only terminals and honours."""
GREEN = 128
"""Only green tiles."""

SetT = tuple[int, int, bool]
"""A set in an arrangement: ``(MeldKind, tile index, concealed)``."""


class GroupKind(StrEnum):
    """What one group of an arranged hand is."""

    CHOW = "chow"
    PONG = "pong"
    KONG = "kong"
    PAIR = "pair"
    SINGLE = "single"
    """One tile that belongs to no set (a losing hand's leftovers, thirteen orphans)."""
    BONUS = "bonus"
    """The hand's bonus tiles (flowers and seasons), together."""


_KIND_OF_MELD: dict[int, GroupKind] = {
    CHOW: GroupKind.CHOW,
    PONG: GroupKind.PONG,
    KONG: GroupKind.KONG,
    PAIR: GroupKind.PAIR,
}


@dataclass(frozen=True, slots=True)
class ArrangedGroup:
    """One group of the arrangement the scorer kept, as typed data (for score sheets).

    ``exposed`` is true for a set shown on the table (declared, or completed by
    the winning discard); a kong that is not exposed is a declared concealed
    kong. ``winning`` marks the group the winning tile completed.

    >>> g = ArrangedGroup(GroupKind.KONG, tuple(TILES[i] for i in (0, 0, 0, 0)))
    >>> g.concealed_kong, str(g)
    (True, '(1111m)')
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    exposed: bool = False
    winning: bool = False

    @property
    def concealed_kong(self) -> bool:
        """A declared concealed kong (drawn with its outer tiles face down)."""
        return self.kind == GroupKind.KONG and not self.exposed

    def __str__(self) -> str:
        if self.kind == GroupKind.BONUS:
            return bonus_str(self.tiles)
        body = tiles_str(self.tiles)
        if self.exposed:
            return f"[{body}]"
        return f"({body})" if self.concealed_kong else body


def bonus_str(tiles: Iterable[int]) -> str:
    """Bonus tiles in hand notation: playing tiles laid out beside the hand (jiangxi's Fa) in
    braces, then the flowers and seasons, so that :meth:`Hand.parse` reads them back.

    >>> bonus_str(Tile.parse(t) for t in ("6z", "2f", "6z"))
    '{66z} 2f'
    """
    ordered = sorted(tiles)
    laid_out = [t for t in ordered if t < BONUS_START]
    flowers = [t for t in ordered if t >= BONUS_START]
    parts = ["{" + tiles_str(laid_out) + "}"] if laid_out else []
    if flowers:
        parts.append(tiles_str(flowers))
    return " ".join(parts)


_SET_GROUPS: dict[tuple[int, int, bool, bool], ArrangedGroup] = {}
_PAIR_GROUPS: dict[tuple[int, bool], ArrangedGroup] = {}


def _set_group(kind: int, tile: int, concealed: bool, winning: bool = False) -> ArrangedGroup:
    """The group of a set; built once per set and shared (a group is immutable)."""
    key = (kind, tile, concealed, winning)
    group = _SET_GROUPS.get(key)
    if group is None:
        tiles = (tile, tile + 1, tile + 2) if kind == CHOW else (tile,) * (4 if kind == KONG else 3)
        group = ArrangedGroup(_KIND_OF_MELD[kind], tuple(TILES[t] for t in tiles), not concealed, winning)
        _SET_GROUPS[key] = group
    return group


def _pair_group(tile: int, winning: bool = False) -> ArrangedGroup:
    """The group of a pair; built once per pair and shared."""
    key = (tile, winning)
    group = _PAIR_GROUPS.get(key)
    if group is None:
        group = _PAIR_GROUPS[key] = ArrangedGroup(GroupKind.PAIR, (TILES[tile], TILES[tile]), False, winning)
    return group


_SINGLE_GROUPS: tuple[ArrangedGroup, ...] = tuple(ArrangedGroup(GroupKind.SINGLE, (t,)) for t in TILES)
"""The group of one tile in no set, by tile index."""


def _bonus_group(bonus: Iterable[int]) -> list[ArrangedGroup]:
    tiles = tuple(TILES[t] for t in sorted(bonus))
    return [ArrangedGroup(GroupKind.BONUS, tiles)] if tiles else []


def hand_groups(hand: Hand) -> tuple[ArrangedGroup, ...]:
    """A hand not arranged by a scorer: its declared melds, each concealed tile alone, its bonus tiles.

    >>> [str(g) for g in hand_groups(Hand.parse("[555s] 12m 1f"))]
    ['[555s]', '1m', '2m', '1f']
    """
    groups = [_set_group(m.kind, m.tile, m.concealed) for m in hand.melds]
    groups += [_SINGLE_GROUPS[t] for t in sorted(hand.concealed)]
    return (*groups, *_bonus_group(hand.bonus))


class HandSummary:
    """Facts about the hand's tiles and circumstances that no arrangement changes."""

    __slots__ = (
        "all_green",
        "all_honours",
        "all_major",
        "bonus",
        "counts",
        "ctx",
        "declared",
        "features",
        "green_dragons",
        "has_honours",
        "has_terminal",
        "prevailing_tile",
        "seat_tile",
        "suits",
        "terminals_only",
    )

    def __init__(
        self,
        ctx: WinContext,
        counts: list[int],
        bonus: tuple[int, ...],
        declared: tuple[SetT, ...],
    ) -> None:
        self.ctx = ctx
        self.counts = counts
        self.bonus = bonus
        self.seat_tile = HONOUR_START + int(ctx.seat)
        self.prevailing_tile = HONOUR_START + int(ctx.prevailing)
        suits = 0
        has_honours = False
        all_major = True
        all_green = True
        has_terminal = False
        terminals_only = True
        for i in range(N_KINDS):
            if counts[i]:
                if i < HONOUR_START:
                    suits |= 1 << (i // 9)
                    if IS_TERMINAL[i]:
                        has_terminal = True
                    else:
                        terminals_only = False
                else:
                    has_honours = True
                    terminals_only = False
                if not IS_MAJOR[i]:
                    all_major = False
                if not IS_GREEN[i]:
                    all_green = False
        self.suits = suits
        self.has_honours = has_honours
        self.all_major = all_major
        self.all_honours = suits == 0
        self.has_terminal = has_terminal
        self.terminals_only = terminals_only
        self.all_green = all_green
        self.green_dragons = counts[HONOUR_START + 5] > 0
        self.declared = declared
        features = 0
        if bonus:
            features |= BONUS
        if (
            ctx.last_tile
            or ctx.replacement
            or ctx.robbing_kong
            or ctx.first_turn
            or ctx.original_call
            or ctx.kong_on_kong
            or ctx.nine_times
        ):
            features |= FLAG
        if any(kind == MeldKind.KONG for kind, _, _ in declared):
            features |= HAS_KONG
        if suits & (suits - 1) == 0:
            features |= ONE_SUIT
        if all_major:
            features |= MAJOR_ONLY
        if all_green:
            features |= GREEN
        self.features = features

    @property
    def n_suits(self) -> int:
        """How many of the three suits the hand uses."""
        return bin(self.suits).count("1")

    def has_bonus(self, tile: int) -> bool:
        """Whether the hand holds bonus tile ``tile`` (an index from 34 to 41)."""
        return tile in self.bonus

    def own_bonus(self, season: bool) -> int:
        """Index of the seat's own flower (or season)."""
        return BONUS_START + int(self.ctx.seat) + (4 if season else 0)


class Facts:
    """One candidate: the sets and pair of an arrangement, with the winning tile placed.

    ``sets`` holds every set (declared and arranged) as ``(kind, tile, concealed)``;
    a set completed by a winning discard is already marked exposed.
    ``win_in`` is the index in ``sets`` of the set holding the winning tile,
    ``-1`` for the pair, ``None`` when no winning tile is known (or for losers).
    """

    __slots__ = (
        "chows",
        "concealed_pongs",
        "extra_pairs",
        "features",
        "figure_points",
        "groups",
        "kongs",
        "only_possible",
        "pair",
        "pairs",
        "points_except_mj",
        "pong_tiles",
        "set_pair_points",
        "sets",
        "shape",
        "summary",
        "win_in",
        "winner",
    )

    def __init__(
        self,
        summary: HandSummary,
        *,
        winner: bool,
        shape: str,
        sets: list[SetT],
        pair: int = -1,
        pairs: tuple[int, ...] = (),
        win_in: int | None = None,
        only_possible: bool = False,
        extra_pairs: tuple[int, ...] = (),
    ) -> None:
        self.summary = summary
        self.winner = winner
        self.shape = shape
        self.sets = sets
        self.pair = pair
        self.pairs = pairs
        self.extra_pairs = extra_pairs
        """A losing hand's further pairs that count (RULES.md A-CORE-15), besides ``pair``."""
        self.win_in = win_in
        self.only_possible = only_possible
        self.figure_points = 0
        self.set_pair_points = 0
        self.points_except_mj = 0
        chows = 0
        kongs = 0
        concealed_pongs = 0
        pong_tiles: list[int] = []
        groups: dict[tuple[int, bool, bool], list[str]] = {}
        for kind, tile, concealed in sets:
            if kind == CHOW:
                chows += 1
                continue
            pong_tiles.append(tile)
            if kind == KONG:
                kongs += 1
            if concealed:
                concealed_pongs += 1
            key = (kind, IS_MAJOR[tile], concealed)
            label = set_label(kind, tile, concealed)
            got = groups.get(key)
            if got is None:
                groups[key] = [label]
            else:
                got.append(label)
        features = summary.features
        if pair >= HONOUR_START or (extra_pairs and max(extra_pairs) >= HONOUR_START):
            features |= HONOUR_PAIR
        for t in pong_tiles:
            if t >= HONOUR_START:
                features |= HONOUR_SET
                break
        self.features = features
        self.chows = chows
        self.kongs = kongs
        self.concealed_pongs = concealed_pongs
        self.pong_tiles = pong_tiles
        self.groups = groups

    @property
    def ctx(self) -> WinContext:
        """The circumstances of the hand."""
        return self.summary.ctx

    def describe(self) -> str:
        """The arrangement in hand notation: exposed sets in brackets, the pair last, then
        the bonus tiles (a playing tile laid out beside the hand, jiangxi's Fa, in braces:
        ``{66z}``), so that the description reads back as the same hand."""
        parts = [set_label(kind, tile, concealed) for kind, tile, concealed in self.sets]
        if self.pair >= 0:
            parts.append(tiles_str((self.pair, self.pair)))
        for p in self.pairs:
            parts.append(tiles_str((p, p)))
        if self.shape == "thirteen_orphans":
            parts = [tiles_str(i for i in range(N_KINDS) for _ in range(self.summary.counts[i]))]
        if self.summary.bonus:
            parts.append(bonus_str(self.summary.bonus))
        return " ".join(parts)

    def arranged_groups(self, leftover: Iterable[int] = ()) -> tuple[ArrangedGroup, ...]:
        """This candidate as typed groups, in the order of :meth:`describe`.

        Sets, then the pair (or pairs), then ``leftover`` tiles one by one (a
        losing hand's tiles in no set), then the bonus tiles. The group the
        winning tile completed is marked; where the candidate does not say
        which (seven pairs, thirteen orphans) the first group holding the
        winning tile is.
        """
        win = self.summary.ctx.win_tile if self.winner else None
        win_in = self.win_in if win is not None else None  # None: no group is marked (yet)
        groups = [
            _set_group(kind, tile, concealed, i == win_in)
            for i, (kind, tile, concealed) in enumerate(self.sets)
        ]
        if self.pair >= 0:
            groups.append(_pair_group(self.pair, win_in == -1))
        groups += [_pair_group(p) for p in self.pairs]
        if self.shape == "thirteen_orphans":
            counts = self.summary.counts
            groups = [
                _pair_group(i) if counts[i] == 2 else _SINGLE_GROUPS[i] for i in range(N_KINDS) if counts[i]
            ]
        groups += [_SINGLE_GROUPS[t] for t in leftover]
        if win is not None and self.win_in is None:
            for i, g in enumerate(groups):
                if win in g.tiles:
                    groups[i] = ArrangedGroup(g.kind, g.tiles, g.exposed, True)
                    break
        return (*groups, *_bonus_group(self.summary.bonus))

    def win_place(self) -> str:
        """Where the winning tile sits, in words, or '' when unknown."""
        ctx = self.summary.ctx
        if ctx.win_tile is None or not self.winner:
            return ""
        how = "self-drawn" if ctx.self_drawn else "robbed from a kong" if ctx.robbing_kong else "on a discard"
        if self.win_in is None:
            return f"winning tile {ctx.win_tile} {how}"
        if self.win_in < 0:
            group = tiles_str((self.pair, self.pair)) if self.pair >= 0 else str(ctx.win_tile)
        else:
            kind, tile, concealed = self.sets[self.win_in]
            group = set_label(kind, tile, concealed)
        return f"winning tile {ctx.win_tile} {how}, completing {group}"


_LABELS: dict[tuple[int, int, bool], str] = {}


def set_label(kind: int, tile: int, concealed: bool) -> str:
    """A set in hand notation: ``555p``, ``[555p]`` (exposed), ``(5555p)`` (declared concealed kong)."""
    key = (kind, tile, concealed)
    label = _LABELS.get(key)
    if label is None:
        if kind == CHOW:
            body = tiles_str((tile, tile + 1, tile + 2))
        else:
            body = tiles_str((tile,) * (4 if kind == KONG else 3))
        if not concealed:
            label = f"[{body}]"
        elif kind == KONG:
            label = f"({body})"
        else:
            label = body
        _LABELS[key] = label
    return label


__all__ = [
    "CHOW",
    "KONG",
    "PAIR",
    "PONG",
    "TILES",
    "ArrangedGroup",
    "Facts",
    "GroupKind",
    "HandSummary",
    "SetT",
    "bonus_str",
    "hand_groups",
    "set_label",
]
