"""``/chips``: balances, history, the leaderboard, transfers, buy-ins, and the admin's adjustments,
seasons and export. The ledger's rules live in :mod:`bot.storage` (every change one balanced
transaction; the floor and the buy-in limit are checked where it books); this cog checks first
only to refuse in the reader's language, always ephemerally, and says why (a refusal at the floor
comes from the booking itself, with the numbers to say it in the reader's language).

Admin: Manage Server, or the club's ``admin_role_id``. History pages are buttons whose custom_id
``mj:chips:hist:<member>:<page>`` names only whose history (shown to anyone who asks) and the page.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot import workers
from bot.cogs import server_only
from bot.components import NUMBER
from bot.i18n import Language, language, text
from bot.permissions import is_admin
from bot.storage import MAX_AMOUNT, InsufficientBalanceError, StorageInputError, Transaction
from bot.storage.checks import MAX_ID
from bot.storage.core import unstamp
from bot.storage.records import seat_holder
from engine.numbers import number, signed
from engine.rulesets import RULESETS
from render.describe import describe_leaderboard
from render.leaderboard import LeaderboardRow, render_leaderboard

if TYPE_CHECKING:
    from bot.app import MahjongBot

PAGE = 8
"""The most transactions a page of /chips history shows."""

PAGE_CHARACTERS = 2000
"""The most characters a page may hold (Discord's limit for a message's content): a page holds
fewer than :data:`PAGE` transactions where their lines would not fit."""


def buy_in_rule(ruleset: str) -> int | None:
    """The number of the ruleset's own rule for buy-ins (``Ruleset.buy_in_when_exhausted``:
    rumisberg's rule 22, RULES.md §2.4.10, A-RU-17), None for a ruleset without one or a name no
    ruleset has. Where the channel plays such a ruleset, ``/chips buyin`` is for a member with no
    chips left (a balance of 0 or less), as often as that happens: the club's ``buy_in_amount``
    (5,000 unless it was changed) from the bank, with no ``buy_in_limit`` needed (one set above 0
    still caps it)."""
    rs = RULESETS.get(ruleset)
    return None if rs is None else rs.buy_in_when_exhausted


NONE = discord.AllowedMentions.none()


def _bot(interaction: discord.Interaction[Any]) -> MahjongBot:
    bot: MahjongBot = interaction.client  # the bot that registered HistoryButton (setup)
    return bot


def _n(value: int, lang: Language) -> str:
    return number(value, lang)


def _why(txn: Transaction, lang: Language) -> str:
    if txn.kind == "hand":
        return text("chips_why_hand", lang, hand=txn.hand_no or "?", game=txn.game_id or "?")
    if txn.kind == "transfer":
        giver = next((e.holder for e in txn.entries if e.amount < 0), "")
        taker = next((e.holder for e in txn.entries if e.amount > 0), "")
        return text("chips_why_transfer", lang, giver=_mention(giver), taker=_mention(taker))
    if txn.kind == "buy_in":
        return text("chips_why_buy_in", lang)
    if txn.kind == "adjustment":
        actor = f"<@{txn.actor_id}>" if txn.actor_id else "?"
        return text("chips_why_adjustment", lang, actor=actor, reason=txn.reason)
    return text("chips_why_start", lang)


def _mention(holder: str) -> str:
    return f"<@{holder.removeprefix('user:')}>" if holder.startswith("user:") else holder


async def history_page(
    bot: MahjongBot, guild_id: int, user_id: int, page: int, lang: Language
) -> tuple[str, discord.ui.View]:
    """The text of one page of a member's history and its Previous/Next buttons. A page holds
    up to :data:`PAGE` transactions, fewer where their lines would take it over
    :data:`PAGE_CHARACTERS` (pages are filled from the newest, so a page's start depends only
    on the pages before it)."""
    season = await bot.storage.current_season(guild_id)
    # each page holds at least one transaction: pages 0..page lie within the first (page+1)*PAGE
    txns = await bot.storage.transactions(guild_id, user_id=user_id, limit=(page + 1) * PAGE + 1)
    holder = seat_holder(user_id)

    def line(txn: Transaction) -> str:
        amount = sum(e.amount for e in txn.entries if e.holder == holder)
        when = discord.utils.format_dt(unstamp(txn.created_at), "d")
        return f"`{signed(amount, lang):>10}` {when} · {_why(txn, lang)}"

    def title(number: int) -> str:
        who = f"<@{user_id}>"
        return text("chips_history_title", lang, who=who, season=season.name, page=number + 1)

    start, number, lines = 0, 0, [title(0)]
    while True:
        lines = [title(number)]
        end = start
        while end < len(txns) and end - start < PAGE:
            candidate = line(txns[end])
            if end > start and len("\n".join([*lines, candidate])) > PAGE_CHARACTERS:
                break
            lines.append(candidate)
            end += 1
        if number == page or end >= len(txns):
            break
        start, number = end, number + 1
    if number != page:  # a page beyond the last
        lines, end = [title(page)], len(txns)
    if len(lines) == 1:
        lines.append(text("chips_history_empty", lang))
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(HistoryButton(user_id, page - 1, text("chips_previous", lang)))
    if end < len(txns):
        view.add_item(HistoryButton(user_id, page + 1, text("chips_next", lang)))
    return "\n".join(lines), view


MAX_HISTORY_PAGE: Final = 9_999
"""The last page (counted from 0) a history button may ask for: 80,000 movements in a season. A
forged button asking for more is answered with ``chips_history_no_page``, not read from the ledger."""


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:chips:hist:(?P<user>{NUMBER}):(?P<page>{NUMBER})",
):
    """Previous / Next on /chips history; the page is read again from the ledger on each click.
    A forged custom_id (a member id no Discord id can be, a page beyond :data:`MAX_HISTORY_PAGE`)
    is answered with why, ephemerally."""

    def __init__(self, user_id: int, page: int, label: str) -> None:
        self.user_id, self.page = user_id, page
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"mj:chips:hist:{user_id}:{page}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryButton:
        return cls(int(match["user"]), int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lang = language(interaction.locale)
        if interaction.guild_id is None:
            await interaction.response.send_message(text("chips_guild_only", lang), ephemeral=True)
            return
        if not 0 < self.user_id <= MAX_ID:
            await interaction.response.send_message(text("component_broken", lang), ephemeral=True)
            return
        if self.page > MAX_HISTORY_PAGE:
            await interaction.response.send_message(
                text("chips_history_no_page", lang, page=_n(self.page + 1, lang)), ephemeral=True
            )
            return
        body, view = await history_page(
            _bot(interaction), interaction.guild_id, self.user_id, self.page, lang
        )
        await interaction.response.edit_message(content=body, view=view, allowed_mentions=NONE)


class ChipsCog(commands.Cog):
    """``/chips``."""

    chips = app_commands.Group(
        name="chips",
        description="The club's chips: balances, history, standings, seasons",
        **server_only(),
    )
    season = app_commands.Group(
        name="season", description="Admin: seasons of the club's ledger", parent=chips
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ helpers

    async def _refuse(self, interaction: discord.Interaction[Any], key: str, **values: object) -> None:
        message = text(key, language(interaction.locale), **values)
        await interaction.response.send_message(message, ephemeral=True, allowed_mentions=NONE)

    async def _remember(self, *people: discord.abc.User) -> None:
        for person in people:
            await self.bot.storage.remember_player(person.id, person.display_name)

    # ------------------------------------------------------------------ everyone

    @chips.command(name="balance", description="A member's chips this season (default yours)")
    @app_commands.describe(member="The member")
    async def balance(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        who = member or interaction.user
        await self._remember(who)
        chips = await self.bot.storage.balance(guild, who.id)
        season = await self.bot.storage.current_season(guild)
        key = "chips_balance_own" if who.id == interaction.user.id else "chips_balance"
        await interaction.response.send_message(
            text(key, lang, who=who.mention, chips=_n(chips, lang), season=season.name),
            ephemeral=True,
            allowed_mentions=NONE,
        )

    @chips.command(name="history", description="A member's last chip movements and why (default yours)")
    @app_commands.describe(member="The member")
    async def history(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        who = member or interaction.user
        body, view = await history_page(
            self.bot, interaction.guild_id or 0, who.id, 0, language(interaction.locale)
        )
        await interaction.response.send_message(body, view=view, ephemeral=True, allowed_mentions=NONE)

    @chips.command(name="leaderboard", description="The season's standings as an image")
    @app_commands.describe(season="An earlier season's number (default: this season)")
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        season: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        if season is not None and season not in {s.number for s in await self.bot.storage.seasons(guild)}:
            await self._refuse(interaction, "chips_no_season", number=season)
            return
        await interaction.response.defer(thinking=True)  # the query and the image may take a moment
        png, name, alt = await leaderboard_png(self.bot, guild, lang, me=interaction.user.id, season=season)
        await interaction.followup.send(
            text("chips_leaderboard", lang, season=name),
            file=discord.File(io.BytesIO(png), filename="leaderboard.png", description=alt),
        )

    @chips.command(name="give", description="Give some of your chips to another member")
    @app_commands.describe(member="The member", amount="Chips, 1 to 1,000,000,000")
    async def give(self, interaction: discord.Interaction[Any], member: discord.Member, amount: int) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        if not 1 <= amount <= MAX_AMOUNT:
            await self._refuse(interaction, "chips_bad_amount", amount=_n(amount, lang))
            return
        if member.bot or member.id == interaction.user.id:
            await self._refuse(interaction, "chips_not_a_member")
            return
        options = await self.bot.storage.club_options(guild)
        if not options.allow_member_transfers:
            await self._refuse(interaction, "chips_transfers_off")
            return
        await self._remember(interaction.user, member)
        try:  # the floor is checked where the gift is booked, in one write transaction
            await self.bot.storage.transfer(guild, interaction.user.id, member.id, amount)
        except InsufficientBalanceError as exc:
            await self._refuse(
                interaction,
                "chips_below_floor" if exc.most > 0 else "chips_nothing_to_give",
                most=_n(exc.most, lang),
                chips=_n(exc.have, lang),
                floor=_n(exc.floor, lang),
            )
            return
        except StorageInputError as exc:
            await self._refuse(interaction, "chips_refused", reason=str(exc))
            return
        await interaction.response.send_message(
            text(
                "chips_gave",
                lang,
                giver=interaction.user.mention,
                amount=_n(amount, lang),
                taker=member.mention,
            ),
            allowed_mentions=NONE,
        )

    @chips.command(name="buyin", description="Buy in: the club's buy-in amount, within its limit per season")
    async def buyin(self, interaction: discord.Interaction[Any]) -> None:
        lang, guild, user = language(interaction.locale), interaction.guild_id or 0, interaction.user
        options = await self.bot.storage.club_options(guild)
        ruleset = (await self.bot.storage.table_rules(guild, interaction.channel_id)).ruleset
        rule = buy_in_rule(ruleset)
        if rule is not None:
            await self._buy_in_when_exhausted(interaction, ruleset, rule)
            return
        if options.buy_in_limit == 0:
            await self._refuse(interaction, "chips_no_buy_ins")
            return
        made = await self.bot.storage.buy_ins_made(guild, user.id)
        if made >= options.buy_in_limit:
            await self._refuse(
                interaction, "chips_buy_in_limit", made=_n(made, lang), limit=_n(options.buy_in_limit, lang)
            )
            return
        await self._remember(user)
        try:
            await self.bot.storage.club_buy_in(guild, user.id)
        except StorageInputError as exc:
            await self._refuse(interaction, "chips_refused", reason=str(exc))
            return
        chips = await self.bot.storage.balance(guild, user.id)
        await interaction.response.send_message(
            text(
                "chips_bought",
                lang,
                who=user.mention,
                amount=_n(options.buy_in_amount, lang),
                made=_n(made + 1, lang),
                limit=_n(options.buy_in_limit, lang),
                chips=_n(chips, lang),
            ),
            allowed_mentions=NONE,
        )

    async def _buy_in_when_exhausted(
        self, interaction: discord.Interaction[Any], ruleset: str, rule: int
    ) -> None:
        """``/chips buyin`` under a ruleset's own buy-in rule (:func:`buy_in_rule`)."""
        lang, guild, user = language(interaction.locale), interaction.guild_id or 0, interaction.user
        options = await self.bot.storage.club_options(guild)
        before = await self.bot.storage.balance(guild, user.id)
        if before > 0:
            await self._refuse(
                interaction, "chips_not_exhausted", chips=_n(before, lang), ruleset=ruleset, rule=rule
            )
            return
        await self._remember(user)
        try:
            await self.bot.storage.club_buy_in(guild, user.id, when_exhausted=f"{ruleset} rule {rule}")
        except StorageInputError as exc:  # a cap the club set, or chips that came in meanwhile
            await self._refuse(interaction, "chips_refused", reason=str(exc))
            return
        chips = await self.bot.storage.balance(guild, user.id)
        await interaction.response.send_message(
            text(
                "chips_bought_exhausted",
                lang,
                who=user.mention,
                before=_n(before, lang),
                amount=_n(options.buy_in_amount, lang),
                ruleset=ruleset,
                rule=rule,
                chips=_n(chips, lang),
            ),
            allowed_mentions=NONE,
        )

    # ------------------------------------------------------------------ admins

    @chips.command(name="adjust", description="Admin: add (or with a minus, take) chips, with the reason")
    @app_commands.describe(
        member="The member",
        amount="Chips to add, or negative to take",
        reason="Why, for the ledger",
        below_floor="True: take the chips even below the club's floor",
    )
    async def adjust(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member,
        amount: int,
        reason: app_commands.Range[str, 1, 200],
        below_floor: bool = False,
    ) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        if not await is_admin(self.bot, interaction):
            await self._refuse(interaction, "chips_not_admin")
            return
        if amount == 0 or not -MAX_AMOUNT <= amount <= MAX_AMOUNT:
            await self._refuse(interaction, "chips_bad_adjustment", amount=_n(amount, lang))
            return
        await self._remember(member)
        try:
            await self.bot.storage.adjust(
                guild, member.id, amount, actor_id=interaction.user.id, reason=reason, below_floor=below_floor
            )
        except InsufficientBalanceError as exc:
            await self._refuse(
                interaction,
                "chips_adjust_below_floor",
                who=member.mention,
                amount=_n(-amount, lang),
                left=_n(exc.have + amount, lang),
                floor=_n(exc.floor, lang),
                most=_n(exc.most, lang),
            )
            return
        except StorageInputError as exc:
            await self._refuse(interaction, "chips_refused", reason=str(exc))
            return
        chips = await self.bot.storage.balance(guild, member.id)
        await interaction.response.send_message(
            text(
                "chips_adjusted",
                lang,
                actor=interaction.user.mention,
                who=member.mention,
                amount=signed(amount, lang),
                reason=reason,
                chips=_n(chips, lang),
            ),
            allowed_mentions=NONE,
        )

    async def _new_season(self, interaction: discord.Interaction[Any], name: str | None) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        if not await is_admin(self.bot, interaction):
            await self._refuse(interaction, "chips_not_admin")
            return
        old = await self.bot.storage.current_season(guild)
        chosen = (await self.bot.storage.table_settings(guild)).initial_balance  # /settings initial_balance
        new = await self.bot.storage.new_season(
            guild,
            starting_chips=old.starting_chips if chosen is None else chosen,
            actor_id=interaction.user.id,
            name=name,
        )
        await interaction.response.send_message(
            text("chips_season_opened", lang, old=old.name, new=new.name, chips=_n(new.starting_chips, lang)),
            allowed_mentions=NONE,
        )

    @season.command(name="new", description="Admin: close this season and open a new one with a name")
    @app_commands.describe(name="The new season's name")
    async def season_new(
        self, interaction: discord.Interaction[Any], name: app_commands.Range[str, 1, 100]
    ) -> None:
        await self._new_season(interaction, name)

    @season.command(
        name="close", description="Admin: close this season (its standings stay) and open the next"
    )
    async def season_close(self, interaction: discord.Interaction[Any]) -> None:
        await self._new_season(interaction, None)

    @chips.command(name="export", description="Admin: a season's ledger and hands as CSV files")
    @app_commands.describe(season="An earlier season's number (default: this season)")
    async def export(
        self,
        interaction: discord.Interaction[Any],
        season: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        if not await is_admin(self.bot, interaction):
            await self._refuse(interaction, "chips_not_admin")
            return
        seasons = await self.bot.storage.seasons(guild)
        if season is None:
            found = await self.bot.storage.current_season(guild)
        else:
            chosen = next((s for s in seasons if s.number == season), None)
            if chosen is None:
                numbers = [str(s.number) for s in seasons]
                listed = ", ".join(numbers) if len(numbers) <= 10 else f"{numbers[0]}–{numbers[-1]}"
                await self._refuse(interaction, "chips_export_no_season", number=season, seasons=listed)
                return
            found = chosen
        await interaction.response.defer(ephemeral=True, thinking=True)  # a long season reads a while
        ledger = await self.bot.storage.export_ledger_csv(guild, season=found.number)
        hands = await self.bot.storage.export_hands_csv(guild, season=found.number)
        await interaction.followup.send(
            text("chips_export", lang, season=found.name),
            files=[discord.File(io.BytesIO(e.data), filename=e.filename) for e in (ledger, hands)],
            ephemeral=True,
        )

    @export.autocomplete("season")
    @leaderboard.autocomplete("season")
    async def season_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's seasons, newest first, that match what was typed (number or name); the
        open one marked."""
        lang = language(interaction.locale)
        typed = current.strip().casefold()
        choices = []
        for s in reversed(await self.bot.storage.seasons(interaction.guild_id or 0)):
            key = "chips_season_choice" if s.closed_at is not None else "chips_season_choice_open"
            label = text(key, lang, number=s.number, name=s.name)
            if typed in label.casefold():
                choices.append(app_commands.Choice(name=label[:100], value=s.number))
        return choices[:25]


def week_ago() -> str:
    """The time seven days ago as the ledger writes times (ISO, UTC, ``Z``)."""
    then = datetime.now(UTC).replace(tzinfo=None) - timedelta(days=7)
    return then.isoformat(timespec="microseconds") + "Z"


async def leaderboard_png(
    bot: MahjongBot, guild_id: int, lang: Language, *, me: int | None = None, season: int | None = None
) -> tuple[bytes, str, str]:
    """The standings image of the open season (or of season number ``season``, as it closed),
    rendered off the event loop: the top rows, and the row of member ``me`` below them; the
    season's name; and the image's description (its alt text)."""
    if season is None:
        found = await bot.storage.current_season(guild_id)
        standings = await bot.storage.standings(guild_id, since=week_ago())
    else:
        found = next(s for s in await bot.storage.seasons(guild_id) if s.number == season)
        standings = await bot.storage.standings(guild_id, season=season)  # no 7-day change: closed
    season_name = found.name
    rows = [LeaderboardRow(s.display_name, s.chips, s.change) for s in standings]
    mine = next((i for i, s in enumerate(standings) if s.user_id == me), None)
    title = text("chips_leaderboard", lang, season=season_name)
    png = await workers.run(render_leaderboard, rows, title=title, lang=lang, me=mine, priority=workers.CLICK)
    alt = describe_leaderboard(
        [(r.name, r.chips, r.change) for r in rows], title=title, lang=lang, me=mine, change=season is None
    )
    return png, season_name, alt


async def setup(bot: MahjongBot) -> None:
    """Load the cog and register its persistent component (discord.py extension entry point)."""
    await bot.add_cog(ChipsCog(bot))
    bot.add_dynamic_items(HistoryButton)


async def teardown(bot: MahjongBot) -> None:
    """Unload: the history buttons are no longer taken (discord.py extension exit point)."""
    bot.remove_dynamic_items(HistoryButton)
