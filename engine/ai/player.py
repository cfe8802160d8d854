"""Computer players that decide from their seat's view only, at three levels.

``easy`` plays for speed alone (lowest shanten, most useful tiles) with some
randomness; ``normal`` weighs every discard and claim by the useful tiles left
times what the hand would then score under the table's ruleset, shanten first;
``strong`` weighs every discard, claim and kong by the chips it is expected to
bring: the chance to win and the payments that follow, from a model fitted to
play (:mod:`engine.ai.model`), so a claim that speeds the hand up is set against
the concealment and value it gives away in the unit the table pays in; short of
ready it weighs its best few discards again one draw later
(:meth:`Evaluator.lookahead`), by what each useful draw would make of the hand.

With ``defence`` (tables with people) a player reads the others' displays and
declarations and weighs every discard by its danger: the chance it completes an
opponent's hand times what it would pay him, against what its own hand can still
win (:func:`guard`, :mod:`engine.ai.defence`): a far hand folds, a ready valuable
hand pushes, and in between it keeps its hand with the safest tile that does.

A player holds only its level, its own :class:`random.Random` and the
settings it was given; :meth:`AIPlayer.choose` reads nothing but the
:class:`~engine.views.SeatView` it is handed.

>>> from engine.deal import Deal
>>> deal = Deal("dmjl", seed=5)
>>> player = AIPlayer("strong", seed="doc")
>>> player.choose(deal.view(0)) in deal.view(0).legal
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.actions import Action, ActionKind
from engine.ai import defence
from engine.ai.model import Inputs, model_for, value_class
from engine.ai.shanten import IMPOSSIBLE, useful_tiles
from engine.ai.shanten import shanten as shanten_of
from engine.ai.value import (
    HandState,
    Knowledge,
    PairValue,
    WindValues,
    estimate_value,
    find_action,
    hand_limits,
    knowledge,
    resolve_settings,
    state_of,
)
from engine.errors import IllegalActionError, SettingError, quote
from engine.hand import Hand, Meld, MeldKind
from engine.rulesets import Ruleset
from engine.scoring import score
from engine.settings import Settings
from engine.tiles import HONOUR_START, N_KINDS, TILES, Tile
from engine.views import SeatView

__all__ = [
    "LEVELS",
    "AIPlayer",
    "Evaluator",
    "Guard",
    "Option",
    "WaitValue",
    "fishing_value",
    "guard",
    "riichi_worth",
    "winning_left",
]

LEVELS: Final = ("easy", "normal", "strong")
"""The levels of computer player, weakest first."""

LOSER_WEIGHT: Final = 0.3
"""How much the value of a losing hand's sets counts (losers settle their differences)."""
VALUE_POWER = 1.0
"""How much value counts against speed: the utility is useful tiles times value to this power."""
CLAIM_MARGIN = 1.02
"""A claim must promise this much more than passing (it gives away concealment and options)."""
KONG_BONUS: Final = 1.1
"""A kong brings a replacement draw and more points: a small premium on its utility."""
KONG_EDGE: Final = 2.0
"""Chips a kong is worth to the strong player beyond what its sets add (the replacement draw)."""


@dataclass(frozen=True, slots=True)
class _Level:
    value: bool
    candidates: int
    randomness: float
    slack: int
    """How many shanten above the best a discard may be and still be weighed (for its value)."""
    expected: bool = False
    """Rank every choice by the chips it is expected to bring (:class:`~engine.ai.model.OutcomeModel`)
    instead of shanten first and useful tiles times value."""
    ahead: int = 0
    """How many of the best discards (of the best shanten, short of ready) are weighed again one
    draw later (:meth:`Evaluator.lookahead`)."""


_LEVELS: Final = {
    "easy": _Level(value=False, candidates=14, randomness=0.3, slack=0),
    "normal": _Level(value=True, candidates=4, randomness=0.0, slack=1),
    "strong": _Level(value=True, candidates=8, randomness=0.0, slack=0, expected=True, ahead=3),
}


@dataclass(frozen=True, slots=True)
class WaitValue:
    """A tile that completes a waiting hand, its copies unseen, and the hand's value with it."""

    tile: Tile
    unseen: int
    on_discard: int
    """Value when won on another player's discard (0 if not a Mah-Jongg there)."""
    self_drawn: int
    """Value when self-drawn."""


@dataclass(frozen=True, slots=True)
class Option:
    """A hand of ``3n + 1`` concealed tiles reached by a discard (or a claim), and its prospects."""

    discard: Tile | None
    shanten: int
    useful: tuple[tuple[Tile, int], ...]
    unseen: int
    value: float
    """Expected value of the hand if it wins."""
    chance: float
    """The chance to win the hand from here (:meth:`~engine.ai.model.OutcomeModel.win_chance`)."""
    utility: float
    """What the choice is worth on balance: to ``strong`` the expected net chips, to ``normal``
    the useful tiles times the value (losing value included)."""
    waits: tuple[WaitValue, ...] = ()
    inputs: Inputs | None = None
    """What :attr:`chance` was worked out from (the win-chance model's inputs)."""
    lose: float = 0.0
    """The value of the hand's sets if another player wins."""


class Evaluator:
    """The analysis behind a player's decisions and a human's hints, for one view."""

    def __init__(self, view: SeatView, know: Knowledge, level: str = "normal") -> None:
        """Read ``view`` (a seat's own view) under the rules ``know``.

        :raises ValueError: for a public view; SettingError (a ValueError) for an unknown level.
        """
        if level not in _LEVELS:
            raise SettingError(f"unknown level {quote(level)}; levels are: {', '.join(LEVELS)}")
        self.level = _LEVELS[level]
        self.know = know
        self.view = view
        self.state: HandState = state_of(view)
        st = self.state
        self.wv: WindValues = know.winds(st.seat_wind, st.prevailing)
        self.bonus: PairValue = (0, 0)
        if st.bonus:
            b = score(Hand((), (), st.bonus), None, know.rules, know.settings)
            self.bonus = (b.points, b.doubles)
        self.unseen = [st.unseen(t) for t in range(N_KINDS)]
        self._choices: dict[tuple[object, ...], list[Option]] = {}
        self.model = model_for(view.ruleset, st.players)
        self._opp = (max(st.opponent_melds, default=0), sum(st.opponent_melds))

    def after_claim(self, action: Action, tile: int) -> tuple[list[int], list[Meld], list[int]]:
        """The concealed counts, melds and own tiles after claiming ``tile`` with ``action``
        (a chow, pong or kong), before any discard."""
        st = self.state
        counts = list(st.counts)
        held = list(st.held)
        held[tile] += 1
        if action.kind is ActionKind.CHOW:
            assert action.tile is not None
            for t in (action.tile, action.tile + 1, action.tile + 2):
                if t != tile:
                    counts[t] -= 1
            meld = Meld(MeldKind.CHOW, action.tile)
        else:
            kong = action.kind is ActionKind.KONG
            counts[tile] -= 3 if kong else 2
            meld = Meld(MeldKind.KONG if kong else MeldKind.PONG, TILES[tile])
        return counts, [*st.melds, meld], held

    def after_kong(self, action: Action) -> tuple[list[int], list[Meld]]:
        """The concealed counts and melds after declaring ``action``'s kong on turn (concealed
        or added to an exposed pong), before the replacement draw."""
        st = self.state
        tile = action.tile
        assert tile is not None
        counts = list(st.counts)
        if action.kind is ActionKind.CONCEALED_KONG:
            counts[tile] -= 4
            return counts, [*st.melds, Meld(MeldKind.KONG, tile, True)]
        counts[tile] -= 1
        melds = [
            Meld(MeldKind.KONG, m.tile) if m.kind == MeldKind.PONG and m.tile == tile else m for m in st.melds
        ]
        return counts, melds

    # --- Building blocks ------------------------------------------------------------------------

    def _flags(self, melds: Sequence[Meld]) -> dict[str, Any]:
        no_melds = not melds
        return {
            "seven_pairs": self.know.seven_pairs and no_melds,
            "thirteen_orphans": self.know.thirteen_orphans and no_melds,
            "quad_as_two_pairs": self.know.table.quad_as_two_pairs,
            "limits": hand_limits(self.know, melds).limits,
        }

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """Shanten of concealed ``counts`` beside ``melds`` under the ruleset's shapes and the
        table's conditions (chows allowed, suit pongs and flush required: a hand no longer able
        to meet them is :data:`~engine.ai.shanten.IMPOSSIBLE`)."""
        return shanten_of(counts, melds=len(melds), **self._flags(melds))

    def dead(self, melds: Sequence[Meld]) -> bool:
        """Whether a hand with the declared ``melds`` can no longer win under the table's
        conditions, whatever it draws or claims (:func:`engine.ai.conditions.dead`)."""
        return hand_limits(self.know, melds).dead

    def evaluate(
        self,
        counts: Sequence[int],
        melds: Sequence[Meld],
        *,
        discard: Tile | None = None,
        held: Sequence[int] | None = None,
        exact: bool = True,
        known_shanten: int | None = None,
    ) -> Option:
        """The prospects of a hand of ``3n + 1`` concealed tiles ``counts`` beside ``melds``."""
        held = held if held is not None else self.state.held
        flags = self._flags(melds)
        useful = tuple(useful_tiles(counts, melds=len(melds), visible=self.state.visible, held=held, **flags))
        sh = known_shanten if known_shanten is not None else self.shanten(counts, melds)
        unseen = sum(n for _, n in useful)
        st = self.state
        inputs = Inputs(
            sh,
            unseen,
            st.wall_live,
            sum(1 for m in melds if not m.concealed),
            *self._opp,
            pair_useful=sum(n for t, n in useful if counts[t] >= 2),
            major_useful=sum(n for t, n in useful if t.is_major),
        )
        dead = sh >= IMPOSSIBLE or self.dead(melds)
        chance = 0.0 if dead else self.model.win_chance(inputs)
        waits: tuple[WaitValue, ...] = ()
        if not self.level.value:
            return Option(discard, sh, useful, unseen, 1.0, chance, chance, waits, inputs)
        value, lose = estimate_value(counts, melds, self.wv, self.know, self.unseen, self.bonus)
        if dead:
            value = 0.0
        elif sh == 0 and exact:
            waits = self.wait_values(counts, melds, useful)
            total = sum(w.unseen for w in waits if w.on_discard or w.self_drawn)
            if total:
                value = sum(w.unseen * (0.7 * w.on_discard + 0.3 * w.self_drawn) for w in waits) / total
            elif waits:
                # No winning tile left unseen: the best; none a hand the table lets win (its
                # minimum of points, fan or doubles): as it stands the hand wins nothing.
                value = max(0.7 * w.on_discard + 0.3 * w.self_drawn for w in waits)
                if not value:
                    chance = 0.0
        if self.level.expected:
            utility = self.model.expected_net(chance, value, lose, east=st.seat_wind == 0, shanten=sh)
        else:
            utility = (unseen + 1.0) * (value + LOSER_WEIGHT * lose) ** VALUE_POWER
        return Option(discard, sh, useful, unseen, value, chance, utility, waits, inputs, lose)

    def wait_values(
        self, counts: Sequence[int], melds: Sequence[Meld], waits: Sequence[tuple[Tile, int]]
    ) -> tuple[WaitValue, ...]:
        """The value of the hand completed by each waiting tile, on a discard and self-drawn."""
        tiles = [TILES[k] for k in range(N_KINDS) for _ in range(counts[k])]
        st = self.state
        out = []
        own = [0] * N_KINDS
        for t in tiles:
            own[t] += 1
        for m in melds:
            for t in m.tiles:
                own[t] += 1
        for tile, unseen in waits:
            if own[tile] >= 4:  # a fifth copy does not exist
                continue
            hand = Hand((*tiles, tile), tuple(melds), st.bonus)
            on_discard = self.know.hand_score(hand, st.seat_wind, st.prevailing, tile, self_drawn=False)
            drawn = self.know.hand_score(hand, st.seat_wind, st.prevailing, tile, self_drawn=True)
            out.append(WaitValue(tile, unseen, on_discard or 0, drawn or 0))
        return tuple(out)

    def lookahead(self, option: Option) -> float:
        """What ``option`` (a discard from the seat's own hand) is worth one draw later: every
        unseen tile drawn in proportion to its copies, a useful one followed by the best discard
        then, any other thrown away again (the option as it is).

        The model weighs a hand by how many tiles help it; this weighs which ones do, and what
        the hand becomes with each.
        """
        st = self.state
        if option.discard is None:
            return option.utility
        counts = list(st.counts)
        counts[option.discard] -= 1
        # The discarded copy stays counted in ``held``: on the table it is seen either way.
        held = list(st.held)
        useful = {t for t, _ in option.useful}
        total = 0
        weighed = 0.0
        for k in range(N_KINDS):
            n = self.unseen[k]
            if n <= 0:
                continue
            total += n
            utility = option.utility
            if k in useful:
                counts[k] += 1
                held[k] += 1
                utility = self.discard_choices(counts, st.melds, held=held)[0].utility
                counts[k] -= 1
                held[k] -= 1
            weighed += n * utility
        return weighed / total if total else option.utility

    def discard_choices(
        self, counts: Sequence[int], melds: Sequence[Meld], *, held: Sequence[int] | None = None
    ) -> list[Option]:
        """Options for each worthwhile discard from ``3n + 2`` concealed tiles, best first
        (remembered, so the decision and a hint from one evaluator share the work)."""
        key = (tuple(counts), tuple(melds), None if held is None else tuple(held))
        got = self._choices.get(key)
        if got is None:
            got = self._choices[key] = self._discard_choices(counts, melds, held)
        return list(got)

    def _discard_choices(
        self, counts: Sequence[int], melds: Sequence[Meld], held: Sequence[int] | None
    ) -> list[Option]:
        lv = self.level
        work = list(counts)
        after: list[tuple[int, int]] = []
        for k in range(N_KINDS):
            if work[k]:
                work[k] -= 1
                after.append((self.shanten(work, melds), k))
                work[k] += 1
        best = min(s for s, _ in after)
        pool = [(s, k) for s, k in after if s == best]
        if lv.value:
            values: dict[int, float] = {}
            for s, k in after:
                if s <= best + lv.slack:
                    work[k] -= 1
                    values[k] = estimate_value(work, melds, self.wv, self.know, self.unseen, self.bonus)[0]
                    work[k] += 1
            top = max(values[k] for _, k in pool)
            if len(pool) > lv.candidates:
                # Shortlist: tiles with no partner first, then what keeps the most value.
                pool.sort(key=lambda item: (-_isolation(work, item[1]), -values[item[1]], item[1]))
                pool = pool[: lv.candidates]
            # A discard a step slower is weighed only when it keeps a much richer hand.
            pool += [(s, k) for s, k in after if s > best and k in values and values[k] >= 1.8 * top]
        options = []
        for s, k in pool:
            work[k] -= 1
            options.append(self.evaluate(work, melds, discard=TILES[k], held=held, known_shanten=s))
            work[k] += 1
        if lv.expected:
            options.sort(key=lambda o: (-o.utility, o.shanten, o.discard))
        elif lv.value:
            options.sort(key=lambda o: (o.shanten, -o.utility, -o.unseen, o.discard))
        else:
            options.sort(key=lambda o: (o.shanten, -o.unseen, -len(o.useful), o.discard))
        return options


def _isolation(counts: Sequence[int], k: int) -> int:
    """How alone tile ``k`` is in ``counts`` (its own copy included): 3 for an honour or
    terminal with no partner, 2 for a lone simple, 1 with only a partner two ranks away, 0 else."""
    if counts[k] > 1:
        return 0
    if k >= HONOUR_START:
        return 3
    r = k % 9
    if (r > 0 and counts[k - 1]) or (r < 8 and counts[k + 1]):
        return 0
    if (r > 1 and counts[k - 2]) or (r < 7 and counts[k + 2]):
        return 1
    return 3 if r in (0, 8) else 2


def _exchange(view: SeatView) -> Action:
    """A move in a Gulasch exchange (rumisberg, §2.4.6): give East the three tiles whose loss
    leaves the hand closest to complete (the most isolated first among equals); swap the lone
    tiles with the wall, up to three; as East, let the exchange go on while a lone tile is left.

    >>> from engine.deal import Deal
    >>> deal = Deal("rumisberg", seed=5, gulasch=True)
    >>> str(_exchange(deal.view(2))).startswith("seat 2: give")
    True
    """
    legal = view.legal
    counts = [0] * N_KINDS
    for t in (*view.concealed, *((view.drawn,) if view.drawn is not None else ())):
        counts[t] += 1
    lone = sorted(
        (k for k in range(N_KINDS) if counts[k] and _isolation(counts, k) >= 2),
        key=lambda k: -_isolation(counts, k),
    )
    go_on = find_action(legal, ActionKind.CONTINUE)
    if go_on is not None:
        start = find_action(legal, ActionKind.START)
        return go_on if lone or start is None else start
    gives = [a for a in legal if a.kind is ActionKind.GIVE]
    if gives:
        # Three tiles leave 3n + 1 or 3n + 2: counted as if one set were already declared.
        def cost(a: Action) -> tuple[int, int]:
            rest = counts[:]
            for t in a.tiles:
                rest[t] -= 1
            return shanten_of(rest, melds=1), -sum(_isolation(counts, t) for t in a.tiles)

        return min(gives, key=cost)
    swaps = {a.tiles: a for a in legal if a.kind is ActionKind.SWAP}
    for n in range(min(3, len(lone)), 0, -1):
        wanted = tuple(sorted(TILES[k] for k in lone[:n]))
        if wanted in swaps:
            return swaps[wanted]
    return find_action(legal, ActionKind.PASS) or legal[0]


class AIPlayer:
    """A computer player of one level (see the module docstring)."""

    def __init__(
        self,
        level: str = "normal",
        *,
        seed: str | int = "",
        settings: Settings | Mapping[str, object] | None = None,
        defence: bool = False,
        ruleset: Ruleset | None = None,
    ) -> None:
        """A player of ``level``; ``seed`` seeds its own random numbers, ``settings`` are the
        table's house rules (overrides of the ruleset named in each view, or a full Settings);
        with ``defence`` (for tables with people) it reads the others' displays and declarations
        and weighs each discard's danger against what its hand can win (:func:`guard`).
        ``ruleset`` is the ruleset the table plays (a game's ``ruleset``: one made with
        ``derive`` and never registered too); without it the ruleset named in each view is
        looked up in the registry.

        :raises SettingError: for an unknown level.
        """
        if level not in _LEVELS:
            raise SettingError(f"unknown level {quote(level)}; levels are: {', '.join(LEVELS)}")
        self.level = level
        self.name = level
        self._rng = random.Random(f"{seed}:{level}")
        self._settings = settings
        self.defence = defence
        self.ruleset = ruleset
        """The ruleset the table plays, if the player was given it."""

    def knowledge(self, ruleset: str | Ruleset, table: Settings | None = None) -> Knowledge:
        """What this player knows of ``ruleset`` (the object, or a name as a view gives it: the
        player's own ruleset when it has that name, else the registered one) under its
        settings, or else under the ``table``'s house rules (a view's settings), or else the
        ruleset's own.

        :raises SettingError: for a name that is neither the player's ruleset nor registered.
        """
        rs = self.ruleset if self.ruleset is not None and ruleset == self.ruleset.name else ruleset
        if self._settings is None:
            return knowledge(rs, table)
        return knowledge(rs, resolve_settings(rs, self._settings))

    def choose(self, view: SeatView, *, evaluator: Evaluator | None = None) -> Action:
        """One of ``view.legal``, decided from ``view`` alone (``evaluator``: an
        :class:`Evaluator` of this view and level to reuse, as hints do).

        :raises IllegalActionError: if the view offers nothing to do.
        """
        legal = view.legal
        if not legal:
            raise IllegalActionError("there is nothing to do now")
        if len(legal) == 1:
            return legal[0]
        if view.phase == "exchange":
            return _exchange(view)
        know = self.knowledge(view.ruleset, view.settings)
        win = find_action(legal, ActionKind.MAHJONG)
        if win is not None:  # the engine offers Mah-Jongg only when the ruleset's minimum is met
            return win
        ev = evaluator or Evaluator(view, know, self.level)
        declare = find_action(legal, ActionKind.RIICHI)
        if declare is not None and declare.tile is None:
            return self._riichi(legal, ev, declare)
        if view.phase == "turn":
            return self._turn(view, ev)
        return self._claim(view, ev)

    def _riichi(self, legal: Sequence[Action], ev: Evaluator, declare: Action) -> Action:
        """At the beginning of the turn, before the draw, with a ready concealed hand (the
        engine offers riichi only then, RULES.md §2.3.6): declare when it pays
        (:func:`riichi_worth` above 0: the double it brings against the stake it risks, with
        the winning tiles left), else draw without declaring (``pass``)."""
        st = ev.state
        now = ev.evaluate(st.counts, st.melds)
        if now.shanten == 0 and (riichi_worth(ev, now) > 0 if ev.level.value else now.unseen >= CALL_TILES):
            return declare
        return find_action(legal, ActionKind.PASS) or declare

    # --- Decisions -----------------------------------------------------------------------------

    def _turn(self, view: SeatView, ev: Evaluator) -> Action:
        legal = view.legal
        st = ev.state
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if len(discards) == 1 and not any(
            a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) for a in legal
        ):
            return discards[0]
        options = ev.discard_choices(st.counts, st.melds)
        lv = ev.level
        offered = {a.tile for a in discards}
        pick = self._pick(ev, options, offered)
        if self.defence and lv.value:
            guarded = guard(view, ev, options, pick, sorted({int(t) for t in offered if t is not None}))
            if guarded.discard != pick.discard:
                fold = find_action(legal, ActionKind.DISCARD, guarded.discard)
                if fold is not None:
                    return fold
        nine = find_action(legal, ActionKind.NINE_MAJORS)
        if nine is not None and pick.shanten >= 3:  # a hopeless start: end the hand drawn
            return nine
        # Kongs: declare when the hand is no worse off for it.
        for a in legal:
            if a.kind not in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) or a.tile is None:
                continue
            if not lv.value:
                return a
            after = ev.evaluate(*ev.after_kong(a))
            if lv.expected:
                if after.utility + KONG_EDGE >= pick.utility:
                    return a
            elif after.shanten <= pick.shanten and after.utility * KONG_BONUS >= pick.utility * 0.95:
                return a
        if pick.discard is None:  # pragma: no cover - a discard option always names its tile
            return discards[0]
        if pick.shanten == 0:  # easy weighs no values: it counts the tiles that fit the shape
            call = find_action(legal, ActionKind.CALL, pick.discard)
            if call is not None and (winning_left(pick) if lv.value else pick.unseen) >= CALL_TILES:
                return call
            fishing = find_action(legal, ActionKind.FISHING, pick.discard)
            if fishing is not None and (fishing_value(pick) > 0 if lv.value else pick.unseen >= CALL_TILES):
                return fishing
        action = find_action(legal, ActionKind.DISCARD, pick.discard)
        if action is None:  # the evaluator chose a tile the view does not offer: never happens
            return discards[0]
        return action

    def _pick(self, ev: Evaluator, options: Sequence[Option], offered: set[Tile | None]) -> Option:
        """The discard the hand alone chooses among ``options`` (best first), of the ``offered`` tiles."""
        lv = ev.level
        pick = options[0]
        if lv.ahead and pick.shanten >= 1:
            top = [o for o in options[: lv.ahead] if o.shanten == pick.shanten]
            if len(top) > 1:
                pick = max(top, key=ev.lookahead)
        if lv.randomness and len(options) > 1 and self._rng.random() < lv.randomness:
            top = [o for o in options if o.shanten == options[0].shanten][:3]
            pick = self._rng.choice(top)
        if pick.discard not in offered:  # a Fishing hand may discard only what keeps it one short
            pick = next((o for o in options if o.discard in offered), pick)
        return pick

    def guarded(self, view: SeatView, ev: Evaluator) -> Guard | None:
        """On turn with ``defence``: how the danger of each discard weighed in (:func:`guard`),
        for the hints; None without defence, off turn, or with one discard only (``easy``, whose
        choice is partly random, is never asked: it has no defence)."""
        if not (self.defence and ev.level.value) or view.phase != "turn":
            return None
        st = ev.state
        kinds = sorted(
            {int(a.tile) for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None}
        )
        if len(kinds) < 2 or sum(st.counts) % 3 != 2:
            return None
        options = ev.discard_choices(st.counts, st.melds)
        return guard(view, ev, options, self._pick(ev, options, {TILES[k] for k in kinds}), kinds)

    def _claim(self, view: SeatView, ev: Evaluator) -> Action:
        legal = view.legal
        passing = find_action(legal, ActionKind.PASS)
        if view.last_discard is None or passing is None:
            return passing or legal[0]
        tile = int(view.last_discard[1])
        st = ev.state
        lv = ev.level
        if ev.dead(st.melds):  # a hand that cannot win claims nothing (Mah-Jongg was taken above)
            return passing
        now = ev.evaluate(st.counts, st.melds)
        best_action = passing
        if lv.expected:
            best: tuple[float, float] = (0, -now.utility)
        else:
            best = (now.shanten, -now.utility * CLAIM_MARGIN if lv.value else 0.5)
        for a in legal:
            if a.kind not in (ActionKind.PONG, ActionKind.KONG, ActionKind.CHOW):
                continue
            counts, melds, held = ev.after_claim(a, tile)
            if ev.dead(melds):  # never a claim into a hand the table lets win no more
                continue
            if a.kind is ActionKind.KONG:
                opt = ev.evaluate(counts, melds, held=held)
                key = (opt.shanten, -opt.utility * KONG_BONUS)
            else:
                opt = ev.discard_choices(counts, melds, held=held)[0]
                key = (opt.shanten, -opt.utility)
            if opt.shanten >= IMPOSSIBLE:  # nor one after which no arrangement can meet them
                continue
            if lv.expected:
                key = (0, -(opt.utility + (KONG_EDGE if a.kind is ActionKind.KONG else 0.0)))
            elif not lv.value:
                key = (key[0], 0.0 if a.kind is ActionKind.KONG else 1.0)
            if key < best:
                best, best_action = key, a
        return best_action


GUARD_FLOOR: Final = 0.5
"""Chips a discard's deal-in risk must cost before safer discards are weighed against it."""
HORIZON: Final = 0.5
"""A choice between pushing and folding holds for the turns after it too: each of this seat's
turns left (up to :data:`HORIZON_TURNS`) adds this much of the discard's chance to deal in."""
HORIZON_TURNS: Final = 8
"""The most turns ahead :data:`HORIZON` counts."""
PUSHING: Final = 1
"""A hand this many tiles from ready or closer still goes for the win (:func:`guard`)."""


@dataclass(frozen=True, slots=True)
class Guard:
    """A discard chosen with its danger weighed in (:func:`guard`)."""

    discard: Tile
    """The discard to make."""
    plain: Tile | None
    """The discard the hand alone would make."""
    risk: defence.Risk
    """What the plain discard risks (the chance to deal in, the payment, whom to)."""
    reasons: tuple[str, ...] = ()
    """What the threatened opponent's display and declarations say (:attr:`defence.Threat.reasons`)."""

    @property
    def folded(self) -> bool:
        """Whether the danger changed the discard."""
        return self.discard != self.plain


def guard(
    view: SeatView, ev: Evaluator, options: Sequence[Option], pick: Option, kinds: Sequence[int]
) -> Guard:
    """Weigh the danger of each discard of ``kinds`` against what the hand can win: each is worth
    ``(1 - p) * u - p * c`` in chips, ``u`` what the hand is expected to bring after it (the
    option's chips; the hand's own choice ``pick`` counted at the best of ``options``, a
    discard left off them at most at the worst), ``p`` the chance it completes an opponent's
    hand (:func:`engine.ai.defence.risk`) over the turns the choice holds for (a hand that
    pushes now pushes again next turn: :data:`HORIZON`) and ``c`` what paying him costs this
    seat beyond what it pays when he wins anyway (:func:`engine.ai.defence.payments`
    ``marginal``: near nothing where every loser pays the same). A far hand against a declared
    or big threat gives up for the safest tiles, a ready valuable hand pushes on, and in
    between the cheapest danger that keeps the hand wins; a tile more dangerous than ``pick``
    never replaces it.
    """
    found = defence.threats(view)
    paid = defence.payments(view, found, ev.know, marginal=True)
    risks = {k: defence.risk(view, k, found, paid=paid) for k in kinds}
    plain = int(pick.discard) if pick.discard is not None else kinds[0]
    base = risks.get(plain) or defence.risk(view, plain, found, paid=paid)
    reasons = next((t.reasons for t in found if t.seat == base.seat), ())
    east = ev.state.seat_wind == 0

    def chips(o: Option) -> float:
        if ev.level.expected:
            return o.utility
        return ev.model.expected_net(o.chance, o.value, o.lose, east=east, shanten=o.shanten)

    known = {int(o.discard): (chips(o), o.shanten) for o in options if o.discard is not None}
    top = max((u for u, _ in known.values()), default=0.0)
    floor = min((u for u, _ in known.values()), default=0.0)
    plain_tile = TILES[plain]
    if base.chance * (max(top, 0.0) + base.cost) < GUARD_FLOOR:
        return Guard(plain_tile, pick.discard, base, reasons)
    ahead = HORIZON * min(view.wall_live / max(1, len(view.seated)), HORIZON_TURNS)
    pushing = pick.shanten <= PUSHING

    def worth(u: float, r: defence.Risk, shanten: int) -> float:
        # The turns ahead: a hand still going for the win throws tiles like its own choice now
        # (the plain pick's danger); a hand given up throws tiles like this one.
        later = base.chance if pushing and shanten <= PUSHING else r.chance
        p = min(1.0, r.chance + ahead * later)
        return (1.0 - p) * u - p * r.cost

    best, best_worth = plain, worth(top, base, pick.shanten)
    st = ev.state
    work = list(st.counts)
    for k in kinds:
        r = risks[k]
        if k == plain or r.chance >= base.chance:
            continue
        got = known.get(k)
        if got is None:  # left off the shortlist: the hand ranks it below every option on it
            work[k] -= 1
            opt = ev.evaluate(work, st.melds, discard=TILES[k])
            work[k] += 1
            got = (min(chips(opt), floor), opt.shanten)
        if worth(got[0], r, got[1]) > best_worth:
            best, best_worth = k, worth(got[0], r, got[1])
    return Guard(TILES[best], pick.discard, base, reasons)


CALL_TILES: Final = 3
"""The call at the beginning freezes the hand for one double (§2.1.7): declared with at least
this many winning tiles unseen (``easy``, which weighs no values, declares every declaration so)."""


def winning_left(option: Option) -> int:
    """The winning tiles of a ready ``option`` still unseen: every copy of each tile that makes
    a Mah-Jongg here (on a discard or self-drawn), not the tiles that only fit the shape."""
    return sum(w.unseen for w in option.waits if w.on_discard or w.self_drawn)


def fishing_value(option: Option) -> int:
    """What a ready ``option`` would bring as Fishing when another player wins (RULES.md
    §2.4.7: its least valuable win on a discard; 0 when no tile wins it on a discard). Every
    other loser pays it, whatever tiles are left, and the declaration costs only that the
    hand stays ready, so a ready hand with a value declares."""
    values = [w.on_discard for w in option.waits if w.on_discard]
    return min(values) if values else 0


def riichi_worth(ev: Evaluator, now: Option) -> float:
    """Chips riichi is expected to bring a ready concealed hand ``now``: with the chance to win
    from its winning tiles left (:func:`winning_left`), the winner's chips grow by the double
    riichi brings (§2.3.6, up to the limit), and otherwise the stake (``riichi_stake``) stays
    in the centre for another. No winning tile left: nothing to gain (-stake)."""
    stake = float(ev.know.settings.riichi_stake)
    left = winning_left(now)
    if not left or now.inputs is None:
        return -stake
    chance = ev.model.win_chance(now.inputs._replace(useful=left))
    a, _ = ev.model.won[value_class(ev.state.seat_wind == 0, 0)]
    gain = a * (min(float(ev.know.limit), 2.0 * now.value) - now.value)
    return chance * gain - (1.0 - chance) * stake
