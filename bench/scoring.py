"""Scoring throughput: ``score_hands_per_s`` over the fixed mixed set of bench/hands.py
(dmjl with a third huabao, the figure kept since the first benchmark), and
``score_hands_per_s_<ruleset>`` over each other ruleset's own set (``ruleset_set``:
its worked examples and special hands, random hands valid in its tile set).

Hands are parsed once; the figure is scoring alone (arrangements, waits,
every item, the score sheet's lines) on one core. ``Score.groups`` is built
when first read, so it is not in the figure. ``parse_score_hands_per_s`` adds
reading the notation, as ``mahjong score`` does for every request.
"""

from __future__ import annotations

import statistics
import time

from bench.hands import Request, request_set, ruleset_set
from engine.hand import Hand
from engine.rulesets import Ruleset, get_ruleset
from engine.scoring import WinContext, score
from engine.settings import Settings

RULESETS = ("huabao", "wikibooks", "rumisberg", "jiangxi")
"""The rulesets with a figure of their own (dmjl is ``score_hands_per_s``)."""

Prepared = list[tuple[Hand, WinContext, Ruleset, Settings]]


def _prepared(requests: list[Request]) -> Prepared:
    out = []
    for r in requests:
        ctx = WinContext.make(
            seat=r.seat, prevailing=r.prevailing, win=r.win, self_drawn=r.self_drawn, flags=r.flags
        )
        rs = get_ruleset(r.ruleset)
        out.append((Hand.parse(r.hand), ctx, rs, rs.settings(r.settings)))
    return out


def _rates(prepared: Prepared, rounds: int, passes: int) -> list[float]:
    """Hands scored per second in each of ``rounds`` timed runs of ``passes`` passes."""
    for hand, ctx, ruleset, settings in prepared:  # warm the per-suit tables once
        score(hand, ctx, ruleset=ruleset, settings=settings)
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(passes):
            for hand, ctx, ruleset, settings in prepared:
                score(hand, ctx, ruleset=ruleset, settings=settings)
        rates.append(passes * len(prepared) / (time.perf_counter() - start))
    return rates


def run(rounds: int = 7, passes: int = 8) -> dict[str, float]:
    """Median (and for the mixed set best-of) figures over ``rounds`` timed runs of ``passes``
    passes each."""
    requests = request_set()
    kinds = {k: sum(1 for r in requests if r.kind == k) for k in ("win", "limit", "loss", "no-win")}
    rates = _rates(_prepared(requests), rounds, passes)
    parse_rates = []
    for _ in range(3):
        start = time.perf_counter()
        for r in requests:
            ctx = WinContext.make(
                seat=r.seat, prevailing=r.prevailing, win=r.win, self_drawn=r.self_drawn, flags=r.flags
            )
            score(Hand.parse(r.hand), ctx, get_ruleset(r.ruleset), r.settings)
        parse_rates.append(len(requests) / (time.perf_counter() - start))
    figures: dict[str, float] = {
        "score_hands_per_s": round(statistics.median(rates)),
        "score_hands_per_s_best": round(max(rates)),
        "parse_score_hands_per_s": round(statistics.median(parse_rates)),
        "score_set_size": len(requests),
        "score_set_wins": kinds["win"],
        "score_set_limit_hands": kinds["limit"],
        "score_set_losses": kinds["loss"],
        "score_set_no_wins": kinds["no-win"],
    }
    for name in RULESETS:
        own = _prepared(ruleset_set(name))
        figures[f"score_hands_per_s_{name}"] = round(statistics.median(_rates(own, rounds, passes)))
    return figures
