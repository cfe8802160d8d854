"""The table without Discord: lobby, computer players, a person's moves, the claim
window's minimum, time-outs, the ledger and the stored log (a fake presenter
records what would be shown)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.restore import rebuild_game
from bot.storage import Storage
from bot.table import MAX_EXPIRIES, Table, TableError
from engine.actions import Action
from engine.players import SimplePlayer
from engine.seats import Position
from engine.views import Phase

PERSON = 111
OTHER = 222


class FakePresenter:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    async def table_changed(self, table: Table) -> None:
        self.calls.append(("changed", None))

    async def hand_started(self, table: Table) -> None:
        self.calls.append(("started", None))

    async def hand_ended(self, table: Table) -> None:
        self.calls.append(("ended", None))

    async def seat_to_move(self, table: Table, position: int) -> None:
        self.calls.append(("move", position))

    async def table_closed(self, table: Table, reason: str) -> None:
        self.calls.append(("closed", reason))

    async def storage_failed(self, table: Table, reason: str, seconds: float) -> None:
        self.calls.append(("storage_failed", reason))

    async def storage_recovered(self, table: Table) -> None:
        self.calls.append(("storage_recovered", None))


def make_table(storage: Storage, **times: float) -> Table:
    """A table whose timers run on a clock the test moves (``table.clock.advance``)."""
    values = {"pace": 0.0, "turn_seconds": 60.0, "claim_seconds": 15.0, "claim_min_seconds": 0.0, **times}
    return Table(
        1,
        10,
        PERSON,
        "dmjl",
        {},
        storage,
        FakePresenter(),
        clock=ManualClock(),
        **values,  # type: ignore[arg-type]
    )


def clock_of(table: Table) -> ManualClock:
    assert isinstance(table.clock, ManualClock)
    return table.clock


async def wait_for(predicate: object, timeout: float = 120.0) -> None:
    """Run the loop until ``predicate()`` holds; no timer of the table runs meanwhile (its
    clock stands still), so only the bot's work is waited for. ``timeout`` only stops a hang."""

    async def loop() -> None:
        while not predicate():  # type: ignore[operator]
            await asyncio.sleep(0.001)

    await asyncio.wait_for(loop(), timeout)


def test_lobby_rules() -> None:
    table = Table(1, 10, PERSON, "dmjl", {}, None, FakePresenter())  # type: ignore[arg-type]
    table.join(PERSON, "Ada")
    with pytest.raises(TableError) as err:
        table.join(PERSON, "Ada")
    assert err.value.key == "already_seated"
    for _ in range(3):
        table.add_computer()
    with pytest.raises(TableError) as err:
        table.add_computer()
    assert err.value.key == "table_full"
    table.join(OTHER, "Bo")  # a person takes a computer's seat
    assert [s.user_id for s in table.seats].count(None) == 2
    table.leave_lobby(OTHER)
    assert table.seat_of(OTHER) is None


async def test_a_person_plays_a_hand_against_computers(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage)
        table.join(PERSON, "Ada")
        await table.start(seed=7)
        game = table.game
        assert game is not None
        me = table.position_of(PERSON)
        assert me is not None
        player = SimplePlayer()

        def asked() -> bool:  # a seat with nothing but a pass is not asked: the table passes for it
            return me in game.to_act() and [a.kind for a in game.legal_actions(me)] != ["pass"]

        while not game.deal.over:
            await wait_for(lambda: game.deal.over or asked())
            if game.deal.over:
                break
            view = game.view(me)
            assert await table.act(PERSON, player.choose(view), view.version) is None
        await wait_for(lambda: ("ended", None) in table.presenter.calls)  # type: ignore[attr-defined]
        record = await storage.load_game(table.game_id or 0)
        assert rebuild_game(record).snapshot() == game.snapshot()  # the stored log replays the game
        check = await storage.check_ledger(1)
        assert check.ok
        record_hand = game.history[-1]
        start = await storage.balance(1, OTHER)  # someone who did not play has the starting chips
        assert await storage.balance(1, PERSON) == start + record_hand.nets[me]  # booked once, in the ledger


async def test_refusals_change_nothing(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage, turn_seconds=3600)
        table.join(PERSON, "Ada")
        table.join(OTHER, "Bo")
        await table.start(seed=3)
        game = table.game
        assert game is not None
        await wait_for(lambda: any(not table.seat_at(p).computer for p in game.to_act()))
        mover = next(p for p in game.to_act() if not table.seat_at(p).computer)
        user = table.seat_at(mover).user_id
        other = OTHER if user == PERSON else PERSON
        before = game.snapshot()
        action = game.legal_actions(mover)[0]
        assert await table.act(999, action, game.version) == "not_seated"
        assert await table.act(user or 0, action, game.version - 1) == "stale"
        if game.deal.phase == Phase.TURN:
            assert await table.act(other, action, game.version) == "not_your_turn"
        assert game.snapshot() == before
        await table.stop()


async def test_time_outs_play_the_default_and_a_computer_sits_in(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage, turn_seconds=10.0, claim_seconds=10.0)
        clock = clock_of(table)
        table.join(PERSON, "Ada")
        await table.start(seed=5)
        game = table.game
        assert game is not None
        seat = table.seats[table.seat_of(PERSON) or 0]
        for _ in range(MAX_EXPIRIES * 2):
            # the table waits for the person (a deadline still to come) or is done
            await wait_for(lambda: seat.away or game.deal.over or (table.deadline or 0.0) > clock())
            if seat.away or game.deal.over:
                break
            version = game.version
            clock.advance(9.5)
            for _ in range(50):
                await asyncio.sleep(0)
            assert game.version == version  # not before the time is up
            clock.advance(0.5)
            await wait_for(lambda v=version: game.version > v)  # type: ignore[misc]
        assert seat.away or game.deal.over
        if seat.away:
            assert seat.expiries >= MAX_EXPIRIES
            assert await table.come_back(PERSON)
            assert not seat.away
        await table.stop()


async def test_claim_answers_wait_for_the_window_minimum(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage, claim_min_seconds=5.0, turn_seconds=3600)
        clock = clock_of(table)
        table.join(PERSON, "Ada")
        await table.start(seed=11)
        game = table.game
        assert game is not None
        me = table.position_of(PERSON)
        await wait_for(lambda: me in game.to_act() or game.deal.over)
        # Walk the game until a claim window where the person must answer.
        player = SimplePlayer()
        for _ in range(200):
            await wait_for(lambda: me in game.to_act() or game.deal.over)
            if game.deal.over:
                break
            if game.deal.phase == Phase.CLAIMS:
                version = game.version
                answer = Action(Position(me), "pass")
                assert await table.act(PERSON, answer, version) is None
                assert game.version == version  # held: nothing is applied before the minimum
                assert table.held
                clock.advance(6.0)  # wakes the table
                await wait_for(lambda v=version: game.version > v)  # type: ignore[misc]
                break
            view = game.view(me)
            await table.act(PERSON, player.choose(view), view.version)
            clock.advance(6.0)
        await table.stop()


def test_env_example_lists_every_variable_and_reads_back() -> None:
    from bot.config import BotConfig, read_env_file

    values = read_env_file(Path(__file__).parent.parent / ".env.example")
    config = BotConfig.from_env(values, env_file=None)
    assert config.token == "" and config.turn_seconds == 60 and config.claim_min_seconds == 2
    names = {"token": "DISCORD_TOKEN", "database": "MAHJONG_DB"}
    for name in BotConfig.__dataclass_fields__:
        assert names.get(name, f"MAHJONG_{name.upper()}") in values, name


async def test_a_persons_move_gives_the_next_window_its_own_time(tmp_path: Path) -> None:
    """After a person's discard the claim window counts its time from that discard: it once
    kept the deadline of the wait before, so after a slow turn another person had no time
    to claim and was timed out at once."""
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage, claim_seconds=15.0, turn_seconds=60.0)
        clock = clock_of(table)
        table.join(PERSON, "Ada")
        table.join(OTHER, "Bo")
        await table.start(seed=8)
        game = table.game
        assert game is not None

        def person_turn() -> bool:
            return game.deal.phase == Phase.TURN and not table.seat_at(game.to_act()[0]).computer

        await wait_for(lambda: person_turn() and table.deadline is not None)
        mover = game.to_act()[0]
        clock.advance(40.0)  # a slow turn
        view = game.view(mover)
        assert (
            await table.act(table.seat_at(mover).user_id or 0, SimplePlayer().choose(view), view.version)
            is None
        )
        await wait_for(lambda: table.deadline is not None)
        other = next(p for p in game.to_act() if not table.seat_at(p).computer)  # may claim the discard
        assert game.deal.phase == Phase.CLAIMS and other != mover
        assert table.deadline == clock() + 15.0 and all(s.expiries == 0 for s in table.seats)
        await table.stop()


async def test_a_second_answer_after_the_window_minimum_replaces_the_held_one(tmp_path: Path) -> None:
    """A person answers while the claim window is young (held), then clicks again once its
    minimum has passed but before the table applied the held answer: the second answer is the
    person's answer, applied once (the held one was applied after it, and the table died)."""
    async with Storage(tmp_path / "db.sqlite3") as storage:
        table = make_table(storage, claim_min_seconds=5.0, turn_seconds=3600)
        clock = clock_of(table)
        table.join(PERSON, "Ada")
        await table.start(seed=11)
        game = table.game
        assert game is not None
        me = table.position_of(PERSON)
        assert me is not None
        player = SimplePlayer()
        for _ in range(200):
            await wait_for(lambda: me in game.to_act() or game.deal.over)
            assert not game.deal.over, "no claim window for the person"
            view = game.view(me)
            if game.deal.phase == Phase.CLAIMS:
                assert await table.act(PERSON, Action(Position(me), "pass"), view.version) is None
                assert table.held and game.version == view.version
                clock.advance(6.0)  # the minimum has passed; the table has not run yet
                assert await table.act(PERSON, Action(Position(me), "pass"), view.version) is None
                assert game.version == view.version + 1 and not table.held  # applied once
                await wait_for(lambda v=view.version: table.closed or game.version > v + 1)  # type: ignore[misc]
                assert not table.closed
                break
            await table.act(PERSON, player.choose(view), view.version)
        await table.stop()
