"""The skill rating: every finished game rates the people in it by their order of finish.

Pure: no Discord, no database. The storage (:mod:`bot.storage.ratings`) calls it in the
transaction that finishes a game, and again, game by game in the order they ended, when a
server changes how its rulesets are grouped (:data:`RATING_BY`).

* **The model** is openskill's Plackett-Luce (Weng-Lin), made for more than two players: each
  person has a mean ``mu`` (start 25) and an uncertainty ``sigma`` (start 25/3). One game is one
  ranking: people ordered by the chips they won in it (the sum of its hands' payments, a hand
  whose booking was reversed left out), equal chips sharing a place (:func:`places`).
* **Computer players** are never rated and never move a person's rating: the people of a game
  are ranked among themselves only. A game with fewer than two people rates nobody.
* **What is shown and ordered by** is the conservative estimate ``mu - 3 sigma`` (openskill's
  ``ordinal()``: the true skill lies above it with about 99.9 % certainty; a newcomer's is 0),
  on a display scale of ×100 rounded to whole numbers (:data:`SCALE`): a newcomer shows
  ``0`` with a mean of ``2,500 ± 833``. The scale changes no order and no ratio.
* **Families**: ratings are kept per server and per family of rulesets, as the server sets it
  (:func:`family`): each ruleset on its own (the default), the classical Chinese rules (dmjl and
  huabao) together, or one rating across all rulesets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

from engine.rulesets import RULESETS, Ruleset

RATING_BY: Final = ("ruleset", "classical", "all")
"""How a server groups its rulesets into rating families: ``ruleset`` each on its own (the
default), ``classical`` the classical Chinese rules together, ``all`` one rating for all."""

DEFAULT_RATING_BY: Final = "ruleset"

CLASSICAL: Final = frozenset({"dmjl", "huabao"})
"""The classical Chinese rules that ``rating_by = classical`` rates together."""

CLASSICAL_FAMILY: Final = "classical"
ALL_FAMILY: Final = "all"

MIN_GAMES: Final = 5
"""A member with fewer rated games is shown apart on the leaderboard (the rating is still
mostly its starting uncertainty)."""

SCALE: Final = 100
"""The display scale: a rating is shown as ``round(100 × value)``."""

MODEL: Final = PlackettLuce()
"""The one model every rating is computed with (openskill's defaults: mu 25, sigma 25/3)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One person's rating in one family: mean, uncertainty and games counted."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def conservative(self) -> float:
        """``mu - 3 sigma`` (openskill's ``ordinal()``), what the leaderboard orders by.

        >>> Rating().conservative
        0.0
        """
        return float(MODEL.rating(self.mu, self.sigma).ordinal())


def shown(value: float) -> int:
    """A rating value on the display scale (:data:`SCALE`), a whole number.

    >>> shown(12.3456), shown(Rating().sigma)
    (1235, 833)
    """
    return round(value * SCALE)


def base_ruleset(ruleset: Ruleset | str) -> str:
    """The registered ruleset a game's ruleset belongs to: itself when registered, else (one made
    with ``derive`` and never registered) the nearest registered one it was derived from; a name
    the registry does not know stays as it is.

    >>> from engine.rulesets import get_ruleset
    >>> base_ruleset(get_ruleset("dmjl").derive("club", title="Club rules"))
    'dmjl'
    >>> base_ruleset("rumisberg")
    'rumisberg'
    """
    if isinstance(ruleset, str):
        return ruleset.strip().lower()
    current = ruleset
    while RULESETS.get(current.name) is not current:
        parent = RULESETS.get(current.parent) if current.parent else None
        if parent is None:
            return current.parent or current.name
        current = parent
    return current.name


def family(ruleset: Ruleset | str, rating_by: str) -> str:
    """The rating family of a game played under ``ruleset``, as the server groups them.

    >>> family("huabao", "ruleset"), family("huabao", "classical"), family("jiangxi", "classical")
    ('huabao', 'classical', 'jiangxi')
    >>> family("rumisberg", "all")
    'all'

    :raises ValueError: for a grouping not in :data:`RATING_BY`.
    """
    if rating_by not in RATING_BY:
        raise ValueError(f"rating_by is one of {', '.join(RATING_BY)}, not {rating_by!r}")
    if rating_by == "all":
        return ALL_FAMILY
    base = base_ruleset(ruleset)
    if rating_by == "classical" and base in CLASSICAL:
        return CLASSICAL_FAMILY
    return base


def chips_won(seats: int, payments: Sequence[tuple[int, int, int]]) -> list[int]:
    """Each seat's chips from a game's payments ``(payer, payee, amount)`` (the hands whose
    booking was reversed already left out by the caller).

    >>> chips_won(3, [(0, 1, 50), (2, 1, 20)])
    [-50, 70, -20]
    """
    out = [0] * seats
    for payer, payee, amount in payments:
        out[payer] -= amount
        out[payee] += amount
    return out


def places(seats: Sequence[int | str], chips: Sequence[int]) -> dict[int, int]:
    """The people of a game (the seats holding a Discord user id, not ``"ai:..."``) and their
    place among the people only: 1 for the most chips, equal chips sharing a place (1, 2, 2, 4).
    Empty when fewer than two people sat (such a game rates nobody).

    >>> places([7, "ai:easy:1", 8, 9], [100, 500, -300, 100])
    {7: 1, 8: 3, 9: 1}
    >>> places([7, "ai:easy:1", "ai:easy:2", "ai:easy:3"], [10, 0, 0, -10])
    {}
    """
    people = [(seat, chips[i]) for i, seat in enumerate(seats) if isinstance(seat, int)]
    if len(people) < 2:
        return {}
    return {user: 1 + sum(1 for _, other in people if other > won) for user, won in people}


def rate(before: Mapping[int, Rating], ranked: Mapping[int, int]) -> dict[int, Rating]:
    """The ratings after one game: ``before`` each person's rating (a missing one is a newcomer's)
    and ``ranked`` each person's place (:func:`places`); openskill's Plackett-Luce update with
    each person a team of one, ``ranks`` their places. Nobody (an empty dict) for fewer than two.

    >>> after = rate({}, {7: 1, 8: 2})
    >>> after[7].mu > 25 > after[8].mu, after[7].games
    (True, 1)
    """
    if len(ranked) < 2:
        return {}
    users = sorted(ranked)
    old = [before.get(user, Rating()) for user in users]
    teams = [[MODEL.rating(r.mu, r.sigma)] for r in old]
    new = MODEL.rate(teams, ranks=[float(ranked[user]) for user in users])
    return {
        user: Rating(float(team[0].mu), float(team[0].sigma), r.games + 1)
        for user, team, r in zip(users, new, old, strict=True)
    }
