"""Passes stored with their move (issue 30, item 7): the automatic passes of a claim window go
to the log in one transaction, and the log stays byte for byte what it was.

The same hands are played twice, from the same seed with the same clicks: once as the bot stores
them, and once with every pass stored alone, in a transaction of its own, as the bot stored them
before this change. The logs are the same, line for line, and the number of write transactions
drops. (It was first checked against a log written by the bot before the change; the computer
players have changed their moves since, so both logs are now made by the same players.)"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from discord_harness import Harness
from test_bot_discord import CHANNEL, config, guilds, make_bot, open_table, play_hand

from bot.table import Table
from engine.actions import Action
from engine.events import Event
from engine.game import NEXT

HANDS = 2


async def one_by_one(self: Table, passes: Sequence[Action]) -> list[Event]:
    """How the bot stored a claim window's automatic passes before: each alone."""
    events: list[Event] = []
    for action in passes:
        events = await self._store_and_apply(action)
    return events


async def play_and_count(db: Path) -> tuple[list[str], int]:
    """Two people and two computers play ``HANDS`` hands; the stored log (hands apart) and how
    many write transactions the storage committed meanwhile."""
    h = await Harness.start(make_bot(config(db)), guilds=guilds())
    try:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        storage: Any = h.bot.storage._backend  # SQLite's: every transaction runs through its _run
        commits = 0
        real = storage._run

        async def counted(db_: Any, begin: str, work: Any, commit: bool) -> Any:
            nonlocal commits
            commits += commit
            return await real(db_, begin, work, commit)

        storage._run = counted  # every transaction, grouped or not, runs through it
        for number in range(1, HANDS + 1):
            await play_hand(h, table, [alice, bob])
            await h.settle()
            if number < HANDS:
                await h.click(h.messages(CHANNEL)[-1], "Next hand", user=alice)
        record = await h.bot.storage.load_game(table.game_id or 0)
        lines: list[str] = []
        for hand in record.hands:
            lines += ([] if hand.hand_no == 1 else [NEXT]) + list(hand.actions)
        return lines, commits
    finally:
        await h.close()


async def test_the_stored_log_is_what_it_was_in_fewer_transactions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines, commits = await play_and_count(tmp_path / "grouped.sqlite3")
    monkeypatch.setattr(Table, "_store_and_apply_passes", one_by_one)
    before, before_commits = await play_and_count(tmp_path / "alone.sqlite3")
    assert lines == before
    passes = sum(1 for line in lines if line.endswith(" pass"))
    assert passes > 20, "the hands had few passes; the test proved little"
    assert commits < before_commits - passes // 3, (commits, before_commits, passes)
