//! A stored game's explorer rows: one per turn of its opening, with the game's result, rating band and speed.

use kartka_protocol::{GameEvent, RulesetSpec, TimeControl};

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
        Ok(TimeControl::Correspondence { .. }) => "correspondence".to_owned(),
        _ => game.speed.clone(),
    }
}

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
    match changes.as_deref() {
        Some([first, second]) => {
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
    // The explorer is off for a kind with secrets: its games have no rows.
    if kinds::kind_of(spec.kind()).hidden_information() {
        return Ok(Vec::new());
    }
    let mut actions = Vec::new();
    for stored in moves {
        actions.extend(split(&spec, &stored.notation)?);
    }
    let opening = replay(&spec, &actions, OPENING_TURNS, true)?;
    let result = game.state.winner.clone().unwrap_or_else(|| "draw".to_owned());
    let (ruleset, speed) = (ruleset_key(&spec), speed_of(game));
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
            result: result.clone(),
            band,
            speed: speed.clone(),
        })
        .collect())
}
