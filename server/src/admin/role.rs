//! Granting and revoking the admin role: from the command line (`kartka admin grant USER`) or at start-up from
//! the configuration (`--admins`).

use kartka_protocol::admin::AuditAction;
use serde_json::json;

use super::audit::{self, Actor, Target};
use crate::store::{AccountKind, Store, StoreError};

/// Why the role cannot be changed.
#[derive(Debug, thiserror::Error)]
pub enum RoleError {
    /// No account has that name.
    #[error("no account is called {0:?}")]
    UnknownAccount(String),
    /// Only registered accounts, which log in with a password, may be admins.
    #[error("{0:?} is not a registered account; only registered accounts can be admins")]
    NotRegistered(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Grants (`is_admin`) or revokes the admin role of the account called `name`, with an audit entry. Returns
/// whether anything changed.
pub async fn set_admin(
    store: &dyn Store,
    name: &str,
    is_admin: bool,
    actor: Actor<'_>,
    reason: &str,
) -> Result<bool, RoleError> {
    let account = store.account_by_name(name).await?.ok_or_else(|| RoleError::UnknownAccount(name.to_owned()))?;
    if is_admin && account.kind != AccountKind::Registered {
        return Err(RoleError::NotRegistered(account.name));
    }
    let action = if is_admin { AuditAction::GrantAdmin } else { AuditAction::RevokeAdmin };
    let target = Target { account_id: Some(account.id), ..Target::default() };
    let entry = audit::entry(actor, action, target, json!({ "name": account.name }), reason);
    Ok(store.set_admin_role(account.id, is_admin, &entry).await?)
}

/// Grants the role to every account the configuration names. An account that does not exist yet is skipped
/// with a warning: it gets the role at the next start after it registered.
pub async fn grant_configured(store: &dyn Store, names: &[String]) {
    for name in names {
        match set_admin(store, name, true, Actor::Configuration, "listed in --admins (KARTKA_ADMINS)").await {
            Ok(true) => tracing::info!(%name, "granted the admin role from the configuration"),
            Ok(false) => {}
            Err(error @ (RoleError::UnknownAccount(_) | RoleError::NotRegistered(_))) => {
                tracing::warn!(%error, "cannot grant the admin role from the configuration");
            }
            Err(RoleError::Store(error)) => tracing::error!(%error, %name, "could not grant the admin role"),
        }
    }
}
