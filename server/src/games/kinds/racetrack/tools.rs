//! Racetrack for the command-line tools: perft from the start of a race of the default rules after a run of
//! moves, and replaying files of Racetrack records. The solver is reached through the track it solves
//! (`kartka solve --game racetrack --track NAME`, cli/track.rs).

use kartka_engine::racetrack::{parse_moves, read_record, Position, RacetrackRules};
use kartka_engine::Game;

use super::import::recorded_result;
use crate::games::convert;
use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

/// The default race (two cars on the default track) after the setup's moves.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let mut race = Position::new(RacetrackRules::default());
    for (index, action) in
        parse_moves(&setup.moves).map_err(|e| ToolError(format!("--moves: {e}")))?.into_iter().enumerate()
    {
        race.play(action).map_err(|reason| ToolError(format!("--moves: move {} is illegal: {reason}", index + 1)))?;
    }
    Ok(race)
}

/// Move sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}

/// The solver answers for a track, not a position: `kartka solve` hands `--game racetrack` to its `--track`.
pub fn solve(_setup: &Setup) -> Result<Solved, ToolError> {
    Err(ToolError("--game racetrack: name the track to solve with --track or --track-file".to_owned()))
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
        Ok(race) => match race.outcome() {
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
            None => Replayed::Unfinished { mid_turn: race.mid_turn() },
        },
    })
}
