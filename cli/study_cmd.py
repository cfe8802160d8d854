"""``mahjong study``: four computer players over many hands of a ruleset, what they claim and
how hands end (``engine/ai/study.py``)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from cli.duel_cmd import _count
from cli.seats import table_settings
from engine.ai.duel import player_level
from engine.ai.study import PLAYERS, REACH, SHAPES, HandRecord, play_hand, summarize
from engine.errors import MahjongError, shorten
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import Settings, parse_assignments


def add_parser(sub: Any) -> None:
    """Register ``study`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "study",
        help="watch four computer players play many hands: claims, dead hands, draws, deal-ins",
        description=(
            "Plays --hands deals (seeded SEED:0, SEED:1 ...) with four players of one level, with "
            "defence on as the bot seats them, and prints per hand, with standard errors: the "
            "claims and those into a hand the rules can no longer let win, the pongs of one's own "
            "wind or a dragon let go, how hands end and with which shape, the deal-ins to a "
            "declarer and the winning tiles left at each declaration."
        ),
    )
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.add_argument("--hands", type=_count("--hands", "200"), default=200, help="how many hands (default 200)")
    p.add_argument("--seed", default="0", help="seed of the deals (default 0)")
    p.add_argument(
        "--level",
        default="strong",
        metavar="LEVEL",
        help=f"the players ({', '.join(PLAYERS)}; default strong)",
    )
    p.add_argument("--no-defence", action="store_true", help="the players do not read the others' displays")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong study``; returns the exit code."""
    try:
        level = player_level(args.level)
        rs = get_ruleset(args.ruleset)
        settings = table_settings(rs, parse_assignments(args.set))
    except MahjongError as exc:
        print(f"mahjong study: {shorten(str(exc))}", file=sys.stderr)
        return 2
    defence = not args.no_defence
    start = time.perf_counter()
    records, failures = play(rs.name, settings, args.seed, args.hands, level, defence=defence)
    seconds = time.perf_counter() - start
    report = build_report(rs.name, args.set, args.seed, level, defence, records, failures, seconds)
    print(json.dumps(report) if args.json else report_text(report))
    return 1 if failures else 0


def play(
    ruleset: str, settings: Settings, seed: str, hands: int, level: str, *, defence: bool = True
) -> tuple[list[HandRecord], list[dict[str, Any]]]:
    """The records of hands ``0 .. hands-1`` and the hands that failed (each with its seed and
    the error; counted and reported, never hidden)."""
    records: list[HandRecord] = []
    failures: list[dict[str, Any]] = []
    for n in range(hands):
        try:
            records.append(play_hand(ruleset, settings, seed, n, level, defence=defence))
        except Exception as exc:  # counted and reported, never hidden
            failures.append({"hand": n, "seed": f"{seed}:{n}", "error": repr(exc)})
    return records, failures


def build_report(
    ruleset: str,
    assignments: Sequence[str],
    seed: str,
    level: str,
    defence: bool,
    records: Sequence[HandRecord],
    failures: Sequence[dict[str, Any]],
    seconds: float,
) -> dict[str, Any]:
    """The JSON object ``mahjong study --json`` prints."""
    report: dict[str, Any] = {
        "ruleset": ruleset,
        "settings": list(assignments),
        "seed": seed,
        "level": level,
        "defence": defence,
        "errors": len(failures),
        "seconds": round(seconds, 3),
        **(summarize(records) if records else {"hands": 0}),
    }
    if failures:
        report["failures"] = list(failures)
    return report


def _pm(figure: dict[str, float | None], scale: float = 1.0, digits: int = 2, unit: str = "") -> str:
    mean = figure["mean"] or 0.0
    se = figure["se"]
    text = f"{mean * scale:.{digits}f}{unit}"
    return text if se is None else f"{text} ± {se * scale:.{digits}f}{unit}"


def report_text(report: dict[str, Any]) -> str:
    """The readable summary ``mahjong study`` prints without ``--json``."""
    rules = " ".join([report["ruleset"], *report["settings"]])
    head = (
        f"{report['hands']} hands of {rules} (seed {report['seed']}), four {report['level']} players, "
        f"defence {'on' if report['defence'] else 'off'}: {report['seconds']} s"
    )
    if report["errors"]:
        head += f"; {report['errors']} hands failed"
    lines = [head]
    if not report["hands"]:
        return "\n".join(lines)
    ph = report["per_hand"]
    kinds_claimed = ", ".join(f"{k} {_pm(ph[f'claims_{k}'])}" for k in ("chow", "pong", "kong"))
    lines.append(f"  claims per hand {_pm(ph['claims'])} ({kinds_claimed})")
    lines.append(
        f"  into a dead hand {_pm(ph['dead_claims'])} per hand; leaving only a special hand "
        f"{_pm(ph['uncounted_claims'])}"
    )
    lines.append(f"  own wind or dragon pongs let go with a pair {_pm(ph['passed_honour_pongs'])} per hand")
    lines.append(
        f"  drawn {_pm(ph['drawn'], 100, 1, '%')}, won self-drawn {_pm(ph['self_drawn'], 100, 1, '%')}, "
        f"on a discard {_pm(ph['discard_win'], 100, 1, '%')}"
    )
    shapes = ", ".join(f"{s.replace('_', ' ')} {_pm(report['shapes'][s], 100, 1, '%')}" for s in SHAPES)
    lines.append(f"  winning hands {report['winning_hands']}: {shapes}")
    kinds = sorted(k.removeprefix("declarations_") for k in ph if k.startswith("declarations_"))
    for kind in kinds:
        unseen = report["declaration_unseen_winning_tiles"].get(kind)
        left = f", winning tiles unseen {_pm(unseen)}" if unseen else ""
        lines.append(
            f"  {kind}: declared {_pm(ph[f'declarations_{kind}'])} per hand{left}; "
            f"deal-ins to a declarer {_pm(ph[f'deal_ins_{kind}'])} per hand"
        )
    allow = report["deals_allow"]
    ways = "; ".join(
        f"{w.replace('_', ' ')} {_pm(allow[w]['half_wall'], 100, 1, '%')} by half the wall, "
        f"{_pm(allow[w]['whole_wall'], 100, 1, '%')} by its end"
        for w in REACH
    )
    lines.append(f"  deals where a seat that knew the wall could complete: {ways}")
    totals = report["totals"]
    lines.append(
        f"  totals: {totals['claims']} claims, {totals['dead_claims']} into a dead hand, "
        f"{totals['drawn']} drawn, {totals['deal_ins_to_declarer']} deal-ins to a declarer, "
        f"{totals['passed_honour_pongs']} pongs let go"
    )
    return "\n".join(lines)
