"""``/record``: an evening at a real table, scored in Discord (issue 29 §1).

``/record start`` seats the members (East, South, West, North; North left out where the rules
are played by three) and opens a public scoring card (:mod:`bot.record_card` says what it
shows). After each hand every seated member enters their hand on their own phone: **Enter my
hand** answers with an ephemeral entry card (whose hand: one's own, or another seat's, which the
card marks; how the hand ended), then a modal asks for what the ruleset needs (the hand in
notation with the winning tile and its circumstances; a loser's hand or just the points counted
where losers score; the bonus tiles laid out where bouquets pay). The storage scores each entry
at once (a bad hand is refused, nothing stored) and settles the hand with the engine's own
settlement once every seat has entered. **Confirm**: each seated member, or an admin (not seated)
for the whole table; the last confirmation books the hand (one ledger transaction, keyed by
record and hand). **Undo last hand** asks for a reason and books a reversal. **End** ends the
record and posts the standings as an image with each member's club balance.

Every state lives in storage (:mod:`bot.storage.recorded`); the components carry only the record,
the hand and the seat, so the card and its buttons work after a restart:

====================================================  =========================================
``mj:rec:<game>:<op>[:<hand>]``                       the card's buttons: ``enter``, ``confirm``
                                                      (with the hand), ``undo``, ``end``, and
                                                      ``drop`` (end, dropping unbooked entries)
``mj:recs:<game>:<hand>:<seat>:<kind>``               the entry card's selects: ``seat`` (whose
                                                      hand), ``how`` (how it ended)
``mj:recm:<game>:<hand>:<seat>:<how>``                the entry modal (``how``: ``s`` self-drawn,
                                                      ``d<seat>`` on that seat's discard, ``l``
                                                      lost, ``x`` drawn)
``mj:recu:<game>``                                    the undo modal (the reason)
====================================================  =========================================

A modal is answered by this cog's ``on_interaction`` listener from its custom_id alone (not by
the ``discord.ui.Modal`` object that showed it), so a modal opened before a restart is still
taken after it. The card is edited after every change, the edits of one card coalesced: while
one is being sent, further changes make one more edit with the state as it then is.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot import workers
from bot.cogs import RULESET_CHOICES, WIND_CHOICES, server_only
from bot.cogs.table import with_players
from bot.components import NUMBER, chosen_values, persistent_select
from bot.forms import submitted
from bot.i18n import Language, engine_error, error_reason, language, text
from bot.permissions import is_admin
from bot.record_card import Card, card, table_number
from bot.score_answer import EXAMPLE
from bot.storage import StorageError
from bot.storage.recorded import RecordState
from engine.errors import MahjongError
from engine.features.bouquets import Bouquets
from engine.numbers import number, signed
from engine.recorded import SeatEntry, losers_score
from engine.rulesets import get_ruleset
from engine.tiles import wind_name
from render.describe import describe_leaderboard
from render.leaderboard import LeaderboardRow, render_leaderboard

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

NONE = discord.AllowedMentions.none()

HOWS: Final = ("s", "d0", "d1", "d2", "d3", "l", "x")
"""How a hand ended for a seat, as the entry card's select and the modal's custom_id say it."""

FLAG_EXAMPLE: Final = "last-tile replacement"
"""The flags' example in the modal (``engine.scoring.context.FLAGS`` names them)."""

OFFERED_FLAGS: Final = (
    "last-tile",
    "replacement",
    "robbing-kong",
    "kong-on-kong",
    "first-turn",
    "original-call",
)
"""The circumstances the winner's modal names (``nine-times`` the table adds itself)."""

REASON_MAX = 200
"""The longest reason for an undo (it goes into the ledger)."""


def _bot(interaction: discord.Interaction[Any]) -> MahjongBot:
    bot: MahjongBot = interaction.client
    return bot


def _cog(interaction: discord.Interaction[Any]) -> RecordCog:
    found = _bot(interaction).get_cog("RecordCog")
    assert isinstance(found, RecordCog), "the /record extension is loaded"
    return found


class RecordButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:rec:(?P<game>{NUMBER}):(?P<op>enter|confirm|undo|end|drop)(?::(?P<hand>{NUMBER}))?",
):
    """A button of the scoring card (or **End anyway** on an ephemeral answer)."""

    def __init__(
        self,
        game: int,
        op: str,
        hand: int | None = None,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        self.game, self.op, self.hand = game, op, hand
        suffix = "" if hand is None else f":{hand}"
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=f"mj:rec:{game}:{op}{suffix}", disabled=disabled
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RecordButton:
        hand = match["hand"]
        return cls(int(match["game"]), match["op"], None if hand is None else int(hand))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).answer(interaction, self._handle)

    async def _handle(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if self.op == "enter":
            await cog.on_enter(interaction, self.game, self.hand)
        elif self.op == "confirm":
            await cog.on_confirm(interaction, self.game, self.hand)
        elif self.op == "undo":
            await cog.on_undo(interaction, self.game)
        else:
            await cog.on_end(interaction, self.game, drop=self.op == "drop")


class EntrySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mj:recs:(?P<game>{NUMBER}):(?P<hand>{NUMBER}):(?P<seat>[0-3]):(?P<kind>seat|how)",
):
    """A select of the ephemeral entry card: whose hand, and how it ended for that seat."""

    def __init__(
        self,
        game: int,
        hand: int,
        seat: int,
        kind: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.game, self.hand, self.seat, self.kind = game, hand, seat, kind
        super().__init__(
            persistent_select(f"mj:recs:{game}:{hand}:{seat}:{kind}", options or [], placeholder)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EntrySelect:
        return cls(int(match["game"]), int(match["hand"]), int(match["seat"]), match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = chosen_values(interaction)
        chosen = values[0] if values else ""
        cog = _cog(interaction)
        await cog.answer(
            interaction, lambda i: cog.on_entry_select(i, self.game, self.hand, self.seat, self.kind, chosen)
        )


RECORD_ITEMS: Final[tuple[type[discord.ui.DynamicItem[Any]], ...]] = (RecordButton, EntrySelect)
"""Registered by this extension's ``setup``, so the card and entry cards work after a restart."""

ENTRY_MODAL: Final = re.compile(rf"mj:recm:({NUMBER}):({NUMBER}):([0-3]):(s|d[0-3]|l|x)")
UNDO_MODAL: Final = re.compile(rf"mj:recu:({NUMBER})")


def parse_points(typed: str) -> int | None:
    """The points a loser typed instead of a hand (digits, with thousands marks), or None when
    what was typed is not a number (then it is a hand).

    >>> parse_points("16"), parse_points(" 1,200 "), parse_points("1.200"), parse_points("123m 456p")
    (16, 1200, 1200, None)
    """
    bare = re.sub(r"[,.'\s’]", "", typed)
    return int(bare) if bare.isdigit() and len(bare) <= 9 else None


def split_flags(typed: str) -> tuple[str, ...]:
    """The flags typed, separated by spaces or commas, lower case.

    >>> split_flags("Last-tile, replacement")
    ('last-tile', 'replacement')
    """
    return tuple(f.lower() for f in re.split(r"[\s,;]+", typed) if f)


class RecordCog(commands.Cog):
    """``/record``."""

    record = app_commands.Group(
        name="record",
        description="Score an evening at a real table: every hand entered on the players' phones",
        **server_only(),
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        self._dirty: set[int] = set()
        self._editing: dict[int, asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ helpers

    async def answer(
        self,
        interaction: discord.Interaction[Any],
        handler: Callable[[discord.Interaction[Any]], Awaitable[None]],
    ) -> None:
        """Run a component's handler; whatever fails, the clicker gets an answer (never "This
        interaction failed"), and nothing is booked that the storage did not book."""
        lang = language(interaction.locale)
        try:
            await handler(interaction)
        except MahjongError as exc:  # a refusal with a code: the engine's or the record's
            await self.say(interaction, engine_error(exc, lang))
        except Exception as exc:
            log.error("a /record component failed: %s", type(exc).__name__, exc_info=exc)
            await self.say(interaction, text("record_error", lang, reason=error_reason(exc, lang)))

    @staticmethod
    async def say(interaction: discord.Interaction[Any], message: str) -> None:
        """An ephemeral answer (or follow-up, when the interaction was answered already)."""
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True, allowed_mentions=NONE)
            else:
                await interaction.response.send_message(message, ephemeral=True, allowed_mentions=NONE)

    async def names(self, state: RecordState) -> list[str]:
        """The seated members' names, by seat (as remembered when the record was opened)."""
        out = []
        for member in state.seats:
            player = await self.bot.storage.get_player(member)
            out.append(player.display_name if player is not None and player.display_name else str(member))
        return out

    async def layout(self, state: RecordState) -> discord.ui.LayoutView:
        """The card of ``state`` as a Components V2 message, in the record's language."""
        lang = language(state.language)
        shown = card(state, await self.names(state), lang)
        return card_layout(state, shown, lang)

    def refresh(self, game_id: int) -> None:
        """Edit the record's card (after any change): at most one edit of a card runs at a time;
        changes made meanwhile are shown by one more edit with the state as it then is."""
        self._dirty.add(game_id)
        running = self._editing.get(game_id)
        if running is None or running.done():
            self._editing[game_id] = asyncio.create_task(self._edit_card(game_id))

    async def _edit_card(self, game_id: int) -> None:
        while game_id in self._dirty:
            self._dirty.discard(game_id)
            try:
                state = await self.bot.storage.load_record(game_id)
                if state.card_channel_id is None or state.card_message_id is None:
                    return
                view = await self.layout(state)
                message = self.bot.get_partial_messageable(state.card_channel_id).get_partial_message(
                    state.card_message_id
                )
                await message.edit(view=view, allowed_mentions=NONE)
            except (discord.HTTPException, StorageError, MahjongError) as exc:
                log.warning("the card of record %s could not be edited: %s", game_id, type(exc).__name__)
        self._editing.pop(game_id, None)

    async def _state(self, interaction: discord.Interaction[Any], game_id: int) -> RecordState | None:
        """The record's state, or None after telling the clicker there is no open record."""
        try:
            state = await self.bot.storage.load_record(game_id)
        except MahjongError as exc:
            await self.say(interaction, engine_error(exc, language(interaction.locale)))
            return None
        if state.guild_id != (interaction.guild_id or 0):
            await self.say(interaction, text("record_no_record", language(interaction.locale)))
            return None
        return state

    async def _seated_or_admin(
        self, interaction: discord.Interaction[Any], state: RecordState, names: Sequence[str]
    ) -> bool:
        """Whether the clicker sits at the table or is an admin (else told so)."""
        if state.seat_of(interaction.user.id) is not None or await is_admin(self.bot, interaction):
            return True
        lang = language(interaction.locale)
        await self.say(interaction, text("record_not_seated_admin", lang, names=", ".join(names)))
        return False

    # ------------------------------------------------------------------ /record start

    @record.command(name="start", description="Open a public scoring card for the members at a real table")
    @app_commands.describe(
        east="The member seated East (the first dealer)",
        south="The member seated South",
        west="The member seated West",
        north="The member seated North (not at a three-player table)",
        ruleset="The rules (default: this channel's, with its house rules)",
        wind="The prevailing wind to begin with (default East)",
    )
    @app_commands.choices(
        ruleset=RULESET_CHOICES,
        wind=WIND_CHOICES,
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        east: discord.Member,
        south: discord.Member,
        west: discord.Member,
        north: discord.Member | None = None,
        ruleset: str | None = None,
        wind: str | None = None,
    ) -> None:
        lang = language(interaction.locale)
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None:
            await self.say(interaction, text("record_guild_only", lang))
            return
        people = [east, south, west] + ([north] if north is not None else [])
        if any(p.bot for p in people) or len({p.id for p in people}) != len(people):
            seats = ", ".join(p.display_name for p in people)
            await self.say(interaction, text("record_bad_seats", lang, count=len(people), seats=seats))
            return
        rules = await self.bot.storage.table_rules(guild_id, channel_id)
        # The house rules apply to their own ruleset (named or not); another ruleset is played as it is.
        same = ruleset is None or ruleset == rules.ruleset
        name, overrides = (rules.ruleset, dict(rules.overrides)) if same else (ruleset or "", {})
        if len(people) == 3 or "players" in overrides:
            overrides = with_players(overrides, len(people))
        for person in people:
            await self.bot.storage.remember_player(person.id, person.display_name)
        table = await self.bot.storage.table_settings(guild_id, channel_id)
        speaks = table.language or language(interaction.guild_locale)
        try:
            state = await self.bot.storage.open_record(
                guild_id,
                channel_id,
                [p.id for p in people],
                opened_by=interaction.user.id,
                ruleset=name,
                overrides=overrides,
                prevailing=wind,
                language=speaks,
            )
        except MahjongError as exc:
            await self.say(interaction, engine_error(exc, lang))
            return
        await interaction.response.send_message(view=await self.layout(state), allowed_mentions=NONE)
        message = await interaction.original_response()
        await self.bot.storage.set_record_card(state.game_id, channel_id, message.id)

    # ------------------------------------------------------------------ the card's buttons

    async def on_enter(self, interaction: discord.Interaction[Any], game_id: int, hand: int | None) -> None:
        """**Enter my hand**: the ephemeral entry card for the clicker's own seat."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        seat = state.seat_of(interaction.user.id)
        if seat is None:
            await self.say(interaction, text("record_not_seated", lang, names=", ".join(names)))
            return
        if not await self._current(interaction, state, hand):
            return
        assert state.hand_no is not None
        await interaction.response.send_message(
            view=entry_layout(state, names, seat, lang), ephemeral=True, allowed_mentions=NONE
        )

    async def _current(
        self, interaction: discord.Interaction[Any], state: RecordState, hand: int | None
    ) -> bool:
        """Whether ``hand`` is the hand being entered (else the clicker is told why not)."""
        lang = language(interaction.locale)
        if state.status != "live":
            await self.say(interaction, text("record_ended", lang))
            return False
        if state.hand_no is None:
            await self.say(interaction, text("record_over", lang))
            return False
        if hand is not None and hand != state.hand_no:
            await self.say(interaction, text("record_stale_hand", lang, old=hand, hand=state.number))
            return False
        return True

    async def on_entry_select(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        hand: int,
        seat: int,
        kind: str,
        chosen: str,
    ) -> None:
        """A choice on the entry card: another seat's hand (the card again, for that seat), or how
        the hand ended (the modal asking for what the ruleset needs, or the entry itself where it
        needs nothing more)."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        if state.seat_of(interaction.user.id) is None:
            await self.say(interaction, text("record_not_seated", lang, names=", ".join(names)))
            return
        if not await self._current(interaction, state, hand):
            return
        if kind == "seat":
            if not chosen.isdigit() or int(chosen) >= len(state.seats):
                await self.say(interaction, text("component_broken", lang))
                return
            await interaction.response.edit_message(view=entry_layout(state, names, int(chosen), lang))
            return
        if chosen not in HOWS or seat >= len(state.seats):
            await self.say(interaction, text("component_broken", lang))
            return
        modal = entry_modal(state, names, seat, chosen, lang)
        if modal is not None:
            await interaction.response.send_modal(modal)
            return
        entry = SeatEntry.drawn() if chosen == "x" else SeatEntry.lost()
        await self._enter(interaction, state, names, seat, entry, lang)

    async def _enter(
        self,
        interaction: discord.Interaction[Any],
        state: RecordState,
        names: Sequence[str],
        seat: int,
        entry: SeatEntry,
        lang: Language,
    ) -> None:
        """Store a seat's entry (the storage has the engine check it first) and say what it was."""
        assert state.hand_no is not None
        try:
            after = await self.bot.storage.enter_hand(
                state.game_id, state.hand_no, state.seats[seat], entry, by=interaction.user.id
            )
        except MahjongError as exc:
            note = text("record_entry_refused", lang, reason=engine_error(exc, lang))
            await interaction.response.edit_message(view=entry_layout(state, names, seat, lang, note=note))
            return
        stored = after.entries.get(seat)
        value = number(stored.value if stored is not None else 0, lang)
        name = names[seat]
        if entry.outcome == "drawn":
            said = text("record_entered_drawn", lang, hand=state.number)
        elif entry.outcome == "lost" and not entry.hand and entry.points is None:
            said = text("record_entered_lost", lang, hand=state.number, name=name)
        else:
            said = text("record_entered", lang, hand=state.number, name=name, value=value)
        await interaction.response.edit_message(view=entry_layout(after, names, seat, lang, note=said))
        self.refresh(state.game_id)

    async def on_confirm(self, interaction: discord.Interaction[Any], game_id: int, hand: int | None) -> None:
        """**Confirm**: a seated member confirms; an admin who is not seated confirms for the
        table. The last confirmation books the hand."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        seat = state.seat_of(interaction.user.id)
        for_table = seat is None
        if for_table and not await is_admin(self.bot, interaction):
            await self.say(interaction, text("record_not_seated_admin", lang, names=", ".join(names)))
            return
        if not await self._current(interaction, state, hand):
            return
        assert state.hand_no is not None
        if state.missing:
            missing = ", ".join(names[s] for s in state.missing)
            await self.say(interaction, text("record_not_all_entered", lang, names=missing))
            return
        done = await self.bot.storage.confirm_hand(
            game_id, state.hand_no, interaction.user.id, for_table=for_table
        )
        self.refresh(game_id)
        if done.booked is not None:
            said = text("record_booked", lang, hand=state.number)
        elif for_table:
            said = text("record_admin_confirmed", lang, hand=state.number)
        else:
            said = text("record_you_confirmed", lang, hand=state.number)
        await self.say(interaction, said)

    async def on_undo(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """**Undo last hand**: a modal asks for the reason (a seated member or an admin)."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        if not await self._seated_or_admin(interaction, state, names):
            return
        if state.status != "live":
            await self.say(interaction, text("record_ended", lang))
            return
        last = next((b for b in reversed(state.booked) if not b.reversed), None)
        if last is None:
            await self.say(interaction, text("record_nothing_to_undo", lang))
            return
        await interaction.response.send_modal(undo_modal(game_id, table_number(state, last), lang))

    async def on_end(self, interaction: discord.Interaction[Any], game_id: int, *, drop: bool) -> None:
        """**End** (a seated member or an admin): the record ends, the standings are posted. With
        entries of an unbooked hand in, the clicker is asked first (**End anyway** drops them)."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        if not await self._seated_or_admin(interaction, state, names):
            return
        if state.status != "live":
            await self.say(interaction, text("record_ended", lang))
            return
        if state.entries and not drop:
            view = discord.ui.View(timeout=None)
            view.add_item(
                RecordButton(
                    game_id, "drop", None, text("record_end_anyway", lang), discord.ButtonStyle.danger
                )
            )
            await interaction.response.send_message(
                text("record_end_pending", lang, count=len(state.entries)), view=view, ephemeral=True
            )
            return
        await interaction.response.defer(thinking=True)
        ended = await self.bot.storage.end_record(game_id, by=interaction.user.id, drop_entries=drop)
        self.refresh(game_id)
        body, file = await self.standings(ended, names, language(ended.language))
        await interaction.followup.send(body, file=file, allowed_mentions=NONE)

    async def standings(
        self, state: RecordState, names: Sequence[str], lang: Language
    ) -> tuple[str, discord.File]:
        """The evening's standings: one line per member, best first, with the evening's net and
        the member's club balance; and the standings as an image (with its description)."""
        order = sorted(range(len(state.seats)), key=lambda s: (-state.nets[s], s))
        lines = [text("record_standings", lang)]
        rows = []
        for seat in order:
            balance = await self.bot.storage.balance(state.guild_id, state.seats[seat])
            lines.append(
                text(
                    "record_standing",
                    lang,
                    name=discord.utils.escape_markdown(names[seat]),
                    net=signed(state.nets[seat], lang),
                    balance=number(balance, lang),
                )
            )
            rows.append(LeaderboardRow(names[seat], state.nets[seat], 0))
        title = text("record_standings_title", lang, game=state.game_id)
        png = await workers.run(
            render_leaderboard, rows, title=title, lang=lang, change=False, priority=workers.CLICK
        )
        alt = describe_leaderboard(
            [(r.name, r.chips, r.change) for r in rows], title=title, lang=lang, change=False
        )
        return "\n".join(lines), discord.File(io.BytesIO(png), filename="standings.png", description=alt)

    # ------------------------------------------------------------------ modals

    @commands.Cog.listener("on_interaction")
    async def on_modal(self, interaction: discord.Interaction[Any]) -> None:
        """A submitted /record modal, read from its custom_id and values alone (so one shown
        before a restart is taken after it)."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        values = submitted(data.get("components") or []).texts
        entry = ENTRY_MODAL.fullmatch(custom_id)
        undo = UNDO_MODAL.fullmatch(custom_id)
        if entry is not None:
            game, hand, seat, how = int(entry[1]), int(entry[2]), int(entry[3]), entry[4]
            await self.answer(interaction, lambda i: self.on_entry_modal(i, game, hand, seat, how, values))
        elif undo is not None:
            game = int(undo[1])
            await self.answer(interaction, lambda i: self.on_undo_modal(i, game, values.get("reason", "")))

    async def on_entry_modal(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        hand: int,
        seat: int,
        how: str,
        values: Mapping[str, str],
    ) -> None:
        """The entry modal: the seat's entry as typed, stored once the engine has checked it."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        if state.seat_of(interaction.user.id) is None:
            await self.say(interaction, text("record_not_seated", lang, names=", ".join(names)))
            return
        if not await self._current(interaction, state, hand) or seat >= len(state.seats):
            return
        typed = values.get("hand", "").strip()
        bonus = values.get("bonus", "").strip()
        if how == "s" or how.startswith("d"):
            entry = SeatEntry.won(
                typed,
                win_tile=values.get("win", "").strip(),
                self_drawn=how == "s",
                discarder=None if how == "s" else int(how[1]),
                flags=split_flags(values.get("flags", "")),
            )
        else:
            points = parse_points(typed) if typed else None
            make = SeatEntry.drawn if how == "x" else SeatEntry.lost
            entry = make("" if points is not None else typed, points=points, bonus=bonus)
        await self._enter(interaction, state, names, seat, entry, lang)

    async def on_undo_modal(self, interaction: discord.Interaction[Any], game_id: int, reason: str) -> None:
        """The undo modal: the last hand that stands is reversed, with the reason."""
        state = await self._state(interaction, game_id)
        if state is None:
            return
        lang = language(interaction.locale)
        names = await self.names(state)
        if not await self._seated_or_admin(interaction, state, names):
            return
        reason = " ".join(reason.split())
        if not 1 <= len(reason) <= REASON_MAX:
            await self.say(interaction, text("record_bad_reason", lang))
            return
        last = next((b for b in reversed(state.booked) if not b.reversed), None)
        await self.bot.storage.undo_last_hand(game_id, by=interaction.user.id, reason=reason)
        self.refresh(game_id)
        await self.say(
            interaction, text("record_undone", lang, hand=table_number(state, last) if last else "?")
        )


# ---------------------------------------------------------------------- layouts


def card_layout(state: RecordState, shown: Card, lang: Language) -> discord.ui.LayoutView:
    """The public card: its text and its buttons (those it offers now)."""
    game = state.game_id
    parts: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(shown.text)]
    buttons: list[discord.ui.Item[Any]] = []
    if shown.enter:
        buttons.append(
            RecordButton(
                game, "enter", state.hand_no, text("record_enter", lang), discord.ButtonStyle.primary
            )
        )
    if shown.confirm:
        buttons.append(
            RecordButton(
                game, "confirm", state.hand_no, text("record_confirm", lang), discord.ButtonStyle.success
            )
        )
    if shown.undo:
        buttons.append(RecordButton(game, "undo", None, text("record_undo", lang)))
    if shown.end:
        buttons.append(RecordButton(game, "end", None, text("record_end", lang), discord.ButtonStyle.danger))
    if buttons:
        parts.append(discord.ui.ActionRow(*buttons))
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(*parts))
    return layout


def _how_options(
    state: RecordState, names: Sequence[str], seat: int, lang: Language
) -> list[discord.SelectOption]:
    options = [discord.SelectOption(label=text("record_how_won_self", lang), value="s")]
    for other in range(len(state.seats)):
        if other != seat:
            wind = wind_name(state.table.wind_of(other), lang)
            label = text("record_how_won_from", lang, wind=wind, name=names[other])
            options.append(discord.SelectOption(label=label[:100], value=f"d{other}"))
    options.append(discord.SelectOption(label=text("record_how_lost", lang), value="l"))
    options.append(discord.SelectOption(label=text("record_how_drawn", lang), value="x"))
    return options


def entry_layout(
    state: RecordState, names: Sequence[str], seat: int, lang: Language, *, note: str = ""
) -> discord.ui.LayoutView:
    """The ephemeral entry card for ``seat``: whose hand (a select of the seats), how it ended."""
    assert state.hand_no is not None
    game, hand = state.game_id, state.hand_no
    wind = wind_name(state.table.wind_of(seat), lang)
    lines = [
        text("record_entry_card", lang, hand=state.number),
        text("record_entry_for", lang, wind=wind, name=discord.utils.escape_markdown(names[seat])),
    ]
    if note:
        lines.append(note)
    seats = [
        discord.SelectOption(
            label=text(
                "record_seat_option", lang, wind=wind_name(state.table.wind_of(s), lang), name=names[s]
            )[:100],
            value=str(s),
            default=s == seat,
        )
        for s in range(len(state.seats))
    ]
    parts: list[discord.ui.Item[Any]] = [
        discord.ui.TextDisplay("\n".join(lines)),
        discord.ui.ActionRow(EntrySelect(game, hand, seat, "seat", seats, text("record_pick_seat", lang))),
        discord.ui.ActionRow(
            EntrySelect(
                game, hand, seat, "how", _how_options(state, names, seat, lang), text("record_pick_how", lang)
            )
        ),
    ]
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(*parts))
    return layout


def _has_bouquets(state: RecordState) -> bool:
    return Bouquets in get_ruleset(state.ruleset).features_for(state.settings)


def entry_modal(
    state: RecordState, names: Sequence[str], seat: int, how: str, lang: Language
) -> discord.ui.Modal | None:
    """The modal asking what the ruleset needs of this entry, or None when it needs nothing more
    (a loser, or a drawn hand, whose hand the settlement does not read, where no bouquet pays)."""
    won = how == "s" or how.startswith("d")
    scores = won or losers_score(state.settings, drawn=how == "x")
    bouquets = _has_bouquets(state)
    if not scores and not bouquets:
        return None
    title = text("record_modal_title", lang, hand=state.number, name=names[seat])
    modal = discord.ui.Modal(
        title=title[:45], custom_id=f"mj:recm:{state.game_id}:{state.hand_no}:{seat}:{how}"
    )
    if scores:
        help_lines = [text("record_modal_example", lang, example=EXAMPLE)]
        if not won:
            help_lines.append(text("record_modal_loser_points", lang, points="16"))
        modal.add_item(discord.ui.TextDisplay("\n".join(help_lines)))
        label = "record_modal_hand" if won else "record_modal_hand_or_points"
        modal.add_item(
            discord.ui.Label(
                text=text(label, lang),
                component=discord.ui.TextInput(custom_id="hand", max_length=200, required=won),
            )
        )
    if won:
        modal.add_item(
            discord.ui.Label(
                text=text("record_modal_win", lang),
                description=text("record_modal_win_help", lang, tile="9p"),
                component=discord.ui.TextInput(custom_id="win", max_length=10, required=True),
            )
        )
        flags = ", ".join(OFFERED_FLAGS)
        modal.add_item(
            discord.ui.Label(
                text=text("record_modal_flags", lang),
                description=text("record_modal_flags_help", lang, flags=flags)[:100],
                component=discord.ui.TextInput(custom_id="flags", max_length=100, required=False),
            )
        )
    elif bouquets:
        modal.add_item(
            discord.ui.Label(
                text=text("record_modal_bonus", lang),
                description=text("record_modal_bonus_help", lang),
                component=discord.ui.TextInput(custom_id="bonus", max_length=40, required=False),
            )
        )
    return modal


def undo_modal(game_id: int, hand_no: int, lang: Language) -> discord.ui.Modal:
    """The modal asking why hand ``hand_no`` is undone."""
    modal = discord.ui.Modal(
        title=text("record_modal_undo_title", lang, hand=hand_no)[:45], custom_id=f"mj:recu:{game_id}"
    )
    modal.add_item(
        discord.ui.Label(
            text=text("record_modal_reason", lang),
            component=discord.ui.TextInput(custom_id="reason", max_length=REASON_MAX, required=True),
        )
    )
    return modal


async def setup(bot: MahjongBot) -> None:
    """Load the cog and register the persistent components of /record (discord.py extension
    entry point)."""
    await bot.add_cog(RecordCog(bot))
    bot.add_dynamic_items(*RECORD_ITEMS)


async def teardown(bot: MahjongBot) -> None:
    """Unload: the /record components are no longer taken (discord.py extension exit point)."""
    bot.remove_dynamic_items(*RECORD_ITEMS)
