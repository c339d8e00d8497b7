//! An xrsoccer match as a record of the rules document's format (§4a rule 7, §5.6): `[Variant "xrsoccer"]`,
//! the field and target, kurnik's tags, `[Score]` and `[Winner]`, and turn tokens with `rX,Y:` before a line
//! that follows a relocation and `-` for a skipped slot.

use kartka_engine::soccer::{Direction, Tag};
use kartka_engine::variant_record::RecordWinner;
use kartka_engine::xrsoccer::XrRecord;
use kartka_engine::Ruleset;
use kartka_protocol::{GameStatus, SeatName};

use crate::games::kinds;
use crate::games::records::{date_text, time_control_text, ExportError, RecordParts};

/// The record of a match: its lines regrouped by the rules with their relocations, the score reached, and
/// the winner (the rules', or the server's result when the match ended otherwise, by resignation or on time).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.0))? {
        Ruleset::Xrsoccer(rules) => rules,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not an xrsoccer ruleset"))),
    };
    let actions = game
        .moves
        .concat()
        .chars()
        .map(|digit| Direction::from_digit(digit).ok_or_else(|| ExportError::Moves(format!("{digit:?} is not a step"))))
        .collect::<Result<Vec<_>, _>>()?;
    let mut record = XrRecord::from_actions(rules, &actions).map_err(|e| ExportError::Moves(e.to_string()))?;
    if let (GameStatus::Finished, Some(result)) = (game.status, game.result) {
        record.winner.get_or_insert(match result.winner {
            Some(SeatName::First) => RecordWinner::First,
            Some(SeatName::Second) => RecordWinner::Second,
            None => RecordWinner::Draw,
        });
    }
    let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
    record.tags = vec![
        tag("Event", "kartka".to_owned()),
        tag("Site", "kartka".to_owned()),
        tag("Date", date_text(game.created_at_ms)),
        tag("White", game.names[0].to_owned()),
        tag("Black", game.names[1].to_owned()),
        tag("TimeControl", time_control_text(&game.time_control)),
    ];
    Ok(record.write())
}
