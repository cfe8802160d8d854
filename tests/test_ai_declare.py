"""Declarations by winning tiles (engine/ai/player.py ``_riichi``, the declaration lines of
``_turn``; ``winning_left``, ``riichi_worth``, ``fishing_value``): riichi when the double it
brings is worth the stake it risks, Fishing whenever the ready hand has a value, the call with
enough winning tiles left, every count made of the tiles that win, not of the shape."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action, ActionKind
from engine.ai.hints import hint
from engine.ai.player import AIPlayer, Evaluator, Option, WaitValue, fishing_value, riichi_worth, winning_left
from engine.seats import Position
from engine.tiles import Tile, parse_tiles
from engine.views import PlayerView, SeatView
from tests.test_ai_defence_graded import E, W, seat, turn


def declared(view: SeatView) -> Action:
    return AIPlayer("strong", seed="d").choose(view)


def before_the_draw(mine: str, west: PlayerView) -> SeatView:
    """East at the beginning of his turn (wikibooks with riichi), 13 concealed tiles, offered riichi."""
    view = turn(mine, None, west)
    return replace(view, legal=(Action(Position(E), ActionKind.RIICHI), Action(Position(E), ActionKind.PASS)))


def now_of(view: SeatView) -> tuple[Evaluator, Option]:
    ev = Evaluator(view, AIPlayer("strong").knowledge(view.ruleset, view.settings), "strong")
    return ev, ev.evaluate(ev.state.counts, ev.state.melds)


def test_winning_tiles_count_only_the_tiles_that_make_a_mahjong() -> None:
    # The shape waits on 5s, 7s and 8s; only 7s makes a Mah-Jongg (5s or 8s: a second chow).
    tile = Tile.parse
    five, seven, eight = tile("5s"), tile("7s"), tile("8s")
    waits = (WaitValue(five, 4, 0, 0), WaitValue(seven, 1, 300, 320), WaitValue(eight, 4, 0, 0))
    ready = Option(tile("1z"), 0, ((five, 4), (seven, 1), (eight, 4)), 9, 310.0, 0.3, 0.0, waits)
    assert ready.unseen == 9 and winning_left(ready) == 1 and fishing_value(ready) == 300
    drawn_only = replace(ready, waits=(WaitValue(tile("7s"), 2, 0, 320),))
    assert winning_left(drawn_only) == 2 and fishing_value(drawn_only) == 0


def test_a_cheap_ready_hand_does_not_risk_the_riichi_stake() -> None:
    # Waiting on 2m or 5m, three left, a 20-point hand: the double is not worth 200 at stake.
    view = before_the_draw("123m 456p 789s 2345m", seat(W, "", "2m5m"))
    ev, now = now_of(view)
    assert winning_left(now) == 3  # the old rule declared from three tiles on
    assert riichi_worth(ev, now) < 0
    assert declared(view).kind is ActionKind.PASS


def test_a_valuable_ready_hand_declares_riichi_with_two_tiles_left() -> None:
    # Two dragon pongs waiting on 9p alone, two left: the double doubles a big hand.
    view = before_the_draw("111z 555z 234m 789s 9p", seat(W, "", "9p"))
    ev, now = now_of(view)
    assert winning_left(now) == 2  # the old rule waited for three
    assert riichi_worth(ev, now) > 0
    assert declared(view).kind is ActionKind.RIICHI
    advice = hint(view)
    assert advice.action == declared(view) and advice.text.startswith("Declare riichi before you draw")
    assert hint(view, lang="de").text.startswith("Vor dem Ziehen Riichi ansagen")


def test_no_riichi_without_a_winning_tile_left() -> None:
    view = before_the_draw("111z 555z 234m 789s 9p", seat(W, "", "9p9p9p"))
    ev, now = now_of(view)
    assert winning_left(now) == 0 and riichi_worth(ev, now) == -ev.know.settings.riichi_stake
    assert declared(view).kind is ActionKind.PASS


def test_fishing_is_declared_with_few_tiles_left_for_its_value() -> None:
    # rumisberg: ready on 5m or 9s (one of each left) after 1z. Fishing is paid by the other
    # losers whenever another player wins, whatever tiles are left (RULES.md §2.4.7).
    mine = "123p 555p 888m 99s 55m 1z"
    view = turn(mine, None, seat(W, "", "9s5m"), ruleset="rumisberg", overrides={})
    view = replace(view, legal=(*view.legal, Action(Position(E), ActionKind.FISHING, Tile.parse("1z"))))
    action = declared(view)
    assert action.kind is ActionKind.FISHING and action.tile == Tile.parse("1z")
    # Without the declaration on offer the same tile goes.
    plain = turn(mine, None, seat(W, "", "9s5m"), ruleset="rumisberg", overrides={})
    assert declared(plain).tile == Tile.parse("1z") and declared(plain).kind is ActionKind.DISCARD


def test_the_call_counts_winning_tiles() -> None:
    # dmjl, the first discard: ready on 2m or 5m after 1z.
    mine = "123m 456p 789s 2345m 1z"
    for west, call in (("", True), ("2m5m5m", False)):
        view = turn(mine, None, seat(W, "", west), ruleset="dmjl", overrides={"bonus_tiles": False})
        view = replace(view, legal=(*view.legal, Action(Position(E), ActionKind.CALL, Tile.parse("1z"))))
        _, now = now_of(replace(view, concealed=tuple(parse_tiles("123m456p789s2345m"))))
        assert winning_left(now) == (5 if call else 2)
        assert (declared(view).kind is ActionKind.CALL) is call
