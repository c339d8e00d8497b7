-- The language an account's notifications and webhook texts are written in (pl, en or ru; the browser sends
-- the site's language when the player changes it). The same shape as migrations/sqlite/0009_account_language.sql.
ALTER TABLE accounts ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pl', 'ru'));
