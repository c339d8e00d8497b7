//! What the fuzz checks ask of Balda: rules on a shipped dictionary from the input, and its records.

use super::record::{read_record, write_record};
use super::{write_move, BaldaRules, Position};
use crate::dictionary::{registry, Language};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<BaldaRules> {
        let language = Language::ALL[usize::from(input.next_u8()) % Language::ALL.len()];
        let dictionary = registry::shipped(language).id();
        let (size, players) = (input.next_u8() % 9, input.next_u8() % 6);
        BaldaRules::drawn(size, players, dictionary, u64::from(input.next_u16())).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = read_record(text) else { return };
        if let (Ok(rules), Ok(game)) = (record.rules(), record.replay()) {
            let moves = record.moves.iter().map(|&action| {
                let mut text = String::new();
                write_move(action, &mut text);
                text
            });
            assert_moves_replay(&rules, moves, &game);
        }
        let written = write_record(&record);
        assert_eq!(read_record(&written), Ok(record), "a Balda record reads back as written:\n{written}");
    }
}
