"""Texts of ``/score`` where the bot has no server (a direct message, a group chat, a server
without the bot, as a command a member installed for themselves) and of the message command
**Score this hand**, in English and German."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "score_rules_outside": (
        "Rules: {ruleset} as written; no server's house rules apply here (a direct message, a group "
        "chat or a server without this bot)",
        "Regeln: {ruleset} wie beschrieben; hier gelten keine Hausregeln eines Servers "
        "(Direktnachricht, Gruppenchat oder ein Server ohne diesen Bot)",
    ),
    "score_message_read": ("Read from the message: `{hand}`", "Aus der Nachricht gelesen: `{hand}`"),
    "score_message_none": (
        "I found no hand in this message. I look for tiles written as `/score` takes them, at least "
        "{least} in a row, like `{example}`, and, where written, `win 9p`, `seat S`, `round E`, "
        "`ruleset rumisberg` and `self-drawn`. For example: `{example} win 9p`",
        "In dieser Nachricht habe ich keine Hand gefunden. Ich suche Steine, wie `/score` sie nimmt, "
        "mindestens {least} hintereinander, etwa `{example}`, und, wo angegeben, `gewinnstein 9p`, "
        "`platz S`, `runde E`, `regelwerk rumisberg` und `selbst_gezogen`. Zum Beispiel: "
        "`{example} gewinnstein 9p`",
    ),
}
"""Message key -> (English, German)."""

COMMANDS: Final[dict[str, str]] = {
    "Score this hand": "Diese Hand werten",
}
"""English command text -> German: the message command's name."""
