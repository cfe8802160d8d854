"""Whole games: rotation and rounds, settlement by position, replay, hidden information,
and a Hypothesis state machine throwing legal and illegal actions at a table."""

from __future__ import annotations

import json
import random

import pytest
from engine_driver import drive, players_for, random_settings
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cli.main import main
from engine.actions import KINDS, MULTI_TILE_KINDS, TILE_KINDS, Action, ActionKind
from engine.errors import IllegalActionError, MahjongError, SettingError
from engine.events import EventKind
from engine.game import NEXT, Game
from engine.players import SimplePlayer
from engine.rulesets import RULESETS
from engine.seats import Position
from engine.tiles import TILES, Wind
from engine.wall import KIND

PLAYER = SimplePlayer()


def play_hand(game: Game) -> None:
    while not game.deal.over:
        position = next(p for p in range(4) if game.legal_actions(p))
        game.apply(PLAYER.choose(game.view(position)))


def play_game(game: Game) -> None:
    while True:
        play_hand(game)
        if game.finished:
            return
        game.apply(NEXT)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rotation_rounds_and_chips_over_a_whole_game(seed: int) -> None:
    game = Game("dmjl", seed=seed, players=["Ada", "Bo", "Cy", "Di"])
    play_game(game)
    history = game.history
    assert game.finished and game.rounds_done == 4
    east, prevailing, rotations = 0, Wind.EAST, 0
    for record in history:
        assert (record.east, record.prevailing) == (east, prevailing)
        east_won = record.winner == record.east
        if record.winner is not None and not east_won:
            east, rotations = (east + 1) % 4, rotations + 1  # the former South becomes East
            if rotations == 4:
                prevailing, rotations = Wind((prevailing + 1) % 4), 0
        assert sum(record.nets) == 0
    prevailing_seen = [r.prevailing for r in history]
    assert prevailing_seen == sorted(prevailing_seen)  # E, then S, W, N rounds, in order
    assert set(prevailing_seen) == set(Wind)
    assert sum(game.chips) == 4 * game.settings.initial_score
    assert game.chips == [2000 + sum(r.nets[p] for r in history) for p in range(4)]


def test_drawn_hand_and_east_win_keep_east() -> None:
    game = Game("dmjl", seed=5, players="ABCD")
    play_game(game)
    for before, after in zip(game.history, game.history[1:], strict=False):
        if before.winner is None or before.winner == before.east:
            assert after.east == before.east


def test_game_length_in_hands() -> None:
    game = Game("huabao", {"game_length": "hands:3"}, seed=9, players="ABCD")
    play_game(game)
    assert len(game.history) == 3 and game.finished
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(NEXT)


def test_next_hand_only_after_the_hand_ends() -> None:
    game = Game("dmjl", seed=1, players="ABCD")
    with pytest.raises(IllegalActionError, match="still being played"):
        game.apply(NEXT)


def test_game_replays_from_its_log() -> None:
    game = Game("dmjl", seed="club-night", players=["Ada", "Bo", "Cy", "Di"])
    play_hand(game)
    game.apply(NEXT)
    for _ in range(7):  # stop in the middle of the second hand
        position = next(p for p in range(4) if game.legal_actions(p))
        game.apply(PLAYER.choose(game.view(position)))
    again = Game.replay("dmjl", None, "club-night", ["Ada", "Bo", "Cy", "Di"], game.log)
    assert again.snapshot() == game.snapshot()


def test_seating_is_drawn_by_seeded_dice() -> None:
    orders = {Game("dmjl", seed=s, players="ABCD").names for s in range(30)}
    assert len(orders) > 5  # different seeds seat players differently
    assert Game("dmjl", seed=3, players="ABCD").names == Game("dmjl", seed=3, players="ABCD").names


def test_wrong_number_of_players() -> None:
    with pytest.raises(SettingError, match="played by 4 players; got 3"):
        Game("dmjl", players=["A", "B", "C"])


def test_views_hide_other_hands() -> None:
    game = Game("dmjl", seed=4, players="ABCD")
    public = game.view(None)
    assert public.concealed == () and public.drawn is None and public.legal == ()
    for position in range(4):
        view = game.view(position)
        wind = int(game.wind_of(position))
        own = sorted(KIND[t] for t in game.deal.seats[wind].concealed)
        shown = sorted([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
        assert shown == own
        assert [p.concealed_count for p in view.players] == [p.concealed_count for p in public.players]


class GameMachine(RuleBasedStateMachine):
    """Random legal and illegal actions; after every step every tile is in exactly one
    place, no view holds another seat's tiles, replay gives the same state, and the
    chips always sum to the starting total."""

    game: Game

    @initialize(
        seed=st.integers(0, 10_000),
        ruleset=st.sampled_from(sorted(RULESETS)),
        rng=st.randoms(use_true_random=False),
    )
    def start(self, seed: int, ruleset: str, rng: random.Random) -> None:
        # Any valid value of any setting: a setting the engine accepts must never break a hand.
        self.overrides = random_settings(rng, ruleset, max_hands=3)  # rumisberg: three players now and then
        self.players = players_for(self.overrides)
        self.game = Game(ruleset, self.overrides, seed=seed, players=self.players)
        self.ruleset = ruleset
        self.seed = seed

    @precondition(lambda self: not self.game.deal.over)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        choices = [a for p in range(4) for a in self.game.legal_actions(p)]
        action = data.draw(st.sampled_from(choices))
        self.game.apply(action)

    @precondition(lambda self: not self.game.deal.over)
    @rule(seat=st.integers(0, 3), kind=st.sampled_from(KINDS), tile=st.sampled_from(TILES[:34]))
    def any_move(self, seat: int, kind: ActionKind, tile: object) -> None:
        tiles = (tile, tile, tile) if kind in MULTI_TILE_KINDS else ()  # three alike: rarely held
        action = Action(Position(seat), kind, tile if kind in TILE_KINDS else None, tiles)  # type: ignore[arg-type]
        if action in self.game.legal_actions(seat):
            self.game.apply(action)
            return
        before = self.game.snapshot()
        with pytest.raises(IllegalActionError):
            self.game.apply(action)
        assert self.game.snapshot() == before

    @precondition(lambda self: self.game.deal.over and not self.game.finished)
    @rule()
    def next_hand(self) -> None:
        self.game.apply(NEXT)

    @precondition(lambda self: self.game.finished)
    @rule()
    def no_hand_after_the_end(self) -> None:
        before = self.game.snapshot()
        with pytest.raises(IllegalActionError, match="the game is over"):
            self.game.apply(NEXT)
        assert self.game.snapshot() == before

    @invariant()
    def every_tile_once(self) -> None:
        game = self.game
        assert sorted(game.deal.all_tiles()) == list(game.ruleset.tile_ids(game.settings))

    @invariant()
    def views_hold_only_own_tiles(self) -> None:
        deal = self.game.deal
        public = self.game.view(None)
        assert public.concealed == ()
        assert [p.vacant for p in public.players] == [p >= len(self.players) for p in range(4)]
        for position in range(4):
            view = self.game.view(position)
            wind = int(self.game.wind_of(position))
            shown = sorted([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
            assert shown == sorted(KIND[t] for t in deal.seats[wind].concealed)

    @invariant()
    def chips_sum_to_the_start(self) -> None:
        assert len(self.game.chips) == len(self.players)
        assert sum(self.game.chips) == len(self.players) * self.game.settings.initial_score
        for record in self.game.history:
            assert sum(record.nets) == 0

    @invariant()
    def replay_gives_the_same_state(self) -> None:
        again = Game.replay(self.ruleset, self.overrides, self.seed, self.players, self.game.log)
        assert again.snapshot() == self.game.snapshot()


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(max_examples=40, stateful_step_count=80, deadline=None)


class ThreePlayerMachine(GameMachine):
    """The same random play and invariants at a three-player rumisberg table (RULES.md §2.4.9)."""

    @initialize(seed=st.integers(0, 10_000), rng=st.randoms(use_true_random=False))
    def start(self, seed: int, rng: random.Random) -> None:  # type: ignore[override]
        self.overrides = random_settings(rng, "rumisberg", max_hands=4, players=3)
        self.players = players_for(self.overrides)
        self.game = Game("rumisberg", self.overrides, seed=seed, players=self.players)
        self.ruleset = "rumisberg"
        self.seed = seed


TestThreePlayerMachine = ThreePlayerMachine.TestCase
TestThreePlayerMachine.settings = settings(max_examples=15, stateful_step_count=120, deadline=None)


def test_simulate_command_runs_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "120", "--seed", "7", "--players", "Ada,Bo,Cy,Di", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 120 and report["errors"] == 0 and report["chips_sum"] == 0
    assert report["wins"] + report["draws"] == 120
    assert [s["player"] for s in report["seats"]] == ["Ada", "Bo", "Cy", "Di"]
    assert sum(s["wins"] for s in report["seats"]) == report["wins"]
    for seat in report["seats"]:  # per-hand figures agree with the totals
        assert seat["chips_per_hand"] == pytest.approx(seat["chips"] / 120, abs=0.005)
        assert seat["win_share"] == pytest.approx(seat["wins"] / 120, abs=0.00005)
        assert seat["chips_per_hand_se"] > 0


def test_simulate_prints_chips_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "12", "--seed", "7", "--players", "Ada,Bo,Cy,Di"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  Ada ")]
    assert len(lines) == 1 and "%)" in lines[0] and " ± " in lines[0] and lines[0].endswith(" per hand)")


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for _ in range(2):
        main(["simulate", "--hands", "30", "--seed", "3", "--ruleset", "huabao", "--json"])
        out = json.loads(capsys.readouterr().out)
        out.pop("seconds")
        outs.append(out)
    assert outs[0] == outs[1]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "A,B,C"], "played by 4 players"),
        (["--players", "A,A,B,C"], "must be different"),
        (["--hands", "0"], "at least 1"),
        (["--ruleset", "riichi"], "no ruleset"),
        (["--set", "game_length=forever"], "game_length"),
    ],
)
def test_simulate_bad_input(args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *args]) == 2
    assert fragment in capsys.readouterr().err


def test_engine_never_uses_the_global_random() -> None:
    state = random.getstate()
    game = Game("dmjl", seed=8, players="ABCD")
    play_hand(game)
    assert random.getstate() == state
    assert isinstance(MahjongError("x"), ValueError)


def test_a_finished_hand_keeps_its_seats_until_the_next_is_dealt() -> None:
    game = Game("dmjl", seed=12, players="ABCD")
    while True:
        winds_during = [p.wind for p in game.view(None).players]
        play_hand(game)
        record = game.history[-1]
        if record.winner is not None and record.winner != record.east:
            break
        game.apply(NEXT)
    view = game.view(None)
    assert view.sheet is not None and view.sheet.winner == record.winner
    assert [p.wind for p in view.players] == winds_during  # the score sheet shows the hand as played
    assert view.sheet.nets == record.nets
    game.apply(NEXT)
    assert game.wind_of(record.east) == Wind.NORTH  # East passed to the right: the old East is North


@pytest.mark.parametrize("seed", ["ci-1", "ci-2"])
def test_random_driver_finds_no_break(seed: str) -> None:
    """The audit's driver at a size that fits CI (``python -m tests.engine_driver`` runs it larger)."""
    report = drive(4000, seed)
    assert report.breaks == []
    assert report.legal > 2000 and report.illegal > 800 and report.hands >= 5


def _to_second_east(seed: int) -> Game:
    """A game whose East has moved on (the position of East is not 0)."""
    game = Game("dmjl", seed=seed, players="ABCD")
    while True:
        play_hand(game)
        game.next_hand()
        if game.east != 0:
            return game


def test_actions_and_events_speak_of_positions() -> None:
    game = _to_second_east(12)
    east = game.east
    assert game.to_act() == [east]
    action = game.legal_actions(east)[0]
    assert action.seat == east  # a position, whatever wind it holds
    assert game.line(action).startswith("E ")  # the log writes the hand's own notation
    events = game.apply(action)
    assert events[0].kind == EventKind.DISCARD and events[0].seat == east
    assert game.log[-1] == game.line(action)
    assert sorted(game.to_act()) == sorted(p for p in range(4) if p != east)
    may = {e.seat for e in events if e.kind == EventKind.MAY_CLAIM}
    for idle in game.idle_passes():
        assert idle.seat not in may and game.legal_actions(idle.seat) == [idle]
    view = game.view(None)
    assert view.version == game.version == len(game.log) and view.settings == game.settings


def test_private_events_are_visible_to_their_seat_only() -> None:
    game = Game("dmjl", seed=3, players="ABCD")
    seen = []
    while not game.deal.over:
        for idle in game.idle_passes():
            seen += game.apply(idle)
        if game.deal.over:
            break
        position = game.to_act()[0]
        seen += game.apply(PLAYER.choose(game.view(position)))
    draws = [e for e in seen if e.kind == EventKind.DRAW]
    assert draws and all(e.private and e.tile is not None for e in draws)
    assert all(not e.visible_to(None) and e.visible_to(e.seat) for e in draws)
    assert all(not e.visible_to((e.seat + 1) % 4) for e in draws if e.seat is not None)
    assert all(e.private for e in seen if e.kind in (EventKind.PASS, EventKind.MAY_CLAIM))
    assert seen[-1].kind == EventKind.HAND_ENDED or seen[-2].kind == EventKind.HAND_ENDED
    assert all("draw " not in str(e) for e in draws)  # a private event never prints its tile


def test_default_action_passes_or_discards_the_drawn_tile() -> None:
    game = Game("dmjl", seed=5, players="ABCD")
    for _ in range(60):
        if game.deal.over:
            break
        for position in game.to_act():
            default = game.default_action(position)
            legal = game.legal_actions(position)
            assert default in legal
            if any(a.kind is ActionKind.PASS for a in legal):
                assert default.kind is ActionKind.PASS
            elif game.deal.drawn is not None:
                assert default.kind is ActionKind.DISCARD and default.tile == KIND[game.deal.drawn]
            else:  # after a claim: a discard the normal computer player chose
                assert default.kind is ActionKind.DISCARD
        game.apply(game.default_action(game.to_act()[0]))
    with pytest.raises(IllegalActionError, match="nothing to do now"):
        game.default_action(next(p for p in range(4) if p not in game.to_act()))


def test_hand_transfers_are_by_position() -> None:
    game = _to_second_east(12)
    record = game.history[-1]
    nets = [0, 0, 0, 0]
    for t in record.transfers:
        nets[t.payer] -= t.amount
        nets[t.payee] += t.amount
    assert tuple(nets) == record.nets
    assert record.winner is None or any(t.payee == record.winner for t in record.transfers)
