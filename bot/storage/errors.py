"""Errors the storage layer raises, split by who can cause them.

:class:`StorageInputError` (a :class:`ValueError`, like the engine's errors)
is something a person did: its message says what was wrong and what would be
accepted, so the bot can show it as it is. The engine's own
:class:`engine.errors.SettingError` for a bad house rule passes through
unchanged. The other errors are about the program or the database file and
are meant for logs and the operator.
"""

from __future__ import annotations

from engine.errors import MahjongError, Value


class StorageError(Exception):
    """Base of every error raised by :mod:`bot.storage`."""


class DatabaseAccessError(StorageError):
    """The database cannot be opened or written: a file or folder without permission, a read-only
    disk, a PostgreSQL server that cannot be reached or refuses the connection."""


class ConstraintError(StorageError):
    """A row the database's constraints refuse (a duplicate key, a failed check, a trigger's
    refusal): SQLite's ``IntegrityError`` and PostgreSQL's integrity violations alike."""


class StorageInputError(StorageError, ValueError):
    """Bad input from a person: an amount, a transfer, an option. Nothing was written."""


class InsufficientBalanceError(StorageInputError):
    """A gift or debit that would take a member below the club's floor. ``have`` is the member's
    balance, ``floor`` the floor that applies and ``most`` the most that could move now (0 for a
    member at or below the floor), so that the bot can say it in the reader's language."""

    def __init__(self, message: str, *, have: int = 0, floor: int = 0, most: int = 0) -> None:
        super().__init__(message)
        self.have, self.floor, self.most = have, floor, most


class BuyInLimitError(StorageInputError):
    """A buy-in the club does not offer, or one beyond its limit per season."""


class NotFoundError(StorageInputError):
    """A game, hand or season that does not exist."""


class GameStateError(StorageError):
    """An operation the game's current state does not allow (finished hand, game not live)."""


class ActionOrderError(GameStateError):
    """An action appended with a sequence number that is not the next one (two writers racing)."""


class LedgerError(StorageError):
    """A ledger transaction that does not balance; a bug in the caller, never written."""


class SchemaError(StorageError):
    """The database's schema cannot be used by this version of the code."""


class SchemaTooNewError(SchemaError):
    """The database was upgraded by a newer version of the bot than this one."""


class RecordError(StorageInputError, MahjongError):
    """A ``/record`` request a recorded game's state refuses (a member not at the table, a hand
    already booked, confirming twice, a record that has ended ...). Nothing was written. Like an
    engine error it has a ``code`` and ``values``, so the bot words it in the reader's language
    with ``bot.i18n.engine_error`` (catalogue ``err_<code>``, :mod:`bot.i18n.errors`).

    >>> err = RecordError("member 5 is not at this table", "record_not_seated", member_text="5")
    >>> err.code, isinstance(err, StorageInputError), isinstance(err, MahjongError)
    ('record_not_seated', True, True)
    """

    def __init__(self, message: str, code: str, **values: Value) -> None:
        MahjongError.__init__(self, message, code, **values)
