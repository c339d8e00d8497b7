//! What the fuzz checks ask of Dots: a small field and options from the input, and both record formats (the
//! own text and zagram's SGF).

use super::{
    read_sgf, write_action, write_sgf, Action, DotsRecord, DotsRules, Entry, FieldSize, Position, Start, StopMode,
    MAX_RANDOM_BLOCKS,
};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

/// The largest side of a fuzzed field: small fields end games within the input's few hundred actions.
const MAX_FUZZ_SIDE: u8 = 16;

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<DotsRules> {
        let size = FieldSize::new(input.next_u8() % (MAX_FUZZ_SIDE + 1), input.next_u8() % (MAX_FUZZ_SIDE + 1)).ok()?;
        let flags = input.next_u8();
        let start = match input.next_u8() % 5 {
            0 => Start::Empty,
            1 => Start::Cross,
            2 => Start::Cross2,
            3 => Start::Cross4,
            _ => Start::Random { blocks: 1 + input.next_u8() % MAX_RANDOM_BLOCKS },
        };
        let territory = flags & 2 != 0;
        let rules = DotsRules {
            size,
            start,
            seed: u64::from(input.next_u16()),
            extra_move: flags & 1 != 0,
            instant_win: u32::from(input.next_u8() % 8),
            stop: if territory { StopMode::Off } else { StopMode::Computed },
            auto_end: flags & 4 != 0,
            territory,
            ..DotsRules::default()
        };
        rules.validate().ok().map(|()| rules)
    }

    fn check_records(text: &str) {
        if let Ok(record) = DotsRecord::from_text(text) {
            // A custom start's dots come from the record, not the rules, so only other starts play from the rules.
            if let (Ok(replayed), false) = (record.replay(), record.rules.start == Start::Custom) {
                let moves = record.entries.iter().filter_map(|entry| {
                    let action = match *entry {
                        Entry::Action(action) => action,
                        Entry::TimeoutDot(point) => Action::Dot(point),
                        _ => return None,
                    };
                    let mut text = String::new();
                    write_action(action, &mut text);
                    Some(text)
                });
                assert_moves_replay(&record.rules, moves, &replayed);
            }
            let written = record.to_text();
            assert_eq!(DotsRecord::from_text(&written), Ok(record), "a Dots record reads back as written:\n{written}");
        }
        if let Ok(record) = read_sgf(text) {
            if let Ok(replayed) = record.replay() {
                let written = write_sgf(&record).expect("a record that replays writes as SGF");
                let read = read_sgf(&written).unwrap_or_else(|error| panic!("{error}: the written SGF:\n{written}"));
                assert_eq!((read.rules, &read.setup), (record.rules, &record.setup), "{written}");
                assert_eq!(read.replay().as_ref(), Ok(&replayed), "an SGF replays as written:\n{written}");
            }
        }
    }
}
