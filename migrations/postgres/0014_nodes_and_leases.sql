-- Several nodes on one database: the running server processes (nodes) and which node runs each game (its
-- lease). The same shape as migrations/sqlite/0014_nodes_and_leases.sql.

-- Every `kartka serve` process, by a random id drawn at its start. Both times are the DATABASE's clock
-- (milliseconds since the Unix epoch), never a node's own: a node is alive while its heartbeat is younger than
-- the node TTL by that one clock, so clock skew between machines cannot make two owners of a game.
CREATE TABLE nodes (
    id           UUID   PRIMARY KEY,
    started_at   BIGINT NOT NULL,
    heartbeat_at BIGINT NOT NULL,
    -- Where other nodes reach this one to forward a game's commands; filled by a later step, NULL until then.
    cluster_url  TEXT
);

-- The node that runs a game's actor. A lease is held while its node is alive: a node's heartbeat renews all of
-- its leases at once, and a node's row going (a graceful stop) takes its leases with it.
CREATE TABLE game_leases (
    game_id UUID PRIMARY KEY REFERENCES games (id),
    node_id UUID NOT NULL REFERENCES nodes (id) ON DELETE CASCADE
);

-- The cascade when a node's row is deleted.
CREATE INDEX game_leases_by_node ON game_leases (node_id);
