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

from bot.storage.core import database_from_env
from engine.errors import quote

DEFAULT_ENV_FILE: Final = ".env"

MAX_KEEP_LOGS_DAYS: Final = 36500
"""The longest ``MAHJONG_KEEP_LOGS_DAYS`` (a hundred years)."""

MAX_SHARDS: Final = 65536
"""The largest ``MAHJONG_SHARD_COUNT`` taken (Discord asks for one shard per 1,000 servers at most
and far fewer; a bound keeps a typo from naming millions of shards)."""


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the variable and what it takes."""


@dataclass(frozen=True, slots=True)
class BotConfig:
    """How the bot runs. Times are in seconds."""

    token: str = ""
    """The bot token (``DISCORD_TOKEN``); empty: the bot cannot log in."""
    database: Path | str = Path("mahjong.sqlite3")
    """Where the storage lives: a ``postgresql://`` URL (``MAHJONG_DATABASE_URL``: many processes,
    shards, over one PostgreSQL database), else the SQLite file (``MAHJONG_DB``)."""
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
    shard_count: int | None = None
    """How many shards the bot runs in all, over every process (``MAHJONG_SHARD_COUNT``); None:
    one process runs them all, as many as Discord recommends."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``MAHJONG_SHARD_IDS``: ``0-3``, ``0,2,5``); None: all of
    ``shard_count``. A server's shard is ``(guild_id >> 22) % shard_count``."""
    sync_commands: bool | None = None
    """Whether this process syncs the slash commands (``MAHJONG_SYNC_COMMANDS``); None: the
    process that runs shard 0 does, so exactly one of a set of processes does."""

    workers: int | None = None
    """Worker processes for images, hints and computer decisions (``MAHJONG_WORKERS``;
    ``bot/workers.py``): None, as many as the machine has cores; 0, threads in the bot's process."""
    tile_emoji: bool = False
    """Upload the tile faces as application emoji at start-up and write them beside tile names
    (``MAHJONG_TILE_EMOJI``, yes unless it says no; ``bot/emoji.py``). A configuration made in
    code (the tests') has it off, so its texts name tiles alone unless it asks."""

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process drives the tables of server ``guild_id`` (it runs that server's
        shard); a direct message (no server) is every process's.

        >>> config = BotConfig(shard_count=4, shard_ids=(1, 2))
        >>> [config.serves(s << 22) for s in range(6)]
        [False, True, True, False, False, True]
        >>> BotConfig().serves(123)
        True
        """
        if guild_id is None or self.shard_count is None or self.shard_ids is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: as ``MAHJONG_SYNC_COMMANDS`` says, else
        the process that runs shard 0 (one process alone runs it)."""
        if self.sync_commands is not None:
            return self.sync_commands
        return self.shard_ids is None or 0 in self.shard_ids

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
        shard_count, shard_ids = read_shards(
            values.get("MAHJONG_SHARD_COUNT", ""), values.get("MAHJONG_SHARD_IDS", "")
        )
        sync_text = values.get("MAHJONG_SYNC_COMMANDS", "").strip().lower()
        if sync_text not in ("", "yes", "no", "true", "false", "1", "0"):
            raise ConfigError(f"MAHJONG_SYNC_COMMANDS takes yes or no (or nothing), not {quote(sync_text)}")
        sync_commands = None if not sync_text else sync_text in ("yes", "true", "1")
        emoji_text = values.get("MAHJONG_TILE_EMOJI", "").strip().lower()
        if emoji_text not in ("", "yes", "no", "true", "false", "1", "0"):
            raise ConfigError(
                f"MAHJONG_TILE_EMOJI takes yes or no (or nothing: yes), not {quote(emoji_text)}"
            )
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
            database=database_from_env(values),
            dev_guild=dev_guild,
            pace_seconds=number("MAHJONG_PACE_SECONDS", 1.0, 0, 60),
            turn_seconds=number("MAHJONG_TURN_SECONDS", 60.0, 5, 3600),
            claim_seconds=number("MAHJONG_CLAIM_SECONDS", 15.0, 1, 600),
            claim_min_seconds=number("MAHJONG_CLAIM_MIN_SECONDS", 2.0, 0, 60),
            restart_grace_seconds=number("MAHJONG_RESTART_GRACE_SECONDS", 30.0, 0, 600),
            next_hand_seconds=number("MAHJONG_NEXT_HAND_SECONDS", 0.0, 0, 3600),
            keep_logs_days=keep_logs_days,
            log_level=level,
            shard_count=shard_count,
            shard_ids=shard_ids,
            sync_commands=sync_commands,
            workers=workers,
            tile_emoji=emoji_text not in ("no", "false", "0"),
        )


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that carries server ``guild_id``'s events and interactions (Discord's rule).

    >>> shard_of(81384788765712384, 2), shard_of(81384788765712384, 3), shard_of(5 << 22, 4)
    (0, 1, 1)
    """
    return (guild_id >> 22) % shard_count


def read_shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``MAHJONG_SHARD_COUNT`` and ``MAHJONG_SHARD_IDS`` read: the count, and the shards this
    process runs (sorted, each once), or None for all.

    >>> read_shards("8", "0-3")
    (8, (0, 1, 2, 3))
    >>> read_shards("6", " 5, 0,2 ")
    (6, (0, 2, 5))
    >>> read_shards("", "")
    (None, None)
    >>> read_shards("4", "")
    (4, None)
    >>> read_shards("4", "2-5")
    Traceback (most recent call last):
    ...
    bot.config.ConfigError: MAHJONG_SHARD_IDS names shard 4 and 5, but there are 4 shards: 0 to 3
    """
    count_text, ids_text = count_text.strip(), ids_text.strip()
    count: int | None = None
    if count_text:
        if not (
            count_text.isascii()
            and count_text.isdigit()
            and len(count_text) <= 6
            and 1 <= int(count_text) <= MAX_SHARDS
        ):
            raise ConfigError(
                f"MAHJONG_SHARD_COUNT takes the number of shards in all processes, a whole number "
                f"from 1 to {MAX_SHARDS} (or nothing: one process runs as many as Discord "
                f"recommends), not {quote(count_text)}"
            )
        count = int(count_text)
    if not ids_text:
        return count, None
    if count is None:
        raise ConfigError(
            f"MAHJONG_SHARD_IDS ({quote(ids_text)}) needs MAHJONG_SHARD_COUNT, the number of shards "
            "in all processes"
        )
    shards: set[int] = set()
    for part in ids_text.split(","):
        low_text, dash, high_text = part.strip().partition("-")
        low_text, high_text = low_text.strip(), high_text.strip() if dash else low_text.strip()
        if not all(t.isascii() and t.isdigit() and len(t) <= 6 for t in (low_text, high_text)) or int(
            low_text
        ) > int(high_text):
            raise ConfigError(
                "MAHJONG_SHARD_IDS takes shard numbers and ranges separated by commas, such as 0-3 "
                f"or 0,2,5 (a range from low to high), not {quote(ids_text)}"
            )
        shards.update(range(int(low_text), int(high_text) + 1))
    beyond = sorted(s for s in shards if s >= count)
    if beyond:
        named = " and ".join(str(s) for s in (beyond if len(beyond) <= 2 else (beyond[0], beyond[-1])))
        raise ConfigError(
            f"MAHJONG_SHARD_IDS names shard {named}, but there are {count} shards: 0 to {count - 1}"
        )
    return count, tuple(sorted(shards))


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
