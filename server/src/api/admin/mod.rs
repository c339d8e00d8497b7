//! The admin API under `/api/admin`: archive search and review, positions, export and import, actions on games
//! and accounts, players' reports, and the audit log.
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
mod reports;
mod search;

use std::collections::HashMap;

use aide::axum::routing::{get_with, post_with};
use aide::axum::ApiRouter;
use aide::generate::GenContext;
use aide::openapi::Operation;
use aide::OperationInput;
use axum::extract::{DefaultBodyLimit, FromRequestParts};
use axum::http::request::Parts;
use kartka_protocol::admin::MAX_REASON_CHARS;
use kartka_protocol::ErrorCode;
use uuid::Uuid;

use super::openapi::{doc, file, require_token};
use super::{ApiError, Authenticated};
use crate::admin::audit::CorruptEntry;
use crate::games::convert::CorruptGame;
use crate::state::AppState;
use crate::store::{AccountRow, StoreError};

/// The admin routes, except the import (see [`import_routes`]).
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .api_route("/api/admin/games", get_with(search::games, doc("admin", "Search the archive")))
        .api_route("/api/admin/games/{id}", get_with(games::review, doc("admin", "Review a game: moves, timeline")))
        .api_route(
            "/api/admin/games/{id}/position",
            get_with(
                games::position,
                doc("admin", "The game after a number of actions: who acts, the outcome, legal actions, moves"),
            ),
        )
        .api_route(
            "/api/admin/games/{id}/record",
            get_with(games::record, file("admin", "The game as a record file", "text/plain")),
        )
        .api_route("/api/admin/games/{id}/abort", post_with(actions::abort, doc("admin", "Abort a running game")))
        .api_route(
            "/api/admin/games/{id}/adjudicate",
            post_with(actions::adjudicate, doc("admin", "Decide the result of a game")),
        )
        .api_route(
            "/api/admin/export/games.ndjson",
            get_with(
                export::ndjson,
                file("admin", "Export found games, one JSON object a line", "application/x-ndjson"),
            ),
        )
        .api_route(
            "/api/admin/export/games.pgn",
            get_with(export::records, file("admin", "Export found games as record files", "text/plain")),
        )
        .api_route(
            "/api/admin/accounts",
            get_with(accounts::search, doc("admin", "Accounts by name prefix, banned and imported ones too")),
        )
        .api_route("/api/admin/accounts/{name}", get_with(accounts::show, doc("admin", "An account and its standing")))
        .api_route("/api/admin/accounts/{name}/ban", post_with(accounts::ban, doc("admin", "Ban an account")))
        .api_route("/api/admin/accounts/{name}/unban", post_with(accounts::unban, doc("admin", "Lift a ban")))
        .api_route(
            "/api/admin/accounts/{name}/bot",
            post_with(accounts::mark_bot, doc("admin", "Mark an account as a bot, or take the mark away")),
        )
        .api_route(
            "/api/admin/accounts/{name}/chat-mute",
            post_with(accounts::mute_chat, doc("admin", "Mute an account's chat, or lift the mute")),
        )
        .api_route(
            "/api/admin/reports",
            get_with(reports::list, doc("admin", "Players' reports, open or resolved, newest first")),
        )
        .api_route(
            "/api/admin/reports/{id}/resolve",
            post_with(reports::resolve, doc("admin", "Resolve a report with a note")),
        )
        .api_route("/api/admin/audit", get_with(audit::entries, doc("admin", "The audit log, newest first")))
}

/// The import route, with its own body limit of `max_bytes` (`--import-max-mb`): record files are far larger
/// than any other request. The limit is enforced where the body is read (`RawBody`), so an oversized file gets
/// the typed `frame_too_large` error rather than a bare 413 from a layer.
pub fn import_routes(max_bytes: usize) -> ApiRouter<AppState> {
    ApiRouter::new()
        .api_route("/api/admin/import", post_with(import::import, doc("admin", "Import record files into the archive")))
        .layer(DefaultBodyLimit::max(max_bytes))
}

/// An authenticated account with the admin role.
pub struct Admin(pub AccountRow);

impl OperationInput for Admin {
    fn operation_input(_ctx: &mut GenContext, operation: &mut Operation) {
        require_token(operation);
        let note = "Needs a token of an account with the admin role (403 `forbidden` otherwise).";
        operation.description = Some(note.to_owned());
    }
}

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
pub(super) fn reason(text: &str) -> Result<&str, ApiError> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_REASON_CHARS {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "give a reason of 1 to 1000 characters"));
    }
    Ok(text)
}

/// The query-string value `name`, parsed, or `invalid_request` saying what it should be.
fn parse<T: std::str::FromStr>(name: &str, value: &str, expected: &str) -> Result<T, ApiError> {
    value.parse().map_err(|_| ApiError::new(ErrorCode::InvalidRequest, format!("`{name}` must be {expected}")))
}
