"""What a deal's tiles allow: could a seat with perfect knowledge of the wall complete a hand
the table lets win by pongs or by seven pairs?

A measure of how hard a ruleset's conditions are, beside the draw rate the players reach
(``mahjong study``). The model, for one deal (``Deal(ruleset, settings, seed)``):

* **The stream.** The deal is played with nobody claiming or declaring and every player
  discarding the tile it has just drawn (East first discards one dealt tile): the turn order
  never changes, so the tiles come exactly as the wall holds them, bonus tiles replaced as the
  engine replaces them. A seat's *own tiles* are those dealt to it and those it draws; the
  others' discards are the tiles they draw, in the order they draw them.
* **Seven pairs from its own tiles** (where seven pairs win): the seat completes at its own
  draw once its own tiles hold seven different pairs (a flush of them where the table wants a
  flush and seven pairs are no limit hand). A player who knows the wall keeps just those tiles,
  so this is exactly when seven pairs can be had without a claim.
* **Pongs from any discard**: four pongs and a pair of kinds the table allows together (one
  suit and honours where a flush is required; the suit pongs the table asks for). A pong is
  complete at the seat's third own copy, or at the first discard of the kind after its second
  own copy (claimed: other seats wanting the same discard are ignored, and so is the turn
  order a claim would change). The pair is complete at the second own copy, or as the winning
  tile at a discard after the first own copy, once the four pongs are complete.
* Every seat is judged alone; a deal *allows* a win if some seat can complete before the
  wall is exhausted. Without the discards (own tiles only) the same rules say what the deal
  allows without any claim.

>>> r = reach("wikibooks", {"western": "true"}, "doc:0")
>>> r.seed, len(r.seats), r.allows("any", 0.0), r.allows("any")
('doc:0', 4, False, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.actions import Action, ActionKind
from engine.deal import Deal
from engine.events import Event, EventKind
from engine.rulesets import Ruleset
from engine.scoring import patterns as p
from engine.seats import WINDS
from engine.settings import Settings
from engine.tiles import HONOUR_START, N_KINDS
from engine.wall import KIND

__all__ = ["DealReach", "SeatReach", "reach"]

_NEVER: Final = math.inf


@dataclass(frozen=True, slots=True)
class SeatReach:
    """What one seat's tiles allow in one deal: for each way, when it can first be complete, as
    the share of the deal's draws made by then (0: at the deal), or None if never."""

    seat: int
    seven_pairs: float | None
    """Seven pairs from its own tiles."""
    pongs: float | None
    """Four pongs and a pair, pongs claimed from any discard."""
    pongs_own: float | None
    """Four pongs and a pair from its own tiles alone."""

    def by(self, what: str, share: float = 1.0) -> bool:
        """Whether ``what`` (``seven_pairs``, ``pongs``, ``pongs_own``, ``any``: pongs or seven
        pairs, ``without_claims``: seven pairs or pongs from its own tiles) can be complete once
        ``share`` of the draws are made."""
        ways = {"any": ("pongs", "seven_pairs"), "without_claims": ("pongs_own", "seven_pairs")}
        times: list[float | None] = [getattr(self, w) for w in ways.get(what, (what,))]
        return any(t is not None and t <= share for t in times)


@dataclass(frozen=True, slots=True)
class DealReach:
    """What one deal's tiles allow, seat by seat."""

    seed: str
    seats: tuple[SeatReach, ...]

    def allows(self, what: str, share: float = 1.0) -> bool:
        """Whether some seat can complete by ``what`` once ``share`` of the draws are made
        (:meth:`SeatReach.by`)."""
        return any(s.by(what, share) for s in self.seats)


def _stream(deal: Deal) -> tuple[dict[int, list[tuple[float, int]]], list[tuple[float, int, int]]]:
    """Each seat's own tiles (time, kind) and every discard (time, seat, kind), from the deal
    played with every drawn tile thrown away at once. Time counts the draws (the dealt tiles
    come at −1, a discard half a draw after the draw before it)."""
    own: dict[int, list[tuple[float, int]]] = {
        w: [(-1.0, int(KIND[t])) for t in deal.seats[w].concealed] for w in deal.in_play
    }
    discards: list[tuple[float, int, int]] = []
    draws = 0

    def record(events: Sequence[Event]) -> None:
        nonlocal draws
        for e in events:
            if e.seat is None or e.tile is None:
                continue
            if e.kind is EventKind.DRAW:
                draws += 1
                own[int(e.seat)].append((float(draws), int(e.tile)))
            elif e.kind is EventKind.DISCARD:
                discards.append((draws + 0.5, int(e.seat), int(e.tile)))

    while not deal.over:
        for idle in deal.idle_passes():
            record(deal.apply(idle))
        if deal.over:
            break
        wind = deal.to_act()[0]
        view = deal.view(wind)
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in view.legal:
            by_kind.setdefault(a.kind, []).append(a)
        choice = next((a for a in by_kind.get(ActionKind.DISCARD, []) if a.tile == view.drawn), None)
        if choice is None:
            choice = (by_kind.get(ActionKind.PASS) or by_kind.get(ActionKind.DISCARD) or [view.legal[-1]])[0]
        record(deal.apply(choice.by(WINDS[wind])))
    return own, discards


def _seven_pairs(own: Sequence[tuple[float, int]], kinds: frozenset[int], quads: bool) -> float:
    """When the seat's own tiles, in the order they come, first hold seven pairs of ``kinds``
    (with ``quads`` four alike are two pairs), or infinity."""
    counts = [0] * N_KINDS
    pairs = 0
    for t, k in own:
        if k not in kinds:
            continue
        counts[k] += 1
        if counts[k] == 2 or (quads and counts[k] == 4):
            pairs += 1
            if pairs >= 7:
                return t
    return _NEVER


def _first_after(times: Sequence[float], after: float) -> float:
    return next((t for t in times if t > after), _NEVER)


def _pongs(
    own: Sequence[tuple[float, int]],
    kinds: Sequence[int],
    min_suit_pungs: int,
    by_kind_discards: Mapping[int, Sequence[float]] | None,
) -> float:
    """The earliest time four pongs of ``kinds`` and a pair of another can be complete, claims
    made from ``by_kind_discards`` (each kind's discard times; None: no claims), or infinity."""
    arrivals: dict[int, list[float]] = {k: [] for k in kinds}
    for t, k in own:
        if k in arrivals:
            arrivals[k].append(t)
    discards: Mapping[int, Sequence[float]] = by_kind_discards or {}

    def pong_time(k: int) -> float:
        a = arrivals[k]
        third = a[2] if len(a) >= 3 else _NEVER
        if len(a) >= 2:
            third = min(third, _first_after(discards.get(k, ()), a[1]))
        return third

    times = {k: pong_time(k) for k in kinds}
    best = _NEVER
    for pair in kinds:
        a = arrivals[pair]
        if not a:
            continue
        suit = sorted(times[k] for k in kinds if k != pair and k < HONOUR_START)
        honour = sorted(times[k] for k in kinds if k != pair and k >= HONOUR_START)
        sets = _NEVER
        for j in range(min_suit_pungs, 5):
            if j <= len(suit) and 4 - j <= len(honour):
                chosen = suit[:j] + honour[: 4 - j]
                sets = min(sets, max(chosen) if chosen else -1.0)
        if sets == _NEVER:
            continue
        pair_time = a[1] if len(a) >= 2 else _NEVER
        pair_time = min(pair_time, _first_after(discards.get(pair, ()), max(a[0], sets)))
        best = min(best, max(sets, pair_time))
    return best


def _limit_seven_pairs(ruleset: Ruleset, settings: Settings) -> bool:
    """Any seven pairs is a limit hand at this table (exempt from the flush)."""
    table = ruleset.table_for(settings)
    return any(isinstance(i.pattern, p.EarthlyTwins) and i.limit >= 1.0 for i in table.items)


def reach(ruleset: str | Ruleset, settings: Settings | Mapping[str, object] | None, seed: str) -> DealReach:
    """What the deal seeded ``seed`` allows each seat (see the module's model).

    :raises SettingError: for an unknown ruleset or setting.
    """
    deal = Deal(ruleset, settings, seed)
    rs, st = deal.ruleset, deal.settings
    table = rs.table_for(st)
    own, discards = _stream(deal)
    honours = list(range(HONOUR_START, N_KINDS))
    if table.require_flush:
        groups = [[*range(9 * s, 9 * s + 9), *honours] for s in range(3)]
    else:
        groups = [list(range(N_KINDS))]
    pairs_free = table.seven_pairs and (not table.require_flush or _limit_seven_pairs(rs, st))
    total = max(1, sum(1 for w in deal.in_play for t, _ in own[w] if t >= 0))

    def share(time: float) -> float | None:
        return None if time == _NEVER else max(0.0, time) / total

    seats = []
    for w in deal.in_play:
        others: dict[int, list[float]] = {}
        for t, seat, k in discards:
            if seat != w:
                others.setdefault(k, []).append(t)
        mine = own[w]
        seven = _NEVER
        if table.seven_pairs:
            kind_sets = [frozenset(range(N_KINDS))] if pairs_free else [frozenset(g) for g in groups]
            seven = min(_seven_pairs(mine, ks, st.seven_pairs_quad_as_two_pairs) for ks in kind_sets)
        with_claims = min(_pongs(mine, g, table.min_suit_pungs, others) for g in groups)
        own_only = min(_pongs(mine, g, table.min_suit_pungs, None) for g in groups)
        seats.append(SeatReach(w, share(seven), share(with_claims), share(own_only)))
    return DealReach(seed, tuple(seats))
