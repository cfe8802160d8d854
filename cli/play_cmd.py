"""``mahjong play``: a game at the terminal against three computer players.

Your hand and the table are printed as text; on your move the legal actions
are listed with numbers. Type a number, an action (``discard 5p``, ``pong``,
``pass``, ``mahjong``), a tile alone to discard it (``5p``), ``hint`` for a
suggestion, or ``quit``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any, TextIO

from engine.actions import Action
from engine.ai.hints import hint
from engine.ai.player import LEVELS, AIPlayer
from engine.errors import MahjongError, quote
from engine.game import NEXT, Game
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import parse_assignments, parse_whole_number
from engine.tiles import Wind, tiles_str
from engine.views import SeatView

YOU = "You"


def add_parser(sub: Any) -> None:
    """Register ``play`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game at the terminal against three computer players",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument(
        "--opponents",
        default="normal,normal,normal",
        help=f"the three computer players' levels ({', '.join(LEVELS)}), comma-separated",
    )
    p.add_argument("--seed", default="", help="seed of the game (default: a new game every time)")
    p.add_argument("--name", default=YOU, help="your name at the table")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong play``; returns the exit code."""
    try:
        levels = [lv.strip().lower() for lv in args.opponents.split(",") if lv.strip()]
        if len(levels) != 3 or any(lv not in LEVELS for lv in levels):
            raise MahjongError(
                f"--opponents takes three levels from {', '.join(LEVELS)}, like normal,normal,easy"
            )
        rs = get_ruleset(args.ruleset)
        settings = rs.settings(parse_assignments(args.set))
        seed = args.seed or _fresh_seed()
        name = args.name.strip() or YOU
        if name in levels:
            raise MahjongError("--name must differ from the opponents' levels")
    except MahjongError as exc:
        print(f"mahjong play: {exc}", file=sys.stderr)
        return 2
    return play(rs.name, settings, seed, name, levels, sys.stdin, sys.stdout)


def _fresh_seed() -> str:
    """A new game each time unless ``--seed`` is given (the engine itself takes the seed it is given)."""
    return secrets.token_hex(4)


def play(
    ruleset: str, settings: Any, seed: str, name: str, levels: list[str], stdin: TextIO, out: TextIO
) -> int:
    """Play one game, reading your moves from ``stdin``; returns 0 (also on end of input or ``quit``)."""
    opponents = [f"{lv} ({i + 1})" for i, lv in enumerate(levels)]
    game = Game(ruleset, settings, seed, [name, *opponents])
    you = game.names.index(name)
    players = {
        position: AIPlayer(levels[opponents.index(n)], seed=f"{seed}:{position}", settings=settings)
        for position, n in enumerate(game.names)
        if n != name
    }
    out.write(f"Mah-Jongg ({ruleset}), seed {seed}. You sit at {game.wind_of(you).name.title()}.\n")
    while True:
        if game.deal.over:
            out.write(sheet_text(game.view(you), you))
            if game.finished:
                out.write(_final(game))
                return 0
            if not _ask(stdin, out, "Press Enter for the next hand (or type quit): "):
                return 0
            game.apply(NEXT)
            out.write(f"\nHand {game.hand_number}: you are {game.wind_of(you).name.title()}.\n")
            continue
        for idle in game.idle_passes():  # seats with nothing to claim are not asked
            game.apply(idle)
        if game.deal.over:
            continue
        mover = game.to_act()[0]
        if mover != you:
            action = players[mover].choose(game.view(mover))
            before = len(game.deal.log)
            game.apply(action)
            if action.kind != "pass" and len(game.deal.log) > before:
                out.write(f"  {game.names[mover]}: {_describe(action)}\n")
            continue
        view = game.view(you)
        out.write(table_text(view, you))
        action = _your_move(view, stdin, out, settings)
        if action is None:
            out.write("Goodbye.\n")
            return 0
        game.apply(action)


def _ask(stdin: TextIO, out: TextIO, prompt: str) -> bool:
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    return bool(line) and line.strip().lower() not in ("q", "quit", "exit")


def _your_move(view: SeatView, stdin: TextIO, out: TextIO, settings: Any) -> Action | None:
    legal = list(view.legal)
    while True:
        for i, a in enumerate(legal, 1):
            out.write(f"  {i:>2}. {_describe(a)}\n")
        out.write("Your move (number, action, tile to discard, hint, quit): ")
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text.lower() == "hint":
            out.write("  Hint: " + hint(view, settings=settings).text + "\n")
            continue
        chosen = parse_choice(text, legal)
        if isinstance(chosen, Action):
            return chosen
        out.write(f"  {chosen}\n")


def parse_choice(text: str, legal: list[Action]) -> Action | str:
    """The legal action ``text`` names, or a message saying what was wrong and what is accepted.

    >>> from engine.tiles import Tile
    >>> legal = [Action(0, "discard", Tile.parse("5p")), Action(0, "mahjong")]
    >>> parse_choice("2", legal), parse_choice("5p", legal), parse_choice("discard 5p", legal)
    (Action.parse('E mahjong'), Action.parse('E discard 5p'), Action.parse('E discard 5p'))
    >>> parse_choice("9m", legal)
    'You cannot discard 9m now; choose a number from 1 to 2, or: discard 5p, mahjong'
    """
    options = ", ".join(_describe(a) for a in legal)
    if text.isdigit():  # also true for '²' or '５': only the digits 0-9 make a number here
        n = parse_whole_number(text, max_digits=6)
        if n is not None and 1 <= n <= len(legal):
            return legal[n - 1]
        shown = quote(text) if n is None else n
        return f"There is no choice {shown}; choose a number from 1 to {len(legal)}, in the digits 0-9"
    words = text.split()
    if len(words) == 1 and (words[0][0].isdigit() or words[0][0] in "ESWNRGBFC"):
        words = ["discard", words[0]]  # a tile alone: discard it
    seat = legal[0].seat if legal else 0
    try:
        wanted = Action.parse(f"{Wind(seat).letter} {' '.join(words)}")
    except MahjongError as exc:
        return f"{exc}; choose a number from 1 to {len(legal)}, or: {options}"
    if wanted in legal:
        return wanted
    return f"You cannot {_describe(wanted)} now; choose a number from 1 to {len(legal)}, or: {options}"


def _describe(action: Action) -> str:
    text = str(action)
    return text.split(" ", 1)[1]


def table_text(view: SeatView, you: int) -> str:
    """The table as you may see it: every seat's melds, bonus tiles and discards, and your tiles."""
    lines = [
        "",
        f"Hand {view.hand_number}, {view.prevailing.name.title()} round; wall {view.wall_live} "
        f"(dead wall {view.wall_dead})",
    ]
    for p in view.players:
        marker = "*" if p.seat == view.turn else " "
        melds = " ".join(str(m) for m in p.melds)
        bonus = tiles_str(sorted(p.bonus))
        discards = tiles_str(d.tile for d in p.discards)
        who = "you" if p.seat == you else f"{p.concealed_count} tiles"
        lines.append(
            f" {marker}{p.wind.letter} {p.name:<12} {p.chips:>6}  [{who}] {melds} {bonus}".rstrip()
            + (f"\n      discards: {discards}" if discards else "")
        )
    if view.last_discard is not None:
        seat, tile = view.last_discard
        lines.append(f"  Discard to claim: {tile} ({tile.name}) from {view.players[seat].name}")
    hand = tiles_str(view.concealed)
    drawn = f"   drawn: {view.drawn}" if view.drawn is not None else ""
    lines.append(f"  Your tiles: {hand}{drawn}")
    return "\n".join(lines) + "\n"


def sheet_text(view: SeatView, you: int) -> str:
    """The end of a hand: the winner's score lines, every hand's value and the chips."""
    sheet = view.sheet
    if sheet is None:
        return ""
    lines = [""]
    if sheet.winner is None:
        lines.append(f"The hand is drawn: {sheet.reason.text}.")
    else:
        winner = view.players[sheet.winner]
        lines.append(f"Mah-Jongg: {winner.name} with {sheet.arrangements[sheet.winner]}")
        for name, points, doubles in sheet.lines[sheet.winner]:
            value = f"{doubles} double{'s' if doubles > 1 else ''}" if doubles else f"{points}"
            lines.append(f"    {name:<48} {value}")
    for p in view.players:
        lines.append(
            f"  {p.wind.letter} {p.name:<12} hand {sheet.values[p.seat]:>5}  chips {sheet.nets[p.seat]:+6} "
            f"-> {p.chips}" + ("  (you)" if p.seat == you else "")
        )
    return "\n".join(lines) + "\n"


def _final(game: Game) -> str:
    ranking = sorted(range(4), key=lambda p: -game.chips[p])
    lines = ["", "The game is over."]
    lines += [f"  {i + 1}. {game.names[p]:<12} {game.chips[p]}" for i, p in enumerate(ranking)]
    return "\n".join(lines) + "\n"
