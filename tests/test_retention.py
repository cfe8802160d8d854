"""Retention (issue 26 item 10): the move logs of games that ended more than
``MAHJONG_KEEP_LOGS_DAYS`` ago are pruned; the games, their hands' results, payments and
summaries, and the ledger stay, so ``/stats``, ``/chips history``, the standings and the exports
read the same. A live game and a recent one keep their logs; a pruning is one transaction and
pruning again changes nothing. The bytes saved per hand are measured by ``python -m bench
retention`` (figures, not a timed test)."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from discord_harness import FakeDiscord, Harness, StoredMessage
from test_bot_discord import CHANNEL, GUILD, OTHER_CHANNEL, config, guilds, open_table, play_hand

from bot.app import MahjongBot, create_bot
from bot.clock import ManualClock
from bot.config import BotConfig, ConfigError
from bot.retention import PRUNE_EVERY_SECONDS, keep_pruning, prune_logs
from bot.storage import HandSummary, Payment, Storage, StorageError, StorageInputError
from bot.storage.errors import ConstraintError
from bot.storage.retention import PrunedLogs
from bot.storage.sql import Db
from bot.table import seed_source

DAY = 86_400
START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


@dataclass
class Now:
    """The storage's clock, moved by the test."""

    moment: datetime = START

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, days: float) -> None:
        self.moment += timedelta(days=days)


@pytest.fixture
async def stored(db: Path | str) -> AsyncIterator[tuple[Storage, Now]]:
    """A storage on each backend (SQLite and PostgreSQL: the ``db`` fixture) and its clock."""
    now = Now()
    async with Storage(db, clock=now) as storage:
        yield storage, now


SUMMARY = HandSummary(0, self_drawn=True, win_tile="5p", values=(40, 0, 0, 0), score='{"total":40}')


async def _played_game(
    storage: Storage, channel: int, *, hands: int = 2, end: str | None = "finished", summaries: bool = True
) -> int:
    """A game in ``channel`` with ``hands`` finished hands (actions, payments, summaries) and, for
    an abandoned one, a hand in play; ended as ``end`` says (None: left live)."""
    game = await storage.create_game(GUILD, channel, [100, 200, "ai:easy", "ai:normal"], channel)
    for hand in range(1, hands + 1):
        if hand > 1:
            await storage.start_hand(game.game_id, hand)
        for seq in range(1, 4 + hand):
            await storage.append_action(game.game_id, hand, seq, f"{'ESWN'[seq % 4]} discard {seq}p")
        await storage.finish_hand(
            game.game_id,
            hand,
            result="winner=0 mahjong",
            payments=[Payment(1, 0, 10 * hand), Payment(2, 0, 5)],
            summary=SUMMARY if summaries else None,
        )
    if end == "abandoned":
        await storage.start_hand(game.game_id, hands + 1)
        await storage.append_action(game.game_id, hands + 1, 1, "E discard 1z")
    if end is not None:
        await storage.end_game(game.game_id, reason=end, abandoned=end == "abandoned")
    return game.game_id


async def _rows(storage: Storage) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table but the move log and the two columns that say it was pruned."""

    async def work(db: Db) -> dict[str, list[tuple[Any, ...]]]:
        out: dict[str, list[tuple[Any, ...]]] = {}
        catalogue = (
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            if db.dialect == "sqlite"
            else "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
        tables = [r[0] for r in await db.fetchall(catalogue)]
        for table in tables:
            if table == "actions":
                continue
            rows = await db.fetchall(f"SELECT * FROM {table}")
            out[table] = sorted(
                tuple(
                    v
                    for n, v in zip(row.keys(), row, strict=True)
                    if n not in ("log_pruned_at", "pruned_actions")
                )
                for row in rows
            )
        return out

    return await storage._read(work)


async def _logs(storage: Storage, *game_ids: int) -> dict[int, dict[int, tuple[str, ...]]]:
    return await storage.game_logs(game_ids)


async def _reads(storage: Storage) -> tuple[object, ...]:
    """What /stats, /chips history, the standings and the exports read from storage."""
    return (
        await storage.played_games(GUILD),
        await storage.played_games(GUILD, channel_id=10),
        await storage.chip_history(GUILD, 100),
        await storage.chip_history(GUILD, 200),
        await storage.transactions(GUILD),
        await storage.standings(GUILD),
        await storage.export_ledger_csv(GUILD),
        await storage.export_hands_csv(GUILD),
        await storage.check_ledger(GUILD),
    )


# ------------------------------------------------------------------ storage


async def test_only_the_logs_of_games_that_ended_before_the_cutoff_are_pruned(
    stored: tuple[Storage, Now],
) -> None:
    storage, now = stored
    old = await _played_game(storage, 10)
    dropped = await _played_game(storage, 11, end="abandoned")
    live = await _played_game(storage, 12, end=None)  # live since the start: never pruned
    now.advance(40)
    recent = await _played_game(storage, 13)
    now.advance(5)
    logs = await _logs(storage, old, dropped, live, recent)
    assert all(logs[g] for g in (old, dropped, live, recent))
    rows, reads = await _rows(storage), await _reads(storage)
    unfinished = await storage.load_unfinished_games()

    pruned = await storage.prune_game_logs(now.moment - timedelta(days=30))

    assert pruned == PrunedLogs(
        games=2, hands=2 + 3, actions=sum(len(a) for g in (old, dropped) for a in logs[g].values())
    )
    after = await _logs(storage, old, dropped, live, recent)
    assert after == {old: {}, dropped: {}, live: logs[live], recent: logs[recent]}
    # Nothing else changed: every other row, and everything /stats, /chips and the exports read.
    assert await _rows(storage) == rows
    assert await _reads(storage) == reads
    assert await storage.load_unfinished_games() == unfinished
    # The record says the log was pruned, and when; the others say it is whole.
    assert (await storage.load_game(old)).log_pruned_at == "2026-02-15T12:00:00.000000Z"
    assert [(await storage.load_game(g)).log_pruned_at for g in (live, recent)] == [None, None]
    assert (await storage.check_ledger()).ok
    assert await storage.integrity_check() == "ok"


async def test_pruning_twice_changes_nothing(stored: tuple[Storage, Now]) -> None:
    storage, now = stored
    for channel in (10, 11, 12):
        await _played_game(storage, channel)
    now.advance(400)
    cutoff = now.moment - timedelta(days=365)
    assert (await storage.prune_game_logs(cutoff, max_games=2)).games == 2  # the oldest two
    assert (await storage.prune_game_logs(cutoff, max_games=2)).games == 1
    rows = await _rows(storage)
    assert await storage.prune_game_logs(cutoff) == PrunedLogs()
    assert await _rows(storage) == rows


async def test_a_pruning_is_one_transaction(stored: tuple[Storage, Now]) -> None:
    storage, now = stored
    first, second = await _played_game(storage, 10), await _played_game(storage, 11)
    now.advance(400)
    logs = await _logs(storage, first, second)

    async def refuse(db: Db) -> None:  # the second game's delete fails midway
        if db.dialect == "sqlite":
            await db.execute(
                f"CREATE TRIGGER refuse BEFORE DELETE ON actions WHEN old.game_id = {int(second)} "
                "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
            )
            return
        await db.execute(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'disk full' USING ERRCODE = 'check_violation'; END $$"
        )
        await db.execute(
            "CREATE TRIGGER refuse BEFORE DELETE ON actions FOR EACH ROW "
            f"WHEN (old.game_id = {int(second)}) EXECUTE FUNCTION refuse()"
        )

    await storage._write(refuse)
    with pytest.raises(ConstraintError, match="disk full"):
        await storage.prune_game_logs(now.moment)
    # Nothing of it stayed: the first game's log, and no hand or game marked as pruned.
    assert await _logs(storage, first, second) == logs
    records = [await storage.load_game(g) for g in (first, second)]
    assert [r.log_pruned_at for r in records] == [None, None]

    async def marked(db: Db) -> list[Any]:
        return await db.fetchall("SELECT pruned_actions FROM hands WHERE pruned_actions IS NOT NULL")

    assert await storage._read(marked) == []
    hands_csv = (await storage.export_hands_csv(GUILD)).text
    assert [r["actions"] for r in csv.DictReader(io.StringIO(hands_csv))] == ["4", "5", "4", "5"]

    async def allow(db: Db) -> None:
        await db.execute("DROP TRIGGER refuse" + (" ON actions" if db.dialect == "postgres" else ""))

    await storage._write(allow)
    assert (await storage.prune_game_logs(now.moment)).games == 2
    assert (await storage.export_hands_csv(GUILD)).text == hands_csv  # the counts were kept


async def test_a_game_with_a_hand_without_summary_waits_for_it(stored: tuple[Storage, Now]) -> None:
    storage, now = stored
    old = await _played_game(storage, 10, summaries=False)  # finished before summaries were kept
    now.advance(400)
    (lacking,) = await storage.unsummarized_ended_games(now.moment)
    assert (lacking.game_id, lacking.guild_id, lacking.channel_id) == (old, GUILD, 10)
    assert await storage.prune_game_logs(now.moment) == PrunedLogs()
    assert (await _logs(storage, old))[old]
    await storage.keep_hand_summaries({(old, 1): SUMMARY, (old, 2): SUMMARY})
    assert await storage.unsummarized_ended_games(now.moment) == []
    assert (await storage.prune_game_logs(now.moment)).games == 1


@pytest.mark.parametrize(
    ("before", "max_games", "message"),
    [
        ("2026-01-01", 10, "ended before a datetime, not '2026-01-01'"),
        (START, 0, "1 to 500 games at a time, not 0"),
        (START, 501, "1 to 500 games at a time, not 501"),
        (START, True, "1 to 500 games at a time, not True"),
    ],
)
async def test_bad_pruning_input_is_refused_clearly(
    stored: tuple[Storage, Now], before: object, max_games: object, message: str
) -> None:
    storage, _ = stored
    with pytest.raises(StorageInputError, match=message):
        await storage.prune_game_logs(before, max_games=max_games)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the bot's part


async def test_the_bot_stores_missing_summaries_before_it_prunes(stored: tuple[Storage, Now]) -> None:
    storage, now = stored
    # A real game's log (the summaries come from its replay), finished before summaries were kept.
    from engine.game import NEXT, Game
    from engine.players import SimplePlayer

    seats: list[int | str] = [100, 200, "ai:easy", "ai:normal"]
    record = await storage.create_game(
        GUILD, 10, seats, 7, ruleset="dmjl", overrides={"game_length": "hands:2"}
    )
    game = Game("dmjl", {"game_length": "hands:2"}, 7, [str(s) for s in seats])
    player, hand, seq = SimplePlayer(), 1, 0
    while not game.finished:
        if game.deal.over:
            await storage.finish_hand(record.game_id, hand, result="over", last_seq=seq)
            game.apply(NEXT)
            hand, seq = hand + 1, 0
            await storage.start_hand(record.game_id, hand)
            continue
        position = next(p for p in range(4) if game.legal_actions(p))
        action = player.choose(game.view(position))
        game.apply(action)
        seq += 1
        await storage.append_action(record.game_id, hand, seq, game.line(action))
    await storage.finish_hand(record.game_id, hand, result="over", last_seq=seq)
    await storage.end_game(record.game_id)
    assert (await storage.hand_summaries([record.game_id]))[record.game_id] == {}
    now.advance(31)

    pruned = await prune_logs(storage, now=now.moment.timestamp(), days=30)

    assert pruned.games == 1 and (await _logs(storage, record.game_id))[record.game_id] == {}
    summaries = (await storage.hand_summaries([record.game_id]))[record.game_id]
    assert set(summaries) == {1, 2} and not any(s.error for s in summaries.values())
    assert await prune_logs(storage, now=now.moment.timestamp(), days=30) == PrunedLogs()


async def test_the_bot_prunes_a_backlog_batch_by_batch(stored: tuple[Storage, Now]) -> None:
    storage, now = stored
    games = [await _played_game(storage, channel) for channel in (10, 11, 12)]
    now.advance(31)
    games.append(await _played_game(storage, 13))  # ended just now: kept
    batches: list[PrunedLogs] = []
    real = storage.prune_game_logs

    async def counted(before: datetime, **kw: Any) -> PrunedLogs:
        batches.append(await real(before, **kw))
        return batches[-1]

    storage.prune_game_logs = counted  # type: ignore[method-assign]
    total = await prune_logs(storage, now=now.moment.timestamp(), days=30, batch=2)
    assert [b.games for b in batches] == [2, 1] and total.games == 3 and total.hands == 6
    logs = await _logs(storage, *games)
    assert [bool(logs[g]) for g in games] == [False, False, False, True]


def test_the_setting_comes_from_the_environment() -> None:
    assert BotConfig.from_env({}, env_file=None).keep_logs_days == 365
    assert BotConfig.from_env({"MAHJONG_KEEP_LOGS_DAYS": "30"}, env_file=None).keep_logs_days == 30
    assert BotConfig.from_env({"MAHJONG_KEEP_LOGS_DAYS": "0"}, env_file=None).keep_logs_days == 0
    for bad in ("-1", "1.5", "a year", "36501", "9" * 5000):
        with pytest.raises(ConfigError, match="MAHJONG_KEEP_LOGS_DAYS takes a whole number of days from 0"):
            BotConfig.from_env({"MAHJONG_KEEP_LOGS_DAYS": bad}, env_file=None)


# ------------------------------------------------------------------ through Discord


def _bot(db: Path | str, clock: ManualClock, **values: Any) -> MahjongBot:
    """The bot on ``clock``, its storage writing the times of that clock too (as in production,
    where both are the real time)."""
    storage = Storage(db, clock=lambda: datetime.fromtimestamp(clock.wall(), UTC))
    return create_bot(config(db, **values), storage=storage, clock=clock, seeds=seed_source(25))


async def _outputs(h: Harness[MahjongBot], members: list[Any]) -> list[tuple[object, ...]]:
    """What /stats (member and table) and /chips history answer, text and files."""
    out: list[tuple[object, ...]] = []
    for member in members:
        for command, options in (
            ("stats member", {"member": member.id}),
            ("chips history", {"member": member}),
        ):
            rec = await h.slash(command, user=members[0], channel=CHANNEL, options=options)
            target = rec.last.target if rec.last is not None else None
            if isinstance(target, StoredMessage):
                out.append((command, target.text, tuple((f, target.file(f)) for f in target.filenames)))
            else:
                out.append((command, rec.text))
    rec = await h.slash("stats table", user=members[0], channel=CHANNEL)
    target = rec.last.target if rec.last is not None else None
    assert isinstance(target, StoredMessage)
    out.append(("stats table", target.text))
    return out


async def _play_to_the_end(h: Harness[MahjongBot], people: list[Any], channel: int = CHANNEL) -> int:
    """Open a table in ``channel`` and play its (two-hand) game to the end; the game's id."""
    table = await open_table(h, people[0], people[1], channel=channel)
    game = table.game
    assert game is not None
    while not game.finished:
        await play_hand(h, table, people, channel)
        sheet = h.messages(channel)[-1]
        if "Next hand" in sheet.labels:
            await h.click(sheet, "Next hand", user=people[0])
    await h.settle()
    return table.game_id or 0


async def test_stats_and_chips_history_read_the_same_after_the_bot_prunes(db: Path | str) -> None:
    backend = FakeDiscord()
    clock = ManualClock()
    async with await Harness.start(_bot(db, clock, keep_logs_days=30), guilds=guilds(), backend=backend) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        carol, dave = h.user(300, "carol"), h.user(400, "dave")
        await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:2", actor_id=1)
        old = await _play_to_the_end(h, [alice, bob])
        old_log = (await _logs(h.bot.storage, old))[old]
        assert set(old_log) == {1, 2}
        # A live game in the other channel (other people), started before the old game's end.
        live_table = await open_table(h, carol, dave, channel=OTHER_CHANNEL)
        live = live_table.game_id or 0
        await h.settle()

    # 20 days later the start-up pruning takes nothing: no game ended 30 days ago.
    clock = ManualClock(wall=clock.wall() + 20 * DAY)
    async with await Harness.start(_bot(db, clock, keep_logs_days=30), guilds=guilds(), backend=backend) as h:
        await h.settle()
        assert (await _logs(h.bot.storage, old))[old] == old_log
        recent = await _play_to_the_end(h, [alice, bob])  # a recent game
        recent_log = (await _logs(h.bot.storage, recent))[recent]
        live_log = (await _logs(h.bot.storage, live))[live]
        assert recent_log and live_log
        before = await _outputs(h, [alice, bob])

        async def forget(db: Db) -> None:  # as if finished before summaries were kept
            await db.execute("DELETE FROM hand_summaries WHERE game_id = ? AND hand_no = 2", (old,))

        await h.bot.storage._write(forget)

        # 11 days later (31 after the old game ended) the bot's periodic pruning takes the old log:
        # first the summary its hand 2 lacks is stored from a replay, then the log goes.
        clock.advance(11 * DAY)
        await h.settle()
        storage = h.bot.storage
        logs = await _logs(storage, old, recent, live)
        assert logs[old] == {} and logs[recent] == recent_log
        assert all(logs[live][n][: len(a)] == a for n, a in live_log.items())  # it went on; all kept
        assert (await storage.load_game(old)).log_pruned_at is not None
        assert (await storage.load_game(live)).log_pruned_at is None
        summaries = (await storage.hand_summaries([old]))[old]
        assert set(summaries) == {1, 2} and not any(s.error for s in summaries.values())
        # /stats and /chips history of the old game's people read the same, and the same again
        # after a restart, with nothing in memory.
        assert await _outputs(h, [alice, bob]) == before
        h.check()

    bot = _bot(db, ManualClock(wall=clock.wall()), keep_logs_days=30)
    async with await Harness.start(bot, guilds=guilds(), backend=backend) as h:
        await h.settle()
        assert await _outputs(h, [alice, bob]) == before
        assert h.bot.tables[OTHER_CHANNEL].game_id == live  # restored from its whole log
        h.check()


async def _until(condition: Callable[[], bool]) -> None:
    """Let the event loop run (and the storage's thread answer) until ``condition`` holds."""
    for _ in range(1_000_000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never came true")


async def test_a_failed_pruning_is_tried_again_later_and_0_days_keeps_logs(
    stored: tuple[Storage, Now],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    storage, now = stored
    old = await _played_game(storage, 10)
    now.advance(400)
    clock = ManualClock(wall=now.moment.timestamp())
    real = storage.prune_game_logs
    calls: list[datetime] = []

    async def full_disk(before: datetime, **kw: Any) -> PrunedLogs:
        calls.append(before)
        if len(calls) == 1:
            raise StorageError("database or disk is full")
        return await real(before, **kw)

    monkeypatch.setattr(storage, "prune_game_logs", full_disk)
    task = asyncio.create_task(keep_pruning(storage, clock, 30))
    try:
        # The first turn fails: logged, the log kept, and the next turn is due in six hours.
        await _until(lambda: clock.next_due is not None)
        assert len(calls) == 1 and (await _logs(storage, old))[old]
        assert "could not prune the move logs of old games (tried again later)" in caplog.text
        assert "disk is full" in caplog.text
        assert clock.next_due == clock() + PRUNE_EVERY_SECONDS
        clock.advance(PRUNE_EVERY_SECONDS)
        await _until(lambda: clock.next_due == clock() + PRUNE_EVERY_SECONDS)
        assert len(calls) == 2 and (await _logs(storage, old))[old] == {}
    finally:
        task.cancel()
    # With MAHJONG_KEEP_LOGS_DAYS=0 the bot starts no pruning at all.
    async with await Harness.start(
        _bot(tmp_path / "kept.sqlite3", ManualClock(), keep_logs_days=0), guilds=guilds()
    ) as h:
        assert h.bot.pruning is None
    async with await Harness.start(
        _bot(tmp_path / "pruned.sqlite3", ManualClock(), keep_logs_days=1), guilds=guilds()
    ) as h:
        assert h.bot.pruning is not None and not h.bot.pruning.done()
