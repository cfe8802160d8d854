"""The ``/score`` hand builder's state: tiles picked one by one, the last ones marked as a
declared set, the winning tile, how it came, the winds. Pure (no discord), immutable, and
written into a few dozen characters (:meth:`Builder.encode`) that every button and select of
the builder card carries in its custom_id, so a card goes on after a restart without
storage.

Tiles are kept in the order they were picked (``parts``): a part is one tile, or a set the
last tiles picked were marked as. So **Undo** takes back the last step: a mark (its tiles
are loose again) or a tile.

>>> b = Builder().add([Tile.parse(t) for t in ("5s", "5s", "5s")]).mark("pong")
>>> b = b.add([Tile.parse(t) for t in ("2m", "3m", "4m", "7z", "7z", "7z", "9p", "9p")])
>>> b.hand_text(), b.count
('234m99p777z [555s]', 11)
>>> Builder.decode(b.encode()) == b, b.undo().hand_text()
(True, '234m9p777z [555s]')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Final

from engine.rulesets import RULESETS
from engine.scoring.facts import bonus_str
from engine.tiles import Tile, sorted_tiles, tiles_str

ALPHABET: Final = "0123456789abcdefghijklmnopqrstuvwxyzUVWXYZ"
"""One character per tile kind (0-41: the 34 playing kinds, then the 8 bonus tiles)."""
MARKS: Final = {"pong": "P", "chow": "C", "kong": "K", "concealed_kong": "Q"}
"""A declared set's letter in the encoding, by the builder's name for it."""
SIZES: Final = {"pong": 3, "chow": 3, "kong": 4, "concealed_kong": 4}
"""How many of the last tiles picked each mark takes."""
HOWS: Final = {
    "d": ("discard", False, ""),
    "s": ("self_drawn", True, ""),
    "r": ("replacement", True, "replacement"),
    "l": ("last_tile", True, "last-tile"),
    "L": ("last_discard", False, "last-tile"),
    "k": ("robbing", False, "robbing-kong"),
}
"""How the winning tile came: code -> (name, self-drawn, flag of the scoring request)."""
SEATS: Final = "ESWN"
MAX_TILES: Final = 14
"""A complete hand: 14 tiles, a kong counting as 3."""


class BuilderError(ValueError):
    """A step the builder refuses; ``key`` names the catalogue message, ``values`` fill it in."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values


@dataclass(frozen=True, slots=True)
class Part:
    """One tile picked (``mark`` empty), or a declared set: ``tile`` is its lowest tile."""

    tile: Tile
    mark: str = ""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.mark == "chow":
            return tuple(Tile(self.tile + i) for i in range(3))
        return (self.tile,) * (SIZES[self.mark] if self.mark else 1)

    def notation(self) -> str:
        inner = tiles_str(self.tiles)
        return f"({inner})" if self.mark == "concealed_kong" else f"[{inner}]"


@dataclass(frozen=True, slots=True)
class Builder:
    """What the builder card shows: the ruleset, seat and prevailing wind (0-3, East first), how
    the winning tile came (a :data:`HOWS` code), the discarder's seat, the winning tile chosen
    (None: the last loose tile picked) and the tiles picked."""

    ruleset: str = "dmjl"
    seat: int = 0
    prevailing: int = 0
    how: str = "d"
    discarder: int | None = None
    win: Tile | None = None
    parts: tuple[Part, ...] = ()

    # --- the encoding -----------------------------------------------------------------------------

    def encode(self) -> str:
        """The state in at most 6 + 2 × 26 characters (letters, digits and ``-``).

        >>> Builder(seat=1, how="s", parts=(Part(Tile.parse("9p")),)).encode()
        '010s--h'
        """
        head = (
            f"{list(RULESETS).index(self.ruleset)}{self.seat}{self.prevailing}{self.how}"
            f"{'-' if self.discarder is None else self.discarder}"
            f"{'-' if self.win is None else ALPHABET[self.win]}"
        )
        return head + "".join(MARKS.get(p.mark, "") + ALPHABET[p.tile] for p in self.parts)

    @classmethod
    def decode(cls, text: str) -> Builder:
        """The state :meth:`encode` wrote.

        :raises BuilderError: ``builder_broken`` for text that is not such a state.
        """
        names = list(RULESETS)
        marks = {v: k for k, v in MARKS.items()}
        try:
            ruleset = names[int(text[0])]
            seat, prevailing = int(text[1]), int(text[2])
            how, disc, win = text[3], text[4], text[5]
            if seat > 3 or prevailing > 3 or how not in HOWS:
                raise ValueError(text)
            parts: list[Part] = []
            rest = iter(text[6:])
            for ch in rest:
                mark = marks.get(ch, "")
                tile = Tile(ALPHABET.index(next(rest) if mark else ch))
                parts.append(Part(tile, mark))
            built = cls(
                ruleset,
                seat,
                prevailing,
                how,
                None if disc == "-" else int(disc),
                None if win == "-" else Tile(ALPHABET.index(win)),
                tuple(parts),
            )
            built.check()
        except (ValueError, IndexError, StopIteration, BuilderError):
            raise BuilderError("builder_broken") from None
        return built

    def check(self) -> None:
        """:raises BuilderError: for a state no step of the builder makes."""
        counts = Counter(t for p in self.parts for t in p.tiles)
        if any(n > (1 if t.is_bonus else 4) for t, n in counts.items()):
            raise BuilderError("builder_broken")
        if self.discarder is not None and not 0 <= self.discarder <= 3:
            raise BuilderError("builder_broken")
        if self.win is not None and self.aside(self.win):
            raise BuilderError("builder_broken")
        for p in self.parts:
            if p.mark == "chow" and (not p.tile.is_suit or p.tile.rank > 7):
                raise BuilderError("builder_broken")

    # --- what it holds ----------------------------------------------------------------------------

    def aside(self, tile: Tile) -> bool:
        """Whether ``tile`` is set aside beside the hand: a bonus tile, or a tile the ruleset lays
        out like one (jiangxi's Fa, ``6z``); it belongs to no set and is never the winning tile.

        >>> Builder(ruleset="jiangxi").aside(Tile.parse("6z")), Builder().aside(Tile.parse("6z"))
        (True, False)
        """
        return tile.is_bonus or int(tile) in RULESETS[self.ruleset].lucky

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile picked, in order."""
        return tuple(t for p in self.parts for t in p.tiles)

    @property
    def count(self) -> int:
        """Playing tiles towards the 14 of a complete hand, a declared kong counting as 3."""
        return sum(min(3, len(p.tiles)) if p.mark else 1 for p in self.parts if not self.aside(p.tile))

    def hand_text(self) -> str:
        """The hand in notation, as ``/score hand:…`` takes it: loose tiles, declared sets,
        the tiles set aside (jiangxi's Fa in braces, ``{66z}``, then bonus tiles; ``""`` with
        no tiles).

        >>> Builder(ruleset="jiangxi").add([Tile.parse(t) for t in ("6z", "7s", "6z")]).hand_text()
        '7s {66z}'
        """
        loose = [p.tile for p in self.parts if not p.mark]
        playing = [t for t in loose if not self.aside(t)]
        words = [tiles_str(sorted_tiles(playing))] if playing else []
        words += [p.notation() for p in self.parts if p.mark]
        aside = [t for t in loose if self.aside(t)]
        if aside:
            words.append(bonus_str(aside))
        return " ".join(words)

    def playing_kinds(self) -> tuple[Tile, ...]:
        """The distinct playing tiles in the hand (the winning tile is one of them)."""
        return sorted_tiles({t for t in self.tiles if not self.aside(t)})

    def win_tile(self) -> Tile | None:
        """The winning tile: the one chosen, else the last loose playing tile picked."""
        if self.win is not None and self.win in self.tiles:
            return self.win
        loose = [p.tile for p in self.parts if not p.mark and not self.aside(p.tile)]
        return loose[-1] if loose else None

    @property
    def self_drawn(self) -> bool:
        return HOWS[self.how][1]

    @property
    def flags(self) -> str:
        return HOWS[self.how][2]

    def discarder_letter(self) -> str | None:
        """The discarder's seat letter where the win came from another seat (else None)."""
        if self.self_drawn or self.discarder is None or self.discarder == self.seat:
            return None
        return SEATS[self.discarder]

    # --- steps ------------------------------------------------------------------------------------

    def add(self, tiles: list[Tile]) -> Builder:
        """These tiles added, one after another.

        :raises BuilderError: ``builder_full`` for a tile beyond 14 (a fourth tile of a set of
            three just picked may come: it becomes a kong), ``builder_fifth`` for a fifth of a
            kind, ``builder_bonus_twice`` for a bonus tile already there.
        """
        out = self
        for tile in tiles:
            have = Counter(out.tiles)
            if tile.is_bonus and have[tile]:
                raise BuilderError("builder_bonus_twice", tile=tile)
            if have[tile] >= 4:
                raise BuilderError("builder_fifth", tile=tile)
            if not out.aside(tile) and out.count >= MAX_TILES:
                last = [p for p in out.parts if not out.aside(p.tile)][-3:]
                if len(last) < 3 or any(p.mark or p.tile != tile for p in last):
                    raise BuilderError("builder_full", tile=tile)
            out = replace(out, parts=(*out.parts, Part(tile)))
        return out

    def mark(self, kind: str) -> Builder:
        """The last tiles picked marked as a declared ``kind`` (a :data:`MARKS` name).

        :raises BuilderError: ``builder_too_few`` when fewer loose tiles follow the last mark,
            ``builder_not_set`` when they do not form that set.
        """
        n = SIZES[kind]
        tail: list[Tile] = []
        for p in reversed(self.parts):
            if p.mark or len(tail) == n:
                break
            tail.append(p.tile)
        if len(tail) < n:
            raise BuilderError("builder_too_few", group=kind, n=n)
        low = min(tail)
        if kind == "chow":
            ok = low.is_suit and low.rank <= 7 and sorted(tail) == [low, low + 1, low + 2]
        else:
            ok = not self.aside(low) and all(t == low for t in tail)
        if not ok:
            raise BuilderError("builder_not_set", group=kind, tiles=tiles_str(sorted_tiles(tail)))
        return replace(self, parts=(*self.parts[:-n], Part(low, kind)))

    def undo(self) -> Builder:
        """The last step taken back: a mark (its tiles loose again) or a tile.

        :raises BuilderError: ``builder_nothing`` with nothing picked.
        """
        if not self.parts:
            raise BuilderError("builder_nothing")
        last = self.parts[-1]
        loose = tuple(Part(t) for t in last.tiles) if last.mark else ()
        return replace(self, parts=(*self.parts[:-1], *loose))

    def with_option(self, field: str, value: str) -> Builder:
        """One option chosen on the card: ``win`` (a tile code), ``how`` (a :data:`HOWS` code),
        ``discarder``, ``seat`` or ``prevailing`` (a seat letter).

        :raises BuilderError: ``builder_broken`` for a value the card never offers.
        """
        try:
            if field == "win" and not self.aside(Tile.parse(value)):
                return replace(self, win=Tile.parse(value))
            if field == "how" and value in HOWS and len(value) == 1:
                return replace(self, how=value)
            if field in ("discarder", "seat", "prevailing") and value in SEATS and len(value) == 1:
                seat = SEATS.index(value)
                if field == "discarder":
                    out = replace(self, discarder=seat)
                elif field == "seat":
                    out = replace(self, seat=seat)
                else:
                    out = replace(self, prevailing=seat)
                return replace(out, discarder=None) if out.discarder == out.seat else out
        except ValueError:
            pass
        raise BuilderError("builder_broken")
