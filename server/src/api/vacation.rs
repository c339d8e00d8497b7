//! My vacation: the bank, going on vacation, coming back early.

use axum::extract::State;
use axum::Json;
use kartka_protocol::correspondence::{StartVacation, VacationStatus};
use kartka_protocol::ErrorCode;

use super::{ApiError, Authenticated};
use crate::api::input::JsonBody;
use crate::correspondence::vacation::{self, VacationError};
use crate::state::AppState;

/// `GET /api/me/vacation`.
pub async fn show(State(state): State<AppState>, auth: Authenticated) -> Result<Json<VacationStatus>, ApiError> {
    Ok(Json(vacation::status(&state, auth.account.id).await?))
}

/// `POST /api/me/vacation`: go on vacation now; my correspondence clocks pause.
pub async fn start(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<StartVacation>,
) -> Result<Json<VacationStatus>, ApiError> {
    Ok(Json(vacation::start(&state, auth.account.id, request.days).await?))
}

/// `DELETE /api/me/vacation`: come back early; days not begun return to the bank.
pub async fn end(State(state): State<AppState>, auth: Authenticated) -> Result<Json<VacationStatus>, ApiError> {
    Ok(Json(vacation::end_early(&state, auth.account.id).await?))
}

impl From<VacationError> for ApiError {
    fn from(error: VacationError) -> ApiError {
        match error {
            VacationError::Days { .. } => ApiError::new(ErrorCode::InvalidRequest, error.to_string()),
            VacationError::AlreadyOn | VacationError::NotOn | VacationError::Disallowed(_) => {
                ApiError::new(ErrorCode::NotAllowed, error.to_string())
            }
            VacationError::Store(error) => error.into(),
        }
    }
}
