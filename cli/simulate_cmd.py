"""``mahjong simulate``: computer players play many hands; outcomes and totals."""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any

from cli.seats import table_settings
from engine.actions import Action
from engine.ai.duel import mean_and_se
from engine.ai.player import LEVELS, AIPlayer
from engine.errors import MahjongError, quote, shorten
from engine.game import Game
from engine.players import SimplePlayer
from engine.rulesets import RULESETS, Ruleset, get_ruleset
from engine.settings import parse_assignments, parse_whole_number
from engine.views import SeatView

Chooser = Callable[[SeatView], Action]


def level_of(name: str) -> str:
    """The player kind a ``--players`` name stands for: ``easy``, ``normal``, ``strong`` or ``simple``.

    A repeated name carries a ``#n`` suffix (``easy#2``); other names play ``normal``.

    >>> level_of("Strong"), level_of("easy#2"), level_of("Ada"), level_of("simple")
    ('strong', 'easy', 'normal', 'simple')
    """
    base = name.split("#", 1)[0].strip().lower()
    if base in LEVELS or base == "simple":
        return base
    return "normal"


def player_for(name: str, *, seed: str = "", ruleset: Ruleset | None = None) -> Chooser:
    """The computer player that plays for ``name``: a level name plays that level,
    ``simple`` the baseline :class:`~engine.players.SimplePlayer`, any other name ``normal``.

    ``seed`` (e.g. ``"<game seed>:<position>"``) seeds the player's own random numbers;
    ``ruleset`` is the game's ruleset (:class:`~engine.ai.player.AIPlayer`).
    """
    level = level_of(name)
    if level == "simple":
        return SimplePlayer().choose
    return AIPlayer(level, seed=seed, ruleset=ruleset).choose


def computer_choosers(game: Game) -> dict[int, Chooser]:
    """A computer player for each position of ``game``, of the level its name says (``normal``
    otherwise), seeded by the game's seed and the position."""
    return {p: player_for(n, seed=f"{game.seed}:{p}", ruleset=game.ruleset) for p, n in enumerate(game.names)}


def play_hand_out(game: Game, choosers: Mapping[int, Chooser]) -> None:
    """The computer players ``choosers`` (by position) play ``game``'s current hand to its end;
    seats with nothing to claim pass without being asked.

    :raises MahjongError: when no seat has a legal action (a hand that cannot go on).
    """
    while not game.deal.over:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            break
        movers = game.to_act()
        if not movers:
            raise MahjongError("no seat has a legal action")
        game.apply(choosers[movers[0]](game.view(movers[0])))


def unique_names(names: list[str]) -> list[str]:
    """Repeated level names made distinct by their position: ``easy, easy`` -> ``easy, easy#2``.

    >>> unique_names(["strong", "easy", "easy", "easy"])
    ['strong', 'easy', 'easy#2', 'easy#3']

    :raises MahjongError: for a repeated name that is not a level (or ``simple``).
    """
    out: list[str] = []
    seen: dict[str, int] = {}
    for name in names:
        n = seen.get(name, 0) + 1
        seen[name] = n
        if n == 1:
            out.append(name)
            continue
        if name.lower() not in (*LEVELS, "simple"):
            raise MahjongError(f"--players names must be different (or levels: {', '.join(LEVELS)}, simple)")
        out.append(f"{name}#{n}")
    return out


def player_names(text: str | None) -> tuple[list[str], int | None]:
    """The ``--players`` argument: the names (empty for a bare count) and how many play (None
    when not given).

    >>> player_names("Ada,Bo,Cy"), player_names("3"), player_names(None)
    ((['Ada', 'Bo', 'Cy'], 3), ([], 3), ([], None))

    :raises MahjongError: for a count other than 3 or 4.
    """
    if text is None:
        return [], None
    if text.strip().isdigit():
        count = parse_whole_number(text.strip(), max_digits=2)
        if count not in (3, 4):
            raise MahjongError(f"--players takes 3 or 4 (or the players' names), not {quote(text)}")
        return [], count
    names = [n.strip() for n in text.split(",") if n.strip()]
    return names, len(names) if len(names) in (3, 4) else None


def hand_count(text: str) -> int:
    """The ``--hands`` argument: a whole number of at least 1, in the digits 0-9.

    >>> hand_count("2000")
    2000
    >>> hand_count("２")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --hands takes a whole number of at least 1, like 100, not '２'
    """
    number = parse_whole_number(text, max_digits=9)
    if number is None or number < 1:
        raise argparse.ArgumentTypeError(
            f"--hands takes a whole number of at least 1, like 100, not {quote(text)}"
        )
    return number


def add_parser(sub: Any) -> None:
    """Register ``simulate`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "simulate",
        help="let computer players play many hands",
        description="Computer players play N hands (game after game); prints per-hand outcomes and totals.",
    )
    p.add_argument("--ruleset", default="dmjl", help=f"one of {', '.join(RULESETS)} (default dmjl)")
    p.add_argument("--hands", type=hand_count, default=100, help="how many hands to play (default 100)")
    p.add_argument("--seed", default="0", help="seed of the first game (default 0)")
    p.add_argument(
        "--players",
        default=None,
        help="comma-separated player names, one per seat, or how many play (3 or 4; default A,B,C,D)",
    )
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a house-rule setting")
    p.add_argument("--json", action="store_true", help="print one JSON object of totals")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong simulate``; returns the exit code."""
    try:
        if args.hands < 1:
            raise MahjongError("--hands must be at least 1")
        rs = get_ruleset(args.ruleset)
        names, count = player_names(args.players)
        settings = table_settings(rs, parse_assignments(args.set), count)
        names = names or list("ABCD"[: settings.players])
        if len(names) != settings.players:
            raise MahjongError(
                f"{rs.name} is played by {settings.players} players; "
                f"--players names {len(names)}: {quote(', '.join(names), 80)}"
            )
        names = unique_names(names)
    except MahjongError as exc:
        print(f"mahjong simulate: {shorten(str(exc))}", file=sys.stderr)
        return 2
    report = simulate(rs.name, settings, args.hands, args.seed, names, verbose=not args.json)
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{report['hands']} hands in {report['seconds']} s: {report['wins']} won, "
            f"{report['draws']} drawn, {report['errors']} errors; chips sum {report['chips_sum']}"
        )
        for seat in report["seats"]:
            se = seat["chips_per_hand_se"]
            per_hand = f"{seat['chips_per_hand']:+.2f}" + (f" ± {se:.2f}" if se is not None else "")
            print(
                f"  {seat['player']:<12} wins {seat['wins']:>5} ({seat['win_share']:.1%})  "
                f"chips {seat['chips']:>8} ({per_hand} per hand)"
            )
    return 1 if report["errors"] else 0


def simulate(
    ruleset: str,
    settings: Any,
    hands: int,
    seed: str,
    names: list[str],
    *,
    verbose: bool = False,
) -> dict[str, Any]:
    """Play ``hands`` hands, game after game, and total the outcomes by player: wins, win
    share, chips, and chips per hand with its standard error (over the hands played)."""
    wins = dict.fromkeys(names, 0)
    chips = dict.fromkeys(names, 0)
    nets: dict[str, list[int]] = {n: [] for n in names}
    played = draws = errors = 0
    failures: list[dict[str, Any]] = []
    start = time.perf_counter()
    game_no = 0
    while played < hands:
        game = Game(ruleset, settings, f"{seed}:{game_no}", names)
        game_no += 1
        base = list(game.chips)
        choosers = computer_choosers(game)
        try:
            while played < hands:
                play_hand_out(game, choosers)
                record = game.history[-1]
                played += 1
                if record.winner is None:
                    draws += 1
                else:
                    wins[game.names[record.winner]] += 1
                for at, net in enumerate(record.nets):
                    nets[game.names[at]].append(net)
                if verbose:
                    who = "drawn" if record.winner is None else f"won by {game.names[record.winner]}"
                    print(f"hand {played:>5} ({game.seed} #{record.number}): {who}, nets {list(record.nets)}")
                if game.finished or played >= hands:
                    break
                game.next_hand()
        except BrokenPipeError:  # the reader has gone (| head): stop; cli.main ends quietly
            raise
        except Exception as exc:  # counted and reported, never hidden
            errors += 1
            played += 1
            failures.append(
                {"seed": game.seed, "hand": game.hand_number, "log": list(game.log), "error": repr(exc)}
            )
            if verbose:
                traceback.print_exc()
        for at, name in enumerate(game.names):
            chips[name] += game.chips[at] - base[at]
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {
        "hands": played,
        "wins": sum(wins.values()),
        "draws": draws,
        "errors": errors,
        "chips_sum": sum(chips.values()),
        "seconds": round(seconds, 3),
        "seats": [_seat_figures(n, wins[n], chips[n], nets[n], played) for n in names],
    }
    if failures:
        report["failures"] = failures
    return report


def _seat_figures(name: str, wins: int, chips: int, nets: list[int], hands: int) -> dict[str, Any]:
    """One player's line of the report (per-hand figures over the hands that were scored)."""
    mean, se = mean_and_se(nets) if nets else (0.0, None)
    return {
        "player": name,
        "wins": wins,
        "win_share": round(wins / hands, 4) if hands else 0.0,
        "chips": chips,
        "chips_per_hand": round(mean, 2),
        "chips_per_hand_se": None if se is None else round(se, 2),
    }
