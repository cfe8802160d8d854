"""The lobby's edges (issue 26, items 1 and 10), through the offline Discord harness: a Join,
Leave or Add computer that lands while Start stores the game, several Start clicks at once,
forged custom_ids, and the error texts of commands that are not the table's."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from discord_harness import FakeDiscord, FakeUser, Harness, InteractionRecord
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot, play_hand

from bot.app import MahjongBot
from bot.i18n import text
from bot.storage import Storage
from bot.storage.records import seat_holder
from bot.table import Table


def gate_create_game(storage: Storage) -> tuple[asyncio.Event, asyncio.Event]:
    """Make ``storage.create_game`` wait until the test lets it go on: (entered, release). A
    click injected between the two lands while Start is storing the game."""
    original = storage.create_game
    entered, release = asyncio.Event(), asyncio.Event()

    async def gated(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        await release.wait()
        return await original(*args, **kwargs)

    storage.create_game = gated  # type: ignore[method-assign]
    return entered, release


async def open_lobby(h: Harness[MahjongBot], owner: FakeUser, computers: int) -> Table:
    rec = await h.slash("mahjong new", user=owner, channel=CHANNEL, options={"computers": computers})
    assert rec.answered and not rec.ephemeral
    return h.bot.tables[CHANNEL]


async def start_with(
    h: Harness[MahjongBot], owner: FakeUser, during: Callable[[], Any]
) -> tuple[InteractionRecord, list[InteractionRecord]]:
    """The owner clicks Start; while its game is being stored, ``during()`` clicks (a list of
    awaitables giving interaction records). Then the storing goes on and the bot settles."""
    entered, release = gate_create_game(h.bot.storage)
    lobby = h.messages(CHANNEL)[-1]
    start = await h.click(lobby, "Start", user=owner, wait=False)
    assert await h.until(entered.is_set)
    records = [await click for click in during()]
    release.set()
    await h.settle()
    return start, records


async def assert_seats_agree(h: Harness[MahjongBot], table: Table) -> list[int | str]:
    """The seats stored with the game are the seats the table plays, and the game names them."""
    assert table.game is not None and table.game_id is not None
    stored = list((await h.bot.storage.load_game(table.game_id)).seats)
    assert stored == [s.stored for s in table.seats]
    assert len(stored) == table.size
    for position in range(table.size):
        assert table.game.names[position] == table.seat_at(position).name
    return stored


async def assert_chips_to_players(h: Harness[MahjongBot], table: Table, people: list[FakeUser]) -> None:
    """Every booked chip went to the holder of a stored seat: a person's balance moved by the net
    of the seat they played, and no one else's moved."""
    game = table.game
    assert game is not None and game.history
    start = await h.bot.storage.balance(GUILD, 999)
    holders = {seat_holder(s.stored) for s in table.seats}
    for txn in await h.bot.storage.transactions(GUILD):
        assert {e.holder for e in txn.entries if e.holder.startswith(("user:", "ai:"))} <= holders
    for user in people:
        position = table.position_of(user.id)
        net = 0 if position is None else sum(record.nets[position] for record in game.history)
        assert await h.bot.storage.balance(GUILD, user.id) - net == start
    assert (await h.bot.storage.check_ledger(GUILD)).ok


async def restart(h: Harness[MahjongBot], db: Path, backend: FakeDiscord) -> Harness[MahjongBot]:
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await h2.settle()
    return h2


async def assert_restart_seats_the_same(
    h: Harness[MahjongBot], db: Path, backend: FakeDiscord, table: Table, stored: list[int | str]
) -> None:
    """After a restart the channel's table plays the same stored game with the same seats."""
    h2 = await restart(h, db, backend)
    try:
        again = h2.bot.tables[CHANNEL]
        assert [s.stored for s in again.seats] == stored and again.game_id == table.game_id
        h2.check()
    finally:
        await h2.close()


async def test_a_join_during_start_is_refused_and_the_stored_game_is_the_one_played(
    tmp_path: Path,
) -> None:
    """Issue 26 item 1: a Join that landed while Start stored the game took a computer's seat in
    the lobby after the seats were stored, so the person played a seat booked to ``ai:normal``
    and lost it at the next restart. Now it is refused with a clear message."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_lobby(h, alice, computers=3)
    lobby = h.messages(CHANNEL)[-1]
    start, (join,) = await start_with(h, alice, lambda: [h.click(lobby, "Join", user=bob)])
    assert start.answered and join.answered
    stored = await assert_seats_agree(h, table)
    assert stored == [alice.id, "ai:normal:1", "ai:normal:2", "ai:normal:3"]
    assert table.seat_of(bob.id) is None
    assert join.ephemeral and join.text == text("lobby_starting", "en")
    await play_hand(h, table, [alice])
    await assert_chips_to_players(h, table, [alice, bob])
    h.check()
    await assert_restart_seats_the_same(h, db, backend, table, stored)


async def test_a_leave_or_add_computer_during_start_is_refused(tmp_path: Path) -> None:
    """Issue 26 item 1: a Leave that landed while Start stored the game left a stored game that no
    table ran (the lobby had lost a seat), and the leaver was seated again after a restart. Leave,
    /mahjong leave and Add computer are refused while the game starts; the stored game plays."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_lobby(h, alice, computers=1)
    rec = await h.click(h.messages(CHANNEL)[-1], "Join", user=bob)
    assert rec.answered and table.seat_of(bob.id) is not None
    lobby = h.messages(CHANNEL)[-1]
    start, refused = await start_with(
        h,
        alice,
        lambda: [
            h.click(lobby, "Leave", user=bob),
            h.slash("mahjong leave", user=bob, channel=CHANNEL),
            h.click(lobby, "Add computer", user=alice),
        ],
    )
    assert start.answered
    stored = await assert_seats_agree(h, table)
    assert stored == [alice.id, "ai:normal:1", bob.id, "ai:normal:2"]
    assert table.seat_of(bob.id) is not None and not table.closed
    for rec in refused:
        assert rec.answered and rec.ephemeral and rec.text == text("lobby_starting", "en"), rec.text
    await play_hand(h, table, [alice, bob])
    await assert_chips_to_players(h, table, [alice, bob])
    h.check()
    await assert_restart_seats_the_same(h, db, backend, table, stored)


async def test_a_stop_during_start_ends_the_stored_game(tmp_path: Path) -> None:
    """Issue 26 item 1: /mahjong stop while Start stored the game closed a lobby without a game,
    and the game stored a moment later stayed live with no table running it (a restart brought
    it back). Stop waits for Start under the table's lock, then ends the stored game."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice = h.user(100, "alice")
    table = await open_lobby(h, alice, computers=3)
    start, (stop,) = await start_with(
        h, alice, lambda: [h.slash("mahjong stop", user=alice, channel=CHANNEL, wait=False)]
    )
    assert start.answered and stop.answered and stop.text == text("stopped", "en")
    assert table.closed and CHANNEL not in h.bot.tables
    assert table.game_id is not None
    record = await h.bot.storage.load_game(table.game_id)
    assert record.status == "abandoned"
    h.check()
    h2 = await restart(h, db, backend)
    try:
        assert CHANNEL not in h2.bot.tables
        rec = await h2.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 0})
        assert rec.answered and not rec.ephemeral
        h2.check()
    finally:
        await h2.close()


async def test_several_start_clicks_start_one_game_and_the_others_are_told(tmp_path: Path) -> None:
    """Issue 26 item 10: a second Start click while the first stored the game got an error reply
    (the channel already had a live game). One game starts; the other clicks are told, kindly,
    that it has started."""
    db = tmp_path / "db.sqlite3"
    async with Harness.running(make_bot(config(db)), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        table = await open_lobby(h, alice, computers=3)
        lobby = h.messages(CHANNEL)[-1]
        start, others = await start_with(
            h, alice, lambda: [h.click(lobby, "Start", user=alice) for _ in range(3)]
        )
        assert start.answered and not start.ephemeral
        await assert_seats_agree(h, table)
        for rec in others:
            assert rec.answered and rec.ephemeral and rec.text == text("already_started", "en"), rec.text
        with sqlite3.connect(db) as con:
            games = con.execute("SELECT game_id FROM games WHERE channel_id = ?", (CHANNEL,)).fetchall()
        assert games == [(table.game_id,)]
        h.check()


HUGE = "9" * 30
"""A number far beyond any Discord id (or any page), but one ``int()`` still reads."""
DIGITS_5000 = "7" * 5000
"""``int()`` refuses it (Python's limit on the digits of a str, since 3.11)."""
NUMBERS = (HUGE, DIGITS_5000, "-5", "x1", "")


def forged_ids(channel: int, user: int) -> list[tuple[str, list[str]]]:
    """(custom_id, select values or [] for a button) of every persistent component kind, with its
    numbers (or its state) forged: huge, 5,000 digits, negative, garbage, missing."""
    ids: list[tuple[str, list[str]]] = []
    for n in NUMBERS:
        ids += [
            (f"mj:lobby:{n}:join", []),
            (f"mj:lobby:{n}:start", []),
            (f"mj:hand:{n}", []),
            (f"mj:back:{n}", []),
            (f"mj:next:{channel}:{n}", []),
            (f"mj:next:{n}:1", []),
            (f"mj:act:{channel}:{n}:pass", []),
            (f"mj:act:{n}:1:discard-5p", []),
            (f"mj:discard:{channel}:{n}", ["5p"]),
            (f"mj:discard:{n}:1", ["5p"]),
            (f"mj:pick:{channel}:{n}:give", ["5p#1"]),
            (f"mj:pick:{n}:1:swap", ["5p#1"]),
            (f"mj:chips:hist:{user}:{n}", []),
            (f"mj:chips:hist:{n}:0", []),
            (f"mj:chips:hist:{n}:{n}", []),
            (f"mj:post:dmjl:EE:9p:s:-:{n}", []),
            (f"mj:post:{n}:EE:9p:s:-:99p_[555s]_[777z]_[111m]_[234m]", []),
            (f"mj:bb:score:{n}", []),
            (f"mj:bb:{n}:000s--", []),
            (f"mj:bs:m:{n}", ["5m"]),
            (f"mj:bs:win:00{n}s--", ["9p"]),
        ]
    ids += [
        (f"mj:lobby:{channel}:frobnicate", []),
        (f"mj:hand:{HUGE[:20]}", []),
        (f"mj:act:{channel}:1:{DIGITS_5000}", []),
        (f"mj:chips:hist:{user}:{2**63}", []),
        (f"mj:chips:hist:{user}:{2**62}", []),
        (f"mj:post:{DIGITS_5000}", []),
        (f"mj:post:dmjl:EE:{HUGE}:d{HUGE}:{HUGE}:{HUGE}m", []),
        ("mj:bs:f:000s--", [DIGITS_5000]),
        ("mj:", []),
        (f"mj:{DIGITS_5000}", []),
    ]
    return ids


def forged_message(h: Harness[MahjongBot], channel: int, custom_id: str, values: list[str]) -> Any:
    """A bot message in ``channel`` whose one component carries ``custom_id`` (longer than Discord
    lets a bot write: a forged interaction brings what it likes)."""
    from discord_harness import ACTION_ROW, BUTTON, STRING_SELECT

    if values:
        options = [{"label": v[:100] or "-", "value": v} for v in values]
        component = {"type": STRING_SELECT, "custom_id": "forged", "options": options}
    else:
        component = {"type": BUTTON, "style": 2, "label": "forged", "custom_id": "forged"}
    body = {"components": [{"type": ACTION_ROW, "components": [component]}]}
    message = h.backend.write_message(channel_id=channel, body=body, files=[])
    message.payload["components"][0]["components"][0]["custom_id"] = custom_id
    return message


async def test_every_forged_custom_id_is_answered_without_a_traceback(tmp_path: Path) -> None:
    """Issue 26 item 10: forged custom_ids with huge page numbers or 5,000-digit numbers went
    unanswered (``int()`` refuses 5,000 digits; a page beyond SQLite's integers failed in the
    ledger). Every persistent component kind, forged, gets an answer and logs no error."""
    from test_bot_discord import open_table

    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        await open_table(h, alice, bob)
        failures, said = [], {}
        for custom_id, values in forged_ids(CHANNEL, alice.id):
            message = forged_message(h, CHANNEL, custom_id, values)
            if values:
                rec = await h.select(message, custom_id, values, user=alice)
            else:
                rec = await h.click(message, custom_id, user=alice)
            await h.settle()
            problems = h.errors
            h._errors.clear()
            if not rec.answered or problems:
                failures.append((custom_id[:80], rec.answered, [p[:300] for p in problems]))
            said[custom_id] = rec.text
        assert not failures, "\n".join(map(str, failures))
        broken = text("component_broken", "en")
        for custom_id in (f"mj:lobby:{DIGITS_5000}:join", "mj:hand:-5", f"mj:chips:hist:{HUGE}:0", "mj:"):
            assert said[custom_id] == broken, (custom_id[:40], said[custom_id])
        assert said[f"mj:lobby:{CHANNEL}:frobnicate"] == broken
        assert said[f"mj:chips:hist:{alice.id}:{2**62}"] == text(
            "chips_history_no_page", "en", page=f"{2**62 + 1:,}"
        )
        assert said[f"mj:chips:hist:{alice.id}:{2**63}"] == text(
            "chips_history_no_page", "en", page=f"{2**63 + 1:,}"
        )
        # 20 digits fit a template (any Discord id does) but name no table
        assert said[f"mj:hand:{HUGE[:20]}"] == text("no_table", "en")
        assert not h.unanswered()
        h.check()


async def test_commands_that_are_not_the_tables_fail_in_their_own_words(tmp_path: Path) -> None:
    """Issue 26 item 10: a failed /chips, /settings, /score or /stats answered with the table's
    error text ("the table is unchanged"). Each area now says it in its own words, en and de."""
    import inspect

    cases = [
        ("chips balance", {}, "chips_error"),
        ("chips history", {}, "chips_error"),
        ("settings show", {}, "settings_error"),
        ("stats member", {}, "stats_error"),
        ("stats table", {}, "stats_error"),
        ("score", {"hand": "234m 777z [555s] [678p] 99p"}, "score_error"),
        ("mahjong new", {}, "error"),
    ]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        storage = h.bot.storage

        async def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the disk is full")

        public = [
            name
            for name, member in inspect.getmembers(type(storage))
            if not name.startswith("_") and inspect.iscoroutinefunction(member)
        ]
        for command, options, key in cases:
            for locale in ("en-US", "de"):
                for name in public:
                    setattr(storage, name, broken)
                try:
                    rec = await h.slash(command, user=alice, channel=CHANNEL, options=options, locale=locale)
                finally:
                    for name in public:
                        delattr(storage, name)
                lang = "de" if locale == "de" else "en"
                assert rec.answered, command
                assert rec.followups[-1].ephemeral if rec.deferred else rec.ephemeral
                reason = text("error_unexpected", lang)  # never the class name (issue 28)
                assert rec.text == text(key, lang, reason=reason), (command, rec.text)
                assert "RuntimeError" not in rec.text
                if key != "error":
                    assert rec.text != text("error", lang, reason=reason)
                    assert "table" not in rec.text.lower() and "tisch" not in rec.text.lower()
                assert len(h.take_errors("a slash command failed")) == 1
        h.check()
