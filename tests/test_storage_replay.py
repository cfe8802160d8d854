"""Restore with the real game engine: a game played through storage, the bot restarted mid-hand,
the game rebuilt by replaying its stored log equals the game before the restart."""

from __future__ import annotations

import random
from pathlib import Path

from storage_support import engine_rebuild

from bot.storage import Payment, Storage
from engine.game import NEXT, Game

SEATS: list[int | str] = [11, 12, "ai:easy", "ai:normal"]


def payments_of(game: Game) -> list[Payment]:
    """The last hand's transfers, from the deal's winds to the stored seats (player indices)."""
    hand = game.history[-1]
    seat = [game.order[(hand.east + wind) % 4] for wind in range(4)]
    return [
        Payment(seat[t.payer], seat[t.payee], t.amount, t.reason) for t in hand.result.settlement.transfers
    ]


async def test_a_game_replayed_from_storage_equals_the_game_before_the_restart(db: Path | str) -> None:
    path, rng = db, random.Random(3)
    async with Storage(path, default_starting_chips=2000) as storage:
        record = await storage.create_game(
            1, 1, SEATS, 77, ruleset="dmjl", overrides={"game_length": "hands:4"}
        )
        game = Game(record.ruleset, dict(record.overrides), record.seed, [str(s) for s in SEATS])
        assert game.settings.initial_score == 2000
        hand_no, seq = 1, 0
        while not (hand_no == 3 and seq == 25):  # stop in the middle of the third hand
            moves = [a for p in range(4) for a in game.legal_actions(p)]
            game.apply(rng.choice(moves))
            seq += 1
            await storage.append_action(record.game_id, hand_no, seq, game.log[-1])
            if game.deal.over:
                await storage.finish_hand(
                    record.game_id,
                    hand_no,
                    result=game.deal.result.reason,
                    payments=payments_of(game),
                    last_seq=seq,
                )
                hand_no, seq = hand_no + 1, 0
                await storage.start_hand(record.game_id, hand_no)
                game.apply(NEXT)
        before = game.snapshot()
        chips_by_player = {game.order[p]: game.chips[p] for p in range(4)}

    async with Storage(path) as storage:  # the restart
        result = await storage.restore_unfinished_games(engine_rebuild)
        assert not result.failed
        restored = result.games[record.game_id]
        assert restored.snapshot() == before
        for index, seat in enumerate(SEATS):
            if isinstance(seat, int):
                assert await storage.balance(1, seat) == chips_by_player[index]
        # Both play on identically.
        move = next(a for p in range(4) for a in game.legal_actions(p))
        game.apply(move)
        restored.apply(move)
        await storage.append_action(record.game_id, 3, 26, restored.log[-1])
        assert restored.snapshot() == game.snapshot()
        assert engine_rebuild(await storage.load_game(record.game_id)).snapshot() == game.snapshot()
        assert (await storage.check_ledger()).ok
