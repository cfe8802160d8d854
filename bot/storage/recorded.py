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

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.storage.checks import (
    check_id,
    check_number,
    check_text,
    quote,
    valid_overrides,
)
from bot.storage.errors import RecordError, StorageInputError
from bot.storage.games import LANGUAGES, GamesMixin
from bot.storage.records import HandSummary, Payment, TableRules, Transaction
from bot.storage.sql import Db, Row
from bot.summary import score_to_json
from engine.errors import MahjongError
from engine.recorded import RecordedHand, SeatEntry, TableState, check_entry, settle_entries
from engine.rotation import Seating
from engine.rulesets import Ruleset, resolve
from engine.settings import Settings
from engine.settlement import Stake
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
    """Why it was undone, as the member gave it ('' for a hand that stands)."""


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
    """The current hand's number in storage (the one entries go to); None once the record ended."""
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
        return self.status == "live" and self.table.over(self.settings)

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


def _mention(member: int) -> str:
    """How an error names a member: a Discord mention (the bot shows it as the member's name)."""
    return f"<@{member}>"


def _centre_json(centre: Sequence[Stake]) -> str:
    return json.dumps([[s.seat, s.amount, s.reason] for s in centre])


def _centre(text: str) -> tuple[Stake, ...]:
    return tuple(Stake(int(seat), int(amount), str(reason)) for seat, amount, reason in json.loads(text))


def _is_reversed(hand: Row) -> bool:
    """Whether a booked hand was undone (``hands.reversed_at``; a hand nobody paid for has no
    reversing ledger transaction)."""
    return hand["reversed_at"] is not None


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
        :raises NotationError: for a prevailing wind that cannot be read (``not_a_wind``).
        :raises RecordError: ``record_seat_count`` (not as many members as the rules' players),
            ``record_seat_twice`` (a member twice), ``record_member_busy`` (a member already at a
            live record in this server).
        :raises StorageInputError: for a bad id or language.
        """
        check_id(guild_id, "guild id")
        check_id(channel_id, "channel id")
        if isinstance(members, str | bytes) or not isinstance(members, Sequence):
            raise StorageInputError(f"the members are a list of Discord user ids, not {quote(members)}")
        seats = [check_id(m, f"seat {i}") for i, m in enumerate(members)]
        if len(set(seats)) != len(seats):
            raise RecordError("a member can take only one seat at a table", "record_seat_twice")
        check_id(opened_by, "the opener's user id")
        if language not in LANGUAGES:
            raise StorageInputError(f"a table speaks {' or '.join(LANGUAGES)}, not {quote(language)}")
        wind = (
            Wind.EAST
            if prevailing is None
            else prevailing
            if isinstance(prevailing, Wind)
            else Wind.parse(prevailing)
        )
        given: TableRules | None = None
        if ruleset is None and overrides:
            raise StorageInputError("house-rule overrides for a record need its ruleset too (ruleset=...)")
        if ruleset is not None:
            rules, settings = resolve(ruleset, overrides or {})
            given = TableRules(rules.name, valid_overrides(overrides or {}), settings)
        now = self._now()

        async def work(db: Db) -> RecordState:
            await self._ensure_guild(db, guild_id)
            fixed = given or await self._rules(db, guild_id, channel_id)
            players = fixed.settings.players
            if len(seats) != players:
                raise RecordError(
                    f"{fixed.ruleset} is played by {players} players: seat {players} members, "
                    f"not {len(seats)}",
                    "record_seat_count",
                    count=len(seats),
                    players=players,
                )
            busy = await db.fetchall(
                "SELECT s.user_id FROM game_seats s JOIN games g USING (game_id) WHERE g.guild_id = ? "
                "AND g.kind = 'record' AND g.status = 'live' "
                f"AND s.user_id IN ({','.join('?' * len(seats))})",
                (guild_id, *seats),
            )
            if busy:
                member = int(busy[0]["user_id"])
                raise RecordError(
                    f"member {member} is already at a live record in this server: end that one first",
                    "record_member_busy",
                    mention=_mention(member),
                )
            game_id = await self._insert_game(
                db,
                guild_id,
                channel_id,
                fixed,
                seats,
                seed=0,
                actor_id=opened_by,
                now=now,
                language=language,
                times={},
                kind="record",
            )
            await db.execute("INSERT INTO record_cards (game_id) VALUES (?)", (game_id,))
            rs, _ = resolve(fixed.ruleset, fixed.overrides)
            await self._put_table(db, game_id, 1, TableState.start(rs, fixed.settings, wind))
            return await self._state(db, game_id)

        return await self._write(work)

    async def set_record_card(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Remember the record's card (its channel and message), so it is edited after a restart.

        :raises RecordError: ``record_not_found``.
        """
        check_number(game_id, "a game id")
        check_id(channel_id, "channel id")
        check_id(message_id, "message id")

        async def work(db: Db) -> None:
            await self._record_row(db, game_id)
            await db.execute(
                "UPDATE record_cards SET card_channel_id = ?, card_message_id = ? WHERE game_id = ?",
                (channel_id, message_id, game_id),
            )

        await self._write(work)

    async def enter_hand(
        self, game_id: int, hand_no: int, member: int, entry: SeatEntry, *, by: int
    ) -> RecordState:
        """Enter (or replace) ``member``'s entry for hand ``hand_no`` (the current one), scored by
        the engine at once; ``by`` is who entered it (someone else than ``member``: marked
        ``by_other``; the caller decides who may). Any change clears the hand's confirmations.

        :raises MahjongError: the engine's refusal of the entry (:func:`engine.recorded.check_entry`:
            ``EntryError``, ``NotationError``, ``InvalidHandError``, ``SettingError``), with its code.
        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_not_seated``
            (``member`` not at the table), ``record_hand_booked`` (``hand_no`` is not the current,
            unbooked hand), ``record_game_over`` (the game reached its length: Undo or End).
        """
        check_number(game_id, "a game id")
        check_number(hand_no, "a hand number")
        check_id(member, "the member's user id")
        check_id(by, "the user id of who entered it")
        if not isinstance(entry, SeatEntry):
            raise StorageInputError(f"an entry is a SeatEntry, not {quote(entry)}")

        async def work(db: Db) -> RecordState:
            game, rs, st, seats = await self._live_record(db, game_id)
            seat = self._seated(seats, member)
            table = await self._open_hand(db, game, hand_no, st)
            checked = check_entry(entry, seat, ruleset=rs, settings=st, state=table)
            await db.execute(
                "INSERT INTO record_entries (game_id, hand_no, seat, entry, value, entered_by, entered_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, hand_no, seat) DO UPDATE SET "
                "entry = excluded.entry, value = excluded.value, entered_by = excluded.entered_by, "
                "entered_at = excluded.entered_at",
                (game_id, hand_no, seat, entry.to_json(), checked.value, by, self._now()),
            )
            await db.execute(
                "DELETE FROM record_confirmations WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
            )
            return await self._state(db, game_id)

        return await self._write(work)

    async def withdraw_entry(self, game_id: int, hand_no: int, member: int, *, by: int) -> RecordState:
        """Take back ``member``'s entry for the current hand (clears the confirmations).

        :raises RecordError: as :meth:`enter_hand`, and ``record_no_entry``.
        """
        check_number(game_id, "a game id")
        check_number(hand_no, "a hand number")
        check_id(member, "the member's user id")
        check_id(by, "the user id of who withdrew it")

        async def work(db: Db) -> RecordState:
            game, _, st, seats = await self._live_record(db, game_id)
            seat = self._seated(seats, member)
            await self._open_hand(db, game, hand_no, st, over_ok=True)
            deleted = await db.execute(
                "DELETE FROM record_entries WHERE game_id = ? AND hand_no = ? AND seat = ?",
                (game_id, hand_no, seat),
            )
            if deleted == 0:
                raise RecordError(f"seat {seat} has no entry for this hand", "record_no_entry")
            await db.execute(
                "DELETE FROM record_confirmations WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
            )
            return await self._state(db, game_id)

        return await self._write(work)

    async def confirm_hand(
        self, game_id: int, hand_no: int, member: int, *, for_table: bool = False
    ) -> Confirmed:
        """``member`` confirms hand ``hand_no``'s entries; with ``for_table`` (an admin: the caller
        checks the permission) every seat at once. When every seat has confirmed, the hand is
        booked in the same transaction (result, payments, summary, ledger transaction: the
        booking of a Discord hand, :meth:`GamesMixin._book_hand`) and the next hand begins with
        the seating the rotation gives. The hand is booked only while it is the record's current,
        unbooked hand, under the storage's one writer: never twice.

        :raises MahjongError: the engine's refusal when the entries do not make one hand.
        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_not_seated`` (not
            with ``for_table``), ``record_hand_booked`` (not the current, unbooked hand: booked
            already), ``record_game_over``, ``record_incomplete`` (a seat has not entered),
            ``record_confirmed_twice``.
        """
        check_number(game_id, "a game id")
        check_number(hand_no, "a hand number")
        check_id(member, "the member's user id")

        async def work(db: Db) -> Confirmed:
            game, rs, st, seats = await self._live_record(db, game_id)
            seat = None if for_table else self._seated(seats, member)
            table = await self._open_hand(db, game, hand_no, st)
            entries = await self._entries(db, game_id, hand_no, seats)
            if len(entries) < len(seats):
                missing = len(seats) - len(entries)
                raise RecordError(
                    f"{missing} of the seats have not entered this hand yet",
                    "record_incomplete",
                    count=missing,
                )
            hand = settle_entries(
                {s: e.entry for s, e in entries.items()}, ruleset=rs, settings=st, state=table
            )
            done = await self._confirmed(db, game_id, hand_no)
            if seat is not None and seat in done:
                raise RecordError("you have confirmed this hand already", "record_confirmed_twice")
            todo = [seat] if seat is not None else [s for s in range(len(seats)) if s not in done]
            await db.executemany(
                "INSERT INTO record_confirmations (game_id, hand_no, seat, confirmed_by, confirmed_at) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, hand_no, s, member, self._now()) for s in todo],
            )
            if len(done) + len(todo) < len(seats):
                return Confirmed(await self._state(db, game_id))
            txn = await self._book_recorded(db, game, hand_no, hand)
            state = await self._state(db, game_id)
            booked = next(b for b in state.booked if b.hand_no == hand_no)
            return Confirmed(state, booked, txn)

        return await self._write(work)

    async def undo_last_hand(self, game_id: int, *, by: int, reason: str = "") -> RecordState:
        """Undo the last booked hand that stands: a reversing ledger transaction (kind ``hand``; its
        reason says undo, who and ``reason``), the hand marked (``hands.reversed_at``, ``reversed_txn``,
        ``reversed_by`` and ``reversed_reason``: the reason as given), never deleted; the seating
        goes back to that hand's, and the current hand's entries and confirmations are cleared. A
        hand nobody paid for (a drawn hand settled with nothing) has no ledger transaction to
        reverse: it is marked all the same.

        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_nothing_to_undo``,
            ``record_undo_closed_season`` (the hand was booked in a season since closed).
        """
        check_number(game_id, "a game id")
        check_id(by, "the user id of who undid it")
        why = check_text(reason, "the reason of an undo")

        async def work(db: Db) -> RecordState:
            game, _, _, _ = await self._live_record(db, game_id)
            hands = await db.fetchall(
                "SELECT hand_no, txn_id, season_id, reversed_at, reversed_txn, reversed_reason FROM hands "
                "WHERE game_id = ? AND finished_at IS NOT NULL ORDER BY hand_no DESC",
                (game_id,),
            )
            last = next((h for h in hands if not _is_reversed(h)), None)
            if last is None:
                raise RecordError("no booked hand is left to undo", "record_nothing_to_undo")
            undone = last["hand_no"]
            text = f"undo of game {game_id} hand {undone} by user {by}" + (f": {why}" if why else "")
            reversal: int | None = None
            if last["txn_id"] is not None:
                season = await self._season_by_id(db, last["season_id"])
                if season.closed_at is not None:
                    raise RecordError(
                        f"hand {undone} was booked in {season.name}, which is closed: it cannot be undone",
                        "record_undo_closed_season",
                    )
                legs = [
                    (row["account_id"], -row["amount"], f"undo: {row['memo']}")
                    for row in await db.fetchall(
                        "SELECT account_id, amount, memo FROM entries WHERE txn_id = ? ORDER BY entry_id",
                        (last["txn_id"],),
                    )
                ]
                reversal = await self._post(db, season, "hand", by, text, legs)
            await db.execute(
                "UPDATE hands SET reversed_at = ?, reversed_txn = ?, reversed_by = ?, reversed_reason = ? "
                "WHERE game_id = ? AND hand_no = ?",
                (self._now(), reversal, by, why, game_id, undone),
            )
            current = game["current_hand"]
            await db.execute(
                "DELETE FROM record_confirmations WHERE game_id = ? AND hand_no = ?", (game_id, current)
            )
            await db.execute(
                "DELETE FROM record_entries WHERE game_id = ? AND hand_no = ?", (game_id, current)
            )
            await self._put_table(
                db, game_id, current, await self._table_at(db, game_id, undone), replace=True
            )
            return await self._state(db, game_id)

        return await self._write(work)

    async def end_record(self, game_id: int, *, by: int, drop_entries: bool = False) -> RecordState:
        """End the record through :meth:`end_game`: ``finished`` when a hand stands, else
        ``abandoned`` (a record with no hand played rates nobody). The current hand, never booked,
        is no hand played: its rows go (with entries in it only with ``drop_entries``).

        :raises RecordError: ``record_not_found``, ``record_ended``, ``record_entries_pending``.
        """
        check_number(game_id, "a game id")
        check_id(by, "the user id of who ended it")

        async def work(db: Db) -> bool:
            game, _, _, _ = await self._live_record(db, game_id)
            current = game["current_hand"]
            hand = await db.fetchone(
                "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game_id, current)
            )
            if hand is not None and hand["finished_at"] is None:
                pending = await db.fetchone(
                    "SELECT COUNT(*) FROM record_entries WHERE game_id = ? AND hand_no = ?",
                    (game_id, current),
                )
                if pending is not None and pending[0] and not drop_entries:
                    raise RecordError(
                        "the current hand has entries: book it, or end and drop them",
                        "record_entries_pending",
                    )
                for table in ("record_confirmations", "record_entries", "record_hands", "hands"):
                    await db.execute(
                        f"DELETE FROM {table} WHERE game_id = ? AND hand_no = ?", (game_id, current)
                    )
                if current > 1:
                    await db.execute(
                        "UPDATE games SET current_hand = ? WHERE game_id = ?", (current - 1, game_id)
                    )
            stands = await db.fetchone(
                "SELECT COUNT(*) FROM hands WHERE game_id = ? AND finished_at IS NOT NULL "
                "AND reversed_at IS NULL",
                (game_id,),
            )
            return bool(stands and stands[0])

        played = await self._write(work)
        await self.end_game(game_id, reason=f"ended by user {by}", abandoned=not played)
        return await self.load_record(game_id)

    async def load_record(self, game_id: int) -> RecordState:
        """A record's whole state (see :class:`RecordState`).

        :raises RecordError: ``record_not_found`` (also for a Discord game's id).
        """
        check_number(game_id, "a game id")

        async def work(db: Db) -> RecordState:
            return await self._state(db, game_id)

        return await self._read(work)

    async def live_records(
        self, guild_id: int | None = None, *, channel_id: int | None = None, member: int | None = None
    ) -> list[RecordState]:
        """The live records (oldest first): all, a server's, a channel's, or the one ``member`` sits at."""
        sql = "SELECT g.game_id FROM games g WHERE g.kind = 'record' AND g.status = 'live'"
        params: list[object] = []
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(check_id(guild_id, "guild id"))
        if channel_id is not None:
            sql += " AND g.channel_id = ?"
            params.append(check_id(channel_id, "channel id"))
        if member is not None:
            sql += " AND EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.game_id AND s.user_id = ?)"
            params.append(check_id(member, "the member's user id"))

        async def work(db: Db) -> list[RecordState]:
            rows = await db.fetchall(sql + " ORDER BY g.game_id", params)
            return [await self._state(db, row[0]) for row in rows]

        return await self._read(work)

    # ----------------------------------------------------------------- inside a transaction

    async def _record_row(self, db: Db, game_id: int) -> Row:
        game = await db.fetchone("SELECT * FROM games WHERE game_id = ? AND kind = 'record'", (game_id,))
        if game is None:
            raise RecordError(f"there is no recorded game {game_id}", "record_not_found")
        return game

    async def _live_record(self, db: Db, game_id: int) -> tuple[Row, Ruleset, Settings, tuple[int, ...]]:
        game = await self._record_row(db, game_id)
        if game["status"] != "live":
            raise RecordError(f"recorded game {game_id} has ended", "record_ended")
        rs, st = resolve(game["ruleset"], json.loads(game["overrides"]))
        seats = tuple(int(s) for s in await self._seats(db, game_id))
        return game, rs, st, seats

    @staticmethod
    def _seated(seats: Sequence[int], member: int) -> int:
        if member not in seats:
            raise RecordError(
                f"member {member} is not at this table", "record_not_seated", mention=_mention(member)
            )
        return seats.index(member)

    async def _open_hand(
        self,
        db: Db,
        game: Row,
        hand_no: int,
        settings: Settings,
        *,
        over_ok: bool = False,
    ) -> TableState:
        """The table of hand ``hand_no`` when it is the current, unbooked hand (and the game is not
        over by its length, unless ``over_ok``)."""
        game_id = game["game_id"]
        hand = await db.fetchone(
            "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
        )
        if hand_no != game["current_hand"] or hand is None or hand["finished_at"] is not None:
            raise RecordError(
                f"hand {hand_no} of recorded game {game_id} is not the hand being entered: it was booked",
                "record_hand_booked",
            )
        table = await self._table_at(db, game_id, hand_no)
        if table.over(settings) and not over_ok:
            raise RecordError(
                "the game has reached its end: undo the last hand, or end it", "record_game_over"
            )
        return table

    async def _put_table(
        self,
        db: Db,
        game_id: int,
        hand_no: int,
        table: TableState,
        *,
        replace: bool = False,
    ) -> None:
        s = table.seating
        await db.execute(
            "INSERT INTO record_hands (game_id, hand_no, east, prevailing, streak, rotations, rounds, "
            "played, centre, gulasch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            + (
                " ON CONFLICT (game_id, hand_no) DO UPDATE SET east = excluded.east, "
                "prevailing = excluded.prevailing, streak = excluded.streak, rotations = excluded.rotations, "
                "rounds = excluded.rounds, played = excluded.played, centre = excluded.centre, "
                "gulasch = excluded.gulasch"
                if replace
                else ""
            ),
            (
                game_id,
                hand_no,
                s.east,
                int(s.prevailing),
                s.streak,
                s.rotations,
                s.rounds,
                table.hands_played,
                _centre_json(table.centre),
                int(table.gulasch),
            ),
        )

    async def _table_at(self, db: Db, game_id: int, hand_no: int) -> TableState:
        row = await db.fetchone(
            "SELECT r.*, (SELECT COUNT(*) FROM game_seats s WHERE s.game_id = r.game_id) AS players "
            "FROM record_hands r WHERE r.game_id = ? AND r.hand_no = ?",
            (game_id, hand_no),
        )
        if row is None:
            raise RecordError(f"hand {hand_no} of recorded game {game_id} has no seating", "record_not_found")
        seating = Seating(
            row["east"],
            Wind(row["prevailing"]),
            row["streak"],
            row["rotations"],
            row["rounds"],
            row["players"],
        )
        return TableState(seating, row["played"], _centre(row["centre"]), bool(row["gulasch"]))

    async def _entries(
        self, db: Db, game_id: int, hand_no: int, seats: Sequence[int]
    ) -> dict[int, StoredEntry]:
        out: dict[int, StoredEntry] = {}
        for row in await db.fetchall(
            "SELECT seat, entry, value, entered_by, entered_at FROM record_entries "
            "WHERE game_id = ? AND hand_no = ? ORDER BY seat",
            (game_id, hand_no),
        ):
            seat = row["seat"]
            out[seat] = StoredEntry(
                seat,
                SeatEntry.from_json(row["entry"]),
                row["value"],
                row["entered_by"],
                row["entered_by"] != seats[seat],
                row["entered_at"],
            )
        return out

    async def _confirmed(self, db: Db, game_id: int, hand_no: int) -> frozenset[int]:
        rows = await db.fetchall(
            "SELECT seat FROM record_confirmations WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
        )
        return frozenset(int(r[0]) for r in rows)

    async def _book_recorded(self, db: Db, game: Row, hand_no: int, hand: RecordedHand) -> Transaction | None:
        """Book a settled recorded hand as a Discord hand is booked, and begin the next."""
        game_id = game["game_id"]
        winner = hand.winner
        score = None if winner is None else hand.scores[winner]
        summary = HandSummary(
            winner,
            self_drawn=hand.self_drawn,
            discarder=hand.discarder,
            win_tile=None if hand.win_tile is None else str(hand.win_tile),
            values=hand.values,
            score="" if score is None else score_to_json(score),
        )
        result = "winner=none drawn recorded" if winner is None else f"winner={winner} mahjong recorded"
        payments = [Payment(t.payer, t.payee, t.amount, t.reason) for t in hand.transfers]
        txn = await self._book_hand(
            db, game, hand_no, result=result, payments=payments, summary=summary, ends_game=False
        )
        await db.execute(
            "INSERT INTO hands (game_id, hand_no, started_at) VALUES (?, ?, ?)",
            (game_id, hand_no + 1, self._now()),
        )
        await db.execute("UPDATE games SET current_hand = ? WHERE game_id = ?", (hand_no + 1, game_id))
        await self._put_table(db, game_id, hand_no + 1, hand.after)
        return txn

    async def _state(self, db: Db, game_id: int) -> RecordState:
        game = await self._record_row(db, game_id)
        rs, st = resolve(game["ruleset"], json.loads(game["overrides"]))
        seats = tuple(int(s) for s in await self._seats(db, game_id))
        card = await db.fetchone(
            "SELECT card_channel_id, card_message_id FROM record_cards WHERE game_id = ?", (game_id,)
        )
        hands = await db.fetchall(
            "SELECT h.hand_no, h.finished_at, h.txn_id, h.reversed_at, h.reversed_txn, h.reversed_reason, "
            "r.east, "
            "r.prevailing, s.winner, s.self_drawn, s.discarder, s.win_tile, s.hand_values FROM hands h "
            "LEFT JOIN record_hands r USING (game_id, hand_no) "
            "LEFT JOIN hand_summaries s USING (game_id, hand_no) WHERE h.game_id = ? ORDER BY h.hand_no",
            (game_id,),
        )
        paid: dict[int, list[Payment]] = {}
        for row in await db.fetchall(
            "SELECT hand_no, payer_seat, payee_seat, amount, reason FROM hand_payments WHERE game_id = ? "
            "ORDER BY hand_no, idx",
            (game_id,),
        ):
            paid.setdefault(row[0], []).append(Payment(row[1], row[2], row[3], row[4]))
        booked: list[BookedHand] = []
        nets = [0] * len(seats)
        current: int | None = None
        for h in hands:
            if h["finished_at"] is None:
                current = h["hand_no"] if game["status"] == "live" else None
                continue
            payments = tuple(paid.get(h["hand_no"], ()))
            hand_nets = [0] * len(seats)
            for p in payments:
                hand_nets[p.payer] -= p.amount
                hand_nets[p.payee] += p.amount
            undone = _is_reversed(h)
            if not undone:
                nets = [a + b for a, b in zip(nets, hand_nets, strict=True)]
            booked.append(
                BookedHand(
                    hand_no=h["hand_no"],
                    east=h["east"] if h["east"] is not None else 0,
                    prevailing=Wind(h["prevailing"] or 0),
                    winner=h["winner"],
                    self_drawn=bool(h["self_drawn"]),
                    discarder=h["discarder"],
                    win_tile=h["win_tile"],
                    values=tuple(json.loads(h["hand_values"] or "[]")),
                    payments=payments,
                    nets=tuple(hand_nets),
                    txn_id=h["txn_id"],
                    reversed=undone,
                    reversed_reason=h["reversed_reason"],
                )
            )
        standing = sum(1 for b in booked if not b.reversed)
        if current is not None:
            table = await self._table_at(db, game_id, current)
            entries = await self._entries(db, game_id, current, seats)
            confirmed = await self._confirmed(db, game_id, current)
        else:
            last = booked[-1].hand_no if booked else None
            table = await self._table_at(db, game_id, last) if last is not None else TableState.start(rs, st)
            entries, confirmed = {}, frozenset()
        preview: RecordedHand | None = None
        problem: MahjongError | None = None
        if current is not None and len(entries) == len(seats):
            try:
                preview = settle_entries(
                    {s: e.entry for s, e in entries.items()}, ruleset=rs, settings=st, state=table
                )
            except MahjongError as exc:
                problem = exc
        return RecordState(
            game_id=game_id,
            guild_id=game["guild_id"],
            channel_id=game["channel_id"],
            ruleset=game["ruleset"],
            overrides=json.loads(game["overrides"]),
            settings=st,
            seats=seats,
            status=game["status"],
            created_by=game["created_by"],
            language=game["language"],
            card_channel_id=None if card is None else card["card_channel_id"],
            card_message_id=None if card is None else card["card_message_id"],
            table=table,
            hand_no=current,
            number=standing + 1,
            nets=tuple(nets),
            entries=entries,
            confirmed=confirmed,
            preview=preview,
            problem=problem,
            booked=tuple(booked),
        )
