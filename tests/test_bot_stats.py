"""/stats: a member's figures and a channel's, from the record (stored hands, the ledger,
replays of the logs), through the offline discord.py harness; the pure computation on hand-made
records; the chips chart's text size and reference images."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import ChannelSpec, GuildSpec, Harness, StoredMessage
from PIL import Image, ImageChops
from render_support import compare_reference
from test_bot_discord import CHANNEL, GUILD, OTHER_CHANNEL, config, guilds, make_bot, open_table, play_hand

from bot.app import MahjongBot
from bot.cogs.stats import member_text
from bot.stats import (
    HandFacts,
    SummaryCache,
    hand_facts,
    load_member_stats,
    member_stats,
    replay_facts,
    table_stats,
)
from bot.storage import HandSummary, Payment, Storage, StorageInputError
from bot.storage.stats import ChipPoint, PlayedGame, PlayedHand
from bot.summary import score_from_json, score_to_json, summaries_from_log
from engine.game import Game
from engine.numbers import signed
from engine.scoring.scorer import Score, ScoreLine
from render.chart import CHART_WIDTH, LABEL_PX, chart_display_sizes, compose_line_chart, nice_ticks
from render.layout import DISPLAY_WIDTH, cap_height


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


# ------------------------------------------------------------------ pure computation


def _score(total: int, *lines: ScoreLine) -> Score:
    return Score(
        ruleset="dmjl",
        won=True,
        points=total,
        doubles=0,
        limit=False,
        total=total,
        uncapped=total,
        items=lines,
        arrangement="",
    )


def _game(
    game_id: int, hands: list[PlayedHand], seats: tuple[int | str, ...] = (7, 8, "ai:easy", "ai:normal")
) -> PlayedGame:
    return PlayedGame(
        game_id,
        10,
        "dmjl",
        {},
        1,
        seats,
        "finished",
        "2026-01-01T10:00:00",
        "2026-01-01T12:00:00",
        tuple(hands),
    )


PONG = ScoreLine("exposed pong of simples [666s]", 2, 0, "P3", "[666s]")
DRAGONS = ScoreLine("pong of dragons [555z]", 0, 1, "D1", "[555z]")
MJ = ScoreLine("Mah-Jongg", 20, 0, "M1")


def test_member_figures_from_hand_made_records() -> None:
    hands = [
        PlayedHand(1, "winner=0 mahjong", 1, "t1", (Payment(1, 0, 40), Payment(2, 0, 40), Payment(3, 0, 40))),
        PlayedHand(2, "winner=1 mahjong", 1, "t2", (Payment(0, 1, 100),)),
        PlayedHand(3, "winner=none wall", 1, "t3"),
        PlayedHand(4, "winner=0 mahjong", 2, "t4", (Payment(1, 0, 10),)),  # another season
    ]
    cache = SummaryCache()
    cache.remember(
        5,
        {
            1: HandFacts(0, self_drawn=True, value=40, score=_score(40, PONG, MJ)),
            2: HandFacts(1, discarder=0, value=100, score=_score(100, DRAGONS, PONG, MJ)),
            3: HandFacts(None),
            4: HandFacts(0, value=10, score=_score(10, MJ)),
        },
    )
    chips = [
        ChipPoint(1, "t0", "starting_chips", 1000),
        ChipPoint(2, "t1", "hand", 120),
        ChipPoint(3, "t2", "hand", -100),
    ]
    me = member_stats(7, [_game(5, hands)], cache, season_id=1, chips=chips)
    assert (me.hands, me.wins, me.self_drawn, me.dealt_in) == (3, 1, 1, 1)
    assert me.win_share == pytest.approx(1 / 3) and me.average_win == 40 and me.net == 20
    assert me.best is not None and (me.best.value, me.best.hand_no, me.best.name) == (
        40,
        1,
        "exposed pong of simples",
    )
    assert me.chips == (1000, 1120, 1020) and me.patterns == (("exposed pong of simples", 1),)
    other = member_stats(8, [_game(5, hands)], cache, season_id=1)
    assert (other.wins, other.dealt_in, other.best and other.best.name) == (1, 0, "pong of dragons")
    assert other.patterns == (("exposed pong of simples", 1), ("pong of dragons", 1))
    # Without a replay the stored result still counts the win.
    bare = member_stats(7, [_game(6, hands)], SummaryCache(), season_id=1)
    assert (bare.hands, bare.wins, bare.best) == (3, 1, None)
    assert member_stats(99, [_game(5, hands)], cache, season_id=1).hands == 0
    assert "3" in member_text("Ada", "Season 1", me, "en") and "Gespielte Spiele" in member_text(
        "Ada", "S", me, "de"
    )


def test_member_figures_name_hands_and_patterns_in_the_readers_language() -> None:
    """Issue 28: a German /stats named the biggest hand and the patterns in English."""
    hands = [PlayedHand(1, "winner=0 mahjong", 1, "t1", (Payment(1, 0, 40),))]
    cache = SummaryCache()
    cache.remember(5, {1: HandFacts(0, value=40, score=_score(40, PONG, MJ))})
    de = member_stats(7, [_game(5, hands)], cache, season_id=1, lang="de")
    assert de.best is not None and de.best.name == "Pong aus Grundsteinen, offen"
    assert de.patterns == (("Pong aus Grundsteinen, offen", 1),)
    body = member_text("Ada", "Saison 1", de, "de")
    assert "Pong aus Grundsteinen, offen ×1" in body and "exposed" not in body
    en = member_stats(7, [_game(5, hands)], cache, season_id=1)
    assert en.patterns == (("exposed pong of simples", 1),)


def test_table_figures() -> None:
    long = _game(1, [PlayedHand(n, "winner=0 x", 1, f"t{n}") for n in range(1, 6)])
    short = _game(2, [PlayedHand(1, "winner=0 x", 1, "t")])
    figures = table_stats([short, long])
    assert (figures.games, figures.finished_games, figures.hands) == (2, 2, 6)
    assert figures.longest is not None and (figures.longest.game_id, figures.longest.hands) == (1, 5)
    assert table_stats([]).longest is None


# ------------------------------------------------------------------ chart


def test_chart_text_is_11_px_high_at_phone_width() -> None:
    assert chart_display_sizes()["text_cap_px"] >= 11
    assert cap_height(LABEL_PX) * DISPLAY_WIDTH / CHART_WIDTH >= 11
    plain = compose_line_chart([1, 2, 3], title="", first_label="")
    caps = compose_line_chart([1, 2, 3], title="", first_label="HHH")
    box = ImageChops.difference(plain, caps).getbbox()
    assert box is not None and (box[3] - box[1]) * DISPLAY_WIDTH / CHART_WIDTH >= 11
    assert plain.width == CHART_WIDTH
    assert nice_ticks(5, 5) and nice_ticks(-120, 340)[0] <= -120


@pytest.mark.parametrize("theme_name", ["dark", "light"])
def test_chart_reference_images(theme_name: str) -> None:
    values = [5000, 5120, 4980, 4700, 4890, 5300, 5650, 5400, 6100, 6020, 6400]
    image = compose_line_chart(
        values,
        title="Ada: chips in Season 1",
        first_label="season start",
        last_label="now 6,400",
        baseline=5000,
        theme_name=theme_name,  # type: ignore[arg-type]
    )
    compare_reference(f"chart-{theme_name}.png", image)


# ------------------------------------------------------------------ through Discord


async def test_stats_after_real_hands_match_the_record(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    people = [alice, bob]
    for _ in range(2):
        await play_hand(h, table, people)
        game = table.game
        assert game is not None
        if game.hand_number == 1 or game.deal.over:
            sheet = h.messages(CHANNEL)[-1]
            if "Next hand" in sheet.labels:
                await h.click(sheet, "Next hand", user=alice)
                await h.settle()
    game = table.game
    assert game is not None and game.history
    pos = table.position_of(alice.id)
    assert pos is not None
    rec = await h.slash("stats member", user=bob, channel=CHANNEL, options={"member": alice.id})
    assert rec.answered and not rec.ephemeral
    message = rec.last.target if rec.last is not None else None
    assert isinstance(message, StoredMessage)
    body = message.text
    wins = [r for r in game.history if r.winner == pos]
    assert f"Hands played: **{len(game.history)}**" in body
    assert f"wins: **{len(wins)}**" in body
    dealt = [
        r
        for r in game.history
        if r.winner not in (None, pos)
        and r.result.discarder is not None
        and (r.east + r.result.discarder) % 4 == pos
    ]
    assert f"Dealt into a win: **{len(dealt)}**" in body
    net = sum(r.nets[pos] for r in game.history)
    assert f"chips from hands: **{signed(net)}**" in body
    assert "chips.png" in message.filenames
    if wins:
        best = max(r.values[pos] for r in wins)
        assert f"biggest: **{best}**" in body and "best-hand.png" in message.filenames
    chart = Image.open(io.BytesIO(message.file("chips.png")))
    assert chart.width == CHART_WIDTH
    # The chart's last point is the ledger's balance.
    _, figures = await load_member_stats(h.bot.storage, SummaryCache(), GUILD, alice.id)
    assert figures.chips[-1] == await h.bot.storage.balance(GUILD, alice.id)
    # /stats table for the channel, and for a channel without games.
    rec = await h.slash("stats table", user=alice, channel=CHANNEL)
    target = rec.last.target if rec.last is not None else None
    assert isinstance(target, StoredMessage)
    assert "Games: **1**" in target.text and f"hands: **{len(game.history)}**" in target.text
    assert "Longest game: **" in target.text
    rec = await h.slash("stats table", user=alice, channel=OTHER_CHANNEL)
    target = rec.last.target if rec.last is not None else None
    assert isinstance(target, StoredMessage) and "No game has been played" in target.text
    # A season the server does not have; German.
    rec = await h.slash("stats member", user=alice, channel=CHANNEL, options={"season": 9})
    target = rec.last.target if rec.last is not None else None
    assert isinstance(target, StoredMessage) and "no season 9" in target.text
    rec = await h.slash("stats member", user=alice, channel=CHANNEL, locale="de")
    target = rec.last.target if rec.last is not None else None
    assert isinstance(target, StoredMessage) and f"Gespielte Spiele: **{len(game.history)}**" in target.text
    h.check()


async def test_stats_commands_speak_german(tmp_path: Path) -> None:
    german = [GuildSpec(GUILD, "Verein", channels=[ChannelSpec(CHANNEL, "tisch")], locale="de")]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=german) as h:
        alice = h.user(100, "alice", locale="de")
        synced = {c["name"]: c for c in h.backend.commands.get(None, [])}
        assert synced["stats"]["name_localizations"]["de"] == "statistik"
        subs = {o["name"]: o for o in synced["stats"]["options"]}
        assert subs["member"]["name_localizations"]["de"] == "mitglied"
        rec = await h.slash("stats table", user=alice, channel=CHANNEL, locale="de")
        target = rec.last.target if rec.last is not None else None
        assert isinstance(target, StoredMessage) and "noch keine Partie" in target.text
        rec = await h.slash("stats member", user=alice, channel=CHANNEL, locale="de")
        target = rec.last.target if rec.last is not None else None
        assert isinstance(target, StoredMessage) and "noch keine Saison" in target.text
        h.check()


# ------------------------------------------------------------------ hand summaries


def _engine_facts(game: Game) -> dict[int, HandFacts]:
    """What the live game's own records say about each hand, by the game's seats (as /stats
    learnt it from replays before summaries were stored)."""
    facts = {}
    for record in game.history:
        result = record.result
        if record.winner is None or result.winner is None:
            facts[record.number] = HandFacts(None)
            continue
        discarder = None
        if result.discarder is not None:
            discarder = game.order[(record.east + result.discarder) % 4]
        facts[record.number] = HandFacts(
            winner=game.order[record.winner],
            self_drawn=result.self_drawn,
            discarder=discarder,
            value=record.values[record.winner],
            score=result.scores[result.winner],
            win_tile=result.win_tile,
        )
    return facts


async def test_stored_summaries_are_what_a_replay_of_the_log_gives(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    game = table.game
    assert game is not None
    while len(game.history) < 3 or not any(r.winner is not None for r in game.history):
        await play_hand(h, table, [alice, bob])
        sheet = h.messages(CHANNEL)[-1]
        if "Next hand" in sheet.labels:
            await h.click(sheet, "Next hand", user=alice)
            await h.settle()
    storage = h.bot.storage
    _, (played,) = await storage.played_games(GUILD)
    logs = (await storage.game_logs([played.game_id]))[played.game_id]
    stored = (await storage.hand_summaries([played.game_id]))[played.game_id]
    # The summary written with each result is what a replay of the log gives, and the engine's own.
    assert len(stored) == len(played.hands) == len(game.history)
    assert stored == summaries_from_log(played, logs)
    assert {n: hand_facts(s) for n, s in stored.items()} == _engine_facts(game) == replay_facts(played, logs)
    for summary in stored.values():
        assert not summary.error
        if summary.score:
            assert score_to_json(score_from_json(summary.score)) == summary.score
    # /stats gives the figures it gave from the engine's records.
    season_id = played.hands[0].season_id
    chips = await storage.chip_history(GUILD, alice.id)
    engine = SummaryCache()
    engine.remember(played.game_id, _engine_facts(game))
    before = member_stats(alice.id, [played], engine, season_id=season_id, chips=chips)
    _, figures = await load_member_stats(storage, SummaryCache(), GUILD, alice.id)
    assert figures == before and figures.hands == len(game.history)

    # Hands finished before summaries were kept: replayed once, their summaries stored then.
    async def forget(db: object) -> None:
        await db.execute("DELETE FROM hand_summaries")  # type: ignore[attr-defined]

    await storage._write(forget)
    assert (await storage.hand_summaries([played.game_id]))[played.game_id] == {}
    replays: list[int] = []

    def counted(game: PlayedGame, logs: dict[int, tuple[str, ...]]) -> dict[int, HandSummary]:
        replays.append(game.game_id)
        return summaries_from_log(game, logs)

    monkeypatch.setattr("bot.stats.summaries_from_log", counted)
    _, figures = await load_member_stats(storage, SummaryCache(), GUILD, alice.id)
    assert figures == before and replays == [played.game_id]
    assert (await storage.hand_summaries([played.game_id]))[played.game_id] == stored
    _, figures = await load_member_stats(storage, SummaryCache(), GUILD, bob.id)  # as after a restart
    assert replays == [played.game_id] and figures.hands == len(game.history)
    # A summary never changes once stored.
    assert await storage.keep_hand_summaries({(played.game_id, 1): HandSummary(None, error="x")}) == 0
    h.check()


def test_a_log_that_does_not_replay_is_summarized_as_such() -> None:
    game = _game(5, [PlayedHand(1, "winner=0 mahjong", 1, "t1"), PlayedHand(2, "winner=1 mahjong", 1, "t2")])
    summaries = summaries_from_log(game, {1: ("E discard 1z",), 2: ()})
    assert set(summaries) == {1, 2} and all("does not replay" in s.error for s in summaries.values())
    assert hand_facts(summaries[1]) is None
    cache = SummaryCache()
    cache.add(game, summaries)
    # Counted from the stored results only.
    me = member_stats(7, [game], cache, season_id=1)
    assert (me.hands, me.wins, me.best) == (2, 1, None)


@pytest.mark.parametrize(
    "summary",
    [
        pytest.param(HandSummary(4), id="winner-beyond-the-seats"),
        pytest.param(HandSummary(0, discarder=-1), id="negative-discarder"),
        pytest.param(HandSummary(0, values=(1, "2")), id="value-not-a-number"),  # type: ignore[arg-type]
        pytest.param(HandSummary(0, self_drawn=1), id="self-drawn-not-a-bool"),  # type: ignore[arg-type]
        pytest.param(HandSummary(0, score="x" * 100_001), id="score-too-long"),
        pytest.param({"winner": 0}, id="not-a-summary"),
    ],
)
async def test_a_bad_summary_stores_nothing(tmp_path: Path, summary: object) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        game = await storage.create_game(1, 10, [7, 8, "ai:easy", "ai:easy"], 1)
        with pytest.raises(StorageInputError):
            await storage.finish_hand(game.game_id, 1, result="winner=0", summary=summary)  # type: ignore[arg-type]
        assert not (await storage.load_game(game.game_id)).hands[0].finished
        with pytest.raises(StorageInputError):
            await storage.keep_hand_summaries({(game.game_id, 1): summary})  # type: ignore[dict-item]
        assert await storage.hand_summaries([game.game_id]) == {game.game_id: {}}
