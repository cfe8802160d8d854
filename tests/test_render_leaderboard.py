"""The /chips leaderboard image: size, readable text at a phone's width, reference images, purity."""

from __future__ import annotations

import pytest
from PIL import ImageChops
from render_support import compare_reference

import render.leaderboard as module
from render.layout import DISPLAY_WIDTH, cap_height
from render.leaderboard import WIDTH, LeaderboardRow, compose_leaderboard, render_leaderboard
from render.text import label_font

ROWS = [
    LeaderboardRow("Ada", 7250, 1250),
    LeaderboardRow("Bö Ürsli", 5000, 0),
    LeaderboardRow("王小明", 5000, -300),
    LeaderboardRow("A name far too long to fit in its column " * 3, -150, -5150),
]


def test_reference_images() -> None:
    compare_reference("leaderboard_dark.png", compose_leaderboard(ROWS, title="Season 1", theme_name="dark"))
    compare_reference(
        "leaderboard_light_de.png",
        compose_leaderboard(ROWS, title="Saison 2", theme_name="light", lang="de"),
    )


def test_size_grows_with_the_rows_and_the_image_is_png() -> None:
    one = compose_leaderboard(ROWS[:1], title="S")
    many = compose_leaderboard(ROWS * 50, title="S")
    assert one.width == many.width == WIDTH and many.height > one.height
    assert compose_leaderboard([], title="S").width == WIDTH
    assert render_leaderboard(ROWS, title="S")[:8] == b"\x89PNG\r\n\x1a\n"
    assert render_leaderboard(ROWS, title="S") == render_leaderboard(ROWS, title="S")  # deterministic


def test_text_is_11_px_high_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11: shown 500 pixels wide, every line of text has capitals at least 11 pixels high."""
    asked: list[tuple[int, bool]] = []

    def spy(px: int, *, bold: bool = False) -> object:
        asked.append((px, bold))
        return label_font(px, bold=bold)

    monkeypatch.setattr(module, "label_font", spy)
    for lang in ("en", "de"):
        compose_leaderboard(ROWS, title="Season 1", lang=lang)
        compose_leaderboard([], title="Season 1", lang=lang)
    scale = DISPLAY_WIDTH / WIDTH
    assert asked and min(cap_height(px, bold=bold) for px, bold in asked) * scale >= 11
    # Measured on the image: a name of capitals drawn where an empty name was.
    monkeypatch.undo()
    plain = compose_leaderboard([LeaderboardRow("", 1, 0)], title="S")
    caps = compose_leaderboard([LeaderboardRow("HHH", 1, 0)], title="S")
    box = ImageChops.difference(plain, caps).getbbox()
    assert box is not None and (box[3] - box[1]) * scale >= 11


def test_a_big_club_shows_the_top_and_the_readers_row() -> None:
    many = [LeaderboardRow(f"M{i}", 10_000 - i, 0) for i in range(200)]
    top = compose_leaderboard(many, title="S")
    with_me = compose_leaderboard(many, title="S", me=150)
    near_top = compose_leaderboard(many, title="S", me=3)
    assert top.height == near_top.height < 1100  # 20 rows, not 200
    assert with_me.height == top.height + 2 * module.ROW  # a gap row and the reader's row
    assert top.tobytes() != near_top.tobytes()  # the reader's row is marked
