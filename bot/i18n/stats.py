"""Texts of ``/stats``: a member's figures and a channel's, in English and German."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "stats_error": (
        "Something went wrong with /stats; nothing was changed. ({reason})",
        "Bei /stats ist etwas schiefgegangen; nichts wurde geändert. ({reason})",
    ),
    "stats_title": ("**{name}** in {season}", "**{name}** in {season}"),
    "stats_no_hands": (
        "{name} has not finished a hand in {season} yet.",
        "{name} hat in {season} noch keine Hand zu Ende gespielt.",
    ),
    "stats_hands": (
        "Hands played: **{hands}** · wins: **{wins}** ({share}) · self-drawn: **{self_drawn}**",
        "Gespielte Spiele: **{hands}** · gewonnen: **{wins}** ({share}) · selbst gezogen: **{self_drawn}**",
    ),
    "stats_dealt_in": (
        "Dealt into a win: **{dealt_in}** · chips from hands: **{net}**",
        "Gewinnstein abgeworfen: **{dealt_in}** · Chips aus Händen: **{net}**",
    ),
    "stats_average": (
        "Average winning hand: **{average}** · biggest: **{best}** ({name}, game {game} hand {hand})",
        "Durchschnittliche Gewinnhand: **{average}** · größte: **{best}** ({name}, Partie {game}, Spiel {hand})",
    ),
    "stats_patterns": ("Scored most often: {patterns}", "Am häufigsten gewertet: {patterns}"),
    "stats_by_ruleset": ("By ruleset: {parts}", "Nach Regelwerk: {parts}"),
    "stats_by_size": ("By table: {parts}", "Nach Tischgröße: {parts}"),
    "stats_split": (
        "{name} {hands} {hands|hand|hands}, {wins} {wins|win|wins} ({share}), chips {net}",
        "{name} {hands} {hands|Spiel|Spiele}, {wins} gewonnen ({share}), Chips {net}",
    ),
    "stats_size_4": ("four players:", "vier Spieler:"),
    "stats_size_3": ("three players:", "drei Spieler:"),
    "stats_last_games": ("Last games:", "Letzte Partien:"),
    "stats_last_game": (
        "{date} · {ruleset} · game {game}{where} · **{net}**",
        "{date} · {ruleset} · Partie {game}{where} · **{net}**",
    ),
    "stats_last_recorded": (" (recorded at a real table)", " (am echten Tisch erfasst)"),
    "stats_chart_title": ("{name}: chips in {season}", "{name}: Chips in {season}"),
    "stats_chart_start": ("season start", "Saisonbeginn"),
    "stats_chart_now": ("now {chips}", "jetzt {chips}"),
    "stats_no_season": ("This server has no season yet.", "Dieser Server hat noch keine Saison."),
    "stats_unknown_season": (
        "This server has no season {season}.",
        "Dieser Server hat keine Saison {season}.",
    ),
    "stats_server_only": ("Statistics are kept per server.", "Statistiken gibt es nur auf einem Server."),
    "stats_computer": ("Computer players have no statistics.", "Computer haben keine Statistik."),
    "stats_table_title": ("**Table in {channel}**", "**Tisch in {channel}**"),
    "stats_table_none": (
        "No game has been played in this channel yet.",
        "In diesem Kanal wurde noch keine Partie gespielt.",
    ),
    "stats_table_games": (
        "Games: **{games}** ({finished} finished) · hands: **{hands}**",
        "Partien: **{games}** ({finished} beendet) · Hände: **{hands}**",
    ),
    "stats_table_longest": (
        "Longest game: **{hands}** {hands|hand|hands} (game {game}, {started} to {ended})",
        "Längste Partie: **{hands}** {hands|Spiel|Spiele} (Partie {game}, {started} bis {ended})",
    ),
}

COMMANDS: Final[dict[str, str]] = {
    "stats": "statistik",
    "member": "mitglied",
    "table": "tisch",
    "season": "saison",
    "Statistics from the games played here": "Statistiken aus den hier gespielten Partien",
    "A member's hands, wins, biggest hand and chips over a season": "Hände, Siege, größte Hand und Chips eines Mitglieds in einer Saison",
    "Whose statistics (default you)": "Wessen Statistik (Standard: deine)",
    "The season's number (default the current one)": "Die Nummer der Saison (Standard: die laufende)",
    "This channel's games: how many, hands, the longest": "Die Partien dieses Kanals: wie viele, Hände, die längste",
}
