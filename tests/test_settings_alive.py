"""Every setting of every ruleset is alive: set to a value other than the ruleset's default, it
changes a score or a flow in a case built for it (issue 25 item 5).

:data:`CASES` holds one case per setting name: the value to set, what to look at (a hand's
score and payments, the Mah-Jongg a deal offers, a settlement, the start of a deal, or a few
hands of a game played by the baseline player), and the settings that make it matter (``base``:
``winning_tile_points_cumulative`` only matters where winning-tile points are counted at all).
The test asserts the table covers every setting every ruleset takes, so a new setting without a
case fails here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from test_ruleset_rumisberg import drawn_gulasch_centres

from engine.actions import ActionKind
from engine.deal import Deal
from engine.errors import MahjongError
from engine.game import NEXT, Game
from engine.players import SimplePlayer
from engine.rulesets import RULESETS, get_ruleset
from engine.rulesets.rumisberg import pot_payments
from engine.scoring.report import score_request
from engine.settings import SPEC_BY_NAME
from engine.settlement import settle_hand
from engine.tiles import Wind

Overrides = Mapping[str, object]
Probe = Callable[[str, Overrides], object]


# --- What a case looks at ------------------------------------------------------------------


def hand(text: str, **ctx: Any) -> Probe:
    """The score of ``text`` (with ``ctx``: seat, win, self_drawn, flags, discarder, dora) and
    what each seat pays; a refusal is its message."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        try:
            r = score_request(hand=text, ruleset=ruleset, settings=overrides, **ctx)
        except MahjongError as exc:
            return ("refused", str(exc))
        return (r.won, r.total, r.points, r.doubles, r.limit, [line.code for line in r.items], r.pays)

    return probe


def _arranged(
    hands: tuple[str, ...], actions: tuple[str, ...], ruleset: str, overrides: Overrides, live: str = ""
) -> Deal:
    """A deal of ``hands`` (East's first; ``live`` the first tiles drawn) with ``actions``
    applied, the others passing on each discard."""
    deal = Deal.arranged(list(hands), live=live, ruleset=ruleset, settings=overrides)
    for action in actions:
        for idle in deal.idle_passes():
            deal.apply(idle)
        deal.apply(action)
    return deal


def moves(hands: tuple[str, ...], actions: tuple[str, ...]) -> Probe:
    """The state of a deal of ``hands`` after ``actions`` (and the passes after them)."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        deal = _arranged(hands, actions, ruleset, overrides)
        for idle in deal.idle_passes():
            deal.apply(idle)
        return deal.snapshot()

    return probe


def offers_on_discard(hands: tuple[str, ...], live: str, actions: tuple[str, ...]) -> Probe:
    """Whether South may go Mah-Jongg on the last discard of ``actions`` in a deal of ``hands``."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        deal = _arranged(hands, actions, ruleset, overrides, live)
        return any(a.kind == ActionKind.MAHJONG for a in deal.legal_actions(1))

    return probe


def flow(hands: tuple[str, ...], actions: tuple[str, ...], live: str = "", dead: str = "") -> Probe:
    """A deal of exactly ``hands``, ``live`` and ``dead`` (no other tile) played by
    ``actions``, each followed by the passes of seats with nothing to claim: what each action
    did (a refusal ends the play), what every seat may do at the end, and how the deal ended
    (winners, reason, values, nets, the stakes left in the centre)."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        try:
            deal = Deal.arranged(
                list(hands), live=live, dead=dead, ruleset=ruleset, settings=overrides, fill=False
            )
        except MahjongError as exc:
            return ("refused", str(exc))
        steps: list[object] = []
        for line in actions:
            try:
                steps.append([(str(e.kind), e.seat, e.tile, e.what, e.amount) for e in deal.apply(line)])
            except MahjongError as exc:
                steps.append(("refused", line, str(exc)))
                break
            for idle in deal.idle_passes():
                deal.apply(idle)
        may = [[str(a) for a in deal.legal_actions(seat)] for seat in deal.in_play]
        r = deal.result
        end = None if r is None else (r.winners, r.reason, r.values, r.settlement.nets, r.centre)
        return steps, may, end

    return probe


def settles(values: tuple[int, ...], winners: tuple[int, ...], discarder: int | None = None) -> Probe:
    """The nets of a hand with ``values`` by seat, won by ``winners`` (none: drawn)."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        rs = get_ruleset(ruleset)
        st = rs.settings(overrides)
        return settle_hand(values, winners=winners, discarder=discarder, ruleset=rs, settings=st).nets

    return probe


def dealt(seeds: tuple[int, ...] = (1, 2, 3)) -> Probe:
    """The state of fresh deals: wall, hands, bonus tiles laid out, live tiles left."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        out = []
        for seed in seeds:
            deal = Deal(ruleset, overrides, seed)
            out.append((deal.snapshot(), deal.live_remaining))
        return out

    return probe


PLAYER = SimplePlayer()


def played(n_hands: int = 8, seeds: tuple[int, ...] = (1, 2), gulasch: bool = False) -> Probe:
    """A game of ``n_hands`` hands played by the baseline player: every move, each hand's result
    and the chips (``gulasch``: a Gulasch deal by itself, its moves and result)."""

    def probe(ruleset: str, overrides: Overrides) -> object:
        out: list[object] = []
        for seed in seeds:
            if gulasch:
                deal = Deal(ruleset, overrides, seed, gulasch=True)
                while not deal.over:
                    seat = deal.to_act()[0]
                    deal.apply(
                        PLAYER.choose(deal.view(seat)).by(Wind(seat))
                    )  # a bare deal: position p is wind p
                out.append([str(a) for a in deal.log])
                continue
            st = get_ruleset(ruleset).settings(overrides)
            names = ("Ada", "Bo", "Cy", "Di")[: st.players]
            game = Game(ruleset, {"game_length": f"hands:{n_hands}", **overrides}, seed, names)
            while True:
                while not game.deal.over:
                    position = next(p for p in game.positions if game.legal_actions(p))
                    game.apply(PLAYER.choose(game.view(position)))
                if game.finished:
                    break
                game.apply(NEXT)
            out.append((tuple(game.log), tuple(game.chips), [(r.winner, r.nets) for r in game.history]))
        return out

    return probe


# --- The cases -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A setting's case: ``value`` set over ``base`` changes what ``probe`` sees.

    ``per_ruleset`` replaces value, base or probe for one ruleset (``{"jiangxi": {...}}``)."""

    value: object
    probe: Probe
    base: Overrides = field(default_factory=dict)
    per_ruleset: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    alt: object = None
    """The value to set where ``value`` is the ruleset's default (a switch: the other way)."""

    def for_ruleset(self, ruleset: str) -> tuple[object, Probe, Overrides]:
        """The value (not the ruleset's default), probe and base settings for ``ruleset``."""
        special = self.per_ruleset.get(ruleset, {})
        takes = get_ruleset(ruleset).setting_names
        base = {k: v for k, v in special.get("base", self.base).items() if k in takes}
        value = special.get("value", self.value)
        if value == getattr(get_ruleset(ruleset).settings(base), self.setting):
            value = (not value) if isinstance(value, bool) else self.alt
        return value, special.get("probe", self.probe), base

    @property
    def setting(self) -> str:
        """The setting this case is for (its key in :data:`CASES`)."""
        return next(name for name, case in CASES.items() if case is self)


HONOURS = hand("[111z] 222z 333z 555z 66z", win="6z")
"""All honours: a limit hand."""
PLAIN = hand("222m 456m 777p [999s] 55s", seat="S", win="5s")
"""One chow, a pair of simples, on a discard: no doubles, points not a multiple of ten."""
SELF_DRAWN = hand("[555s] 777z 234m [888p] 99p", seat="S", win="9p", self_drawn=True)
"""Self-drawn, the winning tile completing a pair of major tiles."""
CONCEALED = hand("222m 456m 777p 111s 99s", seat="S", win="9s", self_drawn=True)
"""Every set concealed, self-drawn: the concealed-hand doubles."""
CONCEALED_ON_DISCARD = hand("222m 456m 777p 111s 99s", seat="S", win="9s")
"""Every set concealed, the pair completed by a discard."""
EARTH = hand("123s 456m 777p [888p] 99s", seat="S", win="9s", flags=["first-turn"])
"""Earth's blessing: Mah-Jongg on East's first discard (a small normal value)."""
SEVEN_PAIRS = hand("11m 22m 33p 44p 55s 66s 77z", seat="S", win="7z")
QUAD_PAIRS = hand("1111m 33p 44p 55s 66s 77z", seat="S", win="7z")
GREEN = hand("222s 333s 444s [666s] 88s", seat="S", win="8s")
"""The imperial green hand without green dragons."""
LANTERNS = hand("111m [234m] 567m 999m 88m", seat="S", win="8m")
"""Nine lanterns with an exposed chow (the easy variant)."""
LOSER_BIG = hand("(1111z) (2222z) (5555z) 6z")
"""A losing hand worth more than a limit."""
LOSER_PAIRS = hand("55z 66z 123m 456m 789p")
"""A losing hand with two dragon pairs."""
FLOWER = hand("111m 222p 333s 444s 55z 1f", win="5z")
"""A hand with a flower (a tile some sets lack)."""
BOUQUET = hand("222m 456m 777p [999s] 55s 1f 2f 3f 4f", seat="S", win="5s")
"""South with all four flowers, his own among them."""
ZERO_WITH_FLOWER = hand("123m 456m 789p 234s 55s 2f", win="5s")
"""Sets and pair worth nothing (four chows), a flower beside them."""
ROBBING = hand("222m 456m 777p [999s] 55s", seat="S", win="5s", flags=["robbing-kong"])
CALL = hand("222m 456m 777p [999s] 55s", seat="S", win="5s", flags=["original-call"])
NINE_TIMES = hand("222m 456m 777p [999s] 55s", win="5s", flags=["nine-times"])
MOON = hand("222m 456m 777p [999s] 55s", seat="S", win="5s", self_drawn=True, flags=["last-tile"])
EAST_ON_DISCARD = hand("[555s] 777z 234m [888p] 99p", win="9p", discarder="W")
"""East's middling hand won on West's discard: payments by seat."""
EAST_BIG = hand("(1111z) 222z 333z 555z 66z", win="6z", self_drawn=True)
"""East's self-drawn limit hand: payments capped or not after East's doubling."""
NO_CHOW = hand("222m 555m 777p [999s] 55s", seat="S", win="5s")
"""Pungs in three suits and a pair, on a discard."""
HONOUR_PUNGS = hand("123m [111z] 222z 555z 66p", seat="S", win="6p")
"""One chow, pungs of honours only: no pung of suit tiles."""
DORA_PAIR = hand("[555s] [123p] [777z] 456m 99m", seat="N", win="9m", discarder="W", dora="9m")
DORA_LOSER = hand("[555s] [123p] 777z 4m", dora="5s")
CLUB = hand("22s 666s 555s 999s 777s", seat="S", win="2s", self_drawn=True)
"""Rumisberg's club hand (22 666 555 999 777 in one suit)."""
FIVES = hand("55s 555m 555p 123s 456s", win="5s", self_drawn=True)

JX_PLAIN = hand("123s 456s 789s [555s] 99s", seat="S", win="9s", discarder="E")
"""Jiangxi, won on the dealer's discard: fan and what the dealer pays."""
JX_QIDUI = hand("11m 22m 33p 44p 55s 66s 77z", seat="S", win="7z", self_drawn=True)
JX_FOUR_EXPOSED = hand("[111m] [555p] [777s] [999s] 22m", seat="S", win="2m", self_drawn=True)
"""Four exposed triplets (Quanqiuren), self-drawn."""
JX_SMALL = hand("123m 456m 789p 234s 55s", seat="S", win="5s", self_drawn=True)
"""Jiangxi: a hand of few fan."""

GEN_ZHUANG = moves(
    (
        "1m2m3m4p5p7p8s9s9s5z5z7z7z2p",
        "1m3m4m5m2p3p5s6s8s9p9p7z2s",
        "1m4m6m7m3p4p6p2s3s7s8p8p9m",
        "1m5m8m9m6p7p1p1s4s5s3m3m9m",
    ),
    ("E discard 1m", "S discard 1m", "W discard 1m", "N discard 1m"),
)
"""The dealer's first discard followed by the other three (Gen zhuang)."""
_GO_AROUND = ("E discard 1z", "S discard 9m", "W discard 9m", "N discard 8m", "E discard 3s")
"""East's first discard, a go-around, then East's 3s (not his first discard: no Earth's blessing)."""
_FILLER = "1m4m7m1p4p7p1s4s7s1z2z3z5z"
NO_DOUBLE_ON_DISCARD = offers_on_discard(
    ("123m456m789p2s3s5s5s1z", "222m456m789p24s55s", _FILLER, _FILLER), "9m9m8m8m", _GO_AROUND
)
"""South may go Mah-Jongg on East's 3s with a hand without a double (a pung, chows, a pair)."""
NO_DOUBLE_ON_DISCARD_RU = offers_on_discard(
    ("123m456m789p2s3s9p9p1z", "222m555m789p33s99s", _FILLER, _FILLER), "9m9m8m8m", _GO_AROUND
)
"""The same for rumisberg (at most one chow, no three concealed pungs: the 3s makes an exposed pung)."""


SHORT: Overrides = {"wall_reserve": 0}
"""A reserve of 0: a short arranged wall is played to its end."""
ANY_SHAPE: Overrides = {"wall_reserve": 0, "max_chows": 4, "min_suit_pungs": 0, "min_doubles": 0}
"""A short wall, and a Mah-Jongg of chows counts in wikibooks and rumisberg too."""
ROB_CONCEALED_KONG = flow(
    ("1111m 234p 567s 22z 89m", "9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 7z", "2s", "3s"),
    ("E concealed-kong 1m", "S mahjong"),
    live="4p 5p",
    dead="6p 7p 8p 8p",
)
"""East declares a concealed kong of 1m; South's Thirteen Orphans waits on 1m alone."""
CHOW_OFFER = flow(("5p 123m 456m 789s 11z 2z", "46p 1s", "2s", "3s"), ("E discard 5p",), "3z 4z")
"""South, after East, holds 46p when East discards 5p."""
FAR_CHOW_MAHJONG = flow(
    (
        "5p 1m 4m 7m 2p 8p 3s 6s 9s 1z 2z 3z 5z 6z",
        "2m 5m 8m 3p 9p 1s 4s 7s 1z 2z 3z 5z 6z",
        "46p 123m 456m 789s 11z",
        "3m 6m 9m 1p 7p 9p 2s 5s 8s 4z 4z 7z 7z",
    ),
    ("E discard 5p", "W mahjong"),
    "3z 4z",
)
"""West (not next after East) completes his hand with a chow of East's 5p."""
FINAL_DISCARD = flow(("5p 123m 456m 789s 11s 2s", "55p 1s", "3s", "4s"), ("E discard 5p",))
"""East discards 5p with the live wall empty: South holds 55p."""
THREE_MAHJONG = flow(
    (
        "5m 123m 456p 789s 11z 2z",
        "123p 456p 789s 11z 46m",
        "123s 456s 789p 22z 46m",
        "111p 222s 333m 99s 46m",
    ),
    ("E discard 5m", "S mahjong", "W mahjong", "N mahjong"),
    "3z",
)
"""Three seats go Mah-Jongg on East's 5m."""
_FROZEN = (
    "2m 5m 8m 3p 6p 9p 2s 3s 8s 2z 3z 5z 6z 7z",
    "234p 567p 999s 11z 67s",
    "1z 1m 4m 7m 2p 8p 2s 5s 8s 3z 4z 6z 9m",
    "3m 6m 9m 1p 4p 7p 1s 4s 7s 2z 4z 6z 7z",
)
"""South is ready (5s or 8s) before his first draw (wikibooks' riichi tests)."""
RIICHI_OFFER = flow(_FROZEN, ("E discard 2m",), "7z 1m 4m 7m 9s")
"""South's turn begins: with riichi he first decides whether to declare."""
RIICHI_DRAWN = flow(
    _FROZEN,
    ("E discard 2m", "S riichi", "S discard 7z", "W discard 1m", "N discard 4m", "E discard 7m"),
    "7z 1m 4m 7m",
)
"""South declares riichi, the wall runs out: his stake stays in the centre or goes back."""
DORA_WIN = flow(
    ("1z 9m 1m 4m 7m 2p 8p 3s 6s 9s 2z 3z 4z 5z", "555s 123m 456m 789p 9m", "2m", "3m"),
    ("E discard 1z", "S discard 6z", "W discard 7z", "N discard 6z", "E discard 9m", "S mahjong"),
    "6z 7z 6z 7z",
    "1p 1p 2p 2p 3p 3p 4s",
)
"""South wins with a pung of 5s on East's 9m after a go-around; with dora played the indicator is
4s, so 5s is the dora."""
_RU_EAST = "1s 3p 1m 4m 8m 2p 6p 8p 3s 9s 2z 3z 4z 5z"
FISHING_OFFER = flow(
    ("1m 4m 7m 2p 5p 8p 3s 6s 1z 2z 3z 4z 5z 6z", "123m 555p 777s 99s 44s", "2s", "3s"),
    ("E discard 6z",),
    "7z 8m",
)
"""South draws 7z one tile short of a Mah-Jong the card counts: he may declare Fishing."""
FISHING_PAID = flow(
    (
        _RU_EAST,
        "66m 11s 77z 45p 7s 9p 1z 4z 5z",
        "7z 2m 7s 3m 5m 7p 2s 4s 8s 9m 1p 2z 6z",
        "99p 555s 22m 55m 33z 6m 6z",
    ),
    (
        "E discard 1s",
        "S pong",
        "S discard 9p",
        "N pong",
        "N discard 6m",
        "S pong",
        "S discard 1z",
        "W discard 7z",
        "S pong",
        "S discard 4z",
        "W discard 2m",
        "N pong",
        "N fishing 6z",
        "E discard 3p",
        "S chow 3p",
        "S discard 5z",
        "W discard 8s",
        "N discard 1z",
        "E discard 2p",
        "S discard 2p",
        "W discard 7s",
        "S mahjong",
    ),
    "8s 9m 9m 1p 1z 2p 2p 7p 7p 5p 5p",
)
"""RULES.md EX-28 with North Fishing on 555s 55m 33z: 5m (a pong of simples) or 3z (of winds)
are worth different amounts; South wins, North's Fishing is paid."""
LATE_CLAIM = flow(
    (
        "1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 5z 5p",
        "5p 5p 3p 4p 2m 5m 8m 2s 5s 8s 4z 6z 7z",
        "3m 6m 2p 8p 3s 6s 9s 1z 2z 3z 5z 6z 7z",
        "9m 6m 9p 6p 8s 2s 3s 4z 4z 5z 6z 7z 1m",
    ),
    ("E discard 5p", "S pass"),
    "9s 8m 1z 2z",
)
"""South passed East's 5p and drew: whether he may still pong or chow it."""
JX_PASS_OVER = flow(
    ("5z 9p 1m", "123m 456m 789m 123s 9p", "9p 4m", "9p 7m"),
    ("E discard 5z", "S discard 2p", "W discard 9p", "S pass", "N discard 9p"),
    "2p 3p 4p 5p 6p",
)
"""South lets West's 9p pass, then North discards a 9p."""
JX_TWO_WINNERS = flow(
    ("9p 1m 4m", "123m 456m 789m 123s 9p", "123p 456p 789s 555s 9p", "2p"),
    ("E discard 9p", "W mahjong", "S mahjong"),
    "3p 4p",
)
"""South and West both win on East's 9p."""


def three_players(ruleset: str, overrides: Overrides) -> object:
    """Who plays and what they hold in fresh deals. Only rumisberg is played by three; every
    other ruleset refuses ``players = 3`` (its only other value) with its reason."""
    try:
        return dealt()(ruleset, overrides), [Deal(ruleset, overrides, seed).in_play for seed in (1, 2)]
    except MahjongError as exc:
        return ("refused", str(exc))


def pot(ruleset: str, overrides: Overrides) -> object:
    """What East receives for the Pot (rumisberg, A-RU-10) from balances of 9000, 150 and 0."""
    st = get_ruleset(ruleset).settings(overrides)
    return pot_payments({0: 12000, 1: 9000, 2: 150, 3: 0}, east=0, value=3000, settings=st)


def gulasch(ruleset: str, overrides: Overrides) -> object:
    """The stakes of a Gulasch and what a drawn Gulasch does with its pot, as a Game plays
    them (rumisberg)."""
    return drawn_gulasch_centres(ruleset, overrides)


CASES: Mapping[str, Case] = {
    # --- scoring values ---
    "limit": Case(300, HONOURS),
    "mj_bonus": Case(50, PLAIN),
    "winning_tile_points": Case(True, SELF_DRAWN),
    "winning_tile_points_cumulative": Case(False, SELF_DRAWN, base={"winning_tile_points": True}),
    "rob_kong_bonus": Case(30, ROBBING),
    "concealed_hand_doubles": Case(3, CONCEALED),
    "concealed_requires_self_draw": Case(False, CONCEALED_ON_DISCARD, base={"concealed_hand_doubles": 1}),
    "zero_point_basis": Case(
        "figure_points",
        ZERO_WITH_FLOWER,
        alt="sets_and_pairs",
        base={"bonus_tiles": True},
        per_ruleset={"rumisberg": {"base": {"max_chows": 4, "min_suit_pungs": 0}}},
    ),
    "flower_double_model": Case("additive", BOUQUET, base={"bonus_tiles": True, "bouquet_payment": 0}),
    "limit_hands": Case(False, HONOURS),
    "traditional_limit_hands": Case(True, GREEN),
    "seven_pairs": Case(True, SEVEN_PAIRS),
    "seven_pairs_quad_as_two_pairs": Case(True, QUAD_PAIRS, base={"seven_pairs": True}),
    "earthly_value": Case("limit", EARTH, alt="half_limit"),
    "green_hand_requires_gd": Case(True, GREEN, base={"traditional_limit_hands": True}),
    "nine_lanterns_easy": Case(True, LANTERNS, base={"traditional_limit_hands": True}),
    "original_call": Case(False, CALL),
    "nine_times_rule": Case(False, NINE_TIMES),
    "limit_applies_to_losers": Case(False, LOSER_BIG),
    "loser_max_pairs": Case(0, LOSER_PAIRS),
    "bonus_tiles": Case(False, FLOWER),
    "rounding": Case("up_to_10", PLAIN, alt="none"),
    "count_scale": Case(3, PLAIN),
    "no_chow_points": Case(30, NO_CHOW),
    "moon_hand_value": Case("one_double", MOON),
    "dora_in_pair": Case(False, DORA_PAIR),
    "dora_for_losers": Case(False, DORA_LOSER),
    "club_hand_value": Case(5000, CLUB),
    "club_hand_pattern": Case("22 333 555 999 777", CLUB),
    "special_hands": Case("Fives: 55s 555m 555p 123s 456s = 4000", FIVES),
    "bouquet_payment": Case(0, BOUQUET),
    "unit_per_fan": Case(5, JX_PLAIN),
    "menqing_with_qidui": Case(False, JX_QIDUI),
    "quanqiuren_requires_discard": Case(False, JX_FOUR_EXPOSED),
    "max_chows": Case(0, PLAIN, alt=4),
    "min_suit_pungs": Case(1, HONOUR_PUNGS, alt=0),
    "require_flush": Case(True, NO_CHOW),
    "western": Case(True, NO_CHOW),
    "min_fan": Case(5, JX_SMALL, alt=0),
    # --- payments and settlement ---
    "east_factor": Case(1, EAST_ON_DISCARD),
    "discarder_pays_all": Case(True, EAST_ON_DISCARD),
    "limit_after_east_double": Case(True, EAST_BIG),
    "loser_settlement": Case("none", settles((16, 76, 4, 0), (1,)), alt="differences"),
    "draw_settlement": Case("mutual", settles((16, 76, 4, 0), ()), alt="none"),
    "dealer_loses_double": Case(True, settles((0, 6, 0, 0), (1,))),
    "pot_reading": Case("hand_value_undoubled", pot),
    "gulasch_stake": Case(100, gulasch),
    "gulasch_pot_carry_over": Case(False, gulasch),
    # --- what a deal offers, how it goes ---
    "min_doubles": Case(
        1, NO_DOUBLE_ON_DISCARD, per_ruleset={"rumisberg": {"probe": NO_DOUBLE_ON_DISCARD_RU}}
    ),
    "ii_fan_shibari": Case(True, NO_DOUBLE_ON_DISCARD),
    "gen_zhuang_chips": Case(50, GEN_ZHUANG),
    "gulasch_wall_exchanges": Case(0, played(gulasch=True)),
    "wall_break": Case("one_throw", dealt(), alt="two_throw"),
    "break_wall_owner": Case("east", dealt(), base={"wall_break": "two_throw"}),
    "break_count": Case("second_only", dealt(), base={"wall_break": "two_throw"}),
    "loose_tile_order": Case("second_stack_first", played(4), alt="top_first"),
    "deal_pattern": Case("B", dealt(), alt="A"),
    "wall_reserve": Case(0, dealt(), alt=14),
    # --- the game ---
    "initial_score": Case(1000, played(1)),
    "game_length": Case("hands:2", played(1)),
    "dealer_rotation": Case("winner", played(8), alt="on_non_east_win"),
    "rob_concealed_kong_13_orphans": Case(True, ROB_CONCEALED_KONG, base=SHORT),
    "chow_claims": Case(False, CHOW_OFFER, base=SHORT),
    "mahjong_chow_from_any": Case(False, FAR_CHOW_MAHJONG, base=ANY_SHAPE),
    "final_discard_claims": Case("all", FINAL_DISCARD, base=SHORT),
    "three_mahjong_claims_abort": Case(True, THREE_MAHJONG, base=ANY_SHAPE),
    "riichi": Case(True, RIICHI_OFFER, base=SHORT),
    "riichi_stake": Case(100, RIICHI_DRAWN, base={**SHORT, "riichi": True}),
    "riichi_carry_over": Case(False, RIICHI_DRAWN, base={**SHORT, "riichi": True}),
    "dora": Case(True, DORA_WIN, base=SHORT),
    "fishing": Case(False, FISHING_OFFER, base=SHORT),
    "fishing_value": Case("max", FISHING_PAID, base=SHORT),
    "claim_window": Case("until_next_draw", LATE_CLAIM, base=SHORT),
    "pass_over": Case("none", JX_PASS_OVER),
    "multiple_winners": Case("next_in_turn", JX_TWO_WINNERS),
    "players": Case(3, three_players),
}


def _pairs() -> list[tuple[str, str]]:
    return sorted((name, setting) for name, rs in RULESETS.items() for setting in rs.setting_names)


def test_every_setting_of_every_ruleset_has_a_case() -> None:
    """A setting without a case fails here: it may be read nowhere."""
    every = {setting for _, setting in _pairs()}
    assert every == set(SPEC_BY_NAME)
    assert sorted(every - set(CASES)) == []
    assert sorted(set(CASES) - every) == []


@pytest.mark.parametrize(("ruleset", "setting"), [p for p in _pairs() if p[1] in CASES])
def test_a_setting_changes_a_score_or_a_flow(ruleset: str, setting: str) -> None:
    value, probe, base = CASES[setting].for_ruleset(ruleset)
    assert value != getattr(get_ruleset(ruleset).settings(base), setting), f"{setting}: no other value"
    before = probe(ruleset, dict(base))
    after = probe(ruleset, {**base, setting: value})
    assert before != after, f"{setting}={value} changes nothing in {ruleset}"
