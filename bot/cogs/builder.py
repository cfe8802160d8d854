"""The ``/score`` hand builder card: ``/score`` without a hand opens it, ephemeral.

Selects add tiles (one per suit, one for winds and dragons, one for bonus tiles; option
values are tile codes); buttons mark the last tiles picked as a declared set, take back the
last step (**Undo**) or score the hand (**Score**: the same answer as ``/score hand:…``, with
who pays whom and **Post in channel**); selects choose the winning tile, how it came, who
discarded it, the seat and the prevailing wind. The card shows the hand as an image.

The card keeps no state: every component's custom_id carries the whole builder
(:meth:`bot.builder.Builder.encode`), so a card goes on after a restart.

=====================================  ==============================================
``mj:bb:<op>:<state>``                 a button: ``pong``, ``chow``, ``kong``, ``ckong``,
                                       ``undo``, ``score``
``mj:bs:<op>:<state>``                 a select: ``m`` ``p`` ``s`` ``z`` ``f`` (add tiles),
                                       ``win``, ``how``, ``from``, ``seat``, ``round``
=====================================  ==============================================
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any, Final

import discord

from bot import workers
from bot.builder import HOWS, SEATS, Builder, BuilderError
from bot.components import persistent_select
from bot.i18n import Language, language, text
from bot.score_answer import ScoreAsk, send_answer
from engine.errors import MahjongError
from engine.rulesets import get_ruleset
from engine.tiles import TILES, Tile, tile_name
from render import render_strip
from render.describe import describe_strip

log = logging.getLogger(__name__)

MARK_OPS: Final = {"pong": "pong", "chow": "chow", "kong": "kong", "ckong": "concealed_kong"}
"""Button op -> the set it marks."""
PICKS: Final = {
    "m": [t for t in TILES if t.suit == "m"],
    "p": [t for t in TILES if t.suit == "p"],
    "s": [t for t in TILES if t.suit == "s"],
    "z": [t for t in TILES if t.suit == "z"],
    "f": [t for t in TILES if t.suit == "f"],
}
"""The tile selects: op -> the tiles it offers."""
OPTION_FIELDS: Final = {
    "win": "win",
    "how": "how",
    "from": "discarder",
    "seat": "seat",
    "round": "prevailing",
}
"""Option select op -> the builder field it sets."""


def _winds(lang: Language) -> list[str]:
    return text("builder_winds", lang).split()


def _message(exc: BuilderError, lang: Language, ruleset: str = "") -> str:
    values = dict(exc.values)
    if "group" in values:
        values["group"] = text(f"builder_{values['group']}", lang)
    tile = values.get("tile")
    if isinstance(tile, Tile):
        values["tile"] = _say(tile, lang, ruleset)
    return text(exc.key, lang, **values)


def _say(tile: Tile, lang: Language, ruleset: str = "") -> str:
    """A tile by its name (as ``ruleset`` names it: jiangxi's after seed 004) and notation."""
    return f"{tile_name(tile, lang, ruleset)} ({tile})"


def card_text(state: Builder, lang: Language, note: str = "") -> str:
    """The card's words: title, the hand in notation (or how to start), the options, a note."""
    winds = _winds(lang)
    rules = get_ruleset(state.ruleset)
    lines = [text("builder_title", lang, ruleset=rules.title_in(lang), count=state.count)]
    hand = state.hand_text()
    lines.append(text("builder_hand", lang, hand=hand) if hand else text("builder_help", lang))
    win = state.win_tile()
    if win is None:
        said = text("builder_win_none", lang)
    elif state.win is not None and state.win == win:
        said = _say(win, lang, state.ruleset)
    else:
        said = text("builder_win_last", lang, tile=_say(win, lang, state.ruleset))
    source = state.discarder_letter()
    lines.append(
        text(
            "builder_status",
            lang,
            win=said,
            how=text(f"builder_how_{state.how}", lang),
            source=text("builder_from", lang, seat=winds[SEATS.index(source)]) if source else "",
            seat=winds[state.seat],
            prevailing=winds[state.prevailing],
        )
    )
    if note:
        lines.append(f"⚠️ {note}")
    return "\n".join(lines)


def _image(state: Builder) -> bytes | None:
    """The hand as a tile strip (None with no tiles, or tiles no hand can hold yet)."""
    hand = state.hand_text()
    if not hand:
        return None
    try:
        return render_strip(hand, win_tile=state.win_tile())
    except MahjongError:
        return None


class BuilderButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:bb:(?P<op>[a-z]+):(?P<state>[0-9A-Za-z-]+)",
):
    """A builder button: mark a set, Undo, Score."""

    def __init__(
        self, op: str, state: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        self.op, self.state = op, state
        super().__init__(discord.ui.Button(label=label or op, style=style, custom_id=f"mj:bb:{op}:{state}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuilderButton:
        return cls(match["op"], match["state"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await on_builder(interaction, self.op, self.state, [])


class BuilderSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"mj:bs:(?P<op>[a-z]+):(?P<state>[0-9A-Za-z-]+)",
):
    """A builder select: add tiles, or choose an option."""

    def __init__(
        self,
        op: str,
        state: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        many: bool = False,
    ) -> None:
        self.op, self.state = op, state
        options = options or []
        super().__init__(
            persistent_select(
                f"mj:bs:{op}:{state}", options, placeholder, most=max(1, len(options)) if many else 1
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuilderSelect:
        return cls(match["op"], match["state"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        await on_builder(interaction, self.op, self.state, values)


BUILDER_ITEMS: Final[tuple[type[discord.ui.DynamicItem[Any]], ...]] = (BuilderButton, BuilderSelect)
"""Registered by the /score cog's ``setup`` (:mod:`bot.cogs.scoring`), so a builder card keeps
working after a restart."""


def builder_layout(
    state: Builder, lang: Language, note: str = "", image: bool = True
) -> discord.ui.LayoutView:
    """The card: its words, the hand's image (``attachment://builder.png``) and every control."""
    code = state.encode()
    winds = _winds(lang)
    parts: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(card_text(state, lang, note))]
    if image:
        parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://builder.png")))
    for op, tiles in PICKS.items():
        options = [discord.SelectOption(label=tile_name(t, lang, state.ruleset), value=str(t)) for t in tiles]
        parts.append(
            discord.ui.ActionRow(
                BuilderSelect(op, code, options, text(f"builder_pick_{op}", lang), many=True)
            )
        )
    marks = [
        BuilderButton(op, code, text(f"builder_{kind}", lang), discord.ButtonStyle.primary)
        for op, kind in MARK_OPS.items()
    ]
    parts.append(discord.ui.ActionRow(*marks, BuilderButton("undo", code, text("builder_undo", lang))))
    win = state.win_tile()
    kinds = state.playing_kinds()
    if kinds:
        options = [
            discord.SelectOption(label=tile_name(t, lang, state.ruleset), value=str(t), default=t == win)
            for t in kinds
        ]
        parts.append(
            discord.ui.ActionRow(BuilderSelect("win", code, options, text("builder_pick_win", lang)))
        )
    hows = [
        discord.SelectOption(label=text(f"builder_how_{h}", lang), value=h, default=h == state.how)
        for h in HOWS
    ]
    parts.append(discord.ui.ActionRow(BuilderSelect("how", code, hows, text("builder_pick_how", lang))))
    if not state.self_drawn:
        others = [
            discord.SelectOption(
                label=text("builder_discarder", lang, seat=winds[i]), value=s, default=state.discarder == i
            )
            for i, s in enumerate(SEATS)
            if i != state.seat
        ]
        parts.append(
            discord.ui.ActionRow(BuilderSelect("from", code, others, text("builder_pick_discarder", lang)))
        )
    for op, key, current in (
        ("seat", "builder_seat", state.seat),
        ("round", "builder_prevailing", state.prevailing),
    ):
        options = [
            discord.SelectOption(label=text(key, lang, seat=winds[i]), value=s, default=i == current)
            for i, s in enumerate(SEATS)
        ]
        parts.append(discord.ui.ActionRow(BuilderSelect(op, code, options)))
    parts.append(
        discord.ui.ActionRow(
            BuilderButton("score", code, text("builder_score", lang), discord.ButtonStyle.success)
        )
    )
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(*parts))
    return layout


async def builder_card(
    state: Builder, lang: Language, note: str = ""
) -> tuple[discord.ui.LayoutView, discord.File | None]:
    """The card and its image (rendered off the event loop)."""
    png = await workers.run(_image, state, priority=workers.CLICK)
    alt = (
        describe_strip(state.hand_text(), lang, win_tile=state.win_tile(), ruleset=state.ruleset)
        if png
        else ""
    )
    file = discord.File(io.BytesIO(png), filename="builder.png", description=alt) if png else None
    return builder_layout(state, lang, note, image=png is not None), file


async def open_builder(
    interaction: discord.Interaction[Any],
    ruleset: str,
    seat: str,
    prevailing: str,
    self_drawn: bool,
    discarder: str | None,
    *,
    note: str = "",
) -> None:
    """``/score`` without a hand: a new builder card, ephemeral, with the command's options
    (and ``note`` on the card: what of them the builder does not take)."""
    lang = language(interaction.locale)
    try:
        state = Builder(ruleset=get_ruleset(ruleset).name, how="s" if self_drawn else "d")
        state = state.with_option("seat", seat).with_option("prevailing", prevailing)
        if discarder and not self_drawn:
            state = state.with_option("discarder", discarder)
    except (MahjongError, BuilderError):
        state = Builder()
    layout, file = await builder_card(state, lang, note)
    if file is None:
        await interaction.response.send_message(view=layout, ephemeral=True)
    else:
        await interaction.response.send_message(view=layout, file=file, ephemeral=True)


async def on_builder(interaction: discord.Interaction[Any], op: str, code: str, values: list[str]) -> None:
    """One click or choice on a builder card: the card again with the step applied (or why
    not), or for **Score** the hand's answer. Every interaction is answered."""
    lang = language(interaction.locale)
    try:
        await _step(interaction, op, code, values, lang)
    except Exception as exc:  # a bug of ours: say so rather than "This interaction failed"
        log.error("a %s on a builder card failed", type(exc).__name__)
        message = text("builder_broken", lang)
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)


async def _step(
    interaction: discord.Interaction[Any], op: str, code: str, values: list[str], lang: Language
) -> None:
    try:
        state = Builder.decode(code)
    except BuilderError as exc:
        await interaction.response.send_message(_message(exc, lang), ephemeral=True)
        return
    note = ""
    try:
        if op in PICKS:
            state = state.add([Tile.parse(v) for v in values])
        elif op in OPTION_FIELDS and values:
            state = state.with_option(OPTION_FIELDS[op], values[0])
        elif op in MARK_OPS:
            state = state.mark(MARK_OPS[op])
        elif op == "undo":
            state = state.undo()
        elif op == "score":
            if not state.parts:
                raise BuilderError("builder_no_tiles")
            if state.count > 14:
                raise BuilderError("builder_mark_kong")
            win = state.win_tile()
            ask = ScoreAsk(
                state.ruleset,
                SEATS[state.seat],
                SEATS[state.prevailing],
                None if win is None else str(win),
                state.self_drawn,
                state.flags,
                state.hand_text(),
                state.discarder_letter(),
            )
            await send_answer(interaction, lang, ask)
            return
        else:
            raise BuilderError("builder_broken")
    except BuilderError as exc:
        note = _message(exc, lang, state.ruleset)
    except MahjongError:
        note = text("builder_broken", lang)
    layout, file = await builder_card(state, lang, note)
    await interaction.response.edit_message(view=layout, attachments=[file] if file else [])
