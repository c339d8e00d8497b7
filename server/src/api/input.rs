//! Request extractors whose refusals are [`ApiError`]s. axum's own extractors answer a malformed path, query or
//! JSON body with plain text; these give the same typed error body as every other refusal.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts};
use axum::http::StatusCode;
use kartka_protocol::ErrorCode;

use super::ApiError;

/// Path parameters, parsed; a malformed one (such as a game id that is not a UUID) is `invalid_request`.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// The query string, parsed; a malformed one is `invalid_request`.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// A JSON request body, parsed; a malformed one is `invalid_request`, one over the size limit
/// `frame_too_large`.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct JsonBody<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(ErrorCode::FrameTooLarge, "the request body is too large");
        }
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}
