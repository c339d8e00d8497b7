//! `GET /api/admin/audit`: the audit log, newest first. There is no endpoint that changes it.

use axum::extract::State;
use axum::Json;
use kartka_protocol::admin::{AuditPage, MAX_AUDIT_PAGE};
use uuid::Uuid;

use super::Admin;
use crate::admin::audit;
use crate::api::input::Query;
use crate::api::ApiError;
use crate::state::AppState;
use crate::store::AuditFilter;

/// Entries per page unless asked otherwise.
const DEFAULT_PAGE: u32 = 50;

/// Which entries: about a game, about an account, before an entry number.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuditQuery {
    game: Option<Uuid>,
    account: Option<Uuid>,
    before: Option<i64>,
    #[schemars(range(min = 1, max = MAX_AUDIT_PAGE))]
    limit: Option<u32>,
}

/// `GET /api/admin/audit`.
pub async fn entries(
    _admin: Admin,
    State(state): State<AppState>,
    Query(query): Query<AuditQuery>,
) -> Result<Json<AuditPage>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_AUDIT_PAGE);
    let filter = AuditFilter { game_id: query.game, account_id: query.account, before_id: query.before };
    let rows = state.store.audit_entries(&filter, limit).await?;
    let next_before = (rows.len() == limit as usize).then(|| rows.last().map(|last| last.id)).flatten();
    let entries = rows.iter().map(audit::view).collect::<Result<_, _>>()?;
    Ok(Json(AuditPage { entries, next_before }))
}
