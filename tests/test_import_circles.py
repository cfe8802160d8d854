"""No import circle inside a package (issue 27): found from the source, not by importing it.

Every module of the package is parsed; an edge ``a -> b`` is an import in ``a`` of a module ``b`` of
the same package that runs when ``a`` runs. Imports under ``if TYPE_CHECKING:`` never run and are
left out. An import inside a function runs when the function is called: it is a runtime import too,
and counts (a circle through one only waits for its first call to bite); a circle's message marks
such an edge ``(in a function)``. ``from p import x`` is an edge to ``p.x`` where that is a module
of the package, else to ``p`` (the package's ``__init__``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@dataclass(frozen=True)
class Edge:
    """One runtime import of a module of the package by another."""

    source: str
    target: str
    line: int
    local: bool
    """Inside a function (runs when it is called), not at module level."""

    def __str__(self) -> str:
        return f"{self.source}:{self.line} -> {self.target}" + (" (in a function)" if self.local else "")


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root`` by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST, local: bool) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """The import statements under ``node`` that run, each with whether it is in a function."""
    out: list[tuple[ast.Import | ast.ImportFrom, bool]] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            out.append((child, local))
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for branch in child.orelse:  # the else of `if TYPE_CHECKING:` runs
                out += _imports(ast.Module(body=[branch], type_ignores=[]), local)
        else:
            inside = local or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            out += _imports(child, inside)
    return out


def import_edges(root: Path, package: str) -> list[Edge]:
    """Every runtime import between modules of ``package`` (see the module's docstring)."""
    known = modules(root, package)
    edges = []
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        for statement, local in _imports(ast.parse(path.read_text(), str(path)), False):
            targets: list[str] = []
            if isinstance(statement, ast.Import):
                targets = [alias.name for alias in statement.names]
            else:
                base = statement.module or ""
                if statement.level:  # relative: from the module's own package upwards
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    here = here[: len(here) - statement.level + 1]
                    base = ".".join([*here, base] if base else here)
                for alias in statement.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in known else base)
            for target in targets:
                while target and target not in known and "." in target:  # `import a.b.c` of a name
                    target = target.rpartition(".")[0]
                if target in known and target != name:
                    edges.append(Edge(name, target, statement.lineno, local))
    return edges


def circles(edges: list[Edge]) -> list[list[Edge]]:
    """One circle of imports through each group of modules that import each other (a strongly
    connected component of more than one module), as the edges that close it."""
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        graph.setdefault(edge.source, []).append(edge)
        graph.setdefault(edge.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for edge in graph[node]:
            if edge.target not in index:
                visit(edge.target)
                low[node] = min(low[node], low[edge.target])
            elif edge.target in stack:
                low[node] = min(low[node], index[edge.target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    found = []
    for group in groups:  # a shortest way back to the group's first module
        start = min(group)
        paths: dict[str, list[Edge]] = {start: []}
        queue = [start]
        while queue:
            node = queue.pop(0)
            for edge in graph[node]:
                if edge.target == start:
                    found.append([*paths[node], edge])
                    queue = []
                    break
                if edge.target in group and edge.target not in paths:
                    paths[edge.target] = [*paths[node], edge]
                    queue.append(edge.target)
    return found


@pytest.mark.parametrize("package", ["engine", "bot", "render", "cli"])
def test_no_import_circle_in(package: str) -> None:
    found = circles(import_edges(ROOT, package))
    assert not found, "import circles:\n" + "\n".join(" | ".join(map(str, c)) for c in found)


def test_the_app_imports_no_cog_and_no_module_imports_the_app() -> None:
    """The app loads the cogs by name (each registers its own components, issue 27); a cog or a
    component reaches the bot through its ``bot`` attribute or ``interaction.client``, typed by an
    import under ``TYPE_CHECKING``."""
    edges = import_edges(ROOT, "bot")
    into_app = [e for e in edges if e.target == "bot.app"]
    app_into_cogs = [e for e in edges if e.source == "bot.app" and e.target.startswith("bot.cogs")]
    assert not into_app and not app_into_cogs, [str(e) for e in into_app + app_into_cogs]


def _write(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)


def test_the_finder_sees_circles_at_module_level_and_in_functions(tmp_path: Path) -> None:
    """The finder itself: a module-level circle, one closed by an import in a function (marked),
    a relative one; never an import under TYPE_CHECKING, or one of another package."""
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import thing\n",
            "pkg/b.py": "import pkg.a\nthing = 1\n",
            "pkg/c.py": "from pkg import d\n",
            "pkg/d.py": "def f():\n    from pkg.c import x\n",
            "pkg/sub/__init__.py": "from . import e\n",
            "pkg/sub/e.py": "from .. import sub\n",
            "pkg/t.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.u import U\n",
            "pkg/u.py": "import os\nfrom pkg.t import T\n",
        },
    )
    found = {frozenset(e.source for e in c): c for c in circles(import_edges(tmp_path, "pkg"))}
    assert set(found) == {
        frozenset({"pkg.a", "pkg.b"}),
        frozenset({"pkg.c", "pkg.d"}),
        frozenset({"pkg.sub", "pkg.sub.e"}),
    }
    assert [e.local for e in found[frozenset({"pkg.c", "pkg.d"})]] == [False, True]
    assert "pkg.d:2 -> pkg.c (in a function)" in [str(e) for e in found[frozenset({"pkg.c", "pkg.d"})]]
    # the else of `if TYPE_CHECKING:` runs
    _write(tmp_path, {"pkg/t.py": "if TYPE_CHECKING:\n    pass\nelse:\n    from pkg.u import U\n"})
    found_again = {frozenset(e.source for e in c) for c in circles(import_edges(tmp_path, "pkg"))}
    assert frozenset({"pkg.t", "pkg.u"}) in found_again
