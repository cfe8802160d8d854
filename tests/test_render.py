"""Images: sizes, contents, reference images, privacy of hidden tiles, hostile names, purity."""

from __future__ import annotations

import ast
import copy
import dataclasses
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw
from render_support import compare_reference, tile_runs

from engine.deal import Deal
from engine.errors import InvalidHandError, NotationError
from engine.hand import Hand, Meld
from engine.rulesets import get_ruleset
from engine.scoring import WinContext, score
from engine.scoring.names import line_words
from engine.scoring.scorer import ScoreLine
from engine.tiles import N_ALL, TILES, Tile, Wind, counts_of, parse_tiles, tile_name
from engine.views import DiscardView, EndReason, GroupKind, HintView, SeatView
from render import hand as render_hand_module
from render import render_hand, render_sheet, render_strip, render_table
from render import sheet as render_sheet_module
from render import table as render_table_module
from render.examples import example, example_table, write_examples
from render.hand import STRIP_ROW, compose_hand, compose_strip, hand_layout, strip_rows
from render.hand import WIDTH as HAND_WIDTH
from render.hand import display_sizes as hand_display_sizes
from render.layout import DISPLAY_WIDTH, cap_height, parse_arrangement
from render.sheet import WIDTH as SHEET_WIDTH
from render.sheet import compose_sheet, sheet_lines
from render.sheet import display_sizes as sheet_display_sizes
from render.table import (
    COLS,
    ROW1_H,
    TILE,
    band_boxes,
    compose_table,
    display_sizes,
    melds_layout,
    name_room,
    seat_order,
    table_size,
)
from render.table import PAD as TABLE_PAD
from render.table import WIDTH as TABLE_WIDTH
from render.text import clean, draw_text, fit, label_font
from render.text import runs as text_runs
from render.text import width as text_width
from render.theme import IVORY, THEMES, Lang
from render.tiles import BACK, tile_height, tile_image

ROOT = Path(__file__).resolve().parent.parent
EX = example(7)
ODD_NAMES = [
    "x" * 200,
    "محمد بن عبد الله" * 5,
    "\u202eevil\u202c override",
    "🀄🀄🀄 emoji 👩‍👩‍👧‍👦 family",
    "Z\u0336\u0335\u0334a\u0301\u0302\u0303\u0304\u0305l\u0306\u0307g\u0308o\u0309" * 8,
    "\n\t\x00\x07 control",
    "",
    "   ",
    "\ud800 lone surrogate",
    "W" * 60,
]


def _open(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _with_names(view: SeatView, names: dict[int, str]) -> SeatView:
    players = tuple(dataclasses.replace(p, name=names.get(p.seat, p.name)) for p in view.players)
    return dataclasses.replace(view, players=players)


# --- Tiles ------------------------------------------------------------------------


def test_every_tile_face_is_distinct_and_sized() -> None:
    for width in (32, 64):
        sprites = [tile_image(t, width) for t in [*range(N_ALL), BACK]]
        assert all(s.size == (width, tile_height(width)) and s.mode == "RGBA" for s in sprites)
        assert len({s.tobytes() for s in sprites}) == N_ALL + 1
        assert tile_image(5, width) is tile_image(TILES[5], width)  # cached, Tile or int


def test_unknown_tile_index_is_refused() -> None:
    with pytest.raises(ValueError):
        tile_image(42, 40)


# --- Strip ------------------------------------------------------------------------


def _runs(image: Image.Image, y: int, background: tuple[int, int, int]) -> int:
    """Runs of pixels along row ``y`` clearly unlike the background: tile-shaped regions."""
    row = [image.getpixel((x, y)) for x in range(image.width)]
    runs, inside = 0, False
    for px in row:
        assert isinstance(px, tuple)
        differs = sum(abs(a - b) for a, b in zip(px, background, strict=False)) > 120
        if differs and not inside:
            runs += 1
        inside = differs
    return runs


def test_strip_shows_one_region_per_tile() -> None:
    image = compose_strip("[555s] 234m 777z 99p 1f", theme="dark", size=48)
    pad = 12
    assert image.size == (12 * 48 + 7 * 2 + 4 * 12 + 2 * pad, tile_height(48) + 2 * pad + 4)
    # Near the top of the faces, above the meld plates, every tile is its own region.
    assert _runs(image, pad + 4, THEMES["dark"].background) == 12


def test_strip_concealed_kong_has_two_backs_and_win_tile_is_framed() -> None:
    plain = compose_strip("(1111m) 234m 777z 99p", size=40)
    framed = compose_strip("(1111m) 234m 777z 99p", size=40, win_tile="9p")
    hint = THEMES["dark"].hint
    assert hint not in {c for _, c in plain.getcolors(1 << 20) or []}
    assert hint in {c for _, c in framed.getcolors(1 << 20) or []}
    # The first and fourth tiles of the kong are backs: their centre pixels are jade, not ivory.
    back = tile_image(BACK, 40).getpixel((20, 20))
    assert isinstance(back, tuple) and back[3] == 255
    pitch = 40 + 1
    for i, expect_back in ((0, True), (1, False), (2, False), (3, True)):
        assert (plain.getpixel((10 + i * pitch + 20, 10 + 20)) == back[:3]) is expect_back


def test_strip_draws_the_scorers_typed_groups() -> None:
    result = score(
        Hand.parse("234m 777z [555s] [678p] 99p 1f"),
        WinContext.make(seat="S", win="9p", self_drawn=True),
        get_ruleset("dmjl"),
    )
    typed = compose_strip(result.groups, win_tile="9p")
    assert typed.tobytes() == compose_strip(result.arrangement, win_tile="9p").tobytes()
    # The marked group frames its winning tile even when no winning tile is named.
    assert THEMES["dark"].hint in {c for _, c in compose_strip(result.groups).getcolors(1 << 20) or []}


def test_strip_of_a_long_hand_takes_two_rows() -> None:
    """Four kongs and eight bonus tiles: two rows, so a phone still shows tiles 30 pixels wide."""
    text = "[1111m] (2222p) [3333s] [EEEE] 55p 12345678f"
    rows = strip_rows(parse_arrangement(text), 48)
    assert len(rows) == 2 and sum(len(g.tiles) for r in rows for g in r) == 26
    image = compose_strip(text, win_tile="5p")
    assert image.width <= STRIP_ROW and 48 * DISPLAY_WIDTH / image.width >= 30
    hint = THEMES["dark"].hint
    assert hint in {c for _, c in image.getcolors(1 << 20) or []}  # the winning tile is framed
    assert len(strip_rows(parse_arrangement("234m 567p 789s 111z 99p"), 48)) == 1  # a plain hand: one row


@pytest.mark.parametrize("bad", ["", "hello", "[12m]", "11111m", "(123m)"])
def test_strip_refuses_bad_notation(bad: str) -> None:
    with pytest.raises((NotationError, InvalidHandError)):
        render_strip(bad)


def test_reference_images() -> None:
    compare_reference("strip_dark.png", compose_strip(EX.strip, theme="dark", win_tile=EX.strip_win, size=40))
    compare_reference("hand_light.png", compose_hand(EX.private, theme="light", hint=True))
    compare_reference(
        "hand_kongs_dark_de.png", compose_hand(_kongs(hint=True), theme="dark", hint=True, lang="de")
    )
    compare_reference("table_dark.png", compose_table(EX.public, theme="dark"))
    compare_reference("table_seat_light_de.png", compose_table(EX.private, theme="light", lang="de"))
    compare_reference(
        "sheet_light.png",
        compose_sheet(
            EX.sheet, EX.players, prevailing=EX.sheet_round, hand_number=EX.sheet_hand, theme="light"
        ),
    )


# --- Hand -------------------------------------------------------------------------


def test_hand_image_and_hints() -> None:
    plain = compose_hand(EX.private, theme="dark")
    hinted = compose_hand(EX.private, theme="dark", hint=True)
    assert plain.width == hinted.width and hinted.height > plain.height  # the waits row
    th = THEMES["dark"]
    colours = {c for _, c in hinted.getcolors(1 << 20) or []}
    assert th.hint in colours
    assert th.hint not in {c for _, c in plain.getcolors(1 << 20) or []}
    assert plain.getpixel((0, 0)) == th.background
    light = compose_hand(EX.private, theme="light")
    assert light.getpixel((0, 0)) == THEMES["light"].background
    data = render_hand(EX.private, hint=True)
    assert _open(data).size == hinted.size and len(data) < 1_000_000


def test_hand_shows_each_concealed_tile_and_the_drawn_one() -> None:
    me = EX.private.me
    assert me is not None
    view = dataclasses.replace(
        EX.private, players=tuple(dataclasses.replace(p, melds=(), bonus=()) for p in EX.private.players)
    )
    image = compose_hand(view, theme="dark", size=48)
    regions = _runs(image, hand_layout(view, size=48).tiles_y + 4, THEMES["dark"].background)
    assert regions == len(view.concealed) + 1


def test_hand_size_option_scales() -> None:
    small = compose_hand(EX.private, size=40)
    large = compose_hand(EX.private, size=80)
    assert large.width > 1.8 * small.width


def _own(
    concealed: str,
    drawn: str | None = None,
    *,
    melds: tuple[str, ...] = (),
    bonus: str = "",
    hint: HintView | None = None,
    name: str | None = None,
) -> SeatView:
    """The example's private view holding exactly these tiles (as hand notation)."""
    seat = EX.private.seat
    players = tuple(
        dataclasses.replace(
            p,
            melds=tuple(Meld.parse(m) for m in melds),
            bonus=tuple(parse_tiles(bonus)) if bonus else (),
            name=p.name if name is None else name,
        )
        if p.seat == seat
        else p
        for p in EX.private.players
    )
    return dataclasses.replace(
        EX.private,
        players=players,
        concealed=tuple(parse_tiles(concealed)) if concealed else (),
        drawn=Tile.parse(drawn) if drawn else None,
        hint=hint,
    )


def _kongs(*, hint: bool = False) -> SeatView:
    """Four kongs (16 tiles, one concealed), a pair and all eight bonus tiles."""
    return _own(
        "5p" if hint else "55p",
        "5p" if hint else None,
        melds=("[1111m]", "(2222p)", "[3333s]", "[EEEE]"),
        bonus="12345678f",
        hint=HintView(Tile.parse("5p"), (Tile.parse("9s"),)) if hint else None,
    )


def _worst_hands() -> dict[str, SeatView]:
    """The hands hardest to fit on a phone."""
    return {
        "fifteen tiles": _own("11123456789m123p", "6p"),  # 14 concealed tiles and a drawn one
        "four kongs": _kongs(),
        "four kongs, drawn": _kongs(hint=True),
        "nine gates": _own(
            "1112345678999m", "5p", hint=HintView(Tile.parse("5p"), tuple(parse_tiles("123456789m")))
        ),
        "thirteen orphans": _own(
            "19m19p19s1234567z",
            "2m",
            hint=HintView(Tile.parse("2m"), tuple(parse_tiles("19m19p19s1234567z"))),
        ),
        "long name": _own(
            "123m456p789s", "5z", melds=("[EEE]",), bonus="12345678f", name="Bärbel Müller-Lüdenscheidt 🀄"
        ),
        "example": EX.private,
    }


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hand_tiles_are_30_px_wide_at_phone_width(lang: Lang) -> None:
    """Shown 500 pixels wide, every concealed tile (and the drawn one) is at least 30 pixels wide."""
    bg = THEMES["dark"].background
    for name, view in _worst_hands().items():
        assert hand_display_sizes(view, hint=True, lang=lang)["tile_px"] >= 30, name
        plain = compose_hand(view, lang=lang)
        hinted = compose_hand(view, hint=True, lang=lang)
        assert plain.width == hinted.width == HAND_WIDTH, name  # about 600: shown a little smaller
        scale = DISPLAY_WIDTH / plain.width
        lay = hand_layout(view, lang=lang)
        assert lay.tiles_x == hand_layout(view, hint=True, lang=lang).tiles_x  # a hint moves no tile
        # Measured through the ivory tops of the tiles: one run per tile, none narrower than 30 there.
        end = lay.tiles_x[-1] + lay.tile + 1
        widths = tile_runs(plain, lay.tiles_y + 4, 0, end, bg)
        assert len(widths) == len(view.concealed) + (view.drawn is not None), (name, widths)
        assert min(widths) * scale >= 30, (name, widths)


def test_hand_melds_bonus_tiles_and_waits_fit_a_phone() -> None:
    bg = THEMES["dark"].background
    hands = _worst_hands()
    # Four kongs take a row of their own under the concealed tiles, the bonus tiles sit in the header.
    kongs = hand_layout(hands["four kongs"])
    assert not kongs.melds_beside and kongs.meld * DISPLAY_WIDTH / kongs.width >= 26
    assert kongs.bonus * DISPLAY_WIDTH / kongs.width >= 18
    image = compose_hand(hands["four kongs"])
    top = kongs.melds_xy[1] + 4  # through the tiles' tops, above the plates
    assert len(tile_runs(image, top, 0, image.width, bg)) == 16
    bx, by = kongs.bonus_xy
    assert len(tile_runs(image, by + 4, bx - 1, image.width, bg)) == 8
    # A few melds stand beside the concealed tiles (one row of tiles).
    assert hand_layout(EX.private).melds_beside
    # Nine waits stand beside the hint's words; thirteen get a row of their own. Every one is drawn.
    for name, n in (("nine gates", 9), ("thirteen orphans", 13)):
        view = hands[name]
        lay = hand_layout(view, hint=True)
        image = compose_hand(view, hint=True)
        x, y = lay.waits_xy
        widths = tile_runs(image, y + 4, x - 1, image.width, THEMES["dark"].panel)
        assert len(widths) == n and min(widths) * DISPLAY_WIDTH / image.width >= 24, (name, widths)
    # Never much empty space: the last row reaches the bottom, less the margin.
    for name, view in hands.items():
        for hint in (False, True):
            image = compose_hand(view, hint=hint)
            box = ImageChops.difference(image, Image.new("RGB", image.size, bg)).getbbox()
            assert box is not None and box[3] >= image.height - 14, (name, hint, box)
            assert image.height <= 0.6 * image.width, (name, hint, image.size)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hand_text_is_11_px_high_at_phone_width(monkeypatch: pytest.MonkeyPatch, lang: Lang) -> None:
    """Shown 500 pixels wide, every line of text (name, seat line, notation under the tiles, the
    "drawn" label, the hint's words and the waits' notation) has capitals at least 11 pixels high."""
    hands = _worst_hands()
    assert all(hand_display_sizes(v, hint=True, lang=lang)["text_cap_px"] >= 11 for v in hands.values())
    asked = _text_sizes(monkeypatch, render_hand_module)
    widths = {compose_hand(view, hint=True, lang=lang).width for view in hands.values()}
    assert asked and widths == {HAND_WIDTH}
    scale = DISPLAY_WIDTH / HAND_WIDTH
    assert min(cap_height(px, bold=bold) for px, bold in asked) * scale >= 11
    # Measured on the image: a name of capitals, drawn where the plain name was.
    plain = compose_hand(_with_names(EX.private, {0: ""}), lang=lang)
    caps = compose_hand(_with_names(EX.private, {0: "HHH"}), lang=lang)
    box = ImageChops.difference(plain, caps).getbbox()
    assert box is not None and (box[3] - box[1]) * scale >= 11


def test_hand_is_deterministic() -> None:
    for view in _worst_hands().values():
        assert render_hand(view, hint=True, lang="de") == render_hand(view, hint=True, lang="de")


# --- Table ------------------------------------------------------------------------


def test_table_opens_at_its_size_and_is_small() -> None:
    for theme in ("dark", "light"):
        data = render_table(EX.public, theme=theme)
        image = _open(data)
        assert image.size == table_size(EX.public) == (TABLE_WIDTH, 630)  # one row of discards a seat
        assert image.height > image.width  # taller than wide, for a phone
        assert len(data) < 300 * 1024
        assert image.getpixel((TABLE_WIDTH // 2, 2)) != image.getpixel((TABLE_WIDTH // 2, 40))


def test_table_is_deterministic() -> None:
    """Equal views, built apart, give the same bytes; one tile fewer in the wall does not."""
    again = copy.deepcopy(EX.public)
    assert again is not EX.public and render_table(again) == render_table(EX.public)
    later = dataclasses.replace(EX.public, wall_live=EX.public.wall_live - 1, version=EX.public.version + 1)
    assert render_table(later) != render_table(EX.public)


def test_table_discards_are_24_px_wide_at_phone_width() -> None:
    """Issue 10 §5: shown 500 pixels wide, every discard is at least 24 pixels wide."""
    assert display_sizes()["discard_px"] >= 24
    # The example table with every discard face up (claimed ones are washed out towards the panel).
    players = tuple(
        dataclasses.replace(p, discards=tuple(DiscardView(d.tile) for d in p.discards))
        for p in EX.public.players
    )
    view = dataclasses.replace(EX.public, players=players, last_discard=None)  # no frame joins two tiles
    image = compose_table(view, theme="dark")
    scale = DISPLAY_WIDTH / image.width
    panel = THEMES["dark"].panel
    measured = 0
    for box, p in zip(band_boxes(view), seat_order(view), strict=True):
        if not p.discards:
            continue
        _, beside = melds_layout(p)
        assert beside  # the example's melds stand beside the names
        y = box[1] + TABLE_PAD + ROW1_H + 8 + 3  # through the ivory top of the first row of discards
        widths = tile_runs(image, y, box[0] + TABLE_PAD, box[2] - TABLE_PAD, panel)
        assert len(widths) == min(len(p.discards), COLS)  # one run per discard
        assert min(widths) * scale >= 24, widths
        measured += len(widths)
    assert measured >= 20


def _text_sizes(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[int, bool]]:
    """Record every label font size ``module`` asks for while it draws."""
    asked: list[tuple[int, bool]] = []

    def spy(px: int, *, bold: bool = False) -> object:
        asked.append((px, bold))
        return label_font(px, bold=bold)

    monkeypatch.setattr(module, "label_font", spy)
    return asked


def test_table_text_is_11_px_high_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10 §5: shown 500 pixels wide, every line of text has capitals at least 11 pixels high."""
    assert display_sizes()["text_cap_px"] >= 11
    asked = _text_sizes(monkeypatch, render_table_module)
    for lang in ("en", "de"):
        compose_table(EX.public, lang=lang)
        compose_table(EX.private, lang=lang)
    assert asked
    scale = DISPLAY_WIDTH / TABLE_WIDTH
    assert min(cap_height(px, bold=bold) for px, bold in asked) * scale >= 11
    # Measured on the image: a name of capitals, drawn where the plain name was.
    seat = seat_order(EX.public)[0].seat
    plain = compose_table(_with_names(EX.public, {seat: ""}))
    caps = compose_table(_with_names(EX.public, {seat: "HHH"}))
    box = ImageChops.difference(plain, caps).getbbox()
    assert box is not None and (box[3] - box[1]) * scale >= 11


def _state_views(hidden: list[list[int]], drawn: int | None) -> tuple[SeatView, SeatView]:
    """Views of a table whose concealed hands are ``hidden`` (as the game engine would build them)."""
    base = EX.public
    players = tuple(
        dataclasses.replace(
            p, concealed_count=len(hidden[p.seat]) + (1 if drawn is not None and p.seat == 0 else 0)
        )
        for p in base.players
    )
    public = dataclasses.replace(base, players=players)
    private = dataclasses.replace(
        public,
        seat=0,
        concealed=tuple(TILES[t] for t in hidden[0]),
        drawn=None if drawn is None else TILES[drawn],
        hint=HintView(TILES[hidden[0][0]] if hidden[0] else None),
    )
    return public, private


_hands = st.lists(st.lists(st.integers(0, 33), min_size=4, max_size=4), min_size=4, max_size=4)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=_hands, second=_hands, drawn=st.none() | st.integers(0, 33))
def test_table_pixels_never_depend_on_hidden_tiles(
    first: list[list[int]], second: list[list[int]], drawn: int | None
) -> None:
    public_a, private_a = _state_views(first, drawn)
    public_b, private_b = _state_views(second, drawn)
    # The public views carry no concealed tile at all (rendering both would compare the
    # renderer's output with itself): the image of each seat's own view is compared instead.
    assert public_a == public_b
    shown = render_table(public_a)
    # A seat's own view (its concealed tiles, drawn tile and hint) draws exactly the table
    # everyone sees: no concealed face, whatever the tiles.
    assert render_table(private_a) == shown
    assert render_table(private_b) == shown
    # What is public does show: one tile fewer behind a seat changes the image.
    fewer, _ = _state_views([first[0], first[1][:3], first[2], first[3]], drawn)
    assert render_table(fewer) != shown


def test_table_of_backs_only_shows_no_tile_face() -> None:
    players = tuple(
        dataclasses.replace(p, melds=(), bonus=(), discards=(), concealed_count=13) for p in EX.public.players
    )
    bare = dataclasses.replace(EX.public, players=players, last_discard=None)
    image = compose_table(bare)
    colours = {c for _, c in image.getcolors(1 << 20) or []}
    assert IVORY not in colours  # no tile face anywhere: only backs
    assert IVORY in {c for _, c in compose_table(EX.public).getcolors(1 << 20) or []}


def test_table_grows_a_row_only_for_a_seat_that_needs_it() -> None:
    seat = seat_order(EX.public)[1]
    many = tuple(DiscardView(TILES[i % 34]) for i in range(COLS + 3))
    players = tuple(
        dataclasses.replace(p, discards=many) if p.seat == seat.seat else p for p in EX.public.players
    )
    view = dataclasses.replace(EX.public, players=players, last_discard=None)
    width, height = table_size(view)
    assert width == TABLE_WIDTH and height == 630 + tile_height(TILE) + 3
    # Four exposed kongs and eight bonus tiles take a row of their own, still inside the band.
    kongs = tuple(Meld.parse(m) for m in ("[1111m]", "(2222p)", "[3333s]", "[EEEE]"))
    players = tuple(
        dataclasses.replace(p, melds=kongs, bonus=tuple(TILES[34:42])) if p.seat == seat.seat else p
        for p in EX.public.players
    )
    crowded = dataclasses.replace(EX.public, players=players)
    size, beside = melds_layout(crowded.players[seat.seat])
    assert not beside and size >= 18
    image = compose_table(crowded)
    assert image.height == 630 + tile_height(size) + 6


def test_table_header_shows_whose_turn_and_the_last_discard() -> None:
    th = THEMES["dark"]
    claims = compose_table(EX.public)  # the last discard, framed, in the header and in its band
    assert EX.public.last_discard is not None and EX.public.phase == "claims"
    header = claims.crop((0, 0, TABLE_WIDTH, 110))
    assert th.last in {c for _, c in header.getcolors(1 << 20) or []}
    turn = compose_table(EX.private)  # a seat to move: the accent marks it
    assert EX.private.turn is not None
    assert th.accent in {c for _, c in turn.crop((0, 0, TABLE_WIDTH, 110)).getcolors(1 << 20) or []}
    assert th.last not in {c for _, c in turn.crop((0, 0, TABLE_WIDTH, 110)).getcolors(1 << 20) or []}


# --- Names ------------------------------------------------------------------------


def test_clean_replaces_what_the_font_lacks() -> None:
    assert clean("Zoë\u202e\u200d 🀄🀄 Łukasz") == "Zoë Lukasz"  # emoji and zero-width dropped
    assert clean("陈伟 Chen Wei") == "陈伟 Chen Wei"
    assert clean("🀄🀄") == "?"
    assert clean("a\u0301") == "á"
    assert clean("\x00\n\t") == ""
    font = label_font(18)
    for name in ODD_NAMES:
        assert text_width(fit(name, font, 120), font) <= 120


@pytest.mark.parametrize("name", ODD_NAMES, ids=range(len(ODD_NAMES)))
def test_odd_names_stay_in_their_place(name: str) -> None:
    view = EX.public
    target = seat_order(view)[2]
    plain = compose_table(view)
    odd = compose_table(_with_names(view, {target.seat: name}))
    assert odd.size == plain.size
    box = ImageChops.difference(plain, odd).getbbox()
    assert box is not None  # the name was replaced: only the name line of its band changed
    band = band_boxes(view)[2]
    left, right = name_room(target, band)
    x0, y0, x1, y1 = box
    assert left - 1 <= x0 and x1 <= right + 1
    assert band[1] + TABLE_PAD - 2 <= y0 and y1 <= band[1] + TABLE_PAD + 27
    hand = _with_names(EX.private, {0: name})
    assert compose_hand(hand).size == compose_hand(EX.private).size
    players = tuple(dataclasses.replace(p, name=name) for p in EX.players)
    sheet_plain = _open(render_sheet(EX.sheet, EX.players))
    sheet_odd = _open(render_sheet(EX.sheet, players))
    assert sheet_odd.size == sheet_plain.size
    for line in sheet_lines(EX.sheet, players):
        assert "\n" not in line and "\u202e" not in line


# --- Sheet ------------------------------------------------------------------------


def test_sheet_images() -> None:
    for theme in ("dark", "light"):
        for lang in ("en", "de"):
            data = render_sheet(
                EX.sheet, EX.players, prevailing=Wind.SOUTH, hand_number=3, theme=theme, lang=lang
            )
            image = _open(data)
            assert image.width == SHEET_WIDTH and image.height > image.width and len(data) < 400 * 1024
    drawn = dataclasses.replace(EX.sheet, winner=None, reason=EndReason.WALL_EXHAUSTED)
    assert _open(render_sheet(drawn, EX.players)).height < _open(render_sheet(EX.sheet, EX.players)).height
    # Scoring lines are text, not pixels: more lines leave the image as it is.
    more_lines = dataclasses.replace(
        EX.sheet,
        lines=tuple(
            (*lines, ("extra", 2, 0)) if s == EX.sheet.winner else lines
            for s, lines in enumerate(EX.sheet.lines)
        ),
        items=tuple(
            (*items, ScoreLine("extra", 2)) if s == EX.sheet.winner else items
            for s, items in enumerate(EX.sheet.items)
        ),
    )
    assert render_sheet(more_lines, EX.players) == render_sheet(EX.sheet, EX.players)
    assert "  extra: 2" in sheet_lines(more_lines, EX.players)


def test_sheet_text_is_11_px_high_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sheet_display_sizes()["text_cap_px"] >= 11
    asked = _text_sizes(monkeypatch, render_sheet_module)
    for lang in ("en", "de"):
        compose_sheet(EX.sheet, EX.players, prevailing=Wind.EAST, hand_number=2, lang=lang)
    scale = DISPLAY_WIDTH / SHEET_WIDTH
    assert min(cap_height(px, bold=bold) for px, bold in asked) * scale >= 11


def test_sheet_draws_the_typed_groups() -> None:
    """The sheet draws ``ScoreSheetView.groups``: the notation strings are not read."""
    no_text = dataclasses.replace(EX.sheet, arrangements=("",) * 4, hands=("?",) * 4)
    assert render_sheet(no_text, EX.players) == render_sheet(EX.sheet, EX.players)
    no_groups = dataclasses.replace(EX.sheet, groups=())
    assert render_sheet(no_groups, EX.players) != render_sheet(EX.sheet, EX.players)
    # The winning tile is framed in the hint colour.
    th = THEMES["dark"]
    image = compose_sheet(EX.sheet, EX.players)
    assert th.hint in {c for _, c in image.getcolors(1 << 20) or []}
    unmarked = dataclasses.replace(
        EX.sheet,
        groups=tuple(tuple(dataclasses.replace(g, winning=False) for g in gs) for gs in EX.sheet.groups),
        win_tile=None,
    )
    assert th.hint not in {c for _, c in compose_sheet(unmarked, EX.players).getcolors(1 << 20) or []}


def test_deal_sheet_carries_the_scorers_groups() -> None:
    deal = Deal.arranged(
        ["123456789m1234p5z", "123m456p789s11z55z", "123456789p1234s", "23456789s1234m9p"],
        settings={"bonus_tiles": False},
    )
    deal.apply("E discard 5z")
    deal.apply("S mahjong")
    deal.apply("W pass")
    deal.apply("N pass")
    sheet = deal.sheet(east=2)
    assert sheet is not None and sheet.winner == 3 and sheet.discarder == 2
    assert sheet.win_tile == Tile.parse("5z") and not sheet.self_drawn
    won = sheet.groups[3]
    assert [(g.kind, str(g), g.exposed, g.winning) for g in won] == [
        (GroupKind.CHOW, "123m", False, False),
        (GroupKind.CHOW, "456p", False, False),
        (GroupKind.CHOW, "789s", False, False),
        (GroupKind.PONG, "[555z]", True, True),
        (GroupKind.PAIR, "11z", False, False),
    ]
    for seat, groups in enumerate(sheet.groups):  # every seat's groups hold exactly its tiles
        assert counts_of(t for g in groups for t in g.tiles) == Hand.parse(sheet.hands[seat]).counts()


def test_sheet_in_german_names_rules_and_tiles_after_the_seeds() -> None:
    lines = sheet_lines(EX.sheet, EX.players, lang="de")
    english = sheet_lines(EX.sheet, EX.players)
    assert EX.sheet.ruleset == "dmjl" and len(EX.sheet.items) == len(EX.sheet.lines)
    winner = EX.sheet.winner
    assert winner is not None
    for item, (name, points, doubles) in zip(EX.sheet.items[winner], EX.sheet.lines[winner], strict=True):
        assert (item.name, item.points, item.doubles) == (name, points, doubles)
        german = line_words("dmjl", item, "de")
        assert german != name and f"  {german}: " in "\n".join(lines)
        assert f"  {line_words('dmjl', item)}: " in "\n".join(english)
    assert "  Mah-Jongg-Ruf: 20" in lines
    assert EX.sheet.win_tile is not None
    assert f"(Gewinnstein {tile_name(EX.sheet.win_tile, 'de')}, " in lines[0]
    # A sheet with English names only (no item codes) shows those.
    plain = sheet_lines(dataclasses.replace(EX.sheet, items=()), EX.players, lang="de")
    assert "  Mah-Jongg: 20" in plain and "  Mah-Jongg-Ruf: 20" not in plain


def test_sheet_wraps_a_long_how_line_at_phone_width() -> None:
    """How the winner won goes on two lines when one is too narrow for it and a name (German:
    "Gewinnstein Grüner Drache, auf den Abwurf von ..."); no name changes the layout."""
    longest = max(range(len(EX.players)), key=lambda s: len(EX.players[s].name))
    winner = next(s for s in range(len(EX.players)) if s != longest)
    sheet = dataclasses.replace(
        EX.sheet, winner=winner, self_drawn=False, discarder=longest, win_tile=Tile.parse("6z")
    )
    font = label_font(render_sheet_module.TEXT_PX)
    for lang in ("en", "de"):
        how = render_sheet_module._how_lines(sheet, EX.players, lang)
        assert " ".join(how) == render_sheet_module._how(sheet, EX.players, lang)
        name = EX.players[longest].name
        for line in how:  # a line with the name keeps room for it (a longer name is cut when drawn)
            room = render_sheet_module.NAME_ROOM if name in line else 0
            assert text_width(clean(line.replace(name, "")), font) + room <= render_sheet_module.INNER
    assert len(render_sheet_module._how_lines(sheet, EX.players, "en")) == 1
    german = render_sheet_module._how_lines(sheet, EX.players, "de")
    assert german == ["Gewinnstein Grüner Drache,", f"auf den Abwurf von {EX.players[longest].name}"]
    self_drawn = dataclasses.replace(sheet, discarder=None, self_drawn=True)
    assert render_sheet_module._how_lines(self_drawn, EX.players, "de") == [
        "Gewinnstein Grüner Drache, selbst gezogen"
    ]
    height = compose_sheet(sheet, EX.players, lang="de").height
    assert height == compose_sheet(self_drawn, EX.players, lang="de").height + 26
    short = tuple(dataclasses.replace(p, name="Bo") for p in EX.players)
    assert compose_sheet(sheet, short, lang="de").height == height


def test_sheet_of_a_drawn_hand() -> None:
    drawn = dataclasses.replace(EX.sheet, winner=None, reason=EndReason.WALL_EXHAUSTED, win_tile=None)
    lines = sheet_lines(drawn, EX.players, lang="de")
    assert lines[0] == "Unentschieden: die Mauer ist erschöpft"
    image = compose_sheet(drawn, EX.players, theme="light", lang="de")
    assert image.width == SHEET_WIDTH


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        render_table(EX.public, theme="sepia")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_hand(EX.private, lang="fr")  # type: ignore[arg-type]


# --- Examples and purity ----------------------------------------------------------


def test_examples_write_every_kind(tmp_path: Path) -> None:
    paths = write_examples(tmp_path, seed=3)
    assert {p.name for p in paths} >= {
        f"{k}_{t}.png" for k in ("hand", "table", "sheet", "strip") for t in ("dark", "light")
    } | {"sheet_en.txt", "sheet_de.txt"}
    for p in paths:
        if p.suffix == ".png":
            _open(p.read_bytes())


def test_example_tables_are_seeded() -> None:
    assert example_table(11) == example_table(11)
    assert example_table(11) != example_table(12)


def test_example_hint_is_the_hands_real_waits() -> None:
    """The example hand shows a real hint: its waits are exactly the tiles that win after the discard."""
    for seed in (7, 11, 12):
        view = example(seed).private
        me = view.me
        assert view.hint is not None and view.drawn is not None and me is not None
        assert view.hint.waits  # the example is a ready hand
        tiles = [*view.concealed, view.drawn]
        assert view.hint.discard in tiles
        tiles.remove(view.hint.discard)
        held = Hand(tuple(tiles), me.melds, me.bonus).counts()
        winning = set()
        for t in TILES[:34]:
            if held[t] >= 4:
                continue
            hand = Hand((*tiles, t), me.melds, me.bonus)
            ctx = WinContext.make(seat=me.wind, prevailing=view.prevailing, win=t)
            if score(hand, ctx, get_ruleset(view.ruleset), view.settings).won:
                winning.add(t)
        assert set(view.hint.waits) == winning, seed


def test_examples_are_positions_of_a_real_game() -> None:
    ex = EX
    # The public table is the moment after the hinted discard.
    assert ex.public.last_discard == (0, ex.private.hint.discard if ex.private.hint else None)
    assert ex.public.players[0].discards[-1].tile == ex.public.last_discard[1]
    assert ex.public.concealed == () and ex.public.drawn is None
    # No kind is seen more often than the set holds.
    seen = [*ex.private.concealed, ex.private.drawn]
    for p in ex.private.players:
        seen += [d.tile for d in p.discards if d.claimed_by is None]
        seen += [t for m in p.melds for t in m.tiles]
    assert max(seen.count(t) for t in set(seen)) <= 4
    me = ex.private.me
    assert me is not None and me.concealed_count == len(ex.private.concealed) + 1
    # The sheet is the engine's: typed groups for every seat, one winning group holding the winning tile.
    sheet = ex.sheet
    assert sheet.winner is not None and len(sheet.groups) == 4
    marked = [g for g in sheet.groups[sheet.winner] if g.winning]
    assert len(marked) == 1 and sheet.win_tile in marked[0].tiles


def test_render_is_pure() -> None:
    forbidden = {"discord", "sqlite3", "aiosqlite", "asyncio", "time", "datetime"}
    for path in (ROOT / "render").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for n in names:
                assert n.split(".")[0] not in forbidden, f"{path.name} imports {n}"


def test_fonts_ship_with_their_licence() -> None:
    fonts = ROOT / "render" / "fonts"
    names = ("MJTiles-SerifBold.otf", "MJLabels-Regular.otf", "MJLabels-Bold.otf", "MJCJK-Bold.otf")
    for name in (*names, "coverage.txt"):
        assert (fonts / name).is_file()
    assert "SIL OPEN FONT LICENSE Version 1.1" in (fonts / "LICENSE-NotoCJK.txt").read_text(encoding="utf-8")
    assert (
        sum((fonts / n).stat().st_size for n in ("MJTiles-SerifBold.otf", "MJLabels-Regular.otf")) < 200_000
    )
    # Every font shipped, the CJK fallback included, stays near 2 MB.
    assert sum(p.stat().st_size for p in fonts.glob("*.otf")) < 2_400_000


# --- Fonts for any name -----------------------------------------------------------------


def _ink(text: str, font_px: int = 40) -> Image.Image:
    """``text`` drawn black on white by :func:`draw_text`, as a greyscale image."""
    image = Image.new("L", (40 + font_px * 2 * max(1, len(text)), font_px * 2), 255)
    draw_text(ImageDraw.Draw(image), (20, font_px), text, label_font(font_px, bold=True), 0, anchor="lm")
    return image


def _notdef(font_px: int = 40) -> bytes:
    """The pixels of the label font's missing-glyph box (what an undrawable character shows)."""
    image = Image.new("L", (font_px * 2, font_px * 2), 255)
    ImageDraw.Draw(image).text(
        (20, font_px), "\u4e00", font=label_font(font_px, bold=True), fill=0, anchor="lm"
    )
    return image.tobytes()


@pytest.mark.parametrize(
    "ch",
    ["陈", "陳", "黃", "張", "伟", "偉", "田", "さ", "カ", "김", "민", "준", "龍", "乐", "樂"],
)
def test_cjk_characters_draw_real_glyphs(ch: str) -> None:
    assert clean(ch) == ch
    image = _ink(ch)
    assert image.getbbox() is not None and ImageChops.invert(image).getbbox() is not None
    assert image.tobytes() != _notdef()
    # A real glyph differs from every other: no two characters share one box.
    assert image.tobytes() != _ink("陈" if ch != "陈" else "伟").tobytes()


def test_cjk_names_are_not_question_marks() -> None:
    name = "陈伟 Chen Wei"
    shown = fit(name, label_font(20, bold=True), 400)
    assert shown == name and "?" not in shown
    assert set(text_runs(shown)) == {("陈伟", True), (" Chen Wei", False)}
    # Glyphs of the CJK font stand on the label font's baseline: mixed text is no taller.
    mixed = ImageChops.invert(_ink("Hx陈伟")).getbbox()
    latin = ImageChops.invert(_ink("Hx")).getbbox()
    assert mixed is not None and latin is not None
    assert abs(mixed[3] - latin[3]) <= 6 and abs(mixed[1] - latin[1]) <= 6


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Dmitri 🀄", "Dmitri"),
        ("👩\u200d👩\u200d👧\u200d👦 family", "family"),
        ("🇩🇪 Jana 👍🏽", "Jana"),
        ("1\ufe0f\u20e3 Ana", "1 Ana"),
        ("🀄🀄", "?"),
        ("Zoë\u200b\u200c\u200d\u2060x", "Zoëx"),
        ("\u202eevil\u202c", "evil"),
        ("محمد", "?"),
    ],
)
def test_emoji_and_invisible_characters_are_dropped(name: str, shown: str) -> None:
    assert clean(name) == shown


def test_long_names_are_cut_with_an_ellipsis() -> None:
    font = label_font(20, bold=True)
    for name in ["陈" * 80, "김민준" * 30, "Ada " + "陈伟" * 40, *ODD_NAMES]:
        shown = fit(name, font, 150)
        assert text_width(shown, font) <= 150
        if text_width(clean(name), font) > 150:
            assert shown.endswith("…")


def test_hint_marks_are_typed_tiles() -> None:
    assert EX.private.hint is not None
    assert EX.private.hint.discard in [*EX.private.concealed, EX.private.drawn]
    absent = next(t for t in TILES[:34] if t not in EX.private.concealed and t != EX.private.drawn)
    view = dataclasses.replace(EX.private, hint=HintView(absent, (absent,)))
    compose_hand(view, hint=True)  # a suggestion the hand does not hold frames nothing, never an error
