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

from bot.i18n import builder, chips, common, settings, stats, table
from engine.errors import MahjongError, RulesetHandError

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
    table.MESSAGES, chips.MESSAGES, stats.MESSAGES, settings.MESSAGES, builder.MESSAGES, common.MESSAGES
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
else ``hands`` (the same rule in English and German: ``1 Hand``, ``2 Hände``, ``0 Hände``)."""


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
    ('1 hand', '16 hands', '1 Hand')
    """
    name, one, other = match.groups()
    value = values[name]
    count = str(value).strip().lstrip("+")
    return one if count == "1" else other


def engine_error(exc: MahjongError, lang: Language = "en") -> str:
    """An engine error in ``lang``: a hand its ruleset cannot have (:class:`RulesetHandError`)
    from the catalogue's ``hand_<code>``, any other error as the engine says it.

    >>> err = RulesetHandError("no 1f", "no_bonus", ruleset="huabao", size="136", tile="1f")
    >>> engine_error(err, "de")
    'huabao wird mit 136 Steinen gespielt, ohne Blumen und Jahreszeiten: 1f gibt es nicht.'
    >>> engine_error(MahjongError("bad"), "de")
    'bad'
    """
    if isinstance(exc, RulesetHandError) and f"hand_{exc.code}" in CATALOGUE:
        return text(f"hand_{exc.code}", lang, **exc.values)
    return str(exc)


COMMAND_TEXT: Final[dict[str, str]] = merged(
    table.COMMANDS, chips.COMMANDS, stats.COMMANDS, settings.COMMANDS, builder.COMMANDS
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
