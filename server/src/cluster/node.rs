//! A node's identity, its registration at start and its removal at a graceful stop.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use tokio::time::Instant;
use uuid::Uuid;

use crate::config::NodeSettings;
use crate::store::{NodeRow, SoleNode, Store, StoreError};

/// How often a starting node looks again at nodes that seem alive, while it waits to learn whether they are.
const WATCH_STEPS_PER_HEARTBEAT: u32 = 4;

/// This server process as a node: a random id drawn at its start, registered in the database. Cheap to copy.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    id: Uuid,
    settings: NodeSettings,
}

/// Why a node could not join its database.
#[derive(Debug, thiserror::Error)]
pub enum NodeError {
    /// The TTL must outlast several heartbeats, or live nodes would look dead between two of theirs.
    #[error(
        "the node TTL ({ttl_ms} ms, --node-ttl-ms) must be longer than the heartbeat interval ({heartbeat_ms} ms, \
         --node-heartbeat-ms)"
    )]
    TtlNotAboveHeartbeat {
        /// The configured TTL.
        ttl_ms: u128,
        /// The configured heartbeat interval.
        heartbeat_ms: u128,
    },
    /// Another node runs on this SQLite database, which serves one node only.
    #[error(
        "another kartka node ({other}) is running on this SQLite database: it started {started_s} s ago and its \
         last heartbeat was {beat_ms} ms ago. SQLite serves one node only; several nodes need PostgreSQL"
    )]
    SqliteInUse {
        /// The other node.
        other: Uuid,
        /// How long ago it started, by the database's clock.
        started_s: i64,
        /// How long ago it last beat, by the database's clock.
        beat_ms: i64,
    },
    /// Another process holds this SQLite database's lock file, though no node of it is registered (yet): it is
    /// starting, or serving without a heartbeat.
    #[error(
        "another kartka process holds {}, the lock of this SQLite database. SQLite serves one node only; several \
         nodes need PostgreSQL",
        lock_file.display()
    )]
    SqliteLocked {
        /// The lock file.
        lock_file: PathBuf,
    },
    /// The database failed.
    #[error("the node could not register: {0}")]
    Store(#[from] StoreError),
}

impl Node {
    /// Registers this process as a new node of the database, known as `id` (the id its store and the cluster bus
    /// sign with: one id per process).
    ///
    /// On a database nodes share (PostgreSQL), the node first takes its database lock
    /// ([`Store::hold_node_lock`]), held by a session of its own for the life of the process. A node that seems
    /// alive (a heartbeat younger than the TTL) may have crashed a moment ago, so the start watches such nodes
    /// until each either beats again (it is alive) or is found dead, and its row goes, with its leases: once it
    /// has gone a heartbeat interval without a beat while no session holds its lock (its process is gone: a
    /// restart after a crash waits about a heartbeat), or outlived the TTL without a beat (its session lingers).
    ///
    /// On SQLite the start first takes the database's lock file ([`Store::claim_sole_node`]), held for the life
    /// of the process: holding it proves every other node row stale (left by a crash), so they go at once and the
    /// start does not wait. While another process holds it the start is refused at once
    /// ([`NodeError::SqliteInUse`], or [`NodeError::SqliteLocked`] before that process has registered).
    pub async fn join(store: &dyn Store, id: Uuid, settings: NodeSettings) -> Result<Node, NodeError> {
        if settings.ttl <= settings.heartbeat {
            return Err(NodeError::TtlNotAboveHeartbeat {
                ttl_ms: settings.ttl.as_millis(),
                heartbeat_ms: settings.heartbeat.as_millis(),
            });
        }
        let node = Node { id, settings };
        let registered = node.register(store).await;
        if registered.is_err() {
            // A start that failed leaves the database to the next one.
            store.release_node_lock().await;
            store.release_sole_node();
        }
        registered.map(|()| node)
    }

    /// Claims the database where it serves one node, settles the rows of nodes that seem alive, and registers.
    async fn register(&self, store: &dyn Store) -> Result<(), NodeError> {
        let (single, others) = match store.claim_sole_node()? {
            SoleNode::Shared => {
                // Taken before the row exists, so that a start that sees the row sees the lock held while this
                // process is connected.
                store.hold_node_lock(self.id).await?;
                (false, self.settle_seemingly_alive(store).await?.len())
            }
            SoleNode::Held => {
                self.remove_stale_nodes(store).await?;
                (true, 0)
            }
            SoleNode::HeldElsewhere { lock_file } => {
                let others = store.live_nodes(self.ttl_ms()).await?;
                return Err(others.first().map_or(NodeError::SqliteLocked { lock_file }, in_use));
            }
        };
        if !store.register_node(self.id, single.then(|| self.ttl_ms())).await? {
            // Another node registered on SQLite since the clean-up: a process that takes no lock file.
            let others = store.live_nodes(self.ttl_ms()).await?;
            return match others.iter().find(|other| other.id != self.id) {
                Some(other) => Err(in_use(other)),
                None => Err(NodeError::Store(StoreError::Conflict)),
            };
        }
        tracing::info!(node = %self.id, others, "joined the database as a node");
        Ok(())
    }

    /// The node's id.
    #[must_use]
    pub fn id(&self) -> Uuid {
        self.id
    }

    /// The node's heartbeat interval and TTL.
    #[must_use]
    pub fn settings(&self) -> NodeSettings {
        self.settings
    }

    /// The TTL in milliseconds, as the store's statements take it.
    #[must_use]
    pub fn ttl_ms(&self) -> i64 {
        i64::try_from(self.settings.ttl.as_millis()).unwrap_or(i64::MAX)
    }

    /// A graceful stop: removes the node's row, and with it every lease it holds, so other nodes may take its
    /// games at once instead of after the TTL. Called once this node's games have stopped.
    pub async fn leave(&self, store: &dyn Store) {
        match store.remove_node(self.id).await {
            Ok(()) => tracing::info!(node = %self.id, "left the database: this node's games are free"),
            Err(error) => tracing::error!(node = %self.id, %error, "could not remove this node; its leases expire"),
        }
        store.release_node_lock().await;
        store.release_sole_node();
    }

    /// Removes every node row of a database this process holds alone: each was left by a process that ended
    /// without leaving (a crash), however young its heartbeat.
    async fn remove_stale_nodes(&self, store: &dyn Store) -> Result<(), StoreError> {
        for row in store.live_nodes(self.ttl_ms()).await? {
            tracing::warn!(node = %row.id, "a node left this SQLite database without leaving (it crashed): removing it and its leases");
            store.remove_node(row.id).await?;
        }
        store.remove_dead_nodes(self.ttl_ms()).await?;
        Ok(())
    }

    /// Watches the nodes that seem alive until each beats (kept, and returned) or is found dead (removed with its
    /// leases): a heartbeat interval without a beat while no database session holds its lock, or the TTL
    /// without a beat.
    async fn settle_seemingly_alive(&self, store: &dyn Store) -> Result<Vec<NodeRow>, StoreError> {
        let mut unsure: HashMap<Uuid, Watched> = store
            .live_nodes(self.ttl_ms())
            .await?
            .into_iter()
            .map(|row| (row.id, Watched { first_seen: row, unlocked_since: None }))
            .collect();
        let mut alive = Vec::new();
        if unsure.is_empty() {
            return Ok(alive);
        }
        let step = (self.settings.heartbeat / WATCH_STEPS_PER_HEARTBEAT).max(Duration::from_millis(10));
        // The TTL by the database's clock, plus a step: by then every watched node has beaten or expired.
        let give_up = Instant::now() + self.settings.ttl + step;
        let mut crashed = Vec::new();
        while !unsure.is_empty() && Instant::now() < give_up {
            for (id, watched) in &mut unsure {
                if store.node_lock_held(*id).await? == Some(false) {
                    watched.unlocked_since.get_or_insert_with(Instant::now);
                } else {
                    watched.unlocked_since = None;
                }
            }
            tokio::time::sleep(step).await;
            let now_live: HashMap<Uuid, NodeRow> =
                store.live_nodes(self.ttl_ms()).await?.into_iter().map(|row| (row.id, row)).collect();
            unsure.retain(|id, watched| match now_live.get(id) {
                Some(row) if row.heartbeat_at > watched.first_seen.heartbeat_at => {
                    alive.push(*row);
                    false
                }
                Some(_) if watched.unlocked_since.is_some_and(|since| since.elapsed() > self.settings.heartbeat) => {
                    tracing::warn!(node = %id, "a node stopped beating and its database session is gone (it crashed): removing it and its leases");
                    crashed.push(*id);
                    false
                }
                Some(_) => true,
                None => {
                    tracing::warn!(node = %id, "a node stopped beating (it crashed): its games are free");
                    false
                }
            });
        }
        // Dead by the TTL now, or about to be: their rows go, with their leases.
        store.remove_dead_nodes(self.ttl_ms()).await?;
        for id in unsure.keys() {
            tracing::warn!(node = %id, "a node did not beat within the TTL: removing it and its leases");
            store.remove_node(*id).await?;
        }
        for id in crashed {
            store.remove_node(id).await?;
        }
        Ok(alive)
    }
}

/// A node that seemed alive at a start, as the start watches it.
struct Watched {
    /// Its row when the start first read it.
    first_seen: NodeRow,
    /// Since when no database session has held its lock, as far as the start has looked.
    unlocked_since: Option<Instant>,
}

fn in_use(other: &NodeRow) -> NodeError {
    NodeError::SqliteInUse {
        other: other.id,
        started_s: (other.read_at - other.started_at) / 1_000,
        beat_ms: other.read_at - other.heartbeat_at,
    }
}
