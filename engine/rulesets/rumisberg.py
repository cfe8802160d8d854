"""``rumisberg``: the house rules of the Mah-Jong-Club Rumisberg (seed 002; RULES.md §2.4).

The club's count list ("Auszählliste") is not in the seed, so the count is
DMJL's (RULES.md A-RU-02) with the club's changes (§2.4.4): a concealed hand
doubles twice (rule 14), the bouquet was paid during play and its doubles are
dropped at Mah-Jong (rule 7), "only major tiles" needs every suit (rule 10),
a counted hand holds at most one chow (rule 4) and a pung or kong of suit
tiles (rule 16), the count is scaled by ten and capped at 10'000 (rule 17).
The club hand (rule 5) is paid a fixed 3000 and never counted.

Payments (:func:`pays`) round each amount to hundreds after East's doubling
(rule 18) and cap it at the limit. The flow rules that the deal and the game
apply are pure functions here: the Fishing value and payments (§2.4.7), the
bouquet payment (§2.4.8), the Gulasch pot (§2.4.6) and the Pot (A-RU-10).

>>> from engine.scoring.report import score_request
>>> r = score_request(hand="[555s] 777z 333m [678p] 99p", ruleset="rumisberg", seat="S",
...                   win="9p", self_drawn=True)  # RULES.md EX-25
>>> r.points, r.doubles, r.total, dict(r.pays or ())
(42, 1, 840, {'E': 1700, 'W': 800, 'N': 800})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from engine.features import fishing as _fishing
from engine.features.abortive_draws import ThreeMahjongClaims
from engine.features.bouquets import Bouquets
from engine.features.bouquets import bouquet_payments as bouquet_payments
from engine.features.bouquets import bouquets as bouquets
from engine.features.fishing import Fishing
from engine.features.gulasch import Gulasch
from engine.features.gulasch import gulasch_stakes as gulasch_stakes
from engine.features.late_claim import LateClaims
from engine.features.pot import Pot
from engine.features.pot import is_pot as is_pot
from engine.features.pot import pot_payments as pot_payments
from engine.hand import Hand
from engine.rulesets import dmjl
from engine.rulesets.ruleset import CLASSICAL_SETTINGS, HUABAO_LIMIT_SETTINGS, RuleNames, Ruleset, f_factor
from engine.scoring import patterns as p
from engine.scoring.facts import Facts
from engine.scoring.special_hands import SpecialHand, SpecialHandPattern, parse_groups, parse_special_hands
from engine.scoring.special_hands import special_items as club_items
from engine.scoring.tables import Item, Table, table_of
from engine.settings import Settings
from engine.settlement import Transfer
from engine.tiles import Tile, Wind

if TYPE_CHECKING:
    pass

CLUB_HAND: Final = "RU5"
"""The club hand's item code (seed 002 rule 5)."""
CLUB_HAND_NAME: Final = "club hand 26.5.97"
"""The club hand's English name (the club's foundation date)."""

NAMES: Final[RuleNames] = {
    **dmjl.NAMES,
    "W3": ("Verdecktes Mah-Jong", "all sets concealed"),  # seed 002 rule 14: the club's 2 doubles
    "W6": ("Honor-Hand (jedes Motiv mindestens einmal)", "major tiles only, every suit"),
    "HD5f": ("Blumenziegel des Platzwindes", "own flower"),
    "HD5s": ("Jahreszeitenziegel des Platzwindes", "own season"),
    "HD7f": ("Blumenbouquet", "all four flowers"),
    "HD7s": ("Jahreszeitenbouquet", "all four seasons"),
    CLUB_HAND: ("Club-Hand 26.5.97", CLUB_HAND_NAME),
}
"""Rumisberg's items: DMJL's count list (seed 003) and the club's own (seed 002: "Verdecktes
Mah-Jong", "Honor-Hand", "Blumenbouquet", "Jahreszeit- resp. Blumenbouquet", "Club-Hand")."""


class HonorHand(p.AllMajors):
    """Only terminals and honours, with every suit ("Motiv") at least once (seed 002 rule 10,
    A-RU-20: the Honor-Hand, card No. 6)."""

    name = "major tiles only, every suit"

    def match(self, f: Facts) -> tuple[str, ...]:
        s = f.summary
        return p.ONCE if s.all_major and s.n_suits == 3 else p.NONE


def club_hand(s: Settings) -> SpecialHand:
    """The club hand under ``s`` (rule 5, A-RU-09: one suit, a pair of 2 and pongs or kongs of
    6, 5, 9 and 7, by default) with its fixed value.

    >>> str(club_hand(RULESET.defaults))
    'club hand 26.5.97: 22 666 555 999 777 = 3000'
    """
    return SpecialHand(CLUB_HAND_NAME, parse_groups(s.club_hand_pattern, "the club hand"), s.club_hand_value)


def table(s: Settings) -> Table:
    """The Rumisberg count list (RULES.md §2.4.4) under settings ``s``: DMJL's table with the
    club's changes, the club hand and the club's own special hands."""
    paid_bouquet = s.bouquet_payment > 0
    base = dmjl.table(s)
    items: list[Item] = []
    for item in base.items:
        if item.code == "W6":
            item = Item("W6", HonorHand(), doubles=1, winner_only=True)
        elif paid_bouquet and isinstance(item.pattern, p.Bouquet):
            continue  # paid during play (rule 7): not counted at Mah-Jong
        elif paid_bouquet and isinstance(item.pattern, p.OwnBonus):
            item = replace(item, pattern=p.OwnBonus(item.pattern.season, unless_bouquet=False))
        items.append(item)
    if s.club_hand_value:
        hand = club_hand(s)
        items.append(Item(CLUB_HAND, SpecialHandPattern(hand), fixed=hand.value, winner_only=True))
    items += club_items(parse_special_hands(s.special_hands), limit=s.limit)
    return table_of("rumisberg", items, s)


# --- Payments -------------------------------------------------------------------


def round100(amount: int) -> int:
    """``amount`` rounded to hundreds: a remainder of 49 or less down, of 50 or more up
    (seed 002 rule 18: "Bei 49 wird abgerundet und bei 50 aufgerundet").

    The reference values of RULES.md §2.4.5:

    >>> [round100(x) for x in (840, 1680, 750, 1450, 680, 1360, 16000)]
    [800, 1700, 800, 1500, 700, 1400, 16000]
    >>> round100(1649), round100(1650)
    (1600, 1700)
    """
    return (amount + 50) // 100 * 100


def payment(total: int, factor: int, settings: Settings, *, fixed: bool = False) -> int:
    """One payment of a hand worth ``total`` with settlement factor ``factor`` (2 where East
    pays or receives): doubled first, then rounded (rule 18), then capped at the limit (rule 17,
    A-RU-04); a fixed-value hand (the club hand) is neither rounded nor capped.

    >>> payment(840, 2, RULESET.defaults), payment(8000, 2, RULESET.defaults)
    (1700, 10000)
    >>> payment(3000, 2, RULESET.defaults, fixed=True)
    6000
    """
    amount = total * factor
    if fixed:
        return amount
    if settings.rounding == "half_up_100_after_east_double":
        amount = round100(amount)
    if settings.limit_after_east_double:
        amount = min(amount, settings.limit)
    return amount


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
    """What each seat but the winner pays him for a hand worth ``total`` (RULES.md §1.14.1,
    §2.4.5): ``min(round100(total × f), limit)``, East's share doubled first; whoever
    discarded. ``fixed``: the club hand's ``total × f``, neither rounded nor capped. With three
    players ``seats`` holds two payers.

    >>> pays(840, winner=1, seats=(0, 1, 2, 3), east=0, discarder=None, settings=RULESET.defaults)
    {0: 1700, 2: 800, 3: 800}
    >>> pays(3000, winner=1, seats=(0, 1, 2), east=0, discarder=2, settings=RULESET.defaults, fixed=True)
    {0: 6000, 2: 3000}
    """
    return {
        seat: payment(total, f_factor(seat, winner, east, settings), settings, fixed=fixed)
        for seat in seats
        if seat != winner
    }


# --- Fishing (RULES.md §2.4.7) ----------------------------------------------------


def fishing_waits(
    hand: Hand, *, seat: Wind, prevailing: Wind = Wind.EAST, settings: Settings | None = None
) -> dict[Tile, int]:
    """Each tile that completes ``hand`` (one tile short) into a Mah-Jong that counts at
    Rumisberg, with its value (:func:`engine.features.fishing.fishing_waits`).

    >>> waits = fishing_waits(Hand.parse("[999p] 555s [222m] 67m 33z"), seat=Wind.NORTH)
    >>> {str(t): v for t, v in waits.items()}  # RULES.md EX-28: North's Fishing hand
    {'5m': 300, '8m': 300}
    """
    st = settings or RULESET.defaults
    return _fishing.fishing_waits(hand, seat=seat, prevailing=prevailing, ruleset=RULESET, settings=st)


def fishing_value(
    hand: Hand, *, seat: Wind, prevailing: Wind = Wind.EAST, settings: Settings | None = None
) -> int:
    """A Fishing player's value F at Rumisberg (:func:`engine.features.fishing.fishing_value`).

    >>> fishing_value(Hand.parse("[999p] 555s [222m] 67m 33z"), seat=Wind.NORTH)  # EX-28
    300
    """
    st = settings or RULESET.defaults
    return _fishing.fishing_value(hand, seat=seat, prevailing=prevailing, ruleset=RULESET, settings=st)


def fishing_payments(
    values: Mapping[int, int], *, mahjong: int, seats: Sequence[int], east: int, settings: Settings
) -> list[Transfer]:
    """What the Fishing players receive when ``mahjong`` goes Mah-Jong, paid as Rumisberg pays
    a winner (:func:`engine.features.fishing.fishing_payments`).

    >>> [(t.payer, t.payee, t.amount) for t in fishing_payments(
    ...     {3: 300}, mahjong=1, seats=(0, 1, 2, 3), east=0, settings=RULESET.defaults)]
    [(0, 3, 600), (2, 3, 300)]
    """
    return _fishing.fishing_payments(
        values, mahjong=mahjong, seats=seats, east=east, settings=settings, pays=pays
    )


SETTINGS: Final = (CLASSICAL_SETTINGS - HUABAO_LIMIT_SETTINGS - {"discarder_pays_all"}) | {
    "max_chows",
    "min_suit_pungs",
    "rounding",
    "count_scale",
    "limit_after_east_double",
    "club_hand_value",
    "club_hand_pattern",
    "special_hands",
    "bouquet_payment",
    "fishing",
    "fishing_value",
    "claim_window",
    "gulasch_stake",
    "gulasch_wall_exchanges",
    "gulasch_pot_carry_over",
    "pot_reading",
}
"""The settings a club may change at Rumisberg (besides the table's)."""


RULESET: Final[Ruleset] = dmjl.RULESET.derive(
    "rumisberg",
    title="Mah-Jong-Club Rumisberg house rules",
    source="Spielregeln des Mah-Jong-Clubs Rumisberg; count list after the DMJL",
    defaults={
        "limit": 10000,
        "count_scale": 10,
        "max_chows": 1,
        "min_suit_pungs": 1,
        "concealed_hand_doubles": 2,
        "flower_double_model": "per_category",
        "zero_point_basis": "figure_points",
        "original_call": False,
        "nine_times_rule": False,
        "loser_settlement": "none",
        "draw_settlement": "gulasch",
        "rounding": "half_up_100_after_east_double",
        "limit_after_east_double": True,
        "initial_score": 10000,
        "club_hand_value": 3000,
        "bouquet_payment": 1000,
        "fishing": True,
        "claim_window": "until_next_discard",
        "dealer_rotation": "after_every_scored_game",
    },
    table=table,
    settings_used=SETTINGS,
    title_de="Hausregeln des Mah-Jong-Clubs Rumisberg",
    names=NAMES,
    seat_counts=(3, 4),
    pays=pays,
    features=(Bouquets, Fishing, Pot, Gulasch, LateClaims, ThreeMahjongClaims),
    buy_in_when_exhausted=22,  # seed 002: "kann er für Fr. 2.- neue 5'000 Punkte bei der Bank beziehen"
)
"""The Rumisberg ruleset (RULES.md §2.4)."""
