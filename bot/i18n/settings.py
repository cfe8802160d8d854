"""The texts of /settings: the overview, changes, refusals, and each setting's help in German."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "settings_error": (
        "Something went wrong with /settings; /settings show tells what is set now. ({reason})",
        "Bei /settings ist etwas schiefgegangen; /settings show zeigt, was jetzt gilt. ({reason})",
    ),
    # /settings show
    "settings_title_server": ("**Settings of this server**", "**Einstellungen dieses Servers**"),
    "settings_title_channel": (
        "**Settings of {channel}** (its own, over the server's)",
        "**Einstellungen von {channel}** (die eigenen, über denen des Servers)",
    ),
    "settings_ruleset": (
        "Ruleset: **{title}** (`{name}`){where}",
        "Regelwerk: **{title}** (`{name}`){where}",
    ),
    "ruleset_parent": ("Differs from `{parent}` in: {changes}", "Weicht von `{parent}` ab in: {changes}"),
    "ruleset_own": (
        "`{name}` is a ruleset of its own (not written from another).",
        "`{name}` ist ein eigenes Regelwerk (aus keinem anderen abgeleitet).",
    ),
    "ruleset_change": ("{what} {value} ({parent}: {theirs})", "{what} {value} ({parent}: {theirs})"),
    "ruleset_what_tiles": ("tiles", "Steine"),
    "ruleset_what_players": ("players", "Spieler"),
    "ruleset_what_chows": ("chows", "Chows"),
    "settings_rules_head": (
        "House rules that differ from `{ruleset}`:",
        "Hausregeln, die von `{ruleset}` abweichen:",
    ),
    "settings_rules_none": (
        "House rules: those of the ruleset.",
        "Hausregeln: die des Regelwerks.",
    ),
    "settings_rule_line": (
        "`{name}` = {value} ({ruleset}: {default}) · {help}{where}",
        "`{name}` = {value} ({ruleset}: {default}) · {help}{where}",
    ),
    "settings_tables_head": ("Tables:", "Tische:"),
    "settings_club_head": ("Club (the whole server):", "Club (der ganze Server):"),
    "settings_line": (
        "`{name}` = {value} (default {default}) · {help}{where}",
        "`{name}` = {value} (Standard {default}) · {help}{where}",
    ),
    "settings_all_default": ("all at their defaults.", "alle beim Standard."),
    "settings_here": (" · this channel", " · dieser Kanal"),
    "settings_more": ("… and {n} more", "… und {n} weitere"),
    "settings_footer": (
        "`/settings set` changes a setting, `/settings reset` goes back to the default.",
        "`/settings set` ändert eine Einstellung, `/settings reset` stellt den Standard wieder her.",
    ),
    # values
    "settings_everyone": ("everyone", "alle"),
    "settings_no_role": ("none", "keine"),
    "settings_server_language": ("the server's language", "die Sprache des Servers"),
    "settings_seconds": ("{n} s", "{n} s"),
    "settings_button": ("0 (the Next hand button)", "0 (Knopf Nächstes Spiel)"),
    "settings_current_season": ("those of the current season", "die der laufenden Saison"),
    "settings_no_floor": ("none (0)", "keines (0)"),
    # /settings set and reset
    "settings_set_server": (
        "{actor} set `{name}` = {value} for this server (was {old}).",
        "{actor} hat `{name}` = {value} für diesen Server gesetzt (vorher {old}).",
    ),
    "settings_set_channel": (
        "{actor} set `{name}` = {value} for {channel} (was {old}).",
        "{actor} hat `{name}` = {value} für {channel} gesetzt (vorher {old}).",
    ),
    "settings_reset_one_server": (
        "{actor} reset `{name}` for this server: now {value}.",
        "{actor} hat `{name}` für diesen Server zurückgesetzt: jetzt {value}.",
    ),
    "settings_reset_one_channel": (
        "{actor} reset `{name}` for {channel}: now {value} (the server's).",
        "{actor} hat `{name}` für {channel} zurückgesetzt: jetzt {value} (wie der Server).",
    ),
    "settings_reset_all_server": (
        "{actor} reset this server's ruleset, house rules and table settings ({names}). "
        "The club's chip options stay; reset them by name.",
        "{actor} hat Regelwerk, Hausregeln und Tisch-Einstellungen dieses Servers zurückgesetzt "
        "({names}). Die Chip-Optionen des Clubs bleiben; sie werden einzeln zurückgesetzt.",
    ),
    "settings_reset_all_channel": (
        "{actor} reset {channel}'s own settings ({names}); the server's apply there now.",
        "{actor} hat die eigenen Einstellungen von {channel} zurückgesetzt ({names}); dort gelten "
        "jetzt die des Servers.",
    ),
    "settings_reset_nothing": (
        "Nothing was set there; nothing changed.",
        "Dort war nichts gesetzt; nichts hat sich geändert.",
    ),
    "settings_takes_effect_tables": (
        "Tables opened from now on take it; a game already running keeps its settings.",
        "Ab jetzt eröffnete Tische übernehmen das; eine laufende Partie behält ihre Einstellungen.",
    ),
    "settings_takes_effect_now": ("It applies at once.", "Das gilt sofort."),
    "settings_takes_effect_season": (
        "The next season (`/chips season new`) starts every member with it.",
        "Die nächste Saison (`/chips season new`) beginnt jedes Mitglied damit.",
    ),
    # refusals (ephemeral)
    "settings_not_admin": (
        "Only admins may change settings: Manage Server, or the club's admin role. "
        "Anyone may look at them with `/settings show`.",
        "Nur Admins dürfen Einstellungen ändern: Server verwalten, oder die Admin-Rolle des Clubs. "
        "Ansehen kann sie jede und jeder mit `/settings show`.",
    ),
    "settings_not_owner": (
        "Only the table's opener or an admin may change this setting here. "
        "Anyone may look at it with `/settings show`.",
        "Nur wer den Tisch hier eröffnet hat oder ein Admin darf diese Einstellung ändern. "
        "Ansehen kann sie jede und jeder mit `/settings show`.",
    ),
    "settings_unknown": (
        "There is no setting {name}. Pick one of the suggestions while you type; settings are: {names}",
        "Es gibt keine Einstellung {name}. Wähle beim Tippen einen Vorschlag; Einstellungen sind: {names}",
    ),
    "settings_server_only": (
        "`{name}` is a setting of the whole server, not of one channel: leave out the channel.",
        "`{name}` ist eine Einstellung des ganzen Servers, nicht eines Kanals: lass den Kanal weg.",
    ),
    "settings_bad_value": ("Refused: {reason}", "Abgelehnt: {reason}"),
    "settings_takes": (
        "setting {name} takes {accepts}, not {value}",
        "die Einstellung {name} nimmt {accepts}, nicht {value}",
    ),
    "settings_no_such_role": (
        "there is no role {value} here; `{name}` takes {accepts}",
        "hier gibt es keine Rolle {value}; `{name}` nimmt {accepts}",
    ),
    "settings_not_a_channel": (
        "Settings are per server or per text channel of this server, not {channel}.",
        "Einstellungen gelten pro Server oder pro Textkanal dieses Servers, nicht {channel}.",
    ),
    "open_not_allowed": (
        "In this channel only members with the role {role}, or admins, may open a table "
        "(`/settings` who_opens).",
        "In diesem Kanal dürfen nur Mitglieder mit der Rolle {role}, oder Admins, einen Tisch eröffnen "
        "(`/settings` who_opens).",
    ),
    "stop_not_allowed_role": (
        "Only the table's opener, a member with Manage Server or the role {role}, or a vote of the "
        "seated players can stop the table.",
        "Nur wer den Tisch eröffnet hat, wer den Server verwalten darf oder die Rolle {role} hat, oder "
        "eine Abstimmung der Spieler am Tisch kann ihn beenden.",
    ),
    # what a setting accepts, in words (German; English from the engine and storage)
    "accepts_bool": ("true or false", "true oder false (ja oder nein)"),
    "accepts_int": ("a whole number from {low} to {high}", "eine ganze Zahl von {low} bis {high}"),
    "accepts_choice": ("one of {choices}", "eins von {choices}"),
    "accepts_game_length": (
        "rounds:1 to rounds:4 (prevailing-wind rounds) or hands:1 to hands:400",
        "rounds:1 bis rounds:4 (Runden der Windrichtungen) oder hands:1 bis hands:400",
    ),
    "accepts_ruleset": ("one of {choices}", "eins von {choices}"),
    "accepts_language": ("en or de", "en oder de"),
    "accepts_seconds": (
        "a whole number of seconds from {low} to {high}",
        "eine ganze Zahl Sekunden von {low} bis {high}",
    ),
    "accepts_chips": (
        "a whole number of chips from {low} to {high}",
        "eine ganze Zahl Chips von {low} bis {high}",
    ),
    "accepts_role": ("everyone or a role", "everyone (alle) oder eine Rolle"),
    "accepts_admin_role": ("none or a role", "none (keine) oder eine Rolle"),
    "accepts_floor": (
        "a whole number of chips from {low} to {high}, or none",
        "eine ganze Zahl Chips von {low} bis {high}, oder none (keine)",
    ),
    # help of the bot's own settings
    "help_ruleset": ("the rules a table plays", "das Regelwerk eines Tisches"),
    "help_language": (
        "the language a table speaks (else the server's)",
        "die Sprache eines Tisches (sonst die des Servers)",
    ),
    "help_turn_seconds": (
        "time for a turn before the default move",
        "Zeit für einen Zug vor dem Standardzug",
    ),
    "help_claim_seconds": (
        "longest claim window after a discard",
        "längstes Ansagefenster nach einem Abwurf",
    ),
    "help_next_hand_seconds": (
        "the next hand starts by itself after this pause (0: the Next hand button)",
        "das nächste Spiel beginnt nach dieser Pause von selbst (0: Knopf Nächstes Spiel)",
    ),
    "help_who_opens": (
        "who may open a table (admins always may)",
        "wer einen Tisch eröffnen darf (Admins immer)",
    ),
    "help_who_stops": (
        "who may stop a table at once (besides the opener and admins; others vote)",
        "wer einen Tisch sofort beenden darf (neben der Eröffnerin und Admins; sonst Abstimmung)",
    ),
    "help_admin_role": (
        "the club's admin role (besides Manage Server)",
        "die Admin-Rolle des Clubs (neben Server verwalten)",
    ),
    "help_allow_member_transfers": (
        "members may give chips to each other",
        "Mitglieder dürfen einander Chips geben",
    ),
    "help_allow_negative_balance": (
        "a hand's payments may take a member below 0 (false: a payer pays at most what they hold)",
        "Zahlungen einer Hand dürfen ein Mitglied unter 0 bringen (false: man zahlt höchstens, was man hat)",
    ),
    "help_buy_in_amount": ("chips one buy-in grants", "Chips pro Einkauf"),
    "help_buy_in_limit": (
        "buy-ins a member may make per season (0: none; rumisberg: 0 is no cap)",
        "Einkäufe pro Mitglied und Saison (0: keine; rumisberg: 0 ist unbegrenzt)",
    ),
    "help_balance_floor": (
        "the lowest balance a gift or an admin's debit may leave (none: 0)",
        "der tiefste Kontostand nach einer Überweisung oder Korrektur (none: 0)",
    ),
    "help_initial_balance": (
        "starting chips of every member in the next season",
        "Startchips jedes Mitglieds in der nächsten Saison",
    ),
}

RULE_HELP_DE: Final[dict[str, str]] = {
    "limit": "Wert einer Limit-Hand und Obergrenze jeder Hand",
    "mj_bonus": "Punkte für Mah-Jongg",
    "winning_tile_points": "Punkte für den Gewinnstein (von der Mauer, einzig möglicher, vervollständigt das Paar)",
    "winning_tile_points_cumulative": "Gewinnstein-Punkte zählen zusammen; false: nur die höchsten",
    "rob_kong_bonus": "Punkte für das Rauben eines Kongs",
    "concealed_hand_doubles": "Verdopplungen für eine Gewinnhand mit lauter verdeckten Figuren",
    "concealed_requires_self_draw": "verdeckt nur mit selbst gezogenem Gewinnstein; false: ein Abwurf, der nur das Paar vervollständigt, lässt sie verdeckt",
    "zero_point_basis": "was für die Null-Punkte-Hand null sein muss",
    "flower_double_model": "wie Bonussteine verdoppeln",
    "limit_hands": "Limit-Hände zählen das Limit",
    "traditional_limit_hands": "die traditionellen Limit-Hände nach Hua Bao §3.10",
    "seven_pairs": "sieben Paare sind eine Gewinnform",
    "seven_pairs_quad_as_two_pairs": "vier gleiche Steine dürfen bei sieben Paaren zwei Paare sein",
    "earthly_value": "Wert des Segens der Erde",
    "green_hand_requires_gd": "die kaiserliche grüne Hand braucht grüne Drachen",
    "nine_lanterns_easy": "die neun Laternen dürfen offene Chows haben",
    "original_call": "der «Ruf zu Beginn» und seine Verdopplung",
    "nine_times_rule": "Osts neuntes Mah-Jongg in Folge ist eine Limit-Hand",
    "limit_applies_to_losers": "das Limit gilt auch für Verliererhände",
    "loser_max_pairs": "Paare, die eine Verliererhand zählen darf",
    "bonus_tiles": "Blumen und Jahreszeiten sind im Spiel (144 Steine)",
    "players": "Zahl der Spieler",
    "wall_break": "wie die Mauer geöffnet wird",
    "break_wall_owner": "in wessen Mauer die Öffnung gezählt wird",
    "break_count": "welche Würfel die Öffnung zählen",
    "loose_tile_order": "welcher lose Stein zuerst ersetzt",
    "deal_pattern": "die Reihenfolge beim Austeilen",
    "wall_reserve": "Steine, die beim Remis in der Mauer bleiben",
    "chow_claims": "ein Chow darf angesagt werden (vom Spieler davor)",
    "mahjong_chow_from_any": "jeder darf einen Chow für Mah-Jongg ansagen",
    "rob_concealed_kong_13_orphans": "dreizehn Waisen dürfen einen verdeckten Kong rauben",
    "final_discard_claims": "Ansagen auf den Abwurf nach dem letzten Stein",
    "three_mahjong_claims_abort": "drei Mah-Jongg-Ansagen auf einen Abwurf: die Hand ist remis",
    "min_doubles": "Verdopplungen, die eine Gewinnhand braucht (Bonussteine zählen nicht)",
    "east_factor": "Ost zahlt und erhält so viel Mal",
    "loser_settlement": "wie die Verlierer untereinander abrechnen",
    "discarder_pays_all": "bei einem Sieg auf Abwurf zahlt der Abwerfer allein 4-fach (6 für Ost)",
    "draw_settlement": "nach einer Remis-Hand",
    "initial_score": "Chips jedes Spielers zu Beginn einer Partie",
    "game_length": "rounds:N (1-4 Windrunden) oder hands:N",
    "dealer_rotation": (
        "wer als Nächstes Ost ist: Ost bleibt, solange er gewinnt oder die Hand remis endet; Ost "
        "wechselt nach jeder Hand mit Gewinner; oder wer gewinnt, gibt als Nächstes"
    ),
    # winning conditions and counting (rumisberg, jiangxi, wikibooks)
    "max_chows": "Chows, die eine Gewinnhand haben darf (4: beliebig viele)",
    "min_suit_pungs": "Pongs oder Kongs aus Farbsteinen, die eine Gewinnhand braucht",
    "require_flush": "eine Gewinnhand muss, außer einer Sonderhand, eine halbe oder reine Farbe sein",
    "min_fan": "Fan, die eine Gewinnhand braucht",
    "rounding": (
        "wie der Wert einer Hand gerundet wird: gar nicht, die Basis vor dem Verdoppeln auf Zehner "
        "aufgerundet, oder jede Zahlung nach Osts Verdopplung auf Hunderter"
    ),
    "count_scale": "der ausgezählte Wert wird damit malgenommen",
    "limit_after_east_double": (
        "das Limit begrenzt jede Zahlung nach Osts Verdopplung (auch Ost zahlt oder erhält höchstens das Limit)"
    ),
    "no_chow_points": "Punkte für eine Hand ohne Chow",
    "moon_hand_value": (
        "Wert des Mondspiels (Mah-Jongg mit dem letzten Stein der Mauer): das Limit oder eine Verdopplung"
    ),
    "multiple_winners": (
        "mehrere Mah-Jongg-Ansagen auf einen Abwurf: der Nächste in der Reihe gewinnt, oder alle gewinnen"
    ),
    # rumisberg: the club hand, the club's own hands, bouquet, Fishing, Gulasch, Pot
    "club_hand_value": "fester Wert der Club-Hand, bezahlt statt ihrer Auszählung (0: keine Club-Hand)",
    "club_hand_pattern": "die vier Figuren und das Paar der Club-Hand (eine Farbe: 22 666 555 999 777)",
    "special_hands": "die eigenen Sonderhände des Clubs, je NAME: FIGUREN = WERT, getrennt durch ;",
    "bouquet_payment": (
        "das zahlt jeder andere Spieler für ein im Spiel vollendetes Bouquet; seine Verdopplungen zählen "
        "dann beim Mah-Jongg nicht (0: keine Zahlung, die Verdopplungen zählen)"
    ),
    "fishing": "wer einen Stein vor Mah-Jongg steht, darf Fishing ansagen",
    "fishing_value": "eine Fishing-Hand zählt mit ihrem billigsten (min) oder teuersten (max) Gewinnstein",
    "claim_window": (
        "wie lange ein Abwurf gerufen werden kann: bis der nächste Spieler zieht, oder (Rumisberg Regel 3) "
        "bis er abgelegt hat: nach dem Ziehen darf er ihn noch rufen, sein gezogener Stein geht an die Mauer zurück"
    ),
    "gulasch_stake": "Einsatz jedes Spielers im Gulasch-Topf (nach einer Hand ohne Mah-Jongg)",
    "gulasch_wall_exchanges": (
        "Umläufe des Tauschs mit der Mauer im Gulasch (jeder legt je Umlauf 1 bis 3 Steine ab und nimmt "
        "ebenso viele)"
    ),
    "gulasch_pot_carry_over": (
        "der Gulasch-Topf bleibt für das nächste Spiel, wenn ein Gulasch remis endet; false: die Einsätze "
        "gehen zurück"
    ),
    "pot_reading": (
        "der Pot (Karte Nr. 30): jeder Spieler zahlt Ost seinen ganzen Kontostand, oder Osts Handwert "
        "unverdoppelt"
    ),
    # jiangxi
    "unit_per_fan": "Chips pro Fan",
    "menqing_with_qidui": "sieben Paare zählen in jiangxi als Menqing (keine Peng)",
    "quanqiuren_requires_discard": "Quanqiuren (vier offene Drillinge) braucht in jiangxi einen Sieg auf Abwurf",
    "dealer_loses_double": "ein verlierender Geber zahlt in jiangxi doppelt",
    "gen_zhuang_chips": (
        "Chips, die der Geber jedem anderen Spieler zahlt, wenn die ersten vier Abwürfe gleich sind (Gen zhuang)"
    ),
    "pass_over": (
        "wer einen Gewinnstein vorbeigehen lässt, darf nicht auf einen Abwurf gewinnen: nie gesperrt, bis er "
        "wieder zieht, oder für den Rest der Hand"
    ),
    # wikibooks: riichi, dora, Ii Fan Shibari, the western way
    "riichi": (
        "Riichi darf zu Beginn des Zuges, vor dem Ziehen, mit einer verdeckten Hand angesagt werden, der "
        "nur ein Stein fehlt; danach wird jeder gezogene Stein abgeworfen, der nicht gewinnt; wer damit "
        "gewinnt, erhält eine Verdopplung"
    ),
    "riichi_stake": "Punkte, die ein Spieler beim Riichi in die Mitte legt",
    "riichi_carry_over": (
        "Riichi-Stäbchen einer Remis-Hand bleiben für den nächsten Gewinner in der Mitte; false: sie gehen zurück"
    ),
    "dora": "ein Dora-Anzeiger wird aufgedeckt; jede Dora in einer Figur verdoppelt einmal",
    "dora_in_pair": "auch Dora im Paar verdoppeln",
    "dora_for_losers": "Dora verdoppeln auch Verliererhände",
    "ii_fan_shibari": (
        "Mah-Jongg braucht mindestens eine Verdopplung (nicht aus Bonussteinen oder Dora): setzt min_doubles auf 1"
    ),
    "western": (
        "die westliche Spielweise: höchstens ein Chow, mindestens eine halbe Farbe, Bonussteine, Riichi, die "
        "letzten vierzehn Steine spielbar, nur Gewinner und Riichi-Ansager erhalten Punkte"
    ),
}
"""The German of every house rule's help (the English is the engine's ``SettingSpec.help``)."""

COMMANDS: Final[dict[str, str]] = {
    # names
    "settings": "einstellungen",
    "show": "anzeigen",
    "set": "setzen",
    "reset": "zuruecksetzen",
    "name": "name",
    "value": "wert",
    "channel": "kanal",
    # descriptions
    "House rules and the bot's settings, for this server or one channel": (
        "Hausregeln und Einstellungen des Bots, für diesen Server oder einen Kanal"
    ),
    "What differs from the defaults (anyone may look)": "Was vom Standard abweicht (für alle sichtbar)",
    "Admin: change a setting (tables opened from now on take it)": (
        "Admin: eine Einstellung ändern (ab jetzt eröffnete Tische übernehmen sie)"
    ),
    "Admin: go back to the default (one setting, or all of a server or channel)": (
        "Admin: zurück zum Standard (eine Einstellung, oder alle eines Servers oder Kanals)"
    ),
    "The setting (start typing)": "Die Einstellung (tippe los)",
    "The new value (suggestions as you type)": "Der neue Wert (Vorschläge beim Tippen)",
    "One channel (default: the whole server)": "Ein Kanal (sonst der ganze Server)",
    "The setting (default: all of them)": "Die Einstellung (sonst alle)",
}
"""English command text -> German."""
