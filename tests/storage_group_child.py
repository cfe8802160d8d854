"""Child process of the group-commit kill test (tests/test_storage_group_commit.py).

``python tests/storage_group_child.py DB SEED`` opens the database (creating ``TABLES`` live games
on first use) and lets every table append actions to its log at once, as many tables in the bot
do, so that the appends of one event-loop tick share a transaction (group commit). Before each
append a table prints ``try GAME SEQ TEXT``, after it returned (committed and fsynced)
``ack GAME SEQ TEXT``, flushing each line. Beside every few appends a table also sends one with a
wrong number, which must be refused alone (``refused GAME SEQ``), and every so often it cancels
its own append after a few turns of the loop: a cancelled append is looked up in the database and
printed ``ack`` if it is there, ``drop`` if not. Runs until killed.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.storage import ActionOrderError, Storage

TABLES = 12
GUILD = 1


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def text(game_id: int, seq: int) -> str:
    return f"{'ESWN'[seq % 4]} discard {(game_id + seq) % 9 + 1}p"


async def table(storage: Storage, game_id: int, seq: int, rng: random.Random) -> None:
    while True:
        line = text(game_id, seq)
        say(f"try {game_id} {seq} {line}")
        wrong = None
        used = seq - 1  # stored: the last append was acknowledged, or is retried after a drop
        if used >= 1 and rng.random() < 0.2:  # a second writer, too late: refused on its own
            wrong = asyncio.ensure_future(storage.append_action(game_id, 1, used, "N pass"))
        call = asyncio.ensure_future(storage.append_action(game_id, 1, seq, line))
        if rng.random() < 0.15:
            for _ in range(rng.randrange(4)):
                await asyncio.sleep(0)
            call.cancel()
        try:
            await call
            say(f"ack {game_id} {seq} {line}")
        except asyncio.CancelledError:
            stored = (await storage.load_game(game_id)).hands[-1].actions
            say(f"{'ack' if len(stored) >= seq else 'drop'} {game_id} {seq} {line}")
            if len(stored) < seq:
                seq -= 1
        if wrong is not None:
            try:
                await wrong
                raise AssertionError(f"an append with a used number was stored: game {game_id}")
            except ActionOrderError:
                say(f"refused {game_id} {used}")
        seq += 1
        for _ in range(rng.randrange(3)):
            await asyncio.sleep(0)


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    async with Storage(path) as storage:
        games = await storage.load_unfinished_games()
        if not games:
            for channel in range(1, TABLES + 1):
                await storage.create_game(GUILD, channel, [100 + channel, "ai:easy", "ai:easy", "ai:easy"], 1)
            games = await storage.load_unfinished_games()
        say("ready")
        await asyncio.gather(
            *(
                table(storage, g.game_id, len(g.hands[-1].actions) + 1, random.Random(rng.random()))
                for g in games
            )
        )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
