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
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import postgres_server
import pytest
import storage_backends
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


# ---------------------------------------------------------------- the storage on both backends


@pytest.fixture(params=storage_backends.BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    """A fresh storage location, once per backend (tests/storage_backends.py): an SQLite file, or
    a new database on the test session's PostgreSQL server (dropped after the test)."""
    if request.param == "sqlite":
        yield tmp_path / "db.sqlite3"
        return
    server = postgres_server.shared()
    url = server.new_database()
    yield url
    server.drop_database(url)


# MAHJONG_TEST_STORAGE=postgres runs the tests with every Storage(file) on a database of the
# PostgreSQL server instead (one database per file path, so a test that reopens a file reopens its
# database): a way to run the bot's own tests on PostgreSQL too.

if os.environ.get("MAHJONG_TEST_STORAGE") == "postgres":
    from bot.storage.core import StorageCore
    from bot.storage.locations import is_postgres_url

    _databases: dict[str, str] = {}
    _original_init = StorageCore.__init__

    def _on_postgres(self: StorageCore, location: Any, **kwargs: Any) -> None:
        if not is_postgres_url(location):
            key = str(Path(location).absolute())
            if key not in _databases:
                _databases[key] = postgres_server.shared().new_database()
            location = _databases[key]
        _original_init(self, location, **kwargs)

    StorageCore.__init__ = _on_postgres  # type: ignore[method-assign]
