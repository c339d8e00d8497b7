//! The request URI's length limit (`--max-uri-bytes`). hyper refuses only URIs past 64 KiB, and with an empty
//! 414; this layer refuses a shorter limit's excess first, with the typed JSON error every refusal has, before
//! any handler, the WebSocket upgrade or the web pages read the URI.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use kartka_protocol::ErrorCode;

use super::ApiError;

/// The longest URI answered, in bytes.
#[derive(Clone, Copy, Debug)]
pub struct MaxUriBytes(pub usize);

/// Answers a request whose URI (authority, path and query) is longer than the limit with 414 `uri_too_long`,
/// and passes every other request on.
pub async fn refuse_long_uri(State(MaxUriBytes(limit)): State<MaxUriBytes>, request: Request, next: Next) -> Response {
    let uri = request.uri();
    let authority = uri.authority().map_or(0, |authority| authority.as_str().len());
    let path_and_query = uri.path_and_query().map_or(0, |path_and_query| path_and_query.as_str().len());
    if authority + path_and_query > limit {
        let message = format!("the request's URI is longer than the {limit} bytes this server accepts");
        return ApiError::new(ErrorCode::UriTooLong, message).into_response();
    }
    next.run(request).await
}
