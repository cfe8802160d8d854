"""The wording checker over every bot test (issue 28): each harness a test starts for the bot is
remembered, and when the test has passed, everything the bot sent through it is checked
(tests/wording.py); a violation fails the test with the list of what a person would have read.

Harnesses around other clients (tests/test_discord_harness.py's toy bots) are not checked. With
``WORDING_DUMP=/some/file.jsonl`` every violation is also appended there as a JSON line (to list
what a whole run finds, e.g. for /work/briefs/violations28.md).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Generator
from typing import Any

import pytest
import wording
from discord_harness import Harness

_started: list[Harness[Any]] = []
_original_start = Harness.__dict__["start"].__func__


async def _remembering_start(cls: type[Harness[Any]], /, bot: Any, **options: Any) -> Harness[Any]:
    harness: Harness[Any] = await _original_start(cls, bot, **options)
    _started.append(harness)
    return harness


Harness.start = classmethod(_remembering_start)  # type: ignore[assignment,method-assign]


def _is_mahjong_bot(bot: object) -> bool:
    from bot.app import MahjongBot

    return isinstance(bot, MahjongBot)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _started.clear()  # from here on: the harnesses of this test (its fixtures' too)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    result = yield
    harnesses = [h for h in _started if _is_mahjong_bot(h.bot)]
    _started.clear()
    found = [
        v
        for i, h in enumerate(harnesses)
        for v in wording.check_harness(h, before=[e for e in harnesses[:i] if e.backend is h.backend])
    ]
    dump = os.environ.get("WORDING_DUMP")
    if dump and found:  # a list for the people fixing the wording (one JSON line per violation)
        with open(dump, "a", encoding="utf-8") as out:
            for v in found:
                out.write(
                    json.dumps({"test": item.nodeid, **dataclasses.asdict(v)}, ensure_ascii=False) + "\n"
                )
    if found:
        pytest.fail(
            f"{len(found)} wording violations in what the bot sent (tests/wording.py):\n"
            + wording.report(found),
            pytrace=False,
        )
    return result
