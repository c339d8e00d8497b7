-- Correspondence play: the server's heartbeat and outages (downtime is credited back to clocks), vacations,
-- notification settings and the notification outbox, conditional moves, and correspondence seeks.
-- The same shape as migrations/postgres/0004_correspondence.sql, in SQLite's types: uuids are hyphenated
-- lower-case TEXT, times are INTEGER; STRICT tables refuse values of the wrong type.
--
-- Deadlines: `games.deadline` and its index `games_by_deadline` (0001) serve the sweeper as they are.

-- One row: the last moment the server was known to be up. A server that starts and finds it older than one
-- heartbeat interval records the gap as an outage.
CREATE TABLE server_heartbeat (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    beat_at INTEGER  NOT NULL
) STRICT;

-- Periods the server was down. A correspondence game whose clock ran during one gets that time back.
CREATE TABLE server_outages (
    started_at INTEGER PRIMARY KEY,
    ended_at   INTEGER NOT NULL CHECK (ended_at > started_at)
) STRICT;

-- Vacations: `ends_at` is planned at the start; `ended_at` is set when it is over (early or on time).
-- `days_charged` is what it takes from the yearly bank: its days, or the days begun if ended early.
CREATE TABLE vacations (
    id           TEXT   PRIMARY KEY NOT NULL,
    account_id   TEXT   NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    started_at   INTEGER NOT NULL,
    ends_at      INTEGER NOT NULL CHECK (ends_at > started_at),
    ended_at     INTEGER,
    days_charged INTEGER NOT NULL CHECK (days_charged >= 0)
) STRICT;

-- At most one current vacation per account.
CREATE UNIQUE INDEX vacations_one_current ON vacations (account_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_by_account ON vacations (account_id, started_at);
-- Vacations whose planned end has come, for the sweeper.
CREATE INDEX vacations_ending ON vacations (ends_at) WHERE ended_at IS NULL;

-- Reminder thresholds are percents of a turn's time used, comma-separated (e.g. `50,80`). The webhook secret
-- is the HMAC key the server signs webhook bodies with; the server must read it back, so it is not hashed.
CREATE TABLE notification_settings (
    account_id          TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    reminder_thresholds TEXT NOT NULL,
    webhook_url         TEXT,
    webhook_secret      TEXT
) STRICT;

-- The notification outbox. The unique key is the event: a notification is made at most once per account,
-- game, kind, threshold (0 for `your_turn`) and turn (the ply the turn began at). A reminder waits
-- (unpublished) until `due_at`; publishing sets `published_at` once; a webhook delivery is pending while
-- `webhook_next_at` is set and `webhook_done_at` is not.
CREATE TABLE notifications (
    id               TEXT   PRIMARY KEY NOT NULL,
    account_id       TEXT   NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id          TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind             TEXT   NOT NULL CHECK (kind IN ('your_turn', 'reminder')),
    threshold        INTEGER NOT NULL CHECK (threshold BETWEEN 0 AND 99),
    turn_ply         INTEGER NOT NULL CHECK (turn_ply >= 0),
    deadline         INTEGER,
    due_at           INTEGER NOT NULL,
    published_at     INTEGER,
    webhook_attempts INTEGER NOT NULL DEFAULT 0,
    webhook_next_at  INTEGER,
    webhook_done_at  INTEGER,
    UNIQUE (account_id, game_id, kind, threshold, turn_ply)
) STRICT;

CREATE INDEX notifications_due ON notifications (due_at) WHERE published_at IS NULL;
CREATE INDEX notifications_webhook_due ON notifications (webhook_next_at) WHERE webhook_done_at IS NULL;
CREATE INDEX notifications_by_account ON notifications (account_id, published_at);

-- "If my opponent's next turn is `if_turn`, play `reply_turn` for me."
CREATE TABLE conditional_moves (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    if_turn    TEXT NOT NULL,
    reply_turn TEXT NOT NULL,
    PRIMARY KEY (game_id, account_id, if_turn)
) STRICT;

-- Correspondence seeks: open offers anyone may accept while their creator is offline.
CREATE TABLE seeks (
    id           TEXT   PRIMARY KEY NOT NULL,
    creator_id   TEXT   NOT NULL REFERENCES accounts (id),
    acceptor_id  TEXT   REFERENCES accounts (id),
    ruleset      TEXT   NOT NULL,
    time_control TEXT   NOT NULL,
    colour       TEXT   NOT NULL CHECK (colour IN ('first', 'second', 'random')),
    status       TEXT   NOT NULL CHECK (status IN ('open', 'accepted', 'cancelled')),
    -- Deferred: accepting marks the seek before the game is inserted, in the same transaction.
    game_id      TEXT   REFERENCES games (id) DEFERRABLE INITIALLY DEFERRED,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
) STRICT;

CREATE INDEX seeks_open ON seeks (created_at, id) WHERE status = 'open';
