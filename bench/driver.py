"""What the bot benchmarks share: the bot's configuration for a bench, a percentile, and the
tables of four computer players ``bench/tables.py`` opens."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.app import MahjongBot
from bot.config import BotConfig


def bench_config(db: Path, pace: float, **more: Any) -> BotConfig:
    """The bot as a bench runs it: computer moves ``pace`` seconds apart, people's timers long."""
    return BotConfig(
        token="bench",
        database=db,
        pace_seconds=pace,
        turn_seconds=600,
        claim_seconds=600,
        claim_min_seconds=0,
        **more,
    )


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def open_computer_table(bot: MahjongBot, guild_id: int, channel_id: int) -> None:
    """A started table of four computer players in ``channel_id``, playing a long game, its seed
    drawn from the bot's seeds (a bench makes them reproducible: ``seed_source``)."""
    table = bot.new_table(guild_id, channel_id, 1, "dmjl", {"game_length": "hands:400"})
    for _ in range(4):
        table.add_computer()
    await table.start(bot.seeds())
