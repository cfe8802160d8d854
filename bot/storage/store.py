"""The bot's storage: one SQLite file, one writer, every write durable before the bot answers.

Open it once when the bot starts and close it when it stops::

    async with Storage.from_env() as storage:        # MAHJONG_DB, default ./mahjong.sqlite3
        restored = await storage.restore_unfinished_games(rebuild)
        ...

:class:`Storage` is the one front door; each concern lives in a module of its own, all sharing
the connection core (:mod:`bot.storage.core`): house rules (:mod:`~bot.storage.rules`), players
(:mod:`~bot.storage.players`), the ledger's books (:mod:`~bot.storage.ledger`), chip movements and
reports (:mod:`~bot.storage.chips`), games and their logs (:mod:`~bot.storage.games`), CSV
exports (:mod:`~bot.storage.export`), table settings (:mod:`~bot.storage.table_settings`) and
the pruning of old games' move logs (:mod:`~bot.storage.retention`).
Input checks and bounds are in :mod:`~bot.storage.checks`.

Durability. The database runs in WAL mode with ``synchronous=FULL``: every
commit (one per action append, one per chip transaction) is fsynced before
the call returns. With ``NORMAL`` a commit already survives a crash or
``SIGKILL`` of the bot's process, but the last transactions could be lost
when the machine itself goes down (power cut, the host rebooting the VM).
A club's chips and a game in progress are worth the fsync: it costs well
under a millisecond per commit on an SSD (see ``bench/storage.py``), far
below what a Discord round trip takes. ``synchronous="NORMAL"`` can be
chosen in the constructor for slow disks.

One writer. aiosqlite runs the one connection in its own thread; an
:class:`asyncio.Lock` makes each transaction (several statements across
awaits) exclusive, so tasks of many tables never interleave inside one.
Reads take the lock too, so they never see another task's uncommitted work.

Cancellation. A storage call whose task is cancelled (an interaction handler
timing out) has either done nothing or run its whole transaction, committed
or rolled back, before the cancellation reaches its caller; the connection is
never left inside a transaction (see :mod:`bot.storage.core`).
"""

from __future__ import annotations

from bot.storage.chips import ChipsMixin
from bot.storage.core import DEFAULT_DB_PATH, DEFAULT_STARTING_CHIPS, db_path_from_env
from bot.storage.export import ExportMixin
from bot.storage.games import Rebuild, RestoreResult
from bot.storage.history import HistoryMixin
from bot.storage.players import PlayersMixin
from bot.storage.ratings import RatingsMixin
from bot.storage.recorded import RecordedMixin
from bot.storage.retention import RetentionMixin
from bot.storage.stats import StatsMixin
from bot.storage.table_settings import TableSettingsMixin

__all__ = [
    "DEFAULT_DB_PATH",
    "DEFAULT_STARTING_CHIPS",
    "Rebuild",
    "RestoreResult",
    "Storage",
    "db_path_from_env",
]


class Storage(
    RecordedMixin,
    RatingsMixin,
    HistoryMixin,
    StatsMixin,
    ExportMixin,
    RetentionMixin,
    ChipsMixin,
    PlayersMixin,
    TableSettingsMixin,
):
    """Everything the bot keeps: house rules, players, the chip ledger, games and their logs.

    :param path: the SQLite file (created with its folder if missing).
    :param clock: returns the current time (aware or UTC); tests pass a fixed clock.
    :param default_starting_chips: chips per player in season 1, opened on a club's first ledger use
        (0 to 10^9).
    :param synchronous: ``"FULL"`` (default: fsync on every commit) or ``"NORMAL"`` (survives a
        process crash, not a power loss); see the module docstring.
    :param schema_version: migrate only up to this version (tests of upgrades); default the newest.
    """
