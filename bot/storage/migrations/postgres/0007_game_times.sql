-- 0007_game_times: the times a table played with, kept with its game.
--
-- Why: a table takes its times (turn, claim window, next hand) from the settings
-- when it opens, and a later change of the settings must never alter a running
-- game, not even across a restart. The restored table reads them from here.
--
-- PostgreSQL: the same column as migrations/sqlite/0007_game_times.sql.

-- JSON object: turn_seconds, claim_seconds, claim_min_seconds, next_hand_seconds.
ALTER TABLE games ADD COLUMN times TEXT NOT NULL DEFAULT '{}';
