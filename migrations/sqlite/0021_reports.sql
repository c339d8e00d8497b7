-- A player's report of a chat message or an account to the admins (issue #32). The same shape as
-- migrations/postgres/0021_reports.sql (which explains what it keeps and why).
CREATE TABLE reports (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    at            INTEGER NOT NULL,
    reporter_id   TEXT    NOT NULL REFERENCES accounts (id),
    account_id    TEXT    NOT NULL REFERENCES accounts (id),
    message_id    INTEGER REFERENCES chat_messages (id),
    game_id       TEXT    REFERENCES games (id),
    channel       TEXT    CHECK (channel IN ('lobby', 'players', 'spectators')),
    body          TEXT,
    message_at    INTEGER,
    reason        TEXT    NOT NULL,
    resolved_at   INTEGER,
    resolved_by   TEXT    REFERENCES accounts (id),
    resolver_name TEXT,
    note          TEXT,
    CHECK (reporter_id <> account_id),
    CHECK ((message_id IS NULL) = (body IS NULL) AND (body IS NULL) = (channel IS NULL)
        AND (channel IS NULL) = (message_at IS NULL)),
    CHECK ((resolved_at IS NULL) = (note IS NULL) AND (note IS NULL) = (resolver_name IS NULL))
) STRICT;

CREATE INDEX reports_open ON reports (id) WHERE resolved_at IS NULL;
CREATE INDEX reports_resolved ON reports (id) WHERE resolved_at IS NOT NULL;
