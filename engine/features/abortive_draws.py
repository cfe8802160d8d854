"""The abortive draws besides the exhausted wall (wikibooks §2.3.10, RULES.md §1.10): the hand
ends drawn when the first four discards are one wind (:class:`FourWinds`), when a player shows
nine different major tiles in his first turn (:class:`NineMajors`), or when three players claim
Mah-Jongg on one discard (:class:`ThreeMahjongClaims`, ``three_mahjong_claims_abort``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.actions import Action, ActionKind
from engine.errors import refusal
from engine.events import Event
from engine.features.base import Feature, Reason
from engine.seats import WINDS
from engine.settings import Settings
from engine.tiles import MAJORS, TILES
from engine.views import EndReason


class FourWinds(Feature):
    """The first go-around's four discards are one wind, with no claim: the hand is drawn."""

    name: ClassVar[str] = "four_winds"
    __slots__ = ()

    def first_go_around(self, kinds: Sequence[int], events: list[Event]) -> bool:
        """Drawn when the one kind is a wind (§2.3.10 item 3)."""
        if TILES[kinds[0]].is_wind:
            self.deal.end_drawn(events, EndReason.FOUR_WINDS)
            return True
        return False


class NineMajors(Feature):
    """In his first turn, before anyone has exposed a set, a player holding nine different major
    tiles may end the hand drawn (§2.3.10 item 5)."""

    name: ClassVar[str] = "nine_majors"
    kinds: ClassVar[frozenset[ActionKind]] = frozenset({ActionKind.NINE_MAJORS})
    __slots__ = ()

    def candidates(self, seat: int, kinds: Sequence[int]) -> list[Action]:
        """Showing the majors."""
        return [Action.of(WINDS[seat], ActionKind.NINE_MAJORS)]

    def judge(self, action: Action) -> Reason | None:
        """His first turn, nothing exposed by anyone, nine different majors."""
        if action.kind is not ActionKind.NINE_MAJORS:
            return None
        deal = self.deal
        seat = action.seat
        counts = deal.seats[seat].counts
        if (
            deal.seats[seat].discarded
            or deal.claims_made
            or any(deal.seats[other].melds for other in deal.in_play)
            or sum(1 for t in MAJORS if counts[t]) < 9
        ):
            return refusal(
                "nine different major tiles end the hand only in the player's first turn, before "
                "anyone has exposed a set",
                "nine_majors_not_allowed",
                private=True,
            )
        return None

    def apply_turn(self, action: Action, events: list[Event]) -> None:
        """The hand ends drawn."""
        self.deal.end_drawn(events, EndReason.NINE_MAJORS)


class ThreeMahjongClaims(Feature):
    """Three Mah-Jongg claims on one discard end the hand drawn (``three_mahjong_claims_abort``)."""

    name: ClassVar[str] = "three_mahjong_claims"
    settings: ClassVar[frozenset[str]] = frozenset({"three_mahjong_claims_abort"})
    on: ClassVar[dict[str, object]] = {"three_mahjong_claims_abort": True}
    off: ClassVar[dict[str, object]] = {"three_mahjong_claims_abort": False}
    __slots__ = ()

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with ``three_mahjong_claims_abort``."""
        return bool(settings.three_mahjong_claims_abort)

    def claims_resolving(self, mahjongs: Sequence[int], best: Action | None, events: list[Event]) -> bool:
        """Three or more Mah-Jongg claims: drawn."""
        if len(mahjongs) >= 3:
            self.deal.end_drawn(events, EndReason.THREE_MAHJONG_CLAIMS)
            return True
        return False
