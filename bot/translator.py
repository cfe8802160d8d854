"""Slash command names, descriptions and choices in German for German Discord clients."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import german_command_text


class CatalogueTranslator(app_commands.Translator):
    """Translates command text from :data:`bot.i18n.COMMAND_TEXT`; English stays as written."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.german:
            return None
        return german_command_text(string.message)
