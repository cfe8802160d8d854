"""What a table shows in Discord: the public table message (Components V2: a container with
the status text, the table image and the buttons), the private cards, the score sheet.

Rendering runs off the event loop, in the worker processes (``bot/workers.py``). Edits of a table message are
coalesced: at most one per ``pace_seconds``, always ending on the latest state. Each hand
gets a new table message; the old one keeps its last image and loses its buttons.

Discord counts every channel request of a bot token against one global limit (50 per second),
while interaction responses do not count. So the table message is edited only when the table
must be seen (:meth:`DiscordPresenter.needs_picture`): a person must act (their turn, an
exchange step), a go-around has passed without a picture, the hand is over, or who is away
changed; a computer's discard alone is not shown at once, and the next picture's text lists in
words what happened since the last one. A claim window is decided on the person's card: a
picture taken because a person may claim would tell the table that somebody can. A change that
a click on the table message caused is answered through that interaction
(:meth:`DiscordPresenter.answer_on_table`).

Hidden information: the public message is built from the public view only
(``game.view(None)``); a seat's tiles go only into that person's ephemeral card.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

import discord

from bot import workers
from bot.components import (
    DiscardSelect,
    ExchangeSelect,
    LobbyButton,
    MoveButton,
    TableButton,
    action_code,
    picked_tiles,
    tile_options,
)
from bot.emoji import beside_names, emoji_run, say_with_emoji, tile_emoji
from bot.i18n import Language, language, text
from bot.settings_registry import changed_rules
from bot.table import Table
from engine.actions import MULTI_TILE_KINDS, Action, ActionKind
from engine.ai.hints import hint
from engine.errors import MahjongError
from engine.events import Event, EventKind
from engine.numbers import decimal, number, signed
from engine.rulesets import get_ruleset
from engine.seats import POSITIONS
from engine.tiles import Tile, Wind, tile_name, tiles_in_words, wind_name
from engine.views import ExchangeView, Phase, SeatView
from render.describe import describe_hand, describe_sheet, describe_table
from render.hand import render_hand
from render.sheet import render_sheet, sheet_lines
from render.table import render_table

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

SINCE_MOST = 8
"""The most moves the table message lists as done since its last picture (the latest ones)."""

CARD_LIFETIME = 14 * 60
"""An interaction token lasts 15 minutes; a card older than this is not edited any more."""


def say_tile(tile: Tile | None, lang: Language, ruleset: str = "") -> str:
    """A tile in a sentence, a label or an option, by name (:func:`engine.tiles.tile_name`; the
    codes ``5p``, ``7z`` are for notation a person types): as ``ruleset`` names it (jiangxi's
    after seed 004: ``Zhong``).

    >>> say_tile(Tile.parse("5p"), "en"), say_tile(Tile.parse("7z"), "de")
    ('Circles 5', 'Roter Drache')
    >>> say_tile(Tile.parse("7z"), "de", "jiangxi")
    'Zhong'
    """
    if tile is None:
        return ""
    return tile_name(tile, lang, ruleset)


def riichi_step(legal: list[Action]) -> bool:
    """Whether ``legal`` is the riichi decision at the beginning of a turn, before the draw
    (``riichi`` without a tile, or ``pass`` to draw without it; RULES.md §2.3.6)."""
    return any(a.kind == ActionKind.RIICHI and a.tile is None for a in legal)


def action_label(action: Action, lang: Language, ruleset: str = "") -> str:
    """The button label of a move, its tiles by name (``Pong``, ``Chow Circles 3-4-5``,
    ``Kong Kreis-5``, ``Mah-Jongg``, ``Pass``).

    >>> from engine.seats import Position
    >>> action_label(Action(Position(0), ActionKind.CHOW, Tile.parse("3p")), "de")
    'Chow Kreis 3-4-5'
    >>> action_label(Action(Position(0), ActionKind.CONCEALED_KONG, Tile.parse("1z")), "en")
    'Kong East wind'
    """
    kind = action.kind
    if kind == ActionKind.CHOW and action.tile is not None:
        run = (action.tile, action.tile + 1, action.tile + 2)
        return text("chow", lang, tiles=tiles_in_words(run, lang, ruleset))
    if kind == ActionKind.DISCARD:
        return say_tile(action.tile, lang, ruleset)
    if kind == ActionKind.RIICHI:
        return text(kind, lang)
    if kind in (
        ActionKind.CALL,
        ActionKind.FISHING,
        ActionKind.CONCEALED_KONG,
        ActionKind.ADDED_KONG,
    ):
        return text(kind, lang, tile=say_tile(action.tile, lang, ruleset))
    return text(kind, lang)


_EVENT_WORDS: dict[EventKind, str] = {
    EventKind.DISCARD: "did_discard",
    EventKind.CALL: "did_call",
    EventKind.CLAIM: "did_claim",
    EventKind.KONG: "did_kong",
    EventKind.BONUS: "did_bonus",
    EventKind.MAHJONG: "did_mahjong",
}


def say_tiles(tiles: tuple[Tile, ...], lang: Language, ruleset: str = "") -> str:
    """Tiles in a sentence, one by one, by name (``Characters 1, Kreis-5, Red dragon``).

    >>> say_tiles((Tile.parse("1m"), Tile.parse("7z")), "de")
    'Zahl-1, Roter Drache'
    """
    return ", ".join(say_tile(t, lang, ruleset) for t in tiles)


def say_meld(
    kind: str, tiles: tuple[int, ...], lang: Language, ruleset: str = "", *, emoji: bool = False
) -> str:
    """A set laid out, by name: ``pong Red dragon``, ``Chow Kreis 3-4-5``, ``Kong Bambus-2``.

    >>> say_meld("pong", (33, 33, 33), "en"), say_meld("chow", (11, 12, 13), "de")
    ('pong Red dragon', 'Chow Kreis 3-4-5')
    """
    faces = emoji_run(sorted(tiles)) if emoji else ""  # the tile emoji before the words, when asked
    said = tiles_in_words(sorted(set(tiles)), lang, ruleset)
    return " ".join(part for part in (text("meld_" + kind, lang), faces, said) if part)


def describe(table: Table, events: list[Event], lang: Language) -> str:
    """The table's last public action in words (private events are skipped). A Gulasch
    exchange is told without its tiles: they change hands face down."""
    game = table.game
    names = [] if game is None else [table.seat_at(p).name for p in game.positions]
    east = None if game is None else game.position_of(Wind.EAST)
    action = event_words(events, names, east, lang, table.ruleset, emoji=True)
    return text("last_action", lang, action=action) if action else ""


def event_words(
    events: Sequence[Event],
    names: Sequence[str],
    east: int | None,
    lang: Language,
    ruleset: str = "",
    *,
    emoji: bool = False,
) -> str:
    """The last public event of ``events`` in words (``Ada discarded Bamboo 5``), or ``""`` when
    none is public: the one source of what the table is told happened, for the table message and
    a replayed hand's card (:mod:`bot.replay`). ``names`` are by position, ``east`` the position of
    this hand's East (None: unknown). A Gulasch exchange is told without its tiles. ``emoji``: each
    tile's emoji beside its name (``bot/emoji.py``; the table message), not where the words become
    a select option's label or are escaped as markdown (a replay's)."""
    for e in reversed(events):
        key = _EVENT_WORDS.get(e.kind)
        if e.kind in (EventKind.DECLARE, EventKind.PAID, EventKind.EXCHANGE):
            key = f"did_{e.kind}_{e.what}"
        if e.kind == EventKind.EXCHANGE and e.what == "wall" and e.amount == 1:
            key = "did_exchange_wall_one"
        if key is None or not e.visible_to(None) or e.seat is None:
            continue
        meld = ""
        if e.meld is not None:
            meld = say_meld(e.meld.kind.name.lower(), tuple(e.meld.tiles), lang, ruleset, emoji=emoji)
        return text(
            key,
            lang,
            name=names[e.seat] if e.seat < len(names) else "",
            tile=say_with_emoji(e.tile, say_tile(e.tile, lang, ruleset))
            if emoji
            else say_tile(e.tile, lang, ruleset),
            meld=meld,
            amount=number(e.amount, lang),
            east="" if east is None or east >= len(names) else names[east],
        )
    return ""


@dataclass
class Card:
    """A person's private card: the interaction that can still edit it."""

    interaction: discord.Interaction[Any]
    created: float
    """When it was made (on the bot's clock)."""
    message: discord.WebhookMessage | None = None
    """The card when it is a followup, not the interaction's original response (a click on the
    table message whose answer edited the table message): edited as that message."""

    def fresh(self, now: float) -> bool:
        """Whether its token can still edit it at ``now``."""
        return now - self.created < CARD_LIFETIME


class Drawn(NamedTuple):
    """What a table message's picture was drawn from: the game's version, how many of the hand's
    public events (:attr:`Table.hand_events`) it shows, and whether it has buttons."""

    version: int
    events: int
    buttons: bool


@dataclass(frozen=True, slots=True)
class Shown:
    """What a channel's table message shows: its id, its status text (the text an old hand's
    message keeps when the next hand begins), what its picture was drawn from, and which seats
    were away."""

    message_id: int
    status: str
    drawn: Drawn
    away: frozenset[int]


class DiscordPresenter:
    """The :class:`bot.table.Presenter` for Discord."""

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        self.cards: dict[tuple[int, int], Card] = {}
        self._dirty: dict[int, asyncio.Event] = {}
        self._changes: dict[int, int] = {}
        """How many times each channel's table was marked changed (``hand_started`` compares)."""
        self._publishers: dict[int, asyncio.Task[None]] = {}
        self._last_shown: dict[int, Shown] = {}
        """By channel: what the table message last sent or edited for the channel's open table
        shows (:class:`Shown`)."""
        self._alt: dict[int, str] = {}
        """By channel: the description of the table image last drawn (its alt text)."""
        self.every_change = False
        """Edit the table message after every change, as before issue 30 (the bench compares)."""

    # --- Public table message ------------------------------------------------------------------

    def status(self, table: Table, view: SeatView, since: int | None = None) -> str:
        """The status lines of the table message (public information only). ``since``: how many
        of the hand's public events the last picture showed; two or more after it are listed."""
        lang: Language = language(table.language)
        game = table.game
        assert game is not None
        head = text(
            "hand_of",
            lang,
            number=view.hand_number,
            wind=wind_name(view.prevailing, lang),
            left=view.wall_live,
        )
        when = (
            discord.utils.format_dt(datetime.fromtimestamp(table.deadline_wall, tz=UTC), "R")
            if table.deadline_wall
            else ""
        )
        deadline = f" ({when})" if when else ""  # a computer's move has no deadline to show
        lines = [head]
        if view.phase == Phase.OVER:
            lines.append(text("game_over" if game.finished else "hand_over", lang))
            if not game.finished and table.next_hand_seconds > 0 and table.deadline_wall:
                lines.append(text("next_hand_at", lang, deadline=when))
        elif view.phase == Phase.TURN and view.turn is not None:
            lines.append(text("turn_of", lang, name=self.called(table, view.turn), deadline=deadline))
        elif view.phase == Phase.EXCHANGE and view.exchange is not None:
            lines.append(self.exchange_status(table, view, view.exchange, lang, deadline))
        elif view.last_discard is not None:
            who, tile = view.last_discard
            key = "claims_open" if view.phase == Phase.CLAIMS else "robbing_open"
            # No countdown in a window: the table has one only while a person may still claim,
            # so showing it would tell everyone that somebody holds what the discard completes.
            lines.append(
                text(
                    key,
                    lang,
                    tile=say_with_emoji(tile, say_tile(tile, lang, table.ruleset)),
                    name=table.seat_at(who).name,
                    deadline="",
                )
            )
        last = self.since_picture(table, since, lang) or describe(table, table.last_events, lang)
        if last:
            lines.append(last)
        for seat in table.seats:
            if seat.user_id is not None and seat.away:
                lines.append(text("away", lang, name=seat.name))
        return "\n".join(lines)

    def since_picture(self, table: Table, since: int | None, lang: Language) -> str:
        """What happened since the last picture, in words (``Since the last picture: Computer 1
        discarded Bamboo 5 · …``), when it was more than one public move; else ``""``."""
        game = table.game
        if since is None or game is None:
            return ""
        names = [table.seat_at(p).name for p in game.positions]
        east = game.position_of(Wind.EAST)
        said = [
            event_words([e], names, east, lang, table.ruleset, emoji=True) for e in table.hand_events[since:]
        ]
        said = [words for words in said if words]
        if len(said) < 2:
            return ""
        if len(said) > SINCE_MOST:
            said = ["…", *said[-SINCE_MOST:]]
        return text("since_picture", lang, actions=" · ".join(said))

    def needs_picture(self, table: Table) -> bool:
        """Whether the table message must show the table now: a person must act (their turn, an
        exchange step) and a public move came after the last picture (or the person has no card
        that asks them), the hand is over, a go-around's worth of discards has gone by since the
        last picture (shown on the next turn), or who is away changed. A computer's move alone
        waits for the next of these (the public requests of a bot token are limited).

        A claim window is never a reason: a picture taken because a person may claim would tell
        everyone that somebody holds what the discard completes. The person decides on their
        card, which names the discard and who made it."""
        game = table.game
        if game is None or self.every_change or table.closed or game.deal.over:
            return True
        shown = self._last_shown.get(table.channel_id)
        if shown is None or shown.message_id != table.message_id:
            return True
        if shown.away != _away(table):
            return True
        moved = table.hand_events[shown.drawn.events :]
        if game.deal.phase == Phase.EXCHANGE and shown.drawn.version != game.version:
            return True  # who has chosen (a give is told without its tiles, as no event)
        claims = game.deal.phase in (Phase.CLAIMS, Phase.ROBBING)
        for position in [] if claims else game.to_act():
            seat = table.seat_at(position)
            if seat.computer:  # on a turn or an exchange step, a person to act has a choice
                continue
            # The picture is current when no public move came after it (only a draw, or the
            # riichi decision before it), and the person's card, edited for the move, asks
            # them; without a card the message mentions them.
            card = self.cards.get((table.channel_id, seat.user_id or 0))
            if moved or card is None or not card.fresh(self.bot.clock()):
                return True
        discards = sum(1 for e in moved if e.kind == EventKind.DISCARD)
        return not claims and discards >= len(game.positions)

    @staticmethod
    def called(table: Table, position: int) -> str:
        """Who must move, for the status line: a person is mentioned, a computer named."""
        seat = table.seat_at(position)
        return seat.name if seat.user_id is None or seat.away else f"<@{seat.user_id}>"

    def exchange_status(
        self, table: Table, view: SeatView, ex: ExchangeView, lang: Language, deadline: str
    ) -> str:
        """Where a Gulasch exchange stands, for everyone: who chooses now (never which tiles)."""

        def who(position: int, *, mention: bool = False) -> str:
            name = self.called(table, position) if mention else table.seat_at(position).name
            return f"{name} ({wind_name(view.players[position].wind, lang)})"

        east = next(p.seat for p in view.players if p.wind == Wind.EAST and not p.vacant)
        if ex.deciding:
            key = "exchange_deciding_first" if ex.go_around == 0 else "exchange_deciding"
            return text(
                key, lang, east=who(east, mention=True), n=ex.go_around, limit=ex.limit, deadline=deadline
            )
        if ex.round == 1:
            if ex.partner is None or view.players[ex.partner].vacant:
                return text("exchange_with_wall", lang, east=who(east, mention=True), deadline=deadline)
            if len(ex.waiting) == 2:
                return text(
                    "exchange_both",
                    lang,
                    east=who(east, mention=True),
                    partner=who(ex.partner, mention=True),
                    deadline=deadline,
                )
            (waiting,) = ex.waiting
            other = ex.partner if waiting == east else east
            return text(
                "exchange_one", lang, name=who(waiting, mention=True), other=who(other), deadline=deadline
            )
        names = ", ".join(who(p, mention=True) for p in ex.waiting)
        return text("exchange_swap", lang, name=names, n=ex.go_around, limit=ex.limit, deadline=deadline)

    def _shown(self, table: Table, message_id: int, status: str, drawn: Drawn) -> None:
        """Remember what a table message shows, while the table is its channel's."""
        if not table.closed and self.bot.tables.get(table.channel_id) is table:
            self._last_shown[table.channel_id] = Shown(message_id, status, drawn, _away(table))

    def _unchanged(self, table: Table, message_id: int, status: str, drawn: Drawn) -> bool:
        """Whether the table message shows this very state already (a click's answer edited it)."""
        shown = self._last_shown.get(table.channel_id)
        return shown is not None and (shown.message_id, shown.status, shown.drawn) == (
            message_id,
            status,
            drawn,
        )

    async def _table_message(
        self, table: Table, *, buttons: bool = True, priority: int = workers.LAST
    ) -> tuple[discord.ui.LayoutView, discord.File, str, Drawn]:
        """The table message, its status line and what it shows; its image is drawn with
        ``priority`` (:mod:`bot.workers`: who waits for it)."""
        game = table.game
        assert game is not None
        view = game.view(None)
        lang: Language = language(table.language)
        events = len(table.hand_events)
        shown = self._last_shown.get(table.channel_id)
        since = shown.drawn.events if shown is not None and shown.message_id == table.message_id else None
        status = self.status(table, view, since)  # before rendering: the table may move on meanwhile
        png = await workers.run(render_table, view, lang=lang, priority=priority)
        alt = self._alt[table.channel_id] = describe_table(view, lang)  # the public view only
        layout = discord.ui.LayoutView(timeout=None)
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay(status),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://table.png", description=alt)),
        ]
        if buttons and not table.closed:
            row: list[discord.ui.Item[Any]] = []
            if view.phase != Phase.OVER:
                row.append(
                    TableButton(
                        "hand", table.channel_id, None, text("my_hand", lang), discord.ButtonStyle.primary
                    )
                )
            if any(s.user_id is not None and s.away for s in table.seats):
                row.append(
                    TableButton(
                        "back", table.channel_id, None, text("im_back", lang), discord.ButtonStyle.secondary
                    )
                )
            if row:
                parts.append(discord.ui.ActionRow(*row))
        layout.add_item(discord.ui.Container(*parts))
        drawn = Drawn(game.version, events, isinstance(parts[-1], discord.ui.ActionRow))
        return layout, discord.File(io.BytesIO(png), filename="table.png", description=alt), status, drawn

    async def hand_started(self, table: Table) -> None:
        old = table.message_id
        # only a message of this table that shows a hand (never its lobby message, nor another
        # table's message) keeps its last status
        shown = self._last_shown.get(table.channel_id)
        shown_id, last = (shown.message_id, shown.status) if shown is not None else (None, "")
        # the old message had buttons (a hand over shows none, unless someone is away)
        buttons = self.every_change or shown is None or shown.drawn.buttons
        alt = self._alt.get(table.channel_id)  # the old message's image description
        changes = self._changes.get(table.channel_id, 0)
        layout, file, status, drawn = await self._table_message(table, priority=workers.PLAY)
        channel = self.bot.get_partial_messageable(table.channel_id)
        message = await channel.send(
            view=layout, file=file, allowed_mentions=discord.AllowedMentions(users=True)
        )
        table.message_id = message.id
        self._shown(table, message.id, status, drawn)
        if self._changes.get(table.channel_id, 0) != changes:
            # The table changed while this message was drawn and sent: a publisher that ran
            # meanwhile edited the old message, so this one is edited for the change too.
            await self.table_changed(table)
        if old is not None and old == shown_id and last and buttons:
            # The old hand's message keeps its last image and text, and loses its buttons.
            ended = discord.ui.LayoutView(timeout=None)
            ended.add_item(
                discord.ui.Container(
                    discord.ui.TextDisplay(last),
                    discord.ui.MediaGallery(
                        discord.MediaGalleryItem("attachment://table.png", description=alt)
                    ),
                )
            )
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).edit(view=ended)

    async def answer_on_table(self, table: Table, interaction: discord.Interaction[Any]) -> bool:
        """Answer a click on the table message that changed the table with the table message as
        it is now (``interaction.response.edit_message``: Discord does not count an interaction
        response against the bot's global limit, as it counts a channel edit). False when the
        click came from another message or the answer failed (the caller shows the table)."""
        message = interaction.message
        if message is None or message.id != table.message_id or table.game is None:
            return False
        layout, file, status, drawn = await self._table_message(table, priority=workers.CLICK)
        try:
            await interaction.response.edit_message(
                view=layout, attachments=[file], allowed_mentions=discord.AllowedMentions(users=True)
            )
        except discord.HTTPException:
            return False
        self._shown(table, message.id, status, drawn)
        return True

    async def table_changed(self, table: Table) -> None:
        """Mark the table for an edit; one publisher per table edits at most once per pace."""
        if table.thread_archived:  # its thread is archived: Discord takes no edit there
            return
        event = self._dirty.setdefault(table.channel_id, asyncio.Event())
        event.set()
        self._changes[table.channel_id] = self._changes.get(table.channel_id, 0) + 1
        task = self._publishers.get(table.channel_id)
        if task is None or task.done():
            self._publishers[table.channel_id] = asyncio.get_running_loop().create_task(
                self._publish(table, event)
            )

    async def _publish(self, table: Table, dirty: asyncio.Event) -> None:
        while dirty.is_set() and table.message_id is not None:
            dirty.clear()
            message_id = table.message_id
            if not self.needs_picture(table):
                continue  # a computer's move: shown with the next picture the table needs
            try:
                layout, file, status, drawn = await self._table_message(table)
                if table.message_id != message_id:
                    dirty.set()  # a new hand's message came meanwhile: render again, for it
                    continue
                if not self.every_change and self._unchanged(table, message_id, status, drawn):
                    continue  # a click's answer showed it already
                await (
                    self.bot.get_partial_messageable(table.channel_id)
                    .get_partial_message(message_id)
                    .edit(
                        view=layout, attachments=[file], allowed_mentions=discord.AllowedMentions(users=True)
                    )
                )
                self._shown(table, message_id, status, drawn)
            except discord.HTTPException:
                log.warning("could not edit the table message in %s", table.channel_id)
            if self.bot.config.pace_seconds:
                await self.bot.clock.sleep(self.bot.config.pace_seconds)

    def forget(self, channel_id: int) -> None:
        """A channel's table closed, or a new one opens there: nothing of the old table's message
        carries over (an old publisher still running finishes its own table's last edit, and
        remembers nothing of it)."""
        self._last_shown.pop(channel_id, None)
        self._alt.pop(channel_id, None)
        self._dirty.pop(channel_id, None)
        self._changes.pop(channel_id, None)
        self._publishers.pop(channel_id, None)
        for key in [key for key in self.cards if key[0] == channel_id]:
            del self.cards[key]  # an old game's private card is not edited for the new one

    async def stop_publishing(self) -> None:
        """The bot closes: table edits still pending are dropped (their connection is closing;
        each table is shown afresh when it is restored)."""
        tasks = [task for task in self._publishers.values() if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._publishers.clear()

    async def flush(self, channel_id: int) -> None:
        """Wait until the pending table edit of a channel is done (tests, shutdown)."""
        task = self._publishers.get(channel_id)
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def hand_ended(self, table: Table) -> None:
        game = table.game
        assert game is not None
        lang: Language = language(table.language)
        view = game.view(None)
        assert view.sheet is not None
        # the image, its text and its description are drawn from the same sheet and settings
        how: dict[str, Any] = {
            "prevailing": view.prevailing,
            "hand_number": view.hand_number,
            "lang": lang,
            "settings": view.settings,
        }
        png = await workers.run(render_sheet, view.sheet, view.players, **how)
        lines = [discord.utils.escape_markdown(line) for line in sheet_lines(view.sheet, view.players, **how)]
        if view.sheet.win_tile is not None:  # the winning tile's emoji beside its name (how it was won)
            for i, line in enumerate(lines):
                lines[i] = beside_names(line, [view.sheet.win_tile], lang, table.ruleset)
                if lines[i] != line:
                    break
        if table.unbooked:
            lines.append(text("unbooked", lang, reason=table.unbooked))
        for name, paid, owed in table.short:
            name = discord.utils.escape_markdown(name)
            lines.append(
                text("paid_short", lang, name=name, paid=number(paid, lang), owed=number(owed, lang))
            )
        if game.finished:
            lines.append(text("standings", lang))
            lines.extend(await self.standings(table, lang))
        alt = describe_sheet(view.sheet, view.players, **how)
        layout = discord.ui.LayoutView(timeout=None)
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay("\n".join(lines)),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://sheet.png", description=alt)),
        ]
        if not game.finished:
            parts.append(
                discord.ui.ActionRow(
                    TableButton(
                        "next",
                        table.channel_id,
                        game.hand_number,
                        text("next_hand", lang),
                        discord.ButtonStyle.success,
                    )
                )
            )
        layout.add_item(discord.ui.Container(*parts))
        channel = self.bot.get_partial_messageable(table.channel_id)
        await channel.send(
            view=layout, file=discord.File(io.BytesIO(png), filename="sheet.png", description=alt)
        )
        await self.table_changed(table)

    async def standings(self, table: Table, lang: Language) -> list[str]:
        """One line per seat, best first: the game's chips, and each person's club balance."""
        game = table.game
        assert game is not None
        lines = []
        for position in sorted(range(len(game.chips)), key=lambda p: (-game.chips[p], p)):  # best first
            seat = table.seat_at(position)
            name = discord.utils.escape_markdown(seat.name)
            chips = signed(sum(record.nets[position] for record in game.history), lang)
            if seat.user_id is None:
                lines.append(text("standing", lang, name=name, chips=chips))
                continue
            try:
                balance = await self.bot.storage.balance(table.guild_id, seat.user_id)
            except Exception as exc:  # the standings are shown even when the ledger cannot answer
                log.warning("no balance for the standings: %s", type(exc).__name__)
                lines.append(text("standing", lang, name=name, chips=chips))
            else:
                shown = number(balance, lang)
                lines.append(text("standing_balance", lang, name=name, chips=chips, balance=shown))
        return lines

    async def table_closed(self, table: Table, reason: str) -> None:
        if table.parent_id is not None:
            await self.flush(table.channel_id)  # its last edit before the thread is archived
        if self.bot.tables.get(table.channel_id) is table:
            await self.bot.drop_table(table.channel_id)
        key = "stopped" if reason != "error" else "table_failed"
        if reason == "error" and table.game_id is not None and table.game is not None:
            # its game stays live in storage as it was stored: an admin's /mahjong abandon or
            # /mahjong new sets it aside (a restart would try to restore it)
            self.bot.unrestored[table.channel_id] = table.game_id
        with contextlib.suppress(discord.HTTPException):
            await self.bot.get_partial_messageable(table.channel_id).send(
                text(key, language(table.language), reason=reason)
            )
        if reason != "error":  # a game left live stays in its open thread (restart, /mahjong abandon)
            await table.close_thread(reason)

    # --- issue 31 thread: a table in its own thread ---

    async def close_thread(self, table: Table, reason: str) -> bool:
        """The table in a thread is over: its pending table edit is made, then the channel's line
        says so (with the link) and the thread is archived. Posting in an archived thread fails
        (Discord's error 50083), so nothing of the table is posted after this. False when Discord
        failed for now (a restart tries again)."""
        if table.parent_id is None:
            return True
        await self.flush(table.channel_id)
        table.thread_archived = True  # at once after the last edit: no new one starts
        return await self.close_thread_of(
            table.channel_id, table.parent_id, table.link_id, language(table.language), reason
        )

    async def close_thread_of(
        self, thread_id: int, parent_id: int, link_id: int | None, lang: Language, reason: str
    ) -> bool:
        """Edit the line in channel ``parent_id`` that links to thread ``thread_id`` (the game is
        over, or the table was closed) and archive the thread (also after a restart). False when
        Discord failed for now; True when done, or when it never can be (the thread or the line is
        gone, or the bot may no longer change them)."""
        key = "thread_link_over" if reason == "game_over" else "thread_link_closed"
        if link_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(parent_id)
                    .get_partial_message(link_id)
                    .edit(content=text(key, lang, thread=f"<#{thread_id}>"))
                )
            except (discord.Forbidden, discord.NotFound):
                log.warning("the line that links to thread %s cannot be edited", thread_id)
            except discord.HTTPException:
                log.warning("could not edit the line that links to thread %s", thread_id)
                return False
        try:
            await self.bot.http.edit_channel(thread_id, archived=True)
        except (discord.Forbidden, discord.NotFound):
            log.warning("thread %s cannot be archived", thread_id)
        except discord.HTTPException:
            log.warning("could not archive thread %s", thread_id)
            return False
        return True

    async def storage_failed(self, table: Table, reason: str, seconds: float) -> None:
        key = "storage_failed_booking" if table.booking_due else "storage_failed_move"
        with contextlib.suppress(discord.HTTPException):
            await self.bot.get_partial_messageable(table.channel_id).send(
                text(key, language(table.language), reason=reason, seconds=f"{seconds:g}")
            )

    async def storage_recovered(self, table: Table) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self.bot.get_partial_messageable(table.channel_id).send(
                text("storage_recovered", language(table.language))
            )

    # --- Private cards ----------------------------------------------------------------------------

    async def card(
        self,
        table: Table,
        position: int,
        lang: Language,
        *,
        note: str = "",
        with_hint: bool = False,
        picked: tuple[str, ...] = (),
        intro: str = "",
    ) -> tuple[discord.ui.LayoutView, discord.File]:
        """A person's private card: their hand and exactly their legal moves. In a Gulasch
        exchange: a select of their tiles (``picked``: the values chosen there, shown with a
        confirm button), East's decision, and what they gave and received. ``note`` takes the
        place of the prompt (why a click did nothing); ``intro`` comes before it (what
        happened)."""
        game = table.game
        assert game is not None
        view = game.view(position)
        if table.seat_at(position).away:
            return await self.away_card(table, view, lang, intro=intro)
        if view.phase == Phase.EXCHANGE and view.exchange is not None:
            note = "\n".join(line for line in (intro, note) if line)
            return await self.exchange_card(table, view, view.exchange, lang, note=note, picked=picked)
        prompt = note
        advice = ""
        if with_hint and view.legal:
            h = await workers.run(hint, view, settings=game.settings, lang=lang, ruleset=game.ruleset)
            view = _with_hint(view, h.marks())
            # the hint's text names its tiles (engine words); their emoji go beside the names
            about = [t for t in (h.discard, None if h.action is None else h.action.tile) if t is not None]
            advice = beside_names(h.text, [*about, *(w.tile for w in h.waits)], lang, table.ruleset)
        legal = list(view.legal)
        if not prompt:
            if not legal:
                prompt = text("card_wait", lang)
            elif riichi_step(legal):
                prompt = text("card_riichi", lang, stake=game.settings.riichi_stake)
            elif view.phase == Phase.TURN and view.last_discard is not None:
                # rumisberg rule 3: the discard he passed may still be claimed after his draw
                late = view.last_discard[1]
                prompt = text(
                    "card_turn_late", lang, tile=say_with_emoji(late, say_tile(late, lang, table.ruleset))
                )
            elif view.phase == Phase.TURN:
                prompt = text("card_turn", lang)
            elif view.last_discard is not None:
                key = "card_claims" if view.phase == Phase.CLAIMS else "card_robbing"
                tile = view.last_discard[1]
                prompt = text(key, lang, tile=say_with_emoji(tile, say_tile(tile, lang, table.ruleset)))
        lines = [intro, prompt, advice, self.received_line(table, view, lang)]
        png = await workers.run(render_hand, view, hint=with_hint, lang=lang)
        alt = describe_hand(view, lang)  # the seat's own tiles: on its ephemeral card only
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay("\n".join(line for line in lines if line))
        ]
        parts.append(
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://hand.png", description=alt))
        )
        version = game.version
        discards = [a for a in legal if a.kind == ActionKind.DISCARD]
        others = [a for a in legal if a.kind != ActionKind.DISCARD]
        if discards:
            # a tile by name for the person (and its face as the option's emoji, when uploaded),
            # its code as the value the click carries
            options = [
                discord.SelectOption(
                    label=say_tile(a.tile, lang, table.ruleset), value=str(a.tile), emoji=tile_emoji(a.tile)
                )
                for a in discards
            ]
            parts.append(
                discord.ui.ActionRow(
                    DiscardSelect(table.channel_id, version, options, text("choose_discard", lang))
                )
            )
        buttons: list[discord.ui.Item[Any]] = []
        for a in others:
            style = (
                discord.ButtonStyle.success
                if a.kind == ActionKind.MAHJONG
                else (
                    discord.ButtonStyle.secondary
                    if a.kind == ActionKind.PASS
                    else discord.ButtonStyle.primary
                )
            )
            label = text("riichi_pass", lang) if a.kind == ActionKind.PASS and riichi_step(legal) else None
            label = label or action_label(a, lang, table.ruleset)
            buttons.append(MoveButton(table.channel_id, version, action_code(a), label, style))
        if legal:
            buttons.append(
                MoveButton(
                    table.channel_id, version, "hint", text("hint", lang), discord.ButtonStyle.secondary
                )
            )
        for i in range(0, len(buttons), 5):
            parts.append(discord.ui.ActionRow(*buttons[i : i + 5]))
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(discord.ui.Container(*parts))
        return layout, discord.File(io.BytesIO(png), filename="hand.png", description=alt)

    async def away_card(
        self, table: Table, view: SeatView, lang: Language, *, intro: str = ""
    ) -> tuple[discord.ui.LayoutView, discord.File]:
        """The card of a person marked away: their hand, that a computer plays for them, and
        only the way back (**I'm back**), never a move."""
        png = await workers.run(render_hand, dataclasses.replace(view, legal=()), lang=lang)
        lines = [intro, text("card_away", lang)]
        back = TableButton("back", table.channel_id, None, text("im_back", lang), discord.ButtonStyle.primary)
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay("\n".join(line for line in lines if line)),
                discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://hand.png")),
                discord.ui.ActionRow(back),
            )
        )
        return layout, discord.File(io.BytesIO(png), filename="hand.png")

    def received_line(self, table: Table, view: SeatView, lang: Language) -> str:
        """What the seat gave and received in its last exchange (its own card only)."""
        if view.seat is None or table.game is None:
            return ""
        done = table.game.exchanged(view.seat)
        if done is None:
            return ""
        source = (
            text("exchange_the_wall", lang)
            if done.partner is None
            else f"{table.seat_at(done.partner).name} ({wind_name(view.players[done.partner].wind, lang)})"
        )
        key = "card_received" if done.gave else "card_received_only"
        gave, got = say_tiles(done.gave, lang, table.ruleset), say_tiles(done.got, lang, table.ruleset)
        return text(key, lang, gave=gave, got=got, source=source)

    async def exchange_card(
        self,
        table: Table,
        view: SeatView,
        ex: ExchangeView,
        lang: Language,
        *,
        note: str = "",
        picked: tuple[str, ...] = (),
    ) -> tuple[discord.ui.LayoutView, discord.File]:
        """A private card in a Gulasch exchange: the hand, what the seat may do now (give three
        tiles, swap one to three with the wall or keep them, or as East decide) and what it
        gave and received. The select offers each tile held once (values ``5p#2``); a pick
        comes back as ``picked`` (its values, still chosen in the select) with a confirm
        button, if it is a legal move (the tiles are the reader's own)."""
        game = table.game
        assert game is not None and view.seat is not None
        me = view.seat
        legal = list(view.legal)
        kinds = {a.kind for a in legal}
        channel, version = table.channel_id, game.version

        def who(position: int) -> str:
            return f"{table.seat_at(position).name} ({wind_name(view.players[position].wind, lang)})"

        east = next(p.seat for p in view.players if p.wind == Wind.EAST and not p.vacant)
        other = None  # the other side of this seat's swap in round 1 (None: the wall)
        if ex.partner is not None and not view.players[ex.partner].vacant:
            other = ex.partner if me == east else east
        if ActionKind.CONTINUE in kinds:
            key = "card_exchange_decide_first" if ex.go_around == 0 else "card_exchange_decide"
            prompt = text(key, lang, n=ex.go_around, limit=ex.limit)
        elif ActionKind.GIVE in kinds:
            if other is None:
                prompt = text("card_exchange_give_wall", lang)
            else:
                prompt = text("card_exchange_give", lang, partner=who(other))
        elif ActionKind.SWAP in kinds or ActionKind.PASS in kinds:
            prompt = text("card_exchange_swap", lang, n=ex.go_around, limit=ex.limit)
        elif ex.round == 1 and not ex.deciding and me in (east, ex.partner) and ex.waiting:
            prompt = text("card_exchange_given", lang, name=who(ex.waiting[0]))
        else:
            waiting = ", ".join(who(p) for p in ex.waiting)
            prompt = text("card_exchange_wait", lang, name=waiting)
        choice = _choice(me, legal, picked)
        if choice is not None:
            if choice.kind == ActionKind.GIVE and other is not None:
                confirm = text(
                    "card_exchange_confirm_give",
                    lang,
                    tiles=say_tiles(choice.tiles, lang, table.ruleset),
                    partner=who(other),
                )
            else:
                confirm = text(
                    "card_exchange_confirm_swap", lang, tiles=say_tiles(choice.tiles, lang, table.ruleset)
                )
            prompt = f"{prompt}\n{confirm}"
        lines = [note, prompt, self.received_line(table, view, lang)]
        png = await workers.run(render_hand, view, lang=lang)
        alt = describe_hand(view, lang)  # the seat's own tiles: on its ephemeral card only
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay("\n".join(line for line in lines if line)),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://hand.png", description=alt)),
        ]
        chosen = [a for a in legal if a.kind in MULTI_TILE_KINDS]
        if chosen:
            kind = chosen[0].kind
            sizes = [len(a.tiles) for a in chosen]
            wanted = set(picked) if choice is not None else set()
            held = (*view.concealed, *((view.drawn,) if view.drawn is not None else ()))
            options = []
            for value, tile in tile_options(held):
                copy = int(value.rpartition("#")[2])
                label = say_tile(tile, lang, table.ruleset) + (f" #{copy}" if copy > 1 else "")
                options.append(discord.SelectOption(label=label, value=value, default=value in wanted))
            least, most = min(sizes), max(sizes)
            placeholder = (
                text("choose_give", lang) if kind == ActionKind.GIVE else text("choose_swap", lang, most=most)
            )
            parts.append(
                discord.ui.ActionRow(
                    ExchangeSelect(channel, version, kind, options, placeholder, least=least, most=most)
                )
            )
        buttons: list[discord.ui.Item[Any]] = []
        if choice is not None:
            named = say_tiles(choice.tiles, lang, table.ruleset)
            label = (
                text("exchange_give_button", lang, tiles=named)
                if choice.kind == ActionKind.GIVE and other is not None
                else text("exchange_swap_button", lang, tiles=named)
            )
            buttons.append(
                MoveButton(channel, version, action_code(choice), label, discord.ButtonStyle.success)
            )
        for kind, key, style in (
            (ActionKind.PASS, "exchange_keep", discord.ButtonStyle.secondary),
            (ActionKind.CONTINUE, "exchange_continue", discord.ButtonStyle.primary),
            (ActionKind.START, "exchange_start", discord.ButtonStyle.success),
        ):
            if kind in kinds:
                buttons.append(MoveButton(channel, version, str(kind), text(key, lang), style))
        if buttons:
            parts.append(discord.ui.ActionRow(*buttons))
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(discord.ui.Container(*parts))
        return layout, discord.File(io.BytesIO(png), filename="hand.png", description=alt)

    def remember_card(
        self,
        table: Table,
        user_id: int,
        interaction: discord.Interaction[Any],
        message: discord.WebhookMessage | None = None,
    ) -> None:
        self.cards[(table.channel_id, user_id)] = Card(interaction, self.bot.clock(), message)

    async def seat_to_move(self, table: Table, position: int) -> None:
        seat = table.seat_at(position)
        if seat.user_id is None:
            return
        card = self.cards.get((table.channel_id, seat.user_id))
        if card is None or not card.fresh(self.bot.clock()):
            return  # the status line mentions them on the table message
        lang = language(card.interaction.locale)
        try:
            layout, file = await self.card(table, position, lang)
            if card.message is not None:
                await card.message.edit(view=layout, attachments=[file])
            else:
                await card.interaction.edit_original_response(view=layout, attachments=[file])
        except discord.HTTPException:
            self.cards.pop((table.channel_id, seat.user_id), None)

    async def lobby_message(self, table: Table) -> discord.ui.LayoutView:
        """The lobby: the rules, the house rules that differ from them and the times (what the
        opener chose, in a form or by options), the seats, and Join / Leave / Add computer / Start."""
        lang: Language = language(table.language)
        names = [s.name if s.user_id is None else f"<@{s.user_id}>" for s in table.seats]
        names += [text("empty_seat", lang)] * (table.size - len(names))
        title = table.title(lang)
        rules = title if table.size == 4 else text("lobby_three", lang, rules=title)
        ruleset = get_ruleset(table.ruleset)
        changed = changed_rules(ruleset, table.overrides, lang)
        changed.pop("players", None)  # the title says how many play
        seconds = {"turn": decimal(table.turn_seconds, lang, digits=2)}
        seconds["claim"] = decimal(table.claim_seconds, lang, digits=2)
        body = "\n".join(
            [
                text("lobby_title", lang, rules=rules),
                text("lobby_house", lang, rules="; ".join(changed.values()))
                if changed
                else text("rules_plain", lang),
                text("lobby_times", lang, **seconds),
                text("lobby_seats", lang, seats=", ".join(names)),
                text("lobby_hint", lang),
            ]
        )
        c = table.channel_id
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow(
            LobbyButton(c, "join", text("join", lang), discord.ButtonStyle.primary),
            LobbyButton(c, "leave", text("leave", lang), discord.ButtonStyle.secondary),
            LobbyButton(c, "add", text("add_computer", lang), discord.ButtonStyle.secondary),
            LobbyButton(c, "start", text("start", lang), discord.ButtonStyle.success),
        )
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(discord.ui.Container(discord.ui.TextDisplay(body), row))
        return layout


def _away(table: Table) -> frozenset[int]:
    """The stored seats of the people a computer plays for (the table message names them)."""
    return frozenset(i for i, s in enumerate(table.seats) if s.user_id is not None and s.away)


def _choice(seat: int, legal: list[Action], picked: tuple[str, ...]) -> Action | None:
    """The give or swap that the values picked in the exchange select name, if it is legal."""
    tiles = picked_tiles(list(picked)) if picked else None
    kinds = {a.kind for a in legal} & MULTI_TILE_KINDS
    if not tiles or len(kinds) != 1:
        return None
    try:
        choice = Action(POSITIONS[seat], kinds.pop(), tiles=tiles)
    except MahjongError:  # not one to three playing tiles
        return None
    return choice if choice in legal else None


def _with_hint(view: SeatView, marks: Any) -> SeatView:
    return dataclasses.replace(view, hint=marks)
