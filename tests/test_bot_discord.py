"""The bot through the real discord.py dispatch, offline (tests/discord_harness.py):
/mahjong new, the lobby, a whole hand with two people and two computer players,
private cards, refusals, the score sheet and the next hand, a restart, /score,
and that no public request carries a seat's concealed tiles."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_harness import (
    UPDATE_MESSAGE,
    ChannelSpec,
    FakeDiscord,
    FakeUser,
    GuildSpec,
    Harness,
    StoredMessage,
)

from bot.app import MahjongBot, create_bot
from bot.clock import ManualClock
from bot.components import action_code
from bot.config import BotConfig
from bot.storage import StorageInputError
from bot.table import Table, seed_source
from engine.actions import ActionKind
from engine.game import Game
from engine.numbers import number, signed
from engine.players import SimplePlayer
from engine.tiles import tiles_in_words
from engine.views import Phase, SeatView
from render.sheet import render_sheet
from render.table import render_table

GUILD, CHANNEL, OTHER_CHANNEL = 1, 10, 11


def config(db: Path, **values: Any) -> BotConfig:
    base = {
        "token": "offline",
        "database": db,
        "pace_seconds": 0.0,
        "turn_seconds": 60.0,
        "claim_seconds": 30.0,
        "claim_min_seconds": 0.0,
    }
    return BotConfig(**{**base, **values})


TEST_SEED = 25
"""Every bot test draws its games' seeds from this (a failing test fails the same way again)."""


def make_bot(cfg: BotConfig, *, seed: int = TEST_SEED, clock: ManualClock | None = None) -> MahjongBot:
    """The bot as the tests run it: on a clock that moves only when the test moves it
    (``h.bot.clock.advance``), with its games' seeds drawn from ``seed``."""
    return create_bot(cfg, clock=clock or ManualClock(), seeds=seed_source(seed))


async def pass_time(h: Harness[MahjongBot], seconds: float) -> None:
    """``seconds`` pass on the bot's clock; then the bot does what came due, to its end."""
    clock = h.bot.clock
    assert isinstance(clock, ManualClock)
    clock.advance(seconds)
    await h.settle()


def guilds() -> list[GuildSpec]:
    return [
        GuildSpec(
            GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table"), ChannelSpec(OTHER_CHANNEL, "second")]
        )
    ]


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


def table_of(h: Harness[MahjongBot], channel: int = CHANNEL) -> Table:
    return h.bot.tables[channel]


async def open_table(h: Harness[MahjongBot], alice: FakeUser, bob: FakeUser, channel: int = CHANNEL) -> Table:
    rec = await h.slash("mahjong new", user=alice, channel=channel, options={"computers": 2})
    assert rec.answered and not rec.ephemeral
    lobby = h.messages(channel)[-1]
    assert lobby.labels == ["Join", "Leave", "Add computer", "Start"]
    rec = await h.click(lobby, "Join", user=bob)
    assert rec.answered
    rec = await h.click(h.messages(channel)[-1], "Start", user=alice)
    assert rec.answered
    await h.settle()
    table = table_of(h, channel)
    assert table.game is not None
    return table


def asked(table: Table, position: int) -> bool:
    game = table.game
    assert game is not None
    return position in game.to_act() and [a.kind for a in game.legal_actions(position)] != ["pass"]


async def play_card(h: Harness[MahjongBot], table: Table, user: FakeUser, channel: int = CHANNEL) -> None:
    """The person opens their card with My hand and makes the simple player's move on it."""
    game = table.game
    assert game is not None
    position = table.position_of(user.id)
    assert position is not None
    # the table's message (a notice in the channel may have come after it)
    table_message = h.message(table.message_id) if table.message_id else h.messages(channel)[-1]
    rec = await h.click(table_message, f"mj:hand:{channel}", user=user)  # My hand, in any language
    assert rec.answered and rec.ephemeral
    card = rec.last.target if rec.last is not None else None
    assert isinstance(card, StoredMessage)
    view = game.view(position)
    assert "hand.png" in card.filenames
    if view.exchange is not None:  # a Gulasch exchange (rumisberg): give the first three, keep, begin play
        await _exchange_on_card(h, card, user, view)
        return
    action = SimplePlayer().choose(view)
    if action.kind == "discard":
        assert card.select_options(card.custom_ids[0]) and all(
            re.fullmatch(r"[1-9][mpsz]", o["value"]) for o in card.select_options(card.custom_ids[0])
        )
        rec = await h.select(card, card.custom_ids[0], [str(action.tile)], user=user)
    else:
        label = {"pong": "Pong", "kong": "Kong", "mahjong": "Mah-Jongg", "pass": "Pass"}.get(action.kind)
        if action.kind == "chow":
            assert action.tile is not None
            label = f"Chow {tiles_in_words((action.tile, action.tile + 1, action.tile + 2))}"
        if label and user.locale.startswith("en"):
            assert label in card.labels, (label, card.labels)  # an English card's exact labels
        target = next(c for c in card.custom_ids if c.endswith(f":{action_code(action)}"))
        rec = await h.click(card, target, user=user)
    assert rec.answered


async def _exchange_on_card(
    h: Harness[MahjongBot], card: StoredMessage, user: FakeUser, view: SeatView
) -> None:
    """The person's move in a Gulasch exchange on the card: the first three tiles of the select
    to give, confirmed; keep the tiles in a go-around with the wall; as East, begin play."""
    kinds = {a.kind for a in view.legal}
    if ActionKind.GIVE in kinds:
        (pick,) = [c for c in card.custom_ids if c.startswith("mj:pick:")]
        values = [o["value"] for o in card.select_options(pick)][:3]
        rec = await h.select(card, pick, values, user=user)
        assert rec.answered
        card = h.message(card.id)
        (target,) = [c for c in card.custom_ids if re.search(r":give-", c)]
    else:
        move = "start" if ActionKind.START in kinds else "pass"
        target = next(c for c in card.custom_ids if c.endswith(f":{move}"))
    rec = await h.click(card, target, user=user)
    assert rec.answered


async def play_hand(
    h: Harness[MahjongBot], table: Table, people: list[FakeUser], channel: int = CHANNEL
) -> None:
    game = table.game
    assert game is not None
    number = game.hand_number
    for _ in range(400):
        await h.settle()
        if game.deal.over or game.hand_number != number:
            return
        mover = next((u for u in people if asked(table, table.position_of(u.id) or 0)), None)
        if mover is None:
            continue
        await play_card(h, table, mover, channel)
    raise AssertionError("the hand did not end")


async def play_one_hand_game(h: Harness[MahjongBot]) -> tuple[Table, FakeUser, FakeUser]:
    """alice and bob, with two computers, play a game of one hand (``game_length`` ``hands:1``)
    to its end; the table, alice and bob."""
    await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    await play_hand(h, table, [alice, bob])
    await h.settle()
    assert table.game is not None and table.game.finished
    return table, alice, bob


async def assert_booked(h: Harness[MahjongBot], table: Table, people: list[FakeUser]) -> None:
    """The last hand's chips are booked: the ledger balances, and each person's balance moved
    from the starting chips (those of someone who never played) by their net of the game."""
    game = table.game
    assert game is not None
    start = await h.bot.storage.balance(GUILD, 999)
    for user in people:
        position = table.position_of(user.id)
        assert position is not None
        net = sum(record.nets[position] for record in game.history)
        assert await h.bot.storage.balance(GUILD, user.id) - net == start
    assert (await h.bot.storage.check_ledger(GUILD)).ok


def message_of(h: Harness[MahjongBot], rec: Any) -> str:
    """The text a click left on the card it came from (the card is edited in place)."""
    texts = [rec.text]
    if rec.last is not None and isinstance(rec.last.target, StoredMessage):
        texts.append(rec.last.target.text)
    return " ".join(t for t in texts if t)


def concealed_codes(table: Table) -> set[str]:
    """Every tile code some seat holds concealed now (what must never be public)."""
    game = table.game
    assert game is not None
    out = set()
    for position in range(4):
        view = game.view(position)
        out |= {str(t) for t in view.concealed}
    return out


async def test_a_whole_hand_with_two_people_and_two_computers(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    bob = h.user(200, "bob")
    table = await open_table(h, alice, bob)
    game = table.game
    assert game is not None
    assert sum(1 for s in table.seats if s.user_id is None) == 2
    start_message = h.messages(CHANNEL)[-1]
    assert start_message.components_v2 and "table.png" in start_message.filenames
    assert "My hand" in start_message.labels
    await play_hand(h, table, [alice, bob])
    await h.settle()
    assert game.deal.over
    sheet = h.messages(CHANNEL)[-1]
    assert "sheet.png" in sheet.filenames and "Next hand" in sheet.labels
    await assert_booked(h, table, [alice, bob])
    rec = await h.click(sheet, "Next hand", user=bob)
    assert rec.answered
    await h.settle()
    assert game.hand_number == 2 and not game.deal.over
    h.check()


async def test_refusals(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice, bob, carol = h.user(100, "alice"), h.user(200, "bob"), h.user(300, "carol")
    table = await open_table(h, alice, bob)
    table_message = h.messages(CHANNEL)[-1]
    rec = await h.click(table_message, "My hand", user=carol)
    assert rec.ephemeral and "not seated" in rec.text
    rec = await h.slash("mahjong new", user=carol, channel=CHANNEL)
    assert rec.ephemeral and "already has a table" in rec.text
    # A stale card: a person with two cards plays on the newer one; the older card's click
    # gets the current card, and nothing is applied.
    game = table.game
    assert game is not None
    await h.settle()
    person = next(u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0))
    first = (await h.click(h.messages(CHANNEL)[-1], "My hand", user=person)).last
    second = (await h.click(h.messages(CHANNEL)[-1], "My hand", user=person)).last
    assert first is not None and second is not None
    old_card, new_card = first.target, second.target
    assert isinstance(old_card, StoredMessage) and isinstance(new_card, StoredMessage)
    position = table.position_of(person.id)
    assert position is not None
    action = SimplePlayer().choose(game.view(position))
    old_ids = list(old_card.custom_ids)
    await play_card(h, table, person)  # the move, on a fresh card
    await h.settle()
    before = game.version
    target = next(c for c in old_ids if c.startswith(("mj:discard:", "mj:act:")) and not c.endswith(":hint"))
    if target.startswith("mj:discard:"):
        rec = await h.select(old_card, target, [str(action.tile)], user=person)
    else:
        rec = await h.click(old_card, target, user=person)
    assert rec.answered
    assert game.version == before or not asked(table, position)
    assert "moved on" in message_of(h, rec) or "not your move" in message_of(h, rec)
    h.check()


TILE_CODE = re.compile(r"(?<![0-9A-Za-z])[1-9][mpsz](?![0-9A-Za-z])|(?<![0-9A-Za-z])[1-8]f(?![0-9A-Za-z])")


def hidden_only(game: Game) -> set[str]:
    """Tile codes some seat holds concealed and that nothing public shows now."""
    if game.deal.over:
        return set()
    held = {str(t) for p in range(4) for t in game.view(p).concealed}
    public = game.view(None)
    shown = {str(d.tile) for p in public.players for d in p.discards}
    shown |= {str(t) for p in public.players for m in p.melds for t in m.tiles}
    shown |= {str(t) for p in public.players for t in p.bonus}
    if public.last_discard is not None:
        shown.add(str(public.last_discard[1]))
    return held - shown


def public_renders(table: Table) -> tuple[set[bytes], set[bytes]]:
    """Every table image and score sheet the public views of the game so far give, replayed
    from the stored log line by line."""
    game = table.game
    assert game is not None
    replay = Game(table.ruleset, dict(table.overrides), game.seed, list(game.players))
    replay.rename([s.name for s in table.seats])
    tables: set[bytes] = set()
    sheets: set[bytes] = set()
    seen: list[object] = []

    def render_now() -> None:
        view = dataclasses.replace(replay.view(None), version=0)
        if view in seen:
            return
        seen.append(view)
        tables.add(render_table(view))
        if view.sheet is not None:
            sheets.add(
                render_sheet(
                    view.sheet, view.players, prevailing=view.prevailing, hand_number=view.hand_number
                )
            )

    render_now()
    for line in game.log:
        replay.apply_line(line)
        render_now()
    return tables, sheets


async def test_whole_hands_leak_nothing_and_every_public_image_is_the_public_view(
    harness: Harness[MahjongBot],
) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    hidden_at: dict[int, tuple[int, set[str]]] = {}
    tables: list[Table] = []

    def observe(request: Any) -> None:  # what was hidden when the bot made each request
        game = tables[0].game if tables else None
        if game is not None:
            hidden_at[request.seq] = (game.hand_number, hidden_only(game))

    h.observers.append(observe)
    await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:2", actor_id=1)  # a whole game
    table = await open_table(h, alice, bob)
    tables.append(table)
    game = table.game
    assert game is not None
    await play_hand(h, table, [alice, bob])
    await h.settle()
    await h.click(h.messages(CHANNEL)[-1], "Next hand", user=alice)
    await play_hand(h, table, [alice, bob])
    await h.settle()
    assert game.hand_number == 2 and game.finished
    table_images, sheet_images = public_renders(table)
    public = h.public_requests()
    checked_text = checked_images = 0
    for request in public:
        for custom_id in request.custom_ids:
            assert not custom_id.startswith(("mj:act:", "mj:discard:")), custom_id
        hand, hidden = hidden_at.get(request.seq, (0, set()))
        about = re.match(r"Hand (\d+) ", request.text)
        if about and int(about.group(1)) != hand:
            hidden = set()  # the last state of an earlier hand (all public once it is over)
        leaked = set(TILE_CODE.findall(request.text)) & hidden
        assert not leaked, (request.text, leaked)
        checked_text += bool(hidden)
        for f in request.files:
            assert f.filename in ("table.png", "sheet.png"), f.filename
            assert f.data in (table_images if f.filename == "table.png" else sheet_images), f.filename
            checked_images += 1
    assert checked_text > 20 and checked_images > 20, (checked_text, checked_images)
    h.check()


async def test_a_restart_mid_hand_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    game = table.game
    assert game is not None
    for _ in range(3):
        await h.settle()
        mover = next((u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0)), None)
        if mover is not None:
            await play_card(h, table, mover)
    snapshot = game.snapshot()
    old_message = h.messages(CHANNEL)[-1]
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        restored = h2.bot.tables[CHANNEL]
        assert restored.game is not None
        assert restored.game.snapshot()[:-1] == snapshot[:-1] or restored.game.version >= game.version
        assert any("goes on" in m.text for m in h2.messages(CHANNEL))
        # The old message's My hand button still works.
        person = next(u for u in (alice, bob))
        rec = await h2.click(old_message, "My hand", user=person)
        assert rec.answered and rec.ephemeral
        h2.check()
    finally:
        await h2.close()


async def test_two_tables_in_two_channels(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice, bob, carol, dave = (
        h.user(i, n) for i, n in ((100, "alice"), (200, "bob"), (300, "carol"), (400, "dave"))
    )
    first = await open_table(h, alice, bob, CHANNEL)
    second = await open_table(h, carol, dave, OTHER_CHANNEL)
    assert first is not second and first.game is not second.game
    await play_hand(h, first, [alice, bob], CHANNEL)
    await play_hand(h, second, [carol, dave], OTHER_CHANNEL)
    assert first.game is not None and first.game.deal.over
    assert second.game is not None and second.game.deal.over
    h.check()


async def test_german_table_and_card(tmp_path: Path) -> None:
    german = [GuildSpec(GUILD, "Verein", channels=[ChannelSpec(CHANNEL, "tisch")], locale="de")]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=german) as h:
        alice = h.user(100, "alice", locale="de")
        bob = h.user(200, "bob", locale="en-US")
        rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 2})
        assert rec.answered
        lobby = h.messages(CHANNEL)[-1]
        assert lobby.labels == ["Beitreten", "Verlassen", "Computer hinzufügen", "Starten"]
        await h.click(lobby, "Beitreten", user=bob)
        await h.click(h.messages(CHANNEL)[-1], "Starten", user=alice)
        await h.settle()
        table_message = h.messages(CHANNEL)[-1]
        assert "Meine Hand" in table_message.labels and "Spiel 1" in table_message.text
        # Each private card speaks its reader's language; the table speaks the server's.
        card_de = (await h.click(table_message, "Meine Hand", user=alice)).last
        card_en = (await h.click(table_message, "Meine Hand", user=bob)).last
        assert card_de is not None and card_en is not None
        assert "Tipp" in card_de.target.labels or "Gerade nichts zu tun" in card_de.target.text
        assert "Hint" in card_en.target.labels or "Nothing to do now" in card_en.target.text
        # A hint speaks the reader's language in plain words (how far from ready, no shanten).
        for card, user, label, words in ((card_de, alice, "Tipp", "bereit"), (card_en, bob, "Hint", "ready")):
            if label in card.target.labels:
                shown = message_of(h, await h.click(card.target, label, user=user))
                assert words in shown or "Mah-Jongg" in shown, shown
                assert "shanten" not in shown.lower()
        # Slash commands carry German names and descriptions for German clients.
        synced = {c["name"]: c for c in h.backend.commands.get(None, [])}
        assert synced["mahjong"]["description_localizations"]["de"].startswith("Mah-Jongg an einem Tisch")
        h.check()


async def test_score_command(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    rec = await h.slash(
        "score",
        user=alice,
        channel=CHANNEL,
        options={"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True},
    )
    assert rec.ephemeral and "Total: 76" in rec.text and "D4" in rec.text
    card = rec.last.target if rec.last is not None else None
    assert isinstance(card, StoredMessage) and "hand.png" in card.filenames
    posted = await h.click(card, "Post in channel", user=alice)
    assert posted.answered and not posted.ephemeral and "Total: 76" in posted.text
    rec = await h.slash("score", user=alice, channel=CHANNEL, options={"hand": "x" * 150})
    assert rec.ephemeral and "is not a tile" in rec.text and len(rec.text) < 600
    carla = h.user(300, "carla", locale="de")
    rec = await h.slash(
        "score",
        user=carla,
        channel=CHANNEL,
        options={"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True},
    )
    assert "Pong oder Kong aus Drachen" in rec.text and "76" in rec.text  # D4 by its German name
    assert rec.last is not None and "Im Kanal zeigen" in rec.last.target.labels  # type: ignore[union-attr]
    h.check()


def test_public_view_image_matches() -> None:
    """The table image sent is the render of the public view (a pure function of it)."""
    from engine.game import Game

    game = Game("dmjl", seed=1, players=["a", "b", "c", "d"])
    assert render_table(game.view(None)) == render_table(game.view(None))
    assert game.view(None).phase == Phase.TURN


async def test_a_failing_handler_still_answers(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    await h.settle()
    person = next(u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0))
    card = (await h.click(h.messages(CHANNEL)[-1], "My hand", user=person)).last
    assert card is not None and isinstance(card.target, StoredMessage)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Table, "act", broken)
    target = next(
        c for c in card.target.custom_ids if c.startswith(("mj:act:", "mj:discard:")) and "hint" not in c
    )
    if target.startswith("mj:discard:"):
        option = card.target.select_options(target)[0]["value"]
        rec = await h.select(card.target, target, [option], user=person)
    else:
        rec = await h.click(card.target, target, user=person)
    assert rec.answered and "Something went wrong" in message_of(h, rec)
    assert "disk on fire" not in message_of(h, rec)  # the reason in words, not the internals
    monkeypatch.setattr(h.bot.storage, "table_rules", broken)
    rec = await h.slash("mahjong new", user=alice, channel=OTHER_CHANNEL)
    assert rec.answered and rec.ephemeral and "Something went wrong" in rec.text
    assert h.unanswered() == []


async def test_time_outs_then_im_back(tmp_path: Path) -> None:
    fast = config(tmp_path / "db.sqlite3", turn_seconds=20.0, claim_seconds=10.0)
    async with Harness.running(make_bot(fast), guilds=guilds()) as h:
        alice = h.user(100, "alice")
        await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        await h.settle()
        table = table_of(h)
        game = table.game
        assert game is not None
        seat = table.seats[table.seat_of(alice.id) or 0]
        for _ in range(200):
            if seat.away or game.deal.over:
                break
            waited = game.version
            await pass_time(h, 9.0)  # not yet the end of any wait
            assert game.version == waited  # the bot waits for alice alone
            await pass_time(h, 11.0)
        assert seat.away  # three time-outs in a row: a computer plays the seat
        await h.settle()
        assert "I'm back" in h.message(table.message_id or 0).labels
        rec = await h.click(h.message(table.message_id or 0), "I'm back", user=alice)
        # the click's answer is the table message without the button (an interaction response,
        # not a channel edit), and her card follows, for her alone
        assert rec.answered and rec.response_type == UPDATE_MESSAGE
        assert "I'm back" not in h.message(table.message_id or 0).labels
        assert [r for r in rec.requests if r.kind == "webhook.message.create" and r.ephemeral]
        assert not [r for r in rec.caused if r.kind == "message.edit"]
        assert not seat.away and seat.expiries == 0


async def wait_for_turn(h: Harness[MahjongBot], table: Table, user: FakeUser) -> None:
    """Settle until it is ``user``'s turn (computers play the other seats)."""
    for _ in range(400):
        await h.settle()
        game = table.game
        assert game is not None
        position = table.position_of(user.id)
        if game.deal.phase == Phase.TURN and game.to_act() == [position] and table.deadline_wall:
            return
        if asked(table, position or 0):
            await play_card(h, table, user)
    raise AssertionError("no turn came")


async def test_a_restart_re_arms_the_timer_from_the_stored_deadline(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    german = [GuildSpec(GUILD, "Verein", channels=[ChannelSpec(CHANNEL, "tisch")], locale="de")]
    h = await Harness.start(make_bot(config(db, turn_seconds=600.0)), guilds=german, backend=backend)
    alice = h.user(100, "alice", locale="de")
    await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 3})
    await h.click(h.messages(CHANNEL)[-1], "Starten", user=alice)
    table = table_of(h)
    await wait_for_turn(h, table, alice)
    stored = table.deadline_wall
    assert stored is not None
    (record,) = await h.bot.storage.load_unfinished_games()
    assert record.deadline == pytest.approx(stored) and record.deadline_version == table.decision_version
    assert (record.created_by, record.language) == (alice.id, "de")
    assert record.times["turn_seconds"] == 600.0
    await h.close()
    # A new bot whose turns are longer: the running turn goes on from its stored deadline plus
    # the grace, instead of starting afresh.
    later = config(db, turn_seconds=3000.0, restart_grace_seconds=20.0)
    down = ManualClock(wall=h.bot.clock.wall() + 100.0)  # the bot was down for 100 s
    h2 = await Harness.start(make_bot(later, clock=down), guilds=german, backend=backend)
    try:
        await h2.settle()
        restored = h2.bot.tables[CHANNEL]
        assert restored.owner_id == alice.id and restored.language == "de"
        assert restored.turn_seconds == 600.0  # the times it opened with, not the new bot's
        assert restored.deadline_wall == pytest.approx(stored + 20.0, abs=1e-6)
        assert restored.deadline == pytest.approx(600.0 - 100.0 + 20.0)  # 100 s went by, 20 s grace
        assert any("neu gestartet" in m.text for m in h2.messages(CHANNEL))
        # The owner can stop it alone, as before the restart.
        rec = await h2.slash("mahjong stop", user=alice, channel=CHANNEL)
        assert rec.answered and not rec.ephemeral and CHANNEL not in h2.bot.tables
        h2.check()
    finally:
        await h2.close()


async def test_a_hand_that_ended_unbooked_is_booked_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    backend = FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)

    async def crash_before_booking() -> None:  # the last move is stored, then the bot dies
        pass

    table._finish_hand = crash_before_booking  # type: ignore[method-assign]
    await play_hand(h, table, [alice, bob])
    game = table.game
    assert game is not None and game.deal.over
    (record,) = await h.bot.storage.load_unfinished_games()
    assert not record.hands[-1].finished
    await h.close()
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        await h2.settle()
        (record,) = await h2.bot.storage.load_unfinished_games()
        assert record.hands[-1].finished  # booked once, on restore
        assert "sheet.png" in h2.messages(CHANNEL)[-1].filenames
        await assert_booked(h2, table, [alice, bob])
        rec = await h2.click(h2.messages(CHANNEL)[-1], "Next hand", user=alice)
        assert rec.answered
        await h2.settle()
        assert h2.bot.tables[CHANNEL].game is not None
        assert h2.bot.tables[CHANNEL].game.hand_number == 2  # type: ignore[union-attr]
        h2.check()
    finally:
        await h2.close()


async def test_stop_by_a_vote_of_the_seated_people(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice, bob, carol, dave = (h.user(i * 100, n) for i, n in enumerate(("alice", "bob", "carol", "dave"), 1))
    await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 1})
    for user in (bob, carol):
        await h.click(h.messages(CHANNEL)[-1], "Join", user=user)
    await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
    await h.settle()
    rec = await h.slash("mahjong stop", user=dave, channel=CHANNEL)
    assert rec.ephemeral and "vote of the seated players" in rec.text
    rec = await h.slash("mahjong stop", user=bob, channel=CHANNEL)
    assert not rec.ephemeral and "votes to stop (1 of 2)" in rec.text and CHANNEL in h.bot.tables
    rec = await h.slash("mahjong stop", user=bob, channel=CHANNEL)  # one vote each
    assert "(1 of 2)" in rec.text and CHANNEL in h.bot.tables
    rec = await h.slash("mahjong stop", user=carol, channel=CHANNEL)
    assert "voted to stop" in rec.text and CHANNEL not in h.bot.tables
    (game,) = [g for g in await h.bot.storage.load_unfinished_games()] or [None]
    assert game is None  # the game is kept, closed as abandoned
    h.check()


async def test_next_hand_starts_by_itself_when_set(tmp_path: Path) -> None:
    auto = config(tmp_path / "db.sqlite3", next_hand_seconds=1.5)
    async with Harness.running(make_bot(auto), guilds=guilds()) as h:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        await play_hand(h, table, [alice, bob])
        await h.settle()
        assert game.deal.over and game.hand_number == 1
        assert "The next hand starts" in h.message(table.message_id or 0).text
        await pass_time(h, 1.25)
        assert game.deal.over and game.hand_number == 1  # not before its time
        await pass_time(h, 0.25)
        assert game.hand_number == 2 and not game.deal.over
        h.check()


async def test_the_end_of_a_game_shows_standings_and_balances(tmp_path: Path) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        table, alice, bob = await play_one_hand_game(h)
        game = table.game
        assert game is not None
        sheet = h.messages(CHANNEL)[-1]
        assert "Next hand" not in sheet.labels and "Final standings:" in sheet.text
        start = await h.bot.storage.balance(GUILD, 999)  # someone who never played
        for user in (alice, bob):
            balance = await h.bot.storage.balance(GUILD, user.id)
            assert balance >= 1000  # grouped as the reader groups thousands (issue 28 item 7)
            shown = f"{user.name}: {signed(balance - start)} in this game, balance {number(balance)}"
            assert shown in sheet.text, sheet.text
        assert sheet.text.count("in this game") == 4
        assert not await h.bot.storage.load_unfinished_games()
        h.check()


async def test_payments_the_ledger_refuses_are_reported_and_the_game_goes_on(
    harness: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    storage = h.bot.storage
    real = storage.finish_hand

    async def refusing(game_id: int, hand_no: int, **kw: Any) -> Any:
        if kw.get("payments"):
            raise StorageInputError("no balance may leave ±10^12 chips")
        return await real(game_id, hand_no, **kw)

    monkeypatch.setattr(storage, "finish_hand", refusing)
    game = table.game
    assert game is not None
    while True:  # a hand with payments (a drawn hand may pay nothing)
        await play_hand(h, table, [alice, bob])
        await h.settle()
        if game.history[-1].transfers:
            break
        await h.click(h.messages(CHANNEL)[-1], "Next hand", user=alice)
    sheet = h.messages(CHANNEL)[-1]
    assert "could not be booked: no balance may leave" in sheet.text
    record = await storage.load_game(table.game_id or 0)
    assert "unpaid" in (record.hands[-1].result or "") and not record.hands[-1].payments
    assert (await storage.check_ledger(GUILD)).ok
    await h.click(sheet, "Next hand", user=alice)
    await h.settle()
    assert game.hand_number == record.hands[-1].hand_no + 1
    assert h.take_errors("payments not booked: no balance may leave")  # for the club's admin
    h.check()


async def test_rules_names_the_ruleset_house_rules_length_and_times(harness: Harness[MahjongBot]) -> None:
    h = harness
    await h.bot.storage.set_house_rule(GUILD, "limit", "300", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    await open_table(h, alice, bob)
    rec = await h.slash("mahjong rules", user=bob, channel=CHANNEL)
    assert rec.ephemeral
    said = rec.text
    assert (
        "DMJL classical Chinese" in said
        and "House rules of this table:\n- Limit: 300 instead of 500\n" in said
    )
    assert "4 players, limit 300" in said and "60 s a turn, claims 0-30 s" in said
    assert "starts with Next hand" in said
    german = h.user(300, "carla", locale="de")
    rec = await h.slash("mahjong rules", user=german, channel=CHANNEL)
    assert (
        "Hausregeln dieses Tisches:\n- Limit: 300 statt 500\n-# So in /settings getippt: `limit`" in rec.text
    )
    h.check()
