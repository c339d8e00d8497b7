-- A ban holds for guests (issue #32, item 9): a banned guest could take a new guest account in one tap. New guests
-- from the address block (IPv4 address, IPv6 /64) a banned guest was created from are refused for a while after
-- the ban. Both facts live here rather than in one node's memory, since several nodes behind a load balancer
-- share this database and a restart must not lift the cool-down. The same shape as
-- migrations/sqlite/0019_guest_bans.sql.

-- `created_from`: the client's address block a guest was created from (text, as the server keys addresses);
-- NULL for every other account, and for guests created before this migration.
-- `banned_at`: when the account was last banned; NULL while it is not banned.
ALTER TABLE accounts
    ADD COLUMN created_from TEXT,
    ADD COLUMN banned_at BIGINT;

-- Only banned accounts are looked up by address: the index holds those only.
CREATE INDEX accounts_banned_by_address ON accounts (created_from, banned_at) WHERE banned;
