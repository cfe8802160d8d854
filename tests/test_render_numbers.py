"""Issue 28 item 7: the images group numbers as the reader's language does (``12,500`` in English,
``12.500`` in German, never ``12 500``) and sign them with a true minus: the table, the chips
chart, the standings and the score sheet. Every text an image draws is recorded where Pillow
draws it, so the test reads the image's words, not a helper's."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from PIL import ImageDraw

from engine.views import PlayerView, ScoreSheetView
from render.chart import compose_line_chart
from render.examples import example, example_table
from render.leaderboard import LeaderboardRow, compose_leaderboard
from render.sheet import compose_sheet, sheet_lines
from render.table import compose_table

EN, DE = "en", "de"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text Pillow draws while the test runs, in order."""
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kw: object) -> None:
        texts.append(str(text))
        original(self, xy, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    yield texts


def _joined(texts: list[str]) -> str:
    """The drawn texts as one string (a run in another font is drawn apart: ``−`` then ``1.200``)."""
    return "".join(texts)


@pytest.mark.parametrize(("lang", "big", "centre"), [(EN, "12,500", "1,500"), (DE, "12.500", "1.500")])
def test_the_table_groups_chips_and_the_centre(drawn: list[str], lang: str, big: str, centre: str) -> None:
    _, public = example_table()
    players = tuple(dataclasses.replace(p, chips=12_500) for p in public.players)
    view = dataclasses.replace(public, players=players, centre=1_500)
    compose_table(view, lang=lang)  # type: ignore[arg-type]
    assert sum(big == t for t in drawn) == len([p for p in players if not p.vacant]), drawn
    assert any(centre in t for t in drawn), drawn
    assert not any("12 500" in t for t in drawn)


@pytest.mark.parametrize(("lang", "tick"), [(EN, "12,000"), (DE, "12.000")])
def test_the_chart_ticks_group_as_the_reader_writes(drawn: list[str], lang: str, tick: str) -> None:
    compose_line_chart(
        [5_000, 9_000, 12_500], title="t", first_label="a", last_label="b", baseline=5_000, lang=lang
    )  # type: ignore[arg-type]
    assert tick in drawn, drawn
    other = "12.000" if lang == EN else "12,000"
    assert other not in drawn


@pytest.mark.parametrize(("lang", "chips", "change"), [(EN, "12,500", "−1,200"), (DE, "12.500", "−1.200")])
def test_the_standings_group_and_sign(drawn: list[str], lang: str, chips: str, change: str) -> None:
    compose_leaderboard([LeaderboardRow("Ada", 12_500, -1_200)], title="Season 1", lang=lang)
    assert chips in drawn
    assert change in _joined(drawn)


def _big_sheet() -> tuple[ScoreSheetView, tuple[PlayerView, ...]]:
    ex = example(7)
    sheet = ex.sheet
    n = len(sheet.nets)
    nets = tuple(3_700 if i == 0 else (-3_700 if i == 1 else 0) for i in range(n))
    return dataclasses.replace(sheet, nets=nets, payments=((1, 0, 3_700),)), tuple(ex.players)


@pytest.mark.parametrize(("lang", "plus", "minus"), [(EN, "+3,700", "−3,700"), (DE, "+3.700", "−3.700")])
def test_the_sheet_groups_and_signs_the_nets(drawn: list[str], lang: str, plus: str, minus: str) -> None:
    sheet, players = _big_sheet()
    compose_sheet(sheet, players, lang=lang)  # type: ignore[arg-type]
    text = _joined(drawn)
    assert plus in text and minus in text, drawn
    lines = sheet_lines(sheet, players, lang=lang)  # type: ignore[arg-type]
    assert f"{players[0].name} {plus}" in lines[-1] and f"{players[1].name} {minus}" in lines[-1]
    payment = f"{players[1].name} → {players[0].name}: {plus[1:]}"
    assert any(line.endswith(payment) for line in lines), lines
