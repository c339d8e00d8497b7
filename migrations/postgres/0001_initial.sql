-- The first schema: accounts, sessions, challenges, games, moves and game events.
-- Landed migrations are never edited: change the schema with a new numbered file.
--
-- Times are milliseconds since the Unix epoch (BIGINT). Rulesets, time controls and event payloads are the
-- protocol's JSON, stored as opaque TEXT. The SQLite schema (migrations/sqlite) has the same shape.

CREATE TABLE accounts (
    id            UUID    PRIMARY KEY,
    name          TEXT    NOT NULL,
    -- The name in lower case, computed by the server (not by the database, whose lower() differs between
    -- backends and collations): names are unique regardless of letter case.
    name_key      TEXT    NOT NULL UNIQUE,
    kind          TEXT    NOT NULL CHECK (kind IN ('guest', 'registered')),
    password_hash TEXT,
    is_admin      BOOLEAN NOT NULL,
    banned        BOOLEAN NOT NULL,
    created_at    BIGINT  NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT   PRIMARY KEY,
    account_id UUID   NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX sessions_by_account ON sessions (account_id);

-- Status, result and end reason of a game. The end reason is not constrained: each game kind brings its own.
CREATE TABLE games (
    id           UUID   PRIMARY KEY,
    kind         TEXT   NOT NULL,
    ruleset      TEXT   NOT NULL,
    time_control TEXT   NOT NULL,
    first_id     UUID   NOT NULL REFERENCES accounts (id),
    second_id    UUID   NOT NULL REFERENCES accounts (id),
    created_at   BIGINT NOT NULL,
    status       TEXT   NOT NULL CHECK (status IN ('active', 'finished', 'aborted')),
    winner       TEXT   CHECK (winner IN ('first', 'second')),
    end_reason   TEXT,
    ply          BIGINT NOT NULL CHECK (ply >= 0),
    seq          BIGINT NOT NULL CHECK (seq >= 0),
    first_ms     BIGINT NOT NULL,
    second_ms    BIGINT NOT NULL,
    clock_at     BIGINT NOT NULL,
    to_act       TEXT   CHECK (to_act IN ('first', 'second')),
    deadline     BIGINT,
    finished_at  BIGINT
);

-- A player's games, newest first; `id` breaks ties of `created_at` for stable paging.
CREATE INDEX games_by_first_player ON games (first_id, created_at, id);
CREATE INDEX games_by_second_player ON games (second_id, created_at, id);
-- Games to resume at start-up: few among many finished ones.
CREATE INDEX games_active ON games (created_at, id) WHERE status = 'active';
-- Games whose clock runs out next, for the sweeper.
CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;

CREATE TABLE challenges (
    id            UUID   PRIMARY KEY,
    challenger_id UUID   NOT NULL REFERENCES accounts (id),
    opponent_id   UUID   REFERENCES accounts (id),
    ruleset       TEXT   NOT NULL,
    time_control  TEXT   NOT NULL,
    colour        TEXT   NOT NULL CHECK (colour IN ('first', 'second', 'random')),
    status        TEXT   NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    -- Deferred: accepting marks the challenge before the game is inserted, in the same transaction.
    game_id       UUID   REFERENCES games (id) DEFERRABLE INITIALLY DEFERRED,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL
);

CREATE INDEX challenges_open_by_challenger ON challenges (challenger_id, created_at) WHERE status = 'open';
CREATE INDEX challenges_open_by_opponent ON challenges (opponent_id, created_at) WHERE status = 'open';

-- One row per stored move; the primary key makes a repeated ply fail instead of forking the game.
CREATE TABLE moves (
    game_id        UUID    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply            BIGINT  NOT NULL CHECK (ply >= 0),
    seat           TEXT    NOT NULL CHECK (seat IN ('first', 'second')),
    notation       TEXT    NOT NULL,
    turn_ended     BOOLEAN NOT NULL,
    client_move_id TEXT    NOT NULL,
    first_ms       BIGINT  NOT NULL,
    second_ms      BIGINT  NOT NULL,
    received_at    BIGINT  NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- The event kind is not constrained: new protocol events must not need a migration.
CREATE TABLE game_events (
    game_id UUID   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     BIGINT NOT NULL CHECK (seq >= 1),
    kind    TEXT   NOT NULL,
    payload TEXT   NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
