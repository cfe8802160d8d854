"""Entry point of the ``mahjong`` command: one subcommand per job.

Whatever the input, the command answers with a message, never a traceback:
a bad argument is refused by the parser (exit 2) with the offending text cut
short; a reader that goes away (``mahjong simulate | head``) ends the command
quietly (exit 0); Ctrl-C ends it with one line (exit 130).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Sequence
from typing import Final, NoReturn

from cli import bot_cmd, calibrate_cmd, duel_cmd, export_cmd, play_cmd, score_cmd, simulate_cmd, study_cmd
from engine.errors import shorten

INTERRUPTED: Final = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose error messages quote bad arguments cut short."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the (shortened) message; exit 2."""
        super().error(shorten(message))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = Parser(
        prog="mahjong",
        description="Mah-Jongg for chat: score hands, play games, run the Discord bot.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    score_cmd.add_parser(sub)
    simulate_cmd.add_parser(sub)
    duel_cmd.add_parser(sub)
    study_cmd.add_parser(sub)
    calibrate_cmd.add_parser(sub)
    play_cmd.add_parser(sub)
    bot_cmd.add_parser(sub)
    export_cmd.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``mahjong`` command; returns the process exit code."""
    if argv is None:
        _forgiving_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help()
            return 0
        code: int = args.run(args)
        sys.stdout.flush()
    except SystemExit as exc:  # the parser's --help, or its refusal of bad arguments
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    except BrokenPipeError:
        _discard_stdout()
        return 0
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):
            print("\nmahjong: interrupted", file=sys.stderr)
        return INTERRUPTED
    return code


def _forgiving_streams() -> None:
    """The process's own streams never fail on encoding: undecodable input
    bytes read as U+FFFD, characters the terminal cannot show are escaped."""
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper) and stream in (sys.__stdin__, sys.__stdout__):
            stream.reconfigure(errors=errors)


def _discard_stdout() -> None:
    """The reader of standard output has gone: send what is still buffered to
    the null device, so that Python's own flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (e.g. captured in a test)
        pass


if __name__ == "__main__":
    sys.exit(main())
