"""What each image shows, in words: the alt text a screen reader reads out (Discord's attachment
``description``, at most :data:`LIMIT` characters).

Pure, like the renderers beside it: a view in, text out, in the reader's language. Tiles are
named (:func:`engine.tiles.tile_name`, with the ruleset's own names), numbers written as the
language writes them (:mod:`engine.numbers`), winds as the images write them. Each text is a
list of sentences, most important first; what does not fit in :data:`LIMIT` characters is left
off whole from the end (a first sentence too long alone is cut and ends with ``…``).

A public description is made from the public view alone, which holds no concealed tile of
any seat; a seat's own hand is described only from that seat's view (its private card).

>>> from render.examples import example
>>> ex = example(7)
>>> text = describe_table(ex.public, "en")
>>> text.startswith("Mah-Jongg table, ") and len(text) <= LIMIT
True
>>> "Runde" in describe_table(ex.public, "de")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engine.errors import MahjongError
from engine.hand import Hand, Meld, MeldKind
from engine.numbers import number, signed
from engine.rulesets import get_ruleset, table_for
from engine.settings import Settings
from engine.tiles import Lang, Tile, Wind, tile_name, tiles_in_words, wind_name
from engine.views import ArrangedGroup, GroupKind, Phase, PlayerView, ScoreSheetView, SeatView
from render.layout import words
from render.leaderboard import TOP
from render.text import one_line
from render.tiles import BACK

LIMIT: Final = 1024
"""Discord's limit on an attachment's description (alt text), in characters."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "table": "Mah-Jongg table, {round}, {hand}.",
        "turn": "{name} to move.",
        "claims": "Waiting for claims on {tile}, discarded by {name}.",
        "robbing": "{name} adds {tile} to a kong: waiting to see whether anyone robs it.",
        "exchange": "The Gulasch exchange is under way.",
        "over": "The hand is over.",
        "last": "Last discard: {tile}, by {name}.",
        "wall": "{n} tiles left in the wall, {dead} in the dead wall.",
        "wall_one": "1 tile left in the wall, {dead} in the dead wall.",
        "chips": "Chips: {list}.",
        "who": "{name} ({wind})",
        "sets": "{name} shows {list}.",
        "no_sets": "No sets are on show.",
        "bonus": "bonus tiles {list}",
        "discards": "{name} discarded {list}.",
        "concealed": "{name} holds {n} concealed tiles.",
        "open_hand": "{name}'s hand, face up: {list}.",
        "open_drawn": "{name} has just drawn {tile}.",
        "dora": "Dora indicator: {tile}.",
        "centre": "{n} points lie in the centre.",
        "declared": "{what}: {name}.",
        "vacant": "No {wind} this hand: three play.",
        "chow": "a chow of {tiles}",
        "pong": "a pong of {tile}",
        "kong": "a kong of {tile}",
        "concealed_kong": "a concealed kong of {tile}",
        "pair": "a pair of {tile}",
        "loose": "the tiles {list}",
        "and": " and ",
        "hand": "Your hand, {seat}, {round}, {hand}: {tiles}.",
        "hand_bare": "Your hand: {tiles}.",
        "drawn": "Just drawn: {tile}.",
        "own_sets": "Your sets on show: {list}.",
        "own_bonus": "Your bonus tiles: {list}.",
        "hint_discard": "Suggested discard: {tile}.",
        "hint_waits": "Waiting for {list}.",
        "sheet": "Score sheet, {round}, {hand}.",
        "sheet_bare": "Score sheet.",
        "winner": "Mah-Jongg: {name} wins, {total}.",
        "self_drawn": "The winning tile, {tile}, was drawn from the wall.",
        "on_discard": "The winning tile, {tile}, was {name}'s discard.",
        "drawn_hand": "Drawn hand: {reason}.",
        "payments": "Payments: {list}.",
        "pays": "{payer} pays {payee} {amount}",
        "nets": "Net: {list}.",
        "winning_hand": "{name} has {list}.",
        "points": "{n} points",
        "fan": "{n} fan",
        "other_hand": "{name} had {list}, worth {value}.",
        "tiles_word": "{list}",
        "strip": "A hand of {n} tiles: {list}.",
        "strip_win": "Winning tile: {tile}.",
        "chart": "{title}. A line chart of {n} values, from {first} to {last}; lowest {low}, highest {high}.",
        "chart_one": "{title}. One value: {last}.",
        "chart_none": "{title}. No values yet.",
        "leaderboard": "{title}. {n} members, best first: {list}.",
        "leaderboard_one": "{title}. 1 member: {list}.",
        "leaderboard_none": "{title}. Nobody holds chips yet this season.",
        "row": "{rank}. {name} {chips} chips ({change} in 7 days)",
        "row_closed": "{rank}. {name} {chips} chips",
        "your_row": "Your place: {row}.",
    },
    "de": {
        "table": "Mah-Jongg-Tisch, {round}, {hand}.",
        "turn": "{name} ist am Zug.",
        "claims": "Wartet auf Ansagen zu {tile}, abgeworfen von {name}.",
        "robbing": "{name} legt {tile} an einen Kong an: wartet, ob jemand ihn beraubt.",
        "exchange": "Der Gulasch-Tausch läuft.",
        "over": "Das Spiel ist vorbei.",
        "last": "Letzter Abwurf: {tile}, von {name}.",
        "wall": "Noch {n} Steine in der Mauer, {dead} in der toten Mauer.",
        "wall_one": "Noch 1 Stein in der Mauer, {dead} in der toten Mauer.",
        "chips": "Chips: {list}.",
        "who": "{name} ({wind})",
        "sets": "{name} zeigt {list}.",
        "no_sets": "Niemand hat Figuren ausgelegt.",
        "bonus": "die Bonussteine {list}",
        "discards": "{name} hat abgeworfen: {list}.",
        "concealed": "{name} hält {n} verdeckte Steine.",
        "open_hand": "Hand von {name}, offen: {list}.",
        "open_drawn": "{name} hat gerade {tile} gezogen.",
        "dora": "Dora-Anzeiger: {tile}.",
        "centre": "In der Mitte liegen {n} Punkte.",
        "declared": "{what}: {name}.",
        "vacant": "Kein {wind} in diesem Spiel: es spielen drei.",
        "chow": "einen Chow aus {tiles}",
        "pong": "einen Pong aus {tile}",
        "kong": "einen Kong aus {tile}",
        "concealed_kong": "einen verdeckten Kong aus {tile}",
        "pair": "ein Paar aus {tile}",
        "loose": "die Steine {list}",
        "and": " und ",
        "hand": "Deine Hand, {seat}, {round}, {hand}: {tiles}.",
        "hand_bare": "Deine Hand: {tiles}.",
        "drawn": "Gerade gezogen: {tile}.",
        "own_sets": "Deine ausgelegten Figuren: {list}.",
        "own_bonus": "Deine Bonussteine: {list}.",
        "hint_discard": "Vorgeschlagener Abwurf: {tile}.",
        "hint_waits": "Wartet auf {list}.",
        "sheet": "Abrechnung, {round}, {hand}.",
        "sheet_bare": "Abrechnung.",
        "winner": "Mah-Jongg: {name} gewinnt, {total}.",
        "self_drawn": "Der Gewinnstein, {tile}, wurde aus der Mauer gezogen.",
        "on_discard": "Der Gewinnstein, {tile}, war der Abwurf von {name}.",
        "drawn_hand": "Unentschieden: {reason}.",
        "payments": "Zahlungen: {list}.",
        "pays": "{payer} zahlt {payee} {amount}",
        "nets": "Netto: {list}.",
        "winning_hand": "{name} hat {list}.",
        "points": "{n} Punkte",
        "fan": "{n} Fan",
        "other_hand": "{name} hatte {list}, Wert {value}.",
        "tiles_word": "{list}",
        "strip": "Eine Hand aus {n} Steinen: {list}.",
        "strip_win": "Gewinnstein: {tile}.",
        "chart": "{title}. Ein Liniendiagramm aus {n} Werten, von {first} bis {last}; niedrigster Wert "
        "{low}, höchster {high}.",
        "chart_one": "{title}. Ein Wert: {last}.",
        "chart_none": "{title}. Noch keine Werte.",
        "leaderboard": "{title}. {n} Mitglieder, die besten zuerst: {list}.",
        "leaderboard_one": "{title}. 1 Mitglied: {list}.",
        "leaderboard_none": "{title}. In dieser Saison hat noch niemand Chips.",
        "row": "{rank}. {name} {chips} Chips ({change} in 7 Tagen)",
        "row_closed": "{rank}. {name} {chips} Chips",
        "your_row": "Dein Platz: {row}.",
    },
}


def _t(lang: Lang) -> dict[str, str]:
    try:
        return TEXTS[lang]
    except KeyError:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'") from None


def fit(sentences: Iterable[str], limit: int = LIMIT) -> str:
    """``sentences`` joined by spaces, as many as fit in ``limit`` characters, in order: the
    first one that does not fit ends the text (the first sentence alone is cut, with ``…``).

    >>> fit(["One.", "Two.", "Three."], limit=9)
    'One. Two.'
    >>> fit(["A first sentence far too long."], limit=12)
    'A first sen…'
    """
    out = ""
    for sentence in sentences:
        if not sentence:
            continue
        joined = f"{out} {sentence}" if out else sentence
        if len(joined) > limit:
            if not out:
                out = sentence[: limit - 1].rstrip() + "…"
            break
        out = joined
    return out


def _names(tiles: Iterable[int], lang: Lang, ruleset: str) -> str:
    return ", ".join(tile_name(t, lang, ruleset) for t in tiles if t != BACK)


def _and(items: Sequence[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    return "; ".join(items[:-1]) + _t(lang)["and"] + items[-1]  # a set's own words may hold commas


def meld_words(meld: Meld, lang: Lang = "en", ruleset: str = "") -> str:
    """One set in words: ``a pong of Red dragon``, ``a chow of Circles 3-4-5``.

    >>> meld_words(Meld.parse("[777z]"), "en"), meld_words(Meld.parse("(1111m)"), "de")
    ('a pong of Red dragon', 'einen verdeckten Kong aus Zahl-1')
    """
    t = _t(lang)
    tile = tile_name(meld.tile, lang, ruleset)
    if meld.kind == MeldKind.CHOW:
        return t["chow"].format(tiles=tiles_in_words(meld.tiles, lang, ruleset))
    if meld.kind == MeldKind.KONG:
        return t["concealed_kong" if meld.concealed else "kong"].format(tile=tile)
    return t["pong" if meld.kind == MeldKind.PONG else "pair"].format(tile=tile)


def groups_words(groups: Sequence[ArrangedGroup], lang: Lang = "en", ruleset: str = "") -> list[str]:
    """A scored arrangement's groups in words, its single tiles together in one phrase (by suit)."""
    parts: list[str] = []
    singles: list[int] = []
    for g in groups:
        if g.kind == GroupKind.SINGLE:
            singles.extend(g.tiles)
            continue
        parts.append(group_words(g, lang, ruleset))
    if singles:
        parts.append(_t(lang)["loose"].format(list=tiles_in_words(singles, lang, ruleset)))
    return parts


def group_words(group: ArrangedGroup, lang: Lang = "en", ruleset: str = "") -> str:
    """One group of a scored arrangement in words (single tiles: their names; bonus tiles too)."""
    t = _t(lang)
    first = tile_name(group.tiles[0], lang, ruleset) if group.tiles else ""
    match group.kind:
        case GroupKind.CHOW:
            return t["chow"].format(tiles=tiles_in_words(group.tiles, lang, ruleset))
        case GroupKind.PONG:
            return t["pong"].format(tile=first)
        case GroupKind.KONG:
            return t["concealed_kong" if group.concealed_kong else "kong"].format(tile=first)
        case GroupKind.PAIR:
            return t["pair"].format(tile=first)
        case GroupKind.BONUS:
            return t["bonus"].format(list=_names(group.tiles, lang, ruleset))
        case _:
            return t["loose"].format(list=tiles_in_words(group.tiles, lang, ruleset))


def _who(p: PlayerView, lang: Lang) -> str:
    return _t(lang)["who"].format(name=one_line(p.name), wind=wind_name(p.wind, lang))


def _head(view: SeatView, lang: Lang) -> tuple[str, str]:
    w = words(lang)
    return w["round"].format(wind=wind_name(view.prevailing, lang)), w["hand"].format(n=view.hand_number)


def _shown(p: PlayerView, lang: Lang, ruleset: str) -> list[str]:
    """What a seat has on show: its sets, then its bonus tiles."""
    parts = [meld_words(m, lang, ruleset) for m in p.melds]
    if p.bonus:
        parts.append(_t(lang)["bonus"].format(list=_names(p.bonus, lang, ruleset)))
    return parts


def _wall(n: int, dead: int, lang: Lang) -> str:
    return _t(lang)["wall_one" if n == 1 else "wall"].format(n=number(n, lang), dead=number(dead, lang))


def describe_table(view: SeatView, lang: Lang = "en") -> str:
    """The public table image in words (at most :data:`LIMIT` characters): the round and hand,
    whose turn it is or what the table waits for, the last discard, the tiles left in the wall
    (and in the dead wall), every seat's chips, the sets and bonus tiles on show; then the dora
    indicator, the centre, the declarations, each seat's count of concealed tiles and its
    discards. Only what the public view holds: never a concealed tile, but in the open view of a
    finished hand's replay (:func:`engine.replay.open_view`) each seat's hand face up, after the
    sets on show.

    >>> from render.examples import example
    >>> text = describe_table(example(7).public, "de")
    >>> text.startswith("Mah-Jongg-Tisch, Runde ") and "Noch " in text and "Chips: " in text
    True
    """
    t, w = _t(lang), words(lang)
    rs = view.ruleset
    by_seat = {p.seat: p for p in view.players}
    round_, hand = _head(view, lang)
    out = [t["table"].format(round=round_, hand=hand)]
    discard = None
    if view.last_discard is not None and view.last_discard[0] in by_seat:
        seat, tile = view.last_discard
        discard = (one_line(by_seat[seat].name), tile_name(tile, lang, rs))
    if view.phase == Phase.TURN and view.turn is not None and view.turn in by_seat:
        out.append(t["turn"].format(name=_who(by_seat[view.turn], lang)))
    elif view.phase == Phase.CLAIMS and discard is not None:
        out.append(t["claims"].format(name=discard[0], tile=discard[1]))
    elif view.phase == Phase.ROBBING and discard is not None:
        out.append(t["robbing"].format(name=discard[0], tile=discard[1]))
    elif view.phase == Phase.EXCHANGE:
        out.append(t["exchange"])
    elif view.phase == Phase.OVER:
        out.append(t["over"])
    if discard is not None and view.phase == Phase.TURN:
        out.append(t["last"].format(name=discard[0], tile=discard[1]))
    out.append(_wall(view.wall_live, view.wall_dead, lang))
    seated = view.seated
    out.append(t["chips"].format(list=", ".join(f"{_who(p, lang)} {number(p.chips, lang)}" for p in seated)))
    shown = [(p, _shown(p, lang, rs)) for p in seated]
    if not any(parts for _, parts in shown):
        out.append(t["no_sets"])
    out += [t["sets"].format(name=one_line(p.name), list=_and(parts, lang)) for p, parts in shown if parts]
    for p in seated:  # a finished hand's replay: every hand face up
        if p.revealed is not None:
            out.append(
                t["open_hand"].format(name=one_line(p.name), list=tiles_in_words(p.revealed, lang, rs))
            )
        if p.revealed_drawn is not None:
            out.append(
                t["open_drawn"].format(name=one_line(p.name), tile=tile_name(p.revealed_drawn, lang, rs))
            )
    if view.dora_indicator is not None:
        out.append(t["dora"].format(tile=tile_name(view.dora_indicator, lang, rs)))
    if view.centre:
        out.append(t["centre"].format(n=number(view.centre, lang)))
    for seat, what in view.declared:
        if seat in by_seat and f"declared_{what}" in w:
            out.append(t["declared"].format(what=w[f"declared_{what}"], name=one_line(by_seat[seat].name)))
    out += [t["vacant"].format(wind=wind_name(p.wind, lang)) for p in view.players if p.vacant]
    out += [
        t["concealed"].format(name=one_line(p.name), n=number(p.concealed_count, lang))
        for p in seated
        if p.revealed is None
    ]
    out += [
        t["discards"].format(name=one_line(p.name), list=_names((d.tile for d in p.discards), lang, rs))
        for p in seated
        if p.discards
    ]
    return fit(out)


def describe_hand(view: SeatView, lang: Lang = "en") -> str:
    """A seat's private hand image in words (at most :data:`LIMIT` characters): its concealed
    tiles by name, the tile just drawn, its sets and bonus tiles on show, a hint's suggested
    discard and winning tiles, the last discard open to claims. For that seat's eyes only.

    >>> from render.examples import example
    >>> text = describe_hand(example(7).private, "en")
    >>> text.startswith("Your hand, ") and "Just drawn: " in text
    True
    """
    t = _t(lang)
    rs = view.ruleset
    tiles = tiles_in_words(view.concealed, lang, rs, loose=True) or "–"
    round_, hand = _head(view, lang)
    me = view.me
    if me is not None:
        seat = words(lang)["seat"].format(wind=wind_name(me.wind, lang))
        out = [t["hand"].format(seat=seat, round=round_, hand=hand, tiles=tiles)]
    else:
        out = [t["hand_bare"].format(tiles=tiles)]
    if view.drawn is not None:
        out.append(t["drawn"].format(tile=tile_name(view.drawn, lang, rs)))
    if view.hint is not None and view.hint.discard is not None:
        out.append(t["hint_discard"].format(tile=tile_name(view.hint.discard, lang, rs)))
    if view.hint is not None and view.hint.waits:
        out.append(t["hint_waits"].format(list=_names(view.hint.waits, lang, rs)))
    if me is not None and me.melds:
        out.append(t["own_sets"].format(list=_and([meld_words(m, lang, rs) for m in me.melds], lang)))
    if me is not None and me.bonus:
        out.append(t["own_bonus"].format(list=_names(me.bonus, lang, rs)))
    if view.last_discard is not None:
        seat_of, tile = view.last_discard
        who = next((p for p in view.players if p.seat == seat_of), None)
        if who is not None:
            out.append(t["last"].format(tile=tile_name(tile, lang, rs), name=one_line(who.name)))
    return fit(out)


def describe_sheet(
    sheet: ScoreSheetView,
    players: Sequence[PlayerView],
    *,
    prevailing: Wind | None = None,
    hand_number: int | None = None,
    lang: Lang = "en",
    settings: Settings | None = None,
) -> str:
    """The score sheet image in words (at most :data:`LIMIT` characters): the winner and the
    hand's total (in points, or in fan where the ruleset's table counts fan under ``settings``,
    the table's house rules), how it was won, every payment and each seat's net; then the
    winner's hand and the others' hands and values. A drawn hand: why it ended.

    >>> from render.examples import example
    >>> ex = example(7)
    >>> text = describe_sheet(ex.sheet, ex.players, lang="en")
    >>> text.startswith("Score sheet. Mah-Jongg: ") and "Payments: " in text and "Net: " in text
    True
    """
    t, w = _t(lang), words(lang)
    rs = sheet.ruleset

    def name(seat: int | None) -> str:
        return one_line(players[seat].name) if seat is not None and 0 <= seat < len(players) else "?"

    unit = _unit(sheet, settings)

    def amount(value: int) -> str:
        return t["fan" if unit == "fan" else "points"].format(n=number(value, lang))

    if prevailing is not None and hand_number is not None:
        out = [
            t["sheet"].format(
                round=w["round"].format(wind=wind_name(prevailing, lang)),
                hand=w["hand"].format(n=hand_number),
            )
        ]
    else:
        out = [t["sheet_bare"]]
    winner = sheet.winner if sheet.winner is not None and 0 <= sheet.winner < len(players) else None
    if winner is not None:
        p = players[winner]
        value = sheet.values[winner] if winner < len(sheet.values) else 0
        out.append(t["winner"].format(name=_who(p, lang), total=amount(value)))
        if sheet.win_tile is not None:
            tile = tile_name(sheet.win_tile, lang, rs)
            if sheet.self_drawn or sheet.discarder is None:
                out.append(t["self_drawn"].format(tile=tile))
            else:
                out.append(t["on_discard"].format(tile=tile, name=name(sheet.discarder)))
    else:
        out.append(t["drawn_hand"].format(reason=w.get(str(sheet.reason), sheet.reason.text)))
    if sheet.payments:
        pays = [
            t["pays"].format(payer=name(a), payee=name(b), amount=number(amount_, lang))
            for a, b, amount_ in sheet.payments
        ]
        out.append(t["payments"].format(list="; ".join(pays)))
    nets = [f"{name(s)} {signed(sheet.nets[s], lang)}" for s in sheet.positions if s < len(sheet.nets)]
    if nets:
        out.append(t["nets"].format(list=", ".join(nets)))
    if winner is not None and winner < len(sheet.groups) and sheet.groups[winner]:
        parts = groups_words(sheet.groups[winner], lang, rs)
        out.append(t["winning_hand"].format(name=name(winner), list=_and(parts, lang)))
    for seat in sheet.positions:
        if seat == winner or seat >= len(sheet.groups) or not sheet.groups[seat]:
            continue
        parts = groups_words(sheet.groups[seat], lang, rs)
        value = sheet.values[seat] if seat < len(sheet.values) else 0
        out.append(t["other_hand"].format(name=name(seat), list=_and(parts, lang), value=amount(value)))
    return fit(out)


def _unit(sheet: ScoreSheetView, settings: Settings | None) -> str:
    """``fan`` or ``points``: how the sheet's ruleset counts a hand's value."""
    if not sheet.ruleset:
        return "points"
    try:
        rs = get_ruleset(sheet.ruleset)
        return table_for(rs.name, rs.defaults if settings is None else settings).unit
    except MahjongError:  # settings of another ruleset: the ruleset's own say how it counts
        return table_for(sheet.ruleset, get_ruleset(sheet.ruleset).defaults).unit


def describe_strip(
    arrangement: str | Sequence[ArrangedGroup],
    lang: Lang = "en",
    *,
    win_tile: Tile | str | None = None,
    ruleset: str = "",
) -> str:
    """A hand's tile strip (``/score``, the hand builder, a best hand) in words: its groups and
    the winning tile. ``arrangement`` as :func:`render.hand.render_strip` takes it.

    >>> print(describe_strip("[777z] 234m 99p", "en", win_tile="9p"))  # doctest: +NORMALIZE_WHITESPACE
    A hand of 8 tiles: a pong of Red dragon and the tiles Characters 2 3 4, Circles 9 9.
    Winning tile: Circles 9.
    """
    t = _t(lang)
    if isinstance(arrangement, str):
        hand = Hand.parse(arrangement)
        parts = [meld_words(m, lang, ruleset) for m in hand.melds]
        if hand.concealed:
            parts.append(t["loose"].format(list=tiles_in_words(hand.concealed, lang, ruleset)))
        if hand.bonus:
            parts.append(t["bonus"].format(list=_names(hand.bonus, lang, ruleset)))
        count = sum(len(m.tiles) for m in hand.melds) + len(hand.concealed) + len(hand.bonus)
    else:
        parts = groups_words(arrangement, lang, ruleset)
        count = sum(len(g.tiles) for g in arrangement)
    out = [t["strip"].format(n=number(count, lang), list=_and(parts, lang))]
    if win_tile is not None:
        win = Tile.parse(win_tile) if isinstance(win_tile, str) else win_tile
        out.append(t["strip_win"].format(tile=tile_name(win, lang, ruleset)))
    return fit(out)


def describe_chart(
    values: Sequence[int],
    *,
    title: str,
    first_label: str = "",
    last_label: str = "",
    lang: Lang = "en",
) -> str:
    """A line chart in words: its title, where the series starts and ends (each with its label,
    if any), its lowest and highest value.

    >>> chart = describe_chart([1000, 500, 2500], title="Ada: Chips", first_label="Saisonbeginn", lang="de")
    >>> for part in chart.split("; "):
    ...     print(part)
    Ada: Chips. Ein Liniendiagramm aus 3 Werten, von 1.000 (Saisonbeginn) bis 2.500
    niedrigster Wert 500, höchster 2.500.
    >>> describe_chart([7], title="Ada: chips", lang="en")
    'Ada: chips. One value: 7.'
    """
    t = _t(lang)
    title = one_line(title)

    def labelled(value: int, label: str) -> str:
        return f"{number(value, lang)} ({one_line(label)})" if label else number(value, lang)

    if not values:
        return fit([t["chart_none"].format(title=title)])
    if len(values) == 1:
        return fit([t["chart_one"].format(title=title, last=number(values[0], lang))])
    return fit(
        [
            t["chart"].format(
                title=title,
                n=number(len(values), lang),
                first=labelled(values[0], first_label),
                last=labelled(values[-1], last_label),
                low=number(min(values), lang),
                high=number(max(values), lang),
            )
        ]
    )


def describe_leaderboard(
    rows: Sequence[tuple[str, int, int]],
    *,
    title: str,
    lang: Lang = "en",
    me: int | None = None,
    top: int = TOP,
    change: bool = True,
) -> str:
    """A standings image in words: the title, how many members, the ``top`` rows (rank, name,
    chips and, with ``change``, the last seven days' change) and the reader's row ``me`` when it
    comes later (as many of them as fit; the image shows :data:`render.leaderboard.TOP`). ``rows``
    are (name, chips, change) in the order shown, best first.

    >>> rows = [("Ada", 6000, 1000), ("Bo", 500, -250)]
    >>> for part in describe_leaderboard(rows, title="Season 1", lang="en").split("; "):
    ...     print(part)
    Season 1. 2 members, best first: 1. Ada 6,000 chips (+1,000 in 7 days)
    2. Bo 500 chips (−250 in 7 days).
    """
    t = _t(lang)
    title = one_line(title)
    if not rows:
        return fit([t["leaderboard_none"].format(title=title)])
    ranks: list[int] = []
    for i, (_, chips, _change) in enumerate(rows):
        ranks.append(ranks[-1] if i and rows[i - 1][1] == chips else i + 1)

    def row(i: int) -> str:
        name, chips, moved = rows[i]
        key = "row" if change else "row_closed"
        return t[key].format(
            rank=ranks[i], name=one_line(name), chips=number(chips, lang), change=signed(moved, lang)
        )

    shown = [row(i) for i in range(min(top, len(rows)))]
    key = "leaderboard_one" if len(rows) == 1 else "leaderboard"
    while True:  # fewer rows until they and the reader's own row fit
        first = t[key].format(title=title, n=number(len(rows), lang), list="; ".join(shown))
        mine = t["your_row"].format(row=row(me)) if me is not None and len(shown) <= me < len(rows) else ""
        if len(first) + len(mine) + 1 <= LIMIT or len(shown) <= 1:
            return fit([first, mine])
        shown.pop()
