"""/mahjong history through the offline Discord harness: the server's games newest first with
each player's chips won (a reversed hand left out), paging, the member filter, a recorded game
(no Export, no Replay), the Export button's file read back into the same game, the Replay
select's options, refusals of forged buttons, German."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import ChannelSpec, GuildSpec, Harness, InteractionRecord, StoredMessage
from test_bot_discord import CHANNEL, GUILD, config, make_bot, open_table, play_hand
from test_bot_lobby import forged_message

from bot.app import MahjongBot
from bot.history import PAGE_GAMES
from bot.i18n import text
from bot.restore import rebuild_game
from bot.storage import Payment, Storage
from bot.storage.sql import Db
from engine.eventlog import import_events, loads
from engine.numbers import signed

OTHER_GUILD = 2


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    guilds = [
        GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")]),
        GuildSpec(OTHER_GUILD, "Other", channels=[ChannelSpec(20, "elsewhere")]),
    ]
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds)
    yield harness
    await harness.close()


async def _sql(storage: Storage, sql: str, *params: object) -> None:
    async def work(db: Db) -> None:
        await db.execute(sql, params)

    await storage._write(work)


async def stored_game(
    storage: Storage,
    channel: int,
    seats: list[int | str],
    hands: list[list[Payment]],
    *,
    guild: int = GUILD,
    end: bool = True,
) -> int:
    """A game stored as the table stores one: each hand finished with its payments; ended
    (finished) unless ``end`` is false."""
    game = await storage.create_game(guild, channel, seats, 1)
    for number, payments in enumerate(hands, 1):
        if number > 1:
            await storage.start_hand(game.game_id, number)
        await storage.finish_hand(game.game_id, number, result="winner=0", payments=payments)
    if end:
        await storage.end_game(game.game_id, reason="finished")
    return game.game_id


async def recorded_game(
    storage: Storage, channel: int, seats: list[int | str], hands: list[list[Payment]]
) -> int:
    """A game recorded at a real table (``games.kind`` 'record', seed 0, no move log), as the
    record feature books one: its hands with their payments and ledger transactions."""
    game_id = await stored_game(storage, channel, seats, hands)
    await _sql(storage, "UPDATE games SET kind = 'record', seed = 0 WHERE game_id = ?", game_id)
    return game_id


async def reverse_hand(storage: Storage, game_id: int, hand_no: int) -> None:
    """Mark a hand's booking undone, as an undo does (a reversing transaction: here an adjustment
    stands in for it; readers only look whether ``reversed_at`` is set)."""
    await storage.adjust(GUILD, 999, 1, actor_id=1, reason="stands in for a reversal")
    (txn,) = await storage.transactions(GUILD, user_id=999, limit=1)
    await _sql(
        storage,
        "UPDATE hands SET reversed_at = finished_at, reversed_txn = ?, reversed_reason = 'undo' "
        "WHERE game_id = ? AND hand_no = ?",
        txn.txn_id,
        game_id,
        hand_no,
    )


def card(rec: InteractionRecord) -> StoredMessage:
    target = rec.last.target
    assert isinstance(target, StoredMessage)
    return target


def game_block(text: str, game_id: int) -> str:
    """The lines of one game on a card's text (its head and its result line)."""
    lines = text.split("\n")
    head = next(i for i, line in enumerate(lines) if line.startswith(f"**Game {game_id}**"))
    return "\n".join(lines[head : head + 2])


async def test_history_lists_games_newest_first_with_results_and_pages(h: Harness[MahjongBot]) -> None:
    ada, bo, cy = h.user(100, "Ada"), h.user(101, "Bo"), h.user(102, "Cy")
    storage = h.bot.storage
    for user in (ada, bo, cy):
        await storage.remember_player(user.id, user.name)
    first = await stored_game(
        storage, 30, [ada.id, bo.id, "ai:easy:1", "ai:normal:2"], [[Payment(1, 0, 120), Payment(2, 0, 80)]]
    )
    # A recorded evening: hand 2 was undone, so only hand 1 counts.
    recorded = await recorded_game(
        storage,
        31,
        [ada.id, bo.id, cy.id, 103],
        [[Payment(0, 2, 40), Payment(1, 2, 40), Payment(3, 2, 40)], [Payment(2, 1, 500)]],
    )
    await reverse_hand(storage, recorded, 2)
    others = [
        await stored_game(
            storage, 40 + i, [bo.id, cy.id, "ai:easy:1", "ai:easy:2"], [[Payment(0, 1, 10 * (i + 1))]]
        )
        for i in range(PAGE_GAMES)
    ]
    live = await stored_game(storage, 50, [ada.id, cy.id, "ai:easy", "ai:easy"], [], end=False)

    rec = await h.slash("mahjong history", user=ada, channel=CHANNEL)
    assert rec.ephemeral
    page = card(rec)
    text = page.text
    assert text.startswith("**Games on this server** · page 1")
    shown = [int(line.split("**")[1].split()[1]) for line in text.split("\n") if line.startswith("**Game ")]
    assert shown == [live, *reversed(others)][:PAGE_GAMES]  # newest first
    assert "still going" in game_block(text, live) and "0 hands" in game_block(text, live)
    # each person's chips won in that game, the winner first; computers by their number
    assert game_block(text, others[-1]).split("\n")[1] == (
        f"Cy **{signed(10 * PAGE_GAMES)}** · Computer 1 **0** · Computer 2 **0** · "
        f"Bo **{signed(-10 * PAGE_GAMES)}**"
    )
    # computers stored without a number are numbered in seat order
    assert "Computer 1 **0** · Computer 2 **0**" in game_block(text, live)
    assert "Next" in page.labels and "Previous" not in page.labels

    rec = await h.click(page, "Next", user=ada)
    page = card(rec)
    text = page.text
    assert text.startswith("**Games on this server** · page 2")
    block = game_block(text, recorded)
    assert "recorded at a real table" in block and "finished" in block and "1 hand ·" not in block
    assert " · 1 hand\n" in block + "\n"
    assert (
        block.split("\n")[1]
        == f"Cy **{signed(120)}** · Ada **{signed(-40)}** · Bo **{signed(-40)}** · <@103> **{signed(-40)}**"
    )
    assert "played here" in game_block(text, first)
    assert game_block(text, first).split("\n")[1] == (
        f"Ada **{signed(200)}** · Computer 2 **0** · Computer 1 **{signed(-80)}** · Bo **{signed(-120)}**"
    )
    # a recorded game has no Export and no Replay; a game played here has both
    assert f"mj:history:export:{recorded}" not in page.custom_ids
    assert f"mj:replay-pick:{recorded}" not in page.custom_ids
    assert f"mj:history:export:{first}" in page.custom_ids
    assert [o["value"] for o in page.select_options(f"mj:replay-pick:{first}")] == ["1"]
    assert "Previous" in page.labels and "Next" not in page.labels
    rec = await h.click(page, "Previous", user=ada)
    assert card(rec).text.startswith("**Games on this server** · page 1")

    # Only the games a member sat in.
    rec = await h.slash("mahjong history", user=bo, channel=CHANNEL, options={"member": ada})
    text = card(rec).text
    assert text.startswith(f"**Games of <@{ada.id}>** · page 1")
    shown = [int(line.split("**")[1].split()[1]) for line in text.split("\n") if line.startswith("**Game ")]
    assert shown == [live, recorded, first]
    rec = await h.slash("mahjong history", user=bo, channel=CHANNEL, options={"member": h.user(104, "Di")})
    assert card(rec).text == "<@104> has not sat in a game on this server yet."
    h.check()


async def test_export_sends_the_event_log_that_imports_into_the_same_game(h: Harness[MahjongBot]) -> None:
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    game_id = table.game_id
    assert game_id is not None
    # While the first hand is played: nobody's concealed tiles are in the file, and no hand is
    # finished yet to replay.
    rec = await h.slash("mahjong history", user=bob, channel=CHANNEL)
    assert "still going" in card(rec).text and f"mj:replay-pick:{game_id}" not in card(rec).custom_ids
    rec = await h.click(card(rec), f"mj:history:export:{game_id}", user=bob)
    (sent,) = rec.files
    running = loads(sent.data.decode("utf-8"))
    assert [e["type"] for e in running[:2]] == ["start_game", "start_kyoku"]
    assert "tehais" not in running[1] and "bonus" not in running[1]
    draws = [e for e in running if e["type"] == "tsumo"]
    assert draws and all("pai" not in e for e in draws)
    await play_hand(h, table, [alice, bob])
    await h.settle()
    game = table.game
    assert game is not None and game.history and game.deal.over

    rec = await h.slash("mahjong history", user=bob, channel=CHANNEL)
    page = card(rec)
    assert [o["value"] for o in page.select_options(f"mj:replay-pick:{game_id}")] == ["1"]
    rec = await h.click(page, f"mj:history:export:{game_id}", user=bob)
    assert rec.ephemeral
    (sent,) = rec.files
    assert sent.filename == f"game-{game_id}.jsonl" and sent.description
    assert "`mahjong import` reads it back" in rec.text
    imported = import_events(loads(sent.data.decode("utf-8")))
    assert imported.snapshot() == game.snapshot()
    record = await h.bot.storage.load_game(game_id)
    assert imported.snapshot() == rebuild_game(record).snapshot()

    # A pruned log: no Export, no Replay on the card, and a click on an old card says why.
    await _sql(
        h.bot.storage, "UPDATE games SET log_pruned_at = '2026-01-01T00:00:00Z' WHERE game_id = ?", game_id
    )
    rec = await h.slash("mahjong history", user=bob, channel=CHANNEL)
    assert f"mj:history:export:{game_id}" not in card(rec).custom_ids
    assert f"mj:replay-pick:{game_id}" not in card(rec).custom_ids
    rec = await h.click(page, f"mj:history:export:{game_id}", user=bob)
    assert not rec.files and "no longer kept" in rec.text
    h.check()


async def test_forged_buttons_are_answered_with_why(h: Harness[MahjongBot]) -> None:
    ada = h.user(100, "Ada")
    storage = h.bot.storage
    elsewhere = await stored_game(
        storage, 20, [ada.id, "ai:easy:1", "ai:easy:2", "ai:easy:3"], [[]], guild=OTHER_GUILD
    )
    recorded = await recorded_game(storage, 30, [ada.id, 101, 102, 103], [[Payment(1, 0, 10)]])
    huge = "9" * 20  # fits the template, as any Discord id does, but no game or member has it
    for custom_id, expected in [
        # another server's game, a recorded one, one nobody stored: the same button, forged
        (f"mj:history:export:{elsewhere}", f"There is no game {elsewhere} on this server."),
        (f"mj:history:export:{recorded}", f"Game {recorded} was recorded at a real table"),
        ("mj:history:export:99999", "There is no game 99999 on this server."),
        (f"mj:history:export:{huge}", f"There is no game {huge} on this server."),
        ("mj:history:page:0:10000", "There is no page 10,001"),
        (f"mj:history:page:0:{huge}", "There is no page"),
        (f"mj:history:page:{huge}:0", text("component_broken", "en")),
    ]:
        rec = await h.click(forged_message(h, CHANNEL, custom_id, []), custom_id, user=ada)
        await h.settle()
        assert rec.ephemeral and not rec.files and expected in rec.text, (custom_id, rec.text)
    assert not h.unanswered()
    h.check()


async def test_history_speaks_german(tmp_path: Path) -> None:
    german = [GuildSpec(GUILD, "Verein", channels=[ChannelSpec(CHANNEL, "tisch")], locale="de")]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=german) as h:
        ada = h.user(100, "Ada", locale="de")
        synced = {c["name"]: c for c in h.backend.commands.get(None, [])}
        subs = {o["name"]: o for o in synced["mahjong"]["options"]}
        assert subs["history"]["name_localizations"]["de"] == "verlauf"
        rec = await h.slash("mahjong history", user=ada, channel=CHANNEL, locale="de")
        assert card(rec).text == "Auf diesem Server wurde noch keine Partie gespielt oder erfasst."
        storage = h.bot.storage
        await storage.remember_player(ada.id, "Ada")
        game = await recorded_game(storage, 30, [ada.id, 101, 102, 103], [[Payment(1, 0, 1500)]])
        rec = await h.slash("mahjong history", user=ada, channel=CHANNEL, locale="de")
        text = card(rec).text
        assert text.startswith("**Partien auf diesem Server** · Seite 1")
        assert f"**Partie {game}**" in text and "am echten Tisch erfasst · beendet · 1 Spiel" in text
        assert f"Ada **{signed(1500, 'de')}**" in text
        here = await stored_game(storage, 31, [ada.id, "ai:easy:1", "ai:easy:2", "ai:easy:3"], [[]])
        rec = await h.slash("mahjong history", user=ada, channel=CHANNEL, locale="de")
        page = card(rec)
        assert "Exportieren" in page.labels and "hier gespielt · beendet · 1 Spiel" in page.text
        assert (
            page.find(f"mj:replay-pick:{here}")["placeholder"] == f"Ein Spiel der Partie {here} nachspielen"
        )
        assert [o["label"] for o in page.select_options(f"mj:replay-pick:{here}")] == ["Spiel 1"]
        h.check()
