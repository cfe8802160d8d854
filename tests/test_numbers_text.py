"""Issue 28 item 7: numbers in the texts the engine words for people (the score text of
``/score`` and ``mahjong score``, a hint's values) are grouped as the reader's language groups
them: ``1,280`` / ``1.280``, never ``1280``."""

from __future__ import annotations

import pytest

from engine.ai.hints import _worth
from engine.ai.player import WaitValue
from engine.scoring.report import score_request, score_text
from engine.tiles import Tile


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Total: 8,000", "South pays 10,000 (2 × 8,000 = 16,000 → 10,000)", "capped at 10,000."]),
        ("de", ["Summe: 8.000", "Süd zahlt 10.000 (2 × 8.000 = 16.000 → 10.000)", "auf 10.000 begrenzt."]),
    ],
)
def test_a_rumisberg_score_text_groups_its_thousands(lang: str, expected: list[str]) -> None:
    result = score_request(
        hand="111z [777z] 999s [222m] 55z", ruleset="rumisberg", win="5z", discarder="N"
    )  # RULES.md EX-26: East wins 8,000 from each, capped at 10,000
    text = score_text(result, ruleset="rumisberg", lang=lang)  # type: ignore[arg-type]
    for part in expected:
        assert part in text, text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "worth 2,400 (1,200 on a discard)"), ("de", "ist 2.400 wert (1.200 auf einen Abwurf)")],
)
def test_a_hints_values_are_grouped(lang: str, expected: str) -> None:
    assert _worth(WaitValue(Tile.parse("5p"), 2, on_discard=1200, self_drawn=2400), lang) == expected  # type: ignore[arg-type]
