-- 0002_chip_ledger: a double-entry chip ledger with seasons.
--
-- Why: a club trusts the bot with its chips, so every chip must be traceable.
-- Balances are never stored: they are the sum of an account's entries. Every
-- movement of chips (buy-in, hand settlement, admin adjustment, member
-- transfer, season reset, starting chips) is one row of `transactions` with
-- two or more `entries` that sum to zero; the storage layer checks the sum
-- inside the same SQLite transaction and rolls everything back otherwise.
-- Each season has a 'bank' account, the counterparty of buy-ins, adjustments
-- and starting chips, so that the bank's balance is minus the chips in play.

-- Club options that belong to storage rather than to the rules engine.
ALTER TABLE guilds ADD COLUMN allow_negative_balance INTEGER NOT NULL DEFAULT 1
    CHECK (allow_negative_balance IN (0, 1));
ALTER TABLE guilds ADD COLUMN allow_member_transfers INTEGER NOT NULL DEFAULT 0
    CHECK (allow_member_transfers IN (0, 1));

CREATE TABLE seasons (
    season_id       INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL REFERENCES guilds (guild_id),
    number          INTEGER NOT NULL CHECK (number >= 1),
    name            TEXT NOT NULL,
    starting_chips  INTEGER NOT NULL CHECK (starting_chips >= 0),
    opened_at       TEXT NOT NULL,
    opened_by       INTEGER,
    closed_at       TEXT,
    closed_by       INTEGER,
    UNIQUE (guild_id, number)
);
-- At most one open season per server.
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE closed_at IS NULL;

-- holder: 'bank', 'user:<discord id>' or 'ai:<level>' (computer players keep their own account).
CREATE TABLE accounts (
    account_id  INTEGER PRIMARY KEY,
    season_id   INTEGER NOT NULL REFERENCES seasons (season_id),
    holder      TEXT NOT NULL,
    user_id     INTEGER,
    created_at  TEXT NOT NULL,
    UNIQUE (season_id, holder),
    CHECK ((holder LIKE 'user:%') = (user_id IS NOT NULL))
);
CREATE INDEX accounts_by_user ON accounts (user_id) WHERE user_id IS NOT NULL;

-- kind: 'buy_in', 'hand', 'adjustment', 'transfer', 'season_reset', 'starting_chips'.
-- actor_id: the Discord user who caused it (NULL: the bot itself, e.g. a hand settlement).
CREATE TABLE transactions (
    txn_id      INTEGER PRIMARY KEY,
    season_id   INTEGER NOT NULL REFERENCES seasons (season_id),
    kind        TEXT NOT NULL CHECK (kind IN ('buy_in', 'hand', 'adjustment', 'transfer',
                                             'season_reset', 'starting_chips')),
    actor_id    INTEGER,
    reason      TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL
);
CREATE INDEX transactions_by_season ON transactions (season_id, txn_id);

CREATE TABLE entries (
    entry_id    INTEGER PRIMARY KEY,
    txn_id      INTEGER NOT NULL REFERENCES transactions (txn_id),
    account_id  INTEGER NOT NULL REFERENCES accounts (account_id),
    amount      INTEGER NOT NULL CHECK (amount <> 0),
    memo        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX entries_by_txn ON entries (txn_id);
-- Covering index: a balance is one index range sum.
CREATE INDEX entries_by_account ON entries (account_id, amount);

-- The ledger is append-only: history is corrected by new transactions, never by edits.
CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;
CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;
CREATE TRIGGER transactions_no_update BEFORE UPDATE ON transactions
BEGIN
    SELECT RAISE(ABORT, 'ledger transactions are append-only');
END;
CREATE TRIGGER transactions_no_delete BEFORE DELETE ON transactions
BEGIN
    SELECT RAISE(ABORT, 'ledger transactions are append-only');
END;
