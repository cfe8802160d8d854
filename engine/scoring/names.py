"""The name of every scoring item, by ruleset and item code, in German and English.

The German names are the seeds' own (``../shared/seeds``; RULES.md's "Source
item" column quotes them): DMJL's items as its scoring table (seed 003)
writes them, Hua Bao's as the German Wikipedia rules (seed 000 §3.6-§3.10)
word them, shortened to a name the way RULES.md §2.2 does ("offener Drilling
2–8"). Only breaks of the text extraction are mended (a name cut by a page
heading, stray HTML). The English names are the engine's (each pattern's
``title``; a score line shows it with the set it found).

An item borrowed from another ruleset keeps its code and its name: ``M2`` in
``huabao`` (with ``winning_tile_points``) is DMJL's *Schlussziegel von der Mauer*.

>>> rule_name("dmjl", "P7", "de")
'Kang aus Grundziegeln, offen'
>>> rule_name("dmjl", "P7")
'exposed kong of simples'
>>> rule_name("huabao", "HD10", "de"), rule_name("huabao", "M2", "de")
('reines Farbenspiel', 'Schlussziegel von der Mauer')
"""

from __future__ import annotations

from typing import Final

from engine.scoring.scorer import ScoreLine
from engine.tiles import Lang

RuleNames = dict[str, tuple[str, str]]
"""Item code -> (German name, English name)."""

DMJL: Final[RuleNames] = {
    # Punkte für die Spielfiguren (RULES.md §2.1.2)
    "P1": ("Bonusziegel (Blumen- oder Jahreszeiten)", "bonus tile"),
    "P2": ("Chi, offen oder verdeckt", "chow"),
    "P3": ("Pong aus Grundziegeln, offen", "exposed pong of simples"),
    "P4": ("Pong aus Grundziegeln, verdeckt", "concealed pong of simples"),
    "P5": ("Pong aus Hauptziegeln, offen", "exposed pong of major tiles"),
    "P6": ("Pong aus Hauptziegeln, verdeckt", "concealed pong of major tiles"),
    "P7": ("Kang aus Grundziegeln, offen", "exposed kong of simples"),
    "P8": ("Kang aus Grundziegeln, verdeckt", "concealed kong of simples"),
    "P9": ("Kang aus Hauptziegeln, offen", "exposed kong of major tiles"),
    "P10": ("Kang aus Hauptziegeln, verdeckt", "concealed kong of major tiles"),
    "P11": ("Paar aus Drachen", "pair of dragons"),
    "P12": ("Paar des Platzwindes", "pair of the seat wind"),
    "P13": ("Paar des Rundenwindes", "pair of the prevailing wind"),
    # Punkte für Mah-Jongg-Ruf (§2.1.3)
    "M1": ("Mah-Jongg-Ruf", "Mah-Jongg"),
    "M2": ("Schlussziegel von der Mauer", "winning tile from the wall"),
    "M3": ("Schlussziegel ist einzig möglicher Ziegel", "only possible tile"),
    "M4": ("Schlussziegel komplettiert Paar aus Grundziegeln", "winning tile completes a pair of simples"),
    "M5": (
        "Schlussziegel komplettiert Paar aus Hauptziegeln",
        "winning tile completes a pair of major tiles",
    ),
    # Verdoppelungen für alle Hände (§2.1.4)
    "D1": ("beide Bonusziegel des Platzwindes", "both bonus tiles of the seat wind"),
    "D2": ("alle Blumenziegel", "all four flowers"),
    "D3": ("alle Jahreszeitenziegel", "all four seasons"),
    "D4": ("Pong oder Kang aus Drachen", "pong or kong of dragons"),
    "D5": ("Pong oder Kang des Platzwindes", "pong or kong of the seat wind"),
    "D6": ("Pong oder Kang des Rundenwindes", "pong or kong of the prevailing wind"),
    "D7": ("Drei verdeckte Pong", "three concealed pongs"),
    "D8": ("Kleine Drei Drachen (2 x Pong/Kang, 1 Paar)", "little three dragons"),
    "D9": ("Große Drei Drachen (3 x Pong/Kang)", "big three dragons"),
    "D10": ("Kleine Vier Freuden (Winde: 3 x Pong/Kang, 1 Paar)", "little four joys"),
    "D11": ("Große Vier Freuden (Winde: 4 x Pong/Kang)", "big four joys"),
    # Verdoppelungen für Mah-Jongg-Hand
    "W1": ("Null-Punkte-Hand", "zero-point hand"),
    "W2": ("Kein Chi", "no chow"),
    "W3": ("Alle Figuren verdeckt", "all sets concealed"),
    "W4": ("Nur Ziegel einer Farbe und Bildziegel", "one suit with honours"),
    "W5": ("Nur Ziegel einer Farbe", "one suit only"),
    "W6": ("Nur Hauptziegel", "major tiles only"),
    "W7": ("Nur Bildziegel (falls nicht als Limithand gewertet)", "honours only"),
    "W8": ("Schlussziegel von der toten Mauer", "winning tile from the dead wall"),
    "W9": ("mit dem letzten Ziegel der Mauer gewonnenes Spiel", "won with the last tile of the wall"),
    "W10": (
        "Schlussziegel: abgelegter Ziegel nach Abbau der Mauer",
        "won on the discard after the wall's end",
    ),
    "W11": ("Beraubung des Kang", "robbing the kong"),
    "W12": ("Mah-Jongg nach »Ruf zu Beginn«", "Mah-Jongg after a call at the beginning"),
    # Limithände (§2.1.5)
    "L1": ("Segen des Himmels", "Heaven's blessing"),
    "L2": ("Segen der Erde", "Earth's blessing"),
    "L3": ("Verdecktes reines Farbspiel", "concealed pure one-suit hand"),
    "L4": ("Verborgener Schatz", "hidden treasure"),
    "L5": ("Reine Bildziegel-Hand", "honours only"),
    "L6": ("Köpfe und Schwänze", "heads and tails"),
    "L7": ("Die sich windende Schlange", "winding snake"),
    "L8": ("Vierfacher Reichtum", "fourfold wealth (four kongs)"),
    "L9": ("Die drei großen Gelehrten", "three great scholars"),
    "L10": ("Vier Segen über der Tür / Vier Freuden in Fülle", "four blessings over the door"),
    "L11": ("Die kaiserliche grüne Hand", "imperial green hand"),
    "L12": ("Neun heilige Lotoslaternen / Neun vereinte Söhne", "nine lanterns"),
    "L13": (
        "Die 13 einzigartigen Wunder / Die 13 Waisen / Die 13 Arten des kaiserlichen Schatzes",
        "thirteen orphans",
    ),
    "L14": ("Doppeltes Glück / Kang auf Kang", "kong upon kong"),
    "L15": ("Die Pflaumenblüte vom Dach pflücken", "plucking the plum blossom from the roof"),
    "L16": ("Den Mond vom Meeresgrund holen", "fetching the moon from the bottom of the sea"),
    "L17": ("Einen tragenden Pfosten beanspruchen", "claiming a supporting pillar"),
    "L18": ("Neunmal Mah-Jongg", "nine times Mah-Jongg"),
}
"""DMJL's items (seed 003, RULES.md §2.1)."""

HUABAO: Final[RuleNames] = {
    # Punktwerte der Spielfiguren (seed 000 §3.6.1, §3.8, §3.9; RULES.md §2.2.2)
    "H1": ("Paar Drachen", "pair of dragons"),
    "H2": ("Paar des Platzwinds", "pair of the seat wind"),
    "H3": ("Paar des vorherrschenden Windes", "pair of the prevailing wind"),
    "H4": ("Paar des eigenen Windes, falls dieser vorherrscht", "pair of the own wind, which prevails"),
    "H5": ("andere Paare", "other pairs"),
    "H6": ("offener Drilling 2–8", "exposed pong of simples"),
    "H7": ("offener Drilling 1/9/Winde/Drachen", "exposed pong of major tiles"),
    "H8": ("in der Hand gehaltener Drilling 2–8", "concealed pong of simples"),
    "H9": ("in der Hand gehaltener Drilling 1/9/Winde/Drachen", "concealed pong of major tiles"),
    "H10": ("offener Vierling 2–8", "exposed kong of simples"),
    "H11": ("offener Vierling 1/9/Winde/Drachen", "exposed kong of major tiles"),
    "H12": ("verdeckter (halbverdeckter) Vierling 2–8", "concealed kong of simples"),
    "H13": ("verdeckter (halbverdeckter) Vierling 1/9/Winde/Drachen", "concealed kong of major tiles"),
    "H14": ("Folgen", "chows"),
    "H15": ("Stein der Hauptfarbe", "bonus tile"),
    "H16": ("Prämie für den Mah-Jongg-Ruf", "Mah-Jongg"),
    "H17": ("Beraubung des Kong", "robbing the kong"),
    # Verdopplungen (§3.6.4, §3.8, §3.9; RULES.md §2.2.3)
    "HD1": ("Drilling oder Vierling des eigenen Windes", "pong or kong of the seat wind"),
    "HD2": ("Drilling oder Vierling von Drachen", "pong or kong of dragons"),
    "HD3": ("Pong oder Kong des vorherrschenden Windes", "pong or kong of the prevailing wind"),
    "HD4": (
        "Pong oder Kong des eigenen Windes, falls dieser vorherrscht",
        "pong or kong of the own wind, which prevails",
    ),
    "HD5": ("Stein der Hauptfarbe, der seinem Wind entspricht", "own flower or season"),
    "HD6": ("beide seinem Wind zugehörigen Ziegel", "own flower and own season"),
    "HD7": ("Blumenstrauß", "all four flowers or all four seasons"),
    "HD8": ("alle acht Ziegel der Hauptfarbe", "all eight bonus tiles"),
    "HD9": ("unreines Farbenspiel", "one suit with honours"),
    "HD10": ("reines Farbenspiel", "one suit only"),
    # Limit (§3.6.5): the hands in the order the paragraph names them
    "3.6.5.1": ("nur Ziegel der Trumpffarbe", "honours only"),
    "3.6.5.2": ("Segen des Himmels", "Heaven's blessing"),
    "3.6.5.3": ("Segen der Erde", "Earth's blessing"),
    # Varianten (§3.10): the traditional limit hands in the order listed
    "3.10.1": ("Das Neun-Laternen-Spiel", "nine lanterns"),
    "3.10.2": ("Die vier Freunde", "four blessings over the door"),
    "3.10.3": ("Die drei großen Gelehrten", "three great scholars"),
    "3.10.4": ("Das Vier-Kong-Spiel", "fourfold wealth (four kongs)"),
    "3.10.5": ("Das Eckstein-Spiel", "heads and tails"),
    "3.10.6": ("Die himmlischen Zwillinge", "heavenly twins"),
    "3.10.7": ("Die irdischen Zwillinge", "earthly twins"),
    "3.10.8": ("Die Himmelsleiter", "heaven's ladder"),
    "3.10.9": ("Die grüne Hand (Kaiserliche Jade)", "imperial green hand"),
    "3.10.10": ("Die sich windende Schlange", "winding snake"),
}
"""Hua Bao's items (seed 000 §3.6-§3.10, RULES.md §2.2)."""

RULE_NAMES: Final[dict[str, RuleNames]] = {"dmjl": DMJL, "huabao": HUABAO}
"""Every ruleset's item names by code."""


def rule_name(ruleset: str, code: str, lang: Lang = "en") -> str:
    """The name of item ``code`` of ``ruleset`` in ``lang``: the ruleset's own name, or, for an
    item it borrows, the name the lending ruleset gives it.

    :raises KeyError: for a code no ruleset has.
    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    if lang not in ("en", "de"):
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    names = RULE_NAMES.get(ruleset, {}).get(code)
    if names is None:
        names = next((table[code] for table in RULE_NAMES.values() if code in table), None)
    if names is None:
        raise KeyError(f"no ruleset has an item {code!r}")
    return names[0] if lang == "de" else names[1]


def line_name(ruleset: str, line: ScoreLine, lang: Lang = "en") -> str:
    """A score line's name in ``lang``: the item's name and the set or tile it found.

    English is the line's own ``name``; a line without a known code keeps it in every language.

    >>> from engine.scoring import WinContext, score
    >>> from engine.hand import Hand
    >>> s = score(Hand.parse("234m 777z [555s] [678p] 99p"), WinContext.make(seat="S", win="9p"))
    >>> [line_name("dmjl", line, "de") for line in s.items][:2]
    ['Pong aus Grundziegeln, offen [555s]', 'Pong aus Hauptziegeln, verdeckt 777z']
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
