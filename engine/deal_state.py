"""What a deal keeps per seat: its tiles in hand (counted by kind and by suit key), its melds
with their physical tiles, its bonus tiles and its discards; and the wall of a deal set up by hand."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from engine.errors import InvalidHandError
from engine.hand import Meld
from engine.settings import Settings
from engine.tiles import N_KINDS, Wind, parse_tiles
from engine.views import DiscardView
from engine.wall import KIND, Wall, WallBreak

if TYPE_CHECKING:
    from engine.rulesets.ruleset import Ruleset

WHO: Final = tuple(w.name.title() for w in Wind)
"""Each wind's name as a refusal says it ("East" ...)."""


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


def arranged_wall(
    rs: Ruleset,
    st: Settings,
    hands: Sequence[str],
    *,
    live: str,
    dead: str,
    fill: bool,
    absent: int | None,
) -> tuple[Wall, list[list[int]]]:
    """The wall and the starting hands (physical tiles) of a deal set up by hand
    (:meth:`engine.deal.Deal.arranged`): the live wall in draw order, the dead wall in
    replacement order, with ``fill`` the tiles not named between them.

    :raises InvalidHandError: if a kind is used more often than the set holds, or the number
        of hands is not the number of seats in play.
    :raises NotationError: for tiles that cannot be read.
    """
    pool: dict[int, list[int]] = {}
    for ident in rs.tile_ids(st):
        pool.setdefault(int(KIND[ident]), []).append(ident)

    def take(text: str) -> list[int]:
        out = []
        for kind in parse_tiles(text) if text.strip() else []:
            if not pool.get(kind):
                raise InvalidHandError(f"the arranged deal uses more {kind} than the set holds")
            out.append(pool[kind].pop(0))
        return out

    in_play = rs.seats(st, absent)
    if len(hands) != len(in_play):
        names = ", ".join(Wind(w).name.title() for w in in_play)
        raise InvalidHandError(f"an arranged deal needs {len(in_play)} hands: {names}")
    seat_tiles = [take(h.replace(" ", "")) for h in hands]
    live_tiles = take(live.replace(" ", ""))
    dead_tiles = take(dead.replace(" ", ""))
    rest = sorted(t for ids in pool.values() for t in ids) if fill else []
    loose, back = dead_tiles[:2], dead_tiles[2:]
    order = live_tiles + rest
    stacks: deque[list[int]] = deque([order[i : i + 2] for i in range(0, len(order), 2)])
    for i in range(0, len(back), 2):
        stacks.append(back[i : i + 2])
    # draw_replacement takes the back stack's top first: put the first pairs last.
    tail = [stacks.pop() for _ in range((len(back) + 1) // 2)]
    stacks.extend(tail)
    wall = Wall(stacks, loose, WallBreak((), 0, 0))
    return wall, seat_tiles
