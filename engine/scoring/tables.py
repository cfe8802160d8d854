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

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

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
    name: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.pattern.title)


@dataclass(frozen=True, slots=True)
class Table:
    """A ruleset's scoring table for one set of house rules."""

    ruleset: str
    items: tuple[Item, ...]
    limit: int
    thirteen_orphans: bool
    seven_pairs: bool
    quad_as_two_pairs: bool
    only_possible_matters: bool
    limit_applies_to_losers: bool
    loser_max_pairs: int

    winner_plan: Plan = field(init=False)
    loser_plan: Plan = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "winner_plan", Plan.of(self.items))
        object.__setattr__(self, "loser_plan", Plan.of(tuple(i for i in self.items if not i.winner_only)))


@dataclass(frozen=True, slots=True)
class Plan:
    """A table's items sorted for evaluation: those matched once per hand, then
    per candidate the points, the doubles and the limit hands. Each entry keeps
    its position in the table, so score lines come out in table order."""

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
            limits=tuple(e for e in rest if e[1].limit),
        )


def _set_points() -> list[Item]:
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


def dmjl_table(s: Settings) -> Table:
    """The DMJL table (seed 003; RULES.md §2.1) under settings ``s``."""
    items: list[Item] = [Item("P1", p.BonusTile(), points=4, figure=True, bonus_tile=True)]
    items += _set_points()
    items += [
        Item("P11", p.DragonPair(), points=2, figure=True),
        Item("P12", p.SeatWindPair(), points=2, figure=True),
        Item("P13", p.PrevailingWindPair(), points=2, figure=True),
        Item("M1", p.MahJongg(), points=s.mj_bonus, winner_only=True, mj_bonus=True),
    ]
    items += _winning_tile_points(s)
    if s.rob_kong_bonus:
        items.append(Item("H17", p.RobbingKong(), points=s.rob_kong_bonus, winner_only=True))
    items += _bonus_doubles(s)
    items += [
        Item("D4", p.DragonSet(), doubles=1),
        Item("D5", p.SeatWindSet(), doubles=1),
        Item("D6", p.PrevailingWindSet(), doubles=1),
        Item("D7", p.ThreeConcealedPongs(), doubles=1),
        Item("D8", p.LittleThreeDragons(), doubles=1),
        Item("D9", p.BigThreeDragons(), doubles=2),
        Item("D10", p.LittleFourJoys(), doubles=1),
        Item("D11", p.BigFourJoys(), doubles=2),
        Item("W1", p.ZeroPoints(s.zero_point_basis), doubles=1, winner_only=True),
        Item("W2", p.NoChow(), doubles=1, winner_only=True),
    ]
    items += _concealed_hand(s)
    items += [
        Item("W4", p.HalfFlush(), doubles=1, winner_only=True),
        Item("W5", p.PureFlush(), doubles=3, winner_only=True),
        Item("W6", p.AllMajors(), doubles=1, winner_only=True),
    ]
    if not s.limit_hands:
        items.append(Item("W7", p.AllHonours(), doubles=2, winner_only=True))
    items += [
        Item("W8", p.FromDeadWall(), doubles=1, winner_only=True),
        Item("W9", p.LastTileDrawn(), doubles=1, winner_only=True),
        Item("W10", p.LastDiscard(), doubles=1, winner_only=True),
        Item("W11", p.RobbingKong(), doubles=1, winner_only=True),
    ]
    if s.original_call:
        items.append(Item("W12", p.OriginalCall(), doubles=1, winner_only=True))
    if s.limit_hands:
        earthly = {"limit": 1.0, "half_limit": 0.5, "half_limit_or_better": 0.5}[s.earthly_value]
        limits: list[tuple[str, p.Pattern, float]] = [
            ("L1", p.HeavensBlessing(), 1.0),
            ("L2", p.EarthsBlessing(), earthly),
            ("L3", p.ConcealedPureSuit(s.concealed_requires_self_draw), 1.0),
            ("L4", p.HiddenTreasure(), 1.0),
            ("L5", p.AllHonours(), 1.0),
            ("L6", p.HeadsAndTails(), 1.0),
            ("L7", p.WindingSnake(), 1.0),
            ("L8", p.FourKongs(), 1.0),
            ("L9", p.ThreeScholars(chow_ok=False), 1.0),
            ("L10", p.FourJoys(), 1.0),
            ("L11", p.GreenHand(s.green_hand_requires_gd), 1.0),
            ("L12", p.NineGates(), 1.0),
            ("L13", p.ThirteenOrphans(), 1.0),
            ("L14", p.KongOnKong(), 1.0),
            ("L15", p.PlumBlossom(), 1.0),
            ("L16", p.MoonFromSea(), 1.0),
            ("L17", p.SupportingPillar(), 1.0),
        ]
        if s.nine_times_rule:
            limits.append(("L18", p.NineTimes(), 1.0))
        items += [
            Item(
                code,
                pat,
                limit=share,
                winner_only=True,
                or_better=s.earthly_value == "half_limit_or_better" and code == "L2",
            )
            for code, pat, share in limits
        ]
    return Table(
        ruleset="dmjl",
        items=tuple(items),
        limit=s.limit,
        thirteen_orphans=s.limit_hands,
        seven_pairs=s.seven_pairs,
        quad_as_two_pairs=s.seven_pairs_quad_as_two_pairs,
        only_possible_matters=s.winning_tile_points,
        limit_applies_to_losers=s.limit_applies_to_losers,
        loser_max_pairs=s.loser_max_pairs,
    )


def _winning_tile_points(s: Settings) -> list[Item]:
    """M2-M5: points for how the winning tile came (DMJL; a setting elsewhere)."""
    if not s.winning_tile_points:
        return []
    return [
        Item("M2", p.FromWall(), points=2, winner_only=True),
        Item("M3", p.OnlyPossible(), points=2, winner_only=True),
        Item("M4", p.CompletesPair(major=False), points=2, winner_only=True),
        Item("M5", p.CompletesPair(major=True), points=4, winner_only=True),
    ]


def _concealed_hand(s: Settings) -> list[Item]:
    """W3: doubles for a winning hand with every set concealed (a setting outside DMJL)."""
    if not s.concealed_hand_doubles:
        return []
    pattern = p.AllConcealed(s.concealed_requires_self_draw)
    return [Item("W3", pattern, doubles=s.concealed_hand_doubles, winner_only=True)]


def _bonus_doubles(s: Settings) -> list[Item]:
    """Doubles for bonus tiles: DMJL's D1-D3, or Hua Bao's HD5-HD8 (A-HB-03)."""
    if s.flower_double_model == "dmjl":
        return [
            Item("D1", p.OwnBonusBoth(), doubles=1),
            Item("D2", p.Bouquet(season=False), doubles=1),
            Item("D3", p.Bouquet(season=True), doubles=1),
        ]
    exclusive = s.flower_double_model == "per_category"
    return [
        Item("HD5", p.OwnBonus(season=False, unless_bouquet=exclusive), doubles=1),
        Item("HD5", p.OwnBonus(season=True, unless_bouquet=exclusive), doubles=1),
        Item("HD7", p.Bouquet(season=False), doubles=2),
        Item("HD7", p.Bouquet(season=True), doubles=2),
    ]


_HUABAO_SET_CODES: Final = {
    "P3": "H6",
    "P5": "H7",
    "P4": "H8",
    "P6": "H9",
    "P7": "H10",
    "P9": "H11",
    "P8": "H12",
    "P10": "H13",
}
"""Hua Bao's codes of DMJL's pong and kong items (RULES.md §2.2.2 lists them exposed before concealed)."""


def huabao_table(s: Settings) -> Table:
    """The Hua Bao table (seed 000 §3.6, §3.8, §3.9; RULES.md §2.2) under settings ``s``."""
    items: list[Item] = [Item("H15", p.BonusTile(), points=4, figure=True, bonus_tile=True)]
    items += [Item(_HUABAO_SET_CODES[i.code], i.pattern, points=i.points, figure=True) for i in _set_points()]
    items += [
        Item("H1", p.DragonPair(), points=2, figure=True),
        Item("H2", p.SeatWindPair(unless_prevailing=True), points=2, figure=True),
        Item("H3", p.PrevailingWindPair(unless_seat=True), points=2, figure=True),
        Item("H4", p.OwnPrevailingPair(), points=4, figure=True),
        Item("H16", p.MahJongg(), points=s.mj_bonus, winner_only=True, mj_bonus=True),
    ]
    if s.rob_kong_bonus:
        items.append(Item("H17", p.RobbingKong(), points=s.rob_kong_bonus, winner_only=True))
    items += _winning_tile_points(s)
    items += [
        Item("HD1", p.SeatWindSet(), doubles=1),
        Item("HD2", p.DragonSet(), doubles=1),
        Item("HD3", p.PrevailingWindSet(), doubles=1),
    ]
    items += _bonus_doubles(s)
    items += _concealed_hand(s)
    items += [
        Item("HD9", p.HalfFlush(), doubles=1, winner_only=True),
        Item("HD10", p.PureFlush(), doubles=3, winner_only=True),
    ]
    if s.limit_hands:
        earthly = {"limit": 1.0, "half_limit": 0.5, "half_limit_or_better": 0.5}[s.earthly_value]
        limits: list[tuple[str, p.Pattern, float]] = [
            ("3.6.5.1", p.AllHonours(), 1.0),
            ("3.6.5.2", p.HeavensBlessing(), 1.0),
            ("3.6.5.3", p.EarthsBlessing(), earthly),
        ]
        if s.traditional_limit_hands:
            limits += [
                ("3.10.1", p.NineLanterns(s.nine_lanterns_easy), 1.0),
                ("3.10.2", p.FourJoys(), 1.0),
                ("3.10.3", p.ThreeScholars(chow_ok=True), 1.0),
                ("3.10.4", p.FourKongs(), 1.0),
                ("3.10.5", p.HeadsAndTails(), 1.0),
                ("3.10.6", p.HeavenlyTwins(), 1.0),
                ("3.10.7", p.EarthlyTwins(), 1.0),
                ("3.10.8", p.HeavensLadder(), 1.0),
                ("3.10.9", p.GreenHand(s.green_hand_requires_gd), 1.0),
                ("3.10.10", p.WindingSnakeWikibooks(), 1.0),
            ]
        items += [
            Item(
                code,
                pat,
                limit=share,
                winner_only=True,
                or_better=isinstance(pat, p.EarthsBlessing) and s.earthly_value == "half_limit_or_better",
            )
            for code, pat, share in limits
        ]
    return Table(
        ruleset="huabao",
        items=tuple(items),
        limit=s.limit,
        thirteen_orphans=False,
        seven_pairs=s.seven_pairs or (s.limit_hands and s.traditional_limit_hands),
        quad_as_two_pairs=s.seven_pairs_quad_as_two_pairs,
        only_possible_matters=s.winning_tile_points,
        limit_applies_to_losers=s.limit_applies_to_losers,
        loser_max_pairs=s.loser_max_pairs,
    )


TABLE_BUILDERS: dict[str, Callable[[Settings], Table]] = {"dmjl": dmjl_table, "huabao": huabao_table}


@lru_cache(maxsize=256)
def table_for(ruleset: str, settings: Settings) -> Table:
    """The (cached) table of ``ruleset`` under ``settings``."""
    return TABLE_BUILDERS[ruleset](settings)
