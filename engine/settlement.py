"""Settlement: who pays whom after a hand (RULES.md §1.14).

Values are per seat, indexed ``E=0, S=1, W=2, N=3``. Every transfer is
reported, and the nets always sum to zero.

>>> result = settle([16, 76, 4, 0], winner=1)   # RULES.md EX-01
>>> result.nets
(-96, 304, -96, -112)
>>> sum(result.nets)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import SettingError


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: ``payer`` pays ``amount`` to ``payee`` (seats), for ``reason``."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every transfer of a hand and the net result per seat."""

    transfers: tuple[Transfer, ...]
    nets: tuple[int, ...]


def settle(
    values: Sequence[int],
    *,
    winner: int | None,
    east: int = 0,
    east_factor: int = 2,
    loser_settlement: str = "differences",
    discarder: int | None = None,
    discarder_pays_all: bool = False,
) -> Settlement:
    """Settle a hand: the winner is paid by every loser (``pay_winner``), then the
    losers pay each other the differences of their hand values
    (``loser_differences``); East pays and receives ``east_factor`` times.

    ``winner`` None settles a drawn hand with mutual differences among all
    seats when ``loser_settlement`` is ``"differences"`` and nothing otherwise.
    With ``discarder_pays_all`` and a win on ``discarder``'s tile, the discarder
    alone pays the winner 4 times the value, 6 times if the winner holds the
    double role (RULES.md §1.14, ``discarder_pays``).

    >>> settle([0, 0, 30, 0], winner=2, discarder=1, discarder_pays_all=True).nets
    (0, -120, 120, 0)

    :raises SettingError: for an unknown ``loser_settlement``.
    """
    n = len(values)
    transfers: list[Transfer] = []

    def factor(a: int, b: int) -> int:
        return east_factor if east in (a, b) else 1

    if winner is not None and discarder_pays_all and discarder is not None:
        times = 6 if east_factor > 1 and winner == east else 4
        if values[winner]:
            amount = values[winner] * times
            transfers.append(Transfer(discarder, winner, amount, "Mah-Jongg (discarder pays)"))
    elif winner is not None:
        for seat in range(n):
            if seat != winner:
                amount = values[winner] * factor(seat, winner)
                if amount:
                    transfers.append(Transfer(seat, winner, amount, "Mah-Jongg"))
    if loser_settlement == "differences":
        losers = [s for s in range(n) if s != winner]
        for i, a in enumerate(losers):
            for b in losers[i + 1 :]:
                diff = values[a] - values[b]
                if diff > 0:
                    transfers.append(Transfer(b, a, diff * factor(a, b), "difference of hands"))
                elif diff < 0:
                    transfers.append(Transfer(a, b, -diff * factor(a, b), "difference of hands"))
    elif loser_settlement != "none":
        raise SettingError(f"loser_settlement takes differences or none, not {loser_settlement!r}")
    nets = [0] * n
    for t in transfers:
        nets[t.payer] -= t.amount
        nets[t.payee] += t.amount
    return Settlement(tuple(transfers), tuple(nets))
