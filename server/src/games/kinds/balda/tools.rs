//! Balda for the command-line tools: perft from the start of a game of the default rules (the default list of
//! Polish, `--size` 5 to 7, seed 0's start word) after a run of moves, and replaying files of Balda records.
//! Balda has no solver.

use kartka_engine::balda::{parse_moves, read_record, Position};
use kartka_engine::{Game, Ruleset};

use super::import::recorded_result;
use super::Balda;
use crate::games::convert;
use crate::games::kinds::Kind;
use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Tally, ToolError};

/// The default game on the setup's grid after the setup's moves.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let Ruleset::Balda(rules) = Balda.sized_ruleset(setup.size.unwrap_or(5))? else {
        return Err(ToolError("--game balda: not a Balda ruleset".to_owned()));
    };
    let mut game = Position::new(rules);
    for (index, action) in
        parse_moves(&setup.moves).map_err(|e| ToolError(format!("--moves: {e}")))?.into_iter().enumerate()
    {
        game.play(action).map_err(|reason| ToolError(format!("--moves: move {} is illegal: {reason}", index + 1)))?;
    }
    Ok(game)
}

/// Move sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| {
        let record = read_record(&text).map_err(|error| error.to_string())?;
        let recorded = recorded_result(&record)?;
        Ok::<_, String>((record, recorded))
    });
    Tally::of_records(file, records, |(record, recorded)| match record.replay() {
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(game) => match game.outcome() {
            Some(outcome) => {
                let ranks = convert::game_result(outcome).ranks;
                let recorded = match recorded {
                    Some(recorded) if recorded.ranks == ranks => Recorded::Agrees,
                    Some(recorded) => {
                        Recorded::Disagrees(format!("recorded ranks {:?}, the rules' {ranks:?}", recorded.ranks))
                    }
                    None => Recorded::Missing,
                };
                Replayed::Finished { ending: Some("score"), recorded }
            }
            None => Replayed::Unfinished { mid_turn: game.mid_turn() },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(size: Option<u8>, moves: &str) -> Setup {
        Setup {
            size,
            width: None,
            height: None,
            line: None,
            rows: None,
            cols: None,
            start: None,
            moves: moves.to_owned(),
            ruleset: None,
        }
    }

    #[test]
    fn perft_counts_from_the_default_start_and_refuses_bad_setups() {
        let counts = perft(&setup(None, ""), 1).expect("counts");
        assert!(counts[0] > 1, "words and the pass: {counts:?}");
        assert_eq!(perft(&setup(None, "pass"), 1).map(|after| after[0]), Ok(counts[0]), "a pass changes no word");
        assert!(perft(&setup(Some(8), ""), 1).is_err());
        assert!(perft(&setup(None, "a1=ż:a1"), 1).is_err());
        assert!(perft(&setup(None, "x"), 1).is_err());
    }
}
