//! What the fuzz checks ask of Digital Wars: rules from the input, and its records.

use super::{DigitalWarsRecord, DigitalWarsRules, Ending, Position, Start};
use crate::fuzzing::{Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<DigitalWarsRules> {
        let length = input.next_u8() % 32;
        let start =
            if input.next_u8() % 2 == 0 { Start::Pie } else { Start::Random { seed: u64::from(input.next_u8()) } };
        let ending = if input.next_u8() % 2 == 0 { Ending::Misere } else { Ending::Normal };
        DigitalWarsRules::new(length, start, ending).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = DigitalWarsRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let mut game = Position::new(record.rules);
            for &action in &record.actions {
                game.play(action).expect("a replayed action plays again");
            }
            assert_eq!(game, position, "a record replays as its actions play");
        }
        let written = record.write();
        assert_eq!(
            DigitalWarsRecord::read(&written),
            Ok(record),
            "a Digital Wars record reads back as written:\n{written}"
        );
    }
}
