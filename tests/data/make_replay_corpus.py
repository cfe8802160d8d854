"""Make the stored-game replay corpus (tests/data/replay_corpus.json) for issue 27.

Run from the repository root::

    .venv/bin/python tests/data/make_replay_corpus.py

It plays complete games with the engine as it stands (``engine.game.Game``, four ``normal``
computer players of ``engine.ai.player``) for every registered ruleset and the notable variants
(rumisberg with three players, rumisberg's Gulasch and late claims, wikibooks with riichi and
dora), with fixed seeds, and writes for each game:

- ``ruleset``, ``overrides``, ``seed`` and ``seats`` as the bot stores them (a Discord user id
  or ``"ai:<level>"``; the engine's ``players`` are ``[str(s) for s in seats]``, as in
  ``bot/restore.py``);
- ``log``: the game's whole log (``Game.log``: hand actions in each hand's notation, ``next``
  between hands), the lines ``bot/restore.py`` ``game_log`` rebuilds from the stored hands;
- ``checkpoints``: after every ``EVERY``-th log line and after every line that ends a hand, the
  game's public surfaces (:func:`checkpoint`): version, chips, centre, the positions to act, and
  a digest of every view (each position's ``Game.view`` and the public one, rendered to canonical
  JSON by :func:`canonical`: every PlayerView/SeatView field, tiles and melds and actions by their
  notation, the house rules left out);
- ``hands``: every finished hand's public record (prevailing wind, East, winner, values, nets and
  every transfer, by position) and ``final``: the chips, whether the game is over, the hand number.

Only public surfaces are stored (views, actions' notation, chips, nets, transfers, log lines),
never private attributes, so the corpus keeps its meaning when the engine is restructured.
``tests/test_replay_corpus.py`` replays every game and checks all of it. Regenerate only on
purpose: the corpus records what the code it was made with did.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: import the project from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.actions import Action, ActionKind
from engine.ai.player import AIPlayer
from engine.game import NEXT, Game
from engine.hand import Meld
from engine.seats import WINDS, Position
from engine.settings import Settings
from engine.tiles import Tile

CORPUS = Path(__file__).with_name("replay_corpus.json")
EVERY = 12
"""A checkpoint after every this many log lines (and at every hand's end)."""

GAMES: tuple[tuple[str, dict[str, object], int, int], ...] = (
    # (ruleset, overrides, seed, players)
    ("dmjl", {"game_length": "hands:3"}, 2701, 4),
    ("dmjl", {"game_length": "hands:3"}, 2702, 4),
    ("huabao", {"game_length": "hands:3"}, 2711, 4),
    ("huabao", {"game_length": "hands:3", "limit": 500}, 2712, 4),
    ("jiangxi", {"game_length": "hands:3"}, 2721, 4),
    ("jiangxi", {"game_length": "hands:3"}, 2722, 4),
    ("wikibooks", {"game_length": "hands:3"}, 2731, 4),
    ("wikibooks", {"game_length": "hands:3", "riichi": True, "dora": True}, 2732, 4),
    ("wikibooks", {"game_length": "hands:3", "western": True, "dora": True}, 2733, 4),
    ("rumisberg", {"game_length": "hands:3"}, 2741, 4),
    ("rumisberg", {"game_length": "hands:3", "claim_window": "until_next_draw"}, 2742, 4),
    ("rumisberg", {"game_length": "hands:3", "players": 3}, 2743, 3),
    ("rumisberg", {"game_length": "hands:3", "players": 3}, 2744, 3),
)
"""The games: every registered ruleset and the notable variants, a few each."""

SOUGHT: tuple[tuple[str, dict[str, object], int, str], ...] = (
    # (ruleset, overrides, players, what the game must show); seeds tried from SEARCH on
    ("wikibooks", {"game_length": "hands:3", "riichi": True, "dora": True}, 4, "riichi"),
)
"""Games found by trying seeds in order until one shows a rare moment (a riichi declared)."""

LATE: tuple[tuple[str, dict[str, object], int, int], ...] = (
    ("rumisberg", {"game_length": "hands:3"}, 2761, 4),
    ("rumisberg", {"game_length": "hands:3", "players": 3}, 2762, 3),
)
"""Games whose computers take every late claim offered (rumisberg rule 3, A-RU-13: a discard
claimed after the next player's draw, his drawn tile going back): the ``normal`` player never
does, having passed the discard in its claim window."""

SEARCH = range(2800, 2900)
"""The seeds tried, in order, for :data:`SOUGHT`."""


ADDED_SINCE = frozenset({"revealed", "revealed_drawn"})
"""View fields added after the corpus was written, left out while they are None (as in every view
of a game in play: only a finished hand's replay fills them, issue 29), so the stored digests
still compare what they compared."""


def _plain(value: Any) -> Any:
    """``value`` as plain JSON data: public notation for tiles, melds and actions."""
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Action) and isinstance(value.seat, Position):
        # The corpus was written when a view's legal actions (seated by position) printed
        # their seat number as the wind letter of that number (issue 27): keep that spelling,
        # so the stored digests still compare the same seat number, move and tiles.
        return str(value.by(WINDS[value.seat]))
    if isinstance(value, Action | Meld):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, Settings):
        return None  # the house rules: the game's overrides, stored once per game
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not (f.name in ADDED_SINCE and getattr(value, f.name) is None)
        }
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return repr(value)
    raise TypeError(f"no canonical form for {type(value).__name__}")


def canonical(game: Game, position: int | None) -> str:
    """The view of ``position`` (None: the public view) as canonical JSON."""
    return json.dumps(_plain(game.view(position)), sort_keys=True, separators=(",", ":"))


def digest(text: str) -> str:
    """A short digest of a canonical text."""
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def checkpoint(game: Game) -> dict[str, Any]:
    """The game's public state now: version, chips, centre, who acts, each view's digest."""
    views = {"public": digest(canonical(game, None))}
    for position in range(4):
        views[str(position)] = digest(canonical(game, position))
    return {
        "version": game.version,
        "hand_number": game.hand_number,
        "chips": list(game.chips),
        "centre": [[s.seat, s.amount, s.reason] for s in game.centre],
        "to_act": game.to_act(),
        "views": views,
    }


def hand_records(game: Game) -> list[dict[str, Any]]:
    """Every finished hand's public record, by position."""
    return [
        {
            "number": h.number,
            "prevailing": h.prevailing.name,
            "east": h.east,
            "places": list(h.places),
            "actions": len(h.actions),
            "winner": h.winner,
            "values": list(h.values),
            "nets": list(h.nets),
            "transfers": [[t.payer, t.payee, t.amount, t.reason] for t in h.transfers],
        }
        for h in game.history
    ]


def final(game: Game) -> dict[str, Any]:
    """The game's end: chips, whether it is over, its hand number and prevailing wind."""
    return {
        "chips": list(game.chips),
        "finished": game.finished,
        "hand_number": game.hand_number,
        "prevailing": game.prevailing.name,
        "version": game.version,
    }


def seats_for(seed: int, players: int) -> list[int | str]:
    """The seats as the bot stores them: two people (Discord ids), the rest computers."""
    return [seed * 10 + 1, seed * 10 + 2, *("ai:normal" for _ in range(players - 2))]


def play(
    ruleset: str, overrides: dict[str, object], seed: int, players: int, take_late: bool = False
) -> dict[str, Any]:
    """Play one whole game with ``normal`` computer players (``take_late``: taking every late
    claim offered); its corpus entry."""
    seats = seats_for(seed, players)
    game = Game(ruleset, overrides, seed, [str(s) for s in seats])
    ais = {p: AIPlayer("normal", seed=f"corpus:{seed}:{p}") for p in game.positions}
    checkpoints = [checkpoint(game)]
    shows: set[str] = set()
    while True:
        if game.deal.over:
            if game.finished:
                break
            game.apply(NEXT)
            if game.gulasch:
                shows.add("gulasch")
        else:
            position = next(p for p in game.positions if game.legal_actions(p))
            action = ais[position].choose(game.view(position))
            late = game.deal.late  # only to choose and tell what the game shows; never stored
            if late is not None:
                options = {str(o) for o in late.options}
                if take_late:
                    action = next(
                        (a for a in game.legal_actions(position) if game.line(a) in options), action
                    )
                if game.line(action) in options:
                    shows.add("late-claim")
            if action.kind is ActionKind.RIICHI:
                shows.add("riichi")
            game.apply(action)
        if game.version % EVERY == 0 or game.deal.over:
            checkpoints.append(checkpoint(game))
    return {
        "ruleset": ruleset,
        "overrides": overrides,
        "seed": seed,
        "shows": sorted(shows),
        "seats": seats,
        "log": list(game.log),
        "checkpoints": checkpoints,
        "hands": hand_records(game),
        "final": final(game),
    }


def sought(ruleset: str, overrides: dict[str, object], players: int, show: str) -> dict[str, Any]:
    """The first game of :data:`SEARCH`'s seeds that shows ``show``."""
    for seed in SEARCH:
        entry = play(ruleset, overrides, seed, players)
        if show in entry["shows"]:
            return entry
    raise RuntimeError(f"no {ruleset} game with {players} players shows {show} among the seeds tried")


def main() -> None:
    """Play the games and write the corpus."""
    games = [play(*spec) for spec in GAMES]
    games += [sought(*spec) for spec in SOUGHT]
    games += [play(*spec, take_late=True) for spec in LATE]
    corpus = {
        "about": (
            "Games played by the engine before issue 27's redesign, with their public states at "
            "checkpoints; made by tests/data/make_replay_corpus.py, replayed by tests/test_replay_corpus.py."
        ),
        "every": EVERY,
        "games": games,
    }
    CORPUS.write_text(json.dumps(corpus, indent=None, separators=(",", ":")) + "\n")
    print(f"{len(games)} games, {CORPUS.stat().st_size} bytes: {CORPUS}")


if __name__ == "__main__":
    main()
