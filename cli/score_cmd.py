"""``mahjong score``: the value of one hand, with every line of the breakdown."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from engine.errors import MahjongError, quote, shorten
from engine.rulesets import RULESETS
from engine.scoring import FLAGS, Score
from engine.scoring.report import dora_tiles, score_request, score_text
from engine.settings import parse_assignments
from render import render_strip

EXAMPLE = "234m 777z [555s] [678p] 99p"
REQUEST_KEYS = (
    "hand",
    "ruleset",
    "seat",
    "round",
    "win",
    "self_drawn",
    "discarder",
    "flags",
    "settings",
    "dora",
    "dora_indicator",
)


def add_parser(sub: Any) -> None:
    """Register ``score`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "score",
        help="score a hand",
        description=(
            "Score a Mah-Jongg hand. Tiles: 1m-9m characters, 1p-9p circles, 1s-9s bamboo, "
            "1z-7z (or E S W N, Wh G R) winds and dragons, 1f-8f flowers and seasons; digits "
            "share a suit letter (123m). Plain tiles are concealed; [555p] [345s] [5555p] are "
            "exposed melds, (7777s) a declared concealed kong. 14 tiles (a kong counting 3) "
            "score as a win, fewer as a losing hand. A win ends with what each other seat pays "
            "the winner for this hand alone (East pays and receives double; JSON: pays)."
        ),
        epilog=f'example: mahjong score "{EXAMPLE}" --seat S --win 9p --self-drawn',
    )
    p.add_argument("hand", nargs="?", help=f'the hand, e.g. "{EXAMPLE}"')
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument("--seat", default="E", help="seat wind E, S, W or N (default E)")
    p.add_argument("--round", default="E", help="prevailing wind E, S, W or N (default E)")
    p.add_argument("--win", help="the winning tile (default: not known)")
    p.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn from the wall")
    p.add_argument(
        "--discarder",
        metavar="SEAT",
        help="seat letter (E, S, W or N) whose discard won (robbing a kong: the robbed seat); "
        "matters where the discarder pays alone",
    )
    p.add_argument("--flags", default="", help="comma-separated: " + ", ".join(FLAGS))
    p.add_argument(
        "--dora",
        default="",
        metavar="TILES",
        help="wikibooks: the dora tiles, e.g. 5s (each one built into a set doubles once; "
        "switches the setting dora on)",
    )
    p.add_argument(
        "--dora-indicator",
        default="",
        metavar="TILES",
        help="wikibooks: the dora indicator turned up, e.g. 4s for dora 5s (9 → 1, E → S → W → N → E, "
        "red → white → green → red)",
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house-rule setting, e.g. --set limit=300 (repeatable)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "de"),
        default="en",
        help="language of the text: rule and tile names in German follow the seeds (default en)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--png", metavar="FILE", help="also write the arranged hand as a tile image (PNG)")
    p.add_argument("--theme", choices=("dark", "light"), default="dark", help="colours of the --png image")
    p.add_argument("--jsonl", action="store_true", help="read one JSON request per line on stdin")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong score`` with parsed ``args``; returns the exit code."""
    if args.jsonl:
        return run_jsonl(sys.stdin.buffer, sys.stdout)
    if not args.hand:
        print(f'mahjong score: give a hand, e.g. mahjong score "{EXAMPLE}" --win 9p', file=sys.stderr)
        return 2
    try:
        flags = [f for f in args.flags.split(",") if f.strip()]
        settings = parse_assignments(args.set)
        dora = dora_tiles(args.dora, args.dora_indicator)
        result = score_request(
            hand=args.hand,
            ruleset=args.ruleset,
            seat=args.seat,
            prevailing=args.round,
            win=args.win,
            self_drawn=args.self_drawn,
            flags=flags,
            settings=settings,
            discarder=args.discarder,
            dora=args.dora,
            dora_indicator=args.dora_indicator,
        )
    except MahjongError as exc:
        if args.json:
            print(json.dumps({"error": shorten(str(exc))}))
        else:
            print(f"mahjong score: {shorten(str(exc))}", file=sys.stderr)
        return 2
    if args.png:
        # the scorer's typed groups: the group the winning tile completed is framed, tiles laid
        # out beside the hand (jiangxi's Fa) are drawn with the bonus tiles
        png = render_strip(result.groups, theme=args.theme, win_tile=args.win)
        try:
            Path(args.png).write_bytes(png)
        except (OSError, ValueError) as exc:  # ValueError: a NUL or an unencodable character in the name
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a file name"
            print(f"mahjong score: cannot write {quote(args.png)}: {reason}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(score_text(result, ruleset=args.ruleset, lang=args.lang, settings=settings, dora=dora))
    return 0


def run_jsonl(stdin: Iterable[bytes | str], stdout: TextIO) -> int:
    """Score one JSON request per input line; a bad line gets ``{"error": ...}`` and the rest go on.

    Every line that is not blank gets exactly one answer line, in order,
    whatever it holds: bytes that are not UTF-8, JSON nested a thousand deep,
    a number of thousands of digits. Lines are read as bytes (or text) and
    answered in ASCII-only JSON, so no input can break the reading or the
    writing.
    """
    for number, raw in enumerate(stdin, 1):
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                out: dict[str, Any] = {
                    "error": f"line {number} is not UTF-8 text (byte {exc.start + 1} cannot be read)"
                }
                _answer(stdout, out)
                continue
        else:
            line = raw
        if not line.strip():
            continue
        try:
            out = _one_request(line).to_json()
        except MahjongError as exc:
            out = {"error": shorten(str(exc))}
        except Exception as exc:  # a bug of ours: answer it and go on with the next line
            out = {"error": f"internal error ({type(exc).__name__}) on line {number}; please report it"}
        _answer(stdout, out)
    return 0


def _answer(stdout: TextIO, out: dict[str, Any]) -> None:
    stdout.write(json.dumps(out) + "\n")  # ensure_ascii: any text, even a lone surrogate, is written
    stdout.flush()


def _one_request(line: str) -> Score:
    try:
        req = json.loads(line)
    except json.JSONDecodeError as exc:
        raise MahjongError(f"the line is not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise MahjongError("the line nests arrays or objects too deeply to be a request") from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise MahjongError("the line holds a number of thousands of digits; no field takes one") from None
    if not isinstance(req, dict):
        raise MahjongError('each line must be a JSON object like {"hand": "123m ...", "win": "9p"}')
    unknown = sorted(set(req) - set(REQUEST_KEYS))
    if unknown:
        named = ", ".join(quote(key) for key in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
        raise MahjongError(f"unknown key(s) {named}; keys are: {', '.join(REQUEST_KEYS)}")
    hand = req.get("hand")
    if not isinstance(hand, str):
        raise MahjongError('"hand" is required and must be a string, like "123m 456p 789s 111z 55z"')
    flags = req.get("flags") or []
    if isinstance(flags, str):
        flags = [f for f in flags.split(",") if f.strip()]
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise MahjongError('"flags" must be a list of strings, like ["last-tile"]')
    settings = req.get("settings") or {}
    if not isinstance(settings, dict):
        raise MahjongError('"settings" must be an object, like {"limit": 300}')
    for key in ("ruleset", "seat", "round", "win", "discarder", "dora", "dora_indicator"):
        if req.get(key) is not None and not isinstance(req[key], str):
            raise MahjongError(f'"{key}" must be a string')
    self_drawn = req.get("self_drawn", False)
    if not isinstance(self_drawn, bool):
        raise MahjongError('"self_drawn" must be true or false')
    return score_request(
        hand=hand,
        ruleset=req.get("ruleset") or "dmjl",
        seat=req.get("seat") or "E",
        prevailing=req.get("round") or "E",
        win=req.get("win"),
        self_drawn=self_drawn,
        flags=flags,
        settings=settings,
        discarder=req.get("discarder"),
        dora=req.get("dora") or "",
        dora_indicator=req.get("dora_indicator") or "",
    )
