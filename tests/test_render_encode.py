"""The images' PNG encoding (render/encode.py): every kind the bot sends is a palette PNG of
its composed size, much smaller than the RGB PNG of the same pixels, deterministic, and the
colours a player looks at (a tile's red character, green and blue dots, the ivory face, the
felt, Discord's background) stay where the RGB image has them."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from engine.views import SeatView
from render.chart import compose_line_chart, render_line_chart
from render.encode import palette_image, png_bytes
from render.examples import example
from render.hand import compose_hand, compose_strip, render_hand, render_strip
from render.leaderboard import LeaderboardRow, compose_leaderboard, render_leaderboard
from render.sheet import compose_sheet, render_sheet
from render.table import compose_table, render_table
from render.theme import BLUE, GREEN, IVORY, RED, RGB, THEMES, ThemeName

EX = example(7)
ROWS = [LeaderboardRow("Ada", 7250, 1250), LeaderboardRow("王小明", 5000, -300)] * 3
VALUES = [0, 120, -40, 300, 250, 600, 410]
CHART = {"title": "Rating", "first_label": "1 Jan", "last_label": "27 Nov", "baseline": 0}
SHEET = {"prevailing": EX.sheet_round, "hand_number": EX.sheet_hand}


def _replay_view() -> SeatView:
    from cli.simulate_cmd import computer_choosers, play_hand_out
    from engine.game import Game
    from engine.replay import FinishedHand

    names = ["Ada", "Bo", "Cy", "Di"]
    game = Game("dmjl", {}, 11, names)
    play_hand_out(game, computer_choosers(game))
    hand = FinishedHand("dmjl", {}, 11, names, [game.history[0].actions], 1)
    return hand.view_at(hand.last)


REPLAY = _replay_view()

Kind = Callable[[ThemeName], tuple[bytes, Image.Image]]
KINDS: dict[str, Kind] = {
    "table": lambda t: (render_table(EX.public, theme=t), compose_table(EX.public, theme=t)),
    "hand": lambda t: (
        render_hand(EX.private, theme=t, hint=True),
        compose_hand(EX.private, theme=t, hint=True),
    ),
    "sheet": lambda t: (
        render_sheet(EX.sheet, EX.players, theme=t, **SHEET),  # type: ignore[arg-type]
        compose_sheet(EX.sheet, EX.players, theme=t, **SHEET),  # type: ignore[arg-type]
    ),
    "strip": lambda t: (
        render_strip(EX.strip, theme=t, win_tile=EX.strip_win),
        compose_strip(EX.strip, theme=t, win_tile=EX.strip_win),
    ),
    "leaderboard": lambda t: (
        render_leaderboard(ROWS, title="Season 1", theme_name=t),
        compose_leaderboard(ROWS, title="Season 1", theme_name=t),
    ),
    "chart": lambda t: (
        render_line_chart(VALUES, theme_name=t, **CHART),  # type: ignore[arg-type]
        compose_line_chart(VALUES, theme_name=t, **CHART),  # type: ignore[arg-type]
    ),
    "replay": lambda t: (render_table(REPLAY, theme=t), compose_table(REPLAY, theme=t)),
}


def _decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def _where(image: Image.Image, colour: RGB, within: int = 6, most: int = 400) -> list[tuple[int, int]]:
    """Up to ``most`` positions (spread over the image) whose colour is within ``within`` of ``colour``."""
    width = image.width
    found = [
        (i % width, i // width)
        for i, px in enumerate(image.get_flattened_data())
        if _near(px, colour) <= within  # type: ignore[arg-type]
    ]
    step = max(1, len(found) // most)
    return found[::step]


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_each_image_is_a_small_palette_png_of_its_size(kind: str, theme: ThemeName) -> None:
    data, composed = KINDS[kind](theme)
    image = _decode(data)
    assert image.size == composed.size
    assert image.mode == "P" and len(image.getcolors(256) or ()) <= 256
    rgb = png_bytes(composed, palette=False)
    assert _decode(rgb).mode == "RGB"
    # a third of the RGB PNG or less (measured 26-37%); at most half, whatever the image
    assert len(data) < 0.5 * len(rgb), (kind, theme, len(data), len(rgb))
    assert data == KINDS[kind](theme)[0]  # equal views, equal bytes


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("kind", ["table", "replay", "strip"])
def test_the_colours_a_player_looks_at_stay_put(kind: str, theme: ThemeName) -> None:
    """Where the RGB image has a tile's red character, its green and blue dots (the ink), the
    palette image is within a few levels; the flat colours (the ivory face, the felt, Discord's
    background, the panel) are exact or one level off on average."""
    th = THEMES[theme]
    ink = {"red character": RED, "green dots": GREEN, "blue dots": BLUE}
    flat = {"ivory face": IVORY, "background": th.background}
    if kind != "strip":  # a strip has no panels and no felt
        flat |= {"panel": th.panel, "felt": th.felt}
    data, composed = KINDS[kind](theme)
    palette = _decode(data).convert("RGB")
    for what, colour in {**ink, **flat}.items():
        spots = _where(composed, colour, within=2)  # the colour itself, not the anti-aliased edges
        assert spots, (kind, what)  # the image has that colour: the check is not empty
        off = [_near(palette.getpixel(xy), composed.getpixel(xy)) for xy in spots]  # type: ignore[arg-type]
        if what in ink:
            assert max(off) <= 10, (kind, theme, what, max(off))
        else:  # a seam against Discord's own background, a tinted tile face otherwise
            assert sum(off) / len(off) <= 1.2 and sorted(off)[len(off) // 2] <= 1, (kind, theme, what, off)


def test_the_felt_shows_no_banding() -> None:
    """The table's felt is one flat colour in the RGB image, and still exactly one in the palette image."""
    data, composed = KINDS["table"]("dark")
    palette = _decode(data).convert("RGB")
    felt = THEMES["dark"].felt
    spots = _where(composed, felt, within=0, most=5000)
    assert len(spots) > 1000
    assert {palette.getpixel(xy) for xy in spots} == {felt}


def test_a_light_image_keeps_its_background_exactly() -> None:
    """The light theme's pale background sits near the ivory tiles: a coarse palette would merge
    them and move the background; the encoder keeps it exact (median cut when the fast one strays)."""
    for kind in ("table", "hand", "leaderboard", "sheet"):
        data, composed = KINDS[kind]("light")
        assert composed.getpixel((0, 0)) == THEMES["light"].background
        assert _decode(data).convert("RGB").getpixel((0, 0)) == THEMES["light"].background, kind


def test_every_renderer_encodes_through_png_bytes() -> None:
    """One place decides the encoding: no renderer saves an image itself."""
    render_dir = Path(__file__).parent.parent / "render"
    for path in sorted(render_dir.glob("*.py")):
        if path.name == "encode.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\.save\(|format=\"PNG\"|compress_level", text), path.name
        if "-> bytes:" in text and "def render_" in text:
            assert "png_bytes(" in text, path.name


def test_any_mode_is_encoded_as_an_opaque_palette_png() -> None:
    rgba = Image.new("RGBA", (40, 20), (*RED, 255))
    image = _decode(png_bytes(rgba))
    assert image.mode == "P" and image.size == (40, 20)
    assert image.convert("RGB").getpixel((5, 5)) == RED


def test_the_dark_images_take_the_fast_quantizer_and_the_light_ones_median_cut() -> None:
    """The bot draws the dark theme: its images keep their colours under the fast octree (as fast
    as the former RGB encoding), so it is kept; the light theme's pale colours need median cut."""
    for kind in KINDS:
        dark = KINDS[kind]("dark")[1]
        fast = dark.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        assert palette_image(dark).tobytes() == fast.tobytes(), kind
    light = KINDS["table"]("light")[1]
    cut = light.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    assert palette_image(light).tobytes() == cut.tobytes()
    assert palette_image(light).getpalette() == cut.getpalette()
