"""One registry of every setting ``/settings`` knows: the four kinds in one table.

The kinds are the house rules (the ruleset and every :class:`engine.settings.SettingSpec`,
checked by the engine), the table settings (times, who may open and stop a table), the club
options (chips, the admin role, the next season's starting chips) and the language a table
speaks. Each :class:`Entry` says, as data, what ``/settings`` needs to know of a setting: its
kind, the shape of its value (how it is typed, shown and suggested), its default, its help in
English and German, who may change it (:class:`Permission`) and where it is kept (a
:class:`Store`, one per storage area: ``bot/storage/rules.py``, ``table_settings.py``,
``ledger.py``). ``bot/cogs/settings.py`` reads this registry; it has no branch per kind.

Every value is still checked where it is kept (the engine, the storage); this module only says
which storage call keeps which setting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final, Protocol

from bot.i18n import Language, text
from bot.i18n.settings import CHOICES, FEATURES, LABELS, RULE_HELP_DE, RULE_HELP_EN
from bot.rating import DEFAULT_RATING_BY, RATING_BY
from bot.storage.records import ClubOptions
from bot.storage.table_settings import EVERYONE, TABLE_SETTINGS
from engine.numbers import decimal, number
from engine.rulesets import RULESETS, Ruleset, get_ruleset
from engine.settings import SPECS, SettingSpec

if TYPE_CHECKING:
    from bot.config import BotConfig
    from bot.storage import Storage


class SettingKind(StrEnum):
    """The four kinds of setting."""

    HOUSE = "house"
    """The ruleset and the house rules (checked by the engine)."""
    TABLE = "table"
    """What a table takes when it opens besides the rules: times, who may open and stop it."""
    CLUB = "club"
    """The club's options for the whole server: chips, the admin role, the next season."""
    LANGUAGE = "language"
    """The language a table speaks."""


class Permission(StrEnum):
    """Who may change a setting with ``/settings set`` and ``/settings reset``."""

    ADMIN = "admin"
    """Manage Server, or the club's admin role."""
    TABLE_OWNER = "table_owner"
    """An admin, or whoever opened the table now in the channel."""
    ANYONE = "anyone"


REFUSAL: Final[dict[Permission, str]] = {
    Permission.ADMIN: "settings_not_admin",
    Permission.TABLE_OWNER: "settings_not_owner",
}
"""The catalogue key of the refusal for someone a permission leaves out (everyone has ANYONE)."""


class Shape(StrEnum):
    """The shape of a setting's value: how it is typed, shown and suggested."""

    RULESET = "ruleset"
    BOOL = "bool"
    CHOICE = "choice"
    """One of a house rule's choices (or a notation the engine reads)."""
    GAME_LENGTH = "game_length"
    WHOLE = "whole"
    """A whole number shown as it is (a house rule's number, a count)."""
    SECONDS = "seconds"
    CHIPS = "chips"
    """A whole number of chips, shown with thousands separators."""
    FLOOR = "floor"
    """Chips, or none."""
    ROLE = "role"
    """Everyone (0), or a role."""
    ADMIN_ROLE = "admin_role"
    """No role (None), or a role."""
    LANGUAGE = "language"


@dataclass(frozen=True, slots=True)
class Defaults:
    """What a default is read from: the bot's configuration and the ruleset in force."""

    config: BotConfig
    ruleset: Ruleset


@dataclass(frozen=True, slots=True)
class Read:
    """What one store holds for a scope: each key's value in force (None: not set anywhere),
    and the keys the scope set itself."""

    values: dict[str, object]
    own: frozenset[str]


class Store(Protocol):
    """Where a kind of setting is kept: the storage calls that read, write and clear it."""

    resettable: bool
    """Whether ``/settings reset`` without a name clears it (club options are reset by name)."""

    async def read(self, storage: Storage, guild: int, channel: int | None) -> Read:
        """Every key this store holds, as in force in the scope."""
        ...

    async def write(
        self, storage: Storage, guild: int, channel: int | None, key: str, value: object, actor: int
    ) -> None:
        """Store ``value`` (as typed, or a role id) for ``key``; the storage checks it."""
        ...

    async def clear(self, storage: Storage, guild: int, channel: int | None, key: str, actor: int) -> None:
        """Go back to the default (or the server's) for ``key``."""
        ...


class RulesetStore:
    """The ruleset of a server or channel (``Storage.set_ruleset``)."""

    resettable = True

    async def read(self, storage: Storage, guild: int, channel: int | None) -> Read:
        rules = await storage.table_rules(guild, channel)
        own = await storage.scope_ruleset(guild, channel) is not None
        return Read({"ruleset": rules.ruleset}, frozenset({"ruleset"} if own else ()))

    async def write(
        self, storage: Storage, guild: int, channel: int | None, key: str, value: object, actor: int
    ) -> None:
        await storage.set_ruleset(guild, str(value), channel_id=channel, actor_id=actor)

    async def clear(self, storage: Storage, guild: int, channel: int | None, key: str, actor: int) -> None:
        await storage.set_ruleset(guild, None, channel_id=channel, actor_id=actor)


class HouseRuleStore:
    """House-rule overrides (``Storage.set_house_rule``, checked by the engine)."""

    resettable = True

    async def read(self, storage: Storage, guild: int, channel: int | None) -> Read:
        settings = (await storage.table_rules(guild, channel)).settings
        own = await storage.scope_house_rules(guild, channel)
        return Read({spec.name: getattr(settings, spec.name) for spec in SPECS}, frozenset(own))

    async def write(
        self, storage: Storage, guild: int, channel: int | None, key: str, value: object, actor: int
    ) -> None:
        await storage.set_house_rule(guild, key, value, channel_id=channel, actor_id=actor)

    async def clear(self, storage: Storage, guild: int, channel: int | None, key: str, actor: int) -> None:
        await storage.clear_house_rule(guild, key, channel_id=channel, actor_id=actor)


class TableSettingStore:
    """Table settings and the language (``Storage.set_table_setting``)."""

    resettable = True

    async def read(self, storage: Storage, guild: int, channel: int | None) -> Read:
        values = await storage.table_settings(guild, channel)
        own = await storage.table_settings(guild, channel, inherit=False)
        return Read({name: getattr(values, name) for name in TABLE_SETTINGS}, frozenset(own.as_dict()))

    async def write(
        self, storage: Storage, guild: int, channel: int | None, key: str, value: object, actor: int
    ) -> None:
        await storage.set_table_setting(guild, key, value, channel_id=channel, actor_id=actor)

    async def clear(self, storage: Storage, guild: int, channel: int | None, key: str, actor: int) -> None:
        await storage.clear_table_setting(guild, key, channel_id=channel, actor_id=actor)


class ClubOptionStore:
    """The club's options in its server's row (``Storage.set_club_option``); no scope of its own."""

    resettable = False

    async def read(self, storage: Storage, guild: int, channel: int | None) -> Read:
        options = await storage.club_options(guild)
        return Read({key: getattr(options, key) for key in _CLUB_KEYS}, frozenset())

    async def write(
        self, storage: Storage, guild: int, channel: int | None, key: str, value: object, actor: int
    ) -> None:
        await storage.set_club_option(guild, key, value, actor_id=actor)

    async def clear(self, storage: Storage, guild: int, channel: int | None, key: str, actor: int) -> None:
        await storage.set_club_option(guild, key, getattr(ClubOptions(), key), actor_id=actor)


class RatingStore:
    """How the server groups its rulesets into rating families (``Storage.set_rating_by``, which
    rebuilds the ratings); server-wide, reset by name only, like the club's options."""

    resettable = False

    async def read(self, storage: Storage, guild: int, channel: int | None) -> Read:
        return Read({"rating_by": await storage.rating_by(guild)}, frozenset())

    async def write(
        self, storage: Storage, guild: int, channel: int | None, key: str, value: object, actor: int
    ) -> None:
        await storage.set_rating_by(guild, value, actor_id=actor)

    async def clear(self, storage: Storage, guild: int, channel: int | None, key: str, actor: int) -> None:
        await storage.set_rating_by(guild, DEFAULT_RATING_BY, actor_id=actor)


_CLUB_KEYS: Final = (
    "admin_role_id",
    "allow_member_transfers",
    "allow_negative_balance",
    "buy_in_amount",
    "buy_in_limit",
    "balance_floor",
)

RULESET_STORE: Final = RulesetStore()
HOUSE_RULE_STORE: Final = HouseRuleStore()
TABLE_SETTING_STORE: Final = TableSettingStore()
CLUB_OPTION_STORE: Final = ClubOptionStore()
RATING_STORE: Final = RatingStore()

_EFFECT: Final = {
    SettingKind.HOUSE: "settings_takes_effect_tables",
    SettingKind.TABLE: "settings_takes_effect_tables",
    SettingKind.LANGUAGE: "settings_takes_effect_tables",
    SettingKind.CLUB: "settings_takes_effect_now",
}


def label(name: str, lang: Language) -> str:
    """A setting (or a ruleset's own difference: ``tiles``, ``chows``, ``rotation``) named in
    words, the way a sentence about it begins.

    >>> label("mj_bonus", "en"), label("mj_bonus", "de")
    ('Mah-Jongg bonus', 'Mah-Jongg-Bonus')
    """
    en, de = LABELS[name]
    return de if lang == "de" else en


def words(name: str, value: object, lang: Language) -> str:
    """A value of a house rule (or of a ruleset's difference) in words: yes or no (``ja``,
    ``nein``), a choice described, a number grouped, players ``3 or 4``, a notation as typed.

    >>> words("original_call", False, "en"), words("limit", 10000, "de"), words("players", (3, 4), "en")
    ('no', '10.000', '3 or 4')
    >>> words("dealer_rotation", "winner", "en")
    'the winner deals next'
    """
    if isinstance(value, bool):
        return text("settings_yes" if value else "settings_no", lang)
    if isinstance(value, int):
        return number(value, lang)
    if isinstance(value, tuple):
        shown = [words(name, v, lang) for v in value]
        if len(shown) < 2:
            return "".join(shown)
        return text("settings_either", lang, a=", ".join(shown[:-1]), b=shown[-1])
    if name == "game_length":
        unit, _, count = str(value).partition(":")
        if unit in ("rounds", "hands") and count.isdigit():
            return text(f"length_{unit}", lang, n=int(count))
    if name in ("rotation", "dealer_rotation"):
        name = "dealer_rotation"
    found = CHOICES.get((name, str(value)))
    if found is not None:
        return found[1] if lang == "de" else found[0]
    return f"`{value}`"  # a notation (the club hand's sets, the club's own hands) as it is typed


def difference(name: str, mine: object, theirs: object, lang: Language) -> str:
    """One plain sentence for one difference: ``Mah-Jongg bonus: 10 instead of 20``,
    ``Seven pairs win: yes instead of no``; for the rules a ruleset adds and leaves out
    (``features``), the rules by name.

    >>> difference("mj_bonus", 10, 20, "en")
    'Mah-Jongg bonus: 10 instead of 20'
    >>> difference("seven_pairs", True, False, "de")
    'Sieben Paare gewinnen: ja statt nein'
    >>> difference("features", ("riichi",), (), "en")
    'Rules it adds: riichi'
    """
    if name == "features":
        parts = []
        for key, rules in (("ruleset_adds", mine), ("ruleset_drops", theirs)):
            rules = rules if isinstance(rules, tuple) else ()
            named = [FEATURES[str(r)][1] if lang == "de" else FEATURES[str(r)][0] for r in rules]
            if named:
                parts.append(text(key, lang, rules=", ".join(named)))
        return "; ".join(parts)
    return text(
        "ruleset_change",
        lang,
        what=label(name, lang),
        value=words(name, mine, lang),
        theirs=words(name, theirs, lang),
    )


@dataclass(frozen=True, slots=True)
class Entry:
    """One setting: everything ``/settings`` needs to show, check, suggest, change and reset it."""

    name: str
    kind: SettingKind
    shape: Shape
    help_en: str
    help_de: str
    who: Permission
    store: Store
    default: Callable[[Defaults], object]
    key: str = ""
    """The store's name for it (default: ``name``)."""
    server_only: bool = False
    spec: SettingSpec | None = None
    """A house rule's engine spec (its bounds, choices and English description); a bot setting
    with choices has one too (``rating_by``)."""
    low: int = 0
    high: int = 0
    suggested: tuple[int, ...] = ()
    """Usual values offered as one types."""
    suggest_bounds: bool = False
    """Whether the bounds are offered as one types."""
    empty: str = ""
    """The catalogue key that shows None (and 0 for a role or the seconds given ``zero``)."""
    zero: str = ""
    """The catalogue key that shows 0 (the Next hand button)."""
    effect: str = ""
    """The catalogue key of when a change applies (default: by kind)."""

    @property
    def store_key(self) -> str:
        """The name the store keeps it under."""
        return self.key or self.name

    def help(self, lang: Language) -> str:
        """The help in ``lang``."""
        return self.help_de if lang == "de" else self.help_en

    def label(self, lang: Language) -> str:
        """The setting named in words (never its identifier)."""
        return label(self.name, lang)

    def sentence(self, value: object, other: object, lang: Language) -> str:
        """One plain sentence: this setting is ``value`` instead of ``other``.

        >>> ENTRIES["turn_seconds"].sentence(45, 60, "en")
        'Time for a turn: 45 s instead of 60 s'
        """
        return text(
            "ruleset_change",
            lang,
            what=self.label(lang),
            value=self.show(value, lang),
            theirs=self.show(other, lang),
        )

    def when(self) -> str:
        """The catalogue key of when a change applies."""
        return self.effect or _EFFECT[self.kind]

    def accepts(self, lang: Language) -> str:
        """What the setting takes, in words."""
        spec = self.spec
        if spec is not None and spec.choices:  # each choice in words (the names in small print)
            return text(
                "accepts_choice", lang, choices="; ".join(words(self.name, c, lang) for c in spec.choices)
            )
        if spec is not None and lang == "en":
            return spec.describe()  # the engine's own words
        shape = self.shape
        if shape is Shape.RULESET:
            return text("accepts_ruleset", lang, choices=", ".join(RULESETS))
        if shape is Shape.GAME_LENGTH:
            return text("accepts_game_length", lang)
        if shape is Shape.BOOL:
            return text("accepts_bool", lang)
        if shape is Shape.CHOICE:
            return text("accepts_choice", lang, choices=", ".join(spec.choices if spec else ()))
        if shape is Shape.WHOLE:
            return text("accepts_int", lang, low=number(self.low, lang), high=number(self.high, lang))
        if shape is Shape.ROLE:
            return text("accepts_role", lang)
        if shape is Shape.ADMIN_ROLE:
            return text("accepts_admin_role", lang)
        if shape is Shape.LANGUAGE:
            return text("accepts_language", lang)
        if shape is Shape.FLOOR:
            return text("accepts_floor", lang, low=number(self.low, lang), high=number(self.high, lang))
        key = "accepts_seconds" if shape is Shape.SECONDS else "accepts_chips"
        return text(key, lang, low=number(self.low, lang), high=number(self.high, lang))

    def show(self, value: object, lang: Language) -> str:
        """How a value is shown, in words (a role as a mention, seconds with their unit, numbers
        grouped, yes or no, a choice described; never a Python literal)."""
        if self.shape in (Shape.ROLE, Shape.ADMIN_ROLE):
            return text(self.empty, lang) if not value else f"<@&{value}>"
        if value is None and self.empty:
            return text(self.empty, lang)
        if value == 0 and self.zero:
            return text(self.zero, lang)
        if self.shape is Shape.SECONDS:
            seconds = value if isinstance(value, int | float) else 0
            return text("settings_seconds", lang, n=decimal(seconds, lang, digits=2))
        if self.shape is Shape.RULESET:
            ruleset = get_ruleset(str(value))
            return f"{ruleset.title_in(lang)} (`{ruleset.name}`)"  # its name as /mahjong new takes it
        if self.shape is Shape.LANGUAGE:
            return text(f"settings_language_{value}", lang)
        return words(self.name, value, lang)

    def takes(self, number: int) -> bool:
        """Whether a whole number is within the bounds (for suggestions)."""
        return self.low <= number <= self.high


def _ruleset_default(name: str) -> Callable[[Defaults], object]:
    def default(d: Defaults) -> object:
        return getattr(d.ruleset.defaults, name)

    return default


def _house(spec: SettingSpec) -> Entry:
    if spec.name == "game_length":
        shape = Shape.GAME_LENGTH
    elif spec.kind is bool:
        shape = Shape.BOOL
    elif spec.kind is int:
        shape = Shape.WHOLE
    else:
        shape = Shape.CHOICE
    return Entry(
        spec.name,
        SettingKind.HOUSE,
        shape,
        RULE_HELP_EN.get(spec.name, spec.help),
        RULE_HELP_DE.get(spec.name, ""),
        Permission.ADMIN,
        HOUSE_RULE_STORE,
        _ruleset_default(spec.name),
        spec=spec,
        low=spec.minimum,
        high=spec.maximum,
        suggest_bounds=True,
    )


def _bot(
    name: str,
    kind: SettingKind,
    shape: Shape,
    store: Store,
    default: Callable[[Defaults], object],
    **more: object,
) -> Entry:
    """An entry whose help is the catalogue's ``help_<name>``."""
    return Entry(
        name,
        kind,
        shape,
        text(f"help_{name}", "en"),
        text(f"help_{name}", "de"),
        Permission.ADMIN,
        store,
        default,
        **more,  # type: ignore[arg-type]
    )


def _table(
    name: str, kind: SettingKind, shape: Shape, default: Callable[[Defaults], object], **more: object
) -> Entry:
    spec = TABLE_SETTINGS[name]
    return _bot(name, kind, shape, TABLE_SETTING_STORE, default, low=spec.minimum, high=spec.maximum, **more)


def _club(name: str, shape: Shape, key: str = "", **more: object) -> Entry:
    column = key or name
    return _bot(
        name,
        SettingKind.CLUB,
        shape,
        CLUB_OPTION_STORE,
        lambda d: getattr(ClubOptions(), column),
        key=key,
        server_only=True,
        **more,
    )


ENTRIES: Final[dict[str, Entry]] = {
    e.name: e
    for e in (
        _bot("ruleset", SettingKind.HOUSE, Shape.RULESET, RULESET_STORE, lambda d: "dmjl"),
        *(_house(spec) for spec in SPECS),
        _table(
            "language", SettingKind.LANGUAGE, Shape.LANGUAGE, lambda d: None, empty="settings_server_language"
        ),
        _table(
            "turn_seconds",
            SettingKind.TABLE,
            Shape.SECONDS,
            lambda d: int(d.config.turn_seconds),
            suggested=(30, 45, 60, 90, 120, 300),
        ),
        _table(
            "claim_seconds",
            SettingKind.TABLE,
            Shape.SECONDS,
            lambda d: int(d.config.claim_seconds),
            suggested=(5, 10, 15, 20, 30),
        ),
        _table(
            "next_hand_seconds",
            SettingKind.TABLE,
            Shape.SECONDS,
            lambda d: int(d.config.next_hand_seconds),
            suggested=(0, 10, 20, 30, 60),
            zero="settings_button",
        ),
        _table("who_opens", SettingKind.TABLE, Shape.ROLE, lambda d: EVERYONE, empty="settings_everyone"),
        _table("who_stops", SettingKind.TABLE, Shape.ROLE, lambda d: EVERYONE, empty="settings_everyone"),
        _table("table_in_thread", SettingKind.TABLE, Shape.BOOL, lambda d: False),
        _club("admin_role", Shape.ADMIN_ROLE, key="admin_role_id", empty="settings_no_role"),
        _club("allow_member_transfers", Shape.BOOL),
        _club("allow_negative_balance", Shape.BOOL),
        _club("buy_in_amount", Shape.CHIPS, low=1, high=10**9),
        _club("buy_in_limit", Shape.WHOLE, low=0, high=1000),
        _club("balance_floor", Shape.FLOOR, low=-(10**9), high=10**9, empty="settings_no_floor"),
        _table(
            "initial_balance",
            SettingKind.CLUB,
            Shape.CHIPS,
            lambda d: None,
            server_only=True,
            suggest_bounds=True,
            empty="settings_current_season",
            effect="settings_takes_effect_season",
        ),
        _bot(
            "rating_by",
            SettingKind.CLUB,
            Shape.CHOICE,
            RATING_STORE,
            lambda d: DEFAULT_RATING_BY,
            server_only=True,
            spec=SettingSpec("rating_by", str, text("help_rating_by", "en"), choices=RATING_BY),
            effect="rating_by_effect",
        ),
    )
}
"""Every setting by name, in the order ``/settings`` lists them: the ruleset and the house
rules, the language and the table settings, the club options."""

STORES: Final[tuple[Store, ...]] = (
    RULESET_STORE,
    HOUSE_RULE_STORE,
    TABLE_SETTING_STORE,
    CLUB_OPTION_STORE,
    RATING_STORE,
)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Every setting of one scope at once: its value in force, its default, whether the scope set it."""

    ruleset: Ruleset
    values: dict[str, object]
    defaults: dict[str, object]
    own: frozenset[str]


async def snapshot(storage: Storage, config: BotConfig, guild: int, channel: int | None) -> Snapshot:
    """Read every store once for a server (``channel`` None) or one channel."""
    reads = {id(store): await store.read(storage, guild, channel) for store in STORES}
    raw = {name: reads[id(e.store)].values.get(e.store_key) for name, e in ENTRIES.items()}
    ruleset = get_ruleset(str(raw["ruleset"]))
    defaults = Defaults(config, ruleset)
    default = {name: e.default(defaults) for name, e in ENTRIES.items()}
    values = {name: default[name] if raw[name] is None else raw[name] for name in ENTRIES}
    own = frozenset(name for name, e in ENTRIES.items() if e.store_key in reads[id(e.store)].own)
    return Snapshot(ruleset, values, default, own)


def changed_rules(ruleset: Ruleset, overrides: Mapping[str, object], lang: Language) -> dict[str, str]:
    """The house rules ``overrides`` sets over ``ruleset`` that differ from its defaults, by name,
    each as a plain sentence (``Limit: 300 instead of 500``), in order of their names.

    >>> changed_rules(get_ruleset("dmjl"), {"limit": 300, "mj_bonus": 20, "seven_pairs": True}, "en")
    {'limit': 'Limit: 300 instead of 500', 'seven_pairs': 'Seven pairs win: yes instead of no'}
    """
    settings = ruleset.settings(dict(overrides))
    defaults = ruleset.defaults
    return {
        name: ENTRIES[name].sentence(getattr(settings, name), getattr(defaults, name), lang)
        for name in sorted(overrides)
        if name in ENTRIES and getattr(settings, name, None) != getattr(defaults, name, None)
    }
