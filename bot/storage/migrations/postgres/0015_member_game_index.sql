-- 0015_member_game_index: find a member's games without reading the server's.
--
-- Why: /stats of a member read every game of the season and kept the member's (issue 30: a
-- season of 1,000,000 ledger entries took seconds, and held up the moves). With this index the
-- storage reads only the games the member sat in (`played_games(..., user_id=...)`).
--
-- PostgreSQL: the same index as migrations/sqlite/0015_member_game_index.sql.
CREATE INDEX game_seats_by_user ON game_seats (user_id, game_id) WHERE user_id IS NOT NULL;
