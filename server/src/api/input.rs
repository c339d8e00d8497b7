//! Request extractors whose refusals are [`ApiError`]s. axum's own extractors answer a malformed path, query or
//! JSON body with plain text; these give the same typed error body as every other refusal.
//!
//! They also hold the one rule for text input: no string may contain control characters other than tab,
//! line feed and carriage return. A NUL reaching a PostgreSQL TEXT column is an internal error there (SQLite
//! stores it), and no name, reason, label or move id needs any of them, so every path parameter, query value,
//! JSON string (and key) and WebSocket frame ([`plain_json`]) is checked here, before any handler sees it.

use crate::http::BodyTimedOut;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, JsonRejection, PathRejection, QueryRejection, RawPathParamsRejection};
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, RawPathParams, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::http::StatusCode;
use kartka_protocol::ErrorCode;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::ApiError;

/// Path parameters, parsed; a malformed one (such as a game id that is not a UUID) is `invalid_request`.
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        for (_, value) in &RawPathParams::from_request_parts(parts, state).await? {
            plain_text(value)?;
        }
        let axum::extract::Path(value) = axum::extract::Path::from_request_parts(parts, state).await?;
        Ok(Path(value))
    }
}

/// The query string, parsed; a malformed one is `invalid_request`.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let axum::extract::Query(pairs) = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)?;
        for (name, value) in &pairs {
            plain_text(name)?;
            plain_text(value)?;
        }
        let axum::extract::Query(value) = axum::extract::Query::try_from_uri(&parts.uri)?;
        Ok(Query(value))
    }
}

/// A JSON request body, parsed; a malformed one is `invalid_request`, one over the size limit
/// `frame_too_large`. As an `Option`, a request with neither a body nor a `Content-Type` is `None`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let axum::Json(value) = <axum::Json<Value> as FromRequest<S>>::from_request(request, state).await?;
        plain_json(&value)?;
        serde_json::from_value(value).map(JsonBody).map_err(|error| {
            ApiError::new(
                ErrorCode::InvalidRequest,
                format!("Failed to deserialize the JSON body into the target type: {error}"),
            )
        })
    }
}

impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, ApiError> {
        if request.headers().contains_key(CONTENT_TYPE) {
            return <JsonBody<T> as FromRequest<S>>::from_request(request, state).await.map(Some);
        }
        // No Content-Type: only an empty body means "no body"; anything else is refused, not ignored.
        let body = <Bytes as FromRequest<S>>::from_request(request, state).await?;
        if body.is_empty() {
            return Ok(None);
        }
        Err(ApiError::new(ErrorCode::InvalidRequest, "send the body as JSON with Content-Type: application/json"))
    }
}

/// A request body as raw bytes (a record file, say); one over the route's size limit is `frame_too_large`, one
/// that did not arrive in time `request_timeout`, as for [`JsonBody`], rather than axum's plain-text refusals.
#[derive(Debug)]
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        Ok(RawBody(<Bytes as FromRequest<S>>::from_request(request, state).await?))
    }
}

/// Refuses any string in `value` (object keys included) that is not [plain text](plain_text).
pub fn plain_json(value: &Value) -> Result<(), ApiError> {
    match value {
        Value::String(text) => plain_text(text),
        Value::Array(items) => items.iter().try_for_each(plain_json),
        Value::Object(fields) => fields.iter().try_for_each(|(key, value)| {
            plain_text(key)?;
            plain_json(value)
        }),
        Value::Null | Value::Bool(_) | Value::Number(_) => Ok(()),
    }
}

/// Refuses text with a control character other than tab, line feed and carriage return.
pub fn plain_text(text: &str) -> Result<(), ApiError> {
    if text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "text may not contain control characters such as NUL"));
    }
    Ok(())
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}

impl From<RawPathParamsRejection> for ApiError {
    fn from(rejection: RawPathParamsRejection) -> ApiError {
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}

/// The refusal of a body that did not arrive in time ([`BodyTimedOut`] somewhere among the rejection's causes).
fn timed_out(rejection: &(dyn std::error::Error + 'static)) -> Option<ApiError> {
    let mut cause = Some(rejection);
    while let Some(error) = cause {
        if error.is::<BodyTimedOut>() {
            return Some(ApiError::new(ErrorCode::RequestTimeout, error.to_string()));
        }
        cause = error.source();
    }
    None
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        if let Some(refusal) = timed_out(&rejection) {
            return refusal;
        }
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(ErrorCode::FrameTooLarge, "the request body is too large");
        }
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> ApiError {
        if let Some(refusal) = timed_out(&rejection) {
            return refusal;
        }
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(ErrorCode::FrameTooLarge, "the request body is too large");
        }
        ApiError::new(ErrorCode::InvalidRequest, rejection.body_text())
    }
}
