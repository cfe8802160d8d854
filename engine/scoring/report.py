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
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from engine.errors import SettingError, quote
from engine.hand import Hand
from engine.numbers import number
from engine.rulesets import Ruleset, get_ruleset, resolve
from engine.rulesets.ruleset import f_factor
from engine.rulesets.wikibooks import dora_of
from engine.scoring.context import WinContext
from engine.scoring.names import line_name
from engine.scoring.scorer import Score, ScoreLine, check_claims, score
from engine.scoring.tables import Table
from engine.settings import Settings
from engine.tiles import Lang, Tile, Wind, parse_tiles, tile_name

SEAT_LETTERS: Final = "ESWN"
"""The seats by letter, East first (``Wind`` order)."""
MOST_DORA: Final = 8
"""The most dora tiles and indicators a request may name (wikibooks turns up one indicator)."""
ROUND_PAYMENTS: Final = "half_up_100_after_east_double"
"""The ``rounding`` by which each payment is rounded to hundreds after East's doubling (rumisberg)."""


def score_request(
    *,
    hand: str,
    ruleset: str | Ruleset = "dmjl",
    seat: str = "E",
    prevailing: str = "E",
    win: str | None = None,
    self_drawn: bool = False,
    flags: list[str] | tuple[str, ...] = (),
    settings: Mapping[str, object] | None = None,
    discarder: str | None = None,
    dora: str = "",
    dora_indicator: str = "",
) -> Score:
    """Score one request given as the strings a person typed, with what each other seat pays
    the winner (``Score.pays``, RULES.md §1.14.1).

    ``discarder`` is the seat letter of the player whose discard won (for robbing a kong: the
    robbed player); it matters only where the discarder pays alone.

    >>> dict(score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", discarder="W",
    ...                    settings={"discarder_pays_all": True}).pays or ())
    {'E': 0, 'W': 288, 'N': 0}

    ``dora`` (the dora tiles) and ``dora_indicator`` (the tiles turned up, each showing the
    next as dora, RULES.md §2.3.7) score a wikibooks hand with its dora doubles; they switch
    the setting ``dora`` on. RULES.md EX-21, indicator 4s:

    >>> r = score_request(hand="[555s] [123p] [777z] 456m 99m", ruleset="wikibooks", seat="N",
    ...                   win="9m", discarder="W", dora_indicator="4s")
    >>> r.doubles, r.total, dict(r.pays or ())
    (4, 480, {'E': 0, 'S': 0, 'W': 1920})

    :raises MahjongError: with a message saying what was wrong (dora under a ruleset that has
        none, or with the setting ``dora`` turned off).
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    tiles = dora_tiles(dora, dora_indicator)
    overrides = dict(settings or {})
    st = rs.settings(overrides)
    if tiles:
        if "dora" not in rs.setting_names:
            raise SettingError(
                f"{rs.name} has no dora (a wikibooks variant, RULES.md §2.3.7): drop the dora",
                "no_dora",
                ruleset=rs.name,
            )
        if "dora" in overrides and not st.dora:
            raise SettingError("dora were given, but the setting dora is off: drop one of them", "dora_off")
        st = rs.settings({**overrides, "dora": True})
    ctx = WinContext.make(
        seat=seat, prevailing=prevailing, win=win, self_drawn=self_drawn, flags=flags, dora=tiles
    )
    from_seat = _discarder(discarder, ctx)
    # a tile the ruleset always lays out (jiangxi's Fa) is never held: written bare, it is laid out
    held = Hand.parse(hand, laid_out=rs.lucky)
    check_claims(held, rs)
    _north_absent(st, ctx, from_seat)
    result = score(held, ctx, ruleset=rs, settings=st)
    return replace(result, pays=payments(result, ctx, st, from_seat, rs))


def dora_tiles(dora: str = "", indicators: str = "") -> tuple[Tile, ...]:
    """The dora of a request: the tiles ``dora`` names, then the dora each tile of
    ``indicators`` shows (RULES.md §2.3.7: the next rank of its suit, 9 → 1; the next wind
    E → S → W → N → E; the next dragon red → white → green → red).

    >>> [str(t) for t in dora_tiles("1z", "4s 9p 7z")]
    ['1z', '5s', '1p', '5z']

    :raises NotationError: for a tile that cannot be read.
    :raises SettingError: for a bonus tile, which is never dora and shows none, or more than
        :data:`MOST_DORA` tiles.
    """
    found: list[Tile] = []
    for text, shown in ((dora, False), (indicators, True)):
        for part in text.replace(",", " ").split():
            tiles = parse_tiles(part)
            if len(found) + len(tiles) > MOST_DORA:
                raise SettingError(
                    f"at most {MOST_DORA} dora or indicators, not more (wikibooks turns up one indicator)",
                    "dora_too_many",
                    most=MOST_DORA,
                )
            for tile in tiles:
                if tile.is_bonus:
                    what = "shows no dora" if shown else "is never a dora"
                    raise SettingError(
                        f"a bonus tile ({tile}) {what}: dora are playing tiles",
                        "dora_indicator_bonus" if shown else "dora_bonus",
                        tile=str(tile),
                    )
                found.append(dora_of(tile) if shown else tile)
    return tuple(found)


def _discarder(text: str | None, ctx: WinContext) -> Wind | None:
    """The discarder's seat from its letter, checked against the win.

    :raises SettingError: for anything but one of the letters E, S, W, N, the winner's own
        seat, or a self-drawn win.
    """
    if text is None or not text.strip():
        return None
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        raise SettingError(
            f"the discarder must be a seat letter E, S, W or N, not {quote(text)}",
            "discarder_letter",
            text=text,
        )
    seat = Wind(SEAT_LETTERS.index(letter))
    if seat == ctx.seat:
        raise SettingError(
            f"the discarder ({letter}) is the winner's own seat: name the seat whose discard won",
            "discarder_is_winner",
            wind=int(seat),
        )
    if ctx.self_drawn:
        raise SettingError(
            "a self-drawn win has no discarder: drop the discarder or self-drawn", "discarder_self_drawn"
        )
    return seat


def _north_absent(settings: Settings, ctx: WinContext, discarder: Wind | None) -> None:
    """With three players North's place is the empty one in every hand (RULES.md §2.4.9,
    A-RU-18): neither the winner nor the discarder can be North.

    :raises SettingError: naming the seat and the seats that play.
    """
    if settings.players != 3:
        return
    for role, seat in (("winner", ctx.seat), ("discarder", discarder)):
        if seat == Wind.NORTH:
            raise SettingError(
                f"with three players North's place is empty (A-RU-18): the {role} is E, S or W, not N",
                "north_absent_winner" if role == "winner" else "north_absent_discarder",
            )


def payments(
    result: Score, ctx: WinContext, settings: Settings, discarder: Wind | None, ruleset: Ruleset
) -> tuple[tuple[str, int], ...] | None:
    """What each losing seat pays the winner ``ctx.seat`` for ``result`` alone (RULES.md
    §1.14.1), by the ruleset's own payments (``Ruleset.pays``); ``()`` for a hand that does
    not win, None for a discard win whose discarder pays alone but is not named.

    >>> ctx = WinContext.make(seat="E", win="5s")
    >>> r = score(Hand.parse("[111z] [888m] [333s] 111p 55s"), ctx, get_ruleset("dmjl"))
    >>> payments(r, ctx, Settings(), None, get_ruleset("dmjl"))
    (('S', 640), ('W', 640), ('N', 640))
    """
    if not result.won:
        return ()
    rs = ruleset
    if rs.discarder_alone(settings) and not ctx.self_drawn and discarder is None:
        return None
    _north_absent(settings, ctx, discarder)
    seats = rs.seats(settings)  # three players: North is absent (A-RU-18)
    paid = rs.pays(
        result.total,
        winner=int(ctx.seat),
        seats=seats,
        east=int(Wind.EAST),
        discarder=None if discarder is None else int(discarder),
        settings=settings,
        fixed=result.fixed,
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
        "fan": "{n} fan",
        "fan_double": "doubles the total",
        "fan_doubles": "total × 2^{n}",
        "limit": "Limit hand: {total}",
        "fixed": "Fixed value: {total} (paid instead of the count)",
        "base": "Base {points}, doubles {doubles}: {calc}",
        "rounded": "{points} → {base} (rounded up to {step})",
        "points": "{points} points",
        "scale": "× {scale} (count scale)",
        "fan_sum": "Fan: {calc}",
        "capped": "Total: {total} (capped at the limit; {uncapped} uncapped)",
        "total": "Total: {total}",
        "pays": "Payments to {winner}: {payers}",
        "payer": "{seat} pays {amount}",
        "payer_rounded": "{seat} pays {amount} ({calc})",
        "pays_round100": "Each payment is rounded to hundreds after East's doubling, then capped at {limit}.",
        "pays_unknown": "Payments: name the discarder (the discarder pays alone)",
        "seats": "East South West North",
        "dora": "Dora: {tiles}",
    },
    "de": {
        "mahjong": "Mah-Jongg: {arrangement}",
        "losing": "Hand ohne Mah-Jongg: {arrangement}",
        "no_mahjong": "Kein Mah-Jongg: {reason}.",
        "false": "Eine Hand aus 14 Steinen, die nicht gewinnt, ist nichts wert (falsches Mah-Jongg).",
        "double": "{n} Verdopplung",
        "doubles": "{n} Verdopplungen",
        "fan": "{n} Fan",
        "fan_double": "verdoppelt die Summe",
        "fan_doubles": "Summe × 2^{n}",
        "limit": "Limithand: {total}",
        "fixed": "Fester Wert: {total} (statt der Auszählung)",
        "base": "Basis {points}, Verdopplungen {doubles}: {calc}",
        "rounded": "{points} → {base} (auf {step} aufgerundet)",
        "points": "{points} Punkte",
        "scale": "× {scale} (Zählfaktor)",
        "fan_sum": "Fan: {calc}",
        "capped": "Summe: {total} (auf das Limit begrenzt; {uncapped} ohne Limit)",
        "total": "Summe: {total}",
        "pays": "Zahlungen an {winner}: {payers}",
        "payer": "{seat} zahlt {amount}",
        "payer_rounded": "{seat} zahlt {amount} ({calc})",
        "pays_round100": (
            "Jede Zahlung wird nach Osts Verdopplung auf Hunderter gerundet und auf {limit} begrenzt."
        ),
        "pays_unknown": "Zahlungen: den Abwerfer angeben (der Abwerfer zahlt allein)",
        "seats": "Ost Süd West Nord",
        "dora": "Dora: {tiles}",
    },
}
"""The words around the score lines, by language."""

_HOW_DE: Final = {
    "self-drawn": "selbst gezogen",
    "on a discard": "auf einen Abwurf",
    "robbed from a kong": "durch Beraubung des Kongs",
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
    # the conditions of a counted win (scorer._short_of)
    (re.compile(r"a winning hand holds no chow in (\w+)"), "eine Gewinnhand hat in {0} kein Chi"),
    (
        re.compile(r"a winning hand holds at most (\d+) chows? in (\w+)"),
        "eine Gewinnhand hat in {1} höchstens {0} Chi",
    ),
    (
        re.compile(r"a winning hand needs at least (\d+) pung or kong of suit tiles in (\w+)"),
        "eine Gewinnhand braucht in {1} mindestens {0} Pong oder Kong aus Farbsteinen",
    ),
    (
        re.compile(r"a winning hand is of one suit \(honours allowed\) in (\w+)"),
        "eine Gewinnhand ist in {0} aus einer Farbe (Trumpfziegel erlaubt)",
    ),
    (
        re.compile(r"a winning hand needs at least (\d+) fan in (\w+), not (\d+)"),
        "eine Gewinnhand braucht in {1} mindestens {0} Fan, nicht {2}",
    ),
    (
        re.compile(r"a winning hand needs at least (\d+) points in (\w+), not (\d+)"),
        "eine Gewinnhand braucht in {1} mindestens {0} Punkte, nicht {2}",
    ),
    (
        re.compile(
            r"a winning hand needs at least (1) double besides those of bonus tiles and dora in (\w+) "
            r"\(Ii Fan Shibari, setting min_doubles\)"
        ),
        "ein Mah-Jongg braucht in {1} mindestens {0} Verdopplung, die nicht von Bonussteinen oder Dora "
        "kommt (Ii Fan Shibari, Einstellung min_doubles)",
    ),
    (
        re.compile(
            r"a winning hand needs at least (\d+) doubles besides those of bonus tiles and dora in (\w+) "
            r"\(Ii Fan Shibari, setting min_doubles\)"
        ),
        "ein Mah-Jongg braucht in {1} mindestens {0} Verdopplungen, die nicht von Bonussteinen oder "
        "Dora kommen (Ii Fan Shibari, Einstellung min_doubles)",
    ),
)
"""The scorer's reasons why 14 tiles do not win, in German (``_reason`` words the shapes)."""


def _win_place(text: str, lang: Lang, ruleset: str = "") -> str:
    """The scorer's ``win_place`` (``winning tile 9p self-drawn, completing 99p``) in ``lang``,
    the tile named as ``ruleset`` names it.

    >>> _win_place("winning tile 9p self-drawn, completing 99p", "de")
    'Gewinnstein Kreis-9 (9p), selbst gezogen, vervollständigt 99p'
    >>> _win_place("winning tile 9p self-drawn, completing 99p", "de", "jiangxi")
    'Gewinnstein Bing-9 (9p), selbst gezogen, vervollständigt 99p'
    """
    found = _WIN_PLACE.fullmatch(text)
    if lang == "en" or found is None:
        return text
    out = (
        f"Gewinnstein {tile_name(Tile.parse(found['tile']), lang, ruleset)} ({found['tile']}), "
        f"{_HOW_DE[found['how']]}"
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


@dataclass(frozen=True, slots=True)
class Reckoning:
    """How a hand's value was made, as a score sheet shows it (RULES.md §1.11, the ``total``
    of §1.14.1): read from the hand's lines and the table they were scored by, so that a sheet
    that keeps only the lines (:class:`engine.views.ScoreSheetView`) words it like a
    :class:`Score`.

    >>> r = score_request(hand="[555z] 333m [567s] 234p 88p", ruleset="wikibooks", seat="W", win="8p")
    >>> rk = reckon(r.items, r.total, get_ruleset("wikibooks").table_for(get_ruleset("wikibooks").defaults))
    >>> rk.points, rk.base, rk.doubles, rk.total                       # RULES.md EX-18
    (28, 30, 1, 60)
    """

    unit: str
    """``points`` or ``fan`` (:attr:`Table.unit`)."""
    kind: str
    """``count`` (points or fan, and doubles), ``limit`` (a limit hand) or ``fixed`` (a hand
    paid a fixed value instead of its count, like rumisberg's club hand)."""
    points: int
    """The lines' points (fan) added."""
    doubles: int
    """The lines' doubles added."""
    base: int
    """``points`` rounded as the table rounds them before doubling (wikibooks: up to tens)."""
    round_up_to: int
    scale: int
    """The count scale after doubling (rumisberg: 10)."""
    uncapped: int
    """The value before the limit."""
    total: int
    """The value paid (``Score.total``)."""

    @property
    def capped(self) -> bool:
        """Whether the limit cut the count."""
        return self.kind == "count" and self.total != self.uncapped


def reckon(items: Sequence[ScoreLine], total: int, table: Table) -> Reckoning:
    """How the hand with score lines ``items`` and value ``total`` was valued under ``table``
    (the table it was scored by: a limit or fixed-value hand is known by its items' codes)."""
    codes = {line.code for line in items}
    kind = "count"
    if any(item.limit and item.code in codes for item in table.items):
        kind = "limit"
    elif any(item.fixed and item.code in codes for item in table.items):
        kind = "fixed"
    points = sum(line.points for line in items)
    doubles = sum(line.doubles for line in items)
    base = points
    if kind == "count" and table.round_up_to > 1:
        base = -(-points // table.round_up_to) * table.round_up_to
    uncapped = (base << doubles) * table.scale if kind == "count" else total
    return Reckoning(table.unit, kind, points, doubles, base, table.round_up_to, table.scale, uncapped, total)


def amount_text(value: int, unit: str, lang: Lang = "en") -> str:
    """A hand's value as a sheet writes it: ``60``, or in a fan table ``8 fan`` (``8 Fan``); grouped
    as ``lang`` groups thousands (``1,280`` / ``1.280``, :func:`engine.numbers.number`).

    >>> amount_text(8, "fan", "de"), amount_text(60, "points"), amount_text(1280, "points", "de")
    ('8 Fan', '60', '1.280')
    """
    shown = number(value, lang)
    return _words(lang)["fan"].format(n=shown) if unit == "fan" else shown


def line_value(line: ScoreLine, unit: str, lang: Lang = "en") -> str:
    """What one score line is worth, in words: ``2`` (points), ``1 double``, ``5 fan``, and in a
    fan table a doubling (jiangxi's four Fa) ``doubles the total``.

    >>> line_value(ScoreLine("all four Fa", doubles=1, code="J3"), "fan")
    'doubles the total'
    """
    w = _words(lang)
    parts = []
    if line.points or not line.doubles:
        parts.append(amount_text(line.points, unit, lang))
    if line.doubles:
        if unit == "fan":
            n = line.doubles
            parts.append(w["fan_double"] if n == 1 else w["fan_doubles"].format(n=n))
        else:
            parts.append(w["double" if line.doubles == 1 else "doubles"].format(n=line.doubles))
    return ", ".join(parts)


def value_lines(rk: Reckoning, lang: Lang = "en") -> list[str]:
    """How the value was made and the total, in ``lang``: a limit hand's limit, a fixed value,
    or the count: points, rounding (``28 → 30``), doubles and scale (or fan added and doubled),
    then the total (and the count before the limit where the limit cut it).

    >>> rk = Reckoning("points", "count", 28, 1, 30, 10, 1, 60, 60)
    >>> value_lines(rk)
    ['Base 28 → 30 (rounded up to 10), doubles 1: 30 points × 2^1 = 60', 'Total: 60']
    >>> value_lines(Reckoning("fan", "count", 8, 0, 8, 1, 1, 8, 8), "de")
    ['Summe: 8 Fan']
    """
    w = _words(lang)

    def n(value: int) -> str:
        return number(value, lang)

    total = amount_text(rk.total, rk.unit, lang)
    if rk.kind == "limit":
        return [w["limit"].format(total=total)]
    if rk.kind == "fixed":
        return [w["fixed"].format(total=total)]
    lines = []
    if rk.unit == "fan":
        if rk.doubles or rk.scale > 1:
            calc = n(rk.base)
            calc += (" × 2" if rk.doubles == 1 else f" × 2^{rk.doubles}") if rk.doubles else ""
            calc += f" × {n(rk.scale)}" if rk.scale > 1 else ""
            lines.append(w["fan_sum"].format(calc=f"{calc} = {amount_text(rk.uncapped, 'fan', lang)}"))
    else:
        shown = n(rk.points)
        if rk.base != rk.points:
            shown = w["rounded"].format(points=n(rk.points), base=n(rk.base), step=n(rk.round_up_to))
        calc = w["points"].format(points=n(rk.base))
        if rk.doubles:
            calc += f" × 2^{rk.doubles}"
        if rk.scale > 1:
            calc += " " + w["scale"].format(scale=n(rk.scale))
        if rk.doubles or rk.scale > 1:
            calc += f" = {n(rk.uncapped)}"
        lines.append(w["base"].format(points=shown, doubles=rk.doubles, calc=calc))
    if rk.capped:
        lines.append(w["capped"].format(total=total, uncapped=amount_text(rk.uncapped, rk.unit, lang)))
    else:
        lines.append(w["total"].format(total=total))
    return lines


def short_calc(rk: Reckoning, lang: Lang = "en") -> str:
    """The count in one short formula where it is more than the points added: rounded
    (``4 → 10``), doubled (``28 → 30 × 2^1 = 60``), scaled (``44 × 10 = 440``) or fan doubled
    (``6 × 2 = 12 fan``); ``""`` for a limit or fixed-value hand and a plain sum.

    >>> short_calc(Reckoning("points", "count", 44, 0, 44, 1, 10, 440, 440))
    '44 × 10 = 440'
    """
    if rk.kind != "count" or (rk.base == rk.points and not rk.doubles and rk.scale == 1):
        return ""
    points, base = number(rk.points, lang), number(rk.base, lang)
    calc = points if rk.base == rk.points else f"{points} → {base}"
    if rk.doubles:
        calc += " × 2" if rk.doubles == 1 and rk.unit == "fan" else f" × 2^{rk.doubles}"
    if rk.scale > 1:
        calc += f" × {number(rk.scale, lang)}"
    if rk.doubles or rk.scale > 1:
        calc += f" = {amount_text(rk.uncapped, rk.unit, lang)}"
    return calc


def columns(text: str) -> int:
    """How many columns ``text`` takes in a terminal or a code block: a wide character (the
    Chinese of jiangxi's German item names) takes two.

    >>> columns("Zimo / 自摸")
    11
    """
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _words(lang: str) -> Mapping[str, str]:
    """The labels of ``lang``.

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    if lang not in _LABELS:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    return _LABELS[lang]


def score_text(
    result: Score,
    *,
    ruleset: str | Ruleset,
    lang: Lang = "en",
    settings: Settings | Mapping[str, object] | None = None,
    dora: Sequence[Tile] = (),
) -> str:
    """The score sheet as text in ``lang``: arrangement, every line with its item code, the sum
    and, for a won hand, who pays the winner what (``result.pays``; a score from
    :func:`score_request`). ``settings`` are the house rules it was scored under (the ruleset's
    defaults when None): how the value was rounded, scaled and paid is shown from them.
    ``dora`` (:func:`dora_tiles`) are named under the title.

    >>> result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p")
    >>> print(score_text(result, ruleset="dmjl", lang="de"))  # doctest: +NORMALIZE_WHITESPACE
    Klassische chinesische Mah-Jongg-Regeln (DMJL)
    Mah-Jongg: [678p] [555s] 234m 777z 99p
      (Gewinnstein Kreis-9 (9p), auf einen Abwurf, vervollständigt 99p)
      P3    Pong aus Grundsteinen, offen [555s]                 2
      P6    Pong aus Hauptsteinen, verdeckt 777z                8
      M1    Mah-Jongg-Ruf                                      20
      M3    Schlussstein ist einzig möglicher Stein             2
      M5    Schlussstein komplettiert Paar aus Hauptsteinen     4
      D4    Pong oder Kong aus Drachen 777z                  1 Verdopplung
    Basis 36, Verdopplungen 1: 36 Punkte × 2^1 = 72
    Summe: 72
    Zahlungen an Süd: Ost zahlt 144, West zahlt 72, Nord zahlt 72

    :raises ValueError: for a language other than ``"en"`` or ``"de"``.
    """
    w = _words(lang)
    rs, st = resolve(ruleset, settings)
    table = rs.table_for(st)
    lines = [rs.title_in(lang)]
    if dora:
        lines.append(w["dora"].format(tiles=" ".join(str(t) for t in dora)))
    if result.won:
        lines.append(w["mahjong"].format(arrangement=result.arrangement))
    elif result.reason.startswith("a losing hand"):
        lines.append(w["losing"].format(arrangement=result.arrangement))
    else:
        lines.append(w["no_mahjong"].format(reason=_reason(result.reason, lang)))
        lines.append(w["false"])
    if result.win_place:
        lines.append(f"  ({_win_place(result.win_place, lang, rs.name)})")
    names = [line_name(result.ruleset, item, lang) for item in result.items]
    width = max([columns(name) for name in names] + [20])
    code_width = max([len(item.code) + 1 for item in result.items] + [6])
    for item, name in zip(result.items, names, strict=True):
        value = line_value(item, table.unit, lang)
        if table.unit != "fan" and not item.doubles:
            value = f"{value:>4}"
        name += " " * (width - columns(name))
        lines.append(f"  {item.code:<{code_width}}{name}  {value}")
    lines.extend(value_lines(reckon(result.items, result.total, table), lang))
    lines.extend(_pays_lines(result, lang, st))
    return "\n".join(lines)


def _pays_lines(result: Score, lang: Lang, settings: Settings) -> list[str]:
    """The payments line of a won hand (none for a hand that does not win): who pays the
    winner what, or that the discarder must be named to know it. Where each payment is
    rounded after East's doubling (rumisberg), each rounded amount shows what it was made
    from (``2 × 840 = 1680 → 1700``); in a fan table an amount other than the fan shows its
    factor (jiangxi's dealer: ``9 fan × 2``)."""
    w = _words(lang)
    if not result.won:
        return []
    if result.pays is None:
        return [w["pays_unknown"]]
    names = dict(zip(SEAT_LETTERS, w["seats"].split(), strict=True))
    payers = [letter for letter, _ in result.pays]
    winner = next(letter for letter in SEAT_LETTERS if letter not in payers)
    rounds = settings.rounding == ROUND_PAYMENTS and not result.fixed
    listed = []
    for seat, amount in result.pays:
        factor = f_factor(SEAT_LETTERS.index(seat), SEAT_LETTERS.index(winner), int(Wind.EAST), settings)
        raw = result.total * factor
        shown, total, made = number(amount, lang), number(result.total, lang), number(raw, lang)
        if rounds and amount != raw:
            calc = f"{factor} × {total} = {made} → {shown}" if factor > 1 else f"{made} → {shown}"
            listed.append(w["payer_rounded"].format(seat=names[seat], amount=shown, calc=calc))
        elif result.fan is not None and amount and amount != result.total and amount % result.total == 0:
            calc = f"{amount_text(result.total, 'fan', lang)} × {amount // result.total}"
            listed.append(w["payer_rounded"].format(seat=names[seat], amount=shown, calc=calc))
        else:
            listed.append(w["payer"].format(seat=names[seat], amount=shown))
    lines = [w["pays"].format(winner=names[winner], payers=", ".join(listed))]
    note = payment_note(settings, lang)
    if note and not result.fixed:
        lines.append(note)
    return lines


def payment_note(settings: Settings, lang: Lang = "en") -> str:
    """How payments are made from a hand's value where that is not plain, in ``lang``: rumisberg
    rounds each payment to hundreds after East's doubling (RULES.md §2.4.5); ``""`` elsewhere.

    >>> from engine.rulesets import RUMISBERG
    >>> payment_note(RUMISBERG.defaults)
    "Each payment is rounded to hundreds after East's doubling, then capped at 10,000."
    """
    if settings.rounding != ROUND_PAYMENTS:
        return ""
    return _words(lang)["pays_round100"].format(limit=number(settings.limit, lang))
