"""Storage under cancellation, bounds and refusals (issue 9 findings 2, 6 and 7):

* a call cancelled at any of its await points leaves no transaction open: later writes work,
  and everything acknowledged survives a SIGKILL (a child process cancels, acknowledges, dies);
* chip amounts and balances are bounded, the rest refused with StorageInputError;
* a database that is refused is not changed; a read-only file gets a message naming it;
* ``user_version`` ahead of the recorded migrations is refused;
* ``create_game`` refuses seats the engine cannot play.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from storage_cancel_child import ADA, GUILD, CancelAt, attempt

from bot.storage import Storage, StorageError, StorageInputError
from bot.storage.errors import SchemaError
from bot.storage.store import MAX_AMOUNT, MAX_BALANCE

ROOT = Path(__file__).resolve().parent.parent


def test_cancelled_calls_lose_no_acknowledged_write_across_a_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    child = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "storage_cancel_child.py"), str(db)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.returncode == -9, child.stderr[-2000:]  # it killed itself with SIGKILL
    lines = child.stdout.split()
    assert "done" in lines
    acked = [int(lines[i + 1]) for i, word in enumerate(lines) if word == "ack"]
    buyins = sum(1 for word in lines if word == "buyin")
    game_id = int(lines[lines.index("game") + 1])
    assert len(acked) > 30  # one acknowledged write after every cancellation point of every call

    async def check() -> None:
        async with Storage(db) as storage:
            record = await storage.load_game(game_id)
            stored = len(record.hands[0].actions)
            assert stored >= max(acked)  # every acknowledged append is there, in order
            assert (await storage.check_ledger(GUILD)).ok
            assert await storage.integrity_check() == "ok"
            # Buy-ins: each acknowledged one is booked (a cancelled one may or may not be).
            others = await storage.balance(GUILD, 999)
            assert await storage.balance(GUILD, ADA) >= others + 10 * buyins

    asyncio.run(check())


async def test_every_await_point_of_a_write_and_a_read_leaves_the_connection_clean(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        record = await storage.create_game(GUILD, 10, [ADA, 200, "ai:normal", "ai:normal"], 1, ruleset="dmjl")
        seq = 0
        for make in (lambda: storage.buy_in(GUILD, ADA, 5), lambda: storage.balance(GUILD, ADA)):
            n = 1
            while True:
                _acked, seen = await attempt(storage, n, make)
                assert not storage._db.in_transaction or await _settled(storage)  # type: ignore[union-attr]
                seq += 1
                await storage.append_action(record.game_id, 1, seq, "E discard 5p")
                other = await Storage(tmp_path / "db.sqlite3").open()  # a second connection sees it
                try:
                    assert len((await other.load_game(record.game_id)).hands[0].actions) == seq
                finally:
                    await other.close()
                if seen < n:
                    break
                n += 1
        assert n > 3


async def _settled(storage: Storage) -> bool:
    await asyncio.sleep(0.05)  # a shielded rollback may still be on its way
    return not storage._db.in_transaction  # type: ignore[union-attr]


def test_cancel_at_counts_statements() -> None:
    assert CancelAt.__doc__ and "statement" in CancelAt.__doc__


async def test_amounts_and_balances_are_bounded(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        for amount in (2**63 - 1, 2**63, MAX_AMOUNT + 1, 0, -5):
            with pytest.raises(StorageInputError, match="chips"):
                await storage.buy_in(GUILD, ADA, amount)
        await storage.buy_in(GUILD, ADA, MAX_AMOUNT)
        assert await storage.balance(GUILD, ADA) > MAX_AMOUNT
        for _ in range(3):
            await storage.buy_in(GUILD, ADA, MAX_AMOUNT)
        assert (await storage.check_ledger(GUILD)).ok
        assert all(abs(b.chips) <= MAX_BALANCE for b in await storage.balances(GUILD))


async def test_no_balance_can_leave_its_bound(tmp_path: Path) -> None:
    async with Storage(
        tmp_path / "db.sqlite3", default_starting_chips=MAX_AMOUNT, synchronous="NORMAL"
    ) as storage:
        # Buy-ins raise a member towards the bound; the one that would pass it is refused whole.
        for _ in range(MAX_BALANCE // MAX_AMOUNT + 2):
            try:
                await storage.buy_in(GUILD, ADA, MAX_AMOUNT)
            except StorageInputError as exc:
                assert "balances stay within" in str(exc)
                break
        else:
            pytest.fail("the bound was never reached")
        before = await storage.balance(GUILD, ADA)
        assert MAX_BALANCE - MAX_AMOUNT < before <= MAX_BALANCE
        with pytest.raises(StorageInputError, match="balances stay within"):
            await storage.buy_in(GUILD, ADA, MAX_AMOUNT)
        assert await storage.balance(GUILD, ADA) == before  # nothing was booked
        assert (await storage.check_ledger(GUILD)).ok


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_foreign_database_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE notes (text TEXT)")
    before = _digest(path)
    with pytest.raises(SchemaError, match="not a database of this bot"):
        await Storage(path).open()
    assert _digest(path) == before
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] != "wal"


async def test_user_version_ahead_of_the_migrations_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    async with Storage(path):
        pass
    with sqlite3.connect(path) as con:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        con.execute(f"PRAGMA user_version = {version + 5}")
    before = _digest(path)
    with pytest.raises(SchemaError):
        await Storage(path).open()
    assert _digest(path) == before


async def test_a_read_only_database_is_named_with_what_to_do(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "data" / "db.sqlite3")

    async def read_only() -> object:  # what SQLite says when the file or its folder is read-only
        raise sqlite3.OperationalError("attempt to write a readonly database")

    storage._connect = read_only  # type: ignore[method-assign]
    with pytest.raises(StorageError) as err:
        await storage.open()
    message = str(err.value)
    assert str(tmp_path / "data" / "db.sqlite3") in message and "write access" in message
    assert "MAHJONG_DB" in message


async def test_create_game_refuses_seats_the_engine_cannot_play(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        for seats in ([ADA, 200], [ADA, 200, "ai:normal"]):
            with pytest.raises(StorageInputError, match="4 players"):
                await storage.create_game(GUILD, 10, seats, 1, ruleset="dmjl")
