"""Events: what happened at the table, typed, for status lines and private cards.

Every applied action returns its events. An event names the seat it concerns
(a table *position* when it comes from :class:`~engine.game.Game`, a wind
inside a single :class:`~engine.deal.Deal`) and whether it is *private*:
a private event (a draw, a pass, the news that one may claim) concerns its
seat alone, and an adapter shows it to nobody else. :meth:`Event.visible_to`
is that rule in one place.

>>> from engine.tiles import Tile
>>> draw = Event(EventKind.DRAW, 1, Tile.parse("5p"), private=True)
>>> str(draw), draw.visible_to(1), draw.visible_to(2), draw.visible_to(None)
('1 draw', True, False, False)
>>> str(Event(EventKind.DISCARD, 2, Tile.parse("7z")))
'2 discard 7z'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from engine.hand import Meld
from engine.tiles import Tile


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
    """Something that happened. ``seat`` is the seat it concerns (None: the table)."""

    kind: EventKind
    seat: int | None = None
    tile: Tile | None = None
    private: bool = False
    """Only ``seat`` may see this event."""
    meld: Meld | None = None
    what: str = ""
    """What was declared, paid for or exchanged (``DECLARE``, ``PAID``, ``EXCHANGE``)."""
    amount: int = 0
    """The amount paid (``PAID``)."""

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: everyone else, a public message) may see this event."""
        return not self.private or (seat is not None and seat == self.seat)

    def moved(self, seat_map: tuple[int, ...]) -> Event:
        """The same event with its seat renumbered through ``seat_map``."""
        if self.seat is None or seat_map[self.seat] == self.seat:
            return self
        return replace(self, seat=seat_map[self.seat])

    def __str__(self) -> str:
        """The event in words; a private event never shows its tile."""
        who = "" if self.seat is None else f"{self.seat} "
        what = "" if self.tile is None or self.private else f" {self.tile}"
        return f"{who}{self.kind}{what}"
