"""No fault blocks a channel for good (issue 26), through the offline Discord harness:
a live game whose stored record cannot be read does not stop the bot (the other tables
restore and play, and its channel can open a new table), and a finished game frees its
channel for /mahjong new."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord
import pytest
from discord_harness import ChannelSpec, FakeDiscord, GuildSpec, Harness
from test_bot_discord import (
    CHANNEL,
    GUILD,
    asked,
    config,
    make_bot,
    open_table,
    play_card,
    play_hand,
    play_one_hand_game,
)

from bot.i18n import text
from bot.restore import rebuild_game
from bot.storage import Storage

BAD_OVERRIDES, BAD_TIMES, BROKEN = 12, 13, 14


def guilds() -> list[GuildSpec]:
    channels = [
        ChannelSpec(CHANNEL, "table"),
        ChannelSpec(BAD_OVERRIDES, "odd"),
        ChannelSpec(BAD_TIMES, "late"),
        ChannelSpec(BROKEN, "broken"),
    ]
    return [GuildSpec(GUILD, "Club", channels=channels)]


async def test_a_game_whose_record_cannot_be_read_does_not_stop_the_bot(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob, carol, dave = (
        h.user(100, "alice"),
        h.user(200, "bob"),
        h.user(300, "carol"),
        h.user(400, "dave"),
    )
    good = await open_table(h, alice, bob)
    storage = h.bot.storage
    broken = {
        channel: (
            await storage.create_game(GUILD, channel, [carol.id, dave.id, "ai:normal", "ai:normal"], 7)
        ).game_id
        for channel in (BAD_OVERRIDES, BAD_TIMES)
    }
    await h.close()
    with sqlite3.connect(db) as con:  # one bad JSON value in each of two live games
        con.execute(
            "UPDATE games SET overrides = '{\"game_length\": ' WHERE game_id = ?", (broken[BAD_OVERRIDES],)
        )
        con.execute(
            "UPDATE games SET times = '{\"turn_seconds\": 60,' WHERE game_id = ?", (broken[BAD_TIMES],)
        )
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        restored = h2.bot.tables[CHANNEL]
        assert restored.game_id == good.game_id and restored.game is not None
        rec = await h2.slash("mahjong hand", user=alice, channel=CHANNEL)
        assert rec.answered and rec.ephemeral
        assert rec.response is not None and text("no_table", "en") not in rec.response.text
        logged = h2.take_errors("could not be restored")
        assert len(logged) == 2
        for channel, game_id in broken.items():
            assert channel not in h2.bot.tables
            line = next(e for e in logged if f"game {game_id} " in e)
            assert f"server {GUILD}, channel {channel}" in line
        # The broken game does not block its channel: a new table opens there and starts.
        table = await open_table(h2, carol, dave, BAD_OVERRIDES)
        assert table.game_id not in broken.values()
        assert (await h2.bot.storage.load_game(table.game_id or 0)).status == "live"
        h2.check()
    finally:
        await h2.close()


async def test_a_finished_game_frees_its_channel(tmp_path: Path) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        first, alice, bob = await play_one_hand_game(h)
        # No /mahjong stop: /mahjong new opens a lobby, and its game starts.
        second = await open_table(h, alice, bob)
        assert second is not first and second.game is not None and second.game_id != first.game_id
        assert not second.game.finished and h.bot.tables[CHANNEL] is second
        assert await first.next_hand(alice.id) == "game_over"  # the finished game says so
        h.check()


async def test_stored_overrides_and_times_of_the_wrong_shape_are_reported_not_restored(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    async with Storage(db) as storage:
        ids = [
            (await storage.create_game(GUILD, channel, [1, 2, "ai:normal", "ai:normal"], 7)).game_id
            for channel in (CHANNEL, BAD_OVERRIDES, BAD_TIMES)
        ]
    with sqlite3.connect(db) as con:  # valid JSON, but not what a game keeps
        con.execute("UPDATE games SET overrides = '[1, 2]' WHERE game_id = ?", (ids[1],))
        con.execute("UPDATE games SET times = '{\"turn_seconds\": -5}' WHERE game_id = ?", (ids[2],))
    async with Storage(db) as storage:
        result = await storage.restore_unfinished_games(rebuild_game)
    assert list(result.games) == [ids[0]] and sorted(result.failed) == ids[1:]
    assert result.places[ids[1]] == (GUILD, BAD_OVERRIDES) and result.places[ids[2]] == (GUILD, BAD_TIMES)
    assert "overrides are not a JSON object" in str(result.failed[ids[1]])
    assert "turn_seconds is 0 to 3600 seconds" in str(result.failed[ids[2]])


def test_the_claim_window_looks_the_same_whoever_may_claim() -> None:
    """Issue 26 item 7: the countdown of a claim window appeared only while the table waited for
    a person who could claim, so with one person at the table everyone learnt that the person
    held the tile. The public status of a window never shows it."""
    from bot.presenter import DiscordPresenter
    from bot.table import Seat, Table
    from engine.game import Game
    from engine.players import SimplePlayer
    from engine.views import Phase

    game = Game("dmjl", {}, 11, ["a", "b", "c", "d"])
    while game.deal.phase != Phase.CLAIMS:
        (mover,) = game.to_act()
        game.apply(SimplePlayer().choose(game.view(mover)))
    table = Table(
        1, 10, 1, "dmjl", {}, None, None,  # type: ignore[arg-type]
        seats=[Seat(100 + n, name) for n, name in enumerate("abcd")], game=game,
    )  # fmt: skip
    presenter = DiscordPresenter(None)  # type: ignore[arg-type]
    statuses = set()
    for deadline in (None, 1_750_000_030.0):  # nobody may claim / a person has until then
        table.deadline_wall = deadline
        statuses.add(presenter.status(table, game.view(None)))
    (status,) = statuses
    assert "Claims on" in status and "<t:" not in status


CORRUPTIONS = {  # issue 26 item 5: what a live game's stored record may suffer (SQL on its game_id)
    "a garbage action": ["UPDATE actions SET action = 'E juggle 5p!' WHERE game_id = :g AND seq = 2"],
    "an illegal action": [  # the first discard again, in the claim window after it
        "UPDATE actions SET action = (SELECT action FROM actions WHERE game_id = :g AND seq = 1) "
        "WHERE game_id = :g AND seq = 2"
    ],
    "a missing action": ["DELETE FROM actions WHERE game_id = :g AND seq = 2"],
    "an unknown ruleset": ["UPDATE games SET ruleset = 'nosuchrules' WHERE game_id = :g"],
    "a seed stored as text": ["UPDATE games SET seed = 'seven' WHERE game_id = :g"],
    "a missing seat row": ["DELETE FROM game_seats WHERE game_id = :g AND seat = 3"],
    "a 50 KB action text": [
        "UPDATE actions SET action = 'E discard ' || hex(zeroblob(25000)) WHERE game_id = :g AND seq = 2"
    ],
}


def kept(db: Path, game_id: int) -> tuple[object, ...]:
    """What a game's record holds (status aside): its hands, its log and every ledger transaction."""
    with sqlite3.connect(db) as con:
        return (
            con.execute(
                "SELECT hand_no, finished_at, result, txn_id FROM hands WHERE game_id = ?", (game_id,)
            ).fetchall(),
            con.execute("SELECT hand_no, seq, action FROM actions WHERE game_id = ?", (game_id,)).fetchall(),
            con.execute("SELECT count(*) FROM transactions").fetchall(),
        )


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
async def test_a_game_whose_log_does_not_replay_is_told_and_an_admin_frees_its_channel(
    tmp_path: Path, corruption: str
) -> None:
    """Issue 26 item 5: the bot starts and the other table plays on; the broken game's channel
    is told (in the game's language, nothing concealed), a non-admin cannot abandon it, an admin
    can: nothing is booked, its record stays, and the channel then opens a new table."""
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob, carol, dave = (h.user(i * 100, n) for i, n in enumerate(("alice", "bob", "carol", "dave"), 1))
    good = await open_table(h, alice, bob)
    broken = await open_table(h, carol, dave, BROKEN)
    game = broken.game
    assert game is not None and broken.game_id is not None
    while len(game.deal.log) < 4:  # a log to break
        await h.settle()
        mover = next((u for u in (carol, dave) if asked(broken, broken.position_of(u.id) or 0)), None)
        if mover is not None:
            await play_card(h, broken, mover, BROKEN)
    game_id = broken.game_id
    lang = "de" if sorted(CORRUPTIONS).index(corruption) % 2 else "en"
    await h.close()
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET language = ? WHERE game_id = ?", (lang, game_id))
        for sql in CORRUPTIONS[corruption]:
            con.execute(sql, {"g": game_id})
    record = kept(db, game_id)
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        # The bot started; the broken game was skipped, with server and channel in the log line.
        (line,) = h2.take_errors("could not be restored")
        assert f"game {game_id} (server {GUILD}, channel {BROKEN})" in line and len(line) < 1000
        assert BROKEN not in h2.bot.tables and h2.bot.unrestored == {BROKEN: game_id}
        # Its channel is told, in the game's language, and nothing else (no tile, no traceback).
        told = [m.text for m in h2.messages(BROKEN) if str(game_id) in m.text and "/mahjong" in m.text]
        assert told == [text("game_not_restored", lang, game=game_id)]
        # A member who is no admin cannot abandon it.
        rec = await h2.slash("mahjong abandon", user=carol, channel=BROKEN)
        assert rec.ephemeral and rec.text == text("abandon_not_admin", "en")
        assert h2.bot.unrestored == {BROKEN: game_id}
        # The other table plays a whole hand, booked.
        restored = h2.bot.tables[CHANNEL]
        assert restored.game_id == good.game_id and restored.game is not None
        await play_hand(h2, restored, [alice, bob])
        await h2.settle()
        assert restored.game.deal.over
        assert (await h2.bot.storage.load_game(good.game_id or 0)).hands[0].finished
        # An admin abandons the broken game: nothing booked, the record kept, the channel free.
        boss = h2.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
        rec = await h2.slash("mahjong abandon", user=boss, channel=BROKEN)
        assert rec.answered and not rec.ephemeral and rec.text == text("abandoned", "en", game=game_id)
        assert h2.bot.unrestored == {}
        with sqlite3.connect(db) as con:
            (status,) = con.execute("SELECT status FROM games WHERE game_id = ?", (game_id,)).fetchone()
        assert status == "abandoned"
        hands, log, _ = kept(db, game_id)
        assert (hands, log) == record[:2] and not any(txn for *_, txn in hands)
        rec = await h2.slash("mahjong abandon", user=boss, channel=BROKEN)  # once is enough
        assert rec.ephemeral and rec.text == text("abandon_nothing", "en")
        table = await open_table(h2, carol, dave, BROKEN)
        assert table.game_id not in (None, game_id) and table.game is not None
        h2.check()
    finally:
        await h2.close()


async def test_a_seed_stored_as_text_is_reported_even_before_the_first_action(tmp_path: Path) -> None:
    """Another seed deals another game: a live game whose seed is not a whole number is not
    restored even when its log is empty (the replay alone would not notice)."""
    db = tmp_path / "db.sqlite3"
    async with Storage(db) as storage:
        game_id = (await storage.create_game(GUILD, BROKEN, [1, 2, "ai:normal", "ai:normal"], 7)).game_id
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET seed = 'seven' WHERE game_id = ?", (game_id,))
    async with Storage(db) as storage:
        result = await storage.restore_unfinished_games(rebuild_game)
    assert not result.games and "seed is not a whole number" in str(result.failed[game_id])
    assert result.places[game_id] == (GUILD, BROKEN)


async def test_a_restored_table_keeps_its_computers_names(tmp_path: Path) -> None:
    """The computers are named after a restart as the lobby named them (the score sheet said
    "Computer 1 (West)" before a restart and "Computer 2 (West)" after it for the same seat)."""
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    before = [seat.name for seat in table.seats]
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        assert [seat.name for seat in h2.bot.tables[CHANNEL].seats] == before
        assert before == ["alice", "Computer 1", "Computer 2", "bob"]
    finally:
        await h2.close()
