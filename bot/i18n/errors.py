"""The engine's errors in English and German: one text per code (``err_<code>``, see
:class:`engine.errors.MahjongError`), each saying what was wrong and what would be accepted.

The values an error carries are worded by :func:`worded` before they fill a text: what a person
typed in backticks as typed, tiles and winds by their names, numbers as the reader writes them.

>>> worded({"text": "777", "tile": "5p", "wind": 0, "count": 12500}, "de")
{'text': '`777`', 'tile': 'Kreis-5', 'wind': 'Ost', 'count': '12.500'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from engine.errors import QUOTE_LIMIT, MahjongError
from engine.numbers import number
from engine.tiles import Tile, parse_tiles, tile_name, wind_name

Lang = Literal["en", "de"]


MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # --- Tiles (engine/tiles.py) ---------------------------------------------------------------
    "err_not_a_wind": (
        "{text} is not a wind: write E, S, W or N (or East, South, West, North).",
        "{text} ist kein Wind: schreib E, S, W oder N (für Ost, Süd, West, Nord).",
    ),
    "err_tile_index": (
        "{text} is not a tile number: tiles are numbered 0 to 41.",
        "{text} ist keine Steinnummer: die Steine sind von 0 bis 41 nummeriert.",
    ),
    "err_not_one_tile": (
        "{text} is {count} tiles; write exactly one tile, like `5p`.",
        "{text} sind {count} Steine; schreib genau einen Stein, etwa `5p`.",
    ),
    "err_not_bonus": (
        "{tile} is not a flower or season.",
        "{tile} ist keine Blume und keine Jahreszeit.",
    ),
    "err_suit_no_digits": (
        "In {text}: the suit letter {char_text} has no digits before it; write the ranks first, like `123m`.",
        "In {text}: vor dem Farbbuchstaben {char_text} steht keine Zahl; schreib zuerst die Zahlen, "
        "etwa `123m`.",
    ),
    "err_rank_out_of_range": (
        "In {text}: {tile_text} is no tile; these tiles run from {first_text} to {last_text}.",
        "In {text}: {tile_text} ist kein Stein; diese Steine gehen von {first_text} bis {last_text}.",
    ),
    "err_red_five": (
        "In {text}: {tile_text} is no tile (red fives are not used); these tiles run from "
        "{first_text} to {last_text}.",
        "In {text}: {tile_text} ist kein Stein (rote Fünfen gibt es nicht); diese Steine gehen von "
        "{first_text} bis {last_text}.",
    ),
    "err_digits_no_suit": (
        "In {text}: the digits {digits_text} need a suit letter after them: m (characters), "
        "p (circles), s (bamboo), z (honours) or f (flowers and seasons), like `777p`.",
        "In {text}: nach den Ziffern {digits_text} fehlt der Farbbuchstabe: m (Zahlen), p (Kreise), "
        "s (Bambus), z (Ehrensteine) oder f (Blumen und Jahreszeiten), etwa `777p`.",
    ),
    "err_honour_lower_case": (
        "In {text}: {char_text} is not a tile; honour letters are capitals: E S W N, Wh G R.",
        "In {text}: {char_text} ist kein Stein; Ehrenbuchstaben sind groß: E S W N, Wh G R.",
    ),
    "err_not_plain_digit": (
        "In {text}: {char_text} is not a tile; write ranks in the plain digits 1-9, like `123m`.",
        "In {text}: {char_text} ist kein Stein; schreib die Zahlen mit den einfachen Ziffern 1-9, "
        "etwa `123m`.",
    ),
    "err_not_a_tile_char": (
        "In {text}: {char_text} is not a tile; write digits 1-9 followed by a suit letter "
        "(m, p, s, z, f), or honour letters E S W N, Wh G R.",
        "In {text}: {char_text} ist kein Stein; schreib Ziffern 1-9 mit einem Farbbuchstaben "
        "(m, p, s, z, f) dahinter, oder die Ehrenbuchstaben E S W N, Wh G R.",
    ),
    "err_no_tiles": (
        "{text} holds no tiles; write digits 1-9 followed by a suit letter, like `123m`.",
        "{text} enthält keine Steine; schreib Ziffern 1-9 mit einem Farbbuchstaben, etwa `123m`.",
    ),
    # --- Hands and melds (engine/hand.py) ------------------------------------------------------
    "err_meld_brackets": (
        "{text} is not a set: write an exposed set in brackets, like `[555p]`, `[345s]` or "
        "`[5555p]`, and a declared concealed kong in parentheses, like `(7777s)`.",
        "{text} ist keine Figur: schreib eine offene Figur in eckigen Klammern, etwa `[555p]`, "
        "`[345s]` oder `[5555p]`, und einen angesagten verdeckten Kong in runden, etwa `(7777s)`.",
    ),
    "err_bonus_in_meld": (
        "{text}: flowers and seasons are never part of a set; write them on their own.",
        "{text}: Blumen und Jahreszeiten gehören nie zu einer Figur; schreib sie einzeln.",
    ),
    "err_not_concealed_kong": (
        "{text} is not a concealed kong: parentheses hold four identical tiles, like `(7777s)`; "
        "write other concealed tiles without brackets.",
        "{text} ist kein verdeckter Kong: runde Klammern enthalten vier gleiche Steine, etwa "
        "`(7777s)`; schreib andere verdeckte Steine ohne Klammern.",
    ),
    "err_honour_chow": (
        "{text} is not a set: honours make no chow; a chow is three consecutive tiles of one suit, "
        "like `[345s]`.",
        "{text} ist keine Figur: Ehrensteine bilden keinen Chow; ein Chow sind drei aufeinander "
        "folgende Steine einer Farbe, etwa `[345s]`.",
    ),
    "err_not_a_meld": (
        "{text} is not a set: brackets hold a pong `[555p]`, a chow of three consecutive tiles of "
        "one suit `[345s]`, or a kong `[5555p]`.",
        "{text} ist keine Figur: eckige Klammern enthalten einen Pong `[555p]`, einen Chow aus drei "
        "aufeinander folgenden Steinen einer Farbe `[345s]` oder einen Kong `[5555p]`.",
    ),
    "err_bonus_concealed": (
        "{tile} is a flower or season; write it on its own, beside the hand.",
        "{tile} ist eine Blume oder Jahreszeit; schreib sie einzeln neben die Hand.",
    ),
    "err_fifth_tile": (
        "The hand holds {tile} {count} times, but a set has only four of each tile: check the hand.",
        "Die Hand enthält {count}-mal {tile}, aber jeden Stein gibt es nur viermal: prüf die Hand.",
    ),
    "err_bonus_twice": (
        "The hand holds {tile} {count} times, but each flower and season exists once.",
        "Die Hand enthält {tile} {count}-mal, aber jede Blume und Jahreszeit gibt es nur einmal.",
    ),
    "err_too_many_tiles": (
        "The hand has {count} tiles (a kong counting as 3); a hand has at most 14, flowers and "
        "seasons not counted: remove the extra tiles.",
        "Die Hand hat {count} Steine (ein Kong zählt 3); eine Hand hat höchstens 14, Blumen und "
        "Jahreszeiten nicht gezählt: nimm die überzähligen Steine weg.",
    ),
    "err_hand_empty": (
        "The hand is empty; write its tiles, like `123m 456p 789s EEE 55z`, with exposed sets in "
        "brackets, like `[555p]`.",
        "Die Hand ist leer; schreib ihre Steine, etwa `123m 456p 789s EEE 55z`, offene Figuren in "
        "eckigen Klammern, etwa `[555p]`.",
    ),
    "err_braces": (
        "{text}: write tiles laid out beside the hand in braces, like `{{66z}}`, with a space "
        "before and after.",
        "{text}: schreib Steine, die neben der Hand ausliegen, in geschweiften Klammern, etwa "
        "`{{66z}}`, mit Leerzeichen davor und danach.",
    ),
    "err_no_closing_bracket": (
        "{text} has no closing {bracket_text}; write sets like `[555p]` or `(7777s)`, separated by spaces.",
        "{text} hat keine schließende {bracket_text}; schreib Figuren wie `[555p]` oder `(7777s)`, "
        "durch Leerzeichen getrennt.",
    ),
    "err_melds_touch": (
        "{text}: put a space between two sets, like `[555p] [678s]`.",
        "{text}: setz ein Leerzeichen zwischen zwei Figuren, etwa `[555p] [678s]`.",
    ),
    "err_bracket_inside": (
        "{text}: brackets enclose a whole part, separated by spaces, like `123m [555p]`.",
        "{text}: Klammern umschließen einen ganzen Teil, durch Leerzeichen getrennt, etwa `123m [555p]`.",
    ),
    # --- Scoring a hand (engine/scoring) ------------------------------------------------------
    "err_one_tile_missing": (
        "One tile is missing: a winning hand has 14 (a kong counting as 3), this one {count}. Add "
        "the winning tile to the hand, or leave out the winning tile, self-drawn and the flags to "
        "score it as a losing hand.",
        "Ein Stein fehlt: eine Gewinnhand hat 14 (ein Kong zählt 3), diese {count}. Nimm den "
        "Gewinnstein in die Hand, oder lass Gewinnstein, selbst gezogen und die Umstände weg, "
        "um sie als Verliererhand zu zählen.",
    ),
    "err_tiles_missing": (
        "{missing} tiles are missing: a winning hand has 14 (a kong counting as 3), this one "
        "{count}. Complete the hand, or leave out the winning tile, self-drawn and the flags to "
        "score it as a losing hand.",
        "Es fehlen {missing} Steine: eine Gewinnhand hat 14 (ein Kong zählt 3), diese {count}. "
        "Vervollständige die Hand, oder lass Gewinnstein, selbst gezogen und die Umstände "
        "weg, um sie als Verliererhand zu zählen.",
    ),
    "err_win_in_kong": (
        "The winning tile {tile} is only in a kong, and a kong is never completed by the winning "
        "tile: name a tile of another set or of the pair.",
        "Der Gewinnstein {tile} steckt nur in einem Kong, und ein Kong wird nie vom Gewinnstein "
        "vervollständigt: nenn einen Stein einer anderen Figur oder des Paars.",
    ),
    "err_win_not_in_hand": (
        "The winning tile {tile} is not in the hand: name one of the hand's tiles, or add it.",
        "Der Gewinnstein {tile} ist nicht in der Hand: nenn einen Stein der Hand, oder nimm ihn dazu.",
    ),
    "err_self_drawn_in_meld": (
        "The winning tile {tile} was self-drawn, so it is among the concealed tiles, not in an "
        "exposed set: write it without brackets, or leave out self-drawn.",
        "Der Gewinnstein {tile} wurde selbst gezogen, gehört also zu den verdeckten Steinen, nicht "
        "in eine offene Figur: schreib ihn ohne Klammern, oder lass selbst gezogen weg.",
    ),
    "err_no_bonus": (
        "{ruleset} is played with {size} tiles, without flowers or seasons: there is no {tile}.",
        "{ruleset} wird mit {size} Steinen gespielt, ohne Blumen und Jahreszeiten: {tile} gibt es nicht.",
    ),
    "err_no_bonus_adds": (
        "{ruleset} is played with {size} tiles, without flowers or seasons: there is no {tile}; the "
        "house rule Flowers and seasons set to yes adds them.\n-# `/settings set bonus_tiles true`",
        "{ruleset} wird mit {size} Steinen gespielt, ohne Blumen und Jahreszeiten: {tile} gibt es "
        "nicht; die Hausregel Blumen und Jahreszeiten auf ja nimmt sie dazu.\n-# "
        "`/settings set bonus_tiles ja`",
    ),
    "err_no_winds_bonus": (
        "{ruleset} is played with {size} tiles, without winds, flowers or seasons: there is no {tile}.",
        "{ruleset} wird mit {size} Steinen gespielt, ohne Winde, Blumen und Jahreszeiten: {tile} gibt "
        "es nicht.",
    ),
    "err_claimed_chow": (
        "{meld_text} is a claimed chow, but in {ruleset} no chow may be claimed (不可以吃); write a "
        "run of drawn tiles without brackets, like {run_text}, and one the winning discard "
        "completes with its winning tile.",
        "{meld_text} ist ein angesagter Chow, aber in {ruleset} darf man keinen Chow ansagen "
        "(不可以吃); schreib einen Chow aus gezogenen Steinen ohne Klammern, etwa {run_text}, und "
        "einen, den der abgeworfene Gewinnstein vervollständigt, mit seinem Gewinnstein.",
    ),
    "err_not_laid_out": (
        "{tile} is written as laid out beside the hand, but {ruleset} lays out only {laid_tiles}: "
        "write it among the hand's tiles.",
        "{tile} ist als neben der Hand ausgelegt geschrieben, aber {ruleset} legt nur {laid_tiles} "
        "aus: schreib ihn zu den Steinen der Hand.",
    ),
    "err_none_laid_out": (
        "{tile} is written as laid out beside the hand, but {ruleset} lays out no playing tile: "
        "write it among the hand's tiles.",
        "{tile} ist als neben der Hand ausgelegt geschrieben, aber {ruleset} legt keine Spielsteine "
        "aus: schreib ihn zu den Steinen der Hand.",
    ),
    "err_lucky_held": (
        "In {ruleset} a {tile} is laid out when drawn and replaced, never kept in the hand: write "
        "it in braces, like {braces_text}.",
        "In {ruleset} wird {tile} beim Ziehen ausgelegt und ersetzt, nie in der Hand behalten: "
        "schreib ihn in geschweiften Klammern, etwa {braces_text}.",
    ),
    "err_flag_kong_discard_self_drawn": (
        "A win on a kong's discard is won on a discard, not self-drawn: leave out one of the two.",
        "Ein Sieg auf den Abwurf nach einem Kong ist ein Sieg auf Abwurf, nicht selbst gezogen: "
        "lass eins von beiden weg.",
    ),
    "err_flag_first_draw_east": (
        "A win on the first draw is one of South, West or North; for East choose the first turn.",
        "Ein Sieg mit dem ersten Zug ist einer von Süd, West oder Nord; für Ost wähl den ersten Zug.",
    ),
    "err_flag_restricted_rob": (
        "A restricted rob is a win on a kong's player: add robbing a kong or the discard after a kong.",
        "Ein eingeschränkter Raub ist ein Sieg auf den Spieler eines Kongs: nimm Kong-Raub oder den "
        "Abwurf nach einem Kong dazu.",
    ),
    "err_flag_robbing_self_drawn": (
        "Robbing a kong takes the winning tile from another player's kong, so the win is not "
        "self-drawn: leave out one of the two.",
        "Beim Kong-Raub kommt der Gewinnstein aus dem Kong eines anderen, der Sieg ist also nicht "
        "selbst gezogen: lass eins von beiden weg.",
    ),
    "err_flag_first_turn_east": (
        "The first turn for East is Heaven's blessing, a self-drawn hand: add self-drawn.",
        "Der erste Zug für Ost ist der Segen des Himmels, eine selbst gezogene Hand: nimm "
        "selbst gezogen dazu.",
    ),
    "err_flag_first_turn_other": (
        "The first turn for South, West or North is Earth's blessing, won on East's first discard: "
        "leave out self-drawn.",
        "Der erste Zug für Süd, West oder Nord ist der Segen der Erde, gewonnen auf Osts ersten "
        "Abwurf: lass selbst gezogen weg.",
    ),
    "err_win_bonus": (
        "The winning tile cannot be {tile}: flowers and seasons are replaced. Name a playing tile.",
        "Der Gewinnstein kann nicht {tile} sein: Blumen und Jahreszeiten werden ersetzt. Nenn einen "
        "Spielstein.",
    ),
    "err_unknown_flag": (
        "There is no flag {text}; the flags are {flags_texts}.",
        "Den Umstand {text} gibt es nicht; es gibt {flags_texts}.",
    ),
    "err_dora_bonus": (
        "{tile} is never a dora: dora are playing tiles.",
        "{tile} ist nie Dora: Dora sind Spielsteine.",
    ),
    "err_dora_indicator_bonus": (
        "{tile} shows no dora: the indicators are playing tiles.",
        "{tile} zeigt keine Dora an: Anzeiger sind Spielsteine.",
    ),
    "err_no_dora": (
        "{ruleset} has no dora (they belong to a wikibooks variant): leave the dora out.",
        "{ruleset} kennt keine Dora (sie gehören zu einer Wikibooks-Variante): lass die Dora weg.",
    ),
    "err_dora_off": (
        "Dora were given, but this table's house rules play without dora: leave the dora out.",
        "Dora wurden angegeben, aber die Hausregeln dieses Tisches spielen ohne Dora: lass die Dora weg.",
    ),
    "err_dora_too_many": (
        "At most {most} dora or indicators; wikibooks turns up one indicator.",
        "Höchstens {most} Dora oder Anzeiger; Wikibooks deckt einen Anzeiger auf.",
    ),
    "err_discarder_letter": (
        "The discarder is a seat letter, E, S, W or N, not {text}.",
        "Der Abwerfer ist ein Sitzbuchstabe, E, S, W oder N, nicht {text}.",
    ),
    "err_discarder_is_winner": (
        "The discarder ({wind}) is the winner's own seat: name the seat whose discard won.",
        "Der Abwerfer ({wind}) ist der Sitz des Gewinners selbst: nenn den Sitz, dessen Abwurf gewann.",
    ),
    "err_discarder_self_drawn": (
        "A self-drawn win has no discarder: leave out the discarder or self-drawn.",
        "Ein selbst gezogener Sieg hat keinen Abwerfer: lass den Abwerfer oder selbst gezogen weg.",
    ),
    "err_north_absent_winner": (
        "With three players North's place is empty: the winner is East, South or West.",
        "Mit drei Spielern bleibt Nord leer: der Gewinner ist Ost, Süd oder West.",
    ),
    "err_north_absent_discarder": (
        "With three players North's place is empty: the discarder is East, South or West.",
        "Mit drei Spielern bleibt Nord leer: der Abwerfer ist Ost, Süd oder West.",
    ),
    # --- Special hands (engine/special_notation.py, engine/scoring/special_hands.py) ----------
    "err_group_suit": (
        "{text} has the suit letter {char_text}; a group is 2 to 4 ranks (1-9, or x for any) and "
        "a suit letter: m, p, s, z, or a, b, c for some suit, like `22`, `666s`, `345a`, `xxxz`.",
        "{text} hat den Farbbuchstaben {char_text}; eine Gruppe sind 2 bis 4 Zahlen (1-9, oder x "
        "für jede) und ein Farbbuchstabe: m, p, s, z, oder a, b, c für irgendeine Farbe, etwa "
        "`22`, `666s`, `345a`, `xxxz`.",
    ),
    "err_not_a_group": (
        "{text} is not a group; a group is 2 to 4 ranks (1-9, or x for any) and a suit letter, "
        "like `22`, `666s`, `345a`, `xxxz`.",
        "{text} ist keine Gruppe; eine Gruppe sind 2 bis 4 Zahlen (1-9, oder x für jede) und ein "
        "Farbbuchstabe, etwa `22`, `666s`, `345a`, `xxxz`.",
    ),
    "err_group_ranks": (
        "{text} has {count} ranks; a group has 2 to 4, like `22`, `666s`, `345a`, `xxxz`.",
        "{text} hat {count} Zahlen; eine Gruppe hat 2 bis 4, etwa `22`, `666s`, `345a`, `xxxz`.",
    ),
    "err_group_honour_rank": (
        "{text}: honours run from 1 to 7 (`1z` to `7z`).",
        "{text}: Ehrensteine gehen von 1 bis 7 (`1z` bis `7z`).",
    ),
    "err_group_shape": (
        "{text} is neither a pair, pong or kong of one rank nor a chow of three rising ranks in a "
        "suit, like `22`, `666s`, `345a`.",
        "{text} ist weder Paar, Pong oder Kong einer Zahl noch ein Chow aus drei steigenden Zahlen "
        "einer Farbe, etwa `22`, `666s`, `345a`.",
    ),
    "err_special_no_name": (
        "The special hand {text} has no name: write NAME: GROUPS = VALUE, like "
        "`Club-Hand: 22 666 555 999 777 = 3000`.",
        "Die Sonderhand {text} hat keinen Namen: schreib NAME: GRUPPEN = WERT, etwa "
        "`Club-Hand: 22 666 555 999 777 = 3000`.",
    ),
    "err_special_name": (
        "The name {text} is too long or holds = / ; or :; a name is 1 to {most} printable "
        "characters without them.",
        "Der Name {text} ist zu lang oder enthält = / ; oder :; ein Name hat 1 bis {most} "
        "druckbare Zeichen ohne diese.",
    ),
    "err_special_no_value": (
        "The special hand {name_text} has no value: end it with `= 3000` (points) or `= limit`.",
        "Die Sonderhand {name_text} hat keinen Wert: schließ sie mit `= 3000` (Punkte) oder `= limit` ab.",
    ),
    "err_special_value": (
        "The special hand {name_text}: the value {text} is neither a whole number from 1 to {most} "
        "nor the word limit.",
        "Sonderhand {name_text}: der Wert {text} ist weder eine ganze Zahl von 1 bis {most} noch "
        "das Wort limit.",
    ),
    "err_special_option": (
        "The special hand {name_text}: {text} is not an option; the options are `/concealed`, "
        "`/or-count` and `/pot`.",
        "Sonderhand {name_text}: {text} ist keine Option; die Optionen sind `/concealed`, "
        "`/or-count` und `/pot`.",
    ),
    "err_special_groups": (
        "A special hand is four sets and a pair, like `22 666 555 999 777`; this one has {count} groups.",
        "Eine Sonderhand sind vier Figuren und ein Paar, etwa `22 666 555 999 777`; diese hat "
        "{count} Gruppen.",
    ),
    "err_special_pairs": (
        "A special hand is four sets and a pair, like `22 666 555 999 777`; this one has {count} pairs.",
        "Eine Sonderhand sind vier Figuren und ein Paar, etwa `22 666 555 999 777`; diese hat {count} Paare.",
    ),
    "err_special_fifth_tile": (
        "The hand needs {count} tiles {group_text}, but there are 4 of each tile.",
        "Die Hand braucht {count}-mal {group_text}, aber jeden Stein gibt es nur viermal.",
    ),
    "err_special_twice": (
        "The special hand {name_text} is defined twice; give each hand its own name.",
        "Die Sonderhand {name_text} ist doppelt festgelegt; gib jeder Hand ihren eigenen Namen.",
    ),
    "err_special_too_many": (
        "{count} special hands; a club may define up to {most}.",
        "{count} Sonderhände; ein Club darf bis zu {most} festlegen.",
    ),
    "err_special_no_limit": (
        "The special hand {name_text} is worth the limit, but these rules have no limit: give it "
        "a number of points.",
        "Die Sonderhand {name_text} ist das Limit wert, aber diese Regeln haben kein Limit: gib "
        "ihr eine Punktzahl.",
    ),
    # --- A hand entered at a real table (engine/recorded.py, bot/storage/recorded.py: /record) ---
    "err_record_seat_not_in_play": (
        "That seat is not at this table; it has {count} seats.",
        "Diesen Platz gibt es an diesem Tisch nicht; er hat {count} Plätze.",
    ),
    "err_record_outcome": (
        "{text} is no outcome: a hand was won, lost or drawn.",
        "{text} ist kein Ausgang: eine Hand ist gewonnen, verloren oder unentschieden.",
    ),
    "err_record_hand_too_long": (
        "A hand is written in at most {most} characters.",
        "Eine Hand wird mit höchstens {most} Zeichen geschrieben.",
    ),
    "err_record_loser_win_details": (
        "Only a win has a winning tile, self-drawn, a discarder or special circumstances.",
        "Nur ein Sieg hat einen Gewinnstein, Selbstgezogen, einen Abwerfer oder besondere Umstände.",
    ),
    "err_record_hand_and_points": (
        "Enter either your hand or the points you counted, not both.",
        "Gib entweder deine Hand oder die gezählten Punkte ein, nicht beides.",
    ),
    "err_record_hand_and_bonus": (
        "Your flowers and seasons are part of your hand: write them in it, not apart.",
        "Deine Blumen und Jahreszeiten gehören zu deiner Hand: schreib sie dort hinein, nicht getrennt.",
    ),
    "err_record_points_range": (
        "The points a hand counted are 0 to {most}.",
        "Die gezählten Punkte einer Hand liegen zwischen 0 und {most}.",
    ),
    "err_record_loser_complete": (
        "A hand of 14 tiles is complete: enter it as your win, or leave out the tile you did not take.",
        "Eine Hand mit 14 Steinen ist fertig: gib sie als deinen Sieg ein, oder lass den Stein weg, "
        "den du nicht genommen hast.",
    ),
    "err_record_loser_value_needed": (
        "These rules settle the losers' hands among them: enter your hand or the points you counted.",
        "Nach diesen Regeln rechnen die Verlierer ihre Hände untereinander ab: gib deine Hand oder "
        "die gezählten Punkte ein.",
    ),
    "err_record_bonus_not_bonus": (
        "{tile} is no flower or season: enter only flowers and seasons here.",
        "{tile} ist keine Blume und keine Jahreszeit: gib hier nur Blumen und Jahreszeiten ein.",
    ),
    "err_record_win_points": (
        "A win is entered as the whole hand in notation, not as points.",
        "Ein Sieg wird als ganze Hand in Notation eingegeben, nicht als Punkte.",
    ),
    "err_record_win_hand_needed": (
        "Enter your winning hand in notation.",
        "Gib deine Gewinnhand in Notation ein.",
    ),
    "err_record_self_drawn_discarder": (
        "A self-drawn win has no discarder: choose one of the two.",
        "Ein selbstgezogener Sieg hat keinen Abwerfer: wähle eines von beiden.",
    ),
    "err_record_discarder_needed": (
        "Say how the hand was won: self-drawn, or on whose discard (or kong).",
        "Sag, wie die Hand gewonnen wurde: selbstgezogen oder mit wessen Abwurf (oder Kong).",
    ),
    "err_record_discarder_self": (
        "You cannot win on your own discard: name the player whose discard won.",
        "Mit dem eigenen Abwurf kann man nicht gewinnen: nenne den Spieler, dessen Abwurf gewann.",
    ),
    "err_record_discarder_not_seated": (
        "The discarder must be one of the {count} players at this table.",
        "Der Abwerfer muss einer der {count} Spieler an diesem Tisch sein.",
    ),
    "err_record_flag_not_entered": (
        "{text} is counted by the table itself; leave it out.",
        "{text} zählt der Tisch selbst; lass es weg.",
    ),
    "err_record_win_tile_needed": (
        "Name the winning tile.",
        "Nenne den Gewinnstein.",
    ),
    "err_record_not_a_win": (
        "The hand entered as a win does not win under these rules.",
        "Die als Sieg eingegebene Hand gewinnt nach diesen Regeln nicht.",
    ),
    "err_record_entries_missing": (
        "Not every hand is in yet; still missing: {count}.",
        "Noch sind nicht alle Hände eingegeben; es fehlen noch: {count}.",
    ),
    "err_record_outcomes_mixed": (
        "Some say the hand was drawn, others that it was won: agree on one.",
        "Einige sagen, die Hand war unentschieden, andere, sie wurde gewonnen: einigt euch.",
    ),
    "err_record_no_winner": (
        "Someone lost, but nobody entered the win.",
        "Jemand hat verloren, aber niemand hat den Sieg eingegeben.",
    ),
    "err_record_several_winners": (
        "{count} players entered a win, but under these rules only one wins a hand.",
        "{count} Spieler haben einen Sieg eingegeben, aber nach diesen Regeln gewinnt nur einer.",
    ),
    "err_record_winners_disagree": (
        "The winners name different discarders: several win only on one discard.",
        "Die Gewinner nennen verschiedene Abwerfer: mehrere gewinnen nur mit demselben Abwurf.",
    ),
    "err_record_not_found": (
        "This recorded game does not exist.",
        "Diese aufgezeichnete Partie gibt es nicht.",
    ),
    "err_record_ended": (
        "This recorded game has ended.",
        "Diese aufgezeichnete Partie ist beendet.",
    ),
    "err_record_not_seated": (
        "{mention} is not at this table.",
        "{mention} sitzt nicht an diesem Tisch.",
    ),
    "err_record_hand_booked": (
        "That hand is booked already; this is the card of an earlier hand.",
        "Diese Hand ist schon verbucht; das ist die Karte einer früheren Hand.",
    ),
    "err_record_game_over": (
        "The game has reached its end: undo the last hand, or end the game.",
        "Die Partie ist zu Ende gespielt: mach die letzte Hand rückgängig oder beende die Partie.",
    ),
    "err_record_incomplete": (
        "Not every hand is in yet (still missing: {count}); confirm when every hand is in.",
        "Noch sind nicht alle Hände eingegeben (es fehlen noch: {count}); bestätige, wenn alle "
        "Hände da sind.",
    ),
    "err_record_confirmed_twice": (
        "You have confirmed this hand already.",
        "Du hast diese Hand schon bestätigt.",
    ),
    "err_record_no_entry": (
        "There is no entry of that seat in this hand.",
        "Für diesen Platz gibt es in dieser Hand keine Eingabe.",
    ),
    "err_record_nothing_to_undo": (
        "No booked hand is left to undo.",
        "Es ist keine verbuchte Hand mehr da, die man rückgängig machen könnte.",
    ),
    "err_record_undo_closed_season": (
        "The last hand was booked in a season that is closed now: it cannot be undone.",
        "Die letzte Hand wurde in einer inzwischen abgeschlossenen Saison verbucht: sie lässt sich "
        "nicht rückgängig machen.",
    ),
    "err_record_entries_pending": (
        "The current hand has entries: book it first, or end the game and drop them.",
        "Die laufende Hand hat schon Eingaben: verbuche sie zuerst, oder beende die Partie und verwirf sie.",
    ),
    "err_record_seat_count": (
        "These rules are played by {players} players, not {count}.",
        "Nach diesen Regeln spielen {players} Personen, nicht {count}.",
    ),
    "err_record_seat_twice": (
        "A member can take only one seat at a table.",
        "Ein Mitglied kann nur einen Platz am Tisch einnehmen.",
    ),
    "err_record_member_busy": (
        "{mention} is already at a recorded table in this server: end that one first.",
        "{mention} sitzt schon an einem aufgezeichneten Tisch auf diesem Server: beendet den zuerst.",
    ),
    # --- Settings and rulesets (engine/settings.py, engine/rulesets, bot/storage/rules.py) ----
    "err_setting_value": (
        "The setting {setting_text} does not take {text}; see `/settings show` for what it takes.",
        "Die Einstellung {setting_text} nimmt {text} nicht an; `/settings show` zeigt, was sie annimmt.",
    ),
    "err_setting_pair": (
        "{text} is not a setting; write name=value: the setting's name, an equals sign and its value.",
        "{text} ist keine Einstellung; schreib Name=Wert: den Namen der Einstellung, ein "
        "Gleichheitszeichen und den Wert.",
    ),
    "err_unknown_setting": (
        "There is no setting {text}; `/settings show` lists them.",
        "Die Einstellung {text} gibt es nicht; `/settings show` zeigt sie alle.",
    ),
    "err_unknown_setting_close": (
        "There is no setting {text}; did you mean {close_texts}?",
        "Die Einstellung {text} gibt es nicht; meintest du {close_texts}?",
    ),
    "err_setting_not_text": (
        "A setting is named by text.",
        "Eine Einstellung wird mit Text benannt.",
    ),
    "err_ruleset_not_text": (
        "A ruleset is named by text.",
        "Ein Regelwerk wird mit Text benannt.",
    ),
    "err_unknown_ruleset": (
        "There is no ruleset {text}; the rulesets are {rulesets_texts}.",
        "Das Regelwerk {text} gibt es nicht; die Regelwerke sind {rulesets_texts}.",
    ),
    "err_setting_not_in_ruleset": (
        "The setting {setting_text} does not apply to {ruleset}; `/settings show` lists the ones that do.",
        "Die Einstellung {setting_text} gilt nicht für {ruleset}; `/settings show` zeigt die, die gelten.",
    ),
    "err_players_fixed": (
        "{ruleset} is played by {most} players, not {count}.",
        "{ruleset} wird zu {most} gespielt, nicht zu {count}.",
    ),
    "err_players_range": (
        "{ruleset} is played by {fewest} to {most} players, not {count}.",
        "{ruleset} wird zu {fewest} bis {most} gespielt, nicht zu {count}.",
    ),
    "err_deal_r3_four": (
        "The three-player deal is for three players; four players deal A or B.",
        "Das Austeilen für drei ist für drei Spieler; vier Spieler teilen nach A oder B aus.",
    ),
    "err_deal_three_r3": (
        "Three players deal the three-player way (R3).",
        "Drei Spieler teilen nach der Weise für drei aus (R3).",
    ),
    "err_absent_four": (
        "With four players every wind plays: none is absent.",
        "Mit vier Spielern spielt jeder Wind: keiner fehlt.",
    ),
    "err_absent_east": (
        "The absent wind is South, West or North: East always plays.",
        "Der fehlende Wind ist Süd, West oder Nord: Ost spielt immer.",
    ),
    # --- Moves refused (engine/deal.py, deal_claims.py, engine/features) ----------------------
    "err_seat_absent": (
        "{wind} is not in this hand: three play, and that place is empty.",
        "{wind} spielt in diesem Spiel nicht mit: es spielen drei, der Platz ist leer.",
    ),
    "err_hand_over": ("The hand is over.", "Das Spiel ist vorbei."),
    "err_cannot_now": (
        "That move is not possible now; choose one of the moves offered.",
        "Dieser Zug geht jetzt nicht; wähl einen der angebotenen Züge.",
    ),
    "err_not_your_turn": (
        "It is {turn_wind}'s turn, not {wind}'s: wait for your turn.",
        "{turn_wind} ist am Zug, nicht {wind}: warte, bis du dran bist.",
    ),
    "err_decide_before_draw": (
        "First decide what to do before the draw.",
        "Entscheide zuerst, was du vor dem Ziehen tust.",
    ),
    "err_robbing_first": (
        "The others answer the kong first: they may rob it.",
        "Zuerst antworten die anderen auf den Kong: sie dürfen ihn rauben.",
    ),
    "err_own_discard": (
        "You cannot claim your own discard.",
        "Deinen eigenen Abwurf kannst du nicht ansagen.",
    ),
    "err_no_claim": (
        "You have no claim on this tile.",
        "Auf diesen Stein hast du keinen Anspruch.",
    ),
    "err_answered": (
        "You have already answered this discard.",
        "Du hast auf diesen Abwurf schon geantwortet.",
    ),
    "err_not_complete": (
        "Your tiles do not form a complete hand yet.",
        "Deine Steine bilden noch keine vollständige Hand.",
    ),
    "err_claim_or_pass": (
        "Now you may only claim this discard or pass.",
        "Jetzt kannst du diesen Abwurf nur ansagen oder passen.",
    ),
    "err_mahjong_after_claim": (
        "You claimed a discard and now discard; Mah-Jongg is declared on a drawn tile.",
        "Du hast einen Abwurf angesagt und wirfst jetzt ab; Mah-Jongg erklärt man mit einem gezogenen Stein.",
    ),
    "err_kong_after_claim": (
        "A kong is declared after drawing, not after claiming a discard.",
        "Einen Kong erklärt man nach dem Ziehen, nicht nach dem Ansagen eines Abwurfs.",
    ),
    "err_concealed_kong_needs_four": (
        "A concealed kong needs four {tile} in the hand (and a replacement tile left).",
        "Ein verdeckter Kong braucht viermal {tile} in der Hand (und einen Ersatzstein).",
    ),
    "err_added_kong_needs_pong": (
        "An added kong needs an exposed pong of {tile} and the fourth tile in the hand.",
        "Ein erweiterter Kong braucht einen offenen Pong aus {tile} und den vierten Stein in der Hand.",
    ),
    "err_nothing_to_claim": (
        "There is no discard to claim: it is your turn to discard.",
        "Es gibt keinen Abwurf zum Ansagen: du bist mit Abwerfen dran.",
    ),
    "err_no_tile_to_discard": (
        "You hold no {tile} to discard: choose a tile of your hand.",
        "Du hast kein {tile} zum Abwerfen: wähl einen Stein deiner Hand.",
    ),
    "err_frozen_riichi": (
        "You declared riichi and discard the tile just drawn.",
        "Du hast Riichi erklärt und wirfst den eben gezogenen Stein ab.",
    ),
    "err_frozen_call": (
        "You made the call at the beginning and discard the tile just drawn.",
        "Du hast zu Beginn gerufen und wirfst den eben gezogenen Stein ab.",
    ),
    "err_call_not_allowed": (
        "The call at the beginning is made with the first discard, before any claim, by a hand one "
        "tile from winning.",
        "Gerufen wird mit dem ersten Abwurf, vor jeder Ansage, von einer Hand, der ein Stein zum "
        "Gewinn fehlt.",
    ),
    "err_fishing_kept_short": (
        "You are Fishing: a kong or claim must keep the hand one tile short.",
        "Du bist beim Fishing: ein Kong oder eine Ansage muss die Hand einen Stein kurz halten.",
    ),
    "err_move_not_played": (
        "That move is not played at this table.",
        "Diesen Zug gibt es an diesem Tisch nicht.",
    ),
    "err_final_discard_mahjong_only": (
        "The last discard of the wall is claimed only for Mah-Jongg.",
        "Den letzten Abwurf der Mauer sagt man nur für Mah-Jongg an.",
    ),
    "err_frozen_claim": (
        "Your hand is frozen: a discard is claimed only for Mah-Jongg.",
        "Deine Hand ist festgelegt: einen Abwurf sagst du nur für Mah-Jongg an.",
    ),
    "err_kong_needs_three": (
        "To claim a kong you need three matching tiles in the hand.",
        "Für einen Kong brauchst du drei passende Steine in der Hand.",
    ),
    "err_pong_needs_two": (
        "To claim a pong you need two matching tiles in the hand.",
        "Für einen Pong brauchst du zwei passende Steine in der Hand.",
    ),
    "err_chow_not_allowed": (
        "A chow is claimed only by the next player, with two tiles of a run around the discard.",
        "Einen Chow sagt nur der nächste Spieler an, mit zwei Steinen einer Folge um den Abwurf.",
    ),
    "err_nine_majors_not_allowed": (
        "Nine different major tiles end the hand only in your first turn, before anyone has exposed a set.",
        "Neun verschiedene Hauptsteine beenden die Hand nur in deinem ersten Zug, bevor jemand "
        "eine Figur ausgelegt hat.",
    ),
    "err_fishing_already": ("You are Fishing already.", "Du bist schon beim Fishing."),
    "err_fishing_not_short": (
        "Fishing is declared with a discard that leaves the hand one tile short.",
        "Fishing erklärt man mit einem Abwurf, der die Hand einen Stein kurz lässt.",
    ),
    "err_fishing_discard": (
        "You are Fishing: a discard must keep the hand one tile short.",
        "Du bist beim Fishing: ein Abwurf muss die Hand einen Stein kurz halten.",
    ),
    "err_no_exchange": ("There is no Gulasch exchange now.", "Jetzt wird nicht Gulasch getauscht."),
    "err_exchange_waits": (
        "The Gulasch exchange waits for the others, not for you.",
        "Der Gulasch-Tausch wartet auf die anderen, nicht auf dich.",
    ),
    "err_east_decides": (
        "East decides now: exchange with the wall again, or start play.",
        "Ost entscheidet jetzt: noch einmal mit der Mauer tauschen, oder das Spiel beginnen.",
    ),
    "err_give_three": (
        "Give three tiles for East's exchange.",
        "Gib drei Steine für den Tausch mit Ost.",
    ),
    "err_swap_or_keep": (
        "Swap one to three tiles with the wall, or keep them.",
        "Tausch einen bis drei Steine mit der Mauer, oder behalte sie.",
    ),
    "err_wall_short": (
        "The wall has only {most} tiles left for you to take: choose fewer.",
        "Die Mauer hat nur noch {most} Steine für dich: wähl weniger.",
    ),
    "err_not_held": (
        "You do not hold {tiles}: choose tiles of your hand.",
        "Du hast {tiles} nicht: wähl Steine deiner Hand.",
    ),
    "err_riichi_already": ("You have declared riichi already.", "Du hast schon Riichi erklärt."),
    "err_riichi_first": (
        "You have not drawn yet: first declare riichi or draw without declaring.",
        "Du hast noch nicht gezogen: erklär zuerst Riichi, oder zieh ohne zu erklären.",
    ),
    "err_riichi_not_allowed": (
        "Riichi is declared at the beginning of your turn, before the draw, with nothing exposed, "
        "by a hand already one tile from winning that can pay the stake.",
        "Riichi erklärt man zu Beginn des eigenen Zugs vor dem Ziehen, ohne offene Figur, mit einer "
        "Hand, der nur noch ein Stein fehlt, und wenn man den Einsatz zahlen kann.",
    ),
}
"""Error code (``err_<code>``) -> (English, German)."""

MESSAGES["error_unexpected"] = (
    "an unexpected error; the bot's log has the details",
    "ein unerwarteter Fehler; das Protokoll des Bots hat die Einzelheiten",
)
"""The reason given for a failure that is no engine error a person can meet (never its class name)."""


def typed(value: object) -> str:
    """What a person typed, as they typed it, in backticks (cut short; backticks dropped).

    >>> typed("777"), typed("x" * 50)
    ('`777`', '`xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`')
    """
    text = str(value).replace("`", "").replace("\n", " ")
    if len(text) > QUOTE_LIMIT:
        text = text[:QUOTE_LIMIT] + "…"
    return f"`{text}`" if text.strip() else "` `"


def _tiles(value: object, lang: Lang, ruleset: str) -> str:
    names = [tile_name(t, lang, ruleset) for part in str(value).split() for t in parse_tiles(part)]
    return ", ".join(names)


def worded(values: Mapping[str, object], lang: Lang) -> dict[str, str]:
    """An error's values as a person reads them in ``lang`` (see :class:`~engine.errors.MahjongError`
    for what each key's ending means)."""
    ruleset = str(values.get("ruleset", ""))
    out: dict[str, str] = {}
    for key, value in values.items():
        if key.endswith("texts"):  # what may be typed (the engine's list): one piece of notation
            out[key] = "`" + ", ".join(str(value).replace("`", "").split()) + "`"
        elif key.endswith("text"):
            out[key] = typed(value)
        elif key.endswith("tiles"):
            out[key] = _tiles(value, lang, ruleset)
        elif key.endswith("tile"):
            out[key] = tile_name(Tile.parse(str(value)), lang, ruleset)
        elif key.endswith("wind") and isinstance(value, int):
            out[key] = wind_name(value % 4, lang)
        elif isinstance(value, int) and not isinstance(value, bool):
            out[key] = number(value, lang)
        else:
            out[key] = str(value)
    return out


def error_text(exc: MahjongError, lang: Lang) -> str | None:
    """``exc`` in ``lang`` from its code, or None for an error without a code this catalogue has."""
    key = f"err_{exc.code}"
    if not exc.code or key not in MESSAGES:
        return None
    en, de = MESSAGES[key]
    return (de if lang == "de" else en).format(**worded(exc.values, lang))
