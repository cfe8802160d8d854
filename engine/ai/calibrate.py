"""Fitting :class:`~engine.ai.model.OutcomeModel` to play, and checking it against what happens.

Four ``normal`` players play hands; after every discard (the moment a hand of
``3n + 1`` tiles waits for what comes) the discarder's hand is described by the
model's inputs (:class:`Sample`), and when the hand ends each sample learns
whether its seat won and what it was paid. :func:`fit` then finds

* the win chance: a logistic regression on :func:`~engine.ai.model.features`
  (Newton's method, a small ridge keeps rare classes finite);
* the chips: straight lines, for winners in the estimated value and for the
  others in the value of their sets, East and the other seats apart.

:func:`calibration` compares what the fitted (or any) chance predicted with how
often those hands won, bucket by bucket. ``mahjong calibrate`` runs all of it
and writes :mod:`engine.ai.fitted`.

>>> samples = play_and_record("dmjl", None, "doc")
>>> len(samples) > 20, {s.won for s in samples} <= {0, 1}
(True, True)
>>> len({(s.won, s.net) for s in samples if s.seat == 0})  # one outcome per seat and deal
1
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.actions import ActionKind
from engine.ai.fitted import Entry, Line
from engine.ai.model import N_FEATURES, VALUE_CLASSES, Inputs, OutcomeModel, features, value_class
from engine.ai.player import AIPlayer, Evaluator
from engine.deal import Deal
from engine.rulesets import Ruleset
from engine.seats import WINDS
from engine.settings import Settings

__all__ = [
    "BUCKETS",
    "Bucket",
    "Fit",
    "Sample",
    "calibration",
    "describe",
    "fit",
    "line",
    "logistic",
    "play_and_record",
    "render",
]

_DISCARDS = (ActionKind.DISCARD, ActionKind.CALL, ActionKind.RIICHI, ActionKind.FISHING)


class Sample(NamedTuple):
    """One hand of ``3n + 1`` tiles just after its discard, and how the deal ended for its seat."""

    seat: int
    east: bool
    inputs: Inputs
    """What the win-chance model knows of the hand."""
    value: float
    """The hand's estimated value if it wins (:attr:`Option.value`)."""
    lose: float
    """The value of its sets if another player wins."""
    won: int = 0
    net: int = 0


def describe(ev: Evaluator, counts: Sequence[int], discard: int) -> Sample:
    """The :class:`Sample` (outcome unknown) of ``ev``'s hand after discarding ``discard``."""
    after = list(counts)
    after[discard] -= 1
    opt = ev.evaluate(after, ev.state.melds)
    assert opt.inputs is not None
    return Sample(-1, ev.state.seat_wind == 0, opt.inputs, opt.value, opt.lose)


def play_and_record(
    ruleset: str | Ruleset,
    settings: Settings | Mapping[str, object] | None,
    seed: str,
    level: str = "normal",
    seat: int = 0,
) -> list[Sample]:
    """Play deal ``seed`` with ``normal`` players (a ``level`` player in ``seat`` when ``level``
    is not normal) and return a :class:`Sample` for every discard of the ``level`` players,
    each with its seat's outcome (won, net chips)."""
    deal = Deal(ruleset, settings, seed)
    players = {
        w: AIPlayer(level if w == seat else "normal", seed=f"{seed}:{w}", ruleset=deal.ruleset)
        for w in deal.in_play
    }
    recorded = set(deal.in_play) if level == "normal" else {seat}
    taken: list[Sample] = []
    while not deal.over:
        for idle in deal.idle_passes():
            deal.apply(idle)
        if deal.over:
            break
        wind = deal.to_act()[0]
        view = deal.view(wind)
        player = players[wind]
        if view.phase == "turn" and len(view.legal) > 1 and wind in recorded:
            ev = Evaluator(view, player.knowledge(deal.ruleset, view.settings), "strong")
            action = player.choose(view)
            if action.kind in _DISCARDS and action.tile is not None:
                taken.append(describe(ev, ev.state.counts, action.tile)._replace(seat=wind))
        else:
            action = player.choose(view)
        deal.apply(action.by(WINDS[wind]))  # the view's move (by position) is this wind's
    result = deal.result
    assert result is not None
    nets = result.settlement.nets
    return [s._replace(won=int(s.seat in result.winners), net=nets[s.seat]) for s in taken]


# --- Fitting ------------------------------------------------------------------------------------

RIDGE = 1.0
"""Ridge penalty of the logistic fit (on the sum of squared coefficients)."""


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (symmetric positive definite) by Gaussian elimination with pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def logistic(xs: Sequence[Sequence[float]], ys: Sequence[int], *, iterations: int = 12) -> list[float]:
    """Coefficients of a logistic regression of ``ys`` (0/1) on ``xs`` (Newton's method, ridge
    :data:`RIDGE`).

    >>> xs = [[1.0, float(i)] for i in range(10)]
    >>> ys = [0, 0, 0, 1, 0, 1, 1, 0, 1, 1]
    >>> b = logistic(xs, ys)
    >>> b[1] > 0
    True
    """
    d = len(xs[0])
    beta = [0.0] * d
    for _ in range(iterations):
        grad = [-RIDGE * b for b in beta]
        hess = [[RIDGE if i == j else 0.0 for j in range(d)] for i in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(b * v for b, v in zip(beta, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            w = p * (1.0 - p)
            r = y - p
            nz = [(i, v) for i, v in enumerate(x) if v]
            for i, vi in nz:
                grad[i] += r * vi
                row = hess[i]
                wv = w * vi
                for j, vj in nz:
                    row[j] += wv * vj
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return beta


def line(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Least-squares ``(a, b)`` of ``y = a x + b`` through ``points`` (a flat line at the mean
    when every x is the same).

    >>> line([(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)])
    (2.0, 1.0)
    """
    n = len(points)
    if not n:
        return 0.0, 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if not sxx:
        return 0.0, my
    a = sum((x - mx) * (y - my) for x, y in points) / sxx
    return a, my - a * mx


@dataclass(frozen=True, slots=True)
class Fit:
    """A fitted model and what it was fitted on."""

    ruleset: str
    players: int
    hands: int
    samples: int
    model: OutcomeModel
    level: str = "normal"
    """Whose hands the samples describe: four ``normal`` players, or a ``strong`` seat among them."""


def fit(
    ruleset: str,
    players: int,
    hands: int,
    samples: Sequence[Sample],
    *,
    level: str = "normal",
    max_rows: int = 80_000,
) -> Fit:
    """Fit an :class:`OutcomeModel` to ``samples`` (from ``hands`` hands, of ``level`` players);
    the logistic part on an evenly spread ``max_rows`` of them at most (its cost grows with the
    rows)."""
    step = max(1, len(samples) // max_rows)
    rows = samples[::step]
    win = logistic([features(s.inputs) for s in rows], [s.won for s in rows])
    won = tuple(
        line(
            [(s.value, float(s.net)) for s in samples if s.won and value_class(s.east, s.inputs.shanten) == c]
        )
        for c in range(VALUE_CLASSES)
    )
    lost = tuple(
        line([(s.lose, float(s.net)) for s in samples if not s.won and s.east is e]) for e in (False, True)
    )
    assert len(lost) == 2 and len(win) == N_FEATURES
    model = OutcomeModel(tuple(win), won, (lost[0], lost[1]))
    return Fit(ruleset, players, hands, len(samples), model, level)


# --- Checking -------------------------------------------------------------------------------------

BUCKETS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)
"""Edges of the predicted-chance buckets of :func:`calibration`."""


@dataclass(frozen=True, slots=True)
class Bucket:
    """Hands whose predicted chance fell in ``[low, high)``: how many, predicted and observed."""

    low: float
    high: float
    hands: int
    predicted: float
    observed: float


def calibration(samples: Sequence[Sample], chance: Callable[[Inputs], float]) -> list[Bucket]:
    """Predicted against observed win rate by bucket of the prediction ``chance`` (of a
    sample's inputs, like :meth:`OutcomeModel.win_chance`).

    >>> rows = [Sample(0, False, Inputs(0, 8, 60, 0, 0, 0), 50.0, 4.0, won=w) for w in (1, 0, 1, 1)]
    >>> [(b.hands, b.predicted, b.observed) for b in calibration(rows, lambda s: 0.7)]
    [(4, 0.7, 0.75)]
    """
    sums: dict[int, list[float]] = {}
    for s in samples:
        p = chance(s.inputs)
        i = next(i for i in range(len(BUCKETS) - 1) if p < BUCKETS[i + 1] or i == len(BUCKETS) - 2)
        acc = sums.setdefault(i, [0.0, 0.0, 0.0])
        acc[0] += 1
        acc[1] += p
        acc[2] += s.won
    return [Bucket(BUCKETS[i], BUCKETS[i + 1], int(n), p / n, w / n) for i, (n, p, w) in sorted(sums.items())]


def render(
    fits: Sequence[Fit],
    keep: Mapping[tuple[str, int], Entry] | None = None,
    sources: Mapping[tuple[str, int], str] | None = None,
) -> str:
    """The source of :mod:`engine.ai.fitted` holding ``fits``, and for the other tables the
    entries of ``keep`` (with their ``sources``): the file ``mahjong calibrate --write`` writes.

    >>> text = render([])
    >>> "FITTED" in text and "SOURCES" in text
    True
    """
    entries: dict[tuple[str, int], tuple[str, Entry]] = {}
    for key, entry in (keep or {}).items():
        entries[key] = ((sources or {}).get(key, ""), entry)
    for f in fits:
        m = f.model
        who = (
            f"{f.players} normal players"
            if f.level == "normal"
            else f"{f.level} in one seat, {f.players - 1} normal players"
        )
        source = f"mahjong calibrate: {f.hands} hands of {who}, {f.samples} discards"
        entries[(f.ruleset, f.players)] = (source, (m.win, m.won, m.lost))

    def r(v: float) -> str:
        return repr(round(v, 4))

    def pair(p: Line) -> str:
        return f"({r(p[0])}, {r(p[1])})"

    # Laid out as ruff formats it (the file is checked with the rest of the tree).
    lines = [
        '"""Fitted coefficients of :mod:`engine.ai.model`, written by ``mahjong calibrate --write``',
        '(do not edit by hand; SOURCES names the run behind each entry)."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "Line = tuple[float, float]",
        "Entry = tuple[tuple[float, ...], tuple[Line, ...], tuple[Line, Line]]",
        '"""(win-chance coefficients, winner lines, loser lines): see OutcomeModel."""',
        "",
        "FITTED: Final[dict[tuple[str, int], Entry]] = {",
    ]
    for (ruleset, players), (_, (win, won, lost)) in sorted(entries.items()):
        lines.append(f'    ("{ruleset}", {players}): (')
        lines.append("        (")
        lines += [f"            {r(c)}," for c in win]
        lines.append("        ),")
        lines.append("        (")
        lines += [f"            {pair(w)}," for w in won]
        lines.append("        ),")
        lines.append(f"        ({pair(lost[0])}, {pair(lost[1])}),")
        lines.append("    ),")
    lines += ["}", "", "SOURCES: Final[dict[tuple[str, int], str]] = {"]
    for (ruleset, players), (source, _) in sorted(entries.items()):
        lines.append(f'    ("{ruleset}", {players}): {json.dumps(source)},')
    lines.append("}")
    return "\n".join(lines) + "\n"
