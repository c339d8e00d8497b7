//! The leases of the games this node runs: taken before a game's actor loads, given back when it stops.

use std::sync::Arc;

use uuid::Uuid;

use super::Node;
use crate::store::{LeaseTake, Store, StoreError};

/// Takes and gives back this node's game leases. Cheap to clone.
#[derive(Clone)]
pub struct Leases {
    store: Arc<dyn Store>,
    node: Node,
}

impl Leases {
    /// The leases `node` takes in `store`.
    #[must_use]
    pub fn new(store: Arc<dyn Store>, node: Node) -> Leases {
        Leases { store, node }
    }

    /// The node taking them.
    #[must_use]
    pub fn node(&self) -> Node {
        self.node
    }

    /// Takes a game's lease for this node, in one compare-and-set: it was free, its holder is dead, or it is
    /// this node's already. Otherwise the live node holding it, or that there is no such game.
    pub async fn take(&self, game_id: Uuid) -> Result<LeaseTake, StoreError> {
        self.store.take_lease(game_id, self.node.id(), self.node.ttl_ms()).await
    }

    /// Whether the lease this node stored with a game it created is still its own when the game's actor starts,
    /// without asking the store. Where no other node shares the store, nobody else can have taken it. Where nodes
    /// share it, one that took this node for dead in between may have, so the lease is taken again there.
    #[must_use]
    pub fn stored_lease_stays(&self) -> bool {
        !self.store.shared_by_nodes()
    }

    /// Gives a game's lease back (a no-op if this node does not hold it). A failure is only logged: the lease
    /// then lasts until this node stops, which delays nothing on this node, and another node asking for the
    /// game is told to try again.
    pub async fn release(&self, game_id: Uuid) {
        if let Err(error) = self.store.release_lease(game_id, self.node.id()).await {
            tracing::warn!(game = %game_id, %error, "could not give a game's lease back");
        }
    }
}
