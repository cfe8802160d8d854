"""Computer player figures: ``decision_ms_p99`` (one ``strong`` decision, p99 over a few
thousand decisions in seeded games; ``normal_decision_ms_p99`` the same for ``normal``),
``decision_ms_p99_defence_<table>`` (``strong`` with defence on, as the bot seats its computers,
at dmjl, wikibooks with riichi and dora, and rumisberg, whose conditions the players measure
against) and ``ai_hand_ms`` (a whole hand of four ``normal`` players, engine included, median)."""

from __future__ import annotations

import statistics
import time
from typing import Any, Final

from engine.ai.player import AIPlayer
from engine.game import Game


def _decisions(
    level: str = "strong",
    games: int = 12,
    hands_per_game: int = 6,
    *,
    tables: tuple[tuple[str, dict[str, object]], ...] = (("dmjl", {}), ("huabao", {})),
    defence: bool = False,
    seed: str = "bench-ai",
) -> list[float]:
    """Milliseconds per decision of four ``level`` players playing each other, game ``g`` at
    ``tables[g % len(tables)]`` (a ruleset and its house rules); ``defence`` as the bot seats them."""
    times: list[float] = []
    for g in range(games):
        ruleset, overrides = tables[g % len(tables)]
        game = Game(ruleset, overrides, seed=f"{seed}:{g}", players=["a", "b", "c", "d"])
        players = [
            AIPlayer(level, seed=f"{seed}:{g}:{p}", defence=defence, ruleset=game.ruleset) for p in range(4)
        ]
        for _ in range(hands_per_game):
            while not game.deal.over:
                position = next(p for p in range(4) if game.legal_actions(p))
                view = game.view(position)
                start = time.perf_counter()
                action = players[position].choose(view)
                times.append((time.perf_counter() - start) * 1000)
                game.apply(action)
            if game.finished:
                break
            game.next_hand()
    return times


DEFENCE_TABLES: Final[dict[str, tuple[str, dict[str, object]]]] = {
    "dmjl": ("dmjl", {}),
    "riichi": ("wikibooks", {"riichi": True, "dora": True}),
    "rumisberg": ("rumisberg", {}),
}
"""The tables whose ``strong`` players with defence on are timed: a classical one, one with
riichi declarers to read, one with conditions on what may win."""


def _defended(table: tuple[str, dict[str, object]]) -> list[float]:
    """Milliseconds per decision of four ``strong`` players with defence on (as the bot seats
    them) at ``table``: four games of four hands."""
    return _decisions("strong", 4, 4, tables=(table,), defence=True, seed="bench-defence")


def _hands(count: int = 60) -> list[float]:
    """Milliseconds per whole hand of four ``normal`` players (views and engine included)."""
    out: list[float] = []
    for h in range(count):
        game = Game("dmjl", seed=f"bench-hand:{h}", players=["a", "b", "c", "d"])
        players = [AIPlayer("normal", seed=f"bench-hand:{h}:{p}", ruleset=game.ruleset) for p in range(4)]
        start = time.perf_counter()
        while not game.deal.over:
            position = next(p for p in range(4) if game.legal_actions(p))
            game.apply(players[position].choose(game.view(position)))
        out.append((time.perf_counter() - start) * 1000)
    return out


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2)


def run() -> dict[str, Any]:
    """Decision time p99 of ``strong`` (and ``normal``) and the median time of a four-computer hand."""
    _hands(5)  # warm the shanten and scoring caches
    times = _decisions("strong")
    normal = _decisions("normal")
    defended = {name: _p99(_defended(table)) for name, table in DEFENCE_TABLES.items()}
    return {
        "decision_ms_p99": _p99(times),
        **{f"decision_ms_p99_defence_{name}": p99 for name, p99 in defended.items()},
        "decision_ms_mean": round(statistics.fmean(times), 3),
        "decisions": len(times),
        "normal_decision_ms_p99": _p99(normal),
        "normal_decision_ms_mean": round(statistics.fmean(normal), 3),
        "ai_hand_ms": round(statistics.median(_hands()), 1),
    }


if __name__ == "__main__":
    print(run())
