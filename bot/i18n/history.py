"""Texts of ``/mahjong history``: the server's games, their Export button and Replay select, and
the last games on ``/stats member``, in English and German (a game is a *Partie*, a hand a
*Spiel*, as the seeds say)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "history_title": (
        "**Games on this server** · page {page}",
        "**Partien auf diesem Server** · Seite {page}",
    ),
    "history_title_member": (
        "**Games of {member}** · page {page}",
        "**Partien von {member}** · Seite {page}",
    ),
    "history_none": (
        "No game has been played or recorded on this server yet.",
        "Auf diesem Server wurde noch keine Partie gespielt oder erfasst.",
    ),
    "history_none_member": (
        "{member} has not sat in a game on this server yet.",
        "{member} hat auf diesem Server noch an keiner Partie teilgenommen.",
    ),
    "history_no_page": (
        "There is no page {page}: the list is shorter. Start again with /mahjong history.",
        "Eine Seite {page} gibt es nicht: die Liste ist kürzer. Beginne neu mit /mahjong history.",
    ),
    "history_server_only": (
        "The games are listed per server: use /mahjong history on a server.",
        "Die Partien gibt es nur pro Server: verwende /mahjong history auf einem Server.",
    ),
    "history_game": (
        "**Game {game}** · {date} · {ruleset} · {where} · {status} · {hands} {hands|hand|hands}",
        "**Partie {game}** · {date} · {ruleset} · {where} · {status} · {hands} {hands|Spiel|Spiele}",
    ),
    "history_here": ("played here", "hier gespielt"),
    "history_recorded": ("recorded at a real table", "am echten Tisch erfasst"),
    "history_status_live": ("still going", "läuft noch"),
    "history_status_finished": ("finished", "beendet"),
    "history_status_abandoned": ("abandoned", "abgebrochen"),
    "history_computer": ("Computer {n}", "Computer {n}"),
    "history_previous": ("Previous", "Zurück"),
    "history_next": ("Next", "Weiter"),
    "history_export": ("Export", "Exportieren"),
    "history_export_sent": (
        "Game {game} as an event log, one JSON object a line ({hands} {hands|hand|hands}); "
        "`mahjong import` reads it back.",
        "Partie {game} als Ereignisprotokoll, ein JSON-Objekt pro Zeile ({hands} {hands|Spiel|Spiele}); "
        "`mahjong import` liest es wieder ein.",
    ),
    "history_export_description": (
        "Event log of game {game}, one JSON object a line",
        "Ereignisprotokoll der Partie {game}, ein JSON-Objekt pro Zeile",
    ),
    "history_export_unknown": (
        "There is no game {game} on this server.",
        "Auf diesem Server gibt es keine Partie {game}.",
    ),
    "history_export_recorded": (
        "Game {game} was recorded at a real table: it has no moves to export, only its hands' results.",
        "Partie {game} wurde am echten Tisch erfasst: sie hat keine Züge zum Exportieren, "
        "nur die Ergebnisse ihrer Spiele.",
    ),
    "history_export_pruned": (
        "Game {game}'s moves are no longer kept (old move logs are pruned); its results stay.",
        "Die Züge der Partie {game} werden nicht mehr aufbewahrt (alte Zugprotokolle werden gelöscht); "
        "ihre Ergebnisse bleiben.",
    ),
    "history_export_broken": (
        "Game {game}'s stored moves do not replay, so it cannot be exported.",
        "Die gespeicherten Züge der Partie {game} lassen sich nicht nachspielen; sie kann nicht exportiert werden.",
    ),
    "history_error": (
        "Something went wrong with the game history; nothing was changed. ({reason})",
        "Beim Verlauf der Partien ist etwas schiefgegangen; nichts wurde geändert. ({reason})",
    ),
}

COMMANDS: Final[dict[str, str]] = {
    "history": "verlauf",
    "Recent games on this server, played here or recorded, newest first": (
        "Die letzten Partien dieses Servers, hier gespielt oder erfasst, die neueste zuerst"
    ),
    "Only the games this member sat in": "Nur die Partien, an denen dieses Mitglied teilnahm",
}
