"""One life of the kill test (tests/kill_lives.py): the real bot, offline, on a database file,
until the parent SIGKILLs it.

``python tests/kill_child.py DB LIFE SEED`` starts the bot through the offline harness
(``tests/discord_harness.py``: a fresh fake Discord, the bot's ``ManualClock`` moved by this
process), which restores the live game of the database as at any start-up. Then it checks that
the channel has a way on and plays: two people (they click on their cards, or let their time
run out so the default plays) and two computer players, games of two hands, one after another.

What it prints, one flushed line each, for the parent:

* ``ready`` once the bot has started (and restored);
* ``wayon <how>`` when the channel was found to have a way on: ``myhand`` (a hand in play: the
  table message's **My hand** answers with the card), ``next`` (a hand over: the score sheet's
  **Next hand** deals the next), ``new`` (no table, or its game is over: ``/mahjong new`` is
  accepted and its game starts); ``noway <why>`` when it has none;
* ``act`` after every action the bot stored (a moment for random kills);
* ``point <name> game=<id> hand=<n>`` at each named point of a hand's end (``POINTS`` in
  kill_lives.py): ``scored`` (the hand's last move is stored and applied, before its booking),
  ``booked`` (its result and payments committed, before its score sheet), ``game_end`` (the same
  for a game's last hand: its booking and the game's end committed, before the final sheet: where
  the bot once stopped between the booking and a separate end of the game), ``sheet`` (the score
  sheet posted);
* ``error <text>`` for an error the bot logged or an interaction left unanswered.

The points are observed from outside the bot: this process wraps ``Table._finish_hand``, the
storage's ``finish_hand`` and the presenter's ``hand_ended``; the bot has no test-only branch.
With ``KILL_POINT=<name>`` and ``KILL_AT=<n>`` in the environment the child stops dead at the
n-th such point of its life (the whole process blocks) until the parent kills it. With
``KILL_POINT=none`` it only checks the way on and exits (the parent's last look).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from discord_harness import FakeDiscord, FakeUser, Harness
from test_bot_discord import CHANNEL, GUILD, asked, config, guilds, play_card

from bot.app import MahjongBot, create_bot
from bot.clock import ManualClock
from bot.table import Table, seed_source

HANDS_PER_GAME = 2
PEOPLE = ((100, "alice"), (200, "bob"))


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Points:
    """The named points of a hand's end, seen by wrapping the bot's calls (not changing them)."""

    def __init__(self, bot: MahjongBot, kill_point: str, kill_at: int) -> None:
        self.bot, self.kill_point, self.kill_at, self.seen = bot, kill_point, kill_at, 0

    def reached(self, name: str, table: Table | None) -> None:
        game = None if table is None else table.game
        hand = 0 if game is None else game.hand_number
        say(f"point {name} game={None if table is None else table.game_id} hand={hand}")
        if name == self.kill_point:
            self.seen += 1
            if self.seen == self.kill_at:
                time.sleep(600)  # the whole process stands still here until the parent kills it

    def install(self) -> None:
        points = self
        storage, presenter = self.bot.storage, self.bot.presenter
        finish_hand, append_action = storage.finish_hand, storage.append_action
        hand_ended = presenter.hand_ended
        table_finish = Table._finish_hand

        def table_in(channel: int) -> Table | None:
            return points.bot.tables.get(channel)

        async def scored(table: Table) -> None:
            points.reached("scored", table)
            await table_finish(table)

        async def booked(*args: Any, **kw: Any) -> Any:
            result = await finish_hand(*args, **kw)
            table = table_in(CHANNEL)
            last = table is not None and table.game is not None and table.game.finished
            points.reached("game_end" if last else "booked", table)
            return result

        async def sheet(table: Table) -> None:
            await hand_ended(table)
            points.reached("sheet", table)

        async def acted(*args: Any, **kw: Any) -> None:
            await append_action(*args, **kw)
            say("act")

        Table._finish_hand = scored  # type: ignore[method-assign]
        storage.finish_hand = booked  # type: ignore[method-assign]
        storage.append_action = acted  # type: ignore[method-assign]
        presenter.hand_ended = sheet  # type: ignore[method-assign]


async def open_new(h: Harness[MahjongBot], people: list[FakeUser]) -> str | None:
    """``/mahjong new``, a second person joins, Start: None if a game started, else why not."""
    alice, bob = people
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 2})
    if not rec.answered or rec.ephemeral:
        return f"/mahjong new refused: {rec.text[:200]}"
    lobby = h.messages(CHANNEL)[-1]
    await h.click(lobby, "Join", user=bob)
    rec = await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
    await h.settle()
    table = h.bot.tables.get(CHANNEL)
    if not rec.answered or table is None or table.game is None or table.over:
        return f"Start did not start a game: {rec.text[:200]}"
    return None


def next_button(h: Harness[MahjongBot], table: Table) -> Any:
    """The latest public message with **Next hand** for the table's current hand, or None."""
    game = table.game
    assert game is not None
    wanted = f"mj:next:{CHANNEL}:{game.hand_number}"
    for message in reversed(h.messages(CHANNEL)):
        if any(c.startswith(wanted) for c in message.custom_ids):
            return message
    return None


async def way_on(h: Harness[MahjongBot], people: list[FakeUser]) -> str:
    """Whether the channel, as the restart left it, lets the players go on; and go on."""
    table = h.bot.tables.get(CHANNEL)
    if table is None or table.game is None or table.over:
        why = await open_new(h, people)
        return "wayon new" if why is None else f"noway {why}"
    game = table.game
    if not game.deal.over:
        message = next(
            (m for m in reversed(h.messages(CHANNEL)) if f"mj:hand:{CHANNEL}" in m.custom_ids), None
        )
        if message is None:
            return "noway no My hand button on the table"
        seated = next(u for u in people if table.seat_of(u.id) is not None)
        rec = await h.click(message, f"mj:hand:{CHANNEL}", user=seated)
        card = rec.last.target if rec.last is not None else None
        if not (rec.answered and rec.ephemeral and card is not None and "hand.png" in card.filenames):
            return f"noway My hand did not answer with a card: {rec.text[:200]}"
        return "wayon myhand"
    sheet = next_button(h, table)
    if sheet is None:
        return f"noway hand {game.hand_number} is over and no Next hand was posted"
    number = game.hand_number
    rec = await h.click(sheet, f"mj:next:{CHANNEL}:{number}", user=people[0])
    await h.settle()
    if not rec.answered or game.hand_number != number + 1:
        return f"noway Next hand did not deal hand {number + 1}: {rec.text[:200]}"
    return "wayon next"


async def play(h: Harness[MahjongBot], people: list[FakeUser], rng: random.Random) -> None:
    """Play on for ever: people click (mostly) or let their time run out; games follow games."""
    clock = h.bot.clock
    assert isinstance(clock, ManualClock)
    while True:
        await h.settle()
        report(h)
        table = h.bot.tables.get(CHANNEL)
        if table is None or table.game is None or table.over:
            why = await open_new(h, people)
            if why is not None:
                say(f"error {why}")
                return
            continue
        game = table.game
        if game.deal.over:
            if table.next_hand_seconds > 0:
                clock.advance(table.next_hand_seconds)
                continue
            sheet = next_button(h, table)
            if sheet is None:
                say(f"error hand {game.hand_number} is over and no Next hand was posted")
                return
            await h.click(sheet, f"mj:next:{CHANNEL}:{game.hand_number}", user=rng.choice(people))
            continue
        mover = next((u for u in people if asked(table, table.position_of(u.id) or 0)), None)
        if mover is not None and rng.random() < 0.8:
            await play_card(h, table, mover)
            continue
        left = (table.deadline or clock()) - clock()
        clock.advance(max(1.0, float(int(left)) + 1.0))  # whole seconds: the clock's steps


REPORTED: set[int] = set()


def report(h: Harness[MahjongBot]) -> None:
    """Tell the parent what the bot logged as an error or left unanswered (once each)."""
    for line in h.take_errors(""):
        say("error " + " ".join(line.split())[:300])
    for rec in h.unanswered():
        if rec.id not in REPORTED:
            REPORTED.add(rec.id)
            say(f"error unanswered: {rec!r}"[:300])


async def life(db: Path, number: int, seed: int) -> None:
    kill_point = os.environ.get("KILL_POINT", "")
    kill_at = int(os.environ.get("KILL_AT", "1"))
    rng = random.Random(f"{seed}:{number}")
    # Each life its own clock, an hour on the wall after the last: stored deadlines are long past.
    clock = ManualClock(wall=1_750_000_000.0 + 3600.0 * number)
    cfg = config(
        db,
        turn_seconds=20.0,
        claim_seconds=10.0,
        next_hand_seconds=4.0 if number % 3 == 2 else 0.0,  # a table keeps the times it opened with
        restart_grace_seconds=5.0,
    )
    bot = create_bot(cfg, clock=clock, seeds=seed_source(seed * 1000 + number))
    Points(bot, kill_point, kill_at).install()
    h = await Harness.start(bot, guilds=guilds(), backend=FakeDiscord())
    people = [h.user(user_id, name) for user_id, name in PEOPLE]
    await h.bot.storage.set_house_rule(GUILD, "game_length", f"hands:{HANDS_PER_GAME}", actor_id=1)
    await h.settle()
    say("ready")
    report(h)
    say(await way_on(h, people))
    report(h)
    if kill_point == "none":
        await h.close()
        return
    await play(h, people, rng)
    await h.close()


if __name__ == "__main__":
    asyncio.run(life(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])))
