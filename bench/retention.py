"""What a finished hand keeps in the database, by table, and what pruning its move log saves.

Real games are played by the simple computer players (dmjl, 16 hands each; four people's seats
and computers) and stored through the storage's own calls, as a table stores them: every action
appended, each hand finished with its payments (ledger) and summary, each game ended. The bytes
each table (with its indexes) takes are read from SQLite's ``dbstat`` after a ``VACUUM``, then
again after :meth:`Storage.prune_game_logs` (the bot's ``MAHJONG_KEEP_LOGS_DAYS``) and another
``VACUUM``. Figures are bytes per finished hand:

* ``retention_file_bytes_per_hand``: the file as the bot wrote it (before any ``VACUUM``);
* ``retention_bytes_per_hand``: the whole file (pages in use) before pruning;
* ``retention_bytes_per_hand_pruned``: after pruning the logs;
* ``retention_saved_bytes_per_hand``: the difference;
* ``retention_<table>_bytes_per_hand`` (and ``_pruned``): each table with its indexes;
* ``retention_actions_per_hand``: the length of a hand's log.

No timing: the figures depend only on the seeds.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.storage import Payment, Storage
from bot.summary import summarize
from engine.game import NEXT, Game
from engine.players import SimplePlayer

GAMES = 12
GAME_HANDS = 16
GUILD = 1

_TABLE_OF_INDEX = {
    "games_one_live_per_channel": "games",
    "games_by_status": "games",
    "games_with_logs_by_end": "games",
    "hands_by_season": "hands",
    "hands_by_txn": "hands",
    "entries_by_txn": "entries",
    "entries_by_account": "entries",
    "transactions_by_season": "transactions",
    "accounts_by_user": "accounts",
}


async def _store_game(storage: Storage, seed: int, channel: int) -> int:
    """Play one game with the simple players and store it as a table does; its hands."""
    seats: list[int | str] = [100 + seed, 200 + seed, "ai:easy", "ai:normal"]
    overrides = {"game_length": f"hands:{GAME_HANDS}"}
    record = await storage.create_game(GUILD, channel, seats, seed, ruleset="dmjl", overrides=overrides)
    game = Game("dmjl", overrides, seed, [str(s) for s in seats])
    player = SimplePlayer()
    hand_no, seq = 1, 0
    while True:
        if game.deal.over:
            hand = game.history[-1]
            payments = [Payment(game.order[t.payer], game.order[t.payee], t.amount) for t in hand.transfers]
            winner = "none" if hand.winner is None else str(game.order[hand.winner])
            await storage.finish_hand(
                record.game_id,
                hand_no,
                result=f"winner={winner} {hand.result.reason}",
                payments=payments,
                last_seq=seq,
                summary=summarize(game, hand),
            )
            if game.finished:
                await storage.end_game(record.game_id, reason="finished")
                return hand_no
            game.apply(NEXT)
            hand_no, seq = hand_no + 1, 0
            await storage.start_hand(record.game_id, hand_no)
            continue
        position = next(p for p in range(4) if game.legal_actions(p))
        action = player.choose(game.view(position))
        game.apply(action)
        seq += 1
        await storage.append_action(record.game_id, hand_no, seq, game.line(action))


def table_bytes(path: Path) -> dict[str, int]:
    """Bytes of the pages each table uses, its indexes counted with it, after a ``VACUUM`` (so that
    free pages and half-empty ones left by deletes do not count); the storage must be closed."""
    db = sqlite3.connect(path)
    try:
        db.execute("VACUUM")
        out: dict[str, int] = {}
        for name, size in db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"):
            table = _TABLE_OF_INDEX.get(name, name)
            if table.startswith("sqlite_autoindex_"):
                table = table.removeprefix("sqlite_autoindex_").rsplit("_", 1)[0]
            out[table] = out.get(table, 0) + size
        return out
    finally:
        db.close()


async def _measure(folder: Path) -> dict[str, float]:
    path = folder / "retention.sqlite3"
    async with Storage(path, synchronous="NORMAL") as storage:
        hands = 0
        for seed in range(1, GAMES + 1):
            hands += await _store_game(storage, seed, 10 + seed)
    file_size = path.stat().st_size  # as the bot left it: pages as full as appends made them
    before = table_bytes(path)
    async with Storage(path, synchronous="NORMAL") as storage:
        pruned = await storage.prune_game_logs(datetime.now(UTC) + timedelta(days=1))
    assert pruned.games == GAMES, pruned
    after = table_bytes(path)
    figures: dict[str, float] = {
        "retention_hands": hands,
        "retention_actions_per_hand": round(pruned.actions / hands, 1),
        "retention_file_bytes_per_hand": round(file_size / hands),
        "retention_bytes_per_hand": round(sum(before.values()) / hands),
        "retention_bytes_per_hand_pruned": round(sum(after.values()) / hands),
        "retention_saved_bytes_per_hand": round((sum(before.values()) - sum(after.values())) / hands),
    }
    for table in ("actions", "hands", "hand_summaries", "hand_payments", "transactions", "entries", "games"):
        figures[f"retention_{table}_bytes_per_hand"] = round(before.get(table, 0) / hands)
        figures[f"retention_{table}_bytes_per_hand_pruned"] = round(after.get(table, 0) / hands)
    return figures


def run(folder: str | None = None) -> dict[str, float]:
    """Bytes per finished hand, by table, before and after pruning the move logs."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        return asyncio.run(_measure(Path(tmp)))


if __name__ == "__main__":
    for key, value in sorted(run().items()):
        print(f"{key:44} {value}")
