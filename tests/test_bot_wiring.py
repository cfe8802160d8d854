"""The bot wired like discord.py's examples (issue 27): each cog's ``setup`` registers the persistent
components it sends, the table cog is reached through a typed accessor, and the permission
checks live in one module."""

from __future__ import annotations

import ast
import inspect
import typing
from pathlib import Path

import discord
import pytest
from discord_harness import Harness
from test_bot_discord import CHANNEL, config, guilds, make_bot
from test_bot_lobby import forged_message

import bot.app
from bot.app import MahjongBot
from bot.cogs.builder import BUILDER_ITEMS
from bot.cogs.chips import HistoryButton
from bot.cogs.record import RECORD_ITEMS
from bot.cogs.replay import REPLAY_ITEMS
from bot.cogs.table import TableCog
from bot.components import DYNAMIC_ITEMS
from bot.history import HISTORY_ITEMS
from bot.i18n import text
from bot.score_answer import PostButton

ROOT = Path(__file__).parent.parent


def named(classes: typing.Iterable[type]) -> set[str]:
    """Classes by their full names (``load_extension`` runs a cog's module anew, so its classes
    are not the ones this test imported)."""
    return {f"{c.__module__}.{c.__qualname__}" for c in classes}


def bot_dynamic_items() -> set[str]:
    """Every DynamicItem class defined in bot/ (imported above, so all are loaded), by name."""
    found: list[type] = []
    todo: list[type] = [discord.ui.DynamicItem]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("bot."):
                found.append(sub)
    return named(found)


async def test_each_cog_registers_the_components_it_sends(tmp_path: Path) -> None:
    """Every component class of bot/ is registered, each by its own cog's ``setup``: unloading a
    cog takes its components away, and a click on one is then answered as broken (the bot's
    answer to custom_ids no template takes reads what was registered)."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        registered = named(h.bot.persistent_items)
        assert registered == bot_dynamic_items()
        assert (
            named(
                [
                    *DYNAMIC_ITEMS,
                    PostButton,
                    *BUILDER_ITEMS,
                    HistoryButton,
                    *HISTORY_ITEMS,
                    *REPLAY_ITEMS,
                    *RECORD_ITEMS,
                ]
            )
            == registered
        )
        alice = h.user(100, "alice")
        custom_id = f"mj:chips:hist:{alice.id}:0"
        rec = await h.click(forged_message(h, CHANNEL, custom_id, []), custom_id, user=alice)
        await h.settle()
        assert rec.answered and rec.text != text("component_broken", "en")

        await h.bot.unload_extension("bot.cogs.chips")
        assert named(h.bot.persistent_items) == registered - named([HistoryButton])
        rec = await h.click(forged_message(h, CHANNEL, custom_id, []), custom_id, user=alice)
        await h.settle()
        assert rec.answered and rec.ephemeral and rec.text == text("component_broken", "en")

        await h.bot.load_extension("bot.cogs.chips")
        assert named(h.bot.persistent_items) == registered
        h.check()


def test_the_app_registers_no_component_itself() -> None:
    """``setup_hook`` loads the cogs; it names no component class."""
    source = inspect.getsource(MahjongBot.setup_hook)
    assert "add_dynamic_items" not in source
    assert not any(
        isinstance(v, type) and issubclass(v, discord.ui.DynamicItem) for v in vars(bot.app).values()
    )


async def test_the_table_cog_accessor_is_typed(tmp_path: Path) -> None:
    """``MahjongBot.table_cog`` says it gives a ``TableCog`` (so mypy --strict checks every click's
    way to its handler) and gives the loaded one."""
    hints = typing.get_type_hints(MahjongBot.table_cog.fget, vars(bot.app) | {"TableCog": TableCog})
    assert hints["return"] is TableCog
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        cog = h.bot.table_cog
        assert named([type(cog)]) == named([TableCog]) and cog is h.bot.get_cog("TableCog")
        await h.bot.unload_extension("bot.cogs.table")
        with pytest.raises(RuntimeError, match="not loaded"):
            h.bot.table_cog  # noqa: B018 (the property is what is tested)
        await h.bot.load_extension("bot.cogs.table")


PERMISSION_NAMES = {"manage_guild", "guild_permissions"}
"""What only a permission check reads."""


def test_permission_checks_live_in_one_module() -> None:
    """``bot/permissions.py`` is the one place that reads a member's permissions or defines a
    check (``/settings``, ``/chips`` and ``/mahjong`` had their own copies)."""
    misplaced = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.name == "permissions.py" and path.parent.name == "bot":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in PERMISSION_NAMES:
                misplaced.append(f"{path.relative_to(ROOT)}:{node.lineno} reads {node.attr}")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                node.name.lstrip("_") in {"is_admin", "has_role", "may_open", "may_stop"}
            ):
                misplaced.append(f"{path.relative_to(ROOT)}:{node.lineno} defines {node.name}")
    assert not misplaced, misplaced
