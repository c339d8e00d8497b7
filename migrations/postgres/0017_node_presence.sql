-- Which accounts have an open WebSocket on which node, for the questions asked across nodes: is a player whose
-- last socket on one node closed still connected to another (the lobby keeps their pool places and seeks), and
-- who is online. Written only by the nodes of a cluster, when an account's first socket on a node opens and its
-- last closes; a node's rows go with its row, so a dead node's players vanish when it is removed. The same
-- shape as migrations/sqlite/0017_node_presence.sql.
CREATE TABLE node_presence (
    node_id    UUID NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    account_id UUID NOT NULL,
    PRIMARY KEY (node_id, account_id)
);

-- "Is this account connected anywhere else?"
CREATE INDEX node_presence_by_account ON node_presence (account_id);
