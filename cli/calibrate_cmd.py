"""``mahjong calibrate``: fit the strong player's outcome model to play, and check it
(``engine/ai/calibrate.py``); ``--write`` stores the fit in ``engine/ai/fitted.py``."""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from cli.duel_cmd import _count
from cli.seats import table_settings
from engine.ai import calibrate
from engine.ai.fitted import FITTED, SOURCES
from engine.ai.model import model_for
from engine.errors import MahjongError, shorten
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import Settings, parse_assignments

FITTED_PATH = Path(calibrate.__file__).with_name("fitted.py")


def add_parser(sub: Any) -> None:
    """Register ``calibrate`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "calibrate",
        help="fit the strong player's win-chance and chips model to computer players' hands",
        description=(
            "Plays hands with four normal players (or strong in one seat, --player strong), records "
            "every discard's hand and how the deal ended, fits the win chance (logistic) and the "
            "chips (lines), and prints predicted against observed win rates by bucket, for the fit "
            "and for the model in use. With --write the fit replaces this ruleset's entry in "
            "engine/ai/fitted.py."
        ),
    )
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument(
        "--hands", type=_count("--hands", "10000"), default=2000, help="hands to play (default 2000)"
    )
    p.add_argument("--seed", default="calibrate", help="seed of the deals (default calibrate)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.add_argument("--players", type=int, choices=(3, 4), default=None, help="players at the table")
    p.add_argument("--jobs", type=_count("--jobs", "2"), default=1, help="processes (default 1)")
    p.add_argument(
        "--player",
        choices=("normal", "strong"),
        default="normal",
        help="whose hands to learn from: four normal players (default), or strong in one seat, in turn",
    )
    p.add_argument("--write", action="store_true", help="store the fit in engine/ai/fitted.py")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def _record(ruleset: str, settings: Settings, seed: str, level: str, hand: int) -> list[calibrate.Sample]:
    seats = get_ruleset(ruleset).seats(settings, None)
    return calibrate.play_and_record(ruleset, settings, f"{seed}:{hand}", level, seats[hand % len(seats)])


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong calibrate``; returns the exit code."""
    try:
        rs = get_ruleset(args.ruleset)
        overrides = parse_assignments(args.set)
        if args.players is not None:
            overrides["players"] = str(args.players)
        settings = table_settings(rs, overrides)
    except MahjongError as exc:
        print(f"mahjong calibrate: {shorten(str(exc))}", file=sys.stderr)
        return 2
    players = len(rs.seats(settings, None))
    start = time.perf_counter()
    work = functools.partial(_record, rs.name, settings, args.seed, args.player)
    samples: list[calibrate.Sample] = []
    if args.jobs == 1:
        for hand in range(args.hands):
            samples += work(hand)
    else:
        with multiprocessing.get_context().Pool(args.jobs) as pool:
            for got in pool.imap(work, range(args.hands), chunksize=16):
                samples += got
    played = time.perf_counter() - start
    fitted = calibrate.fit(rs.name, players, args.hands, samples, level=args.player)
    new = fitted.model
    report: dict[str, Any] = {
        "ruleset": rs.name,
        "players": players,
        "hands": args.hands,
        "samples": len(samples),
        "seconds": round(time.perf_counter() - start, 1),
        "seconds_playing": round(played, 1),
        "win": [round(c, 4) for c in new.win],
        "won": new.won,
        "lost": new.lost,
        "calibration": {},
    }
    in_use = model_for(rs.name, players)  # before --write
    checks = {"fit": new.win_chance, "in use": in_use.win_chance}
    for name, chance in checks.items():
        report["calibration"][name] = [
            {
                "low": b.low,
                "high": b.high,
                "hands": b.hands,
                "predicted": round(b.predicted, 3),
                "observed": round(b.observed, 3),
            }
            for b in calibrate.calibration(samples, chance)
        ]
    if args.write:
        text = calibrate.render([fitted], keep=FITTED, sources=SOURCES)
        FITTED_PATH.write_text(text, encoding="utf-8")
        report["written"] = str(FITTED_PATH)
    if args.json:
        print(json.dumps(report))
    else:
        print(_text(report))
    return 0


def _text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['hands']} hands of {report['ruleset']} ({report['players']} players), "
        f"{report['samples']} discards, {report['seconds']} s"
    ]
    for name, rows in report["calibration"].items():
        lines.append(f"  win chance predicted vs observed ({name}):")
        for b in rows:
            lines.append(
                f"    {b['low']:.2f}-{b['high']:.2f} {b['hands']:>8} discards  predicted {b['predicted']:.3f}"
                f"  observed {b['observed']:.3f}"
            )
    lines.append(f"  winner's chips: {report['won']}  loser's chips: {report['lost']}")
    if "written" in report:
        lines.append(f"  written to {report['written']}")
    return "\n".join(lines)
