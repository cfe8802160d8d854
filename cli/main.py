"""Entry point of the ``mahjong`` command: one subcommand per job."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cli import play_cmd, score_cmd, simulate_cmd


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="mahjong",
        description="Mah-Jongg for chat: score hands, play games, run the Discord bot.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    score_cmd.add_parser(sub)
    simulate_cmd.add_parser(sub)
    play_cmd.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``mahjong`` command; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
