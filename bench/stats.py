"""``/stats`` over a season: ``stats_ms`` (a member's figures, chips chart and best-hand image over
a season of 2,000 finished hands, with the summary cache filled: every call after the first) and
``stats_cold_ms`` (with an empty cache, as the first call after a restart: every hand's stored
summary read and decoded; median of several) and ``stats_first_call_ms`` (the process's very
first call, which also loads fonts and modules: one sample, so noisy).

The season is built in a temporary database: a few real games are played by the simple computer
players (16 hands each), and stored again and again under new game ids (same seed, same log:
each replays to the same hands) until the season has 2,000 finished hands. Games, hands,
payments and each hand's summary go through the storage's own calls, as the table makes them;
the 370,000 action rows are written in one bulk insert, because as many durable appends would
take minutes.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.stats import SummaryCache, load_member_stats
from bot.storage import Payment, Storage
from bot.summary import summarize
from engine.game import NEXT, Game
from engine.players import SimplePlayer
from render.chart import render_line_chart
from render.hand import render_strip

HANDS = 2000
GAME_HANDS = 16
MEMBER = 100
GUILD = 1


def _play(seed: int, seats: list[int | str]) -> Game:
    game = Game("dmjl", {"game_length": f"hands:{GAME_HANDS}"}, seed, [str(s) for s in seats])
    player = SimplePlayer()
    while True:
        if game.deal.over:
            if game.finished:
                return game
            game.apply(NEXT)
            continue
        position = next(p for p in range(4) if game.legal_actions(p))
        game.apply(player.choose(game.view(position)))


async def _build(storage: Storage, hands: int, distinct: int = 4) -> None:
    seats: list[int | str] = [MEMBER, 101, "ai:easy", "ai:normal"]
    played = [_play(seed, seats) for seed in range(1, distinct + 1)]
    stored = 0
    rows: list[tuple[int, int, int, str, str]] = []
    channel = 10
    while stored < hands:
        game = played[(channel - 10) % distinct]
        channel += 1
        record = await storage.create_game(
            GUILD,
            channel,
            seats,
            int(game.seed),
            ruleset="dmjl",
            overrides={"game_length": f"hands:{GAME_HANDS}"},
        )
        for hand in game.history:
            if hand.number > 1:
                await storage.start_hand(record.game_id, hand.number)
            rows += [
                (record.game_id, hand.number, i, line, "2026-01-01T00:00:00+00:00")
                for i, line in enumerate(hand.actions, 1)
            ]
            payments = [Payment(game.order[t.payer], game.order[t.payee], t.amount) for t in hand.transfers]
            winner = "none" if hand.winner is None else str(game.order[hand.winner])
            await storage.finish_hand(
                record.game_id,
                hand.number,
                result=f"winner={winner} {hand.result.reason}",
                payments=payments,
                summary=summarize(game, hand),
            )
            stored += 1
        await storage.end_game(record.game_id, reason="finished")

    async def bulk(db: object) -> None:
        await db.executemany(  # type: ignore[attr-defined]
            "INSERT INTO actions (game_id, hand_no, seq, action, created_at) VALUES (?, ?, ?, ?, ?)", rows
        )

    await storage._write(bulk)


async def _member_stats(storage: Storage, cache: SummaryCache) -> None:
    _, stats = await load_member_stats(storage, cache, GUILD, MEMBER)
    assert stats.hands >= HANDS, stats.hands
    chart = render_line_chart(stats.chips, title="Chips", baseline=stats.chips[0] if stats.chips else None)
    assert chart
    if stats.best is not None and stats.best.score is not None:
        assert render_strip(stats.best.score.groups, win_tile=stats.best.win_tile)


async def _measure(folder: Path, runs: int) -> dict[str, float]:
    async with Storage(folder / "stats.sqlite3", synchronous="NORMAL") as storage:
        await _build(storage, HANDS)
        cold = []  # each with an empty cache, as the first call after a restart
        for _ in range(runs):
            cache = SummaryCache()
            start = time.perf_counter()
            await _member_stats(storage, cache)
            cold.append((time.perf_counter() - start) * 1000)
        warm = []
        for _ in range(runs):
            start = time.perf_counter()
            await _member_stats(storage, cache)
            warm.append((time.perf_counter() - start) * 1000)
    return {
        "stats_ms": round(statistics.median(warm), 1),
        "stats_cold_ms": round(statistics.median(cold), 1),
        "stats_first_call_ms": round(cold[0], 1),  # also loads fonts and modules the process lacked
        "stats_hands": HANDS,
    }


def run(runs: int = 7, folder: str | None = None) -> dict[str, float]:
    """``stats_ms`` (warm) and ``stats_cold_ms`` (an empty cache, as after a restart), medians of
    ``runs``, and the process's very first call, over a season of 2,000 hands."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        return asyncio.run(_measure(Path(tmp), runs))


if __name__ == "__main__":
    for key, value in sorted(run().items()):
        print(f"{key:32} {value}")
