"""The texts of the forms (``bot/forms.py``): ``/mahjong new`` without options and ``/settings
form``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # the new-table form (modal title and labels at most 45 characters, descriptions 100)
    "form_new_title": ("Open a Mah-Jongg table", "Einen Mah-Jongg-Tisch eröffnen"),
    "form_ruleset": ("Ruleset", "Regelwerk"),
    "form_ruleset_help": (
        "The rules to play (this channel's is chosen)",
        "Die Regeln der Partie (die dieses Kanals sind gewählt)",
    ),
    "form_ruleset_option": ("/mahjong new ruleset:{name}", "/mahjong neu regelwerk:{name}"),
    "form_seats": ("Players", "Spieler"),
    "form_seats_help": (
        "How many play, and how many of them are computers seated now",
        "Wie viele spielen, und wie viele davon gleich Computer sind",
    ),
    "form_seats_option": (
        "{players} players, {computers} {computers|computer|computers}",
        "{players} Spieler, davon {computers} {computers|Computer|Computer}",
    ),
    "form_seats_three": ("Three players: only {rulesets}", "Drei Spieler: nur {rulesets}"),
    "form_rules": ("House rules of {ruleset}", "Hausregeln von {ruleset}"),
    "form_rules_help": (
        "Checked: on. Unchanged boxes keep the rules as they are.",
        "Angekreuzt: gilt. Unveränderte Kästchen lassen die Regeln, wie sie sind.",
    ),
    # refusals of a form's values
    "form_bad_ruleset": (
        "The form named no ruleset I know; it takes one of {choices}. Nothing was opened.",
        "Das Formular nannte kein Regelwerk, das ich kenne; es nimmt eins von {choices}. Es wurde nichts eröffnet.",
    ),
    "form_bad_seats": (
        "The form named no seats I know (4 players with 0-3 computers, or 3 with 0-2). Nothing was opened.",
        "Das Formular nannte keine Plätze, die ich kenne (4 Spieler mit 0-3 Computern oder 3 mit 0-2). "
        "Es wurde nichts eröffnet.",
    ),
    "form_players_not_allowed": (
        "{ruleset} is not played by {players} players; {players} players play only {rulesets}. Nothing was opened.",
        "{ruleset} wird nicht zu {players} gespielt; zu {players} spielt man nur {rulesets}. Es wurde nichts eröffnet.",
    ),
    "form_rule_lacking": (
        "{ruleset} has no such house rule: {rules}. Leave those boxes as they were, or pick the ruleset "
        "they belong to. Nothing was opened.",
        "{ruleset} kennt diese Hausregel nicht: {rules}. Lass diese Kästchen, wie sie waren, oder wähle das "
        "Regelwerk, zu dem sie gehören. Es wurde nichts eröffnet.",
    ),
    "form_bad_seconds": (
        "{what}: “{value}” is not accepted; it takes {accepts}. Nothing was opened.",
        "{what}: „{value}“ geht nicht; erlaubt ist {accepts}. Es wurde nichts eröffnet.",
    ),
    "form_opened": (
        "Your table is open. Its rules:\n{rules}",
        "Dein Tisch ist eröffnet. Seine Regeln:\n{rules}",
    ),
    # the /settings form
    "form_settings_title": ("House rules: {ruleset}", "Hausregeln: {ruleset}"),
    "form_settings_rules": ("Yes-or-no house rules", "Hausregeln mit Ja oder Nein"),
    "form_settings_none": (
        "{ruleset} has no house rules in a form; /settings set changes every setting.",
        "{ruleset} hat keine Hausregeln im Formular; /settings set ändert jede Einstellung.",
    ),
    "form_settings_stale": (
        "The server's ruleset changed to {ruleset} while the form was open; nothing was changed. "
        "Open /settings form again.",
        "Das Regelwerk des Servers wurde zu {ruleset} geändert, während das Formular offen war; nichts "
        "wurde geändert. Öffne /settings form noch einmal.",
    ),
    "form_settings_bad": (
        "Nothing was changed: {reason}",
        "Es wurde nichts geändert: {reason}",
    ),
    "form_settings_unchanged": (
        "The form changed nothing: every value is as it was.",
        "Das Formular hat nichts geändert: Jeder Wert ist wie zuvor.",
    ),
    "form_settings_saved": (
        "{actor} changed the house rules of this server with the form:\n{changes}",
        "{actor} hat die Hausregeln dieses Servers mit dem Formular geändert:\n{changes}",
    ),
}

COMMANDS: Final[dict[str, str]] = {
    "form": "formular",
    "The house rules of this server in a form (admins)": "Die Hausregeln dieses Servers in einem Formular (Admins)",
}
