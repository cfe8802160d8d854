"""Riichi (wikibooks, RULES.md §2.3.6, A-WB-10): at the beginning of his turn, before the draw,
a player whose concealed hand is one tile from a Mah-Jongg may declare riichi: his stake goes
into the centre, his hand is frozen (he discards every drawn tile that does not win), his
declaring discard lies sideways, and his win counts the riichi double. In the western
settlement only riichi declarers receive (A-WB-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.actions import Action, ActionKind
from engine.deal_end import ready_to_win
from engine.deal_state import WHO
from engine.errors import refusal
from engine.events import Event, EventKind
from engine.features.base import Feature, Reason
from engine.seats import WINDS
from engine.settings import Settings
from engine.settlement import Stake
from engine.shapes import waits
from engine.tiles import Wind

if TYPE_CHECKING:
    from engine.deal import Deal


class Riichi(Feature):
    """Who has declared riichi in one deal."""

    name: ClassVar[str] = "riichi"
    settings: ClassVar[frozenset[str]] = frozenset({"riichi", "riichi_stake", "riichi_carry_over"})
    on: ClassVar[dict[str, object]] = {"riichi": True}
    off: ClassVar[dict[str, object]] = {"riichi": False}
    kinds: ClassVar[frozenset[ActionKind]] = frozenset({ActionKind.RIICHI})
    __slots__ = ("declared",)

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.declared: list[int] = []
        """The seats that declared riichi, in order."""

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with the setting ``riichi``."""
        return bool(settings.riichi)

    def _refusal(self, seat: int) -> Reason | None:
        """Why ``seat``, at the beginning of its turn before the draw, may not declare riichi, or
        None (§2.3.6, A-WB-10): nothing exposed (declared concealed kongs are allowed), not
        declared yet, a tile left to draw, the stake affordable, and the hand already one tile
        from a Mah-Jongg the table would offer (under a constrained table, western play or Ii
        Fan Shibari, a wait that only completes the shape is not one)."""
        deal = self.deal
        st = deal.seats[seat]
        who = WHO[seat]
        if seat in self.declared:
            return refusal(f"{who} has declared riichi already", "riichi_already", wind=seat)
        general = self._refusal_after_draw(seat)
        if st.called or deal.live_remaining <= 0 or not all(r.meld.concealed for r in st.melds):
            return general
        if not self._may_stake(seat):
            return general
        melds = tuple(r.meld for r in st.melds)
        if deal.table.constrained:
            ready = ready_to_win(deal, seat, st.counts[:], melds)
        else:
            ready = bool(
                waits(
                    st.counts,
                    thirteen_orphans=deal.table.thirteen_orphans and not melds,
                    seven_pairs_ok=deal.table.seven_pairs and not melds,
                    stop_after=1,
                )
            )
        return None if ready else general

    def _may_stake(self, seat: int) -> bool:
        """Whether ``seat`` can put the stake into the centre: a declaration needs a balance of
        at least the stake (A-WB-10); his stakes already lying there are spent."""
        deal = self.deal
        if deal.balances is None:
            return True
        staked = sum(stake.amount for stake in deal.centre if stake.seat == seat)
        return deal.balances[seat] - staked >= deal.settings.riichi_stake

    def pauses(self, seat: int) -> bool:
        """Riichi is declared at the beginning of the turn: only a seat that may declare stops."""
        return self._refusal(seat) is None

    def options_before_draw(self, seat: int) -> list[Action]:
        """Declare riichi (or pass: draw without)."""
        return [Action.of(WINDS[seat], ActionKind.RIICHI)]

    def before_draw(self, action: Action, events: list[Event]) -> None:
        """A declaration before the draw."""
        if action.kind is ActionKind.RIICHI:
            self.declare(action.seat)
            events.append(Event(EventKind.DECLARE, action.seat, what=str(action.kind)))

    def judge(self, action: Action) -> Reason | None:
        """Before the draw: only riichi or pass; after it, a riichi is too late."""
        seat = action.seat
        if self.deal.before_draw:
            if action.kind in (ActionKind.RIICHI, ActionKind.PASS) and self._refusal(seat) is None:
                return None
            who, letter = WHO[seat], Wind(seat).letter
            return refusal(
                f"{who} has not drawn yet and first declares riichi or not: '{letter} riichi' "
                f"(then draws, and discards every drawn tile that does not win) or '{letter} pass' "
                "(draws without declaring)",
                "riichi_first",
                wind=seat,
            )
        if action.kind is ActionKind.RIICHI:
            return self._refusal(seat) or self._refusal_after_draw(seat)
        return None

    def _refusal_after_draw(self, seat: int) -> Reason:
        return refusal(
            "riichi is declared at the beginning of one's turn, before the draw ("
            f"'{Wind(seat).letter} riichi'), with nothing exposed, by a player whose hand "
            "is already one tile from winning and who can pay the stake",
            "riichi_not_allowed",
            private=True,
        )

    def declare(self, seat: int) -> None:
        """``seat`` declares riichi: his hand is frozen and his stake goes into the centre."""
        deal = self.deal
        deal.seats[seat].called = True
        self.declared.append(seat)
        if deal.settings.riichi_stake:
            deal.centre.append(Stake(seat, deal.settings.riichi_stake, "riichi"))

    def old_line(self, action: Action, events: list[Event]) -> bool:
        """A log written when riichi was declared with a discard after the draw (``S riichi 5p``):
        applied as it was then (the hand frozen, the discard sideways)."""
        deal = self.deal
        if (
            action.kind is ActionKind.RIICHI
            and action.tile is not None
            and deal.phase == "turn"
            and action.seat == deal.turn
            and not deal.seats[action.seat].called
            and Action.of(action.seat, ActionKind.DISCARD, action.tile) in deal.legal_actions(action.seat)
        ):
            deal.log.append(action)
            deal.apply_turn(action, events)
            return True
        return False

    def discarding(self, action: Action) -> None:
        """An old log's riichi, declared with its discard."""
        self.declare(action.seat)

    def discard_turned(self, seat: int) -> bool:
        """The declarer's discard in the turn he declared is laid sideways (§2.3.6)."""
        return seat in self.declared and not any(v.turned for v in self.deal.seats[seat].discard_views)

    def flags(self, seat: int, flags: list[str]) -> None:
        """A declarer's win counts riichi."""
        if seat in self.declared:
            flags.append("riichi")

    def declarers(self) -> list[int]:
        """The declarers, in turn order."""
        return [s for s in self.deal.in_play if s in self.declared]

    def keeps(self, stake: Stake) -> bool | None:
        """Riichi sticks of a drawn hand stay in the centre (``riichi_carry_over``) or go back."""
        return self.deal.settings.riichi_carry_over if stake.reason == "riichi" else None

    def declared_by(self, seat: int) -> bool:
        """Whether ``seat`` has declared riichi."""
        return seat in self.declared

    def shown(self, seat: int) -> tuple[str, ...]:
        """A declarer shows riichi."""
        return ("riichi",) if seat in self.declared else ()
