"""House-rule settings: one flat, validated options object per table.

Every setting of ../shared/RULES.md §4 that the engine implements is a field
of :class:`Settings`, described by a :class:`SettingSpec` (its values, its
meaning, the ambiguity it resolves). A ruleset supplies its own defaults
(see :mod:`engine.rulesets`); a club overrides them with ``key=value`` pairs,
which are checked against the spec before they are used or stored.

>>> s = Settings().with_values({"limit": "300", "seven_pairs": "yes"})
>>> s.limit, s.seven_pairs
(300, True)
>>> Settings().with_values({"limit": "lots"})
Traceback (most recent call last):
...
engine.errors.SettingError: setting limit takes a whole number from 10 to 100000, not 'lots'
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from engine.errors import SettingError, quote
from engine.special_notation import canonical, parse_groups


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """What one setting accepts and means."""

    name: str
    kind: type
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    ref: str = ""

    def describe(self) -> str:
        """What values the setting takes, in words."""
        if self.name == "game_length":
            return "rounds:1 to rounds:4 (prevailing-wind rounds) or hands:1 to hands:400"
        if self.name in _NOTATIONS:
            return _NOTATIONS[self.name][0]
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "one of " + ", ".join(self.choices)

    def convert(self, value: object) -> object:
        """Turn ``value`` (a Python value or the text a person typed) into this setting's type.

        Numbers are written in the ASCII digits 0-9 (``²``, ``٣`` or ``５`` are
        refused, as are ``1_000`` and numbers of thousands of digits).

        >>> SPEC_BY_NAME["limit"].convert(" 300 "), SPEC_BY_NAME["game_length"].convert("hands:8")
        (300, 'hands:8')
        >>> SPEC_BY_NAME["limit"].convert("３００")
        Traceback (most recent call last):
        ...
        engine.errors.SettingError: setting limit takes a whole number from 10 to 100000, not '３００'

        :raises SettingError: naming the setting and what it accepts.
        """
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("true", "yes", "on", "1"):
                    return True
                if low in ("false", "no", "off", "0"):
                    return False
            raise self._bad(value)
        if self.kind is int:
            number = parse_whole_number(value) if isinstance(value, str) else value
            if (
                not isinstance(number, int)
                or isinstance(number, bool)
                or not self.minimum <= number <= self.maximum
            ):
                raise self._bad(value)
            return number
        if self.name == "game_length":
            length = _game_length(value)
            if length is None:
                raise self._bad(value)
            return length
        if self.name in _NOTATIONS:
            if not isinstance(value, str):
                raise self._bad(value)
            return _NOTATIONS[self.name][1](value)
        if not isinstance(value, str) or value.strip() not in self.choices:
            raise self._bad(value)
        return value.strip()

    def _bad(self, value: object) -> SettingError:
        return SettingError(
            f"setting {self.name} takes {self.describe()}, not {quote(value)}",
            "setting_value",
            setting_text=self.name,
            text=value if isinstance(value, str) else quote(value),
        )


def parse_whole_number(text: str, *, max_digits: int = 18) -> int | None:
    """The whole number ``text`` writes in the ASCII digits 0-9, or None.

    Spaces around it and one leading ``+`` or ``-`` are allowed; other
    digits (``²``, ``٣``, ``５``), underscores and more than ``max_digits``
    digits are not, so that a person's input never reaches ``int()`` in a
    form it reads differently or refuses with an error of its own.

    >>> parse_whole_number(" 42 "), parse_whole_number("-7"), parse_whole_number("²")
    (42, -7, None)
    >>> parse_whole_number("1_000"), parse_whole_number("9" * 5000)
    (None, None)
    """
    body = text.strip()
    digits = body[1:] if body[:1] in ("+", "-") else body
    if not digits or len(digits) > max_digits or not digits.isascii() or not digits.isdigit():
        return None
    return int(body)


SPECS: Final[tuple[SettingSpec, ...]] = (
    SettingSpec(
        "limit",
        int,
        "value of a limit hand and cap of every hand",
        minimum=10,
        maximum=100000,
        ref="A-DMJL-01, A-HB-02",
    ),
    SettingSpec("mj_bonus", int, "points for going Mah-Jongg", minimum=0, maximum=1000, ref="A-HB-01"),
    SettingSpec(
        "winning_tile_points",
        bool,
        "points for the winning tile (from the wall, only possible, completes a pair)",
        ref="2.1.3",
    ),
    SettingSpec(
        "winning_tile_points_cumulative",
        bool,
        "winning-tile points add up; false: only the highest counts",
        ref="A-DMJL-03",
    ),
    SettingSpec("rob_kong_bonus", int, "points for robbing a kong", minimum=0, maximum=1000, ref="A-HB-06"),
    SettingSpec(
        "concealed_hand_doubles",
        int,
        "doubles for a winning hand with every set concealed",
        minimum=0,
        maximum=5,
        ref="A-RU-21",
    ),
    SettingSpec(
        "concealed_requires_self_draw",
        bool,
        "a hand counts as concealed only when the winning tile is self-drawn; "
        "false: a discard completing only the pair keeps it concealed",
        ref="A-CORE-10",
    ),
    SettingSpec(
        "zero_point_basis",
        str,
        "what must be zero for the zero-point hand: the points of sets and pairs, of sets, pairs "
        "and bonus tiles, or of everything but the Mah-Jongg bonus",
        choices=("sets_and_pairs", "figure_points", "all_points_except_mj20"),
        ref="A-DMJL-04",
    ),
    SettingSpec(
        "flower_double_model",
        str,
        "how bonus tiles double",
        choices=("dmjl", "per_category", "additive"),
        ref="A-HB-03",
    ),
    SettingSpec("limit_hands", bool, "limit hands are scored at the limit", ref="2.6"),
    SettingSpec(
        "traditional_limit_hands", bool, "the traditional limit hands of Hua Bao §3.10", ref="A-HB-04"
    ),
    SettingSpec("seven_pairs", bool, "seven pairs is a winning shape", ref="A-DMJL-17"),
    SettingSpec(
        "seven_pairs_quad_as_two_pairs",
        bool,
        "four equal tiles may count as two pairs in seven pairs",
        ref="A-WB-20",
    ),
    SettingSpec(
        "earthly_value",
        str,
        "value of Earth's blessing",
        choices=("limit", "half_limit", "half_limit_or_better"),
        ref="A-DMJL-11, A-HB-10",
    ),
    SettingSpec(
        "green_hand_requires_gd", bool, "the imperial green hand needs green dragons", ref="A-DMJL-22"
    ),
    SettingSpec("nine_lanterns_easy", bool, "nine lanterns may have exposed chows", ref="A-WB-21"),
    SettingSpec("original_call", bool, "the 'call at the beginning' and its double", ref="A-DMJL-08"),
    SettingSpec(
        "nine_times_rule", bool, "East's ninth consecutive Mah-Jongg is a limit hand", ref="A-DMJL-13"
    ),
    SettingSpec("limit_applies_to_losers", bool, "the limit caps losing hands too", ref="A-CORE-16"),
    SettingSpec(
        "loser_max_pairs",
        int,
        "pairs a losing hand may count (7: every pair it holds)",
        minimum=0,
        maximum=7,
        ref="A-CORE-15",
    ),
    SettingSpec("bonus_tiles", bool, "flowers and seasons are in play (144 tiles)", ref="A-DMJL-27"),
    # --- Table, wall and play (RULES.md §4.1, §4.2) ---
    SettingSpec(
        "players",
        int,
        "number of players (3 only where the ruleset allows it)",
        minimum=3,
        maximum=4,
        ref="§1.1",
    ),
    SettingSpec(
        "wall_break", str, "how the wall is broken", choices=("two_throw", "one_throw"), ref="§1.3.2"
    ),
    SettingSpec(
        "break_wall_owner",
        str,
        "whose wall the break is counted in",
        choices=("second_thrower", "east"),
        ref="A-CORE-01",
    ),
    SettingSpec(
        "break_count",
        str,
        "the dice that count the break",
        choices=("sum_both", "second_only"),
        ref="A-CORE-02",
    ),
    SettingSpec(
        "loose_tile_order",
        str,
        "which loose tile replaces first",
        choices=("top_first", "second_stack_first"),
        ref="A-CORE-03",
    ),
    SettingSpec(
        "deal_pattern",
        str,
        "the order of the deal (R3: three players take twelve tiles before the wall is built)",
        choices=("A", "B", "R3"),
        ref="§1.4",
    ),
    SettingSpec(
        "wall_reserve",
        int,
        "tiles left in the wall when the hand is drawn",
        minimum=0,
        maximum=40,
        ref="A-CORE-04",
    ),
    SettingSpec("chow_claims", bool, "a chow may be claimed (from the player before you)", ref="§1.7.1"),
    SettingSpec(
        "mahjong_chow_from_any", bool, "any player may claim a chow to go Mah-Jongg", ref="A-CORE-07"
    ),
    SettingSpec(
        "rob_concealed_kong_13_orphans", bool, "thirteen orphans may rob a concealed kong", ref="A-DMJL-18"
    ),
    SettingSpec(
        "final_discard_claims",
        str,
        "claims on the discard after the last tile",
        choices=("mahjong_only", "all"),
        ref="A-CORE-21",
    ),
    SettingSpec(
        "three_mahjong_claims_abort",
        bool,
        "three Mah-Jongg claims on one discard draw the hand",
        ref="A-CORE-09",
    ),
    SettingSpec(
        "min_doubles",
        int,
        "doubles a winning hand needs (bonus-tile doubles do not count)",
        minimum=0,
        maximum=5,
        ref="§2.3.8",
    ),
    SettingSpec(
        "max_chows",
        int,
        "chows a winning hand may hold (4: any number)",
        minimum=0,
        maximum=4,
        ref="A-RU-12",
    ),
    SettingSpec(
        "min_suit_pungs",
        int,
        "pungs or kongs of suit tiles a winning hand needs",
        minimum=0,
        maximum=4,
        ref="A-RU-11",
    ),
    SettingSpec(
        "require_flush",
        bool,
        "a winning hand other than a special hand must be a half or pure flush",
        ref="A-WB-15",
    ),
    SettingSpec("min_fan", int, "fan a winning hand needs", minimum=0, maximum=20, ref="§2.5.1"),
    SettingSpec(
        "rounding",
        str,
        "how a hand's value is rounded: not at all, its base up to tens before doubling, or each "
        "payment to hundreds after East's doubling",
        choices=("none", "up_to_10", "half_up_100_after_east_double"),
        ref="A-WB-03, A-RU-03",
    ),
    SettingSpec(
        "count_scale", int, "the counted value is multiplied by this", minimum=1, maximum=100, ref="A-RU-02"
    ),
    # --- rumisberg (RULES.md §2.4, §4.4-§4.5) ---
    SettingSpec(
        "limit_after_east_double",
        bool,
        "the limit caps each payment after East's doubling (also East pays or gets at most the limit)",
        ref="A-RU-04",
    ),
    SettingSpec(
        "club_hand_value",
        int,
        "fixed value of the club hand, paid instead of its count (0: no club hand)",
        minimum=0,
        maximum=100000,
        ref="A-RU-09",
    ),
    SettingSpec(
        "club_hand_pattern",
        str,
        "the club hand's four sets and pair (one suit: 22 666 555 999 777)",
        ref="A-RU-09",
    ),
    SettingSpec(
        "special_hands",
        str,
        "the club's own special hands, each NAME: GROUPS = VALUE, separated by ;",
        ref="A-RU-01",
    ),
    SettingSpec(
        "bouquet_payment",
        int,
        "each other player pays this for a bouquet completed during play; its doubles then do not "
        "count at Mah-Jongg (0: no payment, the doubles count)",
        minimum=0,
        maximum=100000,
        ref="A-RU-08",
    ),
    SettingSpec("fishing", bool, "a player one tile short may declare Fishing", ref="§2.4.7"),
    SettingSpec(
        "claim_window",
        str,
        "how long a discard may be claimed: until the next player draws, or (rumisberg rule 3) "
        "until he discards: after his draw he may still claim it, his drawn tile going back to the wall",
        choices=("until_next_draw", "until_next_discard"),
        ref="A-RU-13",
    ),
    SettingSpec(
        "fishing_value",
        str,
        "a Fishing hand is valued with its least (or most) valuable winning tile",
        choices=("min", "max"),
        ref="A-RU-05",
    ),
    SettingSpec(
        "gulasch_stake",
        int,
        "each player's stake in the Gulasch pot (after a hand without Mah-Jongg)",
        minimum=0,
        maximum=100000,
        ref="§2.4.6",
    ),
    SettingSpec(
        "gulasch_wall_exchanges",
        int,
        "go-arounds of exchanges with the wall in a Gulasch, each player laying down and taking 1 to 3 "
        "tiles in each",
        minimum=0,
        maximum=3,
        ref="A-RU-07",
    ),
    SettingSpec(
        "gulasch_pot_carry_over",
        bool,
        "the Gulasch pot stays for the next hand when a Gulasch is drawn; false: the stakes go back",
        ref="A-RU-07",
    ),
    SettingSpec(
        "pot_reading",
        str,
        "the Pot (card No. 30): each player pays East his whole balance, or East's hand value undoubled",
        choices=("whole_balance", "hand_value_undoubled"),
        ref="A-RU-10",
    ),
    SettingSpec(
        "no_chow_points", int, "points for a hand without a chow", minimum=0, maximum=1000, ref="A-WB-02"
    ),
    SettingSpec("unit_per_fan", int, "chips paid per fan", minimum=1, maximum=1000, ref="A-JX-01"),
    SettingSpec(
        "menqing_with_qidui", bool, "seven pairs counts as Menqing (no peng) in jiangxi", ref="A-JX-12"
    ),
    SettingSpec(
        "quanqiuren_requires_discard",
        bool,
        "Quanqiuren (four exposed triplets) needs a win on a discard in jiangxi",
        ref="A-JX-13",
    ),
    SettingSpec("dealer_loses_double", bool, "a losing dealer pays double in jiangxi", ref="A-JX-03"),
    SettingSpec(
        "gen_zhuang_chips",
        int,
        "chips the dealer pays each other player when the first four discards are alike (Gen zhuang)",
        minimum=0,
        maximum=1000,
        ref="A-JX-08",
    ),
    SettingSpec(
        "pass_over",
        str,
        "a player who lets a winning discard pass may not win on a discard: never barred, until he "
        "draws again, or for the rest of the hand",
        choices=("none", "until_own_draw", "literal_first_discard_only"),
        ref="A-JX-05",
    ),
    SettingSpec(
        "multiple_winners",
        str,
        "several Mah-Jongg claims on one discard: the next in turn wins, or all win",
        choices=("next_in_turn", "all_win"),
        ref="A-JX-07",
    ),
    # --- wikibooks variants (RULES.md §2.3.6-§2.3.9, §4.4) ---
    SettingSpec(
        "moon_hand_value",
        str,
        "value of the moon hand (Mah-Jongg with the last tile of the wall): the limit or one double",
        choices=("limit", "one_double"),
        ref="A-WB-24",
    ),
    SettingSpec(
        "riichi",
        bool,
        "riichi may be declared at the beginning of one's turn, before the draw, by a concealed hand one "
        "tile short; the declarer discards every drawn tile that does not win; a winning declarer gets "
        "one double",
        ref="§2.3.6",
    ),
    SettingSpec(
        "riichi_stake",
        int,
        "points a riichi declarer puts into the centre",
        minimum=0,
        maximum=100000,
        ref="A-WB-10",
    ),
    SettingSpec(
        "riichi_carry_over",
        bool,
        "riichi sticks of a drawn hand stay in the centre for the next winner; false: they go back",
        ref="A-WB-10",
    ),
    SettingSpec("dora", bool, "a dora tile is turned up; each dora in a set doubles once", ref="§2.3.7"),
    SettingSpec("dora_in_pair", bool, "dora in the pair double too", ref="A-WB-11"),
    SettingSpec("dora_for_losers", bool, "dora double losing hands too", ref="A-WB-11"),
    SettingSpec(
        "ii_fan_shibari",
        bool,
        "Mah-Jongg needs at least one double (not from bonus tiles or dora): sets min_doubles 1",
        ref="§2.3.8, A-WB-12",
    ),
    SettingSpec(
        "western",
        bool,
        "the western way: at most one chow, at least a half flush, bonus tiles, riichi, the last "
        "fourteen tiles playable, only the winner and riichi declarers receive",
        ref="§2.3.9",
    ),
    # --- Settlement and session (RULES.md §4.5, §4.6) ---
    SettingSpec(
        "east_factor", int, "East pays and receives this many times", minimum=1, maximum=2, ref="§1.14"
    ),
    SettingSpec(
        "loser_settlement",
        str,
        "how losers settle among themselves",
        choices=("differences", "riichi_only", "none"),
        ref="§1.14, A-WB-14",
    ),
    SettingSpec(
        "discarder_pays_all",
        bool,
        "on a discard win the discarder alone pays 4 times (6 for East)",
        ref="§2.3.5",
    ),
    SettingSpec(
        "draw_settlement",
        str,
        "after a drawn hand: nothing, the hands settle with each other, or the next hand is a Gulasch",
        choices=("none", "mutual", "gulasch"),
        ref="§1.10, §2.4.6",
    ),
    SettingSpec(
        "initial_score",
        int,
        "chips each player starts a game with",
        minimum=0,
        maximum=1000000,
        ref="A-DMJL-26",
    ),
    SettingSpec("game_length", str, "rounds:N (1-4 prevailing winds) or hands:N", ref="§1.13"),
    SettingSpec(
        "dealer_rotation",
        str,
        "who is East next: East stays while he wins or the hand is drawn, East moves on after "
        "every hand with a winner, or the winner deals next",
        choices=("on_non_east_win", "after_every_scored_game", "winner"),
        ref="§1.13, A-RU-16, A-JX-06",
    ),
)


def _game_length(value: object) -> str | None:
    """``rounds:N`` or ``hands:N`` in its canonical form, or None if ``value`` is neither."""
    if not isinstance(value, str):
        return None
    unit, _, number = value.strip().partition(":")
    if not number.isascii() or not number.isdigit() or len(number) > 6:
        return None
    n = int(number)
    if (unit == "rounds" and 1 <= n <= 4) or (unit == "hands" and 1 <= n <= 400):
        return f"{unit}:{n}"
    return None


def _special_hands(text: str) -> str:
    """The ``special_hands`` setting checked and in its stored form (the notation of
    :mod:`engine.scoring.special_hands`)."""
    return canonical(text)


def _club_hand_pattern(text: str) -> str:
    """The ``club_hand_pattern`` setting checked and in its stored form."""
    return " ".join(str(g) for g in parse_groups(text, "the club hand"))


_NOTATIONS: Final = {
    "special_hands": (
        "hands written NAME: GROUPS = VALUE, separated by ;, like Club-Hand: 22 666 555 999 777 = 3000",
        _special_hands,
    ),
    "club_hand_pattern": ("four sets and a pair, like 22 666 555 999 777", _club_hand_pattern),
}
"""Settings written in a notation: what they take, in words, and the reader that checks a value
and returns its stored form (raising :class:`SettingError` with what is wrong)."""


def game_length(settings: Settings) -> tuple[str, int]:
    """``("rounds", n)`` or ``("hands", n)`` from the ``game_length`` setting."""
    unit, _, number = settings.game_length.partition(":")
    return unit, int(number)


SPEC_BY_NAME: Final = {spec.name: spec for spec in SPECS}


@dataclass(frozen=True, slots=True)
class Settings:
    """The house rules of one table. Defaults here are DMJL's; see :mod:`engine.rulesets`."""

    limit: int = 500
    mj_bonus: int = 20
    winning_tile_points: bool = True
    winning_tile_points_cumulative: bool = True
    rob_kong_bonus: int = 0
    concealed_hand_doubles: int = 1
    concealed_requires_self_draw: bool = True
    zero_point_basis: str = "sets_and_pairs"
    flower_double_model: str = "dmjl"
    limit_hands: bool = True
    traditional_limit_hands: bool = False
    seven_pairs: bool = False
    seven_pairs_quad_as_two_pairs: bool = False
    earthly_value: str = "limit"
    green_hand_requires_gd: bool = False
    nine_lanterns_easy: bool = False
    original_call: bool = True
    nine_times_rule: bool = True
    limit_applies_to_losers: bool = True
    loser_max_pairs: int = 7
    bonus_tiles: bool = True
    players: int = 4
    wall_break: str = "two_throw"
    break_wall_owner: str = "second_thrower"
    break_count: str = "sum_both"
    loose_tile_order: str = "top_first"
    deal_pattern: str = "A"
    wall_reserve: int = 14
    chow_claims: bool = True
    mahjong_chow_from_any: bool = True
    rob_concealed_kong_13_orphans: bool = False
    final_discard_claims: str = "mahjong_only"
    three_mahjong_claims_abort: bool = False
    min_doubles: int = 0
    max_chows: int = 4
    min_suit_pungs: int = 0
    require_flush: bool = False
    min_fan: int = 0
    rounding: str = "none"
    count_scale: int = 1
    limit_after_east_double: bool = False
    club_hand_value: int = 0
    club_hand_pattern: str = "22 666 555 999 777"
    special_hands: str = ""
    bouquet_payment: int = 0
    fishing: bool = False
    fishing_value: str = "min"
    claim_window: str = "until_next_draw"
    gulasch_stake: int = 500
    gulasch_wall_exchanges: int = 3
    gulasch_pot_carry_over: bool = True
    pot_reading: str = "whole_balance"
    no_chow_points: int = 0
    unit_per_fan: int = 1
    menqing_with_qidui: bool = True
    quanqiuren_requires_discard: bool = True
    dealer_loses_double: bool = False
    gen_zhuang_chips: int = 0
    pass_over: str = "none"
    multiple_winners: str = "next_in_turn"
    moon_hand_value: str = "limit"
    riichi: bool = False
    riichi_stake: int = 200
    riichi_carry_over: bool = True
    dora: bool = False
    dora_in_pair: bool = True
    dora_for_losers: bool = True
    ii_fan_shibari: bool = False
    western: bool = False
    east_factor: int = 2
    discarder_pays_all: bool = False
    draw_settlement: str = "none"
    loser_settlement: str = "differences"
    initial_score: int = 2000
    game_length: str = "rounds:4"
    dealer_rotation: str = "on_non_east_win"

    def with_values(self, values: Mapping[str, object]) -> Settings:
        """A copy with ``values`` applied, each checked against its spec.

        :raises SettingError: for an unknown name or a value the setting does not take.
        """
        changes: dict[str, object] = {}
        for name, value in values.items():
            spec = SPEC_BY_NAME.get(name)
            if spec is None:
                raise unknown_setting_error(name)
            changes[name] = spec.convert(value)
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def as_dict(self) -> dict[str, object]:
        """Every setting by name."""
        return {spec.name: getattr(self, spec.name) for spec in SPECS}

    def fingerprint(self) -> str:
        """A short hash of every setting, so two tables can tell they played the same rules.

        A setting added after games were stored counts only where it differs from its
        default, so those games keep the fingerprint they were stored with.
        """
        values = {
            name: value
            for name, value in self.as_dict().items()
            if name not in ADDED_LATER or value != _DEFAULTS[name]
        }
        text = json.dumps(values, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """Read ``key=value`` strings (as typed on a command line) into a dict.

    >>> parse_assignments(["limit=300", "mj_bonus = 20"])
    {'limit': '300', 'mj_bonus': '20'}

    :raises SettingError: for a string without ``=``.
    """
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SettingError(
                f"{quote(pair)} is not a setting; write name=value, like limit=300", "setting_pair", text=pair
            )
        out[key.strip()] = value.strip()
    return out


_DEFAULTS: Final = {f.name: f.default for f in dataclasses.fields(Settings)}

FIRST_FINGERPRINTED: Final = frozenset(
    {
        "limit",
        "mj_bonus",
        "winning_tile_points",
        "winning_tile_points_cumulative",
        "rob_kong_bonus",
        "concealed_hand_doubles",
        "concealed_requires_self_draw",
        "zero_point_basis",
        "flower_double_model",
        "limit_hands",
        "traditional_limit_hands",
        "seven_pairs",
        "seven_pairs_quad_as_two_pairs",
        "earthly_value",
        "green_hand_requires_gd",
        "nine_lanterns_easy",
        "original_call",
        "nine_times_rule",
        "limit_applies_to_losers",
        "loser_max_pairs",
        "bonus_tiles",
        "players",
        "wall_break",
        "break_wall_owner",
        "break_count",
        "loose_tile_order",
        "deal_pattern",
        "wall_reserve",
        "chow_claims",
        "mahjong_chow_from_any",
        "rob_concealed_kong_13_orphans",
        "final_discard_claims",
        "three_mahjong_claims_abort",
        "min_doubles",
        "east_factor",
        "discarder_pays_all",
        "draw_settlement",
        "loser_settlement",
        "initial_score",
        "game_length",
    }
)
"""The settings there were when the first games were stored with their fingerprint (before
the rulesets of issue 12). Never add to it: a setting added since is in :data:`ADDED_LATER`
by itself. Removing or renaming one of these would change the fingerprint of stored games."""

ADDED_LATER: Final = frozenset(_DEFAULTS) - FIRST_FINGERPRINTED
"""Settings added after the first stored games: each counts in a fingerprint only where it
differs from its default (see :meth:`Settings.fingerprint`)."""


def unknown_setting_error(name: object) -> SettingError:
    """The error for a setting there is not (:func:`unknown_setting` its message), with the
    names closest to it as ``close`` (empty when none is close).

    >>> unknown_setting_error("limt").values["close_texts"]
    'limit'
    """
    typed = name.strip().lower() if isinstance(name, str) else ""
    close = difflib.get_close_matches(typed, SPEC_BY_NAME, n=4, cutoff=0.6) if typed else []
    return SettingError(
        unknown_setting(name),
        "unknown_setting_close" if close else "unknown_setting",
        text=name if isinstance(name, str) else quote(name),
        close_texts=" ".join(close),
    )


def unknown_setting(name: object) -> str:
    """The message for a setting there is not: the names closest to it, or a few examples.

    >>> unknown_setting("limt")
    "there is no setting 'limt'; did you mean limit?"
    """
    typed = name.strip().lower() if isinstance(name, str) else ""
    close = difflib.get_close_matches(typed, SPEC_BY_NAME, n=4, cutoff=0.6) if typed else []
    if close:
        return f"there is no setting {quote(name)}; did you mean {' or '.join(close)}?"
    return (
        f"there is no setting {quote(name)}; settings are named like limit, mj_bonus, seven_pairs "
        f"or game_length ({len(SPEC_BY_NAME)} in all)"
    )
