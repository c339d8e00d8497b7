//! Players' reports as admins see them (`GET /api/admin/reports`), and their resolve.

use axum::extract::State;
use axum::Json;
use kartka_protocol::admin::AuditAction;
use kartka_protocol::report::{ReportPage, ReportResolution, ReportResolved, ReportStatus, MAX_REPORT_PAGE};
use kartka_protocol::ErrorCode;
use serde_json::json;

use super::{reason, Admin};
use crate::admin::audit::{self, Actor, Target};
use crate::api::input::{JsonBody, Path, Query};
use crate::api::reports::view;
use crate::api::ApiError;
use crate::state::AppState;
use crate::store::{AuditFilter, Resolution};
use crate::time::now_ms;

/// Reports per page unless asked otherwise.
const DEFAULT_PAGE: u32 = 50;

/// Which reports: open or resolved, before a report number.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportQuery {
    /// `open` (the default) or `resolved`.
    status: Option<ReportStatus>,
    /// Only reports numbered below this (the previous page's `next_before`).
    before: Option<i64>,
    /// Reports per page, at most 200 (default 50).
    #[schemars(range(min = 1, max = MAX_REPORT_PAGE))]
    limit: Option<u32>,
}

/// `GET /api/admin/reports?status=open|resolved&before=&limit=`: newest first.
pub async fn list(
    _admin: Admin,
    State(state): State<AppState>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<ReportPage>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_REPORT_PAGE);
    let resolved = query.status == Some(ReportStatus::Resolved);
    let rows = state.store.reports(resolved, query.before, limit).await?;
    let next_before = (rows.len() == limit as usize).then(|| rows.last().map(|last| last.id)).flatten();
    let reports = rows.iter().map(view).collect::<Result<_, _>>()?;
    Ok(Json(ReportPage { reports, next_before }))
}

/// `POST /api/admin/reports/{id}/resolve`: closes an open report with a note; the audit log keeps the resolve,
/// written in the same transaction.
pub async fn resolve(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<i64>,
    JsonBody(body): JsonBody<ReportResolution>,
) -> Result<Json<ReportResolved>, ApiError> {
    let note = reason(&body.note)?;
    let unknown = || ApiError::new(ErrorCode::UnknownReport, "no such report");
    let report = state.store.report(id).await?.ok_or_else(unknown)?;
    let target = Target { account_id: Some(report.account_id), ..Target::default() };
    let details = json!({ "report_id": id, "name": report.account_name });
    let entry = audit::entry(Actor::Admin(&admin), AuditAction::ResolveReport, target, details, note);
    let resolution =
        Resolution { at: now_ms(), admin_id: admin.id, admin_name: admin.name.clone(), note: note.to_owned() };
    if !state.store.resolve_report(id, &resolution, &entry).await? {
        return Err(ApiError::new(ErrorCode::NotAllowed, "the report is resolved already"));
    }
    let stored = state.store.report(id).await?.ok_or_else(unknown)?;
    let filter = AuditFilter { account_id: Some(report.account_id), ..AuditFilter::default() };
    let written = state.store.audit_entries(&filter, 1).await?;
    let entry = written.first().ok_or_else(|| ApiError::new(ErrorCode::Internal, "the audit entry is missing"))?;
    Ok(Json(ReportResolved { report: view(&stored)?, audit: audit::view(entry)? }))
}
