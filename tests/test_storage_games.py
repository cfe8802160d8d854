"""Games and hands: the action log, its order, restore after a restart, concurrency, export."""

from __future__ import annotations

import asyncio
import csv
import io
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from storage_support import FoldedGame, fold

from bot.storage import (
    ActionOrderError,
    GameRecord,
    GameStateError,
    NotFoundError,
    Payment,
    Storage,
    StorageInputError,
)
from engine.errors import SettingError
from engine.rulesets import get_ruleset

G, CH = 1, 10
SEATS = [11, 12, "ai:normal", "ai:easy"]


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    async with Storage(db) as s:
        yield s


async def test_a_game_fixes_the_channels_rules_seats_and_seed(storage: Storage) -> None:
    await storage.set_ruleset(G, "huabao", channel_id=CH)
    await storage.set_house_rule(G, "limit", 1000)
    game = await storage.create_game(G, CH, SEATS, 2**63 - 1, actor_id=11)
    settings = get_ruleset("huabao").settings({"limit": 1000})
    assert (game.ruleset, dict(game.overrides), game.fingerprint) == (
        "huabao",
        {"limit": 1000},
        settings.fingerprint(),
    )
    assert (game.seats, game.seed, game.hand_no, game.status, game.actions) == (
        tuple(SEATS),
        2**63 - 1,
        1,
        "live",
        (),
    )
    assert game.settings() == settings and not game.rules_changed
    await storage.set_house_rule(G, "limit", 300)  # later changes do not touch a running game
    assert (await storage.load_game(game.game_id)).overrides == {"limit": 1000}


async def test_explicit_rules_are_checked_by_the_engine(storage: Storage) -> None:
    game = await storage.create_game(G, CH, SEATS, 1, ruleset="dmjl", overrides={"seven_pairs": "yes"})
    assert game.overrides == {"seven_pairs": True}
    with pytest.raises(SettingError, match="there is no setting 'nope'"):
        await storage.create_game(G, CH + 1, SEATS, 1, ruleset="dmjl", overrides={"nope": 1})
    with pytest.raises(StorageInputError, match="need its ruleset too"):
        await storage.create_game(G, CH + 2, SEATS, 1, overrides={"limit": 300})
    with pytest.raises(StorageInputError, match="huabao is played by 4 players: a game needs 4 seats, not 3"):
        await storage.create_game(G, CH + 3, SEATS[:3], 1, ruleset="huabao", overrides={"limit": 300})
    assert [g.game_id for g in await storage.load_unfinished_games()] == [game.game_id]


@pytest.mark.parametrize(
    ("seats", "seed", "message"),
    [
        ([11], 1, "dmjl is played by 4 players: a game needs 4 seats, not 1"),
        ([11, 12], 1, "needs 4 seats, not 2"),  # the engine could not replay these
        ([11, 12, "ai:easy"], 1, "needs 4 seats, not 3"),
        ([11, 12, 13, 14, 15], 1, "at most 4 seats, not 5"),
        ([11, 11, 12, 13], 1, "only one seat"),
        ([11, "robot", 12, 13], 1, "ai:<level>, like ai:normal"),
        ([11, 0, 12, 13], 1, "positive whole number"),
        (SEATS, -1, "seed must be"),
        (SEATS, 2**63, "seed must be"),
    ],
)
async def test_bad_games_are_refused(
    storage: Storage, seats: list[int | str], seed: int, message: str
) -> None:
    with pytest.raises(StorageInputError, match=message):
        await storage.create_game(G, CH, seats, seed)
    assert await storage.load_unfinished_games() == []


async def test_one_live_game_per_channel(storage: Storage) -> None:
    game = await storage.create_game(G, CH, SEATS, 1)
    with pytest.raises(GameStateError, match="already has a live game"):
        await storage.create_game(G, CH, SEATS, 2)
    await storage.end_game(game.game_id, abandoned=True, reason="left")
    await storage.create_game(G, CH, SEATS, 2)


async def test_actions_are_stored_in_order_and_out_of_order_appends_refused(storage: Storage) -> None:
    game = await storage.create_game(G, CH, SEATS, 1)
    for seq, action in enumerate(["E discard 5p", "S pong", "S discard 1z"], start=1):
        await storage.append_action(game.game_id, 1, seq, action)
    with pytest.raises(ActionOrderError, match="action 3 of game 1 hand 1 is out of order: the next is 4"):
        await storage.append_action(game.game_id, 1, 3, "W chow 345p")  # a second writer, too late
    with pytest.raises(ActionOrderError, match="the next is 4"):
        await storage.append_action(game.game_id, 1, 5, "W chow 345p")  # a gap
    with pytest.raises(GameStateError, match="playing hand 1, not hand 2"):
        await storage.append_action(game.game_id, 2, 1, "E discard 1m")
    with pytest.raises(NotFoundError, match="no game 99"):
        await storage.append_action(99, 1, 1, "E discard 1m")
    for bad in ("", "   ", "E discard\n5p", "x" * 201):
        with pytest.raises(StorageInputError):
            await storage.append_action(game.game_id, 1, 4, bad)
    assert (await storage.load_game(game.game_id)).actions == ("E discard 5p", "S pong", "S discard 1z")


async def test_hands_finish_then_the_next_starts(storage: Storage) -> None:
    game = await storage.create_game(G, CH, SEATS, 1)
    await storage.append_action(game.game_id, 1, 1, "E discard 5p")
    with pytest.raises(ActionOrderError, match="has 1 actions stored, not 2"):
        await storage.finish_hand(game.game_id, 1, result="r", last_seq=2)
    with pytest.raises(GameStateError, match="is not finished"):
        await storage.start_hand(game.game_id, 2)
    with pytest.raises(GameStateError, match="in play; finish it or abandon"):
        await storage.end_game(game.game_id)
    await storage.finish_hand(game.game_id, 1, result="S wins", payments=[Payment(0, 1, 8)], last_seq=1)
    with pytest.raises(GameStateError, match="is finished; start the next hand"):
        await storage.append_action(game.game_id, 1, 2, "E discard 5p")
    with pytest.raises(GameStateError, match="the next is 2, not 3"):
        await storage.start_hand(game.game_id, 3)
    await storage.start_hand(game.game_id, 2)
    with pytest.raises(GameStateError, match="the next is 3, not 2"):
        await storage.start_hand(game.game_id, 2)  # two writers starting the same hand
    await storage.append_action(game.game_id, 2, 1, "E discard 9s")
    record = await storage.load_game(game.game_id)
    assert [(h.hand_no, h.actions, h.result, h.payments) for h in record.hands] == [
        (1, ("E discard 5p",), "S wins", (Payment(0, 1, 8),)),
        (2, ("E discard 9s",), None, ()),
    ]
    assert (record.hand_no, record.actions) == (2, ("E discard 9s",))
    await storage.finish_hand(game.game_id, 2, result="draw")
    await storage.end_game(game.game_id, reason="four rounds")
    assert await storage.load_unfinished_games() == []
    with pytest.raises(GameStateError, match="is finished"):
        await storage.append_action(game.game_id, 2, 2, "x")
    with pytest.raises(GameStateError, match="already finished"):
        await storage.end_game(game.game_id)


async def _play(storage: Storage, game: GameRecord, rng: random.Random, hands: int) -> None:
    for hand_no in range(1, hands + 1):
        if hand_no > 1:
            await storage.start_hand(game.game_id, hand_no)
        for seq in range(1, rng.randint(1, 30)):
            await storage.append_action(
                game.game_id, hand_no, seq, f"{'ESWN'[seq % 4]} discard {rng.randint(1, 9)}p"
            )
        if hand_no < hands:
            winner = rng.randrange(4)
            payments = [Payment(p, winner, rng.randint(1, 99)) for p in range(4) if p != winner]
            await storage.finish_hand(game.game_id, hand_no, result=f"winner {winner}", payments=payments)


async def test_a_restored_game_equals_the_game_before_the_restart(db: Path | str) -> None:
    path, rng = db, random.Random(7)
    before: dict[int, FoldedGame] = {}
    async with Storage(path) as storage:
        for channel in range(1, 6):
            game = await storage.create_game(
                G, channel, [100 + channel, "ai:easy", "ai:normal", "ai:hard"], channel
            )
            await _play(storage, game, rng, hands=rng.randint(1, 4))
            before[game.game_id] = fold(await storage.load_game(game.game_id))
        finished = await storage.create_game(G, 99, SEATS, 9)
        await storage.end_game(finished.game_id, abandoned=True)
    async with Storage(path) as storage:  # the restart
        result = await storage.restore_unfinished_games(fold)
        assert result.games == before and not result.failed
        assert all(result.records[i].game_id == i for i in before)
        game_id = next(iter(before))  # and a restored game plays on
        record = result.records[game_id]
        await storage.append_action(game_id, record.hand_no, len(record.actions) + 1, "N mahjong")
        assert (await storage.load_game(game_id)).actions[-1] == "N mahjong"


async def test_a_game_whose_rebuild_fails_is_reported_and_kept(storage: Storage) -> None:
    good = await storage.create_game(G, 1, SEATS, 1)
    bad = await storage.create_game(G, 2, SEATS, 2)
    await storage.append_action(bad.game_id, 1, 1, "E explode")

    def rebuild(record: GameRecord) -> FoldedGame:
        if "E explode" in record.actions:
            raise ValueError("illegal action")
        return fold(record)

    result = await storage.restore_unfinished_games(rebuild)
    assert list(result.games) == [good.game_id] and list(result.failed) == [bad.game_id]
    assert str(result.failed[bad.game_id]) == "illegal action"
    assert [g.game_id for g in await storage.load_unfinished_games()] == [good.game_id, bad.game_id]


async def test_many_tables_appending_at_once_lose_and_mix_nothing(storage: Storage) -> None:
    tables, actions = 24, 40
    games = [
        await storage.create_game(G, 1000 + t, [1 + t, "ai:easy", "ai:easy", "ai:easy"], t)
        for t in range(tables)
    ]

    async def table(game: GameRecord) -> None:
        for seq in range(1, actions + 1):
            await storage.append_action(game.game_id, 1, seq, f"game {game.game_id} action {seq}")
            if seq % 7 == 0:
                await asyncio.sleep(0)

    async def racer(game: GameRecord, name: str, won: list[str]) -> int:
        """One of two writers on one table, each appending what it thinks is the next action."""
        refused = 0
        for attempt in range(actions):
            record = await storage.load_game(game.game_id)
            await asyncio.sleep(0)  # let the other writer read the same log
            try:
                await storage.append_action(game.game_id, 1, len(record.actions) + 1, f"{name} {attempt}")
                won.append(f"{name} {attempt}")
            except ActionOrderError:
                refused += 1
        return refused

    raced, won = games[0], []
    results = await asyncio.gather(
        *(table(g) for g in games[1:]), racer(raced, "a", won), racer(raced, "b", won)
    )
    for game in games[1:]:
        assert (await storage.load_game(game.game_id)).actions == tuple(
            f"game {game.game_id} action {seq}" for seq in range(1, actions + 1)
        )
    # Two writers on one table: every append either landed once, in order, or was refused.
    log = (await storage.load_game(raced.game_id)).actions
    assert results[-2] + results[-1] > 0, "the writers never raced"
    assert len(log) + results[-2] + results[-1] == 2 * actions
    assert sorted(log) == sorted(won)
    for name in "ab":
        mine = [a for a in log if a.startswith(name)]
        assert mine == sorted(mine, key=lambda a: int(a.split()[1]))
    assert await storage.integrity_check() == "ok"


async def test_hand_history_csv_export(storage: Storage) -> None:
    game = await storage.create_game(G, CH, SEATS, 1)
    await storage.append_action(game.game_id, 1, 1, "E discard 1m")
    await storage.finish_hand(
        game.game_id, 1, result="=HYPERLINK()", payments=[Payment(1, 0, 30), Payment(2, 0, 30)]
    )
    await storage.start_hand(game.game_id, 2)
    await storage.finish_hand(game.game_id, 2, result="draw")
    export = await storage.export_hands_csv(G)
    rows = list(csv.DictReader(io.StringIO(export.text)))
    assert export.filename == "hands-1-season-1.csv"
    assert [(r["hand_no"], r["actions"], r["net0"], r["net1"], r["net2"], r["net3"]) for r in rows] == [
        ("1", "1", "60", "-30", "-30", "0"),
        ("2", "0", "0", "0", "0", "0"),
    ]
    assert (rows[0]["seat0"], rows[0]["seat2"], rows[0]["result"]) == ("11", "ai:normal", "'=HYPERLINK()")
    assert rows[0]["txn_id"] and not rows[1]["txn_id"]
    await storage.new_season(G, starting_chips=0)
    assert list(csv.DictReader(io.StringIO((await storage.export_hands_csv(G)).text))) == []
    assert len(list(csv.DictReader(io.StringIO((await storage.export_hands_csv(G, season=1)).text)))) == 2


async def test_a_hand_booked_from_two_storages_at_once_is_booked_once(db: Path | str) -> None:
    """Two Storage objects on one database (two bot processes' worth) both book the same hand's
    result (finish_hand with the same last_seq): one books it, the other gets the storage's
    refusal; the ledger holds one transaction for the hand and its payments once."""
    pairs = [("one", "one"), ("one", "two"), ("two", "one"), ("two", "two")]
    payments = [Payment(1, 0, 30), Payment(2, 0, 30), Payment(3, 0, 30)]
    async with Storage(db) as one, Storage(db) as two:
        by_name = {"one": one, "two": two}
        game = await one.create_game(G, CH, SEATS, 5)
        start = await one.balance(G, 11)
        for hand_no, (first, second) in enumerate(pairs, start=1):
            if hand_no > 1:
                await by_name[second].start_hand(game.game_id, hand_no)
            for seq in range(1, 4):
                await by_name[first].append_action(game.game_id, hand_no, seq, f"E discard {seq}p")
            last = hand_no == len(pairs)
            results = await asyncio.gather(
                *(
                    by_name[name].finish_hand(
                        game.game_id, hand_no, result="E wins", payments=payments, last_seq=3, ends_game=last
                    )
                    for name in (first, second)
                ),
                return_exceptions=True,
            )
            booked = [r for r in results if not isinstance(r, BaseException)]
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(booked) == 1 and booked[0] is not None, results
            assert len(refused) == 1 and isinstance(refused[0], GameStateError), results
            assert re.search(r"already finished|is finished", str(refused[0])), refused[0]
        for reader in (one, two):
            hands = [t for t in await reader.transactions(G, limit=1000) if t.kind == "hand"]
            assert sorted((t.game_id, t.hand_no) for t in hands) == [
                (game.game_id, n) for n in range(1, len(pairs) + 1)
            ]
            record = await reader.load_game(game.game_id)
            assert record.status == "finished"
            assert [h.payments for h in record.hands] == [tuple(payments)] * len(pairs)
            assert await reader.balance(G, 11) == start + 90 * len(pairs)
            assert (await reader.check_ledger(G)).ok


async def test_two_storages_opening_a_game_at_one_table_at_once_open_one(db: Path | str) -> None:
    """Two processes' Storage objects start a game at the same channel at once: one game is
    stored, the other call is refused with GameStateError naming it (not a constraint error)."""
    async with Storage(db) as one, Storage(db) as two:
        for channel in range(20, 26):
            results = await asyncio.gather(
                one.create_game(G, channel, SEATS, 1),
                two.create_game(G, channel, SEATS, 2),
                return_exceptions=True,
            )
            made = [r for r in results if isinstance(r, GameRecord)]
            refused = [r for r in results if not isinstance(r, GameRecord)]
            assert len(made) == 1 and len(refused) == 1, results
            assert isinstance(refused[0], GameStateError), refused
            assert str(refused[0]) == f"channel {channel} already has a live game ({made[0].game_id})"
        for reader in (one, two):
            live = await reader.load_unfinished_games()
            assert sorted(g.channel_id for g in live) == list(range(20, 26))
