"""Texts of the ``/score`` hand builder (``/score`` without a hand), in English and German."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "builder_title": (
        "**Hand builder** · {ruleset} · {count} of 14 tiles (a kong counts 3)",
        "**Hand-Baukasten** · {ruleset} · {count} von 14 Steinen (ein Kong zählt 3)",
    ),
    "builder_help": (
        "Pick tiles with the selects. After the tiles of a declared set, mark them: "
        "**Pong**, **Chow**, **Kong** (exposed) or **Concealed kong**. Then **Score**.",
        "Wähle Steine mit den Auswahllisten. Nach den Steinen einer angesagten Figur markiere sie: "
        "**Pong**, **Chow**, **Kong** (offen) oder **Verdeckter Kong**. Dann **Werten**.",
    ),
    "builder_hand": ("Hand: `{hand}`", "Hand: `{hand}`"),
    "builder_status": (
        "Winning tile: {win} · {how}{source} · seat {seat} · prevailing wind {prevailing}",
        "Gewinnstein: {win} · {how}{source} · Platz {seat} · Rundenwind {prevailing}",
    ),
    "builder_win_last": ("{tile} (the last tile picked)", "{tile} (der zuletzt gewählte Stein)"),
    "builder_win_none": ("none yet", "noch keiner"),
    "builder_from": (" from {seat}", " von {seat}"),
    "builder_full": (
        "No room for {tile}: the hand already has 14 tiles (a kong counts 3). Undo a tile, "
        "or mark the last four tiles as a kong.",
        "Kein Platz für {tile}: die Hand hat schon 14 Steine (ein Kong zählt 3). Nimm einen "
        "Stein zurück oder markiere die letzten vier Steine als Kong.",
    ),
    "builder_fifth": ("There are only four {tile} tiles.", "Es gibt nur vier Steine {tile}."),
    "builder_bonus_twice": (
        "{tile} is already in the hand (each bonus tile exists once).",
        "{tile} ist schon in der Hand (jeden Bonusstein gibt es einmal).",
    ),
    "builder_too_few": (
        "A {group} takes the last {n} tiles picked, and fewer have been picked since the last set.",
        "Ein {group} nimmt die letzten {n} gewählten Steine, seit der letzten Figur sind es weniger.",
    ),
    "builder_not_set": (
        "The last tiles picked ({tiles}) are not a {group}: pick its tiles last, then mark it.",
        "Die zuletzt gewählten Steine ({tiles}) sind kein {group}: wähle seine Steine zuletzt, "
        "dann markiere ihn.",
    ),
    "builder_nothing": ("Nothing to undo.", "Nichts zurückzunehmen."),
    "builder_no_tiles": ("Pick some tiles first.", "Wähle zuerst Steine."),
    "builder_mark_kong": (
        "Mark the last four tiles as a kong before scoring: the hand has more than 14 tiles.",
        "Markiere die letzten vier Steine vor dem Werten als Kong: die Hand hat mehr als 14 Steine.",
    ),
    "builder_broken": (
        "This builder card cannot be read any more; run /score again.",
        "Diese Baukasten-Karte ist nicht mehr lesbar; rufe /score erneut auf.",
    ),
    "builder_pong": ("Pong", "Pong"),
    "builder_chow": ("Chow", "Chow"),
    "builder_kong": ("Kong", "Kong"),
    "builder_concealed_kong": ("Concealed kong", "Verdeckter Kong"),
    "builder_undo": ("Undo", "Zurück"),
    "builder_score": ("Score", "Werten"),
    "builder_pick_m": ("Add characters (1-9)", "Zeichen hinzufügen (1-9)"),
    "builder_pick_p": ("Add circles (1-9)", "Kreise hinzufügen (1-9)"),
    "builder_pick_s": ("Add bamboo (1-9)", "Bambus hinzufügen (1-9)"),
    "builder_pick_z": ("Add winds and dragons", "Winde und Drachen hinzufügen"),
    "builder_pick_f": ("Add flowers and seasons", "Blumen und Jahreszeiten hinzufügen"),
    "builder_pick_win": ("Winning tile", "Gewinnstein"),
    "builder_pick_how": ("How the winning tile came", "Wie der Gewinnstein kam"),
    "builder_pick_discarder": ("Who discarded it", "Wer ihn abgeworfen hat"),
    "builder_how_d": ("on a discard", "auf einen Abwurf"),
    "builder_how_s": ("self-drawn", "selbst gezogen"),
    "builder_how_r": ("replacement tile (self-drawn)", "Ersatzstein (selbst gezogen)"),
    "builder_how_l": ("last tile of the wall (self-drawn)", "letzter Stein der Mauer (selbst gezogen)"),
    "builder_how_L": ("discard after the last tile", "Abwurf nach dem letzten Stein"),
    "builder_how_k": ("robbing a kong", "Beraubung eines Kong"),
    "builder_discarder": ("Discarded by {seat}", "Abgeworfen von {seat}"),
    "builder_seat": ("Seat wind: {seat}", "Platzwind: {seat}"),
    "builder_prevailing": ("Prevailing wind: {seat}", "Rundenwind: {seat}"),
    "builder_winds": ("East South West North", "Ost Süd West Nord"),
    "builder_no_dora": (
        "The builder scores without dora: to count them, type the hand in `/score hand:` with `dora`.",
        "Der Hand-Baukasten wertet ohne Dora: um sie zu zählen, schreib die Hand in `/score hand:` mit `dora`.",
    ),
}
"""Message key -> (English, German)."""


COMMANDS: Final[dict[str, str]] = {
    "discarder": "abwerfer",
    "dora": "dora",
    "dora_indicator": "dora_anzeiger",
    "wikibooks: the dora tiles, like 5s": "wikibooks: die Dora-Steine, etwa 5s",
    "wikibooks: the dora indicator turned up, like 4s for dora 5s": (
        "wikibooks: der aufgedeckte Dora-Anzeiger, etwa 4s für Dora 5s"
    ),
    "The seat whose discard won (robbing a kong: the robbed seat)": (
        "Der Platz, dessen Abwurf gewann (Beraubung eines Kong: der beraubte Platz)"
    ),
}
"""English command text -> German."""
