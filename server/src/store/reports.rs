//! What the store keeps of reports: players' reports of chat messages and accounts, and their resolves.

use async_trait::async_trait;
use uuid::Uuid;

use super::{AuditRow, ChatRow, Millis, StoreError};

/// One stored report, with the names of its reporter and reported account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// Its number (0 for a report not yet stored).
    pub id: i64,
    /// When it was made.
    pub at: Millis,
    /// The reporter.
    pub reporter_id: Uuid,
    /// The reporter's name (read with the report; ignored when storing).
    pub reporter_name: String,
    /// The reported account: the one named, or the message's author.
    pub account_id: Uuid,
    /// Its name (read with the report; ignored when storing).
    pub account_name: String,
    /// The reported message as it was when reported (its `account_id` is the report's, its `name` the
    /// account's); `None` for a report of an account.
    pub message: Option<ChatRow>,
    /// The reporter's reason.
    pub reason: String,
    /// How an admin resolved it; `None` while open.
    pub resolution: Option<Resolution>,
}

/// An admin's resolve of a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// When.
    pub at: Millis,
    /// The admin.
    pub admin_id: Uuid,
    /// The admin's name at the time.
    pub admin_name: String,
    /// The admin's note.
    pub note: String,
}

/// The reports part of the [`Store`](super::Store).
#[async_trait]
pub trait ReportStore {
    /// Stores a report (its message copied as given) and gives its id.
    async fn insert_report(&self, report: &ReportRow) -> Result<i64, StoreError>;
    /// The report with this id.
    async fn report(&self, id: i64) -> Result<Option<ReportRow>, StoreError>;
    /// Up to `limit` open (or resolved) reports numbered below `before`, newest first.
    async fn reports(&self, resolved: bool, before: Option<i64>, limit: u32) -> Result<Vec<ReportRow>, StoreError>;
    /// Resolves an open report, with its audit entry, in one transaction. False (and nothing written) when the
    /// report does not exist or is resolved already.
    async fn resolve_report(&self, id: i64, resolution: &Resolution, entry: &AuditRow) -> Result<bool, StoreError>;
}
