-- 0013_ratings: the skill rating (openskill's Plackett-Luce, bot/rating.py) of every finished game.
--
-- Why: a club wants a rating of its members, not only chips. Every finished game (played in
-- Discord or recorded at a real table) rates the people in it by their order of finish, in the
-- same transaction that finishes the game, once: `rated_games` is keyed by the game. Each
-- person's place and their rating before and after are kept per game (`rating_events`): the
-- chart over time reads them, and when a server changes how its rulesets are grouped into rating
-- families (`rating_settings.rating_by`) the ratings are rebuilt from them, game by game in the
-- order they were rated. `ratings` holds each member's current rating per (server, family), so
-- the leaderboard reads one small table. Games finished before this version are rated the first
-- time a server's ratings are needed (or a game of it ends), in the order they ended.

CREATE TABLE rating_settings (
    guild_id   INTEGER PRIMARY KEY REFERENCES guilds (guild_id),
    rating_by  TEXT NOT NULL CHECK (rating_by IN ('ruleset', 'classical', 'all'))
);

-- The servers whose games finished before this version have been rated (once, at the first need):
-- from then on each game is rated as it ends, and nothing needs to look for unrated games.
CREATE TABLE rating_backfilled (
    guild_id   INTEGER PRIMARY KEY
);

-- Every finished game the rating has seen, in the order it was rated (seq), whether it rated
-- anyone (people >= 2) or not.
CREATE TABLE rated_games (
    seq        INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL UNIQUE REFERENCES games (game_id),
    guild_id   INTEGER NOT NULL,
    family     TEXT NOT NULL,
    people     INTEGER NOT NULL CHECK (people >= 0),
    rated_at   TEXT NOT NULL
);
CREATE INDEX rated_games_by_guild ON rated_games (guild_id, seq);

-- One row per (game, person): their place among the people (1 best; equal chips share it), the
-- chips they won in the game, and their rating before and after it.
CREATE TABLE rating_events (
    game_id       INTEGER NOT NULL REFERENCES rated_games (game_id),
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    family        TEXT NOT NULL,
    place         INTEGER NOT NULL CHECK (place >= 1),
    chips         INTEGER NOT NULL,
    mu_before     REAL NOT NULL,
    sigma_before  REAL NOT NULL,
    mu_after      REAL NOT NULL,
    sigma_after   REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX rating_events_by_member ON rating_events (guild_id, family, user_id);

-- Each member's current rating per server and family (rebuilt from rating_events when the
-- grouping changes).
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    family     TEXT NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 1),
    PRIMARY KEY (guild_id, family, user_id)
) WITHOUT ROWID;
