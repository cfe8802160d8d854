"""What a hand's prospects are worth in chips: a win-chance model and the chips that follow,
fitted to hands the computer players played (``mahjong calibrate``, :mod:`engine.ai.calibrate`).

A decision changes three things about a hand: how likely it is to win
(shanten, the useful tiles still unseen, the tiles left in the wall, the sets
already declared at the table), what it is worth if it wins, and what its sets
are worth if it loses (losers settle among themselves in the classical
rulesets). :class:`OutcomeModel` turns those into one figure, the expected net
chips of the hand, so that a faster hand and a richer one are weighed in the
same unit the table pays in.

The win chance is a logistic model on a handful of features of the hand
(:func:`features`); the chips are straight lines in the hand's estimated value,
for a winner and a loser, East and the others apart. Every coefficient comes
from play, not from judgement: :mod:`engine.ai.fitted` holds them, per ruleset
and number of players, with the data they were fitted on.

>>> model = model_for("dmjl", 4)
>>> fast = model.win_chance(Inputs(0, 8, 60, 0, 0, 0))
>>> slow = model.win_chance(Inputs(2, 30, 60, 0, 0, 0))
>>> 0.3 < fast < 0.9 and 0.05 < slow < fast
True
>>> model.expected_net(fast, 40, 8, east=False) > model.expected_net(slow, 40, 8, east=False)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from engine.ai.fitted import FITTED
from engine.ai.shanten import IMPOSSIBLE

__all__ = [
    "N_FEATURES",
    "VALUE_CLASSES",
    "Inputs",
    "OutcomeModel",
    "features",
    "model_for",
    "value_class",
]

SHANTEN_CLASSES = 5
"""Shanten 0, 1, 2, 3 and 4 or more each get their own terms."""
N_FEATURES = 19
"""Length of :func:`features`."""


class Inputs(NamedTuple):
    """What the win-chance model knows of a hand of ``3n + 1`` tiles and its table."""

    shanten: int
    useful: int
    """Useful tiles unseen."""
    wall_live: int
    exposed: int
    """The hand's own exposed sets."""
    opp_max: int
    """The most sets one opponent shows."""
    opp_sum: int
    """The sets all opponents show."""
    pair_useful: int = 0
    """Useful tiles unseen that a pong could take from any player (the hand holds a pair)."""
    major_useful: int = 0
    """Useful tiles unseen that are terminals or honours."""


def features(inputs: Inputs) -> list[float]:
    """The win-chance model's terms for ``inputs``: one term per shanten class,
    the log of the useful tiles unseen (its own slope for shanten 0, 1 and 2), the share of the
    wall left per shanten class, the own exposed sets, the most sets one opponent shows, the
    opponents' sets in all (over three), the log of the useful tiles a pong could take from
    anyone (shanten 1 or more), and the share of terminals and honours among a waiting hand's
    winning tiles (the others discard those first).

    >>> len(features(Inputs(1, 20, 70, 0, 1, 2))) == N_FEATURES
    True
    """
    shanten, useful, wall_live, exposed, opp_max, opp_sum, pair_useful, major_useful = inputs
    s = min(max(shanten, 0), SHANTEN_CLASSES - 1)
    x = [0.0] * N_FEATURES
    x[s] = 1.0
    lu = math.log1p(max(useful, 0))
    x[SHANTEN_CLASSES + min(s, 3)] = lu
    x[9 + s] = wall_live / 100.0
    x[14] = float(exposed)
    x[15] = float(opp_max)
    x[16] = opp_sum / 3.0
    if s:
        x[17] = math.log1p(max(pair_useful, 0))
    elif useful > 0:
        x[18] = major_useful / useful
    return x


VALUE_CLASSES = 6
"""Winner lines: (East or not) × (shanten 0, 1, 2 or more)."""


def value_class(east: bool, shanten: int) -> int:
    """The winner line of a hand of East (or not) at ``shanten``.

    >>> value_class(False, 0), value_class(True, 5)
    (0, 5)
    """
    return 3 * east + min(max(shanten, 0), 2)


@dataclass(frozen=True, slots=True)
class OutcomeModel:
    """Fitted figures for one ruleset and number of players (see the module docstring)."""

    win: tuple[float, ...]
    """Logistic coefficients over :func:`features`."""
    won: tuple[tuple[float, float], ...]
    """Net chips of a winner as ``a * value + b``, by :func:`value_class` (East apart, and the
    hand's shanten when the value was estimated: a waiting hand's value is exact)."""
    lost: tuple[tuple[float, float], tuple[float, float]]
    """Net chips of a loser as ``a * lose_value + b`` (a drawn hand counted in): others, East."""

    def win_chance(self, inputs: Inputs) -> float:
        """The chance that a hand of ``3n + 1`` tiles described by ``inputs`` goes on to win
        (a complete hand, shanten -1: 1; a hand the table's conditions let win no more,
        :data:`~engine.ai.shanten.IMPOSSIBLE`: 0).

        >>> model_for("rumisberg", 4).win_chance(Inputs(IMPOSSIBLE, 0, 60, 2, 0, 0))
        0.0
        """
        if inputs.shanten < 0:
            return 1.0
        if inputs.shanten >= IMPOSSIBLE:
            return 0.0
        x = features(inputs)
        z = sum(c * v for c, v in zip(self.win, x, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def expected_net(
        self, chance: float, value: float, lose: float, *, east: bool, shanten: int = 0
    ) -> float:
        """Expected net chips of a hand ``shanten`` from ready that wins with ``chance`` worth
        ``value``, and otherwise holds sets worth ``lose`` when another player wins. A hand
        that cannot win (``chance`` 0) gets the loser's line alone: the
        winner's line has an intercept that no dead hand earns.

        >>> m = model_for("rumisberg", 4)
        >>> m.expected_net(0.0, 500, 20, east=False) == m.lost[0][0] * 20 + m.lost[0][1]
        True
        """
        c, d = self.lost[east]
        if chance <= 0.0:
            return c * lose + d
        a, b = self.won[value_class(east, shanten)]
        return chance * (a * value + b) + (1.0 - chance) * (c * lose + d)


def model_for(ruleset: str, players: int) -> OutcomeModel:
    """The fitted model of ``ruleset`` at a table of ``players`` (the nearest fitted one when
    that exact table was not fitted: the same ruleset, else dmjl's four players)."""
    return _model(ruleset, players)


@lru_cache(maxsize=32)
def _model(ruleset: str, players: int) -> OutcomeModel:
    win, won, lost = FITTED.get((ruleset, players)) or FITTED.get((ruleset, 4)) or FITTED[("dmjl", 4)]
    return OutcomeModel(win, won, lost)
