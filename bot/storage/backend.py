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
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

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
