"""Texts of ``/rating`` and its setting (``rating_by``), in English and German."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "rating_error": (
        "Something went wrong with /rating; nothing was changed. ({reason})",
        "Bei /rating ist etwas schiefgegangen; nichts wurde geändert. ({reason})",
    ),
    "rating_server_only": (
        "Ratings are kept per server: use /rating in a server's channel.",
        "Wertungen gelten je Server: /rating in einem Kanal eines Servers verwenden.",
    ),
    "rating_computer": (
        "Computer players have no rating: only people are rated.",
        "Computerspieler haben keine Wertung: nur Menschen werden gewertet.",
    ),
    "rating_family_ruleset": ("{ruleset}", "{ruleset}"),
    "rating_family_classical": (
        "the classical Chinese rules (DMJL and Hua Bao)",
        "die klassischen chinesischen Regeln (DMJL und Hua Bao)",
    ),
    "rating_family_all": ("all rulesets", "alle Regelwerke"),
    "rating_none": (
        "{name} has no rated game in {family} yet. A finished game with at least two people counts.",
        "{name} hat in {family} noch keine gewertete Partie. Es zählt jede beendete Partie mit mindestens zwei Menschen.",
    ),
    "rating_title": ("**{name}**: rating in {family}", "**{name}**: Wertung in {family}"),
    "rating_line": (
        "Rating: **{rating}** · skill {mu} ± {sigma} · games counted: **{games}**",
        "Wertung: **{rating}** · Spielstärke {mu} ± {sigma} · gewertete Partien: **{games}**",
    ),
    "rating_place": (
        "Place {place} of {members} on the leaderboard.",
        "Platz {place} von {members} auf der Rangliste.",
    ),
    "rating_provisional": (
        "Shown apart on the leaderboard until {needed} games are counted.",
        "Auf der Rangliste gesondert, bis {needed} Partien gewertet sind.",
    ),
    "rating_last": (
        "Last game: place {place} of {people}.",
        "Letzte Partie: Platz {place} von {people}.",
    ),
    "rating_explained": (
        "-# The rating is the skill less three times its uncertainty (openskill's Plackett-Luce, ×100): it rises as the uncertainty falls. Games are ranked by chips won; computers are not rated.",
        "-# Die Wertung ist die Spielstärke minus dreimal ihre Unsicherheit (openskill, Plackett-Luce, ×100): sie steigt, wenn die Unsicherheit sinkt. Partien zählen nach gewonnenen Chips; Computer werden nicht gewertet.",
    ),
    "rating_chart_title": ("{name}: rating in {family}", "{name}: Wertung in {family}"),
    "rating_chart_start": ("start", "Beginn"),
    "rating_chart_now": ("now {rating}", "jetzt {rating}"),
    "rating_board_title": ("**Leaderboard: {family}**", "**Rangliste: {family}**"),
    "rating_board_empty": (
        "Nobody has a rated game in {family} yet. A finished game with at least two people counts.",
        "In {family} hat noch niemand eine gewertete Partie. Es zählt jede beendete Partie mit mindestens zwei Menschen.",
    ),
    "rating_board_row": (
        "{place}. {member} **{rating}** · {games} {games|game|games}",
        "{place}. {member} **{rating}** · {games} {games|Partie|Partien}",
    ),
    "rating_board_none_yet": (
        "Nobody has {needed} rated games yet.",
        "Noch niemand hat {needed} gewertete Partien.",
    ),
    "rating_board_new": (
        "**Fewer than {needed} games** (shown apart):",
        "**Weniger als {needed} Partien** (gesondert):",
    ),
    "rating_board_new_row": (
        "{member} {rating} · {games} {games|game|games}",
        "{member} {rating} · {games} {games|Partie|Partien}",
    ),
    "rating_board_more": ("… and {count} more", "… und {count} weitere"),
    "help_rating_by": (
        "how the skill rating groups rulesets: each on its own, the classical Chinese rules together, or one for all",
        "wie die Spielstärke-Wertung Regelwerke zusammenfasst: jedes für sich, die klassischen chinesischen zusammen oder eine für alle",
    ),
    "rating_by_effect": (
        "Every rating was rebuilt from the games counted so far.",
        "Alle Wertungen wurden aus den bisher gewerteten Partien neu berechnet.",
    ),
}

COMMANDS: Final[dict[str, str]] = {
    "rating": "wertung",
    "show": "anzeigen",
    "member": "mitglied",
    "leaderboard": "rangliste",
    "ruleset": "regelwerk",
    "The skill rating: each member's and the leaderboard": "Die Spielstärke-Wertung: je Mitglied und die Rangliste",
    "A member's rating with its uncertainty, games counted and a chart": "Die Wertung eines Mitglieds mit Unsicherheit, gewerteten Partien und Verlauf",
    "Members ordered by their rating; few games shown apart": "Mitglieder nach Wertung geordnet; mit wenigen Partien gesondert",
    "Whose rating (default yours)": "Wessen Wertung (Standard: deine)",
    "Whose ruleset's rating (default this channel's)": "Die Wertung welches Regelwerks (Standard: das dieses Kanals)",
}
