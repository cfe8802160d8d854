"""A club's own special hands, as data: a name, a pattern of sets in a small notation, a value.

A club writes each hand on one line (or several hands on one line, separated
by ``;``)::

    NAME: GROUP GROUP GROUP GROUP GROUP = VALUE [/concealed] [/or-count]

* **NAME** is what the score sheet shows (1 to 40 characters, no ``:``, ``;``,
  ``=`` or ``/``).
* **GROUP** is one set or the pair: its ranks, then a suit letter.

  - Ranks: ``22`` is a pair of 2, ``666`` a pong of 6 (a kong of 6 fits too),
    ``6666`` a kong of 6 only, ``345`` a chow. ``x`` is any rank: ``xxx`` is
    any pong, ``xx`` any pair (each group's ``x`` is chosen on its own).
  - Suit letter: ``m`` (characters), ``p`` (circles) or ``s`` (bamboo) is
    that suit; ``z`` is the honours, ranked as in the tile notation
    (``1z``-``4z`` East, South, West, North; ``5z``-``7z`` white, green, red
    dragon); ``a``, ``b`` or ``c`` is *some* suit, chosen by the hand.
    A group without a letter is of suit ``a``. One letter is one suit
    throughout the hand; different letters are different suits.

  A hand is four sets and a pair, in any order; the scorer may find them in
  any order in the player's hand, and any set may be exposed (claimed)
  unless the hand says ``/concealed``.
* **VALUE** is a whole number of points from 1 to 100000, or ``limit``. A
  number is a fixed value: the hand is paid it and is not counted (RULES.md
  §2.4.8: the club hand "wird ... nicht ausgezählt"), and it is neither
  scaled nor capped; it stands even where the same tiles also make a limit hand
  or a higher count in another arrangement (A-RU-09, A-RU-25: never counted).
  ``limit`` makes it a limit hand (worth the ruleset's limit, capped as one).
* ``/concealed``: no set may be claimed from a discard (a set completed by a
  winning discard is exposed, rule 15).
* ``/or-count``: the hand is paid its count where the count is higher (the
  player's choice of rule 16, A-RU-25), and as a limit hand where the same
  tiles make one.
* ``/pot``: the hand is the club's "Pot" (rule 20, card No. 30): when East
  makes it, every other player pays him as the setting ``pot_reading`` says
  (A-RU-10) instead of its value.

The Rumisberg club hand ("26.5.97", rule 5, A-RU-09) in this notation is::

    Club-Hand: 22 666 555 999 777 = 3000

>>> [str(h) for h in parse_special_hands("Club-Hand: 22 666 555 999 777 = 3000")]
['Club-Hand: 22 666 555 999 777 = 3000']
>>> str(parse_special_hands("Grüne Jade: 666z xxxs xxxs xxxs xxs = limit /concealed")[0])
'Grüne Jade: 666z xxxs xxxs xxxs xxs = limit /concealed'
>>> parse_special_hands("Drachen: 555z 666z 777z = 5000")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.SettingError: special hand 'Drachen': it has 3 groups; a special hand is four sets ...

Matching a hand:

>>> from engine.hand import Hand
>>> from engine.scoring import WinContext, score
>>> club = special_items(parse_special_hands("Club: 22 666 555 999 777 = 3000"), limit=500)
>>> club[0].code, club[0].fixed, club[0].pattern.title
('SH1', 3000, 'Club')
>>> from engine.scoring.facts import Facts, HandSummary
>>> def arranged(sets, pair):  # a winning arrangement as the scorer builds it
...     summary = HandSummary(WinContext(), [0] * 34, (), ())
...     return Facts(summary, winner=True, shape="standard", sets=sets, pair=pair)
>>> pattern = club[0].pattern
>>> pattern.match(arranged([(1, 5, False), (1, 4, False), (1, 8, True), (1, 6, True)], 1))  # 6m 5m 9m 7m 2m
('',)
>>> pattern.match(arranged([(1, 5, False), (1, 4, False), (1, 8, True), (1, 6, True)], 10))  # pair 2p
()
"""

from __future__ import annotations

import itertools

from engine.errors import SettingError, quote
from engine.scoring.facts import CHOW, KONG, PONG, Facts
from engine.scoring.patterns import NONE, ONCE, Pattern
from engine.scoring.tables import Item
from engine.special_notation import (  # the notation, read by the settings too
    SUITS,
    Group,
    SpecialHand,
    canonical,
    parse_groups,
    parse_special_hand,
    parse_special_hands,
)
from engine.tiles import HONOUR_START


class SpecialHandPattern(Pattern):
    """A winning hand whose four sets and pair are a special hand's groups, in any order.

    A pong group takes a pong or a kong, a kong group only a kong; a suit letter
    binds one suit for the whole hand, and different letters bind different suits.
    """

    def __init__(self, hand: SpecialHand) -> None:
        self.hand = hand
        self.pair = next(g for g in hand.groups if g.kind == "pair")
        self.sets = tuple(g for g in hand.groups if g.kind != "pair")
        self.fixed_suits = frozenset(SUITS.index(g.suit) for g in hand.groups if g.suit in SUITS)

    @property
    def title(self) -> str:
        return self.hand.name

    def match(self, f: Facts) -> tuple[str, ...]:
        if f.shape != "standard" or f.pair < 0 or len(f.sets) != 4:
            return NONE
        if self.hand.concealed and not all(concealed for _, _, concealed in f.sets):
            return NONE
        taken = self.fixed_suits
        bound = _bind(self.pair, f.pair, {}, taken)
        if bound is None:
            return NONE
        for order in itertools.permutations(f.sets):
            suits: dict[str, int] | None = bound
            for group, (kind, tile, _) in zip(self.sets, order, strict=True):
                if suits is None or not _kind_fits(group.kind, kind):
                    suits = None
                    break
                suits = _bind(group, tile, suits, taken)
            if suits is not None:
                return ONCE
        return NONE


def _kind_fits(group_kind: str, kind: int) -> bool:
    if group_kind == "chow":
        return kind == CHOW
    if group_kind == "kong":
        return kind == KONG
    return kind in (PONG, KONG)


def _bind(group: Group, tile: int, suits: dict[str, int], taken: frozenset[int]) -> dict[str, int] | None:
    """The binding of suit variables to suits extended so that ``group`` describes the group
    starting at ``tile``, or None where it cannot: a variable is bound to a suit no other
    letter of the hand names (``taken``: the hand's fixed suits). Suits are numbered 0-2
    (m, p, s) and 3 for honours."""
    if tile >= HONOUR_START:
        suit, rank = 3, tile - HONOUR_START + 1
    else:
        suit, rank = tile // 9, tile % 9 + 1
    if group.rank and group.rank != rank:
        return None
    if group.suit == "z" or group.suit in SUITS:
        return suits if suit == ("mpsz".index(group.suit)) else None
    if suit == 3:
        return None
    known = suits.get(group.suit)
    if known is not None:
        return suits if known == suit else None
    if suit in taken or suit in suits.values():
        return None
    return {**suits, group.suit: suit}


def special_items(hands: tuple[SpecialHand, ...], *, limit: int | None) -> list[Item]:
    """The scoring items of a club's special hands (codes ``SH1``, ``SH2`` ... in order), for
    the winner: a fixed value that overrides the count, or a limit hand.

    :raises SettingError: for a hand worth the limit in a table without one (``limit`` None).
    """
    items = []
    for n, hand in enumerate(hands, 1):
        pattern = SpecialHandPattern(hand)
        if hand.value:
            items.append(Item(f"SH{n}", pattern, fixed=hand.value, winner_only=True, or_better=hand.or_count))
        elif limit is None:
            raise SettingError(
                f"special hand {quote(hand.name)} is worth the limit, but there is no limit",
                "special_no_limit",
                name_text=hand.name,
            )
        else:
            items.append(Item(f"SH{n}", pattern, limit=1.0, winner_only=True, or_better=hand.or_count))
    return items


__all__ = [
    "Group",
    "SpecialHand",
    "SpecialHandPattern",
    "canonical",
    "parse_groups",
    "parse_special_hand",
    "parse_special_hands",
    "special_items",
]
