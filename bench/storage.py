"""Storage latency: what a click pays for a durable action, and what a restore costs.

* ``store_append_ms_p99`` (and ``_p50``): one :meth:`Storage.append_action`, committed with
  WAL and ``synchronous=FULL`` (fsynced) before it returns; the wait added to every click.
  Target: under 20 ms.
* ``store_settle_ms_p99``: one :meth:`Storage.finish_hand` with three payments through the ledger.
* ``restore_ms``: opening the database file, reading back a live game with a log of at least
  2,000 actions (a real game, several hands, played by the simple computer players) and
  rebuilding it with the game engine's replay (:func:`bot.restore.rebuild_game`), as the bot
  does at start-up. Median of several runs. Target: under 500 ms.

The database lives in a temporary folder on the disk of the system's temp dir (``folder`` to choose).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.restore import rebuild_game
from bot.storage import Payment, Storage
from engine.game import NEXT, Game
from engine.players import SimplePlayer

RESTORE_ACTIONS = 2000


async def _store_real_game(storage: Storage, actions: int) -> tuple[int, Game]:
    """Play a real game with the simple players, storing every action, until the log is long enough."""
    seats: list[int | str] = [31, 32, "ai:easy", "ai:normal"]
    record = await storage.create_game(1, 3, seats, 3, ruleset="dmjl", overrides={"game_length": "hands:400"})
    game = Game(record.ruleset, dict(record.overrides), record.seed, [str(s) for s in seats])
    player = SimplePlayer()
    total = seq = 0
    hand_no = 1
    while total < actions:
        if game.deal.over:
            await storage.finish_hand(record.game_id, hand_no, result=f"hand {hand_no} over")
            if game.finished:
                raise RuntimeError("the benchmark game ended before its log was long enough")
            game.apply(NEXT)
            hand_no += 1
            seq = 0
            await storage.start_hand(record.game_id, hand_no)
            continue
        position = next(p for p in range(4) if game.legal_actions(p))
        action = player.choose(game.view(position))
        game.apply(action)
        seq += 1
        total += 1
        await storage.append_action(record.game_id, hand_no, seq, game.line(action))
    return record.game_id, game


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
        big_id, played = await _store_real_game(storage, RESTORE_ACTIONS)
        await storage.end_game(game.game_id, abandoned=True)
        await storage.end_game(settle_game.game_id, abandoned=True)
    restore_ms: list[float] = []
    for _ in range(restores):
        start = time.perf_counter()
        async with Storage(path) as storage:
            result = await storage.restore_unfinished_games(rebuild_game)
        restore_ms.append((time.perf_counter() - start) * 1000)
        assert result.games[big_id].snapshot() == played.snapshot()
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
