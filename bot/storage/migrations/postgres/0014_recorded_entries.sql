-- 0014_recorded_entries: what a game recorded at a real table (/record) needs besides its games
-- row, seats and booked hands (migration 0012).
--
-- Why: the players enter their hands on their own phones, one by one, and confirm them; the card
-- and its buttons must keep working after a restart, so the hand being entered (each seat's
-- entry and confirmation), the card's message and where the table stands (East, the prevailing
-- wind, East's run, the rounds, a Gulasch pot) live here, not in memory. Each hand's seating at
-- its start is kept, so an undo puts the table back where it stood. A booked hand is booked
-- exactly as a Discord hand (hands, hand_payments, hand_summaries, the ledger).
--
-- PostgreSQL: the same tables as migrations/sqlite/0014_recorded_entries.sql (seats, winds and
-- the gulasch flag INTEGER, ids and counts BIGINT; record_cards.game_id is the game's id, written
-- by the bot, so no identity).

-- One row per recorded game: its card.
CREATE TABLE record_cards (
    game_id          BIGINT PRIMARY KEY REFERENCES games (game_id),
    card_channel_id  BIGINT,
    card_message_id  BIGINT
);

-- Where the table stood when each hand began (positions as game_seats.seat; prevailing 0-3 E..N).
-- centre: JSON array of [seat, amount, reason]: stakes lying for the next winner (a Gulasch pot).
CREATE TABLE record_hands (
    game_id    BIGINT NOT NULL,
    hand_no    BIGINT NOT NULL,
    east       INTEGER NOT NULL CHECK (east BETWEEN 0 AND 3),
    prevailing INTEGER NOT NULL CHECK (prevailing BETWEEN 0 AND 3),
    streak     BIGINT NOT NULL DEFAULT 0 CHECK (streak >= 0),
    rotations  BIGINT NOT NULL DEFAULT 0 CHECK (rotations >= 0),
    rounds     BIGINT NOT NULL DEFAULT 0 CHECK (rounds >= 0),
    played     BIGINT NOT NULL DEFAULT 0 CHECK (played >= 0),  -- hands that stood before it
    centre     TEXT NOT NULL DEFAULT '[]',
    gulasch    INTEGER NOT NULL DEFAULT 0 CHECK (gulasch IN (0, 1)),
    PRIMARY KEY (game_id, hand_no),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
);

-- Each seat's entry for a hand not booked yet (kept after the booking: what was entered).
-- entry: JSON (engine.recorded.SeatEntry.to_json); value: its value as the engine scored it.
CREATE TABLE record_entries (
    game_id     BIGINT NOT NULL,
    hand_no     BIGINT NOT NULL,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    entry       TEXT NOT NULL,
    value       BIGINT NOT NULL,
    entered_by  BIGINT NOT NULL,
    entered_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_no, seat),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
);

-- Who confirmed a hand's entries (an admin for the whole table: one row per seat, confirmed_by
-- the admin). Cleared when an entry of the hand changes.
CREATE TABLE record_confirmations (
    game_id       BIGINT NOT NULL,
    hand_no       BIGINT NOT NULL,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    confirmed_by  BIGINT NOT NULL,
    confirmed_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_no, seat),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
);
