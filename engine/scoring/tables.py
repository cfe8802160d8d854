"""Scoring tables: what each ruleset's patterns are worth, as data.

A table is a list of :class:`Item` (a pattern and its value: points,
doubles, or a share of the limit) plus the winning shapes the ruleset
accepts. Tables are built from a :class:`~engine.settings.Settings`, since
house rules change values (the limit, the Mah-Jongg bonus) and switch items on
and off.

The item codes (``P3``, ``D4``, ``HD2`` ...) are those of ../shared/RULES.md,
so a line on a score sheet can be traced to the rule it applies. Hua Bao's
limit hands have no code there: each is coded by the section of seed 000 that
names it and its place in that section (``3.6.5.2`` is Heaven's blessing, the
second limit hand of §3.6.5; ``3.10.4`` the fourth hand listed in §3.10). An
item borrowed from another ruleset (``M2`` in ``huabao`` with
``winning_tile_points``) keeps its code. Each code's German and English name is
in :mod:`engine.scoring.names`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.scoring import patterns as p
from engine.settings import Settings


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a scoring table: a pattern and what each occurrence is worth.

    ``limit`` is a share of the ruleset limit (1.0 = a limit hand); an item with
    ``or_better`` only ever raises a hand to that share (a normal value that is
    higher stands). ``figure`` marks points for sets, pairs and bonus tiles (the
    basis of the zero-point hand).
    """

    code: str
    pattern: p.Pattern
    points: int = 0
    doubles: int = 0
    limit: float = 0.0
    winner_only: bool = False
    figure: bool = False
    or_better: bool = False
    mj_bonus: bool = False
    bonus_tile: bool = False
    """Points for a flower or season (a figure, but not a set or pair: A-DMJL-04)."""
    no_minimum: bool = False
    """Doubles that do not count toward a minimum of doubles (bonus tiles, dora: §2.3.8)."""
    fixed: int = 0
    """A fixed value that replaces the count (a winner's item): the hand is worth exactly
    this, neither scaled nor capped, and a ruleset's conditions for counted hands (chows,
    suit pungs) do not apply (rumisberg's club hand, RULES.md §2.4.8: "nicht ausgezählt").
    Without ``or_better`` the hand is never counted: the fixed value stands over a limit hand
    the same tiles also make and over any other arrangement of them (A-RU-09, A-RU-25); with
    ``or_better`` the count stands where it is higher, and a limit hand the same tiles make."""
    name: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.pattern.title)


@dataclass(frozen=True, slots=True)
class Table:
    """A ruleset's scoring table for one set of house rules."""

    ruleset: str
    items: tuple[Item, ...]
    limit: int | None
    """The cap of every hand and the value of a limit hand (share 1.0); None: no limit."""
    thirteen_orphans: bool
    seven_pairs: bool
    quad_as_two_pairs: bool
    only_possible_matters: bool
    limit_applies_to_losers: bool
    loser_max_pairs: int
    round_up_to: int = 1
    """The base is rounded up to a multiple of this before doubling (wikibooks: 10)."""
    scale: int = 1
    """The value after doubling is multiplied by this (rumisberg's count scale, 10)."""
    max_chows: int = 4
    """Chows a winning arrangement may hold (limit hands excepted)."""
    min_suit_pungs: int = 0
    """Pungs or kongs of suit tiles a winning arrangement needs (limit hands excepted)."""
    require_flush: bool = False
    """A winning arrangement must be a half or pure flush (limit hands excepted)."""
    min_points: int = 0
    """Points (fan, in a fan table) a winning arrangement needs before doubling (limit hands excepted)."""
    min_doubles: int = 0
    """Doubles a winning arrangement needs, those of ``no_minimum`` items (bonus tiles, dora) not
    counted (wikibooks' Ii Fan Shibari, RULES.md §2.3.8; limit hands excepted, A-WB-12)."""
    unit: str = "points"
    """``points`` (base × 2^doubles) or ``fan`` (the points are fan, added; a double doubles the total)."""

    winner_plan: Plan = field(init=False)
    loser_plan: Plan = field(init=False)
    constrained: bool = field(init=False)
    """Whether a complete shape may still not win (too many chows, too few points ...)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "winner_plan", Plan.of(self.items))
        object.__setattr__(self, "loser_plan", Plan.of(tuple(i for i in self.items if not i.winner_only)))
        constrained = (
            self.max_chows < 4
            or self.min_suit_pungs
            or self.require_flush
            or self.min_points
            or self.min_doubles
        )
        object.__setattr__(self, "constrained", bool(constrained))
        codes = [i.code for i in self.items]
        repeated = sorted({c for c in codes if codes.count(c) > 1})
        if repeated:
            raise ValueError(f"{self.ruleset}: item codes repeat: {', '.join(repeated)}")


@dataclass(frozen=True, slots=True)
class Plan:
    """A table's items sorted for evaluation: those matched once per hand, then
    per candidate the points, the doubles and the limit and fixed-value hands. Each
    entry keeps its position in the table, so score lines come out in table order."""

    per_hand: tuple[tuple[int, Item, int], ...]
    points: tuple[tuple[int, Item, int], ...]
    doubles: tuple[tuple[int, Item, int], ...]
    limits: tuple[tuple[int, Item, int], ...]

    @classmethod
    def of(cls, items: tuple[Item, ...]) -> Plan:
        """Sort ``items`` into a plan."""
        indexed = [(i, it, it.pattern.needs) for i, it in enumerate(items)]
        per_hand = tuple(e for e in indexed if e[1].pattern.per_hand)
        rest = [e for e in indexed if not e[1].pattern.per_hand]
        return cls(
            per_hand=per_hand,
            points=tuple(e for e in rest if e[1].points),
            doubles=tuple(e for e in rest if e[1].doubles),
            limits=tuple(e for e in rest if e[1].limit or e[1].fixed),
        )


def set_points() -> list[Item]:
    """Pong and kong points (P3-P10, H6-H13): a pong of simples is 2, major doubles it,
    concealed doubles it, a kong is four times the pong."""
    items = []
    codes = iter(["P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"])
    for kong in (False, True):
        for is_major in (False, True):
            for concealed in (False, True):
                value = 2 * (2 if is_major else 1) * (2 if concealed else 1) * (4 if kong else 1)
                items.append(Item(next(codes), p.SetOf(kong, is_major, concealed), points=value, figure=True))
    return items


def winning_tile_points(s: Settings) -> list[Item]:
    """M2-M5: points for how the winning tile came (DMJL; a setting elsewhere). They add up
    (A-DMJL-03); with ``winning_tile_points_cumulative`` off only the highest counts (M5's 4,
    else one 2: M2 before M3 before M4).

    >>> [i.code for i in winning_tile_points(Settings(winning_tile_points_cumulative=False))]
    ['M2', 'M3', 'M4', 'M5']
    """
    if not s.winning_tile_points:
        return []
    wall, only = p.FromWall(), p.OnlyPossible()
    simple, major = p.CompletesPair(major=False), p.CompletesPair(major=True)
    patterns: list[p.Pattern] = [wall, only, simple, major]
    if not s.winning_tile_points_cumulative:
        patterns = [p.Unless(wall, major), p.Unless(only, major, wall), p.Unless(simple, wall, only), major]
    return [
        Item(code, pattern, points=points, winner_only=True)
        for code, pattern, points in zip(("M2", "M3", "M4", "M5"), patterns, (2, 2, 2, 4), strict=True)
    ]


def concealed_hand(s: Settings) -> list[Item]:
    """W3: doubles for a winning hand with every set concealed (a setting outside DMJL)."""
    if not s.concealed_hand_doubles:
        return []
    pattern = p.AllConcealed(s.concealed_requires_self_draw)
    return [Item("W3", pattern, doubles=s.concealed_hand_doubles, winner_only=True)]


def bonus_doubles(s: Settings) -> list[Item]:
    """Doubles for bonus tiles: DMJL's D1-D3, or Hua Bao's HD5-HD8 (A-HB-03).

    Hua Bao counts per category (A-HB-03), so HD5 (own tile) and HD7 (bouquet) are
    items of their own for flowers (``f``) and seasons (``s``): HD6 (both own tiles)
    is HD5f with HD5s, HD8 (all eight) HD7f with HD7s."""
    if s.flower_double_model == "dmjl":
        return [
            Item("D1", p.OwnBonusBoth(), doubles=1, no_minimum=True),
            Item("D2", p.Bouquet(season=False), doubles=1, no_minimum=True),
            Item("D3", p.Bouquet(season=True), doubles=1, no_minimum=True),
        ]
    exclusive = s.flower_double_model == "per_category"
    return [
        Item("HD5f", p.OwnBonus(season=False, unless_bouquet=exclusive), doubles=1, no_minimum=True),
        Item("HD5s", p.OwnBonus(season=True, unless_bouquet=exclusive), doubles=1, no_minimum=True),
        Item("HD7f", p.Bouquet(season=False), doubles=2, no_minimum=True),
        Item("HD7s", p.Bouquet(season=True), doubles=2, no_minimum=True),
    ]


LimitHand = tuple[str, p.Pattern]
"""A limit hand of a table: its item code and its pattern."""


def limit_items(s: Settings, hands: Sequence[LimitHand]) -> list[Item]:
    """The winner's items for ``hands``, in order, each worth the limit; Earth's blessing
    (:class:`~engine.scoring.patterns.EarthsBlessing`) is worth the share ``earthly_value``
    gives it, half the limit or the whole, and with ``half_limit_or_better`` it only raises a
    hand to half the limit (A-DMJL-11, A-HB-10).

    >>> hands = [("L1", p.HeavensBlessing()), ("L2", p.EarthsBlessing())]
    >>> [(i.code, i.limit, i.or_better) for i in limit_items(Settings(), hands)]
    [('L1', 1.0, False), ('L2', 1.0, False)]
    >>> half = Settings(earthly_value="half_limit_or_better")
    >>> [(i.code, i.limit, i.or_better) for i in limit_items(half, hands)]
    [('L1', 1.0, False), ('L2', 0.5, True)]
    """
    earthly = 1.0 if s.earthly_value == "limit" else 0.5
    or_better = s.earthly_value == "half_limit_or_better"
    out = []
    for code, pattern in hands:
        if isinstance(pattern, p.EarthsBlessing):
            out.append(Item(code, pattern, limit=earthly, winner_only=True, or_better=or_better))
        else:
            out.append(Item(code, pattern, limit=1.0, winner_only=True))
    return out


def table_of(ruleset: str, items: Sequence[Item], s: Settings, **fields: Any) -> Table:
    """A table of ``items`` whose shapes, limit, rounding and conditions for a win follow the
    settings ``s``; ``fields`` set what a ruleset fixes itself (``limit=None``, ``unit="fan"`` ...).
    """
    values: dict[str, Any] = {
        "limit": s.limit,
        "thirteen_orphans": s.limit_hands,
        "seven_pairs": s.seven_pairs,
        "quad_as_two_pairs": s.seven_pairs_quad_as_two_pairs,
        "only_possible_matters": s.winning_tile_points,
        "limit_applies_to_losers": s.limit_applies_to_losers,
        "loser_max_pairs": s.loser_max_pairs,
        "round_up_to": 10 if s.rounding == "up_to_10" else 1,
        "scale": s.count_scale,
        "max_chows": s.max_chows,
        "min_suit_pungs": s.min_suit_pungs,
        "require_flush": s.require_flush,
        "min_points": s.min_fan,
        "min_doubles": s.min_doubles,
    }
    values.update(fields)
    return Table(ruleset=ruleset, items=tuple(items), **values)
