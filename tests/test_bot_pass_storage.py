"""Passes stored with their move (issue 30, item 7): the automatic passes of a claim window go
to the log in one transaction, and the log stays byte for byte what it was.

``tests/data/stored_log_issue30.txt`` is the stored log of the hands played here, written by the
bot before this change (one transaction per pass): the same seed, the same clicks, the same
lines. The number of write transactions for those hands drops."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord_harness import Harness
from test_bot_discord import CHANNEL, config, guilds, make_bot, open_table, play_hand

from engine.game import NEXT

GOLDEN = Path(__file__).resolve().parent / "data" / "stored_log_issue30.txt"
HANDS = 2


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


async def test_the_stored_log_is_what_it_was_in_fewer_transactions(tmp_path: Path) -> None:
    lines, commits = await play_and_count(tmp_path / "db.sqlite3")
    golden = GOLDEN.read_text(encoding="utf-8").splitlines()
    before_commits = int(golden[0].removeprefix("# transactions: "))
    assert lines == golden[1:]
    passes = sum(1 for line in lines if line.endswith(" pass"))
    assert passes > 20, "the hands had few passes; the test proved little"
    assert commits < before_commits - passes // 3, (commits, before_commits, passes)
