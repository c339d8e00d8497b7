//! Notifications: when it becomes a player's turn in a correspondence game, and reminders when a share of
//! their time for the turn is used (80 % unless they chose other thresholds).
//!
//! Scheduling and publishing are separate. Game actors announce turns ([`TurnNotices`]); each announcement
//! writes the turn's notifications to the outbox table, reminders with the moment they fall due. The publisher
//! (`publisher::publish`) marks due notifications published exactly once (the outbox's unique key is the account,
//! game, kind, threshold and turn, and publishing is a conditional update), pushes them to the account's
//! WebSockets and NDJSON streams, and hands them to the webhook sender. Because everything goes through the
//! store, notifications survive restarts; an actor re-announces its turn when it starts, which fills in any
//! announcement a crash cut off.

use std::sync::Arc;

use async_trait::async_trait;
use kartka_protocol::correspondence::{Notification, NotificationKind};
use tokio::sync::Notify;
use uuid::Uuid;

use super::texts;
use crate::games::{GameHooks, TurnState};
use crate::store::{Millis, NotificationRow, Store, StoreError};
use crate::time::now_ms;

/// The reminder thresholds of an account that chose none: 80 % of the turn's time used.
pub const DEFAULT_THRESHOLDS: [u8; 1] = [80];

const YOUR_TURN: &str = "your_turn";
const REMINDER: &str = "reminder";

/// Writes each announced correspondence turn's notifications to the outbox.
pub struct TurnNotices {
    store: Arc<dyn Store>,
    wake: Arc<Notify>,
}

impl TurnNotices {
    /// Notices over `store` that wake the publisher with `wake`.
    #[must_use]
    pub fn new(store: Arc<dyn Store>, wake: Arc<Notify>) -> TurnNotices {
        TurnNotices { store, wake }
    }

    async fn schedule(&self, turn: &TurnState) -> Result<(), StoreError> {
        if !turn.time_control.is_correspondence() {
            return Ok(());
        }
        let turn_ply = i64::from(turn.turn_ply);
        // Reminders of earlier turns are moot; those of a paused turn are scheduled again when it resumes. In a
        // simultaneous phase every seat still to act keeps its own: they are dropped together and scheduled
        // again (a published one stays published), and a seat that submitted loses its own with the next turn.
        let keep = match (turn.seats_to_act.first(), turn.deadline) {
            (Some(seat), Some(_)) if turn.seats_to_act.len() == 1 => Some((turn.players[seat.index()], turn_ply)),
            _ => None,
        };
        self.store.drop_unpublished_reminders(turn.game_id, keep).await?;
        for seat in turn.seats_to_act.iter() {
            self.schedule_for(turn, turn.players[seat.index()]).await?;
        }
        if !turn.seats_to_act.is_empty() {
            self.wake.notify_one();
        }
        Ok(())
    }

    /// `account`'s notice of its turn and reminders of it.
    async fn schedule_for(&self, turn: &TurnState, account: Uuid) -> Result<(), StoreError> {
        let now = now_ms();
        let row = |kind: &str, threshold: u8, due_at: Millis| NotificationRow {
            id: Uuid::new_v4(),
            account_id: account,
            game_id: turn.game_id,
            kind: kind.to_owned(),
            threshold: i64::from(threshold),
            turn_ply: i64::from(turn.turn_ply),
            deadline: turn.deadline,
            due_at,
            published_at: None,
            language: None,
            opponent: None,
        };
        self.store.schedule_notification(&row(YOUR_TURN, 0, now)).await?;
        if let (Some(deadline), Some(allotment)) = (turn.deadline, turn.allotment) {
            for threshold in thresholds(self.store.as_ref(), account).await? {
                let due_at = deadline - allotment * i64::from(100 - threshold) / 100;
                self.store.schedule_notification(&row(REMINDER, threshold, due_at)).await?;
            }
        }
        Ok(())
    }
}

#[async_trait]
impl GameHooks for TurnNotices {
    async fn turn_changed(&self, turn: &TurnState) {
        if let Err(error) = self.schedule(turn).await {
            tracing::error!(game = %turn.game_id, %error, "could not schedule notifications");
        }
    }
}

/// An account's reminder thresholds, in percent.
pub async fn thresholds(store: &dyn Store, account: Uuid) -> Result<Vec<u8>, StoreError> {
    Ok(match store.notification_settings(account).await? {
        Some(settings) => parse_thresholds(&settings.reminder_thresholds),
        None => DEFAULT_THRESHOLDS.to_vec(),
    })
}

/// Thresholds from their stored text (`"50,80"`).
#[must_use]
pub fn parse_thresholds(text: &str) -> Vec<u8> {
    text.split(',').filter_map(|part| part.trim().parse().ok()).collect()
}

/// Thresholds as stored.
#[must_use]
pub fn thresholds_text(thresholds: &[u8]) -> String {
    thresholds.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

/// The protocol's view of a published notification.
#[must_use]
pub fn view(row: &NotificationRow) -> Notification {
    let kind = if row.kind == REMINDER { NotificationKind::Reminder } else { NotificationKind::YourTurn };
    let threshold_percent = (row.kind == REMINDER).then(|| u8::try_from(row.threshold).unwrap_or(0));
    let language = row.language.as_deref().and_then(texts::language).unwrap_or_default();
    Notification {
        id: row.id,
        account_id: row.account_id,
        kind,
        game_id: row.game_id,
        turn_ply: u32::try_from(row.turn_ply).unwrap_or(0),
        threshold_percent,
        deadline_ms: row.deadline,
        at_ms: row.published_at.unwrap_or(row.due_at),
        language,
        text: texts::notification(language, kind, threshold_percent, row.opponent.as_deref()),
        opponent: row.opponent.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_round_trip_through_text() {
        assert_eq!(parse_thresholds(&thresholds_text(&[50, 80, 95])), [50, 80, 95]);
        assert_eq!(parse_thresholds(""), Vec::<u8>::new());
    }
}
