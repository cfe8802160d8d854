"""The texts of /chips: balances, history, the leaderboard, transfers, buy-ins, seasons, refusals."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "chips_error": (
        "Something went wrong with /chips; /chips history shows what was booked. ({reason})",
        "Bei /chips ist etwas schiefgegangen; /chips history zeigt, was gebucht wurde. ({reason})",
    ),
    "chips_history_no_page": (
        "There is no page {page} of this history; /chips history begins at the newest.",
        "Diese Übersicht hat keine Seite {page}; /chips history beginnt bei der neuesten.",
    ),
    "chips_balance": ("{who} has **{chips}** chips in {season}.", "{who} hat **{chips}** Chips in {season}."),
    "chips_no_season": (
        "This server has no season {number}; `/chips leaderboard` without a season shows this one.",
        "Dieser Server hat keine Saison {number}; `/chips leaderboard` ohne Saison zeigt die jetzige.",
    ),
    "chips_balance_own": (
        "You have **{chips}** chips in {season}.",
        "Du hast **{chips}** Chips in {season}.",
    ),
    "chips_history_title": (
        "Chips of {who} in {season}, page {page}:",
        "Chips von {who} in {season}, Seite {page}:",
    ),
    "chips_history_empty": ("No chip movements yet.", "Noch keine Chip-Bewegungen."),
    "chips_previous": ("Previous", "Zurück"),
    "chips_next": ("Next", "Weiter"),
    "chips_why_hand": ("hand {hand} of game {game}", "Spiel {hand} der Partie {game}"),
    "chips_why_transfer": ("transfer from {giver} to {taker}", "Überweisung von {giver} an {taker}"),
    "chips_why_buy_in": ("buy-in", "Einkauf"),
    "chips_why_adjustment": ("adjustment by {actor}: {reason}", "Korrektur durch {actor}: {reason}"),
    "chips_why_start": ("starting chips", "Startchips"),
    "chips_leaderboard": ("Standings of {season}", "Rangliste von {season}"),
    "chips_gave": ("{giver} gave {amount} chips to {taker}.", "{giver} hat {taker} {amount} Chips gegeben."),
    "chips_bought": (
        "{who} bought in: {amount} chips (buy-in {made} of {limit} this season); now {chips}.",
        "{who} hat sich eingekauft: {amount} Chips (Einkauf {made} von {limit} in dieser Saison); "
        "jetzt {chips}.",
    ),
    "chips_bought_exhausted": (
        "{who} had no chips left ({before}) and bought in {amount} chips from the bank "
        "({ruleset} rule {rule}); now {chips}.",
        "{who} hatte keine Chips mehr ({before}) und hat {amount} Chips bei der Bank bezogen "
        "({ruleset}-Regel {rule}); jetzt {chips}.",
    ),
    "chips_buyin_terms": (
        "A buy-in grants {amount} chips; {limit} per member and season.",
        "Ein Einkauf bringt {amount} Chips; {limit} pro Mitglied und Saison.",
    ),
    "chips_adjusted": (
        "{actor} adjusted {who} by {amount} chips: {reason}. Now {chips}.",
        "{actor} hat {who} um {amount} Chips korrigiert: {reason}. Jetzt {chips}.",
    ),
    "chips_season_opened": (
        "{old} is closed (its standings stay); {new} begins, every member at {chips} chips.",
        "{old} ist abgeschlossen (die Rangliste bleibt); {new} beginnt, jedes Mitglied mit {chips} Chips.",
    ),
    "chips_export": (
        "The ledger and the hands of {season}, as two CSV files.",
        "Das Kassenbuch und die Spiele von {season}, als zwei CSV-Dateien.",
    ),
    "chips_export_no_season": (
        "This server has no season {number}; its seasons are {seasons}. "
        "`/chips export` without a season exports this one.",
        "Dieser Server hat keine Saison {number}; seine Saisons sind {seasons}. "
        "`/chips export` ohne Saison exportiert die jetzige.",
    ),
    "chips_season_choice": ("{number}: {name}", "{number}: {name}"),
    "chips_season_choice_open": ("{number}: {name} (current)", "{number}: {name} (laufend)"),
    # refusals (ephemeral)
    "chips_not_admin": (
        "Only admins may do this: Manage Server, or the club's admin role.",
        "Nur Admins dürfen das: Server verwalten, oder die Admin-Rolle des Clubs.",
    ),
    "chips_transfers_off": (
        "This club does not allow transfers between members.",
        "Dieser Club erlaubt keine Überweisungen zwischen Mitgliedern.",
    ),
    "chips_below_floor": (
        "You can give at most {most} chips (your balance {chips}; the club's floor is {floor}).",
        "Du kannst höchstens {most} Chips geben (dein Kontostand {chips}; das Minimum des Clubs ist {floor}).",
    ),
    "chips_nothing_to_give": (
        "You cannot give any chips now: your balance {chips} is not above the club's floor of {floor}.",
        "Du kannst jetzt keine Chips geben: dein Kontostand {chips} liegt nicht über dem Minimum des Clubs "
        "von {floor}.",
    ),
    "chips_adjust_below_floor": (
        "Taking {amount} chips would leave {who} at {left}, below the club's floor of {floor}; at most "
        "{most} can be taken. To take them anyway, repeat the command with its option to go below the "
        "floor turned on.\n-# option `below_floor`",
        "{amount} Chips abzuziehen ließe {who} bei {left}, unter dem Minimum des Clubs von {floor}; "
        "höchstens {most} können abgezogen werden. Um sie trotzdem abzuziehen, wiederhole den Befehl "
        "mit eingeschalteter Option, unter das Minimum zu gehen.\n-# Option `unter_minimum`",
    ),
    "chips_not_exhausted": (
        "You have {chips} chips: under {ruleset} rule {rule} only a player with no chips left buys in.",
        "Du hast {chips} Chips: nach {ruleset}-Regel {rule} kauft nur ein, wer keine Chips mehr hat.",
    ),
    "chips_no_buy_ins": ("This club offers no buy-ins.", "Dieser Club bietet keine Einkäufe an."),
    "chips_buy_in_limit": (
        "You have made {made} of the {limit} buy-ins allowed this season.",
        "Du hast {made} der {limit} erlaubten Einkäufe dieser Saison gemacht.",
    ),
    "chips_bad_amount": (
        "An amount is a whole number of chips from 1 to 1,000,000,000, not {amount}.",
        "Ein Betrag ist eine ganze Zahl Chips von 1 bis 1.000.000.000, nicht {amount}.",
    ),
    "chips_bad_adjustment": (
        "An adjustment is a whole number of chips from −1,000,000,000 to 1,000,000,000 other than 0; "
        "you gave {amount}.",
        "Eine Korrektur ist eine ganze Zahl Chips von −1.000.000.000 bis 1.000.000.000 außer 0; "
        "angegeben war {amount}.",
    ),
    "chips_not_a_member": (
        "Chips go to a member of this server, not to a bot or yourself.",
        "Chips gehen an ein Mitglied dieses Servers, nicht an einen Bot oder dich selbst.",
    ),
    "chips_refused": ("Refused: {reason}", "Abgelehnt: {reason}"),
    "chips_guild_only": (
        "Chips belong to a server; use /chips there.",
        "Chips gehören zu einem Server; nimm /chips dort.",
    ),
}

COMMANDS: Final[dict[str, str]] = {
    # names
    "chips": "chips",
    "balance": "kontostand",
    "history": "verlauf",
    "leaderboard": "rangliste",
    "give": "geben",
    "buyin": "einkauf",
    "adjust": "korrektur",
    "season": "saison",
    "close": "abschliessen",
    "export": "export",
    "member": "mitglied",
    "amount": "betrag",
    "reason": "grund",
    "below_floor": "unter_minimum",
    "name": "name",
    # descriptions
    "An earlier season's number (default: this season)": "Nummer einer früheren Saison (sonst die jetzige)",
    "The club's chips: balances, history, standings, seasons": (
        "Die Chips des Clubs: Kontostände, Verlauf, Rangliste, Saisons"
    ),
    "A member's chips this season (default yours)": "Die Chips eines Mitglieds in dieser Saison (sonst deine)",
    "A member's last chip movements and why (default yours)": (
        "Die letzten Chip-Bewegungen eines Mitglieds und warum (sonst deine)"
    ),
    "The season's standings as an image": "Die Rangliste der Saison als Bild",
    "Give some of your chips to another member": "Einem anderen Mitglied Chips geben",
    "Buy in: the club's buy-in amount, within its limit per season": (
        "Einkaufen: der Betrag des Clubs, innerhalb seiner Grenze pro Saison"
    ),
    "Admin: add (or with a minus, take) chips, with the reason": (
        "Admin: Chips gutschreiben (oder mit Minus abziehen), mit Grund"
    ),
    "Admin: seasons of the club's ledger": "Admin: Saisons des Kassenbuchs",
    "Admin: close this season and open a new one with a name": (
        "Admin: diese Saison abschließen und eine neue mit Namen eröffnen"
    ),
    "Admin: close this season (its standings stay) and open the next": (
        "Admin: diese Saison abschließen (die Rangliste bleibt) und die nächste eröffnen"
    ),
    "Admin: a season's ledger and hands as CSV files": (
        "Admin: Kassenbuch und Spiele einer Saison als CSV-Dateien"
    ),
    "The member": "Das Mitglied",
    "Chips, 1 to 1,000,000,000": "Chips, 1 bis 1.000.000.000",
    "Chips to add, or negative to take": "Chips gutschreiben, oder negativ abziehen",
    "Why, for the ledger": "Warum, für das Kassenbuch",
    "True: take the chips even below the club's floor": "True: die Chips auch unter das Minimum des Clubs abziehen",
    "The new season's name": "Der Name der neuen Saison",
}
"""English command text -> German."""
