"""The public table: four seats around a square, drawn from a view alone.

The viewer's seat (or, for the public view, East) sits at the bottom; play
runs to the right, across and to the left. Panels fill the image like a
pinwheel around the centre square, which shows the prevailing wind, the
hand number, the walls and the last discard. Concealed tiles are drawn as
backs with their count, for every seat, whoever looks: the table is public.
"""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

from engine.views import PlayerView, SeatView
from render.layout import (
    Group,
    canvas,
    draw_groups,
    encode,
    meld_faces,
    outline,
    paste_tile,
    wind_name,
    words,
)
from render.text import draw_text, label_font, tile_font
from render.theme import Lang, Theme, ThemeName
from render.theme import theme as get_theme
from render.tiles import BACK, dimmed, tile_height

SIDE: Final = 1000
"""Width and height of the table image."""
DEPTH: Final = 300
"""Short side of a seat panel; the long side is ``SIDE - DEPTH``."""
TILE: Final = 32
"""Width of discards, melds and the last-discard tiles in panels."""
BACK_W: Final = 17
BONUS_W: Final = 22


def _panel_boxes() -> list[tuple[int, int, int, int]]:
    """Boxes of the bottom, right, top and left panels (pinwheel around the centre)."""
    long = SIDE - DEPTH
    return [
        (0, long, long, SIDE),
        (long, DEPTH, SIDE, SIDE),
        (DEPTH, 0, SIDE, DEPTH),
        (0, 0, DEPTH, long),
    ]


def _panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    p: PlayerView,
    view: SeatView,
    th: Theme,
    lang: Lang,
) -> None:
    w = words(lang)
    m = 8
    x0, y0, x1, y1 = box[0] + m, box[1] + m, box[2] - m, box[3] - m
    active = view.turn == p.seat
    draw.rounded_rectangle(
        (x0, y0, x1, y1),
        radius=14,
        fill=th.panel,
        outline=th.accent if active else th.panel_edge,
        width=4 if active else 2,
    )
    pad = 12
    x, y = x0 + pad, y0 + pad
    inner_w = x1 - x0 - 2 * pad

    # Header: wind character, name, chips; "to move" for the active seat.
    head_h = 34
    wind_font = tile_font(26)
    draw.rounded_rectangle((x, y, x + 32, y + 32), radius=8, fill=th.accent if active else th.panel_edge)
    draw.text(
        (x + 16, y + 17),
        "東南西北"[p.wind],
        font=wind_font,
        fill=th.panel if active else th.text,
        anchor="mm",
    )
    chips_font = label_font(17, bold=True)
    chips = f"{p.chips:,}".replace(",", " ")
    chips_w = chips_font.getlength(chips)
    draw.text((x1 - pad, y + 16), chips, font=chips_font, fill=th.muted, anchor="rm")
    name_font = label_font(19, bold=True)
    sub_font = label_font(14)
    nx = x + 42
    name_max = x1 - pad - chips_w - 14 - nx
    draw_text(draw, (nx, y + 9), p.name, name_font, th.text, max_width=name_max, anchor="lm")
    sub = wind_name(p.wind, lang)
    if p.is_ai:
        sub += f" · {w['ai']}"
    if active:
        sub += f" · {w['turn']}"
    draw_text(
        draw, (nx, y + 27), sub, sub_font, th.accent if active else th.muted, max_width=name_max, anchor="lm"
    )
    y += head_h + 10

    # Concealed tiles as backs with their count, then melds and bonus tiles, flowing.
    gap = 2
    th_t = tile_height(TILE)
    back_h = tile_height(BACK_W)
    count = max(0, p.concealed_count)
    shown = min(count, 14)
    bx = x
    for _ in range(shown):
        paste_tile(image, BACK, BACK_W, bx, y + th_t - back_h)
        bx += BACK_W + 1
    count_font = label_font(16, bold=True)
    draw.text((bx + 6, y + th_t - back_h // 2), f"{count}", font=count_font, fill=th.muted, anchor="lm")
    cx = bx + 6 + round(count_font.getlength(f"{count}")) + 16
    groups = [Group(meld_faces(m), exposed=not m.concealed, concealed_kong=m.concealed) for m in p.melds]
    row_y = y
    for g in groups:
        span = len(g.tiles) * (TILE + gap) - gap
        if cx + span > x + inner_w:
            cx = x
            row_y += th_t + 10
        draw_groups(image, draw, [g], cx, row_y, TILE, th, gap=gap)
        cx += span + 12
    if p.bonus:
        span = len(p.bonus) * (BONUS_W + gap)
        if cx + span > x + inner_w:
            cx = x
            row_y += th_t + 10
        by = row_y + th_t - tile_height(BONUS_W)
        for t in p.bonus:
            paste_tile(image, t, BONUS_W, cx, by)
            cx += BONUS_W + gap
    y = row_y + th_t + 14

    # Discards in order, rows of equal length; the last one framed, claimed ones washed out.
    pitch = TILE + gap
    cols = max(1, (inner_w + gap) // pitch)
    tag_font = label_font(11, bold=True)
    last = view.last_discard
    for i, d in enumerate(p.discards):
        r, c = divmod(i, cols)
        dx, dy = x + c * pitch, y + r * (th_t + 3)
        if dy + th_t > y1 - 4:
            break
        if d.claimed_by is not None:
            sprite = dimmed(int(d.tile), TILE, th.panel)
            image.paste(sprite, (dx, dy), sprite)
            claimer = view.players[d.claimed_by] if 0 <= d.claimed_by < len(view.players) else None
            if claimer is not None:
                tag = "ESWN"[claimer.wind]
                draw.rounded_rectangle(
                    (dx + TILE - 13, dy + th_t - 14, dx + TILE, dy + th_t), 4, fill=th.accent
                )
                draw.text((dx + TILE - 6, dy + th_t - 7), tag, font=tag_font, fill=th.panel, anchor="mm")
        else:
            paste_tile(image, d.tile, TILE, dx, dy)
        is_last = last is not None and last[0] == p.seat and i == len(p.discards) - 1 and d.tile == last[1]
        if is_last:
            outline(draw, dx, dy, TILE, th.last, grow=2)


def _centre(image: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, th: Theme, lang: Lang) -> None:
    w = words(lang)
    x0, y0, x1, y1 = DEPTH + 10, DEPTH + 10, SIDE - DEPTH - 10, SIDE - DEPTH - 10
    draw.rounded_rectangle((x0, y0, x1, y1), radius=24, fill=th.felt, outline=th.felt_edge, width=6)
    cx = (x0 + x1) // 2
    light = (236, 244, 238)
    soft = (176, 214, 192)
    # The prevailing wind, large, and the hand number.
    big = tile_font(96)
    draw.text((cx, y0 + 84), "東南西北"[view.prevailing], font=big, fill=light, anchor="mm")
    info = label_font(20, bold=True)
    small = label_font(17)
    round_name = w["round"].format(wind=wind_name(view.prevailing, lang))
    draw_text(
        draw,
        (cx, y0 + 150),
        f"{round_name} · {w['hand'].format(n=view.hand_number)}",
        info,
        light,
        max_width=x1 - x0 - 20,
        anchor="mm",
    )
    draw_text(
        draw,
        (cx, y0 + 180),
        f"{w['wall']} {view.wall_live} · {w['dead']} {view.wall_dead}",
        small,
        soft,
        max_width=x1 - x0 - 20,
        anchor="mm",
    )
    # The last discard, or the phase.
    if view.last_discard is not None:
        seat, tile = view.last_discard
        tw = 52
        tx, ty = cx - tw // 2, y0 + 222
        paste_tile(image, tile, tw, tx, ty)
        outline(draw, tx, ty, tw, th.last, grow=3)
        who = view.players[seat].name if 0 <= seat < len(view.players) else "?"
        draw_text(
            draw,
            (cx, ty + tile_height(tw) + 20),
            f"{w['last']}: {who}",
            small,
            light,
            max_width=x1 - x0 - 30,
            anchor="mm",
        )
    elif view.phase in ("claims", "robbing", "over"):
        draw_text(draw, (cx, y0 + 260), w[view.phase], info, light, max_width=x1 - x0 - 20, anchor="mm")
    # Whose turn: a marker on the side of the square facing that seat.
    if view.turn is not None and view.players:
        side = _position(view, view.turn)
        a = th.accent
        mid_x, mid_y = cx, (y0 + y1) // 2
        tri = {
            0: [(mid_x - 18, y1 - 24), (mid_x + 18, y1 - 24), (mid_x, y1 - 8)],
            1: [(x1 - 24, mid_y - 18), (x1 - 24, mid_y + 18), (x1 - 8, mid_y)],
            2: [(mid_x - 18, y0 + 24), (mid_x + 18, y0 + 24), (mid_x, y0 + 8)],
            3: [(x0 + 24, mid_y - 18), (x0 + 24, mid_y + 18), (x0 + 8, mid_y)],
        }[side]
        draw.polygon(tri, fill=a)


def _bottom_seat(view: SeatView) -> int:
    if view.seat is not None:
        return view.seat
    for p in view.players:
        if p.wind == 0:
            return p.seat
    return 0


def _position(view: SeatView, seat: int) -> int:
    """0 bottom, 1 right, 2 top, 3 left."""
    return (seat - _bottom_seat(view)) % 4


def compose_table(view: SeatView, *, theme: ThemeName = "dark", lang: Lang = "en") -> Image.Image:
    """The image of :func:`render_table`, before encoding."""
    th = get_theme(theme)
    words(lang)
    image, draw = canvas(SIDE, SIDE, th.background)
    boxes = _panel_boxes()
    for p in view.players[:4]:
        _panel(image, draw, boxes[_position(view, p.seat)], p, view, th, lang)
    _centre(image, draw, view, th, lang)
    return image


def render_table(view: SeatView, *, theme: ThemeName = "dark", lang: Lang = "en") -> bytes:
    """The public table as PNG bytes, from ``view`` alone.

    Every seat with its wind, name, chips, exposed melds, bonus tiles and
    discards (the last one framed, claimed ones washed out and tagged with
    the claimer's wind), and its concealed tiles as backs with their count;
    the prevailing wind, hand number, live and dead wall in the centre, and
    a marker towards the seat to move. No concealed tile face is drawn, even
    when ``view`` is a seat's private view.
    """
    return encode(compose_table(view, theme=theme, lang=lang))
