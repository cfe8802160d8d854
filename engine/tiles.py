"""Tiles: the 34 playing kinds, the 8 bonus tiles, and their notation.

A :class:`Tile` is a tile *kind* (there are four ``5p`` in a set, one ``1f``),
not one physical tile; the wall (in :mod:`engine.wall`) numbers the physical
tiles separately. A tile is a small ``int`` so that hand analysis can index
count arrays with it directly:

====== ======== ===============================================
index  notation what
====== ======== ===============================================
0-8    1m-9m    characters (Wan, Zahl, Schrift)
9-17   1p-9p    circles (Bing, Kreis, Lotus)
18-26  1s-9s    bamboo (Tiao, Bambus)
27-30  1z-4z    winds East, South, West, North (E S W N)
31-33  5z-7z    dragons White, Green, Red (Wh G R, or B F C)
34-37  1f-4f    flowers plum, orchid, chrysanthemum, bamboo
38-41  5f-8f    seasons spring, summer, autumn, winter
====== ======== ===============================================

>>> Tile.parse("5p")
Tile.parse('5p')
>>> str(Tile.parse("R"))
'7z'
>>> tiles_str(sorted_tiles(parse_tiles("EEE123m")))
'123m111z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final, Literal

from engine.errors import NotationError, quote

# --- Vocabulary -------------------------------------------------------------

SUIT_LETTERS: Final = "mpszf"
"""Suit letters in canonical order: characters, circles, bamboo, honours, bonus."""

N_KINDS: Final = 34
"""Number of playing tile kinds (suits and honours); four copies of each."""

N_ALL: Final = 42
"""Number of tile kinds including the eight bonus tiles (one copy each)."""

MAN, PIN, SOU = 0, 9, 18
"""Index of the 1 of each suit: characters, circles, bamboo."""

HONOUR_START: Final = 27
"""Index of ``1z`` (East); honours run to 33 (``7z``, Red)."""

BONUS_START: Final = 34
"""Index of ``1f`` (plum); bonus tiles run to 41 (``8f``, winter)."""

Lang = Literal["en", "de"]
"""A language names are given in: English or German (the German names follow the seeds)."""

LANGS: Final[tuple[Lang, ...]] = ("en", "de")
"""Every language names are given in."""


class Wind(IntEnum):
    """A seat or prevailing wind. Play runs East, South, West, North."""

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @property
    def letter(self) -> str:
        """One-letter name: ``E``, ``S``, ``W`` or ``N``."""
        return "ESWN"[self]

    @property
    def tile(self) -> Tile:
        """The honour tile of this wind (``1z`` for East)."""
        return TILES[HONOUR_START + self]

    @classmethod
    def parse(cls, text: str) -> Wind:
        """Read a wind from ``E``/``S``/``W``/``N``, its name or ``1z``-``4z``.

        >>> Wind.parse("s"), Wind.parse("North")
        (<Wind.SOUTH: 1>, <Wind.NORTH: 3>)
        """
        key = text.strip().lower()
        for wind in cls:
            if key in (wind.letter.lower(), wind.name.lower(), f"{wind + 1}z"):
                return wind
        raise NotationError(
            f"{quote(text)} is not a wind: use E, S, W or N (or East, South, West, North)",
            "not_a_wind",
            text=text,
        )


_SUIT_NAMES: Final = {"m": "Characters", "p": "Circles", "s": "Bamboo"}
_HONOUR_NAMES: Final = (
    "East wind",
    "South wind",
    "West wind",
    "North wind",
    "White dragon",
    "Green dragon",
    "Red dragon",
)
_BONUS_NAMES: Final = (
    "Plum",
    "Orchid",
    "Chrysanthemum",
    "Bamboo flower",
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
)

# German names, as the seeds write them: the suits of the classical rules as the Hua Bao rules
# name them (000 §2: Zahl, Kreis, Bambus), a suit tile as DMJL's table writes it (003:
# "Kreis-5", "Bambus-2"), the winds (000 §2: Ostwind ...), the dragons (000 §2: rot, grün,
# weiß; 003: "Grüner Drachen"), the flowers and seasons (000 §2; "Chrysanthe" there is cut
# short). The flower Bambus is told from the suit by "(Blume)", as "Bamboo flower" in English.
_SUIT_NAMES_DE: Final = {"m": "Zahl", "p": "Kreis", "s": "Bambus"}
_HONOUR_NAMES_DE: Final = (
    "Ostwind",
    "Südwind",
    "Westwind",
    "Nordwind",
    "Weißer Drache",
    "Grüner Drache",
    "Roter Drache",
)
_BONUS_NAMES_DE: Final = (
    "Pflaume",
    "Orchidee",
    "Chrysantheme",
    "Bambus (Blume)",
    "Frühling",
    "Sommer",
    "Herbst",
    "Winter",
)

#: Honour letters people type, and the tile index each stands for.
HONOUR_LETTERS: Final = {
    "E": 27,
    "S": 28,
    "W": 29,
    "N": 30,
    "Wh": 31,
    "B": 31,
    "G": 32,
    "F": 32,
    "R": 33,
    "C": 33,
}


class Tile(int):
    """One tile kind, an ``int`` from 0 to 41 with a notation that round-trips.

    Tiles are interned: ``Tile(5) is Tile(5)``. Use :meth:`parse` to read one
    and ``str(tile)`` to print it.

    >>> t = Tile.parse("9s")
    >>> int(t), str(t), t.suit, t.rank, t.is_terminal, t.name
    (26, '9s', 's', 9, True, 'Bamboo 9')
    >>> Tile.parse(str(t)) is t
    True
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Tile:
        if type(index) is not int or not 0 <= index < N_ALL:
            raise NotationError(
                f"tile index {quote(index)} is not a whole number from 0 to 41",
                "tile_index",
                text=repr(index),
            )
        return TILES[index]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read exactly one tile: ``5p``, ``7z``, ``R``, ``1f``.

        :raises NotationError: if ``text`` is not exactly one tile.
        """
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(
                f"{quote(text)} is {len(tiles)} tiles; expected exactly one, like 5p",
                "not_one_tile",
                text=text,
                count=len(tiles),
            )
        return tiles[0]

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"

    def __str__(self) -> str:
        return _NOTATION[self]

    @property
    def suit(self) -> str:
        """Suit letter: ``m``, ``p``, ``s``, ``z`` (honours) or ``f`` (bonus)."""
        return _NOTATION[self][1]

    @property
    def rank(self) -> int:
        """Number within the suit letter: 1-9, 1-7 for ``z``, 1-8 for ``f``."""
        return int(_NOTATION[self][0])

    @property
    def name(self) -> str:
        """English name, for people: ``'Circles 5'``, ``'Red dragon'``, ``'Plum'`` (the suit first, so
        that a name never reads as a count: "Circles 9 was discarded", never "9 circles was ...")."""
        if self < HONOUR_START:
            return f"{_SUIT_NAMES[self.suit]} {self.rank}"  # a name, as German Kreis-5: one tile
        if self < BONUS_START:
            return _HONOUR_NAMES[self - HONOUR_START]
        return _BONUS_NAMES[self - BONUS_START]

    @property
    def is_suit(self) -> bool:
        """Characters, circles or bamboo."""
        return self < HONOUR_START

    @property
    def is_simple(self) -> bool:
        """A suit tile 2-8."""
        return IS_SIMPLE[self]

    @property
    def is_terminal(self) -> bool:
        """A suit tile 1 or 9."""
        return IS_TERMINAL[self]

    @property
    def is_honour(self) -> bool:
        """A wind or a dragon."""
        return HONOUR_START <= self < BONUS_START

    @property
    def is_major(self) -> bool:
        """A terminal or an honour (DMJL: *Hauptziegel*)."""
        return IS_MAJOR[self]

    @property
    def is_wind(self) -> bool:
        """East, South, West or North."""
        return HONOUR_START <= self < HONOUR_START + 4

    @property
    def is_dragon(self) -> bool:
        """White, Green or Red dragon."""
        return HONOUR_START + 4 <= self < BONUS_START

    @property
    def is_bonus(self) -> bool:
        """A flower or a season."""
        return self >= BONUS_START

    @property
    def is_green(self) -> bool:
        """One of ``2s 3s 4s 6s 8s 6z``, the tiles of the imperial green hand."""
        return IS_GREEN[self]

    @property
    def bonus_wind(self) -> Wind:
        """The seat wind a bonus tile belongs to: flower n and season n+4 to wind n.

        >>> Tile.parse("8f").bonus_wind
        <Wind.NORTH: 3>
        """
        if not self.is_bonus:
            raise NotationError(f"{self} is not a bonus tile (1f-8f)", "not_bonus", tile=str(self))
        return Wind((self - BONUS_START) % 4)


_JIANGXI_SUITS: Final = {"m": "Wan", "p": "Bing", "s": "Tiao"}
_JIANGXI_DRAGONS: Final = ("Bai", "Fa", "Zhong")
"""Seed 004's names of jiangxi's tiles (§1: "Wan-Steine 萬", "Bing-Steine 饼", "Tiao-Steine 条",
"Zhong-Steine 红中", "Fa-Steine 發財", "Bai-Steine 白板"), in both languages."""


def tile_name(tile: int, lang: Lang = "en", ruleset: str = "") -> str:
    """The name of ``tile`` for people, in English (:attr:`Tile.name`) or German (after the seeds).

    Under ``ruleset="jiangxi"`` a tile is named as seed 004 names it: ``Wan-5`` / ``Wan 5``,
    ``Zhong``, ``Fa``, ``Bai``.

    >>> [tile_name(Tile.parse(t), "de", "jiangxi") for t in ("5m", "2s", "9p", "7z", "6z", "5z")]
    ['Wan-5', 'Tiao-2', 'Bing-9', 'Zhong', 'Fa', 'Bai']
    >>> tile_name(Tile.parse("5m"), "en", "jiangxi")
    'Wan 5'

    >>> [tile_name(Tile.parse(t), "de") for t in ("5p", "2s", "9m")]
    ['Kreis-5', 'Bambus-2', 'Zahl-9']
    >>> [tile_name(Tile.parse(t), "de") for t in ("1z", "2z", "5z", "6z", "7z")]
    ['Ostwind', 'Südwind', 'Weißer Drache', 'Grüner Drache', 'Roter Drache']
    >>> [tile_name(Tile.parse(t), "de") for t in ("1f", "4f", "5f", "8f")]
    ['Pflaume', 'Bambus (Blume)', 'Frühling', 'Winter']
    >>> tile_name(Tile.parse("5p")), tile_name(Tile.parse("7z"), "en")
    ('Circles 5', 'Red dragon')

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    t = TILES[tile]
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    if ruleset == "jiangxi" and (t.is_suit or t.is_dragon):
        if t.is_dragon:
            return _JIANGXI_DRAGONS[t - HONOUR_START - 4]
        suit = _JIANGXI_SUITS[t.suit]
        return f"{suit} {t.rank}" if lang == "en" else f"{suit}-{t.rank}"
    if lang == "en":
        return t.name
    if t < HONOUR_START:
        return f"{_SUIT_NAMES_DE[t.suit]}-{t.rank}"
    if t < BONUS_START:
        return _HONOUR_NAMES_DE[t - HONOUR_START]
    return _BONUS_NAMES_DE[t - BONUS_START]


_WIND_NAMES: Final[dict[str, tuple[str, str, str, str]]] = {
    "en": ("East", "South", "West", "North"),
    "de": ("Ost", "Süd", "West", "Nord"),
}
"""A seat's or round's wind by name (seed 000 §3.9: "Ostwind-Spieler", the round "Ost" prevails)."""


def wind_name(wind: int, lang: str = "en") -> str:
    """The name of a seat or prevailing wind for people, in English or German: the one source
    of wind names for text and images (a wind *tile* is named by :func:`tile_name`).

    >>> [wind_name(w, "de") for w in Wind]
    ['Ost', 'Süd', 'West', 'Nord']
    >>> wind_name(Wind.NORTH), wind_name(2, "en")
    ('North', 'West')

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    names = _WIND_NAMES.get(lang)
    if names is None:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    return names[Wind(int(wind))]


def _notation(index: int) -> str:
    if index < HONOUR_START:
        return f"{index % 9 + 1}{'mps'[index // 9]}"
    if index < BONUS_START:
        return f"{index - HONOUR_START + 1}z"
    return f"{index - BONUS_START + 1}f"


_NOTATION: Final = tuple(_notation(i) for i in range(N_ALL))
IS_TERMINAL: Final = tuple(i < HONOUR_START and i % 9 in (0, 8) for i in range(N_ALL))
IS_SIMPLE: Final = tuple(i < HONOUR_START and 0 < i % 9 < 8 for i in range(N_ALL))
IS_MAJOR: Final = tuple(IS_TERMINAL[i] or HONOUR_START <= i < BONUS_START for i in range(N_ALL))
IS_GREEN: Final = tuple(i in (19, 20, 21, 23, 25, 32) for i in range(N_ALL))

TILES: Final[tuple[Tile, ...]] = tuple(int.__new__(Tile, i) for i in range(N_ALL))
"""Every tile kind, indexed by its number."""

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = TILES[HONOUR_START:BONUS_START]
WINDS: Final = TILES[HONOUR_START : HONOUR_START + 4]
DRAGONS: Final = TILES[HONOUR_START + 4 : BONUS_START]
FLOWERS: Final = TILES[BONUS_START : BONUS_START + 4]
SEASONS: Final = TILES[BONUS_START + 4 : N_ALL]
MAJORS: Final = tuple(t for t in TILES if t.is_major)
"""The 13 major kinds: 1 and 9 of each suit, four winds, three dragons."""


# --- Notation ---------------------------------------------------------------

_RANK_LIMITS: Final = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_SUIT_BASE: Final = {"m": MAN, "p": PIN, "s": SOU, "z": HONOUR_START, "f": BONUS_START}
_DIGITS: Final = frozenset("0123456789")
"""The digits notation accepts: ASCII only (``str.isdigit`` is also true for ``²`` and ``５``)."""
_ACCEPTED: Final = (
    "digits 1-9 followed by a suit letter (m characters, p circles, s bamboo, "
    "z honours 1-7, f bonus 1-8), or honour letters E S W N, Wh G R (or B F C)"
)


def parse_tiles(text: str) -> list[Tile]:
    """Read a run of tiles with no spaces, in the order written.

    Digits before a suit letter share it (``123m``); honour letters stand
    alone (``EEE``, ``WhWh``, ``RGB``). Digits are the ASCII digits only:
    ``²m``, ``٣m`` or ``５m`` is no tile.

    >>> [str(t) for t in parse_tiles("19m1z5zN")]
    ['1m', '9m', '1z', '5z', '4z']

    :raises NotationError: naming the offending characters and what is accepted.
    """
    tiles: list[Tile] = []
    digits = ""
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _DIGITS:
            digits += ch
            i += 1
            continue
        if ch in _RANK_LIMITS:
            if not digits:
                raise NotationError(
                    f"in {quote(text)}: the suit letter {ch!r} at position {i + 1} has no "
                    f"digits before it; write e.g. 123{ch}",
                    "suit_no_digits",
                    text=text,
                    char_text=ch,
                    position=i + 1,
                )
            limit = _RANK_LIMITS[ch]
            for d in digits:
                rank = ord(d) - 48
                if not 1 <= rank <= limit:
                    extra = " (red fives are not used)" if rank == 0 and ch in "mps" else ""
                    raise NotationError(
                        f"in {quote(text)}: {d}{ch} is not a tile; "
                        f"{ch} tiles run 1{ch} to {limit}{ch}{extra}",
                        "red_five" if extra else "rank_out_of_range",
                        text=text,
                        tile_text=f"{d}{ch}",
                        first_text=f"1{ch}",
                        last_text=f"{limit}{ch}",
                    )
                tiles.append(TILES[_SUIT_BASE[ch] + rank - 1])
            digits = ""
            i += 1
            continue
        if digits and not ch.isnumeric():
            raise NotationError(
                f"in {quote(text)}: the digits {quote(digits)} need a suit letter after them "
                "(m, p, s, z or f)",
                "digits_no_suit",
                text=text,
                digits_text=digits,
            )
        two = text[i : i + 2]
        if two == "Wh":
            tiles.append(TILES[HONOUR_LETTERS[two]])
            i += 2
            continue
        if ch in HONOUR_LETTERS:
            tiles.append(TILES[HONOUR_LETTERS[ch]])
            i += 1
            continue
        hint = ""
        if ch.upper() in HONOUR_LETTERS and ch.islower():
            hint = " (honour letters are upper case)"
        elif ch.isnumeric():  # ² ٣ ５ ① Ⅷ: numbers to Python, not to the notation
            hint = " (write ranks in the plain digits 0-9)"
        raise NotationError(
            f"in {quote(text)}: {ch!r} at position {i + 1} is not a tile{hint}; expected {_ACCEPTED}",
            "honour_lower_case"
            if ch.upper() in HONOUR_LETTERS and ch.islower()
            else "not_plain_digit"
            if ch.isnumeric()
            else "not_a_tile_char",
            text=text,
            char_text=ch,
            position=i + 1,
        )
    if digits:
        raise NotationError(
            f"in {quote(text)}: the digits {quote(digits)} at the end need a suit letter (m, p, s, z or f)",
            "digits_no_suit",
            text=text,
            digits_text=digits,
        )
    if not tiles:
        raise NotationError(f"{quote(text)} holds no tiles; expected {_ACCEPTED}", "no_tiles", text=text)
    return tiles


def tiles_str(tiles: Iterable[int]) -> str:
    """Print tiles compactly in the order given; neighbours of one suit share its letter.

    >>> tiles_str(parse_tiles("1m2m3m5p5p"))
    '123m55p'
    """
    out: list[str] = []
    last = ""
    for t in tiles:
        note = _NOTATION[t]
        if note[1] != last and last:
            out.append(last)
        out.append(note[0])
        last = note[1]
    if last:
        out.append(last)
    return "".join(out)


def sorted_tiles(tiles: Iterable[int]) -> tuple[Tile, ...]:
    """Tiles in canonical order (by index): characters, circles, bamboo, honours, bonus."""
    return tuple(TILES[t] for t in sorted(tiles))


def counts_of(tiles: Sequence[int] | Iterable[int]) -> list[int]:
    """A 42-long list: how many of each tile kind ``tiles`` holds.

    >>> counts_of(parse_tiles("55p"))[Tile.parse("5p")]
    2
    """
    counts = [0] * N_ALL
    for t in tiles:
        counts[t] += 1
    return counts


# --- Tile names typed by people -----------------------------------------------

_SUIT_WORDS: Final = {
    "m": ("characters", "character", "craks", "crak", "zahl", "zahlen", "wan"),
    "p": ("circles", "circle", "dots", "dot", "kreis", "kreise", "bing"),
    "s": ("bamboo", "bamboos", "bams", "bam", "bambus", "tiao"),
}
"""The words a suit tile's name is written with, rank before or after (``Circles 5``,
``Kreis-5``, ``5 Wan``): English, the seeds' German (000 §2, 003), seed 004's Chinese."""

_SHORT_NAMES: Final = {
    27: ("east", "ost"),
    28: ("south", "sued", "sud"),
    29: ("west",),
    30: ("north", "nord"),
    31: ("white", "weiss", "weisser", "weisse", "weisser drachen", "bai"),
    32: ("green", "gruen", "gruener", "gruene", "gruener drachen", "fa"),
    33: ("red", "rot", "roter", "rote", "roter drachen", "zhong"),
    37: ("bambus blume", "bamboo flower", "chrysanthe"),
}
"""Names besides the full ones (:func:`tile_name`): an honour's first word (``Red``, as
``mahjong play`` prints it), the dragon as DMJL's table writes it ("Grüner Drachen", 003),
jiangxi's dragons (004), the flower Bambus without brackets, "Chrysanthe" (000 §2)."""


def _folded(text: str) -> str:
    """``text`` as names are compared: lower case, umlauts and ß written out, hyphens,
    brackets and runs of spaces one space (``Weißer  Drache`` -> ``weisser drache``)."""
    low = text.casefold()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        low = low.replace(a, b)
    for ch in "-_()[],.:":
        low = low.replace(ch, " ")
    return " ".join(low.split())


def _names() -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    for t in TILES[HONOUR_START:]:
        for lang in LANGS:
            out[_folded(tile_name(t, lang))] = t
    for index, names in _SHORT_NAMES.items():
        for name in names:
            out[name] = TILES[index]
    for suit, words in _SUIT_WORDS.items():
        for word in words:
            for rank in range(1, 10):
                t = TILES[_SUIT_BASE[suit] + rank - 1]
                out[f"{rank} {word}"] = out[f"{word} {rank}"] = t
                out[f"{rank}{word}"] = out[f"{word}{rank}"] = t
    return out


_BY_NAME: Final = _names()


def parse_tile_name(text: str) -> Tile:
    """One tile from its name, in any case, in English or German (the names :func:`tile_name`
    gives, and their first word for an honour: ``Red``, ``Ost``), or from its notation.

    >>> [str(parse_tile_name(t)) for t in ("red", "Roter Drache", "red dragon", "RED")]
    ['7z', '7z', '7z', '7z']
    >>> [str(parse_tile_name(t)) for t in ("east", "Ostwind", "East wind", "Süd", "weiss")]
    ['1z', '1z', '1z', '2z', '5z']
    >>> [str(parse_tile_name(t)) for t in ("Circles 5", "Kreis-5", "kreis 5", "5p", "Bambus-2")]
    ['5p', '5p', '5p', '5p', '2s']
    >>> [str(parse_tile_name(t)) for t in ("Plum", "Bambus (Blume)", "Frühling", "Zhong", "5 Wan")]
    ['1f', '4f', '5f', '7z', '5m']
    >>> parse_tile_name("purple")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: 'purple' is not a tile: write its name (Red dragon or Red, ...

    :raises NotationError: for text that names no tile, or more than one.
    """
    found = _BY_NAME.get(_folded(text))
    if found is not None:
        return found
    try:
        return Tile.parse(text.strip())
    except NotationError:
        pass
    raise NotationError(
        f"{quote(text)} is not a tile: write its name (Red dragon or Red, East wind or East, 5 circles; "
        "Roter Drache, Ostwind, Kreis-5) or its notation (7z, 1z, 5p)"
    )


# --- Tiles in words, for text people read -------------------------------------


def suit_word(suit: str, lang: Lang = "en", ruleset: str = "") -> str:
    """The word for suit ``m``, ``p`` or ``s`` in ``lang``: ``Characters`` / ``Zahl``, seed 004's
    ``Wan`` / ``Bing`` / ``Tiao`` under ``ruleset="jiangxi"`` in both languages.

    >>> [suit_word(s) for s in "mps"], [suit_word(s, "de") for s in "mps"], suit_word("s", "en", "jiangxi")
    (['Characters', 'Circles', 'Bamboo'], ['Zahl', 'Kreis', 'Bambus'], 'Tiao')

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    if ruleset == "jiangxi":
        return _JIANGXI_SUITS[suit]
    return (_SUIT_NAMES if lang == "en" else _SUIT_NAMES_DE)[suit]


def tiles_in_words(tiles: Iterable[int], lang: Lang = "en", ruleset: str = "", *, loose: bool = False) -> str:
    """Tiles written with names (no notation), compactly, in ``lang`` with ``ruleset``'s names.

    One tile is its name (:func:`tile_name`). A set is one phrase: two to four of one tile as
    its name and the count (``Red dragon ×3``, ``Kreis-5 ×2``), a run of one suit as its ranks
    and the suit (``Characters 2-3-4``, ``Zahl 2-3-4``). Other tiles, or any tiles with
    ``loose=True``, are grouped by suit in canonical order, each suit's word once before its
    ranks (``Characters 3 4 5 6 8``), honours and bonus tiles by name (with a count when one is
    there more than once), the groups separated by commas.

    >>> tiles_in_words(parse_tiles("777z")), tiles_in_words(parse_tiles("234m"), "de")
    ('Red dragon ×3', 'Zahl 2-3-4')
    >>> tiles_in_words(parse_tiles("234m")), tiles_in_words(parse_tiles("55p"), "de")
    ('Characters 2-3-4', 'Kreis-5 ×2')
    >>> tiles_in_words(parse_tiles("34568m345p44s11z2f"))
    'Characters 3 4 5 6 8, Circles 3 4 5, Bamboo 4 4, East wind ×2, Orchid'
    >>> tiles_in_words(parse_tiles("34568m345p44s11z2f"), "de")
    'Zahl 3 4 5 6 8, Kreis 3 4 5, Bambus 4 4, Ostwind ×2, Orchidee'
    >>> tiles_in_words(parse_tiles("345m"), loose=True)
    'Characters 3 4 5'
    >>> [tiles_in_words(parse_tiles(t), "de", "jiangxi") for t in ("777z", "345s")]
    ['Zhong ×3', 'Tiao 3-4-5']
    >>> [tiles_in_words(parse_tiles(t), "en", "jiangxi") for t in ("345s", "66z1m")]
    ['Tiao 3-4-5', 'Wan 1, Fa ×2']

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    ordered = sorted(TILES[t] for t in tiles)
    if not ordered:
        return ""
    first = ordered[0]
    if not loose and len(ordered) == 1:
        return tile_name(first, lang, ruleset)
    if not loose and 2 <= len(ordered) <= 4 and all(t == first for t in ordered):
        return f"{tile_name(first, lang, ruleset)} ×{len(ordered)}"
    if (
        not loose
        and len(ordered) == 3
        and first.is_suit
        and all(t.suit == first.suit and t == first + i for i, t in enumerate(ordered))
    ):
        run = "-".join(str(t.rank) for t in ordered)
        word = suit_word(first.suit, lang, ruleset)
        return f"{word} {run}"
    parts: list[str] = []
    for suit in "mps":
        ranks = [str(t.rank) for t in ordered if t.is_suit and t.suit == suit]
        if ranks:
            parts.append(f"{suit_word(suit, lang, ruleset)} {' '.join(ranks)}")
    others = [t for t in ordered if not t.is_suit]
    for t in dict.fromkeys(others):
        count = others.count(t)
        parts.append(tile_name(t, lang, ruleset) + (f" ×{count}" if count > 1 else ""))
    return ", ".join(parts)


def notation_in_words(text: str, lang: Lang = "en", ruleset: str = "") -> str:
    """Hand notation (``[555s] (1111m) 234m 77z {6z} 2f``, a score line's ``[555s]``) in words:
    each space-separated part by :func:`tiles_in_words`, an exposed set kept in ``[ ]``, a
    concealed kong in ``( )``, the parts separated by commas; text that is not notation is
    returned as it is.

    >>> notation_in_words("[999m] (1111s) 33z 2f")
    '[Characters 9 ×3], (Bamboo 1 ×4), West wind ×2, Orchid'
    >>> notation_in_words("[222s] 2256m688p789s 6f", "de")
    '[Bambus-2 ×3], Zahl 2 2 5 6, Kreis 6 8 8, Bambus 7 8 9, Sommer'
    >>> notation_in_words("{66z} 1f", "de", "jiangxi"), notation_in_words("the wall")
    ('Fa ×2, Pflaume', 'the wall')
    """
    out: list[str] = []
    for part in text.split():
        marks = ("[", "]") if part[:1] == "[" else ("(", ")") if part[:1] == "(" else ("", "")
        body = part.strip("[](){}")
        try:
            tiles = parse_tiles(body)
        except NotationError:
            return text
        loose = len(tiles) > 4 or part[:1] == "{"
        out.append(f"{marks[0]}{tiles_in_words(tiles, lang, ruleset, loose=loose)}{marks[1]}")
    return ", ".join(out)
