"""Reading a stored log written before two rules were played as now (:func:`old_line`), so a
stored game of either time replays to the state it had; its log is never rewritten."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import deal_claims
from engine.actions import Action
from engine.deal_claims import _PASS
from engine.events import Event
from engine.views import Phase

if TYPE_CHECKING:
    from engine.deal import Deal


def old_line(deal: Deal, action: Action, events: list[Event]) -> bool:
    """Read a line of a log written before two rules were played as now, where it differs
    from the play of today; whether the line was applied here (else it is applied as any).

    * A concealed kong opened no robbing window (``rob_concealed_kong_13_orphans``): when
      the line after one is no answer in the window, every seat passes, unlogged.
    * Riichi was declared with a discard after the draw (``S riichi 5p``): a seat asked to
      declare riichi or not before its draw whose line is neither draws unlogged, and such
      an old declaration is applied as it was then (the hand frozen, the discard sideways).

    A stored game of either time so replays to the state it had; its log is unchanged.
    """
    if deal.phase is Phase.ROBBING and deal.rob_concealed and deal.robbed and action.seat == deal.robbed[0]:
        deal.responses = {seat: _PASS[seat] for seat in deal.pending}
        deal_claims.resolve_robbing(deal, events)
        deal._legal_cache = deal._checked = None  # the state moved on without a line of the log
        if action in deal.legal_actions(action.seat):
            return False
    if deal.phase is Phase.TURN and deal._paused is not None and action.seat == deal.turn:
        deal._paused = None
        deal._turn_draw(action.seat, events)
        deal._legal_cache = deal._checked = None
        if action in deal.legal_actions(action.seat):
            return False
    return bool(deal._hook["old_line"]) and any(f.old_line(action, events) for f in deal._hook["old_line"])
