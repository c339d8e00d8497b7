-- Bot accounts: an account an admin marked as a program rather than a person. Bots are marked wherever a name
-- is shown, and their ratings are kept off the leaderboard. The same shape as
-- migrations/sqlite/0007_bot_accounts.sql.
ALTER TABLE accounts ADD COLUMN is_bot BOOLEAN NOT NULL DEFAULT FALSE;
