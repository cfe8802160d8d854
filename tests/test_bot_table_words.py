"""The table's words (issue 28, items 1, 2, 4, 6 and 8), through the offline Discord harness:
computer players' names, wind names and the word for a hand, Next hand clicked twice, tiles by
name where people choose, and a seat that is away."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from discord_harness import ChannelSpec, FakeDiscord, GuildSpec, Harness, StoredMessage
from test_bot_discord import (
    CHANNEL,
    GUILD,
    asked,
    config,
    guilds,
    harness,
    make_bot,
    open_table,
    pass_time,
    play_card,
    play_hand,
    wait_for_turn,
)
from test_bot_gulasch import SEED_EAST, my_card, open_rumisberg, pick_id, tiles_of, to_a_gulasch

from bot.app import MahjongBot
from bot.i18n import text
from bot.presenter import say_tiles
from bot.table import MAX_EXPIRIES, Table
from engine.rulesets import get_ruleset
from engine.tiles import Lang, Tile, tile_name, wind_name
from engine.views import Phase
from render.examples import example
from render.layout import words
from render.sheet import sheet_lines

__all__ = ["harness"]  # the fixture, shared with tests/test_bot_discord.py

COMPUTER = re.compile(r"Computer \d+")
SUIT_CODE = re.compile(r"(?<![0-9A-Za-z])(?:[1-9]+[mpszf])+(?![0-9A-Za-z])")
"""Tile codes (``5p``, ``7z``, ``1f``, ``999m``): notation for typing, never what people read."""


def computer_names(table: Table) -> list[str]:
    return [s.name for s in table.seats if s.user_id is None]


async def test_computers_keep_unique_names_through_join_leave_add_and_a_restart(tmp_path: Path) -> None:
    """Item 1: Add computer ×3, a person joins (Computer 1's seat) and leaves, Add computer gave a
    second "Computer 3". Names are unique at a table (the lowest free number), and a restart names
    every computer as the lobby did."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
    table = h.bot.tables[CHANNEL]
    assert computer_names(table) == ["Computer 1", "Computer 2", "Computer 3"]
    await h.click(h.messages(CHANNEL)[-1], "Join", user=bob)
    assert computer_names(table) == ["Computer 2", "Computer 3"]
    await h.click(h.messages(CHANNEL)[-1], "Leave", user=bob)
    await h.click(h.messages(CHANNEL)[-1], "Add computer", user=alice)
    names = computer_names(table)
    assert sorted(names) == ["Computer 1", "Computer 2", "Computer 3"], names
    lobby = h.messages(CHANNEL)[-1].text
    assert sorted(COMPUTER.findall(lobby)) == ["Computer 1", "Computer 2", "Computer 3"], lobby
    await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
    await h.settle()
    assert table.game is not None
    before = [s.name for s in table.seats]
    assert len(set(before)) == 4 and list(table.game.names) == [table.seat_at(p).name for p in range(4)]
    await play_hand(h, table, [alice])
    sheet = next(m for m in reversed(h.messages(CHANNEL)) if "sheet.png" in m.filenames)
    assert SUIT_CODE.findall(sheet.text) == [], sheet.text  # the sheet names its tiles
    payments = next(line for line in sheet.text.splitlines() if "→" in line)
    for payer, payee in re.findall(r"([\w ]+?) → ([\w ]+?):", payments):
        assert payer != payee, payments
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        again = h2.bot.tables[CHANNEL]
        assert [s.name for s in again.seats] == before
        assert again.game is not None and again.game.names == table.game.names
    finally:
        await h2.close()


async def test_computers_stored_without_a_number_are_numbered_in_seat_order(tmp_path: Path) -> None:
    """A game stored before computers kept their numbers (``ai:<level>``) is restored as then:
    its computers numbered in seat order; their chips go to the level's account as before."""
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    await h.bot.storage.create_game(GUILD, CHANNEL, [100, "ai:easy", "ai:normal", "ai:normal"], 7)
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        table = h2.bot.tables[CHANNEL]
        assert [(s.name, s.level) for s in table.seats[1:]] == [
            ("Computer 1", "easy"),
            ("Computer 2", "normal"),
            ("Computer 3", "normal"),
        ]
    finally:
        await h2.close()


def test_a_payment_line_sets_the_amount_apart_from_the_names() -> None:
    """Item 1: "Computer 2 → Computer 2 64" glued the amount to a name that ends in a number."""
    ex = example(7)
    line = next(line for line in sheet_lines(ex.sheet, ex.players) if "→" in line)
    assert re.fullmatch(r"Payments: (.+? → .+?: [\d,]+)(, .+? → .+?: [\d,]+)*", line), line


async def test_a_german_table_names_winds_and_the_hand_as_its_image_does(tmp_path: Path) -> None:
    """Item 2: a German status line said "Hand 1 · East-Runde" beside an image saying "Runde Ost ·
    Spiel 1". Wind names come from engine.tiles.wind_name, and a hand is a "Spiel" (the seeds:
    000 §3.9 "eine Runde besteht daher aus mindestens vier Spielen", 001 "Jahr, Runde und Spiel",
    002 "Ein neues Spiel beginnt") in text and images alike."""
    german = [GuildSpec(GUILD, "Verein", channels=[ChannelSpec(CHANNEL, "tisch")], locale="de")]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=german) as h:
        alice = h.user(100, "alice", locale="de")
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        await h.click(h.messages(CHANNEL)[-1], "Starten", user=alice)
        await h.settle()
        table = h.bot.tables[CHANNEL]
        game = table.game
        assert game is not None
        w = words("de")
        round_words = w["round"].format(wind=wind_name(game.prevailing, "de"))
        status = h.message(table.message_id or 0).text
        assert status.startswith(f"{w['hand'].format(n=1)} · {round_words} · "), status
        for english in ("East", "South", "West", "North", "Hand 1"):
            assert english not in status, status
        await play_hand(h, table, [alice])
        sheet = next(m for m in reversed(h.messages(CHANNEL)) if "sheet.png" in m.filenames)
        assert "Nächstes Spiel" in sheet.labels, sheet.labels
        assert SUIT_CODE.findall(sheet.text) == [], sheet.text  # the sheet names its tiles
        await h.settle()
        over = h.message(table.message_id or 0).text
        assert "Das Spiel ist vorbei." in over or "Die Partie ist vorbei." in over, over


async def test_an_english_table_names_the_round_as_its_image_does(tmp_path: Path) -> None:
    """Item 2 in English: "Hand 1 · East round", as the image says "East round · Hand 1"."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        await h.settle()
        table = h.bot.tables[CHANNEL]
        assert table.game is not None
        w = words("en")
        round_words = w["round"].format(wind=wind_name(table.game.prevailing, "en"))
        status = h.message(table.message_id or 0).text
        assert status.startswith(f"{w['hand'].format(n=1)} · {round_words} · "), status


def codes_shown(card: StoredMessage) -> list[str]:
    """Tile codes in what a person reads on a card: its text, labels, select options."""
    shown = [card.text, *card.labels]
    for custom_id in card.custom_ids:
        with contextlib.suppress(Exception):
            for option in card.select_options(custom_id):
                shown += [option.get("label", ""), option.get("description", "") or ""]
    return [code for part in shown for code in SUIT_CODE.findall(part)]


@pytest.mark.parametrize(("lang", "ruleset"), [("en", "dmjl"), ("de", "dmjl"), ("de", "jiangxi")])
async def test_a_card_names_its_tiles_in_the_discard_select_and_the_hint(
    tmp_path: Path, lang: Lang, ruleset: str
) -> None:
    """Item 6: the discard select offered `1z`, `7z` and the English hint said "Discard 1z ...".
    Options, buttons and hints name the tiles (jiangxi's as seed 004 names them); the option's
    value keeps the code the click carries."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        alice = h.user(100, "alice", locale="de" if lang == "de" else "en-US")
        rec = await h.slash(
            "mahjong new", user=alice, channel=CHANNEL, options={"computers": 3, "ruleset": ruleset}
        )
        assert rec.answered and not rec.ephemeral, rec.text
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        table = h.bot.tables[CHANNEL]
        await wait_for_turn(h, table, alice)
        rec = await h.click(h.message(table.message_id or 0), f"mj:hand:{CHANNEL}", user=alice)
        card = rec.last.target
        assert isinstance(card, StoredMessage)
        (select,) = [c for c in card.custom_ids if c.startswith("mj:discard:")]
        options = card.select_options(select)
        assert options
        for option in options:
            tile = Tile.parse(option["value"])  # the value keeps the code
            assert option["label"] == tile_name(tile, lang, ruleset), option
            assert not option.get("description")
        assert codes_shown(card) == [], card.text
        hint_label = "Tipp" if lang == "de" else "Hint"
        await h.click(card, hint_label, user=alice)
        card = h.message(card.id)
        ready = "bereit" if lang == "de" else "ready"  # the hint is on the card
        assert ready in card.text or "Mah-Jongg" in card.text, card.text
        assert codes_shown(card) == [], card.text


async def test_the_gulasch_confirm_button_names_the_tiles_in_german(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 6: the Gulasch confirm button said "Give 1p 9p 1z"; it names the tiles, in the
    reader's language, and so does the select it comes from."""
    h = harness
    table = await open_rumisberg(h, monkeypatch, SEED_EAST)
    await to_a_gulasch(h, table)
    alice = h.user(100, "alice", locale="de")
    card = await my_card(h, alice)
    options = card.select_options(pick_id(card))
    for option in options:
        code, _, copy = option["value"].partition("#")
        name = tile_name(Tile.parse(code), "de")
        assert option["label"] == (name if copy in ("", "1") else f"{name} #{copy}"), option
    values = [options[0]["value"], options[5]["value"], options[13]["value"]]
    rec = await h.select(card, pick_id(card), values, user=alice)
    assert rec.answered
    card = h.message(card.id)
    gave = say_tiles(tiles_of(values), "de")
    assert f"{gave} geben" in card.labels, card.labels
    assert codes_shown(card) == [], (card.text, card.labels)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_second_click_on_next_hand_says_the_hand_started_and_shows_the_card(
    tmp_path: Path, lang: Lang
) -> None:
    """Item 4: a second click on Next hand (or an old sheet's button) answered "The table moved
    on: here is your hand now." and showed no hand. It says that the next hand has started and
    gives a seated person their card; someone not seated is told the same, without a card."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        locale = "de" if lang == "de" else "en-US"
        alice, bob = h.user(100, "alice", locale=locale), h.user(200, "bob", locale=locale)
        carol = h.user(300, "carol", locale=locale)
        table = await open_table(h, alice, bob)
        await play_hand(h, table, [alice, bob])
        await h.settle()
        sheet = next(m for m in reversed(h.messages(CHANNEL)) if "sheet.png" in m.filenames)
        (next_id,) = [c for c in sheet.custom_ids if c.startswith("mj:next:")]
        rec = await h.click(sheet, next_id, user=bob)
        assert rec.answered
        await h.settle()
        assert table.game is not None and table.game.hand_number == 2
        started = text("next_hand_started", lang, number=2)
        for user in (alice, bob):  # the second click, and the first clicker's again
            rec = await h.click(sheet, next_id, user=user)
            assert rec.answered and rec.ephemeral
            card = rec.last.target if rec.last is not None else None
            assert isinstance(card, StoredMessage) and "hand.png" in card.filenames
            assert card.text.startswith(started), card.text
            assert text("stale", lang) not in card.text
        assert table.game.hand_number == 2  # nothing else happened
        rec = await h.click(sheet, next_id, user=carol)
        assert rec.answered and rec.ephemeral
        assert rec.text == text("next_hand_started_seen", lang, number=2), rec.text


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_an_away_persons_card_says_so_and_offers_only_the_way_back(tmp_path: Path, lang: Lang) -> None:
    """Item 8: a person marked away (three missed turns) still saw "Your turn: discard a tile."
    with a live select on their open card. The card says that a computer plays for them and
    offers only I'm back; I'm back gives the seat and a playing card back."""
    fast = config(tmp_path / "db.sqlite3", turn_seconds=20.0, claim_seconds=10.0)
    async with Harness.running(make_bot(fast), guilds=guilds()) as h:
        alice = h.user(100, "alice", locale="de" if lang == "de" else "en-US")
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        await h.settle()
        table = h.bot.tables[CHANNEL]
        game = table.game
        assert game is not None
        rec = await h.click(h.message(table.message_id or 0), f"mj:hand:{CHANNEL}", user=alice)
        card = rec.last.target if rec.last is not None else None
        assert isinstance(card, StoredMessage)
        seat = table.seats[table.seat_of(alice.id) or 0]
        for _ in range(200):
            if seat.away or game.deal.over:
                break
            await pass_time(h, 20.0)
        assert seat.away
        await h.settle()
        card = h.message(card.id)  # the open card, edited in place
        assert text("card_away", lang) in card.text, card.text
        assert text("card_turn", lang) not in card.text
        assert card.labels == [text("im_back", lang)], card.labels
        assert not [c for c in card.custom_ids if c.startswith(("mj:discard:", "mj:act:", "mj:pick:"))]
        rec = await h.click(card, text("im_back", lang), user=alice)
        assert rec.answered and not seat.away
        back = rec.last.target if rec.last is not None else None
        assert isinstance(back, StoredMessage) and text("card_away", lang) not in back.text


async def test_letting_claim_windows_run_out_is_no_missed_turn(tmp_path: Path) -> None:
    """Item 8: a claim window a person let run out counted as a time-out toward being marked
    away; letting a discard go by is how people pass. Only missed turns count."""
    fast = config(tmp_path / "db.sqlite3", turn_seconds=20.0, claim_seconds=10.0)
    async with Harness.running(make_bot(fast), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        await h.settle()
        table = h.bot.tables[CHANNEL]
        game = table.game
        assert game is not None
        seat = table.seats[table.seat_of(alice.id) or 0]
        windows = 0
        for _ in range(600):
            await h.settle()
            if game.deal.over or windows >= MAX_EXPIRIES + 1:
                break
            position = table.position_of(alice.id)
            assert position is not None
            if not asked(table, position):
                continue
            if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING):
                await pass_time(h, 10.0)  # the window runs out: alice passes
                windows += 1
                assert seat.expiries == 0 and not seat.away, windows
            else:
                await play_card(h, table, alice)
        assert windows > 0 and not seat.away


@pytest.mark.parametrize(("lang", "title"), [("en", "Mah-Jongg table: "), ("de", "Mah-Jongg-Tisch: ")])
async def test_the_lobby_names_its_ruleset_as_people_do(tmp_path: Path, lang: str, title: str) -> None:
    """The lobby's title names the ruleset by its title in the table's language, not its
    identifier (``dmjl``), before and after the start."""
    guild = [GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale=lang)]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guild) as h:
        alice = h.user(100, "alice", locale=lang)
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        lobby = h.messages(CHANNEL)[-1]
        named = title + get_ruleset("dmjl").title_in("de" if lang == "de" else "en")
        assert lobby.text.startswith(named + "\n") and "dmjl" not in lobby.text
        await h.click(lobby, text("start", "de" if lang == "de" else "en"), user=alice)
        await h.settle()
        assert h.message(lobby.id).text == named
