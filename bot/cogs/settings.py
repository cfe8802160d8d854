"""``/settings``: a club's house rules and the bot's settings, per server and per channel.

``/settings show [channel]`` lists what differs from the defaults (house rules beside the
ruleset's values, like a ruleset diff; table and club settings beside the bot's defaults), for
anyone. ``/settings set name value [channel]`` and ``/settings reset [name] [channel]`` are for
admins (Manage Server, or the club's admin role); names and values are suggested as one types.

What each setting is (its kind, value, default, help, who may change it and where it is kept)
is the registry :data:`bot.settings_registry.ENTRIES`; this cog reads it and has no branch per
kind. Every value is checked where it is kept: house rules by the engine (:mod:`engine.settings`,
through :meth:`Storage.set_house_rule`), table settings and club options by the storage. This cog
only turns a role typed or picked into its id and the errors into messages; a refusal is
ephemeral and says why and what would be accepted. A table takes its settings when it opens
(:meth:`MahjongBot.new_table`): a change never alters a running game.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import server_only
from bot.forms import FORM_RULES, FORM_VALUES, SETTINGS_FORM, Submitted, as_typed, settings_form, submitted
from bot.i18n import Language, engine_error, error_reason, language, text
from bot.permissions import is_admin
from bot.settings_registry import (
    ENTRIES,
    REFUSAL,
    Entry,
    Permission,
    SettingKind,
    Shape,
    Snapshot,
    changed_rules,
    difference,
    snapshot,
)
from bot.storage import StorageInputError
from engine.errors import SettingError, quote
from engine.numbers import number as grouped
from engine.rulesets import RULESETS, Ruleset, get_ruleset
from engine.settings import parse_whole_number

if TYPE_CHECKING:
    from bot.app import MahjongBot

log = logging.getLogger(__name__)

NONE = discord.AllowedMentions.none()

GERMAN_YES_NO = {"ja": "true", "nein": "false"}
"""The German words a yes-or-no setting is shown with, which it takes as well (the engine and
the storage read ``true``/``yes``/``on``/``1`` and ``false``/``no``/``off``/``0``)."""

GERMAN_NONE = ("keiner", "keine", "keines")
"""The German for no lowest balance (``none``)."""

GERMAN_UNITS = {"runden:": "rounds:", "spiele:": "hands:", "hände:": "hands:", "haende:": "hands:"}
"""The German units of a game's length, as the engine reads them."""


def typed_value(shape: Shape, value: str) -> str:
    """A value as typed in German (``ja``, ``keiner``, ``runden:2``) in the words the engine and
    the storage read (``true``, ``none``, ``rounds:2``); any other value as it is.

    >>> typed_value(Shape.BOOL, "Ja"), typed_value(Shape.GAME_LENGTH, "Spiele:16")
    ('true', 'hands:16')
    >>> typed_value(Shape.FLOOR, "keiner"), typed_value(Shape.FLOOR, "5")
    ('none', '5')
    """
    low = value.strip().lower()
    if shape is Shape.BOOL:
        return GERMAN_YES_NO.get(low, value)
    if shape is Shape.FLOOR and low in GERMAN_NONE:
        return "none"
    if shape is Shape.GAME_LENGTH:
        for german, unit in GERMAN_UNITS.items():
            if low.startswith(german):
                return unit + low.removeprefix(german)
    return value


def help_of(name: str, lang: Language) -> str:
    """A setting's help in ``lang`` (from the registry)."""
    return ENTRIES[name].help(lang)


def accepts(name: str, lang: Language) -> str:
    """What a setting takes, in words (from the registry)."""
    return ENTRIES[name].accepts(lang)


def show_value(name: str, value: object, lang: Language) -> str:
    """How a value of setting ``name`` is shown (a role as a mention, seconds with their unit)."""
    return ENTRIES[name].show(value, lang)


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


def small_print(names: list[str], lang: Language) -> list[str]:
    """The identifiers of the settings a text spoke of, as ``/settings`` takes them, on one Discord
    small-print line (``-# ``); none for none."""
    return [text("settings_names", lang, names=", ".join(f"`{name}`" for name in names))] if names else []


def house_rules(ruleset: Ruleset, overrides: dict[str, object], lang: Language) -> list[str]:
    """The house rules ``overrides`` sets over ``ruleset``, one plain sentence a line (``Limit: 300
    instead of 500``) and their identifiers in small print; none where none differs.

    >>> house_rules(get_ruleset("dmjl"), {"limit": 300, "mj_bonus": 20}, "de")
    ['- Limit: 300 statt 500', '-# So in /settings getippt: `limit`']
    """
    changed = changed_rules(ruleset, overrides, lang)
    lines = [text("settings_point", lang, sentence=sentence) for sentence in changed.values()]
    return lines + small_print(list(changed), lang)


def ruleset_changes(ruleset: Ruleset, lang: Language, *, names: bool = True) -> str:
    """What ``ruleset`` changes relative to the ruleset it is written from (``ruleset.diff`` of
    its ``parent``: tile set, players, chows, the rules it adds or leaves out, who deals next,
    default settings), one plain sentence a line in ``lang``, the settings' identifiers in small
    print at the end (unless ``names`` is false); or that it is a ruleset of its own.

    >>> print("\\n".join(ruleset_changes(get_ruleset("huabao"), "en").splitlines()[:3]))
    How it differs from DMJL classical Chinese (German league):
    - Tiles: 136 instead of 144
    - Mah-Jongg bonus: 10 instead of 20
    """
    if not ruleset.parent:
        return text("ruleset_own", lang, name=ruleset.title_in(lang))
    parent = get_ruleset(ruleset.parent)
    diff = ruleset.diff(parent)
    changes = [
        text("settings_point", lang, sentence=difference(what, mine, theirs, lang))
        for what, mine, theirs in diff
    ]
    settings = [what for what, _, _ in diff if what in ENTRIES] if names else []
    return "\n".join(
        [
            text("ruleset_parent", lang, parent=parent.title_in(lang), changes="\n".join(changes)),
            *small_print(settings, lang),
        ]
    )


def fit(lines: list[str], lang: Language, limit: int = 1900) -> str:
    """``lines`` joined, cut to Discord's message length with a note of how many were left out."""
    out: list[str] = []
    size = 0
    for count, line in enumerate(lines):
        if size + len(line) + 1 > limit - 40:
            out.append(text("settings_more", lang, n=len(lines) - count))
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


def chunks(lines: list[str], limit: int = 1900) -> list[str]:
    """``lines`` (each may hold several) in as few messages of at most ``limit`` characters as
    they fit in, whole lines each (a line longer than that is cut)."""
    out: list[str] = []
    current: list[str] = []
    size = 0
    for line in (part[:limit] for block in lines for part in block.split("\n")):
        if current and size + len(line) + 1 > limit:
            out.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    return [*out, "\n".join(current)] if current else out


def bad_value(
    entry: Entry, value: str, exc: SettingError | StorageInputError, lang: Language, *, named: bool = True
) -> str:
    """Why ``value`` (as typed) is refused for ``entry``, and what it takes: the engine's words for a
    coded error, else the setting and what it accepts (its choices' names in small print where the
    value is none of them). ``/settings set`` and ``/settings form`` say it alike, but only where
    the person typed the setting's name (``named``) may the engine's English words name it."""
    choices = entry.spec.choices if entry.spec is not None else ()
    unknown = bool(choices) and value.strip() not in choices
    reason = (
        engine_error(exc, lang)  # a special hand's notation, a setting the ruleset lacks ...
        if isinstance(exc, SettingError) and exc.code not in ("", "setting_value")
        else str(exc)
        if lang == "en" and not unknown and named
        else text(
            "settings_takes",
            lang,
            name=entry.label(lang),
            accepts=entry.accepts(lang),
            value=quote(value),
        )
    )
    return "\n".join([reason, *small_print(list(choices), lang)]) if unknown else reason


class SettingsCog(commands.Cog):
    """``/settings``."""

    settings = app_commands.Group(
        name="settings",
        description="House rules and the bot's settings, for this server or one channel",
        **server_only(),
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ helpers

    async def _refuse(self, interaction: discord.Interaction[Any], key: str, **values: object) -> None:
        message = text(key, language(interaction.locale), **values)
        await interaction.response.send_message(message, ephemeral=True, allowed_mentions=NONE)

    async def _snapshot(self, guild: int, channel: int | None) -> Snapshot:
        """Every setting of the scope (a channel's over its server's), read once."""
        return await snapshot(self.bot.storage, self.bot.config, guild, channel)

    async def _may(self, interaction: discord.Interaction[Any], who: Permission, channel: int | None) -> bool:
        """Whether the user may change a setting that ``who`` may change (in ``channel``'s scope)."""
        if who is Permission.ANYONE or await is_admin(self.bot, interaction):
            return True
        if who is Permission.TABLE_OWNER:
            table = await self.bot.table_in(interaction.channel_id or 0 if channel is None else channel)
            return table is not None and table.owner_id == interaction.user.id
        return False

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
        first, *more = await self.overview(guild, self._where(channel), lang)
        await interaction.response.send_message(first, ephemeral=True, allowed_mentions=NONE)
        for message in more:
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=NONE)

    async def overview(self, guild: int, channel: int | None, lang: Language) -> list[str]:
        """The text of ``/settings show``, in as many messages as it takes: the ruleset and how it
        differs from the one it is written from, then each setting that differs from its default,
        one plain sentence each, the identifiers in small print."""
        here = text("settings_here", lang)
        now = await self._snapshot(guild, channel)
        ruleset = now.ruleset

        def where(name: str) -> str:
            return here if channel is not None and name in now.own else ""

        def differ(kinds: tuple[SettingKind, ...]) -> list[Entry]:
            return [
                e
                for e in ENTRIES.values()
                if e.kind in kinds
                and e.shape is not Shape.RULESET
                and (channel is None or not e.server_only)
                and now.values[e.name] != now.defaults[e.name]
            ]

        lines = [
            text("settings_title_server", lang)
            if channel is None
            else text("settings_title_channel", lang, channel=f"<#{channel}>"),
            text(
                "settings_ruleset",
                lang,
                title=ruleset.title_in(lang),
                name=ruleset.name,
                where=where("ruleset"),
            ),
            ruleset_changes(ruleset, lang),
        ]
        house = differ((SettingKind.HOUSE,))
        changed = [
            text(
                "settings_rule_line",
                lang,
                sentence=e.sentence(now.values[e.name], now.defaults[e.name], lang),
                where=where(e.name),
            )
            for e in house
        ]
        if changed:
            lines += [
                text("settings_rules_head", lang, ruleset=ruleset.title_in(lang)),
                *changed,
                *small_print([e.name for e in house], lang),
            ]
        else:
            lines.append(text("settings_rules_none", lang))
        sections: list[tuple[str, tuple[SettingKind, ...]]] = [
            ("settings_tables_head", (SettingKind.LANGUAGE, SettingKind.TABLE))
        ]
        if channel is None:
            sections.append(("settings_club_head", (SettingKind.CLUB,)))
        for head, kinds in sections:
            entries = differ(kinds)
            section = [
                text(
                    "settings_line",
                    lang,
                    sentence=e.sentence(now.values[e.name], now.defaults[e.name], lang),
                    where=where(e.name),
                )
                for e in entries
            ]
            lines.append(text(head, lang) + ("" if section else " " + text("settings_all_default", lang)))
            lines += section + small_print([e.name for e in entries], lang)
        lines.append(text("settings_footer", lang))
        return chunks(lines)

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
        old = (await self._snapshot(guild, where)).values[entry.name]
        stored: object = typed_value(entry.shape, value)  # German words as the engine reads them
        if entry.shape in (Shape.ROLE, Shape.ADMIN_ROLE):
            stored = self._role(interaction, value)
            if stored is None:
                await self._refuse(
                    interaction,
                    "settings_bad_value",
                    reason=text(
                        "settings_no_such_role",
                        lang,
                        value=quote(value),
                        name=entry.label(lang),
                        accepts=entry.accepts(lang),
                    ),
                )
                return
        try:
            await entry.store.write(self.bot.storage, guild, where, entry.store_key, stored, actor)
        except (SettingError, StorageInputError) as exc:
            await self._refuse(interaction, "settings_bad_value", reason=bad_value(entry, value, exc, lang))
            return
        new = (await self._snapshot(guild, where)).values[entry.name]
        values = {
            "actor": interaction.user.mention,
            "label": entry.label(lang),
            "value": entry.show(new, lang),
            "old": entry.show(old, lang),
        }
        if where is None:
            message = text("settings_set_server", lang, **values)
        else:
            message = text("settings_set_channel", lang, channel=f"<#{where}>", **values)
        await interaction.response.send_message(
            f"{message} {text(entry.when(), lang)}\n{text('settings_name', lang, name=f'`{entry.name}`')}",
            allowed_mentions=NONE,
        )

    async def _entry(
        self, interaction: discord.Interaction[Any], name: str, channel: discord.abc.GuildChannel | None
    ) -> Entry | None:
        """The setting ``name`` if the user may change it there, else None after refusing."""
        entry = ENTRIES.get(name.strip().lower())
        if entry is None:
            names = ", ".join(f"`{known}`" for known in ENTRIES)
            await self._refuse(interaction, "settings_unknown", name=quote(name), names=names)
            return None
        if not await self._may(interaction, entry.who, self._where(channel)):
            await self._refuse(interaction, REFUSAL[entry.who])
            return None
        if channel is not None and entry.server_only:
            await self._refuse(
                interaction, "settings_server_only", name=entry.label(language(interaction.locale))
            )
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
            names = ", ".join(ENTRIES[n].label(lang) for n in cleared)
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
                "\n".join(
                    [f"{message} {text('settings_takes_effect_tables', lang)}", *small_print(cleared, lang)]
                ),
                allowed_mentions=NONE,
            )
            return
        entry = await self._entry(interaction, name, channel)
        if entry is None:
            return
        await entry.store.clear(self.bot.storage, guild, where, entry.store_key, actor)
        values = {
            "actor": interaction.user.mention,
            "label": entry.label(lang),
            "value": entry.show((await self._snapshot(guild, where)).values[entry.name], lang),
        }
        if where is None:
            message = text("settings_reset_one_server", lang, **values)
        else:
            message = text("settings_reset_one_channel", lang, channel=f"<#{where}>", **values)
        await interaction.response.send_message(
            f"{message} {text(entry.when(), lang)}\n{text('settings_name', lang, name=f'`{entry.name}`')}",
            allowed_mentions=NONE,
        )

    async def _reset_all(self, guild: int, channel: int | None, actor: int) -> list[str]:
        """Clear every setting the scope set itself whose store is reset as a whole (the ruleset,
        house rules, table settings and language, the next season's chips; not the club's
        options); their names."""
        own = (await self._snapshot(guild, channel)).own
        cleared: list[str] = []
        for entry in ENTRIES.values():
            if entry.name in own and entry.store.resettable and (channel is None or not entry.server_only):
                await entry.store.clear(self.bot.storage, guild, channel, entry.store_key, actor)
                cleared.append(entry.name)
        return cleared

    # ------------------------------------------------------------------ form (issue 31: forms)

    @settings.command(name="form", description="The house rules of this server in a form (admins)")
    async def form(self, interaction: discord.Interaction[Any]) -> None:
        """The server's main house rules in a modal form (``bot/forms.py``), each with its help and
        its value now; the submit is taken by :meth:`on_settings_form`."""
        lang, guild = language(interaction.locale), interaction.guild_id or 0
        if not await is_admin(self.bot, interaction):
            await self._refuse(interaction, "settings_not_admin")
            return
        now = await self._snapshot(guild, None)
        ruleset = now.ruleset.name
        if not FORM_RULES.get(ruleset) and not FORM_VALUES.get(ruleset):
            await self._refuse(interaction, "form_settings_none", ruleset=now.ruleset.title_in(lang))
            return
        await interaction.response.send_modal(settings_form(ruleset, now.values, lang))

    @commands.Cog.listener("on_interaction")
    async def on_settings_form(self, interaction: discord.Interaction[Any]) -> None:
        """A submitted ``/settings form``, read from its custom_id and values alone (so one shown
        before a restart is taken after it)."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        found = SETTINGS_FORM.fullmatch(str(data.get("custom_id", "")))
        if found is None:
            return
        lang = language(interaction.locale)
        try:
            await self._take_form(interaction, found[1], submitted(data.get("components") or []))
        except Exception as exc:
            log.error("the /settings form failed: %s", type(exc).__name__)
            with contextlib.suppress(discord.HTTPException):
                await self._refuse(interaction, "settings_error", reason=error_reason(exc, lang))

    async def _take_form(self, interaction: discord.Interaction[Any], shown: str, values: Submitted) -> None:
        """Check every value of the form first (each as ``/settings set`` checks it, then all of
        them together); store the changed ones only if all are good, all in one transaction (who
        changed what is logged, as for ``/settings set``); say what changed, publicly, like
        ``/settings set``."""
        lang, guild, actor = language(interaction.locale), interaction.guild_id or 0, interaction.user.id
        if not await is_admin(self.bot, interaction):
            await self._refuse(interaction, "settings_not_admin")
            return
        now = await self._snapshot(guild, None)
        ruleset = now.ruleset
        if ruleset.name != shown:
            await self._refuse(interaction, "form_settings_stale", ruleset=ruleset.title_in(lang))
            return
        offered = FORM_RULES.get(shown, ())
        checked = set(values.groups.get("rules", []))
        if not checked <= set(offered):
            await self._refuse(interaction, "component_broken")
            return
        changes: dict[str, tuple[Entry, str]] = {}
        for name in offered:
            if (name in checked) != bool(now.values[name]):
                changes[name] = (ENTRIES[name], "true" if name in checked else "false")
        for name in FORM_VALUES.get(shown, ()):
            entry, typed_text = ENTRIES[name], values.texts.get(f"v:{name}", "").strip()
            if typed_text and typed_text != as_typed(name, now.values[name]):
                changes[name] = (entry, typed_value(entry.shape, typed_text))
        if not changes:
            await self._refuse(interaction, "form_settings_unchanged")
            return
        overrides = dict((await self.bot.storage.table_rules(guild, None)).overrides)
        for name, (entry, value) in changes.items():  # each alone, then all together
            try:
                ruleset.settings({**overrides, name: value})
            except SettingError as exc:
                shown_value = values.texts.get(f"v:{name}", value).strip()
                reason = bad_value(entry, shown_value, exc, lang, named=False)
                await self._refuse(interaction, "form_settings_bad", reason=reason)
                return
        try:
            ruleset.settings({**overrides, **{name: value for name, (_, value) in changes.items()}})
        except SettingError as exc:
            await self._refuse(interaction, "form_settings_bad", reason=engine_error(exc, lang))
            return
        # the form offers house rules only (FORM_RULES, FORM_VALUES): stored together, in one
        # transaction, so a failure leaves none of them changed
        stored = {entry.store_key: value for entry, value in changes.values()}
        await self.bot.storage.set_house_rules(guild, stored, actor_id=actor)
        after = await self._snapshot(guild, None)
        lines = [
            text(
                "settings_point",
                lang,
                sentence=entry.sentence(after.values[name], now.values[name], lang),
            )
            for name, (entry, _) in changes.items()
        ]
        message = text("form_settings_saved", lang, actor=interaction.user.mention, changes="\n".join(lines))
        await interaction.response.send_message(
            "\n".join(
                [
                    f"{message}\n{text('settings_takes_effect_tables', lang)}",
                    *small_print(list(changes), lang),
                ]
            ),
            allowed_mentions=NONE,
        )

    # ------------------------------------------------------------------ autocomplete

    @set_.autocomplete("name")
    async def name_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every setting but the house rules the scope's ruleset does not take."""
        channel = getattr(interaction.namespace, "channel", None)
        rules = await self.bot.storage.table_rules(interaction.guild_id or 0, getattr(channel, "id", None))
        takes = get_ruleset(rules.ruleset).setting_names
        names = [
            n for n, e in ENTRIES.items() if e.kind is not SettingKind.HOUSE or e.spec is None or n in takes
        ]
        return self._names(names, current, language(interaction.locale))

    @reset.autocomplete("name")
    async def reset_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The settings set in the scope first (those a reset would change), then the rest."""
        guild = interaction.guild_id or 0
        channel = getattr(interaction.namespace, "channel", None)
        own = (await self._snapshot(guild, getattr(channel, "id", None))).own
        ordered = [n for n in ENTRIES if n in own] + [n for n in ENTRIES if n not in own]
        return self._names(ordered, current, language(interaction.locale))

    def _names(self, names: Any, current: str, lang: Language) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        starts = [n for n in names if n.startswith(typed)]
        inside = [n for n in names if typed in n and n not in starts]
        helps = [
            n
            for n in names
            if n not in starts
            and n not in inside
            and (typed in help_of(n, lang).lower() or typed in ENTRIES[n].label(lang).lower())
        ]
        return [
            app_commands.Choice(name=self._called(n, lang)[:100], value=n)
            for n in (starts + inside + helps)[:25]
        ]

    def _called(self, name: str, lang: Language) -> str:
        """A setting as a suggestion shows it: its name in words and its help (the help alone
        where it begins with those words)."""
        called, helps = ENTRIES[name].label(lang), help_of(name, lang)
        if helps.lower().startswith(called.lower()):
            return helps[:1].upper() + helps[1:]
        return f"{called} · {helps}"

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
        current_value = (await self._snapshot(guild, getattr(channel, "id", None))).values[name]
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
        """(value, label) pairs for the value of ``entry``, by the shape of its value, before
        filtering by what was typed."""
        shape = entry.shape
        if shape is Shape.RULESET:
            return [(r.name, f"{r.title_in(lang)} · {r.name}") for r in RULESETS.values()]
        if shape is Shape.LANGUAGE:
            return [(code, f"{text(f'settings_language_{code}', lang)} · {code}") for code in ("en", "de")]
        if shape in (Shape.ROLE, Shape.ADMIN_ROLE):
            first = "everyone" if shape is Shape.ROLE else "none"
            roles = interaction.guild.roles if interaction.guild is not None else []
            return [(first, text(entry.empty, lang))] + [
                (str(r.id), f"@{r.name}") for r in roles if not r.is_default() and not r.managed
            ]
        if shape is Shape.BOOL:
            return [("true", text("settings_yes", lang)), ("false", text("settings_no", lang))]
        if shape is Shape.GAME_LENGTH:
            options = [f"rounds:{n}" for n in (1, 2, 3, 4)] + [f"hands:{n}" for n in (4, 8, 16, 32)]
            return [(o, entry.show(o, lang)) for o in options]
        if entry.spec is not None and entry.spec.choices:
            return [(c, entry.show(c, lang)) for c in entry.spec.choices]
        # a whole number: what was typed (if it is one), the value now, the usual ones, the bounds
        numbers: list[int] = []
        typed = parse_whole_number(current) if current.strip() else None
        if typed is not None and entry.takes(typed):
            numbers.append(typed)
        else:
            typed = None
        if isinstance(current_value, int) and not isinstance(current_value, bool):
            numbers.append(current_value)
        numbers += list(entry.suggested)
        if entry.suggest_bounds:
            numbers += [entry.low, entry.high]
        rules_note = entry.accepts(lang)
        pairs = [(str(n), f"{grouped(n, lang)} · {rules_note}") for n in numbers]
        if shape is Shape.FLOOR:
            pairs.append(("none", text(entry.empty, lang)))
        if typed is not None and pairs:
            return pairs[:1] + [p for p in pairs[1:] if p[0] != pairs[0][0]]
        return pairs


async def setup(bot: MahjongBot) -> None:
    """Load the cog (discord.py extension entry point)."""
    await bot.add_cog(SettingsCog(bot))
