//! What the fuzz checks ask of Superghost: rules from the input (the players; the list is the shipped one of a
//! language the input picks), and its records.

use super::{Position, SuperghostRecord, SuperghostRules};
use crate::dictionary::{registry, Language};
use crate::fuzzing::{Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<SuperghostRules> {
        let language = Language::ALL[usize::from(input.next_u8()) % Language::ALL.len()];
        SuperghostRules::new(registry::shipped(language).id(), input.next_u8() % 6).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = SuperghostRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let mut game = Position::new(record.rules().expect("a replayed record's rules are valid"));
            let mut departures = record.departures.iter().peekable();
            for (index, &action) in record.actions.iter().enumerate() {
                while let Some(departure) = departures.next_if(|departure| departure.after as usize == index) {
                    game.seat_left(departure.seat, departure.reason.end_reason());
                }
                game.play(action).expect("a replayed action plays again");
            }
            for departure in departures {
                game.seat_left(departure.seat, departure.reason.end_reason());
            }
            assert_eq!(game, position, "a record replays as its actions play");
        }
        let written = record.write();
        assert_eq!(
            SuperghostRecord::read(&written),
            Ok(record),
            "a Superghost record reads back as written:\n{written}"
        );
    }
}
