-- 0003_games: games, hands and the action log of every hand.
--
-- Why: a restart, crash or update in the middle of a hand must not lose the
-- game. The game engine is deterministic given its ruleset, settings, seats,
-- seed and the ordered actions, so the log below is enough to rebuild every
-- live game on start-up by replaying it. Each action is committed (and, with
-- synchronous=FULL, fsynced) before the bot answers the click; the sequence
-- number is the next one or the append is refused, which catches two writers
-- racing on one table. A finished hand's result, its payments and the ledger
-- transaction that pays them are written in one SQLite transaction.

CREATE TABLE games (
    game_id       INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id    INTEGER NOT NULL,
    ruleset       TEXT NOT NULL,
    overrides     TEXT NOT NULL,            -- JSON object: the house-rule overrides in force
    fingerprint   TEXT NOT NULL,            -- engine.settings.Settings.fingerprint() at the start
    seed          INTEGER NOT NULL,
    status        TEXT NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'finished', 'abandoned')),
    current_hand  INTEGER NOT NULL DEFAULT 1,
    created_by    INTEGER,
    created_at    TEXT NOT NULL,
    ended_at      TEXT,
    end_reason    TEXT NOT NULL DEFAULT ''
);
-- One live game per channel (a thread is a channel of its own).
CREATE UNIQUE INDEX games_one_live_per_channel ON games (guild_id, channel_id) WHERE status = 'live';
CREATE INDEX games_by_status ON games (status, game_id);

-- A seat is a Discord user (user_id) or a computer player (ai_level, e.g. 'ai:normal').
CREATE TABLE game_seats (
    game_id   INTEGER NOT NULL REFERENCES games (game_id),
    seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id   INTEGER,
    ai_level  TEXT,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
) WITHOUT ROWID;

CREATE TABLE hands (
    game_id      INTEGER NOT NULL REFERENCES games (game_id),
    hand_no      INTEGER NOT NULL CHECK (hand_no >= 1),
    started_at   TEXT NOT NULL,
    finished_at  TEXT,
    result       TEXT,                      -- opaque summary from the engine (JSON or notation)
    season_id    INTEGER REFERENCES seasons (season_id),
    txn_id       INTEGER REFERENCES transactions (txn_id),
    PRIMARY KEY (game_id, hand_no)
) WITHOUT ROWID;

-- The ordered log of a hand: seq 1, 2, 3 ... without gaps.
CREATE TABLE actions (
    game_id     INTEGER NOT NULL,
    hand_no     INTEGER NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    action      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_no, seq),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
) WITHOUT ROWID;

-- What the engine's settlement said for a hand, seat to seat (the ledger holds the chips).
CREATE TABLE hand_payments (
    game_id     INTEGER NOT NULL,
    hand_no     INTEGER NOT NULL,
    idx         INTEGER NOT NULL,
    payer_seat  INTEGER NOT NULL CHECK (payer_seat BETWEEN 0 AND 3),
    payee_seat  INTEGER NOT NULL CHECK (payee_seat BETWEEN 0 AND 3),
    amount      INTEGER NOT NULL CHECK (amount > 0),
    reason      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, hand_no, idx),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
) WITHOUT ROWID;

CREATE INDEX hands_by_season ON hands (season_id, finished_at);
CREATE INDEX hands_by_txn ON hands (txn_id) WHERE txn_id IS NOT NULL;
