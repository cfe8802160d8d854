"""Colours of the two themes (Discord's dark and light) and of the tiles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from engine.tiles import Lang as Lang  # re-exported: the languages of the engine's names

RGB = tuple[int, int, int]
ThemeName = Literal["dark", "light"]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour an image uses around the tiles."""

    name: str
    background: RGB
    panel: RGB
    panel_edge: RGB
    felt: RGB
    felt_edge: RGB
    text: RGB
    muted: RGB
    accent: RGB
    """Whose turn it is."""
    last: RGB
    """The last discard."""
    hint: RGB
    """The suggested discard and the waits."""
    declared: RGB
    """The badge of a declaration on a name plate (riichi, Fishing, a call), under white text."""
    good: RGB
    bad: RGB


THEMES: Final[dict[str, Theme]] = {
    "dark": Theme(
        name="dark",
        background=(43, 45, 49),
        panel=(54, 57, 63),
        panel_edge=(72, 76, 84),
        felt=(30, 84, 62),
        felt_edge=(22, 62, 46),
        text=(236, 238, 241),
        muted=(170, 176, 186),
        accent=(246, 190, 60),
        last=(255, 112, 67),
        hint=(88, 200, 120),
        declared=(88, 101, 242),
        good=(110, 214, 140),
        bad=(255, 120, 110),
    ),
    "light": Theme(
        name="light",
        background=(242, 243, 245),
        panel=(255, 255, 255),
        panel_edge=(212, 216, 222),
        felt=(46, 125, 90),
        felt_edge=(36, 100, 72),
        text=(30, 32, 36),
        muted=(92, 98, 108),
        accent=(214, 140, 0),
        last=(226, 76, 36),
        hint=(28, 150, 70),
        declared=(71, 82, 196),
        good=(22, 140, 60),
        bad=(200, 40, 40),
    ),
}


def theme(name: str) -> Theme:
    """The theme called ``name`` ("dark" or "light")."""
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"theme {name!r} is not 'dark' or 'light'") from None


# Tile colours (the same in both themes: ivory tiles with a jade back).
IVORY: Final = (250, 246, 234)
IVORY_EDGE: Final = (206, 196, 172)
IVORY_SHADE: Final = (236, 228, 208)
JADE: Final = (28, 122, 96)
JADE_DARK: Final = (18, 88, 68)
JADE_LIGHT: Final = (60, 160, 128)
INK: Final = (28, 30, 36)
BLUE: Final = (26, 76, 160)
GREEN: Final = (24, 122, 62)
RED: Final = (200, 40, 40)
GOLD: Final = (222, 160, 40)
