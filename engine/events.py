"""Events: what happened at the table, typed, for status lines and private cards.

Every applied action returns its events. An event names the seat it concerns,
by its type (:mod:`engine.seats`): a :class:`~engine.seats.Position` when it comes
from :class:`~engine.game.Game`, a :class:`~engine.tiles.Wind` inside a single
:class:`~engine.deal.Deal` (never a plain int), and whether it is *private*:
a private event (a draw, a pass, the news that one may claim) concerns its
seat alone, and an adapter shows it to nobody else. :meth:`Event.visible_to`
is that rule in one place.

>>> from engine.seats import Position
>>> from engine.tiles import Tile, Wind
>>> draw = Event(EventKind.DRAW, Position(1), Tile.parse("5p"), private=True)
>>> str(draw), draw.visible_to(1), draw.visible_to(2), draw.visible_to(None)
('1 draw', True, False, False)
>>> str(Event(EventKind.DISCARD, Wind.WEST, Tile.parse("7z")))
'W discard 7z'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import quote
from engine.hand import Meld
from engine.seats import POSITIONS, Position
from engine.tiles import Tile, Wind


class EventKind(StrEnum):
    """Every kind of event."""

    HAND_STARTED = "hand-started"
    """A new hand was dealt."""
    DRAW = "draw"
    """A seat drew a tile (from the wall or as a replacement); private to that seat."""
    BONUS = "bonus"
    """A bonus tile was shown (and a replacement drawn: a private ``DRAW``)."""
    CALL = "call"
    """The call at the beginning was made with a discard (dmjl)."""
    DISCARD = "discard"
    """A tile was discarded; the claim window is open."""
    MAY_CLAIM = "may-claim"
    """This seat may claim the discard (or rob the kong); private to that seat."""
    PASS = "pass"
    """A seat let the discard (or the kong) go; private to that seat."""
    CLAIM = "claim"
    """A claim was granted: the seat took the discard into ``meld`` (chow, pong or kong)."""
    KONG = "kong"
    """A seat declared a concealed kong or added a tile to its pong (``meld`` as it is now)."""
    MAHJONG = "mahjong"
    """A seat went Mah-Jongg with ``tile``."""
    DECLARE = "declare"
    """A seat declared ``what``: ``riichi`` (wikibooks) at the beginning of its turn, before the
    draw (no tile; an old log's riichi came with its discard ``tile``), or ``fishing``
    (rumisberg) with its discard ``tile`` (just before)."""
    PAID = "paid"
    """A payment during play: ``seat`` received ``amount`` from each seat paying, for ``what``
    (``gen_zhuang``: the dealer paid each other seat; ``bouquet``)."""
    EXCHANGE = "exchange"
    """A step of a Gulasch exchange (rumisberg): ``what`` is ``east`` (``seat`` and East swapped
    ``amount`` tiles face down), ``wall`` (``seat`` laid ``amount`` tiles down and took as many
    from the wall), ``keep`` (``seat`` kept its tiles), ``continue`` or ``start`` (East's
    decision). The tiles received are private ``DRAW`` events with ``what`` ``exchange``."""
    HAND_ENDED = "hand-ended"
    """The hand is over (with a winner or drawn); its result is the last of the game's history."""
    GAME_ENDED = "game-ended"
    """The game is over."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``seat`` is the seat it concerns (None: the table): a
    :class:`~engine.tiles.Wind` inside a deal, a :class:`~engine.seats.Position` out of a game.

    :raises TypeError: for a seat that is a plain int (which numbering it is must be said).
    """

    kind: EventKind
    seat: Wind | Position | None = None
    tile: Tile | None = None
    private: bool = False
    """Only ``seat`` may see this event."""
    meld: Meld | None = None
    what: str = ""
    """What was declared, paid for or exchanged (``DECLARE``, ``PAID``, ``EXCHANGE``)."""
    amount: int = 0
    """The amount paid (``PAID``)."""

    def __post_init__(self) -> None:
        frame = type(self.seat)
        if not (frame is Wind or frame is Position or self.seat is None):
            raise TypeError(f"an event's seat is a Wind, a Position or None, not {quote(self.seat)}")

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: everyone else, a public message) may see this event."""
        return not self.private or (seat is not None and seat == self.seat)

    def moved(self, places: tuple[int, ...]) -> Event:
        """The same event (its seat a wind, from a deal) with its seat the position holding that
        wind: ``places`` is each wind's position (:attr:`Game.places <engine.game.Game.places>`).

        >>> Event(EventKind.DISCARD, Wind.SOUTH, Tile.parse("7z")).moved((2, 3, 0, 1)).seat
        Position(3)

        :raises TypeError: for an event already seated by a position.
        """
        if self.seat is None:
            return self
        if self.seat.__class__ is not Wind:
            raise TypeError(f"only an event seated by a wind is moved to a position, not {self}")
        seat = POSITIONS[places[self.seat]]
        return Event(self.kind, seat, self.tile, self.private, self.meld, self.what, self.amount)

    def __str__(self) -> str:
        """The event in words (the seat as a wind letter or a position); a private event never
        shows its tile."""
        seat = self.seat
        who = "" if seat is None else f"{seat.letter} " if type(seat) is Wind else f"{int(seat)} "
        what = "" if self.tile is None or self.private else f" {self.tile}"
        return f"{who}{self.kind}{what}"
