"""The bot's storage: every write durable before the bot answers, on SQLite or PostgreSQL.

Open it once when the bot starts and close it when it stops::

    async with Storage.from_env() as storage:   # MAHJONG_DATABASE_URL, else MAHJONG_DB (./mahjong.sqlite3)
        restored = await storage.restore_unfinished_games(rebuild)
        ...

:class:`Storage` is the one front door; each concern lives in a module of its own, all sharing
the core (:mod:`bot.storage.core`: the backend and the transactions): house rules
(:mod:`~bot.storage.rules`), players (:mod:`~bot.storage.players`), the ledger's books
(:mod:`~bot.storage.ledger`), chip movements and reports (:mod:`~bot.storage.chips`), games and
their logs (:mod:`~bot.storage.games`), CSV exports (:mod:`~bot.storage.export`), table settings
(:mod:`~bot.storage.table_settings`) and the pruning of old games' move logs
(:mod:`~bot.storage.retention`). Input checks and bounds are in :mod:`~bot.storage.checks`.

Backends. An SQLite file (:mod:`~bot.storage.sqlite`) for one bot process: WAL mode with
``synchronous=FULL``, every commit fsynced before the call returns (``NORMAL`` survives a crash of
the process but not of the machine, for slow disks), one writer connection under a lock, reads
on a read-only connection beside it, the appends of a move grouped into one commit. A PostgreSQL
database (:mod:`~bot.storage.postgres`) for several processes (shards): a pool of connections,
serializable transactions, an advisory lock per table so that two processes never drive one.

Cancellation. A storage call whose task is cancelled (an interaction handler timing out) has
either done nothing or run its whole transaction, committed or rolled back, before the
cancellation reaches its caller (see :mod:`bot.storage.backend`).
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

    :param location: the SQLite file (created with its folder if missing), or a ``postgresql://``
        URL of a PostgreSQL database.
    :param clock: returns the current time (aware or UTC); tests pass a fixed clock.
    :param default_starting_chips: chips per player in season 1, opened on a club's first ledger use
        (0 to 10^9).
    :param synchronous: SQLite: ``"FULL"`` (default: fsync on every commit) or ``"NORMAL"``
        (survives a process crash, not a power loss); see the module docstring.
    :param schema_version: migrate only up to this version (tests of upgrades); default the newest.
    :param group_commit, read_connection: SQLite's group commit and reader (both on by default).
    :param pool_size: PostgreSQL: the most connections this process opens (default 10).
    """
