//! The failover sweep: live games whose node died move to this node, so their clocks keep running.

use async_trait::async_trait;
use uuid::Uuid;

use super::Node;
use crate::store::Store;

/// What runs games on this node (the game registry), as the sweep needs it.
#[async_trait]
pub trait GameHost: Send + Sync {
    /// Takes the lease of a game found without a live owner and makes sure its actor runs here; false when
    /// another node was quicker, or the game could not be started (logged).
    async fn take_over(&self, game_id: Uuid) -> bool;
}

/// Removes the nodes dead by the TTL (their leases go with them), then takes over every active live game
/// without a live node's lease: the compare-and-set of the lease decides between nodes sweeping at once, and
/// the game's actor starts on the winner. Correspondence games are left to be taken when next used. Returns how
/// many games this node took.
pub async fn sweep(store: &dyn Store, host: &dyn GameHost, node: Node) -> usize {
    match store.remove_dead_nodes(node.ttl_ms()).await {
        Ok(0) => {}
        Ok(removed) => tracing::warn!(removed, "removed dead nodes; their games are free"),
        Err(error) => tracing::warn!(%error, "could not remove dead nodes"),
    }
    let unowned = match store.unowned_live_games(node.ttl_ms()).await {
        Ok(unowned) => unowned,
        Err(error) => {
            tracing::warn!(%error, "could not look for games of dead nodes");
            return 0;
        }
    };
    let mut taken = 0;
    for game_id in unowned {
        if host.take_over(game_id).await {
            taken += 1;
        }
    }
    if taken > 0 {
        tracing::info!(node = %node.id(), games = taken, "took over the live games of dead nodes");
    }
    taken
}
