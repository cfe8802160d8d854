"""What the statistics read: the finished hands of a club, a season or a channel, and a member's
chips over a season, straight from the record (games, hands, payments, action logs, the ledger).

Nothing here is counted separately: every figure of ``/stats`` is computed from these rows by
:mod:`bot.stats`. What only the engine knows about a hand (its score, self-drawn or not, who
discarded the winning tile) is the hand's summary, stored with its result
(:meth:`StatsMixin.hand_summaries`); a hand finished before summaries were kept gets its summary
from a replay of its log, stored once (:meth:`StatsMixin.keep_hand_summaries`). Headers,
summaries and logs are read apart, so a caller that already knows a finished game (its hands
never change) does not read them again.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from bot.storage.checks import check_id, check_number, check_optional
from bot.storage.games import GamesMixin, check_summary
from bot.storage.records import HandSummary, Payment, Season, Seat, seat_holder
from bot.storage.sql import Db


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One finished hand as stored: its result text, payments (seat indexes) and when it ended."""

    hand_no: int
    result: str
    season_id: int | None
    finished_at: str
    payments: tuple[Payment, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game's header and its finished hands (without logs: see :meth:`StatsMixin.game_logs`)."""

    game_id: int
    channel_id: int
    ruleset: str
    overrides: Mapping[str, object]
    seed: int
    seats: tuple[Seat, ...]
    status: str
    created_at: str
    ended_at: str | None
    hands: tuple[PlayedHand, ...]
    """The finished hands that stand: a hand whose booking was undone (``hands.reversed_at``)
    is left out, as every reader of the record leaves it out."""
    kind: str = "discord"
    """``discord`` (played here: a move log) or ``record`` (recorded at a real table: its hands'
    summaries were written at booking, and there is no log to replay)."""


@dataclass(frozen=True, slots=True)
class ChipPoint:
    """One ledger transaction of a member's account: when, what kind, and the chips it moved."""

    txn_id: int
    created_at: str
    kind: str
    amount: int


class StatsMixin(GamesMixin):
    """Reads for ``/stats``: played games and hands, their logs, a member's chip history."""

    async def played_games(
        self,
        guild_id: int,
        *,
        season: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
    ) -> tuple[Season | None, list[PlayedGame]]:
        """The games of a server with their finished hands, oldest first: played here or
        recorded at a real table (:attr:`PlayedGame.kind`); a hand whose booking was undone is
        left out.

        With ``channel_id``: every game of that channel (all seasons) and ``None`` as season.
        Otherwise the games with a hand finished in ``season`` (a number; default the open one),
        each with *all* its finished hands (a replay needs the earlier ones; filter by
        :attr:`PlayedHand.season_id`), and that season (None if the server has none yet).

        With ``user_id``: only the games that member sat in (found through the index of seats by
        member, so a member's ``/stats`` reads the member's rows, not the whole season's).

        :raises NotFoundError: for a season number the server does not have.
        """
        check_id(guild_id, "guild id")
        check_optional(season, "a season number")
        if channel_id is not None:
            check_id(channel_id, "channel id")
        if user_id is not None:
            check_id(user_id, "user id")

        async def work(db: Db) -> tuple[Season | None, list[PlayedGame]]:
            found: Season | None = None
            params: tuple[int, ...]
            if channel_id is not None:
                where, params = "g.guild_id = ? AND g.channel_id = ?", (guild_id, channel_id)
            else:
                found = await self._find_season(db, guild_id, season)
                if found is None:
                    return None, []
                if user_id is None:
                    where = (
                        "g.guild_id = ? AND g.game_id IN "
                        "(SELECT game_id FROM hands WHERE season_id = ? AND finished_at IS NOT NULL)"
                    )
                    params = (guild_id, found.season_id)
                else:  # from the member's seats (index 0015), each game's hands by its key
                    where = (
                        "g.guild_id = ? AND EXISTS (SELECT 1 FROM hands sh WHERE sh.game_id = g.game_id "
                        "AND +sh.season_id = ? AND sh.finished_at IS NOT NULL)"
                    )
                    params = (guild_id, found.season_id)
            if user_id is not None:
                where += " AND g.game_id IN (SELECT game_id FROM game_seats WHERE user_id = ?)"
                params = (*params, user_id)
            games = await db.fetchall(f"SELECT g.* FROM games g WHERE {where} ORDER BY g.game_id", params)
            seats: dict[int, list[Seat]] = {}
            for r in await db.fetchall(
                f"SELECT s.game_id, s.user_id, s.ai_level FROM game_seats s JOIN games g USING (game_id) "
                f"WHERE {where} ORDER BY s.game_id, s.seat",
                params,
            ):
                seats.setdefault(r[0], []).append(r[1] if r[1] is not None else r[2])
            paid: dict[tuple[int, int], list[Payment]] = {}
            for r in await db.fetchall(
                f"SELECT p.game_id, p.hand_no, p.payer_seat, p.payee_seat, p.amount, p.reason "
                f"FROM hand_payments p JOIN games g USING (game_id) WHERE {where} "
                f"ORDER BY p.game_id, p.hand_no, p.idx",
                params,
            ):
                paid.setdefault((r[0], r[1]), []).append(Payment(r[2], r[3], r[4], r[5]))
            hands: dict[int, list[PlayedHand]] = {}
            for r in await db.fetchall(
                f"SELECT h.game_id, h.hand_no, h.result, h.season_id, h.finished_at FROM hands h "
                f"JOIN games g USING (game_id) WHERE {where} AND h.finished_at IS NOT NULL "
                f"AND h.reversed_at IS NULL ORDER BY h.game_id, h.hand_no",
                params,
            ):
                hands.setdefault(r[0], []).append(
                    PlayedHand(r[1], r[2] or "", r[3], r[4], tuple(paid.get((r[0], r[1]), ())))
                )
            return found, [
                PlayedGame(
                    game_id=g["game_id"],
                    channel_id=g["channel_id"],
                    ruleset=g["ruleset"],
                    overrides=json.loads(g["overrides"]),
                    seed=g["seed"],
                    seats=tuple(seats.get(g["game_id"], ())),
                    status=g["status"],
                    created_at=g["created_at"],
                    ended_at=g["ended_at"],
                    hands=tuple(hands.get(g["game_id"], ())),
                    kind=g["kind"],
                )
                for g in games
            ]

        return await self._read(work)

    async def game_logs(self, game_ids: Collection[int]) -> dict[int, dict[int, tuple[str, ...]]]:
        """The action logs of some games: game id -> hand number -> its ordered actions."""
        ids = sorted({check_number(g, "a game id") for g in game_ids})

        async def work(db: Db) -> dict[int, dict[int, tuple[str, ...]]]:
            logs: dict[int, dict[int, list[str]]] = {g: {} for g in ids}
            for start in range(0, len(ids), 500):
                part = ids[start : start + 500]
                marks = ", ".join("?" * len(part))
                for r in await db.fetchall(
                    f"SELECT game_id, hand_no, action FROM actions WHERE game_id IN ({marks}) "
                    "ORDER BY game_id, hand_no, seq",
                    part,
                ):
                    logs[r[0]].setdefault(r[1], []).append(r[2])
            return {g: {h: tuple(a) for h, a in by_hand.items()} for g, by_hand in logs.items()}

        return await self._read(work)

    async def hand_summaries(self, game_ids: Collection[int]) -> dict[int, dict[int, HandSummary]]:
        """The stored summaries of some games' finished hands: game id -> hand number -> summary
        (a hand without one is missing: it finished before summaries were kept)."""
        ids = sorted({check_number(g, "a game id") for g in game_ids})

        async def work(db: Db) -> dict[int, dict[int, HandSummary]]:
            found: dict[int, dict[int, HandSummary]] = {g: {} for g in ids}
            for start in range(0, len(ids), 500):
                part = ids[start : start + 500]
                marks = ", ".join("?" * len(part))
                for r in await db.fetchall(
                    "SELECT game_id, hand_no, winner, self_drawn, discarder, win_tile, hand_values, score, "
                    f"error FROM hand_summaries WHERE game_id IN ({marks})",
                    part,
                ):
                    found[r[0]][r[1]] = HandSummary(
                        winner=r[2],
                        self_drawn=bool(r[3]),
                        discarder=r[4],
                        win_tile=r[5],
                        values=tuple(json.loads(r[6])),
                        score=r[7],
                        error=r[8],
                    )
            return found

        return await self._read(work)

    async def keep_hand_summaries(self, summaries: Mapping[tuple[int, int], HandSummary]) -> int:
        """Store the summaries of hands that finished before summaries were kept ((game id, hand
        number) -> summary, from a replay of the log), in one transaction; return how many were new.
        A hand that has a summary keeps it, and a hand not finished gets none.

        :raises StorageInputError: for a bad summary or a seat the game does not have.
        """
        checked = {
            (check_number(g, "a game id"), check_number(h, "a hand number")): check_summary(s)
            for (g, h), s in summaries.items()
        }

        async def work(db: Db) -> int:
            stored = 0
            seats: dict[int, int] = {}
            for (game_id, hand_no), summary in sorted(checked.items()):
                hand = await db.fetchone(
                    "SELECT finished_at FROM hands WHERE game_id = ? AND hand_no = ?", (game_id, hand_no)
                )
                if hand is None or hand["finished_at"] is None:
                    continue
                if game_id not in seats:
                    seats[game_id] = len(await self._seats(db, game_id))
                stored += await self._store_summary(db, game_id, hand_no, summary, seats[game_id])
            return stored

        return await self._write(work)

    async def chip_history(
        self, guild_id: int, user_id: int, *, season: int | None = None
    ) -> list[ChipPoint]:
        """Every ledger transaction of a member's account in a season (default the open one), oldest
        first; their running sum is the member's balance after each (empty: no account there).

        :raises NotFoundError: for a season number the server does not have.
        """
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")
        check_optional(season, "a season number")

        async def work(db: Db) -> list[ChipPoint]:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return []
            rows = await db.fetchall(
                "SELECT t.txn_id, t.created_at, t.kind, SUM(e.amount) FROM entries e "
                "JOIN accounts a USING (account_id) JOIN transactions t USING (txn_id) "
                "WHERE a.season_id = ? AND a.holder = ? GROUP BY t.txn_id ORDER BY t.txn_id",
                (found.season_id, seat_holder(user_id)),
            )
            return [ChipPoint(r[0], r[1], r[2], r[3]) for r in rows]

        return await self._read(work)
