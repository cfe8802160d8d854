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
    "ruleset_parent": (
        "How it differs from {parent}:\n{changes}",
        "Abweichungen vom Regelwerk {parent}:\n{changes}",
    ),
    "ruleset_own": (
        "{name} is a ruleset of its own (not written from another).",
        "{name} ist ein eigenes Regelwerk (aus keinem anderen abgeleitet).",
    ),
    "ruleset_change": ("{what}: {value} instead of {theirs}", "{what}: {value} statt {theirs}"),
    "ruleset_adds": ("Rules it adds: {rules}", "Zusätzliche Regeln: {rules}"),
    "ruleset_drops": ("Rules it leaves out: {rules}", "Ohne die Regeln: {rules}"),
    "settings_point": ("- {sentence}", "- {sentence}"),
    "settings_names": ("-# As typed in /settings: {names}", "-# So in /settings getippt: {names}"),
    "settings_name": ("-# As typed in /settings: {name}", "-# So in /settings getippt: {name}"),
    "settings_yes": ("yes", "ja"),
    "settings_no": ("no", "nein"),
    "settings_either": ("{a} or {b}", "{a} oder {b}"),
    "settings_language_en": ("English", "Englisch"),
    "settings_language_de": ("German", "Deutsch"),
    "settings_rules_head": (
        "House rules that differ from {ruleset}:",
        "Hausregeln, die vom Regelwerk {ruleset} abweichen:",
    ),
    "settings_rules_none": (
        "House rules: those of the ruleset.",
        "Hausregeln: die des Regelwerks.",
    ),
    "settings_rule_line": ("- {sentence}{where}", "- {sentence}{where}"),
    "settings_tables_head": ("Tables:", "Tische:"),
    "settings_club_head": ("Club (the whole server):", "Club (der ganze Server):"),
    "settings_line": ("- {sentence}{where}", "- {sentence}{where}"),
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
    "settings_no_floor": ("none (0)", "keiner (0)"),
    # /settings set and reset
    "settings_set_server": (
        "{actor} set {label} to {value} for this server (was {old}).",
        "{actor} hat {label} für diesen Server auf {value} gesetzt (vorher {old}).",
    ),
    "settings_set_channel": (
        "{actor} set {label} to {value} for {channel} (was {old}).",
        "{actor} hat {label} für {channel} auf {value} gesetzt (vorher {old}).",
    ),
    "settings_reset_one_server": (
        "{actor} reset {label} for this server: now {value}.",
        "{actor} hat {label} für diesen Server zurückgesetzt: jetzt {value}.",
    ),
    "settings_reset_one_channel": (
        "{actor} reset {label} for {channel}: now {value} (the server's).",
        "{actor} hat {label} für {channel} zurückgesetzt: jetzt {value} (wie der Server).",
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
        "There is no setting {name}. Pick one of the suggestions while you type.\n-# Settings: {names}",
        "Es gibt keine Einstellung {name}. Wähle beim Tippen einen Vorschlag.\n-# Einstellungen: {names}",
    ),
    "settings_server_only": (
        "{name} is a setting of the whole server, not of one channel: leave out the channel.",
        "{name} ist eine Einstellung des ganzen Servers, nicht eines Kanals: lass den Kanal weg.",
    ),
    "settings_bad_value": ("Refused: {reason}", "Abgelehnt: {reason}"),
    "settings_takes": (
        "{name} takes {accepts}, not {value}",
        "{name} nimmt {accepts}, nicht {value}",
    ),
    "settings_no_such_role": (
        "there is no role {value} here; {name} takes {accepts}",
        "hier gibt es keine Rolle {value}; {name} nimmt {accepts}",
    ),
    "settings_not_a_channel": (
        "Settings are per server or per text channel of this server, not {channel}.",
        "Einstellungen gelten pro Server oder pro Textkanal dieses Servers, nicht {channel}.",
    ),
    "open_not_allowed": (
        "In this channel only members with the role {role}, or admins, may open a table "
        "(the setting Who may open a table).\n-# As typed in /settings: `who_opens`",
        "In diesem Kanal dürfen nur Mitglieder mit der Rolle {role}, oder Admins, einen Tisch eröffnen "
        "(die Einstellung Wer einen Tisch eröffnen darf).\n-# So in /settings getippt: `who_opens`",
    ),
    "stop_not_allowed_role": (
        "Only the table's opener, a member with Manage Server or the role {role}, or a vote of the "
        "seated players can stop the table.",
        "Nur wer den Tisch eröffnet hat, wer den Server verwalten darf oder die Rolle {role} hat, oder "
        "eine Abstimmung der Spieler am Tisch kann ihn beenden.",
    ),
    # what a setting accepts, in words (German; English from the engine and storage)
    "accepts_bool": ("yes or no (true or false)", "ja oder nein"),
    "accepts_int": ("a whole number from {low} to {high}", "eine ganze Zahl von {low} bis {high}"),
    "accepts_choice": ("one of these: {choices}", "eine dieser Möglichkeiten: {choices}"),
    "accepts_game_length": (
        "rounds:1 to rounds:4 (prevailing-wind rounds) or hands:1 to hands:400",
        "runden:1 bis runden:4 (Windrunden) oder spiele:1 bis spiele:400",
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
    "accepts_role": ("everyone or a role", "alle oder eine Rolle"),
    "accepts_admin_role": ("none or a role", "keine oder eine Rolle"),
    "accepts_floor": (
        "a whole number of chips from {low} to {high}, or none",
        "eine ganze Zahl Chips von {low} bis {high}, oder keiner",
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
    "help_table_in_thread": (
        "on: /mahjong new opens the table in a public thread of its own (the channel keeps one link "
        "to it; the thread is archived when the game ends); off: the table is played in the channel",
        "an: /mahjong new eröffnet den Tisch in einem eigenen öffentlichen Thread (im Kanal bleibt "
        "eine Zeile mit dem Link; der Thread wird nach dem Spiel archiviert); aus: im Kanal selbst",
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
        "Zahlungen eines Spiels dürfen ein Mitglied unter 0 bringen (nein: man zahlt höchstens, was man hat)",
    ),
    "help_buy_in_amount": ("chips one buy-in grants", "Chips pro Einkauf"),
    "help_buy_in_limit": (
        "buy-ins a member may make per season (0: none; rumisberg: 0 is no cap)",
        "Einkäufe pro Mitglied und Saison (0: keine; rumisberg: 0 ist unbegrenzt)",
    ),
    "help_balance_floor": (
        "the lowest balance a gift or an admin's debit may leave (none: 0)",
        "der tiefste Kontostand nach einer Überweisung oder Korrektur (keiner: 0)",
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
    "winning_tile_points_cumulative": "Gewinnstein-Punkte zählen zusammen; nein: nur die höchsten",
    "rob_kong_bonus": "Punkte für das Rauben eines Kongs",
    "concealed_hand_doubles": "Verdopplungen für eine Gewinnhand mit lauter verdeckten Figuren",
    "concealed_requires_self_draw": "verdeckt nur mit selbst gezogenem Gewinnstein; nein: ein Abwurf, der nur das Paar vervollständigt, lässt sie verdeckt",
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
    "wall_reserve": "Steine, die bei einem unentschiedenen Spiel in der Mauer bleiben",
    "chow_claims": "ein Chow darf angesagt werden (vom Spieler davor)",
    "mahjong_chow_from_any": "jeder darf einen Chow für Mah-Jongg ansagen",
    "rob_concealed_kong_13_orphans": "dreizehn Waisen dürfen einen verdeckten Kong rauben",
    "final_discard_claims": "Ansagen auf den Abwurf nach dem letzten Stein",
    "three_mahjong_claims_abort": "drei Mah-Jongg-Ansagen auf einen Abwurf: die Hand ist unentschieden",
    "min_doubles": "Verdopplungen, die eine Gewinnhand braucht (Bonussteine zählen nicht)",
    "east_factor": "Ost zahlt und erhält so viel Mal",
    "loser_settlement": "wie die Verlierer untereinander abrechnen",
    "discarder_pays_all": "bei einem Sieg auf Abwurf zahlt der Abwerfer allein 4-fach (6 für Ost)",
    "draw_settlement": "nach einem unentschiedenen Spiel",
    "initial_score": "Chips jedes Spielers zu Beginn einer Partie",
    "game_length": "runden:N (1-4 Windrunden) oder spiele:N",
    "dealer_rotation": (
        "wer als Nächstes Ost ist: Ost bleibt, solange er gewinnt oder die Hand unentschieden endet; Ost "
        "wechselt nach jedem Spiel mit Gewinner; oder wer gewinnt, gibt als Nächstes"
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
    "gulasch_stake": "Einsatz jedes Spielers im Gulasch-Topf (nach einem Spiel ohne Mah-Jongg)",
    "gulasch_wall_exchanges": (
        "Umläufe des Tauschs mit der Mauer im Gulasch (jeder legt je Umlauf 1 bis 3 Steine ab und nimmt "
        "ebenso viele)"
    ),
    "gulasch_pot_carry_over": (
        "der Gulasch-Topf bleibt für das nächste Spiel, wenn ein Gulasch unentschieden endet; nein: die Einsätze "
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
        "Riichi-Stäbchen eines unentschiedenen Spiels bleiben für den nächsten Gewinner in der Mitte; nein: sie "
        "gehen zurück"
    ),
    "dora": "ein Dora-Anzeiger wird aufgedeckt; jede Dora in einer Figur verdoppelt einmal",
    "dora_in_pair": "auch Dora im Paar verdoppeln",
    "dora_for_losers": "Dora verdoppeln auch Verliererhände",
    "ii_fan_shibari": (
        "Mah-Jongg braucht mindestens eine Verdopplung (nicht aus Bonussteinen oder Dora): setzt die nötigen "
        "Verdopplungen auf 1"
    ),
    "western": (
        "die westliche Spielweise: höchstens ein Chow, mindestens eine halbe Farbe, Bonussteine, Riichi, die "
        "letzten vierzehn Steine spielbar, nur Gewinner und Riichi-Ansager erhalten Punkte"
    ),
}
"""The German of every house rule's help (the English is the engine's ``SettingSpec.help``)."""

RULE_HELP_EN: Final[dict[str, str]] = {
    "ii_fan_shibari": (
        "Mah-Jongg needs at least one double (not from bonus tiles or dora): sets the doubles a winning "
        "hand needs to 1"
    ),
}
"""The English help where the engine's names another setting by its identifier."""

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

LABELS: Final[dict[str, tuple[str, str]]] = {
    # the ruleset's own differences (Ruleset.diff) besides its settings
    "tiles": ("Tiles", "Steine"),
    "chows": ("Chows", "Chows"),
    "rotation": ("Who deals next", "Wer als Nächstes gibt"),
    # the house rules (engine.settings.SPECS)
    "limit": ("Limit", "Limit"),
    "mj_bonus": ("Mah-Jongg bonus", "Mah-Jongg-Bonus"),
    "winning_tile_points": ("Points for the winning tile", "Punkte für den Gewinnstein"),
    "winning_tile_points_cumulative": ("Winning-tile points add up", "Gewinnstein-Punkte zählen zusammen"),
    "rob_kong_bonus": ("Points for robbing a kong", "Punkte für das Rauben eines Kongs"),
    "concealed_hand_doubles": ("Doubles for a concealed hand", "Verdopplungen für eine verdeckte Hand"),
    "concealed_requires_self_draw": (
        "A concealed hand needs a self-drawn winning tile",
        "Eine verdeckte Hand braucht einen selbst gezogenen Gewinnstein",
    ),
    "zero_point_basis": (
        "What scores nothing in the zero-point hand",
        "Was bei der Null-Punkte-Hand nichts zählen darf",
    ),
    "flower_double_model": ("Doubles for bonus tiles", "Verdopplungen für Bonussteine"),
    "limit_hands": ("Limit hands score the limit", "Limit-Hände zählen das Limit"),
    "traditional_limit_hands": (
        "The traditional limit hands of Hua Bao",
        "Die traditionellen Limit-Hände nach Hua Bao",
    ),
    "seven_pairs": ("Seven pairs win", "Sieben Paare gewinnen"),
    "seven_pairs_quad_as_two_pairs": (
        "Four equal tiles are two of the seven pairs",
        "Vier gleiche Steine sind zwei der sieben Paare",
    ),
    "earthly_value": ("Earth's blessing", "Segen der Erde"),
    "green_hand_requires_gd": (
        "The imperial green hand needs green dragons",
        "Die kaiserliche grüne Hand braucht grüne Drachen",
    ),
    "nine_lanterns_easy": (
        "Nine lanterns may have exposed chows",
        "Die neun Laternen dürfen offene Chows haben",
    ),
    "original_call": ("The original call and its double", "Der Ruf zu Beginn und seine Verdopplung"),
    "nine_times_rule": (
        "East's ninth Mah-Jongg in a row is a limit hand",
        "Osts neuntes Mah-Jongg in Folge ist eine Limit-Hand",
    ),
    "limit_applies_to_losers": ("The limit caps losing hands too", "Das Limit gilt auch für Verliererhände"),
    "loser_max_pairs": ("Pairs a losing hand counts", "Paare, die eine Verliererhand zählt"),
    "bonus_tiles": ("Flowers and seasons", "Blumen und Jahreszeiten"),
    "players": ("Players", "Spieler"),
    "wall_break": ("Breaking the wall", "Öffnen der Mauer"),
    "break_wall_owner": ("Wall the break is counted in", "Mauer, in der die Öffnung gezählt wird"),
    "break_count": ("Dice that count the break", "Würfel, die die Öffnung zählen"),
    "loose_tile_order": ("Loose tile taken first", "Zuerst genommener loser Stein"),
    "deal_pattern": ("Order of the deal", "Reihenfolge beim Austeilen"),
    "wall_reserve": (
        "Tiles left in the wall at a drawn end",
        "Steine, die bei einem unentschiedenen Spiel in der Mauer bleiben",
    ),
    "chow_claims": ("Chows may be claimed", "Chows dürfen angesagt werden"),
    "mahjong_chow_from_any": (
        "Anyone may claim a chow to go Mah-Jongg",
        "Jeder darf einen Chow für Mah-Jongg ansagen",
    ),
    "rob_concealed_kong_13_orphans": (
        "Thirteen orphans may rob a concealed kong",
        "Dreizehn Waisen dürfen einen verdeckten Kong rauben",
    ),
    "final_discard_claims": (
        "Claims on the discard after the last tile",
        "Ansagen auf den Abwurf nach dem letzten Stein",
    ),
    "three_mahjong_claims_abort": (
        "Three Mah-Jongg claims on one discard draw the hand",
        "Drei Mah-Jongg-Ansagen auf einen Abwurf machen die Hand unentschieden",
    ),
    "min_doubles": ("Doubles a winning hand needs", "Verdopplungen, die eine Gewinnhand braucht"),
    "max_chows": ("Chows a winning hand may hold", "Chows, die eine Gewinnhand haben darf"),
    "min_suit_pungs": (
        "Pongs or kongs of suit tiles a winning hand needs",
        "Pongs oder Kongs aus Farbsteinen, die eine Gewinnhand braucht",
    ),
    "require_flush": (
        "A winning hand must be a half or pure flush",
        "Eine Gewinnhand muss eine halbe oder reine Farbe sein",
    ),
    "min_fan": ("Fan a winning hand needs", "Fan, die eine Gewinnhand braucht"),
    "rounding": ("Rounding", "Rundung"),
    "count_scale": ("The counted value is multiplied by", "Der ausgezählte Wert wird malgenommen mit"),
    "limit_after_east_double": (
        "The limit caps each payment after East's doubling",
        "Das Limit begrenzt jede Zahlung nach Osts Verdopplung",
    ),
    "club_hand_value": ("Value of the club hand", "Wert der Club-Hand"),
    "club_hand_pattern": ("Sets of the club hand", "Figuren der Club-Hand"),
    "special_hands": ("The club's own special hands", "Die eigenen Sonderhände des Clubs"),
    "bouquet_payment": (
        "Payment for a bouquet completed in play",
        "Zahlung für ein im Spiel vollendetes Bouquet",
    ),
    "fishing": ("Fishing may be declared", "Fishing darf angesagt werden"),
    "claim_window": ("A discard may be claimed", "Ein Abwurf darf gerufen werden"),
    "fishing_value": ("A Fishing hand is valued with", "Eine Fishing-Hand zählt mit"),
    "gulasch_stake": ("Stake in the Gulasch pot", "Einsatz im Gulasch-Topf"),
    "gulasch_wall_exchanges": (
        "Go-arounds of exchanges with the wall in a Gulasch",
        "Umläufe des Tauschs mit der Mauer im Gulasch",
    ),
    "gulasch_pot_carry_over": (
        "A drawn Gulasch keeps its pot for the next hand",
        "Ein unentschiedener Gulasch behält seinen Topf für das nächste Spiel",
    ),
    "pot_reading": ("The Pot (card No. 30)", "Der Pot (Karte Nr. 30)"),
    "no_chow_points": ("Points for a hand without a chow", "Punkte für eine Hand ohne Chow"),
    "unit_per_fan": ("Chips per fan", "Chips pro Fan"),
    "menqing_with_qidui": ("Seven pairs count as Menqing", "Sieben Paare zählen als Menqing"),
    "quanqiuren_requires_discard": (
        "Quanqiuren needs a win on a discard",
        "Quanqiuren braucht einen Sieg auf Abwurf",
    ),
    "dealer_loses_double": ("A losing dealer pays double", "Ein verlierender Geber zahlt doppelt"),
    "gen_zhuang_chips": ("Chips for Gen zhuang", "Chips für Gen zhuang"),
    "pass_over": ("After letting a winning discard pass", "Nach einem vorbeigelassenen Gewinnstein"),
    "multiple_winners": (
        "Several Mah-Jongg claims on one discard",
        "Mehrere Mah-Jongg-Ansagen auf einen Abwurf",
    ),
    "moon_hand_value": ("The moon hand", "Das Mondspiel"),
    "riichi": ("Riichi", "Riichi"),
    "riichi_stake": ("Riichi stake", "Riichi-Einsatz"),
    "riichi_carry_over": (
        "Riichi sticks of a drawn hand stay for the next winner",
        "Riichi-Stäbchen eines unentschiedenen Spiels bleiben für den nächsten Gewinner",
    ),
    "dora": ("Dora", "Dora"),
    "dora_in_pair": ("Dora in the pair double", "Dora im Paar verdoppeln"),
    "dora_for_losers": ("Dora double losing hands", "Dora verdoppeln Verliererhände"),
    "ii_fan_shibari": (
        "Ii Fan Shibari (Mah-Jongg needs one double)",
        "Ii Fan Shibari (Mah-Jongg braucht eine Verdopplung)",
    ),
    "western": ("The western way", "Die westliche Spielweise"),
    "east_factor": ("Factor for East's payments", "Faktor für Osts Zahlungen"),
    "loser_settlement": ("Losers settle among themselves", "Die Verlierer rechnen untereinander ab"),
    "discarder_pays_all": (
        "On a discard win the discarder alone pays",
        "Bei einem Sieg auf Abwurf zahlt der Abwerfer allein",
    ),
    "draw_settlement": ("After a drawn hand", "Nach einem unentschiedenen Spiel"),
    "initial_score": ("Chips at the start of a game", "Chips zu Beginn einer Partie"),
    "game_length": ("Length of a game", "Länge einer Partie"),
    "dealer_rotation": ("Who deals next", "Wer als Nächstes gibt"),
    # the bot's own settings
    "ruleset": ("Ruleset", "Regelwerk"),
    "language": ("Language", "Sprache"),
    "turn_seconds": ("Time for a turn", "Zeit für einen Zug"),
    "claim_seconds": ("Longest claim window", "Längstes Ansagefenster"),
    "next_hand_seconds": ("Pause before the next hand", "Pause vor der nächsten Hand"),
    "who_opens": ("Who may open a table", "Wer einen Tisch eröffnen darf"),
    "who_stops": ("Who may stop a table at once", "Wer einen Tisch sofort beenden darf"),
    "table_in_thread": ("A table in its own thread", "Ein Tisch im eigenen Thread"),
    "admin_role": ("The club's admin role", "Admin-Rolle des Clubs"),
    "allow_member_transfers": ("Members may give each other chips", "Mitglieder dürfen einander Chips geben"),
    "allow_negative_balance": ("Balances may go below 0", "Kontostände dürfen unter 0 fallen"),
    "buy_in_amount": ("Chips per buy-in", "Chips pro Einkauf"),
    "buy_in_limit": ("Buy-ins per member and season", "Einkäufe pro Mitglied und Saison"),
    "balance_floor": (
        "Lowest balance after a gift or a correction",
        "Tiefster Kontostand nach einer Überweisung oder Korrektur",
    ),
    "initial_balance": ("Starting chips next season", "Startchips der nächsten Saison"),
    "rating_by": ("Rating families", "Wertungsgruppen"),
}
"""Every setting's name in words (a noun phrase that a value follows), and the ruleset's own
differences: what a person reads where the identifier was."""

CHOICES: Final[dict[tuple[str, str], tuple[str, str]]] = {
    ("zero_point_basis", "sets_and_pairs"): ("the sets and pairs", "Figuren und Paare"),
    ("zero_point_basis", "figure_points"): ("sets, pairs and bonus tiles", "Figuren, Paare und Bonussteine"),
    ("zero_point_basis", "all_points_except_mj20"): (
        "everything but the Mah-Jongg bonus",
        "alles außer dem Mah-Jongg-Bonus",
    ),
    ("flower_double_model", "dmjl"): (
        "one for both own tiles and one per bouquet",
        "eine für beide eigenen Steine und eine je Bouquet",
    ),
    ("flower_double_model", "per_category"): (
        "one per own tile or two per bouquet",
        "eine je eigenem Stein oder zwei je Bouquet",
    ),
    ("flower_double_model", "additive"): (
        "one per own tile plus two per bouquet",
        "eine je eigenem Stein plus zwei je Bouquet",
    ),
    ("earthly_value", "limit"): ("the limit", "das Limit"),
    ("earthly_value", "half_limit"): ("half the limit", "das halbe Limit"),
    ("earthly_value", "half_limit_or_better"): ("at least half the limit", "mindestens das halbe Limit"),
    ("wall_break", "two_throw"): ("two throws of the dice", "zwei Würfe"),
    ("wall_break", "one_throw"): ("one throw of the dice", "ein Wurf"),
    ("break_wall_owner", "second_thrower"): ("the second thrower's", "die des zweiten Werfers"),
    ("break_wall_owner", "east"): ("East's", "die von Ost"),
    ("break_count", "sum_both"): ("both dice", "beide Würfel"),
    ("break_count", "second_only"): ("the second throw only", "nur der zweite Wurf"),
    ("loose_tile_order", "top_first"): ("the upper one", "der obere"),
    ("loose_tile_order", "second_stack_first"): ("the one of the second stack", "der des zweiten Stapels"),
    ("deal_pattern", "A"): (
        "pattern A (one more to East at the end)",
        "Muster A (am Ende einer mehr für Ost)",
    ),
    ("deal_pattern", "B"): ("pattern B (two to East first)", "Muster B (zuerst zwei für Ost)"),
    ("deal_pattern", "R3"): (
        "pattern R3 (twelve tiles each before the wall is built)",
        "Muster R3 (je zwölf Steine, bevor die Mauer gebaut wird)",
    ),
    ("final_discard_claims", "mahjong_only"): ("Mah-Jongg only", "nur Mah-Jongg"),
    ("final_discard_claims", "all"): ("every claim", "alle Ansagen"),
    ("rounding", "none"): ("none", "keine"),
    ("rounding", "up_to_10"): (
        "the base up to tens before doubling",
        "die Basis vor dem Verdoppeln auf Zehner aufgerundet",
    ),
    ("rounding", "half_up_100_after_east_double"): (
        "each payment to hundreds after East's doubling",
        "jede Zahlung nach Osts Verdopplung auf Hunderter",
    ),
    ("claim_window", "until_next_draw"): ("until the next player draws", "bis der nächste Spieler zieht"),
    ("claim_window", "until_next_discard"): (
        "until the next player discards",
        "bis der nächste Spieler abgelegt hat",
    ),
    ("fishing_value", "min"): ("its least valuable winning tile", "ihrem billigsten Gewinnstein"),
    ("fishing_value", "max"): ("its most valuable winning tile", "ihrem teuersten Gewinnstein"),
    ("pot_reading", "whole_balance"): (
        "each player pays East his whole balance",
        "jeder zahlt Ost seinen ganzen Kontostand",
    ),
    ("pot_reading", "hand_value_undoubled"): (
        "each player pays East's hand value undoubled",
        "jeder zahlt Osts Handwert unverdoppelt",
    ),
    ("pass_over", "none"): ("no bar", "keine Sperre"),
    ("pass_over", "until_own_draw"): (
        "no win on a discard until one's own draw",
        "kein Sieg auf einen Abwurf bis zum eigenen Ziehen",
    ),
    ("pass_over", "literal_first_discard_only"): (
        "no win on a discard for the rest of the hand",
        "kein Sieg auf einen Abwurf für den Rest der Hand",
    ),
    ("multiple_winners", "next_in_turn"): ("the next in turn wins", "der Nächste in der Reihe gewinnt"),
    ("multiple_winners", "all_win"): ("all win", "alle gewinnen"),
    ("moon_hand_value", "limit"): ("the limit", "das Limit"),
    ("moon_hand_value", "one_double"): ("one double", "eine Verdopplung"),
    ("loser_settlement", "differences"): ("by their differences", "nach ihren Unterschieden"),
    ("loser_settlement", "riichi_only"): ("only with riichi declarers", "nur mit Riichi-Ansagern"),
    ("loser_settlement", "none"): ("not at all", "gar nicht"),
    ("draw_settlement", "none"): ("nothing", "nichts"),
    ("draw_settlement", "mutual"): ("the hands settle with each other", "die Hände rechnen untereinander ab"),
    ("draw_settlement", "gulasch"): ("the next hand is a Gulasch", "das nächste Spiel ist ein Gulasch"),
    ("dealer_rotation", "on_non_east_win"): (
        "East stays after his own win or a draw",
        "Ost bleibt nach eigenem Sieg oder unentschiedenem Spiel",
    ),
    ("dealer_rotation", "after_every_scored_game"): (
        "East moves on after every win",
        "Ost wechselt nach jedem Sieg",
    ),
    ("dealer_rotation", "winner"): ("the winner deals next", "wer gewinnt, gibt als Nächstes"),
    ("rating_by", "ruleset"): ("each ruleset on its own", "jedes Regelwerk für sich"),
    ("rating_by", "classical"): (
        "the classical Chinese rules (dmjl, huabao) together",
        "die klassischen chinesischen Regeln (dmjl, huabao) zusammen",
    ),
    ("rating_by", "all"): ("all rulesets together", "alle Regelwerke zusammen"),
}
"""Each choice of a house rule in words, by (setting, choice)."""

FEATURES: Final[dict[str, tuple[str, str]]] = {
    "dora": ("dora", "Dora"),
    "riichi": ("riichi", "Riichi"),
    "four_winds": (
        "a drawn hand on four equal winds first discarded",
        "unentschieden bei vier gleichen Winden als erste Abwürfe",
    ),
    "nine_majors": (
        "a drawn hand on nine different major tiles in the first turn",
        "unentschieden bei neun verschiedenen Hauptsteinen im ersten Zug",
    ),
    "three_mahjong_claims": (
        "a drawn hand on three Mah-Jongg claims",
        "unentschieden bei drei Mah-Jongg-Ansagen",
    ),
    "bouquets": ("payments for bouquets", "Zahlungen für Bouquets"),
    "fishing": ("Fishing", "Fishing"),
    "pot": ("the Pot (card No. 30)", "der Pot (Karte Nr. 30)"),
    "late_claim": ("late claims", "späte Ansagen"),
    "gulasch": ("the Gulasch", "der Gulasch"),
    "gen_zhuang": ("Gen zhuang", "Gen zhuang"),
    "multiple_winners": ("several winners on one discard", "mehrere Gewinner auf einen Abwurf"),
    "restricted_rob": ("a restricted robbing of a kong", "eingeschränktes Rauben eines Kongs"),
    "pass_over": (
        "a bar after letting a winning discard pass",
        "Sperre nach einem vorbeigelassenen Gewinnstein",
    ),
}
"""Each variant rule (``engine.features``) in words, for a ruleset's differences."""
