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

from engine.actions import Action, ActionKind
from engine.ai.player import AIPlayer, Evaluator, Option, WaitValue
from engine.settings import Settings
from engine.tiles import Tile, tiles_str
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

    def marks(self) -> HintView:
        """What a renderer marks for this hint (``SeatView.hint``): the discard and the waits."""
        return HintView(self.discard, tuple(w.tile for w in self.waits))


def _waits_text(waits: tuple[WaitValue, ...]) -> str:
    parts = []
    for w in waits:
        if not (w.on_discard or w.self_drawn):
            continue
        parts.append(f"{w.tile} ({w.unseen} left, {w.on_discard} on a discard, {w.self_drawn} self-drawn)")
    return "wins on " + ", ".join(parts) if parts else ""


def _useful_text(opt: Option) -> str:
    tiles = tiles_str(t for t, _ in opt.useful)
    return f"{len(opt.useful)} kinds help ({tiles}), {opt.unseen} tiles unseen" if opt.useful else ""


def hint(view: SeatView, *, settings: Settings | Mapping[str, object] | None = None) -> Hint:
    """A hint for the seat whose ``view`` this is (``settings``: the table's house rules).

    :raises ValueError: for the public view, which has no hand.
    """
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
        return Hint(action, None, before, None, (), (), "Mah-Jongg: your hand is complete.")
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
        text = f"Discard {discard}: shanten {before} -> {opt.shanten}"
        if action is not None and action.kind not in (ActionKind.DISCARD, ActionKind.CALL):
            text = (
                f"{action.kind.replace('-', ' ').capitalize()} {action.tile or ''}".strip() + "; then " + text
            )
        elif action is not None and action.kind is ActionKind.CALL:
            text += " (and make the call at the beginning)"
        detail = _waits_text(opt.waits) if opt.shanten == 0 else _useful_text(opt)
        if detail:
            text += "; " + detail
        return Hint(action, discard, before, opt.shanten, opt.useful, opt.waits, text + ".")
    # Off turn (or answering a discard): the hand as it stands.
    opt = ev.evaluate(st.counts, st.melds)
    if action is not None and action.kind is not ActionKind.PASS:
        text = f"Claim: {action.kind}"
    elif action is not None:
        text = "Pass"
    else:
        text = "Wait"
    text += f"; shanten {opt.shanten}"
    detail = _waits_text(opt.waits) if opt.shanten == 0 else _useful_text(opt)
    if detail:
        text += "; " + detail
    return Hint(action, None, before, opt.shanten, opt.useful, opt.waits, text + ".")
