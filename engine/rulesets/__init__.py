"""Every ruleset a table can play: one :class:`Ruleset` each, in one registry.

A ruleset lives in a module of its own here (its scoring table, its item
names, its payments and its defaults); :data:`RULESETS` finds it by name.

>>> get_ruleset("huabao").settings().mj_bonus
10
>>> get_ruleset("huabao").settings({"mj_bonus": "20"}).mj_bonus
20
"""

from __future__ import annotations

from typing import Final

from engine.rulesets import dmjl, huabao, jiangxi, rumisberg, wikibooks
from engine.rulesets.ruleset import REGISTRY, TABLE_SETTINGS, Ruleset, get_ruleset, resolve
from engine.scoring.tables import Table
from engine.settings import Settings

DMJL: Final = dmjl.RULESET
HUABAO: Final = huabao.RULESET
JIANGXI: Final = jiangxi.RULESET
WIKIBOOKS: Final = wikibooks.RULESET
RUMISBERG: Final = rumisberg.RULESET

RULESETS: Final[dict[str, Ruleset]] = REGISTRY
"""Every ruleset by name (the registry :func:`resolve` reads)."""
REGISTRY.update({r.name: r for r in (DMJL, HUABAO, JIANGXI, WIKIBOOKS, RUMISBERG)})


def table_for(ruleset: str, settings: Settings) -> Table:
    """The (cached) scoring table of the registered ruleset called ``ruleset`` under
    ``settings`` (:meth:`Ruleset.table_for`, for callers that hold only a name).

    :raises SettingError: for an unknown ruleset, or settings it cannot be played with.
    """
    return get_ruleset(ruleset).table_for(settings)


__all__ = ["RULESETS", "TABLE_SETTINGS", "Ruleset", "get_ruleset", "resolve", "table_for"]
