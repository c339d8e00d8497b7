//! Games over REST: a player's games, one game with its moves, its record file.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use kartka_protocol::rest::{GameList, GameSummary, GAME_CURSOR_PATTERN, MAX_GAMES_PAGE};
use kartka_protocol::{ErrorCode, GameKindName, GameSnapshot, GameStatus, PlayerInfo, SpeedClass};
use serde::Deserialize;
use uuid::Uuid;

use super::players::player_named;
use super::ApiError;
use crate::accounts::player_info;
use crate::api::input::{Path, Query};
use crate::games::convert;
use crate::games::kinds;
use crate::games::records::{stored_secrets, ExportError, RecordParts, OWN_FORMAT};
use crate::state::AppState;
use crate::store::{GameCursor, GameRow, HistoryFilter, HistoryResult, HistorySpeed};

/// Games per page unless the client asks otherwise.
const DEFAULT_PAGE: u32 = 20;

/// Paging and filters of a player's game list.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Page {
    /// `next_before` of the previous page.
    #[schemars(regex(pattern = GAME_CURSOR_PATTERN))]
    before: Option<String>,
    /// Games per page (default 20, at most 100).
    #[schemars(range(min = 1, max = MAX_GAMES_PAGE))]
    limit: Option<u32>,
    /// Only games of this kind.
    kind: Option<GameKindName>,
    /// Only finished games with this result from the player's side.
    result: Option<ResultSide>,
    /// Only games against the player of this name.
    opponent: Option<String>,
    /// Only games of this speed.
    speed: Option<SpeedFilter>,
}

/// A finished game's result from the listed player's side.
#[derive(Clone, Copy, Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResultSide {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// Nobody won.
    Draw,
}

/// A speed class as ratings have them, with correspondence told apart from the live classical games it is
/// rated with.
#[derive(Clone, Copy, Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum SpeedFilter {
    /// Live bullet games.
    Bullet,
    /// Live blitz games.
    Blitz,
    /// Live rapid games.
    Rapid,
    /// Live classical games.
    Classical,
    /// Correspondence games.
    Correspondence,
}

impl SpeedFilter {
    /// The speed's name, as the query and the explorer's rows write it.
    pub(super) fn name(self) -> &'static str {
        match self {
            SpeedFilter::Correspondence => "correspondence",
            SpeedFilter::Bullet => convert::speed_text(SpeedClass::Bullet),
            SpeedFilter::Blitz => convert::speed_text(SpeedClass::Blitz),
            SpeedFilter::Rapid => convert::speed_text(SpeedClass::Rapid),
            SpeedFilter::Classical => convert::speed_text(SpeedClass::Classical),
        }
    }

    fn stored(self) -> HistorySpeed {
        match self {
            SpeedFilter::Correspondence => HistorySpeed::Correspondence,
            live => HistorySpeed::Live(live.name()),
        }
    }
}

/// `GET /api/players/{name}/games`: a player's games, newest first, by the filters given.
pub async fn of_player(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(page): Query<Page>,
) -> Result<Json<GameList>, ApiError> {
    let player = player_named(&state, &name).await?;
    let before = page.before.as_deref().map(parse_cursor).transpose()?;
    let limit = page.limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_GAMES_PAGE);
    let opponent_id = match page.opponent.as_deref() {
        Some(opponent) => Some(player_named(&state, opponent).await?.id),
        None => None,
    };
    let filter = HistoryFilter {
        kind: page.kind.map(|kind| kind.name().to_owned()),
        result: page.result.as_ref().map(|result| match result {
            ResultSide::Win => HistoryResult::Win,
            ResultSide::Loss => HistoryResult::Loss,
            ResultSide::Draw => HistoryResult::Draw,
        }),
        opponent_id,
        speed: page.speed.map(SpeedFilter::stored),
    };
    let rows = state.store.game_history(player.id, &filter, before, limit).await?;
    let next_before = (rows.len() == limit as usize)
        .then(|| rows.last().map(|last| format!("{}_{}", last.created_at, last.id)))
        .flatten();
    Ok(Json(GameList { games: summaries(&state, rows).await?, next_before }))
}

/// Stored games as list entries, with their players' names (read in one query).
pub(super) async fn summaries(state: &AppState, rows: Vec<GameRow>) -> Result<Vec<GameSummary>, ApiError> {
    let mut ids: Vec<Uuid> = rows.iter().flat_map(|row| row.players.iter().copied()).collect();
    ids.sort_unstable();
    ids.dedup();
    let players: HashMap<Uuid, PlayerInfo> =
        state.store.accounts_by_ids(&ids).await?.iter().map(|account| (account.id, player_info(account))).collect();
    rows.iter()
        .map(|row| {
            let player = |id: Uuid| players.get(&id).cloned().ok_or_else(|| damaged(row.id));
            let players = row.players.iter().map(|&id| player(id)).collect::<Result<Vec<_>, _>>()?;
            convert::game_summary(row, players).map_err(|_| damaged(row.id))
        })
        .collect()
}

/// `GET /api/games/{id}`: the game with all its moves.
pub async fn show(State(state): State<AppState>, Path(id): Path<Uuid>) -> Result<Json<GameSnapshot>, ApiError> {
    Ok(Json(state.games.snapshot(id).await?))
}

/// `GET /api/games/{id}/record`: the game as a record file in its kind's format. A game of a kind with secrets
/// has one once it is over (`not_allowed` before), written from its stored moves and the secrets its end revealed.
pub async fn record(State(state): State<AppState>, Path(id): Path<Uuid>) -> Result<Response, ApiError> {
    let game = state.games.snapshot(id).await?;
    let kind = kinds::of_spec(&game.ruleset);
    let mut parts = RecordParts::of_snapshot(&game);
    let stored_moves;
    if kind.kind().hidden_information() && game.status != GameStatus::Active {
        stored_moves = state.store.moves(id).await?;
        let events = state.store.events_after(id, 0).await?;
        parts.moves = stored_moves.iter().map(|m| m.notation.as_str()).collect();
        parts.secrets = stored_secrets(kind.kind(), id, &stored_moves, &events).map_err(|_| damaged(id))?;
    }
    let record = kind.record_in(OWN_FORMAT, &parts).map_err(|error| record_refused(id, error))?;
    let disposition = format!("attachment; filename=\"kartka-{id}.txt\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        record,
    )
        .into_response())
}

fn parse_cursor(text: &str) -> Result<GameCursor, ApiError> {
    let bad = || ApiError::new(ErrorCode::InvalidRequest, "`before` must be a cursor from a previous page");
    let (created_at, id) = text.split_once('_').ok_or_else(bad)?;
    Ok(GameCursor { created_at: created_at.parse().map_err(|_| bad())?, id: id.parse().map_err(|_| bad())? })
}

/// The answer to a record that cannot be written: a format the game's kind lacks or one that cannot express
/// the game is the request's fault, a game with secrets still in play is not allowed a record yet, and anything
/// else is a damaged game.
pub(super) fn record_refused(id: Uuid, error: ExportError) -> ApiError {
    match error {
        ExportError::UnknownFormat { .. } | ExportError::Inexpressible { .. } => {
            ApiError::new(ErrorCode::InvalidRequest, error.to_string())
        }
        ExportError::SecretsInPlay => ApiError::new(ErrorCode::NotAllowed, error.to_string()),
        ExportError::Ruleset(_) | ExportError::Moves(_) | ExportError::SecretsMissing => damaged(id),
    }
}

pub(super) fn damaged(id: Uuid) -> ApiError {
    tracing::error!(game = %id, "stored game does not parse");
    ApiError::new(ErrorCode::Internal, "the game record is damaged")
}
