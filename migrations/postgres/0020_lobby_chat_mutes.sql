-- A player's mute of another account in the lobby chat (issue #32): the lobby no longer delivers the muted
-- account's messages to any of the player's connections. Kept here, per account, so that it holds across
-- reloads, restarts and every node of a cluster. At most `--lobby-chat-mutes` rows per player, checked
-- when a row is added. The same shape as migrations/sqlite/0020_lobby_chat_mutes.sql.
CREATE TABLE lobby_chat_mutes (
    account_id UUID NOT NULL REFERENCES accounts (id),
    muted_id   UUID NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (account_id, muted_id),
    CHECK (account_id <> muted_id)
);
