"""Discord's global limit (issue 30 item 6): a bot token may make 50 channel requests a second,
whatever the number of tables; interaction responses do not count. The public table message is
edited when a person must act, a go-around has passed, or the hand ends, not after every
computer move; a click on the table message that changes it is answered through the
interaction. Tables are played at a person's pace on the bot's ManualClock (``paced_play``)."""

from __future__ import annotations

from pathlib import Path

from discord_harness import UPDATE_MESSAGE, ChannelSpec, FakeUser, GuildSpec, Harness, Request
from paced_play import counted, open_tables, paced_config, paced_run, play_paced
from test_bot_discord import GUILD, make_bot, pass_time

from bot.app import MahjongBot
from bot.presenter import say_tile
from bot.table import Table
from engine.events import EventKind
from engine.views import Phase

CHANNEL = 500


async def test_a_table_paced_like_people_makes_at_most_0_15_public_requests_per_second(
    tmp_path: Path,
) -> None:
    """Two people and two computers, each person answering 2-6 s after being asked: at most 0.15
    requests per table-second count against the global limit (before: about 0.45, an edit after
    every change)."""
    run = await paced_run(tmp_path / "db.sqlite3", 1, 400.0)
    kinds = run.kinds()
    assert run.moves > 40 and set(kinds) <= {"message.create", "message.edit"}, (run.moves, kinds)
    assert kinds["message.create"] >= 2  # a hand ended: its score sheet and the next hand's message
    assert run.per_table_s <= 0.15, (run.per_table_s, kinds)
    # the person's cards and the click answers go through the interactions, which do not count
    assert len(run.requests) - len(run.public) > 2 * run.moves


async def test_a_person_asked_to_move_sees_every_public_move_on_the_table_message(tmp_path: Path) -> None:
    """Whenever it is a person's turn, the table message shows every public move made so far,
    and when computers moved in between, its text says in words what they did since the last
    picture. A claim a person may make is asked on their card (which names the discard), never
    by a picture: no picture is taken in a claim window, so none tells the table that somebody
    can claim."""
    channels = [ChannelSpec(CHANNEL, "t0")]
    bot = make_bot(paced_config(tmp_path / "db.sqlite3"))
    # (hand, public events, discards among them, phase) when each table image was sent
    pictures: list[tuple[int, int, int, Phase]] = []
    tables: list[Table] = []

    def observe(request: Request) -> None:
        table = tables[0] if tables else None
        if table is None or table.game is None:
            return
        if any(f.filename == "table.png" for f in request.files):
            discards = sum(1 for e in table.hand_events if e.kind == EventKind.DISCARD)
            pictures.append((table.game.hand_number, len(table.hand_events), discards, table.game.deal.phase))

    turns = claims = 0
    listed: list[str] = []
    asked_claims: list[tuple[int, str]] = []  # (requests made before, the discard's name)

    async def on_ask(table: Table, user: FakeUser) -> None:
        nonlocal turns, claims
        game = table.game
        assert game is not None and table.message_id is not None
        message = h.message(table.message_id)
        if game.deal.phase in (Phase.CLAIMS, Phase.ROBBING):
            position = table.position_of(user.id)
            assert position is not None
            discard = game.view(position).last_discard
            assert discard is not None
            asked_claims.append((len(h.requests), say_tile(discard[1], "en")))
            claims += 1
            return
        hand, events, _, _ = pictures[-1]
        assert (hand, events) == (game.hand_number, len(table.hand_events)), (message.text, pictures[-3:])
        turns += 1
        if "Since the last picture:" in message.text:
            listed.append(message.text)

    async with Harness.running(bot, guilds=[GuildSpec(GUILD, "Club", channels=channels)]) as h:
        h.observers.append(observe)
        opened = await open_tables(h, [CHANNEL], people=1)
        tables.append(opened[0][0])
        run = await play_paced(h, opened, 300.0, on_ask=on_ask)
        for first, tile in asked_claims:  # the person's card asked them, naming the discard
            assert any(r.ephemeral and tile in r.text for r in h.requests[first:] if r.ok), tile
        h.check()
    assert turns > 15 and claims > 3 and run.moves > 20, (turns, claims)
    # three computers discard between two turns of the one person: the text tells it
    assert len(listed) > turns // 2, (len(listed), turns)
    assert any(text.count("discarded") >= 3 for text in listed), listed[:3]
    # no picture is taken in a claim window (the hand's own first picture aside)
    assert not [p for p in pictures if p[3] in (Phase.CLAIMS, Phase.ROBBING)], pictures


async def until_away(h: Harness[MahjongBot], table: Table, user: FakeUser) -> None:
    """Let the person's turns run out until a computer plays for them (three in a row)."""
    seat = table.seats[table.seat_of(user.id) or 0]
    for _ in range(400):
        if seat.away:
            await h.settle()
            return
        await pass_time(h, 5.0)
    raise AssertionError("never away")


async def test_computers_alone_are_shown_once_a_go_around(tmp_path: Path) -> None:
    """A table of computers (its person away) is shown once a go-around, not once a discard."""
    channels = [ChannelSpec(CHANNEL, "t0")]
    bot = make_bot(paced_config(tmp_path / "db.sqlite3", next_hand_seconds=0.0, turn_seconds=10.0))
    async with Harness.running(bot, guilds=[GuildSpec(GUILD, "Club", channels=channels)]) as h:
        ((table, (alice,)),) = await open_tables(h, [CHANNEL], people=1)
        await until_away(h, table, alice)  # a computer plays her seat
        game = table.game
        assert game is not None
        first = len(h.requests)
        discards = 0
        for _ in range(400):
            before = len([e for e in table.hand_events if e.kind == "discard"])
            await pass_time(h, 0.5)
            discards += len([e for e in table.hand_events if e.kind == "discard"]) - before
            if game.deal.over:
                break
        edits = [r for r in h.requests[first:] if r.kind == "message.edit"]
        assert discards > 20
        # once a go-around (4 discards), and the hand's end
        assert len(edits) <= discards // 4 + 2, (len(edits), discards)
        assert game.deal.phase == Phase.OVER or len(edits) >= discards // 4 - 1
        h.check()


async def test_i_m_back_on_the_table_message_is_answered_through_the_interaction(tmp_path: Path) -> None:
    """I'm back, clicked on the table message: the click's answer updates the table message (no
    channel edit), her card comes as a followup for her alone, and when it is her move the card
    is edited as that followup, never as the interaction's original response (the table
    message, which everyone sees)."""
    channels = [ChannelSpec(CHANNEL, "t0")]
    bot = make_bot(paced_config(tmp_path / "db.sqlite3", turn_seconds=10.0))
    async with Harness.running(bot, guilds=[GuildSpec(GUILD, "Club", channels=channels)]) as h:
        ((table, (alice,)),) = await open_tables(h, [CHANNEL], people=1)
        await until_away(h, table, alice)
        assert table.message_id is not None and "I'm back" in h.message(table.message_id).labels
        first = len(h.requests)
        rec = await h.click(h.message(table.message_id), "I'm back", user=alice)
        assert rec.answered and rec.response_type == UPDATE_MESSAGE
        assert "I'm back" not in h.message(table.message_id).labels  # the update showed it
        assert not [r for r in h.requests[first:] if counted(r) and r.kind == "message.edit"]
        (card,) = [r for r in rec.requests if r.kind == "webhook.message.create"]
        assert card.ephemeral and "hand.png" in [f.filename for f in card.files]
        game = table.game
        assert game is not None
        position = table.position_of(alice.id)
        for _ in range(200):
            if position in game.to_act() and game.deal.phase == Phase.TURN:
                break
            await pass_time(h, 0.5)
        assert position in game.to_act()
        card_id = h.message(card).id
        edits = [r for r in h.requests[first:] if r.kind.startswith("webhook.message.edit")]
        assert edits and all(not r.kind.endswith(".original") for r in edits), [r.kind for r in edits]
        assert all(int(r.params["message_id"]) == card_id for r in edits)
        assert all(not any(f.filename == "hand.png" for f in r.files) for r in h.public_requests())
        h.check()


async def test_closing_the_bot_drops_the_table_edits_still_pending(tmp_path: Path) -> None:
    """A table's publisher waits its pace after an edit; when the bot closes meanwhile, the
    publisher is cancelled with it (before: it outlived the bot, and its next edit failed on the
    closed connection, an error nobody retrieved)."""
    bot = make_bot(paced_config(tmp_path / "db.sqlite3"))
    guild = GuildSpec(GUILD, "G", channels=[ChannelSpec(CHANNEL, "t")])
    async with Harness.running(bot, guilds=[guild]) as h:
        await open_tables(h, [CHANNEL], people=1)
        (table,) = bot.tables.values()
        bot.presenter.every_change = True  # every change edited: the edit is not skipped
        await bot.presenter.table_changed(table)  # an edit, then the pace on the (manual) clock
        await h.settle()
        pending = [task for task in bot.presenter._publishers.values() if not task.done()]
        assert pending, "a publisher waits out its pace"
    assert all(task.cancelled() for task in pending)
    assert not bot.presenter._publishers
