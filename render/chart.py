"""Line charts for ``/stats``: a series of numbers in, PNG bytes out, drawn with Pillow.

Drawn by hand rather than with a plotting library: the chart is one line over a few ticks, and
Pillow is already here with the bot's fonts (the same text as every other image), while
matplotlib would add about 40 MB (with numpy) and most of a second of import at start-up.

The image is :data:`CHART_WIDTH` pixels wide, Discord's width; shown :data:`DISPLAY_WIDTH`
wide on a phone every text keeps capitals at least 11 pixels high (:func:`chart_display_sizes`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.numbers import number
from engine.tiles import Lang
from render.encode import png_bytes
from render.layout import DISPLAY_WIDTH, cap_height
from render.text import draw_text, label_font
from render.theme import ThemeName, theme

CHART_WIDTH: Final = 600
"""The image's width in pixels."""
CHART_HEIGHT: Final = 320
LABEL_PX: Final = 18
"""Axis labels: capitals 14 px high, 11.7 px at 500 px display width."""
TITLE_PX: Final = 22


def nice_ticks(low: float, high: float, count: int = 5) -> list[int]:
    """Round tick values spanning ``low`` to ``high`` (about ``count`` of them).

    >>> nice_ticks(0, 1000)
    [0, 250, 500, 750, 1000]
    >>> nice_ticks(980, 1020)
    [980, 990, 1000, 1010, 1020]
    """
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / max(1, count - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    step = max(1, round(step))
    first = math.floor(low / step) * step
    ticks = [first]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return [int(t) for t in ticks]


def chart_display_sizes() -> dict[str, float]:
    """Text sizes at :data:`DISPLAY_WIDTH`: ``text_cap_px`` is the smallest capital's height."""
    scale = DISPLAY_WIDTH / CHART_WIDTH
    return {"text_cap_px": min(cap_height(LABEL_PX), cap_height(TITLE_PX, bold=True)) * scale}


def compose_line_chart(
    values: Sequence[int],
    *,
    title: str,
    first_label: str = "",
    last_label: str = "",
    baseline: int | None = None,
    theme_name: ThemeName = "dark",
    lang: Lang = "en",
) -> Image.Image:
    """The chart as an image: ``values`` left to right, a dashed ``baseline`` (e.g. the starting
    chips), the title above and the labels of the first and last point below; the ticks grouped
    as ``lang`` groups thousands (``12,500`` / ``12.500``)."""
    colours = theme(theme_name)
    image = Image.new("RGB", (CHART_WIDTH, CHART_HEIGHT), colours.background)
    draw = ImageDraw.Draw(image)
    label, bold = label_font(LABEL_PX), label_font(TITLE_PX, bold=True)
    draw_text(draw, (16, 12), title, bold, colours.text, max_width=CHART_WIDTH - 32)
    points = list(values) or [0]
    span = points + ([baseline] if baseline is not None else [])
    ticks = nice_ticks(min(span), max(span), 5)
    tick_text = {t: number(t, lang) for t in ticks}
    tick_width = max(label.getlength(text) for text in tick_text.values())
    left, right = 16 + tick_width + 10, CHART_WIDTH - 24
    top, bottom = 12 + TITLE_PX + 26, CHART_HEIGHT - LABEL_PX - 30
    low, high = ticks[0], ticks[-1]

    def y(v: float) -> float:
        return bottom - (v - low) / (high - low) * (bottom - top) if high > low else (top + bottom) / 2

    def x(i: int) -> float:
        return left + (i / (len(points) - 1) * (right - left) if len(points) > 1 else (right - left) / 2)

    for t in ticks:
        draw.line([(left, y(t)), (right, y(t))], fill=colours.panel_edge, width=1)
        draw_text(draw, (left - 10, y(t)), tick_text[t], label, colours.muted, anchor="rm")
    if baseline is not None:
        by = y(baseline)
        for start in range(int(left), int(right), 12):
            draw.line([(start, by), (min(start + 6, right), by)], fill=colours.muted, width=2)
    line = [(x(i), y(v)) for i, v in enumerate(points)]
    if len(line) > 1:
        draw.line(line, fill=colours.accent, width=3, joint="curve")
    lx, ly = line[-1]
    draw.ellipse([lx - 5, ly - 5, lx + 5, ly + 5], fill=colours.accent)
    draw_text(draw, (left, bottom + 14), first_label, label, colours.muted, max_width=(right - left) / 2 - 8)
    draw_text(
        draw,
        (right, bottom + 14),
        last_label,
        label,
        colours.text,
        anchor="ra",
        max_width=(right - left) / 2 - 8,
    )
    return image


def render_line_chart(
    values: Sequence[int],
    *,
    title: str,
    first_label: str = "",
    last_label: str = "",
    baseline: int | None = None,
    theme_name: ThemeName = "dark",
    lang: Lang = "en",
) -> bytes:
    """:func:`compose_line_chart` as PNG bytes (call it off the event loop)."""
    return png_bytes(
        compose_line_chart(
            values,
            title=title,
            first_label=first_label,
            last_label=last_label,
            baseline=baseline,
            theme_name=theme_name,
            lang=lang,
        )
    )
