"""Seeded example views, and ``python -m render.examples OUTDIR`` to look at every image.

Until the game engine exists, :func:`example_table` deals a plausible table
by hand from a :class:`random.Random`: melds taken from the wall, discards
(some claimed), bonus tiles, a drawn tile for the seat to move. The score
sheet comes from the real scorer and settlement.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.hand import Hand, Meld, MeldKind
from engine.scoring import WinContext, score
from engine.settlement import settle
from engine.tiles import N_KINDS, TILES, Tile, Wind
from engine.views import DiscardView, HintView, PlayerView, ScoreSheetView, SeatView

NAMES = ("Ada", "Bärbel Müller-Lüdenscheidt", "陈伟 Chen Wei", "Dmitri 🀄")

#: Winning hands for the example sheets: (hand, winning tile, self-drawn).
WINNING_HANDS = (
    ("234m 777z [555s] [678p] 99p 1f 5f", "9p", True),
    ("(1111m) [555s] 234m 777z 99p 3f", "2m", False),
    ("123p 456p 789p [EEE] 55s 7f", "5s", False),
)
LOSING_HANDS = (
    "[333s] 12m 456p 77z 9s 2f",
    "[RRR] 111p 23s 5m 8m 4f",
    "123456m 789p 11s 6z 8f",
    "55m [WWWW] 68p 3s",
)


@dataclass(frozen=True, slots=True)
class Example:
    """One seeded table and the views of it."""

    private: SeatView
    """Seat 0's own view (its turn, with a drawn tile and hints)."""
    public: SeatView
    """The public view of the same table."""
    sheet: ScoreSheetView
    players: tuple[PlayerView, ...]
    strip: str
    strip_win: str


def _take(wall: list[int], tile: int) -> bool:
    if tile in wall:
        wall.remove(tile)
        return True
    return False


def _random_meld(rng: random.Random, wall: list[int]) -> Meld | None:
    for _ in range(40):
        kind = rng.choice((MeldKind.CHOW, MeldKind.CHOW, MeldKind.PONG, MeldKind.PONG, MeldKind.KONG))
        if kind == MeldKind.CHOW:
            suit = rng.randrange(3)
            tile = suit * 9 + rng.randrange(7)
            need = [tile, tile + 1, tile + 2]
        else:
            tile = rng.randrange(N_KINDS)
            need = [tile] * (3 if kind == MeldKind.PONG else 4)
        if all(wall.count(t) >= need.count(t) for t in set(need)):
            for t in need:
                _take(wall, t)
            concealed = kind == MeldKind.KONG and rng.random() < 0.4
            return Meld(kind, TILES[tile], concealed)
    return None


def example_table(seed: int = 7, *, names: tuple[str, ...] = NAMES) -> tuple[SeatView, SeatView]:
    """A plausible table mid-hand: (seat 0's private view, the public view)."""
    rng = random.Random(seed)
    wall = [t for t in range(N_KINDS) for _ in range(4)]
    rng.shuffle(wall)
    bonus_pool = list(range(N_KINDS, N_KINDS + 8))
    rng.shuffle(bonus_pool)
    dealer = rng.randrange(4)
    turn = 0
    melds: list[list[Meld]] = [[] for _ in range(4)]
    for seat in range(4):
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            meld = _random_meld(rng, wall)
            if meld is not None:
                melds[seat].append(meld)
    hands: list[list[int]] = []
    for seat in range(4):
        n = 13 - 3 * len(melds[seat])
        hands.append([wall.pop() for _ in range(n)])
    drawn = TILES[wall.pop()]
    discards: list[list[DiscardView]] = [[] for _ in range(4)]
    rounds = rng.randrange(6, 16)
    for _ in range(rounds):
        for seat in range(4):
            discards[seat].append(DiscardView(TILES[wall.pop()]))
    for seat in range(4):  # an exposed meld was claimed from someone's discards
        for meld in melds[seat]:
            if not meld.concealed:
                giver = (seat + rng.randrange(1, 4)) % 4
                pos = rng.randrange(len(discards[giver]) + 1)
                discards[giver].insert(pos, DiscardView(meld.tile, claimed_by=seat))
    bonus = [[Tile(bonus_pool.pop()) for _ in range(rng.choice((0, 0, 1, 2)))] for _ in range(4)]
    kongs = sum(1 for ms in melds for m in ms if m.kind == MeldKind.KONG)
    players = tuple(
        PlayerView(
            seat=s,
            wind=Wind((s - dealer) % 4),
            name=names[s % len(names)],
            chips=2000 + rng.randrange(-60, 61) * 10,
            concealed_count=len(hands[s]) + (1 if s == turn else 0),
            melds=tuple(melds[s]),
            bonus=tuple(bonus[s]),
            discards=tuple(discards[s]),
            is_ai=s == 3,
        )
        for s in range(4)
    )
    last_seat = (turn - 1) % 4
    common = {
        "players": players,
        "prevailing": Wind(rng.randrange(4)),
        "hand_number": rng.randrange(1, 17),
        "turn": turn,
        "phase": "turn",
        "wall_live": max(0, len(wall) - 14),
        "wall_dead": 14 - kongs,
        "ruleset": "dmjl",
        "last_discard": (last_seat, discards[last_seat][-1].tile),
    }
    concealed = tuple(TILES[t] for t in hands[0])
    hint_tile = rng.choice([*concealed, drawn])
    waits = sorted({rng.choice(concealed) for _ in range(2)})
    private = SeatView(
        seat=0,
        concealed=concealed,
        drawn=drawn,
        hint=HintView(hint_tile, tuple(waits)),
        **common,  # type: ignore[arg-type]
    )
    public = SeatView(seat=None, **common)  # type: ignore[arg-type]
    return private, public


def example_sheet(
    seed: int = 7, *, players: tuple[PlayerView, ...] | None = None, prevailing: Wind = Wind.EAST
) -> ScoreSheetView:
    """The end of a hand, scored by the real scorer: one winner, three losing hands."""
    rng = random.Random(seed)
    winner = rng.randrange(4)
    seat_winds = [p.wind for p in players] if players else [Wind(s) for s in range(4)]
    hand, win, self_drawn = rng.choice(WINNING_HANDS)
    losing = list(LOSING_HANDS)
    rng.shuffle(losing)
    texts, arrangements, groups, lines, values = [], [], [], [], []
    for seat in range(4):
        if seat == winner:
            ctx = WinContext.make(
                seat=seat_winds[seat], prevailing=prevailing, win=win, self_drawn=self_drawn
            )
            result = score(Hand.parse(hand), ctx)
            texts.append(hand)
        else:
            text = losing.pop()
            ctx = WinContext.make(seat=seat_winds[seat], prevailing=prevailing)
            result = score(Hand.parse(text), ctx)
            texts.append(text)
        arrangements.append(result.arrangement)
        groups.append(result.groups)
        lines.append(tuple((i.name, i.points, i.doubles) for i in result.items))
        values.append(result.total)
    east = seat_winds.index(Wind.EAST)
    settlement = settle(values, winner=winner, east=east)
    return ScoreSheetView(
        winner=winner,
        hands=tuple(texts),
        arrangements=tuple(arrangements),
        lines=tuple(lines),
        values=tuple(values),
        payments=tuple((t.payer, t.payee, t.amount) for t in settlement.transfers),
        nets=settlement.nets,
        groups=tuple(groups),
    )


def example(seed: int = 7) -> Example:
    """Every example view of one seed."""
    private, public = example_table(seed)
    sheet = example_sheet(seed, players=public.players, prevailing=public.prevailing)
    strip = "(1111m) [555s] 234m 777z 99p 1f 5f"
    return Example(private, public, sheet, public.players, strip, "9p")


def write_examples(out_dir: Path, seed: int = 7) -> list[Path]:
    """Write one image of each kind in both themes into ``out_dir``."""
    from render import render_hand, render_sheet, render_strip, render_table

    ex = example(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for theme in ("dark", "light"):
        images = {
            "hand": render_hand(ex.private, theme=theme, hint=True),
            "table": render_table(ex.public, theme=theme),
            "table_seat": render_table(ex.private, theme=theme, lang="de"),
            "sheet": render_sheet(ex.sheet, ex.players, theme=theme, prevailing=ex.public.prevailing),
            "strip": render_strip(ex.strip, theme=theme, win_tile=ex.strip_win),
        }
        for kind, data in images.items():
            path = out_dir / f"{kind}_{theme}.png"
            path.write_bytes(data)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m render.examples OUTDIR [SEED]", file=sys.stderr)
        return 2
    seed = int(args[1]) if len(args) > 1 else 7
    for path in write_examples(Path(args[0]), seed):
        print(f"{path}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
