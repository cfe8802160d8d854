"""/rating show and /rating leaderboard, and the rating_by setting, through the offline harness:
a game finished at a Discord table is rated as openskill rates its people's order of finish;
the leaderboard orders by the conservative estimate and shows members with few games apart;
changing rating_by through /settings regroups the ratings; German answers."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import Harness, StoredMessage
from openskill.models import PlackettLuce
from PIL import Image
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot, play_one_hand_game

from bot.app import MahjongBot
from bot.cogs.rating import leaderboard_text
from bot.rating import MIN_GAMES, Rating, shown
from bot.storage import Payment, Storage
from engine.numbers import number
from render.chart import CHART_WIDTH


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


def answer(rec: object) -> StoredMessage:
    last = getattr(rec, "last", None)
    target = last.target if last is not None else None
    assert isinstance(target, StoredMessage), rec
    return target


async def stored_game(
    storage: Storage, seats: list[int | str], paid: list[tuple[int, int, int]], ruleset: str
) -> None:
    record = await storage.create_game(GUILD, CHANNEL + 50, seats, 1, ruleset=ruleset)
    await storage.finish_hand(
        record.game_id, 1, result="hand", payments=[Payment(a, b, n) for a, b, n in paid], ends_game=True
    )


async def test_a_game_at_the_table_is_rated_and_shown(harness: Harness[MahjongBot]) -> None:
    h = harness
    table, alice, bob = await play_one_hand_game(h)
    game = table.game
    assert game is not None
    # openskill, called directly, on the two people's chips in the game (the computers left out).
    chips = {u.id: sum(r.nets[table.position_of(u.id) or 0] for r in game.history) for u in (alice, bob)}
    model = PlackettLuce()
    users = [alice.id, bob.id]
    ranks = [1.0 + sum(1 for o in users if chips[o] > chips[u]) for u in users]
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    expected = {alice.id: a, bob.id: b}

    rec = await h.slash("rating show", user=bob, channel=CHANNEL, options={"member": alice.id})
    assert rec.answered and not rec.ephemeral
    message = answer(rec)
    mine = Rating(expected[alice.id].mu, expected[alice.id].sigma, 1)
    assert "**alice**: rating in DMJL classical Chinese (German league)" in message.text
    assert f"Rating: **{number(shown(mine.conservative))}**" in message.text
    assert f"skill {number(shown(mine.mu))} ± {number(shown(mine.sigma))}" in message.text
    assert "games counted: **1**" in message.text
    assert "Last game: place" in message.text and "of 2." in message.text
    chart = Image.open(io.BytesIO(message.file("rating.png")))
    assert chart.width == CHART_WIDTH
    (attachment,) = message.attachments
    assert attachment["description"].startswith("alice: rating in DMJL")

    rec = await h.slash("rating leaderboard", user=alice, channel=CHANNEL)
    board = answer(rec).text
    assert f"Fewer than {MIN_GAMES} games" in board
    first, second = sorted(users, key=lambda u: -(expected[u].mu - 3 * expected[u].sigma))
    assert board.index(f"<@{first}>") < board.index(f"<@{second}>")
    # Someone without a rated game; another ruleset's rating.
    rec = await h.slash("rating show", user=h.user(300, "cy"), channel=CHANNEL)
    assert "cy has no rated game in DMJL" in answer(rec).text
    rec = await h.slash("rating leaderboard", user=alice, channel=CHANNEL, options={"ruleset": "huabao"})
    assert "Nobody has a rated game in Hua Bao" in answer(rec).text
    h.check()


async def test_leaderboard_orders_by_the_conservative_estimate_and_the_setting_regroups(
    harness: Harness[MahjongBot],
) -> None:
    h = harness
    storage = h.bot.storage
    people = [11, 12, 13, 14]
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    for i in range(MIN_GAMES):  # 11 always first, 12 second ... in dmjl
        await stored_game(storage, people, [(3, 0, 30 + i), (3, 1, 20), (3, 2, 10)], "dmjl")
    await stored_game(storage, [15, 11, "ai:easy:1", "ai:easy:2"], [(1, 0, 40)], "huabao")
    rec = await h.slash("rating leaderboard", user=boss, channel=CHANNEL)
    text = answer(rec).text
    rows = [line for line in text.splitlines() if line[:1].isdigit()]
    assert [row.split()[1] for row in rows] == [f"<@{u}>" for u in people]
    assert "<@15>" not in text  # a huabao game is rated apart
    board = await storage.rating_board(GUILD, "dmjl")
    assert text == leaderboard_text("dmjl", board, "en")
    # /settings set rating_by classical: dmjl and huabao together, from the stored games.
    rec = await h.slash(
        "settings set", user=boss, channel=CHANNEL, options={"name": "rating_by", "value": "classical"}
    )
    assert not rec.ephemeral and "Every rating was rebuilt" in rec.text, rec.text
    assert await storage.rating_by(GUILD) == "classical"
    rec = await h.slash("rating leaderboard", user=boss, channel=CHANNEL, options={"ruleset": "huabao"})
    text = answer(rec).text
    assert "Leaderboard: the classical Chinese rules" in text
    assert "<@15>" in text and "Fewer than 5 games" in text
    eleven = await storage.member_rating(GUILD, 11, "classical")
    assert eleven is not None and eleven.rating.games == MIN_GAMES + 1
    # A value the setting does not take: a clear answer naming the choices, nothing changed.
    rec = await h.slash(
        "settings set", user=boss, channel=CHANNEL, options={"name": "rating_by", "value": "weekly"}
    )
    assert rec.ephemeral and "each ruleset on its own" in rec.text, rec.text
    assert await storage.rating_by(GUILD) == "classical"
    h.check()


async def test_rating_speaks_german(harness: Harness[MahjongBot]) -> None:
    h = harness
    storage = h.bot.storage
    await stored_game(storage, [21, 22, "ai:easy:1", "ai:easy:2"], [(1, 0, 1500)], "dmjl")
    ada = h.user(21, "ada", locale="de")
    rec = await h.slash("rating show", user=ada, channel=CHANNEL, locale="de")
    text = answer(rec).text
    assert "**ada**: Wertung in Klassische chinesische Mah-Jongg-Regeln (DMJL)" in text
    assert "gewertete Partien: **1**" in text
    rec = await h.slash("rating leaderboard", user=ada, channel=CHANNEL, locale="de")
    assert "Weniger als 5 Partien" in answer(rec).text
    computer = h.user(30, "robot", bot=True)
    rec = await h.slash(
        "rating show", user=ada, channel=CHANNEL, options={"member": computer.id}, locale="de"
    )
    assert rec.ephemeral and "Computerspieler haben keine Wertung" in rec.text
    synced = {c["name"]: c for c in h.backend.commands.get(None, [])}
    assert synced["rating"]["name_localizations"]["de"] == "wertung"
    h.check()


def test_leaderboard_text_lists_twenty_and_the_new_apart_within_a_message() -> None:
    established = [(1000 + i, Rating(40 - i * 0.5, 2.0, 9 + i)) for i in range(25)]
    new = [(2000 + i, Rating(30.0, 6.0, 1 + i % 4)) for i in range(12)]
    for lang in ("en", "de"):
        text = leaderboard_text("dmjl", established + new, lang)  # type: ignore[arg-type]
        assert len(text) <= 2000
        lines = text.splitlines()
        ranked = [line for line in lines if line[:1].isdigit()]
        assert [line.split()[1] for line in ranked] == [f"<@{1000 + i}>" for i in range(20)]
        assert lines.count("… and 5 more" if lang == "en" else "… und 5 weitere") == 1
        assert sum(line.startswith("<@20") for line in lines) == 10
        assert ("… and 2 more" if lang == "en" else "… und 2 weitere") in lines
    first = leaderboard_text("dmjl", established, "en").splitlines()[1]
    assert first == f"1. <@1000> **{number(shown(40 - 6.0))}** · 9 games"
