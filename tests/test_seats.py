"""One seat numbering in the engine's public surface (issue 27): an action's and an event's
seat says by its type whether it is a hand's wind (inside a Deal, and in the log's notation) or
a table position (everything a Game takes and gives); the game's seating is the one place that
maps the two."""

from __future__ import annotations

import pytest

from bot.components import parse_action_code
from engine.actions import Action, ActionKind
from engine.deal import Deal
from engine.errors import IllegalActionError, NotationError
from engine.events import Event, EventKind
from engine.game import NEXT, Game
from engine.players import SimplePlayer
from engine.seats import POSITIONS, Position, position
from engine.tiles import Tile, Wind


def _east_rotated(ruleset: str = "dmjl", players: int = 4) -> Game:
    """A game (fixed seeds) whose current hand's East is not at position 0."""
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    for seed in range(40):
        game = Game(ruleset, {"players": players} if players == 3 else None, seed=seed, players=names)
        player = SimplePlayer()
        while not game.finished and len(game.history) < 6:
            if game.deal.over:
                game.apply(NEXT)
                if game.east != 0:
                    return game
                continue
            for idle in game.idle_passes():
                game.apply(idle)
            if game.deal.over:
                continue
            mover = game.to_act()[0]
            game.apply(player.choose(game.view(mover)))
    raise AssertionError("no seed rotated East within six hands")


def _to_east_turn(game: Game) -> None:
    """Play on (simple players) until this hand's East is to discard."""
    player = SimplePlayer()
    while game.deal.turn != Wind.EAST or game.deal.phase != "turn":
        for idle in game.idle_passes():
            game.apply(idle)
        mover = game.to_act()[0]
        game.apply(player.choose(game.view(mover)))


def test_after_east_rotated_an_action_prints_its_position_and_the_log_its_wind() -> None:
    game = _east_rotated()
    _to_east_turn(game)
    east = game.position_of(Wind.EAST)
    assert east == game.east != 0
    legal = game.legal_actions(east)
    discard = next(a for a in legal if a.kind is ActionKind.DISCARD)
    # The move is East's: printed by its position, with no wind letter at all ...
    assert str(discard) == f"seat {east}: discard {discard.tile}"
    assert str(discard).split()[0] not in {"E", "S", "W", "N"}
    # ... while the log line, the game's to write, names the hand's wind.
    assert game.line(discard) == f"E discard {discard.tile}"
    game.apply(discard)
    assert game.log[-1] == f"E discard {discard.tile}"


def test_line_refuses_a_position_seated_action() -> None:
    action = Action(Position(2), ActionKind.DISCARD, Tile.parse("1m"))
    with pytest.raises(NotationError, match=r"not position 2: ask Game\.line"):
        action.line()
    assert Action.parse("W discard 1m").line() == "W discard 1m"


@pytest.mark.parametrize("seat", [3, 0, True, 3.0, "E"])
def test_a_plain_int_is_no_seat(seat: object) -> None:
    with pytest.raises(NotationError, match=r"a Wind \(in a deal\) or a Position"):
        Action(seat, ActionKind.PASS)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Action.of(seat, ActionKind.PASS)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Action.parse("N pass").by(seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a Wind, a Position or None"):
        Event(EventKind.DISCARD, seat, Tile.parse("1m"))  # type: ignore[arg-type]


def test_a_position_is_made_from_a_number_never_from_a_wind() -> None:
    assert position(2) is POSITIONS[2] and repr(position(2)) == "Position(2)" and str(position(2)) == "2"
    for bad in (Wind.SOUTH, 4, -1, True):
        with pytest.raises(ValueError, match="a position is 0, 1, 2 or 3"):
            position(bad)


def test_a_wind_and_a_position_of_one_number_are_different_seats() -> None:
    by_wind, at = Action.of(Wind.WEST, ActionKind.PONG), Action.of(Position(2), ActionKind.PONG)
    assert by_wind != at and at != by_wind and by_wind is not at
    assert len({by_wind, at}) == 2
    assert at.by(Wind.WEST) == by_wind and by_wind.by(Position(2)) == at
    assert Action.parse("W pong") == by_wind and Action.parse("W pong") != at


def test_game_gives_positions_and_deal_gives_winds() -> None:
    game = _east_rotated()
    for p in game.positions:
        for action in game.legal_actions(p):
            assert type(action.seat) is Position and action.seat == p
        for action in game.view(p).legal:
            assert type(action.seat) is Position and action.seat == p
    assert all(type(p) is Position for p in game.to_act())
    assert all(type(p) is Position for p in (*game.positions, *game.places))
    wind = game.wind_of(game.to_act()[0])
    assert game.deal.legal_actions(wind)
    assert all(type(a.seat) is Wind and a.seat == wind for a in game.deal.legal_actions(wind))
    assert all(type(a.seat) is Wind for a in game.deal.log)
    # A deal's own move is no table position's: the bot's "in legal_actions" test cannot match it.
    mover = game.to_act()[0]
    assert not set(game.deal.legal_actions(game.wind_of(mover))) & set(game.legal_actions(mover))


def test_each_side_refuses_the_other_numbering_with_a_message() -> None:
    game = _east_rotated()
    mover = game.to_act()[0]
    by_wind = game.deal.legal_actions(game.wind_of(mover))[0]
    before = game.snapshot()
    with pytest.raises(NotationError, match="a game takes actions seated by a position"):
        game.apply(by_wind)
    with pytest.raises(NotationError, match="a game takes actions seated by a position"):
        game.check(by_wind)
    assert game.snapshot() == before
    deal = Deal("dmjl", seed=3)
    with pytest.raises(NotationError, match="a deal takes actions seated by a wind"):
        deal.apply(deal.view(0).legal[0])
    with pytest.raises(NotationError, match="a deal takes actions seated by a wind"):
        deal.check(deal.view(0).legal[0])
    assert not deal.log


def test_events_out_of_a_game_are_by_position_and_a_deals_by_wind() -> None:
    game = _east_rotated()
    player = SimplePlayer()
    seen = 0
    while not game.deal.over:
        for idle in game.idle_passes():
            for e in game.apply(idle):
                seen += 1
                assert e.seat is None or type(e.seat) is Position
        if game.deal.over:
            break
        mover = game.to_act()[0]
        action = player.choose(game.view(mover))
        wind = game.wind_of(mover)
        for e in game.apply(action):
            seen += 1
            assert e.seat is None or type(e.seat) is Position
            if e.kind in (EventKind.DISCARD, EventKind.DRAW) and e.seat == mover:
                assert e.seat == game.position_of(wind)
    assert seen > 20
    record = game.history[-1]
    assert record.winner is None or type(record.winner) is Position
    assert record.discarder is None or type(record.discarder) is Position
    deal = Deal("dmjl", seed=3)
    events = deal.apply(deal.legal_actions(Wind.EAST)[0])
    assert events and all(e.seat is None or type(e.seat) is Wind for e in events)
    assert str(events[0]).startswith("E ")


def test_the_bots_click_is_a_position_seated_move() -> None:
    game = _east_rotated()
    _to_east_turn(game)
    east = game.position_of(Wind.EAST)
    tile = next(a.tile for a in game.legal_actions(east) if a.kind is ActionKind.DISCARD)
    click = parse_action_code(f"discard-{tile}")
    assert click is not None and type(click.seat) is Position
    assert click.by(east) in game.legal_actions(east)  # what bot/table.py checks and applies
    assert game.check(click.by(east)) is None
    # The same move written by the hand's wind (a log line) is no table position's move.
    assert Action.parse(f"E discard {tile}") not in game.legal_actions(east)


def test_three_players_speak_positions_too() -> None:
    game = _east_rotated("rumisberg", players=3)
    assert game.vacant == 3 and game.wind_of(3) is Wind.NORTH
    assert all(type(p) is Position for p in game.places)
    mover = game.to_act()[0]
    assert all(type(a.seat) is Position for a in game.legal_actions(mover))
    with pytest.raises(IllegalActionError):
        game.apply(Action(Position(3), ActionKind.PASS))


def test_an_event_is_moved_from_a_wind_to_a_position_once() -> None:
    by_wind = Event(EventKind.DISCARD, Wind.SOUTH, Tile.parse("7z"))
    moved = by_wind.moved((2, 3, 0, 1))
    assert moved.seat == 3 and type(moved.seat) is Position and str(moved) == "3 discard 7z"
    assert str(by_wind) == "S discard 7z"
    with pytest.raises(TypeError, match="only an event seated by a wind is moved"):
        moved.moved((2, 3, 0, 1))
