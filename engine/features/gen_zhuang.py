"""Gen zhuang (跟庄, jiangxi, RULES.md §2.5.4, A-JX-08): when the dealer's first discard and the
first discards of the next players are the same tile, with no claim before the last of them,
the dealer pays ``gen_zhuang_chips`` to each other player at once; the hand goes on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.events import Event, EventKind
from engine.features.base import Feature
from engine.seats import WINDS
from engine.settings import Settings
from engine.settlement import Settlement, Transfer, nets


def is_gen_zhuang(discards: Sequence[int], *, claimed: bool = False, players: int = 4) -> bool:
    """Whether the hand's first go-around is Gen zhuang (§2.5.4): ``discards`` are the hand's
    discards in order (at least the first ``players``); the dealer's first discard and the
    first discards of the next players are the same tile, with no claim before the last of
    them (``claimed``, A-JX-08).

    >>> is_gen_zhuang([6, 6, 6, 6]), is_gen_zhuang([6, 6, 6]), is_gen_zhuang([6, 6, 6, 7])
    (True, False, False)
    >>> is_gen_zhuang([6, 6, 6, 6], claimed=True)
    False
    """
    first = discards[:players]
    return not claimed and len(first) == players and len(set(first)) == 1


def gen_zhuang(dealer: int, seats: Sequence[int], settings: Settings) -> Settlement:
    """The Gen zhuang payment (§2.5.4): the dealer pays ``gen_zhuang_chips`` to each other
    player; the hand goes on.

    >>> gen_zhuang(0, (0, 1, 2, 3), Settings(gen_zhuang_chips=2)).nets                    # EX-39
    (-6, 2, 2, 2)
    """
    chips = settings.gen_zhuang_chips
    transfers = [Transfer(dealer, seat, chips, "gen_zhuang") for seat in seats if seat != dealer and chips]
    return Settlement(tuple(transfers), nets(transfers, max(seats) + 1))


class GenZhuang(Feature):
    """The dealer pays when every seat follows his first discard."""

    name: ClassVar[str] = "gen_zhuang"
    settings: ClassVar[frozenset[str]] = frozenset({"gen_zhuang_chips"})
    on: ClassVar[dict[str, object]] = {"gen_zhuang_chips": 2}
    off: ClassVar[dict[str, object]] = {"gen_zhuang_chips": 0}
    __slots__ = ()

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with ``gen_zhuang_chips``."""
        return bool(settings.gen_zhuang_chips)

    def first_go_around(self, kinds: Sequence[int], events: list[Event]) -> bool:
        """The dealer (East) pays each other seat; the hand goes on."""
        deal = self.deal
        paid = gen_zhuang(0, deal.in_play, deal.settings).transfers
        deal.paid += paid
        events += [Event(EventKind.PAID, WINDS[t.payee], what="gen_zhuang", amount=t.amount) for t in paid]
        return False
