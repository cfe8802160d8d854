"""Statistics from the record: a member's figures and a channel's, computed from stored games.

Nothing is counted separately. The storage hands out the finished hands with their result text
and payments (:meth:`bot.storage.Storage.played_games`); what only the engine knows (the winning
hand's score and patterns, self-drawn or not, who discarded the winning tile) is each hand's
summary (:mod:`bot.summary`): the engine's own output for that hand, stored with its result in
one transaction. A hand finished before summaries were kept is replayed from its log once
(a few milliseconds a hand) and its summary stored, so it is never replayed again.
:class:`SummaryCache` keeps what each finished hand yielded in memory: a finished hand never
changes, so a warm ``/stats`` reads only the games' headers.

This module is the bot's, not the engine's: it speaks of members, seasons and the ledger. The
computation (:func:`member_stats`, :func:`table_stats`) is pure; :func:`load_member_stats` and
:func:`load_table_stats` read storage (and replay off the event loop).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.storage.records import HandSummary, Season, Seat
from bot.storage.stats import ChipPoint, PlayedGame
from bot.summary import score_from_json, summaries_from_log
from engine.scoring.names import rule_name
from engine.scoring.scorer import Score, ScoreLine
from engine.tiles import Lang, Tile

if TYPE_CHECKING:
    from bot.storage import Storage

_WINNER = re.compile(r"^winner=(\S+)")


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the engine said about one finished hand (its summary, decoded); seats are indexes into
    the game's seats."""

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
class Split:
    """A member's figures in one part of their games: one ruleset, or one table size."""

    key: str
    """The ruleset's name, or the table's size (``"4"``, ``"3"``)."""
    games: int
    hands: int
    wins: int
    net: int

    @property
    def win_share(self) -> float:
        """Wins per hand played (0 without hands)."""
        return self.wins / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class LastGame:
    """One of a member's last games: when, what was played, where, and the member's result (the
    chips they won in the whole game, + or -; an undone hand left out)."""

    game_id: int
    created_at: str
    ruleset: str
    overrides: Mapping[str, object]
    kind: str
    """``discord`` (played here) or ``record`` (recorded at a real table)."""
    net: int


LAST_GAMES = 5
"""How many of a member's last games ``/stats member`` lists."""


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
    by_ruleset: tuple[Split, ...] = ()
    """The same figures per ruleset played, most hands first."""
    by_size: tuple[Split, ...] = ()
    """The same figures per table size, four players first."""
    last_games: tuple[LastGame, ...] = ()
    """The member's last :data:`LAST_GAMES` games of the season, newest first."""

    @property
    def win_share(self) -> float:
        """Wins per hand played (0 without hands)."""
        return self.wins / self.hands if self.hands else 0.0


@dataclass(slots=True)
class _Tally:
    """A split's counts while they are added up."""

    games: int = 0
    hands: int = 0
    wins: int = 0
    net: int = 0

    def split(self, key: str) -> Split:
        return Split(key, self.games, self.hands, self.wins, self.net)


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


# ------------------------------------------------------------------------- summaries


def hand_facts(summary: HandSummary, *, score: bool = True) -> HandFacts | None:
    """A stored summary as facts (None: the hand's log did not replay, so the engine said nothing);
    without ``score`` the winning hand's score and tile are left out (not decoded)."""
    if summary.error:
        return None
    if summary.winner is None:
        return HandFacts(None)
    value = summary.values[summary.winner] if summary.winner < len(summary.values) else 0
    return HandFacts(
        winner=summary.winner,
        self_drawn=summary.self_drawn,
        discarder=summary.discarder,
        value=value,
        score=score_from_json(summary.score) if score and summary.score else None,
        win_tile=Tile.parse(summary.win_tile) if score and summary.win_tile else None,
    )


def replay_facts(game: PlayedGame, logs: Mapping[int, Sequence[str]]) -> dict[int, HandFacts | None]:
    """Replay a game's finished hands and say what each yielded (hand number -> facts; None for a
    hand the log does not replay)."""
    return {n: hand_facts(s) for n, s in summaries_from_log(game, logs).items()}


class SummaryCache:
    """What the finished hands yielded (their summaries), per game, kept in memory (least recently
    used games dropped beyond ``max_games``). Finished hands never change, so entries never go
    stale; a hand whose log does not replay is remembered as such (None: it counts from the stored
    result only). A winning hand's score is decoded when it is first asked for."""

    def __init__(self, max_games: int = 20_000) -> None:
        self.max_games = max_games
        self._games: OrderedDict[int, dict[int, HandFacts | HandSummary | None]] = OrderedDict()

    def missing(self, games: Iterable[PlayedGame]) -> list[PlayedGame]:
        """The games with a finished hand not known yet."""
        out = []
        for game in games:
            known = self._games.get(game.game_id)
            if known is None or any(h.hand_no not in known for h in game.hands):
                out.append(game)
        return out

    def add(self, game: PlayedGame, summaries: Mapping[int, HandSummary]) -> None:
        """Keep what ``game``'s hands yielded, from their summaries (hand number -> summary)."""
        self.remember(game.game_id, summaries)

    def remember(self, game_id: int, facts: Mapping[int, HandFacts | HandSummary | None]) -> None:
        """Keep what a game's hands yielded (hand number -> facts), as :meth:`add` does."""
        self._games[game_id] = dict(facts)
        self._games.move_to_end(game_id)
        while len(self._games) > self.max_games:
            self._games.popitem(last=False)

    def facts(self, game_id: int, hand_no: int, *, score: bool = True) -> HandFacts | None:
        """What hand ``hand_no`` of ``game_id`` yielded (None: not known or not replayable);
        without ``score`` perhaps without the winning hand's score and tile (cheaper)."""
        hands = self._games.get(game_id, {})
        known = hands.get(hand_no)
        if not isinstance(known, HandSummary):
            return known
        if not score:
            return hand_facts(known, score=False)
        hands[hand_no] = facts = hand_facts(known)
        return facts


# ------------------------------------------------------------------------- figures


def _stored_winner(result: str, seats: Sequence[Seat]) -> int | None:
    """The winner's seat index from a stored result (``winner=<seat index>``), if it names one."""
    found = _WINNER.match(result)
    if found is None or not found.group(1).isdigit():
        return None
    index = int(found.group(1))
    return index if index < len(seats) else None


def pattern_name(line: ScoreLine, ruleset: str = "", lang: Lang = "en") -> str:
    """A scoring line's pattern without the tiles it found (``exposed pong of simples``), in
    ``lang`` as ``ruleset`` names its item (the English name where no German one is known).

    >>> pattern_name(ScoreLine("exposed pong of simples [666s]", 2, 0, "P3", "[666s]"))
    'exposed pong of simples'
    >>> pattern_name(ScoreLine("exposed pong of simples [666s]", 2, 0, "P3", "[666s]"), "dmjl", "de")
    'Pong aus Grundsteinen, offen'
    """
    if lang != "en" and line.code:
        try:
            return rule_name(ruleset, line.code, lang)
        except KeyError:
            pass
    name = line.name.replace(line.detail, "") if line.detail else line.name
    return " ".join(name.split())


def hand_name(score: Score | None, lang: Lang = "en") -> str:
    """A winning hand's name in ``lang``: its line worth most (doubles first; a limit hand's is
    its limit), the Mah-Jongg points aside."""
    if score is None or not score.items:
        return ""
    lines = [i for i in score.items if not _is_base(i)] or list(score.items)
    top = max(lines, key=lambda i: (i.doubles, i.points))
    return pattern_name(top, score.ruleset, lang)


def _is_base(line: ScoreLine) -> bool:
    """The line every winning hand has (the Mah-Jongg points): not a pattern worth listing."""
    return line.name.strip().lower() in ("mah-jongg", "mahjong", "mah jongg")


def member_stats(
    user_id: int,
    games: Iterable[PlayedGame],
    cache: SummaryCache,
    *,
    season_id: int | None,
    chips: Sequence[ChipPoint] = (),
    top_patterns: int = 5,
    lang: Lang = "en",
) -> MemberStats:
    """A member's figures over the hands of ``season_id`` (None: every hand given); the names of
    hands and patterns in ``lang``.

    Wins and payments come from the stored hands; self-drawn, deals into a win, values and
    patterns from the summaries in ``cache`` (a hand without one counts as played and, if its
    stored result names the member, as a win). Games played here and games recorded at a real
    table count alike; an undone hand is not among the stored hands. The figures are split by
    ruleset and by table size (:attr:`MemberStats.by_ruleset`, :attr:`MemberStats.by_size`), and
    the member's last games are listed with the chips they won in each whole game.
    """
    hands = wins = self_drawn = dealt_in = net = 0
    values: list[int] = []
    best: BestHand | None = None
    patterns: Counter[str] = Counter()
    by_ruleset: dict[str, _Tally] = {}
    by_size: dict[str, _Tally] = {}
    played: list[tuple[PlayedGame, int]] = []  # the games with a hand counted, and the member's seat
    for game in games:
        if user_id not in game.seats:
            continue
        me = game.seats.index(user_id)
        before = (hands, wins, net)
        for hand in game.hands:
            if season_id is not None and hand.season_id != season_id:
                continue
            hands += 1
            for p in hand.payments:
                if p.payee == me:
                    net += p.amount
                elif p.payer == me:
                    net -= p.amount
            facts = cache.facts(game.game_id, hand.hand_no, score=False)
            winner = facts.winner if facts is not None else _stored_winner(hand.result, game.seats)
            if facts is not None and facts.discarder == me and winner is not None and winner != me:
                dealt_in += 1
            if winner != me:
                continue
            wins += 1
            if facts is None:
                continue
            facts = cache.facts(game.game_id, hand.hand_no) or facts  # now with the score
            self_drawn += facts.self_drawn
            values.append(facts.value)
            if best is None or facts.value > best.value:
                best = BestHand(
                    game.game_id,
                    hand.hand_no,
                    facts.value,
                    facts.score,
                    facts.win_tile,
                    hand_name(facts.score, lang),
                )
            if facts.score is not None:
                rules = facts.score.ruleset
                patterns.update({pattern_name(i, rules, lang) for i in facts.score.items if not _is_base(i)})
        if hands == before[0]:
            continue
        for part in (
            by_ruleset.setdefault(game.ruleset, _Tally()),
            by_size.setdefault(str(len(game.seats)), _Tally()),
        ):
            part.games += 1
            part.hands += hands - before[0]
            part.wins += wins - before[1]
            part.net += net - before[2]
        played.append((game, me))
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
        by_ruleset=tuple(
            t.split(k) for k, t in sorted(by_ruleset.items(), key=lambda kv: (-kv[1].hands, kv[0])) if t.hands
        ),
        by_size=tuple(t.split(k) for k, t in sorted(by_size.items(), reverse=True) if t.hands),
        last_games=tuple(
            _last_game(game, me) for game, me in sorted(played, key=lambda g: -g[0].game_id)[:LAST_GAMES]
        ),
    )


def _last_game(game: PlayedGame, me: int) -> LastGame:
    """A game as one of a member's last games: the chips seat ``me`` won in the whole game."""
    paid = [p for h in game.hands for p in h.payments]
    result = sum(p.amount for p in paid if p.payee == me) - sum(p.amount for p in paid if p.payer == me)
    return LastGame(game.game_id, game.created_at, game.ruleset, game.overrides, game.kind, result)


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


async def _load_missing(storage: Storage, cache: SummaryCache, games: Sequence[PlayedGame]) -> None:
    """Fill ``cache`` for ``games``: their stored summaries, and for hands without one (finished
    before summaries were kept) a replay of the log (in a thread), whose summaries are stored."""
    missing = cache.missing(games)
    if not missing:
        return
    stored = await storage.hand_summaries([g.game_id for g in missing])
    # A game recorded at a real table has no log: it is never replayed. Its hands' summaries were
    # written at booking; one without (none is known) counts from its stored result alone.
    unsummarized = [
        g for g in missing if g.kind == "discord" and any(h.hand_no not in stored[g.game_id] for h in g.hands)
    ]
    if unsummarized:
        logs = await storage.game_logs([g.game_id for g in unsummarized])

        def work() -> dict[tuple[int, int], HandSummary]:
            new: dict[tuple[int, int], HandSummary] = {}
            for game in unsummarized:
                known = stored[game.game_id]
                for number, summary in summaries_from_log(game, logs.get(game.game_id, {})).items():
                    if number not in known:
                        new[game.game_id, number] = summary
            return new

        new = await asyncio.to_thread(work)
        await storage.keep_hand_summaries(new)
        for (game_id, number), summary in new.items():
            stored[game_id][number] = summary
    for game in missing:
        known: dict[int, HandSummary | None] = {h.hand_no: None for h in game.hands}
        known.update(stored[game.game_id])
        cache.remember(game.game_id, known)


async def store_missing_summaries(storage: Storage, games: Sequence[PlayedGame]) -> None:
    """Store the summaries that ``games``' finished hands lack (finished before summaries were
    kept), from a replay of their logs: what the pruning of old logs needs first
    (:mod:`bot.retention`), so that ``/stats`` never needs those logs again."""
    await _load_missing(storage, SummaryCache(), games)


async def load_member_stats(
    storage: Storage,
    cache: SummaryCache,
    guild_id: int,
    user_id: int,
    *,
    season: int | None = None,
    lang: Lang = "en",
) -> tuple[Season | None, MemberStats]:
    """Read a season's games (default the open one) and the summaries of their hands the cache
    lacks (replaying the hands that have none, once: their summaries are stored), and compute a
    member's figures.

    :raises NotFoundError: for a season number the server does not have.
    """
    found, games = await storage.played_games(guild_id, season=season, user_id=user_id)
    mine = [g for g in games if user_id in g.seats]
    await _load_missing(storage, cache, mine)
    chips = await storage.chip_history(guild_id, user_id, season=season) if found is not None else []
    season_id = found.season_id if found is not None else None
    return found, member_stats(user_id, mine, cache, season_id=season_id, chips=chips, lang=lang)


async def load_table_stats(storage: Storage, guild_id: int, channel_id: int) -> TableStats:
    """A channel's figures over all its games (no replay needed)."""
    _, games = await storage.played_games(guild_id, channel_id=channel_id)
    return table_stats(games)
