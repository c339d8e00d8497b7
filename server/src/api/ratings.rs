//! Ratings over REST: a player's profile and the leaderboard of a game kind.

use axum::extract::State;
use axum::Json;
use kartka_protocol::rest::{
    Leaderboard, LeaderboardEntry, Profile, RatingInfo, RatingModel, ResultCounts, MAX_LEADERBOARD,
};
use kartka_protocol::{ErrorCode, GameKindName, SpeedClass};
use serde::Deserialize;

use super::ApiError;
use crate::accounts::info;
use crate::api::input::{Path, Query};
use crate::games::convert::{speed_from_text, speed_text};
use crate::ratings::glicko::{is_provisional, PROVISIONAL_DEVIATION};
use crate::ratings::ranking::DISPLAY_POINTS_PER_SKILL;
use crate::ratings::shown_now;
use crate::state::AppState;
use crate::store::{RatingRow, GLICKO2, WENG_LIN};
use crate::time::now_ms;

/// Leaderboard rows unless the client asks otherwise.
const DEFAULT_LEADERBOARD: u32 = 50;

/// `GET /api/players/{name}`: ratings (deviations as of now) and results.
pub async fn profile(State(state): State<AppState>, Path(name): Path<String>) -> Result<Json<Profile>, ApiError> {
    let account = state
        .store
        .account_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no player with that name"))?;
    let now = now_ms();
    let ratings =
        state.store.ratings_of(account.id).await?.iter().map(|row| rating_info(row, now)).collect::<Result<_, _>>()?;
    let counts = state.store.result_counts(account.id).await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Json(Profile {
        account: info(&account),
        created_at_ms: account.created_at,
        ratings,
        results: ResultCounts {
            finished: count(counts.finished),
            wins: count(counts.wins),
            losses: count(counts.losses),
            draws: count(counts.draws),
            aborted: count(counts.aborted),
            active: count(counts.active),
        },
    }))
}

/// The leaderboard's options.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct LeaderboardQuery {
    speed: Option<String>,
    /// The rating model: `glicko2` (games of two, the default) or `weng_lin` (games of more seats).
    model: Option<RatingModel>,
    /// How many players at most (default 50, at most 200).
    #[schemars(range(min = 1, max = MAX_LEADERBOARD))]
    limit: Option<u32>,
}

/// `GET /api/leaderboard/{kind}?speed=blitz&limit=50`: established ratings, best first, and how many players
/// have a rating there at all (so a page can say that nobody is established yet). A rating whose deviation has
/// grown past the provisional threshold through inactivity drops off until its player plays.
pub async fn leaderboard(
    State(state): State<AppState>,
    Path(kind): Path<String>,
    Query(query): Query<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let kind_name: GameKindName = serde_json::from_value(serde_json::Value::String(kind.clone()))
        .map_err(|_| ApiError::new(ErrorCode::InvalidRequest, "unknown game kind"))?;
    let speed = match query.speed.as_deref() {
        None => SpeedClass::Blitz,
        Some(text) => speed_from_text(text).ok_or_else(|| {
            ApiError::new(ErrorCode::InvalidRequest, "speed must be bullet, blitz, rapid or classical")
        })?,
    };
    let model = query.model.unwrap_or_default();
    // The stored deviation is on the model's own scale; the threshold is the shown one's.
    let (model_name, stored_provisional) = match model {
        RatingModel::Glicko2 => (GLICKO2, PROVISIONAL_DEVIATION),
        RatingModel::WengLin => (WENG_LIN, PROVISIONAL_DEVIATION / DISPLAY_POINTS_PER_SKILL),
    };
    let limit = query.limit.unwrap_or(DEFAULT_LEADERBOARD).clamp(1, MAX_LEADERBOARD);
    let now = now_ms();
    let mut players = Vec::new();
    let mut offset = 0;
    // Stored deviations only grow when read, so a page may hold ratings that are provisional by now: read on
    // until the board is full or the ratings run out.
    while players.len() < limit as usize {
        let page =
            state.store.leaderboard(&kind, speed_text(speed), model_name, stored_provisional, offset, limit).await?;
        let last_page = page.len() < limit as usize;
        offset += page.len() as u32;
        for (account, row) in page {
            let (rating, deviation) = shown_now(&row, now);
            if is_provisional(deviation) || players.len() == limit as usize {
                continue;
            }
            players.push(LeaderboardEntry {
                rank: players.len() as u32 + 1,
                player: info(&account),
                rating: rating.round() as i32,
                deviation: deviation.round() as i32,
                games: u32::try_from(row.games).unwrap_or(u32::MAX),
            });
        }
        if last_page {
            break;
        }
    }
    let rated_players = state.store.rated_players(&kind, speed_text(speed), model_name).await?;
    Ok(Json(Leaderboard {
        kind: kind_name,
        speed,
        model,
        players,
        rated_players: u32::try_from(rated_players).unwrap_or(u32::MAX),
    }))
}

fn rating_info(row: &RatingRow, now: crate::store::Millis) -> Result<RatingInfo, ApiError> {
    let damaged = || {
        tracing::error!(account = %row.account_id, kind = %row.kind, speed = %row.speed, "stored rating does not parse");
        ApiError::new(ErrorCode::Internal, "a rating record is damaged")
    };
    let (rating, deviation) = shown_now(row, now);
    let model = match row.model.as_str() {
        GLICKO2 => RatingModel::Glicko2,
        WENG_LIN => RatingModel::WengLin,
        _ => return Err(damaged()),
    };
    Ok(RatingInfo {
        kind: serde_json::from_value(serde_json::Value::String(row.kind.clone())).map_err(|_| damaged())?,
        speed: speed_from_text(&row.speed).ok_or_else(damaged)?,
        model,
        rating: rating.round() as i32,
        deviation: deviation.round() as i32,
        provisional: is_provisional(deviation),
        games: u32::try_from(row.games).unwrap_or(u32::MAX),
        last_rated_at_ms: row.updated_at,
    })
}
