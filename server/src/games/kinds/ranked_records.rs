//! What the records of kinds that rank their seats share (Balda, Racetrack, Superghost, and the kinds with
//! secrets): the player tags with a finished game's `Ranks` tag, that tag read back into a result, and the
//! stored departures as the engine's records hold them.

use kartka_engine::dots_and_boxes::{Departure, DepartureReason};
use kartka_engine::tag_pairs::Tag;
use kartka_engine::Seat;
use kartka_protocol::{EndReasonName, GameResult, GameStatus};

use crate::games::convert::{self, seat_name};
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The tag of a finished game's ranks, one per seat separated by spaces (`3 1 2`; seats that tie share a rank).
pub const RANKS_TAG: &str = "Ranks";

/// A stored game's tags: its players, then, once it is finished, its `Ranks`.
pub fn tags(game: &RecordParts<'_>) -> Vec<Tag> {
    let mut tags: Vec<Tag> = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    if let (GameStatus::Finished, Some(result)) = (game.status, game.result.as_ref()) {
        let ranks = result.ranks.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        tags.push(Tag { name: RANKS_TAG.to_owned(), value: ranks });
    }
    tags
}

/// The result a record's `Ranks` tag (`value`, if it has one) gives for `players` seats: one rank from 1 to
/// `players` per seat, the winner the seat ranked first alone; how the game ended, the record does not say.
pub fn recorded_result(value: Option<&str>, players: u8) -> Result<Option<GameResult>, String> {
    let Some(value) = value else { return Ok(None) };
    let ranks: Vec<u8> = value
        .split(' ')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("the {RANKS_TAG} tag {value:?} is not numbers separated by spaces"))?;
    if ranks.len() != usize::from(players) || ranks.iter().any(|&rank| rank == 0 || rank > players) {
        return Err(format!("the {RANKS_TAG} tag {value:?} is not one rank from 1 to {players} per player"));
    }
    let mut first = ranks.iter().enumerate().filter(|&(_, &rank)| rank == 1).map(|(index, _)| index);
    let winner = match (first.next(), first.next()) {
        (Some(index), None) => Seat::new(index).map(seat_name),
        _ => None,
    };
    Ok(Some(GameResult { ranks, winner, reason: EndReasonName::Unknown, scores: None, half_points: false }))
}

/// The departures of a stored game as a record holds them: a departure's ply is the actions played when the seat
/// left.
pub fn departures(game: &RecordParts<'_>) -> Result<Vec<Departure>, ExportError> {
    game.departed
        .iter()
        .map(|departure| {
            let reason = convert::departure_reason(departure.reason)
                .and_then(DepartureReason::of)
                .ok_or_else(|| ExportError::Moves(format!("{:?} is no departure", departure.reason)))?;
            Ok(Departure { seat: convert::seat(departure.seat), after: departure.ply, reason })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ranks_tag_reads_as_ranks_with_the_winner_alone_first() {
        let result = recorded_result(Some("2 1 3"), 3).expect("reads").expect("a result");
        assert_eq!(result.ranks, [2, 1, 3]);
        assert_eq!(result.winner, Seat::new(1).map(seat_name));
        let shared = recorded_result(Some("1 1 3"), 3).expect("reads").expect("a result");
        assert_eq!(shared.winner, None, "two seats first: no one winner");
        assert_eq!(recorded_result(None, 3), Ok(None));
        for bad in ["1 2", "1 2 4", "0 1 2", "1  2 3", "a b c"] {
            assert!(recorded_result(Some(bad), 3).is_err(), "{bad:?}");
        }
    }
}
