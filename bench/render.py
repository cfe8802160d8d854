"""Rendering: milliseconds and bytes per image, the palette PNG against the former RGB PNG.

Every kind of image the bot sends is measured on seeded views (positions of a
real game; the replay is a finished hand with every hand face up), with the
tile caches warm:

- ``render_*_ms``: the median time of a whole ``render_*`` call (compose and
  encode, as the bot sends it); ``render_*_kb``: its size; ``render_*_rgb_ms``:
  compose and the former RGB encoding, interleaved with it.
- ``render_*_floor_ratio``: that time divided by the median time of encoding
  the same image alone (the floor no renderer can beat).
- ``png_*_ms`` / ``png_*_bytes``: encoding alone with the bot's encoder (a
  256-colour palette PNG, render/encode.py), and ``png_*_rgb_ms`` /
  ``png_*_rgb_bytes`` the same image as the former RGB PNG (zlib level 1),
  measured interleaved in the same run so noise hits both alike.

``render_table_display_*`` are the acceptance figures of the table at a
phone's 500-pixel display width: a discard's width and the smallest capital
letter's height, in pixels.

``python -m bench.render --rounds N`` repeats the whole measurement N times and
prints each figure's mean and standard error over the rounds.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engine.views import SeatView
from render.chart import compose_line_chart, render_line_chart
from render.encode import png_bytes
from render.examples import example
from render.hand import compose_hand, compose_strip, render_hand, render_strip
from render.leaderboard import LeaderboardRow, compose_leaderboard, render_leaderboard
from render.sheet import compose_sheet, render_sheet
from render.table import compose_table, display_sizes, render_table

Case = tuple[Callable[[], bytes], Callable[[], Image.Image]]


def _ms(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _replayed_view() -> SeatView:
    """The last step of a finished dmjl hand (seed 11), every hand face up, as the replay card shows it."""
    from cli.simulate_cmd import computer_choosers, play_hand_out
    from engine.game import Game
    from engine.replay import FinishedHand

    names = ["Ada", "Bo", "Cy", "Di"]
    game = Game("dmjl", {}, 11, names)
    play_hand_out(game, computer_choosers(game))
    hand = FinishedHand("dmjl", {}, 11, names, [game.history[0].actions], 1)
    return hand.view_at(hand.last)


def cases() -> dict[str, Case]:
    """Each kind of image the bot sends: its ``render_*`` call and its ``compose_*`` call."""
    ex = example(7)
    replay = _replayed_view()
    rows = [
        LeaderboardRow("Ada", 7250, 1250),
        LeaderboardRow("Bö Ürsli", 5000, 0),
        LeaderboardRow("王小明", 5000, -300),
        LeaderboardRow("Dmitri", -150, -5150),
    ] * 3
    values = [0, 120, -40, 300, 250, 600, 410, 380, 720, 690, 900]
    chart = {"title": "Rating", "first_label": "1 Jan", "last_label": "27 Nov", "baseline": 0}
    sheet = {"prevailing": ex.sheet_round, "hand_number": ex.sheet_hand}
    return {
        "table": (lambda: render_table(ex.public), lambda: compose_table(ex.public)),
        "hand": (lambda: render_hand(ex.private, hint=True), lambda: compose_hand(ex.private, hint=True)),
        "sheet": (
            lambda: render_sheet(ex.sheet, ex.players, **sheet),  # type: ignore[arg-type]
            lambda: compose_sheet(ex.sheet, ex.players, **sheet),  # type: ignore[arg-type]
        ),
        "strip": (
            lambda: render_strip(ex.strip, win_tile=ex.strip_win),
            lambda: compose_strip(ex.strip, win_tile=ex.strip_win),
        ),
        "leaderboard": (
            lambda: render_leaderboard(rows, title="Season 1"),
            lambda: compose_leaderboard(rows, title="Season 1"),
        ),
        "chart": (
            lambda: render_line_chart(values, **chart),  # type: ignore[arg-type]
            lambda: compose_line_chart(values, **chart),  # type: ignore[arg-type]
        ),
        "replay": (lambda: render_table(replay), lambda: compose_table(replay)),
    }


def run(repeats: int = 25) -> dict[str, float]:
    """Median figures over ``repeats`` interleaved runs of each renderer, old and new, and both encodings."""
    out: dict[str, float] = {}
    for name, (render, compose) in cases().items():
        render()  # warm the caches
        image = compose()

        def render_rgb(compose: Callable[[], Image.Image] = compose) -> bytes:
            return png_bytes(compose(), palette=False)

        full: list[float] = []
        full_rgb: list[float] = []
        palette: list[float] = []
        rgb: list[float] = []
        for _ in range(repeats):  # side by side, so noise hits all four alike
            full.append(_ms(render))
            full_rgb.append(_ms(render_rgb))
            palette.append(_ms(lambda image=image: png_bytes(image)))  # type: ignore[misc]
            rgb.append(_ms(lambda image=image: png_bytes(image, palette=False)))  # type: ignore[misc]
        ms, floor_ms = statistics.median(full), statistics.median(palette)
        out[f"render_{name}_ms"] = round(ms, 2)
        out[f"render_{name}_rgb_ms"] = round(statistics.median(full_rgb), 2)
        out[f"render_{name}_floor_ratio"] = round(ms / floor_ms, 2)
        out[f"render_{name}_kb"] = round(len(render()) / 1024, 1)
        out[f"png_{name}_ms"] = round(floor_ms, 2)
        out[f"png_{name}_rgb_ms"] = round(statistics.median(rgb), 2)
        out[f"png_{name}_bytes"] = len(png_bytes(image))
        out[f"png_{name}_rgb_bytes"] = len(png_bytes(image, palette=False))
    sizes = display_sizes()
    out["render_table_display_discard_px"] = round(sizes["discard_px"], 1)
    out["render_table_display_text_cap_px"] = round(sizes["text_cap_px"], 1)
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures; with ``--rounds N``, each figure's mean ± standard error over N rounds."""
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1, help="repeat the whole measurement (default 1)")
    args = parser.parse_args(argv)
    rounds = [run() for _ in range(max(1, args.rounds))]
    for key in sorted(rounds[0]):
        values = [r[key] for r in rounds]
        if len(values) == 1:
            print(f"{key:34} {values[0]}")
        else:
            se = statistics.stdev(values) / math.sqrt(len(values))
            print(f"{key:34} {statistics.mean(values):10.2f} ± {se:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
