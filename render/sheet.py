"""The score sheet at the end of a hand: an image for a phone, and its lines as text.

The image (:func:`render_sheet`) shows what a glance needs: who won and how,
every seat's hand as the scorer arranged it (the winning tile framed), each
hand's value and each seat's net. Every scoring line and every payment is in
the text (:func:`sheet_lines`), which the bot sends with the image as the
message's text: a phone shows text at its own size, and a long list of lines
in an image would be too small to read there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.errors import MahjongError
from engine.numbers import number, signed
from engine.rulesets import get_ruleset, table_for
from engine.scoring.names import line_words
from engine.scoring.report import amount_text, line_value, payment_note, reckon, short_calc, value_lines
from engine.scoring.scorer import ScoreLine
from engine.scoring.tables import Table
from engine.settings import Settings
from engine.tiles import Wind, notation_in_words, tile_name, tiles_in_words, wind_name
from engine.views import GroupKind, PlayerView, ScoreSheetView
from render.encode import png_bytes
from render.layout import (
    DISPLAY_WIDTH,
    Group,
    arranged,
    canvas,
    cap_height,
    draw_groups,
    groups_width,
    words,
)
from render.text import clean, draw_text, label_font, one_line, tile_font
from render.text import width as text_width
from render.theme import Lang, Theme, ThemeName
from render.theme import theme as get_theme
from render.tiles import tile_height

WIDTH: Final = 600
MARGIN: Final = 10
PAD: Final = 12
INNER: Final = WIDTH - 2 * MARGIN - 2 * PAD
WIN_TILE: Final = 38
"""Widest tile of the winner's hand (narrower when the hand needs it)."""
HAND_TILE: Final = 30
"""Widest tile of the other hands."""
MIN_TILE: Final = 22
TITLE_PX: Final = 26
NAME_PX: Final = 22
VALUE_PX: Final = 24
TEXT_PX: Final = 19
"""The smallest text on the sheet."""
NAME_ROOM: Final = 200
"""Room kept for a discarder's name when how the winner won is to go on one line."""
BADGE: Final = 36
HEAD_H: Final = 40
"""A seat's line: badge, name, value."""
NET_H: Final = 52
"""A seat's net."""


def display_sizes() -> dict[str, float]:
    """The smallest text's cap height at :data:`DISPLAY_WIDTH`, and the smallest tile width there."""
    scale = DISPLAY_WIDTH / WIDTH
    return {"text_cap_px": cap_height(TEXT_PX) * scale, "tile_px": MIN_TILE * scale}


def _signed(n: int, lang: Lang = "en") -> str:
    """``+5``, ``−5`` (a true minus), or ``0``, grouped as ``lang`` groups thousands
    (``+12,500`` / ``+12.500``)."""
    return signed(n, lang)


def _table(sheet: ScoreSheetView, settings: Settings | None) -> Table | None:
    """The scoring table the sheet's hands were valued by (``settings``: the table's house
    rules, else the ruleset's defaults); None for a sheet that names no ruleset."""
    if not sheet.ruleset:
        return None
    try:
        rs = get_ruleset(sheet.ruleset)
        return table_for(rs.name, rs.defaults if settings is None else settings)
    except MahjongError:  # settings of another ruleset: the ruleset's own say how it counts
        return table_for(sheet.ruleset, get_ruleset(sheet.ruleset).defaults)


def _amount(value: int, table: Table | None, lang: Lang) -> str:
    """A hand's value with its unit where it is not points (``8 fan``)."""
    return amount_text(value, table.unit if table is not None else "points", lang)


def _name(players: Sequence[PlayerView], seat: int) -> str:
    return players[seat].name if 0 <= seat < len(players) else f"#{seat + 1}"


def _groups(sheet: ScoreSheetView, seat: int) -> list[Group]:
    """The drawing groups of ``seat``'s arranged hand (none when the sheet has no groups for it)."""
    return arranged(sheet.groups[seat]) if 0 <= seat < len(sheet.groups) else []


def _fit(groups: Sequence[Group], size: int) -> int:
    """The largest tile width up to ``size`` (at least :data:`MIN_TILE`) at which ``groups`` fit a line."""
    while size > MIN_TILE and groups_width(groups, size, 1, max(6, size // 3)) > INNER:
        size -= 1
    return size


def _badge(draw: ImageDraw.ImageDraw, x: int, y: int, wind: Wind, th: Theme, *, on: bool) -> None:
    draw.rounded_rectangle((x, y, x + BADGE, y + BADGE), radius=8, fill=th.accent if on else th.panel_edge)
    draw.text(
        (x + BADGE // 2, y + BADGE // 2 + 1),
        "東南西北"[wind],
        font=tile_font(27),
        fill=th.panel if on else th.text,
        anchor="mm",
    )


def _how_parts(
    sheet: ScoreSheetView, players: Sequence[PlayerView], lang: Lang, *, name: str | None = None
) -> list[str]:
    """How the winner won, in parts: the winning tile, then self-drawn or on whose discard
    (``name``: the discarder's name to write, instead of theirs)."""
    w = words(lang)
    if sheet.win_tile is None:
        return []
    tile = tile_name(sheet.win_tile, lang, sheet.ruleset)
    parts = [w["winning_tile"].format(tile=tile)]
    if sheet.self_drawn:
        parts.append(w["self_drawn"])
    elif sheet.discarder is not None:
        who = one_line(_name(players, sheet.discarder)) if name is None else name
        parts.append(w["on_discard"].format(name=who))
    return parts


def _how(sheet: ScoreSheetView, players: Sequence[PlayerView], lang: Lang) -> str:
    """How the winner won: the winning tile, self-drawn or on whose discard."""
    return ", ".join(_how_parts(sheet, players, lang))


def _how_lines(sheet: ScoreSheetView, players: Sequence[PlayerView], lang: Lang) -> list[str]:
    """How the winner won as the image's lines: one line when it fits with :data:`NAME_ROOM` for
    the discarder's name, else the winning tile on one line and the discard on the next (a name
    too long for its line is cut). The name itself never decides, so no name moves the layout."""
    parts = _how_parts(sheet, players, lang)
    if len(parts) < 2:
        return parts
    nameless = ", ".join(_how_parts(sheet, players, lang, name=""))
    room = 0 if sheet.self_drawn else NAME_ROOM
    if text_width(clean(nameless), label_font(TEXT_PX)) + room <= INNER:
        return [", ".join(parts)]
    return [f"{parts[0]},", *parts[1:]]


def _seat_height(sheet: ScoreSheetView, seat: int, players: Sequence[PlayerView], lang: Lang) -> int:
    """Height of ``seat``'s box: its line, how it won (the winner), its arranged hand."""
    won = seat == sheet.winner
    groups = _groups(sheet, seat)
    size = _fit(groups, WIN_TILE if won else HAND_TILE)
    how = _how_lines(sheet, players, lang) if won else []
    return PAD + HEAD_H + 26 * len(how) + 8 + (tile_height(size) + 6 if groups else 0) + PAD


def _seat_box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    seat: int,
    sheet: ScoreSheetView,
    players: Sequence[PlayerView],
    th: Theme,
    lang: Lang,
    table: Table | None = None,
) -> int:
    """One seat's box from ``y``: badge, name, value, the arranged hand; returns the box's bottom."""
    won = seat == sheet.winner
    groups = _groups(sheet, seat)
    size = _fit(groups, WIN_TILE if won else HAND_TILE)
    how = _how_lines(sheet, players, lang) if won else []
    height = _seat_height(sheet, seat, players, lang)
    draw.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN - 1, y + height - 1),
        radius=12,
        fill=th.panel,
        outline=th.accent if won else th.panel_edge,
        width=3 if won else 1,
    )
    x, top = MARGIN + PAD, y + PAD
    p = players[seat] if 0 <= seat < len(players) else None
    if p is not None:
        _badge(draw, x, top + (HEAD_H - BADGE) // 2, p.wind, th, on=won)
    value = sheet.values[seat] if seat < len(sheet.values) else 0
    value_font = label_font(VALUE_PX if won else NAME_PX, bold=True)
    value_text = _amount(value, table, lang)
    draw.text(
        (WIDTH - MARGIN - PAD, top + HEAD_H // 2),
        value_text,
        font=value_font,
        fill=th.accent if won else th.text,
        anchor="rm",
    )
    name_x = x + BADGE + 10
    room = WIDTH - MARGIN - PAD - value_font.getlength(value_text) - 16 - name_x
    who = _name(players, seat)
    draw_text(
        draw,
        (name_x, top + HEAD_H // 2),
        who,
        label_font(NAME_PX, bold=True),
        th.text,
        max_width=room,
        anchor="lm",
    )
    ty = top + HEAD_H
    for line in how:
        draw_text(draw, (x, ty + 12), line, label_font(TEXT_PX), th.muted, max_width=INNER, anchor="lm")
        ty += 26
    if groups:
        draw_groups(
            image,
            draw,
            groups,
            x,
            ty + 8,
            size,
            th,
            gap=1,
            group_gap=max(6, size // 3),
            win_tile=sheet.win_tile if won else None,
        )
    return y + height


def compose_sheet(
    sheet: ScoreSheetView,
    players: Sequence[PlayerView],
    *,
    prevailing: Wind | None = None,
    hand_number: int | None = None,
    theme: ThemeName = "dark",
    lang: Lang = "en",
    settings: Settings | None = None,
) -> Image.Image:
    """The image of :func:`render_sheet`, before encoding."""
    th = get_theme(theme)
    table = _table(sheet, settings)
    w = words(lang)
    n = len(sheet.hands)
    winner = sheet.winner if sheet.winner is not None and 0 <= sheet.winner < n else None
    order = ([winner] if winner is not None else []) + [s for s in sheet.positions if s != winner]

    title_h = 36 + (28 if prevailing is not None or hand_number is not None else 0) + 6
    boxes_h = sum(_seat_height(sheet, seat, players, lang) + 8 for seat in order)
    nets_h = 40 + ((len(order) + 1) // 2) * (NET_H + 8) - 8
    image, draw = canvas(WIDTH, MARGIN + 4 + title_h + boxes_h + nets_h + MARGIN, th.background)
    y = MARGIN + 4
    if winner is not None:
        title = f"{w['mahjong']}: {_name(players, winner)}"
    else:
        title = f"{w['draw']}: {w.get(str(sheet.reason), sheet.reason.text)}"
    draw_text(draw, (MARGIN + 4, y), title, label_font(TITLE_PX, bold=True), th.text, max_width=WIDTH - 28)
    y += 36
    sub = []
    if prevailing is not None:
        sub.append(w["round"].format(wind=wind_name(prevailing, lang)))
    if hand_number is not None:
        sub.append(w["hand"].format(n=hand_number))
    if sub:
        draw_text(draw, (MARGIN + 4, y), " · ".join(sub), label_font(TEXT_PX), th.muted, max_width=WIDTH - 28)
        y += 28
    y += 6
    for seat in order:
        y = _seat_box(image, draw, y, seat, sheet, players, th, lang, table) + 8

    # Each seat's net, two to a row.
    draw_text(draw, (MARGIN + 4, y + 4), w["net"].capitalize(), label_font(NAME_PX, bold=True), th.text)
    y += 40
    cell_w = (WIDTH - 2 * MARGIN - 8) // 2
    cell_h = NET_H
    for i, seat in enumerate(order):
        r, c = divmod(i, 2)
        cx, cy = MARGIN + c * (cell_w + 8), y + r * (cell_h + 8)
        draw.rounded_rectangle((cx, cy, cx + cell_w - 1, cy + cell_h - 1), 12, fill=th.panel)
        p = players[seat] if 0 <= seat < len(players) else None
        if p is not None:
            _badge(draw, cx + 8, cy + (cell_h - BADGE) // 2, p.wind, th, on=seat == winner)
        net = sheet.nets[seat] if seat < len(sheet.nets) else 0
        net_font = label_font(NAME_PX, bold=True)
        net_text = _signed(net, lang)
        colour = th.good if net > 0 else th.bad if net < 0 else th.muted
        draw.text((cx + cell_w - 12, cy + cell_h // 2), net_text, font=net_font, fill=colour, anchor="rm")
        room = cell_w - 12 - net_font.getlength(net_text) - 10 - (BADGE + 18)
        draw_text(
            draw,
            (cx + BADGE + 18, cy + cell_h // 2),
            _name(players, seat),
            label_font(TEXT_PX, bold=True),
            th.text,
            max_width=room,
            anchor="lm",
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
    settings: Settings | None = None,
) -> bytes:
    """The score sheet of a finished hand as PNG bytes, 600 pixels wide.

    ``players`` gives each seat's name and wind (``view.players``), ``settings``
    the table's house rules (``view.settings``; the ruleset's defaults when
    None), by which a value is shown in its unit (``8 fan`` in jiangxi). The
    winner first, with how the hand was won; every seat's hand arranged as
    the scorer kept it (``sheet.groups``: exposed sets on a plate, concealed
    kongs with their outer tiles face down, the winning tile framed) and its
    value; then each seat's net. The scoring lines and the payments are in
    :func:`sheet_lines`, to be sent with the image as text.
    """
    return png_bytes(
        compose_sheet(
            sheet,
            players,
            prevailing=prevailing,
            hand_number=hand_number,
            theme=theme,
            lang=lang,
            settings=settings,
        )
    )


# --- The sheet as text -------------------------------------------------------------------


def _value(points: int, doubles: int, table: Table | None, lang: Lang) -> str:
    """One line's value in words, as ``mahjong score`` and ``/score`` write it."""
    return line_value(ScoreLine("", points, doubles), table.unit if table is not None else "points", lang)


def _seat_lines(sheet: ScoreSheetView, seat: int, lang: Lang) -> list[tuple[str, int, int]]:
    """``seat``'s score lines as (name, points, doubles), named in ``lang``.

    A sheet that carries each line's item code and set (``sheet.items``) names them in
    ``lang`` with the set or tile in words (:func:`engine.scoring.names.line_words`); one
    with only English names (``sheet.lines``) shows those.
    """
    if seat < len(sheet.items) and sheet.items[seat]:
        return [(line_words(sheet.ruleset, ln, lang), ln.points, ln.doubles) for ln in sheet.items[seat]]
    return list(sheet.lines[seat]) if seat < len(sheet.lines) else []


def sheet_lines(
    sheet: ScoreSheetView,
    players: Sequence[PlayerView],
    *,
    prevailing: Wind | None = None,
    hand_number: int | None = None,
    lang: Lang = "en",
    settings: Settings | None = None,
) -> list[str]:
    """The score sheet as lines of plain text, to send with :func:`render_sheet`'s image.

    The result and how it was won; the winner's hand in words (tiles by name,
    :func:`engine.tiles.tiles_in_words`; exposed sets in ``[ ]``) and every
    scoring line with its value (named in ``lang``: German names follow the
    seeds, :mod:`engine.scoring.names`), then how the value was made and the
    total, worded as ``mahjong score`` words them
    (:func:`engine.scoring.report.value_lines`: fan, rounding, scaling, a fixed
    value; ``settings`` are the table's house rules, the ruleset's defaults
    when None); each other seat's hand, value
    and lines on one line; every payment; every seat's net. Names are put on
    one line (controls and bidi overrides removed) but not escaped: the bot
    escapes Discord's markdown.

    >>> from render.examples import example
    >>> ex = example(7)
    >>> lines = sheet_lines(ex.sheet, ex.players)
    >>> lines[0].startswith("Mah-Jongg: ") and lines[-1].startswith("Net: ")
    True
    """
    w = words(lang)
    n = len(sheet.hands)
    winner = sheet.winner if sheet.winner is not None and 0 <= sheet.winner < n else None
    table = _table(sheet, settings)
    fixed = False

    def who(seat: int) -> str:
        p = players[seat] if 0 <= seat < len(players) else None
        name = one_line(_name(players, seat))
        return f"{name} ({wind_name(p.wind, lang)})" if p is not None else name

    def arrangement(seat: int) -> str:
        if not (0 <= seat < len(sheet.groups) and sheet.groups[seat]):
            typed = sheet.arrangements[seat] if seat < len(sheet.arrangements) else ""
            return notation_in_words(typed, lang, sheet.ruleset)
        parts: list[str] = []
        singles: list[int] = []
        for g in sheet.groups[seat]:
            if g.kind == GroupKind.SINGLE:
                singles.extend(g.tiles)
                continue
            if singles:
                parts.append(tiles_in_words(singles, lang, sheet.ruleset, loose=True))
                singles = []
            said = tiles_in_words(g.tiles, lang, sheet.ruleset, loose=g.kind == GroupKind.BONUS)
            parts.append(f"[{said}]" if g.exposed else f"({said})" if g.concealed_kong else said)
        if singles:
            parts.append(tiles_in_words(singles, lang, sheet.ruleset, loose=True))
        return ", ".join(parts)

    out: list[str] = []
    head = []
    if prevailing is not None:
        head.append(w["round"].format(wind=wind_name(prevailing, lang)))
    if hand_number is not None:
        head.append(w["hand"].format(n=hand_number))
    if winner is not None:
        value = sheet.values[winner] if winner < len(sheet.values) else 0
        title = f"{w['mahjong']}: {who(winner)}, {_amount(value, table, lang)}"
        how = _how(sheet, players, lang)
        out.append(title + (f" ({how})" if how else ""))
    else:
        out.append(f"{w['draw']}: {w.get(str(sheet.reason), sheet.reason.text)}")
    if head:
        out.append(" · ".join(head))
    if winner is not None:
        out.append(f"{one_line(_name(players, winner))}: {arrangement(winner)}")
        for name, points, doubles in _seat_lines(sheet, winner, lang):
            out.append(f"  {name}: {_value(points, doubles, table, lang)}")
        value = sheet.values[winner] if winner < len(sheet.values) else 0
        items = sheet.items[winner] if winner < len(sheet.items) else ()
        if table is not None and items:
            rk = reckon(items, value, table)
            fixed = rk.kind == "fixed"
            out += [f"  {line}" for line in value_lines(rk, lang)]
        else:
            out.append(f"  {w['total']}: {_amount(value, table, lang)}")
    for seat in sheet.positions:  # an empty place (three players) has no line
        if seat == winner:
            continue
        value = sheet.values[seat] if seat < len(sheet.values) else 0
        lines = _seat_lines(sheet, seat, lang)
        listed = "; ".join(f"{name}: {_value(pt, db, table, lang)}" for name, pt, db in lines) or w["nothing"]
        items = sheet.items[seat] if seat < len(sheet.items) else ()
        calc = short_calc(reckon(items, value, table), lang) if table is not None and items else ""
        if calc:
            listed = f"{calc}; {listed}"
        out.append(f"{who(seat)}: {arrangement(seat)}: {_amount(value, table, lang)} ({listed})")
    if sheet.payments:
        pays = ", ".join(
            f"{one_line(_name(players, a))} → {one_line(_name(players, b))}: {number(amount, lang)}"
            for a, b, amount in sheet.payments
        )
        out.append(f"{w['payments']}: {pays}")
        note = payment_note(settings or get_ruleset(sheet.ruleset).defaults, lang) if sheet.ruleset else ""
        if note and winner is not None and not fixed:  # a fixed value is paid as it is
            out.append(note)
    nets = ", ".join(f"{one_line(_name(players, s))} {_signed(sheet.nets[s], lang)}" for s in sheet.positions)
    out.append(f"{w['net'].capitalize()}: {nets}")
    return out
