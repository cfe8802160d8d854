"""Whether a hand wins, and how a deal ends: every hand scored in its circumstances, the
payments of a win (with what the deal's rules add or replace: the Pot, Fishing) or of a drawn
hand, the stakes in the centre.
:class:`engine.deal.Deal` calls these at its end; they are the common game's, no ruleset's."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.events import Event, EventKind
from engine.hand import Hand, Meld
from engine.scoring import Score, WinContext, score
from engine.seats import WINDS
from engine.settlement import Settlement, Stake, take_centre, totalled
from engine.shapes import ONE_OF_RANK, complete_from_keys, is_thirteen_orphans, seven_pairs, waits
from engine.tiles import HONOUR_START, N_KINDS, TILES, Tile, Wind
from engine.views import EndReason
from engine.wall import KIND

if TYPE_CHECKING:
    from engine.deal import Deal


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended: the winner (or None for a drawn deal), every hand's score, the payments
    (those made during play, as a bouquet, included)."""

    winner: int | None
    """The winner, the first in turn order after the discarder when several won on one discard."""
    reason: EndReason
    scores: tuple[Score | None, ...]
    values: tuple[int, ...]
    settlement: Settlement
    win_tile: Tile | None = None
    self_drawn: bool = False
    discarder: int | None = None
    winners: tuple[int, ...] = ()
    """Every winner (jiangxi: several may win on one discard, A-JX-07)."""
    centre: tuple[Stake, ...] = ()
    """The stakes left in the centre for the next winner (riichi sticks of a drawn hand)."""


def context(
    deal: Deal,
    seat: int,
    *,
    win_tile: Tile | None,
    self_drawn: bool,
    discarder: int | None,
    robbing: bool = False,
    restricted: bool = False,
) -> WinContext:
    """How ``seat`` would win now: the winds, the winning tile and every special circumstance."""
    flags: list[str] = []
    if self_drawn:
        if deal.first_turn and seat == 0:
            flags.append("first-turn")
        if deal.replacement and win_tile is not None:
            flags.append("replacement")
            if deal.kongs_this_turn:
                flags.append("kong-replacement")
            if deal.kongs_this_turn >= 2:
                flags.append("kong-on-kong")
        if seat != 0 and not deal.seats[seat].discarded and not deal.claims_made:
            flags.append("first-draw")
        if deal.last_live:
            flags.append("last-tile")
    else:
        if deal.final_discard and not robbing:
            flags.append("last-tile")
        if robbing:
            flags.append("robbing-kong")
        elif deal.kong_discard:
            flags.append("kong-discard")
        if deal.earthly and discarder == 0 and seat != 0:
            flags.append("first-turn")
    if restricted:
        flags.append("restricted-rob")
    if deal.seats[seat].called and deal.settings.original_call:
        flags.append("original-call")
    for f in deal._hook["flags"]:
        f.flags(seat, flags)
    if seat == 0 and deal.east_streak >= 8 and deal.settings.nine_times_rule:
        flags.append("nine-times")
    if self_drawn and "first-turn" in flags:
        win_tile = None  # Heaven's blessing: the hand was complete as dealt
    return WinContext.make(
        seat=Wind(seat),
        prevailing=deal.prevailing,
        win=win_tile,
        self_drawn=self_drawn,
        flags=flags,
        dora=deal.dora,
    )


def losing_context(deal: Deal, seat: int) -> WinContext:
    """The context a losing hand is scored in."""
    return WinContext(seat=Wind(seat), prevailing=deal.prevailing, dora=deal.dora)


def win(
    deal: Deal,
    winners: Sequence[int],
    *,
    win_tile: Tile | None,
    self_drawn: bool,
    discarder: int | None,
    events: list[Event],
    robbing: bool = False,
    restricted: Collection[int] = (),
) -> None:
    """End the hand with ``winners`` (several only on one discard, jiangxi): score every
    hand, settle, and add what was paid during play and what the winner takes from the
    centre, what Fishing players receive, or the Pot instead of the usual payments."""
    scores: list[Score | None] = [None] * 4
    for s in deal.in_play:
        if s in winners:
            ctx = context(
                deal,
                s,
                win_tile=win_tile,
                self_drawn=self_drawn,
                discarder=discarder,
                robbing=robbing,
                restricted=s in restricted,
            )
            if s == winners[0]:
                win_tile = ctx.win_tile
            scores[s] = score(
                deal.hand_of(s, deal.shared.get(s)), ctx, ruleset=deal.ruleset, settings=deal.settings
            )
        else:
            scores[s] = score(
                deal.hand_of(s), losing_context(deal, s), ruleset=deal.ruleset, settings=deal.settings
            )
    values = tuple(sc.total if sc else 0 for sc in scores)
    winner = winners[0]
    settlement = deal.ruleset.settle(
        values,
        winners=winners,
        discarder=discarder,
        ruleset=deal.ruleset,
        settings=deal.settings,
        seats=deal.in_play,
        declarers=declarers(deal),
        fixed=[w for w in winners if (sc := scores[w]) is not None and sc.fixed],
    )
    transfers = list(settlement.transfers)
    for f in deal._hook["settle_win"]:  # the Pot instead, Fishing besides (rumisberg)
        transfers = f.settle_win(winners, scores, values, transfers)
    transfers = deal.paid + transfers + take_centre(deal.centre, winner)
    deal.centre = []
    deal.result = DealResult(
        winner,
        EndReason.MAHJONG,
        tuple(scores),
        values,
        totalled(transfers, 4),
        win_tile,
        self_drawn,
        discarder,
        winners=tuple(winners),
    )
    deal._close()
    for w in winners:
        events.append(Event(EventKind.MAHJONG, WINDS[w], win_tile))
    events.append(Event(EventKind.HAND_ENDED))


def end_drawn(deal: Deal, events: list[Event], reason: EndReason = EndReason.WALL_EXHAUSTED) -> None:
    """End the hand drawn: settle as the settings say (nothing, or mutual), keep or return the
    stakes in the centre."""
    scores: list[Score | None] = [None] * 4
    values: tuple[int, ...] = (0,) * 4
    if deal.settings.draw_settlement == "mutual":
        # The seats settle their unfinished hands pairwise (RULES.md §1.10, wikibooks option).
        for s in deal.in_play:
            scores[s] = score(
                deal.hand_of(s), losing_context(deal, s), ruleset=deal.ruleset, settings=deal.settings
            )
        values = tuple(sc.total if sc else 0 for sc in scores)
    settlement = deal.ruleset.settle(
        values,
        winners=(),
        discarder=None,
        ruleset=deal.ruleset,
        settings=deal.settings,
        seats=deal.in_play,
        declarers=declarers(deal),
    )
    # Riichi sticks and a Gulasch pot stay in the centre for the next winner, or go back.
    left = [stake for stake in deal.centre if keeps(deal, stake)]
    deal.result = DealResult(
        None,
        reason,
        tuple(scores),
        values,
        totalled(deal.paid + list(settlement.transfers), 4),
        centre=tuple(left),
    )
    deal._close()
    events.append(Event(EventKind.HAND_ENDED))


def declarers(deal: Deal) -> list[int]:
    """The declarers the settlement knows (western play: riichi, A-WB-14), in turn order."""
    return [s for f in deal._hook["declarers"] for s in f.declarers()]


def keeps(deal: Deal, stake: Stake) -> bool:
    """Whether ``stake`` stays in the centre after a drawn hand (by the rule that put it there)."""
    for f in deal._hook["keeps"]:
        kept = f.keeps(stake)
        if kept is not None:
            return kept
    return True


def complete_with(deal: Deal, seat: int, kind: int | None) -> bool:
    """Whether ``seat``'s concealed tiles (plus one of ``kind``) form a complete hand."""
    counts = deal.seats[seat].counts
    keys = deal.seats[seat].keys
    honours = counts[HONOUR_START:]
    if kind is not None:
        if kind < HONOUR_START:
            keys = keys[:]
            keys[kind // 9] += ONE_OF_RANK[kind % 9]
        else:
            honours = honours[:]
            honours[kind - HONOUR_START] += 1
    if complete_from_keys(keys, honours):
        return True
    if deal.seats[seat].melds:
        return False
    if kind is not None:
        counts = counts[:]
        counts[kind] += 1
    if deal.table.thirteen_orphans and is_thirteen_orphans(counts):
        return True
    return (
        deal.table.seven_pairs
        and seven_pairs(counts, quad_as_two_pairs=deal.table.quad_as_two_pairs) is not None
    )


def meets_minimum(
    deal: Deal, seat: int, kind: int | None, *, self_drawn: bool, restricted: bool = False
) -> bool:
    """Whether the complete hand wins under the ruleset's conditions: the table's (at most
    so many chows, a suit pung, a flush, the minimum fan, the minimum doubles of Ii Fan
    Shibari), all judged by the scorer (``Score.won``), so the table offers exactly the
    Mah-Jonggs ``mahjong score`` accepts. No table offers a Mah-Jongg that is not one (§1.12.4)."""
    if not deal.table.constrained:
        return True
    if kind is None:
        win_tile = KIND[deal.drawn] if deal.drawn is not None else None
        ctx = context(deal, seat, win_tile=win_tile, self_drawn=True, discarder=None)
    else:
        discarder = deal.discard[0] if deal.discard else deal.robbed[0] if deal.robbed else None
        ctx = context(
            deal,
            seat,
            win_tile=TILES[kind],
            self_drawn=False,
            discarder=discarder,
            robbing=deal.robbed is not None,
            restricted=restricted,
        )
    return score(deal.hand_of(seat, kind), ctx, ruleset=deal.ruleset, settings=deal.settings).won


def waiting_after_discard(deal: Deal, seat: int, kind: int) -> bool:
    """Whether discarding ``kind`` leaves ``seat`` waiting on some tile (the shape alone)."""
    counts = deal.seats[seat].counts[:]
    counts[kind] -= 1
    no_melds = not deal.seats[seat].melds
    return bool(
        waits(
            counts,
            thirteen_orphans=deal.table.thirteen_orphans and no_melds,
            seven_pairs_ok=deal.table.seven_pairs and no_melds,
            stop_after=1,
        )
    )


def ready_to_win(deal: Deal, seat: int, counts: list[int], melds: tuple[Meld, ...]) -> bool:
    """Whether concealed ``counts`` (one tile short) with ``melds`` wait on a Mah-Jong that
    counts under the table (its structure rules included: rumisberg's Fishing, §2.4.7; a
    riichi under a constrained table)."""
    key = (len(deal.log), seat, tuple(counts), melds)
    got = deal._fishing_cache.get(key)
    if got is not None:
        return got
    no_melds = not melds
    found = False
    tiles = tuple(TILES[k] for k in range(N_KINDS) for _ in range(counts[k]))
    bonus = tuple(KIND[t] for t in deal.seats[seat].bonus)
    for w in waits(
        counts,
        thirteen_orphans=deal.table.thirteen_orphans and no_melds,
        seven_pairs_ok=deal.table.seven_pairs and no_melds,
    ):
        if counts[w] + sum(m.tiles.count(w) for m in melds) >= 4:
            continue  # a fifth tile of a kind does not exist
        hand = Hand((*tiles, w), melds, bonus)
        ctx = WinContext(seat=Wind(seat), prevailing=deal.prevailing, win_tile=w)
        if score(hand, ctx, ruleset=deal.ruleset, settings=deal.settings).won:
            found = True
            break
    if len(deal._fishing_cache) > 256:
        deal._fishing_cache.clear()
    deal._fishing_cache[key] = found
    return found
