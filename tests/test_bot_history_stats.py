"""/stats member split by ruleset and by table size, with the member's last games: the pure
computation on hand-made records, and through the offline Discord harness with a game played
here, a three-player game recorded at a real table (never replayed: it has no log) and an undone
hand (never counted), in English and German."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import ChannelSpec, GuildSpec, Harness, StoredMessage
from test_bot_discord import CHANNEL, GUILD, config, make_bot

from bot.app import MahjongBot
from bot.cogs.stats import member_text
from bot.stats import LastGame, Split, SummaryCache, load_member_stats, member_stats
from bot.storage import HandSummary, Payment, Storage
from bot.storage.sql import Db
from bot.storage.stats import PlayedGame, PlayedHand
from bot.summary import summaries_from_log
from engine.numbers import signed
from engine.rulesets import get_ruleset

ADA, BO = 100, 101


def _game(
    game_id: int, ruleset: str, seats: tuple[int | str, ...], hands: list[PlayedHand], kind: str = "discord"
) -> PlayedGame:
    return PlayedGame(
        game_id,
        10,
        ruleset,
        {},
        1,
        seats,
        "finished",
        f"2026-01-0{game_id}T10:00:00Z",
        None,
        tuple(hands),
        kind,
    )


def test_member_figures_split_by_ruleset_and_table_size_with_last_games() -> None:
    four = (ADA, BO, "ai:easy:1", "ai:easy:2")
    three = (ADA, BO, 102)
    games = [
        _game(1, "dmjl", four, [PlayedHand(1, "winner=0", 1, "t", (Payment(1, 0, 50), Payment(2, 0, 50)))]),
        _game(
            2,
            "dmjl",
            four,
            [
                PlayedHand(1, "winner=1", 1, "t", (Payment(0, 1, 30),)),
                PlayedHand(2, "winner=0", 1, "t", (Payment(3, 0, 10),)),
            ],
        ),
        _game(3, "rumisberg", three, [PlayedHand(1, "winner=2", 1, "t", (Payment(0, 2, 200),))], "record"),
        _game(4, "huabao", (BO, 102, 103, 104), [PlayedHand(1, "winner=0", 1, "t", (Payment(1, 0, 9),))]),
        _game(5, "dmjl", four, [PlayedHand(1, "winner=0", 2, "t", (Payment(1, 0, 70),))]),  # another season
    ]
    me = member_stats(ADA, games, SummaryCache(), season_id=1)
    assert (me.hands, me.wins, me.net) == (4, 2, 100 - 30 + 10 - 200)
    assert me.by_ruleset == (Split("dmjl", 2, 3, 2, 80), Split("rumisberg", 1, 1, 0, -200))
    assert me.by_size == (Split("4", 2, 3, 2, 80), Split("3", 1, 1, 0, -200))
    assert me.by_ruleset[0].win_share == pytest.approx(2 / 3)
    # newest first, each with the member's chips over the whole game
    assert me.last_games == (
        LastGame(3, "2026-01-03T10:00:00Z", "rumisberg", {}, "record", -200),
        LastGame(2, "2026-01-02T10:00:00Z", "dmjl", {}, "discord", -20),
        LastGame(1, "2026-01-01T10:00:00Z", "dmjl", {}, "discord", 100),
    )
    body = member_text("Ada", "Season 1", me, "en")
    dmjl, rumisberg = get_ruleset("dmjl").title, get_ruleset("rumisberg").title
    assert f"By ruleset: {dmjl}: 3 hands, 2 wins (67%), chips +80 · {rumisberg}: 1 hand, 0 wins" in body
    assert "By table: four players: 3 hands, 2 wins (67%), chips +80 · three players: 1 hand, 0 wins" in body
    assert "Last games:\n- " in body
    assert f"· game 3 (recorded at a real table) · **{signed(-200)}**" in body
    german = member_text("Ada", "Saison 1", me, "de")
    assert "Nach Tischgröße: vier Spieler: 3 Spiele, 2 gewonnen (67\xa0%), Chips +80" in german
    assert "Letzte Partien:" in german and "Partie 3 (am echten Tisch erfasst)" in german


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    guild = GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")])
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild])
    yield harness
    await harness.close()


async def _sql(storage: Storage, sql: str, *params: object) -> None:
    async def work(db: Db) -> None:
        await db.execute(sql, params)

    await storage._write(work)


async def test_stats_count_recorded_games_without_replaying_them_and_never_an_undone_hand(
    h: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bo = h.user(ADA, "Ada"), h.user(BO, "Bo")
    storage = h.bot.storage
    won = HandSummary(0, self_drawn=True, values=(40, 0, 0, 0))
    here = await storage.create_game(GUILD, 30, [ada.id, bo.id, "ai:easy:1", "ai:easy:2"], 1)
    await storage.finish_hand(
        here.game_id, 1, result="winner=0", payments=[Payment(1, 0, 40), Payment(2, 0, 40)], summary=won
    )
    await storage.end_game(here.game_id, reason="finished")
    # Recorded at a real table, three players: hand 1 Bo wins from Ada, hand 2 (undone) Ada wins
    # 900, hand 3 Ada wins; hand 3 was booked without a summary (it must not be replayed).
    recorded = await storage.create_game(
        GUILD, 31, [ada.id, bo.id, 102], 1, ruleset="rumisberg", overrides={"players": 3}
    )
    game_id = recorded.game_id
    await storage.finish_hand(
        game_id, 1, result="winner=1", payments=[Payment(0, 1, 100)], summary=HandSummary(1, discarder=0)
    )
    await storage.start_hand(game_id, 2)
    await storage.finish_hand(game_id, 2, result="winner=0", payments=[Payment(1, 0, 900)], summary=won)
    await storage.start_hand(game_id, 3)
    await storage.finish_hand(game_id, 3, result="winner=0", payments=[Payment(2, 0, 60)])
    await storage.end_game(game_id, reason="finished")
    await _sql(storage, "UPDATE games SET kind = 'record', seed = 0 WHERE game_id = ?", game_id)
    await storage.adjust(GUILD, 999, 1, actor_id=1, reason="stands in for the undo's reversal")
    (reversal,) = await storage.transactions(GUILD, user_id=999, limit=1)
    await _sql(
        storage,
        "UPDATE hands SET reversed_at = finished_at, reversed_txn = ? WHERE game_id = ? AND hand_no = 2",
        reversal.txn_id,
        game_id,
    )
    replayed: list[int] = []

    def counted(game: PlayedGame, logs: dict[int, tuple[str, ...]]) -> dict[int, HandSummary]:
        replayed.append(game.game_id)
        return summaries_from_log(game, logs)

    monkeypatch.setattr("bot.stats.summaries_from_log", counted)
    cache = SummaryCache()
    _, me = await load_member_stats(storage, cache, GUILD, ada.id)
    assert replayed == []  # the recorded game has no log: never replayed
    reads: list[int] = []
    read = storage.hand_summaries

    async def counted_reads(game_ids: list[int]) -> dict[int, dict[int, HandSummary]]:
        reads.append(len(game_ids))
        return await read(game_ids)

    monkeypatch.setattr(storage, "hand_summaries", counted_reads)
    assert (await load_member_stats(storage, cache, GUILD, ada.id))[1] == me
    assert reads == []  # a warm cache knows the hand without a summary too: nothing read again
    monkeypatch.setattr(storage, "hand_summaries", read)
    assert (await storage.hand_summaries([game_id]))[game_id].keys() == {1, 2}  # no error summary stored
    # hands 1 and 3 of the recorded game count (3 from its stored result alone), hand 2 never
    assert (me.hands, me.wins, me.dealt_in, me.net) == (3, 2, 1, 80 - 100 + 60)
    assert me.by_ruleset == (Split("rumisberg", 1, 2, 1, -40), Split("dmjl", 1, 1, 1, 80))  # most hands first
    assert me.by_size == (Split("4", 1, 1, 1, 80), Split("3", 1, 2, 1, -40))
    assert [(g.game_id, g.kind, g.net) for g in me.last_games] == [
        (game_id, "record", -40),
        (here.game_id, "discord", 80),
    ]

    rec = await h.slash("stats member", user=bo, channel=CHANNEL, options={"member": ada.id})
    message = rec.last.target
    assert isinstance(message, StoredMessage)
    body = message.text
    assert "Hands played: **3**" in body and f"chips from hands: **{signed(me.net)}**" in body
    assert "By table: four players: 1 hand, 1 win (100%), chips +80 · three players: 2 hands" in body
    assert f"(recorded at a real table) · **{signed(-40)}**" in body
    rec = await h.slash("stats member", user=ada, channel=CHANNEL, locale="de")
    message = rec.last.target
    assert isinstance(message, StoredMessage)
    assert "Nach Regelwerk: " in message.text and "Letzte Partien:" in message.text
    assert f"Partie {game_id} (am echten Tisch erfasst)" in message.text
    h.check()
