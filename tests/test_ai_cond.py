"""Computer players at tables whose rules restrict what may win (issue 32): no claim into a
dead hand, a dead hand worth nothing, discards and claims planned toward what can win."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind
from engine.ai.conditions import conditions, dead
from engine.ai.hints import hint
from engine.ai.player import LEVELS, AIPlayer, Evaluator
from engine.ai.shanten import IMPOSSIBLE
from engine.ai.value import estimate_value, knowledge
from engine.deal import Deal
from engine.game import Game
from engine.seats import Position
from engine.tiles import Tile

NO_BONUS = {"bonus_tiles": False}
WESTERN = {"western": True, "bonus_tiles": False}


def _others_pass(deal: Deal) -> None:
    """Every seat that may answer the last discard passes."""
    for seat in range(4):
        view = deal.view(seat)
        if view.phase != "turn" and Action(Position(seat), ActionKind.PASS) in view.legal:
            deal.apply(f"{'ESWN'[seat]} pass")


def _second_chow() -> Deal:
    """Rumisberg: South has chowed 123p; East throws 6m, which South could chow as 456m (two
    chows: no counted hand can win any more), with 789s and 555z 11z a complete shape."""
    deal = Deal.arranged(
        ["3p44p55p22s55s11s66z4z", "12p45m789s555z11z9m", "1122m33m3344s66s2z", "7788m66778899p3z"],
        live="7z7z6m",
        ruleset="rumisberg",
        settings=NO_BONUS,
    )
    deal.apply("E discard 3p")
    deal.apply("S chow 123p")
    _others_pass(deal)
    for move in ("S discard 9m", "W discard 7z", "N discard 7z", "E discard 6m"):
        deal.apply(move)
        _others_pass(deal) if move != "E discard 6m" else None
    return deal


@pytest.mark.parametrize("level", LEVELS)
def test_a_second_chow_is_never_claimed_in_rumisberg(level: str) -> None:
    view = _second_chow().view(1)
    chow = Action(Position(1), ActionKind.CHOW, Tile.parse("4m"))
    assert chow in view.legal
    assert AIPlayer(level).choose(view) == Action(Position(1), ActionKind.PASS)
    # The hint follows the player: pass.
    assert hint(view).action == Action(Position(1), ActionKind.PASS)


def test_a_dead_hand_is_worth_nothing_and_the_model_pays_it_no_winners_line() -> None:
    view = _second_chow().view(1)
    ev = Evaluator(view, knowledge("rumisberg", view.settings), "strong")
    counts, melds, held = ev.after_claim(
        Action(Position(1), ActionKind.CHOW, Tile.parse("4m")), int(Tile.parse("6m"))
    )
    assert ev.dead(melds) and not ev.dead(ev.state.melds)
    assert ev.shanten(counts, melds) == IMPOSSIBLE
    value, _ = estimate_value(counts, melds, ev.wv, ev.know, ev.unseen)
    assert value == 0.0
    counts[Tile.parse("9s")] -= 1  # a discard: 3n + 1 tiles
    opt = ev.evaluate(counts, melds, held=held)
    assert opt.chance == 0.0 and opt.value == 0.0
    lose_a, lose_b = ev.model.lost[0]
    assert opt.utility == pytest.approx(lose_a * opt.lose + lose_b)


def test_the_hint_of_a_dead_hand_says_it_is_out_of_the_running() -> None:
    deal = _second_chow()
    deal.apply("S chow 456m")
    _others_pass(deal)
    view = deal.view(1)
    assert Evaluator(view, knowledge("rumisberg", view.settings)).dead(view.me.melds if view.me else ())
    text = hint(view).text
    assert "out of the running (the table's rules let this hand win no more)" in text
    assert "ohne Gewinnmöglichkeit" in hint(view, lang="de").text


def test_western_discards_work_toward_one_suit_and_honours() -> None:
    # A complete chow of characters beside a bamboo hand: by shape alone the lone red dragon
    # goes; a western hand must be a (half) flush, so the characters are what to throw.
    deal = Deal.arranged(
        ["123m45678899s11z5z", "2233445566778m", "2233445566778p", "1199m1199p3344z"],
        ruleset="wikibooks",
        settings=WESTERN,
    )
    view = deal.view(0)
    characters = {Tile.parse(t) for t in ("1m", "2m", "3m")}
    for level in ("normal", "strong"):
        action = AIPlayer(level).choose(view)
        assert action.kind is ActionKind.DISCARD and action.tile in characters, (level, action)
    assert hint(view).discard in characters


def test_rumisberg_takes_the_pong_of_the_round_wind_with_a_pair_in_hand() -> None:
    # West holds East wind (the round's) twice, no suit pong and a run of bamboo with one chow
    # allowed: the pong is a set the table lets count, and a double (issue 32: passed before).
    deal = Deal.arranged(
        ["1z2589m369p147s23z6z", "2233445566778m", "44m12346789s11z5z", "2233445566778p"],
        ruleset="rumisberg",
        settings=NO_BONUS,
    )
    deal.apply("E discard 1z")
    view = deal.view(2)
    assert Action(Position(2), ActionKind.PONG) in view.legal
    for level in ("normal", "strong"):
        for guarded in (False, True):
            assert AIPlayer(level, defence=guarded).choose(view) == Action(Position(2), ActionKind.PONG)
    assert hint(view).action == Action(Position(2), ActionKind.PONG)


def test_no_claim_into_a_dead_hand_in_play() -> None:
    """Four strong players with defence play rumisberg and western hands: no claim ever leaves
    the claimer's melds dead (the oracle of :mod:`engine.ai.conditions`)."""
    claims = (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG)
    made = 0
    for ruleset, settings in (("rumisberg", NO_BONUS), ("wikibooks", WESTERN)):
        cond = conditions(ruleset, settings)
        for seed in range(4):
            game = Game(ruleset, settings, seed=f"cond:{seed}", players=list("abcd"))
            players = [AIPlayer("strong", seed=p, defence=True, ruleset=game.ruleset) for p in range(4)]
            while not game.deal.over:
                position = next(p for p in range(4) if game.legal_actions(p))
                action = players[position].choose(game.view(position))
                game.apply(action)
                if action.kind in claims:
                    made += 1
                    assert not dead(cond, game.view(position).players[position].melds), (
                        ruleset,
                        seed,
                        action,
                    )
    assert made  # the players do claim


def test_a_ready_hand_no_wait_of_which_reaches_the_minimum_has_no_chance() -> None:
    # Ii Fan Shibari (a double at least): chows and a pair of simples wait on 5p, which wins
    # nothing here; as it stands the hand is worth nothing and the model pays no winner's line.
    deal = Deal.arranged(
        ["123m456p789s234m5p9m", "2233445566778m", "2233445566778p", "2233445566778s"],
        ruleset="wikibooks",
        settings={"ii_fan_shibari": True},
    )
    view = deal.view(0)
    ev = Evaluator(view, knowledge("wikibooks", view.settings), "strong")
    counts = list(ev.state.counts)
    counts[Tile.parse("9m")] -= 1
    opt = ev.evaluate(counts, ())
    assert opt.shanten == 0 and opt.waits and not any(w.on_discard or w.self_drawn for w in opt.waits)
    assert opt.chance == 0.0 and opt.value == 0.0
    lose_a, lose_b = ev.model.lost[1]  # East
    assert opt.utility == pytest.approx(lose_a * opt.lose + lose_b)
