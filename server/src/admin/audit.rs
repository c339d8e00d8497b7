//! Writing and reading the audit log: who did what, when and why.

use kartka_protocol::admin::{AuditAction, AuditEntry};
use uuid::Uuid;

use crate::games::convert::{enum_from_text, enum_text};
use crate::store::{AccountRow, AuditRow};
use crate::time::now_ms;

/// Who acts.
#[derive(Clone, Copy, Debug)]
pub enum Actor<'a> {
    /// An admin, through the REST API.
    Admin(&'a AccountRow),
    /// `kartka admin …` on the server's machine.
    CommandLine,
    /// The server's start-up configuration (`--admins`).
    Configuration,
}

/// What an action is about.
#[derive(Clone, Copy, Debug, Default)]
pub struct Target {
    /// The game acted on.
    pub game_id: Option<Uuid>,
    /// The account acted on.
    pub account_id: Option<Uuid>,
}

/// A new audit entry, timed now.
#[must_use]
pub fn entry(
    actor: Actor<'_>,
    action: AuditAction,
    target: Target,
    details: serde_json::Value,
    reason: &str,
) -> AuditRow {
    let (admin_id, actor_name) = match actor {
        Actor::Admin(account) => (Some(account.id), account.name.clone()),
        Actor::CommandLine => (None, "command line".to_owned()),
        Actor::Configuration => (None, "configuration".to_owned()),
    };
    AuditRow {
        id: 0,
        at: now_ms(),
        admin_id,
        actor_name,
        action: enum_text(&action),
        game_id: target.game_id,
        account_id: target.account_id,
        details: details.to_string(),
        reason: reason.to_owned(),
    }
}

/// A stored entry that does not read back.
#[derive(Debug, thiserror::Error)]
#[error("audit entry {0} does not parse")]
pub struct CorruptEntry(pub i64);

/// How admins read a stored entry.
pub fn view(row: &AuditRow) -> Result<AuditEntry, CorruptEntry> {
    Ok(AuditEntry {
        id: row.id,
        at_ms: row.at,
        admin_id: row.admin_id,
        actor: row.actor_name.clone(),
        action: enum_from_text(&row.action).ok_or(CorruptEntry(row.id))?,
        game_id: row.game_id,
        account_id: row.account_id,
        details: serde_json::from_str(&row.details).map_err(|_| CorruptEntry(row.id))?,
        reason: row.reason.clone(),
    })
}
