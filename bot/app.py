"""The bot: :func:`create_bot` builds it without connecting, so that the real
client and offline harnesses (``tests/discord_harness.py``) drive the same code.

``setup_hook`` opens the storage, loads the cogs (each registers the persistent
components it sends: their custom_ids carry the table and the action, so buttons keep
working after a restart), starts restoring unfinished tables in the background by
replaying their logs (``bot/restore.py``: the bot answers at once; a click on a table not
restored yet restores that one first), starts the pruning of old games' move logs
(``bot/retention.py``), uploads the tile faces missing from the application's emoji in the
background (``bot/emoji.py``, when ``MAHJONG_TILE_EMOJI`` is on), and syncs the slash commands
(to ``dev_guild`` at once when one is set; only the process that runs shard 0, unless
``MAHJONG_SYNC_COMMANDS`` says otherwise).

The bot is an ``AutoShardedBot``: one process runs the shards ``MAHJONG_SHARD_IDS`` of
``MAHJONG_SHARD_COUNT`` (all of them by default) and restores and drives only the tables of
the servers on them (``BotConfig.serves``).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from bot import emoji, workers
from bot.clock import Clock, SystemClock
from bot.config import BotConfig, shard_of
from bot.emoji import upload_tile_emoji
from bot.i18n import error_reason, language, text
from bot.presenter import DiscordPresenter
from bot.restore import PendingGame, RestoreQueue, rebuild_game
from bot.retention import keep_pruning
from bot.storage import GameRecord, Storage, StorageError
from bot.storage.records import computer_numbers, computer_of
from bot.storage.table_settings import TableSettings
from bot.table import Seat, Table, new_seed, public_reason
from bot.translator import CatalogueTranslator
from engine.game import Game

if TYPE_CHECKING:
    from bot.cogs.table import TableCog

log = logging.getLogger(__name__)

PersistentItem = type[discord.ui.DynamicItem[Any]]
"""A persistent component's class: a ``DynamicItem`` whose custom_id template names its table,
request or page, so it works after a restart."""

EXTENSIONS: tuple[str, ...] = (
    "bot.cogs.table",
    "bot.cogs.scoring",
    "bot.cogs.chips",
    "bot.cogs.stats",
    "bot.cogs.settings",
    "bot.cogs.rating",
    "bot.cogs.replay",
    "bot.cogs.record",
)
"""The cogs ``setup_hook`` loads: each extension's ``setup`` adds its cog and registers the
persistent components it sends (``bot.add_dynamic_items``)."""

COMMAND_ERRORS: dict[str, str] = {
    "mahjong": "error",
    "score": "score_error",
    "chips": "chips_error",
    "stats": "stats_error",
    "settings": "settings_error",
    "rating": "rating_error",
    "record": "record_error",
    "Score this hand": "score_error",
}
"""A failed slash command's message, by its top-level command (a message command by its name):
each area says it in its own words (a failed /chips does not speak of the table); any other
command ``command_error``."""


class MahjongBot(commands.AutoShardedBot):
    """One process, many guilds and tables, the shards the configuration names (all by default):
    it drives only the tables of servers on its shards."""

    def __init__(
        self,
        config: BotConfig,
        *,
        storage: Storage | None = None,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # interactions need no privileged intent
        shards: dict[str, Any] = {"shard_count": config.shard_count}
        if config.shard_ids is not None:  # else all of them: 0 to shard_count - 1
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **shards)
        self.config = config
        self.storage = storage or Storage(config.database)
        self.clock: Clock = clock or SystemClock()
        """Every table's timers and the presenter's pace run on it (``bot/clock.py``)."""
        self.seeds: Callable[[], int] = seeds or new_seed
        """Draws each new game's seed."""
        self.presenter = DiscordPresenter(self)
        self.tables: dict[int, Table] = {}
        """Open tables by channel id."""
        self.unrestored: dict[int, int] = {}
        """By channel id: the live game that could not be restored at start-up (left live in storage
        until a new table opens in that channel)."""
        self.pruning: asyncio.Task[None] | None = None
        self.restoring = RestoreQueue(self._restore_pending)
        """The stored games not restored yet (``bot/restore.py``): restored in the background,
        a channel's first when someone needs it (:meth:`table_in`)."""
        self.restore_task: asyncio.Task[None] | None = None
        """Restores every queued game in the background, from ``setup_hook`` on."""
        self.emoji_task: asyncio.Task[int] | None = None
        """Uploads the tile emoji missing at start-up, in the background (``bot/emoji.py``)."""
        self.workers: workers.Pool | None = None
        """The worker processes of images, hints and decisions while the bot runs (``bot/workers.py``)."""
        self._persistent: dict[re.Pattern[str], PersistentItem] = {}
        """Prunes old games' move logs at start-up and then periodically (``bot/retention.py``)."""
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self._on_our_shards  # type: ignore[method-assign]

    async def _on_our_shards(self, interaction: discord.Interaction[Any]) -> bool:
        """Every slash command and autocomplete: refused (logged, and answered) for a server on
        another process's shards."""
        if self.serves(interaction.guild_id):
            return True
        try:
            if interaction.type == discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(
                    text("not_on_shard", language(interaction.locale)), ephemeral=True
                )
        except discord.HTTPException:
            log.warning("could not answer an interaction of a server on another shard")
        return False

    async def _on_command_error(
        self, interaction: discord.Interaction[Any], error: discord.app_commands.AppCommandError
    ) -> None:
        """A slash command that failed still answers, with a short ephemeral message."""
        cause = error.original if isinstance(error, discord.app_commands.CommandInvokeError) else error
        log.error("a slash command failed: %s", public_reason(cause))
        command = interaction.command
        if isinstance(command, discord.app_commands.ContextMenu):
            root = command.name  # a message command's name has spaces
        else:
            root = command.qualified_name.split()[0] if command is not None else ""
        key = COMMAND_ERRORS.get(root, "command_error")
        lang = language(interaction.locale)
        message = text(key, lang, reason=error_reason(cause, lang))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell the user that a command failed")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a component interaction that no component of the bot takes (its custom_id fits
        no template of :attr:`persistent_items`: forged, damaged, or from an older bot): a short
        ephemeral message instead of "This interaction failed". The others are answered by their
        component (discord.py dispatches them itself)."""
        if interaction.type != discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if any(template.fullmatch(custom_id) for template in self._persistent):
            return
        log.debug("a component no template takes: %.40r", custom_id)
        try:
            await interaction.response.send_message(
                text("component_broken", language(interaction.locale)), ephemeral=True
            )
        except discord.HTTPException:
            log.warning("could not answer a component no template takes")

    def add_dynamic_items(self, *items: PersistentItem) -> None:
        """Register persistent components (each cog's ``setup`` registers the ones it sends) and
        remember their templates for :meth:`on_interaction`."""
        super().add_dynamic_items(*items)
        for item in items:
            self._persistent[item_template(item)] = item

    def remove_dynamic_items(self, *items: PersistentItem) -> None:
        """Unregister persistent components (a cog's ``cog_unload``): their custom_ids are then
        answered as broken."""
        super().remove_dynamic_items(*items)
        for item in items:
            self._persistent.pop(item_template(item), None)

    @property
    def persistent_items(self) -> tuple[PersistentItem, ...]:
        """Every persistent component registered, in the order registered: every component the
        bot sends is one of them."""
        return tuple(self._persistent.values())

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of server ``guild_id`` (so restores and drives its
        tables); a server on another shard is logged (Discord sends its interactions to the
        process that runs its shard, so this one should never see them)."""
        if self.config.serves(guild_id):
            return True
        log.warning(
            "an interaction of server %s, which is on shard %s, not on this process's shards %s: refused",
            guild_id,
            shard_of(guild_id or 0, self.config.shard_count or 1),
            ", ".join(map(str, self.config.shard_ids or ())),
        )
        return False

    async def table_in(self, channel_id: int) -> Table | None:
        """The channel's table, once restored: a table still waiting for its start-up restore is
        restored now (before the others still queued) and awaited; never all of them."""
        if self.restoring.pending(channel_id):
            await self.restoring.wait_for(channel_id)
        return self.tables.get(channel_id)

    @property
    def table_cog(self) -> TableCog:
        """The cog whose handlers the table's persistent components call.

        :raises RuntimeError: when the table cog is not loaded (its components are then not
            registered either, so no click gets here)."""
        cog = self.get_cog("TableCog")
        if cog is None:
            raise RuntimeError("the table cog is not loaded")
        return cast("TableCog", cog)

    def new_table(
        self,
        guild_id: int,
        channel_id: int,
        owner_id: int,
        ruleset: str,
        overrides: dict[str, object],
        settings: TableSettings | None = None,
    ) -> Table:
        """A new lobby in a channel: its times and language from ``settings`` (the channel's over
        the server's, as ``Storage.table_settings`` gives them) where set, else the configured
        ones. The table keeps them: a later change of the settings never alters it."""
        c, s = self.config, settings or TableSettings()
        table = Table(
            guild_id,
            channel_id,
            owner_id,
            ruleset,
            overrides,
            self.storage,
            self.presenter,
            pace=c.pace_seconds,
            turn_seconds=c.turn_seconds if s.turn_seconds is None else float(s.turn_seconds),
            claim_seconds=(
                c.claim_seconds
                if s.claim_seconds is None
                else max(float(s.claim_seconds), c.claim_min_seconds)
            ),
            claim_min_seconds=c.claim_min_seconds,
            next_hand_seconds=(
                c.next_hand_seconds if s.next_hand_seconds is None else float(s.next_hand_seconds)
            ),
            clock=self.clock,
        )
        if s.language is not None:
            table.language = s.language
        self.presenter.forget(channel_id)
        self.tables[channel_id] = table
        return table

    async def setup_hook(self) -> None:
        await self.storage.open()
        count = self.config.workers
        self.workers = workers.start(workers.default_count() if count is None else count)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:  # each registers its own persistent components
            await self.load_extension(extension)
        await self.queue_restores()
        self.restore_task = asyncio.create_task(self.restoring.run(), name="restore tables")
        if self.config.tile_emoji:
            self.emoji_task = asyncio.create_task(upload_tile_emoji(self), name="tile emoji")
        elif emoji.REGISTRY.owner is not self:
            emoji.REGISTRY.clear()  # texts name tiles alone (an earlier bot of this process had emoji)
        if self.config.keep_logs_days:
            self.pruning = asyncio.create_task(
                keep_pruning(self.storage, self.clock, self.config.keep_logs_days)
            )
        if not self.config.syncs_commands:
            log.info("slash commands are synced by the process that runs shard 0, not this one")
        elif self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def queue_restores(self) -> None:
        """Queue every stored game to restore (:attr:`restoring`): the unfinished games, and the
        finished ones whose final sheet the stop kept from their channel, of the servers on this
        process's shards; the others are another process's."""
        mine, others = [], 0
        for game_id, guild_id, channel_id, lang, status in await self.storage.games_to_restore():
            if self.config.serves(guild_id):
                mine.append(PendingGame(game_id, guild_id, channel_id, lang, status))
            else:
                others += 1
        for (
            game_id,
            guild_id,
            thread_id,
            parent_id,
            link_id,
            lang,
            status,
        ) in await self.storage.threads_to_close():
            if self.config.serves(guild_id):  # ended, but the stop came before its thread was archived
                ended = "thread_over" if status == "finished" else "thread_closed"
                mine.append(PendingGame(game_id, guild_id, thread_id, lang, ended, parent_id, link_id))
        if others:
            log.info("%s stored tables are on other shards: another process restores them", others)
        log.info("restoring %s tables in the background", len(mine))
        self.restoring.add(mine)

    async def restore_tables(self) -> None:
        """Restore every stored game now (:meth:`queue_restores`, then each in turn) and return
        once all are restored."""
        await self.queue_restores()
        await self.restoring.run()

    async def drop_table(self, channel_id: int) -> None:
        """A channel's table is gone (stopped, closed): forget it, and give up this process's
        claim on the channel (another process may drive its next table)."""
        self.tables.pop(channel_id, None)
        self.presenter.forget(channel_id)
        try:
            await self.storage.release_table(channel_id)
        except StorageError as exc:  # the claim ends with the connection anyway
            log.warning("could not release the claim on channel %s: %s", channel_id, type(exc).__name__)

    async def _restore_pending(self, pending: PendingGame) -> None:
        """Rebuild one stored game by replaying its log and let it go on, or post the final sheet
        of a finished game whose sheet the stop kept from its channel; a game that cannot be
        restored is reported (its channel told, nothing concealed) and left live in storage.
        A game whose channel another bot process drives (a rolling restart, a change of shard
        count: ``Storage.claim_table``) is left to that process."""
        if pending.status in ("thread_over", "thread_closed") and pending.parent_id is not None:
            reason = "game_over" if pending.status == "thread_over" else "stopped"
            if await self.presenter.close_thread_of(
                pending.channel_id, pending.parent_id, pending.link_id, language(pending.language), reason
            ):
                await self.storage.mark_thread_closed(pending.game_id)
            return
        try:
            if not await self.storage.claim_table(pending.channel_id):
                log.info(
                    "the table in channel %s is driven by another process: not restored here",
                    pending.channel_id,
                )
                return
            record = await self.storage.load_game(pending.game_id)
            game = await asyncio.to_thread(rebuild_game, record)
        except Exception as exc:  # one bad game must never keep the bot or the other tables down
            await self._not_restored(pending, exc)
            return
        if record.status == "finished":
            await self._post_final_sheet(record, game)
            return
        try:
            await self._restore_table(record, game)
        except Exception as exc:
            table = self.tables.pop(record.channel_id, None)
            if table is not None and table._task is not None:
                table._task.cancel()
            await self._not_restored(pending, exc)

    async def _not_restored(self, pending: PendingGame, error: BaseException) -> None:
        game_id, guild_id, channel_id = pending.game_id, pending.guild_id, pending.channel_id
        if pending.status == "finished":
            log.error("game %s: its final sheet could not be posted: %s", game_id, restore_reason(error))
            await self.storage.mark_end_posted(game_id)  # a replay that fails now fails tomorrow
            return
        # Left live in storage: /mahjong new in its channel sets it aside (abandoned, nothing booked).
        self.unrestored[channel_id] = game_id
        log.error(
            "game %s (server %s, channel %s) could not be restored and is skipped: %s",
            game_id,
            guild_id,
            channel_id,
            restore_reason(error),
        )
        try:  # the channel learns why its table is gone and how it is freed (nothing concealed)
            await self.get_partial_messageable(channel_id).send(
                text("game_not_restored", language(pending.language), game=game_id)
            )
        except discord.HTTPException:
            log.warning("could not tell channel %s that its game was not restored", channel_id)

    async def _post_final_sheet(self, record: GameRecord, game: Game) -> None:
        """A finished game whose final sheet was not posted (the bot stopped between the last
        hand's booking, which ended the game, and the sheet): post it, standings included, and
        mark it posted. Its table is not kept: the channel is free for a new one."""
        table = await self._table_of(record)
        table.game_id, table.game = record.game_id, game
        game.rename([s.name for s in table.seats])
        table.closed = True
        last = record.hands[-1]
        try:  # marks it posted once Discord took it
            await table.show_booked_hand(last.result or "", last.payments, live=False)
        except (discord.Forbidden, discord.NotFound):  # the channel is gone or closed to the bot
            log.warning("could not post the final sheet of game %s in %s", record.game_id, record.channel_id)
            await self.storage.mark_end_posted(record.game_id)
        except discord.HTTPException:  # passing: the next start tries again
            log.warning("could not post the final sheet of game %s in %s", record.game_id, record.channel_id)
        finally:
            await self.drop_table(record.channel_id)

    async def _restore_table(self, record: GameRecord, game: Game) -> None:
        """One unfinished game's table, rebuilt, posted and going on."""
        table = await self._table_of(record)
        table.resume(
            record.game_id,
            game,
            deadline=record.deadline,
            deadline_version=record.deadline_version,
            grace=self.config.restart_grace_seconds,
        )
        last = record.hands[-1]
        try:
            if not game.finished:
                await self.get_partial_messageable(record.channel_id).send(
                    text("game_goes_on", language(table.language))
                )
            await self.presenter.hand_started(table)
        except discord.HTTPException:
            log.warning("could not post the restored table in %s", record.channel_id)
        try:  # storage first, then the sheet: a channel Discord refuses still books and ends
            if game.deal.over and not last.finished:
                await table.finish_unbooked_hand()  # the bot stopped between the last move and booking
            elif game.deal.over:
                # Booked, but the stop may have come before its sheet (and Next hand) was posted,
                # or, for the game's last hand, before an earlier version stored the game's end.
                await table.show_booked_hand(last.result or "", last.payments)
        except discord.HTTPException:
            log.warning("could not post the restored score sheet in %s", record.channel_id)

    async def _table_of(self, record: GameRecord) -> Table:
        """A stored game's table as it opened: its place, owner, ruleset, language, times and
        seats (people by their stored names, computers by the numbers they had in the lobby)."""
        names = {}
        for user_id in (s for s in record.seats if isinstance(s, int)):
            player = await self.storage.get_player(user_id)
            names[user_id] = player.display_name if player else str(user_id)
        table = self.new_table(
            record.guild_id,
            record.channel_id,
            record.created_by or 0,
            record.ruleset,
            dict(record.overrides),
        )
        table.language = record.language
        table.parent_id, table.link_id = record.thread_parent_id, record.thread_link_id
        for name, seconds in record.times.items():  # the times it opened with, not today's
            setattr(table, name, seconds)
        # a computer keeps the number it had in the lobby (one stored without: computer_numbers)
        for s, number in zip(record.seats, computer_numbers(record.seats), strict=True):
            if isinstance(s, int):
                table.seats.append(Seat(s, names[s]))
            else:
                assert number is not None  # computer_numbers numbers every computer seat
                table.seats.append(Seat.computer_player(number, computer_of(s)[0]))
        return table

    async def close(self) -> None:
        if self.restore_task is not None:
            self.restore_task.cancel()
        if self.emoji_task is not None:
            self.emoji_task.cancel()
        if emoji.REGISTRY.owner is self:
            emoji.REGISTRY.clear()
        self.restoring.cancel()
        for table in list(self.tables.values()):
            if table._task is not None:
                table._task.cancel()
        if self.pruning is not None:
            self.pruning.cancel()
        await self.presenter.stop_publishing()
        await super().close()
        await self.storage.close()
        pool, self.workers = self.workers, None
        await workers.stop(pool)


def item_template(item: type[discord.ui.DynamicItem[Any]]) -> re.Pattern[str]:
    """The compiled custom_id template of a persistent component (discord.py keeps it on the class)."""
    template: re.Pattern[str] = item.__discord_ui_compiled_template__
    return template


def restore_reason(error: BaseException) -> str:
    """What a log line may say of why a game could not be restored: never a concealed tile."""
    return str(error)[:300] if isinstance(error, StorageError) else public_reason(error)


def create_bot(
    config: BotConfig,
    *,
    storage: Storage | None = None,
    clock: Clock | None = None,
    seeds: Callable[[], int] | None = None,
) -> MahjongBot:
    """The configured bot, not connected (``bot.run(config.token)`` connects it).

    ``clock``: what every timer reads and waits on (default: the real time, ``SystemClock``);
    ``seeds``: draws each new game's seed (default: unpredictable, ``new_seed``;
    ``bot.table.seed_source(n)`` makes them reproducible from ``n``). Tests pass a
    ``ManualClock`` and a fixed seed."""
    quiet_voice()
    return MahjongBot(config, storage=storage, clock=clock, seeds=seeds)


def quiet_voice() -> None:
    """A text bot needs no voice: discord.py's warnings that the voice libraries (PyNaCl,
    davey) are missing are switched off, as discord.py itself does once it has warned."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
