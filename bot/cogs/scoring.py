"""``/score``: a hand's breakdown with every rule code and the arranged hand as an image,
ephemeral, with a **Post in channel** button (the answer and the button:
:mod:`bot.score_answer`).

``/score`` without a hand opens the hand builder (:mod:`bot.cogs.builder`). This extension's
``setup`` registers the persistent components of both: **Post in channel** and the builder card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import RULESET_CHOICES, WIND_CHOICES
from bot.cogs.builder import BUILDER_ITEMS, open_builder
from bot.i18n import engine_error, language, text
from bot.score_answer import EXAMPLE, PostButton, ScoreAsk, house_rules, send_answer
from engine.errors import MahjongError
from engine.scoring.report import dora_tiles

if TYPE_CHECKING:
    from bot.app import MahjongBot


class ScoringCog(commands.Cog):
    """``/score``."""

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    @app_commands.command(name="score", description="Score a hand: every rule that applies, and the total")
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
