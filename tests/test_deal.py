"""The rules of play, on deals set up by hand (Deal.arranged): claims and their
precedence, kongs and replacement tiles, robbing the kong, bonus tiles, the
exhaustive draw, special wins, and illegal actions that change nothing."""

from __future__ import annotations

import pytest

from engine.actions import Action
from engine.deal import CLAIMS, OVER, ROBBING, TURN, Deal
from engine.errors import IllegalActionError, NotationError
from engine.hand import MeldKind
from engine.tiles import Tile, Wind
from engine.views import EndReason
from engine.wall import KIND

E, S, W, N = 0, 1, 2, 3
SHORT = {"wall_reserve": 0}


def legal(deal: Deal, seat: int) -> list[str]:
    return [str(a) for a in deal.legal_actions(seat)]


def play(deal: Deal, *lines: str) -> None:
    """Apply each line, then (as a table does) the passes of seats with nothing to claim."""
    for line in lines:
        deal.apply(line)
        for idle in deal.idle_passes():
            deal.apply(idle)


# --- Claims -----------------------------------------------------------------------------------


def test_discard_opens_claims_for_exactly_the_seats_that_can_claim() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "46p 1s", "55p 2s", "9s"], live="3z 4z", settings=SHORT, fill=False
    )
    play(deal, "E discard 5p")
    assert deal.phase == CLAIMS
    assert legal(deal, S) == ["S chow 456p", "S pass"]
    assert legal(deal, W) == ["W pong", "W pass"]
    assert legal(deal, N) == []  # nothing to claim: not asked


def test_pong_beats_chow_and_the_claimant_discards_next() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "46p 1s", "55p 2s", "9s"], live="3z 4z", settings=SHORT, fill=False
    )
    play(deal, "E discard 5p", "S chow 456p", "W pong")
    assert deal.phase == TURN and deal.turn == W
    assert deal.seats[W].melds[0].meld.kind == MeldKind.PONG and deal.seats[W].melds[0].claimed_from == E
    assert deal.seats[S].melds == []
    assert deal.seats[E].discards[-1][1] == W  # marked as claimed
    assert legal(deal, W) == ["W discard 2s"]  # after a claim: discard, no Mah-Jongg, no kong


def test_mahjong_beats_pong_and_first_in_turn_wins_between_two_mahjongs() -> None:
    # South (46m, closed wait) and North (34m, open wait) both win on 5m; West could pong it.
    deal = Deal.arranged(
        ["5m 123m456p789s11z2z", "123p456p789s11z46m", "55m 1s", "34m 111p 222p 333s 99s"],
        live="3z 4z",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 5m")
    assert "S mahjong" in legal(deal, S) and "N mahjong" in legal(deal, N) and "W pong" in legal(deal, W)
    play(deal, "N mahjong", "W pong", "S mahjong")
    assert deal.phase == OVER and deal.result is not None
    assert deal.result.winner == S and deal.result.discarder == E and not deal.result.self_drawn


def test_chow_only_from_the_player_before_except_for_mahjong() -> None:
    # W holds 46p and waits on 5p only as a chow: not next after East, so only Mah-Jongg may take it.
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "46p 123m456m789s 11z", "46p 2s"],
        live="3z 4z",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 5p")
    assert legal(deal, W) == ["W mahjong", "W pass"]
    assert legal(deal, N) == []  # N holds 46p but is not next after East and cannot win


def test_without_mahjong_chow_from_any_a_far_seat_cannot_win_by_chow() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "46p 123m456m789s 11z", "2s"],
        live="3z 4z",
        settings={**SHORT, "mahjong_chow_from_any": False},
        fill=False,
    )
    play(deal, "E discard 5p")
    assert legal(deal, W) == []


def test_pair_only_with_mahjong() -> None:
    # S holds one 7z and is waiting on it for the pair: only Mah-Jongg may claim it.
    deal = Deal.arranged(
        ["7z 123m456m789s11z2z", "123p456p789p111s7z", "1s", "2s"], live="3z", settings=SHORT, fill=False
    )
    play(deal, "E discard 7z")
    assert legal(deal, S) == ["S mahjong", "S pass"]


def test_no_claim_passes_the_turn_to_the_right_with_a_draw() -> None:
    deal = Deal.arranged(["5p 123m456m789s11z2z", "1s", "2s", "3s"], live="3z 4z", settings=SHORT, fill=False)
    play(deal, "E discard 5p")
    assert deal.phase == TURN and deal.turn == S
    assert KIND[deal.drawn or 0] == Tile.parse("3z")
    assert deal.seats[E].discards == [[deal.seats[E].discards[0][0], None]]


def test_claimed_discard_skips_players_in_between() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "2s", "55p 7z"], live="3z 4z", settings=SHORT, fill=False
    )
    play(deal, "E discard 5p", "N pong", "N discard 7z")
    # Play continues to the right of North: East.
    assert deal.phase == TURN and deal.turn == E


# --- Kongs, replacements, robbing -------------------------------------------------------------------


def test_claimed_kong_takes_a_replacement_from_the_dead_wall() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "555p 1s", "2s", "3s"],
        live="3z 4z",
        dead="8m 9m",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 5p", "S kong")
    assert deal.turn == S and deal.seats[S].melds[0].meld.kind == MeldKind.KONG
    assert KIND[deal.drawn or 0] == Tile.parse("8m")  # the first loose tile
    assert deal.replacement


def test_win_on_the_replacement_tile_scores_dead_wall_items() -> None:
    # EX-08 in play: East declares the kong of 4m, draws 7s from the dead wall, wins.
    deal = Deal.arranged(
        ["4444m 77s 111p 234p 22z", "1s", "2s", "3s"],
        live="",
        dead="7s",
        settings=SHORT,
        fill=False,
        prevailing=Wind.SOUTH,
    )
    assert "E concealed-kong 4m" in legal(deal, E)
    play(deal, "E concealed-kong 4m")
    assert deal.seats[E].melds[0].meld.concealed and KIND[deal.drawn or 0] == Tile.parse("7s")
    play(deal, "E mahjong")
    assert deal.result is not None and deal.result.winner == E
    score = deal.result.scores[E]
    # RULES.md EX-08's hand, but with the chow 234p concealed: W3 adds a third double.
    assert score is not None and (score.points, score.doubles, score.total) == (52, 3, 416)
    assert {line.code for line in score.items} >= {"P8", "M2", "D7", "W8", "W3"}


def _robbing_deal() -> Deal:
    # North holds an exposed pong of 5p (claimed from East) and will draw the last 5p.
    # West's hand 123m 456s 46p 88m waits on 5p only (closed wait).
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "123m 456s 46p 88m 789p", "55p 6z 7z"],
        live="3z 4z 6z 5p",
        dead="9m 8m",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 5p", "W pass", "N pong", "N discard 6z")  # E draws 3z
    play(deal, "E discard 3z")  # S draws 4z
    play(deal, "S discard 4z")  # W draws 6z
    play(deal, "W discard 6z")  # N draws 5p
    assert deal.turn == N and KIND[deal.drawn or 0] == Tile.parse("5p")
    return deal


def test_robbing_the_added_kong() -> None:
    deal = _robbing_deal()
    assert "N added-kong 5p" in legal(deal, N)
    play(deal, "N added-kong 5p")
    assert deal.phase == ROBBING
    assert legal(deal, W) == ["W mahjong", "W pass"]
    play(deal, "W mahjong")
    assert deal.result is not None and deal.result.winner == W and deal.result.discarder == N
    west = deal.result.scores[W]
    assert west is not None and "W11" in {line.code for line in west.items}
    assert deal.seats[N].melds[0].meld.kind == MeldKind.PONG  # the robbed set stays a pong (A-CORE-13)
    assert sum(deal.result.settlement.nets) == 0


def test_every_added_kong_opens_the_robbing_window_to_all_three() -> None:
    deal = _robbing_deal()
    deal.apply("N added-kong 5p")  # West can rob it; East and South cannot, and only pass
    assert deal.phase == ROBBING and deal.to_act() == [E, S, W]
    assert legal(deal, E) == ["E pass"] and legal(deal, S) == ["S pass"]
    assert sorted(str(a) for a in deal.idle_passes()) == ["E pass", "S pass"]


def test_passing_on_the_robbery_completes_the_kong_with_a_replacement() -> None:
    deal = _robbing_deal()
    play(deal, "N added-kong 5p", "W pass")
    assert deal.phase == TURN and deal.turn == N
    assert deal.seats[N].melds[0].meld.kind == MeldKind.KONG and not deal.seats[N].melds[0].meld.concealed
    assert deal.replacement


def test_a_discarded_fourth_tile_cannot_complete_an_exposed_pong() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "2s", "55p 6z 7z"], live="3z 4z 5p 1p", settings=SHORT, fill=False
    )
    play(deal, "E discard 5p", "N pong", "N discard 6z", "E discard 3z", "S discard 4z")
    # West drew the fourth 5p and discards it: North, who holds the exposed pong, cannot claim
    # it; the window opens as after every discard, nobody is asked, and North draws.
    events = deal.apply("W discard 5p")
    assert deal.phase == CLAIMS and legal(deal, N) == ["N pass"]
    for idle in deal.idle_passes():
        events += deal.apply(idle)
    assert deal.phase == TURN and deal.turn == N and KIND[deal.drawn or 0] == Tile.parse("1p")
    assert [e.kind for e in events] == ["discard", "pass", "pass", "pass", "draw"]
    assert all(e.private for e in events if e.kind in ("pass", "draw"))
    assert deal.seats[N].melds[0].meld.kind == MeldKind.PONG


# --- Bonus tiles --------------------------------------------------------------------------------------


def test_bonus_tiles_are_replaced_at_the_deal_east_first_and_in_chains() -> None:
    deal = Deal.arranged(
        ["1f 123m456m789s11z2z", "5f 1s", "2s", "3s"],
        live="9p",
        dead="2f 8m 9m",
        settings=SHORT,
        fill=False,
    )
    # East replaces 1f and gets 2f, a bonus again; South replaces 5f with 8m; then the
    # round repeats from East (A-CORE-05), who replaces 2f with 9m.
    assert [str(KIND[t]) for t in deal.seats[E].bonus] == ["1f", "2f"]
    assert [str(KIND[t]) for t in deal.seats[S].bonus] == ["5f"]
    assert Tile.parse("9m") in [KIND[t] for t in deal.seats[E].concealed]
    assert Tile.parse("8m") in [KIND[t] for t in deal.seats[S].concealed]
    assert not any(KIND[t].is_bonus for st in deal.seats for t in st.concealed)


def test_bonus_tile_drawn_in_play_is_exposed_and_replaced() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "2s", "3s"], live="7f 4z", dead="8m", settings=SHORT, fill=False
    )
    events = deal.apply("E discard 5p")
    for idle in deal.idle_passes():
        events += deal.apply(idle)
    assert [str(KIND[t]) for t in deal.seats[S].bonus] == ["7f"]
    assert KIND[deal.drawn or 0] == Tile.parse("8m")
    assert any(e.kind == "bonus" and not e.private for e in events)
    assert all(e.private for e in events if e.kind == "draw")


# --- The end of the wall (wall_reserve 0) ------------------------------------------------------------


def test_at_reserve_zero_the_loose_tiles_are_the_last_live_tiles() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "2s", "3s"], dead="8m 9m", ruleset="huabao", settings=SHORT, fill=False
    )
    assert deal.live_remaining == 2 and not deal.wall.stacks  # only the two loose tiles are left
    tiles = sorted(deal.all_tiles())
    play(deal, "E discard 5p")
    assert deal.turn == S and KIND[deal.drawn or 0] == Tile.parse("8m")
    play(deal, "S discard 8m")
    assert deal.turn == W and KIND[deal.drawn or 0] == Tile.parse("9m") and deal.last_live
    play(deal, "W discard 9m")
    assert deal.over and deal.result is not None and deal.result.reason == EndReason.WALL_EXHAUSTED
    assert sorted(deal.all_tiles()) == tiles


def test_a_bonus_tile_drawn_last_ends_the_hand_as_an_exhaustive_draw() -> None:
    deal = Deal.arranged(["5p 123m456m789s11z2z", "1s", "2s", "3s"], live="7f", settings=SHORT, fill=False)
    play(deal, "E discard 5p")  # South draws the last tile, a flower: nothing is left to replace it
    assert deal.over and deal.result is not None and deal.result.winner is None
    assert deal.result.reason == EndReason.NO_BONUS_REPLACEMENT
    assert [str(KIND[t]) for t in deal.seats[S].bonus] == ["7f"]
    assert deal.result.settlement.nets == (0, 0, 0, 0)


def test_a_bonus_replacement_for_a_kong_with_nothing_left_ends_the_hand() -> None:
    deal = Deal.arranged(["5555p 123m456m789s1z", "1s", "2s", "3s"], dead="7f", settings=SHORT, fill=False)
    assert "E concealed-kong 5p" in legal(deal, E)  # one tile is left for the replacement
    events = deal.apply("E concealed-kong 5p")
    assert deal.over and deal.result is not None and deal.result.winner is None
    assert [e.kind for e in events] == ["kong", "bonus", "hand-ended"]


def test_no_kong_without_a_replacement_tile() -> None:
    deal = Deal.arranged(["5555p 123m456m789s1z", "1s", "2s", "3s"], settings=SHORT, fill=False)
    assert deal.wall.remaining == 0
    assert "E concealed-kong 5p" not in legal(deal, E)


# --- End of the deal -----------------------------------------------------------------------------------


def test_exhaustive_draw_keeps_the_reserve_and_settles_nothing() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "2s", "3s"],
        live="9m",
        settings={"wall_reserve": 2},
        fill=False,
        dead="7m 8m",
    )
    assert deal.live_remaining == 1
    play(deal, "E discard 5p")  # S draws 9m, the last live tile
    assert deal.live_remaining == 0 and deal.last_live
    play(deal, "S discard 9m")
    assert deal.phase == OVER and deal.result is not None and deal.result.winner is None
    assert deal.result.settlement.nets == (0, 0, 0, 0)
    assert deal.wall.remaining == 2  # the reserve stays in the wall


def test_final_discard_may_be_claimed_for_mahjong_only() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "1s", "99m 1p", "123p456p789p111s 9m"],
        live="9m",
        settings={"wall_reserve": 0},
        fill=False,
    )
    play(deal, "E discard 5p")  # S draws the last tile, 9m
    play(deal, "S discard 9m")
    assert legal(deal, W) == []  # a pong is no longer allowed
    assert legal(deal, N) == ["N mahjong", "N pass"]
    play(deal, "N mahjong")
    assert deal.result is not None
    north = deal.result.scores[N]
    assert north is not None and "W10" in {line.code for line in north.items}


def test_heavens_blessing() -> None:
    deal = Deal.arranged(["123m456m789m123p55s", "1s", "2s", "3s"], settings=SHORT, fill=False)
    play(deal, "E mahjong")
    assert deal.result is not None
    east = deal.result.scores[E]
    assert east is not None and east.limit and east.total == 500 and east.items[0].code == "L1"


def test_earths_blessing_and_only_on_easts_first_discard() -> None:
    deal = Deal.arranged(
        ["9s 123m456m789m123p5z", "123s456m777p345p9s", "1s", "2s"], live="3z", settings=SHORT, fill=False
    )
    play(deal, "E discard 9s", "S mahjong")
    assert deal.result is not None
    south = deal.result.scores[S]
    assert south is not None and south.limit and south.items[0].code == "L2"


def test_original_call_restricts_the_caller() -> None:
    deal = Deal.arranged(
        ["5z 123m456m789s11z22z", "1s", "2s", "3s"], live="7p 8p 9p 3s", settings=SHORT, fill=False
    )
    assert "E call 5z" in legal(deal, E)  # after discarding 5z East waits on 1z or 2z
    play(deal, "E call 5z", "S discard 7p", "W discard 8p", "N discard 9p")
    assert deal.seats[E].called and deal.turn == E
    assert legal(deal, E) == ["E discard 3s"]  # the drawn tile must go at once


def test_original_call_only_with_the_first_discard() -> None:
    deal = Deal.arranged(
        ["5z 123m456m789s11z22z", "1s", "2s", "3s"], live="7p 8p 9p 4z", settings=SHORT, fill=False
    )
    play(deal, "E discard 5z", "S discard 7p", "W discard 8p", "N discard 9p")
    assert not any(a.startswith("E call") for a in legal(deal, E))


# --- Illegal actions ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "fragment", "private"),
    [
        ("S discard 1m", "it is East's turn, not South's", False),
        ("E discard 9p", "East holds no 9p to discard", True),
        ("E pong", "no discard to claim", False),
        ("E mahjong", "do not form a complete hand", True),
        ("E concealed-kong 1m", "four 1m", True),
        ("E added-kong 1m", "exposed pong", True),
    ],
)
def test_illegal_turn_actions_name_the_rule_and_change_nothing(
    line: str, fragment: str, private: bool
) -> None:
    deal = Deal.arranged(["1m 23m456m789s11z2z 5p", "1s", "2s", "3s"], live="3z", settings=SHORT, fill=False)
    before = deal.snapshot()
    with pytest.raises(IllegalActionError) as err:
        deal.apply(line)
    assert fragment in str(err.value)
    assert deal.snapshot() == before
    # A reason that speaks of the seat's own tiles is private: others get a neutral message.
    assert err.value.private is private
    assert (fragment in err.value.public_message) is not private


def test_illegal_claims() -> None:
    deal = Deal.arranged(
        ["5p 123m456m789s11z2z", "46p 1s", "1p 2s", "9s"], live="3z", settings=SHORT, fill=False
    )
    play(deal, "E discard 5p")
    before = deal.snapshot()
    for line, fragment, private in [
        ("E pong", "cannot claim their own discard", False),
        ("W pong", "no claim on this tile", True),
        ("S pong", "two matching tiles", True),
        ("S chow 567p", "chow is claimed only", True),
        ("S mahjong", "does not complete", True),
    ]:
        with pytest.raises(IllegalActionError, match=fragment) as err:
            deal.apply(line)
        assert deal.snapshot() == before
        assert err.value.private is private
        assert "S chow 456p" not in err.value.public_message
    play(deal, "S pass")
    with pytest.raises(IllegalActionError):
        deal.apply("S chow 456p")  # after the claim window closed


def test_bad_action_notation() -> None:
    deal = Deal("dmjl", seed=2)
    for line in ("E", "E dance", "E discard", "X discard 1m", "E pass 5p", "E chow 357p"):
        with pytest.raises(NotationError):
            deal.apply(line)


def test_action_notation_round_trips() -> None:
    for line in (
        "S discard 5p",
        "S call 5p",
        "W chow 345p",
        "W pong",
        "W kong",
        "E concealed-kong 7z",
        "E added-kong 5p",
        "N mahjong",
        "N pass",
    ):
        assert str(Action.parse(line)) == line
    assert str(Action.parse("w chow 4p")) == "W chow 456p"


# --- Whole deals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("ruleset", ["dmjl", "huabao"])
def test_random_deals_keep_every_tile_and_replay_exactly(seed: int, ruleset: str) -> None:
    from engine.players import SimplePlayer

    player = SimplePlayer()
    deal = Deal(ruleset, seed=seed)
    n = 144 if deal.settings.bonus_tiles else 136
    while not deal.over:
        seat = next(s for s in range(4) if deal.legal_actions(s))
        deal.apply(player.choose(deal.view(seat)).by(Wind(seat)))  # a bare deal: position p is wind p
        assert sorted(deal.all_tiles()) == list(range(n))
    assert deal.result is not None and sum(deal.result.settlement.nets) == 0
    again = Deal.replay(ruleset, None, seed, [str(a) for a in deal.log])
    assert again.snapshot() == deal.snapshot()


# --- Ruleset parameters other rulesets need -------------------------------------------------------


def test_discarder_pays_all() -> None:
    hands = ["5m 123m456p789s11z2z", "123p456p789s11z46m", "1s", "2s"]
    normal = Deal.arranged(hands, live="3z", settings=SHORT, fill=False)
    play(normal, "E discard 5m", "S mahjong")
    assert normal.result is not None and all(
        n < 0 for i, n in enumerate(normal.result.settlement.nets) if i != S
    )
    alone = Deal.arranged(hands, live="3z", settings={**SHORT, "discarder_pays_all": True}, fill=False)
    play(alone, "E discard 5m", "S mahjong")
    assert alone.result is not None
    value = alone.result.values[S]
    to_winner = [t for t in alone.result.settlement.transfers if t.payee == S]
    assert [(t.payer, t.amount) for t in to_winner] == [(E, 4 * value)]  # East alone pays, 4 times
    assert sum(alone.result.settlement.nets) == 0


def test_three_mahjong_claims_can_draw_the_hand() -> None:
    hands = ["5m 123m456p789s11z2z", "123p456p789s11z46m", "123s456s789p22z46m", "111p 222s 333m 99s 46m"]
    for abort, expected in ((False, S), (True, None)):
        deal = Deal.arranged(
            hands, live="3z", settings={**SHORT, "three_mahjong_claims_abort": abort}, fill=False
        )
        play(deal, "E discard 5m", "S mahjong", "W mahjong", "N mahjong")
        assert deal.result is not None and deal.result.winner == expected
        if expected is None:
            assert deal.result.reason == EndReason.THREE_MAHJONG_CLAIMS
            assert deal.result.settlement.nets == (0, 0, 0, 0)


def test_minimum_doubles_to_win() -> None:
    # South waits on 5m with a hand worth points but no double (a zero-point hand would
    # have one); West discards it (not East's first discard, so no Earth's blessing).
    hands = ["3z 123m456p789s11z2z", "222p456p789s11m46m", "5m 1s", "2s"]
    for minimum, can_win in ((0, True), (1, False)):
        deal = Deal.arranged(hands, live="4z 7z 6z", settings={**SHORT, "min_doubles": minimum}, fill=False)
        play(deal, "E discard 3z", "S discard 4z", "W discard 5m")
        assert ("S mahjong" in legal(deal, S)) is can_win


def test_mutual_settlement_of_a_drawn_hand() -> None:
    hands = ["5p 123m456m789s111z2z", "777z 1s", "2s", "3s"]
    deal = Deal.arranged(
        hands, live="9m", settings={"wall_reserve": 0, "draw_settlement": "mutual"}, fill=False
    )
    play(deal, "E discard 5p", "S discard 9m")
    assert deal.result is not None and deal.result.winner is None
    assert deal.result.values == (32, 16, 0, 0)  # East: pong of his own wind; South: dragons
    assert deal.result.settlement.nets == (160, 0, -80, -80)
