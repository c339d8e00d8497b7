//! What correspondence play stores beside the games: the server's heartbeat and outages, vacations,
//! notification settings and the notification outbox, conditional moves, and seeks.

use async_trait::async_trait;
use uuid::Uuid;

use super::{GameRow, Millis, SeekRow, StoreError};

/// A period the server was down, from its last heartbeat to its next start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outage {
    /// The last heartbeat before it.
    pub started_at: Millis,
    /// When the server started again.
    pub ended_at: Millis,
}

/// A vacation as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationRow {
    /// The vacation's id.
    pub id: Uuid,
    /// Whose vacation.
    pub account_id: Uuid,
    /// When it started.
    pub started_at: Millis,
    /// When it ends unless ended early.
    pub ends_at: Millis,
    /// When it ended; `None` while it lasts.
    pub ended_at: Option<Millis>,
    /// Days it takes from the yearly bank.
    pub days_charged: i64,
}

/// An account's notification settings as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotificationSettingsRow {
    /// The account.
    pub account_id: Uuid,
    /// Reminder thresholds in percent, comma-separated.
    pub reminder_thresholds: String,
    /// Where webhooks go.
    pub webhook_url: Option<String>,
    /// The HMAC key webhook bodies are signed with.
    pub webhook_secret: Option<String>,
}

/// One notification in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotificationRow {
    /// The notification's id.
    pub id: Uuid,
    /// Who it is for.
    pub account_id: Uuid,
    /// The game.
    pub game_id: Uuid,
    /// `your_turn` or `reminder`.
    pub kind: String,
    /// Percent of the turn's time used, for a reminder; 0 for `your_turn`.
    pub threshold: i64,
    /// The ply the turn began at.
    pub turn_ply: i64,
    /// When the turn's time runs out, if the clock runs.
    pub deadline: Option<Millis>,
    /// When it is to be published.
    pub due_at: Millis,
    /// When it was published.
    pub published_at: Option<Millis>,
    /// Read with the notification, never written: the account's language (`en`, `pl` or `ru`).
    pub language: Option<String>,
    /// Read with the notification, never written: the name of the account's opponent in the game.
    pub opponent: Option<String>,
}

/// A notification [`CorrespondenceStore::publish_notifications`] marked published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublishedNotification {
    /// The notification's id.
    pub id: Uuid,
    /// Whether its webhook delivery is now due (its account has a webhook URL).
    pub webhook: bool,
}

/// A webhook delivery that is due: the notification, the attempts so far, and where and how to send it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookJob {
    /// The notification.
    pub notification: NotificationRow,
    /// Attempts made so far.
    pub attempts: i64,
    /// The account's webhook URL now, if it still has one.
    pub url: Option<String>,
    /// The account's signing secret now.
    pub secret: Option<String>,
}

/// A stored conditional move: if the opponent's next turn is `if_turn`, play `reply_turn`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionalRow {
    /// The player the line belongs to.
    pub account_id: Uuid,
    /// The opponent's whole turn.
    pub if_turn: String,
    /// The player's whole turn in answer.
    pub reply_turn: String,
}

/// The correspondence part of the [`Store`](super::Store).
#[async_trait]
pub trait CorrespondenceStore {
    /// Records that the server is up at `at`.
    async fn beat(&self, at: Millis) -> Result<(), StoreError>;
    /// The last recorded heartbeat.
    async fn last_beat(&self) -> Result<Option<Millis>, StoreError>;
    /// Records an outage (a second record of the same outage changes nothing).
    async fn insert_outage(&self, outage: &Outage) -> Result<(), StoreError>;
    /// Outages that ended after `since`, oldest first.
    async fn outages_ending_after(&self, since: Millis) -> Result<Vec<Outage>, StoreError>;

    /// Active correspondence games whose running clock fell at or before `now`, most overdue first. Live games
    /// are not among them: their clocks are their actors', and the failover sweep finds a live game without one.
    async fn overdue_games(&self, now: Millis, limit: u32) -> Result<Vec<Uuid>, StoreError>;
    /// Every active game of an account.
    async fn active_games_of(&self, account_id: Uuid) -> Result<Vec<GameRow>, StoreError>;

    /// Adds a vacation; [`StoreError::Conflict`] when the account is already on one.
    async fn insert_vacation(&self, vacation: &VacationRow) -> Result<(), StoreError>;
    /// The account's current vacation.
    async fn current_vacation(&self, account_id: Uuid) -> Result<Option<VacationRow>, StoreError>;
    /// Days charged to vacations of the account that started after `since`.
    async fn vacation_days_since(&self, account_id: Uuid, since: Millis) -> Result<i64, StoreError>;
    /// Ends a current vacation at `ended_at`, charging `days_charged`; false when it had already ended.
    async fn end_vacation(&self, id: Uuid, ended_at: Millis, days_charged: i64) -> Result<bool, StoreError>;
    /// Current vacations whose planned end is at or before `now`.
    async fn vacations_ending(&self, now: Millis) -> Result<Vec<VacationRow>, StoreError>;

    /// An account's notification settings, if it saved any.
    async fn notification_settings(&self, account_id: Uuid) -> Result<Option<NotificationSettingsRow>, StoreError>;
    /// The language an account's notifications are written in (`en`, `pl` or `ru`); none for an unknown account.
    async fn language(&self, account_id: Uuid) -> Result<Option<String>, StoreError>;
    /// Sets the language an account's notifications are written in (`en`, `pl` or `ru`).
    async fn set_language(&self, account_id: Uuid, language: &str) -> Result<(), StoreError>;
    /// Saves an account's notification settings.
    async fn save_notification_settings(&self, settings: &NotificationSettingsRow) -> Result<(), StoreError>;
    /// Adds a notification, unless one with the same account, game, kind, threshold and turn exists; an
    /// unpublished one gets the new `due_at` and `deadline`.
    async fn schedule_notification(&self, notification: &NotificationRow) -> Result<(), StoreError>;
    /// Drops a game's unpublished reminders, except those of `keep` (an account and the ply its turn began).
    async fn drop_unpublished_reminders(&self, game_id: Uuid, keep: Option<(Uuid, i64)>) -> Result<(), StoreError>;
    /// Unpublished notifications due at or before `now`, oldest first.
    async fn due_notifications(&self, now: Millis, limit: u32) -> Result<Vec<NotificationRow>, StoreError>;
    /// Marks the notifications of `ids` published at `at`, all in one statement (up to the database's limit
    /// of bound values), each only if it was not published yet; the webhook of each whose account has a
    /// webhook URL becomes due at `at`. The notifications it marked, in no particular order: one that was
    /// already published is not among them.
    async fn publish_notifications(&self, ids: &[Uuid], at: Millis) -> Result<Vec<PublishedNotification>, StoreError>;
    /// An account's latest published notifications, newest first.
    async fn recent_notifications(&self, account_id: Uuid, limit: u32) -> Result<Vec<NotificationRow>, StoreError>;
    /// Webhook deliveries due at or before `now`, oldest first.
    async fn due_webhooks(&self, now: Millis, limit: u32) -> Result<Vec<WebhookJob>, StoreError>;
    /// Records a webhook attempt: `next_at` schedules another, `None` closes the delivery (delivered, or given
    /// up).
    async fn webhook_attempted(
        &self,
        id: Uuid,
        attempts: i64,
        next_at: Option<Millis>,
        at: Millis,
    ) -> Result<(), StoreError>;

    /// A game's conditional moves, of both players.
    async fn conditional_moves(&self, game_id: Uuid) -> Result<Vec<ConditionalRow>, StoreError>;
    /// Replaces a player's conditional moves in a game (an empty list clears them).
    async fn replace_conditional_moves(
        &self,
        game_id: Uuid,
        account_id: Uuid,
        lines: &[ConditionalRow],
    ) -> Result<(), StoreError>;

    /// Adds a seek.
    async fn insert_seek(&self, seek: &SeekRow) -> Result<(), StoreError>;
    /// The seek with this id.
    async fn seek(&self, id: Uuid) -> Result<Option<SeekRow>, StoreError>;
    /// Open, unexpired seeks of accounts that are not banned, newest first.
    async fn open_seeks(&self, now: Millis, limit: u32) -> Result<Vec<SeekRow>, StoreError>;
    /// Cancels an open seek; false when it was not open any more.
    async fn cancel_seek(&self, id: Uuid) -> Result<bool, StoreError>;
    /// Cancels every open seek of `creator` (a ban), expired or not; their ids.
    async fn cancel_seeks_of(&self, creator: Uuid) -> Result<Vec<Uuid>, StoreError>;
    /// The seeks still open whose expiry came after `after` and at or before `until`, soonest first.
    async fn seeks_expired_between(&self, after: Millis, until: Millis) -> Result<Vec<Uuid>, StoreError>;
}
