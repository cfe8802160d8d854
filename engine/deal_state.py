"""What a deal keeps per seat: its tiles in hand (counted by kind and by suit key), its melds
with their physical tiles, its bonus tiles and its discards."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.hand import Meld
from engine.tiles import N_KINDS
from engine.views import DiscardView


@dataclass(slots=True)
class MeldRecord:
    """A declared meld on the table: the meld, its physical tiles, and the claimed tile if any."""

    meld: Meld
    tiles: list[int]
    claimed_from: int | None = None
    claimed_tile: int | None = None


@dataclass(slots=True)
class SeatState:
    """One seat's part of a deal: its tiles in hand, melds, bonus tiles and discards."""

    concealed: list[int] = field(default_factory=list)
    """The physical tiles in hand."""
    counts: list[int] = field(default_factory=lambda: [0] * N_KINDS)
    """The concealed tiles counted by kind."""
    keys: list[int] = field(default_factory=lambda: [0, 0, 0])
    """The suit keys of the concealed tiles (:func:`engine.shapes.complete_from_keys`)."""
    melds: list[MeldRecord] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    """Bonus (and lucky) tiles set aside, physical ids."""
    discards: list[list[int | None]] = field(default_factory=list)
    """Each discard as ``[tile id, claimed_by]``."""
    discard_views: list[DiscardView] = field(default_factory=list)
    called: bool = False
    """Made the call at the beginning, or declared riichi: the hand is frozen."""
    discarded: bool = False
    """Has discarded at least once."""
