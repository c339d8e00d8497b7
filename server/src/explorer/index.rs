//! Writing games into the explorer: one game when it finishes, a batch of imported games, or every finished
//! game again (`kartka admin explorer rebuild`, for games stored before the explorer existed).

use uuid::Uuid;

use super::rows::{band_of, rows_of};
use super::ExplorerError;
use crate::store::{ExplorerRow, GameRow, ImportedGame, Store};

/// Games read per page of a rebuild.
const REBUILD_PAGE: u32 = 500;

/// Writes a stored game's rows, replacing any it had (an adjudication changes a finished game's result); a
/// game that is not finished gets none.
pub async fn index_game(store: &dyn Store, game_id: Uuid) -> Result<(), ExplorerError> {
    let Some(game) = store.game(game_id).await? else {
        return Ok(());
    };
    let rows = stored_rows(store, &game).await?;
    store.replace_explorer_rows(&[game.id], &rows).await?;
    Ok(())
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
