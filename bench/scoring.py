"""Scoring throughput: ``score_hands_per_s`` over the fixed mixed set of bench/hands.py.

Hands are parsed once; the figure is scoring alone (arrangements, waits,
every item, the score sheet's lines) on one core. ``Score.groups`` is built
when first read, so it is not in the figure. ``parse_score_hands_per_s`` adds
reading the notation, as ``mahjong score`` does for every request.
"""

from __future__ import annotations

import statistics
import time

from bench.hands import request_set
from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.scoring import WinContext, score


def _prepared() -> list[tuple[Hand, WinContext, str, object]]:
    out = []
    for r in request_set():
        ctx = WinContext.make(
            seat=r.seat, prevailing=r.prevailing, win=r.win, self_drawn=r.self_drawn, flags=r.flags
        )
        settings = get_ruleset(r.ruleset).settings(r.settings)
        out.append((Hand.parse(r.hand), ctx, r.ruleset, settings))
    return out


def run(rounds: int = 7, passes: int = 8) -> dict[str, float]:
    """Best-of and median figures over ``rounds`` timed runs of ``passes`` passes each."""
    prepared = _prepared()
    requests = request_set()
    kinds = {k: sum(1 for r in requests if r.kind == k) for k in ("win", "limit", "loss", "no-win")}
    for hand, ctx, ruleset, settings in prepared:  # warm the per-suit tables once
        score(hand, ctx, ruleset=ruleset, settings=settings)  # type: ignore[arg-type]
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(passes):
            for hand, ctx, ruleset, settings in prepared:
                score(hand, ctx, ruleset=ruleset, settings=settings)  # type: ignore[arg-type]
        rates.append(passes * len(prepared) / (time.perf_counter() - start))
    parse_rates = []
    for _ in range(3):
        start = time.perf_counter()
        for r in requests:
            ctx = WinContext.make(
                seat=r.seat, prevailing=r.prevailing, win=r.win, self_drawn=r.self_drawn, flags=r.flags
            )
            score(Hand.parse(r.hand), ctx, ruleset=r.ruleset, settings=r.settings)
        parse_rates.append(len(requests) / (time.perf_counter() - start))
    return {
        "score_hands_per_s": round(statistics.median(rates)),
        "score_hands_per_s_best": round(max(rates)),
        "parse_score_hands_per_s": round(statistics.median(parse_rates)),
        "score_set_size": len(prepared),
        "score_set_wins": kinds["win"],
        "score_set_limit_hands": kinds["limit"],
        "score_set_losses": kinds["loss"],
        "score_set_no_wins": kinds["no-win"],
    }
