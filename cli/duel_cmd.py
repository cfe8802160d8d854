"""``mahjong duel``: a computer player against a field on duplicate walls (``engine/ai/duel.py``)."""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from cli.seats import table_settings
from engine.ai.duel import PLAYERS, Paired, WallResult, paired, play_wall, player_level, summarize
from engine.errors import MahjongError, quote, shorten
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import Settings, parse_assignments, parse_whole_number

DIFFERENCES = (2.0, 5.0)
"""The differences in chips per hand whose walls needed the report names."""


def _count(option: str, example: str) -> Any:
    def parse(text: str) -> int:
        number = parse_whole_number(text, max_digits=9)
        if number is None or number < 1:
            raise argparse.ArgumentTypeError(
                f"{option} takes a whole number of at least 1, like {example}, not {quote(text)}"
            )
        return number

    return parse


def add_parser(sub: Any) -> None:
    """Register ``duel`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "duel",
        help="measure a computer player against a field on duplicate walls",
        description=(
            "Every wall (a deal seed) is played once per seat, the tested player in that seat and "
            "the field in the others, the same tiles dealt each time. Prints the player's win share "
            "and chips per hand with standard errors over walls; with a second --player, the same for "
            "it and the difference, wall by wall."
        ),
    )
    p.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="LEVEL",
        help=f"the tested player ({', '.join(PLAYERS)}); give it twice to compare two",
    )
    p.add_argument(
        "--field", default="normal", metavar="LEVEL", help="the other seats' player (default normal)"
    )
    p.add_argument("--walls", type=_count("--walls", "200"), default=100, help="how many walls (default 100)")
    p.add_argument("--seed", default="0", help="seed of the walls (default 0)")
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.add_argument(
        "--jobs",
        type=_count("--jobs", "2"),
        default=1,
        help="processes to play walls in (default 1; the results do not depend on it)",
    )
    p.add_argument(
        "--defence",
        action="store_true",
        help="every computer player reads the others' displays and declarations, as the bot seats them",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong duel``; returns the exit code."""
    try:
        if not args.player:
            raise MahjongError("--player is required: the level to test (give it twice to compare two)")
        if len(args.player) > 2:
            raise MahjongError(f"--player is given at most twice, not {len(args.player)} times")
        players = [player_level(p) for p in args.player]
        field = player_level(args.field)
        rs = get_ruleset(args.ruleset)
        settings = table_settings(rs, parse_assignments(args.set))
    except MahjongError as exc:
        print(f"mahjong duel: {shorten(str(exc))}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results, failures = duel(
        rs.name, settings, args.seed, args.walls, players, field, jobs=args.jobs, defence=args.defence
    )
    seconds = time.perf_counter() - start
    report = build_report(rs.name, args.seed, field, players, results, failures, seconds)
    report["defence"] = args.defence
    if args.json:
        print(json.dumps(report))
    else:
        print(report_text(report))
    return 1 if failures else 0


def duel(
    ruleset: str,
    settings: Settings,
    seed: str,
    walls: int,
    players: Sequence[str],
    field: str,
    *,
    jobs: int = 1,
    defence: bool = False,
) -> tuple[list[list[WallResult]], list[dict[str, Any]]]:
    """Play ``walls`` walls for each of ``players`` against ``field``: the results by player
    (the same walls for each, in order) and the walls that failed (each with its seed and the
    error; a failed wall is left out for every player, so the walls stay paired). ``defence``:
    every computer player with defence on."""
    results: list[list[WallResult]] = [[] for _ in players]
    failures: list[dict[str, Any]] = []
    for outcome in _outcomes(ruleset, settings, seed, walls, tuple(players), field, jobs, defence):
        if isinstance(outcome, dict):
            failures.append(outcome)
            continue
        for mine, result in zip(results, outcome, strict=True):
            mine.append(result)
    return results, failures


def _outcomes(
    ruleset: str,
    settings: Settings,
    seed: str,
    walls: int,
    players: tuple[str, ...],
    field: str,
    jobs: int,
    defence: bool = False,
) -> Iterator[list[WallResult] | dict[str, Any]]:
    work = functools.partial(_play_wall, ruleset, settings, seed, players, field, defence)
    if jobs == 1 or walls == 1:
        yield from map(work, range(walls))
        return
    with multiprocessing.get_context().Pool(min(jobs, walls)) as pool:
        yield from pool.imap(work, range(walls), chunksize=max(1, min(16, walls // (4 * jobs))))


def _play_wall(
    ruleset: str,
    settings: Settings,
    seed: str,
    players: tuple[str, ...],
    field: str,
    defence: bool,
    wall: int,
) -> list[WallResult] | dict[str, Any]:
    try:
        return [
            play_wall(ruleset, settings, seed, wall, player, field, defence=defence) for player in players
        ]
    except Exception as exc:  # counted and reported, never hidden
        return {"wall": wall, "seed": f"{seed}:{wall}", "error": repr(exc)}


def build_report(
    ruleset: str,
    seed: str,
    field: str,
    players: Sequence[str],
    results: Sequence[Sequence[WallResult]],
    failures: Sequence[dict[str, Any]],
    seconds: float,
) -> dict[str, Any]:
    """The JSON object ``mahjong duel --json`` prints."""
    walls = len(results[0])
    report: dict[str, Any] = {
        "ruleset": ruleset,
        "seed": seed,
        "field": field,
        "walls": walls,
        "errors": len(failures),
        "seconds": round(seconds, 3),
        "seconds_per_wall": round(seconds / max(1, walls + len(failures)), 4),
        "players": [
            {"player": p, **summarize(r).as_dict()} if r else {"player": p}
            for p, r in zip(players, results, strict=True)
        ],
    }
    if len(players) == 2 and walls:
        diff: Paired = paired(results[0], results[1])
        report["difference"] = {"player": players[1], "minus": players[0], **diff.as_dict(DIFFERENCES)}
    if failures:
        report["failures"] = list(failures)
    return report


def _signed(value: float | None, digits: int, scale: float = 1.0, unit: str = "") -> str:
    return "–" if value is None else f"{value * scale:+.{digits}f}{unit}"


def _plus_minus(value: float | None, digits: int, scale: float = 1.0, unit: str = "") -> str:
    return "" if value is None else f" ± {value * scale:.{digits}f}{unit}"


def report_text(report: dict[str, Any]) -> str:
    """The readable table ``mahjong duel`` prints without ``--json``."""
    head = (
        f"{report['walls']} walls of {report['ruleset']} (seed {report['seed']}), field {report['field']}: "
        f"{report['seconds']} s, {report['seconds_per_wall']} s a wall"
    )
    if report["errors"]:
        head += f"; {report['errors']} walls failed"
    lines = [head, f"  {'player':<16} {'hands':>6} {'win share':>17} {'chips per hand':>19} {'draws':>6}"]
    for row in report["players"]:
        if "hands" not in row:
            continue
        share = f"{100 * row['win_share']:.1f}%{_plus_minus(row['win_share_se'], 1, 100, '%')}"
        chips = f"{_signed(row['chips_per_hand'], 2)}{_plus_minus(row['chips_per_hand_se'], 2)}"
        lines.append(f"  {row['player']:<16} {row['hands']:>6} {share:>17} {chips:>19} {row['draws']:>6}")
        field = f"  field vs {row['player']}"
        lines.append(
            f"{field:<18} {'':>6} {100 * row['field_win_share']:>16.1f}% "
            f"{_signed(row['field_chips_per_hand'], 2):>19}"
        )
    diff = report.get("difference")
    if diff:
        lines.append(
            f"{diff['player']} − {diff['minus']}, wall by wall: chips per hand "
            f"{_signed(diff['chips_per_hand'], 2)}{_plus_minus(diff['chips_per_hand_se'], 2)}, win share "
            f"{_signed(diff['win_share'], 1, 100, '%')}{_plus_minus(diff['win_share_se'], 1, 100, '%')}"
        )
        needed = diff["walls_needed"]
        if needed:
            walls = ", ".join(f"{d} chips {n} walls" for d, n in needed.items())
            sd = diff["chips_per_wall_sd"]
            lines.append(f"  per-wall sd {sd:.1f}; a difference at two standard errors needs: {walls}")
    return "\n".join(lines)
