"""Fitted coefficients of :mod:`engine.ai.model`, written by ``mahjong calibrate --write``
(do not edit by hand; SOURCES names the run behind each entry)."""

from __future__ import annotations

from typing import Final

Line = tuple[float, float]
Entry = tuple[tuple[float, ...], tuple[Line, ...], tuple[Line, Line]]
"""(win-chance coefficients, winner lines, loser lines): see OutcomeModel."""

FITTED: Final[dict[tuple[str, int], Entry]] = {
    ("dmjl", 4): (
        (
            -2.1561,
            -4.1667,
            -5.3851,
            -6.0661,
            -4.5873,
            1.0018,
            0.4871,
            0.3654,
            0.3157,
            1.9779,
            4.0252,
            4.8187,
            4.9021,
            1.7593,
            -0.166,
            -0.0189,
            -0.3799,
            0.225,
            0.2437,
        ),
        (
            (4.1788, 4.3796),
            (3.3057, 58.0169),
            (4.0452, 33.6422),
            (6.2556, 10.9838),
            (5.2189, 74.1726),
            (7.2051, -0.6937),
        ),
        ((3.0356, -107.1431), (4.9339, -154.7899)),
    ),
    ("huabao", 4): (
        (
            -2.3252,
            -3.8025,
            -4.6789,
            -5.7715,
            -4.5792,
            0.9638,
            0.4715,
            0.2959,
            0.3397,
            2.7475,
            3.8581,
            4.5151,
            4.7153,
            1.8097,
            -0.1186,
            -0.0428,
            -0.4194,
            0.2011,
            0.3761,
        ),
        (
            (4.3144, 5.783),
            (4.3144, 5.783),
            (4.3144, 5.783),
            (6.7033, 5.9398),
            (6.7033, 5.9398),
            (6.7033, 5.9398),
        ),
        ((2.9579, -42.902), (4.4593, -59.9166)),
    ),
}

SOURCES: Final[dict[tuple[str, int], str]] = {
    ("dmjl", 4): "mahjong calibrate: 10000 hands of 4 normal players, 357474 discards",
    ("huabao", 4): "mahjong calibrate: 10000 hands of 4 normal players, 357301 discards",
}
