"""A player's own hand (private) and the tile strip of a scored hand.

The hand is drawn for a phone, like the table and the score sheet: at the
default tile width (:data:`TILE`) the image is :data:`WIDTH` pixels wide, so
shown :data:`~render.layout.DISPLAY_WIDTH` pixels wide every concealed tile is
at least 30 pixels wide and every line of text has capitals at least 11
pixels high (:func:`display_sizes` gives the figures the tests check).

From the top: the seat's wind badge, name, seat and prevailing wind and hand
number, with the bonus tiles on the right; the concealed tiles with their
notation underneath, the drawn tile set apart; the declared melds beside them
when they fit, else in a row of their own; with a hint, the suggested discard
and the winning tiles. Every size scales with ``size`` (the concealed tiles'
width).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.tiles import TILES, Tile, sorted_tiles, wind_name
from engine.views import ArrangedGroup, SeatView
from render.encode import png_bytes
from render.layout import (
    DISPLAY_WIDTH,
    Group,
    arranged,
    canvas,
    cap_height,
    draw_groups,
    groups_width,
    meld_faces,
    outline,
    parse_arrangement,
    paste_tile,
    words,
)
from render.text import Font, draw_text, label_font, tile_font
from render.text import width as text_width
from render.theme import Lang, ThemeName
from render.theme import theme as get_theme
from render.tiles import tile_height

# Every length below is at the default tile width TILE; the image scales with ``size``.
TILE: Final = 38
"""Default width of a concealed tile (the ``size`` of :func:`render_hand`)."""
WIDTH: Final = 600
"""Width of the image at the default tile width."""
PAD: Final = 10
"""Space around everything."""
GAP: Final = 2
"""Between two concealed tiles."""
DRAWN_GAP: Final = 10
"""Before the drawn tile."""
HEAD_H: Final = 46
"""The header: badge, name, seat line (as a band of the table)."""
BADGE: Final = 40
NAME_PX: Final = 22
TEXT_PX: Final = 19
"""The seat line, the notation under the tiles, the hint."""
SMALL_PX: Final = 18
"""The smallest text: the "drawn" label."""
LABEL_H: Final = 24
"""A line of text under tiles or in the hint."""
DRAWN_H: Final = 32
"""Above the tiles: room for the "drawn" label, clear of the seat line."""
MELD: Final = 34
"""Widest tile of a declared meld."""
MIN_BESIDE: Final = 30
"""Melds narrower than this beside the concealed tiles get a row of their own."""
MIN_MELD: Final = 22
MELD_GAP: Final = 16
"""Between the concealed tiles and melds beside them."""
BONUS: Final = 30
"""Widest bonus tile (in the header)."""
MIN_BONUS: Final = 22
WAIT: Final = 32
"""Widest winning tile of a hint."""
MIN_WAIT: Final = 22
WAIT_GAP: Final = 6
ROW_GAP: Final = 10
"""Between two rows of tiles, and above the hint."""
HINT_PAD: Final = 8
"""Inside the hint's panel."""


def _px(n: float, k: float) -> int:
    """``n`` pixels at the default tile width, at scale ``k``."""
    return max(1, round(n * k))


@dataclass(frozen=True, slots=True)
class HandLayout:
    """Where :func:`compose_hand` draws each part of a hand (pixels of the image)."""

    width: int
    height: int
    scale: float
    """``size`` / :data:`TILE`: every length of the layout is multiplied by it."""
    tile: int
    """Width of the concealed tiles and the drawn tile (narrower than ``size`` only for 15 tiles)."""
    tiles_y: int
    """Top of the concealed tiles."""
    tiles_x: tuple[int, ...]
    """Left edge of each concealed tile (sorted), then of the drawn tile."""
    meld: int
    """Width of the meld tiles (0: no melds)."""
    melds_xy: tuple[int, int]
    melds_beside: bool
    """Whether the melds stand beside the concealed tiles (else in a row of their own)."""
    bonus: int
    """Width of the bonus tiles in the header (0: none)."""
    bonus_xy: tuple[int, int]
    text_room: int
    """Room for the name and the seat line beside the badge."""
    hint_y: int | None
    """Top of the hint's panel (the suggested discard, the winning tiles), if one is drawn."""
    hint_lines: tuple[str, ...]
    """The suggested discard in words and the heading of the winning tiles."""
    lines_y: int
    """Middle of the first of ``hint_lines`` (the next ones follow a :data:`LABEL_H` apart)."""
    wait: int
    """Width of the winning tiles (0: none)."""
    waits_xy: tuple[int, int]
    """Top left of the first winning tile: beside the lines, or under them when there are many."""


def _fonts(k: float) -> dict[str, Font]:
    return {
        "name": label_font(_px(NAME_PX, k), bold=True),
        "text": label_font(_px(TEXT_PX, k)),
        "bold": label_font(_px(TEXT_PX, k), bold=True),
        "small": label_font(_px(SMALL_PX, k)),
    }


def _meld_groups(view: SeatView) -> list[Group]:
    me = view.me
    if me is None:
        return []
    return [Group(meld_faces(m), exposed=not m.concealed, concealed_kong=m.concealed) for m in me.melds]


def _meld_gaps(meld: int, k: float) -> tuple[int, int]:
    """Space between two tiles of a meld, and between two melds."""
    return _px(1, k), max(_px(6, k), meld // 4)


def _largest(hi: int, lo: int, fits: Callable[[int], bool]) -> int:
    """The largest width from ``hi`` down to ``lo`` for which ``fits(width)``; ``lo`` if none does."""
    for size in range(hi, lo - 1, -1):
        if fits(size):
            return size
    return lo


def _marks(view: SeatView, concealed: Sequence[Tile], hint: bool) -> tuple[Tile | None, int, bool]:
    """The suggested discard, the index of its framed concealed copy (-1: none) and whether the drawn
    tile is the one framed."""
    target = view.hint.discard if hint and view.hint else None
    mark_drawn = target is not None and view.drawn == target
    mark_index = -1
    if target is not None and not mark_drawn and target in concealed:
        mark_index = list(concealed).index(target)
    return target, mark_index, mark_drawn


def hand_layout(view: SeatView, *, size: int = TILE, hint: bool = False, lang: Lang = "en") -> HandLayout:
    """Where each part of ``view``'s hand goes (what :func:`compose_hand` draws)."""
    w = words(lang)
    size = max(24, min(int(size), 160))
    k = size / TILE
    width = _px(WIDTH, k)
    pad = _px(PAD, k)
    inner = width - 2 * pad
    fonts = _fonts(k)
    me = view.me

    # Header: bonus tiles on the right, as large as the seat line leaves room for.
    left = pad + _px(BADGE + 10, k) if me is not None else pad
    bonus = list(me.bonus) if me else []
    bonus_w, bonus_xy, text_room = 0, (width - pad, pad), width - pad - left
    if bonus:
        gap = _px(GAP, k)
        seat_line = text_width(_seat_line(view, lang), fonts["text"])
        room = text_room - seat_line - _px(12, k)
        bonus_w = _largest(_px(BONUS, k), _px(MIN_BONUS, k), lambda b: len(bonus) * (b + gap) - gap <= room)
        span = len(bonus) * (bonus_w + gap) - gap
        bonus_xy = (width - pad - span, pad + (_px(HEAD_H, k) - tile_height(bonus_w)) // 2)
        text_room -= span + _px(12, k)

    # The concealed tiles and the drawn one, as wide as ``size`` while 15 of them fit.
    concealed = list(sorted_tiles(view.concealed))
    n = len(concealed) + (view.drawn is not None)
    drawn_gap = _px(DRAWN_GAP, k)

    def fitting(gap: int) -> tuple[int, int]:
        """The tile width at ``gap``, and the extra space before the drawn tile."""
        extra = drawn_gap - gap if view.drawn is not None and concealed else 0
        return min(size, (inner - max(0, n - 1) * gap - extra) // max(1, n)), extra

    gap = _px(GAP, k)
    if fitting(gap)[0] < size:  # 15 tiles: closer together before they get narrower
        gap = _px(GAP / 2, k)
    tile, extra = fitting(gap)
    tiles_y = pad + _px(HEAD_H + DRAWN_H, k)
    xs: list[int] = []
    x = pad
    for i in range(n):
        if i == len(concealed) and concealed:
            x += extra
        xs.append(x)
        x += tile + gap
    row_end = xs[-1] + tile if xs else pad
    row_bottom = tiles_y + tile_height(tile) + _px(LABEL_H, k)

    # Melds: beside the concealed tiles when they fit there, else in a row of their own.
    groups = _meld_groups(view)
    meld, melds_xy, beside = 0, (pad, row_bottom), False
    if groups:
        mx = row_end + _px(MELD_GAP, k) if xs else pad
        hi, lo = min(_px(MELD, k), tile), _px(MIN_BESIDE, k)

        def meld_span(m: int) -> int:
            return groups_width(groups, m, *_meld_gaps(m, k))

        if lo <= hi and meld_span(lo) <= width - pad - mx:
            meld = _largest(hi, lo, lambda m: meld_span(m) <= width - pad - mx)
            melds_xy, beside = (mx, tiles_y + tile_height(tile) - tile_height(meld)), True
        else:
            meld = _largest(_px(MELD, k), _px(MIN_MELD, k), lambda m: meld_span(m) <= inner)
            melds_xy = (pad, row_bottom + _px(ROW_GAP, k))
            row_bottom = melds_xy[1] + tile_height(meld) + max(3, meld // 10)

    # The hint: the suggested discard in words, and the winning tiles with their notation.
    target, mark_index, mark_drawn = _marks(view, concealed, hint)
    lines: list[str] = []
    if mark_drawn or mark_index >= 0:
        lines.append(f"{w['discard']} {target}")
    waits = list(view.hint.waits) if hint and view.hint else []
    if waits:
        lines.append(w["waits"])
    hint_y, wait, waits_xy, lines_y = None, 0, (pad, 0), 0
    height = row_bottom + pad
    if lines:
        hint_y = row_bottom + _px(ROW_GAP, k)
        inset, line_h = _px(HINT_PAD, k), _px(LABEL_H, k)
        top = hint_y + inset
        section = line_h * len(lines)
        lines_y = top + line_h // 2
        if waits:
            wgap = _px(WAIT_GAP, k)
            x = pad + inset + round(max(text_width(s, fonts["bold"]) for s in lines)) + _px(14, k)
            if len(waits) * (_px(WAIT, k) + wgap) - wgap <= width - pad - inset - x:
                # Beside the lines, which stand in the middle of the tiles.
                wait, waits_xy = _px(WAIT, k), (x, top)
                lines_y = top + (tile_height(wait) - (len(lines) - 1) * line_h) // 2
                section = max(section, tile_height(wait) + line_h)
            else:
                # Under the lines, joined into one (thirteen orphans waits on thirteen tiles).
                lines = [" · ".join(lines)]
                room = inner - 2 * inset
                wait = _largest(
                    _px(WAIT, k), _px(MIN_WAIT, k), lambda s: len(waits) * (s + wgap) - wgap <= room
                )
                waits_xy = (pad + inset, top + line_h + _px(4, k))
                section = line_h + _px(4, k) + tile_height(wait) + line_h
        height = hint_y + section + 2 * inset + pad
    return HandLayout(
        width=width,
        height=height,
        scale=k,
        tile=tile,
        tiles_y=tiles_y,
        tiles_x=tuple(xs),
        meld=meld,
        melds_xy=melds_xy,
        melds_beside=beside,
        bonus=bonus_w,
        bonus_xy=bonus_xy,
        text_room=text_room,
        hint_y=hint_y,
        hint_lines=tuple(lines),
        lines_y=lines_y,
        wait=wait,
        waits_xy=waits_xy,
    )


def display_sizes(view: SeatView, *, hint: bool = False, lang: Lang = "en") -> dict[str, float]:
    """The acceptance figures of ``view``'s hand at the default size, shown :data:`DISPLAY_WIDTH` wide:
    the concealed tiles' width and the smallest capital letter's height."""
    lay = hand_layout(view, hint=hint, lang=lang)
    scale = DISPLAY_WIDTH / lay.width
    caps = min(cap_height(NAME_PX, bold=True), cap_height(TEXT_PX), cap_height(SMALL_PX))
    return {"tile_px": lay.tile * scale, "text_cap_px": caps * scale, "width": lay.width}


def _seat_line(view: SeatView, lang: Lang) -> str:
    """``North seat · East round · Hand 3``."""
    w = words(lang)
    parts = []
    if view.me is not None:
        parts.append(w["seat"].format(wind=wind_name(view.me.wind, lang)))
    parts.append(w["round"].format(wind=wind_name(view.prevailing, lang)))
    parts.append(w["hand"].format(n=view.hand_number))
    return " · ".join(parts)


def compose_hand(
    view: SeatView, *, theme: ThemeName = "dark", size: int = TILE, hint: bool = False, lang: Lang = "en"
) -> Image.Image:
    """The image of :func:`render_hand`, before encoding."""
    th = get_theme(theme)
    lay = hand_layout(view, size=size, hint=hint, lang=lang)
    k = lay.scale
    fonts = _fonts(k)
    pad = _px(PAD, k)
    image, draw = canvas(lay.width, lay.height, th.background)
    me = view.me

    # Header: the wind badge, the name, the seat line; bonus tiles on the right.
    head = _px(HEAD_H, k)
    left = pad + _px(BADGE + 10, k)
    if me is not None:
        badge = _px(BADGE, k)
        by = pad + (head - badge) // 2
        mine = view.turn is not None and view.turn == view.seat
        draw.rounded_rectangle(
            (pad, by, pad + badge, by + badge), radius=_px(9, k), fill=th.accent if mine else th.panel_edge
        )
        draw.text(
            (pad + badge // 2, by + badge // 2 + 1),
            "東南西北"[me.wind],
            font=tile_font(_px(30, k)),
            fill=th.panel if mine else th.text,
            anchor="mm",
        )
        draw_text(
            draw,
            (left, pad + _px(11, k)),
            me.name,
            fonts["name"],
            th.text,
            max_width=lay.text_room,
            anchor="lm",
        )
    else:
        left = pad
    seat_y = pad + _px(36, k) if me is not None else pad + head // 2
    draw_text(
        draw,
        (left, seat_y),
        _seat_line(view, lang),
        fonts["text"],
        th.muted,
        max_width=lay.text_room,
        anchor="lm",
    )
    if lay.bonus:
        bx, by = lay.bonus_xy
        for t in me.bonus if me else ():
            paste_tile(image, t, lay.bonus, bx, by)
            bx += lay.bonus + _px(GAP, k)

    # The concealed tiles with their notation, the drawn tile apart; the suggestion framed.
    concealed = list(sorted_tiles(view.concealed))
    _, mark_index, mark_drawn = _marks(view, concealed, hint)
    tiles = [*concealed, *([view.drawn] if view.drawn is not None else [])]
    y, tile = lay.tiles_y, lay.tile
    below = y + tile_height(tile) + _px(3, k)
    for i, (t, x) in enumerate(zip(tiles, lay.tiles_x, strict=True)):
        paste_tile(image, t, tile, x, y)
        colour = th.muted
        if i == mark_index or (mark_drawn and i == len(concealed)):
            outline(draw, x, y, tile, th.hint, grow=max(3, tile // 14))
            colour = th.hint
        draw.text((x + tile // 2, below), str(t), font=fonts["bold"], fill=colour, anchor="ma")
    if view.drawn is not None:
        x = lay.tiles_x[-1] + tile // 2
        label = words(lang)["drawn"]
        half = text_width(label, fonts["small"]) / 2
        x = round(min(max(x, pad + half), lay.width - pad - half))
        draw_text(draw, (x, y - _px(2, k)), label, fonts["small"], th.muted, anchor="md")

    if lay.meld:
        draw_groups(
            image,
            draw,
            _meld_groups(view),
            *lay.melds_xy,
            lay.meld,
            th,
            gap=_meld_gaps(lay.meld, k)[0],
            group_gap=_meld_gaps(lay.meld, k)[1],
        )

    # The hint: the suggested discard in words, then the winning tiles with their notation.
    if lay.hint_y is not None:
        waits = list(view.hint.waits) if view.hint else []
        line_h, inset = _px(LABEL_H, k), _px(HINT_PAD, k)
        draw.rounded_rectangle(
            (pad, lay.hint_y, lay.width - pad - 1, lay.height - pad - 1), radius=_px(10, k), fill=th.panel
        )
        for i, line in enumerate(lay.hint_lines):
            draw_text(
                draw,
                (pad + inset, lay.lines_y + i * line_h),
                line,
                fonts["bold"],
                th.hint,
                anchor="lm",
                max_width=lay.width - 2 * (pad + inset),
            )
        x, top = lay.waits_xy
        for t in waits:
            paste_tile(image, t, lay.wait, x, top)
            draw.text(
                (x + lay.wait // 2, top + tile_height(lay.wait) + _px(3, k)),
                str(t),
                font=fonts["bold"],
                fill=th.hint,
                anchor="ma",
            )
            x += lay.wait + _px(WAIT_GAP, k)
    return image


def render_hand(
    view: SeatView, *, theme: ThemeName = "dark", size: int = TILE, hint: bool = False, lang: Lang = "en"
) -> bytes:
    """A player's own hand as PNG bytes (send it privately).

    The concealed tiles sorted by suit and number, each with its notation
    underneath (what ``/discard`` accepts); the freshly drawn tile set apart;
    declared melds (concealed kongs with face-down outer tiles) beside them or
    in a row of their own; bonus tiles, seat and prevailing wind in the
    header. With ``hint``, the suggested discard (``view.hint.discard``) is
    framed and named, and the winning tiles (``view.hint.waits``) are shown.
    ``size`` is the width of a concealed tile in pixels; the whole image
    scales with it (:data:`WIDTH` pixels wide at the default :data:`TILE`).
    """
    return png_bytes(compose_hand(view, theme=theme, size=size, hint=hint, lang=lang))


STRIP_ROW: Final = 800
"""Widest row of a strip of 48-pixel tiles: shown :data:`~render.layout.DISPLAY_WIDTH` wide, a
tile is still 30 pixels wide. A longer hand (kongs, bonus tiles) is split into two rows."""


def strip_rows(groups: Sequence[Group], size: int) -> list[list[Group]]:
    """``groups`` in one row, or in two rows as even as the groups allow when one row would be
    wider than :data:`STRIP_ROW` (at tile width ``size``)."""
    gap, group_gap = _strip_gaps(size)

    def span(part: Sequence[Group]) -> int:
        return groups_width(part, size, gap, group_gap)

    if len(groups) < 2 or span(groups) <= round(STRIP_ROW * size / 48):
        return [list(groups)]
    cut = min(range(1, len(groups)), key=lambda i: (max(span(groups[:i]), span(groups[i:])), -i))
    return [list(groups[:cut]), list(groups[cut:])]


def _strip_gaps(size: int) -> tuple[int, int]:
    return max(1, size // 24), max(6, size // 4)


def _strip_win_rows(rows: Sequence[Sequence[Group]], win: Tile | None) -> list[Tile | None]:
    """The winning tile to pass to each row's drawing, so that it is framed once in the strip."""
    if any(g.winning for r in rows for g in r):
        return [win if any(g.winning for g in r) else None for r in rows]
    last = max(
        (
            i
            for i, r in enumerate(rows)
            if any(win is not None and int(win) in g.tiles and not g.bonus for g in r)
        ),
        default=-1,
    )
    return [win if i == last else None for i in range(len(rows))]


def compose_strip(
    arrangement: str | Sequence[ArrangedGroup],
    *,
    theme: ThemeName = "dark",
    win_tile: Tile | str | None = None,
    size: int = 48,
) -> Image.Image:
    """The image of :func:`render_strip`, before encoding."""
    th = get_theme(theme)
    size = max(20, min(int(size), 160))
    groups = parse_arrangement(arrangement) if isinstance(arrangement, str) else arranged(arrangement)
    win = TILES[Tile.parse(win_tile)] if isinstance(win_tile, str) else win_tile
    gap, group_gap = _strip_gaps(size)
    pad = max(8, size // 4)
    rows = strip_rows(groups, size)
    row_h = tile_height(size) + max(3, size // 10)
    row_gap = max(6, size // 4)
    width = max(groups_width(r, size, gap, group_gap) for r in rows) + 2 * pad
    height = len(rows) * row_h + (len(rows) - 1) * row_gap + 2 * pad
    image, draw = canvas(width, height, th.background)
    for i, (row, row_win) in enumerate(zip(rows, _strip_win_rows(rows, win), strict=True)):
        y = pad + i * (row_h + row_gap)
        draw_groups(image, draw, row, pad, y, size, th, gap=gap, group_gap=group_gap, win_tile=row_win)
    return image


def render_strip(
    arrangement: str | Sequence[ArrangedGroup],
    *,
    theme: ThemeName = "dark",
    win_tile: Tile | str | None = None,
    size: int = 48,
) -> bytes:
    """A scored hand as a strip of tiles (for ``/score`` answers), as PNG bytes.

    One row, or two when one would be wider than :data:`STRIP_ROW` (four
    kongs and bonus tiles), so a phone still shows tiles 30 pixels wide.

    ``arrangement`` is the scorer's typed arrangement (``Score.groups``: the
    group holding the winning tile is marked), or hand notation as a person
    or the scorer writes it: each plain part one concealed group, ``[...]``
    exposed melds (drawn on a plate), ``(...)`` concealed kongs (outer tiles
    face down), bonus tiles last. The winning tile, if given, is framed.

    :raises NotationError: or :class:`InvalidHandError` for a string that is no hand.
    """
    return png_bytes(compose_strip(arrangement, theme=theme, win_tile=win_tile, size=size))
