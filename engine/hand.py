"""Melds and hands, with a notation that round-trips.

A hand string is whitespace-separated parts:

* plain tiles are the **concealed** tiles (the scorer arranges them):
  ``123m 55p EEE``;
* ``[555p]``, ``[345s]``, ``[5555p]`` are **exposed** (claimed) pong, chow
  and kong;
* ``(7777s)`` is a **declared concealed kong** (shown with its outer tiles
  face down);
* bonus tiles (``1f``-``8f``) may stand anywhere outside brackets;
* ``{66z}`` are playing tiles **laid out** beside the hand like bonus tiles:
  jiangxi's Fa (``6z``, RULES.md §1.5), which belong to no set (a ruleset
  names the kinds it lays out in ``Ruleset.lucky``; the scorer refuses others).
  They are kept in :attr:`Hand.bonus` with the flowers.

>>> hand = Hand.parse("234m 777z [555s] [678p] 9p 1f")
>>> str(hand)
'234m9p777z [678p] [555s] 1f'
>>> Hand.parse(str(hand)) == hand
True
>>> hand.tile_count
13
>>> fa = Hand.parse("123s 456m 888p 345p 77s {66z}")
>>> str(fa), fa.tile_count, Hand.parse(str(fa)) == fa
('456m345888p12377s {66z}', 14, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from engine.errors import InvalidHandError, NotationError, quote
from engine.tiles import (
    HONOUR_START,
    N_KINDS,
    TILES,
    Tile,
    counts_of,
    parse_tiles,
    sorted_tiles,
    tiles_str,
)


class MeldKind(IntEnum):
    """What a group of tiles is. Chows, pongs and kongs are *sets*."""

    CHOW = 0
    PONG = 1
    KONG = 2
    PAIR = 3


_MELD_WORDS: Final = ("chow", "pong", "kong", "pair")


@dataclass(frozen=True, slots=True, order=True)
class Meld:
    """A chow, pong, kong or pair: its kind, its (lowest) tile, and whether concealed.

    In a :class:`Hand`, melds are the *declared* groups: exposed chows, pongs
    and kongs, and declared concealed kongs. The scorer also builds concealed
    melds and pairs from the concealed tiles.

    >>> Meld.parse("[345s]")
    Meld.parse('[345s]')
    >>> Meld.parse("(7777s)").concealed, str(Meld(MeldKind.PONG, Tile.parse("1z"), True))
    (True, '111z')
    """

    kind: MeldKind
    tile: Tile
    concealed: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the meld (a kong has four)."""
        t = self.tile
        if self.kind == MeldKind.CHOW:
            return (t, TILES[t + 1], TILES[t + 2])
        return (t,) * (4 if self.kind == MeldKind.KONG else 3 if self.kind == MeldKind.PONG else 2)

    @property
    def is_set(self) -> bool:
        """A chow, pong or kong (not a pair)."""
        return self.kind != MeldKind.PAIR

    @property
    def word(self) -> str:
        """``'chow'``, ``'pong'``, ``'kong'`` or ``'pair'``."""
        return _MELD_WORDS[self.kind]

    def __str__(self) -> str:
        body = tiles_str(self.tiles)
        if self.kind == MeldKind.KONG and self.concealed:
            return f"({body})"
        if self.concealed or self.kind == MeldKind.PAIR:
            return body
        return f"[{body}]"

    def __repr__(self) -> str:
        return f"Meld.parse('{self}')"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read ``[555p]``, ``[345s]``, ``[5555p]`` (exposed) or ``(7777s)`` (concealed kong).

        :raises NotationError: if the brackets or tiles cannot be read.
        :raises InvalidHandError: if the tiles are no meld.
        """
        text = text.strip()
        if len(text) >= 2 and text[0] == "[" and text[-1] == "]":
            concealed = False
        elif len(text) >= 2 and text[0] == "(" and text[-1] == ")":
            concealed = True
        else:
            raise NotationError(
                f"{quote(text)} is not a meld: write an exposed meld in brackets, like [555p], "
                "[345s] or [5555p], or a declared concealed kong in parentheses, like (7777s)",
                "meld_brackets",
                text=text,
            )
        tiles = parse_tiles(text[1:-1])
        return cls.from_tiles(tiles, concealed=concealed, source=text)

    @classmethod
    def from_tiles(cls, tiles: list[Tile], *, concealed: bool, source: str = "") -> Meld:
        """The meld made of exactly these tiles (any order).

        :raises InvalidHandError: if the tiles form no chow, pong or kong.
        """
        source = source or tiles_str(tiles)
        if any(t.is_bonus for t in tiles):
            raise InvalidHandError(
                f"{quote(source)}: bonus tiles (1f-8f) are never part of a meld; write them on their own",
                "bonus_in_meld",
                text=source,
            )
        ts = sorted(tiles)
        kinds = set(ts)
        if concealed:
            if len(ts) == 4 and len(kinds) == 1:
                return cls(MeldKind.KONG, TILES[ts[0]], True)
            raise InvalidHandError(
                f"{quote(source)} is not a concealed kong: parentheses hold four identical tiles, "
                "like (7777s); write other concealed tiles without brackets",
                "not_concealed_kong",
                text=source,
            )
        if len(kinds) == 1 and len(ts) in (3, 4):
            return cls(MeldKind.PONG if len(ts) == 3 else MeldKind.KONG, TILES[ts[0]])
        if len(ts) == 3 and len(kinds) == 3:
            a, b, c = ts
            if a >= HONOUR_START:
                raise InvalidHandError(
                    f"{quote(source)} is not a meld: honours make no chow; a chow is three "
                    "consecutive tiles of one suit, like [345s]",
                    "honour_chow",
                    text=source,
                )
            if b == a + 1 and c == a + 2 and a // 9 == c // 9:
                return cls(MeldKind.CHOW, TILES[a])
        raise InvalidHandError(
            f"{quote(source)} is not a meld: brackets hold a pong [555p], a chow of three "
            "consecutive tiles of one suit [345s], or a kong [5555p]",
            "not_a_meld",
            text=source,
        )


def _meld_order(meld: Meld) -> tuple[int, int, bool]:
    return (meld.tile, meld.kind, meld.concealed)


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's tiles: concealed tiles, declared melds and bonus tiles (with any playing
    tiles laid out like them, written ``{6z}``).

    All three are kept in canonical order, so two hands with the same tiles
    are equal however they were written.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    kind_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", sorted_tiles(self.concealed))
        object.__setattr__(self, "melds", tuple(sorted(self.melds, key=_meld_order)))
        object.__setattr__(self, "bonus", sorted_tiles(self.bonus))
        tiles: list[Tile] = list(self.concealed) + list(self.bonus)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        object.__setattr__(self, "kind_counts", tuple(counts_of(tiles)))
        self.validate()

    @property
    def tile_count(self) -> int:
        """Tiles in play, a kong counting as three: 13 for a waiting hand, 14 to win."""
        return len(self.concealed) + 3 * len(self.melds)

    def counts(self) -> list[int]:
        """How many of each of the 42 kinds the hand holds, melds and bonus tiles included."""
        return list(self.kind_counts)

    def completions(self) -> Iterator[tuple[Tile, Hand]]:
        """Each playing tile of which the hand holds fewer than four, and the hand with one more
        of it among the concealed tiles (what a hand one tile short may be completed by).

        >>> ways = list(Hand.parse("1111222333m 445p").completions())
        >>> [str(t) for t, _ in ways][:3], len(ways), ways[0][1].tile_count
        (['2m', '3m', '4m'], 33, 14)
        """
        counts = self.counts()
        for kind in range(N_KINDS):
            if counts[kind] < 4:
                tile = TILES[kind]
                yield tile, Hand((*self.concealed, tile), self.melds, self.bonus)

    def validate(self) -> None:
        """Check that the hand could exist in one tile set.

        :raises InvalidHandError: for a fifth copy of a tile, a second copy of a
            bonus tile, a bonus tile among concealed tiles, or more than 14 tiles.
        """
        for t in self.concealed:
            if t.is_bonus:
                raise InvalidHandError(
                    f"{t} is a bonus tile; keep bonus tiles in Hand.bonus", "bonus_concealed", tile=str(t)
                )
        counts = self.counts()
        for kind in range(N_KINDS):
            if counts[kind] > 4:
                raise InvalidHandError(
                    f"the hand holds {counts[kind]} tiles {TILES[kind]}; a set has only four of each",
                    "fifth_tile",
                    count=counts[kind],
                    tile=str(TILES[kind]),
                )
        for kind in range(N_KINDS, len(counts)):
            if counts[kind] > 1:
                raise InvalidHandError(
                    f"the hand holds {counts[kind]} tiles {TILES[kind]}; each bonus tile exists once",
                    "bonus_twice",
                    count=counts[kind],
                    tile=str(TILES[kind]),
                )
        if self.tile_count > 14:
            raise InvalidHandError(
                f"the hand has {self.tile_count} tiles (a kong counting as 3); "
                "a hand has at most 14, bonus tiles not counted",
                "too_many_tiles",
                count=self.tile_count,
            )
        if self.tile_count == 0 and not self.bonus:
            raise InvalidHandError("the hand has no tiles", "hand_empty")

    def __str__(self) -> str:
        parts = []
        if self.concealed:
            parts.append(tiles_str(self.concealed))
        parts.extend(str(m) for m in self.melds)
        laid_out = [t for t in self.bonus if not t.is_bonus]
        if laid_out:
            parts.append("{" + tiles_str(laid_out) + "}")
        flowers = [t for t in self.bonus if t.is_bonus]
        if flowers:
            parts.append(tiles_str(flowers))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Hand.parse('{self}')"

    @classmethod
    def parse(cls, text: str, *, laid_out: tuple[int, ...] = ()) -> Hand:
        """Read a hand string (see the module docstring for the notation).

        >>> Hand.parse("EEE [1111m] (5555z) 2f 99s").melds
        (Meld.parse('[1111m]'), Meld.parse('(5555z)'))

        ``laid_out`` names kinds that are always laid out beside the hand, never held (a
        ruleset's ``lucky`` tiles: jiangxi's Fa): such a tile written without braces is read
        as laid out, as ``{6z}`` would be.

        >>> str(Hand.parse("123s 456m 888p 345p 77s 6z", laid_out=(32,)))
        '456m345888p12377s {6z}'

        :raises NotationError: for characters or brackets that cannot be read.
        :raises InvalidHandError: for a hand that cannot exist.
        """
        concealed: list[Tile] = []
        bonus: list[Tile] = []
        melds: list[Meld] = []
        parts = text.split()
        if not parts:
            raise NotationError(
                "the hand is empty; write tiles like '123m 456p 789s EEE 55z' "
                "with exposed melds in brackets, e.g. [555p]",
                "hand_empty",
            )
        for part in parts:
            if part[0] == "{":
                if part[-1] != "}" or len(part) < 3 or any(ch in part[1:-1] for ch in "[](){}"):
                    raise NotationError(
                        f"{quote(part)}: write tiles laid out beside the hand in braces, like {{66z}}, "
                        "separated from other parts by spaces",
                        "braces",
                        text=part,
                    )
                bonus.extend(parse_tiles(part[1:-1]))
                continue
            if part[0] in "[(":
                close = "]" if part[0] == "[" else ")"
                if part[-1] != close:
                    raise NotationError(
                        f"{quote(part)} has no closing {close!r}; write melds like [555p] or (7777s), "
                        "separated from other parts by spaces",
                        "no_closing_bracket",
                        text=part,
                        bracket_text=close,
                    )
                if any(ch in part[1:-1] for ch in "[](){}"):
                    raise NotationError(
                        f"{quote(part)}: put a space between two melds, like '[555p] [678s]'",
                        "melds_touch",
                        text=part,
                    )
                melds.append(Meld.parse(part))
                continue
            if any(ch in part for ch in "[](){}"):
                raise NotationError(
                    f"{quote(part)}: brackets must enclose a whole part, separated by spaces, "
                    "like '123m [555p]'",
                    "bracket_inside",
                    text=part,
                )
            for t in parse_tiles(part):
                (bonus if t.is_bonus or t in laid_out else concealed).append(t)
        return cls(tuple(concealed), tuple(melds), tuple(bonus))
