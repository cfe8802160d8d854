"""Rendering speed: milliseconds per image, and each against the cost of PNG encoding alone.

``render_*_ms`` is the median time of a whole ``render_*`` call (compose and
encode) on the seeded example views (positions of a real game), with the tile
caches warm. ``render_table_display_*`` are the acceptance figures of the
table at a phone's 500-pixel display width: a discard's width and the
smallest capital letter's height, in pixels.
``render_*_floor_ratio`` divides it by the median time Pillow takes just to
encode the same image with the same settings (measured side by side, in the
same run): the floor no renderer can beat.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from PIL import Image

from render.examples import example
from render.hand import compose_hand, render_hand
from render.layout import encode
from render.sheet import compose_sheet, render_sheet
from render.table import compose_table, display_sizes, render_table


def _median_ms(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def run(repeats: int = 25) -> dict[str, float]:
    """Median figures over ``repeats`` interleaved runs of each renderer and its encode floor."""
    ex = example(7)
    cases: dict[str, tuple[Callable[[], bytes], Image.Image]] = {
        "table": (lambda: render_table(ex.public), compose_table(ex.public)),
        "hand": (lambda: render_hand(ex.private, hint=True), compose_hand(ex.private, hint=True)),
        "sheet": (
            lambda: render_sheet(ex.sheet, ex.players, prevailing=ex.sheet_round, hand_number=ex.sheet_hand),
            compose_sheet(ex.sheet, ex.players, prevailing=ex.sheet_round, hand_number=ex.sheet_hand),
        ),
    }
    out: dict[str, float] = {}
    for name, (render, image) in cases.items():
        render()  # warm the caches
        full: list[float] = []
        floor: list[float] = []
        for _ in range(repeats):  # side by side, so noise hits both alike
            full.append(_median_ms(render, 1))
            floor.append(_median_ms(lambda image=image: encode(image), 1))  # type: ignore[misc]
        ms, floor_ms = statistics.median(full), statistics.median(floor)
        out[f"render_{name}_ms"] = round(ms, 2)
        out[f"render_{name}_floor_ratio"] = round(ms / floor_ms, 2)
        out[f"render_{name}_kb"] = round(len(render()) / 1024, 1)
    sizes = display_sizes()
    out["render_table_display_discard_px"] = round(sizes["discard_px"], 1)
    out["render_table_display_text_cap_px"] = round(sizes["text_cap_px"], 1)
    return out


if __name__ == "__main__":
    for key, value in sorted(run().items()):
        print(f"{key:32} {value}")
