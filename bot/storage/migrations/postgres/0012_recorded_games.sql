-- 0012_recorded_games: games played at a real table and scored in Discord (/record) are games too.
--
-- Why: a club's evening at a real table must reach the same ledger, history, statistics and
-- rating as a game played in Discord. A recorded game is a row of `games` with kind 'record':
-- its seats in `game_seats`, each booked hand in `hands` with its result, its payments in
-- `hand_payments`, its summary in `hand_summaries` and its ledger transaction, exactly as a hand
-- played in Discord; it has no move log (`actions`) and no seed of its own (0). Several
-- recorded games may be open in one channel, beside its one live Discord game, so the
-- one-live-game index now covers Discord games only. A booked hand is never deleted: an undo
-- books a reversing ledger transaction (kind 'hand', the reason says it is an undo; none for a hand
-- that paid nothing) and marks the hand undone (`reversed_at`), and every reader leaves an undone
-- hand out (`reversed_at IS NULL`: the hand stands).
--
-- PostgreSQL: the same columns, index and reference as migrations/sqlite/0012_recorded_games.sql.

ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'discord' CHECK (kind IN ('discord', 'record'));

DROP INDEX games_one_live_per_channel;
CREATE UNIQUE INDEX games_one_live_per_channel ON games (guild_id, channel_id)
    WHERE status = 'live' AND kind = 'discord';

-- When the hand was undone (NULL: the hand stands), the ledger transaction that reversed its booking
-- (NULL for a hand that paid nothing), who undid it and the reason they gave, as they typed it.
ALTER TABLE hands ADD COLUMN reversed_at TEXT;
ALTER TABLE hands ADD COLUMN reversed_txn BIGINT REFERENCES transactions (txn_id);
ALTER TABLE hands ADD COLUMN reversed_by BIGINT;
ALTER TABLE hands ADD COLUMN reversed_reason TEXT NOT NULL DEFAULT '';
