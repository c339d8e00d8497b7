//! `POST /api/reports`: a player (a guest too) reports a chat message or an account to the admins. A report
//! of a message copies the message as it is now, so a later change cannot hide what was reported. Rate-limited
//! per account (`--reports-per-hour`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::report::{NewReport, Report, ReportStatus, ReportedMessage};
use kartka_protocol::{ChatChannel, ErrorCode};

use super::admin::reason;
use super::{ApiError, Authenticated};
use crate::chat;
use crate::state::AppState;
use crate::store::{ChatRow, ReportRow};
use crate::time::now_ms;

/// `POST /api/reports`.
pub async fn create(
    State(state): State<AppState>,
    auth: Authenticated,
    super::input::JsonBody(body): super::input::JsonBody<NewReport>,
) -> Result<(StatusCode, Json<Report>), ApiError> {
    let reporter = auth.account;
    let reason = reason(&body.reason)?;
    let (account_id, message) = match (body.message_id, body.account_id) {
        (Some(id), None) => {
            let message = readable_message(&state, id, reporter.id).await?;
            (message.account_id, Some(message))
        }
        (None, Some(account_id)) => {
            let account = state
                .store
                .account_by_id(account_id)
                .await?
                .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no such account"))?;
            (account.id, None)
        }
        _ => return Err(ApiError::new(ErrorCode::InvalidRequest, "give exactly one of message_id and account_id")),
    };
    if account_id == reporter.id {
        return Err(ApiError::new(ErrorCode::NotAllowed, "you cannot report yourself"));
    }
    state.abuse.report(reporter.id)?;
    let row = ReportRow {
        id: 0,
        at: now_ms(),
        reporter_id: reporter.id,
        reporter_name: reporter.name.clone(),
        account_id,
        account_name: String::new(),
        message,
        reason: reason.to_owned(),
        resolution: None,
    };
    let id = state.store.insert_report(&row).await?;
    let stored =
        state.store.report(id).await?.ok_or_else(|| ApiError::new(ErrorCode::Internal, "the report was not stored"))?;
    Ok((StatusCode::CREATED, Json(view(&stored)?)))
}

/// The message `id`, if `reporter` could have read it: any lobby message; a game's players' messages by its
/// players, its spectators' by anyone else. Any other is `unknown_message`, so that a report tells nobody
/// what a channel they cannot read holds.
async fn readable_message(state: &AppState, id: i64, reporter: uuid::Uuid) -> Result<ChatRow, ApiError> {
    let unknown = || ApiError::new(ErrorCode::UnknownMessage, "no such chat message");
    let row = state.store.chat_message(id).await?.ok_or_else(unknown)?;
    let readable = match chat::message(&row).map(|message| message.channel) {
        Some(ChatChannel::Lobby) => true,
        Some(ChatChannel::Players { game_id }) => {
            state.store.game(game_id).await?.is_some_and(|game| game.players.contains(&reporter))
        }
        Some(ChatChannel::Spectators { game_id }) => {
            state.store.game(game_id).await?.is_some_and(|game| !game.players.contains(&reporter))
        }
        None => false,
    };
    if readable {
        Ok(row)
    } else {
        Err(unknown())
    }
}

/// A stored report as the protocol shows it.
pub(super) fn view(row: &ReportRow) -> Result<Report, ApiError> {
    let message = match &row.message {
        None => None,
        Some(message) => {
            let shown = chat::message(message).ok_or_else(|| {
                tracing::error!(report = row.id, "a reported message's channel does not read back");
                ApiError::new(ErrorCode::Internal, "the report is damaged")
            })?;
            Some(ReportedMessage { id: shown.id, channel: shown.channel, text: shown.text, at_ms: shown.at_ms })
        }
    };
    let resolution = row.resolution.as_ref();
    Ok(Report {
        id: row.id,
        at_ms: row.at,
        reporter_id: row.reporter_id,
        reporter_name: row.reporter_name.clone(),
        account_id: row.account_id,
        account_name: row.account_name.clone(),
        message,
        reason: row.reason.clone(),
        status: if resolution.is_some() { ReportStatus::Resolved } else { ReportStatus::Open },
        resolved_at_ms: resolution.map(|resolution| resolution.at),
        resolved_by: resolution.map(|resolution| resolution.admin_name.clone()),
        note: resolution.map(|resolution| resolution.note.clone()),
    })
}
