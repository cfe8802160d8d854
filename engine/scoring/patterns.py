"""Scoring patterns: each a small class with a name and one predicate.

A pattern says *whether* (and how often) something holds in a hand; what
it is worth is up to each ruleset's table (:mod:`engine.scoring.tables`), so
the same pattern serves every ruleset that scores it.

``match(facts)`` returns one detail string per occurrence (``""`` when the
occurrence needs no detail) and an empty tuple when the pattern does not
apply. Patterns whose ``per_hand`` is true look only at the
:class:`~engine.scoring.facts.HandSummary` and the context, so the scorer
evaluates them once per hand instead of once per arrangement.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

from engine.scoring.facts import (
    BONUS,
    CHOW,
    FLAG,
    GREEN,
    HAS_KONG,
    HONOUR_PAIR,
    HONOUR_SET,
    KONG,
    MAJOR_ONLY,
    ONE_SUIT,
    PONG,
    Facts,
    set_label,
)
from engine.tiles import BONUS_START, HONOUR_START, IS_MAJOR, TILES, Wind, tiles_str

NONE: Final[tuple[str, ...]] = ()
ONCE: Final[tuple[str, ...]] = ("",)

_DRAGONS: Final = frozenset(range(HONOUR_START + 4, HONOUR_START + 7))
_WINDS: Final = frozenset(range(HONOUR_START, HONOUR_START + 4))
_FIVE_P: Final = TILES[9 + 4]
_ONE_P: Final = TILES[9]
_TWO_S: Final = TILES[18 + 1]


class Pattern:
    """Base class: a named predicate over :class:`Facts`.

    ``needs`` names the features (bits of :attr:`Facts.features`) without which
    the pattern cannot hold; the scorer skips it when they are absent.
    """

    name: ClassVar[str] = ""
    per_hand: ClassVar[bool] = False
    needs: ClassVar[int] = 0

    def match(self, f: Facts) -> tuple[str, ...]:
        """One detail string per occurrence; empty when the pattern does not hold."""
        raise NotImplementedError

    @property
    def title(self) -> str:
        """The line name shown to players."""
        return self.name


def _pair(f: Facts, cond: bool) -> tuple[str, ...]:
    return (tiles_str((f.pair, f.pair)),) if cond else NONE


def _pairs_where(f: Facts, holds: Callable[[int], bool]) -> tuple[str, ...]:
    """One detail per counted pair of a losing hand with further pairs (RULES.md A-CORE-15)
    that ``holds``: the pair and ``f.extra_pairs``."""
    return tuple(tiles_str((t, t)) for t in (f.pair, *f.extra_pairs) if t >= 0 and holds(t))


# --- Points: sets, pairs, bonus tiles ----------------------------------------


class BonusTile(Pattern):
    """Each flower or season."""

    needs = BONUS

    name = "bonus tile"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return tuple(str(TILES[b]) for b in f.summary.bonus)


class SetOf(Pattern):
    """Each pong (or kong) of simples or of major tiles, exposed or concealed."""

    def __init__(self, kong: bool, major: bool, concealed: bool) -> None:
        self.key = (KONG if kong else PONG, major, concealed)
        self._title = (
            f"{'concealed' if concealed else 'exposed'} {'kong' if kong else 'pong'} "
            f"of {'major tiles' if major else 'simples'}"
        )

    @property
    def title(self) -> str:
        return self._title

    def match(self, f: Facts) -> tuple[str, ...]:
        got = f.groups.get(self.key)
        return tuple(got) if got else NONE


class DragonPair(Pattern):
    """The pair is a dragon."""

    needs = HONOUR_PAIR

    name = "pair of dragons"

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.extra_pairs:
            return _pairs_where(f, lambda t: t in _DRAGONS)
        return _pair(f, f.pair in _DRAGONS)


class SeatWindPair(Pattern):
    """The pair is the seat wind (optionally only when that is not also the prevailing wind)."""

    needs = HONOUR_PAIR

    name = "pair of the seat wind"

    def __init__(self, unless_prevailing: bool = False) -> None:
        self.unless_prevailing = unless_prevailing

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if self.unless_prevailing and s.seat_tile == s.prevailing_tile:
            return NONE
        if f.extra_pairs:
            return _pairs_where(f, lambda t: t == s.seat_tile)
        return _pair(f, f.pair == s.seat_tile)


class PrevailingWindPair(Pattern):
    """The pair is the prevailing wind (optionally only when that is not also the seat wind)."""

    needs = HONOUR_PAIR

    name = "pair of the prevailing wind"

    def __init__(self, unless_seat: bool = False) -> None:
        self.unless_seat = unless_seat

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if self.unless_seat and s.seat_tile == s.prevailing_tile:
            return NONE
        if f.extra_pairs:
            return _pairs_where(f, lambda t: t == s.prevailing_tile)
        return _pair(f, f.pair == s.prevailing_tile)


class OwnPrevailingPair(Pattern):
    """The pair is the seat wind and that wind prevails."""

    needs = HONOUR_PAIR

    name = "pair of the own wind, which prevails"

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if s.seat_tile != s.prevailing_tile:
            return NONE
        if f.extra_pairs:
            return _pairs_where(f, lambda t: t == s.seat_tile)
        return _pair(f, f.pair == s.seat_tile)


# --- Points for going Mah-Jongg ----------------------------------------------


class MahJongg(Pattern):
    """Going Mah-Jongg."""

    name = "Mah-Jongg"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE


class FromWall(Pattern):
    """The winning tile was drawn from the wall (a replacement tile included)."""

    name = "winning tile from the wall"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.self_drawn else NONE


class OnlyPossible(Pattern):
    """The winning tile was the only kind that could complete the hand."""

    name = "only possible tile"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.only_possible else NONE


class CompletesPair(Pattern):
    """The winning tile completes the pair, of simples or of major tiles."""

    def __init__(self, major: bool) -> None:
        self.major = major

    @property
    def title(self) -> str:
        return f"winning tile completes a pair of {'major tiles' if self.major else 'simples'}"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.win_in == -1 and f.pair >= 0 and IS_MAJOR[f.pair] == self.major else NONE


class Unless(Pattern):
    """``pattern`` where none of ``higher`` holds: of items that do not add up, only the highest
    counts (DMJL's winning-tile points with ``winning_tile_points_cumulative`` off, A-DMJL-03)."""

    def __init__(self, pattern: Pattern, *higher: Pattern) -> None:
        self.pattern = pattern
        self.higher = higher

    @property
    def title(self) -> str:
        return self.pattern.title

    def match(self, f: Facts) -> tuple[str, ...]:
        if any(h.match(f) for h in self.higher):
            return NONE
        return self.pattern.match(f)


class RobbingKong(Pattern):
    """The winning tile was robbed from another player's kong."""

    needs = FLAG

    name = "robbing the kong"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.robbing_kong else NONE


# --- Doubles for all hands ----------------------------------------------------


class OwnBonusBoth(Pattern):
    """Both bonus tiles of the seat wind: its flower and its season."""

    needs = BONUS

    name = "both bonus tiles of the seat wind"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return ONCE if s.has_bonus(s.own_bonus(False)) and s.has_bonus(s.own_bonus(True)) else NONE


class Bouquet(Pattern):
    """All four flowers, or all four seasons."""

    needs = BONUS

    per_hand = True

    def __init__(self, season: bool) -> None:
        self.first = BONUS_START + (4 if season else 0)
        self._title = f"all four {'seasons' if season else 'flowers'}"

    @property
    def title(self) -> str:
        return self._title

    def match(self, f: Facts) -> tuple[str, ...]:
        bonus = f.summary.bonus
        return ONCE if all(self.first + i in bonus for i in range(4)) else NONE


class OwnBonus(Pattern):
    """The seat's own flower (or season); with ``unless_bouquet``, only when that
    category is not complete (Hua Bao's per-category model)."""

    needs = BONUS

    per_hand = True

    def __init__(self, season: bool, unless_bouquet: bool) -> None:
        self.season = season
        self.unless_bouquet = unless_bouquet
        self._title = f"own {'season' if season else 'flower'}"

    @property
    def title(self) -> str:
        return self._title

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        own = s.own_bonus(self.season)
        if not s.has_bonus(own):
            return NONE
        if self.unless_bouquet:
            first = BONUS_START + (4 if self.season else 0)
            if all(first + i in s.bonus for i in range(4)):
                return NONE
        return (str(TILES[own]),)


class DragonSet(Pattern):
    """Each pong or kong of dragons."""

    needs = HONOUR_SET

    name = "pong or kong of dragons"

    def match(self, f: Facts) -> tuple[str, ...]:
        return tuple(set_label(k, t, c) for k, t, c in f.sets if k != CHOW and t in _DRAGONS)


class SeatWindSet(Pattern):
    """A pong or kong of the seat wind."""

    needs = HONOUR_SET

    name = "pong or kong of the seat wind"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.seat_tile in f.pong_tiles else NONE


class PrevailingWindSet(Pattern):
    """A pong or kong of the prevailing wind."""

    needs = HONOUR_SET

    name = "pong or kong of the prevailing wind"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.prevailing_tile in f.pong_tiles else NONE


class ThreeConcealedPongs(Pattern):
    """Three or more concealed pongs or kongs."""

    name = "three concealed pongs"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.concealed_pongs >= 3 else NONE


class LittleThreeDragons(Pattern):
    """Two dragon pongs or kongs and a pair of the third dragon."""

    needs = HONOUR_SET

    name = "little three dragons"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.pair in _DRAGONS and sum(1 for t in f.pong_tiles if t in _DRAGONS) == 2 else NONE


class BigThreeDragons(Pattern):
    """Pongs or kongs of all three dragons."""

    needs = HONOUR_SET

    name = "big three dragons"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if sum(1 for t in f.pong_tiles if t in _DRAGONS) == 3 else NONE


class LittleFourJoys(Pattern):
    """Three wind pongs or kongs and a pair of the fourth wind."""

    needs = HONOUR_SET

    name = "little four joys"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.pair in _WINDS and sum(1 for t in f.pong_tiles if t in _WINDS) == 3 else NONE


class BigFourJoys(Pattern):
    """Pongs or kongs of all four winds."""

    needs = HONOUR_SET

    name = "big four joys"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if sum(1 for t in f.pong_tiles if t in _WINDS) == 4 else NONE


# --- Doubles for the Mah-Jongg hand ---------------------------------------------


class ZeroPoints(Pattern):
    """No points for sets and pairs (``sets_and_pairs``; by setting also none for bonus tiles,
    ``figure_points``, or none but the Mah-Jongg bonus, ``all_points_except_mj20``)."""

    name = "zero-point hand"

    def __init__(self, basis: str) -> None:
        self.basis = basis

    def match(self, f: Facts) -> tuple[str, ...]:
        if self.basis == "sets_and_pairs":
            value = f.set_pair_points
        elif self.basis == "figure_points":
            value = f.figure_points
        else:
            value = f.points_except_mj
        return ONCE if value == 0 else NONE


class NoChow(Pattern):
    """A standard hand without any chow."""

    name = "no chow"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.chows == 0 and f.shape == "standard" else NONE


class AllConcealed(Pattern):
    """No set claimed from a discard (concealed kongs allowed); by default the
    winning tile must be self-drawn (A-CORE-10)."""

    name = "all sets concealed"

    def __init__(self, requires_self_draw: bool) -> None:
        self.requires_self_draw = requires_self_draw

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if is_concealed(f, self.requires_self_draw) else NONE


def is_concealed(f: Facts, requires_self_draw: bool) -> bool:
    """Whether every set is concealed and the win keeps it so."""
    for _, _, concealed in f.sets:
        if not concealed:
            return False
    ctx = f.summary.ctx
    if ctx.self_drawn:
        return True
    return not requires_self_draw and f.win_in == -1


class HalfFlush(Pattern):
    """One suit plus honours (at least one of each)."""

    needs = ONE_SUIT

    name = "one suit with honours"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return ONCE if s.n_suits == 1 and s.has_honours else NONE


class PureFlush(Pattern):
    """Only tiles of one suit."""

    needs = ONE_SUIT

    name = "one suit only"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return ONCE if s.n_suits == 1 and not s.has_honours else NONE


class AllMajors(Pattern):
    """Only terminals and honours, with at least one terminal (A-DMJL-07)."""

    needs = MAJOR_ONLY

    name = "major tiles only"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return ONCE if s.all_major and s.has_terminal else NONE


class AllHonours(Pattern):
    """Only winds and dragons."""

    needs = MAJOR_ONLY

    name = "honours only"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.all_honours else NONE


class FromDeadWall(Pattern):
    """The winning tile was a replacement tile from the dead wall."""

    needs = FLAG

    name = "winning tile from the dead wall"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.replacement else NONE


class LastTileDrawn(Pattern):
    """Won with the last tile of the live wall, self-drawn."""

    needs = FLAG

    name = "won with the last tile of the wall"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.last_tile and ctx.self_drawn else NONE


class LastDiscard(Pattern):
    """Won on the discard after the last tile of the wall."""

    needs = FLAG

    name = "won on the discard after the wall's end"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.last_tile and not ctx.self_drawn else NONE


class OriginalCall(Pattern):
    """Mah-Jongg after a call at the beginning."""

    needs = FLAG

    name = "Mah-Jongg after a call at the beginning"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.original_call else NONE


# --- Limit hands ------------------------------------------------------------------


class HeavensBlessing(Pattern):
    """East complete right after the deal."""

    needs = FLAG

    name = "Heaven's blessing"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.first_turn and ctx.seat == Wind.EAST else NONE


class EarthsBlessing(Pattern):
    """South, West or North wins on East's first discard."""

    needs = FLAG

    name = "Earth's blessing"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.first_turn and ctx.seat != Wind.EAST else NONE


class ConcealedPureSuit(Pattern):
    """One suit, no honours, every set concealed."""

    needs = ONE_SUIT

    name = "concealed pure one-suit hand"

    def __init__(self, requires_self_draw: bool) -> None:
        self.requires_self_draw = requires_self_draw

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return (
            ONCE
            if s.n_suits == 1 and not s.has_honours and is_concealed(f, self.requires_self_draw)
            else NONE
        )


class HiddenTreasure(Pattern):
    """Four concealed pongs or kongs, the winning tile self-drawn."""

    name = "hidden treasure"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.concealed_pongs == 4 and f.summary.ctx.self_drawn else NONE


class HeadsAndTails(Pattern):
    """Only suit 1s and 9s (A-DMJL-21)."""

    needs = MAJOR_ONLY

    name = "heads and tails"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.terminals_only else NONE


class WindingSnake(Pattern):
    """DMJL: one suit; pongs of 1 and 9, a pair of 2, 5 or 8, two chows of the rest."""

    needs = ONE_SUIT

    name = "winding snake"

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if s.n_suits != 1 or s.has_honours or f.pair < 0 or f.chows != 2:
            return NONE
        base = f.pair - f.pair % 9
        pair = f.pair - base
        if pair not in (1, 4, 7):
            return NONE
        ranks = [pair, pair]
        ends = set()
        for kind, tile, _ in f.sets:
            r = tile - base
            if kind == CHOW:
                ranks.extend((r, r + 1, r + 2))
            else:
                ends.add(r)
        return ONCE if ends == {0, 8} and sorted(ranks) == sorted([1, 2, 3, 4, 5, 6, 7, pair]) else NONE


class WindingSnakeWikibooks(Pattern):
    """Wikibooks: one suit; pongs of 1, 3, 5, 7 and a pair of 9, or of 3, 5, 7, 9 and a pair of 1."""

    needs = ONE_SUIT

    name = "winding snake"

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if s.n_suits != 1 or s.has_honours or f.pair < 0 or f.chows or len(f.sets) != 4:
            return NONE
        base = f.pair - f.pair % 9
        ranks = sorted(tile - base for _, tile, _ in f.sets)
        pair = f.pair - base
        return (
            ONCE if (ranks == [0, 2, 4, 6] and pair == 8) or (ranks == [2, 4, 6, 8] and pair == 0) else NONE
        )


class FourKongs(Pattern):
    """Four kongs."""

    needs = HAS_KONG

    name = "fourfold wealth (four kongs)"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.kongs == 4 else NONE


class ThreeScholars(Pattern):
    """Three dragon pongs or kongs, a fourth set and a pair; the fourth set must be
    a pong or kong unless ``chow_ok``."""

    needs = HONOUR_SET

    name = "three great scholars"

    def __init__(self, chow_ok: bool) -> None:
        self.chow_ok = chow_ok

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.pair < 0 or sum(1 for t in f.pong_tiles if t in _DRAGONS) != 3:
            return NONE
        return ONCE if self.chow_ok or f.chows == 0 else NONE


class FourJoys(Pattern):
    """Four wind pongs or kongs and any pair."""

    needs = HONOUR_SET

    name = "four blessings over the door"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.pair >= 0 and sum(1 for t in f.pong_tiles if t in _WINDS) == 4 else NONE


class GreenHand(Pattern):
    """Only green tiles: 2, 3, 4, 6, 8 bamboo and green dragons."""

    needs = GREEN

    name = "imperial green hand"
    per_hand = True

    def __init__(self, requires_dragons: bool) -> None:
        self.requires_dragons = requires_dragons

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return ONCE if s.all_green and (s.green_dragons or not self.requires_dragons) else NONE


class NineGates(Pattern):
    """DMJL: concealed one-suit hand of 1112345678999 before the win, any tile of the suit wins."""

    needs = ONE_SUIT

    name = "nine lanterns"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        w = s.ctx.win_tile
        if w is None or s.declared or s.n_suits != 1 or s.has_honours:
            return NONE
        base = w - w % 9
        ranks = [s.counts[base + r] - (r == w - base) for r in range(9)]
        return ONCE if ranks == [3, 1, 1, 1, 1, 1, 1, 1, 3] else NONE


class NineLanterns(Pattern):
    """Wikibooks: one suit, pongs of 1 and 9, a run 2-8, one tile doubled; concealed
    (or with exposed chows inside 2-8 when ``easy``)."""

    needs = ONE_SUIT

    name = "nine lanterns"
    per_hand = True

    def __init__(self, easy: bool) -> None:
        self.easy = easy

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if s.n_suits != 1 or s.has_honours:
            return NONE
        for kind, tile, concealed in s.declared:
            if concealed or not self.easy or kind != CHOW or tile % 9 == 0 or tile % 9 == 6:
                return NONE
        base = next(i for i in range(27) if s.counts[i]) // 9 * 9
        c = s.counts[base : base + 9]
        if sum(c) != 14 or c[0] < 3 or c[8] < 3 or min(c[1:8]) < 1:
            return NONE
        return ONCE


class ThirteenOrphans(Pattern):
    """One of each major kind and a fourteenth major tile."""

    needs = MAJOR_ONLY

    name = "thirteen orphans"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.shape == "thirteen_orphans" else NONE


class HeavenlyTwins(Pattern):
    """Seven pairs of major tiles."""

    needs = MAJOR_ONLY

    name = "heavenly twins"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.shape == "seven_pairs" and all(IS_MAJOR[p] for p in f.pairs) else NONE


class EarthlyTwins(Pattern):
    """Any seven pairs."""

    name = "earthly twins"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.shape == "seven_pairs" else NONE


class HeavensLadder(Pattern):
    """Four pongs or kongs of consecutive ranks in one suit and a pair of the rank
    directly below or above them (A-WB-22)."""

    needs = ONE_SUIT

    name = "heaven's ladder"

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.chows or f.pair < 0 or len(f.pong_tiles) != 4 or f.pair >= HONOUR_START:
            return NONE
        tiles = sorted(f.pong_tiles)
        low, high = tiles[0], tiles[3]
        if high >= HONOUR_START or tiles != list(range(low, low + 4)):
            return NONE
        if low // 9 != high // 9 or low // 9 != f.pair // 9:
            return NONE
        return ONCE if f.pair in (low - 1, high + 1) else NONE


class KongOnKong(Pattern):
    """Won on the replacement tile of the second of two kongs in one turn."""

    needs = FLAG

    name = "kong upon kong"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.kong_on_kong else NONE


class PlumBlossom(Pattern):
    """Won with 5 circles drawn from the dead wall."""

    needs = FLAG

    name = "plucking the plum blossom from the roof"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.replacement and ctx.win_tile == _FIVE_P else NONE


class MoonFromSea(Pattern):
    """Won with the last tile of the live wall, and it is 1 circle."""

    needs = FLAG

    name = "fetching the moon from the bottom of the sea"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.last_tile and ctx.self_drawn and ctx.win_tile == _ONE_P else NONE


class SupportingPillar(Pattern):
    """Won by robbing a kong of 2 bamboo."""

    needs = FLAG

    name = "claiming a supporting pillar"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.robbing_kong and ctx.win_tile == _TWO_S else NONE


class NineTimes(Pattern):
    """East's ninth Mah-Jongg in a row."""

    needs = FLAG

    name = "nine times Mah-Jongg"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        ctx = f.summary.ctx
        return ONCE if ctx.nine_times and ctx.seat == Wind.EAST else NONE
