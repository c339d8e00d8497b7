//! What the fuzz checks ask of Dots and Boxes: a field and players from the input, and the tagged records.

use super::{write_edge, DotsAndBoxesRecord, DotsAndBoxesRules, Position};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<DotsAndBoxesRules> {
        DotsAndBoxesRules::new(input.next_u8() % 11, input.next_u8() % 11, input.next_u8() % 6).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = DotsAndBoxesRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let moves = record.turns.iter().map(|turn| {
                let mut text = String::new();
                for (index, &edge) in turn.iter().enumerate() {
                    if index > 0 {
                        text.push(' ');
                    }
                    write_edge(edge, &mut text);
                }
                text
            });
            assert_moves_replay(&record.rules, moves, &position);
        }
        let written = record.write();
        assert_eq!(
            DotsAndBoxesRecord::read(&written),
            Ok(record),
            "a Dots and Boxes record reads back as written:\n{written}"
        );
    }
}
