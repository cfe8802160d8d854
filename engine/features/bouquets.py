"""Bouquets (rumisberg rule 7, RULES.md §2.4.8, A-RU-08): a player who completes all four
flowers or all four seasons during play is paid ``bouquet_payment`` at once by every other
player, flat, final even if the hand is drawn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from engine.events import Event, EventKind
from engine.features.base import Feature
from engine.seats import WINDS
from engine.settings import Settings
from engine.settlement import Transfer
from engine.tiles import BONUS_START
from engine.wall import KIND


def bouquets(bonus: Iterable[int]) -> int:
    """How many bouquets ``bonus`` (a player's exposed bonus tiles) holds: all four flowers,
    all four seasons.

    >>> from engine.tiles import Tile
    >>> bouquets(Tile.parse(t) for t in ("1f", "2f", "3f", "4f", "7f"))
    1
    """
    held = set(bonus)
    return sum(1 for first in (BONUS_START, BONUS_START + 4) if all(first + i in held for i in range(4)))


def bouquet_payments(seat: int, *, seats: Sequence[int], settings: Settings) -> list[Transfer]:
    """What ``seat`` receives the moment he completes a bouquet during play (rule 7, A-RU-08):
    ``bouquet_payment`` from every other player, flat (East neither pays nor receives double),
    final even if the hand is drawn. Completing both bouquets pays twice (call it per bouquet:
    :func:`bouquets` before and after the bonus tile is exposed).

    >>> [(t.payer, t.payee, t.amount) for t in bouquet_payments(2, seats=(0, 1, 2, 3),
    ...                                                          settings=Settings(bouquet_payment=1000))]
    [(0, 2, 1000), (1, 2, 1000), (3, 2, 1000)]
    """
    if not settings.bouquet_payment:
        return []
    return [Transfer(other, seat, settings.bouquet_payment, "bouquet") for other in seats if other != seat]


class Bouquets(Feature):
    """A bouquet is paid the moment its last bonus tile is laid out."""

    name: ClassVar[str] = "bouquets"
    settings: ClassVar[frozenset[str]] = frozenset({"bouquet_payment"})
    on: ClassVar[dict[str, object]] = {"bouquet_payment": 1000}
    off: ClassVar[dict[str, object]] = {"bouquet_payment": 0}
    __slots__ = ()

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with a ``bouquet_payment``."""
        return bool(settings.bouquet_payment)

    def set_aside(self, seat: int, events: list[Event]) -> None:
        """A bouquet the tile just laid out completes is paid by every other seat."""
        deal = self.deal
        bonus = deal.seats[seat].bonus
        if bouquets(KIND[t] for t in bonus) > bouquets(KIND[t] for t in bonus[:-1]):
            paid = bouquet_payments(seat, seats=deal.in_play, settings=deal.settings)
            deal.paid += paid
            if paid:
                events.append(Event(EventKind.PAID, WINDS[seat], what="bouquet", amount=paid[0].amount))
