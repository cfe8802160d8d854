"""One table per channel: the lobby, then the game, its timers and computer players.

A :class:`Table` owns one :class:`~engine.game.Game` and nothing of Discord:
whatever must be shown goes through a :class:`Presenter` (implemented with
discord.py in ``bot/presenter.py``, with fakes in tests). Every change to a
table happens under its lock, so clicks on one table are serialised while
tables run independently.

Every applied action is stored before it is applied (write-ahead): the line
:meth:`Game.line` gives is appended to the game's log in storage, then the
engine applies it. A restart replays the stored log (``bot/restore.py``).

The claim window: after a discard nothing is applied before
``claim_min_seconds`` have passed (answers given earlier wait), then the seats
with nothing to claim pass, computer players answer, and the window closes as
soon as every person who could claim has answered, or when ``claim_seconds``
run out (the rest pass). So the window lasts the same whoever could claim.

A Gulasch exchange (rumisberg) asks every seat that must act at once: in round 1 East and
his partner both choose three tiles. Computer players choose after ``pace``; the people
have ``turn_seconds`` from the moment the step began, and a card stays current while the
other side of the swap answers (the swap happens when both have given). What a seat gave
and received is the engine's (:meth:`Game.exchanged`), shown on its own card only.

One click is checked once: :meth:`Table.act` asks :meth:`Game.check` (a refusal is raised as the
engine's :class:`~engine.errors.IllegalActionError`), stores the move's line, then applies it;
the engine remembers that it found that very move legal in that very state and does not decide
it again (a computer's move, a held answer and a time-out's default take the same way, in
:meth:`Table._store_and_apply`). When the current turn, claim window or exchange step began
(what makes a card stale) is the engine's too (:attr:`Game.decision_start`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot import workers
from bot.clock import Clock, SystemClock
from bot.storage import (
    DatabaseAccessError,
    GameStateError,
    Payment,
    Storage,
    StorageError,
    StorageInputError,
    Transaction,
)
from bot.storage.records import computer_seat, seat_holder
from bot.summary import summarize
from bot.workers import decide
from engine.actions import Action
from engine.ai.player import AIPlayer
from engine.errors import IllegalActionError, MahjongError
from engine.events import Event, EventKind
from engine.game import Game
from engine.rulesets import resolve
from engine.seats import POSITIONS, Position
from engine.tiles import Lang
from engine.views import Phase

log = logging.getLogger(__name__)

MAX_EXPIRIES = 3
"""Missed turns in a row after which a computer player takes a person's seat until **I'm back**
(a claim window let run out is not one: letting a discard go by is how a person passes, as at a
real table, where a tile may be called until the next player has discarded, seed 002 rule 3)."""

RETRY_SECONDS = (5.0, 15.0, 60.0)
"""How long a table waits before it tries to store again after a passing storage error: after the
first failure in a row, the second, and every later one."""


@dataclass
class Seat:
    """Who plays a seat: a person (``user_id``) or a computer player (``user_id`` None)."""

    user_id: int | None
    name: str
    level: str = "normal"
    away: bool = False
    """A computer plays for the person (after time-outs, or after /mahjong leave)."""
    expiries: int = 0
    """Missed turns in a row (a turn's or a Gulasch exchange step's time ran out; not a claim
    window's, which passes)."""
    number: int = 0
    """A computer player's number at the table (its name is ``Computer <number>``); 0 for a
    person, or a computer seated without one."""

    @property
    def stored(self) -> int | str:
        """How the seat is stored: the user id, or ``ai:<level>:<number>`` (a restart names the
        computer as before; ``ai:<level>`` for one without a number)."""
        if self.user_id is not None:
            return self.user_id
        return computer_seat(self.level, self.number) if self.number else f"ai:{self.level}"

    @classmethod
    def computer_player(cls, number: int, level: str = "normal") -> Seat:
        """A computer player's seat, named by its number."""
        return cls(None, f"Computer {number}", level, number=number)

    @property
    def computer(self) -> bool:
        """Whether a computer player moves for this seat now."""
        return self.user_id is None or self.away


class Presenter(Protocol):
    """What a table shows; the Discord adapter implements it."""

    async def table_changed(self, table: Table) -> None:
        """The public state changed: refresh the table message (coalesced by the presenter)."""

    async def hand_started(self, table: Table) -> None:
        """A new hand was dealt: post a new table message."""

    async def hand_ended(self, table: Table) -> None:
        """The hand is over: post the score sheet and the payments."""

    async def seat_to_move(self, table: Table, position: int) -> None:
        """A person must move, received tiles in an exchange, or was marked away: refresh their
        card, or mention them."""

    async def table_closed(self, table: Table, reason: str) -> None:
        """The table is closed (the game is kept)."""

    async def storage_failed(self, table: Table, reason: str, seconds: float) -> None:
        """The storage failed for now (the first failure in a row): the table stays where it was
        (:attr:`Table.booking_due`: the hand has ended, its booking waits) and tries again."""

    async def storage_recovered(self, table: Table) -> None:
        """The storage works again after :meth:`storage_failed`: play goes on."""

    async def close_thread(self, table: Table, reason: str) -> bool:
        """The table lives in a thread (:attr:`Table.parent_id`) and is over (``reason``:
        ``game_over``, ``stopped``, ``no_person_left``, ``error``): its channel's line says so and
        the thread is archived; nothing is posted in it afterwards. False when Discord failed for
        now (a restart archives it then)."""


@dataclass
class Table:
    """A channel's table: lobby seats, then a game."""

    guild_id: int
    channel_id: int
    owner_id: int
    ruleset: str
    overrides: dict[str, object]
    storage: Storage
    presenter: Presenter
    pace: float = 1.0
    turn_seconds: float = 60.0
    claim_seconds: float = 15.0
    claim_min_seconds: float = 2.0
    next_hand_seconds: float = 0.0
    """Start the next hand by itself after this pause (0: wait for **Next hand**)."""
    clock: Clock = field(default_factory=SystemClock)
    """Every timer of the table reads and waits on it (``bot/clock.py``; tests move a
    :class:`~bot.clock.ManualClock` by hand)."""
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    game_id: int | None = None
    language: str = "en"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: float | None = None
    """When the current wait runs out (monotonic clock), for timers and the status line."""
    deadline_wall: float | None = None
    """The same deadline as a Unix time, for Discord's relative timestamps."""
    held: dict[int, Action] = field(default_factory=dict)
    """Claim answers given before the window's minimum time (applied when it has passed)."""
    window_opened: float = 0.0
    last_events: list[Event] = field(default_factory=list)
    hand_events: list[Event] = field(default_factory=list)
    """This hand's public events so far, in order (the presenter tells the table what happened
    since its last picture; private events never enter it)."""
    closed: bool = False
    starting: bool = False
    """Start is storing the game: the lobby's seats change no more (Join, Leave, Add computer
    and another Start are refused)."""
    message_id: int | None = None
    """The current table message."""
    parent_id: int | None = None
    """The channel whose public thread (:attr:`channel_id`) the table lives in (None: the table
    is played in its channel itself); that channel's settings apply to it."""
    link_id: int | None = None
    """The parent channel's line that links to the thread (a message id)."""
    thread_archived: bool = False
    """The table's thread is being archived: nothing of the table is posted or edited in it any
    more (Discord refuses it, error 50083)."""
    _wake: asyncio.Event = field(default_factory=asyncio.Event)
    _task: asyncio.Task[None] | None = None
    _players: dict[int, AIPlayer] = field(default_factory=dict)
    unbooked: str | None = None
    """Why the last hand's payments could not be booked (None: they were)."""
    short: tuple[tuple[str, int, int], ...] = ()
    """The people who paid less than the last hand asked, as (name, paid, owed): the club allows
    no negative balances, so a payer pays at most what they hold (RULES.md §2.4.10)."""
    booking_due: bool = False
    """The hand has ended but its result and payments are not stored yet (a passing storage
    error): the hand stays as it ended and the driver books it when the storage lets it."""
    troubles: int = 0
    """Passing storage errors in a row (0: the last write worked)."""
    _retry_at: float | None = None
    """After a passing storage error: when the driver may try to store again."""
    stop_votes: set[int] = field(default_factory=set)
    """Seated people who voted to stop the table (/mahjong stop by someone not allowed alone)."""
    _stored_deadline: tuple[float, int] | None = None
    _received: set[int] = field(default_factory=set)
    """Positions that received tiles in an exchange since their card was last refreshed for it."""
    _went_away: set[int] = field(default_factory=set)
    """Positions whose person was marked away since their card was last refreshed (it says so)."""
    _opened_version: int = -1
    """The decision the exchange step's ``window_opened`` belongs to."""
    _asked_version: int = -1
    """The decision whose people were asked (each person is asked once per exchange step)."""

    # --- Lobby ---------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Closed, or its game has ended (its last hand booked): the channel is free for a new
        table (``/mahjong new``)."""
        return self.closed or (self.game is not None and self.game.finished and not self.booking_due)

    @property
    def started(self) -> bool:
        """Whether the game has begun."""
        return self.game is not None

    @property
    def decision_version(self) -> int:
        """The game version at which the current turn, claim window or exchange step began
        (:attr:`Game.decision_start`): a card made at or after it is current (answers of other
        seats inside a window, one side's give in a swap, do not make it stale)."""
        return 0 if self.game is None else self.game.decision_start

    @property
    def size(self) -> int:
        """How many play at this table: 4, or 3 where the rules say so (rumisberg, players=3)."""
        return resolve(self.ruleset, self.overrides)[1].players

    def title(self, lang: Lang) -> str:
        """The table's ruleset as people name it (``Classical Chinese Mah-Jongg (DMJL)``), in ``lang``."""
        return resolve(self.ruleset, self.overrides)[0].title_in(lang)

    def seat_of(self, user_id: int) -> int | None:
        """The lobby index (stored seat) of a person, or None."""
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def position_of(self, user_id: int) -> Position | None:
        """The table position of a person in the running game, or None."""
        index = self.seat_of(user_id)
        if index is None or self.game is None:
            return None
        return POSITIONS[self.game.order.index(index)]

    def seat_at(self, position: int) -> Seat:
        """Who plays ``position`` in the running game."""
        assert self.game is not None
        return self.seats[self.game.order[position]]

    def _lobby_open(self) -> None:
        """:raises TableError: ``not_in_lobby`` once the game runs, ``lobby_starting`` while Start
        stores it (the seats stored are the seats played: they change no more)."""
        if self.started:
            raise TableError("not_in_lobby")
        if self.starting:
            raise TableError("lobby_starting")

    def join(self, user_id: int, name: str) -> None:
        """Take a free seat (a computer seat gives way to a person).

        :raises TableError: when the game has started or is starting, the person is seated or
            the table is full.
        """
        self._lobby_open()
        if self.seat_of(user_id) is not None:
            raise TableError("already_seated")
        computer = next((i for i, s in enumerate(self.seats) if s.user_id is None), None)
        if len(self.seats) >= self.size and computer is None:
            raise TableError("table_full")
        seat = Seat(user_id, name)
        if len(self.seats) < self.size:
            self.seats.append(seat)
        else:
            assert computer is not None
            self.seats[computer] = seat

    def leave_lobby(self, user_id: int) -> None:
        """Give up a seat before the game starts.

        :raises TableError: when the game has started or is starting, or the person has no seat.
        """
        self._lobby_open()
        index = self.seat_of(user_id)
        if index is None:
            raise TableError("not_seated")
        del self.seats[index]

    def add_computer(self, level: str = "normal") -> None:
        """Seat a computer player.

        :raises TableError: when the game has started or is starting, or the table is full.
        """
        self._lobby_open()
        if len(self.seats) >= self.size:
            raise TableError("table_full")
        self._seat_computer(level)

    def _seat_computer(self, level: str = "normal") -> None:
        """Seat a computer player under the lowest number no computer at the table has (a person
        who took a computer's seat freed its number): names are unique at a table."""
        taken = {s.number for s in self.seats if s.user_id is None}
        number = next(n for n in range(1, len(self.seats) + 2) if n not in taken)
        self.seats.append(Seat.computer_player(number, level))

    async def start(self, seed: int) -> None:
        """Fill empty seats with computer players, store the game and deal the first hand.

        The seats and the stored game are decided in one step under the table's lock: from the
        moment Start begins (:attr:`starting`) Join, Leave and Add computer are refused, so the
        seats stored are the seats played. If storing fails the lobby is open again.

        :raises TableError: ``already_started`` when the game has started or is starting.
        """
        if self.started or self.starting:
            raise TableError("already_started")
        self.starting = True
        try:
            async with self.lock:
                if self.closed:
                    return
                while len(self.seats) < self.size:
                    self._seat_computer()
                record = await self.storage.create_game(
                    self.guild_id,
                    self.channel_id,
                    [s.stored for s in self.seats],
                    seed,
                    actor_id=self.owner_id,
                    ruleset=self.ruleset,
                    overrides=self.overrides,
                    language=self.language,
                    times=self.times(),
                    thread=None if self.parent_id is None else (self.parent_id, self.link_id),
                )
                game = Game(
                    record.ruleset, dict(record.overrides), record.seed, [str(s) for s in record.seats]
                )
                game.rename([s.name for s in self.seats])
                self.game_id, self.game = record.game_id, game
        finally:
            self.starting = False
        if self.game is None:  # the table was stopped before Start had the lock: nothing stored
            return
        await self.presenter.hand_started(self)
        self._launch()

    def times(self) -> dict[str, float]:
        """The table's times, stored with its game (a restart plays on with them)."""
        return {
            "turn_seconds": self.turn_seconds,
            "claim_seconds": self.claim_seconds,
            "claim_min_seconds": self.claim_min_seconds,
            "next_hand_seconds": self.next_hand_seconds,
        }

    def resume(
        self,
        game_id: int,
        game: Game,
        *,
        deadline: float | None = None,
        deadline_version: int | None = None,
        grace: float = 0.0,
    ) -> None:
        """Take over a game restored from storage. A person's timer that was running when the
        bot stopped (``deadline``, a Unix time, stored for the wait that began at
        ``deadline_version``) goes on from where it was, plus ``grace`` seconds; other timers
        start afresh."""
        self.game_id, self.game = game_id, game
        game.rename([s.name for s in self.seats])
        if deadline is not None and deadline_version == self.decision_version and not game.deal.over:
            remaining = max(deadline - self.clock.wall(), 0.0) + grace
            at = self.clock() + remaining
            self._set_deadline(at)
            self._stored_deadline = (deadline, self.decision_version)
            if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING):
                self.window_opened = at - self.claim_seconds
            elif game.deal.phase == Phase.EXCHANGE:
                self.window_opened, self._opened_version = at - self.turn_seconds, self.decision_version
        self._launch()

    # --- Play ------------------------------------------------------------------------------------

    def _launch(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(
                self._drive(), name=f"table {self.channel_id}"
            )

    def _ai(self, position: int) -> AIPlayer:
        assert self.game is not None
        player = self._players.get(position)
        if player is None:
            level = self.seat_at(position).level
            # A table in the bot has people at it: the computers read their displays (defence).
            player = AIPlayer(
                level,
                seed=f"{self.game.seed}:{position}",
                settings=self.game.settings,
                defence=True,
                ruleset=self.game.ruleset,
            )
            self._players[position] = player
        return player

    async def _computer_move(self, position: int) -> Action:
        """A computer player's move, decided off the event loop (from the seat's view only)."""
        assert self.game is not None
        view = self.game.view(position)
        action, self._players[position] = await workers.run(decide, self._ai(position), view)
        return action

    async def _store_and_apply(self, action: Action) -> list[Event]:
        """Write the action to the game's log, then apply it (the caller holds the lock)."""
        game = self.game
        assert game is not None and self.game_id is not None
        refusal = game.check(action)  # a click checked by act is not decided again
        if refusal is not None:
            raise refusal.error()
        seq = len(game.deal.log) + 1
        await self.storage.append_action(self.game_id, game.hand_number, seq, game.line(action))
        await self._storage_ok()
        return await self._apply_stored(action)

    async def _store_and_apply_passes(self, passes: Sequence[Action]) -> list[Event]:
        """The automatic passes of a claim window (:meth:`Game.idle_passes`: the engine's own
        list of seats with nothing to claim, each pass legal whatever the others do) stored in
        one transaction, numbered and worded exactly as one :meth:`_store_and_apply` each would
        store them, then applied in order (issue 30: most stored actions are these passes).
        Each is checked once, just before it is applied (the engine remembers one check: the
        first is checked before the write). Returns the last one's events."""
        game = self.game
        assert game is not None and self.game_id is not None
        refusal = game.check(passes[0])
        if refusal is not None:
            raise refusal.error()
        seq = len(game.deal.log) + 1
        lines = [game.line(action) for action in passes]
        await self.storage.append_actions(self.game_id, game.hand_number, seq, lines)
        await self._storage_ok()
        events: list[Event] = []
        for action in passes:
            refusal = game.check(action)  # the first: remembered from above, not decided again
            if refusal is not None:
                raise refusal.error()
            events = await self._apply_stored(action)
        return events

    async def _apply_stored(self, action: Action) -> list[Event]:
        """Apply an action just stored (the caller holds the lock); book the hand if it ended."""
        game = self.game
        assert game is not None
        events = game.apply(action)  # found legal just now: applied without a second check
        self._received.update(
            e.seat for e in events if e.kind == EventKind.DRAW and e.what == "exchange" and e.seat is not None
        )
        self.last_events = events
        self.hand_events.extend(e for e in events if e.visible_to(None))
        if any(e.kind == EventKind.HAND_ENDED for e in events):
            self.booking_due = True
            await self._book()
        return events

    async def _book(self) -> None:
        """Book the hand that has ended (:meth:`_finish_hand`, the caller holds the lock). A passing
        storage error keeps it due: the hand stays as it ended, the channel is told, and the
        driver tries again (nothing was stored, so nothing is booked twice)."""
        try:
            await self._finish_hand()
        except Exception as exc:
            if not passing_storage_error(exc):
                raise
            await self._storage_failed(exc)
            self._launch()  # the driver tries again (it may have stopped with the hand's end)
            return
        self.booking_due = False
        await self._storage_ok(tell=False)  # the score sheet, just posted, says it

    async def _storage_failed(self, exc: BaseException) -> float:
        """A passing storage error: log it, tell the channel (the first in a row) and set when the
        driver tries again; returns how long it waits."""
        self.troubles += 1
        seconds = RETRY_SECONDS[min(self.troubles, len(RETRY_SECONDS)) - 1]
        self._retry_at = self.clock() + seconds
        what = "the hand's booking" if self.booking_due else "a move"
        reason = storage_reason(exc)
        if self.troubles == 1:
            log.error(
                "table %s, game %s: %s could not be stored (%s)", self.channel_id, self.game_id, what, reason
            )
            await self.presenter.storage_failed(self, reason, seconds)
        else:
            log.warning(
                "table %s: storing still fails (%s), %s in a row", self.channel_id, reason, self.troubles
            )
        return seconds

    async def _storage_ok(self, *, tell: bool = True) -> None:
        """A write worked: after passing storage errors, the channel learns that play goes on."""
        self._retry_at = None
        if self.troubles:
            self.troubles = 0
            log.info("table %s: the storage works again", self.channel_id)
            if tell:
                await self.presenter.storage_recovered(self)

    async def _finish_hand(self) -> None:
        """Store the hand's result, the engine's summary of it (for /stats) and book its payments
        in one transaction. Payments the ledger refuses (a balance would leave its bound) are not
        booked: the result is stored with the reason, the table is told, and the game goes on.
        Where the club allows no negative balances the ledger books at most what a payer holds;
        the score sheet names who paid less (:attr:`short`)."""
        game = self.game
        assert game is not None and self.game_id is not None
        record = game.history[-1]
        payments = self._payments()
        winner = "none" if record.winner is None else str(game.order[record.winner])
        result = f"winner={winner} {record.result.reason}"
        summary = summarize(game, record)
        self.unbooked, self.short = None, ()
        try:
            txn = await self.storage.finish_hand(
                self.game_id,
                record.number,
                result=result,
                payments=payments,
                last_seq=len(record.actions),
                summary=summary,
                ends_game=game.finished,
            )
            self.short = self._short(payments, txn)
        except StorageInputError as exc:
            log.error("game %s hand %s: payments not booked: %s", self.game_id, record.number, exc)
            self.unbooked = str(exc)
            await self.storage.finish_hand(
                self.game_id,
                record.number,
                result=f"{result} unpaid: {exc}"[:500],
                payments=[],
                last_seq=len(record.actions),
                summary=summary,
                ends_game=game.finished,
            )
        await self._post_sheet()

    def _payments(self) -> list[Payment]:
        """The last hand's payments as the engine settled them, by stored seat."""
        game = self.game
        assert game is not None
        return [
            Payment(game.order[t.payer], game.order[t.payee], t.amount, t.reason)
            for t in game.history[-1].transfers
        ]

    def _short(self, payments: list[Payment], txn: Transaction | None) -> tuple[tuple[str, int, int], ...]:
        """The people whose booked payments (``txn``) fall short of what the hand asked."""
        entries = txn.entries if txn is not None else ()
        paid: dict[int, int] = {}
        for index, seat in enumerate(self.seats):
            if seat.user_id is not None:
                holder = seat_holder(seat.user_id)
                paid[index] = -sum(e.amount for e in entries if e.holder == holder and e.amount < 0)
        return self._short_of(payments, paid)

    def _short_of(self, payments: list[Payment], paid: dict[int, int]) -> tuple[tuple[str, int, int], ...]:
        """The people who paid (``paid``, by stored seat) less than ``payments`` asked of them."""
        owed: dict[int, int] = {}
        for p in payments:
            owed[p.payer] = owed.get(p.payer, 0) + p.amount
        short = []
        for index, amount in sorted(owed.items()):
            seat = self.seats[index]
            if seat.user_id is not None and paid.get(index, 0) < amount:
                short.append((seat.name, paid.get(index, 0), amount))
        return tuple(short)

    async def finish_unbooked_hand(self) -> None:
        """Book a hand that ended before a restart but whose result was not stored yet (kept due,
        for the driver to retry, after a passing storage error)."""
        async with self.lock:
            self.booking_due = True
            await self._book()

    async def show_booked_hand(self, result: str, booked: tuple[Payment, ...], *, live: bool = True) -> None:
        """After a restart, a hand that had ended and was booked (its stored ``result`` and the
        payments ``booked``): post its score sheet again, since the stop may have come before it
        was posted, saying what the booking said (payments refused, people who paid less). The
        game's last hand ends the game now if storage still has it ``live`` (booked by an earlier
        version, which stored the game's end in a second transaction), as it would have; its
        final sheet is then marked posted."""
        async with self.lock:
            game = self.game
            assert game is not None and self.game_id is not None and game.deal.over
            _, unpaid, reason = result.partition(" unpaid: ")
            self.unbooked = reason if unpaid else None
            paid: dict[int, int] = {}
            for p in booked:
                paid[p.payer] = paid.get(p.payer, 0) + p.amount
            self.short = () if unpaid else self._short_of(self._payments(), paid)
            if game.finished and live:
                await self.storage.end_game(self.game_id, reason="finished")
        await self._post_sheet()

    async def _post_sheet(self) -> None:
        """Post the hand's score sheet; after the game's last hand (its final standings), note
        in storage that it was posted, so a restart posts it only if it was not."""
        await self.presenter.hand_ended(self)
        if self.game is not None and self.game.finished and self.game_id is not None:
            await self.storage.mark_end_posted(self.game_id)
            await self.close_thread("game_over")

    async def close_thread(self, reason: str) -> None:
        """A table that lives in a thread is over: the presenter archives the thread (after the
        final sheet, which comes first), then storage notes it, so a restart archives it only if
        that did not happen. Nothing for a table played in its channel itself."""
        if self.parent_id is None:
            return
        if await self.presenter.close_thread(self, reason) and self.game_id is not None:
            with contextlib.suppress(StorageError):  # a restart archives it again: no harm
                await self.storage.mark_thread_closed(self.game_id)

    def _refusal(self, user_id: int, action: Action, version: int) -> str | None:
        """Why a person's move cannot be made now (a catalogue key), None if it can; the caller
        holds the lock.

        :raises IllegalActionError: when the engine refuses the action (its message is private).
        """
        game = self.game
        if game is None or self.closed:
            return "no_table"
        position = self.position_of(user_id)
        if position is None:
            return "not_seated"
        if not self.decision_version <= version <= game.version:
            log.debug("stale click: %s not in %s..%s", version, self.decision_version, game.version)
            return "stale"
        if position not in game.to_act():
            return "not_your_turn"
        refusal = game.check(action.by(position))
        if refusal is not None:
            raise refusal.error()
        return None

    async def check(self, user_id: int, action: Action, version: int) -> str | None:
        """Whether a person's move could be made now, without making it (a pick in the
        exchange select, before its confirm): None if so, else the catalogue key of why not.

        :raises IllegalActionError: when the engine refuses the action (its message is private).
        """
        async with self.lock:
            return self._refusal(user_id, action, version)

    async def act(self, user_id: int, action: Action, version: int) -> str | None:
        """A person's move from a button: None when applied (or held until the claim window's
        minimum time), else the catalogue key of why not (``stale``, ``not_your_turn``...).

        :raises IllegalActionError: when the engine refuses the action (its message is private).
        """
        async with self.lock:
            why = self._refusal(user_id, action, version)
            if why is not None:
                return why
            game = self.game
            position = self.position_of(user_id)
            assert game is not None and position is not None
            action = action.by(position)
            seat = self.seat_at(position)
            seat.expiries = 0
            if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING) and self._window_young():
                self.held[position] = action
            else:
                decision = self.decision_version
                # the riichi decision before the draw is part of the turn: its time goes on, so
                # the public countdown does not start again for a hand that was ready (§2.3.6)
                riichi_step = game.deal.before_draw
                try:
                    await self._store_and_apply(action)
                except Exception as exc:  # not stored, so not applied: the click may be tried again
                    if passing_storage_error(exc):
                        log.warning(
                            "table %s: a move could not be stored (%s)", self.channel_id, storage_reason(exc)
                        )
                        raise MoveNotStored(storage_reason(exc)) from exc
                    raise
                self.held.pop(position, None)  # an answer held earlier in the window is replaced
                if self.decision_version != decision and not riichi_step:
                    self._new_decision()  # the next turn or window gets its own time
            self._wake.set()
            self._received.discard(position)  # the clicker's card is answered with it
        await self.presenter.table_changed(self)
        await self._tell_received()
        return None

    async def _tell_received(self) -> None:
        """Refresh the cards of the people who received tiles in an exchange (the swap happens
        when the second side gives, which may be someone else's move)."""
        received, self._received = self._received, set()
        for position in sorted(received):
            if not self.seat_at(position).computer:
                await self.presenter.seat_to_move(self, position)

    async def _tell_away(self) -> None:
        """Refresh the cards of the people marked away (after missed turns, or /mahjong leave):
        a card says that a computer plays for them, and offers only **I'm back**."""
        gone, self._went_away = self._went_away, set()
        for position in sorted(gone):
            if self.game is not None and self.seat_at(position).away:
                await self.presenter.seat_to_move(self, position)

    def _window_young(self) -> bool:
        return self.clock() < self.window_opened + self.claim_min_seconds

    async def come_back(self, user_id: int, *, show: bool = True) -> bool:
        """**I'm back**: the person takes their seat back from the computer player. ``show``
        False: the caller shows the table (the click's own answer edits the table message)."""
        async with self.lock:
            index = self.seat_of(user_id)
            if index is None:
                return False
            self.seats[index].away = False
            self.seats[index].expiries = 0
            self._wake.set()
        if show:
            await self.presenter.table_changed(self)
        return True

    async def leave_game(self, user_id: int) -> bool:
        """/mahjong leave during a game: a computer player takes the seat."""
        async with self.lock:
            index = self.seat_of(user_id)
            if index is None:
                return False
            self.seats[index].away = True
            if self.game is not None:
                self._went_away.add(POSITIONS[self.game.order.index(index)])
            if all(s.computer for s in self.seats):
                self.closed = True
                if self.game_id is not None and self.game is not None and not self.game.finished:
                    await self.storage.end_game(self.game_id, reason="no person left", abandoned=True)
            self._wake.set()
        if self.closed:
            await self.presenter.table_closed(self, "no_person_left")
        else:
            await self._tell_away()
        return True

    async def next_hand(self, user_id: int | None) -> str | None:
        """**Next hand** (a seated person, or None for the automatic start)."""
        async with self.lock:
            game = self.game
            if game is not None and game.finished:
                return "game_over"
            if game is None or not game.deal.over:
                return "not_your_turn"
            if user_id is not None and self.seat_of(user_id) is None:
                return "not_seated"
            assert self.game_id is not None
            try:
                await self.storage.start_hand(self.game_id, game.hand_number + 1)
            except Exception as exc:  # not stored, so not dealt: Next hand (or the timer) tries again
                if user_id is not None and passing_storage_error(exc):
                    log.warning(
                        "table %s: the next hand could not be stored (%s)",
                        self.channel_id,
                        storage_reason(exc),
                    )
                    raise MoveNotStored(storage_reason(exc)) from exc
                raise
            await self._storage_ok()
            self.last_events = game.next_hand()
            self.hand_events = []
            self.deadline = self.deadline_wall = None
            self.stop_votes.clear()
            self._wake.set()
        await self.presenter.hand_started(self)
        if self._task is not asyncio.current_task():
            self._launch()
        return None

    def vote_stop(self, user_id: int) -> tuple[int, int]:
        """A seated person's vote to stop the table: (votes so far, votes needed). A strict
        majority of the people seated stops it; votes count until the next hand.

        :raises TableError: ``not_seated`` for someone without a seat.
        """
        if self.seat_of(user_id) is None:
            raise TableError("not_seated")
        people = {s.user_id for s in self.seats if s.user_id is not None}
        self.stop_votes = (self.stop_votes | {user_id}) & people
        return len(self.stop_votes), len(people) // 2 + 1

    async def stop(self) -> bool:
        """Close the table; the game stays stored (abandoned if it was not finished). False when
        the storage could not end it: the game is still live there (the caller lets it be set
        aside by ``/mahjong abandon`` or ``/mahjong new``)."""
        ended = True
        async with self.lock:
            self.closed = True
            self._wake.set()
            if self.game_id is not None and self.game is not None and not self.game.finished:
                try:
                    await self.storage.end_game(self.game_id, reason="stopped", abandoned=True)
                except GameStateError:
                    pass  # not live any more: ended already
                except Exception as exc:
                    ended = False
                    log.warning(
                        "table %s: its game could not be ended (%s)", self.channel_id, storage_reason(exc)
                    )
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        return ended

    # --- The driver: computer moves, claim windows, timers ----------------------------------------

    async def _drive(self) -> None:
        try:
            while not self.closed:
                try:
                    wait = await self._step()
                    await self._tell_received()
                    await self._tell_away()
                    if wait is None:
                        if await self._auto_next_hand():
                            continue
                        return  # the hand is over: **Next hand** starts the driver again
                except Exception as exc:  # a full disk, a locked file: the table waits and tries again
                    if not passing_storage_error(exc):
                        raise
                    wait = await self._storage_failed(exc)
                    await self.presenter.table_changed(self)  # what was stored before it shows
                if wait > 0:
                    self._wake.clear()
                    await self.clock.wait(self._wake, wait)
                else:
                    await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception:  # a table never dies silently: it is closed with a message, the game kept
            log.exception("table %s stopped after an error", self.channel_id)
            self.closed = True
            await self.presenter.table_closed(self, "error")

    async def _auto_next_hand(self) -> bool:
        """With ``next_hand_seconds`` set, start the next hand after that pause (unless someone
        clicked **Next hand** first). False when the driver should stop."""
        game = self.game
        if self.next_hand_seconds <= 0 or game is None or game.finished or self.closed:
            return False
        number = game.hand_number
        self._set_deadline(self.clock() + self.next_hand_seconds)
        await self.presenter.table_changed(self)  # the table message says when the next hand starts
        while not self.closed and game.hand_number == number:
            left = (self.deadline or 0.0) - self.clock()
            if left <= 0:
                await self.next_hand(None)
                break
            self._wake.clear()
            await self.clock.wait(self._wake, left)
        return not self.closed

    async def _step(self) -> float | None:
        """Do what is due now; return how long to wait (None: the hand is over)."""
        changed = False
        people: list[Position] = []
        wake: float | None = None
        async with self.lock:
            game = self.game
            now = self.clock()
            if game is not None and self._retry_at is not None and now < self._retry_at:
                return self._retry_at - now  # after a storage error: nothing is tried before then
            if game is not None and self.booking_due:
                await self._book()
                return self._retry_at - now if self.booking_due and self._retry_at else None
            if game is None or game.deal.over:
                return None
            phase = game.deal.phase
            if phase in (Phase.CLAIMS, Phase.ROBBING):
                if self._window_young():
                    return self.window_opened + self.claim_min_seconds - now
                for position, action in sorted(self.held.items()):
                    await self._store_and_apply(action)
                    del self.held[position]  # applied: a retry after a storage error skips it
                    changed = True
                self.held.clear()
                if game.deal.phase not in (Phase.CLAIMS, Phase.ROBBING):
                    return await self._after_change()
                idle = game.idle_passes()
                if idle:
                    await self._store_and_apply_passes(idle)
                    changed = True
                    if game.deal.phase not in (Phase.CLAIMS, Phase.ROBBING):
                        return await self._after_change()
                for position in game.to_act():
                    if self.seat_at(position).computer:
                        await self._store_and_apply(await self._computer_move(position))
                        changed = True
                        if game.deal.phase not in (Phase.CLAIMS, Phase.ROBBING):
                            return await self._after_change()
                people = game.to_act()
                deadline = self.window_opened + self.claim_seconds
                if now >= deadline:
                    for position in people:  # letting a discard go by is passing: no missed turn
                        await self._expire(position, missed=False)
                    return await self._after_change()
                self._set_deadline(deadline)
                await self._store_deadline()
            elif phase == Phase.EXCHANGE:
                step = await self._exchange_step(now)
                if step is None:
                    return await self._after_change()
                changed, people, wake = step
            else:
                position = game.to_act()[0]
                seat = self.seat_at(position)
                if seat.computer:
                    # a riichi decision before the draw is made at once: waiting the pace there
                    # would tell the table that this computer's hand is ready (§2.3.6)
                    if self.pace and not game.deal.before_draw and not self._due(self.pace):
                        return self.deadline - now if self.deadline else self.pace
                    await self._store_and_apply(await self._computer_move(position))
                    return await self._after_change()
                if self.deadline is None:
                    self._set_deadline(now + self.turn_seconds)
                    await self._store_deadline()
                    people = [position]
                elif now >= self.deadline:
                    await self._expire(position)
                    return await self._after_change()
        if changed:
            await self.presenter.table_changed(self)
        for position in people:
            self._received.discard(position)
            await self.presenter.seat_to_move(self, position)
        return max(0.0, (wake if wake is not None else self.deadline or now) - self.clock())

    async def _exchange_step(self, now: float) -> tuple[bool, list[Position], float] | None:
        """A step of a Gulasch exchange (under the lock): every seat that must act is asked at
        once (East and his partner in round 1). Computer players act after ``pace``, people have
        ``turn_seconds`` from the step's beginning; one side's give keeps the step (and the
        other's card) current. None when the step is over (the caller starts the next);
        else (changed, the people to ask now, when to look again)."""
        game = self.game
        assert game is not None
        if self._opened_version != self.decision_version:
            self._opened_version, self.window_opened = self.decision_version, now
        opened = self.window_opened
        changed = False
        due = opened + self.pace
        for position in list(game.to_act()):
            if not self.seat_at(position).computer or position not in game.to_act():
                continue
            if now < due:
                break
            await self._store_and_apply(await self._computer_move(position))
            if self.decision_version != self._opened_version or game.deal.phase != Phase.EXCHANGE:
                return None
            changed = True
        waiting = game.to_act()
        people = [p for p in waiting if not self.seat_at(p).computer]
        computers = len(people) < len(waiting)
        if not people:
            self.deadline = self.deadline_wall = None  # a computer's move has no deadline to show
            return changed, [], due
        deadline = opened + self.turn_seconds
        if now >= deadline:
            for position in people:
                if position in game.to_act():
                    await self._expire(position)
            return None
        self._set_deadline(deadline)
        await self._store_deadline()
        ask = people if self._asked_version != self.decision_version else []
        self._asked_version = self.decision_version
        return changed, ask, min(deadline, due) if computers and now < due else deadline

    def _due(self, seconds: float) -> bool:
        """A computer's pause: start it, or tell whether it has passed."""
        now = self.clock()
        if self.deadline is None:
            self._set_deadline(now + seconds)
            return False
        return now >= self.deadline

    def _set_deadline(self, at: float) -> None:
        self.deadline = at
        self.deadline_wall = self.clock.wall() + (at - self.clock())

    async def _store_deadline(self) -> None:
        """Keep a person's deadline in storage (once per wait), for a restart to re-arm it."""
        assert self.game_id is not None and self.deadline_wall is not None
        if self._stored_deadline is not None and self._stored_deadline[1] == self.decision_version:
            return
        try:
            await self.storage.set_deadline(self.game_id, self.deadline_wall, self.decision_version)
        except Exception as exc:  # only a restart needs it: the timer runs on, a restart starts it afresh
            if not passing_storage_error(exc):
                raise
            log.warning("table %s: a deadline could not be stored (%s)", self.channel_id, storage_reason(exc))
            return
        self._stored_deadline = (self.deadline_wall, self.decision_version)

    async def _expire(self, position: int, *, missed: bool = True) -> None:
        """A person's time ran out: the default action. A ``missed`` turn (not a claim window let
        run out, which passes) counts: after :data:`MAX_EXPIRIES` in a row a computer sits in."""
        game = self.game
        assert game is not None
        seat = self.seat_at(position)
        riichi_step = game.deal.before_draw
        await self._store_and_apply(game.default_action(position))
        if missed:
            seat.expiries += 1  # counted once it is stored (a storage error retries the time-out)
        if seat.expiries >= MAX_EXPIRIES and not seat.away:
            seat.away = True
            self._went_away.add(position)
        if riichi_step and not game.deal.over and game.to_act() == [position]:
            # the time ran out before the draw: the turn's own default follows at once, as for a
            # seat that was never asked about riichi (the table learns nothing of a ready hand)
            await self._store_and_apply(game.default_action(position))
        # A person who is away keeps the seat: the computer plays until **I'm back**. Only when
        # everyone has left (/mahjong leave) is the table closed.

    async def _after_change(self) -> float:
        """After an action inside the lock: new deadlines; the caller's loop goes on at once."""
        self._new_decision()
        asyncio.get_running_loop().create_task(self.presenter.table_changed(self))
        return 0.0

    def _new_decision(self) -> None:
        """A new turn, claim window or exchange step began: no deadline yet (the driver sets
        one), and a window's time counts from now."""
        game = self.game
        assert game is not None
        self.deadline = self.deadline_wall = None
        if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING):
            self.window_opened = self.clock()


class MoveNotStored(Exception):
    """A person's move (or **Next hand**) that a passing storage error kept from being stored: it
    was not applied, and the table is as it was. ``reason`` says what the storage reported."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def passing_storage_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the storage failing for now (a full disk, a locked or unwritable file),
    after which the table keeps its state and tries again; an error that says the stored game
    itself is wrong (a :class:`~bot.storage.GameStateError`, bad input) is not one.

    >>> passing_storage_error(sqlite3.OperationalError("database or disk is full"))
    True
    >>> passing_storage_error(StorageInputError("bad amount"))
    False
    """
    if isinstance(exc, sqlite3.OperationalError | OSError | DatabaseAccessError):
        return True
    return type(exc) is StorageError


def storage_reason(exc: BaseException) -> str:
    """What may be said of a storage error, in the channel or a log line: SQLite's own words
    (they name no tile), else the kind of error.

    >>> storage_reason(sqlite3.OperationalError("database or disk is full"))
    'database or disk is full'
    """
    if isinstance(exc, sqlite3.OperationalError):
        return str(exc)[:120]
    return type(exc).__name__


class TableError(Exception):
    """A lobby or table request that cannot be done; ``key`` is its catalogue message."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def new_seed() -> int:
    """A fresh game seed (the engine itself never draws one): the bot's seed source unless it
    was given another (:func:`seed_source`)."""
    return random.SystemRandom().randrange(2**62)


def seed_source(seed: int | None = None) -> Callable[[], int]:
    """Where each new game's seed comes from: unpredictable (:func:`new_seed`) without a seed;
    with one, the draws of ``random.Random(seed)``, so a run of games is reproducible from it.

    >>> first, again = seed_source(7), seed_source(7)
    >>> [first(), first()] == [again(), again()]
    True
    """
    if seed is None:
        return new_seed
    rng = random.Random(seed)
    return lambda: rng.randrange(2**62)


def check_rules(ruleset: str, overrides: dict[str, object]) -> str:
    """The ruleset's name, after the engine checked the ruleset and the overrides.

    :raises SettingError: naming what is wrong.
    """
    rs, _ = resolve(ruleset, overrides)
    return rs.name


def public_reason(exc: BaseException) -> str:
    """What may be said of an error in a log line or to anyone: never a private reason."""
    if isinstance(exc, IllegalActionError):
        return exc.public_message
    if isinstance(exc, MahjongError):
        return str(exc)[:200]
    return type(exc).__name__


__all__ = [
    "MAX_EXPIRIES",
    "RETRY_SECONDS",
    "IllegalActionError",
    "MoveNotStored",
    "Presenter",
    "Seat",
    "Table",
    "TableError",
    "check_rules",
    "new_seed",
    "public_reason",
    "seed_source",
]
