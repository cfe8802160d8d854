"""Fonts shipped with the package, and text that always fits.

Only the font files in ``render/fonts`` are used (never system fonts), with
Pillow's basic layout engine, so every machine draws identical images.
Player names may hold any Unicode: :func:`clean` keeps what the label font
can draw and replaces the rest; :func:`fit` truncates with an ellipsis.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path
from typing import Final

from PIL import ImageDraw, ImageFont

FONT_DIR: Final = Path(__file__).resolve().parent / "fonts"
ELLIPSIS: Final = "…"
REPLACEMENT: Final = "?"

Font = ImageFont.FreeTypeFont


@cache
def _font(file: str, px: int) -> Font:
    return ImageFont.truetype(str(FONT_DIR / file), px, layout_engine=ImageFont.Layout.BASIC)


def label_font(px: int, *, bold: bool = False) -> Font:
    """The label font (Latin, Greek, Cyrillic) at ``px`` pixels."""
    return _font("MJLabels-Bold.otf" if bold else "MJLabels-Regular.otf", max(6, px))


def tile_font(px: int) -> Font:
    """The serif font of the Chinese characters on tile faces."""
    return _font("MJTiles-SerifBold.otf", max(6, px))


@cache
def coverage() -> frozenset[int]:
    """Code points the label fonts can draw (written by ``build_subset.py``)."""
    points: set[int] = set()
    for line in (FONT_DIR / "coverage.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        lo, _, hi = line.partition("-")
        points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    return frozenset(points)


#: Letters with a stroke have no Unicode decomposition; their plain look-alikes.
_STROKED: Final = {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ŧ": "T", "ŧ": "t"}


def _fallback(ch: str, drawable: frozenset[int]) -> str:
    """A drawable stand-in for ``ch``: its base letters without accents, or ``?``."""
    if ch in _STROKED:
        return _STROKED[ch]
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if base and all(ord(c) in drawable for c in base) and len(base) <= 2:
        return base
    return REPLACEMENT


@cache
def clean(text: str) -> str:
    """``text`` made safe for the label font, on one line.

    Controls, bidi and other format characters and stray combining marks are
    dropped; white space becomes a plain space; letters the font lacks
    become their unaccented base letters or ``?`` (one ``?`` for a run).

    >>> clean("Zoë\\u202e\\u200d 🀄🀄 Łukasz")
    'Zoë ? Lukasz'
    """
    drawable = coverage()
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        cat = unicodedata.category(ch)
        if ch.isspace() or cat in ("Zs", "Zl", "Zp"):
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if cat in ("Cc", "Cf", "Mn", "Me", "Cs", "Co", "Cn") and ord(ch) not in drawable:
            continue
        rep = ch if ord(ch) in drawable else _fallback(ch, drawable)
        if rep == REPLACEMENT and out and out[-1] == REPLACEMENT:
            continue
        out.append(rep)
    return "".join(out).strip()


def width(text: str, font: Font) -> float:
    """Advance width of ``text`` in pixels."""
    return font.getlength(text)


def fit(text: str, font: Font, max_width: float) -> str:
    """``text`` (cleaned) cut with an ellipsis so it is at most ``max_width`` pixels wide."""
    text = clean(text)
    if font.getlength(text) <= max_width:
        return text
    if font.getlength(ELLIPSIS) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if font.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: Font,
    fill: tuple[int, ...] | str,
    *,
    max_width: float | None = None,
    anchor: str = "la",
) -> float:
    """Draw ``text`` (cleaned, and cut to ``max_width``) and return its width."""
    shown = fit(text, font, max_width) if max_width is not None else clean(text)
    if shown:
        draw.text(xy, shown, font=font, fill=fill, anchor=anchor)
    return font.getlength(shown)
