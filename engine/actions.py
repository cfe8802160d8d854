"""Actions: what a seat can do, with a one-line notation that round-trips.

The seat is written as its wind in the current hand (``E`` is this hand's
East). A hand's log is a list of these lines.

========================  =====================================================
``S discard 5p``          discard a tile
``S call 5p``             discard a tile and make the call at the beginning (dmjl)
``W chow 345p``           claim the discard for a chow (written as the whole chow)
``W pong``                claim the discard for a pong
``W kong``                claim the discard for a kong (with three in hand)
``E concealed-kong 7z``   declare a concealed kong in one's own turn
``E added-kong 5p``       add a drawn tile to one's exposed pong
``N mahjong``             go Mah-Jongg: self-drawn, on the discard, or robbing a kong
``N pass``                let the discard (or the added kong) go
========================  =====================================================

>>> a = Action.parse("W chow 345p")
>>> a.seat, a.kind, str(a.tile), str(a)
(2, 'chow', '3p', 'W chow 345p')
>>> Action.parse(str(a)) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import NotationError, quote
from engine.tiles import TILES, Tile, Wind, parse_tiles, tiles_str

KINDS: Final = (
    "discard",
    "call",
    "chow",
    "pong",
    "kong",
    "concealed-kong",
    "added-kong",
    "mahjong",
    "pass",
)
"""Every action kind."""

TILE_KINDS: Final = frozenset({"discard", "call", "chow", "concealed-kong", "added-kong"})
"""Action kinds that name a tile."""

CLAIMS: Final = frozenset({"chow", "pong", "kong", "mahjong", "pass"})
"""Action kinds that answer a discard."""


_NEEDS_TILE: Final = {kind: kind in TILE_KINDS for kind in KINDS}


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's move. ``tile`` is the tile acted on (a chow's lowest tile).

    ``seat`` is 0-3 (East to North of the current hand), ``kind`` one of
    :data:`KINDS`, and ``tile`` a :class:`~engine.tiles.Tile` exactly when
    the kind names one (:data:`TILE_KINDS`); anything else is refused.

    >>> Action(5, "discard", Tile.parse("5p"))
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: an action's seat is 0, 1, 2 or 3 (East, South, West, North), not 5

    :raises NotationError: for a seat, kind or tile an action cannot have.
    """

    seat: int
    kind: str
    tile: Tile | None = None

    def __post_init__(self) -> None:
        seat, kind, tile = self.seat, self.kind, self.tile
        if (type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool))) or not (
            0 <= seat <= 3
        ):
            raise NotationError(
                f"an action's seat is 0, 1, 2 or 3 (East, South, West, North), not {quote(seat)}"
            )
        needs_tile = _NEEDS_TILE.get(kind) if isinstance(kind, str) else None
        if needs_tile is None:
            raise NotationError(f"{quote(kind)} is not a move; moves are: {', '.join(KINDS)}")
        if needs_tile:
            if type(tile) is not Tile:
                raise NotationError(f"a {kind} names its tile (a Tile, like 5p), not {quote(tile)}")
        elif tile is not None:
            raise NotationError(f"a {kind} names no tile; got {quote(tile)}")

    def __str__(self) -> str:
        head = f"{Wind(self.seat).letter} {self.kind}"
        if self.tile is None:
            return head
        if self.kind == "chow" and self.tile.is_suit and self.tile % 9 < 7:
            return f"{head} {tiles_str((self.tile, self.tile + 1, self.tile + 2))}"
        return f"{head} {self.tile}"  # a tile that starts no chow is written alone, and reads back

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"

    @classmethod
    def of(cls, seat: int, kind: str, tile: Tile | None = None) -> Action:
        """The same as ``Action(seat, kind, tile)``, checked once and then shared: the engine
        builds the same few actions over and over (there are at most a few thousand).

        >>> Action.of(1, "pong") is Action.of(1, "pong")
        True

        :raises NotationError: as the constructor does.
        """
        key = (seat, kind, tile)
        action = _INTERNED.get(key)
        if action is None:
            action = cls(seat, kind, tile)
            if type(seat) is int and (tile is None or type(tile) is Tile):
                _INTERNED[key] = action
        return action

    def line(self) -> str:
        """``str(action)``, remembered for the shared actions (a log line is written for every move)."""
        text = _LINES.get(self)
        if text is None:
            text = str(self)
            if len(_LINES) < 20_000:
                _LINES[self] = text
        return text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action line like ``S discard 5p``.

        :raises NotationError: naming what is wrong and what is accepted.
        """
        parts = text.split()
        if len(parts) < 2:
            raise NotationError(
                f"{quote(text)} is not an action; write a seat and a move, like 'S discard 5p'"
            )
        seat = Wind.parse(parts[0])
        kind = parts[1].lower()
        if kind not in KINDS:
            raise NotationError(f"{quote(parts[1])} is not a move; moves are: {', '.join(KINDS)}")
        if kind not in TILE_KINDS:
            if len(parts) != 2:
                raise NotationError(f"'{kind}' takes no tile: write {quote(parts[0] + ' ' + kind)}")
            return cls(int(seat), kind)
        if len(parts) != 3:
            example = "345p" if kind == "chow" else "5p"
            raise NotationError(f"'{kind}' needs a tile: write {quote(f'{parts[0]} {kind} {example}')}")
        tiles = parse_tiles(parts[2])
        if kind == "chow":
            ts = sorted(tiles)
            if len(ts) == 1:
                return cls(int(seat), kind, ts[0])
            if (
                len(ts) == 3
                and ts[0] < 27
                and ts[1] == ts[0] + 1
                and ts[2] == ts[0] + 2
                and ts[0] // 9 == ts[2] // 9
            ):
                return cls(int(seat), kind, TILES[ts[0]])
            raise NotationError(
                f"{quote(parts[2])} is not a chow; write three consecutive tiles of one suit, like 345p"
            )
        if len(tiles) != 1:
            raise NotationError(f"'{kind}' takes one tile, like 5p, not {quote(parts[2])}")
        return cls(int(seat), kind, tiles[0])


_INTERNED: dict[tuple[int, str, Tile | None], Action] = {}
_LINES: dict[Action, str] = {}
