-- 0016_thread: a table played in a public thread of its own (the table setting table_in_thread).
--
-- Why: with table_in_thread on, /mahjong new opens a public thread; the game is kept under the
-- thread's id (games.channel_id: clicks come with it), and its channel keeps one line that links
-- to the thread. When the game ends (or its table is closed) that line is edited and the thread
-- archived, after the final sheet is posted. A restart must still find the channel, the line and
-- whether the thread was archived, so a game that ended just before a stop is archived after it.
--
-- PostgreSQL: the same columns as migrations/sqlite/0016_thread.sql (types as in 0001).

-- The channel the thread was opened in (NULL: the game is played in its channel itself).
ALTER TABLE games ADD COLUMN thread_parent_id BIGINT;
-- The channel's line that links to the thread (its message id; NULL: none).
ALTER TABLE games ADD COLUMN thread_link_id BIGINT;
-- When the thread was archived and its line edited (NULL: not yet, or no thread).
ALTER TABLE games ADD COLUMN thread_closed_at TEXT;
