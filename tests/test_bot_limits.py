"""Requests Discord would refuse (issue 26 item 9), through the offline harness, which checks
every request against Discord's documented limits (tests/discord_harness.py,
``limit_violations``): long /score answers and their **Post in channel**, long /chips history
pages, a channel's second table, and a broad sample of interactions without one request beyond
a limit. Also (item 10) the presenter forgets a channel's table when it closes."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import FakeUser, Harness, InteractionRecord, Request, StoredMessage
from test_bot_builder import card_id, open_card, pick, press
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot, open_table, pass_time, play_hand

from bot.app import MahjongBot
from bot.score_answer import ScoreAsk, split_message

BONUS_HONOURS = {
    "hand": "111z 777z 999p [6666z] 55z 1f2f3f4f5f6f7f8f",
    "ruleset": "rumisberg",
    "win": "5z",
    "self_drawn": True,
}
"""All eight bonus tiles and honour pongs: the longest breakdown (over 2,000 characters in
English and in German before the fix)."""


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield h
    await h.close()


def refused(h: Harness[MahjongBot]) -> list[Request]:
    """Requests Discord would have refused (a limit, an attachment the message lacks...)."""
    return [r for r in h.requests if r.status >= 400] + h.beyond_limits


def breakdown_lines(lang: str) -> list[str]:
    body, _ = ScoreAsk("rumisberg", "E", "E", "5z", True, "", str(BONUS_HONOURS["hand"])).answer(lang)  # type: ignore[arg-type]
    assert len(body) > 2000  # the case this test is about
    return sheet_lines(body)


def sheet_lines(body: str) -> list[str]:
    """The breakdown's lines (not its fences, nor the rules line under it)."""
    return [line for line in body.split("\n") if line and not line.startswith(("```", "-# "))]


def shown_lines(rec: InteractionRecord) -> list[str]:
    return sheet_lines(rec.text)


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_a_score_over_2000_characters_is_split_between_lines_and_posted(
    harness: Harness[MahjongBot], locale: str
) -> None:
    h = harness
    alice = h.user(100, "alice", locale=locale)
    lang = "de" if locale == "de" else "en"
    rec = await h.slash("score", user=alice, channel=CHANNEL, options=BONUS_HONOURS)
    assert rec.answered and rec.ephemeral and refused(h) == []
    assert len(rec.message_requests) >= 2 and all(len(r.text) <= 2000 for r in rec.message_requests)
    assert shown_lines(rec) == breakdown_lines(lang)  # every line whole, in order
    for r in rec.message_requests:  # each part is a closed code block where the sheet is one
        assert r.text.count("```") % 2 == 0
    card = rec.last.target
    assert isinstance(card, StoredMessage) and "hand.png" in card.filenames
    post = "Im Kanal zeigen" if lang == "de" else "Post in channel"
    posted = await h.click(card, post, user=alice)
    assert posted.answered and not posted.ephemeral and refused(h) == []
    assert all(len(r.text) <= 2000 for r in posted.message_requests)
    public = [line for line in shown_lines(posted) if not line.startswith("<@")]
    # the post speaks the server's language (English here)
    assert public == breakdown_lines("en")
    assert any(
        not r.ephemeral and "hand.png" in [f.filename for f in r.files] for r in posted.message_requests
    )
    h.check()


async def test_post_in_channel_answers_when_discord_refuses_the_post(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    rec = await h.slash(
        "score", user=alice, channel=CHANNEL, options={"hand": "234m 777z [555s] [678p] 99p", "win": "9p"}
    )
    card = rec.last.target
    assert isinstance(card, StoredMessage)
    callback = h._routes[("POST", "/interactions/{webhook_id}/{webhook_token}/callback")]

    def no_public_posts(req: Request) -> object:
        body = (req.json or {}).get("data") or {}
        if req.json.get("type") == 4 and not int(body.get("flags") or 0) & 64:
            raise h.error(403, 50013, "Missing Permissions")
        return callback(req)

    h.override("POST", "/interactions/{webhook_id}/{webhook_token}/callback", no_public_posts)
    posted = await h.click(card, "Post in channel", user=alice)
    assert posted.answered and posted.ephemeral
    assert "could not post" in posted.text.lower()
    assert h.unanswered() == []


def test_split_message_keeps_lines_whole_and_code_blocks_closed() -> None:
    rng = random.Random(26)
    for _ in range(300):
        lines = ["x" * rng.randint(0, 120) for _ in range(rng.randint(1, 60))]
        for at in sorted(rng.sample(range(len(lines) + 1), k=min(2, len(lines) + 1)), reverse=True):
            lines.insert(at, "```")  # one code block somewhere (or an empty one)
        body = "\n".join(lines)
        limit = rng.choice([200, 500, 2000])
        parts = split_message(body, limit)
        assert all(len(p) <= limit for p in parts)
        assert all(p.count("```") % 2 == 0 for p in parts)
        rebuilt = [line for p in parts for line in p.split("\n")]
        assert [line for line in rebuilt if line != "```"] == [line for line in lines if line != "```"]


async def test_the_builders_score_of_the_long_hand_is_split_too(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice = h.user(100, "alice")
    card = await open_card(h, alice, ruleset="rumisberg")
    await pick(h, card, alice, "6z", "6z", "6z", "6z")
    await press(h, card, alice, "kong")
    await pick(h, card, alice, "1z", "1z", "1z", "7z", "7z", "7z", "9p", "9p", "9p", "5z", "5z", "12345678f")
    await h.select(card, card_id(card, "how"), ["s"], user=alice)
    await h.select(card, card_id(card, "win"), ["5z"], user=alice)
    built = await h.click(card, card_id(card, "score"), user=alice)
    assert built.answered and built.ephemeral and refused(h) == []
    assert len(built.message_requests) >= 2 and shown_lines(built) == breakdown_lines("en")
    answer = built.last.target
    assert isinstance(answer, StoredMessage) and "hand.png" in answer.filenames
    h.check()


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_history_pages_with_long_reasons_fit_and_show_every_movement(
    harness: Harness[MahjongBot], locale: str
) -> None:
    h = harness
    ada = h.user(2**62, "Ada", locale=locale)  # a long mention
    storage = h.bot.storage
    await storage.new_season(GUILD, starting_chips=100, name="S" * 100)
    reasons = [f"{i:02d} " + ("Kassenfehler-" * 16)[:197] for i in range(19)]
    for i, reason in enumerate(reasons):
        await storage.adjust(GUILD, ada.id, (-1) ** i * (10**9 - i), actor_id=2**63 - 1, reason=reason)
    assert all(len(r) == 200 for r in reasons)
    rec = await h.slash("chips history", user=ada, channel=CHANNEL)
    pages = [rec]
    nxt = "Weiter" if locale == "de" else "Next"
    while nxt in (page := pages[-1].last.target).labels:  # type: ignore[union-attr]
        pages.append(await h.click(page, nxt, user=ada))
        assert len(pages) < 30
    assert refused(h) == [] and all(p.answered for p in pages)
    shown = [p.last.text for p in pages]
    assert all(len(t) <= 2000 for t in shown)
    every = "\n".join(shown)
    for reason in reasons:  # each movement once, its reason whole
        assert every.count(reason) == 1, reason
    assert all(t.count("\n") <= 8 for t in shown)  # at most 8 movements a page, as before
    assert len(pages) >= 3  # 20 movements (with the season's start) did not fit 8 a page
    h.check()


async def test_a_channels_second_table_starts_without_a_bad_edit(harness: Harness[MahjongBot]) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    first = await open_table(h, alice, bob)
    await play_hand(h, first, [alice, bob])
    await h.settle()
    rec = await h.slash("mahjong stop", user=alice, channel=CHANNEL)
    assert rec.answered
    await h.settle()
    presenter = h.bot.presenter
    # item 10: nothing of the closed table stays with the presenter
    assert CHANNEL not in presenter._last_shown and CHANNEL not in presenter._publishers
    assert CHANNEL not in presenter._dirty and not [k for k in presenter.cards if k[0] == CHANNEL]
    before = len(h.requests)
    second = await open_table(h, alice, bob)
    assert second is not first and second.game is not None
    await h.settle()
    assert refused(h) == [], [(r, r.error) for r in refused(h)]
    lobby_edits = [r for r in h.requests[before:] if r.kind == "message.edit" and "table.png" in str(r.json)]
    for r in lobby_edits:  # an old hand's message loses its buttons; the lobby is never made one
        assert r.target is not None and "table.png" in r.target.filenames
    h.check()


async def test_a_second_table_after_an_edit_still_pacing_starts_without_a_bad_edit(tmp_path: Path) -> None:
    """With a pace between edits, the closed table's publisher may still edit its last message
    after the channel's next table opened; the new table's first hand must not take that
    message's status for its lobby message."""
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3", pace_seconds=1.0)), guilds=guilds())
    try:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        first = await open_table(h, alice, bob)
        await pass_time(h, 1.0)  # a computer moves: the table message is edited, the pace begins
        assert (await h.slash("mahjong leave", user=bob, channel=CHANNEL)).answered  # a change to show
        await h.settle()
        await h.slash("mahjong stop", user=alice, channel=CHANNEL)
        await h.settle()
        rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 2})
        lobby = h.messages(CHANNEL)[-1]
        await h.click(lobby, "Join", user=bob)
        await pass_time(h, 1.0)  # the old publisher's pace is over: it edits its own message
        before = len(h.requests)
        await h.click(h.messages(CHANNEL)[-1], "Start", user=alice)
        await h.settle()
        assert rec.answered and h.bot.tables[CHANNEL] is not first
        assert refused(h) == [], [(r, r.error) for r in refused(h)]
        assert h.messages(CHANNEL)[-1].id != lobby.id and len(h.requests) > before
        h.check()
    finally:
        await h.close()


async def test_the_presenter_forgets_a_table_closed_when_no_person_is_left(
    harness: Harness[MahjongBot],
) -> None:
    h = harness
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    table = await open_table(h, alice, bob)
    await h.click(h.messages(CHANNEL)[-1], f"mj:hand:{CHANNEL}", user=alice)  # a card to remember
    presenter = h.bot.presenter
    assert CHANNEL in presenter._last_shown and [k for k in presenter.cards if k[0] == CHANNEL]
    for user in (alice, bob):
        assert (await h.slash("mahjong leave", user=user, channel=CHANNEL)).answered
    await h.settle()
    assert table.closed and CHANNEL not in h.bot.tables
    assert CHANNEL not in presenter._last_shown and CHANNEL not in presenter._dirty
    assert CHANNEL not in presenter._publishers and not [k for k in presenter.cards if k[0] == CHANNEL]
    h.check()


async def test_a_broad_sample_of_interactions_stays_within_discords_limits(tmp_path: Path) -> None:
    """A whole game of two hands, /mahjong rules and hand, /score (long, wrong, builder, Post),
    /chips, /settings with autocomplete, /stats, in English and German: the harness checks every
    request against Discord's limits (tests/discord_harness.py ``limit_violations``)."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale="de")
        alice, bob = h.user(100, "alice"), h.user(200, "bob", locale="de")
        sync = [r for r in h.requests if r.kind == "commands.sync"]
        assert sync and all(r.ok and r.beyond == [] for r in sync)  # the whole command tree
        await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:2", actor_id=1)
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        for _ in range(2):
            await play_hand(h, table, [alice, bob])
            await h.settle()
            if not game.finished:
                assert (await h.click(h.messages(CHANNEL)[-1], "Next hand", user=bob)).answered
        assert game.finished
        for user in (alice, bob):
            assert (await h.slash("mahjong rules", user=user, channel=CHANNEL)).answered
        for user in (alice, bob):
            for options in (BONUS_HONOURS, {"hand": "x" * 150}, {"hand": "234m 777z [555s] [678p] 99p"}, {}):
                rec = await h.slash("score", user=user, channel=CHANNEL, options=options)
                assert rec.answered
                card = rec.last.target
                post = [c for c in rec.custom_ids if c.startswith("mj:post:")]
                if post and isinstance(card, StoredMessage):
                    assert (await h.click(card, post[0], user=user)).answered
        chips: list[tuple[str, dict[str, object], object]] = [
            ("chips balance", {}, alice),
            ("chips history", {}, bob),
            ("chips leaderboard", {}, alice),
            ("chips give", {"member": bob, "amount": 5}, alice),
            ("chips adjust", {"member": alice, "amount": -3, "reason": "Ü" * 200}, boss),
            ("chips history", {"member": alice}, boss),
            ("chips export", {}, boss),
            ("settings show", {}, boss),
            ("settings set", {"name": "limit", "value": "300"}, boss),
            ("settings reset", {"name": "limit"}, boss),
            ("stats member", {"member": alice.id}, bob),
            ("stats table", {}, alice),
        ]
        for command, options, user in chips:
            assert isinstance(user, FakeUser)
            assert (await h.slash(command, user=user, channel=CHANNEL, options=options)).answered, command
        for focused, typed, given in (
            ("name", "", {}),
            ("value", "", {"name": "ruleset"}),
            ("name", "l", {}),
        ):
            rec = await h.autocomplete(
                "settings set", focused, typed, user=boss, channel=CHANNEL, options=given
            )
            assert rec.answered and rec.choices
        await h.settle()
        assert h.beyond_limits == [], [(r, r.beyond) for r in h.beyond_limits]
        assert [r for r in h.requests if r.status >= 400] == []
        assert len(h.interactions) > 40
        h.check()
