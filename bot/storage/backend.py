"""What a storage backend is (SQLite file or PostgreSQL server), and what both share.

:class:`bot.storage.core.StorageCore` holds one :class:`Backend` and runs every operation of the
storage as one transaction on it: :meth:`Backend.write`, :meth:`Backend.write_grouped` (the
appends of a move) or :meth:`Backend.read`, each with the work to do inside the transaction (an
``async`` function of a :class:`bot.storage.sql.Db`). Both backends keep the same promises:

* a call that returned was committed, durably (an answered click survives a crash);
* a call whose caller is cancelled has either done nothing or run its whole transaction,
  committed or rolled back, before the cancellation reaches the caller;
* a read sees one committed snapshot, never another task's half-done work.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bot.storage.sql import Db, Dialect

T = TypeVar("T")
Work = Callable[[Db], Awaitable[T]]
"""What runs inside one transaction: an ``async`` function of the connection."""


class Backend(Protocol):
    """One database the storage runs its transactions on."""

    @property
    def dialect(self) -> Dialect:
        """Which SQL the database speaks (the folder of its migrations)."""
        ...

    @property
    def label(self) -> str:
        """The database as messages name it (a file, or a server and database without password)."""
        ...

    @property
    def is_open(self) -> bool:
        """Whether :meth:`open` succeeded and :meth:`close` has not run since."""
        ...

    @property
    def group_commits(self) -> int:
        """How many group transactions (:meth:`write_grouped`) have committed."""
        ...

    async def open(self, *, now: str) -> None:
        """Connect, check the schema and apply pending migrations (recorded at ``now``)."""
        ...

    async def close(self) -> None:
        """Wait for the transactions in progress, then disconnect."""
        ...

    async def write(self, work: Work[T]) -> T:
        """``work`` in one write transaction: all of it commits, or none of it."""
        ...

    async def write_grouped(self, work: Work[T]) -> T:
        """Like :meth:`write`, for many small writes at once (the appends of moves)."""
        ...

    async def read(self, work: Work[T]) -> T:
        """``work`` on one committed snapshot; it writes nothing."""
        ...

    async def integrity_check(self) -> str:
        """``"ok"``, or the problems the database finds in itself."""
        ...

    async def claim_table(self, channel_id: int) -> bool:
        """Claim the right to drive the table of ``channel_id`` for this process, until
        :meth:`release_table` or until the process ends; False while another process holds it."""
        ...

    async def release_table(self, channel_id: int) -> None:
        """Give up a claim of :meth:`claim_table` (a no-op without one)."""
        ...


async def outlast_cancellation(task: asyncio.Future[T]) -> T:
    """The task's result, waiting for it to end even if the caller is cancelled meanwhile; a
    cancellation of the caller is raised once the task has ended (its result is then dropped)."""
    cancelled: asyncio.CancelledError | None = None
    while not task.done():
        try:
            await asyncio.wait((task,))
        except asyncio.CancelledError as exc:
            cancelled = exc
    if cancelled is not None:
        if not task.cancelled():
            task.exception()  # retrieved: the caller hears of the cancellation instead
        raise cancelled
    return task.result()


@dataclass(eq=False, slots=True)
class _Grouped:
    """One write waiting for the next group commit: its work and the future its caller awaits."""

    work: Work[Any]
    done: asyncio.Future[Any]


class GroupCommit:
    """Group commit, for either backend: the writes (a move's appends) that arrive while a group
    transaction runs wait for the next one together, one transaction (one commit, one fsync) for
    many tables, each write in a savepoint of its own. The promises of a write hold for each call:

    * it returns once the transaction that holds its work has committed (durable);
    * its work runs in a savepoint: an exception in it (a refused append) rolls back that
      work only and is raised to that caller only, the others commit;
    * a caller cancelled before its batch began is left out (nothing written); one cancelled
      while its batch runs waits for the batch to end (committed or not, whole) and then
      raises the cancellation.

    :param lock: held while a batch runs (SQLite: the writer's lock; PostgreSQL: one of its own,
        so that one batch runs at a time and the next gathers meanwhile).
    :param run: runs one transaction of the given work to its end (commit or rollback), in a task
        of its own, as the backend's writes do.
    :param error: the error a caller hears for an error of the database (the backend's clearer one).
    """

    def __init__(
        self,
        lock: asyncio.Lock,
        run: Callable[[Work[None]], Coroutine[Any, Any, None]],
        error: Callable[[BaseException], BaseException],
    ) -> None:
        self._lock, self._run, self._error = lock, run, error
        self._pending: list[_Grouped] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0
        """How many group transactions have committed (tests count them)."""

    async def write(self, work: Work[T]) -> T:
        """Run ``work`` in the next group transaction (see the class)."""
        loop = asyncio.get_running_loop()
        item = _Grouped(work, loop.create_future())
        self._pending.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        cancelled: asyncio.CancelledError | None = None
        while not item.done.done():
            try:
                await asyncio.wait((item.done,))
            except asyncio.CancelledError as exc:
                if item in self._pending:  # its batch has not begun: leave it out
                    self._pending.remove(item)
                    raise
                cancelled = exc
        if cancelled is not None:
            if not item.done.cancelled():
                item.done.exception()  # retrieved: the caller hears of the cancellation instead
            raise cancelled
        result: T = item.done.result()
        return result

    async def _flush(self) -> None:
        """Take the grouped writes waiting now (under the lock) and commit them as one transaction;
        start the next flush for those that arrived meanwhile (behind other writers in the lock)."""
        batch: list[_Grouped] = []
        try:
            async with self._lock:
                batch, self._pending = self._pending, []
                if batch:
                    await self._commit(batch)
        except asyncio.CancelledError:
            for item in [*batch, *self._pending]:  # the loop is shutting down: nothing more runs
                if not item.done.done():
                    item.done.cancel()
            self._pending = []
            raise
        if self._pending:
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _commit(self, batch: list[_Grouped]) -> None:
        """One transaction for ``batch`` (the caller holds the lock), each work in a savepoint;
        every item's future gets its own result or error, or the transaction's error."""
        outcomes: list[tuple[bool, Any]] = []

        async def work(db: Db) -> None:
            outcomes.clear()  # a transaction run again starts over
            if len(batch) == 1:  # alone: its error rolls back the transaction, as a write's does
                outcomes.append((True, await batch[0].work(db)))
                return
            for item in batch:
                await db.execute("SAVEPOINT grouped")
                try:
                    outcome = (True, await item.work(db))
                except Exception as exc:  # this work only: the others go on
                    await db.execute("ROLLBACK TO SAVEPOINT grouped")
                    outcome = (False, exc)
                await db.execute("RELEASE SAVEPOINT grouped")
                outcomes.append(outcome)

        try:
            task = asyncio.get_running_loop().create_task(self._run(work))
            await outlast_cancellation(task)
        except Exception as exc:  # the whole transaction rolled back: every item hears why
            error = self._error(exc)
            for item in batch:
                item.done.set_exception(error)
            return
        self.commits += 1
        for item, (ok, value) in zip(batch, outcomes, strict=True):
            if ok:
                item.done.set_result(value)
            else:
                item.done.set_exception(self._error(value))
