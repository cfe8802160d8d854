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
``S riichi``              declare riichi at the beginning of one's turn, before the draw (wikibooks)
``N mahjong``             go Mah-Jongg: self-drawn, on the discard, or robbing a kong
``N pass``                let the discard (or the added kong) go; keep one's tiles in a Gulasch
``W give 19m5p``          Gulasch round 1: the three tiles for East's exchange (face down)
``E continue``            Gulasch: East lets the exchange go on with the wall
``E start``               Gulasch: East ends the exchange and play begins
``S swap 9m``             Gulasch round 2: lay one to three tiles down, take as many from the wall
========================  =====================================================

>>> a = Action.parse("W chow 345p")
>>> a.seat, a.kind, str(a.tile), str(a)
(2, <ActionKind.CHOW: 'chow'>, '3p', 'W chow 345p')
>>> Action.parse(str(a)) == a
True

The kind is an :class:`ActionKind`, a string enum whose values are the words of
the notation, so a kind also equals its word (``a.kind == "chow"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.errors import NotationError, quote
from engine.tiles import TILES, Tile, Wind, parse_tiles, tiles_str


class ActionKind(StrEnum):
    """Every kind of action; the value is the word the notation writes (``S discard 5p``)."""

    DISCARD = "discard"
    """Discard a tile."""
    CALL = "call"
    """Discard a tile and make the call at the beginning (dmjl)."""
    CHOW = "chow"
    """Claim the discard for a chow (the action's tile is the chow's lowest)."""
    PONG = "pong"
    """Claim the discard for a pong."""
    KONG = "kong"
    """Claim the discard for a kong (with three in hand)."""
    CONCEALED_KONG = "concealed-kong"
    """Declare a concealed kong in one's own turn."""
    ADDED_KONG = "added-kong"
    """Add a drawn tile to one's exposed pong."""
    MAHJONG = "mahjong"
    """Go Mah-Jongg: self-drawn, on the discard, or robbing a kong."""
    PASS = "pass"
    """Let the discard (or the added kong) go."""
    RIICHI = "riichi"
    """Declare riichi at the beginning of one's turn, before the draw (wikibooks, ``S riichi``):
    the hand is frozen and a stake goes in. Logs written before riichi was declared so name
    the tile discarded with it (``S riichi 5p``); such a line is still read."""
    FISHING = "fishing"
    """Discard a tile and declare Fishing (rumisberg): one tile short, irrevocably."""
    NINE_MAJORS = "nine-majors"
    """Show nine different major tiles in the first go-around: the hand is drawn (wikibooks)."""
    GIVE = "give"
    """Gulasch round 1 (rumisberg): the three tiles a seat gives in East's exchange, face down."""
    CONTINUE = "continue"
    """Gulasch (rumisberg): East lets the exchange go on with the wall (round 2)."""
    START = "start"
    """Gulasch (rumisberg): East ends the exchange; play begins with his discard."""
    SWAP = "swap"
    """Gulasch round 2 (rumisberg): lay one to three tiles down and take as many from the wall."""


KINDS: Final = tuple(ActionKind)
"""Every action kind, in the order of the notation's table."""

TILE_KINDS: Final = frozenset(
    {
        ActionKind.DISCARD,
        ActionKind.CALL,
        ActionKind.RIICHI,
        ActionKind.FISHING,
        ActionKind.CHOW,
        ActionKind.CONCEALED_KONG,
        ActionKind.ADDED_KONG,
    }
)
"""Action kinds that name a tile."""
OPTIONAL_TILE_KINDS: Final = frozenset({ActionKind.RIICHI})
"""Action kinds of :data:`TILE_KINDS` that may also name none (riichi: ``S riichi`` now,
``S riichi 5p`` in old logs)."""

MULTI_TILE_KINDS: Final = frozenset({ActionKind.GIVE, ActionKind.SWAP})
"""Action kinds that name one to three tiles (the Gulasch exchange), in ``tiles``."""

DISCARDS: Final = frozenset({ActionKind.DISCARD, ActionKind.CALL, ActionKind.RIICHI, ActionKind.FISHING})
"""Action kinds that discard a tile (some declare something with it; riichi only as an old log
writes it, with its tile)."""

CLAIMS: Final = frozenset(
    {ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG, ActionKind.MAHJONG, ActionKind.PASS}
)
"""Action kinds that answer a discard."""


_BY_WORD: Final[dict[str, ActionKind]] = {kind.value: kind for kind in ActionKind}
"""An action kind by its word (a member equals its word, so a member finds itself too)."""


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One seat's move. ``tile`` is the tile acted on (a chow's lowest tile).

    ``seat`` is 0-3 (East to North of the current hand), ``kind`` one of
    :data:`KINDS` (an :class:`ActionKind`, or its word, which becomes the member),
    and ``tile`` a :class:`~engine.tiles.Tile` exactly when the kind names one
    (:data:`TILE_KINDS`); ``tiles`` one to three tiles, kept sorted, exactly when
    the kind names several (:data:`MULTI_TILE_KINDS`); anything else is refused.

    >>> Action(2, "pong") == Action(2, ActionKind.PONG), Action(2, "pong").kind
    (True, <ActionKind.PONG: 'pong'>)
    >>> str(Action(1, "give", tiles=tuple(parse_tiles("5p9m1m"))))
    'S give 19m5p'
    >>> Action(5, ActionKind.DISCARD, Tile.parse("5p"))
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: an action's seat is 0, 1, 2 or 3 (East, South, West, North), not 5

    :raises NotationError: for a seat, kind or tile an action cannot have.
    """

    seat: int
    kind: ActionKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()

    def __init__(
        self, seat: int, kind: ActionKind | str, tile: Tile | None = None, tiles: tuple[Tile, ...] = ()
    ) -> None:
        if (type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool))) or not (
            0 <= seat <= 3
        ):
            raise NotationError(
                f"an action's seat is 0, 1, 2 or 3 (East, South, West, North), not {quote(seat)}"
            )
        member = _BY_WORD.get(kind) if isinstance(kind, str) else None
        if member is None:
            raise NotationError(f"{quote(kind)} is not a move; moves are: {', '.join(KINDS)}")
        if member in TILE_KINDS and not (tile is None and member in OPTIONAL_TILE_KINDS):
            if type(tile) is not Tile:
                raise NotationError(f"a {member} names its tile (a Tile, like 5p), not {quote(tile)}")
        elif tile is not None:
            raise NotationError(f"a {member} names no tile; got {quote(tile)}")
        if member in MULTI_TILE_KINDS:
            if not (1 <= len(tiles) <= 3) or any(type(t) is not Tile or t.is_bonus for t in tiles):
                raise NotationError(f"a {member} names one to three tiles (like 19m5p), not {quote(tiles)}")
            tiles = tuple(sorted(tiles))
        elif tiles:
            raise NotationError(f"a {member} names no tiles; got {quote(tiles)}")
        init = object.__setattr__  # the class is frozen
        init(self, "seat", seat)
        init(self, "kind", member)
        init(self, "tile", tile)
        init(self, "tiles", tiles)

    def __str__(self) -> str:
        head = f"{Wind(self.seat).letter} {self.kind}"
        if self.tiles:
            return f"{head} {tiles_str(self.tiles)}"
        if self.tile is None:
            return head
        if self.kind is ActionKind.CHOW and self.tile.is_suit and self.tile % 9 < 7:
            return f"{head} {tiles_str((self.tile, self.tile + 1, self.tile + 2))}"
        return f"{head} {self.tile}"  # a tile that starts no chow is written alone, and reads back

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"

    @classmethod
    def of(
        cls, seat: int, kind: ActionKind | str, tile: Tile | None = None, tiles: tuple[Tile, ...] = ()
    ) -> Action:
        """The same as ``Action(seat, kind, tile)``, checked once and then shared: the engine
        builds the same few actions over and over (there are at most a few thousand); an
        action naming several ``tiles`` (a Gulasch exchange) is built afresh each time.

        >>> Action.of(1, ActionKind.PONG) is Action.of(1, ActionKind.PONG) is Action.of(1, "pong")
        True

        :raises NotationError: as the constructor does.
        """
        if tiles:
            return cls(seat, kind, tile, tiles)
        key = (seat, kind, tile)
        action = _INTERNED.get(key)
        if action is None:
            action = cls(seat, kind, tile)
            if type(seat) is int and (tile is None or type(tile) is Tile):
                # Keyed by the member; its word hashes and compares the same, so finds it too.
                _INTERNED[(seat, action.kind, tile)] = action
        return action

    def by(self, seat: int) -> Action:
        """The same move made by ``seat`` (a wind in a deal, a position at a table).

        >>> str(Action.parse("S give 19m5p").by(2))
        'W give 19m5p'
        """
        return Action.of(seat, self.kind, self.tile, self.tiles)

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
        kind = _BY_WORD.get(parts[1].lower())
        if kind is None:
            raise NotationError(f"{quote(parts[1])} is not a move; moves are: {', '.join(KINDS)}")
        if kind in MULTI_TILE_KINDS:
            if len(parts) != 3:
                raise NotationError(
                    f"'{kind}' needs one to three tiles: write {quote(f'{parts[0]} {kind} 19m5p')}"
                )
            return cls(int(seat), kind, tiles=tuple(parse_tiles(parts[2])))
        if kind not in TILE_KINDS or (kind in OPTIONAL_TILE_KINDS and len(parts) == 2):
            if len(parts) != 2:
                raise NotationError(f"'{kind}' takes no tile: write {quote(f'{parts[0]} {kind}')}")
            return cls(int(seat), kind)
        if len(parts) != 3:
            example = "345p" if kind is ActionKind.CHOW else "5p"
            raise NotationError(f"'{kind}' needs a tile: write {quote(f'{parts[0]} {kind} {example}')}")
        tiles = parse_tiles(parts[2])
        if kind is ActionKind.CHOW:
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


_INTERNED: dict[tuple[int, ActionKind | str, Tile | None], Action] = {}
_LINES: dict[Action, str] = {}
