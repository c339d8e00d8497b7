//! The failover sweep: live games whose node died move to this node, so their clocks keep running.

use std::collections::HashMap;
use std::time::{Duration, Instant};

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

/// The sweeps of one node: which games it has seen without a live owner, and since when.
///
/// A new game is stored `active` a moment before its creator takes its lease, so a sweep in that moment sees it
/// unowned. A game is therefore taken over only once it has been seen unowned for a heartbeat interval (by this
/// node's own monotonic clock, so no clock of another machine decides): a creator takes its lease well within
/// that, and a dead node's games wait one interval more.
#[derive(Default)]
pub struct Failover {
    unowned_since: HashMap<Uuid, Instant>,
}

impl Failover {
    /// Removes the nodes dead by the TTL (their leases go with them), then takes over every active live game
    /// that has been without a live node's lease for a heartbeat interval: the compare-and-set of the lease
    /// decides between nodes sweeping at once, and the game's actor starts on the winner. Correspondence games
    /// are left to be taken when next used. Returns how many games this node took.
    pub async fn sweep(&mut self, store: &dyn Store, host: &dyn GameHost, node: Node) -> usize {
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
        let due = self.long_unowned(unowned, Instant::now(), node.settings().heartbeat);
        let taken = futures_util::stream::iter(due)
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

    /// Of the games found `unowned` at `now`, those seen unowned at every sweep for at least `grace`; forgets
    /// the games not among them (owned again, or over).
    fn long_unowned(&mut self, unowned: Vec<Uuid>, now: Instant, grace: Duration) -> Vec<Uuid> {
        let mut seen = HashMap::with_capacity(unowned.len());
        let mut due = Vec::new();
        for game_id in unowned {
            let since = self.unowned_since.get(&game_id).copied().unwrap_or(now);
            if now.duration_since(since) >= grace {
                due.push(game_id);
            }
            seen.insert(game_id, since);
        }
        self.unowned_since = seen;
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRACE: Duration = Duration::from_secs(2);

    #[test]
    fn a_game_is_due_only_after_a_grace_of_being_unowned_at_every_sweep() {
        let (new, orphan) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let mut failover = Failover::default();
        let start = Instant::now();

        assert!(failover.long_unowned(vec![new, orphan], start, GRACE).is_empty(), "first seen: not yet");
        let early = start + GRACE / 2;
        assert!(failover.long_unowned(vec![orphan], early, GRACE).is_empty(), "the new game got its lease");
        assert_eq!(failover.long_unowned(vec![new, orphan], start + GRACE, GRACE), [orphan]);
        assert!(failover.long_unowned(vec![new], start + GRACE + GRACE / 2, GRACE).is_empty(), "the orphan is owned");
        assert_eq!(
            failover.long_unowned(vec![new, orphan], start + 3 * GRACE, GRACE),
            [new],
            "unowned again, the orphan starts its grace anew"
        );
    }
}
