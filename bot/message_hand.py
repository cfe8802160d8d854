"""A hand written in a chat message, for the message command **Score this hand**: pure (no
discord), so it is tested on its own.

A message holds the hand in the notation ``/score`` takes (``234m 777z [555s] [678p] 99p``:
plain tiles concealed, ``[...]`` exposed sets, ``(7777s)`` a concealed kong, ``{66z}`` laid-out
tiles, bonus tiles anywhere), and may name, each as a word followed by its value, anywhere in the
message, in English or as ``/score``'s German option names:

=====================================  ==============================================
``win 9p`` (``gewinnstein 9p``)        the winning tile, one of the hand's tiles, as
                                       ``/score``'s ``win:`` and ``mahjong score --win``
``seat S`` (``platz S``)               the seat wind (E, S, W, N)
``round E`` (``runde E``)              the prevailing wind
``ruleset rumisberg`` (``regelwerk``)  the ruleset
``self-drawn`` (``selbst_gezogen``)    the winning tile came from the wall
=====================================  ==============================================

``win: 9p`` and ``win=9p`` are read too. Words around the hand are skipped: the hand is the
longest run of parts that read as tiles (at least :data:`MIN_TILES` tiles, so a stray capital
``S`` or ``E`` in a sentence is no hand), with punctuation and code marks around a part dropped.

>>> found = find_hand("did I get this right? 234m 777z [555s] [678p] 99p, win 9p")
>>> found.hand, found.win
('234m 777z [555s] [678p] 99p', '9p')
>>> find_hand("nice game everyone!") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from engine.errors import MahjongError
from engine.rulesets import RULESETS
from engine.tiles import parse_tiles

MIN_TILES: Final = 5
"""The fewest tiles a run of parts must hold to be read as a hand."""

KEYWORDS: Final = {
    "win": "win",
    "gewinnstein": "win",
    "seat": "seat",
    "platz": "seat",
    "round": "prevailing",
    "runde": "prevailing",
    "ruleset": "ruleset",
    "regelwerk": "ruleset",
}
"""A word that names a value (the next word, or after ``:`` / ``=``) -> the field it sets."""

SELF_DRAWN: Final = frozenset({"self-drawn", "self_drawn", "selfdrawn", "selbst_gezogen", "selbst-gezogen"})
"""Words that say the winning tile came from the wall."""

_EDGE: Final = "`*_~\"'“”„«»,.:;!?"
"""Characters dropped around a word: markdown marks, quotes, punctuation."""
_WIND: Final = re.compile(r"[ESWN]")


_SAID_EN: Final = ("win", "seat", "round", "ruleset", "self-drawn")
_SAID_DE: Final = ("gewinnstein", "platz", "runde", "regelwerk", "selbst_gezogen")
"""The words :meth:`FoundHand.notation` writes (winning tile, seat, round, ruleset, self-drawn)."""


@dataclass(frozen=True, slots=True)
class FoundHand:
    """A hand read from a message, with what the message said about it (None: not said)."""

    hand: str
    win: str | None = None
    seat: str | None = None
    prevailing: str | None = None
    ruleset: str | None = None
    self_drawn: bool = False

    def notation(self, lang: str = "en") -> str:
        """The hand and what was said about it, as the message command shows what it read, in the
        words of ``lang`` (``"de"``: the German words, which a message may use too).

        >>> FoundHand("99p [555s]", win="9p", seat="S", self_drawn=True).notation()
        '99p [555s] win 9p seat S self-drawn'
        >>> found = FoundHand("99p [555s]", win="9p", seat="S", self_drawn=True)
        >>> found.notation("de")
        '99p [555s] gewinnstein 9p platz S selbst_gezogen'
        >>> find_hand(found.notation("de")) == find_hand(found.notation()) == found
        True
        """
        words = _SAID_DE if lang == "de" else _SAID_EN
        said = [self.hand]
        for word, value in zip(words, (self.win, self.seat, self.prevailing, self.ruleset), strict=False):
            if value is not None:
                said.append(f"{word} {value}")
        if self.self_drawn:
            said.append(words[-1])
        return " ".join(said)


def _tiles_in(part: str) -> int:
    """How many tiles a part of a hand holds (0: it is no part of a hand).

    >>> _tiles_in("123m"), _tiles_in("[5555p]"), _tiles_in("{66z}"), _tiles_in("right"), _tiles_in("[]")
    (3, 4, 2, 0, 0)
    """
    inner = part
    if len(part) >= 2 and (part[0], part[-1]) in (("[", "]"), ("(", ")"), ("{", "}")):
        inner = part[1:-1]
    if not inner or any(ch in inner for ch in "[](){}"):
        return 0
    try:
        return len(parse_tiles(inner))
    except MahjongError:
        return 0


def _words(message: str) -> list[str]:
    """The message's words with code marks, quotes and punctuation around each dropped (a
    bracket stays: it belongs to the notation). ``win:9p`` and ``win=9p`` become two words."""
    words: list[str] = []
    for raw in message.replace("```", " ").split():
        word = raw.strip(_EDGE)
        key, sep, value = word.partition(":") if ":" in word else word.partition("=")
        if sep and key.lower() in KEYWORDS:
            words.append(key)
            if value.strip(_EDGE):
                words.append(value.strip(_EDGE))
        elif word:
            words.append(word)
    return words


def find_hand(message: str) -> FoundHand | None:
    """The hand written in ``message`` and what the message says about it (see the module's
    table), or None when no run of parts holds :data:`MIN_TILES` tiles. The hand is returned as
    written (its parts joined by single spaces): the scorer checks it and says what is wrong.

    >>> found = find_hand("`123m 456p 789s EEE 55z` seat W round S self-drawn win=5z")
    >>> found.hand, found.win, found.seat, found.prevailing, found.ruleset, found.self_drawn
    ('123m 456p 789s EEE 55z', '5z', 'W', 'S', None, True)
    >>> find_hand("Gewinnstein: 9p, Regelwerk rumisberg. Hand: 234m 777z [555s] [678p] 99p").ruleset
    'rumisberg'
    """
    fields: dict[str, str] = {}
    self_drawn = False
    runs: list[list[str]] = [[]]
    counts: list[int] = [0]
    words = _words(message)
    index = 0
    while index < len(words):
        word = words[index]
        lower = word.lower()
        field = KEYWORDS.get(lower)
        following = words[index + 1] if index + 1 < len(words) else ""
        if field is not None and _fits(field, following):
            fields.setdefault(field, following.lower() if field == "ruleset" else following)
            runs.append([])
            counts.append(0)
            index += 2
            continue
        if lower in SELF_DRAWN:
            self_drawn = True
        tiles = _tiles_in(word)
        if tiles:
            runs[-1].append(word)
            counts[-1] += tiles
        elif runs[-1]:
            runs.append([])
            counts.append(0)
        index += 1
    best = max(range(len(runs)), key=lambda i: counts[i])
    if counts[best] < MIN_TILES:
        return None
    return FoundHand(
        " ".join(runs[best]),
        win=fields.get("win"),
        seat=fields.get("seat"),
        prevailing=fields.get("prevailing"),
        ruleset=fields.get("ruleset"),
        self_drawn=self_drawn,
    )


def _fits(field: str, value: str) -> bool:
    """Whether ``value`` can be the value of ``field`` (a tile, a wind letter, a registered ruleset's name):
    ``round`` in "another round of 123m …" names no wind, and the hand goes on."""
    if field == "win":
        return _tiles_in(value) == 1 and value[0] not in "[({"
    if field in ("seat", "prevailing"):
        return _WIND.fullmatch(value) is not None
    return value.lower() in RULESETS
