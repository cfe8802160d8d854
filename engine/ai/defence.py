"""Defence: which opponents are building a big hand, read from what they show, and how
dangerous each tile would be to discard.

Everything here reads one seat's own :class:`~engine.views.SeatView` and nothing else: the
other seats' exposed melds and declared concealed kongs, every seat's discards, the copies of
each kind this seat can see, the live wall left and the declarations in force. It never looks
at the deal, so it cannot use a hidden tile.

:func:`threats` reads each opponent's display into a :class:`Threat`: how likely a big hand is
(``big``), how likely he is close to winning (``ready``), the reasons in words, and how well each
tile kind would serve him (``fit``). The reads:

* **dragons** -- two dragon pongs shown make the third dragon very dangerous (three dragons);
  one dragon pong with both other dragons still unseen is a mild signal;
* **winds** -- three wind pongs make the fourth wind very dangerous (four winds); two wind
  pongs are a milder signal, a little stronger when one is his seat or the prevailing wind;
* **one suit** -- two or more melds, all of one suit (and honours): that suit and the honours
  are dangerous, the other suits safe against him; his discards, mostly of the other suits,
  strengthen the read, many of his own suit weaken it; three or more melds of honours only
  read the same way for an all-honours hand;
* **all pongs** -- no chow among three or more melds: any tile of which he could hold a pair
  is more dangerous, and a tile no one else can hold is no danger at all (there is no chow);
* **readiness** -- the more sets shown, the closer he is; a declaration (riichi, the call,
  Fishing) means he is waiting; late in the wall every player is more likely ready.

A declarer (riichi, the call, Fishing) is ready; a frozen hand's (riichi, the call) own discards
after the declaration cannot win for him, and the tiles the others threw after it almost never do.
(Suji, a suit tile three ranks from such a safe tile, was measured and changed nothing: 200 + 200
riichi hands, the same deal-ins with and without; it is not read.)

:func:`risk` gives the chance a tile completes an opponent's hand and what this seat would pay
him then (:func:`payments`: a typical hand of the table grown toward the limit by ``big``, paid
as the ruleset pays a discard win; weighed, only what that costs beyond what this seat pays
when he wins anyway, self-drawn or on another's discard), for a player to weigh against what
its own hand can win.
:func:`danger` turns the threats into a number from 0 to 1 for one tile: the worst, over the
opponents, of how much he threatens times how well the tile fits him, where a tile he discarded
himself is safer (there is no furiten here: safer, not safe), a tile of which every copy is in
sight or in this hand can complete no pong or pair, and an honour with three copies in sight only
a pair. :func:`should_fold` says when to give up on the own hand, and :func:`safest` picks the
tile to give up with.

>>> from engine.deal import Deal
>>> deal = Deal.arranged(
...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
...     settings={"bonus_tiles": False})
>>> [(t.seat, t.big, t.reasons) for t in threats(deal.view(0))]
[(1, 0.0, ()), (2, 0.0, ()), (3, 0.0, ())]
>>> should_fold(deal.view(0), own_shanten=3, own_value=40)
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.ai.value import Knowledge, knowledge, state_of
from engine.hand import Meld, MeldKind
from engine.tiles import HONOUR_START, N_KINDS, TILES, Tile, tiles_str
from engine.views import PlayerView, SeatView

__all__ = ["Risk", "Threat", "danger", "describe", "payments", "risk", "safest", "should_fold", "threats"]

# --- Vocabulary ---------------------------------------------------------------------------------

DRAGON_START: Final = HONOUR_START + 4
"""Index of the White dragon (``5z``); the dragons run to ``7z``."""

READY_BY_SETS: Final = (0.05, 0.15, 0.35, 0.7, 0.95)
"""How likely a player is close to winning with 0, 1, 2, 3 or 4 sets shown."""

LATE_WALL: Final = (48, 8)
"""The live wall from which lateness starts to count, and where it counts in full."""

DISCARDED_FACTOR: Final = 0.35
"""A tile an opponent discarded himself is this much as dangerous against him (no furiten)."""

SAFE_FIT: Final = 0.05
"""The fit of a tile his display rules out (another suit against a one-suit display)."""

WANTED_FIT: Final = 0.8
"""From this fit up a tile counts as wanted by his display (:attr:`Threat.wanted`)."""

FOLD_PRESSURE: Final = (0.6, 0.4, 0.25)
"""Fold when the worst opponent's ``big * ready`` reaches this, for an own hand waiting,
one tile from waiting, and farther."""

VALUABLE: Final = 0.2
"""An own hand worth this share of the limit is valuable: waiting or one away, it plays on."""

CHEAP: Final = 0.08
"""A waiting own hand worth less than this share of the limit is cheap: it may fold."""

UNLIMITED: Final = 16
"""The yardstick for :data:`VALUABLE` and :data:`CHEAP` where the rules have no limit (jiangxi counts fan)."""

WAIT_SHARE: Final = 0.07
"""The chance that one given kind completes a waiting hand whose display says nothing about it
(fit 0.5): a waiting hand wins on about two kinds of the thirty or so it has not thrown
(:func:`_wait_chance`)."""

PASSED_FACTOR: Final = 0.1
"""A tile others discarded after a frozen hand's declaration is this much as likely to win for
him (the rows give the order only roughly, and a person may let a win go)."""

FROZEN: Final = ("riichi", "call")
"""Declarations that freeze the hand: its waits no longer change."""

TYPICAL_SHARE: Final = {"dmjl": 0.13, "huabao": 0.07, "wikibooks": 0.2, "rumisberg": 0.17, "jiangxi": 0.19}
"""A typical winning hand's value as a share of the yardstick (:func:`_yardstick`), by ruleset:
the mean of 40 hands of four ``strong`` players each (seeds ``val:0-39``). A declarer's hand is
counted the same: in wikibooks with riichi the declarers' wins, their double included, came to
about the same as the others' (116 against 100)."""

DEFAULT_SHARE: Final = 0.13
"""The share of a ruleset not in :data:`TYPICAL_SHARE`."""


@dataclass(frozen=True, slots=True)
class Threat:
    """What one opponent's display says about his hand."""

    seat: int
    """The opponent's seat index (:attr:`PlayerView.seat`)."""
    big: float
    """0 to 1: how likely he builds a big hand (a limit hand or many doubles)."""
    ready: float
    """0 to 1: how likely he is close to winning."""
    reasons: tuple[str, ...] = ()
    """The signals read, in plain words (``"two dragon pongs shown"``)."""
    fit: tuple[float, ...] = field(default=(0.5,) * N_KINDS, repr=False)
    """Per tile kind (0-33), 0 to 1: how well the tile would serve him, from his display and the
    copies still unseen (his own discards are weighed by :func:`danger`)."""
    declared: str = ""
    """His declaration in force (``riichi``, ``call``, ``fishing``), or empty."""
    safe: frozenset[int] = frozenset()
    """Kinds that cannot complete his hand: a frozen hand's (riichi, the call) own discards after
    the declaration (it would have won on them)."""
    passed: frozenset[int] = frozenset()
    """Kinds the others discarded after his frozen hand's declaration, as far as the discard rows
    tell the order (row by row, from the declaration's place on): he let them go, so they are
    almost certainly safe (:data:`PASSED_FACTOR`)."""

    @property
    def pressure(self) -> float:
        """``big * ready``: how much his big hand threatens now."""
        return self.big * self.ready

    @property
    def wanted(self) -> tuple[Tile, ...]:
        """The tiles his display points at (fit of at least :data:`WANTED_FIT`)."""
        return tuple(TILES[k] for k in range(N_KINDS) if self.fit[k] >= WANTED_FIT)


# --- Reading displays -----------------------------------------------------------------------------


def _own(view: SeatView) -> PlayerView:
    me = view.me
    if me is None:
        raise ValueError("defence reads a seat's own view; the public view has no seat to defend")
    return me


def _unseen(view: SeatView) -> list[int]:
    """Copies of each kind this seat cannot see (not held, not discarded, not in any meld)."""
    st = state_of(view)
    return [st.unseen(k) for k in range(N_KINDS)]


def _is_pong(meld: Meld) -> bool:
    return meld.kind in (MeldKind.PONG, MeldKind.KONG)


def _scaled(k: int, fit: float, unseen: int, pongs: bool) -> float:
    """``fit`` of tile ``k`` with the copies of it left: with none unseen nobody else holds one,
    so it completes only a chow (never an honour, nor against all pongs); with one unseen, an
    honour (or any tile against all pongs) completes only a pair wait."""
    no_run = k >= HONOUR_START or pongs
    if unseen == 0:
        return 0.0 if no_run else fit * 0.3
    if unseen == 1 and no_run:
        return fit * 0.3
    return fit


def _read(p: PlayerView, view: SeatView, unseen: Sequence[int], late: float) -> Threat:
    """The threat of one opponent ``p``."""
    melds = p.melds
    signals: list[tuple[float, str]] = []  # (chance of a big hand, reason)

    # All pongs: a pair of any kind may be his wait, and nothing waits on a chow.
    pongs = len(melds) >= 3 and all(_is_pong(m) for m in melds)
    if pongs:
        signals.append((0.3, f"no chow among {_count(len(melds))} sets shown"))
    base = [0.6 if pongs else 0.5 if 0 < k % 9 < 8 and k < HONOUR_START else 0.4 for k in range(N_KINDS)]
    fit = [_scaled(k, base[k], unseen[k], pongs) for k in range(N_KINDS)]

    def want(k: int, f: float) -> None:
        fit[k] = max(fit[k], _scaled(k, f, unseen[k], pongs))

    # Dragons: two pongs shown point at the third; one pong with both others unseen, mildly.
    dragons = {m.tile for m in melds if _is_pong(m) and m.tile >= DRAGON_START}
    rest = [k for k in range(DRAGON_START, DRAGON_START + 3) if k not in dragons]
    if len(dragons) >= 2:
        signals.append((1.0 if len(dragons) == 3 else 0.8, f"{_count(len(dragons))} dragon pongs shown"))
        for k in rest:
            want(k, 1.0)
    elif dragons and all(unseen[k] >= 2 for k in rest):
        signals.append((0.15, "a dragon pong shown, the other dragons unseen"))
        for k in rest:
            want(k, 0.6)

    # Winds: three pongs point at the fourth; two, more mildly (more if they bring doubles).
    winds = {m.tile for m in melds if _is_pong(m) and HONOUR_START <= m.tile < DRAGON_START}
    rest = [k for k in range(HONOUR_START, DRAGON_START) if k not in winds]
    if len(winds) >= 3:
        signals.append((1.0 if len(winds) == 4 else 0.85, f"{_count(len(winds))} wind pongs shown"))
        for k in rest:
            want(k, 1.0)
    elif len(winds) == 2:
        doubles = {p.wind.tile, view.prevailing.tile} & winds
        signals.append((0.5 if doubles else 0.4, "two wind pongs shown"))
        for k in rest:
            want(k, 0.75)

    # One suit (and honours), or honours only.
    suits = {m.tile // 9 for m in melds if m.tile < HONOUR_START}
    honours_only = len(melds) >= 3 and not suits
    if (len(melds) >= 2 and len(suits) == 1) or honours_only:
        suit = next(iter(suits)) if suits else None
        chance = (0.0, 0.0, 0.4, 0.65, 0.85)[min(len(melds), 4)]
        if suit is None:
            reason = f"{_count(len(melds))} sets shown, all honours"
        else:
            reason = f"{_count(len(melds))} sets shown, all {_SUIT_WORDS[suit]} (and honours)"
        chance, discards = _discards_read(p, suit, chance)
        signals.append((chance, reason))
        if discards:
            signals.append((0.0, discards))
        for k in range(N_KINDS):
            if k >= HONOUR_START:
                want(k, WANTED_FIT if suit is None else 0.6)
            elif k // 9 == suit:
                want(k, 0.85)
            else:
                fit[k] = min(fit[k], SAFE_FIT)

    big = 1.0
    for chance, _ in signals:
        big *= 1.0 - chance
    big = 1.0 - big

    sets = min(len(melds), 4)
    ready = READY_BY_SETS[sets]
    reasons = [reason for _, reason in signals]
    if sets >= 2:
        reasons.append(f"{_count(sets)} sets shown, {p.concealed_count} tiles concealed")
    declared = [what for seat, what in view.declared if seat == p.seat]
    safe: frozenset[int] = frozenset()
    passed: frozenset[int] = frozenset()
    if declared:
        ready = 1.0
        reasons.append(f"declared {_DECLARED.get(declared[0], declared[0])}")
        if declared[0] in FROZEN:
            safe, passed = _after_declaration(p, view, declared[0])
    elif late > 0:
        ready = 1.0 - (1.0 - ready) * (1.0 - 0.5 * late)
        if late >= 0.5:
            reasons.append(f"late in the wall ({view.wall_live} tiles left)")
    return Threat(
        p.seat,
        round(big, 3),
        round(ready, 3),
        tuple(reasons),
        tuple(round(f, 3) for f in fit),
        declared[0] if declared else "",
        safe,
        passed - safe,
    )


def _after_declaration(p: PlayerView, view: SeatView, what: str) -> tuple[frozenset[int], frozenset[int]]:
    """The kinds a frozen hand (``what``: riichi or the call) surely does not wait on (his own
    discards after the declaring one), and those the others discarded after it (row by row:
    the entries from the declaring discard's place on, the declaring turn's own included for
    the winds after his, which is the order of play until a claim skips a turn)."""
    if what == "riichi":
        at = next((i for i, d in enumerate(p.discards) if d.turned), None)
        if at is None:  # declared before the discard of this turn: nothing thrown since
            return frozenset(), frozenset()
    else:  # the call comes with the first discard
        at = 0
    safe = frozenset(int(d.tile) for d in p.discards[at + 1 :])
    passed: set[int] = set()
    for q in view.seated:
        if q.seat == p.seat:
            continue
        start = at if q.wind > p.wind else at + 1
        passed.update(int(d.tile) for d in q.discards[start:])
    return safe, frozenset(passed)


_SUIT_WORDS: Final = ("characters", "circles", "bamboo")
_COUNTS: Final = ("no", "one", "two", "three", "four")
_DECLARED: Final = {"riichi": "riichi", "call": "the call at the beginning", "fishing": "Fishing"}


def _count(n: int) -> str:
    return _COUNTS[n] if n < len(_COUNTS) else str(n)


def _discards_read(p: PlayerView, suit: int | None, chance: float) -> tuple[float, str]:
    """Strengthen or weaken a one-suit read by ``p``'s discards of suit tiles (at least four):
    mostly of the other suits, he keeps his suit; many of his suit, he may not."""
    suited = [int(d.tile) for d in p.discards if d.tile < HONOUR_START]
    if len(suited) < 4:
        return chance, ""
    other = sum(1 for t in suited if t // 9 != suit) / len(suited)
    if other >= 0.8:
        return chance + (1.0 - chance) * 0.4, "his discards are mostly of other suits"
    if other < 0.5:
        return chance * 0.5, "he discards his own suit too"
    return chance, ""


def _lateness(view: SeatView) -> float:
    """0 early in the hand, rising to 1 as the live wall runs out."""
    start, end = LATE_WALL
    return min(1.0, max(0.0, (start - view.wall_live) / (start - end)))


def threats(view: SeatView) -> tuple[Threat, ...]:
    """What each opponent's display says, in seat order (an empty place left out).

    >>> from dataclasses import replace
    >>> from engine.deal import Deal
    >>> from engine.hand import Meld
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     settings={"bonus_tiles": False})
    >>> view = deal.view(0)
    >>> south = replace(view.players[1], melds=(Meld.parse("[555z]"), Meld.parse("[666z]")),
    ...                 concealed_count=7)
    >>> t = threats(replace(view, players=(view.players[0], south, *view.players[2:])))[0]
    >>> t.seat, t.big, t.reasons[0], [str(k) for k in t.wanted]
    (1, 0.8, 'two dragon pongs shown', ['7z'])

    :raises ValueError: for the public view, which has no seat to defend.
    """
    me = _own(view)
    unseen = _unseen(view)
    late = _lateness(view)
    return tuple(_read(p, view, unseen, late) for p in view.seated if p.seat != me.seat)


# --- Danger and folding ---------------------------------------------------------------------------


def _fit(view: SeatView, tile: int, t: Threat) -> float:
    """How well ``tile`` would serve ``t`` now: his display's fit, none for a tile his frozen
    hand let go, little for one the others threw after his declaration, less for one he threw."""
    if tile in t.safe:
        return 0.0
    fit = t.fit[tile]
    if tile in t.passed:
        fit *= PASSED_FACTOR
    p = next((q for q in view.players if q.seat == t.seat), None)
    if p is not None and any(d.tile == tile for d in p.discards):
        fit *= DISCARDED_FACTOR
    return fit


def _danger(view: SeatView, tile: int, found: Sequence[Threat]) -> float:
    worst = 0.0
    for t in found:
        worst = max(worst, t.ready * (0.25 + 0.75 * t.big) * _fit(view, tile, t))
    return worst


def danger(view: SeatView, tile: int, threats_: Sequence[Threat] | None = None) -> float:
    """How dangerous discarding ``tile`` (a kind 0-33) is, 0 to 1: the worst over the opponents
    of how much each threatens (``ready``, weighed up by ``big``) times how well the tile fits
    his display, a tile he discarded himself counting :data:`DISCARDED_FACTOR` as much.
    ``threats_``: :func:`threats` of this view, when already at hand.

    >>> from engine.deal import Deal
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     settings={"bonus_tiles": False})
    >>> danger(deal.view(0), 8) < 0.05   # 9m: nobody shows anything yet
    True

    :raises ValueError: for the public view, which has no seat to defend.
    """
    _own(view)
    found = threats(view) if threats_ is None else threats_
    return _danger(view, tile, found)


@dataclass(frozen=True, slots=True)
class Risk:
    """What discarding one tile risks: the chance it completes an opponent's hand, and what this
    seat would pay him then."""

    chance: float
    """0 to 1: the chance the tile wins for some opponent now."""
    cost: float
    """Chips this seat would pay the winner, on average over the opponents it could win for."""
    seat: int | None = None
    """The opponent it threatens most (largest chance times payment), None when nobody."""

    @property
    def loss(self) -> float:
        """``chance * cost``: the chips the discard is expected to cost through a deal-in."""
        return self.chance * self.cost


def _wait_chance(view: SeatView, tile: int, t: Threat) -> float:
    """The chance ``tile`` wins for ``t`` when he is waiting: :data:`WAIT_SHARE` at fit 0.5,
    growing with the square of the fit (a tile his display points at is most often the very
    tile he waits on: the third dragon beside two dragon pongs), at most 0.6."""
    return min(0.6, WAIT_SHARE * (_fit(view, tile, t) / 0.5) ** 2)


def payments(
    view: SeatView, threats_: Sequence[Threat], know: Knowledge, *, marginal: bool = False
) -> dict[int, float]:
    """What this seat would pay each opponent of ``threats_`` for a win on its discard, in chips:
    his likely hand (a typical winning hand of the table, :data:`TYPICAL_SHARE`, grown toward
    the limit by his ``big``) paid as the ruleset pays a
    discard win (the discarder alone 4 times, 6 to East, where ``discarder_pays_all``).

    ``marginal``: only what the deal-in costs beyond what this seat pays when he wins anyway,
    later and with the same hand, without its discard: self-drawn or on another's discard,
    each of those ways equally likely, each paid as the ruleset's own ``pays`` settles it
    (never below 0). Where every loser pays the same however he wins (dmjl, huabao) that is
    nothing; where the discarder pays alone (wikibooks' ``discarder_pays_all``, jiangxi) most
    of it.

    :raises ValueError: for the public view, which has no seat to defend.
    """
    me = _own(view)
    yard = _yardstick(view, know)
    typical = TYPICAL_SHARE.get(know.rules.name, DEFAULT_SHARE) * yard
    seats = tuple(p.seat for p in view.seated)
    east = next((p.seat for p in view.seated if p.wind == 0), seats[0])
    out: dict[int, float] = {}
    for t in threats_:
        value = max(1, round(min(yard, typical + t.big * max(0.0, yard - typical))))

        def share(discarder: int | None, winner: int = t.seat, value: int = value) -> float:
            paid = know.rules.pays(
                value, winner=winner, seats=seats, east=east, discarder=discarder, settings=know.settings
            )
            return float(paid.get(me.seat, 0))

        cost = share(me.seat)
        if marginal:
            anyway = [share(None)] + [share(s) for s in seats if s not in (me.seat, t.seat)]
            cost = max(0.0, cost - sum(anyway) / len(anyway))
        out[t.seat] = cost
    return out


def risk(
    view: SeatView,
    tile: int,
    threats_: Sequence[Threat] | None = None,
    *,
    know: Knowledge | None = None,
    paid: dict[int, float] | None = None,
) -> Risk:
    """What discarding ``tile`` (a kind 0-33) risks: the chance it completes an opponent's hand
    (his ``ready`` times the chance it is one of his winning tiles, from his display, his
    declaration's safe tiles and his discards) and what paying him then costs this seat beyond
    his winning anyway (:func:`payments` ``marginal``, or ``paid`` when already at hand).
    ``know``: the rules as the player knows them (else the ruleset the view names).

    >>> from engine.deal import Deal
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     settings={"bonus_tiles": False})
    >>> r = risk(deal.view(0), 8)   # 9m: nobody shows or declared anything yet
    >>> r.chance < 0.02 and r.cost == 0   # dmjl: every loser pays the same however he wins
    True
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     ruleset="wikibooks", settings={"bonus_tiles": False})
    >>> risk(deal.view(0), 8).cost > 0   # wikibooks: the discarder pays alone
    True

    :raises ValueError: for the public view, which has no seat to defend.
    """
    _own(view)
    found = threats(view) if threats_ is None else threats_
    if paid is None:
        paid = payments(view, found, know or knowledge(view.ruleset, view.settings), marginal=True)
    clear = 1.0
    weighed = 0.0
    worst, seat = 0.0, None
    for t in found:
        c = t.ready * _wait_chance(view, tile, t)
        pay = paid.get(t.seat, 0.0)
        clear *= 1.0 - c
        weighed += c * pay
        if c * pay > worst:
            worst, seat = c * pay, t.seat
    total = sum(t.ready * _wait_chance(view, tile, t) for t in found)
    return Risk(1.0 - clear, weighed / total if total else 0.0, seat)


def should_fold(
    view: SeatView,
    own_shanten: int,
    own_value: float,
    threats_: Sequence[Threat] | None = None,
    *,
    know: Knowledge | None = None,
) -> bool:
    """Whether to give up on the own hand and discard the safest tile: when the worst opponent's
    ``big * ready`` reaches :data:`FOLD_PRESSURE` for the own hand's distance (``own_shanten``: 0
    waiting, 1 one tile from waiting, more), unless the own hand is valuable (``own_value``, what
    it would score, at least :data:`VALUABLE` of the limit) and waiting or one away; a waiting
    hand folds only when cheap (less than :data:`CHEAP` of the limit). ``know``: the player's
    knowledge of the rules (else that of the ruleset the view names, from the registry).

    >>> from engine.deal import Deal
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     settings={"bonus_tiles": False})
    >>> should_fold(deal.view(0), own_shanten=0, own_value=500, threats_=[Threat(1, 1.0, 1.0)])
    False
    >>> should_fold(deal.view(0), own_shanten=2, own_value=500, threats_=[Threat(1, 1.0, 1.0)])
    True

    :raises ValueError: for the public view, which has no seat to defend.
    """
    _own(view)
    found = threats(view) if threats_ is None else threats_
    pressure = max((t.pressure for t in found), default=0.0)
    share = own_value / _yardstick(view, know)
    if own_shanten <= 0:
        return pressure >= FOLD_PRESSURE[0] and share < CHEAP
    if own_shanten == 1:
        return pressure >= FOLD_PRESSURE[1] and share < VALUABLE
    return pressure >= FOLD_PRESSURE[2]


def _yardstick(view: SeatView, know: Knowledge | None = None) -> float:
    """The value of a limit hand at this table (:data:`UNLIMITED` where there is no limit)."""
    limit = (know or knowledge(view.ruleset, view.settings)).table.limit
    return float(limit) if limit else float(UNLIMITED)


def safest(view: SeatView, candidates: Iterable[int], threats_: Sequence[Threat] | None = None) -> Tile:
    """The least dangerous of ``candidates`` (tile kinds 0-33 the seat holds); among equals the
    kind with the fewest copies unseen, then the lowest kind.

    >>> from engine.deal import Deal
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     settings={"bonus_tiles": False})
    >>> str(safest(deal.view(0), [8, 27, 31]))   # 9m, East, White: all alike; 1z and 5z are pairs, 2 unseen
    '1z'

    :raises ValueError: for no candidates, or the public view.
    """
    _own(view)
    kinds = sorted({int(k) for k in candidates})
    if not kinds:
        raise ValueError("safest needs at least one candidate tile")
    found = threats(view) if threats_ is None else threats_
    unseen = _unseen(view)
    return TILES[min(kinds, key=lambda k: (round(_danger(view, k, found), 6), unseen[k], k))]


def describe(threat: Threat) -> str:
    """One line for people: the seat, the chances and the reasons.

    >>> describe(Threat(2, 0.8, 0.35, ("two dragon pongs shown",), (0.5,) * 33 + (1.0,)))
    'seat 2: big hand 80%, ready 35% (two dragon pongs shown); wants 7z'
    """
    wants = tiles_str(threat.wanted)
    why = f" ({'; '.join(threat.reasons)})" if threat.reasons else ""
    return f"seat {threat.seat}: big hand {threat.big:.0%}, ready {threat.ready:.0%}{why}" + (
        f"; wants {wants}" if wants else ""
    )
