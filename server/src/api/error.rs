//! The one error type of REST handlers: a stable code, a safe message, an HTTP status.

use std::time::Duration;

use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kartka_protocol::rest::ErrorBody;
use kartka_protocol::ErrorCode;

use crate::accounts::AuthError;
use crate::games::kinds::RulesetError;
use crate::games::GameError;
use crate::store::StoreError;
use crate::telemetry;

/// A refused REST request. Internal failures are logged where they happen and reach the client only as
/// `internal`, never with their text.
#[derive(Debug)]
pub struct ApiError {
    code: ErrorCode,
    message: String,
    /// Sent as `Retry-After` (whole seconds, rounded up): when a refused request may be tried again.
    retry_after: Option<Duration>,
}

impl ApiError {
    /// An error with a code and a message for people.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into(), retry_after: None }
    }

    /// A `rate_limited` refusal that says how long to wait.
    pub fn rate_limited(message: impl Into<String>, retry_after: Duration) -> ApiError {
        ApiError { code: ErrorCode::RateLimited, message: message.into(), retry_after: Some(retry_after) }
    }

    fn status(&self) -> StatusCode {
        match self.code {
            ErrorCode::Unauthenticated | ErrorCode::InvalidToken | ErrorCode::BadCredentials => {
                StatusCode::UNAUTHORIZED
            }
            ErrorCode::Forbidden
            | ErrorCode::AccountBanned
            | ErrorCode::GuestBanned
            | ErrorCode::NotAPlayer
            | ErrorCode::Muted
            | ErrorCode::RegistrationRequired => StatusCode::FORBIDDEN,
            ErrorCode::UnknownGame
            | ErrorCode::UnknownChallenge
            | ErrorCode::UnknownPlayer
            | ErrorCode::UnknownMessage
            | ErrorCode::UnknownReport
            | ErrorCode::UnknownSeek
            | ErrorCode::UnknownTrack
            | ErrorCode::UnknownDictionary => StatusCode::NOT_FOUND,
            ErrorCode::NameTaken
            | ErrorCode::StalePly
            | ErrorCode::GameOver
            | ErrorCode::NotAllowed
            | ErrorCode::LobbyRestarted
            | ErrorCode::TooManyMutes => StatusCode::CONFLICT,
            ErrorCode::FrameTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::RateLimited
            | ErrorCode::ChatTooFast
            | ErrorCode::AnalysisRunning
            | ErrorCode::TooManySockets
            | ErrorCode::TooManySubscriptions => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManyWatchedGames => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ErrorCode::UriTooLong => StatusCode::URI_TOO_LONG,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::MalformedFrame
            | ErrorCode::UnknownFrame
            | ErrorCode::UnsupportedProtocol
            | ErrorCode::NotYourTurn
            | ErrorCode::BadNotation
            | ErrorCode::IllegalMove
            | ErrorCode::ChatTooLong
            | ErrorCode::ChatNoVisibleText
            | ErrorCode::ChatBidiControl
            | ErrorCode::UnsupportedByRules
            | ErrorCode::InvalidRequest => StatusCode::BAD_REQUEST,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        telemetry::error_answered(self.code);
        let status = self.status();
        let mut response = (status, Json(ErrorBody { code: self.code, message: self.message })).into_response();
        if let Some(wait) = self.retry_after {
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        tracing::error!(%error, "store failure in a REST request");
        ApiError::new(ErrorCode::Internal, "the server could not complete the request; nothing was changed")
    }
}

impl From<RulesetError> for ApiError {
    fn from(error: RulesetError) -> ApiError {
        ApiError::new(error.code(), error.to_string())
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> ApiError {
        match error {
            AuthError::InvalidToken => ApiError::new(ErrorCode::InvalidToken, error.to_string()),
            AuthError::Banned => ApiError::new(ErrorCode::AccountBanned, error.to_string()),
            AuthError::Store(error) => error.into(),
        }
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> ApiError {
        match error {
            GameError::Store(error) => error.into(),
            // The game is changing nodes, or its node is out of reach: its new node takes it within a heartbeat
            // or two.
            error @ (GameError::OwnedElsewhere { .. } | GameError::Unreachable) => {
                ApiError { retry_after: Some(Duration::from_secs(1)), ..ApiError::new(error.code(), error.to_string()) }
            }
            error => ApiError::new(error.code(), error.to_string()),
        }
    }
}
