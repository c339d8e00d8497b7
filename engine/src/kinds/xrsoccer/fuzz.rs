//! What the fuzz checks ask of xrsoccer: a field and target from the input, and xrsoccer records.

use super::{Position, XrRecord, XrRules, XrToken};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<XrRules> {
        let (width, length) = (input.next_u8() % 32, input.next_u8() % 48);
        XrRules::new(width, length, u32::from(input.next_u8() % 16)).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = XrRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            // A relocation and a `-` are the engine's own doing: only the steps are played.
            let moves = record.tokens.iter().filter_map(|token| match token {
                XrToken::Pass => None,
                XrToken::Line { steps, .. } => Some(steps.iter().map(|step| step.digit()).collect::<String>()),
            });
            assert_moves_replay(&record.rules, moves, &position);
        }
        let written = record.write();
        assert_eq!(XrRecord::read(&written), Ok(record), "an xrsoccer record reads back as written:\n{written}");
    }
}
