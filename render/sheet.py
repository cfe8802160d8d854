"""The score sheet at the end of a hand: the winner's hand and lines, the losers, the payments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.tiles import Wind
from engine.views import PlayerView, ScoreSheetView
from render.layout import (
    Group,
    arranged,
    canvas,
    draw_groups,
    encode,
    groups_width,
    wind_name,
    words,
)
from render.text import draw_text, label_font, tile_font
from render.theme import Lang, Theme, ThemeName
from render.theme import theme as get_theme
from render.tiles import tile_height

WIDTH: Final = 960
PAD: Final = 28
WIN_TILE: Final = 46
LOSER_TILE: Final = 28
LINE_H: Final = 30


def _groups(sheet: ScoreSheetView, seat: int) -> list[Group]:
    """The drawing groups of ``seat``'s arranged hand (none when the sheet has no groups for it)."""
    return arranged(sheet.groups[seat]) if 0 <= seat < len(sheet.groups) else []


def _fit_groups(groups: list[Group], size: int, max_w: int) -> int:
    """The largest tile width up to ``size`` at which ``groups`` fit in ``max_w``."""
    while size > 14 and groups_width(groups, size, 1, size // 3) > max_w:
        size -= 2
    return size


def _badge(
    draw: ImageDraw.ImageDraw, x: int, y: int, wind: Wind, th: Theme, *, on: bool, px: int = 34
) -> None:
    draw.rounded_rectangle((x, y, x + px, y + px), radius=px // 4, fill=th.accent if on else th.panel_edge)
    draw.text(
        (x + px // 2, y + px // 2 + 1),
        "東南西北"[wind],
        font=tile_font(round(px * 0.8)),
        fill=th.panel if on else th.text,
        anchor="mm",
    )


def _name(players: Sequence[PlayerView], seat: int) -> str:
    return players[seat].name if 0 <= seat < len(players) else f"#{seat + 1}"


def _line_value(points: int, doubles: int, w: dict[str, str]) -> str:
    parts = []
    if points:
        parts.append(f"{points}")
    if doubles:
        parts.append(f"{w['doubles']}" if doubles == 1 else f"{w['doubles']}×{doubles}")
    return "  ".join(parts) or "0"


def compose_sheet(
    sheet: ScoreSheetView,
    players: Sequence[PlayerView],
    *,
    prevailing: Wind | None = None,
    hand_number: int | None = None,
    theme: ThemeName = "dark",
    lang: Lang = "en",
) -> Image.Image:
    """The image of :func:`render_sheet`, before encoding."""
    th = get_theme(theme)
    w = words(lang)
    n = len(sheet.hands)
    winner = sheet.winner if sheet.winner is not None and 0 <= sheet.winner < n else None
    title_f = label_font(30, bold=True)
    sub_f = label_font(18)
    line_f = label_font(19)
    bold_f = label_font(19, bold=True)
    small_f = label_font(15)
    inner = WIDTH - 2 * PAD

    win_lines = sheet.lines[winner] if winner is not None and winner < len(sheet.lines) else ()
    losers = [s for s in range(n) if s != winner]
    win_groups = _groups(sheet, winner) if winner is not None else []
    win_size = _fit_groups(win_groups, WIN_TILE, inner - 24)
    pays = list(sheet.payments)
    pay_rows = (len(pays) + 1) // 2

    height = PAD + 44 + 30 + 16
    if winner is not None:
        height += tile_height(win_size) + 24 + LINE_H * (len(win_lines) + 1) + 30
    height += len(losers) * (tile_height(LOSER_TILE) + 62) + 10
    height += 44 + 80 + pay_rows * 28 + PAD
    image, draw = canvas(WIDTH, height, th.background)

    # Title.
    y = PAD
    if winner is not None:
        p = players[winner] if winner < len(players) else None
        who = _name(players, winner) + (f" ({wind_name(p.wind, lang)})" if p else "")
        title = f"{w['mahjong']}: {who}"
    else:
        title = f"{w['draw']}: {sheet.reason.text}"
    draw_text(draw, (PAD, y), title, title_f, th.text, max_width=inner)
    sub = []
    if prevailing is not None:
        sub.append(w["round"].format(wind=wind_name(prevailing, lang)))
    if hand_number is not None:
        sub.append(w["hand"].format(n=hand_number))
    if sub:
        draw_text(draw, (PAD, y + 44), " · ".join(sub), sub_f, th.muted, max_width=inner)
    y += 44 + 30 + 16

    # The winner: the hand in melds, every line, the value.
    if winner is not None:
        box_h = tile_height(win_size) + 24 + LINE_H * (len(win_lines) + 1) + 12
        draw.rounded_rectangle(
            (PAD - 12, y - 12, WIDTH - PAD + 12, y + box_h), 16, fill=th.panel, outline=th.accent, width=3
        )
        gg = win_size // 3
        win = sheet.win_tile
        draw_groups(image, draw, win_groups, PAD, y, win_size, th, gap=1, group_gap=gg, win_tile=win)
        y += tile_height(win_size) + 24
        col_v = WIDTH - PAD - 10
        for name, points, doubles in win_lines:
            draw_text(draw, (PAD + 4, y), name, line_f, th.text, max_width=inner - 150)
            draw.text((col_v, y), _line_value(points, doubles, w), font=bold_f, fill=th.muted, anchor="ra")
            y += LINE_H
        draw.line((PAD, y - 2, WIDTH - PAD, y - 2), fill=th.panel_edge, width=2)
        value = sheet.values[winner] if winner < len(sheet.values) else 0
        draw.text((PAD + 4, y + 4), w["total"], font=bold_f, fill=th.text)
        draw.text((col_v, y + 4), f"{value}", font=bold_f, fill=th.accent, anchor="ra")
        y += LINE_H + 30

    # The losers: hand, value and lines in one row each.
    for s in losers:
        p = players[s] if s < len(players) else None
        row_h = tile_height(LOSER_TILE) + 50
        draw.rounded_rectangle((PAD - 12, y - 10, WIDTH - PAD + 12, y + row_h), 12, fill=th.panel)
        if p is not None:
            _badge(draw, PAD, y, p.wind, th, on=False, px=28)
        draw_text(draw, (PAD + 38, y + 14), _name(players, s), bold_f, th.text, max_width=260, anchor="lm")
        value = sheet.values[s] if s < len(sheet.values) else 0
        draw.text((WIDTH - PAD - 4, y + 14), f"{value}", font=bold_f, fill=th.text, anchor="rm")
        groups = _groups(sheet, s)
        size = _fit_groups(groups, LOSER_TILE, inner - 300 - 70)
        draw_groups(image, draw, groups, PAD + 300, y, size, th, gap=1, group_gap=size // 3)
        lines = sheet.lines[s] if s < len(sheet.lines) else ()
        summary = ", ".join(f"{name} {_line_value(pt, db, w)}" for name, pt, db in lines) or w["nothing"]
        draw_text(
            draw, (PAD + 4, y + tile_height(LOSER_TILE) + 16), summary, small_f, th.muted, max_width=inner - 8
        )
        y += row_h + 12
    y += 10

    # Payments: every seat's net, then each transfer.
    draw.text((PAD, y), w["payments"], font=bold_f, fill=th.text)
    y += 36
    cell = (inner + 12) // max(1, n)
    for s in range(n):
        cx = PAD + s * cell
        draw.rounded_rectangle((cx, y, cx + cell - 12, y + 64), 12, fill=th.panel)
        p = players[s] if s < len(players) else None
        if p is not None:
            _badge(draw, cx + 10, y + 8, p.wind, th, on=s == winner, px=24)
        draw_text(
            draw, (cx + 40, y + 20), _name(players, s), small_f, th.text, max_width=cell - 60, anchor="lm"
        )
        net = sheet.nets[s] if s < len(sheet.nets) else 0
        colour = th.good if net > 0 else th.bad if net < 0 else th.muted
        draw.text((cx + cell - 24, y + 46), f"{net:+d}", font=bold_f, fill=colour, anchor="rm")
    y += 80
    half = inner // 2
    for i, (payer, payee, amount) in enumerate(pays):
        col, row = divmod(i, pay_rows) if pay_rows else (0, 0)
        px, py = PAD + col * half, y + row * 28
        text = f"{_name(players, payer)} → {_name(players, payee)}"
        draw_text(draw, (px, py), text, small_f, th.muted, max_width=half - 90)
        draw.text(
            (px + half - 24, py), f"{amount}", font=label_font(15, bold=True), fill=th.text, anchor="ra"
        )
    return image


def render_sheet(
    sheet: ScoreSheetView,
    players: Sequence[PlayerView],
    *,
    prevailing: Wind | None = None,
    hand_number: int | None = None,
    theme: ThemeName = "dark",
    lang: Lang = "en",
) -> bytes:
    """The score sheet of a finished hand as PNG bytes.

    ``players`` gives each seat's name and wind (``view.players``). The
    winner's hand is shown arranged in melds with every scoring line and its
    value; each loser's hand with its value and lines; then each seat's net
    and every payment between seats.
    """
    return encode(
        compose_sheet(sheet, players, prevailing=prevailing, hand_number=hand_number, theme=theme, lang=lang)
    )
