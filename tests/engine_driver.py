"""A random driver for the game engine: random valid settings for every ruleset,
uniform legal actions across all seats with illegal ones injected, and every
invariant checked after every step.

Checked at every step:

* every physical tile is in exactly one place (tile conservation);
* an illegal action raises :class:`~engine.errors.IllegalActionError` and changes nothing;
* the public view holds no concealed tile, each seat's view exactly its own;
* a shadow game that replays the log line by line (parsed from text) has the
  same state (replay identity), and a replay from scratch at the end of every
  hand too;
* the chips always sum to the starting total, every hand's nets to zero.

The test suite runs it at a small size (``tests/test_engine_driver.py``); run it
larger by hand::

    python -m tests.engine_driver --actions 1000000 --seed audit
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from engine.actions import KINDS, MULTI_TILE_KINDS, TILE_KINDS, Action
from engine.errors import IllegalActionError
from engine.game import NEXT, Game
from engine.rulesets import RULESETS, get_ruleset
from engine.seats import Position
from engine.settings import SPECS
from engine.tiles import TILES
from engine.wall import KIND

PLAYERS = ("Ada", "Bo", "Cy", "Di")


def players_for(settings: dict[str, object]) -> tuple[str, ...]:
    """The players' names for a game under ``settings`` (three or four)."""
    return PLAYERS[: int(str(settings.get("players", 4)))]


def random_settings(
    rng: random.Random, ruleset: str = "dmjl", *, max_hands: int = 4, players: int | None = None
) -> dict[str, object]:
    """A random valid value for a random subset of the settings ``ruleset`` takes (every one
    of them can be drawn).

    Whole numbers favour their bounds; ``game_length`` stays short so that games end; the
    player count is one the ruleset is played by (three now and then where it may, always with
    ``players=3``), with its deal.
    """
    rs = get_ruleset(ruleset)
    out: dict[str, object] = {}
    if players == 3 or (players is None and 3 in rs.seat_counts and rng.random() < 0.4):
        out.update(players=3, deal_pattern="R3")
    for spec in SPECS:
        if spec.name not in rs.setting_names:
            continue
        if spec.name in ("players", "deal_pattern"):
            continue  # chosen above (three players deal R3), else the ruleset's own
        if spec.kind is str and not spec.choices and spec.name != "game_length":
            continue  # free text (a club's own hands): tested with its notation
        elif spec.name == "game_length":  # always short, now and then longer (up to all four rounds)
            long = rng.random() < 0.05
            hands = rng.randint(1, 40 if long else max_hands)
            out[spec.name] = rng.choice([f"hands:{hands}", f"rounds:{rng.randint(1, 4) if long else 1}"])
        elif rng.random() < 0.5:
            continue
        elif spec.kind is bool:
            out[spec.name] = rng.random() < 0.5
        elif spec.kind is int:
            low, high = spec.minimum, spec.maximum
            out[spec.name] = rng.choice(
                [low, high, rng.randint(low, min(high, low + 20)), rng.randint(low, high)]
            )
        else:
            out[spec.name] = rng.choice(spec.choices)
    return out


def random_action(rng: random.Random) -> Action:
    """Any action of any seat, legal or not."""
    kind = rng.choice(KINDS)
    if kind in MULTI_TILE_KINDS:
        return Action(
            Position(rng.randrange(4)),
            kind,
            tiles=tuple(rng.choice(TILES[:34]) for _ in range(rng.randint(1, 3))),
        )
    return Action(Position(rng.randrange(4)), kind, rng.choice(TILES) if kind in TILE_KINDS else None)


@dataclass
class Report:
    """What a run did and found."""

    actions: int = 0
    legal: int = 0
    illegal: int = 0
    hands: int = 0
    games: int = 0
    by_ruleset: dict[str, int] = field(default_factory=dict)
    breaks: list[dict[str, Any]] = field(default_factory=list)


class Break(AssertionError):
    """An invariant that did not hold."""


def check(game: Game, shadow: Game) -> None:
    """Every invariant of the module docstring for the current state.

    :raises Break: naming the invariant that failed.
    """
    deal = game.deal
    if sorted(deal.all_tiles()) != list(game.ruleset.tile_ids(game.settings)):
        raise Break("a tile is lost or doubled")
    if game.view(None).concealed or game.view(None).drawn is not None:
        raise Break("the public view holds concealed tiles")
    for position in range(4):
        view = game.view(position)
        shown = sorted([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
        if shown != sorted(KIND[t] for t in deal.seats[int(game.wind_of(position))].concealed):
            raise Break(f"position {position}'s view does not hold exactly its own tiles")
    start = len(game.players) * game.settings.initial_score
    if sum(game.chips) != start or any(sum(r.nets) for r in game.history):
        raise Break("the chips do not sum to the start")
    if shadow.snapshot() != game.snapshot():
        raise Break("the replayed log does not give the same state")


def drive(actions: int, seed: object = 0, *, illegal_rate: float = 0.3, max_hands: int = 6) -> Report:
    """Apply ``actions`` actions (legal and injected illegal ones) game after game; a game
    that has not ended after ``max_hands`` hands gives way to a new one (new rules, new seed)."""
    rng = random.Random(f"driver:{seed}")
    report = Report()
    game: Game | None = None
    shadow: Game | None = None
    setup: tuple[str, dict[str, object], str] = ("dmjl", {}, "")
    while report.actions < actions:
        if game is None or (game.deal.over and (game.finished or len(game.history) >= max_hands)):
            ruleset = rng.choice(sorted(RULESETS))
            setup = (ruleset, random_settings(rng, ruleset), f"{seed}:{report.games}")
            game = Game(setup[0], setup[1], setup[2], players_for(setup[1]))
            shadow = Game(setup[0], setup[1], setup[2], players_for(setup[1]))
            report.games += 1
            report.by_ruleset[ruleset] = report.by_ruleset.get(ruleset, 0) + 1
        assert shadow is not None
        report.actions += 1
        try:
            if game.deal.over:
                game.next_hand()
                shadow.apply_line(NEXT)
                report.legal += 1
            elif rng.random() < illegal_rate:
                action = random_action(rng)
                if action in game.legal_actions(action.seat):
                    game.apply(action)
                    shadow.apply_line(game.log[-1])
                    report.legal += 1
                else:
                    before = game.snapshot()
                    try:
                        game.apply(action)
                    except IllegalActionError:
                        pass
                    else:
                        raise Break(f"{action} was applied though it is not legal")
                    if game.snapshot() != before:
                        raise Break(f"refusing {action} changed the state")
                    report.illegal += 1
            else:
                legal = [a for p in range(4) for a in game.legal_actions(p)]
                if not legal:
                    raise Break("the hand is not over but no seat has a legal action")
                action = rng.choice(legal)
                game.apply(action)
                shadow.apply_line(game.log[-1])
                report.legal += 1
            check(game, shadow)
            if game.deal.over and game.log and game.log[-1] != NEXT:
                report.hands += 1
                again = Game.replay(*setup, players_for(setup[1]), game.log)
                if again.snapshot() != game.snapshot():
                    raise Break("a replay from scratch does not give the same state")
        except Exception as exc:  # every break is recorded with what reproduces it
            report.breaks.append(
                {
                    "ruleset": setup[0],
                    "settings": setup[1],
                    "seed": setup[2],
                    "log": list(game.log),
                    "error": f"{type(exc).__name__}: {exc}",
                }
            )
            game = None  # start afresh
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engine_driver", description=__doc__)
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--illegal-rate", type=float, default=0.3)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = drive(args.actions, args.seed, illegal_rate=args.illegal_rate)
    out = {
        "actions": report.actions,
        "legal": report.legal,
        "illegal_refused": report.illegal,
        "hands": report.hands,
        "games": report.games,
        "games_by_ruleset": report.by_ruleset,
        "breaks": len(report.breaks),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(out))
    for b in report.breaks[:5]:
        print(json.dumps(b)[:2000], file=sys.stderr)
    return 1 if report.breaks else 0


if __name__ == "__main__":
    sys.exit(main())
