//! Publishing due notifications to the account's WebSockets and NDJSON streams, once each.

use std::collections::HashMap;

use kartka_protocol::ServerFrame;
use uuid::Uuid;

use super::notify::view;
use crate::state::AppState;
use crate::store::{Millis, NotificationRow, StoreError};
use crate::time::now_ms;

/// Notifications published per round.
const PUBLISH_BATCH: u32 = 100;

/// Publishes due notifications until shutdown: at once when woken, else every poll interval.
pub async fn publish(state: AppState) {
    let poll = state.settings.correspondence.notify_poll_interval;
    loop {
        publish_due(&state).await;
        tokio::select! {
            () = state.shutdown.cancelled() => break,
            () = state.wakers.notifications.notified() => {}
            () = tokio::time::sleep(poll) => {}
        }
    }
}

async fn publish_due(state: &AppState) {
    loop {
        let now = now_ms();
        let due = match state.store.due_notifications(now, PUBLISH_BATCH).await {
            Ok(due) => due,
            Err(error) => {
                tracing::error!(%error, "could not read due notifications");
                return;
            }
        };
        let full_batch = due.len() == PUBLISH_BATCH as usize;
        if let Err(error) = publish_batch(state, due, now).await {
            tracing::error!(%error, "could not publish notifications");
            return;
        }
        // A backlog (many games' turns at once, or a long outage) is published batch by batch, but shutting
        // down does not wait for all of it: what is left stays due in the store for the next start.
        if !full_batch || state.shutdown.is_cancelled() {
            return;
        }
    }
}

/// Publishes a batch of due notifications with one statement, whatever its size: they are marked published
/// first, and only those this marking changed are sent, in the batch's order. A notification someone else
/// marked meanwhile is not sent again; one marked here but not sent because the server stopped in between is
/// in the account's list (`GET /api/notifications`) and not sent at the next start: once each, at most.
async fn publish_batch(state: &AppState, due: Vec<NotificationRow>, now: Millis) -> Result<(), StoreError> {
    let ids: Vec<Uuid> = due.iter().map(|row| row.id).collect();
    let published: HashMap<Uuid, bool> =
        state.store.publish_notifications(&ids, now).await?.into_iter().map(|p| (p.id, p.webhook)).collect();
    for mut row in due {
        let Some(&webhook) = published.get(&row.id) else { continue };
        row.published_at = Some(now);
        state.connections.notify(row.account_id, &ServerFrame::Notification { notification: view(&row) });
        if webhook {
            state.wakers.webhooks.notify_one();
        }
    }
    Ok(())
}
