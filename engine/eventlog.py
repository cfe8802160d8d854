"""A game as a JSON-lines event log (issue 29, section 3), and back.

:func:`export_events` turns a :class:`~engine.game.Game` (finished or running) into a list of
JSON-serialisable events; :func:`import_events` reads them back into an identical game (the same
seed and walls, the same actions replayed through the engine, so the same views, chips and hand
records). :func:`dumps` and :func:`loads` write and read the text, one JSON object a line.

Event names follow MJAI where they fit (``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``,
``pon``, ``chi``, ``kakan``, ``ankan``, ``daiminkan``, ``hora``, ``ryukyoku``, ``end_kyoku``,
``end_game``, ``none`` for a pass, ``reach`` for riichi); what MJAI lacks is an extension
(``call``, ``fishing``, ``nine_majors``, ``bonus``, ``payment``, the Gulasch's ``gulasch_*``).
Seats are the game's positions (0-3; with three players 3 is the empty place). README.md
("Game logs") has the table of every event and its fields.

The events that carry a move (:data:`MOVES`) are what import replays; every other event is
what the engine said happened (draws, payments, results) and is checked: the game read back
must export the very same events, else the file is refused. In a hand still being played the
tiles drawn and the starting hands are left out (nobody's concealed tiles leave the table before
the hand is over).

>>> from engine.game import Game
>>> game = Game("dmjl", {"game_length": "hands:1"}, 7, ["Ada", "Bo", "Cy", "Di"])
>>> events = export_events(game)
>>> events[0]["type"], events[0]["version"], events[1]["type"]
('start_game', 1, 'start_kyoku')
>>> import_events(loads(dumps(events))).snapshot() == game.snapshot()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.actions import Action, ActionKind
from engine.errors import MahjongError
from engine.events import Event, EventKind
from engine.game import NEXT, Game
from engine.rulesets import resolve
from engine.seats import POSITIONS
from engine.tiles import Tile

FORMAT: Final = "mahjong-table-events"
"""The ``format`` of a log's ``start_game`` event."""
VERSION: Final = 1
"""The format version this module writes and reads."""

MOVES: Final[dict[ActionKind, str]] = {
    ActionKind.DISCARD: "dahai",
    ActionKind.CALL: "call",
    ActionKind.CHOW: "chi",
    ActionKind.PONG: "pon",
    ActionKind.KONG: "daiminkan",
    ActionKind.CONCEALED_KONG: "ankan",
    ActionKind.ADDED_KONG: "kakan",
    ActionKind.RIICHI: "reach",
    ActionKind.MAHJONG: "hora",
    ActionKind.PASS: "none",
    ActionKind.FISHING: "fishing",
    ActionKind.NINE_MAJORS: "nine_majors",
    ActionKind.GIVE: "gulasch_give",
    ActionKind.CONTINUE: "gulasch_continue",
    ActionKind.START: "gulasch_start",
    ActionKind.SWAP: "gulasch_swap",
}
"""The event type of each move (an action of the engine)."""
KIND_OF: Final = {name: kind for kind, name in MOVES.items()}
INFO: Final = frozenset(
    {"start_game", "start_kyoku", "tsumo", "bonus", "payment", "ryukyoku", "end_kyoku", "end_game"}
)
"""The event types that carry no move: what the engine said happened (checked on import)."""
TYPES: Final = frozenset(MOVES.values()) | INFO
"""Every event type of the format."""


class EventLogError(ValueError):
    """A log that cannot be read back: ``str()`` says which line and what is wrong, in English
    (met only at the terminal, ``mahjong import``). ``replays`` is False when the file was read
    but the engine refused a move or the replay differs from it."""

    def __init__(self, message: str, *, replays: bool = True) -> None:
        super().__init__(message)
        self.replays = replays


# --- Export -----------------------------------------------------------------------------------


def _overrides(game: Game) -> dict[str, object]:
    """The settings of ``game`` that differ from its ruleset's defaults, as plain JSON values."""
    _, defaults = resolve(game.ruleset, None)
    base = defaults.as_dict()
    return {k: v for k, v in game.settings.as_dict().items() if base.get(k) != v}


def _start(game: Game, hidden: bool) -> dict[str, Any]:
    """The ``start_kyoku`` event of the hand ``game`` has just dealt."""
    event: dict[str, Any] = {
        "type": "start_kyoku",
        "hand": game.hand_number,
        "prevailing": game.prevailing.letter,
        "east": game.east,
        "chips": list(game.chips),
        "gulasch": game.gulasch,
    }
    if not hidden:
        event["tehais"] = [[str(t) for t in game.view(p).concealed] for p in game.positions]
        event["bonus"] = [[str(t) for t in game.view(p).players[p].bonus] for p in game.positions]
    return event


def _move(action: Action, position: int) -> dict[str, Any]:
    event: dict[str, Any] = {"type": MOVES[action.kind], "actor": position}
    if action.tile is not None:
        event["pai"] = str(action.tile)
    if action.tiles:
        event["pais"] = [str(t) for t in action.tiles]
    return event


def _told(events: Iterable[Event], hidden: bool) -> list[dict[str, Any]]:
    """The events the engine gave for one move that the log keeps (draws, bonus tiles, payments)."""
    out: list[dict[str, Any]] = []
    for e in events:
        if e.kind is EventKind.DRAW and e.seat is not None:
            draw: dict[str, Any] = {"type": "tsumo", "actor": int(e.seat)}
            if not hidden and e.tile is not None:
                draw["pai"] = str(e.tile)
            if e.what:
                draw["source"] = e.what
            out.append(draw)
        elif e.kind is EventKind.BONUS and e.seat is not None and e.tile is not None:
            out.append({"type": "bonus", "actor": int(e.seat), "pai": str(e.tile)})
        elif e.kind is EventKind.PAID and e.seat is not None:
            out.append({"type": "payment", "actor": int(e.seat), "amount": e.amount, "reason": e.what})
    return out


def _ended(game: Game) -> list[dict[str, Any]]:
    """The events of the hand ``game`` has just settled: ``hora`` details or ``ryukyoku``, then
    ``end_kyoku`` with values, nets, payments and chips (and ``end_game`` if it is over)."""
    record = game.history[-1]
    out: list[dict[str, Any]] = []
    if record.winner is None:
        out.append({"type": "ryukyoku"})
    end: dict[str, Any] = {
        "type": "end_kyoku",
        "hand": record.number,
        "winner": record.winner,
        "target": record.discarder,
        "self_drawn": record.self_drawn,
        "pai": None if record.win_tile is None else str(record.win_tile),
        "values": list(record.values),
        "deltas": list(record.nets),
        "payments": [
            {"from": t.payer, "to": t.payee, "amount": t.amount, "reason": t.reason} for t in record.transfers
        ],
        "chips": list(game.chips),
        "centre": [{"actor": s.seat, "amount": s.amount, "reason": s.reason} for s in game.centre],
    }
    out.append(end)
    if game.finished:
        out.append({"type": "end_game", "chips": list(game.chips), "names": list(game.names)})
    return out


def export_events(game: Game) -> list[dict[str, Any]]:
    """The event log of ``game`` (finished or running): a ``start_game`` header (format version,
    ruleset, settings overrides, seed, players), then every hand's events in order. Each event is
    a dict of JSON values with a ``type``; seats are positions.

    The game is replayed from its log to find what the engine said at each move; ``game`` itself
    is not changed.
    """
    overrides = _overrides(game)
    header: dict[str, Any] = {
        "type": "start_game",
        "format": FORMAT,
        "version": VERSION,
        "ruleset": game.ruleset.name,
        "overrides": overrides,
        "seed": game.seed,
        "players": list(game.players),
        "names": list(game.names),
    }
    if game.rotating_vacant:
        header["rotating_vacant"] = True
    replay = Game(game.ruleset.name, overrides, game.seed, game.players, rotating_vacant=game.rotating_vacant)
    hands = game.log.count(NEXT) + 1
    last_open = not game.deal.over

    def hidden() -> bool:
        return last_open and replay.hand_number == hands

    out = [header, _start(replay, hidden())]
    for line in game.log:
        if line == NEXT:
            replay.apply_line(line)
            out.append(_start(replay, hidden()))
            continue
        position = replay.position_of(Action.parse(line).seat)
        keep = hidden()
        told = replay.apply_line(line)
        out.append(_move(Action.parse(line), position))
        out += _told(told, keep)
        if replay.deal.over:
            out += _ended(replay)
    return out


# --- Import -----------------------------------------------------------------------------------


def _field(event: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    value = event.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise EventLogError(f"{where}: field {name!r} must be {kind.__name__}, not {value!r}")
    return value


def _action(event: Mapping[str, Any], where: str) -> Action:
    """The engine action a move event stands for (seated by position)."""
    actor = _field(event, "actor", int, where)
    if actor not in range(4):
        raise EventLogError(f"{where}: 'actor' is a position 0-3, not {actor}")
    try:
        tile = Tile.parse(_field(event, "pai", str, where)) if "pai" in event else None
        tiles = tuple(Tile.parse(t) for t in _field(event, "pais", list, where)) if "pais" in event else ()
        return Action.of(POSITIONS[actor], KIND_OF[event["type"]], tile, tiles)
    except (MahjongError, TypeError, AttributeError) as exc:
        raise EventLogError(f"{where}: {exc}") from None


def import_events(events: Iterable[Mapping[str, Any]]) -> Game:
    """Read a log written by :func:`export_events` back into a game: the header makes the game,
    each move is applied through the engine, each ``start_kyoku`` after the first deals the
    next hand. The game read back must export the very same events.

    :raises EventLogError: naming the event (1-based line) and what is wrong: no header, another
        format or version, an unknown type, a bad field, a move the engine refuses (``replays``
        False), or an event the replay does not produce (``replays`` False).
    """
    given = list(events)
    if not given or not isinstance(given[0], Mapping) or given[0].get("type") != "start_game":
        raise EventLogError("line 1: a log begins with a start_game event")
    header = given[0]
    if header.get("format") != FORMAT or header.get("version") != VERSION:
        raise EventLogError(
            f"line 1: format {header.get('format')!r} version {header.get('version')!r} is not "
            f"{FORMAT!r} version {VERSION}"
        )
    for number, event in enumerate(given, start=1):
        if not isinstance(event, Mapping) or event.get("type") not in TYPES:
            kind = event.get("type") if isinstance(event, Mapping) else event
            raise EventLogError(
                f"line {number}: unknown event type {kind!r} (known: {', '.join(sorted(TYPES))})"
            )
    try:
        players = [str(p) for p in _field(header, "players", list, "line 1")]
        overrides = _field(header, "overrides", dict, "line 1")
        seed = header.get("seed")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise EventLogError(f"line 1: field 'seed' must be a whole number or text, not {seed!r}")
        game = Game(
            _field(header, "ruleset", str, "line 1"),
            overrides,
            seed,
            players,
            rotating_vacant=header.get("rotating_vacant") is True,
        )
        if isinstance(header.get("names"), list) and len(header["names"]) == len(players):
            names = [str(n) for n in header["names"]]
            game.rename([names[game.order.index(i)] for i in range(len(players))])
    except MahjongError as exc:
        raise EventLogError(f"line 1: {exc}") from None
    starts = 0
    for number, event in enumerate(given, start=1):
        where = f"line {number}"
        kind = event["type"]
        if kind == "start_kyoku":
            starts += 1
            if starts > 1:
                try:
                    game.apply_line(NEXT)
                except MahjongError as exc:
                    raise EventLogError(f"{where}: {exc}", replays=False) from None
        elif kind in KIND_OF:
            action = _action(event, where)
            try:  # as a log line: a stored log of older rules reads as it was played (deal_replay)
                game.apply_line(game.line(action))
            except MahjongError as exc:
                raise EventLogError(f"{where}: the engine refuses {kind}: {exc}", replays=False) from None
    again = export_events(game)
    for number, (mine, theirs) in enumerate(zip(again, given, strict=False), start=1):
        if mine != dict(theirs):
            raise EventLogError(
                f"line {number}: the replay gives {json.dumps(mine)}, the file has {json.dumps(theirs)}",
                replays=False,
            )
    if len(again) != len(given):
        raise EventLogError(f"the replay gives {len(again)} events, the file has {len(given)}", replays=False)
    return game


# --- Text -------------------------------------------------------------------------------------


def dumps(events: Iterable[Mapping[str, Any]]) -> str:
    """The events as JSON lines (one compact object a line, a newline after each)."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


def loads(text: str) -> list[dict[str, Any]]:
    """Read JSON lines (blank lines skipped) into events.

    :raises EventLogError: for a line that is not a JSON object with a string ``type``.
    """
    out: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise EventLogError(f"line {number}: not JSON ({exc.args[0] if exc.args else exc})") from None
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise EventLogError(f'line {number}: each line is a JSON object with a "type"')
        out.append(value)
    return out
