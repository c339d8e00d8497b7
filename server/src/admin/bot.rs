//! Marking an account as a bot (or taking the mark away): from the command line (`kartka admin bot NAME`), the
//! admin API (`POST /api/admin/accounts/{name}/bot`) and, for the server's own built-in bot, at start-up.

use kartka_protocol::admin::AuditAction;
use serde_json::json;

use super::audit::{self, Actor, Target};
use crate::store::{AccountKind, Store, StoreError};

/// Why the mark cannot be changed.
#[derive(Debug, thiserror::Error)]
pub enum BotMarkError {
    /// No account has that name.
    #[error("no account is called {0:?}")]
    UnknownAccount(String),
    /// Only registered accounts, which can log in again for new tokens, may be bots.
    #[error("{0:?} is not a registered account; only registered accounts can be bots")]
    NotRegistered(String),
    /// Admins play as people: an admin cannot be marked.
    #[error("{0:?} is an admin; revoke the role first")]
    Admin(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Marks (`is_bot`) or unmarks the account called `name`, with an audit entry. Returns whether anything changed.
pub async fn set_bot(
    store: &dyn Store,
    name: &str,
    is_bot: bool,
    actor: Actor<'_>,
    reason: &str,
) -> Result<bool, BotMarkError> {
    let account = store.account_by_name(name).await?.ok_or_else(|| BotMarkError::UnknownAccount(name.to_owned()))?;
    if is_bot && account.kind != AccountKind::Registered {
        return Err(BotMarkError::NotRegistered(account.name));
    }
    if is_bot && account.is_admin {
        return Err(BotMarkError::Admin(account.name));
    }
    let action = if is_bot { AuditAction::MarkBot } else { AuditAction::UnmarkBot };
    let target = Target { account_id: Some(account.id), ..Target::default() };
    let entry = audit::entry(actor, action, target, json!({ "name": account.name }), reason);
    Ok(store.set_bot(account.id, is_bot, &entry).await?)
}
