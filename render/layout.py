"""Shared pieces of the images: a canvas, tile rows, arrangement groups, labels (PNG: render/encode.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from engine.errors import NotationError
from engine.hand import Hand, Meld, MeldKind
from engine.tiles import Tile, parse_tiles
from engine.views import ArrangedGroup, GroupKind
from render.text import label_font
from render.theme import RGB, Theme
from render.tiles import BACK, tile_height, tile_image

DISPLAY_WIDTH: Final = 500
"""How wide Discord shows an image on a phone (400-550 pixels): the sizes are chosen for it."""

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "seat": "{wind} seat",
        "round": "{wind} round",
        "hand": "Hand {n}",
        "wall": "Wall",
        "dead": "Dead wall",
        "drawn": "drawn",
        "discard": "discard?",
        "waits": "Waiting for",
        "tiles": "{n} tiles",
        "turn": "to move",
        "claims": "waiting for claims",
        "robbing": "robbing the kong?",
        "over": "hand over",
        "last": "Last discard",
        "mahjong": "Mah-Jongg",
        "draw": "Drawn hand",
        "value": "{n}",
        "payments": "Payments",
        "pays": "pays",
        "net": "net",
        "points": "points",
        "doubles": "×2",
        "limit": "limit",
        "total": "Total",
        "ai": "AI",
        "vacant": "empty place: no {wind} this hand",
        "nothing": "no scoring sets",
        "to_move": "{name} to move",
        "winning_tile": "winning tile {tile}",
        "self_drawn": "self-drawn",
        "on_discard": "on {name}'s discard",
        "wall-exhausted": "the wall is exhausted",
        "no-bonus-replacement": "no tile left to replace a bonus tile",
        "three-mahjong-claims": "three Mah-Jongg claims on one discard",
        "four-winds": "the first four discards were the same wind",
        "nine-majors": "a player showed nine different major tiles",
        "base": "{points} points, {doubles} doubles",
        "dora_indicator": "Dora indicator",
        "centre": "Centre {n}",
        "declared_riichi": "Riichi",
        "declared_fishing": "Fishing",
        "declared_call": "Call",
    },
    "de": {
        "seat": "Platz {wind}",
        "round": "Runde {wind}",
        "hand": "Spiel {n}",
        "wall": "Mauer",
        "dead": "Tote Mauer",
        "drawn": "gezogen",
        "discard": "abwerfen?",
        "waits": "Wartet auf",
        "tiles": "{n} Steine",
        "turn": "am Zug",
        "claims": "wartet auf Ansagen",
        "robbing": "Kong berauben?",
        "over": "Spiel vorbei",
        "last": "Letzter Abwurf",
        "mahjong": "Mah-Jongg",
        "draw": "Unentschieden",
        "value": "{n}",
        "payments": "Zahlungen",
        "pays": "zahlt",
        "net": "netto",
        "points": "Punkte",
        "doubles": "×2",
        "limit": "Limit",
        "total": "Summe",
        "ai": "KI",
        "vacant": "leerer Platz: kein {wind} in diesem Spiel",
        "nothing": "keine Wertung",
        "to_move": "{name} am Zug",
        "winning_tile": "Gewinnstein {tile}",
        "self_drawn": "selbst gezogen",
        "on_discard": "auf den Abwurf von {name}",
        "wall-exhausted": "die Mauer ist erschöpft",
        "no-bonus-replacement": "kein Stein mehr, um einen Bonusstein zu ersetzen",
        "three-mahjong-claims": "drei Mah-Jongg-Ansagen auf einen Abwurf",
        # seed 001 «Unentschieden»: "Alle Spieler werfen zu Beginn den gleichen Wind ab", "neun
        # verschiedene Trumpfziegel"
        "four-winds": "alle Spieler warfen zu Beginn den gleichen Wind ab",
        "nine-majors": "ein Spieler zeigte neun verschiedene Trumpfsteine",
        "base": "{points} Punkte, {doubles} Verdopplungen",
        "dora_indicator": "Dora-Anzeiger",
        "centre": "Mitte {n}",
        "declared_riichi": "Riichi",
        "declared_fishing": "Fishing",
        "declared_call": "Ruf",
    },
}


def words(lang: str) -> dict[str, str]:
    """The labels of ``lang`` ("en" or "de")."""
    try:
        return WORDS[lang]
    except KeyError:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'") from None


def cap_height(px: int, *, bold: bool = False) -> int:
    """Pixels from the baseline to the top of a capital H in the label font at ``px``."""
    box = label_font(px, bold=bold).getbbox("H", anchor="ls")
    return int(-box[1])


def canvas(width: int, height: int, colour: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new opaque RGB image and its drawing context."""
    image = Image.new("RGB", (max(1, width), max(1, height)), colour)
    return image, ImageDraw.Draw(image)


def paste_tile(image: Image.Image, tile: int, width: int, x: int, y: int) -> None:
    """Paste the cached sprite of ``tile`` with its alpha as mask."""
    sprite = tile_image(tile, width)
    image.paste(sprite, (x, y), sprite)


def outline(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    width: int,
    colour: RGB,
    *,
    grow: int = 3,
    size: tuple[int, int] | None = None,
) -> None:
    """A rounded frame around the tile ``width`` pixels wide at (x, y); ``size`` the sprite's
    width and height when it is not upright (a tile laid sideways)."""
    w, h = size or (width, tile_height(width))
    draw.rounded_rectangle(
        (x - grow, y - grow, x + w - 1 + grow, y + h - 1 + grow),
        radius=max(3, width // 6),
        outline=colour,
        width=max(2, width // 14),
    )


@dataclass(frozen=True, slots=True)
class Group:
    """One group of an arrangement: its tiles as drawn (``BACK`` for face-down) and what it is."""

    tiles: tuple[int, ...]
    exposed: bool = False
    concealed_kong: bool = False
    bonus: bool = False
    winning: bool = False
    """The group the winning tile completed."""
    singles: bool = False
    """Tiles that form no set (a losing hand's leftovers)."""


def meld_faces(meld: Meld) -> tuple[int, ...]:
    """The tiles of a declared meld as shown: a concealed kong has its outer tiles face down."""
    if meld.kind == MeldKind.KONG and meld.concealed:
        t = int(meld.tile)
        return (BACK, t, t, BACK)
    return tuple(int(t) for t in meld.tiles)


def arranged(groups: Sequence[ArrangedGroup]) -> list[Group]:
    """The drawing groups of a scorer's typed arrangement (``ScoreSheetView.groups[seat]``).

    A concealed kong shows its outer tiles face down; single tiles next to
    each other are drawn as one run; the bonus tiles are their own group.
    """
    out: list[Group] = []
    for g in groups:
        tiles = tuple(int(t) for t in g.tiles)
        if g.kind == GroupKind.SINGLE and out and out[-1].singles:
            last = out[-1]
            out[-1] = Group((*last.tiles, *tiles), singles=True, winning=last.winning or g.winning)
        elif g.concealed_kong:
            out.append(Group((BACK, tiles[0], tiles[0], BACK), concealed_kong=True, winning=g.winning))
        else:
            out.append(
                Group(
                    tiles,
                    exposed=g.exposed,
                    bonus=g.kind == GroupKind.BONUS,
                    singles=g.kind == GroupKind.SINGLE,
                    winning=g.winning,
                )
            )
    return out


def parse_arrangement(text: str) -> list[Group]:
    """The groups of an arrangement string as the scorer writes it (``[678p] 234m 777z 99p 1f``).

    The whole string must be a valid hand (checked with :meth:`Hand.parse`).
    Bracketed parts are declared melds; every plain part is one concealed
    group, except bonus tiles, which form their own group with the tiles laid
    out beside the hand (in braces, jiangxi's Fa: ``{66z}``), drawn last.

    >>> [g.tiles for g in parse_arrangement("123s 456m 888p 345p 77s {66z}")][-2:]
    [(24, 24), (32, 32)]

    :raises NotationError: or :class:`InvalidHandError` for a string that is no hand.
    """
    Hand.parse(text)
    groups: list[Group] = []
    bonus: list[int] = []
    for part in text.split():
        if part[0] == "{":
            bonus.extend(int(t) for t in parse_tiles(part[1:-1]))
            continue
        if part[0] in "[(":
            meld = Meld.parse(part)
            groups.append(Group(meld_faces(meld), exposed=not meld.concealed, concealed_kong=meld.concealed))
            continue
        tiles = parse_tiles(part)
        plain = [int(t) for t in tiles if not t.is_bonus]
        bonus.extend(int(t) for t in tiles if t.is_bonus)
        if plain:
            groups.append(Group(tuple(plain)))
    if bonus:
        groups.append(Group(tuple(sorted(bonus)), bonus=True))
    if not groups:
        raise NotationError(f"{text!r} holds no tiles")
    return groups


def groups_width(groups: Sequence[Group], width: int, gap: int, group_gap: int) -> int:
    """Pixels a row of groups takes."""
    total = 0
    for i, g in enumerate(groups):
        total += len(g.tiles) * width + (len(g.tiles) - 1) * gap
        if i:
            total += group_gap
    return total


def draw_groups(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    groups: Sequence[Group],
    x: int,
    y: int,
    width: int,
    theme: Theme,
    *,
    gap: int = 1,
    group_gap: int = 12,
    win_tile: Tile | None = None,
) -> tuple[int, list[tuple[int, int]]]:
    """Draw ``groups`` left to right from (x, y); exposed groups stand on a plate.

    Returns the right edge and the (x, tile) of every face-up tile drawn.
    The winning tile is outlined once: in the group marked ``winning`` (the
    copy of ``win_tile`` there, else its last face-up tile); with no group
    marked, at the last face-up place of ``win_tile`` outside bonus tiles.
    """
    h = tile_height(width)
    placed: list[tuple[int, int]] = []
    win_at: int | None = None
    marked = any(g.winning for g in groups)
    for i, g in enumerate(groups):
        if i:
            x += group_gap
        span = len(g.tiles) * width + (len(g.tiles) - 1) * gap
        if g.exposed or g.concealed_kong:
            pad = max(3, width // 10)
            draw.rounded_rectangle(
                (x - pad, y + h // 3, x + span - 1 + pad, y + h + pad),
                radius=pad * 2,
                fill=theme.panel_edge,
            )
        for t in g.tiles:
            paste_tile(image, t, width, x, y)
            if t != BACK:
                placed.append((x, t))
                if marked:
                    if g.winning and (win_tile is None or t == win_tile or win_tile not in g.tiles):
                        win_at = x
                elif win_tile is not None and t == win_tile and not g.bonus:
                    win_at = x
            x += width + gap
        x -= gap
    if win_at is not None:
        outline(draw, win_at, y, width, theme.hint)
    return x, placed
