"""Computer players and hints: legality, no hidden information, taking wins, known positions."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.simulate_cmd import level_of, player_for, simulate, unique_names
from engine.actions import Action, ActionKind
from engine.ai.hints import hint
from engine.ai.player import LEVELS, AIPlayer, Evaluator
from engine.ai.value import knowledge
from engine.deal import Deal
from engine.errors import MahjongError
from engine.game import Game
from engine.hand import Meld, MeldKind
from engine.rulesets import get_ruleset
from engine.seats import Position
from engine.tiles import TILES, Tile, Wind, parse_tiles
from engine.views import HintView, PlayerView, SeatView

NO_BONUS = {"bonus_tiles": False}
M, P, S = "2233445566778m", "2233445566778p", "2233445566778s"
OTHERS = [M, P, S]


def play_hand(ruleset: str, seed: str, levels: list[str]) -> int:
    """Play one hand with AI players, checking every choice is legal; returns decisions made."""
    game = Game(ruleset, seed=seed, players=["a", "b", "c", "d"])
    players = [AIPlayer(levels[p], seed=f"{seed}:{p}") for p in range(4)]
    decisions = 0
    while not game.deal.over:
        position = next(p for p in range(4) if game.legal_actions(p))
        view = game.view(position)
        action = players[position].choose(view)
        assert action in view.legal
        assert action in game.legal_actions(position)
        game.apply(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("ruleset", ["dmjl", "huabao"])
def test_all_levels_play_only_legal_actions(ruleset: str) -> None:
    total = 0
    for i in range(12):
        levels = [LEVELS[(i + p) % 3] for p in range(4)]
        total += play_hand(ruleset, f"legal:{i}", levels)
    assert total > 12 * 20


def random_view(seed: int) -> tuple[Deal, int]:
    """A deal played some random legal moves in, and a seat that has something to do."""
    rng = random.Random(seed)
    deal = Deal(rng.choice(["dmjl", "huabao"]), seed=seed)
    for _ in range(rng.randrange(0, 90)):
        seats = [s for s in range(4) if deal.legal_actions(s)]
        if deal.over or not seats:
            break
        seat = rng.choice(seats)
        deal.apply(rng.choice(deal.legal_actions(seat)))
    if deal.over:
        deal = Deal("dmjl", seed=seed)
    seat = next(s for s in range(4) if deal.legal_actions(s))
    return deal, seat


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS))
def test_random_positions_legal(seed: int, level: str) -> None:
    deal, seat = random_view(seed)
    view = deal.view(seat)
    action = AIPlayer(level, seed=seed).choose(view)
    assert action.by(Wind(seat)) in deal.legal_actions(seat)  # a bare deal: position p is wind p
    h = hint(view)
    assert h.action in view.legal


def test_player_holds_no_game_and_sees_only_a_view() -> None:
    game = Game("dmjl", seed=3, players=["a", "b", "c", "d"])
    player = AIPlayer("strong", seed=1)
    for _ in range(30):
        if game.deal.over:
            break
        position = next(p for p in range(4) if game.legal_actions(p))
        view = game.view(position)
        assert isinstance(view, SeatView)
        for p in view.players:
            assert isinstance(p, PlayerView)
            assert not hasattr(p, "concealed")  # others' concealed tiles are only a count
        game.apply(player.choose(view))

    def reachable(root: object) -> list[object]:
        seen: dict[int, object] = {}
        todo = [root]
        while todo:
            obj = todo.pop()
            if id(obj) in seen or isinstance(obj, type):
                continue
            seen[id(obj)] = obj
            todo.extend(gc.get_referents(obj))
        return list(seen.values())

    assert not any(isinstance(o, (Deal, Game)) for o in reachable(player))


def test_decision_from_a_view_built_without_any_deal() -> None:
    players = tuple(
        PlayerView(seat=i, wind=Wind(i), name=n, chips=2000, concealed_count=14 if i == 0 else 13)
        for i, n in enumerate(["me", "b", "c", "d"])
    )
    concealed = tuple(parse_tiles("123m456p789s1155z"))
    legal = tuple(
        Action(Position(0), ActionKind.DISCARD, t) for t in [*sorted(set(concealed)), Tile.parse("9m")]
    )
    view = SeatView(
        seat=0,
        players=players,
        prevailing=Wind.EAST,
        hand_number=1,
        turn=0,
        phase="turn",
        wall_live=70,
        wall_dead=14,
        ruleset="dmjl",
        concealed=concealed,
        drawn=Tile.parse("9m"),
        legal=legal,
    )
    for level in LEVELS:
        assert AIPlayer(level, seed=0).choose(view) == Action(
            Position(0), ActionKind.DISCARD, Tile.parse("9m")
        )


def test_hidden_tiles_of_others_do_not_change_the_decision() -> None:
    east = "1258m369p147s1235z"
    a = Deal.arranged([east, *OTHERS], settings=NO_BONUS)
    b = Deal.arranged([east, "567m5678p5678s66z", P, S], settings=NO_BONUS)
    assert a.view(0) == b.view(0)
    assert a.seats[1].concealed != b.seats[1].concealed
    for level in LEVELS:
        assert AIPlayer(level, seed=7).choose(a.view(0)) == AIPlayer(level, seed=7).choose(b.view(0))
        guarded_a, guarded_b = (AIPlayer(level, seed=7, defence=True) for _ in "ab")
        assert guarded_a.choose(a.view(0)) == guarded_b.choose(b.view(0))


@pytest.mark.parametrize("level", LEVELS)
def test_takes_self_drawn_win(level: str) -> None:
    deal = Deal.arranged(["123m456p789s111z55z", *OTHERS], settings=NO_BONUS)
    assert AIPlayer(level).choose(deal.view(0)) == Action(Position(0), ActionKind.MAHJONG)


@pytest.mark.parametrize("level", LEVELS)
def test_takes_win_on_a_discard(level: str) -> None:
    deal = Deal.arranged(
        ["1112345678999p9s", "123m456p78s11z555z", "123456789m1234s", M],
        settings=NO_BONUS,
    )
    deal.apply("E discard 9s")
    view = deal.view(1)
    assert (
        Action(Position(1), ActionKind.MAHJONG) in view.legal
        and Action(Position(1), ActionKind.CHOW, Tile.parse("7s")) in view.legal
    )
    assert AIPlayer(level).choose(view) == Action(Position(1), ActionKind.MAHJONG)


def test_claims_a_dragon_pong_and_passes_useless_chow() -> None:
    # South holds a pair of red dragons; East throws one: pong improves shanten and doubles the hand.
    deal = Deal.arranged(["123456789m1234p7z", "77z2589m369p147s1z", P, S], settings=NO_BONUS)
    deal.apply("E discard 7z")
    assert Action(Position(1), ActionKind.PONG) in deal.view(1).legal
    for level in LEVELS:
        assert AIPlayer(level).choose(deal.view(1)) == Action(Position(1), ActionKind.PONG)
    # A waiting concealed hand passes a chow that would break it.
    deal = Deal.arranged(["123456789m1234p3s", "123m456p789s1z555z", P, S], settings=NO_BONUS)
    deal.apply("E discard 4m")
    view = deal.view(1)
    assert Action(Position(1), ActionKind.CHOW, Tile.parse("2m")) in view.legal
    for level in LEVELS:
        assert AIPlayer(level).choose(view) == Action(Position(1), ActionKind.PASS)


def test_declares_concealed_kong() -> None:
    deal = Deal.arranged(["1111m456p789s11z55z", *OTHERS], settings=NO_BONUS)
    assert Action(Position(0), ActionKind.CONCEALED_KONG, Tile.parse("1m")) in deal.view(0).legal
    assert AIPlayer("normal").choose(deal.view(0)) == Action(
        Position(0), ActionKind.CONCEALED_KONG, Tile.parse("1m")
    )


def test_makes_the_call_at_the_beginning_when_waiting() -> None:
    deal = Deal.arranged(["123m456p789s11z55z9m", *OTHERS], settings=NO_BONUS)
    assert Action(Position(0), ActionKind.CALL, Tile.parse("9m")) in deal.view(0).legal
    assert AIPlayer("strong").choose(deal.view(0)) == Action(Position(0), ActionKind.CALL, Tile.parse("9m"))
    huabao = Deal.arranged(["123m456p789s11z55z9m", *OTHERS], ruleset="huabao")
    assert AIPlayer("strong").choose(huabao.view(0)) == Action(
        Position(0), ActionKind.DISCARD, Tile.parse("9m")
    )


def test_hint_discard_waits_and_scores() -> None:
    deal = Deal.arranged(["123m456p789s11z55z9m", *OTHERS], settings=NO_BONUS)
    h = hint(deal.view(0))
    assert h.discard == Tile.parse("9m")
    assert (h.shanten_before, h.shanten_after) == (0, 0)
    waits = {str(w.tile): w for w in h.waits}
    assert set(waits) == {"1z", "5z"}
    # East's own wind pong (two doubles as seat and prevailing) is worth more than the dragon pong.
    assert waits["1z"].on_discard > waits["5z"].on_discard > 0
    assert waits["1z"].self_drawn >= waits["1z"].on_discard
    assert h.marks() == HintView(Tile.parse("9m"), (Tile.parse("1z"), Tile.parse("5z")))
    assert "Characters 9" in h.text and "East wind" in h.text and "9m" not in h.text


def test_hint_off_turn_lists_useful_tiles() -> None:
    deal = Deal.arranged(["123456789m1234p7z", "13m456p789s55z99s1z", P, S], settings=NO_BONUS)
    h = hint(deal.view(1))
    assert h.action is None and h.discard is None
    assert h.shanten_after == 1
    assert {str(t) for t, _ in h.useful} >= {"2m", "5z", "9s"}
    assert h.marks() == HintView()


def test_hint_for_a_win() -> None:
    deal = Deal.arranged(["123m456p789s111z55z", *OTHERS], settings=NO_BONUS)
    h = hint(deal.view(0))
    assert h.action == Action(Position(0), ActionKind.MAHJONG)
    assert "Mah-Jongg" in h.text


def test_knowledge_comes_from_the_scorer() -> None:
    dmjl = knowledge("dmjl").winds(Wind.SOUTH, Wind.EAST)
    hb = knowledge("huabao").winds(Wind.SOUTH, Wind.EAST)
    assert dmjl.no_chow_doubles == 1 and hb.no_chow_doubles == 0
    assert dmjl.pong_exposed[TILES[28]] == (4, 1)  # South's own wind
    assert dmjl.pong_exposed[TILES[29]] == (4, 0)  # West: no double for South
    limit300 = knowledge("dmjl", get_ruleset("dmjl").settings({"limit": "300"}))
    assert limit300.limit == 300


def test_evaluator_prefers_value_between_equal_shapes() -> None:
    # Keep the dragon pair rather than a pair of simples when both leave the hand equally close.
    deal = Deal.arranged(["123m456p789s55z11p1s", *OTHERS], settings=NO_BONUS)
    ev = Evaluator(deal.view(0), knowledge("dmjl", deal.settings), "strong")
    options = ev.discard_choices(ev.state.counts, ev.state.melds)
    assert options[0].discard == Tile.parse("1s")
    assert options[0].shanten == 0 and {str(w.tile) for w in options[0].waits} == {"5z", "1p"}
    # An exposed dragon pong is worth more than an exposed pong of simples to the estimate.
    rest = [0] * 34
    for t in (0, 1, 2, 12, 13, 14, 24, 25, 26, 9):
        rest[t] += 1
    dragon = ev.evaluate(rest, [Meld(MeldKind.PONG, Tile.parse("5z"))])
    simple = ev.evaluate(rest, [Meld(MeldKind.PONG, Tile.parse("5s"))])
    assert dragon.value > simple.value


def test_strong_weighs_its_best_discards_one_draw_later() -> None:
    # A lone East wind and a lone red dragon are alike to the model (the same shape, as many
    # copies unseen); one draw later a pair of East's own wind is worth more to East (its pong
    # doubles twice), so strong lets the dragon go where normal lets the wind go.
    deal = Deal.arranged(["1m9m9m1p1p6p7p8p5s7s8s9s1z7z", *OTHERS], settings=NO_BONUS)
    ev = Evaluator(deal.view(0), knowledge("dmjl", deal.settings), "strong")
    options = ev.discard_choices(ev.state.counts, ev.state.melds)
    first, second = options[:2]
    assert (str(first.discard), str(second.discard)) == ("1z", "7z")
    assert first.shanten == second.shanten == 2 and first.utility == second.utility
    assert ev.lookahead(second) > ev.lookahead(first)
    assert AIPlayer("strong").choose(deal.view(0)) == Action(
        Position(0), ActionKind.DISCARD, Tile.parse("7z")
    )
    assert AIPlayer("normal").choose(deal.view(0)) == Action(
        Position(0), ActionKind.DISCARD, Tile.parse("1z")
    )


def test_players_are_deterministic_given_the_seed() -> None:
    a = simulate("dmjl", get_ruleset("dmjl").settings(), 4, "det", ["easy", "easy#2", "normal", "strong"])
    b = simulate("dmjl", get_ruleset("dmjl").settings(), 4, "det", ["easy", "easy#2", "normal", "strong"])
    del a["seconds"], b["seconds"]
    assert a == b and a["errors"] == 0


def test_simulate_names() -> None:
    assert unique_names(["easy", "easy", "strong", "easy"]) == ["easy", "easy#2", "strong", "easy#3"]
    with pytest.raises(MahjongError):
        unique_names(["Ada", "Ada", "b", "c"])
    assert level_of("easy#2") == "easy" and level_of("Bo") == "normal"
    assert player_for("simple").__self__.__class__.__name__ == "SimplePlayer"  # type: ignore[attr-defined]


def test_a_computer_player_knows_the_tables_house_rules_from_the_view() -> None:
    """A player made without settings (simulate, a timeout's default) plays by the house rules
    the view carries, not by the ruleset's own: under western play a hand must be a flush."""
    deal = Deal("wikibooks", {"western": True}, seed=1)
    player = AIPlayer("normal", seed="house")
    know = player.knowledge("wikibooks", deal.view(0).settings)
    assert know.table.require_flush and know.table.max_chows == 1
    assert not player.knowledge("wikibooks").table.require_flush
    # Settings given to the player win over the view's.
    own = AIPlayer("normal", settings={"western": False})
    assert not own.knowledge("wikibooks", deal.view(0).settings).table.require_flush
