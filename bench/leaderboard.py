"""``leaderboard_ms``: the /chips leaderboard of a club of 200 members (storage query and render),
median of repeated runs; the target is below 100 ms."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.storage import Storage
from render.leaderboard import LeaderboardRow, render_leaderboard

MEMBERS = 200


async def _measure(folder: Path, repeats: int) -> float:
    async with Storage(folder / "db.sqlite3", synchronous="NORMAL") as storage:
        for user in range(1, MEMBERS + 1):
            await storage.remember_player(user, f"Member {user}")
            await storage.adjust(1, user, user * 7, actor_id=1, reason="bench")
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            standings = await storage.standings(1, since="2000-01-01T00:00:00.000000Z")
            rows = [LeaderboardRow(s.display_name, s.chips, s.change) for s in standings]
            render_leaderboard(rows, title="Season 1", me=MEMBERS // 2)  # the top 20 and one below
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000


def run(repeats: int = 15) -> dict[str, float]:
    """The median milliseconds of one leaderboard for 200 members."""
    with tempfile.TemporaryDirectory() as folder:
        return {"leaderboard_ms": round(asyncio.run(_measure(Path(folder), repeats)), 2)}
