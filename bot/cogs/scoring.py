"""``/score``: a hand's breakdown with every rule code and the arranged hand as an image,
ephemeral, with a **Post in channel** button.

The button's custom_id carries the request itself (``mj:post:<ruleset>:<seat><round>:<win>:
<how>:<flags>:<hand>``, ``<how>`` being ``s`` for self-drawn, ``d`` for a discard, ``dW`` for
West's discard), so it works after a restart; a request too long for a custom_id gets no button.

``/score`` without a hand opens the hand builder (:mod:`bot.cogs.builder`).
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Language, language, text
from engine.errors import MahjongError
from engine.rulesets import RULESETS
from engine.scoring.report import score_request, score_text
from render import render_strip

if TYPE_CHECKING:
    from bot.app import MahjongBot

EXAMPLE = "234m 777z [555s] [678p] 99p"
WINDS = [app_commands.Choice(name=n, value=n[0]) for n in ("East", "South", "West", "North")]


def post_id(
    ruleset: str,
    seat: str,
    prevailing: str,
    win: str | None,
    self_drawn: bool,
    flags: str,
    hand: str,
    discarder: str | None = None,
) -> str | None:
    """The Post button's custom_id for a request, or None when it does not fit in 100 characters.

    >>> post_id("dmjl", "S", "E", "9p", True, "", "99p [555s]")
    'mj:post:dmjl:SE:9p:s:-:99p_[555s]'
    >>> post_id("dmjl", "S", "E", "9p", False, "", "99p [555s]", "W")
    'mj:post:dmjl:SE:9p:dW:-:99p_[555s]'
    """
    how = "s" if self_drawn else "d" + (discarder or "")
    packed = f"mj:post:{ruleset}:{seat}{prevailing}:{win or '-'}:{how}:{flags or '-'}:"
    packed += "_".join(hand.split())
    return packed if len(packed) <= 100 and ":" not in hand else None


def answer(
    ruleset: str,
    seat: str,
    prevailing: str,
    win: str | None,
    self_drawn: bool,
    flags: str,
    hand: str,
    lang: Language = "en",
    discarder: str | None = None,
) -> tuple[str, bytes | None]:
    """The breakdown text (in ``lang``) and the image of one request, ending with who pays
    the winner what; a bad request gives its error in words, with an example."""
    try:
        result = score_request(
            hand=hand,
            ruleset=ruleset,
            seat=seat,
            prevailing=prevailing,
            win=win or None,
            self_drawn=self_drawn,
            flags=[f.strip() for f in flags.split(",") if f.strip()],
            discarder=discarder,
        )
    except MahjongError as exc:
        return f"{exc}\n{text('score_example', lang, example=EXAMPLE)}", None
    png = render_strip(result.arrangement, win_tile=win or None) if result.arrangement else None
    return f"```\n{score_text(result, ruleset=ruleset, lang=lang)}\n```", png


class PostButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mj:post:(?P<request>.+)"):
    """Post a /score answer publicly (scored again from the request in the custom_id)."""

    def __init__(self, custom_id: str, label: str = "Post in channel") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PostButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        parts = self.custom_id.split(":", 7)
        if len(parts) != 8 or len(parts[3]) != 2:
            await interaction.response.send_message(
                text("score_broken", language(interaction.locale)), ephemeral=True
            )
            return
        lang = language(interaction.guild_locale)  # a public message speaks the server's language
        _, _, ruleset, winds, win, how, flags, hand = parts
        body, png = await asyncio.to_thread(
            answer,
            ruleset,
            winds[0],
            winds[1],
            None if win == "-" else win,
            how == "s",
            "" if flags == "-" else flags,
            hand.replace("_", " "),
            lang,
            how[1:] or None,
        )
        files = [discord.File(io.BytesIO(png), filename="hand.png")] if png else []
        await interaction.response.send_message(
            text("score_posted", lang, mention=interaction.user.mention, body=body),
            files=files,
            allowed_mentions=discord.AllowedMentions.none(),
        )


class ScoringCog(commands.Cog):
    """``/score``."""

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    @app_commands.command(name="score", description="Score a hand: every rule that applies, and the total")
    @app_commands.describe(
        hand=f"The hand, like {EXAMPLE}",
        ruleset="The rules (default dmjl)",
        seat="Your seat wind",
        round="The prevailing wind",
        win="The winning tile, like 9p",
        self_drawn="The winning tile came from the wall",
        flags="last-tile, replacement, robbing-kong, first-turn, original-call, kong-on-kong",
        discarder="The seat whose discard won (robbing a kong: the robbed seat)",
    )
    @app_commands.choices(
        ruleset=[app_commands.Choice(name=r.title, value=r.name) for r in RULESETS.values()],
        seat=WINDS,
        round=WINDS,
        discarder=WINDS,
    )
    async def score(
        self,
        interaction: discord.Interaction[Any],
        hand: app_commands.Range[str, 1, 200] | None = None,
        ruleset: str = "dmjl",
        seat: str = "E",
        round: str = "E",
        win: str | None = None,
        self_drawn: bool = False,
        flags: str = "",
        discarder: str | None = None,
    ) -> None:
        lang = language(interaction.locale)
        if hand is None:
            from bot.cogs.builder import open_builder

            await open_builder(interaction, ruleset, seat, round, self_drawn, discarder)
            return
        await send_answer(interaction, lang, ruleset, seat, round, win, self_drawn, flags, hand, discarder)


async def send_answer(
    interaction: discord.Interaction[Any],
    lang: Language,
    ruleset: str,
    seat: str,
    prevailing: str,
    win: str | None,
    self_drawn: bool,
    flags: str,
    hand: str,
    discarder: str | None = None,
) -> None:
    """Answer a scoring request ephemerally: the breakdown, the image and **Post in channel**
    (``/score hand:…`` and the builder's **Score**)."""
    body, png = await asyncio.to_thread(
        answer, ruleset, seat, prevailing, win, self_drawn, flags, hand, lang, discarder
    )
    view = discord.ui.View(timeout=None)
    custom_id = post_id(ruleset, seat, prevailing, win, self_drawn, flags, hand, discarder) if png else None
    if custom_id:
        view.add_item(PostButton(custom_id, text("post_in_channel", lang)))
    files = [discord.File(io.BytesIO(png), filename="hand.png")] if png else []
    await interaction.response.send_message(body, files=files, view=view, ephemeral=True)


async def setup(bot: MahjongBot) -> None:
    """Load the cog."""
    await bot.add_cog(ScoringCog(bot))
