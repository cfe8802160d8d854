"""Wikibooks' riichi at the beginning of the turn (RULES.md §2.3.6, 001 «Riichi») and the robbing
window of a concealed kong (001 «Die Dreizehn Waisen»): the computer players, the hint, the
terminal and the bot's card, and stored logs written before either rule was played so."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.i18n import text
from bot.presenter import action_label, riichi_step
from bot.storage import Storage
from bot.table import Seat, Table
from cli.play_cmd import _move, _your_move
from engine.actions import Action, ActionKind
from engine.ai.hints import hint
from engine.ai.player import AIPlayer
from engine.deal import ROBBING, Deal
from engine.errors import IllegalActionError
from engine.game import NEXT, Game
from engine.seats import Position
from engine.views import Phase
from tests.test_bot_table import PERSON, FakePresenter, wait_for

S = 1
RIICHI: dict[str, object] = {"riichi": True, "wall_reserve": 0}
# South, ready before his draw (234p 567p 999s 11z 67s waits on 5s or 8s), begins his turn
# after East's first discard (tests/test_flows_wikibooks_rumisberg.py).
HANDS = [
    "2m 5m 8m 3p 6p 9p 2s 3s 8s 2z 3z 5z 6z 7z",
    "234p 567p 999s 11z 67s",
    "1z 1m 4m 7m 2p 8p 2s 5s 8s 3z 4z 6z 9m",
    "3m 6m 9m 1p 4p 7p 1s 4s 7s 2z 4z 6z 7z",
]


def at_the_riichi_decision() -> Deal:
    deal = Deal.arranged(HANDS, live="7z 1m 4m 7m 9s", ruleset="wikibooks", settings=RIICHI, fill=False)
    deal.apply("E discard 2m")
    for idle in deal.idle_passes():
        deal.apply(idle)
    assert [str(a) for a in deal.legal_actions(S)] == ["S riichi", "S pass"]
    return deal


def test_the_notation_of_riichi_reads_both_ways() -> None:
    """``S riichi`` now; ``S riichi 5p`` as old logs wrote it."""
    assert str(Action.parse("S riichi")) == "S riichi" and Action.parse("S riichi").tile is None
    assert str(Action.parse("S riichi 5p")) == "S riichi 5p"


def test_computer_players_and_the_hint_decide_riichi_before_the_draw() -> None:
    deal = at_the_riichi_decision()
    view = deal.view(S)
    # Five winning tiles unseen (5s 8s): easy, which weighs no values, declares on the count.
    assert AIPlayer("easy", seed="t").choose(view) == Action(Position(S), ActionKind.RIICHI)
    # A cheap hand with five tiles left in the wall: the double is not worth the stake at risk
    # (riichi_worth, tests/test_ai_declare.py); normal, strong and the hint draw without.
    for level in ("normal", "strong"):
        assert AIPlayer(level, seed="t").choose(view) == Action(Position(S), ActionKind.PASS)
    advice = hint(view, settings=deal.settings)
    assert advice.action == Action(Position(S), ActionKind.PASS)
    assert advice.text.startswith("Draw without declaring riichi") and "waiting on" in advice.text
    assert hint(view, settings=deal.settings, lang="de").text.startswith("Ziehen, ohne Riichi anzusagen")


def test_computer_players_play_riichi_games_to_the_end() -> None:
    """Games with riichi on, every seat a computer player: declarations happen and every move
    they choose is legal (Game.apply would raise otherwise)."""
    declared = 0
    for seed in range(4):
        game = Game("wikibooks", {"riichi": True, "game_length": "hands:4"}, seed=seed)
        players = [AIPlayer("normal", seed=f"{seed}:{p}") for p in range(4)]
        while not game.finished:
            if game.deal.over:
                game.apply(NEXT)
                continue
            for idle in game.idle_passes():
                game.apply(idle)
            if game.deal.over:
                continue
            position = game.to_act()[0]
            action = players[position].choose(game.view(position))
            declared += action.kind is ActionKind.RIICHI
            game.apply(action)
    assert declared > 0


def test_the_terminal_offers_riichi_at_the_beginning_of_the_turn() -> None:
    deal = at_the_riichi_decision()
    out = io.StringIO()
    chosen = _your_move(deal.view(S), io.StringIO("riichi\n"), out, deal.settings)
    assert chosen == Action(Position(S), ActionKind.RIICHI)
    shown = out.getvalue()
    assert (
        "Your turn begins and your hand is one tile from Mah-Jongg: declare riichi before you draw" in shown
    )
    assert f" 1. {_move(Action(Position(S), ActionKind.RIICHI))}" in shown and " 2. pass" in shown
    assert _your_move(deal.view(S), io.StringIO("2\n"), io.StringIO(), deal.settings) == Action(
        Position(S), "pass"
    )


def test_the_bot_card_names_the_riichi_decision_in_both_languages() -> None:
    deal = at_the_riichi_decision()
    legal = list(deal.view(S).legal)
    assert riichi_step(legal) and not riichi_step([Action(Position(S), ActionKind.PASS)])
    assert [action_label(a, "en") for a in legal[:1]] == ["Declare riichi"]
    assert [action_label(a, "de") for a in legal[:1]] == ["Riichi ansagen"]
    assert (
        text("riichi_pass", "en") == "Draw without riichi"
        and text("riichi_pass", "de") == "Ohne Riichi ziehen"
    )
    assert "declare riichi before you draw" in text("card_riichi", "en", stake=200)
    assert "sage vor dem Ziehen Riichi an" in text("card_riichi", "de", stake=200)


async def test_the_bot_card_asks_for_the_riichi_decision() -> None:
    """The person whose turn begins at the riichi decision gets a card that says so, with
    **Declare riichi**, **Draw without riichi** and **Hint** (English and German)."""
    import discord

    from bot.presenter import DiscordPresenter
    from bot.table import Seat, Table

    game = Game("wikibooks", RIICHI, seed=1, players=["a", "b", "c", "d"])
    game.deal = at_the_riichi_decision()
    table = Table(
        guild_id=1,
        channel_id=10,
        owner_id=1,
        ruleset="wikibooks",
        overrides=dict(RIICHI),
        storage=None,  # type: ignore[arg-type]
        presenter=None,  # type: ignore[arg-type]
        seats=[Seat(None, name) for name in "abcd"],
        game=game,
    )

    def shown(layout: discord.ui.LayoutView) -> tuple[list[str], list[str]]:
        texts: list[str] = []
        labels: list[str] = []

        def walk(item: object) -> None:
            for child in getattr(item, "children", []):
                if isinstance(child, discord.ui.TextDisplay):
                    texts.append(child.content)
                inner = getattr(child, "item", None)
                if isinstance(inner, discord.ui.Button) and inner.label:
                    labels.append(inner.label)
                walk(child)

        walk(layout)
        return texts, labels

    for lang, prompt, labels in (
        (
            "en",
            "declare riichi before you draw (a stick of 200",
            ["Declare riichi", "Draw without riichi", "Hint"],
        ),
        (
            "de",
            "sage vor dem Ziehen Riichi an (ein Stäbchen zu 200",
            ["Riichi ansagen", "Ohne Riichi ziehen", "Tipp"],
        ),
    ):
        layout, _ = await DiscordPresenter(None).card(table, game.position_of(S), lang)  # type: ignore[arg-type]
        texts, seen = shown(layout)
        assert any(prompt in t for t in texts) and seen == labels


def _played(seed: int) -> tuple[Game, list[str]]:
    """A wikibooks game with riichi played by computer players, and its log as the engine
    wrote it before riichi was declared at the beginning of the turn and before a concealed
    kong could be robbed: no line for the decision before the draw, the declaration named with
    the tile discarded after it (``S riichi 5p``), no passes for a concealed kong."""
    game = Game("wikibooks", {"riichi": True, "game_length": "hands:4"}, seed=seed)
    players = [AIPlayer("normal", seed=f"{seed}:{p}") for p in range(4)]
    old: list[str] = []
    riichi_line: str | None = None
    while not game.finished:
        if game.deal.over:
            game.apply(NEXT)
            old.append(NEXT)
            continue
        for idle in game.idle_passes():
            concealed_window = game.deal.phase == ROBBING and game.deal.rob_concealed
            game.apply(idle)
            if not concealed_window:
                old.append(game.log[-1])
        if game.deal.over:
            continue
        position = game.to_act()[0]
        view = game.view(position)
        step = riichi_step(list(view.legal))
        concealed_window = game.deal.phase == ROBBING and game.deal.rob_concealed
        action = players[position].choose(view)
        game.apply(action)
        line = game.log[-1]
        if step and action.kind is ActionKind.RIICHI:
            riichi_line = line
        elif riichi_line is not None and action.kind is ActionKind.DISCARD:
            old.append(f"{riichi_line} {line.split()[-1]}")
            riichi_line = None
        elif riichi_line is not None:  # won on the tile drawn: no discard, no declaration then
            old.append(line)
            riichi_line = None
        elif not step and not concealed_window:
            old.append(line)
    return game, old


def test_a_stored_log_of_the_old_rules_replays_to_the_same_game() -> None:
    found = {"riichi": 0, "skipped": 0}
    for seed in range(8):
        game, old = _played(seed)
        found["riichi"] += sum(1 for line in old if " riichi " in line)
        found["skipped"] += len(game.log) - len(old)
        again = Game.replay("wikibooks", {"riichi": True, "game_length": "hands:4"}, seed, game.names, old)
        assert again.log == old  # the log is kept as it was stored
        assert again.chips == game.chips and again.centre == game.centre
        assert [h.nets for h in again.history] == [h.nets for h in game.history]
        assert [h.winner for h in again.history] == [h.winner for h in game.history]
        if found["riichi"] >= 2:
            break
    assert found["riichi"] >= 2 and found["skipped"] > 0


def test_an_old_log_without_passes_after_a_concealed_kong_replays() -> None:
    """Before a concealed kong opened a robbing window, the line after one was its player's
    next move: replayed, the window closes unlogged (everyone passes) and the move applies."""
    hands = ["1111m 234p 567s 22z 89m", "23m 456p 789p 123s 99s", "2s", "3s"]

    def arranged() -> Deal:
        return Deal.arranged(
            hands, live="4p 5p", dead="6p 7p 8p 8p", ruleset="wikibooks", settings=RIICHI, fill=False
        )

    deal = arranged()
    deal.apply("E concealed-kong 1m", replaying=True)
    assert deal.phase == ROBBING
    deal.apply("E discard 6p", replaying=True)  # the replacement tile, drawn after the window
    assert [str(a) for a in deal.log] == ["E concealed-kong 1m", "E discard 6p"]
    assert deal.seats[0].melds[0].meld.kind.name == "KONG" and deal.discard is not None
    live = arranged()
    live.apply("E concealed-kong 1m")
    with pytest.raises(IllegalActionError, match="the other players answer East's kong first"):
        live.apply("E discard 6p")  # live play keeps to the window


def test_the_table_does_not_learn_who_is_asked_about_riichi() -> None:
    """Only a ready hand is asked before its draw: to everyone but him the seat shows as having
    drawn (14 tiles, one tile fewer in the live wall), as at any other turn, so the public view
    at the decision is the one after it."""
    deal = at_the_riichi_decision()
    others = [None, 0, 2, 3]
    asked = {p: deal.view(p) for p in others}
    mine = deal.view(S)
    assert mine.players[S].concealed_count == 13 and mine.drawn is None  # he has not drawn
    deal.apply("S pass")  # draws without riichi
    for p in others:
        after = deal.view(p)
        assert [v.concealed_count for v in asked[p].players] == [v.concealed_count for v in after.players]
        assert asked[p].wall_live == after.wall_live and asked[p].turn == after.turn
    assert asked[None].players[S].concealed_count == 14


async def test_a_persons_riichi_decision_keeps_the_turns_time(tmp_path: Path) -> None:
    """The decision before the draw is part of the turn: the countdown the table shows goes on
    after it instead of starting again (a fresh countdown would tell everyone the hand was
    ready), and a time-out there plays the turn's default (the drawn tile) at once."""
    for declare in (True, False):
        async with Storage(tmp_path / f"{declare}.sqlite3") as storage:
            game = Game("wikibooks", RIICHI, seed=1, players=["a", "b", "c", "d"])
            game.deal = at_the_riichi_decision()
            me = game.position_of(S)
            seats = [Seat(None, name) for name in "abcd"]
            seats[game.order[me]] = Seat(PERSON, "b")
            clock = ManualClock()
            table = Table(
                1,
                10,
                PERSON,
                "wikibooks",
                dict(RIICHI),
                storage,
                FakePresenter(),  # type: ignore[arg-type]
                seats=seats,
                pace=0.0,
                turn_seconds=60.0,
                claim_seconds=15.0,
                claim_min_seconds=0.0,
                clock=clock,
            )
            record = await storage.create_game(
                1,
                10,
                [s.stored for s in seats],
                1,
                actor_id=PERSON,
                ruleset="wikibooks",
                overrides=dict(RIICHI),
            )
            for seq, done in enumerate(game.deal.log, 1):  # East's discard and the passes after it
                await storage.append_action(record.game_id, 1, seq, done.line())
            table.resume(record.game_id, game)
            await wait_for(lambda t=table: t.deadline is not None)
            started, asked = clock(), len(game.deal.log)
            assert table.deadline == started + 60.0
            clock.advance(20.0)
            if declare:
                assert await table.act(PERSON, Action(Position(me), ActionKind.RIICHI), game.version) is None
                await wait_for(lambda g=game: g.deal.drawn is not None)
                assert table.deadline == started + 60.0  # the same countdown goes on
            else:
                clock.advance(41.0)  # the time runs out at the decision
                await wait_for(lambda g=game: g.deal.turn != S or g.deal.phase != Phase.TURN)
                passed, discarded = game.deal.log[asked : asked + 2]
                assert passed == Action.parse("S pass") and discarded.seat == S
                assert discarded.kind is ActionKind.DISCARD  # the drawn tile, in the same step
            await table.stop()


async def test_a_computers_riichi_decision_takes_no_pace(tmp_path: Path) -> None:
    """A computer asked about riichi decides at once and draws: waiting the pace there as well
    would make a ready computer's turn one pace longer than anyone else's."""
    async with Storage(tmp_path / "db.sqlite3") as storage:
        game = Game("wikibooks", RIICHI, seed=1, players=["a", "b", "c", "d"])
        game.deal = at_the_riichi_decision()
        seats = [Seat(None, name) for name in "abcd"]
        seats[game.order[game.position_of(3)]] = Seat(PERSON, "d")  # a person sits North
        clock = ManualClock()
        table = Table(
            1, 10, PERSON, "wikibooks", dict(RIICHI), storage, FakePresenter(),  # type: ignore[arg-type]
            seats=seats, pace=5.0, turn_seconds=60.0, claim_seconds=15.0, claim_min_seconds=0.0, clock=clock,
        )  # fmt: skip
        record = await storage.create_game(
            1, 10, [s.stored for s in seats], 1, actor_id=PERSON, ruleset="wikibooks", overrides=dict(RIICHI)
        )
        for seq, done in enumerate(game.deal.log, 1):
            await storage.append_action(record.game_id, 1, seq, done.line())
        asked = len(game.deal.log)
        table.resume(record.game_id, game)
        await wait_for(lambda: len(game.deal.log) > asked)  # the clock has not moved
        assert game.deal.log[asked].kind in (ActionKind.RIICHI, ActionKind.PASS)
        assert game.deal.drawn is not None and len(game.deal.log) == asked + 1  # the discard waits
        await table.stop()
