"""Games recorded at a real table (``/record``, issue 29 §1): a ``games`` row of kind ``record``,
its seats, each hand's entries and confirmations, and each booked hand exactly as a Discord
hand is booked (``hands`` with its result, ``hand_payments``, ``hand_summaries`` and the ledger
transaction, through :meth:`GamesMixin._book_hand`, the booking ``finish_hand`` does).

The engine decides everything about a hand (:mod:`engine.recorded`): an entry is scored when it
is entered (a bad hand is refused at once), the hand is settled by the ruleset's own settlement
when every seat has entered, and the next seating comes from the ruleset's rotation. The tables
of migration 0014 keep what a restart needs: the card's message, each hand's seating at its
start, the entries and the confirmations.

Seats are stored in seat order, position 0 the first hand's East (East, South, West, North;
three for a three-player ruleset). A member is in at most one live record of a server at a time
(a person sits at one real table). A hand is booked once: booking runs in one SQLite
transaction under the storage's one writer, and only a hand that is still the record's current,
unbooked hand is booked (the ``hands`` row's ``finished_at`` is the key: (record, hand)), so a
double click, two confirmations at once or a restart cannot book it twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.storage.games import GamesMixin
from bot.storage.records import Payment, Transaction
from engine.errors import MahjongError
from engine.recorded import RecordedHand, SeatEntry, TableState
from engine.settings import Settings
from engine.tiles import Wind


@dataclass(frozen=True, slots=True)
class StoredEntry:
    """One seat's entry for the current hand, as stored: what was entered, its value as the engine
    scored it, who entered it (``by_other``: someone else entered it for the seat's member)."""

    seat: int
    entry: SeatEntry
    value: int
    entered_by: int
    by_other: bool
    entered_at: str


@dataclass(frozen=True, slots=True)
class BookedHand:
    """A booked hand of a record: its seating, who won and how, the payments as booked (seats as
    stored), each seat's net, and whether it was undone (reversed, never deleted)."""

    hand_no: int
    """The hand's number in storage (``hands.hand_no``; an undone hand keeps its number)."""
    east: int
    prevailing: Wind
    winner: int | None
    self_drawn: bool
    discarder: int | None
    win_tile: str | None
    values: tuple[int, ...]
    """Each seat's hand value."""
    payments: tuple[Payment, ...]
    """As booked (capped where the club forbids negative balances, each saying so)."""
    nets: tuple[int, ...]
    """Each seat's net of the booked payments."""
    txn_id: int | None
    """The ledger transaction (None: nobody paid)."""
    reversed: bool = False
    reversed_reason: str = ""


@dataclass(frozen=True, slots=True)
class RecordState:
    """Everything the card shows of a record, read in one go (:meth:`RecordedMixin.load_record`)."""

    game_id: int
    guild_id: int
    channel_id: int
    ruleset: str
    overrides: Mapping[str, object]
    settings: Settings
    seats: tuple[int, ...]
    """The members in seat order (position 0: the first hand's East)."""
    status: str
    """``live``, ``finished`` or ``abandoned``."""
    created_by: int | None
    language: str
    card_channel_id: int | None
    card_message_id: int | None
    table: TableState
    """Where the table stands for the current hand: East's position, the prevailing wind, East's
    run, the rounds, the hands that stand, the Gulasch pot in the centre."""
    hand_no: int | None
    """The current hand's number in storage (the one entries go to), None when the game is over
    by its length (only Undo or End remain) or the record has ended."""
    number: int
    """The hand's number as the table counts it: hands that stand + 1."""
    nets: tuple[int, ...]
    """Each seat's net so far (booked hands that stand; undone hands left out)."""
    entries: Mapping[int, StoredEntry] = field(default_factory=dict)
    """The current hand's entries by seat."""
    confirmed: frozenset[int] = frozenset()
    """The seats that confirmed the current hand's entries."""
    preview: RecordedHand | None = None
    """The current hand settled from its entries (values, every payment, the next seating), once
    every seat has entered and they make one hand; None otherwise."""
    problem: MahjongError | None = None
    """Why every seat's entry is in but the hand does not settle (two winners, a loser without a
    winner ...): the engine's error with its code; None otherwise."""
    booked: tuple[BookedHand, ...] = ()
    """Every booked hand, in order, undone ones included (marked)."""

    @property
    def over(self) -> bool:
        """Whether the game reached its end by its length (``game_length``): End or Undo only."""
        return self.status == "live" and self.hand_no is None

    @property
    def missing(self) -> tuple[int, ...]:
        """The seats that have not entered the current hand."""
        return tuple(s for s in range(len(self.seats)) if s not in self.entries)

    @property
    def unconfirmed(self) -> tuple[int, ...]:
        """The seats that have not confirmed the current hand."""
        return tuple(s for s in range(len(self.seats)) if s not in self.confirmed)

    def seat_of(self, member: int) -> int | None:
        """The seat of ``member``, None when not at the table."""
        return self.seats.index(member) if member in self.seats else None


@dataclass(frozen=True, slots=True)
class Confirmed:
    """What a confirmation did: the record's state after it, and the booking when it was the last
    one needed (``booked`` the hand, ``transaction`` its ledger transaction, None when nobody paid)."""

    state: RecordState
    booked: BookedHand | None = None
    transaction: Transaction | None = None


class RecordedMixin(GamesMixin):
    """Recorded games: open, enter, confirm and book, undo, end, load."""

    async def open_record(
        self,
        guild_id: int,
        channel_id: int,
        members: Sequence[int],
        *,
        opened_by: int,
        ruleset: str | None = None,
        overrides: Mapping[str, object] | None = None,
        prevailing: Wind | str | None = None,
        language: str = "en",
    ) -> RecordState:
        """Open a record: a ``games`` row of kind ``record`` (seed 0) with ``members`` seated in
        seat order (East, South, West, North; three where the rules are played by three) and its
        first hand. Without ``ruleset`` the channel's rules with its house rules (:meth:`table_rules`);
        with it, ``overrides`` checked by the engine. ``prevailing``: the first hand's prevailing
        wind (default East).

        :raises SettingError: for an unknown ruleset or a bad override.
        :raises RecordError: ``record_seat_count`` (not as many members as the rules' players),
            ``record_seat_twice`` (a member twice), ``record_member_busy`` (a member already at a
            live record in this server), ``record_bad_wind``.
        :raises StorageInputError: for a bad id or language.
        """
        raise NotImplementedError

    async def set_record_card(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Remember the record's card (its channel and message), so it is edited after a restart.

        :raises RecordError: ``record_not_found``.
        """
        raise NotImplementedError

    async def enter_hand(
        self, game_id: int, hand_no: int, member: int, entry: SeatEntry, *, by: int
    ) -> RecordState:
        """Enter (or replace) ``member``'s entry for hand ``hand_no`` (the current one), scored by
        the engine at once; ``by`` is who entered it (someone else than ``member``: marked
        ``by_other``). Any change clears the hand's confirmations.

        :raises MahjongError: the engine's refusal of the entry (:func:`engine.recorded.check_entry`:
            ``EntryError``, ``NotationError``, ``InvalidHandError``, ``SettingError``), with its code.
        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_not_seated``
            (``member`` not at the table), ``record_hand_booked`` (``hand_no`` is not the current,
            unbooked hand), ``record_game_over`` (the game reached its length: Undo or End).
        """
        raise NotImplementedError

    async def withdraw_entry(self, game_id: int, hand_no: int, member: int, *, by: int) -> RecordState:
        """Take back ``member``'s entry for the current hand (clears the confirmations).

        :raises RecordError: as :meth:`enter_hand`, and ``record_no_entry``.
        """
        raise NotImplementedError

    async def confirm_hand(
        self, game_id: int, hand_no: int, member: int, *, for_table: bool = False
    ) -> Confirmed:
        """``member`` confirms hand ``hand_no``'s entries; with ``for_table`` (an admin: the caller
        checks the permission) every seat at once. When every seat has confirmed, the hand is
        booked in the same transaction (result, payments, summary, ledger transaction) and the
        next hand begins with the seating the rotation gives (none when the game is over by its
        length).

        :raises MahjongError: the engine's refusal when the entries do not make one hand.
        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_not_seated`` (not
            with ``for_table``), ``record_hand_booked`` (not the current, unbooked hand: booked
            already), ``record_incomplete`` (a seat has not entered), ``record_confirmed_twice``.
        """
        raise NotImplementedError

    async def undo_last_hand(self, game_id: int, *, by: int, reason: str = "") -> RecordState:
        """Undo the last booked hand that stands: a reversing ledger transaction (kind ``hand``; its
        reason says undo, who and ``reason``), the hand marked (``hands.reversed_txn``,
        ``reversed_reason``), never deleted; the seating goes back to that hand's, and the current
        hand's entries and confirmations are cleared.

        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_nothing_to_undo``,
            ``record_undo_closed_season`` (the hand was booked in a season since closed).
        """
        raise NotImplementedError

    async def end_record(self, game_id: int, *, by: int, drop_entries: bool = False) -> RecordState:
        """End the record (``end_game``, finished). The current hand, unbooked, is no hand played:
        its row goes; with entries in it only with ``drop_entries``.

        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_entries_pending``.
        """
        raise NotImplementedError

    async def load_record(self, game_id: int) -> RecordState:
        """A record's whole state (see :class:`RecordState`).

        :raises RecordError: ``record_not_found`` (also for a Discord game's id).
        """
        raise NotImplementedError

    async def live_records(
        self, guild_id: int | None = None, *, channel_id: int | None = None, member: int | None = None
    ) -> list[RecordState]:
        """The live records (oldest first): all, a server's, a channel's, or the one ``member`` sits at."""
        raise NotImplementedError
