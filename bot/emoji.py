"""Tiles in text: every tile face as an application emoji, beside the tile's name.

At start-up (:meth:`bot.app.MahjongBot.setup_hook`, when ``BotConfig.tile_emoji``) the bot lists
its application's emoji and uploads only the tile faces missing (:func:`upload_tile_emoji`:
``render.tiles.emoji_png``, one per tile kind: the 34 playing kinds and the 8 flowers and seasons,
every tile a ruleset deals), each named :func:`emoji_name` (``mj_5p``, ``mj_7z``, ``mj_1f``). Run
twice, or by several shard processes, it uploads nothing the application already has. A refused
upload (a full application, a bad request, a rate limit) is logged once, at warning level, and
the tiles without emoji are named as before.

The registry (:data:`REGISTRY`: tile to ``PartialEmoji``) belongs to the process, as the emoji
belong to the application: text sites ask it through :func:`say_with_emoji` (a tile's name with
its emoji before it) and :func:`beside_names` (text written elsewhere, a hint or a score sheet,
gets the emoji beside the names of the tiles it is about); a select option takes
:func:`tile_emoji`. Without emoji every text is exactly the name alone. The emoji only ever
stand beside a name the text already says, so they tell no one more than the text does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import discord

from engine.tiles import TILES, Lang, Tile, tile_name

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

PREFIX: Final = "mj_"
"""Every tile emoji's name begins so (the application's other emoji are left alone)."""

MAX_APPLICATION_EMOJI: Final = 2000
"""How many emoji an application may own (Discord: Emoji Resource, "up to 2000 emojis")."""

NAME: Final = re.compile(r"[A-Za-z0-9_]{2,32}")
"""What Discord takes as an emoji's name."""


def emoji_name(tile: int) -> str:
    """The application emoji's name of ``tile``: ``mj_`` and its notation, stable across versions.

    >>> emoji_name(Tile.parse("5p")), emoji_name(Tile.parse("R")), emoji_name(Tile.parse("8f"))
    ('mj_5p', 'mj_7z', 'mj_8f')
    """
    return f"{PREFIX}{TILES[tile]}"


EMOJI_TILES: Final[dict[str, Tile]] = {emoji_name(t): t for t in TILES}
"""Every tile the renderer draws, by its emoji's name: the 34 kinds and the 8 bonus tiles."""


class Registry:
    """Tile to its application emoji, filled at start-up; empty: names alone."""

    def __init__(self) -> None:
        self._by_tile: dict[Tile, discord.PartialEmoji] = {}
        self.owner: object = None
        """The bot that filled it (its ``close`` empties it)."""

    def get(self, tile: int) -> discord.PartialEmoji | None:
        """The emoji of ``tile``, or None."""
        return self._by_tile.get(TILES[tile])

    def fill(self, emoji: Iterable[tuple[str, int]], owner: object = None) -> int:
        """Take the tile emoji among ``emoji`` (name and id each); returns how many tiles have one."""
        self._by_tile = {
            EMOJI_TILES[name]: discord.PartialEmoji(name=name, id=emoji_id)
            for name, emoji_id in emoji
            if name in EMOJI_TILES
        }
        self.owner = owner
        return len(self._by_tile)

    def clear(self) -> None:
        """No emoji: every text names its tiles alone."""
        self._by_tile = {}
        self.owner = None

    def __len__(self) -> int:
        return len(self._by_tile)


REGISTRY: Final = Registry()
"""This process's tile emoji (one application per process)."""


def tile_emoji(tile: int | None) -> discord.PartialEmoji | None:
    """The emoji of ``tile`` for a component's ``emoji`` field (a select option), or None."""
    return None if tile is None else REGISTRY.get(tile)


def say_with_emoji(tile: int | None, name: str) -> str:
    """``name`` (the tile's name, as the text says it) with the tile's emoji before it, or ``name``
    alone when the tile has none: the one way a tile is written in a message's text.

    >>> say_with_emoji(Tile.parse("5p"), "Circles 5")  # no emoji uploaded
    'Circles 5'
    """
    emoji = tile_emoji(tile)
    return name if emoji is None or not name else f"{emoji} {name}"


def emoji_run(tiles: Iterable[int]) -> str:
    """The emoji of ``tiles`` (each distinct tile once, in order), for a set before its words;
    ``""`` when none of them has one."""
    out = [str(e) for t in dict.fromkeys(TILES[t] for t in tiles) if (e := tile_emoji(t)) is not None]
    return "".join(out)


def beside_names(text: str, tiles: Iterable[int], lang: Lang, ruleset: str = "") -> str:
    """``text`` (written where emoji are not known: a hint, a score sheet) with each of ``tiles``'
    emoji put before the first place its name stands alone (not part of a longer name, nor a
    run like ``Circles 5 6 7``); text without emoji comes back as it is.

    >>> beside_names("Discard Circles 5", [Tile.parse("5p")], "en")
    'Discard Circles 5'
    """
    if not len(REGISTRY):
        return text
    for tile in dict.fromkeys(TILES[t] for t in tiles):
        emoji = tile_emoji(tile)
        if emoji is None:
            continue
        name = tile_name(tile, lang, ruleset)
        where = re.search(rf"(?<![\w>-]){re.escape(name)}(?![\w-]| \d)", text)
        if where is not None:
            text = f"{text[: where.start()]}{emoji} {text[where.start() :]}"
    return text


def _refusal(error: discord.HTTPException) -> str:
    return f"HTTP {error.status}: {error.text or error.__class__.__name__}"


async def upload_tile_emoji(bot: MahjongBot) -> int:
    """List the application's emoji, upload the tile faces missing, and fill :data:`REGISTRY`
    with every tile emoji there is; returns how many were uploaded. Idempotent: a second run, or
    another shard process, uploads nothing already there. A refusal stops the uploads with one
    warning (what was refused and why); the tiles that have an emoji keep it."""
    from bot import workers
    from render.tiles import emoji_png

    try:
        have = {e.name: e.id for e in await bot.fetch_application_emojis()}
    except (discord.HTTPException, discord.MissingApplicationID) as exc:
        why = _refusal(exc) if isinstance(exc, discord.HTTPException) else "no application id"
        log.warning(
            "tile emoji: could not list the application's emoji (%s): tiles are named without them", why
        )
        REGISTRY.clear()
        return 0
    missing = [name for name in EMOJI_TILES if name not in have]
    uploaded = 0
    if missing and len(have) + len(missing) > MAX_APPLICATION_EMOJI:
        log.warning(
            "tile emoji: the application owns %s emoji and %s more would pass Discord's %s: "
            "nothing uploaded, %s tiles are named without emoji",
            len(have),
            len(missing),
            MAX_APPLICATION_EMOJI,
            len(missing),
        )
        missing = []
    for name in missing:
        if name in have:  # another process made it meanwhile (seen on a refusal's second look)
            continue
        image = await workers.run(emoji_png, int(EMOJI_TILES[name]))
        try:
            made = await bot.create_application_emoji(name=name, image=image)
        except discord.HTTPException as exc:
            # another shard process may have made it meanwhile (its name is then taken): look
            # again, and go on when it is there; anything else stops the uploads
            with contextlib.suppress(discord.HTTPException):
                have = {e.name: e.id for e in await bot.fetch_application_emojis()}
            if name in have:
                continue
            left = sum(1 for n in EMOJI_TILES if n not in have)
            log.warning(
                "tile emoji: Discord refused to upload %s (%s): %s tiles are named without emoji",
                name,
                _refusal(exc),
                left,
            )
            break
        have[made.name] = made.id
        uploaded += 1
        await asyncio.sleep(0)
    count = REGISTRY.fill(have.items(), owner=bot)
    log.info("tile emoji: %s of %s tiles have one (%s uploaded now)", count, len(EMOJI_TILES), uploaded)
    return uploaded
