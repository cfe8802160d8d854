"""Reference images for the render tests: compare an image with the one kept under tests/data/render.

``RENDER_REGEN=1`` rewrites the references (look at them before committing); a missing one
is written and the test fails, so a new image is always looked at once.

:func:`declaring_deal` plays a real hand in which a seat declares (riichi, Fishing), for
views with the table's markers.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine.actions import ActionKind
from engine.ai.player import AIPlayer
from engine.deal import Deal
from engine.tiles import Wind

REFERENCE = Path(__file__).parent / "data" / "render"


def compare_reference(name: str, image: Image.Image) -> None:
    """Assert ``image`` matches the reference ``name`` (small anti-aliasing differences pass)."""
    path = REFERENCE / name
    if os.environ.get("RENDER_REGEN") or not path.exists():
        REFERENCE.mkdir(parents=True, exist_ok=True)
        image.save(path)
        if not os.environ.get("RENDER_REGEN"):
            pytest.fail(f"wrote missing reference {path}; check it and commit it")
    ref = Image.open(path).convert("RGB")
    assert ref.size == image.size
    diff = ImageChops.difference(ref, image.convert("RGB")).convert("L")
    hist = diff.histogram()
    mean = sum(i * n for i, n in enumerate(hist)) / (image.width * image.height)
    changed = sum(hist[24:]) / (image.width * image.height)
    assert mean < 1.5 and changed < 0.01, f"{name}: mean difference {mean:.2f}, {changed:.2%} pixels changed"


def declaring_deal(
    ruleset: str, overrides: dict[str, object], kind: ActionKind, seed: int, *, moves_after: int | None = 0
) -> Deal:
    """A deal played by the computer players in which the first seat offered ``kind`` (riichi,
    Fishing) declares it; stopped ``moves_after`` moves after the declaring discard (riichi's:
    the discard after the declaration, in that turn; 0: while the others may claim it), or
    played to its end (None).

    :raises AssertionError: when the hand ends before any seat could declare.
    """
    deal = Deal(ruleset, overrides, seed)
    players = [AIPlayer("normal", seed=f"{seed}:{s}", settings=deal.settings) for s in range(4)]
    after: int | None = None
    while not deal.over:
        if after is not None and moves_after is not None and after >= moves_after:
            return deal
        for idle in deal.idle_passes():
            deal.apply(idle)
        if deal.over:
            break
        seat = deal.to_act()[0]
        declare = [a for a in deal.legal_actions(seat) if a.kind is kind] if after is None else []
        # a bare deal's view seats wind w at position w: its move is this wind's
        deal.apply(declare[0] if declare else players[seat].choose(deal.view(seat)).by(Wind(seat)))
        if declare:  # riichi names no tile: declared before the draw, the discard follows
            after = 0 if declare[0].tile is not None else -1
        else:
            after = None if after is None else after + 1
    assert after is not None, f"nobody declared {kind} in {ruleset} seed {seed}"
    return deal


def tile_runs(image: Image.Image, y: int, x0: int, x1: int, background: tuple[int, int, int]) -> list[int]:
    """Widths of the runs of pixels along row ``y`` (from ``x0`` to ``x1``) clearly unlike the background."""
    widths: list[int] = []
    start: int | None = None
    for x in range(x0, x1 + 1):
        px = image.getpixel((x, y)) if x < x1 else background
        assert isinstance(px, tuple)
        differs = sum(abs(a - b) for a, b in zip(px, background, strict=False)) > 120
        if differs and start is None:
            start = x
        elif not differs and start is not None:
            widths.append(x - start)
            start = None
    return widths
