"""A whole game: seats drawn by dice, deal after deal, chips settled, East
rotating, prevailing-wind rounds (RULES.md §1.13, §2.1.8).

Players sit at fixed *positions* 0-3 around the table, counter-clockwise in
the order of their first-hand winds (position 0 is the first East). Everything
the game takes and gives speaks of positions: the seat of an action, of an
event, the order of views, chips and payments. A wind is a label of a
position in one hand (:meth:`Game.wind_of`), never an index a caller converts.

Which seat is which: the game's seating is the ONE place that maps positions to winds
(:meth:`Game.wind_of`, :meth:`Game.position_of`, and :attr:`Game.places`, which a deal's view
receives as its ``places``). Seats say their numbering by type (:mod:`engine.seats`): every
action and event the game takes or gives is seated by a :class:`~engine.seats.Position`
(``seat 2: discard 1m``), every one its :class:`~engine.deal.Deal` takes or gives by a
:class:`~engine.tiles.Wind` (``S discard 1m``); the game converts them at its edge (an
action with :meth:`Action.by <engine.actions.Action.by>`, an event with
:meth:`Event.moved <engine.events.Event.moved>`), and nothing above it converts.

Three players (``rumisberg``, RULES.md §2.4.9, A-RU-18 revised) sit at
positions 0-2; position 3 is the empty place (:attr:`Game.vacant`), always
North's: the winds in play are East, South and West in every hand, so whoever
is East has West opposite ("Vis-à-vis von Osten ist immer Westen"). When East
moves on, the three winds move among the three players (South's player becomes
East, West's South, East's West): position p holds wind ``(p - east) % 3``.
``names``, ``chips`` and each hand's values and nets are by the positions that
play (0 to players-1); views show all four positions, the empty one marked
``vacant``. A log stored when the empty place's wind still rotated (North,
West, South absent in turn) replays with that seating (:meth:`Game.replay`).

A game is its log: ``(ruleset, settings, seed, players)`` and the log lines.
A line is a hand action in the hand's own notation (``S discard 5p``: seats
written as that hand's winds, as in RULES.md), or ``next`` starting the next
hand. Callers store the lines as they are and hand them back to
:meth:`Game.replay`, which rebuilds the game exactly. ``version`` counts the
lines: it grows with every applied action, and every view carries it.

>>> game = Game("dmjl", seed=42, players=["Ada", "Bo", "Cy", "Di"])
>>> sorted(game.names) == ["Ada", "Bo", "Cy", "Di"], game.prevailing.name, game.hand_number
(True, 'EAST', 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from engine.actions import CLAIMS, MULTI_TILE_KINDS, Action, ActionKind
from engine.deal import Deal, DealResult
from engine.errors import IllegalActionError, NotationError, Refusal, SettingError
from engine.events import Event, EventKind
from engine.rotation import HandEnd, Seating
from engine.rulesets import Ruleset, resolve
from engine.rulesets import rumisberg as _rumisberg
from engine.scoring import Score
from engine.seats import POSITIONS, WINDS, Position
from engine.settings import Settings, game_length
from engine.settlement import Stake, Transfer
from engine.tiles import Tile, Wind
from engine.views import Phase, SeatView
from engine.wall import KIND

NEXT: Final = "next"
"""The log line that starts the next hand."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand: who was East, what happened, and the chips by position."""

    number: int
    prevailing: Wind
    east: int
    seed: str
    actions: tuple[str, ...]
    winner: Position | None
    """Winning position, or None for a drawn hand."""
    values: tuple[int, ...]
    """Hand values by position."""
    nets: tuple[int, ...]
    """Chips won (+) or paid (-) by position."""
    transfers: tuple[Transfer, ...]
    """Every payment of the hand, payer and payee by position."""
    result: DealResult
    """The deal's own result (its seats are that hand's winds)."""
    places: tuple[int, ...] = (0, 1, 2, 3)
    """The position of each wind in this hand (E, S, W, N); with three players North's is
    the empty place."""
    discarder: Position | None = None
    """The position whose discard won (a Mah-Jongg on a discard), else None."""
    self_drawn: bool = False
    """Whether the winning tile came from the wall."""
    win_tile: Tile | None = None
    """The winning tile, for a Mah-Jongg."""
    score: Score | None = None
    """The winning hand's score (the first winner's when several won), None for a drawn hand."""


@dataclass(frozen=True, slots=True)
class Exchanged:
    """What a seat gave and received in its last step of a Gulasch exchange (RULES.md §2.4.6),
    by position. Only that seat may be shown it: the tiles changed hands face down."""

    gave: tuple[Tile, ...]
    """The tiles it laid down (its give or swap)."""
    got: tuple[Tile, ...]
    """The tiles it received, in the order it took them."""
    partner: Position | None
    """The position it swapped with (East's partner, or East), None for the wall."""


def _position(action: Action) -> Position:
    """The position ``action`` is seated by.

    :raises NotationError: for an action seated by a wind: a game takes its players' moves by
        position (:meth:`Game.legal_actions`), and a log line by :meth:`Game.apply_line`.
    """
    seat = action.seat
    if isinstance(seat, Wind):
        raise NotationError(
            f"a game takes actions seated by a position (Game.legal_actions gives them), not by the wind "
            f"{seat.name.title()}; a log line such as {action.line()!r} goes to Game.apply_line"
        )
    return seat


class Game:
    """A game of Mah-Jongg at one table."""

    def __init__(
        self,
        ruleset: str | Ruleset = "dmjl",
        settings: Settings | Mapping[str, object] | None = None,
        seed: int | str = 0,
        players: Sequence[str] = ("East", "South", "West", "North"),
        *,
        rotating_vacant: bool = False,
    ) -> None:
        """Draw the seats with dice and deal the first hand.

        ``rotating_vacant``: three players seated as before A-RU-18's revision (the empty place
        keeps its position and its wind rotates, so North, West and South are absent in turn),
        only to replay a log stored then; see :meth:`replay`.

        :raises SettingError: for an unknown ruleset or setting, or the wrong number of players.
        """
        self.ruleset, self.settings = resolve(ruleset, settings)
        if len(players) != self.settings.players:
            raise SettingError(
                f"{self.ruleset.name} is played by {self.settings.players} players; got {len(players)}: "
                + ", ".join(players)
            )
        self.seed = seed
        self.players = tuple(players)
        n = len(self.players)
        self.vacant: int | None = 3 if n == 3 else None
        """The empty position with three players (fixed: the last, North's place), None with four."""
        self.rotating_vacant = rotating_vacant and self.vacant is not None
        """A three-player game seated as before A-RU-18's revision (a stored log's replay)."""
        # Seating (RULES.md §1.1.6, Hua Bao §3.2.1): the wind tiles are shuffled; two dice
        # decide who takes the first; the others follow counter-clockwise; all then sit by wind
        # (three players draw East, South and West; the first hand's North is absent).
        rng = random.Random(f"{seed}:seating")
        winds = list(range(n))
        rng.shuffle(winds)
        first = (rng.randint(1, 6) + rng.randint(1, 6) - 1) % n
        wind_of_player = {(first + i) % n: winds[i] for i in range(n)}
        self.order: tuple[int, ...] = tuple(sorted(range(n), key=lambda p: wind_of_player[p]))
        """Player indices (into ``players``) by position (the positions that play)."""
        self.names: tuple[str, ...] = tuple(self.players[i] for i in self.order)
        self.chips = [self.settings.initial_score] * n
        self.east = 0
        """Position of this hand's East."""
        self.prevailing = Wind.EAST
        self._next_east, self._next_prevailing = self.east, self.prevailing
        self.rotations = 0
        self.rounds_done = 0
        self.hand_number = 1
        self.east_streak = 0
        self.centre: list[Stake] = []
        """Stakes lying in the centre for the next winner, by position (riichi sticks, Gulasch)."""
        self.gulasch = False
        """The next hand is a Gulasch (rumisberg: the last hand was drawn), with an exchange first."""
        self.history: list[HandRecord] = []
        self.log: list[str] = []
        self.finished = False
        self._exchanged: dict[int, Exchanged] = {}
        """By position: each seat's last step of this hand's Gulasch exchange (:meth:`exchanged`)."""
        self.deal: Deal = self._new_deal()

    def rename(self, names: Sequence[str]) -> None:
        """Show other names for the players (given in ``players`` order, e.g. a table's display
        names for stored ids); nothing of the game depends on them.

        :raises SettingError: for a list of another length.
        """
        if len(names) != len(self.players):
            raise SettingError(f"{len(self.players)} names are needed, not {len(names)}")
        self.names = tuple(names[i] for i in self.order)

    # --- Seats and winds ------------------------------------------------------------------

    def wind_of(self, position: int) -> Wind:
        """The wind of ``position`` in the current hand (the empty place with three players:
        North). With :meth:`position_of` the one place that maps positions to winds."""
        if self.vacant is None or self.rotating_vacant:
            return WINDS[(position - self.east) % 4]
        return Wind.NORTH if position == self.vacant else WINDS[(position - self.east) % 3]

    def position_of(self, wind: int) -> Position:
        """The position holding ``wind`` in the current hand (North with three players: the
        empty place)."""
        if self.vacant is None or self.rotating_vacant:
            return POSITIONS[(self.east + wind) % 4]
        return POSITIONS[self.vacant if wind == Wind.NORTH else (self.east + wind) % 3]

    @property
    def places(self) -> tuple[Position, ...]:
        """The position of each wind (E, S, W, N) in the current hand (a deal's view and events
        are renumbered through it)."""
        return tuple(self.position_of(w) for w in range(4))

    @property
    def positions(self) -> tuple[Position, ...]:
        """The positions that play: 0-3, or 0-2 with three players."""
        return POSITIONS[: len(self.players)]

    def _new_deal(self) -> Deal:
        return Deal(
            self.ruleset,
            self.settings,
            f"{self.seed}:{self.hand_number}",
            prevailing=self.prevailing,
            east_streak=self.east_streak,
            centre=[replace(stake, seat=int(self.wind_of(stake.seat))) for stake in self.centre],
            balances=tuple(
                self.chips[p] if p < len(self.chips) else 0 for p in map(self.position_of, range(4))
            ),
            absent=None if self.vacant is None else int(self.wind_of(self.vacant)),
            gulasch=self.gulasch,
        )

    # --- Play ------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The state version: the number of log lines applied (it grows with every action)."""
        return len(self.log)

    def legal_actions(self, position: int) -> list[Action]:
        """What the player at ``position`` may do now; every action's seat is ``position`` (a
        :class:`~engine.seats.Position`)."""
        at = POSITIONS[position]
        return [a.by(at) for a in self.deal.legal_actions(self.wind_of(position))]

    def to_act(self) -> list[Position]:
        """The positions that must answer now: one on a turn, every seat that still owes
        an answer in a claim window; empty between hands."""
        return [self.position_of(seat) for seat in self.deal.to_act()]

    def idle_passes(self) -> list[Action]:
        """The passes a table applies without asking: seats with nothing to claim."""
        return [a.by(self.position_of(a.seat)) for a in self.deal.idle_passes()]

    def default_action(self, position: int) -> Action:
        """What the player at ``position`` plays when their time runs out.

        In a claim window: pass. On a turn: discard the tile just drawn, so a hand
        the player was building stays as it was (and a called hand must do so
        anyway); after a claim there is no drawn tile, and the ``normal`` computer
        player's discard is taken, the best guess at what the player would keep.
        Mah-Jongg and kongs are never declared for an absent player. In a Gulasch exchange:
        keep one's tiles, or as East begin play; the three tiles to give are the ``normal``
        computer player's choice.

        :raises IllegalActionError: if the position has nothing to do now.
        """
        if position not in self.positions:
            raise IllegalActionError(f"position {position} is empty: nobody plays there")
        legal = self.legal_actions(position)
        if not legal:
            raise IllegalActionError(f"{self.names[position]} has nothing to do now")
        for action in legal:
            if action.kind is ActionKind.PASS:
                return action
        drawn = self.deal.drawn
        if drawn is not None and self.deal.turn == self.wind_of(position):
            for action in legal:
                if action.kind is ActionKind.DISCARD and action.tile == KIND[drawn]:
                    return action
        for action in legal:
            if action.kind is ActionKind.START:
                return action
        from engine.ai.player import AIPlayer  # the computer players sit on top of the game's views

        view = self.view(position)
        choice = AIPlayer("normal", seed=f"{self.seed}:{self.version}", ruleset=self.ruleset).choose(view)
        if choice.kind in (ActionKind.DISCARD, ActionKind.GIVE):
            return choice
        return next(a for a in legal if a.kind is ActionKind.DISCARD)

    def check(self, action: Action) -> Refusal | None:
        """Whether the action of the player at ``action.seat`` (a position) is legal now:
        ``None``, or the :class:`~engine.errors.Refusal` saying why not (and whether the reason
        is the player's alone). Nothing changes.

        Legality is decided once per move: the deal remembers an action found legal here with
        the state it was found legal in (:meth:`Deal.check`), and :meth:`apply` of that action
        in that state (or a second :meth:`check` of it) does not decide it again. A table that
        stores a move before it applies it (write-ahead) so checks before the write and applies
        after it.

        >>> game = Game("dmjl", seed=42)
        >>> east = game.position_of(0)
        >>> game.check(game.legal_actions(east)[0]) is None
        True
        >>> south = game.position_of(Wind.SOUTH)
        >>> game.check(Action.of(south, ActionKind.PONG)).message.endswith("turn, not South's")
        True

        :raises NotationError: for an action seated by a wind (the game takes positions).
        """
        acting = action.by(self.wind_of(_position(action)))
        if self.deal.checked(acting):
            return None
        return self.deal.check(acting)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply the action of the player at ``action.seat`` (a position), or ``next``
        to deal the next hand; settle when a hand ends. Events come by position.

        The action's legality is decided once: by the deal's apply, unless :meth:`check` has
        just found it legal where the game stands (:meth:`Deal.checked`).

        :raises IllegalActionError: naming the rule the action breaks; nothing changes.
        :raises NotationError: for a string other than ``next`` (log lines go to :meth:`apply_line`).
        """
        if isinstance(action, str):
            if action.strip() != NEXT:
                raise NotationError(
                    "Game.apply takes an Action by position (or 'next'); a log line goes to apply_line"
                )
            return self.next_hand()
        acting = action.by(self.wind_of(_position(action)))
        exchanging = self.deal.phase is Phase.EXCHANGE
        return self._applied(self.deal.apply(acting), exchanging)

    def line(self, action: Action) -> str:
        """The log line ``action`` (by position) is written as, e.g. to store it before applying it.

        >>> game = Game("dmjl", seed=42)
        >>> game.line(game.legal_actions(game.position_of(0))[0]).split()[0]  # East's move
        'E'
        """
        return action.by(self.wind_of(_position(action))).line()

    def apply_line(self, line: str) -> list[Event]:
        """Apply one line of a game's log (a hand action in the hand's notation, or ``next``).

        :raises IllegalActionError: if the line is not legal where it stands; nothing changes.
        :raises NotationError: for a line that cannot be read.
        """
        if line.strip() == NEXT:
            return self.next_hand()
        exchanging = self.deal.phase is Phase.EXCHANGE
        return self._applied(self.deal.apply(line, replaying=True), exchanging)

    def _applied(self, events: list[Event], exchanging: bool) -> list[Event]:
        self.log.append(self.deal.log[-1].line())
        seat_map = self.places
        out = [e.moved(seat_map) for e in events]
        if exchanging:
            self._note_exchange(out)
        elif self._exchanged:
            self._exchanged.clear()  # play has gone on: the exchange is history
        if self.deal.over:
            self._settle()
            if self.finished:
                out.append(Event(EventKind.GAME_ENDED))
        return out

    def _settle(self) -> None:
        result = self.deal.result
        assert result is not None
        by_position = [0] * len(self.players)
        values = [0] * len(self.players)
        for wind in self.deal.in_play:
            by_position[self.position_of(wind)] = result.settlement.nets[wind]
            values[self.position_of(wind)] = result.values[wind]
        for p in self.positions:
            self.chips[p] += by_position[p]
        winner = None if result.winner is None else self.position_of(result.winner)
        self.history.append(
            HandRecord(
                number=self.hand_number,
                prevailing=self.prevailing,
                east=self.east,
                seed=f"{self.seed}:{self.hand_number}",
                actions=tuple(str(a) for a in self.deal.log),
                winner=winner,
                values=tuple(values),
                nets=tuple(by_position),
                transfers=tuple(
                    replace(t, payer=self.position_of(t.payer), payee=self.position_of(t.payee))
                    for t in result.settlement.transfers
                ),
                result=result,
                places=self.places,
                discarder=None if result.discarder is None else self.position_of(result.discarder),
                self_drawn=result.self_drawn,
                win_tile=result.win_tile,
                score=None if result.winner is None else result.scores[result.winner],
            )
        )
        self.centre = [replace(stake, seat=self.position_of(stake.seat)) for stake in result.centre]
        drawn = result.winner is None
        self.gulasch = drawn and self.settings.draw_settlement == "gulasch"
        if self.gulasch:
            # The next hand is a Gulasch: each player stakes into the pot its winner takes (rule 19).
            stakes = _rumisberg.gulasch_stakes(
                [self.position_of(w) for w in self.deal.in_play], self.settings
            )
            self.centre += [Stake(p, amount, "gulasch") for p, amount in stakes.items() if amount]
        # Who deals next is the ruleset's rotation (engine/rotation.py). The finished hand keeps
        # its seats until the next is dealt (views and the score sheet still show it); the
        # rotation takes effect in next_hand, East's run of wins and the rounds at once.
        seating = self.ruleset.rotation_for(self.settings).next_seating(
            HandEnd(
                winner,
                tuple(self.position_of(w) for w in result.winners),
                None if result.discarder is None else self.position_of(result.discarder),
            ),
            Seating(
                self.east,
                self.prevailing,
                self.east_streak,
                self.rotations,
                self.rounds_done,
                len(self.players),
            ),
            self.settings,
        )
        self._next_east, self._next_prevailing = seating.east, seating.prevailing
        self.east_streak, self.rotations, self.rounds_done = seating.streak, seating.rotations, seating.rounds
        unit, count = game_length(self.settings)
        self.finished = (len(self.history) if unit == "hands" else self.rounds_done) >= count

    def next_hand(self) -> list[Event]:
        """Deal the next hand after the current one has been settled.

        :raises IllegalActionError: while the hand is still being played, or when the game is over.
        """
        if not self.deal.over:
            raise IllegalActionError("the hand is still being played")
        if self.finished:
            raise IllegalActionError("the game is over")
        self.hand_number += 1
        self.east, self.prevailing = self._next_east, self._next_prevailing
        self.log.append(NEXT)
        self._exchanged.clear()
        self.deal = self._new_deal()
        return [Event(EventKind.HAND_STARTED)]

    # --- Where a decision and a Gulasch exchange stand -------------------------------------------

    @property
    def half_swapped(self) -> bool:
        """Whether one side of a Gulasch swap (round 1 of the exchange, RULES.md §2.4.6) has laid
        its three tiles down and the other not yet: the step goes on until both have given.

        >>> game = Game("rumisberg", {}, 5, ["a", "b", "c", "d"])
        >>> game.half_swapped
        False
        """
        exchange = self.deal.exchange
        return exchange is not None and bool(exchange.given)

    @property
    def decision_start(self) -> int:
        """The :attr:`version` at which the current decision began: a turn, a claim (or robbing)
        window, or a step of a Gulasch exchange. In a window the answers given so far come after
        it, in a swap one side's give, so a button made at or after it is still current. It
        follows from the log alone: a replayed game knows it too.

        >>> game = Game("dmjl", {}, 7, ["a", "b", "c", "d"])
        >>> game.decision_start == game.version
        True
        """
        if self.half_swapped:
            return self.version - 1
        if self.deal.phase not in (Phase.CLAIMS, Phase.ROBBING):
            return self.version
        answers = 0
        for action in reversed(self.deal.log):
            if action.kind not in CLAIMS:
                break
            answers += 1
        return self.version - answers

    def exchanged(self, position: int) -> Exchanged | None:
        """What the player at ``position`` gave and received in their last step of this hand's
        Gulasch exchange, kept until the first move of play after the exchange; None before
        their first swap, outside a Gulasch and once play has gone on. Only that player may be
        shown it (the tiles changed hands face down). A replayed game knows it too.

        >>> game = Game("rumisberg", {}, 5, ["a", "b", "c", "d"])
        >>> game.exchanged(game.east) is None
        True
        """
        return self._exchanged.get(position)

    def _note_exchange(self, events: Sequence[Event]) -> None:
        """After a step of a Gulasch exchange (``events`` by position): what each seat that
        received tiles gave (its last give or swap in the log) and received, and from whom."""
        got: dict[Position, list[Tile]] = {}
        partner: dict[int, Position] = {}
        for e in events:
            if e.seat is None:
                continue
            if e.kind == EventKind.DRAW and e.what == "exchange" and e.tile is not None:
                got.setdefault(POSITIONS[e.seat], []).append(e.tile)
            elif e.kind == EventKind.EXCHANGE and e.what == "east":
                partner = {self.east: POSITIONS[e.seat], e.seat: POSITIONS[self.east]}
        for position, tiles in got.items():
            wind = self.wind_of(position)
            gave = next(
                (a.tiles for a in reversed(self.deal.log) if a.seat == wind and a.kind in MULTI_TILE_KINDS),
                (),
            )
            self._exchanged[position] = Exchanged(gave, tuple(tiles), partner.get(position))

    # --- Views and replay ----------------------------------------------------------------------

    def view(self, position: int | None) -> SeatView:
        """What the player at ``position`` may know (``None``: the public view); every
        position has a player view, an empty one marked ``vacant``."""
        empty = 4 - len(self.players)
        return self.deal.view(
            position,
            names=self.names + ("",) * empty,
            chips=(*self.chips, *(0,) * empty),
            hand_number=self.hand_number,
            east=self.east,
            version=self.version,
            places=self.places,
        )

    @classmethod
    def replay(
        cls,
        ruleset: str | Ruleset,
        settings: Settings | Mapping[str, object] | None,
        seed: int | str,
        players: Sequence[str],
        log: Iterable[str],
    ) -> Game:
        """Rebuild a game from its log.

        A three-player log that does not replay is tried once more with the seating before
        A-RU-18's revision (``rotating_vacant``: the empty place's wind rotated), so games
        stored then still replay and play on as they began.

        :raises IllegalActionError: if a line of the log is not legal where it stands.
        """
        lines = list(log)
        game = cls(ruleset, settings, seed, players)
        try:
            for line in lines:
                game.apply_line(line)
        except (IllegalActionError, NotationError):
            if game.vacant is None or NEXT not in lines:
                raise  # the seating differs only from the second hand on
            older = cls(ruleset, settings, seed, players, rotating_vacant=True)
            try:
                for line in lines:
                    older.apply_line(line)
            except (IllegalActionError, NotationError):
                pass
            else:
                return older
            raise
        return game

    def snapshot(self) -> tuple[object, ...]:
        """Everything that makes up the state, for comparing two games."""
        return (
            self.order,
            tuple(self.chips),
            self.east,
            self.rotating_vacant,
            self.prevailing,
            self.hand_number,
            self.east_streak,
            self.rounds_done,
            self.finished,
            tuple(self.log),
            tuple(self.centre),
            self.deal.snapshot(),
        )
