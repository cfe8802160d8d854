"""``huabao``: the Hua Bao rules after Babcock (seed 000, the German Wikipedia article;
RULES.md §2.2).

Written as a difference from ``dmjl``: the same flow and set points, its own
codes, Mah-Jongg bonus, doubles, bonus-tile model and limit hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.rulesets import dmjl
from engine.rulesets.ruleset import CLASSICAL_SETTINGS, RuleNames, Ruleset
from engine.scoring import patterns as p
from engine.scoring import tables as t
from engine.scoring.tables import Item, Table
from engine.settings import Settings

NAMES: Final[RuleNames] = {
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
    "HD5f": ("Blumenziegel, der seinem Wind entspricht", "own flower"),
    "HD5s": ("Jahreszeitenziegel, der seinem Wind entspricht", "own season"),
    "HD7f": ("Blumenstrauß (alle vier Blumenziegel)", "all four flowers"),
    "HD7s": ("Blumenstrauß (alle vier Jahreszeiten)", "all four seasons"),
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


SET_CODES: Final = {
    "P3": "H6",
    "P5": "H7",
    "P4": "H8",
    "P6": "H9",
    "P7": "H10",
    "P9": "H11",
    "P8": "H12",
    "P10": "H13",
}
"""Hua Bao's codes of DMJL's pong and kong items (RULES.md §2.2.2 lists them exposed before concealed)."""


def core_items(s: Settings, *, extra_points: Sequence[Item] = ()) -> list[Item]:
    """Hua Bao's points and doubles (every item but the limit hands), under settings ``s``;
    ``extra_points`` (a ruleset built on them, like wikibooks) follow the Mah-Jongg bonus."""
    items: list[Item] = [Item("H15", p.BonusTile(), points=4, figure=True, bonus_tile=True)]
    items += [Item(SET_CODES[i.code], i.pattern, points=i.points, figure=True) for i in t.set_points()]
    items += [
        Item("H1", p.DragonPair(), points=2, figure=True),
        Item("H2", p.SeatWindPair(unless_prevailing=True), points=2, figure=True),
        Item("H3", p.PrevailingWindPair(unless_seat=True), points=2, figure=True),
        Item("H4", p.OwnPrevailingPair(), points=4, figure=True),
        Item("H16", p.MahJongg(), points=s.mj_bonus, winner_only=True, mj_bonus=True),
        *extra_points,
    ]
    if s.rob_kong_bonus:
        items.append(Item("H17", p.RobbingKong(), points=s.rob_kong_bonus, winner_only=True))
    items += t.winning_tile_points(s)
    items += [
        Item("HD1", p.SeatWindSet(), doubles=1),
        Item("HD2", p.DragonSet(), doubles=1),
        Item("HD3", p.PrevailingWindSet(), doubles=1),
    ]
    items += t.bonus_doubles(s)
    items += t.concealed_hand(s)
    items += [
        Item("HD9", p.HalfFlush(), doubles=1, winner_only=True),
        Item("HD10", p.PureFlush(), doubles=3, winner_only=True),
    ]
    return items


def table(s: Settings) -> Table:
    """The Hua Bao table (seed 000 §3.6, §3.8, §3.9; RULES.md §2.2) under settings ``s``."""
    items = core_items(s)
    if s.limit_hands:
        limits: list[t.LimitHand] = [
            ("3.6.5.1", p.AllHonours()),
            ("3.6.5.2", p.HeavensBlessing()),
            ("3.6.5.3", p.EarthsBlessing()),
        ]
        if s.traditional_limit_hands:
            limits += [
                ("3.10.1", p.NineLanterns(s.nine_lanterns_easy)),
                ("3.10.2", p.FourJoys()),
                ("3.10.3", p.ThreeScholars(chow_ok=True)),
                ("3.10.4", p.FourKongs()),
                ("3.10.5", p.HeadsAndTails()),
                ("3.10.6", p.HeavenlyTwins()),
                ("3.10.7", p.EarthlyTwins()),
                ("3.10.8", p.HeavensLadder()),
                ("3.10.9", p.GreenHand(s.green_hand_requires_gd)),
                ("3.10.10", p.WindingSnakeWikibooks()),
            ]
        if s.nine_times_rule:  # a house rule here (RULES.md §4: off), DMJL's L18 (A-DMJL-13)
            limits.append(("L18", p.NineTimes()))
        items += t.limit_items(s, limits)
    return t.table_of(
        "huabao",
        items,
        s,
        thirteen_orphans=False,
        seven_pairs=s.seven_pairs or (s.limit_hands and s.traditional_limit_hands),
    )


HUABAO_SETTINGS: Final = CLASSICAL_SETTINGS - {
    "original_call",
    "zero_point_basis",
    "rob_concealed_kong_13_orphans",
}
"""The settings of ``huabao``: the classical ones but DMJL's call at the beginning and zero-point
hand, which its table does not have, and the robbing of a concealed kong by thirteen orphans,
which is no winning hand in huabao (RULES.md §1.9.1, §4: n/a)."""


RULESET: Final[Ruleset] = dmjl.RULESET.derive(
    "huabao",
    title="Hua Bao / Babcock classical rules",
    source="German Wikipedia 'Mah-Jongg' §3",
    defaults={
        "mj_bonus": 10,
        "winning_tile_points": False,
        "rob_kong_bonus": 10,
        "concealed_hand_doubles": 0,
        "flower_double_model": "per_category",
        "earthly_value": "half_limit",  # A-HB-10 revised: "erhält die Hälfte des Limits", exactly
        "loser_max_pairs": 1,
        "original_call": False,
        "nine_times_rule": False,
        "bonus_tiles": False,
    },
    table=table,
    settings_used=HUABAO_SETTINGS,
    title_de="Hua-Bao-Regeln (nach Babcock)",
    names=NAMES,
)
