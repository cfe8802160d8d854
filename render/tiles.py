"""Tile art, drawn by our own code: every face once per size, then cached.

A tile sprite is an RGBA image ``width`` wide and :func:`tile_height` high:
an ivory face over a strip of the jade back (the tile's thickness). Faces are
drawn four times larger and scaled down once, so lines and circles are smooth.
:func:`tile_image` returns the cached sprite; compositing pastes it with its
own alpha as mask.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from engine.tiles import BONUS_START, HONOUR_START, TILES
from render.encode import transparent_png
from render.text import label_font, tile_font
from render.theme import (
    BLUE,
    GOLD,
    GREEN,
    INK,
    IVORY,
    IVORY_EDGE,
    IVORY_SHADE,
    JADE,
    JADE_DARK,
    JADE_LIGHT,
    RED,
    RGB,
)

SS: Final = 4
"""Supersampling factor of the face drawings."""

NUMERALS: Final = "一二三四五六七八九"
WIND_CHARS: Final = "東南西北"
BONUS_CHARS: Final = "梅蘭菊竹春夏秋冬"

BACK: Final = -1
"""Pass as the tile to :func:`tile_image` for a face-down tile."""


def face_height(width: int) -> int:
    """Height of the ivory face of a tile ``width`` pixels wide."""
    return round(width * 1.34)


def depth(width: int) -> int:
    """Thickness strip under the face."""
    return max(2, round(width * 0.11))


def tile_height(width: int) -> int:
    """Height of the whole sprite."""
    return face_height(width) + depth(width)


class _Face:
    """Drawing helpers in face coordinates: x and y from 0 to 1 over the face's inner box."""

    def __init__(
        self, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], *, indexed: bool
    ) -> None:
        self.draw = draw
        self.indexed = indexed
        """Whether suit and wind tiles carry a corner index (large tiles only)."""
        self.x0, self.y0, self.x1, self.y1 = box
        self.w = self.x1 - self.x0
        self.h = self.y1 - self.y0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + x * self.w, self.y0 + y * self.h)

    def coin(self, x: float, y: float, r: float, color: RGB, *, big: bool = False) -> None:
        """A circle tile's coin: rings and a centre; ``r`` in face widths."""
        cx, cy = self.pt(x, y)
        rad = r * self.w
        d = self.draw

        def disc(radius: float, fill: RGB) -> None:
            d.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill)

        disc(rad, color)
        disc(rad * 0.80, IVORY)
        disc(rad * 0.66, color)
        if big:
            disc(rad * 0.52, IVORY)
            for k in range(8):
                a = k * math.pi / 4
                px, py = cx + math.cos(a) * rad * 0.40, cy + math.sin(a) * rad * 0.40
                q = rad * 0.085
                d.ellipse((px - q, py - q, px + q, py + q), fill=RED if k % 2 else GREEN)
            disc(rad * 0.24, RED)
            disc(rad * 0.12, IVORY)
        else:
            disc(rad * 0.36, IVORY)
            disc(rad * 0.20, color)

    def stick(self, x: float, y: float, length: float, color: RGB, *, angle: float = 0.0) -> None:
        """A bamboo stick centred at (x, y), ``length`` in face heights, tilted by ``angle`` degrees."""
        cx, cy = self.pt(x, y)
        half = length * self.h / 2
        a = math.radians(angle)
        dx, dy = math.sin(a) * half, -math.cos(a) * half
        thick = self.w * 0.13
        d = self.draw
        p0, p1 = (cx - dx, cy - dy), (cx + dx, cy + dy)
        d.line((p0, p1), fill=color, width=round(thick))
        # Joints: the ends and the middle, a little wider and light-ringed.
        nx, ny = math.cos(a), math.sin(a)
        for t in (0.0, 0.5, 1.0):
            jx, jy = p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t
            wide = thick * 0.72
            d.line(
                ((jx - nx * wide, jy - ny * wide), (jx + nx * wide, jy + ny * wide)),
                fill=color,
                width=round(thick * 0.42),
            )
        lx, ly = nx * thick * 0.18, ny * thick * 0.18
        for t0, t1 in ((0.1, 0.4), (0.6, 0.9)):
            a0 = (p0[0] + (p1[0] - p0[0]) * t0 - lx, p0[1] + (p1[1] - p0[1]) * t0 - ly)
            a1 = (p0[0] + (p1[0] - p0[0]) * t1 - lx, p0[1] + (p1[1] - p0[1]) * t1 - ly)
            d.line((a0, a1), fill=IVORY, width=max(1, round(thick * 0.16)))

    def char(self, x: float, y: float, text: str, px: float, color: RGB) -> None:
        """A Chinese character centred at (x, y), ``px`` in face widths."""
        self.draw.text(self.pt(x, y), text, font=tile_font(round(px * self.w)), fill=color, anchor="mm")

    def index(self, text: str, color: RGB) -> None:
        """A small corner index (Arabic number or wind letter) at the top left."""
        font = label_font(round(self.w * 0.24), bold=True)
        self.draw.text(self.pt(0.02, 0.0), text, font=font, fill=color, anchor="lt")


_COIN_LAYOUT: Final[dict[int, tuple[float, tuple[tuple[float, float, RGB], ...]]]] = {
    2: (0.21, ((0.5, 0.26, GREEN), (0.5, 0.74, BLUE))),
    3: (0.17, ((0.22, 0.18, BLUE), (0.5, 0.5, RED), (0.78, 0.82, GREEN))),
    4: (0.19, ((0.27, 0.27, BLUE), (0.73, 0.27, GREEN), (0.27, 0.73, GREEN), (0.73, 0.73, BLUE))),
    5: (
        0.165,
        ((0.24, 0.2, BLUE), (0.76, 0.2, GREEN), (0.5, 0.5, RED), (0.24, 0.8, GREEN), (0.76, 0.8, BLUE)),
    ),
    6: (
        0.155,
        tuple((x, y, GREEN if y < 0.3 else RED) for y in (0.17, 0.53, 0.83) for x in (0.29, 0.71)),
    ),
    7: (
        0.135,
        (
            (0.2, 0.1, GREEN),
            (0.5, 0.2, GREEN),
            (0.8, 0.3, GREEN),
            *tuple((x, y, RED) for y in (0.6, 0.87) for x in (0.29, 0.71)),
        ),
    ),
    8: (0.13, tuple((x, y, BLUE) for y in (0.11, 0.37, 0.63, 0.89) for x in (0.29, 0.71))),
    9: (
        0.135,
        tuple((x, y, c) for y, c in ((0.15, BLUE), (0.5, RED), (0.85, GREEN)) for x in (0.19, 0.5, 0.81)),
    ),
}

_STICK_LAYOUT: Final[dict[int, tuple[float, tuple[tuple[float, float, RGB, float], ...]]]] = {
    2: (0.36, ((0.5, 0.25, GREEN, 0), (0.5, 0.75, BLUE, 0))),
    3: (0.36, ((0.5, 0.25, BLUE, 0), (0.28, 0.75, GREEN, 0), (0.72, 0.75, GREEN, 0))),
    4: (0.36, ((0.28, 0.25, BLUE, 0), (0.72, 0.25, GREEN, 0), (0.28, 0.75, GREEN, 0), (0.72, 0.75, BLUE, 0))),
    5: (
        0.36,
        (
            (0.18, 0.25, GREEN, 0),
            (0.82, 0.25, BLUE, 0),
            (0.5, 0.5, RED, 0),
            (0.18, 0.75, BLUE, 0),
            (0.82, 0.75, GREEN, 0),
        ),
    ),
    6: (0.36, tuple((x, y, GREEN if y < 0.5 else BLUE, 0) for y in (0.25, 0.75) for x in (0.18, 0.5, 0.82))),
    7: (
        0.27,
        ((0.5, 0.15, RED, 0), *tuple((x, y, GREEN, 0) for y in (0.5, 0.84) for x in (0.18, 0.5, 0.82))),
    ),
    8: (
        0.36,
        (
            (0.14, 0.25, GREEN, 0),
            (0.38, 0.25, GREEN, 22),
            (0.62, 0.25, GREEN, -22),
            (0.86, 0.25, GREEN, 0),
            (0.14, 0.75, BLUE, 0),
            (0.38, 0.75, BLUE, -22),
            (0.62, 0.75, BLUE, 22),
            (0.86, 0.75, BLUE, 0),
        ),
    ),
    9: (
        0.27,
        tuple((x, y, c, 0) for y in (0.16, 0.5, 0.84) for x, c in ((0.18, GREEN), (0.5, RED), (0.82, BLUE))),
    ),
}


def _sparrow(f: _Face) -> None:
    """1 bamboo: a sparrow on a bamboo stick."""
    d = f.draw
    w = f.w
    # Tail feathers fanning to the lower left.
    base = f.pt(0.42, 0.66)
    for col, ang in ((BLUE, 200), (GREEN, 218), (RED, 236), (GREEN, 254), (BLUE, 272)):
        a = math.radians(ang)
        tip = (base[0] + math.cos(a) * w * 0.40, base[1] - math.sin(a) * w * 0.52)
        d.line((base, tip), fill=col, width=round(w * 0.07))
        d.ellipse((tip[0] - w * 0.05, tip[1] - w * 0.05, tip[0] + w * 0.05, tip[1] + w * 0.05), fill=col)
    # Body, breast and wing.
    bx0, by0 = f.pt(0.28, 0.36)
    bx1, by1 = f.pt(0.80, 0.74)
    d.ellipse((bx0, by0, bx1, by1), fill=GREEN)
    d.chord((bx0 + w * 0.06, by0 + w * 0.10, bx1, by1), 300, 120, fill=RED)
    wx0, wy0 = f.pt(0.36, 0.44)
    wx1, wy1 = f.pt(0.70, 0.64)
    d.pieslice((wx0, wy0, wx1, wy1), 150, 330, fill=BLUE)
    # Head, eye and beak.
    hx, hy = f.pt(0.72, 0.30)
    hr = w * 0.15
    d.ellipse((hx - hr, hy - hr, hx + hr, hy + hr), fill=GREEN)
    d.ellipse((hx - hr * 0.55, hy - hr * 0.6, hx + hr * 0.55, hy + hr * 0.55), fill=RED)
    er = hr * 0.22
    d.ellipse((hx + hr * 0.05 - er, hy - hr * 0.2 - er, hx + hr * 0.05 + er, hy - hr * 0.2 + er), fill=IVORY)
    d.polygon(
        [(hx + hr * 0.85, hy - hr * 0.25), (hx + hr * 1.7, hy + hr * 0.05), (hx + hr * 0.85, hy + hr * 0.4)],
        fill=GOLD,
    )
    # Legs on a short bamboo perch.
    lx, ly = f.pt(0.55, 0.73)
    d.line(((lx, ly), (lx - w * 0.03, ly + w * 0.14)), fill=RED, width=round(w * 0.035))
    d.line(((lx + w * 0.1, ly), (lx + w * 0.1, ly + w * 0.14)), fill=RED, width=round(w * 0.035))
    px0, py = f.pt(0.18, 0.9)
    px1, _ = f.pt(0.86, 0.9)
    d.line(((px0, py), (px1, py)), fill=GREEN, width=round(w * 0.09))
    for t in (0.2, 0.55):
        jx = px0 + (px1 - px0) * t
        d.line(((jx, py - w * 0.07), (jx, py + w * 0.07)), fill=GREEN, width=round(w * 0.04))


def _white_dragon(f: _Face) -> None:
    x0, y0 = f.pt(0.1, 0.1)
    x1, y1 = f.pt(0.9, 0.9)
    t = f.w * 0.075
    f.draw.rectangle((x0, y0, x1, y1), outline=BLUE, width=round(t))
    g = t * 2.0
    f.draw.rectangle((x0 + g, y0 + g, x1 - g, y1 - g), outline=BLUE, width=round(t * 0.6))


def _draw_face(f: _Face, tile: int) -> None:
    if tile < 9:  # characters: numeral over 萬
        rank = tile + 1
        f.char(0.5, 0.25, NUMERALS[rank - 1], 0.66, INK)
        f.char(0.5, 0.74, "萬", 0.78, RED)
        if f.indexed:
            f.index(str(rank), BLUE)
    elif tile < 18:
        rank = tile - 8
        if rank == 1:
            f.coin(0.5, 0.5, 0.46, BLUE, big=True)
        else:
            r, coins = _COIN_LAYOUT[rank]
            for x, y, c in coins:
                f.coin(x, y, r, c)
    elif tile < HONOUR_START:
        rank = tile - 17
        if rank == 1:
            _sparrow(f)
        else:
            length, sticks = _STICK_LAYOUT[rank]
            for x, y, c, a in sticks:
                f.stick(x, y, length, c, angle=a)
    elif tile < HONOUR_START + 4:
        k = tile - HONOUR_START
        f.char(0.5, 0.54, WIND_CHARS[k], 0.98, INK)
        if f.indexed:
            f.index("ESWN"[k], RED)
    elif tile == HONOUR_START + 4:
        _white_dragon(f)
    elif tile == HONOUR_START + 5:
        f.char(0.5, 0.52, "發", 1.0, GREEN)
    elif tile == HONOUR_START + 6:
        f.char(0.5, 0.52, "中", 1.0, RED)
    else:
        k = tile - BONUS_START
        colour = GREEN if k < 4 else BLUE
        f.char(0.5, 0.56, BONUS_CHARS[k], 0.9, colour)
        f.index(str(k % 4 + 1), RED)
        # A blossom for the flowers, a sun for the seasons, in the top right.
        cx, cy = f.pt(0.84, 0.1)
        r = f.w * 0.09
        if k < 4:
            for i in range(5):
                a = i * 2 * math.pi / 5 - math.pi / 2
                px, py = cx + math.cos(a) * r, cy + math.sin(a) * r
                f.draw.ellipse((px - r * 0.7, py - r * 0.7, px + r * 0.7, py + r * 0.7), fill=RED)
            f.draw.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=GOLD)
        else:
            f.draw.ellipse((cx - r * 1.1, cy - r * 1.1, cx + r * 1.1, cy + r * 1.1), fill=GOLD)


def tile_image(tile: int, width: int) -> Image.Image:
    """The sprite of ``tile`` (a :class:`Tile` index, or :data:`BACK`) ``width`` pixels wide.

    Cached: each face is drawn once per size. Do not modify the result.
    """
    return _sprite(int(tile), int(width))


@cache
def _sprite(tile: int, width: int, *, indexed: bool | None = None) -> Image.Image:
    """The sprite of ``tile`` (a :class:`Tile` index, or :data:`BACK`) ``width`` pixels wide;
    ``indexed``: whether suit and wind tiles carry a corner index (None: tiles 40 px wide or more).

    Cached: each face is drawn once per size. Do not modify the result.
    """
    if tile != BACK and not 0 <= tile < len(TILES):
        raise ValueError(f"tile index {tile!r} is not 0-41 (or BACK)")
    fh, dp = face_height(width), depth(width)
    big_w, big_fh, big_d = width * SS, fh * SS, dp * SS
    canvas = Image.new("RGBA", (big_w, big_fh + big_d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    radius = round(big_w * 0.12)
    front, side = (JADE, IVORY) if tile == BACK else (IVORY, JADE)
    # The thickness: a rounded slab under the face.
    draw.rounded_rectangle((0, big_d, big_w - 1, big_fh + big_d - 1), radius, fill=side)
    if tile == BACK:
        draw.rounded_rectangle((0, big_d * 0.6, big_w - 1, big_fh + big_d - 1), radius, fill=IVORY_EDGE)
        draw.rounded_rectangle((0, big_d * 0.6, big_w - 1, big_fh + big_d * 0.55), radius, fill=side)
    else:
        draw.rounded_rectangle((0, big_d * 0.5, big_w - 1, big_fh + big_d - 1), radius, fill=JADE_DARK)
        draw.rounded_rectangle((0, big_d * 0.25, big_w - 1, big_fh + big_d * 0.4), radius, fill=JADE)
    edge = SS
    draw.rounded_rectangle(
        (0, 0, big_w - 1, big_fh - 1), radius, fill=IVORY_EDGE if tile != BACK else JADE_DARK
    )
    draw.rounded_rectangle(
        (edge, edge, big_w - 1 - edge, big_fh - 1 - edge),
        radius - edge,
        fill=IVORY_SHADE if tile != BACK else JADE,
    )
    draw.rounded_rectangle(
        (edge, edge, big_w - 1 - edge * 2, big_fh - 1 - edge * 2), radius - edge, fill=front
    )
    if tile == BACK:
        m = big_w * 0.16
        draw.rounded_rectangle(
            (m, m, big_w - m, big_fh - m),
            radius * 0.6,
            outline=JADE_LIGHT,
            width=max(SS, round(big_w * 0.04)),
        )
    else:
        pad_x, pad_y = big_w * 0.13, big_w * 0.13
        corner = width >= 40 if indexed is None else indexed
        _draw_face(_Face(draw, (pad_x, pad_y, big_w - pad_x, big_fh - pad_y), indexed=corner), tile)
    return canvas.resize((width, fh + dp), Image.Resampling.LANCZOS, reducing_gap=None)


def turned_size(width: int) -> tuple[int, int]:
    """Width and height of :func:`turned_image` for a tile ``width`` pixels wide."""
    return face_height(width), width + depth(width)


@cache
def turned_image(tile: int, width: int) -> Image.Image:
    """The sprite of ``tile`` laid sideways, as the discard that declared riichi lies: the face
    of :func:`tile_image` turned a quarter to the left, over its own thickness strip
    (:func:`turned_size`). Cached: do not modify the result."""
    fh, dp = face_height(width), depth(width)
    face = tile_image(tile, width).crop((0, 0, width, fh)).rotate(90, expand=True)
    big_w, big_h, big_d = fh * SS, width * SS, dp * SS
    slab = Image.new("RGBA", (big_w, big_h + big_d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(slab)
    radius = round(width * SS * 0.12)
    draw.rounded_rectangle((0, big_d, big_w - 1, big_h + big_d - 1), radius, fill=JADE)
    draw.rounded_rectangle((0, big_d * 0.5, big_w - 1, big_h + big_d - 1), radius, fill=JADE_DARK)
    draw.rounded_rectangle((0, big_d * 0.25, big_w - 1, big_h + big_d * 0.4), radius, fill=JADE)
    out = slab.resize((fh, width + dp), Image.Resampling.LANCZOS, reducing_gap=None)
    out.alpha_composite(face)
    return out


@cache
def dimmed(tile: int, width: int, shade: RGB, *, turned: bool = False) -> Image.Image:
    """The sprite (laid sideways when ``turned``) washed towards ``shade`` (a claimed discard)."""
    base = turned_image(tile, width) if turned else tile_image(tile, width)
    veil = Image.new("RGBA", base.size, (*shade, 150))
    out = base.copy()
    out.alpha_composite(
        Image.composite(veil, Image.new("RGBA", base.size, (0, 0, 0, 0)), base.getchannel("A"))
    )
    return out


def label(tile: int) -> str:
    """The notation of a tile, as players type it."""
    return str(TILES[tile])


EMOJI_SIZE: Final = 128
"""Side of a tile's emoji image (Discord shows emoji at 128 by 128 best, and inline at about 22)."""


def emoji_png(tile: int) -> bytes:
    """The face of ``tile`` as a square PNG for a Discord emoji (:data:`EMOJI_SIZE` a side, a
    transparent background): the whole tile, its thickness strip included, as tall as the square,
    centred. No corner index: at an inline emoji's size it would be a speck.

    >>> from PIL import Image
    >>> import io
    >>> Image.open(io.BytesIO(emoji_png(13))).size
    (128, 128)
    """
    size = EMOJI_SIZE
    width = round(size / (tile_height(100) / 100))
    while tile_height(width) > size:
        width -= 1
    sprite = _sprite(int(tile), width, indexed=False)
    square = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    square.alpha_composite(sprite, ((size - sprite.width) // 2, (size - sprite.height) // 2))
    return transparent_png(square)
