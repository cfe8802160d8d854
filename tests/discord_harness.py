"""An offline Discord for tests: drive a real ``discord.ext.commands.Bot`` without a network.

The harness replaces the two ways discord.py talks to Discord:

* the bot's ``HTTPClient.request`` (channel messages, edits, deletes, fetches, command sync),
  patched on the bot's own ``HTTPClient`` instance;
* ``AsyncWebhookAdapter.request`` (interaction callbacks, followups, ``@original``), patched on
  the class while at least one harness is open.

Both are answered by :class:`FakeDiscord`, an in-memory Discord (guilds, users, messages,
attachments, application commands, interaction tokens) that answers like Discord does:
snowflake ids, echoed components, attachments built from the files sent, HTTP errors for what
Discord refuses (an empty message, content on a Components V2 message, an ``attachment://``
that names no attachment, a second acknowledgement, an answer after the 3 s deadline...).
Every request is checked against Discord's documented limits first (:func:`limit_violations`,
each limit with its source): one beyond them is refused with 400 Invalid Form Body and kept in
``Harness.beyond_limits``, which :meth:`Harness.check` reports.

The connection state is made READY without a gateway: ``bot.login`` runs against the fake
(``GET /users/@me``, ``GET /oauth2/applications/@me``, then the bot's ``setup_hook``), the
guilds are added from GUILD_CREATE-shaped payloads, and ``ready`` is dispatched.

A sharded bot (``AutoShardedClient``) is connected shard by shard as Discord's gateway does it
(Discord's docs, Gateway > Sharding): without a ``shard_count`` it asks ``GET /gateway/bot``
for the recommended number (``FakeDiscord.recommended_shards``); each shard it runs IDENTIFYs
with ``shard: [shard_id, num_shards]`` (kept in ``Harness.identified``; a shard id outside
0 to num_shards - 1 is refused, as Discord closes with 4010 Invalid shard) and gets its own
READY (``shard`` echoed, its guilds as unavailable stubs), then one GUILD_CREATE per guild on
it, ``(guild_id >> 22) % num_shards == shard_id``: discord.py's own sharded path
(``parse_ready``, ``parse_guild_create``, ``shard_connect``, ``shard_ready``, then ``ready``).
An interaction is delivered only to the shard of its guild (one without a guild to shard 0):
injecting one for a shard the bot does not run raises, unless ``Harness.any_shard`` is set (to
test a misrouted one).

Interactions go through the real dispatch: gateway-shaped ``INTERACTION_CREATE`` payloads are
fed to ``ConnectionState.parse_interaction_create``. Every task the bot creates while handling
them (and everything those tasks create) is tracked through a context variable and a task
factory, so :meth:`Harness.slash` and friends return when the bot's handlers are done, and
:meth:`Harness.settle` runs the loop until the bot has nothing left to do.

Usage::

    h = await Harness.start(bot, guilds=[GuildSpec(1, "Club", channels=[ChannelSpec(10, "table")])])
    alice = h.user(100, "alice", locale="de", roles=["Host"])
    rec = await h.slash("mahjong new", user=alice, channel=10, options={"computers": 3})
    assert rec.answered and rec.ack_ms < 3000          # the initial response, and when
    lobby = h.messages(10)[-1]                          # the channel as Discord holds it
    rec = await h.click(lobby, "Start", user=alice)     # by label or custom_id
    card = (await h.click(h.messages(10)[-1], "My hand", user=alice)).last.target
    await h.select(card, card.custom_ids[0], ["5p"], user=alice)
    await h.settle()                                    # until the bot is done or idle
    assert h.unanswered() == [] and h.errors == []      # or h.check()
    await h.close()                                     # or: async with Harness.running(bot) as h

What to look at:

* ``h.requests``: every :class:`Request` (method, path, template, params, query, json, files,
  status, error, ``at``; ``kind`` such as ``message.create`` or ``interaction.callback``;
  ``flags``, ``ephemeral``, ``components_v2``, ``custom_ids``, ``labels``, ``text``, ``find``);
  ``h.public_requests()``, ``h.ephemeral_requests()``, ``h.requests_to(method, template)``.
* :class:`InteractionRecord` (what ``slash``/``click``/``select``/``autocomplete``/
  ``submit_modal`` return): ``requests`` (with its token), ``caused`` (made while handling it),
  ``response``, ``ack_ms``, ``reply_ms``, ``ephemeral``, ``text``, ``last``, ``choices``, ``modal``.
* ``h.messages(channel)``, ``h.ephemeral_messages(channel, user)``, ``h.message(id)``:
  :class:`StoredMessage` (payload, versions, attachments and their bytes via ``file(name)``).
* ``h.unanswered()``, ``h.errors`` (logged errors, unretrieved task exceptions), ``h.check()``.
* ``h.override(method, template, handler)`` to inject failures, ``h.expire(rec)`` to end a
  token's 15 minutes, ``h.delete_message(msg)`` for a moderator's delete.

Limits: no gateway events besides READY, INTERACTION_CREATE and MESSAGE_DELETE; discord.py's
rate limiting and retries are bypassed; threads, reactions' state, pins, webhooks other than
interaction tokens and user commands are not modelled (message commands are:
:meth:`Harness.message_command`; user installs and places without the bot: :meth:`Harness.slash_installed`).

Waiting is decided by events, never by time passing: :meth:`Harness.settle` returns when nothing
the bot started can go on by itself (no callback ready, no work in another thread: the loop's
executor and every aiosqlite query are counted while they run, no timer of the loop due within
``idle`` seconds); a bot whose timers run on a clock the test moves (``bot.clock.ManualClock``)
is then at rest until the test moves it. So a test passes or fails the same on a busy machine.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import contextvars
import copy
import itertools
import json
import logging
import mimetypes
import re
import secrets
import time
import traceback
from collections.abc import (
    AsyncIterator,
    Callable,
    Coroutine,
    Generator,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Literal, TypeVar
from urllib.parse import unquote, urlsplit

import aiohttp
import aiosqlite.core
import discord
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

__all__ = [
    "COMPONENTS_V2",
    "EPHEMERAL",
    "LOADING",
    "ChannelSpec",
    "FakeDiscord",
    "FakeUser",
    "GuildSpec",
    "Harness",
    "HarnessError",
    "InteractionRecord",
    "Overwrite",
    "Request",
    "RoleSpec",
    "SentFile",
    "StoredMessage",
    "component_custom_ids",
    "component_labels",
    "find_component",
    "limit_violations",
    "message_text",
    "walk_components",
]

Json = dict[str, Any]
T = TypeVar("T")
ClientT = TypeVar("ClientT", bound=discord.Client)

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# interaction callback types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
# component types
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, LABEL = 9, 10, 11, 12, 18
SELECT_TYPES = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
# --- issue 31 forms: the modal components (discord.py's ComponentType: radio_group 21,
# checkbox_group 22, checkbox 23; https://discord.com/developers/docs/components/reference#component-object-component-types)
FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 19, 21, 22, 23

CDN = "https://cdn.discordapp.com"
MEDIA = "https://media.discordapp.net"

DEFAULT_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    add_reactions=True,
    embed_links=True,
    attach_files=True,
    use_application_commands=True,
    use_external_emojis=True,
).value
DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    add_reactions=True,
    embed_links=True,
    attach_files=True,
    use_external_emojis=True,
    manage_messages=True,
).value


class HarnessError(AssertionError):
    """A test asked for something Discord would not let a user do (or the harness cannot do)."""


# --------------------------------------------------------------------------- components, text


def walk_components(components: Iterable[Json]) -> Iterator[Json]:
    """Every component, depth first: action rows, V2 containers, sections and their accessory,
    labels and their component."""
    for component in components:
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            inner = component.get(key)
            if isinstance(inner, dict):
                yield from walk_components([inner])


def component_custom_ids(components: Iterable[Json]) -> list[str]:
    return [c["custom_id"] for c in walk_components(components) if isinstance(c.get("custom_id"), str)]


def component_labels(components: Iterable[Json]) -> list[str]:
    return [c["label"] for c in walk_components(components) if isinstance(c.get("label"), str)]


def find_component(components: Iterable[Json], target: str, *, types: Iterable[int] | None = None) -> Json:
    """The one component whose custom_id (preferred) or label is ``target``."""
    wanted = None if types is None else frozenset(types)
    candidates = [c for c in walk_components(components) if wanted is None or c.get("type") in wanted]
    by_id = [c for c in candidates if c.get("custom_id") == target]
    if len(by_id) == 1:
        return by_id[0]
    by_label = [c for c in candidates if c.get("label") == target or c.get("placeholder") == target]
    if len(by_label) == 1:
        return by_label[0]
    found = [(c.get("custom_id"), c.get("label")) for c in candidates]
    if not by_id and not by_label:
        raise HarnessError(f"no component {target!r}; the message has (custom_id, label): {found}")
    raise HarnessError(f"{target!r} names several components: {found}")


def message_text(body: Mapping[str, Any]) -> str:
    """The text a person reads: content, embeds' texts and V2 TextDisplay contents."""
    parts: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and content:
        parts.append(content)
    for embed in body.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                parts.append(str(embed[key]))
        if embed.get("author", {}).get("name"):
            parts.append(str(embed["author"]["name"]))
        for fld in embed.get("fields") or []:
            parts.append(f"{fld.get('name', '')}\n{fld.get('value', '')}")
        if embed.get("footer", {}).get("text"):
            parts.append(str(embed["footer"]["text"]))
    for component in walk_components(body.get("components") or []):
        if component.get("type") == TEXT_DISPLAY and isinstance(component.get("content"), str):
            parts.append(component["content"])
    return "\n".join(parts)


class _MessageBodyMixin:
    """Convenience views of a message body (a request's payload or a stored message)."""

    @property
    def body(self) -> Json | None:
        raise NotImplementedError

    @property
    def flags(self) -> int:
        body = self.body or {}
        return int(body.get("flags") or 0)

    @property
    def content(self) -> str | None:
        body = self.body or {}
        content = body.get("content")
        return content if isinstance(content, str) else None

    @property
    def embeds(self) -> list[Json]:
        return list((self.body or {}).get("embeds") or [])

    @property
    def components(self) -> list[Json]:
        return list((self.body or {}).get("components") or [])

    @property
    def custom_ids(self) -> list[str]:
        return component_custom_ids(self.components)

    @property
    def labels(self) -> list[str]:
        return component_labels(self.components)

    @property
    def text(self) -> str:
        return message_text(self.body or {})

    def find(self, target: str, *, types: Iterable[int] | None = None) -> Json:
        """The component whose custom_id or label is ``target``."""
        return find_component(self.components, target, types=types)

    def select_options(self, target: str) -> list[Json]:
        return list(self.find(target, types=SELECT_TYPES).get("options") or [])


# --------------------------------------------------------------------------- the world


@dataclass(frozen=True)
class RoleSpec:
    id: int
    name: str
    permissions: int = 0
    position: int = 1
    color: int = 0


@dataclass(frozen=True)
class Overwrite:
    id: int
    type: Literal[0, 1] = 0  # 0: role, 1: member
    allow: int = 0
    deny: int = 0


@dataclass(frozen=True)
class ChannelSpec:
    id: int
    name: str = "general"
    type: int = 0  # discord.ChannelType.text
    overwrites: tuple[Overwrite, ...] = ()
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None


@dataclass
class GuildSpec:
    id: int
    name: str = "Test Guild"
    channels: Sequence[ChannelSpec] = ()
    roles: Sequence[RoleSpec] = ()
    locale: str = "en-US"
    owner_id: int | None = None
    everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS
    bot_permissions: int = DEFAULT_BOT_PERMISSIONS
    bot_role_id: int | None = None  # set by FakeDiscord

    def role_id(self, role: int | str) -> int:
        if isinstance(role, int):
            return role
        for spec in self.roles:
            if spec.name == role:
                return spec.id
        raise HarnessError(f"guild {self.id} has no role named {role!r}")

    def member_roles(self, roles: Iterable[int | str]) -> list[int]:
        """The ids of those of ``roles`` (ids or names) that this guild has."""
        known = {spec.id: spec.name for spec in self.roles}
        return [
            role if isinstance(role, int) else next(i for i, n in known.items() if n == role)
            for role in roles
            if (role in known if isinstance(role, int) else role in known.values())
        ]


@dataclass(eq=False)
class FakeUser:
    """A person (or another bot) who can use the bot.

    ``roles`` are role ids or role names (looked up in each guild the user is in); ``permissions``,
    when given, is sent as the member's resolved channel permissions instead of the value
    computed from roles and overwrites.
    """

    id: int
    name: str
    locale: str = "en-US"
    roles: tuple[int | str, ...] = ()
    permissions: int | None = None
    global_name: str | None = None
    bot: bool = False
    accepts_dms: bool = True
    guild_ids: tuple[int, ...] | None = None  # None: member of every guild
    nick: str | None = None

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name if self.global_name is not None else self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(frozen=True)
class SentFile:
    filename: str
    data: bytes
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def content_type(self) -> str:
        return mimetypes.guess_type(self.filename)[0] or "application/octet-stream"


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    return None


@dataclass(eq=False)
class StoredMessage(_MessageBodyMixin):
    """One message as Discord holds it; ``payload`` is what Discord answers for it."""

    payload: Json
    channel_id: int
    guild_id: int | None
    ephemeral: bool = False
    visible_to: int | None = None  # the user an ephemeral message is shown to
    interaction_token: str | None = None
    deleted: bool = False
    versions: list[Json] = field(default_factory=list)  # earlier payloads, oldest first
    files: dict[int, bytes] = field(default_factory=dict)  # attachment id -> bytes

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def body(self) -> Json:
        return self.payload

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & COMPONENTS_V2)

    @property
    def attachments(self) -> list[Json]:
        return list(self.payload.get("attachments") or [])

    def file(self, filename: str) -> bytes:
        """The bytes of the attachment named ``filename``."""
        for attachment in self.attachments:
            if attachment["filename"] == filename:
                return self.files[int(attachment["id"])]
        raise KeyError(f"message {self.id} has no attachment {filename!r}: {self.filenames}")

    @property
    def filenames(self) -> list[str]:
        return [a["filename"] for a in self.attachments]


def _http_error(status: int, code: int, message: str, errors: Json | None = None) -> discord.HTTPException:
    response = _FakeResponse(status)
    body: Json = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    if status == 403:
        return discord.Forbidden(response, body)
    if status == 404:
        return discord.NotFound(response, body)
    if status >= 500:
        return discord.DiscordServerError(response, body)
    return discord.HTTPException(response, body)


class _FakeResponse:
    """What discord.HTTPException reads from an aiohttp response."""

    REASONS: ClassVar[dict[int, str]] = {
        400: "Bad Request",
        401: "Unauthorized",
        403: "Forbidden",
        404: "Not Found",
        429: "Too Many Requests",
        500: "Internal Server Error",
    }

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = self.REASONS.get(status, "Error")
        self.headers: dict[str, str] = {}


def _invalid(path: str, message: str, code: str = "BASE_TYPE_BAD") -> discord.HTTPException:
    errors: Json = {}
    node = errors
    for part in path.split("."):
        node = node.setdefault(part, {})
    node["_errors"] = [{"code": code, "message": message}]
    return _http_error(400, 50035, "Invalid Form Body", errors)


# --------------------------------------------------------------------------- Discord's limits

# Every limit below is Discord's documented one, with where it is written (discord.com/developers/
# docs, as of the Components V2 documentation); :func:`limit_violations` checks each request the
# bot makes against them, and the harness refuses a request beyond one with 400 Invalid Form Body
# as Discord does (and records it: ``Harness.beyond_limits``, reported by ``Harness.check``).

# Resources > Message > Create Message, JSON params: content "up to 2000 characters".
MAX_CONTENT = 2000
# Resources > Message > Create Message, JSON params: embeds "up to 10 rich embeds".
MAX_EMBEDS = 10
# Resources > Message > Embed Limits: title 256, description 4096, fields up to 25, field.name 256,
# field.value 1024, footer.text 2048, author.name 256, and all of them together 6000 characters
# (over every embed of the message).
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
EMBED_FIELD_NAME, EMBED_FIELD_VALUE, EMBED_FOOTER, EMBED_AUTHOR, EMBEDS_TOTAL = 256, 1024, 2048, 256, 6000
# Reference > Uploading Files ("up to 10 files" per message) / Create Message: attachments.
MAX_FILES = 10
# Resources > Message > Attachment Object: description, "description for the file (max 1024
# characters)" (the alt text an image is read out by; sent in the attachments of Create Message).
MAX_ATTACHMENT_DESCRIPTION = 1024
# Components > Component Reference (introduction): with IS_COMPONENTS_V2 "Messages allow up to 40
# total components"; and the text of every Text Display of a message together at most 4000
# characters (Components > Component Reference > Text Display; Using Message Components).
MAX_COMPONENTS, MAX_TEXT_DISPLAY_TOTAL = 40, 4000
# Components > Component Reference > Action Row: a message has up to 5 action rows without
# IS_COMPONENTS_V2 (Legacy Message Component Behavior); a row holds up to 5 buttons or a single
# select (and a select never shares its row).
MAX_ROWS, MAX_ROW_CHILDREN = 5, 5
# Components > Component Reference > Anatomy of a Component > Custom ID: "a string of 1 to 100
# characters", unique per message.
MAX_CUSTOM_ID = 100
# Components > Component Reference > Button: label "max 80 characters"; url (link buttons) 512.
MAX_BUTTON_LABEL, MAX_BUTTON_URL = 80, 512
# Components > Component Reference > String Select: options "max 25", placeholder "max 150
# characters", min_values 0-25, max_values 1-25 (and no more than there are options); Select
# Option: label, value and description "max 100 characters" each (label and value at least 1).
MAX_OPTIONS, MAX_PLACEHOLDER, MAX_VALUES, MAX_OPTION_TEXT = 25, 150, 25, 100
# Components > Component Reference > Section: "One to three text components".
MAX_SECTION_TEXTS = 3
# Components > Component Reference > Media Gallery: "1 to 10 media gallery items"; Media Gallery
# Item and Thumbnail: description (alt text) "max 1024 characters".
MAX_GALLERY_ITEMS, MAX_MEDIA_DESCRIPTION = 10, 1024
# Interactions > Receiving and Responding > Interaction Response Object > Modal: title "max 45
# characters", custom_id 1-100, between 1 and 5 components. Components > Component Reference >
# Text Input: label "max 45 characters", value "max 4000 characters", placeholder "max 100
# characters", min_length 0-4000, max_length 1-4000; Label: label max 45, description max 100.
MAX_MODAL_TITLE, MAX_MODAL_COMPONENTS, MAX_INPUT_LABEL = 45, 5, 45
MAX_INPUT_VALUE, MAX_INPUT_PLACEHOLDER, MAX_LABEL_DESCRIPTION = 4000, 100, 100
# --- issue 31 forms: the modal components, as documented at
# https://discord.com/developers/docs/components/reference (sections Label, Radio Group, Checkbox
# Group, Checkbox) and https://discord.com/developers/docs/interactions/receiving-and-responding
# #interaction-response-object-modal ("Between 1 and 5 components": Label, Text Display; an
# Action Row of a text input is the deprecated form).
# Label (#label): "label: max 45 characters", "description: max 100 characters", and its
# component is one of Text Input, the selects, File Upload, Radio Group, Checkbox Group, Checkbox.
LABEL_CHILDREN = frozenset({TEXT_INPUT, *SELECT_TYPES, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX})
MODAL_TOP_LEVEL = frozenset({LABEL, TEXT_DISPLAY, ACTION_ROW})
# Radio Group (#radio-group): custom_id 1-100 characters; options "min 2, max 10"; a Radio Group
# "must be placed inside a Label". Radio Group Option: value and label "max 100 characters",
# description "max 100 characters"; at most one option is the default (a radio group picks one).
MIN_RADIO_OPTIONS, MAX_RADIO_OPTIONS = 2, 10
# Checkbox Group (#checkbox-group): custom_id 1-100; options "min 1, max 10"; min_values "min 0,
# max 10" (default 1), and "if 0, required must be false"; max_values "min 1, max 10" (default:
# the number of options); inside a Label. Its options as the Radio Group's (100 characters each).
MIN_CHECKBOX_OPTIONS, MAX_CHECKBOX_OPTIONS, MAX_CHECKBOX_VALUES = 1, 10, 10
# Checkbox (#checkbox): custom_id 1-100; "Checkboxes cannot be set as required"; inside a Label.
# Interactions > Receiving and Responding > Autocomplete: "up to 25 choices"; Interactions >
# Application Commands > Application Command Option Choice Structure: name 1-100 characters,
# a string value up to 100 characters.
MAX_CHOICES, MAX_CHOICE_NAME, MAX_CHOICE_VALUE = 25, 100, 100
# Interactions > Application Commands > Application Command Object > Application Command Naming:
# CHAT_INPUT command and option names match ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and
# use the lowercase variant of every letter that has one (``\w`` without the underscore's
# companions is Python's nearest: letters, digits and ``_``; Deva and Thai marks are not used here).
COMMAND_NAME = re.compile(r"[-_'\w]{1,32}")
# Application Command Structure: description 1-100 characters for CHAT_INPUT (USER and MESSAGE
# commands: empty); options "max of 25"; Option Structure: name 1-32, description 1-100, choices
# "max 25", nested options "up to 25"; localizations follow the same restrictions as the field.
MAX_COMMAND_DESCRIPTION, MAX_COMMAND_OPTIONS = 100, 25
# Interactions > Application Commands > Slash Commands: "a maximum of 8000 characters for
# combined name, description, and value properties for each command, its options (including
# subcommands and groups), and choices", counting the longest localization of each field
# (earlier versions of the page said 4000; Discord raised it).
MAX_COMMAND_TOTAL = 8000
# Interactions > Application Commands > Registering a Command: "100 global CHAT_INPUT commands",
# 15 USER and 15 MESSAGE commands; the same per guild for guild commands.
MAX_COMMANDS = {1: 100, 2: 15, 3: 15}
# (Interactions > Receiving and Responding: the initial response within 3 seconds and the
# token's 15 minutes are enforced where the callback and followups are answered: see
# ``Harness.deadline`` and ``Harness.expire``.)


# --- issue 31 thread: a table in its own thread ---
# Resources > Channel > Start Thread without Message / Start Thread from Message
# (https://discord.com/developers/docs/resources/channel#start-thread-without-message and
# #start-thread-from-message): name "1-100 character channel name"; auto_archive_duration "the
# thread will stop showing in the channel list after auto_archive_duration minutes of inactivity,
# can be set to: 60, 1440, 4320, 10080"; rate_limit_per_user 0-21600; type (without a message) a
# thread type, 10, 11 or 12. Resources > Channel > Modify Channel, Thread
# (https://discord.com/developers/docs/resources/channel#modify-channel-json-params-thread): the
# same name and auto_archive_duration limits. Topics > Opcodes and Status Codes > JSON Error Codes
# (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes):
# 50083, the operation is not allowed on an archived thread (a message posted or edited there).
THREAD_NAME = (1, 100)
THREAD_ARCHIVE_DURATIONS = frozenset({60, 1440, 4320, 10080})
THREAD_SLOWMODE = 21600
THREAD_TYPES = frozenset({10, 11, 12})
THREAD_ARCHIVED = 50083
THREAD_ROUTES = frozenset(
    {"/channels/{channel_id}/threads", "/channels/{channel_id}/messages/{message_id}/threads"}
)


def _thread_violations(req: Request) -> list[str]:
    """A thread's creation or change (``PATCH /channels/{id}`` with thread fields) beyond
    Discord's limits above."""
    body = req.json if isinstance(req.json, dict) else {}
    problems: list[str] = []
    creating = req.method == "POST"
    if creating or "name" in body:
        _text_over(problems, "name", body.get("name"), THREAD_NAME[1], THREAD_NAME[0])
    duration = body.get("auto_archive_duration")
    if duration is not None and duration not in THREAD_ARCHIVE_DURATIONS:
        problems.append(f"auto_archive_duration: {duration!r} (allowed {sorted(THREAD_ARCHIVE_DURATIONS)})")
    slowmode = body.get("rate_limit_per_user")
    if slowmode is not None and not (isinstance(slowmode, int) and 0 <= slowmode <= THREAD_SLOWMODE):
        problems.append(f"rate_limit_per_user: {slowmode!r} (allowed 0 to {THREAD_SLOWMODE})")
    kind = body.get("type")
    if req.template == "/channels/{channel_id}/threads" and kind is not None and kind not in THREAD_TYPES:
        problems.append(f"type: {kind!r} (a thread is of type 10, 11 or 12)")
    return problems


def _text_over(problems: list[str], where: str, value: object, high: int, low: int = 0) -> None:
    if value is None:
        if low:
            problems.append(f"{where}: missing (needs {low} to {high} characters)")
        return
    if not isinstance(value, str):
        problems.append(f"{where}: not a string ({type(value).__name__})")
    elif not low <= len(value) <= high:
        problems.append(f"{where}: {len(value)} characters (allowed {low} to {high})")


def _message_violations(body: Json, files: Sequence[SentFile]) -> list[str]:
    problems: list[str] = []
    _text_over(problems, "content", body.get("content"), MAX_CONTENT)
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"embeds: {len(embeds)} (at most {MAX_EMBEDS})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds.{i}"
        for key, high in (("title", EMBED_TITLE), ("description", EMBED_DESCRIPTION)):
            _text_over(problems, f"{where}.{key}", embed.get(key), high)
            total += len(str(embed.get(key) or ""))
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"{where}.fields: {len(fields)} (at most {EMBED_FIELDS})")
        for j, fld in enumerate(fields):
            _text_over(problems, f"{where}.fields.{j}.name", fld.get("name"), EMBED_FIELD_NAME, 1)
            _text_over(problems, f"{where}.fields.{j}.value", fld.get("value"), EMBED_FIELD_VALUE, 1)
            total += len(str(fld.get("name") or "")) + len(str(fld.get("value") or ""))
        for key, inner, high in (("footer", "text", EMBED_FOOTER), ("author", "name", EMBED_AUTHOR)):
            part = embed.get(key) or {}
            _text_over(problems, f"{where}.{key}.{inner}", part.get(inner), high)
            total += len(str(part.get(inner) or ""))
    if total > EMBEDS_TOTAL:
        problems.append(f"embeds: {total} characters in all (at most {EMBEDS_TOTAL})")
    if len(files) > MAX_FILES:
        problems.append(f"files: {len(files)} (at most {MAX_FILES})")
    if len(body.get("attachments") or []) > MAX_FILES:
        problems.append(f"attachments: {len(body['attachments'])} (at most {MAX_FILES})")
    for i, attachment in enumerate(body.get("attachments") or []):
        if isinstance(attachment, dict):
            _text_over(
                problems,
                f"attachments.{i}.description",
                attachment.get("description"),
                MAX_ATTACHMENT_DESCRIPTION,
            )
    for f in files:
        _text_over(problems, f"files.{f.filename}.description", f.description, MAX_ATTACHMENT_DESCRIPTION)
    problems += _component_violations(
        body.get("components") or [], v2=bool(int(body.get("flags") or 0) & COMPONENTS_V2)
    )
    return problems


def _component_violations(components: list[Json], *, v2: bool) -> list[str]:
    problems: list[str] = []
    every = list(walk_components(components))
    if len(every) > MAX_COMPONENTS:
        problems.append(f"components: {len(every)} in all (at most {MAX_COMPONENTS})")
    top_rows = all(c.get("type") == ACTION_ROW for c in components)
    if not v2 and top_rows and len(components) > MAX_ROWS:
        problems.append(f"components: {len(components)} action rows (at most {MAX_ROWS})")
    text = sum(len(str(c.get("content") or "")) for c in every if c.get("type") == TEXT_DISPLAY)
    if text > MAX_TEXT_DISPLAY_TOTAL:
        problems.append(
            f"components: text displays hold {text} characters (at most {MAX_TEXT_DISPLAY_TOTAL})"
        )
    seen: set[str] = set()
    for c in every:
        ctype = int(c.get("type") or 0)
        name = {ACTION_ROW: "action row", BUTTON: "button", TEXT_INPUT: "text input"}.get(
            ctype, f"type {ctype}"
        )
        if ctype in SELECT_TYPES:
            name = "select"
        where = f"components.{name}"
        custom_id = c.get("custom_id")
        if custom_id is not None:
            _text_over(problems, f"{where}.custom_id", custom_id, MAX_CUSTOM_ID, 1)
            if custom_id in seen:
                problems.append(f"{where}.custom_id: {custom_id!r} twice in one message")
            seen.add(str(custom_id))
        if ctype == ACTION_ROW:
            children = c.get("components") or []
            if not 1 <= len(children) <= MAX_ROW_CHILDREN:
                problems.append(f"{where}: {len(children)} children (1 to {MAX_ROW_CHILDREN})")
            kinds = [child.get("type") for child in children]
            if any(k in SELECT_TYPES or k == TEXT_INPUT for k in kinds) and len(kinds) > 1:
                problems.append(f"{where}: a select or text input must be alone in its row")
        elif ctype == BUTTON:
            _text_over(problems, f"{where}.label", c.get("label"), MAX_BUTTON_LABEL)
            if c.get("style") == 5:
                _text_over(problems, f"{where}.url", c.get("url"), MAX_BUTTON_URL, 1)
            elif c.get("style") != 6 and custom_id is None:
                problems.append(f"{where}: a button of style {c.get('style')} needs a custom_id")
        elif ctype in SELECT_TYPES:
            if custom_id is None:
                problems.append(f"{where}: a select needs a custom_id")
            _text_over(problems, f"{where}.placeholder", c.get("placeholder"), MAX_PLACEHOLDER)
            low, high = int(c.get("min_values", 1)), int(c.get("max_values", 1))
            if not 0 <= low <= MAX_VALUES or not 1 <= high <= MAX_VALUES or low > high:
                problems.append(f"{where}: min_values {low}, max_values {high} (0-25, 1-25, min <= max)")
            if ctype == STRING_SELECT:
                options = c.get("options") or []
                if not 1 <= len(options) <= MAX_OPTIONS:
                    problems.append(f"{where}.options: {len(options)} (1 to {MAX_OPTIONS})")
                elif high > len(options):
                    problems.append(f"{where}.max_values: {high}, more than its {len(options)} options")
                for j, option in enumerate(options):
                    for key, least in (("label", 1), ("value", 1), ("description", 0)):
                        _text_over(
                            problems, f"{where}.options.{j}.{key}", option.get(key), MAX_OPTION_TEXT, least
                        )
        elif ctype == TEXT_INPUT:
            problems += _text_input_violations(c, where)
        elif ctype == LABEL:
            _text_over(problems, f"{where}.label", c.get("label"), MAX_INPUT_LABEL, 1)
            _text_over(problems, f"{where}.description", c.get("description"), MAX_LABEL_DESCRIPTION)
        elif ctype == SECTION:
            texts = c.get("components") or []
            if not 1 <= len(texts) <= MAX_SECTION_TEXTS:
                problems.append(f"{where}: {len(texts)} text components (1 to {MAX_SECTION_TEXTS})")
        elif ctype == MEDIA_GALLERY:
            items = c.get("items") or []
            if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
                problems.append(f"{where}.items: {len(items)} (1 to {MAX_GALLERY_ITEMS})")
            for j, item in enumerate(items):
                _text_over(
                    problems, f"{where}.items.{j}.description", item.get("description"), MAX_MEDIA_DESCRIPTION
                )
        elif ctype == THUMBNAIL:
            _text_over(problems, f"{where}.description", c.get("description"), MAX_MEDIA_DESCRIPTION)
        elif ctype in (RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX):  # issue 31 forms
            problems += _modal_input_violations(c, where)
    return problems


# --- issue 31 forms: radio groups, checkbox groups, checkboxes, and where a modal holds them ---


def _modal_input_violations(c: Json, where: str) -> list[str]:
    problems: list[str] = []
    ctype = int(c.get("type") or 0)
    if c.get("custom_id") is None:
        problems.append(f"{where}: needs a custom_id")
    if ctype == CHECKBOX:
        if "required" in c:
            problems.append(f"{where}: a checkbox cannot be required")
        return problems
    options = c.get("options") or []
    low, high = (
        (MIN_RADIO_OPTIONS, MAX_RADIO_OPTIONS)
        if ctype == RADIO_GROUP
        else (MIN_CHECKBOX_OPTIONS, MAX_CHECKBOX_OPTIONS)
    )
    if not low <= len(options) <= high:
        problems.append(f"{where}.options: {len(options)} ({low} to {high})")
    for j, option in enumerate(options):
        for key, least in (("label", 1), ("value", 1), ("description", 0)):
            _text_over(problems, f"{where}.options.{j}.{key}", option.get(key), MAX_OPTION_TEXT, least)
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(f"{where}.options: a value twice")
    defaults = sum(1 for o in options if o.get("default"))
    if ctype == RADIO_GROUP and defaults > 1:
        problems.append(f"{where}.options: {defaults} defaults (a radio group picks one)")
    if ctype == CHECKBOX_GROUP:
        least = int(c.get("min_values", 1))
        most = int(c.get("max_values", len(options)))
        if not 0 <= least <= MAX_CHECKBOX_VALUES or not 1 <= most <= MAX_CHECKBOX_VALUES or least > most:
            problems.append(f"{where}: min_values {least}, max_values {most} (0-10, 1-10, min <= max)")
        if most > len(options):
            problems.append(f"{where}.max_values: {most}, more than its {len(options)} options")
        if least == 0 and c.get("required", True):
            problems.append(f"{where}: min_values 0 needs required false")
        if defaults > most:
            problems.append(f"{where}.options: {defaults} defaults, more than max_values {most}")
    return problems


def _modal_layout_violations(components: list[Json]) -> list[str]:
    """Where a modal's components may stand: Label, Text Display (or a text input's Action Row) at
    the top; a Label holds one input; radio groups, checkbox groups and checkboxes only in a Label."""
    problems: list[str] = []
    for i, c in enumerate(components):
        ctype = c.get("type")
        if ctype not in MODAL_TOP_LEVEL:
            problems.append(f"data.components.{i}: type {ctype} cannot stand at a modal's top level")
        if ctype == LABEL:
            inner = c.get("component") or {}
            if inner.get("type") not in LABEL_CHILDREN:
                problems.append(
                    f"data.components.{i}.component: type {inner.get('type')} cannot be in a Label"
                )
        if ctype == ACTION_ROW:
            for child in c.get("components") or []:
                if child.get("type") in (RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX):
                    problems.append(f"data.components.{i}: a type {child.get('type')} must be in a Label")
    return problems


def _text_input_violations(c: Json, where: str) -> list[str]:
    problems: list[str] = []
    if c.get("label") is not None:  # inside a Label component the label is the Label's
        _text_over(problems, f"{where}.label", c.get("label"), MAX_INPUT_LABEL, 1)
    _text_over(problems, f"{where}.value", c.get("value"), MAX_INPUT_VALUE)
    _text_over(problems, f"{where}.placeholder", c.get("placeholder"), MAX_INPUT_PLACEHOLDER)
    low, high = c.get("min_length"), c.get("max_length")
    if low is not None and not 0 <= int(low) <= MAX_INPUT_VALUE:
        problems.append(f"{where}.min_length: {low} (0 to {MAX_INPUT_VALUE})")
    if high is not None and not 1 <= int(high) <= MAX_INPUT_VALUE:
        problems.append(f"{where}.max_length: {high} (1 to {MAX_INPUT_VALUE})")
    return problems


def _modal_violations(modal: Json) -> list[str]:
    problems: list[str] = []
    _text_over(problems, "data.title", modal.get("title"), MAX_MODAL_TITLE, 1)
    _text_over(problems, "data.custom_id", modal.get("custom_id"), MAX_CUSTOM_ID, 1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        problems.append(f"data.components: {len(components)} (1 to {MAX_MODAL_COMPONENTS})")
    problems += _modal_layout_violations(components)  # issue 31 forms
    return problems + _component_violations(components, v2=False)


def _choice_violations(choices: list[Json], where: str) -> list[str]:
    problems: list[str] = []
    if len(choices) > MAX_CHOICES:
        problems.append(f"{where}: {len(choices)} (at most {MAX_CHOICES})")
    for j, choice in enumerate(choices):
        _text_over(problems, f"{where}.{j}.name", choice.get("name"), MAX_CHOICE_NAME, 1)
        for locale, value in (choice.get("name_localizations") or {}).items():
            _text_over(problems, f"{where}.{j}.name_localizations.{locale}", value, MAX_CHOICE_NAME, 1)
        if isinstance(choice.get("value"), str):
            _text_over(problems, f"{where}.{j}.value", choice["value"], MAX_CHOICE_VALUE, 1)
    return problems


def _longest(node: Json, key: str) -> int:
    """A field's length as the 8000-character total counts it: its longest localization."""
    values = [str(node.get(key) or "")] + [str(v) for v in (node.get(f"{key}_localizations") or {}).values()]
    return max(len(v) for v in values)


def _name_violations(problems: list[str], where: str, node: Json, *, chat_input: bool) -> None:
    names = {"": node.get("name")} | {f" ({k})": v for k, v in (node.get("name_localizations") or {}).items()}
    for suffix, name in names.items():
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            problems.append(f"{where}.name{suffix}: {name!r} (1 to 32 characters)")
        elif chat_input and (not COMMAND_NAME.fullmatch(name) or name != name.lower()):
            problems.append(f"{where}.name{suffix}: {name!r} (lowercase letters, digits, - _ ' only)")
    descriptions = {"": node.get("description")} | {
        f" ({k})": v for k, v in (node.get("description_localizations") or {}).items()
    }
    for suffix, description in descriptions.items():
        low = 1 if chat_input else 0
        high = MAX_COMMAND_DESCRIPTION if chat_input else 0
        _text_over(problems, f"{where}.description{suffix}", description, high, low)


def _option_violations(options: list[Json], where: str) -> tuple[list[str], int]:
    problems: list[str] = []
    total = 0
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append(f"{where}: {len(options)} (at most {MAX_COMMAND_OPTIONS})")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: names repeat {names}")
    required_seen_optional = False
    for option in options:
        here = f"{where}.{option.get('name')}"
        _name_violations(problems, here, option, chat_input=True)
        total += _longest(option, "name") + _longest(option, "description")
        if option.get("type") in (1, 2):
            inner, size = _option_violations(option.get("options") or [], f"{here}.options")
            problems += inner
            total += size
            continue
        if option.get("required"):
            if required_seen_optional:
                problems.append(f"{here}: a required option after an optional one")
        else:
            required_seen_optional = True
        choices = option.get("choices") or []
        problems += _choice_violations(choices, f"{here}.choices")
        for choice in choices:
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return problems, total


def _commands_violations(commands: list[Json]) -> list[str]:
    problems: list[str] = []
    for ctype, most in MAX_COMMANDS.items():
        count = sum(1 for c in commands if c.get("type", 1) == ctype)
        if count > most:
            problems.append(f"commands: {count} of type {ctype} (at most {most})")
    for command in commands:
        chat_input = command.get("type", 1) == 1
        where = f"commands.{command.get('name')}"
        _name_violations(problems, where, command, chat_input=chat_input)
        inner, size = _option_violations(command.get("options") or [], f"{where}.options")
        problems += inner
        problems += _install_command_violations(command)  # issue 31 install
        size += _longest(command, "name") + _longest(command, "description")
        if size > MAX_COMMAND_TOTAL:
            problems.append(f"{where}: {size} characters in all (at most {MAX_COMMAND_TOTAL})")
    return problems


def limit_violations(req: Request) -> list[str]:
    """Each of Discord's documented limits that ``req`` goes beyond (empty when it keeps them):
    messages (content, embeds, files, components), modals, autocomplete answers and the command
    tree a sync sends. The limits and their sources are the constants above."""
    body = req.json
    if req.kind == "interaction.callback" and isinstance(body, dict):
        data = body.get("data") or {}
        ctype = body.get("type")
        if ctype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            return _message_violations(data, req.files)
        if ctype == MODAL:
            return _modal_violations(data)
        if ctype == AUTOCOMPLETE_RESULT:
            return _choice_violations(list(data.get("choices") or []), "data.choices")
        return []
    if req.kind == "commands.sync":
        return _commands_violations(list(body or []))
    if req.method == "POST" and req.template == "/applications/{application_id}/emojis":  # issue 31 emoji
        return _emoji_create_violations(body if isinstance(body, dict) else {})
    if req.template in THREAD_ROUTES or (req.method, req.template) == ("PATCH", "/channels/{channel_id}"):
        return _thread_violations(req)  # issue 31 thread
    if req.method in ("POST", "PATCH") and req.kind.startswith(("message.", "webhook.message")):
        return _message_violations(body if isinstance(body, dict) else {}, req.files)
    return []


# --- issue 31 install: where a command may be installed and used ------------------------------
# Every rule below is Discord's documented one, with the page it is written on.
# https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-context-types
#   interaction context types: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL (group DMs and DMs other than
#   the app's bot user).
INTERACTION_CONTEXTS = {0: "GUILD", 1: "BOT_DM", 2: "PRIVATE_CHANNEL"}
# https://discord.com/developers/docs/resources/application#application-object-application-integration-types
#   application integration types: 0 GUILD_INSTALL, 1 USER_INSTALL.
INTEGRATION_TYPES = {0: "GUILD_INSTALL", 1: "USER_INSTALL"}
# https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
#   "the PRIVATE_CHANNEL interaction context is only meaningful for commands installed to a user
#   (when the command's integration_types includes USER_INSTALL)": a command offered in private
#   channels without the user install is never seen there.
# https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-structure
#   options "can only be set for application commands of type CHAT_INPUT"; description "Empty
#   string for USER and MESSAGE commands"; name_localizations and description_localizations are
#   dictionaries "with keys in available locales"; integration_types and contexts are lists of the
#   types above.
# https://discord.com/developers/docs/reference#locales : the available locales.
DISCORD_LOCALES = frozenset(
    {
        *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl"),
        *("no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi"),
        *("th", "zh-CN", "ja", "zh-TW", "ko"),
    }
)
# https://discord.com/developers/docs/change-log#userinstalled-apps-general-availability
#   "User-installed apps are now limited to creating a maximum of 5 follow-ups when responding to
#   interactions ... apps installed to the server are unaffected."
MAX_USER_INSTALL_FOLLOWUPS = 5
INSTALL_DOCS = "https://discord.com/developers/docs/interactions/application-commands#contexts"


def _install_command_violations(command: Json) -> list[str]:
    """What of a command's registration Discord refuses or ignores: contexts and integration types
    outside the documented values or repeated, private channels without the user install, a
    context menu command with options or a description, localization keys that are no locale."""
    problems: list[str] = []
    where = f"commands.{command.get('name')}"
    contexts = command.get("contexts")
    installs = command.get("integration_types")
    for key, values, known in (
        ("contexts", contexts, INTERACTION_CONTEXTS),
        ("integration_types", installs, INTEGRATION_TYPES),
    ):
        if values is None:
            continue
        if not isinstance(values, list) or not values:
            problems.append(f"{where}.{key}: {values!r} (a list of {sorted(known)}; see {INSTALL_DOCS})")
            continue
        unknown = [v for v in values if v not in known]
        if unknown:
            problems.append(f"{where}.{key}: {unknown} are none of {sorted(known)} (see {INSTALL_DOCS})")
        if len(set(values)) != len(values):
            problems.append(f"{where}.{key}: {values} repeats a value")
    if contexts is not None and 2 in contexts and 1 not in (installs or [0]):
        problems.append(
            f"{where}.contexts: PRIVATE_CHANNEL without USER_INSTALL in integration_types is never "
            "offered (https://discord.com/developers/docs/interactions/application-commands#interaction-contexts)"
        )
    if command.get("type", 1) in (2, 3) and command.get("options"):
        problems.append(f"{where}.options: a USER or MESSAGE command takes no options")
    nodes = [command]
    for node in nodes:  # the command, its options, their options and choices
        nodes += [*(node.get("options") or []), *(node.get("choices") or [])]
    for node, key in ((n, k) for n in nodes for k in ("name_localizations", "description_localizations")):
        for locale in node.get(key) or {}:
            if locale not in DISCORD_LOCALES:
                problems.append(
                    f"{where}.{key}: {locale!r} is no Discord locale (https://discord.com/developers/docs/reference#locales)"
                )
    return problems


# --- issue 31 emoji: application emoji endpoints ---
# Resources > Emoji > Create Application Emoji (https://discord.com/developers/docs/resources/emoji#create-application-emoji):
# JSON params ``name`` and ``image``, "the 128x128 emoji image" as an Image Data URI
# (``data:image/png;base64,...``: https://discord.com/developers/docs/reference#image-data).
# An emoji's name: 2 to 32 characters, letters, digits and underscores (discord.py's
# ``Client.create_application_emoji``, https://discordpy.readthedocs.io/en/stable/api.html#discord.Client.create_application_emoji:
# "Must be between 2 and 32 characters long"; the pattern as Discord's Create Guild Emoji takes it).
# Resources > Emoji (https://discord.com/developers/docs/resources/emoji), Emoji Formats and
# Application-Owned Emoji: "Emojis and animated emojis have a maximum file size of 256 KiB", and
# "An application can own up to 2000 emojis".
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
MAX_EMOJI_BYTES = 256 * 1024
MAX_APPLICATION_EMOJI = 2000
IMAGE_DATA = re.compile(r"data:image/(png|jpeg|gif|webp|avif);base64,([A-Za-z0-9+/]*={0,2})")
# Components > Component Reference > String Select > Select Option Structure
# (https://discord.com/developers/docs/components/reference#string-select-select-option-structure):
# an option's ``emoji`` is a partial emoji object, "id, name, and animated"; a custom emoji's id is
# one the bot can use (an application emoji of its own, here), else Discord answers 400 Invalid emoji.
EMOJI_FIELDS = frozenset({"id", "name", "animated"})


def _emoji_create_violations(body: Json) -> list[str]:
    """What a Create Application Emoji request breaks of the limits above."""
    problems: list[str] = []
    name = body.get("name")
    if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
        problems.append(f"name: {name!r} is not 2-32 letters, digits or underscores")
    image = body.get("image")
    match = IMAGE_DATA.fullmatch(image) if isinstance(image, str) else None
    if match is None:
        problems.append("image: not an image data URI (data:image/png;base64,...)")
    else:
        data = base64.b64decode(match[2])
        if len(data) > MAX_EMOJI_BYTES:
            problems.append(f"image: {len(data)} bytes (at most {MAX_EMOJI_BYTES})")
        if match[1] == "png" and _image_size(data) is None:
            problems.append("image: says PNG but is not one")
    return problems


def option_emoji_violations(components: Iterable[Json], known: Mapping[int, str]) -> list[str]:
    """Each select option's ``emoji`` that is not a partial emoji (id, name, animated) of an emoji
    in ``known`` (id to name: the application's emoji)."""
    problems: list[str] = []
    for c in walk_components(components):
        if c.get("type") != STRING_SELECT:
            continue
        for j, option in enumerate(c.get("options") or []):
            emoji = option.get("emoji")
            if emoji is None:
                continue
            where = f"components.select.options.{j}.emoji"
            if not isinstance(emoji, dict) or not set(emoji) <= EMOJI_FIELDS:
                problems.append(f"{where}: {emoji!r} is not a partial emoji (id, name, animated)")
                continue
            if emoji.get("id") is None:
                continue  # a unicode emoji, by its name
            emoji_id = int(emoji["id"])
            if known.get(emoji_id) != emoji.get("name"):
                problems.append(f"{where}: no emoji {emoji.get('name')!r} with id {emoji_id}")
    return problems


def member_json(user: FakeUser, roles: list[str], nick: str | None) -> Json:
    """A guild member object as Discord sends it (in the gateway and in an interaction)."""
    return {
        "user": user.payload(),
        "roles": roles,
        "nick": nick,
        "avatar": None,
        "joined_at": "2024-01-01T00:00:00+00:00",
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }


class FakeDiscord:
    """Discord's side: guilds, users, messages and their files, commands, interaction tokens.

    One instance can outlive a bot: start a second bot on the same ``FakeDiscord`` to test a
    restart (its messages, and the components on them, are still there).
    """

    def __init__(
        self,
        guilds: Sequence[GuildSpec] = (),
        *,
        bot_id: int | None = None,
        bot_name: str = "Mahjong Bot",
    ) -> None:
        self._last_snowflake = 0
        self.bot_id = bot_id if bot_id is not None else self.snowflake()
        self.bot_name = bot_name
        self.application_id = self.bot_id
        self.guilds: dict[int, GuildSpec] = {}
        self.channels: dict[int, tuple[ChannelSpec, int | None]] = {}
        self.users: dict[int, FakeUser] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.messages: dict[int, StoredMessage] = {}
        self.channel_order: dict[int, list[int]] = {}
        self.commands: dict[int | None, list[Json]] = {}  # guild id (None: global) -> payloads
        self.interactions: dict[str, InteractionRecord] = {}
        self.recommended_shards = 1
        """What ``GET /gateway/bot`` recommends (``shards``)."""
        # issue 31 install: places without the bot (add_guild_without_bot, private_channel)
        self.guilds_without_bot: dict[int, GuildSpec] = {}
        self.private_channels: dict[int, list[FakeUser]] = {}
        self.external_apps_forbidden: set[int] = set()
        """Servers whose @everyone lacks USE_EXTERNAL_APPS: a user install's answers are ephemeral."""
        self.application_emoji: dict[int, Json] = {}  # issue 31 emoji: id -> emoji object
        self.emoji_refusal: Callable[[Json], None] | None = None
        """Issue 31 emoji: called with each Create Application Emoji body before it is made; raise
        (``Harness.error``) to refuse it. Set before a bot starts (its uploads begin in ``setup_hook``,
        before ``Harness.override`` could be called)."""
        self.threads: dict[int, Json] = {}  # issue 31 thread: thread id -> its thread_metadata
        for guild in guilds:
            self.add_guild(guild)

    # ids ------------------------------------------------------------------
    def snowflake(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last_snowflake = max(now, self._last_snowflake + 1)
        return self._last_snowflake

    # world ----------------------------------------------------------------
    def add_guild(self, guild: GuildSpec) -> GuildSpec:
        if guild.bot_role_id is None:
            guild.bot_role_id = self.snowflake()
        self.guilds[guild.id] = guild
        for channel in guild.channels:
            self.channels[channel.id] = (channel, guild.id)
        return guild

    def add_user(self, user: FakeUser) -> FakeUser:
        self.users[user.id] = user
        return user

    @property
    def bot_user(self) -> FakeUser:
        return FakeUser(self.bot_id, self.bot_name, bot=True)

    def user(self, user_id: int) -> FakeUser:
        if user_id == self.bot_id:
            return self.bot_user
        try:
            return self.users[user_id]
        except KeyError:
            raise _http_error(404, 10013, "Unknown User") from None

    def in_guild(self, user: FakeUser, guild_id: int) -> bool:
        if user.id == self.bot_id:
            return True
        return user.id in self.users and (user.guild_ids is None or guild_id in user.guild_ids)

    def channel(self, channel_id: int) -> tuple[ChannelSpec, int | None]:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise _http_error(404, 10003, "Unknown Channel") from None

    def dm_channel(self, user: FakeUser) -> int:
        if user.id not in self.dm_channels:
            channel_id = self.snowflake()
            self.dm_channels[user.id] = channel_id
            self.channels[channel_id] = (ChannelSpec(channel_id, name="", type=1), None)
        return self.dm_channels[user.id]

    def dm_recipient(self, channel_id: int) -> FakeUser | None:
        for user_id, dm_id in self.dm_channels.items():
            if dm_id == channel_id:
                return self.users.get(user_id)
        return None

    # payloads -------------------------------------------------------------
    def role_payloads(self, guild: GuildSpec) -> list[Json]:
        everyone = {
            "id": str(guild.id),
            "name": "@everyone",
            "permissions": str(guild.everyone_permissions),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        roles = [everyone]
        for spec in guild.roles:
            roles.append(
                {
                    "id": str(spec.id),
                    "name": spec.name,
                    "permissions": str(spec.permissions),
                    "position": spec.position,
                    "color": spec.color,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            )
        roles.append(
            {
                "id": str(guild.bot_role_id),
                "name": self.bot_name,
                "permissions": str(guild.bot_permissions),
                "position": 1,
                "color": 0,
                "hoist": False,
                "managed": True,
                "mentionable": False,
                "flags": 0,
                "tags": {"bot_id": str(self.bot_id)},
            }
        )
        return roles

    def channel_payload(self, channel_id: int) -> Json:
        if channel_id in self.private_channels:  # issue 31 install: a DM or group DM between people
            return self.private_channel_payload(channel_id)
        if channel_id in self.threads:
            return self.thread_payload(channel_id)
        spec, guild_id = self.channel(channel_id)
        if guild_id is None:
            recipient = self.dm_recipient(channel_id)
            return {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "recipients": [recipient.payload()] if recipient else [],
            }
        return {
            "id": str(spec.id),
            "type": spec.type,
            "guild_id": str(guild_id),
            "name": spec.name,
            "position": spec.position,
            "parent_id": None if spec.parent_id is None else str(spec.parent_id),
            "topic": spec.topic,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "bitrate": 64000,
            "user_limit": 0,
            "permission_overwrites": [
                {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
                for o in spec.overwrites
            ],
        }

    def member_payload(self, user: FakeUser, guild_id: int) -> Json:
        guild = self.guilds[guild_id]
        if user.id == self.bot_id:
            roles = [str(guild.bot_role_id)]
        else:
            roles = [str(r) for r in guild.member_roles(user.roles)]
        return member_json(user, roles, user.nick)

    def guild_payload(self, guild_id: int) -> Json:
        guild = self.guilds[guild_id]
        members = [u for u in self.users.values() if self.in_guild(u, guild_id)]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id if guild.owner_id is not None else 1),  # nobody we know
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self.role_payloads(guild),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "preferred_locale": guild.locale,
            "premium_tier": 0,
            "nsfw_level": 0,
            "large": False,
            "unavailable": False,
            "member_count": len(members) + 1,
            "members": [self.member_payload(self.bot_user, guild_id)],
            "channels": [self.channel_payload(c.id) for c in guild.channels],
            "threads": [  # GUILD_CREATE: the active threads (issue 31 thread)
                self.thread_payload(t)
                for t, meta in self.threads.items()
                if self.channels[t][1] == guild_id and not meta["archived"]
            ],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def application_payload(self) -> Json:
        return {
            "id": str(self.application_id),
            "name": self.bot_name,
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": {
                "id": "1",
                "username": "owner",
                "discriminator": "0",
                "global_name": "owner",
                "avatar": None,
            },
            "summary": "",
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "interactions_endpoint_url": None,
            "bot": self.bot_user.payload(),
        }

    # messages -------------------------------------------------------------
    def message(self, message_id: int, channel_id: int | None = None) -> StoredMessage:
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or (channel_id is not None and msg.channel_id != channel_id):
            raise _http_error(404, 10008, "Unknown Message")
        return msg

    def channel_messages(self, channel_id: int) -> list[StoredMessage]:
        return [
            self.messages[i] for i in self.channel_order.get(channel_id, []) if not self.messages[i].deleted
        ]

    # --- issue 31 thread: threads --------------------------------------------------------
    def add_thread(
        self, parent_id: int, name: str, *, kind: int = 11, duration: int = 1440, at: int | None = None
    ) -> int:
        """A thread opened in channel ``parent_id`` (its id ``at``: a thread started from a message
        has that message's id); Discord keeps it as a channel of type ``kind`` with its metadata."""
        parent, guild_id = self.channel(parent_id)
        thread_id = at if at is not None else self.snowflake()
        self.channels[thread_id] = (
            ChannelSpec(thread_id, name=name, type=kind, parent_id=parent.id),
            guild_id,
        )
        now = discord.utils.utcnow().isoformat()
        self.threads[thread_id] = {
            "archived": False,
            "auto_archive_duration": duration,
            "archive_timestamp": now,
            "locked": False,
            "create_timestamp": now,
        }
        return thread_id

    def thread_payload(self, thread_id: int) -> Json:
        """A thread as Discord's channel object: type 11 (public) or 12, ``parent_id`` the
        channel it was opened in, ``thread_metadata``, its owner (the bot that opened it)."""
        spec, guild_id = self.channel(thread_id)
        return {
            "id": str(thread_id),
            "type": spec.type,
            "guild_id": str(guild_id),
            "name": spec.name,
            "parent_id": str(spec.parent_id),
            "owner_id": str(self.bot_id),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": copy.deepcopy(self.threads[thread_id]),
        }

    def thread_archived(self, channel_id: int) -> bool:
        """Whether ``channel_id`` is a thread that is archived now."""
        meta = self.threads.get(channel_id)
        return meta is not None and bool(meta["archived"])

    def write_message(
        self,
        *,
        channel_id: int,
        body: Json,
        files: Sequence[SentFile],
        existing: StoredMessage | None = None,
        ephemeral: bool = False,
        visible_to: int | None = None,
        interaction: InteractionRecord | None = None,
        extra_flags: int = 0,
        clear_flags: int = 0,
    ) -> StoredMessage:
        """Create (``existing`` None) or edit a message from a request body, as Discord does."""
        spec, guild_id = self.channel(channel_id)
        del spec
        if existing is None:
            message_id = self.snowflake()
            payload: Json = {
                "id": str(message_id),
                "channel_id": str(channel_id),
                "type": 0,
                "author": self.bot_user.payload(),
                "content": "",
                "timestamp": discord.utils.snowflake_time(message_id).isoformat(),
                "edited_timestamp": None,
                "tts": bool(body.get("tts", False)),
                "mention_everyone": False,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "components": [],
                "pinned": False,
                "flags": 0,
            }
            if interaction is not None:
                payload["type"] = 20 if interaction.type == APPLICATION_COMMAND else 0
                payload["webhook_id"] = str(self.application_id)
                payload["application_id"] = str(self.application_id)
                metadata: Json = {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "user": interaction.user.payload(),
                    "authorizing_integration_owners": dict(
                        interaction.payload.get("authorizing_integration_owners")
                        or {"0": str(interaction.guild_id or 0)}
                    ),
                }
                if interaction.name:
                    metadata["name"] = interaction.name
                if interaction.message_id is not None:
                    metadata["interacted_message_id"] = str(interaction.message_id)
                payload["interaction_metadata"] = metadata
            stored_files: dict[int, bytes] = {}
            old_flags = 0
        else:
            payload = copy.deepcopy(existing.payload)
            stored_files = dict(existing.files)
            old_flags = int(payload.get("flags") or 0)

        if "content" in body:
            payload["content"] = body["content"] or ""
        if "embeds" in body:
            payload["embeds"] = [dict(e, type=e.get("type", "rich")) for e in body["embeds"] or []]
        if "components" in body:
            payload["components"] = copy.deepcopy(body["components"] or [])

        flags = old_flags
        if "flags" in body and body["flags"] is not None:
            requested = int(body["flags"])
            # Discord keeps EPHEMERAL/LOADING as they are; V2 can be set but never removed
            keep = old_flags & (EPHEMERAL | LOADING | COMPONENTS_V2)
            flags = (requested & ~(EPHEMERAL | LOADING)) | keep
            if existing is None:
                flags |= requested & EPHEMERAL
        if ephemeral:
            flags |= EPHEMERAL
        flags = (flags | extra_flags) & ~clear_flags
        payload["flags"] = flags

        # attachments: the listed existing ones are kept, new ones come from the files by index
        attachments: list[Json] = list(payload.get("attachments") or [])
        if "attachments" in body or files:
            listed = body.get("attachments")
            if listed is None:
                listed = [{"id": i, "filename": f.filename} for i, f in enumerate(files)]
                kept = attachments
            else:
                kept = []
            old = {int(a["id"]): a for a in attachments}
            new: list[Json] = list(kept)
            for entry in listed:
                entry_id = int(entry["id"])
                if entry_id in old:
                    new.append(old[entry_id])
                elif 0 <= entry_id < len(files):
                    sent = files[entry_id]
                    new.append(self._attachment(channel_id, sent, entry, stored_files, ephemeral=ephemeral))
                else:
                    raise _invalid("attachments", f"Unknown attachment id {entry['id']}")
            attachments = new
            stored_files = {k: v for k, v in stored_files.items() if k in {int(a["id"]) for a in attachments}}
        payload["attachments"] = attachments

        self._resolve_media(payload)
        _assign_component_ids(payload["components"])
        self._validate(payload, creating=existing is None)

        if existing is None:
            msg = StoredMessage(
                payload=payload,
                channel_id=channel_id,
                guild_id=guild_id,
                ephemeral=bool(flags & EPHEMERAL),
                visible_to=visible_to,
                interaction_token=None if interaction is None else interaction.token,
                files=stored_files,
            )
            self.messages[msg.id] = msg
            self.channel_order.setdefault(channel_id, []).append(msg.id)
            return msg
        payload["edited_timestamp"] = discord.utils.utcnow().isoformat()
        existing.versions.append(existing.payload)
        existing.payload = payload
        existing.files = stored_files
        return existing

    def _attachment(
        self, channel_id: int, sent: SentFile, entry: Json, store: dict[int, bytes], *, ephemeral: bool
    ) -> Json:
        attachment_id = self.snowflake()
        store[attachment_id] = sent.data
        filename = str(entry.get("filename") or sent.filename)
        url = f"{CDN}/{'ephemeral-attachments' if ephemeral else 'attachments'}/{channel_id}/{attachment_id}"
        att: Json = {
            "id": str(attachment_id),
            "filename": filename,
            "size": sent.size,
            "url": f"{url}/{filename}",
            "proxy_url": f"{MEDIA}/attachments/{channel_id}/{attachment_id}/{filename}",
            "content_type": SentFile(filename, b"").content_type,
        }
        description = entry.get("description", sent.description)
        if description is not None:
            att["description"] = description
        size = _image_size(sent.data)
        if size is not None:
            att["width"], att["height"] = size
        if ephemeral:
            att["ephemeral"] = True
        return att

    def _resolve_media(self, payload: Json) -> None:
        """``attachment://name`` in components and embeds becomes the attachment's URL."""
        by_name = {a["filename"]: a for a in payload.get("attachments") or []}

        def resolve(media: Json, where: str) -> None:
            url = media.get("url")
            if not isinstance(url, str) or not url.startswith("attachment://"):
                return
            name = url[len("attachment://") :]
            att = by_name.get(name)
            if att is None:
                raise _invalid(
                    where, f"attachment://{name} names no attachment of the message {list(by_name)}"
                )
            media.update(
                url=att["url"],
                proxy_url=att["proxy_url"],
                content_type=att.get("content_type"),
                attachment_id=att["id"],
                loading_state=2,
                flags=0,
            )
            if "width" in att:
                media.update(width=att["width"], height=att["height"])

        for component in walk_components(payload.get("components") or []):
            for key in ("media", "file"):
                if isinstance(component.get(key), dict):
                    resolve(component[key], f"components.{key}.url")
            for item in component.get("items") or []:
                if isinstance(item, dict) and isinstance(item.get("media"), dict):
                    resolve(item["media"], "components.items.media.url")
        for embed in payload.get("embeds") or []:
            for key in ("image", "thumbnail"):
                if isinstance(embed.get(key), dict):
                    resolve(embed[key], f"embeds.{key}.url")

    def _validate(self, payload: Json, *, creating: bool) -> None:
        """The message rules Discord refuses with 400 that are not length limits (those are
        checked on every request by :func:`limit_violations`): content or embeds beside
        Components V2, top-level components other than action rows without it, an empty new
        message, a select offering one value twice."""
        components = payload.get("components") or []
        flags = int(payload.get("flags") or 0)
        if flags & COMPONENTS_V2:
            if payload.get("content") or payload.get("embeds"):
                raise _invalid(
                    "content", "content and embeds cannot be used when the IS_COMPONENTS_V2 flag is set"
                )
        else:
            for row in components:
                if row.get("type") != ACTION_ROW:
                    raise _invalid("components", "Only action rows are allowed at the top level without V2.")
        if creating and not (
            payload.get("content")
            or payload.get("embeds")
            or components
            or payload.get("attachments")
            or flags & LOADING
        ):
            raise _http_error(400, 50006, "Cannot send an empty message")
        for component in walk_components(components):
            options = component.get("options")
            if component.get("type") == STRING_SELECT and isinstance(options, list):
                values = [o.get("value") for o in options]
                if len(set(values)) != len(values):
                    raise _invalid("components.options", "Select option values must be unique.")

    # --- issue 31 emoji: application emoji endpoints ---
    def list_application_emoji(self) -> Json:
        """``GET /applications/{id}/emojis``: ``{"items": [...]}``, as Discord answers."""
        return {"items": [copy.deepcopy(e) for e in self.application_emoji.values()]}

    def create_application_emoji(self, body: Json) -> Json:
        """``POST /applications/{id}/emojis``: a new emoji (the form's limits were checked before),
        refused when the name is taken or the application owns 2,000 already."""
        if self.emoji_refusal is not None:
            self.emoji_refusal(body)
        name = str(body.get("name"))
        if any(e["name"] == name for e in self.application_emoji.values()):
            raise _invalid("name", f"An emoji named {name} already exists for this application.")
        if len(self.application_emoji) >= MAX_APPLICATION_EMOJI:
            raise _http_error(400, 30008, "Maximum number of emojis reached (2000)")
        emoji_id = self.snowflake()
        self.application_emoji[emoji_id] = {
            "id": str(emoji_id),
            "name": name,
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
            "user": self.bot_user.payload(),
        }
        return copy.deepcopy(self.application_emoji[emoji_id])

    def emoji_names(self) -> dict[int, str]:
        """The application's emoji, id to name."""
        return {i: str(e["name"]) for i, e in self.application_emoji.items()}

    # commands -------------------------------------------------------------
    def put_commands(self, guild_id: int | None, payloads: Sequence[Json]) -> list[Json]:
        old = {(c["name"], c.get("type", 1)): c for c in self.commands.get(guild_id, [])}
        stored: list[Json] = []
        for payload in payloads:
            key = (payload["name"], payload.get("type", 1))
            command: Json = {
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                **copy.deepcopy(payload),
            }
            if command["default_member_permissions"] is not None:  # Discord answers a string
                command["default_member_permissions"] = str(command["default_member_permissions"])
            command["id"] = old[key]["id"] if key in old else str(self.snowflake())
            command["application_id"] = str(self.application_id)
            command["version"] = str(self.snowflake())
            if guild_id is not None:
                command["guild_id"] = str(guild_id)
            stored.append(command)
        self.commands[guild_id] = stored
        return copy.deepcopy(stored)

    def command_id(self, name: str, guild_id: int | None, type: int = 1) -> str:
        for command in self.commands.get(guild_id, []):
            if command["name"] == name and command.get("type", 1) == type:
                return str(command["id"])
        return str(self.snowflake())

    # --- issue 31 install: servers without the bot, DMs and group DMs between people -----------
    def add_guild_without_bot(self, guild: GuildSpec) -> GuildSpec:
        """A server the bot was never added to, where a member uses a command they installed for
        themselves: its channels exist, but the bot gets no GUILD_CREATE of it, is no member and
        cannot send to its channels (403 Missing Access)."""
        self.guilds_without_bot[guild.id] = guild
        for channel in guild.channels:
            self.channels[channel.id] = (channel, guild.id)
        return guild

    def private_channel(self, *members: FakeUser, group: bool = True, name: str = "") -> int:
        """A group DM (channel type 3) or a DM between two people (type 1): the bot is in neither."""
        channel_id = self.snowflake()
        self.channels[channel_id] = (ChannelSpec(channel_id, name=name, type=3 if group else 1), None)
        self.private_channels[channel_id] = list(members)
        for member in members:
            self.users.setdefault(member.id, member)
        return channel_id

    def private_channel_payload(self, channel_id: int) -> Json:
        spec, _ = self.channels[channel_id]
        members = self.private_channels[channel_id]
        payload: Json = {
            "id": str(channel_id),
            "type": spec.type,
            "last_message_id": None,
            "recipients": [m.payload() for m in members],
        }
        if spec.type == 3:
            payload.update(
                name=spec.name or None, icon=None, owner_id=str(members[0].id) if members else None
            )
        return payload

    def bot_absent(self, channel_id: int) -> bool:
        """Whether the bot is not in the channel: a group DM or a DM between people, or a channel of
        a server without the bot."""
        spec, guild_id = self.channel(channel_id)
        del spec
        return channel_id in self.private_channels or guild_id in self.guilds_without_bot

    def write_user_message(self, channel_id: int, user: FakeUser, content: str) -> StoredMessage:
        """A message ``user`` writes in a channel (the target of a message command)."""
        msg = self.write_message(channel_id=channel_id, body={"content": content}, files=[])
        msg.payload["author"] = user.payload()
        return msg


def _assign_component_ids(components: list[Json]) -> None:
    """Discord numbers every component that has no ``id``."""
    used = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
    counter = itertools.count(1)
    for component in walk_components(components):
        if not isinstance(component.get("id"), int):
            number = next(counter)
            while number in used:
                number = next(counter)
            component["id"] = number
            used.add(number)


# --------------------------------------------------------------------------- records


@dataclass(eq=False)
class Request(_MessageBodyMixin):
    """One request the bot made, and how the fake Discord answered it."""

    seq: int
    via: Literal["http", "webhook"]
    method: str
    path: str  # with the parameters filled in, e.g. /channels/10/messages
    template: str  # discord.py's route path, e.g. /channels/{channel_id}/messages
    params: dict[str, str]  # the route's parameters (channel_id, message_id, webhook_token, ...)
    query: dict[str, str]
    json: Any  # the JSON payload (payload_json of a multipart request)
    files: list[SentFile]
    at: float  # the harness's clock when the bot sent it
    reason: str | None = None
    status: int = 0
    response: Any = None
    error: discord.HTTPException | None = None
    interaction: InteractionRecord | None = None  # the interaction whose token the request used
    caused_by: InteractionRecord | None = None  # the interaction whose handling made the request
    target: StoredMessage | None = None  # the message created, edited, fetched or deleted
    kind: str = "unknown"
    beyond: list[str] = field(default_factory=list)
    """The documented Discord limits the request went beyond (:func:`limit_violations`): Discord
    refused it with 400 Invalid Form Body."""

    @property
    def route(self) -> str:
        return f"{self.method} {self.template}"

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def callback_type(self) -> int | None:
        if self.kind == "interaction.callback" and self.json is not None:
            return int(self.json["type"])
        return None

    @property
    def body(self) -> Json | None:
        """The message the request carries (an interaction callback's ``data``)."""
        if not isinstance(self.json, dict):
            return None
        if self.kind == "interaction.callback":
            data = self.json.get("data")
            return data if isinstance(data, dict) else None
        body: Json = self.json
        return body

    @property
    def has_message(self) -> bool:
        """Whether the request sends or edits a message."""
        if self.kind == "interaction.callback":
            return self.callback_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE)
        return self.method in ("POST", "PATCH") and self.kind.startswith(("message.", "webhook.message"))

    @property
    def flags(self) -> int:
        body = self.body or {}
        return int(body.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        """The request's flags say ephemeral, or it acts on an ephemeral message."""
        return bool(self.flags & EPHEMERAL) or (self.target is not None and self.target.ephemeral)

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & COMPONENTS_V2) or (
            self.target is not None and self.target.components_v2 and bool(self.components)
        )

    @property
    def channel_id(self) -> int | None:
        if "channel_id" in self.params:
            return int(self.params["channel_id"])
        return None if self.target is None else self.target.channel_id

    @property
    def message_id(self) -> int | None:
        return None if self.target is None else self.target.id

    def __repr__(self) -> str:
        status = f"{self.status}" + (f" {self.error.code}" if self.error is not None else "")
        return f"<Request #{self.seq} {self.method} {self.path} {self.kind} -> {status}>"


@dataclass(eq=False)
class InteractionRecord:
    """One injected interaction and everything the bot did about it."""

    id: int
    token: str
    type: int
    kind: str  # slash, autocomplete, button, select, modal
    user: FakeUser
    guild_id: int | None
    channel_id: int
    locale: str
    payload: Json
    started_at: float = 0.0
    name: str | None = None  # the command's qualified name
    custom_id: str | None = None
    values: list[str] = field(default_factory=list)
    message_id: int | None = None  # the message the component is on
    requests: list[Request] = field(default_factory=list)  # with this interaction's token
    # every request made while handling it: by its handler tasks and the tasks they created
    # (a long-lived task, such as a table's driver, keeps counting for the interaction that
    # started it)
    caused: list[Request] = field(default_factory=list)
    tasks: list[asyncio.Task[Any]] = field(default_factory=list)  # the bot's handlers
    response: Request | None = None  # the accepted initial response
    original_message_id: int | None = None
    loading: bool = False  # deferred with thinking and nothing sent yet
    late: bool = False  # answered after the deadline (Discord refused it)
    expired: bool = False  # the token's 15 minutes are over (see Harness.expire)
    modal: Json | None = None
    harness: Harness[Any] | None = None

    @property
    def answered(self) -> bool:
        return self.response is not None

    @property
    def ack_ms(self) -> float | None:
        """Milliseconds from the injection to the accepted initial response."""
        return None if self.response is None else self.ms_to(self.response)

    def ms_to(self, request: Request) -> float:
        return (request.at - self.started_at) * 1000.0

    @property
    def reply_ms(self) -> float | None:
        """Milliseconds from the injection to the first accepted request that sends or edits a
        message, with this token or made while handling it (a click's visible reply)."""
        replies = [r for r in self.requests + self.caused if r.ok and r.has_message]
        return min((self.ms_to(r) for r in replies), default=None)

    @property
    def response_type(self) -> int | None:
        return None if self.response is None else self.response.callback_type

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def ephemeral(self) -> bool:
        """The initial response (message or thinking) is ephemeral."""
        if self.response is None:
            return False
        if self.original_message_id is not None and self.response_type in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
        ):
            msg = self.original
            return msg is not None and msg.ephemeral
        return self.response.ephemeral

    @property
    def original(self) -> StoredMessage | None:
        if self.original_message_id is None or self.harness is None:
            return None
        return self.harness.backend.messages.get(self.original_message_id)

    @property
    def message_requests(self) -> list[Request]:
        """Accepted requests with this token that send or edit a message."""
        return [r for r in self.requests if r.ok and r.has_message]

    @property
    def followups(self) -> list[Request]:
        return [r for r in self.requests if r.kind == "webhook.message.create"]

    @property
    def last(self) -> Request:
        """The last message sent or edited with this token."""
        if not self.message_requests:
            raise HarnessError(f"the bot sent no message for {self!r}; requests: {self.requests}")
        return self.message_requests[-1]

    @property
    def text(self) -> str:
        return "\n".join(r.text for r in self.message_requests if r.text)

    @property
    def custom_ids(self) -> list[str]:
        return [cid for r in self.message_requests for cid in r.custom_ids]

    @property
    def labels(self) -> list[str]:
        return [label for r in self.message_requests for label in r.labels]

    @property
    def files(self) -> list[SentFile]:
        return [f for r in self.requests if r.ok for f in r.files]

    @property
    def choices(self) -> list[Json]:
        """An autocomplete's answer."""
        for r in self.requests:
            if r.ok and r.callback_type == AUTOCOMPLETE_RESULT and r.json is not None:
                return list((r.json.get("data") or {}).get("choices") or [])
        return []

    @property
    def done(self) -> bool:
        return all(t.done() for t in self.tasks)

    def __repr__(self) -> str:
        what = self.name or self.custom_id or ""
        return f"<Interaction {self.kind} {what!r} by {self.user.name} answered={self.answered}>"


# --------------------------------------------------------------------------- global patches

_CURRENT: contextvars.ContextVar[Harness[Any] | None] = contextvars.ContextVar(
    "discord_harness", default=None
)
_HANDLING: contextvars.ContextVar[InteractionRecord | None] = contextvars.ContextVar(
    "discord_harness_interaction", default=None
)
_ACTIVE: list[Harness[Any]] = []
_SAVED_ADAPTER_REQUEST: Any = None
_SAVED_SQLITE: dict[str, Any] = {}
_SAVED_POSTGRES: dict[str, Any] = {}
_POSTGRES_CALLS = ("open", "close", "_acquire", "_transaction", "claim_table", "release_table")
"""The PostgreSQL backend's calls that wait on the server (each counted as work outside the loop)."""
_OUTSIDE = [0]
"""Work the loop waits for outside it (an executor job, an aiosqlite call, a PostgreSQL call) not done yet:
counted from its start until the loop has its result, so the loop is never taken for at rest
while a thread works for it."""


def _counted_sqlite(original: Callable[..., Any]) -> Callable[..., Any]:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        _OUTSIDE[0] += 1
        try:
            return await original(*args, **kwargs)
        finally:
            _OUTSIDE[0] -= 1  # the loop has the result: the task that waited runs on

    return counted


class _CountingLoopExecutor:
    """``loop.run_in_executor`` (what ``asyncio.to_thread`` uses), counting each job until its
    asyncio future is done (set on the loop, when the waiting task is woken with it)."""

    def __init__(self, original: Callable[..., asyncio.Future[Any]]) -> None:
        self.original = original

    def __call__(self, executor: Any, func: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        future = self.original(executor, func, *args)
        _OUTSIDE[0] += 1
        future.add_done_callback(_outside_done)
        return future


def _outside_done(_: asyncio.Future[Any]) -> None:
    _OUTSIDE[0] -= 1


class _TrackingTaskFactory:
    """Chains to the loop's previous factory; tasks created in a harness's context are tracked."""

    def __init__(self, previous: Any) -> None:
        self.previous = previous

    def __call__(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, T] | Generator[Any, None, T],
        /,
        **kwargs: Any,
    ) -> asyncio.Future[T]:
        task: asyncio.Future[T]
        if self.previous is not None:
            task = self.previous(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        harness = _CURRENT.get()
        if harness is not None and isinstance(task, asyncio.Task):
            harness._track(task)
        return task


async def _fake_adapter_request(
    adapter: AsyncWebhookAdapter,
    route: Route,
    session: aiohttp.ClientSession | None = None,
    *,
    payload: Json | None = None,
    multipart: list[Json] | None = None,
    proxy: str | None = None,
    proxy_auth: aiohttp.BasicAuth | None = None,
    files: Sequence[discord.File] | None = None,
    reason: str | None = None,
    auth_token: str | None = None,
    params: Mapping[str, Any] | None = None,
) -> Any:
    del adapter, session, proxy, proxy_auth, auth_token
    harness = _CURRENT.get()
    if harness is None or harness.closed:
        token = route.webhook_token
        owners = [h for h in reversed(_ACTIVE) if token is not None and token in h.backend.interactions]
        harness = owners[0] if owners else (_ACTIVE[-1] if _ACTIVE else None)
    if harness is None:
        raise RuntimeError("discord_harness: a webhook request with no open harness")
    return await harness._request(
        "webhook", route, json_payload=payload, form=multipart, files=files, query=params, reason=reason
    )


def _install_globals(harness: Harness[Any]) -> None:
    global _SAVED_ADAPTER_REQUEST
    loop = asyncio.get_running_loop()
    # a harness a test forgot to close dies with its loop
    _ACTIVE[:] = [h for h in _ACTIVE if not h.loop.is_closed()]
    if _SAVED_ADAPTER_REQUEST is None:
        _SAVED_ADAPTER_REQUEST = AsyncWebhookAdapter.__dict__["request"]
        AsyncWebhookAdapter.request = _fake_adapter_request  # type: ignore[method-assign,assignment]
    if not _SAVED_SQLITE:
        # close: after its last query it waits for the worker thread to stop (Connection.stop's
        # future), so the whole close is work in another thread, not only its _execute
        for name in ("_execute", "_connect", "close"):
            if name not in aiosqlite.core.Connection.__dict__:
                raise HarnessError(f"aiosqlite's Connection has no {name}: settle cannot see its queries")
            _SAVED_SQLITE[name] = aiosqlite.core.Connection.__dict__[name]
            setattr(aiosqlite.core.Connection, name, _counted_sqlite(_SAVED_SQLITE[name]))
        # PostgreSQL (issue 30): asyncpg waits on a socket, not a thread; every call of the
        # backend that talks to the server is counted the same way while it runs
        from bot.storage.postgres import PostgresBackend

        for name in _POSTGRES_CALLS:
            _SAVED_POSTGRES[name] = PostgresBackend.__dict__[name]
            setattr(PostgresBackend, name, _counted_sqlite(_SAVED_POSTGRES[name]))
    if not isinstance(loop.get_task_factory(), _TrackingTaskFactory):
        loop.set_task_factory(_TrackingTaskFactory(loop.get_task_factory()))
    if not isinstance(vars(loop).get("run_in_executor"), _CountingLoopExecutor):
        loop.run_in_executor = _CountingLoopExecutor(loop.run_in_executor)  # type: ignore[method-assign]
    _ACTIVE.append(harness)


def _uninstall_globals(harness: Harness[Any]) -> None:
    global _SAVED_ADAPTER_REQUEST
    if harness in _ACTIVE:
        _ACTIVE.remove(harness)
    if not _ACTIVE and _SAVED_ADAPTER_REQUEST is not None:
        AsyncWebhookAdapter.request = _SAVED_ADAPTER_REQUEST  # type: ignore[method-assign]
        _SAVED_ADAPTER_REQUEST = None
    if not _ACTIVE and _SAVED_SQLITE:
        for name, original in _SAVED_SQLITE.items():
            setattr(aiosqlite.core.Connection, name, original)
        _SAVED_SQLITE.clear()
        from bot.storage.postgres import PostgresBackend

        for name, original in _SAVED_POSTGRES.items():
            setattr(PostgresBackend, name, original)
        _SAVED_POSTGRES.clear()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    factory = loop.get_task_factory()
    if isinstance(factory, _TrackingTaskFactory) and not any(h.loop is loop for h in _ACTIVE):
        loop.set_task_factory(factory.previous)
        if isinstance(vars(loop).get("run_in_executor"), _CountingLoopExecutor):
            del loop.run_in_executor  # the class's method again


class _ErrorLog(logging.Handler):
    def __init__(self, harness: Harness[Any]) -> None:
        super().__init__(logging.ERROR)
        self.harness = harness

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += "\n" + "".join(traceback.format_exception(record.exc_info[1]))
        self.harness._errors.append(text)


Handler = Callable[["Request"], Any]


# --- issue 31 forms: what Discord sends for a radio group, a checkbox group and a checkbox --------


def _submitted_choice(component: Json, remaining: dict[str, object]) -> Json:
    """A radio group's, checkbox group's or checkbox's part of a MODAL_SUBMIT's data.components, as
    Discord sends it (https://discord.com/developers/docs/components/reference, each component's
    "Interaction Response"): ``value`` (the option's value, or null), ``values`` (a list, ``[]`` for
    none) or ``value`` (a boolean). A value the test does not give is what the form showed (the
    default options, the checkbox's default); a choice the client would not let one make (an option
    the group lacks, too few or too many, none where one is required) is a :class:`HarnessError`."""
    ctype = int(component["type"])
    custom_id = str(component.get("custom_id"))
    taken = custom_id in remaining
    given = remaining.pop(custom_id, None)
    options = [str(o["value"]) for o in component.get("options") or []]
    shown = [str(o["value"]) for o in component.get("options") or [] if o.get("default")]
    out: Json = {"type": ctype, "id": component.get("id"), "custom_id": custom_id}
    if ctype == CHECKBOX:
        value = bool(component.get("default", False)) if not taken else given
        if not isinstance(value, bool):
            raise HarnessError(f"checkbox {custom_id!r} takes True or False, not {value!r}")
        out["value"] = value
        return out
    if ctype == RADIO_GROUP:
        value = (shown[0] if shown else None) if not taken else given
        if value is not None and value not in options:
            raise HarnessError(f"radio group {custom_id!r} has no option {value!r}; options: {options}")
        if value is None and component.get("required", True):
            raise HarnessError(f"radio group {custom_id!r} is required")
        out["value"] = value
        return out
    chosen = shown if not taken else given
    if not isinstance(chosen, list | tuple) or any(v not in options for v in chosen):
        raise HarnessError(f"checkbox group {custom_id!r} takes a list of {options}, not {chosen!r}")
    least = int(component.get("min_values", 1))
    most = int(component.get("max_values", len(options)))
    required = component.get("required", True)
    if (chosen or required) and not least <= len(chosen) <= most:
        raise HarnessError(f"checkbox group {custom_id!r} takes {least} to {most} values, not {len(chosen)}")
    out["values"] = [str(v) for v in chosen]
    return out


# --------------------------------------------------------------------------- the harness


class Harness(Generic[ClientT]):
    """Drives one bot against a :class:`FakeDiscord`. Create it with :meth:`start`."""

    def __init__(
        self,
        bot: ClientT,
        backend: FakeDiscord,
        *,
        deadline: float | None = 3.0,
        latency: float = 0.0,
        handler_timeout: float = 300.0,
        idle: float = 0.05,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.bot = bot
        bot_clock = getattr(bot, "clock", None)
        self.clock: Callable[[], float] = clock or (bot_clock if callable(bot_clock) else time.perf_counter)
        """What requests and interactions are timed on (``at``, ``ack_ms``, Discord's 3 s
        deadline): the bot's own ``clock`` where it has one, so a test's clock decides when the
        3 s are over, not the machine's speed; else ``time.perf_counter``."""
        self.idle = idle
        self.backend = backend
        self.deadline = deadline
        self.latency = latency
        self.handler_timeout = handler_timeout
        self.requests: list[Request] = []
        self.beyond_limits: list[Request] = []
        """Requests beyond one of Discord's documented limits (each refused as Discord would);
        :meth:`check` reports them."""
        self.interactions: list[InteractionRecord] = []
        self.identified: list[tuple[int, int]] = []
        """A sharded bot's IDENTIFYs, in order: ``[shard_id, num_shards]`` each."""
        self.any_shard = False
        """Deliver interactions to the bot whatever shard their guild is on (Discord never does)."""
        self._errors: list[str] = []
        self._failed: list[asyncio.Task[Any]] = []
        self.closed = False
        self.loop = asyncio.get_running_loop()
        self._tracked: set[asyncio.Task[Any]] = set()
        self._capture: list[asyncio.Task[Any]] | None = None
        self._activity = 0
        self._seq = itertools.count(1)
        self._overrides: dict[tuple[str, str], Handler] = {}
        self.observers: list[Callable[[Request], None]] = []
        """Called with every request as the bot makes it (e.g. to check it against the state then)."""
        self._log = _ErrorLog(self)
        self._routes: dict[tuple[str, str], Handler] = {
            ("GET", "/users/@me"): lambda r: self.backend.bot_user.payload() | {"verified": True, "flags": 0},
            ("GET", "/oauth2/applications/@me"): lambda r: self.backend.application_payload(),
            ("GET", "/gateway/bot"): lambda r: {
                "url": "wss://gateway.discord.gg",
                "shards": self.backend.recommended_shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            },
            ("GET", "/users/{user_id}"): lambda r: self.backend.user(int(r.params["user_id"])).payload(),
            ("POST", "/users/@me/channels"): self._open_dm,
            ("GET", "/channels/{channel_id}"): lambda r: self.backend.channel_payload(self._channel(r)),
            ("POST", "/channels/{channel_id}/typing"): lambda r: None,
            ("POST", "/channels/{channel_id}/messages"): self._create_message,
            ("GET", "/channels/{channel_id}/messages"): self._history,
            ("GET", "/channels/{channel_id}/messages/{message_id}"): self._fetch_message,
            ("PATCH", "/channels/{channel_id}/messages/{message_id}"): self._edit_message,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}"): self._delete_message,
            ("POST", "/channels/{channel_id}/messages/bulk-delete"): self._bulk_delete,
            ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): self._react,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): self._react,
            ("GET", "/guilds/{guild_id}"): lambda r: self.backend.guild_payload(int(r.params["guild_id"])),
            ("GET", "/guilds/{guild_id}/channels"): lambda r: [
                self.backend.channel_payload(c.id)
                for c in self.backend.guilds[int(r.params["guild_id"])].channels
            ],
            ("GET", "/guilds/{guild_id}/members/{member_id}"): self._fetch_member,
            ("GET", "/applications/{application_id}/commands"): lambda r: copy.deepcopy(
                self.backend.commands.get(None, [])
            ),
            ("PUT", "/applications/{application_id}/commands"): lambda r: self.backend.put_commands(
                None, r.json or []
            ),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"): lambda r: copy.deepcopy(
                self.backend.commands.get(int(r.params["guild_id"]), [])
            ),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): lambda r: (
                self.backend.put_commands(int(r.params["guild_id"]), r.json or [])
            ),
            # issue 31 emoji: application emoji endpoints
            ("GET", "/applications/{application_id}/emojis"): lambda r: self.backend.list_application_emoji(),
            ("POST", "/applications/{application_id}/emojis"): lambda r: (
                self.backend.create_application_emoji(r.json or {})
            ),
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): self._callback,
            ("POST", "/webhooks/{webhook_id}/{webhook_token}"): self._followup,
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): self._webhook_message,
            ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): self._webhook_message,
            ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): self._webhook_message,
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): self._webhook_message,
            ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): self._webhook_message,
            ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): self._webhook_message,
        }
        self._routes.update(self._thread_routes())  # issue 31 thread

    # life -------------------------------------------------------------------
    @classmethod
    async def start(
        cls,
        bot: ClientT,
        *,
        guilds: Sequence[GuildSpec] | None = None,
        backend: FakeDiscord | None = None,
        users: Sequence[FakeUser] = (),
        deadline: float | None = 3.0,
        latency: float = 0.0,
        handler_timeout: float = 300.0,
        idle: float = 0.05,
        token: str = "harness-token",
        clock: Callable[[], float] | None = None,
        settle: bool = True,
    ) -> Harness[ClientT]:
        """Log ``bot`` in against a fake Discord, run its ``setup_hook``, make it READY.

        Without ``guilds`` (and without ``backend``) there is one guild 1 with text channel 10.
        ``backend``: a FakeDiscord to reuse (a restart); ``deadline``: seconds to the initial
        response after which Discord answers "Unknown interaction" (None: no deadline);
        ``latency``: seconds each request takes; ``handler_timeout``: real seconds after which
        an injection stops waiting for handlers that never let the loop rest; ``idle``: see
        :meth:`settle`; ``clock``: what requests are timed on (default: the bot's ``clock``
        attribute if it has one, else ``time.perf_counter``); ``settle``: false to return as soon
        as the bot is READY, before what it started (a background restore) is done.
        """
        if backend is None:
            backend = FakeDiscord(guilds or [GuildSpec(1, channels=[ChannelSpec(10, "general")])])
        else:
            for guild in guilds or ():
                backend.add_guild(guild)
        for user in users:
            backend.add_user(user)
        harness = cls(
            bot,
            backend,
            deadline=deadline,
            latency=latency,
            handler_timeout=handler_timeout,
            idle=idle,
            clock=clock,
        )
        harness._install()
        try:
            context = _CURRENT.set(harness)
            try:
                await bot.login(token)
                if isinstance(bot, discord.AutoShardedClient):
                    await harness._become_ready_sharded()
                else:
                    harness._become_ready()
            finally:
                _CURRENT.reset(context)
            if settle:
                await harness.settle()
        except BaseException:
            await harness.close()
            raise
        return harness

    def _install(self) -> None:
        http = self.bot.http
        if "request" in vars(http):
            raise HarnessError("the bot's HTTPClient is already patched (another harness?)")
        setattr(http, "request", self._http_request)  # noqa: B010 - an instance attribute on purpose
        _install_globals(self)
        logging.getLogger().addHandler(self._log)

    def _become_ready(self) -> None:
        state = self.bot._connection
        for guild_id in self.backend.guilds:
            self._add_guild_to_state(guild_id)
        state.call_handlers("ready")
        self.bot.dispatch("connect")
        for guild in self.bot.guilds:
            self.bot.dispatch("guild_available", guild)
        self.bot.dispatch("ready")

    def shards_run(self) -> tuple[set[int], int] | None:
        """A sharded bot's shards: (the shards it runs, as a set, in all), else None."""
        bot = self.bot
        if not isinstance(bot, discord.AutoShardedClient) or bot.shard_count is None:
            return None
        return set(bot.shard_ids or range(bot.shard_count)), bot.shard_count

    async def _become_ready_sharded(self) -> None:
        bot = self.bot
        assert isinstance(bot, discord.AutoShardedClient)
        state = bot._connection
        if bot.shard_count is None:  # discord.py's launch_shards asks Discord, as here
            bot.shard_count, _, _ = await bot.http.get_bot_gateway()
        count = bot.shard_count
        shard_ids = bot.shard_ids or range(count)
        state.shard_count, state.shard_ids = count, shard_ids
        # discord.py waits guild_ready_timeout seconds after a shard's last GUILD_CREATE for more;
        # here they are all queued before it waits, so the wait ends as soon as they are taken
        state.guild_ready_timeout = 1e-6
        bot_user = self.backend.bot_user.payload() | {"verified": True, "flags": 0}
        for shard_id in shard_ids:
            if not 0 <= shard_id < count:
                raise HarnessError(
                    f"IDENTIFY shard [{shard_id}, {count}]: Discord closes with 4010 Invalid shard"
                )
            self.identified.append((shard_id, count))
            guilds = [g for g in self.backend.guilds if (g >> 22) % count == shard_id]
            ready: Json = {
                "v": 10,
                "user": bot_user,
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": secrets.token_hex(16),
                "resume_gateway_url": "wss://gateway.discord.gg",
                "shard": [shard_id, count],
                "application": {"id": str(self.backend.application_id), "flags": 0},
            }
            state.parse_ready(ready)  # type: ignore[arg-type]
            for guild_id in guilds:
                state.parse_guild_create(self.backend.guild_payload(guild_id))  # type: ignore[arg-type]
                self._add_members(guild_id)

    def _add_members(self, guild_id: int) -> None:
        state = self.bot._connection
        guild = state._get_guild(guild_id)
        if guild is not None and state.member_cache_flags.joined:
            for user in self.backend.users.values():
                if self.backend.in_guild(user, guild_id):
                    member_data = self.backend.member_payload(user, guild_id)
                    guild._add_member(discord.Member(data=member_data, guild=guild, state=state))  # type: ignore[arg-type]

    def _add_guild_to_state(self, guild_id: int) -> None:
        state = self.bot._connection
        guild = state._add_guild_from_data(self.backend.guild_payload(guild_id))  # type: ignore[arg-type]
        if state.member_cache_flags.joined:
            for user in self.backend.users.values():
                if self.backend.in_guild(user, guild_id):
                    member_data = self.backend.member_payload(user, guild_id)
                    guild._add_member(discord.Member(data=member_data, guild=guild, state=state))  # type: ignore[arg-type]

    async def close(self, *, close_bot: bool = True) -> None:
        """Close the bot (unless ``close_bot`` is false), cancel what it left running, undo the
        patches."""
        if self.closed:
            return
        try:
            if close_bot and not self.bot.is_closed():
                context = _CURRENT.set(self)
                try:
                    await asyncio.wait_for(self.bot.close(), timeout=self.handler_timeout)
                finally:
                    _CURRENT.reset(context)
            elif not close_bot:
                await self.bot.http.close()  # a crash: the bot's tasks are cancelled below
        finally:
            pending = [t for t in self._tracked if not t.done()]
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=2.0)
            self.closed = True
            if vars(self.bot.http).get("request") == self._http_request:
                delattr(self.bot.http, "request")
            _uninstall_globals(self)
            logging.getLogger().removeHandler(self._log)

    @classmethod
    @contextlib.asynccontextmanager
    async def running(cls, bot: ClientT, **options: Any) -> AsyncIterator[Harness[ClientT]]:
        """``async with Harness.running(bot, guilds=...) as h:`` starts and closes a harness."""
        harness = await cls.start(bot, **options)
        try:
            yield harness
        finally:
            await harness.close()

    async def __aenter__(self) -> Harness[ClientT]:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # people -----------------------------------------------------------------
    def user(
        self,
        id: int | None = None,
        name: str | None = None,
        *,
        locale: str = "en-US",
        roles: Sequence[int | str] = (),
        permissions: int | discord.Permissions | None = None,
        global_name: str | None = None,
        bot: bool = False,
        accepts_dms: bool = True,
        guilds: Sequence[int] | None = None,
        nick: str | None = None,
    ) -> FakeUser:
        """A user who is a member of ``guilds`` (default: every guild) with ``roles``."""
        user_id = id if id is not None else self.backend.snowflake()
        if isinstance(permissions, discord.Permissions):
            permissions = permissions.value
        user = FakeUser(
            id=user_id,
            name=name or f"user{user_id}",
            locale=locale,
            roles=tuple(roles),
            permissions=permissions,
            global_name=global_name,
            bot=bot,
            accepts_dms=accepts_dms,
            guild_ids=None if guilds is None else tuple(guilds),
            nick=nick,
        )
        member_of = [g for g in self.backend.guilds.values() if guilds is None or g.id in guilds]
        for role in user.roles:
            if not any(g.member_roles([role]) for g in member_of):
                raise HarnessError(f"no guild of {user.name} has the role {role!r}")
        self.backend.add_user(user)
        state = self.bot._connection
        if state.member_cache_flags.joined:
            for guild in self.bot.guilds:
                if self.backend.in_guild(user, guild.id):
                    data = self.backend.member_payload(user, guild.id)
                    guild._add_member(discord.Member(data=data, guild=guild, state=state))  # type: ignore[arg-type]
        return user

    # looking at what happened ------------------------------------------------
    def messages(
        self,
        channel_id: int | ChannelSpec,
        *,
        include_ephemeral: bool = False,
        seen_by: FakeUser | None = None,
    ) -> list[StoredMessage]:
        """The channel's messages, oldest first: the public ones, plus every ephemeral one with
        ``include_ephemeral``, or those shown to ``seen_by``."""
        cid = channel_id if isinstance(channel_id, int) else channel_id.id
        return [
            m
            for m in self.backend.channel_messages(cid)
            if not m.ephemeral or include_ephemeral or (seen_by is not None and m.visible_to == seen_by.id)
        ]

    def ephemeral_messages(
        self, channel_id: int | ChannelSpec, user: FakeUser | None = None
    ) -> list[StoredMessage]:
        """The channel's ephemeral messages (those shown to ``user``), oldest first."""
        cid = channel_id if isinstance(channel_id, int) else channel_id.id
        return [
            m
            for m in self.backend.channel_messages(cid)
            if m.ephemeral and (user is None or m.visible_to == user.id)
        ]

    def message(self, message: int | StoredMessage | Request | discord.abc.Snowflake) -> StoredMessage:
        return self._stored(message)

    def public_requests(self) -> list[Request]:
        """Accepted requests that send or edit a message everyone in the channel sees."""
        return [r for r in self.requests if r.ok and r.has_message and not r.ephemeral]

    def ephemeral_requests(self) -> list[Request]:
        """Accepted requests that send or edit a message only one person sees."""
        return [r for r in self.requests if r.ok and r.has_message and r.ephemeral]

    def requests_to(self, method: str, template: str) -> list[Request]:
        return [r for r in self.requests if r.method == method and r.template == template]

    def unanswered(self, within: float | None = None) -> list[InteractionRecord]:
        """Interactions that a person would see fail: no initial response, or a late one."""
        limit = within if within is not None else self.deadline
        slow = float("inf") if limit is None else limit * 1000.0
        return [
            rec
            for rec in self.interactions
            if rec.response is None or rec.late or (rec.ack_ms is not None and rec.ack_ms > slow)
        ]

    def commands(self, guild_id: int | None = None) -> list[Json]:
        """The application commands the bot synced (globally, or to ``guild_id``)."""
        return copy.deepcopy(self.backend.commands.get(guild_id, []))

    def expire(self, rec: InteractionRecord) -> None:
        """End the 15 minutes of ``rec``'s token: followups and edits with it now fail (401)."""
        rec.expired = True

    def dm_channel(self, user: FakeUser) -> int:
        """The id of the bot's DM channel with ``user`` (interactions can be injected there)."""
        return self.backend.dm_channel(user)

    def pending_tasks(self) -> list[asyncio.Task[Any]]:
        return [t for t in self._tracked if not t.done()]

    def override(self, method: str, template: str, handler: Handler) -> None:
        """Answer ``method template`` (discord.py's route path) with ``handler(request)``: it
        returns the JSON answer or raises (see :meth:`error`). Useful to inject failures."""
        self._overrides[(method, template)] = handler

    @staticmethod
    def error(status: int, code: int, message: str) -> discord.HTTPException:
        """An HTTP error as discord.py raises it, for :meth:`override` handlers."""
        return _http_error(status, code, message)

    def check(self) -> None:
        """Raise if the bot logged an error, a task failed, an interaction went unanswered or a
        request went beyond one of Discord's documented limits."""
        problems = list(self.errors)
        problems += [f"unanswered: {rec!r}" for rec in self.unanswered()]
        problems += [
            f"beyond Discord's limits: {req!r}: {'; '.join(req.beyond)}" for req in self.beyond_limits
        ]
        if problems:
            raise HarnessError("\n".join(problems))

    # waiting ----------------------------------------------------------------
    async def settle(self, timeout: float = 300.0, *, idle: float | None = None) -> bool:
        """Run the loop until every task the bot spawned is done or waits for what only the test
        brings: nothing is ready to run, no work is pending in another thread (an executor job,
        an aiosqlite query), no timer of the loop is due within ``idle`` seconds (default
        ``self.idle``); what is left waits for events, a clock the test moves, or a later
        timer. Decided by events, so the result does not depend on the machine's speed.
        ``timeout`` (real seconds) only catches a bot that never comes to rest: HarnessError."""
        horizon = self.idle if idle is None else idle
        deadline = time.perf_counter() + timeout
        calm = 0
        while self.pending_tasks():
            if self._loop_busy(horizon):
                calm = 0
            else:
                calm += 1
                if calm >= 2:  # two passes of the loop with nothing to run: at rest
                    return True
            if time.perf_counter() >= deadline:
                raise HarnessError(f"the bot did not come to rest in {timeout}s: {self.pending_tasks()}")
            await self._pass()
        return True

    async def _finish(self, tasks: list[asyncio.Task[Any]]) -> list[asyncio.Task[Any]]:
        """Run the loop until ``tasks`` are done, or until the bot is at rest (see :meth:`settle`)
        with some still waiting: for what only the test brings (a hang), those are returned.
        ``handler_timeout`` (real seconds) only stops a handler that never lets the loop rest."""
        deadline = time.perf_counter() + self.handler_timeout
        calm = 0
        while any(not t.done() for t in tasks):
            if self._loop_busy(self.idle):
                calm = 0
            else:
                calm += 1
                if calm >= 2:
                    break
            if time.perf_counter() >= deadline:
                break
            await self._pass()
        return [t for t in tasks if not t.done()]

    async def _pass(self) -> None:
        """Let the loop run once; while only threads work, without spinning for the GIL."""
        ready = getattr(self.loop, "_ready", None)
        await asyncio.sleep(0.0005 if _OUTSIDE[0] and not ready else 0)

    def _loop_busy(self, horizon: float) -> bool:
        if _OUTSIDE[0]:
            return True
        ready = getattr(self.loop, "_ready", None)
        if ready is not None and len(ready) > 0:
            return True
        scheduled = getattr(self.loop, "_scheduled", None)
        if scheduled:
            soon = self.loop.time() + horizon
            return any(not h.cancelled() and h.when() <= soon for h in scheduled)
        return False

    async def until(
        self, predicate: Callable[[], bool], timeout: float = 300.0, *, idle: float | None = None
    ) -> bool:
        """Run the loop until ``predicate()`` is true (checked after each pass of the loop):
        True; False as soon as the bot is at rest without it (see :meth:`settle`), however fast
        the machine. ``timeout`` (real seconds) only catches a bot that never comes to rest."""
        horizon = self.idle if idle is None else idle
        deadline = time.perf_counter() + timeout
        calm = 0
        while not predicate():
            if self._loop_busy(horizon):
                calm = 0
            else:
                calm += 1
                if calm >= 2:
                    return predicate()
            if time.perf_counter() >= deadline:
                raise HarnessError(f"the bot did not come to rest in {timeout}s")
            await self._pass()
        return True

    def _track(self, task: asyncio.Task[Any]) -> None:
        if self.closed:
            return
        self._tracked.add(task)
        self._activity += 1
        if self._capture is not None:
            self._capture.append(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tracked.discard(task)
        self._activity += 1
        if not task.cancelled() and getattr(task, "_log_traceback", False):
            self._failed.append(task)  # an error unless whoever awaits it retrieves the exception

    @property
    def errors(self) -> list[str]:
        """Errors the bot logged (level ERROR), exceptions of its tasks that nobody retrieved,
        requests the harness cannot answer, handlers that hang."""
        failed, self._failed = self._failed, []
        for task in failed:
            if getattr(task, "_log_traceback", False):
                exc = task.exception()  # reported here rather than by asyncio when collected
                assert exc is not None
                text = "".join(traceback.format_exception(exc))
                self._errors.append(f"task {task.get_name()} failed:\n{text}")
        return list(self._errors)

    def take_errors(self, containing: str) -> list[str]:
        """Remove and return the logged errors that contain ``containing`` (errors a test
        expects the bot to log); :meth:`check` still reports every other one."""
        taken = [e for e in self.errors if containing in e]
        self._errors = [e for e in self._errors if containing not in e]
        return taken

    # what people do besides interactions ---------------------------------------------
    async def delete_message(
        self, message: int | StoredMessage | Request | discord.abc.Snowflake, *, settle: bool = False
    ) -> StoredMessage:
        """A moderator deletes ``message``: later fetches and edits get 404 Unknown Message, and
        the bot receives MESSAGE_DELETE (``on_raw_message_delete``, ``on_message_delete``)."""
        msg = self._stored(message)
        msg.deleted = True
        payload: Json = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id is not None:
            payload["guild_id"] = str(msg.guild_id)
        context = _CURRENT.set(self)
        try:
            self.bot._connection.parse_message_delete(payload)  # type: ignore[arg-type]
        finally:
            _CURRENT.reset(context)
        if settle:
            await self.settle()
        else:
            await asyncio.sleep(0)
        return msg

    # injecting interactions ----------------------------------------------------
    async def slash(
        self,
        command: str,
        *,
        user: FakeUser,
        channel: int | ChannelSpec | discord.abc.Snowflake | None = None,
        options: Mapping[str, object] | None = None,
        locale: str | None = None,
        wait: bool = True,
        settle: bool = False,
    ) -> InteractionRecord:
        """Run ``/command`` ("mahjong new" for a subcommand) as ``user`` in ``channel``."""
        channel_id = self._channel_id(channel)
        data, name = self._command_data(command, options or {}, channel_id, user, focused=None)
        return await self._inject(
            APPLICATION_COMMAND, "slash", user, channel_id, locale, data, name=name, wait=wait, settle=settle
        )

    async def autocomplete(
        self,
        command: str,
        focused: str,
        value: str,
        *,
        user: FakeUser,
        channel: int | ChannelSpec | discord.abc.Snowflake | None = None,
        options: Mapping[str, object] | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Type ``value`` into option ``focused`` of ``/command``; the record's ``choices`` are the
        bot's answer."""
        channel_id = self._channel_id(channel)
        all_options = dict(options or {})
        all_options[focused] = value
        data, name = self._command_data(command, all_options, channel_id, user, focused=focused)
        return await self._inject(AUTOCOMPLETE, "autocomplete", user, channel_id, locale, data, name=name)

    async def click(
        self,
        message: int | StoredMessage | Request | discord.abc.Snowflake,
        target: str,
        *,
        user: FakeUser,
        locale: str | None = None,
        wait: bool = True,
        settle: bool = False,
    ) -> InteractionRecord:
        """Click the button whose custom_id or label is ``target`` on ``message``."""
        msg = self._clickable(message, user)
        component = msg.find(target, types=[BUTTON])
        self._check_enabled(component, target)
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            raise HarnessError(f"button {target!r} is a link or premium button: nothing reaches the bot")
        data = {"custom_id": custom_id, "component_type": BUTTON, "id": component.get("id")}
        return await self._inject(
            MESSAGE_COMPONENT,
            "button",
            user,
            msg.channel_id,
            locale,
            data,
            message=msg,
            custom_id=custom_id,
            wait=wait,
            settle=settle,
        )

    async def select(
        self,
        message: int | StoredMessage | Request | discord.abc.Snowflake,
        target: str,
        values: Sequence[object],
        *,
        user: FakeUser,
        locale: str | None = None,
        wait: bool = True,
        settle: bool = False,
    ) -> InteractionRecord:
        """Choose ``values`` in the select whose custom_id or placeholder is ``target``. For user,
        role and channel selects the values are FakeUsers, ids, role names or ChannelSpecs."""
        msg = self._clickable(message, user)
        component = msg.find(target, types=SELECT_TYPES)
        self._check_enabled(component, target)
        ctype = int(component["type"])
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise HarnessError(f"select {target!r} takes {low} to {high} values, not {len(values)}")
        data: Json = {"custom_id": component["custom_id"], "component_type": ctype, "id": component.get("id")}
        if ctype == STRING_SELECT:
            allowed = [o["value"] for o in component.get("options") or []]
            for value in values:
                if value not in allowed:
                    raise HarnessError(f"select {target!r} has no option {value!r}; options: {allowed}")
            data["values"] = [str(v) for v in values]
        else:
            resolved: Json = {}
            guild_id = msg.guild_id
            option_type = {USER_SELECT: 6, ROLE_SELECT: 8, MENTIONABLE_SELECT: 9, CHANNEL_SELECT: 7}[ctype]
            data["values"] = [self._resolve_value(option_type, v, guild_id, resolved) for v in values]
            data["resolved"] = resolved
        return await self._inject(
            MESSAGE_COMPONENT,
            "select",
            user,
            msg.channel_id,
            locale,
            data,
            message=msg,
            custom_id=str(component["custom_id"]),
            values=[str(v) for v in data["values"]],
            wait=wait,
            settle=settle,
        )

    async def submit_modal(
        self,
        shown: InteractionRecord,
        values: Mapping[str, object],
        *,
        user: FakeUser | None = None,
        locale: str | None = None,
        wait: bool = True,
        settle: bool = False,
    ) -> InteractionRecord:
        """Submit the modal the bot showed in answer to ``shown``; ``values`` by custom_id (text
        inputs take a string, selects a list; radio groups a value or None, checkbox groups a list,
        checkboxes True or False: what a component is not given stays as the modal showed it)."""
        if shown.modal is None:
            raise HarnessError(f"the bot showed no modal for {shown!r}")
        modal = shown.modal
        remaining = dict(values)

        def submitted(component: Json) -> Json:
            ctype = component.get("type")
            if ctype == ACTION_ROW:
                return {"type": ACTION_ROW, "components": [submitted(c) for c in component["components"]]}
            if ctype == LABEL:
                return {
                    "type": LABEL,
                    "id": component.get("id"),
                    "component": submitted(component["component"]),
                }
            custom_id = component.get("custom_id")
            if ctype == TEXT_INPUT:
                value = remaining.pop(str(custom_id), component.get("value") or "")
                if component.get("required", True) and not value:
                    raise HarnessError(f"text input {custom_id!r} is required")
                return {"type": TEXT_INPUT, "id": component.get("id"), "custom_id": custom_id, "value": value}
            if ctype in SELECT_TYPES:
                chosen = remaining.pop(str(custom_id), [])
                assert isinstance(chosen, Sequence)
                return {
                    "type": ctype,
                    "id": component.get("id"),
                    "custom_id": custom_id,
                    "values": list(chosen),
                }
            if ctype in (RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX):  # issue 31 forms
                return _submitted_choice(component, remaining)
            return {"type": ctype, "id": component.get("id")}

        components = [submitted(c) for c in modal.get("components") or []]
        if remaining:
            raise HarnessError(f"the modal has no inputs {sorted(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._inject(
            MODAL_SUBMIT,
            "modal",
            user or shown.user,
            shown.channel_id,
            locale,
            data,
            custom_id=str(modal["custom_id"]),
            message=None if shown.message_id is None else self.backend.messages.get(shown.message_id),
            wait=wait,
            settle=settle,
        )

    async def _inject(
        self,
        itype: int,
        kind: str,
        user: FakeUser,
        channel_id: int,
        locale: str | None,
        data: Json,
        *,
        name: str | None = None,
        message: StoredMessage | None = None,
        custom_id: str | None = None,
        values: Sequence[str] = (),
        wait: bool = True,
        settle: bool = False,
    ) -> InteractionRecord:
        if self.closed:
            raise HarnessError("the harness is closed")
        if user.id not in self.backend.users:
            self.backend.add_user(user)
        payload = self._interaction_payload(itype, user, channel_id, locale or user.locale, data, message)
        shards = self.shards_run()
        if shards is not None and not self.any_shard:
            guild = payload.get("guild_id")
            shard = 0 if guild is None else (int(guild) >> 22) % shards[1]
            if shard not in shards[0]:
                raise HarnessError(
                    f"an interaction of guild {guild} goes to shard {shard}, which this bot does not run"
                )
        rec = InteractionRecord(
            id=int(payload["id"]),
            token=payload["token"],
            type=itype,
            kind=kind,
            user=user,
            guild_id=None if payload.get("guild_id") is None else int(payload["guild_id"]),
            channel_id=channel_id,
            locale=payload["locale"],
            payload=payload,
            name=name,
            custom_id=custom_id,
            values=list(values),
            message_id=None if message is None else message.id,
            harness=self,
        )
        if itype in (MESSAGE_COMPONENT, MODAL_SUBMIT) and message is not None:
            rec.original_message_id = message.id
        self.interactions.append(rec)
        self.backend.interactions[rec.token] = rec
        self._activity += 1
        capture: list[asyncio.Task[Any]] = []
        self._capture = capture
        harness_context = _CURRENT.set(self)
        record_context = _HANDLING.set(rec)
        try:
            rec.started_at = self.clock()
            self.bot._connection.parse_interaction_create(copy.deepcopy(payload))  # type: ignore[arg-type]
        finally:
            _HANDLING.reset(record_context)
            _CURRENT.reset(harness_context)
            self._capture = None
        rec.tasks = capture
        if wait and capture:
            running = await self._finish(capture)
            if running:
                self._errors.append(f"{rec!r}: handlers still waiting with the bot at rest: {running}")
        if settle:
            await self.settle()
        return rec

    # building payloads ------------------------------------------------------------
    def _payload_base(self, itype: int, channel_id: int, locale: str, data: Json) -> tuple[Json, int | None]:
        """What every interaction payload carries (its id, token, channel, data), and the
        channel's guild id (None for a DM or a private channel)."""
        interaction_id = self.backend.snowflake()
        _, guild_id = self.backend.channel(channel_id)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(self.backend.application_id),
            "type": itype,
            "token": f"harness.{interaction_id}.{secrets.token_urlsafe(12)}",
            "version": 1,
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel_id),
            "channel": self.backend.channel_payload(channel_id),
            "data": data,
        }
        return payload, guild_id

    def _interaction_payload(
        self,
        itype: int,
        user: FakeUser,
        channel_id: int,
        locale: str,
        data: Json,
        message: StoredMessage | None,
    ) -> Json:
        install = self._install_of(channel_id, message)  # issue 31 install
        if install is not None and self.backend.bot_absent(channel_id):
            return self._absent_payload(install, itype, user, channel_id, locale, data, message)
        payload, guild_id = self._payload_base(itype, channel_id, locale, data)
        if guild_id is not None:
            guild = self.backend.guilds[guild_id]
            if not self.backend.in_guild(user, guild_id):
                raise HarnessError(f"{user.name} is not a member of guild {guild_id}")
            member_perms, app_perms = self._permissions(user, guild_id, channel_id)
            member = self.backend.member_payload(user, guild_id)
            member["permissions"] = str(member_perms)
            payload.update(
                guild_id=str(guild_id),
                guild={"id": str(guild_id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member,
                app_permissions=str(app_perms),
                context=0,
                authorizing_integration_owners={"0": str(guild_id)},
            )
            payload["channel"]["permissions"] = str(member_perms)
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(discord.Permissions.all().value),
                context=1,
                authorizing_integration_owners={"0": "0"},
            )
        if message is not None:
            payload["message"] = copy.deepcopy(message.payload)
        if install is not None:  # issue 31 install: who installed what the interaction uses
            payload["authorizing_integration_owners"] = self._owners(install, user, guild_id)
        return payload

    def _permissions(self, user: FakeUser, guild_id: int, channel_id: int) -> tuple[int, int]:
        """(the member's, the bot's) permissions in the channel, computed by discord.py."""
        guild = self.bot.get_guild(guild_id)
        channel = None if guild is None else guild.get_channel_or_thread(channel_id)
        if guild is None and self.any_shard:  # a misrouted interaction: its shard is not run here
            return 0, 0
        if guild is None or channel is None or guild.me is None:
            raise HarnessError(f"the bot does not know guild {guild_id} / channel {channel_id}")
        app = channel.permissions_for(guild.me).value
        if user.permissions is not None:
            return user.permissions, app
        data = self.backend.member_payload(user, guild_id)
        member = discord.Member(data=data, guild=guild, state=self.bot._connection)  # type: ignore[arg-type]
        return channel.permissions_for(member).value, app

    def _tree(self) -> app_commands.CommandTree[Any]:
        tree = self.bot._connection._command_tree
        if tree is None:
            raise HarnessError("the bot has no application command tree")
        return tree

    def _command_data(
        self,
        command: str,
        options: Mapping[str, object],
        channel_id: int,
        user: FakeUser,
        *,
        focused: str | None,
    ) -> tuple[Json, str]:
        tree = self._tree()
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise HarnessError("empty command name")
        spec, guild_id = self.backend.channel(channel_id)
        del spec
        root: app_commands.Command[Any, ..., Any] | app_commands.Group | None = None
        command_guild: int | None = None
        if guild_id is not None:
            root = tree.get_command(parts[0], guild=discord.Object(guild_id))
            command_guild = guild_id if root is not None else None
        if root is None:
            root = tree.get_command(parts[0])
        if root is None:
            raise HarnessError(f"the bot has no slash command /{parts[0]} here")
        self._check_visible(root, user, guild_id, channel_id)
        cmd: app_commands.Command[Any, ..., Any] | app_commands.Group = root
        for part in parts[1:]:
            if not isinstance(cmd, app_commands.Group):
                raise HarnessError(f"/{cmd.qualified_name} has no subcommand {part!r}")
            child = cmd.get_command(part)
            if child is None:
                raise HarnessError(
                    f"/{cmd.qualified_name} has no subcommand {part!r}; "
                    f"it has {[c.name for c in cmd.commands]}"
                )
            cmd = child
        if isinstance(cmd, app_commands.Group):
            raise HarnessError(f"/{cmd.qualified_name} is a group: name a subcommand")

        resolved: Json = {}
        given = dict(options)
        built: list[Json] = []
        for param in cmd.parameters:
            key = param.display_name if param.display_name in given else param.name
            if key not in given:
                if param.required and focused is None:
                    raise HarnessError(f"/{cmd.qualified_name} needs option {param.display_name!r}")
                continue
            value = given.pop(key)
            option: Json = {"name": param.display_name, "type": param.type.value}
            if focused is not None and key == focused:
                option["value"] = str(value)
                option["focused"] = True
            else:
                option["value"] = self._option_value(param, value, guild_id, resolved)
            built.append(option)
        if given:
            raise HarnessError(
                f"/{cmd.qualified_name} has no options {sorted(given)}; "
                f"it has {[p.display_name for p in cmd.parameters]}"
            )
        nested: list[Json] = built
        parent = cmd.parent
        node: app_commands.Command[Any, ..., Any] | app_commands.Group = cmd
        while parent is not None:
            nested = [
                {
                    "name": node.name,
                    "type": 2 if isinstance(node, app_commands.Group) else 1,
                    "options": nested,
                }
            ]
            node, parent = parent, parent.parent
        data: Json = {
            "id": self.backend.command_id(root.name, command_guild),
            "name": root.name,
            "type": 1,
            "options": nested,
        }
        if resolved:
            data["resolved"] = resolved
        if command_guild is not None:
            data["guild_id"] = str(command_guild)
        return data, cmd.qualified_name

    def _check_visible(
        self,
        root: app_commands.Command[Any, ..., Any] | app_commands.Group,
        user: FakeUser,
        guild_id: int | None,
        channel_id: int,
    ) -> None:
        """Discord hides a command from members without its default permissions, and a guild-only
        command in DMs."""
        if guild_id is None and root.guild_only:
            raise HarnessError(f"/{root.name} is guild-only: Discord hides it in DMs")
        required = root.default_permissions
        if required is None or guild_id is None:
            return
        perms, _ = self._permissions(user, guild_id, channel_id)
        if discord.Permissions(perms).administrator:
            return
        if perms & required.value != required.value:
            raise HarnessError(f"{user.name} lacks the permissions of /{root.name}: Discord hides it")

    def _option_value(
        self, param: app_commands.Parameter, value: object, guild_id: int | None, resolved: Json
    ) -> Any:
        otype = param.type.value
        if otype == 3:  # string
            result: Any = str(value)
        elif otype == 4:  # integer
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise HarnessError(f"option {param.display_name!r} takes an integer, not {value!r}")
            result = int(value)
        elif otype == 10:  # number
            if not isinstance(value, int | float | str):
                raise HarnessError(f"option {param.display_name!r} takes a number, not {value!r}")
            result = float(value)
        elif otype == 5:  # boolean
            if not isinstance(value, bool):
                raise HarnessError(f"option {param.display_name!r} takes a boolean, not {value!r}")
            result = value
        elif otype == 11:  # attachment
            result = self._resolve_attachment(value, resolved)
        else:
            result = self._resolve_value(otype, value, guild_id, resolved)
        if param.choices and result not in [c.value for c in param.choices]:
            raise HarnessError(
                f"option {param.display_name!r} takes one of {[c.value for c in param.choices]}, "
                f"not {result!r}"
            )
        if isinstance(result, int | float) and not isinstance(result, bool):
            if param.min_value is not None and result < param.min_value:
                raise HarnessError(f"option {param.display_name!r} is at least {param.min_value}")
            if param.max_value is not None and result > param.max_value:
                raise HarnessError(f"option {param.display_name!r} is at most {param.max_value}")
        return result

    def _resolve_value(self, otype: int, value: object, guild_id: int | None, resolved: Json) -> str:
        """A user (6), channel (7), role (8) or mentionable (9) value, with its resolved data."""
        if otype in (6, 9) and (
            isinstance(value, FakeUser) or (isinstance(value, int) and self._is_user(value))
        ):
            user = value if isinstance(value, FakeUser) else self.backend.user(value)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild_id is not None and self.backend.in_guild(user, guild_id):
                member = self.backend.member_payload(user, guild_id)
                del member["user"], member["deaf"], member["mute"]
                member["permissions"] = str(self._guild_permissions(user, guild_id))
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if otype in (8, 9):
            if guild_id is None:
                raise HarnessError("roles need a guild")
            guild = self.backend.guilds[guild_id]
            if not isinstance(value, int | str):
                raise HarnessError(f"not a role: {value!r}")
            role_id = guild.role_id(value)
            roles = {int(r["id"]): r for r in self.backend.role_payloads(guild)}
            if role_id not in roles:
                raise HarnessError(f"guild {guild_id} has no role {value!r}")
            resolved.setdefault("roles", {})[str(role_id)] = roles[role_id]
            return str(role_id)
        if otype == 7:
            if not isinstance(value, int | ChannelSpec):
                raise HarnessError(f"not a channel: {value!r}")
            channel_id = self._channel_id(value)
            payload = self.backend.channel_payload(channel_id)
            payload["permissions"] = str(discord.Permissions.all().value)
            resolved.setdefault("channels", {})[str(channel_id)] = payload
            return str(channel_id)
        raise HarnessError(f"cannot resolve {value!r} for an option of type {otype}")

    def _is_user(self, user_id: int) -> bool:
        return user_id in self.backend.users or user_id == self.backend.bot_id

    def _guild_permissions(self, user: FakeUser, guild_id: int) -> int:
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return 0
        data = self.backend.member_payload(user, guild_id)
        member = discord.Member(data=data, guild=guild, state=self.bot._connection)  # type: ignore[arg-type]
        return member.guild_permissions.value

    def _resolve_attachment(self, value: object, resolved: Json) -> str:
        if isinstance(value, discord.File):
            value.reset()
            sent = SentFile(value.filename, value.fp.read())
        elif isinstance(value, tuple) and len(value) == 2:
            sent = SentFile(str(value[0]), bytes(value[1]))
        else:
            raise HarnessError(
                f"an attachment option takes a discord.File or (filename, bytes), not {value!r}"
            )
        attachment_id = self.backend.snowflake()
        resolved.setdefault("attachments", {})[str(attachment_id)] = {
            "id": str(attachment_id),
            "filename": sent.filename,
            "size": sent.size,
            "url": f"{CDN}/ephemeral-attachments/0/{attachment_id}/{sent.filename}",
            "proxy_url": f"{MEDIA}/ephemeral-attachments/0/{attachment_id}/{sent.filename}",
            "content_type": sent.content_type,
            "ephemeral": True,
        }
        return str(attachment_id)

    def _channel_id(self, channel: int | ChannelSpec | discord.abc.Snowflake | None) -> int:
        if channel is None:
            for guild in self.backend.guilds.values():
                for spec in guild.channels:
                    if spec.type == 0:
                        return spec.id
            raise HarnessError("no text channel: pass channel=")
        return channel if isinstance(channel, int) else channel.id

    def _stored(self, message: int | StoredMessage | Request | discord.abc.Snowflake) -> StoredMessage:
        if isinstance(message, StoredMessage):
            message_id = message.id
        elif isinstance(message, Request):
            if message.target is None:
                raise HarnessError(f"{message!r} made no message")
            message_id = message.target.id
        elif isinstance(message, int):
            message_id = message
        else:
            message_id = message.id
        stored = self.backend.messages.get(message_id)
        if stored is None:
            raise HarnessError(f"no message {message_id}")
        return stored

    def _clickable(
        self, message: int | StoredMessage | Request | discord.abc.Snowflake, user: FakeUser
    ) -> StoredMessage:
        msg = self._stored(message)
        if msg.deleted:
            raise HarnessError(f"message {msg.id} was deleted")
        if msg.ephemeral and msg.visible_to is not None and msg.visible_to != user.id:
            raise HarnessError(f"message {msg.id} is ephemeral: only user {msg.visible_to} sees it")
        return msg

    @staticmethod
    def _check_enabled(component: Json, target: str) -> None:
        if component.get("disabled"):
            raise HarnessError(f"{target!r} is disabled")

    # the fake HTTP ---------------------------------------------------------------
    async def _http_request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[Json] | None = None,
        **kwargs: Any,
    ) -> Any:
        return await self._request(
            "http",
            route,
            json_payload=kwargs.get("json"),
            form=None if form is None else list(form),
            files=files,
            query=kwargs.get("params"),
            reason=kwargs.get("reason"),
        )

    async def _request(
        self,
        via: Literal["http", "webhook"],
        route: Route,
        *,
        json_payload: Any,
        form: list[Json] | None,
        files: Sequence[discord.File] | None,
        query: Mapping[str, Any] | None,
        reason: str | None,
    ) -> Any:
        at = self.clock()
        path = re.sub(r"^/api/v\d+", "", urlsplit(route.url).path)
        body: Any = None
        if json_payload is not None:
            body = json.loads(discord.utils._to_json(json_payload))
        for entry in form or []:
            if entry.get("name") == "payload_json":
                body = json.loads(entry["value"])
        sent: list[SentFile] = []
        for file in files or []:
            file.reset()
            sent.append(SentFile(file.filename, file.fp.read(), file.description))
            file.reset()
        req = Request(
            seq=next(self._seq),
            via=via,
            method=route.method,
            path=path,
            template=route.path,
            params=_route_params(route.path, path),
            query={k: str(v) for k, v in (query or {}).items()},
            json=body,
            files=sent,
            at=at,
            reason=reason,
            caused_by=_HANDLING.get(),
        )
        req.kind = _kind(req)
        self.requests.append(req)
        for observe in self.observers:
            observe(req)
        self._activity += 1
        if req.caused_by is not None:
            req.caused_by.caused.append(req)
        await asyncio.sleep(self.latency)
        handler = self._overrides.get((req.method, req.template)) or self._routes.get(
            (req.method, req.template)
        )
        req.beyond = limit_violations(req) + self._install_violations(req) + self._emoji_violations(req)
        try:
            if req.beyond:  # Discord checks the form before it does anything
                self.beyond_limits.append(req)
                raise _invalid(req.beyond[0].split(":")[0], "; ".join(req.beyond))
            if handler is None:
                self._errors.append(f"discord_harness: no fake for {req.route}")
                raise _http_error(404, 0, f"discord_harness has no fake for {req.route}")
            result = handler(req)
        except discord.HTTPException as exc:
            req.status, req.error = exc.status, exc
            raise
        finally:
            self._activity += 1
        req.status = 200 if result is not None else 204
        req.response = copy.deepcopy(result)
        return copy.deepcopy(result)

    def _emoji_violations(self, req: Request) -> list[str]:
        """Issue 31 emoji: a message's select options name only emoji the application has."""
        body = req.json if isinstance(req.json, dict) else {}
        if req.kind == "interaction.callback":
            body = body.get("data") or {}
        components = body.get("components") if isinstance(body, dict) else None
        if not components:
            return []
        return option_emoji_violations(components, self.backend.emoji_names())

    def _channel(self, req: Request) -> int:
        channel_id = int(req.params["channel_id"])
        self.backend.channel(channel_id)
        return channel_id

    def _check_bot_can(self, channel_id: int, *needed: str) -> None:
        if self.backend.bot_absent(channel_id):  # issue 31 install: a channel the bot is not in
            raise _http_error(403, 50001, "Missing Access")
        spec, guild_id = self.backend.channel(channel_id)
        del spec
        if guild_id is None:
            return
        guild = self.bot.get_guild(guild_id)
        channel = None if guild is None else guild.get_channel_or_thread(channel_id)
        if guild is None or channel is None or guild.me is None:
            return
        perms = channel.permissions_for(guild.me)
        if not perms.view_channel:
            raise _http_error(403, 50001, "Missing Access")
        for name in needed:
            if not getattr(perms, name):
                raise _http_error(403, 50013, "Missing Permissions")

    def _open_dm(self, req: Request) -> Json:
        user = self.backend.user(int((req.json or {})["recipient_id"]))
        return self.backend.channel_payload(self.backend.dm_channel(user))

    def _create_message(self, req: Request) -> Json:
        channel_id = self._channel(req)
        needed = ["send_messages"] + (["attach_files"] if req.files else [])
        if channel_id in self.backend.threads:  # issue 31 thread
            needed[0] = self._check_thread_open(channel_id)
        self._check_bot_can(channel_id, *needed)
        recipient = self.backend.dm_recipient(channel_id)
        if recipient is not None and not recipient.accepts_dms:
            raise _http_error(403, 50007, "Cannot send messages to this user")
        msg = self.backend.write_message(channel_id=channel_id, body=req.json or {}, files=req.files)
        req.target = msg
        return msg.payload

    def _history(self, req: Request) -> list[Json]:
        channel_id = self._channel(req)
        self._check_bot_can(channel_id, "read_message_history")
        msgs = [m for m in self.backend.channel_messages(channel_id) if not m.ephemeral]
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])]
        limit = int(req.query.get("limit", 50))
        return [m.payload for m in reversed(msgs)][:limit]

    def _fetch_message(self, req: Request) -> Json:
        msg = self.backend.message(int(req.params["message_id"]), self._channel(req))
        if msg.ephemeral:
            raise _http_error(404, 10008, "Unknown Message")
        req.target = msg
        return msg.payload

    def _edit_message(self, req: Request) -> Json:
        msg = self.backend.message(int(req.params["message_id"]), self._channel(req))
        if msg.ephemeral:
            raise _http_error(404, 10008, "Unknown Message")
        if int(msg.payload["author"]["id"]) != self.backend.bot_id:
            raise _http_error(403, 50005, "Cannot edit a message authored by another user")
        if msg.channel_id in self.backend.threads:  # issue 31 thread
            self._check_thread_open(msg.channel_id)
        req.target = msg
        return self.backend.write_message(
            channel_id=msg.channel_id, body=req.json or {}, files=req.files, existing=msg
        ).payload

    def _delete_message(self, req: Request) -> None:
        msg = self.backend.message(int(req.params["message_id"]), self._channel(req))
        if msg.ephemeral:
            raise _http_error(404, 10008, "Unknown Message")
        req.target = msg
        msg.deleted = True

    def _bulk_delete(self, req: Request) -> None:
        channel_id = self._channel(req)
        for message_id in (req.json or {}).get("messages", []):
            self.backend.message(int(message_id), channel_id).deleted = True

    def _react(self, req: Request) -> None:
        req.target = self.backend.message(int(req.params["message_id"]), self._channel(req))

    def _fetch_member(self, req: Request) -> Json:
        guild_id = int(req.params["guild_id"])
        user = self.backend.user(int(req.params["member_id"]))
        if guild_id not in self.backend.guilds or not self.backend.in_guild(user, guild_id):
            raise _http_error(404, 10007, "Unknown Member")
        return self.backend.member_payload(user, guild_id)

    # the fake webhook side ------------------------------------------------------------
    def _interaction(self, req: Request) -> InteractionRecord:
        rec = self.backend.interactions.get(req.params.get("webhook_token", ""))
        if rec is None:
            raise _http_error(404, 10015, "Unknown Webhook")
        req.interaction = rec
        rec.requests.append(req)
        if rec.expired:
            raise _http_error(401, 50027, "Invalid Webhook Token")
        return rec

    def _callback(self, req: Request) -> Json | None:
        rec = self.backend.interactions.get(req.params["webhook_token"])
        if rec is None or str(rec.id) != req.params["webhook_id"]:
            raise _http_error(404, 10062, "Unknown interaction")
        req.interaction = rec
        rec.requests.append(req)
        if rec.response is not None:
            raise _http_error(400, 40060, "Interaction has already been acknowledged.")
        if self.deadline is not None and req.at - rec.started_at > self.deadline:
            rec.late = True
            raise _http_error(404, 10062, "Unknown interaction")
        body = req.json or {}
        ctype = int(body["type"])
        data: Json = body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
        }[rec.type]
        if ctype not in allowed:
            raise _invalid(
                "type", f"Interaction response type {ctype} is not valid for interaction type {rec.type}"
            )
        if ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE) and rec.message_id is None:
            raise _invalid("type", "There is no message to update")
        message: StoredMessage | None = None
        if ctype == CHANNEL_MESSAGE:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL) or self._forced_ephemeral(rec)
            message = self.backend.write_message(
                channel_id=rec.channel_id,
                body=data,
                files=req.files,
                ephemeral=ephemeral,
                visible_to=rec.user.id if ephemeral else None,
                interaction=rec,
            )
            rec.original_message_id = message.id
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            message = self.backend.write_message(
                channel_id=rec.channel_id,
                body={},
                files=[],
                ephemeral=ephemeral,
                visible_to=rec.user.id if ephemeral else None,
                interaction=rec,
                extra_flags=LOADING,
            )
            rec.original_message_id = message.id
            rec.loading = True
        elif ctype == UPDATE_MESSAGE:
            assert rec.message_id is not None
            message = self.backend.write_message(
                channel_id=rec.channel_id,
                body=data,
                files=req.files,
                existing=self.backend.message(rec.message_id),
            )
        elif ctype == MODAL:
            rec.modal = data
        req.target = message
        rec.response = req
        interaction: Json = {"id": str(rec.id), "type": rec.type}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=ctype == DEFERRED_CHANNEL_MESSAGE,
                response_message_ephemeral=message.ephemeral,
            )
        resource: Json = {"type": ctype}
        if message is not None and ctype in (CHANNEL_MESSAGE, UPDATE_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            resource["message"] = message.payload
        if req.query.get("with_response") not in ("1", "true", "True"):
            return None  # 204 No Content
        return {"interaction": interaction, "resource": resource}

    def _followup(self, req: Request) -> Json | None:
        rec = self._interaction(req)
        if str(self.backend.application_id) != req.params["webhook_id"] or rec.response is None:
            raise _http_error(404, 10015, "Unknown Webhook")
        body = req.json or {}
        if rec.loading and rec.original_message_id is not None:
            # the first followup after a thinking defer replaces the "is thinking..." message
            original = self.backend.message(rec.original_message_id)
            message = self.backend.write_message(
                channel_id=original.channel_id,
                body=body,
                files=req.files,
                existing=original,
                clear_flags=LOADING,
            )
            rec.loading = False
        else:
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL) or self._forced_ephemeral(rec)
            message = self.backend.write_message(
                channel_id=rec.channel_id,
                body=body,
                files=req.files,
                ephemeral=ephemeral,
                visible_to=rec.user.id if ephemeral else None,
                interaction=rec,
            )
        req.target = message
        return message.payload if req.query.get("wait", "1") not in ("0", "false") else None

    def _webhook_message(self, req: Request) -> Json | None:
        rec = self._interaction(req)
        if str(self.backend.application_id) != req.params["webhook_id"] or rec.response is None:
            raise _http_error(404, 10015, "Unknown Webhook")
        if req.template.endswith("@original"):
            if rec.original_message_id is None:
                raise _http_error(404, 10008, "Unknown Message")
            msg = self.backend.message(rec.original_message_id)
        else:
            msg = self.backend.message(int(req.params["message_id"]))
            if msg.interaction_token != rec.token and msg.id != rec.original_message_id:
                raise _http_error(404, 10008, "Unknown Message")
        req.target = msg
        if req.method == "GET":
            return msg.payload
        if req.method == "DELETE":
            msg.deleted = True
            return None
        clear = LOADING if msg.flags & LOADING else 0
        if clear and msg.id == rec.original_message_id:
            rec.loading = False
        return self.backend.write_message(
            channel_id=msg.channel_id, body=req.json or {}, files=req.files, existing=msg, clear_flags=clear
        ).payload

    # --- issue 31 install: user installs, places without the bot, message commands -------------
    Install = Literal["guild", "user", "both"]
    _installing: Install | None = None
    """The install the injection in progress speaks for (:meth:`slash_installed`,
    :meth:`message_command`); None: as the command's message or the place implies."""

    def guild_without_bot(self, guild: GuildSpec) -> GuildSpec:
        """A server the bot is not in (:meth:`FakeDiscord.add_guild_without_bot`)."""
        return self.backend.add_guild_without_bot(guild)

    def private_channel(self, *members: FakeUser, group: bool = True) -> int:
        """A group DM (``group``) or a DM between two people, the bot in neither."""
        return self.backend.private_channel(*members, group=group)

    def post(self, channel: int, user: FakeUser, content: str) -> StoredMessage:
        """``user`` writes ``content`` in ``channel`` (what a message command targets)."""
        return self.backend.write_user_message(channel, user, content)

    async def slash_installed(
        self,
        command: str,
        *,
        user: FakeUser,
        channel: int,
        install: Install = "user",
        options: Mapping[str, object] | None = None,
        locale: str | None = None,
        settle: bool = False,
    ) -> InteractionRecord:
        """``/command`` run from an install: ``user`` (the member installed the app for
        themselves: ``authorizing_integration_owners`` ``{"1": user id}``), ``guild`` (``{"0":
        guild id}``, ``"0"`` in the bot's DM) or ``both``; the payload carries ``context`` (0 a
        server, 1 the bot's DM, 2 another DM or a group DM). Discord offers the command only
        where its registration allows (:meth:`_check_installed`)."""
        root = command.strip().lstrip("/").split()[0]
        self._check_installed(root, 1, channel, install, user)
        previous, self._installing = self._installing, install
        try:
            return await self.slash(
                command, user=user, channel=channel, options=options, locale=locale, settle=settle
            )
        finally:
            self._installing = previous

    async def message_command(
        self,
        name: str,
        message: int | StoredMessage | Request | discord.abc.Snowflake,
        *,
        user: FakeUser,
        install: Install | None = None,
        locale: str | None = None,
        settle: bool = False,
    ) -> InteractionRecord:
        """The message command ``name`` (a context menu entry, type 3) run on ``message``: an
        APPLICATION_COMMAND interaction whose data has ``type`` 3, ``target_id`` and the message in
        ``resolved.messages``. ``install`` as :meth:`slash_installed` (default: ``user`` where the
        bot is not, else ``guild``)."""
        msg = self._stored(message)
        if self._tree().get_command(name, type=discord.AppCommandType.message) is None:
            raise HarnessError(f"the bot has no message command {name!r}")
        kind: Harness.Install = install or ("user" if self.backend.bot_absent(msg.channel_id) else "guild")
        self._check_installed(name, 3, msg.channel_id, kind, user)
        data: Json = {
            "id": self.backend.command_id(name, None, 3),
            "name": name,
            "type": 3,
            "target_id": str(msg.id),
            "resolved": {"messages": {str(msg.id): copy.deepcopy(msg.payload)}},
        }
        previous, self._installing = self._installing, kind
        try:
            return await self._inject(
                APPLICATION_COMMAND,
                "message command",
                user,
                msg.channel_id,
                locale,
                data,
                name=name,
                settle=settle,
            )
        finally:
            self._installing = previous

    def _context_of(self, channel_id: int) -> int:
        """The interaction context of a channel: 0 a server's, 1 the bot's DM, 2 a private channel."""
        spec, guild_id = self.backend.channel(channel_id)
        del spec
        if guild_id is not None:
            return 0
        return 2 if channel_id in self.backend.private_channels else 1

    def _check_installed(
        self, name: str, ctype: int, channel_id: int, install: Install, user: FakeUser
    ) -> None:
        """Discord offers a command only where its registration (the global commands the bot
        synced) allows: its ``contexts`` hold the place's context (none given: all), its
        ``integration_types`` (none given: the guild install) the install; where the bot is not,
        only a user install can be used; a private channel only to its members."""
        registered = [
            c for c in self.backend.commands.get(None, []) if c["name"] == name and c.get("type", 1) == ctype
        ]
        if not registered:
            raise HarnessError(f"no global command {name!r} of type {ctype}: an installed command is global")
        command = registered[0]
        context = self._context_of(channel_id)
        contexts = command.get("contexts") or [0, 1, 2]
        installs = command.get("integration_types") or [0]
        if context not in contexts:
            raise HarnessError(
                f"{name!r} is not offered in {INTERACTION_CONTEXTS[context]}: its contexts are {contexts}"
            )
        wanted = {"guild": {0}, "user": {1}, "both": {0, 1}}[install]
        if not wanted & set(installs) or (context == 2 and not {1} & wanted & set(installs)):
            raise HarnessError(
                f"{name!r} has integration_types {installs}: not offered to a {install} install"
            )
        if self.backend.bot_absent(channel_id) and install != "user":
            raise HarnessError(f"the bot is not in channel {channel_id}: only a user install reaches it")
        members = self.backend.private_channels.get(channel_id)
        if members is not None and user not in members:
            raise HarnessError(f"{user.name} is not in private channel {channel_id}")

    def _install_of(self, channel_id: int, message: StoredMessage | None) -> Install | Json | None:
        """The install an interaction speaks for: the injection's own, else (a click on a message
        a command answered) that command's ``authorizing_integration_owners``, else a user install
        where the bot is not; None: the guild install as before."""
        if self._installing is not None:
            return self._installing
        if message is not None and message.interaction_token is not None:
            rec = self.backend.interactions.get(message.interaction_token)
            owners = {} if rec is None else dict(rec.payload.get("authorizing_integration_owners") or {})
            if "1" in owners:
                return owners
        if self.backend.bot_absent(channel_id):
            return "user"
        return None

    def _owners(self, install: Install | Json, user: FakeUser, guild_id: int | None) -> Json:
        """``authorizing_integration_owners``: ``"0"`` the server's id (``"0"`` in the bot's DM)
        for the guild install, ``"1"`` the installing user's id for the user install (docs:
        Receiving and Responding > Authorizing Integration Owners Object)."""
        if isinstance(install, dict):
            return dict(install)
        owners: Json = {}
        if install in ("guild", "both"):
            owners["0"] = str(guild_id or 0)
        if install in ("user", "both"):
            owners["1"] = str(user.id)
        return owners

    def _absent_payload(
        self,
        install: Install | Json,
        itype: int,
        user: FakeUser,
        channel_id: int,
        locale: str,
        data: Json,
        message: StoredMessage | None,
    ) -> Json:
        """An interaction where the bot is not (a user install): a server's channel carries the
        member and the partial guild, a private channel the user; ``app_permissions`` as Discord
        documents it for (G)DMs with other users: ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE."""
        app = discord.Permissions(attach_files=True, embed_links=True, mention_everyone=True).value
        payload, guild_id = self._payload_base(itype, channel_id, locale, data)
        payload |= {
            "app_permissions": str(app),
            "context": self._context_of(channel_id),
            "authorizing_integration_owners": self._owners(install, user, guild_id),
        }
        if guild_id is not None:
            guild = self.backend.guilds_without_bot[guild_id]
            if not self.backend.in_guild(user, guild_id):
                raise HarnessError(f"{user.name} is not a member of guild {guild_id}")
            perms = str(guild.everyone_permissions)
            payload.update(
                guild_id=str(guild_id),
                guild={"id": str(guild_id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member={**member_json(user, [], None), "permissions": perms},
            )
            payload["channel"]["permissions"] = perms
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = copy.deepcopy(message.payload)
        return payload

    def _forced_ephemeral(self, rec: InteractionRecord) -> bool:
        """Discord makes a user install's answer ephemeral in a server without the app whose
        members may not use external apps (USE_EXTERNAL_APPS, 1 << 50: change log "User-Installed
        Apps General Availability", https://discord.com/developers/docs/change-log)."""
        owners = rec.payload.get("authorizing_integration_owners") or {}
        return rec.guild_id in self.backend.external_apps_forbidden and "0" not in owners

    def _install_violations(self, req: Request) -> list[str]:
        """A user-installed app's followups beyond :data:`MAX_USER_INSTALL_FOLLOWUPS` per
        interaction (an interaction authorized by no server install)."""
        if req.kind != "webhook.message.create":
            return []
        rec = self.backend.interactions.get(req.params.get("webhook_token", ""))
        if rec is None or "0" in (rec.payload.get("authorizing_integration_owners") or {}):
            return []
        made = sum(1 for r in rec.requests if r.kind == "webhook.message.create" and r.status and r.ok)
        if made >= MAX_USER_INSTALL_FOLLOWUPS:
            return [
                f"followups: a user-installed app makes at most {MAX_USER_INSTALL_FOLLOWUPS} per interaction "
                "(https://discord.com/developers/docs/change-log#userinstalled-apps-general-availability)"
            ]
        return []

    # --- issue 31 thread: thread endpoints ------------------------------------------------
    def _thread_routes(self) -> dict[tuple[str, str], Handler]:
        return {
            ("POST", "/channels/{channel_id}/threads"): self._start_thread,
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): self._start_thread,
            ("PATCH", "/channels/{channel_id}"): self._modify_thread,
        }

    def _check_thread_open(self, thread_id: int) -> str:
        """Posting or editing in a thread: refused in an archived one (Discord's 50083); the
        permission a message there needs (Send Messages in Threads)."""
        if self.backend.thread_archived(thread_id):
            raise _http_error(400, THREAD_ARCHIVED, "Thread is archived")
        return "send_messages_in_threads"

    def _start_thread(self, req: Request) -> Json:
        """Start Thread without Message / from Message: the thread, and the THREAD_CREATE event
        the gateway sends (discord.py caches the thread from it)."""
        parent_id = self._channel(req)
        body = req.json or {}
        parent, guild_id = self.backend.channel(parent_id)
        if guild_id is None or parent.type not in (0, 5):
            raise _http_error(400, 50024, "Cannot execute action on this channel type")
        kind = 11 if "message_id" in req.params else int(body.get("type") or 12)  # v10 default: private
        needed = "create_public_threads" if kind != 12 else "create_private_threads"
        self._check_bot_can(parent_id, needed)
        at = None
        if "message_id" in req.params:
            at = self.backend.message(int(req.params["message_id"]), parent_id).id
        thread_id = self.backend.add_thread(
            parent_id,
            str(body["name"]),
            kind=kind,
            duration=int(body.get("auto_archive_duration") or 1440),
            at=at,
        )
        payload = self.backend.thread_payload(thread_id)
        event = payload | {
            "newly_created": True,
            "member": {
                "id": str(thread_id),
                "user_id": str(self.backend.bot_id),
                "join_timestamp": discord.utils.utcnow().isoformat(),
                "flags": 0,
            },
        }
        self.bot._connection.parse_thread_create(copy.deepcopy(event))  # type: ignore[arg-type]
        return payload

    def _modify_thread(self, req: Request) -> Json:
        """Modify Channel for a thread (archived, locked, name, auto_archive_duration), and the
        THREAD_UPDATE event; no other channel is changed by the bot."""
        thread_id = self._channel(req)
        meta = self.backend.threads.get(thread_id)
        if meta is None:
            self._errors.append(f"discord_harness: the bot changed channel {thread_id}, not a thread")
            raise _http_error(403, 50013, "Missing Permissions")
        body = req.json or {}
        for key in ("archived", "locked", "auto_archive_duration"):
            if key in body:
                meta[key] = body[key]
        if "archived" in body:
            meta["archive_timestamp"] = discord.utils.utcnow().isoformat()
        if "name" in body:
            spec, guild_id = self.backend.channel(thread_id)
            self.backend.channels[thread_id] = (replace(spec, name=str(body["name"])), guild_id)
        payload = self.backend.thread_payload(thread_id)
        self.bot._connection.parse_thread_update(copy.deepcopy(payload))  # type: ignore[arg-type]
        return payload


def _route_params(template: str, path: str) -> dict[str, str]:
    """The route's parameters, read back from the filled path (discord.py's Route keeps only
    the major ones)."""
    pattern = "".join(
        f"(?P<{part[1:-1]}>[^/]+)" if part.startswith("{") else re.escape(part)
        for part in re.split(r"(\{\w+\})", template)
        if part
    )
    match = re.fullmatch(pattern, path)
    if match is None:
        return {}
    params = {k: unquote(v) for k, v in match.groupdict().items()}
    if template.startswith("/interactions/"):
        params["interaction_id"] = params["webhook_id"]
    elif template.startswith("/webhooks/"):
        params["application_id"] = params["webhook_id"]
    return params


def _kind(req: Request) -> str:
    """A readable name for what the request does."""
    t, m = req.template, req.method
    if t.endswith("/callback"):
        return "interaction.callback"
    if t == "/webhooks/{webhook_id}/{webhook_token}" and m == "POST":
        return "webhook.message.create"
    if t.startswith("/webhooks/") and "/messages/" in t:
        what = {"GET": "fetch", "PATCH": "edit", "DELETE": "delete"}.get(m, m.lower())
        return f"webhook.message.{what}" + (".original" if t.endswith("@original") else "")
    if t == "/channels/{channel_id}/messages":
        return "message.create" if m == "POST" else "message.history"
    if t == "/channels/{channel_id}/messages/{message_id}":
        return {"GET": "message.fetch", "PATCH": "message.edit", "DELETE": "message.delete"}[m]
    if "/commands" in t:
        return "commands." + {"GET": "fetch", "PUT": "sync"}.get(m, m.lower())
    return f"{m.lower()} {t}"
