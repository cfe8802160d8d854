"""The Gulasch exchange in the bot (rumisberg, RULES.md §2.4.6, A-RU-07), through the real
discord.py dispatch, offline (tests/discord_harness.py).

Hand 1 is played out by the time-out defaults (nobody declares Mah-Jongg for an absent player),
stored and booked as the table does it, so it is drawn and hand 2 is a Gulasch. A person plays
the exchange on the private card: a select of three tiles and its confirm, East's decision
buttons, a swap with the wall, **Keep my tiles**; the computer players play their part; the
public messages never name a tile nor carry a move; a stale pick is refused on the card; time-outs
play the defaults; and a whole Gulasch hand is played to its end and booked."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_harness import FakeUser, Harness, StoredMessage
from test_bot_discord import (
    CHANNEL,
    assert_booked,
    config,
    guilds,
    make_bot,
    pass_time,
    play_hand,
    table_of,
)

from bot.app import MahjongBot
from bot.presenter import say_tiles
from bot.table import Table
from engine.actions import Action
from engine.errors import IllegalActionError
from engine.game import Game
from engine.seats import Position
from engine.tiles import Tile, Wind, tiles_str
from engine.views import Phase

SEED_EAST = 12
"""A game seed at which the first person seated (alice) is East."""
SEED_WEST = 2
"""A game seed at which alice sits West: East's first partner in the exchange."""
SEED_EAST_THREE = 4
"""Three players: alice is East."""

SUIT_CODE = re.compile(r"(?<![0-9A-Za-z])[1-9][mpsz](?![0-9A-Za-z])")
MOVE_IDS = ("mj:act:", "mj:pick:", "mj:discard:")


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


async def open_rumisberg(
    h: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch, seed: int, **options: object
) -> Table:
    """A rumisberg table of alice and computer players, at a chosen game seed."""
    h.bot.seeds = lambda: seed  # every new game gets this seed
    alice = h.user(100, "alice")
    asked = {"ruleset": "rumisberg", "computers": 3, **options}
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options=asked)
    assert rec.answered and not rec.ephemeral, rec.text
    await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
    await h.settle()
    table = table_of(h)
    assert table.game is not None and table.game.seed == seed
    return table


async def to_a_gulasch(h: Harness[MahjongBot], table: Table, *, exchange: bool = True) -> None:
    """Play hand 1 out by the time-out defaults (stored and booked as the table does), then
    **Next hand**: the drawn hand makes hand 2 a Gulasch, which begins with the exchange."""
    game = table.game
    assert game is not None
    async with table.lock:
        while not game.deal.over:
            await table._store_and_apply(game.default_action(game.to_act()[0]))
    await h.settle()
    assert game.history[-1].winner is None and game.gulasch
    sheet = h.messages(CHANNEL)[-1]
    await h.click(sheet, "Next hand", user=h.user(100, "alice"))
    await h.settle()
    assert game.hand_number == 2 and all(a.kind == "give" for a in game.deal.log[:1])
    assert game.deal.phase == Phase.EXCHANGE or not exchange


async def my_card(h: Harness[MahjongBot], user: FakeUser) -> StoredMessage:
    """The person's private card, opened with **My hand** on the table message."""
    table = table_of(h)
    rec = await h.click(h.message(table.message_id or 0), f"mj:hand:{CHANNEL}", user=user)
    assert rec.answered and rec.ephemeral
    card = rec.last.target
    assert isinstance(card, StoredMessage) and "hand.png" in card.filenames
    return card


def pick_id(card: StoredMessage) -> str:
    """The custom_id of the card's exchange select."""
    (custom_id,) = [c for c in card.custom_ids if c.startswith("mj:pick:")]
    assert re.fullmatch(rf"mj:pick:{CHANNEL}:\d+:(give|swap)", custom_id)  # no tile in it
    return custom_id


def bounds(card: StoredMessage) -> tuple[int, int]:
    select = card.find(pick_id(card))
    return int(select["min_values"]), int(select["max_values"])


def tiles_of(values: list[str]) -> tuple[Tile, ...]:
    return tuple(sorted(Tile.parse(v.partition("#")[0]) for v in values))


async def choose(
    h: Harness[MahjongBot], card: StoredMessage, user: FakeUser, values: list[str]
) -> StoredMessage:
    """Pick tiles in the exchange select: nothing is applied; the card comes back with the
    choice still chosen and one confirm button."""
    game = table_of(h).game
    assert game is not None
    before = game.version
    rec = await h.select(card, pick_id(card), values, user=user)
    assert rec.answered and rec.last.target is not None and rec.last.target.id == card.id
    assert game.version == before
    card = h.message(card.id)
    assert card.ephemeral  # the card is edited in place: it stays the person's own
    assert "Confirm below, or choose again" in card.text
    assert [o["value"] for o in card.select_options(pick_id(card)) if o.get("default")] == values
    assert len([c for c in card.custom_ids if re.fullmatch(r"mj:act:\d+:\d+:(give|swap)-[0-9mpsz]+", c)]) == 1
    return card


async def confirm(h: Harness[MahjongBot], card: StoredMessage, user: FakeUser) -> StoredMessage:
    (target,) = [c for c in card.custom_ids if re.search(r":(give|swap)-", c)]
    rec = await h.click(card, target, user=user)
    assert rec.answered
    await h.settle()
    return h.message(card.id)


def lines(game: Game) -> list[str]:
    """The current hand's log."""
    return [str(a) for a in game.deal.log]


def watch(h: Harness[MahjongBot]) -> dict[int, tuple[int, Phase]]:
    """(hand, phase) of the table at each request the bot makes."""
    seen: dict[int, tuple[int, Phase]] = {}

    def observe(request: Any) -> None:
        table = h.bot.tables.get(CHANNEL)
        if table is not None and table.game is not None:
            seen[request.seq] = (table.game.hand_number, table.game.deal.phase)

    h.observers.append(observe)
    return seen


def assert_public_exchange_hides_tiles(
    h: Harness[MahjongBot], seen: dict[int, tuple[int, Phase]]
) -> list[str]:
    """No public request made during hand 2's exchange names a suit tile or carries a move's
    custom_id; their texts."""
    public = [r for r in h.public_requests() if seen.get(r.seq) == (2, Phase.EXCHANGE)]
    for request in public:
        assert not SUIT_CODE.findall(request.text), request.text
        assert not [c for c in request.custom_ids if c.startswith(MOVE_IDS)], request.custom_ids
    return [r.text for r in public if r.text]


async def test_east_plays_the_whole_exchange_on_the_card(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice = h.user(100, "alice")
    seen = watch(h)
    table = await open_rumisberg(h, monkeypatch, SEED_EAST)
    game = table.game
    assert game is not None and table.position_of(alice.id) == game.east == 0
    await to_a_gulasch(h, table)
    name = {w: table.seat_at(game.position_of(w)).name for w in Wind}
    # The computer opposite chose at once; East still chooses.
    assert lines(game)[0].startswith("W give ") and len(lines(game)) == 1
    expected = f"Gulasch exchange: {name[Wind.WEST]} (West) has chosen; <@100> (East) still chooses"

    # The edit after the computer's choice is done when the bot is at rest (settle waits for
    # the publisher and the render in its thread, however slow the machine).
    status = h.message(table.message_id or 0).text
    assert expected in status, status

    # Round 1: East gives three tiles to West, South and North in turn: pick, confirm.
    card = await my_card(h, alice)
    for wind in (Wind.WEST, Wind.SOUTH, Wind.NORTH):
        partner = f"{name[wind]} ({wind.name.title()})"
        assert f"choose three tiles to give {partner}, face down" in card.text
        assert bounds(card) == (3, 3)
        options = card.select_options(pick_id(card))
        held = game.view(game.east).concealed
        assert [o["value"].partition("#")[0] for o in options] == [str(t) for t in held]
        assert len(options) == 14 and len({o["value"] for o in options}) == 14
        values = [options[0]["value"], options[5]["value"], options[13]["value"]]
        gave = tiles_of(values)
        card = await choose(h, card, alice, values)
        assert f"Give {say_tiles(gave, 'en')} to {partner}?" in card.text
        assert f"Give {say_tiles(gave, 'en')}" in card.labels
        card = await confirm(h, card, alice)
        assert f"E give {tiles_str(gave)}" in lines(game)
        got = Action.parse(
            next(x for x in reversed(lines(game)) if x.startswith(f"{wind.letter} give "))
        ).tiles
        assert Counter(game.view(game.east).concealed) == Counter(held) - Counter(gave) + Counter(got)
        assert (
            f"You gave {say_tiles(gave, 'en')} and received {say_tiles(got, 'en')} from {partner}."
            in card.text
        )
    assert sum(1 for x in lines(game) if x.startswith("E give ")) == 3

    # East decides: exchange with the wall.
    assert "You are East and decide: exchange with the wall" in card.text
    assert {"Exchange with the wall", "Begin play"} <= set(card.labels)
    assert not [c for c in card.custom_ids if c.startswith("mj:pick:")]
    await h.click(card, "Exchange with the wall", user=alice)
    await h.settle()
    assert "E continue" in lines(game)

    # Go-around 1: East swaps two tiles with the wall (one to three may be chosen).
    card = h.message(card.id)
    assert "go-around 1 of 3" in card.text and "Keep my tiles" in card.labels
    assert bounds(card) == (1, 3)
    values = [o["value"] for o in card.select_options(pick_id(card))[:2]]
    laid = tiles_of(values)
    card = await choose(h, card, alice, values)
    assert f"Lay down {say_tiles(laid, 'en')} and take as many from the wall?" in card.text
    assert f"Swap {say_tiles(laid, 'en')}" in card.labels
    card = await confirm(h, card, alice)
    assert f"E swap {tiles_str(laid)}" in lines(game)
    assert f"You gave {say_tiles(laid, 'en')} and received " in card.text and "from the wall." in card.text

    # The computers' turns of go-around 1; East lets it go on, keeps his tiles, then play begins.
    assert "another go-around with the wall (1 of 3 done)" in card.text
    await h.click(card, "Exchange with the wall", user=alice)
    await h.settle()
    card = h.message(card.id)
    assert "go-around 2 of 3" in card.text
    await h.click(card, "Keep my tiles", user=alice)
    await h.settle()
    assert "E pass" in lines(game)
    card = h.message(card.id)
    assert "(2 of 3 done)" in card.text
    await h.click(card, "Begin play", user=alice)
    await h.settle()
    assert lines(game).count("E continue") == 2 and lines(game)[-1] == "E start"
    assert game.deal.phase == Phase.TURN and game.to_act() == [game.east]
    card = h.message(card.id)
    assert "Your turn: discard a tile." in card.text and any(
        c.startswith("mj:discard:") for c in card.custom_ids
    )

    texts = assert_public_exchange_hides_tiles(h, seen)
    said = "\n".join(texts)
    assert f"Last: {name[Wind.WEST]} and alice swapped three tiles face down" in said
    assert "<@100> (East) decides: exchange with the wall, or begin play" in said
    assert "<@100> (East) may swap 1-3 tiles with the wall (go-around 1 of 3)" in said
    assert "Last: alice (East) lets the exchange go on with the wall" in said
    assert "Last: alice (East) ends the exchange: play begins" in h.message(table.message_id or 0).text
    h.check()


async def test_a_stale_or_illegal_pick_is_refused_on_the_card(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice = h.user(100, "alice")
    table = await open_rumisberg(h, monkeypatch, SEED_EAST)
    game = table.game
    assert game is not None
    await to_a_gulasch(h, table)
    old = await my_card(h, alice)
    new = await my_card(h, alice)
    values = [o["value"] for o in new.select_options(pick_id(new))[:3]]
    await confirm(h, await choose(h, new, alice, values), alice)  # the move, on the newer card
    assert sum(1 for x in lines(game) if x.startswith("E give ")) == 1
    before = game.snapshot()
    rec = await h.select(old, pick_id(old), values, user=alice)  # the older card's select
    assert rec.answered
    old = h.message(old.id)
    assert old.ephemeral
    assert old.text.startswith("The table moved on: here is your hand now.")
    assert not [c for c in old.custom_ids if re.search(r":(give|swap)-", c)]  # nothing to confirm
    assert "choose three tiles to give" in old.text  # the current step, on the old card
    assert game.snapshot() == before
    # Tiles the seat does not hold: the engine's reason, private to the seat.
    with pytest.raises(IllegalActionError) as refused:
        await table.check(alice.id, Action(Position(0), "give", tiles=(Tile.parse("7z"),) * 3), game.version)
    assert refused.value.private and "does not hold 777z" in str(refused.value)
    # A pick whose values name no tile, or too many of them, is not a move.
    assert (
        await table.check(alice.id, Action(Position(0), "give", tiles=tiles_of(values)), game.version - 2)
        == "stale"
    )
    h.check()


async def test_west_is_asked_with_east_at_once_and_the_gulasch_hand_is_played_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer East chooses after the pace while the person West has a card: East's give
    does not make West's card stale, the swap happens on West's confirm, and the rest of the
    hand (computers deciding and swapping) is played to its end and booked."""
    async with Harness.running(
        make_bot(config(tmp_path / "db.sqlite3", pace_seconds=0.5)), guilds=guilds()
    ) as h:
        alice = h.user(100, "alice")
        seen = watch(h)
        table = await open_rumisberg(h, monkeypatch, SEED_WEST)
        game = table.game
        assert game is not None and table.position_of(alice.id) == game.position_of(Wind.WEST)
        await to_a_gulasch(h, table)
        east = table.seat_at(game.east).name
        # Both are asked at once: the computer East has not chosen yet.
        assert lines(game) == [] and game.to_act() == [game.east, game.position_of(Wind.WEST)]
        status = h.message(table.message_id or 0).text
        assert f"Gulasch exchange: {east} (East) and <@100> (West) choose three tiles each" in status
        card = await my_card(h, alice)
        assert f"choose three tiles to give {east} (East), face down" in card.text
        assert pick_id(card) == f"mj:pick:{CHANNEL}:{game.version}:give" and bounds(card) == (3, 3)
        await pass_time(h, 0.25)
        assert lines(game) == []  # not before the pace
        await pass_time(h, 0.25)  # East gives after the pace
        assert lines(game)[0].startswith("E give ")
        table.pace = 0.0
        await pass_time(h, 0.5)  # the table message is edited at most once per pace
        status = h.message(table.message_id or 0).text
        assert f"Gulasch exchange: {east} (East) has chosen; <@100> (West) still chooses" in status
        values = [o["value"] for o in card.select_options(pick_id(card))[-3:]]
        card = await confirm(h, await choose(h, card, alice, values), alice)  # the old card is current
        gave, got = tiles_of(values), Action.parse(lines(game)[0]).tiles
        assert lines(game)[1] == f"W give {tiles_str(gave)}"
        assert (
            f"You gave {say_tiles(gave, 'en')} and received {say_tiles(got, 'en')} from {east} (East)."
            in card.text
        )
        # The rest of the exchange: computers give, East decides; alice swaps or keeps if asked.
        for _ in range(20):
            await h.settle()
            if game.deal.phase != Phase.EXCHANGE:
                break
            if table.position_of(alice.id) in game.to_act():
                card = h.message(card.id)
                assert "Keep my tiles" in card.labels and bounds(card)[0] == 1
                await h.click(card, "Keep my tiles", user=alice)
        assert game.deal.phase != Phase.EXCHANGE and "W pass" in lines(game)
        assert_public_exchange_hides_tiles(h, seen)
        await play_hand(h, table, [alice])
        await h.settle()
        assert game.deal.over and game.hand_number == 2 and sum(game.history[-1].nets) == 0
        assert "sheet.png" in h.messages(CHANNEL)[-1].filenames
        await assert_booked(h, table, [alice])
        h.check()


async def test_three_players_east_swaps_with_the_wall_for_the_empty_place(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice = h.user(100, "alice")
    table = await open_rumisberg(h, monkeypatch, SEED_EAST_THREE, players=3)
    game = table.game
    assert game is not None and game.vacant is not None and table.position_of(alice.id) == game.east
    await to_a_gulasch(h, table)
    card = await my_card(h, alice)
    for _ in range(2):  # West, then South
        values = [o["value"] for o in card.select_options(pick_id(card))[:3]]
        card = await confirm(h, await choose(h, card, alice, values), alice)
    assert game.view(None).exchange is not None and game.view(None).exchange.partner == game.vacant
    status = h.message(table.message_id or 0).text
    assert "Gulasch exchange: <@100> (East) swaps three tiles with the wall (the empty place)" in status
    assert "choose three tiles to lay down; you take three from the wall (the empty place)" in card.text
    values = [o["value"] for o in card.select_options(pick_id(card))[:3]]
    card = await choose(h, card, alice, values)
    laid = tiles_of(values)
    assert f"Lay down {say_tiles(laid, 'en')} and take as many from the wall?" in card.text
    assert f"Swap {say_tiles(laid, 'en')}" in card.labels
    card = await confirm(h, card, alice)
    assert f"You gave {say_tiles(laid, 'en')} and received " in card.text and "from the wall." in card.text
    assert "Last: alice swapped 3 tiles with the wall" in h.message(table.message_id or 0).text
    assert "You are East and decide" in card.text
    h.check()


async def test_time_outs_play_the_exchange_defaults(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person who lets the time run out gives the normal computer's three tiles; after three
    time-outs in a row a computer plays the seat (and decides for East)."""
    h = harness
    alice = h.user(100, "alice")
    table = await open_rumisberg(h, monkeypatch, SEED_EAST)
    game = table.game
    assert game is not None
    table.turn_seconds = 20.0
    await to_a_gulasch(h, table)
    for _ in range(12):  # each step of the exchange waits for alice's time to run out
        if game.deal.phase != Phase.EXCHANGE:
            break
        waited = game.version
        await pass_time(h, 19.0)
        assert game.version == waited  # not before her time is up
        await pass_time(h, 1.0)
        assert game.version > waited
    assert game.deal.phase != Phase.EXCHANGE
    seat = table.seats[table.seat_of(alice.id) or 0]
    assert sum(1 for x in lines(game) if x.startswith("E give ")) == 3 and seat.away
    assert "E start" in lines(game) or "E continue" in lines(game)
    h.check()
