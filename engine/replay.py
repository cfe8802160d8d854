"""A finished hand of a stored game, replayed step by step with every hand face up.

A game is its log (:mod:`engine.game`): ``(ruleset, settings, seed, players)`` and each hand's
actions. :class:`FinishedHand` replays the hands before hand ``number`` and then that hand's
actions one by one; *step* ``k`` is the table after the hand's ``k``-th action (0: as dealt,
:attr:`FinishedHand.last`: the end, with the result and the score sheet). Its
:meth:`~FinishedHand.view_at` is the public view of the table with every seat's concealed tiles
face up (:attr:`PlayerView.revealed <engine.views.PlayerView.revealed>`): the hand is over, so
nothing is hidden any more. A hand whose log does not reach its end (the hand still in play, or
a log cut short) is refused (:class:`HandInPlayError`): no open view of a hand in play is ever
built.

Each step keeps the public events its action caused (:attr:`FinishedHand.events`, seated by
position), so a caller can tell in words what happened (a discard, a claim, a kong, the win);
:attr:`FinishedHand.moves` lists the steps where something public happened.

>>> game = Game("dmjl", seed=3, players=["Ada", "Bo", "Cy", "Di"])
>>> while not game.deal.over:
...     for position in game.to_act():
...         _ = game.apply(game.default_action(position))
>>> hand = FinishedHand("dmjl", {}, 3, ["Ada", "Bo", "Cy", "Di"], [game.history[0].actions], 1)
>>> hand.last == len(game.history[0].actions)
True
>>> view = hand.view_at(0)
>>> all(len(p.revealed or ()) + (p.revealed_drawn is not None) == p.concealed_count for p in view.seated)
True
>>> hand.view_at(hand.last).sheet is not None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engine.errors import MahjongError
from engine.events import Event, EventKind
from engine.game import NEXT, Game
from engine.rulesets import Ruleset
from engine.settings import Settings
from engine.tiles import Tile
from engine.views import SeatView
from engine.wall import KIND

QUIET: frozenset[EventKind] = frozenset({EventKind.DRAW, EventKind.PASS, EventKind.MAY_CLAIM})
"""Events that show nothing on the table by themselves (a draw is private, a pass too)."""


class HandInPlayError(MahjongError):
    """A hand that cannot be replayed face up: it is still in play (its log does not reach its
    end), or the game has no such hand. The message says which."""


class FinishedHand:
    """Hand ``number`` (1 for the first) of a game, replayed from the game's log.

    ``hands`` holds each hand's actions in order, at least up to hand ``number`` (a stored
    game's hands, as :func:`bot.restore.game_log` joins them); ``names`` are the players' names in
    ``players`` order (default: ``players``).

    :raises HandInPlayError: for a hand the game does not have, or one whose actions do not end it.
    :raises IllegalActionError: for a log that does not replay (a corrupt log).
    """

    def __init__(
        self,
        ruleset: str | Ruleset,
        settings: Settings | Mapping[str, object] | None,
        seed: int | str,
        players: Sequence[str],
        hands: Sequence[Sequence[str]],
        number: int,
        *,
        names: Sequence[str] | None = None,
    ) -> None:
        if not 1 <= number <= len(hands):
            raise HandInPlayError(f"the game has {len(hands)} hands, no hand {number}")
        self.number = number
        self.actions: tuple[str, ...] = tuple(hands[number - 1])
        """The hand's actions in the hand's notation (``S discard 5p``), one per step."""
        self._setup = (ruleset, settings, seed, tuple(players), tuple(names or players))
        self._before: list[str] = []
        for index, hand in enumerate(hands[: number - 1]):
            if index:
                self._before.append(NEXT)
            self._before.extend(hand)
        if number > 1:
            self._before.append(NEXT)
        game = self._start()
        events: list[tuple[Event, ...]] = [()]
        for line in self.actions:
            if game.deal.over:
                raise HandInPlayError(f"hand {number}'s log goes on after the hand ended")
            events.append(tuple(e for e in game.apply_line(line) if e.visible_to(None)))
        if not game.deal.over:
            raise HandInPlayError(f"hand {number} is still in play: its log does not reach its end")
        self.events: tuple[tuple[Event, ...], ...] = tuple(events)
        """By step: the public events the step's action caused, seated by position (step 0: none)."""
        self._end = game

    @property
    def last(self) -> int:
        """The last step: the hand's end (the number of its actions)."""
        return len(self.actions)

    @property
    def moves(self) -> tuple[int, ...]:
        """The steps where something public happened (a discard, a claim, a kong, a bonus tile, a
        declaration, a payment, the win), with step 0 (the deal) and the end: where a reader stops.
        A pass, or the last answer of a claim window that nobody claimed, shows nothing new."""
        shown = [k for k, events in enumerate(self.events) if any(e.kind not in QUIET for e in events)]
        return tuple(sorted({0, *shown, self.last}))

    @property
    def end(self) -> Game:
        """The game at the hand's end (step :attr:`last`)."""
        return self._end

    def game_at(self, step: int) -> Game:
        """The game after the hand's first ``step`` actions (replayed from the game's start).

        :raises HandInPlayError: for a step the hand does not have.
        """
        self._check(step)
        if step == self.last:
            return self._end
        game = self._start()
        for line in self.actions[:step]:
            game.apply_line(line)
        return game

    def view_at(self, step: int) -> SeatView:
        """The public view of the table at ``step`` with every seat's concealed tiles face up
        (:func:`open_view`); at the end it holds the score sheet.

        :raises HandInPlayError: for a step the hand does not have.
        """
        return open_view(self.game_at(step), finished=True)

    def _check(self, step: int) -> None:
        if not 0 <= step <= self.last:
            raise HandInPlayError(f"hand {self.number} has steps 0 to {self.last}, no step {step}")

    def _start(self) -> Game:
        ruleset, settings, seed, players, names = self._setup
        game = Game.replay(ruleset, settings, seed, players, self._before)
        if names != players:
            game.rename(names)
        if game.hand_number != self.number or game.deal.log:
            raise HandInPlayError(f"the game's log does not reach the start of hand {self.number}")
        return game


def open_view(game: Game, *, finished: bool) -> SeatView:
    """The public view of ``game`` with every seat's concealed tiles face up: each player's
    :attr:`~engine.views.PlayerView.revealed` (sorted; the tile just drawn apart in
    ``revealed_drawn``) and its true ``concealed_count``.

    Only for a hand that is over: ``finished`` says the caller knows the hand ended (a
    :class:`FinishedHand` replays it to its end first); a game whose current hand is over is
    finished anyway.

    :raises HandInPlayError: when neither says the hand is over: a hand in play keeps its tiles
        hidden.
    """
    deal = game.deal
    if not (finished or deal.over):
        raise HandInPlayError("a hand in play is never shown face up")
    view = game.view(None)
    players = []
    for p in view.players:
        if p.vacant:
            players.append(p)
            continue
        seat = deal.seats[game.wind_of(p.seat)]
        drawn: Tile | None = None
        tiles = list(seat.concealed)
        if not deal.over and game.wind_of(p.seat) == deal.turn and deal.drawn in tiles:
            tiles.remove(deal.drawn)
            drawn = KIND[deal.drawn]
        players.append(
            replace(
                p,
                concealed_count=len(seat.concealed),
                revealed=tuple(sorted(KIND[t] for t in tiles)),
                revealed_drawn=drawn,
            )
        )
    return replace(view, players=tuple(players))
