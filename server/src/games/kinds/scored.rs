//! What the kinds played as a match of points (`classic+centre`, `xrsoccer`) share for record files: reading
//! them into the archive and replaying them for `kartka replay`. Each kind says how to read, replay and name
//! its record through [`ScoredRecord`]; the rest is here.

use std::fmt::Display;

use kartka_engine::soccer::{Direction, Tag};
use kartka_engine::variant_record::{RecordWinner, SlotToken};
use kartka_engine::{Game, Seat};
use kartka_protocol::{GameStatus, RulesetSpec, SeatName};

use crate::games::convert;
use crate::games::records::{
    player_tags, split_records, unrecorded_ending, ExportError, ReadGame, ReadGames, ReadMove, RecordParts,
};
use crate::games::tools::{Recorded, Replayed, Tally};

/// A stored match's steps, from its moves' digits.
pub(super) fn directions(game: &RecordParts<'_>) -> Result<Vec<Direction>, ExportError> {
    game.moves
        .concat()
        .chars()
        .map(|digit| Direction::from_digit(digit).ok_or_else(|| ExportError::Moves(format!("{digit:?} is not a step"))))
        .collect()
}

/// The server's winner of a finished match, for a record whose rules did not name one (a resignation, time).
pub(super) fn stored_winner(game: &RecordParts<'_>) -> Option<RecordWinner> {
    match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(result)) => Some(match result.winner {
            Some(SeatName::First) => RecordWinner::First,
            Some(_) => RecordWinner::Second,
            None => RecordWinner::Draw,
        }),
        _ => None,
    }
}

/// The kurnik tags a match's record starts with: the server, the date, the players and the time control.
pub(super) fn match_tags(game: &RecordParts<'_>) -> Vec<Tag> {
    player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect()
}

/// A kind's record of a match of points, as the engine reads and replays it.
pub(super) trait ScoredRecord: Clone + Sized {
    /// A turn token.
    type Token: SlotToken;
    /// The match a replay gives.
    type Position: Game;
    /// Why a record does not read.
    type ReadError: Display;
    /// Why a record does not replay.
    type ReplayError: Display;
    /// Reads one record.
    fn read(text: &str) -> Result<Self, Self::ReadError>;
    /// Replays the record, checking its score and winner.
    fn replay(&self) -> Result<Self::Position, Self::ReplayError>;
    /// The same record without its score and winner.
    fn without_result(&self) -> Self;
    /// The turn tokens, strictly alternating from the first seat.
    fn tokens(&self) -> &[Self::Token];
    /// The value of another tag.
    fn tag(&self, name: &str) -> Option<&str>;
    /// The recorded score.
    fn score(&self) -> Option<[u32; 2]>;
    /// The recorded winner.
    fn winner(&self) -> Option<RecordWinner>;
    /// The ruleset the record's tags name.
    fn spec(&self) -> RulesetSpec;
}

/// Every match of a file of records (each starts at its `Variant` tag), replayed and checked; the refused
/// ones with the reason.
pub(super) fn read_games<R: ScoredRecord>(text: &str) -> ReadGames {
    let records = split_records(text).into_iter().map(|text| R::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked)
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the match, else
/// the recorded winner (a resignation or a fallen flag: the record does not say which).
fn checked<R: ScoredRecord>(index: u64, record: &R) -> Result<ReadGame, String> {
    let position = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let result = match (position.outcome(), record.winner()) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, None) => None,
        (None, Some(RecordWinner::First)) => Some(unrecorded_ending(Some(Seat::FIRST))),
        (None, Some(RecordWinner::Second)) => Some(unrecorded_ending(Some(Seat::SECOND))),
        (None, Some(RecordWinner::Draw)) => Some(unrecorded_ending(None)),
    };
    // Tokens alternate strictly from the first seat; a `-` is a slot in which nothing was played.
    let last = record.tokens().len().saturating_sub(1);
    let moves = record
        .tokens()
        .iter()
        .enumerate()
        .filter_map(|(at, token)| {
            let steps = token.steps()?;
            Some(ReadMove {
                seat: if at % 2 == 0 { Seat::FIRST } else { Seat::SECOND },
                notation: steps.iter().map(|step| step.digit()).collect(),
                actions: steps.len() as u32,
                turn_ended: !(at == last && position.mid_turn()),
            })
        })
        .collect();
    ReadGame::of_tags(index, |name| record.tag(name), record.spec(), moves, result)
}

/// Replays every record of a file, reporting the malformed, illegal and contradicted ones on stderr. A
/// recorded score or winner the rules do not give is a disagreeing result when the match is over, and makes
/// the record illegal when it is not (the rules have no result to agree with).
pub(super) fn replay<R: ScoredRecord>(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| R::read(&text));
    Tally::of_records(file, records, |record| {
        let position = match record.without_result().replay() {
            Ok(position) => position,
            Err(error) => return Replayed::Illegal(format!("illegal: {error}")),
        };
        let contradiction = record.replay().err().map(|error| error.to_string());
        match (position.outcome(), contradiction) {
            (None, Some(error)) => Replayed::Illegal(error),
            (None, None) => Replayed::Unfinished { mid_turn: position.mid_turn() },
            (Some(_), Some(error)) => {
                Replayed::Finished { ending: Some("score"), recorded: Recorded::Disagrees(error) }
            }
            (Some(_), None) => {
                let recorded = if record.score().is_some() || record.winner().is_some() {
                    Recorded::Agrees
                } else {
                    Recorded::Missing
                };
                Replayed::Finished { ending: Some("score"), recorded }
            }
        }
    })
}
