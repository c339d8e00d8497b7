//! Writing games into the explorer: a batch of imported games, or every finished game again (`kartka admin
//! explorer rebuild`, for games stored before the explorer existed). A game that finishes in play has its rows
//! made here ([`rows_of_finished`]) and written by the store with its end, in the same transaction.

use kartka_protocol::RulesetSpec;
use uuid::Uuid;

use super::rows::{band_of, opening_rows, rows_of, FinishedGame};
use super::ExplorerError;
use crate::store::{ExplorerRow, GameRow, ImportedGame, Store};

/// Games read per page of a rebuild.
const REBUILD_PAGE: u32 = 500;

/// A game finishing, as its actor holds it: what its explorer rows are made of, so that making them reads
/// nothing back from the store.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The game id.
    pub id: Uuid,
    /// Its rules.
    pub ruleset: RulesetSpec,
    /// The winner's seat as stored (`first` … `sixth`); none for a draw.
    pub winner: Option<String>,
    /// How many seats the game has.
    pub seats: usize,
    /// The explorer's speed of the game (`rows::speed_under`).
    pub speed: String,
    /// The players' rating band, from the end event's rating changes (`rows::band_of_changes`).
    pub band: i64,
    /// Each move's text as stored, in order.
    pub moves: Vec<String>,
}

/// The rows of a game as it finishes: the rows [`rebuild`] would write from the stored game once its end is
/// committed.
pub fn rows_of_finished(game: &Finished) -> Result<Vec<ExplorerRow>, ExplorerError> {
    let finished = FinishedGame {
        id: game.id,
        ruleset: &game.ruleset,
        winner: game.winner.as_deref(),
        seats: game.seats,
        speed: &game.speed,
        band: game.band,
    };
    opening_rows(&finished, game.moves.iter().map(String::as_str))
}

/// Writes the rows of games just imported. A game whose opening does not replay (the import replayed it, so
/// this would be a bug) is logged and left out rather than failing the import.
pub async fn index_imported(store: &dyn Store, games: &[ImportedGame]) -> Result<(), ExplorerError> {
    let mut rows = Vec::new();
    for imported in games {
        match rows_of(&imported.game, &imported.moves, band_of(&imported.events)) {
            Ok(game_rows) => rows.extend(game_rows),
            Err(error) => tracing::error!(game = %imported.game.id, %error, "an imported game has no explorer rows"),
        }
    }
    let ids: Vec<Uuid> = games.iter().map(|imported| imported.game.id).collect();
    store.replace_explorer_rows(&ids, &rows).await?;
    Ok(())
}

/// Writes every finished game's rows again, a page at a time; the number of games read. A game that does not
/// replay is logged and skipped.
pub async fn rebuild(store: &dyn Store) -> Result<u64, ExplorerError> {
    let mut after = None;
    let mut count = 0;
    loop {
        let games = store.finished_games_after(after, REBUILD_PAGE).await?;
        let Some(last) = games.last() else {
            return Ok(count);
        };
        after = Some(last.id);
        let mut rows: Vec<ExplorerRow> = Vec::new();
        for game in &games {
            match stored_rows(store, game).await {
                Ok(game_rows) => rows.extend(game_rows),
                Err(ExplorerError::Store(error)) => return Err(error.into()),
                Err(error) => tracing::error!(game = %game.id, %error, "a stored game has no explorer rows"),
            }
        }
        let ids: Vec<Uuid> = games.iter().map(|game| game.id).collect();
        store.replace_explorer_rows(&ids, &rows).await?;
        count += games.len() as u64;
    }
}

async fn stored_rows(store: &dyn Store, game: &GameRow) -> Result<Vec<ExplorerRow>, ExplorerError> {
    let moves = store.moves(game.id).await?;
    let events = store.events_after(game.id, 0).await?;
    rows_of(game, &moves, band_of(&events))
}
