"""``/stats member [member] [season]`` and ``/stats table``: statistics from the record.

A slash-command group cannot also be a command, so ``/stats`` has two subcommands: ``member``
(a member's figures over a season, split by ruleset and by table size, with their last games,
their chips as a chart and their biggest hand as an image) and ``table`` (this channel's games).
The answers are public: a member's results are the club's information, like the score sheets the
table posts. They speak the asker's language.

The figures come from :mod:`bot.stats` (stored hands with the engine's summary of each, the
ledger; kept in a :class:`~bot.stats.SummaryCache`). Hands finished before summaries were kept are
replayed once, by the first call that needs them, so every answer is deferred first, and the
images are drawn off the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import workers
from bot.cogs import server_only
from bot.i18n import Language, language, text
from bot.stats import (
    LastGame,
    MemberStats,
    Split,
    SummaryCache,
    TableStats,
    load_member_stats,
    load_table_stats,
)
from bot.storage import NotFoundError
from bot.storage.core import unstamp
from engine.errors import MahjongError
from engine.numbers import number, percent, signed
from engine.rulesets import resolve
from render.chart import render_line_chart
from render.describe import describe_chart, describe_strip
from render.hand import render_strip

if TYPE_CHECKING:
    from bot.app import MahjongBot


def member_text(name: str, season: str, stats: MemberStats, lang: Language) -> str:
    """The message of ``/stats member``."""
    lines = [text("stats_title", lang, name=name, season=season)]
    if not stats.hands:
        return text("stats_no_hands", lang, name=name, season=season)
    lines.append(
        text(
            "stats_hands",
            lang,
            hands=number(stats.hands, lang),
            wins=number(stats.wins, lang),
            share=percent(stats.win_share, lang, digits=0),
            self_drawn=number(stats.self_drawn, lang),
        )
    )
    lines.append(
        text("stats_dealt_in", lang, dealt_in=number(stats.dealt_in, lang), net=signed(stats.net, lang))
    )
    if stats.best is not None:
        lines.append(
            text(
                "stats_average",
                lang,
                average=number(round(stats.average_win), lang),
                best=number(stats.best.value, lang),
                name=stats.best.name or "-",
                game=stats.best.game_id,
                hand=stats.best.hand_no,
            )
        )
    if stats.patterns:
        listed = ", ".join(f"{name} ×{number(count, lang)}" for name, count in stats.patterns)
        lines.append(text("stats_patterns", lang, patterns=listed))
    if stats.by_ruleset:
        parts = [split_text(f"{ruleset_title(s.key, lang)}:", s, lang) for s in stats.by_ruleset]
        lines.append(text("stats_by_ruleset", lang, parts=" · ".join(parts)))
    if stats.by_size:
        parts = [split_text(text(f"stats_size_{s.key}", lang), s, lang) for s in stats.by_size]
        lines.append(text("stats_by_size", lang, parts=" · ".join(parts)))
    if stats.last_games:
        lines.append(text("stats_last_games", lang))
        lines += [f"- {last_game_text(g, lang)}" for g in stats.last_games]
    return "\n".join(lines)


def ruleset_title(name: str, lang: Language, overrides: Mapping[str, object] | None = None) -> str:
    """A ruleset as people name it, in ``lang`` (its stored name if no ruleset has it any more)."""
    try:
        return resolve(name, overrides)[0].title_in(lang)
    except MahjongError:
        return name


def split_text(name: str, split: Split, lang: Language) -> str:
    """One part of a member's split figures: hands, wins with their share, and chips."""
    return text(
        "stats_split",
        lang,
        name=name,
        hands=number(split.hands, lang),
        wins=number(split.wins, lang),
        share=percent(split.win_share, lang, digits=0),
        net=signed(split.net, lang),
    )


def last_game_text(game: LastGame, lang: Language) -> str:
    """One of a member's last games: date, ruleset, the game, where, and the member's result."""
    return text(
        "stats_last_game",
        lang,
        date=discord.utils.format_dt(unstamp(game.created_at), "d"),
        ruleset=ruleset_title(game.ruleset, lang, game.overrides),
        game=game.game_id,
        where=text("stats_last_recorded", lang) if game.kind == "record" else "",
        net=signed(game.net, lang),
    )


def member_images(name: str, season: str, stats: MemberStats, lang: Language) -> list[tuple[str, bytes]]:
    """The chips chart and the biggest hand's image (slow: call it in a thread)."""
    images = []
    if stats.chips:
        images.append(
            (
                "chips.png",
                render_line_chart(
                    stats.chips,
                    title=text("stats_chart_title", lang, name=name, season=season),
                    first_label=text("stats_chart_start", lang),
                    last_label=text("stats_chart_now", lang, chips=number(stats.chips[-1], lang)),
                    baseline=stats.chips[0],
                    lang=lang,
                ),
            )
        )
    best = stats.best
    if best is not None and best.score is not None and best.score.groups:
        images.append(("best-hand.png", render_strip(best.score.groups, win_tile=best.win_tile)))
    return images


def image_description(filename: str, name: str, season: str, stats: MemberStats, lang: Language) -> str:
    """The alt text of one of :func:`member_images`' images: the chips chart, the biggest hand."""
    if filename == "chips.png":
        title = text("stats_chart_title", lang, name=name, season=season)
        return describe_chart(
            stats.chips, title=title, first_label=text("stats_chart_start", lang), lang=lang
        )
    best = stats.best
    if best is not None and best.score is not None:
        return describe_strip(best.score.groups, lang, win_tile=best.win_tile)
    return ""


def table_text(channel: str, stats: TableStats, lang: Language) -> str:
    """The message of ``/stats table``."""
    if not stats.games:
        return text("stats_table_none", lang)
    lines = [
        text("stats_table_title", lang, channel=channel),
        text(
            "stats_table_games",
            lang,
            games=number(stats.games, lang),
            finished=number(stats.finished_games, lang),
            hands=number(stats.hands, lang),
        ),
    ]
    if stats.longest is not None:
        lines.append(
            text(
                "stats_table_longest",
                lang,
                hands=number(stats.longest.hands, lang),
                game=stats.longest.game_id,
                started=discord.utils.format_dt(unstamp(stats.longest.started), "d"),
                ended=discord.utils.format_dt(unstamp(stats.longest.ended or stats.longest.started), "d"),
            )
        )
    return "\n".join(lines)


class StatsCog(commands.Cog):
    """``/stats``."""

    stats = app_commands.Group(
        name="stats", description="Statistics from the games played here", **server_only()
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        self.cache = SummaryCache()

    @stats.command(name="member", description="A member's hands, wins, biggest hand and chips over a season")
    @app_commands.describe(
        member="Whose statistics (default you)", season="The season's number (default the current one)"
    )
    async def member(
        self,
        interaction: discord.Interaction[MahjongBot],
        member: discord.Member | None = None,
        season: app_commands.Range[int, 1, 100_000] | None = None,
    ) -> None:
        lang = language(interaction.locale)
        if interaction.guild is None:
            await interaction.response.send_message(text("stats_server_only", lang), ephemeral=True)
            return
        who = member or interaction.user
        if who.bot:
            await interaction.response.send_message(text("stats_computer", lang), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        try:
            found, figures = await load_member_stats(
                self.bot.storage, self.cache, interaction.guild.id, who.id, season=season, lang=lang
            )
        except NotFoundError:
            await interaction.followup.send(text("stats_unknown_season", lang, season=season))
            return
        if found is None:
            await interaction.followup.send(text("stats_no_season", lang))
            return
        name = who.display_name
        body = member_text(name, found.name, figures, lang)
        images = (
            await workers.run(member_images, name, found.name, figures, lang, priority=workers.CLICK)
            if figures.hands
            else []
        )
        await interaction.followup.send(
            body,
            files=[
                discord.File(
                    io.BytesIO(png),
                    filename=fn,
                    description=image_description(fn, name, found.name, figures, lang),
                )
                for fn, png in images
            ],
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @stats.command(name="table", description="This channel's games: how many, hands, the longest")
    async def table(self, interaction: discord.Interaction[MahjongBot]) -> None:
        lang = language(interaction.locale)
        if interaction.guild is None or interaction.channel_id is None:
            await interaction.response.send_message(text("stats_server_only", lang), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        figures = await load_table_stats(self.bot.storage, interaction.guild.id, interaction.channel_id)
        channel = (
            interaction.channel.mention if isinstance(interaction.channel, discord.abc.GuildChannel) else "#"
        )
        await interaction.followup.send(
            table_text(channel, figures, lang), allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: MahjongBot) -> None:
    await bot.add_cog(StatsCog(bot))
