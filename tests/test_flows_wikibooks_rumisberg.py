"""The flow rules of the wikibooks and rumisberg rulesets, played on arranged deals
(Deal.arranged) and whole games: riichi, dora, the abortive draws and western play
(RULES.md §2.3.6-§2.3.10); Fishing, the bouquet, the Pot and the Gulasch stakes
(§2.4.6-§2.4.8). Every expected figure is worked out from RULES.md, not from the engine.

Unless a test says otherwise, the losers' hands hold nothing that scores (no set, no
honour pair), so their values are 0 and the settlement is the winner's alone."""

from __future__ import annotations

import pytest

from engine import deal_end
from engine.actions import ActionKind
from engine.ai.player import AIPlayer
from engine.deal import Deal
from engine.errors import IllegalActionError
from engine.events import EventKind
from engine.game import NEXT, Game, HandRecord
from engine.settlement import Stake
from engine.tiles import Tile
from engine.views import EndReason
from engine.wall import KIND

E, S, W, N = 0, 1, 2, 3
RIICHI: dict[str, object] = {"riichi": True, "wall_reserve": 0}
"""wikibooks with riichi, on a short arranged wall."""
SHORT: dict[str, object] = {"wall_reserve": 0}
"""A reserve of 0: a short arranged wall is played to its end."""


def legal(deal: Deal, seat: int) -> list[str]:
    return [str(a) for a in deal.legal_actions(seat)]


def play(deal: Deal, *lines: str) -> list[str]:
    """Apply each line, then (as a table does) the passes of seats with nothing to claim;
    the kinds of every event, in order."""
    kinds: list[str] = []
    for line in lines:
        events = deal.apply(line)
        for idle in deal.idle_passes():
            events += deal.apply(idle)
        kinds += [str(e.kind) for e in events]
    return kinds


def transfers(deal: Deal) -> list[tuple[int, int, int, str]]:
    assert deal.result is not None
    return [(t.payer, t.payee, t.amount, t.reason) for t in deal.result.settlement.transfers]


def codes(deal: Deal, seat: int) -> list[str]:
    assert deal.result is not None
    score = deal.result.scores[seat]
    assert score is not None
    return [line.code for line in score.items]


# --- wikibooks: riichi (RULES.md §2.3.6, A-WB-10) -------------------------------------------------

# South holds 234p 567p 999s 11z 67s, waiting on 5s or 8s, and draws 7z. The live wall then
# gives W 1m, N 4m, E 7m, S 9s (the fourth), W 1p, N 4p, E 7p, S 5s (a winning tile), and two
# tiles more (so 5s is not the last tile, which would make a moon hand).
_FROZEN_HANDS = [
    "2m 5m 8m 3p 6p 9p 2s 3s 8s 2z 3z 5z 6z 7z",
    "234p 567p 999s 11z 67s",
    "1z 1m 4m 7m 2p 8p 2s 5s 8s 3z 4z 6z 9m",
    "3m 6m 9m 1p 4p 7p 1s 4s 7s 2z 4z 6z 7z",
]
_FROZEN_LIVE = "7z 1m 4m 7m 9s 1p 4p 7p 5s 9p 9p"


def _frozen(
    settings: dict[str, object] = RIICHI,
    *,
    centre: tuple[Stake, ...] = (),
    balances: tuple[int, ...] | None = None,
) -> Deal:
    """South's turn begins (East discarded 2m): with riichi South, ready before his draw,
    decides first whether to declare; without it he has drawn 7z."""
    deal = Deal.arranged(
        _FROZEN_HANDS,
        live=_FROZEN_LIVE,
        ruleset="wikibooks",
        settings=settings,
        fill=False,
        centre=centre,
        balances=balances,
    )
    play(deal, "E discard 2m")
    return deal


def test_riichi_is_declared_at_the_beginning_of_the_turn_before_the_draw() -> None:
    """001 «Riichi»: "zu Beginn seines Zuges", by a player to whom one tile is missing."""
    deal = _frozen()
    assert deal.turn == S and deal.drawn is None  # South has not drawn yet
    assert legal(deal, S) == ["S riichi", "S pass"]
    with pytest.raises(IllegalActionError, match="has not drawn yet and first declares riichi or not"):
        deal.apply("S discard 2p")
    play(deal, "S pass")  # no riichi: he draws 7z and plays on as ever
    assert KIND[deal.drawn or 0] == Tile.parse("7z") and "S discard 2p" in legal(deal, S)
    assert not [a for a in legal(deal, S) if "riichi" in a]
    with pytest.raises(IllegalActionError, match="at the beginning of one's turn, before the draw"):
        deal.apply("S riichi")
    # Without the setting South draws at once and riichi is refused with its reason.
    plain = _frozen({"wall_reserve": 0})
    assert KIND[plain.drawn or 0] == Tile.parse("7z")
    assert not [a for a in legal(plain, S) if "riichi" in a]
    with pytest.raises(IllegalActionError, match="riichi is not played"):
        plain.apply("S riichi")


def test_a_hand_that_draws_into_ready_declares_only_at_its_next_turn() -> None:
    """South is two tiles short (1m and 6s beside 234p 567p 999s 11z): he draws 7s, which
    makes him ready when he discards 1m, but riichi belongs to the beginning of a turn, so it
    is not offered now; at his next turn, still ready, it is."""
    hands = [_FROZEN_HANDS[0], "234p 567p 999s 11z 6s 1m", *_FROZEN_HANDS[2:]]
    deal = Deal.arranged(hands, live="7s 1m 4m 7m 3z", ruleset="wikibooks", settings=RIICHI, fill=False)
    play(deal, "E discard 2m")
    assert deal.turn == S and KIND[deal.drawn or 0] == Tile.parse("7s")  # no decision first
    assert not [a for a in legal(deal, S) if "riichi" in a]
    play(deal, "S discard 1m", "W discard 1m", "N discard 4m", "E discard 7m")
    assert deal.turn == S and deal.drawn is None and legal(deal, S) == ["S riichi", "S pass"]


def test_riichi_freezes_the_hand_and_a_winning_declarer_has_the_double() -> None:
    deal = _frozen()
    events = deal.apply("S riichi")
    # The stake lies in the centre (it stays South's until a winner takes it) and everyone
    # sees the declaration; then South draws 7z.
    assert deal.centre == [Stake(S, 200, "riichi")]
    public = deal.view(None)
    assert public.centre == 200 and public.declared == ((S, "riichi"),)
    assert [(e.kind, e.seat, e.what) for e in events if e.kind is EventKind.DECLARE] == [
        (EventKind.DECLARE, S, "riichi")
    ]
    assert [e.kind for e in events][-1] is EventKind.DRAW and KIND[deal.drawn or 0] == Tile.parse("7z")
    # He may not change his wait in the declaring turn: only the drawn tile goes, sideways.
    assert legal(deal, S) == ["S discard 7z"]
    with pytest.raises(IllegalActionError, match="declared riichi"):
        deal.apply("S discard 6s")
    play(deal, "S discard 7z")
    assert [d.turned for d in deal.view(None).players[S].discards] == [True]
    # West discards 1z: South holds a pair of it, but a declarer claims no pong (nor kong).
    deal.apply("W discard 1z")
    assert legal(deal, S) == ["S pass"]
    play(deal, "S pass", "N discard 4m", "E discard 7m")
    # South draws the fourth 9s (no decision: he has declared): he must discard it; no kong.
    assert deal.turn == S and legal(deal, S) == ["S discard 9s"]
    with pytest.raises(IllegalActionError, match="declared riichi"):
        deal.apply("S discard 2p")
    with pytest.raises(IllegalActionError):
        deal.apply("S concealed-kong 9s")
    play(deal, "S discard 9s", "W discard 1p", "N discard 4p", "E discard 7p")
    assert [d.turned for d in deal.view(None).players[S].discards] == [True, False]
    # 5s completes the hand: discard it or go Mah-Jongg.
    assert legal(deal, S) == ["S discard 5s", "S mahjong"]
    play(deal, "S mahjong")
    # 20 + concealed pong of 9s 8 + pair of the prevailing wind 2 = 30; riichi 1 double -> 60.
    assert deal.result is not None and deal.result.winner == S
    score = deal.result.scores[S]
    assert score is not None and (score.points, score.doubles, score.total) == (30, 1, 60)
    assert "WB2" in codes(deal, S)
    # Self-drawn: East pays 2 × 60, the others 60; South's own stick goes back to him (no transfer).
    assert transfers(deal) == [(E, S, 120, "Mah-Jongg"), (W, S, 60, "Mah-Jongg"), (N, S, 60, "Mah-Jongg")]
    assert deal.result.settlement.nets == (-120, 240, -60, -60)


def test_a_declarer_wins_on_the_tile_drawn_in_the_declaring_turn() -> None:
    """South declares before his draw and draws 5s, a winning tile: Mah-Jongg with riichi."""
    deal = Deal.arranged(_FROZEN_HANDS, live="5s 1m 4m", ruleset="wikibooks", settings=RIICHI, fill=False)
    play(deal, "E discard 2m", "S riichi")
    assert legal(deal, S) == ["S discard 5s", "S mahjong"]
    play(deal, "S mahjong")
    assert deal.result is not None and deal.result.winner == S and "WB2" in codes(deal, S)


def test_an_old_log_with_riichi_declared_by_a_discard_still_replays() -> None:
    """Logs written when riichi was a discard after the draw (``S riichi 7z``) have no line
    for the decision before the draw: replayed, the seat draws and the old declaration
    freezes the hand and lays its discard sideways, as it did then."""
    new = _frozen()
    play(new, "S riichi", "S discard 7z", "W discard 1z", "N discard 4m")
    old = Deal.arranged(_FROZEN_HANDS, live=_FROZEN_LIVE, ruleset="wikibooks", settings=RIICHI, fill=False)
    lines = ["E discard 2m", "S pass", "W pass", "N pass", "S riichi 7z"]
    lines += ["E pass", "W pass", "N pass", "W discard 1z", "S pass", "E pass", "N pass", "N discard 4m"]
    for line in lines:
        old.apply(line, replaying=True)
    assert [str(a) for a in old.log] == lines  # the log stays as it was written
    for idle in old.idle_passes():  # the passes after North's discard, as for the new deal
        old.apply(idle)
    assert "riichi" in old.declarations(S) and old.centre == new.centre == [Stake(S, 200, "riichi")]
    assert old.view(None).players[S].discards == new.view(None).players[S].discards
    assert old.snapshot()[:12] == new.snapshot()[:12]  # tiles, melds, discards, turn, phase ...
    with pytest.raises(IllegalActionError):  # only a replayed log is read so
        _frozen().apply("S riichi 7z")


def test_a_player_who_has_not_declared_may_pong_the_same_tile() -> None:
    deal = _frozen()
    play(deal, "S pass", "S discard 7z")
    deal.apply("W discard 1z")
    assert legal(deal, S) == ["S pong", "S pass"]


def test_no_riichi_once_a_set_is_exposed() -> None:
    deal = _frozen()
    play(deal, "S pass", "S discard 7z")
    play(deal, "W discard 1z", "S pong")
    assert not [a for a in legal(deal, S) if "riichi" in a]
    play(deal, "S discard 9s", "W discard 4m", "N discard 7m", "E discard 3z")
    # South is one tile from winning (234p 567p 99s 67s, pong 1z), but his pong is exposed
    # ("keinerlei Figuren offen"): no decision before his draw, no riichi after it.
    assert deal.turn == S and KIND[deal.drawn or 0] == Tile.parse("1p")
    assert "S discard 1p" in legal(deal, S)
    assert not [a for a in legal(deal, S) if "riichi" in a]


@pytest.mark.parametrize(
    ("balance", "staked", "offered"),
    [
        pytest.param(200, (), True, id="balance-equals-stake"),
        pytest.param(150, (), False, id="balance-below-stake"),
        pytest.param(300, (Stake(S, 200, "riichi"),), False, id="own-carried-stick-is-spent"),
    ],
)
def test_riichi_needs_a_balance_of_at_least_the_stake(
    balance: int, staked: tuple[Stake, ...], offered: bool
) -> None:
    """A-WB-10: "declaration requires balance ≥ stake"."""
    deal = _frozen(balances=(2000, balance, 2000, 2000), centre=staked)
    assert ("S riichi" in legal(deal, S)) is offered
    assert (deal.drawn is None) is offered  # a seat that may not declare draws at once


# The deal of RULES.md EX-20: South (123s 456p 777m 678s, waiting on 3p) and West (234m 456m
# 123p 789p, waiting on 9m) declare riichi before their draws and discard what they draw;
# South draws 3p.
_EX20_HANDS = [
    "1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z 5z",
    "123s 456p 777m 678s 3p",
    "234m 456m 123p 789p 9m",
    "2m 5m 8m 3p 6p 9p 1s 4s 7s 6z 7z 1p 2s",
]
_EX20_LIVE = "1z 2z 3z 4z 3p 9p 9p"


def _ex20(hands: list[str] = _EX20_HANDS, centre: tuple[Stake, ...] = ()) -> Deal:
    deal = Deal.arranged(
        hands, live=_EX20_LIVE, ruleset="wikibooks", settings=RIICHI, fill=False, centre=centre
    )
    play(deal, "E discard 5z", "S riichi", "S discard 1z", "W riichi", "W discard 2z")
    if deal.before_draw:  # a North ready before his draw declines riichi
        play(deal, "N pass")
    play(deal, "N discard 3z")
    assert deal.centre == [*centre, Stake(S, 200, "riichi"), Stake(W, 200, "riichi")]
    assert deal.view(None).centre == 400 + sum(s.amount for s in centre)
    return deal


def test_ex20_a_winning_declarer_takes_back_his_stick_and_takes_the_others() -> None:
    deal = _ex20()
    play(deal, "E discard 4z", "S mahjong")
    # 20 + concealed pong of 7m 4 = 24 -> 30; riichi 1 double -> 60 (RULES.md EX-20).
    assert deal.result is not None and deal.result.values == (0, 60, 0, 0)
    assert "WB2" in codes(deal, S)
    assert transfers(deal) == [
        (E, S, 120, "Mah-Jongg"),
        (W, S, 60, "Mah-Jongg"),
        (N, S, 60, "Mah-Jongg"),
        (W, S, 200, "riichi"),
    ]
    assert deal.result.settlement.nets == (-120, 440, -260, -60)  # EX-20's net over the hand
    assert deal.result.centre == ()


def test_the_next_winner_takes_the_sticks_an_earlier_drawn_hand_left() -> None:
    deal = _ex20(centre=(Stake(E, 200, "riichi"),))  # East's stick from a drawn hand before
    play(deal, "E discard 4z", "S mahjong")
    assert sorted(t for t in transfers(deal) if t[3] == "riichi") == [
        (E, S, 200, "riichi"),
        (W, S, 200, "riichi"),
    ]
    assert deal.result is not None and deal.result.settlement.nets == (-320, 640, -260, -60)


def test_another_winner_takes_the_riichi_sticks() -> None:
    # North holds 234m 567p 123s 678s 4z and wins on East's 4z; South and West declared.
    hands = [*_EX20_HANDS[:3], "234m 567p 123s 678s 4z"]
    deal = _ex20(hands)
    play(deal, "E discard 4z")
    assert "N mahjong" in legal(deal, N)
    play(deal, "N mahjong")
    assert deal.result is not None and deal.result.winner == N
    # North: 20 + pair of his own wind 2 = 22 -> 30, no double (he did not declare).
    # South, a loser, counts his concealed pong of 7m: 4 -> 10.
    assert deal.result.values == (0, 10, 0, 30)
    assert "WB2" not in codes(deal, N)
    assert sorted(transfers(deal)) == sorted(
        [
            (E, N, 120, "Mah-Jongg"),  # the discarder pays 4 × 30 (§2.3.5 item 3)
            (E, S, 20, "difference of hands"),  # East pays double
            (W, S, 10, "difference of hands"),
            (S, N, 200, "riichi"),
            (W, N, 200, "riichi"),
        ]
    )
    assert deal.result.settlement.nets == (-140, -170, -210, 520)


@pytest.mark.parametrize("carry_over", [True, False])
def test_a_drawn_hand_leaves_the_sticks_in_the_centre_or_returns_them(carry_over: bool) -> None:
    deal = Deal.arranged(
        _FROZEN_HANDS,
        live="7z 1m 4m 7m",
        ruleset="wikibooks",
        settings={**RIICHI, "riichi_carry_over": carry_over},
        fill=False,
    )
    play(deal, "E discard 2m", "S riichi", "S discard 7z", "W discard 1m", "N discard 4m", "E discard 7m")
    assert deal.over and deal.result is not None and deal.result.reason == EndReason.WALL_EXHAUSTED
    assert transfers(deal) == []  # the stick was never paid to anyone
    assert deal.result.centre == ((Stake(S, 200, "riichi"),) if carry_over else ())


def _riichi_without_winning(seed: int) -> Game:
    """A wikibooks game with riichi whose first hand the computer players play out without
    ever going Mah-Jongg (each Mah-Jongg is replaced by the timeout move): a drawn hand."""
    game = Game("wikibooks", {"riichi": True}, seed=seed)
    players = [AIPlayer("normal", seed=f"{seed}:{p}") for p in range(4)]
    while not game.deal.over:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            break
        position = game.to_act()[0]
        action = players[position].choose(game.view(position))
        if action.kind in (ActionKind.MAHJONG, ActionKind.NINE_MAJORS):
            action = game.default_action(position)
        game.apply(action)
    return game


def test_a_game_carries_the_sticks_of_a_drawn_hand_to_the_next_winner() -> None:
    game = next(g for g in map(_riichi_without_winning, range(30)) if g.centre)
    drawn = game.history[-1]
    assert drawn.winner is None and drawn.nets == (0, 0, 0, 0)
    left = list(game.centre)
    assert all(s.reason == "riichi" and s.amount == 200 for s in left)
    total = sum(game.chips)
    players = [AIPlayer("normal", seed=f"{game.seed}:{p}") for p in range(4)]
    for _ in range(12):
        game.next_hand()
        assert game.view(None).centre == sum(s.amount for s in game.centre)
        record = _play_hand(game, players)
        assert sum(game.chips) == total
        if record.winner is not None:
            break
        left = list(game.centre)
    else:
        pytest.fail("nobody won in twelve hands")
    paid = [(t.payer, t.amount) for t in record.transfers if t.reason == "riichi"]
    for stake in left:  # every stick lying in the centre goes to the winner (his own stays his)
        assert stake.seat == record.winner or (stake.seat, stake.amount) in paid
    assert game.centre == []


# --- wikibooks: western play (RULES.md §2.3.9, A-WB-14, A-WB-15) ------------------------------

# North holds 111p 555p 678p 444z 3p and wins on East's second discard, 3p. West, ready with
# 999s 111s 234s 55s 77z (waiting on 5s or 7z: a half flush with one chow), declares riichi
# before his draw and discards the 9m he draws.
# South, a loser, holds a concealed pong of 2m.
_WESTERN_HANDS = [
    "1m 5m 9m 2p 3p 4p 8p 4s 7s 8s 2z 3z 6z 7z",
    "222m 4m 6m 8m 9m 2p 7p 1z 3z 5z 6z",
    "999s 111s 234s 55s 77z",
    "111p 555p 678p 444z 3p",
]
_WESTERN_LIVE = "9p 9m 5z 8m 1z 1z"


def _western(settings: dict[str, object]) -> Deal:
    deal = Deal.arranged(
        _WESTERN_HANDS, live=_WESTERN_LIVE, ruleset="wikibooks", settings=settings, fill=False
    )
    play(deal, "E discard 2z", "S discard 9p", "W riichi", "W discard 9m", "N pass", "N discard 5z")
    play(deal, "E discard 3p", "N mahjong")
    assert deal.result is not None and deal.result.winner == N and deal.result.discarder == E
    return deal


def test_western_losers_pay_only_riichi_declarers() -> None:
    deal = _western({"western": True})
    assert deal.settings.loser_settlement == "riichi_only" and deal.settings.wall_reserve == 0
    assert deal.result is not None
    # North: 20 + concealed pongs 1p 8, 5p 4, 4z 8 = 40; own wind 1 + half flush 1 -> 160.
    # Losers: East 0; South concealed pong 2m 4 -> 10; West pongs 9s 8, 1s 8, pair 7z 2 -> 20.
    assert deal.result.values == (0, 10, 20, 160)
    # The discarder pays 4 × 160. Of the losers only West, who declared riichi, receives:
    # East pays him 2 × 20, South 10; South is owed nothing by East (A-WB-14). The winner
    # takes West's stick.
    assert sorted(transfers(deal)) == sorted(
        [
            (E, N, 640, "Mah-Jongg"),
            (E, W, 40, "difference of hands"),
            (S, W, 10, "difference of hands"),
            (W, N, 200, "riichi"),
        ]
    )
    assert deal.result.settlement.nets == (-680, -10, -150, 840)


def test_without_western_every_loser_receives_his_differences() -> None:
    deal = _western({"riichi": True, "wall_reserve": 0})
    assert deal.result is not None and deal.result.values == (0, 10, 20, 160)
    assert (E, S, 20, "difference of hands") in transfers(deal)
    assert deal.result.settlement.nets == (-700, 10, -150, 840)


def test_western_riichi_needs_a_hand_that_can_win_the_western_way() -> None:
    """South would wait on 1z with three chows in three suits: one tile from a complete shape,
    but never a western Mah-Jongg (one chow, a flush), so not "one tile short of Mah-Jongg"."""
    hands = ["1m4m7m 2p5p8p 3s6s9s 1z2z3z4z5z", "123s 456p 789m 678s 3p", "1s", "2s"]
    offered = {}
    for name, settings in (("western", {"western": True}), ("riichi", RIICHI)):
        deal = Deal.arranged(hands, live="1z 2z 3z", ruleset="wikibooks", settings=settings, fill=False)
        play(deal, "E discard 5z")
        offered[name] = [a for a in legal(deal, S) if "riichi" in a]
    assert offered == {"western": [], "riichi": ["S riichi"]}


# --- wikibooks: dora (RULES.md §2.3.7, A-WB-11) -----------------------------------------------

DORA = {"dora": True, "wall_reserve": 0}


def test_the_indicator_is_turned_up_in_the_dead_wall_and_skipped_by_replacements() -> None:
    # East holds five flowers: their replacements are the loose tiles 1m 2m, then the back
    # stacks top before bottom, 3m 4m and 5m 6m's 5m; the upper tile of the third stack still
    # standing (4s, revised A-WB-11) lies face up and is never drawn.
    deal = Deal.arranged(
        ["1f 2f 3f 4f 5f 123p 456p 99s 7z", "1s", "2s", "3s"],
        dead="1m 2m 3m 4m 5m 6m 4s 7m",
        ruleset="wikibooks",
        settings=DORA,
        fill=False,
    )
    assert deal.dora_indicator == Tile.parse("4s") and deal.dora == (Tile.parse("5s"),)
    assert deal.view(None).dora_indicator == Tile.parse("4s")
    assert sorted(str(KIND[t]) for t in deal.seats[E].concealed if KIND[t] < Tile.parse("1p")) == [
        "1m",
        "2m",
        "3m",
        "4m",
        "5m",
    ]
    assert Tile.parse("4s") not in [KIND[t] for t in deal.wall.tiles()]
    assert Tile.parse("4s") in [KIND[t] for t in deal.all_tiles()]  # out of the wall, not lost


def test_the_indicator_is_the_top_of_the_third_stack_still_standing_after_the_break() -> None:
    """001 «Das Verteilen der Steine» and «Dora Pai», counted by hand (revised A-WB-11).

    East takes the break stack out and lays its two tiles on the dead wall as the loose
    tiles (here 1m 2m); the stack is gone. The stacks of the dead wall still standing, from
    the break on: first 3m/4m, second 5m/6m, third 7s/8s (top/bottom), fourth 9m/9m. "Der
    obere Ziegel des dritten Ziegelpaars der toten Mauer" is 7s, so 8s is the dora. (The
    engine once counted the loose tiles' stack as the first and turned up 5m.)"""
    deal = Deal.arranged(
        ["123m 456p 789p 11p 2s 3s 4s", "1s", "2s", "3s"],
        dead="1m 2m 3m 4m 5m 6m 7s 8s 9m 9m",
        ruleset="wikibooks",
        settings=DORA,
        fill=False,
    )
    assert deal.dora_indicator == Tile.parse("7s") and deal.dora == (Tile.parse("8s"),)
    # The replacement draws take the loose tiles, then the stacks from the break, passing
    # over the indicator: 1m 2m 3m 4m 5m 6m 8s 9m 9m.
    drawn = []
    while deal.wall.remaining:
        drawn.append(str(KIND[deal.wall.draw_replacement()]))
    assert drawn == ["1m", "2m", "3m", "4m", "5m", "6m", "8s", "9m", "9m"]


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("4s", "5s"), ("9p", "1p"), ("1z", "2z"), ("4z", "1z"), ("7z", "5z"), ("5z", "6z"), ("6z", "7z")],
)
def test_the_dora_follows_the_indicator(indicator: str, dora: str) -> None:
    """§2.3.7: the next rank (9 -> 1), the winds 1z -> 2z -> 3z -> 4z -> 1z, the dragons
    7z -> 5z -> 6z -> 7z (RULES.md EX-21's cycles)."""
    deal = Deal.arranged(
        ["123m 456m 789m 11p 2s 3s 4s", "1s", "2s", "3s"],
        dead=f"8m 8m 9m 9m 5p 5p {indicator}",
        ruleset="wikibooks",
        settings=DORA,
        fill=False,
    )
    assert deal.dora == (Tile.parse(dora),)


def test_ex21_a_dora_pong_gives_three_doubles() -> None:
    # North pongs 5s (from East), 7z (from South), chows 123p (from West) and wins on West's 9m.
    deal = Deal.arranged(
        [
            "5s 1m 4m 7m 2p 8p 9s 2s 3z 4z 6z 8m 6p 3m",
            "7z 2m 5m 1p 4p 7p 9p 1z 2z 4z 6z 5z 3m",
            "1p 9m 2m 6m 3p 6p 8p 1s 3s 7s 9s 3z 5z",
            "55s 23p 77z 456m 9m 1z 2z 3z",
        ],
        live="8s 8s 9p 8p 7s 3m 4m 7m 5p 5p",
        dead="8m 8m 1s 1s 6s 6s 4s 6s",
        ruleset="wikibooks",
        settings=DORA,
        fill=False,
    )
    assert deal.dora == (Tile.parse("5s"),)
    play(deal, "E discard 5s", "N pong", "N discard 1z", "E discard 8s", "S discard 7z", "N pong")
    play(deal, "N discard 2z", "E discard 9p", "S discard 8p", "W discard 1p", "N chow 1p", "N discard 3z")
    play(deal, "E discard 3m", "S discard 4m", "W discard 9m", "N mahjong")
    assert deal.result is not None and deal.result.winner == N and deal.result.discarder == W
    # 20 + exposed pong 5s 2 + exposed pong 7z 4 = 26 -> 30; dora 3 (one per tile of the
    # pong) + dragon pong 1 = 4 doubles -> 480 (RULES.md EX-21).
    score = deal.result.scores[N]
    assert score is not None and (score.points, score.doubles, score.total) == (26, 4, 480)
    assert codes(deal, N).count("WB3") == 3
    assert transfers(deal) == [(W, N, 1920, "Mah-Jongg")]  # the discarder pays 4 × 480
    assert deal.result.settlement.nets == (0, 0, -1920, 1920)


# --- wikibooks: Ii Fan Shibari (RULES.md §2.3.8, A-WB-12) -------------------------------------


@pytest.mark.parametrize("shibari", [False, True])
def test_the_table_and_the_scorer_judge_ii_fan_shibari_alike(shibari: bool) -> None:
    """South's only double is his own flower 2f (EX-22 hand A's kind of hand): under Ii Fan
    Shibari neither the table offers Mah-Jongg on West's 3s nor does the scorer, given the
    very hand and circumstances, score it as a win; without the rule both accept it."""
    from engine.scoring import score

    deal = Deal.arranged(
        ["3z 123m456p789s11z2z", "2f 555m 234s 678m 789p", "3s 1s", "2s"],
        live="4z 7z 6z",
        dead="3s 4z",
        ruleset="wikibooks",
        settings={**SHORT, "ii_fan_shibari": shibari},
        fill=False,
    )
    play(deal, "E discard 3z", "S discard 4z", "W discard 3s")
    assert ("S mahjong" in legal(deal, S)) is not shibari
    ctx = deal_end.context(deal, S, win_tile=Tile.parse("3s"), self_drawn=False, discarder=W)
    result = score(deal.hand_of(S, Tile.parse("3s")), ctx, deal.ruleset, deal.settings)
    assert result.won is not shibari
    assert ("Ii Fan Shibari" in result.reason) is shibari


# --- wikibooks: thirteen orphans rob a concealed kong (001 «Die Dreizehn Waisen», A-WB-26) -----

ORPHANS_WAIT_1M = "9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 7z"
"""Thirteen orphans without 1m: it waits on 1m alone."""


def _concealed_kong(south: str, settings: dict[str, object], ruleset: str = "wikibooks") -> Deal:
    """East declares a concealed kong of 1m in his first turn."""
    deal = Deal.arranged(
        ["1111m 234p 567s 22z 89m", south, "2s", "3s"],
        live="4p 5p",
        dead="6p 7p 8p 8p",
        ruleset=ruleset,
        settings={**SHORT, **settings},
        fill=False,
    )
    play(deal, "E concealed-kong 1m")
    return deal


def test_thirteen_orphans_rob_a_concealed_kong() -> None:
    deal = _concealed_kong(ORPHANS_WAIT_1M, {})  # on by wikibooks' default
    assert deal.settings.rob_concealed_kong_13_orphans
    assert deal.to_act() == [S] and legal(deal, S) == ["S mahjong", "S pass"]
    play(deal, "S mahjong")
    assert deal.result is not None and deal.result.winner == S and deal.result.discarder == E
    score = deal.result.scores[S]
    assert score is not None and score.limit and "CS4" in codes(deal, S)
    # East's kong lost its fourth tile: a concealed pong is left (A-CORE-13), no replacement drawn.
    assert [str(r.meld) for r in deal.seats[E].melds] == ["111m"] and deal.seats[E].melds[0].meld.concealed
    assert transfers(deal)[0][:2] == (E, S)  # the robbed player pays as the discarder (A-WB-13)


def test_every_seat_answers_a_concealed_kong_and_no_other_hand_may_rob_it() -> None:
    """A standard hand waiting on 1m may not rob the concealed kong: every seat only passes
    (the window opens all the same, so the public state tells nobody who waits), then East
    draws his replacement and the kong stands."""
    deal = Deal.arranged(
        ["1111m 234p 567s 22z 89m", "23m 456p 789p 123s 99s", "2s", "3s"],
        live="4p 5p",
        dead="6p 7p 8p 8p",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    deal.apply("E concealed-kong 1m")
    assert sorted(deal.pending) == [S, W, N]
    assert all(legal(deal, seat) == [f"{'ESWN'[seat]} pass"] for seat in (S, W, N))
    for seat in (S, W, N):
        deal.apply(f"{'ESWN'[seat]} pass")
    assert deal.to_act() == [E] and deal.drawn is not None and KIND[deal.drawn] == Tile.parse("6p")
    kong = deal.seats[E].melds[0]
    assert kong.meld.kind.name == "KONG" and kong.meld.concealed and len(kong.tiles) == 4


@pytest.mark.parametrize(
    ("ruleset", "settings"),
    [("wikibooks", {"rob_concealed_kong_13_orphans": False}), ("dmjl", {})],
)
def test_without_the_setting_a_concealed_kong_opens_no_window(
    ruleset: str, settings: dict[str, object]
) -> None:
    deal = _concealed_kong(ORPHANS_WAIT_1M, settings, ruleset)
    assert not deal.settings.rob_concealed_kong_13_orphans
    assert deal.to_act() == [E] and not deal.pending and legal(deal, S) == []
    assert deal.drawn is not None and KIND[deal.drawn] == Tile.parse("6p")  # his replacement


# --- wikibooks: abortive draws (RULES.md §2.3.10, A-WB-17, A-CORE-09) ------------------------


def _first_discards(fourth: str) -> Deal:
    """Each seat discards its first tile: East, South and West 1z, North ``fourth``."""
    deal = Deal.arranged(
        ["1z 123m 456m 789s 5p 8p 9p 2z", "1z 2s", "1z 3s", f"{fourth} 4s"],
        live="6p 7p 8p 9p 1p",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 1z", "S discard 1z", "W discard 1z")
    return deal


def test_four_identical_winds_as_the_first_four_discards_end_the_hand_drawn() -> None:
    deal = _first_discards("1z")
    kinds = play(deal, "N discard 1z")
    assert deal.over and deal.result is not None
    assert deal.result.winner is None and deal.result.reason == EndReason.FOUR_WINDS
    assert kinds[-1] == "hand-ended"
    assert transfers(deal) == [] and deal.result.settlement.nets == (0, 0, 0, 0)


def test_a_different_fourth_wind_lets_the_hand_go_on() -> None:
    deal = _first_discards("2z")
    play(deal, "N discard 2z")
    assert not deal.over and deal.turn == E


def test_four_identical_suit_tiles_are_no_abortive_draw() -> None:
    deal = Deal.arranged(
        ["5p 123m 456m 789s 1z 8p 9p 2z", "5p 2s", "5p 3s", "5p 4s"],
        live="6p 7p 8p 9p 1p",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 5p", "S discard 5p", "W discard 5p", "N discard 5p")
    assert not deal.over and deal.turn == E


_NINE = "1m 9m 1p 9p 1s 9s 1z 2z 3z"
"""Nine different major tiles (terminals included, A-WB-17)."""


def test_nine_majors_in_easts_first_turn_end_the_hand_drawn() -> None:
    deal = Deal.arranged(
        [f"{_NINE} 2m 3m 4m 5m 6m", "2s", "3s", "4s"],
        live="6p",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    assert "E nine-majors" in legal(deal, E)
    kinds = play(deal, "E nine-majors")
    assert deal.over and deal.result is not None
    assert deal.result.winner is None and deal.result.reason == EndReason.NINE_MAJORS
    assert kinds == ["hand-ended"] and transfers(deal) == []


def test_eight_different_majors_are_not_enough() -> None:
    deal = Deal.arranged(
        ["1m 9m 1p 9p 1s 9s 1z 2z 2m 3m 4m 5m 6m 7m", "2s", "3s", "4s"],
        live="6p",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    assert "E nine-majors" not in legal(deal, E)


def test_nine_majors_only_before_the_players_first_discard() -> None:
    deal = Deal.arranged(
        ["2m 3m 4m 5m 6m 7m 2p 3p 4p 5p 6p 7p 8p 6s", f"{_NINE} 4z 5z 6z 7z", "2s", "3s"],
        live="8s 8m 8s 8m 8s 8m",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 6s")
    assert deal.turn == S and "S nine-majors" in legal(deal, S)  # South's first turn
    play(deal, "S discard 8s", "W discard 8m", "N discard 8s", "E discard 8m")
    assert deal.turn == S and "S nine-majors" not in legal(deal, S)  # he has discarded
    with pytest.raises(IllegalActionError, match="first turn"):
        deal.apply("S nine-majors")


@pytest.mark.parametrize("pong", [False, True])
def test_nine_majors_not_once_a_set_is_exposed(pong: bool) -> None:
    # West may pong East's 5s; North holds ten different majors and draws in his first turn.
    deal = Deal.arranged(
        ["5s 2m 3m 4m 5m 6m 7m 2p 3p 4p 5p 6p 7p 8p", "2s", "55s 3s", f"{_NINE} 4z 6s 7s 8s"],
        live="8m 8m 8m",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    if pong:
        play(deal, "E discard 5s", "W pong", "W discard 3s")
    else:
        play(deal, "E discard 5s", "W pass", "S discard 8m", "W discard 8m")
    assert deal.turn == N and not deal.seats[N].discarded
    assert ("N nine-majors" in legal(deal, N)) is not pong


def _three_waiting() -> Deal:
    """South (46p), West (46p) and North (single 5p) all win on East's 5p."""
    deal = Deal.arranged(
        [
            "5p 1p 3p 8p 2s 3s 8s 9m 7z 7z 6z 5z 4z 4z",
            "123m 456m 789m 11z 46p",
            "123s 456s 789s 22z 46p",
            "234m 567s 789p 333z 5p",
        ],
        live="1m 2m",
        ruleset="wikibooks",
        settings=SHORT,
        fill=False,
    )
    deal.apply("E discard 5p")
    assert all("mahjong" in legal(deal, seat)[0] for seat in (S, W, N))
    return deal


def test_three_mahjong_claims_on_one_discard_end_the_hand_drawn() -> None:
    deal = _three_waiting()
    play(deal, "N mahjong", "W mahjong", "S mahjong")
    assert deal.over and deal.result is not None
    assert deal.result.winner is None and deal.result.reason == EndReason.THREE_MAHJONG_CLAIMS
    assert transfers(deal) == []


def test_two_mahjong_claims_go_to_the_next_in_turn() -> None:
    deal = _three_waiting()
    play(deal, "N mahjong", "W mahjong", "S pass")
    assert deal.result is not None and deal.result.winner == W  # the first after East who claimed
    deal = _three_waiting()
    play(deal, "N mahjong", "W pass", "S mahjong")
    assert deal.result is not None and deal.result.winner == S


def test_three_mahjong_claims_are_no_abort_without_the_setting() -> None:
    deal = Deal.arranged(
        [
            "5p 1p 3p 8p 2s 3s 8s 9m 7z 7z 6z 5z 4z 4z",
            "123m 456m 789m 11z 46p",
            "123s 456s 789s 22z 46p",
            "234m 567s 789p 333z 5p",
        ],
        live="1m 2m",
        ruleset="wikibooks",
        settings={**SHORT, "three_mahjong_claims_abort": False},
        fill=False,
    )
    play(deal, "E discard 5p", "N mahjong", "W mahjong", "S mahjong")
    assert deal.result is not None and deal.result.winner == S and deal.result.reason == EndReason.MAHJONG


# --- rumisberg: Fishing (RULES.md §2.4.7, A-RU-05, A-RU-28) -----------------------------------


@pytest.mark.parametrize(
    ("south", "offered"),
    [
        pytest.param("123m 555p 777s 99s 44s", ["S fishing 7z"], id="one-chow-suit-pungs"),
        pytest.param("123m 456m 777s 99s 44s", [], id="two-chows"),
        pytest.param("123m 111z 222z 333z 9s", [], id="no-suit-pung"),
        pytest.param("123m 456m 789m 123p 9s", [], id="four-chows"),
    ],
)
def test_fishing_only_one_tile_short_of_a_mahjong_that_counts(south: str, offered: list[str]) -> None:
    """Each of South's hands is one tile from a complete shape once he discards the 7z he
    draws; only the first would be a Mah-Jong the card counts (≤ 1 chow, a pung of suit
    tiles: rules 4 and 16)."""
    deal = Deal.arranged(
        ["1m 4m 7m 2p 5p 8p 3s 6s 1z 2z 3z 4z 5z 6z", south, "2s", "3s"],
        live="7z 8m",
        ruleset="rumisberg",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 6z")
    assert [a for a in legal(deal, S) if "fishing" in a] == offered


def _ex28() -> Deal:
    """RULES.md EX-28 up to North's Fishing declaration: South has ponged 1s (East), 6m
    (North), 7z (West); North has ponged 9p (South) and 2m (West), holds 555s 67m 33z 6z and
    is to discard."""
    deal = Deal.arranged(
        [
            "1s 3p 1m 4m 8m 2p 6p 8p 3s 9s 2z 3z 4z 5z",
            "66m 11s 77z 45p 7s 9p 1z 4z 5z",
            "7z 2m 7s 3m 5m 7p 2s 4s 8s 9m 1p 2z 6z",
            "99p 555s 22m 67m 33z 6m 6z",
        ],
        live="8s 9m 9m 1p 1z 2p 2p 7p 7p 5p 5p",
        ruleset="rumisberg",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 1s", "S pong", "S discard 9p", "N pong", "N discard 6m", "S pong", "S discard 1z")
    play(deal, "W discard 7z", "S pong", "S discard 4z", "W discard 2m", "N pong")
    return deal


def test_ex28_fishing_in_play() -> None:
    # South will chow 345p (East) and win on West's 7s; North declares Fishing with 555s 67m
    # 33z left, waiting on 5m or 8m.
    deal = _ex28()
    assert [a for a in legal(deal, N) if "fishing" in a] == ["N fishing 6z"]
    with pytest.raises(IllegalActionError, match="one tile short"):
        deal.apply("N fishing 5s")
    events = deal.apply("N fishing 6z")
    assert [(e.kind, e.what) for e in events if e.kind is EventKind.DECLARE] == [
        (EventKind.DECLARE, "fishing")
    ]
    assert deal.view(None).declared == ((N, "fishing"),)
    for idle in deal.idle_passes():
        deal.apply(idle)
    play(deal, "E discard 3p", "S chow 3p", "S discard 5z", "W discard 8s")
    # North draws 1z: only discarding it keeps him one tile short; a declaration cannot be
    # withdrawn, and a discard that breaks it is refused.
    assert deal.turn == N and legal(deal, N) == ["N discard 1z"]
    with pytest.raises(IllegalActionError, match="Fishing"):
        deal.apply("N discard 5s")
    play(deal, "N discard 1z", "E discard 2p", "S discard 2p", "W discard 7s", "S mahjong")
    assert deal.result is not None and deal.result.winner == S and deal.result.discarder == W
    # South: 20 + exposed pongs 6m 2, 1s 4, 7z 4 + only possible tile 2 + pair 2 = 34, a dragon
    # pong 1 double -> 68 × 10 = 680. North's Fishing value: 20 + 9p 4 + 5s 4 + 2m 2 = 30 -> 300.
    assert deal.result.values[S] == 680
    assert sorted(transfers(deal)) == sorted(
        [
            (E, S, 1400, "Mah-Jongg"),  # 2 × 680 = 1360, rounded after doubling
            (W, S, 700, "Mah-Jongg"),
            (N, S, 700, "Mah-Jongg"),  # the Fishing player pays the winner as usual
            (E, N, 600, "fishing"),  # East double; South, the Mah-Jong player, pays nothing
            (W, N, 300, "fishing"),
        ]
    )
    assert deal.result.settlement.nets == (-2000, 2800, -1000, 200)  # EX-28's net result


def test_a_drawn_hand_pays_nothing_to_a_fishing_player() -> None:
    deal = _ex28()
    play(deal, "N fishing 6z", "E discard 3p", "S chow 3p", "S discard 5z", "W discard 8s")
    play(deal, "N discard 1z", "E discard 2p", "S discard 2p", "W discard 7s", "S pass")
    play(deal, "N discard 7p", "E pass", "W pass", "E discard 5p", "S discard 5p")  # the wall is empty
    assert deal.over and deal.result is not None and deal.result.winner is None
    assert "fishing" in deal.declarations(N) and transfers(deal) == []  # §2.4.7 item 6


# --- rumisberg: the bouquet (RULES.md §2.4.8, A-RU-08) ------------------------------------------


# Full hands: rumisberg's Fishing looks at every hand one tile short (arranged short hands would
# not be hands at all).
@pytest.mark.parametrize(
    ("west", "live", "dead"),
    [
        pytest.param("1f 2f 3f", "4z 4f 3z", "8m 9m 7m 6m", id="flowers-drawn-live"),
        pytest.param("5f 6f 7f", "4z 1f 3z", "8m 9m 7m 8f 6m", id="seasons-by-replacement"),
    ],
)
def test_a_bouquet_completed_in_play_is_paid_at_once_and_stays_paid_when_the_hand_is_drawn(
    west: str, live: str, dead: str
) -> None:
    deal = Deal.arranged(
        [
            "5p 123m 456m 789s 11z 2z 3z",
            "1s 2s 4s 5s 1p 3p 6p 9p 2m 5m 8m 6z 7z",
            f"{west} 3s 6s 9s 2p 4p 7p 3m 6m 9m 5z",
            "7s 8s 8p 7m 1m 4m 6z 7z 5z 4p 7p 2p 2z",
        ],
        live=live,
        dead=dead,
        ruleset="rumisberg",
        settings=SHORT,
        fill=False,
    )
    assert deal.paid == []  # three of a kind at the deal: nothing yet
    play(deal, "E discard 5p")
    events = deal.apply("S discard 4z")
    for idle in deal.idle_passes():
        events += deal.apply(idle)
    # West draws the fourth tile of the category (live, or as the replacement of another
    # bonus tile): every other player pays him 1000, flat (East neither pays nor gets double).
    assert [(e.seat, e.what, e.amount) for e in events if e.kind is EventKind.PAID] == [(W, "bouquet", 1000)]
    assert [(t.payer, t.payee, t.amount, t.reason) for t in deal.paid] == [
        (E, W, 1000, "bouquet"),
        (S, W, 1000, "bouquet"),
        (N, W, 1000, "bouquet"),
    ]
    assert deal.turn == W and KIND[deal.drawn or 0] == Tile.parse("6m")
    play(deal, "W discard 6m", "N discard 3z")  # the wall is exhausted
    assert deal.over and deal.result is not None and deal.result.winner is None
    assert transfers(deal) == [(E, W, 1000, "bouquet"), (S, W, 1000, "bouquet"), (N, W, 1000, "bouquet")]
    assert deal.result.settlement.nets == (-1000, -1000, 3000, -1000)


# --- rumisberg: the Pot (RULES.md §2.4.8, A-RU-10) ---------------------------------------------

_POT = "Pot: 111z 333m 555m 777m 99m = 2000 /pot"
_BALANCES = (10000, 12000, 9000, 150)


def _east_makes(special: str, **settings: object) -> Deal:
    """East pongs South's 1z and draws 9m to 1z-pong 333m 555m 777m 99m."""
    deal = Deal.arranged(
        [
            "11z 333m 555m 777m 9m 2p 5s",
            "1z 3s 1p 4p 7p 2s 8s 2m 4m 6m 8m 6z 7z",
            "4s 9s 1s 7p 9p 2p 5p 1m 3m 5z 6z 2z 3z",
            "6s 7s 9s 3p 6p 2m 4m 6m 8m 5z 6z 3z 4z",
        ],
        live="2s 1p 8p 8s 9m 3s",
        ruleset="rumisberg",
        settings={**SHORT, "special_hands": special, **settings},
        fill=False,
        balances=_BALANCES,
    )
    play(deal, "E discard 2p", "S discard 1z", "E pong", "E discard 5s", "S discard 1p", "W discard 8p")
    play(deal, "N discard 8s", "E mahjong")
    assert deal.result is not None and deal.result.winner == E and deal.result.self_drawn
    return deal


def test_the_pot_east_receives_every_other_players_whole_balance() -> None:
    deal = _east_makes(_POT)
    assert transfers(deal) == [(S, E, 12000, "pot"), (W, E, 9000, "pot"), (N, E, 150, "pot")]
    assert deal.result is not None and deal.result.settlement.nets == (21150, -12000, -9000, -150)


def test_without_pot_the_same_hand_is_paid_its_fixed_value() -> None:
    deal = _east_makes(_POT.replace(" /pot", ""))
    # A fixed value, East double, neither rounded nor capped.
    assert transfers(deal) == [
        (S, E, 4000, "Mah-Jongg"),
        (W, E, 4000, "Mah-Jongg"),
        (N, E, 4000, "Mah-Jongg"),
    ]


def test_the_pot_read_as_the_hand_value_undoubled() -> None:
    deal = _east_makes(_POT, pot_reading="hand_value_undoubled")
    assert transfers(deal) == [(S, E, 2000, "pot"), (W, E, 2000, "pot"), (N, E, 2000, "pot")]


# --- rumisberg: the Gulasch stakes, over a game (RULES.md §2.4.6, rule 19, A-RU-07) ---------------


def _play_hand(game: Game, players: list[AIPlayer] | None = None) -> HandRecord:
    """Play the current hand to its end: with ``players`` the computer players decide; without,
    every seat passes and discards what it drew (or what the timeout rule picks), so nobody
    goes Mah-Jong and the hand is drawn."""
    while not game.deal.over:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            break
        position = game.to_act()[0]
        if players is None:
            game.apply(game.default_action(position))
        else:
            game.apply(players[position].choose(game.view(position)))
    return game.history[-1]


def _staked(game: Game) -> dict[int, int]:
    out = dict.fromkeys(range(4), 0)
    for stake in game.centre:
        assert stake.reason == "gulasch"
        out[stake.seat] += stake.amount
    return out


@pytest.mark.parametrize("seed", [0, 7])
def test_gulasch_stakes_go_to_the_next_winner_besides_his_payments(seed: int) -> None:
    game = Game("rumisberg", seed=seed)
    total = sum(game.chips)
    assert total == 40000
    first = _play_hand(game)
    assert first.winner is None and first.result.reason == EndReason.WALL_EXHAUSTED
    # A hand without Mah-Jong: the next is a Gulasch, each player stakes 500 (rule 19).
    assert _staked(game) == {0: 500, 1: 500, 2: 500, 3: 500}
    assert sum(game.chips) == total  # a stake stays its owner's until a winner takes it
    game.next_hand()
    assert game.east == 0  # no scored hand: East stays
    assert game.view(None).centre == 2000
    second = _play_hand(game)
    assert second.winner is None
    # A drawn Gulasch keeps the pot, and each player stakes another 500 (A-RU-07).
    assert _staked(game) == {0: 1000, 1: 1000, 2: 1000, 3: 1000}
    players = [AIPlayer("normal", seed=f"{seed}:{p}") for p in range(4)]
    for _ in range(12):
        pot = _staked(game)
        game.next_hand()
        assert game.east == 0 and game.view(None).centre == sum(pot.values())
        record = _play_hand(game, players)
        assert sum(game.chips) == total
        if record.winner is not None:
            break
    else:
        pytest.fail("nobody won a Gulasch hand in twelve hands")
    winner = record.winner
    taken: dict[int, int] = {}
    for t in record.transfers:
        if t.reason == "gulasch":
            assert t.payee == winner
            taken[t.payer] = taken.get(t.payer, 0) + t.amount
    # The winner takes every other player's stakes, keeps his own, and is paid his hand too.
    assert taken == {p: pot[p] for p in range(4) if p != winner}
    assert any(t.reason == "Mah-Jongg" and t.payee == winner for t in record.transfers)
    assert game.centre == []


def test_a_drawn_gulasch_without_carry_over_gives_the_pot_back() -> None:
    game = Game("rumisberg", {"gulasch_pot_carry_over": False}, seed=0)
    _play_hand(game)
    game.next_hand()
    second = _play_hand(game)
    assert second.winner is None and not [t for t in second.transfers if t.reason == "gulasch"]
    assert _staked(game) == {0: 500, 1: 500, 2: 500, 3: 500}  # only the next Gulasch's stakes


def _fishing_north_offered(west_discard: str, north: str = "999p 555p 33z 44z 678m") -> Deal:
    """North holds ``north`` (one tile short: 3z or 4z, the 678m chow the only one) and declares
    Fishing with the 8s he draws; then West, the player before him, discards."""
    deal = Deal.arranged(
        [
            "1s 4s 7s 1p 4p 7p 1m 4m 7m 1z 2z 5z 6z 7z",
            "2s 5s 8s 2p 6p 8p 2m 3m 9m 1z 2z 5z 6z",
            f"3s 6s 9s 3p 4p 7p {west_discard} 9m 1z 2z 5z 6z 7z",
            north,
        ],
        live="1s 2s 8s 9s 3s 4s 7p 8p",
        ruleset="rumisberg",
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 7z", "S discard 1s", "W discard 2s", "N fishing 8s")
    play(deal, "E discard 9s", "S discard 3s")
    deal.apply(f"W discard {west_discard}")  # the claim window: everyone answers, none yet has
    assert "fishing" in deal.declarations(N)
    return deal


def test_a_fishing_player_may_chow_when_he_stays_fishing() -> None:
    """Rule 11: "Es dürfen aber Steine ausgewechselt werden, solange man Fishing bleibt". The
    567m chow and the 8m discard leave North waiting on 3z or 4z with one chow: still Fishing."""
    deal = _fishing_north_offered("5m")
    assert legal(deal, N) == ["N chow 567m", "N pass"]
    play(deal, "N chow 567m")
    assert deal.turn == N and legal(deal, N) == ["N discard 8m"]
    play(deal, "N discard 8m")
    assert "fishing" in deal.declarations(N) and [str(r.meld) for r in deal.seats[N].melds] == ["[567m]"]


def test_a_fishing_player_is_not_offered_a_chow_that_breaks_it() -> None:
    """North holds 555s 777s 33z 44z 678m: a 567s chow breaks both pungs of suit tiles and
    makes a second chow (rumisberg counts at most one, rule 4): no discard keeps North one tile
    short of a Mah-Jong that counts, so the chow is not offered."""
    deal = _fishing_north_offered("6s", north="555s 777s 33z 44z 678m")
    assert legal(deal, N) == ["N pass"]


# --- rumisberg: a call until the next player has discarded (rule 3, A-RU-13) -------------------


def _late(ruleset: str = "rumisberg") -> Deal:
    """East discards 5p; South (next) holds 55p and 34p, passes in the window, and draws 9s."""
    deal = Deal.arranged(
        [
            "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 5z 5p",
            "5p 5p 3p 4p 2m 5m 8m 2s 5s 8s 4z 6z 7z",
            "3m 6m 2p 8p 3s 6s 9s 1z 2z 3z 5z 6z 7z",
            "9m 6m 9p 6p 8s 2s 3s 4z 4z 5z 6z 7z 1m",
        ],
        live="9s 8m 1z 2z",
        ruleset=ruleset,
        settings=SHORT,
        fill=False,
    )
    play(deal, "E discard 5p")
    assert legal(deal, S) == ["S pong", "S chow 345p", "S pass"]
    play(deal, "S pass")
    assert deal.turn == S and deal.drawn is not None and KIND[deal.drawn] == Tile.parse("9s")
    return deal


def test_the_next_player_may_still_claim_the_discard_after_his_draw() -> None:
    """Rule 3: "Man kann einen Stein rufen, bis der nächste Spieler seinen Stein abgelegt hat".
    South passed East's 5p, drew 9s and may still pong (or chow) it: the 9s goes back to the live
    end (A-RU-13) and West draws it next."""
    deal = _late()
    assert legal(deal, S)[-2:] == ["S pong", "S chow 345p"]
    assert [a for a in legal(deal, S) if a.startswith("S discard")]  # or he discards as usual
    assert deal.view(S).last_discard == (E, Tile.parse("5p"))  # his own view names the tile
    assert deal.view(None).last_discard is None and deal.view(W).last_discard is None
    live = deal.live_remaining
    events = deal.apply("S pong")
    assert [(e.kind, e.seat, str(e.tile)) for e in events] == [(EventKind.CLAIM, S, "5p")]
    assert [str(r.meld) for r in deal.seats[S].melds] == ["[555p]"]
    assert Tile.parse("9s") not in deal.hand_of(S).concealed and deal.live_remaining == live + 1
    assert deal.turn == S and deal.drawn is None and all(a.startswith("S discard") for a in legal(deal, S))
    assert sorted(deal.all_tiles()) == sorted(set(deal.all_tiles()))  # no tile lost or doubled
    play(deal, "S discard 2m")
    assert deal.turn == W and KIND[deal.drawn] == Tile.parse("9s")  # the returned tile


def test_the_late_claim_ends_with_his_discard() -> None:
    deal = _late()
    play(deal, "S discard 9s")
    assert deal.turn == W and not any(a in ("S pong", "S chow 345p") for a in legal(deal, S))
    assert all(not a.startswith("W pong") for a in legal(deal, W))


def test_a_late_chow_is_a_chow_from_the_previous_player() -> None:
    deal = _late()
    play(deal, "S chow 345p")
    assert [str(r.meld) for r in deal.seats[S].melds] == ["[345p]"] and deal.seats[S].melds[
        0
    ].claimed_from == E


def test_a_game_with_late_claims_replays_from_its_log() -> None:
    """Players who always claim late when they may: every late claim is in the log as the
    claim it is (``S pong`` after South's draw), and the log rebuilds the game exactly."""
    game = Game("rumisberg", {"game_length": "hands:3"}, seed=4)
    ai = {p: AIPlayer("normal", seed=f"late:{p}", settings=game.settings) for p in game.positions}
    late = 0
    while True:
        while not game.deal.over:
            position = game.to_act()[0]
            view = game.view(position)
            claims = [a for a in view.legal if a.kind in (ActionKind.PONG, ActionKind.CHOW, ActionKind.KONG)]
            if view.phase == "turn" and claims:
                late += 1
                game.apply(claims[0])
            else:
                game.apply(ai[position].choose(view))
        if game.finished:
            break
        game.apply(NEXT)
    assert late > 0
    again = Game.replay("rumisberg", {"game_length": "hands:3"}, 4, game.players, game.log)
    assert again.snapshot() == game.snapshot()


def test_without_the_rumisberg_window_the_draw_closes_it() -> None:
    """Elsewhere (``claim_window = until_next_draw``) the claim window closes with the next draw."""
    deal = _late("dmjl")
    assert not any(a in ("S pong", "S chow 345p") for a in legal(deal, S))
    with pytest.raises(IllegalActionError, match="no discard to claim"):
        deal.apply("S pong")
