"""The skill rating's storage: each finished game rated once, in the transaction that ends it.

:meth:`RatingsMixin._game_finished` is called by both calls that finish a game
(``end_game`` and ``finish_hand(..., ends_game=True)``; a game recorded at a real table is ended
through ``end_game`` too). It rates every finished game of that server the rating has not seen
yet, in the order they ended: games finished before ratings existed are so rated once, before
the first game that ends after the upgrade, or the first time the server's ratings are read
(:meth:`RatingsMixin.rating_board`, :meth:`RatingsMixin.member_rating`). A game is keyed by its
id in ``rated_games``: never rated twice.

A game's chips per seat are the sum of its hands' payments, a hand whose booking was reversed
(``hands.reversed_at``) left out; who is rated and how is :mod:`bot.rating`'s. Changing how a
server groups its rulesets (:meth:`RatingsMixin.set_rating_by`) rebuilds that server's ratings
from the stored places, game by game in the order they were rated, in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rating import DEFAULT_RATING_BY, RATING_BY, Rating, chips_won, family, places, rate
from bot.storage.checks import check_actor, check_id, quote
from bot.storage.core import GUILD_SCOPE, to_json
from bot.storage.errors import StorageInputError
from bot.storage.games import GamesMixin
from bot.storage.sql import Db, Row

RATINGS_SCHEMA = 13
"""The schema version that brought the rating's tables."""


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A member's rating after one game: the game, its family and the rating then."""

    game_id: int
    place: int
    people: int
    rating: Rating


@dataclass(frozen=True, slots=True)
class MemberRating:
    """A member's rating in one family and how it came: one point per rated game, oldest first."""

    user_id: int
    family: str
    rating: Rating
    history: tuple[RatingPoint, ...]


class RatingsMixin(GamesMixin):
    """The rating of every finished game, the server's grouping, the leaderboard's reads."""

    @property
    def _has_ratings(self) -> bool:
        return self._schema_target is None or self._schema_target >= RATINGS_SCHEMA

    async def _game_finished(self, db: Db, game_id: int) -> None:
        await super()._game_finished(db, game_id)
        if not self._has_ratings:
            return
        row = await db.fetchone("SELECT guild_id, ruleset FROM games WHERE game_id = ?", (game_id,))
        if row is None:
            return
        await self._catch_up(db, row[0])  # the server's older games first (this one among them)
        rated = await db.fetchone("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,))
        if rated is None:
            await self._rate_game(db, row[0], game_id, row[1], await self._rating_by(db, row[0]))

    # ----------------------------------------------------------------- the grouping

    async def _rating_by(self, db: Db, guild_id: int) -> str:
        row = await db.fetchone("SELECT rating_by FROM rating_settings WHERE guild_id = ?", (guild_id,))
        return str(row[0]) if row is not None else DEFAULT_RATING_BY

    async def rating_by(self, guild_id: int) -> str:
        """How the server groups its rulesets into rating families (:data:`bot.rating.RATING_BY`)."""
        check_id(guild_id, "guild id")

        async def work(db: Db) -> str:
            return await self._rating_by(db, guild_id)

        return await self._read(work)

    async def set_rating_by(self, guild_id: int, value: object, *, actor_id: int | None = None) -> str:
        """Set how the server groups its rulesets into rating families: ``ruleset`` (each on its
        own, the default), ``classical`` (dmjl and huabao together) or ``all``; the server's
        ratings are rebuilt from every game rated so far, in the order they were rated, in the
        same transaction (nothing is lost: changing it back gives the ratings back). Returns the
        value now in force.

        :raises StorageInputError: for another value.
        """
        check_id(guild_id, "guild id")
        check_actor(actor_id)
        chosen = value.strip().lower() if isinstance(value, str) else value
        if chosen not in RATING_BY:
            raise StorageInputError(f"rating_by takes one of {', '.join(RATING_BY)}, not {quote(value)}")
        assert isinstance(chosen, str)

        async def work(db: Db) -> str:
            await self._ensure_guild(db, guild_id)
            await self._catch_up(db, guild_id)  # every game rated under the old grouping first
            old = await self._rating_by(db, guild_id)
            await db.execute(
                "INSERT INTO rating_settings (guild_id, rating_by) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET rating_by = excluded.rating_by",
                (guild_id, chosen),
            )
            if old != chosen:
                await self._log_change(
                    db,
                    guild_id,
                    GUILD_SCOPE,
                    "club_option",
                    "rating_by",
                    to_json(old),
                    to_json(chosen),
                    actor_id,
                )
                await self._rebuild(db, guild_id, chosen)
            return chosen

        return await self._write(work)

    # ----------------------------------------------------------------- rating games

    async def _catch_up(self, db: Db, guild_id: int) -> int:
        """Rate every finished game of the server not rated yet, in the order they ended, once per
        server (``rating_backfilled``: afterwards each game is rated as it ends); how many."""
        done = await db.fetchone("SELECT 1 FROM rating_backfilled WHERE guild_id = ?", (guild_id,))
        if done is not None:
            return 0
        await db.execute("INSERT INTO rating_backfilled (guild_id) VALUES (?)", (guild_id,))
        rows = await db.fetchall(
            "SELECT g.game_id, g.ruleset FROM games g LEFT JOIN rated_games r USING (game_id) "
            "WHERE g.guild_id = ? AND g.status = 'finished' AND r.game_id IS NULL "
            "ORDER BY g.ended_at, g.game_id",
            (guild_id,),
        )
        if not rows:
            return 0
        grouping = await self._rating_by(db, guild_id)
        for row in rows:
            await self._rate_game(db, guild_id, row[0], row[1], grouping)
        return len(rows)

    async def _game_chips(self, db: Db, game_id: int, seats: int) -> list[int]:
        """Each seat's chips won in a game: its hands' payments, reversed hands left out."""
        rows = await db.fetchall(
            "SELECT p.payer_seat, p.payee_seat, p.amount FROM hand_payments p JOIN hands h "
            "USING (game_id, hand_no) WHERE p.game_id = ? AND h.reversed_at IS NULL",
            (game_id,),
        )
        return chips_won(seats, [(r[0], r[1], r[2]) for r in rows])

    async def _current(self, db: Db, guild_id: int, fam: str, users: list[int]) -> dict[int, Rating]:
        marks = ", ".join("?" * len(users))
        rows = await db.fetchall(
            f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND family = ? "
            f"AND user_id IN ({marks})",
            (guild_id, fam, *users),
        )
        return {r[0]: Rating(r[1], r[2], r[3]) for r in rows}

    async def _rate_game(self, db: Db, guild_id: int, game_id: int, ruleset: str, grouping: str) -> None:
        seats = await self._seats(db, game_id)
        chips = await self._game_chips(db, game_id, len(seats))
        ranked = places(seats, chips)
        fam = family(ruleset, grouping)
        await db.execute(
            "INSERT INTO rated_games (game_id, guild_id, family, people, rated_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, guild_id, fam, sum(isinstance(s, int) for s in seats), self._now()),
        )
        if not ranked:
            return
        before = await self._current(db, guild_id, fam, sorted(ranked))
        after = rate(before, ranked)
        won = {seat: chips[i] for i, seat in enumerate(seats) if isinstance(seat, int)}
        await db.executemany(
            "INSERT INTO rating_events (game_id, user_id, guild_id, family, place, chips, mu_before, "
            "sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    user,
                    guild_id,
                    fam,
                    ranked[user],
                    won[user],
                    before.get(user, Rating()).mu,
                    before.get(user, Rating()).sigma,
                    new.mu,
                    new.sigma,
                )
                for user, new in after.items()
            ],
        )
        await db.executemany(
            "INSERT INTO ratings (guild_id, family, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, family, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = excluded.games",
            [(guild_id, fam, user, new.mu, new.sigma, new.games) for user, new in after.items()],
        )

    async def _rebuild(self, db: Db, guild_id: int, grouping: str) -> None:
        """Every rating of the server again from the stored places, game by game in the order they
        were rated, under ``grouping``."""
        games = await db.fetchall(
            "SELECT r.game_id, g.ruleset FROM rated_games r JOIN games g USING (game_id) "
            "WHERE r.guild_id = ? ORDER BY r.seq",
            (guild_id,),
        )
        placed: dict[int, dict[int, int]] = {}
        for r in await db.fetchall(
            "SELECT game_id, user_id, place FROM rating_events WHERE guild_id = ?", (guild_id,)
        ):
            placed.setdefault(r[0], {})[r[1]] = r[2]
        current: dict[tuple[str, int], Rating] = {}
        games_rows: list[tuple[str, int]] = []
        events: list[tuple[str, float, float, float, float, int, int]] = []
        for game_id, ruleset in games:
            fam = family(ruleset, grouping)
            games_rows.append((fam, game_id))
            ranked = placed.get(game_id, {})
            before = {user: current[(fam, user)] for user in ranked if (fam, user) in current}
            for user, new in rate(before, ranked).items():
                old = before.get(user, Rating())
                events.append((fam, old.mu, old.sigma, new.mu, new.sigma, game_id, user))
                current[(fam, user)] = new
        await db.executemany("UPDATE rated_games SET family = ? WHERE game_id = ?", games_rows)
        await db.executemany(
            "UPDATE rating_events SET family = ?, mu_before = ?, sigma_before = ?, mu_after = ?, "
            "sigma_after = ? WHERE game_id = ? AND user_id = ?",
            events,
        )
        await db.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
        await db.executemany(
            "INSERT INTO ratings (guild_id, family, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)",
            [(guild_id, fam, user, r.mu, r.sigma, r.games) for (fam, user), r in current.items()],
        )

    # ----------------------------------------------------------------- reads

    async def rating_board(self, guild_id: int, fam: str) -> list[tuple[int, Rating]]:
        """Every member's rating in a family of the server, best conservative estimate first
        (``mu - 3 sigma``; ties by more games, then user id). Games not rated yet are rated first."""
        check_id(guild_id, "guild id")

        async def work(db: Db) -> list[tuple[int, Rating]]:
            await self._catch_up(db, guild_id)
            rows = await db.fetchall(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND family = ?",
                (guild_id, fam),
            )
            board = [(r[0], Rating(r[1], r[2], r[3])) for r in rows]
            board.sort(key=lambda e: (-e[1].conservative, -e[1].games, e[0]))
            return board

        return await self._write(work)

    async def member_rating(self, guild_id: int, user_id: int, fam: str) -> MemberRating | None:
        """A member's rating in a family of the server with one point per rated game, oldest first
        (None: no rated game there). Games not rated yet are rated first."""
        check_id(guild_id, "guild id")
        check_id(user_id, "user id")

        async def work(db: Db) -> MemberRating | None:
            await self._catch_up(db, guild_id)
            row = await db.fetchone(
                "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? AND family = ? AND user_id = ?",
                (guild_id, fam, user_id),
            )
            if row is None:
                return None
            points = await db.fetchall(
                "SELECT e.game_id, e.place, r.people, e.mu_after, e.sigma_after FROM rating_events e "
                "JOIN rated_games r USING (game_id) WHERE e.guild_id = ? AND e.family = ? "
                "AND e.user_id = ? ORDER BY r.seq",
                (guild_id, fam, user_id),
            )
            history = tuple(
                RatingPoint(p[0], p[1], p[2], Rating(p[3], p[4], i + 1)) for i, p in enumerate(points)
            )
            return MemberRating(user_id, fam, Rating(row[0], row[1], row[2]), history)

        return await self._write(work)

    async def rated_game_ids(self, guild_id: int) -> list[int]:
        """The games of a server the rating has seen, in the order they were rated."""
        check_id(guild_id, "guild id")

        async def work(db: Db) -> list[Row]:
            return await db.fetchall(
                "SELECT game_id FROM rated_games WHERE guild_id = ? ORDER BY seq", (guild_id,)
            )

        return [r[0] for r in await self._read(work)]
