"""The /score hand builder through the real discord.py dispatch, offline (tests/discord_harness.py):
a hand built click by click scores exactly as the typed hand, Undo, refusals on the card,
who pays whom, German, and a card that goes on after a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import FakeDiscord, FakeUser, Harness, StoredMessage
from test_bot_discord import CHANNEL, config, guilds, make_bot

from bot.app import MahjongBot
from bot.builder import Builder, BuilderError
from engine.tiles import Tile

EX01 = "234m 777z [555s] [678p] 99p"
PAYS_EX01 = "Payments to South: East pays 152, West pays 76, North pays 76"


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


async def open_card(h: Harness[MahjongBot], user: FakeUser, **options: object) -> StoredMessage:
    rec = await h.slash("score", user=user, channel=CHANNEL, options=options)
    assert rec.answered and rec.ephemeral
    card = rec.last.target
    assert isinstance(card, StoredMessage)
    return card


def card_id(card: StoredMessage, op: str) -> str:
    """The custom_id of the builder control ``op`` on the card as it is now."""
    found = [c for c in card.custom_ids if c.split(":")[2] == op and c.startswith(("mj:bb:", "mj:bs:"))]
    assert len(found) == 1, card.custom_ids
    return found[0]


async def pick(h: Harness[MahjongBot], card: StoredMessage, user: FakeUser, *tiles: str) -> None:
    """Pick tiles one select choice at a time (several distinct tiles of a suit at once)."""
    for group in tiles:
        codes = [f"{d}{group[-1]}" for d in group[:-1]]
        rec = await h.select(card, card_id(card, group[-1]), codes, user=user)
        assert rec.answered and "⚠️" not in card.text, card.text


async def press(h: Harness[MahjongBot], card: StoredMessage, user: FakeUser, op: str) -> None:
    rec = await h.click(card, card_id(card, op), user=user)
    assert rec.answered


async def build_ex01(h: Harness[MahjongBot], card: StoredMessage, user: FakeUser) -> None:
    """EX-01 (South, self-drawn 9p) click by click: the exposed sets marked after their tiles."""
    await pick(h, card, user, "5s", "5s", "5s")
    await press(h, card, user, "pong")
    await pick(h, card, user, "678p")
    await press(h, card, user, "chow")
    await pick(h, card, user, "234m", "7z", "7z", "7z", "9p", "9p")
    await h.select(card, card_id(card, "how"), ["s"], user=user)
    await h.select(card, card_id(card, "win"), ["9p"], user=user)


async def test_a_hand_built_click_by_click_scores_as_typed(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    card = await open_card(h, alice, seat="S")
    assert "Hand builder" in card.text and "0 of 14 tiles" in card.text and "seat South" in card.text
    assert "builder.png" not in card.filenames
    await build_ex01(h, card, alice)
    assert "Hand: `234m99p777z [555s] [678p]`" in card.text and "14 of 14 tiles" in card.text
    assert "Winning tile: Circles 9 (9p) · self-drawn · seat South · prevailing wind East" in card.text
    assert "builder.png" in card.filenames
    assert all(len(c) <= 100 for c in card.custom_ids)
    built = await h.click(card, card_id(card, "score"), user=alice)
    typed = await h.slash(
        "score",
        user=alice,
        channel=CHANNEL,
        options={"hand": EX01, "seat": "S", "win": "9p", "self_drawn": True},
    )
    assert built.ephemeral and built.text == typed.text
    assert "Total: 76" in built.text and PAYS_EX01 in built.text
    answer = built.last.target
    assert isinstance(answer, StoredMessage) and "hand.png" in answer.filenames
    posted = await h.click(answer, "Post in channel", user=alice)
    assert posted.answered and not posted.ephemeral and PAYS_EX01 in posted.text
    h.check()


async def test_undo_and_refusals_on_the_card(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    card = await open_card(h, alice)
    await press(h, card, alice, "undo")
    assert "Nothing to undo." in card.text
    await press(h, card, alice, "score")
    assert "Pick some tiles first." in card.text
    await pick(h, card, alice, "135m")
    await press(h, card, alice, "chow")
    assert "(135m) are not a Chow" in card.text
    await press(h, card, alice, "undo")
    assert "Hand: `13m`" in card.text and "⚠️" not in card.text
    await pick(h, card, alice, "4m")
    await press(h, card, alice, "kong")
    assert "A Kong takes the last 4 tiles" in card.text
    await pick(h, card, alice, "1m", "1m", "1m")
    await h.select(card, card_id(card, "m"), ["1m"], user=alice)
    assert "There are only four" in card.text and "(1m)" in card.text
    await pick(h, card, alice, "1f")
    await h.select(card, card_id(card, "f"), ["1f"], user=alice)
    assert "already in the hand" in card.text
    # Fill to 14: a 15th tile is refused, except the fourth of a set of three just picked.
    await pick(h, card, alice, "999p", "22s", "5z", "5z", "5z")
    assert "14 of 14 tiles" in card.text
    await h.select(card, card_id(card, "s"), ["1s"], user=alice)
    assert "No room for" in card.text and "(1s)" in card.text
    await h.select(card, card_id(card, "z"), ["5z"], user=alice)
    assert "⚠️" not in card.text
    await press(h, card, alice, "score")
    assert "Mark the last four tiles as a kong" in card.text
    await press(h, card, alice, "ckong")
    assert "(5555z)" in card.text and "14 of 14 tiles" in card.text
    await press(h, card, alice, "undo")
    assert "15 of 14 tiles" in card.text and "(5555z)" not in card.text
    h.check()


async def test_discarder_and_pays(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    card = await open_card(h, alice, seat="S")
    await build_ex01(h, card, alice)
    await h.select(card, card_id(card, "how"), ["d"], user=alice)
    await h.select(card, card_id(card, "from"), ["W"], user=alice)
    assert "on a discard from West" in card.text
    built = await h.click(card, card_id(card, "score"), user=alice)
    typed = await h.slash(
        "score",
        user=alice,
        channel=CHANNEL,
        options={"hand": EX01, "seat": "S", "win": "9p", "discarder": "W"},
    )
    assert (
        built.text == typed.text
        and "Payments to South: East pays 144, West pays 72, North pays 72" in built.text
    )
    assert any(c.startswith("mj:post:dmjl:SE:9p:dW:") for c in built.custom_ids)
    # The discarder's choice goes when the seat becomes the discarder's.
    await h.select(card, card_id(card, "seat"), ["W"], user=alice)
    assert "on a discard ·" in card.text and "seat West" in card.text
    h.check()


async def test_german_builder(harness: Harness[MahjongBot]) -> None:
    h = harness
    carla = h.user(300, "carla", locale="de")
    card = await open_card(h, carla, seat="S")
    assert "Hand-Baukasten" in card.text and "Platz Süd" in card.text
    assert {"Pong", "Chow", "Kong", "Verdeckter Kong", "Zurück", "Werten"} <= set(card.labels)
    await build_ex01(h, card, carla)
    built = await h.click(card, card_id(card, "score"), user=carla)
    assert "Summe: 76" in built.text and "Zahlungen an Süd: Ost zahlt 152" in built.text
    assert built.last is not None and "Im Kanal zeigen" in built.last.target.labels  # type: ignore[union-attr]
    await press(h, card, carla, "undo")
    await press(h, card, carla, "chow")
    assert "sind kein Chow" in card.text
    synced = {c["name"]: c for c in h.backend.commands.get(None, [])}
    options = {o["name"]: o for o in synced["score"]["options"]}
    assert options["discarder"]["name_localizations"]["de"] == "abwerfer"
    assert not options["hand"].get("required")  # /score without a hand opens the builder
    h.check()


async def test_a_builder_card_goes_on_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice = h.user(100, "alice")
    card = await open_card(h, alice, seat="S")
    await pick(h, card, alice, "5s", "5s", "5s")
    await press(h, card, alice, "pong")
    await pick(h, card, alice, "678p")
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await press(h2, card, alice, "chow")
        assert "Hand: `[555s] [678p]`" in card.text
        await pick(h2, card, alice, "234m", "7z", "7z", "7z", "9p", "9p")
        await h2.select(card, card_id(card, "how"), ["s"], user=alice)
        built = await h2.click(card, card_id(card, "score"), user=alice)
        assert "Total: 76" in built.text and PAYS_EX01 in built.text
        await press(h2, card, alice, "undo")
        assert "Hand: `234m9p777z [555s] [678p]`" in card.text
        h2.check()
    finally:
        await h2.close()


def test_builder_state_fits_a_custom_id() -> None:
    """The fullest hand (four kongs, a pair, eight bonus tiles) fits with room to spare."""
    b = Builder(ruleset="huabao", seat=3, prevailing=2, how="k", discarder=1, win=Tile.parse("9p"))
    for kong in ("1m", "5p", "9s", "7z"):
        b = b.add([Tile.parse(kong)] * 4).mark("concealed_kong")
    b = b.add([Tile.parse("9p"), Tile.parse("9p")] + [Tile.parse(f"{i}f") for i in range(1, 9)])
    assert b.count == 14 and Builder.decode(b.encode()) == b
    assert len("mj:bs:round:" + b.encode()) <= 100
    for broken in ("", "9", "00d-", "000x--", "000d--QQ", "000d--11111", "000d-ZZ"):
        with pytest.raises(BuilderError):
            Builder.decode(broken)
