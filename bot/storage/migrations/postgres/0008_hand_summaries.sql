-- 0008_hand_summaries: the engine's summary of every finished hand, kept with its result.
--
-- Why: /stats needs what only the engine knows about a hand (who won and how:
-- self-drawn or on whose discard, each seat's hand value, the winning hand's
-- scoring lines and arrangement). Replaying every game of a season to learn it
-- took seconds on the first call after a start. This is not a count kept on the
-- side that could drift from the record: it is the engine's own output for that
-- hand, the same that settled its payments, written in the same transaction as
-- the hand's result, and a replay of the hand's action log gives it again
-- (bot/summary.py; tests/test_bot_stats.py checks that they agree). Hands
-- finished before this version get theirs from one replay, the first time
-- /stats needs them. Seats are indexes into the game's seats (game_seats.seat).
--
-- PostgreSQL: the same table as migrations/sqlite/0008_hand_summaries.sql (seats and the
-- self_drawn flag INTEGER, ids BIGINT).

CREATE TABLE hand_summaries (
    game_id      BIGINT NOT NULL,
    hand_no      BIGINT NOT NULL,
    winner       INTEGER CHECK (winner BETWEEN 0 AND 3),     -- NULL: nobody won (or see error)
    self_drawn   INTEGER NOT NULL DEFAULT 0 CHECK (self_drawn IN (0, 1)),
    discarder    INTEGER CHECK (discarder BETWEEN 0 AND 3),  -- who discarded the winning tile
    win_tile     TEXT,                                       -- in notation, e.g. '5p'
    hand_values  TEXT NOT NULL DEFAULT '[]',                 -- JSON array: each seat's hand value
    score        TEXT NOT NULL DEFAULT '',                   -- JSON: the winning hand's score, '' without
    error        TEXT NOT NULL DEFAULT '',                   -- not '': the log did not replay (why)
    PRIMARY KEY (game_id, hand_no),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
);
