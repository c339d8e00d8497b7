//! A Dots and Boxes game as the rules' tagged record (rule 8): kartka's player tags, the result as `Ranks` and
//! `Scores` (one number per seat, first seat first), then one turn per line. The final position also goes out
//! as a dbn line, for programs that read Barker & Korf's / OpenSpiel's positions.

use kartka_engine::dots_and_boxes::{parse_edges, write_dbn, DotsAndBoxesRecord, DotsAndBoxesRules, Edge, Position};
use kartka_engine::soccer::Tag;
use kartka_engine::{Progress, Ruleset};
use kartka_protocol::GameStatus;

use crate::games::kinds;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The tag of a finished game's ranks, one per seat separated by spaces (`1 2`; seats that tie share a rank).
pub(super) const RANKS_TAG: &str = "Ranks";
/// The tag of a finished game's box counts, one per seat separated by spaces.
pub(super) const SCORES_TAG: &str = "Scores";

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<DotsAndBoxesRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.0))? {
        Ruleset::DotsAndBoxes(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Dots and Boxes ruleset"))),
    }
}

/// The stored moves replayed on the field of `rules`, grouped into turns as the rules end them (a stored move
/// is a whole turn, or, for a game lost on time mid-turn, part of one).
fn turns_of(game: &RecordParts<'_>, rules: DotsAndBoxesRules) -> Result<(Vec<Vec<Edge>>, Position), ExportError> {
    let mut position = Position::new(rules);
    let mut turns: Vec<Vec<Edge>> = Vec::new();
    let mut turn_open = false;
    for text in &game.moves {
        for edge in parse_edges(text).map_err(|e| ExportError::Moves(e.to_string()))? {
            // Every move the server stored was legal; one that does not replay is a damaged game.
            let progress = position.play(edge).map_err(|e| ExportError::Moves(format!("{edge}: {e}")))?;
            match turns.last_mut().filter(|_| turn_open) {
                Some(turn) => turn.push(edge),
                None => turns.push(vec![edge]),
            }
            turn_open = progress == Progress::TurnContinues;
        }
    }
    Ok((turns, position))
}

/// Numbers joined by spaces, as the `Ranks` and `Scores` tags write them.
fn spaced<T: ToString>(numbers: &[T]) -> String {
    numbers.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// The record of a Dots and Boxes game: the first seat is `White`, the second `Black`, a third `Player3` and a
/// fourth `Player4` ([`player_tags`]).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let (turns, _) = turns_of(game, rules)?;
    let mut tags: Vec<Tag> = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    if let (GameStatus::Finished, Some(result)) = (game.status, game.result.as_ref()) {
        tags.push(Tag { name: RANKS_TAG.to_owned(), value: spaced(&result.ranks) });
        if let Some(scores) = &result.scores {
            tags.push(Tag { name: SCORES_TAG.to_owned(), value: spaced(scores) });
        }
    }
    let record = DotsAndBoxesRecord { rules, tags, turns };
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}

/// The game's last position as a dbn line (which edges are drawn; it says nothing of boxes or turns), ending
/// with a newline.
pub fn dbn(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let (_, position) = turns_of(game, rules)?;
    Ok(format!("{}\n", write_dbn(rules, &position.drawn())))
}

#[cfg(test)]
mod tests {
    use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
    use kartka_protocol::{EndReasonName, GameResult, RulesetSpec, SeatName, TimeControl};

    use super::*;

    /// A 1×2 game: after four edges the first seat draws the middle's neighbour `b1h`, and the second takes
    /// the left box with `b1v` and then the right one with `b2h` (sent as two moves).
    fn finished() -> RecordParts<'static> {
        RecordParts {
            ruleset: RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 1, cols: 2, players: 2 }),
            time_control: TimeControl::Fischer { initial_seconds: 60, increment_seconds: 1 },
            names: vec!["Ala", "Ola"],
            status: GameStatus::Finished,
            result: Some(GameResult {
                ranks: vec![2, 1],
                winner: Some(SeatName::Second),
                reason: EndReasonName::Score,
                scores: Some(vec![0, 2]),
                half_points: false,
            }),
            created_at_ms: 0,
            moves: vec!["a1h", "a2h", "a1v", "c1v", "b1h", "b1v", "b2h"],
        }
    }

    #[test]
    fn a_turn_that_takes_boxes_is_one_line_and_the_result_is_tagged() {
        let text = record(&finished()).expect("writes");
        assert!(text.starts_with("[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"2\"]\n"), "{text}");
        assert!(text.contains("[Ranks \"2 1\"]\n[Scores \"0 2\"]\n"), "{text}");
        assert!(text.ends_with("\na1h\na2h\na1v\nc1v\nb1h\nb1v b2h\n"), "{text}");
    }

    #[test]
    fn the_last_position_is_a_dbn_line() {
        assert_eq!(dbn(&finished()).expect("writes"), "1111111\n");
        let opening = RecordParts { moves: vec!["a1h"], status: GameStatus::Active, result: None, ..finished() };
        // Horizontal edges from the top row of dots: a2h b2h, then a1h b1h; then the verticals a1v b1v c1v.
        assert_eq!(dbn(&opening).expect("writes"), "0010000\n");
    }
}
