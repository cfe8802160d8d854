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
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.storage import Payment, Storage, StorageInputError
from bot.summary import summarize
from engine.actions import CLAIMS, Action
from engine.ai.player import AIPlayer
from engine.errors import IllegalActionError
from engine.events import Event, EventKind
from engine.game import Game
from engine.rulesets import resolve
from engine.views import Phase

log = logging.getLogger(__name__)

MAX_EXPIRIES = 3
"""Time-outs in a row after which a computer player takes a person's seat until **I'm back**."""


@dataclass
class Seat:
    """Who plays a seat: a person (``user_id``) or a computer player (``user_id`` None)."""

    user_id: int | None
    name: str
    level: str = "normal"
    away: bool = False
    """A computer plays for the person (after time-outs, or after /mahjong leave)."""
    expiries: int = 0

    @property
    def stored(self) -> int | str:
        """How the seat is stored: the user id, or ``ai:<level>``."""
        return self.user_id if self.user_id is not None else f"ai:{self.level}"

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
        """A person must move: refresh their card, or mention them."""

    async def table_closed(self, table: Table, reason: str) -> None:
        """The table is closed (the game is kept)."""


class Clock(Protocol):
    def __call__(self) -> float: ...


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
    clock: Callable[[], float] = time.monotonic
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
    decision_version: int = 0
    """The game version at which the current turn or claim window began: a card made at or
    after it is current (answers of other seats inside a window do not make it stale)."""
    last_events: list[Event] = field(default_factory=list)
    closed: bool = False
    message_id: int | None = None
    """The current table message."""
    _wake: asyncio.Event = field(default_factory=asyncio.Event)
    _task: asyncio.Task[None] | None = None
    _players: dict[int, AIPlayer] = field(default_factory=dict)
    unbooked: str | None = None
    """Why the last hand's payments could not be booked (None: they were)."""
    stop_votes: set[int] = field(default_factory=set)
    """Seated people who voted to stop the table (/mahjong stop by someone not allowed alone)."""
    _stored_deadline: tuple[float, int] | None = None

    # --- Lobby ---------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Whether the game has begun."""
        return self.game is not None

    @property
    def size(self) -> int:
        """How many play at this table: 4, or 3 where the rules say so (rumisberg, players=3)."""
        return resolve(self.ruleset, self.overrides)[1].players

    def seat_of(self, user_id: int) -> int | None:
        """The lobby index (stored seat) of a person, or None."""
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def position_of(self, user_id: int) -> int | None:
        """The table position of a person in the running game, or None."""
        index = self.seat_of(user_id)
        if index is None or self.game is None:
            return None
        return self.game.order.index(index)

    def seat_at(self, position: int) -> Seat:
        """Who plays ``position`` in the running game."""
        assert self.game is not None
        return self.seats[self.game.order[position]]

    def join(self, user_id: int, name: str) -> None:
        """Take a free seat (a computer seat gives way to a person).

        :raises TableError: when the game has started, the person is seated or the table is full.
        """
        if self.started:
            raise TableError("not_in_lobby")
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
        """Give up a seat before the game starts."""
        if self.started:
            raise TableError("not_in_lobby")
        index = self.seat_of(user_id)
        if index is None:
            raise TableError("not_seated")
        del self.seats[index]

    def add_computer(self, level: str = "normal") -> None:
        """Seat a computer player."""
        if self.started:
            raise TableError("not_in_lobby")
        if len(self.seats) >= self.size:
            raise TableError("table_full")
        number = sum(1 for s in self.seats if s.user_id is None) + 1
        self.seats.append(Seat(None, f"Computer {number}", level))

    async def start(self, seed: int) -> None:
        """Fill empty seats with computer players, store the game and deal the first hand."""
        if self.started:
            raise TableError("not_in_lobby")
        while len(self.seats) < self.size:
            self.add_computer()
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
        )
        self.game_id = record.game_id
        self.game = Game(record.ruleset, dict(record.overrides), record.seed, [str(s) for s in record.seats])
        self.game.rename([s.name for s in self.seats])
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
        self.decision_version = decision_start(game)
        if deadline is not None and deadline_version == self.decision_version and not game.deal.over:
            remaining = max(deadline - time.time(), 0.0) + grace
            at = self.clock() + remaining
            self._set_deadline(at)
            self._stored_deadline = (deadline, self.decision_version)
            if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING):
                self.window_opened = at - self.claim_seconds
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
            player = AIPlayer(level, seed=f"{self.game.seed}:{position}", settings=self.game.settings)
            self._players[position] = player
        return player

    async def _computer_move(self, position: int) -> Action:
        """A computer player's move, decided off the event loop (from the seat's view only)."""
        assert self.game is not None
        view = self.game.view(position)
        return await asyncio.to_thread(self._ai(position).choose, view)

    async def _store_and_apply(self, action: Action) -> list[Event]:
        """Write the action to the game's log, then apply it (the caller holds the lock)."""
        game = self.game
        assert game is not None and self.game_id is not None
        if action not in game.legal_actions(action.seat):
            game.apply(action)  # raises the IllegalActionError that says why
        seq = len(game.deal.log) + 1
        await self.storage.append_action(self.game_id, game.hand_number, seq, game.line(action))
        in_window = game.deal.phase in (Phase.CLAIMS, Phase.ROBBING)
        events = game.apply(action)
        if not (in_window and game.deal.phase in (Phase.CLAIMS, Phase.ROBBING)):
            self.decision_version = game.version
        self.last_events = events
        if any(e.kind == EventKind.HAND_ENDED for e in events):
            await self._finish_hand()
        return events

    async def _finish_hand(self) -> None:
        """Store the hand's result, the engine's summary of it (for /stats) and book its payments
        in one transaction. Payments the ledger refuses (a balance would leave its bound) are not
        booked: the result is stored with the reason, the table is told, and the game goes on."""
        game = self.game
        assert game is not None and self.game_id is not None
        record = game.history[-1]
        payments = [
            Payment(game.order[t.payer], game.order[t.payee], t.amount, t.reason) for t in record.transfers
        ]
        winner = "none" if record.winner is None else str(game.order[record.winner])
        result = f"winner={winner} {record.result.reason}"
        summary = summarize(game, record)
        self.unbooked = None
        try:
            await self.storage.finish_hand(
                self.game_id,
                record.number,
                result=result,
                payments=payments,
                last_seq=len(record.actions),
                summary=summary,
            )
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
            )
        if game.finished:
            await self.storage.end_game(self.game_id, reason="finished")
        await self.presenter.hand_ended(self)

    async def finish_unbooked_hand(self) -> None:
        """Book a hand that ended before a restart but whose result was not stored yet."""
        async with self.lock:
            await self._finish_hand()

    async def act(self, user_id: int, action: Action, version: int) -> str | None:
        """A person's move from a button: None when applied (or held until the claim window's
        minimum time), else the catalogue key of why not (``stale``, ``not_your_turn``...).

        :raises IllegalActionError: when the engine refuses the action (its message is private).
        """
        async with self.lock:
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
            action = action.by(position)
            if action not in game.legal_actions(position):
                game.apply(action)  # raises, with the reason
            seat = self.seat_at(position)
            seat.expiries = 0
            if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING) and self._window_young():
                self.held[position] = action
            else:
                decision = self.decision_version
                await self._store_and_apply(action)
                if self.decision_version != decision:
                    self._new_decision()  # the next turn or window gets its own time
            self._wake.set()
        await self.presenter.table_changed(self)
        return None

    def _window_young(self) -> bool:
        return self.clock() < self.window_opened + self.claim_min_seconds

    async def come_back(self, user_id: int) -> bool:
        """**I'm back**: the person takes their seat back from the computer player."""
        async with self.lock:
            index = self.seat_of(user_id)
            if index is None:
                return False
            self.seats[index].away = False
            self.seats[index].expiries = 0
            self._wake.set()
        await self.presenter.table_changed(self)
        return True

    async def leave_game(self, user_id: int) -> bool:
        """/mahjong leave during a game: a computer player takes the seat."""
        async with self.lock:
            index = self.seat_of(user_id)
            if index is None:
                return False
            self.seats[index].away = True
            if all(s.computer for s in self.seats):
                self.closed = True
                if self.game_id is not None and self.game is not None and not self.game.finished:
                    await self.storage.end_game(self.game_id, reason="no person left", abandoned=True)
            self._wake.set()
        if self.closed:
            await self.presenter.table_closed(self, "no_person_left")
        return True

    async def next_hand(self, user_id: int | None) -> str | None:
        """**Next hand** (a seated person, or None for the automatic start)."""
        async with self.lock:
            game = self.game
            if game is None or not game.deal.over or game.finished:
                return "not_your_turn"
            if user_id is not None and self.seat_of(user_id) is None:
                return "not_seated"
            assert self.game_id is not None
            await self.storage.start_hand(self.game_id, game.hand_number + 1)
            self.last_events = game.next_hand()
            self.decision_version = game.version
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

    async def stop(self) -> None:
        """Close the table; the game stays stored (abandoned if it was not finished)."""
        async with self.lock:
            self.closed = True
            self._wake.set()
            if self.game_id is not None and self.game is not None and not self.game.finished:
                with contextlib.suppress(Exception):
                    await self.storage.end_game(self.game_id, reason="stopped", abandoned=True)
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    # --- The driver: computer moves, claim windows, timers ----------------------------------------

    async def _drive(self) -> None:
        try:
            while not self.closed:
                wait = await self._step()
                if wait is None:
                    if await self._auto_next_hand():
                        continue
                    return  # the hand is over: **Next hand** starts the driver again
                if wait > 0:
                    self._wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._wake.wait(), timeout=wait)
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
        while not self.closed and game.hand_number == number:
            left = (self.deadline or 0.0) - self.clock()
            if left <= 0:
                await self.next_hand(None)
                break
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=left)
        return not self.closed

    async def _step(self) -> float | None:
        """Do what is due now; return how long to wait (None: the hand is over)."""
        changed = False
        people: list[int] = []
        async with self.lock:
            game = self.game
            if game is None or game.deal.over:
                return None
            now = self.clock()
            phase = game.deal.phase
            if phase in (Phase.CLAIMS, Phase.ROBBING):
                if self._window_young():
                    return self.window_opened + self.claim_min_seconds - now
                for _position, action in sorted(self.held.items()):
                    await self._store_and_apply(action)
                    changed = True
                self.held.clear()
                if game.deal.phase not in (Phase.CLAIMS, Phase.ROBBING):
                    return await self._after_change()
                for idle in game.idle_passes():
                    await self._store_and_apply(idle)
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
                    for position in people:
                        await self._expire(position)
                    return await self._after_change()
                self._set_deadline(deadline)
                await self._store_deadline()
            else:
                position = game.to_act()[0]
                seat = self.seat_at(position)
                if seat.computer:
                    if self.pace and not self._due(self.pace):
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
            await self.presenter.seat_to_move(self, position)
        return max(0.0, (self.deadline or now) - self.clock())

    def _due(self, seconds: float) -> bool:
        """A computer's pause: start it, or tell whether it has passed."""
        now = self.clock()
        if self.deadline is None:
            self._set_deadline(now + seconds)
            return False
        return now >= self.deadline

    def _set_deadline(self, at: float) -> None:
        self.deadline = at
        self.deadline_wall = time.time() + (at - self.clock())

    async def _store_deadline(self) -> None:
        """Keep a person's deadline in storage (once per wait), for a restart to re-arm it."""
        assert self.game_id is not None and self.deadline_wall is not None
        if self._stored_deadline is not None and self._stored_deadline[1] == self.decision_version:
            return
        self._stored_deadline = (self.deadline_wall, self.decision_version)
        await self.storage.set_deadline(self.game_id, self.deadline_wall, self.decision_version)

    async def _expire(self, position: int) -> None:
        """A person's time ran out: the default action; after three in a row a computer sits in."""
        game = self.game
        assert game is not None
        seat = self.seat_at(position)
        seat.expiries += 1
        if seat.expiries >= MAX_EXPIRIES:
            seat.away = True
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


class TableError(Exception):
    """A lobby or table request that cannot be done; ``key`` is its catalogue message."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def decision_start(game: Game) -> int:
    """The state version at which the current turn or claim window began: in a window, the
    answers given so far come after it.

    >>> game = Game("dmjl", {}, 7, ["a", "b", "c", "d"])
    >>> decision_start(game) == game.version
    True
    """
    if game.deal.phase not in (Phase.CLAIMS, Phase.ROBBING):
        return game.version
    answers = 0
    for action in reversed(game.deal.log):
        if action.kind not in CLAIMS:
            break
        answers += 1
    return game.version - answers


def new_seed() -> int:
    """A fresh game seed (the engine itself never draws one)."""
    return random.SystemRandom().randrange(2**62)


def check_rules(ruleset: str, overrides: dict[str, object]) -> str:
    """The ruleset's name, after the engine checked the ruleset and the overrides.

    :raises SettingError: naming what is wrong.
    """
    rs, _ = resolve(ruleset, overrides)
    return rs.name


__all__ = [
    "MAX_EXPIRIES",
    "IllegalActionError",
    "Presenter",
    "Seat",
    "Table",
    "TableError",
    "check_rules",
    "new_seed",
]
