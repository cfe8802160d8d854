"""Plain records the storage layer hands out: frozen dataclasses, no database handles.

A seat is a Discord user id (``int``) or a computer player's level and number written as
``"ai:<level>:<number>"`` (``str``), e.g. ``"ai:normal:2"`` for Computer 2 (games stored before
the number was kept have ``"ai:<level>"``: their computers are numbered in seat order).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeAlias

from engine.rulesets import get_ruleset
from engine.settings import Settings

Seat: TypeAlias = int | str
"""A Discord user id, or ``"ai:<level>:<number>"`` (``"ai:<level>"`` before numbers were kept)
for a computer player."""

TxnKind: TypeAlias = Literal["buy_in", "hand", "adjustment", "transfer", "season_reset", "starting_chips"]


def seat_holder(seat: Seat) -> str:
    """The ledger account holder of a seat: ``"user:<id>"`` or the AI level (``"ai:<level>"``:
    the computers of one level share an account, whatever their number at a table).

    >>> seat_holder(1234), seat_holder("ai:normal"), seat_holder("ai:easy:3")
    ('user:1234', 'ai:normal', 'ai:easy')
    """
    if isinstance(seat, str):
        return "ai:" + computer_of(seat)[0]
    return f"user:{seat}"


def computer_seat(level: str, number: int) -> str:
    """How a computer player's seat is stored: its level and its number at the table (the number
    names it, ``Computer <number>``, and a restart gives it the same name).

    >>> computer_seat("normal", 2)
    'ai:normal:2'
    """
    return f"ai:{level}:{number}"


def computer_of(seat: str) -> tuple[str, int | None]:
    """The level and number of a stored computer seat (None for a seat stored without one).

    >>> computer_of("ai:normal:2"), computer_of("ai:easy"), computer_of("ai:")
    (('normal', 2), ('easy', None), ('normal', None))
    """
    level, _, number = seat.removeprefix("ai:").partition(":")
    return level or "normal", int(number) if number.isdigit() else None


def computer_numbers(seats: Sequence[Seat]) -> list[int | None]:
    """Each seat's computer number, in seat order (None for a person): the number a computer was
    stored with, or, for one stored before numbers were kept, the lowest number free, in seat
    order, as the lobby numbered them then. The one rule the restore, the history and the replay
    name a stored game's computers by.

    >>> computer_numbers([7, "ai:easy", "ai:normal:1", "ai:hard"])
    [None, 2, 1, 3]
    """
    taken = {computer_of(s)[1] for s in seats if isinstance(s, str)}
    free = (n for n in range(1, len(seats) + len(taken) + 1) if n not in taken)
    return [None if isinstance(s, int) else computer_of(s)[1] or next(free) for s in seats]


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules a table in a channel plays: ruleset, the club's overrides, the resulting settings."""

    ruleset: str
    overrides: Mapping[str, object]
    settings: Settings


@dataclass(frozen=True, slots=True)
class SettingChange:
    """One entry of the settings history: ``kind`` is ruleset, house_rule or club_option."""

    change_id: int
    guild_id: int
    channel_id: int | None
    kind: str
    name: str
    old_value: object
    new_value: object
    changed_by: int | None
    changed_at: str


@dataclass(frozen=True, slots=True)
class ClubOptions:
    """Chip options of a club that the rules engine does not know about."""

    allow_negative_balance: bool = True
    allow_member_transfers: bool = False
    buy_in_amount: int = 5000
    """Chips one buy-in grants (1 to 10^9)."""
    buy_in_limit: int = 0
    """How many buy-ins a member may make per season (0: none; in a channel playing rumisberg,
    whose rule 22 gives a member with no chips left a buy-in, 0 sets no cap)."""
    balance_floor: int | None = None
    """The lowest balance a member's gift may leave the giver with (±10^9), set by the club on
    purpose; None: 0 (a gift never takes the giver below 0 unless the club set a lower floor)."""
    admin_role_id: int | None = None
    """The role whose members administer the chips besides those with Manage Server (None: none)."""

    @property
    def gift_floor(self) -> int:
        """The lowest balance a member's gift, or an admin's debit made without overriding it, may
        leave: the club's ``balance_floor`` where it set one, else 0; never below 0 where the club
        forbids negative balances.

        >>> ClubOptions().gift_floor, ClubOptions(balance_floor=-500).gift_floor
        (0, -500)
        >>> ClubOptions(balance_floor=-500, allow_negative_balance=False).gift_floor
        0
        """
        floor = 0 if self.balance_floor is None else self.balance_floor
        return floor if self.allow_negative_balance else max(floor, 0)


@dataclass(frozen=True, slots=True)
class Player:
    """A person the bot has met: Discord id, the display name last seen, language (None: default)."""

    user_id: int
    display_name: str
    language: str | None
    first_seen: str
    last_seen: str


@dataclass(frozen=True, slots=True)
class Season:
    """A season of a club's ledger; ``closed_at`` None while it is the open one."""

    season_id: int
    guild_id: int
    number: int
    name: str
    starting_chips: int
    opened_at: str
    closed_at: str | None


@dataclass(frozen=True, slots=True)
class Balance:
    """One account's chips in a season; ``user_id`` None for the bank and computer players."""

    holder: str
    user_id: int | None
    display_name: str
    chips: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's place in a season: chips now, and their change over a recent span."""

    user_id: int
    display_name: str
    chips: int
    change: int


@dataclass(frozen=True, slots=True)
class Entry:
    """One leg of a transaction: ``amount`` chips into (positive) or out of (negative) ``holder``."""

    holder: str
    amount: int
    memo: str = ""


@dataclass(frozen=True, slots=True)
class Transaction:
    """A ledger transaction: entries summing to zero, who caused it and why."""

    txn_id: int
    season_id: int
    kind: str
    actor_id: int | None
    reason: str
    created_at: str
    entries: tuple[Entry, ...]
    game_id: int | None = None
    hand_no: int | None = None


@dataclass(frozen=True, slots=True)
class LedgerCheck:
    """The result of :meth:`Storage.check_ledger`; ``problems`` empty when the ledger is sound."""

    transactions: int
    entries: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every transaction balances."""
        return not self.problems


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a hand, seat to seat (seats 0-3 as the engine numbers them)."""

    payer: int
    payee: int
    amount: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of a game: its ordered actions and, once finished, its result and payments."""

    hand_no: int
    actions: tuple[str, ...]
    result: str | None = None
    payments: tuple[Payment, ...] = ()

    @property
    def finished(self) -> bool:
        """True once the hand's result is stored."""
        return self.result is not None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """The engine's summary of one finished hand, stored with its result (``bot/summary.py``
    builds it from the engine's record of the hand, or from a replay of its log). Seats are
    indexes into the game's seats."""

    winner: int | None
    """The winner's seat, or None when nobody won."""
    self_drawn: bool = False
    discarder: int | None = None
    """Whose discard the winner took (None: self-drawn, or nobody won)."""
    win_tile: str | None = None
    """The winning tile in notation (``5p``)."""
    values: tuple[int, ...] = ()
    """Each seat's hand value."""
    score: str = ""
    """The winning hand's score as JSON (:func:`bot.summary.score_to_json`), ``""`` without a winner."""
    error: str = ""
    """Not empty: the hand's log did not replay, so the engine said nothing about it (why)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to rebuild a game by replaying its log.

    ``hands`` holds every hand so far in order, the last one being the hand in
    play (``hand_no``) unless it has just finished and the next has not started.
    ``actions`` is the log of hand ``hand_no``, a shortcut for ``hands[-1].actions``.
    """

    game_id: int
    guild_id: int
    channel_id: int
    ruleset: str
    overrides: Mapping[str, object]
    fingerprint: str
    seats: tuple[Seat, ...]
    seed: int
    status: str
    hand_no: int
    hands: tuple[HandRecord, ...] = field(default_factory=tuple)
    created_by: int | None = None
    """Who opened the table (its owner), if known."""
    language: str = "en"
    """The language the table speaks (``en`` or ``de``)."""
    deadline: float | None = None
    """Unix time at which a person's wait runs out (None: nobody was waited for)."""
    deadline_version: int | None = None
    """The game's state version at which that wait began: the deadline holds while it lasts."""
    times: Mapping[str, float] = field(default_factory=dict)
    """The table's times in seconds (``turn_seconds``, ``claim_seconds``...), as it opened."""
    log_pruned_at: str | None = None
    """When the game's move log was pruned, long after it ended (``bot/storage/retention.py``):
    its hands' ``actions`` are then empty, though they were played. None: the log is whole."""
    kind: str = "discord"
    """``discord`` (played here, with a move log) or ``record`` (played at a real table and scored
    with ``/record``: no move log, no seed)."""
    thread_parent_id: int | None = None
    """The channel whose public thread (``channel_id``) the game is played in (None: played in
    ``channel_id`` itself; schema version 16)."""
    thread_link_id: int | None = None
    """That channel's line linking to the thread (a message id), edited when the game ends."""

    @property
    def actions(self) -> tuple[str, ...]:
        """The ordered actions of the current hand."""
        for hand in self.hands:
            if hand.hand_no == self.hand_no:
                return hand.actions
        return ()

    def settings(self) -> Settings:
        """The game's settings as the engine computes them today from ruleset and overrides."""
        return get_ruleset(self.ruleset).settings(self.overrides)

    @property
    def rules_changed(self) -> bool:
        """True when today's engine gives these overrides a different fingerprint than at the start
        (an update changed a ruleset's defaults); the bot should tell the table."""
        return self.settings().fingerprint() != self.fingerprint


@dataclass(frozen=True, slots=True)
class Export:
    """A CSV export ready to attach: ``discord.File(io.BytesIO(export.data), filename=export.filename)``."""

    filename: str
    text: str

    @property
    def data(self) -> bytes:
        """The CSV as UTF-8 bytes (with a byte-order mark so spreadsheet programs read it as UTF-8)."""
        return ("\ufeff" + self.text).encode("utf-8")

    def write(self, folder: str | os.PathLike[str]) -> Path:
        """Write the export into ``folder`` under its file name; returns the path."""
        path = Path(folder) / self.filename
        path.write_bytes(self.data)
        return path
