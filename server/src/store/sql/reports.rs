//! [`ReportStore`] over both backends.

use async_trait::async_trait;

use super::dialect::ReadColumn;
use super::{Dialect, SqlStore};
use crate::store::chat::ChatRow;
use crate::store::reports::{ReportRow, ReportStore, Resolution};
use crate::store::{AuditRow, StoreError};

const INSERT_REPORT: &str = "INSERT INTO reports \
    (at, reporter_id, account_id, message_id, game_id, channel, body, message_at, reason) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id";
macro_rules! report_select {
    () => {
        "SELECT r.id, r.at, r.reporter_id, p.name AS reporter_name, r.account_id, a.name AS account_name, \
         r.message_id, r.game_id, r.channel, r.body, r.message_at, r.reason, r.resolved_at, r.resolved_by, \
         r.resolver_name, r.note \
         FROM reports r JOIN accounts p ON p.id = r.reporter_id JOIN accounts a ON a.id = r.account_id "
    };
}
const REPORT: &str = concat!(report_select!(), "WHERE r.id = $1");
const OPEN_REPORTS: &str =
    concat!(report_select!(), "WHERE r.resolved_at IS NULL AND r.id < $1 ORDER BY r.id DESC LIMIT $2");
const RESOLVED_REPORTS: &str =
    concat!(report_select!(), "WHERE r.resolved_at IS NOT NULL AND r.id < $1 ORDER BY r.id DESC LIMIT $2");
const RESOLVE_REPORT: &str = "UPDATE reports SET resolved_at = $2, resolved_by = $3, resolver_name = $4, note = $5 \
    WHERE id = $1 AND resolved_at IS NULL";

impl<DB: Dialect> SqlStore<DB> {
    fn report_from_row(row: &DB::Row) -> Result<ReportRow, sqlx::Error> {
        let account_id = Self::uuid(row, "account_id")?;
        let account_name: String = row.read("account_name")?;
        let message = match row.read::<Option<i64>>("message_id")? {
            None => None,
            Some(id) => Some(ChatRow {
                id,
                game_id: Self::optional_uuid(row, "game_id")?,
                channel: row.read::<Option<String>>("channel")?.unwrap_or_default(),
                account_id,
                name: account_name.clone(),
                body: row.read::<Option<String>>("body")?.unwrap_or_default(),
                at: row.read::<Option<i64>>("message_at")?.unwrap_or_default(),
            }),
        };
        let resolution = match row.read::<Option<i64>>("resolved_at")? {
            None => None,
            Some(at) => Some(Resolution {
                at,
                admin_id: Self::optional_uuid(row, "resolved_by")?.unwrap_or_default(),
                admin_name: row.read::<Option<String>>("resolver_name")?.unwrap_or_default(),
                note: row.read::<Option<String>>("note")?.unwrap_or_default(),
            }),
        };
        Ok(ReportRow {
            id: row.read("id")?,
            at: row.read("at")?,
            reporter_id: Self::uuid(row, "reporter_id")?,
            reporter_name: row.read("reporter_name")?,
            account_id,
            account_name,
            message,
            reason: row.read("reason")?,
            resolution,
        })
    }
}

#[async_trait]
impl<DB: Dialect> ReportStore for SqlStore<DB> {
    async fn insert_report(&self, report: &ReportRow) -> Result<i64, StoreError> {
        let message = report.message.as_ref();
        let row = DB::statement(INSERT_REPORT)
            .bind(report.at)
            .bind(DB::to_id(report.reporter_id))
            .bind(DB::to_id(report.account_id))
            .bind(message.map(|message| message.id))
            .bind(message.and_then(|message| message.game_id).map(DB::to_id))
            .bind(message.map(|message| message.channel.as_str()))
            .bind(message.map(|message| message.body.as_str()))
            .bind(message.map(|message| message.at))
            .bind(report.reason.as_str())
            .fetch_one(&self.writer)
            .await?;
        Ok(row.read("id")?)
    }

    async fn report(&self, id: i64) -> Result<Option<ReportRow>, StoreError> {
        let row = DB::statement(REPORT).bind(id).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::report_from_row).transpose()?)
    }

    async fn reports(&self, resolved: bool, before: Option<i64>, limit: u32) -> Result<Vec<ReportRow>, StoreError> {
        let sql = if resolved { RESOLVED_REPORTS } else { OPEN_REPORTS };
        let rows =
            DB::statement(sql).bind(before.unwrap_or(i64::MAX)).bind(i64::from(limit)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::report_from_row).collect::<Result<_, _>>()?)
    }

    async fn resolve_report(&self, id: i64, resolution: &Resolution, entry: &AuditRow) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let changed = DB::statement(RESOLVE_REPORT)
            .bind(id)
            .bind(resolution.at)
            .bind(DB::to_id(resolution.admin_id))
            .bind(resolution.admin_name.as_str())
            .bind(resolution.note.as_str())
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&changed) == 0 {
            return Ok(false);
        }
        Self::write_audit(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(true)
    }
}
