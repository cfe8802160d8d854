"""The claim windows of a deal: who may claim a discard (or rob a kong) and why a claim is refused,
from one judge (:func:`judge_claim`); opening a window, resolving it by precedence, the late
claim after a draw, robbing a kong. The variant rules' parts come through the deal's features
(the pass-over rule, the restricted rob, several winners, the late claim, a Fishing hand's limits)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine import deal_end
from engine.actions import Action, ActionKind
from engine.deal_state import WHO, MeldRecord
from engine.errors import refusal
from engine.events import Event, EventKind
from engine.features.base import Reason
from engine.hand import Meld, MeldKind
from engine.seats import WINDS
from engine.shapes import is_standard_complete, is_thirteen_orphans, standard_arrangements
from engine.tiles import HONOUR_START, TILES, Wind
from engine.views import DiscardView, Phase
from engine.wall import KIND

if TYPE_CHECKING:
    from engine.deal import Deal

_PRECEDENCE: Final[dict[ActionKind, int]] = {
    ActionKind.MAHJONG: 4,
    ActionKind.KONG: 3,
    ActionKind.PONG: 2,
    ActionKind.CHOW: 1,
    ActionKind.PASS: 0,
}
_CLAIMS: Final = tuple(
    tuple(Action.of(seat, k) for k in (ActionKind.MAHJONG, ActionKind.KONG, ActionKind.PONG))
    for seat in WINDS
)
"""Each seat's Mah-Jongg, kong and pong claims."""
_PASS: Final = tuple(Action(seat, ActionKind.PASS) for seat in WINDS)


def mahjong_claim_ok(deal: Deal, seat: int, kind: int, discarder: int) -> bool:
    """Whether ``seat`` may win on ``discarder``'s tile of ``kind`` (complete, not barred, the
    minimum met, and without chows from anyone a pong or the pair completed)."""
    if not deal_end.complete_with(deal, seat, kind):
        return False
    if restricted_win(deal, seat, discarder):
        return True  # won from the gang player at a fixed value (A-JX-19)
    if not (
        not deal._hook["may_win_on_discard"]
        or all(f.may_win_on_discard(seat) for f in deal._hook["may_win_on_discard"])
    ):
        return False  # barred (the pass-over rule)
    if not deal_end.meets_minimum(deal, seat, kind, self_drawn=False):
        return False
    if deal.settings.mahjong_chow_from_any or seat == deal._after[discarder][0]:
        return True
    # Without chows from anyone, the tile must complete a pong or the pair.
    counts = deal.seats[seat].counts[:]
    counts[kind] += 1
    for pair, sets in standard_arrangements(counts):
        if pair == kind or any(k == MeldKind.PONG and t == kind for k, t in sets):
            return True
    return not is_standard_complete(counts)  # a special hand


def restricted_win(deal: Deal, seat: int, discarder: int) -> bool:
    """Whether ``seat`` wins from ``discarder`` now by a rule's restricted win (jiangxi's rob of
    the gang player, A-JX-19)."""
    return bool(deal._hook["restricted"]) and any(
        f.restricted(seat, discarder) for f in deal._hook["restricted"]
    )


def orphans_wait_on(deal: Deal, seat: int, kind: int) -> bool:
    """Whether ``seat`` holds thirteen orphans that ``kind`` completes (nothing declared)."""
    if deal.seats[seat].melds or not deal.table.thirteen_orphans:
        return False
    counts = deal.seats[seat].counts[:]
    counts[kind] += 1
    return is_thirteen_orphans(counts)


def why_illegal(deal: Deal, action: Action) -> Reason:
    """Why ``action`` is not legal where ``deal`` stands (the answer of
    :meth:`~engine.deal.Deal.check` for an action it does not offer), and whether the reason
    speaks of the seat's hidden tiles."""
    seat = int(action.seat)
    who = Wind(seat).name.title()
    move = str(action.kind)
    if action.seat == deal.absent:
        return refusal(
            f"{who} is not in this hand: three players play, and {who}'s place is empty",
            "seat_absent",
            wind=seat,
        )
    if deal.phase == Phase.OVER:
        return refusal("the hand is over", "hand_over")
    if deal._owner is not None:
        return deal._owner.judge(action) or refusal(
            f"{who} cannot {move} now", "cannot_now", wind=seat, move=move
        )
    if deal.phase == Phase.TURN:
        if action.seat != deal.turn:
            assert deal.turn is not None
            return refusal(
                f"it is {Wind(deal.turn).name.title()}'s turn, not {who}'s",
                "not_your_turn",
                turn_wind=int(deal.turn),
                wind=seat,
            )
        if deal._paused is not None:
            return deal._paused.judge(action) or refusal(
                f"{who} first decides before the draw", "decide_before_draw", wind=seat
            )
        return deal._judge_turn(action) or refusal(
            f"{who} cannot {move} now", "cannot_now", private=True, wind=seat, move=move
        )
    if action.seat not in deal.pending:
        if deal.phase == Phase.ROBBING:
            return refusal(
                f"the other players answer {who}'s kong first: they may rob it",
                "robbing_first",
                wind=seat,
            )
        return refusal(f"{who} cannot claim their own discard", "own_discard", wind=seat)
    if action.seat in deal.responses:
        if len(deal.pending[action.seat]) == 1:
            return refusal(f"{who} has no claim on this tile", "no_claim", private=True, wind=seat)
        answered = deal.responses[action.seat]
        return refusal(
            f"{who} has already answered ({answered})",
            "answered",
            private=True,
            wind=seat,
            move=str(answered.kind),
        )
    if deal.phase == Phase.CLAIMS and (reason := judge_claim(deal, action)) is not None:
        return reason
    if action.kind is ActionKind.MAHJONG:  # robbing a kong
        return refusal(f"the tile does not complete {who}'s hand", "not_complete", private=True, wind=seat)
    return claim_or_pass(deal, action.seat)


def judge_claim(deal: Deal, action: Action) -> Reason | None:
    """Why ``action`` may not answer the open discard, or None: the one place a claim's
    conditions are written; the window offers exactly the claims it allows."""
    assert deal.discard is not None
    discarder, tile = deal.discard
    seat, kind, k = action.seat, action.kind, KIND[tile]
    if kind is ActionKind.PASS:
        return None
    who = WHO[seat]
    if kind is ActionKind.MAHJONG:
        return (
            None
            if mahjong_claim_ok(deal, seat, k, discarder)
            else refusal(f"the tile does not complete {who}'s hand", "not_complete", private=True, wind=seat)
        )
    st = deal.seats[seat]
    counts = st.counts
    if deal.final_discard and deal.settings.final_discard_claims == "mahjong_only":
        return refusal(
            "the last discard of the wall is claimed only for Mah-Jongg", "final_discard_mahjong_only"
        )
    if st.called:
        return refusal(
            f"{who}'s hand is frozen: a discard is claimed only for Mah-Jongg", "frozen_claim", wind=seat
        )
    if kind is ActionKind.KONG:
        if counts[k] != 3 or deal.wall.remaining <= 0:
            return refusal(
                f"{who} needs three matching tiles in hand to claim a kong",
                "kong_needs_three",
                private=True,
                wind=seat,
            )
        return None if deal._may_meld(seat, k, 3) else deal._kept_short(who)
    if kind is ActionKind.PONG:
        if counts[k] < 2:
            return refusal(
                f"{who} needs two matching tiles in hand to claim a pong",
                "pong_needs_two",
                private=True,
                wind=seat,
            )
        return None if deal._may_meld(seat, k, 2, claimed=True) else deal._kept_short(who)
    if kind is ActionKind.CHOW:
        start = -1 if action.tile is None else int(action.tile)
        need = [t for t in (start, start + 1, start + 2) if t != k]
        if not (
            deal.settings.chow_claims
            and deal.ruleset.chows
            and seat == deal._after[discarder][0]
            and k < HONOUR_START
            and start // 9 == k // 9
            and 0 <= start % 9 <= 6
            and start <= k <= start + 2
            and len(need) == 2
            and all(counts[t] for t in need)
        ):
            return refusal(
                "a chow is claimed only by the next player, with two tiles of a run around the discard",
                "chow_not_allowed",
                private=True,
            )
        if not (
            not deal._hook["may_chow"] or all(f.may_chow(seat, start, need) for f in deal._hook["may_chow"])
        ):
            return deal._kept_short(who)
        return None
    return claim_or_pass(deal, seat)


def claim_or_pass(deal: Deal, seat: int) -> Reason:
    """The refusal of a move other than the claims ``seat`` may make on the open tile (private:
    the claims it may make speak of its hand)."""
    pending = deal.pending[seat]
    options = ", ".join(str(a) for a in pending)
    return refusal(
        f"{WHO[seat]} may only claim or pass now: {options}",
        "claim_or_pass",
        private=True,
        wind=seat,
        moves=" ".join(str(a.kind) for a in pending),
    )


def open_claims(deal: Deal, events: list[Event]) -> None:
    """Open the claim window on the discard: every other seat answers, offered exactly the
    claims :func:`judge_claim` allows."""
    assert deal.discard is not None
    discarder, tile = deal.discard
    kind = KIND[tile]
    deal.pending = {}
    deal.responses = {}
    held: set[int] = set()
    nxt = deal.next_after(discarder)
    suited = kind < HONOUR_START
    for seat in deal._others(discarder):
        # The claims the seat's tiles could make at all (a cheap superset): the judge decides
        # (its Mah-Jongg part is mahjong_claim_ok, asked directly).
        counts = deal.seats[seat].counts
        mahjong, kong, pong = _CLAIMS[seat]
        won = mahjong_claim_ok(deal, seat, kind, discarder)
        options = [mahjong] if won else []
        if counts[kind] >= 2:
            options += [a for a in (kong, pong) if judge_claim(deal, a) is None]
        if suited and seat == nxt:
            rank = kind % 9
            for d, x, y in ((2, -2, -1), (1, -1, 1), (0, 1, 2)):
                if rank >= d and rank - d <= 6 and counts[kind + x] and counts[kind + y]:
                    chow = Action.of(WINDS[seat], ActionKind.CHOW, TILES[kind - d])
                    if judge_claim(deal, chow) is None:
                        options.append(chow)
        if not won and deal._hook["held_back"] and deal_end.complete_with(deal, seat, kind):
            held.add(seat)  # the minimum held him back: a gang made with this tile owes him
        if options:
            events.append(Event(EventKind.MAY_CLAIM, WINDS[seat], TILES[kind], private=True))
        options.append(_PASS[seat])
        deal.pending[seat] = options
    for f in deal._hook["held_back"]:
        f.held_back(frozenset(held))
    # Every other seat answers, a seat with nothing to claim by passing, so the public
    # state after a discard is the same whoever can claim (nothing public says who may).
    deal.turn = None
    deal.phase = Phase.CLAIMS


def declined(deal: Deal) -> None:
    """The window closes: the rules that remember who let a win pass (jiangxi, §2.5.5) learn it."""
    for f in deal._hook["declined"]:
        f.declined(deal.pending, deal.responses)


def resolve_claims(deal: Deal, events: list[Event]) -> None:
    """Close the window: Mah-Jongg > kong > pong > chow, ties to the next in turn; or the next seat draws."""
    assert deal.discard is not None
    discarder, tile = deal.discard
    for f in deal._hook["window_closing"]:
        f.window_closing(discarder)
    best: Action | None = None
    for seat in deal._others(discarder):  # turn order after the discarder breaks ties
        answer = deal.responses.get(seat)
        if answer is None or answer.kind is ActionKind.PASS:
            continue
        if best is None or _PRECEDENCE[answer.kind] > _PRECEDENCE[best.kind]:
            best = answer
    mahjongs = [
        seat
        for seat in deal._others(discarder)
        if seat in deal.responses and deal.responses[seat].kind is ActionKind.MAHJONG
    ]
    restricted = {seat for seat in mahjongs if restricted_win(deal, seat, discarder)}
    declined(
        deal,
    )
    deal.pending = {}
    deal.responses = {}
    if bool(deal._hook["claims_resolving"]) and any(
        f.claims_resolving(mahjongs, best, events) for f in deal._hook["claims_resolving"]
    ):
        return
    if best is None:
        deal.discard = None
        deal._next_draw(deal._after[discarder][0], events)
        for f in deal._hook["passed_on"]:
            f.passed_on(discarder, tile)
        return
    seat = best.seat
    deal.seats[discarder].discards[-1][1] = seat
    deal.seats[discarder].discard_views[-1] = DiscardView(
        KIND[tile], seat, deal.seats[discarder].discard_views[-1].turned
    )
    deal.claims_made = True
    kind = KIND[tile]
    if best.kind is ActionKind.MAHJONG:
        winners = next((w for f in deal._hook["winners"] if (w := f.winners(mahjongs, seat))), [seat])
        deal.give(winners[0], tile)
        deal.shared = {other: kind for other in winners[1:]}
        deal_end.win(
            deal,
            winners,
            win_tile=kind,
            self_drawn=False,
            discarder=discarder,
            events=events,
            restricted=restricted,
        )
        return
    deal.discard = None
    deal.first_turn = False
    if best.kind is ActionKind.CHOW:
        assert best.tile is not None
        start = int(best.tile)
        tiles = [deal.take_kind(seat, t) for t in (start, start + 1, start + 2) if t != kind]
        meld = Meld(MeldKind.CHOW, best.tile)
    else:
        n = 3 if best.kind is ActionKind.KONG else 2
        tiles = [deal.take_kind(seat, kind) for _ in range(n)]
        meld = Meld(MeldKind.KONG if best.kind is ActionKind.KONG else MeldKind.PONG, TILES[kind])
    deal.seats[seat].melds.append(MeldRecord(meld, [*tiles, tile], discarder, tile))
    events.append(Event(EventKind.CLAIM, seat, KIND[tile], meld=meld))
    deal.turn = seat
    deal.phase = Phase.TURN
    deal.drawn = None
    deal.kongs_this_turn = 0
    deal.replacement = False
    deal.last_live = False
    if best.kind is ActionKind.KONG:
        if bool(deal._hook["kong_claimed"]) and any(
            f.kong_claimed(seat, tile, events) for f in deal._hook["kong_claimed"]
        ):
            return  # a rule opened a window on the gang (jiangxi's restricted rob, A-JX-19)
        deal._replace(seat, events)
    else:
        deal.can_declare = False


def claim_after_draw(
    deal: Deal, action: Action, discarder: int, tile: int, drawn: int, events: list[Event]
) -> None:
    """The next player claims ``discarder``'s discard ``tile`` after his draw (rumisberg rule 3,
    A-RU-13): the ``drawn`` tile goes back to the front of the live end and the claim is made
    as in the window."""
    deal.take(action.seat, drawn)
    deal.wall.put_back(drawn)
    deal.drawn = None
    deal.discard = (discarder, tile)
    deal.pending = {action.seat: [action]}
    deal.responses = {action.seat: action}
    deal.phase = Phase.CLAIMS
    resolve_claims(deal, events)


def open_robbing(
    deal: Deal,
    seat: int,
    tile: int,
    index: int,
    events: list[Event],
    *,
    claimed: bool = False,
    concealed: bool = False,
) -> None:
    """Every other seat answers a kong that may be robbed: an added kong, (``claimed``)
    jiangxi's gang made with a discard (A-JX-19), or (``concealed``) a concealed kong, which
    only a seat whose thirteen orphans wait on its tile may rob (``rob_concealed_kong_13_orphans``,
    RULES.md §1.8.3 item 2). Seats that cannot rob only pass, so the public state is the
    same whoever could rob it."""
    deal.robbed = (seat, tile, index)
    deal.rob_claimed = claimed
    deal.rob_concealed = concealed
    deal.pending = {}
    for other in deal._others(seat):
        if claimed:  # only a seat the gang player owes may rob a gang made with a discard
            rob = deal_end.complete_with(deal, other, KIND[tile]) and restricted_win(deal, other, seat)
        elif concealed:
            rob = orphans_wait_on(deal, other, KIND[tile]) and mahjong_claim_ok(deal, other, KIND[tile], seat)
        else:
            rob = mahjong_claim_ok(deal, other, KIND[tile], seat)
        deal.pending[other] = [_CLAIMS[other][0], _PASS[other]] if rob else [_PASS[other]]
        if rob:
            events.append(Event(EventKind.MAY_CLAIM, WINDS[other], KIND[tile], private=True))
    deal.responses = {}
    deal.turn = None
    deal.phase = Phase.ROBBING


def resolve_robbing(deal: Deal, events: list[Event]) -> None:
    """Close the robbing window: the kong is robbed (the robbed tile counts as his discard) or stands."""
    assert deal.robbed is not None
    kong_seat, tile, index = deal.robbed
    winner = next(
        (s for s in deal._others(kong_seat) if deal.responses.get(s, _PASS[s]).kind is ActionKind.MAHJONG),
        None,
    )
    restricted = {winner} if winner is not None and restricted_win(deal, winner, kong_seat) else set()
    declined(
        deal,
    )
    deal.pending = {}
    deal.responses = {}
    if winner is None:
        if deal.rob_claimed or deal.rob_concealed:
            deal.robbed = None
            deal.rob_concealed = False
            deal.turn = kong_seat
            deal.phase = Phase.TURN
            deal._replace(kong_seat, events)
        else:
            finish_added_kong(deal, events)
        return
    # The robbed tile counts as a discard by the robbed player; his pong stays a pong (A-CORE-13).
    if deal.rob_claimed:  # the gang made with a discard goes back to a pong
        record = deal.seats[kong_seat].melds[index]
        record.tiles.remove(tile)
        record.meld = Meld(MeldKind.PONG, record.meld.tile)
    if deal.rob_concealed:  # a robbed concealed kong stays a concealed pong
        record = deal.seats[kong_seat].melds[index]
        record.tiles.remove(tile)
        record.meld = Meld(MeldKind.PONG, record.meld.tile, True)
        deal.rob_concealed = False
    deal.robbed = None
    deal.claims_made = True
    deal.give(winner, tile)
    deal_end.win(
        deal,
        [winner],
        win_tile=KIND[tile],
        self_drawn=False,
        discarder=kong_seat,
        events=events,
        robbing=True,
        restricted=restricted,
    )


def finish_added_kong(deal: Deal, events: list[Event]) -> None:
    """Nobody robbed the added kong: it stands and its player draws a replacement."""
    assert deal.robbed is not None
    seat, tile, index = deal.robbed
    deal.robbed = None
    record = deal.seats[seat].melds[index]
    record.meld = Meld(MeldKind.KONG, record.meld.tile)
    record.tiles.append(tile)
    deal.turn = seat
    deal.phase = Phase.TURN
    deal._replace(seat, events)
