"""Texts of no one area: a component the bot cannot read, a command that failed outside the areas."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "component_broken": (
        "This button or menu is damaged or out of date, so it does nothing. "
        "Use the command again (/mahjong, /score, /chips) for a fresh one.",
        "Dieser Knopf oder dieses Menü ist beschädigt oder veraltet und bewirkt nichts. "
        "Nimm den Befehl noch einmal (/mahjong, /score, /chips) für einen neuen.",
    ),
    "not_on_shard": (
        "This bot process does not serve this server right now, so nothing was done. "
        "Try again in a minute; if it keeps happening, tell the bot's operator.",
        "Dieser Prozess des Bots bedient diesen Server gerade nicht, darum ist nichts geschehen. "
        "Versuch es in einer Minute noch einmal; passiert es weiter, sag es dem Betreiber des Bots.",
    ),
    "table_elsewhere": (
        "This channel's table is being run by another process of the bot right now (a restart or a "
        "change of shards is under way), so nothing was done. Try again in a minute.",
        "Den Tisch dieses Kanals führt gerade ein anderer Prozess des Bots (ein Neustart oder eine "
        "Änderung der Shards läuft), darum ist nichts geschehen. Versuch es in einer Minute noch einmal.",
    ),
    "season_unnamed": ("Season {n}", "Saison {n}"),
    "command_error": (
        "Something went wrong with this command. ({reason})",
        "Bei diesem Befehl ist etwas schiefgegangen. ({reason})",
    ),
}

COMMANDS: Final[dict[str, str]] = {}
