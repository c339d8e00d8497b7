//! `POST /api/admin/import?source=LABEL`: imports a record file (plain or gzip, the request body).

use axum::extract::State;
use axum::Json;
use kartka_protocol::admin::{ImportReport, MAX_IMPORT_SOURCE_CHARS};
use kartka_protocol::ErrorCode;

use super::Admin;
use crate::admin::audit::Actor;
use crate::admin::import::{import_file, ImportError};
use crate::api::input::{Query, RawBody};
use crate::api::ApiError;
use crate::state::AppState;

/// `?source=LABEL`: what the games are filed under; importing under the same label again adds nothing.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportQuery {
    #[schemars(length(min = 1, max = MAX_IMPORT_SOURCE_CHARS))]
    source: String,
}

/// `POST /api/admin/import`.
pub async fn import(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Query(query): Query<ImportQuery>,
    RawBody(body): RawBody,
) -> Result<Json<ImportReport>, ApiError> {
    let max_unpacked = state.settings.limits.import_unpacked_bytes;
    match import_file(state.store.as_ref(), &query.source, body.to_vec(), max_unpacked, Actor::Admin(&admin)).await {
        Ok(report) => Ok(Json(report)),
        Err(error @ (ImportError::BadSource | ImportError::Unreadable(_))) => {
            Err(ApiError::new(ErrorCode::InvalidRequest, error.to_string()))
        }
        Err(error @ ImportError::TooLarge { .. }) => Err(ApiError::new(ErrorCode::FrameTooLarge, error.to_string())),
        Err(error @ ImportError::HiddenInformation { .. }) => {
            Err(ApiError::new(ErrorCode::UnsupportedByRules, error.to_string()))
        }
        Err(ImportError::Store(error)) => Err(error.into()),
    }
}
