"""Who may do what: the one place the bot's permission checks live, used by every cog
(``/settings``, ``/chips``, ``/mahjong``).

* an admin (:func:`is_admin`) has Manage Server, or the club's admin role (``/settings
  admin_role``): they change settings, adjust chips, open and close seasons, export the ledger,
  abandon a broken game, and may always open or stop a table;
* ``/settings who_opens`` names the role that may open a table (:func:`may_open`), ``who_stops``
  the role that may stop one (:func:`may_stop`; the table's owner may too, and its seated
  players by a vote, which the table counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.app import MahjongBot


def has_role(user: discord.abc.User, role_id: int) -> bool:
    """Whether ``user`` (a member) has the role ``role_id``."""
    return isinstance(user, discord.Member) and any(r.id == role_id for r in user.roles)


async def is_admin(bot: MahjongBot, interaction: discord.Interaction[Any]) -> bool:
    """Manage Server, or the club's admin role."""
    user = interaction.user
    if interaction.permissions.manage_guild:
        return True
    if isinstance(user, discord.Member):
        if user.guild_permissions.manage_guild:
            return True
        role = (await bot.storage.club_options(interaction.guild_id or 0)).admin_role_id
        return role is not None and has_role(user, role)
    return False


async def may_open(bot: MahjongBot, interaction: discord.Interaction[Any], opener_role: int | None) -> bool:
    """Whether the user may open a table where ``who_opens`` is ``opener_role`` (None or 0:
    everyone): a member with that role, or an admin."""
    return not opener_role or has_role(interaction.user, opener_role) or await is_admin(bot, interaction)


async def may_stop(
    bot: MahjongBot, interaction: discord.Interaction[Any], owner_id: int, stopper_role: int | None
) -> bool:
    """Whether the user may stop a table at once (without a vote) where ``who_stops`` is
    ``stopper_role`` (None or 0: no role): its owner, a member with that role, or an admin."""
    return (
        interaction.user.id == owner_id
        or bool(stopper_role and has_role(interaction.user, stopper_role))
        or await is_admin(bot, interaction)
    )
