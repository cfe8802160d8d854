"""Issue 28 item 7: every number a person reads in /chips and /stats is grouped as the reader's
language groups it (``12,500`` / ``12.500``, a true minus sign), and every date is a Discord
timestamp (``<t:…:d>``), which each reader's client shows in their own locale and time zone;
item 11: ``/chips export`` of a season chosen by number, with its hands beside its ledger."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import ChannelSpec, GuildSpec, Harness, StoredMessage
from test_bot_discord import config, make_bot

from bot.app import MahjongBot
from bot.storage import Payment
from bot.storage.core import unstamp

GUILD, CHANNEL = 1, 10
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
TIMESTAMP = re.compile(r"<t:(\d+):d>")


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    guild = GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")])
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild])
    yield harness
    await harness.close()


async def _big_hands(h: Harness[MahjongBot]) -> tuple[int, int]:
    """Ada wins 15,000 from Bo and Bo 2,500 from Ada in two stored hands of one game; their
    balances after (Ada's starting chips + 12,500, Bo's − 12,500)."""
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    storage = h.bot.storage
    await storage.remember_player(ada.id, "Ada")
    await storage.remember_player(bo.id, "Bo")
    game = await storage.create_game(GUILD, CHANNEL, [ada.id, bo.id, "ai:easy", "ai:easy"], 3)
    await storage.finish_hand(game.game_id, 1, result="winner=0", payments=[Payment(1, 0, 15_000)])
    await storage.start_hand(game.game_id, 2)
    await storage.finish_hand(game.game_id, 2, result="winner=1", payments=[Payment(0, 1, 2_500)])
    return await storage.balance(GUILD, ada.id), await storage.balance(GUILD, bo.id)


def _grouped(value: int, lang: str) -> str:
    """``value`` grouped by hand (not by the formatter under test): ``12,500`` / ``12.500``."""
    digits = f"{abs(value):,}"
    shown = digits.replace(",", ".") if lang == "de" else digits
    return ("−" if value < 0 else "") + shown


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_chips_balance_and_history_group_as_the_reader_writes(
    h: Harness[MahjongBot], lang: str
) -> None:
    ada_chips, bo_chips = await _big_hands(h)
    assert ada_chips >= 10_000 and bo_chips <= -1000  # numbers that show grouping and a minus
    ada, bo = h.user(100, "Ada", locale=lang), h.user(101, "Bo", locale=lang)
    rec = await h.slash("chips balance", user=ada, channel=CHANNEL, locale=lang)
    assert f"**{_grouped(ada_chips, lang)}**" in rec.text
    rec = await h.slash("chips balance", user=bo, channel=CHANNEL, locale=lang)
    assert f"**{_grouped(bo_chips, lang)}**" in rec.text

    rec = await h.slash("chips history", user=ada, channel=CHANNEL, locale=lang)
    body = rec.text
    assert f"+{_grouped(15_000, lang)}`" in body and f"{_grouped(-2_500, lang)}`" in body
    assert not ISO_DATE.search(body), body  # no 2026-11-27: a Discord timestamp instead
    stamps = [int(s) for s in TIMESTAMP.findall(body)]
    (txn, *_) = await h.bot.storage.transactions(GUILD, user_id=ada.id)
    assert len(stamps) == 3  # the starting chips and the two hands
    assert stamps[0] == int(unstamp(txn.created_at).timestamp())  # newest first, its own time


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_an_adjustment_is_signed_and_grouped(h: Harness[MahjongBot], lang: str) -> None:
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale=lang)
    ada = h.user(100, "Ada", locale=lang)
    options = {"member": ada, "amount": -12_345, "reason": "miscount", "below_floor": True}
    rec = await h.slash("chips adjust", user=boss, channel=CHANNEL, options=options, locale=lang)
    assert f" {_grouped(-12_345, lang)} " in rec.text, rec.text
    chips = await h.bot.storage.balance(GUILD, ada.id)
    assert f" {_grouped(chips, lang)}." in rec.text, rec.text


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_stats_group_as_the_reader_writes_and_dates_are_timestamps(
    h: Harness[MahjongBot], lang: str
) -> None:
    await _big_hands(h)
    ada = h.user(100, "Ada", locale=lang)
    rec = await h.slash("stats member", user=ada, channel=CHANNEL, locale=lang)
    message = rec.last.target if rec.last is not None else None
    assert isinstance(message, StoredMessage)
    assert f"**+{_grouped(12_500, lang)}**" in message.text, message.text
    half = "50\xa0%" if lang == "de" else "50%"  # CLDR: German puts a no-break space before %
    assert f"({half})" in message.text  # one win in two hands

    rec = await h.slash("stats table", user=ada, channel=CHANNEL, locale=lang)
    message = rec.last.target if rec.last is not None else None
    assert isinstance(message, StoredMessage)
    assert not ISO_DATE.search(message.text), message.text
    (game,) = (await h.bot.storage.played_games(GUILD, channel_id=CHANNEL))[1]
    assert f"<t:{int(unstamp(game.created_at).timestamp())}:d>" in message.text


async def test_export_a_past_season_with_its_hands(h: Harness[MahjongBot]) -> None:
    """Item 11: ``/chips export season:`` exports that season's ledger and, beside it, its hands
    (one row per hand, every seat's holder, name and net; text escaped against formulas); the
    season option offers the server's seasons; an unknown season is refused with the ones there are."""
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    ada_chips, _ = await _big_hands(h)
    storage = h.bot.storage
    await storage.remember_player(101, "=HYPERLINK(1)")  # a name a spreadsheet would run
    first = await storage.current_season(GUILD)
    await storage.new_season(GUILD, starting_chips=1000, name="Winter")

    rec = await h.autocomplete("chips export", "season", "", user=boss, channel=CHANNEL)
    assert [(c["name"], c["value"]) for c in rec.choices] == [
        ("2: Winter (current)", 2),
        (f"1: {first.name}", 1),
    ]
    rec = await h.autocomplete("chips export", "season", "wint", user=boss, channel=CHANNEL)
    assert [c["value"] for c in rec.choices] == [2]
    rec = await h.autocomplete("chips leaderboard", "season", "1", user=boss, channel=CHANNEL, locale="de")
    assert [(c["name"], c["value"]) for c in rec.choices] == [(f"1: {first.name}", 1)]

    rec = await h.slash("chips export", user=boss, channel=CHANNEL, options={"season": first.number})
    assert rec.ephemeral and first.name in rec.text
    target = rec.last.target
    assert target.filenames == [f"ledger-{GUILD}-season-1.csv", f"hands-{GUILD}-season-1.csv"]  # type: ignore[union-attr]
    ledger = list(csv.DictReader(io.StringIO(target.file(target.filenames[0]).decode("utf-8-sig"))))  # type: ignore[union-attr]
    assert {r["season"] for r in ledger} == {"1"}
    ada_rows = [r for r in ledger if r["user_id"] == "100"]
    assert int(ada_rows[-1]["balance_after"]) == ada_chips  # the closed season, not Winter's 1000
    hands = list(csv.DictReader(io.StringIO(target.file(target.filenames[1]).decode("utf-8-sig"))))  # type: ignore[union-attr]
    assert [(r["hand_no"], r["net0"], r["net1"], r["net2"]) for r in hands] == [
        ("1", "15000", "-15000", "0"),
        ("2", "-2500", "2500", "0"),
    ]
    assert (hands[0]["seat0"], hands[0]["name0"], hands[0]["name1"], hands[0]["name2"]) == (
        "100",
        "Ada",
        "'=HYPERLINK(1)",
        "computer (easy)",
    )
    assert hands[0]["seat3"] == "ai:easy" and hands[0]["result"] == "winner=0"

    rec = await h.slash("chips export", user=boss, channel=CHANNEL)  # default: the current season
    target = rec.last.target
    assert target.filenames == [f"ledger-{GUILD}-season-2.csv", f"hands-{GUILD}-season-2.csv"]  # type: ignore[union-attr]
    assert list(csv.DictReader(io.StringIO(target.file(target.filenames[1]).decode("utf-8-sig")))) == []  # type: ignore[union-attr]

    rec = await h.slash("chips export", user=boss, channel=CHANNEL, options={"season": 7})
    assert rec.ephemeral and rec.text == (
        "This server has no season 7; its seasons are 1, 2. "
        "`/chips export` without a season exports this one."
    )
    h.check()
