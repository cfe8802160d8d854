"""What a deal shows: each seat's view, the score sheet and the snapshot of the state
(:meth:`engine.deal.Deal.view`, :meth:`~engine.deal.Deal.sheet`, :meth:`~engine.deal.Deal.snapshot`).

The deal numbers seats by wind; a view numbers them by table position (``east`` or ``places``
say which wind sits where), so a renderer never converts seats itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.scoring.facts import hand_groups
from engine.seats import POSITIONS
from engine.tiles import Tile, Wind
from engine.views import DiscardView, Phase, PlayerView, ScoreSheetView, SeatView
from engine.wall import KIND

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.deal import Deal

_WINDS = tuple(Wind)


def seat_view(
    deal: Deal,
    position: int | None,
    *,
    names: tuple[str, ...] = ("East", "South", "West", "North"),
    chips: tuple[int, ...] = (0, 0, 0, 0),
    hand_number: int = 1,
    east: int = 0,
    version: int | None = None,
    places: Sequence[int] | None = None,
) -> SeatView:
    """What the player at ``position`` may know (``None``: the public view, no concealed tiles).

    Players are listed by table position; ``east`` is the position of this
    deal's East (position p holds wind ``(p - east) % 4``), or ``places``
    gives each wind's position (E, S, W, N; three players: A-RU-18). ``names`` and
    ``chips`` are by position too, and so are the legal actions' seats (each a
    :class:`~engine.seats.Position`). A game passes its seating as ``places``
    (:attr:`Game.places <engine.game.Game.places>`): the view's ``pos`` only reads it.
    With three players the position of the absent wind is an empty place
    (``PlayerView.vacant``: no name, chips or tiles). ``version`` is the
    table's state version (default: this deal's log length).
    """
    at = _places(east, places)
    wind_at = {p: w for w, p in enumerate(at)}

    def pos(wind: int) -> int:
        return at[wind]

    # Only a ready hand is asked to declare riichi before its draw (§2.3.6): to everyone else
    # a seat at that step shows as having drawn, as any seat to move does, so the pause before
    # the draw does not tell the table that its hand is ready.
    unseen_draw = (
        deal.turn if deal.before_draw and (position is None or wind_at[position] != deal.turn) else None
    )
    players = []
    for p in range(4):
        w = wind_at[p]
        if w == deal.absent:
            players.append(
                PlayerView(seat=p, wind=_WINDS[w], name="", chips=0, concealed_count=0, vacant=True)
            )
            continue
        players.append(
            PlayerView(
                seat=p,
                wind=_WINDS[w],
                name=names[p],
                chips=chips[p],
                concealed_count=len(deal.seats[w].concealed) + (w == unseen_draw),
                melds=tuple(r.meld for r in deal.seats[w].melds),
                bonus=tuple(KIND[t] for t in deal.seats[w].bonus),
                discards=discards_seen(deal, w, at),
            )
        )
    concealed: tuple[Tile, ...] = ()
    drawn: Tile | None = None
    legal: tuple[Action, ...] = ()
    if position is not None:
        seat = wind_at[position]
        own = [t for t in deal.seats[seat].concealed if not (seat == deal.turn and t == deal.drawn)]
        concealed = tuple(sorted(KIND[t] for t in own))
        if seat == deal.turn and deal.drawn is not None and deal.drawn in deal.seats[seat].concealed:
            drawn = KIND[deal.drawn]
        legal = tuple(a.by(POSITIONS[position]) for a in deal.legal_actions(seat))
    last = None
    if deal.discard is not None and deal.phase == Phase.CLAIMS:
        last = (pos(deal.discard[0]), KIND[deal.discard[1]])
    elif deal.robbed is not None and deal.phase == Phase.ROBBING:
        last = (pos(deal.robbed[0]), KIND[deal.robbed[1]])
    else:  # his own view: a discard he may still claim (rumisberg rule 3)
        for f in deal._hook["open_discard"]:
            if (still := f.open_discard(legal)) is not None:
                last = (pos(still[0]), KIND[still[1]])
    return SeatView(
        seat=position,
        players=tuple(players),
        prevailing=deal.prevailing,
        hand_number=hand_number,
        turn=None if deal.turn is None else pos(deal.turn),
        phase=deal.phase,
        wall_live=deal.live_remaining - (unseen_draw is not None),
        wall_dead=deal.wall.remaining - deal.live_remaining,
        ruleset=deal.ruleset.name,
        concealed=concealed,
        drawn=drawn,
        last_discard=last,
        legal=legal,
        sheet=deal.sheet(east, places=at) if deal.phase == Phase.OVER else None,
        version=len(deal.log) if version is None else version,
        settings=deal.settings,
        dora_indicator=deal.dora_indicator,
        centre=sum(stake.amount for stake in deal.centre),
        declared=tuple((pos(w), what) for w in deal.in_play for what in deal.declarations(w)),
        exchange=None if deal._owner is None else deal._owner.exchange_view(pos),
    )


def discards_seen(deal: Deal, wind: int, at: tuple[int, ...]) -> tuple[DiscardView, ...]:
    """``wind``'s discards as a view shows them, the claimant by table position (cached)."""
    key = (wind, at, len(deal.log))
    got = deal._discard_cache.get(key)
    if got is None:
        got = tuple(
            d if d.claimed_by is None else DiscardView(d.tile, at[d.claimed_by], d.turned)
            for d in deal.seats[wind].discard_views
        )
        if len(deal._discard_cache) > 16:
            deal._discard_cache.clear()
        deal._discard_cache[key] = got
    return got


def score_sheet(deal: Deal, east: int = 0, *, places: Sequence[int] | None = None) -> ScoreSheetView | None:
    """The score sheet of a finished deal by table position (all hands are shown at the end);
    ``east`` and ``places`` place the winds as in :meth:`view`."""
    r = deal.result
    if r is None:
        return None
    at = _places(east, places)
    wind_at = {p: w for w, p in enumerate(at)}

    def by_position(values: list[Any] | tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[wind_at[p]] for p in range(4))

    held = [deal.hand_of(s) if s in deal.in_play else None for s in range(4)]  # None: empty place
    hands = [str(h) if h else "" for h in held]
    arrangements = [sc.arrangement if sc else hands[i] for i, sc in enumerate(r.scores)]
    groups = [sc.groups if sc else hand_groups(h) if h else () for sc, h in zip(r.scores, held, strict=True)]
    items = [sc.items if sc else () for sc in r.scores]
    lines = [tuple((ln.name, ln.points, ln.doubles) for ln in seat) for seat in items]
    payments = tuple((at[t.payer], at[t.payee], t.amount) for t in r.settlement.transfers)
    return ScoreSheetView(
        winner=None if r.winner is None else at[r.winner],
        hands=by_position(hands),
        arrangements=by_position(arrangements),
        lines=by_position(lines),
        values=by_position(r.values),
        payments=payments,
        nets=by_position(r.settlement.nets),
        reason=r.reason,
        groups=by_position(groups),
        win_tile=r.win_tile,
        self_drawn=r.self_drawn,
        discarder=None if r.discarder is None else at[r.discarder],
        ruleset=deal.ruleset.name,
        items=by_position(items),
        vacant=None if deal.absent is None else at[deal.absent],
    )


def snapshot(deal: Deal) -> tuple[object, ...]:
    """Everything that makes up the state, for comparing two deals."""
    return (
        deal.wall.tiles(),
        [list(st.concealed) for st in deal.seats],
        [[(r.meld, list(r.tiles), r.claimed_from) for r in st.melds] for st in deal.seats],
        [list(st.bonus) for st in deal.seats],
        [[tuple(d) for d in st.discards] for st in deal.seats],
        deal.turn,
        deal.phase,
        deal.drawn,
        sorted(deal.pending),
        sorted((s, str(a)) for s, a in deal.responses.items()),
        deal.result.values if deal.result else None,
        deal.result.settlement.nets if deal.result else None,
        [str(a) for a in deal.log],
        [(st.called, deal._shows(w, "riichi"), deal._shows(w, "fishing")) for w, st in enumerate(deal.seats)],
        deal.before_draw,
        tuple(deal.centre),
        tuple(deal.paid),
        deal.barred,
        tuple(f.name for f in deal.features),
        deal.dora_indicator,
        None
        if (exchange := deal.exchange) is None
        else (
            tuple(exchange.partners),
            sorted((k, tuple(v)) for k, v in exchange.given.items()),
            exchange.round,
            exchange.deciding,
            exchange.goes,
            tuple(exchange.order),
        ),
        deal.late,
        tuple(deal.laid),
    )


def _places(east: int, places: Sequence[int] | None) -> tuple[int, ...]:
    """Each wind's table position: ``places`` as given, or the four winds from ``east`` on."""
    if places is not None:
        return tuple(places)
    return tuple((east + w) % 4 for w in range(4))
