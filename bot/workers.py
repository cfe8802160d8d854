"""CPU work in worker processes: table, hand and sheet images, hints and computer decisions, and
the images a command waits for (``/score`` and its builder, ``/stats`` and ``/rating`` charts,
leaderboards).

Every such call in the bot goes through :func:`run` (``await run(render_table, view, lang=lang)``).
While a pool is started (:func:`start`, from ``MahjongBot.setup_hook``; ``MAHJONG_WORKERS``
processes, by default as many as the machine has cores) the call is pickled and runs in one of
its worker processes, so it holds neither the event loop nor the bot's interpreter lock; without
one (``MAHJONG_WORKERS=0``, or before the bot starts) it runs in a thread, as it always did.
Work whose input or answer cannot travel to another process stays in threads: a replay card
(its replayed hand is cached in the bot), ``/stats``' hand summaries (they fill the bot's
cache), a restore's rebuilt game and an export's log.

Hidden information: a worker is stateless. It imports the engine and the renderers and holds
nothing between jobs; what a job knows is what its arguments carry, and the call sites pass
views only: the public view (``game.view(None)``, no concealed tile of any seat) for the table
image and the score sheet, and ``game.view(position)`` (that seat's tiles alone; the others as
counts) for that seat's hand image, hint and computer decision. A computer player travels with
its decision (:func:`decide`): its level, settings, ruleset and random state, never a tile.

A worker that dies (killed, out of memory) breaks the pool: the pool is replaced by a fresh one
and the job is tried once more; if it fails again, :class:`WorkerError` says so (the caller
answers with an error, as for any failed call). :func:`stop` shuts the pool down and waits for
every worker to exit, so none is left behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

from engine.actions import Action
from engine.ai.player import AIPlayer
from engine.views import SeatView

log = logging.getLogger(__name__)

T = TypeVar("T")

CLICK: Final = 0
"""A job's priority (lower first, when every worker is busy): what a person's click waits for."""
PLAY: Final = 1
"""A job's priority: what a table's play waits for (it moves on when the job is done)."""
LAST: Final = 2
"""A job's priority: what nothing waits for (a table image published after computers' moves,
whose edits are coalesced anyway: the latest state wins)."""
PRIORITY: Final = {"render_hand": CLICK, "hint": CLICK, "decide": PLAY, "render_sheet": PLAY}
"""Each job's priority by its function, unless the caller names one (``run(..., priority=)``):
a person's card (hand image, hint), then computer decisions and the score sheet at a hand's
end; a table image is ``LAST`` unless its caller waits for it."""


class WorkerError(RuntimeError):
    """A job's worker process died twice (the first time its pool was replaced and the job retried)."""


def default_count() -> int:
    """How many worker processes by default: as many as the machine has cores (at least one)."""
    return max(1, os.cpu_count() or 1)


def _die_with_parent() -> None:
    """The worker ends when its parent, the bot's process, ends, even killed with SIGKILL, so a
    bot leaves no worker behind: Linux's PR_SET_PDEATHSIG where it takes, and on every system a
    thread that waits for the parent's end (the pipe multiprocessing keeps open from the parent,
    which closes when the parent dies, even before this worker got this far)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    parent = multiprocessing.parent_process()
    if parent is None:  # not a worker: nothing to watch
        return

    def watch() -> None:
        parent.join()  # returns when the parent's sentinel closes: the bot is gone
        os._exit(0)  # nothing of this process is wanted any more

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def warm() -> None:
    """Run once in each new worker: tie it to its parent's life, and draw one table and one hand
    image, so that the fonts and the tile art are loaded before the first job (a person's first
    card is not the slow one)."""
    _die_with_parent()
    from engine.game import Game
    from render.hand import render_hand
    from render.table import render_table

    game = Game("dmjl", seed=0)
    render_table(game.view(None))
    render_hand(game.view(game.to_act()[0]))


def decide(player: AIPlayer, view: SeatView) -> tuple[Action, AIPlayer]:
    """A computer player's move from its seat's ``view``, and the player after it (its random
    numbers advanced): in a worker process the player is a copy, so the caller keeps the one
    that comes back, and the next decision goes on from the same random state as in a thread."""
    return player.choose(view), player


def _pid_after(seconds: float) -> int:
    """This worker's process id, after ``seconds`` (so that jobs sent together overlap)."""
    time.sleep(seconds)
    return os.getpid()


class Pool:
    """A process pool of ``count`` workers (and one in reserve for people's cards), replaced when
    one of its workers dies."""

    def __init__(self, count: int) -> None:
        """A pool of ``count`` (>= 1) worker processes, and one more kept for what a person's
        click waits for (see :meth:`_limit`); none starts before :meth:`open`."""
        if count < 1:
            raise ValueError(f"a pool needs at least one worker, not {count}")
        self.count = count
        self._executor: ProcessPoolExecutor | None = None
        self.generation = 0
        """How many times the pool was (re)made: a job that saw generation ``g`` break replaces it
        only if no other job did so already."""
        self.replaced = 0
        """How many times a broken pool was replaced."""
        self._busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def _make(self) -> ProcessPoolExecutor:
        # spawn, not forkserver: a spawned worker is the bot's own child, so it can see the bot's
        # death (_die_with_parent); a fork server outlived a bot killed with SIGKILL here, and with
        # it the workers it had forked (seen: they stayed, holding the bot's stdout open)
        context = multiprocessing.get_context("spawn")
        self.generation += 1
        return ProcessPoolExecutor(self.count + 1, mp_context=context, initializer=warm)

    def open(self) -> None:
        """Make the executor (its workers start with the first jobs)."""
        if self._executor is None:
            self._executor = self._make()

    async def start_all(self) -> set[int]:
        """Start every worker now, the reserve included, instead of at the first jobs, and give
        them a job each to warm up for (see :func:`warm`; a worker that another's turn took the job
        from warms up before its first real job); the workers' process ids."""
        self.open()
        assert self._executor is not None
        loop = asyncio.get_running_loop()
        # jobs that arrive together while no worker is idle start a worker each
        jobs = [loop.run_in_executor(self._executor, _pid_after, 0.5) for _ in range(self.count + 1)]
        await asyncio.gather(*jobs)
        return set(self.pids())

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        executor = self._executor
        if executor is None:
            return []
        processes = getattr(executor, "_processes", None) or {}
        return [p.pid for p in list(processes.values()) if p.pid is not None]

    def _submit(
        self, fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> asyncio.Future[T]:
        """Send one job (its function by reference, its arguments pickled) to a worker, through the
        loop's ``run_in_executor`` (as ``asyncio.to_thread`` does for a thread)."""
        assert self._executor is not None
        job = functools.partial(fn, *args, **kwargs) if kwargs else fn
        return asyncio.get_running_loop().run_in_executor(self._executor, job, *args if not kwargs else ())

    def _replace(self, seen: int) -> None:
        if self.generation != seen or self._executor is None:
            return  # another job replaced it already
        old = self._executor
        self._executor = self._make()
        self.replaced += 1
        old.shutdown(wait=False, cancel_futures=True)
        log.warning("a worker process died; the pool was replaced")

    def _limit(self, priority: int) -> int:
        """How many jobs may be in the workers at once when a job of ``priority`` starts: ``count``,
        and one more, the reserve, for what a person's click waits for (priority 0), so that a
        card never waits for a computer's decision or a table image to finish."""
        return self.count + 1 if priority == CLICK else self.count

    async def _slot(self, priority: int) -> None:
        """Wait until a worker is free for a job of ``priority``: at most ``count`` jobs (plus the
        reserve, for priority 0) are in the workers at once; the others wait here, in order of
        priority, then of arrival (the executor's own queue would serve them in arrival order)."""
        if self._busy < self._limit(priority) and not (self._waiting and self._waiting[0][0] <= priority):
            self._busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), turn))
        try:
            await turn  # the slot is handed over with the result
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._free()  # handed over just as the job was cancelled: pass it on
            raise

    def _free(self) -> None:
        """A job left its worker: hand the free slots to the first jobs waiting that fit."""
        self._busy -= 1
        while self._waiting and self._busy < self._limit(self._waiting[0][0]):
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                self._busy += 1
                turn.set_result(None)

    async def run(self, fn: Callable[..., T], *args: Any, priority: int | None = None, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker process, in the order of ``priority`` (default: the
        function's, :data:`PRIORITY`); retried once in a fresh pool if the worker dies.

        :raises WorkerError: if the worker died again.
        """
        await self._slot(PRIORITY.get(getattr(fn, "__name__", ""), LAST) if priority is None else priority)
        try:
            return await self._attempts(fn, args, kwargs)
        finally:
            self._free()

    async def _attempts(self, fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
        for attempt in (1, 2):
            if self._executor is None:  # shut down while the bot closes: a thread finishes the job
                return await asyncio.to_thread(fn, *args, **kwargs)
            seen = self.generation
            try:
                return await self._submit(fn, args, kwargs)
            except BrokenProcessPool:
                self._replace(seen)
                if attempt == 2:
                    break
        raise WorkerError(f"a worker process died twice running {getattr(fn, '__name__', 'a job')}")

    async def close(self) -> None:
        """Shut the pool down and wait until every worker process has exited."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(functools.partial(executor.shutdown, wait=True, cancel_futures=True))


_pool: Pool | None = None
_users = 0


def current() -> Pool | None:
    """The process's pool while one is started, else None (jobs run in threads)."""
    return _pool


def start(count: int) -> Pool | None:
    """Start the process's pool of ``count`` workers (0: none, jobs run in threads). A second
    bot in the same process shares the first one's pool; each :func:`start` needs its :func:`stop`."""
    global _pool, _users
    if count <= 0:
        return None
    _users += 1
    if _pool is None:
        _pool = Pool(count)
        _pool.open()
    return _pool


async def stop(pool: Pool | None) -> None:
    """Release a pool :func:`start` gave; the last user shuts it down (no worker left running)."""
    global _pool, _users
    if pool is None or pool is not _pool:
        return
    _users -= 1
    if _users <= 0:
        _pool, _users = None, 0
        await pool.close()


async def run(fn: Callable[..., T], *args: Any, priority: int | None = None, **kwargs: Any) -> T:
    """Run ``fn(*args, **kwargs)`` off the event loop: in the worker pool when one is started,
    else in a thread. ``fn`` is a module-level function (sent by reference) and its arguments are
    views and plain data (see the module docstring: never another seat's tiles). ``priority``
    (``CLICK``, ``PLAY``, ``LAST``; default: the function's) orders the jobs waiting for a worker.

    :raises WorkerError: when the job's worker died twice.
    """
    pool = _pool
    if pool is None:
        return await asyncio.to_thread(fn, *args, **kwargs)
    return await pool.run(fn, *args, priority=priority, **kwargs)
