//! The upgrade request: Origin check, optional bearer authentication, and socket limits.

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use kartka_protocol::ErrorCode;

use super::connection;
use crate::accounts::{authenticate, AuthError};
use crate::api::limits::ClientAddress;
use crate::api::ApiError;
use crate::auth::{bearer_token, token_hash};
use crate::state::AppState;

/// The socket-level message limit. Frames above [`kartka_protocol::MAX_FRAME_BYTES`] but below this get a
/// `frame_too_large` error and the connection lives on; above this the socket is closed (1009).
const SOCKET_MESSAGE_LIMIT: usize = 16 * 1024;
/// tungstenite's read buffer, and the most one read asks of the socket. Every open socket holds one, idle or
/// not, and tungstenite zero-fills its free part before every read, so it is sized for the frames clients send
/// most (a move, `hello` with its token, a subscription: a few hundred bytes) rather than the largest; a frame up
/// to [`kartka_protocol::MAX_FRAME_BYTES`] grows it for as long as it is read, in reads of this size.
const READ_BUFFER: usize = 1024;
/// tungstenite's write buffer, and the most it may hold: what is buffered plus the longest frame the server sends
/// ([`kartka_protocol::MAX_SERVER_FRAME_BYTES`]). tungstenite refuses a message that would take the buffer past it,
/// so with less, a frame of the largest size could not be sent at all.
const WRITE_BUFFER: usize = 8 * 1024;
const MAX_WRITE_BUFFER: usize = WRITE_BUFFER + kartka_protocol::MAX_SERVER_FRAME_BYTES + 1024;

/// `GET /ws`: upgrades to a WebSocket. Browsers (requests with an Origin) must come from the server's own
/// origin or an allowed one. A bearer token in the Authorization header authenticates at once; otherwise the
/// first frame must be `hello`. Each client address may have a few sockets open at once (`too_many_sockets`,
/// HTTP 429, beyond); a bot account's socket is not counted, once it is known to be one.
pub async fn websocket(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
        let origin = origin.to_str().unwrap_or_default();
        if !origin_allowed(origin, host, &state.settings.allowed_origins) {
            return ApiError::new(ErrorCode::Forbidden, "this origin may not open a WebSocket").into_response();
        }
    }
    let account = match headers.get(header::AUTHORIZATION).and_then(|h| h.to_str().ok()).and_then(bearer_token) {
        Some(token) => match authenticate(&*state.store, token).await {
            Ok(account) => Some((account, token_hash(token))),
            Err(error) => return ApiError::from(error).into_response(),
        },
        None if headers.contains_key(header::AUTHORIZATION) => {
            return ApiError::from(AuthError::InvalidToken).into_response();
        }
        None => None,
    };
    let is_bot = account.as_ref().is_some_and(|(account, _)| account.is_bot);
    let place = match state.sockets.open(address, state.settings.limits.sockets_per_address) {
        Some(place) => Some(place),
        None if is_bot => None,
        None => {
            let message = "too many WebSockets are open from this address; close one first";
            return ApiError::new(ErrorCode::TooManySockets, message).into_response();
        }
    };
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .max_message_size(SOCKET_MESSAGE_LIMIT)
        .max_frame_size(SOCKET_MESSAGE_LIMIT)
        .on_upgrade(move |socket| {
            // The connection gets a task of its own (tracked, so that shutdown waits for it), and axum's upgrade
            // task ends here: otherwise it would keep room for the handshake's state, and this closure's, for as
            // long as the connection lives.
            let tasks = state.tasks.clone();
            let serving = connection::run(state, socket, account, place);
            tasks.spawn(serving);
            std::future::ready(())
        })
}

/// Whether a browser at `origin` may connect to the server reached as `host`.
fn origin_allowed(origin: &str, host: &str, allowed: &[String]) -> bool {
    let same_origin = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .is_some_and(|origin_host| origin_host.eq_ignore_ascii_case(host));
    same_origin || allowed.iter().any(|allowed| allowed.eq_ignore_ascii_case(origin))
}

#[cfg(test)]
mod tests {
    use super::origin_allowed;

    #[test]
    fn same_origin_and_listed_origins_pass() {
        assert!(origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", &[]));
        assert!(origin_allowed("https://kartka.example", "kartka.example", &[]));
        assert!(!origin_allowed("http://evil.example", "127.0.0.1:8080", &[]));
        assert!(!origin_allowed("http://127.0.0.1:8080.evil.example", "127.0.0.1:8080", &[]));
        assert!(origin_allowed("https://play.example", "api.example", &["https://play.example".into()]));
    }
}
