-- 0005_club_options: the club options /chips needs besides the two of 0002.
--
-- Why: a club sets how many chips one buy-in grants and how many buy-ins a
-- member may make per season (0: none), the lowest balance a member transfer
-- may leave (the floor), and the role whose members may administer the chips
-- besides those with Manage Server. /chips reads them; storage enforces the
-- amount, the limit and the floor inside the write transaction that books.
--
-- PostgreSQL: the same columns and checks as migrations/sqlite/0005_club_options.sql; chip
-- amounts, counts and the role's snowflake are BIGINT.

ALTER TABLE guilds ADD COLUMN buy_in_amount BIGINT NOT NULL DEFAULT 5000
    CHECK (buy_in_amount BETWEEN 1 AND 1000000000);
ALTER TABLE guilds ADD COLUMN buy_in_limit BIGINT NOT NULL DEFAULT 0
    CHECK (buy_in_limit BETWEEN 0 AND 1000);
-- NULL: no floor (only allow_negative_balance limits a transfer).
ALTER TABLE guilds ADD COLUMN balance_floor BIGINT
    CHECK (balance_floor IS NULL OR balance_floor BETWEEN -1000000000 AND 1000000000);
-- NULL: no admin role (Manage Server only).
ALTER TABLE guilds ADD COLUMN admin_role_id BIGINT;
