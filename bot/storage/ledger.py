"""The chip ledger's books: club chip options, seasons, accounts and balanced, bounded postings.

Double entry. Every movement of chips is one row of ``transactions`` with two
or more ``entries`` summing to zero, written inside the caller's write
transaction; a balance is never stored, it is the sum of an account's
entries. Each season has a ``bank`` account, the counterparty of buy-ins,
adjustments and starting chips, so its balance is minus the chips in play.

Bounds. Before posting, :meth:`LedgerMixin._post` checks that no account's
balance would leave ±:data:`~bot.storage.checks.MAX_BALANCE`; see
:mod:`bot.storage.checks` for why. The chip movements people ask for and the
reports are in :mod:`bot.storage.chips`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Final

from bot.storage.checks import MAX_AMOUNT, MAX_BALANCE, MAX_ID, check_actor, check_id, is_whole, quote
from bot.storage.core import GUILD_SCOPE, StorageCore, to_json
from bot.storage.errors import LedgerError, NotFoundError, StorageInputError
from bot.storage.records import ClubOptions, Entry, Season, Transaction, TxnKind
from bot.storage.sql import Db, Row
from engine.errors import SettingError
from engine.settings import SettingSpec

_CLUB_OPTIONS: Final[dict[str, SettingSpec]] = {
    "allow_negative_balance": SettingSpec(
        "allow_negative_balance",
        bool,
        "a hand's payments may take a member below 0 (false: a payer pays at most what they hold)",
    ),
    "allow_member_transfers": SettingSpec(
        "allow_member_transfers", bool, "members may give chips to each other"
    ),
    "buy_in_amount": SettingSpec(
        "buy_in_amount", int, "chips one buy-in grants", minimum=1, maximum=MAX_AMOUNT
    ),
    "buy_in_limit": SettingSpec(
        "buy_in_limit", int, "buy-ins a member may make per season (0: none)", minimum=0, maximum=1000
    ),
    "balance_floor": SettingSpec(
        "balance_floor",
        int,
        "the lowest balance a member's gift or an admin's debit may leave (none: 0)",
        minimum=-MAX_AMOUNT,
        maximum=MAX_AMOUNT,
    ),
    "admin_role_id": SettingSpec(
        "admin_role_id", int, "the role that administers the chips (0: none)", minimum=0, maximum=MAX_ID
    ),
}
"""Every club option by name (each a column of ``guilds``); None or "none" clears ``balance_floor``
(a gift's floor is then 0, see :attr:`ClubOptions.gift_floor`) and ``admin_role_id`` (stored as
NULL), and so does an ``admin_role_id`` of 0."""

_NULLABLE: Final = frozenset({"balance_floor", "admin_role_id"})

Leg = tuple[int, int, str]
"""One entry to post: account id, amount (positive into the account), memo."""


def holder_name(holder: str) -> str:
    """How a message names an account holder: a mention, the bank or the computer player.

    >>> holder_name("user:12"), holder_name("bank"), holder_name("ai:easy")
    ('<@12>', 'the bank', 'the computer player ai:easy')
    """
    if holder.startswith("user:"):
        return f"<@{holder.removeprefix('user:')}>"
    return "the bank" if holder == "bank" else f"the computer player {holder}"


class LedgerMixin(StorageCore):
    """Club chip options, seasons, accounts and the posting of balanced transactions."""

    # ----------------------------------------------------------------- club options

    async def club_options(self, guild_id: int) -> ClubOptions:
        """The club's chip options (defaults for a server the bot has not stored yet)."""
        check_id(guild_id, "guild id")

        async def work(db: Db) -> ClubOptions:
            return await self._options(db, guild_id)

        return await self._read(work)

    async def _options(self, db: Db, guild_id: int) -> ClubOptions:
        # SELECT *: a database held at an older schema version (upgrade tests) lacks later columns,
        # whose defaults then apply.
        row = await db.fetchone("SELECT * FROM guilds WHERE guild_id = ?", (guild_id,))
        if row is None:
            return ClubOptions()
        have = {name: row[name] for name in row.keys() if name in _CLUB_OPTIONS}  # noqa: SIM118 (a Row iterates values)
        default = ClubOptions()
        floor, role = have.get("balance_floor"), have.get("admin_role_id")
        return ClubOptions(
            allow_negative_balance=bool(have.get("allow_negative_balance", default.allow_negative_balance)),
            allow_member_transfers=bool(have.get("allow_member_transfers", default.allow_member_transfers)),
            buy_in_amount=int(have.get("buy_in_amount", default.buy_in_amount)),
            buy_in_limit=int(have.get("buy_in_limit", default.buy_in_limit)),
            balance_floor=None if floor is None else int(floor),
            admin_role_id=None if role is None else int(role),
        )

    async def set_club_option(
        self, guild_id: int, name: str, value: object, *, actor_id: int | None = None
    ) -> ClubOptions:
        """Set one club option (``value`` of its type, or the text a person typed):

        * ``allow_negative_balance``, ``allow_member_transfers``: true or false;
        * ``buy_in_amount``: 1 to 10^9 chips; ``buy_in_limit``: 0 (no buy-ins) to 1000 per season;
        * ``balance_floor``: -10^9 to 10^9, the lowest balance a member's gift (or an admin's
          debit without ``below_floor``) may leave, or None / "none" for the default, 0;
        * ``admin_role_id``: a Discord role id, or None / "none" / 0 for no admin role.

        :raises StorageInputError: for an unknown option or a number out of its range.
        :raises SettingError: for a true/false option given anything else.
        """
        check_id(guild_id, "guild id")
        check_actor(actor_id)
        spec = _CLUB_OPTIONS.get(name) if isinstance(name, str) else None
        if spec is None:
            raise StorageInputError(
                f"there is no club option {quote(name)}; options are: {', '.join(_CLUB_OPTIONS)}"
            )
        stored: object
        if spec.kind is bool:
            stored = bool(spec.convert(value))
        else:
            clear = value is None or (isinstance(value, str) and value.strip().lower() == "none")
            if clear and name not in _NULLABLE:
                raise StorageInputError(f"club option {name} takes {spec.describe()}, not {quote(value)}")
            try:
                number = None if clear else spec.convert(value)
            except SettingError:
                also = " or none" if name in _NULLABLE else ""
                raise StorageInputError(
                    f"club option {name} takes {spec.describe()}{also}, not {quote(value)}"
                ) from None
            stored = None if name == "admin_role_id" and number == 0 else number

        async def work(db: Db) -> ClubOptions:
            await self._ensure_guild(db, guild_id)
            old = getattr(await self._options(db, guild_id), name)
            # `name` is a key of _CLUB_OPTIONS, each a column name.
            column_value = int(stored) if isinstance(stored, bool) else stored
            await db.execute(f"UPDATE guilds SET {name} = ? WHERE guild_id = ?", (column_value, guild_id))
            if old != stored:
                await self._log_change(
                    db, guild_id, GUILD_SCOPE, "club_option", name, to_json(old), to_json(stored), actor_id
                )
            return await self._options(db, guild_id)

        return await self._write(work)

    # ----------------------------------------------------------------- seasons

    @staticmethod
    def _season(row: Row) -> Season:
        return Season(**{f.name: row[f.name] for f in fields(Season)})

    async def _open_season(self, db: Db, guild_id: int) -> Season:
        """The guild's open season, opening season 1 on first use (inside a write transaction)."""
        row = await db.fetchone("SELECT * FROM seasons WHERE guild_id = ? AND closed_at IS NULL", (guild_id,))
        if row is not None:
            return self._season(row)
        await self._ensure_guild(db, guild_id)
        last = await db.fetchone("SELECT MAX(number) FROM seasons WHERE guild_id = ?", (guild_id,))
        number = (last[0] if last and last[0] else 0) + 1
        season_id = await db.insert(
            "INSERT INTO seasons (guild_id, number, name, starting_chips, opened_at) VALUES (?, ?, ?, ?, ?)",
            (guild_id, number, f"Season {number}", self._default_starting_chips, self._now()),
            key="season_id",
        )
        return await self._season_by_id(db, season_id)

    async def _season_by_id(self, db: Db, season_id: int) -> Season:
        row = await db.fetchone("SELECT * FROM seasons WHERE season_id = ?", (season_id,))
        if row is None:
            raise AssertionError(f"season {season_id} was just written and is not there")
        return self._season(row)

    async def _find_season(self, db: Db, guild_id: int, number: int | None) -> Season | None:
        if number is None:
            row = await db.fetchone(
                "SELECT * FROM seasons WHERE guild_id = ? AND closed_at IS NULL", (guild_id,)
            )
        else:
            row = await db.fetchone(
                "SELECT * FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number)
            )
            if row is None:
                raise NotFoundError(f"this server has no season {number}")
        return None if row is None else self._season(row)

    async def current_season(self, guild_id: int) -> Season:
        """The open season (season 1 with the default starting chips is opened on first use)."""
        check_id(guild_id, "guild id")

        async def work(db: Db) -> Season:
            return await self._open_season(db, guild_id)

        return await self._write(work)

    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, oldest first."""
        check_id(guild_id, "guild id")

        async def work(db: Db) -> list[Row]:
            return await db.fetchall("SELECT * FROM seasons WHERE guild_id = ? ORDER BY number", (guild_id,))

        return [self._season(r) for r in await self._read(work)]

    async def new_season(
        self, guild_id: int, *, starting_chips: int, actor_id: int | None = None, name: str | None = None
    ) -> Season:
        """Close the open season and open the next with ``starting_chips`` per player.

        Everyone who had an account in the closed season gets the starting chips at once, in one
        ``season_reset`` transaction from the new season's bank; newcomers get them when they first
        play or receive chips. The closed season's ledger stays as it was (its final standings).

        :raises StorageInputError: for starting chips below 0 or above 10^9, or a reset that would
            take the bank beyond the ledger's bound.
        """
        check_id(guild_id, "guild id")
        check_actor(actor_id)
        if not is_whole(starting_chips) or not 0 <= starting_chips <= MAX_AMOUNT:
            raise StorageInputError(
                f"starting chips must be a whole number from 0 to {MAX_AMOUNT}, not {quote(starting_chips)}"
            )
        if name is not None and not isinstance(name, str):
            raise StorageInputError(f"a season's name is text, not {quote(name)}")
        now = self._now()

        async def work(db: Db) -> Season:
            old = await self._open_season(db, guild_id)
            await db.execute(
                "UPDATE seasons SET closed_at = ?, closed_by = ? WHERE season_id = ?",
                (now, actor_id, old.season_id),
            )
            number = old.number + 1
            title = (name or "").strip()[:100] or f"Season {number}"
            season_id = await db.insert(
                "INSERT INTO seasons (guild_id, number, name, starting_chips, opened_at, opened_by) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (guild_id, number, title, starting_chips, now, actor_id),
                key="season_id",
            )
            season = await self._season_by_id(db, season_id)
            members = await db.fetchall(
                "SELECT holder, user_id FROM accounts WHERE season_id = ? AND user_id IS NOT NULL "
                "ORDER BY user_id",
                (old.season_id,),
            )
            # Members carry over to the new season (even with 0 starting chips, so that they get the
            # chips of a later season's reset too).
            accounts = [await self._account_plain(db, season, m["holder"]) for m in members]
            if accounts and starting_chips > 0:
                bank = await self._account_plain(db, season, "bank")
                legs = [(bank, -starting_chips * len(accounts), "")]
                legs += [(account, starting_chips, "") for account in accounts]
                await self._post(db, season, "season_reset", actor_id, f"{title} opened", legs)
            return season

        return await self._write(work)

    # ----------------------------------------------------------------- accounts and postings

    async def _account(self, db: Db, season: Season, holder: str) -> int:
        """The account of ``holder`` in ``season``, created on first use; a new member of a season
        with starting chips gets them from the bank in a transaction of their own."""
        row = await db.fetchone(
            "SELECT account_id FROM accounts WHERE season_id = ? AND holder = ?",
            (season.season_id, holder),
        )
        if row is not None:
            return int(row[0])
        account_id = await self._account_plain(db, season, holder)
        if holder.startswith("user:") and season.starting_chips > 0:
            bank = await self._account(db, season, "bank")
            await self._post(
                db,
                season,
                "starting_chips",
                None,
                f"starting chips of {season.name}",
                [(bank, -season.starting_chips, ""), (account_id, season.starting_chips, "")],
            )
        return account_id

    async def _account_plain(self, db: Db, season: Season, holder: str) -> int:
        """An account created without a starting-chips grant (the caller grants them itself)."""
        user_id = int(holder.removeprefix("user:")) if holder.startswith("user:") else None
        return await db.insert(
            "INSERT INTO accounts (season_id, holder, user_id, created_at) VALUES (?, ?, ?, ?)",
            (season.season_id, holder, user_id, self._now()),
            key="account_id",
        )

    async def _post(
        self,
        db: Db,
        season: Season,
        kind: TxnKind,
        actor_id: int | None,
        reason: str,
        legs: Sequence[Leg],
    ) -> int:
        """Write one balanced transaction; raises :class:`LedgerError` (and the caller's transaction
        rolls back) unless it has two or more non-zero legs summing to zero, and
        :class:`StorageInputError` if an account's balance would leave ±:data:`MAX_BALANCE`."""
        if len(legs) < 2 or any(amount == 0 for _, amount, _ in legs) or sum(a for _, a, _ in legs) != 0:
            raise LedgerError(f"a {kind} transaction needs two or more non-zero entries summing to 0: {legs}")
        if season.closed_at is not None:
            raise LedgerError(f"{season.name} is closed; chips move only in the open season")
        await self._check_bounds(db, legs)
        txn_id = await db.insert(
            "INSERT INTO transactions (season_id, kind, actor_id, reason, created_at) VALUES (?, ?, ?, ?, ?)",
            (season.season_id, kind, actor_id, reason, self._now()),
            key="txn_id",
        )
        await self._insert_entries(db, txn_id, legs)
        check = await db.fetchone(
            "SELECT COALESCE(SUM(amount), 0), COUNT(*) FROM entries WHERE txn_id = ?", (txn_id,)
        )
        if check is None or check[0] != 0 or check[1] != len(legs):
            raise LedgerError(f"transaction {txn_id} does not balance as written; rolled back")
        return txn_id

    async def _check_bounds(self, db: Db, legs: Sequence[Leg]) -> None:
        """Refuse legs that would take an account's balance beyond ±:data:`MAX_BALANCE`."""
        change: dict[int, int] = {}
        for account, amount, _ in legs:
            change[account] = change.get(account, 0) + amount
        for account, delta in change.items():
            before = await self._balance_of(db, account)
            if -MAX_BALANCE <= before + delta <= MAX_BALANCE:
                continue
            row = await db.fetchone("SELECT holder FROM accounts WHERE account_id = ?", (account,))
            who = holder_name(row["holder"]) if row else f"account {account}"
            raise StorageInputError(
                f"this would take {who} from {before} to {before + delta} chips; a balance stays "
                f"within {-MAX_BALANCE} to {MAX_BALANCE} chips, so nothing was booked"
            )

    async def _insert_entries(self, db: Db, txn_id: int, legs: Sequence[Leg]) -> None:
        await db.executemany(
            "INSERT INTO entries (txn_id, account_id, amount, memo) VALUES (?, ?, ?, ?)",
            [(txn_id, account, amount, memo) for account, amount, memo in legs],
        )

    async def _balance_of(self, db: Db, account_id: int) -> int:
        row = await db.fetchone(
            "SELECT COALESCE(SUM(amount), 0) FROM entries WHERE account_id = ?", (account_id,)
        )
        return int(row[0]) if row else 0

    # ----------------------------------------------------------------- reading transactions

    async def _transaction(
        self, db: Db, txn_id: int, game_id: int | None = None, hand_no: int | None = None
    ) -> Transaction:
        """A transaction just written (its game and hand given by the caller, who knows them)."""
        head = await db.fetchone(
            "SELECT t.*, CAST(? AS BIGINT) AS game_id, CAST(? AS BIGINT) AS hand_no FROM transactions t "
            "WHERE t.txn_id = ?",
            (game_id, hand_no, txn_id),
        )
        if head is None:
            raise AssertionError(f"transaction {txn_id} was just written and is not there")
        return (await self._transactions(db, [head]))[0]

    async def _transactions(self, db: Db, heads: Sequence[Row]) -> list[Transaction]:
        if not heads:
            return []
        ids = [h["txn_id"] for h in heads]
        legs: dict[int, list[Entry]] = {i: [] for i in ids}
        for lo in range(0, len(ids), 500):
            chunk = ids[lo : lo + 500]
            for row in await db.fetchall(
                "SELECT e.txn_id, a.holder, e.amount, e.memo FROM entries e "
                f"JOIN accounts a USING (account_id) WHERE e.txn_id IN ({','.join('?' * len(chunk))}) "
                "ORDER BY e.entry_id",
                chunk,
            ):
                legs[row["txn_id"]].append(Entry(row["holder"], row["amount"], row["memo"]))
        return [
            Transaction(
                txn_id=h["txn_id"],
                season_id=h["season_id"],
                kind=h["kind"],
                actor_id=h["actor_id"],
                reason=h["reason"],
                created_at=h["created_at"],
                entries=tuple(legs[h["txn_id"]]),
                game_id=h["game_id"],
                hand_no=h["hand_no"],
            )
            for h in heads
        ]
