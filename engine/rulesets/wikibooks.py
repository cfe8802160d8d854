"""``wikibooks``: the German Wikibooks rules and their variants (seed 001; RULES.md §2.3).

The book gives the scoring principles (20 points for the win, the sets' values,
rounding, doubling, the limit) but no complete table; the missing values are
Hua Bao's (RULES.md A-WB-01), so the table is Hua Bao's set and pair points
and doubles with the book's own items added: 10 points for a hand of only
pongs and kongs (A-WB-02), the base rounded up to tens before doubling
(A-WB-03), every Chinese and Western special hand of the book at the limit
(the earthly hand half the limit or better, A-WB-04), and the variants riichi,
dora and Ii Fan Shibari.

**Bundles.** Two settings stand for several others; :meth:`WikibooksRuleset.settings`
(and so every table that takes its house rules through the ruleset) expands them
(:func:`expand`), each bundled setting only where the club did not set it itself:

* ``ii_fan_shibari = true`` sets ``min_doubles = 1`` (§2.3.8): the scorer lets a hand
  win only with a double that is not a bonus-tile or dora double (those items are
  ``Item.no_minimum``; :attr:`engine.scoring.tables.Table.min_doubles`), so neither the
  deal nor ``mahjong score`` / ``/score`` accepts another; riichi and special hands
  count (A-WB-12).
* ``western = true`` sets ``max_chows = 1``, ``require_flush = true``,
  ``bonus_tiles = true``, ``riichi = true``, ``wall_reserve = 0`` and
  ``loser_settlement = riichi_only`` (§2.3.9, A-WB-14 to A-WB-16).

The table reads only the flat settings (``max_chows``, ``riichi`` ...), never the
bundles, so ``western=true max_chows=2`` plays the western way with two chows.

**The flow's part.** The deal declares riichi, turns up the dora indicator and
settles; what of that is wikibooks' own is here as pure functions:
:func:`dora_of` (the dora of an indicator, from :mod:`engine.features.dora`; the deal's
rules are :mod:`engine.features`: dora, riichi, the abortive draws). A whole hand is settled by
:func:`engine.settlement.settle_hand` with the ruleset's payments (``riichi_only``: the
western loser settlement, only towards riichi declarers); the riichi sticks are
:class:`engine.settlement.Stake` s in the centre that the winner takes
(:func:`engine.settlement.take_centre`) or that stay or go back after a drawn hand.

>>> from engine.hand import Hand
>>> from engine.scoring import WinContext, score
>>> r = score(Hand.parse("[555z] 333m [567s] 234p 88p"), WinContext.make(seat="W", win="8p"),
...           ruleset=RULESET)
>>> r.points, r.doubles, r.total        # RULES.md EX-18: 28 rounded up to 30, one double
(28, 1, 60)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine.features.abortive_draws import FourWinds, NineMajors, ThreeMahjongClaims
from engine.features.dora import Dora as DoraRule
from engine.features.dora import dora_of as dora_of
from engine.features.gulasch import Gulasch
from engine.features.riichi import Riichi as RiichiRule
from engine.rulesets import dmjl, huabao
from engine.rulesets.ruleset import CLASSICAL_SETTINGS, RuleNames, Ruleset, pay_classical
from engine.scoring import patterns as p
from engine.scoring import tables as t
from engine.scoring.facts import CHOW, HONOUR_SET, KONG, Facts, set_label
from engine.scoring.tables import Item, Table
from engine.settings import SPEC_BY_NAME, Settings
from engine.tiles import HONOUR_START, Tile, tiles_str

# --- Vocabulary -----------------------------------------------------------------

WESTERN: Final[Mapping[str, object]] = {
    "max_chows": 1,
    "require_flush": True,
    "bonus_tiles": True,
    "riichi": True,
    "wall_reserve": 0,
    "loser_settlement": "riichi_only",
}
"""What ``western = true`` stands for (RULES.md §2.3.9), setting by setting."""

II_FAN_SHIBARI: Final[Mapping[str, object]] = {"min_doubles": 1}
"""What ``ii_fan_shibari = true`` stands for (RULES.md §2.3.8)."""

BUNDLES: Final[Mapping[str, Mapping[str, object]]] = {"western": WESTERN, "ii_fan_shibari": II_FAN_SHIBARI}
"""Each bundle setting and what it sets when it is true."""

SEAT_COUNT: Final = 4
"""The book plays with four only ("…keine dieser Varianten dargestellt")."""

NAMES: Final[RuleNames] = {
    # Set and pair points: Hua Bao's (A-WB-01; the book names none but the example
    # "Ein offenes Pong von weißen Drachen wäre beispielsweise 4 Punkte wert")
    **{code: huabao.NAMES[code] for code in ("H1", "H2", "H3", "H4", *huabao.SET_CODES.values(), "H17")},
    # «Die Punktezählung», «Blumen- und Jahreszeitensteine»
    "H15": ("Blumen- oder Jahreszeitenziegel", "bonus tile"),
    "H16": ("Grundpunkte für den Gewinn", "Mah-Jongg"),
    "WB1": ("Spiel nur aus Pongs und Kans", "no chow"),
    # Doubles (A-WB-01; the book's wording where it has one)
    "HD1": huabao.NAMES["HD1"],
    "HD2": ("Drachenpong", "pong or kong of dragons"),
    "HD3": (
        "Pong des Rundenwindes (in der Ostwindrunde ein Ostwindpong)",
        "pong or kong of the prevailing wind",
    ),
    "HD5f": ("eigener Blumenziegel", "own flower"),
    "HD5s": ("eigener Jahreszeitenziegel", "own season"),
    "HD7f": ("Bouquet (alle vier Blumenziegel)", "all four flowers"),
    "HD7s": ("Bouquet (alle vier Jahreszeitenziegel)", "all four seasons"),
    "HD9": ("unreines Farbenspiel", "one suit with honours"),
    "HD10": ("reines Farbenspiel", "one suit only"),
    # Varianten
    "WB2": ("Riichi", "riichi"),
    "WB3": ("Dora Pai", "dora"),
    # Chinesische Sonderspiele, in the book's order
    "CS1": ("Die Himmlische Hand", "Heaven's blessing"),
    "CS2": ("Die Irdische Hand", "Earth's blessing"),
    "CS3": ("Alle Ehren", "honours only"),
    "CS4": ("Die Dreizehn Waisen", "thirteen orphans"),
    "CS5": ("Vier Freuden Spiel (Vier Segen über der Tür)", "four blessings over the door"),
    "CS6": ("Die drei großen Gelehrten", "three great scholars"),
    "CS7": ("Die Grüne Hand", "imperial green hand"),
    "CS8": ("Das Neunlaternenspiel", "nine lanterns"),
    "CS9": ("Das Vier-Kan-Spiel", "fourfold wealth (four kongs)"),
    # Westliche Sonderspiele, in the book's order
    "WS1": ("Die Zwillinge des Himmels", "heavenly twins"),
    "WS2": ("Die Zwillinge der Erde", "earthly twins"),
    "WS3": ("Das Mondspiel", "plucking the shadow of the moon from the bottom of the sea"),
    "WS4": ("Das Kopf-und-Schwanz-Spiel", "heads and tails"),
    "WS5": ("Die sich windende Schlange", "winding snake"),
    "WS6": ("Die Himmelsleiter", "heaven's ladder"),
    "WS7": ("Grüne Jade", "green jade"),
    "WS8": ("Rote Koralle", "red coral"),
    "WS9": ("Weisser Opal", "white opal"),
    # Items a club may switch on from DMJL keep DMJL's names (winning-tile points, the
    # concealed hand, DMJL's bonus-tile doubles, nine times Mah-Jongg)
    **{code: dmjl.NAMES[code] for code in ("M2", "M3", "M4", "M5", "W3", "D1", "D2", "D3", "L18")},
}
"""Every item's German name (the book's wording where it has one) and English name."""


# --- Patterns no other ruleset has ---------------------------------------------


class Riichi(p.Pattern):
    """The winner declared riichi (``ctx.riichi``) with no set exposed (declared concealed
    kongs allowed, A-WB-10); a flag on an exposed hand counts nothing."""

    name = "riichi"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if not s.ctx.riichi or not all(concealed for _, _, concealed in s.declared):
            return p.NONE
        return p.ONCE


class Dora(p.Pattern):
    """One occurrence per dora tile built into a set (a dora pong: three, a kong: four, a
    chow holding one: one) and, with ``in_pair``, into the pair (two; A-WB-11). The detail
    is the set or pair the tile is in."""

    name = "dora"

    def __init__(self, in_pair: bool) -> None:
        self.in_pair = in_pair

    def match(self, f: Facts) -> tuple[str, ...]:
        dora = f.summary.ctx.dora
        if not dora:
            return p.NONE
        out: list[str] = []
        for kind, tile, concealed in f.sets:
            tiles = (tile, tile + 1, tile + 2) if kind == CHOW else (tile,) * (4 if kind == KONG else 3)
            hits = sum(1 for x in tiles for d in dora if x == d)
            out += [set_label(kind, tile, concealed)] * hits
        if self.in_pair:
            for pair in (f.pair, *f.extra_pairs, *f.pairs):
                if pair >= 0:
                    out += [tiles_str((pair, pair))] * (2 * sum(1 for d in dora if d == pair))
        return tuple(out)


class MoonHand(p.LastTileDrawn):
    """«Das Mondspiel»: Mah-Jongg with the last tile of the live wall, self-drawn."""

    name = "plucking the shadow of the moon from the bottom of the sea"


class NineLanterns(p.NineLanterns):
    """«Das Neunlaternenspiel»: one suit, a pong *or kong* of 1 and of 9, a run 2-8, one tile
    doubled; concealed (declared concealed kongs allowed), or with ``easy`` exposed chows
    inside 2-8 (A-WB-21). Hua Bao's traditional pattern refuses the kongs."""

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        if s.n_suits != 1 or s.has_honours:
            return p.NONE
        kongs = 0
        for kind, tile, concealed in s.declared:
            if kind == KONG:
                kongs += 1
            if concealed:
                continue
            if not (self.easy and kind == CHOW and 1 <= tile % 9 <= 5):
                return p.NONE
        base = next(i for i in range(HONOUR_START) if s.counts[i]) // 9 * 9
        c = s.counts[base : base + 9]
        if sum(c) != 14 + kongs or c[0] < 3 or c[8] < 3 or min(c[1:8]) < 1:
            return p.NONE
        return p.ONCE


class JewelHand(p.Pattern):
    """Green jade, red coral, white opal: a pong (or kong) of one dragon, three pongs (or
    kongs) of one suit and a pair of that suit."""

    needs = HONOUR_SET

    def __init__(self, title: str, dragon: str, suit: str) -> None:
        self._title = title
        self.dragon = int(Tile.parse(dragon))
        self.suit = int(Tile.parse(f"1{suit}")) // 9

    @property
    def title(self) -> str:
        return self._title

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.shape != "standard" or f.chows or not 0 <= f.pair < HONOUR_START or f.pair // 9 != self.suit:
            return p.NONE
        rest = sorted(f.pong_tiles)
        if len(rest) != 4 or self.dragon not in rest:
            return p.NONE
        rest.remove(self.dragon)
        return p.ONCE if all(x < HONOUR_START and x // 9 == self.suit for x in rest) else p.NONE


# --- The table ------------------------------------------------------------------


def table(s: Settings) -> Table:
    """The wikibooks table (seed 001 «Abrechnung», «Sonderspiele», «Varianten»; RULES.md §2.3)
    under settings ``s``.

    >>> codes = [i.code for i in table(RULESET.defaults).items]
    >>> codes[:3], "WB1" in codes, "CS8" in codes, "WS9" in codes, "WB2" in codes
    (['H15', 'H6', 'H8'], True, True, True, False)
    """
    no_chow = [Item("WB1", p.NoChow(), points=s.no_chow_points, winner_only=True)] if s.no_chow_points else []
    items = huabao.core_items(s, extra_points=no_chow)
    if s.riichi:
        items.append(Item("WB2", Riichi(), doubles=1, winner_only=True))
    if s.dora:
        items.append(
            Item("WB3", Dora(s.dora_in_pair), doubles=1, winner_only=not s.dora_for_losers, no_minimum=True)
        )
    if s.moon_hand_value == "one_double":
        items.append(Item("WS3", MoonHand(), doubles=1, winner_only=True))
    if s.limit_hands:
        items += _special_hands(s)
    return t.table_of("wikibooks", items, s)


def _special_hands(s: Settings) -> list[Item]:
    """«Sonderspiele»: every Chinese and Western special hand at the limit (A-WB-04); the
    earthly hand as ``earthly_value`` says, the moon hand as ``moon_hand_value`` (A-WB-24),
    the twins only where seven pairs win."""
    earthly = 1.0 if s.earthly_value == "limit" else 0.5
    hands: list[tuple[str, p.Pattern, float]] = [
        ("CS1", p.HeavensBlessing(), 1.0),
        ("CS2", p.EarthsBlessing(), earthly),
        ("CS3", p.AllHonours(), 1.0),
        ("CS4", p.ThirteenOrphans(), 1.0),
        ("CS5", p.FourJoys(), 1.0),
        ("CS6", p.ThreeScholars(chow_ok=True), 1.0),
        ("CS7", p.GreenHand(s.green_hand_requires_gd), 1.0),
        ("CS8", NineLanterns(s.nine_lanterns_easy), 1.0),
        ("CS9", p.FourKongs(), 1.0),
    ]
    if s.seven_pairs:
        hands += [("WS1", p.HeavenlyTwins(), 1.0), ("WS2", p.EarthlyTwins(), 1.0)]
    if s.moon_hand_value == "limit":
        hands.append(("WS3", MoonHand(), 1.0))
    hands += [
        ("WS4", p.HeadsAndTails(), 1.0),
        ("WS5", p.WindingSnakeWikibooks(), 1.0),
        ("WS6", p.HeavensLadder(), 1.0),
        ("WS7", JewelHand("green jade", "6z", "s"), 1.0),
        ("WS8", JewelHand("red coral", "7z", "m"), 1.0),
        ("WS9", JewelHand("white opal", "5z", "p"), 1.0),
    ]
    if s.nine_times_rule:
        hands.append(("L18", p.NineTimes(), 1.0))
    or_better = s.earthly_value == "half_limit_or_better"
    return [
        Item(code, pat, limit=share, winner_only=True, or_better=or_better and code == "CS2")
        for code, pat, share in hands
    ]


# --- Settings: defaults, bundles ------------------------------------------------


def expand(overrides: Mapping[str, object]) -> dict[str, object]:
    """A club's ``overrides`` with every bundle that is switched on spelt out (:data:`BUNDLES`);
    a setting the club gives itself stands.

    >>> expand({"western": "yes"})["max_chows"], expand({"western": "yes", "max_chows": 2})["max_chows"]
    (1, 2)
    >>> expand({"ii_fan_shibari": True}), expand({"ii_fan_shibari": "false"})
    ({'ii_fan_shibari': True, 'min_doubles': 1}, {'ii_fan_shibari': 'false'})

    :raises SettingError: for a bundle setting given a value that is not true or false.
    """
    out = dict(overrides)
    for name, bundle in BUNDLES.items():
        if name in overrides and SPEC_BY_NAME[name].convert(overrides[name]):
            for key, value in bundle.items():
                out.setdefault(key, value)
    return out


class WikibooksRuleset(Ruleset):
    """A :class:`Ruleset` whose house rules spell out the bundle settings (:func:`expand`)."""

    __slots__ = ()

    def settings(self, overrides: Mapping[str, object] | None = None) -> Settings:
        """The defaults with ``overrides`` applied, bundles expanded, and checked.

        >>> st = RULESET.settings({"western": "true"})
        >>> st.max_chows, st.require_flush, st.riichi, st.wall_reserve, st.loser_settlement
        (1, True, True, 0, 'riichi_only')
        >>> RULESET.settings({"ii_fan_shibari": "on"}).min_doubles
        1

        :raises SettingError: as :meth:`Ruleset.settings`.
        """
        return Ruleset.settings(self, expand(overrides or {}))


SETTINGS_USED: Final = (
    CLASSICAL_SETTINGS
    - {"zero_point_basis", "traditional_limit_hands", "original_call", "winning_tile_points_cumulative"}
) | {
    "rounding",
    "no_chow_points",
    "max_chows",
    "require_flush",
    "moon_hand_value",
    "riichi",
    "riichi_stake",
    "riichi_carry_over",
    "dora",
    "dora_in_pair",
    "dora_for_losers",
    "ii_fan_shibari",
    "western",
}
"""The settings a club may change at wikibooks (RULES.md §4, the ``wikibooks`` column)."""


# --- Payments and settlement ----------------------------------------------------


def round_half_up_100(amount: int) -> int:
    """``amount`` to the nearest hundred, 50 up (A-WB-27's western sticks).

    >>> round_half_up_100(240), round_half_up_100(250), round_half_up_100(0)
    (200, 300, 0)
    """
    return (amount + 50) // 100 * 100


def pay_wikibooks(
    total: int,
    *,
    winner: int,
    seats: Sequence[int],
    east: int,
    discarder: int | None,
    settings: Settings,
    fixed: bool = False,
) -> dict[int, int]:
    """What each loser pays the winner (RULES.md §1.14.1, §2.3.5): :func:`pay_classical`
    (the discarder alone 4 times, 6 to East, with ``discarder_pays_all``; else everyone, East
    double); with ``rounding = half_up_100_after_east_double`` each payment is then rounded to
    hundreds (as western counting sticks need, §2.3.12).

    >>> pay_wikibooks(60, winner=2, seats=(0, 1, 2, 3), east=0, discarder=1, settings=RULESET.defaults)
    {0: 0, 1: 240, 3: 0}
    """
    out = pay_classical(
        total, winner=winner, seats=seats, east=east, discarder=discarder, settings=settings, fixed=fixed
    )
    if settings.rounding == "half_up_100_after_east_double":
        out = {seat: round_half_up_100(amount) for seat, amount in out.items()}
    return out


RULESET: Final = WikibooksRuleset(
    name="wikibooks",
    title="Wikibooks rules (with riichi, dora, Ii Fan Shibari, western play)",
    title_de="Mahjong-Regeln nach Wikibooks",
    source="German Wikibooks 'Mahjong'; point values from Hua Bao (RULES.md A-WB-01)",
    defaults=huabao.RULESET.defaults.with_values(
        {
            "bonus_tiles": True,
            "mj_bonus": 20,
            "earthly_value": "half_limit_or_better",  # A-WB-04 (huabao's is exactly half: A-HB-10)
            "no_chow_points": 10,
            "rounding": "up_to_10",
            "seven_pairs": True,
            "wall_break": "one_throw",
            "deal_pattern": "B",
            "loose_tile_order": "second_stack_first",
            "three_mahjong_claims_abort": True,
            "rob_concealed_kong_13_orphans": True,
            "discarder_pays_all": True,
        }
    ),
    table=table,
    settings_used=SETTINGS_USED,
    names=NAMES,
    seat_counts=(SEAT_COUNT,),
    pays=pay_wikibooks,
    features=(DoraRule, RiichiRule, FourWinds, NineMajors, ThreeMahjongClaims, Gulasch),
    parent="huabao",
)
"""The ``wikibooks`` ruleset: Hua Bao's defaults with the book's (RULES.md §2.3.1, §4)."""
