"""Checks of what callers hand to the storage, and the bounds of everything it stores.

Every public method of :class:`bot.storage.Storage` checks its arguments here
before it touches the database, so that bad input gets a
:class:`StorageInputError` saying what was wrong and what is accepted, never
an ``OverflowError`` from SQLite's binding or a row that cannot be read back.
Error messages quote a person's input through :func:`quote`, never whole.

Bounds. SQLite stores whole numbers in 64 bits, and ``SUM`` fails for good
(``integer overflow``) once an account's entries add up beyond that; as the
ledger is append-only, such a server could never read a balance again. So:

* an amount of one movement of chips (buy-in, adjustment, transfer, payment,
  starting chips) is at most :data:`MAX_AMOUNT` (10^9) chips;
* no account's balance, the bank's included, may leave
  ±\\ :data:`MAX_BALANCE` (10^12) chips: the ledger checks it before it posts,
  inside the write transaction (see ``LedgerMixin._post``).

A club's chips fit in far less, and with these bounds every sum the ledger
computes stays below 2^63 by a factor of thousands.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final, TypeGuard

from bot.storage.errors import StorageInputError
from bot.storage.records import Seat
from engine.errors import SettingError
from engine.errors import quote as engine_quote
from engine.rulesets import Ruleset
from engine.settings import SPEC_BY_NAME

MAX_ID: Final = 2**63 - 1
"""The largest id SQLite stores (Discord snowflakes, game ids, hand and action numbers fit)."""

MAX_SEED: Final = 2**63 - 1
"""The largest seed of a game."""

MAX_AMOUNT: Final = 10**9
"""The most chips one buy-in, adjustment, transfer, payment or season's starting chips may move."""

MAX_BALANCE: Final = 10**12
"""No account's balance (the bank's included) may go above this or below its negative."""

MAX_ACTION_LENGTH: Final = 200
"""The longest action line of a game's log."""

MAX_REASON_LENGTH: Final = 200
"""The longest reason a person may write into the ledger."""

QUOTE_LIMIT: Final = 80
"""The most characters of a person's input an error message quotes."""

AI_SEAT: Final = re.compile(r"^ai:[a-z0-9_-]{1,32}(:[1-9][0-9]{0,2})?$")
"""A computer player's seat: ``ai:<level>`` and, since computers keep their names, ``:<number>``."""
LANGUAGE: Final = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


def quote(value: object) -> str:
    """How a storage error shows what it was given: its ``repr``, at most 80 characters.

    >>> quote("ai:normal"), quote(2**63)
    ("'ai:normal'", '9223372036854775808')
    >>> quote("x" * 10_000)[-6:], len(quote("x" * 10_000))
    ('xxx...', 80)
    >>> quote(10**5000)
    'a whole number of about 5001 digits'
    """
    # A string's first characters are enough to fill the limit; engine_quote bounds huge numbers
    # and nested values without writing them out whole.
    text = repr(value[: QUOTE_LIMIT + 1]) if isinstance(value, str) else engine_quote(value, QUOTE_LIMIT)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


def is_whole(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_id(value: object, what: str) -> int:
    """A Discord id (guild, channel, user): a whole number from 1 to 2^63-1."""
    if not is_whole(value) or not 0 < value <= MAX_ID:
        raise StorageInputError(
            f"{what} must be a Discord id (a positive whole number up to {MAX_ID}), not {quote(value)}"
        )
    return value


def check_actor(value: object) -> int | None:
    """Who caused a change: None (the bot itself) or a Discord user id."""
    return None if value is None else check_id(value, "the actor's user id")


def check_number(value: object, what: str, low: int = 1, high: int = MAX_ID) -> int:
    """A whole number from ``low`` to ``high`` (a game id, a hand or action number, a limit)."""
    if not is_whole(value) or not low <= value <= high:
        raise StorageInputError(f"{what} must be a whole number from {low} to {high}, not {quote(value)}")
    return value


def check_optional(value: object, what: str, low: int = 1) -> int | None:
    """None, or a whole number from ``low`` to 2^63-1."""
    return None if value is None else check_number(value, what, low)


def check_amount(amount: object, what: str = "amount") -> int:
    """Chips moved by one buy-in, transfer or payment: 1 to :data:`MAX_AMOUNT`."""
    if not is_whole(amount) or not 1 <= amount <= MAX_AMOUNT:
        raise StorageInputError(
            f"the {what} must be a whole number of chips from 1 to {MAX_AMOUNT}, not {quote(amount)}"
        )
    return amount


def check_text(value: object, what: str, limit: int = MAX_REASON_LENGTH) -> str:
    """A person's text (a reason, a name): a string of at most ``limit`` characters, stripped."""
    if not isinstance(value, str):
        raise StorageInputError(f"{what} must be text, not {quote(value)}")
    text = value.strip()
    if len(text) > limit:
        raise StorageInputError(f"{what} is at most {limit} characters, not {len(text)}: {quote(text)}")
    return text


def check_seat(seat: object, index: int) -> Seat:
    """A seat of a game: a Discord user id or ``"ai:<level>"`` / ``"ai:<level>:<number>"``."""
    if isinstance(seat, str):
        if not AI_SEAT.match(seat):
            raise StorageInputError(
                f"seat {index} is {quote(seat)}; a seat is a Discord user id or a computer player "
                "written ai:<level>, like ai:normal"
            )
        return seat
    return check_id(seat, f"seat {index}")


def valid_overrides(overrides: Mapping[str, object], ruleset: Ruleset | None = None) -> dict[str, object]:
    """The stored overrides that today's engine still accepts (an update may drop a setting),
    and, given a ``ruleset``, that apply to it (a server's house rules stay when a channel
    plays another ruleset; they count where they apply)."""
    out: dict[str, object] = {}
    for name, value in overrides.items():
        spec = SPEC_BY_NAME.get(name)
        if spec is None or (ruleset is not None and name not in ruleset.setting_names):
            continue
        try:
            out[name] = spec.convert(value)
        except SettingError:
            continue
    return out
