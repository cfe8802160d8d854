"""Games: their rules, seats and seed, each hand's ordered action log, results and payments.

The engine is deterministic given ruleset, settings, seats, seed and the
ordered actions, so the log is enough to rebuild every live game on start-up
(:meth:`GamesMixin.restore_unfinished_games` with the engine's replay). An
action is committed (and fsynced) before :meth:`GamesMixin.append_action`
returns; its sequence number must be the next one, which catches two writers
racing on one table. A finished hand's result, its payments and the ledger
transaction paying them are one SQLite transaction.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from bot.storage.checks import (
    MAX_ACTION_LENGTH,
    MAX_SEED,
    check_actor,
    check_amount,
    check_id,
    check_number,
    check_seat,
    check_text,
    is_whole,
    quote,
    valid_overrides,
)
from bot.storage.core import to_json
from bot.storage.errors import (
    ActionOrderError,
    ConstraintError,
    GameStateError,
    NotFoundError,
    StorageError,
    StorageInputError,
)
from bot.storage.ledger import LedgerMixin, Leg
from bot.storage.records import (
    GameRecord,
    HandRecord,
    HandSummary,
    Payment,
    Seat,
    TableRules,
    Transaction,
    seat_holder,
)
from bot.storage.rules import RulesMixin
from bot.storage.sql import Db, Row
from engine.rulesets import resolve

LANGUAGES = ("en", "de")
"""The languages a table can speak."""

TIMES = ("turn_seconds", "claim_seconds", "claim_min_seconds", "next_hand_seconds")
"""The times a game keeps (seconds, 0 to 3600)."""


def _check_times(times: Mapping[str, object]) -> dict[str, float]:
    if not isinstance(times, Mapping):
        raise StorageInputError(f"a game's times are seconds by name, not {quote(times)}")
    out: dict[str, float] = {}
    for name, value in times.items():
        if name not in TIMES:
            raise StorageInputError(f"{quote(name)} is not a game's time; times are: {', '.join(TIMES)}")
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not 0 <= value <= 3600
        ):
            raise StorageInputError(f"{name} is 0 to 3600 seconds, not {quote(value)}")
        out[name] = float(value)
    return out


def _stored_json(game: Row, column: str) -> object:
    try:
        return json.loads(game[column])
    except (TypeError, ValueError) as exc:
        raise StorageError(
            f"game {game['game_id']}: its stored {column} are not valid JSON ({exc})"
        ) from None


def _stored_overrides(game: Row) -> dict[str, object]:
    """A stored game's house-rule overrides (a JSON object).

    :raises StorageError: when they are not (the record is unreadable)."""
    value = _stored_json(game, "overrides")
    if not isinstance(value, dict):
        raise StorageError(f"game {game['game_id']}: its stored overrides are not a JSON object")
    return value


def _stored_seed(game: Row) -> int:
    """A stored game's seed.

    :raises StorageError: when it is not a whole number (another seed deals another game, so a
        replay from it would not be the game that was played, even before its first action)."""
    value = game["seed"]
    if not is_whole(value):
        raise StorageError(f"game {game['game_id']}: its stored seed is not a whole number")
    return int(value)


def _stored_times(game: Row) -> dict[str, float]:
    """A stored game's times, checked as when they were stored.

    :raises StorageError: when they are not valid (the record is unreadable)."""
    value = _stored_json(game, "times")
    try:
        return _check_times(value)  # type: ignore[arg-type]
    except StorageInputError as exc:
        raise StorageError(f"game {game['game_id']}: its stored times are not valid: {exc}") from None


T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Rebuild(Protocol[T_co]):
    """What the bot passes to :meth:`Storage.restore_unfinished_games`: a game object from a record.

    With the game engine it is ``Game.replay(record.ruleset, record.overrides, record.seed,
    players, log)`` where ``players`` are the seats in stored order and ``log`` is every hand's
    ``actions`` joined by ``"next"`` lines (see ``engine_rebuild`` in tests/storage_support.py).
    It must not touch storage; an exception marks that one game as failed.
    """

    def __call__(self, record: GameRecord, /) -> T_co: ...


@dataclass(frozen=True, slots=True)
class RestoreResult(Generic[T]):
    """What :meth:`Storage.restore_unfinished_games` rebuilt, and what failed (left live in storage)."""

    games: dict[int, T] = field(default_factory=dict)
    records: dict[int, GameRecord] = field(default_factory=dict)
    failed: dict[int, Exception] = field(default_factory=dict)
    places: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Every live game's (guild id, channel id), also of those whose record could not be read."""
    languages: dict[int, str] = field(default_factory=dict)
    """Every live game's stored language (what its channel is told in), also of those whose record
    could not be read."""


def _check_seats(seats: object) -> list[Seat]:
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence):
        raise StorageInputError(f"the seats are a list of Discord user ids or ai:<level>, not {quote(seats)}")
    if not 1 <= len(seats) <= 4:
        raise StorageInputError(f"a game has at most 4 seats, not {len(seats)}")
    checked = [check_seat(s, i) for i, s in enumerate(seats)]
    users = [s for s in checked if isinstance(s, int)]
    if len(set(users)) != len(users):
        raise StorageInputError("a player can take only one seat at a table")
    return checked


MAX_SUMMARY_LENGTH = 100_000
"""The longest score a hand's summary keeps (JSON characters; a real one is under 3,000)."""


def check_summary(summary: object) -> HandSummary:
    """A hand's summary as :class:`HandSummary` describes it (seats 0-3; the seats a game has are
    checked when it is stored)."""
    if not isinstance(summary, HandSummary):
        raise StorageInputError(f"a hand's summary is a HandSummary, not {quote(summary)}")
    for what, seat in (("winner", summary.winner), ("discarder", summary.discarder)):
        if seat is not None and (not is_whole(seat) or not 0 <= seat <= 3):
            raise StorageInputError(f"a summary's {what} is a seat from 0 to 3 or None, not {quote(seat)}")
    if not isinstance(summary.self_drawn, bool):
        raise StorageInputError(f"a summary's self_drawn is True or False, not {quote(summary.self_drawn)}")
    if summary.win_tile is not None and not isinstance(summary.win_tile, str):
        raise StorageInputError(
            f"a summary's winning tile is notation or None, not {quote(summary.win_tile)}"
        )
    if not isinstance(summary.values, tuple) or not all(is_whole(v) for v in summary.values):
        raise StorageInputError(f"a summary's values are whole numbers by seat, not {quote(summary.values)}")
    if not isinstance(summary.score, str) or len(summary.score) > MAX_SUMMARY_LENGTH:
        raise StorageInputError(f"a summary's score is JSON text of at most {MAX_SUMMARY_LENGTH} characters")
    check_text(summary.error, "a summary's error", 500)
    return summary


def _check_players(rules: TableRules, seats: Sequence[Seat]) -> None:
    """The engine's word on how many seats the game's rules need (it could not replay others)."""
    needed = rules.settings.players
    if len(seats) != needed:
        raise StorageInputError(
            f"{rules.ruleset} is played by {needed} players: a game needs {needed} seats, not "
            f"{len(seats)} (fill the empty seats with computer players, ai:<level>)"
        )


_TO_RESTORE = "(status = 'live' OR (status = 'finished' AND end_posted_at IS NULL AND log_pruned_at IS NULL))"
"""The games a start-up restores: every live one, and every finished one whose final sheet was not
posted (:meth:`GamesMixin.games_to_restore`, :meth:`GamesMixin.restore_unfinished_games`)."""


class GamesMixin(LedgerMixin, RulesMixin):
    """Games, hands and action logs; a hand's payments go through the ledger."""

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Seat],
        seed: int,
        *,
        actor_id: int | None = None,
        ruleset: str | None = None,
        overrides: Mapping[str, object] | None = None,
        language: str = "en",
        times: Mapping[str, float] | None = None,
        thread: tuple[int, int | None] | None = None,
    ) -> GameRecord:
        """Start a game in a channel with its first hand; its rules are fixed now.

        Without ``ruleset`` the channel's rules (:meth:`table_rules`) are used; with it, the given
        ``overrides`` (checked by the engine). ``seats`` are as many Discord user ids or
        ``"ai:<level>"`` as the rules have players (4); ``seed`` is the game's random seed
        (0 to 2**63-1). ``actor_id`` (the opener) is the table's owner; ``language`` (``en`` or
        ``de``) is the language its messages speak, and ``times`` (seconds by name, see
        :data:`TIMES`) the table's times, both kept for a restart. ``thread``: the game is played
        in a public thread (``channel_id``) opened in channel ``thread[0]``, whose line
        ``thread[1]`` (a message id, or None) links to it (schema version 16).

        :raises SettingError: for an unknown ruleset or a bad override.
        :raises StorageInputError: for bad seats (or not as many as the rules' players) or seed.
        :raises GameStateError: when the channel already has a live game.
        """
        check_id(guild_id, "guild id")
        check_id(channel_id, "channel id")
        checked = _check_seats(seats)
        if not is_whole(seed) or not 0 <= seed <= MAX_SEED:
            raise StorageInputError(
                f"the seed must be a whole number from 0 to {MAX_SEED}, not {quote(seed)}"
            )
        check_actor(actor_id)
        if language not in LANGUAGES:
            raise StorageInputError(f"a table speaks {' or '.join(LANGUAGES)}, not {quote(language)}")
        checked_times = _check_times(times or {})
        if thread is not None:
            check_id(thread[0], "thread's channel id")
            if thread[1] is not None:
                check_id(thread[1], "thread's link message id")
        given: TableRules | None = None
        if ruleset is None and overrides:
            raise StorageInputError(
                "house-rule overrides for a game need its ruleset too (ruleset=...); "
                "without one the channel's rules are used as they are"
            )
        if ruleset is not None:
            rules, settings = resolve(ruleset, overrides or {})
            given = TableRules(rules.name, valid_overrides(overrides or {}), settings)
            _check_players(given, checked)
        now = self._now()

        async def work(db: Db) -> GameRecord:
            await self._ensure_guild(db, guild_id)
            fixed = given or await self._rules(db, guild_id, channel_id)
            _check_players(fixed, checked)
            live = await db.fetchone(
                "SELECT game_id FROM games WHERE guild_id = ? AND channel_id = ? AND status = 'live' "
                f"AND {self._played_here}",
                (guild_id, channel_id),
            )
            if live is not None:
                raise GameStateError(f"channel {channel_id} already has a live game ({live[0]})")
            game_id = await self._insert_game(
                db,
                guild_id,
                channel_id,
                fixed,
                checked,
                seed=seed,
                actor_id=actor_id,
                now=now,
                language=language,
                times=checked_times,
            )
            if thread is not None:
                await db.execute(
                    "UPDATE games SET thread_parent_id = ?, thread_link_id = ? WHERE game_id = ?",
                    (thread[0], thread[1], game_id),
                )
            return await self._game(db, game_id)

        return await self._write(work)

    async def _insert_game(
        self,
        db: Db,
        guild_id: int,
        channel_id: int,
        rules: TableRules,
        seats: Sequence[Seat],
        *,
        seed: int,
        actor_id: int | None,
        now: str,
        language: str,
        times: Mapping[str, float],
        kind: str = "discord",
    ) -> int:
        """Insert a new game (its row, its seats and its first hand) inside the caller's
        transaction, checked by the caller; its id. ``kind`` ``record`` is a game recorded at a
        real table (:mod:`bot.storage.recorded`), a column only schema version 12 has."""
        columns = "guild_id, channel_id, ruleset, overrides, fingerprint, seed, created_by, created_at, "
        columns += "language, times" + (", kind" if kind != "discord" else "")
        values: tuple[object, ...] = (
            guild_id,
            channel_id,
            rules.ruleset,
            to_json(dict(rules.overrides)),
            rules.settings.fingerprint(),
            seed,
            actor_id,
            now,
            language,
            to_json(dict(times)),
        ) + ((kind,) if kind != "discord" else ())
        marks = ", ".join("?" * len(values))
        game_id = await db.insert(f"INSERT INTO games ({columns}) VALUES ({marks})", values, key="game_id")
        await db.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id, ai_level) VALUES (?, ?, ?, ?)",
            [
                (game_id, i, s if isinstance(s, int) else None, s if isinstance(s, str) else None)
                for i, s in enumerate(seats)
            ],
        )
        await db.execute("INSERT INTO hands (game_id, hand_no, started_at) VALUES (?, 1, ?)", (game_id, now))
        return game_id

    @property
    def _played_here(self) -> str:
        """The SQL condition for a game played in Discord (with a move log, restored on start-up),
        not one recorded at a real table (``kind``, schema version 12; every game before it)."""
        return "kind = 'discord'" if self._schema_target is None or self._schema_target >= 12 else "1 = 1"

    async def append_action(self, game_id: int, hand_no: int, seq: int, action: str) -> None:
        """Append one action to the live hand's log; durable (committed, fsynced) when this returns.

        ``seq`` must be the next number of the hand (1 for its first action). Appends of many
        tables that arrive together share one transaction (group commit); each is refused or
        cancelled on its own.

        :raises ActionOrderError: when ``seq`` is not the next one (another writer got there first).
        :raises GameStateError: when the game is not live or the hand is finished or not current.
        :raises StorageInputError: for an empty action, one with a line break or longer than 200.
        """
        await self.append_actions(game_id, hand_no, seq, [action])

    async def append_actions(self, game_id: int, hand_no: int, seq: int, actions: Sequence[str]) -> None:
        """Append several actions of the live hand in one transaction: ``actions[0]`` as number
        ``seq``, the next as ``seq + 1`` and so on, exactly as many :meth:`append_action` calls
        would, but all stored or none (the automatic passes of a claim window, issue 30).

        :raises ActionOrderError: when ``seq`` is not the next one (nothing is stored).
        :raises GameStateError: when the game is not live or the hand is finished or not current.
        :raises StorageInputError: for no actions, or an action that :meth:`append_action` refuses.
        """
        check_number(game_id, "a game id")
        check_number(hand_no, "a hand number")
        check_number(seq, "an action's sequence number")
        if isinstance(actions, str) or not isinstance(actions, Sequence) or not actions:
            raise StorageInputError("append_actions takes a non-empty list of actions")
        for action in actions:
            if not isinstance(action, str) or not action.strip() or "\n" in action or "\r" in action:
                raise StorageInputError(f"an action is one non-empty line of text, not {quote(action)}")
            if len(action) > MAX_ACTION_LENGTH:
                raise StorageInputError(
                    f"an action is at most {MAX_ACTION_LENGTH} characters, not {len(action)}"
                )
        check_number(seq + len(actions) - 1, "an action's sequence number")
        now = self._now()

        async def work(db: Db) -> None:
            for number, action in enumerate(actions, start=seq):
                # One statement checks that the hand is live and seq the next, and inserts.
                try:
                    written = await db.execute(
                        "INSERT INTO actions (game_id, hand_no, seq, action, created_at) "
                        "SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM games g JOIN hands h "
                        "ON h.game_id = g.game_id AND h.hand_no = g.current_hand WHERE g.game_id = ?1 "
                        "AND g.status = 'live' AND h.hand_no = ?2 AND h.finished_at IS NULL) "
                        "AND ?3 = (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions "
                        "WHERE game_id = ?1 AND hand_no = ?2) ON CONFLICT DO NOTHING",
                        (game_id, hand_no, number, action, now),
                    )
                except ConstraintError:
                    written = 0
                if written != 1:
                    await self._explain_refused_append(db, game_id, hand_no, number)

        await self._write_grouped(work)

    async def _explain_refused_append(self, db: Db, game_id: int, hand_no: int, seq: int) -> None:
        game = await db.fetchone("SELECT status, current_hand FROM games WHERE game_id = ?", (game_id,))
        if game is None:
            raise NotFoundError(f"there is no game {game_id}")
        if game["status"] != "live":
            raise GameStateError(f"game {game_id} is {game['status']}; no more actions can be added")
        hand = await db.fetchone(
            "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
        )
        if hand_no != game["current_hand"] or hand is None:
            raise GameStateError(f"game {game_id} is playing hand {game['current_hand']}, not hand {hand_no}")
        if hand["finished_at"] is not None:
            raise GameStateError(f"hand {hand_no} of game {game_id} is finished; start the next hand")
        last = await db.fetchone(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ? AND hand_no = ?",
            (game_id, hand_no),
        )
        expected = (last[0] if last else 0) + 1
        raise ActionOrderError(
            f"action {seq} of game {game_id} hand {hand_no} is out of order: the next is {expected} "
            "(another writer may have appended first; reload the game)"
        )

    async def set_deadline(self, game_id: int, deadline: float, version: int) -> None:
        """Remember when a person's wait runs out (Unix time) and the game's state version at
        which that wait began, so that a restart re-arms the timer from it.

        :raises StorageInputError: for a deadline that is not a finite time.
        :raises GameStateError: when the game is not live.
        """
        check_number(game_id, "a game id")
        check_number(version, "a state version", 0)
        if (
            isinstance(deadline, bool)
            or not isinstance(deadline, int | float)
            or not math.isfinite(deadline)
            or not 0 <= deadline < 1e11
        ):
            raise StorageInputError(f"a deadline is a Unix time in seconds, not {quote(deadline)}")

        async def work(db: Db) -> None:
            game = await db.fetchone("SELECT status FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            if game["status"] != "live":
                raise GameStateError(f"game {game_id} is {game['status']}")
            await db.execute(
                "UPDATE games SET deadline = ?, deadline_version = ? WHERE game_id = ?",
                (float(deadline), version, game_id),
            )

        await self._write(work)

    async def finish_hand(
        self,
        game_id: int,
        hand_no: int,
        *,
        result: str,
        payments: Sequence[Payment] = (),
        last_seq: int | None = None,
        summary: HandSummary | None = None,
        ends_game: bool = False,
    ) -> Transaction | None:
        """Store a hand's result and pay it: the result, the engine's summary of the hand, the
        payments and their ledger transaction (in the open season) are one SQLite transaction.
        Returns the ledger transaction (None when nobody pays).

        With ``ends_game`` (the game's last hand) the game is ended ``finished`` in the same
        transaction: a stop between the booking and the game's end cannot leave it live.

        Hand settlements are always booked: the hand was played. Where the club forbids negative
        balances (``allow_negative_balance`` false), a member pays at most what they hold and the
        rest is forfeited (RULES.md §2.4.10, A-CORE-22); the payments stored are those booked, each
        capped one saying so in its reason. Where the club allows them (the default), a hand may
        take a member below 0: that is the club's choice, unlike a gift (see ``transfer``).

        :param result: the engine's summary of the hand (opaque text, e.g. JSON).
        :param last_seq: if given, the sequence number of the hand's last action, checked.
        :param summary: the engine's summary of the hand (``bot/summary.py``), for ``/stats``.
        :param ends_game: the hand is the game's last: end the game (``finished``) with it.
        :raises GameStateError: when the hand is not the live one or ``last_seq`` differs.
        :raises StorageInputError: for a payment with a bad seat or amount (1 to 10^9), one that
            would take a balance beyond the ledger's bound, or a bad summary.
        """
        check_number(game_id, "a game id")
        check_number(hand_no, "a hand number")
        if last_seq is not None:
            check_number(last_seq, "the last action's sequence number", 0)
        if not isinstance(result, str):
            raise StorageInputError(f"a hand's result is text, not {quote(result)}")
        for p in payments:
            if not isinstance(p, Payment) or not is_whole(p.payer) or not is_whole(p.payee):
                raise StorageInputError(f"a payment is a Payment(payer, payee, amount), not {quote(p)}")
            check_amount(p.amount, "payment")
            check_text(p.reason, "a payment's reason")
        if summary is not None:
            check_summary(summary)

        async def work(db: Db) -> Transaction | None:
            game = await db.fetchone("SELECT * FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            await self._require_live_hand(db, game, hand_no)
            if last_seq is not None:
                row = await db.fetchone(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ? AND hand_no = ?",
                    (game_id, hand_no),
                )
                if row is None or row[0] != last_seq:
                    raise ActionOrderError(
                        f"hand {hand_no} of game {game_id} has {row[0] if row else 0} actions stored, "
                        f"not {last_seq}; the result was not stored"
                    )
            return await self._book_hand(
                db, game, hand_no, result=result, payments=payments, summary=summary, ends_game=ends_game
            )

        return await self._write(work)

    async def _book_hand(
        self,
        db: Db,
        game: Row,
        hand_no: int,
        *,
        result: str,
        payments: Sequence[Payment],
        summary: HandSummary | None,
        ends_game: bool,
    ) -> Transaction | None:
        """Book live hand ``hand_no`` of ``game`` inside the caller's transaction (the caller checked
        it is the live, unfinished hand, and the payments' types and amounts): its result, its
        payments (capped where the club forbids negative balances) and their ledger transaction,
        its summary, and with ``ends_game`` the game's end. A Discord hand (:meth:`finish_hand`)
        and a recorded one (``bot/storage/recorded.py``) are booked by this one code."""
        game_id = game["game_id"]
        seats = await self._seats(db, game_id)
        for p in payments:
            if not (0 <= p.payer < len(seats) and 0 <= p.payee < len(seats)) or p.payer == p.payee:
                raise StorageInputError(
                    f"a payment goes from one seat to another of 0 to {len(seats) - 1}, "
                    f"not {quote(p.payer)} to {quote(p.payee)}"
                )
        season = await self._open_season(db, game["guild_id"])
        accounts: dict[int, int] = {}  # seat -> account, opened in the order the payments name them
        for seat in (s for p in payments for s in (p.payer, p.payee)):
            if seat not in accounts:
                accounts[seat] = await self._account(db, season, seat_holder(seats[seat]))
        booked = list(payments)
        if booked and not (await self._options(db, game["guild_id"])).allow_negative_balance:
            booked = await self._capped(db, accounts, seats, booked)
        txn_id: int | None = None
        if booked:
            legs: list[Leg] = []
            for p in booked:
                memo = f"seat {p.payer} to seat {p.payee}" + (f": {p.reason}" if p.reason else "")
                legs.append((accounts[p.payer], -p.amount, memo))
                legs.append((accounts[p.payee], p.amount, memo))
            txn_id = await self._post(db, season, "hand", None, f"game {game_id} hand {hand_no}", legs)
            await db.executemany(
                "INSERT INTO hand_payments (game_id, hand_no, idx, payer_seat, payee_seat, amount, "
                "reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game_id, hand_no, i, p.payer, p.payee, p.amount, p.reason) for i, p in enumerate(booked)],
            )
        await db.execute(
            "UPDATE hands SET finished_at = ?, result = ?, season_id = ?, txn_id = ? "
            "WHERE game_id = ? AND hand_no = ?",
            (self._now(), result, season.season_id, txn_id, game_id, hand_no),
        )
        if summary is not None:
            await self._store_summary(db, game_id, hand_no, summary, len(seats))
        if ends_game:
            await db.execute(
                "UPDATE games SET status = 'finished', ended_at = ?, end_reason = 'finished' "
                "WHERE game_id = ?",
                (self._now(), game_id),
            )
            await self._game_finished(db, game_id)
        return None if txn_id is None else await self._transaction(db, txn_id, game_id, hand_no)

    async def _capped(
        self,
        db: Db,
        accounts: Mapping[int, int],
        seats: Sequence[Seat],
        payments: Sequence[Payment],
    ) -> list[Payment]:
        """A hand's payments where the club forbids negative balances (RULES.md §2.4.10, A-CORE-22:
        "a payer pays at most his balance; the rest is forfeited"): in their order, a member pays
        at most what they hold then (what they received earlier in the hand included); a payment
        capped says so in its reason, one capped to nothing is left out. A computer player's
        account has no floor."""
        have = {account: await self._balance_of(db, account) for account in set(accounts.values())}
        out: list[Payment] = []
        for p in payments:
            payer, payee = accounts[p.payer], accounts[p.payee]
            amount = p.amount
            if is_whole(seats[p.payer]):  # a member
                amount = min(amount, max(have[payer], 0))
            if amount < p.amount:
                forfeit = p.amount - amount
                note = f"capped at the payer's balance: {amount} of {p.amount} paid, {forfeit} forfeited"
                p = Payment(p.payer, p.payee, amount, f"{p.reason}; {note}" if p.reason else note)
            if amount > 0:
                have[payer] -= amount
                have[payee] += amount
                out.append(p)
        return out

    async def _store_summary(
        self, db: Db, game_id: int, hand_no: int, summary: HandSummary, seats: int
    ) -> bool:
        """Keep a finished hand's summary unless it has one already (a summary never changes);
        True if it was stored."""
        for seat in (summary.winner, summary.discarder):
            if seat is not None and seat >= seats:
                raise StorageInputError(f"game {game_id} has seats 0 to {seats - 1}, not {seat}")
        written = await db.execute(
            "INSERT INTO hand_summaries (game_id, hand_no, winner, self_drawn, discarder, "
            "win_tile, hand_values, score, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, hand_no) DO NOTHING",
            (
                game_id,
                hand_no,
                summary.winner,
                int(summary.self_drawn),
                summary.discarder,
                summary.win_tile,
                json.dumps(list(summary.values)),
                summary.score,
                summary.error.strip(),
            ),
        )
        return written > 0

    async def _require_live_hand(self, db: Db, game: Row, hand_no: int) -> None:
        if game["status"] != "live":
            raise GameStateError(f"game {game['game_id']} is {game['status']}")
        if game["current_hand"] != hand_no:
            raise GameStateError(
                f"game {game['game_id']} is playing hand {game['current_hand']}, not hand {hand_no}"
            )
        hand = await db.fetchone(
            "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game["game_id"], hand_no)
        )
        if hand is None or hand["finished_at"] is not None:
            raise GameStateError(f"hand {hand_no} of game {game['game_id']} is already finished")

    async def start_hand(self, game_id: int, hand_no: int) -> None:
        """Start the next hand of a game: ``hand_no`` must follow the current one, which must be finished.

        :raises GameStateError: otherwise (e.g. two writers starting the same hand).
        """
        check_number(game_id, "a game id")
        check_number(hand_no, "a hand number")

        async def work(db: Db) -> None:
            game = await db.fetchone("SELECT * FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            if game["status"] != "live":
                raise GameStateError(f"game {game_id} is {game['status']}")
            if hand_no != game["current_hand"] + 1:
                raise GameStateError(
                    f"game {game_id} is at hand {game['current_hand']}; the next is "
                    f"{game['current_hand'] + 1}, not {hand_no}"
                )
            current = await db.fetchone(
                "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?",
                (game_id, game["current_hand"]),
            )
            if current is not None and current["finished_at"] is None:
                raise GameStateError(f"hand {game['current_hand']} of game {game_id} is not finished")
            await db.execute(
                "INSERT INTO hands (game_id, hand_no, started_at) VALUES (?, ?, ?)",
                (game_id, hand_no, self._now()),
            )
            await db.execute("UPDATE games SET current_hand = ? WHERE game_id = ?", (hand_no, game_id))

        await self._write(work)

    async def end_game(self, game_id: int, *, reason: str = "", abandoned: bool = False) -> None:
        """End a live game: ``finished`` (its current hand must be finished) or ``abandoned``.

        Either way it is no longer restored on start-up; its hands stay, and its log until the
        bot prunes it (``MAHJONG_KEEP_LOGS_DAYS`` after the end, see ``bot/storage/retention.py``).

        :raises GameStateError: when the game is not live, or is finished with a hand in play.
        """
        check_number(game_id, "a game id")
        reason = check_text(reason, "the reason a game ended")

        async def work(db: Db) -> None:
            game = await db.fetchone("SELECT * FROM games WHERE game_id = ?", (game_id,))
            if game is None:
                raise NotFoundError(f"there is no game {game_id}")
            if game["status"] != "live":
                raise GameStateError(f"game {game_id} is already {game['status']}")
            if not abandoned:
                hand = await db.fetchone(
                    "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?",
                    (game_id, game["current_hand"]),
                )
                if hand is not None and hand["finished_at"] is None:
                    raise GameStateError(
                        f"hand {game['current_hand']} of game {game_id} is in play; "
                        "finish it or abandon the game"
                    )
            now = self._now()
            await db.execute(  # an abandoned game has no final sheet to post
                "UPDATE games SET status = ?, ended_at = ?, end_reason = ?, end_posted_at = ? "
                "WHERE game_id = ?",
                ("abandoned" if abandoned else "finished", now, reason, now if abandoned else None, game_id),
            )
            if not abandoned:
                await self._game_finished(db, game_id)

        await self._write(work)

    async def _game_finished(self, db: Db, game_id: int) -> None:
        """What follows a game's end inside the transaction that ends it, whichever call ends it
        (:meth:`end_game`, :meth:`finish_hand` with ``ends_game``): its rating
        (:class:`bot.storage.ratings.RatingsMixin` overrides this)."""

    async def mark_end_posted(self, game_id: int) -> None:
        """Note that finished game ``game_id``'s final sheet was posted (or can never be): the
        start-up no longer posts it (:meth:`restore_unfinished_games`). Idempotent."""
        check_number(game_id, "a game id")

        async def work(db: Db) -> None:
            await db.execute(
                "UPDATE games SET end_posted_at = ? WHERE game_id = ? AND status = 'finished' "
                "AND end_posted_at IS NULL",
                (self._now(), game_id),
            )

        await self._write(work)

    async def mark_thread_closed(self, game_id: int) -> None:
        """Note that game ``game_id``'s thread was archived and its channel's line edited (or can
        never be): a start-up no longer closes it (:meth:`threads_to_close`). Idempotent."""
        check_number(game_id, "a game id")

        async def work(db: Db) -> None:
            await db.execute(
                "UPDATE games SET thread_closed_at = ? WHERE game_id = ? AND thread_closed_at IS NULL",
                (self._now(), game_id),
            )

        await self._write(work)

    async def game_thread(self, game_id: int) -> tuple[int, int | None, str] | None:
        """Where game ``game_id``'s thread was opened: (its channel, the channel's line linking to
        it or None, the game's language); None for a game played in its channel itself. Reads the
        game's row alone (a game whose log cannot be read has a thread too)."""
        check_number(game_id, "a game id")

        async def work(db: Db) -> tuple[int, int | None, str] | None:
            row = await db.fetchone(
                "SELECT thread_parent_id, thread_link_id, language FROM games WHERE game_id = ?", (game_id,)
            )
            if row is None or row[0] is None:
                return None
            return (row[0], row[1], row[2] if row[2] in LANGUAGES else "en")

        return await self._read(work)

    async def threads_to_close(self) -> list[tuple[int, int, int, int, int | None, str, str]]:
        """The games played in a thread that ended (finished with their final sheet posted, or
        abandoned) whose thread was not archived yet: a stop came between the two. Oldest first,
        as (game id, guild id, thread id, the thread's channel, its link line or None, language,
        status)."""

        async def work(db: Db) -> list[tuple[int, int, int, int, int | None, str, str]]:
            rows = await db.fetchall(
                "SELECT game_id, guild_id, channel_id, thread_parent_id, thread_link_id, language, status "
                "FROM games WHERE thread_parent_id IS NOT NULL AND thread_closed_at IS NULL AND "
                "status <> 'live' AND end_posted_at IS NOT NULL ORDER BY game_id",
            )
            return [(r[0], r[1], r[2], r[3], r[4], r[5] if r[5] in LANGUAGES else "en", r[6]) for r in rows]

        return await self._read(work)

    async def _seats(self, db: Db, game_id: int) -> tuple[Seat, ...]:
        rows = await db.fetchall(
            "SELECT user_id, ai_level FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return tuple(r["user_id"] if r["user_id"] is not None else r["ai_level"] for r in rows)

    async def _game(self, db: Db, game_id: int) -> GameRecord:
        game = await db.fetchone("SELECT * FROM games WHERE game_id = ?", (game_id,))
        if game is None:
            raise NotFoundError(f"there is no game {game_id}")
        logs: dict[int, list[str]] = {}
        for row in await db.fetchall(
            "SELECT hand_no, seq, action FROM actions WHERE game_id = ? ORDER BY hand_no, seq", (game_id,)
        ):
            log = logs.setdefault(row[0], [])
            if row[1] != len(log) + 1:  # a replay without it would not be the game played
                raise StorageError(f"game {game_id}: hand {row[0]}'s log lacks action {len(log) + 1}")
            log.append(row[2])
        paid: dict[int, list[Payment]] = {}
        for row in await db.fetchall(
            "SELECT hand_no, payer_seat, payee_seat, amount, reason FROM hand_payments WHERE game_id = ? "
            "ORDER BY hand_no, idx",
            (game_id,),
        ):
            paid.setdefault(row[0], []).append(Payment(row[1], row[2], row[3], row[4]))
        hands = tuple(
            HandRecord(
                h["hand_no"],
                tuple(logs.get(h["hand_no"], ())),
                h["result"],
                tuple(paid.get(h["hand_no"], ())),
            )
            for h in await db.fetchall(
                "SELECT hand_no, result FROM hands WHERE game_id = ? ORDER BY hand_no", (game_id,)
            )
        )
        return GameRecord(
            game_id=game_id,
            guild_id=game["guild_id"],
            channel_id=game["channel_id"],
            ruleset=game["ruleset"],
            overrides=_stored_overrides(game),
            fingerprint=game["fingerprint"],
            seats=await self._seats(db, game_id),
            seed=_stored_seed(game),
            status=game["status"],
            hand_no=game["current_hand"],
            hands=hands,
            created_by=game["created_by"],
            language=game["language"],
            deadline=game["deadline"],
            deadline_version=game["deadline_version"],
            # (a Row's "in" looks at values: its keys need .keys(); "times" came in version 7)
            times=_stored_times(game) if "times" in game.keys() else {},  # noqa: SIM118
            log_pruned_at=game["log_pruned_at"] if "log_pruned_at" in game.keys() else None,  # noqa: SIM118
            kind=game["kind"] if "kind" in game.keys() else "discord",  # noqa: SIM118
            thread_parent_id=game["thread_parent_id"] if "thread_parent_id" in game.keys() else None,  # noqa: SIM118
            thread_link_id=game["thread_link_id"] if "thread_link_id" in game.keys() else None,  # noqa: SIM118
        )

    async def load_game(self, game_id: int) -> GameRecord:
        """One game with every hand's log, result and payments.

        :raises NotFoundError: for an unknown game.
        """
        check_number(game_id, "a game id")

        async def work(db: Db) -> GameRecord:
            return await self._game(db, game_id)

        return await self._read(work)

    async def load_unfinished_games(self) -> list[GameRecord]:
        """Every live game, oldest first, with everything needed to rebuild it by replaying its log."""

        async def work(db: Db) -> list[GameRecord]:
            rows = await db.fetchall(
                f"SELECT game_id FROM games WHERE status = 'live' AND {self._played_here} ORDER BY game_id",
            )
            return [await self._game(db, row[0]) for row in rows]

        return await self._read(work)

    async def games_to_restore(self) -> list[tuple[int, int, int, str, str]]:
        """What a start-up restores, without reading any log: every live game and every finished
        game whose final sheet was not posted, oldest first, as (game id, guild id, channel id,
        language, status); each is then read with :meth:`load_game` when its turn comes (the bot
        restores them in the background, ``bot/restore.py``)."""

        async def work(db: Db) -> list[tuple[int, int, int, str, str]]:
            rows = await db.fetchall(
                f"SELECT game_id, guild_id, channel_id, language, status FROM games WHERE "
                f"{self._played_here} AND {_TO_RESTORE} ORDER BY game_id",
            )
            return [(r[0], r[1], r[2], r[3] if r[3] in LANGUAGES else "en", r[4]) for r in rows]

        return await self._read(work)

    async def restore_unfinished_games(self, rebuild: Rebuild[T]) -> RestoreResult[T]:
        """Rebuild every live game with ``rebuild`` (the engine's replay), and every finished game
        whose final sheet was not posted yet (its record's ``status`` says which: the bot posts
        that sheet, then :meth:`mark_end_posted`). A game whose rebuild raises is reported in
        ``failed`` and left as it is in storage, so a fixed engine can try again."""
        result: RestoreResult[T] = RestoreResult()

        async def work(db: Db) -> list[GameRecord | tuple[int, int, int, Exception]]:
            rows = await db.fetchall(
                f"SELECT game_id, guild_id, channel_id, language FROM games WHERE {self._played_here} AND "
                f"{_TO_RESTORE} ORDER BY game_id",
            )
            out: list[GameRecord | tuple[int, int, int, Exception]] = []
            for row in rows:
                result.languages[row[0]] = row[3] if row[3] in LANGUAGES else "en"
                try:
                    out.append(await self._game(db, row[0]))
                except StorageError as exc:  # one unreadable record must not keep the others down
                    out.append((row[0], row[1], row[2], exc))
            return out

        for loaded in await self._read(work):
            if isinstance(loaded, tuple):
                game_id, guild_id, channel_id, error = loaded
                result.places[game_id] = (guild_id, channel_id)
                result.failed[game_id] = error
                continue
            record = loaded
            result.records[record.game_id] = record
            result.places[record.game_id] = (record.guild_id, record.channel_id)
            try:
                result.games[record.game_id] = rebuild(record)
            except Exception as exc:  # one broken log must not keep the other tables down
                result.failed[record.game_id] = exc
        return result
