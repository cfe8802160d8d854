"""Shanten throughput: ours against the ``mahjong`` package from PyPI on the same hands.

The hands are a fixed seeded set of random 13- and 14-tile concealed hands
(no melds), drawn from a shuffled wall. Figures:

* ``shanten_per_s``: :func:`engine.ai.shanten.shanten` calls a second with
  seven pairs and thirteen orphans enabled (as the ``mahjong`` package's
  default), one core, median of several timed rounds over the whole set,
  with the per-suit tables already built (``shanten_cold_per_s``: one pass
  from empty tables). ``shanten_standard_per_s``: the standard shape alone.
* ``shanten_ratio_vs_mahjong_pkg``: ours divided by
  ``Shanten().calculate_shanten`` of the ``mahjong`` package on the same
  hands in the same run (``shanten_standard_ratio_vs_mahjong_pkg``: both
  with the standard shape alone).
* ``shanten_disagreements``: hands where the two give different standard
  shanten (``shanten_disagreements_all_shapes``: with the special shapes).
* ``discard_options_per_s``: full discard analyses of the 14-tile hands.

The ``mahjong`` package is not a dependency of the project: the first run
installs it with pip into a folder under the system temporary directory and
imports it from there. If that fails the ratios are null and
``mahjong_pkg_note`` says why.
"""

from __future__ import annotations

import importlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.ai.shanten import clear_caches, discard_options, shanten

SEED = 20240406
SET_SIZE = 2000
PKG_DIR = Path(tempfile.gettempdir()) / "mahjong-table-bench" / "mahjong-pkg"


def hand_set(size: int = SET_SIZE, seed: int = SEED) -> list[list[int]]:
    """``size`` random concealed hands as 34 counts, alternately 13 and 14 tiles."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for i in range(size):
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[: 13 + i % 2]:
            counts[t] += 1
        out.append(counts)
    return out


def _load_mahjong_pkg() -> tuple[Any, str]:
    """The package's ``Shanten`` class, installing it into :data:`PKG_DIR` if needed; or None and why."""
    if not (PKG_DIR / "mahjong" / "shanten.py").exists():
        try:
            pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
            done = subprocess.run(
                [*pip, "--target", str(PKG_DIR), "mahjong"],
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            return None, f"could not run pip to install mahjong: {exc}"
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            return None, f"pip install mahjong failed ({done.returncode}): {tail[0]}"
    if str(PKG_DIR) not in sys.path:
        sys.path.append(str(PKG_DIR))
    try:
        module = importlib.import_module("mahjong.shanten")
        version = importlib.import_module("mahjong").__dict__.get("__version__")
    except ImportError as exc:
        return None, f"mahjong installed in {PKG_DIR} but not importable: {exc}"
    if version is None:
        meta = sorted(PKG_DIR.glob("mahjong-*.dist-info"))
        version = meta[-1].name.removeprefix("mahjong-").removesuffix(".dist-info") if meta else "?"
    return module.Shanten, f"mahjong {version} from {PKG_DIR}"


def _rate(call: Callable[[Sequence[int]], int], hands: list[list[int]], rounds: int) -> float:
    """Median calls a second over ``rounds`` passes of the whole set."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for h in hands:
            call(h)
        rates.append(len(hands) / (time.perf_counter() - start))
    return statistics.median(rates)


def run(rounds: int = 7) -> dict[str, Any]:
    """The figures above; values are numbers except a null ratio and the text of ``mahjong_pkg_note``."""
    hands = hand_set()

    def ours_all(h: Sequence[int]) -> int:
        return shanten(h, seven_pairs=True, thirteen_orphans=True)

    def ours_standard(h: Sequence[int]) -> int:
        return shanten(h)

    clear_caches()
    start = time.perf_counter()
    for h in hands:
        ours_all(h)
    cold = len(hands) / (time.perf_counter() - start)
    ours_rate = _rate(ours_all, hands, rounds)
    ours_standard_rate = _rate(ours_standard, hands, rounds)

    fourteen = [h for h in hands if sum(h) == 14][:200]
    start = time.perf_counter()
    for h in fourteen:
        discard_options(h, seven_pairs=True, thirteen_orphans=True)
    discard_rate = len(fourteen) / (time.perf_counter() - start)

    figures: dict[str, Any] = {
        "shanten_per_s": round(ours_rate),
        "shanten_standard_per_s": round(ours_standard_rate),
        "shanten_cold_per_s": round(cold),
        "shanten_set_size": len(hands),
        "discard_options_per_s": round(discard_rate, 1),
    }
    pkg_class, note = _load_mahjong_pkg()
    figures["mahjong_pkg_note"] = note
    if pkg_class is None:
        figures.update(
            shanten_ratio_vs_mahjong_pkg=None,
            shanten_standard_ratio_vs_mahjong_pkg=None,
            mahjong_pkg_shanten_per_s=None,
            shanten_disagreements=None,
            shanten_disagreements_all_shapes=None,
        )
        return figures
    pkg = pkg_class()

    def theirs_all(h: Sequence[int]) -> int:
        return int(pkg.calculate_shanten(h))

    def theirs_standard(h: Sequence[int]) -> int:
        return int(pkg.calculate_shanten(h, use_chiitoitsu=False, use_kokushi=False))

    theirs_rate = _rate(theirs_all, hands, max(3, rounds // 2))
    theirs_standard_rate = _rate(theirs_standard, hands, max(3, rounds // 2))
    figures.update(
        mahjong_pkg_shanten_per_s=round(theirs_rate),
        shanten_ratio_vs_mahjong_pkg=round(ours_rate / theirs_rate, 2),
        shanten_standard_ratio_vs_mahjong_pkg=round(ours_standard_rate / theirs_standard_rate, 2),
        shanten_disagreements=sum(ours_standard(h) != theirs_standard(h) for h in hands),
        shanten_disagreements_all_shapes=sum(ours_all(h) != theirs_all(h) for h in hands),
    )
    return figures


if __name__ == "__main__":
    print(run())
