"""The scoring card of a real table's evening (``/record``): its words and which of its buttons
it offers, from the record's state alone (:class:`bot.storage.recorded.RecordState`). Pure: no
I/O, no Discord; :mod:`bot.cogs.record` sends and edits the card.

The card shows the ruleset, the hand number, the prevailing wind and who is East, each seat
with its wind, its member, the member's net so far and whether the seat has entered the hand
(and who entered it, when someone else did); once every seat has entered, each hand's value and
every payment as the settlement computes them, who has confirmed and who is still to; the last
booked (or undone) hand; and at the end, that the record has ended.

Names are given by seat (``names[seat]``), as the members' display names; they are escaped for
Discord's markdown here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.i18n import Language, engine_error, text
from bot.storage.recorded import BookedHand, RecordState
from engine.numbers import number, signed
from engine.recorded import RecordedHand
from engine.rulesets import get_ruleset
from engine.settlement import Transfer
from engine.tiles import wind_name

MAX_CARD = 3800
"""The most characters the card's text may hold (Discord: 4,000 for a message's text displays)."""

REASONS = {"difference of hands": "record_reason_difference", "bouquet": "record_reason_bouquet"}
"""A payment's reason (``engine.settlement.Transfer.reason``) -> the catalogue key that names it
on the card (the winner's payments and a Gulasch pot need no word: the winner is named)."""


@dataclass(frozen=True, slots=True)
class Card:
    """What the card shows: its text and which buttons it offers."""

    text: str
    enter: bool
    """**Enter my hand**: a hand is being entered (not over by its length, not ended)."""
    confirm: bool
    """**Confirm**: every seat has entered and the entries make one hand."""
    undo: bool
    """**Undo last hand**: a booked hand stands."""
    end: bool
    """**End**: the record is live."""


def _name(names: Sequence[str], seat: int) -> str:
    return discord.utils.escape_markdown(names[seat]) if 0 <= seat < len(names) else "?"


def _names(names: Sequence[str], seats: Sequence[int], lang: Language) -> str:
    shown = [_name(names, s) for s in seats]
    if len(shown) < 2:
        return "".join(shown)
    return text("record_and", lang, first=", ".join(shown[:-1]), last=shown[-1])


def _nets(nets: Sequence[int], names: Sequence[str], lang: Language) -> str:
    return ", ".join(f"{_name(names, s)} {signed(n, lang)}" for s, n in enumerate(nets))


def payment_line(transfer: Transfer, names: Sequence[str], lang: Language) -> str:
    """One payment: who pays whom how much, and why where it is not the win itself."""
    line = text(
        "record_payment",
        lang,
        payer=_name(names, transfer.payer),
        payee=_name(names, transfer.payee),
        amount=number(transfer.amount, lang),
    )
    key = REASONS.get(transfer.reason)
    return line if key is None else f"{line} ({text(key, lang)})"


def counted(state: RecordState, seat: int) -> bool:
    """Whether the seat's entry gives a value of its own: a hand, or the points counted (not a
    bare "I lost" or "drawn")."""
    stored = state.entries.get(seat)
    return stored is not None and (bool(stored.entry.hand) or stored.entry.points is not None)


def table_number(state: RecordState, booked: BookedHand) -> int:
    """A booked hand's number as the table counted it when it was played: the hands that stood
    before it, plus one (an undone hand's number is played again)."""
    before = 0
    for other in state.booked:
        if other.hand_no == booked.hand_no:
            break
        before += not other.reversed
    return before + 1


def preview_lines(state: RecordState, hand: RecordedHand, names: Sequence[str], lang: Language) -> list[str]:
    """The hand as entered: each seat's value (the winner first, and how he won) and every payment."""
    lines = [text("record_preview", lang, hand=state.number)]
    if hand.drawn:
        lines.append(text("record_drawn", lang))
    for seat in (*hand.winners, *(s for s in range(len(hand.values)) if s not in hand.winners)):
        value = number(hand.values[seat], lang)
        if seat in hand.winners:
            how = (
                text("record_how_self", lang)
                if hand.self_drawn
                else text("record_how_discard", lang, name=_name(names, hand.discarder or 0))
            )
            lines.append(text("record_value_won", lang, name=_name(names, seat), value=value, how=how))
        elif counted(state, seat):
            lines.append(text("record_value_lost", lang, name=_name(names, seat), value=value))
        elif not hand.drawn:
            lines.append(text("record_value_lost_nothing", lang, name=_name(names, seat)))
    if hand.transfers:
        lines.extend(f"· {payment_line(t, names, lang)}" for t in hand.transfers)
    else:
        lines.append(text("record_no_payments", lang))
    lines.append(text("record_net_line", lang, nets=_nets(hand.nets, names, lang)))
    return lines


def _last(state: RecordState, booked: BookedHand, names: Sequence[str], lang: Language) -> str:
    number = table_number(state, booked)
    if booked.reversed:
        reason = booked.reversed_reason or "–"
        return text("record_last_undone", lang, hand=number, reason=reason)
    return text("record_last_booked", lang, hand=number, nets=_nets(booked.nets, names, lang))


def card(state: RecordState, names: Sequence[str], lang: Language) -> Card:
    """The card of ``state``, its members' names by seat, in ``lang``."""
    rules = get_ruleset(state.ruleset).title_in(lang)
    live = state.status == "live"
    if live:
        lines = [text("record_title", lang, ruleset=rules, game=state.game_id, hand=state.number)]
    else:
        played = sum(1 for b in state.booked if not b.reversed)
        lines = [text("record_title_ended", lang, ruleset=rules, game=state.game_id, hands=played)]
    table = state.table
    if live:
        east = table.position_of(0)
        lines.append(
            text(
                "record_round", lang, wind=wind_name(table.seating.prevailing, lang), east=_name(names, east)
            )
        )
        pot = sum(stake.amount for stake in table.centre)
        if table.gulasch or pot:
            lines.append(text("record_gulasch", lang, pot=number(pot, lang)))
    order = (
        sorted(range(len(state.seats)), key=table.wind_of)
        if live
        else sorted(range(len(state.seats)), key=lambda s: (-state.nets[s], s))
    )
    for seat in order:
        values = {
            "wind": wind_name(table.wind_of(seat), lang),
            "name": _name(names, seat),
            "net": signed(state.nets[seat], lang),
        }
        entry = state.entries.get(seat)
        if not live:  # the evening's result; the seating is no longer played
            lines.append(text("record_seat_final", lang, name=values["name"], net=values["net"]))
        elif state.hand_no is None:
            lines.append(text("record_seat", lang, **values))
        elif entry is None:
            lines.append(text("record_seat_missing", lang, **values))
        elif entry.by_other:
            by = state.seat_of(entry.entered_by)
            by_name = (
                _name(names, by) if by is not None else discord.utils.escape_markdown(str(entry.entered_by))
            )
            lines.append(text("record_seat_entered_by", lang, by=by_name, **values))
        else:
            lines.append(text("record_seat_entered", lang, **values))
    if state.booked:
        lines.append(_last(state, state.booked[-1], names, lang))
    if live and state.hand_no is not None:
        if state.missing:
            lines.append(
                text("record_waiting", lang, names=_names(names, state.missing, lang), n=len(state.missing))
            )
        elif state.preview is not None:
            lines.extend(preview_lines(state, state.preview, names, lang))
            if state.confirmed:
                confirmed = sorted(state.confirmed)
                lines.append(text("record_confirmed_by", lang, names=_names(names, confirmed, lang)))
            lines.append(text("record_confirm_missing", lang, names=_names(names, state.unconfirmed, lang)))
        elif state.problem is not None:
            lines.append(text("record_problem", lang, reason=engine_error(state.problem, lang)))
    elif state.over:
        lines.append(text("record_over", lang))
    else:
        lines.append(text("record_ended", lang))
    body = "\n".join(lines)
    if len(body) > MAX_CARD:
        body = body[: MAX_CARD - 1] + "…"
    return Card(
        text=body,
        enter=live and state.hand_no is not None,
        confirm=live and state.hand_no is not None and state.preview is not None,
        undo=live and any(not b.reversed for b in state.booked),
        end=live,
    )
