"""Errors the engine raises, split by cause.

Every error is a :class:`ValueError` whose message names what was wrong and
what would be accepted, so an adapter (the bot, the command line) can show it
to a person as it is. A hand that does not win is *not* an error: scoring
returns an outcome with a reason.
"""

from __future__ import annotations


class MahjongError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(MahjongError):
    """A tile or hand string that cannot be read (bad characters, bad digits)."""


class InvalidHandError(MahjongError):
    """A readable hand that cannot exist: a fifth tile, a meld that is no meld."""


class SettingError(MahjongError):
    """An unknown ruleset, setting or flag, or a value it does not take."""


class IllegalActionError(MahjongError):
    """An action that the rules do not allow in the current state."""
