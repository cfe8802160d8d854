"""A fixed, mixed set of scoring requests for the benchmarks.

Every limit hand of dmjl and of huabao (core and traditional), the worked
examples' winning hands, seeded random winning hands (exposed, concealed,
kongs, bonus tiles), seeded random losing hands and 14-tile hands that do not
win. The same seed gives the same set on every machine.
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

_TRADITIONAL = {"traditional_limit_hands": True}
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
    Request("[666s] 888p [123m] 456s 22p 1f 2f 3f 4f 8f", ruleset="huabao", seat="N", win="2p"),
]

_WINDS = "ESWN"


def _random_win(rng: random.Random, ruleset: str) -> Request:
    while True:
        counts = [0] * 34
        parts: list[tuple[str, list[int], bool]] = []  # (kind, tiles, exposed)
        ok = True
        for _ in range(4):
            roll = rng.random()
            if roll < 0.45:
                suit = rng.randrange(3)
                start = suit * 9 + rng.randrange(7)
                tiles = [start, start + 1, start + 2]
                kind = "chow"
            elif roll < 0.92:
                t = rng.randrange(34)
                tiles = [t] * 3
                kind = "pong"
            else:
                t = rng.randrange(34)
                tiles = [t] * 4
                kind = "kong"
            for t in tiles:
                counts[t] += 1
            exposed = rng.random() < 0.4
            parts.append((kind, tiles, exposed))
        pair = rng.randrange(34)
        counts[pair] += 2
        if any(c > 4 for c in counts):
            ok = False
        if ok:
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
    if ruleset == "dmjl" and rng.random() < 0.4:
        bonus = " " + tiles_str(sorted(rng.sample(range(34, 42), rng.randrange(1, 4))))
    hand = tiles_str(sorted(concealed)) + " " + " ".join(out) + bonus
    return Request(
        hand.strip(),
        ruleset=ruleset,
        seat=rng.choice(_WINDS),
        prevailing=rng.choice(_WINDS),
        win=win,
        self_drawn=rng.random() < 0.35,
    )


def _random_tiles(rng: random.Random, n: int) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    return sorted(rng.sample(wall, n))


def _random_loser(rng: random.Random, ruleset: str) -> Request:
    tiles = _random_tiles(rng, 13)
    counts = [tiles.count(t) for t in range(34)]
    melds = []
    # Turn some natural pongs into exposed ones, as claimed melds would be.
    for t in range(34):
        if counts[t] >= 3 and rng.random() < 0.5:
            melds.append(f"[{tiles_str([t] * 3)}]")
            for _ in range(3):
                tiles.remove(t)
    hand = " ".join([tiles_str(tiles), *melds])
    return Request(hand, ruleset=ruleset, seat=rng.choice(_WINDS), prevailing=rng.choice(_WINDS), kind="loss")


def _random_no_win(rng: random.Random, ruleset: str) -> Request:
    return Request(tiles_str(_random_tiles(rng, 14)), ruleset=ruleset, seat=rng.choice(_WINDS), kind="no-win")


def request_set(seed: int = 2026) -> list[Request]:
    """The fixed benchmark set: 250 requests, the same for a given seed."""
    rng = random.Random(seed)
    out = LIMIT_HANDS + HUABAO_LIMIT_HANDS + WORKED
    for i in range(130):
        out.append(_random_win(rng, "dmjl" if i % 3 else "huabao"))
    for i in range(50):
        out.append(_random_loser(rng, "dmjl" if i % 2 else "huabao"))
    while len(out) < 250:
        out.append(_random_no_win(rng, "dmjl" if len(out) % 2 else "huabao"))
    return out
