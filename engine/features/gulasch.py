"""The Gulasch exchange (rumisberg, RULES.md §2.4.6, A-RU-07): after a drawn hand
(``draw_settlement = gulasch``) the next hand begins with an exchange before play. Round 1:
East swaps three tiles face down with the player opposite, then to his right, then to his left
(with three players the swap with the empty place goes through the wall). Then East decides:
play begins, or every player in turn swaps one to three tiles with the wall (or keeps his),
at most ``gulasch_wall_exchanges`` go-arounds. The stakes of the Gulasch pot are the game's
(:func:`gulasch_stakes`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from engine.actions import Action, ActionKind
from engine.deal_state import WHO
from engine.errors import refusal
from engine.events import Event, EventKind
from engine.features.base import Feature, Reason
from engine.seats import WINDS
from engine.settings import Settings
from engine.settlement import Stake
from engine.tiles import TILES, Tile, Wind, tiles_str
from engine.views import ExchangeView, Phase
from engine.wall import KIND

if TYPE_CHECKING:
    from engine.deal import Deal

_RING: Final = (0, 3, 2, 1)
"""The wall sides in ring order: each side's left neighbour is next (E → N → W → S)."""


def gulasch_stakes(seats: Sequence[int], settings: Settings) -> dict[int, int]:
    """What each player puts into the Gulasch pot when a Gulasch hand begins (rule 19): the
    stake (500), from everyone; the pot grows by their sum.

    >>> gulasch_stakes((0, 1, 2, 3), Settings())
    {0: 500, 1: 500, 2: 500, 3: 500}
    """
    return {seat: settings.gulasch_stake for seat in seats}


@dataclass(slots=True)
class Exchange:
    """Where a Gulasch hand's exchange stands (rumisberg, RULES.md §2.4.6, A-RU-07)."""

    partners: list[int]
    """Round 1: the winds East still swaps with, in order (opposite, right, left); with three
    players East's swap with the empty place goes through the wall."""
    given: dict[int, list[int]] = field(default_factory=dict)
    """Round 1: the tiles each side of the swap under way has laid face down."""
    round: int = 1
    deciding: bool = False
    """East decides whether the exchange goes on or play begins."""
    goes: int = 0
    """Round 2: the go-arounds begun."""
    order: list[int] = field(default_factory=list)
    """Round 2: the seats still to swap with the wall (or keep their tiles) in this go-around."""


class Gulasch(Feature):
    """The exchange of one Gulasch hand, and the tiles laid down in it."""

    name: ClassVar[str] = "gulasch"
    settings: ClassVar[frozenset[str]] = frozenset(
        {"gulasch_stake", "gulasch_wall_exchanges", "gulasch_pot_carry_over"}
    )
    on: ClassVar[dict[str, object]] = {"draw_settlement": "gulasch"}
    off: ClassVar[dict[str, object]] = {"draw_settlement": "none"}
    kinds: ClassVar[frozenset[ActionKind]] = frozenset(
        {ActionKind.GIVE, ActionKind.SWAP, ActionKind.CONTINUE, ActionKind.START}
    )
    __slots__ = ("_most", "_who", "exchange", "laid")

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.exchange: Exchange | None = None
        """The exchange under way (phase ``exchange``)."""
        self.laid: list[int] = []
        """Tiles laid down in the exchanges with the wall: out of play for this hand."""
        self._most: tuple[tuple[int, int], int] = ((-1, -1), 0)
        self._who: tuple[int, list[int]] = (-1, [])

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with ``draw_settlement = gulasch``."""
        return settings.draw_settlement == "gulasch"

    def begin(self, *, after_drawn: bool) -> None:
        """After a drawn hand: East swaps with the player opposite, then to his right, then left."""
        if after_drawn:
            self.exchange = Exchange(partners=[2, 1, 3])
            self.deal.take_over(self, Phase.EXCHANGE)

    def to_act(self) -> list[int]:
        """Who the exchange waits for."""
        ex = self.exchange
        assert ex is not None
        if ex.deciding:
            return [0]
        if ex.round == 1:
            return [s for s in (0, ex.partners[0]) if s in self.deal.in_play and s not in ex.given]
        return ex.order[:1]

    def _waiting(self) -> list[int]:
        """:meth:`to_act`, counted once per state (every step judged asks it)."""
        key = len(self.deal.log)
        if self._who[0] != key:
            self._who = (key, self.to_act())
        return self._who[1]

    def options(self, seat: int) -> list[Action]:
        """Every step ``seat`` may take now: each judged by :meth:`judge`."""
        ex = self.exchange
        assert ex is not None
        if ex.deciding:
            moves = [Action.of(Wind.EAST, ActionKind.CONTINUE), Action.of(Wind.EAST, ActionKind.START)]
        elif ex.round == 1:
            moves = [
                Action(WINDS[seat], ActionKind.GIVE, tiles=c)
                for c in _choices(self.deal.seats[seat].counts, 3, 3)
            ]
        else:
            most = self._swap_most(seat)
            swaps = [
                Action(WINDS[seat], ActionKind.SWAP, tiles=c)
                for c in _choices(self.deal.seats[seat].counts, 1, most)
            ]
            moves = [Action.of(WINDS[seat], ActionKind.PASS), *swaps]
        return [a for a in moves if self.judge(a) is None]

    def judge(self, action: Action) -> Reason | None:
        """Why a step of the exchange is refused, or None: the one place its conditions are."""
        ex = self.exchange
        if ex is None:  # in play: only this rule's own moves are refused
            if action.kind in self.kinds:
                return refusal("there is no Gulasch exchange now", "no_exchange")
            return None
        seat = action.seat
        who = WHO[seat]
        waiting = self._waiting()
        if seat not in waiting:
            names = " and ".join(WHO[w] for w in waiting)
            return refusal(f"the Gulasch exchange waits for {names}, not {who}", "exchange_waits", wind=seat)
        if ex.deciding:
            if action.kind in (ActionKind.CONTINUE, ActionKind.START) and action.tile is None:
                return None
            return refusal(
                "East decides now: 'E continue' (exchange with the wall) or 'E start' (play begins)",
                "east_decides",
            )
        if ex.round == 1:
            if action.kind is not ActionKind.GIVE or len(action.tiles) != 3:
                example = f"{Wind(seat).letter} give 19m5p"
                return refusal(f"{who} gives three tiles for East's exchange, like '{example}'", "give_three")
            return self._holds(seat, action.tiles)
        if action.kind is ActionKind.PASS and action.tile is None:
            return None
        if action.kind is not ActionKind.SWAP or not action.tiles:
            return refusal(
                f"{who} swaps one to three tiles with the wall ('swap 9m') or keeps them ('pass')",
                "swap_or_keep",
            )
        most = self._swap_most(seat)
        if len(action.tiles) > most:
            return refusal(f"the wall has only {most} tiles left for {who} to take", "wall_short", most=most)
        return self._holds(seat, action.tiles)

    def _holds(self, seat: int, tiles: Sequence[Tile]) -> Reason | None:
        counts = self.deal.seats[seat].counts
        for t in tiles:
            if counts[t] < tiles.count(t):
                break
        else:
            return None
        return refusal(
            f"{WHO[seat]} does not hold {tiles_str(tiles)}",
            "not_held",
            private=True,
            tiles=tiles_str(tiles),
        )

    def _swap_most(self, seat: int) -> int:
        """How many tiles ``seat`` may swap with the wall now: three, or what is left to take
        (counted once per seat and state: every step judged asks it)."""
        deal = self.deal
        key = (len(deal.log), seat)
        if self._most[0] != key:
            self._most = (
                key,
                min(3, deal.wall.exchangeable(self.wall_sides(seat), deal.settings.wall_reserve)),
            )
        return self._most[1]

    def wall_sides(self, seat: int) -> list[int]:
        """The wall sides a seat takes from, in order: the opposite player's, then the next
        sides in ring order, never its own (§2.4.6 item 7)."""
        start = _RING.index((seat + 2) % 4)
        return [w for w in _RING[start:] + _RING[:start] if w != seat and w in self.deal.in_play]

    def apply(self, action: Action, events: list[Event]) -> None:
        """Apply one step of the exchange."""
        ex = self.exchange
        deal = self.deal
        assert ex is not None
        seat = action.seat
        if action.kind is ActionKind.CONTINUE:
            events.append(Event(EventKind.EXCHANGE, Wind.EAST, what="continue"))
            ex.deciding = False
            ex.round = 2
            ex.goes += 1
            ex.order = list(deal.in_play)
        elif action.kind is ActionKind.START:
            events.append(Event(EventKind.EXCHANGE, Wind.EAST, what="start"))
            self._start_play()
        elif action.kind is ActionKind.GIVE:
            ex.given[seat] = [deal.take_kind(seat, t) for t in action.tiles]
            partner = ex.partners[0]
            if partner not in deal.in_play:  # the empty place: East swaps with the wall (item 11)
                self._swap_with_wall(0, ex.given.pop(0), events)
            elif len(ex.given) == 2:  # both have chosen: the tiles change hands at once
                for giver, taker in ((0, partner), (partner, 0)):
                    for t in ex.given[giver]:
                        deal.give(taker, t)
                        events.append(
                            Event(EventKind.DRAW, WINDS[taker], KIND[t], private=True, what="exchange")
                        )
                events.append(Event(EventKind.EXCHANGE, WINDS[partner], what="east", amount=3))
                ex.given.clear()
            else:
                return
            ex.partners.pop(0)
            if not ex.partners:
                self._after_go_around()
        else:  # round 2: a swap with the wall, or keeping one's tiles
            ex.order.pop(0)
            if action.kind is ActionKind.SWAP:
                self._swap_with_wall(seat, [deal.take_kind(seat, t) for t in action.tiles], events)
            else:
                events.append(Event(EventKind.EXCHANGE, seat, what="keep"))
            if not ex.order:
                self._after_go_around()

    def _after_go_around(self) -> None:
        """After round 1 or a go-around with the wall: East decides, or play begins when the
        go-arounds are used up (``gulasch_wall_exchanges``)."""
        ex = self.exchange
        assert ex is not None
        if ex.goes < self.deal.settings.gulasch_wall_exchanges:
            ex.deciding = True
        else:
            self._start_play()

    def _swap_with_wall(self, seat: int, laid: list[int], events: list[Event]) -> None:
        """Lay ``laid`` down (out of play) and take as many tiles from the wall (§2.4.6 item 7);
        a bonus tile taken is shown and replaced at once (item 8)."""
        deal = self.deal
        self.laid += laid
        sides = self.wall_sides(seat)
        for _ in laid:
            tile = deal.wall.take_from_side(sides, deal.settings.wall_reserve)
            while deal.is_aside(tile):
                events.append(Event(EventKind.BONUS, WINDS[seat], KIND[tile]))
                deal.lay_aside(seat, tile, events)
                tile = deal.wall.draw_replacement()
            deal.give(seat, tile)
            events.append(Event(EventKind.DRAW, WINDS[seat], KIND[tile], private=True, what="exchange"))
        events.append(Event(EventKind.EXCHANGE, WINDS[seat], what="wall", amount=len(laid)))

    def _start_play(self) -> None:
        """The exchange is over: East discards first (§2.4.6 item 9)."""
        self.exchange = None
        self.deal.give_back(0)

    def tiles_aside(self) -> list[int]:
        """The tiles laid down, and those given face down in a swap under way."""
        given = [] if self.exchange is None else [t for g in self.exchange.given.values() for t in g]
        return self.laid + given

    def keeps(self, stake: Stake) -> bool | None:
        """The Gulasch pot of a drawn hand stays for the next winner (``gulasch_pot_carry_over``)."""
        return self.deal.settings.gulasch_pot_carry_over if stake.reason == "gulasch" else None

    def exchange_view(self, pos: Callable[[int], int]) -> ExchangeView | None:
        """Where the exchange stands, by table position."""
        ex = self.exchange
        if ex is None:
            return None
        return ExchangeView(
            round=ex.round,
            waiting=tuple(pos(w) for w in self.to_act()),
            partner=pos(ex.partners[0]) if ex.round == 1 and ex.partners else None,
            deciding=ex.deciding,
            go_around=ex.goes,
            limit=self.deal.settings.gulasch_wall_exchanges,
        )


def _choices(counts: Sequence[int], least: int, most: int) -> list[tuple[Tile, ...]]:
    """Every choice of ``least`` to ``most`` tiles from a hand counted by kind, each once.

    >>> [tiles_str(c) for c in _choices([2, 1] + [0] * 32, 2, 2)]
    ['11m', '12m']
    """
    out: list[tuple[Tile, ...]] = []

    def extend(start: int, chosen: list[Tile]) -> None:
        if least <= len(chosen):
            out.append(tuple(chosen))
        if len(chosen) == most:
            return
        for k in range(start, len(counts)):
            if counts[k] > chosen.count(TILES[k]):
                chosen.append(TILES[k])
                extend(k, chosen)
                chosen.pop()

    extend(0, [])
    return out
