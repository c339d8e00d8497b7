//! The node's heartbeat: renews its row (and with it all its leases) and runs the failover sweep.

use std::sync::Arc;

use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;

use super::{failover, GameHost, Node};
use crate::store::Store;

/// Every heartbeat interval until shutdown: renews the node's heartbeat (one statement, whatever the number of
/// games it runs), then takes over the live games of dead nodes. A node whose row is gone (another node took it
/// for dead while it was stalled) registers again and takes back the games nobody took.
pub async fn heartbeat(store: Arc<dyn Store>, host: Arc<dyn GameHost>, node: Node, shutdown: CancellationToken) {
    let mut ticks = tokio::time::interval(node.settings().heartbeat);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => break,
            _ = ticks.tick() => {}
        }
        beat(store.as_ref(), node).await;
        failover::sweep(store.as_ref(), host.as_ref(), node).await;
    }
}

async fn beat(store: &dyn Store, node: Node) {
    match store.beat_node(node.id()).await {
        Ok(true) => {}
        Ok(false) => {
            tracing::error!(node = %node.id(), "this node was taken for dead: registering it again");
            let alone = (!store.shared_by_nodes()).then(|| node.ttl_ms());
            match store.register_node(node.id(), alone).await {
                Ok(true) => {}
                Ok(false) => tracing::error!(node = %node.id(), "another node runs on this SQLite database now"),
                Err(error) => tracing::error!(%error, "could not register this node again"),
            }
        }
        Err(error) => tracing::warn!(%error, "could not renew this node's heartbeat"),
    }
}
