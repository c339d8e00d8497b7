//! `kartka-loadgen check`: is every move of a record in the store? Reads each recorded game from the server
//! (`GET /api/games/{id}`) and looks for each recorded move at its ply, with its text. A game of a kind with
//! secrets is read as everyone sees it, each move its public text (`F`, a shot with its answer), which is not
//! the text sent: its moves are looked for at their ply by their seat.

use std::collections::BTreeMap;
use std::path::Path;

use futures_util::StreamExt;
use kartka_engine::GameKind;
use serde::Serialize;
use uuid::Uuid;

use crate::error::LoadError;
use crate::options::loopback_url;
use crate::record::{self, RecordedMove};
use crate::rest::Rest;

/// Games read at once.
const READ_AT_ONCE: usize = 16;
/// Missing moves listed in the report (all are counted).
const LISTED: usize = 20;

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Games in the record.
    pub games: usize,
    /// Moves in the record.
    pub moves: usize,
    /// Recorded moves the store does not have (at their ply, with their text).
    pub missing: usize,
    /// The first missing moves.
    pub examples: Vec<RecordedMove>,
}

/// Checks the record at `path` against the server at `server`.
pub async fn check(server: &str, path: &Path) -> Result<CheckReport, LoadError> {
    let rest = Rest::new(loopback_url(server)?);
    let moves = record::read(path)?;
    let mut by_game: BTreeMap<Uuid, Vec<RecordedMove>> = BTreeMap::new();
    for recorded in &moves {
        by_game.entry(recorded.game_id).or_default().push(recorded.clone());
    }
    let games = by_game.len();
    let checked: Vec<Result<Vec<RecordedMove>, LoadError>> = futures_util::stream::iter(by_game)
        .map(|(game, recorded)| {
            let rest = rest.clone();
            async move {
                let stored =
                    rest.game(game).await.map_err(|error| LoadError::Check { game, message: error.to_string() })?;
                let hidden =
                    GameKind::from_name(stored.ruleset.kind().name()).is_some_and(GameKind::hidden_information);
                let kept = |wanted: &RecordedMove| {
                    stored.moves.iter().any(|kept| {
                        kept.ply == wanted.ply
                            && if hidden { kept.seat == wanted.seat } else { kept.notation == wanted.notation }
                    })
                };
                Ok(recorded.into_iter().filter(|wanted| !kept(wanted)).collect())
            }
        })
        .buffer_unordered(READ_AT_ONCE)
        .collect()
        .await;
    let mut missing = Vec::new();
    for game in checked {
        missing.extend(game?);
    }
    let count = missing.len();
    missing.truncate(LISTED);
    Ok(CheckReport { games, moves: moves.len(), missing: count, examples: missing })
}
