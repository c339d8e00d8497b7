//! [`ReportStore`] over both backends.

use async_trait::async_trait;
use sqlx::{ColumnIndex, Decode, Encode, Executor, IntoArguments, Row, Type};

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

impl<DB> SqlStore<DB>
where
    DB: Dialect,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> f64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    for<'q> Option<DB::Id>: Encode<'q, DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    fn report_from_row(row: &DB::Row) -> Result<ReportRow, sqlx::Error> {
        let account_id = Self::uuid(row, "account_id")?;
        let account_name: String = row.try_get("account_name")?;
        let message = match row.try_get::<Option<i64>, _>("message_id")? {
            None => None,
            Some(id) => Some(ChatRow {
                id,
                game_id: Self::optional_uuid(row, "game_id")?,
                channel: row.try_get::<Option<String>, _>("channel")?.unwrap_or_default(),
                account_id,
                name: account_name.clone(),
                body: row.try_get::<Option<String>, _>("body")?.unwrap_or_default(),
                at: row.try_get::<Option<i64>, _>("message_at")?.unwrap_or_default(),
            }),
        };
        let resolution = match row.try_get::<Option<i64>, _>("resolved_at")? {
            None => None,
            Some(at) => Some(Resolution {
                at,
                admin_id: Self::optional_uuid(row, "resolved_by")?.unwrap_or_default(),
                admin_name: row.try_get::<Option<String>, _>("resolver_name")?.unwrap_or_default(),
                note: row.try_get::<Option<String>, _>("note")?.unwrap_or_default(),
            }),
        };
        Ok(ReportRow {
            id: row.try_get("id")?,
            at: row.try_get("at")?,
            reporter_id: Self::uuid(row, "reporter_id")?,
            reporter_name: row.try_get("reporter_name")?,
            account_id,
            account_name,
            message,
            reason: row.try_get("reason")?,
            resolution,
        })
    }
}

#[async_trait]
impl<DB> ReportStore for SqlStore<DB>
where
    DB: Dialect,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> f64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    for<'q> Option<DB::Id>: Encode<'q, DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    async fn insert_report(&self, report: &ReportRow) -> Result<i64, StoreError> {
        let message = report.message.as_ref();
        let row = sqlx::query(INSERT_REPORT)
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
        Ok(row.try_get("id")?)
    }

    async fn report(&self, id: i64) -> Result<Option<ReportRow>, StoreError> {
        let row = sqlx::query(REPORT).bind(id).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::report_from_row).transpose()?)
    }

    async fn reports(&self, resolved: bool, before: Option<i64>, limit: u32) -> Result<Vec<ReportRow>, StoreError> {
        let statement = if resolved { RESOLVED_REPORTS } else { OPEN_REPORTS };
        let rows = sqlx::query(statement)
            .bind(before.unwrap_or(i64::MAX))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(Self::report_from_row).collect::<Result<_, _>>()?)
    }

    async fn resolve_report(&self, id: i64, resolution: &Resolution, entry: &AuditRow) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let changed = sqlx::query(RESOLVE_REPORT)
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
