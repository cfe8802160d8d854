"""East's Pot (rumisberg rule 20, card No. 30, A-RU-10): when East wins with a special hand
marked ``/pot`` in ``special_hands``, every other player pays him his whole balance
(``pot_reading = whole_balance``) or East's hand value undoubled, instead of the usual payments."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.features.base import Feature
from engine.scoring.special_hands import parse_special_hands
from engine.settings import Settings
from engine.settlement import Transfer

if TYPE_CHECKING:
    from engine.scoring import Score


def is_pot(result: Score, settings: Settings) -> bool:
    """Whether ``result`` is the club's "Pot" (rule 20, card No. 30): a special hand marked
    ``/pot`` in the ``special_hands`` setting (the card is not in the seed, A-RU-01)."""
    if not result.won:
        return False
    codes = {line.code for line in result.items}
    hands = parse_special_hands(settings.special_hands)
    return any(hand.pot and f"SH{n}" in codes for n, hand in enumerate(hands, 1))


def pot_payments(balances: Mapping[int, int], *, east: int, value: int, settings: Settings) -> list[Transfer]:
    """What East receives when he makes the Pot (rule 20, A-RU-10: "Osten erhält von jedem
    Mitspieler seine Punkte"): each other player's whole balance (``pot_reading =
    whole_balance``; "Pech" for one who has hardly any, nothing from one who has none), or
    East's hand ``value`` undoubled (``hand_value_undoubled``). Instead of his usual payments.

    >>> [(t.payer, t.amount) for t in pot_payments({0: 12000, 1: 9000, 2: 150, 3: 0}, east=0,
    ...                                            value=3000, settings=Settings())]
    [(1, 9000), (2, 150)]
    """
    out = []
    for seat, balance in sorted(balances.items()):
        if seat == east:
            continue
        amount = max(balance, 0) if settings.pot_reading == "whole_balance" else value
        if amount:
            out.append(Transfer(seat, east, amount, "pot"))
    return out


class Pot(Feature):
    """East's Pot replaces his usual payments."""

    name: ClassVar[str] = "pot"
    settings: ClassVar[frozenset[str]] = frozenset({"pot_reading"})
    __slots__ = ()

    def settle_win(
        self,
        winners: Sequence[int],
        scores: Sequence[Score | None],
        values: Sequence[int],
        transfers: list[Transfer],
    ) -> list[Transfer]:
        """East's Pot: every other seat pays him instead of the usual payments."""
        deal = self.deal
        winner = winners[0]
        won = scores[winner]
        if winner != 0 or deal.balances is None or won is None or not is_pot(won, deal.settings):
            return transfers
        balances = {s: deal.balances[s] for s in deal.in_play}
        return [t for t in transfers if t.payee != winner] + pot_payments(
            balances, east=0, value=values[winner], settings=deal.settings
        )
