"""A scoring request as a person types it, and its result as text (for ``mahjong score`` and ``/score``).

>>> result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", self_drawn=True)
>>> result.total
76
>>> print(score_text(result, ruleset="dmjl").splitlines()[-1])
Total: 76
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.scoring.context import WinContext
from engine.scoring.scorer import Score, score


def score_request(
    *,
    hand: str,
    ruleset: str = "dmjl",
    seat: str = "E",
    prevailing: str = "E",
    win: str | None = None,
    self_drawn: bool = False,
    flags: list[str] | tuple[str, ...] = (),
    settings: Mapping[str, object] | None = None,
) -> Score:
    """Score one request given as the strings a person typed.

    :raises MahjongError: with a message saying what was wrong.
    """
    rs = get_ruleset(ruleset)
    st = rs.settings(settings or {})
    ctx = WinContext.make(seat=seat, prevailing=prevailing, win=win, self_drawn=self_drawn, flags=flags)
    return score(Hand.parse(hand), ctx, ruleset=rs, settings=st)


def score_text(result: Score, *, ruleset: str) -> str:
    """The score sheet as text: arrangement, every line, and the sum."""
    rs = get_ruleset(ruleset)
    lines = [f"{rs.title}"]
    if result.won:
        lines.append(f"Mah-Jongg: {result.arrangement}")
    elif result.reason.startswith("a losing hand"):
        lines.append(f"Losing hand: {result.arrangement}")
    else:
        lines.append(f"No Mah-Jongg: {result.reason}.")
        lines.append("A hand of 14 tiles that does not win is worth nothing (a false Mah-Jongg).")
    if result.win_place:
        lines.append(f"  ({result.win_place})")
    width = max([len(i.name) for i in result.items] + [20])
    for item in result.items:
        if item.doubles:
            value = f"{item.doubles} double{'s' if item.doubles > 1 else ''}"
        else:
            value = f"{item.points:>4}"
        lines.append(f"  {item.code:<6}{item.name:<{width}}  {value}")
    if result.limit:
        lines.append(f"Limit hand: {result.total}")
    else:
        calc = f"{result.points} points"
        if result.doubles:
            calc += f" × 2^{result.doubles} = {result.uncapped}"
        lines.append(f"Base {result.points}, doubles {result.doubles}: {calc}")
        if result.total != result.uncapped:
            lines.append(f"Total: {result.total} (capped at the limit; {result.uncapped} uncapped)")
        else:
            lines.append(f"Total: {result.total}")
    return "\n".join(lines)
