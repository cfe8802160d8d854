"""Game engine figures: ``simulate_hands_per_s`` (the engine and the simple
built-in players, one core: ``mahjong simulate --players simple,simple,simple,simple``)
and ``table_memory_kb`` (one live table in the middle of a hand).

The computer players of engine/ai are measured by bench/ai.py (``ai_hand_ms``)."""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc

from cli.simulate_cmd import simulate, unique_names
from engine.game import Game
from engine.players import SimplePlayer
from engine.rulesets import get_ruleset


def _table_mid_hand(seed: int) -> Game:
    game = Game("dmjl", seed=seed, players=["Ada", "Bo", "Cy", "Di"])
    player = SimplePlayer()
    for _ in range(40):  # about twenty discards into the hand
        if game.deal.over:
            break
        position = next(p for p in range(4) if game.legal_actions(p))
        game.apply(player.choose(game.view(position)))
    return game


def table_memory_kb(samples: int = 5) -> float:
    """Memory held by one live table mid-hand, measured with tracemalloc (median of ``samples``)."""
    _table_mid_hand(0)  # warm caches (suit tables, scoring tables) outside the measurement
    sizes = []
    for seed in range(1, samples + 1):
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        game = _table_mid_hand(seed)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert game.hand_number == 1
        sizes.append((after - before) / 1024)
        del game
    return round(statistics.median(sizes), 1)


def run(hands: int = 600, rounds: int = 3) -> dict[str, float]:
    """Hands per second over ``rounds`` runs of ``hands`` hands (median), and table memory."""
    settings = get_ruleset("dmjl").settings()
    rates = []
    errors = 0
    for r in range(rounds):
        start = time.perf_counter()
        report = simulate("dmjl", settings, hands, f"bench:{r}", unique_names(["simple"] * 4))
        rates.append(report["hands"] / (time.perf_counter() - start))
        errors += report["errors"]
    return {
        "simulate_hands_per_s": round(statistics.median(rates), 1),
        "simulate_errors": errors,
        "table_memory_kb": table_memory_kb(),
    }
