"""A hand played at a real table, entered by its players and scored and settled by the engine's
own code (issue 29 §1, ``/record``): no wall, no moves, only what each seat says of the hand.

Everything here is by table *position* (0 to 3, or 0 to 2 with three players; position 0 is the
first hand's East), as :class:`~engine.game.Game` speaks. Each position enters one
:class:`SeatEntry`: it won (its hand in notation, as ``mahjong score`` takes it, with the winning
tile and self-drawn or on whose discard, and the flags :class:`~engine.scoring.WinContext` knows),
it lost (its hand in notation where the ruleset scores losers' hands, or just the points it
counted; nothing but "I lost" where losers do not score), or the hand was drawn.

:func:`check_entry` scores one entry at once (``engine.scoring.score`` with the seat's wind and
the prevailing wind, exactly as the game scores that seat), refusing what does not match the
ruleset; :func:`settle_entries` settles a whole hand as :class:`~engine.deal.Deal` does at its
end (the ruleset's own ``settle``, the bouquets paid from the bonus tiles entered, a Gulasch pot
in the centre) and asks the ruleset's rotation who deals next and whether the game is over
(:func:`engine.settings.game_length`), exactly as ``Game._settle`` does.

What hand entry cannot express (the Discord game plays them; a recorded hand has none): riichi
and its sticks (wikibooks), Fishing (rumisberg rule 18), East's Pot (rumisberg rule 20, which
pays out the game's own balances), Gen zhuang and the restricted rob's debt (jiangxi), the
pass-over rule, dora (no indicator is turned up), the abortive draws' reasons. The Gulasch
*exchange* is play, so nothing to enter; its *stakes* are settled (a drawn hand makes the next
a Gulasch, its pot goes to the next winner).

>>> from engine.rulesets import DMJL
>>> state = TableState.start(DMJL, DMJL.defaults)
>>> win = SeatEntry.won("234m 777z [555s] [678p] 99p", win_tile="9p", self_drawn=True)
>>> check_entry(win, 1, ruleset=DMJL, settings=DMJL.defaults, state=state).value
76
>>> entries = {1: win, 0: SeatEntry.lost(points=16), 2: SeatEntry.lost(points=4), 3: SeatEntry.lost(points=0)}
>>> hand = settle_entries(entries, ruleset=DMJL, settings=DMJL.defaults, state=state)
>>> hand.nets                                                      # RULES.md EX-01
(-96, 304, -96, -112)
>>> hand.after.seating.east                                        # South won: East moves on
1
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from engine.errors import EntryError
from engine.features.bouquets import Bouquets, bouquet_payments, bouquets
from engine.features.gulasch import gulasch_stakes
from engine.features.multiple_winners import MultipleWinners
from engine.hand import Hand
from engine.rotation import HandEnd, Seating
from engine.rulesets import Ruleset
from engine.scoring import Score, WinContext, score
from engine.scoring.scorer import check_claims
from engine.settings import Settings, game_length
from engine.settlement import Stake, Transfer, nets, take_centre
from engine.tiles import Tile, Wind, parse_tiles

Outcome = Literal["won", "lost", "drawn"]
"""What a seat says of the hand: it won, it lost, or nobody won."""

OUTCOMES: Final[tuple[Outcome, ...]] = ("won", "lost", "drawn")

MAX_POINTS: Final = 1_000_000
"""The most points a loser may say he counted (a real hand is worth far less)."""

MAX_NOTATION: Final = 200
"""The longest hand notation an entry keeps (a real hand is under 60 characters)."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """What one seat entered for one hand (by position; see the module docstring).

    Build one with :meth:`won`, :meth:`lost` or :meth:`drawn`; :meth:`to_json` /
    :meth:`from_json` store it.

    >>> SeatEntry.won("123m 456m 789m [555z] 11p", win_tile="1p", discarder=2).outcome
    'won'
    """

    outcome: Outcome
    hand: str = ""
    """The hand in notation (``Hand.parse``, as ``mahjong score`` takes it), bonus tiles included
    where the ruleset has them; ``""`` when not given (a loser's points, "I lost", a drawn hand)."""
    win_tile: str = ""
    """The winning tile (a win), ``""`` when the hand was complete as dealt (Heaven's blessing)."""
    self_drawn: bool = False
    discarder: int | None = None
    """The position whose discard won (robbing a kong: the robbed player); None when self-drawn."""
    flags: tuple[str, ...] = ()
    """The circumstances :data:`engine.scoring.context.FLAGS` names (``last-tile``,
    ``robbing-kong``, ``replacement``...); ``nine-times`` is added by the table, never entered."""
    points: int | None = None
    """A loser's (or a drawn hand's) own count, instead of his hand in notation."""
    bonus: str = ""
    """Bonus tiles laid out, for an entry without a hand (rumisberg's bouquets: ``1f 2f 3f 4f``)."""

    @classmethod
    def won(
        cls,
        hand: str,
        *,
        win_tile: str = "",
        self_drawn: bool = False,
        discarder: int | None = None,
        flags: Sequence[str] = (),
    ) -> SeatEntry:
        """A winner's entry: the whole hand, the winning tile, self-drawn or on whose discard."""
        return cls("won", hand, win_tile, self_drawn, discarder, tuple(flags))

    @classmethod
    def lost(cls, hand: str = "", *, points: int | None = None, bonus: str = "") -> SeatEntry:
        """A loser's entry: his hand in notation, or the points he counted, or nothing ("I lost")."""
        return cls("lost", hand, points=points, bonus=bonus)

    @classmethod
    def drawn(cls, hand: str = "", *, points: int | None = None, bonus: str = "") -> SeatEntry:
        """A drawn hand (nobody won), with the seat's hand or points where the draw is settled."""
        return cls("drawn", hand, points=points, bonus=bonus)

    def to_json(self) -> str:
        """The entry as compact JSON (:meth:`from_json` reads it back to an equal entry).

        >>> e = SeatEntry.lost(points=12)
        >>> SeatEntry.from_json(e.to_json()) == e
        True
        """
        data = {
            "outcome": self.outcome,
            "hand": self.hand,
            "win_tile": self.win_tile,
            "self_drawn": self.self_drawn,
            "discarder": self.discarder,
            "flags": list(self.flags),
            "points": self.points,
            "bonus": self.bonus,
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> SeatEntry:
        """The entry :meth:`to_json` wrote.

        :raises ValueError: for text that is not such an entry.
        """
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("outcome") not in OUTCOMES:
            raise ValueError(f"not a stored entry: {text[:80]!r}")
        discarder = data.get("discarder")
        points = data.get("points")
        return cls(
            data["outcome"],
            str(data.get("hand", "")),
            str(data.get("win_tile", "")),
            bool(data.get("self_drawn", False)),
            None if discarder is None else int(discarder),
            tuple(str(f) for f in data.get("flags", ())),
            None if points is None else int(points),
            str(data.get("bonus", "")),
        )


@dataclass(frozen=True, slots=True)
class TableState:
    """Where a recorded table stands before a hand, by position: the seating (East, the
    prevailing wind, East's run of wins, the rounds), the hands that stand so far and the stakes
    lying in the centre for the next winner (a Gulasch pot)."""

    seating: Seating
    hands_played: int = 0
    """Hands booked that stand (for ``game_length = hands:N``)."""
    centre: tuple[Stake, ...] = ()
    """Stakes lying in the centre, by position (rumisberg's Gulasch pot)."""
    gulasch: bool = False
    """This hand is a Gulasch (the last was drawn under ``draw_settlement = gulasch``)."""

    @classmethod
    def start(cls, ruleset: Ruleset, settings: Settings, prevailing: Wind = Wind.EAST) -> TableState:
        """The table before its first hand: position 0 is East, ``prevailing`` the wind.

        >>> from engine.rulesets import get_ruleset
        >>> rs = get_ruleset("rumisberg")
        >>> TableState.start(rs, rs.settings({"players": 3})).seating.players
        3
        """
        del ruleset  # every ruleset starts so; kept for symmetry with the other calls
        return cls(Seating(east=0, prevailing=Wind(prevailing), players=settings.players))

    @property
    def players(self) -> int:
        """How many positions play (3 or 4)."""
        return self.seating.players

    def wind_of(self, position: int) -> Wind:
        """The wind of ``position`` in this hand, as :meth:`engine.game.Game.wind_of` gives it
        (three players: North's place is the empty one, the winds move among 0-2).

        >>> state = TableState(Seating(east=1, prevailing=Wind.EAST))
        >>> state.wind_of(1).name, state.wind_of(0).name
        ('EAST', 'NORTH')
        """
        n = self.players
        return Wind((position - self.seating.east) % n)

    def position_of(self, wind: int) -> int:
        """The position holding ``wind`` in this hand (with three players North has none: ask only
        for the winds in play).

        >>> TableState(Seating(east=1, prevailing=Wind.EAST)).position_of(Wind.WEST)
        3
        """
        return (self.seating.east + wind) % self.players

    def over(self, settings: Settings) -> bool:
        """Whether the game has ended by its length (``game_length``), as ``Game._settle`` decides.

        >>> from engine.rulesets import DMJL
        >>> TableState(Seating(east=0, prevailing=Wind.EAST), hands_played=3).over(
        ...     DMJL.settings({"game_length": "hands:3"}))
        True
        """
        unit, count = game_length(settings)
        return (self.hands_played if unit == "hands" else self.seating.rounds) >= count


@dataclass(frozen=True, slots=True)
class CheckedEntry:
    """One entry as the engine read it: its hand, its score (None without a hand) and the value
    the settlement takes (the score's total, the points entered, or 0)."""

    position: int
    entry: SeatEntry
    hand: Hand | None
    score: Score | None
    value: int
    bonus: tuple[Tile, ...] = ()
    """The bonus tiles the seat laid out (from its hand, or entered on their own)."""
    win_tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """A whole hand settled: every value, every payment, by position, and what comes next."""

    winners: tuple[int, ...]
    """Every winner (several only on one discard, where the ruleset lets them all win); () drawn."""
    discarder: int | None
    self_drawn: bool
    win_tile: Tile | None
    scores: tuple[Score | None, ...]
    """Each position's score (None: no hand entered)."""
    values: tuple[int, ...]
    """Each position's hand value as settled."""
    transfers: tuple[Transfer, ...]
    """Every payment, payer and payee by position, with its reason (``Mah-Jongg``, ``difference
    of hands``, ``bouquet``, ``gulasch``)."""
    nets: tuple[int, ...]
    """Each position's net result; they sum to zero."""
    after: TableState
    """Where the table stands for the next hand."""
    over: bool
    """The game has ended with this hand (``game_length``)."""
    east: int = 0
    """East's position in this hand."""
    prevailing: Wind = Wind.EAST

    @property
    def winner(self) -> int | None:
        """The (first) winner, None for a drawn hand."""
        return self.winners[0] if self.winners else None

    @property
    def drawn(self) -> bool:
        """Whether nobody won."""
        return not self.winners


def losers_score(settings: Settings, *, drawn: bool = False) -> bool:
    """Whether the settlement reads a loser's hand value (so a loser enters his hand or points):
    with a winner, ``loser_settlement`` other than ``none``; in a drawn hand,
    ``draw_settlement = mutual``.

    >>> from engine.rulesets import get_ruleset
    >>> losers_score(get_ruleset("dmjl").defaults), losers_score(get_ruleset("rumisberg").defaults)
    (True, False)
    """
    if drawn:
        return settings.draw_settlement == "mutual"
    return settings.loser_settlement != "none"


def check_entry(
    entry: SeatEntry, position: int, *, ruleset: Ruleset, settings: Settings, state: TableState
) -> CheckedEntry:
    """Read and score one seat's entry as the game would score that seat's hand: a winner with
    his win's circumstances, a loser's (or a drawn hand's) hand as a losing hand, each with the
    seat's wind and the prevailing wind; a loser's points as they are.

    >>> from engine.rulesets import DMJL
    >>> state = TableState.start(DMJL, DMJL.defaults)
    >>> check_entry(SeatEntry.lost("123m 456m 789m 555z 1p"), 2, ruleset=DMJL,
    ...             settings=DMJL.defaults, state=state).value
    16
    >>> check_entry(SeatEntry.won("123m 456m 789m 555z 1p 2p", win_tile="2p", self_drawn=True), 2,
    ...             ruleset=DMJL, settings=DMJL.defaults, state=state)
    Traceback (most recent call last):
    ...
    engine.errors.EntryError: the hand entered as a win does not win: ...

    :raises EntryError: for an entry that does not fit the table (a position not in play, a win
        that does not win, a win without self-drawn or discarder, a loser's 14-tile hand, both a
        hand and points, points out of range ...), with a ``code`` the bot words.
    :raises NotationError: for a hand or tile that cannot be read.
    :raises InvalidHandError: (and :class:`~engine.errors.RulesetHandError`) for a hand that
        cannot exist or that the ruleset cannot have.
    :raises SettingError: for an unknown flag or flags that contradict each other.
    """
    if not 0 <= position < state.players:
        raise EntryError(
            f"seat {position} is not in play: the table has seats 0 to {state.players - 1}",
            "record_seat_not_in_play",
            count=state.players,
        )
    if entry.outcome not in OUTCOMES:
        raise EntryError(
            f"an entry says won, lost or drawn, not {entry.outcome!r}",
            "record_outcome",
            text=str(entry.outcome),
        )
    if len(entry.hand) > MAX_NOTATION or len(entry.bonus) > MAX_NOTATION:
        raise EntryError(
            f"a hand is written in at most {MAX_NOTATION} characters",
            "record_hand_too_long",
            most=MAX_NOTATION,
        )
    wind = state.wind_of(position)
    if entry.outcome == "won":
        return _check_win(entry, position, wind, ruleset=ruleset, settings=settings, state=state)
    if entry.win_tile or entry.self_drawn or entry.discarder is not None or entry.flags:
        raise EntryError(
            "only a win has a winning tile, self-drawn, a discarder or flags", "record_loser_win_details"
        )
    if entry.points is not None and (entry.hand.strip() or entry.bonus.strip()):
        raise EntryError(
            "enter either your hand or the points you counted, not both", "record_hand_and_points"
        )
    if entry.hand.strip() and entry.bonus.strip():
        raise EntryError(
            "your bonus tiles are part of your hand: write them in it, not apart", "record_hand_and_bonus"
        )
    if entry.points is not None:
        if isinstance(entry.points, bool) or not 0 <= entry.points <= MAX_POINTS:
            raise EntryError(
                f"the points a hand counted are 0 to {MAX_POINTS}, not {entry.points}",
                "record_points_range",
                most=MAX_POINTS,
            )
        return CheckedEntry(position, entry, None, None, entry.points)
    if entry.hand.strip():
        hand = Hand.parse(entry.hand, laid_out=ruleset.lucky)
        check_claims(hand, ruleset)
        if hand.tile_count >= 14:
            raise EntryError(
                "a hand of 14 tiles is a complete hand: enter it as your win, or leave out the "
                "tile you did not take",
                "record_loser_complete",
            )
        result = score(hand, WinContext(seat=wind, prevailing=state.seating.prevailing), ruleset, settings)
        return CheckedEntry(position, entry, hand, result, result.total, tuple(hand.bonus))
    if losers_score(settings, drawn=entry.outcome == "drawn"):
        raise EntryError(
            "these rules settle the losers' hands among them: enter your hand or the points you counted",
            "record_loser_value_needed",
        )
    bonus: tuple[Tile, ...] = ()
    if entry.bonus.strip():
        bonus = tuple(t for part in entry.bonus.split() for t in parse_tiles(part))
        for t in bonus:
            if not t.is_bonus:
                raise EntryError(
                    f"{t} is no bonus tile: enter only flowers and seasons (1f-8f) here",
                    "record_bonus_not_bonus",
                    tile=str(t),
                )
        # the ruleset's own word on bonus tiles it does not have (huabao, jiangxi)
        score(
            Hand((), (), bonus), WinContext(seat=wind, prevailing=state.seating.prevailing), ruleset, settings
        )
    return CheckedEntry(position, entry, None, None, 0, bonus)


def _check_win(
    entry: SeatEntry, position: int, wind: Wind, *, ruleset: Ruleset, settings: Settings, state: TableState
) -> CheckedEntry:
    """A winner's entry scored as the game scores a winner (``engine.deal_end.context``)."""
    if entry.points is not None or entry.bonus.strip():
        raise EntryError("a win is entered as the whole hand in notation, not as points", "record_win_points")
    if not entry.hand.strip():
        raise EntryError("enter your winning hand in notation", "record_win_hand_needed")
    if entry.self_drawn and entry.discarder is not None:
        raise EntryError(
            "a self-drawn win has no discarder: choose one of them", "record_self_drawn_discarder"
        )
    flags = [f.strip() for f in entry.flags]
    self_drawn = entry.self_drawn or any(
        f in flags for f in ("replacement", "kong-replacement", "kong-on-kong")
    )
    if not self_drawn and entry.discarder is None:
        raise EntryError(
            "say how the hand was won: self-drawn, or whose discard (or kong) it took",
            "record_discarder_needed",
        )
    if entry.discarder is not None:
        if entry.discarder == position:
            raise EntryError(
                "the discarder is the winner himself: name the player whose discard won",
                "record_discarder_self",
            )
        if not 0 <= entry.discarder < state.players:
            raise EntryError(
                f"the discarder is one of the seats 0 to {state.players - 1}",
                "record_discarder_not_seated",
                count=state.players,
            )
    if "nine-times" in flags:
        raise EntryError(
            "East's ninth Mah-Jongg in a row is counted by the table, not entered",
            "record_flag_not_entered",
            text="nine-times",
        )
    heaven = self_drawn and "first-turn" in flags  # complete as dealt: no winning tile
    if not entry.win_tile.strip() and not heaven:
        raise EntryError("name the winning tile", "record_win_tile_needed")
    if wind == Wind.EAST and state.seating.streak >= 8 and settings.nine_times_rule:
        flags.append("nine-times")
    hand = Hand.parse(entry.hand, laid_out=ruleset.lucky)
    check_claims(hand, ruleset)
    ctx = WinContext.make(
        seat=wind,
        prevailing=state.seating.prevailing,
        win=None if heaven else entry.win_tile.strip(),
        self_drawn=self_drawn,
        flags=flags,
    )
    result = score(hand, ctx, ruleset, settings)
    if not result.won:
        raise EntryError(
            f"the hand entered as a win does not win: {result.reason or 'no Mah-Jongg'}",
            "record_not_a_win",
        )
    return CheckedEntry(position, entry, hand, result, result.total, tuple(hand.bonus), ctx.win_tile)


def settle_entries(
    entries: Mapping[int, SeatEntry],
    *,
    ruleset: Ruleset,
    settings: Settings,
    state: TableState,
) -> RecordedHand:
    """Settle one hand from every position's entry, as :class:`~engine.deal.Deal` settles at its
    end (``ruleset.settle``: the winner's payments by the ruleset's ``pays``, the losers' part;
    a drawn hand by ``draw_settlement``), plus the bouquets the bonus tiles entered complete
    (rumisberg rule 7) and the centre's stakes (a Gulasch pot: the winner takes it), and the
    next seating from the ruleset's rotation (``Game._settle``).

    :raises EntryError: when the entries do not make one hand: a position missing, a winner and
        a drawn hand at once, losers without a winner, several winners where the ruleset lets
        only one win (or not on one discard), winners naming different discarders; and every
        refusal of :func:`check_entry`.

    A drawn hand in dmjl pays nothing, and East deals again:

    >>> from engine.rulesets import DMJL
    >>> state = TableState.start(DMJL, DMJL.defaults)
    >>> drawn = settle_entries({p: SeatEntry.drawn() for p in range(4)}, ruleset=DMJL,
    ...                        settings=DMJL.defaults, state=state)
    >>> drawn.nets, drawn.after.seating.east, drawn.after.hands_played
    ((0, 0, 0, 0), 0, 1)
    """
    players = state.players
    for p in entries:
        if not 0 <= p < players:
            raise EntryError(
                f"seat {p} is not in play: the table has seats 0 to {players - 1}",
                "record_seat_not_in_play",
                count=players,
            )
    missing = [p for p in range(players) if p not in entries]
    if missing:
        raise EntryError(
            f"{len(missing)} of the seats have not entered the hand yet",
            "record_entries_missing",
            count=len(missing),
        )
    checked = [
        check_entry(entries[p], p, ruleset=ruleset, settings=settings, state=state) for p in range(players)
    ]
    outcomes = {c.entry.outcome for c in checked}
    if "drawn" in outcomes and len(outcomes) > 1:
        raise EntryError(
            "some say the hand was drawn, others that it was won: agree on one", "record_outcomes_mixed"
        )
    won = [c for c in checked if c.entry.outcome == "won"]
    if not won and "lost" in outcomes:
        raise EntryError("someone lost, but nobody entered the win", "record_no_winner")
    discarder = won[0].entry.discarder if won else None
    self_drawn = bool(won) and won[0].entry.discarder is None
    if len(won) > 1:
        if MultipleWinners not in ruleset.features_for(settings) or discarder is None:
            raise EntryError(
                f"{len(won)} seats entered a win, but under these rules only one wins a hand",
                "record_several_winners",
                count=len(won),
            )
        if any(c.entry.discarder != discarder for c in won) or any(c.position == discarder for c in won):
            raise EntryError(
                "the winners name different discarders: several win only on one discard",
                "record_winners_disagree",
            )
    wind_of = state.wind_of
    seats = ruleset.seats(settings)  # the winds in play (three players: North absent, A-RU-18)
    # Like Deal: the settlement by wind, East = wind 0; then back to positions (Game._settle).
    if discarder is not None:
        # several winners on one discard: the first in turn order after the discarder
        won.sort(key=lambda c: (wind_of(c.position) - wind_of(discarder)) % len(seats))
    values_w = [0] * 4
    for c in checked:
        values_w[wind_of(c.position)] = c.value
    winners_w = [int(wind_of(c.position)) for c in won]
    settlement = ruleset.settle(
        values_w,
        winners=winners_w,
        discarder=None if discarder is None else int(wind_of(discarder)),
        ruleset=ruleset,
        settings=settings,
        seats=seats,
        fixed=[int(wind_of(c.position)) for c in won if c.score is not None and c.score.fixed],
    )
    paid: list[Transfer] = []  # during play: bouquets (rule 7), from the bonus tiles entered
    if Bouquets in ruleset.features_for(settings):
        for c in checked:
            for _ in range(bouquets(int(t) for t in c.bonus)):
                paid += bouquet_payments(int(wind_of(c.position)), seats=seats, settings=settings)
    centre = [replace(stake, seat=int(wind_of(stake.seat))) for stake in state.centre]
    transfers_w = paid + list(settlement.transfers)
    if won:
        transfers_w += take_centre(centre, winners_w[0])
        left: list[Stake] = []
    else:  # a Gulasch pot stays for the next winner or goes back (Gulasch.keeps)
        left = [s for s in centre if s.reason != "gulasch" or settings.gulasch_pot_carry_over]
    position = state.position_of
    transfers = tuple(replace(t, payer=position(t.payer), payee=position(t.payee)) for t in transfers_w)
    after_centre = [replace(stake, seat=position(stake.seat)) for stake in left]
    gulasch = not won and settings.draw_settlement == "gulasch"
    if gulasch:  # the next hand is a Gulasch: each player stakes into its pot (rule 19)
        stakes = gulasch_stakes(range(players), settings)
        after_centre += [Stake(p, amount, "gulasch") for p, amount in stakes.items() if amount]
    winners = tuple(c.position for c in won)
    seating = ruleset.rotation_for(settings).next_seating(
        HandEnd(winners[0] if winners else None, winners, discarder), state.seating, settings
    )
    after = TableState(seating, state.hands_played + 1, tuple(after_centre), gulasch)
    return RecordedHand(
        winners=winners,
        discarder=discarder,
        self_drawn=self_drawn,
        win_tile=won[0].win_tile if won else None,
        scores=tuple(c.score for c in checked),
        values=tuple(c.value for c in checked),
        transfers=transfers,
        nets=nets(transfers, players),
        after=after,
        over=after.over(settings),
        east=state.seating.east,
        prevailing=state.seating.prevailing,
    )
