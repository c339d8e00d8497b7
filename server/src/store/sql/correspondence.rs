//! [`CorrespondenceStore`] over both backends, with the same shared SQL as the rest of the store.

use async_trait::async_trait;
use uuid::Uuid;

use super::assembled::{Assembled, Value, MAX_BOUND_VALUES};
use super::dialect::ReadColumn;
use super::statements::ACTIVE_GAMES_OF;
use super::{conflict_if_unique, Dialect, SqlStore};
use crate::store::{
    ConditionalRow, CorrespondenceStore, GameRow, Millis, NotificationRow, NotificationSettingsRow, OfferKind,
    OfferStore, Outage, PublishedNotification, SeekRow, StoreError, VacationRow, WebhookJob,
};

const BEAT: &str = "INSERT INTO server_heartbeat (id, beat_at) VALUES (1, $1) \
    ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at WHERE server_heartbeat.beat_at < excluded.beat_at";
const LAST_BEAT: &str = "SELECT beat_at FROM server_heartbeat WHERE id = 1";
const INSERT_OUTAGE: &str =
    "INSERT INTO server_outages (started_at, ended_at) VALUES ($1, $2) ON CONFLICT (started_at) DO NOTHING";
const OUTAGES_ENDING_AFTER: &str =
    "SELECT started_at, ended_at FROM server_outages WHERE ended_at > $1 ORDER BY started_at";

// Along `game_progress_by_swept_deadline`, which holds correspondence games only (migration 0018); the status is
// the `games` row's.
const OVERDUE_GAMES: &str = "SELECT p.game_id AS id FROM game_progress p JOIN games g ON g.id = p.game_id \
    WHERE g.status = 'active' AND p.swept_deadline <= $1 ORDER BY p.swept_deadline LIMIT $2";

macro_rules! vacation_columns {
    () => {
        "id, account_id, started_at, ends_at, ended_at, days_charged"
    };
}
const INSERT_VACATION: &str =
    concat!("INSERT INTO vacations (", vacation_columns!(), ") VALUES ($1, $2, $3, $4, $5, $6)");
const CURRENT_VACATION: &str =
    concat!("SELECT ", vacation_columns!(), " FROM vacations WHERE account_id = $1 AND ended_at IS NULL");
// SUM of a BIGINT is NUMERIC in PostgreSQL: cast it back.
const VACATION_DAYS_SINCE: &str = "SELECT CAST(COALESCE(SUM(days_charged), 0) AS BIGINT) AS days \
    FROM vacations WHERE account_id = $1 AND started_at > $2";
const END_VACATION: &str = "UPDATE vacations SET ended_at = $2, days_charged = $3 WHERE id = $1 AND ended_at IS NULL";
const VACATIONS_ENDING: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations WHERE ended_at IS NULL AND ends_at <= $1 ORDER BY ends_at"
);

const NOTIFICATION_SETTINGS: &str = "SELECT account_id, reminder_thresholds, webhook_url, webhook_secret \
    FROM notification_settings WHERE account_id = $1";
const SAVE_NOTIFICATION_SETTINGS: &str = "INSERT INTO notification_settings \
    (account_id, reminder_thresholds, webhook_url, webhook_secret) VALUES ($1, $2, $3, $4) \
    ON CONFLICT (account_id) DO UPDATE SET reminder_thresholds = excluded.reminder_thresholds, \
    webhook_url = excluded.webhook_url, webhook_secret = excluded.webhook_secret";

const LANGUAGE: &str = "SELECT language FROM accounts WHERE id = $1";
const SET_LANGUAGE: &str = "UPDATE accounts SET language = $2 WHERE id = $1";

// With the account's language and its opponent's name, for the notification's text.
macro_rules! notification_columns {
    () => {
        "n.id, n.account_id, n.game_id, n.kind, n.threshold, n.turn_ply, n.deadline, n.due_at, n.published_at, \
         (SELECT a.language FROM accounts a WHERE a.id = n.account_id) AS language, \
         (SELECT o.name FROM game_seats s JOIN accounts o ON o.id = s.account_id \
          WHERE s.game_id = n.game_id AND s.account_id <> n.account_id ORDER BY s.seat LIMIT 1) AS opponent"
    };
}
const SCHEDULE_NOTIFICATION: &str = "INSERT INTO notifications \
    (id, account_id, game_id, kind, threshold, turn_ply, deadline, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
    ON CONFLICT (account_id, game_id, kind, threshold, turn_ply) \
    DO UPDATE SET due_at = excluded.due_at, deadline = excluded.deadline WHERE notifications.published_at IS NULL";
const DROP_REMINDERS: &str =
    "DELETE FROM notifications WHERE game_id = $1 AND kind = 'reminder' AND published_at IS NULL";
const DROP_REMINDERS_EXCEPT: &str = "DELETE FROM notifications \
    WHERE game_id = $1 AND kind = 'reminder' AND published_at IS NULL AND NOT (account_id = $2 AND turn_ply = $3)";
const DUE_NOTIFICATIONS: &str = concat!(
    "SELECT ",
    notification_columns!(),
    " FROM notifications n WHERE n.published_at IS NULL AND n.due_at <= $1 ORDER BY n.due_at, n.id LIMIT $2"
);
// Followed by the ids' list. The condition on `published_at` keeps a notification published once, whoever
// else marks it meanwhile; the webhook is due at once if the account has a webhook URL, as publishing it says.
const PUBLISH_NOTIFICATIONS: &str = "UPDATE notifications SET published_at = ";
const PUBLISH_WEBHOOK_IF_SET: &str = ", webhook_next_at = CASE WHEN EXISTS (SELECT 1 FROM notification_settings s \
    WHERE s.account_id = notifications.account_id AND s.webhook_url IS NOT NULL) THEN ";
const PUBLISH_UNPUBLISHED_AMONG: &str = " END WHERE published_at IS NULL AND id IN ";
const PUBLISHED_RETURNING: &str = " RETURNING id, webhook_next_at IS NOT NULL AS webhook";
const RECENT_NOTIFICATIONS: &str = concat!(
    "SELECT ",
    notification_columns!(),
    " FROM notifications n WHERE n.account_id = $1 AND n.published_at IS NOT NULL \
     ORDER BY n.published_at DESC, n.id DESC LIMIT $2"
);
const DUE_WEBHOOKS: &str = concat!(
    "SELECT ",
    notification_columns!(),
    ", n.webhook_attempts, s.webhook_url, s.webhook_secret FROM notifications n \
     LEFT JOIN notification_settings s ON s.account_id = n.account_id \
     WHERE n.webhook_done_at IS NULL AND n.webhook_next_at <= $1 ORDER BY n.webhook_next_at, n.id LIMIT $2"
);
const WEBHOOK_ATTEMPTED: &str = "UPDATE notifications SET webhook_attempts = $2, webhook_next_at = $3, \
    webhook_done_at = CASE WHEN $3 IS NULL THEN $4 ELSE NULL END WHERE id = $1";

const CONDITIONAL_MOVES: &str =
    "SELECT account_id, if_turn, reply_turn FROM conditional_moves WHERE game_id = $1 ORDER BY account_id, if_turn";
const DELETE_CONDITIONAL_MOVES: &str = "DELETE FROM conditional_moves WHERE game_id = $1 AND account_id = $2";
const INSERT_CONDITIONAL_MOVE: &str =
    "INSERT INTO conditional_moves (game_id, account_id, if_turn, reply_turn) VALUES ($1, $2, $3, $4)";

// An offer's columns in the order `bind_offer` binds them.
macro_rules! seek_columns {
    () => {
        "id, creator_id, ruleset, time_control, colour, status, game_id, created_at, expires_at, rated, revision"
    };
}
const INSERT_SEEK: &str =
    concat!("INSERT INTO seeks (", seek_columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)");
// A seek's columns read under the names `offer_from_row` reads for every kind of offer.
macro_rules! seek_reads {
    () => {
        "id, creator_id, ruleset, time_control, colour, status, game_id, created_at, expires_at, rated, revision"
    };
}
pub(super) const SEEK_BY_ID: &str = concat!("SELECT ", seek_reads!(), " FROM seeks WHERE id = $1");
const OPEN_SEEKS: &str = concat!(
    "SELECT ",
    seek_reads!(),
    " FROM seeks WHERE status = 'open' AND expires_at > $1 \
    AND NOT EXISTS (SELECT 1 FROM accounts WHERE accounts.id = seeks.creator_id AND accounts.banned) \
    ORDER BY created_at DESC, id DESC LIMIT $2"
);
const CANCEL_SEEK: &str = "UPDATE seeks SET status = 'cancelled' WHERE id = $1 AND status = 'open'";
const CANCEL_SEEKS_OF: &str =
    "UPDATE seeks SET status = 'cancelled' WHERE creator_id = $1 AND status = 'open' RETURNING id";
// Through the `seeks_open_by_expiry` index (0013).
const SEEKS_EXPIRED_BETWEEN: &str = "SELECT id FROM seeks WHERE status = 'open' AND expires_at > $1 \
    AND expires_at <= $2 ORDER BY expires_at, id";

impl<DB: Dialect> SqlStore<DB> {
    fn vacation_from_row(row: &DB::Row) -> Result<VacationRow, sqlx::Error> {
        Ok(VacationRow {
            id: Self::uuid(row, "id")?,
            account_id: Self::uuid(row, "account_id")?,
            started_at: row.read("started_at")?,
            ends_at: row.read("ends_at")?,
            ended_at: row.read("ended_at")?,
            days_charged: row.read("days_charged")?,
        })
    }

    fn notification_from_row(row: &DB::Row) -> Result<NotificationRow, sqlx::Error> {
        Ok(NotificationRow {
            id: Self::uuid(row, "id")?,
            account_id: Self::uuid(row, "account_id")?,
            game_id: Self::uuid(row, "game_id")?,
            kind: row.read("kind")?,
            threshold: row.read("threshold")?,
            turn_ply: row.read("turn_ply")?,
            deadline: row.read("deadline")?,
            due_at: row.read("due_at")?,
            published_at: row.read("published_at")?,
            language: row.read("language")?,
            opponent: row.read("opponent")?,
        })
    }
}

#[async_trait]
impl<DB: Dialect> CorrespondenceStore for SqlStore<DB> {
    async fn beat(&self, at: Millis) -> Result<(), StoreError> {
        DB::statement(BEAT).bind(at).execute(&self.writer).await?;
        Ok(())
    }

    async fn last_beat(&self) -> Result<Option<Millis>, StoreError> {
        let row = DB::statement(LAST_BEAT).fetch_optional(&self.pool).await?;
        Ok(row.map(|row| row.read("beat_at")).transpose()?)
    }

    async fn insert_outage(&self, outage: &Outage) -> Result<(), StoreError> {
        DB::statement(INSERT_OUTAGE).bind(outage.started_at).bind(outage.ended_at).execute(&self.writer).await?;
        Ok(())
    }

    async fn outages_ending_after(&self, since: Millis) -> Result<Vec<Outage>, StoreError> {
        let rows = DB::statement(OUTAGES_ENDING_AFTER).bind(since).fetch_all(&self.pool).await?;
        let outage = |row: &DB::Row| -> Result<Outage, sqlx::Error> {
            Ok(Outage { started_at: row.read("started_at")?, ended_at: row.read("ended_at")? })
        };
        Ok(rows.iter().map(outage).collect::<Result<_, _>>()?)
    }

    async fn overdue_games(&self, now: Millis, limit: u32) -> Result<Vec<Uuid>, StoreError> {
        let rows = DB::statement(OVERDUE_GAMES).bind(now).bind(i64::from(limit)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "id")).collect::<Result<_, _>>()?)
    }

    async fn active_games_of(&self, account_id: Uuid) -> Result<Vec<GameRow>, StoreError> {
        let rows = DB::statement(ACTIVE_GAMES_OF).bind(DB::to_id(account_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }

    async fn insert_vacation(&self, vacation: &VacationRow) -> Result<(), StoreError> {
        DB::statement(INSERT_VACATION)
            .bind(DB::to_id(vacation.id))
            .bind(DB::to_id(vacation.account_id))
            .bind(vacation.started_at)
            .bind(vacation.ends_at)
            .bind(vacation.ended_at)
            .bind(vacation.days_charged)
            .execute(&self.writer)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn current_vacation(&self, account_id: Uuid) -> Result<Option<VacationRow>, StoreError> {
        let row = DB::statement(CURRENT_VACATION).bind(DB::to_id(account_id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::vacation_from_row).transpose()?)
    }

    async fn vacation_days_since(&self, account_id: Uuid, since: Millis) -> Result<i64, StoreError> {
        let row =
            DB::statement(VACATION_DAYS_SINCE).bind(DB::to_id(account_id)).bind(since).fetch_one(&self.pool).await?;
        Ok(row.read("days")?)
    }

    async fn end_vacation(&self, id: Uuid, ended_at: Millis, days_charged: i64) -> Result<bool, StoreError> {
        let result = DB::statement(END_VACATION)
            .bind(DB::to_id(id))
            .bind(ended_at)
            .bind(days_charged)
            .execute(&self.writer)
            .await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn vacations_ending(&self, now: Millis) -> Result<Vec<VacationRow>, StoreError> {
        let rows = DB::statement(VACATIONS_ENDING).bind(now).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::vacation_from_row).collect::<Result<_, _>>()?)
    }

    async fn notification_settings(&self, account_id: Uuid) -> Result<Option<NotificationSettingsRow>, StoreError> {
        let row = DB::statement(NOTIFICATION_SETTINGS).bind(DB::to_id(account_id)).fetch_optional(&self.pool).await?;
        let settings = |row: &DB::Row| -> Result<NotificationSettingsRow, sqlx::Error> {
            Ok(NotificationSettingsRow {
                account_id: Self::uuid(row, "account_id")?,
                reminder_thresholds: row.read("reminder_thresholds")?,
                webhook_url: row.read("webhook_url")?,
                webhook_secret: row.read("webhook_secret")?,
            })
        };
        Ok(row.as_ref().map(settings).transpose()?)
    }

    async fn language(&self, account_id: Uuid) -> Result<Option<String>, StoreError> {
        let row = DB::statement(LANGUAGE).bind(DB::to_id(account_id)).fetch_optional(&self.pool).await?;
        Ok(row.map(|row| row.read("language")).transpose()?)
    }

    async fn set_language(&self, account_id: Uuid, language: &str) -> Result<(), StoreError> {
        DB::statement(SET_LANGUAGE).bind(DB::to_id(account_id)).bind(language).execute(&self.writer).await?;
        Ok(())
    }

    async fn save_notification_settings(&self, settings: &NotificationSettingsRow) -> Result<(), StoreError> {
        DB::statement(SAVE_NOTIFICATION_SETTINGS)
            .bind(DB::to_id(settings.account_id))
            .bind(settings.reminder_thresholds.as_str())
            .bind(settings.webhook_url.as_deref())
            .bind(settings.webhook_secret.as_deref())
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn schedule_notification(&self, notification: &NotificationRow) -> Result<(), StoreError> {
        DB::statement(SCHEDULE_NOTIFICATION)
            .bind(DB::to_id(notification.id))
            .bind(DB::to_id(notification.account_id))
            .bind(DB::to_id(notification.game_id))
            .bind(notification.kind.as_str())
            .bind(notification.threshold)
            .bind(notification.turn_ply)
            .bind(notification.deadline)
            .bind(notification.due_at)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn drop_unpublished_reminders(&self, game_id: Uuid, keep: Option<(Uuid, i64)>) -> Result<(), StoreError> {
        match keep {
            Some((account_id, turn_ply)) => {
                DB::statement(DROP_REMINDERS_EXCEPT)
                    .bind(DB::to_id(game_id))
                    .bind(DB::to_id(account_id))
                    .bind(turn_ply)
                    .execute(&self.writer)
                    .await?
            }
            None => DB::statement(DROP_REMINDERS).bind(DB::to_id(game_id)).execute(&self.writer).await?,
        };
        Ok(())
    }

    async fn due_notifications(&self, now: Millis, limit: u32) -> Result<Vec<NotificationRow>, StoreError> {
        let rows = DB::statement(DUE_NOTIFICATIONS).bind(now).bind(i64::from(limit)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::notification_from_row).collect::<Result<_, _>>()?)
    }

    async fn publish_notifications(&self, ids: &[Uuid], at: Millis) -> Result<Vec<PublishedNotification>, StoreError> {
        let mut published = Vec::with_capacity(ids.len());
        // `at` is bound twice besides the ids.
        for chunk in ids.chunks(MAX_BOUND_VALUES - 2) {
            let mut query = Assembled::new(DB::placeholder, PUBLISH_NOTIFICATIONS);
            query.value(Value::Int(at)).text(PUBLISH_WEBHOOK_IF_SET).value(Value::Int(at));
            query.text(PUBLISH_UNPUBLISHED_AMONG).id_list(chunk).text(PUBLISHED_RETURNING);
            for row in Self::bind_assembled(&query).fetch_all(&self.writer).await? {
                published.push(PublishedNotification { id: Self::uuid(&row, "id")?, webhook: row.read("webhook")? });
            }
        }
        Ok(published)
    }

    async fn recent_notifications(&self, account_id: Uuid, limit: u32) -> Result<Vec<NotificationRow>, StoreError> {
        let rows = DB::statement(RECENT_NOTIFICATIONS)
            .bind(DB::to_id(account_id))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(Self::notification_from_row).collect::<Result<_, _>>()?)
    }

    async fn due_webhooks(&self, now: Millis, limit: u32) -> Result<Vec<WebhookJob>, StoreError> {
        let rows = DB::statement(DUE_WEBHOOKS).bind(now).bind(i64::from(limit)).fetch_all(&self.pool).await?;
        let job = |row: &DB::Row| -> Result<WebhookJob, sqlx::Error> {
            Ok(WebhookJob {
                notification: Self::notification_from_row(row)?,
                attempts: row.read("webhook_attempts")?,
                url: row.read("webhook_url")?,
                secret: row.read("webhook_secret")?,
            })
        };
        Ok(rows.iter().map(job).collect::<Result<_, _>>()?)
    }

    async fn webhook_attempted(
        &self,
        id: Uuid,
        attempts: i64,
        next_at: Option<Millis>,
        at: Millis,
    ) -> Result<(), StoreError> {
        DB::statement(WEBHOOK_ATTEMPTED)
            .bind(DB::to_id(id))
            .bind(attempts)
            .bind(next_at)
            .bind(at)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn conditional_moves(&self, game_id: Uuid) -> Result<Vec<ConditionalRow>, StoreError> {
        let rows = DB::statement(CONDITIONAL_MOVES).bind(DB::to_id(game_id)).fetch_all(&self.pool).await?;
        let line = |row: &DB::Row| -> Result<ConditionalRow, sqlx::Error> {
            Ok(ConditionalRow {
                account_id: Self::uuid(row, "account_id")?,
                if_turn: row.read("if_turn")?,
                reply_turn: row.read("reply_turn")?,
            })
        };
        Ok(rows.iter().map(line).collect::<Result<_, _>>()?)
    }

    async fn replace_conditional_moves(
        &self,
        game_id: Uuid,
        account_id: Uuid,
        lines: &[ConditionalRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        DB::statement(DELETE_CONDITIONAL_MOVES)
            .bind(DB::to_id(game_id))
            .bind(DB::to_id(account_id))
            .execute(&mut *tx)
            .await?;
        for line in lines {
            DB::statement(INSERT_CONDITIONAL_MOVE)
                .bind(DB::to_id(game_id))
                .bind(DB::to_id(account_id))
                .bind(line.if_turn.as_str())
                .bind(line.reply_turn.as_str())
                .execute(&mut *tx)
                .await
                .map_err(conflict_if_unique)?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn insert_seek(&self, seek: &SeekRow) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        Self::bind_offer(DB::statement(INSERT_SEEK), seek).execute(&mut *tx).await.map_err(conflict_if_unique)?;
        Self::insert_offer_seats(&mut tx, seek).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn seek(&self, id: Uuid) -> Result<Option<SeekRow>, StoreError> {
        self.offer(OfferKind::Seek, id).await
    }

    async fn open_seeks(&self, now: Millis, limit: u32) -> Result<Vec<SeekRow>, StoreError> {
        let rows = DB::statement(OPEN_SEEKS).bind(now).bind(i64::from(limit)).fetch_all(&self.pool).await?;
        let seeks = rows.iter().map(Self::offer_from_row).collect::<Result<_, _>>()?;
        self.all_with_seats(seeks).await
    }

    async fn cancel_seek(&self, id: Uuid) -> Result<bool, StoreError> {
        let result = DB::statement(CANCEL_SEEK).bind(DB::to_id(id)).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn cancel_seeks_of(&self, creator: Uuid) -> Result<Vec<Uuid>, StoreError> {
        let rows = DB::statement(CANCEL_SEEKS_OF).bind(DB::to_id(creator)).fetch_all(&self.writer).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "id")).collect::<Result<_, _>>()?)
    }

    async fn seeks_expired_between(&self, after: Millis, until: Millis) -> Result<Vec<Uuid>, StoreError> {
        let rows = DB::statement(SEEKS_EXPIRED_BETWEEN).bind(after).bind(until).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "id")).collect::<Result<_, _>>()?)
    }
}
