"""Hints for a human player, from that player's own view.

:func:`hint` suggests what to do now (Mah-Jongg, a claim, which tile to
discard, or a move of the Gulasch exchange) with the reason in a player's
words: how many tiles the hand is from *ready* (one tile from Mah-Jongg),
the tiles that would help and how many of them are left, and the chance to
win the hand. When the hand is ready it names the winning tiles and what
each would score.

>>> from engine.deal import Deal
>>> from engine.tiles import Tile
>>> deal = Deal.arranged(
...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
...     settings={"bonus_tiles": False})
>>> h = hint(deal.view(0))
>>> str(h.discard), h.shanten_after, [str(w.tile) for w in h.waits]
('9m', 0, ['1z', '5z'])
>>> h.text.split(": ", 1)[0]
'Discard Characters 9 with the call at the beginning'
>>> h.marks() == HintView(Tile.parse("9m"), (Tile.parse("1z"), Tile.parse("5z")))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.actions import DISCARDS, Action, ActionKind
from engine.ai.defence import threats
from engine.ai.player import AIPlayer, Evaluator, Guard, Option, WaitValue
from engine.ai.shanten import IMPOSSIBLE
from engine.hand import Meld
from engine.numbers import number
from engine.rulesets import Ruleset
from engine.settings import Settings
from engine.tiles import TILES, Lang, Tile, tile_name, tiles_in_words, wind_name
from engine.views import HintView, SeatView

__all__ = ["Hint", "hint"]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggestion for one seat and why."""

    action: Action | None
    """The suggested action (one of the view's legal actions), or None when there is nothing to do."""
    discard: Tile | None
    """The suggested discard, when the suggestion is to discard."""
    shanten_before: int | None
    """Shanten of the hand now (-1: complete; 0: ready, one tile from Mah-Jongg)."""
    shanten_after: int | None
    """Shanten after the suggested discard or claim (or of the hand as it is, passing or off turn)."""
    useful: tuple[tuple[Tile, int], ...]
    """Tiles that would bring the hand closer, with copies unseen."""
    waits: tuple[WaitValue, ...]
    """When one tile from winning: each winning tile, copies unseen, and the value it would bring."""
    text: str
    """The suggestion and why, in the language asked for (:func:`hint`'s ``lang``)."""

    def marks(self) -> HintView:
        """What a renderer marks for this hint (``SeatView.hint``): the discard and the waits."""
        return HintView(self.discard, tuple(w.tile for w in self.waits))


_PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "complete": "Mah-Jongg: your hand is complete.",
        "discard": "Discard {tile}",
        "call": "Discard {tile} with the call at the beginning",
        "riichi": "Declare riichi before you draw: your hand is frozen from now on",
        "no_riichi": "Draw without declaring riichi",
        "fishing": "Discard {tile} and declare Fishing",
        "concealed-kong": "Declare a concealed kong of {tile} and draw a replacement tile",
        "added-kong": "Add {tile} to your pong of {tile} for a kong and draw a replacement tile",
        "nine-majors": "Show your nine majors to end the hand drawn",
        "later": "When it is your turn, discard {tile}",
        "chow": "Chow {tiles}, then discard {discard}",
        "pong": "Pong {tiles}, then discard {discard}",
        "kong": "Kong {tiles}",
        "pass": "Pass",
        "idle": "Not your move",
        # How far from ready, and what a move does to it.
        "one": "1 tile from ready",
        "many": "{n} tiles from ready",
        "dead": "out of the running (the table's rules let this hand win no more)",
        "keep0": "keeps you ready",
        "keep": "keeps you {dist}",
        "closer0": "makes you ready",
        "closer": "brings you to {dist}",
        "back": "leaves you {dist}, a step back for a hand worth more",
        "now0": "you are ready",
        "now": "you are {dist}",
        "richer": ", for a hand worth more",
        # A discard chosen for safety (defence): the tile the hand alone would let go, and why not.
        "safer": "safer than {tile}, which could win for {seat} ({why})",
        "why_riichi": "{seat} declared riichi",
        "why_fishing": "{seat} declared Fishing",
        "why_call": "{seat} made the call at the beginning",
        "why_big": "what {seat} shows points at a big hand",
        "why_ready": "{seat} is likely ready",
        # Why to pass.
        "no_claim": "there is nothing for you to claim",
        "no_closer": "a claim would not bring you closer",
        "worth_less": "a {kind} would bring you closer, but to a hand worth less",
        "weaker": "a {kind} would bring you closer, but leave fewer tiles to help",
        # Waiting: the winning tiles.
        "waiting_on": "waiting on {tiles}: {each}",
        "waiting_on_one": "waiting on {tile}, {value}",
        "or": " or ",
        "wait": "{tile} ({left}) {value}",
        "wait_one": "{tile} ({left})",
        "left": "{n} left",
        "none_left": "none left",
        "worth": "worth {n}",
        "worth_both": "worth {self_drawn} ({on_discard} on a discard)",
        "drawn_only": "worth {n}, self-drawn only",
        "discard_only": "worth {n}, on a discard only",
        "no_win": "no tile wins here (the hand is short of the minimum)",
        # Not waiting: the tiles that help.
        "help_one": "1 tile can help: {tiles}",
        "help": "{n} tiles can help: {tiles}",
        "help_kinds": "{n} tiles of {kinds} kinds can help: {tiles}",
        "help_none": "no tile that would help is left",
        # The chance to win the hand.
        "chance": "chance to win about {p}%",
        "chance_low": "chance to win under 5%",
        "chance_high": "chance to win over 95%",
        # The Gulasch exchange.
        "give": "Give {tiles}: the three tiles your hand needs least",
        "swap": "Swap {tiles} with the wall: tiles with no partner in your hand",
        "swap_one": "Swap {tiles} with the wall: a tile with no partner in your hand",
        "keep_tiles": "Keep your tiles: none is worth swapping",
        "continue": "Exchange with the wall: you still hold tiles with no partner",
        "start": "Begin play: every tile in your hand has a partner",
        "exchange_idle": "Nothing to do in the exchange now",
    },
    "de": {
        "complete": "Mah-Jongg: deine Hand ist vollständig.",
        "discard": "{tile} abwerfen",
        "call": "{tile} abwerfen, mit Ruf zu Beginn",
        "riichi": "Vor dem Ziehen Riichi ansagen: deine Hand ist von nun an eingefroren",
        "no_riichi": "Ziehen, ohne Riichi anzusagen",
        "fishing": "{tile} abwerfen und Fishing ansagen",
        "concealed-kong": "Kong {tile} melden und einen Ersatzstein ziehen",
        "added-kong": "Kong {tile} ergänzen und einen Ersatzstein ziehen",
        "nine-majors": "Neun Trumpfziegel zeigen, das Spiel endet unentschieden",
        "later": "Wenn du am Zug bist, {tile} abwerfen",
        "chow": "Chow {tiles}, dann {discard} abwerfen",
        "pong": "Pong {tiles}, dann {discard} abwerfen",
        "kong": "Kong {tiles}",
        "pass": "Passen",
        "idle": "Du bist nicht am Zug",
        "one": "noch 1 Stein bis bereit",
        "many": "noch {n} Steine bis bereit",
        "dead": "ohne Gewinnmöglichkeit (die Regeln des Tisches lassen diese Hand nicht mehr gewinnen)",
        "keep0": "du bleibst bereit",
        "keep": "weiterhin {dist}",
        "closer0": "damit bist du bereit",
        "closer": "damit {dist}",
        "back": "damit {dist}, ein Schritt zurück für eine wertvollere Hand",
        "now0": "du bist bereit",
        "now": "{dist}",
        "richer": ", für eine wertvollere Hand",
        "safer": "sicherer als {tile}, mit dem {seat} gewinnen könnte ({why})",
        "why_riichi": "{seat} hat Riichi angesagt",
        "why_fishing": "{seat} hat Fishing angesagt",
        "why_call": "{seat} hat zu Beginn gerufen",
        "why_big": "die Auslage von {seat} deutet auf eine große Hand",
        "why_ready": "{seat} ist wahrscheinlich bereit",
        "no_claim": "du kannst nichts ansagen",
        "no_closer": "keine Ansage bringt dich näher an bereit",
        "worth_less": "ein {kind} brächte dich näher, aber die Hand wäre weniger wert",
        "weaker": "ein {kind} brächte dich näher, aber weniger Steine würden helfen",
        "waiting_on": "du wartest auf: {each}",
        "waiting_on_one": "du wartest auf: {tile} {value}",
        "or": " oder ",
        "wait": "{tile} ({left}) {value}",
        "wait_one": "{tile} ({left})",
        "left": "noch {n}",
        "none_left": "keiner mehr",
        "worth": "ist {n} wert",
        "worth_both": "ist {self_drawn} wert ({on_discard} auf einen Abwurf)",
        "drawn_only": "ist {n} wert, nur selbst gezogen",
        "discard_only": "ist {n} wert, nur auf einen Abwurf",
        "no_win": "kein Stein gewinnt hier (die Hand erreicht das Minimum nicht)",
        "help_one": "1 Stein hilft: {tiles}",
        "help": "{n} Steine helfen: {tiles}",
        "help_kinds": "{n} Steine ({kinds} Sorten) helfen: {tiles}",
        "help_none": "kein Stein, der helfen würde, ist übrig",
        "chance": "Gewinnchance etwa {p} %",
        "chance_low": "Gewinnchance unter 5 %",
        "chance_high": "Gewinnchance über 95 %",
        "give": "{tiles} geben: die drei Steine, die deine Hand am wenigsten braucht",
        "swap": "{tiles} mit der Mauer tauschen: Steine ohne Partner in deiner Hand",
        "swap_one": "{tiles} mit der Mauer tauschen: ein Stein ohne Partner in deiner Hand",
        "keep_tiles": "Steine behalten: keiner lohnt den Tausch",
        "continue": "Mit der Mauer tauschen: du hast noch Steine ohne Partner",
        "start": "Spiel beginnen: jeder deiner Steine hat einen Partner",
        "exchange_idle": "Im Tausch gerade nichts zu tun",
    },
}
"""The hint's phrases by language; tiles are named (:func:`engine.tiles.tile_name`), never coded."""

_CLAIM_WORDS: Final[dict[str, dict[ActionKind, str]]] = {
    "en": {ActionKind.CHOW: "chow", ActionKind.PONG: "pong", ActionKind.KONG: "kong"},
    "de": {ActionKind.CHOW: "Chow", ActionKind.PONG: "Pong", ActionKind.KONG: "Kong"},
}
"""A claim's name inside a sentence (``a pong would bring you closer``)."""

_KONGS: Final = frozenset({ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG})
"""The kongs declared in one's own turn, before the discard (a replacement tile comes first)."""

_EXCHANGE: Final = {
    ActionKind.GIVE: "give",
    ActionKind.SWAP: "swap",
    ActionKind.PASS: "keep_tiles",
    ActionKind.CONTINUE: "continue",
    ActionKind.START: "start",
}
"""The phrase of each move of the Gulasch exchange."""


def _tile(tile: Tile, lang: Lang, names: str = "") -> str:
    """A tile by name (``names``: the ruleset whose names it takes, jiangxi's after seed 004)."""
    return tile_name(tile, lang, names)


def _tiles(tiles: Sequence[Tile], lang: Lang, names: str = "") -> str:
    """Tiles in a sentence by name, a suit's ranks together (:func:`engine.tiles.tiles_in_words`):
    ``Kreis 1 2 3, Bambus 9, Ostwind``, ``Circles 1 2 3, East wind``.

    >>> _tiles([Tile.parse(t) for t in ("1p", "2p", "3p", "9s", "1z")], "de")
    'Kreis 1 2 3, Bambus 9, Ostwind'
    """
    return tiles_in_words(tiles, lang, names, loose=True)


def _distance(shanten: int, lang: Lang) -> str:
    """How far from ready, for ``shanten`` 1 or more: ``2 tiles from ready`` (a hand the
    table's conditions let win no more, :data:`~engine.ai.shanten.IMPOSSIBLE`: out of the running).

    >>> _distance(IMPOSSIBLE, "en")
    "out of the running (the table's rules let this hand win no more)"
    """
    w = _PHRASES[lang]
    if shanten >= IMPOSSIBLE:
        return w["dead"]
    return w["one"] if shanten == 1 else w["many"].format(n=shanten)


def _progress(before: int, after: int, lang: Lang) -> str:
    """What a move does to the distance from ready: ``keeps you 1 tile from ready``.

    >>> _progress(2, 2, "en"), _progress(1, 0, "en"), _progress(3, 2, "en")
    ('keeps you 2 tiles from ready', 'makes you ready', 'brings you to 2 tiles from ready')
    >>> _progress(0, 1, "en")
    'leaves you 1 tile from ready, a step back for a hand worth more'
    >>> _progress(2, 1, "de"), _progress(0, 0, "de")
    ('damit noch 1 Stein bis bereit', 'du bleibst bereit')
    """
    w = _PHRASES[lang]
    if after > before:
        return w["back"].format(dist=_distance(after, lang))
    step = "keep" if after == before else "closer"
    return w[step + "0"] if after <= 0 else w[step].format(dist=_distance(after, lang))


def _standing(shanten: int, lang: Lang) -> str:
    """Where the hand stands (passing, or off turn): ``you are 1 tile from ready``."""
    w = _PHRASES[lang]
    return w["now0"] if shanten <= 0 else w["now"].format(dist=_distance(shanten, lang))


def _chance(chance: float, lang: Lang) -> str:
    """The chance to win in plain words: under 5 %, to the percent up to 10 %, to 5 % above.

    >>> [_chance(p, "en") for p in (0.02, 0.07, 0.33, 0.99)]
    ['chance to win under 5%', 'chance to win about 7%', 'chance to win about 35%', 'chance to win over 95%']
    >>> _chance(0.184, "de")
    'Gewinnchance etwa 20 %'
    """
    w = _PHRASES[lang]
    percent = chance * 100
    if percent < 5:
        return w["chance_low"]
    p = round(percent) if percent < 10 else 5 * round(percent / 5)
    return w["chance_high"] if p > 95 else w["chance"].format(p=p)


def _worth(wait: WaitValue, lang: Lang) -> str:
    """What a winning tile scores: one figure when it scores the same either way, grouped as
    ``lang`` groups thousands.

    >>> _worth(WaitValue(Tile.parse("5p"), 2, 1200, 2400), "de")
    'ist 2.400 wert (1.200 auf einen Abwurf)'
    """
    w = _PHRASES[lang]
    drawn, discard = number(wait.self_drawn, lang), number(wait.on_discard, lang)
    if not wait.on_discard:
        return w["drawn_only"].format(n=drawn)
    if not wait.self_drawn:
        return w["discard_only"].format(n=discard)
    if wait.on_discard == wait.self_drawn:
        return w["worth"].format(n=drawn)
    return w["worth_both"].format(self_drawn=drawn, on_discard=discard)


def _waits_text(waits: tuple[WaitValue, ...], lang: Lang, names: str = "") -> str:
    """The winning tiles of a ready hand, each with its copies left and its value (the tiles
    that cannot win are left out)."""
    w = _PHRASES[lang]
    winning = [x for x in waits if x.on_discard or x.self_drawn]
    if not winning:
        return w["no_win"] if waits else ""

    def left(x: WaitValue) -> str:
        return w["left"].format(n=x.unseen) if x.unseen else w["none_left"]

    if len(winning) == 1:
        x = winning[0]
        shown = w["wait_one"].format(tile=_tile(x.tile, lang, names), left=left(x))
        return w["waiting_on_one"].format(tile=shown, value=_worth(x, lang))
    named = [_tile(x.tile, lang, names) for x in winning]
    tiles = ", ".join(named[:-1]) + w["or"] + named[-1]
    each = ", ".join(
        w["wait"].format(tile=_tile(x.tile, lang, names), left=left(x), value=_worth(x, lang))
        for x in winning
    )
    return w["waiting_on"].format(tiles=tiles, each=each)


def _useful_text(opt: Option, lang: Lang, names: str = "") -> str:
    """The tiles left that would bring the hand closer: ``14 tiles of 4 kinds can help: ...``."""
    w = _PHRASES[lang]
    kinds = [t for t, n in opt.useful if n]
    n = opt.unseen
    if not n:
        return w["help_none"]
    tiles = _tiles(kinds, lang, names)
    if n == 1:
        return w["help_one"].format(tiles=tiles)
    if len(kinds) == 1:
        return w["help"].format(n=n, tiles=tiles)
    return w["help_kinds"].format(n=n, kinds=len(kinds), tiles=tiles)


def _prospects(opt: Option, lang: Lang, names: str = "") -> list[str]:
    """The waits (or the tiles that help) and the chance to win, for the hand ``opt`` leaves."""
    if opt.shanten <= 0:
        detail = _waits_text(opt.waits, lang, names)
        if not any(x.on_discard or x.self_drawn for x in opt.waits):
            return [detail] if detail else []  # no chance to give where no tile wins
        return [detail, _chance(opt.chance, lang)]
    return [_useful_text(opt, lang, names), _chance(opt.chance, lang)]


def _sentence(head: str, parts: list[str]) -> str:
    return head + ": " + "; ".join(p for p in parts if p) + "."


def _exact(
    ev: Evaluator, counts: Sequence[int], melds: Sequence[Meld], opt: Option, held: list[int] | None = None
) -> Option:
    """``opt`` with its waits worked out, when it is ready and came without them (``counts``:
    the tiles before ``opt.discard``)."""
    if opt.shanten != 0 or opt.waits:
        return opt
    rest = list(counts)
    if opt.discard is not None:
        rest[opt.discard] -= 1
    return ev.evaluate(rest, melds, discard=opt.discard, held=held)


def _discard_option(
    ev: Evaluator,
    counts: Sequence[int],
    melds: Sequence[Meld],
    tile: Tile | None,
    *,
    held: list[int] | None = None,
) -> Option:
    """The prospects after discarding ``tile`` from ``3n + 2`` tiles (None: the best discard)."""
    options = ev.discard_choices(counts, melds, held=held)
    if tile is None:
        opt = options[0]
    else:
        found = next((o for o in options if o.discard == tile), None)
        if found is None:
            rest = list(counts)
            rest[tile] -= 1
            found = ev.evaluate(rest, melds, discard=tile, held=held)
        opt = found
    return _exact(ev, counts, melds, opt, held)


def _claimed(ev: Evaluator, action: Action, tile: int) -> Option:
    """The prospects after claiming ``tile`` with ``action`` (and the best discard after a
    chow or pong), worked out as the computer player weighs a claim."""
    counts, melds, held = ev.after_claim(action, tile)
    if action.kind is ActionKind.KONG:
        return _exact(ev, counts, melds, ev.evaluate(counts, melds, held=held))
    return _discard_option(ev, counts, melds, None, held=held)


def _exchange_hint(action: Action | None, lang: Lang, names: str = "") -> Hint:
    w = _PHRASES[lang]
    if action is None or action.kind not in _EXCHANGE:
        return Hint(action, None, None, None, (), (), w["exchange_idle"] + ".")
    key = _EXCHANGE[action.kind]
    if action.kind is ActionKind.SWAP and len(action.tiles) == 1:
        key = "swap_one"
    text = w[key].format(tiles=_tiles(action.tiles, lang, names))
    return Hint(action, None, None, None, (), (), text + ".")


def _kong_option(ev: Evaluator, action: Action) -> Option:
    """The prospects after declaring ``action``'s kong (before the replacement draw)."""
    counts, melds = ev.after_kong(action)
    return _exact(ev, counts, melds, ev.evaluate(counts, melds))


BIG: Final = 0.3
"""From this chance of a big hand (:attr:`engine.ai.defence.Threat.big`) a hint names the display."""


def _safer(view: SeatView, guarded: Guard, lang: Lang, names: str) -> str:
    """Why a discard was chosen for safety: the tile the hand alone would have let go, whom it
    could have won for, and what shows it (his declaration, his display, or the late wall)."""
    w = _PHRASES[lang]
    seat = guarded.risk.seat
    if guarded.plain is None or seat is None:
        return ""
    who = wind_name(view.players[seat].wind, lang)
    what = next((x for s, x in view.declared if s == seat), "")
    if what in ("riichi", "fishing", "call"):
        why = w[f"why_{what}"]
    elif any(t.seat == seat and t.big >= BIG for t in threats(view)):
        why = w["why_big"]
    else:
        why = w["why_ready"]
    return w["safer"].format(tile=_tile(guarded.plain, lang, names), seat=who, why=why.format(seat=who))


def _turn_hint(
    ev: Evaluator,
    action: Action | None,
    before: int,
    lang: Lang,
    names: str = "",
    guarded: Guard | None = None,
) -> Hint:
    """On turn, about to discard (or to declare a kong first, or to declare with the discard);
    ``guarded``: how the danger of the discards weighed in, when it changed the discard."""
    w = _PHRASES[lang]
    st = ev.state
    if action is not None and action.kind is ActionKind.NINE_MAJORS:
        text = _sentence(w["nine-majors"], [_standing(before, lang)])
        return Hint(action, None, before, before, (), (), text)
    if action is not None and action.tile is not None and action.kind in _KONGS:
        opt = _kong_option(ev, action)
        head = w[str(action.kind)].format(tile=_tile(action.tile, lang, names))
        text = _sentence(head, [_progress(before, opt.shanten, lang), *_prospects(opt, lang, names)])
        return Hint(action, None, before, opt.shanten, opt.useful, opt.waits, text)
    chosen = action.tile if action is not None and action.kind in DISCARDS else None
    opt = _discard_option(ev, st.counts, st.melds, chosen)
    discard = opt.discard
    shown = _tile(discard, lang, names) if discard is not None else "?"
    if action is None:
        head = w["later"].format(tile=shown)
    else:
        head = w.get(str(action.kind), w["discard"]).format(tile=shown)
    parts = [_progress(before, opt.shanten, lang), *_prospects(opt, lang, names)]
    if guarded is not None and guarded.folded and action is not None and guarded.discard == action.tile:
        parts.insert(0, _safer(ev.view, guarded, lang, names))
    text = _sentence(head, parts)
    return Hint(action, discard, before, opt.shanten, opt.useful, opt.waits, text)


def _riichi_hint(ev: Evaluator, action: Action | None, before: int, lang: Lang, names: str = "") -> Hint:
    """At the beginning of the turn, before the draw: declare riichi or draw without (§2.3.6)."""
    w = _PHRASES[lang]
    st = ev.state
    now = _exact(ev, st.counts, st.melds, ev.evaluate(st.counts, st.melds))
    declare = action is not None and action.kind is ActionKind.RIICHI
    head = w["riichi" if declare else "no_riichi"]
    text = _sentence(head, [_standing(now.shanten, lang), *_prospects(now, lang, names)])
    return Hint(action, None, before, now.shanten, now.useful, now.waits, text)


def _claim_hint(
    ev: Evaluator, view: SeatView, action: Action | None, before: int, lang: Lang, names: str = ""
) -> Hint:
    """Answering a discard (claim or pass), or off turn."""
    w = _PHRASES[lang]
    st = ev.state
    now = _exact(ev, st.counts, st.melds, ev.evaluate(st.counts, st.melds))
    tile = view.last_discard[1] if view.last_discard is not None else None
    claims = _CLAIM_WORDS[lang]
    if action is None:
        head, parts = w["idle"], [_standing(now.shanten, lang)]
    elif tile is not None and action.kind in claims:
        opt = _claimed(ev, action, tile)
        low = action.tile if action.kind is ActionKind.CHOW else None
        melded = (tile,) if low is None else (low, low + 1, low + 2)
        discard = _tile(opt.discard, lang, names) if opt.discard is not None else ""
        head = w[str(action.kind)].format(
            tiles=tiles_in_words([TILES[t] for t in melded], lang, names), discard=discard
        )
        progress = _progress(before, opt.shanten, lang)
        if opt.shanten == now.shanten and opt.value > now.value:
            progress += w["richer"]
        text = _sentence(head, [progress, *_prospects(opt, lang, names)])
        return Hint(action, None, before, opt.shanten, opt.useful, opt.waits, text)
    else:
        others = [] if tile is None else [(a, _claimed(ev, a, tile)) for a in view.legal if a.kind in claims]
        closer = [(a, o) for a, o in others if o.shanten < now.shanten]
        if not others:
            why = w["no_claim"]
        elif not closer:
            why = w["no_closer"]
        else:
            a, o = min(closer, key=lambda item: (item[1].shanten, -item[1].value))
            why = w["worth_less" if o.value < now.value else "weaker"].format(kind=claims[a.kind])
        head, parts = w["pass"], [why, _standing(now.shanten, lang)]
    text = _sentence(head, [*parts, *_prospects(now, lang, names)])
    return Hint(action, None, before, now.shanten, now.useful, now.waits, text)


def hint(
    view: SeatView,
    *,
    settings: Settings | Mapping[str, object] | None = None,
    lang: Lang = "en",
    ruleset: Ruleset | None = None,
) -> Hint:
    """A hint for the seat whose ``view`` this is (``settings``: the table's house rules,
    ``ruleset``: the game's ruleset, else the one the view names from the registry), its
    ``text`` in ``lang``, the tiles by name (German as the seeds name them: *Kreis-5*, *Ostwind*;
    jiangxi's as seed 004 does: *Zhong*).

    The hand is *ready* when one tile would complete it (shanten 0), and *n tiles from
    ready* at shanten n:

    >>> from engine.deal import Deal
    >>> others = ["123456789m1234p", "123456789p1234s", "123456789s1234m"]
    >>> deal = Deal.arranged(["123m456p789s11z55z9m", *others], settings={"bonus_tiles": False})
    >>> print(hint(deal.view(0)).text)  # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
    Discard Characters 9 with the call at the beginning: keeps you ready; waiting on East wind
    or White dragon: East wind (2 left) worth 256 (104 on a discard), White dragon (2 left)
    worth 136 (56 on a discard); chance to win ...
    >>> print(hint(deal.view(0), lang="de").text)  # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
    Zahl-9 abwerfen, mit Ruf zu Beginn: du bleibst bereit; du wartest auf:
    Ostwind (noch 2) ist 256 wert (104 auf einen Abwurf),
    Weißer Drache (noch 2) ist 136 wert (56 auf einen Abwurf); Gewinnchance ...

    :raises ValueError: for the public view, which has no hand, or a language other than
        ``"en"`` or ``"de"``.
    """
    if lang not in _PHRASES:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    if view.me is None:
        raise ValueError("a spectator's view has no hand to hint at")
    player = AIPlayer("strong", seed="hint", settings=settings, ruleset=ruleset, defence=True)
    names = ruleset.name if ruleset is not None else view.ruleset  # jiangxi names its own tiles
    if view.exchange is not None:  # the Gulasch exchange: no discards yet
        return _exchange_hint(player.choose(view) if view.legal else None, lang, names)
    ev = Evaluator(view, player.knowledge(view.ruleset, view.settings), "strong")
    action = player.choose(view, evaluator=ev) if view.legal else None
    st = ev.state
    before = ev.shanten(st.counts, st.melds)
    if action is not None and action.kind is ActionKind.MAHJONG:
        return Hint(action, None, before, None, (), (), _PHRASES[lang]["complete"])
    if any(a.kind is ActionKind.RIICHI and a.tile is None for a in view.legal):
        return _riichi_hint(ev, action, before, lang, names)
    if sum(st.counts) % 3 == 2:  # on turn, about to discard
        return _turn_hint(ev, action, before, lang, names, player.guarded(view, ev))
    return _claim_hint(ev, view, action, before, lang, names)
