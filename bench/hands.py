"""Fixed, mixed sets of scoring requests for the benchmarks.

:func:`request_set` is the historical set of ``score_hands_per_s``: every limit
hand of dmjl and of huabao (core and traditional), the worked examples'
winning hands, seeded random winning hands (exposed, concealed, kongs, bonus
tiles), seeded random losing hands and 14-tile hands that do not win, dmjl
with a third huabao. :func:`ruleset_set` is the same mix for one ruleset, of
hands its tile set and its conditions allow (:data:`SHAPES`), with its own
worked examples and special hands. The same seed gives the same set on every
machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.tiles import TILES, tiles_str


@dataclass(frozen=True)
class Request:
    """One scoring request, as the strings a person would type."""

    hand: str
    ruleset: str = "dmjl"
    seat: str = "E"
    prevailing: str = "E"
    win: str | None = None
    self_drawn: bool = False
    flags: tuple[str, ...] = ()
    settings: dict[str, object] = field(default_factory=dict)
    kind: str = "win"


LIMIT_HANDS = [
    Request("123m 456m 789m 123p 55s", win="5s", self_drawn=True, flags=("first-turn",), kind="limit"),
    Request("123s 456m 777p 345p 99s", seat="S", win="9s", flags=("first-turn",), kind="limit"),
    Request("123m 456m 789m 111m 55m", win="5m", self_drawn=True, kind="limit"),
    Request("111m 222p 333s 444z 55z", seat="W", win="5z", self_drawn=True, kind="limit"),
    Request("[111z] 222z 333z 555z 66z", win="6z", kind="limit"),
    Request("[111m] 999m 111p [999s] 11s", win="1s", kind="limit"),
    Request("[111s] 234s 55s 678s 999s", win="5s", kind="limit"),
    Request("[1111m] (2222p) [3333s] [4444z] 55z", win="5z", kind="limit"),
    Request("[555z] [666z] 777z 222m 99p", seat="N", win="9p", kind="limit"),
    Request("[111z] [222z] 333z 444z 55m", win="5m", kind="limit"),
    Request("234s 234s 666s 888s 66z", win="6z", self_drawn=True, kind="limit"),
    Request("1112345678999p 5p", win="5p", kind="limit"),
    Request("19m19p19s1234567z 1z", seat="S", win="1z", kind="limit"),
    Request(
        "(1111m) (2222p) 345s 678s 99s", win="9s", self_drawn=True, flags=("kong-on-kong",), kind="limit"
    ),
    Request("123m 456m 789s 345p 55p", win="5p", self_drawn=True, flags=("replacement",), kind="limit"),
    Request("123m 456m 789s 123p 11p", win="1p", self_drawn=True, flags=("last-tile",), kind="limit"),
    Request("123s 456m 789p [111z] 55p", seat="W", win="2s", flags=("robbing-kong",), kind="limit"),
    Request("123m 456p 789s [222z] 55m", win="5m", self_drawn=True, flags=("nine-times",), kind="limit"),
]

_TRADITIONAL: dict[str, object] = {"traditional_limit_hands": True}
HUABAO_LIMIT_HANDS = [
    Request("[111z] 222z 333z 555z 66z", ruleset="huabao", win="6z", kind="limit"),
    Request(
        "123m 456m 789m 123p 55s",
        ruleset="huabao",
        win="5s",
        self_drawn=True,
        flags=("first-turn",),
        kind="limit",
    ),
    Request(
        "123s 456m 777p 345p 99s", ruleset="huabao", seat="S", win="9s", flags=("first-turn",), kind="limit"
    ),
    Request(
        "11123456789999m", ruleset="huabao", win="5m", self_drawn=True, settings=_TRADITIONAL, kind="limit"
    ),
    Request("[111z] [222z] 333z 444z 55m", ruleset="huabao", win="5m", settings=_TRADITIONAL, kind="limit"),
    Request("[555z] [666z] 777z 234m 99p", ruleset="huabao", win="9p", settings=_TRADITIONAL, kind="limit"),
    Request(
        "[1111m] (2222p) [3333s] [4444z] 55z", ruleset="huabao", win="5z", settings=_TRADITIONAL, kind="limit"
    ),
    Request("[111m] 999m 111p [999s] 11s", ruleset="huabao", win="1s", settings=_TRADITIONAL, kind="limit"),
    Request("1199m 1199p 11s 11z 77z", ruleset="huabao", win="7z", settings=_TRADITIONAL, kind="limit"),
    Request("2288m 3355p 44s 66z 77z", ruleset="huabao", win="7z", settings=_TRADITIONAL, kind="limit"),
    Request(
        "222333444555p 66p", ruleset="huabao", win="6p", self_drawn=True, settings=_TRADITIONAL, kind="limit"
    ),
    Request("222s 333s 666s [888s] 66z", ruleset="huabao", win="6z", settings=_TRADITIONAL, kind="limit"),
    Request("111s 333s 555s 777s 99s", ruleset="huabao", win="9s", settings=_TRADITIONAL, kind="limit"),
]

WORKED = [
    Request("[555s] 777z 234m [678p] 99p", seat="S", win="9p", self_drawn=True),
    Request("[111z] [888m] [333s] 111p 55s", win="5s"),
    Request("[777z] 666z [456s] 789p 55z 2f", seat="S", prevailing="W", win="7p"),
    Request("[123m] [444z] 456s 456p 88m", seat="W", win="5p", flags=("robbing-kong",)),
    Request("[123s] [555s] 999s 678s 22s", seat="N", prevailing="S", win="2s", self_drawn=True),
    Request("234s [567p] 345m 678m 99p", seat="S", win="8m"),
    Request("(4444m) 777s 111p [234p] 22z", prevailing="S", win="7s", flags=("replacement",)),
    Request("[777z] [666z] 555z [345s] 66m", seat="S", win="6m"),
    Request("[444m] 666s [789p] 123s 44z 1f 2f 3f 4f 7f", seat="W", prevailing="N", win="4z"),
    Request("[333z] [222p] 345p [789p] 77z", ruleset="huabao", seat="W", prevailing="W", win="7z"),
    Request("111m [555m] 234m 678m 99m", ruleset="huabao", win="9m", self_drawn=True),
    Request(  # huabao's 136 tiles have no flowers: the club plays with them (bonus_tiles)
        "[666s] 888p [123m] 456s 22p 1f 2f 3f 4f 8f",
        ruleset="huabao",
        seat="N",
        win="2p",
        settings={"bonus_tiles": True},
    ),
]

_WINDS = "ESWN"
_THREE: dict[str, object] = {"players": 3, "deal_pattern": "R3"}

WIKIBOOKS_HANDS = [
    Request("[555z] 333m [567s] 234p 88p", ruleset="wikibooks", seat="W", win="8p", self_drawn=True),
    Request("[111z] [222s] 345m [678m] 66z", ruleset="wikibooks", win="6z"),
    Request("123s 456p 777m 678s 33p", ruleset="wikibooks", seat="S", win="3p", self_drawn=True),
    Request("[777z] [234s] 567m 789p 33s 2f", ruleset="wikibooks", seat="S", win="3s"),
    Request("[111p] 555p [678p] [444z] 33p", ruleset="wikibooks", seat="N", win="3p"),
    Request("111z 222z 555z 666z 77z", ruleset="wikibooks", win="7z", kind="limit"),
    Request("19m19p19s1234567z 1z", ruleset="wikibooks", win="1z", kind="limit"),
    Request("111z 222z 333z 444z 55m", ruleset="wikibooks", win="5m", kind="limit"),
    Request("555z 666z 777z 123m 99p", ruleset="wikibooks", win="9p", kind="limit"),
    Request("234s 234s 666s 888s 66z", ruleset="wikibooks", win="6z", kind="limit"),
    Request("1112345678999m 5m", ruleset="wikibooks", win="5m", kind="limit"),
    Request("[1111m] [2222p] [3333s] [4444z] 55z", ruleset="wikibooks", win="5z", kind="limit"),
    Request("11m 99m 11p 99p 11z 22z 55z", ruleset="wikibooks", win="5z", kind="limit"),
    Request("11m 55m 33p 77p 22s 88s 77z", ruleset="wikibooks", win="7z", kind="limit"),
    Request("111m 999m 111p 999s 11s", ruleset="wikibooks", win="1s", kind="limit"),
]
"""Wikibooks' worked examples (RULES.md §5.3) and a hand of each kind of special hand."""

RUMISBERG_HANDS = [
    Request("[555s] 777z 333m [678p] 99p", ruleset="rumisberg", seat="S", win="9p", self_drawn=True),
    Request("111z [777z] 999s [222m] 55z", ruleset="rumisberg", win="5z"),
    Request("[222s] [777m] 444z 456p 88s 1f 2f 3f 4f 7f", ruleset="rumisberg", seat="W", win="8s"),
    Request("[666m] [111s] [777z] [345p] 77s", ruleset="rumisberg", seat="S", win="7s"),
    Request("[666z] [888m] [123s] 111p 66p", ruleset="rumisberg", seat="N", win="6p", self_drawn=True),
    Request(
        "[666m] [555m] 999m 777m 22m",
        ruleset="rumisberg",
        seat="S",
        win="2m",
        self_drawn=True,
        settings=_THREE,
    ),
    Request("[111z] 222z 333z 555z 66z", ruleset="rumisberg", win="6z", kind="limit"),
    Request("19m19p19s1234567z 1z", ruleset="rumisberg", seat="S", win="1z", kind="limit"),
    Request("[1111m] (2222p) [3333s] [4444z] 55z", ruleset="rumisberg", win="5z", kind="limit"),
]
"""Rumisberg's worked examples (RULES.md §5.4, the club hand with three players) and limit hands."""

JIANGXI_HANDS = [
    Request("[333s] [777m] 555p 999s 22m", ruleset="jiangxi", seat="S", win="2m"),
    Request("123s 456m 888p 345p 77s {66z}", ruleset="jiangxi", seat="N", win="7s", self_drawn=True),
    Request("123s 456s 789s [555s] 99s", ruleset="jiangxi", win="9s"),
    Request("11m 22m 33m 7777m 99m 55z", ruleset="jiangxi", seat="W", win="5z", self_drawn=True),
    Request("234p 678m [444s] 567p 99m {6666z}", ruleset="jiangxi", win="9m", self_drawn=True),
    Request("(5555z) [777z] 345m 678p 11s", ruleset="jiangxi", seat="S", win="1s"),
    Request(
        "[6666p] 123m 789s 777z 44s",
        ruleset="jiangxi",
        seat="N",
        win="4s",
        self_drawn=True,
        flags=("kong-replacement",),
    ),
    Request("[222s] [888m] 666p 111m 55p", ruleset="jiangxi", seat="S", win="5p"),
    Request("123s 789m 222p 99s 456p {6z}", ruleset="jiangxi", seat="W", win="5p"),
]
"""Jiangxi's worked examples (RULES.md §5.5)."""


@dataclass(frozen=True)
class Shape:
    """What the random hands of one ruleset hold: kinds from its tile set, sets by a roll
    (a chow below ``chow_below``, a pong below ``pong_below``, else a kong), its conditions
    for a counted hand, its bonus tiles or lucky tiles and its seats."""

    kinds: tuple[int, ...] = tuple(range(34))
    """Playing kinds a hand may hold (jiangxi: no winds, its Fa is laid out, not held)."""
    chow_below: float = 0.45
    pong_below: float = 0.92
    exposed_chows: bool = True
    """Whether a chow may be claimed (jiangxi's runs stay concealed)."""
    max_chows: int = 4
    min_suit_pungs: int = 0
    bonus: tuple[int, ...] = ()
    """Bonus kinds a winner may have laid out (flowers and seasons)."""
    lucky: int | None = None
    """A kind laid out in braces like a bonus tile (jiangxi's Fa)."""
    three_players: float = 0.0
    """The share of requests played by three (rumisberg: winds E, S and W)."""


_ALL = tuple(range(34))
_FLOWERS = tuple(range(34, 42))
SHAPES: dict[str, Shape] = {
    "dmjl": Shape(bonus=_FLOWERS),
    "huabao": Shape(),
    "wikibooks": Shape(bonus=_FLOWERS),
    "rumisberg": Shape(chow_below=0.25, max_chows=1, min_suit_pungs=1, bonus=_FLOWERS, three_players=0.5),
    # suits, Bai (5z) and Zhong (7z); the Fa (6z) is laid out
    "jiangxi": Shape(kinds=(*range(27), 31, 33), chow_below=0.35, exposed_chows=False, lucky=32),
}
"""Each ruleset's random hands."""

_FIXED = {"wikibooks": WIKIBOOKS_HANDS, "rumisberg": RUMISBERG_HANDS, "jiangxi": JIANGXI_HANDS}


def _random_win(rng: random.Random, ruleset: str, shape: Shape | None = None) -> Request:
    shape = shape or SHAPES[ruleset]
    kinds = shape.kinds
    while True:
        counts = [0] * 34
        parts: list[tuple[str, list[int], bool]] = []  # (kind, tiles, exposed)
        for _ in range(4):
            roll = rng.random()
            if roll < shape.chow_below:
                suit = rng.randrange(3)
                start = suit * 9 + rng.randrange(7)
                tiles = [start, start + 1, start + 2]
                kind = "chow"
            elif roll < shape.pong_below:
                t = kinds[rng.randrange(len(kinds))]
                tiles = [t] * 3
                kind = "pong"
            else:
                t = kinds[rng.randrange(len(kinds))]
                tiles = [t] * 4
                kind = "kong"
            for t in tiles:
                counts[t] += 1
            exposed = rng.random() < 0.4 and (kind != "chow" or shape.exposed_chows)
            parts.append((kind, tiles, exposed))
        pair = kinds[rng.randrange(len(kinds))]
        counts[pair] += 2
        chows = sum(1 for kind, _, _ in parts if kind == "chow")
        suit_pungs = sum(1 for kind, tiles, _ in parts if kind != "chow" and tiles[0] < 27)
        if max(counts) <= 4 and chows <= shape.max_chows and suit_pungs >= shape.min_suit_pungs:
            break
    concealed: list[int] = [pair, pair]
    out: list[str] = []
    for kind, tiles, exposed in parts:
        if kind == "kong":
            out.append(f"[{tiles_str(tiles)}]" if exposed else f"({tiles_str(tiles)})")
        elif exposed:
            out.append(f"[{tiles_str(tiles)}]")
        else:
            concealed.extend(tiles)
    win = str(TILES[rng.choice(concealed)])
    bonus = ""
    if shape.bonus and rng.random() < 0.4:
        bonus = " " + tiles_str(sorted(rng.sample(shape.bonus, rng.randrange(1, 4))))
    elif shape.lucky is not None and rng.random() < 0.4:
        bonus = " {" + tiles_str([shape.lucky] * rng.randrange(1, 5)) + "}"
    hand = tiles_str(sorted(concealed)) + " " + " ".join(out) + bonus
    winds, settings = _seats(rng, shape)
    return Request(
        hand.strip(),
        ruleset=ruleset,
        seat=rng.choice(winds),
        prevailing=rng.choice(winds),
        win=win,
        self_drawn=rng.random() < 0.35,
        settings=settings,
    )


def _seats(rng: random.Random, shape: Shape) -> tuple[str, dict[str, object]]:
    """The winds at the table and the settings for them (no draw unless a ruleset takes three)."""
    if shape.three_players and rng.random() < shape.three_players:
        return _WINDS[:3], dict(_THREE)
    return _WINDS, {}


def _random_tiles(rng: random.Random, n: int, kinds: tuple[int, ...] = _ALL) -> list[int]:
    wall = [t for t in kinds for _ in range(4)]
    return sorted(rng.sample(wall, n))


def _random_loser(rng: random.Random, ruleset: str, shape: Shape | None = None) -> Request:
    shape = shape or SHAPES[ruleset]
    tiles = _random_tiles(rng, 13, shape.kinds)
    counts = [tiles.count(t) for t in range(34)]
    melds = []
    # Turn some natural pongs into exposed ones, as claimed melds would be.
    for t in range(34):
        if counts[t] >= 3 and rng.random() < 0.5:
            melds.append(f"[{tiles_str([t] * 3)}]")
            for _ in range(3):
                tiles.remove(t)
    hand = " ".join([tiles_str(tiles), *melds])
    winds, settings = _seats(rng, shape)
    return Request(
        hand,
        ruleset=ruleset,
        seat=rng.choice(winds),
        prevailing=rng.choice(winds),
        settings=settings,
        kind="loss",
    )


def _random_no_win(rng: random.Random, ruleset: str, shape: Shape | None = None) -> Request:
    shape = shape or SHAPES[ruleset]
    tiles = _random_tiles(rng, 14, shape.kinds)
    winds, settings = _seats(rng, shape)
    return Request(
        tiles_str(tiles), ruleset=ruleset, seat=rng.choice(winds), settings=settings, kind="no-win"
    )


def request_set(seed: int = 2026) -> list[Request]:
    """The fixed benchmark set of ``score_hands_per_s``: 250 requests, the same for a given seed."""
    rng = random.Random(seed)
    out = LIMIT_HANDS + HUABAO_LIMIT_HANDS + WORKED
    for i in range(130):
        out.append(_random_win(rng, "dmjl" if i % 3 else "huabao"))
    for i in range(50):
        out.append(_random_loser(rng, "dmjl" if i % 2 else "huabao"))
    while len(out) < 250:
        out.append(_random_no_win(rng, "dmjl" if len(out) % 2 else "huabao"))
    return out


def ruleset_set(ruleset: str, seed: int = 2026, size: int = 200) -> list[Request]:
    """``size`` requests of one ruleset (``score_hands_per_s_<ruleset>``), the same for a given
    seed: its worked examples and special hands, then random winning hands (70% of the set),
    losing hands (20%) and 14-tile hands that do not win, each valid in its tile set.

    >>> reqs = ruleset_set("jiangxi", size=60)
    >>> len(reqs), {r.ruleset for r in reqs}, [sum(r.kind == k for r in reqs) for k in ("win", "loss")]
    (60, {'jiangxi'}, [42, 12])

    :raises KeyError: for a ruleset without a :data:`SHAPES` entry.
    """
    shape = SHAPES[ruleset]
    rng = random.Random(f"{seed}:{ruleset}")
    out = list(_FIXED.get(ruleset, ()))
    while len(out) < size * 7 // 10:
        out.append(_random_win(rng, ruleset, shape))
    while len(out) < size * 9 // 10:
        out.append(_random_loser(rng, ruleset, shape))
    while len(out) < size:
        out.append(_random_no_win(rng, ruleset, shape))
    return out
