//! What the fuzz checks ask of Racetrack: rules on a shipped track
//! from the input, and the tagged records.

use super::record::{read_record, write_record};
use super::{tracks, write_move, Position, RacetrackRules};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<RacetrackRules> {
        let (file, _) = tracks::SHIPPED[usize::from(input.next_u8()) % tracks::SHIPPED.len()];
        let track = tracks::shipped(file.trim_end_matches(".track"))?.id();
        let (players, crash_out) = (input.next_u8() % 8, input.next_u8() % 2 == 1);
        RacetrackRules::new(track, players, crash_out, input.next_u16() % 300).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = read_record(text) else { return };
        if let (Ok(rules), Ok(race)) = (record.rules(), record.replay()) {
            if record.departures.is_empty() {
                let moves = record.moves.iter().map(|&action| {
                    let mut text = String::new();
                    write_move(action, &mut text);
                    text
                });
                assert_moves_replay(&rules, moves, &race);
            }
        }
        let written = write_record(&record);
        assert_eq!(read_record(&written), Ok(record), "a Racetrack record reads back as written:\n{written}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::racetrack::{Move, RacetrackRecord};

    #[test]
    fn records_that_read_replay_as_their_moves_and_write_back() {
        let record = RacetrackRecord::of(RacetrackRules::default(), Vec::new(), vec![Move::Keypad(6), Move::Keypad(4)]);
        <Position as Fuzzed>::check_records(&write_record(&record));
        <Position as Fuzzed>::check_records("[Game \"racetrack\"]\n[Track \"oval\"]\n\n5\n");
        <Position as Fuzzed>::check_records("\u{0}[[");
    }
}
