"""One bot process of a deployment with two shards over one PostgreSQL database (issue 30), for
tests/test_bot_processes.py: the real bot, offline, until it has made its moves or is SIGKILLed.

``python tests/shard_child.py URL SHARD LIFE SEED MOVES`` runs shard SHARD of 2 (the server of
tests/test_bot_shards.two_servers on that shard, with its own fake Discord), restores what the
database holds for that shard as at any start-up, and plays on in its channel: two people (who
click their cards, or let their time run out) and two computers. It prints, one flushed line each:

* ``ready`` once the bot has started;
* ``restored game=<id> hand=<n> seq=<s>`` when its channel's table came back from the database
  with the hand in play and ``s`` actions stored, or ``new game=<id>`` when it opened a table;
* ``act game=<id> hand=<n> seq=<s>`` for every action the storage acknowledged (committed);
* ``done`` after MOVES acknowledged actions of this life, or with MOVES 0 after a line on its
  standard input (then it stops the bot and exits);
* ``error <text>`` for an error the bot logged or an interaction left unanswered.
"""

from __future__ import annotations

import asyncio
import random
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from discord_harness import FakeDiscord, FakeUser, Harness
from test_bot_discord import asked, config, open_table, play_card
from test_bot_shards import SHARD0_CHANNEL, SHARD1_CHANNEL, two_servers

from bot.app import MahjongBot, create_bot
from bot.clock import ManualClock
from bot.table import seed_source


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Acks:
    """Prints every action the storage acknowledged; ``enough`` is set after ``moves`` of them."""

    def __init__(self, bot: MahjongBot, moves: int) -> None:
        self.count, self.moves, self.enough = 0, moves, asyncio.Event()
        storage = bot.storage
        many = storage.append_actions  # append_action is one of these

        async def append_actions(game_id: int, hand_no: int, seq: int, actions: Sequence[str]) -> None:
            await many(game_id, hand_no, seq, actions)
            self.acked(game_id, hand_no, range(seq, seq + len(actions)))

        storage.append_actions = append_actions  # type: ignore[method-assign]

    def acked(self, game_id: int, hand_no: int, seqs: Sequence[int]) -> None:
        for seq in seqs:
            say(f"act game={game_id} hand={hand_no} seq={seq}")
            self.count += 1
        if self.moves and self.count >= self.moves:  # 0: until the test says stop
            self.enough.set()


def report(h: Harness[MahjongBot], reported: set[int]) -> None:
    for line in h.take_errors(""):
        say("error " + " ".join(line.split())[:300])
    for rec in h.unanswered():
        if rec.id not in reported:
            reported.add(rec.id)
            say(f"error unanswered: {rec!r}"[:300])


async def play(h: Harness[MahjongBot], channel: int, people: list[FakeUser], acks: Acks, seed: int) -> None:
    """Play on until the storage acknowledged enough actions: people click (mostly) or let their
    time run out; Next hand after each hand."""
    rng = random.Random(seed)
    clock = h.bot.clock
    assert isinstance(clock, ManualClock)
    reported: set[int] = set()
    while not acks.enough.is_set():
        await h.settle()
        report(h, reported)
        table = h.bot.tables.get(channel)
        if table is None or table.game is None or table.over:
            say("error the table is gone")
            return
        game = table.game
        if game.deal.over:
            wanted = f"mj:next:{channel}:{game.hand_number}"
            sheet = next(
                (m for m in reversed(h.messages(channel)) if any(c.startswith(wanted) for c in m.custom_ids)),
                None,
            )
            if sheet is None:
                say(f"error hand {game.hand_number} is over and no Next hand was posted")
                return
            await h.click(sheet, wanted, user=rng.choice(people))
            continue
        mover = next((u for u in people if asked(table, table.position_of(u.id) or 0)), None)
        if mover is not None and rng.random() < 0.8:
            await play_card(h, table, mover, channel)
            continue
        left = (table.deadline or clock()) - clock()
        clock.advance(max(1.0, float(int(left)) + 1.0))
    report(h, reported)


async def life(url: str, shard: int, number: int, seed: int, moves: int) -> None:
    channel = (SHARD0_CHANNEL, SHARD1_CHANNEL)[shard]
    clock = ManualClock(wall=1_750_000_000.0 + 3600.0 * number)
    cfg = config(
        url,  # type: ignore[arg-type]  # a PostgreSQL URL where the tests' helper takes a file
        shard_count=2,
        shard_ids=(shard,),
        turn_seconds=20.0,
        claim_seconds=10.0,
        restart_grace_seconds=5.0,
        workers=0,  # threads: what is tested here is the database and the shards, not the pool
    )
    bot = create_bot(cfg, clock=clock, seeds=seed_source(seed * 1000 + shard * 100 + number))
    acks = Acks(bot, moves)
    if moves == 0:  # until the test says stop (a line on stdin), however many moves that is
        loop = asyncio.get_running_loop()

        def wait_for_stop() -> None:
            sys.stdin.readline()
            loop.call_soon_threadsafe(acks.enough.set)

        threading.Thread(target=wait_for_stop, daemon=True).start()
    h = await Harness.start(bot, backend=FakeDiscord(two_servers()))
    await bot.restoring.idle.wait()  # the background restore of this shard's tables is done
    await h.settle()
    say("ready")
    people = [h.user(1000 * (shard + 1) + i, f"p{shard}{i}") for i in (1, 2)]
    table = bot.tables.get(channel)
    if table is not None and table.game is not None and not table.over:
        game = table.game
        say(f"restored game={table.game_id} hand={game.hand_number} seq={len(game.deal.log)}")
    else:
        table = await open_table(h, people[0], people[1], channel=channel)
        say(f"new game={table.game_id}")
    await play(h, channel, people, acks, seed * 10 + number)
    await h.settle()
    await h.close()
    say("done")


def main(argv: list[str]) -> None:
    url, shard, number, seed, moves = argv[1], int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5])
    asyncio.run(life(url, shard, number, seed, moves))


if __name__ == "__main__":
    main(sys.argv)
