"""Example views from a real game, and ``python -m render.examples OUTDIR`` to look at every image.

:func:`example` plays a seeded :class:`~engine.game.Game` with the computer
players of :mod:`engine.ai` until a hand has been won (its score sheet is the
example sheet) and, in a later hand, the first seat is to discard with a hand
one tile from winning. That moment gives the private hand with the real hint
(:func:`engine.ai.hints.hint`: the suggested discard and the hand's real
waits); the public table is the moment after that discard, while the other
seats may claim it. Nothing is made up: every tile, meld, discard, chip count
and hint comes from the engine.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.ai.hints import Hint, hint
from engine.ai.player import AIPlayer
from engine.game import Game
from engine.tiles import Wind
from engine.views import Phase, PlayerView, ScoreSheetView, SeatView

NAMES = ("Ada", "Bärbel Müller-Lüdenscheidt", "陈伟 Chen Wei", "Dmitri 🀄")
"""Players' names: long, accented, Chinese and with an emoji, as real names are."""
AI_POSITION = 3
"""The table position shown as a computer player."""
MIN_DISCARDS = 24
"""The private example waits for this many discards on the table (a hand well under way)."""


@dataclass(frozen=True, slots=True)
class Example:
    """One seeded game and the views of it."""

    private: SeatView
    """Position 0's own view on its turn: a drawn tile, and the hint (a discard and its waits)."""
    public: SeatView
    """The public view just after position 0 discarded the suggested tile (others may claim it)."""
    sheet: ScoreSheetView
    """The score sheet of the game's first won hand."""
    players: tuple[PlayerView, ...]
    """The players as the sheet's hand ended (names, winds)."""
    sheet_round: Wind
    sheet_hand: int
    hint: Hint
    """The full hint behind ``private.hint``."""
    strip: str
    strip_win: str


def _as_ai(view: SeatView) -> SeatView:
    players = tuple(dataclasses.replace(p, is_ai=p.seat == AI_POSITION) for p in view.players)
    return dataclasses.replace(view, players=players)


def _play(seed: str) -> Example | None:
    """Play game ``seed`` until both example moments are found (None if the game ends first)."""
    game = Game("dmjl", None, seed, NAMES)
    players = [AIPlayer("normal", seed=f"{seed}:{p}") for p in range(4)]
    sheet: tuple[ScoreSheetView, tuple[PlayerView, ...], Wind, int] | None = None
    while True:
        for idle in game.idle_passes():
            game.apply(idle)
        if game.deal.over:
            view = game.view(None)
            if sheet is None and view.sheet is not None and view.sheet.winner is not None:
                sheet = (view.sheet, _as_ai(view).players, view.prevailing, view.hand_number)
            if game.finished:
                return None
            game.next_hand()
            continue
        position = game.to_act()[0]
        view = game.view(position)
        if sheet is not None and position == 0 and view.phase == Phase.TURN and view.drawn is not None:
            found = hint(view, settings=game.settings)
            discards = sum(len(p.discards) for p in view.players)
            if (
                found.waits
                and found.discard is not None
                and found.action is not None
                and found.action.kind == "discard"
                and discards >= MIN_DISCARDS
            ):
                private = _as_ai(dataclasses.replace(view, hint=found.marks()))
                game.apply(found.action)
                public = _as_ai(game.view(None))
                return Example(
                    private,
                    public,
                    sheet[0],
                    sheet[1],
                    sheet[2],
                    sheet[3],
                    found,
                    "(1111m) [555s] 234m 777z 99p 1f 5f",
                    "9p",
                )
        game.apply(players[position].choose(view))


@cache
def example(seed: int = 7) -> Example:
    """Every example view of one seed (a real game, played by the computer players)."""
    attempt = 0
    while True:
        found = _play(f"example:{seed}:{attempt}")
        if found is not None:
            return found
        attempt += 1


def example_table(seed: int = 7) -> tuple[SeatView, SeatView]:
    """(position 0's view on its turn with a hint, the public view after its discard)."""
    ex = example(seed)
    return ex.private, ex.public


def write_examples(out_dir: Path, seed: int = 7) -> list[Path]:
    """Write one image of each kind in both themes into ``out_dir``, and the sheet's text lines."""
    from render import render_hand, render_sheet, render_strip, render_table, sheet_lines

    ex = example(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for theme in ("dark", "light"):
        images = {
            "hand": render_hand(ex.private, theme=theme, hint=True),
            "table": render_table(ex.public, theme=theme),
            "table_seat": render_table(ex.private, theme=theme, lang="de"),
            "sheet": render_sheet(
                ex.sheet, ex.players, prevailing=ex.sheet_round, hand_number=ex.sheet_hand, theme=theme
            ),
            "sheet_de": render_sheet(
                ex.sheet,
                ex.players,
                prevailing=ex.sheet_round,
                hand_number=ex.sheet_hand,
                theme=theme,
                lang="de",
            ),
            "strip": render_strip(ex.strip, theme=theme, win_tile=ex.strip_win),
        }
        for kind, data in images.items():
            path = out_dir / f"{kind}_{theme}.png"
            path.write_bytes(data)
            written.append(path)
    for lang in ("en", "de"):
        path = out_dir / f"sheet_{lang}.txt"
        path.write_text("\n".join(sheet_lines(ex.sheet, ex.players, lang=lang)) + "\n", encoding="utf-8")
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
