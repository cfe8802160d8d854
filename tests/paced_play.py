"""Tables paced like people, through the offline harness on the bot's ManualClock: each person
answers a few seconds (of the bot's clock) after they are asked, computers play at the bot's pace.
Used by ``tests/test_bot_edits.py`` and the bench (``bench/bot.py``,
``public_requests_per_table_s``); no wall clock anywhere.

A request counts against Discord's global limit of a bot token when it goes to a channel
endpoint (``/channels/...``: a message sent, edited, fetched); interaction callbacks and the
interaction's webhook (followups, ``@original``) do not.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord_harness import ChannelSpec, FakeUser, GuildSpec, Harness, Request
from test_bot_discord import GUILD, TEST_SEED, asked, config, make_bot, play_card

from bot.app import MahjongBot
from bot.clock import ManualClock
from bot.table import Table

STEP = 0.5
"""How far the clock moves between two looks at the tables (seconds)."""

THINK = (2.0, 3.0, 3.5, 4.0, 5.0, 6.0)
"""How long a person takes to answer once asked (seconds; drawn from a seeded generator)."""


NAMES = ("Ada", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hugo")


def paced_config(db: Path, **values: Any) -> Any:
    """The bot's production times (a computer's pace 1 s, claim window 2-15 s, a turn 60 s), and
    the next hand after 10 s, so play goes on without a click."""
    base: dict[str, Any] = {
        "pace_seconds": 1.0,
        "turn_seconds": 60.0,
        "claim_seconds": 15.0,
        "claim_min_seconds": 2.0,
        "next_hand_seconds": 10.0,
    }
    return config(db, **{**base, **values})


def counted(request: Request) -> bool:
    """Whether ``request`` counts against the bot token's global limit (a channel endpoint)."""
    return request.template.startswith("/channels/")


@dataclass
class Paced:
    """What a paced run did: the clock seconds played, the tables, the requests made meanwhile."""

    seconds: float = 0.0
    tables: int = 0
    requests: list[Request] = field(default_factory=list)
    moves: int = 0
    """Person moves clicked."""

    @property
    def public(self) -> list[Request]:
        """The requests that count against the global limit."""
        return [r for r in self.requests if counted(r)]

    @property
    def per_table_s(self) -> float:
        """Public requests per table and second of play."""
        return len(self.public) / (self.seconds * self.tables)

    def kinds(self) -> dict[str, int]:
        """Public requests by kind (``message.edit``, ``message.create``)."""
        out: dict[str, int] = {}
        for r in self.public:
            out[r.kind] = out.get(r.kind, 0) + 1
        return out


async def open_tables(
    h: Harness[MahjongBot], channels: list[int], people: int = 2
) -> list[tuple[Table, list[FakeUser]]]:
    """A table in each channel: ``people`` persons (the first opens it) and computers."""
    out = []
    for i, channel in enumerate(channels):
        users = [h.user(1000 + 10 * i + k, NAMES[(people * i + k) % len(NAMES)]) for k in range(people)]
        rec = await h.slash("mahjong new", user=users[0], channel=channel, options={"computers": 4 - people})
        assert rec.answered
        for user in users[1:]:
            await h.click(h.messages(channel)[-1], f"mj:lobby:{channel}:join", user=user)
        await h.click(h.messages(channel)[-1], f"mj:lobby:{channel}:start", user=users[0])
        await h.settle()
        out.append((h.bot.tables[channel], users))
    return out


async def play_paced(
    h: Harness[MahjongBot],
    tables: list[tuple[Table, list[FakeUser]]],
    seconds: float,
    *,
    seed: int = 7,
    on_ask: Any = None,
) -> Paced:
    """Play ``seconds`` of the bot's clock: each person makes the simple player's move on their
    card a drawn few seconds after being asked. ``on_ask(table, user)`` is called once for each
    decision a person is asked, when first seen (a test looks at the table message then)."""
    clock = h.bot.clock
    assert isinstance(clock, ManualClock)
    rng = random.Random(seed)
    first = len(h.requests)
    start = clock()
    seen: dict[tuple[int, int, int, int], float] = {}
    run = Paced(tables=len(tables))
    while clock() - start < seconds:
        for table, users in tables:
            game = table.game
            if game is None or table.closed:
                continue
            for user in users:
                position = table.position_of(user.id)
                if position is None or not asked(table, position):
                    continue
                key = (table.channel_id, user.id, game.hand_number, table.decision_version)
                if key not in seen:
                    seen[key] = clock() + rng.choice(THINK)
                    if on_ask is not None:
                        await on_ask(table, user)
                if clock() >= seen[key]:
                    await play_card(h, table, user, table.channel_id)
                    run.moves += 1
                    await h.settle()
        clock.advance(STEP)
        await h.settle()
    run.seconds = clock() - start
    run.requests = h.requests[first:]
    return run


async def paced_run(
    db: Path,
    tables: int,
    seconds: float,
    *,
    people: int = 2,
    every_change: bool = False,
    seed: int = TEST_SEED,
) -> Paced:
    """Open ``tables`` tables (``people`` persons each) and play them ``seconds`` at a person's
    pace; ``every_change``: the table message is edited after every change (before issue 30);
    ``seed``: the games' seeds and the people's answering times are drawn from it."""
    channels = [ChannelSpec(500 + i, f"t{i}") for i in range(tables)]
    bot = make_bot(paced_config(db), clock=ManualClock(), seed=seed)
    bot.presenter.every_change = every_change
    async with Harness.running(bot, guilds=[GuildSpec(GUILD, "Club", channels=channels)]) as h:
        opened = await open_tables(h, [c.id for c in channels], people)
        run = await play_paced(h, opened, seconds, seed=seed)
        h.check()
        return run
