"""Table settings: what a server or a channel chooses for its tables besides the house rules.

The language a table speaks, its turn and claim times, the pause before the next hand starts by
itself, who may open and who may stop a table, and (for the whole server) the starting chips of
the next season. Only what a club set is stored; a channel's choice wins over its server's, and
what neither set comes from the bot's configuration (:class:`bot.config.BotConfig`). Every value
is checked here against :data:`TABLE_SETTINGS` before it is written, and every change is logged
in the settings history (kind ``table_setting``) with who made it.

A table takes these when it opens: a change never alters a running game.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from bot.storage.checks import MAX_AMOUNT, MAX_ID, check_actor, check_id, is_whole, quote
from bot.storage.core import GUILD_SCOPE, StorageCore, from_json, to_json
from bot.storage.errors import StorageInputError
from bot.storage.sql import Db
from engine.settings import parse_whole_number

LANGUAGES: Final = ("en", "de")
"""The languages a table speaks."""

EVERYONE: Final = 0
"""``who_opens`` / ``who_stops``: no role needed."""

YES: Final = frozenset({"true", "yes", "on", "1"})
NO: Final = frozenset({"false", "no", "off", "0"})
"""How an on/off setting (``table_in_thread``) may be typed."""


@dataclass(frozen=True, slots=True)
class TableSettingSpec:
    """What one table setting accepts: a language, a whole number in a range, or everyone / a role."""

    name: str
    kind: str
    """``language``, ``seconds``, ``chips``, ``role`` or ``bool``."""
    help: str
    minimum: int = 0
    maximum: int = 0
    server_only: bool = False

    def describe(self) -> str:
        """What values the setting takes, in words."""
        if self.kind == "language":
            return "en or de"
        if self.kind == "role":
            return "everyone or a role"
        if self.kind == "bool":
            return "on or off (true or false)"
        unit = " seconds" if self.kind == "seconds" else " chips"
        return f"a whole number of{unit} from {self.minimum} to {self.maximum}"

    def convert(self, value: object) -> object:
        """``value`` (its type, or the text a person typed) as it is stored.

        :raises StorageInputError: saying what the setting takes.
        """
        if self.kind == "language":
            if isinstance(value, str) and value.strip().lower() in LANGUAGES:
                return value.strip().lower()
        elif self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in YES | NO:
                return value.strip().lower() in YES
        elif self.kind == "role":
            if isinstance(value, str) and value.strip().lower() == "everyone":
                return EVERYONE
            number = parse_whole_number(value) if isinstance(value, str) else value
            if is_whole(number) and 0 <= number <= MAX_ID:
                return number
        else:
            number = parse_whole_number(value) if isinstance(value, str) else value
            if is_whole(number) and self.minimum <= number <= self.maximum:
                return number
        raise StorageInputError(f"{self.name} takes {self.describe()}, not {quote(value)}")


TABLE_SETTINGS: Final[dict[str, TableSettingSpec]] = {
    spec.name: spec
    for spec in (
        TableSettingSpec("language", "language", "the language a table speaks (else the server's)"),
        TableSettingSpec(
            "turn_seconds", "seconds", "time for a turn before the default move", minimum=5, maximum=3600
        ),
        TableSettingSpec(
            "claim_seconds", "seconds", "longest claim window after a discard", minimum=2, maximum=600
        ),
        TableSettingSpec(
            "next_hand_seconds",
            "seconds",
            "the next hand starts by itself after this pause (0: the Next hand button)",
            minimum=0,
            maximum=3600,
        ),
        TableSettingSpec("who_opens", "role", "who may open a table (everyone, or a role)"),
        TableSettingSpec(
            "who_stops", "role", "who may stop a table at once (everyone: the opener, admins or a vote)"
        ),
        TableSettingSpec(
            "table_in_thread", "bool", "/mahjong new opens the table in a public thread of its own"
        ),
        TableSettingSpec(
            "initial_balance",
            "chips",
            "starting chips of every member in the next season",
            minimum=0,
            maximum=MAX_AMOUNT,
            server_only=True,
        ),
    )
}
"""Every table setting by name. A role is stored as its id; 0 is everyone."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """The table settings of a server or a channel; None: not set there."""

    language: str | None = None
    turn_seconds: int | None = None
    claim_seconds: int | None = None
    next_hand_seconds: int | None = None
    who_opens: int | None = None
    """0: everyone; else the role whose members may open a table (admins always may)."""
    who_stops: int | None = None
    """0: everyone (the opener, admins, or a vote of the seated people); else a role whose
    members may also stop a table at once."""
    table_in_thread: bool | None = None
    """Whether ``/mahjong new`` opens the table in a public thread of its own (None: not set here;
    off by default); the channel keeps one line that links to it."""
    initial_balance: int | None = None
    """Starting chips of the next season (server only; None: those of the current season)."""

    def over(self, base: TableSettings) -> TableSettings:
        """These settings where set, else ``base``'s (a channel's over its server's)."""
        return TableSettings(
            **{
                f.name: getattr(base, f.name) if getattr(self, f.name) is None else getattr(self, f.name)
                for f in dataclasses.fields(self)
            }
        )

    def as_dict(self) -> dict[str, object]:
        """The settings that are set, by name."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is not None
        }


def _spec(name: object) -> TableSettingSpec:
    spec = TABLE_SETTINGS.get(name) if isinstance(name, str) else None
    if spec is None:
        raise StorageInputError(
            f"there is no table setting {quote(name)}; table settings are: {', '.join(TABLE_SETTINGS)}"
        )
    return spec


def _scope(spec: TableSettingSpec, channel_id: int | None) -> int:
    if channel_id is None:
        return GUILD_SCOPE
    check_id(channel_id, "channel id")
    if spec.server_only:
        raise StorageInputError(f"{spec.name} is a setting of the whole server, not of one channel")
    return channel_id


class TableSettingsMixin(StorageCore):
    """Table settings of servers and channels (times, language, who may open and stop tables)."""

    async def _table_settings(self, db: Db, guild_id: int, channel: int) -> TableSettings:
        values: dict[str, object] = {}
        for row in await db.fetchall(
            "SELECT name, value FROM table_settings WHERE guild_id = ? AND channel_id = ?",
            (guild_id, channel),
        ):
            spec = TABLE_SETTINGS.get(row["name"])
            if spec is None:
                continue  # a setting an update removed: keep the row, ignore it
            try:
                values[spec.name] = spec.convert(from_json(row["value"]))
            except StorageInputError:
                continue
        return TableSettings(**values)  # type: ignore[arg-type]

    async def table_settings(
        self, guild_id: int, channel_id: int | None = None, *, inherit: bool = True
    ) -> TableSettings:
        """The table settings of a server (``channel_id`` None) or a channel.

        With ``inherit`` (the default) a channel's settings are filled in with its server's, as a
        table in it takes them; without, only what the channel itself set.
        """
        check_id(guild_id, "guild id")
        if channel_id is not None:
            check_id(channel_id, "channel id")

        async def work(db: Db) -> TableSettings:
            server = await self._table_settings(db, guild_id, GUILD_SCOPE)
            if channel_id is None:
                return server
            own = await self._table_settings(db, guild_id, channel_id)
            return dataclasses.replace(
                own.over(server) if inherit else own, initial_balance=server.initial_balance
            )

        return await self._read(work)

    async def set_table_setting(
        self,
        guild_id: int,
        name: str,
        value: object,
        *,
        channel_id: int | None = None,
        actor_id: int | None = None,
    ) -> TableSettings:
        """Set one table setting of a server or a channel (``value`` of its type, or as typed):

        * ``language``: en or de;
        * ``turn_seconds``: 5 to 3600; ``claim_seconds``: 2 to 600; ``next_hand_seconds``: 0 (the
          Next hand button) to 3600;
        * ``who_opens``, ``who_stops``: ``"everyone"`` or 0, or a role id;
        * ``table_in_thread``: on or off (``True``/``False``, or ``on``, ``off``, ``true``...);
        * ``initial_balance`` (server only): 0 to 10^9 chips.

        Returns the scope's own settings.

        :raises StorageInputError: for an unknown setting, a value it does not take, or a
            server-only setting given a channel.
        """
        check_id(guild_id, "guild id")
        check_actor(actor_id)
        spec = _spec(name)
        channel = _scope(spec, channel_id)
        new = to_json(spec.convert(value))

        async def work(db: Db) -> TableSettings:
            await self._ensure_guild(db, guild_id)
            row = await db.fetchone(
                "SELECT value FROM table_settings WHERE guild_id = ? AND channel_id = ? AND name = ?",
                (guild_id, channel, spec.name),
            )
            old = None if row is None else row["value"]
            await db.execute(
                "INSERT INTO table_settings (guild_id, channel_id, name, value, changed_by, changed_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, channel_id, name) DO UPDATE SET "
                "value = excluded.value, changed_by = excluded.changed_by, changed_at = excluded.changed_at",
                (guild_id, channel, spec.name, new, actor_id, self._now()),
            )
            if old != new:
                await self._log_change(db, guild_id, channel, "table_setting", spec.name, old, new, actor_id)
            return await self._table_settings(db, guild_id, channel)

        return await self._write(work)

    async def clear_table_setting(
        self, guild_id: int, name: str, *, channel_id: int | None = None, actor_id: int | None = None
    ) -> TableSettings:
        """Remove a server's or channel's table setting (the server's, else the configuration's
        applies); returns the scope's own settings.

        :raises StorageInputError: for an unknown setting, or a server-only one given a channel.
        """
        check_id(guild_id, "guild id")
        check_actor(actor_id)
        spec = _spec(name)
        channel = _scope(spec, channel_id)

        async def work(db: Db) -> TableSettings:
            await self._ensure_guild(db, guild_id)
            row = await db.fetchone(
                "SELECT value FROM table_settings WHERE guild_id = ? AND channel_id = ? AND name = ?",
                (guild_id, channel, spec.name),
            )
            if row is not None:
                await db.execute(
                    "DELETE FROM table_settings WHERE guild_id = ? AND channel_id = ? AND name = ?",
                    (guild_id, channel, spec.name),
                )
                await self._log_change(
                    db, guild_id, channel, "table_setting", spec.name, row["value"], None, actor_id
                )
            return await self._table_settings(db, guild_id, channel)

        return await self._write(work)

    async def scope_house_rules(self, guild_id: int, channel_id: int | None = None) -> dict[str, object]:
        """The house-rule overrides a server (``channel_id`` None) or one channel set itself,
        as stored (not merged with the server's; see :meth:`table_rules` for what a table plays)."""
        check_id(guild_id, "guild id")
        channel = GUILD_SCOPE if channel_id is None else check_id(channel_id, "channel id")

        async def work(db: Db) -> dict[str, object]:
            rows = await db.fetchall(
                "SELECT name, value FROM house_rules WHERE guild_id = ? AND channel_id = ? ORDER BY name",
                (guild_id, channel),
            )
            return {row["name"]: from_json(row["value"]) for row in rows}

        return await self._read(work)

    async def scope_ruleset(self, guild_id: int, channel_id: int | None = None) -> str | None:
        """The ruleset a server or one channel chose itself (None: none chosen there)."""
        check_id(guild_id, "guild id")
        channel = GUILD_SCOPE if channel_id is None else check_id(channel_id, "channel id")

        async def work(db: Db) -> str | None:
            row = await db.fetchone(
                "SELECT ruleset FROM scope_rulesets WHERE guild_id = ? AND channel_id = ?",
                (guild_id, channel),
            )
            return None if row is None else str(row["ruleset"])

        return await self._read(work)
