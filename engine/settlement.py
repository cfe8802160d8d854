"""Settlement: who pays whom after a hand (RULES.md §1.14).

Values are per seat, indexed ``E=0, S=1, W=2, N=3``. Every transfer is
reported, and the nets always sum to zero.

A hand is settled by :func:`settle_hand` with the ruleset's own payments (``Deal`` calls
it as play goes):

>>> from engine.rulesets import DMJL
>>> result = settle_hand([16, 76, 4, 0], winners=[1], discarder=None, ruleset=DMJL, settings=DMJL.defaults)
>>> result.nets                                          # RULES.md EX-01
(-96, 304, -96, -112)
>>> sum(result.nets)
0
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rulesets import Ruleset
    from engine.settings import Settings


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: ``payer`` pays ``amount`` to ``payee`` (seats), for ``reason``."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Stake:
    """Points ``seat`` put into the centre for ``reason`` (a riichi stick, a Gulasch stake):
    the next winner takes them. A stake stays the owner's until then, so every booked
    payment is one player paying another and the chips still sum to zero."""

    seat: int
    amount: int
    reason: str


def take_centre(centre: Sequence[Stake], winner: int) -> list[Transfer]:
    """What the winner takes from the centre: every stake but his own, from its owner.

    >>> sticks = [Stake(1, 200, "riichi"), Stake(2, 200, "riichi")]
    >>> [(t.payer, t.payee, t.amount) for t in take_centre(sticks, 1)]
    [(2, 1, 200)]
    """
    return [Transfer(s.seat, winner, s.amount, s.reason) for s in centre if s.seat != winner and s.amount]


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every transfer of a hand and the net result per seat."""

    transfers: tuple[Transfer, ...]
    nets: tuple[int, ...]


def differences(
    values: Sequence[int],
    seats: Sequence[int],
    *,
    east: int,
    east_factor: int,
    receivers: Collection[int] | None = None,
) -> list[Transfer]:
    """``loser_differences`` (RULES.md §1.14): among ``seats``, for every pair the lower hand
    pays the higher the difference of their values, East's factor where East is one of them;
    with ``receivers`` only a seat among them is paid (western play: riichi declarers, A-WB-14).

    >>> [(t.payer, t.payee, t.amount) for t in differences([0, 30, 10, 10], [1, 2, 3], east=0, east_factor=2)]
    [(2, 1, 20), (3, 1, 20)]
    """
    out: list[Transfer] = []
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            times = east_factor if east in (a, b) else 1
            high, low = (a, b) if values[a] >= values[b] else (b, a)
            diff = values[high] - values[low]
            if diff and (receivers is None or high in receivers):
                out.append(Transfer(low, high, diff * times, "difference of hands"))
    return out


def nets(transfers: Iterable[Transfer], size: int) -> tuple[int, ...]:
    """Each seat's net result of ``transfers`` (what it received less what it paid), for the
    seats ``0 .. size - 1``; the nets sum to zero.

    >>> nets([Transfer(0, 2, 1000, "bouquet"), Transfer(1, 2, 1000, "bouquet")], 3)
    (-1000, -1000, 2000)
    >>> nets([], 4)
    (0, 0, 0, 0)

    :raises IndexError: for a transfer from or to a seat ``size`` or above.
    """
    out = [0] * size
    for t in transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return tuple(out)


def totalled(transfers: Sequence[Transfer], n: int) -> Settlement:
    """``transfers`` with each of ``n`` seats' net result (:func:`nets`).

    >>> totalled([Transfer(0, 2, 30, "x"), Transfer(1, 2, 10, "x")], 4).nets
    (-30, -10, 40, 0)
    """
    return Settlement(tuple(transfers), nets(transfers, n))


def settle_hand(
    values: Sequence[int],
    *,
    winners: Sequence[int],
    discarder: int | None,
    ruleset: Ruleset,
    settings: Settings,
    seats: Sequence[int] = (0, 1, 2, 3),
    east: int = 0,
    declarers: Collection[int] = (),
    fixed: Collection[int] = (),
) -> Settlement:
    """Settle one hand as ``ruleset`` pays it: each winner is paid by the ruleset's own
    payments (``Ruleset.pays``: RULES.md §1.14.1; several winners on one discard are each
    paid as if they won alone, A-JX-07), then the losers settle among themselves as
    ``settings.loser_settlement`` says (``riichi_only``: a loser receives only if he is one of
    the riichi ``declarers``, A-WB-14; ``fixed``: the winners whose hand has a fixed value, as
    rumisberg's club hand, which is neither rounded nor capped); a drawn hand (no ``winners``)
    settles only with ``draw_settlement`` ``mutual``: every seat's differences (with
    ``riichi_only`` only the declarers receive, A-WB-14). ``values`` are by
    seat; seats not in ``seats`` are not at the table.

    >>> from engine.rulesets import get_ruleset
    >>> rs = get_ruleset("dmjl")
    >>> settle_hand([16, 76, 4, 0], winners=[1], discarder=None, ruleset=rs, settings=rs.defaults).nets
    (-96, 304, -96, -112)
    """
    transfers: list[Transfer] = []
    for winner in winners:
        paid = ruleset.pays(
            values[winner],
            winner=winner,
            seats=seats,
            east=east,
            discarder=discarder,
            settings=settings,
            fixed=winner in fixed,
        )
        transfers += [Transfer(seat, winner, amount, "Mah-Jongg") for seat, amount in paid.items() if amount]
    if winners:
        mode = settings.loser_settlement
    elif settings.draw_settlement == "mutual":  # every seat settles; western: to declarers only
        mode = "riichi_only" if settings.loser_settlement == "riichi_only" else "differences"
    else:
        mode = "none"
    losers = [s for s in seats if s not in winners]
    if mode == "differences":
        transfers += differences(values, losers, east=east, east_factor=settings.east_factor)
    elif mode == "riichi_only":
        transfers += differences(
            values, losers, east=east, east_factor=settings.east_factor, receivers=declarers
        )
    return totalled(transfers, len(values))
