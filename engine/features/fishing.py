"""Fishing (rumisberg, RULES.md §2.4.7): a player one tile short of a Mah-Jong that counts may
declare Fishing with a discard. From then on every discard, claim and kong must keep his hand
one tile short (items 1-2); when another player goes Mah-Jong, the Fishing player is paid his
hand's value F by the others as if he had won (items 3-4), and pays the winner as usual."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from engine.actions import Action, ActionKind
from engine.deal_end import ready_to_win, waiting_after_discard
from engine.deal_state import WHO
from engine.errors import refusal
from engine.features.base import Feature, Reason
from engine.hand import Hand, Meld, MeldKind
from engine.scoring import WinContext, score
from engine.seats import WINDS
from engine.settings import Settings
from engine.settlement import Transfer
from engine.tiles import N_KINDS, TILES, Tile, Wind

if TYPE_CHECKING:
    from engine.deal import Deal
    from engine.rulesets.ruleset import Payer, Ruleset
    from engine.scoring import Score


def fishing_waits(
    hand: Hand, *, seat: Wind, ruleset: Ruleset, settings: Settings, prevailing: Wind = Wind.EAST
) -> dict[Tile, int]:
    """Each tile that completes ``hand`` (one tile short) into a Mah-Jong that counts under
    ``ruleset``, taken from a discard, with the hand's value then: counted without the
    concealed-hand doubles (rule 14), scaled and capped (the ``total``, before East's doubling
    and rounding). Empty for a hand that is not one tile short of a valid Mah-Jong: such a hand
    may not declare Fishing."""
    st = replace(settings, concealed_hand_doubles=0)
    if hand.tile_count != 13:
        return {}
    out: dict[Tile, int] = {}
    for tile, done in hand.completions():
        result = score(
            done, WinContext(seat=seat, prevailing=prevailing, win_tile=tile), ruleset=ruleset, settings=st
        )
        if result.won:
            out[tile] = result.total
    return out


def fishing_value(
    hand: Hand, *, seat: Wind, ruleset: Ruleset, settings: Settings, prevailing: Wind = Wind.EAST
) -> int:
    """A Fishing player's value F (§2.4.7 item 3): what ``hand`` would be worth completed by a
    discard with its least valuable winning tile (``fishing_value = max``: its most valuable),
    without the concealed-hand doubles (rule 14), scaled and capped at the limit. 0 for a hand
    that is not one tile short of a valid Mah-Jong."""
    values = fishing_waits(
        hand, seat=seat, ruleset=ruleset, settings=settings, prevailing=prevailing
    ).values()
    if not values:
        return 0
    return max(values) if settings.fishing_value == "max" else min(values)


def fishing_payments(
    values: Mapping[int, int],
    *,
    mahjong: int,
    seats: Sequence[int],
    east: int,
    settings: Settings,
    pays: Payer,
) -> list[Transfer]:
    """What the Fishing players receive when ``mahjong`` goes Mah-Jong (§2.4.7 item 4): every
    player except the Mah-Jong player pays each Fishing player φ his value ``values[φ]`` as he
    would pay a winner (the ruleset's ``pays``): East pays (or φ as East receives) double,
    rounded after doubling, capped. Two Fishing players pay each other."""
    out: list[Transfer] = []
    payers = [seat for seat in seats if seat != mahjong]
    for fisher in sorted(values):
        if fisher == mahjong or fisher not in payers or not values[fisher]:
            continue
        paid = pays(values[fisher], winner=fisher, seats=payers, east=east, discarder=None, settings=settings)
        out += [Transfer(seat, fisher, amount, "fishing") for seat, amount in paid.items() if amount]
    return out


class Fishing(Feature):
    """Who is Fishing in one deal, and what keeps his hand one tile short."""

    name: ClassVar[str] = "fishing"
    settings: ClassVar[frozenset[str]] = frozenset({"fishing", "fishing_value"})
    on: ClassVar[dict[str, object]] = {"fishing": True}
    off: ClassVar[dict[str, object]] = {"fishing": False}
    kinds: ClassVar[frozenset[ActionKind]] = frozenset({ActionKind.FISHING})
    limits_discards: ClassVar[bool] = True
    __slots__ = ("fishing",)

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.fishing: list[int] = []
        """The seats that declared Fishing, in order."""

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with the setting ``fishing``."""
        return bool(settings.fishing)

    def candidates(self, seat: int, kinds: Sequence[int]) -> list[Action]:
        """Declaring Fishing with each discard."""
        wind = WINDS[seat]
        return [Action.of(wind, ActionKind.FISHING, TILES[k]) for k in kinds]

    def judge(self, action: Action) -> Reason | None:
        """A declaration (or a Fishing player's discard) must leave the hand one tile short."""
        seat = action.seat
        if action.kind is ActionKind.DISCARD and seat not in self.fishing:
            return None  # the common case: a discard of a player who is not Fishing
        who = WHO[seat]
        if action.kind is ActionKind.FISHING:
            if seat in self.fishing:
                return refusal(f"{who} is Fishing already", "fishing_already", wind=seat)
            if self.deal.seats[seat].called:
                return refusal(
                    f"{who} made the call at the beginning and must discard the tile just drawn",
                    "frozen_call",
                    wind=seat,
                )
            if action.tile is None or not self._after(seat, int(action.tile)):
                return refusal(
                    "Fishing is declared with a discard that leaves the hand one tile short",
                    "fishing_not_short",
                    private=True,
                )
        elif (
            action.kind is ActionKind.DISCARD
            and seat in self.fishing
            and (action.tile is None or not self._after(seat, int(action.tile)))
        ):
            return refusal(
                f"{who} is Fishing: a discard must keep the hand one tile short",
                "fishing_discard",
                private=True,
            )
        return None

    def discarding(self, action: Action) -> None:
        """The declaration."""
        self.fishing.append(action.seat)

    def _after(self, seat: int, kind: int) -> bool:
        """Whether discarding ``kind`` leaves ``seat`` one tile short of a Mah-Jong that counts."""
        deal = self.deal
        if not waiting_after_discard(deal, seat, kind):  # the shape first: it is cheap
            return False
        counts = deal.seats[seat].counts[:]
        counts[kind] -= 1
        return ready_to_win(deal, seat, counts, tuple(r.meld for r in deal.seats[seat].melds))

    def may_meld(self, seat: int, kind: int, taken: int, *, claimed: bool = False) -> bool:
        """A kong (or a claimed pong) must keep a Fishing player one tile short (item 2)."""
        if seat not in self.fishing:
            return True
        st = self.deal.seats[seat]
        counts = st.counts[:]
        counts[kind] -= taken
        melds = [r.meld for r in st.melds if not (r.meld.kind == MeldKind.PONG and r.meld.tile == kind)]
        pong = claimed and taken == 2
        melds.append(Meld(MeldKind.PONG if pong else MeldKind.KONG, TILES[kind], taken == 4))
        if not pong:  # he draws a replacement and may discard it again
            return ready_to_win(self.deal, seat, counts, tuple(melds))
        return self._after_some_discard(seat, counts, tuple(melds))

    def may_chow(self, seat: int, start: int, need: Sequence[int]) -> bool:
        """A chow must keep a Fishing player one tile short after some discard (rule 11)."""
        if seat not in self.fishing:
            return True
        st = self.deal.seats[seat]
        counts = st.counts[:]
        for t in need:
            counts[t] -= 1
        melds = (*(r.meld for r in st.melds), Meld(MeldKind.CHOW, TILES[start]))
        return self._after_some_discard(seat, counts, melds)

    def _after_some_discard(self, seat: int, counts: list[int], melds: tuple[Meld, ...]) -> bool:
        for d in range(N_KINDS):
            if counts[d]:
                counts[d] -= 1
                ok = ready_to_win(self.deal, seat, counts, melds)
                counts[d] += 1
                if ok:
                    return True
        return False

    def settle_win(
        self,
        winners: Sequence[int],
        scores: Sequence[Score | None],
        values: Sequence[int],
        transfers: list[Transfer],
    ) -> list[Transfer]:
        """Every Fishing player but the winner is paid his value F (items 3-4)."""
        deal = self.deal
        fishers = {
            s: fishing_value(
                deal.hand_of(s),
                seat=Wind(s),
                prevailing=deal.prevailing,
                ruleset=deal.ruleset,
                settings=deal.settings,
            )
            for s in deal.in_play
            if s in self.fishing and s not in winners
        }
        if fishers:
            transfers = transfers + fishing_payments(
                fishers,
                mahjong=winners[0],
                seats=deal.in_play,
                east=0,
                settings=deal.settings,
                pays=deal.ruleset.pays,
            )
        return transfers

    def shown(self, seat: int) -> tuple[str, ...]:
        """A Fishing player shows it."""
        return ("fishing",) if seat in self.fishing else ()
