"""``mahjong play``: a game at the terminal against three computer players (two at a
three-player table: ``--ruleset rumisberg --players 3``).

Your hand and the table are printed as text; on your move the legal actions
are listed with numbers. Type a number, an action (``discard 5p``, ``pong``,
``pass``, ``mahjong``), a tile alone to discard it (``5p``), ``hint`` for a
suggestion, or ``quit``. In a Gulasch exchange (rumisberg) type the tiles you
give or swap: ``give 19m5p``, ``swap 9m``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from cli.seats import player_count, table_settings
from engine.actions import KINDS, MULTI_TILE_KINDS, Action, ActionKind
from engine.ai.hints import hint
from engine.ai.player import LEVELS, AIPlayer
from engine.errors import MahjongError, quote
from engine.events import Event, EventKind
from engine.game import NEXT, Game
from engine.rulesets import RULESETS, get_ruleset, table_for
from engine.scoring.report import line_value, reckon, value_lines
from engine.scoring.scorer import ScoreLine
from engine.settings import parse_assignments, parse_whole_number
from engine.tiles import Tile, parse_tiles, tiles_str
from engine.views import SeatView

YOU = "You"


def add_parser(sub: Any) -> None:
    """Register ``play`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game at the terminal against computer players",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument(
        "--opponents",
        default=None,
        help=f"the computer players' levels ({', '.join(LEVELS)}), comma-separated (default: all normal)",
    )
    p.add_argument(
        "--players",
        type=player_count,
        default=None,
        help="how many play, you included (3 only where the ruleset allows it; default 4)",
    )
    p.add_argument("--seed", default="", help="seed of the game (default: a new game every time)")
    p.add_argument("--name", default=YOU, help="your name at the table")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong play``; returns the exit code."""
    try:
        rs = get_ruleset(args.ruleset)
        settings = table_settings(rs, parse_assignments(args.set), args.players)
        others = settings.players - 1
        given = args.opponents if args.opponents is not None else ",".join(["normal"] * others)
        levels = [lv.strip().lower() for lv in given.split(",") if lv.strip()]
        if len(levels) != others or any(lv not in LEVELS for lv in levels):
            example = ",".join(["normal"] * (others - 1) + ["easy"])
            count = ("two", "three")[others - 2]
            raise MahjongError(f"--opponents takes {count} levels from {', '.join(LEVELS)}, like {example}")
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
        position: AIPlayer(
            levels[opponents.index(n)],
            seed=f"{seed}:{position}",
            settings=settings,
            defence=True,
            ruleset=game.ruleset,
        )
        for position, n in enumerate(game.names)
        if n != name
    }
    out.write(f"Mah-Jongg ({ruleset}), seed {seed}. You sit at {game.wind_of(you).name.title()}.\n")
    while True:
        if game.deal.over:
            out.write(sheet_text(game.view(you), you, _how_won(game)))
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
            events = game.apply(action)
            if action.kind is not ActionKind.PASS and len(game.deal.log) > before:
                out.write(f"  {game.names[mover]}: {_seen(action, east=game.wind_of(mover) == 0)}\n")
            out.write(_received(events, you))
            continue
        view = game.view(you)
        out.write(table_text(view, you))
        yours = _your_move(view, stdin, out, settings)
        if yours is None:
            out.write("Goodbye.\n")
            return 0
        out.write(_received(game.apply(yours), you))


def _ask(stdin: TextIO, out: TextIO, prompt: str) -> bool:
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    return bool(line) and line.strip().lower() not in ("q", "quit", "exit")


def _seen(action: Action, *, east: bool) -> str:
    """A computer player's move as the others see it: the tiles of an exchange stay face down."""
    if action.kind is ActionKind.GIVE:
        return "gives three tiles, face down" if east else "gives East three tiles, face down"
    if action.kind is ActionKind.SWAP:
        return f"lays {len(action.tiles)} down and takes as many from the wall"
    return _move(action)


def _received(events: Iterable[Event], you: int) -> str:
    """The tiles an exchange brought you (private draw events of the exchange)."""
    got = [e.tile for e in events if e.kind is EventKind.DRAW and e.what == "exchange" and e.seat == you]
    return f"  You received: {tiles_text(t for t in got if t is not None)}\n" if got else ""


_HOW = {
    ActionKind.GIVE: "give East three of your tiles, face down: type give and the tiles, like give 19m5p",
    ActionKind.SWAP: "swap one to three tiles with the wall: type swap and the tiles, like swap 9m",
}


def _your_move(view: SeatView, stdin: TextIO, out: TextIO, settings: Any) -> Action | None:
    legal = list(view.legal)
    listed = [a for a in legal if a.kind not in MULTI_TILE_KINDS]
    ways = sorted({a.kind for a in legal if a.kind in MULTI_TILE_KINDS})
    if ways:  # an exchange: the hint's choice is listed, any other may be typed
        suggested = hint(view, settings=settings, lang="en").action
        if suggested is not None and suggested.kind in MULTI_TILE_KINDS:
            listed.insert(0, suggested)
    if any(a.kind is ActionKind.RIICHI and a.tile is None for a in legal):
        out.write(
            "Your turn begins and your hand is one tile from Mah-Jongg: declare riichi before you "
            "draw (a stick goes to the centre, a double if you win; from then on you discard every "
            "drawn tile that does not win), or pass to draw without it.\n"
        )
    while True:
        for i, a in enumerate(listed, 1):
            note = "  (suggested: the tiles your hand needs least)" if a.kind in MULTI_TILE_KINDS else ""
            out.write(f"  {i:>2}. {_move(a)}{note}\n")
        for kind in ways:
            out.write(f"      {_HOW[kind]}\n")
        out.write("Your move (number, action, tile to discard, hint, quit): ")
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text.lower() == "hint":  # the strongest computer player's move, and why
            out.write("  Hint: " + hint(view, settings=settings, lang="en").text + "\n")
            continue
        chosen = parse_choice(text, legal, listed)
        if isinstance(chosen, Action):
            return chosen
        out.write(f"  {chosen}\n")


def parse_choice(text: str, legal: list[Action], listed: list[Action] | None = None) -> Action | str:
    """The legal action ``text`` names, or a message saying what was wrong and what is accepted.
    Numbers count in ``listed`` (default: every legal action but the exchanges' many choices).

    >>> from engine.seats import Position
    >>> from engine.tiles import Tile
    >>> me = Position(0)
    >>> legal = [Action(me, ActionKind.DISCARD, Tile.parse("5p")), Action(me, ActionKind.MAHJONG)]
    >>> parse_choice("2", legal), parse_choice("5p", legal), parse_choice("discard 5p", legal)
    (<Action seat 0: mahjong>, <Action seat 0: discard 5p>, <Action seat 0: discard 5p>)
    >>> parse_choice("9m", legal)
    'You cannot discard 9m now; choose a number from 1 to 2, or: discard 5p, mahjong'
    >>> gives = [Action(Position(1), "give", tiles=tuple(parse_tiles(t))) for t in ("119m", "19m5p")]
    >>> parse_choice("give 5p9m1m", gives), parse_choice("give 5p", gives)
    (<Action seat 1: give 19m5p>, 'You cannot give 5p now; give three of your tiles, like give 19m5p')
    """
    several = [a for a in legal if a.kind in MULTI_TILE_KINDS]
    words = text.split()
    if several and words and words[0].lower() in {a.kind for a in several}:
        kind = ActionKind(words[0].lower())
        try:
            chosen = tuple(sorted(parse_tiles("".join(_tile_case(w) for w in words[1:]))))
        except MahjongError as exc:
            return f"{exc}; {_HOW[kind]}"
        for a in several:
            if a.kind is kind and a.tiles == chosen:
                return a
        howto = "give three of your tiles" if kind is ActionKind.GIVE else "swap one to three of your tiles"
        return f"You cannot {kind} {tiles_str(chosen) or 'nothing'} now; {howto}, like {kind} 19m5p"
    legal = [a for a in legal if a.kind not in MULTI_TILE_KINDS] if listed is None else listed
    if not legal:
        kind = several[0].kind
        return f"{quote(text)} is not a move here: {_HOW[kind]}"
    options = ", ".join(_move(a) for a in legal)
    if not text.strip():
        return f"Type a number from 1 to {len(legal)}, or a move: {options}"
    if text.isdigit():  # also true for '²' or '５': only the digits 0-9 make a number here
        n = parse_whole_number(text, max_digits=6)
        if n is not None and 1 <= n <= len(legal):
            return legal[n - 1]
        shown = quote(text) if n is None else n
        return f"There is no choice {shown}; choose a number from 1 to {len(legal)}, in the digits 0-9"
    words = [_tile_case(w) for w in text.split()]
    if len(words) == 1 and (words[0][0].isdigit() or words[0][0] in "ESWNRGBFC"):
        words = ["discard", words[0]]  # a tile alone: discard it
    words[0] = words[0].lower()
    kinds = {a.kind for a in legal}
    for a in legal:
        if a.kind == words[0] and a.tile is None and len(words) == 1:
            return a
    if len(words) != 2 or words[0] not in KINDS:
        return f"{quote(text)} is not a move here; choose a number from 1 to {len(legal)}, or: {options}"
    try:
        tiles = parse_tiles(words[1])
    except MahjongError as exc:
        return f"{exc}; choose a number from 1 to {len(legal)}, or: {options}"
    for a in legal:
        if a.kind == words[0] and a.tile is not None and a.tile == min(tiles):
            return a
    what = f"{words[0]} {tiles_str(tiles)}" if words[0] in kinds or words[0] in KINDS else quote(text)
    return f"You cannot {what} now; choose a number from 1 to {len(legal)}, or: {options}"


def _tile_case(word: str) -> str:
    """``9P`` -> ``9p``: a suit letter in capitals is still a suit letter (honour letters stay)."""
    if len(word) >= 2 and word[:-1].isdigit() and word[-1] in "MPSZF":
        return word[:-1] + word[-1].lower()
    return word


HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")


def show(tile: Tile) -> str:
    """A tile as a person reads it: ``5p``, and honours by name (``East``, ``Red``)."""
    if 27 <= tile < 34:
        return HONOUR_NAMES[tile - 27]
    return str(tile)


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles as a person reads them: suits in notation, honours by name (``123m 5p East Red``).

    >>> tiles_text(parse_tiles("123m5p17z"))
    '123m 5p East Red'
    """
    ordered = sorted(tiles)
    suited = tiles_str(t for t in ordered if t < 27)
    parts = [p for p in _split_suits(suited)] + [show(t) for t in ordered if t >= 27]
    return " ".join(parts)


def _split_suits(text: str) -> list[str]:
    out, current = [], ""
    for ch in text:
        current += ch
        if ch.isalpha():
            out.append(current)
            current = ""
    return out


def _move(action: Action) -> str:
    """A legal move in words, the way it may be typed back (``discard 5p``, ``chow 345p``)."""
    kind = action.kind
    if action.tiles:
        names = f" ({tiles_text(action.tiles)})" if any(t >= 27 for t in action.tiles) else ""
        return f"{kind} {tiles_str(action.tiles)}{names}"
    if kind is ActionKind.CONTINUE:
        return "continue (another go-around of exchanges with the wall)"
    if kind is ActionKind.START:
        return "start (the exchange ends; you discard first)"
    if kind is ActionKind.RIICHI and action.tile is None:
        return "riichi (before the draw: the hand is frozen, every drawn tile that does not win is discarded)"
    if action.tile is None:
        return kind
    if kind is ActionKind.CHOW:
        return f"chow {tiles_str((action.tile, action.tile + 1, action.tile + 2))}"
    tile = f"{action.tile}" + (f" ({show(action.tile)})" if action.tile >= 27 else "")
    if kind is ActionKind.CALL:
        return f"call {tile} (discard it and call: you are one tile from winning, for a double)"
    return f"{kind} {tile}"


def table_text(view: SeatView, you: int) -> str:
    """The table as you may see it: every seat's melds, bonus tiles and discards, and your tiles."""
    lines = [
        "",
        f"Hand {view.hand_number}, {view.prevailing.name.title()} round; wall {view.wall_live} "
        f"(dead wall {view.wall_dead})",
    ]
    for p in view.seated:  # an empty place (three players) is left out
        marker = "*" if p.seat == view.turn else " "
        melds = " ".join(str(m) for m in p.melds)
        bonus = tiles_str(sorted(p.bonus))
        discards = " ".join(show(d.tile) for d in p.discards)
        who = "you" if p.seat == you else f"{p.concealed_count} tiles"
        lines.append(
            f" {marker}{p.wind.letter} {p.name:<12} {p.chips:>6}  [{who}] {melds} {bonus}".rstrip()
            + (f"\n      discards: {discards}" if discards else "")
        )
    if view.centre:
        lines.append(f"  In the centre for the next winner: {view.centre}")
    if view.exchange is not None:
        lines.append("  " + exchange_text(view, you))
    if view.last_discard is not None:
        seat, tile = view.last_discard
        lines.append(f"  Discard to claim: {show(tile)} from {view.players[seat].name}")
    hand = tiles_text(view.concealed)
    drawn = f"   drawn: {show(view.drawn)}" if view.drawn is not None else ""
    lines.append(f"  Your tiles: {hand}{drawn}")
    return "\n".join(lines) + "\n"


def exchange_text(view: SeatView, you: int) -> str:
    """Where a Gulasch exchange stands, in words (RULES.md §2.4.6)."""
    ex = view.exchange
    assert ex is not None

    def who(p: int) -> str:
        return "you" if p == you else view.players[p].name

    east = next(p.seat for p in view.seated if p.wind == 0)
    if ex.deciding:
        return f"Gulasch: {who(east)} (East) decides: another go-around with the wall, or play begins"
    if ex.round == 1:
        assert ex.partner is not None
        if view.players[ex.partner].vacant:
            return f"Gulasch: {who(east)} (East) swaps three tiles with the wall for the empty place"
        return f"Gulasch: {who(east)} (East) and {who(ex.partner)} swap three tiles, face down"
    mover = ", ".join(who(p) for p in ex.waiting)
    return (
        f"Gulasch: go-around {ex.go_around} of {ex.limit} with the wall: {mover} may swap one to "
        "three tiles with the wall (pass keeps them)"
    )


def _how_won(game: Game) -> str:
    """The winning tile and where it came from, in words (empty for a drawn hand)."""
    record = game.history[-1] if game.history else None
    if record is None or record.winner is None or record.win_tile is None:
        return ""
    tile = show(record.win_tile)
    if record.discarder is None:
        return f"winning tile {tile}, self-drawn"
    return f"winning tile {tile}, discarded by {game.names[record.discarder]}"


def sheet_text(view: SeatView, you: int, how: str = "") -> str:
    """The end of a hand: the winner, how the winning tile came, the score lines, every
    hand's value and the chips."""
    sheet = view.sheet
    if sheet is None:
        return ""
    lines = [""]
    if sheet.winner is None:
        lines.append(f"The hand is drawn: {sheet.reason.text}.")
    else:
        winner = view.players[sheet.winner]
        lines.append(f"Mah-Jongg: {winner.name} with {sheet.arrangements[sheet.winner]}")
        if how:
            lines.append(f"  ({how})")
        table = table_for(view.ruleset, view.settings)
        for name, points, doubles in sheet.lines[sheet.winner]:
            value = line_value(ScoreLine(name, points, doubles), table.unit)  # as mahjong score says it
            lines.append(f"    {name:<48} {value}")
        if sheet.winner < len(sheet.items) and sheet.items[sheet.winner]:
            rk = reckon(sheet.items[sheet.winner], sheet.values[sheet.winner], table)
            lines += [f"    {line}" for line in value_lines(rk)]
    for p in view.seated:
        lines.append(
            f"  {p.wind.letter} {p.name:<12} hand {sheet.values[p.seat]:>5}  chips {sheet.nets[p.seat]:+6} "
            f"-> {p.chips}" + ("  (you)" if p.seat == you else "")
        )
    return "\n".join(lines) + "\n"


def _final(game: Game) -> str:
    ranking = sorted(game.positions, key=lambda p: -game.chips[p])
    lines = ["", "The game is over."]
    lines += [f"  {i + 1}. {game.names[p]:<12} {game.chips[p]}" for i, p in enumerate(ranking)]
    return "\n".join(lines) + "\n"
