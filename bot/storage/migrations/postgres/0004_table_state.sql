-- 0004_table_state: what a table needs to go on after a restart besides its log.
--
-- Why: a restored table must speak the language it was opened in, and a person's
-- running timer must go on from where it was (plus a grace period) instead of
-- starting afresh, so a restart neither cuts a turn short nor gives it unlimited time.
-- The owner is games.created_by.
--
-- PostgreSQL: the same columns as migrations/sqlite/0004_table_state.sql; SQLite's REAL is
-- DOUBLE PRECISION, its INTEGER BIGINT.

ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
-- Unix time at which a person's turn or claim window runs out, and the game's state
-- version at which that wait began (the deadline holds only while that wait lasts).
ALTER TABLE games ADD COLUMN deadline DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN deadline_version BIGINT;
