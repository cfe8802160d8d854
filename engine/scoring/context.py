"""The circumstances of a hand being scored: winds, winning tile and how it came."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import SettingError, quote
from engine.tiles import Tile, Wind, parse_tiles

FLAGS: Final = {
    "last-tile": "won with the last tile of the wall, or on the discard after it",
    "replacement": "won with a replacement tile from the dead wall (self-drawn)",
    "robbing-kong": "won by robbing a kong (counts as a discard)",
    "first-turn": (
        "Heaven's blessing for East (self-drawn), Earth's blessing for the others (East's first discard)"
    ),
    "original-call": "Mah-Jongg after a call at the beginning",
    "kong-on-kong": "won on the replacement tile of the second of two kongs in one turn (self-drawn)",
    "nine-times": "East's ninth Mah-Jongg in a row",
    "kong-replacement": "won with the replacement tile drawn for one's own kong (self-drawn; jiangxi 杠上花)",
    "kong-discard": (
        "won on the discard a player made after drawing the replacement for his kong (jiangxi 杠上炮)"
    ),
    "first-draw": "a player other than East won with his first draw, no claim made before (jiangxi Di-Hu)",
    "restricted-rob": (
        "jiangxi: held below the 2-fan minimum on a discard, won from the player who took it for a kong "
        "(robbing that kong, or on his kong-discard): a fixed 3 fan (A-JX-19)"
    ),
    "riichi": "the winner declared riichi (wikibooks with riichi: one double)",
}
"""Every flag a win may carry, with its meaning."""


@dataclass(frozen=True, slots=True)
class WinContext:
    """Seat and prevailing wind, and for a winner how the winning tile came.

    ``win_tile`` None means the winning tile is not known: no item that
    depends on it applies, and concealed sets stay concealed. ``dora`` are the
    lucky tile kinds of the hand (wikibooks with ``dora``: each one built into a
    set or the pair doubles once); they apply to losing hands too.

    >>> WinContext.make(seat="S", prevailing="E", win="9p", self_drawn=True).win_tile
    Tile.parse('9p')
    """

    seat: Wind = Wind.EAST
    prevailing: Wind = Wind.EAST
    win_tile: Tile | None = None
    self_drawn: bool = False
    last_tile: bool = False
    replacement: bool = False
    robbing_kong: bool = False
    first_turn: bool = False
    original_call: bool = False
    kong_on_kong: bool = False
    nine_times: bool = False
    kong_replacement: bool = False
    kong_discard: bool = False
    first_draw: bool = False
    restricted_rob: bool = False
    riichi: bool = False
    dora: tuple[Tile, ...] = ()

    def __post_init__(self) -> None:
        if (self.kong_on_kong or self.kong_replacement) and not self.replacement:
            object.__setattr__(self, "replacement", True)
        if (self.replacement or self.first_draw) and not self.self_drawn:
            object.__setattr__(self, "self_drawn", True)
        if self.kong_discard and self.self_drawn:
            raise SettingError(
                "kong-discard means the winning tile was discarded after a kong's replacement draw, "
                "so the win is not self-drawn",
                "flag_kong_discard_self_drawn",
            )
        if self.first_draw and self.seat == Wind.EAST:
            raise SettingError(
                "first-draw is a win of South, West or North; for East use first-turn", "flag_first_draw_east"
            )
        if self.restricted_rob and not (self.robbing_kong or self.kong_discard):
            raise SettingError(
                "restricted-rob is a win from a kong's player: add robbing-kong or kong-discard",
                "flag_restricted_rob",
            )
        if self.robbing_kong and self.self_drawn:
            raise SettingError(
                "robbing-kong means the winning tile was taken from another player's kong, "
                "so the win is not self-drawn (and not on a replacement tile)",
                "flag_robbing_self_drawn",
            )
        if self.first_turn:
            if self.seat == Wind.EAST and not self.self_drawn:
                raise SettingError(
                    "first-turn for East is Heaven's blessing, a self-drawn hand: add --self-drawn",
                    "flag_first_turn_east",
                )
            if self.seat != Wind.EAST and self.self_drawn:
                raise SettingError(
                    "first-turn for South, West or North is Earth's blessing, won on East's "
                    "first discard: drop --self-drawn",
                    "flag_first_turn_other",
                )

    @property
    def flags(self) -> tuple[str, ...]:
        """The flags set, by their command-line names."""
        return tuple(name for name in FLAGS if getattr(self, name.replace("-", "_")))

    @classmethod
    def make(
        cls,
        *,
        seat: str | Wind = Wind.EAST,
        prevailing: str | Wind = Wind.EAST,
        win: str | Tile | None = None,
        self_drawn: bool = False,
        flags: tuple[str, ...] | list[str] = (),
        dora: str | Sequence[str | Tile] = (),
    ) -> WinContext:
        """Build a context from what a person typed.

        ``dora`` is a string of tiles (``"5s 1z"``) or a sequence of tiles.

        >>> WinContext.make(seat="N", win="9m", dora="5s").dora
        (Tile.parse('5s'),)

        :raises NotationError: for a wind or tile that cannot be read.
        :raises SettingError: for an unknown flag or flags that contradict each other.
        """
        seat_w = seat if isinstance(seat, Wind) else Wind.parse(seat)
        prev_w = prevailing if isinstance(prevailing, Wind) else Wind.parse(prevailing)
        tile = win if isinstance(win, Tile) or win is None else Tile.parse(win)
        if tile is not None and tile.is_bonus:
            raise SettingError(
                f"the winning tile cannot be a bonus tile ({tile}); bonus tiles are replaced",
                "win_bonus",
                tile=str(tile),
            )
        set_flags: dict[str, bool] = {}
        for flag in flags:
            key = flag.strip()
            if key not in FLAGS:
                raise SettingError(
                    f"unknown flag {quote(key)}; flags are: {', '.join(FLAGS)}",
                    "unknown_flag",
                    text=key,
                    flags_texts=" ".join(FLAGS),
                )
            set_flags[key.replace("-", "_")] = True
        if isinstance(dora, str):
            dora_tiles = tuple(t for part in dora.split() for t in parse_tiles(part))
        else:
            dora_tiles = tuple(d if isinstance(d, Tile) else Tile.parse(d) for d in dora)
        for d in dora_tiles:
            if d.is_bonus:
                raise SettingError(
                    f"a dora is a playing tile, not a bonus tile ({d})", "dora_bonus", tile=str(d)
                )
        return cls(
            seat=seat_w,
            prevailing=prev_w,
            win_tile=tile,
            self_drawn=self_drawn,
            dora=dora_tiles,
            **set_flags,
        )
