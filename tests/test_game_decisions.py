"""What the engine knows of the decision under way (issue 27), so the bot does not rebuild it:
an action's legality is decided once per move (``Game.check`` then ``Game.apply``, or
``Game.apply`` alone), when the current turn, claim window or exchange step began
(``Game.decision_start``), whether a Gulasch swap is half done (``Game.half_swapped``), what a
seat gave and received in the exchange (``Game.exchanged``, by position) and each finished
hand's winner, discarder and score by position (``HandRecord``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.actions import DISCARDS, Action, ActionKind
from engine.deal import Deal
from engine.errors import IllegalActionError, Refusal
from engine.game import NEXT, Game
from engine.players import SimplePlayer
from engine.tiles import Wind
from engine.views import Phase

PLAYER = SimplePlayer()


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Action]]:
    """Every call of ``Deal.check`` (the one function that decides an action's legality), by
    the action it was asked about (its seat a wind)."""
    calls: list[Action] = []
    real = Deal.check

    def counted(self: Deal, action: Action) -> Refusal | None:
        calls.append(action)
        return real(self, action)

    monkeypatch.setattr(Deal, "check", counted)
    yield calls


def mover(game: Game) -> int:
    return next(p for p in game.positions if game.legal_actions(p))


def gulasch(seed: int = 5, players: int = 4) -> Game:
    """A rumisberg game whose first hand is a Gulasch (its exchange under way)."""
    names = ["a", "b", "c", "d"][:players]
    game = Game("rumisberg", {"players": players} if players == 3 else {}, seed, names)
    game.gulasch = True
    game.deal = game._new_deal()
    assert game.deal.phase == Phase.EXCHANGE
    return game


# --- One legality check per move ---------------------------------------------------------------


def test_apply_alone_checks_each_action_once(checks: list[Action]) -> None:
    """Over a whole hand of every kind of move (discards, claims, passes), each ``Game.apply``
    asks ``Deal.check`` exactly once, about the action it applies."""
    game = Game("dmjl", {}, 3, ["a", "b", "c", "d"])
    while not game.deal.over:
        action = PLAYER.choose(game.view(mover(game)))
        before = len(checks)
        game.apply(action)
        assert checks[before:] == [action.by(game.deal.log[-1].seat)]
    assert len(checks) == len(game.log) > 20


def test_check_then_apply_decides_once(checks: list[Action]) -> None:
    """A table checks a move before it stores it and applies it after: the pair (and a second
    check in between) asks ``Deal.check`` once per move, for a whole hand."""
    game = Game("dmjl", {}, 3, ["a", "b", "c", "d"])
    while not game.deal.over:
        action = PLAYER.choose(game.view(mover(game)))
        before = len(checks)
        assert game.check(action) is None
        assert game.check(action) is None
        game.apply(action)
        assert len(checks) == before + 1
    assert len(checks) == len(game.log) > 20


def test_apply_of_a_refused_move_checks_once_and_changes_nothing(checks: list[Action]) -> None:
    game = Game("dmjl", {}, 3, ["a", "b", "c", "d"])
    south = game.position_of(Wind.SOUTH)
    pong = Action.of(south, ActionKind.PONG)
    refusal = game.check(pong)
    assert refusal is not None and "turn" in refusal.message
    with pytest.raises(IllegalActionError):
        game.apply(pong)
    assert len(checks) == 2 and game.version == 0  # a refusal is not remembered: asked again


def test_a_check_vouches_only_for_that_action_where_it_was_made(checks: list[Action]) -> None:
    """What ``check`` found legal is taken unchecked only for that very action in that very
    state: another action, or the same one after the game moved on, is checked again."""
    game = Game("dmjl", {}, 3, ["a", "b", "c", "d"])
    east = game.position_of(Wind.EAST)
    first, second = [a for a in game.legal_actions(east) if a.kind is ActionKind.DISCARD][:2]
    assert game.check(first) is None and len(checks) == 1
    game.apply(second)  # not the action checked: decided here
    assert len(checks) == 2 and game.deal.log[-1] == second.by(Wind.EAST)
    south = game.position_of(Wind.SOUTH)
    answer = game.legal_actions(south)[0]
    assert game.check(answer) is None and len(checks) == 3
    while game.deal.phase == Phase.CLAIMS and game.to_act() != [south]:
        other = next(p for p in game.to_act() if p != south)
        game.apply(Action.of(other, ActionKind.PASS))  # another seat answers: the state moves on
    assert game.deal.phase == Phase.CLAIMS
    before = len(checks)
    game.apply(answer)  # checked before the others answered: decided again
    assert len(checks) == before + 1


def test_a_check_is_not_taken_by_another_deal(checks: list[Action]) -> None:
    """A move checked in one deal is decided again when applied in another one at the same
    length of log (the game's deal replaced)."""
    game = Game("dmjl", {}, 3, ["a", "b", "c", "d"])
    discard = next(a for a in game.legal_actions(game.east) if a.kind is ActionKind.DISCARD)
    assert game.check(discard) is None and len(checks) == 1
    game.deal = game._new_deal()  # the same hand dealt again: another deal, its log as long
    game.apply(discard)
    assert len(checks) == 2


def test_replaying_a_log_is_unchanged_by_checks() -> None:
    """Checking moves (legal or not) leaves the game as it was: a game whose every move was
    checked first replays from its log to the same state."""
    game = Game("dmjl", {}, 9, ["a", "b", "c", "d"])
    while not game.deal.over:
        position = mover(game)
        for other in game.positions:
            game.check(Action.of(other, ActionKind.MAHJONG))
        action = PLAYER.choose(game.view(position))
        game.check(action)
        game.apply(action)
    again = Game.replay("dmjl", {}, 9, ["a", "b", "c", "d"], game.log)
    assert again.snapshot() == game.snapshot()


# --- When the decision under way began -----------------------------------------------------------


def test_decision_start_is_where_the_turn_or_window_began() -> None:
    game = Game("dmjl", {}, 11, ["a", "b", "c", "d"])
    assert game.decision_start == game.version  # East's first turn
    while game.deal.phase != Phase.CLAIMS:
        (position,) = game.to_act()
        game.apply(PLAYER.choose(game.view(position)))
    opened = game.version
    assert game.decision_start == opened
    answered = 0
    for position in game.to_act():
        if game.deal.phase != Phase.CLAIMS:
            break
        if game.legal_actions(position) == [Action.of(position, "pass")]:
            game.apply(Action.of(position, "pass"))
            answered += 1
            if game.deal.phase == Phase.CLAIMS:
                assert game.decision_start == opened  # answers inside the window come after it
                replayed = Game.replay("dmjl", {}, 11, ["a", "b", "c", "d"], game.log)
                assert replayed.decision_start == opened  # a restart finds it from the log
    assert answered
    while game.deal.phase == Phase.CLAIMS:
        game.apply(game.legal_actions(game.to_act()[0])[-1])
    assert game.decision_start == game.version  # the window closed: a turn begins


def test_one_side_of_a_swap_keeps_the_step_open() -> None:
    """After East alone has given, the step is still the one that began before East's give (a
    replay finds it too); when the partner has given, the next step begins."""
    game = gulasch()
    begun = game.version
    assert not game.half_swapped and game.decision_start == begun
    game.apply(next(a for a in game.legal_actions(game.east)))
    assert game.half_swapped and game.decision_start == begun
    replayed = Game.replay("rumisberg", {}, 5, ["a", "b", "c", "d"], [])
    replayed.gulasch = True
    replayed.deal = replayed._new_deal()
    for line in game.log:
        replayed.apply_line(line)
    assert replayed.half_swapped and replayed.decision_start == begun
    west = game.position_of(Wind.WEST)
    game.apply(game.legal_actions(west)[0])
    assert not game.half_swapped and game.decision_start == game.version


# --- What each seat gave and received in the exchange ---------------------------------------------


def test_exchanged_names_what_each_side_of_a_swap_gave_and_received() -> None:
    """Round 1: East and his partner each see what they laid down, what they received (the
    other's tiles) and from whom, by position; the third seat has nothing to see."""
    game = gulasch()
    east, west = game.east, game.position_of(Wind.WEST)
    give_east = game.legal_actions(east)[0]
    game.apply(give_east)
    assert game.exchanged(east) is None  # nothing received yet: the swap is half done
    give_west = game.legal_actions(west)[-1]
    game.apply(give_west)
    mine, theirs = game.exchanged(east), game.exchanged(west)
    assert mine is not None and theirs is not None
    assert (mine.gave, mine.got, mine.partner) == (give_east.tiles, give_west.tiles, west)
    assert (theirs.gave, theirs.got, theirs.partner) == (give_west.tiles, give_east.tiles, east)
    assert game.exchanged(game.position_of(Wind.SOUTH)) is None


def test_exchanged_follows_each_step_until_play_goes_on() -> None:
    """Through a whole exchange (the swaps with each player, a go-around with the wall):
    each seat's last step is known (a swap with the wall has no partner, and as many tiles come
    back as were laid down), a replay of the log knows the same, and after the first move of
    play it is gone."""
    game = gulasch()
    wall_swaps = 0
    while game.deal.phase == Phase.EXCHANGE:
        position = game.to_act()[0]
        legal = game.legal_actions(position)
        swap = next((a for a in legal if a.kind is ActionKind.SWAP and len(a.tiles) == 2), None)
        cont = next((a for a in legal if a.kind is ActionKind.CONTINUE), None)
        action = swap or cont or legal[0]
        game.apply(action)
        if swap is not None:
            done = game.exchanged(position)
            assert done is not None and done.partner is None
            assert done.gave == swap.tiles and len(done.got) == 2
            wall_swaps += 1
        replayed = Game("rumisberg", {}, 5, ["a", "b", "c", "d"])
        replayed.gulasch = True
        replayed.deal = replayed._new_deal()
        for line in game.log:
            replayed.apply_line(line)
        assert [replayed.exchanged(p) for p in range(4)] == [game.exchanged(p) for p in range(4)]
    assert wall_swaps and any(game.exchanged(p) is not None for p in range(4))
    (east,) = game.to_act()
    game.apply(PLAYER.choose(game.view(east)))  # East's first discard: play has gone on
    assert all(game.exchanged(p) is None for p in range(4))


def test_exchanged_with_three_players_east_swaps_with_the_wall_for_the_empty_place() -> None:
    """Three players: East's swap with the empty place goes through the wall, so what he
    received has no partner; his swaps with the players have theirs."""
    game = gulasch(seed=4, players=3)
    east = game.east
    partners = []
    while game.deal.phase == Phase.EXCHANGE and game.deal.exchange and game.deal.exchange.round == 1:
        (position, *_) = game.to_act()
        action = game.legal_actions(position)[0]
        game.apply(action)
        done = game.exchanged(east)
        if position == east and done is not None and done.gave == action.tiles:
            partners.append(done.partner)
    assert None in partners  # the empty place's swap: with the wall
    assert set(partners) - {None} <= set(game.positions) - {east}


def test_a_new_hand_forgets_the_exchange() -> None:
    game = gulasch()
    for _ in range(2):
        game.apply(game.legal_actions(game.to_act()[0])[0])
    assert game.exchanged(game.east) is not None
    while not game.deal.over:
        game.apply(game.default_action(game.to_act()[0]))
    game.apply(NEXT)
    assert all(game.exchanged(p) is None for p in range(4))


# --- Finished hands by position ------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_hand_records_name_winner_and_discarder_by_position(seed: int) -> None:
    """Each finished hand's record says by position who won, on whose discard (the position
    that made the last discard), self-drawn or not, the winning tile and the winning score;
    checked over games where East moves, so a wind and a position differ."""
    game = Game("dmjl", {"game_length": "hands:8"}, seed, ["a", "b", "c", "d"])
    wins = 0
    while True:
        last_discard: tuple[int, Action] | None = None
        while not game.deal.over:
            action = PLAYER.choose(game.view(mover(game)))
            game.apply(action)
            if action.kind in DISCARDS or action.kind is ActionKind.ADDED_KONG:
                last_discard = (action.seat, action)
        record = game.history[-1]
        if record.winner is None:
            assert record.score is None and record.discarder is None
        else:
            wins += 1
            assert record.score is not None and record.score.won
            assert record.values[record.winner] == record.score.total
            if record.self_drawn:
                assert record.discarder is None
            else:
                assert last_discard is not None and record.discarder == last_discard[0]
                if last_discard[1].kind in DISCARDS:
                    assert record.win_tile == last_discard[1].tile
        if game.finished:
            break
        game.apply(NEXT)
    assert wins
