"""``jiangxi``: Jiangxi Mahjong (seed 004, German with the Chinese original; RULES.md §2.5).

120 tiles (three suits, Zhong, Fa and Bai; no winds, no flowers), no chow
claims, the Fa (``6z``) laid out and replaced like a bonus tile, and a hand
counted in **fan**: every item adds (J1-J23, "番数叠加不翻倍"), four Fa double
the total (J3), a Hu needs 2 fan before that doubling (§4, A-JX-04), and the
dealer's fan is doubled (J24, in :func:`pays`: the hand's ``total`` of
RULES.md §1.14.1 is before it). One chip per fan (A-JX-01); a discard win is
paid by the discarder alone, a Zimo by each of the other three (A-JX-02).

In a hand string the Fa a winner laid out are written in braces (``{66z}``,
see :mod:`engine.hand`); they are in no set and count for J2 and J3 only:

>>> from engine.scoring.report import score_request
>>> r = score_request(hand="123s 456m 888p 345p 77s {66z}", ruleset="jiangxi", seat="N",
...                   win="7s", self_drawn=True)                       # RULES.md EX-32
>>> [(line.code, line.points) for line in r.items], r.total, r.fan, dict(r.pays or ())
([('J1', 1), ('J2', 1), ('J2', 1), ('J4', 1), ('J5', 1)], 5, 5, {'E': 5, 'S': 5, 'W': 5})

The flow rules the deal applies are :mod:`engine.features` (listed in ``RULESET.features``):
Gen zhuang (§2.5.4, :mod:`engine.features.gen_zhuang`) and the pass-over rule (§2.5.5). Several winners on
one discard (§2.5.3) are each paid by :func:`pays` through
:func:`engine.settlement.settle_hand`; who deals next (§2.5.7) is
:meth:`engine.game.Game`'s rotation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.features.gen_zhuang import GenZhuang
from engine.features.gen_zhuang import gen_zhuang as gen_zhuang
from engine.features.gen_zhuang import is_gen_zhuang as is_gen_zhuang
from engine.features.multiple_winners import MultipleWinners
from engine.features.multiple_winners import RestrictedRob as RestrictedRobRule
from engine.features.pass_over import PassOver as PassOver
from engine.features.pass_over import PassOverRule
from engine.hand import MeldKind
from engine.rulesets.ruleset import RuleNames, Ruleset
from engine.scoring import patterns as p
from engine.scoring.facts import Facts, set_label
from engine.scoring.tables import Item, Table, table_of
from engine.settings import Settings
from engine.tiles import HONOUR_START, TILES, Wind, tiles_str

CHOW, PONG, KONG = MeldKind.CHOW, MeldKind.PONG, MeldKind.KONG

BAI: Final = TILES[HONOUR_START + 4]
"""Bai, the White dragon ``5z`` ("Weisse Tafel", 白板)."""
FA: Final = TILES[HONOUR_START + 5]
"""Fa, the Green dragon ``6z`` ("Grünes Glück", 發財): the lucky tile, laid out and replaced."""
ZHONG: Final = TILES[HONOUR_START + 6]
"""Zhong, the Red dragon ``7z`` ("Rote Mitte", 红中)."""
ZHONG_BAI: Final = frozenset({BAI, ZHONG})
"""The two honours that stay in a hand (the Fa is always laid out)."""

NONE: Final[tuple[str, ...]] = ()
ONCE: Final[tuple[str, ...]] = ("",)


# --- Patterns (RULES.md §2.5.2) ---------------------------------------------------------------


class Hu(p.Pattern):
    """J1: a winning hand (胡牌记一番)."""

    name = "Hu (winning hand)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE


class LaidOutFa(p.Pattern):
    """J2: each Fa the winner laid out (几个發加几番)."""

    name = "Fa laid out"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return tuple(str(FA) for t in f.summary.bonus if t == FA)


class FourFa(p.Pattern):
    """J3: all four Fa laid out (the total doubles)."""

    name = "all four Fa"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if sum(1 for t in f.summary.bonus if t == FA) == 4 else NONE


class Zimo(p.Pattern):
    """J4: the winning tile was self-drawn (a replacement tile included)."""

    name = "Zimo (self-drawn)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.self_drawn else NONE


class Menqing(p.Pattern):
    """J5: no peng and no claimed gang (concealed gangs allowed; a Hu on a discard is no peng);
    seven pairs only ``with_qidui`` (A-JX-12)."""

    name = "Menqing (no peng)"

    def __init__(self, with_qidui: bool) -> None:
        self.with_qidui = with_qidui

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.shape == "seven_pairs" and not self.with_qidui:
            return NONE
        return ONCE if all(concealed for _, _, concealed in f.summary.declared) else NONE


class GangOrTriplet(p.Pattern):
    """J6-J11: each gang of suit tiles, or each triplet or gang of Zhong or Bai, exposed or
    concealed (a triplet completed by the winning discard is a peng: A-JX-18)."""

    def __init__(self, kind: MeldKind, honours: bool, concealed: bool) -> None:
        self.kind = kind
        self.honours = honours
        self.concealed = concealed
        what = {
            (KONG, False): "open gang",
            (KONG, True): "concealed gang",
            (PONG, False): "peng",
            (PONG, True): "concealed triplet",
        }[kind, concealed]
        self._title = f"{what} of {'Zhong or Bai' if honours else 'suit tiles'}"

    @property
    def title(self) -> str:
        return self._title

    def match(self, f: Facts) -> tuple[str, ...]:
        return tuple(
            set_label(kind, tile, concealed)
            for kind, tile, concealed in f.sets
            if kind == self.kind
            and concealed == self.concealed
            and (tile in ZHONG_BAI if self.honours else tile < HONOUR_START)
        )


class Yitiaolong(p.Pattern):
    """J12: the runs 123, 456 and 789 of one suit (一条龙, A-JX-16)."""

    name = "Yitiaolong (1 to 9 in one suit)"

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.chows < 3:
            return NONE
        starts = {tile for kind, tile, _ in f.sets if kind == CHOW}
        for suit in range(3):
            if {9 * suit, 9 * suit + 3, 9 * suit + 6} <= starts:
                return (tiles_str(range(9 * suit, 9 * suit + 9)),)
        return NONE


class Pengpeng(p.Pattern):
    """J13: four triplets or gangs and a pair (碰碰胡)."""

    name = "Pengpeng Hu (all triplets)"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.shape == "standard" and f.chows == 0 else NONE


class Quanqiuren(p.Pattern):
    """J14: four exposed triplets or gangs and a pair (全求人; a triplet completed by the winning
    discard counts as exposed); with ``requires_discard`` the win is on a discard (A-JX-13)."""

    name = "Quanqiuren (four exposed triplets)"

    def __init__(self, requires_discard: bool) -> None:
        self.requires_discard = requires_discard

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.shape != "standard" or f.chows or len(f.sets) != 4:
            return NONE
        if self.requires_discard and f.summary.ctx.self_drawn:
            return NONE
        return ONCE if not any(concealed for _, _, concealed in f.sets) else NONE


class Hunyise(p.Pattern):
    """J15: one suit with Zhong or Bai (at least one of them; A-JX-17)."""

    name = "Hunyise (one suit with Zhong or Bai)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        honours = {t for t in range(HONOUR_START, len(s.counts)) if s.counts[t]}
        return ONCE if s.n_suits == 1 and honours and honours <= ZHONG_BAI else NONE


class LuxurySevenPairs(p.Pattern):
    """J16: seven pairs with four equal tiles as two pairs (豪华七对): +3 flat (A-JX-14)."""

    name = "luxury seven pairs"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.shape == "seven_pairs" and len(set(f.pairs)) < len(f.pairs) else NONE


class Schick(p.Pattern):
    """J17: pairs (seven pairs) or triplets (Pengpeng) of three consecutive ranks of one suit;
    one occurrence per three in a row, so a run of L such ranks counts L - 2 times (A-JX-15)."""

    name = "schick run"

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.shape == "seven_pairs":
            kinds = set(f.pairs)
        elif f.shape == "standard" and f.chows == 0:
            kinds = set(f.pong_tiles)
        else:
            return NONE
        return tuple(
            tiles_str((t, t + 1, t + 2))
            for t in sorted(kinds)
            if t < HONOUR_START and t % 9 <= 6 and t + 1 in kinds and t + 2 in kinds
        )


class GangTile(p.Pattern):
    """J18: a win on a gang's replacement tile (杠上花), on the discard after it (杠上炮), or by
    robbing a gang (抢杠胡)."""

    name = "gang tile (won on a gang's replacement, its discard, or robbing it)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        c = f.summary.ctx
        return ONCE if c.kong_replacement or c.kong_on_kong or c.kong_discard or c.robbing_kong else NONE


class RestrictedRob(p.Pattern):
    """J18R: held below the 2-fan minimum on a discard, the player wins from the one who took it
    for a gang (robbing that gang, or on his replacement-tile discard): a fixed 3 fan (A-JX-19).

    Not matched once per hand: the scorer takes fixed values from the per-candidate items."""

    name = "won from the gang player below the minimum"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.summary.ctx.restricted_rob else NONE


class Haidi(p.Pattern):
    """J19: self-drawn with the last tile of the wall (海底捞; its discard scores nothing: A-JX-20)."""

    name = "Haidi (last tile of the wall)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        c = f.summary.ctx
        return ONCE if c.last_tile and c.self_drawn else NONE


class Qingyise(p.Pattern):
    """J20: tiles of one suit only (清一色)."""

    name = "Qingyise (one suit)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return ONCE if s.n_suits == 1 and not s.has_honours else NONE


class Qidui(p.Pattern):
    """J21: seven pairs (七对)."""

    name = "Qidui (seven pairs)"

    def match(self, f: Facts) -> tuple[str, ...]:
        return ONCE if f.shape == "seven_pairs" else NONE


class TianHu(p.Pattern):
    """J22: the dealer complete after the deal (天胡; flag ``first-turn`` at East)."""

    name = "Tian-Hu (dealer complete after the deal)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        c = f.summary.ctx
        return ONCE if c.first_turn and c.seat == Wind.EAST else NONE


class DiHu(p.Pattern):
    """J23: another player wins on the dealer's first discard (``first-turn``) or with his own
    first draw (``first-draw``), no claim made before (地胡, A-JX-25)."""

    name = "Di-Hu (first discard or first draw)"
    per_hand = True

    def match(self, f: Facts) -> tuple[str, ...]:
        c = f.summary.ctx
        return ONCE if (c.first_turn and c.seat != Wind.EAST) or c.first_draw else NONE


# --- Table and names --------------------------------------------------------------------------

NAMES: Final[RuleNames] = {
    # seed 004 §4-§5.8; RULES.md §2.5.2 ("German / Chinese")
    "J1": ("Hu: Ziel erreicht / 胡牌记一番", "Hu (winning hand)"),
    "J2": ("Hu mit Glückssteinen / 有發加番", "Fa laid out"),
    "J3": ("Hu mit 4 Glückssteinen / 四个發", "all four Fa"),
    "J4": ("Zimo / 自摸", "Zimo (self-drawn)"),
    "J5": ("Menqing (keine Peng) / 門清（無碰牌）", "Menqing (no peng)"),
    "J6": ("Offener Gang mit normalen Steinen / 普通牌明杠", "open gang of suit tiles"),
    "J7": ("Versteckter Gang mit normalen Steinen / 暗杠", "concealed gang of suit tiles"),
    "J8": ("Peng mit Rote Mitte oder Weisse Tafel / 紅中或白板碰牌", "peng of Zhong or Bai"),
    "J9": (
        "Versteckte Drillinge Rote Mitte oder Weisse Tafel / 手牌里未碰的刻子",
        "concealed triplet of Zhong or Bai",
    ),
    "J10": ("Offener Gang Rote Mitte oder Weisse Tafel / 明杠", "open gang of Zhong or Bai"),
    "J11": ("Versteckter Gang Rote Mitte oder Weisse Tafel / 暗杠", "concealed gang of Zhong or Bai"),
    "J12": ("Mit einem Drachen (1 bis 9) / 一条龙", "Yitiaolong (1 to 9 in one suit)"),
    "J13": ("Pengpeng Hu (vier Drillinge + ein Paar) / 碰碰胡", "Pengpeng Hu (all triplets)"),
    "J14": (
        "Quanqiuren Hu (vier offene Drillinge + ein Paar) / 全求人",
        "Quanqiuren (four exposed triplets)",
    ),
    "J15": (
        "Hunyise (einfarbig und weitere nur Rote Mitte und/oder Weisse Tafel) / 混一色",
        "Hunyise (one suit with Zhong or Bai)",
    ),
    "J16": ("Luxuse Sieben Paare (vier gleiche als zwei Paare) / 豪华七对", "luxury seven pairs"),
    "J17": ("Schicke Sieben Paare oder Schicke Penghu / 潇洒七对或潇洒碰碰胡", "schick run"),
    "J18": (
        "Ziel erreicht mit Gangstein / 杠上花/炮或抢杠胡",
        "gang tile (won on a gang's replacement, its discard, or robbing it)",
    ),
    "J18R": (
        "Mit Gangstein 3 Punkte vom Gangmacher gewinnen / 抢胡杠家，计3番",
        "won from the gang player below the minimum",
    ),
    "J19": ("Haidi (der letzte Stein) / 海底捞", "Haidi (last tile of the wall)"),
    "J20": ("Qingyise-Hu (einfarbig) / 清一色", "Qingyise (one suit)"),
    "J21": ("Qidui (sieben Paare) / 七对", "Qidui (seven pairs)"),
    "J22": ("Tian-Hu / 天胡", "Tian-Hu (dealer complete after the deal)"),
    "J23": ("Di-Hu / 地胡", "Di-Hu (first discard or first draw)"),
    "J24": ("Der erste Spieler zählt Punkte doppelt / 庄家番数翻一倍", "the dealer's fan doubled"),
}
"""Jiangxi's items: the seed's German with its Chinese (RULES.md §2.5.2); J24 is applied in
:func:`pays`, J18R is A-JX-19's fixed total."""


def table(s: Settings) -> Table:
    """The Jiangxi fan table (RULES.md §2.5.2) under settings ``s``: every item is the winner's
    (A-JX-28); points are fan, added; J3 doubles the total; J18R fixes it at 3."""
    items = [
        Item("J1", Hu(), points=1, winner_only=True),
        Item("J2", LaidOutFa(), points=1, winner_only=True),
        Item("J3", FourFa(), doubles=1, winner_only=True),
        Item("J4", Zimo(), points=1, winner_only=True),
        Item("J5", Menqing(s.menqing_with_qidui), points=1, winner_only=True),
        Item("J6", GangOrTriplet(KONG, honours=False, concealed=False), points=1, winner_only=True),
        Item("J7", GangOrTriplet(KONG, honours=False, concealed=True), points=2, winner_only=True),
        Item("J8", GangOrTriplet(PONG, honours=True, concealed=False), points=1, winner_only=True),
        Item("J9", GangOrTriplet(PONG, honours=True, concealed=True), points=2, winner_only=True),
        Item("J10", GangOrTriplet(KONG, honours=True, concealed=False), points=3, winner_only=True),
        Item("J11", GangOrTriplet(KONG, honours=True, concealed=True), points=4, winner_only=True),
        Item("J12", Yitiaolong(), points=3, winner_only=True),
        Item("J13", Pengpeng(), points=3, winner_only=True),
        Item("J14", Quanqiuren(s.quanqiuren_requires_discard), points=3, winner_only=True),
        Item("J15", Hunyise(), points=3, winner_only=True),
        Item("J16", LuxurySevenPairs(), points=3, winner_only=True),
        Item("J17", Schick(), points=3, winner_only=True),
        Item("J18", GangTile(), points=3, winner_only=True),
        Item("J18R", RestrictedRob(), fixed=3, winner_only=True),
        Item("J19", Haidi(), points=3, winner_only=True),
        Item("J20", Qingyise(), points=5, winner_only=True),
        Item("J21", Qidui(), points=5, winner_only=True),
        Item("J22", TianHu(), points=5, winner_only=True),
        Item("J23", DiHu(), points=5, winner_only=True),
    ]
    return table_of(
        "jiangxi",
        items,
        s,
        limit=None,
        thirteen_orphans=False,
        only_possible_matters=False,
        limit_applies_to_losers=False,
        loser_max_pairs=0,
        unit="fan",
    )


# --- Payments and the flow rules --------------------------------------------------------------


def pays(
    total: int,
    *,
    winner: int,
    seats: Sequence[int],
    east: int,
    discarder: int | None,
    settings: Settings,
    fixed: bool = False,
) -> dict[int, int]:
    """What each losing seat pays the winner (RULES.md §1.14.1, §2.5.3): the amount is
    ``total`` fan, doubled when the winner is the dealer ``east`` (J24), times
    ``unit_per_fan``; the discarder pays it alone, or on a Zimo every other seat; a losing
    dealer pays no more (A-JX-03; ``dealer_loses_double`` makes him pay double).

    >>> jx = RULESET.defaults
    >>> pays(9, winner=0, seats=(0, 1, 2, 3), east=0, discarder=1, settings=jx)  # EX-33
    {1: 18, 2: 0, 3: 0}
    >>> pays(5, winner=3, seats=(0, 1, 2, 3), east=0, discarder=None, settings=jx)  # EX-32
    {0: 5, 1: 5, 2: 5}
    """
    amount = total * (2 if winner == east else 1) * settings.unit_per_fan

    def share(seat: int) -> int:
        return amount * (2 if settings.dealer_loses_double and seat == east else 1)

    out = {seat: 0 for seat in seats if seat != winner}
    if discarder is not None and settings.discarder_pays_all:
        out[discarder] = share(discarder)
    else:
        for seat in out:
            out[seat] = share(seat)
    return out


SETTINGS_USED: Final = frozenset(
    {
        "min_fan",
        "unit_per_fan",
        "menqing_with_qidui",
        "quanqiuren_requires_discard",
        "dealer_loses_double",
        "gen_zhuang_chips",
        "pass_over",
        "multiple_winners",
    }
)
"""The settings a club may change at jiangxi (RULES.md §4, jiangxi column), besides the table's."""

RULESET: Final[Ruleset] = Ruleset(
    name="jiangxi",
    title="Jiangxi Mahjong",
    source="Jiangxi Mahjong Regeln 江西麻将规则 (seed 004)",
    defaults=Settings().with_values(
        {
            # scoring (RULES.md §2.5.1, §4.3, §4.4)
            "seven_pairs": True,
            "seven_pairs_quad_as_two_pairs": True,
            "min_fan": 2,
            "limit_hands": False,
            "winning_tile_points": False,
            "concealed_hand_doubles": 0,
            "original_call": False,
            "nine_times_rule": False,
            "loser_max_pairs": 0,
            "limit_applies_to_losers": False,
            # tiles and play (§4.1, §4.2)
            "bonus_tiles": False,
            "wall_reserve": 0,
            "chow_claims": False,
            "multiple_winners": "all_win",
            "pass_over": "until_own_draw",
            # settlement and session (§4.5, §4.6)
            "east_factor": 1,
            "discarder_pays_all": True,
            "loser_settlement": "none",
            "gen_zhuang_chips": 2,
            "initial_score": 100,
            "game_length": "hands:16",
            "dealer_rotation": "winner",
        }
    ),
    table=table,
    settings_used=SETTINGS_USED,
    title_de="Jiangxi Mahjong Regeln (江西麻将规则)",
    names=NAMES,
    winds=False,
    lucky=(FA,),
    chows=False,
    pays=pays,
    features=(GenZhuang, PassOverRule, RestrictedRobRule, MultipleWinners),
)
