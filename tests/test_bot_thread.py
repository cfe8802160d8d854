"""Issue 31, a table in its own thread (``table_in_thread``): /mahjong new opens a public thread,
the table lives there (table message, score sheets, chat; private hands stay ephemeral), the
channel keeps one line that links to it, and the thread is archived when the game ends: also
when a restart comes mid-game or between the final sheet and the archive. With the setting off
nothing changes (the rest of the bot's tests run with it off)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import (
    THREAD_ARCHIVED,
    ChannelSpec,
    FakeDiscord,
    FakeUser,
    GuildSpec,
    Harness,
    Request,
    RoleSpec,
    StoredMessage,
)
from test_bot_discord import asked, config, make_bot, play_card, play_hand

from bot.app import MahjongBot
from bot.cogs.table import NEEDED, NEEDED_IN_THREAD, THREAD_NEEDED
from bot.table import Table
from cli.bot_cmd import PERMISSIONS

GUILD, CHANNEL, HOSTS = 1, 10, 501
THREAD_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    use_external_emojis=True,
).value


def guilds(permissions: int = THREAD_PERMISSIONS) -> list[GuildSpec]:
    return [
        GuildSpec(
            GUILD,
            "Club",
            channels=[ChannelSpec(CHANNEL, "table")],
            roles=[RoleSpec(HOSTS, "Hosts")],
            bot_permissions=permissions,
        )
    ]


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield harness
    await harness.close()


async def threads_on(h: Harness[MahjongBot], *, hands: int = 1) -> None:
    await h.bot.storage.set_table_setting(GUILD, "table_in_thread", True, channel_id=CHANNEL, actor_id=1)
    await h.bot.storage.set_house_rule(GUILD, "game_length", f"hands:{hands}", actor_id=1)


def public_in(h: Harness[MahjongBot], channel: int) -> list[StoredMessage]:
    return [m for m in h.messages(channel) if not m.ephemeral]


async def open_thread_table(h: Harness[MahjongBot], alice: FakeUser) -> tuple[Table, int, StoredMessage]:
    """alice opens a table with three computers; (the table, its thread, the channel's line)."""
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
    assert rec.answered and not rec.ephemeral, rec.text
    (made,) = h.requests_to("POST", "/channels/{channel_id}/threads")
    assert made.ok and made.json is not None
    assert made.json["type"] == 11  # public: never a private thread
    assert made.json["name"] == "Mah-Jongg · dmjl · alice"
    assert made.json["auto_archive_duration"] in (60, 1440, 4320, 10080)
    thread = int(made.response["id"])
    assert made.response["parent_id"] == str(CHANNEL) and made.response["type"] == 11
    assert h.bot.get_channel(thread) is not None  # discord.py took the THREAD_CREATE event
    (line,) = public_in(h, CHANNEL)  # the channel's one line, a link to the thread
    assert f"<#{thread}>" in line.text and "alice" in line.text and not line.components
    table = h.bot.tables[thread]
    assert CHANNEL not in h.bot.tables
    assert (table.channel_id, table.parent_id, table.link_id) == (thread, CHANNEL, line.id)
    (lobby,) = public_in(h, thread)
    assert lobby.id == table.message_id and "Start" in lobby.labels
    rec = await h.click(lobby, "Start", user=alice)
    assert rec.answered
    # the click comes from the thread: its channel object is a public thread in the channel
    assert rec.payload["channel_id"] == str(thread)
    assert (rec.payload["channel"]["type"], rec.payload["channel"]["parent_id"]) == (11, str(CHANNEL))
    assert rec.payload["channel"]["thread_metadata"]["archived"] is False
    await h.settle()
    assert table.game is not None
    return table, thread, line


def assert_archived_last(h: Harness[MahjongBot], thread: int) -> None:
    """The thread is archived, after every message of the table in it; nothing was refused as
    posted in an archived thread."""
    assert h.backend.thread_archived(thread)
    archive = [r for r in h.requests_to("PATCH", "/channels/{channel_id}") if r.ok]
    assert [r.json for r in archive] == [{"archived": True}]
    in_thread = [r for r in h.requests if r.channel_id == thread and r.kind.startswith("message.")]
    assert in_thread and all(r.seq < archive[0].seq for r in in_thread), "\n".join(
        f"{r!r} {r.caused_by!r}" for r in h.requests[-8:]
    )
    refused = [
        r for r in h.requests if r.error is not None and getattr(r.error, "code", 0) == THREAD_ARCHIVED
    ]
    assert refused == []


async def test_a_thread_table_is_played_through_and_archived(h: Harness[MahjongBot]) -> None:
    await threads_on(h)
    alice = h.user(100, "alice")
    table, thread, line = await open_thread_table(h, alice)
    # alice's card is ephemeral, in the thread: the click comes with the thread's channel id
    await play_hand(h, table, [alice], channel=thread)
    await h.settle()
    assert table.game is not None and table.game.finished
    sheets = [m for m in public_in(h, thread) if "sheet.png" in m.filenames]
    assert sheets and "Final standings" in sheets[-1].text  # the final sheet, in the thread
    assert all("sheet.png" not in m.filenames for m in h.messages(CHANNEL))
    (line_now,) = public_in(h, CHANNEL)  # still one line, now saying the game is over
    assert line_now.id == line.id and "is over" in line_now.text and f"<#{thread}>" in line_now.text
    assert_archived_last(h, thread)
    (record,) = [await h.bot.storage.load_game(table.game_id or 0)]
    assert (record.channel_id, record.thread_parent_id, record.thread_link_id) == (thread, CHANNEL, line.id)
    assert await h.bot.storage.threads_to_close() == []
    h.check()


async def test_a_restart_mid_game_keeps_the_table_in_its_thread(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await threads_on(h)
    alice = h.user(100, "alice")
    table, thread, line = await open_thread_table(h, alice)
    for _ in range(3):
        await h.settle()
        if asked(table, table.position_of(alice.id) or 0):
            await play_card(h, table, alice, thread)
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        restored = h2.bot.tables[thread]
        assert (restored.parent_id, restored.link_id) == (CHANNEL, line.id)
        assert any("goes on" in m.text for m in h2.messages(thread))
        assert not any("goes on" in m.text for m in h2.messages(CHANNEL))
        await play_hand(h2, restored, [alice], channel=thread)
        await h2.settle()
        assert restored.game is not None and restored.game.finished
        assert "is over" in h2.message(line.id).text
        assert_archived_last(h2, thread)
        h2.check()
    finally:
        await h2.close()


async def test_the_archive_happens_after_a_restart_when_discord_failed_first(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await threads_on(h)
    alice = h.user(100, "alice")
    table, thread, line = await open_thread_table(h, alice)

    def unavailable(req: Request) -> None:
        raise h.error(503, 0, "Service Unavailable")

    h.override("PATCH", "/channels/{channel_id}", unavailable)
    await play_hand(h, table, [alice], channel=thread)
    await h.settle()
    assert table.game is not None and table.game.finished
    assert not backend.thread_archived(thread)
    assert [g[0] for g in await h.bot.storage.threads_to_close()] == [table.game_id]
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        assert backend.thread_archived(thread)
        assert "is over" in h2.message(line.id).text
        assert await h2.bot.storage.threads_to_close() == []
        assert thread not in h2.bot.tables  # nothing posted again in the thread
        assert not [r for r in h2.requests if r.channel_id == thread and r.kind == "message.create"]
        h2.check()
    finally:
        await h2.close()


async def test_stop_archives_the_thread_and_says_so(h: Harness[MahjongBot]) -> None:
    await threads_on(h, hands=4)
    alice = h.user(100, "alice")
    _table, thread, line = await open_thread_table(h, alice)
    rec = await h.slash("mahjong stop", user=alice, channel=thread)
    assert rec.answered and not rec.ephemeral
    await h.settle()
    assert thread not in h.bot.tables
    assert "closed" in h.message(line.id).text
    assert_archived_last(h, thread)
    assert await h.bot.storage.threads_to_close() == []
    h.check()


async def test_the_channels_settings_apply_to_its_threads_table(h: Harness[MahjongBot]) -> None:
    """Who may stop a table is the channel's choice also for the table in its thread."""
    await threads_on(h, hands=4)
    await h.bot.storage.set_table_setting(GUILD, "who_stops", HOSTS, channel_id=CHANNEL, actor_id=1)
    alice, host = h.user(100, "alice"), h.user(300, "host", roles=[HOSTS])
    table, thread, _line = await open_thread_table(h, alice)
    assert table.turn_seconds == h.bot.config.turn_seconds
    rec = await h.slash("mahjong stop", user=host, channel=thread)
    assert rec.answered and not rec.ephemeral, rec.text
    await h.settle()
    assert thread not in h.bot.tables and h.backend.thread_archived(thread)
    h.check()


async def test_a_table_closed_by_an_error_keeps_its_thread_open_until_abandoned(
    h: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its game stays live in storage (a restart would restore it into the thread), so the thread
    stays open; an admin's /mahjong abandon there archives it."""
    await threads_on(h)
    alice = h.user(100, "alice")
    await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
    (thread,) = h.backend.threads
    table = h.bot.tables[thread]

    async def broken(position: int) -> object:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table, "_computer_move", broken)
    await h.click(public_in(h, thread)[-1], "Start", user=alice)
    await h.settle()
    assert table.closed and h.take_errors("stopped after an error")
    assert not h.backend.thread_archived(thread) and thread in h.bot.unrestored
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    rec = await h.slash("mahjong abandon", user=boss, channel=thread)
    assert rec.answered and not rec.ephemeral
    assert_archived_last(h, thread)
    assert "closed" in h.message(table.link_id or 0).text
    assert await h.bot.storage.threads_to_close() == []
    h.check()


async def test_new_inside_a_thread_opens_the_table_in_that_thread(tmp_path: Path) -> None:
    backend = FakeDiscord(guilds())
    talk = backend.add_thread(CHANNEL, "talk")
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), backend=backend)
    try:
        await threads_on(h)
        alice = h.user(100, "alice")
        rec = await h.slash("mahjong new", user=alice, channel=talk, options={"computers": 3})
        assert rec.answered and not rec.ephemeral
        assert h.requests_to("POST", "/channels/{channel_id}/threads") == []  # no thread in a thread
        table = h.bot.tables[talk]
        assert table.parent_id is None and public_in(h, CHANNEL) == []
        assert "Start" in public_in(h, talk)[-1].labels
        h.check()
    finally:
        await h.close()


async def test_missing_thread_permissions_are_named(tmp_path: Path) -> None:
    no_threads = THREAD_PERMISSIONS & ~discord.Permissions(create_public_threads=True).value
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds(no_threads))
    try:
        await threads_on(h)
        rec = await h.slash("mahjong new", user=h.user(100, "alice"), channel=CHANNEL)
        assert rec.ephemeral and "Create Public Threads" in rec.text
        assert h.requests_to("POST", "/channels/{channel_id}/threads") == [] and not h.bot.tables
        h.check()
    finally:
        await h.close()


async def test_with_the_setting_off_the_table_is_in_the_channel(h: Harness[MahjongBot]) -> None:
    alice = h.user(100, "alice")
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
    assert rec.answered and not rec.ephemeral and "Start" in rec.labels
    assert h.requests_to("POST", "/channels/{channel_id}/threads") == []
    assert h.bot.tables[CHANNEL].parent_id is None
    h.check()


async def test_settings_set_and_show_table_in_thread(h: Harness[MahjongBot]) -> None:
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    rec = await h.slash(
        "settings set", user=boss, channel=CHANNEL, options={"name": "table_in_thread", "value": "on"}
    )
    assert "A table in its own thread" in rec.text, rec.text
    assert (await h.bot.storage.table_settings(GUILD, CHANNEL)).table_in_thread is True
    rec = await h.slash(
        "settings set",
        user=boss,
        channel=CHANNEL,
        options={"name": "table_in_thread", "value": "nein", "channel": CHANNEL},
    )
    assert (await h.bot.storage.table_settings(GUILD, CHANNEL)).table_in_thread is False
    assert (await h.bot.storage.table_settings(GUILD)).table_in_thread is True
    rec = await h.slash(
        "settings set", user=boss, channel=CHANNEL, options={"name": "table_in_thread", "value": "maybe"}
    )
    assert rec.ephemeral and "maybe" in rec.text and "on or off" in rec.text, rec.text
    h.check()


def test_the_invite_asks_for_the_thread_permissions() -> None:
    assert set(NEEDED + NEEDED_IN_THREAD + THREAD_NEEDED) <= set(PERMISSIONS)


async def test_the_harness_holds_threads_to_discords_limits(h: Harness[MahjongBot]) -> None:
    http = h.bot.http
    for name, minutes in (("x" * 101, 1440), ("", 1440), ("table", 30)):
        with pytest.raises(discord.HTTPException) as refused:
            await http.start_thread_without_message(
                CHANNEL, name=name, auto_archive_duration=minutes, type=11
            )  # type: ignore[arg-type]
        assert refused.value.status == 400
    assert len(h.beyond_limits) == 3
    h.beyond_limits.clear()
    made = await http.start_thread_without_message(CHANNEL, name="t" * 100, auto_archive_duration=60, type=11)
    thread = int(made["id"])
    await h.bot.get_partial_messageable(thread).send("hello")
    await http.edit_channel(thread, archived=True)
    with pytest.raises(discord.HTTPException) as refused:
        await h.bot.get_partial_messageable(thread).send("after")
    assert refused.value.code == THREAD_ARCHIVED


async def test_the_form_opens_a_thread_table_and_tells_its_opener(h: Harness[MahjongBot]) -> None:
    """``/mahjong new`` without options in a channel with ``table_in_thread``: the form asks the
    thread permissions first, then its submit opens the table in a thread of its own, and the
    opener is told what it plays (before, the note looked for the table in the channel and
    missed it)."""
    await threads_on(h)
    alice = h.user(100, "alice")
    shown = await h.slash("mahjong new", user=alice, channel=CHANNEL)
    assert shown.modal is not None, shown.text
    rec = await h.submit_modal(shown, {"seats": "4:3"})
    assert rec.answered, rec.text
    (made,) = h.requests_to("POST", "/channels/{channel_id}/threads")
    thread_id = int(made.response["id"]) if made.response else 0
    table = h.bot.tables[thread_id]
    assert table.parent_id == CHANNEL and CHANNEL not in h.bot.tables
    said = [r for r in rec.followups if r.ephemeral]
    assert said and "Its rules" in said[-1].text, [r.text for r in rec.followups]
    h.check()


async def test_the_form_names_the_missing_thread_permissions_before_it_is_filled_in(tmp_path: Path) -> None:
    """Without Create Public Threads the form is not shown: what is missing is said at once."""
    permissions = THREAD_PERMISSIONS & ~discord.Permissions(create_public_threads=True).value
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds(permissions))
    try:
        await threads_on(h)
        rec = await h.slash("mahjong new", user=h.user(100, "alice"), channel=CHANNEL)
        assert rec.modal is None and rec.ephemeral and "Create Public Threads" in rec.text, rec.text
    finally:
        await h.close()
