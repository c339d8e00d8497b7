//! The failover sweep: live games whose node died move to this node, so their clocks keep running.

use async_trait::async_trait;
use futures_util::StreamExt;
use uuid::Uuid;

use super::Node;
use crate::store::Store;

/// How many games one sweep takes over at once: each takeover waits on the database (the lease, then the game's
/// load), so a dead node's games come back in a few round trips' time rather than one after another, while a
/// node that died with thousands of games cannot make the sweep open more than this many loads at once.
const TAKEOVERS_AT_ONCE: usize = 8;

/// What runs games on this node (the game registry), as the sweep needs it.
#[async_trait]
pub trait GameHost: Send + Sync {
    /// Takes the lease of a game found without a live owner and makes sure its actor runs here; false when
    /// another node was quicker, or the game could not be started (logged).
    async fn take_over(&self, game_id: Uuid) -> bool;
}

/// Removes the nodes dead by the TTL (their leases go with them), then takes over every active live game without
/// a live node's lease: the compare-and-set of the lease decides between nodes sweeping at once, and the game's
/// actor starts on the winner. Correspondence games are left to be taken when next used. Returns how many games
/// this node took.
///
/// A new game is stored with its creator's lease in one transaction (`Store::insert_game`), so a game without
/// a live owner is one whose node died or stopped: it is taken at once, never in the moment before its creator
/// starts it.
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
    let taken = futures_util::stream::iter(unowned)
        .map(|game_id| host.take_over(game_id))
        .buffer_unordered(TAKEOVERS_AT_ONCE)
        .filter(|taken| std::future::ready(*taken))
        .count()
        .await;
    if taken > 0 {
        tracing::info!(node = %node.id(), games = taken, "took over the live games of dead nodes");
    }
    taken
}
