"""Child process of the crash test (tests/test_storage_crash.py): plays one table until killed.

``python tests/storage_crash_child.py DB SEED`` opens the database, restores the live game (or
starts one), then appends actions, settles hands and starts new ones forever. Before each write it
prints ``try <event>``, and after the write returned (committed and fsynced) ``ack <event>``,
flushing each line, so the parent knows what was acknowledged and what was in flight when it
sent SIGKILL. Events:

* ``action HAND SEQ TEXT``
* ``settle HAND RESULT PAYER:PAYEE:AMOUNT,...``
* ``start HAND``
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.storage import Payment, Storage

GUILD, CHANNEL = 1, 1
SEATS: tuple[int | str, ...] = (101, 102, 103, "ai:normal")
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
WINDS = "ESWN"


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def play(path: str, seed: int) -> None:
    rng = random.Random(seed)
    async with Storage(path) as storage:
        games = await storage.load_unfinished_games()
        if games:
            record = games[0]
        else:
            record = await storage.create_game(GUILD, CHANNEL, SEATS, seed)
        game_id, hand_no = record.game_id, record.hand_no
        current = record.hands[-1]
        seq = len(current.actions)
        finished = current.finished
        say(f"ready {game_id}")
        while True:
            if finished:
                event = f"start {hand_no + 1}"
                say("try " + event)
                await storage.start_hand(game_id, hand_no + 1)
                hand_no, seq, finished = hand_no + 1, 0, False
            elif seq >= 6 and rng.random() < 0.12:
                winner = rng.randrange(4)
                payments = [Payment(p, winner, rng.randint(1, 64)) for p in range(4) if p != winner]
                text = ",".join(f"{p.payer}:{p.payee}:{p.amount}" for p in payments)
                result = f"winner={winner}"
                event = f"settle {hand_no} {result} {text}"
                say("try " + event)
                await storage.finish_hand(game_id, hand_no, result=result, payments=payments, last_seq=seq)
                finished = True
            else:
                action = f"{WINDS[seq % 4]} discard {rng.choice(TILES)}"
                event = f"action {hand_no} {seq + 1} {action}"
                say("try " + event)
                await storage.append_action(game_id, hand_no, seq + 1, action)
                seq += 1
            say("ack " + event)


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2])))
