"""The engine is pure rules: it imports no Discord, no database, no image library, no event
loop and no clock (ARCHITECTURE.md, "The layers"); imports inside functions count too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "engine": {
        "discord",
        "sqlite3",
        "aiosqlite",
        "PIL",
        "asyncio",
        "time",
        "datetime",
        "bot",
        "render",
        "cli",
    },
}


def imported(path: Path) -> list[str]:
    """Every top-level module ``path`` imports, at any depth of its code."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_pure_layer_imports_nothing_it_must_not(package: str) -> None:
    found = {
        f"{path.relative_to(ROOT)} imports {name}"
        for path in (ROOT / package).rglob("*.py")
        for name in imported(path)
        if name in FORBIDDEN[package]
    }
    assert not found, sorted(found)


def test_the_finder_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    import time\n    from PIL import Image\n", encoding="utf-8")
    assert imported(module) == ["time", "PIL"]
