"""The image and alt text of a replayed hand with every hand face up (render/table.py,
render/describe.py): each band shows its seat's hand on a strip of its own, readable on a phone,
and the description names every hand; a table in play draws and says no concealed tile."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from cli.simulate_cmd import computer_choosers, play_hand_out
from engine.game import Game
from engine.replay import FinishedHand
from engine.tiles import tiles_in_words
from engine.views import SeatView
from render.describe import LIMIT, describe_table
from render.layout import DISPLAY_WIDTH
from render.table import (
    INNER,
    PAD,
    ROW1_H,
    TILE,
    WIDTH,
    band_boxes,
    compose_table,
    hand_row_height,
    render_table,
    seat_order,
    table_size,
)

PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def replayed() -> FinishedHand:
    game = Game("dmjl", {}, 11, PLAYERS)
    play_hand_out(game, computer_choosers(game))
    return FinishedHand("dmjl", {}, 11, PLAYERS, [game.history[0].actions], 1)


def hidden(view: SeatView) -> SeatView:
    return replace(view, players=tuple(replace(p, revealed=None, revealed_drawn=None) for p in view.players))


def test_every_hand_is_drawn_face_up_on_a_strip_of_its_own() -> None:
    hand = replayed()
    for step in (0, hand.moves[len(hand.moves) // 2], hand.last):
        view = hand.view_at(step)
        closed = hidden(view)
        width, height = table_size(view)
        assert width == WIDTH and height == table_size(closed)[1] + sum(
            hand_row_height(p) for p in view.seated
        )
        opened, shut = compose_table(view), compose_table(closed)
        for box, p in zip(band_boxes(view), seat_order(view), strict=True):
            assert p.revealed is not None and len(p.revealed) >= 1
            # the strip under the first row holds tiles: light tile faces where the closed table has none
            top = box[1] + PAD + ROW1_H + 4
            strip = (box[0] + PAD, top, box[0] + PAD + INNER, top + hand_row_height(p) - 8)
            faces = opened.crop(strip).convert("L").point(lambda v: 255 if v > 200 else 0)
            assert faces.getbbox() is not None, (step, p.name)
        assert shut.size != opened.size
        png = render_table(view)
        assert Image.open(io.BytesIO(png)).size == (width, height)
    # shown as wide as a phone shows it, a tile of the hand is as wide as a discard: readable
    assert TILE * DISPLAY_WIDTH / WIDTH >= 24


def test_a_table_in_play_shows_no_hand_and_has_no_strip() -> None:
    game = Game("dmjl", {}, 11, PLAYERS)
    view = game.view(None)
    assert all(p.revealed is None and hand_row_height(p) == 0 for p in view.players)
    text = describe_table(view, "en")
    assert "face up" not in text and "holds 13 concealed tiles" in text


def test_the_alt_text_names_every_hand_face_up_in_both_languages() -> None:
    hand = replayed()
    view = hand.view_at(0)
    for lang, words in (("en", "'s hand, face up: "), ("de", "Hand von ")):
        text = describe_table(view, lang)
        assert len(text) <= LIMIT
        for p in view.seated:
            assert p.revealed is not None
            assert tiles_in_words(p.revealed, lang, "dmjl") in text
        assert words in text
        assert "concealed tiles" not in text and "verdeckte Steine" not in text
