"""The :class:`Ruleset`: everything that varies between the rule systems, in one object.

A ruleset carries its default settings and the settings that apply to it (a
club may change only those), its tile set, how many players it takes, which
hand shapes win, how a hand is valued (its scoring table, see
:mod:`engine.scoring.tables`), how the winner is paid and the German and
English names of its scoring items, how a hand is settled (``settle``) and the
variant rules it plays (``features``: :mod:`engine.features`, one module per rule, each
switched per table by its settings) and who deals next (``rotation``: :mod:`engine.rotation`,
or the one its ``dealer_rotation`` setting chooses). How the deal and claims go is otherwise
set by its settings (``deal_pattern``, ``chow_claims`` ...), which the engine reads; nothing
outside a ruleset assumes four seats or 144 tiles.

A ruleset may be written as a difference from another (:meth:`Ruleset.derive`: settings,
and rules added or removed), and :meth:`Ruleset.diff` lists what differs between two.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Protocol, SupportsIndex

from engine.errors import SettingError, quote
from engine.features.base import Feature, feature_names
from engine.rotation import ROTATIONS, Rotation
from engine.scoring.tables import Table
from engine.settings import SPEC_BY_NAME, Settings
from engine.settlement import Settlement, settle_hand
from engine.tiles import BONUS_START, HONOUR_START, Lang

RuleNames = dict[str, tuple[str, str]]
"""Item code -> (German name, English name)."""


class Payer(Protocol):
    """What each losing seat pays the winner for his hand alone (RULES.md §1.14.1), by seat:
    ``pays(total, *, winner, seats, east, discarder, settings, fixed=False)``; ``fixed`` for a
    hand paid a fixed value (neither rounded nor capped where the ruleset rounds or caps)."""

    def __call__(
        self,
        total: int,
        *,
        winner: int,
        seats: Sequence[int],
        east: int,
        discarder: int | None,
        settings: Settings,
        fixed: bool = False,
    ) -> dict[int, int]:
        """The payments by seat."""
        ...


class Settler(Protocol):
    """How a hand is settled: ``settle(values, *, winners, discarder, ruleset, settings, seats,
    east, declarers, fixed)`` gives every transfer and net (:func:`engine.settlement.settle_hand`
    is every ruleset's today: the ruleset's ``pays`` for each winner, then the losers' part)."""

    def __call__(
        self,
        values: Sequence[int],
        *,
        winners: Sequence[int],
        discarder: int | None,
        ruleset: Ruleset,
        settings: Settings,
        seats: Sequence[int] = (0, 1, 2, 3),
        east: int = 0,
        declarers: Collection[int] = (),
        fixed: Collection[int] = (),
    ) -> Settlement:
        """The settlement of one hand."""
        ...


TABLE_SETTINGS: Final = frozenset(
    {
        "players",
        "wall_break",
        "break_wall_owner",
        "break_count",
        "loose_tile_order",
        "deal_pattern",
        "wall_reserve",
        "final_discard_claims",
        "initial_score",
        "game_length",
        "dealer_rotation",
    }
)
"""Settings every ruleset takes: the table, the wall and the session."""

CLASSICAL_SETTINGS: Final = frozenset(
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
        "chow_claims",
        "mahjong_chow_from_any",
        "rob_concealed_kong_13_orphans",
        "three_mahjong_claims_abort",
        "min_doubles",
        "east_factor",
        "discarder_pays_all",
        "draw_settlement",
        "loser_settlement",
    }
)
"""The settings of ``dmjl`` and ``huabao`` (every setting the engine had before the other rulesets);
each takes those its table reads (:data:`HUABAO_LIMIT_SETTINGS` are Hua Bao's alone)."""

HUABAO_LIMIT_SETTINGS: Final = frozenset({"traditional_limit_hands", "nine_lanterns_easy"})
"""Hua Bao's traditional limit hands (seed 000 §3.10) and the easy nine lanterns among them:
DMJL's limit list and the tables built on it (rumisberg) have neither (RULES.md §4: n/a)."""


def f_factor(a: int, b: int, east: int, settings: Settings) -> int:
    """The settlement factor between seats ``a`` and ``b``: East's factor if either is East."""
    return settings.east_factor if east in (a, b) else 1


def pay_classical(
    total: int,
    *,
    winner: int,
    seats: Sequence[int],
    east: int,
    discarder: int | None,
    settings: Settings,
    fixed: bool = False,
) -> dict[int, int]:
    """Every loser pays ``total`` times the East factor; with ``discarder_pays_all`` a
    discard win is paid by the discarder alone, 4 times, 6 to the double-role holder
    (RULES.md §1.14 ``pay_winner``, ``discarder_pays``).

    >>> pay_classical(76, winner=1, seats=(0, 1, 2, 3), east=0, discarder=None, settings=Settings())
    {0: 152, 2: 76, 3: 76}
    """
    out = {seat: 0 for seat in seats if seat != winner}
    if settings.discarder_pays_all and discarder is not None:
        double_role = settings.east_factor > 1 and winner == east
        out[discarder] = total * (6 if double_role else 4)
        return out
    for seat in out:
        out[seat] = total * f_factor(seat, winner, east, settings)
    return out


def _check(name: str, seat_counts: tuple[int, ...], settings: Settings) -> None:
    """Refuse settings a ruleset called ``name`` played by ``seat_counts`` players cannot take
    (:meth:`Ruleset.check`)."""
    if settings.players not in seat_counts:
        counts = " or ".join(str(n) for n in seat_counts)
        raise SettingError(
            f"{name} is played by {counts} players, not {settings.players}",
            "players_fixed" if len(seat_counts) == 1 else "players_range",
            ruleset=name,
            fewest=min(seat_counts),
            most=max(seat_counts),
            count=settings.players,
        )
    if settings.deal_pattern == "R3" and settings.players != 3:
        raise SettingError(
            "deal_pattern R3 is the three-player deal; four players deal A or B", "deal_r3_four"
        )
    if settings.players == 3 and settings.deal_pattern != "R3":
        raise SettingError("three players deal by deal_pattern R3", "deal_three_r3")


@lru_cache(maxsize=256)
def _table_for(
    name: str,
    build: Callable[[Settings], Table],
    seat_counts: tuple[int, ...],
    settings: Settings,
) -> Table:
    """The table ``build`` makes under ``settings`` (checked first), named ``name``: cached by
    what it depends on, since a :class:`Ruleset` holds a dict and cannot be a key itself."""
    _check(name, seat_counts, settings)
    table = build(settings)
    return table if table.ruleset == name else dataclasses.replace(table, ruleset=name)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named ruleset: its title, source, defaults, tile set, seats, scoring table and payments.

    >>> from engine.rulesets import get_ruleset
    >>> jx = get_ruleset("dmjl")
    >>> jx.tile_count(jx.defaults), jx.seat_counts
    (144, (4,))
    """

    name: str
    title: str
    source: str
    defaults: Settings
    table: Callable[[Settings], Table]
    """Builds the scoring table under a table's settings."""
    settings_used: frozenset[str]
    """The settings a club may change at this ruleset (besides :data:`TABLE_SETTINGS`)."""
    title_de: str = ""
    """The title in German (after its source's own heading)."""
    names: RuleNames = field(default_factory=dict)
    """Every scoring item's German and English name by code."""
    seat_counts: tuple[int, ...] = (4,)
    """How many players the ruleset can be played by."""
    winds: bool = True
    """Whether the set has wind tiles (jiangxi's has none: 120 tiles)."""
    lucky: tuple[int, ...] = ()
    """Kinds that are set aside and replaced like bonus tiles (jiangxi's Fa, ``6z``)."""
    chows: bool = True
    """Whether chows exist at all (as claims; a ruleset without them may still have runs in a hand)."""
    pays: Payer = pay_classical
    """What each losing seat pays the winner (RULES.md §1.14.1)."""
    parent: str = ""
    """The ruleset this one is written as a difference from, if any."""
    settle: Settler = settle_hand
    """How a hand is settled (the deal's end calls it with the hand's values and declarers)."""
    buy_in_when_exhausted: int | None = None
    """The number of the ruleset's own rule for buy-ins, if it has one: a player with no chips
    left (a balance of 0 or less) may buy in again, as often as that happens, with no limit
    needed (rumisberg's rule 22, RULES.md §2.4.10, A-RU-17)."""
    features: tuple[type[Feature], ...] = ()
    """The variant rules the ruleset has (:mod:`engine.features`), in the order the deal asks
    them; a setting may switch one off (:meth:`features_for`)."""

    rotation: Rotation | None = None
    """Who deals next (:mod:`engine.rotation`): a rotation of the ruleset's own, which no setting
    changes, or None, where the ``dealer_rotation`` setting chooses one of
    :data:`engine.rotation.ROTATIONS` (every registered ruleset: its defaults name its own, and
    a club may choose another)."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """Pickled by name when it is the registered ruleset of its name, so that in another
        process (the bot's workers) it is that process's own registered object, the one every
        cache there is keyed by; a ruleset made with ``derive`` and never registered is pickled
        whole.

        >>> import pickle
        >>> from engine.rulesets import get_ruleset
        >>> pickle.loads(pickle.dumps(get_ruleset("huabao"))) is get_ruleset("huabao")
        True
        >>> club = get_ruleset("huabao").derive("myclub", title="My club", defaults={"limit": 800})
        >>> pickle.loads(pickle.dumps(club)).defaults.limit
        800
        """
        if REGISTRY.get(self.name) is self:
            return (get_ruleset, (self.name,))
        return object.__reduce_ex__(self, protocol)

    def rotation_for(self, settings: Settings) -> Rotation:
        """The rotation played under ``settings``: the ruleset's own, or the one its
        ``dealer_rotation`` setting names.

        >>> from engine.rulesets import get_ruleset
        >>> jx = get_ruleset("jiangxi")
        >>> club = jx.settings({"dealer_rotation": "on_non_east_win"})
        >>> jx.rotation_for(jx.defaults).name, jx.rotation_for(club).name
        ('winner', 'on_non_east_win')
        """
        return self.rotation if self.rotation is not None else ROTATIONS[settings.dealer_rotation]

    def features_for(self, settings: Settings) -> tuple[type[Feature], ...]:
        """The rules played under ``settings``: those listed that the settings switch on.

        >>> from engine.rulesets import get_ruleset
        >>> wb = get_ruleset("wikibooks")
        >>> [f.name for f in wb.features_for(wb.settings({"riichi": True, "dora": True}))][:2]
        ['dora', 'riichi']
        """
        return tuple(f for f in self.features if f.active(settings))

    def table_for(self, settings: Settings) -> Table:
        """The (cached) scoring table of this ruleset under ``settings``, named after it (a
        ruleset made with :meth:`derive` is scored by its own name, registered or not).

        >>> from engine.rulesets import get_ruleset
        >>> club = get_ruleset("dmjl").derive("myclub", title="My club", defaults={"limit": 500})
        >>> club.table_for(club.defaults).ruleset, club.table_for(club.defaults).limit
        ('myclub', 500)

        :raises SettingError: for settings the ruleset cannot be played with (:meth:`check`).
        """
        return _table_for(self.name, self.table, self.seat_counts, settings)

    def discarder_alone(self, settings: Settings) -> bool:
        """Whether a discard win is paid by the discarder alone (so payments need to know him)."""
        return settings.discarder_pays_all

    def title_in(self, lang: Lang = "en") -> str:
        """The title in ``lang`` (English when there is no German one)."""
        return self.title_de if lang == "de" and self.title_de else self.title

    @property
    def setting_names(self) -> frozenset[str]:
        """Every setting a club may change at this ruleset (``dealer_rotation`` only where the
        ruleset has no rotation of its own)."""
        names = self.settings_used | TABLE_SETTINGS
        return names if self.rotation is None else names - {"dealer_rotation"}

    def settings(self, overrides: Mapping[str, object] | None = None) -> Settings:
        """This ruleset's defaults with a club's ``overrides`` applied and checked.

        >>> from engine.rulesets import get_ruleset
        >>> get_ruleset("huabao").settings({"mj_bonus": "20"}).mj_bonus
        20
        >>> get_ruleset("dmjl").settings({"players": 3})
        Traceback (most recent call last):
        ...
        engine.errors.SettingError: dmjl is played by 4 players, not 3

        Three players deal by ``R3`` unless ``deal_pattern`` is given too:

        >>> get_ruleset("rumisberg").settings({"players": "3"}).deal_pattern
        'R3'

        :raises SettingError: for an unknown setting, one that does not apply to this
            ruleset, or a value it does not take.
        """
        if not overrides:
            return self.defaults
        for name in overrides:
            if name in SPEC_BY_NAME and name not in self.setting_names:
                raise SettingError(
                    f"setting {name} does not apply to {self.name}; its settings are: "
                    f"{', '.join(sorted(self.setting_names))}",
                    "setting_not_in_ruleset",
                    setting_text=name,
                    ruleset=self.name,
                )
        if "deal_pattern" not in overrides and str(overrides.get("players", "")).strip() == "3":
            overrides = {**overrides, "deal_pattern": "R3"}  # the three-player deal (RULES.md §1.4)
        settings = self.defaults.with_values(overrides)
        self.check(settings)
        return settings

    def check(self, settings: Settings) -> None:
        """Refuse settings this ruleset cannot be played with.

        :raises SettingError: saying what is accepted.
        """
        _check(self.name, self.seat_counts, settings)

    def seats(self, settings: Settings, absent: int | None = None) -> tuple[int, ...]:
        """The winds in play in turn order (seat numbers ``E=0 .. N=3``): all four, or with
        three players every wind but ``absent`` (A-RU-18: the four wind positions stay fixed
        and the wind of the empty one is absent; North when not given). East always plays.

        >>> from engine.rulesets import get_ruleset
        >>> rs = get_ruleset("dmjl")
        >>> rs.seats(rs.defaults)
        (0, 1, 2, 3)
        >>> three = get_ruleset("rumisberg").settings({"players": 3, "deal_pattern": "R3"})
        >>> rs.seats(three), rs.seats(three, absent=2)
        ((0, 1, 2), (0, 1, 3))

        :raises SettingError: for an absent wind with four players, or East absent.
        """
        if settings.players == 4:
            if absent is not None:
                raise SettingError("with four players every wind plays: none is absent", "absent_four")
            return (0, 1, 2, 3)
        gone = 3 if absent is None else absent
        if gone not in (1, 2, 3):
            raise SettingError(
                f"the absent wind is South (1), West (2) or North (3), not {gone}: East always plays",
                "absent_east",
            )
        return tuple(w for w in range(4) if w != gone)

    def tile_ids(self, settings: Settings) -> tuple[int, ...]:
        """The physical tiles of the set (ids as in :mod:`engine.wall`: four of each playing
        kind, then one of each bonus tile)."""
        kinds = [k for k in range(BONUS_START) if self.winds or not HONOUR_START <= k < HONOUR_START + 4]
        ids = [4 * k + c for k in kinds for c in range(4)]
        if settings.bonus_tiles and self.winds:
            ids += list(range(4 * BONUS_START, 4 * BONUS_START + 8))
        return tuple(ids)

    def tile_count(self, settings: Settings) -> int:
        """How many tiles the set has under ``settings``: 144, 136 or 120."""
        return len(self.tile_ids(settings))

    def derive(
        self,
        name: str,
        *,
        title: str,
        add: Sequence[type[Feature]] = (),
        remove: Sequence[type[Feature]] = (),
        **changes: object,
    ) -> Ruleset:
        """A ruleset written as this one with ``changes`` (``defaults`` may be a mapping of
        setting overrides, ``rotation`` a :class:`~engine.rotation.Rotation` of its own), with
        the rules ``add`` and without the rules ``remove`` (:mod:`engine.features`): an added
        rule brings its settings and the values that switch it on, a removed one takes its
        settings away and leaves the values that switch it off (``defaults`` given here still
        win).

        >>> from engine.features.riichi import Riichi
        >>> from engine.rulesets import get_ruleset
        >>> club = get_ruleset("dmjl").derive("riichi-club", title="Riichi club", add=(Riichi,))
        >>> [f.name for f in club.features], club.defaults.riichi, "riichi_stake" in club.setting_names
        (['three_mahjong_claims', 'gulasch', 'riichi'], True, True)
        """
        features = [f for f in self.features if f not in remove]
        features += [f for f in add if f not in features]
        used = set(self.settings_used)
        switched: dict[str, object] = {}
        for f in remove:
            used -= f.settings
            switched.update(f.off)
        for f in add:
            used |= f.settings | set(f.on)
            switched.update(f.on)
        changes.setdefault("features", tuple(features))
        changes.setdefault("settings_used", frozenset(used))
        defaults = changes.pop("defaults", None)
        base = self.defaults.with_values(switched) if switched else self.defaults
        if isinstance(defaults, Mapping):
            changes["defaults"] = base.with_values(defaults)
        elif defaults is not None:
            changes["defaults"] = defaults
        else:
            changes["defaults"] = base
        return dataclasses.replace(self, name=name, title=title, parent=self.name, **changes)  # type: ignore[arg-type]

    def diff(self, other: Ruleset) -> list[tuple[str, object, object]]:
        """What differs between this ruleset and ``other``: ``(what, this value, other value)``
        for the tile set, the players, chows, the rules it plays (``features``: the names of the
        rules only this one has, and of those only ``other`` has), who deals next where either
        has a rotation of its own (``rotation``: each one's name under its defaults) and every
        default setting.

        >>> from engine.rulesets import get_ruleset
        >>> get_ruleset("huabao").diff(get_ruleset("dmjl"))[:2]
        [('tiles', 136, 144), ('mj_bonus', 10, 20)]
        """
        out: list[tuple[str, object, object]] = []
        for what, mine, theirs in (
            ("tiles", self.tile_count(self.defaults), other.tile_count(other.defaults)),
            ("players", self.seat_counts, other.seat_counts),
            ("chows", self.chows, other.chows),
            (  # the rules one has and the other has not
                "features",
                feature_names(tuple(f for f in self.features if f not in other.features)),
                feature_names(tuple(f for f in other.features if f not in self.features)),
            ),
        ):
            if mine != theirs:
                out.append((what, mine, theirs))
        if self.rotation != other.rotation:  # a rotation of its own (else dealer_rotation says it)
            out.append(
                (
                    "rotation",
                    self.rotation_for(self.defaults).name,
                    other.rotation_for(other.defaults).name,
                )
            )
        for name, value in self.defaults.as_dict().items():
            theirs = getattr(other.defaults, name)
            if value != theirs and (name in self.setting_names or name in other.setting_names):
                out.append((name, value, theirs))
        return out


REGISTRY: Final[dict[str, Ruleset]] = {}
"""Every registered ruleset by name (filled by :mod:`engine.rulesets` when it is imported, which
importing this module does first)."""


def get_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``.

    :raises SettingError: naming the rulesets there are.
    """
    ruleset = REGISTRY.get(name.strip().lower())
    if ruleset is None:
        raise SettingError(
            f"there is no ruleset {quote(name)}; rulesets are: {', '.join(REGISTRY)}",
            "unknown_ruleset",
            text=name,
            rulesets_texts=" ".join(REGISTRY),
        )
    return ruleset


def resolve(
    ruleset: str | Ruleset, settings: Settings | Mapping[str, object] | None = None
) -> tuple[Ruleset, Settings]:
    """The ruleset (by name or as it is) and full settings: ``settings`` as they are when
    complete, else the ruleset's defaults with these overrides applied and checked.

    >>> rs, st = resolve("huabao", {"limit": 300})
    >>> rs.name, st.limit, st.mj_bonus
    ('huabao', 300, 10)

    :raises SettingError: for an unknown ruleset or setting, or a value a setting does not take.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if isinstance(settings, Settings):
        return rs, settings  # checked against the ruleset when its table is built (table_for)
    return rs, rs.settings(settings)
