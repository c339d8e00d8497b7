//! The admin API under `/api/admin`: archive search and review, positions, export and import, actions on games
//! and accounts, and the audit log.
//!
//! Every handler takes [`Admin`] as its first extractor, so a request without the role is refused (401 without
//! a valid token, 403 for any account that is not an admin) before its path, query or body is even read: a
//! non-admin learns nothing, not even whether a game exists.

mod accounts;
mod actions;
mod audit;
mod export;
mod games;
mod import;
mod search;

use std::collections::HashMap;

use axum::extract::{DefaultBodyLimit, FromRequestParts};
use axum::http::request::Parts;
use axum::routing::{get, post};
use axum::Router;
use kartka_protocol::ErrorCode;
use tower_http::limit::RequestBodyLimitLayer;
use uuid::Uuid;

use super::{ApiError, Authenticated};
use crate::admin::audit::CorruptEntry;
use crate::games::convert::CorruptGame;
use crate::state::AppState;
use crate::store::{AccountRow, StoreError};

/// The largest record file an import accepts (the largest archive imported so far, 33,549 games, is 2.8 MB gzipped and 25 MB unpacked).
const MAX_IMPORT_BYTES: usize = 64 * 1024 * 1024;

/// The admin routes, except the import (see [`import_routes`]).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin/games", get(search::games))
        .route("/api/admin/games/{id}", get(games::review))
        .route("/api/admin/games/{id}/position", get(games::position))
        .route("/api/admin/games/{id}/position.svg", get(games::picture))
        .route("/api/admin/games/{id}/record", get(games::record))
        .route("/api/admin/games/{id}/abort", post(actions::abort))
        .route("/api/admin/games/{id}/adjudicate", post(actions::adjudicate))
        .route("/api/admin/export/games.ndjson", get(export::ndjson))
        .route("/api/admin/export/games.pgn", get(export::records))
        .route("/api/admin/accounts/{name}", get(accounts::show))
        .route("/api/admin/accounts/{name}/ban", post(accounts::ban))
        .route("/api/admin/accounts/{name}/unban", post(accounts::unban))
        .route("/api/admin/audit", get(audit::entries))
}

/// The import route, with its own body limit: record files are far larger than any other request.
pub fn import_routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin/import", post(import::import))
        .layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES))
        .layer(RequestBodyLimitLayer::new(MAX_IMPORT_BYTES))
}

/// An authenticated account with the admin role.
pub struct Admin(pub AccountRow);

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Authenticated { account, .. } = Authenticated::from_request_parts(parts, state).await?;
        if !account.is_admin {
            return Err(ApiError::new(ErrorCode::Forbidden, "this needs the admin role"));
        }
        Ok(Admin(account))
    }
}

impl From<CorruptGame> for ApiError {
    fn from(error: CorruptGame) -> ApiError {
        tracing::error!(%error, "a stored game does not read back");
        ApiError::new(ErrorCode::Internal, "the game record is damaged")
    }
}

impl From<CorruptEntry> for ApiError {
    fn from(error: CorruptEntry) -> ApiError {
        tracing::error!(%error, "an audit entry does not read back");
        ApiError::new(ErrorCode::Internal, "the audit log is damaged")
    }
}

/// The accounts with these ids, by id.
async fn accounts_by_id(state: &AppState, ids: &[Uuid]) -> Result<HashMap<Uuid, AccountRow>, StoreError> {
    Ok(state.store.accounts_by_ids(ids).await?.into_iter().map(|account| (account.id, account)).collect())
}

/// An admin's written reason: 1–1000 characters once trimmed.
fn reason(text: &str) -> Result<&str, ApiError> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > 1000 {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "give a reason of 1 to 1000 characters"));
    }
    Ok(text)
}

/// The query-string value `name`, parsed, or `invalid_request` saying what it should be.
fn parse<T: std::str::FromStr>(name: &str, value: &str, expected: &str) -> Result<T, ApiError> {
    value.parse().map_err(|_| ApiError::new(ErrorCode::InvalidRequest, format!("`{name}` must be {expected}")))
}
