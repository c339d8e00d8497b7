-- A player's mute of another account in the lobby chat (issue #32). The same shape as
-- migrations/postgres/0020_lobby_chat_mutes.sql (which explains why the store keeps it).
CREATE TABLE lobby_chat_mutes (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    muted_id   TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (account_id, muted_id),
    CHECK (account_id <> muted_id)
) STRICT;
