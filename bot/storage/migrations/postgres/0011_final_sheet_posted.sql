-- 0011_final_sheet_posted: whether a finished game's final score sheet (with the standings) was
-- posted in its channel.
--
-- Why: a game's end is stored with its last hand's booking, in one transaction, and the sheet is
-- posted after it. A bot stopped between the two left a finished game, which is never restored,
-- so its channel never saw the final standings. The bot now marks the game when that sheet was
-- posted; on start-up it posts the sheet of every finished game still unmarked, then marks it.
--
-- PostgreSQL: the same column and the same update as migrations/sqlite/0011_final_sheet_posted.sql.

-- When the final sheet was posted (NULL: not yet, or the game is live or was abandoned before
-- an ending with a sheet).
ALTER TABLE games ADD COLUMN end_posted_at TEXT;

-- Games that ended before this version: their sheets were posted, or their moment has passed.
UPDATE games SET end_posted_at = ended_at WHERE status <> 'live';
