"""Views: what one seat (or a spectator) may know of a table, and nothing more.

Renderers and the bot only ever see views. A :class:`SeatView` holds the
concealed tiles of its own seat alone; every other seat appears as a
:class:`PlayerView`, whose concealed tiles are reduced to a count. The public
view of a table is a :class:`SeatView` with ``seat`` None and no concealed
tiles at all, so a renderer given a view *cannot* leak hidden tiles. Only the replay of a
finished hand (:mod:`engine.replay`) fills in every seat's tiles face up
(:attr:`PlayerView.revealed`): it refuses a hand still in play.

>>> from engine.tiles import Wind
>>> p = PlayerView(seat=0, wind=Wind.EAST, name="Ada", chips=2000, concealed_count=13)
>>> p.concealed_count, p.melds
(13, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.actions import Action
from engine.hand import Meld
from engine.scoring.facts import ArrangedGroup as ArrangedGroup  # re-exported for render/ and the bot
from engine.scoring.facts import GroupKind as GroupKind
from engine.scoring.scorer import ScoreLine
from engine.settings import Settings
from engine.tiles import Tile, Wind


class Phase(StrEnum):
    """What the table waits for."""

    TURN = "turn"
    """A seat draws (done), declares and discards."""
    CLAIMS = "claims"
    """Every other seat answers the discard: claim or pass."""
    ROBBING = "robbing"
    """Every other seat answers an added kong: rob it (Mah-Jongg) or pass."""
    EXCHANGE = "exchange"
    """A Gulasch hand's exchange before play (rumisberg, §2.4.6): East swaps three tiles with
    each player, then, while East lets it go on, each may swap tiles with the wall."""
    OVER = "over"
    """The hand is over."""


class EndReason(StrEnum):
    """Why a hand ended."""

    MAHJONG = "mahjong"
    WALL_EXHAUSTED = "wall-exhausted"
    """The next live draw would break into the reserve (RULES.md §1.10)."""
    NO_BONUS_REPLACEMENT = "no-bonus-replacement"
    """A bonus tile was drawn and no tile was left to replace it (an exhaustive draw)."""
    THREE_MAHJONG_CLAIMS = "three-mahjong-claims"
    """Three players claimed Mah-Jongg on one discard (wikibooks, RULES.md §1.7.3)."""
    FOUR_WINDS = "four-winds"
    """The first four discards were the same wind (wikibooks, RULES.md §2.3.10 item 3)."""
    NINE_MAJORS = "nine-majors"
    """A player showed nine different major tiles in the first go-around (wikibooks, §2.3.10 item 5)."""

    @property
    def text(self) -> str:
        """The reason in words."""
        return _REASON_TEXT[self]


_REASON_TEXT = {
    EndReason.MAHJONG: "Mah-Jongg",
    EndReason.WALL_EXHAUSTED: "the wall is exhausted",
    EndReason.NO_BONUS_REPLACEMENT: "the wall is exhausted: no tile is left to replace a bonus tile",
    EndReason.THREE_MAHJONG_CLAIMS: "three players claimed Mah-Jongg on one discard",
    EndReason.FOUR_WINDS: "the first four discards were the same wind",
    EndReason.NINE_MAJORS: "a player showed nine different major tiles",
}


@dataclass(frozen=True, slots=True)
class HintView:
    """What a renderer marks for a hint: the suggested discard and the winning tiles."""

    discard: Tile | None = None
    waits: tuple[Tile, ...] = ()


@dataclass(frozen=True, slots=True)
class DiscardView:
    """One discarded tile in a seat's discard row; ``claimed_by`` a seat if it was claimed;
    ``turned`` if it was laid sideways (a riichi declarer's discard in the turn he declared)."""

    tile: Tile
    claimed_by: int | None = None
    turned: bool = False


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
    vacant: bool = False
    """An empty place: with three players one of the four positions stays empty, and its
    wind is absent from the hand (RULES.md §2.4.9, A-RU-18); no name, chips or tiles."""
    revealed: tuple[Tile, ...] | None = None
    """The concealed tiles face up, sorted (the tile just drawn apart, in ``revealed_drawn``):
    only in the open view of a finished hand's replay (:func:`engine.replay.open_view`); None in
    every view of a hand in play, whoever looks."""
    revealed_drawn: Tile | None = None
    """In an open view, the tile the seat to move has just drawn (face up beside its hand)."""


@dataclass(frozen=True, slots=True)
class ScoreSheetView:
    """The end of a hand: every seat's score lines and the payments (all public then)."""

    winner: int | None
    """The winning seat, or None for a drawn hand."""
    hands: tuple[str, ...]
    """Each seat's whole hand in notation, revealed at the end (index = seat)."""
    arrangements: tuple[str, ...]
    """Each seat's hand as the scorer arranged it, in notation (for text; images use ``groups``)."""
    lines: tuple[tuple[tuple[str, int, int], ...], ...]
    """Per seat: (name, points, doubles) lines, named in English."""
    values: tuple[int, ...]
    """Per seat: the value of the hand (after the limit)."""
    payments: tuple[tuple[int, int, int], ...]
    """(payer seat, payee seat, amount)."""
    nets: tuple[int, ...]
    reason: EndReason = EndReason.MAHJONG
    """Why the hand ended."""
    groups: tuple[tuple[ArrangedGroup, ...], ...] = ()
    """Per seat: the hand as the scorer arranged it, as typed groups (kind, tiles, exposed,
    whether it holds the winning tile); an unscored hand as its melds, single tiles and bonus tiles."""
    win_tile: Tile | None = None
    """The winning tile, for a Mah-Jongg."""
    self_drawn: bool = False
    """Whether the winning tile came from the wall."""
    discarder: int | None = None
    """The seat whose discard won, for a Mah-Jongg on a discard."""
    ruleset: str = ""
    """The ruleset the hands were scored by."""
    items: tuple[tuple[ScoreLine, ...], ...] = ()
    """Per seat: the same lines as ``lines``, each with its item code and the set it found, so a
    renderer can name it in another language (:func:`engine.scoring.names.line_name`)."""
    vacant: int | None = None
    """The empty position with three players (its entries are empty), None with four."""

    @property
    def positions(self) -> tuple[int, ...]:
        """The positions that played the hand, in order (the empty one left out)."""
        return tuple(p for p in range(len(self.hands)) if p != self.vacant)


@dataclass(frozen=True, slots=True)
class ExchangeView:
    """Where a Gulasch exchange stands (rumisberg, RULES.md §2.4.6); seats are positions."""

    round: int
    """1: East swaps three tiles with each player in turn; 2: swaps with the wall."""
    waiting: tuple[int, ...]
    """The positions that must act now."""
    partner: int | None = None
    """Round 1: the position swapping with East now (an empty place: East swaps with the wall)."""
    deciding: bool = False
    """East decides whether the exchange goes on (another go-around with the wall) or play begins."""
    go_around: int = 0
    """Round 2: the go-around under way (1 to ``limit``)."""
    limit: int = 0
    """Round 2: at most this many go-arounds (``gulasch_wall_exchanges``)."""


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
    phase: Phase
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
    hint: HintView | None = None
    """What a hint marks for this seat, when one was asked for."""
    version: int = 0
    """The table's state version: it grows with every applied action (a stale button carries an older one)."""
    settings: Settings = field(default_factory=Settings)
    """The table's house rules."""
    dora_indicator: Tile | None = None
    """The tile turned up in the dead wall (wikibooks with ``dora``); everyone sees it."""
    centre: int = 0
    """Points lying in the centre for the next winner (riichi sticks, a Gulasch pot)."""
    declared: tuple[tuple[int, str], ...] = ()
    """(seat, what) for each declaration in force: ``riichi``, ``fishing``, ``call``."""
    exchange: ExchangeView | None = None
    """Where a Gulasch exchange stands (phase ``exchange``), None otherwise."""

    @property
    def me(self) -> PlayerView | None:
        """The viewer's own public information, or None for a spectator."""
        return None if self.seat is None else self.players[self.seat]

    @property
    def seated(self) -> tuple[PlayerView, ...]:
        """The players at the table by position, without an empty place (three players)."""
        return tuple(p for p in self.players if not p.vacant)
