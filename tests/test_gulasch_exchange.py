"""The exchange of a Gulasch hand (rumisberg, RULES.md §2.4.6 items 4-11, A-RU-07): East swaps
three tiles face down with each player, starting with the one opposite; East decides whether
the exchange goes on; each player in turn may lay one to three tiles down and take as many from
the wall, from the opposite player's side where possible and never from his own; the last
fourteen tiles stay set apart; bonus tiles taken are replaced at once; play then begins with
East's discard. Expected figures come from those rules, not from the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.actions import Action, ActionKind
from engine.ai.player import AIPlayer
from engine.deal import Deal
from engine.errors import IllegalActionError, NotationError
from engine.events import EventKind
from engine.features.gulasch import Gulasch
from engine.game import Game, HandRecord
from engine.tiles import Tile, Wind
from engine.views import Phase
from engine.wall import KIND

E, S, W, N = Wind  # a deal's seats are winds


def hand(deal: Deal, seat: int) -> Counter[Tile]:
    return Counter(KIND[t] for t in deal.seats[seat].concealed)


def give(deal: Deal, seat: int, rng: random.Random) -> Action:
    """A legal round-1 give of three tiles the seat holds, picked at random."""
    options = deal.legal_actions(seat)
    assert options and all(a.kind is ActionKind.GIVE and len(a.tiles) == 3 for a in options)
    return rng.choice(options)


def every_tile_once(deal: Deal) -> None:
    tiles = deal.all_tiles()
    assert len(tiles) == len(set(tiles)) == len(deal.ruleset.tile_ids(deal.settings))


def test_a_gulasch_hand_begins_with_east_and_the_player_opposite() -> None:
    deal = Deal("rumisberg", seed=5, gulasch=True)
    assert deal.phase == Phase.EXCHANGE and deal.turn is None
    assert deal.to_act() == [E, W]  # opposite first (item 5)
    assert deal.legal_actions(S) == [] and deal.legal_actions(N) == []
    # Every give names three tiles the seat holds, and every such choice is offered once.
    for seat in (E, W):
        held = hand(deal, seat)
        options = deal.legal_actions(seat)
        assert len({a.tiles for a in options}) == len(options)
        assert all(not (Counter(a.tiles) - held) for a in options)
    view = deal.view(None)
    assert view.exchange is not None and view.exchange.round == 1 and view.exchange.partner == W
    assert view.exchange.waiting == (E, W)


def test_no_exchange_outside_a_gulasch() -> None:
    assert Deal("rumisberg", seed=5).phase == Phase.TURN
    assert Deal("dmjl", seed=5, gulasch=True).phase == Phase.TURN  # dmjl settles no Gulasch


def test_round_one_swaps_face_down_and_at_once_then_right_then_left() -> None:
    deal = Deal("rumisberg", seed=11, gulasch=True)
    rng = random.Random(3)
    for partner in (W, S, N):
        assert deal.to_act() == [E, partner]
        east_before, partner_before = hand(deal, E), hand(deal, partner)
        from_east = give(deal, E, rng)
        events = deal.apply(from_east)
        # East's tiles lie face down: the partner has not got them, nobody is told which.
        assert deal.to_act() == [partner] and hand(deal, partner) == partner_before
        assert not [e for e in events if not e.private]
        from_partner = give(deal, partner, rng)
        events = deal.apply(from_partner)
        assert hand(deal, E) == east_before - Counter(from_east.tiles) + Counter(from_partner.tiles)
        assert hand(deal, partner) == partner_before - Counter(from_partner.tiles) + Counter(from_east.tiles)
        public = [e for e in events if not e.private]
        assert [(e.kind, e.seat, e.what, e.amount, e.tile) for e in public] == [
            (EventKind.EXCHANGE, partner, "east", 3, None)
        ]
        received = [e for e in events if e.private]
        assert sorted(e.tile for e in received if e.seat == E) == sorted(from_partner.tiles)
        assert sorted(e.tile for e in received if e.seat == partner) == sorted(from_east.tiles)
        every_tile_once(deal)
    assert [len(deal.seats[w].concealed) for w in (E, S, W, N)] == [14, 13, 13, 13]
    assert deal.to_act() == [E]  # East decides (item 6)
    assert [str(a) for a in deal.legal_actions(E)] == ["E continue", "E start"]


def round_one(deal: Deal, rng: random.Random) -> None:
    while deal.exchange is not None and deal.exchange.round == 1 and not deal.exchange.deciding:
        seat = deal.to_act()[0]
        deal.apply(give(deal, seat, rng))


def test_east_may_start_play_after_round_one() -> None:
    deal = Deal("rumisberg", seed=11, gulasch=True)
    round_one(deal, random.Random(1))
    events = deal.apply("E start")
    assert [(e.kind, e.what) for e in events] == [(EventKind.EXCHANGE, "start")]
    assert deal.phase == Phase.TURN and deal.turn == E and deal.drawn is None  # East discards first
    assert {a.kind for a in deal.legal_actions(E)} >= {ActionKind.DISCARD}
    assert len(deal.seats[E].concealed) == 14
    assert deal.view(None).exchange is None


def ring_position(deal: Deal, tile: int) -> int:
    """Where a tile stood in the wall, counted from the live end (stacks in ring order)."""
    for i, stack in enumerate(deal.wall.stacks):
        if tile in stack:
            return 2 * i + stack.index(tile)
    raise AssertionError("the tile is not in the wall")


def test_a_wall_exchange_takes_the_first_live_tiles_of_the_opposite_side() -> None:
    deal = Deal("rumisberg", seed=11, gulasch=True)
    round_one(deal, random.Random(1))
    deal.apply("E continue")
    view = deal.view(None).exchange
    assert deal.to_act() == [E] and view is not None and view.go_around == 1 and view.limit == 3
    wall = deal.wall
    # The first two live tiles of West's side (opposite East), in ring order, top before bottom.
    west = [t for stack in wall.stacks for t in stack if wall.side_of[t] == W]
    expected = west[:2]
    assert not any(KIND[t].is_bonus for t in expected)  # this seed: no replacement in between
    laid = tuple(sorted(KIND[t] for t in deal.seats[E].concealed)[:2])
    action = Action(E, ActionKind.SWAP, tiles=laid)
    assert action in deal.legal_actions(E)
    remaining = wall.remaining
    events = deal.apply(action)
    assert set(expected) <= set(deal.seats[E].concealed)
    assert wall.remaining == remaining - 2 and len(deal.seats[E].concealed) == 14
    assert sorted(KIND[t] for t in deal.laid) == list(laid)  # laid down: out of play
    public = [(e.kind, e.seat, e.what, e.amount, e.tile) for e in events if not e.private]
    assert public == [(EventKind.EXCHANGE, E, "wall", 2, None)]
    assert sorted(e.tile for e in events if e.private) == sorted(KIND[t] for t in expected)
    assert deal.to_act() == [S]  # then the next in turn order
    every_tile_once(deal)


def test_wall_exchanges_never_take_from_ones_own_side_nor_the_set_apart_fourteen() -> None:
    for seed in range(6):
        deal = Deal("rumisberg", seed=seed, gulasch=True)
        rng = random.Random(seed)
        round_one(deal, rng)
        protected = set(deal.wall._set_apart(deal.settings.wall_reserve))
        assert len(protected) == 14
        shown = sum(len(s.bonus) for s in deal.seats)
        for _ in range(3):
            if deal.phase != Phase.EXCHANGE:
                break
            deal.apply("E continue")
            while deal.phase == Phase.EXCHANGE and not deal.exchange.deciding:  # type: ignore[union-attr]
                seat = deal.to_act()[0]
                before = set(deal.seats[seat].concealed) | set(deal.seats[seat].bonus)
                swaps = [
                    a for a in deal.legal_actions(seat) if a.kind is ActionKind.SWAP and len(a.tiles) == 3
                ]
                deal.apply(rng.choice(swaps))
                taken = (set(deal.seats[seat].concealed) | set(deal.seats[seat].bonus)) - before
                # Only a bonus tile's replacement comes from the fourteen set apart (items 4, 8).
                assert taken and len(taken & protected) == sum(KIND[t].is_bonus for t in taken)
                assert seat not in {deal.wall.side_of[t] for t in taken - protected}
                every_tile_once(deal)
        assert deal.phase == Phase.TURN  # three go-arounds at most, then play (A-RU-07)
        # The set-apart tiles are still in the wall, but for bonus replacements.
        out = protected - set(deal.wall.tiles())
        assert len(out) == sum(len(s.bonus) for s in deal.seats) - shown
        assert deal.live_remaining == deal.wall.remaining - 14


def test_the_opposite_side_first_then_the_next_sides_in_ring_order_never_ones_own() -> None:
    gulasch = Deal("rumisberg", seed=2, gulasch=True).feature(Gulasch)
    assert gulasch is not None
    # The ring runs E → N → W → S (each side's left neighbour next, RULES.md §1.3.1).
    assert [gulasch.wall_sides(w) for w in (E, S, W, N)] == [[W, S, N], [N, W, E], [E, N, S], [S, E, W]]
    three = Deal("rumisberg", {"players": 3}, seed=2, gulasch=True, absent=W)
    assert three.feature(Gulasch).wall_sides(E) == [S, N]  # type: ignore[union-attr]  # no wall where nobody sits: the next side after it


def test_keeping_ones_tiles_and_a_limit_of_go_arounds() -> None:
    deal = Deal("rumisberg", {"gulasch_wall_exchanges": 1}, seed=4, gulasch=True)
    round_one(deal, random.Random(2))
    deal.apply("E continue")
    for seat in (E, S, W, N):
        assert deal.to_act() == [seat]
        events = deal.apply(Action(seat, ActionKind.PASS))
        assert [(e.kind, e.seat, e.what) for e in events] == [(EventKind.EXCHANGE, seat, "keep")]
    assert deal.phase == Phase.TURN and deal.turn == E  # one go-around allowed: play begins
    none = Deal("rumisberg", {"gulasch_wall_exchanges": 0}, seed=4, gulasch=True)
    round_one(none, random.Random(2))
    assert none.phase == Phase.TURN  # no wall exchange at all: straight to play


def test_a_bonus_tile_taken_from_the_wall_is_shown_and_replaced_at_once() -> None:
    for seed in range(60):
        deal = Deal("rumisberg", seed=seed, gulasch=True)
        round_one(deal, random.Random(seed))
        deal.apply("E continue")
        three = [a for a in deal.legal_actions(E) if a.kind is ActionKind.SWAP and len(a.tiles) == 3]
        events = deal.apply(three[0])
        shown = [e for e in events if e.kind is EventKind.BONUS]
        if not shown:
            continue
        assert all(e.seat == E and not e.private and e.tile is not None and e.tile.is_bonus for e in shown)
        assert len(deal.seats[E].concealed) == 14 and not any(
            KIND[t].is_bonus for t in deal.seats[E].concealed
        )
        every_tile_once(deal)
        return
    pytest.fail("no bonus tile came out of sixty wall exchanges")


def test_illegal_exchange_moves_are_refused_with_the_reason() -> None:
    deal = Deal("rumisberg", seed=5, gulasch=True)
    with pytest.raises(IllegalActionError, match="waits for East and West, not South"):
        deal.apply("S give 123m")
    with pytest.raises(IllegalActionError, match="gives three tiles"):
        deal.apply("W discard 1m")
    missing = next(k for k in ("1z", "2z", "3z", "4z", "5z", "6z", "7z") if hand(deal, W)[Tile.parse(k)] == 0)
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.apply(f"W give {missing}{missing}{missing}")
    with pytest.raises(NotationError, match="one to three tiles"):
        Action.parse("W give 1234m")
    with pytest.raises(NotationError, match="needs one to three tiles"):
        Action.parse("W give")


def test_a_private_reason_does_not_name_the_tiles_to_others() -> None:
    deal = Deal("rumisberg", seed=5, gulasch=True)
    with pytest.raises(IllegalActionError) as err:
        deal.apply("W give 999m")
    assert err.value.private  # it speaks of West's hidden tiles


def test_replay_of_an_exchange_gives_the_same_state() -> None:
    deal = Deal("rumisberg", seed=9, gulasch=True)
    rng = random.Random(9)
    round_one(deal, rng)
    deal.apply("E continue")
    while deal.phase == Phase.EXCHANGE:
        seat = deal.to_act()[0]
        deal.apply(rng.choice(deal.legal_actions(seat)))
    again = Deal.replay("rumisberg", None, 9, deal.log, gulasch=True)
    assert again.snapshot() == deal.snapshot()


def test_three_players_east_swaps_with_the_wall_for_the_empty_place() -> None:
    deal = Deal("rumisberg", {"players": 3}, seed=3, gulasch=True, absent=S)
    assert deal.in_play == (E, W, N)
    rng = random.Random(3)
    deal.apply(give(deal, E, rng))
    deal.apply(give(deal, W, rng))  # opposite first
    assert deal.to_act() == [E]  # the empty place: East alone, with the wall (item 11)
    before = set(deal.seats[E].concealed)
    events = deal.apply(give(deal, E, rng))
    assert [(e.what, e.amount) for e in events if e.kind is EventKind.EXCHANGE] == [("wall", 3)]
    taken = set(deal.seats[E].concealed) - before
    assert {deal.wall.side_of[t] for t in taken} <= {W}  # the opposite side first, never his own
    assert len(deal.laid) == 3
    assert deal.to_act() == [E, N]
    deal.apply(give(deal, E, rng))
    deal.apply(give(deal, N, rng))
    assert deal.to_act() == [E] and deal.exchange is not None and deal.exchange.deciding
    every_tile_once(deal)


def _play(game: Game, players: dict[int, AIPlayer]) -> HandRecord:
    while not game.deal.over:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            break
        position = game.to_act()[0]
        game.apply(players[position].choose(game.view(position)))
    return game.history[-1]


@pytest.mark.parametrize("players", [4, 3])
def test_after_a_drawn_hand_the_game_deals_a_gulasch_with_an_exchange(players: int) -> None:
    settings = {"players": players} if players == 3 else {}
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    for seed in range(80):  # computer players who know rumisberg's conditions win most hands
        game = Game("rumisberg", settings, seed=seed, players=names)
        ai = {p: AIPlayer("normal", seed=f"{seed}:{p}") for p in game.positions}
        first = _play(game, ai)
        if first.winner is not None:
            continue
        game.next_hand()
        assert game.deal.phase == Phase.EXCHANGE
        record = _play(game, ai)
        moves = [line.split()[1] for line in record.actions]
        assert moves[:2] == ["give", "give"] and ("start" in moves or "swap" in moves or "pass" in moves)
        assert sum(game.chips) == players * game.settings.initial_score
        again = Game.replay("rumisberg", settings, seed, names, game.log)
        assert again.snapshot() == game.snapshot()
        return
    pytest.fail("no drawn first hand in eighty games")


def test_the_timeout_default_gives_tiles_and_east_begins_play() -> None:
    game = Game("rumisberg", seed=0, players="ABCD")
    game.deal = Deal("rumisberg", seed=0, gulasch=True)
    east = game.position_of(E)
    assert game.default_action(east).kind is ActionKind.GIVE
    while game.deal.phase == Phase.EXCHANGE:
        position = game.to_act()[0]
        action = game.default_action(position)
        game.apply(action)
    assert game.deal.phase == Phase.TURN  # East's default is to begin play, not to go on
    assert "start" in [str(a).split()[1] for a in game.deal.log]
