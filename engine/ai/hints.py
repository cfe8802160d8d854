"""Hints for a human player, from that player's own view.

:func:`hint` suggests what to do now (Mah-Jongg, a claim, or which tile to
discard) with the reason: shanten before and after, the tiles that would
help and how many of them are unseen. When the hand is one tile from
winning it lists the winning tiles and what each would score.

>>> from engine.deal import Deal
>>> from engine.tiles import Tile
>>> deal = Deal.arranged(
...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
...     settings={"bonus_tiles": False})
>>> h = hint(deal.view(0))
>>> str(h.discard), h.shanten_after, [str(w.tile) for w in h.waits]
('9m', 0, ['1z', '5z'])
>>> h.marks() == HintView(Tile.parse("9m"), (Tile.parse("1z"), Tile.parse("5z")))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from engine.actions import CLAIMS, Action, ActionKind
from engine.ai.player import AIPlayer, Evaluator, Option, WaitValue
from engine.settings import Settings
from engine.tiles import Lang, Tile, tile_name, tiles_str
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
    """Shanten of the hand now (-1: complete)."""
    shanten_after: int | None
    """Shanten after the suggested discard (or of the hand as it is, off turn)."""
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
        "discard": "Discard {tile}: shanten {before} -> {after}",
        "first": "{action}; then ",
        "call": " (and make the call at the beginning)",
        "wins_on": "wins on ",
        "wait": "{tile} ({unseen} left, {on_discard} on a discard, {self_drawn} self-drawn)",
        "useful": "{n} kinds help ({tiles}), {unseen} tiles unseen",
        "claim": "Claim: {kind}",
        "pass": "Pass",
        "nothing": "Wait",
        "shanten": "; shanten {n}",
    },
    "de": {
        "complete": "Mah-Jongg: deine Hand ist vollständig.",
        "discard": "{tile} abwerfen: Shanten {before} -> {after}",
        "first": "{action}; dann ",
        "call": " (mit Ruf zu Beginn)",
        "wins_on": "gewinnt mit ",
        "wait": "{tile} (noch {unseen}, {on_discard} auf einen Abwurf, {self_drawn} selbst gezogen)",
        "useful": "{n} Steinsorten helfen ({tiles}), {unseen} Steine ungesehen",
        "claim": "Ansagen: {kind}",
        "pass": "Passen",
        "nothing": "Warten",
        "shanten": "; Shanten {n}",
    },
}
"""The hint's sentences by language; tiles are named in notation in English, by name in German."""

_KINDS_DE: Final = {
    ActionKind.CHOW: "Chow",
    ActionKind.PONG: "Pong",
    ActionKind.KONG: "Kong",
    ActionKind.MAHJONG: "Mah-Jongg",
    ActionKind.CONCEALED_KONG: "Kong {tile} melden",
    ActionKind.ADDED_KONG: "Kong {tile} ergänzen",
}


def _tile(tile: Tile, lang: Lang) -> str:
    return str(tile) if lang == "en" else tile_name(tile, lang)


def _action_text(action: Action, lang: Lang) -> str:
    """A turn action before the discard (a kong), or a claim's kind, in ``lang``."""
    if lang == "en":
        if action.kind in CLAIMS:
            return str(action.kind)
        return f"{action.kind.replace('-', ' ').capitalize()} {action.tile or ''}".strip()
    tile = _tile(action.tile, lang) if action.tile is not None else ""
    return _KINDS_DE.get(action.kind, str(action.kind)).format(tile=tile).strip()


def _waits_text(waits: tuple[WaitValue, ...], lang: Lang) -> str:
    w = _PHRASES[lang]
    parts = []
    for wait in waits:
        if not (wait.on_discard or wait.self_drawn):
            continue
        parts.append(
            w["wait"].format(
                tile=_tile(wait.tile, lang),
                unseen=wait.unseen,
                on_discard=wait.on_discard,
                self_drawn=wait.self_drawn,
            )
        )
    return w["wins_on"] + ", ".join(parts) if parts else ""


def _tiles_de(tiles: list[Tile]) -> str:
    """Tiles by their German names, a suit's ranks together: ``Kreis-1/2/3, Ostwind``.

    >>> _tiles_de([Tile.parse(t) for t in ("1p", "2p", "3p", "9s", "1z")])
    'Kreis-1/2/3, Bambus-9, Ostwind'
    """
    parts: list[str] = []
    for t in sorted(tiles):
        name = tile_name(t, "de")
        if t.is_suit and parts and parts[-1].rsplit("-", 1)[0] == name.rsplit("-", 1)[0]:
            parts[-1] += f"/{t.rank}"
        else:
            parts.append(name)
    return ", ".join(parts)


def _useful_text(opt: Option, lang: Lang) -> str:
    if not opt.useful:
        return ""
    tiles = tiles_str(t for t, _ in opt.useful) if lang == "en" else _tiles_de([t for t, _ in opt.useful])
    return _PHRASES[lang]["useful"].format(n=len(opt.useful), tiles=tiles, unseen=opt.unseen)


def hint(
    view: SeatView, *, settings: Settings | Mapping[str, object] | None = None, lang: Lang = "en"
) -> Hint:
    """A hint for the seat whose ``view`` this is (``settings``: the table's house rules), its
    ``text`` in ``lang`` (German names the tiles as the seeds do: *Kreis-5*, *Ostwind*).

    >>> from engine.deal import Deal
    >>> deal = Deal.arranged(
    ...     ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
    ...     settings={"bonus_tiles": False})
    >>> text = hint(deal.view(0), lang="de").text
    >>> text.split("; ")[0]
    'Zahl-9 abwerfen: Shanten 0 -> 0 (mit Ruf zu Beginn)'
    >>> text.split("; ")[1].split(" (")[0], "Weißer Drache (noch 2" in text
    ('gewinnt mit Ostwind', True)

    :raises ValueError: for the public view, which has no hand, or a language other than
        ``"en"`` or ``"de"``.
    """
    if lang not in _PHRASES:
        raise ValueError(f"language {lang!r} is not 'en' or 'de'")
    w = _PHRASES[lang]
    player = AIPlayer("strong", seed="hint", settings=settings)
    know = player.knowledge(view.ruleset)
    if view.me is None:
        raise ValueError("a spectator's view has no hand to hint at")
    ev = Evaluator(view, know, "strong")
    action = player.choose(view, evaluator=ev) if view.legal else None
    st = ev.state
    n_tiles = sum(st.counts)
    before = ev.shanten(st.counts, st.melds)
    if action is not None and action.kind is ActionKind.MAHJONG:
        return Hint(action, None, before, None, (), (), w["complete"])
    if n_tiles % 3 == 2:  # on turn, about to discard
        options = ev.discard_choices(st.counts, st.melds)
        opt = options[0]
        discard = opt.discard
        if (
            action is not None
            and action.kind in (ActionKind.DISCARD, ActionKind.CALL)
            and action.tile is not None
        ):
            discard = action.tile
            opt = next((o for o in options if o.discard == discard), opt)
        if opt.shanten == 0 and not opt.waits:
            counts = list(st.counts)
            if discard is not None:
                counts[discard] -= 1
            opt = ev.evaluate(counts, st.melds, discard=discard)
        shown = _tile(discard, lang) if discard is not None else "None"
        text = w["discard"].format(tile=shown, before=before, after=opt.shanten)
        if action is not None and action.kind not in (ActionKind.DISCARD, ActionKind.CALL):
            text = w["first"].format(action=_action_text(action, lang)) + text
        elif action is not None and action.kind is ActionKind.CALL:
            text += w["call"]
        detail = _waits_text(opt.waits, lang) if opt.shanten == 0 else _useful_text(opt, lang)
        if detail:
            text += "; " + detail
        return Hint(action, discard, before, opt.shanten, opt.useful, opt.waits, text + ".")
    # Off turn (or answering a discard): the hand as it stands.
    opt = ev.evaluate(st.counts, st.melds)
    if action is not None and action.kind is not ActionKind.PASS:
        text = w["claim"].format(kind=_action_text(action, lang))
    elif action is not None:
        text = w["pass"]
    else:
        text = w["nothing"]
    text += w["shanten"].format(n=opt.shanten)
    detail = _waits_text(opt.waits, lang) if opt.shanten == 0 else _useful_text(opt, lang)
    if detail:
        text += "; " + detail
    return Hint(action, None, before, opt.shanten, opt.useful, opt.waits, text + ".")
