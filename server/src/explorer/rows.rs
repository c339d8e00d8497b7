//! A stored game's explorer rows: one per turn of its opening, with the game's result, rating band and speed.

use kartka_protocol::{GameEvent, RatingChange, RulesetSpec, TimeControl};
use uuid::Uuid;

use super::opening::{replay, ruleset_key, split};
use super::{ExplorerError, OPENING_TURNS};
use crate::games::kinds;
use crate::store::{EventRow, ExplorerRow, GameRow, MoveRow};

/// Ratings are grouped in bands this wide (the protocol's, which requests name).
pub const BAND_WIDTH: i64 = kartka_protocol::rest::EXPLORER_BAND_WIDTH as i64;

/// The explorer's speed of a game: its speed class, or `correspondence` (which ratings count as classical).
#[must_use]
pub fn speed_of(game: &GameRow) -> String {
    match serde_json::from_str::<TimeControl>(&game.time_control) {
        Ok(time_control) => speed_under(&time_control, &game.speed).to_owned(),
        Err(_) => game.speed.clone(),
    }
}

/// The explorer's speed of a game played under `time_control`, whose speed class is `speed`.
#[must_use]
pub fn speed_under<'a>(time_control: &TimeControl, speed: &'a str) -> &'a str {
    if time_control.is_correspondence() {
        CORRESPONDENCE
    } else {
        speed
    }
}

/// The explorer's speed of a correspondence game.
const CORRESPONDENCE: &str = "correspondence";

/// The band of the players' average rating at the start, from a rated game's end event (its ratings before
/// the game); 0 when the game was not rated (casual and imported games).
#[must_use]
pub fn band_of(events: &[EventRow]) -> i64 {
    let changes = events.iter().rev().find_map(|event| match serde_json::from_str(&event.payload) {
        Ok(GameEvent::Ended { rating_changes, .. } | GameEvent::Adjudicated { rating_changes, .. }) => {
            Some(rating_changes)
        }
        _ => None,
    });
    changes.map_or(0, |changes| band_of_changes(&changes))
}

/// The band of the players' average rating before a game of two, from the rating changes of its end event; 0
/// when it has none (the game was not rated).
#[must_use]
pub fn band_of_changes(changes: &[RatingChange]) -> i64 {
    match changes {
        [first, second] => {
            let average = (i64::from(first.rating_before) + i64::from(second.rating_before)) / 2;
            average.max(0) / BAND_WIDTH * BAND_WIDTH
        }
        _ => 0,
    }
}

/// The rows of a finished game: one per whole turn of its first [`OPENING_TURNS`]; none for a game that is
/// not finished.
pub fn rows_of(game: &GameRow, moves: &[MoveRow], band: i64) -> Result<Vec<ExplorerRow>, ExplorerError> {
    if game.state.status != "finished" {
        return Ok(Vec::new());
    }
    let spec: RulesetSpec =
        serde_json::from_str(&game.ruleset).map_err(|error| ExplorerError::BadRuleset(error.to_string()))?;
    let finished = FinishedGame {
        id: game.id,
        ruleset: &spec,
        winner: game.state.winner.as_deref(),
        seats: game.players.len(),
        speed: &speed_of(game),
        band,
    };
    opening_rows(&finished, moves.iter().map(|stored| stored.notation.as_str()))
}

/// The stored result of a game no seat won.
const DRAW: &str = "draw";

/// What the explorer keeps of a finished game besides its moves.
#[derive(Clone, Copy, Debug)]
pub struct FinishedGame<'a> {
    /// The game id.
    pub id: Uuid,
    /// Its rules.
    pub ruleset: &'a RulesetSpec,
    /// The winner's seat as stored (`first` … `sixth`); none for a draw.
    pub winner: Option<&'a str>,
    /// How many seats the game has.
    pub seats: usize,
    /// The explorer's speed of the game ([`speed_of`]).
    pub speed: &'a str,
    /// The players' rating band ([`band_of_changes`]).
    pub band: i64,
}

/// The rows of a finished game whose moves are `moves`, each a move's text as stored: one per whole turn of its
/// first [`OPENING_TURNS`]; none for a kind with secrets, and none for a game of more than two seats.
pub fn opening_rows<'m>(
    game: &FinishedGame<'_>,
    moves: impl IntoIterator<Item = &'m str>,
) -> Result<Vec<ExplorerRow>, ExplorerError> {
    // The explorer is off for a kind with secrets: its games have no rows. Its results are the first seat's
    // win, the second's or a draw (the store refuses any other), so it counts games of two.
    if kinds::kind_of(game.ruleset.kind()).hidden_information() || game.seats != 2 {
        return Ok(Vec::new());
    }
    let mut actions = Vec::new();
    for stored in moves {
        actions.extend(split(game.ruleset, stored)?);
    }
    let opening = replay(game.ruleset, &actions, OPENING_TURNS, true)?;
    let ruleset = ruleset_key(game.ruleset);
    Ok(opening
        .turns
        .into_iter()
        .enumerate()
        .map(|(index, turn)| ExplorerRow {
            game_id: game.id,
            turn_index: index as i64,
            ruleset: ruleset.clone(),
            position: turn.position,
            turn: turn.notation,
            result: game.winner.unwrap_or(DRAW).to_owned(),
            band: game.band,
            speed: game.speed.to_owned(),
        })
        .collect())
}
