-- Seats as data (issue #34): a game has two to six seats, so who sits where, whose clock shows what and whose
-- turn it is are lists, not pairs of columns. The same shape as migrations/postgres/0022_game_seats.sql, which
-- explains `game_seats` and `games.players`.
--
-- SQLite cannot drop a column a foreign key names nor change a CHECK in place, so `games`, `moves` and
-- `game_progress` are rebuilt as copies and swapped in. sqlx runs every migration in a transaction, where
-- foreign keys cannot be switched off, so dropping the old `games` deletes its rows first (SQLite's implicit
-- DELETE of DROP TABLE): the tables that cascade from it (moves, events, progress, notifications, conditional
-- moves) are copied before and filled again after, and the references of the others wait for the commit
-- (`defer_foreign_keys`), by when the new `games` holds every game they name. The new tables reference the new
-- `games` by its name while it is built, `games_rebuilt`, which its rename to `games` carries into them.
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE saved_events AS SELECT * FROM game_events;
CREATE TEMP TABLE saved_notifications AS SELECT * FROM notifications;
CREATE TEMP TABLE saved_conditional_moves AS SELECT * FROM conditional_moves;

CREATE TABLE games_rebuilt (
    id             TEXT    PRIMARY KEY NOT NULL,
    kind           TEXT    NOT NULL,
    ruleset        TEXT    NOT NULL,
    time_control   TEXT    NOT NULL,
    players        TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('active', 'finished', 'aborted')),
    winner         TEXT    CHECK (winner IN ('first', 'second', 'third', 'fourth', 'fifth', 'sixth')),
    end_reason     TEXT,
    length         INTEGER NOT NULL CHECK (length >= 0),
    finished_at    INTEGER,
    speed          TEXT    NOT NULL DEFAULT 'blitz' CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical')),
    rated          INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    imported       INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1)),
    source         TEXT,
    source_index   INTEGER,
    imported_at    INTEGER,
    scores         TEXT,
    correspondence INTEGER NOT NULL DEFAULT 0 CHECK (correspondence IN (0, 1))
) STRICT;

INSERT INTO games_rebuilt (id, kind, ruleset, time_control, players, created_at, status, winner, end_reason,
        length, finished_at, speed, rated, imported, source, source_index, imported_at, scores, correspondence)
    SELECT id, kind, ruleset, time_control, first_id || ' ' || second_id, created_at, status, winner, end_reason,
        length, finished_at, speed, rated, imported, source, source_index, imported_at, scores, correspondence
    FROM games;
CREATE TABLE game_seats (
    game_id    TEXT    NOT NULL REFERENCES games_rebuilt (id),
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    account_id TEXT    NOT NULL REFERENCES accounts (id),
    kind       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT;

INSERT INTO game_seats (game_id, seat, account_id, kind, created_at)
    SELECT id, 0, first_id, kind, created_at FROM games
    UNION ALL
    SELECT id, 1, second_id, kind, created_at FROM games;

CREATE INDEX game_seats_by_player ON game_seats (account_id, created_at, game_id);
CREATE INDEX game_seats_by_player_kind ON game_seats (account_id, kind, created_at, game_id);

-- Every seat's clock in seat order, in ms, separated by colons (`60000:58200`), as the result's scores are.
CREATE TABLE moves_rebuilt (
    game_id        TEXT    NOT NULL REFERENCES games_rebuilt (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL CHECK (ply >= 0),
    seat           TEXT    NOT NULL CHECK (seat IN ('first', 'second', 'third', 'fourth', 'fifth', 'sixth')),
    notation       TEXT    NOT NULL,
    turn_ended     INTEGER NOT NULL CHECK (turn_ended IN (0, 1)),
    client_move_id TEXT    NOT NULL,
    clocks_ms      TEXT    NOT NULL,
    received_at    INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT;

INSERT INTO moves_rebuilt (game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at)
    SELECT game_id, ply, seat, notation, turn_ended, client_move_id, first_ms || ':' || second_ms, received_at
    FROM moves;
CREATE TABLE game_progress_rebuilt (
    game_id        TEXT    PRIMARY KEY NOT NULL REFERENCES games_rebuilt (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq >= 0),
    ply            INTEGER NOT NULL CHECK (ply >= 0),
    clocks_ms      TEXT    NOT NULL,
    clock_at       INTEGER NOT NULL,
    to_act         TEXT    CHECK (to_act IN ('first', 'second', 'third', 'fourth', 'fifth', 'sixth')),
    deadline       INTEGER,
    swept          INTEGER NOT NULL DEFAULT 0 CHECK (swept IN (0, 1)),
    swept_deadline INTEGER
) STRICT;

INSERT INTO game_progress_rebuilt (game_id, seq, ply, clocks_ms, clock_at, to_act, deadline, swept, swept_deadline)
    SELECT game_id, seq, ply, first_ms || ':' || second_ms, clock_at, to_act, deadline, swept, swept_deadline
    FROM game_progress;
DROP TABLE games;
ALTER TABLE games_rebuilt RENAME TO games;

CREATE INDEX games_active ON games (created_at, id) WHERE status = 'active';
CREATE UNIQUE INDEX games_by_source ON games (source, source_index) WHERE source IS NOT NULL;
CREATE INDEX games_by_created ON games (created_at, id);
CREATE INDEX games_by_end_reason ON games (end_reason, created_at, id);
CREATE INDEX games_by_status ON games (status, created_at, id);
CREATE INDEX games_by_result ON games (status, winner, created_at, id);
CREATE INDEX games_by_status_and_sort ON games (status, correspondence, created_at, id);
CREATE INDEX games_by_length ON games (length, id);

DROP TABLE moves;
ALTER TABLE moves_rebuilt RENAME TO moves;

DROP TABLE game_progress;
ALTER TABLE game_progress_rebuilt RENAME TO game_progress;

CREATE INDEX game_progress_by_swept_deadline ON game_progress (swept_deadline) WHERE swept_deadline IS NOT NULL;

INSERT INTO game_events SELECT * FROM saved_events;
INSERT INTO notifications SELECT * FROM saved_notifications;
INSERT INTO conditional_moves SELECT * FROM saved_conditional_moves;
DROP TABLE saved_events;
DROP TABLE saved_notifications;
DROP TABLE saved_conditional_moves;
