//! What the fuzz checks ask of Bulls and Cows: the options from the input, and its records (read, written back,
//! verified without a panic).

use super::{BullsAndCowsRecord, BullsAndCowsRules, Position};
use crate::fuzzing::{Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<BullsAndCowsRules> {
        BullsAndCowsRules::new(input.next_u8() % 8, input.next_u8() % 2 == 0, input.next_u8() % 12).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = BullsAndCowsRecord::read(text) else { return };
        let _ = record.verify();
        let written = record.write();
        assert_eq!(
            BullsAndCowsRecord::read(&written),
            Ok(record),
            "a Bulls and Cows record reads back as written:\n{written}"
        );
    }
}
