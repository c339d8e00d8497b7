//! Reading files of `classic+centre` records: the engine's record as [`ScoredRecord`], so that each match is replayed
//! and its score and winner checked the way every match of points is.

use kartka_engine::soccer_centre::{CentreRecord, CentreToken, Position, ReadError, ReplayError};
use kartka_engine::variant_record::RecordWinner;
use kartka_protocol::RulesetSpec;

use super::spec_of;
use crate::games::kinds::scored::ScoredRecord;

impl ScoredRecord for CentreRecord {
    type Token = CentreToken;
    type Position = Position;
    type ReadError = ReadError;
    type ReplayError = ReplayError;

    fn read(text: &str) -> Result<Self, ReadError> {
        CentreRecord::read(text)
    }

    fn replay(&self) -> Result<Position, ReplayError> {
        CentreRecord::replay(self)
    }

    fn without_result(&self) -> Self {
        CentreRecord { score: None, winner: None, ..self.clone() }
    }

    fn tokens(&self) -> &[CentreToken] {
        &self.tokens
    }

    fn tag(&self, name: &str) -> Option<&str> {
        CentreRecord::tag(self, name)
    }

    fn score(&self) -> Option<[u32; 2]> {
        self.score
    }

    fn winner(&self) -> Option<RecordWinner> {
        self.winner
    }

    fn spec(&self) -> RulesetSpec {
        spec_of(self.pitch)
    }
}

#[cfg(test)]
mod tests {
    use kartka_protocol::SeatName;

    use kartka_engine::Seat;

    use super::*;
    use crate::games::kinds::scored::read_games;

    const MATCH: &str = "[Variant \"classic+centre\"]\n[Board \"8x10\"]\n[White \"A\"]\n[Black \"B\"]\n\
        [Score \"1-0\"]\n\n1. 0 0 2. 0 0 3. 17 3\n";

    #[test]
    fn reads_points_and_refuses_a_score_the_rules_do_not_give() {
        let read = read_games::<CentreRecord>(MATCH);
        assert_eq!((read.count, read.games.len()), (1, 1), "{:?}", read.rejections);
        let game = &read.games[0];
        assert_eq!(game.moves.len(), 6);
        assert_eq!(game.moves[5].seat, Seat::SECOND, "the second seat kicks off after the point");
        assert!(game.result.is_none(), "the match goes on");
        let wrong = MATCH.replace("1-0", "0-1");
        assert!(
            read_games::<CentreRecord>(&wrong).rejections[0].1.starts_with("illegal"),
            "{:?}",
            read_games::<CentreRecord>(&wrong).rejections
        );
        let resigned = MATCH.replace("[Score", "[Winner \"P2\"]\n[Score");
        let result = read_games::<CentreRecord>(&resigned).games[0].result.clone().expect("a recorded winner");
        assert_eq!(result.winner, Some(SeatName::Second));
    }

    #[test]
    fn a_file_of_matches_without_result_tokens_reads_each_match() {
        let file = [MATCH, "\n", MATCH, MATCH].concat();
        let read = read_games::<CentreRecord>(&file);
        assert_eq!((read.count, read.games.len()), (3, 3), "{:?}", read.rejections);
        let kurnik_tags_first = format!("[Event \"a\"]\n{MATCH}[Event \"b\"]\n{MATCH}");
        let read = read_games::<CentreRecord>(&kurnik_tags_first);
        assert_eq!((read.count, read.games.len()), (2, 2), "{:?}", read.rejections);
    }
}
