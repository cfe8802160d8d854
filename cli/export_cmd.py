"""``mahjong export`` and ``mahjong import``: a game as a JSON-lines event log (engine/eventlog.py,
README.md "Game logs").

``export`` has computer players play a game (``--ruleset``, ``--seed``, ``--hands``) and writes its
log to standard output or ``--out FILE``; with ``--db PATH --game ID`` it exports a game the
bot stored instead (read through bot/storage's ``load_game``, rebuilt as the bot restores it).
``import FILE`` reads a log back, replays every move through the engine and prints a short
summary. Exit codes: 0 done, 2 a bad argument, 3 a file that cannot be read or is no event log
of this format (not JSON, an unknown event, another version), 4 a log the engine does not
replay (a move it refuses, an event the replay does not give; a stored game whose log does not).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any, Final

from cli.seats import table_settings
from cli.simulate_cmd import computer_choosers, hand_count, play_hand_out, player_names, unique_names
from engine.errors import IllegalActionError, MahjongError, quote, shorten
from engine.eventlog import EventLogError, dumps, export_events, import_events, loads
from engine.game import NEXT, Game
from engine.numbers import number
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import parse_assignments, parse_whole_number

BAD_ARGUMENT: Final = 2
"""Exit code: a bad argument (as the parser's own refusals)."""
UNREADABLE: Final = 3
"""Exit code: the file cannot be read or is no event log of this format."""
NO_REPLAY: Final = 4
"""Exit code: the log was read but the engine does not replay it."""


def add_parsers(sub: Any) -> None:
    """Register ``export`` and ``import`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "export",
        help="play a computer game and write it as a JSON-lines event log",
        description=(
            "Computer players play one game of --hands hands; its event log (one JSON object a "
            "line, see README.md 'Game logs') goes to standard output or --out FILE."
        ),
    )
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument("--seed", default="0", help="the game's seed (default 0)")
    p.add_argument("--hands", type=hand_count, default=4, help="how many hands the game lasts (default 4)")
    p.add_argument(
        "--players",
        default=None,
        help="comma-separated player names, one per seat, or how many play (3 or 4; default A,B,C,D)",
    )
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.add_argument(
        "--out", default=None, metavar="FILE", help="write the log to FILE (default: standard output)"
    )
    p.add_argument(
        "--db",
        default=None,
        metavar="PATH",
        help="export a game stored by the bot in this SQLite file (or postgresql:// database)",
    )
    p.add_argument("--game", default=None, metavar="ID", help="with --db: the stored game's id")
    p.set_defaults(run=run_export)

    q: argparse.ArgumentParser = sub.add_parser(
        "import",
        help="read a JSON-lines event log back and replay it",
        description=(
            "Read an event log written by 'mahjong export', replay every move through the engine "
            "and print the ruleset, players, hands and final chips. Exit codes: 0 it replays, "
            "3 not a readable event log, 4 the engine does not replay it."
        ),
    )
    q.add_argument("file", metavar="FILE", help="the event log ('-' for standard input)")
    q.set_defaults(run=run_import)


def play_game(game: Game) -> Game:
    """Let ``normal`` computer players (or the level each name says) play ``game`` to its end."""
    choosers = computer_choosers(game)
    while not game.finished:
        if game.deal.over:
            game.apply(NEXT)
        else:
            play_hand_out(game, choosers)
    return game


def stored_log(path: str, game_id: str) -> str:
    """The event log of the game ``game_id`` stored by the bot in the SQLite file ``path``, rebuilt
    by replaying its stored log, finished or running (:func:`bot.restore.event_log`, which the
    bot's **Export** button on ``/mahjong history`` sends too).

    :raises MahjongError: for a file that does not exist or the bot's storage cannot open, an id
        that is not a whole number, or a game that is not stored.
    :raises IllegalActionError: for a stored log that does not replay.
    """
    from bot.restore import event_log  # the bot's storage only when a stored game is asked for
    from bot.storage import GameRecord, NotFoundError, Storage, StorageError
    from bot.storage.locations import describe_location, is_postgres_url

    if not is_postgres_url(path) and not Path(path).is_file():
        raise MahjongError(f"--db: no such file {quote(path)}")
    number_id = parse_whole_number(game_id.strip(), max_digits=18)
    if number_id is None:
        raise MahjongError(f"--game takes a stored game's id, a whole number like 12, not {quote(game_id)}")

    async def load() -> GameRecord:
        async with Storage(path) as storage:
            try:
                return await storage.load_game(number_id)
            except NotFoundError:
                raise MahjongError(
                    f"--game: no game {number_id} is stored in {describe_location(path)}"
                ) from None

    try:
        record = asyncio.run(load())
    except StorageError as exc:
        raise MahjongError(f"--db: {exc}") from None
    return event_log(record)


def run_export(args: argparse.Namespace) -> int:
    """Carry out ``mahjong export``; returns the exit code."""
    if args.db is not None or args.game is not None:
        if args.db is None or args.game is None:
            print("mahjong export: --db and --game go together", file=sys.stderr)
            return BAD_ARGUMENT
        try:
            log = stored_log(args.db, args.game)
        except IllegalActionError as exc:
            print(f"mahjong export: the stored game does not replay: {shorten(str(exc))}", file=sys.stderr)
            return NO_REPLAY
        except MahjongError as exc:
            print(f"mahjong export: {shorten(str(exc))}", file=sys.stderr)
            return BAD_ARGUMENT
        return _write(log, args.out)
    try:
        rs = get_ruleset(args.ruleset)
        names, count = player_names(args.players)
        assignments: dict[str, object] = {"game_length": f"hands:{args.hands}", **parse_assignments(args.set)}
        settings = table_settings(rs, {k: str(v) for k, v in assignments.items()}, count)
        names = unique_names(names or list("ABCD"[: settings.players]))
        if len(names) != settings.players:
            raise MahjongError(
                f"{rs.name} is played by {settings.players} players; "
                f"--players names {len(names)}: {quote(', '.join(names), 80)}"
            )
        seed: int | str = int(args.seed) if args.seed.isascii() and args.seed.isdigit() else args.seed
        game = play_game(Game(rs, settings, seed, names))
    except MahjongError as exc:
        print(f"mahjong export: {shorten(str(exc))}", file=sys.stderr)
        return BAD_ARGUMENT
    return _write(dumps(export_events(game)), args.out)


def _write(text: str, out: str | None) -> int:
    """Write an event log's ``text`` to ``out`` (None: standard output); the exit code."""
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"mahjong export: cannot write {quote(out)}: {exc.strerror}", file=sys.stderr)
        return BAD_ARGUMENT
    return 0


def run_import(args: argparse.Namespace) -> int:
    """Carry out ``mahjong import``; returns the exit code."""
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        print(f"mahjong import: cannot read {quote(args.file)}: {reason}", file=sys.stderr)
        return UNREADABLE
    try:
        game = import_events(loads(text))
    except EventLogError as exc:
        print(f"mahjong import: {shorten(str(exc), 300)}", file=sys.stderr)
        return NO_REPLAY if not exc.replays else UNREADABLE
    hands = len(game.history)
    state = "finished" if game.finished else "not finished"
    print(f"ruleset {game.ruleset.name}, {len(game.players)} players, {hands} hands played ({state})")
    width = max(len(n) for n in game.names)
    for position, name in enumerate(game.names):
        print(f"  {name:<{width}}  {number(game.chips[position]):>10}")
    return 0
