"""Run the benchmarks: ``python -m bench [NAME ...] [--json]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from bench import (
    ai,
    bot,
    game,
    history,
    leaderboard,
    rating,
    render,
    retention,
    rollout,
    scoring,
    shanten,
    startup,
    stats,
    storage,
    tables,
)

BENCHMARKS: dict[str, Callable[[], dict[str, Any]]] = {
    "score": scoring.run,
    "game": game.run,
    "shanten": shanten.run,
    "render": render.run,
    "storage": storage.run,
    "ai": ai.run,
    "rollout": rollout.run,
    "bot": bot.run,
    "leaderboard": leaderboard.run,
    "stats": stats.run,
    "retention": retention.run,
    "rating": rating.run,
    "history": history.run,
    "startup": startup.run,
    "tables": tables.run,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", help=f"benchmarks to run (default all): {', '.join(BENCHMARKS)}")
    parser.add_argument("--json", action="store_true", help="print one flat JSON object of figures")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        print(
            f"unknown benchmark(s) {', '.join(unknown)}; there are: {', '.join(BENCHMARKS)}", file=sys.stderr
        )
        return 2
    figures: dict[str, Any] = {}
    for name in args.names or list(BENCHMARKS):
        figures.update(BENCHMARKS[name]())
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        for key, value in sorted(figures.items()):
            print(f"{key:32} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
