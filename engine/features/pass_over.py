"""The pass-over rule (jiangxi, RULES.md §2.5.5, A-JX-05): a player who lets a discard he could
win on pass is barred from winning on any discard (robbing a gang included, A-CORE-13) until
he draws again (``until_own_draw``), for the rest of the hand (``literal_first_discard_only``),
or never (``none``). Zimo is never barred."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.actions import Action, ActionKind
from engine.features.base import Feature
from engine.settings import Settings

if TYPE_CHECKING:
    from engine.deal import Deal


@dataclass(frozen=True, slots=True)
class PassOver:
    """Who may not win on a discard now. A player held below the 2-fan minimum let no Hu pass
    (none was offered), so that discard bars nobody.

    >>> rule = PassOver("until_own_draw").declined(2)
    >>> rule.may_win_on_discard(2), rule.may_win_on_discard(1), rule.drew(2).may_win_on_discard(2)
    (False, True, True)
    """

    mode: str = "until_own_draw"
    barred: frozenset[int] = frozenset()

    @classmethod
    def of(cls, settings: Settings) -> PassOver:
        """The rule as ``settings.pass_over`` sets it, nobody barred."""
        return cls(settings.pass_over)

    def may_win_on_discard(self, seat: int) -> bool:
        """Whether ``seat`` may win on a discard (or by robbing a gang) now."""
        return seat not in self.barred

    def declined(self, seat: int) -> PassOver:
        """After ``seat`` let a discard he could win on pass."""
        if self.mode == "none":
            return self
        return dataclasses.replace(self, barred=self.barred | {seat})

    def drew(self, seat: int) -> PassOver:
        """After ``seat`` drew a tile from the wall (a replacement draw included)."""
        if self.mode != "until_own_draw" or seat not in self.barred:
            return self
        return dataclasses.replace(self, barred=self.barred - {seat})


class PassOverRule(Feature):
    """Who is barred from winning on a discard in one deal."""

    name: ClassVar[str] = "pass_over"
    settings: ClassVar[frozenset[str]] = frozenset({"pass_over"})
    on: ClassVar[dict[str, object]] = {"pass_over": "until_own_draw"}
    off: ClassVar[dict[str, object]] = {"pass_over": "none"}
    __slots__ = ("rule",)

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.rule = PassOver.of(deal.settings)

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played unless ``pass_over = none``."""
        return settings.pass_over != "none"

    def may_win_on_discard(self, seat: int) -> bool:
        """Not while barred."""
        return self.rule.may_win_on_discard(seat)

    def declined(self, pending: Mapping[int, list[Action]], responses: Mapping[int, Action]) -> None:
        """Every seat that was offered a win on the tile and did not take it is barred."""
        for seat, options in pending.items():
            answer = responses.get(seat)
            if options[0].kind is ActionKind.MAHJONG and (
                answer is None or answer.kind is not ActionKind.MAHJONG
            ):
                self.rule = self.rule.declined(seat)

    def drew(self, seat: int) -> None:
        """His own draw lifts the bar (``until_own_draw``)."""
        self.rule = self.rule.drew(seat)
