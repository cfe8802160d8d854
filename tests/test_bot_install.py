"""``/score`` anywhere (issue 31, item 1), through the real discord.py dispatch, offline
(tests/discord_harness.py): the registration every command PUTs (contexts, integration types, the
message command), ``/score`` and **Score this hand** in the bot's DM, in a group DM and as a
user-installed command in a server without the bot (the payloads carry ``context`` and
``authorizing_integration_owners``), no storage read there, the rules named, **Post in channel**
where the bot cannot send, and the server-only groups hidden outside servers."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_harness import (
    ChannelSpec,
    GuildSpec,
    Harness,
    HarnessError,
    Request,
    StoredMessage,
    limit_violations,
)
from test_bot_discord import CHANNEL, config, guilds, make_bot

from bot.app import MahjongBot
from bot.message_hand import find_hand
from cli.main import main

EX01 = "234m 777z [555s] [678p] 99p"
OUTSIDE, OUTSIDE_CHANNEL = 7 << 22, 70
"""A server without the bot, and its channel."""
ANYWHERE = ("score", "Score this hand")
SERVER_ONLY = ("mahjong", "chips", "settings", "record", "rating", "stats")
OUTSIDE_RULES = "-# Rules: dmjl as written; no server's house rules apply here"


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    harness.guild_without_bot(
        GuildSpec(OUTSIDE, "No bot here", channels=[ChannelSpec(OUTSIDE_CHANNEL, "chat")], locale="de")
    )
    yield harness
    await harness.close()


def count_reads(h: Harness[MahjongBot]) -> list[tuple[Any, ...]]:
    """Every read of a server's or channel's rules from storage from now on."""
    reads: list[tuple[Any, ...]] = []
    storage = h.bot.storage
    original = storage.table_rules

    async def table_rules(*args: Any, **kwargs: Any) -> Any:
        reads.append(args)
        return await original(*args, **kwargs)

    storage.table_rules = table_rules  # type: ignore[method-assign]
    return reads


def sync_request(h: Harness[MahjongBot]) -> Request:
    puts = h.requests_to("PUT", "/applications/{application_id}/commands")
    assert len(puts) == 1
    return puts[0]


async def test_the_registration_says_where_each_command_is_used(h: Harness[MahjongBot]) -> None:
    sync = sync_request(h)
    assert limit_violations(sync) == [] and sync.ok
    commands = {c["name"]: c for c in sync.json}
    assert set(commands) == {*ANYWHERE, *SERVER_ONLY}
    for name in ANYWHERE:  # a server, the bot's DM, other DMs and group DMs; both installs
        assert commands[name]["contexts"] == [0, 1, 2], name
        assert commands[name]["integration_types"] == [0, 1], name
    for name in SERVER_ONLY:  # a server's channels, installed with the bot only
        assert commands[name]["contexts"] == [0], name
        assert commands[name]["integration_types"] == [0], name
        assert commands[name]["dm_permission"] is False, name
    menu = commands["Score this hand"]
    assert menu["type"] == 3 and menu["name_localizations"]["de"] == "Diese Hand werten"
    assert not menu.get("options") and not menu.get("description")


def test_the_harness_refuses_registrations_discord_refuses() -> None:
    good = {"name": "Score this hand", "type": 3, "contexts": [0, 1, 2], "integration_types": [0, 1]}
    bad = [
        {**good, "contexts": [0, 3]},
        {**good, "integration_types": [2]},
        {**good, "contexts": [0, 0]},
        {**good, "integration_types": [0]},  # private channels without the user install
        {**good, "options": [{"name": "x", "description": "x", "type": 3}]},
        {**good, "name_localizations": {"de-DE": "Diese Hand werten"}},
        {
            "name": "score",
            "description": "Score a hand",
            "options": [
                {"name": "hand", "description": "x", "type": 3, "name_localizations": {"german": "x"}}
            ],
        },
    ]
    request = Request(1, "http", "PUT", "", "", {}, {}, [good], [], 0.0, kind="commands.sync")
    assert limit_violations(request) == []
    for command in bad:
        request.json = [command]
        assert limit_violations(request), command


async def test_score_in_the_bots_dm_as_a_user_install(h: Harness[MahjongBot]) -> None:
    ada = h.user(100, "Ada")
    reads = count_reads(h)
    dm = h.dm_channel(ada)
    rec = await h.slash_installed(
        "score", user=ada, channel=dm, install="user", options={"hand": EX01, "seat": "S", "win": "9p"}
    )
    assert rec.payload["context"] == 1 and rec.payload["authorizing_integration_owners"] == {"1": "100"}
    assert rec.answered and rec.ephemeral and "Total:" in rec.text
    assert rec.text.endswith(OUTSIDE_RULES + " (a direct message, a group chat or a server without this bot)")
    assert reads == []
    h.check()


async def test_score_as_a_user_install_in_a_server_without_the_bot(h: Harness[MahjongBot]) -> None:
    ada = h.user(100, "Ada", locale="de")
    reads = count_reads(h)
    rec = await h.slash_installed(
        "score", user=ada, channel=OUTSIDE_CHANNEL, options={"hand": EX01, "seat": "S", "win": "9p"}
    )
    payload = rec.payload
    assert payload["context"] == 0 and payload["guild_id"] == str(OUTSIDE)
    assert payload["authorizing_integration_owners"] == {"1": "100"}
    assert rec.ephemeral and "Regeln: dmjl wie beschrieben; hier gelten keine Hausregeln" in rec.text
    # the hand builder works there too: its state lives in its custom_ids
    card_rec = await h.slash_installed("score", user=ada, channel=OUTSIDE_CHANNEL)
    assert card_rec.ephemeral and any(c.startswith("mj:bs:") for c in card_rec.custom_ids)
    builder = card_rec.last.target
    assert isinstance(builder, StoredMessage)
    pick = next(c for c in builder.custom_ids if c.startswith("mj:bs:m:"))
    step = await h.select(builder, pick, ["2m", "3m", "4m"], user=ada)
    assert step.payload["authorizing_integration_owners"] == {"1": "100"} and step.payload["context"] == 0
    assert step.answered and "`234m`" in builder.text
    # Post in channel: the bot cannot send there, the click's own answer is public
    card = rec.last.target
    assert isinstance(card, StoredMessage)
    posted = await h.click(card, "Im Kanal zeigen", user=ada)
    assert posted.payload["authorizing_integration_owners"] == {"1": "100"}
    assert posted.answered and not posted.ephemeral and "<@100> hat gewertet" in posted.text
    assert h.requests_to("POST", "/channels/{channel_id}/messages") == []
    assert [m.id for m in h.messages(OUTSIDE_CHANNEL) if not m.ephemeral] == [posted.original_message_id]
    assert reads == []
    h.check()


async def test_score_this_hand_in_a_group_dm(h: Harness[MahjongBot]) -> None:
    ada, bob = h.user(100, "Ada"), h.user(101, "Bob")
    reads = count_reads(h)
    group = h.private_channel(ada, bob)
    said = h.post(group, bob, f"did I get this right? {EX01} win 9p seat S, round E")
    rec = await h.message_command("Score this hand", said, user=ada)
    data = rec.payload["data"]
    assert rec.payload["context"] == 2 and rec.payload["authorizing_integration_owners"] == {"1": "100"}
    assert (
        data["type"] == 3
        and data["target_id"] == str(said.id)
        and str(said.id) in data["resolved"]["messages"]
    )
    assert rec.ephemeral and rec.text.startswith(f"Read from the message: `{EX01} win 9p seat S round E`")
    typed = await h.slash_installed(
        "score", user=ada, channel=group, options={"hand": EX01, "seat": "S", "win": "9p"}
    )
    assert rec.text.split("\n", 1)[1] == typed.text  # answered as /score answers
    assert OUTSIDE_RULES in rec.text
    # a DM between two people (not the bot's DM) is a private channel too
    pair = h.private_channel(ada, bob, group=False)
    rec = await h.slash_installed("score", user=ada, channel=pair, options={"hand": EX01})
    assert rec.payload["context"] == 2 and rec.payload["channel"]["type"] == 1 and "user" in rec.payload
    assert rec.ephemeral and OUTSIDE_RULES in rec.text and reads == []
    with pytest.raises(HarnessError, match="not offered"):  # the guild install reaches no private channel
        await h.slash_installed("score", user=ada, channel=pair, install="guild", options={"hand": EX01})
    # a message with no hand says what it looked for, with an example
    chat = h.post(group, bob, "nice game everyone!")
    rec = await h.message_command("Score this hand", chat, user=ada)
    assert rec.ephemeral and "I found no hand in this message" in rec.text and EX01 in rec.text
    h.check()


async def test_score_this_hand_in_a_server_takes_its_house_rules(h: Harness[MahjongBot]) -> None:
    ada = h.user(100, "Ada")
    said = h.post(CHANNEL, ada, f"{EX01} win 9p")
    rec = await h.message_command("Score this hand", said, user=ada)
    assert rec.payload["authorizing_integration_owners"] == {"0": str(guilds()[0].id)}
    assert rec.ephemeral and rec.text.endswith(
        "-# Rules: dmjl, the ruleset of this server, without house rules"
    )
    # the same member's own install in a server with the bot: no guild integration, no house rules
    rec = await h.message_command("Score this hand", said, user=ada, install="user")
    assert OUTSIDE_RULES in rec.text
    h.check()


async def test_the_server_groups_are_hidden_outside_servers(h: Harness[MahjongBot]) -> None:
    ada = h.user(100, "Ada")
    dm = h.dm_channel(ada)
    for command in ("mahjong new", "chips balance", "stats table", "rating leaderboard", "settings show"):
        with pytest.raises(HarnessError, match=r"guild-only|not offered"):
            await h.slash(command, user=ada, channel=dm)
        with pytest.raises(HarnessError, match="not offered"):
            await h.slash_installed(command, user=ada, channel=OUTSIDE_CHANNEL)
        with pytest.raises(HarnessError, match="not offered"):
            await h.slash_installed(command, user=ada, channel=CHANNEL)


def test_without_a_token_it_says_how_to_install_for_oneself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``mahjong bot`` without a token says how to add the bot to a server and how to install it
    for oneself (the user install)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["bot", "--env-file", str(tmp_path / "none.env")]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "scope=bot+applications.commands" in err  # a server's invite
    assert 'on the "Installation" page tick "User Install", give it the scope applications.commands' in err


async def test_a_user_install_makes_at_most_five_followups(h: Harness[MahjongBot]) -> None:
    """Discord limits a user-installed app to five followups per interaction; an interaction a
    server's install authorized is not limited: the harness refuses the sixth of the first only."""
    ada = h.user(100, "Ada")
    dm = h.dm_channel(ada)
    mine = await h.slash_installed("score", user=ada, channel=dm, install="user", options={"hand": EX01})
    server = await h.slash("score", user=ada, channel=CHANNEL, options={"hand": EX01})
    for rec in (mine, server):
        template = "/webhooks/{webhook_id}/{webhook_token}"
        params = {"webhook_id": str(h.backend.application_id), "webhook_token": rec.token}

        def followup(seq: int, params: dict[str, str] = params, template: str = template) -> Request:
            return Request(seq, "webhook", "POST", "", template, params, {}, {}, [], 0.0, status=200)

        for seq in range(5):
            made = followup(seq)
            made.kind = "webhook.message.create"
            assert h._install_violations(made) == []
            rec.requests.append(made)
        sixth = followup(6)
        sixth.kind = "webhook.message.create"
        assert bool(h._install_violations(sixth)) is (rec is mine)


@pytest.mark.parametrize(
    ("message", "hand", "said"),
    [
        (f"did I get this right? {EX01}", EX01, {}),
        (f"```\n{EX01}\n```\nwin: 9p", EX01, {"win": "9p"}),
        (
            f"Gewinnstein 9p, Platz S, Runde W, selbst_gezogen: {EX01}.",
            EX01,
            {"win": "9p", "seat": "S", "self_drawn": True},
        ),
        (f"S said: one more round of {EX01} (7777s)", f"{EX01} (7777s)", {"prevailing": None}),
        (f"ruleset is hard. {EX01} ruleset rumisberg", EX01, {"ruleset": "rumisberg"}),
        ("E S W N and 123m", None, {}),
    ],
)
def test_the_hand_in_a_message(message: str, hand: str | None, said: dict[str, object]) -> None:
    """The longest run of tiles is the hand (a stray wind letter in a sentence is none), the words
    around it are skipped, and what the message says about it is read in English or German."""
    found = find_hand(message)
    if hand is None:
        assert found is None
        return
    assert found is not None and found.hand == hand
    for name, value in said.items():
        assert getattr(found, name) == value


async def test_a_failing_score_this_hand_says_so_in_its_own_words(
    h: Harness[MahjongBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(message: str) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(sys.modules["bot.cogs.scoring"], "find_hand", broken)  # loaded as an extension
    ada = h.user(100, "Ada")
    said = h.post(CHANNEL, ada, EX01)
    rec = await h.message_command("Score this hand", said, user=ada)
    assert rec.ephemeral and rec.text.startswith("Something went wrong scoring this hand")
    assert h.take_errors("a slash command failed")


async def test_post_in_a_server_that_forbids_external_apps(h: Harness[MahjongBot]) -> None:
    """Where a server without the bot forbids external apps, Discord shows the posted answer to
    the one who clicked alone: the click is answered all the same, nothing fails."""
    h.backend.external_apps_forbidden.add(OUTSIDE)
    ada = h.user(100, "Ada")
    rec = await h.slash_installed(
        "score", user=ada, channel=OUTSIDE_CHANNEL, options={"hand": EX01, "win": "9p"}
    )
    card = rec.last.target
    assert isinstance(card, StoredMessage)
    posted = await h.click(card, "Post in channel", user=ada)
    assert posted.answered and posted.ephemeral and "hat gewertet" in posted.text
    assert [m for m in h.messages(OUTSIDE_CHANNEL) if not m.ephemeral] == []
    h.check()
