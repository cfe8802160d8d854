"""How many play at a command-line table: ``--players 3`` and ``--set players=3``."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from engine.errors import MahjongError, quote
from engine.rulesets import Ruleset
from engine.settings import Settings, parse_whole_number


def player_count(text: str) -> int:
    """The ``--players`` argument of ``mahjong play``: 3 or 4, in the digits 0-9.

    >>> player_count("3")
    3
    >>> player_count("５")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --players takes 3 or 4, not '５'
    """
    number = parse_whole_number(text.strip(), max_digits=2)
    if number not in (3, 4):
        raise argparse.ArgumentTypeError(f"--players takes 3 or 4, not {quote(text)}")
    return number


def table_settings(rs: Ruleset, assignments: Mapping[str, str], players: int | None = None) -> Settings:
    """``rs``'s settings with the ``--set`` ``assignments`` and ``players`` (None: as the
    settings say). Three players deal by ``R3`` unless ``deal_pattern`` is set too (the
    ruleset's own rule).

    >>> from engine.rulesets import get_ruleset
    >>> st = table_settings(get_ruleset("rumisberg"), {}, 3)
    >>> st.players, st.deal_pattern
    (3, 'R3')
    >>> table_settings(get_ruleset("dmjl"), {}, 3)
    Traceback (most recent call last):
    ...
    engine.errors.SettingError: dmjl is played by 4 players, not 3

    :raises MahjongError: for settings the ruleset does not take, or a player count that
        disagrees with ``players=`` in ``assignments``.
    """
    values: dict[str, object] = dict(assignments)
    if players is not None:
        given = values.get("players")
        if given is not None and str(given).strip() != str(players):
            raise MahjongError(f"--players {players} and --set players={given} disagree")
        values["players"] = players
    return rs.settings(values)
