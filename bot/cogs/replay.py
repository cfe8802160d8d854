"""A finished hand's replay on an ephemeral card (issue 29 §3): the table at one step with every
hand face up, what happened in words, and the buttons and the menu that move through the hand.

How a click flows: the history card's select (``mj:replay-pick:<game>``, put there by
``/mahjong history``; its option values are hand numbers) opens a new ephemeral card at step 0.
A step button (``mj:replay:<game>:<hand>:<step>``) or the jump menu
(``mj:replay-jump:<game>:<hand>``, option values are steps) edits that card in place. Each click
reads the game from storage again (:func:`bot.replay.load_hand`: refusals), replays the hand with
the engine (:class:`bot.replay.HandCache`, off the event loop) and draws the step
(:func:`bot.replay.card`). All the state is in the custom_id, so the card works after a restart;
the game is finished, so nothing in it is hidden. A button that would stay put is disabled and
carries its slot (``mj:replay:<game>:<hand>:<step>:<slot>``) so custom_ids stay unique.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import discord
from discord.ext import commands

from bot.components import NUMBER, chosen_values, persistent_select
from bot.i18n import Language, language, text
from bot.replay import Card, HandCache, ReplayRefused, card, load_hand

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

NONE: Final = discord.AllowedMentions.none()


def _bot(interaction: discord.Interaction[Any]) -> MahjongBot:
    bot: MahjongBot = interaction.client  # the bot that registered the replay components (setup)
    return bot


def card_view(shown: Card, lang: Language) -> discord.ui.View:
    """The card's components: first, previous, next, last in one row, the jump menu under them."""
    view = discord.ui.View(timeout=None)
    for slot, (label, target) in enumerate(shown.buttons):
        view.add_item(StepButton(shown.game_id, shown.hand_no, shown.step, target, label, slot))
    options = [
        discord.SelectOption(label=label, value=str(step), default=step == shown.step)
        for step, label in shown.options
    ]
    view.add_item(JumpSelect(shown.game_id, shown.hand_no, options, text("replay_jump", lang)))
    return view


def pick_select(game_id: int, hands: Sequence[int], lang: Language) -> ReplayPick:
    """The select a game's card (``/mahjong history``) offers to replay one of its finished hands
    ``hands`` (the last 25 if there are more: a select holds 25 options)."""
    options = [
        discord.SelectOption(label=text("replay_pick_option", lang, hand=n), value=str(n))
        for n in hands[-25:]
    ]
    return ReplayPick(game_id, options, text("replay_pick", lang, game=game_id))


async def _card(interaction: discord.Interaction[Any], game_id: int, hand_no: int, step: int) -> Card:
    """The card of hand ``hand_no`` of game ``game_id`` at ``step`` in the clicker's language.

    :raises ReplayRefused: for what cannot be replayed (see :func:`bot.replay.load_hand`)."""
    lang = language(interaction.locale)
    if interaction.guild_id is None:
        raise ReplayRefused("replay_guild_only")
    bot = _bot(interaction)
    stored = await load_hand(bot.storage, interaction.guild_id, game_id, hand_no)
    cache = _cache(bot)
    hand = await asyncio.to_thread(cache.get, stored)
    return await asyncio.to_thread(card, hand, game_id, step, lang)


def _cache(bot: MahjongBot) -> HandCache:
    """The replay cog's cache of replayed hands (a fresh one if the cog is not loaded)."""
    cog = bot.get_cog(ReplayCog.__cog_name__)
    return cog.cache if isinstance(cog, ReplayCog) else HandCache()


async def show(
    interaction: discord.Interaction[Any], game_id: int, hand_no: int, step: int, *, new: bool
) -> None:
    """Answer ``interaction`` with the card at ``step``: a new ephemeral card (``new``) or the
    clicked card edited in place; a refusal is an ephemeral message saying why."""
    lang = language(interaction.locale)
    if new:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()
    try:
        shown = await _card(interaction, game_id, hand_no, step)
    except ReplayRefused as refused:
        await interaction.followup.send(refused.say(lang), ephemeral=True, allowed_mentions=NONE)
        return
    files = [discord.File(io.BytesIO(shown.png), filename="replay.png", description=shown.description)]
    if shown.sheet is not None:  # the end: the score sheet as the table saw it
        png, alt = shown.sheet
        files.append(discord.File(io.BytesIO(png), filename="sheet.png", description=alt))
    if new:
        await interaction.followup.send(
            shown.content, files=files, view=card_view(shown, lang), ephemeral=True, allowed_mentions=NONE
        )
    else:
        await interaction.edit_original_response(
            content=shown.content, attachments=files, view=card_view(shown, lang), allowed_mentions=NONE
        )


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:replay:(?P<game>{NUMBER}):(?P<hand>{NUMBER}):(?P<step>{NUMBER})(?::(?P<slot>[0-3]))?",
):
    """First, previous, next or last on a replay card: goes to ``target`` (None: disabled, at
    ``step`` with its ``slot`` so the custom_id is unique)."""

    def __init__(
        self, game_id: int, hand_no: int, step: int, target: int | None, label: str, slot: int
    ) -> None:
        self.game_id, self.hand_no = game_id, hand_no
        self.target = step if target is None else target
        custom_id = f"mj:replay:{game_id}:{hand_no}:{self.target}" + (
            "" if target is not None else f":{slot}"
        )
        super().__init__(
            discord.ui.Button(
                label=label or "-",
                style=discord.ButtonStyle.primary if slot == 2 else discord.ButtonStyle.secondary,
                custom_id=custom_id,
                disabled=target is None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepButton:
        return cls(int(match["game"]), int(match["hand"]), int(match["step"]), int(match["step"]), "", 0)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await show(interaction, self.game_id, self.hand_no, self.target, new=False)


class JumpSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mj:replay-jump:(?P<game>{NUMBER}):(?P<hand>{NUMBER})",
):
    """The replay card's menu of moves (option values are steps): jumps to the chosen one."""

    def __init__(
        self, game_id: int, hand_no: int, options: list[discord.SelectOption], placeholder: str
    ) -> None:
        self.game_id, self.hand_no = game_id, hand_no
        super().__init__(persistent_select(f"mj:replay-jump:{game_id}:{hand_no}", options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JumpSelect:
        return cls(int(match["game"]), int(match["hand"]), [], "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        step = _chosen(interaction)
        if step is None:
            await interaction.response.send_message(
                text("component_broken", language(interaction.locale)), ephemeral=True
            )
            return
        await show(interaction, self.game_id, self.hand_no, step, new=False)


class ReplayPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mj:replay-pick:(?P<game>{NUMBER})",
):
    """The select of a game's finished hands (on the ``/mahjong history`` card; option values are
    hand numbers): opens a new ephemeral replay card of the chosen hand at step 0."""

    def __init__(self, game_id: int, options: list[discord.SelectOption], placeholder: str) -> None:
        self.game_id = game_id
        super().__init__(persistent_select(f"mj:replay-pick:{game_id}", options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayPick:
        return cls(int(match["game"]), [], "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        hand_no = _chosen(interaction)
        if hand_no is None:
            await interaction.response.send_message(
                text("component_broken", language(interaction.locale)), ephemeral=True
            )
            return
        await show(interaction, self.game_id, hand_no, 0, new=True)


def _chosen(interaction: discord.Interaction[Any]) -> int | None:
    """The one number a select's option value holds (None: none, or not a number of at most 20 digits)."""
    values = chosen_values(interaction)
    if len(values) != 1 or not re.fullmatch(NUMBER, values[0]):
        return None
    return int(values[0])


REPLAY_ITEMS: Final[tuple[type[discord.ui.DynamicItem[Any]], ...]] = (StepButton, JumpSelect, ReplayPick)


class ReplayCog(commands.Cog):
    """The replay card (no slash command of its own: the history card's select opens it)."""

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        self.cache = HandCache()
        """The last hands replayed (a click on the same card does not replay the hand again)."""


async def setup(bot: MahjongBot) -> None:
    """Load the cog and register the replay card's components (discord.py extension entry point)."""
    await bot.add_cog(ReplayCog(bot))
    bot.add_dynamic_items(*REPLAY_ITEMS)


async def teardown(bot: MahjongBot) -> None:
    """Unload: the replay card's components are no longer taken (discord.py extension exit point)."""
    bot.remove_dynamic_items(*REPLAY_ITEMS)
