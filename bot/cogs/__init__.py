"""One extension per feature (``table``, ``chips``, ``stats``, ``settings``, ``scoring``,
``builder``, ``rating``, ``replay``, ``record``), and the slash-command choices several share."""

from __future__ import annotations

from typing import Any, Final

from discord import app_commands

from engine.rulesets import RULESETS

RULESET_CHOICES: Final = [app_commands.Choice(name=r.title, value=r.name) for r in RULESETS.values()]
"""A command's ``ruleset`` option: every registered ruleset, by its title."""

WIND_CHOICES: Final = [app_commands.Choice(name=n, value=n[0]) for n in ("East", "South", "West", "North")]
"""A command's wind option (a seat or the prevailing wind), valued by its letter."""


def server_only() -> dict[str, Any]:
    """The registration of a command group used in servers alone (``/mahjong``, ``/chips``,
    ``/settings``, ``/record``, ``/rating``, ``/stats``): installed with the bot in a server (guild
    install) and used in its channels (guild context), never in a DM, a group chat or as a
    command a member installed for themselves. Fresh objects each call (discord.py's decorators
    change them in place)."""
    return {
        "guild_only": True,
        "allowed_contexts": app_commands.AppCommandContext(guild=True),
        "allowed_installs": app_commands.AppInstallationType(guild=True),
    }


def anywhere() -> dict[str, Any]:
    """The registration of a command usable everywhere (``/score``, **Score this hand**):
    installed with the bot in a server or by a member for themselves (user install), and used in
    a server, in the bot's DM and in other DMs and group chats (private channels)."""
    return {
        "allowed_contexts": app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
        "allowed_installs": app_commands.AppInstallationType(guild=True, user=True),
    }
