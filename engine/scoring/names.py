"""The name of every scoring item, by ruleset and item code, in German and English.

Each ruleset carries its items' names (``Ruleset.names``, in its module under
:mod:`engine.rulesets`); this module looks them up.

The German names are the seeds' own (``../shared/seeds``; RULES.md's "Source
item" column quotes them): DMJL's items as its scoring table (seed 003)
writes them, Hua Bao's as the German Wikipedia rules (seed 000 §3.6-§3.10)
word them, shortened to a name the way RULES.md §2.2 does ("offener Drilling
2–8"). Only breaks of the text extraction are mended (a name cut by a page
heading, stray HTML). The English names are the engine's (each pattern's
``title``; a score line shows it with the set it found).

An item borrowed from another ruleset keeps its code and its name: ``M2`` in
``huabao`` (with ``winning_tile_points``) is DMJL's *Schlussziegel von der Mauer*.

German is shown with one word per thing, the words the rest of the German text uses (Stein,
not Ziegel; Kong, not Kang: :func:`german_terms`); the seeds' own wording stays in the rulesets
(``Ruleset.names``, checked against the seeds by ``tests/test_names.py``).

>>> rule_name("dmjl", "P7", "de")
'Kong aus Grundsteinen, offen'
>>> rule_name("dmjl", "P7")
'exposed kong of simples'
>>> rule_name("huabao", "HD10", "de"), rule_name("huabao", "M2", "de")
('reines Farbenspiel', 'Schlussstein von der Mauer')
"""

from __future__ import annotations

import re
from typing import Final

from engine.rulesets import RULESETS
from engine.scoring.scorer import ScoreLine
from engine.tiles import Lang, notation_in_words

_KANG: Final = re.compile(r"\bKang(s?)\b")
_ZIEGEL: Final = re.compile(r"([Zz])iegel(n|s)?\b")


def german_terms(name: str) -> str:
    """A German name in the words the bot's German text uses: *Kong* for the seeds' *Kang*
    (seed 003) and *Stein* for *Ziegel* (seeds 000, 001, 003), inflected alike, so one table
    never mixes the two (the catalogue, the buttons and seeds 000 and 002 say Stein and Kong).

    >>> german_terms("Schlussziegel ist einzig möglicher Ziegel")
    'Schlussstein ist einzig möglicher Stein'
    >>> german_terms("Kang aus Grundziegeln, offen"), german_terms("3 x Pong/Kang, Farbziegels")
    ('Kong aus Grundsteinen, offen', '3 x Pong/Kong, Farbsteins')
    """
    name = _KANG.sub(lambda m: "Kong" + m.group(1), name)
    ending = {None: "", "n": "en", "s": "s"}
    return _ZIEGEL.sub(lambda m: ("S" if m.group(1) == "Z" else "s") + "tein" + ending[m.group(2)], name)


def rule_name(ruleset: str, code: str, lang: Lang = "en") -> str:
    """The name of item ``code`` of ``ruleset`` in ``lang``: the ruleset's own name, or, for an
    item it borrows, the name the lending ruleset gives it.

    :raises KeyError: for a code no ruleset has.
    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    if lang not in ("en", "de"):
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    own = RULESETS.get(ruleset)
    names = own.names.get(code) if own is not None else None
    if names is None:
        names = next((rs.names[code] for rs in RULESETS.values() if code in rs.names), None)
    if names is None:
        raise KeyError(f"no ruleset has an item {code!r}")
    return german_terms(names[0]) if lang == "de" else names[1]


def line_name(ruleset: str, line: ScoreLine, lang: Lang = "en") -> str:
    """A score line's name in ``lang``: the item's name and the set or tile it found.

    English is the line's own ``name``; a line without a known code keeps it in every language.

    >>> from engine.scoring import WinContext, score
    >>> from engine.hand import Hand
    >>> from engine.rulesets import DMJL
    >>> s = score(Hand.parse("234m 777z [555s] [678p] 99p"), WinContext.make(seat="S", win="9p"), DMJL)
    >>> [line_name("dmjl", line, "de") for line in s.items][:2]
    ['Pong aus Grundsteinen, offen [555s]', 'Pong aus Hauptsteinen, verdeckt 777z']
    """
    if lang not in ("en", "de"):
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    if lang == "en" or not line.code:
        return line.name
    try:
        name = rule_name(ruleset, line.code, lang)
    except KeyError:
        return line.name
    return f"{name} {line.detail}" if line.detail else name


def line_words(ruleset: str, line: ScoreLine, lang: Lang = "en") -> str:
    """A score line's name in ``lang`` for text people read: the item's name, then the set or
    tile it found in words after a dash (:func:`engine.tiles.notation_in_words`, with the
    ruleset's tile names), no notation. :func:`line_name` keeps the notation (``mahjong score``).

    >>> from engine.scoring import WinContext, score
    >>> from engine.hand import Hand
    >>> from engine.rulesets import DMJL
    >>> s = score(Hand.parse("234m 777z [555s] [678p] 99p"), WinContext.make(seat="S", win="9p"), DMJL)
    >>> [line_words("dmjl", line) for line in s.items][:2]
    ['exposed pong of simples – Bamboo 5 ×3', 'concealed pong of major tiles – Red dragon ×3']
    >>> line_words("dmjl", s.items[1], "de")
    'Pong aus Hauptsteinen, verdeckt – Roter Drache ×3'
    """
    if lang not in ("en", "de"):
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    detail = line.detail
    name = line.name
    if lang == "de" and line.code:
        try:
            name = rule_name(ruleset, line.code, lang)
        except KeyError:
            pass
        else:
            return f"{name} – {_detail_words(detail, lang, ruleset)}" if detail else name
    if detail and name.endswith(detail):
        name = name[: -len(detail)].rstrip()
        return (
            f"{name} – {_detail_words(detail, lang, ruleset)}"
            if name
            else _detail_words(detail, lang, ruleset)
        )
    return name


def _detail_words(detail: str, lang: Lang, ruleset: str) -> str:
    """A line's detail in words, without the brackets of an exposed set (its name says it)."""
    return notation_in_words(detail.strip("[]()"), lang, ruleset)
