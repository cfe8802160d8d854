"""The replay of a finished hand (issue 29 §3): engine/replay.py.

A game is played by computer players, then each finished hand is replayed from the stored log
alone: its end must be the live game's end of that hand (every hand, meld, discard, bonus tile and
the score sheet), each step the game replayed to that step, every seat's tiles face up; a hand in
play is never shown face up.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cli.simulate_cmd import computer_choosers, play_hand_out
from engine.errors import IllegalActionError
from engine.events import EventKind
from engine.game import NEXT, Game
from engine.replay import FinishedHand, HandInPlayError, open_view
from engine.views import SeatView
from engine.wall import KIND

PLAYERS = ["strong", "normal", "easy", "normal#2"]


def hidden(view: SeatView) -> SeatView:
    """The view with the open tiles taken away again (what the public view of the live game is)."""
    return replace(view, players=tuple(replace(p, revealed=None, revealed_drawn=None) for p in view.players))


def tiles_held(game: Game) -> list[list[int]]:
    """Each position's concealed tiles by kind, sorted (the empty place: none)."""
    out = []
    for p in range(4):
        if game.vacant == p:
            out.append([])
            continue
        out.append(sorted(int(KIND[t]) for t in game.deal.seats[game.wind_of(p)].concealed))
    return out


def shown(view: SeatView) -> list[list[int]]:
    return [
        sorted(
            int(t) for t in (*(p.revealed or ()), *([] if p.revealed_drawn is None else [p.revealed_drawn]))
        )
        for p in view.players
    ]


def play(
    ruleset: str, seed: int, players: list[str], hands: int, settings: dict[str, object] | None = None
) -> tuple[Game, list[SeatView], list[list[list[int]]]]:
    """Play ``hands`` hands with computer players; each hand's public view and tiles at its end."""
    game = Game(ruleset, settings or {}, seed, players)
    choosers = computer_choosers(game)
    ends, held = [], []
    while True:
        play_hand_out(game, choosers)
        ends.append(game.view(None))
        held.append(tiles_held(game))
        if game.finished or len(ends) == hands:
            return game, ends, held
        game.apply(NEXT)


@pytest.mark.parametrize(
    ("ruleset", "seed", "players"),
    [("dmjl", 11, PLAYERS), ("wikibooks", 4, PLAYERS), ("rumisberg", 9, PLAYERS), ("jiangxi", 2, PLAYERS)],
)
def test_the_replayed_end_of_every_hand_is_the_live_games_end(
    ruleset: str, seed: int, players: list[str]
) -> None:
    settings = {"players": 3} if ruleset == "rumisberg" else {}
    players = players[:3] if settings else players
    game, ends, held = play(ruleset, seed, players, 4, settings)
    logs = [list(h.actions) for h in game.history]
    for number, (live, tiles) in enumerate(zip(ends, held, strict=True), start=1):
        hand = FinishedHand(ruleset, settings, seed, players, logs, number)
        end = hand.view_at(hand.last)
        assert end.sheet is not None and end.sheet == live.sheet
        assert hidden(end) == live  # every seat, meld, discard, bonus tile, chips, the wall, the result
        assert shown(end) == tiles  # every hand face up, as the live game held it
        assert hand.end.history[-1].nets == game.history[number - 1].nets


@pytest.mark.parametrize(("ruleset", "settings"), [("dmjl", {}), ("rumisberg", {"players": 3})])
def test_each_step_is_the_game_replayed_to_that_step_with_every_hand_face_up(
    ruleset: str, settings: dict[str, object]
) -> None:
    players = PLAYERS[:3] if settings else PLAYERS
    game, _, _ = play(ruleset, 5, players, 2, settings)
    logs = [list(h.actions) for h in game.history]
    hand = FinishedHand(ruleset, settings, 5, players, logs, 2)
    before = [*logs[0], NEXT]
    assert hand.last == len(logs[1])
    for step in range(hand.last + 1):
        live = Game.replay(ruleset, settings, 5, players, before + logs[1][:step])
        view = hand.view_at(step)
        assert hidden(view) == live.view(None), step
        assert shown(view) == tiles_held(live), step
        if step < hand.last and live.deal.drawn is not None and live.deal.turn is not None:
            mover = view.players[live.position_of(live.deal.turn)]
            assert mover.revealed_drawn == KIND[live.deal.drawn]
    # the moves a reader stops at: the deal, every discard, and the end; never a plain pass
    moves = hand.moves
    assert moves[0] == 0 and moves[-1] == hand.last
    discards = [k for k, line in enumerate(logs[1], start=1) if line.split()[1] == "discard"]
    assert set(discards) <= set(moves)
    for k in moves[1:-1]:
        assert any(e.kind not in (EventKind.DRAW, EventKind.PASS) for e in hand.events[k])


def test_names_are_shown_and_the_seating_is_the_stored_ones() -> None:
    game, ends, _ = play("dmjl", 8, PLAYERS, 1)
    hand = FinishedHand("dmjl", {}, 8, PLAYERS, [game.history[0].actions], 1, names=["A", "B", "C", "D"])
    names = {p.name for p in hand.view_at(0).players}
    assert names == {"A", "B", "C", "D"}
    by_name = dict(zip(PLAYERS, "ABCD", strict=True))
    assert [by_name[p.name] for p in ends[0].players] == [p.name for p in hand.view_at(hand.last).players]


def test_a_hand_in_play_is_never_shown_face_up() -> None:
    game = Game("dmjl", {}, 6, PLAYERS)
    play_hand_out(game, computer_choosers(game))
    whole = list(game.history[0].actions)
    with pytest.raises(HandInPlayError, match="still in play"):
        FinishedHand("dmjl", {}, 6, PLAYERS, [whole[:-1]], 1)
    with pytest.raises(HandInPlayError, match="no hand 2"):
        FinishedHand("dmjl", {}, 6, PLAYERS, [whole], 2)
    with pytest.raises(HandInPlayError, match="after the hand ended"):
        FinishedHand("dmjl", {}, 6, PLAYERS, [[*whole, "E discard 1m"]], 1)
    hand = FinishedHand("dmjl", {}, 6, PLAYERS, [whole], 1)
    with pytest.raises(HandInPlayError, match="no step"):
        hand.view_at(hand.last + 1)
    live = Game("dmjl", {}, 6, PLAYERS)
    with pytest.raises(HandInPlayError, match="never shown face up"):
        open_view(live, finished=False)
    assert all(p.revealed is None for p in live.view(None).players)
    assert all(p.revealed is None for p in live.view(0).players)  # a seat's own view: its tiles apart
    with pytest.raises(IllegalActionError):
        FinishedHand("dmjl", {}, 6, PLAYERS, [["E discard 1m", *whole]], 1)
