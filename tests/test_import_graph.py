"""No import circle inside engine/: found from the source, not from what happens to import.

Every module of engine/ is parsed; its imports of other engine modules are edges. Imports under
``if TYPE_CHECKING:`` are left out (they never run). Module-level imports make the graph; an
import inside a function is an edge too, reported apart: one that closes a circle was put there
to dodge it, and it is still a circle.

Importing ``engine.a.b`` runs ``engine/a/__init__.py`` first, so an import also leads to the
packages above the module it names (except those the importing module is itself inside: they
are already being imported).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module, name: str, is_package: bool) -> tuple[set[str], set[str]]:
    """The modules ``name`` imports at module level and inside functions (as written)."""
    top: set[str] = set()
    local: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child, in_function)
            return
        target = local if in_function else top
        if isinstance(node, ast.Import):
            target.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            target.add(module)
            target.update(f"{module}.{alias.name}" for alias in node.names)  # kept if a module
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    for statement in tree.body:
        visit(statement, False)
    return top, local


def import_graph(package: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The module-level and function-local import edges among the modules of ``package``."""
    files = {_module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}
    top: dict[str, set[str]] = {}
    local: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        written_top, written_local = _imports(tree, name, path.name == "__init__.py")
        own_packages = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        if path.name == "__init__.py":
            own_packages.add(name)

        def edges(written: set[str], own: set[str] = own_packages, me: str = name) -> set[str]:
            out: set[str] = set()
            for module in written:
                if module not in files:
                    continue
                parts = module.split(".")
                for i in range(1, len(parts) + 1):
                    above = ".".join(parts[:i])
                    if above in files and above not in own and above != me:
                        out.add(above)
            return out

        top[name] = edges(written_top)
        local[name] = edges(written_local) - top[name]
    return top, local


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """A path of imports from ``start`` to ``goal``, if there is one."""
    seen = {start}
    paths = [[start]]
    while paths:
        path = paths.pop(0)
        if path[-1] == goal:
            return path
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt not in seen:
                seen.add(nxt)
                paths.append([*path, nxt])
    return None


def circles(package: str) -> tuple[list[list[str]], list[list[str]]]:
    """The circles among ``package``'s module-level imports, and those closed by a
    function-local import: each as the modules in import order, first repeated last."""
    top, local = import_graph(package)
    found_top: list[list[str]] = []
    found_local: list[list[str]] = []
    seen: set[frozenset[str]] = set()
    for module, targets in top.items():
        for target in sorted(targets):
            back = _reaches(top, target, module)
            if back is not None and frozenset(back) not in seen:
                seen.add(frozenset(back))
                found_top.append([module, *back])
    both = {m: top[m] | local[m] for m in top}
    for module, targets in local.items():
        for target in sorted(targets):
            back = _reaches(both, target, module)
            if back is not None:
                found_local.append([module, *back])
    return found_top, found_local


def test_the_graph_finds_a_circle_a_local_import_dodges(tmp_path: Path) -> None:
    """The finder itself: a circle through a function-local import is reported as one."""
    global ROOT
    saved = ROOT
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.b import f\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.c import C\n"
        "def f():\n    from pkg import a\n"
    )
    (pkg / "c.py").write_text("from pkg import d\n")
    (pkg / "d.py").write_text("from . import c\n")
    try:
        ROOT = tmp_path
        top, local = circles("pkg")
    finally:
        ROOT = saved
    assert [sorted(c) for c in top] == [["pkg.c", "pkg.c", "pkg.d"]]
    assert local == [["pkg.b", "pkg.a", "pkg.b"]]


def test_no_import_circle_in_engine() -> None:
    top, local = circles("engine")
    assert top == [], "import circles among module-level imports: " + "; ".join(" -> ".join(c) for c in top)
    assert local == [], "import circles closed by a function-local import: " + "; ".join(
        " -> ".join(c) for c in local
    )
