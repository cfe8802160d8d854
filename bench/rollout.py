"""``rollout_ms``: the cheapest whole-table rollout pure Python can play, beside ``ai_hand_ms``.

Four hands as counts of the 34 kinds, a shuffled wall, every seat discarding the
tile that leaves the lowest shanten (cached tables), no claims, no scoring: the
floor under any rollout kernel for a search at the table. Issue 13 asked whether
rollouts could be made about a hundred times cheaper than a hand of four
``normal`` players; this figure is why the strong player uses a fitted model of
the outcome instead (``engine/ai/model.py``).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from engine.ai.shanten import shanten


def _rollout(rng: random.Random) -> int:
    """Play one greedy rollout; returns the draws it took."""
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    hands = [[0] * 34 for _ in range(4)]
    for hand in hands:
        for _ in range(13):
            hand[wall.pop()] += 1
    draws = 0
    while len(wall) > 14:
        for hand in hands:
            hand[wall.pop()] += 1
            draws += 1
            if shanten(hand) < 0:
                return draws
            best = (99, 0)
            for k in range(34):
                if hand[k]:
                    hand[k] -= 1
                    best = min(best, (shanten(hand), k))
                    hand[k] += 1
            hand[best[1]] -= 1
    return draws


def run(count: int = 80) -> dict[str, Any]:
    """Median milliseconds per greedy rollout and microseconds per draw and discard."""
    rng = random.Random("bench-rollout")
    _rollout(rng)  # warm the shanten tables
    ms: list[float] = []
    per_draw: list[float] = []
    for _ in range(count):
        start = time.perf_counter()
        draws = _rollout(rng)
        elapsed = time.perf_counter() - start
        ms.append(elapsed * 1000)
        per_draw.append(elapsed * 1e6 / max(1, draws))
    return {
        "rollout_ms": round(statistics.median(ms), 2),
        "rollout_us_per_draw": round(statistics.median(per_draw), 1),
    }
