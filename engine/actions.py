"""Actions: what a seat can do, with a one-line notation that round-trips.

An action's seat says by its type which numbering it is in (:mod:`engine.seats`):
a :class:`~engine.tiles.Wind` inside one hand's :class:`~engine.deal.Deal` (``E`` is this
hand's East), or a :class:`~engine.seats.Position` at a :class:`~engine.game.Game`'s table.
Never a plain int: whoever builds an action states its frame. The notation below, the
log line, is written for a wind-seated action only (:meth:`Action.line`); a hand's log is
a list of these lines. A position-seated action prints its seat as a position
(``seat 2: discard 1m``), since which wind a position holds is the game's to say
(:meth:`Game.line <engine.game.Game.line>`).

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
(<Wind.WEST: 2>, <ActionKind.CHOW: 'chow'>, '3p', 'W chow 345p')
>>> Action.parse(a.line()) == a
True
>>> b = a.by(Position(0))
>>> str(b), b == a, b.by(Wind.WEST) == a
('seat 0: chow 345p', False, True)

The kind is an :class:`ActionKind`, a string enum whose values are the words of
the notation, so a kind also equals its word (``a.kind == "chow"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.errors import NotationError, quote
from engine.seats import Position
from engine.tiles import TILES, Tile, Wind, parse_tiles, tiles_str

Seat = Wind | Position
"""An action's or event's seat: a wind inside a deal, a position at a game's table."""


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


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Action:
    """One seat's move. ``tile`` is the tile acted on (a chow's lowest tile).

    ``seat`` is a :class:`~engine.tiles.Wind` (East to North of the current hand, inside a
    deal) or a :class:`~engine.seats.Position` (at a game's table), never a plain int; two
    actions are equal only when their seats are in the same frame. ``kind`` one of
    :data:`KINDS` (an :class:`ActionKind`, or its word, which becomes the member),
    and ``tile`` a :class:`~engine.tiles.Tile` exactly when the kind names one
    (:data:`TILE_KINDS`); ``tiles`` one to three tiles, kept sorted, exactly when
    the kind names several (:data:`MULTI_TILE_KINDS`); anything else is refused.

    >>> Action(Wind.WEST, "pong") == Action(Wind.WEST, ActionKind.PONG), Action(Wind.WEST, "pong").kind
    (True, <ActionKind.PONG: 'pong'>)
    >>> str(Action(Wind.SOUTH, "give", tiles=tuple(parse_tiles("5p9m1m"))))
    'S give 19m5p'
    >>> Action(Wind.WEST, "pong") == Action(Position(2), "pong")
    False
    >>> Action(2, ActionKind.DISCARD, Tile.parse("5p"))
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: an action's seat is a Wind (in a deal) or a Position 0-3 (at a table), not 2

    :raises NotationError: for a seat, kind or tile an action cannot have.
    """

    seat: Seat
    kind: ActionKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()

    def __init__(
        self, seat: Seat, kind: ActionKind | str, tile: Tile | None = None, tiles: tuple[Tile, ...] = ()
    ) -> None:
        frame = type(seat)
        if not (frame is Wind or (frame is Position and 0 <= seat <= 3)):
            raise NotationError(
                f"an action's seat is a Wind (in a deal) or a Position 0-3 (at a table), not {quote(seat)}"
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

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (
            self.kind is other.kind
            and self.seat == other.seat
            and self.seat.__class__ is other.seat.__class__  # a wind is no position
            and self.tile == other.tile
            and self.tiles == other.tiles
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.kind, self.tile, self.tiles))

    def __str__(self) -> str:
        seat = self.seat
        head = f"{seat.letter} {self.kind}" if type(seat) is Wind else f"seat {int(seat)}: {self.kind}"
        if self.tiles:
            return f"{head} {tiles_str(self.tiles)}"
        if self.tile is None:
            return head
        if self.kind is ActionKind.CHOW and self.tile.is_suit and self.tile % 9 < 7:
            return f"{head} {tiles_str((self.tile, self.tile + 1, self.tile + 2))}"
        return f"{head} {self.tile}"  # a tile that starts no chow is written alone, and reads back

    def __repr__(self) -> str:
        if type(self.seat) is Wind:
            return f"Action.parse('{self}')"
        return f"<Action {self}>"

    @classmethod
    def of(
        cls, seat: Seat, kind: ActionKind | str, tile: Tile | None = None, tiles: tuple[Tile, ...] = ()
    ) -> Action:
        """The same as ``Action(seat, kind, tile)``, checked once and then shared: the engine
        builds the same few actions over and over (there are at most a few thousand); an
        action naming several ``tiles`` (a Gulasch exchange) is built afresh each time.

        >>> Action.of(Wind.SOUTH, ActionKind.PONG) is Action.of(Wind.SOUTH, "pong")
        True
        >>> Action.of(Wind.SOUTH, "pong") is Action.of(Position(1), "pong")
        False

        :raises NotationError: as the constructor does.
        """
        frame = seat.__class__
        if tiles or (frame is not Wind and frame is not Position):
            return cls(seat, kind, tile, tiles)  # an exchange, or no seat (refused)
        interned = _BY_WIND if frame is Wind else _BY_POSITION
        key = (seat, kind, tile)
        action = interned.get(key)
        if action is None:
            action = cls(seat, kind, tile)
            if tile is None or type(tile) is Tile:
                # Keyed by the member; its word hashes and compares the same, so finds it too.
                interned[(seat, action.kind, tile)] = action
        return action

    def by(self, seat: Seat) -> Action:
        """The same move made by ``seat``: a :class:`~engine.tiles.Wind` (in a deal) or a
        :class:`~engine.seats.Position` (at a table); which wind a position holds is the game's
        seating (:meth:`Game.wind_of <engine.game.Game.wind_of>`).

        >>> str(Action.parse("S give 19m5p").by(Wind.WEST))
        'W give 19m5p'
        >>> str(Action.parse("S discard 1m").by(Position(2)))
        'seat 2: discard 1m'
        """
        return Action.of(seat, self.kind, self.tile, self.tiles)

    def line(self) -> str:
        """The log line of a wind-seated action (``S discard 5p``), remembered for the shared
        actions (a line is written for every move).

        >>> Action.parse("S discard 5p").line()
        'S discard 5p'
        >>> Action.parse("S discard 5p").by(Position(1)).line()
        Traceback (most recent call last):
        ...
        engine.errors.NotationError: a log line names a seat by its wind, not position 1: ask Game.line

        :raises NotationError: for a position-seated action (which wind it is, the game says).
        """
        text = _LINES.get(self)
        if text is None:
            if type(self.seat) is not Wind:
                raise NotationError(
                    f"a log line names a seat by its wind, not position {int(self.seat)}: ask Game.line"
                )
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
            return cls(seat, kind, tiles=tuple(parse_tiles(parts[2])))
        if kind not in TILE_KINDS or (kind in OPTIONAL_TILE_KINDS and len(parts) == 2):
            if len(parts) != 2:
                raise NotationError(f"'{kind}' takes no tile: write {quote(f'{parts[0]} {kind}')}")
            return cls(seat, kind)
        if len(parts) != 3:
            example = "345p" if kind is ActionKind.CHOW else "5p"
            raise NotationError(f"'{kind}' needs a tile: write {quote(f'{parts[0]} {kind} {example}')}")
        tiles = parse_tiles(parts[2])
        if kind is ActionKind.CHOW:
            ts = sorted(tiles)
            if len(ts) == 1:
                return cls(seat, kind, ts[0])
            if (
                len(ts) == 3
                and ts[0] < 27
                and ts[1] == ts[0] + 1
                and ts[2] == ts[0] + 2
                and ts[0] // 9 == ts[2] // 9
            ):
                return cls(seat, kind, TILES[ts[0]])
            raise NotationError(
                f"{quote(parts[2])} is not a chow; write three consecutive tiles of one suit, like 345p"
            )
        if len(tiles) != 1:
            raise NotationError(f"'{kind}' takes one tile, like 5p, not {quote(parts[2])}")
        return cls(seat, kind, tiles[0])


_BY_WIND: dict[tuple[Seat, ActionKind | str, Tile | None], Action] = {}
"""The shared wind-seated actions (:meth:`Action.of`)."""
_BY_POSITION: dict[tuple[Seat, ActionKind | str, Tile | None], Action] = {}
"""The shared position-seated actions, apart: a wind and a position of one number are equal ints."""
_LINES: dict[Action, str] = {}
