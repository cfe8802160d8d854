"""Duplicate walls: one computer player against a field, on the same deals from every seat.

A *wall* is one deal seed. It is played once for each seat in play: the tested
player sits in that seat and players of the *field* in the others, and every
time the same tiles are dealt (the same ``Deal(ruleset, settings, seed)``). Luck
of the tiles then falls on the tested player as often as on the field, and two
players tested on the same walls are compared hand for hand: the difference of
their results on one wall (:func:`paired`) decides a comparison, not the
difference of two noisy totals.

Each seat's own random numbers come from the wall and the seat alone (not the
rotation), so the field players in a seat decide alike whenever they see the
same thing, and a player against a field of itself plays the same hand in every
rotation (its chips per hand are then exactly 0).

Standard errors are taken over walls: a wall's figure is the mean of its
rotations (:attr:`WallResult.mean_net`), and the error of the mean over ``n``
walls is their standard deviation over √n (:func:`mean_and_se`).

>>> result = play_wall("dmjl", None, "doc", 0, "simple", "simple")
>>> [hand.levels.count("simple") for hand in result.hands]
[4, 4, 4, 4]
>>> result.mean_net
0.0
>>> figures = summarize([result])
>>> figures.hands, figures.chips_per_hand, figures.chips_se is None
(4, 0.0, True)

Pure: no clock, no processes; ``mahjong duel`` (``cli/duel_cmd.py``) times the
run and spreads the walls over processes.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.actions import Action
from engine.ai.player import LEVELS, AIPlayer
from engine.deal import Deal
from engine.errors import IllegalActionError, SettingError, quote
from engine.players import SimplePlayer
from engine.rulesets import Ruleset, resolve
from engine.seats import WINDS
from engine.settings import Settings
from engine.views import SeatView

__all__ = [
    "PLAYERS",
    "Figures",
    "HandOutcome",
    "Paired",
    "WallResult",
    "mean_and_se",
    "movers",
    "paired",
    "play_hand",
    "play_wall",
    "player_level",
    "summarize",
    "wall_seed",
    "walls_needed",
]

PLAYERS: Final = (*LEVELS, "simple")
"""The players a duel takes: the computer levels and the baseline ``simple``."""

Chooser = Callable[[SeatView], Action]
"""A player: one legal action from a seat's view."""

_SEATS: Final = 4
"""Winds at a table (with three players one of them is empty)."""


def player_level(name: str) -> str:
    """The player ``name`` stands for (any case, spaces around it ignored).

    >>> player_level(" Strong ")
    'strong'
    >>> player_level("expert")
    Traceback (most recent call last):
    ...
    engine.errors.SettingError: there is no player 'expert'; players are: easy, normal, strong, simple

    :raises SettingError: for a name that is no player.
    """
    level = name.strip().lower()
    if level not in PLAYERS:
        raise SettingError(f"there is no player {quote(name)}; players are: {', '.join(PLAYERS)}")
    return level


def wall_seed(seed: str, wall: int) -> str:
    """The deal seed of wall number ``wall`` of a run seeded ``seed``.

    >>> wall_seed("1", 7)
    '1:7'
    """
    return f"{seed}:{wall}"


def _chooser(level: str, seed: str, settings: Settings, ruleset: Ruleset, defence: bool = False) -> Chooser:
    if level == "simple":
        return SimplePlayer().choose
    return AIPlayer(level, seed=seed, settings=settings, ruleset=ruleset, defence=defence).choose


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One rotation of a wall: where the tested player sat and how the hand ended."""

    seat: int
    """The tested player's wind."""
    levels: tuple[str, ...]
    """Who played each wind (the absent wind of a three-player table: ``""``)."""
    dealt: tuple[tuple[int, ...], ...]
    """Each wind's tiles as dealt (sorted tile ids), before anyone moved."""
    nets: tuple[int, ...]
    """Every wind's net chips (the settlement's, the absent wind's 0)."""
    winners: tuple[int, ...]
    """The winds that won (none: a drawn hand)."""

    @property
    def net(self) -> int:
        """The tested player's net chips."""
        return self.nets[self.seat]

    @property
    def won(self) -> bool:
        """Whether the tested player won."""
        return self.seat in self.winners

    @property
    def drawn(self) -> bool:
        """Whether nobody won."""
        return not self.winners


@dataclass(frozen=True, slots=True)
class WallResult:
    """A wall played once with the tested player in each seat in play."""

    wall: int
    seed: str
    """The deal seed (:func:`wall_seed`)."""
    hands: tuple[HandOutcome, ...]
    """One hand per rotation, the tested player in the seats in play in order."""

    @property
    def mean_net(self) -> float:
        """The tested player's net chips averaged over the rotations."""
        return sum(h.net for h in self.hands) / len(self.hands)

    @property
    def win_share(self) -> float:
        """The share of the rotations the tested player won."""
        return sum(h.won for h in self.hands) / len(self.hands)


def movers(deal: Deal, seed: str) -> Iterator[int]:
    """The wind to move next in ``deal`` (seeded ``seed``), until it is over; the automatic passes
    of a claim window (:meth:`Deal.idle_passes`) are applied first. The caller applies each
    wind's move before asking for the next.

    :raises IllegalActionError: if the deal stops with nobody to move (an engine fault).
    """
    while not deal.over:
        for idle in deal.idle_passes():
            deal.apply(idle)
        if deal.over:
            return
        waiting = deal.to_act()
        if not waiting:
            raise IllegalActionError(f"deal {quote(seed)}: no seat has a legal action")
        yield waiting[0]


def play_hand(
    ruleset: str | Ruleset,
    settings: Settings | Mapping[str, object] | None,
    seed: str,
    levels: Sequence[str],
    seat: int = 0,
    *,
    defence: bool = False,
) -> HandOutcome:
    """Play one deal seeded ``seed`` to its end, wind ``w`` played by ``levels[w]`` (the
    level of a wind not in play is ignored; the player of wind ``w`` is seeded
    ``f"{seed}:{w}"``); the outcome is seen from ``seat``, the tested player's wind. With
    ``defence`` every computer player reads the others' displays and declarations, as at a
    table with people (:mod:`engine.ai.defence`).

    >>> hand = play_hand("dmjl", None, "doc", ["strong", "normal", "normal", "normal"])
    >>> hand.levels, sum(hand.nets), hand.net == hand.nets[0]
    (('strong', 'normal', 'normal', 'normal'), 0, True)

    :raises SettingError: for an unknown ruleset, setting or level.
    :raises IllegalActionError: if a deal stops with nobody to move (an engine fault).
    """
    deal = Deal(ruleset, settings, seed)
    dealt = tuple(tuple(sorted(deal.seats[w].concealed)) for w in range(_SEATS))
    players = {
        w: _chooser(levels[w], f"{seed}:{w}", deal.settings, deal.ruleset, defence) for w in deal.in_play
    }
    for wind in movers(deal, seed):
        deal.apply(players[wind](deal.view(wind)).by(WINDS[wind]))  # the view's move is this wind's
    result = deal.result
    assert result is not None
    played = tuple(levels[w] if w in deal.in_play else "" for w in range(_SEATS))
    return HandOutcome(seat, played, dealt, result.settlement.nets, result.winners)


def play_wall(
    ruleset: str | Ruleset,
    settings: Settings | Mapping[str, object] | None,
    seed: str,
    wall: int,
    player: str,
    field: str,
    *,
    defence: bool = False,
) -> WallResult:
    """Play wall ``wall`` of a run seeded ``seed`` once per seat in play, ``player`` in that
    seat and ``field`` in the others, the same tiles dealt each time (``defence``: every
    computer player with defence on, :func:`play_hand`).

    >>> result = play_wall("dmjl", None, "doc", 0, "strong", "normal")
    >>> [hand.levels for hand in result.hands][1]
    ('normal', 'strong', 'normal', 'normal')

    :raises SettingError: for an unknown ruleset, setting or player.
    """
    rs, st = resolve(ruleset, settings)
    player, field = player_level(player), player_level(field)
    seed_of_wall = wall_seed(seed, wall)
    in_play = rs.seats(st, None)
    hands = tuple(
        play_hand(
            rs,
            st,
            seed_of_wall,
            [player if w == seat else field for w in range(_SEATS)],
            seat,
            defence=defence,
        )
        for seat in in_play
    )
    return WallResult(wall, seed_of_wall, hands)


def mean_and_se(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``values`` and its standard error (sample standard deviation over √n;
    None for fewer than two values).

    >>> mean_and_se([1.0, 3.0, 5.0, 7.0])
    (4.0, 1.2909944487358056)
    >>> mean_and_se([2.0])
    (2.0, None)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, statistics.stdev(values) / math.sqrt(len(values))


def walls_needed(sd: float, difference: float) -> int:
    """How many walls make ``difference`` two standard errors when the per-wall standard
    deviation is ``sd``: ``(2·sd/difference)²``, rounded up.

    >>> walls_needed(60.0, 5.0), walls_needed(60.0, 2.0)
    (576, 3600)
    """
    return math.ceil((2 * sd / difference) ** 2)


@dataclass(frozen=True, slots=True)
class Figures:
    """The tested player's results over a run of walls, and the field's beside them."""

    walls: int
    hands: int
    wins: int
    draws: int
    win_share: float
    win_share_se: float | None
    chips_per_hand: float
    chips_se: float | None
    """Standard error of :attr:`chips_per_hand`, per wall."""
    chips_sd: float | None
    """Standard deviation of the per-wall means of the tested player's net chips."""
    field_wins: int
    field_win_share: float
    """The share of the hands one field seat won, on average."""
    field_chips_per_hand: float
    """One field seat's net chips per hand, on average."""

    def as_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dictionary (rounded)."""
        return {
            "walls": self.walls,
            "hands": self.hands,
            "wins": self.wins,
            "draws": self.draws,
            "win_share": _round(self.win_share, 4),
            "win_share_se": _round(self.win_share_se, 4),
            "chips_per_hand": _round(self.chips_per_hand, 2),
            "chips_per_hand_se": _round(self.chips_se, 2),
            "chips_per_wall_sd": _round(self.chips_sd, 2),
            "field_wins": self.field_wins,
            "field_win_share": _round(self.field_win_share, 4),
            "field_chips_per_hand": _round(self.field_chips_per_hand, 2),
        }


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def summarize(results: Sequence[WallResult]) -> Figures:
    """The tested player's :class:`Figures` over ``results`` (at least one wall).

    >>> walls = [play_wall("dmjl", None, "doc", w, "easy", "easy") for w in range(2)]
    >>> figures = summarize(walls)
    >>> figures.hands, figures.chips_per_hand, figures.chips_se
    (8, 0.0, 0.0)
    """
    hands = [h for r in results for h in r.hands]
    chips, chips_se = mean_and_se([r.mean_net for r in results])
    share, share_se = mean_and_se([r.win_share for r in results])
    field_seats = sum(sum(1 for lv in h.levels if lv) - 1 for h in hands)
    field_wins = sum(sum(1 for w in h.winners if w != h.seat) for h in hands)
    field_chips = sum(sum(h.nets) - h.net for h in hands)
    return Figures(
        walls=len(results),
        hands=len(hands),
        wins=sum(h.won for h in hands),
        draws=sum(h.drawn for h in hands),
        win_share=share,
        win_share_se=share_se,
        chips_per_hand=chips,
        chips_se=chips_se,
        chips_sd=None if chips_se is None else chips_se * math.sqrt(len(results)),
        field_wins=field_wins,
        field_win_share=field_wins / field_seats,
        field_chips_per_hand=field_chips / field_seats,
    )


@dataclass(frozen=True, slots=True)
class Paired:
    """The second player's results minus the first's, wall by wall."""

    walls: int
    chips_per_hand: float
    chips_se: float | None
    chips_sd: float | None
    """Standard deviation of the per-wall differences: what sets how many walls a comparison needs."""
    win_share: float
    win_share_se: float | None

    def as_dict(self, differences: Sequence[float] = (2.0, 5.0)) -> dict[str, Any]:
        """The figures as a JSON-ready dictionary, with the walls each of ``differences``
        (chips per hand) needs at two standard errors."""
        needed = (
            {} if self.chips_sd is None else {f"{d:g}": walls_needed(self.chips_sd, d) for d in differences}
        )
        return {
            "walls": self.walls,
            "chips_per_hand": _round(self.chips_per_hand, 2),
            "chips_per_hand_se": _round(self.chips_se, 2),
            "chips_per_wall_sd": _round(self.chips_sd, 2),
            "win_share": _round(self.win_share, 4),
            "win_share_se": _round(self.win_share_se, 4),
            "walls_needed": needed,
        }


def paired(first: Sequence[WallResult], second: Sequence[WallResult]) -> Paired:
    """``second`` − ``first`` on the same walls: the mean of the per-wall differences and its
    standard error.

    >>> a = [play_wall("dmjl", None, "doc", w, "normal", "normal") for w in range(2)]
    >>> paired(a, a).chips_per_hand, paired(a, a).chips_se
    (0.0, 0.0)

    :raises ValueError: if the two lists are not of the same walls.
    """
    if [r.seed for r in first] != [r.seed for r in second]:
        raise ValueError("paired results must come from the same walls")
    chips, chips_se = mean_and_se([b.mean_net - a.mean_net for a, b in zip(first, second, strict=True)])
    share, share_se = mean_and_se([b.win_share - a.win_share for a, b in zip(first, second, strict=True)])
    return Paired(
        walls=len(first),
        chips_per_hand=chips,
        chips_se=chips_se,
        chips_sd=None if chips_se is None else chips_se * math.sqrt(len(first)),
        win_share=share,
        win_share_se=share_se,
    )
