//! What the fuzz checks ask of Closing In: a board size from the input, and `1. D5 B2` records.

use super::{write_square, BoardSize, ClosingInRecord, Position};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<BoardSize> {
        BoardSize::new(input.next_u8() % 16).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = ClosingInRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let moves = record.moves.iter().map(|&square| {
                let mut text = String::new();
                write_square(square, &mut text);
                text
            });
            assert_moves_replay(&record.size, moves, &position);
        }
        let written = record.write();
        assert_eq!(
            ClosingInRecord::read(&written),
            Ok(record),
            "a Closing In record reads back as written:\n{written}"
        );
    }
}
