"""The bot's configuration: from the environment, or a ``.env`` file beside it.

Every variable is listed, with a comment, in ``.env.example``. The
environment wins over the file, so a deployment can override one value
without editing it.

>>> config = BotConfig.from_env({"DISCORD_TOKEN": "abc", "MAHJONG_TURN_SECONDS": "45"}, env_file=None)
>>> config.token, config.turn_seconds, config.pace_seconds
('abc', 45.0, 1.0)
>>> BotConfig.from_env({"MAHJONG_PACE_SECONDS": "soon"}, env_file=None)
Traceback (most recent call last):
...
bot.config.ConfigError: MAHJONG_PACE_SECONDS takes a number of seconds from 0 to 60, not 'soon'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from engine.errors import quote

DEFAULT_ENV_FILE: Final = ".env"

MAX_KEEP_LOGS_DAYS: Final = 36500
"""The longest ``MAHJONG_KEEP_LOGS_DAYS`` (a hundred years)."""


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the variable and what it takes."""


@dataclass(frozen=True, slots=True)
class BotConfig:
    """How the bot runs. Times are in seconds."""

    token: str = ""
    """The bot token (``DISCORD_TOKEN``); empty: the bot cannot log in."""
    database: Path = Path("mahjong.sqlite3")
    """The SQLite file (``MAHJONG_DB``)."""
    dev_guild: int | None = None
    """A server whose commands are synced at once while developing (``MAHJONG_DEV_GUILD``);
    without it commands are synced globally (Discord may take up to an hour to show them)."""
    pace_seconds: float = 1.0
    """Pause between computer moves, and the shortest interval between two edits of a
    table message (``MAHJONG_PACE_SECONDS``; 0 in tests)."""
    turn_seconds: float = 60.0
    """Time for a person's turn before the default action is played (``MAHJONG_TURN_SECONDS``)."""
    claim_seconds: float = 15.0
    """Longest claim window after a discard (``MAHJONG_CLAIM_SECONDS``)."""
    claim_min_seconds: float = 2.0
    """Shortest claim window, the same whoever can claim, so a quick close reveals nothing
    (``MAHJONG_CLAIM_MIN_SECONDS``)."""
    restart_grace_seconds: float = 30.0
    """Extra time given to every running timer after a restart (``MAHJONG_RESTART_GRACE_SECONDS``)."""
    next_hand_seconds: float = 0.0
    """Start the next hand by itself after this pause (``MAHJONG_NEXT_HAND_SECONDS``); 0: the
    seated people click **Next hand**."""
    keep_logs_days: int = 365
    """Days a game's move log is kept after the game ended, finished or abandoned
    (``MAHJONG_KEEP_LOGS_DAYS``); then it is pruned, and the game's record, its hands' results,
    payments and summaries and the ledger stay (``bot/retention.py``). 0: logs are kept for ever."""
    log_level: str = "INFO"
    """``MAHJONG_LOG_LEVEL``: DEBUG, INFO, WARNING or ERROR."""
    workers: int | None = None
    """Worker processes for images, hints and computer decisions (``MAHJONG_WORKERS``;
    ``bot/workers.py``): None, as many as the machine has cores; 0, threads in the bot's process."""

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, *, env_file: str | Path | None = DEFAULT_ENV_FILE
    ) -> BotConfig:
        """Read the configuration from ``environ`` (default: the process environment) over ``env_file``.

        :raises ConfigError: naming the variable, the value and what it takes.
        """
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update(read_env_file(Path(env_file)))
        values.update(os.environ if environ is None else environ)

        def number(name: str, default: float, low: float, high: float) -> float:
            text = values.get(name, "").strip()
            if not text:
                return default
            try:
                value = float(text) if text.isascii() and len(text) < 20 else float("nan")
            except ValueError:
                value = float("nan")
            if not low <= value <= high:
                raise ConfigError(
                    f"{name} takes a number of seconds from {low:g} to {high:g}, not {quote(text)}"
                )
            return value

        guild_text = values.get("MAHJONG_DEV_GUILD", "").strip()
        dev_guild = None
        if guild_text:
            if not (guild_text.isascii() and guild_text.isdigit() and len(guild_text) <= 20):
                raise ConfigError(
                    "MAHJONG_DEV_GUILD takes a server ID (a number like 123456789012345678), "
                    f"not {quote(guild_text)}"
                )
            dev_guild = int(guild_text)
        days_text = values.get("MAHJONG_KEEP_LOGS_DAYS", "").strip()
        keep_logs_days = 365
        if days_text:
            if not (
                days_text.isascii()
                and days_text.isdigit()
                and len(days_text) <= 6
                and int(days_text) <= MAX_KEEP_LOGS_DAYS
            ):
                raise ConfigError(
                    f"MAHJONG_KEEP_LOGS_DAYS takes a whole number of days from 0 (keep the logs for ever) "
                    f"to {MAX_KEEP_LOGS_DAYS}, not {quote(days_text)}"
                )
            keep_logs_days = int(days_text)
        level = values.get("MAHJONG_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ConfigError(f"MAHJONG_LOG_LEVEL takes DEBUG, INFO, WARNING or ERROR, not {quote(level)}")
        workers_text = values.get("MAHJONG_WORKERS", "").strip()
        workers: int | None = None
        if workers_text:
            if not (workers_text.isascii() and workers_text.isdigit() and len(workers_text) <= 3):
                raise ConfigError(
                    "MAHJONG_WORKERS takes a whole number of worker processes from 0 (none: threads) "
                    f"to 999, not {quote(workers_text)}"
                )
            workers = int(workers_text)
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip(),
            database=Path(values.get("MAHJONG_DB", "").strip() or "mahjong.sqlite3"),
            dev_guild=dev_guild,
            pace_seconds=number("MAHJONG_PACE_SECONDS", 1.0, 0, 60),
            turn_seconds=number("MAHJONG_TURN_SECONDS", 60.0, 5, 3600),
            claim_seconds=number("MAHJONG_CLAIM_SECONDS", 15.0, 1, 600),
            claim_min_seconds=number("MAHJONG_CLAIM_MIN_SECONDS", 2.0, 0, 60),
            restart_grace_seconds=number("MAHJONG_RESTART_GRACE_SECONDS", 30.0, 0, 600),
            next_hand_seconds=number("MAHJONG_NEXT_HAND_SECONDS", 0.0, 0, 3600),
            keep_logs_days=keep_logs_days,
            log_level=level,
            workers=workers,
        )


def read_env_file(path: Path) -> dict[str, str]:
    """``NAME=value`` lines of a ``.env`` file (``#`` comments, optional quotes, ``export`` allowed).

    :raises ConfigError: for a line that is not an assignment (with its number).
    """
    out: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].strip()
        name, sep, value = line.partition("=")
        name = name.strip()
        if not sep or not name.replace("_", "").isalnum():
            raise ConfigError(f"{path} line {number} is not NAME=value: {quote(line)}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[name] = value
    return out
