//! Reading files of xrsoccer records: the engine's record as [`ScoredRecord`], so that each match is replayed
//! and its score and winner checked the way every match of points is.

use kartka_engine::variant_record::RecordWinner;
use kartka_engine::xrsoccer::{Position, ReadError, ReplayError, XrRecord, XrToken};
use kartka_protocol::RulesetSpec;

use super::spec_of;
use crate::games::kinds::scored::ScoredRecord;

impl ScoredRecord for XrRecord {
    type Token = XrToken;
    type Position = Position;
    type ReadError = ReadError;
    type ReplayError = ReplayError;

    fn read(text: &str) -> Result<Self, ReadError> {
        XrRecord::read(text)
    }

    fn replay(&self) -> Result<Position, ReplayError> {
        XrRecord::replay(self)
    }

    fn without_result(&self) -> Self {
        XrRecord { score: None, winner: None, ..self.clone() }
    }

    fn tokens(&self) -> &[XrToken] {
        &self.tokens
    }

    fn tag(&self, name: &str) -> Option<&str> {
        XrRecord::tag(self, name)
    }

    fn score(&self) -> Option<[u32; 2]> {
        self.score
    }

    fn winner(&self) -> Option<RecordWinner> {
        self.winner
    }

    fn spec(&self) -> RulesetSpec {
        spec_of(self.rules)
    }
}

#[cfg(test)]
mod tests {
    use kartka_protocol::SeatName;

    use super::*;
    use crate::games::kinds::scored::read_games;

    const MATCH: &str = "[Variant \"xrsoccer\"]\n[Board \"12x18\"]\n[Target \"5\"]\n[White \"A\"]\n\
        [Black \"B\"]\n[Score \"0-0\"]\n\n1. 000 222 2. 000 66\n";

    #[test]
    fn reads_lines_and_refuses_a_score_the_rules_do_not_give() {
        let read = read_games::<XrRecord>(MATCH);
        assert_eq!((read.count, read.games.len()), (1, 1), "{:?}", read.rejections);
        let game = &read.games[0];
        assert_eq!(game.moves.len(), 4);
        assert!(!game.moves[3].turn_ended, "the record stops part-way through a line");
        assert!(game.result.is_none(), "the match goes on");
        let wrong = MATCH.replace("0-0", "1-0");
        assert!(
            read_games::<XrRecord>(&wrong).rejections[0].1.starts_with("illegal"),
            "{:?}",
            read_games::<XrRecord>(&wrong).rejections
        );
        let resigned = MATCH.replace("[Score", "[Winner \"P2\"]\n[Score");
        let result = read_games::<XrRecord>(&resigned).games[0].result.clone().expect("a recorded winner");
        assert_eq!(result.winner, Some(SeatName::Second));
    }
}
