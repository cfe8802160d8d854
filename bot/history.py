"""``/mahjong history [member]``: the server's recent games, newest first, on a paged card.

Each game is listed with its date, ruleset, whether it was played here or recorded at a real
table, its status, how many hands stand, and its players (by the name they were last seen with;
computers as ``Computer N``) with the chips each won in it, the winner first. A hand whose
booking was undone is left out (:mod:`bot.storage.history` reads the page in one query).

Below a game played here whose move log is still kept: an **Export** button
(``mj:history:export:<game>``) that sends the game's JSON-lines event log as a file
(:func:`bot.restore.event_log`, the same path as ``mahjong export --db``), and a **Replay**
select (``mj:replay-pick:<game>``, option values the last 25 finished hands' numbers) that the
replay's own component answers. A recorded game has neither: it has no move log.

The card is ephemeral, like ``/chips history``: each reader pages their own list
(``mj:history:page:<member or 0>:<page>``, read again from storage on each click), and what
they export is sent to them alone. It speaks the reader's language.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.cogs.replay import pick_select
from bot.components import NUMBER
from bot.i18n import Language, error_reason, language, text
from bot.restore import event_log
from bot.storage import NotFoundError, StorageInputError
from bot.storage.checks import MAX_ID
from bot.storage.core import unstamp
from bot.storage.history import HistoryGame, HistorySeat
from bot.storage.records import computer_numbers
from engine.errors import MahjongError
from engine.numbers import number, signed
from engine.rulesets import resolve

if TYPE_CHECKING:
    from bot.app import MahjongBot
    from bot.storage import Storage

log = logging.getLogger(__name__)

PAGE_GAMES: Final = 5
"""Games a page shows: each takes up to five components (its text, the Export row, the Replay
row), and a message holds 40."""

MAX_PAGE: Final = 9_999
"""The last page (from 0) a page button may ask for; a forged one asking for more is refused."""

NONE = discord.AllowedMentions.none()


def _bot(interaction: discord.Interaction[Any]) -> MahjongBot:
    bot: MahjongBot = interaction.client  # the bot that registered these components
    return bot


def ruleset_title(game: HistoryGame, lang: Language) -> str:
    """The game's ruleset as people name it, in ``lang`` (its stored name if no ruleset has it
    any more)."""
    try:
        return resolve(game.ruleset, game.overrides)[0].title_in(lang)
    except MahjongError:
        return game.ruleset


def seat_names(seats: tuple[HistorySeat, ...], lang: Language) -> list[str]:
    """Each seat's name for people, in seat order: a member by the name last seen (escaped), or
    their mention when the bot never stored one; a computer as ``Computer N`` (its number at the
    table; a computer stored without one numbered by its order among them)."""
    names: list[str] = []
    numbers = computer_numbers([seat.player for seat in seats])
    for seat, n in zip(seats, numbers, strict=True):
        if isinstance(seat.player, str):
            names.append(text("history_computer", lang, n=n))
        elif seat.name:
            names.append(discord.utils.escape_markdown(seat.name))
        else:
            names.append(f"<@{seat.player}>")
    return names


def game_text(game: HistoryGame, lang: Language) -> str:
    """One game's lines on the card: what, when, where, its state, and each player's result,
    the winner first."""
    head = text(
        "history_game",
        lang,
        game=game.game_id,
        date=discord.utils.format_dt(unstamp(game.created_at), "d"),
        ruleset=ruleset_title(game, lang),
        where=text("history_recorded" if game.kind == "record" else "history_here", lang),
        status=text(f"history_status_{game.status}", lang),
        hands=number(game.hands, lang),
    )
    names = seat_names(game.seats, lang)
    order = sorted(range(len(game.seats)), key=lambda i: (-game.seats[i].net, i))
    result = " · ".join(f"{names[i]} **{signed(game.seats[i].net, lang)}**" for i in order)
    return f"{head}\n{result}" if result else head


def exportable(game: HistoryGame) -> bool:
    """Whether the card offers Export and Replay for ``game``: played here, its move log kept."""
    return game.kind == "discord" and game.log_kept


def replay_select(game: HistoryGame, lang: Language) -> discord.ui.Item[Any]:
    """The Replay select of a game: one option a finished hand (the last 25), value its number;
    the replay's own component (``mj:replay-pick:<game>``, :func:`bot.cogs.replay.pick_select`)."""
    return pick_select(game.game_id, game.last_hands, lang)


def history_layout(
    games: list[HistoryGame], more: bool, member: int | None, page: int, lang: Language
) -> discord.ui.LayoutView:
    """The card of one page: a title, each game (with Export and Replay where it has them), and
    Previous / Next where there is such a page."""
    layout = discord.ui.LayoutView(timeout=None)
    if not games:
        if page == 0:
            key = "history_none" if member is None else "history_none_member"
            layout.add_item(discord.ui.TextDisplay(text(key, lang, member=f"<@{member}>")))
        else:
            layout.add_item(
                discord.ui.TextDisplay(text("history_no_page", lang, page=number(page + 1, lang)))
            )
            layout.add_item(
                discord.ui.ActionRow(HistoryPageButton(member, 0, text("history_previous", lang)))
            )
        return layout
    if member is None:
        title = text("history_title", lang, page=number(page + 1, lang))
    else:
        title = text("history_title_member", lang, member=f"<@{member}>", page=number(page + 1, lang))
    layout.add_item(discord.ui.TextDisplay(title))
    for index, game in enumerate(games):
        if index:
            layout.add_item(discord.ui.Separator())
        layout.add_item(discord.ui.TextDisplay(game_text(game, lang)))
        if exportable(game):
            layout.add_item(discord.ui.ActionRow(ExportButton(game.game_id, text("history_export", lang))))
            if game.last_hands:
                layout.add_item(discord.ui.ActionRow(replay_select(game, lang)))
    pager: list[discord.ui.Item[Any]] = []
    if page > 0:
        pager.append(HistoryPageButton(member, page - 1, text("history_previous", lang)))
    if more:
        pager.append(HistoryPageButton(member, page + 1, text("history_next", lang)))
    if pager:
        layout.add_item(discord.ui.ActionRow(*pager))
    return layout


async def history_page(
    storage: Storage, guild_id: int, member: int | None, page: int, lang: Language
) -> discord.ui.LayoutView:
    """Read page ``page`` (from 0) of a server's games (with ``member``: the games they sat in)
    and build its card."""
    games, more = await storage.game_history(guild_id, member=member, page=page, size=PAGE_GAMES)
    return history_layout(games, more, member, page, lang)


async def show_history(interaction: discord.Interaction[Any], member: int | None) -> None:
    """Answer ``/mahjong history``: the first page, ephemerally."""
    lang = language(interaction.locale)
    if interaction.guild_id is None:
        await interaction.response.send_message(text("history_server_only", lang), ephemeral=True)
        return
    layout = await history_page(_bot(interaction).storage, interaction.guild_id, member, 0, lang)
    await interaction.response.send_message(view=layout, ephemeral=True, allowed_mentions=NONE)


class HistoryPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:history:page:(?P<member>{NUMBER}):(?P<page>{NUMBER})",
):
    """Previous / Next on the history card (member 0: the whole server's games); the page is read
    again on each click. A forged custom_id (a member id no Discord id can be, a page beyond
    :data:`MAX_PAGE`) is answered with why, ephemerally."""

    def __init__(self, member: int | None, page: int, label: str) -> None:
        self.member, self.page = member, page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mj:history:page:{member or 0}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryPageButton:
        member = int(match["member"])
        return cls(member or None, int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lang = language(interaction.locale)
        if interaction.guild_id is None:
            await interaction.response.send_message(text("history_server_only", lang), ephemeral=True)
            return
        if self.member is not None and not 0 < self.member <= MAX_ID:
            await interaction.response.send_message(text("component_broken", lang), ephemeral=True)
            return
        if self.page > MAX_PAGE:
            await interaction.response.send_message(
                text("history_no_page", lang, page=number(self.page + 1, lang)), ephemeral=True
            )
            return
        layout = await history_page(
            _bot(interaction).storage, interaction.guild_id, self.member, self.page, lang
        )
        await interaction.response.edit_message(view=layout, allowed_mentions=NONE)


class ExportButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:history:export:(?P<game>{NUMBER})",
):
    """Export on the history card: the game's JSON-lines event log as a file, to the clicker
    alone. Only a game of the clicker's server, played here, whose move log is kept; anything
    else (a forged id, a recorded game, a pruned log, a log that does not replay) is answered
    with why."""

    def __init__(self, game_id: int, label: str) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mj:history:export:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ExportButton:
        return cls(int(match["game"]), "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lang = language(interaction.locale)
        if interaction.guild_id is None:
            await interaction.response.send_message(text("history_server_only", lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # a replay may take a moment
        try:
            message, file = await self._export(_bot(interaction), interaction.guild_id, lang)
        except Exception as exc:
            log.error("exporting game %s failed: %s", self.game_id, type(exc).__name__)
            message, file = text("history_error", lang, reason=error_reason(exc, lang)), None
        if file is None:
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=NONE)
        else:
            await interaction.followup.send(message, file=file, ephemeral=True, allowed_mentions=NONE)

    async def _export(
        self, bot: MahjongBot, guild_id: int, lang: Language
    ) -> tuple[str, discord.File | None]:
        """The answer to a click: a message, and the file when there is one."""
        game = self.game_id
        try:
            record = await bot.storage.load_game(game)
        except (NotFoundError, StorageInputError):
            record = None
        if record is None or record.guild_id != guild_id:
            return text("history_export_unknown", lang, game=game), None
        if record.kind != "discord":
            return text("history_export_recorded", lang, game=game), None
        if record.log_pruned_at is not None:
            return text("history_export_pruned", lang, game=game), None
        try:
            data = await asyncio.to_thread(event_log, record)
        except MahjongError:
            log.warning("game %s: its stored log does not replay; not exported", game)
            return text("history_export_broken", lang, game=game), None
        hands = sum(1 for h in record.hands if h.finished)
        file = discord.File(
            io.BytesIO(data.encode("utf-8")),
            filename=f"game-{game}.jsonl",
            description=text("history_export_description", lang, game=game),
        )
        return text("history_export_sent", lang, game=game, hands=number(hands, lang)), file


HISTORY_ITEMS: Final[tuple[type[discord.ui.DynamicItem[Any]], ...]] = (HistoryPageButton, ExportButton)
"""The history card's persistent components, registered by the ``mahjong`` cog's extension."""
