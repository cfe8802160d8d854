"""A player's own hand (private) and the tile strip of a scored hand."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.tiles import TILES, Tile, sorted_tiles
from engine.views import ArrangedGroup, SeatView
from render.layout import (
    Group,
    arranged,
    canvas,
    draw_groups,
    encode,
    groups_width,
    meld_faces,
    outline,
    parse_arrangement,
    paste_tile,
    wind_name,
    words,
)
from render.text import draw_text, label_font, tile_font
from render.theme import Lang, ThemeName
from render.theme import theme as get_theme
from render.tiles import tile_height


def compose_hand(
    view: SeatView, *, theme: ThemeName = "dark", size: int = 64, hint: bool = False, lang: Lang = "en"
) -> Image.Image:
    """The image of :func:`render_hand`, before encoding."""
    th = get_theme(theme)
    w = words(lang)
    size = max(24, min(int(size), 160))
    gap = max(2, size // 16)
    pad = size // 3
    th_h = tile_height(size)
    label_px = max(11, round(size * 0.3))
    lab = label_font(label_px, bold=True)
    head = label_font(max(12, round(size * 0.3)))
    head_bold = label_font(max(12, round(size * 0.3)), bold=True)
    me = view.me

    concealed = list(sorted_tiles(view.concealed))
    groups = (
        [Group(meld_faces(m), exposed=not m.concealed, concealed_kong=m.concealed) for m in me.melds]
        if me
        else []
    )
    bonus = list(me.bonus) if me else []
    drawn_gap = size // 2
    meld_gap = round(size * 0.6)
    group_gap = size // 4

    row_w = len(concealed) * (size + gap) - (gap if concealed else 0)
    if view.drawn is not None:
        row_w += drawn_gap + size
    if groups:
        row_w += meld_gap + groups_width(groups, size, gap, group_gap)
    small = max(20, round(size * 0.55))
    waits = list(view.hint.waits) if hint and view.hint else []
    waits_row_w = 0
    if waits:
        waits_row_w = round(head.getlength(w["waits"])) + size // 4 + len(waits) * (small + gap + small // 3)

    header_h = round(size * 0.62)
    label_h = round(size * 0.26)  # the "drawn" and "discard?" labels, clear of the header
    width = max(row_w, waits_row_w, round(size * 7)) + 2 * pad
    height = pad + header_h + label_h + th_h + label_px + size // 5 + pad
    if waits:
        height += tile_height(small) + label_px + size // 3
    image, draw = canvas(width, height, th.background)

    # Header: seat, prevailing wind, hand number; bonus tiles on the right.
    y = pad
    bonus_w = small * 0.72
    bonus_span = round(len(bonus) * (bonus_w + gap))
    parts = []
    if me is not None:
        parts.append(w["seat"].format(wind=wind_name(me.wind, lang)))
    parts.append(w["round"].format(wind=wind_name(view.prevailing, lang)))
    parts.append(w["hand"].format(n=view.hand_number))
    x = pad
    if me is not None:
        chip = tile_font(round(header_h * 0.8))
        draw.text((x, y + header_h // 2 - 2), "東南西北"[me.wind], font=chip, fill=th.accent, anchor="lm")
        x += round(chip.getlength("東")) + size // 6
        x += round(
            draw_text(
                draw, (x, y + header_h // 2), me.name, head_bold, th.text, max_width=width * 0.3, anchor="lm"
            )
        )
        x += size // 5
    draw_text(
        draw,
        (x, y + header_h // 2),
        " · ".join(parts),
        head,
        th.muted,
        max_width=width - x - pad - bonus_span - size // 4,
        anchor="lm",
    )
    bx = width - pad - bonus_span
    for t in bonus:
        bw = round(bonus_w)
        paste_tile(image, t, bw, bx, y + (header_h - tile_height(bw)) // 2)
        bx += bw + gap

    # The tiles: concealed, the drawn tile apart, then declared melds.
    y = pad + header_h + label_h
    target = view.hint.discard if hint and view.hint else None
    # The framed tile: the drawn tile if it is the suggestion, else its first concealed copy.
    mark_drawn = target is not None and view.drawn == target
    mark_index = -1 if mark_drawn or target not in concealed else concealed.index(target)
    x = pad

    def tile_with_label(t: Tile, x: int, marked: bool) -> None:
        paste_tile(image, t, size, x, y)
        colour = th.muted
        if marked:
            outline(draw, x, y, size, th.hint, grow=max(3, size // 14))
            colour = th.hint
        draw.text((x + size // 2, y + th_h + size // 10), str(t), font=lab, fill=colour, anchor="ma")

    for i, t in enumerate(concealed):
        tile_with_label(t, x, i == mark_index)
        x += size + gap
    if view.drawn is not None:
        x += drawn_gap - gap
        tile_with_label(view.drawn, x, mark_drawn)
        small_lab = label_font(max(10, round(size * 0.2)))
        draw.text((x + size // 2, y - size // 12), w["drawn"], font=small_lab, fill=th.muted, anchor="md")
        x += size
    if groups:
        x += meld_gap
        draw_groups(image, draw, groups, x, y, size, th, gap=gap, group_gap=group_gap)

    if mark_drawn or mark_index >= 0:
        draw_text(
            draw,
            (width - pad, pad + header_h + label_h - size // 12),
            f"{w['discard']} {target}",
            label_font(max(10, round(size * 0.22)), bold=True),
            th.hint,
            anchor="rd",
        )

    if waits:
        y = pad + header_h + label_h + th_h + label_px + size // 5 + size // 6
        x = pad
        sh = tile_height(small)
        x += round(draw_text(draw, (x, y + sh // 2), w["waits"], head, th.hint, anchor="lm")) + size // 4
        small_lab = label_font(max(10, round(small * 0.32)), bold=True)
        for t in waits:
            paste_tile(image, t, small, x, y)
            draw.text((x + small // 2, y + sh + 2), str(t), font=small_lab, fill=th.hint, anchor="ma")
            x += small + gap + small // 3
    return image


def render_hand(
    view: SeatView, *, theme: ThemeName = "dark", size: int = 64, hint: bool = False, lang: Lang = "en"
) -> bytes:
    """A player's own hand as PNG bytes (send it privately).

    The concealed tiles sorted by suit and number, each with its notation
    underneath (what ``/discard`` accepts); the freshly drawn tile set apart;
    declared melds (concealed kongs with face-down outer tiles); bonus tiles,
    seat and prevailing wind in the header. With ``hint``, the suggested
    discard (``view.hint.discard``) is framed and the winning tiles
    (``view.hint.waits``) are shown. ``size`` is the tile width in pixels.
    """
    return encode(compose_hand(view, theme=theme, size=size, hint=hint, lang=lang))


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
    gap = max(1, size // 24)
    group_gap = max(6, size // 4)
    pad = max(8, size // 4)
    width = groups_width(groups, size, gap, group_gap) + 2 * pad
    height = tile_height(size) + 2 * pad + max(3, size // 10)
    image, draw = canvas(width, height, th.background)
    draw_groups(image, draw, groups, pad, pad, size, th, gap=gap, group_gap=group_gap, win_tile=win)
    return image


def render_strip(
    arrangement: str | Sequence[ArrangedGroup],
    *,
    theme: ThemeName = "dark",
    win_tile: Tile | str | None = None,
    size: int = 48,
) -> bytes:
    """A scored hand as a strip of tiles (for ``/score`` answers), as PNG bytes.

    ``arrangement`` is the scorer's typed arrangement (``Score.groups``: the
    group holding the winning tile is marked), or hand notation as a person
    or the scorer writes it: each plain part one concealed group, ``[...]``
    exposed melds (drawn on a plate), ``(...)`` concealed kongs (outer tiles
    face down), bonus tiles last. The winning tile, if given, is framed.

    :raises NotationError: or :class:`InvalidHandError` for a string that is no hand.
    """
    return encode(compose_strip(arrangement, theme=theme, win_tile=win_tile, size=size))
