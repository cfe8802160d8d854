"""A simple computer player: it takes every win, claims pongs and kongs, and
discards the least useful tile. It decides from its seat's view only.

The computer players of the AI issue replace it; it stays as the baseline.

>>> from engine.deal import Deal
>>> deal = Deal("dmjl", seed=5)
>>> action = SimplePlayer().choose(deal.view(0))
>>> action in deal.view(0).legal
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.actions import Action, ActionKind
from engine.errors import IllegalActionError
from engine.tiles import HONOUR_START, N_KINDS
from engine.views import SeatView

_PREFERRED: Final = (
    ActionKind.MAHJONG,
    ActionKind.KONG,
    ActionKind.CONCEALED_KONG,
    ActionKind.ADDED_KONG,
    ActionKind.PONG,
)
"""What the simple player takes whenever it may, in this order."""


def usefulness(counts: Sequence[int], kind: int) -> int:
    """How much a tile of ``kind`` helps the hand: copies held, and neighbours in its suit."""
    value = 4 * (counts[kind] - 1)
    if kind < HONOUR_START:
        rank = kind % 9
        for delta, weight in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= rank + delta <= 8 and counts[kind + delta]:
                value += weight
        if rank in (0, 8):
            value -= 1
    return value


class SimplePlayer:
    """Baseline computer player (see the module docstring)."""

    name = "simple"

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``.

        :raises IllegalActionError: if the view offers nothing to do.
        """
        legal = list(view.legal)
        if not legal:
            raise IllegalActionError("there is nothing to do now")
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for kind in _PREFERRED:
            if kind in by_kind:
                return by_kind[kind][0]
        if ActionKind.DISCARD not in by_kind:
            return by_kind.get(ActionKind.PASS, legal)[0]
        counts = [0] * N_KINDS
        tiles = list(view.concealed) + ([view.drawn] if view.drawn is not None else [])
        for t in tiles:
            counts[t] += 1
        options = by_kind[ActionKind.DISCARD]
        return min(options, key=lambda a: (usefulness(counts, int(a.tile or 0)), -int(a.tile or 0)))
