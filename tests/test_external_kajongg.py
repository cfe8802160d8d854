"""External check: hands and expected scores from KDE Kajongg's own test suite.

The data file ``tests/data/kajongg_cases.json`` holds hands that this project
did not write, taken from the scoring tests of KDE's Kajongg (ruleset
"Classical Chinese DMJL"), translated into our notation. The expected figures
are Kajongg's; see ``tests/data/KAJONGG.md`` for the source, the notation
mapping and the hands left out because the two rule sets differ.

How an expectation is compared:

* every case: ``won`` and ``total`` (the value after the limit);
* a limit hand (Kajongg reports "1 limit" instead of points and doubles):
  ``result.limit`` must be true and ``doubles`` 0; Kajongg states no base
  points for a limit hand, so ``points`` is not compared;
* any other hand: ``result.limit`` must be false, and ``points`` (the base
  before doubling) and ``doubles`` must equal Kajongg's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.scoring import WinContext, score

DATA = Path(__file__).parent / "data" / "kajongg_cases.json"
CASES = json.loads(DATA.read_text(encoding="utf-8"))


def _describe(case: dict, result: object) -> str:
    lines = [
        f"case {case['id']} ({case['source']})",
        f"  hand {case['hand']!r} seat {case['seat']} prevailing {case['prevailing']} "
        f"win {case['win']} self_drawn {case['self_drawn']} flags {case['flags']}",
        f"  Kajongg: {case.get('kajongg', '')}",
        f"  expected {case['expect']}",
        f"  got won={result.won} points={result.points} doubles={result.doubles} "
        f"limit={result.limit} total={result.total}",
        f"  arrangement {result.arrangement}",
    ]
    lines += [f"    {item.name}: {item.points} pts, {item.doubles} dbl" for item in result.items]
    if result.reason:
        lines.append(f"  reason: {result.reason}")
    return "\n".join(lines)


def test_data_file_is_sane() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    assert len(CASES) >= 50
    for case in CASES:
        assert case["ruleset"] in ("dmjl", "huabao")
        assert case["seat"] in "ESWN" and case["prevailing"] in "ESWN"
        assert case["source"].startswith("KDE/kajongg")


@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"]) for c in CASES])
def test_kajongg_case(case: dict) -> None:
    hand = Hand.parse(case["hand"])
    ctx = WinContext.make(
        seat=case["seat"],
        prevailing=case["prevailing"],
        win=case["win"],
        self_drawn=case["self_drawn"],
        flags=case["flags"],
    )
    settings = {"limit": 500}
    settings.update(case.get("settings", {}))
    result = score(hand, ctx, ruleset=get_ruleset(case["ruleset"]), settings=settings)
    expect = case["expect"]
    info = _describe(case, result)

    assert result.won == expect["won"], info
    assert result.total == expect["total"], info
    if expect["limit"]:
        assert result.limit, info
        assert result.doubles == 0, info
    else:
        assert not result.limit, info
        assert result.points == expect["points"], info
        assert result.doubles == expect["doubles"], info
