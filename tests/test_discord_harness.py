"""Tests of the offline Discord harness (tests/discord_harness.py), driving a tiny demo bot."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import struct
import threading
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import AsyncWebhookAdapter
from discord_harness import (
    COMPONENTS_V2,
    EPHEMERAL,
    ChannelSpec,
    FakeDiscord,
    GuildSpec,
    Harness,
    HarnessError,
    Overwrite,
    Request,
    RoleSpec,
    SentFile,
    limit_violations,
)

HOST_PERMS = discord.Permissions(manage_guild=True).value


def png(width: int, height: int) -> bytes:
    """A valid, tiny PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x00\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


# --------------------------------------------------------------------------- the demo bot


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:count:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", custom_id=f"demo:count:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=counter_view(self.n + 1))


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(n))
    return view


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="demo:pick",
        placeholder="Pick tiles",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=t, value=t) for t in ("5p", "E", "Gd")],
    )
    async def pick(self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {', '.join(select.values)}", view=None)


class TableView(discord.ui.LayoutView):
    """Components V2: a container with a text, the table image and two buttons."""

    def __init__(self, turn: int) -> None:
        super().__init__(timeout=None)
        draw = discord.ui.Button[Any](label="Draw", custom_id="demo:draw", style=discord.ButtonStyle.success)
        skip = discord.ui.Button[Any](label="Pass", custom_id="demo:pass")
        draw.callback = self.on_draw  # type: ignore[method-assign]
        skip.callback = self.on_pass  # type: ignore[method-assign]
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay(f"## Table\nTurn {turn}"),
                discord.ui.MediaGallery(
                    discord.MediaGalleryItem("attachment://table.png", description="table")
                ),
                discord.ui.ActionRow(draw, skip),
                accent_colour=0x2E8B57,
            )
        )

    @staticmethod
    def turn_of(message: discord.Message | None) -> int:
        assert message is not None
        for component in message.components:
            for child in getattr(component, "children", []):
                content = getattr(child, "content", "")
                if content.startswith("## Table"):
                    return int(content.rsplit(" ", 1)[1])
        raise AssertionError("no turn")

    async def on_draw(self, interaction: discord.Interaction[Any]) -> None:
        # defer, then edit the channel message itself (PATCH /channels/.../messages/...)
        await interaction.response.defer()
        turn = self.turn_of(interaction.message) + 1
        assert interaction.message is not None
        await interaction.message.edit(
            view=TableView(turn), attachments=[discord.File(io.BytesIO(png(3, 2)), "table.png")]
        )

    async def on_pass(self, interaction: discord.Interaction[Any]) -> None:
        # answer by updating the message (callback type 7), keeping its image
        turn = self.turn_of(interaction.message) + 1
        await interaction.response.edit_message(view=TableView(turn))


class RenameModal(discord.ui.Modal, title="Rename"):
    name: discord.ui.Label[Any] = discord.ui.Label(
        text="New name", component=discord.ui.TextInput(custom_id="name")
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        assert isinstance(self.name.component, discord.ui.TextInput)
        await interaction.response.send_message(f"renamed to {self.name.component.value}", ephemeral=True)


class Demo(app_commands.Group, name="demo", description="Demo commands"):
    def __init__(self, bot: DemoBot) -> None:
        super().__init__()
        self.bot = bot

    @app_commands.command(description="Say hello")
    @app_commands.describe(name="Who", times="How often", loud="Shout")
    async def hello(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        times: app_commands.Range[int, 1, 5] = 1,
        loud: bool = False,
    ) -> None:
        greeting = "Hallo" if interaction.locale is discord.Locale.german else "Hello"
        text = f"{greeting} {name} x{times}" + ("!" if loud else ".")
        assert interaction.guild is not None and isinstance(interaction.channel, discord.TextChannel)
        text += f" [{interaction.guild.name} #{interaction.channel.name}]"
        text += f" send={interaction.app_permissions.send_messages}"
        await interaction.response.send_message(text, ephemeral=True)

    @hello.autocomplete("name")
    async def hello_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["Alice", "Albert", "Bob"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.lower().startswith(current.lower())]

    @app_commands.command(description="Who is that")
    async def whois(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        roles = ",".join(r.name for r in member.roles if not r.is_default())
        await interaction.response.send_message(
            f"{member.display_name} roles={roles} manage={member.guild_permissions.manage_guild}",
            ephemeral=True,
        )

    @app_commands.command(description="A report with a picture")
    async def report(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("the report", file=discord.File(io.BytesIO(png(4, 3)), "report.png"))

    @app_commands.command(description="A counter")
    async def counter(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("count 0", view=counter_view(0))

    @app_commands.command(description="Pick tiles")
    async def pick(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pick", view=PickView(), ephemeral=True)

    @app_commands.command(description="Post the table")
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            await interaction.channel.send(
                view=TableView(0), file=discord.File(io.BytesIO(png(2, 2)), "table.png")
            )
        except discord.Forbidden as exc:
            await interaction.followup.send(f"cannot post here ({exc.code})", ephemeral=True)
            return
        await interaction.followup.send("table posted", ephemeral=True)

    @app_commands.command(description="Answer late")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(0.05)
        await interaction.response.send_message("too late")

    @app_commands.command(description="Work in the background")
    async def later(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("working", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)

        async def work() -> None:
            for _ in range(5):
                await asyncio.sleep(0)
            await channel.send("done in the background")

        async def timer() -> None:
            await asyncio.sleep(3600)

        self.bot.background.add(asyncio.create_task(work()))
        self.bot.background.add(asyncio.create_task(timer()))

    @app_commands.command(description="Ask the database in the background")
    async def query(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("asking", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        release = self.bot.release

        async def work() -> None:
            async with aiosqlite.connect(":memory:") as db:
                # a query that takes as long as the test says (a slow machine), in aiosqlite's thread
                await db.create_function("slow", 0, lambda: release.wait(30) and 42)
                async with db.execute("SELECT slow()") as cursor:
                    row = await cursor.fetchone()
            await channel.send(f"the answer is {row[0] if row else None}")

        self.bot.background.add(asyncio.create_task(work()))

    @app_commands.command(description="Every way to answer")
    async def steps(self, interaction: discord.Interaction[Any]) -> None:
        self.bot.last_interaction = interaction
        await interaction.response.send_message("step 1", ephemeral=True)
        await interaction.edit_original_response(content="step 2")
        extra = await interaction.followup.send("extra", ephemeral=True, wait=True)
        await extra.edit(content="extra edited")
        original = await interaction.original_response()
        assert original.content == "step 2"
        await interaction.delete_original_response()

    @app_commands.command(description="Think quietly")
    async def quiet(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("first")  # replaces the ephemeral "thinking" message
        await interaction.followup.send("second")

    @app_commands.command(description="Whisper")
    async def whisper(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.user.send("psst")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"DMs closed ({exc.code})", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(description="Fail")
    async def crash(self, interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError("boom")

    @app_commands.command(description="Tasks that fail")
    async def tasks(self, interaction: discord.Interaction[Any]) -> None:
        async def fails() -> None:
            raise ValueError("nobody looks")

        async def fails_quietly() -> None:
            raise KeyError("handled")

        async def handles() -> None:
            with contextlib.suppress(KeyError):
                await asyncio.create_task(fails_quietly())

        self.bot.background.add(asyncio.create_task(fails()))
        self.bot.background.add(asyncio.create_task(handles()))
        await interaction.response.send_message("ok", ephemeral=True)

    @app_commands.command(description="Rename")
    async def rename(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(RenameModal())


@app_commands.command(description="Hosts only")
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
async def admin(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("admin ok", ephemeral=True)


@app_commands.command(description="Anywhere")
async def ping(interaction: discord.Interaction[Any]) -> None:
    where = "DM" if interaction.guild is None else interaction.guild.name
    kind = type(interaction.user).__name__
    await interaction.response.send_message(f"pong {where} {kind} {interaction.user.name}")


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None
        )
        self.ready_seen = False
        self.setup_done = False
        self.background: set[asyncio.Task[None]] = set()
        self.last_interaction: discord.Interaction[Any] | None = None
        self.release = threading.Event()
        """Ends the slow database query of /demo query."""
        self.tree.add_command(Demo(self))
        self.tree.add_command(admin)
        self.tree.add_command(ping)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)
        self.add_view(TableView(0))  # persistent: its buttons work on any message
        await self.tree.sync()
        self.setup_done = True

    async def on_ready(self) -> None:
        self.ready_seen = True


GUILDS = [
    GuildSpec(
        1,
        "Club One",
        channels=[
            ChannelSpec(10, "table-1"),
            ChannelSpec(
                11,
                "read-only",
                overwrites=(Overwrite(1, 0, deny=discord.Permissions(send_messages=True).value),),
            ),
        ],
        roles=[RoleSpec(100, "Host", permissions=HOST_PERMS)],
    ),
    GuildSpec(2, "Club Two", channels=[ChannelSpec(20, "table-2")], locale="de"),
]


@pytest.fixture
async def h() -> AsyncIterator[Harness[DemoBot]]:
    harness = await Harness.start(DemoBot(), guilds=GUILDS)
    yield harness
    await harness.close()


# --------------------------------------------------------------------------- tests


async def test_start_logs_in_runs_setup_hook_syncs_and_is_ready(h: Harness[DemoBot]) -> None:
    bot = h.bot
    assert isinstance(bot, DemoBot)
    assert bot.setup_done and bot.ready_seen and bot.is_ready()
    assert bot.user is not None and bot.user.id == h.backend.bot_id
    assert bot.application_id == h.backend.application_id
    assert [g.name for g in bot.guilds] == ["Club One", "Club Two"]
    guild = bot.get_guild(1)
    assert guild is not None and guild.me is not None
    assert [c.name for c in guild.text_channels] == ["table-1", "read-only"]
    assert guild.get_role(100) is not None
    assert [r.route for r in h.requests[:3]] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        "PUT /applications/{application_id}/commands",
    ]
    sync = h.requests[2]
    assert sync.params["application_id"] == str(h.backend.application_id)
    commands_ = {c["name"]: c for c in h.commands()}
    assert set(commands_) == {"demo", "admin", "ping"}
    assert commands_["admin"]["default_member_permissions"] == str(HOST_PERMS)
    hello = next(o for o in commands_["demo"]["options"] if o["name"] == "hello")
    assert [(o["name"], o["type"]) for o in hello["options"]] == [("name", 3), ("times", 4), ("loud", 5)]
    assert all(c["id"] and c["application_id"] for c in commands_.values())


async def test_slash_subcommand_with_options_replies_ephemerally(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice", locale="de")
    rec = await h.slash(
        "demo hello", user=alice, channel=10, options={"name": "Bob", "times": 3, "loud": True}
    )
    assert rec.answered and rec.done and rec.kind == "slash" and rec.name == "demo hello"
    assert rec.ephemeral
    assert rec.text == "Hallo Bob x3! [Club One #table-1] send=True"
    (req,) = rec.requests
    assert req.route == "POST /interactions/{webhook_id}/{webhook_token}/callback"
    assert req.via == "webhook" and req.kind == "interaction.callback" and req.callback_type == 4
    assert req.params["interaction_id"] == str(rec.id) and req.params["webhook_token"] == rec.token
    assert req.path == f"/interactions/{rec.id}/{rec.token}/callback"
    assert req.query == {"with_response": "1"}
    assert req.flags == EPHEMERAL and req.ephemeral and not req.components_v2
    assert req.json["data"]["content"] == rec.text
    assert h.ephemeral_requests() == [req] and h.public_requests() == []
    # the ephemeral message exists for alice only
    assert h.messages(10) == []
    (msg,) = h.ephemeral_messages(10)
    assert h.messages(10, seen_by=alice) == [msg] == h.messages(10, include_ephemeral=True)
    assert h.messages(10, seen_by=h.user(201, "bob")) == []
    assert msg.visible_to == alice.id and msg.payload["interaction_metadata"]["user"]["id"] == "200"
    assert msg.payload["type"] == 20 and msg.payload["author"]["id"] == str(h.backend.bot_id)
    # the interaction payload was shaped like Discord's
    options = rec.payload["data"]["options"]
    assert options == [
        {
            "name": "hello",
            "type": 1,
            "options": [
                {"name": "name", "type": 3, "value": "Bob"},
                {"name": "times", "type": 4, "value": 3},
                {"name": "loud", "type": 5, "value": True},
            ],
        }
    ]
    assert rec.payload["data"]["id"] == next(c["id"] for c in h.commands() if c["name"] == "demo")
    assert rec.ack_ms is not None and 0 <= rec.ack_ms < 3000
    assert h.unanswered() == [] and h.errors == []


async def test_wrong_options_are_refused_like_discord_would(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    with pytest.raises(HarnessError, match="needs option 'name'"):
        await h.slash("demo hello", user=alice, options={})
    with pytest.raises(HarnessError, match="at most 5"):
        await h.slash("demo hello", user=alice, options={"name": "x", "times": 9})
    with pytest.raises(HarnessError, match="no options"):
        await h.slash("demo hello", user=alice, options={"name": "x", "colour": "red"})
    with pytest.raises(HarnessError, match="no subcommand"):
        await h.slash("demo nope", user=alice)
    with pytest.raises(HarnessError, match="Discord hides it"):
        await h.slash("admin", user=alice)
    with pytest.raises(HarnessError, match="has the role 'Hots'"):
        h.user(202, "typo", roles=["Hots"])
    host = h.user(201, "host", roles=["Host"])  # a member of both guilds, Host in the first
    rec = await h.slash("admin", user=host)
    assert rec.text == "admin ok"
    with pytest.raises(HarnessError, match="Discord hides it"):
        await h.slash("admin", user=host, channel=20)


async def test_member_option_with_resolved_data(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    bob = h.user(201, "bob", roles=[100], nick="Bobby")
    rec = await h.slash("demo whois", user=alice, channel=10, options={"member": bob})
    assert rec.text == "Bobby roles=Host manage=True"
    resolved = rec.payload["data"]["resolved"]
    assert resolved["users"]["201"]["username"] == "bob"
    assert resolved["members"]["201"]["roles"] == ["100"]
    assert "user" not in resolved["members"]["201"]


async def test_defer_then_followup_with_a_file(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo report", user=alice, channel=10)
    defer, followup = rec.requests
    assert defer.callback_type == 5 and not defer.ephemeral and rec.deferred
    assert followup.route == "POST /webhooks/{webhook_id}/{webhook_token}"
    assert followup.params["application_id"] == str(h.backend.application_id)
    assert followup.query["wait"] == "1"
    # multipart: payload_json parsed, the file's bytes recorded
    assert followup.json["content"] == "the report"
    assert followup.json["attachments"] == [{"id": 0, "filename": "report.png"}]
    (sent,) = followup.files
    assert sent.filename == "report.png" and sent.data == png(4, 3) and sent.content_type == "image/png"
    # the first followup after a thinking defer replaces the "thinking" message
    assert followup.target is not None and followup.target.id == rec.original_message_id
    (msg,) = h.messages(10)
    assert msg.content == "the report" and not msg.flags & (1 << 7)
    (att,) = msg.attachments
    assert att["filename"] == "report.png" and att["size"] == len(png(4, 3))
    assert att["content_type"] == "image/png" and (att["width"], att["height"]) == (4, 3)
    assert att["url"].endswith(f"/{att['id']}/report.png")
    assert msg.file("report.png") == png(4, 3)
    assert rec.files == [sent] and h.public_requests() == [followup]


async def test_autocomplete(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.autocomplete("demo hello", "name", "al", user=alice, channel=10)
    assert rec.kind == "autocomplete" and rec.answered
    assert rec.choices == [{"name": "Alice", "value": "Alice"}, {"name": "Albert", "value": "Albert"}]
    assert rec.payload["data"]["options"][0]["options"] == [
        {"name": "name", "type": 3, "value": "al", "focused": True}
    ]


async def test_dynamic_item_click_edits_the_message(h: Harness[DemoBot]) -> None:
    alice, bob = h.user(200, "alice"), h.user(201, "bob")
    rec = await h.slash("demo counter", user=alice, channel=10)
    (msg,) = h.messages(10)
    assert msg.content == "count 0" and msg.custom_ids == ["demo:count:0"] and msg.labels == ["Count 0"]
    assert msg.find("Count 0")["id"] == 2  # Discord numbers components: row 1, button 2
    assert rec.last.target is msg

    click = await h.click(msg, "Count 0", user=bob)
    assert click.kind == "button" and click.custom_id == "demo:count:0" and click.user is bob
    (update,) = click.requests
    assert update.callback_type == 7 and update.custom_ids == ["demo:count:1"]
    assert click.payload["message"]["id"] == str(msg.id)
    assert click.payload["data"] == {"custom_id": "demo:count:0", "component_type": 2, "id": 2}
    assert msg.content == "count 1" and msg.labels == ["Count 1"] and len(msg.versions) == 1
    assert msg.payload["edited_timestamp"] is not None

    click = await h.click(msg.id, "demo:count:1", user=alice)
    assert msg.content == "count 2" and click.answered
    with pytest.raises(HarnessError, match="no component"):
        await h.click(msg, "Count 0", user=alice)
    assert h.unanswered() == [] and h.errors == []


async def test_string_select(h: Harness[DemoBot]) -> None:
    alice, bob = h.user(200, "alice"), h.user(201, "bob")
    await h.slash("demo pick", user=alice, channel=10)
    (msg,) = h.ephemeral_messages(10)
    assert [o["value"] for o in msg.select_options("Pick tiles")] == ["5p", "E", "Gd"]
    with pytest.raises(HarnessError, match="has no option"):
        await h.select(msg, "demo:pick", ["9s"], user=alice)
    with pytest.raises(HarnessError, match="1 to 2 values"):
        await h.select(msg, "demo:pick", ["5p", "E", "Gd"], user=alice)
    with pytest.raises(HarnessError, match="only user 200 sees it"):
        await h.select(msg, "demo:pick", ["5p"], user=bob)
    rec = await h.select(msg, "demo:pick", ["5p", "E"], user=alice)
    assert rec.values == ["5p", "E"] and rec.payload["data"]["values"] == ["5p", "E"]
    assert rec.payload["data"]["component_type"] == 3
    assert rec.response_type == 7 and rec.ephemeral
    assert msg.content == "picked 5p, E" and msg.components == []


async def test_layout_view_components_v2_sent_and_edited(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo table", user=alice, channel=10)
    assert rec.ephemeral and rec.text == "table posted"
    (post,) = [r for r in rec.caused if r.kind == "message.create"]
    assert post.route == "POST /channels/{channel_id}/messages" and post.params == {"channel_id": "10"}
    assert post.caused_by is rec and post.interaction is None
    assert post.components_v2 and post.flags == COMPONENTS_V2 and not post.ephemeral
    assert post.json["content"] is None and post.content is None
    assert post.custom_ids == ["demo:draw", "demo:pass"] and post.labels == ["Draw", "Pass"]
    assert post.text == "## Table\nTurn 0"
    assert [c["type"] for c in post.json["components"]] == [17]
    gallery = post.json["components"][0]["components"][1]
    assert gallery["items"][0]["media"]["url"] == "attachment://table.png"
    assert [f.filename for f in post.files] == ["table.png"]

    (msg,) = h.messages(10)
    assert msg.components_v2 and msg.text == "## Table\nTurn 0"
    # Discord resolves attachment:// to the attachment it names
    media = msg.components[0]["components"][1]["items"][0]["media"]
    assert media["url"] == msg.attachments[0]["url"] and media["attachment_id"] == msg.attachments[0]["id"]
    assert h.public_requests() == [post]

    # Draw: deferred update, then the channel message is edited with a new image
    draw = await h.click(msg, "Draw", user=alice)
    assert draw.response_type == 6
    (edit,) = [r for r in draw.caused if r.kind == "message.edit"]
    assert edit.route == "PATCH /channels/{channel_id}/messages/{message_id}"
    assert edit.params == {"channel_id": "10", "message_id": str(msg.id)}
    assert edit.components_v2 and [f.data for f in edit.files] == [png(3, 2)]
    assert msg.text == "## Table\nTurn 1" and msg.file("table.png") == png(3, 2)
    assert msg.attachments[0]["width"] == 3

    # Pass: the message is updated through the interaction callback, keeping its image
    skip = await h.click(msg, "Pass", user=alice)
    assert skip.response_type == 7 and skip.requests[0].components_v2
    assert msg.text == "## Table\nTurn 2" and msg.file("table.png") == png(3, 2)
    assert len(msg.versions) == 2 and h.unanswered() == [] and h.errors == []

    # the bot can read it back
    bot_channel = h.bot.get_channel(10)
    assert isinstance(bot_channel, discord.TextChannel)
    fetched = await bot_channel.fetch_message(msg.id)
    assert fetched.flags.components_v2 and fetched.attachments[0].filename == "table.png"
    assert [m.id async for m in bot_channel.history(limit=5)] == [msg.id]


async def test_two_users_in_two_guilds_at_once(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice", locale="en-GB")
    bob = h.user(201, "bob", locale="de")
    one, two = await asyncio.gather(
        h.slash("demo hello", user=alice, channel=10, options={"name": "A"}),
        h.slash("demo hello", user=bob, channel=20, options={"name": "B"}),
    )
    assert one.text == "Hello A x1. [Club One #table-1] send=True"
    assert two.text == "Hallo B x1. [Club Two #table-2] send=True"
    assert (one.guild_id, one.channel_id, one.locale) == (1, 10, "en-GB")
    assert (two.guild_id, two.channel_id, two.payload["guild_locale"]) == (2, 20, "de")
    assert one.token != two.token and one.id != two.id
    assert h.unanswered() == []


async def test_bot_permissions_and_forbidden_channel(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo hello", user=alice, channel=11, options={"name": "x"})
    assert rec.text.endswith("send=False")
    rec = await h.slash("demo table", user=alice, channel=11)
    assert rec.text == "cannot post here (50013)"
    (refused,) = [r for r in rec.caused if r.kind == "message.create"]
    assert refused.status == 403 and refused.error is not None and refused.error.code == 50013
    assert h.messages(11) == []


async def test_modal(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    shown = await h.slash("demo rename", user=alice, channel=10)
    assert shown.response_type == 9 and shown.modal is not None and shown.modal["title"] == "Rename"
    submitted = await h.submit_modal(shown, {"name": "Dragon"})
    assert submitted.kind == "modal" and submitted.text == "renamed to Dragon"


async def test_unanswered_interactions_are_reported() -> None:
    h = await Harness.start(DemoBot(), guilds=GUILDS, deadline=0.01)
    try:
        alice = h.user(200, "alice")
        rec = await h.slash("demo slow", user=alice, channel=10)
        assert not rec.answered and rec.late
        (req,) = rec.requests
        assert req.status == 404 and req.error is not None and req.error.code == 10062
        assert any("Unknown interaction" in e for e in h.errors)
        # a button nobody handles: no handler task, no answer
        channel = h.bot.get_channel(10)
        assert isinstance(channel, discord.TextChannel)
        orphan = discord.ui.View()
        orphan.add_item(discord.ui.Button[Any](label="Ghost", custom_id="ghost"))
        sent = await channel.send("orphan", view=orphan)
        orphan.stop()
        ghost = await h.click(sent.id, "Ghost", user=alice)
        assert ghost.tasks == [] and not ghost.answered
        assert h.unanswered() == [rec, ghost]
        with pytest.raises(HarnessError, match="unanswered"):
            h.check()
    finally:
        await h.close()


async def test_settle_waits_for_tasks_the_bot_spawned(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    loop = asyncio.get_running_loop()
    started = loop.time()
    rec = await h.slash("demo later", user=alice, channel=10)
    assert rec.text == "working"
    assert await h.settle()
    (msg,) = h.messages(10)
    assert msg.content == "done in the background"
    assert [r.kind for r in rec.caused] == ["interaction.callback", "message.create"]
    # the bot's long timer (a task sleeping an hour) is still pending: settle saw the bot idle
    (timer,) = h.pending_tasks()
    assert not timer.done()
    assert loop.time() - started < 1.0


async def test_validation_errors_like_discord(h: Harness[DemoBot]) -> None:
    channel = h.bot.get_channel(10)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://missing.png")))
    with pytest.raises(discord.HTTPException) as info:
        await channel.send(view=view)
    assert info.value.status == 400 and info.value.code == 50035
    with pytest.raises(discord.HTTPException) as info:
        await channel.send(view=discord.ui.View())
    assert info.value.code == 50006
    assert h.messages(10) == []


@pytest.mark.parametrize("crash", [False, True])
async def test_restart_dynamic_item_still_works(crash: bool) -> None:
    first = await Harness.start(DemoBot(), guilds=GUILDS)
    alice = first.user(200, "alice")
    await first.slash("demo counter", user=alice, channel=10)
    (msg,) = first.messages(10)
    backend: FakeDiscord = first.backend
    await first.close(close_bot=not crash)

    second = await Harness.start(DemoBot(), backend=backend)
    try:
        assert second.bot.user is not None and second.bot.user.id == backend.bot_id
        rec = await second.click(msg.id, "Count 0", user=alice)
        assert rec.answered and rec.response_type == 7
        assert second.messages(10)[0].content == "count 1"
        assert second.requests[-1].interaction is rec and first.requests[-1].interaction is not rec
        assert second.unanswered() == [] and second.errors == []
    finally:
        await second.close()


async def test_close_restores_everything() -> None:
    original_request = AsyncWebhookAdapter.__dict__["request"]
    loop = asyncio.get_running_loop()
    factory = loop.get_task_factory()
    bot = DemoBot()
    h = await Harness.start(bot)
    assert AsyncWebhookAdapter.__dict__["request"] is not original_request
    assert "request" in vars(bot.http)
    await h.close()
    assert AsyncWebhookAdapter.__dict__["request"] is original_request
    assert loop.get_task_factory() is factory
    assert "request" not in vars(bot.http)
    assert bot.is_closed()
    assert h.pending_tasks() == []


async def test_click_timing_is_measured(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    await h.slash("demo counter", user=alice, channel=10)
    (msg,) = h.messages(10)
    rec = await h.click(msg, "Count 0", user=alice)
    assert rec.ack_ms is not None and rec.ack_ms == rec.ms_to(rec.requests[0])
    assert 0 <= rec.ack_ms < 1000


async def test_every_way_to_answer_an_interaction(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo steps", user=alice, channel=10)
    assert [r.kind for r in rec.requests] == [
        "interaction.callback",
        "webhook.message.edit.original",
        "webhook.message.create",
        "webhook.message.edit",
        "webhook.message.fetch.original",
        "webhook.message.delete.original",
    ]
    assert all(r.ok for r in rec.requests) and all(r.interaction is rec for r in rec.requests)
    assert [r.text for r in rec.message_requests] == ["step 1", "step 2", "extra", "extra edited"]
    assert all(r.ephemeral for r in rec.message_requests)
    edit_followup = rec.requests[3]
    assert edit_followup.params["message_id"] == str(rec.requests[2].message_id)
    original, extra = rec.requests[0].target, rec.requests[2].target
    assert original is not None and original.deleted and original.content == "step 2"
    assert extra is not None and not extra.deleted and extra.content == "extra edited"
    assert h.ephemeral_messages(10) == [extra]

    # after the token's 15 minutes, Discord refuses it
    h.expire(rec)
    bot = h.bot
    assert isinstance(bot, DemoBot) and bot.last_interaction is not None
    with pytest.raises(discord.HTTPException) as info:
        await bot.last_interaction.followup.send("too late")
    assert info.value.status == 401 and info.value.code == 50027


async def test_first_followup_replaces_the_thinking_message(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo quiet", user=alice, channel=10)
    defer, first, second = rec.requests
    assert defer.callback_type == 5 and defer.flags == EPHEMERAL and rec.ephemeral
    # "first" asked for nothing ephemeral, yet it replaced the ephemeral thinking message
    assert first.flags == 0 and first.ephemeral and first.target is not None
    assert first.target.id == rec.original_message_id and first.target.content == "first"
    assert not second.ephemeral and second.target is not None and second.target.id != first.target.id
    assert [m.content for m in h.messages(10)] == ["second"]
    assert h.ephemeral_requests() == [first] and h.public_requests() == [second]


async def test_direct_messages(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo whisper", user=alice, channel=10)
    assert rec.text == "sent"
    dm = h.dm_channel(alice)
    assert [r.route for r in rec.caused[:2]] == [
        "POST /users/@me/channels",
        "POST /channels/{channel_id}/messages",
    ]
    assert [m.content for m in h.messages(dm)] == ["psst"]
    hermit = h.user(201, "hermit", accepts_dms=False)
    rec = await h.slash("demo whisper", user=hermit, channel=10)
    assert rec.text == "DMs closed (50007)"
    # an interaction in a DM carries a user, no member
    rec = await h.slash("ping", user=alice, channel=dm)
    assert rec.text == "pong DM User alice" and "user" in rec.payload and "member" not in rec.payload
    assert [m.content for m in h.messages(dm)] == ["psst", rec.text]
    rec = await h.slash("ping", user=alice, channel=10)
    assert rec.text == "pong Club One Member alice"
    with pytest.raises(HarnessError, match="guild-only"):
        await h.slash("admin", user=alice, channel=dm)


async def test_settle_waits_for_a_database_query_however_slow(h: Harness[DemoBot]) -> None:
    """A query in aiosqlite's own thread is work in progress, not idleness: settle returns once
    it is answered and the bot did what followed, after any time without progress."""
    alice = h.user(200, "alice")
    rec = await h.slash("demo query", user=alice, channel=10)
    assert rec.text == "asking"
    threading.Timer(0.5, h.bot.release.set).start()  # the query takes 10 times the idle horizon
    assert await h.settle()
    assert [m.content for m in h.messages(10)] == ["the answer is 42"]
    assert not h.pending_tasks()


async def test_until_measures_a_reply(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    await h.slash("demo counter", user=alice, channel=10)
    (msg,) = h.messages(10)
    rec = await h.click(msg, "Count 0", user=alice, wait=False)
    assert await h.until(lambda: msg.content == "count 1", timeout=2.0)
    reply = next(r for r in h.requests if r.target is msg and r.has_message and r.interaction is rec)
    click_reply_ms = rec.ms_to(reply)
    assert 0 <= click_reply_ms < 1000 and rec.ack_ms == click_reply_ms == rec.reply_ms


async def test_reply_ms_of_a_deferred_click_is_its_visible_edit() -> None:
    async with Harness.running(DemoBot(), guilds=GUILDS) as h:
        alice = h.user(200, "alice")
        await h.slash("demo table", user=alice, channel=10)
        (msg,) = h.messages(10)
        rec = await h.click(msg, "Draw", user=alice)
        edit = next(r for r in rec.caused if r.kind == "message.edit")
        assert rec.ack_ms is not None and rec.reply_ms == rec.ms_to(edit) >= rec.ack_ms
    assert h.closed


async def test_errors_are_collected(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    rec = await h.slash("demo crash", user=alice)
    assert not rec.answered and rec.done
    (logged,) = h.errors
    assert "Ignoring exception in command 'crash'" in logged and "RuntimeError: boom" in logged
    rec = await h.slash("demo tasks", user=alice)
    assert rec.answered and await h.settle()
    errors = h.errors
    assert len(errors) == 2 and "ValueError: nobody looks" in errors[1] and "handled" not in errors[1]
    with pytest.raises(HarnessError, match="boom"):
        h.check()


async def test_a_moderator_deletes_a_message_and_failures_can_be_injected(h: Harness[DemoBot]) -> None:
    alice = h.user(200, "alice")
    seen: list[int] = []

    async def on_raw_message_delete(event: discord.RawMessageDeleteEvent) -> None:
        seen.append(event.message_id)

    h.bot.add_listener(on_raw_message_delete)
    await h.slash("demo table", user=alice, channel=10)
    (msg,) = h.messages(10)
    await h.delete_message(msg, settle=True)
    assert seen == [msg.id] and h.messages(10) == []
    channel = h.bot.get_channel(10)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound) as info:
        await channel.fetch_message(msg.id)
    assert info.value.code == 10008

    def outage(request: Request) -> None:
        raise h.error(503, 0, "upstream connect error")

    h.override("POST", "/channels/{channel_id}/messages", outage)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("hello")
    assert h.requests[-1].status == 503 and h.requests[-1].kind == "message.create"


# --------------------------------------------------------------------------- Discord's limits


def sent(
    kind: str, body: Any, *, method: str = "POST", files: int = 0, description: str | None = None
) -> Request:
    """A request as the harness records it, for :func:`limit_violations` alone (each file
    described by ``description``)."""
    return Request(
        seq=1,
        via="http",
        method=method,
        path="/",
        template="/",
        params={},
        query={},
        json=body,
        files=[SentFile(f"f{i}.png", b"x", description) for i in range(files)],
        at=0.0,
        kind=kind,
    )


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def button(label: str = "Go", custom_id: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(options: int = 3, **extra: Any) -> dict[str, Any]:
    opts = [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": "s", "options": opts, **extra}


def v2(*components: dict[str, Any]) -> dict[str, Any]:
    return {"flags": COMPONENTS_V2, "components": list(components)}


def command(name: str = "play", description: str = "Play", **extra: Any) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": description, **extra}


def option(name: str = "opt", **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "An option", **extra}


def big_command(last: int) -> dict[str, Any]:
    """A command of 7,950 + 2 * ``last`` characters: names, descriptions and choice values."""
    full = [{"name": "n" * 100, "value": "v" * 100}]
    return command(
        "c",
        "d" * 99,  # 100
        options=[
            option("a", description="d" * 99, choices=full * 25),  # 100 + 5000
            option(
                "b", description="d" * 99, choices=full * 13 + [{"name": "n" * last, "value": "v" * last}]
            ),
        ],  # 100 + 2600 + 2 * last
    )


LIMIT_CASES: list[tuple[str, Request, Request, str]] = [
    # (what, a request just at the limit, one just beyond it, what the violation names)
    (
        "content 2000",
        sent("message.create", {"content": "x" * 2000}),
        sent("message.create", {"content": "x" * 2001}),
        "content",
    ),
    (
        "an edit's content",
        sent("message.edit", {"content": "x" * 2000}, method="PATCH"),
        sent("message.edit", {"content": "x" * 2001}, method="PATCH"),
        "content",
    ),
    (
        "a followup's content",
        sent("webhook.message.create", {"content": "é" * 2000}),
        sent("webhook.message.create", {"content": "é" * 2001}),
        "content",
    ),
    (
        "an interaction reply",
        sent("interaction.callback", {"type": 4, "data": {"content": "x" * 2000}}),
        sent("interaction.callback", {"type": 4, "data": {"content": "x" * 2001}}),
        "content",
    ),
    (
        "an update",
        sent("interaction.callback", {"type": 7, "data": {"content": "x" * 2000}}),
        sent("interaction.callback", {"type": 7, "data": {"content": "x" * 2001}}),
        "content",
    ),
    (
        "10 files",
        sent("message.create", {"content": "x"}, files=10),
        sent("message.create", {"content": "x"}, files=11),
        "files",
    ),
    (
        "attachment description 1024",
        sent("message.create", {"attachments": [{"id": 0, "filename": "f0.png", "description": "d" * 1024}]}),
        sent("message.create", {"attachments": [{"id": 0, "filename": "f0.png", "description": "d" * 1025}]}),
        "attachments.0.description",
    ),
    (
        "a file's description 1024",
        sent("webhook.message.create", {"content": "x"}, files=1, description="ä" * 1024),
        sent("webhook.message.create", {"content": "x"}, files=1, description="ä" * 1025),
        "files.f0.png.description",
    ),
    (
        "10 embeds",
        sent("message.create", {"embeds": [{"title": "t"}] * 10}),
        sent("message.create", {"embeds": [{"title": "t"}] * 11}),
        "embeds",
    ),
    (
        "embed title 256",
        sent("message.create", {"embeds": [{"title": "t" * 256}]}),
        sent("message.create", {"embeds": [{"title": "t" * 257}]}),
        "embeds.0.title",
    ),
    (
        "embed description 4096",
        sent("message.create", {"embeds": [{"description": "d" * 4096}]}),
        sent("message.create", {"embeds": [{"description": "d" * 4097}]}),
        "embeds.0.description",
    ),
    (
        "embed fields 25",
        sent("message.create", {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 25}]}),
        sent("message.create", {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}),
        "fields",
    ),
    (
        "embeds 6000 in all",
        sent("message.create", {"embeds": [{"description": "d" * 3000}] * 2}),
        sent("message.create", {"embeds": [{"description": "d" * 3000}, {"description": "d" * 3001}]}),
        "in all",
    ),
    (
        "custom_id 100",
        sent("message.create", {"components": [row(button(custom_id="c" * 100))]}),
        sent("message.create", {"components": [row(button(custom_id="c" * 101))]}),
        "custom_id",
    ),
    (
        "button label 80",
        sent("message.create", {"components": [row(button("l" * 80))]}),
        sent("message.create", {"components": [row(button("l" * 81))]}),
        "label",
    ),
    (
        "5 buttons a row",
        sent("message.create", {"components": [row(*(button(custom_id=str(i)) for i in range(5)))]}),
        sent("message.create", {"components": [row(*(button(custom_id=str(i)) for i in range(6)))]}),
        "children",
    ),
    (
        "5 action rows",
        sent("message.create", {"components": [row(button(custom_id=str(i))) for i in range(5)]}),
        sent("message.create", {"components": [row(button(custom_id=str(i))) for i in range(6)]}),
        "action rows",
    ),
    (
        "a select alone in its row",
        sent("message.create", {"components": [row(select())]}),
        sent("message.create", {"components": [row(select(), button())]}),
        "alone",
    ),
    (
        "select options 25",
        sent("message.create", {"components": [row(select(25))]}),
        sent("message.create", {"components": [row(select(26))]}),
        "options",
    ),
    (
        "select placeholder 150",
        sent("message.create", {"components": [row(select(placeholder="p" * 150))]}),
        sent("message.create", {"components": [row(select(placeholder="p" * 151))]}),
        "placeholder",
    ),
    (
        "select max_values",
        sent("message.create", {"components": [row(select(3, max_values=3))]}),
        sent("message.create", {"components": [row(select(3, max_values=4))]}),
        "max_values",
    ),
    (
        "option label 100",
        sent(
            "message.create",
            {"components": [row(select(1) | {"options": [{"label": "l" * 100, "value": "v"}]})]},
        ),
        sent(
            "message.create",
            {"components": [row(select(1) | {"options": [{"label": "l" * 101, "value": "v"}]})]},
        ),
        "label",
    ),
    (
        "option value 100",
        sent(
            "message.create",
            {"components": [row(select(1) | {"options": [{"label": "l", "value": "v" * 100}]})]},
        ),
        sent(
            "message.create",
            {"components": [row(select(1) | {"options": [{"label": "l", "value": "v" * 101}]})]},
        ),
        "value",
    ),
    (
        "option description 100",
        sent(
            "message.create",
            {
                "components": [
                    row(select(1) | {"options": [{"label": "l", "value": "v", "description": "d" * 100}]})
                ]
            },
        ),
        sent(
            "message.create",
            {
                "components": [
                    row(select(1) | {"options": [{"label": "l", "value": "v", "description": "d" * 101}]})
                ]
            },
        ),
        "description",
    ),
    (
        "V2: 40 components",
        sent("message.create", v2(*({"type": 10, "content": "t"} for _ in range(40)))),
        sent("message.create", v2(*({"type": 10, "content": "t"} for _ in range(41)))),
        "in all",
    ),
    (
        "V2: text displays 4000",
        sent("message.create", v2({"type": 10, "content": "t" * 2000}, {"type": 10, "content": "t" * 2000})),
        sent("message.create", v2({"type": 10, "content": "t" * 2000}, {"type": 10, "content": "t" * 2001})),
        "text displays",
    ),
    (
        "V2: a section's 3 texts",
        sent(
            "message.create",
            v2({"type": 9, "components": [{"type": 10, "content": "t"}] * 3, "accessory": button()}),
        ),
        sent(
            "message.create",
            v2({"type": 9, "components": [{"type": 10, "content": "t"}] * 4, "accessory": button()}),
        ),
        "text components",
    ),
    (
        "V2: 10 gallery items",
        sent("message.create", v2({"type": 12, "items": [{"media": {"url": "https://x/y.png"}}] * 10})),
        sent("message.create", v2({"type": 12, "items": [{"media": {"url": "https://x/y.png"}}] * 11})),
        "items",
    ),
    (
        "modal title 45",
        sent(
            "interaction.callback",
            {
                "type": 9,
                "data": {
                    "title": "t" * 45,
                    "custom_id": "m",
                    "components": [row({"type": 4, "custom_id": "i", "style": 1, "label": "L"})],
                },
            },
        ),
        sent(
            "interaction.callback",
            {
                "type": 9,
                "data": {
                    "title": "t" * 46,
                    "custom_id": "m",
                    "components": [row({"type": 4, "custom_id": "i", "style": 1, "label": "L"})],
                },
            },
        ),
        "title",
    ),
    (
        "text input label 45",
        sent(
            "interaction.callback",
            {
                "type": 9,
                "data": {
                    "title": "t",
                    "custom_id": "m",
                    "components": [row({"type": 4, "custom_id": "i", "style": 1, "label": "L" * 45})],
                },
            },
        ),
        sent(
            "interaction.callback",
            {
                "type": 9,
                "data": {
                    "title": "t",
                    "custom_id": "m",
                    "components": [row({"type": 4, "custom_id": "i", "style": 1, "label": "L" * 46})],
                },
            },
        ),
        "label",
    ),
    (
        "text input value 4000",
        sent(
            "interaction.callback",
            {
                "type": 9,
                "data": {
                    "title": "t",
                    "custom_id": "m",
                    "components": [
                        {
                            "type": 18,
                            "label": "L",
                            "component": {"type": 4, "custom_id": "i", "style": 2, "value": "v" * 4000},
                        }
                    ],
                },
            },
        ),
        sent(
            "interaction.callback",
            {
                "type": 9,
                "data": {
                    "title": "t",
                    "custom_id": "m",
                    "components": [
                        {
                            "type": 18,
                            "label": "L",
                            "component": {"type": 4, "custom_id": "i", "style": 2, "value": "v" * 4001},
                        }
                    ],
                },
            },
        ),
        "value",
    ),
    (
        "autocomplete 25 choices",
        sent("interaction.callback", {"type": 8, "data": {"choices": [{"name": "n", "value": "v"}] * 25}}),
        sent("interaction.callback", {"type": 8, "data": {"choices": [{"name": "n", "value": "v"}] * 26}}),
        "choices",
    ),
    (
        "autocomplete name 100",
        sent("interaction.callback", {"type": 8, "data": {"choices": [{"name": "n" * 100, "value": "v"}]}}),
        sent("interaction.callback", {"type": 8, "data": {"choices": [{"name": "n" * 101, "value": "v"}]}}),
        "name",
    ),
    (
        "command name 32",
        sent("commands.sync", [command("n" * 32)], method="PUT"),
        sent("commands.sync", [command("n" * 33)], method="PUT"),
        "name",
    ),
    (
        "command name lowercase",
        sent("commands.sync", [command("play-now")], method="PUT"),
        sent("commands.sync", [command("Play")], method="PUT"),
        "lowercase",
    ),
    (
        "command name characters",
        sent("commands.sync", [command("spiel_ä")], method="PUT"),
        sent("commands.sync", [command("play now")], method="PUT"),
        "name",
    ),
    (
        "localized name",
        sent("commands.sync", [command(name_localizations={"de": "spielen"})], method="PUT"),
        sent("commands.sync", [command(name_localizations={"de": "Spielen"})], method="PUT"),
        "name (de)",
    ),
    (
        "command description 100",
        sent("commands.sync", [command(description="d" * 100)], method="PUT"),
        sent("commands.sync", [command(description="d" * 101)], method="PUT"),
        "description",
    ),
    (
        "an empty description",
        sent("commands.sync", [command(description="d")], method="PUT"),
        sent("commands.sync", [command(description="")], method="PUT"),
        "description",
    ),
    (
        "25 options",
        sent("commands.sync", [command(options=[option(f"o{i}") for i in range(25)])], method="PUT"),
        sent("commands.sync", [command(options=[option(f"o{i}") for i in range(26)])], method="PUT"),
        "options",
    ),
    (
        "25 choices",
        sent(
            "commands.sync",
            [command(options=[option(choices=[{"name": f"c{i}", "value": str(i)} for i in range(25)])])],
            method="PUT",
        ),
        sent(
            "commands.sync",
            [command(options=[option(choices=[{"name": f"c{i}", "value": str(i)} for i in range(26)])])],
            method="PUT",
        ),
        "choices",
    ),
    (
        "required options first",
        sent("commands.sync", [command(options=[option("a", required=True), option("b")])], method="PUT"),
        sent("commands.sync", [command(options=[option("a"), option("b", required=True)])], method="PUT"),
        "required",
    ),
    (
        "8000 characters a command",
        sent("commands.sync", [big_command(50)], method="PUT"),
        sent("commands.sync", [big_command(51)], method="PUT"),
        "in all",
    ),
    (
        "100 global commands",
        sent("commands.sync", [command(f"c{i}") for i in range(100)], method="PUT"),
        sent("commands.sync", [command(f"c{i}") for i in range(101)], method="PUT"),
        "commands",
    ),
]


@pytest.mark.parametrize(("what", "within", "beyond", "names"), LIMIT_CASES, ids=[c[0] for c in LIMIT_CASES])
def test_each_documented_limit_is_checked(what: str, within: Request, beyond: Request, names: str) -> None:
    """At the documented limit a request passes; one step beyond it is named."""
    assert limit_violations(within) == [], what
    problems = limit_violations(beyond)
    assert problems and any(names in p for p in problems), (what, problems)


async def test_a_request_beyond_a_limit_is_refused_and_reported(h: Harness[DemoBot]) -> None:
    channel = h.bot.get_channel(10)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("x" * 2000)
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("x" * 2001)
    assert info.value.status == 400 and info.value.code == 50035
    assert "2001 characters" in str(info.value)
    (refused,) = h.beyond_limits
    assert refused.kind == "message.create" and refused.beyond == [
        "content: 2001 characters (allowed 0 to 2000)"
    ]
    assert [m.content for m in h.messages(10)] == ["x" * 2000]  # nothing was posted
    with pytest.raises(HarnessError, match="beyond Discord's limits"):
        h.check()


async def test_an_attachments_description_reaches_the_message_within_its_limit(h: Harness[DemoBot]) -> None:
    """discord.py sends a file's description in the message's attachments: the harness keeps it
    on the stored attachment and the recorded file, and refuses one over 1,024 characters."""
    channel = h.bot.get_channel(10)
    assert isinstance(channel, discord.TextChannel)
    await channel.send(file=discord.File(io.BytesIO(png(4, 3)), "a.png", description="Four by three: ä" * 64))
    (msg,) = h.messages(10)
    (att,) = msg.attachments
    assert att["description"] == "Four by three: ä" * 64 and len(att["description"]) == 1024
    (request,) = [r for r in h.requests if r.kind == "message.create"]
    assert [f.description for f in request.files] == ["Four by three: ä" * 64]
    with pytest.raises(discord.HTTPException) as info:
        await channel.send(file=discord.File(io.BytesIO(png(4, 3)), "b.png", description="d" * 1025))
    assert info.value.status == 400
    (refused,) = h.beyond_limits
    assert any("description: 1025 characters" in problem for problem in refused.beyond), refused.beyond
    assert len(h.messages(10)) == 1


async def test_the_demo_bots_command_tree_keeps_the_limits(h: Harness[DemoBot]) -> None:
    (sync,) = [r for r in h.requests if r.kind == "commands.sync"]
    assert sync.ok and sync.beyond == [] and h.beyond_limits == []
