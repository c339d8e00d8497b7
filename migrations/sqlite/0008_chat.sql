-- Chat: the lobby's channel and each game's players' and spectators' channels, kept with the game; the mutes
-- players set on their opponents in a game; and the admins' chat mute of an account. The same shape as
-- migrations/postgres/0008_chat.sql.
CREATE TABLE chat_messages (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    -- NULL for the lobby.
    game_id    TEXT    REFERENCES games (id),
    channel    TEXT    NOT NULL CHECK (channel IN ('lobby', 'players', 'spectators')),
    account_id TEXT    NOT NULL REFERENCES accounts (id),
    body       TEXT    NOT NULL,
    at         INTEGER NOT NULL,
    CHECK ((channel = 'lobby') = (game_id IS NULL))
) STRICT;

CREATE INDEX chat_messages_by_channel ON chat_messages (game_id, channel, id);

-- A player who muted their opponent's chat in a game.
CREATE TABLE chat_mutes (
    game_id    TEXT NOT NULL REFERENCES games (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (game_id, account_id)
) STRICT;

ALTER TABLE accounts ADD COLUMN chat_muted INTEGER NOT NULL DEFAULT 0 CHECK (chat_muted IN (0, 1));
