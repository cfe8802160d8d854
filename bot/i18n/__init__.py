"""Every text the bot shows, in English and German, from one catalogue.

Each area keeps its texts in a module of this package (``table.py`` for the
table and /score; one module per command group). A module defines
``MESSAGES`` (key -> (English, German)) and ``COMMANDS`` (English command
text -> German); :data:`CATALOGUE` and :data:`COMMAND_TEXT` merge them, and a
key defined twice is an error at import.

A private card speaks the clicker's Discord locale; a table speaks its
guild's setting, else the guild's locale, else English (:func:`language`).
Tile and rule names in German follow the seeds.

>>> text("my_hand", "de")
'Meine Hand'
>>> text("turn_of", "en", name="Ada", deadline=" (in 1 minute)")
"Ada's turn (in 1 minute)"
>>> language("de-DE"), language("en-GB"), language(None)
('de', 'en', 'en')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final, Literal, TypeVar

from bot.i18n import (
    anywhere,
    builder,
    chips,
    common,
    errors,
    forms,
    history,
    rating,
    record,
    replay,
    settings,
    stats,
    table,
)
from engine.errors import IllegalActionError, MahjongError, RulesetHandError  # noqa: F401 (the doctest)

Language = Literal["en", "de"]

V = TypeVar("V")


def merged(*parts: Mapping[str, V]) -> dict[str, V]:
    """One dictionary from the areas' dictionaries.

    >>> merged({"a": 1}, {"b": 2, "a": 1})
    {'a': 1, 'b': 2}

    :raises ValueError: for a key two areas define differently (each text has one home).
    """
    out: dict[str, V] = {}
    for part in parts:
        twice = {k for k in out.keys() & part.keys() if out[k] != part[k]}
        if twice:
            raise ValueError(f"texts defined twice: {sorted(twice)}")
        out.update(part)
    return out


CATALOGUE: Final[dict[str, tuple[str, str]]] = merged(
    table.MESSAGES,
    chips.MESSAGES,
    stats.MESSAGES,
    settings.MESSAGES,
    builder.MESSAGES,
    common.MESSAGES,
    errors.MESSAGES,
    rating.MESSAGES,
    history.MESSAGES,
    replay.MESSAGES,
    record.MESSAGES,
    anywhere.MESSAGES,
    forms.MESSAGES,
)
"""Message key -> (English, German), from every area's module."""


def language(locale: object) -> Language:
    """The catalogue language for a Discord locale (``de``, ``de-DE`` ...; anything else English)."""
    return "de" if str(locale or "").lower().startswith("de") else "en"


def text(key: str, lang: Language = "en", **values: object) -> str:
    """The message ``key`` in ``lang`` with ``values`` filled in.

    :raises KeyError: for a key the catalogue lacks (a programming error, caught by the tests).
    """
    en, de = CATALOGUE[key]
    template = de if lang == "de" else en
    if lang == "de":
        values = {name: _season(name, value) for name, value in values.items()}
    if values and "|" in template:
        template = PLURAL.sub(lambda m: _plural(m, values), template)
    return template.format(**values) if values else template


PLURAL: Final = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")
"""A count-aware word in a template: ``{n|hand|hands}`` is ``hand`` when the value ``n`` is one,
else ``hands`` (the same rule in English and German: ``1 Spiel``, ``2 Spiele``, ``0 Spiele``)."""


SEASON_VALUES: Final = frozenset({"season", "old", "new"})
"""The values that name a season (``chips_balance``, ``chips_season_opened``, ``stats_title``)."""

UNNAMED_SEASON: Final = re.compile(r"Season (\d+)")
"""A season the club did not name: the ledger stores it as ``Season N`` (``bot/storage/ledger.py``)."""


def _season(name: str, value: object) -> object:
    """A season's name as a German text shows it: one the club did not name is ``Saison N``;
    a name the club gave stays as it is.

    >>> text("chips_leaderboard", "de", season="Season 3"), text("chips_leaderboard", "de", season="Herbst")
    ('Rangliste von Saison 3', 'Rangliste von Herbst')
    """
    if name in SEASON_VALUES and isinstance(value, str):
        unnamed = UNNAMED_SEASON.fullmatch(value)
        if unnamed is not None:
            return CATALOGUE["season_unnamed"][1].format(n=unnamed.group(1))
    return value


def _plural(match: re.Match[str], values: Mapping[str, object]) -> str:
    """The singular or plural word of a ``{n|one|other}`` marker for ``values[n]`` (a number, or a
    number already written for people: ``"1"``, ``"1,000"``).

    >>> text("length_hands", "en", n=1), text("length_hands", "en", n=16), text("length_hands", "de", n=1)
    ('1 hand', '16 hands', '1 Spiel')
    """
    name, one, other = match.groups()
    value = values[name]
    count = str(value).strip().lstrip("+")
    return one if count == "1" else other


def engine_error(exc: MahjongError, lang: Language = "en") -> str:
    """An engine error in ``lang``: a coded error (every one a person can meet) from the
    catalogue's ``err_<code>`` (:mod:`bot.i18n.errors`), its values worded for a person (tiles
    and winds by name, what was typed as typed); an error without a code as the engine says it.
    A private refusal's text names the acting seat's own tiles: show it to that seat alone.

    >>> err = RulesetHandError("no 1f", "no_bonus", ruleset="huabao", size=136, tile="1f")
    >>> engine_error(err, "de")
    'huabao wird mit 136 Steinen gespielt, ohne Blumen und Jahreszeiten: Pflaume gibt es nicht.'
    >>> engine_error(MahjongError("bad"), "de")
    'bad'
    """
    worded = errors.error_text(exc, lang)
    return str(exc) if worded is None else worded


def error_reason(exc: BaseException, lang: Language = "en") -> str:
    """Why something failed, for the person it failed for (``{reason}`` of ``error``,
    ``score_error``, ``chips_error`` ...): an engine error with a code in their words, a private
    refusal without its concealed tiles, anything else as an unexpected error (never a class
    name, never internals, which go to the log).

    >>> error_reason(RuntimeError("disk on fire"), "de")
    'ein unerwarteter Fehler; das Protokoll des Bots hat die Einzelheiten'
    >>> error_reason(IllegalActionError("West holds no 5p", "no_tile_to_discard", private=True, tile="5p"))
    'That move is not possible now; choose one of the moves offered.'
    """
    if isinstance(exc, IllegalActionError) and exc.private:
        return text("err_cannot_now", lang)
    if isinstance(exc, MahjongError) and errors.error_text(exc, lang) is not None:
        return engine_error(exc, lang)
    return text("error_unexpected", lang)


COMMAND_TEXT: Final[dict[str, str]] = merged(
    table.COMMANDS,
    chips.COMMANDS,
    stats.COMMANDS,
    settings.COMMANDS,
    builder.COMMANDS,
    rating.COMMANDS,
    history.COMMANDS,
    record.COMMANDS,
    anywhere.COMMANDS,
    forms.COMMANDS,
)
"""English command text -> German (names, descriptions, choices); a hand example stays as it is."""


def german_command_text(english: str) -> str | None:
    """The German of a command's name, description or choice (None: keep the English).

    >>> german_command_text("new"), german_command_text("The rules to play"), german_command_text("dmjl")
    ('neu', 'Das Regelwerk', None)
    """
    if english.startswith("The hand, like "):
        return "Die Hand, etwa " + english.removeprefix("The hand, like ")
    return COMMAND_TEXT.get(english)
