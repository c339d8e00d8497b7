//! Reports: a player tells the admins about a chat message or an account (`POST /api/reports`); admins list them
//! (`GET /api/admin/reports`) and resolve them (`POST /api/admin/reports/{id}/resolve`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::admin::{AuditEntry, MAX_REASON_CHARS};
use crate::ChatChannel;

/// The most reports a page of `GET /api/admin/reports` holds (a larger `limit` is lowered to it).
pub const MAX_REPORT_PAGE: u32 = 200;

/// `POST /api/reports`: what is reported, and why. Exactly one of `message_id` and `account_id`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewReport {
    /// A chat message (of the lobby or of a game), by the id its `chat` frame gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<i64>,
    /// An account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<Uuid>,
    /// Why (1–1000 characters).
    #[schemars(length(min = 1, max = MAX_REASON_CHARS))]
    pub reason: String,
}

/// Whether a report still waits for an admin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportStatus {
    /// No admin has resolved it yet.
    Open,
    /// An admin resolved it, with a note.
    Resolved,
}

/// The reported chat message as it was when the report was made: a later change cannot hide it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportedMessage {
    /// The message's id.
    pub id: i64,
    /// Its channel (with its game, for a game's).
    pub channel: ChatChannel,
    /// Its text.
    pub text: String,
    /// When it was said, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Report {
    /// Its number; later reports have larger numbers.
    pub id: i64,
    /// When it was made, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// The reporting account.
    pub reporter_id: Uuid,
    /// Its name.
    pub reporter_name: String,
    /// The reported account: the one named, or the message's author.
    pub account_id: Uuid,
    /// Its name.
    pub account_name: String,
    /// The reported message; `null` for a report of an account.
    pub message: Option<ReportedMessage>,
    /// The reporter's reason.
    pub reason: String,
    /// Open or resolved.
    pub status: ReportStatus,
    /// When an admin resolved it; `null` while open.
    pub resolved_at_ms: Option<i64>,
    /// The admin who resolved it, by name at the time; `null` while open.
    pub resolved_by: Option<String>,
    /// The admin's note; `null` while open.
    pub note: Option<String>,
}

/// `GET /api/admin/reports`: a page of reports of one status, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportPage {
    /// The reports.
    pub reports: Vec<Report>,
    /// Pass as `before` for the next page; absent on the last page.
    pub next_before: Option<i64>,
}

/// `POST /api/admin/reports/{id}/resolve`: the admin's note, which the report and the audit log keep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportResolution {
    /// What was done about it (1–1000 characters).
    #[schemars(length(min = 1, max = MAX_REASON_CHARS))]
    pub note: String,
}

/// The answer to a resolve: the report now, and the audit entry written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportResolved {
    /// The report after the resolve.
    pub report: Report,
    /// The audit entry.
    pub audit: AuditEntry,
}
