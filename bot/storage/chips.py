"""Chip movements people ask for (buy-ins, adjustments, transfers) and what the ledger reports.

Each movement is one balanced transaction posted through the books of
:mod:`bot.storage.ledger`, inside one write transaction: it is all written or
not at all. Amounts are bounded (1 to 10^9 chips) and so is every balance
(see :mod:`bot.storage.checks`).
"""

from __future__ import annotations

from bot.storage.checks import (
    MAX_AMOUNT,
    check_actor,
    check_amount,
    check_id,
    check_optional,
    check_text,
    is_whole,
    quote,
)
from bot.storage.errors import BuyInLimitError, InsufficientBalanceError, StorageInputError
from bot.storage.ledger import LedgerMixin
from bot.storage.records import Balance, LedgerCheck, Season, Standing, Transaction, seat_holder
from bot.storage.sql import Db, Row


class ChipsMixin(LedgerMixin):
    """Buy-ins, adjustments, transfers, balances, transaction lists and the ledger check."""

    async def buy_in(
        self, guild_id: int, user_id: int, amount: int, *, actor_id: int | None = None, reason: str = ""
    ) -> Transaction:
        """Chips from the bank to a member (``actor_id``: who granted it; None: the member).

        :raises StorageInputError: for an amount below 1 or above 10^9, a reason of more than
            200 characters, or a balance that would leave the ledger's bound.
        """
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")
        amount = check_amount(amount)
        check_actor(actor_id)
        reason = check_text(reason, "a reason") or "buy-in"

        async def work(db: Db) -> Transaction:
            season = await self._open_season(db, guild_id)
            actor = user_id if actor_id is None else actor_id
            return await self._book_buy_in(db, season, user_id, amount, actor, reason)

        return await self._write(work)

    async def club_buy_in(self, guild_id: int, user_id: int, *, when_exhausted: str = "") -> Transaction:
        """A member's own buy-in of the club's ``buy_in_amount``, within its ``buy_in_limit`` per
        season (counted and booked in one write transaction, so two clicks cannot pass the limit).

        ``when_exhausted`` names the rule of a ruleset that gives a member whose balance is
        exhausted (0 chips or fewer) a buy-in from the bank, like ``"rumisberg rule 22"``: then
        only such a member may buy in, as often as that happens, the club's ``buy_in_limit``
        capping it only where it is set (above 0); the transaction's reason names the rule and
        the balance before it. The balance is read in the same write transaction as the booking,
        so a second click finds the chips of the first.

        :raises BuyInLimitError: when the club offers no buy-ins or the member has made as many as
            it allows this season, or (``when_exhausted``) for a member who has chips left.
        """
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")
        when_exhausted = check_text(when_exhausted, "a rule")

        async def work(db: Db) -> Transaction:
            await self._ensure_guild(db, guild_id)
            options = await self._options(db, guild_id)
            season = await self._open_season(db, guild_id)
            made = await self._buy_ins_of(db, season.season_id, user_id)
            if when_exhausted:
                have = await self._balance_of(db, await self._account(db, season, seat_holder(user_id)))
                if have > 0:
                    raise BuyInLimitError(
                        f"<@{user_id}> has {have} chips; under {when_exhausted} a buy-in is for a member "
                        "with none left"
                    )
                if 0 < options.buy_in_limit <= made:
                    raise BuyInLimitError(
                        f"<@{user_id}> has made {made} of the {options.buy_in_limit} buy-ins this club "
                        f"allows in {season.name}"
                    )
                reason = f"buy-in {made + 1} under {when_exhausted}: balance {have}, exhausted"
                return await self._book_buy_in(db, season, user_id, options.buy_in_amount, user_id, reason)
            if made >= options.buy_in_limit:
                raise BuyInLimitError(
                    "this club offers no buy-ins (an admin can set buy_in_limit)"
                    if options.buy_in_limit == 0
                    else f"<@{user_id}> has made {made} of the {options.buy_in_limit} buy-ins this "
                    f"club allows in {season.name}"
                )
            reason = f"buy-in {made + 1} of {options.buy_in_limit}"
            return await self._book_buy_in(db, season, user_id, options.buy_in_amount, user_id, reason)

        return await self._write(work)

    async def _book_buy_in(
        self, db: Db, season: Season, user_id: int, amount: int, actor: int, reason: str
    ) -> Transaction:
        """Chips from the bank to a member, as a buy-in (inside the caller's write transaction)."""
        bank = await self._account(db, season, "bank")
        member = await self._account(db, season, seat_holder(user_id))
        txn = await self._post(
            db, season, "buy_in", actor, reason, [(bank, -amount, ""), (member, amount, "")]
        )
        return await self._transaction(db, txn)

    async def buy_ins_made(self, guild_id: int, user_id: int) -> int:
        """How many buy-ins a member has made in the open season (0 before the first)."""
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")

        async def work(db: Db) -> int:
            found = await self._find_season(db, guild_id, None)
            return 0 if found is None else await self._buy_ins_of(db, found.season_id, user_id)

        return await self._read(work)

    async def _buy_ins_of(self, db: Db, season_id: int, user_id: int) -> int:
        row = await db.fetchone(
            "SELECT COUNT(DISTINCT t.txn_id) FROM transactions t JOIN entries e USING (txn_id) "
            "JOIN accounts a USING (account_id) WHERE t.season_id = ? AND t.kind = 'buy_in' "
            "AND a.holder = ? AND e.amount > 0",
            (season_id, seat_holder(user_id)),
        )
        return int(row[0]) if row else 0

    async def adjust(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        actor_id: int,
        reason: str,
        below_floor: bool = False,
    ) -> Transaction:
        """An admin's correction: ``amount`` chips to (positive) or from (negative) a member, against
        the bank, with the reason written in the ledger.

        A debit that would take the member below the club's floor (:attr:`ClubOptions.gift_floor`,
        the floor of a gift) is refused unless the admin says so with ``below_floor``; then it is
        booked, and the member's entry says that the admin took them below the floor.

        :raises StorageInputError: for a zero amount, one beyond ±10^9, or an empty reason.
        :raises InsufficientBalanceError: when a debit would take the member below the floor and
            ``below_floor`` is not given (it carries the balance, the floor and the most that can
            be taken now).
        """
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")
        check_id(actor_id, "the actor's user id")
        if not is_whole(amount) or amount == 0 or not -MAX_AMOUNT <= amount <= MAX_AMOUNT:
            raise StorageInputError(
                "an adjustment is a whole number of chips, positive to give or negative to take, "
                f"from {-MAX_AMOUNT} to {MAX_AMOUNT} and not 0, not {quote(amount)}"
            )
        reason = check_text(reason, "the reason of an adjustment")
        if not reason:
            raise StorageInputError("an adjustment needs a reason, written in the ledger for everyone to see")
        if not isinstance(below_floor, bool):
            raise StorageInputError(f"below_floor is true or false, not {quote(below_floor)}")

        async def work(db: Db) -> Transaction:
            await self._ensure_guild(db, guild_id)
            floor = (await self._options(db, guild_id)).gift_floor
            season = await self._open_season(db, guild_id)
            bank = await self._account(db, season, "bank")
            member = await self._account(db, season, seat_holder(user_id))
            have = await self._balance_of(db, member)
            memo = ""
            if amount < 0 and have + amount < floor:
                if not below_floor:
                    most = max(have - floor, 0)
                    raise InsufficientBalanceError(
                        f"<@{user_id}> has {have} chips; taking {-amount} would leave {have + amount}, "
                        f"below this club's floor of {floor}: at most {most} can be taken (an admin "
                        "can take more on purpose with below_floor)",
                        have=have,
                        floor=floor,
                        most=most,
                    )
                memo = f"below the club's floor of {floor} by the admin's choice"
            txn = await self._post(
                db, season, "adjustment", actor_id, reason, [(bank, -amount, ""), (member, amount, memo)]
            )
            return await self._transaction(db, txn)

        return await self._write(work)

    async def transfer(
        self,
        guild_id: int,
        from_user: int,
        to_user: int,
        amount: int,
        *,
        actor_id: int | None = None,
        reason: str = "",
    ) -> Transaction:
        """A member gives chips to another, if the club allows member transfers.

        A gift never takes the giver below the club's floor (:attr:`ClubOptions.gift_floor`: 0
        unless the club set ``balance_floor`` lower on purpose, and never below 0 where it forbids
        negative balances), checked in the write transaction that books it.

        :raises StorageInputError: when transfers are off, for a transfer to oneself, an amount
            below 1 or above 10^9, or a balance that would leave the ledger's bound.
        :raises InsufficientBalanceError: when the gift would take the giver below the floor (it
            carries the balance, the floor and the most that can be given now).
        """
        check_id(guild_id, "guild id")
        check_id(from_user, "the giver's user id")
        check_id(to_user, "the receiver's user id")
        if from_user == to_user:
            raise StorageInputError("chips cannot be transferred to oneself; name another member")
        amount = check_amount(amount)
        check_actor(actor_id)
        reason = check_text(reason, "a reason")

        async def work(db: Db) -> Transaction:
            await self._ensure_guild(db, guild_id)
            options = await self._options(db, guild_id)
            if not options.allow_member_transfers:
                raise StorageInputError(
                    "this club does not allow transfers between members (an admin can set "
                    "allow_member_transfers to true)"
                )
            season = await self._open_season(db, guild_id)
            giver = await self._account(db, season, seat_holder(from_user))
            taker = await self._account(db, season, seat_holder(to_user))
            # Checked here, in the write transaction that books the gift: a second gift racing
            # this one reads the balance this one leaves.
            have, floor = await self._balance_of(db, giver), options.gift_floor
            if have - amount < floor:
                most = max(have - floor, 0)
                unset = " (an admin can set balance_floor lower)" if options.balance_floor is None else ""
                raise InsufficientBalanceError(
                    f"<@{from_user}> has {have} chips; giving {amount} would leave {have - amount}, "
                    f"below this club's floor of {floor}{unset}: at most {most} can be given now",
                    have=have,
                    floor=floor,
                    most=most,
                )
            txn = await self._post(
                db,
                season,
                "transfer",
                from_user if actor_id is None else actor_id,
                reason,
                [(giver, -amount, ""), (taker, amount, "")],
            )
            return await self._transaction(db, txn)

        return await self._write(work)

    async def balance(self, guild_id: int, user_id: int, *, season: int | None = None) -> int:
        """A member's chips in a season (default the open one), summed from the ledger.

        Someone without an account in the open season has its starting chips (granted on first use);
        in a closed season, 0.
        """
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")
        check_optional(season, "a season number")

        async def work(db: Db) -> int:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return self._default_starting_chips
            row = await db.fetchone(
                "SELECT account_id FROM accounts WHERE season_id = ? AND holder = ?",
                (found.season_id, seat_holder(user_id)),
            )
            if row is None:
                return found.starting_chips if found.closed_at is None else 0
            return await self._balance_of(db, row[0])

        return await self._read(work)

    async def balances(self, guild_id: int, *, season: int | None = None) -> list[Balance]:
        """Every account of a season with its chips, richest first (bank and computer players too)."""
        check_id(guild_id, "guild id")
        check_optional(season, "a season number")

        async def work(db: Db) -> list[Row]:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return []
            return await db.fetchall(
                "SELECT a.holder, a.user_id, p.display_name, COALESCE(SUM(e.amount), 0) AS chips "
                "FROM accounts a LEFT JOIN entries e USING (account_id) "
                "LEFT JOIN players p ON p.user_id = a.user_id WHERE a.season_id = ? "
                "GROUP BY a.account_id, p.display_name ORDER BY chips DESC, a.holder",
                (found.season_id,),
            )

        return [
            Balance(r["holder"], r["user_id"], r["display_name"] or r["holder"], r["chips"])
            for r in await self._read(work)
        ]

    async def standings(
        self, guild_id: int, *, since: str | None = None, season: int | None = None
    ) -> list[Standing]:
        """The members of the open season, richest first, each with the change of their chips since
        ``since`` (an ISO time as the ledger writes it, e.g. a week ago; None: 0): what they won,
        lost, bought, gave or were adjusted by, not the season's starting chips. One query.
        ``season`` (a number) reads a closed season's final standings instead.

        :raises NotFoundError: for a season the server does not have.
        """
        check_id(guild_id, "guild id")
        check_optional(season, "a season number")
        if since is not None and not isinstance(since, str):
            raise StorageInputError(f"since is an ISO time, not {since!r:.40}")

        async def work(db: Db) -> list[Row]:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return []
            return await db.fetchall(
                "SELECT a.user_id, p.display_name, COALESCE(SUM(e.amount), 0) AS chips, "
                "COALESCE(SUM(CASE WHEN t.created_at >= ? "
                "AND t.kind NOT IN ('starting_chips', 'season_reset') THEN e.amount END), 0) AS change "
                "FROM accounts a LEFT JOIN entries e USING (account_id) "
                "LEFT JOIN transactions t ON t.txn_id = e.txn_id "
                "LEFT JOIN players p ON p.user_id = a.user_id "
                "WHERE a.season_id = ? AND a.user_id IS NOT NULL "
                "GROUP BY a.account_id, p.display_name ORDER BY chips DESC, a.user_id",
                ("\uffff" if since is None else since, found.season_id),
            )

        return [
            Standing(r["user_id"], r["display_name"] or str(r["user_id"]), r["chips"], r["change"])
            for r in await self._read(work)
        ]

    async def transactions(
        self,
        guild_id: int,
        *,
        season: int | None = None,
        user_id: int | None = None,
        limit: int | None = None,
    ) -> list[Transaction]:
        """A season's transactions (optionally only those touching one member), newest first."""
        check_id(guild_id, "guild id")
        check_optional(season, "a season number")
        if user_id is not None:
            check_id(user_id, "user id")
        check_optional(limit, "the number of transactions", 0)

        async def work(db: Db) -> list[Transaction]:
            found = await self._find_season(db, guild_id, season)
            if found is None:
                return []
            sql = (
                "SELECT t.*, h.game_id, h.hand_no FROM transactions t "
                "LEFT JOIN hands h ON h.txn_id = t.txn_id WHERE t.season_id = ?"
            )
            params: list[object] = [found.season_id]
            if user_id is not None:
                sql += (
                    " AND t.txn_id IN (SELECT e.txn_id FROM entries e JOIN accounts a USING (account_id) "
                    "WHERE a.season_id = ? AND a.holder = ?)"
                )
                params += [found.season_id, seat_holder(user_id)]
            sql += " ORDER BY t.txn_id DESC"
            if limit is not None:
                sql += " LIMIT ?"
                params.append(limit)
            return await self._transactions(db, await db.fetchall(sql, params))

        return await self._read(work)

    async def check_ledger(self, guild_id: int | None = None) -> LedgerCheck:
        """Check the ledger (of one server or all): every transaction has two or more entries summing
        to zero, every season sums to zero, and each hand's ledger entries match its stored payments."""
        if guild_id is not None:
            check_id(guild_id, "guild id")
        where, params = ("WHERE s.guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())

        async def work(db: Db) -> LedgerCheck:
            problems: list[str] = []
            totals = await db.fetchone(
                "SELECT COUNT(DISTINCT t.txn_id), COUNT(e.entry_id) FROM transactions t "
                f"JOIN seasons s USING (season_id) LEFT JOIN entries e USING (txn_id) {where}",
                params,
            )
            for row in await db.fetchall(
                "SELECT t.txn_id, COUNT(e.entry_id) AS n, COALESCE(SUM(e.amount), 0) AS total "
                f"FROM transactions t JOIN seasons s USING (season_id) LEFT JOIN entries e USING (txn_id) "
                f"{where} GROUP BY t.txn_id HAVING COUNT(e.entry_id) < 2 OR COALESCE(SUM(e.amount), 0) <> 0",
                params,
            ):
                problems.append(f"transaction {row['txn_id']}: {row['n']} entries summing to {row['total']}")
            for row in await db.fetchall(
                "SELECT s.guild_id, s.number, SUM(e.amount) AS total FROM entries e "
                f"JOIN accounts a USING (account_id) JOIN seasons s ON s.season_id = a.season_id {where} "
                "GROUP BY s.season_id, s.guild_id, s.number HAVING SUM(e.amount) <> 0",
                params,
            ):
                problems.append(f"server {row['guild_id']} season {row['number']} sums to {row['total']}")
            for row in await db.fetchall(
                "SELECT * FROM (SELECT h.game_id, h.hand_no, "
                "(SELECT COALESCE(SUM(amount), 0) FROM hand_payments p "
                " WHERE p.game_id = h.game_id AND p.hand_no = h.hand_no) AS paid, "
                "(SELECT COALESCE(SUM(amount), 0) FROM entries e WHERE e.txn_id = h.txn_id AND e.amount > 0) "
                " AS booked FROM hands h JOIN seasons s ON s.season_id = h.season_id "
                f"{where} {'AND' if where else 'WHERE'} h.finished_at IS NOT NULL) x WHERE paid <> booked",
                params,
            ):
                problems.append(
                    f"game {row['game_id']} hand {row['hand_no']}: payments {row['paid']}, "
                    f"ledger {row['booked']}"
                )
            count = (int(totals[0]), int(totals[1])) if totals else (0, 0)
            return LedgerCheck(count[0], count[1], tuple(problems))

        return await self._read(work)
