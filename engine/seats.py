"""Seat numberings: a table *position* and a hand's *wind*, as two int types.

A seat is numbered two ways in the engine, and a value says which by its type:

* :class:`~engine.tiles.Wind` (E=0 S=1 W=2 N=3): a seat inside one hand, as the
  :class:`~engine.deal.Deal` and its log lines speak (``S discard 5p``);
* :class:`Position` (0-3): where a player sits at the table for the whole game, as
  :class:`~engine.game.Game` and everything above it speak (views, events out of a
  game, hand records, the computer players, the bot, the cli).

Which position holds which wind in a hand is decided in one place, the game's
seating (:meth:`engine.game.Game.wind_of` and :meth:`~engine.game.Game.position_of`; a
deal's view receives it as ``places``). Both types are ints, so they index lists and compare
with plain numbers; an :class:`~engine.actions.Action` or :class:`~engine.events.Event` takes
only one of the two as its seat, never a plain int, so every place that builds one states its frame.

>>> Position(2), str(Position(2)), Position(2) == 2, POSITIONS[1] is POSITIONS[1]
(Position(2), '2', True, True)
>>> WINDS[1]
<Wind.SOUTH: 1>
"""

from __future__ import annotations

from typing import Final

from engine.tiles import Wind


class Position(int):
    """A seat at the table, 0-3, fixed for the whole game (position 0 is the first East).

    An int (it indexes ``names``, ``chips`` and ``players`` by position) with its own repr, so a
    position is never mistaken for a wind in output. ``str`` is the number (``"2"``), as before.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Position({int(self)})"

    __str__ = int.__repr__


POSITIONS: Final[tuple[Position, ...]] = tuple(Position(p) for p in range(4))
"""The four positions, built once (``POSITIONS[p]`` is cheaper than ``Position(p)``)."""

WINDS: Final[tuple[Wind, ...]] = tuple(Wind)
"""The four winds by number (``WINDS[w]`` is cheaper than ``Wind(w)``)."""


def position(value: int) -> Position:
    """``value`` as a :class:`Position` (one of the shared four).

    :raises ValueError: for a number that is no position (not 0-3), or a wind (which position holds
        a wind is the game's seating: :meth:`engine.game.Game.position_of`).
    """
    if type(value) is Position:
        return value
    if isinstance(value, (bool, Wind)) or not 0 <= value <= 3:
        # A wind becomes a position only through the game's seating (Game.position_of).
        raise ValueError(f"a position is 0, 1, 2 or 3, not {value!r}")
    return POSITIONS[value]
