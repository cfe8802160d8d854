"""What a finished hand's replay card shows (issue 29 §3): the table at one step of the hand with
every hand face up, what happened at that step in words, where the buttons and the jump menu go.

No I/O beyond reading storage: :func:`load_hand` reads the stored game and refuses what cannot be
replayed (an unknown game or one of another server, a game recorded at a real table, a pruned
log, a hand that is not finished); :func:`replay_hand` replays the hand with the engine
(:class:`engine.replay.FinishedHand`, from the stored action log alone, never a stored image) and
:func:`card` draws one step. Both are slow (a replay, an image): the cog runs them in a thread.
The Discord side (buttons, select, the ephemeral message edited in place) is
``bot/cogs/replay.py``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import discord

from bot.i18n import Language, text
from bot.presenter import event_words
from bot.storage import NotFoundError, Storage, StorageInputError
from bot.storage.records import GameRecord, computer_numbers
from engine.errors import MahjongError
from engine.events import EventKind
from engine.replay import FinishedHand, HandInPlayError
from engine.tiles import Wind, wind_name
from render.describe import describe_sheet, describe_table
from render.layout import words
from render.sheet import render_sheet, sheet_lines
from render.table import render_table

OPTIONS: Final = 25
"""The most options a Discord select holds: the jump menu lists at most this many steps."""

CONTENT: Final = 2000
"""The most characters a message's text may have."""

KEY: Final[frozenset[EventKind]] = frozenset(
    {EventKind.CLAIM, EventKind.KONG, EventKind.MAHJONG, EventKind.DECLARE, EventKind.CALL, EventKind.PAID}
)
"""What the jump menu always lists: claims, kongs, declarations, payments during play, the win."""


class ReplayRefused(Exception):
    """A replay that cannot be shown: ``key`` is the catalogue text saying why, with ``values``."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values

    def say(self, lang: Language) -> str:
        """Why, in ``lang``."""
        return text(self.key, lang, **self.values)


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A stored game's hand to replay: the record and the players' names in seat order."""

    record: GameRecord
    hand_no: int
    names: tuple[str, ...]


async def load_hand(storage: Storage, guild_id: int, game_id: int, hand_no: int) -> StoredHand:
    """The stored game ``game_id`` of server ``guild_id`` with its hand ``hand_no``, checked.

    :raises ReplayRefused: for an unknown game or one of another server (the same answer: another
        server's games are not told of), a game recorded at a real table (no moves), a game whose
        log was pruned, a hand it does not have, a hand not finished.
    """
    try:
        record = await storage.load_game(game_id)
    except (NotFoundError, StorageInputError):  # none, or an id no game can have (a forged one)
        raise ReplayRefused("replay_unknown_game", game=game_id) from None
    if record.guild_id != guild_id:
        raise ReplayRefused("replay_unknown_game", game=game_id)
    if record.kind != "discord":
        raise ReplayRefused("replay_recorded", game=game_id)
    if record.log_pruned_at is not None:
        raise ReplayRefused("replay_pruned", game=game_id)
    numbers = [h.hand_no for h in record.hands]
    if hand_no not in numbers:
        raise ReplayRefused("replay_no_hand", game=game_id, hand=hand_no, hands=max(numbers, default=0))
    if not record.hands[numbers.index(hand_no)].finished:
        raise ReplayRefused("replay_in_play", game=game_id, hand=hand_no)
    names = []
    for seat, number in zip(record.seats, computer_numbers(record.seats), strict=True):
        if isinstance(seat, int):
            player = await storage.get_player(seat)
            names.append(player.display_name if player else str(seat))
        else:  # a computer keeps the number it had at the table, as bot/app.py restores it
            names.append(f"Computer {number}")
    return StoredHand(record, hand_no, tuple(names))


class HandCache:
    """The last few hands replayed (a replay of a long game's last hand takes a tenth of a second;
    each click would replay it again). A finished hand never changes."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._hands: OrderedDict[tuple[int, int, tuple[str, ...]], FinishedHand] = OrderedDict()

    def get(self, stored: StoredHand) -> FinishedHand:
        """The replayed hand of ``stored`` (slow the first time: call it in a thread).

        :raises ReplayRefused: for a hand whose log does not reach its end or does not replay."""
        key = (stored.record.game_id, stored.hand_no, stored.names)
        hand = self._hands.get(key)
        if hand is None:
            hand = replay_hand(stored)
            self._hands[key] = hand
            while len(self._hands) > self.size:
                self._hands.popitem(last=False)
        else:
            self._hands.move_to_end(key)
        return hand


def replay_hand(stored: StoredHand) -> FinishedHand:
    """Replay ``stored``'s hand with the engine from the stored log (slow: call it in a thread).

    :raises ReplayRefused: for a hand whose log does not reach its end or does not replay."""
    record = stored.record
    game, hand_no = record.game_id, stored.hand_no
    try:
        return FinishedHand(
            record.ruleset,
            dict(record.overrides),
            record.seed,
            [str(s) for s in record.seats],
            [h.actions for h in record.hands if h.hand_no <= hand_no],
            hand_no,
            names=stored.names,
        )
    except HandInPlayError:
        raise ReplayRefused("replay_in_play", game=game, hand=hand_no) from None
    except MahjongError:
        raise ReplayRefused("replay_broken", game=game, hand=hand_no) from None


@dataclass(frozen=True, slots=True)
class Card:
    """One step of a replay card, ready to send."""

    game_id: int
    hand_no: int
    step: int
    last: int
    content: str
    png: bytes
    description: str
    """The image's alt text (at most 1,024 characters)."""
    buttons: tuple[tuple[str, int | None], ...]
    """First, previous, next, last: each label and the step it goes to (None: disabled)."""
    options: tuple[tuple[int, str], ...] = field(default=())
    """The jump menu: (step, label) in step order."""
    sheet: tuple[bytes, str] | None = None
    """At the end: the score sheet's image and its alt text (the image the table was sent)."""


def neighbours(moves: Sequence[int], step: int, last: int) -> tuple[int | None, ...]:
    """Where first, previous, next and last go from ``step`` (``moves``: the steps a reader stops at,
    :attr:`FinishedHand.moves`); None where a button would stay put or do what its neighbour does
    (the first when the previous move is the deal, the last when the next move is the end), so no
    two buttons go to the same step.

    >>> neighbours((0, 4, 8, 12), 0, 12), neighbours((0, 4, 8, 12), 4, 12), neighbours((0, 4, 8, 12), 8, 12)
    ((None, None, 4, 12), (None, 0, 8, 12), (0, 4, 12, None))
    >>> neighbours((0, 4, 8, 12), 6, 12)
    (0, 4, 8, 12)
    """
    before = [m for m in moves if m < step]
    after = [m for m in moves if m > step]
    previous = before[-1] if before else None
    following = after[0] if after else None
    first = 0 if step > 0 and previous != 0 else None
    end = last if step < last and following != last else None
    return first, previous, following, end


def jump_steps(hand: FinishedHand, step: int, limit: int = OPTIONS) -> list[int]:
    """The steps the jump menu lists around ``step``: the deal, every claim, kong, declaration and
    the end (the nearest ``limit`` of them if there are more), then the discards and bonus tiles
    nearest ``step`` until ``limit``; in step order.

    >>> from engine.game import Game
    >>> game = Game("dmjl", seed=3)
    >>> while not game.deal.over:
    ...     for position in game.to_act():
    ...         _ = game.apply(game.default_action(position))
    >>> hand = FinishedHand("dmjl", {}, 3, ["East", "South", "West", "North"], [game.history[0].actions], 1)
    >>> steps = jump_steps(hand, 10)
    >>> len(steps) <= 25 and steps == sorted(steps) and 0 in steps and hand.last in steps
    True
    """
    moves = hand.moves
    key = [m for m in moves if m in (0, hand.last) or any(e.kind in KEY for e in hand.events[m])]
    key = sorted(sorted(key, key=lambda m: abs(m - step))[:limit])
    rest = sorted((m for m in moves if m not in key), key=lambda m: abs(m - step))
    return sorted(key + rest[: limit - len(key)])


def move_number(hand: FinishedHand, step: int) -> int:
    """The move a reader counts at ``step``: how many of the hand's moves (:attr:`FinishedHand.moves`:
    discards, claims, kongs, bonus tiles, the win; passes are not counted) lie after the deal, up
    to ``step``. A log's step counts every pass too; people count moves."""
    return sum(1 for m in hand.moves if 0 < m <= step)


def step_words(hand: FinishedHand, step: int, lang: Language) -> str:
    """What happened at ``step``, in the words the table uses (``Ada discarded Bamboo 5``)."""
    game = hand.end
    east = game.position_of(Wind.EAST)
    if step == 0:
        return text("replay_dealt", lang, east=game.names[east])
    said = event_words(hand.events[step], game.names, east, lang, game.ruleset.name)
    return said or text("replay_quiet", lang)


def card(hand: FinishedHand, game_id: int, step: int, lang: Language) -> Card:
    """The replay card of ``hand`` at ``step``: the title, what happened, at the end the result and
    the score sheet; the table image with every hand face up and its description; the buttons and
    the jump menu (slow: a replay and an image; call it in a thread).

    :raises ReplayRefused: for a step the hand does not have.
    """
    if not 0 <= step <= hand.last:
        raise ReplayRefused("replay_no_step", game=game_id, hand=hand.number, step=step, last=hand.last)
    view = hand.view_at(step)
    round_ = words(lang)["round"].format(wind=wind_name(view.prevailing, lang))
    lines = [
        text(
            "replay_title",
            lang,
            game=game_id,
            hand=hand.number,
            round=round_,
            move=move_number(hand, step),
            moves=move_number(hand, hand.last),
        ),
        discord.utils.escape_markdown(step_words(hand, step, lang)),
    ]
    sheet_image: tuple[bytes, str] | None = None
    if view.sheet is not None:
        lines.append(text("replay_end", lang))
        how: dict[str, Any] = {
            "prevailing": view.prevailing,
            "hand_number": view.hand_number,
            "lang": lang,
            "settings": view.settings,
        }
        sheet_image = (
            render_sheet(view.sheet, view.players, **how),
            describe_sheet(view.sheet, view.players, **how),
        )
        for line in sheet_lines(view.sheet, view.players, **how):
            line = discord.utils.escape_markdown(line)
            if len("\n".join([*lines, line, "…"])) > CONTENT:
                lines.append("…")
                break
            lines.append(line)
    labels = [text(k, lang) for k in ("replay_first", "replay_previous", "replay_next", "replay_last")]
    targets = neighbours(hand.moves, step, hand.last)
    options = []
    for m in jump_steps(hand, step):
        if m == 0:
            label = text("replay_option_start", lang)
        elif m == hand.last:
            label = text("replay_option_end", lang)
        else:
            label = text("replay_option", lang, move=move_number(hand, m), what=step_words(hand, m, lang))
        options.append((m, label if len(label) <= 100 else label[:99] + "…"))
    return Card(
        game_id=game_id,
        hand_no=hand.number,
        step=step,
        last=hand.last,
        content="\n".join(lines),
        png=render_table(view, lang=lang),
        description=describe_table(view, lang),
        buttons=tuple(zip(labels, targets, strict=True)),
        options=tuple(options),
        sheet=sheet_image,
    )
