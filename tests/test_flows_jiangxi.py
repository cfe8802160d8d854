"""Jiangxi's flow rules on deals set up by hand (RULES.md §2.5): several winners on one
discard, the pass-over rule, Gen zhuang, the restricted win from a gang player, and who
deals next."""

from __future__ import annotations

import pytest

from engine.actions import Action
from engine.deal import CLAIMS, OVER, ROBBING, Deal
from engine.events import EventKind
from engine.features.multiple_winners import RestrictedRob
from engine.game import Game
from engine.hand import MeldKind
from engine.views import EndReason

E, S, W, N = 0, 1, 2, 3


def _debt(deal: Deal) -> tuple[int, frozenset[int]] | None:
    """The gang player's debt of restricted wins (engine/features/multiple_winners.py)."""
    rule = deal.feature(RestrictedRob)
    assert rule is not None
    return rule.debt


def legal(deal: Deal, seat: int) -> list[str]:
    return [str(a) for a in deal.legal_actions(seat)]


def play(deal: Deal, *lines: str) -> list[EventKind]:
    """Apply each line, then the passes of seats with nothing to claim; the events' kinds."""
    kinds = []
    for line in lines:
        kinds += [e.kind for e in deal.apply(line)]
        for idle in deal.idle_passes():
            deal.apply(idle)
    return kinds


def play_game(game: Game, *lines: str) -> None:
    """Apply each line (seats written as this hand's winds) and the idle passes."""
    for line in lines:
        action = Action.parse(line)
        game.apply(Action(game.position_of(action.seat), action.kind, action.tile))
        for idle in game.idle_passes():
            game.apply(idle)


def paid(deal: Deal) -> list[tuple[int, int, int]]:
    assert deal.result is not None
    return [(t.payer, t.payee, t.amount) for t in deal.result.settlement.transfers]


# South waits on 9p with a concealed hand holding 123m 456m 789m: Hu 1 + Menqing 1 + one
# dragon (1 to 9) 3 = 5 fan; West waits on 9p with a plain concealed hand: Hu 1 + Menqing 1.
# On the dealer's first discard both also win Di-Hu (J23, +5).
SOUTH_9P = "123m456m789m123s9p"
WEST_9P = "123p456p789s555s9p"


def two_winners() -> Deal:
    return Deal.arranged(["9p 14m", SOUTH_9P, WEST_9P, "2p"], live="3p 4p", ruleset="jiangxi", fill=False)


def test_two_players_win_on_one_discard_and_the_discarder_pays_each() -> None:
    deal = two_winners()
    play(deal, "E discard 9p")
    assert "S mahjong" in legal(deal, S) and "W mahjong" in legal(deal, W)
    play(deal, "S mahjong", "W mahjong")
    assert deal.phase == OVER and deal.result is not None
    assert deal.result.winners == (S, W) and deal.result.winner == S
    assert deal.result.values[S] == 5 + 5 and deal.result.values[W] == 2 + 5
    assert paid(deal) == [(E, S, 10), (E, W, 7)]  # §2.5.3: the discarder pays each winner
    assert deal.result.settlement.nets == (-17, 10, 7, 0)
    tiles = deal.all_tiles()
    assert len(tiles) == len(set(tiles))  # the one winning tile is not doubled
    assert deal.shared == {W: deal.result.win_tile}


def test_several_winners_are_listed_and_paid_in_turn_order_after_the_discarder() -> None:
    deal = two_winners()
    play(deal, "E discard 9p", "W mahjong", "S mahjong")  # West says it first: South is paid first
    assert deal.result is not None and deal.result.winners == (S, W)
    assert paid(deal) == [(E, S, 10), (E, W, 7)]


def test_with_next_in_turn_only_the_first_claimant_wins() -> None:
    deal = Deal.arranged(
        ["9p 14m", SOUTH_9P, WEST_9P, "2p"],
        live="3p 4p",
        ruleset="jiangxi",
        settings={"multiple_winners": "next_in_turn"},
        fill=False,
    )
    play(deal, "E discard 9p", "W mahjong", "S mahjong")
    assert deal.result is not None and deal.result.winners == (S,)
    assert paid(deal) == [(E, S, 10)]


def test_the_discarder_who_fed_two_winners_deals_next() -> None:
    game = Game("jiangxi", None, 5, ("A", "B", "C", "D"))
    east = game.east
    game.deal = two_winners()
    play_game(game, "E discard 9p", "S mahjong", "W mahjong")
    game.next_hand()
    assert game.east == east  # East discarded the tile both won on: he deals again (A-JX-06)


def test_a_single_winner_deals_next() -> None:
    game = Game("jiangxi", None, 5, ("A", "B", "C", "D"))
    game.deal = Deal.arranged(["9p 14m", SOUTH_9P, "2s", "2p"], live="3p 4p", ruleset="jiangxi", fill=False)
    play_game(game, "E discard 9p", "S mahjong")
    south = game.position_of(S)
    game.next_hand()
    assert game.east == south  # the winner deals (dealer_rotation = winner)


def test_pass_over_bars_a_win_on_a_discard_until_the_player_draws_again() -> None:
    deal = Deal.arranged(
        ["5z 9p 1m", SOUTH_9P, "9p 4m", "9p 7m"],
        live="2p 3p 4p 5p 6p",
        ruleset="jiangxi",
        fill=False,
    )
    play(deal, "E discard 5z", "S discard 2p", "W discard 9p")
    assert legal(deal, S) == ["S mahjong", "S pass"]
    play(deal, "S pass")
    assert S in deal.barred
    play(deal, "N discard 9p")  # the same winning tile from another player: no Hu offered
    assert deal.phase != CLAIMS or legal(deal, S) == []
    play(deal, "E discard 9p")
    assert deal.turn == S and S not in deal.barred  # his own draw lifts the bar


def test_without_pass_over_the_next_discard_may_be_won() -> None:
    deal = Deal.arranged(
        ["5z 9p 1m", SOUTH_9P, "9p 4m", "9p 7m"],
        live="2p 3p 4p 5p 6p",
        ruleset="jiangxi",
        settings={"pass_over": "none"},
        fill=False,
    )
    play(deal, "E discard 5z", "S discard 2p", "W discard 9p", "S pass", "N discard 9p")
    assert legal(deal, S) == ["S mahjong", "S pass"]


def test_gen_zhuang_the_dealer_pays_each_player_and_play_goes_on() -> None:
    deal = Deal.arranged(
        ["1m 2p", "1m 3p", "1m 4p", "1m 5p"], live="6p 7p 8p 9p 1s 2s", ruleset="jiangxi", fill=False
    )
    play(deal, "E discard 1m", "S discard 1m", "W discard 1m")
    assert deal.paid == []
    kinds = play(deal, "N discard 1m")
    assert EventKind.PAID in kinds
    assert [(t.payer, t.payee, t.amount) for t in deal.paid] == [(E, S, 2), (E, W, 2), (E, N, 2)]
    assert deal.phase != OVER  # the hand continues (§2.5.4)
    while not deal.over:
        (seat,) = deal.to_act()
        play(deal, str(deal.legal_actions(seat)[0]))
    assert deal.result is not None and deal.result.reason is EndReason.WALL_EXHAUSTED
    assert deal.result.settlement.nets == (-6, 2, 2, 2)  # paid during play, kept on a drawn hand


def test_no_gen_zhuang_when_the_first_discards_differ() -> None:
    deal = Deal.arranged(
        ["1m 2p", "1m 3p", "1m 4p", "5p 1m"], live="6p 7p 8p 9p 1s 2s", ruleset="jiangxi", fill=False
    )
    play(deal, "E discard 1m", "S discard 1m", "W discard 1m", "N discard 5p")
    assert deal.paid == []


# South pongs 7p, then waits on 5s with 123m 456m 99s 46s: a Hu of 1 fan, below the minimum.
SOUTH_HELD = "77p 123m 456m 99s 46s 1p"


def gang_deal() -> Deal:
    return Deal.arranged(
        ["7p 5s 3m", SOUTH_HELD, "555s 2p", "9m"], live="8m 8p 1s 2s 3s 4s", ruleset="jiangxi", fill=False
    )


def test_a_player_held_below_the_minimum_robs_the_gang_made_with_that_discard() -> None:
    deal = gang_deal()
    play(deal, "E discard 7p", "S pong", "S discard 1p", "W discard 8m", "N discard 8p", "E discard 5s")
    assert legal(deal, S) == []  # 1 fan: no Hu on the discard
    assert "W kong" in legal(deal, W)
    play(deal, "W kong")
    assert deal.phase == ROBBING and legal(deal, S) == ["S mahjong", "S pass"]
    play(deal, "S mahjong")
    assert deal.result is not None and deal.result.winners == (S,)
    assert deal.result.values[S] == 3  # a fixed 3 fan (A-JX-19), not Hu + the gang item
    assert paid(deal) == [(W, S, 3)]  # the gang player pays
    assert deal.seats[W].melds[-1].meld.kind is MeldKind.PONG  # the robbed gang is a pong again
    tiles = deal.all_tiles()
    assert len(tiles) == len(set(tiles))


def test_a_player_who_lets_the_gang_go_may_win_on_the_gang_players_next_discard() -> None:
    # South waits on 2s or 5s, each worth 1 fan; West kongs East's 5s, draws 2s and throws it.
    deal = Deal.arranged(
        ["7p 5s 3m", "77p 123m 456m 99s 34s 1p", "555s 2p", "9m"],
        live="8m 8p 1s",
        dead="2s 3p 6s 7s",
        ruleset="jiangxi",
        fill=False,
    )
    play(deal, "E discard 7p", "S pong", "S discard 1p", "W discard 8m", "N discard 8p", "E discard 5s")
    play(deal, "W kong", "S pass")
    assert deal.turn == W and _debt(deal) == (W, frozenset({S}))
    assert S in deal.barred  # he let a win go, yet the debt stands
    play(deal, "W discard 2s")
    assert legal(deal, S) == ["S mahjong", "S pass"]
    play(deal, "S mahjong")
    assert deal.result is not None and deal.result.values[S] == 3
    assert paid(deal) == [(W, S, 3)]


def test_the_debt_ends_with_the_gang_players_next_discard() -> None:
    deal = Deal.arranged(
        ["7p 5s 3m 2s", "77p 123m 456m 99s 34s 1p", "555s 2p", "9m"],
        live="8m 8p 1s 4p",
        dead="6p 3p 6s 7s",
        ruleset="jiangxi",
        fill=False,
    )
    play(deal, "E discard 7p", "S pong", "S discard 1p", "W discard 8m", "N discard 8p", "E discard 5s")
    play(deal, "W kong", "S pass")
    assert _debt(deal) == (W, frozenset({S}))
    play(deal, "W discard 6p")
    assert _debt(deal) is None and deal.turn == N


def test_without_a_gang_a_held_back_player_cannot_win() -> None:
    deal = gang_deal()
    play(deal, "E discard 7p", "S pong", "S discard 1p", "W discard 8m", "N discard 8p", "E discard 5s")
    play(deal, "W pong")
    assert _debt(deal) is None and deal.phase != ROBBING


# Who deals next, as the game rotates (RULES.md §2.5.7, A-JX-06): each case a hand played
# out by a Game; winds of this hand, E the dealer.
NEXT_DEALER_HANDS = {
    "W wins on E's discard": (["9p 14m", "2s", WEST_9P, "2p"], "3p", ["E discard 9p", "W mahjong"]),
    "E wins on S's discard": (
        ["1s " + SOUTH_9P, "9p", "2s", "2p"],
        "3p 4p",
        ["E discard 1s", "S discard 9p", "E mahjong"],
    ),
    "S and W win on N's discard": (
        ["1s 14m", SOUTH_9P, WEST_9P, "9p 2p"],
        "3p 4p 5p",
        ["E discard 1s", "S discard 3p", "W discard 4p", "N discard 9p", "S mahjong", "W mahjong"],
    ),
    "drawn": (
        ["1s 14m", "2s", "2m", "2p"],
        "3p 4p 5p",
        ["E discard 1s", "S discard 3p", "W discard 4p", "N discard 5p"],
    ),
}


@pytest.mark.parametrize(
    ("rotation", "hand", "deals_next"),
    [
        ("winner", "W wins on E's discard", W),
        ("winner", "E wins on S's discard", E),
        ("winner", "drawn", E),
        ("winner", "S and W win on N's discard", N),  # the discarder who fed two winners deals
        ("on_non_east_win", "W wins on E's discard", S),
        ("on_non_east_win", "E wins on S's discard", E),
        ("on_non_east_win", "drawn", E),
        ("on_non_east_win", "S and W win on N's discard", N),
    ],
)
def test_the_next_dealer_as_the_game_rotates(rotation: str, hand: str, deals_next: int) -> None:
    hands, live, lines = NEXT_DEALER_HANDS[hand]
    settings = {"dealer_rotation": rotation}
    game = Game("jiangxi", settings, 5, ("A", "B", "C", "D"))
    game.deal = Deal.arranged(hands, live=live, ruleset="jiangxi", settings=settings, fill=False)
    play_game(game, *lines)
    assert game.deal.result is not None
    assert (game.deal.result.winner is None) == (hand == "drawn")
    expected = game.position_of(deals_next)
    game.next_hand()
    assert game.east == expected
