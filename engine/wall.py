"""The wall: physical tiles, building, breaking with dice, live and dead end (RULES.md §1.3).

Physical tiles are numbered ``0 .. n-1`` (their *identity*); :data:`KIND`
maps an identity to its :class:`~engine.tiles.Tile` kind: identities 0-135
are four copies of each of the 34 playing kinds, 136-143 the eight bonus
tiles.

>>> import random
>>> wall = Wall.build(random.Random(7), range(144))
>>> wall.remaining
144
>>> len({wall.draw_live() for _ in range(10)})
10
>>> wall.remaining
134
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import IllegalActionError
from engine.tiles import TILES, Tile

KIND: Final[tuple[Tile, ...]] = tuple(TILES[i // 4] for i in range(136)) + TILES[34:42]
"""Tile kind of each physical tile identity."""


@dataclass(frozen=True, slots=True)
class WallBreak:
    """How the wall was broken: the dice thrown and where (for the record and the table image)."""

    dice: tuple[int, ...]
    owner: int
    """The seat (wind index) whose wall side was counted."""
    count: int
    """How many stacks were counted from the right end of ``owner``'s side."""


class Wall:
    """The wall after the break: draws from the live end, replacements from the dead end.

    Stacks are kept in ring order from the first stack after the break (the
    live end, at the front) round to the stack before the break (the dead
    end, at the back); each stack is ``[top, bottom]``. The two tiles of the
    break stack are the loose tiles, used first for replacements.
    """

    __slots__ = ("breaking", "loose", "remaining", "side_of", "stacks")

    def __init__(
        self,
        stacks: deque[list[int]],
        loose: list[int],
        breaking: WallBreak,
        side_of: dict[int, int] | None = None,
    ) -> None:
        self.stacks = stacks
        self.loose = loose
        self.breaking = breaking
        self.side_of: dict[int, int] = side_of or {}
        """By tile id: the wind in front of whom the tile's stack was built (empty for a wall
        given stack by stack, whose sides are not known)."""
        self.remaining = sum(len(s) for s in stacks) + len(loose)
        """Tiles left, loose tiles included."""

    @classmethod
    def build(
        cls,
        rng: random.Random,
        tiles: Sequence[int],
        *,
        wall_break: str = "two_throw",
        break_wall_owner: str = "second_thrower",
        break_count: str = "sum_both",
        loose_tile_order: str = "top_first",
        sides: Sequence[int] = (0, 1, 2, 3),
    ) -> Wall:
        """Shuffle ``tiles`` (the set's tile ids), build a side in front of each wind of
        ``sides`` (four sides of 15, 17 or 18 stacks for 120, 136 or 144 tiles; three players
        build three sides of 18 stacks from 108, A-RU-18; when the stacks do not divide
        evenly the first sides get one more) and break the wall with dice.

        Placement (RULES.md §1.3.1 [ENGINE]): the ``i``-th side of ``sides`` (in the order
        E, S, W, N) stack ``k`` gets ``T[2(iL+k)]`` on top and ``T[2(iL+k)+1]`` below; the
        ring runs from a side's last stack to the first stack of the side of its owner's left
        neighbour: E → N → W → S, passing an empty place. The first throw counts the players
        from East (East is 1).

        >>> wall = Wall.build(random.Random(3), range(108), sides=(0, 1, 2))
        >>> wall.remaining, wall.breaking.owner in (0, 1, 2)
        (108, True)
        """
        tiles = list(tiles)
        rng.shuffle(tiles)
        pairs = [tiles[i : i + 2] for i in range(0, len(tiles), 2)]
        length, longer = divmod(len(pairs), len(sides))  # stacks per side; the first sides one more
        built: dict[int, list[list[int]]] = {}
        for i, side in enumerate(sides):
            start = i * length + min(i, longer)
            built[side] = pairs[start : start + length + (i < longer)]
        # E, N, W, S (without an empty place's side): each side's left neighbour is next.
        ring_sides = tuple(s for s in (0, 3, 2, 1) if s in built)
        ring: list[list[int]] = [stack for s in ring_sides for stack in built[s]]
        start_of: dict[int, int] = {}
        for s in ring_sides:
            start_of[s] = sum(len(built[r]) for r in ring_sides[: ring_sides.index(s)])

        def dice() -> int:
            return rng.randint(1, 6) + rng.randint(1, 6)

        if wall_break == "two_throw":
            d1 = dice()
            thrower = sides[(d1 - 1) % len(sides)]  # East counts himself as 1, then S, W, N
            d2 = dice()
            count = d1 + d2 if break_count == "sum_both" else d2
            owner = thrower if break_wall_owner == "second_thrower" else 0
            thrown: tuple[int, ...] = (d1, d2)
        else:
            count = dice()
            owner = 0
            thrown = (count,)
        index = (start_of[owner] + count - 1) % len(ring)
        top, bottom = ring[index]
        loose = [top, bottom] if loose_tile_order == "top_first" else [bottom, top]
        order = ring[index + 1 :] + ring[:index]
        side_of = {t: side for side, stacks in built.items() for stack in stacks for t in stack}
        return cls(deque(order), loose, WallBreak(thrown, owner, count), side_of)

    def draw_live(self) -> int:
        """Take the next tile from the live end: the front stack's top, then its bottom.

        When the live end has reached the dead end (possible only with a wall
        reserve smaller than the loose tiles), the loose tiles lying on the dead
        end are the last tiles of the wall and are drawn too.

        :raises IllegalActionError: if the wall is empty.
        """
        if not self.stacks:
            if self.loose:
                self.remaining -= 1
                return self.loose.pop(0)
            raise IllegalActionError("the wall is empty")
        stack = self.stacks[0]
        tile = stack.pop(0)
        if not stack:
            self.stacks.popleft()
        self.remaining -= 1
        return tile

    def put_back(self, tile: int) -> None:
        """Return ``tile``, the tile just drawn by :meth:`draw_live`, to the front of the live
        end, where it came from (a claim after the next player has drawn, A-RU-13).

        >>> wall = Wall.build(random.Random(7), range(144))
        >>> first = wall.draw_live()
        >>> wall.put_back(first)
        >>> wall.remaining, wall.draw_live() == first
        (144, True)
        """
        if self.stacks and len(self.stacks[0]) == 1:
            self.stacks[0].insert(0, tile)  # the top of the stack whose bottom is left
        else:
            self.stacks.appendleft([tile])
        self.remaining += 1

    def draw_replacement(self) -> int:
        """Take a replacement tile: the loose tiles first, then the back stack top before bottom.

        :raises IllegalActionError: if no tile is left.
        """
        if self.loose:
            self.remaining -= 1
            return self.loose.pop(0)
        if not self.stacks:
            raise IllegalActionError("no replacement tile is left in the dead wall")
        stack = self.stacks[-1]
        tile = stack.pop(0)
        if not stack:
            self.stacks.pop()
        self.remaining -= 1
        return tile

    def turn_up(self, stack: int, *, skip: Callable[[int], bool] = lambda t: False) -> int:
        """Take out the tile turned up in the dead wall (wikibooks' dora indicator): the upper
        tile of its ``stack``-th stack still standing, counted from the break (the break stack,
        whose two tiles lie on the dead wall as the loose tiles, is no stack of it any more:
        revised A-WB-11), or the next tile that ``skip`` does not refuse, below it and then in
        the stacks behind. The tile leaves the wall, so replacement draws pass over it.

        The dead end is the back of :attr:`stacks`: the first stack standing after the break
        is ``stacks[-1]``, the third ``stacks[-3]``.

        >>> wall = Wall(deque([[1, 2], [3, 4], [5, 6], [7, 8]]), [9, 10], WallBreak((), 0, 0))
        >>> wall.turn_up(3), wall.turn_up(3, skip=lambda t: t == 4), wall.remaining
        (3, 1, 8)

        :raises IllegalActionError: if no tile is left that may be turned up.
        """
        for i in range(len(self.stacks) - stack, -1, -1):
            if i >= len(self.stacks) or i < 0:
                continue
            for tile in self.stacks[i]:
                if not skip(tile):
                    self.stacks[i].remove(tile)
                    if not self.stacks[i]:
                        del self.stacks[i]
                    self.remaining -= 1
                    return tile
        raise IllegalActionError("no tile is left in the dead wall to turn up")

    def take_from_side(self, sides: Sequence[int], reserve: int) -> int:
        """Take a tile for a Gulasch wall exchange (RULES.md §2.4.6 item 7): the first live
        tile, in ring order from the live end and top before bottom, of the first of ``sides``
        that has one; the last ``reserve`` tiles (the loose tiles first, then from the dead
        end) are set apart and never taken. A wall whose sides are not known gives its next
        live tile.

        >>> wall = Wall(deque([[1, 2], [3, 4], [5, 6]]), [7, 8], WallBreak((), 0, 0),
        ...             {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2})
        >>> wall.take_from_side([1, 2], reserve=4), wall.take_from_side([1, 2], reserve=4)
        (3, 4)
        >>> wall.take_from_side([1, 2], reserve=4)
        Traceback (most recent call last):
        ...
        engine.errors.IllegalActionError: no tile is left to take from the wall for an exchange

        :raises IllegalActionError: if none of ``sides`` has a live tile left.
        """
        for i, tile in self._exchangeable(sides, reserve):
            stack = self.stacks[i]
            stack.remove(tile)
            if not stack:
                del self.stacks[i]
            self.remaining -= 1
            return tile
        raise IllegalActionError("no tile is left to take from the wall for an exchange")

    def exchangeable(self, sides: Sequence[int], reserve: int) -> int:
        """How many tiles :meth:`take_from_side` could take from ``sides`` in all."""
        return sum(1 for _ in self._exchangeable(sides, reserve))

    def _exchangeable(self, sides: Sequence[int], reserve: int) -> Iterator[tuple[int, int]]:
        """(stack index, tile) of each tile a wall exchange may take, in the order it takes them;
        a tile of an unknown side counts as one of the first side's."""
        protected = self._set_apart(reserve)
        for n, side in enumerate(sides):
            for i, stack in enumerate(self.stacks):
                for tile in stack:
                    owner = self.side_of.get(tile)
                    if tile not in protected and (owner == side or (owner is None and n == 0)):
                        yield i, tile

    def _set_apart(self, reserve: int) -> set[int]:
        """The last ``reserve`` tiles: the loose tiles, then the stacks from the dead end."""
        protected = set(self.loose[:reserve])
        for stack in reversed(self.stacks):
            if len(protected) >= reserve:
                break
            for t in stack:
                if len(protected) < reserve:
                    protected.add(t)
        return protected

    def tiles(self) -> list[int]:
        """Every tile still in the wall (for invariant checks)."""
        return [t for stack in self.stacks for t in stack] + list(self.loose)
