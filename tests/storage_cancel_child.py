"""Child process of tests/test_storage_reliability.py: cancels storage calls at every await
point, prints every write that was acknowledged, then kills itself with SIGKILL.

Usage: ``python tests/storage_cancel_child.py DB_PATH``. Prints ``game <id>`` first, then
``ack <seq>`` for each acknowledged ``append_action`` and ``buyin <n>`` for each acknowledged
buy-in, and ``done`` just before the SIGKILL.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from bot.storage import Storage

GUILD, CHANNEL, ADA, BO = 1, 10, 100, 200


class CancelAt:
    """Cancel the calling task at the ``n``-th statement it sends (the statement still runs:
    aiosqlite has already queued it, as when a handler times out mid-query)."""

    def __init__(self, storage: Storage, n: int) -> None:
        self.db: Any = storage._db
        self.n = n
        self.seen = 0
        self.real = (self.db.execute, self.db.executemany)

    def __enter__(self) -> CancelAt:
        def wrap(real: Callable[..., Any]) -> Callable[..., Any]:
            def call(*args: Any, **kwargs: Any) -> Any:
                self.seen += 1
                if self.seen == self.n:
                    task = asyncio.current_task()
                    assert task is not None
                    task.cancel()
                return real(*args, **kwargs)

            return call

        self.db.execute, self.db.executemany = wrap(self.real[0]), wrap(self.real[1])
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.execute, self.db.executemany = self.real


async def attempt(storage: Storage, n: int, make: Callable[[], Awaitable[object]]) -> tuple[bool, int]:
    """Run one call with a cancellation at statement ``n``: (acknowledged?, statements sent)."""
    with CancelAt(storage, n) as cut:

        async def run() -> object:
            return await make()

        task = asyncio.ensure_future(run())
        try:
            await task
            acked = True
        except asyncio.CancelledError:
            acked = False
    return acked, cut.seen


async def main(path: str) -> None:
    storage = await Storage(path).open()
    record = await storage.create_game(GUILD, CHANNEL, [ADA, BO, "ai:normal", "ai:normal"], 7, ruleset="dmjl")
    print(f"game {record.game_id}", flush=True)
    seq = 0
    buyins = 0

    async def append() -> None:
        await storage.append_action(record.game_id, 1, seq + 1, "E discard 5p")

    async def buy() -> None:
        await storage.buy_in(GUILD, ADA, 10)

    calls: list[tuple[str, Callable[[], Awaitable[object]]]] = [
        ("append", append),
        ("buyin", buy),
        ("balance", lambda: storage.balance(GUILD, ADA)),
        ("rules", lambda: storage.table_rules(GUILD, CHANNEL)),
        ("house", lambda: storage.set_house_rule(GUILD, "limit", "300", channel_id=CHANNEL)),
        ("load", lambda: storage.load_game(record.game_id)),
        ("ledger", lambda: storage.check_ledger(GUILD)),
    ]
    for name, make in calls:
        n = 1
        while True:
            acked, seen = await attempt(storage, n, make)
            if acked and name == "append":
                seq += 1
                print(f"ack {seq}", flush=True)
            elif name == "append":  # not acknowledged: it may or may not have been stored
                seq = len((await storage.load_game(record.game_id)).hands[0].actions)
            if acked and name == "buyin":
                buyins += 1
                print(f"buyin {buyins}", flush=True)
            # Whatever was cancelled, the next write works and is acknowledged.
            await append()
            seq += 1
            print(f"ack {seq}", flush=True)
            if seen < n:  # the call finished before the n-th statement: every await point was cut
                break
            n += 1
    print("done", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
