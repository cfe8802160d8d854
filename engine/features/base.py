"""The :class:`Feature` base: one variant rule that a :class:`~engine.rulesets.ruleset.Ruleset`
switches on, over the common game of :class:`~engine.deal.Deal`.

A ruleset lists the feature classes it has (``Ruleset.features``); its settings may switch one
off (:meth:`Feature.active`). Each deal makes one instance of every active feature: the instance
is the rule's state in that hand. :class:`~engine.deal.Deal` calls the hooks below at fixed
points of the common game, and only on the features that override a hook (:func:`hooked`), so a
ruleset without features pays nothing for them.

Each hook does nothing (or allows everything) here; a feature overrides those its rule needs.
A feature owns its action kinds (:attr:`Feature.kinds`): the options it adds and the reason it
refuses one of them come from the same rule code (:meth:`Feature.judge`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from engine.actions import Action, ActionKind
from engine.errors import Refusal
from engine.events import Event
from engine.settings import Settings
from engine.settlement import Stake, Transfer
from engine.views import ExchangeView

if TYPE_CHECKING:
    from engine.deal import Deal
    from engine.scoring import Score


Reason = Refusal
"""Why an action is refused (with its code and values), and whether the reason speaks of the
seat's own hidden tiles (``private``: only the acting seat sees it, values and all)."""


class Feature:
    """One variant rule of a ruleset: its state in one deal, and the hooks the deal calls."""

    name: ClassVar[str] = ""
    """The rule's name, as ``Ruleset.derive`` and ``Ruleset.diff`` show it."""
    settings: ClassVar[frozenset[str]] = frozenset()
    """The settings only this rule reads: a ruleset that adds the rule takes them too."""
    on: ClassVar[Mapping[str, object]] = {}
    """Setting values that switch the rule on (a ruleset that adds it gets them as defaults)."""
    off: ClassVar[Mapping[str, object]] = {}
    """Setting values that switch the rule off (a ruleset that removes it gets them)."""
    kinds: ClassVar[frozenset[ActionKind]] = frozenset()
    """The action kinds this rule brings to the game: it judges them (:meth:`judge`)."""
    limits_discards: ClassVar[bool] = False
    """Whether the rule limits discards or declares with one (Fishing): the deal then asks its
    :meth:`judge` about every discard, and about no discard otherwise."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Whether ``settings`` switch the rule on (a listed rule is on unless a setting says no)."""
        return True

    # --- The deal ---------------------------------------------------------------------------

    def dealt(self) -> None:
        """The tiles are dealt; the bonus tiles in hand are not replaced yet."""

    def begin(self, *, after_drawn: bool) -> None:
        """The deal is set up; ``after_drawn``: the hand before it was drawn."""

    def set_aside(self, seat: int, events: list[Event]) -> None:
        """``seat`` has just laid a bonus (or lucky) tile out (the last of its ``bonus``)."""

    def drew(self, seat: int) -> None:
        """``seat`` draws a tile from the wall (a replacement draw included)."""

    def tiles_aside(self) -> list[int]:
        """Physical tiles this rule holds out of the wall and the hands (for :meth:`Deal.all_tiles`)."""
        return []

    # --- A phase of this rule's own (before play: the Gulasch exchange) --------------------------

    def to_act(self) -> list[int]:
        """Who must answer in this rule's phase (after :meth:`Deal.take_over`)."""
        return []

    def options(self, seat: int) -> list[Action]:
        """What ``seat`` may do in this rule's phase (each move judged by :meth:`judge`)."""
        return []

    def apply(self, action: Action, events: list[Event]) -> None:
        """Apply a move of this rule's phase."""

    def exchange_view(self, pos: Callable[[int], int]) -> ExchangeView | None:
        """Where this rule's exchange stands, by table position (``pos``: wind to position)."""
        return None

    # --- Turns --------------------------------------------------------------------------------

    def pauses(self, seat: int) -> bool:
        """Whether ``seat``'s turn stops before its draw for a decision of this rule."""
        return False

    def options_before_draw(self, seat: int) -> list[Action]:
        """What ``seat`` may do before its draw (besides passing) when this rule paused the turn."""
        return []

    def before_draw(self, action: Action, events: list[Event]) -> None:
        """``action`` answers this rule's pause before the draw (the draw follows)."""

    def judge(self, action: Action) -> Reason | None:
        """Why ``action`` of the seat to move (one of :attr:`kinds`, or a discard this rule limits)
        is refused, or None: the one place the rule's conditions are written (the options the
        rule offers are the candidates it allows). It answers None for a move it has no say in."""
        return None

    def candidates(self, seat: int, kinds: Sequence[int]) -> list[Action]:
        """The moves of this rule's kinds ``seat`` could make now, to be judged; ``kinds``:
        the kinds it holds, in order."""
        return []

    def old_line(self, action: Action, events: list[Event]) -> bool:
        """Apply a line of a log written before this rule was played as now, where it differs;
        whether it was applied here."""
        return False

    def discarding(self, action: Action) -> None:
        """``action`` discards with a declaration of this rule (its kind is one of :attr:`kinds`)."""

    def apply_turn(self, action: Action, events: list[Event]) -> None:
        """Apply ``action`` (one of :attr:`kinds`, not a discard) of the seat to move."""

    def discard_turned(self, seat: int) -> bool:
        """Whether ``seat``'s discard now is laid sideways."""
        return False

    def may_meld(self, seat: int, kind: int, taken: int, *, claimed: bool = False) -> bool:
        """Whether a kong (or with ``claimed``, a claimed pong) of ``kind`` that takes ``taken``
        tiles from ``seat``'s hand is allowed."""
        return True

    def may_chow(self, seat: int, start: int, need: Sequence[int]) -> bool:
        """Whether ``seat`` may claim the chow from ``start`` with the ``need`` tiles of his hand."""
        return True

    def first_go_around(self, kinds: Sequence[int], events: list[Event]) -> bool:
        """Every seat has discarded once with no claim made, all of one kind; whether the hand ended."""
        return False

    # --- Claims -------------------------------------------------------------------------------

    def may_win_on_discard(self, seat: int) -> bool:
        """Whether ``seat`` may win on a discard (or by robbing a kong) now."""
        return True

    def restricted(self, seat: int, discarder: int) -> bool:
        """Whether ``seat`` wins from ``discarder`` now by this rule's restricted win."""
        return False

    def held_back(self, held: frozenset[int]) -> None:
        """The seats the open discard would complete but that were not offered the win."""

    def window_closing(self, discarder: int) -> None:
        """The claim window on ``discarder``'s discard is about to be resolved (its options and
        answers still open in ``deal.pending`` / ``deal.responses``)."""

    def passed_on(self, discarder: int, tile: int) -> None:
        """Nobody claimed ``discarder``'s discard ``tile``: the next seat has drawn."""

    def options_after_draw(self, seat: int) -> list[Action]:
        """What ``seat`` may do besides its turn's moves (a claim it may still make)."""
        return []

    def acting(self, action: Action, events: list[Event]) -> bool:
        """A legal ``action`` is about to be applied; whether this rule applied it itself."""
        return False

    def open_discard(self, legal: tuple[Action, ...]) -> tuple[int, int] | None:
        """A discard still open to the viewer with these ``legal`` moves: (discarder, tile id)."""
        return None

    def claims_resolving(self, mahjongs: Sequence[int], best: Action | None, events: list[Event]) -> bool:
        """The claim window is being resolved (``mahjongs``: who claimed Mah-Jongg, ``best`` the
        claim that takes the tile); whether this rule ended the hand."""
        return False

    def declined(self, pending: Mapping[int, list[Action]], responses: Mapping[int, Action]) -> None:
        """A claim (or robbing) window closed with these options and answers."""

    def winners(self, mahjongs: list[int], first: int) -> list[int] | None:
        """Who wins on one discard several claimed Mah-Jongg on (None: leave it to others)."""
        return None

    def kong_claimed(self, seat: int, tile: int, events: list[Event]) -> bool:
        """``seat`` claimed a kong with the discard ``tile``; whether this rule opened a window."""
        return False

    # --- The end --------------------------------------------------------------------------------

    def flags(self, seat: int, flags: list[str]) -> None:
        """Add the circumstances of ``seat``'s win that this rule makes (``flags``)."""

    def declarers(self) -> list[int]:
        """Seats this rule makes declarers in the settlement (western play: riichi)."""
        return []

    def settle_win(
        self,
        winners: Sequence[int],
        scores: Sequence[Score | None],
        values: Sequence[int],
        transfers: list[Transfer],
    ) -> list[Transfer]:
        """The payments of a won hand with this rule's part (instead or besides)."""
        return transfers

    def keeps(self, stake: Stake) -> bool | None:
        """Whether a stake stays in the centre after a drawn hand (None: not this rule's stake)."""
        return None

    # --- The view ---------------------------------------------------------------------------------

    def shown(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` has declared under this rule, as the view shows it."""
        return ()


HOOKS: Final = (
    "dealt",
    "begin",
    "set_aside",
    "drew",
    "tiles_aside",
    "pauses",
    "old_line",
    "discarding",
    "discard_turned",
    "may_meld",
    "may_chow",
    "first_go_around",
    "may_win_on_discard",
    "restricted",
    "held_back",
    "window_closing",
    "passed_on",
    "options_after_draw",
    "acting",
    "open_discard",
    "claims_resolving",
    "declined",
    "winners",
    "kong_claimed",
    "flags",
    "declarers",
    "settle_win",
    "keeps",
    "shown",
    "candidates",
    "judge",
)
"""The hooks of :class:`~engine.features.base.Feature` the deal calls."""


def hooked(features: Sequence[Feature], hook: str) -> tuple[Feature, ...]:
    """The features that override ``hook``: the only ones the deal calls at that point."""
    default = getattr(Feature, hook)
    return tuple(f for f in features if getattr(type(f), hook) is not default)


def feature_names(features: Sequence[type[Feature]]) -> tuple[str, ...]:
    """The names of feature classes, in order."""
    return tuple(f.name for f in features)
