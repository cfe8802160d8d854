"""``dmjl``: the German league's classical Chinese rules (seed 003; RULES.md §2.1).

Its scoring table, the names of its items and the ruleset object. The game
flow is Hua Bao's (seed 000), which the engine plays by default.
"""

from __future__ import annotations

from typing import Final

from engine.features.abortive_draws import ThreeMahjongClaims
from engine.features.gulasch import Gulasch
from engine.rulesets.ruleset import CLASSICAL_SETTINGS, HUABAO_LIMIT_SETTINGS, RuleNames, Ruleset
from engine.scoring import patterns as p
from engine.scoring import tables as t
from engine.scoring.tables import Item, Table
from engine.settings import Settings

NAMES: Final[RuleNames] = {
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


def table(s: Settings) -> Table:
    """The DMJL table (seed 003; RULES.md §2.1) under settings ``s``."""
    items: list[Item] = [Item("P1", p.BonusTile(), points=4, figure=True, bonus_tile=True)]
    items += t.set_points()
    items += [
        Item("P11", p.DragonPair(), points=2, figure=True),
        Item("P12", p.SeatWindPair(), points=2, figure=True),
        Item("P13", p.PrevailingWindPair(), points=2, figure=True),
        Item("M1", p.MahJongg(), points=s.mj_bonus, winner_only=True, mj_bonus=True),
    ]
    items += t.winning_tile_points(s)
    if s.rob_kong_bonus:
        items.append(Item("H17", p.RobbingKong(), points=s.rob_kong_bonus, winner_only=True))
    items += t.bonus_doubles(s)
    items += [
        Item("D4", p.DragonSet(), doubles=1),
        Item("D5", p.SeatWindSet(), doubles=1),
        Item("D6", p.PrevailingWindSet(), doubles=1),
        Item("D7", p.ThreeConcealedPongs(), doubles=1),
        Item("D8", p.LittleThreeDragons(), doubles=1),
        Item("D9", p.BigThreeDragons(), doubles=2),
        Item("D10", p.LittleFourJoys(), doubles=1),
        Item("D11", p.BigFourJoys(), doubles=2),
        Item("W1", p.ZeroPoints(s.zero_point_basis), doubles=1, winner_only=True),
        Item("W2", p.NoChow(), doubles=1, winner_only=True),
    ]
    items += t.concealed_hand(s)
    items += [
        Item("W4", p.HalfFlush(), doubles=1, winner_only=True),
        Item("W5", p.PureFlush(), doubles=3, winner_only=True),
        Item("W6", p.AllMajors(), doubles=1, winner_only=True),
    ]
    if not s.limit_hands:
        items.append(Item("W7", p.AllHonours(), doubles=2, winner_only=True))
    items += [
        Item("W8", p.FromDeadWall(), doubles=1, winner_only=True),
        Item("W9", p.LastTileDrawn(), doubles=1, winner_only=True),
        Item("W10", p.LastDiscard(), doubles=1, winner_only=True),
        Item("W11", p.RobbingKong(), doubles=1, winner_only=True),
    ]
    if s.original_call:
        items.append(Item("W12", p.OriginalCall(), doubles=1, winner_only=True))
    if s.limit_hands:
        limits: list[t.LimitHand] = [
            ("L1", p.HeavensBlessing()),
            ("L2", p.EarthsBlessing()),
            ("L3", p.ConcealedPureSuit(s.concealed_requires_self_draw)),
            ("L4", p.HiddenTreasure()),
            ("L5", p.AllHonours()),
            ("L6", p.HeadsAndTails()),
            ("L7", p.WindingSnake()),
            ("L8", p.FourKongs()),
            ("L9", p.ThreeScholars(chow_ok=False)),
            ("L10", p.FourJoys()),
            ("L11", p.GreenHand(s.green_hand_requires_gd)),
            ("L12", p.NineGates()),
            ("L13", p.ThirteenOrphans()),
            ("L14", p.KongOnKong()),
            ("L15", p.PlumBlossom()),
            ("L16", p.MoonFromSea()),
            ("L17", p.SupportingPillar()),
        ]
        if s.nine_times_rule:
            limits.append(("L18", p.NineTimes()))
        items += t.limit_items(s, limits)
    return t.table_of("dmjl", items, s)


RULESET: Final = Ruleset(
    name="dmjl",
    title="DMJL classical Chinese (German league)",
    source="Wertungstabelle der DMJL; game flow from Hua Bao",
    defaults=Settings(),
    table=table,
    settings_used=CLASSICAL_SETTINGS - HUABAO_LIMIT_SETTINGS,
    title_de="Klassische chinesische Mah-Jongg-Regeln (DMJL)",
    names=NAMES,
    features=(ThreeMahjongClaims, Gulasch),
)
