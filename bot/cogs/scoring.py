"""``/score``: a hand's breakdown with every rule code and the arranged hand as an image,
ephemeral, with a **Post in channel** button (the answer and the button:
:mod:`bot.score_answer`).

``/score`` without a hand opens the hand builder (:mod:`bot.cogs.builder`). This extension's
``setup`` registers the persistent components of both: **Post in channel** and the builder card.

``/score`` and the message command **Score this hand** (a hand written in a chat message,
:mod:`bot.message_hand`) are usable everywhere (:func:`bot.cogs.anywhere`): installed with the
bot in a server or by a member for themselves, in a server, the bot's DM and other DMs and group
chats. Both keep no state (the builder's lives in its custom_ids), and outside a server with the
bot they read nothing from storage: the rules are the options' or dmjl's defaults, and the answer
says so. **Post in channel** answers the click itself (a public interaction response), never
sends to the channel as the bot, so it works where the bot is no member (a group chat, a server
without the bot); Discord makes that answer ephemeral where a server forbids external apps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import RULESET_CHOICES, WIND_CHOICES, anywhere
from bot.cogs.builder import BUILDER_ITEMS, open_builder
from bot.i18n import engine_error, language, text
from bot.message_hand import MIN_TILES, find_hand
from bot.score_answer import EXAMPLE, PostButton, ScoreAsk, house_rules, send_answer
from engine.errors import MahjongError
from engine.scoring.report import dora_tiles

if TYPE_CHECKING:
    from bot.app import MahjongBot


class ScoringCog(commands.Cog):
    """``/score``."""

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        self.score_menu = app_commands.ContextMenu(
            name="Score this hand", callback=self.score_message, **anywhere()
        )
        """The message command **Score this hand** (a context menu has no place in a cog's class
        body, so the cog adds it to the tree when it loads)."""

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.score_menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.score_menu.name, type=self.score_menu.type)

    async def score_message(self, interaction: discord.Interaction[Any], message: discord.Message) -> None:
        """**Score this hand**: the hand written in ``message`` (:func:`bot.message_hand.find_hand`),
        answered as ``/score`` answers, ephemeral, with what was read first; a message with no
        hand gets what was looked for and an example."""
        lang = language(interaction.locale)
        found = find_hand(message.content or "")
        if found is None:
            await interaction.response.send_message(
                text("score_message_none", lang, least=MIN_TILES, example=EXAMPLE), ephemeral=True
            )
            return
        ruleset = found.ruleset
        if ruleset is None:  # the channel's ruleset, whose house rules then apply; else dmjl
            house = await house_rules(interaction)
            ruleset = "dmjl" if house is None else house.rules.ruleset
        ask = ScoreAsk(
            ruleset,
            found.seat or "E",
            found.prevailing or "E",
            found.win,
            found.self_drawn,
            "",
            found.hand,
        )
        read = text("score_message_read", lang, hand=found.notation(lang))
        await send_answer(interaction, lang, ask, note=read)

    @app_commands.command(name="score", description="Score a hand: every rule that applies, and the total")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.describe(
        hand=f"The hand, like {EXAMPLE}",
        ruleset="The rules (default: this channel's, with its house rules)",
        seat="Your seat wind",
        round="The prevailing wind",
        win="The winning tile, like 9p",
        self_drawn="The winning tile came from the wall",
        flags="last-tile, replacement, robbing-kong, first-turn, original-call, kong-on-kong",
        discarder="The seat whose discard won (robbing a kong: the robbed seat)",
        dora="wikibooks: the dora tiles, like 5s",
        dora_indicator="wikibooks: the dora indicator turned up, like 4s for dora 5s",
    )
    @app_commands.choices(
        ruleset=RULESET_CHOICES,
        seat=WIND_CHOICES,
        round=WIND_CHOICES,
        discarder=WIND_CHOICES,
    )
    async def score(
        self,
        interaction: discord.Interaction[Any],
        hand: app_commands.Range[str, 1, 200] | None = None,
        ruleset: str | None = None,
        seat: str = "E",
        round: str = "E",
        win: str | None = None,
        self_drawn: bool = False,
        flags: str = "",
        discarder: str | None = None,
        dora: app_commands.Range[str, 1, 40] | None = None,
        dora_indicator: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        lang = language(interaction.locale)
        try:
            tiles = " ".join(str(t) for t in dora_tiles(dora or "", dora_indicator or ""))
        except MahjongError as exc:
            await interaction.response.send_message(engine_error(exc, lang), ephemeral=True)
            return
        if ruleset is None:  # the channel's ruleset, whose house rules then apply
            house = await house_rules(interaction)
            ruleset = "dmjl" if house is None else house.rules.ruleset
        if hand is None:
            note = text("builder_no_dora", lang) if tiles else ""
            await open_builder(interaction, ruleset, seat, round, self_drawn, discarder, note=note)
            return
        ask = ScoreAsk(ruleset, seat, round, win, self_drawn, flags, hand, discarder, tiles)
        await send_answer(interaction, lang, ask)


async def setup(bot: MahjongBot) -> None:
    """Load the cog and register the persistent components of /score: **Post in channel** and
    the hand builder's card (discord.py extension entry point)."""
    await bot.add_cog(ScoringCog(bot))
    bot.add_dynamic_items(PostButton, *BUILDER_ITEMS)


async def teardown(bot: MahjongBot) -> None:
    """Unload: the /score components are no longer taken (discord.py extension exit point)."""
    bot.remove_dynamic_items(PostButton, *BUILDER_ITEMS)
