"""House rules: the ruleset and the setting overrides of a server or a channel, and their history.

Only overrides are stored, never a ruleset's defaults, each checked by the
engine (:mod:`engine.settings`) before it is written; a channel's choices win
over its server's. Every change is logged with who made it and when.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.storage.checks import check_actor, check_id, check_number, quote, valid_overrides
from bot.storage.core import GUILD_SCOPE, StorageCore, from_json, to_json
from bot.storage.records import SettingChange, TableRules
from bot.storage.sql import Db, Row
from engine.errors import SettingError
from engine.rulesets import get_ruleset
from engine.settings import SPEC_BY_NAME, unknown_setting_error


def _scope(channel_id: int | None) -> int:
    return GUILD_SCOPE if channel_id is None else check_id(channel_id, "channel id")


def _setting_name(name: object) -> str:
    if not isinstance(name, str) or name not in SPEC_BY_NAME:
        raise unknown_setting_error(name)
    return name


class RulesMixin(StorageCore):
    """Rulesets and house rules of servers and channels, and the history of every setting."""

    async def _rules(self, db: Db, guild_id: int, channel: int) -> TableRules:
        scopes = (GUILD_SCOPE, channel)
        ruleset = "dmjl"
        for row in await db.fetchall(
            "SELECT channel_id, ruleset FROM scope_rulesets WHERE guild_id = ? AND channel_id IN (?, ?) "
            "ORDER BY channel_id = ?",
            (guild_id, *scopes, channel),
        ):
            ruleset = row["ruleset"]  # the channel's row sorts last and wins
        stored: dict[str, object] = {}
        for row in await db.fetchall(
            "SELECT name, value FROM house_rules WHERE guild_id = ? AND channel_id IN (?, ?) "
            "ORDER BY channel_id = ?, name",
            (guild_id, *scopes, channel),
        ):
            stored[row["name"]] = from_json(row["value"])
        try:
            rules = get_ruleset(ruleset)
        except SettingError:
            rules = get_ruleset("dmjl")  # a ruleset an update removed: play the default, keep the row
        overrides = valid_overrides(stored, rules)
        try:
            settings = rules.settings(overrides)
        except SettingError:  # a combination the ruleset refuses (players and deal): its own
            overrides = {k: v for k, v in overrides.items() if k not in ("players", "deal_pattern")}
            settings = rules.settings(overrides)
        return TableRules(rules.name, overrides, settings)

    async def table_rules(self, guild_id: int, channel_id: int | None = None) -> TableRules:
        """The ruleset and house rules in force in a channel (channel's choices over the server's)."""
        check_id(guild_id, "guild id")
        channel = _scope(channel_id)

        async def work(db: Db) -> TableRules:
            return await self._rules(db, guild_id, channel)

        return await self._read(work)

    async def set_ruleset(
        self,
        guild_id: int,
        ruleset: str | None,
        *,
        channel_id: int | None = None,
        actor_id: int | None = None,
    ) -> TableRules:
        """Choose the ruleset of a server (``channel_id`` None) or one channel; None removes the choice.

        The club's house-rule overrides stay and are checked against the new ruleset.

        :raises SettingError: for an unknown ruleset (the message lists the rulesets there are).
        """
        check_id(guild_id, "guild id")
        channel = _scope(channel_id)
        if ruleset is not None and not isinstance(ruleset, str):
            raise SettingError(f"a ruleset is a name, not {quote(ruleset)}", "ruleset_not_text")
        name = None if ruleset is None else get_ruleset(ruleset).name
        check_actor(actor_id)

        async def work(db: Db) -> TableRules:
            await self._ensure_guild(db, guild_id)
            row = await db.fetchone(
                "SELECT ruleset FROM scope_rulesets WHERE guild_id = ? AND channel_id = ?",
                (guild_id, channel),
            )
            old = None if row is None else row["ruleset"]
            if name is None:
                await db.execute(
                    "DELETE FROM scope_rulesets WHERE guild_id = ? AND channel_id = ?", (guild_id, channel)
                )
            else:
                await db.execute(
                    "INSERT INTO scope_rulesets (guild_id, channel_id, ruleset, changed_by, changed_at) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, channel_id) DO UPDATE SET "
                    "ruleset = excluded.ruleset, changed_by = excluded.changed_by, "
                    "changed_at = excluded.changed_at",
                    (guild_id, channel, name, actor_id, self._now()),
                )
            if old != name:
                await self._log_change(
                    db,
                    guild_id,
                    channel,
                    "ruleset",
                    "ruleset",
                    None if old is None else to_json(old),
                    None if name is None else to_json(name),
                    actor_id,
                )
            return await self._rules(db, guild_id, channel)

        return await self._write(work)

    async def set_house_rule(
        self,
        guild_id: int,
        name: str,
        value: object,
        *,
        channel_id: int | None = None,
        actor_id: int | None = None,
    ) -> TableRules:
        """Override one house rule for a server or a channel, after checking it against the ruleset.

        ``value`` may be the text a person typed (``"300"``, ``"yes"``); it is stored converted.

        :raises SettingError: the engine's message, for an unknown setting or a value it does not take.
        """
        if not isinstance(name, str):
            raise SettingError(f"a setting is named by text, not {quote(name)}", "setting_not_text")
        return await self.set_house_rules(guild_id, {name: value}, channel_id=channel_id, actor_id=actor_id)

    async def set_house_rules(
        self,
        guild_id: int,
        values: Mapping[str, object],
        *,
        channel_id: int | None = None,
        actor_id: int | None = None,
    ) -> TableRules:
        """Override several house rules of a server or a channel at once (``/settings form``): all
        of them are checked against the ruleset together, then stored in one transaction, each
        change logged; none is stored if one is refused.

        :raises SettingError: the engine's message, for an unknown setting or a value it does not
            take (alone or beside the others).
        """
        check_id(guild_id, "guild id")
        channel = _scope(channel_id)
        check_actor(actor_id)
        for name in values:
            if not isinstance(name, str):
                raise SettingError(f"a setting is named by text, not {quote(name)}", "setting_not_text")

        async def work(db: Db) -> TableRules:
            await self._ensure_guild(db, guild_id)
            current = await self._rules(db, guild_id, channel)
            # The engine checks the names and the values against this ruleset's schema.
            get_ruleset(current.ruleset).settings({**current.overrides, **values})
            for name, value in values.items():
                converted = SPEC_BY_NAME[name].convert(value)
                row = await db.fetchone(
                    "SELECT value FROM house_rules WHERE guild_id = ? AND channel_id = ? AND name = ?",
                    (guild_id, channel, name),
                )
                old = None if row is None else row["value"]
                new = to_json(converted)
                await db.execute(
                    "INSERT INTO house_rules (guild_id, channel_id, name, value, changed_by, changed_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, channel_id, name) DO UPDATE SET "
                    "value = excluded.value, changed_by = excluded.changed_by, "
                    "changed_at = excluded.changed_at",
                    (guild_id, channel, name, new, actor_id, self._now()),
                )
                if old != new:
                    await self._log_change(db, guild_id, channel, "house_rule", name, old, new, actor_id)
            return await self._rules(db, guild_id, channel)

        return await self._write(work)

    async def clear_house_rule(
        self, guild_id: int, name: str, *, channel_id: int | None = None, actor_id: int | None = None
    ) -> TableRules:
        """Remove a server's or channel's override, so the ruleset's default (or the server's) applies.

        :raises SettingError: for a name that is no setting.
        """
        check_id(guild_id, "guild id")
        channel = _scope(channel_id)
        name = _setting_name(name)
        check_actor(actor_id)

        async def work(db: Db) -> TableRules:
            await self._ensure_guild(db, guild_id)
            row = await db.fetchone(
                "SELECT value FROM house_rules WHERE guild_id = ? AND channel_id = ? AND name = ?",
                (guild_id, channel, name),
            )
            if row is not None:
                await db.execute(
                    "DELETE FROM house_rules WHERE guild_id = ? AND channel_id = ? AND name = ?",
                    (guild_id, channel, name),
                )
                await self._log_change(
                    db, guild_id, channel, "house_rule", name, row["value"], None, actor_id
                )
            return await self._rules(db, guild_id, channel)

        return await self._write(work)

    async def settings_history(self, guild_id: int, *, limit: int = 50) -> list[SettingChange]:
        """The latest changes of rulesets, house rules and club options, newest first."""
        check_id(guild_id, "guild id")
        check_number(limit, "the number of changes", 0)

        async def work(db: Db) -> list[Row]:
            return await db.fetchall(
                "SELECT * FROM settings_log WHERE guild_id = ? ORDER BY change_id DESC LIMIT ?",
                (guild_id, limit),
            )

        return [
            SettingChange(
                change_id=r["change_id"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"] or None,
                kind=r["kind"],
                name=r["name"],
                old_value=from_json(r["old_value"]),
                new_value=from_json(r["new_value"]),
                changed_by=r["changed_by"],
                changed_at=r["changed_at"],
            )
            for r in await self._read(work)
        ]
