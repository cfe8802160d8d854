"""Child process of the crash test (tests/test_storage_crash.py): plays one real table until killed.

``python tests/storage_crash_child.py DB SEED`` opens the database, restores the live game by
replaying its stored log with the game engine (``bot.restore.rebuild_game``, as the bot does at
start-up) or starts one, then lets the simple computer players play it forever: every action is
stored before it is applied, every finished hand is settled through the ledger, and the next hand
is started. Before each write it prints ``try <event>``, and after the write returned (committed
and fsynced) ``ack <event>``, flushing each line, so the parent knows what was acknowledged and
what was in flight when it sent SIGKILL. Events:

* ``action HAND SEQ TEXT``
* ``settle HAND RESULT PAYER:PAYEE:AMOUNT,...``
* ``start HAND``

``python tests/storage_crash_child.py DB SEED cancel`` also cancels: beside each write a read of a
balance is started and cancelled after a few turns of the event loop, and every other write is
cancelled too (as a timed-out interaction handler is). A cancelled write may have committed or
not: the child reads the database to find out and prints ``ack <event>`` if it is there (it is
then as durable as any) or ``drop <event>`` if it is not, and plays on from what is stored;
before that it prints ``cut`` (a write was cancelled).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from collections.abc import Coroutine
from typing import Any

from bot.restore import rebuild_game
from bot.storage import Payment, Storage
from engine.game import NEXT, Game
from engine.players import SimplePlayer

GUILD, CHANNEL = 1, 1
SEATS: tuple[int | str, ...] = (101, 102, 103, "ai:normal")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def payments_of(game: Game) -> list[Payment]:
    """The last hand's transfers, by seat in the stored order (the engine's ``players`` order)."""
    record = game.history[-1]
    out = []
    for t in record.result.settlement.transfers:
        payer = game.order[(t.payer + record.east) % 4]
        payee = game.order[(t.payee + record.east) % 4]
        out.append(Payment(payer, payee, t.amount))
    return out


async def write(
    storage: Storage, rng: random.Random | None, call: Coroutine[Any, Any, object], landed: Stored
) -> bool:
    """Run one write; True if it is stored. With ``rng``, cancel a read beside it and, every other
    time, the write itself, after a few turns of the event loop; a cancelled write is stored if the
    game's current hand is then ``landed`` (number, actions, finished)."""
    if rng is None:
        await call
        return True
    reader = asyncio.ensure_future(storage.balance(GUILD, int(SEATS[0])))
    task = asyncio.ensure_future(call)
    for _ in range(rng.randrange(8)):
        await asyncio.sleep(0)
    reader.cancel()
    if rng.random() < 0.5:
        task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await reader
    try:
        await task
    except asyncio.CancelledError:
        say("cut")  # the write was cancelled (the parent counts how often the cancellations bit)
        # It either committed whole or not at all: ask the database.
        stored = (await storage.load_unfinished_games())[0]
        hand = stored.hands[-1]
        return (stored.hand_no, len(hand.actions), hand.finished) == landed
    return True


Stored = tuple[int, int, bool]


async def play(path: str, seed: int, cancel: bool) -> None:
    player = SimplePlayer()
    rng = random.Random(seed) if cancel else None
    async with Storage(path) as storage:
        games = await storage.load_unfinished_games()
        if games:
            record = games[0]
            game = rebuild_game(record)
        else:
            record = await storage.create_game(
                GUILD, CHANNEL, SEATS, seed, ruleset="dmjl", overrides={"game_length": "hands:400"}
            )
            game = Game(record.ruleset, dict(record.overrides), record.seed, [str(s) for s in SEATS])
        game_id, hand_no = record.game_id, record.hand_no
        current = record.hands[-1]
        seq = len(current.actions)
        settled = current.finished
        say(f"ready {game_id}")
        while True:
            if game.deal.over and not settled:
                payments = payments_of(game)
                winner = game.history[-1].winner
                result = f"winner={'none' if winner is None else game.order[winner]}"
                text = ",".join(f"{p.payer}:{p.payee}:{p.amount}" for p in payments)
                event = f"settle {hand_no} {result} {text}"
                say("try " + event)
                call = storage.finish_hand(game_id, hand_no, result=result, payments=payments, last_seq=seq)
                done = settled = await write(storage, rng, call, (hand_no, seq, True))
            elif game.deal.over:
                event = f"start {hand_no + 1}"
                say("try " + event)
                done = await write(
                    storage, rng, storage.start_hand(game_id, hand_no + 1), (hand_no + 1, 0, False)
                )
                if done:
                    game.apply(NEXT)
                    hand_no, seq, settled = hand_no + 1, 0, False
            else:
                position = next(p for p in range(4) if game.legal_actions(p))
                action = player.choose(game.view(position))
                line = game.line(action)
                event = f"action {hand_no} {seq + 1} {line}"
                say("try " + event)
                call = storage.append_action(game_id, hand_no, seq + 1, line)
                done = await write(storage, rng, call, (hand_no, seq + 1, False))
                if done:
                    game.apply(action)
                    seq += 1
            say(("ack " if done else "drop ") + event)


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2]), sys.argv[3:] == ["cancel"]))
