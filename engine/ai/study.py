"""A study of how four computer players play a ruleset: what they claim, what they pass, how
hands end.

Each hand is one deal, seeded ``f"{seed}:{n}"`` for hand ``n`` (as a duel's walls are), played
to its end by four players of one level (``strong`` by default, with defence on, each seeded
``f"{deal seed}:{wind}"``, the way the bot seats computers at a table with people). What is
recorded per hand (:class:`HandRecord`):

* every claim a player makes (chow, pong or kong; granted or not), and whether it goes into a
  hand the rules can no longer let win (:func:`engine.ai.conditions.dead` after the claim, or
  already before it), and whether it leaves no *counted* hand (only a special hand exempt from
  the conditions: four kongs, honours only ...);
* every pong of the seat's own wind or of a dragon it lets go while holding a pair of it;
* how the hand ended (drawn, won self-drawn, won on a discard) and each winning hand's shape
  (seven pairs, all pongs, a flush, a limit or fixed-value hand; ``other`` when none of these);
* deal-ins to a declarer: a hand won on a discard (or by robbing a kong) by a player who had
  declared riichi, Fishing or the call at the beginning earlier in the hand, counted per kind;
* every declaration, with how many of its winning tiles the declarer could not see then;
* what the deal's tiles would allow a player who knows the wall: pongs from any discard, seven
  pairs from its own tiles (:mod:`engine.ai.reach`), beside what the players made of it.

:func:`summarize` turns records into figures: means per hand with standard errors over hands
(:func:`engine.ai.duel.mean_and_se`).

>>> record = play_hand("dmjl", None, "doc", 0, "simple")
>>> record.seed, record.end in ("drawn", "self_drawn", "discard")
('doc:0', True)
>>> play_hand("dmjl", None, "doc", 0, "simple") == record
True

Pure: no clock, no processes (``mahjong study``, ``cli/study_cmd.py``, runs it). It reads only
the engine, :class:`~engine.ai.player.AIPlayer` and :mod:`engine.ai.conditions`, so the same
study runs against older players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.actions import Action, ActionKind
from engine.ai.conditions import Conditions, conditions, dead, outlook
from engine.ai.duel import PLAYERS, mean_and_se, movers, player_level, wall_seed
from engine.ai.player import AIPlayer
from engine.ai.reach import DealReach, reach
from engine.deal import Deal
from engine.events import Event, EventKind
from engine.hand import Meld, MeldKind
from engine.players import SimplePlayer
from engine.rulesets import Ruleset, resolve
from engine.scoring import WinContext, score
from engine.scoring.facts import GroupKind
from engine.seats import WINDS
from engine.settings import Settings
from engine.tiles import HONOUR_START, N_KINDS, TILES, Wind
from engine.views import SeatView

__all__ = [
    "PLAYERS",
    "REACH",
    "SHAPES",
    "ClaimRecord",
    "Declaration",
    "HandRecord",
    "play_hand",
    "study",
    "summarize",
]

SHAPES: Final = ("seven_pairs", "all_pongs", "flush", "limit", "other")
"""The winning shapes recorded (a hand may be several: an all-pongs flush is both)."""

_CLAIM_KINDS: Final = {
    ActionKind.CHOW: MeldKind.CHOW,
    ActionKind.PONG: MeldKind.PONG,
    ActionKind.KONG: MeldKind.KONG,
}
_DRAGONS: Final = range(HONOUR_START + 4, HONOUR_START + 7)

REACH: Final = ("pongs", "seven_pairs", "any", "without_claims")
"""What the deals allow, in the figures: some seat can complete by pongs claimed from any discard,
by seven pairs from its own tiles, by either, or by either without a claim."""

Chooser = Callable[[SeatView], Action]


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """One claim a player made (the engine may have given the discard to another)."""

    seat: int
    kind: str
    """``chow``, ``pong`` or ``kong``."""
    dead_before: bool
    """The hand could no longer win before the claim."""
    dead_after: bool
    """The hand can no longer win after the claim."""
    counted_after: bool
    """A counted hand (not only an exempt special hand) can still win after the claim."""

    @property
    def into_dead(self) -> bool:
        """The claim went into a dead hand: dead after it, or already dead."""
        return self.dead_before or self.dead_after


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration (riichi, Fishing, the call at the beginning) and the hand's chances then."""

    seat: int
    kind: str
    winning_kinds: int
    """Tile kinds that would complete the hand into one that wins."""
    unseen: int
    """Copies of those kinds the declarer could not see when declaring."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What happened in one hand of a study."""

    seed: str
    claims: tuple[ClaimRecord, ...]
    passed_honour_pongs: int
    """Pongs of the seat's own wind or a dragon let go while holding a pair of it."""
    end: str
    """``drawn``, ``self_drawn`` or ``discard`` (a discard or a robbed kong)."""
    shapes: tuple[tuple[str, ...], ...]
    """Each winning hand's shapes (:data:`SHAPES`)."""
    deal_ins: tuple[str, ...]
    """For a hand won on a discard: the declarations the winner had made (one entry each)."""
    declarations: tuple[Declaration, ...]
    allowed: DealReach
    """What the deal's tiles allow a player who knows the wall (:mod:`engine.ai.reach`)."""


def _chooser(level: str, seed: str, deal: Deal, defence: bool) -> Chooser:
    if level == "simple":
        return SimplePlayer().choose
    return AIPlayer(level, seed=seed, settings=deal.settings, defence=defence, ruleset=deal.ruleset).choose


def _melds(deal: Deal, wind: int) -> tuple[Meld, ...]:
    return tuple(m.meld for m in deal.seats[wind].melds)


def _claim(deal: Deal, cond: Conditions, view: SeatView, action: Action, wind: int) -> ClaimRecord:
    kind = _CLAIM_KINDS[action.kind]
    if kind == MeldKind.CHOW:
        assert action.tile is not None
        tile = action.tile
    else:
        assert view.last_discard is not None
        tile = view.last_discard[1]
    before = _melds(deal, wind)
    after = (*before, Meld(kind, TILES[tile]))
    return ClaimRecord(
        seat=wind,
        kind=action.kind.value,
        dead_before=dead(cond, before),
        dead_after=dead(cond, after),
        counted_after=not cond.restricts_melds or outlook(cond, after).counted_possible,
    )


def _passes_honour_pong(view: SeatView, action: Action, wind: int) -> bool:
    """The seat lets go a pong of its own wind or of a dragon (it may pong: it holds a pair)."""
    if view.last_discard is None or action.kind in (ActionKind.PONG, ActionKind.KONG, ActionKind.MAHJONG):
        return False
    if not any(a.kind is ActionKind.PONG for a in view.legal):
        return False
    tile = int(view.last_discard[1])
    return tile == HONOUR_START + wind or tile in _DRAGONS


def _unseen(view: SeatView) -> list[int]:
    """Copies of each kind the seat cannot see: not in its hand, in no discard row (a claimed
    discard is in a meld), in no meld, not the dora indicator."""
    seen = [0] * N_KINDS
    for t in view.concealed:
        seen[t] += 1
    if view.drawn is not None:
        seen[view.drawn] += 1
    for p in view.players:
        for m in p.melds:
            for t in m.tiles:
                seen[t] += 1
        for d in p.discards:
            if d.claimed_by is None:
                seen[d.tile] += 1
    if view.dora_indicator is not None:
        seen[view.dora_indicator] += 1
    return [max(0, 4 - n) for n in seen]


def _declaration(deal: Deal, wind: int, kind: str) -> Declaration:
    """``wind``'s declaration ``kind`` with its winning tiles: the kinds that complete its hand
    (one tile short) into a hand the table lets win, on a discard or self-drawn."""
    hand = deal.hand_of(wind)
    if hand.tile_count != 13:  # not one tile short: nothing to count
        return Declaration(wind, kind, 0, 0)
    view = deal.view(wind)
    unseen = _unseen(view)
    winning = 0
    seen_left = 0
    for tile, done in hand.completions():
        wins = any(
            score(
                done,
                WinContext(seat=Wind(wind), prevailing=deal.prevailing, win_tile=tile, self_drawn=drawn),
                deal.ruleset,
                deal.settings,
            ).won
            for drawn in (False, True)
        )
        if wins:
            winning += 1
            seen_left += unseen[int(tile)]
    return Declaration(wind, kind, winning, seen_left)


def _shapes(deal: Deal, winner: int) -> tuple[str, ...]:
    result = deal.result
    assert result is not None
    sc = result.scores[winner]
    if sc is None:
        return ("other",)
    groups = [g for g in sc.groups if g.kind not in (GroupKind.BONUS,)]
    shapes = []
    kinds = Counter(g.kind for g in groups)
    if kinds[GroupKind.PAIR] == 7:
        shapes.append("seven_pairs")
    elif kinds[GroupKind.PAIR] == 1 and not kinds[GroupKind.CHOW] and not kinds[GroupKind.SINGLE]:
        shapes.append("all_pongs")
    suits = {int(t) // 9 for g in groups for t in g.tiles if int(t) < HONOUR_START}
    if len(suits) <= 1:
        shapes.append("flush")
    if sc.limit or sc.fixed:
        shapes.append("limit")
    return tuple(shapes) or ("other",)


def play_hand(
    ruleset: str | Ruleset,
    settings: Settings | Mapping[str, object] | None,
    seed: str,
    number: int,
    level: str = "strong",
    *,
    defence: bool = True,
) -> HandRecord:
    """Play hand ``number`` of a study seeded ``seed`` with four players of ``level`` and record it.

    :raises SettingError: for an unknown ruleset, setting or level.
    :raises IllegalActionError: if a deal stops with nobody to move (an engine fault).
    """
    level = player_level(level)
    deal_seed = wall_seed(seed, number)
    deal = Deal(ruleset, settings, deal_seed)
    cond = conditions(deal.ruleset, deal.settings)
    players = {w: _chooser(level, f"{deal_seed}:{w}", deal, defence) for w in deal.in_play}
    claims: list[ClaimRecord] = []
    declared: dict[int, list[str]] = {w: [] for w in deal.in_play}
    declarations: list[Declaration] = []
    passed = 0
    for wind in movers(deal, deal_seed):
        view = deal.view(wind)
        action = players[wind](view)
        if action.kind in _CLAIM_KINDS:
            claims.append(_claim(deal, cond, view, action, wind))
        elif deal.phase == "claims" and _passes_honour_pong(view, action, wind):
            passed += 1
        # riichi is declared before the draw that follows it at once: read the hand before
        before = _declaration(deal, wind, "riichi") if action.kind is ActionKind.RIICHI else None
        events: list[Event] = deal.apply(action.by(WINDS[wind]))
        for e in events:
            what = "call" if e.kind is EventKind.CALL else e.what if e.kind is EventKind.DECLARE else ""
            if what and e.seat is not None:
                declared[int(e.seat)].append(what)
                ready = before if before is not None and what == "riichi" else None
                declarations.append(ready or _declaration(deal, int(e.seat), what))
    result = deal.result
    assert result is not None
    end = "drawn" if not result.winners else "self_drawn" if result.self_drawn else "discard"
    shapes = tuple(_shapes(deal, w) for w in result.winners)
    deal_ins = tuple(kind for w in result.winners for kind in declared[w]) if end == "discard" else ()
    allowed = reach(deal.ruleset, deal.settings, deal_seed)
    return HandRecord(deal_seed, tuple(claims), passed, end, shapes, deal_ins, tuple(declarations), allowed)


def study(
    ruleset: str | Ruleset,
    settings: Settings | Mapping[str, object] | None,
    seed: str,
    hands: int,
    level: str = "strong",
    *,
    defence: bool = True,
) -> list[HandRecord]:
    """Hands ``0 .. hands-1`` of a study seeded ``seed`` (:func:`play_hand` each).

    :raises SettingError: for an unknown ruleset, setting or level.
    """
    rs, st = resolve(ruleset, settings)
    return [play_hand(rs, st, seed, n, level, defence=defence) for n in range(hands)]


def _figure(values: Sequence[float]) -> dict[str, float | None]:
    mean, se = mean_and_se(values) if values else (0.0, None)
    return {"mean": round(mean, 4), "se": None if se is None else round(se, 4)}


def summarize(records: Sequence[HandRecord]) -> dict[str, Any]:
    """The figures of a study as a JSON-ready dictionary: per hand means with standard errors
    over hands; shapes as shares of the winning hands; declarations with the mean of their
    unseen winning tiles.

    >>> figures = summarize([play_hand("dmjl", None, "doc", n, "simple") for n in range(2)])
    >>> figures["hands"], sorted(figures["per_hand"])[:3]
    (2, ['claims', 'claims_chow', 'claims_kong'])
    """
    n = len(records)
    per_hand: dict[str, list[float]] = {
        "claims": [len(r.claims) for r in records],
        "dead_claims": [sum(c.into_dead for c in r.claims) for r in records],
        "uncounted_claims": [sum(not c.counted_after for c in r.claims) for r in records],
        "passed_honour_pongs": [r.passed_honour_pongs for r in records],
        "drawn": [r.end == "drawn" for r in records],
        "self_drawn": [r.end == "self_drawn" for r in records],
        "discard_win": [r.end == "discard" for r in records],
        "deal_ins_to_declarer": [len(r.deal_ins) > 0 for r in records],
    }
    for kind in ("chow", "pong", "kong"):
        per_hand[f"claims_{kind}"] = [sum(c.kind == kind for c in r.claims) for r in records]
        per_hand[f"dead_claims_{kind}"] = [
            sum(c.kind == kind and c.into_dead for c in r.claims) for r in records
        ]
    kinds = sorted(
        {d.kind for r in records for d in r.declarations} | {k for r in records for k in r.deal_ins}
    )
    for kind in kinds:
        per_hand[f"declarations_{kind}"] = [sum(d.kind == kind for d in r.declarations) for r in records]
        per_hand[f"deal_ins_{kind}"] = [r.deal_ins.count(kind) for r in records]
    wins = [s for r in records for s in r.shapes]
    shapes = {shape: _figure([shape in s for s in wins]) for shape in SHAPES}
    declarations = [d for r in records for d in r.declarations]
    allowed = {
        what: {
            "half_wall": _figure([r.allowed.allows(what, 0.5) for r in records]),
            "whole_wall": _figure([r.allowed.allows(what) for r in records]),
        }
        for what in REACH
    }
    return {
        "hands": n,
        "winning_hands": len(wins),
        "totals": {
            "claims": sum(len(r.claims) for r in records),
            "dead_claims": sum(c.into_dead for r in records for c in r.claims),
            "drawn": sum(r.end == "drawn" for r in records),
            "deal_ins_to_declarer": sum(len(r.deal_ins) for r in records),
            "passed_honour_pongs": sum(r.passed_honour_pongs for r in records),
            "declarations": len(declarations),
        },
        "per_hand": {name: _figure(values) for name, values in sorted(per_hand.items())},
        "shapes": shapes,
        "declaration_unseen_winning_tiles": {
            kind: _figure([d.unseen for d in declarations if d.kind == kind]) for kind in kinds
        },
        "deals_allow": allowed,
    }
