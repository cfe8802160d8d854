"""``/settings``: a club's house rules and the bot's settings, per server and per channel.

``/settings show [channel]`` lists what differs from the defaults (house rules beside the
ruleset's values, like a ruleset diff; table and club settings beside the bot's defaults), for
anyone. ``/settings set name value [channel]`` and ``/settings reset [name] [channel]`` are for
admins (Manage Server, or the club's admin role); names and values are suggested as one types.

Every value is checked where it is kept: house rules by the engine (:mod:`engine.settings`, through
:meth:`Storage.set_house_rule`), table settings and club options by the storage. This cog only
turns a role typed or picked into its id and the errors into messages; a refusal is ephemeral and
says why and what would be accepted. A table takes its settings when it opens
(:meth:`MahjongBot.new_table`): a change never alters a running game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Language, language, text
from bot.i18n.settings import RULE_HELP_DE
from bot.permissions import is_admin
from bot.storage import StorageInputError
from bot.storage.records import ClubOptions
from bot.storage.table_settings import EVERYONE, TABLE_SETTINGS, TableSettings
from engine.errors import SettingError, quote
from engine.rulesets import RULESETS, Ruleset, get_ruleset
from engine.settings import SPEC_BY_NAME, SPECS, SettingSpec, parse_whole_number

if TYPE_CHECKING:
    from bot.app import MahjongBot

NONE = discord.AllowedMentions.none()

Kind = Literal["ruleset", "house", "table", "club"]

CLUB_OPTIONS: Final = (
    "admin_role",
    "allow_member_transfers",
    "allow_negative_balance",
    "buy_in_amount",
    "buy_in_limit",
    "balance_floor",
)
"""The club's chip options /settings offers (``admin_role`` is storage's ``admin_role_id``)."""

_CLUB_COLUMN: Final = {"admin_role": "admin_role_id"}

TABLE_NAMES: Final = tuple(n for n in TABLE_SETTINGS if n != "initial_balance")


@dataclass(frozen=True, slots=True)
class Entry:
    """One setting /settings knows: its name, where it is kept, and whether it is server-wide."""

    name: str
    kind: Kind
    server_only: bool = False


ENTRIES: Final[dict[str, Entry]] = {
    e.name: e
    for e in (
        Entry("ruleset", "ruleset"),
        *(Entry(spec.name, "house") for spec in SPECS),
        *(Entry(name, "table") for name in TABLE_NAMES),
        *(Entry(name, "club", server_only=True) for name in CLUB_OPTIONS),
        Entry("initial_balance", "table", server_only=True),
    )
}
"""Every setting by name: the ruleset, the house rules, the table settings, the club options."""

SECONDS_SUGGESTED: Final = {
    "turn_seconds": (30, 45, 60, 90, 120, 300),
    "claim_seconds": (5, 10, 15, 20, 30),
    "next_hand_seconds": (0, 10, 20, 30, 60),
}


def help_of(name: str, lang: Language) -> str:
    """A setting's help in ``lang``."""
    spec = SPEC_BY_NAME.get(name)
    if spec is not None:
        return RULE_HELP_DE.get(name, spec.help) if lang == "de" else spec.help
    return text(f"help_{name}", lang)


def accepts(name: str, lang: Language) -> str:
    """What a setting takes, in words."""
    spec = SPEC_BY_NAME.get(name)
    if spec is not None:
        return _accepts_rule(spec, lang)
    if name == "ruleset":
        return text("accepts_ruleset", lang, choices=", ".join(RULESETS))
    if name in ("who_opens", "who_stops"):
        return text("accepts_role", lang)
    if name == "admin_role":
        return text("accepts_admin_role", lang)
    if name in ("allow_member_transfers", "allow_negative_balance"):
        return text("accepts_bool", lang)
    if name == "balance_floor":
        return text("accepts_floor", lang, low=_n(-(10**9), lang), high=_n(10**9, lang))
    if name == "buy_in_amount":
        return text("accepts_chips", lang, low=1, high=_n(10**9, lang))
    if name == "buy_in_limit":
        return text("accepts_int", lang, low=0, high=1000)
    table = TABLE_SETTINGS[name]
    if table.kind == "language":
        return text("accepts_language", lang)
    key = "accepts_seconds" if table.kind == "seconds" else "accepts_chips"
    return text(key, lang, low=_n(table.minimum, lang), high=_n(table.maximum, lang))


def _accepts_rule(spec: SettingSpec, lang: Language) -> str:
    if lang == "en":
        return spec.describe()  # the engine's own words
    if spec.name == "game_length":
        return text("accepts_game_length", lang)
    if spec.kind is bool:
        return text("accepts_bool", lang)
    if spec.kind is int:
        return text("accepts_int", lang, low=spec.minimum, high=spec.maximum)
    return text("accepts_choice", lang, choices=", ".join(spec.choices))


def _takes(name: str, number: int) -> bool:
    """Whether setting ``name`` would take the whole number ``number`` (for suggestions)."""
    spec = SPEC_BY_NAME.get(name)
    table = TABLE_SETTINGS.get(name)
    if spec is not None:
        return spec.minimum <= number <= spec.maximum
    if table is not None:
        return table.minimum <= number <= table.maximum
    bounds = {"buy_in_amount": (1, 10**9), "buy_in_limit": (0, 1000), "balance_floor": (-(10**9), 10**9)}
    low, high = bounds.get(name, (0, 0))
    return low <= number <= high


def _n(value: int, lang: Language) -> str:
    shown = f"{value:,}"
    return shown.replace(",", ".") if lang == "de" else shown


def show_value(name: str, value: object, lang: Language) -> str:
    """How a value of setting ``name`` is shown (a role as a mention, seconds with their unit)."""
    if name in ("who_opens", "who_stops"):
        return text("settings_everyone", lang) if not value else f"<@&{value}>"
    if name == "admin_role":
        return text("settings_no_role", lang) if not value else f"<@&{value}>"
    if name == "language":
        return text("settings_server_language", lang) if value is None else f"`{value}`"
    if name == "balance_floor" and value is None:
        return text("settings_no_floor", lang)
    if name == "initial_balance" and value is None:
        return text("settings_current_season", lang)
    if name in SECONDS_SUGGESTED:
        if name == "next_hand_seconds" and value == 0:
            return text("settings_button", lang)
        return text("settings_seconds", lang, n=f"{value:g}" if isinstance(value, float) else value)
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, int) and name in ("buy_in_amount", "initial_balance", "balance_floor"):
        return _n(value, lang)
    return f"`{value}`"


def _bot_defaults(bot: MahjongBot) -> TableSettings:
    c = bot.config
    return TableSettings(
        language=None,
        turn_seconds=int(c.turn_seconds),
        claim_seconds=int(c.claim_seconds),
        next_hand_seconds=int(c.next_hand_seconds),
        who_opens=EVERYONE,
        who_stops=EVERYONE,
        initial_balance=None,
    )


def _club_value(options: ClubOptions, name: str) -> object:
    return getattr(options, _CLUB_COLUMN.get(name, name))


def joined(parts: list[str], lang: Language, limit: int = 900) -> str:
    """``parts`` joined by commas, cut to about ``limit`` characters with a note of how many were
    left out (so a message with such a list stays within Discord's limits).

    >>> joined(["a", "b", "c"], "en", limit=4)
    'a, b … and 1 more'
    """
    out: list[str] = []
    size = 0
    for number, part in enumerate(parts):
        grown = size + len(part) + (2 if out else 0)  # ", " before every part but the first
        if out and grown > limit:
            return ", ".join(out) + " " + text("settings_more", lang, n=len(parts) - number)
        out.append(part)
        size = grown
    return ", ".join(out)


def _shown(value: object) -> str:
    """A value of a ruleset difference: ``true``, ``3/4`` (player counts), ``10``."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    return str(value)


def ruleset_changes(ruleset: Ruleset, lang: Language) -> str:
    """What ``ruleset`` changes relative to the ruleset it is written from (``ruleset.diff`` of
    its ``parent``: tile set, players, chows, default settings), in one line of at most about
    1,000 characters; or that it is a ruleset of its own.

    >>> print(ruleset_changes(get_ruleset("huabao"), "en")[:72])
    Differs from `dmjl` in: tiles 136 (dmjl: 144), `mj_bonus` 10 (dmjl: 20),
    """
    if not ruleset.parent:
        return text("ruleset_own", lang, name=ruleset.name)
    parent = get_ruleset(ruleset.parent)
    changes = [
        text(
            "ruleset_change",
            lang,
            what=text(f"ruleset_what_{what}", lang) if what in ("tiles", "players", "chows") else f"`{what}`",
            value=_shown(mine),
            parent=parent.name,
            theirs=_shown(theirs),
        )
        for what, mine, theirs in ruleset.diff(parent)
    ]
    return text("ruleset_parent", lang, parent=parent.name, changes=joined(changes, lang))


def _fit(lines: list[str], lang: Language, limit: int = 1900) -> str:
    """``lines`` joined, cut to Discord's message length with a note of how many were left out."""
    out: list[str] = []
    size = 0
    for number, line in enumerate(lines):
        if size + len(line) + 1 > limit - 40:
            out.append(text("settings_more", lang, n=len(lines) - number))
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


class SettingsCog(commands.Cog):
    """``/settings``."""

    settings = app_commands.Group(
        name="settings",
        description="House rules and the bot's settings, for this server or one channel",
        guild_only=True,
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ helpers

    async def _refuse(self, interaction: discord.Interaction[Any], key: str, **values: object) -> None:
        message = text(key, language(interaction.locale), **values)
        await interaction.response.send_message(message, ephemeral=True, allowed_mentions=NONE)

    async def _current(self, guild: int, channel: int | None, name: str) -> object:
        """The value of ``name`` in force in the scope (a channel's over its server's)."""
        entry = ENTRIES[name]
        storage = self.bot.storage
        if entry.kind == "ruleset":
            return (await storage.table_rules(guild, channel)).ruleset
        if entry.kind == "house":
            return getattr((await storage.table_rules(guild, channel)).settings, name)
        if entry.kind == "club":
            return _club_value(await storage.club_options(guild), name)
        value = getattr(await storage.table_settings(guild, channel), name)
        return getattr(_bot_defaults(self.bot), name) if value is None else value

    def _role(self, interaction: discord.Interaction[Any], value: str) -> int | None:
        """The role ``value`` names (a mention, an id or a name; 0 for everyone), or None."""
        typed = value.strip()
        if typed.lower() in ("everyone", "@everyone", "alle", "none", "keine", "0"):
            return 0
        guild = interaction.guild
        number = parse_whole_number(typed.removeprefix("<@&").removesuffix(">"))
        roles = guild.roles if guild is not None else []
        for role in roles:
            if role.id == number or role.name.lower() == typed.lstrip("@").lower():
                return None if role.is_default() else role.id
        return None

    def _where(self, channel: discord.abc.GuildChannel | None) -> int | None:
        return None if channel is None else channel.id

    # ------------------------------------------------------------------ show

    @settings.command(name="show", description="What differs from the defaults (anyone may look)")
    @app_commands.describe(channel="One channel (default: the whole server)")
    async def show(
        self, interaction: discord.Interaction[Any], channel: discord.TextChannel | None = None
    ) -> None:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        await interaction.response.send_message(
            await self.overview(guild, self._where(channel), lang),
            ephemeral=True,
            allowed_mentions=NONE,
        )

    async def overview(self, guild: int, channel: int | None, lang: Language) -> str:
        """The text of ``/settings show``: what differs from the defaults, with the defaults."""
        storage = self.bot.storage
        here = text("settings_here", lang)
        rules = await storage.table_rules(guild, channel)
        ruleset = get_ruleset(rules.ruleset)
        own_rules = await storage.scope_house_rules(guild, channel) if channel else {}
        own_ruleset = await storage.scope_ruleset(guild, channel) if channel else None
        lines = [
            text("settings_title_server", lang)
            if channel is None
            else text("settings_title_channel", lang, channel=f"<#{channel}>"),
            text(
                "settings_ruleset",
                lang,
                title=ruleset.title_in(lang),
                name=ruleset.name,
                where=here if own_ruleset else "",
            ),
            ruleset_changes(ruleset, lang),
        ]
        changed = [
            text(
                "settings_rule_line",
                lang,
                name=spec.name,
                value=show_value(spec.name, getattr(rules.settings, spec.name), lang),
                ruleset=ruleset.name,
                default=show_value(spec.name, getattr(ruleset.defaults, spec.name), lang),
                help=help_of(spec.name, lang),
                where=here if spec.name in own_rules else "",
            )
            for spec in SPECS
            if getattr(rules.settings, spec.name) != getattr(ruleset.defaults, spec.name)
        ]
        if changed:
            lines += [text("settings_rules_head", lang, ruleset=ruleset.name), *changed]
        else:
            lines.append(text("settings_rules_none", lang))
        table = await storage.table_settings(guild, channel)
        own_table = (await storage.table_settings(guild, channel, inherit=False)).as_dict() if channel else {}
        defaults = _bot_defaults(self.bot)
        table_lines = [
            text(
                "settings_line",
                lang,
                name=name,
                value=show_value(name, getattr(table, name), lang),
                default=show_value(name, getattr(defaults, name), lang),
                help=help_of(name, lang),
                where=here if name in own_table else "",
            )
            for name in TABLE_NAMES
            if getattr(table, name) is not None and getattr(table, name) != getattr(defaults, name)
        ]
        lines.append(
            text("settings_tables_head", lang)
            + ("" if table_lines else " " + text("settings_all_default", lang))
        )
        lines += table_lines
        if channel is None:
            options, plain = await storage.club_options(guild), ClubOptions()
            club_lines = [
                text(
                    "settings_line",
                    lang,
                    name=name,
                    value=show_value(name, _club_value(options, name), lang),
                    default=show_value(name, _club_value(plain, name), lang),
                    help=help_of(name, lang),
                    where="",
                )
                for name in CLUB_OPTIONS
                if _club_value(options, name) != _club_value(plain, name)
            ]
            if table.initial_balance is not None:
                club_lines.append(
                    text(
                        "settings_line",
                        lang,
                        name="initial_balance",
                        value=show_value("initial_balance", table.initial_balance, lang),
                        default=show_value("initial_balance", None, lang),
                        help=help_of("initial_balance", lang),
                        where="",
                    )
                )
            lines.append(
                text("settings_club_head", lang)
                + ("" if club_lines else " " + text("settings_all_default", lang))
            )
            lines += club_lines
        lines.append(text("settings_footer", lang))
        return _fit(lines, lang)

    # ------------------------------------------------------------------ set

    @settings.command(name="set", description="Admin: change a setting (tables opened from now on take it)")
    @app_commands.describe(
        name="The setting (start typing)",
        value="The new value (suggestions as you type)",
        channel="One channel (default: the whole server)",
    )
    async def set_(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 100],
        value: app_commands.Range[str, 1, 100],
        channel: discord.TextChannel | None = None,
    ) -> None:
        lang, guild, actor = language(interaction.locale), interaction.guild_id or 0, interaction.user.id
        entry = await self._entry(interaction, name, channel)
        if entry is None:
            return
        where = self._where(channel)
        old = await self._current(guild, where, entry.name)
        storage = self.bot.storage
        try:
            if entry.kind == "ruleset":
                await storage.set_ruleset(guild, value, channel_id=where, actor_id=actor)
            elif entry.kind == "house":
                await storage.set_house_rule(guild, entry.name, value, channel_id=where, actor_id=actor)
            elif entry.name in ("who_opens", "who_stops", "admin_role"):
                role = self._role(interaction, value)
                if role is None:
                    await self._refuse(
                        interaction,
                        "settings_bad_value",
                        reason=text(
                            "settings_no_such_role",
                            lang,
                            value=quote(value),
                            name=entry.name,
                            accepts=accepts(entry.name, lang),
                        ),
                    )
                    return
                if entry.kind == "club":
                    await storage.set_club_option(guild, "admin_role_id", role, actor_id=actor)
                else:
                    await storage.set_table_setting(guild, entry.name, role, channel_id=where, actor_id=actor)
            elif entry.kind == "club":
                await storage.set_club_option(guild, entry.name, value, actor_id=actor)
            else:
                await storage.set_table_setting(guild, entry.name, value, channel_id=where, actor_id=actor)
        except (SettingError, StorageInputError) as exc:
            reason = (
                str(exc)
                if lang == "en"
                else text(
                    "settings_takes",
                    lang,
                    name=entry.name,
                    accepts=accepts(entry.name, lang),
                    value=quote(value),
                )
            )
            await self._refuse(interaction, "settings_bad_value", reason=reason)
            return
        new = await self._current(guild, where, entry.name)
        values = {
            "actor": interaction.user.mention,
            "name": entry.name,
            "value": show_value(entry.name, new, lang),
            "old": show_value(entry.name, old, lang),
        }
        if where is None:
            message = text("settings_set_server", lang, **values)
        else:
            message = text("settings_set_channel", lang, channel=f"<#{where}>", **values)
        await interaction.response.send_message(
            f"{message} {self._effect(entry, lang)}", allowed_mentions=NONE
        )

    def _effect(self, entry: Entry, lang: Language) -> str:
        if entry.name == "initial_balance":
            return text("settings_takes_effect_season", lang)
        if entry.kind == "club":
            return text("settings_takes_effect_now", lang)
        return text("settings_takes_effect_tables", lang)

    async def _entry(
        self, interaction: discord.Interaction[Any], name: str, channel: discord.abc.GuildChannel | None
    ) -> Entry | None:
        """The setting ``name`` if the user may change it there, else None after refusing."""
        if not await is_admin(self.bot, interaction):
            await self._refuse(interaction, "settings_not_admin")
            return None
        entry = ENTRIES.get(name.strip().lower())
        if entry is None:
            await self._refuse(interaction, "settings_unknown", name=quote(name), names=", ".join(ENTRIES))
            return None
        if channel is not None and entry.server_only:
            await self._refuse(interaction, "settings_server_only", name=entry.name)
            return None
        return entry

    # ------------------------------------------------------------------ reset

    @settings.command(
        name="reset", description="Admin: go back to the default (one setting, or all of a server or channel)"
    )
    @app_commands.describe(
        name="The setting (default: all of them)", channel="One channel (default: the whole server)"
    )
    async def reset(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 100] | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        lang, guild, actor = language(interaction.locale), interaction.guild_id or 0, interaction.user.id
        where = self._where(channel)
        if name is None:
            if not await is_admin(self.bot, interaction):
                await self._refuse(interaction, "settings_not_admin")
                return
            cleared = await self._reset_all(guild, where, actor)
            if not cleared:
                await self._refuse(interaction, "settings_reset_nothing")
                return
            names = ", ".join(f"`{n}`" for n in cleared)
            if where is None:
                message = text("settings_reset_all_server", lang, actor=interaction.user.mention, names=names)
            else:
                message = text(
                    "settings_reset_all_channel",
                    lang,
                    actor=interaction.user.mention,
                    names=names,
                    channel=f"<#{where}>",
                )
            await interaction.response.send_message(
                f"{message} {text('settings_takes_effect_tables', lang)}", allowed_mentions=NONE
            )
            return
        entry = await self._entry(interaction, name, channel)
        if entry is None:
            return
        storage = self.bot.storage
        if entry.kind == "ruleset":
            await storage.set_ruleset(guild, None, channel_id=where, actor_id=actor)
        elif entry.kind == "house":
            await storage.clear_house_rule(guild, entry.name, channel_id=where, actor_id=actor)
        elif entry.kind == "club":
            default = _club_value(ClubOptions(), entry.name)
            await storage.set_club_option(
                guild, _CLUB_COLUMN.get(entry.name, entry.name), default, actor_id=actor
            )
        else:
            await storage.clear_table_setting(guild, entry.name, channel_id=where, actor_id=actor)
        values = {
            "actor": interaction.user.mention,
            "name": entry.name,
            "value": show_value(entry.name, await self._current(guild, where, entry.name), lang),
        }
        if where is None:
            message = text("settings_reset_one_server", lang, **values)
        else:
            message = text("settings_reset_one_channel", lang, channel=f"<#{where}>", **values)
        await interaction.response.send_message(
            f"{message} {self._effect(entry, lang)}", allowed_mentions=NONE
        )

    async def _reset_all(self, guild: int, channel: int | None, actor: int) -> list[str]:
        """Clear the ruleset, house rules and table settings a scope set itself; their names."""
        storage = self.bot.storage
        cleared: list[str] = []
        if await storage.scope_ruleset(guild, channel) is not None:
            await storage.set_ruleset(guild, None, channel_id=channel, actor_id=actor)
            cleared.append("ruleset")
        for name in await storage.scope_house_rules(guild, channel):
            await storage.clear_house_rule(guild, name, channel_id=channel, actor_id=actor)
            cleared.append(name)
        own = await storage.table_settings(guild, channel, inherit=False)
        for field in fields(own):
            if getattr(own, field.name) is not None and (channel is None or field.name != "initial_balance"):
                await storage.clear_table_setting(guild, field.name, channel_id=channel, actor_id=actor)
                cleared.append(field.name)
        return cleared

    # ------------------------------------------------------------------ autocomplete

    @set_.autocomplete("name")
    async def name_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every setting but the house rules the scope's ruleset does not take."""
        channel = getattr(interaction.namespace, "channel", None)
        rules = await self.bot.storage.table_rules(interaction.guild_id or 0, getattr(channel, "id", None))
        takes = get_ruleset(rules.ruleset).setting_names
        names = [n for n, e in ENTRIES.items() if e.kind != "house" or n in takes]
        return self._names(names, current, language(interaction.locale))

    @reset.autocomplete("name")
    async def reset_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The settings set in the scope first (those a reset would change), then the rest."""
        guild = interaction.guild_id or 0
        channel = getattr(interaction.namespace, "channel", None)
        where = getattr(channel, "id", None)
        storage = self.bot.storage
        own = set(await storage.scope_house_rules(guild, where))
        own |= set((await storage.table_settings(guild, where, inherit=False)).as_dict())
        if await storage.scope_ruleset(guild, where) is not None:
            own.add("ruleset")
        ordered = [n for n in ENTRIES if n in own] + [n for n in ENTRIES if n not in own]
        return self._names(ordered, current, language(interaction.locale))

    def _names(self, names: Any, current: str, lang: Language) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        starts = [n for n in names if n.startswith(typed)]
        inside = [n for n in names if typed in n and n not in starts]
        helps = [
            n for n in names if n not in starts and n not in inside and typed in help_of(n, lang).lower()
        ]
        return [
            app_commands.Choice(name=f"{n} · {help_of(n, lang)}"[:100], value=n)
            for n in (starts + inside + helps)[:25]
        ]

    @set_.autocomplete("value")
    async def value_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        name = str(getattr(interaction.namespace, "name", "") or "").strip().lower()
        entry = ENTRIES.get(name)
        if entry is None:
            return []
        channel = getattr(interaction.namespace, "channel", None)
        current_value = await self._current(guild, getattr(channel, "id", None), name)
        pairs = self._suggestions(interaction, entry, current, current_value, lang)
        typed = current.strip().lower()
        seen: set[str] = set()
        out: list[app_commands.Choice[str]] = []
        for value, label in pairs:
            if value in seen or (typed and typed not in value.lower() and typed not in label.lower()):
                continue
            seen.add(value)
            out.append(app_commands.Choice(name=label[:100], value=value))
        return out[:25]

    def _suggestions(
        self,
        interaction: discord.Interaction[Any],
        entry: Entry,
        current: str,
        current_value: object,
        lang: Language,
    ) -> list[tuple[str, str]]:
        """(value, label) pairs for the value of ``entry``, before filtering by what was typed."""
        name = entry.name
        spec = SPEC_BY_NAME.get(name)
        rules_note = accepts(name, lang)
        if name == "ruleset":
            return [(r.name, f"{r.name} · {r.title_in(lang)}") for r in RULESETS.values()]
        if name == "language":
            return [("en", "en · English"), ("de", "de · Deutsch")]
        if name in ("who_opens", "who_stops", "admin_role"):
            first = "everyone" if name != "admin_role" else "none"
            label = text("settings_everyone" if name != "admin_role" else "settings_no_role", lang)
            roles = interaction.guild.roles if interaction.guild is not None else []
            return [(first, f"{first} · {label}")] + [
                (str(r.id), f"@{r.name}") for r in roles if not r.is_default() and not r.managed
            ]
        if (spec is not None and spec.kind is bool) or name in (
            "allow_member_transfers",
            "allow_negative_balance",
        ):
            return [("true", "true"), ("false", "false")]
        if spec is not None and spec.name == "game_length":
            options = [f"rounds:{n}" for n in (1, 2, 3, 4)] + [f"hands:{n}" for n in (4, 8, 16, 32)]
            return [(o, o) for o in options]
        if spec is not None and spec.choices:
            return [(c, c) for c in spec.choices]
        # a whole number: what was typed (if it is one), the value now, the usual ones, the bounds
        numbers: list[int] = []
        typed = parse_whole_number(current) if current.strip() else None
        if typed is not None and _takes(name, typed):
            numbers.append(typed)
        else:
            typed = None
        if isinstance(current_value, int) and not isinstance(current_value, bool):
            numbers.append(current_value)
        numbers += list(SECONDS_SUGGESTED.get(name, ()))
        if spec is not None:
            numbers += [spec.minimum, spec.maximum]
        elif name in TABLE_SETTINGS and TABLE_SETTINGS[name].kind != "seconds":
            numbers += [TABLE_SETTINGS[name].minimum, TABLE_SETTINGS[name].maximum]
        pairs = [(str(n), f"{n} · {rules_note}") for n in numbers]
        if name == "balance_floor":
            pairs.append(("none", f"none · {text('settings_no_floor', lang)}"))
        if typed is not None and pairs:
            return pairs[:1] + [p for p in pairs[1:] if p[0] != pairs[0][0]]
        return pairs


async def setup(bot: MahjongBot) -> None:
    """Load the cog (discord.py extension entry point)."""
    await bot.add_cog(SettingsCog(bot))
