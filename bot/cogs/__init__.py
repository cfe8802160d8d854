"""One extension per feature (``table``, ``chips``, ``stats``, ``settings``, ``scoring``,
``builder``, ``rating``, ``replay``, ``record``), and the slash-command choices several share."""

from __future__ import annotations

from typing import Final

from discord import app_commands

from engine.rulesets import RULESETS

RULESET_CHOICES: Final = [app_commands.Choice(name=r.title, value=r.name) for r in RULESETS.values()]
"""A command's ``ruleset`` option: every registered ruleset, by its title."""

WIND_CHOICES: Final = [app_commands.Choice(name=n, value=n[0]) for n in ("East", "South", "West", "North")]
"""A command's wind option (a seat or the prevailing wind), valued by its letter."""
