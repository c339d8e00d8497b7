//! Guest accounts, registration, login and logout.

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::rest::{Credentials, GuestRequest, Me, Session};
use kartka_protocol::ErrorCode;
use rand::Rng;

use super::limits::ClientAddress;
use super::{ApiError, Authenticated};
use crate::accounts::{info, new_account, open_session, valid_name, valid_password};
use crate::api::input::JsonBody;
use crate::auth::{hash_password, token_hash, verify_password};
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, StoreError};
use crate::time::now_ms;

/// Attempts at a free guest name before giving up.
const GUEST_NAME_ATTEMPTS: usize = 8;

/// `POST /api/guest`: a guest account and its session in one request. Refused (`guest_banned`) for a while after
/// a guest created from the client's address was banned; the guest keeps that address for the same reason.
pub async fn guest(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    body: Option<JsonBody<GuestRequest>>,
) -> Result<Json<Session>, ApiError> {
    let wished = body.and_then(|JsonBody(request)| request.name);
    if let Some(name) = &wished {
        if !valid_name(name) {
            return Err(ApiError::new(ErrorCode::InvalidRequest, "names are 3-24 letters, digits, _ or -"));
        }
    }
    state.abuse.new_account(address)?;
    let address = address.to_string();
    refuse_banned_address(&state, &address).await?;
    let base = wished.unwrap_or_else(|| "guest".to_owned());
    for attempt in 0..GUEST_NAME_ATTEMPTS {
        let name = if attempt == 0 && base != "guest" {
            base.clone()
        } else {
            let suffix: u32 = rand::rng().random_range(1000..100_000);
            format!("{}-{suffix}", &base[..base.len().min(17)])
        };
        let account =
            AccountRow { created_from: Some(address.clone()), ..new_account(&name, AccountKind::Guest, None) };
        match state.store.insert_account(&account).await {
            Ok(()) => return Ok(Json(open_session(&*state.store, state.settings.session_lifetime, &account).await?)),
            Err(StoreError::Conflict) => continue,
            Err(error) => return Err(error.into()),
        }
    }
    Err(ApiError::new(ErrorCode::NameTaken, "no free guest name found; try another name"))
}

/// Refuses a new guest from `address` (a client address block) while the cool-down of a guest banned from there
/// lasts. The cool-down is read from the store, not kept in this node's memory: every node sharing the database
/// must refuse alike, and a restart must not lift it.
async fn refuse_banned_address(state: &AppState, address: &str) -> Result<(), ApiError> {
    let cooldown = state.settings.limits.guest_ban_cooldown;
    if cooldown.is_zero() {
        return Ok(());
    }
    let since = now_ms().saturating_sub(i64::try_from(cooldown.as_millis()).unwrap_or(i64::MAX));
    if state.store.guest_banned_from(address, since).await? {
        return Err(ApiError::new(
            ErrorCode::GuestBanned,
            "a guest from this address was banned recently; new guests from it are refused for a while",
        ));
    }
    Ok(())
}

/// `POST /api/register`: a registered account and its first session.
pub async fn register(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    JsonBody(credentials): JsonBody<Credentials>,
) -> Result<(StatusCode, Json<Session>), ApiError> {
    if !valid_name(&credentials.username) {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "usernames are 3-24 letters, digits, _ or -"));
    }
    if !valid_password(&credentials.password) {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "passwords are 8-128 characters"));
    }
    state.abuse.new_account(address)?;
    let password = credentials.password;
    let hash = state
        .abuse
        .hash(move || hash_password(&password))
        .await?
        .map_err(|_| ApiError::new(ErrorCode::Internal, "could not hash the password"))?;
    let account = new_account(&credentials.username, AccountKind::Registered, Some(hash));
    match state.store.insert_account(&account).await {
        Ok(()) => Ok((
            StatusCode::CREATED,
            Json(open_session(&*state.store, state.settings.session_lifetime, &account).await?),
        )),
        Err(StoreError::Conflict) => Err(ApiError::new(ErrorCode::NameTaken, "that username is taken")),
        Err(error) => Err(error.into()),
    }
}

/// `POST /api/login`: a new session for a registered account.
pub async fn login(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    JsonBody(credentials): JsonBody<Credentials>,
) -> Result<Json<Session>, ApiError> {
    let refused = || ApiError::new(ErrorCode::BadCredentials, "wrong username or password");
    state.abuse.login(address, &credentials.username)?;
    let account = state.store.account_by_name(&credentials.username).await?;
    let stored = account.as_ref().and_then(|account| account.password_hash.clone());
    let password = credentials.password;
    // Verify even for unknown names, so response time does not tell which names exist.
    let matches = state
        .abuse
        .hash(move || match stored {
            Some(stored) => verify_password(&password, &stored),
            None => {
                let _ = verify_password(&password, &DUMMY_HASH);
                false
            }
        })
        .await?;
    let account = account.filter(|_| matches).ok_or_else(refused)?;
    if account.banned {
        return Err(ApiError::new(ErrorCode::AccountBanned, "this account is banned"));
    }
    Ok(Json(open_session(&*state.store, state.settings.session_lifetime, &account).await?))
}

/// A real argon2id hash of a throwaway password, verified against when the username is unknown.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_password("no account has this password").unwrap_or_default());

/// `POST /api/logout`: ends the session of the presented token and closes the sockets it opened.
pub async fn logout(State(state): State<AppState>, auth: Authenticated) -> Result<StatusCode, ApiError> {
    let session = token_hash(&auth.token);
    state.store.delete_session(&session).await?;
    state.connections.end_session(auth.account.id, &session);
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/me`: the authenticated account, with its role as stored now (the extractor reads the account
/// afresh on every request).
pub async fn me(auth: Authenticated) -> Json<Me> {
    Json(Me { account: info(&auth.account), admin: auth.account.is_admin })
}
