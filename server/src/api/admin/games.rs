//! One archived game: its full record and timeline, its position after any ply, its record file.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use kartka_engine::GameKind;
use kartka_protocol::admin::{AuditAction, GamePosition, GameReview, MAX_POSITION_LEGAL_ACTIONS};
use kartka_protocol::{ErrorCode, GameKindName, RulesetSpec};
use uuid::Uuid;

use super::{accounts_by_id, Admin};
use crate::admin::audit::{self, Actor, Target};
use crate::admin::views;
use crate::api::games::record_refused;
use crate::api::input::{Path, Query};
use crate::api::ApiError;
use crate::games::convert::{game_result, seat_from_text, seat_name};
use crate::games::kinds;
use crate::games::position::{position_after, PositionAfter, PositionError};
use crate::games::records::{stored_departures, stored_secrets, RecordParts, OWN_FORMAT};
use crate::games::replay::Left;
use crate::state::AppState;
use crate::store::{AccountRow, AuditFilter, EventRow, GameRow, MoveRow};

/// Audit entries a review shows (a game collects a handful at most).
const REVIEW_AUDIT_ENTRIES: u32 = 1000;

/// `GET /api/admin/games/{id}`: every move with its time and clocks, and the timeline of events, admin actions
/// and chat.
pub async fn review(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
) -> Result<Json<GameReview>, ApiError> {
    let stored = state.store.archived_game(id).await?.ok_or_else(unknown_game)?;
    read_secrets(&state, &admin, &stored.game, SecretRead::Review).await?;
    let accounts = accounts_by_id(&state, &stored.game.players).await?;
    let game = views::archived(&stored, &accounts)?;
    let moves = state.store.moves(id).await?;
    let events = state.store.events_after(id, 0).await?;
    let filter = AuditFilter { game_id: Some(id), ..AuditFilter::default() };
    let mut entries = state.store.audit_entries(&filter, REVIEW_AUDIT_ENTRIES).await?;
    entries.reverse();
    let chat = state.store.game_chat(id).await?;
    Ok(Json(GameReview {
        accounts: stored.game.players.iter().map(|player| views::account(&accounts[player])).collect(),
        moves: views::moves(id, &moves, game.import.is_some())?,
        timeline: views::timeline(id, &events, &entries, &chat)?,
        record_formats: kinds::of_spec(&game.game.ruleset).format_names().into_iter().map(str::to_owned).collect(),
        game,
    }))
}

/// `?ply=N`: the number of actions; the end of the game when absent.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlyQuery {
    ply: Option<u32>,
}

/// `GET /api/admin/games/{id}/position?ply=N`: the game after `ply` actions, in terms every kind shares.
pub async fn position(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
    Query(query): Query<PlyQuery>,
) -> Result<Json<GamePosition>, ApiError> {
    let (kind, PositionAfter { game, moves, plies }, ply) = position_of(&state, &admin, id, query.ply).await?;
    let mut legal_actions = game.legal_actions();
    let truncated = legal_actions.len() > MAX_POSITION_LEGAL_ACTIONS;
    legal_actions.truncate(MAX_POSITION_LEGAL_ACTIONS);
    let outcome = game.outcome();
    Ok(Json(GamePosition {
        game_id: id,
        kind,
        ply,
        plies,
        to_act: game.to_act().map(seat_name),
        over: outcome.is_some(),
        outcome: outcome.map(game_result),
        legal_actions,
        truncated,
        moves,
    }))
}

/// `?format=own|<name>`: `own` (the default), the kind's own format, or a foreign format the game's kind lists
/// (`kurnik` for Paper Soccer and for a Paper Soccer match of points stopped by its first point).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordQuery {
    #[serde(default = "own_format")]
    #[schemars(schema_with = "record_format_schema")]
    format: String,
}

fn own_format() -> String {
    OWN_FORMAT.to_owned()
}

/// The formats `?format=` may name: every kind's, from the registry (each kind writes only its own list).
fn record_format_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "enum": kinds::record_format_names(),
        "default": OWN_FORMAT,
    })
}

/// `GET /api/admin/games/{id}/record?format=own|<name>`: the game as a record file in its kind's own format,
/// or in a foreign format the kind lists where that format can express the game (`invalid_request` saying why
/// where it cannot, and naming the kind's formats where the kind has no such format).
pub async fn record(
    _admin: Admin,
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
    Query(query): Query<RecordQuery>,
) -> Result<Response, ApiError> {
    let stored = state.store.archived_game(id).await?.ok_or_else(unknown_game)?;
    let accounts = accounts_by_id(&state, &stored.game.players).await?;
    let game = views::archived(&stored, &accounts)?;
    let moves = state.store.moves(id).await?;
    let events = state.store.events_after(id, 0).await?;
    let kind = kinds::of_spec(&game.game.ruleset);
    let parts = record_parts(&game, &moves, &events).map_err(|_| damaged(id))?;
    let record = kind.record_in(&query.format, &parts).map_err(|error| record_refused(id, error))?;
    let disposition = format!("attachment; filename=\"kartka-{id}.pgn\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        record,
    )
        .into_response())
}

/// What the record of an archived game is written from: the game, its moves, its departures (its stored
/// `seat_left` events, [`stored_departures`]) and, for a kind with secrets, what its end revealed
/// ([`stored_secrets`]); why not when a stored event does not read.
pub fn record_parts<'a>(
    game: &'a kartka_protocol::admin::ArchivedGame,
    moves: &'a [MoveRow],
    events: &[EventRow],
) -> Result<RecordParts<'a>, String> {
    let summary = &game.game;
    let departed = stored_departures(events)?;
    let secrets = stored_secrets(kinds::of_spec(&summary.ruleset).kind(), summary.id, moves, events)?;
    Ok(RecordParts {
        ruleset: summary.ruleset,
        time_control: summary.time_control,
        names: summary.players.iter().map(|player| player.name.as_str()).collect(),
        status: summary.status,
        result: summary.result.clone(),
        created_at_ms: summary.created_at_ms,
        moves: moves.iter().map(|m| m.notation.as_str()).collect(),
        departed,
        secrets,
    })
}

/// The game `id` after `ply` actions (the end when absent), its departures up to `ply` applied, with its kind
/// and the ply reached.
async fn position_of(
    state: &AppState,
    admin: &AccountRow,
    id: Uuid,
    ply: Option<u32>,
) -> Result<(GameKindName, PositionAfter, u32), ApiError> {
    let stored = state.store.archived_game(id).await?.ok_or_else(unknown_game)?;
    read_secrets(state, admin, &stored.game, SecretRead::Position).await?;
    let ruleset: RulesetSpec = serde_json::from_str(&stored.game.ruleset).map_err(|_| damaged(id))?;
    let moves = state.store.moves(id).await?;
    let departed = stored_departures(&state.store.events_after(id, 0).await?)
        .and_then(|departed| departed.iter().map(Left::of_departure).collect::<Result<Vec<_>, _>>())
        .map_err(|_| damaged(id))?;
    let ply = ply.unwrap_or(stored.game.state.ply as u32);
    let moves = moves
        .iter()
        .map(|m| seat_from_text(&m.seat).map(|seat| (seat, m.notation.as_str())))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| damaged(id))?;
    match position_after(&ruleset, moves, &departed, ply) {
        Ok(position) => Ok((ruleset.kind(), position, ply)),
        Err(PositionError::BeyondEnd { played }) => {
            Err(ApiError::new(ErrorCode::InvalidRequest, format!("the game has only {played} actions")))
        }
        Err(PositionError::Corrupt(_)) => Err(damaged(id)),
    }
}

/// Which admin read showed a game's secrets, as the audit entry's `details` names it.
#[derive(Clone, Copy, Debug)]
enum SecretRead {
    Review,
    Position,
}

/// Lets an admin read a game in progress whose kind keeps secrets (a fleet, a secret number), which the stored
/// moves hold in full: refused in a game the admin plays in, whose secrets are their opponents', and otherwise
/// written to the audit log before anything is read, so that every look at a secret is on record. A finished
/// game has no secret left (its end revealed them all), and a kind without secrets needs neither.
async fn read_secrets(state: &AppState, admin: &AccountRow, game: &GameRow, read: SecretRead) -> Result<(), ApiError> {
    let secret = GameKind::from_name(&game.kind).is_some_and(GameKind::hidden_information);
    if !secret || game.state.status != "active" {
        return Ok(());
    }
    if game.players.contains(&admin.id) {
        return Err(ApiError::new(ErrorCode::NotAllowed, "an admin may not read the secrets of a game they play in"));
    }
    let target = Target { game_id: Some(game.id), ..Target::default() };
    let read = match read {
        SecretRead::Review => "review",
        SecretRead::Position => "position",
    };
    let details = serde_json::json!({ "read": read });
    let entry = audit::entry(Actor::Admin(admin), AuditAction::ReadSecrets, target, details, "");
    state.store.insert_audit(&entry).await?;
    Ok(())
}

fn unknown_game() -> ApiError {
    ApiError::new(ErrorCode::UnknownGame, "no such game")
}

fn damaged(id: Uuid) -> ApiError {
    tracing::error!(game = %id, "stored game does not replay");
    ApiError::new(ErrorCode::Internal, "the game record is damaged")
}
