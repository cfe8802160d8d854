"""One hand of play (a *deal*), from the shuffle to the settlement, as a pure state machine.

A deal is its log: ``Deal(ruleset, settings, seed)`` followed by the same
actions always gives the same state. Seats are numbered by their wind in this
deal (``E=0, S=1, W=2, N=3``); the :class:`~engine.game.Game` maps them to
the players at the table.

The API follows python-chess: :meth:`Deal.legal_actions` lists exactly what a
seat may do now, :meth:`Deal.apply` applies one legal action (or raises
:class:`~engine.errors.IllegalActionError` naming the rule it breaks and leaves
the state untouched), :meth:`Deal.view` gives what one seat may know.

The deal is the common game (wall, turns, draws, discards, claims, kongs, the win or the
drawn end); each variant rule its ruleset plays is a :mod:`engine.features` module that the deal
calls at fixed points (``Ruleset.features``). Its claim windows are :mod:`engine.deal_claims`,
its end :mod:`engine.deal_end`, its views :mod:`engine.deal_view`. A move's conditions are
written once, in a judge (:meth:`Deal._judge_turn`, ``judge_claim``, a feature's ``judge``)
that gives both the legal moves and a refused move's reason.

>>> deal = Deal("dmjl", seed=1)
>>> str(deal.phase), deal.turn, len(deal.seats[0].concealed) + 3 * len(deal.seats[0].melds)
('turn', 0, 14)
>>> first = deal.legal_actions(0)[0]
>>> _ = deal.apply(first)
>>> deal.phase in ("claims", "turn")
True
>>> Deal.replay("dmjl", None, 1, [str(first)]).snapshot() == deal.snapshot()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from engine import deal_claims, deal_end, deal_replay, deal_view
from engine.actions import DISCARDS, Action, ActionKind
from engine.deal_claims import _PASS
from engine.deal_end import DealResult as DealResult
from engine.deal_state import WHO, MeldRecord, SeatState, arranged_wall
from engine.errors import NotationError, Refusal, refusal
from engine.events import Event, EventKind
from engine.features.base import HOOKS, Feature, Reason, hooked
from engine.hand import Hand, Meld, MeldKind
from engine.rulesets.ruleset import Ruleset, resolve
from engine.scoring.tables import Table
from engine.settings import Settings
from engine.settlement import Stake, Transfer
from engine.shapes import (
    ONE_OF_RANK,
)
from engine.tiles import HONOUR_START, N_KINDS, TILES, Tile, Wind
from engine.views import DiscardView, EndReason, Phase, ScoreSheetView, SeatView
from engine.wall import KIND, Wall

if TYPE_CHECKING:
    from engine.features.gulasch import Exchange
    from engine.features.late_claim import LateClaim

F = TypeVar("F", bound=Feature)

TURN: Final = Phase.TURN
CLAIMS: Final = Phase.CLAIMS
ROBBING: Final = Phase.ROBBING
OVER: Final = Phase.OVER
EXCHANGE: Final = Phase.EXCHANGE

_WINDS: Final = tuple(Wind)
_DISCARD: Final = tuple(
    tuple(Action.of(s, ActionKind.DISCARD, TILES[k]) for k in range(N_KINDS)) for s in _WINDS
)
"""Each seat's discard of each kind."""
_CORE_TURN: Final = frozenset(
    {
        *DISCARDS,
        ActionKind.CONCEALED_KONG,
        ActionKind.ADDED_KONG,
        ActionKind.MAHJONG,
        ActionKind.CHOW,
        ActionKind.PONG,
        ActionKind.KONG,
        ActionKind.PASS,
    }
)
"""The moves of the common game in a turn; any other kind is a rule's (:mod:`engine.features`)."""


def _set_aside(lucky: tuple[int, ...], bonus: bool) -> tuple[bool, ...]:
    """By tile id: whether a drawn tile is set aside and replaced (bonus tiles, lucky kinds)."""
    return tuple((bonus and KIND[t].is_bonus) or KIND[t] in lucky for t in range(len(KIND)))


class Deal:
    """One hand of Mah-Jongg between four seats, or three (one wind absent, A-RU-18)."""

    def __init__(
        self,
        ruleset: str | Ruleset = "dmjl",
        settings: Settings | Mapping[str, object] | None = None,
        seed: int | str = 0,
        *,
        prevailing: Wind = Wind.EAST,
        east_streak: int = 0,
        centre: Sequence[Stake] = (),
        balances: Sequence[int] | None = None,
        absent: int | None = None,
        gulasch: bool = False,
        _arranged: tuple[Wall, list[list[int]] | None] | None = None,
    ) -> None:
        """Shuffle, build and break the wall with ``random.Random(seed)``, deal, replace bonus tiles.

        ``east_streak`` is how many Mah-Jonggs in a row this East has won before
        this deal (for *nine times Mah-Jongg*). ``centre`` holds the stakes earlier hands left
        for the next winner (by seat of this deal); ``balances`` each seat's chips, for the
        rumisberg Pot (A-RU-10). With three players ``absent`` is the wind of the empty place
        (South, West or North; North when not given): turn order, claims and payments leave it
        out (RULES.md §2.4.9). ``gulasch``: the hand follows a drawn hand under
        ``draw_settlement = gulasch``, so an exchange comes before play (§2.4.6).

        :raises SettingError: for an unknown ruleset or setting, a setting this engine does not
            play, or an absent wind that cannot be (East, or any with four players).
        """
        self.ruleset, self.settings = resolve(ruleset, settings)
        self.in_play: tuple[int, ...] = self.ruleset.seats(self.settings, absent)
        """The winds in play, in turn order (three players leave one wind out, A-RU-18)."""
        self.absent: int | None = next((w for w in range(4) if w not in self.in_play), None)
        """The wind of the empty place with three players, None with four."""
        self.table: Table = self.ruleset.table_for(self.settings)
        self._aside = _set_aside(self.ruleset.lucky, self.settings.bonus_tiles and self.ruleset.winds)
        """By tile id: whether the tile is set aside and replaced when drawn (bonus and lucky tiles)."""
        self.seed = seed
        self.prevailing = prevailing
        self.east_streak = east_streak
        s = self.settings
        rng = random.Random(seed)
        tiles: Sequence[int] = self.ruleset.tile_ids(s)
        taken: list[list[int]] = []
        if s.deal_pattern == "R3" and not _arranged:
            # Three players: each takes 12 tiles before the wall is built (RULES.md §2.4.9).
            tiles = list(tiles)
            rng.shuffle(tiles)
            taken = [tiles[12 * i : 12 * i + 12] for i in range(len(self.in_play))]
            tiles = tiles[12 * len(self.in_play) :]
        self.wall = (
            _arranged[0]
            if _arranged
            else Wall.build(
                rng,
                tiles,
                wall_break=s.wall_break,
                break_wall_owner=s.break_wall_owner,
                break_count=s.break_count,
                loose_tile_order=s.loose_tile_order,
                sides=self.in_play,
            )
        )
        self._after = {seat: self.in_play[i + 1 :] + self.in_play[:i] for i, seat in enumerate(self.in_play)}
        """Each seat's others in turn order."""
        self.seats: list[SeatState] = [SeatState() for _ in range(4)]
        """Each wind's tiles; a wind not in play keeps an empty seat."""
        self._discard_cache: dict[tuple[int, tuple[int, ...], int], tuple[DiscardView, ...]] = {}
        self.turn: int | None = 0
        self.phase = TURN
        self.drawn: int | None = None
        self.can_declare = True  # East's first turn: he may declare and go Mah-Jongg
        self.replacement = False
        self.kongs_this_turn = 0
        self.last_live = False
        self.first_turn = True  # nothing has happened yet but the deal
        self.claims_made = False
        self.discard: tuple[int, int] | None = None
        self.final_discard = False
        self.kong_discard = False
        self.earthly = False
        self.pending: dict[int, list[Action]] = {}
        self.responses: dict[int, Action] = {}
        self.robbed: tuple[int, int, int] | None = None  # (kong seat, tile id, meld index)
        self.rob_claimed = False  # the kong being robbed was made with a discard (A-JX-19)
        self.rob_concealed = False  # the kong being robbed is concealed (thirteen orphans only)
        self.log: list[Action] = []
        self.result: DealResult | None = None
        self.centre: list[Stake] = list(centre)
        """Stakes lying in the centre for the next winner (riichi sticks, a Gulasch pot)."""
        self.balances = tuple(balances) if balances is not None else None
        self.paid: list[Transfer] = []
        """Payments made during play (gen zhuang, bouquets): final even if the hand is drawn."""
        self.shared: dict[int, int] = {}
        """Winners who share the winning discard with the first winner: seat → its kind."""
        self.dora_indicator: Tile | None = None
        """The dora indicator turned up on the dead wall (:mod:`engine.features.dora`)."""
        self.dora: tuple[Tile, ...] = ()
        """The dora every hand of this deal is scored with."""
        self._fishing_cache: dict[tuple[object, ...], bool] = {}
        self._legal_cache: tuple[tuple[int, int], list[Action]] | None = None
        self._checked: tuple[int, Action] | None = None
        """The last action :meth:`check` found legal, with the state it holds for (the log's
        length then: the state changes only with the log, as ``_legal_cache`` assumes too)."""
        self._owner: Feature | None = None
        """The rule whose phase this is (the Gulasch exchange), if any."""
        self.features: tuple[Feature, ...] = tuple(f(self) for f in self.ruleset.features_for(s))
        """The variant rules of this deal (:mod:`engine.features`), each with its state."""
        self._paused: Feature | None = None
        """The feature that stopped the turn before its draw (``before_draw``)."""
        self._hook = {name: hooked(self.features, name) for name in HOOKS}
        """By hook: the features that override it, the only ones called there."""
        self._judges = tuple(f for f in self.features if f.limits_discards)
        """The features that judge every discard (Fishing)."""
        if _arranged is None or _arranged[1] is None:
            self._deal(taken)  # from the shuffled wall, or from a wall given as it is
        else:
            for seat, hand in zip(self.in_play, _arranged[1], strict=True):
                for t in hand:
                    self.give(seat, t)
            for f in self._hook["dealt"]:
                f.dealt()
            self._replace_bonus_at_deal()
        for f in self._hook["begin"]:
            f.begin(after_drawn=gulasch)

    # --- Setup -------------------------------------------------------------------------------

    def _deal(self, taken: Sequence[Sequence[int]] = ()) -> None:
        """Deal from the wall by ``deal_pattern``; ``taken``: the twelve tiles each seat in
        play took before the wall was built (R3), in turn order."""
        wall = self.wall
        if self.settings.deal_pattern == "R3":
            # A wall given as it is (no tiles taken before): the first twelve each are taken from it.
            hands = taken or [[wall.draw_live() for _ in range(12)] for _ in self.in_play]
            for seat, hand in zip(self.in_play, hands, strict=True):
                for t in hand:
                    self.give(seat, t)
        else:
            for _ in range(3):  # three times round, two stacks (four tiles) each
                for seat in self.in_play:
                    for _ in range(4):
                        self.give(seat, wall.draw_live())
        # Patterns A and R3: one each, then one more to East; pattern B: two to East, then one each.
        last = (0, *self.in_play) if self.settings.deal_pattern == "B" else (*self.in_play, 0)
        for seat in last:
            self.give(seat, wall.draw_live())
        for f in self._hook["dealt"]:
            f.dealt()
        self._replace_bonus_at_deal()

    def _replace_bonus_at_deal(self) -> None:
        """Bonus tiles: E, S, W, N each expose all and replace, until none is left (A-CORE-05)."""
        wall = self.wall
        while any(self._aside[t] for seat in self.in_play for t in self.seats[seat].concealed):
            for seat in self.in_play:
                found = [t for t in self.seats[seat].concealed if self._aside[t]]
                for t in found:
                    self.take(seat, t)
                    self.lay_aside(seat, t, [])
                for _ in found:
                    self.give(seat, wall.draw_replacement())

    def give(self, seat: int, tile: int) -> None:
        """Put the physical ``tile`` into ``seat``'s concealed tiles (its counts and suit keys too)."""
        self.seats[seat].concealed.append(tile)
        kind = KIND[tile]
        if kind < N_KINDS:
            self.seats[seat].counts[kind] += 1
            if kind < HONOUR_START:
                self.seats[seat].keys[kind // 9] += ONE_OF_RANK[kind % 9]

    def take(self, seat: int, tile: int) -> None:
        """Take the physical ``tile`` out of ``seat``'s concealed tiles."""
        self.seats[seat].concealed.remove(tile)
        kind = KIND[tile]
        if kind < N_KINDS:
            self.seats[seat].counts[kind] -= 1
            if kind < HONOUR_START:
                self.seats[seat].keys[kind // 9] -= ONE_OF_RANK[kind % 9]

    def take_kind(self, seat: int, kind: int) -> int:
        """Remove one tile of ``kind`` from the seat's concealed tiles (the drawn one last)."""
        candidates = [t for t in self.seats[seat].concealed if KIND[t] == kind]
        pick = next((t for t in candidates if t != self.drawn), candidates[-1])
        self.take(seat, pick)
        return pick

    # --- Queries -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the deal has ended."""
        return self.phase == OVER

    @property
    def live_remaining(self) -> int:
        """Tiles that can still be drawn from the live wall."""
        return max(0, self.wall.remaining - self.settings.wall_reserve)

    def tile_count(self, seat: int) -> int:
        """The seat's tiles in play, a kong counting three."""
        return len(self.seats[seat].concealed) + 3 * len(self.seats[seat].melds)

    def hand_of(self, seat: int, extra: int | None = None) -> Hand:
        """The seat's tiles as a :class:`~engine.hand.Hand` (plus one tile of kind ``extra``)."""
        tiles = [KIND[t] for t in self.seats[seat].concealed]
        if extra is not None:
            tiles.append(TILES[extra])
        return Hand(
            tuple(tiles),
            tuple(m.meld for m in self.seats[seat].melds),
            tuple(KIND[t] for t in self.seats[seat].bonus),
        )

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly what ``seat`` may do now (an empty list when it has nothing to do).

        >>> deal = Deal("dmjl", seed=3)
        >>> deal.legal_actions(1)
        []
        >>> all(a.seat == 0 for a in deal.legal_actions(0))
        True
        """
        if self.phase in (CLAIMS, ROBBING):
            if seat in self.pending and seat not in self.responses:
                return list(self.pending[seat])
            return []
        if self.phase == OVER or seat not in self.to_act():
            return []
        key = (len(self.log), seat)
        if self._legal_cache is None or self._legal_cache[0] != key:
            build = self._turn_actions if self._owner is None else self._owner.options
            self._legal_cache = (key, build(seat))
        return list(self._legal_cache[1])

    def to_act(self) -> list[int]:
        """The seats that must answer now: the seat whose turn it is, or every seat that
        still owes an answer in a claim (or robbing) window; empty when the deal is over.

        >>> deal = Deal("dmjl", seed=3)
        >>> deal.to_act()
        [0]
        >>> _ = deal.apply(deal.legal_actions(0)[0])
        >>> deal.to_act()
        [1, 2, 3]
        """
        if self.phase == TURN:
            assert self.turn is not None
            return [self.turn]
        if self._owner is not None:
            return self._owner.to_act()
        return [seat for seat in self.pending if seat not in self.responses]

    def idle_passes(self) -> list[Action]:
        """The passes still owed by seats that can do nothing but pass in the open window.

        Every other seat answers every discard (and every added kong), so the public
        state never tells who could claim; a table applies these passes without asking
        anyone, and asks only the seats with a real choice.

        >>> deal = Deal("dmjl", seed=3)
        >>> _ = deal.apply(deal.legal_actions(0)[0])
        >>> all(a.kind is ActionKind.PASS and deal.legal_actions(a.seat) == [a] for a in deal.idle_passes())
        True
        """
        if self.phase not in (CLAIMS, ROBBING):
            return []
        return [
            options[0]
            for seat, options in self.pending.items()
            if len(options) == 1 and seat not in self.responses
        ]

    def _turn_actions(self, seat: int) -> list[Action]:
        """Exactly the moves ``seat`` may make in its turn: every candidate :meth:`_judge_turn`
        allows (the candidates are a cheap superset; the judge alone decides)."""
        if self._paused is not None:  # the beginning of the turn: declare (riichi), or draw without
            return [*self._paused.options_before_draw(seat), _PASS[seat]]
        st, wind = self.seats[seat], _WINDS[seat]
        kinds = sorted({KIND[t] for t in st.concealed})
        judge, judge_discard, discards = self._judge_turn, self._judge_discard, _DISCARD[seat]
        if self._any_discard(st):  # the judge's plain case, for every tile held at once
            out = [discards[k] for k in kinds]
        else:
            out = [a for k in kinds if judge_discard(a := discards[k], st) is None]
        if self.settings.original_call and not st.discarded:
            out += [a for k in kinds if judge(a := Action.of(wind, ActionKind.CALL, k)) is None]
        for f in self._hook["candidates"]:  # a rule's moves (Fishing, nine majors), judged by it
            out += [a for a in f.candidates(seat, kinds) if f.judge(a) is None]
        if self.can_declare:
            fours = [k for k in kinds if st.counts[k] == 4]  # the kongs the hand could make
            out += [a for k in fours if judge(a := Action.of(wind, ActionKind.CONCEALED_KONG, k)) is None]
            pongs = [r.meld.tile for r in st.melds if r.meld.kind == MeldKind.PONG]
            out += [a for k in pongs if judge(a := Action.of(wind, ActionKind.ADDED_KONG, k)) is None]
            if judge(a := Action.of(wind, ActionKind.MAHJONG)) is None:
                out.append(a)
        for f in self._hook["options_after_draw"]:  # a discard he may still claim (rumisberg rule 3)
            out += f.options_after_draw(seat)
        return out

    def _judge_turn(self, action: Action) -> Reason | None:
        """Why ``action`` of the seat to move, after its draw, breaks a rule (and whether the
        reason speaks of his hidden tiles), or None: the one place the turn's conditions are
        written; :meth:`_turn_actions` offers exactly the moves it allows."""
        seat, kind, tile = action.seat, action.kind, action.tile
        st = self.seats[seat]
        if kind is ActionKind.MAHJONG:
            if not self.can_declare:
                who = WHO[seat]
                return refusal(
                    f"{who} claimed a discard and must now discard; Mah-Jongg is declared on a drawn tile",
                    "mahjong_after_claim",
                    wind=seat,
                )
            if deal_end.complete_with(self, seat, None) and deal_end.meets_minimum(
                self, seat, None, self_drawn=True
            ):
                return None
            return refusal(
                f"{WHO[seat]}'s tiles do not form a complete hand", "not_complete", private=True, wind=seat
            )
        held = tile is not None and tile < N_KINDS and st.counts[tile] > 0
        if kind is ActionKind.CONCEALED_KONG:
            if not self.can_declare:
                return refusal(
                    "a kong is declared after drawing, not after claiming a discard", "kong_after_claim"
                )
            if st.called or self.wall.remaining <= 0 or not held or st.counts[int(tile or 0)] != 4:
                return refusal(
                    f"a concealed kong needs four {tile} in hand (and a replacement tile left)",
                    "concealed_kong_needs_four",
                    private=True,
                    tile=str(tile),
                )
            return None if self._may_meld(seat, int(tile or 0), 4) else self._kept_short(WHO[seat])
        if kind is ActionKind.ADDED_KONG:
            pong = any(
                r.meld.kind == MeldKind.PONG and not r.meld.concealed and r.meld.tile == tile
                for r in st.melds
            )
            if not (self.can_declare and not st.called and self.wall.remaining > 0 and pong and held):
                return refusal(
                    f"an added kong needs an exposed pong of {tile} and the fourth tile in hand",
                    "added_kong_needs_pong",
                    private=True,
                    tile=str(tile),
                )
            return None if self._may_meld(seat, int(tile or 0), 1) else self._kept_short(WHO[seat])
        if kind in (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG, ActionKind.PASS):
            return refusal(
                f"there is no discard to claim: {WHO[seat]} must discard", "nothing_to_claim", wind=seat
            )
        if kind is ActionKind.RIICHI or kind not in _CORE_TURN:
            return self._feature_reason(action)  # riichi: before the draw (or an old log's line)
        return self._judge_discard(action, st)  # a discard, plain or declaring

    def _judge_discard(self, action: Action, st: SeatState) -> Reason | None:
        """The turn's judge for a discard, plain or with a declaration (the call, Fishing):
        :meth:`_judge_turn`'s part for them, asked directly for each discard it offers."""
        seat, kind, tile = action.seat, action.kind, action.tile
        if tile is None or tile >= N_KINDS or not st.counts[tile]:
            return refusal(
                f"{WHO[seat]} holds no {tile} to discard",
                "no_tile_to_discard",
                private=True,
                wind=seat,
                tile=str(tile),
            )
        if kind is ActionKind.DISCARD and self._any_discard(st):
            return None
        if st.called and (
            kind is not ActionKind.DISCARD or (self.drawn is not None and tile != KIND[self.drawn])
        ):
            riichi = self._shows(seat, "riichi")
            frozen = "declared riichi" if riichi else "made the call at the beginning"
            return refusal(
                f"{WHO[seat]} {frozen} and must discard the tile just drawn",
                "frozen_riichi" if riichi else "frozen_call",
                wind=seat,
            )
        if kind is ActionKind.CALL and not (
            self.settings.original_call
            and not st.discarded
            and not self.claims_made
            and not st.melds
            and deal_end.waiting_after_discard(self, seat, tile)
        ):
            return refusal(
                "the call at the beginning is made with the first discard, before any claim, "
                "by a hand one tile from winning",
                "call_not_allowed",
                private=True,
            )
        for f in self._judges:  # a rule's limits on discards, and its declarations
            if (kind is ActionKind.DISCARD or kind in f.kinds) and (reason := f.judge(action)):
                return reason
        return self._feature_reason(action) if kind is ActionKind.FISHING else None

    def _any_discard(self, st: SeatState) -> bool:
        """Whether the seat may discard any tile it holds: its hand is not frozen and no rule of
        this deal limits discards (:meth:`_judge_discard`'s plain case)."""
        return not st.called and not self._judges

    @staticmethod
    def _kept_short(who: str) -> Reason:
        return refusal(
            f"{who} is Fishing: a kong or claim must keep the hand one tile short",
            "fishing_kept_short",
            private=True,
        )

    def _may_meld(self, seat: int, kind: int, taken: int, *, claimed: bool = False) -> bool:
        """Whether every rule allows ``seat`` a kong (or a claimed pong) of ``kind`` taking ``taken``
        tiles from the hand (Fishing: it must keep the hand one tile short)."""
        return not self._hook["may_meld"] or all(
            f.may_meld(seat, kind, taken, claimed=claimed) for f in self._hook["may_meld"]
        )

    # --- Applying actions -------------------------------------------------------------------------

    def apply(self, action: Action | str, *, replaying: bool = False) -> list[Event]:
        """Apply one legal action and return what happened.

        ``replaying``: the action is a line of a stored log, perhaps one written before riichi
        was declared at the beginning of the turn and before a concealed kong could be robbed
        (:func:`engine.deal_replay.old_line`).

        :raises IllegalActionError: naming the rule the action breaks; the state is unchanged
            (replaying, a window or riichi decision the old log had no line for may have
            closed unlogged before the line was found illegal all the same).
        :raises NotationError: for an action string that cannot be read, or an action seated by a
            table position (a deal's seats are winds: :meth:`Game.apply <engine.game.Game.apply>`
            takes positions).
        """
        if isinstance(action, str):
            action = Action.parse(action)
        else:
            _by_wind(action)
        events: list[Event] = []
        old = replaying and action not in self.legal_actions(action.seat)
        if old and deal_replay.old_line(self, action, events):
            return events
        if not self.checked(action):
            refusal = self.check(action)
            if refusal is not None:
                raise refusal.error()
        self._checked = None
        self.log.append(action)
        if bool(self._hook["acting"]) and any(f.acting(action, events) for f in self._hook["acting"]):
            pass  # a rule applied it (a late claim)
        elif self.phase == TURN:
            self.apply_turn(action, events)
        elif self._owner is not None:
            self._owner.apply(action, events)
        else:
            self.responses[action.seat] = action
            if action.kind is ActionKind.PASS:
                events.append(Event(EventKind.PASS, action.seat, private=True))
            if len(self.responses) == len(self.pending):
                if self.phase == CLAIMS:
                    deal_claims.resolve_claims(self, events)
                else:
                    deal_claims.resolve_robbing(self, events)
        return events

    def check(self, action: Action) -> Refusal | None:
        """Whether ``action`` (its seat a wind of this hand) is legal now: ``None``, or why not.
        Nothing changes but what the deal remembers: an action found legal is remembered with
        the state it was found legal in, and :meth:`apply` of that action in that state does
        not decide it again (any other action :meth:`apply` checks once, raising the refusal
        as an error). A caller that checks a move before storing it (write-ahead) so decides
        its legality once.

        >>> deal = Deal("dmjl", seed=3)
        >>> deal.check(deal.legal_actions(0)[0]) is None
        True
        >>> deal.checked(deal.legal_actions(0)[0]), deal.checked(deal.legal_actions(0)[1])
        (True, False)
        >>> deal.check(Action.parse("S pong")).message
        "it is East's turn, not South's"

        :raises NotationError: for an action seated by a position (a game's table takes those).
        """
        _by_wind(action)
        if action in self.legal_actions(action.seat):
            self._checked = (len(self.log), action)
            return None
        self._checked = None
        return deal_claims.why_illegal(self, action)

    def checked(self, action: Action) -> bool:
        """Whether :meth:`check` found ``action`` legal in the state the deal is in now (the
        last action it found legal, the log not grown since): :meth:`apply` then takes it
        without deciding it again."""
        remembered = self._checked
        return remembered is not None and remembered[0] == len(self.log) and remembered[1] == action

    def _feature_reason(self, action: Action) -> Reason | None:
        """What the rule that owns ``action``'s kind says of it (None: allowed); a kind no rule of
        this deal owns is not played here (the settings that would switch it on named)."""
        for f in self.features:
            if action.kind in f.kinds:
                return f.judge(action)
        switches = [n for cls in self.ruleset.features if action.kind in cls.kinds for n in cls.on]
        where = f" (setting {', '.join(switches)})" if switches else ""
        return refusal(
            f"{action.kind} is not played at this table{where}", "move_not_played", move=str(action.kind)
        )

    def apply_turn(self, action: Action, events: list[Event]) -> None:
        """Apply a legal move of the seat to move (a discard, a kong, Mah-Jongg or a rule's move)."""
        seat = action.seat
        kind = action.kind
        if self._paused is not None:  # a declaration (or not) at the beginning of the turn, then the draw
            paused, self._paused = self._paused, None
            paused.before_draw(action, events)
            self._turn_draw(seat, events)
            return
        if kind in DISCARDS:
            assert action.tile is not None
            st = self.seats[seat]
            if kind is ActionKind.CALL:
                st.called = True
                events.append(Event(EventKind.CALL, seat))
            elif kind is not ActionKind.DISCARD:  # a feature's declaration with the discard
                for f in self._hook["discarding"]:
                    if kind in f.kinds:
                        f.discarding(action)
            tile = self.drawn if self.drawn is not None and KIND[self.drawn] == action.tile else None
            if tile is None:
                tile = self.take_kind(seat, action.tile)
            else:
                self.take(seat, tile)
            self.seats[seat].discards.append([tile, None])
            turned = bool(self._hook["discard_turned"]) and any(
                f.discard_turned(seat) for f in self._hook["discard_turned"]
            )
            self.seats[seat].discard_views.append(DiscardView(KIND[tile], turned=turned))
            self.earthly = seat == 0 and not self.seats[0].discarded and not self.claims_made
            self.seats[seat].discarded = True
            self.first_turn = False
            self.drawn = None
            self.discard = (seat, tile)
            self.final_discard = self.live_remaining == 0
            self.kong_discard = self.kongs_this_turn > 0  # made after a kong's replacement tile
            events.append(Event(EventKind.DISCARD, seat, action.tile))
            if kind in (ActionKind.RIICHI, ActionKind.FISHING):
                events.append(Event(EventKind.DECLARE, seat, action.tile, what=str(kind)))
            if not self._first_go_around(events):
                deal_claims.open_claims(self, events)
        elif kind not in _CORE_TURN:  # a move of a rule of this deal's (nine majors ...)
            next(f for f in self.features if kind in f.kinds).apply_turn(action, events)
        elif kind is ActionKind.CONCEALED_KONG:
            assert action.tile is not None
            tiles = [self.take_kind(seat, action.tile) for _ in range(4)]
            meld = Meld(MeldKind.KONG, action.tile, True)
            self.seats[seat].melds.append(MeldRecord(meld, tiles))
            self.first_turn = False
            events.append(Event(EventKind.KONG, seat, action.tile, meld=meld))
            if self.settings.rob_concealed_kong_13_orphans and self.table.thirteen_orphans:
                # Thirteen orphans may rob even a concealed kong (001 «Die Dreizehn Waisen»).
                deal_claims.open_robbing(
                    self, seat, tiles[-1], len(self.seats[seat].melds) - 1, events, concealed=True
                )
                return
            self._replace(seat, events)
        elif kind is ActionKind.ADDED_KONG:
            assert action.tile is not None
            index = next(
                i
                for i, r in enumerate(self.seats[seat].melds)
                if r.meld.kind == MeldKind.PONG and not r.meld.concealed and r.meld.tile == action.tile
            )
            tile = self.take_kind(seat, action.tile)
            self.first_turn = False
            events.append(Event(EventKind.KONG, seat, action.tile, meld=Meld(MeldKind.KONG, action.tile)))
            deal_claims.open_robbing(self, seat, tile, index, events, claimed=False)
        elif kind is ActionKind.MAHJONG:
            win_tile = KIND[self.drawn] if self.drawn is not None else None
            deal_end.win(self, [seat], win_tile=win_tile, self_drawn=True, discarder=None, events=events)

    def _first_go_around(self, events: list[Event]) -> bool:
        """After each seat's first discard with no claim made, all of one kind: jiangxi's Gen
        zhuang (the dealer pays each other seat, §2.5.4) and wikibooks' four winds (the hand is
        drawn, §2.3.10 item 3). Whether the hand ended."""
        if not self._hook["first_go_around"]:
            return False
        firsts = [self.seats[w].discards for w in self.in_play]
        if self.claims_made or any(len(d) != 1 for d in firsts):
            return False
        kinds = [KIND[d[0][0]] for d in firsts if d[0][0] is not None]
        if len(kinds) != len(self.in_play) or len(set(kinds)) != 1:
            return False
        return bool(self._hook["first_go_around"]) and any(
            f.first_go_around(kinds, events) for f in self._hook["first_go_around"]
        )

    def _others(self, seat: int) -> tuple[int, ...]:
        """The other seats in play, in turn order after ``seat``."""
        return self._after[seat]

    def next_after(self, seat: int) -> int:
        """The seat in play after ``seat`` in turn order."""
        return self._after[seat][0]

    def _replace(self, seat: int, events: list[Event]) -> None:
        """After a kong: draw a replacement tile (replacing bonus tiles in turn)."""
        self.kongs_this_turn += 1
        self.drawn = self._draw(seat, replacement=True, events=events)
        if self.drawn is None:
            return
        self.replacement = True
        self.last_live = False
        self.can_declare = True

    def _draw(self, seat: int, *, replacement: bool, events: list[Event]) -> int | None:
        """Draw a tile for ``seat``, exposing and replacing bonus tiles (a chain, A-CORE-19).

        A bonus tile that needs a replacement when no tile is left ends the hand as
        an exhaustive draw (the player cannot complete the turn); None is returned then.
        """
        tile = self.wall.draw_replacement() if replacement else self.wall.draw_live()
        for f in self._hook["drew"]:
            f.drew(seat)
        while self._aside[tile]:
            events.append(Event(EventKind.BONUS, _WINDS[seat], KIND[tile]))
            self.lay_aside(seat, tile, events)
            if not self.wall.remaining:
                self.end_drawn(events, EndReason.NO_BONUS_REPLACEMENT)
                return None
            tile = self.wall.draw_replacement()
            self.replacement = True
        self.give(seat, tile)
        events.append(Event(EventKind.DRAW, _WINDS[seat], KIND[tile], private=True))
        return tile

    def lay_aside(self, seat: int, tile: int, events: list[Event]) -> None:
        """Lay a bonus (or lucky) tile out; a bouquet it completes is paid at once (rumisberg
        rule 7: ``bouquet_payment`` from every other seat, final even if the hand is drawn)."""
        self.seats[seat].bonus.append(tile)
        for f in self._hook["set_aside"]:
            f.set_aside(seat, events)

    def _next_draw(self, seat: int, events: list[Event]) -> None:
        if self.live_remaining <= 0:
            self.end_drawn(events)
            return
        self.turn = seat
        self.phase = TURN
        self.kongs_this_turn = 0
        self.replacement = False
        for f in self._hook["pauses"]:
            if f.pauses(seat):  # a decision at the beginning of the turn (riichi, §2.3.6)
                self.drawn = None
                self.can_declare = False
                self._paused = f
                return
        self._turn_draw(seat, events)

    def _turn_draw(self, seat: int, events: list[Event]) -> None:
        """The draw from the live wall that begins ``seat``'s turn (after its riichi decision)."""
        self.drawn = self._draw(seat, replacement=False, events=events)
        if self.drawn is None:
            return
        self.last_live = self.live_remaining == 0 and not self.replacement
        self.can_declare = True

    # --- End of the deal -----------------------------------------------------------------------

    def end_drawn(self, events: list[Event], reason: EndReason = EndReason.WALL_EXHAUSTED) -> None:
        """End the hand drawn (:func:`engine.deal_end.end_drawn`)."""
        deal_end.end_drawn(self, events, reason)

    def _close(self) -> None:
        self.phase = OVER
        self.turn = None
        self.pending = {}
        self.responses = {}
        self.discard = None

    # --- Replay, views, invariants ---------------------------------------------------------------

    @classmethod
    def arranged(
        cls,
        hands: Sequence[str],
        *,
        live: str = "",
        dead: str = "",
        ruleset: str | Ruleset = "dmjl",
        settings: Settings | Mapping[str, object] | None = None,
        fill: bool = True,
        prevailing: Wind = Wind.EAST,
        east_streak: int = 0,
        centre: Sequence[Stake] = (),
        balances: Sequence[int] | None = None,
        absent: int | None = None,
    ) -> Deal:
        """A deal set up by hand: the starting hands of the seats in play in turn order
        (East's first, with 14 tiles; three with three players, ``absent`` the wind left
        out, North when not given), the live wall in draw order and the dead wall in
        replacement order; ``centre`` and ``balances`` as for a shuffled deal (stakes left by
        earlier hands, the seats' chips).

        With ``fill`` the tiles not named are placed, in a fixed order, between the
        live and the dead part, so the set is complete; without it the wall holds
        only what is named (for short walls in tests and puzzles).

        :raises InvalidHandError: if a kind is used more often than the set holds.
        :raises NotationError: for tiles that cannot be read.
        """
        rs, st = resolve(ruleset, settings)
        wall, seat_tiles = arranged_wall(rs, st, hands, live=live, dead=dead, fill=fill, absent=absent)
        return cls(
            rs,
            st,
            "arranged",
            prevailing=prevailing,
            east_streak=east_streak,
            centre=centre,
            balances=balances,
            absent=absent,
            _arranged=(wall, seat_tiles),
        )

    @classmethod
    def replay(
        cls,
        ruleset: str | Ruleset,
        settings: Settings | Mapping[str, object] | None,
        seed: int | str,
        actions: Iterable[Action | str],
        **kwargs: Any,
    ) -> Deal:
        """Rebuild a deal from its log.

        :raises IllegalActionError: if an action of the log is not legal where it stands.
        """
        deal = cls(ruleset, settings, seed, **kwargs)
        for action in actions:
            deal.apply(action, replaying=True)
        return deal

    def view(
        self,
        position: int | None,
        *,
        names: tuple[str, ...] = ("East", "South", "West", "North"),
        chips: tuple[int, ...] = (0, 0, 0, 0),
        hand_number: int = 1,
        east: int = 0,
        version: int | None = None,
        places: Sequence[int] | None = None,
    ) -> SeatView:
        """What the player at ``position`` may know (``None``: the public view, no concealed
        tiles), by table position (:func:`engine.deal_view.seat_view`)."""
        return deal_view.seat_view(
            self,
            position,
            names=names,
            chips=chips,
            hand_number=hand_number,
            east=east,
            version=version,
            places=places,
        )

    def sheet(self, east: int = 0, *, places: Sequence[int] | None = None) -> ScoreSheetView | None:
        """The score sheet of a finished deal by table position (:func:`engine.deal_view.score_sheet`)."""
        return deal_view.score_sheet(self, east, places=places)

    def snapshot(self) -> tuple[object, ...]:
        """Everything that makes up the state, for comparing two deals."""
        return deal_view.snapshot(self)

    def all_tiles(self) -> list[int]:
        """Every physical tile, wherever it is: the check that none is lost or doubled."""
        tiles = self.wall.tiles()
        for seat in self.in_play:
            tiles.extend(self.seats[seat].concealed)
            tiles.extend(self.seats[seat].bonus)
            for record in self.seats[seat].melds:
                tiles.extend(record.tiles)
            tiles.extend(t for t, claimed in self.seats[seat].discards if claimed is None and t is not None)
        for f in self._hook["tiles_aside"]:
            tiles += f.tiles_aside()
        if self.robbed is not None and not (self.rob_claimed or self.rob_concealed):  # an added tile
            tiles.append(self.robbed[1])
        return tiles

    def declarations(self, wind: int) -> tuple[str, ...]:
        """What ``wind`` has declared, as the view shows it: each rule's declarations (riichi,
        Fishing), else the call at the beginning."""
        shown = self._hook["shown"]
        if not shown:
            return ("call",) if self.seats[wind].called else ()
        declared = tuple(what for f in shown for what in f.shown(wind))
        if not declared and self.seats[wind].called:
            return ("call",)
        return declared

    def _shows(self, wind: int, what: str) -> bool:
        """Whether ``wind`` shows the declaration ``what``."""
        return what in self.declarations(wind)

    def feature(self, cls: type[F]) -> F | None:
        """This deal's instance of the rule ``cls`` (its state), or None when it is not played.

        >>> from engine.features.riichi import Riichi
        >>> Deal("dmjl", seed=1).feature(Riichi) is None
        True
        """
        for f in self.features:
            if type(f) is cls:
                return f
        return None

    @property
    def exchange(self) -> Exchange | None:
        """The Gulasch exchange under way (phase ``exchange``, :mod:`engine.features.gulasch`)."""
        return getattr(self._owner, "exchange", None)

    @property
    def late(self) -> LateClaim | None:
        """The discard the player to move may still claim after his draw (rumisberg rule 3)."""
        return next((late for f in self.features if (late := getattr(f, "late", None)) is not None), None)

    @property
    def barred(self) -> frozenset[int]:
        """Who may not win on a discard now (the pass-over rule, jiangxi)."""
        return next((rule.barred for f in self.features if (rule := getattr(f, "rule", None))), frozenset())

    @property
    def laid(self) -> list[int]:
        """Tiles laid down in a Gulasch's exchanges with the wall: out of play for this hand."""
        return [t for f in self.features for t in getattr(f, "laid", ())]

    def take_over(self, feature: Feature, phase: Phase) -> None:
        """``feature`` runs the deal in its own ``phase`` (the Gulasch exchange) until :meth:`give_back`."""
        self._owner = feature
        self.phase = phase
        self.turn = None

    def give_back(self, turn: int) -> None:
        """The rule's phase is over: play goes on with ``turn``'s turn (his discard)."""
        self._owner = None
        self.phase = TURN
        self.turn = turn

    def is_aside(self, tile: int) -> bool:
        """Whether a drawn ``tile`` is set aside and replaced (a bonus or lucky tile)."""
        return self._aside[tile]

    @property
    def before_draw(self) -> bool:
        """The seat to move has not drawn yet: it declares first (riichi, §2.3.6), or passes."""
        return self._paused is not None


def _by_wind(action: Action) -> None:
    """Refuse an action seated by a table position: a deal speaks in the winds of its hand.

    :raises NotationError: naming where such an action goes (``Game.apply``).
    """
    if action.seat.__class__ is not Wind:
        raise NotationError(
            f"a deal takes actions seated by a wind, not {action}: a game's table positions "
            "go to Game.apply, which knows which wind each position holds"
        )
