"""Texts of ``/record``: a real table's evening scored in Discord (the public scoring card, the
hand entry, confirmations, the undo, the end), in English and German.

German follows the seeds' words: a hand is a *Spiel*, a game (here: the evening's record) a
*Partie*; the prevailing wind the *Runde*.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "record_error": (
        "Something went wrong with /record; nothing was booked. ({reason})",
        "Bei /record ist etwas schiefgegangen; nichts wurde gebucht. ({reason})",
    ),
    # the card
    "record_title": (
        "**Real table: {ruleset}** · record {game} · hand {hand}",
        "**Echter Tisch: {ruleset}** · Partie {game} · Spiel {hand}",
    ),
    "record_title_ended": (
        "**Real table: {ruleset}** · record {game} · ended after {hands} {hands|hand|hands}",
        "**Echter Tisch: {ruleset}** · Partie {game} · beendet nach {hands} {hands|Spiel|Spielen}",
    ),
    "record_round": (
        "Prevailing wind: **{wind}** · East: **{east}**",
        "Runde: **{wind}** · Ost: **{east}**",
    ),
    "record_seat": ("{wind}: **{name}** · net {net}", "{wind}: **{name}** · bisher {net}"),
    "record_seat_final": ("**{name}** · {net}", "**{name}** · {net}"),
    "record_seat_entered": (
        "{wind}: **{name}** · net {net} · entered",
        "{wind}: **{name}** · bisher {net} · eingetragen",
    ),
    "record_seat_entered_by": (
        "{wind}: **{name}** · net {net} · entered by {by}",
        "{wind}: **{name}** · bisher {net} · eingetragen von {by}",
    ),
    "record_seat_missing": (
        "{wind}: **{name}** · net {net} · not entered yet",
        "{wind}: **{name}** · bisher {net} · noch nicht eingetragen",
    ),
    "record_gulasch": (
        "This hand is a Gulasch: the pot of **{pot}** in the centre goes to its winner.",
        "Dieses Spiel ist ein Gulasch: der Pott von **{pot}** in der Mitte geht an seinen Gewinner.",
    ),
    "record_waiting": (
        "Waiting for {n|the hand|the hands} of {names}.",
        "Es {n|fehlt|fehlen} noch {n|die Hand|die Hände} von {names}.",
    ),
    "record_preview": (
        "**Hand {hand}, as entered** (booked once everyone confirms):",
        "**Spiel {hand}, wie eingetragen** (gebucht, sobald alle bestätigt haben):",
    ),
    "record_value_won": (
        "{name} wins with **{value}** points{how}",
        "{name} gewinnt mit **{value}** Punkten{how}",
    ),
    "record_how_self": (" (self-drawn)", " (selbst gezogen)"),
    "record_how_discard": (" (on {name}'s discard)", " (mit dem Abwurf von {name})"),
    "record_value_lost": ("{name}: **{value}** points", "{name}: **{value}** Punkte"),
    "record_value_lost_nothing": ("{name}: lost", "{name}: verloren"),
    "record_drawn": (
        "The hand was drawn: nobody won.",
        "Das Spiel ging unentschieden aus: niemand hat gewonnen.",
    ),
    "record_and": ("{first} and {last}", "{first} und {last}"),
    "record_reason_difference": ("difference of the hands", "Differenz der Hände"),
    "record_reason_bouquet": ("bouquet", "Bouquet"),
    "record_problem": (
        "Every hand is in, but they do not make one hand: {reason} Enter again what was wrong.",
        "Alle Hände sind eingetragen, ergeben aber kein Spiel: {reason} Trage neu ein, was falsch war.",
    ),
    "record_payment": ("{payer} pays {payee} **{amount}**", "{payer} zahlt {payee} **{amount}**"),
    "record_no_payments": ("No payments.", "Keine Zahlungen."),
    "record_net_line": ("Net: {nets}", "Saldo: {nets}"),
    "record_confirmed_by": ("Confirmed by {names}.", "Bestätigt von {names}."),
    "record_confirm_missing": (
        "Still to confirm: {names}.",
        "Noch zu bestätigen: {names}.",
    ),
    "record_last_booked": (
        "Hand {hand} was booked: {nets}",
        "Spiel {hand} wurde gebucht: {nets}",
    ),
    "record_last_undone": (
        "Hand {hand} was undone: {reason}",
        "Spiel {hand} wurde rückgängig gemacht: {reason}",
    ),
    "record_over": (
        "The evening is over: the ruleset's last hand was played. **End** shows the standings.",
        "Der Abend ist vorbei: das letzte Spiel des Regelwerks ist gespielt. **Beenden** zeigt die Rangliste.",
    ),
    "record_ended": ("This record has ended.", "Diese Partie ist beendet."),
    "record_standings": ("**Standings of the evening**", "**Rangliste des Abends**"),
    "record_standing": (
        "{name}: {net} this evening · balance {balance}",
        "{name}: {net} an diesem Abend · Kontostand {balance}",
    ),
    "record_standings_title": ("Real table, record {game}", "Echter Tisch, Partie {game}"),
    "record_opened": (
        "{who} opened a scoring card for a real table.",
        "{who} hat eine Wertungskarte für einen echten Tisch eröffnet.",
    ),
    # buttons and choices
    "record_enter": ("Enter my hand", "Meine Hand eintragen"),
    "record_confirm": ("Confirm", "Bestätigen"),
    "record_undo": ("Undo last hand", "Letztes Spiel rückgängig"),
    "record_end": ("End", "Beenden"),
    "record_pick_seat": ("Enter the hand of …", "Die Hand eintragen von …"),
    "record_pick_how": ("How did the hand end for this seat?", "Wie endete das Spiel für diesen Platz?"),
    "record_seat_option": ("{wind}: {name}", "{wind}: {name}"),
    "record_how_won_self": ("Won, self-drawn", "Gewonnen, selbst gezogen"),
    "record_how_won_from": (
        "Won on the discard of {wind} ({name})",
        "Gewonnen mit dem Abwurf von {wind} ({name})",
    ),
    "record_how_lost": ("Lost", "Verloren"),
    "record_how_drawn": ("Drawn hand: nobody won", "Unentschieden: niemand hat gewonnen"),
    "record_entry_card": (
        "Hand {hand}: whose hand, and how did it end? Entering for someone else is marked on "
        "the card; every seat confirms anyway.",
        "Spiel {hand}: wessen Hand, und wie endete es? Wer für jemand anderen einträgt, wird auf "
        "der Karte vermerkt; bestätigen müssen ohnehin alle.",
    ),
    "record_entry_for": ("Entering for {wind}: **{name}**.", "Eintrag für {wind}: **{name}**."),
    # the modal
    "record_modal_title": ("Hand {hand}: {name}", "Spiel {hand}: {name}"),
    "record_modal_example": (
        "Write the hand in notation, with bonus tiles where the rules have them, like `{example}`. "
        "Exposed sets in brackets, concealed kongs in braces.",
        "Schreib die Hand in Notation, mit Bonussteinen, wo die Regeln sie haben, etwa `{example}`. "
        "Offene Sätze in eckigen Klammern, verdeckte Kongs in geschweiften.",
    ),
    "record_modal_loser_points": (
        "Or, instead of the hand, just the points you counted, like `{points}`.",
        "Oder statt der Hand nur die gezählten Punkte, etwa `{points}`.",
    ),
    "record_modal_hand": ("The hand", "Die Hand"),
    "record_modal_hand_or_points": ("The hand, or the points counted", "Die Hand oder die gezählten Punkte"),
    "record_modal_win": ("The winning tile", "Der Gewinnstein"),
    "record_modal_win_help": (
        "In notation, like `{tile}`.",
        "In Notation, etwa `{tile}`.",
    ),
    "record_modal_flags": ("Special circumstances (optional)", "Besondere Umstände (freiwillig)"),
    "record_modal_flags_help": (
        "Any of: {flags}",
        "Beliebige von: {flags}",
    ),
    "record_modal_bonus": ("Bonus tiles laid out (optional)", "Ausgelegte Bonussteine (freiwillig)"),
    "record_modal_bonus_help": (
        "In notation, for a bouquet: flowers `1f` to `4f`, seasons `5f` to `8f`.",
        "In Notation, für ein Bouquet: Blumen `1f` bis `4f`, Jahreszeiten `5f` bis `8f`.",
    ),
    "record_modal_reason": ("Why is the hand undone?", "Warum wird das Spiel rückgängig gemacht?"),
    "record_modal_undo_title": ("Undo hand {hand}", "Spiel {hand} rückgängig machen"),
    # answers (ephemeral)
    "record_entered": (
        "Entered for hand {hand}: {name}, **{value}** points.",
        "Für Spiel {hand} eingetragen: {name}, **{value}** Punkte.",
    ),
    "record_entered_drawn": (
        "Entered for hand {hand}: a drawn hand.",
        "Für Spiel {hand} eingetragen: unentschieden.",
    ),
    "record_entered_lost": (
        "Entered for hand {hand}: {name} lost.",
        "Für Spiel {hand} eingetragen: {name} hat verloren.",
    ),
    "record_you_confirmed": ("You confirmed hand {hand}.", "Du hast Spiel {hand} bestätigt."),
    "record_admin_confirmed": (
        "You confirmed hand {hand} for the whole table.",
        "Du hast Spiel {hand} für den ganzen Tisch bestätigt.",
    ),
    "record_booked": (
        "Hand {hand} is booked.",
        "Spiel {hand} ist gebucht.",
    ),
    "record_undone": (
        "Hand {hand} is undone; its payments were reversed.",
        "Spiel {hand} ist rückgängig gemacht; seine Zahlungen wurden zurückgebucht.",
    ),
    "record_entry_refused": ("⚠️ Not entered: {reason}", "⚠️ Nicht eingetragen: {reason}"),
    "record_end_pending": (
        "{count} {count|seat has|seats have} entered the hand being played; ending now drops "
        "{count|that entry|those entries} (nothing of it is booked).",
        "{count} {count|Platz hat|Plätze haben} das laufende Spiel eingetragen; jetzt zu beenden "
        "verwirft {count|diesen Eintrag|diese Einträge} (davon wird nichts gebucht).",
    ),
    "record_end_anyway": ("End anyway", "Trotzdem beenden"),
    "record_end_done": ("The record is ended.", "Die Partie ist beendet."),
    # refusals (ephemeral)
    "record_not_seated": (
        "Only the members seated at this table may do this: {names}.",
        "Das dürfen nur die Mitglieder an diesem Tisch: {names}.",
    ),
    "record_not_seated_admin": (
        "Only the members seated at this table, or an admin, may do this: {names}.",
        "Das dürfen nur die Mitglieder an diesem Tisch oder ein Admin: {names}.",
    ),
    "record_no_record": (
        "This scoring card belongs to no open record: it has ended or was never stored. "
        "`/record start` opens a new one.",
        "Diese Wertungskarte gehört zu keiner offenen Partie: sie ist beendet oder wurde nie "
        "gespeichert. `/record start` eröffnet eine neue.",
    ),
    "record_stale_hand": (
        "This was for hand {old}, which is already booked; the table is at hand {hand} now.",
        "Das war für Spiel {old}, das schon gebucht ist; der Tisch ist jetzt bei Spiel {hand}.",
    ),
    "record_not_all_entered": (
        "There is nothing to confirm yet: the hands of {names} are missing.",
        "Es gibt noch nichts zu bestätigen: die Hände von {names} fehlen.",
    ),
    "record_bad_seats": (
        "Choose {count} different members for the seats, none of them a bot; you chose {seats}.",
        "Wähle {count} verschiedene Mitglieder für die Plätze, keines davon ein Bot; gewählt war {seats}.",
    ),
    "record_three_players": (
        "{ruleset} is played by three here: leave North empty.",
        "{ruleset} wird hier zu dritt gespielt: lass Nord leer.",
    ),
    "record_need_north": (
        "{ruleset} is played by four: seat North as well.",
        "{ruleset} wird zu viert gespielt: setze auch Nord.",
    ),
    "record_guild_only": (
        "A real table's evening belongs to a server; use /record there.",
        "Ein Abend am echten Tisch gehört zu einem Server; nimm /record dort.",
    ),
    "record_points_not_allowed": (
        "Under {ruleset} a loser's points are not entered: choose how the hand ended and enter "
        "the hand, or pick Lost.",
        "Bei {ruleset} werden die Punkte eines Verlierers nicht eingetragen: wähle, wie das Spiel "
        "endete, und trage die Hand ein, oder wähle Verloren.",
    ),
    "record_refused": ("Refused: {reason}", "Abgelehnt: {reason}"),
    "record_nothing_to_undo": (
        "No hand of this record is booked, so there is nothing to undo.",
        "In dieser Partie ist kein Spiel gebucht, also gibt es nichts rückgängig zu machen.",
    ),
    "record_bad_reason": (
        "Give a reason of 1 to 200 characters; it goes into the ledger.",
        "Gib einen Grund mit 1 bis 200 Zeichen an; er kommt ins Kassenbuch.",
    ),
}

COMMANDS: Final[dict[str, str]] = {
    "record": "aufzeichnen",
    "start": "start",
    "east": "ost",
    "south": "süd",
    "west": "west",
    "north": "nord",
    "wind": "runde",
    "Score an evening at a real table: every hand entered on the players' phones": (
        "Einen Abend am echten Tisch werten: jede Hand auf den Telefonen der Spieler eingetragen"
    ),
    "Open a public scoring card for the members at a real table": (
        "Eine öffentliche Wertungskarte für die Mitglieder an einem echten Tisch eröffnen"
    ),
    "The member seated East (the first dealer)": "Das Mitglied auf Ost (der erste Geber)",
    "The member seated South": "Das Mitglied auf Süd",
    "The member seated West": "Das Mitglied auf West",
    "The member seated North (not at a three-player table)": "Das Mitglied auf Nord (nicht am Dreiertisch)",
    "The prevailing wind to begin with (default East)": "Die Runde, mit der begonnen wird (sonst Ost)",
}
"""English command text -> German."""
