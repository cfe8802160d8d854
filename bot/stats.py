"""Statistics from the record: a member's figures and a channel's, computed from stored games.

Nothing is counted separately. The storage hands out the finished hands with their result text
and payments (:meth:`bot.storage.Storage.played_games`) and the action logs; what only the engine
knows (the winning hand's score and patterns, self-drawn or not, who discarded the winning tile)
comes from replaying the logs (:meth:`engine.game.Game.replay`, deterministic). A replay costs
a few milliseconds a hand, so :class:`ReplayCache` keeps what each finished hand yielded: a
finished hand never changes, so a game is replayed once per new finished hand, never twice for
the same figures.

This module is the bot's, not the engine's: it speaks of members, seasons and the ledger. The
computation (:func:`member_stats`, :func:`table_stats`) is pure; :func:`load_member_stats` and
:func:`load_table_stats` read storage and replay off the event loop.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.storage.records import Season, Seat
from bot.storage.stats import ChipPoint, PlayedGame
from engine.game import NEXT, Game
from engine.scoring.scorer import Score, ScoreLine
from engine.tiles import Tile

if TYPE_CHECKING:
    from bot.storage import Storage

_WINNER = re.compile(r"^winner=(\S+)")


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What a replay says about one finished hand; seats are indexes into the game's seats."""

    winner: int | None
    self_drawn: bool = False
    discarder: int | None = None
    value: int = 0
    score: Score | None = None
    win_tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class BestHand:
    """A member's biggest winning hand: where it was, its value and score."""

    game_id: int
    hand_no: int
    value: int
    score: Score | None
    win_tile: Tile | None
    name: str
    """The hand's name: its limit, or its top scoring line."""


@dataclass(frozen=True, slots=True)
class MemberStats:
    """A member's figures over a season."""

    hands: int
    wins: int
    self_drawn: int
    dealt_in: int
    """Hands won by someone else on this member's discard."""
    average_win: float
    best: BestHand | None
    chips: tuple[int, ...]
    """The member's balance after each ledger transaction of the season (first: after the first)."""
    patterns: tuple[tuple[str, int], ...]
    """The scoring patterns of the member's wins, most often first."""
    net: int
    """Chips won (+) or paid (-) in the season's hands."""

    @property
    def win_share(self) -> float:
        """Wins per hand played (0 without hands)."""
        return self.wins / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class LongestGame:
    """The channel's longest game, by hands played."""

    game_id: int
    hands: int
    started: str
    ended: str | None


@dataclass(frozen=True, slots=True)
class TableStats:
    """A channel's figures over all its games."""

    games: int
    finished_games: int
    hands: int
    longest: LongestGame | None


# ------------------------------------------------------------------------- replays


def replay_facts(game: PlayedGame, logs: Mapping[int, Sequence[str]]) -> dict[int, HandFacts]:
    """Replay a game's finished hands and say what each yielded (hand number -> facts).

    :raises IllegalActionError: when the log does not replay (a corrupt log or a changed engine).
    """
    done = [h.hand_no for h in game.hands]
    log: list[str] = []
    for number in range(1, max(done, default=0) + 1):
        if number > 1:
            log.append(NEXT)
        log.extend(logs.get(number, ()))
    played = Game.replay(game.ruleset, dict(game.overrides), game.seed, [str(s) for s in game.seats], log)
    facts: dict[int, HandFacts] = {}
    for record in played.history:
        result = record.result
        if record.winner is None or result.winner is None:
            facts[record.number] = HandFacts(None)
            continue
        discarder = None
        if result.discarder is not None:
            discarder = played.order[(record.east + result.discarder) % 4]
        facts[record.number] = HandFacts(
            winner=played.order[record.winner],
            self_drawn=result.self_drawn,
            discarder=discarder,
            value=record.values[record.winner],
            score=result.scores[result.winner],
            win_tile=result.win_tile,
        )
    return facts


class ReplayCache:
    """What replays yielded, per game and finished hand, kept in memory (least recently used
    games dropped beyond ``max_games``). Finished hands never change, so entries never go stale;
    a game whose log does not replay is remembered as such (its hands count from the stored
    result only)."""

    def __init__(self, max_games: int = 20_000) -> None:
        self.max_games = max_games
        self._games: OrderedDict[int, dict[int, HandFacts | None]] = OrderedDict()

    def missing(self, games: Iterable[PlayedGame]) -> list[PlayedGame]:
        """The games with a finished hand not replayed yet."""
        out = []
        for game in games:
            known = self._games.get(game.game_id)
            if known is None or any(h.hand_no not in known for h in game.hands):
                out.append(game)
        return out

    def add(self, game: PlayedGame, logs: Mapping[int, Sequence[str]]) -> None:
        """Replay ``game`` (its finished hands) and keep what each hand yielded."""
        try:
            facts: dict[int, HandFacts | None] = dict(replay_facts(game, logs))
        except Exception:  # a log that no longer replays: fall back to the stored results
            facts = {}
        for hand in game.hands:
            facts.setdefault(hand.hand_no, None)
        self.remember(game.game_id, facts)

    def remember(self, game_id: int, facts: Mapping[int, HandFacts | None]) -> None:
        """Keep what a game's hands yielded (hand number -> facts), as :meth:`add` does."""
        self._games[game_id] = dict(facts)
        self._games.move_to_end(game_id)
        while len(self._games) > self.max_games:
            self._games.popitem(last=False)

    def facts(self, game_id: int, hand_no: int) -> HandFacts | None:
        """What hand ``hand_no`` of ``game_id`` yielded (None: not replayed or not replayable)."""
        return self._games.get(game_id, {}).get(hand_no)


# ------------------------------------------------------------------------- figures


def _stored_winner(result: str, seats: Sequence[Seat]) -> int | None:
    """The winner's seat index from a stored result (``winner=<seat index>``), if it names one."""
    found = _WINNER.match(result)
    if found is None or not found.group(1).isdigit():
        return None
    index = int(found.group(1))
    return index if index < len(seats) else None


def pattern_name(line: ScoreLine) -> str:
    """A scoring line's pattern without the tiles it found (``exposed pong of simples``).

    >>> pattern_name(ScoreLine("exposed pong of simples [666s]", 2, 0, "P3", "[666s]"))
    'exposed pong of simples'
    """
    name = line.name.replace(line.detail, "") if line.detail else line.name
    return " ".join(name.split())


def hand_name(score: Score | None) -> str:
    """A winning hand's name: its line worth most (doubles first; a limit hand's is its limit),
    the Mah-Jongg points aside."""
    if score is None or not score.items:
        return ""
    lines = [i for i in score.items if not _is_base(i)] or list(score.items)
    top = max(lines, key=lambda i: (i.doubles, i.points))
    return pattern_name(top)


def _is_base(line: ScoreLine) -> bool:
    """The line every winning hand has (the Mah-Jongg points): not a pattern worth listing."""
    return line.name.strip().lower() in ("mah-jongg", "mahjong", "mah jongg")


def member_stats(
    user_id: int,
    games: Iterable[PlayedGame],
    cache: ReplayCache,
    *,
    season_id: int | None,
    chips: Sequence[ChipPoint] = (),
    top_patterns: int = 5,
) -> MemberStats:
    """A member's figures over the hands of ``season_id`` (None: every hand given).

    Wins and payments come from the stored hands; self-drawn, deals into a win, values and
    patterns from the replays in ``cache`` (a hand not replayed counts as played and, if its
    stored result names the member, as a win).
    """
    hands = wins = self_drawn = dealt_in = net = 0
    values: list[int] = []
    best: BestHand | None = None
    patterns: Counter[str] = Counter()
    for game in games:
        if user_id not in game.seats:
            continue
        me = game.seats.index(user_id)
        for hand in game.hands:
            if season_id is not None and hand.season_id != season_id:
                continue
            hands += 1
            net += sum(p.amount for p in hand.payments if p.payee == me)
            net -= sum(p.amount for p in hand.payments if p.payer == me)
            facts = cache.facts(game.game_id, hand.hand_no)
            winner = facts.winner if facts is not None else _stored_winner(hand.result, game.seats)
            if facts is not None and facts.discarder == me and winner is not None and winner != me:
                dealt_in += 1
            if winner != me:
                continue
            wins += 1
            if facts is None:
                continue
            self_drawn += facts.self_drawn
            values.append(facts.value)
            if best is None or facts.value > best.value:
                best = BestHand(
                    game.game_id,
                    hand.hand_no,
                    facts.value,
                    facts.score,
                    facts.win_tile,
                    hand_name(facts.score),
                )
            if facts.score is not None:
                patterns.update({pattern_name(i) for i in facts.score.items if not _is_base(i)})
    running, balance = [], 0
    for point in chips:
        balance += point.amount
        running.append(balance)
    return MemberStats(
        hands=hands,
        wins=wins,
        self_drawn=self_drawn,
        dealt_in=dealt_in,
        average_win=sum(values) / len(values) if values else 0.0,
        best=best,
        chips=tuple(running),
        patterns=tuple(sorted(patterns.items(), key=lambda kv: (-kv[1], kv[0]))[:top_patterns]),
        net=net,
    )


def table_stats(games: Iterable[PlayedGame]) -> TableStats:
    """A channel's figures: games started, games finished, hands finished, the longest game."""
    count = finished = hands = 0
    longest: LongestGame | None = None
    for game in games:
        count += 1
        finished += game.status == "finished"
        hands += len(game.hands)
        if game.hands and (longest is None or len(game.hands) > longest.hands):
            ended = game.ended_at or game.hands[-1].finished_at
            longest = LongestGame(game.game_id, len(game.hands), game.created_at, ended)
    return TableStats(count, finished, hands, longest)


# ------------------------------------------------------------------------- loading


async def _replay_missing(storage: Storage, cache: ReplayCache, games: Sequence[PlayedGame]) -> None:
    missing = cache.missing(games)
    if not missing:
        return
    logs = await storage.game_logs([g.game_id for g in missing])

    def work() -> None:
        for game in missing:
            cache.add(game, logs.get(game.game_id, {}))

    await asyncio.to_thread(work)


async def load_member_stats(
    storage: Storage, cache: ReplayCache, guild_id: int, user_id: int, *, season: int | None = None
) -> tuple[Season | None, MemberStats]:
    """Read a season's games (default the open one), replay what the cache lacks (in a thread)
    and compute a member's figures.

    :raises NotFoundError: for a season number the server does not have.
    """
    found, games = await storage.played_games(guild_id, season=season)
    mine = [g for g in games if user_id in g.seats]
    await _replay_missing(storage, cache, mine)
    chips = await storage.chip_history(guild_id, user_id, season=season) if found is not None else []
    season_id = found.season_id if found is not None else None
    return found, member_stats(user_id, mine, cache, season_id=season_id, chips=chips)


async def load_table_stats(storage: Storage, guild_id: int, channel_id: int) -> TableStats:
    """A channel's figures over all its games (no replay needed)."""
    _, games = await storage.played_games(guild_id, channel_id=channel_id)
    return table_stats(games)
