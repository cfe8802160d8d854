"""Errors the engine raises, split by cause.

Every error is a :class:`ValueError` whose message names what was wrong and
what would be accepted, so an adapter (the bot, the command line) can show it
to a person as it is. A hand that does not win is *not* an error: scoring
returns an outcome with a reason.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Final

QUOTE_LIMIT: Final = 40
"""How many characters of a person's input an error message quotes (see :func:`quote`)."""


class MahjongError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(MahjongError):
    """A tile or hand string that cannot be read (bad characters, bad digits)."""


class InvalidHandError(MahjongError):
    """A readable hand that cannot exist: a fifth tile, a meld that is no meld."""


class RulesetHandError(InvalidHandError):
    """A hand its ruleset cannot have: a tile its set lacks, a claimed chow where no chow may
    be claimed. ``code`` names the case and ``values`` what fills it in, so an adapter can say
    it in its own language (the bot's catalogue has ``hand_<code>``).

    >>> err = RulesetHandError("no 1f here", "tile_not_in_set", ruleset="huabao", tile="1f")
    >>> str(err), err.code, err.values["tile"]
    ('no 1f here', 'tile_not_in_set', '1f')
    """

    def __init__(self, message: str, code: str, **values: str) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class SettingError(MahjongError):
    """An unknown ruleset, setting or flag, or a value it does not take."""


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal where the game stands (the answer of ``Game.check``).

    ``private``: the reason speaks of the acting seat's own concealed tiles or options, so it is
    shown to that seat alone (:class:`IllegalActionError` says the same when raised).

    >>> refusal = Refusal("West holds no 5p to discard", private=True)
    >>> refusal.error().public_message
    'that move is not possible now'
    """

    message: str
    private: bool = False

    def error(self) -> IllegalActionError:
        """The error raised for this refusal."""
        return IllegalActionError(self.message, private=self.private)


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

    def __init__(self, message: str, *, private: bool = False) -> None:
        super().__init__(message)
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
