"""A real table's evening recorded through the storage (bot/storage/recorded.py, issue 29 §1): every
booked payment is what ``mahjong score`` gives for the entered hands plus the losers' settlement,
the ledger sums to zero, a hand is booked once, an undo reverses and never deletes, a restart in the
middle loses nothing, and bad input is refused with nothing booked."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import engine_error
from bot.storage import Storage
from bot.storage.errors import RecordError
from bot.storage.recorded import RecordState
from bot.storage.sql import Db
from engine.errors import EntryError, MahjongError
from engine.recorded import SeatEntry
from engine.scoring.report import score_request
from engine.tiles import Wind

G, CH = 1, 10
ADA, BO, CY, DI, ED = 11, 12, 13, 14, 15
MEMBERS = [ADA, BO, CY, DI]
WIN = "234m 777z [555s] [678p] 99p"
OTHER_WIN = "123m 456m 789m [555z] 11p"
START = 1000


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    """A storage on each backend (SQLite and PostgreSQL: the ``db`` fixture)."""
    async with Storage(db, default_starting_chips=START) as s:
        yield s


def letter(state: RecordState, seat: int) -> str:
    return "ESWN"[state.table.wind_of(seat)]


def expected_nets(state: RecordState, winner: int, pays: dict[str, int], values: dict[int, int]) -> list[int]:
    """``mahjong score``'s payments to the winner, and the losers' differences (RULES.md §1.14)."""
    out = [0] * len(state.seats)
    for seat in range(len(state.seats)):
        if seat != winner:
            out[seat] -= pays[letter(state, seat)]
            out[winner] += pays[letter(state, seat)]
    losers = [s for s in range(len(state.seats)) if s != winner]
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            diff = abs(values[a] - values[b]) * (2 if state.table.seating.east in (a, b) else 1)
            high, low = (a, b) if values[a] >= values[b] else (b, a)
            out[high] += diff
            out[low] -= diff
    return out


async def enter_all(storage: Storage, state: RecordState, entries: dict[int, SeatEntry]) -> RecordState:
    assert state.hand_no is not None
    for seat, entry in entries.items():
        state = await storage.enter_hand(
            state.game_id, state.hand_no, state.seats[seat], entry, by=state.seats[seat]
        )
    return state


async def confirm_all(storage: Storage, state: RecordState) -> RecordState:
    assert state.hand_no is not None
    hand_no = state.hand_no
    for member in state.seats[:-1]:
        done = await storage.confirm_hand(state.game_id, hand_no, member)
        assert done.booked is None
    done = await storage.confirm_hand(state.game_id, hand_no, state.seats[-1])
    assert done.booked is not None and done.booked.hand_no == hand_no
    return done.state


async def balances(storage: Storage, members: list[int]) -> list[int]:
    return [await storage.balance(G, m) for m in members]


async def hand_transactions(storage: Storage, game_id: int) -> list[tuple[int, str]]:
    async def work(db: Db) -> list[tuple[int, str]]:
        rows = await db.fetchall(
            "SELECT t.txn_id, t.reason FROM transactions t WHERE t.kind = 'hand' AND "
            "(t.txn_id IN (SELECT txn_id FROM hands WHERE game_id = ?) OR "
            "t.txn_id IN (SELECT reversed_txn FROM hands WHERE game_id = ?)) ORDER BY t.txn_id",
            (game_id, game_id),
        )
        return [(int(r[0]), str(r[1])) for r in rows]

    return await storage._read(work)


async def test_a_dmjl_evening_books_what_mahjong_score_gives_through_an_undo_and_a_restart(
    db: Path | str,
) -> None:
    path = db
    async with Storage(path, default_starting_chips=START) as storage:
        state = await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl", prevailing="E")
        game_id = state.game_id
        assert (state.hand_no, state.number, state.table.seating.east, state.nets) == (1, 1, 0, (0, 0, 0, 0))
        await storage.set_record_card(game_id, CH, 555)

        # Hand 1: South (Bo) wins on West's (Cy's) discard; the losers enter their hands.
        losers = {0: "123m 456p 789s EEE 5z", 2: "19m 19p 19s 1234z 55z", 3: "2345678m 2345p 9s"}
        entries = {1: SeatEntry.won(OTHER_WIN, win_tile="1p", discarder=2)}
        entries |= {s: SeatEntry.lost(h) for s, h in losers.items()}
        state = await enter_all(storage, state, entries)
        assert state.preview is not None and state.problem is None
        before = state
        state = await confirm_all(storage, state)
        asked = score_request(hand=OTHER_WIN, seat=letter(before, 1), win="1p", discarder=letter(before, 2))
        values = {s: score_request(hand=h, seat=letter(before, s)).total for s, h in losers.items()}
        first = expected_nets(before, 1, dict(asked.pays or ()), values)
        assert list(state.booked[0].nets) == first and list(state.nets) == first
        assert (state.hand_no, state.number, state.table.seating.east) == (2, 2, 1)  # East moved on

    # A restart in the middle of hand 2: two entries in, the rest after.
    async with Storage(path, default_starting_chips=START) as storage:
        (state,) = await storage.live_records(G)
        assert (state.card_channel_id, state.card_message_id, state.nets) == (CH, 555, tuple(first))
        entries = {0: SeatEntry.won(WIN, win_tile="9p", self_drawn=True), 1: SeatEntry.lost(points=8)}
        state = await enter_all(storage, state, entries)

    async with Storage(path, default_starting_chips=START) as storage:
        state = await storage.load_record(game_id)
        assert sorted(state.entries) == [0, 1] and state.missing == (2, 3)
        state = await enter_all(storage, state, {2: SeatEntry.lost(points=4), 3: SeatEntry.lost(points=0)})
        before = state
        state = await confirm_all(storage, state)
        asked = score_request(hand=WIN, seat=letter(before, 0), win="9p", self_drawn=True)
        second = expected_nets(before, 0, dict(asked.pays or ()), {1: 8, 2: 4, 3: 0})
        assert list(state.booked[1].nets) == second
        assert state.table.seating.east == 2  # West's player (Ada, not East) won: East moves on

        # Hand 3 drawn: nothing paid in dmjl, East stays.
        state = await enter_all(storage, state, {s: SeatEntry.drawn() for s in range(4)})
        state = await confirm_all(storage, state)
        assert state.booked[2].payments == () and state.booked[2].winner is None
        assert state.table.seating.east == 2

        # Hand 4 is booked, then undone: a reversing transaction, the hand kept and marked.
        hand4 = {3: SeatEntry.won(WIN, win_tile="9p", discarder=1)} | {
            s: SeatEntry.lost(points=2 * s) for s in (0, 1, 2)
        }
        state = await confirm_all(storage, await enter_all(storage, state, hand4))
        assert state.table.seating.east == 3
        state = await storage.undo_last_hand(game_id, by=ADA, reason="Di had a wrong tile")
        undone = state.booked[3]
        assert undone.reversed and undone.reversed_reason == "Di had a wrong tile"
        assert list(state.nets) == [a + b for a, b in zip(first, second, strict=True)]
        assert state.table.seating.east == 2 and state.number == 4  # the seating went back
        reasons = [reason for _, reason in await hand_transactions(storage, game_id)]
        assert len(reasons) == 4 and reasons[-1].startswith("undo of game") and f"user {ADA}" in reasons[-1]

        # The hand played again, then the end.
        state = await confirm_all(storage, await enter_all(storage, state, hand4))
        fourth = list(state.booked[-1].nets)
        state = await storage.end_record(game_id, by=BO)
        assert state.status == "finished" and state.hand_no is None
        totals = [a + b + c for a, b, c in zip(first, second, fourth, strict=True)]
        assert list(state.nets) == totals
        assert await balances(storage, MEMBERS) == [START + n for n in totals]
        assert sum(await balances(storage, MEMBERS)) == 4 * START
        assert (await storage.check_ledger()).ok
        summaries = await storage.hand_summaries([game_id])
        assert summaries[game_id][1].winner == 1 and summaries[game_id][1].discarder == 2
        assert summaries[game_id][2].self_drawn and summaries[game_id][3].winner is None
        assert await storage.live_records(G) == []


async def test_two_confirmations_at_once_book_the_hand_once(storage: Storage) -> None:
    state = await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl")
    entries = {1: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        s: SeatEntry.lost(points=s) for s in (0, 2, 3)
    }
    state = await enter_all(storage, state, entries)
    for member in MEMBERS[:3]:
        await storage.confirm_hand(state.game_id, 1, member)
    outcomes = await asyncio.gather(
        storage.confirm_hand(state.game_id, 1, DI),
        storage.confirm_hand(state.game_id, 1, ED, for_table=True),
        storage.confirm_hand(state.game_id, 1, DI),
        return_exceptions=True,
    )
    booked = [o for o in outcomes if not isinstance(o, BaseException) and o.booked is not None]
    refused = [o for o in outcomes if isinstance(o, RecordError)]
    assert len(booked) == 1 and len(refused) == 2
    assert {e.code for e in refused} == {"record_hand_booked"}
    assert len(await hand_transactions(storage, state.game_id)) == 1
    assert sum(await balances(storage, MEMBERS)) == 4 * START
    # the card of the booked hand, clicked again after a restart, books nothing either
    with pytest.raises(RecordError) as err:
        await storage.confirm_hand(state.game_id, 1, ADA)
    assert err.value.code == "record_hand_booked"


async def test_an_admin_confirms_for_the_table_and_a_changed_entry_clears_the_confirmations(
    storage: Storage,
) -> None:
    state = await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl")
    entries = {1: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        s: SeatEntry.lost(points=s) for s in (0, 2, 3)
    }
    state = await enter_all(storage, state, entries)
    state = (await storage.confirm_hand(state.game_id, 1, ADA)).state
    state = (await storage.confirm_hand(state.game_id, 1, BO)).state
    assert state.confirmed == {0, 1} and state.unconfirmed == (2, 3)
    # Ada enters for Di (marked), which clears every confirmation
    state = await storage.enter_hand(state.game_id, 1, DI, SeatEntry.lost(points=6), by=ADA)
    assert state.confirmed == frozenset() and state.entries[3].by_other and not state.entries[0].by_other
    with pytest.raises(RecordError) as err:
        await storage.confirm_hand(state.game_id, 1, ED)
    assert err.value.code == "record_not_seated"
    done = await storage.confirm_hand(state.game_id, 1, ED, for_table=True)
    assert done.booked is not None and done.transaction is not None
    assert done.state.booked[0].values == (0, 76, 2, 6)


async def test_bad_input_is_refused_in_the_readers_language_and_nothing_is_booked(storage: Storage) -> None:
    state = await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl")
    game_id = state.game_id

    async def refused(call: object) -> MahjongError:
        with pytest.raises(MahjongError) as err:
            await call  # type: ignore[misc]
        return err.value

    # a hand that does not match the ruleset (not a winning hand; a flower huabao does not have)
    err = await refused(
        storage.enter_hand(
            game_id, 1, BO, SeatEntry.won("123m 456m 789m 555z 1p 3p", win_tile="3p", self_drawn=True), by=BO
        )
    )
    assert isinstance(err, EntryError) and err.code == "record_not_a_win"
    assert "gewinnt nach diesen Regeln nicht" in engine_error(err, "de")
    # a member not at the table
    err = await refused(storage.enter_hand(game_id, 1, ED, SeatEntry.lost(points=2), by=ED))
    assert err.code == "record_not_seated"
    assert engine_error(err, "en") == f"<@{ED}> is not at this table."
    assert (await storage.load_record(game_id)).entries == {}

    entries = {1: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        s: SeatEntry.lost(points=s) for s in (0, 2)
    }
    state = await enter_all(storage, state, entries)
    err = await refused(storage.confirm_hand(game_id, 1, ADA))
    assert err.code == "record_incomplete" and "1" in engine_error(err, "en")
    state = await enter_all(storage, state, {3: SeatEntry.lost(points=0)})
    await storage.confirm_hand(game_id, 1, ADA)
    # confirming twice
    err = await refused(storage.confirm_hand(game_id, 1, ADA))
    assert (
        err.code == "record_confirmed_twice"
        and engine_error(err, "de") == "Du hast diese Hand schon bestätigt."
    )
    await confirm_all_but(storage, game_id, 1, skip=ADA)
    # entering after the hand was booked
    err = await refused(storage.enter_hand(game_id, 1, CY, SeatEntry.lost(points=4), by=CY))
    assert err.code == "record_hand_booked"
    # two winners where one may win: every entry is in, the preview says why it does not settle
    state = await enter_all(
        storage,
        await storage.load_record(game_id),
        {
            0: SeatEntry.won(WIN, win_tile="9p", discarder=2),
            1: SeatEntry.won(OTHER_WIN, win_tile="1p", discarder=2),
            2: SeatEntry.lost(points=0),
            3: SeatEntry.lost(points=0),
        },
    )
    assert (
        state.preview is None and state.problem is not None and state.problem.code == "record_several_winners"
    )
    err = await refused(storage.confirm_hand(game_id, 2, ADA))
    assert err.code == "record_several_winners"
    assert (await storage.load_record(game_id)).confirmed == frozenset()
    assert len(await hand_transactions(storage, game_id)) == 1  # the first hand only
    assert sum(await balances(storage, MEMBERS)) == 4 * START


async def confirm_all_but(storage: Storage, game_id: int, hand_no: int, *, skip: int) -> None:
    for member in MEMBERS:
        if member != skip:
            await storage.confirm_hand(game_id, hand_no, member)


async def test_who_may_sit_and_how_many(storage: Storage) -> None:
    with pytest.raises(RecordError) as err:
        await storage.open_record(G, CH, MEMBERS[:3], opened_by=ADA, ruleset="dmjl")
    assert err.value.code == "record_seat_count" and engine_error(err.value, "en") == (
        "These rules are played by 4 players, not 3."
    )
    with pytest.raises(RecordError) as err:
        await storage.open_record(G, CH, [ADA, ADA, BO, CY], opened_by=ADA, ruleset="dmjl")
    assert err.value.code == "record_seat_twice"
    first = await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl")
    with pytest.raises(RecordError) as err:
        await storage.open_record(G, CH + 1, [ED, 16, 17, DI], opened_by=ED, ruleset="dmjl")
    assert err.value.code == "record_member_busy" and err.value.values["mention"] == f"<@{DI}>"
    # several records may be live in one channel, beside its Discord game
    await storage.create_game(G, CH, [21, 22, "ai:easy", "ai:easy"], 5)
    second = await storage.open_record(G, CH, [ED, 16, 17, 18], opened_by=ED, ruleset="dmjl")
    assert [r.game_id for r in await storage.live_records(G, channel_id=CH)] == [
        first.game_id,
        second.game_id,
    ]
    assert [r.game_id for r in await storage.live_records(member=17)] == [second.game_id]
    assert [g.kind for g in await storage.load_unfinished_games()] == [
        "discord"
    ]  # a restart replays no record
    # the channel's rules and house rules by default
    await storage.set_ruleset(G, "huabao", channel_id=CH + 2)
    await storage.set_house_rule(G, "limit", 1000, channel_id=CH + 2)
    third = await storage.open_record(G, CH + 2, [31, 32, 33, 34], opened_by=31, prevailing=Wind.WEST)
    assert (third.ruleset, dict(third.overrides), third.table.seating.prevailing) == (
        "huabao",
        {"limit": 1000},
        Wind.WEST,
    )
    # an ended record frees its members, and nothing is entered into it any more
    await storage.end_record(first.game_id, by=ADA)
    ended = await storage.load_record(first.game_id)
    assert ended.status == "abandoned"  # no hand was played: nobody is rated
    with pytest.raises(RecordError) as err:
        await storage.enter_hand(first.game_id, 1, ADA, SeatEntry.lost(points=1), by=ADA)
    assert err.value.code == "record_ended"
    assert (await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl")).status == "live"


async def test_undo_end_and_the_games_length(storage: Storage) -> None:
    state = await storage.open_record(
        G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl", overrides={"game_length": "hands:1"}
    )
    with pytest.raises(RecordError) as err:
        await storage.undo_last_hand(state.game_id, by=ADA)
    assert err.value.code == "record_nothing_to_undo"
    entries = {2: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        s: SeatEntry.lost(points=0) for s in (0, 1, 3)
    }
    state = await enter_all(storage, state, entries)
    with pytest.raises(RecordError) as err:
        await storage.end_record(state.game_id, by=ADA)
    assert err.value.code == "record_entries_pending"
    state = await confirm_all(storage, state)
    assert state.over
    with pytest.raises(RecordError) as err:
        await storage.enter_hand(state.game_id, 2, ADA, SeatEntry.lost(points=1), by=ADA)
    assert err.value.code == "record_game_over"
    state = await storage.undo_last_hand(state.game_id, by=BO)
    assert not state.over and state.nets == (0, 0, 0, 0)
    assert await balances(storage, MEMBERS) == [START] * 4
    state = await confirm_all(storage, await enter_all(storage, state, entries))
    state = await storage.end_record(state.game_id, by=ADA)
    assert state.status == "finished" and [b.reversed for b in state.booked] == [True, False]
    assert sum(await balances(storage, MEMBERS)) == 4 * START and (await storage.check_ledger()).ok


async def test_a_rumisberg_evening_of_three_with_a_bouquet(storage: Storage) -> None:
    three = [ADA, BO, CY]
    state = await storage.open_record(
        G, CH, three, opened_by=ADA, ruleset="rumisberg", overrides={"players": 3}
    )
    rules = state.settings
    won = "111m 999p 777s [555z] 11p"
    # East (Ada) wins on South's discard with all four flowers: a bouquet; the losers just lost.
    entries = {
        0: SeatEntry.won(won + " 1f 2f 3f 4f", win_tile="1p", discarder=1),
        1: SeatEntry.lost(),
        2: SeatEntry.lost(),
    }
    before = await enter_all(storage, state, entries)
    state = await confirm_all(storage, before)
    asked = score_request(
        hand=won + " 1f 2f 3f 4f",
        ruleset="rumisberg",
        seat="E",
        win="1p",
        discarder="S",
        settings={"players": 3},
    )
    pays = dict(asked.pays or ())
    bouquet = rules.bouquet_payment
    assert list(state.nets) == [
        2 * bouquet + pays["S"] + pays["W"],
        -bouquet - pays["S"],
        -bouquet - pays["W"],
    ]
    assert [p.reason for p in state.booked[0].payments].count("bouquet") == 2
    assert state.table.seating.east == 1  # after every scored game
    # a drawn hand: a Gulasch next, whose winner takes the stakes
    state = await confirm_all(
        storage, await enter_all(storage, state, {s: SeatEntry.drawn() for s in range(3)})
    )
    assert state.table.gulasch and len(state.table.centre) == 3
    state = await confirm_all(
        storage,
        await enter_all(
            storage,
            state,
            {2: SeatEntry.won(won, win_tile="1p", self_drawn=True), 0: SeatEntry.lost(), 1: SeatEntry.lost()},
        ),
    )
    assert [p.reason for p in state.booked[-1].payments].count("gulasch") == 2
    await storage.end_record(state.game_id, by=ADA)
    assert sum(await balances(storage, three)) == 3 * START and (await storage.check_ledger()).ok


async def test_an_entry_taken_back_clears_the_confirmations_and_cannot_be_taken_back_twice(
    storage: Storage,
) -> None:
    state = await storage.open_record(G, CH, MEMBERS, opened_by=ADA, ruleset="dmjl")
    entries = {1: SeatEntry.won(WIN, win_tile="9p", self_drawn=True)} | {
        s: SeatEntry.lost(points=s) for s in (0, 2, 3)
    }
    state = await enter_all(storage, state, entries)
    state = (await storage.confirm_hand(state.game_id, 1, ADA)).state
    assert state.confirmed == {0}
    state = await storage.withdraw_entry(state.game_id, 1, CY, by=CY)
    assert sorted(state.entries) == [0, 1, 3] and state.missing == (2,)
    assert state.confirmed == frozenset() and state.preview is None
    with pytest.raises(RecordError) as err:
        await storage.withdraw_entry(state.game_id, 1, CY, by=CY)
    assert err.value.code == "record_no_entry"
    with pytest.raises(RecordError) as err:
        await storage.withdraw_entry(state.game_id, 1, ED, by=ED)
    assert err.value.code == "record_not_seated"
    # entered again, it books as if never taken back
    state = await enter_all(storage, state, {2: SeatEntry.lost(points=2)})
    assert (await storage.load_record(state.game_id)).missing == ()
    await confirm_all(storage, state)
    assert len(await hand_transactions(storage, state.game_id)) == 1
    assert sum(await balances(storage, MEMBERS)) == 4 * START
