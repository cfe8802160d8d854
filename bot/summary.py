"""A finished hand's summary: what the engine said about it, kept with the hand's result.

The summary (:class:`bot.storage.HandSummary`) is the engine's own record of the hand
(:class:`engine.game.HandRecord`, which speaks of table positions only) turned to the game's
stored seats (``game.order``): the winner, self-drawn or on whose discard, the winning tile, each
seat's hand value, and the winning hand's score (its lines and arrangement) as JSON. The table
stores it in the same transaction as the hand's result and payments
(:meth:`bot.table.Table._finish_hand`), so it says what the payments were computed from; a
replay of the hand's log gives the same (:func:`summaries_from_log`), which is how a hand
finished before summaries were kept gets one. ``/stats`` reads summaries instead of replaying.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage.records import HandSummary
from bot.storage.stats import PlayedGame
from engine.game import NEXT, Game
from engine.game import HandRecord as EngineHand
from engine.scoring.facts import ArrangedGroup, GroupKind
from engine.scoring.scorer import Score, ScoreLine
from engine.tiles import parse_tiles, tiles_str


def score_to_json(score: Score) -> str:
    """A score as compact JSON that :func:`score_from_json` reads back to an equal :class:`Score`.

    Lines are ``[name, points, doubles, code, detail]``, groups ``[kind, tiles, exposed, winning]``
    with the tiles in notation.
    """
    data: dict[str, Any] = {
        "ruleset": score.ruleset,
        "won": score.won,
        "points": score.points,
        "doubles": score.doubles,
        "limit": score.limit,
        "total": score.total,
        "uncapped": score.uncapped,
        "items": [[i.name, i.points, i.doubles, i.code, i.detail] for i in score.items],
        "arrangement": score.arrangement,
        "win_place": score.win_place,
        "reason": score.reason,
        "groups": [[str(g.kind), tiles_str(g.tiles), g.exposed, g.winning] for g in score.groups],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def score_from_json(text: str) -> Score:
    """The score :func:`score_to_json` wrote.

    :raises ValueError: for text that is not such a score (``json.JSONDecodeError``,
        ``NotationError`` and ``KeyError``-like problems all surface as ``ValueError`` or ``KeyError``).
    """
    data = json.loads(text)
    return Score(
        ruleset=data["ruleset"],
        won=data["won"],
        points=data["points"],
        doubles=data["doubles"],
        limit=data["limit"],
        total=data["total"],
        uncapped=data["uncapped"],
        items=tuple(ScoreLine(n, p, d, c, e) for n, p, d, c, e in data["items"]),
        arrangement=data["arrangement"],
        win_place=data["win_place"],
        reason=data["reason"],
        groups=tuple(
            ArrangedGroup(GroupKind(k), tuple(parse_tiles(t)) if t else (), x, w)
            for k, t, x, w in data["groups"]
        ),
    )


def summarize(game: Game, record: EngineHand) -> HandSummary:
    """The summary of one of ``game``'s finished hands (``record`` from ``game.history``, whose
    seats are table positions), by the game's stored seats (``game.order[position]``)."""
    values = [0] * len(game.order)
    for position, value in enumerate(record.values):
        values[game.order[position]] = value
    if record.winner is None:
        return HandSummary(None, values=tuple(values))
    return HandSummary(
        winner=game.order[record.winner],
        self_drawn=record.self_drawn,
        discarder=None if record.discarder is None else game.order[record.discarder],
        win_tile=None if record.win_tile is None else str(record.win_tile),
        values=tuple(values),
        score="" if record.score is None else score_to_json(record.score),
    )


def summaries_from_log(game: PlayedGame, logs: Mapping[int, Sequence[str]]) -> dict[int, HandSummary]:
    """Replay a game's finished hands from their logs and summarize each (hand number -> summary).

    A log that does not replay (a corrupt log, or an engine that changed) gives every hand a
    summary with the ``error``; so does a finished hand the replay does not reach.
    """
    done = [h.hand_no for h in game.hands]
    log: list[str] = []
    for number in range(1, max(done, default=0) + 1):
        if number > 1:
            log.append(NEXT)
        log.extend(logs.get(number, ()))
    try:
        played = Game.replay(game.ruleset, dict(game.overrides), game.seed, [str(s) for s in game.seats], log)
    except Exception as exc:  # any failure of the replay: the stored result is all there is
        error = f"the log does not replay: {type(exc).__name__}: {exc}"[:500]
        return {n: HandSummary(None, error=error) for n in done}
    out = {record.number: summarize(played, record) for record in played.history if record.number in done}
    for number in done:
        out.setdefault(number, HandSummary(None, error="the replay of the log does not finish this hand"))
    return out
