"""Cancellation (issue 9, finding 1): a storage call cancelled at any await point is atomic.

aiosqlite runs each statement on the connection's own thread; a cancelled ``await`` does not stop
a statement already handed to it. Every await the storage makes on the connection or a cursor
goes through ``Connection._execute``, so :class:`CancelAt` wraps it and cancels a task at the
N-th one, for every N a call has. Two ways:

* ``caller``: the task that called the storage is cancelled (an interaction handler timing out);
* ``runner``: the task running the statement is cancelled (whatever task that is: the caller in
  a naive design, the transaction's own task in ours, e.g. when the event loop shuts down).

After each cut: the caller saw the cancellation, the connection is outside any transaction, what
is committed (read by a second connection) is the state before the call or after the whole call,
never a part of it, and the next write works. What a call that returned normally wrote survives a
SIGKILL: see ``test_sigkill_with_cancelled_calls_loses_nothing_acknowledged`` in
tests/test_storage_crash.py.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest

from bot.storage import Payment, Storage

G, ADA, BO, CY = 1, 11, 12, 13
LIVE, SETTLED = 1, 2  # game ids in the template: a hand in play, a hand finished

Call = Callable[[Storage], Awaitable[object]]

WRITES: dict[str, Call] = {
    "buy_in": lambda s: s.buy_in(G, ADA, 50, reason="Friday"),
    "adjust": lambda s: s.adjust(G, BO, -20, actor_id=99, reason="miscounted"),
    "transfer": lambda s: s.transfer(G, ADA, CY, 30),
    "new_season": lambda s: s.new_season(G, starting_chips=500, name="Spring"),
    "current_season": lambda s: s.current_season(2),  # opens season 1 of a new server
    "set_ruleset": lambda s: s.set_ruleset(G, "huabao", channel_id=10, actor_id=5),
    "set_house_rule": lambda s: s.set_house_rule(G, "mj_bonus", "30", actor_id=5),
    "clear_house_rule": lambda s: s.clear_house_rule(G, "limit", actor_id=5),
    "set_club_option": lambda s: s.set_club_option(G, "allow_negative_balance", False, actor_id=5),
    "remember_player": lambda s: s.remember_player(BO, "Bo"),
    "set_language": lambda s: s.set_language(ADA, "de"),
    "create_game": lambda s: s.create_game(G, 30, [ADA, BO, CY, "ai:easy"], 5),
    "append_action": lambda s: s.append_action(LIVE, 1, 3, "E discard 1m"),
    "finish_hand": lambda s: s.finish_hand(
        LIVE, 1, result="E wins", payments=[Payment(1, 0, 8), Payment(2, 0, 8)], last_seq=2
    ),
    "start_hand": lambda s: s.start_hand(SETTLED, 2),
    "end_game": lambda s: s.end_game(LIVE, abandoned=True, reason="left"),
}

READS: dict[str, Call] = {
    "balance": lambda s: s.balance(G, ADA),
    "balances": lambda s: s.balances(G),
    "transactions": lambda s: s.transactions(G, user_id=ADA),
    "check_ledger": lambda s: s.check_ledger(G),
    "seasons": lambda s: s.seasons(G),
    "club_options": lambda s: s.club_options(G),
    "table_rules": lambda s: s.table_rules(G, 10),
    "settings_history": lambda s: s.settings_history(G),
    "get_player": lambda s: s.get_player(ADA),
    "load_game": lambda s: s.load_game(SETTLED),
    "load_unfinished_games": lambda s: s.load_unfinished_games(),
    "export_ledger_csv": lambda s: s.export_ledger_csv(G),
    "export_hands_csv": lambda s: s.export_hands_csv(G),
    "schema_version": lambda s: s.schema_version(),
    "integrity_check": lambda s: s.integrity_check(),
}


def fixed_clock() -> datetime:
    return datetime(2025, 1, 1, 12, tzinfo=UTC)  # the same state whichever run wrote it


async def _fill(path: Path) -> None:
    async with Storage(path, clock=fixed_clock) as s:
        await s.set_club_option(G, "allow_member_transfers", True)
        await s.set_house_rule(G, "limit", 300)
        await s.remember_player(ADA, "Ada")
        await s.buy_in(G, ADA, 100)
        live = await s.create_game(G, 10, [ADA, BO, "ai:easy", "ai:normal"], 1)
        await s.append_action(live.game_id, 1, 1, "E discard 5p")
        await s.append_action(live.game_id, 1, 2, "S pass")
        settled = await s.create_game(G, 20, [CY, ADA, "ai:easy", "ai:easy"], 2)
        await s.finish_hand(settled.game_id, 1, result="draw", payments=[Payment(0, 1, 4)])
        assert (live.game_id, settled.game_id) == (LIVE, SETTLED)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "db.sqlite3"
    asyncio.run(_fill(path))
    return path


def committed(path: Path) -> str:
    """Everything committed in the file, as a second connection reads it."""
    con = sqlite3.connect(path)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


class CancelAt:
    """Count the awaits on a connection (every one goes through ``Connection._execute``) and
    cancel a task at the ``n``-th: the caller's task (``caller``) or the task making that await
    (``runner``). The statement itself still runs: aiosqlite has already queued it."""

    def __init__(self, storage: Storage, n: int, mode: str) -> None:
        # the writer's connection and the reads' own (issue 30): the awaits on both are counted
        self.dbs: list[Any] = [
            db
            for db in (cast(Any, storage._backend)._db, cast(Any, storage._backend)._reader)
            if db is not None
        ]
        self.n, self.mode, self.count = n, mode, 0
        self.caller: asyncio.Task[Any] | None = None

    def _counting(self, real: Callable[..., Any]) -> Callable[..., Any]:
        async def _execute(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            if self.count == self.n:
                target = self.caller if self.mode == "caller" else asyncio.current_task()
                assert target is not None
                target.cancel()
            return await real(fn, *args, **kwargs)

        return _execute

    def __enter__(self) -> CancelAt:
        for db in self.dbs:
            db._execute = self._counting(db._execute)
        return self

    def __exit__(self, *exc: object) -> None:
        for db in self.dbs:
            del db._execute  # back to the class's method


async def _run(path: Path, call: Call, n: int, mode: str) -> tuple[str, int, str]:
    """One call on a fresh copy of the template, cut at the ``n``-th await (0: never); returns how
    it ended (``returned`` or ``cancelled``), how many awaits it made and what was committed."""
    async with Storage(path, clock=fixed_clock, synchronous="NORMAL") as storage:
        with CancelAt(storage, n, mode) as cut:
            task = asyncio.get_running_loop().create_task(call(storage))
            cut.caller = task
            try:
                await task
                ended = "returned"
            except asyncio.CancelledError:
                ended = "cancelled"
        for db in (cast(Any, storage._backend)._db, cast(Any, storage._backend)._reader):
            assert db is not None and not db.in_transaction, f"a transaction was left open at await {n}"
        state = committed(path)
        # The next write works, and commits (a second connection sees it).
        await storage.remember_player(777, "next")
        assert "'next'" in committed(path)
    return ended, cut.count, state


async def _every_await_point(template: Path, tmp_path: Path, call: Call) -> None:
    def fresh() -> Path:
        path = tmp_path / "db.sqlite3"
        for stale in tmp_path.glob("db.sqlite3*"):
            stale.unlink()
        shutil.copyfile(template, path)
        return path

    before = committed(template)
    ended, awaits, after = await _run(fresh(), call, 0, "caller")
    assert ended == "returned" and awaits >= 3
    for mode in ("caller", "runner"):
        for n in range(1, awaits + 1):
            ended, _, state = await _run(fresh(), call, n, mode)
            assert ended == "cancelled", f"{mode} cancelled at await {n} of {awaits}: not passed on"
            assert state in (before, after), f"{mode} cancelled at await {n} of {awaits}: a part committed"


@pytest.mark.parametrize("name", WRITES)
async def test_a_write_cancelled_at_any_await_commits_all_or_nothing(
    template: Path, tmp_path: Path, name: str
) -> None:
    await _every_await_point(template, tmp_path, WRITES[name])


@pytest.mark.parametrize("name", READS)
async def test_a_read_cancelled_at_any_await_leaves_no_transaction_open(
    template: Path, tmp_path: Path, name: str
) -> None:
    await _every_await_point(template, tmp_path, READS[name])


async def test_the_template_covers_what_the_calls_need(template: Path, tmp_path: Path) -> None:
    """Every write changes the database (so 'before or after' is a real choice) and no call fails."""
    before = committed(template)
    for name, call in WRITES.items():
        path = tmp_path / f"{name}.sqlite3"
        shutil.copyfile(template, path)
        ended, _, after = await _run(path, call, 0, "caller")
        assert ended == "returned" and after != before, name


async def test_a_cancelled_call_gives_way_to_the_next_at_once(tmp_path: Path) -> None:
    """Timed-out reads and writes among many tables: every call that returned is there, in order."""
    async with Storage(tmp_path / "db.sqlite3") as storage:
        game = await storage.create_game(G, 10, [ADA, BO, "ai:easy", "ai:easy"], 1)
        acked: list[str] = []
        for i in range(60):
            action = f"E discard {i % 9 + 1}p"
            reader = asyncio.ensure_future(storage.balance(G, ADA))
            writer = asyncio.ensure_future(storage.append_action(game.game_id, 1, len(acked) + 1, action))
            buyer = asyncio.ensure_future(storage.buy_in(G, BO, 1))
            for _ in range(i % 4):
                await asyncio.sleep(0)
            for task in (reader, writer, buyer)[i % 3 :]:
                task.cancel()
            await asyncio.gather(reader, writer, buyer, return_exceptions=True)
            stored = (await storage.load_game(game.game_id)).actions
            if not writer.cancelled():
                assert writer.exception() is None
            if len(stored) > len(acked):  # committed, whether or not the caller heard of it
                acked.append(action)
            assert stored == tuple(acked)
        assert 0 < len(acked) < 60
        assert (await storage.check_ledger()).ok


class SlowAt:
    """Make the ``n``-th await on a connection slow (0: none): its statement sleeps ``seconds`` on
    the connection's thread before it runs, as a large transaction or a busy disk would; ``started``
    is set when it is handed to the thread. Counts the awaits like :class:`CancelAt`."""

    def __init__(self, storage: Storage, n: int, seconds: float = 0.0) -> None:
        self.db = cast(Any, cast(Any, storage._backend)._db)
        self.n, self.seconds, self.count = n, seconds, 0
        self.started = asyncio.Event()
        self.real = self.db._execute

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.count += 1
        if self.count != self.n:
            return await self.real(fn, *args, **kwargs)
        seconds = self.seconds

        def slow(*a: Any, **kw: Any) -> Any:
            time.sleep(seconds)
            return fn(*a, **kw)

        self.started.set()
        return await self.real(slow, *args, **kwargs)

    def __enter__(self) -> SlowAt:
        self.db._execute = self._execute
        return self

    def __exit__(self, *exc: object) -> None:
        del self.db._execute  # back to the class's method


SLOW = 0.05
"""How long a slowed statement takes (seconds): far beyond DEADLINE, however busy the machine."""
DEADLINE = 0.005
"""The timeout around a slowed call: it always passes while the call is still running."""


async def test_a_timed_out_call_times_out_and_is_all_or_nothing(tmp_path: Path) -> None:
    """asyncio.timeout around a call (as a handler's deadline): TimeoutError, never a stray
    CancelledError, and the buy-in is booked whole or not at all. The call is made slow at each
    of its awaits in turn (:class:`SlowAt`), so the deadline passes inside it however fast or
    busy the machine is; without a deadline that passes, the same call returns."""
    async with Storage(tmp_path / "db.sqlite3", synchronous="NORMAL") as storage:
        await storage.buy_in(G, ADA, 7)  # the first opens the season and the accounts
        before = await storage.balance(G, ADA)
        with SlowAt(storage, 0) as probe:
            async with asyncio.timeout(60):
                await storage.buy_in(G, ADA, 7)
        assert await storage.balance(G, ADA) == before + 7 and probe.count >= 3
        for n in range(1, probe.count + 1):  # every later buy-in makes the same awaits
            before = await storage.balance(G, ADA)
            with SlowAt(storage, n, SLOW) as slowed, pytest.raises(TimeoutError):  # not CancelledError
                async with asyncio.timeout(DEADLINE):
                    await storage.buy_in(G, ADA, 7)
            assert slowed.started.is_set(), f"await {n} of {probe.count} was never made"
            assert await storage.balance(G, ADA) - before in (0, 7), f"timed out at await {n}: a part booked"
        # A call that times out while another's transaction holds the connection never begins.
        before = await storage.balance(G, ADA)
        with SlowAt(storage, 1, SLOW) as slow:
            other = asyncio.ensure_future(storage.buy_in(G, BO, 5))
            await slow.started.wait()
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(DEADLINE):
                    await storage.buy_in(G, ADA, 7)
            await other
        assert await storage.balance(G, ADA) == before
        assert (await storage.check_ledger()).ok
