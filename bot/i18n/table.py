"""The table's texts: the lobby, the table message, private cards, refusals, /mahjong and /score."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # Lobby
    "join": ("Join", "Beitreten"),
    "leave": ("Leave", "Verlassen"),
    "add_computer": ("Add computer", "Computer hinzufügen"),
    "start": ("Start", "Starten"),
    "lobby_title": ("Mah-Jongg table: {rules}", "Mah-Jongg-Tisch: {rules}"),
    "lobby_three": ("{rules}, three players", "{rules}, drei Spieler"),
    "lobby_seats": ("Seats: {seats}", "Plätze: {seats}"),
    "lobby_house": ("House rules: {rules}", "Hausregeln: {rules}"),
    "lobby_times": (
        "Times: {turn} s a turn, {claim} s to claim",
        "Zeiten: {turn} s pro Zug, {claim} s für Ansagen",
    ),
    "lobby_hint": (
        "Join, add computer players, and the opener starts. Empty seats get computer players.",
        "Beitreten, Computer hinzufügen, und wer den Tisch eröffnet hat, startet. "
        "Leere Plätze übernehmen Computer.",
    ),
    "computer": ("computer ({level})", "Computer ({level})"),
    "empty_seat": ("(empty)", "(frei)"),
    # Table message
    "my_hand": ("My hand", "Meine Hand"),
    "next_hand": ("Next hand", "Nächstes Spiel"),
    "im_back": ("I'm back", "Bin zurück"),
    "hand_of": (
        "Hand {number} · {wind} round · {left} tiles left",
        "Spiel {number} · Runde {wind} · noch {left} Steine",
    ),
    "turn_of": ("{name}'s turn{deadline}", "{name} ist dran{deadline}"),
    "claims_open": (
        "Claims on {tile} from {name}{deadline}",
        "Ansagen auf {tile} von {name}{deadline}",
    ),
    "robbing_open": (
        "{name} adds a kong of {tile}: rob it?{deadline}",
        "{name} ergänzt Kong {tile}: rauben?{deadline}",
    ),
    "hand_over": ("The hand is over.", "Das Spiel ist vorbei."),
    "game_over": ("The game is over.", "Die Partie ist vorbei."),
    "game_goes_on": (
        "The bot restarted; the game goes on.",
        "Der Bot wurde neu gestartet; die Partie geht weiter.",
    ),
    "game_not_restored": (
        "This channel's game {game} could not be restored after the bot restarted; its record is "
        "kept for inspection. An admin can abandon it with /mahjong abandon (nothing more is booked); "
        "opening a new table with /mahjong new sets it aside as well.",
        "Die Partie {game} dieses Kanals konnte nach dem Neustart des Bots nicht wiederhergestellt "
        "werden; ihre Aufzeichnung bleibt zur Prüfung erhalten. Ein Admin kann sie mit /mahjong "
        "aufgeben beenden (es wird nichts mehr gebucht); auch ein neuer Tisch mit /mahjong neu legt "
        "sie beiseite.",
    ),
    "abandoned": (
        "Game {game} was abandoned: nothing more was booked for it, and its record is kept for "
        "inspection. /mahjong new opens a new table here.",
        "Die Partie {game} wurde aufgegeben: es wurde nichts mehr für sie gebucht, und ihre "
        "Aufzeichnung bleibt zur Prüfung erhalten. /mahjong neu eröffnet hier einen neuen Tisch.",
    ),
    "abandon_not_admin": (
        "Only admins may abandon a game: Manage Server, or the club's admin role.",
        "Nur Admins dürfen eine Partie aufgeben: Server verwalten, oder die Admin-Rolle des Clubs.",
    ),
    "abandon_nothing": (
        "This channel has no broken game to abandon. A running table is stopped with /mahjong stop.",
        "In diesem Kanal gibt es keine defekte Partie aufzugeben. Einen laufenden Tisch beendet "
        "/mahjong stopp.",
    ),
    "away": ("{name} is away: a computer plays for them.", "{name} ist weg: ein Computer spielt für sie."),
    "last_action": ("Last: {action}", "Zuletzt: {action}"),
    "since_picture": ("Since the last picture: {actions}", "Seit dem letzten Bild: {actions}"),
    "did_discard": ("{name} discarded {tile}", "{name} hat {tile} abgeworfen"),
    "did_call": (
        "{name} discarded {tile} with the call at the beginning",
        "{name} hat {tile} abgeworfen, mit Ruf zu Beginn",
    ),
    "did_claim": ("{name} took {tile}: {meld}", "{name} nimmt {tile}: {meld}"),
    "did_kong": ("{name} declared a kong: {meld}", "{name} meldet Kong: {meld}"),
    "did_bonus": ("{name} showed a bonus tile: {tile}", "{name} legt einen Bonusstein aus: {tile}"),
    "did_mahjong": ("{name} went Mah-Jongg with {tile}", "{name} ruft Mah-Jongg mit {tile}"),
    "did_declare_riichi": (
        "{name} declared riichi: the hand is frozen, a stick goes to the centre",
        "{name} erklärt Riichi: die Hand ist eingefroren, ein Stäbchen kommt in die Mitte",
    ),
    "did_declare_fishing": (
        "{name} discarded {tile} and is Fishing",
        "{name} wirft {tile} ab und erklärt Fishing",
    ),
    "did_paid_gen_zhuang": (
        "Gen zhuang: the first four discards were the same; the dealer pays {amount} to each player",
        "Gen zhuang: die ersten vier Abwürfe waren gleich; der Geber zahlt jedem {amount}",
    ),
    "did_paid_bouquet": (
        "{name} completed a bouquet: {amount} from each other player",
        "{name} hat ein Bouquet: {amount} von jedem Mitspieler",
    ),
    "did_exchange_east": (
        "{name} and {east} swapped three tiles face down",
        "{name} und {east} haben drei Steine verdeckt getauscht",
    ),
    "did_exchange_wall": (
        "{name} swapped {amount} tiles with the wall",
        "{name} hat {amount} Steine mit der Mauer getauscht",
    ),
    "did_exchange_wall_one": (
        "{name} swapped a tile with the wall",
        "{name} hat einen Stein mit der Mauer getauscht",
    ),
    "did_exchange_keep": ("{name} kept their tiles", "{name} behält die eigenen Steine"),
    "did_exchange_continue": (
        "{name} (East) lets the exchange go on with the wall",
        "{name} (Ost) lässt mit der Mauer weitertauschen",
    ),
    "did_exchange_start": (
        "{name} (East) ends the exchange: play begins",
        "{name} (Ost) beendet den Tausch: das Spiel beginnt",
    ),
    # The Gulasch exchange (rumisberg, RULES.md §2.4.6): public status lines, never a tile
    "exchange_both": (
        "Gulasch exchange: {east} and {partner} choose three tiles each to swap face down{deadline}",
        "Gulasch-Tausch: {east} und {partner} wählen je drei Steine zum verdeckten Tausch{deadline}",
    ),
    "exchange_one": (
        "Gulasch exchange: {other} has chosen; {name} still chooses three tiles{deadline}",
        "Gulasch-Tausch: {other} hat gewählt; {name} wählt noch drei Steine{deadline}",
    ),
    "exchange_with_wall": (
        "Gulasch exchange: {east} swaps three tiles with the wall (the empty place){deadline}",
        "Gulasch-Tausch: {east} tauscht drei Steine mit der Mauer (der leere Platz){deadline}",
    ),
    "exchange_deciding_first": (
        "Gulasch exchange: {east} decides: exchange with the wall, or begin play{deadline}",
        "Gulasch-Tausch: {east} entscheidet: mit der Mauer tauschen oder das Spiel beginnen{deadline}",
    ),
    "exchange_deciding": (
        "Gulasch exchange: {east} decides: another go-around with the wall ({n} of {limit} done), "
        "or begin play{deadline}",
        "Gulasch-Tausch: {east} entscheidet: noch ein Umlauf mit der Mauer ({n} von {limit} gespielt) "
        "oder das Spiel beginnen{deadline}",
    ),
    "exchange_swap": (
        "Gulasch exchange: {name} may swap 1-3 tiles with the wall (go-around {n} of {limit}){deadline}",
        "Gulasch-Tausch: {name} darf 1-3 Steine mit der Mauer tauschen (Umlauf {n} von {limit}){deadline}",
    ),
    "exchange_the_wall": ("the wall", "der Mauer"),
    "exchange_give_button": ("Give {tiles}", "{tiles} geben"),
    "exchange_swap_button": ("Swap {tiles}", "{tiles} tauschen"),
    "exchange_keep": ("Keep my tiles", "Steine behalten"),
    "exchange_continue": ("Exchange with the wall", "Mit der Mauer tauschen"),
    "exchange_start": ("Begin play", "Spiel beginnen"),
    "choose_give": ("Choose three tiles to give", "Drei Steine zum Geben wählen"),
    "choose_swap": ("Choose 1-{most} tiles to swap", "1-{most} Steine zum Tauschen wählen"),
    "next_hand_at": ("The next hand starts {deadline}.", "Das nächste Spiel beginnt {deadline}."),
    "your_turn_ping": ("{mention}, it is your move.", "{mention}, du bist dran."),
    # Actions
    "discard": ("Discard", "Abwerfen"),
    "discard_tile": ("Discard {tile}", "{tile} abwerfen"),
    "call": ("Call {tile}", "Ruf {tile}"),
    "riichi": ("Declare riichi", "Riichi ansagen"),
    "riichi_pass": ("Draw without riichi", "Ohne Riichi ziehen"),
    "fishing": ("Fishing {tile}", "Fishing {tile}"),
    "nine-majors": ("Nine majors: draw", "Neun Hauptsteine: unentschieden"),
    "pong": ("Pong", "Pong"),
    "kong": ("Kong", "Kong"),
    "chow": ("Chow {tiles}", "Chow {tiles}"),
    "mahjong": ("Mah-Jongg", "Mah-Jongg"),
    "pass": ("Pass", "Passen"),
    "concealed-kong": ("Kong {tile}", "Kong {tile}"),
    "added-kong": ("Add to kong {tile}", "Kong {tile} ergänzen"),
    "hint": ("Hint", "Tipp"),
    "meld_chow": ("chow", "Chow"),
    "meld_pong": ("pong", "Pong"),
    "meld_kong": ("kong", "Kong"),
    "meld_pair": ("pair", "Paar"),
    "choose_discard": ("Choose a tile to discard", "Stein zum Abwerfen wählen"),
    # Cards and refusals
    "card_turn": ("Your turn: discard a tile.", "Du bist dran: wirf einen Stein ab."),
    "card_turn_late": (
        "Your turn: discard a tile, or still claim {tile} (the tile you drew goes back to the wall).",
        "Du bist dran: wirf einen Stein ab, oder rufe noch {tile} (dein gezogener Stein geht an die Mauer "
        "zurück).",
    ),
    "card_riichi": (
        "Your turn begins and your hand is one tile from Mah-Jongg: declare riichi before you draw "
        "(a stick of {stake} goes to the centre, a double if you win; from now on you discard every "
        "drawn tile that does not win), or draw without it.",
        "Dein Zug beginnt und dir fehlt nur noch ein Stein zum Mah-Jongg: sage vor dem Ziehen Riichi an "
        "(ein Stäbchen zu {stake} kommt in die Mitte, eine Verdopplung, wenn du gewinnst; von nun an "
        "wirfst du jeden gezogenen Stein ab, der nicht gewinnt), oder ziehe ohne.",
    ),
    "card_claims": (
        "{tile} was discarded: claim it or pass.",
        "{tile} wurde abgeworfen: ansagen oder passen.",
    ),
    "card_robbing": ("Rob the kong of {tile}?", "Den Kong {tile} rauben?"),
    "card_away": (
        "You are away: a computer plays your seat. Click I'm back to play again.",
        "Du bist weg: ein Computer spielt deinen Platz. Klicke Bin zurück, um wieder zu spielen.",
    ),
    "card_wait": (
        "Nothing to do now; this card updates when it is your move.",
        "Gerade nichts zu tun; diese Karte zeigt deinen nächsten Zug.",
    ),
    "card_exchange_give": (
        "Gulasch exchange: choose three tiles to give {partner}, face down; you get three of theirs.",
        "Gulasch-Tausch: wähle drei Steine, die {partner} verdeckt bekommt; du bekommst drei von ihnen.",
    ),
    "card_exchange_give_wall": (
        "Gulasch exchange: choose three tiles to lay down; you take three from the wall (the empty place).",
        "Gulasch-Tausch: wähle drei Steine zum Ablegen; du nimmst drei von der Mauer (der leere Platz).",
    ),
    "card_exchange_given": (
        "Your three tiles lie face down; the swap happens when {name} has chosen.",
        "Deine drei Steine liegen verdeckt bereit; getauscht wird, sobald {name} gewählt hat.",
    ),
    "card_exchange_decide_first": (
        "You are East and decide: exchange with the wall (each player may swap 1-3 tiles), "
        "or begin play with your discard.",
        "Du bist Ost und entscheidest: mit der Mauer tauschen (jeder darf 1-3 Steine tauschen) "
        "oder das Spiel mit deinem Abwurf beginnen.",
    ),
    "card_exchange_decide": (
        "You are East and decide: another go-around with the wall ({n} of {limit} done), "
        "or begin play with your discard.",
        "Du bist Ost und entscheidest: noch ein Umlauf mit der Mauer ({n} von {limit} gespielt) "
        "oder das Spiel mit deinem Abwurf beginnen.",
    ),
    "card_exchange_swap": (
        "Gulasch exchange, go-around {n} of {limit}: choose 1-3 tiles to lay down and take as many "
        "from the wall, or keep your tiles.",
        "Gulasch-Tausch, Umlauf {n} von {limit}: wähle 1-3 Steine zum Ablegen und nimm ebenso viele "
        "von der Mauer, oder behalte deine Steine.",
    ),
    "card_exchange_wait": (
        "Gulasch exchange: waiting for {name}; this card updates when it is your move.",
        "Gulasch-Tausch: wir warten auf {name}; diese Karte zeigt deinen nächsten Zug.",
    ),
    "card_exchange_confirm_give": (
        "Give {tiles} to {partner}? Confirm below, or choose again.",
        "{tiles} an {partner} geben? Unten bestätigen oder neu wählen.",
    ),
    "card_exchange_confirm_swap": (
        "Lay down {tiles} and take as many from the wall? Confirm below, or choose again.",
        "{tiles} ablegen und ebenso viele von der Mauer nehmen? Unten bestätigen oder neu wählen.",
    ),
    "card_received": (
        "You gave {gave} and received {got} from {source}.",
        "Du hast {gave} gegeben und {got} von {source} bekommen.",
    ),
    "card_received_only": ("You received {got} from {source}.", "Du hast {got} von {source} bekommen."),
    "exchange_bad_pick": (
        "Those tiles cannot be exchanged now: choose again on your card.",
        "Diese Steine können jetzt nicht getauscht werden: wähle auf deiner Karte neu.",
    ),
    "card_answered": ("Answered; waiting for the table.", "Geantwortet; der Tisch wartet noch."),
    "not_seated": ("You are not seated at this table.", "Du sitzt nicht an diesem Tisch."),
    "not_your_turn": ("It is not your move.", "Du bist nicht am Zug."),
    "next_hand_started": (
        "Hand {number} has started: here are your tiles.",
        "Spiel {number} hat begonnen: hier sind deine Steine.",
    ),
    "next_hand_started_seen": ("Hand {number} has started.", "Spiel {number} hat begonnen."),
    "stale": ("The table moved on: here is your hand now.", "Der Tisch ist weiter: hier deine Hand jetzt."),
    "no_table": (
        "There is no table in this channel. Open one with /mahjong new.",
        "In diesem Kanal ist kein Tisch. Eröffne einen mit /mahjong new.",
    ),
    "table_exists": (
        "This channel already has a table: {link}",
        "In diesem Kanal gibt es schon einen Tisch: {link}",
    ),
    "only_owner": ("Only the table's opener can do that.", "Das darf nur, wer den Tisch eröffnet hat."),
    "table_full": ("The table is full.", "Der Tisch ist voll."),
    "already_seated": ("You already have a seat.", "Du hast schon einen Platz."),
    "not_in_lobby": ("The game has started.", "Die Partie hat begonnen."),
    "lobby_starting": (
        "The game is starting: the seats can no longer change.",
        "Die Partie beginnt gerade: die Plätze stehen fest.",
    ),
    "already_started": (
        "The game has started already: one click on Start was enough. Have fun!",
        "Die Partie hat schon begonnen: ein Klick auf Starten genügt. Viel Spaß!",
    ),
    "missing_permissions": ("I am missing permissions here: {names}.", "Mir fehlen hier Rechte: {names}."),
    "permission_view_channel": ("View Channel", "Kanal ansehen"),
    "permission_send_messages": ("Send Messages", "Nachrichten senden"),
    "permission_embed_links": ("Embed Links", "Links einbetten"),
    "permission_attach_files": ("Attach Files", "Dateien anhängen"),
    "permission_read_message_history": ("Read Message History", "Nachrichtenverlauf lesen"),
    # --- issue 31 thread: a table in its own thread ---
    "permission_create_public_threads": ("Create Public Threads", "Öffentliche Threads erstellen"),
    "permission_send_messages_in_threads": ("Send Messages in Threads", "Nachrichten in Threads senden"),
    "thread_name": ("Mah-Jongg · {rules} · {opener}", "Mah-Jongg · {rules} · {opener}"),
    "thread_link": (
        "🀄 {opener} opened a Mah-Jongg table ({rules}) in its own thread: {thread}",
        "🀄 {opener} hat einen Mah-Jongg-Tisch ({rules}) in einem eigenen Thread eröffnet: {thread}",
    ),
    "thread_link_over": (
        "🀄 The Mah-Jongg game in {thread} is over; its thread is archived.",
        "🀄 Die Mah-Jongg-Partie in {thread} ist vorbei; ihr Thread ist archiviert.",
    ),
    "thread_link_closed": (
        "🀄 The Mah-Jongg table in {thread} was closed; its thread is archived.",
        "🀄 Der Mah-Jongg-Tisch in {thread} wurde geschlossen; sein Thread ist archiviert.",
    ),
    "thread_not_made": (
        "I could not open a thread for the table here ({reason}); nothing was opened.",
        "Ich konnte hier keinen Thread für den Tisch eröffnen ({reason}); es wurde nichts eröffnet.",
    ),
    "error": (
        "Something went wrong; the table is unchanged. ({reason})",
        "Etwas ist schiefgegangen; der Tisch ist unverändert. ({reason})",
    ),
    "table_failed": (
        "The table stopped after an error; the game is kept as it was stored. An admin can abandon "
        "it with /mahjong abandon; /mahjong new sets it aside as well.",
        "Der Tisch wurde nach einem Fehler angehalten; die Partie bleibt, wie sie gespeichert war. "
        "Ein Admin kann sie mit /mahjong aufgeben beenden; auch /mahjong neu legt sie beiseite.",
    ),
    "storage_failed_move": (
        "The game could not be saved just now ({reason}). Nothing is lost: the table stays where it "
        "was and tries again in {seconds} seconds; a move on the table tries at once.",
        "Die Partie konnte gerade nicht gespeichert werden ({reason}). Nichts geht verloren: der Tisch "
        "bleibt, wie er war, und versucht es in {seconds} Sekunden erneut; ein Zug am Tisch versucht "
        "es sofort.",
    ),
    "storage_failed_booking": (
        "This hand's result could not be booked just now ({reason}). The hand is kept as it ended; "
        "booking is tried again in {seconds} seconds, then the score sheet follows.",
        "Das Ergebnis dieses Spiels konnte gerade nicht gebucht werden ({reason}). Das Spiel bleibt, "
        "wie es endete; die Buchung wird in {seconds} Sekunden erneut versucht, dann folgt der "
        "Wertungszettel.",
    ),
    "storage_recovered": (
        "The game is saved again; play goes on.",
        "Die Partie wird wieder gespeichert; es geht weiter.",
    ),
    "click_not_saved": (
        "That could not be saved ({reason}); nothing changed. Try again in a moment.",
        "Das konnte nicht gespeichert werden ({reason}); nichts hat sich geändert. Versuch es gleich "
        "noch einmal.",
    ),
    "stopped": (
        "The table was stopped; the game is kept.",
        "Der Tisch wurde beendet; die Partie bleibt gespeichert.",
    ),
    "stop_vote": (
        "{name} votes to stop ({votes} of {needed}).",
        "{name} stimmt fürs Beenden ({votes} von {needed}).",
    ),
    "left_seat": (
        "{name} left; a computer plays the seat.",
        "{name} ist gegangen; ein Computer übernimmt den Platz.",
    ),
    "drawn_hand": ("The hand is drawn: {reason}.", "Das Spiel ist unentschieden: {reason}."),
    "won_by": ("{name} wins with {total}.", "{name} gewinnt mit {total}."),
    "pays": ("{payer} pays {payee} {amount}", "{payer} zahlt {payee} {amount}"),
    "standings": ("Final standings:", "Endstand:"),
    # /score
    "score_error": (
        "Something went wrong scoring this hand; nothing was changed. ({reason})",
        "Beim Zählen dieses Spiels ist etwas schiefgegangen; nichts wurde geändert. ({reason})",
    ),
    "score_example": (
        "Write a hand like `{example}`: `[...]` exposed sets, `(7777s)` a concealed kong.",
        "Schreib eine Hand etwa so: `{example}`: `[...]` offene Figuren, `(7777s)` ein verdeckter Kong.",
    ),
    "score_broken": (
        "This button is broken; score the hand again.",
        "Dieser Knopf geht nicht mehr; werte die Hand neu.",
    ),
    "score_posted": ("{mention} scored:\n{body}", "{mention} hat gewertet:\n{body}"),
    "score_post_failed": (
        "Could not post the answer in this channel; only you still see it.",
        "Die Antwort ließ sich in diesem Kanal nicht zeigen; nur du siehst sie weiterhin.",
    ),
    "post_in_channel": ("Post in channel", "Im Kanal zeigen"),
    "score_scope_server": ("this server", "dieses Servers"),
    "score_scope_channel": ("this channel", "dieses Kanals"),
    "score_rules_house": (
        "Rules: {ruleset} with the house rules of {scope}: {rules}",
        "Regeln: {ruleset} mit den Hausregeln {scope}: {rules}",
    ),
    "score_rules_none": (
        "Rules: {ruleset}, the ruleset of {scope}, without house rules",
        "Regeln: {ruleset}, das Regelwerk {scope}, ohne Hausregeln",
    ),
    "score_rules_other": (
        "Rules: {ruleset} as written (the house rules here are for {house})",
        "Regeln: {ruleset} wie beschrieben (die Hausregeln hier gelten für {house})",
    ),
    "score_rules_plain": ("Rules: {ruleset} as written", "Regeln: {ruleset} wie beschrieben"),
    # /mahjong rules
    "rules_house": ("House rules of this table:\n{rules}", "Hausregeln dieses Tisches:\n{rules}"),
    "rules_plain": (
        "No house rules: the ruleset as written.",
        "Keine Hausregeln: das Regelwerk wie beschrieben.",
    ),
    "rules_length": (
        "A game of {length}, {players} players, {limit}.",
        "Partie über {length}, {players} Spieler, {limit}.",
    ),
    "rules_limit": ("limit {limit}", "Limit {limit}"),
    "rules_no_limit": ("no limit", "kein Limit"),
    "length_rounds": ("{n} prevailing-wind {n|round|rounds}", "{n} {n|Runde|Runden}"),
    "length_hands": ("{n} {n|hand|hands}", "{n} {n|Spiel|Spiele}"),
    "rules_times": (
        "Times: {turn} s a turn, claims {low}-{high} s; {next}",
        "Zeiten: {turn} s pro Zug, Ansagen {low}-{high} s; {next}",
    ),
    "rules_next_button": (
        "the next hand starts with Next hand.",
        "das nächste Spiel beginnt mit Nächstes Spiel.",
    ),
    "rules_next_auto": (
        "the next hand starts by itself after {seconds} s.",
        "das nächste Spiel beginnt nach {seconds} s von selbst.",
    ),
    "standing": ("{name}: {chips} in this game", "{name}: {chips} in dieser Partie"),
    "standing_balance": (
        "{name}: {chips} in this game, balance {balance}",
        "{name}: {chips} in dieser Partie, Kontostand {balance}",
    ),
    "paid_short": (
        "{name} paid {paid} of {owed} chips: the club allows no negative balances, so the rest is forfeited.",
        "{name} hat {paid} von {owed} Chips bezahlt: der Club erlaubt keine negativen Kontostände, "
        "der Rest verfällt.",
    ),
    "unbooked": (
        "The chips of this hand could not be booked: {reason}. An admin can correct the balances.",
        "Die Chips dieses Spiels konnten nicht gebucht werden: {reason}. "
        "Ein Admin kann die Kontostände korrigieren.",
    ),
    "stopped_by_vote": (
        "The seated players voted to stop the table; the game is kept.",
        "Die Spieler am Tisch haben fürs Beenden gestimmt; die Partie bleibt gespeichert.",
    ),
    "stop_not_allowed": (
        "Only the table's opener, a member with Manage Server, or a vote of the seated players "
        "can stop the table.",
        "Nur wer den Tisch eröffnet hat, wer den Server verwalten darf, oder eine Abstimmung "
        "der Spieler am Tisch kann ihn beenden.",
    ),
}
"""Message key -> (English, German)."""


COMMANDS: Final[dict[str, str]] = {
    # names (lower case, no spaces)
    "mahjong": "mahjong",
    "new": "neu",
    "hand": "hand",
    "stop": "stopp",
    "leave": "verlassen",
    "rules": "regeln",
    "abandon": "aufgeben",
    "score": "wertung",
    "ruleset": "regelwerk",
    "computers": "computer",
    "players": "spieler",
    "seat": "platz",
    "round": "runde",
    "win": "gewinnstein",
    "self_drawn": "selbst_gezogen",
    "flags": "umstaende",
    # descriptions
    "Play Mah-Jongg at a table in this channel": "Mah-Jongg an einem Tisch in diesem Kanal spielen",
    "Open a table in this channel": "Einen Tisch in diesem Kanal eröffnen",
    "Show your hand and your moves (only you see it)": "Deine Hand und deine Züge zeigen (nur du siehst sie)",
    "Stop this channel's table (the game is kept)": "Den Tisch dieses Kanals beenden (die Partie bleibt gespeichert)",
    "Leave your seat; a computer player takes it": "Deinen Platz verlassen; ein Computer übernimmt ihn",
    "This table's ruleset and house rules": "Regelwerk und Hausregeln dieses Tisches",
    "Admins: abandon this channel's broken game that no table plays (nothing is booked)": (
        "Admins: die defekte Partie dieses Kanals aufgeben, die kein Tisch spielt (nichts wird gebucht)"
    ),
    "The rules to play": "Das Regelwerk",
    "How many computer players to seat now (0-3)": "Wie viele Computer gleich mitspielen (0-3)",
    "How many play: 4, or 3 where the rules allow it (rumisberg)": (
        "Wie viele spielen: 4, oder 3, wo das Regelwerk es erlaubt (rumisberg)"
    ),
    "Score a hand: every rule that applies, and the total": "Eine Hand werten: jede Regel, die zählt, und die Summe",
    "The rules (default: this channel's, with its house rules)": (
        "Das Regelwerk (Standard: das dieses Kanals, mit seinen Hausregeln)"
    ),
    "Your seat wind": "Dein Platzwind",
    "The prevailing wind": "Der Rundenwind",
    "The winning tile, like 9p": "Der Gewinnstein, etwa 9p",
    "The winning tile came from the wall": "Der Gewinnstein kam von der Mauer",
    "last-tile, replacement, robbing-kong, first-turn, original-call, kong-on-kong": (
        "last-tile, replacement, robbing-kong, first-turn, original-call, kong-on-kong (mit Kommas)"
    ),
    "East": "Ost",
    "South": "Süd",
    "West": "West",
    "North": "Nord",
}
"""English command text -> German (names, descriptions, choices); a hand example stays as it is."""
