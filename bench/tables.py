"""How many tables one bot process sustains, through the offline Discord harness:

* ``tables_sustained_threads``: tables of four computer players at the bench's computer pace
  (``pace_seconds`` 0.2), images, hints and decisions in threads (``MAHJONG_WORKERS=0``);
* ``tables_sustained_pool``: the same with the worker processes (one per core);
* ``tables_sustained_person_pace``: with the pool, at a person's pace (``pace_seconds`` 3: a
  move every 3 seconds at each table, the seats taking turns).

A number of tables is sustained when, after the tables have started and warmed up, a person's
**My hand** click at four probe tables (one person, three computers) is answered, image included,
with p99 < 150 ms, the event loop's lag p99 < 100 ms, and the tables keep their pace: a computer's
move is made (decided, after its pause) within 150 ms of its pause's end, p99 (a process that slows
its tables down is not sustaining them, however fast it answers a click). Each run steps up the
number of tables (2, 5, 10, 25, 50, 75, 100, 150, 200, 300, 400, 500, 700, 1,000) and stops at
the first that fails twice running (one stall, a disk flush say, is not a limit; before each try
what earlier runs wrote is flushed to disk); ``sustain_<mode>_<n>`` gives what each try
measured (click p99, lag p99, move lateness p99, moves per second, and whether it was the second
run). Every game's seed is fixed (``seed_source``), so a run plays the same deals.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_harness import ChannelSpec, GuildSpec, Harness

from bench.driver import bench_config, open_computer_table, percentile
from bot import workers as bot_workers
from bot.app import MahjongBot, create_bot
from bot.table import Table, seed_source
from engine.actions import Action

STEPS: Final = (2, 5, 10, 25, 50, 75, 100, 150, 200, 300, 400, 500, 700, 1000)
CLICK_P99_MS: Final = 150.0
LAG_P99_MS: Final = 100.0
LATE_P99_MS: Final = 150.0
COMPUTER_PACE: Final = 0.2
PERSON_PACE: Final = 3.0


def _timing_moves(late: list[float]) -> Callable[[], None]:
    """Record in ``late`` how long after its pause's end each paced computer move was decided (ms);
    returns what puts ``Table`` back as it was."""
    due_of, move_of = Table._due, Table._computer_move
    ended: dict[int, float] = {}  # a table's pause that has just ended, by the table's id

    def due(self: Table, seconds: float) -> bool:
        over = due_of(self, seconds)
        if over and self.deadline is not None:
            ended[id(self)] = self.deadline
        return over

    async def timed(self: Table, position: int) -> Action:
        pause = ended.pop(id(self), None)  # None: a move without a pause (a claim, a riichi call)
        action = await move_of(self, position)
        if pause is not None:
            late.append((self.clock() - pause) * 1000)
        return action

    Table._due = due  # type: ignore[method-assign]
    Table._computer_move = timed  # type: ignore[method-assign]

    def restore() -> None:
        Table._due, Table._computer_move = due_of, move_of  # type: ignore[method-assign]

    return restore


async def _try(tables: int, pace: float, workers: int | None, seconds: float) -> dict[str, float]:
    """Click reply p99, loop lag p99, computer move lateness p99 (ms) and moves per second over
    ``seconds`` with ``tables`` computer tables running (after a warm-up of two paces, at least
    two seconds)."""
    probes = [ChannelSpec(10 + i, f"probe{i}") for i in range(4)]
    channels = [ChannelSpec(1000 + i, f"t{i}") for i in range(tables)]
    with tempfile.TemporaryDirectory() as tmp:
        bot: MahjongBot = create_bot(
            bench_config(Path(tmp) / "bench.sqlite3", pace, workers=workers), seeds=seed_source(tables)
        )
        async with Harness.running(
            bot, guilds=[GuildSpec(1, "Bench", channels=probes + channels)], idle=0.01
        ) as h:
            people = [h.user(100 + i, f"p{i}") for i in range(len(probes))]
            for channel, person in zip(probes, people, strict=True):
                await h.slash("mahjong new", user=person, channel=channel.id, options={"computers": 3})
                await h.click(h.messages(channel.id)[-1], "Start", user=person)
            started = time.perf_counter()
            for i, c in enumerate(channels):  # spread over one pace, as people do not move in step
                await open_computer_table(bot, 1, c.id)
                due = started + pace * (i + 1) / tables
                if due > time.perf_counter():
                    await asyncio.sleep(due - time.perf_counter())
            warm = time.perf_counter() + max(2.0, 2 * pace)
            while time.perf_counter() < warm:
                await asyncio.sleep(0.05)
            for channel, person in zip(probes, people, strict=True):  # each probe's first card
                table = bot.tables[channel.id]
                if table.message_id is not None:
                    await h.click(h.message(table.message_id), f"mj:hand:{channel.id}", user=person)
            lags: list[float] = []
            clicks: list[float] = []
            late: list[float] = []
            restore = _timing_moves(late)
            moves_before = sum(t.game.version for t in bot.tables.values() if t.game is not None)

            async def measure_lag(end: float) -> None:
                while time.perf_counter() < end:
                    before = time.perf_counter()
                    await asyncio.sleep(0.01)
                    lags.append((time.perf_counter() - before - 0.01) * 1000)

            began = time.perf_counter()
            end = began + seconds
            lagging = asyncio.create_task(measure_lag(end))
            turn = 0
            while time.perf_counter() < end:
                channel, person = probes[turn % len(probes)], people[turn % len(probes)]
                turn += 1
                table = bot.tables[channel.id]
                if table.message_id is None:
                    await asyncio.sleep(0.05)
                    continue
                rec = await h.click(h.message(table.message_id), f"mj:hand:{channel.id}", user=person)
                if rec.reply_ms is not None:
                    clicks.append(rec.reply_ms)
                await asyncio.sleep(0.1)
            await lagging
            restore()
            elapsed = time.perf_counter() - began
            moves = sum(t.game.version for t in bot.tables.values() if t.game is not None) - moves_before
            for t in list(bot.tables.values()):
                await t.stop()
    return {
        "click_p99": percentile(clicks, 0.99) if clicks else float("inf"),
        "lag_p99": percentile(lags, 0.99),
        "late_p99": percentile(late, 0.99) if late else float("inf"),
        "moves_per_s": moves / elapsed,
        "clicks": len(clicks),
    }


def _kept(got: dict[str, float]) -> bool:
    """Whether a try kept its tables: clicks, loop lag and computer moves within their bounds."""
    return got["click_p99"] < CLICK_P99_MS and got["lag_p99"] < LAG_P99_MS and got["late_p99"] < LATE_P99_MS


def sustained(
    pace: float, workers: int | None, *, seconds: float = 6.0, steps: tuple[int, ...] = STEPS
) -> tuple[int, dict[int, dict[str, float]]]:
    """The largest step sustained (0: none) and what each try measured."""
    return asyncio.run(_sustained(pace, workers, seconds, steps))


async def _sustained(
    pace: float, workers: int | None, seconds: float, steps: tuple[int, ...]
) -> tuple[int, dict[int, dict[str, float]]]:
    best = 0
    tries: dict[int, dict[str, float]] = {}
    # one event loop and one pool for every try, its workers started and warm before the first
    # (as in a bot that has run a while: a worker's start-up is not a table's cost)
    pool = bot_workers.start(bot_workers.default_count() if workers is None else workers)
    if pool is not None:
        await pool.start_all()
    try:
        for n in steps:
            for attempt in (1, 2):  # a try that fails is run once more: one stall is not a limit
                os.sync()  # what earlier runs wrote is on disk, so no flush of theirs stalls this one
                got = await _try(n, pace, workers, seconds)
                got["attempt"] = attempt
                print(f"  {n} tables pace {pace} workers {workers}: {got}", file=sys.stderr, flush=True)
                if _kept(got):
                    break
            tries[n] = got
            if not _kept(got):
                break
            best = n
    finally:
        await bot_workers.stop(pool)
    return best, tries


def run(seconds: float = 6.0) -> dict[str, Any]:
    """Threads and the pool at the computer pace, the pool at a person's pace (many minutes)."""
    out: dict[str, Any] = {}
    for key, pace, workers in (
        ("threads", COMPUTER_PACE, 0),
        ("pool", COMPUTER_PACE, None),
        ("person_pace", PERSON_PACE, None),
    ):
        best, tries = sustained(pace, workers, seconds=seconds)
        out[f"tables_sustained_{key}"] = best
        for n, got in tries.items():
            out[f"sustain_{key}_{n}"] = (
                f"click p99 {got['click_p99']:.0f} ms, lag p99 {got['lag_p99']:.0f} ms, "
                f"move lateness p99 {got['late_p99']:.0f} ms, {got['moves_per_s']:.0f} moves/s"
                + (", the second run" if got["attempt"] == 2 else "")
            )
    return out
