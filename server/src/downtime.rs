//! Server downtime, measured from the server's own persisted heartbeat and credited back to clocks.
//!
//! While up, the server records the time every heartbeat interval (and once more at a clean shutdown). At
//! start the whole time since the last record was an outage, which is stored: a clean shutdown's last record is
//! its own end, so a restart of a few seconds is credited exactly, however short it is. A game whose clock ran during an outage gets that time back when its actor starts (see
//! [`overlap`]), once: the credit moves the clock's reference time past the outage. After a clean shutdown the
//! outage is exact; after a crash it starts at the last heartbeat, so it may include up to one interval the
//! server was still up, which is given to the player to move as well (the fair side to err on).

use std::sync::Arc;
use std::time::Duration;

use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;

use crate::store::{Millis, Outage, Store, StoreError};
use crate::time::now_ms;

/// Records the outage from the last heartbeat to `now` (none before the first start), and beats.
pub async fn record_outage(store: &dyn Store, now: Millis) -> Result<Option<Outage>, StoreError> {
    let outage = match store.last_beat().await? {
        Some(last) if now > last => Some(Outage { started_at: last, ended_at: now }),
        _ => None,
    };
    if let Some(outage) = &outage {
        store.insert_outage(outage).await?;
    }
    store.beat(now).await?;
    Ok(outage)
}

/// Records that the server is up every `interval` until shutdown, then one last time.
pub async fn heartbeat(store: Arc<dyn Store>, interval: Duration, shutdown: CancellationToken) {
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => break,
            _ = ticks.tick() => {}
        }
        if let Err(error) = store.beat(now_ms()).await {
            tracing::warn!(%error, "could not record the heartbeat");
        }
    }
    // A clean shutdown: the downtime starts now, not at the last tick.
    if let Err(error) = store.beat(now_ms()).await {
        tracing::warn!(%error, "could not record the last heartbeat");
    }
}

/// How much of the time from `since` to `now` the server, or a game's node, was down. Outages may overlap (a
/// game's node died, then the whole service went down): time is counted once.
#[must_use]
pub fn overlap(since: Millis, now: Millis, outages: &[Outage]) -> i64 {
    let mut clipped: Vec<(Millis, Millis)> = outages
        .iter()
        .map(|outage| (outage.started_at.max(since), outage.ended_at.min(now)))
        .filter(|(start, end)| start < end)
        .collect();
    clipped.sort_unstable();
    let (mut total, mut counted_to) = (0, Millis::MIN);
    for (start, end) in clipped {
        let start = start.max(counted_to);
        if end > start {
            total += end - start;
            counted_to = end;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_the_downtime_after_the_clock_was_taken() {
        let outages = [Outage { started_at: 100, ended_at: 200 }, Outage { started_at: 500, ended_at: 800 }];
        assert_eq!(overlap(0, 1_000, &outages), 400);
        assert_eq!(overlap(150, 1_000, &outages), 350);
        assert_eq!(overlap(900, 1_000, &outages), 0);
        assert_eq!(overlap(0, 600, &outages), 200);
    }

    #[test]
    fn counts_overlapping_outages_once() {
        let outages = [Outage { started_at: 100, ended_at: 300 }, Outage { started_at: 200, ended_at: 400 }];
        assert_eq!(overlap(0, 1_000, &outages), 300);
        let nested = [Outage { started_at: 100, ended_at: 500 }, Outage { started_at: 200, ended_at: 300 }];
        assert_eq!(overlap(0, 1_000, &nested), 400);
        assert_eq!(overlap(250, 450, &nested), 200);
    }
}
