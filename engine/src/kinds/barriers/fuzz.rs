//! What the fuzz checks ask of Barriers: rules from the input, and its records.

use super::{write_bar, BarriersRecord, BarriersRules, Position, Touch};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<BarriersRules> {
        let touch = Touch::ALL[usize::from(input.next_u8() % 3)];
        BarriersRules::new(input.next_u8() % 16, input.next_u8() % 16, touch).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = BarriersRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let moves = record.moves.iter().map(|&bar| {
                let mut text = String::new();
                write_bar(bar, &mut text);
                text
            });
            assert_moves_replay(&record.rules, moves, &position);
        }
        let written = record.write();
        assert_eq!(BarriersRecord::read(&written), Ok(record), "a Barriers record reads back as written:\n{written}");
    }
}
