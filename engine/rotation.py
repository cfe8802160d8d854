"""Who deals next: the rotations of East and the prevailing wind (RULES.md §1.13), one place.

A :class:`Rotation` takes how a hand ended (:class:`HandEnd`) and where the table stood
(:class:`Seating`: East's position, the prevailing wind, East's run of wins, the rounds) and
gives where it stands for the next hand. Everything is by table position (0 is the first East;
East passes to the next position, the former South's).

A :class:`~engine.rulesets.ruleset.Ruleset` names its rotation (``Ruleset.rotation``), or lets
the ``dealer_rotation`` setting choose one of :data:`ROTATIONS` (every ruleset of the registry
does, its defaults naming its own: ``on_non_east_win`` for dmjl, huabao and wikibooks,
``after_every_scored_game`` for rumisberg, ``winner`` for jiangxi); ``Ruleset.derive`` may give
another, and :class:`~engine.game.Game` asks its ruleset (``Ruleset.rotation_for``).

Every rotation here lets the discarder who fed two or three winners deal next, whatever it
would do otherwise (A-JX-06, seed 004 §7: only jiangxi has several winners on one discard).

>>> start = Seating(east=0, prevailing=Wind.EAST)
>>> ON_NON_EAST_WIN.next_seating(HandEnd(winner=2), start, Settings()).east
1
>>> WINNER.next_seating(HandEnd(winner=2), start, Settings()).east
2
>>> AFTER_EVERY_SCORED_GAME.next_seating(HandEnd(winner=0), start, Settings()).east
1
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from engine.settings import Settings
from engine.tiles import Wind


@dataclass(frozen=True, slots=True)
class Seating:
    """Where the table stands between hands, by position."""

    east: int
    """The position of East."""
    prevailing: Wind
    """The prevailing wind."""
    streak: int = 0
    """How many Mah-Jonggs in a row this East has won (the nine-times rule, A-DMJL-13)."""
    rotations: int = 0
    """How often East has moved on in this round."""
    rounds: int = 0
    """Rounds (prevailing winds) completed."""
    players: int = 4
    """How many positions play: East moves among 0 .. players-1 (A-RU-18 with three)."""


@dataclass(frozen=True, slots=True)
class HandEnd:
    """How a hand ended, as a rotation reads it, by position."""

    winner: int | None = None
    """The (first) winner, None for a drawn hand."""
    winners: tuple[int, ...] = ()
    """Every winner, the first first (several only on one discard, jiangxi); ``(winner,)`` when
    not given."""
    discarder: int | None = None
    """The position whose discard won, None for a self-drawn win or a drawn hand."""

    def __post_init__(self) -> None:
        if not self.winners and self.winner is not None:
            object.__setattr__(self, "winners", (self.winner,))

    @property
    def drawn(self) -> bool:
        """Whether nobody won."""
        return self.winner is None


RotationRule = Callable[[HandEnd, Seating, Settings], Seating]
"""``rule(end, seating, settings)``: the seating of the next hand (East and the prevailing wind
of the next hand; East's run of wins and the rounds as they stand after this hand)."""


@dataclass(frozen=True, slots=True)
class Rotation:
    """One way East moves on: its name (the ``dealer_rotation`` value that chooses it), the
    rule or resolution it follows, and the rule itself."""

    name: str
    ref: str
    """The section of RULES.md or the resolution it follows."""
    rule: RotationRule

    def next_seating(self, end: HandEnd, seating: Seating, settings: Settings) -> Seating:
        """The seating after a hand that ended as ``end`` (see :data:`RotationRule`)."""
        return self.rule(end, seating, settings)


def streak_after(end: HandEnd, seating: Seating) -> int:
    """East's run of wins after the hand: one more when East won, unchanged by a drawn hand,
    0 when another won."""
    if end.winner == seating.east:
        return seating.streak + 1
    return seating.streak if end.drawn else 0


def east_moves_on(seating: Seating) -> Seating:
    """East passes to the right: the former South becomes East (§1.13; with three players to
    the next of the three positions that play, A-RU-18). When East is back at the first East
    (position 0) the round is over and the prevailing wind advances (A-RU-16)."""
    east = (seating.east + 1) % seating.players
    if east == 0:
        return replace(
            seating,
            east=east,
            streak=0,
            rotations=0,
            rounds=seating.rounds + 1,
            prevailing=Wind((seating.prevailing + 1) % 4),
        )
    return replace(seating, east=east, streak=0, rotations=seating.rotations + 1)


def fed_several(end: HandEnd, seating: Seating) -> Seating | None:
    """A discard that fed two or three winners makes its discarder deal next (seed 004 §7,
    A-JX-06, RULES.md §4 ``next_dealer`` "in any case"); the round does not move. None when the
    hand did not end so."""
    if len(end.winners) >= 2 and end.discarder is not None:
        return replace(seating, east=end.discarder, streak=0)
    return None


def _nine_times(end: HandEnd, seating: Seating, streak: int, settings: Settings) -> bool:
    """East's ninth Mah-Jongg in a row under ``nine_times_rule``: East moves on all the same."""
    return end.winner == seating.east and settings.nine_times_rule and streak >= 9


def on_non_east_win(end: HandEnd, seating: Seating, settings: Settings) -> Seating:
    """East stays while he wins or the hand is drawn; when another wins, East moves on (§1.13,
    seeds 000 §3.9 and 001), as after East's ninth win in a row under ``nine_times_rule``."""
    fed = fed_several(end, seating)
    if fed is not None:
        return fed
    streak = streak_after(end, seating)
    east_won = end.winner == seating.east
    if (not east_won and not end.drawn) or _nine_times(end, seating, streak, settings):
        return east_moves_on(seating)
    return replace(seating, streak=streak)


def after_every_scored_game(end: HandEnd, seating: Seating, settings: Settings) -> Seating:
    """East moves on after every hand with a winner, whoever won; a drawn hand keeps him
    (rumisberg's rule 21, seed 002 step 11; A-RU-16)."""
    fed = fed_several(end, seating)
    if fed is not None:
        return fed
    streak = streak_after(end, seating)
    if not end.drawn or _nine_times(end, seating, streak, settings):
        return east_moves_on(seating)
    return replace(seating, streak=streak)


def winner_deals(end: HandEnd, seating: Seating, settings: Settings) -> Seating:
    """The winner deals the next hand (a winning dealer stays); a drawn hand keeps the dealer
    (jiangxi, §2.5.7, A-JX-06). There are no rounds: the prevailing wind stays."""
    del settings
    fed = fed_several(end, seating)
    if fed is not None:
        return fed
    if end.winner is not None and end.winner != seating.east:
        return replace(seating, east=end.winner, streak=0)
    return replace(seating, streak=streak_after(end, seating))


ON_NON_EAST_WIN: Final = Rotation("on_non_east_win", "§1.13", on_non_east_win)
AFTER_EVERY_SCORED_GAME: Final = Rotation(
    "after_every_scored_game", "§2.4.11, rule 21, A-RU-16", after_every_scored_game
)
WINNER: Final = Rotation("winner", "§2.5.7, A-JX-06", winner_deals)

ROTATIONS: Final[dict[str, Rotation]] = {
    r.name: r for r in (ON_NON_EAST_WIN, AFTER_EVERY_SCORED_GAME, WINNER)
}
"""The rotations the ``dealer_rotation`` setting chooses among, by its values."""
