"""A scoring request as a person types it, and its result as text in English or German
(for ``mahjong score`` and ``/score``).

>>> result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", self_drawn=True)
>>> result.total
76
>>> print(score_text(result, ruleset="dmjl").splitlines()[-1])
Total: 76
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.scoring.context import WinContext
from engine.scoring.names import line_name
from engine.scoring.scorer import Score, score
from engine.tiles import Lang, Tile, tile_name


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


_LABELS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "mahjong": "Mah-Jongg: {arrangement}",
        "losing": "Losing hand: {arrangement}",
        "no_mahjong": "No Mah-Jongg: {reason}.",
        "false": "A hand of 14 tiles that does not win is worth nothing (a false Mah-Jongg).",
        "double": "{n} double",
        "doubles": "{n} doubles",
        "limit": "Limit hand: {total}",
        "base": "Base {points}, doubles {doubles}: {calc}",
        "points": "{points} points",
        "capped": "Total: {total} (capped at the limit; {uncapped} uncapped)",
        "total": "Total: {total}",
    },
    "de": {
        "mahjong": "Mah-Jongg: {arrangement}",
        "losing": "Hand ohne Mah-Jongg: {arrangement}",
        "no_mahjong": "Kein Mah-Jongg: {reason}.",
        "false": "Eine Hand aus 14 Steinen, die nicht gewinnt, ist nichts wert (falsches Mah-Jongg).",
        "double": "{n} Verdopplung",
        "doubles": "{n} Verdopplungen",
        "limit": "Limithand: {total}",
        "base": "Basis {points}, Verdopplungen {doubles}: {calc}",
        "points": "{points} Punkte",
        "capped": "Summe: {total} (auf das Limit begrenzt; {uncapped} ohne Limit)",
        "total": "Summe: {total}",
    },
}
"""The words around the score lines, by language."""

_HOW_DE: Final = {
    "self-drawn": "selbst gezogen",
    "on a discard": "auf einen Abwurf",
    "robbed from a kong": "durch Beraubung des Kang",
}
_WIN_PLACE: Final = re.compile(
    r"winning tile (?P<tile>\w+) (?P<how>self-drawn|on a discard|robbed from a kong)"
    r"(?:, completing (?P<group>\S+))?"
)
"""The scorer's ``win_place`` (:meth:`engine.scoring.facts.Facts.win_place`), read to word it in German."""
_SHAPES_DE: Final = {
    "four sets and a pair": "vier Figuren und ein Paar",
    "thirteen orphans": "die 13 Waisen",
    "seven pairs": "sieben Paare",
}
_NO_WIN_DE: Final = (
    (
        re.compile(r"thirteen orphans is not a winning hand in (\w+)"),
        "die 13 Waisen gelten in {0} nicht als Mah-Jongg",
    ),
    (
        re.compile(r"seven pairs is not a winning hand in (\w+) \(setting seven_pairs\)"),
        "sieben Paare gelten in {0} nicht als Mah-Jongg (Einstellung seven_pairs)",
    ),
)
"""The scorer's reasons why 14 tiles do not win, in German (``_reason`` words the shapes)."""


def _win_place(text: str, lang: Lang) -> str:
    """The scorer's ``win_place`` (``winning tile 9p self-drawn, completing 99p``) in ``lang``.

    >>> _win_place("winning tile 9p self-drawn, completing 99p", "de")
    'Gewinnstein Kreis-9 (9p), selbst gezogen, vervollständigt 99p'
    """
    found = _WIN_PLACE.fullmatch(text)
    if lang == "en" or found is None:
        return text
    out = (
        f"Gewinnstein {tile_name(Tile.parse(found['tile']), lang)} ({found['tile']}), {_HOW_DE[found['how']]}"
    )
    return out + (f", vervollständigt {found['group']}" if found["group"] else "")


def _reason(text: str, lang: Lang) -> str:
    """Why 14 tiles do not win, in ``lang`` (the scorer's English when there is no translation).

    >>> _reason("the 14 tiles do not form four sets and a pair or seven pairs", "de")
    'die 14 Steine bilden weder vier Figuren und ein Paar noch sieben Paare'
    """
    if lang != "de":
        return text
    for pattern, german in _NO_WIN_DE:
        found = pattern.fullmatch(text)
        if found is not None:
            return german.format(*found.groups())
    prefix = "the 14 tiles do not form "
    shapes = text.removeprefix(prefix).split(" or ")
    if text.startswith(prefix) and all(shape in _SHAPES_DE for shape in shapes):
        named = [_SHAPES_DE[shape] for shape in shapes]
        if len(named) == 1:
            return f"die 14 Steine bilden nicht {named[0]}"
        return f"die 14 Steine bilden weder {' noch '.join(named)}"
    return text


def score_text(result: Score, *, ruleset: str, lang: Lang = "en") -> str:
    """The score sheet as text in ``lang``: arrangement, every line with its item code, and the sum.

    >>> result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p")
    >>> print(score_text(result, ruleset="dmjl", lang="de"))  # doctest: +NORMALIZE_WHITESPACE
    Klassische chinesische Mah-Jongg-Regeln (DMJL)
    Mah-Jongg: [678p] [555s] 234m 777z 99p
      (Gewinnstein Kreis-9 (9p), auf einen Abwurf, vervollständigt 99p)
      P3    Pong aus Grundziegeln, offen [555s]                   2
      P6    Pong aus Hauptziegeln, verdeckt 777z                  8
      M1    Mah-Jongg-Ruf                                        20
      M3    Schlussziegel ist einzig möglicher Ziegel             2
      M5    Schlussziegel komplettiert Paar aus Hauptziegeln      4
      D4    Pong oder Kang aus Drachen 777z                       1 Verdopplung
    Basis 36, Verdopplungen 1: 36 Punkte × 2^1 = 72
    Summe: 72

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    if lang not in _LABELS:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    w = _LABELS[lang]
    rs = get_ruleset(ruleset)
    lines = [rs.title_in(lang)]
    if result.won:
        lines.append(w["mahjong"].format(arrangement=result.arrangement))
    elif result.reason.startswith("a losing hand"):
        lines.append(w["losing"].format(arrangement=result.arrangement))
    else:
        lines.append(w["no_mahjong"].format(reason=_reason(result.reason, lang)))
        lines.append(w["false"])
    if result.win_place:
        lines.append(f"  ({_win_place(result.win_place, lang)})")
    names = [line_name(result.ruleset, item, lang) for item in result.items]
    width = max([len(name) for name in names] + [20])
    code_width = max([len(item.code) + 1 for item in result.items] + [6])
    for item, name in zip(result.items, names, strict=True):
        if item.doubles:
            value = w["double" if item.doubles == 1 else "doubles"].format(n=item.doubles)
        else:
            value = f"{item.points:>4}"
        lines.append(f"  {item.code:<{code_width}}{name:<{width}}  {value}")
    if result.limit:
        lines.append(w["limit"].format(total=result.total))
    else:
        calc = w["points"].format(points=result.points)
        if result.doubles:
            calc += f" × 2^{result.doubles} = {result.uncapped}"
        lines.append(w["base"].format(points=result.points, doubles=result.doubles, calc=calc))
        if result.total != result.uncapped:
            lines.append(w["capped"].format(total=result.total, uncapped=result.uncapped))
        else:
            lines.append(w["total"].format(total=result.total))
    return "\n".join(lines)
