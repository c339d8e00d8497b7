//! A Five in a row game as a record: the rules' tagged text (its own format), and the Gomocup board text of
//! its stones (a foreign format, for engines and their tools).

use kartka_engine::five_in_a_row::{parse_actions, write_gomocup_board, FiveInARowRecord, GomocupError, RecordResult};
use kartka_engine::soccer::Tag;
use kartka_protocol::GameStatus;

use super::rules_of;
use crate::games::convert::seat;
use crate::games::records::{player_tags, ExportError, ForeignFormat, RecordParts};

/// The name of the Gomocup board format in `?format=`.
const GOMOCUP: &str = "gomocup";

/// Five in a row's foreign formats.
pub(super) const FORMATS: &[ForeignFormat] = &[ForeignFormat { name: GOMOCUP, write: gomocup_board }];

impl From<GomocupError> for ExportError {
    fn from(refusal: GomocupError) -> ExportError {
        ExportError::Inexpressible { format: GOMOCUP, reason: Box::new(refusal) }
    }
}

/// The record of a game in the rules' format: the option tags, the players (`White` is the first seat, as in
/// every kartka record, whatever colour the opening gives it), the actions and the result in chess order.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(&game.ruleset)?;
    let actions = parse_actions(&game.moves.join(" ")).map_err(|e| ExportError::Moves(e.to_string()))?;
    let result = match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(result)) => RecordResult::of_winner(result.winner.map(seat)),
        _ => RecordResult::Unknown,
    };
    let tags = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    let record = FiveInARowRecord { rules, tags, actions, result };
    // Every move the server stored was legal; a record that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}

/// The stones of a game as Gomocup's board text: bounded boards only (the format has no endless board).
fn gomocup_board(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(&game.ruleset)?;
    let actions = parse_actions(&game.moves.join(" ")).map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(write_gomocup_board(rules, &actions)?)
}
