"""Storage: house rules, players, the chip ledger, games and their action logs, in one SQLite
file or one PostgreSQL database.

All SQL of the project lives in this package. The bot opens one
:class:`Storage` at start-up (``MAHJONG_DATABASE_URL``, else the file of ``MAHJONG_DB``, default
``mahjong.sqlite3``), restores live games with
:meth:`Storage.restore_unfinished_games`, and closes it on shutdown. Schema
changes are numbered files in ``migrations/``, applied on open. Every
amount of chips is at most :data:`MAX_AMOUNT` and every balance stays within
±:data:`MAX_BALANCE` (see :mod:`bot.storage.checks`).
"""

from bot.storage.checks import MAX_AMOUNT, MAX_BALANCE
from bot.storage.errors import (
    ActionOrderError,
    BuyInLimitError,
    DatabaseAccessError,
    GameStateError,
    InsufficientBalanceError,
    LedgerError,
    NotFoundError,
    SchemaError,
    SchemaTooNewError,
    StorageError,
    StorageInputError,
)
from bot.storage.records import (
    Balance,
    ClubOptions,
    Entry,
    Export,
    GameRecord,
    HandRecord,
    HandSummary,
    LedgerCheck,
    Payment,
    Player,
    Season,
    Seat,
    SettingChange,
    Standing,
    TableRules,
    Transaction,
)
from bot.storage.store import (
    DEFAULT_DB_PATH,
    DEFAULT_STARTING_CHIPS,
    Rebuild,
    RestoreResult,
    Storage,
    db_path_from_env,
)

__all__ = [
    "DEFAULT_DB_PATH",
    "DEFAULT_STARTING_CHIPS",
    "MAX_AMOUNT",
    "MAX_BALANCE",
    "ActionOrderError",
    "Balance",
    "BuyInLimitError",
    "ClubOptions",
    "DatabaseAccessError",
    "Entry",
    "Export",
    "GameRecord",
    "GameStateError",
    "HandRecord",
    "HandSummary",
    "InsufficientBalanceError",
    "LedgerCheck",
    "LedgerError",
    "NotFoundError",
    "Payment",
    "Player",
    "Rebuild",
    "RestoreResult",
    "SchemaError",
    "SchemaTooNewError",
    "Season",
    "Seat",
    "SettingChange",
    "Standing",
    "Storage",
    "StorageError",
    "StorageInputError",
    "TableRules",
    "Transaction",
    "db_path_from_env",
]
