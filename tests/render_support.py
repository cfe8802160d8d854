"""Reference images for the render tests: compare an image with the one kept under tests/data/render.

``RENDER_REGEN=1`` rewrites the references (look at them before committing); a missing one
is written and the test fails, so a new image is always looked at once.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

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
