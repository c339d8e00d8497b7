//! Actions on games: abort a running game, adjudicate a result. Both go through the game's actor, like a
//! player's action, and commit their audit entry with the change.

use axum::extract::State;
use axum::Json;
use kartka_engine::{BySeat, EndReason, Outcome};
use kartka_protocol::admin::{ActionReason, Adjudication, AuditAction, DecidedResult, GameActionDone};
use kartka_protocol::ErrorCode;
use serde_json::json;
use uuid::Uuid;

use super::{accounts_by_id, reason, Admin};
use crate::admin::audit::{self, Actor, Target};
use crate::admin::views;
use crate::api::input::{JsonBody, Path};
use crate::api::ApiError;
use crate::games::AdminAction;
use crate::state::AppState;
use crate::store::{AccountRow, AuditFilter, AuditRow, GameRow};

/// `POST /api/admin/games/{id}/abort`: calls a running game off, without a result.
pub async fn abort(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
    JsonBody(body): JsonBody<ActionReason>,
) -> Result<Json<GameActionDone>, ApiError> {
    let reason = reason(&body.reason)?;
    let game = state.store.game(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownGame, "no such game"))?;
    refuse_own_game(&admin, &game)?;
    let entry = audit::entry(Actor::Admin(&admin), AuditAction::Abort, game_target(id), json!({}), reason);
    act(&state, id, AdminAction::Abort, entry).await
}

/// `POST /api/admin/games/{id}/adjudicate`: decides the result of a running or finished game.
pub async fn adjudicate(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
    JsonBody(body): JsonBody<Adjudication>,
) -> Result<Json<GameActionDone>, ApiError> {
    let reason = reason(&body.reason)?;
    let before = state.store.game(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownGame, "no such game"))?;
    refuse_own_game(&admin, &before)?;
    let ranks = decided_ranks(&body, before.players.len())?;
    let decided = match body.result {
        Some(result) => json!(result),
        None => json!(ranks.as_slice()),
    };
    let details = json!({
        "result": decided,
        "previous": { "status": before.state.status, "winner": before.state.winner, "reason": before.state.end_reason },
    });
    let entry = audit::entry(Actor::Admin(&admin), AuditAction::Adjudicate, game_target(id), details, reason);
    act(&state, id, AdminAction::Adjudicate(ranks), entry).await
}

/// The ranks an adjudication decides for a game of `seats` seats: a two-seat `result` as ranks, or its `ranks`
/// checked to be competition ranks of every seat.
fn decided_ranks(body: &Adjudication, seats: usize) -> Result<BySeat<u8>, ApiError> {
    let invalid = |message: String| ApiError::new(ErrorCode::InvalidRequest, message);
    let ranks = match (body.result, &body.ranks) {
        (Some(_), Some(_)) | (None, None) => return Err(invalid("give either result or ranks".to_owned())),
        (Some(_), None) if seats != 2 => {
            return Err(invalid(format!("a game of {seats} seats is decided by ranks, one per seat")))
        }
        (Some(DecidedResult::First), None) => vec![1, 2],
        (Some(DecidedResult::Second), None) => vec![2, 1],
        (Some(DecidedResult::Draw), None) => vec![1, 1],
        (None, Some(ranks)) => ranks.clone(),
    };
    Outcome::of_ranks(&ranks, EndReason::Adjudication)
        .filter(|outcome| outcome.seat_count() == seats)
        .map(|outcome| outcome.ranks)
        .ok_or_else(|| {
            invalid(format!("ranks rank the game's {seats} seats from 1, tied seats sharing the better rank"))
        })
}

/// An admin decides no game they play in: the role is for deciding between others, and the audit trail could
/// not tell a ruling from a player's own advantage.
fn refuse_own_game(admin: &AccountRow, game: &GameRow) -> Result<(), ApiError> {
    if game.players.contains(&admin.id) {
        return Err(ApiError::new(ErrorCode::NotAllowed, "an admin may not act on a game they play in"));
    }
    Ok(())
}

fn game_target(id: Uuid) -> Target {
    Target { game_id: Some(id), ..Target::default() }
}

/// Has the game's actor carry out the action, then answers with the game and the entry as stored.
async fn act(
    state: &AppState,
    id: Uuid,
    action: AdminAction,
    entry: AuditRow,
) -> Result<Json<GameActionDone>, ApiError> {
    state.games.admin(id, action, entry).await?;
    let stored =
        state.store.archived_game(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownGame, "no such game"))?;
    let accounts = accounts_by_id(state, &stored.game.players).await?;
    let filter = AuditFilter { game_id: Some(id), ..AuditFilter::default() };
    let written = state.store.audit_entries(&filter, 1).await?;
    let audit = written.first().ok_or_else(|| ApiError::new(ErrorCode::Internal, "the audit entry is missing"))?;
    Ok(Json(GameActionDone { game: views::archived(&stored, &accounts)?, audit: audit::view(audit)? }))
}
