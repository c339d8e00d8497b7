-- Chat: the lobby's channel and each game's players' and spectators' channels, kept with the game; the mutes
-- players set on their opponents in a game; and the admins' chat mute of an account. The same shape as
-- migrations/sqlite/0008_chat.sql.
CREATE TABLE chat_messages (
    id         BIGSERIAL PRIMARY KEY,
    -- NULL for the lobby.
    game_id    UUID   REFERENCES games (id),
    channel    TEXT   NOT NULL CHECK (channel IN ('lobby', 'players', 'spectators')),
    account_id UUID   NOT NULL REFERENCES accounts (id),
    body       TEXT   NOT NULL,
    at         BIGINT NOT NULL,
    CHECK ((channel = 'lobby') = (game_id IS NULL))
);

CREATE INDEX chat_messages_by_channel ON chat_messages (game_id, channel, id);

-- A player who muted their opponent's chat in a game.
CREATE TABLE chat_mutes (
    game_id    UUID NOT NULL REFERENCES games (id),
    account_id UUID NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (game_id, account_id)
);

ALTER TABLE accounts ADD COLUMN chat_muted BOOLEAN NOT NULL DEFAULT FALSE;
