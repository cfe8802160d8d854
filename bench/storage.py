"""Storage latency: what a click pays for a durable action, and what a restore costs.

* ``store_append_ms_p99`` (and ``_p50``): one :meth:`Storage.append_action`, committed with
  WAL and ``synchronous=FULL`` (fsynced) before it returns; the wait added to every click.
  Target: under 20 ms.
* ``store_settle_ms_p99``: one :meth:`Storage.finish_hand` with three payments through the ledger.
* ``restore_ms``: opening the database file and reading back a live game with a 2,000-action log,
  then rebuilding it with a stand-in that folds the actions into a list (the engine's replay will
  be added when the game engine lands). Median of several runs. Target: under 500 ms.

The database lives in a temporary folder on the disk of the system's temp dir (``folder`` to choose).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.storage import GameRecord, Payment, Storage

RESTORE_ACTIONS = 2000


def _fold(record: GameRecord) -> list[str]:
    """The stand-in rebuild: every hand's actions, in order."""
    folded: list[str] = []
    for hand in record.hands:
        folded.extend(hand.actions)
    return folded


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _measure(folder: Path, appends: int, settles: int, restores: int) -> dict[str, float]:
    path = folder / "bench.sqlite3"
    append_ms: list[float] = []
    settle_ms: list[float] = []
    async with Storage(path) as storage:
        game = await storage.create_game(1, 1, [11, 12, 13, "ai:normal"], 1)
        for seq in range(1, appends + 1):
            start = time.perf_counter()
            await storage.append_action(game.game_id, 1, seq, f"{'ESWN'[seq % 4]} discard {seq % 9 + 1}p")
            append_ms.append((time.perf_counter() - start) * 1000)
        settle_game = await storage.create_game(1, 2, [21, 22, 23, 24], 2)
        for hand in range(1, settles + 1):
            if hand > 1:
                await storage.start_hand(settle_game.game_id, hand)
            payments = [Payment(p, 0, 16 + p) for p in (1, 2, 3)]
            start = time.perf_counter()
            await storage.finish_hand(settle_game.game_id, hand, result="E wins", payments=payments)
            settle_ms.append((time.perf_counter() - start) * 1000)
        big = await storage.create_game(1, 3, [31, 32, "ai:easy", "ai:hard"], 3)
        for seq in range(1, RESTORE_ACTIONS + 1):
            await storage.append_action(big.game_id, 1, seq, f"{'ESWN'[seq % 4]} discard {seq % 9 + 1}s")
        await storage.end_game(game.game_id, abandoned=True)
        await storage.end_game(settle_game.game_id, abandoned=True)
    restore_ms: list[float] = []
    for _ in range(restores):
        start = time.perf_counter()
        async with Storage(path) as storage:
            result = await storage.restore_unfinished_games(_fold)
        restore_ms.append((time.perf_counter() - start) * 1000)
        assert len(result.games[big.game_id]) == RESTORE_ACTIONS
    return {
        "store_append_ms_p50": round(statistics.median(append_ms), 3),
        "store_append_ms_p99": round(_p(append_ms, 0.99), 3),
        "store_settle_ms_p99": round(_p(settle_ms, 0.99), 3),
        "restore_ms": round(statistics.median(restore_ms), 3),
        "restore_actions": RESTORE_ACTIONS,
    }


def run(
    appends: int = 1000, settles: int = 100, restores: int = 7, folder: str | None = None
) -> dict[str, float]:
    """Append and settle latencies and the restore time, on a fresh database in a temporary folder."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        return asyncio.run(_measure(Path(tmp), appends, settles, restores))


if __name__ == "__main__":
    for key, value in sorted(run().items()):
        print(f"{key:32} {value}")
