"""The season's standings as an image (``/chips leaderboard``): rank, name, balance, change.

Pure: rows in, PNG bytes out, 600 pixels wide, drawn for Discord's two themes.
Shown 500 pixels wide on a phone, every capital letter is at least 11 pixels
high (:data:`TEXT_PX` 20 gives capitals of 14 pixels at 600, 11.7 at 500).

>>> render_leaderboard([LeaderboardRow("Ada", 6000, 1000)], title="Season 1")[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from engine.numbers import number, signed
from render.encode import png_bytes
from render.text import draw_text, label_font
from render.theme import ThemeName, theme

WIDTH: Final = 600
"""The image's width in pixels."""
TEXT_PX: Final = 20
"""The font size of every line (the title is larger)."""
TITLE_PX: Final = 24
ROW: Final = 32
PAD: Final = 16
HEADER: Final = 48 + ROW
TOP: Final = 20
"""Rows shown: the first ``TOP``, and the reader's own row below them (a tall image is unreadable
on a phone, and slow to draw for a big club)."""

WORDS: Final[dict[str, tuple[str, str, str, str, str]]] = {
    "en": ("#", "Name", "Chips", "7 days", "Nobody holds chips yet this season."),
    "de": ("#", "Name", "Chips", "7 Tage", "In dieser Saison hat noch niemand Chips."),
}


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One member: the name shown, chips now, and their change over the last seven days."""

    name: str
    chips: int
    change: int


def _number(n: int, lang: str) -> str:
    return number(n, "de" if lang == "de" else "en")


def ranks(rows: Sequence[LeaderboardRow]) -> list[int]:
    """The rank of each row in the order given; equal chips share a rank.

    >>> ranks([LeaderboardRow("a", 9, 0), LeaderboardRow("b", 9, 0), LeaderboardRow("c", 5, 0)])
    [1, 1, 3]
    """
    out: list[int] = []
    rank, previous = 0, None
    for i, row in enumerate(rows):
        if row.chips != previous:
            rank, previous = i + 1, row.chips
        out.append(rank)
    return out


def compose_leaderboard(
    rows: Sequence[LeaderboardRow],
    *,
    title: str,
    theme_name: ThemeName = "dark",
    lang: str = "en",
    me: int | None = None,
    top: int = TOP,
    change: bool = True,
) -> Image.Image:
    """The standings image: rows in the order given, ranked 1, 2, ... (equal chips share a rank).
    The first ``top`` rows are drawn, and row ``me`` (the reader's, highlighted) after a gap when
    it comes later. Without ``change`` the last seven days' column is left out (an evening's
    standings, ``/record``)."""
    th = theme(theme_name)
    words = WORDS["de" if lang == "de" else "en"]
    rank_of = ranks(rows)
    shown = list(range(min(len(rows), top)))
    if me is not None and me >= len(shown) and me < len(rows):
        shown += [-1, me]  # -1: the gap
    height = HEADER + ROW * max(len(shown), 1) + PAD
    image = Image.new("RGB", (WIDTH, height), th.background)
    draw = ImageDraw.Draw(image)
    font, bold = label_font(TEXT_PX), label_font(TEXT_PX, bold=True)
    draw_text(draw, (PAD, PAD), title, label_font(TITLE_PX, bold=True), th.text, max_width=WIDTH - 2 * PAD)
    rank_x, name_x, chips_x, change_x = PAD + 36, PAD + 52, WIDTH - PAD - 120, WIDTH - PAD
    y = 48
    draw_text(draw, (rank_x, y), words[0], bold, th.muted, anchor="ra")
    draw_text(draw, (name_x, y), words[1], bold, th.muted)
    draw_text(draw, (chips_x, y), words[2], bold, th.muted, anchor="ra")
    if change:
        draw_text(draw, (change_x, y), words[3], bold, th.muted, anchor="ra")
    draw.line((PAD, HEADER - 4, WIDTH - PAD, HEADER - 4), fill=th.panel_edge, width=1)
    if not rows:
        draw_text(draw, (PAD, HEADER + 4), words[4], font, th.muted, max_width=WIDTH - 2 * PAD)
    for line, i in enumerate(shown):
        y = HEADER + line * ROW
        if i < 0:
            draw_text(draw, (name_x, y), "…", font, th.muted)
            continue
        row = rows[i]
        if i == me:
            draw.rectangle((PAD // 2, y - 3, WIDTH - PAD // 2, y + ROW - 4), outline=th.text, width=2)
        elif i % 2:
            draw.rectangle((PAD // 2, y - 3, WIDTH - PAD // 2, y + ROW - 4), fill=th.panel)
        draw_text(draw, (rank_x, y), str(rank_of[i]), font, th.muted, anchor="ra")
        draw_text(draw, (name_x, y), row.name, font, th.text, max_width=chips_x - 110 - name_x)
        draw_text(draw, (chips_x, y), _number(row.chips, lang), bold, th.text, anchor="ra")
        if change:
            moved = "±0" if row.change == 0 else signed(row.change, "de" if lang == "de" else "en")
            colour = th.muted if row.change == 0 else th.good if row.change > 0 else th.bad
            draw_text(draw, (change_x, y), moved, font, colour, anchor="ra")
    return image


def render_leaderboard(
    rows: Sequence[LeaderboardRow],
    *,
    title: str,
    theme_name: ThemeName = "dark",
    lang: str = "en",
    me: int | None = None,
    top: int = TOP,
    change: bool = True,
) -> bytes:
    """:func:`compose_leaderboard` as PNG bytes."""
    return png_bytes(
        compose_leaderboard(
            rows, title=title, theme_name=theme_name, lang=lang, me=me, top=top, change=change
        )
    )
