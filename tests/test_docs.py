"""The engine documents every public function, class and method (a project habit)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import engine


def _engine_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]


def test_every_public_engine_api_has_a_docstring() -> None:
    missing = []
    for name in _engine_modules():
        module = importlib.import_module(name)
        if not module.__doc__:
            missing.append(name)
        for attr, obj in vars(module).items():
            if attr.startswith("_") or getattr(obj, "__module__", None) != name:
                continue
            if inspect.isfunction(obj) or inspect.isclass(obj):
                if not inspect.getdoc(obj):
                    missing.append(f"{name}.{attr}")
                if inspect.isclass(obj):
                    for meth_name, meth in vars(obj).items():
                        documentable = inspect.isfunction(meth) or isinstance(meth, property)
                        if meth_name.startswith("_") or not documentable:
                            continue
                        if not inspect.getdoc(meth):
                            missing.append(f"{name}.{attr}.{meth_name}")
    assert missing == []
