//! The opening explorer over REST: the turns finished games played from a position, with their results.

use axum::extract::State;
use axum::Json;
use kartka_protocol::rest::{
    ExplorerPosition, ExplorerTurn, EXPLORER_BAND_WIDTH, MAX_EXPLORER_BAND, MAX_EXPLORER_MOVES_CHARS,
};
use kartka_protocol::{ErrorCode, RulesetSpec};
use serde::Deserialize;

use super::games::SpeedFilter;
use super::limits::ClientAddress;
use super::ApiError;
use crate::api::input::Query;
use crate::explorer::opening::{position_key, replay, ruleset_key, split};
use crate::explorer::{ExplorerError, OPENING_TURNS};
use crate::games::convert;
use crate::state::AppState;
use crate::store::ExplorerQuery;

/// A position of the explorer and the games counted.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PositionQuery {
    /// The ruleset as protocol JSON (e.g. `{"kind":"paper-soccer","width":8,"height":10,"goal":2}`).
    ruleset: String,
    /// The actions played from the start, written as one move text in the kind's notation (default: none).
    #[schemars(length(max = MAX_EXPLORER_MOVES_CHARS))]
    moves: Option<String>,
    /// Only games of this rating band: the players' average rating at the start rounded down to a multiple of
    /// 200, or 0 for games without ratings (casual and imported games).
    #[schemars(range(max = MAX_EXPLORER_BAND), extend("multipleOf" = EXPLORER_BAND_WIDTH))]
    band: Option<u32>,
    /// Only games of this speed.
    speed: Option<SpeedFilter>,
}

/// `GET /api/explorer?ruleset=…&moves=…&band=&speed=`: the turns played from the position the moves reach
/// (where a turn begins), most played first. Limited per client address (`--explorer-queries-per-minute`),
/// checked first: refused queries count too.
pub async fn position(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Query(query): Query<PositionQuery>,
) -> Result<Json<ExplorerPosition>, ApiError> {
    state.abuse.explorer(address)?;
    let spec: RulesetSpec = serde_json::from_str(&query.ruleset)
        .map_err(|_| ApiError::new(ErrorCode::InvalidRequest, "ruleset must be a ruleset's JSON"))?;
    let moves = query.moves.unwrap_or_default();
    if moves.chars().count() > MAX_EXPLORER_MOVES_CHARS {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "moves must be at most 4000 characters"));
    }
    if let Some(band) = query.band {
        if band % EXPLORER_BAND_WIDTH != 0 || band > MAX_EXPLORER_BAND {
            return Err(ApiError::new(ErrorCode::InvalidRequest, "band must be a multiple of 200, at most 4000"));
        }
    }
    let actions = split(&spec, &moves).map_err(refusal)?;
    let opening = replay(&spec, &actions, usize::MAX, false).map_err(refusal)?;
    if !opening.at_turn_start {
        return Err(refusal(ExplorerError::MidTurn));
    }
    let turns_played = opening.turns.len();
    let turns = if turns_played < OPENING_TURNS && opening.game.to_act().is_some() {
        let explorer_query = ExplorerQuery {
            ruleset: ruleset_key(&spec),
            position: position_key(&opening.game),
            band: query.band.map(i64::from),
            speed: query.speed.map(|speed| speed.name().to_owned()),
        };
        let count = |n: i64| u64::try_from(n).unwrap_or(0);
        state
            .store
            .explorer_turns(&explorer_query)
            .await?
            .into_iter()
            .map(|turn| ExplorerTurn {
                turn: turn.turn,
                games: count(turn.games),
                first_wins: count(turn.first_wins),
                draws: count(turn.draws),
                second_wins: count(turn.second_wins),
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Json(ExplorerPosition {
        to_act: opening.game.to_act().map(convert::seat_name),
        turns_played: turns_played as u32,
        turns,
    }))
}

fn refusal(error: ExplorerError) -> ApiError {
    match error {
        ExplorerError::Store(error) => error.into(),
        error @ ExplorerError::HiddenInformation => ApiError::new(ErrorCode::UnsupportedByRules, error.to_string()),
        error => ApiError::new(ErrorCode::InvalidRequest, error.to_string()),
    }
}
