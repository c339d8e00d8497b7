//! Accounts and sessions: who a token belongs to, and creating accounts and sessions.

use std::time::Duration;

use kartka_protocol::rest::{
    AccountInfo, Session, MAX_NAME_CHARS, MAX_PASSWORD_CHARS, MIN_NAME_CHARS, MIN_PASSWORD_CHARS,
};
use kartka_protocol::PlayerInfo;
use uuid::Uuid;

use crate::auth::{new_token, token_hash};
use crate::store::{AccountKind, AccountRow, SessionRow, Store, StoreError};
use crate::time::now_ms;

/// Why a token does not authenticate.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// Unknown, expired or revoked token.
    #[error("the token is unknown, expired or revoked")]
    InvalidToken,
    /// The account is banned.
    #[error("this account is banned")]
    Banned,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The account a bearer token authenticates.
pub async fn authenticate(store: &dyn Store, token: &str) -> Result<AccountRow, AuthError> {
    let account = store.session_account(&token_hash(token), now_ms()).await?.ok_or(AuthError::InvalidToken)?;
    if account.banned {
        return Err(AuthError::Banned);
    }
    Ok(account)
}

/// Starts a session for an account and returns its token (the only time the token is seen).
pub async fn open_session(store: &dyn Store, lifetime: Duration, account: &AccountRow) -> Result<Session, StoreError> {
    let token = new_token();
    let now = now_ms();
    let expires_at = now + lifetime.as_millis() as i64;
    let session = SessionRow { token_hash: token_hash(&token), account_id: account.id, created_at: now, expires_at };
    store.insert_session(&session).await?;
    Ok(Session { token, account: info(account), expires_at_ms: expires_at, admin: account.is_admin })
}

/// A new account row (not yet stored).
#[must_use]
pub fn new_account(name: &str, kind: AccountKind, password_hash: Option<String>) -> AccountRow {
    AccountRow {
        id: Uuid::new_v4(),
        name: name.to_owned(),
        kind,
        password_hash,
        is_admin: false,
        is_bot: false,
        chat_muted: false,
        banned: false,
        created_at: now_ms(),
        created_from: None,
    }
}

/// How others see an account.
#[must_use]
pub fn info(account: &AccountRow) -> AccountInfo {
    AccountInfo {
        id: account.id,
        name: account.name.clone(),
        guest: account.kind == AccountKind::Guest,
        bot: account.is_bot,
    }
}

/// How an account is shown as a player of a game.
#[must_use]
pub fn player_info(account: &AccountRow) -> PlayerInfo {
    let AccountInfo { id, name, guest, bot } = info(account);
    PlayerInfo { account_id: id, name, guest, bot }
}

/// Whether a name is 3–24 ASCII letters, digits, `_` or `-` (the protocol's `NAME_PATTERN`, checked by hand).
#[must_use]
pub fn valid_name(name: &str) -> bool {
    (MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Whether a password has an accepted number of characters.
#[must_use]
pub fn valid_password(password: &str) -> bool {
    (MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&password.chars().count())
}
