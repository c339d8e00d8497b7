//! What the fuzz checks ask of Paper Soccer's match of points: a pitch from the input, and `classic+centre`
//! records.

use super::{CentreRecord, CentreRules, CentreToken, Position};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};
use crate::soccer::Pitch;

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<CentreRules> {
        let (width, height, goal) = (input.next_u8() % 24, input.next_u8() % 34, input.next_u8() % 8);
        Pitch::new(width, height, goal).ok().map(|pitch| CentreRules { pitch })
    }

    fn check_records(text: &str) {
        let Ok(record) = CentreRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            // A `-` is a slot in which nothing is played: the engine gives the kick-off by itself.
            let moves = record.tokens.iter().filter_map(|token| match token {
                CentreToken::Pass => None,
                CentreToken::Turn(steps) => Some(steps.iter().map(|step| step.digit()).collect::<String>()),
            });
            assert_moves_replay(&CentreRules { pitch: record.pitch }, moves, &position);
        }
        let written = record.write();
        assert_eq!(
            CentreRecord::read(&written),
            Ok(record),
            "a classic+centre record reads back as written:\n{written}"
        );
    }
}
