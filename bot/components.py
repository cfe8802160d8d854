"""Buttons and selects that survive restarts: each is a ``discord.ui.DynamicItem`` whose
custom_id names the table (its channel), the state version where it matters, and the
action. The callbacks hand the click to :mod:`bot.cogs.table`, whose ``setup`` registers
them (:data:`DYNAMIC_ITEMS`).

==================================  ==========================================
``mj:lobby:<channel>:<op>``         lobby: join, leave, add (a computer), start
``mj:hand:<channel>``               **My hand** on the table message
``mj:back:<channel>``               **I'm back**
``mj:next:<channel>:<hand>``        **Next hand** after hand ``<hand>``
``mj:act:<channel>:<version>:<a>``  a move on a private card (``discard-5p``, ``pong``,
                                    ``chow-3p``, ``concealed-kong-5p``, ``pass``, ``hint``;
                                    a Gulasch exchange: ``give-19m5p``, ``swap-9m``,
                                    ``continue``, ``start``)
``mj:discard:<channel>:<version>``  the discard select (option values are tile codes)
``mj:pick:<channel>:<version>:<k>`` the Gulasch exchange's select of tiles to ``give`` or
                                    ``swap`` (option values ``5p#2``: the second 5p held)
==================================  ==========================================

Every number in a custom_id is matched as 1 to 20 digits (:data:`NUMBER`: a Discord id has at
most 20), so reading it never fails; a custom_id that fits no template (a forged one: a negative
or 5,000-digit number, garbage) is answered by ``MahjongBot.on_interaction`` with
``component_broken``. A number that fits but names no table, or no current turn, is refused
like any stale click.

Every custom_id naming a tile sits on a private (ephemeral) card, whose reader holds the tile:
public messages carry none. A pick in the exchange select does not apply anything: the card
comes back with the choice and a confirm button whose action code names the tiles.

>>> action_code(Action(POSITIONS[0], "chow", Tile.parse("3p"))), parse_action_code("discard-5p")
('chow-3p', <Action seat 0: discard 5p>)
>>> action_code(Action.parse("W give 19m5p")), parse_action_code("swap-9m")
('give-19m5p', <Action seat 0: swap 9m>)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from engine.actions import MULTI_TILE_KINDS, TILE_KINDS, Action
from engine.errors import MahjongError
from engine.seats import POSITIONS
from engine.tiles import Tile, parse_tiles, tiles_str

if TYPE_CHECKING:
    from bot.app import MahjongBot
    from bot.cogs.table import TableCog


NUMBER = r"\d{1,20}"
"""How a custom_id's number is matched: at most 20 digits (any Discord id fits, and ``int()``
reads it; Python refuses to read a str of more than 4,300 digits)."""


def action_code(action: Action) -> str:
    """The custom_id part of an action: its kind, and its tile (or tiles) where it names any."""
    if action.tiles:
        return f"{action.kind}-{tiles_str(action.tiles)}"
    return action.kind if action.tile is None else f"{action.kind}-{action.tile}"


def parse_action_code(code: str) -> Action | None:
    """The action a custom_id part names (seated at position 0: the table fills in the clicker's),
    or None."""
    kind, sep, tile = code.rpartition("-")
    try:
        if sep and kind in MULTI_TILE_KINDS:
            return Action(POSITIONS[0], kind, tiles=tuple(parse_tiles(tile)))
        if sep and kind in TILE_KINDS:
            return Action(POSITIONS[0], kind, Tile.parse(tile))
        return Action(POSITIONS[0], code)
    except MahjongError:
        return None


def tile_options(tiles: tuple[Tile, ...] | list[Tile]) -> list[tuple[str, Tile]]:
    """One (option value, tile) per tile held, for a select of several tiles: the second copy
    of a kind is ``5p#2``, so each physical tile is one option and no two values are equal.

    >>> [value for value, _ in tile_options([Tile.parse(t) for t in ("5p", "5p", "7z")])]
    ['5p#1', '5p#2', '7z#1']
    """
    seen: dict[Tile, int] = {}
    out = []
    for tile in tiles:
        seen[tile] = seen.get(tile, 0) + 1
        out.append((f"{tile}#{seen[tile]}", tile))
    return out


def picked_tiles(values: list[str]) -> tuple[Tile, ...] | None:
    """The tiles a select's chosen ``tile_options`` values name, or None for a value that is
    not one (a forged or broken interaction).

    >>> picked_tiles(["5p#1", "5p#2", "7z#1"]), picked_tiles(["5p#1", "5p#1"]), picked_tiles(["x"])
    ((Tile.parse('5p'), Tile.parse('5p'), Tile.parse('7z')), None, None)
    """
    if len(set(values)) != len(values):
        return None
    tiles = []
    for value in values:
        code, sep, number = value.partition("#")
        if not sep or not number.isdigit():
            return None
        try:
            tiles.append(Tile.parse(code))
        except MahjongError:
            return None
    return tuple(tiles)


def _table_cog(interaction: discord.Interaction[Any]) -> TableCog:
    """The table cog, whose handlers every component of this module calls (typed: the bot that
    registered these components is a ``MahjongBot``, ``bot/cogs/table.py`` ``setup``)."""
    bot: MahjongBot = interaction.client
    return bot.table_cog


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mj:lobby:(?P<channel>{NUMBER}):(?P<op>\w+)"
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
        await _table_cog(interaction).on_lobby(interaction, self.channel, self.op)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:(?P<op>hand|back|next):(?P<channel>{NUMBER})(?::(?P<n>{NUMBER}))?",
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
        await _table_cog(interaction).on_table_button(interaction, self.op, self.channel, self.n)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:act:(?P<channel>{NUMBER}):(?P<version>{NUMBER}):(?P<code>[a-z0-9-]{{1,40}})",
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
        await _table_cog(interaction).on_move(interaction, self.channel, self.version, self.code)


def persistent_select(
    custom_id: str,
    options: Sequence[discord.SelectOption],
    placeholder: str = "",
    *,
    least: int = 1,
    most: int = 1,
) -> discord.ui.Select[Any]:
    """The select inside a persistent :class:`discord.ui.DynamicItem`: ``least`` to ``most`` of
    ``options`` (one by default). An item rebuilt from its custom_id alone (``from_custom_id``,
    to answer a click) has no options, and discord.py's select needs one: a stand-in never
    shown takes their place.

    >>> persistent_select("mj:x:1", [], "Pick").options[0].value
    '-'
    """
    return discord.ui.Select(
        custom_id=custom_id,
        options=list(options) or [discord.SelectOption(label="-", value="-")],
        placeholder=placeholder or None,
        min_values=least,
        max_values=most,
    )


def chosen_values(interaction: discord.Interaction[Any]) -> list[str]:
    """The values chosen in the select an interaction comes from, as text (none: ``[]``)."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]


class DiscardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mj:discard:(?P<channel>{NUMBER}):(?P<version>{NUMBER})",
):
    """The discard select of a private card: one option per distinct tile, valued by its code."""

    def __init__(
        self, channel: int, version: int, options: list[discord.SelectOption], placeholder: str
    ) -> None:
        self.channel, self.version = channel, version
        super().__init__(persistent_select(f"mj:discard:{channel}:{version}", options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DiscardSelect:
        return cls(int(match["channel"]), int(match["version"]), [], "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = chosen_values(interaction)
        code = f"discard-{values[0]}" if values else "discard-"
        await _table_cog(interaction).on_move(interaction, self.channel, self.version, code)


class ExchangeSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mj:pick:(?P<channel>{NUMBER}):(?P<version>{NUMBER}):(?P<kind>give|swap)",
):
    """The Gulasch exchange's select of a private card: the tiles to give East's partner (or
    East) or to swap with the wall, one option per tile held (:func:`tile_options`). A pick
    only shows the choice with a confirm button; the custom_id names no tile."""

    def __init__(
        self,
        channel: int,
        version: int,
        kind: str,
        options: list[discord.SelectOption],
        placeholder: str,
        *,
        least: int = 1,
        most: int = 1,
    ) -> None:
        self.channel, self.version, self.kind = channel, version, kind
        super().__init__(
            persistent_select(
                f"mj:pick:{channel}:{version}:{kind}", options, placeholder, least=least, most=most
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ExchangeSelect:
        return cls(int(match["channel"]), int(match["version"]), match["kind"], [], "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = chosen_values(interaction)
        await _table_cog(interaction).on_exchange_pick(
            interaction, self.channel, self.version, self.kind, values
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TableButton,
    MoveButton,
    DiscardSelect,
    ExchangeSelect,
)
"""Registered by the table cog's ``setup``, so buttons of messages sent before a restart keep
working."""
