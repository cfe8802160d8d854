"""The table's conditions for a win, and the oracle of a dead hand.

Some rulesets let only certain hands win: at most so many chows (``max_chows``),
at least so many pongs or kongs of suit tiles (``min_suit_pungs``), a half or
pure flush (``require_flush``, wikibooks western), a minimum of points, fan or
doubles (``min_fan``, ``min_doubles``). The scorer applies them to a *counted*
hand and exempts the special hands: a hand valued at the limit or at a fixed
value wins whatever the conditions say (RULES.md A-RU-11, A-RU-12, A-WB-15;
:func:`engine.scoring.scorer` ``_short_of``).

:func:`conditions` reads those conditions off a ruleset and its settings once;
:func:`dead` tells whether a seat's declared melds already rule out every win,
whatever it draws or claims from now on. Only *certain* death counts:

* more exposed chows than the table allows;
* declared sets in two suits where a flush is required;
* too few sets left to make the suit pongs required;

and in each case no special hand exempt from the conditions can still be made
with those melds. The special hands won by circumstance alone (Heaven's and
Earth's blessing, the last tile of the wall, a loose tile, robbing a kong, East's
ninth win) are not counted as a way out: no player can plan for them, so a hand
left only with them is dead. The minimums (points, fan, doubles) never make a
hand dead here: a self-drawn win, a flower or a concealed pong drawn later can
add to any hand, so no sound bound is cheap enough for every claim decision.
Concealed tiles never matter: they can still be discarded.

>>> from engine.hand import Meld
>>> club = conditions("rumisberg", None)
>>> club.max_chows, club.min_suit_pungs, club.require_flush
(1, 1, False)
>>> dead(club, [Meld.parse("[123m]")]), dead(club, [Meld.parse("[123m]"), Meld.parse("[456p]")])
(False, True)

Pure and cheap: a table's conditions are built once per ruleset and settings, and
:func:`dead` looks at four melds at most.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.hand import Meld, MeldKind
from engine.rulesets import Ruleset, resolve
from engine.rulesets import jiangxi as _jiangxi
from engine.rulesets import wikibooks as _wikibooks
from engine.scoring import patterns as p
from engine.scoring import special_hands as _special
from engine.scoring.tables import Table
from engine.settings import Settings
from engine.tiles import HONOUR_START, IS_GREEN

__all__ = ["Conditions", "Outlook", "conditions", "dead", "outlook"]

_SETS: Final = 4
"""Sets in a winning hand of the standard shape."""

_DRAGONS: Final = frozenset(range(HONOUR_START + 4, HONOUR_START + 7))
_WINDS: Final = frozenset(range(HONOUR_START, HONOUR_START + 4))

Fits = Callable[[Sequence[Meld]], bool]
"""Whether a special hand can still be made by a hand with these declared melds."""


def _suit(meld: Meld) -> int:
    """0-2 for the suits (m, p, s), 3 for honours."""
    return 3 if meld.tile >= HONOUR_START else meld.tile // 9


def _one_suit(melds: Sequence[Meld]) -> bool:
    return all(_suit(m) < 3 for m in melds) and len({_suit(m) for m in melds}) <= 1


def _no_melds(melds: Sequence[Meld]) -> bool:
    return not melds


def _no_chows(melds: Sequence[Meld]) -> bool:
    return all(m.kind != MeldKind.CHOW for m in melds)


def _rank(meld: Meld) -> int:
    return meld.tile % 9 + 1


def _winding_snake(melds: Sequence[Meld]) -> bool:
    """DMJL's snake: pongs of 1 and 9, two chows inside 2-8 that share no rank."""
    chows = [_rank(m) for m in melds if m.kind == MeldKind.CHOW]
    return (
        _one_suit(melds)
        and all(m.kind == MeldKind.CHOW or _rank(m) in (1, 9) for m in melds)
        and all(2 <= r <= 6 for r in chows)
        and (len(chows) < 2 or (len(chows) == 2 and abs(chows[0] - chows[1]) >= 3))
    )


def _three_scholars(chow_ok: bool) -> Fits:
    def fits(melds: Sequence[Meld]) -> bool:
        others = [m for m in melds if m.kind == MeldKind.CHOW or m.tile not in _DRAGONS]
        return len(others) <= 1 and (chow_ok or _no_chows(others))

    return fits


def _nine_lanterns(easy: bool) -> Fits:
    def fits(melds: Sequence[Meld]) -> bool:
        return _one_suit(melds) and all(
            m.concealed or (easy and m.kind == MeldKind.CHOW and 2 <= _rank(m) <= 6) for m in melds
        )

    return fits


def _jewel(dragon: int, suit: int) -> Fits:
    def fits(melds: Sequence[Meld]) -> bool:
        return _no_chows(melds) and all(m.tile == dragon or _suit(m) == suit for m in melds)

    return fits


def _special_hand(pattern: _special.SpecialHandPattern) -> Fits:
    """Whether the declared melds can be some of the special hand's sets, each a different
    one, under one binding of the hand's suit letters (the pair is left free)."""

    def fits(melds: Sequence[Meld]) -> bool:
        if pattern.hand.concealed and not all(m.concealed for m in melds):
            return False
        for groups in itertools.permutations(pattern.sets, len(melds)):
            suits: dict[str, int] | None = {}
            for group, meld in zip(groups, melds, strict=True):
                if suits is None or not _special._kind_fits(group.kind, int(meld.kind)):
                    suits = None
                    break
                suits = _special._bind(group, int(meld.tile), suits, pattern.fixed_suits)
            if suits is not None:
                return True
        return False

    return fits


def _by_circumstance(pattern: p.Pattern) -> bool:
    """A special hand won by when or how the winning tile comes, not by the tiles held."""
    circumstances = (
        p.HeavensBlessing,
        p.EarthsBlessing,
        p.KongOnKong,
        p.PlumBlossom,
        p.MoonFromSea,
        p.LastTileDrawn,
        p.SupportingPillar,
        p.NineTimes,
        _jiangxi.RestrictedRob,
    )
    return isinstance(pattern, circumstances)


def _fits(pattern: p.Pattern) -> Fits:
    """The test of declared melds for the special hand ``pattern`` (a sound over-estimate:
    it may let through melds the hand cannot use, never the reverse). A pattern this module
    does not know fits every hand, so it never makes a hand dead."""
    if isinstance(pattern, p.ThreeScholars):
        return _three_scholars(pattern.chow_ok)
    if isinstance(pattern, p.NineLanterns):
        return _nine_lanterns(pattern.easy)
    if isinstance(pattern, _wikibooks.JewelHand):
        return _jewel(pattern.dragon, pattern.suit)
    if isinstance(pattern, _special.SpecialHandPattern):
        return _special_hand(pattern)
    simple: dict[type[p.Pattern], Fits] = {
        p.ConcealedPureSuit: lambda ms: _one_suit(ms) and all(m.concealed for m in ms),
        p.HiddenTreasure: lambda ms: _no_chows(ms) and all(m.concealed for m in ms),
        p.NineGates: _no_melds,
        p.ThirteenOrphans: _no_melds,
        p.HeavenlyTwins: _no_melds,
        p.EarthlyTwins: _no_melds,
        p.AllHonours: lambda ms: all(_suit(m) == 3 for m in ms),
        p.HeadsAndTails: lambda ms: _no_chows(ms) and all(_suit(m) < 3 and _rank(m) in (1, 9) for m in ms),
        p.WindingSnake: _winding_snake,
        p.WindingSnakeWikibooks: lambda ms: (
            _one_suit(ms) and _no_chows(ms) and all(_rank(m) % 2 == 1 for m in ms)
        ),
        p.FourKongs: _no_chows,
        p.FourJoys: lambda ms: _no_chows(ms) and all(m.tile in _WINDS for m in ms),
        p.GreenHand: lambda ms: all(IS_GREEN[t] for m in ms for t in m.tiles),
        p.HeavensLadder: lambda ms: (
            _one_suit(ms)
            and _no_chows(ms)
            and (not ms or max(m.tile for m in ms) - min(m.tile for m in ms) <= 3)
        ),
    }
    for kind, fits in simple.items():
        if type(pattern) is kind:
            return fits
    return lambda ms: True


@dataclass(frozen=True, slots=True)
class Conditions:
    """What a table asks of a winning hand, and the special hands exempt from it."""

    ruleset: str
    max_chows: int
    """Chows a counted winning hand may hold (4: any number)."""
    min_suit_pungs: int
    """Pongs or kongs of suit tiles a counted winning hand needs."""
    require_flush: bool
    """A winning hand other than a special hand is of one suit, honours allowed."""
    min_points: int
    """Points (fan where the table counts fan) a counted winning hand needs."""
    min_doubles: int
    """Doubles a counted winning hand needs (bonus tiles and dora not counted)."""
    seven_pairs: bool
    """Seven pairs is a winning shape (the chow and pong conditions do not apply to it)."""
    exempt: tuple[tuple[str, Fits], ...]
    """The special hands made by their tiles that win whatever the conditions say: each its
    name and the test of declared melds it can still use."""

    @property
    def restricts_melds(self) -> bool:
        """Whether the declared melds alone can rule a counted hand out (chows, suit pongs, flush)."""
        return self.max_chows < _SETS or self.min_suit_pungs > 0 or self.require_flush


def _from_table(table: Table) -> Conditions:
    exempt = tuple(
        (item.name, _fits(item.pattern))
        for item in table.items
        if (item.limit or item.fixed) and not _by_circumstance(item.pattern)
    )
    return Conditions(
        ruleset=table.ruleset,
        max_chows=table.max_chows,
        min_suit_pungs=table.min_suit_pungs,
        require_flush=table.require_flush,
        min_points=table.min_points,
        min_doubles=table.min_doubles,
        seven_pairs=table.seven_pairs,
        exempt=exempt,
    )


_CACHE: Final[dict[tuple[str, Settings], Conditions]] = {}
"""Conditions by ruleset name and settings (a table's settings are few: the cache stays small)."""


def _cached(ruleset: Ruleset, settings: Settings) -> Conditions:
    key = (ruleset.name, settings)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= 256:
            _CACHE.clear()
        found = _CACHE[key] = _from_table(ruleset.table_for(settings))
    return found


def conditions(ruleset: str | Ruleset, settings: Settings | Mapping[str, object] | None = None) -> Conditions:
    """The conditions for a win at a table of ``ruleset`` with ``settings`` (cached).

    >>> western = conditions("wikibooks", {"western": "true"})
    >>> western.max_chows, western.require_flush, conditions("jiangxi").min_points
    (1, True, 2)
    >>> "imperial green hand" in [name for name, _ in western.exempt]
    True

    :raises SettingError: for an unknown ruleset or setting.
    """
    rs, st = resolve(ruleset, settings)
    return _cached(rs, st)


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a hand with some declared melds can still become under a table's conditions."""

    chows_left: int
    """Chows a counted hand may still add (negative: already too many)."""
    suit_pungs_needed: int
    """Suit pongs or kongs a counted hand still needs."""
    sets_left: int
    """Sets still to be made (4 minus the declared sets)."""
    suits: frozenset[int]
    """The suits (0-2: m, p, s) among the declared sets."""
    counted_possible: bool
    """Whether a counted hand (standard shape or seven pairs) can still meet the conditions."""
    exempt_open: tuple[str, ...]
    """The special hands exempt from the conditions that these melds still allow."""

    @property
    def dead(self) -> bool:
        """No win is left: neither a counted hand nor an exempt special hand."""
        return not self.counted_possible and not self.exempt_open


def outlook(cond: Conditions, melds: Sequence[Meld]) -> Outlook:
    """What a hand with the declared ``melds`` (exposed sets and declared concealed kongs) can
    still become at a table with the conditions ``cond``.

    >>> from engine.hand import Meld
    >>> club = conditions("rumisberg")
    >>> o = outlook(club, [Meld.parse("[123m]"), Meld.parse("[555z]")])
    >>> o.chows_left, o.suit_pungs_needed, o.sets_left, o.counted_possible
    (0, 1, 2, True)
    """
    chows = sum(1 for m in melds if m.kind == MeldKind.CHOW)
    suit_pungs = sum(1 for m in melds if m.kind != MeldKind.CHOW and m.tile < HONOUR_START)
    sets_left = _SETS - len(melds)
    suits = frozenset(_suit(m) for m in melds if m.tile < HONOUR_START)
    needed = max(0, cond.min_suit_pungs - suit_pungs)
    counted = chows <= cond.max_chows and needed <= sets_left and not (cond.require_flush and len(suits) > 1)
    if not melds and cond.seven_pairs:
        counted = True  # seven pairs: no chow or pong condition applies to it
    exempt = () if counted else tuple(name for name, fits in cond.exempt if fits(melds))
    return Outlook(cond.max_chows - chows, needed, sets_left, suits, counted, exempt)


def dead(cond: Conditions, melds: Sequence[Meld]) -> bool:
    """Whether a hand with the declared ``melds`` can no longer win at a table with the
    conditions ``cond``, whatever it draws or claims (see the module's notes for what counts).

    The test for a claim: ``dead(cond, (*melds, claimed_meld))``.

    >>> from engine.hand import Meld
    >>> western = conditions("wikibooks", {"western": "true"})
    >>> dead(western, [Meld.parse("[555m]"), Meld.parse("[777z]")])
    False
    >>> dead(western, [Meld.parse("[123m]"), Meld.parse("[777p]")])
    True
    >>> dead(western, [Meld.parse("[555m]"), Meld.parse("[777p]")])  # four kongs is still open
    False
    >>> dead(conditions("dmjl"), [Meld.parse("[123m]"), Meld.parse("[456p]"), Meld.parse("[789s]")])
    False
    """
    if not melds or not cond.restricts_melds:
        return False
    return outlook(cond, melds).dead
