"""Errors the engine raises, split by cause.

Every error is a :class:`ValueError` whose message names what was wrong and
what would be accepted, so an adapter (the bot, the command line) can show it
to a person as it is. A hand that does not win is *not* an error: scoring
returns an outcome with a reason.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

QUOTE_LIMIT: Final = 40
"""How many characters of a person's input an error message quotes (see :func:`quote`)."""


Value = str | int
"""What fills in an error's message in an adapter's language: text (a tile code, what a person
typed, a name) or a whole number (a count, a wind 0-3)."""


class MahjongError(ValueError):
    """Base of every error the engine raises on bad input.

    ``str()`` is the English message (the command line, logs). ``code`` names the case and
    ``values`` what fills it in, so an adapter can say it in its own language (the bot's
    catalogue has ``err_<code>``, :mod:`bot.i18n.errors`); an error without a code (``""``) is
    one no person should meet. Values by their key's ending: ``…tile`` a tile code, ``…tiles``
    tile codes (spaces allowed), ``…wind`` a wind (0-3), ``…text`` what a person typed or would
    type (quoted as typed), ``…texts`` several such words separated by spaces; any other whole
    number a number.

    >>> err = NotationError("'777' needs a suit letter", "digits_no_suit", text="777", digits_text="777")
    >>> str(err), err.code, err.values["digits_text"]
    ("'777' needs a suit letter", 'digits_no_suit', '777')
    """

    def __init__(self, message: str, code: str = "", **values: Value) -> None:
        super().__init__(message)
        self.code = code
        self.values: dict[str, Value] = values


class NotationError(MahjongError):
    """A tile or hand string that cannot be read (bad characters, bad digits)."""


class InvalidHandError(MahjongError):
    """A readable hand that cannot exist: a fifth tile, a meld that is no meld."""


class RulesetHandError(InvalidHandError):
    """A hand its ruleset cannot have: a tile its set lacks, a claimed chow where no chow may
    be claimed (its code and values as every :class:`MahjongError`'s).

    >>> err = RulesetHandError("no 1f here", "no_bonus", ruleset="huabao", size=136, tile="1f")
    >>> str(err), err.code, err.values["tile"]
    ('no 1f here', 'no_bonus', '1f')
    """


class SettingError(MahjongError):
    """An unknown ruleset, setting or flag, or a value it does not take."""


class EntryError(MahjongError):
    """A hand entered at a real table (:mod:`engine.recorded`) that does not fit the table: a win
    that does not win, a loser's value missing where the ruleset settles losers, entries that do
    not make one hand (two winners where one may win, a winner beside a drawn hand) ..."""


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal where the game stands (the answer of ``Game.check``, and of
    each judge: a feature's ``judge``, the deal's turn and claim judges).

    ``private``: the reason speaks of the acting seat's own concealed tiles or options, so it is
    shown to that seat alone (:class:`IllegalActionError` says the same when raised); its
    ``values`` may name those tiles. ``code`` and ``values`` word it in an adapter's language,
    as :class:`MahjongError`'s do.

    >>> refusal = Refusal("West holds no 5p to discard", private=True, code="no_tile_to_discard")
    >>> refusal.error().public_message, refusal.error().code
    ('that move is not possible now', 'no_tile_to_discard')
    """

    message: str
    private: bool = False
    code: str = ""
    values: Mapping[str, Value] = field(default_factory=dict, compare=False)

    def error(self) -> IllegalActionError:
        """The error raised for this refusal."""
        return IllegalActionError(self.message, self.code, private=self.private, **self.values)


def refusal(message: str, code: str, *, private: bool = False, **values: Value) -> Refusal:
    """A :class:`Refusal` with its code and values, written as an error is raised.

    >>> refusal("the hand is over", "hand_over").code
    'hand_over'
    """
    return Refusal(message, private, code, values)


class IllegalActionError(MahjongError):
    """An action that the rules do not allow in the current state.

    A *private* error speaks of the acting seat's own concealed tiles or
    options ("West holds no 5p to discard"): show its message to that seat
    alone; anyone else (a public message, a log line) gets
    :attr:`public_message`, which says nothing about hidden tiles.

    >>> err = IllegalActionError("West holds no 5p to discard", private=True)
    >>> err.private, err.public_message
    (True, 'that move is not possible now')
    """

    def __init__(self, message: str, code: str = "", *, private: bool = False, **values: Value) -> None:
        super().__init__(message, code, **values)
        self.private = private

    @property
    def public_message(self) -> str:
        """The message, or a neutral one when the message is private."""
        return "that move is not possible now" if self.private else str(self)


class _ShortRepr(reprlib.Repr):
    """``reprlib`` cut-downs, with whole numbers that are never turned into thousands of digits."""

    def repr_int(self, x: int, level: int) -> str:
        return quote(x, self.maxlong)

    def repr_str(self, x: str, level: int) -> str:
        return quote(x, self.maxstring)


_SHORT = _ShortRepr()
_SHORT.maxlevel = 3


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """How an error message shows what a person typed: its ``repr``, cut short.

    A string longer than ``limit`` characters shows its first ``limit``
    characters, an ellipsis and its length, so that an error about a huge
    input stays short. Characters that cannot be printed (control
    characters, lone surrogates) are escaped, as ``repr`` escapes them, so
    the message can always be written out. Other values (numbers, lists and
    objects read from JSON) are cut short the same way, at any depth.

    >>> quote("5p")
    "'5p'"
    >>> quote("x" * 100_000, limit=5)
    "'xxxxx'... (100000 characters)"
    >>> quote("\\udcff")
    "'\\\\udcff'"
    >>> quote(10**5000)
    'a whole number of about 5001 digits'
    >>> quote({"limit": [[[[300]]]]}), quote(list(range(100)))
    ("{'limit': [[[...]]]}", '[0, 1, 2, 3, 4, 5, ...]')
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() <= 3 * limit:  # 3 bits hold less than one decimal digit
            return repr(value)
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = _SHORT.repr(value)
    cap = 4 * limit
    return text if len(text) <= cap else f"{text[:cap]}... ({type(value).__name__})"


def shorten(message: str, limit: int = 300) -> str:
    """A whole message cut in the middle to about ``limit`` characters, keeping both ends.

    The last guard of an adapter that prints errors: messages quote input
    through :func:`quote` already, so this only bites on a message built
    elsewhere (an argument parser's, say).

    >>> shorten("abc"), shorten("a" * 50 + "b" * 50, limit=20)
    ('abc', 'aaaaaaaaaa ... bbbbbbbbbb')
    """
    if len(message) <= limit:
        return message
    half = limit // 2
    return f"{message[:half]} ... {message[-half:]}"
