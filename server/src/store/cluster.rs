//! What the store keeps of the nodes sharing a database: the nodes and their heartbeats, and which node runs
//! each game (its lease). Every time here is the database's clock, never a node's (see [`ClusterStore`]).

use std::collections::HashMap;

use async_trait::async_trait;
use uuid::Uuid;

use super::{Millis, SoleNode, StoreError};

/// A node as stored, read with the database's clock at the moment of reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeRow {
    /// The node's id, drawn at its start.
    pub id: Uuid,
    /// When it registered, by the database's clock.
    pub started_at: Millis,
    /// Its last heartbeat, by the database's clock.
    pub heartbeat_at: Millis,
    /// The database's clock when the row was read, to say how old the other two are.
    pub read_at: Millis,
}

/// What taking a game's lease found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseTake {
    /// The lease is this node's now: it was free, or already this node's.
    Taken,
    /// The lease is this node's now, taken from a dead node whose last heartbeat (by the database's clock) was
    /// `last_beat`: nobody ran the game's clock since, so the game's actor credits that time as an outage.
    TakenFromDead {
        /// The dead holder's last heartbeat.
        last_beat: Millis,
    },
    /// Another node that is alive holds it.
    HeldBy(Uuid),
    /// There is no such game.
    NoSuchGame,
}

/// The cluster part of the [`Store`](super::Store).
///
/// Liveness is always judged by the database's clock: a node is alive while its `heartbeat_at` is younger than
/// the `ttl_ms` the caller passes, both measured by the one clock every node shares, so clock skew between
/// machines cannot make a game two owners. A lease is held while its node is alive: renewing a node's heartbeat
/// renews every lease it holds, in one statement.
#[async_trait]
pub trait ClusterStore {
    /// Whether several nodes may share this database (PostgreSQL); SQLite serves one node.
    fn shared_by_nodes(&self) -> bool;
    /// Claims the database for this process's node where it serves one node only (SQLite: an exclusive lock on
    /// a file beside it, held until [`ClusterStore::release_sole_node`] or the process's end). Holding it proves
    /// that every other node row is stale. [`SoleNode::Shared`] on a database nodes share.
    fn claim_sole_node(&self) -> Result<SoleNode, StoreError>;
    /// Lets go of a claim taken by [`ClusterStore::claim_sole_node`], at a graceful stop; nothing without one.
    fn release_sole_node(&self);
    /// Holds node `node`'s database lock, on a connection of its own, until [`ClusterStore::release_node_lock`]
    /// or the process's end (PostgreSQL: a session advisory lock, which the database lets go as soon as the
    /// session ends, however the process ended). Called again (every heartbeat), it checks the connection and
    /// takes the lock again if the connection was lost. [`StoreError::Conflict`] if another session holds it.
    /// Nothing where the database has no node locks (SQLite).
    async fn hold_node_lock(&self, node: Uuid) -> Result<(), StoreError>;
    /// Lets go of the lock [`ClusterStore::hold_node_lock`] holds, at a graceful stop.
    async fn release_node_lock(&self);
    /// Whether a database session holds node `node`'s lock: `Some(false)` shows that no process of that node is
    /// connected (it crashed, or lost its connection). `None` where the database has no node locks (SQLite).
    async fn node_lock_held(&self, node: Uuid) -> Result<Option<bool>, StoreError>;
    /// Registers a node, its start and heartbeat now. With `alone_within_ms` set, only if no other node beat
    /// within that many milliseconds (one statement, so two starts cannot both pass); false when one did.
    async fn register_node(&self, id: Uuid, alone_within_ms: Option<i64>) -> Result<bool, StoreError>;
    /// Renews a node's heartbeat, and so every lease it holds; false when its row is gone (another node found
    /// it dead and removed it). Runs on the session of the node's lock when one is held
    /// ([`ClusterStore::hold_node_lock`]), so that a pool kept busy by other requests cannot delay it.
    async fn beat_node(&self, id: Uuid) -> Result<bool, StoreError>;
    /// The nodes alive by `ttl_ms`, oldest first.
    async fn live_nodes(&self, ttl_ms: i64) -> Result<Vec<NodeRow>, StoreError>;
    /// Removes a node and, with it, its leases (a graceful stop, or a crashed node's stale row).
    async fn remove_node(&self, id: Uuid) -> Result<(), StoreError>;
    /// Removes every node dead by `ttl_ms`, and their leases; how many. A dead node that still holds the lease
    /// of an active live game stays until that lease is taken ([`LeaseTake::TakenFromDead`]): its heartbeat is
    /// when the game's clock stopped being watched, which the taker credits.
    async fn remove_dead_nodes(&self, ttl_ms: i64) -> Result<u64, StoreError>;
    /// Takes a game's lease for `node` in one compare-and-set: inserts it, or takes it over only if its holder
    /// is `node` itself or is dead by `ttl_ms`.
    async fn take_lease(&self, game_id: Uuid, node: Uuid, ttl_ms: i64) -> Result<LeaseTake, StoreError>;
    /// Gives a game's lease back, if `node` holds it.
    async fn release_lease(&self, game_id: Uuid, node: Uuid) -> Result<(), StoreError>;
    /// The node holding a game's lease, alive or not.
    async fn lease_holder(&self, game_id: Uuid) -> Result<Option<Uuid>, StoreError>;
    /// The node holding each of `games`' leases, alive or not, in as few statements as the database's limit on
    /// bound values allows; a game without a lease (or that does not exist) is left out.
    async fn lease_holders(&self, games: &[Uuid]) -> Result<HashMap<Uuid, Uuid>, StoreError>;
    /// Records where the other nodes reach node `id` to forward games to it (a no-op when its row is gone).
    async fn set_node_cluster_url(&self, id: Uuid, url: &str) -> Result<(), StoreError>;
    /// Where the other nodes reach node `id`: `None` when it has no row or forwards nothing.
    async fn node_cluster_url(&self, id: Uuid) -> Result<Option<String>, StoreError>;
    /// Active live (not correspondence) games without a lease of a node alive by `ttl_ms`, oldest first: the
    /// games whose clocks nobody watches.
    async fn unowned_live_games(&self, ttl_ms: i64) -> Result<Vec<Uuid>, StoreError>;
    /// Records that `account` has an open socket on `node` (`present`), or no longer has one. Idempotent.
    async fn set_presence(&self, node: Uuid, account: Uuid, present: bool) -> Result<(), StoreError>;
    /// Whether `account` has an open socket on a node alive by `ttl_ms` other than those in `except`.
    async fn connected_elsewhere(&self, account: Uuid, except: [Uuid; 2], ttl_ms: i64) -> Result<bool, StoreError>;
    /// Every account with an open socket on a node alive by `ttl_ms`.
    async fn online_accounts(&self, ttl_ms: i64) -> Result<Vec<Uuid>, StoreError>;
}
