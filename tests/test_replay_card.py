"""The replay card of a finished hand through the offline harness (issue 29 §3): the history card's
select opens it (ephemeral), its buttons and jump menu edit it in place, every step's image is the
engine's replay of the stored log with every hand face up, its end is the live game's end; what
cannot be replayed is refused in the reader's language; the card survives a restart."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_harness import ChannelSpec, FakeUser, GuildSpec, Harness
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot
from test_bot_lobby import forged_message

from bot.app import MahjongBot
from bot.cogs.replay import pick_select
from bot.i18n import text
from bot.replay import move_number, neighbours
from bot.storage import Storage
from bot.storage.sql import Db
from cli.simulate_cmd import computer_choosers, play_hand_out
from engine.game import NEXT, Game
from engine.replay import FinishedHand, open_view
from render.describe import describe_sheet, describe_table
from render.sheet import render_sheet
from render.table import render_table

OTHER_GUILD = 2
SEED = 41


def all_guilds() -> list[GuildSpec]:
    return [*guilds(), GuildSpec(OTHER_GUILD, "Elsewhere", channels=[ChannelSpec(20, "table")])]


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=all_guilds())
    yield harness
    await harness.close()


def seats(ada: FakeUser, bo: FakeUser) -> list[int | str]:
    return [ada.id, bo.id, "ai:normal:1", "ai:easy:2"]


def played(ada: FakeUser, bo: FakeUser) -> Game:
    """Two finished hands and a third in play, as the table's game would be."""
    game = Game("dmjl", {}, SEED, [str(s) for s in seats(ada, bo)])
    choosers = computer_choosers(game)
    play_hand_out(game, choosers)
    game.apply(NEXT)
    play_hand_out(game, choosers)
    return game


async def store(storage: Storage, game: Game, guild: int, channel: int, people: list[int | str]) -> int:
    """Store ``game``'s finished hands as the table stores them, and six moves of a third hand."""
    record = await storage.create_game(guild, channel, people, SEED, ruleset="dmjl")
    for number, hand in enumerate(game.history, start=1):
        if number > 1:
            await storage.start_hand(record.game_id, number)
        for seq, line in enumerate(hand.actions, start=1):
            await storage.append_action(record.game_id, number, seq, line)
        await storage.finish_hand(record.game_id, number, result=f"hand {number} over")
    third = Game.replay("dmjl", {}, SEED, [str(s) for s in people], [*game.log, NEXT])
    choosers = computer_choosers(third)
    await storage.start_hand(record.game_id, len(game.history) + 1)
    for seq in range(1, 7):
        for idle in third.idle_passes():
            third.apply(idle)
            await storage.append_action(record.game_id, len(game.history) + 1, seq, third.log[-1])
            break
        else:
            mover = third.to_act()[0]
            third.apply(choosers[mover](third.view(mover)))
            await storage.append_action(record.game_id, len(game.history) + 1, seq, third.log[-1])
    return record.game_id


async def set_column(storage: Storage, game_id: int, column: str, value: str) -> None:
    """What another branch's storage writes (a game recorded at a real table, a pruned log)."""

    async def work(db: Db) -> None:
        await db.execute(f"UPDATE games SET {column} = ? WHERE game_id = ?", (value, game_id))

    await storage._write(work)


async def history_card(h: Harness[MahjongBot], game_id: int, hands: list[int], lang: Any = "en") -> Any:
    """A message carrying the history card's select of hands, as the history branch sends it
    (``pick_select``), stored as Discord keeps it: a click reaches the bot through the registered
    component alone, as after a restart."""
    select = pick_select(game_id, hands, lang).item
    assert select.custom_id == f"mj:replay-pick:{game_id}"
    assert [o.value for o in select.options] == [str(n) for n in hands]
    assert select.placeholder == text("replay_pick", lang, game=game_id)
    return forged_message(h, CHANNEL, select.custom_id, [o.value for o in select.options])


def replayed(ada: FakeUser, bo: FakeUser, game: Game, number: int) -> FinishedHand:
    """The hand as the card must show it: the engine's replay with the members' names."""
    people = [str(s) for s in seats(ada, bo)]
    return FinishedHand(
        "dmjl",
        {},
        SEED,
        people,
        [h.actions for h in game.history[:number]],
        number,
        names=["Ada", "Bo", "Computer 1", "Computer 2"],
    )


async def test_the_card_steps_through_a_stored_hand_and_ends_where_the_live_game_ended(
    h: Harness[MahjongBot],
) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    for member in (ada, bo):
        await h.bot.storage.remember_player(member.id, member.name)
    game = played(ada, bo)
    game_id = await store(h.bot.storage, game, GUILD, CHANNEL, seats(ada, bo))
    hand = replayed(ada, bo, game, 2)

    rec = await h.select(await history_card(h, game_id, [1, 2]), f"mj:replay-pick:{game_id}", ["2"], user=bo)
    await h.settle()
    card = rec.last.target
    assert rec.ephemeral and card is not None
    moves = move_number(hand, hand.last)
    assert moves == len(hand.moves) - 1 and moves < hand.last  # passes are steps, not moves
    assert f"game {game_id}, hand 2" in card.text and f"move 0 of {moves}" in card.text
    assert "Every hand is face up" in card.text
    assert card.file("replay.png") == render_table(hand.view_at(0))
    (sent,) = rec.files
    assert sent.description == describe_table(hand.view_at(0), "en") and "face up" in sent.description
    ids = card.custom_ids
    assert (
        ids[2] == f"mj:replay:{game_id}:2:{hand.moves[1]}" and ids[3] == f"mj:replay:{game_id}:2:{hand.last}"
    )
    assert ids[4] == f"mj:replay-jump:{game_id}:2" and len(set(ids)) == len(ids)

    # Next, Next, Back: the card is edited in place, each step the engine's view of that step
    step = 0
    for label, expected in (("Next ▶", hand.moves[1]), ("Next ▶", hand.moves[2]), ("◀ Back", hand.moves[1])):
        rec = await h.click(card, label, user=bo)
        await h.settle()
        card = h.backend.message(card.id)
        step = expected
        assert f"move {hand.moves.index(step)} of {moves}" in card.text, card.text
        assert card.file("replay.png") == render_table(hand.view_at(step))
    assert "discarded" in card.text  # what happened at the step, in the table's words

    # the jump menu: the deal, every claim and kong and the end are listed; choose a claim
    options = card.select_options(f"mj:replay-jump:{game_id}:2")
    values = [int(o["value"]) for o in options]
    assert 0 in values and hand.last in values and len(values) <= 25
    claims = [k for k in hand.moves if any(e.kind in ("claim", "kong") for e in hand.events[k])]
    assert claims and set(claims) <= set(values)
    rec = await h.select(card, f"mj:replay-jump:{game_id}:2", [str(claims[0])], user=bo)
    await h.settle()
    card = h.backend.message(card.id)
    assert f"move {hand.moves.index(claims[0])} of" in card.text and "took" in card.text

    # End: the result and the score sheet, and the table as the live game left it, every hand face up
    rec = await h.click(card, "End ⏭", user=bo)
    await h.settle()
    card = h.backend.message(card.id)
    assert f"move {moves} of {moves}" in card.text and "The end of the hand:" in card.text
    disabled = [c for c in card.components[0]["components"] if c.get("disabled")]
    assert [c["label"] for c in disabled] == ["Next ▶", "End ⏭"]
    live = Game.replay("dmjl", {}, SEED, [str(s) for s in seats(ada, bo)], game.log)
    live.rename(["Ada", "Bo", "Computer 1", "Computer 2"])
    end = open_view(live, finished=True)
    assert end.sheet is not None and end.sheet == hand.view_at(hand.last).sheet
    assert card.file("replay.png") == render_table(end)
    how: dict[str, Any] = {
        "prevailing": end.prevailing,
        "hand_number": 2,
        "lang": "en",
        "settings": end.settings,
    }
    assert card.file("sheet.png") == render_sheet(end.sheet, end.players, **how)
    assert describe_sheet(end.sheet, end.players, **how) in [f.description for f in rec.files]
    rec = await h.click(card, "◀ Back", user=bo)
    await h.settle()
    card = h.backend.message(card.id)
    assert card.filenames == ["replay.png"]  # before the end: the table alone
    h.check()


async def test_the_card_speaks_german_and_a_restarted_bot_answers_its_buttons(
    h: Harness[MahjongBot], tmp_path: Path
) -> None:
    ada, bo = h.user(100, "Ada", locale="de"), h.user(101, "Bo")
    for member in (ada, bo):
        await h.bot.storage.remember_player(member.id, member.name)
    game = played(ada, bo)
    game_id = await store(h.bot.storage, game, GUILD, CHANNEL, seats(ada, bo))
    hand = replayed(ada, bo, game, 1)
    rec = await h.select(
        await history_card(h, game_id, [1, 2], "de"), f"mj:replay-pick:{game_id}", ["1"], user=ada
    )
    await h.settle()
    card = rec.last.target
    assert card is not None and f"Partie {game_id}, Spiel 1" in card.text and "Zug 0 von" in card.text
    assert "Weiter ▶" in card.labels and "Zu einem Zug springen…" in str(card.components)
    (sent,) = rec.files
    assert sent.description is not None and "Hand von Ada, offen: " in sent.description
    assert card.file("replay.png") == render_table(hand.view_at(0), lang="de")

    # The state is in the custom_id: the extension unloaded and loaded again (as after a restart)
    # answers a card sent before, and a forged one of another step
    await h.bot.reload_extension("bot.cogs.replay")
    rec = await h.click(card, "Weiter ▶", user=ada)
    await h.settle()
    assert "Zug 1 von" in h.backend.message(card.id).text
    custom_id = f"mj:replay:{game_id}:1:{hand.last}"
    rec = await h.click(forged_message(h, CHANNEL, custom_id, []), custom_id, user=bo)
    await h.settle()
    last = move_number(hand, hand.last)
    assert f"move {last} of {last}" in rec.last.text and "The end of the hand:" in rec.last.text
    h.check()


async def test_what_cannot_be_replayed_is_refused_in_the_readers_language(h: Harness[MahjongBot]) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo", locale="de")
    storage = h.bot.storage
    game = played(ada, bo)
    game_id = await store(storage, game, GUILD, CHANNEL, seats(ada, bo))
    elsewhere = await store(storage, game, OTHER_GUILD, 20, seats(ada, bo))
    recorded = await store(storage, game, GUILD, OTHER_CHANNEL_FOR_RECORD, seats(ada, bo))
    await set_column(storage, recorded, "kind", "record")
    pruned = await store(storage, game, GUILD, 12, seats(ada, bo))
    await set_column(storage, pruned, "log_pruned_at", "2026-01-01T00:00:00Z")

    async def pick(game: int, value: str, user: FakeUser) -> str:
        rec = await h.select(
            await history_card(h, game, [int(value)]), f"mj:replay-pick:{game}", [value], user=user
        )
        await h.settle()
        assert rec.ephemeral and not rec.files
        return rec.text

    in_play = len(game.history) + 1
    assert await pick(game_id, str(in_play), ada) == text("replay_in_play", "en", game=game_id, hand=in_play)
    assert await pick(game_id, str(in_play), bo) == text("replay_in_play", "de", game=game_id, hand=in_play)
    assert "ist nicht zu Ende" in await pick(game_id, str(in_play), bo)
    assert await pick(game_id, "9", ada) == text("replay_no_hand", "en", game=game_id, hand=9, hands=in_play)
    assert await pick(999, "1", ada) == text("replay_unknown_game", "en", game=999)
    assert await pick(elsewhere, "1", ada) == text("replay_unknown_game", "en", game=elsewhere)
    assert await pick(recorded, "1", ada) == text("replay_recorded", "en", game=recorded)
    assert "echten Tisch" in await pick(recorded, "1", bo)
    assert await pick(pruned, "1", ada) == text("replay_pruned", "en", game=pruned)
    assert "gelöscht" in await pick(pruned, "1", bo)
    custom_id = f"mj:replay:{game_id}:1:99999"
    rec = await h.click(forged_message(h, CHANNEL, custom_id, []), custom_id, user=ada)
    await h.settle()
    hand = replayed(ada, bo, game, 1)
    assert rec.text == text("replay_no_step", "en", game=game_id, hand=1, step=99999, last=hand.last)
    h.check()


OTHER_CHANNEL_FOR_RECORD = 11


def test_no_two_buttons_go_to_the_same_step() -> None:
    moves = (0, 3, 7, 9)
    for step in range(10):
        targets = [t for t in neighbours(moves, step, 9) if t is not None]
        assert len(set(targets)) == len(targets) and step not in targets
        assert (step < 9) == any(t > step for t in targets) and (step > 0) == any(t < step for t in targets)


async def test_only_the_replay_cog_answers_a_pick_and_its_image_bytes_decode(h: Harness[MahjongBot]) -> None:
    from PIL import Image

    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    game = played(ada, bo)
    game_id = await store(h.bot.storage, game, GUILD, CHANNEL, seats(ada, bo))
    rec = await h.select(await history_card(h, game_id, [1]), f"mj:replay-pick:{game_id}", ["1"], user=ada)
    await h.settle()
    (sent,) = rec.files
    assert Image.open(io.BytesIO(sent.data)).size[0] == 600
    h.check()


async def test_forged_custom_ids_are_answered_without_a_traceback(h: Harness[MahjongBot]) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    game = played(ada, bo)
    game_id = await store(h.bot.storage, game, GUILD, CHANNEL, seats(ada, bo))
    huge = "9" * 20
    cases = [
        (f"mj:replay:{huge}:1:0", [], text("replay_unknown_game", "en", game=int(huge))),
        (
            f"mj:replay:{game_id}:{huge}:0",
            [],
            text("replay_no_hand", "en", game=game_id, hand=int(huge), hands=3),
        ),
        (f"mj:replay:{game_id}:1:{huge}:2", [], "has steps 0 to"),
        (f"mj:replay-pick:{huge}", ["1"], text("replay_unknown_game", "en", game=int(huge))),
        (f"mj:replay-pick:{game_id}", [huge + "9"], text("component_broken", "en")),
        (f"mj:replay-jump:{game_id}:1", ["-3"], text("component_broken", "en")),
        (f"mj:replay:{game_id}:1:{huge}9", [], text("component_broken", "en")),
    ]
    for custom_id, values, said in cases:
        message = forged_message(h, CHANNEL, custom_id, values)
        if values:
            rec = await h.select(message, custom_id, values, user=ada)
        else:
            rec = await h.click(message, custom_id, user=ada)
        await h.settle()
        assert rec.answered and not h.errors, custom_id
        assert said in rec.text, (custom_id, rec.text)
    h.check()
