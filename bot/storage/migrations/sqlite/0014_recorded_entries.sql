-- 0014_recorded_entries: what a game recorded at a real table (/record) needs besides its games
-- row, seats and booked hands (migration 0012).
--
-- Why: the players enter their hands on their own phones, one by one, and confirm them; the card
-- and its buttons must keep working after a restart, so the hand being entered (each seat's
-- entry and confirmation), the card's message and where the table stands (East, the prevailing
-- wind, East's run, the rounds, a Gulasch pot) live here, not in memory. Each hand's seating at
-- its start is kept, so an undo puts the table back where it stood. A booked hand is booked
-- exactly as a Discord hand (hands, hand_payments, hand_summaries, the ledger).

-- One row per recorded game: its card.
CREATE TABLE record_cards (
    game_id          INTEGER PRIMARY KEY REFERENCES games (game_id),
    card_channel_id  INTEGER,
    card_message_id  INTEGER
);

-- Where the table stood when each hand began (positions as game_seats.seat; prevailing 0-3 E..N).
-- centre: JSON array of [seat, amount, reason]: stakes lying for the next winner (a Gulasch pot).
CREATE TABLE record_hands (
    game_id    INTEGER NOT NULL,
    hand_no    INTEGER NOT NULL,
    east       INTEGER NOT NULL CHECK (east BETWEEN 0 AND 3),
    prevailing INTEGER NOT NULL CHECK (prevailing BETWEEN 0 AND 3),
    streak     INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    rotations  INTEGER NOT NULL DEFAULT 0 CHECK (rotations >= 0),
    rounds     INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),
    played     INTEGER NOT NULL DEFAULT 0 CHECK (played >= 0),  -- hands that stood before it
    centre     TEXT NOT NULL DEFAULT '[]',
    gulasch    INTEGER NOT NULL DEFAULT 0 CHECK (gulasch IN (0, 1)),
    PRIMARY KEY (game_id, hand_no),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
) WITHOUT ROWID;

-- Each seat's entry for a hand not booked yet (kept after the booking: what was entered).
-- entry: JSON (engine.recorded.SeatEntry.to_json); value: its value as the engine scored it.
CREATE TABLE record_entries (
    game_id     INTEGER NOT NULL,
    hand_no     INTEGER NOT NULL,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    entry       TEXT NOT NULL,
    value       INTEGER NOT NULL,
    entered_by  INTEGER NOT NULL,
    entered_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_no, seat),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
) WITHOUT ROWID;

-- Who confirmed a hand's entries (an admin for the whole table: one row per seat, confirmed_by
-- the admin). Cleared when an entry of the hand changes.
CREATE TABLE record_confirmations (
    game_id       INTEGER NOT NULL,
    hand_no       INTEGER NOT NULL,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    confirmed_by  INTEGER NOT NULL,
    confirmed_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_no, seat),
    FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no)
) WITHOUT ROWID;
