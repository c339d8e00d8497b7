-- Several nodes on one database: the running server processes (nodes) and which node runs each game (its
-- lease). The same shape as migrations/postgres/0014_nodes_and_leases.sql. SQLite serves one node only: a
-- start that finds another live node here refuses (server/src/cluster/node.rs), so these rows are that one
-- node's, and a crashed start's stale row.

-- Every `kartka serve` process, by a random id drawn at its start. Both times are the DATABASE's clock
-- (milliseconds since the Unix epoch), never the node's own.
CREATE TABLE nodes (
    id           TEXT    PRIMARY KEY NOT NULL,
    started_at   INTEGER NOT NULL,
    heartbeat_at INTEGER NOT NULL,
    -- Where other nodes reach this one to forward a game's commands; filled by a later step, NULL until then.
    cluster_url  TEXT
) STRICT;

-- The node that runs a game's actor, held while that node is alive.
CREATE TABLE game_leases (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id),
    node_id TEXT NOT NULL REFERENCES nodes (id) ON DELETE CASCADE
) STRICT;

-- The cascade when a node's row is deleted.
CREATE INDEX game_leases_by_node ON game_leases (node_id);
