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
from dataclasses import dataclass
from typing import Final

from engine.errors import SettingError, quote
from engine.scoring.facts import CHOW, KONG, PONG, Facts
from engine.scoring.patterns import NONE, ONCE, Pattern
from engine.scoring.tables import Item
from engine.tiles import HONOUR_START

SUITS: Final = "mps"
"""The fixed suit letters, in tile order (characters, circles, bamboo)."""
VARIABLES: Final = "abc"
"""Letters that stand for some suit the hand chooses."""
OPTIONS: Final = ("concealed", "or-count", "pot")
"""The options a hand may carry after its value."""
MAX_NAME: Final = 40
"""The longest name a special hand may have."""
MAX_VALUE: Final = 100000
"""The highest fixed value."""
MAX_HANDS: Final = 20
"""How many special hands a club may define."""

_KINDS: Final = {2: "pair", 3: "pong", 4: "kong"}
_EXAMPLE: Final = "like 22 666 555 999 777"
_GROUP_HELP: Final = (
    "a group is 2 to 4 ranks (1-9, or x for any rank) and a suit letter: "
    "m, p, s, z (honours 1-7) or a, b, c (some suit; none means a), like 22, 666s, 345a, xxxz"
)


@dataclass(frozen=True, slots=True)
class Group:
    """One set or the pair of a special hand: ``kind`` is ``pair``, ``pong``, ``kong`` or
    ``chow``; ``rank`` the (lowest) rank 1-9, or 0 for any rank; ``suit`` one of ``m p s z``
    or a variable ``a b c``."""

    kind: str
    rank: int
    suit: str

    def __str__(self) -> str:
        if self.kind == "chow":
            body = "".join(str(self.rank + i) for i in range(3))
        else:
            size = {"pair": 2, "pong": 3, "kong": 4}[self.kind]
            body = (str(self.rank) if self.rank else "x") * size
        return body + (self.suit if self.suit != "a" else "")

    @classmethod
    def parse(cls, text: str, where: str) -> Group:
        """Read one group (``22``, ``666s``, ``345a``, ``xxxz``).

        :raises SettingError: saying what is wrong and what a group is.
        """
        body, suit = (text[:-1], text[-1]) if text[-1:].isalpha() and text[-1:] != "x" else (text, "a")
        if suit not in SUITS + "z" + VARIABLES:
            raise SettingError(f"{where}: {quote(text)} has the suit letter {suit!r}; {_GROUP_HELP}")
        if not body or any(ch not in "123456789x" for ch in body):
            raise SettingError(f"{where}: {quote(text)} is not a group; {_GROUP_HELP}")
        if len(body) not in (2, 3, 4):
            raise SettingError(f"{where}: {quote(text)} has {len(body)} ranks; {_GROUP_HELP}")
        top = 7 if suit == "z" else 9
        if len(set(body)) == 1:
            rank = 0 if body[0] == "x" else int(body[0])
            if rank > top:
                raise SettingError(f"{where}: {quote(text)}: honours run 1z to 7z")
            return cls(_KINDS[len(body)], rank, suit)
        if len(body) == 3 and "x" not in body and suit != "z":
            first = int(body[0])
            if body == f"{first}{first + 1}{first + 2}":
                return cls("chow", first, suit)
        raise SettingError(
            f"{where}: {quote(text)} is neither a pair, pong or kong of one rank nor a chow of "
            f"three rising ranks in a suit; {_GROUP_HELP}"
        )


@dataclass(frozen=True, slots=True)
class SpecialHand:
    """A club's special hand: its name, its five groups (four sets and the pair), its value
    (``0`` for the limit) and options. ``str`` writes it in the notation; it reads back equal."""

    name: str
    groups: tuple[Group, ...]
    value: int
    concealed: bool = False
    or_count: bool = False
    pot: bool = False

    def __str__(self) -> str:
        value = str(self.value) if self.value else "limit"
        flags = (("concealed", self.concealed), ("or-count", self.or_count), ("pot", self.pot))
        options = "".join(f" /{word}" for word, on in flags if on)
        return f"{self.name}: {' '.join(str(g) for g in self.groups)} = {value}{options}"


def parse_special_hand(text: str) -> SpecialHand:
    """Read one special hand (``Club-Hand: 22 666 555 999 777 = 3000``).

    >>> parse_special_hand("Club-Hand: 22 666 555 999 777 = 3000").value
    3000
    >>> parse_special_hand("Club-Hand 22 666 555 999 777 = 3000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.SettingError: special hand 'Club-Hand 22 666 555 999 777 = 3000' has no name: ...

    :raises SettingError: saying what is wrong and what is accepted.
    """
    text = text.strip()
    name, colon, rest = text.partition(":")
    name = name.strip()
    if not colon or not name:
        raise SettingError(
            f"special hand {quote(text)} has no name: write NAME: GROUPS = VALUE, "
            "like Club-Hand: 22 666 555 999 777 = 3000"
        )
    where = f"special hand {quote(name)}"
    if len(name) > MAX_NAME or any(ch in name for ch in "=/;") or not name.isprintable():
        raise SettingError(f"{where}: a name is 1 to {MAX_NAME} printable characters without = / ; or :")
    pattern, equals, tail = rest.partition("=")
    if not equals:
        raise SettingError(f"{where} has no value: end it with = 3000 (points) or = limit")
    words = tail.split()
    if not words:
        raise SettingError(f"{where}: after = comes the value, a whole number or limit")
    value_text, option_words = words[0], words[1:]
    if value_text.lower() == "limit":
        value = 0
    elif value_text.isascii() and value_text.isdigit() and len(value_text) <= 6:
        value = int(value_text)
        if not 1 <= value <= MAX_VALUE:
            raise SettingError(f"{where}: the value is a whole number from 1 to {MAX_VALUE}, or limit")
    else:
        raise SettingError(
            f"{where}: the value {quote(value_text)} is not a whole number from 1 to {MAX_VALUE} or limit"
        )
    options: set[str] = set()
    for word in option_words:
        option = word.removeprefix("/").lower()
        if not word.startswith("/") or option not in OPTIONS:
            raise SettingError(f"{where}: {quote(word)} is not an option; options are /{' /'.join(OPTIONS)}")
        options.add(option)
    groups = parse_groups(pattern, where)
    return SpecialHand(name, groups, value, "concealed" in options, "or-count" in options, "pot" in options)


def parse_groups(text: str, where: str = "the hand") -> tuple[Group, ...]:
    """Read the five groups of a special hand (``22 666 555 999 777``), checked: four sets and a
    pair that need no fifth tile of a kind. ``where`` names the hand in error messages.

    >>> " ".join(str(g) for g in parse_groups("22m 666m 555m 999m 777m"))
    '22m 666m 555m 999m 777m'

    :raises SettingError: saying what is wrong and what is accepted.
    """
    groups = tuple(Group.parse(part, where) for part in text.split())
    _check(groups, where)
    return groups


def _check(groups: tuple[Group, ...], where: str) -> None:
    """Refuse groups that are not four sets and a pair, or that need a fifth tile.

    :raises SettingError: saying what is wrong.
    """
    pairs = sum(1 for g in groups if g.kind == "pair")
    if len(groups) != 5 or pairs != 1:
        got = (
            f"{len(groups)} group{'s' if len(groups) != 1 else ''}"
            if len(groups) != 5
            else f"{pairs} pair{'s' if pairs != 1 else ''}"
        )
        raise SettingError(f"{where}: it has {got}; a special hand is four sets and a pair, {_EXAMPLE}")
    used: dict[tuple[str, int], int] = {}
    for g in groups:
        if not g.rank:
            continue
        ranks = [g.rank, g.rank + 1, g.rank + 2] if g.kind == "chow" else [g.rank] * _size(g)
        for r in ranks:
            used[(g.suit, r)] = used.get((g.suit, r), 0) + 1
    for (suit, rank), n in used.items():
        if n > 4:
            raise SettingError(f"{where}: it needs {n} tiles {rank}{suit}; there are 4 of each tile")


def _size(group: Group) -> int:
    return {"pair": 2, "pong": 3, "kong": 4, "chow": 3}[group.kind]


def parse_special_hands(text: str) -> tuple[SpecialHand, ...]:
    """Read a club's special hands: one per line, or separated by ``;``; blank lines are skipped.

    >>> len(parse_special_hands("A: 22 666 555 999 777 = 3000; B: xx 111z 222z 333z 444z = limit"))
    2
    >>> parse_special_hands("")
    ()

    :raises SettingError: for a hand that cannot be read (naming it and what is accepted), two
        hands of one name, or more than :data:`MAX_HANDS` hands.
    """
    parts = [part.strip() for line in text.splitlines() for part in line.split(";")]
    hands = tuple(parse_special_hand(part) for part in parts if part)
    names = [h.name.casefold() for h in hands]
    for name, hand in zip(names, hands, strict=True):
        if names.count(name) > 1:
            raise SettingError(
                f"special hand {quote(hand.name)} is defined twice; give each hand its own name"
            )
    if len(hands) > MAX_HANDS:
        raise SettingError(f"{len(hands)} special hands; a club may define up to {MAX_HANDS}")
    return hands


def canonical(text: str) -> str:
    """``text`` checked and written back in the notation (hands separated by ``; ``): how the
    setting is stored.

    >>> canonical("  Club :  22   666 555 999 777 =3000 ")
    'Club: 22 666 555 999 777 = 3000'

    :raises SettingError: as :func:`parse_special_hands`.
    """
    return "; ".join(str(h) for h in parse_special_hands(text))


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
            raise SettingError(f"special hand {quote(hand.name)} is worth the limit, but there is no limit")
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
