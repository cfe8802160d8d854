"""Fonts shipped with the package, and text that always fits.

Only the font files in ``render/fonts`` are used (never system fonts), with
Pillow's basic layout engine, so every machine draws identical images.
Player names may hold any Unicode. :func:`clean` keeps what the fonts can
draw: Latin, Greek and Cyrillic from the label fonts, the common Chinese,
Japanese and Korean characters from the CJK font (one bold weight, for
regular and bold text alike); it drops emoji and other symbols, controls,
bidi and zero-width characters, and replaces letters of other scripts with
``?``. :func:`draw_text` draws each run of characters in its font, and
:func:`fit` truncates with an ellipsis.
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
CJK_FILE: Final = "MJCJK-Bold.otf"

Font = ImageFont.FreeTypeFont

#: Characters that are dropped, not replaced: symbols (emoji among them), their modifiers and marks.
_DROPPED_CATEGORIES: Final = frozenset({"So", "Sk", "Sm", "Sc", "Mn", "Me", "Mc"})


@cache
def _font(file: str, px: int) -> Font:
    return ImageFont.truetype(str(FONT_DIR / file), px, layout_engine=ImageFont.Layout.BASIC)


def label_font(px: int, *, bold: bool = False) -> Font:
    """The label font (Latin, Greek, Cyrillic) at ``px`` pixels."""
    return _font("MJLabels-Bold.otf" if bold else "MJLabels-Regular.otf", max(6, px))


def cjk_font(px: int) -> Font:
    """The CJK fallback font (common Hanzi, Kanji, kana, Hangul) at ``px`` pixels."""
    return _font(CJK_FILE, max(6, px))


def tile_font(px: int) -> Font:
    """The serif font of the Chinese characters on tile faces."""
    return _font("MJTiles-SerifBold.otf", max(6, px))


@cache
def _coverages() -> dict[str, frozenset[int]]:
    """Code points of each font family, by section of ``coverage.txt`` (written by ``build_subset.py``)."""
    out: dict[str, set[int]] = {}
    points: set[int] = set()
    for line in (FONT_DIR / "coverage.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            points = out.setdefault(line.strip("[]"), set())
            continue
        lo, _, hi = line.partition("-")
        points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    return {name: frozenset(p) for name, p in out.items()}


def coverage() -> frozenset[int]:
    """Code points the label fonts can draw."""
    return _coverages()["MJLabels"]


def cjk_coverage() -> frozenset[int]:
    """Code points the CJK font can draw (and the label fonts cannot)."""
    return _coverages()["MJCJK"]


@cache
def drawable() -> frozenset[int]:
    """Code points some shipped font can draw."""
    return coverage() | cjk_coverage()


#: Letters with a stroke have no Unicode decomposition; their plain look-alikes.
_STROKED: Final = {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ŧ": "T", "ŧ": "t"}


def _fallback(ch: str, points: frozenset[int]) -> str:
    """A drawable stand-in for ``ch``: its base letters without accents, ``""`` for a symbol, or ``?``."""
    if ch in _STROKED:
        return _STROKED[ch]
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if base and all(ord(c) in points for c in base) and len(base) <= 2:
        return base
    if unicodedata.category(ch) in _DROPPED_CATEGORIES:
        return ""
    return REPLACEMENT


@cache
def clean(text: str) -> str:
    """``text`` made safe for the shipped fonts, on one line.

    Controls, bidi and other format characters (zero-width joiners too),
    stray combining marks and symbols the fonts lack (emoji) are dropped;
    white space becomes a plain space; letters the fonts lack become their
    unaccented base letters or ``?`` (one ``?`` for a run, even of several
    words). A name of
    nothing but emoji becomes ``?``.

    >>> clean("Zoë\\u202e\\u200d 🀄🀄 Łukasz 陈伟")
    'Zoë Lukasz 陈伟'
    """
    points = drawable()
    out: list[str] = []
    dropped = False
    for ch in unicodedata.normalize("NFC", text):
        cat = unicodedata.category(ch)
        if ch.isspace() or cat in ("Zs", "Zl", "Zp"):
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if ord(ch) in points:
            out.append(ch)
            continue
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        rep = _fallback(ch, points)
        if not rep:
            dropped = True
            continue
        if rep == REPLACEMENT and REPLACEMENT in out[-2:] and "".join(out[-2:]).strip() == REPLACEMENT:
            continue  # one ? for a run of words the fonts cannot draw
        out.append(rep)
    shown = "".join(out).strip()
    while "  " in shown:
        shown = shown.replace("  ", " ")
    return REPLACEMENT if not shown and dropped else shown


@cache
def runs(text: str) -> tuple[tuple[str, bool], ...]:
    """``text`` (already cleaned) in runs of one font: ``(run, is_cjk)``."""
    labels = coverage()
    out: list[tuple[str, bool]] = []
    for ch in text:
        cjk = ord(ch) not in labels
        if out and out[-1][1] == cjk:
            out[-1] = (out[-1][0] + ch, cjk)
        else:
            out.append((ch, cjk))
    return tuple(out)


def _cjk_for(font: Font) -> Font:
    return cjk_font(int(font.size))


def width(text: str, font: Font) -> float:
    """Advance width of ``text`` (already cleaned) in pixels, each run in its font."""
    parts = runs(text)
    if len(parts) == 1 and not parts[0][1]:
        return font.getlength(text)
    return sum((_cjk_for(font) if cjk else font).getlength(run) for run, cjk in parts)


def fit(text: str, font: Font, max_width: float) -> str:
    """``text`` (cleaned) cut with an ellipsis so it is at most ``max_width`` pixels wide."""
    text = clean(text)
    if width(text, font) <= max_width:
        return text
    if font.getlength(ELLIPSIS) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, font) <= max_width:
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
    """Draw ``text`` (cleaned, and cut to ``max_width``) and return its width.

    ``anchor`` is Pillow's two-letter anchor; runs of CJK characters are
    drawn in the CJK font, on the same baseline.
    """
    shown = fit(text, font, max_width) if max_width is not None else clean(text)
    if not shown:
        return 0.0
    parts = runs(shown)
    if len(parts) == 1 and not parts[0][1]:
        draw.text(xy, shown, font=font, fill=fill, anchor=anchor)
        return font.getlength(shown)
    total = width(shown, font)
    x, y = xy
    x -= {"l": 0.0, "m": total / 2, "r": total}.get(anchor[0], 0.0)
    vertical = "l" + anchor[1]
    for run, cjk in parts:
        run_font = _cjk_for(font) if cjk else font
        draw.text((x, y), run, font=run_font, fill=fill, anchor=vertical)
        x += run_font.getlength(run)
    return total


def one_line(name: str) -> str:
    """A name on one line, for text beside an image (the sheet's lines, alt text): controls,
    line breaks and bidi overrides removed, spaces collapsed; ``?`` for a name left empty.

    >>> one_line(" Ada   Lovelace "), one_line("")
    ('Ada Lovelace', '?')
    """
    kept = []
    for ch in name:
        cat = unicodedata.category(ch)
        if ch.isspace() or cat in ("Zl", "Zp"):
            kept.append(" ")
        elif cat not in ("Cc", "Cs", "Co", "Cn") and not (
            "\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069"
        ):
            kept.append(ch)
    return " ".join("".join(kept).split()) or "?"
