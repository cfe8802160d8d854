"""The table image's markers: the discard that declared riichi laid sideways, the dora indicator
and the points in the centre in the header, a badge for each declaration beside a name.

The views come from real hands (:func:`declaring_deal`): wikibooks with riichi and dora, and
rumisberg with Fishing at four and at three players.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from PIL import Image, ImageChops
from render_support import compare_reference, declaring_deal, tile_runs

from engine.actions import ActionKind
from engine.tiles import Tile
from engine.views import DiscardView, SeatView
from render import table as render_table_module
from render.layout import DISPLAY_WIDTH, cap_height
from render.table import (
    CENTRE_H,
    CENTRE_TEXT_H,
    HEAD_H,
    MARGIN,
    PAD,
    ROW1_H,
    TILE,
    WIDTH,
    band_boxes,
    centre_row,
    compose_table,
    discard_places,
    discard_rows,
    dora_place,
    name_room,
    seat_order,
    table_size,
)
from render.text import label_font
from render.theme import IVORY, THEMES
from render.tiles import depth, face_height, tile_height, tile_image, turned_image, turned_size

NAMES = ("Ada", "Bärbel Müller-Lüdenscheidt", "陈伟 Chen Wei", "Dmitri")
DARK = THEMES["dark"]


@cache
def riichi_view() -> SeatView:
    """Wikibooks (riichi, dora): the public view just after a seat declared riichi."""
    deal = declaring_deal("wikibooks", {"riichi": True, "dora": True}, ActionKind.RIICHI, 5)
    return deal.view(None, names=NAMES, chips=(2000, 2000, 2000, 2000))


@cache
def fishing_view(players: int) -> SeatView:
    """Rumisberg (Fishing) at ``players`` players: the public view just after a seat went Fishing."""
    overrides: dict[str, object] = {"fishing": True}
    if players == 3:
        overrides["players"] = 3
    deal = declaring_deal("rumisberg", overrides, ActionKind.FISHING, 0 if players == 4 else 1)
    return deal.view(None, names=NAMES, chips=(10000,) * 4)


def _declarer(view: SeatView) -> int:
    assert len(view.declared) == 1
    return view.declared[0][0]


def _band_of(view: SeatView, seat: int) -> tuple[int, int, int, int]:
    order = [p.seat for p in seat_order(view)]
    return band_boxes(view)[order.index(seat)]


def _colours(image: Image.Image) -> set[object]:
    return {c for _, c in image.getcolors(1 << 20) or []}


def _inside(box: tuple[int, int, int, int] | None, outer: tuple[int, int, int, int]) -> bool:
    return (
        box is not None
        and outer[0] <= box[0]
        and outer[1] <= box[1]
        and box[2] <= outer[2]
        and box[3] <= outer[3]
    )


def _with_discards(view: SeatView, seat: int, discards: tuple[DiscardView, ...]) -> SeatView:
    players = tuple(dataclasses.replace(p, discards=discards) if p.seat == seat else p for p in view.players)
    return dataclasses.replace(view, players=players)


def test_the_real_views_carry_the_markers() -> None:
    view = riichi_view()
    seat = _declarer(view)
    assert view.declared == ((seat, "riichi"),)
    assert view.dora_indicator is not None and view.centre > 0
    turned = [d for p in view.players for d in p.discards if d.turned]
    assert len(turned) == 1 and view.last_discard == (seat, turned[0].tile)
    for players in (4, 3):
        assert fishing_view(players).declared[0][1] == "fishing"
    assert sum(p.vacant for p in fishing_view(3).players) == 1


# --- The discard that declared riichi --------------------------------------------------------


def test_turned_sprite_is_the_face_turned_a_quarter() -> None:
    for t in (Tile.parse("1m"), Tile.parse("5z")):
        sprite = turned_image(int(t), TILE)
        assert sprite.size == turned_size(TILE) == (face_height(TILE), TILE + depth(TILE))
        assert sprite.width > sprite.height  # lying sideways
        face = tile_image(int(t), TILE).crop((0, 0, TILE, face_height(TILE))).rotate(90, expand=True)
        alpha = face.getchannel("A")
        opaque = [
            (x, y) for x in range(face.width) for y in range(face.height) if alpha.getpixel((x, y)) == 255
        ]
        assert len(opaque) > face.width * face.height * 0.9
        assert all(sprite.getpixel(xy) == face.getpixel(xy) for xy in opaque)  # the upright face, turned
        assert sprite.getpixel((sprite.width // 2, sprite.height - 1)) != (*IVORY, 255)  # its thickness below


def test_discard_rows_make_room_for_a_sideways_tile() -> None:
    plain = tuple(DiscardView(Tile(i)) for i in range(17))
    assert discard_rows(plain) == 1 and discard_rows(()) == 1
    turned = (*plain[:3], dataclasses.replace(plain[3], turned=True), *plain[4:])
    places = discard_places(turned)
    assert discard_rows(turned) == 2 and places[-1] == (0, 1)  # the last one no longer fits
    assert places[4][0] - places[3][0] == face_height(TILE) + 1  # the next one after its full width


def test_the_riichi_discard_lies_sideways_in_its_row() -> None:
    view = riichi_view()
    seat = _declarer(view)
    # Every discard face up and unframed, so each tile is its own run of pixels.
    players = tuple(
        dataclasses.replace(p, discards=tuple(DiscardView(d.tile, turned=d.turned) for d in p.discards))
        for p in view.players
    )
    view = dataclasses.replace(view, players=players, last_discard=None)
    me = view.players[seat]
    flat = _with_discards(view, seat, tuple(dataclasses.replace(d, turned=False) for d in me.discards))
    turned, upright = compose_table(view), compose_table(flat)
    band = _band_of(view, seat)
    changed = ImageChops.difference(turned, upright).getbbox()
    assert _inside(changed, band)  # only the declarer's discards moved
    assert changed is not None and changed[1] >= band[1] + PAD + ROW1_H
    # Through the lower part of the row, below the faces (a bamboo's gaps would split a run):
    # the sideways tile is a run as wide as a tile is high.
    y = band[1] + PAD + ROW1_H + 8 + tile_height(TILE) - 8
    sideways = tile_runs(turned, y, band[0] + PAD, band[2] - PAD, DARK.panel)
    standing = tile_runs(upright, y, band[0] + PAD, band[2] - PAD, DARK.panel)
    assert len(sideways) == len(standing) == len(me.discards)
    assert sorted(standing)[-1] <= TILE + 1
    assert [w for w in sideways if w > TILE + 1] == [pytest.approx(face_height(TILE), abs=1)]


def test_the_riichi_discard_just_made_is_framed_sideways() -> None:
    view = riichi_view()  # the declaring discard is the last discard, framed
    image = compose_table(view)
    band = _band_of(view, _declarer(view))
    assert DARK.last in _colours(image.crop(band))
    unframed = compose_table(dataclasses.replace(view, last_discard=None))
    frame = ImageChops.difference(image, unframed).crop(band).getbbox()
    assert frame is not None
    w, h = frame[2] - frame[0], frame[3] - frame[1]
    assert w > h  # the frame is around a tile lying sideways
    assert abs(w - (face_height(TILE) + 4)) <= 2 and abs(h - (turned_size(TILE)[1] + 4)) <= 2


# --- The dora indicator and the centre ------------------------------------------------------


def test_the_dora_indicator_is_drawn_face_up_in_the_header() -> None:
    view = riichi_view()
    assert view.dora_indicator is not None
    with_dora = compose_table(view)
    place = dora_place(view)
    assert place is not None
    x, y = place
    crop = with_dora.crop((x, y, x + TILE, y + tile_height(TILE)))
    # Exactly the tile's sprite on the felt: the indicator's face, not a back or a blank.
    felt = Image.new("RGBA", crop.size, (*DARK.felt, 255))
    expected = Image.alpha_composite(felt, tile_image(int(view.dora_indicator), TILE)).convert("RGB")
    assert crop.tobytes() == expected.tobytes()
    assert IVORY in _colours(crop)
    # Another indicator changes that tile and nothing else.
    other = Tile((int(view.dora_indicator) + 9) % 27)
    changed = ImageChops.difference(with_dora, compose_table(dataclasses.replace(view, dora_indicator=other)))
    assert _inside(changed.getbbox(), (x, y, x + TILE, y + tile_height(TILE)))
    # Without one (and nothing in the centre) the header has no centre row.
    none = dataclasses.replace(view, dora_indicator=None, centre=0)
    assert dora_place(none) is None and centre_row(none) is None
    assert with_dora.height - compose_table(none).height == CENTRE_H
    assert table_size(view)[1] == with_dora.height


def test_the_centre_shows_its_points_only_when_there_are_some() -> None:
    view = riichi_view()
    row = centre_row(view)
    assert row is not None and row[1] == MARGIN + HEAD_H
    empty, some, more = (compose_table(dataclasses.replace(view, centre=n)) for n in (0, 1000, 2000))
    assert empty.size == some.size == more.size  # the dora indicator keeps the row
    for a, b in ((empty, some), (some, more)):
        box = ImageChops.difference(a, b).getbbox()
        assert _inside(box, row) and box is not None and box[0] > WIDTH // 2  # on the right of the row
    # Without a dora indicator the row is there for the points alone.
    bare = dataclasses.replace(view, dora_indicator=None)
    assert (
        compose_table(dataclasses.replace(bare, centre=0)).height + CENTRE_TEXT_H
        == compose_table(bare).height
    )
    bare_row = centre_row(bare)
    assert bare_row is not None
    box = ImageChops.difference(
        compose_table(bare), compose_table(dataclasses.replace(bare, centre=bare.centre * 2))
    ).getbbox()
    assert _inside(box, bare_row)


# --- Declarations ------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["riichi", "fishing-4", "fishing-3"])
def test_a_declaration_badges_the_name_plate(which: str) -> None:
    view = riichi_view() if which == "riichi" else fishing_view(int(which[-1]))
    seat = _declarer(view)
    marked, plain = compose_table(view), compose_table(dataclasses.replace(view, declared=()))
    band = _band_of(view, seat)
    left, right = name_room(view.players[seat], band)
    box = ImageChops.difference(marked, plain).getbbox()
    assert _inside(box, (left, band[1], right, band[1] + PAD + ROW1_H // 2 + 2))  # on the name line
    assert DARK.declared in _colours(marked.crop(band))
    assert DARK.declared not in _colours(plain) and DARK.declared not in _colours(
        marked.crop((0, 0, WIDTH, band[1]))
    )
    # The word says what was declared.
    other = "fishing" if which == "riichi" else "riichi"
    assert compose_table(dataclasses.replace(view, declared=((seat, other),))).tobytes() != marked.tobytes()


def test_badges_keep_to_the_name_column_of_a_long_name_and_mark_each_declarer() -> None:
    view = fishing_view(4)
    seat = _declarer(view)
    long = dataclasses.replace(
        view,
        players=tuple(dataclasses.replace(p, name="W" * 60) if p.seat == seat else p for p in view.players),
    )
    band = _band_of(view, seat)
    left, right = name_room(view.players[seat], band)
    box = ImageChops.difference(
        compose_table(long), compose_table(dataclasses.replace(long, declared=()))
    ).getbbox()
    assert _inside(box, (left - 1, band[1], right + 1, band[3]))
    assert box is not None and box[2] > right - 20  # the badge stands at the end of the column
    both = [p.seat for p in view.seated[:2]]
    image = compose_table(dataclasses.replace(view, declared=tuple((s, "riichi") for s in both)))
    for p, b in zip(seat_order(view), band_boxes(view), strict=True):
        assert (DARK.declared in _colours(image.crop(b))) == (p.seat in both)


# --- Readability and privacy -------------------------------------------------------------------


def test_marker_text_is_11_px_high_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, bool]] = []

    def spy(px: int, *, bold: bool = False) -> object:
        asked.append((px, bold))
        return label_font(px, bold=bold)

    monkeypatch.setattr(render_table_module, "label_font", spy)
    for lang in ("en", "de"):
        compose_table(riichi_view(), lang=lang)
        compose_table(dataclasses.replace(fishing_view(3), centre=1000), lang=lang)
    assert asked
    assert min(cap_height(px, bold=bold) for px, bold in asked) * DISPLAY_WIDTH / WIDTH >= 11


def test_the_markers_show_no_concealed_tile() -> None:
    """A seat's own view, declarer or not, draws the same table as the public view."""
    view = riichi_view()
    public = compose_table(view).tobytes()
    for seat in range(4):
        own = dataclasses.replace(view, seat=seat, concealed=(Tile.parse("1m"),) * 13, drawn=Tile.parse("9s"))
        assert compose_table(own).tobytes() == public


def test_reference_image_with_markers() -> None:
    compare_reference("table_markers_dark.png", compose_table(riichi_view(), theme="dark"))
