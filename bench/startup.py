"""Start-up with many open tables, through the offline Discord harness (``tests/discord_harness.py``):

* ``ready_with_1000_tables_ms``: from the start of the bot (log-in, ``setup_hook``) with 1,000
  open tables stored to the first interaction answered: a person's ``/mahjong hand`` at the
  table stored last (its card comes back with the hand's image). Target: under 10,000 ms.
* ``restore_1000_tables_ms``: from the same start until every one of the 1,000 tables is
  restored (replayed, its channel told that the game goes on, its table message posted).

The tables are built quickly: one game is played a few moves through the storage API (a
person, a second person and two computer players; the moves the simple player makes), and
its rows are copied in SQL to 999 more channels of the same server. The computers' pace and
every timer are long, so no table moves on by itself while the bench measures.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_harness import ChannelSpec, FakeDiscord, GuildSpec, Harness

from bot.app import create_bot
from bot.config import BotConfig
from bot.storage import Storage
from engine.game import Game
from engine.players import SimplePlayer

GUILD = 1
FIRST_CHANNEL = 1000
PEOPLE = (31, 32)
MOVES = 12


def _config(db: Path) -> BotConfig:
    return BotConfig(
        token="bench",
        database=db,
        pace_seconds=600,
        turn_seconds=3600,
        claim_seconds=600,
        claim_min_seconds=0,
        restart_grace_seconds=0,
    )


async def _template(db: Path) -> int:
    """One live game with a few moves, stored through the storage API; its id."""
    async with Storage(db) as storage:
        seats: list[int | str] = [*PEOPLE, "ai:normal", "ai:normal"]
        record = await storage.create_game(GUILD, FIRST_CHANNEL, seats, 5, ruleset="dmjl")
        game = Game(record.ruleset, dict(record.overrides), record.seed, [str(s) for s in seats])
        player = SimplePlayer()
        for seq in range(1, MOVES + 1):
            position = next(p for p in range(4) if game.legal_actions(p))
            action = player.choose(game.view(position))
            game.apply(action)
            await storage.append_action(record.game_id, 1, seq, game.line(action))
        for user in PEOPLE:
            await storage.remember_player(user, f"p{user}")
        return record.game_id


def _copy(db: Path, template: int, tables: int) -> None:
    """``tables - 1`` more live games like ``template``, each in a channel of its own (SQL copies
    of every row that names the template's game)."""
    con = sqlite3.connect(db)
    with con:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        holding = []
        for name in names:
            columns = [r[1] for r in con.execute(f"PRAGMA table_info({name})")]
            if (
                "game_id" in columns
                and con.execute(f"SELECT 1 FROM {name} WHERE game_id = ?", (template,)).fetchone()
            ):
                holding.append((name, columns))
        (top,) = con.execute("SELECT max(game_id) FROM games").fetchone()
        for n in range(1, tables):
            game_id = top + n
            for name, columns in holding:
                picked = []
                for c in columns:
                    if c == "game_id":
                        picked.append(str(game_id))
                    elif name == "games" and c == "channel_id":
                        picked.append(str(FIRST_CHANNEL + n))
                    else:
                        picked.append(c)
                con.execute(
                    f"INSERT INTO {name} ({', '.join(columns)}) "
                    f"SELECT {', '.join(picked)} FROM {name} WHERE game_id = ?",
                    (template,),
                )
    con.close()


async def _measure(db: Path, tables: int) -> dict[str, float]:
    channels = [ChannelSpec(FIRST_CHANNEL + n, f"t{n}") for n in range(tables)]
    backend = FakeDiscord([GuildSpec(GUILD, "Bench", channels=channels)])
    bot = create_bot(_config(db))
    start = time.perf_counter()
    h = await Harness.start(bot, backend=backend, deadline=None, settle=False, handler_timeout=3600)
    try:
        person = h.user(PEOPLE[0], f"p{PEOPLE[0]}")
        rec = await h.slash("mahjong hand", user=person, channel=FIRST_CHANNEL + tables - 1)
        ready = time.perf_counter()
        if not (rec.answered and rec.ephemeral and "hand.png" in rec.last.target.filenames):
            raise RuntimeError(f"the first interaction was not answered with a card: {rec.text!r}")
        await h.settle(timeout=3600)
        task: Any = getattr(bot, "restore_task", None)
        if task is not None:
            await task
        done = time.perf_counter()
        if len(bot.tables) != tables:
            raise RuntimeError(f"{len(bot.tables)} of {tables} tables restored")
    finally:
        await h.close()
    return {
        f"ready_with_{tables}_tables_ms": round((ready - start) * 1000, 1),
        f"restore_{tables}_tables_ms": round((done - start) * 1000, 1),
    }


def run(tables: int = 1000, folder: str | None = None) -> dict[str, float]:
    """The start-up figures with ``tables`` open tables stored, on a fresh database."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        db = Path(tmp) / "bench.sqlite3"
        template = asyncio.run(_template(db))
        _copy(db, template, tables)
        return asyncio.run(_measure(db, tables))


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for key, value in sorted(run(count).items()):
        print(f"{key:32} {value}")
