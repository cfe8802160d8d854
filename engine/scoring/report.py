"""A scoring request as a person types it, and its result as text in English or German
(for ``mahjong score`` and ``/score``).

>>> result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", self_drawn=True)
>>> result.total, dict(result.pays or ())
(76, {'E': 152, 'W': 76, 'N': 76})
>>> for line in score_text(result, ruleset="dmjl").splitlines()[-2:]:
...     print(line)
Total: 76
Payments to South: East pays 152, West pays 76, North pays 76
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from engine.errors import SettingError, quote
from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.scoring.context import WinContext
from engine.scoring.names import line_name
from engine.scoring.scorer import Score, score
from engine.settings import Settings
from engine.tiles import Lang, Tile, Wind, tile_name

SEAT_LETTERS: Final = "ESWN"
"""The seats by letter, East first (``Wind`` order)."""


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
    discarder: str | None = None,
) -> Score:
    """Score one request given as the strings a person typed, with what each other seat pays
    the winner (``Score.pays``, RULES.md §1.14.1).

    ``discarder`` is the seat letter of the player whose discard won (for robbing a kong: the
    robbed player); it matters only where the discarder pays alone.

    >>> dict(score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", discarder="W",
    ...                    settings={"discarder_pays_all": True}).pays or ())
    {'E': 0, 'W': 288, 'N': 0}

    :raises MahjongError: with a message saying what was wrong.
    """
    rs = get_ruleset(ruleset)
    st = rs.settings(settings or {})
    ctx = WinContext.make(seat=seat, prevailing=prevailing, win=win, self_drawn=self_drawn, flags=flags)
    from_seat = _discarder(discarder, ctx)
    result = score(Hand.parse(hand), ctx, ruleset=rs, settings=st)
    return replace(result, pays=payments(result, ctx, st, from_seat, rs.name))


def _discarder(text: str | None, ctx: WinContext) -> Wind | None:
    """The discarder's seat from its letter, checked against the win.

    :raises SettingError: for anything but one of the letters E, S, W, N, the winner's own
        seat, or a self-drawn win.
    """
    if text is None or not text.strip():
        return None
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        raise SettingError(f"the discarder must be a seat letter E, S, W or N, not {quote(text)}")
    seat = Wind(SEAT_LETTERS.index(letter))
    if seat == ctx.seat:
        raise SettingError(
            f"the discarder ({letter}) is the winner's own seat: name the seat whose discard won"
        )
    if ctx.self_drawn:
        raise SettingError("a self-drawn win has no discarder: drop the discarder or self-drawn")
    return seat


def payments(
    result: Score, ctx: WinContext, settings: Settings, discarder: Wind | None, ruleset: str = "dmjl"
) -> tuple[tuple[str, int], ...] | None:
    """What each losing seat pays the winner ``ctx.seat`` for ``result`` alone (RULES.md
    §1.14.1), by the ruleset's own payments (``Ruleset.pays``); ``()`` for a hand that does
    not win, None for a discard win whose discarder pays alone but is not named.

    >>> ctx = WinContext.make(seat="E", win="5s")
    >>> r = score(Hand.parse("[111z] [888m] [333s] 111p 55s"), ctx)
    >>> payments(r, ctx, Settings(), None)
    (('S', 640), ('W', 640), ('N', 640))
    """
    if not result.won:
        return ()
    rs = get_ruleset(ruleset)
    if rs.discarder_alone(settings) and not ctx.self_drawn and discarder is None:
        return None
    absent = None
    if settings.players == 3:  # the absent wind is one that neither wins nor discarded (A-RU-18)
        named = {int(ctx.seat), None if discarder is None else int(discarder)}
        absent = next(w for w in (Wind.NORTH, Wind.WEST, Wind.SOUTH) if int(w) not in named)
    seats = rs.seats(settings, absent)
    paid = rs.pays(
        result.total,
        winner=int(ctx.seat),
        seats=seats,
        east=int(Wind.EAST),
        discarder=None if discarder is None else int(discarder),
        settings=settings,
    )
    return tuple((SEAT_LETTERS[seat], paid.get(seat, 0)) for seat in seats if seat != ctx.seat)


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
        "pays": "Payments to {winner}: {payers}",
        "payer": "{seat} pays {amount}",
        "pays_unknown": "Payments: name the discarder (the discarder pays alone)",
        "seats": "East South West North",
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
        "pays": "Zahlungen an {winner}: {payers}",
        "payer": "{seat} zahlt {amount}",
        "pays_unknown": "Zahlungen: den Abwerfer angeben (der Abwerfer zahlt allein)",
        "seats": "Ost Süd West Nord",
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
    """The score sheet as text in ``lang``: arrangement, every line with its item code, the sum
    and, for a won hand, who pays the winner what (``result.pays``; a score from
    :func:`score_request`).

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
    Zahlungen an Süd: Ost zahlt 144, West zahlt 72, Nord zahlt 72

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
    lines.extend(_pays_lines(result, w))
    return "\n".join(lines)


def _pays_lines(result: Score, w: Mapping[str, str]) -> list[str]:
    """The payments line of a won hand (none for a hand that does not win): who pays the
    winner what, or that the discarder must be named to know it."""
    if not result.won:
        return []
    if result.pays is None:
        return [w["pays_unknown"]]
    names = dict(zip(SEAT_LETTERS, w["seats"].split(), strict=True))
    payers = [letter for letter, _ in result.pays]
    winner = next(letter for letter in SEAT_LETTERS if letter not in payers)
    listed = ", ".join(w["payer"].format(seat=names[s], amount=amount) for s, amount in result.pays)
    return [w["pays"].format(winner=names[winner], payers=listed)]
