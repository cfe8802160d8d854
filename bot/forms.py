"""The forms (Discord modals with radio groups, checkbox groups and text inputs): ``/mahjong new``
without options, and ``/settings form`` for a server's house rules.

A modal holds at most five top-level components, so each form picks what fits:

* **New table** (``mj:newf:<ruleset>:<mask>``): the ruleset (a radio group, the channel's
  ruleset chosen), the seats (a radio group: how many play and how many of them are computers,
  ``4 players, 1 computer``; the three-player choices say which rules allow them), the house
  rules that matter most for the channel's ruleset (a checkbox group, :data:`FORM_RULES`) and the
  two times (turn and claim seconds, text inputs). Players and computers share one radio group so
  that both times fit.
* **House rules** (``mj:setf:<ruleset>``): the same yes-or-no rules (a checkbox group, each
  option with its help) and up to four rules with a value (text inputs, :data:`FORM_VALUES`,
  each with its help as the label's description and what it takes as the placeholder).

The ruleset chosen in the new-table form decides which house rules apply, but a modal cannot
change while it is filled in: the checkboxes are the channel's ruleset's. The modal's custom_id
carries that ruleset and which boxes were shown checked (``mask``), so on submit a box left as it
was shown changes nothing (the channel's house rules for its own ruleset; another ruleset is
played as it is, as ``/mahjong new ruleset:`` plays it), and a box changed sets that rule where
the chosen ruleset has it; a changed box the chosen ruleset lacks is refused with its name.

Everything a submit needs is in the custom_ids and the values (no state kept between showing and
submitting), so a form opened before a restart is taken after it. The submitted values are read
from the interaction's data as Discord sends them (:func:`submitted`), not from the
``discord.ui.Modal`` object that showed the form.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.i18n import Language, text
from bot.settings_registry import ENTRIES
from bot.storage.table_settings import TABLE_SETTINGS
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import parse_whole_number

FORM_RULES: Final[dict[str, tuple[str, ...]]] = {
    "dmjl": (
        "seven_pairs",
        "original_call",
        "nine_times_rule",
        "bonus_tiles",
        "winning_tile_points",
        "discarder_pays_all",
    ),
    "huabao": (
        "seven_pairs",
        "traditional_limit_hands",
        "bonus_tiles",
        "nine_times_rule",
        "nine_lanterns_easy",
        "discarder_pays_all",
    ),
    "wikibooks": (
        "western",
        "riichi",
        "dora",
        "ii_fan_shibari",
        "seven_pairs",
        "discarder_pays_all",
        "three_mahjong_claims_abort",
    ),
    "rumisberg": (
        "fishing",
        "gulasch_pot_carry_over",
        "limit_after_east_double",
        "original_call",
        "seven_pairs",
        "bonus_tiles",
    ),
    "jiangxi": ("menqing_with_qidui", "quanqiuren_requires_discard", "dealer_loses_double"),
}
"""The yes-or-no house rules each ruleset's forms offer (RULES.md §4), the ones a club changes
most first: the variant rules of its own (wikibooks' western way, riichi and dora; rumisberg's
Fishing and Gulasch; jiangxi's three), then seven pairs, bonus tiles, the call at the beginning,
the nine-times rule and who pays a discard win. A checkbox group holds at most ten."""

FORM_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "dmjl": ("limit", "mj_bonus", "concealed_hand_doubles", "game_length"),
    "huabao": ("limit", "mj_bonus", "rob_kong_bonus", "game_length"),
    "wikibooks": ("limit", "mj_bonus", "riichi_stake", "game_length"),
    "rumisberg": ("limit", "gulasch_stake", "club_hand_value", "game_length"),
    "jiangxi": ("min_fan", "unit_per_fan", "gen_zhuang_chips", "game_length"),
}
"""The house rules with a value the ``/settings form`` offers per ruleset (four text inputs
beside the checkbox group fill the modal's five components): the limit and the Mah-Jongg bonus,
the stake of the ruleset's own rule, the length of a game."""

SEATS: Final = ("4:0", "4:1", "4:2", "4:3", "3:0", "3:1", "3:2")
"""The seats radio group's values: players, then computers seated now."""

TIMES: Final = ("turn_seconds", "claim_seconds")
"""The times the new-table form asks for, as the table settings name them."""

NEW_FORM: Final = re.compile(r"mj:newf:([a-z0-9_]{1,40}):([0-9]{1,4})")
SETTINGS_FORM: Final = re.compile(r"mj:setf:([a-z0-9_]{1,40})")

MAX_TITLE, MAX_LABEL, MAX_DESCRIPTION, MAX_OPTION, MAX_PLACEHOLDER = 45, 45, 100, 100, 100
"""Discord's limits for a modal's title, a Label's text and description, an option's label or
description and a text input's placeholder (``tests/discord_harness.py`` cites where)."""


def clip(words: str, most: int) -> str:
    """``words`` cut to ``most`` characters, an ellipsis marking the cut.

    >>> clip("seven pairs", 20), clip("seven pairs is a winning shape", 12)
    ('seven pairs', 'seven pairs…')
    """
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def rule_options(
    ruleset: str, values: Mapping[str, object], lang: Language
) -> list[discord.CheckboxGroupOption]:
    """The checkbox group's options: each of the ruleset's form rules by name, its help below, checked
    where ``values`` has it on."""
    options = []
    for name in FORM_RULES.get(ruleset, ()):
        label, helps = ENTRIES[name].label(lang), ENTRIES[name].help(lang)
        options.append(
            discord.CheckboxGroupOption(
                label=clip(label, MAX_OPTION),
                value=name,
                description=None if helps.lower() == label.lower() else clip(helps, MAX_OPTION),
                default=bool(values.get(name)),
            )
        )
    return options


def mask_of(ruleset: str, values: Mapping[str, object]) -> int:
    """Which of the ruleset's form rules are on in ``values``, one bit each in their order."""
    return sum(1 << i for i, name in enumerate(FORM_RULES.get(ruleset, ())) if values.get(name))


def rules_group(
    ruleset: str, values: Mapping[str, object], lang: Language, label: str
) -> discord.ui.Label[Any]:
    """The house rules' checkbox group in its Label (none may be checked)."""
    options = rule_options(ruleset, values, lang)
    group: discord.ui.CheckboxGroup[Any] = discord.ui.CheckboxGroup(
        custom_id="rules", options=options, min_values=0, max_values=len(options), required=False
    )
    return discord.ui.Label(
        text=clip(label, MAX_LABEL),
        description=clip(text("form_rules_help", lang), MAX_DESCRIPTION),
        component=group,
    )


def seconds_input(name: str, value: int, lang: Language) -> discord.ui.Label[Any]:
    """A text input for one of the times, the current value filled in, its bounds in the
    description."""
    spec = TABLE_SETTINGS[name]
    entry = ENTRIES[name]
    return discord.ui.Label(
        text=clip(entry.label(lang), MAX_LABEL),
        description=clip(entry.accepts(lang), MAX_DESCRIPTION),
        component=discord.ui.TextInput(
            custom_id=name,
            default=str(value),
            min_length=1,
            max_length=len(str(spec.maximum)),
            placeholder=clip(entry.help(lang), MAX_PLACEHOLDER),
        ),
    )


def new_table_form(
    ruleset: str,
    values: Mapping[str, object],
    players: int,
    times: Mapping[str, int],
    lang: Language,
) -> discord.ui.Modal:
    """The form of ``/mahjong new``: ``ruleset`` is the channel's (chosen first; its house rules
    ``values`` give the checkboxes), ``players`` its number of players, ``times`` the channel's
    turn and claim seconds."""
    modal = discord.ui.Modal(
        title=clip(text("form_new_title", lang), MAX_TITLE),
        custom_id=f"mj:newf:{ruleset}:{mask_of(ruleset, values)}",
    )
    radio: discord.ui.RadioGroup[Any] = discord.ui.RadioGroup(custom_id="ruleset")
    for rules in RULESETS.values():
        radio.add_option(
            label=clip(rules.title_in(lang), MAX_OPTION),
            value=rules.name,
            description=clip(text("form_ruleset_option", lang, name=rules.name), MAX_OPTION),
            default=rules.name == ruleset,
        )
    modal.add_item(
        discord.ui.Label(
            text=clip(text("form_ruleset", lang), MAX_LABEL),
            description=clip(text("form_ruleset_help", lang), MAX_DESCRIPTION),
            component=radio,
        )
    )
    three = ", ".join(r.name for r in RULESETS.values() if 3 in r.seat_counts)
    seats: discord.ui.RadioGroup[Any] = discord.ui.RadioGroup(custom_id="seats")
    for value in SEATS:
        count, computers = (int(n) for n in value.split(":"))
        seats.add_option(
            label=clip(text("form_seats_option", lang, players=count, computers=computers), MAX_OPTION),
            value=value,
            description=None
            if count == 4
            else clip(text("form_seats_three", lang, rulesets=three), MAX_OPTION),
            default=value == f"{players}:0",
        )
    modal.add_item(
        discord.ui.Label(
            text=clip(text("form_seats", lang), MAX_LABEL),
            description=clip(text("form_seats_help", lang), MAX_DESCRIPTION),
            component=seats,
        )
    )
    if FORM_RULES.get(ruleset):
        modal.add_item(rules_group(ruleset, values, lang, text("form_rules", lang, ruleset=ruleset)))
    for name in TIMES:
        modal.add_item(seconds_input(name, times[name], lang))
    return modal


def settings_form(ruleset: str, values: Mapping[str, object], lang: Language) -> discord.ui.Modal:
    """The form of ``/settings form``: the server's ruleset's yes-or-no house rules as checkboxes
    and its main values as text inputs, each with its help, the server's values filled in."""
    modal = discord.ui.Modal(
        title=clip(text("form_settings_title", lang, ruleset=ruleset), MAX_TITLE),
        custom_id=f"mj:setf:{ruleset}",
    )
    if FORM_RULES.get(ruleset):
        modal.add_item(rules_group(ruleset, values, lang, text("form_settings_rules", lang)))
    for name in FORM_VALUES.get(ruleset, ()):
        entry = ENTRIES[name]
        modal.add_item(
            discord.ui.Label(
                text=clip(entry.label(lang), MAX_LABEL),
                description=clip(entry.help(lang), MAX_DESCRIPTION),
                component=discord.ui.TextInput(
                    custom_id=f"v:{name}",
                    default=as_typed(name, values.get(name)),
                    required=False,
                    max_length=100,
                    placeholder=clip(entry.accepts(lang), MAX_PLACEHOLDER),
                ),
            )
        )
    return modal


def as_typed(name: str, value: object) -> str:
    """A value as one types it in the form (``none`` for no limit, ``rounds:4``, ``500``).

    >>> as_typed("limit", None), as_typed("limit", 500), as_typed("game_length", "rounds:4")
    ('none', '500', 'rounds:4')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ---------------------------------------------------------------------- reading a submit


@dataclass(frozen=True, slots=True)
class Submitted:
    """A submitted form's values by custom_id, as Discord sends them: a text input's text, a radio
    group's value (None: nothing chosen), a checkbox group's values, a checkbox's state."""

    texts: dict[str, str]
    radios: dict[str, str | None]
    groups: dict[str, list[str]]
    checks: dict[str, bool]


def submitted(components: Sequence[Any]) -> Submitted:
    """Read a modal submit's ``data.components`` (labels and action rows walked through).

    >>> s = submitted([{"type": 18, "component": {"type": 21, "custom_id": "ruleset", "value": "dmjl"}},
    ...                {"type": 18, "component": {"type": 22, "custom_id": "rules", "values": ["dora"]}}])
    >>> s.radios, s.groups
    ({'ruleset': 'dmjl'}, {'rules': ['dora']})
    """
    out = Submitted({}, {}, {}, {})

    def walk(nodes: Sequence[Any]) -> Iterator[Mapping[str, Any]]:
        for node in nodes:
            if not isinstance(node, Mapping):
                continue
            yield node
            yield from walk(node.get("components") or [])
            inner = node.get("component")
            if isinstance(inner, Mapping):
                yield from walk([inner])

    for node in walk(components):
        custom_id = node.get("custom_id")
        if not isinstance(custom_id, str):
            continue
        kind = node.get("type")
        if kind == discord.ComponentType.text_input.value:
            out.texts[custom_id] = str(node.get("value") or "")
        elif kind == discord.ComponentType.radio_group.value:
            value = node.get("value")
            out.radios[custom_id] = None if value is None else str(value)
        elif kind == discord.ComponentType.checkbox_group.value:
            out.groups[custom_id] = [str(v) for v in node.get("values") or []]
        elif kind == discord.ComponentType.checkbox.value:
            out.checks[custom_id] = bool(node.get("value"))
    return out


class FormError(Exception):
    """A form's value that cannot be taken: the catalogue key of the refusal and its values."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True, slots=True)
class NewTable:
    """What the new-table form asks for, checked: the ruleset, players and computers, the house
    rules the form changed (by name), the times."""

    ruleset: str
    players: int
    computers: int
    changed: dict[str, bool]
    times: dict[str, int]


def read_new_table(custom_id: str, values: Submitted, lang: Language) -> NewTable:
    """The new-table form's submit, checked.

    :raises FormError: a value the form cannot take (what was wrong, what is accepted).
    """
    found = NEW_FORM.fullmatch(custom_id)
    if found is None:
        raise FormError("component_broken")
    shown, mask = found[1], int(found[2])
    ruleset = values.radios.get("ruleset") or ""
    if ruleset not in RULESETS:
        raise FormError("form_bad_ruleset", choices=", ".join(RULESETS))
    seats = values.radios.get("seats") or ""
    if seats not in SEATS:
        raise FormError("form_bad_seats")
    players, computers = (int(n) for n in seats.split(":"))
    rules = get_ruleset(ruleset)
    if players not in rules.seat_counts:
        allowed = ", ".join(r.name for r in RULESETS.values() if players in r.seat_counts)
        raise FormError(
            "form_players_not_allowed", ruleset=rules.title_in(lang), players=players, rulesets=allowed
        )
    checked = set(values.groups.get("rules", []))
    offered = FORM_RULES.get(shown, ())
    if not checked <= set(offered):
        raise FormError("component_broken")
    changed: dict[str, bool] = {}
    lacking: list[str] = []
    for i, name in enumerate(offered):
        now, before = name in checked, bool(mask >> i & 1)
        if now == before:
            continue  # left as it was shown: the ruleset's own (or the channel's) value stays
        if name in rules.setting_names:
            changed[name] = now
        else:
            lacking.append(ENTRIES[name].label(lang))
    if lacking:
        raise FormError("form_rule_lacking", ruleset=rules.title_in(lang), rules=", ".join(lacking))
    times: dict[str, int] = {}
    for name in TIMES:
        typed_value = values.texts.get(name, "").strip()
        number = parse_whole_number(typed_value)
        spec = TABLE_SETTINGS[name]
        low, high = spec.minimum, spec.maximum
        assert low is not None and high is not None
        if number is None or not low <= number <= high:
            raise FormError(
                "form_bad_seconds",
                what=ENTRIES[name].label(lang),
                value=typed_value[:20],
                accepts=ENTRIES[name].accepts(lang),
            )
        times[name] = number
    return NewTable(ruleset, players, computers, changed, times)
