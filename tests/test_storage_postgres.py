"""What only the PostgreSQL backend has (issue 30): many bot processes on one database.

* Concurrency: two :class:`Storage` objects (two processes' worth, each with its own pool) append
  to many tables at once; every append returns once committed (a third process sees it at
  once), none is lost or stored twice. Appends racing for one sequence number of one hand: one
  wins, every other gets :class:`ActionOrderError`, and the serialization failures PostgreSQL
  raised on the way were run again by the backend, never shown to the caller.
* Table claims (:meth:`Storage.claim_table`): an advisory lock per channel; a second process
  cannot claim a table the first holds, and can once the first released it, closed its storage,
  or was killed (SIGKILL of a child process). On SQLite (one process) a claim is always granted.
  Bad channel ids are refused on both.
* A server that cannot be reached, and a database of another program, are refused with a clear
  message that never shows a password.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import postgres_server
import pytest
import storage_backends
from storage_backends import Location

from bot.storage import ActionOrderError, DatabaseAccessError, SchemaError, Storage, StorageInputError

ROOT = Path(__file__).resolve().parent.parent
G = 1


@pytest.fixture
def pg() -> Iterator[str]:
    """A fresh database on the session's PostgreSQL server."""
    server = postgres_server.shared()
    url = server.new_database()
    yield url
    server.drop_database(url)


async def _live_games(storage: Storage, count: int) -> list[int]:
    return [
        (await storage.create_game(G, 100 + i, [200 + i, "ai:easy", "ai:easy", "ai:easy"], i)).game_id
        for i in range(count)
    ]


def _retries(*storages: Storage) -> int:
    return sum(int(getattr(s._backend, "retries")) for s in storages)  # noqa: B009


# ------------------------------------------------------------------------------- concurrency


async def test_concurrent_appends_from_two_processes_each_commit_once(pg: str) -> None:
    tables, moves = 16, 12
    async with Storage(pg, pool_size=6) as one, Storage(pg, pool_size=6) as two, Storage(pg) as third:
        games = await _live_games(one, tables)

        async def play(storage: Storage, game: int) -> None:
            for seq in range(1, moves + 1):
                await storage.append_action(game, 1, seq, f"E discard {seq % 9 + 1}m")
                # returned: committed, so another process reads it at once
                seen = (await third.load_game(game)).hands[-1].actions
                assert len(seen) == seq, f"game {game}: append {seq} returned before it was committed"

        await asyncio.gather(*(play(one if i % 2 else two, g) for i, g in enumerate(games)))
        for game in games:
            stored = (await third.load_game(game)).hands[-1].actions
            assert stored == tuple(f"E discard {s % 9 + 1}m" for s in range(1, moves + 1)), game


async def test_appends_racing_for_one_seq_one_wins_the_others_are_refused(pg: str) -> None:
    racers, rounds = 8, 12
    async with Storage(pg, pool_size=racers) as one, Storage(pg, pool_size=racers) as two:
        (game,) = await _live_games(one, 1)
        winners: list[str] = []
        for round_no in range(rounds):
            seq = round_no + 1
            texts = [f"E discard {k % 9 + 1}{'mps'[k % 3]}" for k in range(2 * racers)]
            calls = [
                (one if k % 2 else two).append_action(game, 1, seq, text) for k, text in enumerate(texts)
            ]
            results = await asyncio.gather(*calls, return_exceptions=True)
            won = [texts[k] for k, r in enumerate(results) if r is None]
            lost = [r for r in results if r is not None]
            assert len(won) == 1, f"round {round_no}: {len(won)} appends of seq {seq} won: {results}"
            assert all(isinstance(r, ActionOrderError) for r in lost), lost
            winners += won
            stored = (await two.load_game(game)).hands[-1].actions
            assert stored == tuple(winners), f"round {round_no}: stored {stored}, won {winners}"


async def test_ledger_writes_racing_from_two_processes_are_run_again_not_refused(pg: str) -> None:
    """Buy-ins of the same members from two processes at once: serializable transactions that
    lose the race are run again by the backend (its retries count them); every call returns and
    every chip is booked once."""
    async with Storage(pg, pool_size=8) as one, Storage(pg, pool_size=8) as two:
        members = (301, 302)
        for member in members:
            await one.buy_in(G, member, 1)  # opens the season and the accounts
        before = {m: await one.balance(G, m) for m in members}
        calls = [(one if k % 2 else two).buy_in(G, members[k % 2], 3) for k in range(40)]
        assert all(r is not None for r in await asyncio.gather(*calls))
        assert {m: await two.balance(G, m) - before[m] for m in members} == {301: 60, 302: 60}
        assert (await two.check_ledger()).ok
        assert _retries(one, two) > 0  # the races happened, and no caller heard of them


# ------------------------------------------------------------------------------- table claims


async def test_a_claimed_table_is_refused_to_another_process_until_released(pg: str) -> None:
    async with Storage(pg) as first, Storage(pg) as second:
        assert await first.claim_table(42) is True
        assert await first.claim_table(42) is True  # its own claim, again
        assert await second.claim_table(42) is False
        assert await second.claim_table(43) is True  # another table is free
        assert await first.claim_table(43) is False
        await first.release_table(42)
        assert await second.claim_table(42) is True
        assert await first.claim_table(42) is False
        await first.release_table(42)  # not its claim: nothing happens
        assert await first.claim_table(42) is False


async def test_a_closed_storage_gives_up_its_claims(pg: str) -> None:
    async with Storage(pg) as second:
        first = await Storage(pg).open()
        assert await first.claim_table(7) is True
        assert await second.claim_table(7) is False
        await first.close()
        assert await second.claim_table(7) is True


CLAIMING_CHILD = """
import asyncio, sys
from bot.storage import Storage

async def main():
    storage = await Storage(sys.argv[1]).open()
    print("claimed" if await storage.claim_table(int(sys.argv[2])) else "refused", flush=True)
    await asyncio.Event().wait()  # hold it until killed

asyncio.run(main())
"""


async def _claim_when_free(storage: Storage, channel_id: int) -> bool:
    """Try to claim, as a restarted bot would, until the server has ended the dead session
    (it does so as soon as it notices the connection is gone)."""
    for _ in range(500):
        if await storage.claim_table(channel_id):
            return True
        await asyncio.sleep(0.01)
    return False


async def test_a_killed_process_loses_its_claims(pg: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen(
        [sys.executable, "-c", CLAIMING_CHILD, pg, "99"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    try:
        assert child.stdout is not None
        line = await asyncio.to_thread(child.stdout.readline)
        assert line.strip() == "claimed", line + (child.stderr.read() if child.stderr else "")
        async with Storage(pg) as restarted:
            assert await restarted.claim_table(99) is False
            child.send_signal(signal.SIGKILL)
            await asyncio.to_thread(child.wait)
            assert await _claim_when_free(restarted, 99)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        for stream in (child.stdout, child.stderr):
            if stream:
                stream.close()


async def test_claims_on_sqlite_are_always_granted(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    async with Storage(path) as first, Storage(path) as second:
        assert await first.claim_table(42) is True
        assert await second.claim_table(42) is True
        await first.release_table(42)
        await second.release_table(42)
        assert await first.claim_table(42) is True


@pytest.mark.parametrize("bad", [0, -5, "42", 4.2, True, 2**63])
async def test_a_bad_channel_id_is_refused(db: Location, bad: object) -> None:
    async with Storage(db) as storage:
        with pytest.raises(StorageInputError, match="channel id must be a Discord id"):
            await storage.claim_table(bad)  # type: ignore[arg-type]
        with pytest.raises(StorageInputError, match="channel id must be a Discord id"):
            await storage.release_table(bad)  # type: ignore[arg-type]
        assert await storage.claim_table(42) is True  # the storage works on


# --------------------------------------------------------------- servers and databases refused


async def test_a_server_that_cannot_be_reached_is_a_clear_error_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://bot:s3cret-pw@/mahjong?host={tmp_path}&port=5999"  # no server listens there
    with pytest.raises(DatabaseAccessError) as caught:
        await Storage(url).open()
    message = str(caught.value)
    assert "s3cret-pw" not in message
    assert "the PostgreSQL database mahjong (user bot)" in message and "cannot be reached" in message
    assert "MAHJONG_DATABASE_URL" in message


async def test_a_missing_database_is_a_clear_error(pg: str) -> None:
    url = postgres_server.shared().url("no_such_database")
    with pytest.raises(DatabaseAccessError, match="the PostgreSQL database no_such_database"):
        await Storage(url).open()


async def test_a_database_of_another_program_is_refused_and_left_alone(pg: str) -> None:
    conn = await asyncpg.connect(pg)
    try:
        await conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)")
        await conn.execute("INSERT INTO invoices VALUES (1, 250)")
    finally:
        await conn.close()
    before = await storage_backends.committed_async(pg)
    with pytest.raises(SchemaError):
        await Storage(pg).open()
    assert await storage_backends.committed_async(pg) == before
