-- Which accounts have an open WebSocket on which node. The same shape as
-- migrations/postgres/0017_node_presence.sql; SQLite serves one node, which answers such questions from its own
-- sockets, so nothing writes here.
CREATE TABLE node_presence (
    node_id    TEXT NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    PRIMARY KEY (node_id, account_id)
) STRICT;

-- "Is this account connected anywhere else?"
CREATE INDEX node_presence_by_account ON node_presence (account_id);
