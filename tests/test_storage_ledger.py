"""The chip ledger: double entry, errors people can cause, seasons, rollback, random transfers."""

from __future__ import annotations

import asyncio
import csv
import io
import itertools
import random
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.storage import (
    MAX_AMOUNT,
    MAX_BALANCE,
    BuyInLimitError,
    GameStateError,
    InsufficientBalanceError,
    LedgerError,
    Payment,
    Season,
    Storage,
    StorageInputError,
    Transaction,
)
from bot.storage.sql import Db

G = 1  # guild
ADA, BO, CY = 11, 12, 13


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    async with Storage(db, default_starting_chips=1000) as s:
        yield s


async def test_buy_in_is_one_balanced_transaction_against_the_bank(storage: Storage) -> None:
    txn = await storage.buy_in(G, ADA, 250, actor_id=99, reason="Friday")
    assert (txn.kind, txn.actor_id, txn.reason) == ("buy_in", 99, "Friday")
    assert sorted((e.holder, e.amount) for e in txn.entries) == [("bank", -250), (f"user:{ADA}", 250)]
    assert await storage.balance(G, ADA) == 1250
    kinds = [t.kind for t in await storage.transactions(G, user_id=ADA)]
    assert kinds == ["buy_in", "starting_chips"]
    assert {b.holder: b.chips for b in await storage.balances(G)} == {f"user:{ADA}": 1250, "bank": -1250}
    check = await storage.check_ledger()
    assert check.ok and (check.transactions, check.entries) == (2, 4)


@pytest.mark.parametrize("amount", [0, -5, 2.5, True, "10"])
async def test_amounts_below_one_chip_are_refused(storage: Storage, amount: object) -> None:
    with pytest.raises(StorageInputError, match="amount must be"):
        await storage.buy_in(G, ADA, amount)  # type: ignore[arg-type]
    await storage.set_club_option(G, "allow_member_transfers", True)
    with pytest.raises(StorageInputError, match="amount must be"):
        await storage.transfer(G, ADA, BO, amount)  # type: ignore[arg-type]
    assert await storage.transactions(G) == []


async def test_transfers_need_the_clubs_permission_and_another_member(storage: Storage) -> None:
    with pytest.raises(StorageInputError, match="set allow_member_transfers to true"):
        await storage.transfer(G, ADA, BO, 10)
    await storage.set_club_option(G, "allow_member_transfers", True)
    with pytest.raises(StorageInputError, match="to oneself; name another member"):
        await storage.transfer(G, ADA, ADA, 10)
    txn = await storage.transfer(G, ADA, BO, 10, reason="lunch")
    assert (txn.kind, txn.actor_id, txn.reason) == ("transfer", ADA, "lunch")
    assert (await storage.balance(G, ADA), await storage.balance(G, BO)) == (990, 1010)


async def test_negative_balances_when_the_club_forbids_them(storage: Storage) -> None:
    await storage.set_club_option(G, "allow_member_transfers", True)
    game = await storage.create_game(G, 5, [ADA, BO, "ai:easy", "ai:easy"], 1)
    await storage.finish_hand(game.game_id, 1, result="r", payments=[Payment(0, 1, 1500)])
    assert await storage.balance(G, ADA) == -500  # a hand may, by default: Ada goes to -500
    await storage.set_club_option(G, "allow_negative_balance", False)
    await storage.set_club_option(G, "balance_floor", -1000)  # forbidding negatives wins over it
    before = await storage.transactions(G)
    with pytest.raises(InsufficientBalanceError, match="has 2500 chips; giving 2501 would leave -1") as err:
        await storage.transfer(G, BO, CY, 2501)
    assert "at most 2500 can be given now" in str(err.value)
    with pytest.raises(InsufficientBalanceError, match="has -500 chips"):
        await storage.adjust(G, ADA, -1, actor_id=99, reason="fine")
    assert await storage.transactions(G) == before
    await storage.transfer(G, BO, CY, 2500)  # exactly everything is fine
    assert await storage.balance(G, BO) == 0


async def test_a_buy_in_under_a_rule_for_exhausted_balances(storage: Storage) -> None:
    """rumisberg rule 22 (RULES.md §2.4.10): a member with no chips left (0 or fewer) buys the
    club's buy_in_amount from the bank, as often as that happens; one with chips left may not."""
    rule = "rumisberg rule 22"
    with pytest.raises(BuyInLimitError, match="has 1000 chips; under rumisberg rule 22 a buy-in is for"):
        await storage.club_buy_in(G, ADA, when_exhausted=rule)
    await storage.set_club_option(G, "allow_member_transfers", True)
    await storage.transfer(G, ADA, BO, 1000)  # exactly everything: exhausted at 0
    txn = await storage.club_buy_in(G, ADA, when_exhausted=rule)  # no buy_in_limit needed
    assert (txn.kind, txn.actor_id, txn.reason) == (
        "buy_in",
        ADA,
        "buy-in 1 under rumisberg rule 22: balance 0, exhausted",
    )
    assert sorted((e.holder, e.amount) for e in txn.entries) == [("bank", -5000), (f"user:{ADA}", 5000)]
    with pytest.raises(BuyInLimitError, match="has 5000 chips"):
        await storage.club_buy_in(G, ADA, when_exhausted=rule)
    await storage.set_club_option(G, "balance_floor", -1000)  # gifts below 0: the club's choice
    await storage.transfer(G, ADA, BO, 5300)
    txn = await storage.club_buy_in(G, ADA, when_exhausted=rule)
    assert txn.reason == "buy-in 2 under rumisberg rule 22: balance -300, exhausted"
    await storage.transfer(G, ADA, BO, 4700)
    await storage.set_club_option(G, "buy_in_limit", 2)  # a cap the club sets still holds
    with pytest.raises(BuyInLimitError, match="has made 2 of the 2 buy-ins"):
        await storage.club_buy_in(G, ADA, when_exhausted=rule)
    assert await storage.balance(G, ADA) == 0
    assert (await storage.check_ledger(G)).ok
    assert sum(b.chips for b in await storage.balances(G)) == 0


async def test_adjustments_need_a_reason_and_a_non_zero_amount(storage: Storage) -> None:
    with pytest.raises(StorageInputError, match="needs a reason"):
        await storage.adjust(G, ADA, 50, actor_id=99, reason="  ")
    with pytest.raises(StorageInputError, match="positive to give or negative to take"):
        await storage.adjust(G, ADA, 0, actor_id=99, reason="x")
    txn = await storage.adjust(G, ADA, -300, actor_id=99, reason="miscounted on Friday")
    assert (txn.kind, txn.actor_id, txn.reason) == ("adjustment", 99, "miscounted on Friday")
    assert await storage.balance(G, ADA) == 700


async def test_a_failure_inside_a_transaction_rolls_back_all_of_it(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await storage.create_game(G, 5, [ADA, BO, CY, "ai:easy"], 1)
    await storage.append_action(game.game_id, 1, 1, "E discard 1m")
    await storage.buy_in(G, ADA, 1)
    balances = await storage.balances(G)
    original = Storage._insert_entries

    async def half_then_fail(
        self: Storage, db: object, txn_id: int, legs: list[tuple[int, int, str]]
    ) -> None:
        await original(self, db, txn_id, legs[:1])  # type: ignore[arg-type]
        raise OSError("disk on fire")  # the work's own error, raised as it is (not a lost server)

    monkeypatch.setattr(Storage, "_insert_entries", half_then_fail)
    with pytest.raises(OSError, match=r"^disk on fire$"):
        await storage.finish_hand(
            game.game_id, 1, result="won", payments=[Payment(1, 0, 40), Payment(2, 0, 40)]
        )
    with pytest.raises(OSError, match=r"^disk on fire$"):
        await storage.buy_in(G, ADA, 5)
    monkeypatch.undo()
    assert await storage.balances(G) == balances
    record = await storage.load_game(game.game_id)
    assert (record.hands[0].result, record.hands[0].payments) == (None, ())
    assert (await storage.check_ledger()).ok
    await storage.append_action(game.game_id, 1, 2, "S pass")  # the hand is still live
    txn = await storage.finish_hand(game.game_id, 1, result="won", payments=[Payment(1, 0, 40)], last_seq=2)
    assert txn is not None and (txn.game_id, txn.hand_no) == (game.game_id, 1)


async def test_unbalanced_transactions_are_never_written(storage: Storage) -> None:
    async def bank_account(db: Db) -> tuple[Season, int]:
        season = await storage._open_season(db, G)
        return season, await storage._account(db, season, "bank")

    season, bank = await storage._write(bank_account)
    for legs in ([(bank, 5, "")], [(bank, 5, ""), (bank, -4, "")], [(bank, 0, ""), (bank, 0, "")]):

        async def post(db: Db, legs: list[tuple[int, int, str]] = legs) -> int:
            return await storage._post(db, season, "adjustment", None, "x", legs)

        with pytest.raises(LedgerError, match="summing to 0"):
            await storage._write(post)
    assert await storage.transactions(G) == []


async def test_seasons_close_and_reopen_with_starting_chips(storage: Storage) -> None:
    await storage.buy_in(G, ADA, 500)
    await storage.buy_in(G, BO, 1)
    first = await storage.current_season(G)
    second = await storage.new_season(G, starting_chips=3000, actor_id=99, name="Spring")
    assert (first.number, second.number, second.name, second.starting_chips) == (1, 2, "Spring", 3000)
    assert [s.closed_at is None for s in await storage.seasons(G)] == [False, True]
    assert await storage.balance(G, ADA) == 3000  # reset, in one season_reset transaction
    assert await storage.balance(G, ADA, season=1) == 1500  # the closed season's standing stays
    reset = await storage.transactions(G, season=2)
    assert [(t.kind, len(t.entries)) for t in reset] == [("season_reset", 3)]
    assert await storage.balance(G, CY) == 3000  # a newcomer's starting chips
    await storage.buy_in(G, CY, 7)
    assert await storage.balance(G, CY) == 3007
    assert await storage.balance(G, CY, season=1) == 0
    with pytest.raises(StorageInputError, match="from 0 to"):
        await storage.new_season(G, starting_chips=-1)
    with pytest.raises(StorageInputError, match="no season 9"):
        await storage.balance(G, ADA, season=9)
    assert (await storage.check_ledger(G)).ok


async def test_hand_payments_go_through_the_ledger_with_a_link_to_the_hand(storage: Storage) -> None:
    game = await storage.create_game(G, 5, [ADA, BO, "ai:hard", "ai:hard"], 1)
    txn = await storage.finish_hand(
        game.game_id,
        1,
        result="E wins",
        payments=[Payment(1, 0, 30, "Mah-Jongg"), Payment(2, 0, 60), Payment(3, 2, 5)],
    )
    assert txn is not None and (txn.kind, txn.game_id, txn.hand_no, txn.actor_id) == (
        "hand",
        game.game_id,
        1,
        None,
    )
    assert sum(e.amount for e in txn.entries) == 0
    chips = {b.holder: b.chips for b in await storage.balances(G)}
    assert chips["user:11"] == 1090 and chips["user:12"] == 970 and chips["ai:hard"] == -60
    with pytest.raises(GameStateError, match="already finished"):
        await storage.finish_hand(game.game_id, 1, result="again")
    for bad in (Payment(0, 0, 5), Payment(0, 4, 5), Payment(0, 1, 0)):
        await storage.start_hand(game.game_id, 2) if (
            await storage.load_game(game.game_id)
        ).hand_no == 1 else None
        with pytest.raises(StorageInputError):
            await storage.finish_hand(game.game_id, 2, result="x", payments=[bad])
    assert await storage.finish_hand(game.game_id, 2, result="draw") is None  # nobody pays
    assert (await storage.check_ledger()).ok


async def test_ledger_csv_export(storage: Storage, tmp_path: Path) -> None:
    await storage.remember_player(ADA, "=Ada")
    await storage.buy_in(G, ADA, 100)
    await storage.adjust(G, ADA, -40, actor_id=99, reason="-spilled tea")
    export = await storage.export_ledger_csv(G)
    rows = list(csv.DictReader(io.StringIO(export.text)))
    assert export.filename == f"ledger-{G}-season-1.csv"
    assert [(r["kind"], r["account"], r["amount"], r["balance_after"]) for r in rows if r["user_id"]] == [
        ("starting_chips", "user:11", "1000", "1000"),
        ("buy_in", "user:11", "100", "1100"),
        ("adjustment", "user:11", "-40", "1060"),
    ]
    assert sum(int(r["amount"]) for r in rows) == 0
    mine = [r for r in rows if r["user_id"]]
    assert mine[0]["display_name"] == "'=Ada" and mine[-1]["reason"] == "'-spilled tea"  # no formulas
    path = export.write(tmp_path)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf") and path.name == export.filename


# ---------------------------------------------------------------- random transfers

USERS = (ADA, BO, CY, 14)
user = st.sampled_from(USERS)
amount = st.integers(min_value=-5, max_value=400)
op = st.one_of(
    st.tuples(st.just("buy_in"), user, amount),
    st.tuples(st.just("adjust"), user, amount),
    st.tuples(st.just("transfer"), user, user, amount),
    st.tuples(st.just("hand"), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), amount), max_size=4)),
    st.tuples(st.just("strict"), st.booleans()),
    st.tuples(st.just("season"), st.integers(0, 500)),
    st.tuples(st.just("floor"), st.one_of(st.none(), st.integers(-2000, 2000))),
    st.tuples(st.just("club_buy_in"), st.sampled_from(USERS), st.integers(0, 2)),
)


async def _run(path: Path | str, ops: list[tuple[object, ...]], guild: int = G) -> None:
    """Apply ``ops`` to a fresh server (``guild``) of the database and to a dict model; after
    every step they must agree, every refusal must be the one the model predicts, and the ledger
    must balance."""
    start = 1000
    model: dict[int, int] = {}  # chips of the members who have an account this season
    strict = False
    floor: int | None = None
    buy_ins: dict[int, int] = {}  # member -> club buy-ins this season
    async with Storage(path, default_starting_chips=start) as storage:
        await storage.set_club_option(guild, "allow_member_transfers", True)
        game = await storage.create_game(guild, 5, list(USERS), 3)
        hand = 1

        def chips(u: int) -> int:
            return model.get(u, start)  # no account yet: the season's starting chips come with it

        def gift_floor() -> int:  # 0 unless the club set a floor; never below 0 when strict
            return max(floor or 0, 0) if strict else floor or 0

        for item in ops:
            kind, args = item[0], [int(x) for x in item[1:] if isinstance(x, int)]
            expected_error: type[Exception] | None = None
            if kind == "buy_in":
                u, n = args
                expected_error = StorageInputError if n <= 0 else None
                call = storage.buy_in(guild, u, n)
                moves = [(u, n)]
            elif kind == "adjust":
                u, n = args
                if n == 0:
                    expected_error = StorageInputError
                elif n < 0 and chips(u) + n < gift_floor():
                    expected_error = InsufficientBalanceError
                call = storage.adjust(guild, u, n, actor_id=1, reason="r")
                moves = [(u, n)]
            elif kind == "transfer":
                a, b, n = args
                if a == b or n <= 0:
                    expected_error = StorageInputError
                elif chips(a) - n < gift_floor():
                    expected_error = InsufficientBalanceError
                call = storage.transfer(guild, a, b, n)
                moves = [(a, -n), (b, n)]
            elif kind == "hand":
                payments = [Payment(p, q, n) for p, q, n in item[1]]  # type: ignore[attr-defined]
                if any(p.payer == p.payee or p.amount <= 0 for p in payments):
                    expected_error = StorageInputError
                call = storage.finish_hand(game.game_id, hand, result="r", payments=payments)
                moves = []
                after = {u: chips(u) for u in USERS}
                for p in payments:  # where the club forbids negatives, each pays at most what it holds
                    paid = min(p.amount, max(after[USERS[p.payer]], 0)) if strict else p.amount
                    after[USERS[p.payer]] -= paid
                    after[USERS[p.payee]] += paid
                    moves += [(USERS[p.payer], -paid), (USERS[p.payee], paid)]
            elif kind == "strict":
                strict = bool(item[1])
                call = storage.set_club_option(guild, "allow_negative_balance", not strict)
                moves = []
            elif kind == "floor":
                floor = item[1]  # type: ignore[assignment]
                call = storage.set_club_option(guild, "balance_floor", floor)
                moves = []
            elif kind == "club_buy_in":
                u, limit = args
                await storage.set_club_option(guild, "buy_in_limit", limit)
                if buy_ins.get(u, 0) >= limit:
                    expected_error = BuyInLimitError
                call = storage.club_buy_in(guild, u)
                moves = [(u, 5000)]
            else:
                start = args[0]
                call = storage.new_season(guild, starting_chips=start)
                model = {u: start for u in model}
                buy_ins = {}
                moves = []
            if expected_error is not None:
                with pytest.raises(expected_error):
                    await call
            else:
                await call
                for u, n in moves:
                    model[u] = chips(u) + n
                if kind in ("buy_in", "club_buy_in"):  # every buy-in counts towards the limit
                    buy_ins[args[0]] = buy_ins.get(args[0], 0) + 1
                if kind == "hand":
                    hand += 1
                    await storage.start_hand(game.game_id, hand)
            assert {u: await storage.balance(guild, u) for u in model} == model
        assert (await storage.check_ledger()).ok
        accounts = await storage.balances(guild)
        assert sum(b.chips for b in accounts) == 0
        listed = {b.user_id: b.chips for b in accounts if b.user_id is not None and b.chips}
        assert listed == {u: n for u, n in model.items() if n}  # members without an account hold 0


_GUILDS = itertools.count(100)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(ops=st.lists(op, max_size=25))
def test_balances_equal_the_ledger_after_random_transfers(
    db: Path | str, ops: list[tuple[object, ...]]
) -> None:
    # One database for all examples (on PostgreSQL a database per example would take most of the
    # time), a fresh server in it per example: a server's ledger, seasons and options are its own.
    asyncio.run(_run(db, ops, guild=next(_GUILDS)))


# ---------------------------------------------------------------- bounds (issue 9, finding 2)


@pytest.mark.parametrize("amount", [MAX_AMOUNT + 1, 2**63 - 1, 2**63, 10**100])
async def test_amounts_beyond_a_thousand_million_are_refused(storage: Storage, amount: int) -> None:
    accepted = f"from 1 to {MAX_AMOUNT}"
    with pytest.raises(StorageInputError, match=accepted):
        await storage.buy_in(G, ADA, amount)
    await storage.set_club_option(G, "allow_member_transfers", True)
    with pytest.raises(StorageInputError, match=accepted):
        await storage.transfer(G, ADA, BO, amount)
    for signed in (amount, -amount):
        with pytest.raises(StorageInputError, match=f"from {-MAX_AMOUNT} to {MAX_AMOUNT}"):
            await storage.adjust(G, ADA, signed, actor_id=99, reason="typo")
    with pytest.raises(StorageInputError, match=f"from 0 to {MAX_AMOUNT}"):
        await storage.new_season(G, starting_chips=amount)
    with pytest.raises(StorageInputError, match=f"from 0 to {MAX_AMOUNT}"):
        Storage("unused.sqlite3", default_starting_chips=amount)
    game = await storage.create_game(G, 5, [ADA, BO, CY, "ai:easy"], 1)
    with pytest.raises(StorageInputError, match=accepted):
        await storage.finish_hand(game.game_id, 1, result="won", payments=[Payment(1, 0, amount)])
    # Nothing was written, and the server's balances still read.
    assert await storage.transactions(G) == []
    assert await storage.balance(G, ADA) == 1000 and await storage.balances(G) == []
    assert (await storage.check_ledger(G)).ok
    await storage.buy_in(G, ADA, MAX_AMOUNT)  # the largest amount is fine
    assert await storage.balance(G, ADA) == 1000 + MAX_AMOUNT


async def test_no_balance_leaves_its_bound(db: Path | str) -> None:
    async with Storage(db, default_starting_chips=0, synchronous="NORMAL") as storage:
        game = await storage.create_game(G, 5, [ADA, BO, CY, "ai:easy"], 1)
        steps = MAX_BALANCE // MAX_AMOUNT
        # One hand with a thousand payments of the largest amount takes Ada to the bound, Bo to minus it.
        await storage.finish_hand(game.game_id, 1, result="r", payments=[Payment(1, 0, MAX_AMOUNT)] * steps)
        assert (await storage.balance(G, ADA), await storage.balance(G, BO)) == (MAX_BALANCE, -MAX_BALANCE)
        await storage.start_hand(game.game_id, 2)
        with pytest.raises(StorageInputError) as err:
            await storage.finish_hand(game.game_id, 2, result="r", payments=[Payment(2, 0, 1)])
        assert str(err.value) == (
            f"this would take <@{ADA}> from {MAX_BALANCE} to {MAX_BALANCE + 1} chips; a balance stays "
            f"within {-MAX_BALANCE} to {MAX_BALANCE} chips, so nothing was booked"
        )
        await storage.set_club_option(G, "allow_member_transfers", True)
        await storage.buy_in(G, CY, 1)  # a chip for CY to give
        for refused in (
            storage.buy_in(G, ADA, 1),
            storage.adjust(G, ADA, 1, actor_id=99, reason="prize"),
            storage.adjust(G, BO, -1, actor_id=99, reason="fee", below_floor=True),
            storage.transfer(G, CY, ADA, 1),
        ):
            with pytest.raises(StorageInputError, match="a balance stays within"):
                await refused
        # Nothing of it was booked; the hand is still to be settled, and can be within the bound.
        assert (await storage.balance(G, ADA), await storage.balance(G, BO)) == (MAX_BALANCE, -MAX_BALANCE)
        assert (await storage.load_game(game.game_id)).hands[1].result is None
        await storage.finish_hand(game.game_id, 2, result="r", payments=[Payment(0, 2, MAX_AMOUNT)])
        assert await storage.balance(G, CY) == MAX_AMOUNT + 1
        assert (await storage.check_ledger(G)).ok
        assert {b.holder: b.chips for b in await storage.balances(G)}[
            f"user:{ADA}"
        ] == MAX_BALANCE - MAX_AMOUNT


# ---------------------------------------------------------------- /chips options (issue 11)


async def test_chips_options_are_typed_and_bounded(storage: Storage) -> None:
    options = await storage.club_options(G)
    assert (options.buy_in_amount, options.buy_in_limit, options.balance_floor, options.admin_role_id) == (
        5000,
        0,
        None,
        None,
    )
    await storage.set_club_option(G, "buy_in_amount", "2500")
    await storage.set_club_option(G, "balance_floor", -300)
    options = await storage.set_club_option(G, "admin_role_id", 77)
    assert (options.buy_in_amount, options.balance_floor, options.admin_role_id) == (2500, -300, 77)
    assert (await storage.set_club_option(G, "admin_role_id", "none")).admin_role_id is None
    assert (await storage.set_club_option(G, "balance_floor", None)).balance_floor is None
    bad_values = [("buy_in_amount", 0), ("buy_in_amount", 10**9 + 1), ("buy_in_limit", -1),
                  ("balance_floor", 10**10), ("buy_in_limit", None), ("buy_in_amount", "lots")]  # fmt: skip
    for name, bad in bad_values:
        with pytest.raises(StorageInputError, match=f"club option {name} takes a whole number from"):
            await storage.set_club_option(G, name, bad)


async def test_club_buy_ins_count_against_the_limit_and_the_floor_holds(storage: Storage) -> None:
    with pytest.raises(BuyInLimitError, match="offers no buy-ins"):
        await storage.club_buy_in(G, ADA)
    await storage.set_club_option(G, "buy_in_limit", 1)
    txn = await storage.club_buy_in(G, ADA)
    assert (txn.kind, txn.actor_id, txn.reason) == ("buy_in", ADA, "buy-in 1 of 1")
    assert await storage.balance(G, ADA) == 6000 and await storage.buy_ins_made(G, ADA) == 1
    with pytest.raises(BuyInLimitError, match="made 1 of the 1 buy-ins"):
        await storage.club_buy_in(G, ADA)
    await storage.set_club_option(G, "allow_member_transfers", True)
    await storage.set_club_option(G, "balance_floor", 100)
    with pytest.raises(InsufficientBalanceError, match="below this club's floor of 100"):
        await storage.transfer(G, BO, CY, 901)
    await storage.transfer(G, BO, CY, 900)
    standings = await storage.standings(G, since="2000-01-01")
    assert [(s.user_id, s.chips, s.change) for s in standings] == [  # starting chips are no change
        (ADA, 6000, 5000),
        (CY, 1900, 900),
        (BO, 100, -900),
    ]
    assert [s.change for s in await storage.standings(G)] == [0, 0, 0]
    await storage.new_season(G, starting_chips=1000)
    assert await storage.buy_ins_made(G, ADA) == 0


# ---------------------------------------------------------------- floors (issue 25, item 1)


async def _take_to(storage: Storage, user: int, chips: int) -> None:
    """Bring ``user`` to ``chips`` through a hand they lose (or win) against CY, as a game would."""
    have = await storage.balance(G, user)
    game = await storage.create_game(G, 77, [user, CY, "ai:easy", "ai:easy"], 1)
    payer, payee = (0, 1) if chips < have else (1, 0)
    await storage.finish_hand(
        game.game_id, 1, result="r", payments=[Payment(payer, payee, abs(have - chips))]
    )
    assert await storage.balance(G, user) == chips


async def test_a_gift_never_takes_the_giver_below_zero_unless_the_club_set_a_lower_floor(
    storage: Storage,
) -> None:
    """Issue 25: by default (allow_negative_balance true, no balance_floor) a gift had no floor at
    all: a member at -2,802 gave 999,999 chips, another 1,000,000,000 they never had."""
    await storage.set_club_option(G, "allow_member_transfers", True)
    options = await storage.club_options(G)
    assert (options.allow_negative_balance, options.balance_floor, options.gift_floor) == (True, None, 0)
    with pytest.raises(InsufficientBalanceError) as err:
        await storage.transfer(G, ADA, BO, MAX_AMOUNT)
    assert (err.value.have, err.value.floor, err.value.most) == (1000, 0, 1000)
    assert "at most 1000 can be given" in str(err.value)
    with pytest.raises(InsufficientBalanceError, match="at most 1000 can be given"):
        await storage.transfer(G, ADA, BO, 1001)
    await _take_to(storage, ADA, -2802)  # a game may take a member below 0: the club allows that
    before = await storage.transactions(G)
    with pytest.raises(InsufficientBalanceError) as err:
        await storage.transfer(G, ADA, BO, 999_999)
    assert (err.value.have, err.value.floor, err.value.most) == (-2802, 0, 0)
    with pytest.raises(InsufficientBalanceError, match="has -2802 chips"):
        await storage.transfer(G, ADA, BO, 1)
    assert await storage.transactions(G) == before  # nothing was booked
    await storage.transfer(G, BO, CY, await storage.balance(G, BO))  # exactly everything is fine
    assert await storage.balance(G, BO) == 0
    # A floor the club sets on purpose: below 0 it lets gifts go that far, above 0 it keeps more.
    await storage.set_club_option(G, "balance_floor", -500)
    await storage.transfer(G, BO, CY, 500)
    with pytest.raises(InsufficientBalanceError) as err:
        await storage.transfer(G, BO, CY, 1)
    assert (err.value.have, err.value.floor, err.value.most) == (-500, -500, 0)
    await storage.set_club_option(G, "allow_negative_balance", False)  # forbidding negatives wins
    assert (await storage.club_options(G)).gift_floor == 0
    with pytest.raises(InsufficientBalanceError) as err:
        await storage.transfer(G, CY, ADA, MAX_AMOUNT)
    assert err.value.floor == 0 and err.value.most == err.value.have > 0
    await storage.set_club_option(G, "balance_floor", 100)
    with pytest.raises(InsufficientBalanceError, match="below this club's floor of 100"):
        await storage.transfer(G, CY, ADA, err.value.have - 99)
    assert (await storage.check_ledger(G)).ok


async def test_two_gifts_that_together_cross_the_floor_cannot_both_be_booked(db: Path | str) -> None:
    """The floor is checked in the write transaction that books the gift: of two gifts racing each
    other (from one connection or from two, as two bot processes on one file), one is refused."""
    async with (
        Storage(db, default_starting_chips=1000) as one,
        Storage(db, default_starting_chips=1000) as two,
    ):
        await one.set_club_option(G, "allow_member_transfers", True)
        for first, second in ((one, one), (one, two)):
            have = await first.balance(G, ADA)
            amount = have // 2 + 1
            results = await asyncio.gather(
                first.transfer(G, ADA, BO, amount),
                second.transfer(G, ADA, CY, amount),
                return_exceptions=True,
            )
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(refused) == 1 and isinstance(refused[0], InsufficientBalanceError), results
            assert await one.balance(G, ADA) == have - amount >= 0
            await one.adjust(G, ADA, amount, actor_id=99, reason="top up for the next race")
        assert (await one.check_ledger(G)).ok


async def test_an_admin_takes_a_member_below_the_floor_only_on_purpose(storage: Storage) -> None:
    """An admin's debit that would take a member below the club's floor (the floor of a gift) is
    refused with the most that can be taken, unless the admin says below_floor; the ledger then
    says so on the member's entry, beside the admin and the reason."""
    with pytest.raises(InsufficientBalanceError, match="at most 1000 can be taken") as err:
        await storage.adjust(G, ADA, -1500, actor_id=99, reason="miscounted")
    assert (err.value.have, err.value.floor, err.value.most) == (1000, 0, 1000)
    assert await storage.transactions(G) == []  # nothing was booked
    txn = await storage.adjust(G, ADA, -1500, actor_id=99, reason="miscounted", below_floor=True)
    assert (txn.kind, txn.actor_id, txn.reason) == ("adjustment", 99, "miscounted")
    assert (f"user:{ADA}", -1500, "below the club's floor of 0 by the admin's choice") in [
        (e.holder, e.amount, e.memo) for e in txn.entries
    ]
    assert await storage.balance(G, ADA) == -500
    with pytest.raises(InsufficientBalanceError) as err:
        await storage.adjust(G, ADA, -1, actor_id=99, reason="fee")
    assert (err.value.have, err.value.most) == (-500, 0)
    await storage.set_club_option(G, "balance_floor", -800)  # a floor the club set on purpose
    txn = await storage.adjust(G, ADA, -300, actor_id=99, reason="fee")
    assert all(e.memo == "" for e in txn.entries)
    await storage.adjust(G, ADA, 2000, actor_id=99, reason="prize")  # credits have no floor to mind
    with pytest.raises(StorageInputError, match="below_floor is true or false"):
        await storage.adjust(G, ADA, -1, actor_id=99, reason="x", below_floor="yes")  # type: ignore[arg-type]
    assert (await storage.check_ledger(G)).ok


async def test_a_hand_pays_at_most_the_balance_where_the_club_forbids_negatives(storage: Storage) -> None:
    """RULES.md §2.4.10 and A-CORE-22: with allow_negative_balance false "a payer pays at most his
    balance; the rest is forfeited". A hand's payments were booked whole, taking members below 0
    in a club that forbids it. Payments are capped in their order, each at what the payer holds
    then; the booked amounts are the hand's stored payments, so the ledger check still holds."""
    game = await storage.create_game(G, 5, [ADA, BO, CY, "ai:easy"], 1)
    await storage.finish_hand(game.game_id, 1, result="r", payments=[Payment(0, 1, 900)])
    assert await storage.balance(G, ADA) == 100
    await storage.start_hand(game.game_id, 2)
    await storage.set_club_option(G, "allow_negative_balance", False)
    txn = await storage.finish_hand(
        game.game_id,
        2,
        result="CY wins",
        payments=[Payment(0, 2, 300, "pays the winner"), Payment(3, 2, 300), Payment(0, 1, 50)],
    )
    assert txn is not None
    assert (await storage.balance(G, ADA), await storage.balance(G, CY)) == (0, 1400)
    assert await storage.balance(G, BO) == 1900  # Ada had nothing left for Bo: forfeited
    record = (await storage.load_game(game.game_id)).hands[1]
    assert [(p.payer, p.payee, p.amount) for p in record.payments] == [(0, 2, 100), (3, 2, 300)]
    assert record.payments[0].reason == (
        "pays the winner; capped at the payer's balance: 100 of 300 paid, 200 forfeited"
    )
    assert [e.memo for e in txn.entries if e.holder == f"user:{ADA}"] == [
        "seat 0 to seat 2: pays the winner; capped at the payer's balance: 100 of 300 paid, 200 forfeited"
    ]
    await storage.start_hand(game.game_id, 3)  # only forfeits: nothing to book
    assert await storage.finish_hand(game.game_id, 3, result="r", payments=[Payment(0, 1, 10)]) is None
    assert (await storage.load_game(game.game_id)).hands[2].payments == ()
    await storage.start_hand(game.game_id, 4)  # a computer player's account has no floor
    await storage.finish_hand(game.game_id, 4, result="r", payments=[Payment(3, 1, 5000)])
    assert {b.holder: b.chips for b in await storage.balances(G)}["ai:easy"] == -5300
    assert (await storage.check_ledger(G)).ok


# ---------------------------------------------------------------- two processes on one database


async def test_two_storages_racing_transfers_gifts_and_buy_ins_keep_the_books(db: Path | str) -> None:
    """Two Storage objects on one database (two bot processes' worth) book transfers, buy-ins
    and debits on the same members at once: every call is booked whole or refused with a
    StorageInputError saying why, each member's balance is the starting chips plus what was
    booked for them, the ledger sums to zero and nobody ends below the club's floor."""
    floor, limit = -200, 2
    rng = random.Random(30)
    async with (
        Storage(db, default_starting_chips=1000) as one,
        Storage(db, default_starting_chips=1000) as two,
    ):
        await one.set_club_option(G, "allow_member_transfers", True)
        await one.set_club_option(G, "balance_floor", floor)
        await two.set_club_option(G, "buy_in_limit", limit)
        members = (ADA, BO, CY, 14)

        def call(storage: Storage) -> Awaitable[Transaction]:
            kind = rng.choice(("transfer", "transfer", "transfer", "club_buy_in", "buy_in", "debit"))
            who = rng.choice(members)
            if kind == "transfer":
                to = rng.choice([m for m in members if m != who])
                return storage.transfer(G, who, to, rng.randint(100, 900))
            if kind == "club_buy_in":
                return storage.club_buy_in(G, who)
            if kind == "buy_in":
                return storage.buy_in(G, who, rng.randint(1, 300), actor_id=99)
            return storage.adjust(G, who, -rng.randint(50, 600), actor_id=99, reason="fee")

        calls = [call(rng.choice((one, two))) for _ in range(120)]
        results = await asyncio.gather(*calls, return_exceptions=True)
        booked = [r for r in results if isinstance(r, Transaction)]
        refused = [r for r in results if not isinstance(r, Transaction)]
        unclear = [r for r in refused if not isinstance(r, (InsufficientBalanceError, BuyInLimitError))]
        assert not unclear, unclear  # no serialization failure, deadlock or traceback reaches a caller
        assert booked and refused, "nothing raced"
        assert all(str(r) for r in refused)
        expected = {m: 1000 for m in members}
        for txn in booked:
            for entry in txn.entries:
                if entry.holder.startswith("user:"):
                    expected[int(entry.holder.removeprefix("user:"))] += entry.amount
        for reader in (one, two):
            assert {m: await reader.balance(G, m) for m in members} == expected
            assert (await reader.check_ledger(G)).ok
            assert sum(b.chips for b in await reader.balances(G)) == 0
        assert min(expected.values()) >= floor, expected
        # A club buy-in counts every buy-in made before it: its number is never above the limit,
        # and no two of a member's have the same number.
        numbered = [(t.actor_id, t.reason) for t in booked if t.reason.endswith(f" of {limit}")]
        assert all(int(reason.split()[1]) <= limit for _, reason in numbered)
        assert len(set(numbered)) == len(numbered)
        assert len(await one.transactions(G, limit=1000)) == len(booked) + len(members)  # + starting chips
