"""Numbers as a reader of each language writes them, from the CLDR data Babel ships.

One helper for every number a person reads, in text and in images: chips, points, scores,
counts. English groups thousands with a comma (``12,500``), German with a full stop
(``12.500``). A signed change carries a plus or a true minus sign (``+1,000``, ``−1.000``);
nothing is signed at zero.

>>> number(12500, "en"), number(12500, "de"), number(-1000, "de")
('12,500', '12.500', '−1.000')
>>> signed(15000, "de"), signed(-250, "en"), signed(0, "en")
('+15.000', '−250', '0')
>>> decimal(1234.5, "de", digits=1), percent(0.25, "en"), percent(0.125, "de")
('1.234,5', '25%', '12,5\\xa0%')
"""

from __future__ import annotations

from functools import cache
from typing import Final

from babel import Locale
from babel.numbers import format_decimal, format_percent

from engine.tiles import Lang

MINUS: Final = "\u2212"
"""The minus sign of a number shown to people (not the hyphen ``-`` of code)."""

_LOCALES: Final = {"en": "en", "de": "de"}


@cache
def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(_LOCALES[lang])
    except KeyError:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'") from None


def _minus(text: str) -> str:
    return text.replace("-", MINUS)


def number(value: int, lang: Lang = "en") -> str:
    """A whole number with the thousands grouping of ``lang`` (a true minus when negative).

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    return _minus(format_decimal(value, format="#,##0", locale=_locale(lang)))


def signed(value: int, lang: Lang = "en") -> str:
    """A change: ``+12,500`` or ``−12,500`` (``0`` unsigned), grouped as ``lang`` groups."""
    shown = number(abs(value), lang)
    return shown if value == 0 else ("+" if value > 0 else MINUS) + shown


def decimal(value: float, lang: Lang = "en", *, digits: int = 1) -> str:
    """A number with up to ``digits`` decimals, in ``lang``'s grouping and decimal mark
    (``1,234.5`` / ``1.234,5``)."""
    pattern = "#,##0" + ("." + "#" * digits if digits > 0 else "")
    return _minus(format_decimal(value, format=pattern, locale=_locale(lang)))


def percent(fraction: float, lang: Lang = "en", *, digits: int = 1) -> str:
    """A fraction as a percentage with up to ``digits`` decimals (``25%``; German ``25 %`` with a
    no-break space, as CLDR writes it)."""
    locale = _locale(lang)
    pattern = str(locale.percent_formats[None].pattern)  # "#,##0%", German "#,##0\xa0%"
    if digits > 0:
        pattern = pattern.replace("0", "0." + "#" * digits, 1)
    return _minus(format_percent(fraction, format=pattern, locale=locale))
