-- 0010_log_retention: a finished game's move log may be pruned after a while; its record stays.
--
-- Why: every finished game kept its whole move-by-move log for ever (about two thirds of the
-- bytes a finished hand keeps), although nothing but a replay of that game reads it once every
-- hand has its summary (0008). The bot now prunes the `actions` of a game that ended (finished
-- or abandoned) more than MAHJONG_KEEP_LOGS_DAYS ago. The game's row, its seats, its hands with
-- their results, payments and summaries, and the ledger stay, so /stats, /chips history,
-- standings and the hands export read the same. These columns say that it happened, so that a
-- pruned log is never taken for an empty one.
--
-- PostgreSQL: the same columns and index as migrations/sqlite/0010_log_retention.sql.

-- When the game's move log was pruned (NULL: it is kept whole).
ALTER TABLE games ADD COLUMN log_pruned_at TEXT;
-- How many actions the hand's log had when it was pruned (NULL: the log is kept; count it).
ALTER TABLE hands ADD COLUMN pruned_actions BIGINT CHECK (pruned_actions IS NULL OR pruned_actions >= 0);

-- The games the next pruning looks at: ended, log still kept.
CREATE INDEX games_with_logs_by_end ON games (ended_at) WHERE status <> 'live' AND log_pruned_at IS NULL;
