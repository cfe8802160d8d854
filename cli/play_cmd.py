"""``mahjong play``: a game at the terminal against computer players (:data:`HELP` is its
``--help`` text, plain words without markup)."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, TextIO

from cli.seats import player_count, table_settings
from engine.actions import KINDS, MULTI_TILE_KINDS, Action, ActionKind
from engine.ai.hints import hint
from engine.ai.player import LEVELS, AIPlayer
from engine.errors import MahjongError, NotationError, quote
from engine.events import Event, EventKind
from engine.game import NEXT, Game
from engine.hand import Meld, MeldKind
from engine.numbers import number, signed
from engine.rulesets import RULESETS, get_ruleset, table_for
from engine.scoring.report import line_value, reckon, value_lines
from engine.scoring.scorer import ScoreLine
from engine.settings import parse_assignments, parse_whole_number
from engine.settlement import Stake, Transfer
from engine.tiles import Tile, parse_tile_name, parse_tiles, tile_name, tiles_str
from engine.views import ArrangedGroup, SeatView

YOU = "You"

HELP = """\
Play a game at the terminal against three computer players (two at a three-player
table: --ruleset rumisberg --players 3).

Your hand and the table are printed as text; on your move the legal actions are
listed with numbers. Type a number, an action (discard 5p, pong, pass, mahjong),
or a tile alone to discard it: in notation (5p, 7z, R) or by its name, in English
or German (red, Red dragon, Roter Drache, east, Ostwind, 5 circles, Kreis-5).
Type hint for a suggestion, or quit. In a Gulasch exchange (rumisberg) type the
tiles you give or swap: give 19m5p, swap 9m. At the end of a hand, score and a
player's name shows that player's hand, score lines and payments.
"""


def add_parser(sub: Any) -> None:
    """Register ``play`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game at the terminal against computer players",
        description=HELP,
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
        name = " ".join(args.name.split()) or YOU
        taken = computer_names(others)
        if name.casefold() in (n.casefold() for n in taken):
            raise MahjongError(f"--name must differ from the computer players' names ({', '.join(taken)})")
    except MahjongError as exc:
        print(f"mahjong play: {exc}", file=sys.stderr)
        return 2
    return play(rs.name, settings, seed, name, levels, sys.stdin, sys.stdout)


def _fresh_seed() -> str:
    """A new game each time unless ``--seed`` is given (the engine itself takes the seed it is given)."""
    return secrets.token_hex(4)


def computer_names(count: int) -> list[str]:
    """The computer players' names, as the Discord table names them: ``Computer 1`` and on.

    >>> computer_names(3)
    ['Computer 1', 'Computer 2', 'Computer 3']
    """
    return [f"Computer {i}" for i in range(1, count + 1)]


def play(
    ruleset: str, settings: Any, seed: str, name: str, levels: list[str], stdin: TextIO, out: TextIO
) -> int:
    """Play one game, reading your moves from ``stdin``; returns 0 (also on end of input or ``quit``)."""
    opponents = computer_names(len(levels))
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
    others = [f"{n} ({lv})" for n, lv in zip(opponents, levels, strict=True)]
    out.write(f"Playing with you: {_names_list(others)}.\n")
    news = News(game, you)
    out.write(news.update())
    while True:
        if game.deal.over:
            out.write(news.update())
            out.write(sheet_text(game.view(you), you, _how_won(game), game.history[-1].transfers))
            going_on = _end_of_hand(game, you, stdin, out)
            if game.finished:  # the standings, also after quit or the end of input
                out.write(_final(game))
                return 0
            if not going_on:
                return 0
            game.apply(NEXT)
            out.write(f"\nHand {game.hand_number}: you are {game.wind_of(you).name.title()}.\n")
            news = News(game, you)
            out.write(news.update())
            continue
        for idle in game.idle_passes():  # seats with nothing to claim are not asked
            out.write(narrate(game.apply(idle), game, you))
        out.write(news.update())
        if game.deal.over:
            continue
        mover = game.to_act()[0]
        if mover != you:
            action = players[mover].choose(game.view(mover))
            before = len(game.deal.log)
            events = game.apply(action)
            if action.kind in _EXCHANGE_KINDS and len(game.deal.log) > before:
                out.write(f"  {game.names[mover]}: {_seen(action, east=game.wind_of(mover) == 0)}\n")
            out.write(narrate(events, game, you))
            out.write(_received(events, you))
            out.write(news.update())
            continue
        view = game.view(you)
        out.write(table_text(view, you))
        yours = _your_move(view, stdin, out, settings)
        if yours is None:
            out.write("Goodbye.\n")
            return 0
        events = game.apply(yours)
        out.write(narrate(events, game, you))
        out.write(_received(events, you))
        out.write(news.update())


def _end_of_hand(game: Game, you: int, stdin: TextIO, out: TextIO) -> bool:
    """The end-of-hand prompt: ``score NAME`` shows a player's hand, score lines and payments
    (asked again after it); anything else goes on. False on ``quit`` or the end of input."""
    then = "to end the game" if game.finished else "for the next hand"
    while True:
        out.write(f"Press Enter {then}, type score and a name for that player's hand and payments, or quit: ")
        out.flush()
        line = stdin.readline()
        if not line:
            return False
        words = line.split()
        if words and words[0].lower() in ("q", "quit", "exit"):
            return False
        if not words or words[0].lower() != "score":
            return True
        out.write(breakdown(game, you, " ".join(words[1:])))


def _seen(action: Action, *, east: bool) -> str:
    """A computer player's step of a Gulasch exchange as the others see it: face down."""
    if action.kind is ActionKind.GIVE:
        return "gives three tiles, face down" if east else "gives East three tiles, face down"
    if action.kind is ActionKind.SWAP:
        return f"lays {len(action.tiles)} down and takes as many from the wall"
    return _move(action)


_EXCHANGE_KINDS = frozenset({ActionKind.GIVE, ActionKind.SWAP, ActionKind.CONTINUE, ActionKind.START})
"""A computer player's moves told by the move itself (an exchange's events say less)."""


def _received(events: Iterable[Event], you: int) -> str:
    """The tiles an exchange brought you (private draw events of the exchange)."""
    got = [e.tile for e in events if e.kind is EventKind.DRAW and e.what == "exchange" and e.seat == you]
    return f"  You received: {tiles_text(t for t in got if t is not None)}\n" if got else ""


def _who(names: Sequence[str], position: int, you: int, *, start: bool = True) -> str:
    """A player as a sentence names them: their name, or you (``You`` at the start)."""
    if position == you:
        return YOU if start else "you"
    return names[position]


def _does(names: Sequence[str], position: int, you: int, verb: str) -> str:
    """``Computer 2 pongs`` / ``You pong``: the player and the verb agreeing."""
    if position == you:
        return f"{YOU} {verb}"
    return f"{names[position]} {verb}{'es' if verb.endswith(('sh', 'ch', 's')) else 's'}"


_CLAIM_VERBS = {"CHOW": "chow", "PONG": "pong", "KONG": "kong"}


def narrate(events: Iterable[Event], game: Game, you: int) -> str:
    """What the table saw happen, one line each: discards (but yours), claims naming the tile
    (``Computer 2 pongs Red dragon: [Red Red Red]``), kongs, declarations. Bonus tiles and
    payments are told by :class:`News`; an exchange's tiles stay face down."""
    lines = []
    for e in events:
        if not e.visible_to(None) or e.seat is None:
            continue
        seat = int(e.seat)
        tile = "" if e.tile is None else say(e.tile)
        if e.kind is EventKind.DISCARD and seat != you:
            lines.append(f"{_does(game.names, seat, you, 'discard')} {tile}")
        elif e.kind is EventKind.CALL:
            lines.append(f"{_does(game.names, seat, you, 'discard')} {tile} with the call at the beginning")
        elif e.kind is EventKind.CLAIM and e.meld is not None:
            verb = _CLAIM_VERBS.get(e.meld.kind.name, "take")
            lines.append(f"{_does(game.names, seat, you, verb)} {tile}: {meld_text(e.meld)}")
        elif e.kind is EventKind.KONG and e.meld is not None:
            lines.append(f"{_does(game.names, seat, you, 'declare')} a kong: {meld_text(e.meld)}")
        elif e.kind is EventKind.DECLARE and e.what == "riichi":
            frozen = "the hand is frozen, a stick goes to the centre"
            lines.append(f"{_does(game.names, seat, you, 'declare')} riichi: {frozen}")
        elif e.kind is EventKind.DECLARE and e.what == "fishing":
            lines.append(f"{_does(game.names, seat, you, 'declare')} Fishing (one tile from Mah-Jongg)")
    return "".join(f"  {line}\n" for line in lines)


class News:
    """What a hand shows as it goes that no move of the player's own says: every bonus tile laid
    out (who showed which, by name, from the deal on) and every payment made during play (a
    bouquet, Gen zhuang), with the stakes in the centre at the start of a hand (a Gulasch pot)."""

    def __init__(self, game: Game, you: int) -> None:
        self.game, self.you = game, you
        self.shown: dict[int, list[Tile]] = {}
        self.paid = 0
        self.started = False

    def update(self) -> str:
        """The lines for what has been shown and paid since the last call."""
        game, you = self.game, self.you
        lines = []
        if not self.started:
            self.started = True
            pots: dict[str, list[Stake]] = {}
            for stake in game.centre:
                pots.setdefault(stake.reason, []).append(stake)
            for reason, stakes in pots.items():
                total = number(sum(s.amount for s in stakes))
                who = _names_list([_who(game.names, s.seat, you, start=False) for s in stakes])
                lines.append(f"{reason_text(reason)}: {total} in the centre for the next winner (from {who})")
        view = game.view(you)
        for p in view.seated:
            before = list(self.shown.get(p.seat, []))
            new = []
            for t in p.bonus:
                if t in before:
                    before.remove(t)
                else:
                    new.append(t)
            self.shown[p.seat] = list(p.bonus)
            bonus = [t for t in new if t.is_bonus]
            aside = [t for t in new if not t.is_bonus]
            if bonus:
                what = "a bonus tile" if len(bonus) == 1 else "bonus tiles"
                names = ", ".join(say(t, full=True) for t in bonus)
                lines.append(f"{_does(game.names, p.seat, you, 'show')} {what}: {names}")
            if aside:  # a lucky tile (jiangxi's Fa), named as its ruleset names it
                names = ", ".join(tile_name(t, "en", view.ruleset) for t in aside)
                lines.append(f"{_does(game.names, p.seat, you, 'lay')} out {names} beside the hand")
        paid = game.deal.paid[self.paid :]
        self.paid += len(paid)
        moved = [replace(t, payer=game.position_of(t.payer), payee=game.position_of(t.payee)) for t in paid]
        lines += payment_lines(moved, game.names, you)
        return "".join(f"  {line}\n" for line in lines)


_REASONS = {
    "Mah-Jongg": "The winning hand",
    "difference of hands": "Difference between the losers' hands",
    "bouquet": "Bouquet",
    "pot": "East's Pot",
    "fishing": "Fishing",
    "gen_zhuang": "Gen zhuang (the dealer pays)",
    "riichi": "Riichi sticks",
    "gulasch": "Gulasch pot",
}


def reason_text(reason: str) -> str:
    """Why a payment was made, in words (``bouquet`` -> ``Bouquet``).

    >>> reason_text("gulasch"), reason_text("difference of hands")
    ('Gulasch pot', "Difference between the losers' hands")
    """
    return _REASONS.get(reason, reason.replace("_", " ").capitalize())


def _names_list(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def payment_lines(transfers: Iterable[Transfer], names: Sequence[str], you: int) -> list[str]:
    """Each payment with its reason, payers of the same amount to the same player together
    (``Bouquet: Computer 2 receives 1,000 each from you, Computer 1 and Computer 3``); seats
    are positions."""
    groups: dict[tuple[str, int, int], list[int]] = {}
    for t in transfers:
        groups.setdefault((t.reason, t.payee, t.amount), []).append(t.payer)
    lines = []
    for (reason, payee, amount), payers in groups.items():
        each = " each" if len(payers) > 1 else ""
        who = _names_list([_who(names, p, you, start=False) for p in payers])
        lines.append(
            f"{reason_text(reason)}: {_does(names, payee, you, 'receive')} {number(amount)}{each} from {who}"
        )
    return lines


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
    A tile is typed in notation or by its name, in English or German (``red``, ``Roter Drache``).

    >>> from engine.seats import Position
    >>> from engine.tiles import Tile
    >>> me = Position(0)
    >>> legal = [Action(me, ActionKind.DISCARD, Tile.parse("5p")), Action(me, ActionKind.MAHJONG)]
    >>> parse_choice("2", legal), parse_choice("5p", legal), parse_choice("discard 5p", legal)
    (<Action seat 0: mahjong>, <Action seat 0: discard 5p>, <Action seat 0: discard 5p>)
    >>> parse_choice("9m", legal)
    'You cannot discard 9m now; choose a number from 1 to 2, or: discard 5p, mahjong'
    >>> honours = [Action(me, ActionKind.DISCARD, Tile.parse("7z")), Action(me, ActionKind.PONG)]
    >>> parse_choice("red dragon", honours), parse_choice("discard Roter Drache", honours)
    (<Action seat 0: discard 7z>, <Action seat 0: discard 7z>)
    >>> gives = [Action(Position(1), "give", tiles=tuple(parse_tiles(t))) for t in ("119m", "19m5p")]
    >>> parse_choice("give 5p9m1m", gives), parse_choice("give 5p", gives)
    (<Action seat 1: give 19m5p>, 'You cannot give 5p now; give three of your tiles, like give 19m5p')
    """
    several = [a for a in legal if a.kind in MULTI_TILE_KINDS]
    words = text.split()
    if several and words and words[0].lower() in {a.kind for a in several}:
        kind = ActionKind(words[0].lower())
        try:
            chosen = tuple(sorted(read_tiles(words[1:])))
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
    kind_word = words[0].lower()
    rest = words[1:]
    if kind_word not in KINDS:  # a tile alone: discard it
        try:
            read_tiles(words)
        except MahjongError as exc:
            first = _tile_case(words[0])
            if len(words) == 1 and (first[0].isdigit() or first[0] in "ESWNRGBFC"):
                return f"{exc}; choose a number from 1 to {len(legal)}, or: {options}"
            return f"{quote(text)} is not a move here; choose a number from 1 to {len(legal)}, or: {options}"
        kind_word, rest = "discard", words
    for a in legal:
        if a.kind == kind_word and a.tile is None and not rest:
            return a
    if not rest:
        return f"{quote(text)} is not a move here; choose a number from 1 to {len(legal)}, or: {options}"
    try:
        tiles = read_tiles(rest)
    except MahjongError as exc:
        return f"{exc}; choose a number from 1 to {len(legal)}, or: {options}"
    for a in legal:
        if a.kind == kind_word and a.tile is not None and a.tile == min(tiles):
            return a
    what = f"{kind_word} {tiles_text(tiles)}"
    return f"You cannot {what} now; choose a number from 1 to {len(legal)}, or: {options}"


def read_tiles(words: list[str]) -> list[Tile]:
    """The tiles ``words`` name, in notation (``19m5p``, ``9P``, ``R``) or by name in English or
    German, a name of several words read whole (``red dragon``, ``Roter Drache``, ``Circles 5``).

    >>> [str(t) for t in read_tiles("red dragon 19m Ostwind".split())]
    ['7z', '1m', '9m', '1z']

    :raises NotationError: naming the words that are no tile, and what is accepted.
    """
    tiles: list[Tile] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):  # the longest name first: "red dragon", not "red"
            phrase = " ".join(words[i:j])
            try:
                tiles += parse_tiles(_tile_case(phrase)) if j == i + 1 else [parse_tile_name(phrase)]
            except MahjongError:
                if j > i + 1:
                    continue
                try:
                    tiles.append(parse_tile_name(phrase))
                except MahjongError:
                    if phrase[:1].isdigit() or phrase[:1] in HONOUR_INITIALS:
                        parse_tiles(_tile_case(phrase))  # the notation's own message
                    raise
            i = j
            break
    if not tiles:
        raise NotationError("no tile was named: type a tile, like 5p, red or Roter Drache")
    return tiles


HONOUR_INITIALS = "ESWNRGBFC"


def _tile_case(word: str) -> str:
    """``9P`` -> ``9p``: a suit letter in capitals is still a suit letter (honour letters stay)."""
    if len(word) >= 2 and word[:-1].isdigit() and word[-1] in "MPSZF":
        return word[:-1] + word[-1].lower()
    return word


HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")


def show(tile: Tile) -> str:
    """A tile as a person reads it in a row of tiles: ``5p``, honours by name (``East``, ``Red``),
    bonus tiles by name (``Plum``)."""
    if 27 <= tile < 34:
        return HONOUR_NAMES[tile - 27]
    if tile.is_bonus:
        return tile.name
    return str(tile)


def say(tile: Tile, *, full: bool = False) -> str:
    """A tile in a sentence: suits in notation, honours by their whole name (``Red dragon``,
    ``East wind``), bonus tiles by name; ``full``: suits by name too (``Circles 5``).

    >>> say(Tile.parse("7z")), say(Tile.parse("5p")), say(Tile.parse("5p"), full=True)
    ('Red dragon', '5p', 'Circles 5')
    """
    return tile.name if full or not tile.is_suit else str(tile)


def tiles_text(tiles: Iterable[Tile], *, ordered: bool = True) -> str:
    """Tiles as a person reads them: suits in notation, honours by name (``123m 5p East Red``).

    >>> tiles_text(parse_tiles("123m5p17z"))
    '123m 5p East Red'
    """
    tiles = sorted(tiles) if ordered else list(tiles)
    suited = tiles_str(t for t in tiles if t.is_suit)
    parts = [p for p in _split_suits(suited)] + [show(t) for t in tiles if not t.is_suit]
    return " ".join(parts)


def meld_text(meld: Meld | ArrangedGroup) -> str:
    """A meld the way the hand prints its tiles: ``[222p]``, ``[Red Red Red]``, a concealed
    kong in round brackets (``(East East East East)``).

    >>> meld_text(Meld.parse("[777z]")), meld_text(Meld.parse("(1111z)")), meld_text(Meld.parse("[345s]"))
    ('[Red Red Red]', '(East East East East)', '[345s]')
    """
    body = tiles_text(meld.tiles)
    if isinstance(meld, ArrangedGroup):
        exposed, concealed_kong = meld.exposed, meld.concealed_kong
    else:
        concealed_kong = meld.kind == MeldKind.KONG and meld.concealed
        exposed = not meld.concealed and meld.kind != MeldKind.PAIR
    return f"[{body}]" if exposed else f"({body})" if concealed_kong else body


def arrangement_text(groups: Iterable[ArrangedGroup]) -> str:
    """A hand as the scorer arranged it, each group as :func:`meld_text` prints it."""
    return "  ".join(meld_text(g) for g in groups)


def _split_suits(text: str) -> list[str]:
    out, current = [], ""
    for ch in text:
        current += ch
        if ch.isalpha():
            out.append(current)
            current = ""
    return out


def _move(action: Action) -> str:
    """A legal move in words, the way it may be typed back (``discard 5p``, ``chow 345p``,
    ``pong``, ``discard Red``)."""
    kind = action.kind
    if action.tiles:
        return f"{kind} {tiles_text(action.tiles)}"
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
    tile = show(action.tile)
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
        melds = " ".join(meld_text(m) for m in p.melds)
        bonus = " ".join(show(t) for t in sorted(p.bonus) if t.is_bonus)
        aside = " ".join(tile_name(t, "en", view.ruleset) for t in p.bonus if not t.is_bonus)
        shown = [melds, f" bonus: {bonus}" if bonus else "", f" laid out: {aside}" if aside else ""]
        discards = " ".join(show(d.tile) for d in p.discards)
        who = "you" if p.seat == you else f"{p.concealed_count} tiles"
        lines.append(
            f" {marker}{p.wind.letter} {p.name:<12} {number(p.chips):>6}  [{who}] "
            + " ".join(part for part in shown if part).rstrip()
        )
        lines[-1] = lines[-1].rstrip() + (f"\n      discards: {discards}" if discards else "")
    if view.centre:
        lines.append(f"  In the centre for the next winner: {number(view.centre)}")
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
    tile = say(record.win_tile)
    if record.discarder is None:
        return f"winning tile {tile}, self-drawn"
    return f"winning tile {tile}, discarded by {game.names[record.discarder]}"


def sheet_text(view: SeatView, you: int, how: str = "", transfers: Iterable[Transfer] = ()) -> str:
    """The end of a hand: the winner, how the winning tile came, the score lines, every
    hand's value and the chips, and each payment of the hand with its reason (``transfers``,
    by position: the hand's :attr:`HandRecord.transfers <engine.game.HandRecord.transfers>`)."""
    sheet = view.sheet
    if sheet is None:
        return ""
    lines = [""]
    if sheet.winner is None:
        lines.append(f"The hand is drawn: {sheet.reason.text}.")
    else:
        winner = view.players[sheet.winner]
        lines.append(f"Mah-Jongg: {winner.name} with {_arranged(sheet, sheet.winner)}")
        if how:
            lines.append(f"  ({how})")
        lines += _score_lines(view, sheet.winner)
    for p in view.seated:
        lines.append(
            f"  {p.wind.letter} {p.name:<12} hand {number(sheet.values[p.seat]):>6}  "
            f"chips {signed(sheet.nets[p.seat]):>7} -> {number(p.chips)}"
            + ("  (you)" if p.seat == you else "")
        )
    paid = payment_lines(transfers, [p.name for p in view.players], you)
    if paid:
        lines.append("  Payments:")
        lines += [f"    {line}" for line in paid]
    return "\n".join(lines) + "\n"


def _arranged(sheet: Any, seat: int) -> str:
    """A seat's hand on the sheet, tiles by name (:func:`arrangement_text`), else in notation."""
    if seat < len(sheet.groups) and sheet.groups[seat]:
        return arrangement_text(sheet.groups[seat])
    return str(sheet.arrangements[seat])


def _score_lines(view: SeatView, seat: int) -> list[str]:
    """A seat's score lines and how its value is reckoned, as ``mahjong score`` words them."""
    sheet = view.sheet
    assert sheet is not None
    table = table_for(view.ruleset, view.settings)
    lines = []
    items = sheet.items[seat] if seat < len(sheet.items) else ()
    for i, (name, points, doubles) in enumerate(sheet.lines[seat]):
        value = line_value(ScoreLine(name, points, doubles), table.unit)  # as mahjong score says it
        detail = items[i].detail if i < len(items) and items[i].name == name else ""
        if detail and name.endswith(detail):  # the set or tile found, as the hand prints it
            name = name[: -len(detail)] + detail_text(detail)
        lines.append(f"    {name:<48} {value}")
    if seat < len(sheet.items) and sheet.items[seat]:
        rk = reckon(sheet.items[seat], sheet.values[seat], table)
        lines += [f"    {line}" for line in value_lines(rk)]
    return lines


def detail_text(detail: str) -> str:
    """A score line's set or tile (in notation) as the hand prints it; as it was if unreadable.

    >>> detail_text("[333z]"), detail_text("777z"), detail_text("7f"), detail_text("[555p]")
    ('[West West West]', 'Red Red Red', 'Autumn', '[555p]')
    """
    try:
        if detail[:1] in "[(":
            return meld_text(Meld.parse(detail))
        return tiles_text(parse_tiles(detail), ordered=False)
    except MahjongError:
        return detail


def breakdown(game: Game, you: int, who: str) -> str:
    """``score NAME`` at the end of a hand: that player's hand as scored, its score lines and
    value, and every payment the player made or received, with its reason. ``NAME`` is a name
    at the table (any case), ``me`` or ``you``."""
    view = game.view(you)
    sheet = view.sheet
    if sheet is None:
        return ""
    wanted = " ".join(who.split()).casefold()
    seated = [p for p in view.seated]
    if wanted in ("me", "you", "myself"):
        wanted = view.players[you].name.casefold()
    found = [p for p in seated if p.name.casefold() == wanted]
    if not found:
        names = ", ".join(p.name for p in seated)
        asked = f"There is no player {quote(who.strip())} here" if wanted else "Name a player"
        return f"  {asked}: type score and one of {names} (or me)\n"
    seat = found[0].seat
    lines = [f"  {_who(game.names, seat, you)}: {_arranged(sheet, seat)}"]
    lines += _score_lines(view, seat)
    lines.append(f"    Hand value {number(sheet.values[seat])}; chips {signed(sheet.nets[seat])}")
    mine = [t for t in game.history[-1].transfers if seat in (t.payer, t.payee)]
    paid = payment_lines(mine, game.names, you)
    lines += [f"    {line}" for line in paid] or ["    No payment to or from them in this hand."]
    return "\n".join(lines) + "\n"


def _final(game: Game) -> str:
    ranking = sorted(game.positions, key=lambda p: -game.chips[p])
    lines = ["", "The game is over."]
    lines += [f"  {i + 1}. {game.names[p]:<12} {number(game.chips[p])}" for i, p in enumerate(ranking)]
    return "\n".join(lines) + "\n"
