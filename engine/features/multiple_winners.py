"""Several winners on one discard and the restricted rob (jiangxi, RULES.md §2.5.3, A-JX-07,
A-JX-19).

* :class:`MultipleWinners` (``multiple_winners = all_win``): every seat that claims Mah-Jongg
  on one discard wins; each is paid by the ruleset's payments.
* :class:`RestrictedRob` (a minimum, ``min_fan``): a seat the minimum held back on the discard
  a gang was made with may rob that gang or win on its player's next discard, for a fixed
  value (J18R), and the pass-over rule does not bar it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.actions import Action
from engine.deal_claims import open_robbing
from engine.deal_end import meets_minimum
from engine.events import Event
from engine.features.base import Feature
from engine.settings import Settings
from engine.wall import KIND

if TYPE_CHECKING:
    from engine.deal import Deal


class MultipleWinners(Feature):
    """All who claim Mah-Jongg on one discard win."""

    name: ClassVar[str] = "multiple_winners"
    settings: ClassVar[frozenset[str]] = frozenset({"multiple_winners"})
    on: ClassVar[dict[str, object]] = {"multiple_winners": "all_win"}
    off: ClassVar[dict[str, object]] = {"multiple_winners": "next_in_turn"}
    __slots__ = ()

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with ``multiple_winners = all_win``."""
        return settings.multiple_winners == "all_win"

    def winners(self, mahjongs: list[int], first: int) -> list[int] | None:
        """Every claimant, in turn order after the discarder."""
        return mahjongs


class RestrictedRob(Feature):
    """The gang player's debt to the seats the minimum held back (A-JX-19)."""

    name: ClassVar[str] = "restricted_rob"
    __slots__ = ("debt", "held", "owed")

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.held: frozenset[int] = frozenset()
        """Seats the open discard would complete but for the minimum."""
        self.owed: frozenset[int] = frozenset()
        """Of those, the seats still owed when the window closed (the claimant not among them)."""
        self.debt: tuple[int, frozenset[int]] | None = None
        """(gang player, seats he owes a restricted win): after a gang made with a discard that
        completed those seats' hands below the minimum, they may rob it or win on his next
        discard for a fixed value."""

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played where a hand needs a minimum (``min_fan``)."""
        return bool(settings.min_fan)

    def restricted(self, seat: int, discarder: int) -> bool:
        """Whether ``seat`` wins from ``discarder`` now as the restricted win: held below the
        minimum on the discard the gang was made with, he robs that gang or wins on its player's
        next discard, for a fixed 3 fan whatever else the win would count (J18R). The tile must
        complete his hand (checked before)."""
        deal = self.deal
        debt = self.debt
        if debt is None or debt[0] != discarder or seat not in debt[1]:
            return False
        if deal.robbed:
            kind = KIND[deal.robbed[1]]
        elif deal.discard:
            kind = KIND[deal.discard[1]]
        else:
            return False
        return meets_minimum(deal, seat, kind, self_drawn=False, restricted=True)

    def held_back(self, held: frozenset[int]) -> None:
        """The seats the minimum held back on the open discard."""
        self.held = held

    def claims_resolving(self, mahjongs: Sequence[int], best: Action | None, events: list[Event]) -> bool:
        """The window closes: the gang player's discard after his replacement tile has gone by."""
        self.owed = self.held - {best.seat} if best is not None else frozenset()
        self.held = frozenset()
        self.debt = None
        return False

    def kong_claimed(self, seat: int, tile: int, events: list[Event]) -> bool:
        """A seat the minimum held back may rob this gang or win on its player's next discard;
        every other seat answers the window."""
        deal = self.deal
        self.debt = (seat, self.owed)
        open_robbing(deal, seat, tile, len(deal.seats[seat].melds) - 1, events, claimed=True)
        return True
