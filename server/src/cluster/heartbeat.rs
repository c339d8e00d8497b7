//! The node's heartbeat, which renews its row (and with it all its leases), and beside it the failover sweep.

use std::sync::Arc;

use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;

use super::failover;
use super::{GameHost, Node};
use crate::store::Store;

/// Every heartbeat interval until shutdown: renews the node's heartbeat (one statement, whatever the number of
/// games it runs) and, in a loop of its own, takes over the live games of dead nodes. A node whose row is gone
/// (another node took it for dead while it was stalled) registers again, with its `cluster_url` (where other
/// nodes forward games to it, if it takes forwarded games), runs `registered_again` (what went with its old row
/// is written again), and takes back the games nobody took.
///
/// The two loops run side by side so that a long sweep (many games to load after a node died) never delays a
/// beat: a beat late by the TTL would make this node look dead as well.
pub async fn heartbeat(
    store: Arc<dyn Store>,
    host: Arc<dyn GameHost>,
    node: Node,
    cluster_url: Option<String>,
    registered_again: impl Fn() + Send,
    shutdown: CancellationToken,
) {
    let beating = async {
        let mut ticks = every_heartbeat(node);
        while tick_or_stop(&mut ticks, &shutdown).await {
            if beat(store.as_ref(), node, cluster_url.as_deref()).await == Beat::RegisteredAgain {
                registered_again();
            }
        }
    };
    let sweeping = async {
        let mut ticks = every_heartbeat(node);
        while tick_or_stop(&mut ticks, &shutdown).await {
            // A stop does not wait for a sweep: the games it has not started yet go with the node's row.
            tokio::select! {
                () = shutdown.cancelled() => break,
                _ = failover::sweep(store.as_ref(), host.as_ref(), node) => {}
            }
        }
    };
    tokio::join!(beating, sweeping);
}

/// A tick every heartbeat interval, the first at once; ticks missed while the loop was busy are skipped.
fn every_heartbeat(node: Node) -> tokio::time::Interval {
    let mut ticks = tokio::time::interval(node.settings().heartbeat);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
    ticks
}

/// Waits for the next tick: false once `shutdown` is cancelled.
async fn tick_or_stop(ticks: &mut tokio::time::Interval, shutdown: &CancellationToken) -> bool {
    tokio::select! {
        () = shutdown.cancelled() => false,
        _ = ticks.tick() => true,
    }
}

/// What a heartbeat found.
#[derive(Debug, PartialEq, Eq)]
enum Beat {
    /// The node's row was renewed.
    Renewed,
    /// The node's row could not be renewed, or registered again: the next beat tries again.
    Failed,
    /// The node's row was gone, and the node registered again.
    RegisteredAgain,
}

async fn beat(store: &dyn Store, node: Node, cluster_url: Option<&str>) -> Beat {
    // A lock lost with its connection (the database restarted) is taken again: a start elsewhere would otherwise
    // take this node for crashed once it missed a beat.
    if let Err(error) = store.hold_node_lock(node.id()).await {
        tracing::warn!(%error, "could not hold this node's database lock");
    }
    match store.beat_node(node.id()).await {
        Ok(true) => Beat::Renewed,
        Ok(false) => {
            tracing::error!(node = %node.id(), "this node was taken for dead: registering it again");
            let alone = (!store.shared_by_nodes()).then(|| node.ttl_ms());
            match store.register_node(node.id(), alone).await {
                Ok(true) => {
                    if let Some(url) = cluster_url {
                        announce_url(store, node, url).await;
                    }
                    return Beat::RegisteredAgain;
                }
                Ok(false) => tracing::error!(node = %node.id(), "another node runs on this SQLite database now"),
                Err(error) => tracing::error!(%error, "could not register this node again"),
            }
            Beat::Failed
        }
        Err(error) => {
            tracing::warn!(%error, "could not renew this node's heartbeat");
            Beat::Failed
        }
    }
}

/// Records where the other nodes reach this one, so that they forward its games to it.
pub async fn announce_url(store: &dyn Store, node: Node, url: &str) {
    if let Err(error) = store.set_node_cluster_url(node.id(), url).await {
        tracing::error!(%error, "could not record where other nodes reach this one; they cannot forward to it");
    }
}
