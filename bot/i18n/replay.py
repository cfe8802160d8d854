"""Texts of a finished hand's replay card (``bot/replay.py``, ``bot/cogs/replay.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "replay_title": (
        "**Replay · game {game}, hand {hand}** ({round}) · move {move} of {moves}",
        "**Wiederholung · Partie {game}, Spiel {hand}** ({round}) · Zug {move} von {moves}",
    ),
    "replay_dealt": (
        "The tiles are dealt; {east} is East and begins. Every hand is face up: the hand is over.",
        "Die Steine sind verteilt; {east} ist Ost und beginnt. Alle Hände liegen offen: das Spiel "
        "ist vorbei.",
    ),
    "replay_quiet": (
        "Nothing new on the table at this step.",
        "Bei diesem Schritt ändert sich nichts auf dem Tisch.",
    ),
    "replay_end": ("The end of the hand:", "Das Ende des Spiels:"),
    "replay_first": ("⏮ Start", "⏮ Anfang"),
    "replay_previous": ("◀ Back", "◀ Zurück"),
    "replay_next": ("Next ▶", "Weiter ▶"),
    "replay_last": ("End ⏭", "Ende ⏭"),
    "replay_jump": ("Jump to a move…", "Zu einem Zug springen…"),
    "replay_option": ("Move {move}: {what}", "Zug {move}: {what}"),
    "replay_option_start": ("Move 0: the deal", "Zug 0: die Verteilung"),
    "replay_option_end": ("The end and the score sheet", "Ende und Abrechnung"),
    "replay_pick": ("Replay a hand of game {game}", "Ein Spiel der Partie {game} nachspielen"),
    "replay_pick_option": ("Hand {hand}", "Spiel {hand}"),
    "replay_unknown_game": (
        "There is no game {game} on this server: pick a game from `/mahjong history`.",
        "Auf diesem Server gibt es keine Partie {game}: wähle eine Partie aus `/mahjong history`.",
    ),
    "replay_recorded": (
        "Game {game} was played at a real table and scored here: it has no moves to replay, "
        "only its hands' results.",
        "Partie {game} wurde an einem echten Tisch gespielt und hier abgerechnet: sie hat keine "
        "Züge zum Wiederholen, nur die Ergebnisse ihrer Spiele.",
    ),
    "replay_pruned": (
        "Game {game}'s moves were deleted after the time the club keeps them: its results stay, "
        "but its hands can no longer be replayed.",
        "Die Züge der Partie {game} wurden nach der Zeit gelöscht, die der Club sie aufbewahrt: "
        "die Ergebnisse bleiben, aber ihre Spiele lassen sich nicht mehr wiederholen.",
    ),
    "replay_no_hand": (
        "Game {game} has no hand {hand}: it has hands 1 to {hands}.",
        "Partie {game} hat kein Spiel {hand}: sie hat die Spiele 1 bis {hands}.",
    ),
    "replay_in_play": (
        "Hand {hand} of game {game} is not finished: only a finished hand can be replayed, with every "
        "hand face up.",
        "Spiel {hand} der Partie {game} ist nicht zu Ende: nur ein beendetes Spiel lässt sich "
        "wiederholen, mit allen Händen offen.",
    ),
    "replay_no_step": (
        "Hand {hand} of game {game} has steps 0 to {last}, not {step}.",
        "Spiel {hand} der Partie {game} hat die Schritte 0 bis {last}, nicht {step}.",
    ),
    "replay_broken": (
        "Hand {hand} of game {game} could not be replayed from its stored moves.",
        "Spiel {hand} der Partie {game} ließ sich aus den gespeicherten Zügen nicht wiederholen.",
    ),
    "replay_guild_only": (
        "Replays are shown on a server, where the game was played.",
        "Wiederholungen gibt es auf einem Server, wo die Partie gespielt wurde.",
    ),
}
"""Key -> (English, German)."""

COMMANDS: Final[dict[str, str]] = {}
"""The replay has no slash command of its own: the history card's select opens it."""
