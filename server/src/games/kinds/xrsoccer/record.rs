//! An xrsoccer match as a record of the rules document's format (§4a rule 7, §5.6): `[Variant "xrsoccer"]`,
//! the field and target, kurnik's tags, `[Score]` and `[Winner]`, and turn tokens with `rX,Y:` before a line
//! that follows a relocation and `-` for a skipped slot.

use kartka_engine::xrsoccer::XrRecord;
use kartka_engine::Ruleset;

use crate::games::kinds::{self, scored};
use crate::games::records::{ExportError, RecordParts};

/// The record of a match: its lines regrouped by the rules with their relocations, the score reached, and
/// the winner (the rules', or the server's result when the match ended otherwise, by resignation or on time).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::Xrsoccer(rules) => rules,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not an xrsoccer ruleset"))),
    };
    let actions = scored::directions(game)?;
    let mut record = XrRecord::from_actions(rules, &actions).map_err(|e| ExportError::Moves(e.to_string()))?;
    if record.winner.is_none() {
        record.winner = scored::stored_winner(game);
    }
    record.tags = scored::match_tags(game);
    Ok(record.write())
}
