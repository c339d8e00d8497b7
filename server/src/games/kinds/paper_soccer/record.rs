//! A Paper Soccer game as a kurnik record (CRLF, as kurnik writes its own).

use kartka_engine::soccer::{split_turns, KurnikRecord, LineEnding, Pitch, Position, RecordResult, Tag};
use kartka_engine::Ruleset;
use kartka_protocol::{GameStatus, SeatName, TimeControl};

use crate::games::kinds;
use crate::games::records::{date_text, ExportError, RecordParts};

/// The kurnik record of a Paper Soccer game: kurnik's tags (Black–White `Result`, `TimeControl` in seconds per
/// player), the players' names, and the movetext split into turns by the rules.
pub fn kurnik_record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let pitch = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.0))? {
        Ruleset::PaperSoccer(rules) => rules.pitch,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not a Paper Soccer ruleset"))),
    };
    write_kurnik(pitch, game, stored_result(game))
}

/// kurnik's result of a stored game: its winner once finished, else unknown (`*`).
pub(in crate::games::kinds) fn stored_result(game: &RecordParts<'_>) -> RecordResult {
    match (game.status, game.result) {
        (GameStatus::Finished, Some(result)) => match result.winner {
            Some(SeatName::First) => RecordResult::WhiteWon,
            Some(SeatName::Second) => RecordResult::BlackWon,
            None => RecordResult::Draw,
        },
        _ => RecordResult::Unknown,
    }
}

/// The kurnik record of `game`'s steps, classic Paper Soccer on `pitch`, with `result`.
pub(in crate::games::kinds) fn write_kurnik(
    pitch: Pitch,
    game: &RecordParts<'_>,
    result: RecordResult,
) -> Result<String, ExportError> {
    let digits: String = game.moves.concat();
    let turns = split_turns(&Position::new(pitch), &digits).map_err(|e| ExportError::Moves(e.to_string()))?.turns;
    // kurnik writes a clock's starting seconds; other clocks are written as kartka writes them for any kind
    // ("one move per N seconds" for correspondence, as in PGN).
    let time_control = match game.time_control {
        TimeControl::Fischer { initial_seconds, .. } => initial_seconds.to_string(),
        TimeControl::Correspondence { .. } | TimeControl::PerMove { .. } => {
            crate::games::records::time_control_text(&game.time_control)
        }
    };
    let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
    let mut tags = vec![
        tag("Event", "kartka".to_owned()),
        tag("Site", "kartka".to_owned()),
        tag("Date", date_text(game.created_at_ms)),
        tag("Round", "-".to_owned()),
        tag("Black", game.names[1].to_owned()),
        tag("White", game.names[0].to_owned()),
        tag("Result", result.token().to_owned()),
        tag("TimeControl", time_control),
    ];
    if pitch != Pitch::STANDARD {
        tags.push(tag("Board", format!("{}x{}", pitch.width(), pitch.height())));
        tags.push(tag("Mouth", pitch.goal_width().to_string()));
    }
    Ok(KurnikRecord { tags, turns, result: Some(result) }.write(LineEnding::CrLf))
}
