"""What ``/mahjong history`` reads: a page of a server's games, newest first, each with its seats,
the chips each seat won and its finished hands, in one query.

Played in Discord or recorded at a real table (``games.kind``), every game of the server is
listed. A hand whose booking was undone (``hands.reversed_at`` set) is left out of the result
and of the hands, as every reader of the record does. The chips won are the payments stored with
the hands (``hand_payments``: what the ledger booked, a capped payment as capped), never a count
kept aside.

Speed: one statement per page. The page's games come from the primary key, newest first, and
each game's seats, payments and hands from the primary keys of ``game_seats``, ``hand_payments``
and ``hands`` (all led by ``game_id``); with a member, a game is kept when one of its (at most
four) seats is theirs. ``bench/history.py`` (``history_ms``) measures a page with 100,000 hands
stored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from bot.storage.checks import check_id, check_number
from bot.storage.games import GamesMixin
from bot.storage.records import Seat
from bot.storage.sql import Db, Dialect

REPLAY_HANDS: Final = 25
"""How many of a game's last finished hands a page names (a select holds at most 25 options)."""


@dataclass(frozen=True, slots=True)
class HistorySeat:
    """One seat of a listed game: who sat there, the name they were last seen with (None for a
    computer, or a member the bot never stored), and the chips they won in the game (+) or paid (-)."""

    seat: int
    player: Seat
    name: str | None
    net: int


@dataclass(frozen=True, slots=True)
class HistoryGame:
    """One game of a history page."""

    game_id: int
    kind: str
    """``discord`` (played here) or ``record`` (recorded at a real table)."""
    ruleset: str
    overrides: dict[str, object]
    status: str
    """``live``, ``finished`` or ``abandoned``."""
    created_at: str
    ended_at: str | None
    log_kept: bool
    """The move log is whole (not pruned): a game played here can be exported and replayed."""
    seats: tuple[HistorySeat, ...]
    hands: int
    """Finished hands that stand (an undone one left out)."""
    last_hands: tuple[int, ...]
    """The numbers of the last :data:`REPLAY_HANDS` of those hands, in order."""


_PAGE_SQL: Final = """
WITH page AS (
    SELECT g.game_id, g.kind, g.ruleset, g.overrides, g.status, g.created_at, g.ended_at,
           g.log_pruned_at
    FROM games g
    WHERE g.guild_id = ? {member}
    ORDER BY g.game_id DESC
    LIMIT ? OFFSET ?
)
SELECT p.*,
    (SELECT {group}({array}(s.seat, s.user_id, s.ai_level, pl.display_name))
       FROM game_seats s LEFT JOIN players pl ON pl.user_id = s.user_id
      WHERE s.game_id = p.game_id) AS seats,
    (SELECT {group}({array}(x.payer_seat, x.payee_seat, x.total))
       FROM (SELECT hp.payer_seat, hp.payee_seat, SUM(hp.amount) AS total
               FROM hand_payments hp JOIN hands h ON h.game_id = hp.game_id AND h.hand_no = hp.hand_no
              WHERE hp.game_id = p.game_id AND h.reversed_at IS NULL
              GROUP BY hp.payer_seat, hp.payee_seat) x) AS paid,
    (SELECT COUNT(*) FROM hands h
      WHERE h.game_id = p.game_id AND h.finished_at IS NOT NULL AND h.reversed_at IS NULL) AS hands,
    (SELECT {group}(y.hand_no)
       FROM (SELECT h.hand_no FROM hands h
              WHERE h.game_id = p.game_id AND h.finished_at IS NOT NULL AND h.reversed_at IS NULL
              ORDER BY h.hand_no DESC LIMIT ?) y) AS last_hands
FROM page p
ORDER BY p.game_id DESC
"""

_MEMBER: Final = "AND EXISTS (SELECT 1 FROM game_seats m WHERE m.game_id = g.game_id AND m.user_id = ?)"

_JSON: Final[dict[Dialect, dict[str, str]]] = {
    "sqlite": {"group": "json_group_array", "array": "json_array"},
    "postgres": {"group": "json_agg", "array": "json_build_array"},
}
"""A dialect's JSON aggregate (rows to a JSON list; PostgreSQL's gives NULL for no rows) and array."""


def _seats(seats_json: str, paid_json: str | None) -> tuple[HistorySeat, ...]:
    """A game's seats in order, each with its net from the summed payments between seats."""
    net: dict[int, int] = {}
    for payer, payee, total in json.loads(paid_json or "[]"):
        net[payer] = net.get(payer, 0) - total
        net[payee] = net.get(payee, 0) + total
    out = []
    for seat, user_id, ai_level, name in sorted(json.loads(seats_json), key=lambda s: int(s[0])):
        player: Seat = user_id if user_id is not None else str(ai_level)
        out.append(HistorySeat(seat, player, name if user_id is not None else None, net.get(seat, 0)))
    return tuple(out)


class HistoryMixin(GamesMixin):
    """Reads for ``/mahjong history``."""

    async def game_history(
        self, guild_id: int, *, member: int | None = None, page: int = 0, size: int = 5
    ) -> tuple[list[HistoryGame], bool]:
        """Page ``page`` (from 0) of a server's games, ``size`` a page, newest first (with
        ``member``: only the games that member sat in), and whether a later page has any.

        :raises StorageInputError: for a bad id, page or size.
        """
        check_id(guild_id, "guild id")
        if member is not None:
            check_id(member, "member id")
        check_number(page, "a page number", 0, 10**9)
        check_number(size, "a page size", 1, 100)

        async def work(db: Db) -> tuple[list[HistoryGame], bool]:
            sql = _PAGE_SQL.format(member=_MEMBER if member is not None else "", **_JSON[db.dialect])
            chosen = () if member is None else (member,)
            rows = await db.fetchall(sql, (guild_id, *chosen, size + 1, page * size, REPLAY_HANDS))
            games = [
                HistoryGame(
                    game_id=r["game_id"],
                    kind=r["kind"],
                    ruleset=r["ruleset"],
                    overrides=json.loads(r["overrides"]),
                    status=r["status"],
                    created_at=r["created_at"],
                    ended_at=r["ended_at"],
                    log_kept=r["log_pruned_at"] is None,
                    seats=_seats(r["seats"], r["paid"]),
                    hands=r["hands"],
                    last_hands=tuple(sorted(json.loads(r["last_hands"] or "[]"))),
                )
                for r in rows[:size]
            ]
            return games, len(rows) > size

        return await self._read(work)
