//! What the fuzz checks ask of Sea Battle: the options from the input, and its records (read, written back,
//! verified without a panic).

use super::{FleetKind, Position, SeaBattleRecord, SeaBattleRules, Touching};
use crate::fuzzing::{Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<SeaBattleRules> {
        let fleet = if input.next_u8() % 2 == 0 { FleetKind::Classic } else { FleetKind::Hasbro };
        let touching = [Touching::None, Touching::Sides, Touching::Any][usize::from(input.next_u8() % 3)];
        Some(SeaBattleRules::of_fleet(fleet).with_touching(touching).with_shoot_again(input.next_u8() % 2 == 0))
    }

    fn check_records(text: &str) {
        let Ok(record) = SeaBattleRecord::read(text) else { return };
        let _ = record.verify();
        let written = record.write();
        assert_eq!(
            SeaBattleRecord::read(&written),
            Ok(record),
            "a Sea Battle record reads back as written:\n{written}"
        );
    }
}
