"""Every ruleset a table can play: one :class:`Ruleset` each, in one registry.

A ruleset lives in a module of its own here (its scoring table, its item
names, its payments and its defaults); :data:`RULESETS` finds it by name.

>>> get_ruleset("huabao").settings().mj_bonus
10
>>> get_ruleset("huabao").settings({"mj_bonus": "20"}).mj_bonus
20
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.errors import SettingError, quote
from engine.rulesets import dmjl, huabao, jiangxi, rumisberg, wikibooks
from engine.rulesets.ruleset import TABLE_SETTINGS, Ruleset
from engine.scoring.tables import Table
from engine.settings import Settings

DMJL: Final = dmjl.RULESET
HUABAO: Final = huabao.RULESET
JIANGXI: Final = jiangxi.RULESET
WIKIBOOKS: Final = wikibooks.RULESET
RUMISBERG: Final = rumisberg.RULESET

RULESETS: Final[dict[str, Ruleset]] = {r.name: r for r in (DMJL, HUABAO, JIANGXI, WIKIBOOKS, RUMISBERG)}
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
    if isinstance(settings, Settings):
        return rs, settings  # checked against the ruleset when its table is built (table_for)
    return rs, rs.settings(settings)


def table_for(ruleset: str, settings: Settings) -> Table:
    """The (cached) scoring table of the registered ruleset called ``ruleset`` under
    ``settings`` (:meth:`Ruleset.table_for`, for callers that hold only a name).

    :raises SettingError: for an unknown ruleset, or settings it cannot be played with.
    """
    return get_ruleset(ruleset).table_for(settings)


__all__ = ["RULESETS", "TABLE_SETTINGS", "Ruleset", "get_ruleset", "resolve", "table_for"]
