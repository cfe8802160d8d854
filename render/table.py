"""The public table, drawn from a view alone, for a phone's width.

Discord shows an image 400-550 pixels wide on a phone, so the table is a
column: a header on the felt (prevailing wind, hand number, tiles left in the
wall, whose turn or what the table waits for, the last discard large; below
them, when the hand has them, the dora indicator and the points lying in the
centre), then one band per seat in playing order, East first. Each band holds
the seat's wind, name (with a badge for each declaration in force: riichi,
Fishing, a call), chips and number of concealed tiles, its exposed melds and
bonus tiles, and its discards in rows (the last one framed, claimed ones
washed out, the one that declared riichi laid sideways). Concealed tiles are
never drawn, whoever looks: the table is public. Only the open view of a finished hand's
replay (:func:`engine.replay.open_view`, :attr:`PlayerView.revealed`) has them: then each band
shows its seat's hand face up on a darker strip between the melds and the discards, the tile just
drawn set apart.

Sizes are chosen for :data:`DISPLAY_WIDTH`: shown that wide, a discard is at
least 24 pixels wide and a capital letter at least 11 pixels high
(:func:`display_sizes` gives the figures the tests check).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.numbers import number
from engine.tiles import wind_name
from engine.views import DiscardView, Phase, PlayerView, SeatView
from render.encode import png_bytes
from render.layout import (
    DISPLAY_WIDTH,
    Group,
    canvas,
    cap_height,
    draw_groups,
    groups_width,
    meld_faces,
    outline,
    paste_tile,
    words,
)
from render.text import draw_text, label_font, tile_font
from render.theme import RGB, Lang, Theme, ThemeName
from render.theme import theme as get_theme
from render.tiles import BACK, dimmed, tile_height, tile_image, turned_image, turned_size

WIDTH: Final = 600
"""Width of the table image."""
MARGIN: Final = 10
"""Space around the header and the bands."""
PAD: Final = 10
"""Space inside a band."""
GAP: Final = 6
"""Space between two bands."""
HEAD_H: Final = 100
"""Height of the header."""
TILE: Final = 32
"""Width of a discard."""
TILE_GAP: Final = 1
ROW_GAP: Final = 3
MELD: Final = 26
"""Width of a tile in an exposed meld (smaller when four melds and bonus tiles need it)."""
MIN_BESIDE: Final = 22
"""Melds that would be narrower than this beside the name get a row of their own."""
MIN_MELD: Final = 16
NAME_PX: Final = 22
"""Player names."""
TEXT_PX: Final = 19
"""Every other text: the smallest on the table."""
TITLE_PX: Final = 22
BADGE: Final = 40
"""Side of the wind badge."""
NAME_MIN_W: Final = 170
"""The name column is never narrower than this (melds shrink first)."""
INNER: Final = WIDTH - 2 * MARGIN - 2 * PAD
"""Width inside a band."""
ROW1_H: Final = 46
"""Height of a band's first row: badge, name, chips, melds."""
COLS: Final = (INNER + TILE_GAP) // (TILE + TILE_GAP)
"""Discards in a row: one row holds a seat's discards in nearly every hand; a second is added when needed."""
LAST_W: Final = 42
"""Width of the last discard in the header."""

CENTRE_H: Final = tile_height(TILE) + 16
"""What the header grows by for its centre row when the hand has a dora indicator (the tile at
discard size, its label, and the points in the centre)."""
CENTRE_TEXT_H: Final = 38
"""What the header grows by for points in the centre alone (no dora indicator)."""
PILL_H: Final = 26
"""Height of a declaration's badge beside a name."""
PILL_PAD: Final = 8
"""Space each side of the word in a badge."""

LIGHT: Final = (236, 244, 238)
"""Text on the felt."""
SOFT: Final = (190, 222, 204)
"""Quieter text on the felt."""
ON_BADGE: Final = (255, 255, 255)
"""Text on a declaration's badge."""


def display_sizes() -> dict[str, float]:
    """What the acceptance figures are at :data:`DISPLAY_WIDTH`: discard width, smallest cap height."""
    scale = DISPLAY_WIDTH / WIDTH
    return {
        "discard_px": TILE * scale,
        "text_cap_px": min(cap_height(TEXT_PX), cap_height(NAME_PX, bold=True)) * scale,
    }


def discard_places(discards: Sequence[DiscardView]) -> list[tuple[int, int]]:
    """(x offset, row) of each discard in a band: left to right, a new row when the next one
    would not fit. :data:`COLS` discards fill a row; one laid sideways is wider (:func:`turned_size`)."""
    places: list[tuple[int, int]] = []
    x = row = 0
    for d in discards:
        w = turned_size(TILE)[0] if d.turned else TILE
        if x and x + w > INNER:
            x, row = 0, row + 1
        places.append((x, row))
        x += w + TILE_GAP
    return places


def discard_rows(discards: Sequence[DiscardView]) -> int:
    """Rows of discards a band shows for ``discards`` (at least one)."""
    places = discard_places(discards)
    return places[-1][1] + 1 if places else 1


def name_room(p: PlayerView, box: tuple[int, int, int, int]) -> tuple[int, int]:
    """Left and right edge of the name column of ``p``'s band at ``box`` (name, chips, tile count)."""
    left = box[0] + PAD + BADGE + 10
    right = box[0] + PAD + INNER
    size, beside = melds_layout(p)
    span = _melds_span(_meld_groups(p), len(p.bonus), size)
    if beside and span:
        right -= span + 12
    return left, right


VACANT_H: Final = 46
"""Height of the band of an empty place (three players): one line, no rack."""


HAND_PAD: Final = 5
"""Space around the tiles of a hand shown face up (a replay), inside its strip."""
DRAWN_GAP: Final = 10
"""Space before the tile just drawn in a hand shown face up."""


def hand_row_height(p: PlayerView) -> int:
    """Height of the strip of ``p``'s hand face up (a finished hand's replay), 0 without one."""
    if p.revealed is None:
        return 0
    return tile_height(TILE) + 2 * HAND_PAD + 8


def band_height(p: PlayerView) -> int:
    """Height of ``p``'s band: one row of discards (two if needed), a row of melds if they need one,
    the hand face up in a replay; an empty place's band is one slim line."""
    if p.vacant:
        return VACANT_H
    rows = discard_rows(p.discards)
    size, beside = melds_layout(p)
    melds = 0 if beside else tile_height(size) + 6
    hand = hand_row_height(p)
    return PAD + ROW1_H + 8 + melds + hand + rows * tile_height(TILE) + (rows - 1) * ROW_GAP + PAD


def head_height(view: SeatView) -> int:
    """Height of the header: :data:`HEAD_H`, and a centre row below when the hand shows a dora
    indicator or points lie in the centre."""
    if view.dora_indicator is not None:
        return HEAD_H + CENTRE_H
    return HEAD_H + (CENTRE_TEXT_H if view.centre > 0 else 0)


def band_boxes(view: SeatView) -> list[tuple[int, int, int, int]]:
    """Boxes of the seat bands in the order of :func:`seat_order` (East first, then playing order)."""
    y = MARGIN + head_height(view) + 8
    boxes = []
    for p in seat_order(view):
        h = band_height(p)
        boxes.append((MARGIN, y, WIDTH - MARGIN, y + h))
        y += h + GAP
    return boxes


def table_size(view: SeatView) -> tuple[int, int]:
    """Width and height of the table image of ``view``: every band one row of discards in most
    hands (600 × 630), a band one row taller where a seat has discarded more than a row holds,
    the header taller by its centre row (:func:`head_height`)."""
    boxes = band_boxes(view)
    return WIDTH, (boxes[-1][3] if boxes else MARGIN + head_height(view)) + MARGIN


def declarations(view: SeatView, seat: int, lang: Lang) -> list[str]:
    """The words of the badges beside ``seat``'s name: each declaration in force, in the view's order."""
    w = words(lang)
    return [w.get(f"declared_{what}", what.capitalize()) for s, what in view.declared if s == seat]


def _name(view: SeatView, seat: int) -> str:
    return view.players[seat].name if 0 <= seat < len(view.players) else "?"


def _meld_groups(p: PlayerView) -> list[Group]:
    return [Group(meld_faces(m), exposed=not m.concealed, concealed_kong=m.concealed) for m in p.melds]


def _melds_span(groups: Sequence[Group], bonus: int, size: int) -> int:
    """Pixels the melds and ``bonus`` bonus tiles take at tile width ``size``."""
    span = groups_width(groups, size, TILE_GAP, size // 3)
    if bonus:
        span += (size // 2 if groups else 0) + bonus * (size + TILE_GAP) - TILE_GAP
    return span


BESIDE_ROOM: Final = INNER - (BADGE + 10 + NAME_MIN_W + 12)
"""Room for melds and bonus tiles beside the name."""


def melds_layout(p: PlayerView) -> tuple[int, bool]:
    """The tile width of ``p``'s melds and bonus tiles, and whether they stand beside the name.

    Beside the name at up to :data:`MELD` pixels while they fit at
    :data:`MIN_BESIDE` or more; else in a row of their own (four kongs and
    many bonus tiles).
    """
    groups = _meld_groups(p)
    for size in range(MELD, MIN_BESIDE - 1, -1):
        if _melds_span(groups, len(p.bonus), size) <= BESIDE_ROOM:
            return size, True
    for size in range(MELD, MIN_MELD - 1, -1):
        if _melds_span(groups, len(p.bonus), size) <= INNER:
            return size, False
    return MIN_MELD, False


def _band(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    p: PlayerView,
    view: SeatView,
    th: Theme,
    lang: Lang,
) -> None:
    w = words(lang)
    x0, y0, x1, y1 = box
    active = view.turn == p.seat
    draw.rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1),
        radius=12,
        fill=th.panel,
        outline=th.accent if active else th.panel_edge,
        width=3 if active else 1,
    )
    x, y = x0 + PAD, y0 + PAD

    # The wind badge.
    by = y + (ROW1_H - BADGE) // 2
    draw.rounded_rectangle(
        (x, by, x + BADGE, by + BADGE), radius=9, fill=th.accent if active else th.panel_edge
    )
    draw.text(
        (x + BADGE // 2, by + BADGE // 2 + 1),
        "東南西北"[p.wind],
        font=tile_font(30),
        fill=th.panel if active else th.text,
        anchor="mm",
    )

    # Melds and bonus tiles on the right of the first row (or in a row of their own).
    groups = _meld_groups(p)
    left, name_right = name_room(p, box)
    size, beside = melds_layout(p)
    span = _melds_span(groups, len(p.bonus), size)
    mx = x0 + PAD + INNER - span if beside else x
    my = y + (ROW1_H - tile_height(size)) // 2 if beside else y + ROW1_H + 6
    bx = mx
    if groups:
        end, _ = draw_groups(image, draw, groups, mx, my, size, th, gap=TILE_GAP, group_gap=size // 3)
        bx = end + size // 2
    for t in p.bonus:
        paste_tile(image, t, size, bx, my)
        bx += size + TILE_GAP
    name_w = name_right - left

    # The name, and after it a badge for each declaration in force (the name gives way to them).
    name_font = label_font(NAME_PX, bold=True)
    pill_font = label_font(TEXT_PX, bold=True)
    pills = [
        (word, round(pill_font.getlength(word)) + 2 * PILL_PAD) for word in declarations(view, p.seat, lang)
    ]
    reserve = sum(pw + 8 for _, pw in pills)
    ny = y + 11
    shown = draw_text(draw, (left, ny), p.name, name_font, th.text, max_width=name_w - reserve, anchor="lm")
    px = left + (round(shown) + 8 if shown else 0)
    for word, pw in pills:
        top = ny - PILL_H // 2
        # pw pixels wide: PIL's right edge is inclusive (a truncated name leaves exactly the room)
        draw.rounded_rectangle((px, top, px + pw - 1, top + PILL_H), radius=PILL_H // 2, fill=th.declared)
        draw.text((px + pw // 2, ny), word, font=pill_font, fill=ON_BADGE, anchor="mm")
        px += pw + 8
    # Chips, the concealed tiles (a back and their count), and a computer player's mark.
    sub = label_font(TEXT_PX)
    sy = y + 36
    colour = th.accent if active else th.muted
    cx = left + draw_text(draw, (left, sy), number(p.chips, lang), sub, colour, anchor="lm")
    cx += draw_text(draw, (cx, sy), " · ", sub, colour, anchor="lm")
    back = 12
    paste_tile(image, BACK, back, round(cx), sy - tile_height(back) // 2)
    cx += back + 4
    cx += draw_text(draw, (cx, sy), f"{max(0, p.concealed_count)}", sub, colour, anchor="lm")
    if p.is_ai:
        draw_text(draw, (cx, sy), f" · {w['ai']}", sub, colour, anchor="lm", max_width=left + name_w - cx)

    # The hand face up (a finished hand's replay only), on a darker strip.
    dy0 = y + ROW1_H + 8 + (0 if beside else tile_height(size) + 6)
    if p.revealed is not None:
        _hand_strip(image, draw, p, x, dy0 - 4, th)
        dy0 += hand_row_height(p)

    # Discards in order, in rows; the last one framed, claimed ones washed out, the one that
    # declared riichi laid sideways (on the rows' baseline).
    th_t = tile_height(TILE)
    last = view.last_discard
    shade = th.panel if th.name == "dark" else th.panel_edge
    for i, (d, (ox, r)) in enumerate(zip(p.discards, discard_places(p.discards), strict=True)):
        sprite = _discard_sprite(d, shade)
        dx, dy = x + ox, dy0 + r * (th_t + ROW_GAP) + th_t - sprite.height
        image.paste(sprite, (dx, dy), sprite)
        if last is not None and last[0] == p.seat and i == len(p.discards) - 1 and d.tile == last[1]:
            outline(draw, dx, dy, TILE, th.last, grow=2, size=sprite.size)


def _hand_strip(
    image: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, th: Theme
) -> None:
    """``p``'s concealed tiles face up from (``x``, ``y``) on a strip as wide as the band's inside,
    the tile just drawn set apart and framed; tiles shrink if a long hand needs it."""
    tiles = list(p.revealed or ())
    count = len(tiles) + (p.revealed_drawn is not None)
    room = INNER - 2 * HAND_PAD - (DRAWN_GAP if p.revealed_drawn is not None else 0)
    size = min(TILE, (room + TILE_GAP) // max(1, count) - TILE_GAP)
    height = tile_height(TILE) + 2 * HAND_PAD
    draw.rounded_rectangle((x, y, x + INNER, y + height), radius=8, fill=th.background)
    tx, ty = x + HAND_PAD, y + HAND_PAD + tile_height(TILE) - tile_height(size)
    for t in tiles:
        paste_tile(image, t, size, tx, ty)
        tx += size + TILE_GAP
    if p.revealed_drawn is not None:
        tx += DRAWN_GAP - TILE_GAP
        paste_tile(image, p.revealed_drawn, size, tx, ty)
        outline(draw, tx, ty, size, th.accent, grow=2)


def _discard_sprite(d: DiscardView, shade: RGB) -> Image.Image:
    """A discard at :data:`TILE` width: laid sideways if it declared riichi, washed towards
    ``shade`` if it was claimed."""
    if d.claimed_by is not None:
        return dimmed(int(d.tile), TILE, shade, turned=d.turned)
    return turned_image(int(d.tile), TILE) if d.turned else tile_image(int(d.tile), TILE)


def _vacant_band(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], p: PlayerView, th: Theme, lang: Lang
) -> None:
    """An empty place (three players): a faint outline on the background, its wind in a small
    outlined badge and a quiet line saying nobody sits there; no name, chips or tiles."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=12, outline=th.panel_edge, width=1)
    side = y1 - y0 - 2 * 8
    bx, by = x0 + PAD, y0 + 8
    draw.rounded_rectangle((bx, by, bx + side, by + side), radius=7, outline=th.panel_edge, width=1)
    draw.text(
        (bx + side // 2, by + side // 2 + 1),
        "東南西北"[p.wind],
        font=tile_font(20),
        fill=th.muted,
        anchor="mm",
    )
    line = words(lang)["vacant"].format(wind=wind_name(p.wind, lang))
    tx = bx + side + 12
    draw_text(
        draw, (tx, (y0 + y1) // 2), line, label_font(TEXT_PX), th.muted, max_width=x1 - PAD - tx, anchor="lm"
    )


def _phase_text(view: SeatView, lang: Lang) -> str:
    w = words(lang)
    if view.phase == Phase.TURN and view.turn is not None:
        return w["to_move"].format(name=_name(view, view.turn))
    return w.get(str(view.phase), "")


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, th: Theme, lang: Lang) -> None:
    w = words(lang)
    x0, y0, x1, y1 = MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEAD_H
    bottom = MARGIN + head_height(view)
    draw.rounded_rectangle(
        (x0, y0, x1 - 1, bottom - 1), radius=14, fill=th.felt, outline=th.felt_edge, width=3
    )
    # The prevailing wind, large, on a darker square.
    sq = HEAD_H - 2 * PAD - 4
    sx, sy = x0 + PAD + 2, y0 + PAD + 2
    draw.rounded_rectangle((sx, sy, sx + sq, sy + sq), radius=12, fill=th.felt_edge)
    draw.text(
        (sx + sq // 2, sy + sq // 2 + 2),
        "東南西北"[view.prevailing],
        font=tile_font(58),
        fill=LIGHT,
        anchor="mm",
    )

    # The last discard (what the table may claim), framed, on the right; its label under it.
    tx = sx + sq + 14
    room: float = x1 - PAD - tx
    room3: float = room
    if view.last_discard is not None:
        _, tile = view.last_discard
        lx, ly = x1 - PAD - 4 - LAST_W, y0 + 9
        paste_tile(image, tile, LAST_W, lx, ly)
        outline(draw, lx, ly, LAST_W, th.last, grow=3)
        label = label_font(TEXT_PX)
        shown = draw_text(draw, (x1 - PAD, y1 - 7), w["last"], label, SOFT, anchor="rd", max_width=170)
        room = lx - 16 - tx
        room3 = x1 - PAD - shown - 16 - tx

    # Round and hand, the wall, and whose turn it is (or what the table waits for).
    title = (
        f"{w['round'].format(wind=wind_name(view.prevailing, lang))} · {w['hand'].format(n=view.hand_number)}"
    )
    draw_text(draw, (tx, y0 + 22), title, label_font(TITLE_PX, bold=True), LIGHT, max_width=room, anchor="lm")
    wall = f"{w['wall']} {view.wall_live} · {w['dead']} {view.wall_dead}"
    draw_text(draw, (tx, y0 + 50), wall, label_font(TEXT_PX), SOFT, max_width=room, anchor="lm")
    phase = _phase_text(view, lang)
    if phase:
        py = y0 + 78
        if view.phase == Phase.TURN:  # a marker in the accent colour before whose turn it is
            draw.polygon([(tx, py - 7), (tx + 11, py), (tx, py + 7)], fill=th.accent)
            tx += 17
            room3 -= 17
        bold = label_font(TEXT_PX, bold=True)
        draw_text(draw, (tx, py), phase, bold, LIGHT, max_width=room3, anchor="lm")
    _centre_row(image, draw, view, th, lang)


def centre_row(view: SeatView) -> tuple[int, int, int, int] | None:
    """Box of the header's centre row (under the wind, the wall and the last discard), or None
    when the hand has neither a dora indicator nor points in the centre."""
    top, bottom = MARGIN + HEAD_H, MARGIN + head_height(view)
    return (MARGIN, top, WIDTH - MARGIN, bottom) if bottom > top else None


def dora_place(view: SeatView) -> tuple[int, int] | None:
    """Top left corner of the dora indicator (a tile :data:`TILE` wide, under the prevailing
    wind's square), or None when there is none."""
    row = centre_row(view)
    if row is None or view.dora_indicator is None:
        return None
    return MARGIN + PAD + 2, (row[1] + row[3]) // 2 - tile_height(TILE) // 2


def _centre_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, th: Theme, lang: Lang) -> None:
    """The header's centre row (:func:`centre_row`), under a line: the dora indicator face up
    with its label, and the points lying in the centre (on the right, or on the left when there
    is no indicator)."""
    row = centre_row(view)
    if row is None:
        return
    w = words(lang)
    x0, y0, x1, y1 = row
    draw.line((x0 + PAD, y0, x1 - PAD - 1, y0), fill=th.felt_edge, width=2)
    cy = (y0 + y1) // 2
    left, right = x0 + PAD + 2, x1 - PAD
    bold = label_font(TEXT_PX, bold=True)
    centre = w["centre"].format(n=number(view.centre, lang)) if view.centre > 0 else ""
    place = dora_place(view)
    if place is None or view.dora_indicator is None:
        draw_text(draw, (left, cy), centre, bold, LIGHT, anchor="lm")
        return
    paste_tile(image, view.dora_indicator, TILE, *place)
    if centre:
        right -= round(draw_text(draw, (right, cy), centre, bold, LIGHT, anchor="rm")) + 16
    tx = place[0] + TILE + 12
    draw_text(
        draw, (tx, cy), w["dora_indicator"], label_font(TEXT_PX), SOFT, max_width=right - tx, anchor="lm"
    )


def seat_order(view: SeatView) -> list[PlayerView]:
    """The seats as the bands show them: by seat wind, East first."""
    return sorted(view.players[:4], key=lambda p: int(p.wind))


def compose_table(view: SeatView, *, theme: ThemeName = "dark", lang: Lang = "en") -> Image.Image:
    """The image of :func:`render_table`, before encoding."""
    th = get_theme(theme)
    words(lang)
    image, draw = canvas(*table_size(view), th.background)
    _header(image, draw, view, th, lang)
    for box, p in zip(band_boxes(view), seat_order(view), strict=True):
        if p.vacant:
            _vacant_band(draw, box, p, th, lang)
        else:
            _band(image, draw, box, p, view, th, lang)
    return image


def render_table(view: SeatView, *, theme: ThemeName = "dark", lang: Lang = "en") -> bytes:
    """The public table as PNG bytes (600 × 630 in nearly every hand: :func:`table_size`), from ``view``.

    A header with the prevailing wind, hand number, live and dead wall, whose
    turn it is or what the table waits for, and the last discard, and under
    them the dora indicator and the points in the centre when the hand has
    them; then a band per seat, East first (an empty place, with three
    players, a slim empty band): wind, name (a badge for each declaration in
    force), chips and concealed-tile count (a computer player marked), exposed
    melds (concealed kongs with their outer tiles face down), bonus tiles, and
    the discards in rows (the last one framed, claimed ones washed out, the
    one that declared riichi laid sideways). No concealed tile face is drawn,
    even when ``view`` is a seat's private view; only the open view of a finished
    hand's replay shows each seat's hand face up (:func:`engine.replay.open_view`).
    """
    return png_bytes(compose_table(view, theme=theme, lang=lang))
