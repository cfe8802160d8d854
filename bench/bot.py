"""Bot figures, through the offline Discord harness (``tests/discord_harness.py``):

* ``click_reply_ms_p50`` / ``click_reply_ms_p99``: an injected click (a person's move on
  their card) to the recorded reply, image included, with four tables playing at once
  (two people and two computer players each; target p99 < 150 ms);
* ``public_requests_per_table_s``: requests that count against Discord's global limit of a bot
  token (channel endpoints, not interaction callbacks or their webhook) per table and second,
  tables of two people and two computers paced like people on the bot's clock (each person
  answers 2-6 s after being asked; the bot's production times: pace 1 s, claim window 2-15 s),
  mean of several games with its standard error; ``..._every_change`` the same games with the
  table message edited after every change, as before issue 30; ``..._people_<n>`` with one and
  four people at a table (target <= 0.15).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_harness import ChannelSpec, GuildSpec, Harness, StoredMessage

from bench.driver import bench_config, percentile
from bot.app import create_bot
from bot.table import Table
from engine.actions import ActionKind
from engine.players import SimplePlayer


async def _clicks(hands_per_table: int = 1) -> list[float]:
    channels = [ChannelSpec(10 + i, f"t{i}") for i in range(4)]
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(bench_config(Path(tmp) / "bench.sqlite3", 0.0))
        async with Harness.running(bot, guilds=[GuildSpec(1, "Bench", channels=channels)]) as h:
            people = [(h.user(100 + 2 * i, f"a{i}"), h.user(101 + 2 * i, f"b{i}")) for i in range(4)]
            for channel, (a, b) in zip(channels, people, strict=True):
                await h.slash("mahjong new", user=a, channel=channel.id, options={"computers": 2})
                await h.click(h.messages(channel.id)[-1], "Join", user=b)
                await h.click(h.messages(channel.id)[-1], "Start", user=a)
            await h.settle()
            tables: list[Table] = [h.bot.tables[c.id] for c in channels]
            times: list[float] = []
            player = SimplePlayer()
            for _ in range(3000):
                busy = False
                for channel, table, pair in zip(channels, tables, people, strict=True):
                    game = table.game
                    assert game is not None
                    if game.deal.over:
                        continue
                    busy = True
                    for user in pair:
                        position = table.position_of(user.id)
                        assert position is not None
                        legal = game.legal_actions(position)
                        if position not in game.to_act() or [a.kind for a in legal] in (
                            [],
                            [ActionKind.PASS],
                        ):
                            continue
                        card_rec = await h.click(h.messages(channel.id)[-1], "My hand", user=user)
                        card = card_rec.last.target if card_rec.last is not None else None
                        if not isinstance(card, StoredMessage):
                            continue
                        action = player.choose(game.view(position))
                        if action.kind is ActionKind.DISCARD:
                            rec = await h.select(card, card.custom_ids[0], [str(action.tile)], user=user)
                        else:
                            code = action.kind if action.tile is None else f"{action.kind}-{action.tile}"
                            target = next((c for c in card.custom_ids if c.endswith(":" + code)), None)
                            if target is None:
                                continue
                            rec = await h.click(card, target, user=user)
                        if rec.reply_ms is not None:
                            times.append(rec.reply_ms)
                await h.settle(idle=0.01)
                if not busy:
                    break
            return times


def _mean_se(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, se


def public_requests(seeds: tuple[int, ...] = (1, 2, 3, 4), seconds: float = 600.0) -> dict[str, Any]:
    """``public_requests_per_table_s`` and its companions: each seed a different game, played
    once with each edit policy in turn (the bot's ManualClock: no wall clock in the figure)."""
    from paced_play import paced_run

    out: dict[str, Any] = {}
    for people in (2, 1, 4):
        runs: dict[bool, list[float]] = {False: [], True: []}
        for seed in seeds if people == 2 else seeds[:2]:
            for every_change in (True, False):  # alternating, the same game
                with tempfile.TemporaryDirectory() as tmp:
                    run = asyncio.run(
                        paced_run(
                            Path(tmp) / "bench.sqlite3",
                            1,
                            seconds,
                            people=people,
                            every_change=every_change,
                            seed=seed,
                        )
                    )
                runs[every_change].append(run.per_table_s)
        suffix = "" if people == 2 else f"_people_{people}"
        for every_change, name in ((False, ""), (True, "_every_change")):
            mean, se = _mean_se(runs[every_change])
            out[f"public_requests_per_table_s{name}{suffix}"] = round(mean, 3)
            out[f"public_requests_per_table_s{name}{suffix}_se"] = round(se, 3)
    return out


def run() -> dict[str, Any]:
    """Measure the figures (a few minutes in all)."""
    out: dict[str, Any] = public_requests()
    times = asyncio.run(_clicks())
    out |= {
        "click_reply_ms_p50": round(statistics.median(times), 1),
        "click_reply_ms_p99": round(percentile(times, 0.99), 1),
        "click_replies_measured": len(times),
    }
    return out
