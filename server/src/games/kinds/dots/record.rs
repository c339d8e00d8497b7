//! A Dots game as a zagram-compatible SGF record (rules 10.2–10.5), with the players' names and the date.

use kartka_engine::dots::{parse_actions, write_sgf, DotsRecord, Entry, Margin, RecordResult};
use kartka_engine::Ruleset;
use kartka_protocol::{EndReasonName, GameStatus, TimeControl};

use crate::games::convert::seat;
use crate::games::kinds;
use crate::games::records::{ExportError, RecordParts};

/// The SGF record of a Dots game. The engine writes the moves, their capture chains and the rules; the root
/// also gets `PB`/`PW` (the first seat is Black, as in zagram's files), `DT` and the main time `TM`.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::Dots(rules) => rules,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not a Dots ruleset"))),
    };
    let mut record = DotsRecord::new(rules);
    for text in &game.moves {
        let actions = parse_actions(text).map_err(|e| ExportError::Moves(e.to_string()))?;
        record.entries.extend(actions.into_iter().map(Entry::Action));
    }
    // Every move the server stored was legal; a record that does not replay is a damaged game.
    let position = record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    record.result = match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(_)) if position.outcome().is_some() => RecordResult::of_position(&position),
        (GameStatus::Finished, Some(result)) => {
            let margin = match result.reason {
                EndReasonName::Resignation | EndReasonName::Abandonment => Margin::Resign,
                EndReasonName::Time => Margin::Time,
                // An agreed end scored in whole points (8.1) says its margin, as zagram's `B+7`.
                EndReasonName::Agreement => match result.scores.as_deref() {
                    Some(&[first, second]) if !result.half_points => Margin::Points(first.abs_diff(second)),
                    _ => Margin::Unspecified,
                },
                _ => Margin::Unspecified,
            };
            Some(RecordResult { win: result.winner.map(|winner| (seat(winner), margin)), reason: None })
        }
        _ => None,
    };
    let sgf = write_sgf(&record).map_err(|e| ExportError::Moves(e.to_string()))?;
    // §10.4: `TM[R]OT[T/move]` for a per-move clock; a Fischer clock's increment as `OT[I fischer]`, SGF's free
    // text for what follows the main time; other clocks give their main time alone.
    let clock = match game.time_control {
        TimeControl::Fischer { initial_seconds, increment_seconds: 0 } => format!("TM[{initial_seconds}]"),
        TimeControl::Fischer { initial_seconds, increment_seconds } => {
            format!("TM[{initial_seconds}]OT[{increment_seconds} fischer]")
        }
        TimeControl::Correspondence { days_per_move, .. } => format!("TM[{}]", u64::from(days_per_move) * 86_400),
        TimeControl::PerMove { move_seconds, reserve_seconds, .. } => {
            format!("TM[{reserve_seconds}]OT[{move_seconds}/move]")
        }
    };
    let date = crate::games::records::date_text(game.created_at_ms).replace('.', "-");
    let root = format!("PB[{}]PW[{}]DT[{date}]{clock}", escape(game.names[0]), escape(game.names[1]),);
    let body = sgf.strip_prefix("(;").ok_or_else(|| ExportError::Moves("the engine wrote no SGF root".into()))?;
    Ok(format!("(;{root}{body}"))
}

/// An SGF text value: `\` and `]` escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}
