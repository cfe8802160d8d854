"""``/mahjong``: open a table in a channel, play it with buttons, stop or leave it.

Every interaction is answered (a message, an update or a deferral) within
Discord's three seconds; a refusal is a short ephemeral message in the
clicker's language, never "This interaction failed".
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Concatenate, Literal, ParamSpec

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import RULESET_CHOICES, server_only
from bot.cogs.settings import fit, house_rules, ruleset_changes
from bot.components import DYNAMIC_ITEMS, parse_action_code, picked_tiles
from bot.forms import NEW_FORM, FormError, NewTable, new_table_form, read_new_table, submitted
from bot.history import HISTORY_ITEMS, show_history
from bot.i18n import Language, engine_error, error_reason, language, text
from bot.permissions import is_admin, may_open, may_stop
from bot.settings_registry import ENTRIES
from bot.storage import GameStateError, StorageError
from bot.storage.table_settings import TableSettings
from bot.table import MoveNotStored, Table, TableError, check_rules, public_reason
from engine.actions import Action
from engine.errors import IllegalActionError, MahjongError
from engine.numbers import decimal, number
from engine.rulesets import get_ruleset, table_for
from engine.seats import POSITIONS
from engine.settings import game_length

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

Params = ParamSpec("Params")
Handler = Callable[Concatenate["TableCog", discord.Interaction[Any], Params], Awaitable[None]]
"""A table button's handler: the cog, the click, what the custom_id named."""


def always_answers(handler: Handler[Params]) -> Handler[Params]:
    """A button handler that answers even when it fails: the error is logged (without any
    private detail) and the clicker gets a short ephemeral message, never "This interaction
    failed"."""

    @functools.wraps(handler)
    async def wrapper(
        self: TableCog, interaction: discord.Interaction[Any], /, *args: Params.args, **kwargs: Params.kwargs
    ) -> None:
        try:
            if not self.bot.serves(interaction.guild_id):  # Discord sends them to its shard's process
                await self.refuse(interaction, "not_on_shard")
                return
            await handler(self, interaction, *args, **kwargs)
        except Exception as exc:
            log.error("a %s on a table button failed: %s", type(exc).__name__, public_reason(exc))
            await self.fail(interaction, exc)

    return wrapper


def with_players(overrides: dict[str, object], players: int) -> dict[str, object]:
    """The house rules for a table of ``players`` (three deal by R3, RULES.md §2.4.9).

    >>> with_players({"limit": 500}, 3)
    {'limit': 500, 'players': 3}
    >>> with_players({"players": 3, "deal_pattern": "R3", "limit": 500}, 4)
    {'limit': 500, 'players': 4}
    """
    out = {k: v for k, v in overrides.items() if k != "players" and (k, str(v)) != ("deal_pattern", "R3")}
    out["players"] = players
    return out


def rules_text(table: Table, lang: Language) -> str:
    """What ``/mahjong rules`` says: the ruleset, the house rules that differ from it, the length
    of the game and the table's times."""
    rules = get_ruleset(table.ruleset)
    settings = rules.settings(table.overrides)
    unit, count = game_length(settings)
    lines = [f"**{rules.title_in(lang)}** (`{rules.name}`)", ruleset_changes(rules, lang, names=False)]
    changed = house_rules(rules, table.overrides, lang)
    lines.append(
        text("rules_house", lang, rules="\n".join(changed)) if changed else text("rules_plain", lang)
    )
    limit = table_for(rules.name, settings).limit
    lines.append(
        text(
            "rules_length",
            lang,
            length=text(f"length_{unit}", lang, n=count),
            limit=text("rules_no_limit", lang)
            if limit is None
            else text("rules_limit", lang, limit=number(limit, lang)),
            players=settings.players,
        )
    )

    def seconds(value: float) -> str:
        return decimal(value, lang, digits=2)

    auto = (
        text("rules_next_auto", lang, seconds=seconds(table.next_hand_seconds))
        if table.next_hand_seconds > 0
        else text("rules_next_button", lang)
    )
    lines.append(
        text(
            "rules_times",
            lang,
            turn=seconds(table.turn_seconds),
            low=seconds(table.claim_min_seconds),
            high=seconds(table.claim_seconds),
            next=auto,
        )
    )
    return fit("\n".join(lines).split("\n"), lang)


NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")
"""What the bot needs in a channel to host a table."""

NEEDED_IN_THREAD = (
    "view_channel",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
)
"""What the bot needs in a thread to host a table there."""

THREAD_NEEDED = ("create_public_threads", "send_messages_in_threads")
"""What the bot needs besides :data:`NEEDED` to open a table in a thread of its own."""

THREAD_NAME_MAX = 100
"""A thread's name: 1 to 100 characters (Discord, Start Thread without Message)."""

THREAD_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 1440
"""A table's thread is archived by Discord after a day without activity (one of 60, 1440, 4320
and 10080); the bot archives it itself when the game ends."""


class TableCog(commands.Cog):
    """The table commands and the handlers of every table button."""

    mahjong = app_commands.Group(
        name="mahjong", description="Play Mah-Jongg at a table in this channel", **server_only()
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    # --- Helpers ---------------------------------------------------------------------------------

    async def fail(self, interaction: discord.Interaction[Any], exc: BaseException) -> None:
        """Tell the clicker that something went wrong (and that the table is unchanged)."""
        with contextlib.suppress(discord.HTTPException):
            await self.refuse(interaction, "error", reason=error_reason(exc, language(interaction.locale)))

    async def refuse(self, interaction: discord.Interaction[Any], key: str, **values: object) -> None:
        """An ephemeral refusal in the clicker's language."""
        message = text(key, language(interaction.locale), **values)
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    async def table(self, channel_id: int) -> Table | None:
        """The channel's table: one still waiting for its start-up restore is restored first."""
        return await self.bot.table_in(channel_id)

    # --- Commands ----------------------------------------------------------------------------------

    @mahjong.command(name="new", description="Open a table in this channel")
    @app_commands.describe(
        ruleset="The rules to play",
        computers="How many computer players to seat now (0-3)",
        players="How many play: 4, or 3 where the rules allow it (rumisberg)",
    )
    @app_commands.choices(ruleset=RULESET_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction[Any],
        ruleset: str | None = None,
        computers: app_commands.Range[int, 0, 3] | None = None,
        players: app_commands.Range[int, 3, 4] | None = None,
    ) -> None:
        """Open a table: with options as they say; without any, a form asks (``bot/forms.py``),
        whose submit opens the table the same way (:meth:`open_table`)."""
        if ruleset is None and computers is None and players is None:
            await self.show_new_form(interaction)
            return
        await self.open_table(interaction, ruleset, computers or 0, players)

    async def open_table(
        self,
        interaction: discord.Interaction[Any],
        ruleset: str | None = None,
        computers: int = 0,
        players: int | None = None,
        form: NewTable | None = None,
    ) -> Table | None:
        """Open a table in the interaction's channel (or a thread of its own): the one way of
        ``/mahjong new`` with options and of its form (``form``: the house rules the form changed
        and its times); the table opened. Every refusal is ephemeral and opens nothing (None)."""
        channel_id, guild_id = interaction.channel_id, interaction.guild_id
        assert channel_id is not None and guild_id is not None
        channel = interaction.channel
        where = await self.opening(interaction)
        if where is None:
            return None
        scope, settings, threaded = where
        rules = await self.bot.storage.table_rules(guild_id, scope)
        # The house rules apply to their own ruleset (named or not); another ruleset is played as it is.
        same = ruleset is None or ruleset == rules.ruleset
        name, overrides = (rules.ruleset, dict(rules.overrides)) if same else (ruleset or "", {})
        if form is not None:  # the house rules the form changed, over those the table would take
            overrides = {**overrides, **form.changed}
            settings = dataclasses.replace(
                settings, turn_seconds=form.times["turn_seconds"], claim_seconds=form.times["claim_seconds"]
            )
        if players is not None:
            overrides = with_players(overrides, players)
        try:
            name = check_rules(name, overrides)
        except MahjongError as exc:
            reply = engine_error(exc, language(interaction.locale))
            await interaction.response.send_message(reply, ephemeral=True)
            return None
        speaks = language(settings.language or interaction.guild_locale)
        thread: discord.Thread | None = None
        if threaded:
            assert isinstance(channel, discord.TextChannel)
            thread = await self.open_thread(interaction, channel, name, speaks)
            if thread is None:
                return None
            channel_id = thread.id
        if not await self.bot.storage.claim_table(channel_id):  # another process drives it
            if thread is not None:  # the new thread holds nothing: it is archived again
                with contextlib.suppress(discord.HTTPException):
                    await thread.edit(archived=True)
            await self.refuse(interaction, "table_elsewhere")
            return None
        unreadable = self.bot.unrestored.pop(channel_id, None)
        if unreadable is not None:  # a game that could not be restored is set aside; nothing is booked
            with contextlib.suppress(StorageError):
                await self.bot.storage.end_game(unreadable, reason="could not be restored", abandoned=True)
        # The channel's settings over the server's, over the configuration: the table keeps them.
        table = self.bot.new_table(guild_id, channel_id, interaction.user.id, name, overrides, settings)
        if settings.language is None:
            table.language = language(interaction.guild_locale)  # the server's language, else English
        table.join(interaction.user.id, interaction.user.display_name)
        for _ in range(min(computers, table.size - 1)):  # a three-player table takes two at most
            table.add_computer()
        await self.bot.storage.remember_player(interaction.user.id, interaction.user.display_name)
        if thread is not None:
            # the channel keeps one line that links to the thread; the table lives in the thread
            table.parent_id = thread.parent_id
            opener = discord.utils.escape_markdown(interaction.user.display_name)
            await interaction.response.send_message(
                text("thread_link", speaks, opener=opener, rules=name, thread=thread.mention),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            table.link_id = (await interaction.original_response()).id
            lobby = await thread.send(view=await self.bot.presenter.lobby_message(table))
            table.message_id = lobby.id
            return table
        await interaction.response.send_message(view=await self.bot.presenter.lobby_message(table))
        message = await interaction.original_response()
        table.message_id = message.id
        return table

    async def opening(self, interaction: discord.Interaction[Any]) -> tuple[int, TableSettings, bool] | None:
        """Whether a table may open where ``interaction`` came from (said to the person if not:
        None): the bot's permissions, a table open there already, who may open one. Else the
        channel whose settings apply (a thread's: its channel's), those settings, and whether the
        table gets a thread of its own (``table_in_thread``; never a thread in a thread)."""
        channel_id, guild_id = interaction.channel_id or 0, interaction.guild_id or 0
        channel = interaction.channel
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        scope = parent_id or channel_id
        settings = await self.bot.storage.table_settings(guild_id, scope)
        threaded = (
            isinstance(channel, discord.TextChannel)
            and not isinstance(channel, discord.Thread)
            and bool(settings.table_in_thread)
        )
        needed = NEEDED_IN_THREAD if parent_id is not None else NEEDED + THREAD_NEEDED if threaded else NEEDED
        missing = [p for p in needed if not getattr(interaction.app_permissions, p)]
        if missing:
            await self.refuse(
                interaction,
                "missing_permissions",
                names=", ".join(text(f"permission_{p}", language(interaction.locale)) for p in missing),
            )
            return None
        existing = None if threaded else await self.table(channel_id)
        if existing is not None and not existing.over:
            link = f"https://discord.com/channels/{guild_id}/{channel_id}/{existing.message_id or ''}"
            await self.refuse(interaction, "table_exists", link=link)
            return None
        if not await may_open(self.bot, interaction, settings.who_opens):
            await self.refuse(interaction, "open_not_allowed", role=f"<@&{settings.who_opens}>")
            return None
        return scope, settings, threaded

    async def open_thread(
        self, interaction: discord.Interaction[Any], channel: discord.TextChannel, rules: str, lang: Language
    ) -> discord.Thread | None:
        """A public thread for a new table in ``channel``, named after it (Discord takes 1 to 100
        characters); None after telling the opener why Discord refused it. Never a private thread:
        a server's moderators read those, and a hand's tiles are shown only on ephemeral cards."""
        title = text("thread_name", lang, rules=rules, opener=interaction.user.display_name)
        try:
            return await channel.create_thread(
                name=title[:THREAD_NAME_MAX].strip() or rules,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                reason="a Mah-Jongg table (/mahjong new)",
            )
        except discord.HTTPException as exc:
            log.warning("could not open a thread in %s: %s %s", channel.id, exc.status, exc.code)
            await self.refuse(interaction, "thread_not_made", reason=exc.text or exc.status)
            return None

    @mahjong.command(name="hand", description="Show your hand and your moves (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.show_card(interaction)

    @mahjong.command(name="stop", description="Stop this channel's table (the game is kept)")
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        table = await self.table(interaction.channel_id or 0)
        if table is None:
            await self.refuse(interaction, "no_table")
            return
        lang = language(table.language)
        scope = table.parent_id or table.channel_id  # a thread's table: its channel's settings
        stopper_role = (await self.bot.storage.table_settings(table.guild_id, scope)).who_stops
        if await may_stop(self.bot, interaction, table.owner_id, stopper_role):
            await interaction.response.send_message(text("stopped", lang))
        elif table.seat_of(interaction.user.id) is None:
            if stopper_role:
                await self.refuse(interaction, "stop_not_allowed_role", role=f"<@&{stopper_role}>")
            else:
                await self.refuse(interaction, "stop_not_allowed")
            return
        else:
            votes, needed = table.vote_stop(interaction.user.id)
            if votes < needed:
                name = discord.utils.escape_markdown(interaction.user.display_name)
                await interaction.response.send_message(
                    text("stop_vote", lang, name=name, votes=votes, needed=needed),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
            await interaction.response.send_message(text("stopped_by_vote", lang))
        if not await table.stop() and table.game_id is not None:
            self.bot.unrestored[table.channel_id] = table.game_id  # still live: it must not block the channel
        else:  # a game still live stays in its open thread, for a restart or /mahjong abandon there
            await table.close_thread("stopped")
        await self.bot.drop_table(table.channel_id)

    @mahjong.command(name="leave", description="Leave your seat; a computer player takes it")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        table = await self.table(interaction.channel_id or 0)
        if table is None or table.seat_of(interaction.user.id) is None:
            await self.refuse(interaction, "not_seated")
            return
        name = interaction.user.display_name
        if not table.started:
            try:
                table.leave_lobby(interaction.user.id)
            except TableError as exc:  # Start is storing the game: the seats are fixed
                await self.refuse(interaction, exc.key)
                return
        else:
            await table.leave_game(interaction.user.id)
        await interaction.response.send_message(text("left_seat", language(table.language), name=name))

    @mahjong.command(name="rules", description="This table's ruleset and house rules")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        table = await self.table(interaction.channel_id or 0)
        if table is None:
            await self.refuse(interaction, "no_table")
            return
        lang = language(interaction.locale)
        await interaction.response.send_message(rules_text(table, lang), ephemeral=True)

    @mahjong.command(
        name="abandon",
        description="Admins: abandon this channel's broken game that no table plays (nothing is booked)",
    )
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        """End, as abandoned, this channel's live game that no table plays (a restart could not
        restore it, or its table stopped after an error): nothing is booked for it and its record
        (game, hands, log) stays for inspection; the channel is free."""
        if not await is_admin(self.bot, interaction):
            await self.refuse(interaction, "abandon_not_admin")
            return
        channel_id = interaction.channel_id or 0
        await self.table(channel_id)  # a game still waiting for its start-up restore is tried first
        game_id = self.bot.unrestored.get(channel_id)
        if game_id is None:
            await self.refuse(interaction, "abandon_nothing")
            return
        with contextlib.suppress(GameStateError):  # no longer live: it is set aside already
            await self.bot.storage.end_game(game_id, reason="abandoned by an admin: broken", abandoned=True)
        self.bot.unrestored.pop(channel_id, None)
        log.info("game %s (channel %s) abandoned by an admin", game_id, channel_id)
        await interaction.response.send_message(
            text("abandoned", language(interaction.guild_locale), game=game_id)
        )
        thread = await self.bot.storage.game_thread(game_id)
        if thread is not None:  # its thread, left open for this, is archived now
            parent_id, link_id, lang = thread
            if await self.bot.presenter.close_thread_of(
                channel_id, parent_id, link_id, language(lang), "stopped"
            ):
                await self.bot.storage.mark_thread_closed(game_id)

    @mahjong.command(
        name="history", description="Recent games on this server, played here or recorded, newest first"
    )
    @app_commands.describe(member="Only the games this member sat in")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        """The server's games, paged, ephemerally (:mod:`bot.history`)."""
        await show_history(interaction, None if member is None else member.id)

    # --- The form of /mahjong new (issue 31: forms) -------------------------------------------------

    async def show_new_form(self, interaction: discord.Interaction[Any]) -> None:
        """Answer ``/mahjong new`` without options with its form: the channel's ruleset chosen,
        its house rules and times filled in. What would refuse the table whatever the form says
        (the bot's permissions, a table already open, who may open one) is said at once, before
        anyone fills it in; :meth:`open_table` checks it all again on submit."""
        guild_id = interaction.guild_id or 0
        lang = language(interaction.locale)
        where = await self.opening(interaction)
        if where is None:
            return
        scope, settings, _ = where
        rules = await self.bot.storage.table_rules(guild_id, scope)
        config = self.bot.config
        times = {
            "turn_seconds": settings.turn_seconds or int(config.turn_seconds),
            "claim_seconds": settings.claim_seconds or int(config.claim_seconds),
        }
        values = {name: getattr(rules.settings, name, None) for name in ENTRIES}
        form = new_table_form(rules.ruleset, values, rules.settings.players, times, lang)
        await interaction.response.send_modal(form)

    @commands.Cog.listener("on_interaction")
    async def on_new_form(self, interaction: discord.Interaction[Any]) -> None:
        """A submitted new-table form, read from its custom_id and values alone (so one shown
        before a restart is taken after it): checked, then opened by :meth:`open_table`."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not NEW_FORM.fullmatch(custom_id):
            return
        lang = language(interaction.locale)
        try:
            if not self.bot.serves(interaction.guild_id):
                await self.refuse(interaction, "not_on_shard")
                return
            try:
                form = read_new_table(custom_id, submitted(data.get("components") or []), lang)
            except FormError as exc:
                await self.refuse(interaction, exc.key, **exc.values)
                return
            table = await self.open_table(interaction, form.ruleset, form.computers, form.players, form)
            if table is not None:  # opened (here or in a thread of its own): what it plays, to its opener
                await interaction.followup.send(
                    text("form_opened", lang, rules=rules_text(table, lang)), ephemeral=True
                )
        except Exception as exc:
            log.error("the new-table form failed: %s", public_reason(exc))
            await self.fail(interaction, exc)

    # --- Buttons ---------------------------------------------------------------------------------

    @always_answers
    async def on_lobby(self, interaction: discord.Interaction[Any], channel_id: int, op: str) -> None:
        table = await self.table(channel_id)
        if table is None:
            await self.refuse(interaction, "no_table")
            return
        user = interaction.user
        try:
            if op == "join":
                table.join(user.id, user.display_name)
                await self.bot.storage.remember_player(user.id, user.display_name)
            elif op == "leave":
                table.leave_lobby(user.id)
            elif op == "add":
                table.add_computer()
            elif op != "start":  # a forged or damaged button: no such step
                raise TableError("component_broken")
            elif op == "start":
                if table.started or table.starting:  # another click was first: no error, just say so
                    raise TableError("already_started")
                if user.id != table.owner_id:
                    raise TableError("only_owner")
                await interaction.response.defer()
                await table.start(self.bot.seeds())
                await interaction.edit_original_response(
                    view=discord.ui.LayoutView(timeout=None).add_item(
                        discord.ui.TextDisplay(
                            text("lobby_title", lang := language(table.language), rules=table.title(lang))
                        )
                    )
                )
                return
        except TableError as exc:
            await self.refuse(interaction, exc.key)
            return
        await interaction.response.edit_message(view=await self.bot.presenter.lobby_message(table))

    @always_answers
    async def on_table_button(
        self, interaction: discord.Interaction[Any], op: str, channel_id: int, n: int | None
    ) -> None:
        table = await self.table(channel_id)
        if table is None or table.game is None:
            await self.refuse(interaction, "no_table")
            return
        if op == "hand":
            await self.show_card(interaction)
        elif op == "back":
            # Clicked on the table message: the click's answer shows the table without the away
            # line (an interaction response; a channel edit would count against the global limit)
            on_table = interaction.message is not None and interaction.message.id == table.message_id
            if await table.come_back(interaction.user.id, show=not on_table):
                if on_table and not await self.bot.presenter.answer_on_table(table, interaction):
                    await self.bot.presenter.table_changed(table)
                await self.show_card(interaction)
            else:
                await self.refuse(interaction, "not_seated")
        elif op == "next":
            if n is not None and n != table.game.hand_number:
                # a second click, or an old sheet's button: the next hand has started already; a
                # seated person gets their card with it
                number = table.game.hand_number
                if table.position_of(interaction.user.id) is None:
                    await self.refuse(interaction, "next_hand_started_seen", number=number)
                else:
                    intro = text("next_hand_started", language(interaction.locale), number=number)
                    await self.show_card(interaction, intro=intro)
                return
            await interaction.response.defer()
            try:
                why = await table.next_hand(interaction.user.id)
            except MoveNotStored as exc:  # nothing changed: the click may be tried again
                await self.refuse(interaction, "click_not_saved", reason=exc.reason)
                return
            if why:
                await self.refuse(interaction, why)

    async def seated(
        self, interaction: discord.Interaction[Any], channel_id: int
    ) -> tuple[Table, int] | None:
        """The table in play and the clicker's position, or None after refusing the click."""
        table = await self.table(channel_id)
        if table is None or table.game is None:
            await self.refuse(interaction, "no_table")
            return None
        position = table.position_of(interaction.user.id)
        if position is None:
            await self.refuse(interaction, "not_seated")
            return None
        return table, position

    async def show_card(
        self,
        interaction: discord.Interaction[Any],
        note: str = "",
        *,
        with_hint: bool = False,
        intro: str = "",
    ) -> None:
        """Answer with the clicker's private card (or a refusal); ``intro`` comes first on it."""
        seated = await self.seated(interaction, interaction.channel_id or 0)
        if seated is None:
            return
        table, position = seated
        answered = interaction.response.is_done()  # the click's answer edited the table message
        if not answered:
            await interaction.response.defer(ephemeral=True, thinking=True)
        layout, file = await self.bot.presenter.card(
            table, position, language(interaction.locale), note=note, with_hint=with_hint, intro=intro
        )
        sent = await interaction.followup.send(view=layout, file=file, ephemeral=True, wait=True)
        # after an answer on the table message, the card is a followup of its own: it is edited
        # as that message, never as the interaction's original response (the table message)
        self.bot.presenter.remember_card(
            table, interaction.user.id, interaction, message=sent if answered else None
        )

    @always_answers
    async def on_move(
        self, interaction: discord.Interaction[Any], channel_id: int, version: int, code: str
    ) -> None:
        lang = language(interaction.locale)
        seated = await self.seated(interaction, channel_id)
        if seated is None:
            return
        table, position = seated
        await interaction.response.defer()  # the card is updated in place below
        note = ""
        if code == "hint":
            layout, file = await self.bot.presenter.card(table, position, lang, with_hint=True)
            await interaction.edit_original_response(view=layout, attachments=[file])
            self.bot.presenter.remember_card(table, interaction.user.id, interaction)
            return
        action = parse_action_code(code)
        try:
            why = "stale" if action is None else await table.act(interaction.user.id, action, version)
        except IllegalActionError as exc:
            why, note = None, engine_error(exc, lang)  # private to this seat: shown only on its own card
        except MoveNotStored as exc:  # not applied: the card stays, and the click may be tried again
            why, note = None, text("click_not_saved", lang, reason=exc.reason)
        if why:
            note = text(why, lang)
        elif not note and table.held:
            note = text("card_answered", lang)
        shown = table.game.version if table.game is not None else None
        layout, file = await self.bot.presenter.card(table, position, lang, note=note)
        await interaction.edit_original_response(view=layout, attachments=[file])
        self.bot.presenter.remember_card(table, interaction.user.id, interaction)
        if not note and table.game is not None and table.game.version != shown:
            # The table moved on while this answer was drawn and sent (the computers' moves
            # the click set off): a card edit the table made meanwhile may have come first.
            await self.bot.presenter.seat_to_move(table, position)

    @always_answers
    async def on_exchange_pick(
        self,
        interaction: discord.Interaction[Any],
        channel_id: int,
        version: int,
        kind: str,
        values: list[str],
    ) -> None:
        """A pick in the Gulasch exchange select: nothing is applied; the card comes back with
        the choice and its confirm button, or with why the choice cannot be made (a stale card,
        not this seat's move, tiles the engine refuses)."""
        lang = language(interaction.locale)
        seated = await self.seated(interaction, channel_id)
        if seated is None:
            return
        table, position = seated
        await interaction.response.defer()  # the card is updated in place below
        tiles = picked_tiles(values)
        picked: Action | None = None
        note = ""
        try:
            picked = None if tiles is None else Action(POSITIONS[position], kind, tiles=tiles)
        except MahjongError:
            picked = None
        try:
            why = (
                "exchange_bad_pick"
                if picked is None
                else await table.check(interaction.user.id, picked, version)
            )
        except IllegalActionError as exc:
            why, note = None, engine_error(exc, lang)  # private to this seat: shown only on its own card
        if why:
            note = text(why, lang)
        layout, file = await self.bot.presenter.card(
            table, position, lang, note=note, picked=() if note else tuple(values)
        )
        await interaction.edit_original_response(view=layout, attachments=[file])
        self.bot.presenter.remember_card(table, interaction.user.id, interaction)


async def setup(bot: MahjongBot) -> None:
    """Load the cog and register the table's persistent components (discord.py extension entry
    point)."""
    await bot.add_cog(TableCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *HISTORY_ITEMS)


async def teardown(bot: MahjongBot) -> None:
    """Unload: the table's components are no longer taken (discord.py extension exit point)."""
    bot.remove_dynamic_items(*DYNAMIC_ITEMS, *HISTORY_ITEMS)
