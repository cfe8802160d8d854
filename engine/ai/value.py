"""What a hand is worth to a computer player: rules knowledge probed from the scorer,
a fast estimate of a hand's value, and a seat's view reduced to counts.

Nothing here knows a ruleset by name. :class:`Knowledge` asks the ruleset's
scorer (:func:`engine.scoring.score`) what a pong of each kind, a pair, a
flush, a hand without chows or a concealed hand is worth, once per ruleset,
settings and pair of winds, and the estimate combines those figures. A new
ruleset therefore needs no new code here. :func:`knowledge` takes the
:class:`~engine.rulesets.Ruleset` object itself (a ruleset made with ``derive`` and
never registered too); a name is looked up in the registry, for callers at the edges.

>>> from engine.tiles import Wind
>>> know = knowledge("dmjl")
>>> wv = know.winds(Wind.EAST, Wind.EAST)
>>> wv.pong_exposed[31], wv.pong_exposed[4]   # (points, doubles): White dragon, 5m
((4, 1), (2, 0))
>>> wv.pure_flush_doubles, knowledge("huabao").winds(Wind.EAST, Wind.EAST).no_chow_doubles
(3, 0)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.actions import Action, ActionKind
from engine.ai.conditions import Conditions, conditions, outlook
from engine.ai.shanten import Limits
from engine.hand import Hand, Meld, MeldKind
from engine.rulesets import Ruleset, get_ruleset, resolve
from engine.scoring import WinContext, score
from engine.scoring.tables import Table
from engine.settings import Settings
from engine.tiles import HONOUR_START, N_KINDS, TILES, Tile, Wind
from engine.views import SeatView
from engine.wall import KIND

__all__ = [
    "HandLimits",
    "HandState",
    "Knowledge",
    "WindValues",
    "hand_limits",
    "knowledge",
    "resolve_settings",
    "state_of",
]

PairValue = tuple[int, int]
"""(points, doubles)."""

_FLUSH_CHANCE: Final = (0.85, 0.5, 0.28, 0.12)
"""Chance that a hand with 0, 1, 2, 3 tiles outside its main suit (honours aside) ends a flush."""


@dataclass(frozen=True, slots=True)
class WindValues:
    """What the scorer gives one seat (under one prevailing wind), learnt from sample hands."""

    pong_exposed: tuple[PairValue, ...]
    pong_concealed: tuple[PairValue, ...]
    kong_exposed: tuple[PairValue, ...]
    kong_concealed: tuple[PairValue, ...]
    pair_points: tuple[int, ...]
    mj_points: int
    """Points a winner gets beyond those for sets and pairs (the Mah-Jongg bonus and the like)."""
    half_flush_doubles: int
    pure_flush_doubles: int
    no_chow_doubles: int
    concealed_doubles: int
    """Doubles for a self-drawn hand with no claimed set."""


def _probe(hand: str, ctx: WinContext, know: Knowledge) -> tuple[int, int]:
    result = score(Hand.parse(hand), ctx, ruleset=know.rules, settings=know.settings)
    return result.points, result.doubles


def _meld_value(kind: MeldKind, tile: int, concealed: bool, ctx: WinContext, know: Knowledge) -> PairValue:
    if concealed and kind == MeldKind.PONG:
        hand = Hand((TILES[tile],) * 3)
    else:
        hand = Hand((), (Meld(kind, TILES[tile], concealed),))
    result = score(hand, ctx, ruleset=know.rules, settings=know.settings)
    return result.points, result.doubles


@dataclass(frozen=True, slots=True, eq=False)
class Knowledge:
    """Everything a computer player knows of the rules: settings, table, and scorer probes."""

    ruleset: str
    settings: Settings
    table: Table
    rules: Ruleset
    """The ruleset itself (``ruleset`` is its name, as a view gives it)."""

    @property
    def chows(self) -> bool:
        """Whether a chow may be claimed at all."""
        return self.settings.chow_claims and self.rules.chows

    @property
    def seven_pairs(self) -> bool:
        """Seven pairs is a winning shape."""
        return self.table.seven_pairs

    @property
    def thirteen_orphans(self) -> bool:
        """Thirteen orphans is a winning shape."""
        return self.table.thirteen_orphans

    @property
    def limit(self) -> int:
        """The value of a limit hand and the cap of every hand (a very large number where
        the ruleset has no limit)."""
        return self.table.limit if self.table.limit is not None else 1 << 40

    @property
    def conditions(self) -> Conditions:
        """What the table asks of a winning hand (:func:`engine.ai.conditions.conditions`)."""
        return _conditions(self)

    def winds(self, seat: Wind, prevailing: Wind) -> WindValues:
        """The scorer's figures for a player of wind ``seat`` (cached)."""
        return _wind_values(self, seat, prevailing)

    def hand_score(
        self, hand: Hand, seat: Wind, prevailing: Wind, win: Tile, *, self_drawn: bool
    ) -> int | None:
        """The value of winning ``hand`` (14 tiles) with ``win``, or None if it is no Mah-Jongg here."""
        return _hand_score(self, hand, seat, prevailing, win, self_drawn)


@lru_cache(maxsize=64)
def _wind_values(know: Knowledge, seat: Wind, prevailing: Wind) -> WindValues:
    ctx = WinContext(seat=seat, prevailing=prevailing)
    rs = know.rules
    in_set = {int(KIND[i]) for i in rs.tile_ids(know.settings)} - set(rs.lucky)
    neutral = next(w for w in Wind if w not in (seat, prevailing))
    n = f"{neutral + 1}z" if rs.winds else "5z"  # an honour pair that scores nothing of itself

    def melds(kind: MeldKind, concealed: bool) -> tuple[PairValue, ...]:
        return tuple(
            _meld_value(kind, t, concealed, ctx, know) if t in in_set else (0, 0) for t in range(N_KINDS)
        )

    pe, pc = melds(MeldKind.PONG, False), melds(MeldKind.PONG, True)
    ke, kc = melds(MeldKind.KONG, False), melds(MeldKind.KONG, True)
    pairs = tuple(
        score(Hand((TILES[t],) * 2), ctx, ruleset=know.rules, settings=know.settings).points
        if t in in_set
        else 0
        for t in range(N_KINDS)
    )

    def win(hand: str, tile: str, self_drawn: bool = False) -> WinContext:
        del hand
        return WinContext(seat=seat, prevailing=prevailing, win_tile=Tile.parse(tile), self_drawn=self_drawn)

    base_hand = "[222m] [345p] [678p] [234m] 55p"
    bp, bd = _probe(base_hand, win(base_hand, "5p"), know)
    _, hd = _probe(f"[222m] [345m] [678m] [234m] {n}{n}", win("", n), know)
    _, pd = _probe("[222m] [345m] [678m] [234m] 55m", win("", "5m"), know)
    _, nd = _probe("[222m] [666p] [888s] [444m] 55p", win("", "5p"), know)
    _, sd = _probe(base_hand, win("", "5p", True), know)
    _, cd = _probe("222m 345p 678p 234m 55p", win("", "5p", True), know)
    return WindValues(
        pong_exposed=pe,
        pong_concealed=pc,
        kong_exposed=ke,
        kong_concealed=kc,
        pair_points=pairs,
        mj_points=max(0, bp - pe[1][0]),
        half_flush_doubles=max(0, hd - bd),
        pure_flush_doubles=max(0, pd - bd),
        no_chow_doubles=max(0, nd - bd),
        concealed_doubles=max(0, cd - sd),
    )


@lru_cache(maxsize=64)
def _conditions(know: Knowledge) -> Conditions:
    return conditions(know.rules, know.settings)


@lru_cache(maxsize=64)
def _pairs_flush(know: Knowledge) -> bool:
    """Whether seven pairs must be a flush too where a flush is required (the scorer is asked:
    a seven pairs of three suits that does not win)."""
    if not know.table.require_flush or not know.table.seven_pairs:
        return False
    hand = Hand.parse("1122m3344p5566s77z")
    ctx = WinContext(seat=Wind.SOUTH, prevailing=Wind.EAST, win_tile=Tile.parse("7z"))
    return not score(hand, ctx, ruleset=know.rules, settings=know.settings).won


@dataclass(frozen=True, slots=True)
class HandLimits:
    """What the table's conditions leave a hand with some declared melds."""

    dead: bool
    """No win is left, whatever comes (:func:`engine.ai.conditions.dead`)."""
    limits: Limits | None
    """What the concealed part must still hold (:class:`~engine.ai.shanten.Limits`); None
    where the table asks nothing of the shape."""


_FREE_HAND: Final = HandLimits(False, None)


def hand_limits(know: Knowledge, melds: Sequence[Meld]) -> HandLimits:
    """What the table's conditions leave a hand with the declared ``melds`` (cached).

    >>> from engine.hand import Meld
    >>> club = knowledge("rumisberg")
    >>> hand_limits(club, ()).limits
    Limits(chows=1, pongs=1, flush=False, suits=(0, 1, 2), pairs_flush=False)
    >>> hand_limits(club, (Meld.parse("[123m]"), Meld.parse("[456p]"))).dead
    True
    >>> hand_limits(knowledge("dmjl"), (Meld.parse("[123m]"),)).limits is None
    True
    """
    if not know.table.constrained:
        return _FREE_HAND
    return _hand_limits(know, tuple(melds))


@lru_cache(maxsize=4096)
def _hand_limits(know: Knowledge, melds: tuple[Meld, ...]) -> HandLimits:
    cond = know.conditions
    if not cond.restricts_melds:
        return _FREE_HAND
    o = outlook(cond, melds)
    flush = cond.require_flush
    suits: tuple[int, ...] = (0, 1, 2)
    if flush and o.suits:  # the suit shown; two suits shown leave no flush
        suits = tuple(sorted(o.suits)) if len(o.suits) == 1 else ()
    limits = Limits(
        chows=o.chows_left if cond.max_chows < 4 else 4,
        pongs=o.suit_pungs_needed,
        flush=flush,
        suits=suits,
        pairs_flush=flush and _pairs_flush(know),
    )
    return HandLimits(o.dead, None if limits.free else limits)


@lru_cache(maxsize=4096)
def _hand_score(
    know: Knowledge, hand: Hand, seat: Wind, prevailing: Wind, win: Tile, self_drawn: bool
) -> int | None:
    ctx = WinContext(seat=seat, prevailing=prevailing, win_tile=win, self_drawn=self_drawn)
    result = score(hand, ctx, ruleset=know.rules, settings=know.settings)
    if not result.won:
        return None
    return result.total


_KNOWN_MAX: Final = 64
_known: OrderedDict[tuple[int, Settings | None], Knowledge] = OrderedDict()
"""The knowledge last asked for, by the ruleset's identity and the settings (a :class:`Ruleset`
holds a dict, so it cannot be a key itself; each entry holds its ruleset, so the identity of a
ruleset in the cache is never another's)."""
_known_lock = threading.Lock()
"""Computer players decide in worker threads (the bot): one at a time updates the cache."""


def knowledge(ruleset: str | Ruleset, settings: Settings | None = None) -> Knowledge:
    """The (cached) knowledge of ``ruleset`` (the object, or a registered ruleset's name) under
    ``settings`` (default: the ruleset's own).

    >>> knowledge("huabao").limit
    500
    >>> from engine.rulesets import get_ruleset
    >>> club = get_ruleset("huabao").derive("myclub", title="My club", defaults={"limit": 800})
    >>> knowledge(club).limit, knowledge(club) is knowledge(club)
    (800, True)

    :raises SettingError: for a name no ruleset is registered under.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    key = (id(rs), settings)
    with _known_lock:
        know = _known.get(key)
        if know is not None and know.rules is rs:
            _known.move_to_end(key)
            return know
    st = settings if settings is not None else rs.settings()
    know = Knowledge(rs.name, st, rs.table_for(st), rs)
    with _known_lock:
        _known[key] = know
        while len(_known) > _KNOWN_MAX:
            _known.popitem(last=False)
    return know


def resolve_settings(ruleset: str | Ruleset, settings: Settings | Mapping[str, object] | None) -> Settings:
    """A full :class:`Settings` from a table's overrides (or a full Settings, or None)."""
    return resolve(ruleset, settings)[1]


# --- A seat's view as counts ------------------------------------------------------------------


@dataclass(slots=True)
class HandState:
    """One seat's own tiles and what it can see, as counts of the 34 kinds."""

    counts: list[int]
    """Own concealed tiles (drawn tile included)."""
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    visible: list[int]
    """Tiles seen elsewhere: uncalled discards and other seats' melds."""
    held: list[int]
    """Own concealed tiles plus own meld tiles."""
    seat_wind: Wind
    prevailing: Wind
    wall_live: int
    opponent_melds: tuple[int, ...]
    """How many sets each other seat has declared."""
    players: int = 4
    """How many play the hand (3 or 4): the live wall is shared by that many."""

    def unseen(self, tile: int) -> int:
        """Copies of ``tile`` this seat cannot see anywhere."""
        left = 4 - self.held[tile] - self.visible[tile]
        return left if left > 0 else 0


def state_of(view: SeatView) -> HandState:
    """Reduce ``view`` (a seat's own view) to counts.

    :raises ValueError: for the public view, which has no own tiles.
    """
    me = view.me
    if me is None:
        raise ValueError("a spectator's view has no hand to play")
    counts = [0] * N_KINDS
    for t in view.concealed:
        counts[t] += 1
    if view.drawn is not None:
        counts[view.drawn] += 1
    visible = [0] * N_KINDS
    held = counts[:]
    opponent_melds = []
    for p in view.seated:  # an empty place (three players) has nothing and is no opponent
        for d in p.discards:
            if d.claimed_by is None:
                visible[d.tile] += 1
        target = held if p.seat == me.seat else visible
        for m in p.melds:
            for t in m.tiles:
                target[t] += 1
        if p.seat != me.seat:
            opponent_melds.append(len(p.melds))
    return HandState(
        counts=counts,
        melds=me.melds,
        bonus=me.bonus,
        visible=visible,
        held=held,
        seat_wind=me.wind,
        prevailing=view.prevailing,
        wall_live=view.wall_live,
        opponent_melds=tuple(opponent_melds),
        players=len(view.seated),
    )


# --- Estimates ----------------------------------------------------------------------------------


def meld_value(wv: WindValues, meld: Meld) -> PairValue:
    """(points, doubles) of one declared meld."""
    if meld.kind == MeldKind.CHOW:
        return 0, 0
    if meld.kind == MeldKind.KONG:
        return (wv.kong_concealed if meld.concealed else wv.kong_exposed)[meld.tile]
    return wv.pong_exposed[meld.tile]


def estimate_value(
    counts: Sequence[int],
    melds: Sequence[Meld],
    wv: WindValues,
    know: Knowledge,
    unseen: Sequence[int],
    bonus: PairValue = (0, 0),
) -> tuple[float, float]:
    """Expected value of the finished hand if it wins, and the value of its sets if it loses.

    ``counts`` are the concealed tiles; pairs of scoring kinds count as pongs
    to come, weighed by the copies left; flush, no-chow and concealed doubles
    by how close the hand is to them (a flush the table requires as certain: the hand's
    distance to it is its shanten under the table's conditions). A hand the table's
    conditions let win no more (:func:`hand_limits`, ``dead``) is worth nothing.
    """
    points = float(wv.mj_points + bonus[0])
    doubles = bonus[1]
    fig_points = bonus[0]
    mult = 1.0
    chow_melds = exposed = 0
    suit_tiles = [0, 0, 0]
    honours = 0
    pongish = 0.0
    for m in melds:
        p, d = meld_value(wv, m)
        points += p
        fig_points += p
        doubles += d
        if m.kind == MeldKind.CHOW:
            chow_melds += 1
        else:
            pongish += 1
        if not m.concealed:
            exposed += 1
        if m.tile < HONOUR_START:
            suit_tiles[m.tile // 9] += 3
        else:
            honours += 3
    best_pair = 0
    for k in range(N_KINDS):
        n = counts[k]
        if not n:
            continue
        if k < HONOUR_START:
            suit_tiles[k // 9] += n
        else:
            honours += n
        if n >= 3:
            p, d = wv.pong_concealed[k]
            points += p
            fig_points += p
            doubles += d
            pongish += 1
        elif n == 2:
            pongish += 0.5
            pp = wv.pair_points[k]
            if pp > best_pair:
                best_pair = pp
            p, d = wv.pong_exposed[k]
            if d or p > 2:
                left = unseen[k]
                q = 0.45 if left >= 2 else 0.3 if left == 1 else 0.0
                points += q * p
                if d:
                    mult *= 1.0 + q * ((1 << d) - 1)
    points += best_pair
    fig_points += best_pair
    main = max(range(3), key=lambda s: suit_tiles[s])
    off = sum(suit_tiles) - suit_tiles[main]
    table = know.table
    # Where a flush is required, a hand that wins is one: the distance to it is the shanten's.
    if table.require_flush or (off < len(_FLUSH_CHANCE) and suit_tiles[main] >= 5):
        q = 1.0 if table.require_flush else _FLUSH_CHANCE[off]
        d = wv.half_flush_doubles if honours > 2 else max(wv.half_flush_doubles, wv.pure_flush_doubles - 1)
        if honours == 0:
            d = wv.pure_flush_doubles
        if d:
            mult *= 1.0 + q * ((1 << d) - 1)
    if not chow_melds and wv.no_chow_doubles and pongish >= 3:
        q = min(0.8, 0.25 * (pongish - 2))
        mult *= 1.0 + q * ((1 << wv.no_chow_doubles) - 1)
    if not exposed and wv.concealed_doubles:
        mult *= 1.0 + 0.3 * ((1 << wv.concealed_doubles) - 1)
    limit = know.limit
    value = min(limit, points * (1 << min(doubles, 12)) * mult)
    if table.constrained and hand_limits(know, melds).dead:  # the table lets it win no more
        value = 0.0
    lose = min(limit, fig_points * (1 << min(doubles, 12)))
    return value, float(lose)


def find_action(legal: Sequence[Action], kind: ActionKind, tile: int | None = None) -> Action | None:
    """The legal action of ``kind`` (on ``tile``), if any."""
    for a in legal:
        if a.kind is kind and (tile is None or a.tile == tile):
            return a
    return None
