"""pyproject.toml's requirements: true floors (the bot cannot run on a discord.py without the
classes it uses), an upper bound on discord.py, and lint and type tools pinned to one release."""

from __future__ import annotations

import inspect
import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import discord
import discord.ui
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).parent.parent


def requirements() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    return {Requirement(r).name.lower(): Requirement(r) for r in listed}


def floor(requirement: Requirement) -> Version:
    (lowest,) = [Version(s.version) for s in requirement.specifier if s.operator in (">=", "==")]
    return lowest


def test_discord_py_floor_has_every_class_the_bot_uses() -> None:
    """Every ``discord.ui.X`` / ``discord.X`` class named in bot/ exists in the floor release
    (by the ``versionadded`` of the installed discord.py's own docs)."""
    used: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        used |= set(re.findall(r"\bdiscord\.((?:ui\.)?[A-Z]\w+)", path.read_text()))
    assert {"ui.LayoutView", "ui.Container", "ui.TextDisplay", "ui.MediaGallery"} <= used
    needed: dict[str, Version] = {}
    for name in used:
        owner = discord.ui if name.startswith("ui.") else discord
        doc = inspect.getdoc(getattr(owner, name.removeprefix("ui."))) or ""
        added = re.search(r"versionadded:: ([0-9.]+)", doc)
        if added:
            needed[name] = Version(added.group(1))
    newest = max(needed.values())
    discord_py = requirements()["discord.py"]
    assert floor(discord_py) >= newest, {n: str(v) for n, v in needed.items() if v > floor(discord_py)}
    # 2.7.1 fixed a LayoutView memory leak (items removed from a layout stayed cached)
    assert floor(discord_py) >= Version("2.7.1")


def test_discord_py_stays_below_the_next_major() -> None:
    """The offline harness patches discord.py's internals: a new major must be a code change."""
    discord_py = requirements()["discord.py"]
    installed = Version(version("discord.py"))
    assert installed in discord_py.specifier
    assert Version(f"{installed.major + 1}.0") not in discord_py.specifier


def test_pytest_asyncio_floor_knows_the_options_the_config_sets() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "asyncio_default_fixture_loop_scope" in options  # an option of pytest-asyncio 0.24
    assert floor(requirements()["pytest-asyncio"]) >= Version("0.24")
    assert floor(requirements()["pytest"]) >= Version("8.2")  # what pytest-asyncio 0.24 needs


def test_lint_and_type_tools_are_pinned_to_the_release_in_use() -> None:
    """A new ruff or mypy release cannot fail CI: the one CI installs is the one in use here."""
    for tool in ("ruff", "mypy"):
        specifier = requirements()[tool].specifier
        assert [s.operator for s in specifier] == ["=="], f"{tool} is not pinned: {specifier}"
        assert version(tool) in specifier, f"installed {tool} {version(tool)} is not the pinned {specifier}"


def test_property_tests_have_no_deadline_and_fixed_examples() -> None:
    """A busy machine makes an example slow, not wrong; and every run tries the same examples."""
    from hypothesis import settings

    assert settings.default.deadline is None and settings.default.derandomize


def test_openskill_floor_rates_ties_as_the_rating_needs() -> None:
    """The rating (bot/rating.py) gives equal chips one shared place: from the floor on,
    Plackett-Luce leaves two equal players who tie where they were (before openskill.py #176
    both moved up), and the installed release is within the requirement."""
    from openskill.models import PlackettLuce

    openskill = requirements()["openskill"]
    assert floor(openskill) >= Version("6.2")
    assert Version(version("openskill")) in openskill.specifier
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 1.0])
    assert a.mu == b.mu == model.mu and a.ordinal() == b.ordinal()
