"""Views: what one seat (or a spectator) may know of a table, and nothing more.

Renderers and the bot only ever see views. A :class:`SeatView` holds the
concealed tiles of its own seat alone; every other seat appears as a
:class:`PlayerView`, whose concealed tiles are reduced to a count. The public
view of a table is a :class:`SeatView` with ``seat`` None and no concealed
tiles at all, so a renderer given a view *cannot* leak hidden tiles.

>>> from engine.tiles import Wind
>>> p = PlayerView(seat=0, wind=Wind.EAST, name="Ada", chips=2000, concealed_count=13)
>>> p.concealed_count, p.melds
(13, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Action
from engine.hand import Meld
from engine.tiles import Tile, Wind


@dataclass(frozen=True, slots=True)
class DiscardView:
    """One discarded tile in a seat's discard row; ``claimed_by`` a seat if it was claimed."""

    tile: Tile
    claimed_by: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What everyone may see of one seat."""

    seat: int
    """Seat index: 0 = the seat East had at the start of the game, then S, W, N."""
    wind: Wind
    """This hand's seat wind."""
    name: str
    chips: int
    concealed_count: int
    """How many concealed tiles the player holds (drawn tile included)."""
    melds: tuple[Meld, ...] = ()
    """Exposed melds and declared concealed kongs (drawn with outer tiles face down)."""
    bonus: tuple[Tile, ...] = ()
    discards: tuple[DiscardView, ...] = ()
    is_ai: bool = False


@dataclass(frozen=True, slots=True)
class ScoreSheetView:
    """The end of a hand: every seat's score lines and the payments (all public then)."""

    winner: int | None
    """The winning seat, or None for a drawn hand."""
    hands: tuple[str, ...]
    """Each seat's whole hand in notation, revealed at the end (index = seat)."""
    arrangements: tuple[str, ...]
    lines: tuple[tuple[tuple[str, int, int], ...], ...]
    """Per seat: (name, points, doubles) lines."""
    values: tuple[int, ...]
    """Per seat: the value of the hand (after the limit)."""
    payments: tuple[tuple[int, int, int], ...]
    """(payer seat, payee seat, amount)."""
    nets: tuple[int, ...]
    reason: str = ""
    """Why the hand ended when there is no winner (e.g. the wall is exhausted)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a table (``seat`` None: the public view for spectators).

    ``concealed`` and ``drawn`` are the viewer's own tiles; both are empty in the
    public view. ``drawn`` is the tile just drawn, kept apart from ``concealed``.
    """

    seat: int | None
    players: tuple[PlayerView, ...]
    prevailing: Wind
    hand_number: int
    """1 for the game's first hand; counts every hand played, draws included."""
    turn: int | None
    """The seat whose move it is, or None when the table waits for claims or the hand is over."""
    phase: str
    """``"turn"``, ``"claims"``, ``"robbing"`` or ``"over"``."""
    wall_live: int
    """Tiles that can still be drawn before the hand ends (the reserve excluded)."""
    wall_dead: int
    """Tiles left in the dead wall (replacement tiles)."""
    ruleset: str
    concealed: tuple[Tile, ...] = ()
    drawn: Tile | None = None
    last_discard: tuple[int, Tile] | None = None
    """(seat, tile) of the discard that can be claimed now, if any."""
    legal: tuple[Action, ...] = ()
    """This seat's legal actions now (empty for spectators); ``str(action)`` is its notation."""
    sheet: ScoreSheetView | None = None
    hints: dict[str, str] = field(default_factory=dict)
    """Optional hints for this seat: e.g. ``{"discard": "5p", "waits": "3m 6m"}``."""

    @property
    def me(self) -> PlayerView | None:
        """The viewer's own public information, or None for a spectator."""
        return None if self.seat is None else self.players[self.seat]
