"""The rulesets a table can play, each a name, a title and its default settings.

>>> get_ruleset("huabao").settings().mj_bonus
10
>>> get_ruleset("huabao").settings({"mj_bonus": "20"}).mj_bonus
20
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from engine.errors import SettingError, quote
from engine.settings import Settings
from engine.tiles import Lang


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named ruleset: its title, source and the settings it starts from."""

    name: str
    title: str
    source: str
    defaults: Settings = field(default_factory=Settings)
    title_de: str = ""
    """The title in German (after its source's own heading)."""

    def title_in(self, lang: Lang = "en") -> str:
        """The title in ``lang`` (English when there is no German one)."""
        return self.title_de if lang == "de" and self.title_de else self.title

    def settings(self, overrides: Mapping[str, object] | None = None) -> Settings:
        """This ruleset's defaults with a club's ``overrides`` applied and checked.

        :raises SettingError: for an unknown setting or a value it does not take.
        """
        if not overrides:
            return self.defaults
        return self.defaults.with_values(overrides)


DMJL: Final = Ruleset(
    name="dmjl",
    title="DMJL classical Chinese (German league)",
    source="Wertungstabelle der DMJL; game flow from Hua Bao",
    defaults=Settings(),
    title_de="Klassische chinesische Mah-Jongg-Regeln (DMJL)",
)

HUABAO: Final = Ruleset(
    name="huabao",
    title="Hua Bao / Babcock classical rules",
    source="German Wikipedia 'Mah-Jongg' §3",
    defaults=Settings(
        mj_bonus=10,
        winning_tile_points=False,
        rob_kong_bonus=10,
        concealed_hand_doubles=0,
        flower_double_model="per_category",
        earthly_value="half_limit_or_better",
        loser_max_pairs=1,
        original_call=False,
        nine_times_rule=False,
        bonus_tiles=False,
    ),
    title_de="Hua-Bao-Regeln (nach Babcock)",
)

RULESETS: Final[dict[str, Ruleset]] = {r.name: r for r in (DMJL, HUABAO)}
"""Every ruleset by name."""


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``.

    :raises SettingError: naming the rulesets there are.
    """
    ruleset = RULESETS.get(name.strip().lower())
    if ruleset is None:
        raise SettingError(f"there is no ruleset {quote(name)}; rulesets are: {', '.join(RULESETS)}")
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
    return rs, settings if isinstance(settings, Settings) else rs.settings(settings)
