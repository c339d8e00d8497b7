-- A player's report of a chat message or an account to the admins (issue #32). A report of a message copies
-- the message (its channel, game, text and time; its author is account_id) when it is made, so that no later
-- change to the message hides what was reported. An admin resolves it once, with a note, and the audit log
-- keeps the resolve. The same shape as migrations/sqlite/0021_reports.sql.
CREATE TABLE reports (
    id            BIGSERIAL PRIMARY KEY,
    at            BIGINT NOT NULL,
    reporter_id   UUID   NOT NULL REFERENCES accounts (id),
    -- The reported account: the one named, or the message's author.
    account_id    UUID   NOT NULL REFERENCES accounts (id),
    message_id    BIGINT REFERENCES chat_messages (id),
    game_id       UUID   REFERENCES games (id),
    channel       TEXT   CHECK (channel IN ('lobby', 'players', 'spectators')),
    body          TEXT,
    message_at    BIGINT,
    reason        TEXT   NOT NULL,
    resolved_at   BIGINT,
    resolved_by   UUID   REFERENCES accounts (id),
    resolver_name TEXT,
    note          TEXT,
    CHECK (reporter_id <> account_id),
    CHECK ((message_id IS NULL) = (body IS NULL) AND (body IS NULL) = (channel IS NULL)
        AND (channel IS NULL) = (message_at IS NULL)),
    CHECK ((resolved_at IS NULL) = (note IS NULL) AND (note IS NULL) = (resolver_name IS NULL))
);

CREATE INDEX reports_open ON reports (id) WHERE resolved_at IS NULL;
CREATE INDEX reports_resolved ON reports (id) WHERE resolved_at IS NOT NULL;
