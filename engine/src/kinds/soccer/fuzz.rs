//! What the fuzz checks ask of Paper Soccer: a pitch from the input, and kurnik records.

use super::{read_records, LineEnding, Pitch, Position, SoccerRules};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<SoccerRules> {
        let (width, height, goal) = (input.next_u8() % 24, input.next_u8() % 34, input.next_u8() % 8);
        Pitch::new(width, height, goal).ok().map(|pitch| SoccerRules { pitch })
    }

    fn check_records(text: &str) {
        for record in read_records(text).flatten() {
            let replay = record.replay(Pitch::STANDARD);
            if replay.is_clean() {
                assert_moves_replay(&SoccerRules { pitch: Pitch::STANDARD }, &record.turns, &replay.position);
            }
            for ending in [LineEnding::Lf, LineEnding::CrLf] {
                let written = record.write(ending);
                let read_back: Vec<_> = read_records(&written).collect();
                assert_eq!(read_back, [Ok(record.clone())], "a kurnik record reads back as written:\n{written}");
            }
        }
    }
}
