"""Dora (wikibooks, RULES.md §2.3.7): an indicator turned up on the dead wall names a tile
that scores a double in every hand holding it (the scoring is the table's ``Dora`` item; the
deal gives the dora to every :class:`~engine.scoring.WinContext`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from engine.features.base import Feature
from engine.settings import Settings
from engine.tiles import HONOUR_START, TILES, Tile
from engine.wall import KIND

if TYPE_CHECKING:
    from engine.deal import Deal

_DRAGON_CYCLE: Final = {HONOUR_START + 6: HONOUR_START + 4, HONOUR_START + 4: HONOUR_START + 5}
"""Red → white → green → red («Dora Pai»: "Roter Drache - Weißer Drache - Grüner Drache")."""


def dora_of(indicator: Tile) -> Tile:
    """The dora an indicator shows («Dora Pai»): the next rank of its suit (9 → 1); the next
    wind East → South → West → North → East; the next dragon red → white → green → red.

    >>> [str(dora_of(Tile.parse(x))) for x in ("4s", "9p", "4z", "1z", "7z", "5z", "6z")]
    ['5s', '1p', '1z', '2z', '5z', '6z', '7z']

    :raises ValueError: for a bonus tile, which shows no dora (the deal turns up the next
        playing tile instead, or another rule of the table's).
    """
    i = int(indicator)
    if indicator.is_bonus:
        raise ValueError(f"a bonus tile ({indicator}) shows no dora")
    if i < HONOUR_START:
        return TILES[i - i % 9 + (i % 9 + 1) % 9]
    if i < HONOUR_START + 4:
        return TILES[HONOUR_START + (i - HONOUR_START + 1) % 4]
    return TILES[_DRAGON_CYCLE.get(i, HONOUR_START + 6)]


class Dora(Feature):
    """The dora indicator of one deal: its tile id lies face up on the dead wall."""

    name: ClassVar[str] = "dora"
    settings: ClassVar[frozenset[str]] = frozenset({"dora", "dora_in_pair"})
    on: ClassVar[dict[str, object]] = {"dora": True}
    off: ClassVar[dict[str, object]] = {"dora": False}
    __slots__ = ("indicator",)

    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        self.indicator: int | None = None
        """The indicator's tile id: out of the wall, lying face up on it."""

    @classmethod
    def active(cls, settings: Settings) -> bool:
        """Played with the setting ``dora``."""
        return bool(settings.dora)

    def dealt(self) -> None:
        """The upper tile of the third stack still standing in the dead wall, counted from the
        break (the break stack, laid on it as the loose tiles, not counted: revised A-WB-11), is
        turned up before the bonus tiles are replaced; it stays there, out of the replacement
        draws. A bonus tile there shows no dora: the next tile below or behind is used."""
        deal = self.deal
        tile = deal.wall.turn_up(3, skip=lambda t: KIND[t].is_bonus)
        self.indicator = tile
        deal.dora_indicator = KIND[tile]
        deal.dora = (dora_of(deal.dora_indicator),)

    def tiles_aside(self) -> list[int]:
        """The indicator."""
        return [] if self.indicator is None else [self.indicator]
