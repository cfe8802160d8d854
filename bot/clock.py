"""The bot's clock: every timer of a table and of the presenter reads and waits on one.

A :class:`Clock` is called for the monotonic time in seconds (``clock()``), gives the Unix time
for what is stored or shown as a date (``clock.wall()``), and waits: ``await clock.sleep(s)``
and ``await clock.wait(event, s)`` (until the event is set or ``s`` seconds have passed on this
clock). The bot runs on :class:`SystemClock` (``time.monotonic``, ``time.time``, the event
loop's timers). Tests give :func:`bot.app.create_bot` a :class:`ManualClock` instead: its time
stands still until the test moves it with :meth:`ManualClock.advance`, which wakes whoever
waits for that moment, so no timer depends on how fast the machine is.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    """Where a table and the presenter take the time from, and how they wait."""

    def __call__(self) -> float:
        """Monotonic seconds (only differences mean anything)."""

    def wall(self) -> float:
        """The Unix time now (for deadlines that are stored or shown as a date)."""

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` on this clock (at least one pass of the event loop)."""

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        """Wait until ``event`` is set or ``seconds`` passed on this clock; whether it is set."""


class SystemClock:
    """The real time: ``time.monotonic``, ``time.time`` and the event loop's timers."""

    def __call__(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(seconds, 0.0))

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout=max(seconds, 0.0))
        return event.is_set()


STEP = 1 / 1024
"""A :class:`ManualClock` moves in whole steps of this: sums and differences of such times are
exact in floating point, so a deadline made from them is reached exactly, not one rounding
short (0.1 + 0.2 is not 0.3). The bot's times in tests are such numbers too (1.5, 20, 0.25)."""


class ManualClock:
    """A clock that moves only when told to (tests): :meth:`advance` moves it and wakes every
    sleeper whose time has come, in the order of their times. It moves in steps of :data:`STEP`.

    >>> clock = ManualClock(start=10.0, wall=1_000.0)
    >>> clock(), clock.wall()
    (10.0, 1000.0)
    >>> clock.advance(2.5)
    >>> clock(), clock.wall()
    (12.5, 1002.5)
    """

    def __init__(self, start: float = 0.0, wall: float = 1_750_000_000.0) -> None:
        self._now = start
        self._wall_offset = wall - start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._now + self._wall_offset

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds`` (not back) and wake the sleepers now due; they run
        when the event loop next gets control (a test then awaits the bot's work)."""
        if seconds < 0:
            raise ValueError(f"a clock does not go back (advance by {seconds})")
        if (seconds / STEP) % 1:
            raise ValueError(f"advance by whole steps of 1/1024 s (such as 0.5 or 20), not {seconds}")
        self._now += seconds
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)

    @property
    def next_due(self) -> float | None:
        """When the earliest sleeper wakes (None: nobody sleeps)."""
        self._sleepers = [s for s in self._sleepers if not s[2].done()]
        heapq.heapify(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    def _timer(self, seconds: float) -> asyncio.Future[None]:
        """A future done when the clock reaches now + ``seconds`` (the time is taken now, not
        when someone first awaits it)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), future))
        return future

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        timer = self._timer(seconds)
        try:
            await timer
        finally:
            timer.cancel()  # a cancelled sleeper is dropped at the next advance

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        if event.is_set():
            return True
        if seconds <= 0:
            await asyncio.sleep(0)
            return event.is_set()
        timer = self._timer(seconds)
        waiter = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait((waiter, timer), return_when=asyncio.FIRST_COMPLETED)
        finally:
            timer.cancel()
            waiter.cancel()
            await asyncio.gather(waiter, return_exceptions=True)
        return event.is_set()


__all__ = ["STEP", "Clock", "ManualClock", "SystemClock"]
