//! What the fuzz checks ask of Gallows: the options from the input, and its records (read, written back,
//! verified without a panic).

use super::{GallowsRecord, GallowsRules, Hint, Position, WordSource, MISSES};
use crate::dictionary::{registry, Language};
use crate::fuzzing::{Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<GallowsRules> {
        let language = Language::ALL[usize::from(input.next_u8()) % Language::ALL.len()];
        let source = if input.next_u8() % 2 == 0 { WordSource::Setter } else { WordSource::Server };
        let hint = if input.next_u8() % 2 == 0 { Hint::None } else { Hint::Ends };
        let misses = MISSES[usize::from(input.next_u8()) % MISSES.len()];
        GallowsRules::new(registry::shipped(language).id(), source, misses, hint).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = GallowsRecord::read(text) else { return };
        let _ = record.verify();
        let written = record.write();
        assert_eq!(GallowsRecord::read(&written), Ok(record), "a Gallows record reads back as written:\n{written}");
    }
}
