"""Issue 31, a table in its own thread, in storage on both backends: a game keeps the channel its
thread was opened in and that channel's line (migration 0016_thread), a start-up finds the ended
games whose thread was not archived yet, and ``table_in_thread`` is an on/off table setting."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage, StorageInputError

G, PARENT, THREAD, LINE = 1, 10, 20, 30
SEATS = [11, "ai:normal:1", "ai:normal:2", "ai:normal:3"]


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    async with Storage(db) as s:
        yield s


async def test_a_game_in_a_thread_keeps_its_channel_and_line(storage: Storage) -> None:
    game = await storage.create_game(G, THREAD, SEATS, 7, thread=(PARENT, LINE))
    plain = await storage.create_game(G, PARENT, SEATS, 8)
    loaded = await storage.load_game(game.game_id)
    assert (loaded.channel_id, loaded.thread_parent_id, loaded.thread_link_id) == (THREAD, PARENT, LINE)
    assert (await storage.load_game(plain.game_id)).thread_parent_id is None
    assert await storage.game_thread(game.game_id) == (PARENT, LINE, "en")
    assert await storage.game_thread(plain.game_id) is None
    assert await storage.threads_to_close() == []  # live: its thread stays open
    await storage.end_game(game.game_id, reason="stopped", abandoned=True)
    await storage.end_game(plain.game_id, reason="stopped", abandoned=True)
    assert await storage.threads_to_close() == [(game.game_id, G, THREAD, PARENT, LINE, "en", "abandoned")]
    await storage.mark_thread_closed(game.game_id)
    await storage.mark_thread_closed(game.game_id)  # idempotent
    assert await storage.threads_to_close() == []


async def test_a_thread_without_a_line_and_bad_ids(storage: Storage) -> None:
    game = await storage.create_game(G, THREAD, SEATS, 7, thread=(PARENT, None))
    assert (await storage.load_game(game.game_id)).thread_link_id is None
    with pytest.raises(StorageInputError):
        await storage.create_game(G, THREAD + 1, SEATS, 7, thread=(-1, None))


async def test_table_in_thread_is_an_on_off_setting(storage: Storage) -> None:
    assert (await storage.table_settings(G, PARENT)).table_in_thread is None  # off by default
    await storage.set_table_setting(G, "table_in_thread", "on")
    await storage.set_table_setting(G, "table_in_thread", False, channel_id=PARENT)
    assert (await storage.table_settings(G)).table_in_thread is True
    assert (await storage.table_settings(G, PARENT)).table_in_thread is False
    assert (await storage.table_settings(G, PARENT + 1)).table_in_thread is True
    with pytest.raises(StorageInputError, match="on or off"):
        await storage.set_table_setting(G, "table_in_thread", "sometimes")
    await storage.clear_table_setting(G, "table_in_thread", channel_id=PARENT)
    assert (await storage.table_settings(G, PARENT)).table_in_thread is True
