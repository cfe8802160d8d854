"""The notation of a club's special hands and of the club hand's pattern (the settings
``special_hands`` and ``club_hand_pattern``): reading, checking and writing it back.

How a hand is written is told in :mod:`engine.scoring.special_hands`, which matches the hands
read here. The notation is read by the settings as they are checked, so it depends on nothing
of the scorer (which reads the settings).

>>> [str(h) for h in parse_special_hands("Club-Hand: 22 666 555 999 777 = 3000")]
['Club-Hand: 22 666 555 999 777 = 3000']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import SettingError, quote

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
            raise SettingError(
                f"{where}: {quote(text)} has the suit letter {suit!r}; {_GROUP_HELP}",
                "group_suit",
                text=text,
                char_text=suit,
            )
        if not body or any(ch not in "123456789x" for ch in body):
            raise SettingError(
                f"{where}: {quote(text)} is not a group; {_GROUP_HELP}", "not_a_group", text=text
            )
        if len(body) not in (2, 3, 4):
            raise SettingError(
                f"{where}: {quote(text)} has {len(body)} ranks; {_GROUP_HELP}",
                "group_ranks",
                text=text,
                count=len(body),
            )
        top = 7 if suit == "z" else 9
        if len(set(body)) == 1:
            rank = 0 if body[0] == "x" else int(body[0])
            if rank > top:
                raise SettingError(
                    f"{where}: {quote(text)}: honours run 1z to 7z", "group_honour_rank", text=text
                )
            return cls(_KINDS[len(body)], rank, suit)
        if len(body) == 3 and "x" not in body and suit != "z":
            first = int(body[0])
            if body == f"{first}{first + 1}{first + 2}":
                return cls("chow", first, suit)
        raise SettingError(
            f"{where}: {quote(text)} is neither a pair, pong or kong of one rank nor a chow of "
            f"three rising ranks in a suit; {_GROUP_HELP}",
            "group_shape",
            text=text,
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
            "like Club-Hand: 22 666 555 999 777 = 3000",
            "special_no_name",
            text=text,
        )
    where = f"special hand {quote(name)}"
    if len(name) > MAX_NAME or any(ch in name for ch in "=/;") or not name.isprintable():
        raise SettingError(
            f"{where}: a name is 1 to {MAX_NAME} printable characters without = / ; or :",
            "special_name",
            text=name,
            most=MAX_NAME,
        )
    pattern, equals, tail = rest.partition("=")
    if not equals:
        raise SettingError(
            f"{where} has no value: end it with = 3000 (points) or = limit",
            "special_no_value",
            name_text=name,
        )
    words = tail.split()
    if not words:
        raise SettingError(
            f"{where}: after = comes the value, a whole number or limit", "special_no_value", name_text=name
        )
    value_text, option_words = words[0], words[1:]
    if value_text.lower() == "limit":
        value = 0
    elif value_text.isascii() and value_text.isdigit() and len(value_text) <= 6:
        value = int(value_text)
        if not 1 <= value <= MAX_VALUE:
            raise SettingError(
                f"{where}: the value is a whole number from 1 to {MAX_VALUE}, or limit",
                "special_value",
                name_text=name,
                text=value_text,
                most=MAX_VALUE,
            )
    else:
        raise SettingError(
            f"{where}: the value {quote(value_text)} is not a whole number from 1 to {MAX_VALUE} or limit",
            "special_value",
            name_text=name,
            text=value_text,
            most=MAX_VALUE,
        )
    options: set[str] = set()
    for word in option_words:
        option = word.removeprefix("/").lower()
        if not word.startswith("/") or option not in OPTIONS:
            raise SettingError(
                f"{where}: {quote(word)} is not an option; options are /{' /'.join(OPTIONS)}",
                "special_option",
                name_text=name,
                text=word,
            )
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
        raise SettingError(
            f"{where}: it has {got}; a special hand is four sets and a pair, {_EXAMPLE}",
            "special_groups" if len(groups) != 5 else "special_pairs",
            count=len(groups) if len(groups) != 5 else pairs,
        )
    used: dict[tuple[str, int], int] = {}
    for g in groups:
        if not g.rank:
            continue
        ranks = [g.rank, g.rank + 1, g.rank + 2] if g.kind == "chow" else [g.rank] * _size(g)
        for r in ranks:
            used[(g.suit, r)] = used.get((g.suit, r), 0) + 1
    for (suit, rank), n in used.items():
        if n > 4:
            raise SettingError(
                f"{where}: it needs {n} tiles {rank}{suit}; there are 4 of each tile",
                "special_fifth_tile",
                count=n,
                group_text=f"{rank}{suit}",
            )


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
                f"special hand {quote(hand.name)} is defined twice; give each hand its own name",
                "special_twice",
                name_text=hand.name,
            )
    if len(hands) > MAX_HANDS:
        raise SettingError(
            f"{len(hands)} special hands; a club may define up to {MAX_HANDS}",
            "special_too_many",
            count=len(hands),
            most=MAX_HANDS,
        )
    return hands


def canonical(text: str) -> str:
    """``text`` checked and written back in the notation (hands separated by ``; ``): how the
    setting is stored.

    >>> canonical("  Club :  22   666 555 999 777 =3000 ")
    'Club: 22 666 555 999 777 = 3000'

    :raises SettingError: as :func:`parse_special_hands`.
    """
    return "; ".join(str(h) for h in parse_special_hands(text))
