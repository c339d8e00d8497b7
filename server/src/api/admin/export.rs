//! Exporting many games, selected with the search's filters, as a stream: NDJSON (one game with its moves per
//! line) or one multi-game record file of one game kind, in that kind's format. The archive is read a page at a time,
//! so an export of any size holds one page in memory. A failure half way ends the stream early (the client sees a cut-off body); it is
//! logged.

use std::collections::HashMap;

use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use kartka_engine::GameKind;
use kartka_protocol::admin::ExportedGame;
use kartka_protocol::ErrorCode;
use uuid::Uuid;

use super::games::record_parts;
use super::search::{cursor_after, page, search_of, SearchQuery};
use super::Admin;
use crate::admin::views;
use crate::api::input::Query;
use crate::api::ApiError;
use crate::games::kinds;
use crate::games::records::OWN_FORMAT;
use crate::state::AppState;
use crate::store::GameSearch;

/// Games read from the archive per step of the stream.
const EXPORT_PAGE: u32 = 500;

/// How the games are written.
#[derive(Clone, Copy)]
enum Format {
    NdJson,
    Records,
}

/// `GET /api/admin/export/games.ndjson`.
pub async fn ndjson(
    _admin: Admin,
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> Result<Response, ApiError> {
    let search = search_of(&state, &query).await?;
    Ok(streamed(state, search, Format::NdJson, "application/x-ndjson", "kartka-games.ndjson"))
}

/// `GET /api/admin/export/games.pgn?kind=…`: one record file holding every selected game of one kind, in that
/// kind's format, named by it (`kartka-dots.sgf`). The `kind` filter is required: the kinds' formats differ (Dots
/// writes SGF, the others PGN-like tags), and a file mixing them is one no tool reads, so an admin gets one file
/// per format rather than one that only looks like one.
pub async fn records(
    _admin: Admin,
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> Result<Response, ApiError> {
    let search = search_of(&state, &query).await?;
    let kind =
        search.kind.as_deref().and_then(GameKind::from_name).map(kinds::of).ok_or_else(|| {
            ApiError::new(ErrorCode::InvalidRequest, "a record export is of one game kind: give `kind`")
        })?;
    // A record reveals a game's secrets: of a kind with them, only games that are over are exported.
    if kind.kind().hidden_information() && !matches!(search.status.as_deref(), Some("finished" | "aborted")) {
        let refusal = "a record export of a kind with secrets is of games that are over: give `status`";
        return Err(ApiError::new(ErrorCode::NotAllowed, refusal));
    }
    let file = format!("kartka-{}.{}", kind.kind(), kind.record_extension());
    Ok(streamed(state, search, Format::Records, "text/plain; charset=utf-8", &file))
}

fn streamed(state: AppState, search: GameSearch, format: Format, content_type: &str, file: &str) -> Response {
    let pages = stream::unfold(Some((state, search, true)), move |step| async move {
        let (state, mut search, first) = step?;
        match next_page(&state, &mut search, format, first).await {
            Ok(Some((text, more))) => Some((Ok(text), more.then_some((state, search, false)))),
            Ok(None) => None,
            Err(error) => {
                tracing::error!(?error, "an export stopped half way");
                Some((Err(std::io::Error::other("the export could not be completed")), None))
            }
        }
    });
    let disposition = format!("attachment; filename=\"{file}\"");
    (
        [(header::CONTENT_TYPE, content_type.to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        Body::from_stream(pages),
    )
        .into_response()
}

/// The text of the next page of games and whether more may follow; `None` when no game is left.
async fn next_page(
    state: &AppState,
    search: &mut GameSearch,
    format: Format,
    first: bool,
) -> Result<Option<(String, bool)>, ApiError> {
    let rows = state.store.search_games(search, EXPORT_PAGE).await?;
    let Some(last) = rows.last() else { return Ok(None) };
    search.after = Some(cursor_after(search, last));
    let more = rows.len() == EXPORT_PAGE as usize;
    let games = page(state, &rows).await?;
    let ids: Vec<Uuid> = rows.iter().map(|row| row.game.id).collect();
    let mut moves = state.store.moves_of_games(&ids).await?;
    // A seat leaves a game that plays on (`seat_left`) only in games of more than two seats, and only a game of a
    // kind with secrets reveals them at its end: only theirs events are read, for what their records carry.
    let mut events = match format {
        Format::Records => {
            let more_seats: Vec<(Uuid, i64)> = games
                .iter()
                .filter(|game| {
                    game.game.players.len() > 2 || kinds::kind_of(game.game.ruleset.kind()).hidden_information()
                })
                .map(|game| (game.game.id, 0))
                .collect();
            state.store.events_after_each(&more_seats).await?
        }
        Format::NdJson => HashMap::new(),
    };
    let mut text = String::with_capacity(rows.len() * 1024);
    for (index, game) in games.into_iter().enumerate() {
        let id = game.game.id;
        let game_moves = moves.remove(&id).unwrap_or_default();
        match format {
            Format::NdJson => {
                let mut moves = views::moves(id, &game_moves, game.import.is_some())?;
                // A game in progress with secrets is written as everyone sees it: no fleet or secret number.
                kinds::exported_moves(&game.game.ruleset, game.game.status, &mut moves).map_err(|_| damaged(id))?;
                let line = serde_json::to_string(&ExportedGame { game, moves }).expect("games always serialise");
                text.push_str(&line);
                text.push('\n');
            }
            Format::Records => {
                let parts = record_parts(&game, &game_moves, &events.remove(&id).unwrap_or_default())
                    .map_err(|_| damaged(id))?;
                let record =
                    kinds::of_spec(&game.game.ruleset).record_in(OWN_FORMAT, &parts).map_err(|_| damaged(id))?;
                // Records are separated by a blank line, as in multi-game record files.
                if !(first && index == 0) {
                    text.push_str("\r\n");
                }
                text.push_str(&record);
            }
        }
    }
    Ok(Some((text, more)))
}

fn damaged(id: Uuid) -> ApiError {
    tracing::error!(game = %id, "stored game does not replay");
    ApiError::new(ErrorCode::Internal, "a game record is damaged")
}
