-- A ban holds for guests (issue #32, item 9): new guests from the address block a banned guest was created from
-- are refused for a while after the ban. The same shape as migrations/postgres/0019_guest_bans.sql (which
-- explains why the store keeps it).

-- `created_from`: the client's address block a guest was created from, NULL for other accounts.
-- `banned_at`: when the account was last banned; NULL while it is not banned.
ALTER TABLE accounts ADD COLUMN created_from TEXT;
ALTER TABLE accounts ADD COLUMN banned_at INTEGER;

CREATE INDEX accounts_banned_by_address ON accounts (created_from, banned_at) WHERE banned;
