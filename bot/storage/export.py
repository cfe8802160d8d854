"""CSV exports of a season: its ledger (every entry, with running balances) and its hands.

Text a person wrote (names, reasons, results) is written so that a spreadsheet
will not run it as a formula (CSV injection, see :func:`cell`).
"""

from __future__ import annotations

import csv
import io

from bot.storage.checks import check_id, check_optional
from bot.storage.games import GamesMixin
from bot.storage.records import Export, Season, Seat
from bot.storage.sql import Db, Row


def cell(text: str) -> str:
    """Text that a spreadsheet will not run as a formula (CSV injection).

    >>> cell("=1+1"), cell("Ada")
    ("'=1+1", 'Ada')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def computer_name(level: str | None) -> str:
    """A computer seat as the hands export names it.

    >>> computer_name("ai:easy")
    'computer (easy)'
    """
    return f"computer ({(level or '').removeprefix('ai:') or '?'})"


class ExportMixin(GamesMixin):
    """A season's ledger and hands as CSV, for a slash command to attach as a file."""

    async def export_ledger_csv(self, guild_id: int, *, season: int | None = None) -> Export:
        """A season's ledger (default the open one) as CSV, one row per entry, with each account's
        running balance; for a slash command to attach as a file.

        :raises NotFoundError: for an unknown season number.
        """
        check_id(guild_id, "guild id")
        check_optional(season, "a season number")

        async def work(db: Db) -> tuple[Season | None, list[Row]]:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return None, []
            return found, await db.fetchall(
                "SELECT t.txn_id, t.created_at, t.kind, t.actor_id, t.reason, h.game_id, h.hand_no, "
                "a.holder, a.user_id, p.display_name, e.amount, e.memo FROM entries e "
                "JOIN transactions t USING (txn_id) JOIN accounts a USING (account_id) "
                "LEFT JOIN players p ON p.user_id = a.user_id LEFT JOIN hands h ON h.txn_id = t.txn_id "
                "WHERE t.season_id = ? ORDER BY t.txn_id, e.entry_id",
                (found.season_id,),
            )

        found, rows = await self._read(work)
        running: dict[str, int] = {}
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["season", "txn_id", "time", "kind", "actor_id", "reason", "game_id", "hand_no",
             "account", "user_id", "display_name", "amount", "balance_after", "memo"]
        )  # fmt: skip
        number = found.number if found else ""
        for r in rows:
            running[r["holder"]] = running.get(r["holder"], 0) + r["amount"]
            writer.writerow(
                [number, r["txn_id"], r["created_at"], r["kind"], r["actor_id"] or "", cell(r["reason"]),
                 r["game_id"] or "", r["hand_no"] or "", r["holder"], r["user_id"] or "",
                 cell(r["display_name"] or ""), r["amount"], running[r["holder"]], cell(r["memo"])]
            )  # fmt: skip
        return Export(f"ledger-{guild_id}-season-{number or 'none'}.csv", out.getvalue())

    async def _seat_names(self, db: Db, game_id: int) -> list[str]:
        """The name each seat of a game shows: a member's display name, a computer's level."""
        rows = await db.fetchall(
            "SELECT s.user_id, s.ai_level, p.display_name FROM game_seats s "
            "LEFT JOIN players p ON p.user_id = s.user_id WHERE s.game_id = ? ORDER BY s.seat",
            (game_id,),
        )
        return [
            (r["display_name"] or "") if r["user_id"] is not None else computer_name(r["ai_level"])
            for r in rows
        ]

    async def export_hands_csv(self, guild_id: int, *, season: int | None = None) -> Export:
        """Every hand finished in a season (default the open one) as CSV, one row per hand: the
        season, game, hand number, channel, ruleset, start and end, the count of moves, the ledger
        transaction; for each of four seats its holder (a member's id or a computer's level), the
        name shown (a member's display name, ``computer (easy)``) and its net; the result.

        :raises NotFoundError: for an unknown season number.
        """
        check_id(guild_id, "guild id")
        check_optional(season, "a season number")
        seats: dict[int, tuple[Seat, ...]] = {}
        names: dict[int, list[str]] = {}
        payments: dict[tuple[int, int], list[Row]] = {}

        async def work(db: Db) -> tuple[Season | None, list[Row]]:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return None, []
            hands = await db.fetchall(
                "SELECT h.game_id, h.hand_no, h.started_at, h.finished_at, h.result, h.txn_id, "
                "g.channel_id, g.ruleset, g.fingerprint, "
                "COALESCE(h.pruned_actions, (SELECT COUNT(*) FROM actions x "
                "WHERE x.game_id = h.game_id AND x.hand_no = h.hand_no)) "
                "AS n_actions FROM hands h JOIN games g USING (game_id) "
                "WHERE g.guild_id = ? AND h.season_id = ? ORDER BY h.finished_at, h.game_id, h.hand_no",
                (guild_id, found.season_id),
            )
            for h in hands:
                if h["game_id"] not in seats:
                    seats[h["game_id"]] = await self._seats(db, h["game_id"])
                    names[h["game_id"]] = await self._seat_names(db, h["game_id"])
                payments[(h["game_id"], h["hand_no"])] = await db.fetchall(
                    "SELECT payer_seat, payee_seat, amount FROM hand_payments "
                    "WHERE game_id = ? AND hand_no = ?",
                    (h["game_id"], h["hand_no"]),
                )
            return found, hands

        found, hands = await self._read(work)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        header = ["season", "game_id", "hand_no", "channel_id", "ruleset", "fingerprint", "started_at",
                  "finished_at", "actions", "txn_id"]  # fmt: skip
        for i in range(4):
            header += [f"seat{i}", f"name{i}", f"net{i}"]
        writer.writerow([*header, "result"])
        for h in hands:
            game_seats, game_names = seats[h["game_id"]], names[h["game_id"]]
            nets = [0] * len(game_seats)
            for p in payments[(h["game_id"], h["hand_no"])]:
                nets[p["payer_seat"]] -= p["amount"]
                nets[p["payee_seat"]] += p["amount"]
            row: list[object] = [found.number if found else "", h["game_id"], h["hand_no"], h["channel_id"],
                                 h["ruleset"], h["fingerprint"], h["started_at"], h["finished_at"],
                                 h["n_actions"], h["txn_id"] or ""]  # fmt: skip
            for i in range(4):
                row += [game_seats[i], cell(game_names[i]), nets[i]] if i < len(game_seats) else ["", "", ""]
            writer.writerow([*row, cell(h["result"] or "")])
        return Export(f"hands-{guild_id}-season-{found.number if found else 'none'}.csv", out.getvalue())
