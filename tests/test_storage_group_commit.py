"""Group commit (issue 30, item 5): the appends of many tables that arrive together share one
transaction, and every promise of a single append holds for each of them.

* Nothing is answered before it is durable: a child process with many tables appending at once
  is killed with SIGKILL at random moments; every append it acknowledged is in the database,
  and nothing else is but the appends in flight (tests/storage_group_child.py).
* An append refused (a used sequence number) refuses only itself; the others of its group commit.
* A cancelled append is all or nothing, and one cancelled before its group began is left out.
* Fewer transactions than appends: the group commits are counted.

Group commit is SQLite's (PostgreSQL commits concurrent transactions side by side on its own):
the kill test, the counting and the cancelled-before-its-group test stay on SQLite files. What
any backend must do with appends that arrive together (a refused one refuses only itself,
append_actions is all or none) runs on both (issue 30).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest
from storage_backends import Location
from storage_support import kill_at_random

from bot.storage import ActionOrderError, GameStateError, Storage, StorageInputError

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "storage_group_child.py"
KILLS = 14

G = 1


def stored_actions(path: Path) -> dict[int, list[tuple[int, str]]]:
    """Every game's stored actions (seq, text), read by a connection of its own."""
    con = sqlite3.connect(path)
    try:
        out: dict[int, list[tuple[int, str]]] = {}
        for game_id, seq, action in con.execute(
            "SELECT game_id, seq, action FROM actions ORDER BY game_id, seq"
        ):
            out.setdefault(game_id, []).append((seq, action))
        return out
    finally:
        con.close()


def run_child_until_killed(path: Path, seed: int, rng: random.Random) -> list[str]:
    """Start the child, SIGKILL it at a random moment (after some acknowledged appends, or at a
    random time, even while it opens the file); return every line it printed."""
    return kill_at_random(
        [str(CHILD), str(path), str(seed)], rng, timer_share=0.2, timer_seconds=0.4, most_acks=300
    )


def test_sigkill_during_group_commits_loses_no_acknowledged_append(tmp_path: Path) -> None:
    path = tmp_path / "group.sqlite3"
    rng = random.Random(20261127)
    acked: dict[int, list[tuple[int, str]]] = {}  # every acknowledged append, all rounds
    total = refused = dropped = 0
    for round_no in range(KILLS):
        lines = run_child_until_killed(path, 3000 + round_no, rng)
        in_flight: dict[int, tuple[int, str]] = {}
        for line in lines:
            word, _, rest = line.partition(" ")
            if word in ("try", "ack", "drop"):
                game, seq, text = rest.split(" ", 2)
                event = (int(seq), text)
                if word == "try":
                    in_flight[int(game)] = event
                    continue
                assert in_flight.pop(int(game)) == event
                if word == "ack":
                    acked.setdefault(int(game), []).append(event)
                    total += 1
                else:
                    dropped += 1
            elif word == "refused":
                refused += 1
        if not path.exists():
            continue
        stored = stored_actions(path)
        for game, events in acked.items():
            have = stored.get(game, [])
            # every acknowledged append is there, in order, and at most the one in flight beyond
            assert have[: len(events)] == events, f"game {game} lost an acknowledged append"
            extra = have[len(events) :]
            assert extra in ([], [in_flight.get(game)]), f"game {game} has appends nobody sent: {extra}"
            if extra:
                events.extend(extra)  # committed just before the kill: as durable as any
        for have in stored.values():
            assert [s for s, _ in have] == list(range(1, len(have) + 1))
            assert all(text != "N pass" for _, text in have), "a refused append was stored"
        con = sqlite3.connect(path)
        try:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            con.close()
    assert total > 300 and refused > 10 and dropped > 0, (total, refused, dropped)


async def _live_games(storage: Storage, count: int) -> list[int]:
    return [
        (await storage.create_game(G, 10 + i, [20 + i, "ai:easy", "ai:easy", "ai:easy"], i)).game_id
        for i in range(count)
    ]


async def test_appends_of_one_tick_share_one_transaction(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3", synchronous="NORMAL") as storage:
        games = await _live_games(storage, 20)
        before = storage.group_commits
        await asyncio.gather(*(storage.append_action(g, 1, 1, "E discard 1m") for g in games))
        assert storage.group_commits - before == 1
        assert [len((await storage.load_game(g)).hands[-1].actions) for g in games] == [1] * 20


async def test_a_refused_append_refuses_only_itself(db: Location) -> None:
    async with Storage(db, synchronous="NORMAL") as storage:
        games = await _live_games(storage, 6)
        await storage.end_game(games[5], abandoned=True)
        calls = [storage.append_action(g, 1, 1, "E discard 1m") for g in games[:4]]
        calls += [
            storage.append_action(games[4], 1, 2, "E discard 1m"),
            storage.append_action(games[5], 1, 1, "x"),
        ]
        results = await asyncio.gather(*calls, return_exceptions=True)
        assert results[:4] == [None] * 4
        assert isinstance(results[4], ActionOrderError) and isinstance(results[5], GameStateError)
        assert [len((await storage.load_game(g)).hands[-1].actions) for g in games] == [1, 1, 1, 1, 0, 0]


async def test_a_cancelled_append_is_left_out_or_stored_whole(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3", synchronous="NORMAL") as storage:
        games = await _live_games(storage, 3)
        blocker = asyncio.ensure_future(storage.append_action(games[0], 1, 1, "E discard 1m"))
        await asyncio.sleep(0)  # its group has begun (the flush holds the lock)
        waiting = asyncio.ensure_future(storage.append_action(games[1], 1, 1, "E discard 2m"))
        kept = asyncio.ensure_future(storage.append_action(games[2], 1, 1, "E discard 3m"))
        await asyncio.sleep(0)
        waiting.cancel()  # its group has not begun: left out, nothing written
        blocker.cancel()  # its group runs: it ends whole (committed), then the caller hears
        results = await asyncio.gather(blocker, waiting, kept, return_exceptions=True)
        assert isinstance(results[0], asyncio.CancelledError) and isinstance(
            results[1], asyncio.CancelledError
        )
        assert results[2] is None
        counts = [len((await storage.load_game(g)).hands[-1].actions) for g in games]
        assert counts == [1, 0, 1]
        await storage.append_action(games[1], 1, 1, "E discard 2m")  # the next works


@pytest.mark.parametrize("group", [True, False])
async def test_append_actions_stores_several_in_one_transaction_or_none(db: Location, group: bool) -> None:
    async with Storage(db, synchronous="NORMAL", group_commit=group) as storage:
        (game,) = await _live_games(storage, 1)
        await storage.append_action(game, 1, 1, "E discard 1m")
        await storage.append_actions(game, 1, 2, ["S pass", "W pass", "N pass"])
        with pytest.raises(ActionOrderError):
            await storage.append_actions(game, 1, 4, ["S discard 2m", "W pass"])
        with pytest.raises(StorageInputError):
            await storage.append_actions(game, 1, 5, ["S discard 2m", "W\npass"])
        with pytest.raises(StorageInputError):
            await storage.append_actions(game, 1, 5, [])
        stored = (await storage.load_game(game)).hands[-1].actions
        assert stored == ("E discard 1m", "S pass", "W pass", "N pass")
