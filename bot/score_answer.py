"""A ``/score`` answer: a hand's breakdown with every rule code and the arranged hand as an
image, ephemeral, with a **Post in channel** button; shared by ``/score`` (:mod:`bot.cogs.scoring`)
and the hand builder's **Score** (:mod:`bot.cogs.builder`), which both import it (neither cog
imports the other's answer).

The button's custom_id carries the request itself (``mj:post:<ruleset>:<seat><round>:<win>:
<how>:<flags>:<hand>``, ``<how>`` being ``s`` for self-drawn, ``d`` for a discard, ``dW`` for
West's discard, and ``<ruleset>`` followed by ``+`` and the dora tiles where there are dora:
``wikibooks+5s``), so it works after a restart; a request too long for a custom_id gets no button.

House rules: without ``ruleset:`` a request is scored under the ruleset of the channel it is made
in (a channel's choice over its server's, as ``/settings`` keeps them; dmjl's defaults outside a
server with the bot: a DM, a group chat, a server where a member uses the command they installed
for themselves, where nothing is read from storage), and a request
under that ruleset, chosen or not, takes the house rules too; another ruleset is scored as
written. The answer ends with the rules it was scored under. The Post button scores again under
the house rules in force when it is pressed (its custom_id carries no settings).
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot import workers
from bot.cogs.settings import joined
from bot.i18n import Language, engine_error, language, text
from bot.storage.records import TableRules
from engine.errors import MahjongError
from engine.rulesets import get_ruleset
from engine.scoring.report import dora_tiles, score_request, score_text
from render import render_strip
from render.describe import describe_strip

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

EXAMPLE = "234m 777z [555s] [678p] 99p"
MESSAGE_LIMIT = 2000
"""The most characters a message's content may hold (Discord, Create Message: content)."""
FENCE = "```"


@dataclass(frozen=True, slots=True)
class ScoreAsk:
    """One scoring request as a person gave it: the strings of ``/score`` or the builder."""

    ruleset: str
    seat: str
    prevailing: str
    win: str | None
    self_drawn: bool
    flags: str
    hand: str
    discarder: str | None = None
    dora: str = ""
    """The dora tiles (wikibooks), as :func:`engine.scoring.report.dora_tiles` reads them."""

    def post_id(self) -> str | None:
        """The Post button's custom_id carrying this request, or None when it does not fit in
        100 characters.

        >>> ScoreAsk("dmjl", "S", "E", "9p", True, "", "99p [555s]").post_id()
        'mj:post:dmjl:SE:9p:s:-:99p_[555s]'
        >>> ScoreAsk("dmjl", "S", "E", "9p", False, "", "99p [555s]", "W").post_id()
        'mj:post:dmjl:SE:9p:dW:-:99p_[555s]'
        >>> ScoreAsk("wikibooks", "N", "E", "9m", False, "", "99m [555s]", "W", "5s 1z").post_id()
        'mj:post:wikibooks+5s1z:NE:9m:dW:-:99m_[555s]'
        """
        how = "s" if self.self_drawn else "d" + (self.discarder or "")
        rules = self.ruleset + ("+" + "".join(self.dora.split()) if self.dora.strip() else "")
        packed = f"mj:post:{rules}:{self.seat}{self.prevailing}:{self.win or '-'}:{how}:"
        packed += f"{self.flags or '-'}:" + "_".join(self.hand.split())
        return packed if len(packed) <= 100 and ":" not in self.hand + self.dora else None

    @classmethod
    def from_post_id(cls, custom_id: str) -> ScoreAsk | None:
        """The request a Post button carries (None for a custom_id that is not one).

        >>> ask = ScoreAsk("dmjl", "S", "E", "9p", False, "", "99p [555s]", "W")
        >>> ScoreAsk.from_post_id("mj:post:dmjl:SE:9p:dW:-:99p_[555s]") == ask
        True
        >>> ScoreAsk.from_post_id("mj:post:wikibooks+5s1z:NE:9m:dW:-:99m_[555s]").dora
        '5s1z'
        """
        parts = custom_id.split(":", 7)
        if len(parts) != 8 or len(parts[3]) != 2:
            return None
        _, _, rules, winds, win, how, flags, hand = parts
        ruleset, _, dora = rules.partition("+")
        return cls(
            ruleset,
            winds[0],
            winds[1],
            None if win == "-" else win,
            how == "s",
            "" if flags == "-" else flags,
            hand.replace("_", " "),
            how[1:] or None,
            dora,
        )

    def answer(self, lang: Language = "en", house: HouseRules | None = None) -> tuple[str, bytes | None]:
        """The breakdown text (in ``lang``) and the image, ending with who pays the winner what
        and the rules it was scored under: with ``house``, the house rules where this request's
        ruleset is theirs (:meth:`HouseRules.for_ruleset`). A bad request gives its error in
        words, with an example."""
        body, png, _ = self.answer_described(lang, house)
        return body, png

    def answer_described(
        self, lang: Language = "en", house: HouseRules | None = None
    ) -> tuple[str, bytes | None, str]:
        """:meth:`answer`, and the image's description in ``lang`` (its alt text; empty with no image)."""
        settings = None if house is None else house.for_ruleset(self.ruleset)
        try:
            result = score_request(
                hand=self.hand,
                ruleset=self.ruleset,
                seat=self.seat,
                prevailing=self.prevailing,
                win=self.win or None,
                self_drawn=self.self_drawn,
                flags=[f.strip() for f in self.flags.split(",") if f.strip()],
                settings=settings,
                discarder=self.discarder,
                dora=self.dora,
            )
            dora = dora_tiles(self.dora)
            sheet = score_text(result, ruleset=self.ruleset, lang=lang, settings=settings, dora=dora)
        except MahjongError as exc:
            return f"{engine_error(exc, lang)}\n{text('score_example', lang, example=EXAMPLE)}", None, ""
        # the scorer's typed groups: the winning group framed, laid-out Fa with the bonus tiles
        png = render_strip(result.groups, win_tile=self.win or None) if result.groups else None
        alt = (
            describe_strip(result.groups, lang, win_tile=self.win or None, ruleset=self.ruleset)
            if png
            else ""
        )
        return f"```\n{sheet}\n```\n{rules_footer(self.ruleset, house, lang)}", png, alt


Scope = Literal["server", "channel"]


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The ruleset and house rules in force where a request was made, and whose they are."""

    rules: TableRules
    scope: Scope
    """``channel`` where the channel's own choices differ from its server's, else ``server``."""

    def for_ruleset(self, ruleset: str) -> Mapping[str, object] | None:
        """The house rules a request under ``ruleset`` is scored with: these for their own
        ruleset, none (the ruleset as written) for another."""
        return self.rules.overrides if ruleset == self.rules.ruleset else None


async def house_rules(interaction: discord.Interaction[Any]) -> HouseRules | None:
    """The ruleset and house rules of the channel of ``interaction`` (its own choices over its
    server's); None outside a server with the bot: a direct message, a group chat, or a server
    where a member uses the command they installed for themselves (the interaction is no guild
    integration: ``authorizing_integration_owners`` names no install of the bot in that server).
    Nothing is read from storage then: the bot keeps nothing of a server it is not in."""
    client: MahjongBot = interaction.client  # the bot that registered PostButton (its setup)
    if interaction.guild_id is None or not interaction.is_guild_integration():
        return None
    here = await client.storage.table_rules(interaction.guild_id, interaction.channel_id)
    server = await client.storage.table_rules(interaction.guild_id)
    same = (here.ruleset, dict(here.overrides)) == (server.ruleset, dict(server.overrides))
    return HouseRules(here, "server" if same else "channel")


def rules_footer(ruleset: str, house: HouseRules | None, lang: Language) -> str:
    """The line under an answer naming the rules it was scored under.

    >>> from engine.rulesets import get_ruleset
    >>> rules = TableRules("rumisberg", {"limit": 8000}, get_ruleset("rumisberg").settings({"limit": 8000}))
    >>> rules_footer("rumisberg", HouseRules(rules, "server"), "en")
    '-# Rules: rumisberg with the house rules of this server: `limit = 8000`'
    >>> rules_footer("dmjl", HouseRules(rules, "channel"), "en")
    '-# Rules: dmjl as written (the house rules here are for rumisberg)'
    >>> rules_footer("dmjl", None, "en")  # doctest: +ELLIPSIS
    "-# Rules: dmjl as written; no server's house rules apply here (a direct message, ..."
    """
    if house is None:  # outside a server with the bot (house_rules)
        return "-# " + text("score_rules_outside", lang, ruleset=ruleset)
    if ruleset != house.rules.ruleset:
        return "-# " + text("score_rules_other", lang, ruleset=ruleset, house=house.rules.ruleset)
    scope = text(f"score_scope_{house.scope}", lang)
    defaults = get_ruleset(ruleset).defaults
    changed = [
        f"`{name} = {_shown(value)}`"  # as /settings set takes it (small print, as code)
        for name, value in sorted(house.rules.overrides.items())
        if getattr(defaults, name, None) != value
    ]
    if not changed:
        return "-# " + text("score_rules_none", lang, ruleset=ruleset, scope=scope)
    return "-# " + text(
        "score_rules_house", lang, ruleset=ruleset, scope=scope, rules=joined(changed, lang, 300)
    )


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


class PostButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mj:post:(?P<request>.+)"):
    """Post a /score answer publicly (scored again from the request in the custom_id)."""

    def __init__(self, custom_id: str, label: str = "Post in channel") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PostButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        ask = ScoreAsk.from_post_id(self.custom_id)
        if ask is None:
            await interaction.response.send_message(
                text("score_broken", language(interaction.locale)), ephemeral=True
            )
            return
        # a public message speaks the server's language; in a DM or group chat the clicker's
        lang = language(interaction.guild_locale or interaction.locale)
        try:
            house = await house_rules(interaction)
            body, png, alt = await workers.run(ask.answer_described, lang, house, priority=workers.CLICK)
            posted = text("score_posted", lang, mention=interaction.user.mention, body=body)
            await send_parts(interaction, split_message(posted), png, ephemeral=False, alt=alt)
        except discord.HTTPException as exc:  # Discord refused the post: say so to the one who asked
            log.warning("could not post a /score answer in %s: %s", interaction.channel_id, exc.status)
            await answer_failure(interaction)
        except Exception:
            log.exception("Post in channel failed")
            await answer_failure(interaction)


async def send_answer(
    interaction: discord.Interaction[Any], lang: Language, ask: ScoreAsk, *, note: str = ""
) -> None:
    """Answer a scoring request ephemerally: the breakdown under the house rules of the
    channel where the request's ruleset is the channel's (:class:`HouseRules`), the rules it was
    scored under, the image and **Post in channel** (``/score hand:…``, the builder's **Score**
    and **Score this hand**, which puts what it read from the message first, ``note``)."""
    house = await house_rules(interaction)
    body, png, alt = await workers.run(ask.answer_described, lang, house, priority=workers.CLICK)
    if note:
        body = f"{note}\n{body}"
    view = discord.ui.View(timeout=None)
    custom_id = ask.post_id() if png else None
    if custom_id:
        view.add_item(PostButton(custom_id, text("post_in_channel", lang)))
    await send_parts(interaction, split_message(body), png, ephemeral=True, view=view, alt=alt)


def split_message(body: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """``body`` as messages of at most ``limit`` characters each, split between lines, never
    inside one: a code block split across messages is closed at the end of one and opened
    again at the start of the next. (A single line longer than a message, which no answer
    has, is shortened at a space with an ellipsis.)

    >>> split_message("short")
    ['short']
    >>> split_message("```\\naaaa\\nbbbb\\ncccc\\n```\\nend", limit=18)
    ['```\\naaaa\\nbbbb\\n```', '```\\ncccc\\n```\\nend']
    """
    room = limit - 2 * (len(FENCE) + 1)  # a line's room between a reopened and a closing fence
    parts: list[str] = []
    lines: list[str] = []
    size = 0
    code = False  # the lines so far leave a code block open
    for line in body.split("\n"):
        if len(line) > room:
            line = line[: room - 1].rsplit(" ", 1)[0] + "…"
        closing = len(FENCE) + 1 if code or line.startswith(FENCE) else 0
        if lines and size + 1 + len(line) + closing > limit:
            parts.append("\n".join([*lines, FENCE] if code else lines))
            lines = [FENCE] if code else []
            size = len(FENCE) if code else 0
        size += len(line) + (1 if lines else 0)
        lines.append(line)
        if line.startswith(FENCE):
            code = not code
    parts.append("\n".join(lines))
    return parts


async def send_parts(
    interaction: discord.Interaction[Any],
    parts: list[str],
    png: bytes | None,
    *,
    ephemeral: bool,
    view: discord.ui.View | None = None,
    alt: str = "",
) -> None:
    """Answer with ``parts`` in order (:func:`split_message`): the first as the response, the
    others as followups, the image (``hand.png``, described by ``alt``) and ``view`` with the
    last; no one is mentioned."""
    quiet = discord.AllowedMentions.none()
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        extra: dict[str, Any] = {}
        if last and png:
            extra["files"] = [discord.File(io.BytesIO(png), filename="hand.png", description=alt or None)]
        if last and view is not None:
            extra["view"] = view
        if index == 0:
            await interaction.response.send_message(
                part, ephemeral=ephemeral, allowed_mentions=quiet, **extra
            )
        else:
            await interaction.followup.send(part, ephemeral=ephemeral, allowed_mentions=quiet, **extra)


async def answer_failure(interaction: discord.Interaction[Any]) -> None:
    """Tell the person who clicked **Post in channel** that the answer could not be posted
    (as the interaction's answer, or a followup when part of it went out)."""
    message = text("score_post_failed", language(interaction.locale))
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
