"""Late claims (rumisberg rule 3, A-RU-13, ``claim_window = until_next_discard``): "Man kann
einen Stein rufen, bis der nächste Spieler seinen Stein abgelegt hat". A discard nobody claimed
may still be claimed by the next player after his draw, until he does anything else: his drawn
tile goes back to the live end and the claim is made as in the window."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from engine.actions import Action, ActionKind
from engine.deal_claims import claim_after_draw
from engine.events import Event
from engine.features.base import Feature
from engine.settings import Settings
from engine.views import Phase

if TYPE_CHECKING:
    from engine.deal import Deal

LATE_KINDS: Final = frozenset({ActionKind.PONG, ActionKind.KONG, ActionKind.CHOW})
"""The claims the next player may still make after his draw."""


@dataclass(frozen=True, slots=True)
class LateClaim:
    """A discard nobody claimed that the next player may still claim after his draw."""

    discarder: int
    tile: int
    """The discard's tile id."""
    drawn: int
    """The tile id he drew: it goes back to the live end if he claims."""
    options: tuple[Action, ...]
    """The sets he could have claimed in the window (pong, kong, chow), as offered then."""


class LateClaims(Feature):
    """The discard the player to move may still claim after his draw, in one deal."""

    name: ClassVar[str] = "late_claim"
    settings: ClassVar[frozenset[str]] = frozenset({"claim_window"})
    on: ClassVar[dict[str, object]] = {"claim_window": "until_next_discard"}
    off: ClassVar[dict[str, object]] = {"claim_window": "until_next_draw"}
    __slots__ = ("late", "later")

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.late: LateClaim | None = None
        """The discard still open to the player to move, until he does anything else."""
        self.later: tuple[Action, ...] = ()
        """The sets the next player was offered in the window closing now."""

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with ``claim_window = until_next_discard``."""
        return settings.claim_window == "until_next_discard"

    def window_closing(self, discarder: int) -> None:
        """Remember what the next player was offered on the discard (pong, kong, chow)."""
        nxt = self.deal.next_after(discarder)
        self.later = tuple(a for a in self.deal.pending.get(nxt, ()) if a.kind in LATE_KINDS)

    def passed_on(self, discarder: int, tile: int) -> None:
        """Nobody claimed: after the next player's draw the discard stays open for him, unless his
        draw went beyond one plain tile from the live wall (a bonus tile and its replacement are
        not undone)."""
        deal = self.deal
        options, self.later = self.later, ()
        if (
            options
            and deal.phase == Phase.TURN
            and deal.turn == deal.next_after(discarder)
            and deal.drawn is not None
            and not deal.replacement
        ):
            self.late = LateClaim(discarder, tile, deal.drawn, options)

    def options_after_draw(self, seat: int) -> list[Action]:
        """The claims he may still make."""
        late = self.late
        deal = self.deal
        if late is not None and seat == deal.turn and deal.drawn == late.drawn:
            return list(late.options)
        return []

    def acting(self, action: Action, events: list[Event]) -> bool:
        """Any move closes the discard; a claim of it is made as in the window."""
        late, self.late = self.late, None
        if late is not None and self.deal.phase == Phase.TURN and action.kind in LATE_KINDS:
            claim_after_draw(self.deal, action, late.discarder, late.tile, late.drawn, events)
            return True
        return False

    def open_discard(self, legal: tuple[Action, ...]) -> tuple[int, int] | None:
        """The discard the player may still claim, shown in his own view: (discarder, tile id)."""
        late = self.late
        if late is not None and legal and any(a.kind in LATE_KINDS for a in legal):
            return late.discarder, late.tile
        return None
