"""Two bot processes, shards 0 and 1 of 2, over one PostgreSQL database (issue 30, items 2 and 3).

Each process is the real bot through the offline harness (tests/shard_child.py), with its own fake
Discord and the server of its shard. They play their tables at the same time on one database. The
process of shard 0 is SIGKILLed in the middle of a hand, at a move drawn from the seed. Then:

* the other process plays on, untouched;
* while shard 0's process lived, nobody else could claim its channel's table (the advisory lock);
  once it is dead the lock is free at once (the server ends its session), so a new process may
  drive the table;
* a new process for shard 0 restores the same game, with every move the storage had acknowledged
  to the killed one, and plays on;
* afterwards every acknowledged move is stored once, in order, every stored log replays, and the
  ledger sums to zero.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import postgres_server
import pytest
from test_bot_shards import SHARD0_CHANNEL, SHARD1_CHANNEL

from bot.restore import rebuild_game
from bot.storage import Storage

SEED = 30
CHILD = Path(__file__).with_name("shard_child.py")
ACT = re.compile(r"^act game=(\d+) hand=(\d+) seq=(\d+)$")


_STARTED: list[subprocess.Popen[str]] = []
"""Every child process a test started, so that none outlives it (a failed assertion included)."""


@pytest.fixture(autouse=True)
def _no_child_left() -> Iterator[None]:
    yield
    while _STARTED:
        process = _STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait()


class Child:
    """One bot process; its lines are read by a thread into a queue the test waits on."""

    def __init__(self, url: str, shard: int, life: int, moves: int) -> None:
        self.shard = shard
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), url, str(shard), str(life), str(SEED), str(moves)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.PIPE if moves == 0 else subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        _STARTED.append(self.process)
        self.lines: list[str] = []
        self._new = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._new:
                self.lines.append(line.rstrip("\n"))
                self._new.notify_all()
        with self._new:
            self.lines.append("<eof>")
            self._new.notify_all()

    def wait_for(self, predicate: object, what: str) -> None:
        """Block until a line satisfies ``predicate`` (a callable of the lines so far); the bound
        is only there so that a broken child fails the test instead of hanging it."""
        with self._new:
            ok = self._new.wait_for(lambda: predicate(self.lines) or "<eof>" in self.lines, timeout=600)  # type: ignore[operator]
        if not ok or not predicate(self.lines):  # type: ignore[operator]
            stderr = ""
            if "<eof>" in self.lines and self.process.stderr is not None:
                self.process.wait()
                stderr = self.process.stderr.read()[-3000:]
            raise AssertionError(
                f"shard {self.shard}: {what} never came; lines: {self.lines[-10:]}; {self.errors()}; {stderr}"
            )

    def acts(self) -> list[tuple[int, int, int]]:
        return [tuple(map(int, m.groups())) for m in map(ACT.match, list(self.lines)) if m]  # type: ignore[misc]

    def errors(self) -> str:
        return "\n".join(line for line in self.lines if line.startswith("error"))

    def finish(self) -> None:
        code = self.process.wait(timeout=600)
        self._reader.join()
        stderr = self.process.stderr.read() if self.process.stderr else ""
        assert code == 0, f"shard {self.shard} exited {code}: {stderr[-3000:]}"
        assert self.lines[-2:] == ["done", "<eof>"], self.lines[-5:]
        assert not self.errors(), self.errors()

    def stop(self) -> None:
        """Tell a child started with ``moves=0`` to finish (it plays until told)."""
        assert self.process.stdin is not None
        self.process.stdin.write("stop\n")
        self.process.stdin.close()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=600)
        self._reader.join()


async def _claimed_elsewhere(url: str, channel: int) -> bool:
    """Whether another session holds the channel's table claim (the backend's advisory lock)."""
    conn = await asyncpg.connect(url)
    try:
        got = await conn.fetchval("SELECT pg_try_advisory_lock($1)", channel)
        if got:
            await conn.execute("SELECT pg_advisory_unlock($1)", channel)
        return not got
    finally:
        await conn.close()


async def _wait_for_claim(url: str, channel: int) -> None:
    """Take the channel's claim, waiting (on the server's lock queue, not a clock) for it to be
    given up, then give it back."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", channel)
        await conn.execute("SELECT pg_advisory_unlock($1)", channel)
    finally:
        await conn.close()


def _distinct(acts: list[tuple[int, int, int]]) -> Iterator[tuple[int, int, int]]:
    seen: set[tuple[int, int, int]] = set()
    for act in acts:
        if act not in seen:
            seen.add(act)
            yield act


def test_two_shard_processes_share_postgresql_and_a_killed_one_loses_nothing() -> None:
    url = postgres_server.shared().new_database()
    rng = random.Random(SEED)
    kill_after = rng.randrange(12, 40)  # acknowledged moves of shard 0 before the kill
    first = Child(url, 0, 1, moves=10_000)  # killed long before it has made its moves
    other = Child(url, 1, 1, moves=0)  # plays until told to stop: alive while it is checked
    first.wait_for(lambda lines: len([x for x in lines if x.startswith("act ")]) >= kill_after, "the moves")
    other.wait_for(lambda lines: any(x.startswith("act ") for x in lines), "a move of shard 1")
    # Each process holds its own table's claim: nobody else may drive either table.
    assert asyncio.run(_claimed_elsewhere(url, SHARD0_CHANNEL))
    assert asyncio.run(_claimed_elsewhere(url, SHARD1_CHANNEL)), other.lines[-8:]
    first.kill()
    acked = list(_distinct(first.acts()))
    (game_id,) = {g for g, _, _ in acked}
    # The dead process's claim is gone with its session: taken (and given back) at once.
    asyncio.run(_wait_for_claim(url, SHARD0_CHANNEL))
    # Shard 1 plays on meanwhile; a new process for shard 0 restores the same game.
    before = len(other.acts())
    second = Child(url, 0, 2, moves=30)
    second.wait_for(lambda lines: any(x.startswith(("restored", "new")) for x in lines), "the restore")
    restored = next(x for x in second.lines if x.startswith(("restored", "new")))
    match = re.fullmatch(r"restored game=(\d+) hand=(\d+) seq=(\d+)", restored)
    assert match is not None, f"the killed process's table did not come back: {restored}"
    assert int(match.group(1)) == game_id
    last_hand = max(h for _, h, _ in acked)
    last_seq = max(s for _, h, s in acked if h == last_hand)
    assert (int(match.group(2)), int(match.group(3))) >= (last_hand, last_seq)  # nothing acknowledged lost
    second.finish()
    other.wait_for(lambda lines: len([x for x in lines if x.startswith("act ")]) > before, "more moves")
    other.stop()
    other.finish()
    assert len(other.acts()) > before  # the other shard never stopped
    assert not first.errors(), first.errors()

    async def check() -> None:
        async with Storage(url) as storage:
            assert (await storage.check_ledger()).ok
            for child in (first, second, other):
                for game, hand, seq in _distinct(child.acts()):
                    record = await storage.load_game(game)
                    stored = next(h for h in record.hands if h.hand_no == hand)
                    assert len(stored.actions) >= seq, (child.shard, game, hand, seq)
            for game in {g for c in (first, second, other) for g, _, _ in c.acts()}:
                rebuild_game(await storage.load_game(game))  # every stored log replays

    asyncio.run(check())
