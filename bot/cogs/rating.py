"""``/rating show [member] [ruleset]`` and ``/rating leaderboard [ruleset]``: the skill rating.

A slash-command group cannot also be a command, so ``/rating`` has two subcommands: ``show`` (a
member's rating with its uncertainty, the games counted and a chart of the rating over time) and
``leaderboard`` (members ordered by the conservative estimate, those with fewer than
:data:`bot.rating.MIN_GAMES` games shown apart). Both take the ruleset whose family to show
(default this channel's ruleset); the family follows the server's ``rating_by`` setting. The
answers are public, like ``/stats``, and speak the asker's language.

The figures come from :mod:`bot.storage.ratings` (games not rated yet are rated first, so both
answers are deferred); the chart is drawn off the event loop.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import workers
from bot.cogs import RULESET_CHOICES, server_only
from bot.i18n import Language, language, text
from bot.rating import ALL_FAMILY, CLASSICAL_FAMILY, MIN_GAMES, Rating, family, shown
from bot.storage.ratings import MemberRating
from engine.numbers import number
from engine.rulesets import RULESETS
from render.chart import render_line_chart
from render.describe import describe_chart

if TYPE_CHECKING:
    from bot.app import MahjongBot
    from bot.storage import Storage

BOARD_ROWS = 20
"""Members listed on the leaderboard (the rest counted)."""

NEW_ROWS = 10
"""Members with fewer than MIN_GAMES games listed apart (the rest counted)."""


NONE = discord.AllowedMentions.none()


def family_name(fam: str, lang: Language) -> str:
    """A rating family in words: a ruleset's title, the classical rules, all rulesets.

    >>> family_name("classical", "en"), family_name("huabao", "de")
    ('the classical Chinese rules (DMJL and Hua Bao)', 'Hua-Bao-Regeln (nach Babcock)')
    """
    if fam == CLASSICAL_FAMILY:
        return text("rating_family_classical", lang)
    if fam == ALL_FAMILY:
        return text("rating_family_all", lang)
    ruleset = RULESETS.get(fam)
    return text("rating_family_ruleset", lang, ruleset=ruleset.title_in(lang) if ruleset else fam)


async def family_for(storage: Storage, guild: int, channel: int | None, ruleset: str | None) -> str:
    """The family to show: the given ruleset's, else the channel's ruleset's, as the server groups."""
    name = ruleset or (await storage.table_rules(guild, channel)).ruleset
    return family(name, await storage.rating_by(guild))


def rating_number(value: float, lang: Language) -> str:
    """A rating value on the display scale, grouped (``1,234``; a true minus)."""
    return number(shown(value), lang)


def member_text(
    name: str, fam: str, found: MemberRating, board: list[tuple[int, Rating]], lang: Language
) -> str:
    """The message of ``/rating show`` for a member with a rated game."""
    r = found.rating
    where = family_name(fam, lang)
    lines = [
        text("rating_title", lang, name=name, family=where),
        text(
            "rating_line",
            lang,
            rating=rating_number(r.conservative, lang),
            mu=rating_number(r.mu, lang),
            sigma=rating_number(r.sigma, lang),
            games=number(r.games, lang),
        ),
    ]
    if r.games >= MIN_GAMES:
        ranked = [user for user, other in board if other.games >= MIN_GAMES]
        if found.user_id in ranked:
            lines.append(
                text(
                    "rating_place",
                    lang,
                    place=number(ranked.index(found.user_id) + 1, lang),
                    members=number(len(ranked), lang),
                )
            )
    else:
        lines.append(text("rating_provisional", lang, needed=number(MIN_GAMES, lang)))
    if found.history:
        last = found.history[-1]
        lines.append(
            text("rating_last", lang, place=number(last.place, lang), people=number(last.people, lang))
        )
    lines.append(text("rating_explained", lang))
    return "\n".join(lines)


def chart_values(found: MemberRating) -> list[int]:
    """The chart's points: the starting rating, then the rating after each game (display scale)."""
    return [shown(Rating().conservative)] + [shown(p.rating.conservative) for p in found.history]


def chart(name: str, fam: str, found: MemberRating, lang: Language) -> tuple[bytes, str]:
    """The rating chart and its alt text (slow: call it in a thread)."""
    values = chart_values(found)
    title = text("rating_chart_title", lang, name=name, family=family_name(fam, lang))
    first = text("rating_chart_start", lang)
    last = text("rating_chart_now", lang, rating=number(values[-1], lang))
    png = render_line_chart(values, title=title, first_label=first, last_label=last, baseline=0, lang=lang)
    return png, describe_chart(values, title=title, first_label=first, last_label=last, lang=lang)


def leaderboard_text(fam: str, board: list[tuple[int, Rating]], lang: Language) -> str:
    """The message of ``/rating leaderboard``: members with at least :data:`MIN_GAMES` games by their
    conservative estimate, then those with fewer, apart (each list cut, the rest counted)."""
    where = family_name(fam, lang)
    if not board:
        return text("rating_board_empty", lang, family=where)
    lines = [text("rating_board_title", lang, family=where)]
    ranked = [(user, r) for user, r in board if r.games >= MIN_GAMES]
    new = [(user, r) for user, r in board if r.games < MIN_GAMES]
    needed = number(MIN_GAMES, lang)
    if not ranked:
        lines.append(text("rating_board_none_yet", lang, needed=needed))
    for place, (user, r) in enumerate(ranked[:BOARD_ROWS], 1):
        lines.append(
            text(
                "rating_board_row",
                lang,
                place=number(place, lang),
                member=f"<@{user}>",
                rating=rating_number(r.conservative, lang),
                games=number(r.games, lang),
            )
        )
    if len(ranked) > BOARD_ROWS:
        lines.append(text("rating_board_more", lang, count=number(len(ranked) - BOARD_ROWS, lang)))
    if new:
        lines.append(text("rating_board_new", lang, needed=needed))
        for user, r in new[:NEW_ROWS]:
            lines.append(
                text(
                    "rating_board_new_row",
                    lang,
                    member=f"<@{user}>",
                    rating=rating_number(r.conservative, lang),
                    games=number(r.games, lang),
                )
            )
        if len(new) > NEW_ROWS:
            lines.append(text("rating_board_more", lang, count=number(len(new) - NEW_ROWS, lang)))
    lines.append(text("rating_explained", lang))
    return "\n".join(lines)


class RatingCog(commands.Cog):
    """``/rating``."""

    rating = app_commands.Group(
        name="rating", description="The skill rating: each member's and the leaderboard", **server_only()
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    @rating.command(
        name="show", description="A member's rating with its uncertainty, games counted and a chart"
    )
    @app_commands.describe(
        member="Whose rating (default yours)", ruleset="Whose ruleset's rating (default this channel's)"
    )
    @app_commands.choices(ruleset=RULESET_CHOICES)
    async def show(
        self,
        interaction: discord.Interaction[MahjongBot],
        member: discord.Member | None = None,
        ruleset: app_commands.Choice[str] | None = None,
    ) -> None:
        lang = language(interaction.locale)
        if interaction.guild is None:
            await interaction.response.send_message(text("rating_server_only", lang), ephemeral=True)
            return
        who = member or interaction.user
        if who.bot:
            await interaction.response.send_message(text("rating_computer", lang), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        storage = self.bot.storage
        guild = interaction.guild.id
        fam = await family_for(storage, guild, interaction.channel_id, ruleset.value if ruleset else None)
        found = await storage.member_rating(guild, who.id, fam)
        name = who.display_name
        if found is None:
            await interaction.followup.send(
                text("rating_none", lang, name=name, family=family_name(fam, lang)), allowed_mentions=NONE
            )
            return
        board = await storage.rating_board(guild, fam)
        png, description = await workers.run(chart, name, fam, found, lang, priority=workers.CLICK)
        await interaction.followup.send(
            member_text(name, fam, found, board, lang),
            file=discord.File(io.BytesIO(png), filename="rating.png", description=description),
            allowed_mentions=NONE,
        )

    @rating.command(name="leaderboard", description="Members ordered by their rating; few games shown apart")
    @app_commands.describe(ruleset="Whose ruleset's rating (default this channel's)")
    @app_commands.choices(ruleset=RULESET_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction[MahjongBot], ruleset: app_commands.Choice[str] | None = None
    ) -> None:
        lang = language(interaction.locale)
        if interaction.guild is None:
            await interaction.response.send_message(text("rating_server_only", lang), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        storage = self.bot.storage
        guild = interaction.guild.id
        fam = await family_for(storage, guild, interaction.channel_id, ruleset.value if ruleset else None)
        board = await storage.rating_board(guild, fam)
        await interaction.followup.send(leaderboard_text(fam, board, lang), allowed_mentions=NONE)


async def setup(bot: MahjongBot) -> None:
    """Load the cog (discord.py extension entry point)."""
    await bot.add_cog(RatingCog(bot))
