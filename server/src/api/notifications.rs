//! My notifications: settings (reminder thresholds, webhook), the latest ones, and a live NDJSON stream.

use std::convert::Infallible;

use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use kartka_protocol::correspondence::{
    LanguageSetting, Notification, NotificationKind, NotificationList, NotificationSettings, NotificationSettingsView,
    WebhookTest, MAX_REMINDER_THRESHOLD, MAX_WEBHOOK_URL_CHARS, MIN_REMINDER_THRESHOLD,
};
use kartka_protocol::ErrorCode;
use uuid::Uuid;

use super::{ApiError, Authenticated};
use crate::api::input::JsonBody;
use crate::auth::{new_token, token_hash};
use crate::correspondence::notify::{self, parse_thresholds, thresholds_text, DEFAULT_THRESHOLDS};
use crate::correspondence::texts;
use crate::correspondence::webhook::{check_registered_url, deliver_test};
use crate::outbox::Outbox;
use crate::state::AppState;
use crate::store::NotificationSettingsRow;
use crate::time::now_ms;
use crate::ws::Connections;

/// The most reminder thresholds an account may choose.
const MAX_THRESHOLDS: usize = 8;
/// Notifications `GET /api/notifications` returns.
const RECENT: u32 = 50;

/// `GET /api/me/notifications/settings`.
pub async fn settings(
    State(state): State<AppState>,
    auth: Authenticated,
) -> Result<Json<NotificationSettingsView>, ApiError> {
    let stored = state.store.notification_settings(auth.account.id).await?;
    Ok(Json(match stored {
        Some(row) => view(row),
        None => NotificationSettingsView {
            reminder_thresholds: DEFAULT_THRESHOLDS.to_vec(),
            webhook_url: None,
            webhook_secret: None,
        },
    }))
}

/// `PUT /api/me/notifications/settings`: thresholds and webhook. A webhook gets a signing secret the first time
/// one is set; it stays the same while a webhook is set.
pub async fn save_settings(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<NotificationSettings>,
) -> Result<Json<NotificationSettingsView>, ApiError> {
    let mut thresholds = request.reminder_thresholds;
    thresholds.sort_unstable();
    thresholds.dedup();
    if thresholds.len() > MAX_THRESHOLDS
        || thresholds.iter().any(|t| !(MIN_REMINDER_THRESHOLD..=MAX_REMINDER_THRESHOLD).contains(t))
    {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "at most 8 reminder thresholds, each 1 to 99 percent"));
    }
    if let Some(url) = &request.webhook_url {
        if url.chars().count() > MAX_WEBHOOK_URL_CHARS {
            return Err(ApiError::new(ErrorCode::InvalidRequest, "the webhook URL is too long"));
        }
        check_registered_url(url, state.settings.correspondence.webhook_allow_private)
            .await
            .map_err(|error| ApiError::new(ErrorCode::InvalidRequest, error.to_string()))?;
    }
    let existing = state.store.notification_settings(auth.account.id).await?.and_then(|row| row.webhook_secret);
    let secret = request.webhook_url.as_ref().map(|_| existing.unwrap_or_else(new_token));
    let row = NotificationSettingsRow {
        account_id: auth.account.id,
        reminder_thresholds: thresholds_text(&thresholds),
        webhook_url: request.webhook_url,
        webhook_secret: secret,
    };
    state.store.save_notification_settings(&row).await?;
    Ok(Json(view(row)))
}

fn view(row: NotificationSettingsRow) -> NotificationSettingsView {
    NotificationSettingsView {
        reminder_thresholds: parse_thresholds(&row.reminder_thresholds),
        webhook_url: row.webhook_url,
        webhook_secret: row.webhook_secret,
    }
}

/// `PUT /api/me/language`: the language my notifications and webhook texts are written in.
pub async fn save_language(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<LanguageSetting>,
) -> Result<Json<LanguageSetting>, ApiError> {
    state.store.set_language(auth.account.id, texts::code(request.language)).await?;
    Ok(Json(request))
}

/// `POST /api/me/notifications/test`: a signed test notification POSTed to my webhook at once, once, answered
/// with the receiver's status. Rate-limited per account, since it makes the server call an address I chose.
pub async fn test_webhook(State(state): State<AppState>, auth: Authenticated) -> Result<Json<WebhookTest>, ApiError> {
    state.abuse.webhook_test(auth.account.id)?;
    let stored = state.store.notification_settings(auth.account.id).await?;
    let Some((url, secret)) = stored.and_then(|row| row.webhook_url.zip(row.webhook_secret)) else {
        return Err(ApiError::new(ErrorCode::NotAllowed, "no webhook is set"));
    };
    let stored_language = state.store.language(auth.account.id).await?;
    let language = stored_language.as_deref().and_then(texts::language).unwrap_or_default();
    let notification = Notification {
        language,
        text: texts::notification(language, NotificationKind::Test, None, None),
        id: Uuid::new_v4(),
        account_id: auth.account.id,
        kind: NotificationKind::Test,
        game_id: Uuid::nil(),
        turn_ply: 0,
        threshold_percent: None,
        opponent: None,
        deadline_ms: None,
        at_ms: now_ms(),
    };
    let status = deliver_test(&state.settings.correspondence, &url, &secret, &notification).await;
    Ok(Json(WebhookTest { delivered: status.is_some_and(|code| (200..300).contains(&code)), status }))
}

/// `GET /api/notifications`: my latest notifications, newest first.
pub async fn recent(State(state): State<AppState>, auth: Authenticated) -> Result<Json<NotificationList>, ApiError> {
    let rows = state.store.recent_notifications(auth.account.id, RECENT).await?;
    Ok(Json(NotificationList { notifications: rows.iter().map(notify::view).collect() }))
}

/// `GET /api/notifications/stream`: NDJSON, one server frame per line, for as long as the client reads: my
/// notifications and the other account-wide frames a WebSocket of mine gets. A client that does not read
/// fast enough is cut off, as a slow WebSocket is; the stream ends when the server shuts down, the account is
/// banned or the session signs out.
pub async fn stream(State(state): State<AppState>, auth: Authenticated) -> Response {
    let (outbox, frames) = Outbox::new(state.settings.outbound_queue);
    let registration = Registration {
        connections: state.connections.clone(),
        account: auth.account.id,
        connection: state.next_connection_id(),
    };
    state.connections.add(registration.account, registration.connection, token_hash(&auth.token), outbox);
    let shutdown = state.shutdown.clone();
    let lines =
        futures_util::stream::unfold((frames, shutdown, registration), |(frames, shutdown, registration)| async move {
            let frame = tokio::select! {
                biased;
                () = shutdown.cancelled() => None,
                _ = frames.alarm() => None,
                frame = frames.next_frame() => Some(frame),
            }?;
            let line = format!("{frame}\n");
            Some((Ok::<_, Infallible>(line), (frames, shutdown, registration)))
        });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(lines)).into_response()
}

/// A stream's place among the account's connections, given up when the stream ends.
struct Registration {
    connections: Connections,
    account: Uuid,
    connection: u64,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.connections.remove(self.account, self.connection);
    }
}
