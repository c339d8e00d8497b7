//! Publishing due notifications to the account's WebSockets and NDJSON streams, once each.

use kartka_protocol::ServerFrame;

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
        for row in due {
            if let Err(error) = publish_one(state, row, now).await {
                tracing::error!(%error, "could not publish a notification");
            }
        }
        // A backlog (many games' turns at once, or a long outage) is published batch by batch, but shutting
        // down does not wait for all of it: what is left stays due in the store for the next start.
        if !full_batch || state.shutdown.is_cancelled() {
            return;
        }
    }
}

async fn publish_one(state: &AppState, mut row: NotificationRow, now: Millis) -> Result<(), StoreError> {
    let has_webhook = state.store.notification_settings(row.account_id).await?.is_some_and(|s| s.webhook_url.is_some());
    let webhook_at = has_webhook.then_some(now);
    if !state.store.publish_notification(row.id, now, webhook_at).await? {
        return Ok(());
    }
    row.published_at = Some(now);
    state.connections.notify(row.account_id, &ServerFrame::Notification { notification: view(&row) });
    if has_webhook {
        state.wakers.webhooks.notify_one();
    }
    Ok(())
}
