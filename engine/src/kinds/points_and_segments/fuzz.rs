//! What the fuzz checks ask of Points and segments: rules from the input, and its records.

use super::{write_segment, PointsRecord, PointsRules, Position, Start};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<PointsRules> {
        let points = input.next_u8() % 32;
        let start = match input.next_u8() % 2 {
            0 => Start::Convex,
            _ => Start::Lattice { seed: u32::from(input.next_u16()) },
        };
        PointsRules::new(points, start).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = PointsRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let moves = record.moves.iter().map(|&segment| {
                let mut text = String::new();
                write_segment(segment, &mut text);
                text
            });
            assert_moves_replay(&record.rules, moves, &position);
        }
        let written = record.write();
        assert_eq!(
            PointsRecord::read(&written),
            Ok(record),
            "a Points and segments record reads back as written:\n{written}"
        );
    }
}
