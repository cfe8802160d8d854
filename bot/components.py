"""Buttons and selects that survive restarts: each is a ``discord.ui.DynamicItem`` whose
custom_id names the table (its channel), the state version where it matters, and the
action. The callbacks hand the click to :mod:`bot.cogs.table`.

==================================  ==========================================
``mj:lobby:<channel>:<op>``         lobby: join, leave, add (a computer), start
``mj:hand:<channel>``               **My hand** on the table message
``mj:back:<channel>``               **I'm back**
``mj:next:<channel>:<hand>``        **Next hand** after hand ``<hand>``
``mj:act:<channel>:<version>:<a>``  a move on a private card (``discard-5p``, ``pong``,
                                    ``chow-3p``, ``concealed-kong-5p``, ``pass``, ``hint``)
``mj:discard:<channel>:<version>``  the discard select (option values are tile codes)
==================================  ==========================================

>>> action_code(Action(0, "chow", Tile.parse("3p"))), parse_action_code("discard-5p")
('chow-3p', Action.parse('E discard 5p'))
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from engine.actions import TILE_KINDS, Action
from engine.errors import MahjongError
from engine.tiles import Tile

if TYPE_CHECKING:
    from bot.app import MahjongBot


def action_code(action: Action) -> str:
    """The custom_id part of an action: its kind, and its tile where it names one."""
    return action.kind if action.tile is None else f"{action.kind}-{action.tile}"


def parse_action_code(code: str) -> Action | None:
    """The action a custom_id part names (seat 0: the table fills in the clicker's), or None."""
    kind, sep, tile = code.rpartition("-")
    try:
        if sep and kind in TILE_KINDS:
            return Action(0, kind, Tile.parse(tile))
        return Action(0, code)
    except MahjongError:
        return None


def _bot(interaction: discord.Interaction[Any]) -> MahjongBot:
    from bot.app import MahjongBot

    client = interaction.client
    assert isinstance(client, MahjongBot)
    return client


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mj:lobby:(?P<channel>\d+):(?P<op>\w+)"
):
    """Join, Leave, Add computer, Start."""

    def __init__(self, channel: int, op: str, label: str, style: discord.ButtonStyle) -> None:
        self.channel, self.op = channel, op
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"mj:lobby:{channel}:{op}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["channel"]), match["op"], "", discord.ButtonStyle.secondary)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).table_cog.on_lobby(interaction, self.channel, self.op)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<op>hand|back|next):(?P<channel>\d+)(?::(?P<n>\d+))?",
):
    """My hand, I'm back, Next hand."""

    def __init__(self, op: str, channel: int, n: int | None, label: str, style: discord.ButtonStyle) -> None:
        self.op, self.channel, self.n = op, channel, n
        suffix = "" if n is None else f":{n}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"mj:{op}:{channel}{suffix}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        n = match["n"]
        return cls(
            match["op"],
            int(match["channel"]),
            None if n is None else int(n),
            "",
            discord.ButtonStyle.secondary,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).table_cog.on_table_button(interaction, self.op, self.channel, self.n)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:act:(?P<channel>\d+):(?P<version>\d+):(?P<code>[a-z0-9-]+)",
):
    """One legal move (or Hint) on a private card."""

    def __init__(self, channel: int, version: int, code: str, label: str, style: discord.ButtonStyle) -> None:
        self.channel, self.version, self.code = channel, version, code
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"mj:act:{channel}:{version}:{code}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        return cls(
            int(match["channel"]), int(match["version"]), match["code"], "", discord.ButtonStyle.secondary
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).table_cog.on_move(interaction, self.channel, self.version, self.code)


class DiscardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"mj:discard:(?P<channel>\d+):(?P<version>\d+)"
):
    """The discard select of a private card: one option per distinct tile, valued by its code."""

    def __init__(
        self, channel: int, version: int, options: list[discord.SelectOption], placeholder: str
    ) -> None:
        self.channel, self.version = channel, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"mj:discard:{channel}:{version}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DiscardSelect:
        return cls(int(match["channel"]), int(match["version"]), [], "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        code = f"discard-{values[0]}" if values else "discard-"
        await _bot(interaction).table_cog.on_move(interaction, self.channel, self.version, code)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TableButton,
    MoveButton,
    DiscardSelect,
)
"""Registered in ``setup_hook``, so buttons of messages sent before a restart keep working."""
