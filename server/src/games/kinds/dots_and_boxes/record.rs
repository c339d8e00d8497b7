//! A Dots and Boxes game as the rules' tagged record (rule 8): kartka's player tags, the seats that left while
//! the game played on as `Departures` (each at its ply, the edges drawn when it left), the result as `Ranks` and
//! `Scores` (one number per seat, first seat first), then one turn per line. The final position also goes out
//! as a dbn line, for programs that read Barker & Korf's / OpenSpiel's positions.

use kartka_engine::dots_and_boxes::{
    parse_edges, write_dbn, Departure, DotsAndBoxesRecord, DotsAndBoxesRules, Edge, Position,
};
use kartka_engine::soccer::Tag;
use kartka_engine::Ruleset;
use kartka_protocol::GameStatus;

use crate::games::kinds;
use crate::games::kinds::ranked_records;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The tag of a finished game's ranks, one per seat separated by spaces (`1 2`; seats that tie share a rank).
pub(super) const RANKS_TAG: &str = "Ranks";
/// The tag of a finished game's box counts, one per seat separated by spaces.
pub(super) const SCORES_TAG: &str = "Scores";

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<DotsAndBoxesRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::DotsAndBoxes(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Dots and Boxes ruleset"))),
    }
}

/// The stored moves replayed on the field of `rules`, each departure at its ply, grouped into turns as the rules
/// and the departures end them (a stored move is a whole turn, or, for a game lost on time mid-turn, part of
/// one; a seat that leaves in the middle of its turn ends it there).
fn turns_of(
    game: &RecordParts<'_>,
    rules: DotsAndBoxesRules,
    departures: &[Departure],
) -> Result<(Vec<Vec<Edge>>, Position), ExportError> {
    let mut position = Position::new(rules);
    let mut turns: Vec<Vec<Edge>> = Vec::new();
    let mut pending = departures.iter().peekable();
    let mut played = 0;
    // A departure the position refuses changes nothing here; the record's replay then refuses the game.
    let mut leave = |position: &mut Position, played: u32| {
        while let Some(left) = pending.next_if(|left| left.after <= played) {
            position.leave(left.seat, left.reason.end_reason());
        }
    };
    for text in &game.moves {
        for edge in parse_edges(text).map_err(|e| ExportError::Moves(e.to_string()))? {
            leave(&mut position, played);
            // The edge goes on the turn of a seat that completed a box and is still playing: it moves again.
            match turns.last_mut().filter(|_| position.captured()) {
                Some(turn) => turn.push(edge),
                None => turns.push(vec![edge]),
            }
            // Every move the server stored was legal; one that does not replay is a damaged game.
            position.play(edge).map_err(|e| ExportError::Moves(format!("{edge}: {e}")))?;
            played += 1;
        }
    }
    leave(&mut position, played);
    Ok((turns, position))
}

/// Numbers joined by spaces, as the `Ranks` and `Scores` tags write them.
fn spaced<T: ToString>(numbers: &[T]) -> String {
    numbers.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// The record of a Dots and Boxes game: the first seat is `White`, the second `Black`, a third `Player3` and a
/// fourth `Player4` ([`player_tags`]).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let departures = ranked_records::departures(game)?;
    let (turns, _) = turns_of(game, rules, &departures)?;
    let mut tags: Vec<Tag> = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    if let (GameStatus::Finished, Some(result)) = (game.status, game.result.as_ref()) {
        tags.push(Tag { name: RANKS_TAG.to_owned(), value: spaced(&result.ranks) });
        if let Some(scores) = &result.scores {
            tags.push(Tag { name: SCORES_TAG.to_owned(), value: spaced(scores) });
        }
    }
    let record = DotsAndBoxesRecord { rules, departures, tags, turns };
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}

/// The game's last position as a dbn line (which edges are drawn; it says nothing of boxes or turns), ending
/// with a newline.
pub fn dbn(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let (_, position) = turns_of(game, rules, &ranked_records::departures(game)?)?;
    Ok(format!("{}\n", write_dbn(rules, &position.drawn())))
}

#[cfg(test)]
mod tests {
    use crate::games::replay::Left;
    use kartka_engine::{EndReason, Seat};
    use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
    use kartka_protocol::{Departure as Departed, EndReasonName, GameResult, RulesetSpec, SeatName, TimeControl};

    use super::*;

    /// A 1×2 game: after four edges the first seat draws the middle's neighbour `b1h`, and the second takes
    /// the left box with `b1v` and then the right one with `b2h` (sent as two moves).
    fn finished() -> RecordParts<'static> {
        RecordParts {
            ruleset: RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 1, cols: 2, players: 2 }),
            time_control: TimeControl::Fischer { initial_seconds: 60, increment_seconds: 1 },
            names: vec!["Ala", "Ola"],
            status: GameStatus::Finished,
            result: Some(GameResult {
                ranks: vec![2, 1],
                winner: Some(SeatName::Second),
                reason: EndReasonName::Score,
                scores: Some(vec![0, 2]),
                half_points: false,
            }),
            created_at_ms: 0,
            moves: vec!["a1h", "a2h", "a1v", "c1v", "b1h", "b1v", "b2h"],
            departed: Vec::new(),
            secrets: None,
        }
    }

    #[test]
    fn a_turn_that_takes_boxes_is_one_line_and_the_result_is_tagged() {
        let text = record(&finished()).expect("writes");
        assert!(text.starts_with("[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"2\"]\n"), "{text}");
        assert!(text.contains("[Ranks \"2 1\"]\n[Scores \"0 2\"]\n"), "{text}");
        assert!(text.ends_with("\na1h\na2h\na1v\nc1v\nb1h\nb1v b2h\n"), "{text}");
    }

    #[test]
    fn the_last_position_is_a_dbn_line() {
        assert_eq!(dbn(&finished()).expect("writes"), "1111111\n");
        let opening = RecordParts { moves: vec!["a1h"], status: GameStatus::Active, result: None, ..finished() };
        // Horizontal edges from the top row of dots: a2h b2h, then a1h b1h; then the verticals a1v b1v c1v.
        assert_eq!(dbn(&opening).expect("writes"), "0010000\n");
    }

    /// A 1×2 game of three: the first seat closes the left box with `b1v` and resigns at its extra move (ply
    /// 4); the second and third play on, and the second closes the right box with the last edge.
    fn left_mid_turn() -> RecordParts<'static> {
        RecordParts {
            ruleset: RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 1, cols: 2, players: 3 }),
            names: vec!["Ala", "Ola", "Ela"],
            result: Some(GameResult {
                ranks: vec![3, 1, 2],
                winner: Some(SeatName::Second),
                reason: EndReasonName::Score,
                scores: Some(vec![1, 1, 0]),
                half_points: false,
            }),
            moves: vec!["a1h", "a2h", "a1v", "b1v", "c1v", "b1h", "b2h"],
            departed: vec![Departed { seat: SeatName::First, ply: 4, reason: EndReasonName::Resignation }],
            secrets: None,
            ..finished()
        }
    }

    #[test]
    fn a_departure_is_tagged_and_ends_its_seats_turn_and_the_import_seats_the_later_turns_by_it() {
        let text = record(&left_mid_turn()).expect("writes");
        assert!(text.contains("[Players \"3\"]\n[Departures \"1@4 resignation\"]\n"), "{text}");
        assert!(text.ends_with("\na1h\na2h\na1v\nb1v\nc1v\nb1h\nb2h\n"), "the first seat's turn ends at b1v: {text}");

        let read = super::super::import::read_games(&text);
        assert!(read.rejections.is_empty(), "{:?}", read.rejections);
        let game = &read.games[0];
        let seats: Vec<usize> = game.moves.iter().map(|m| m.seat.index()).collect();
        assert_eq!(seats, [0, 1, 2, 0, 1, 2, 1]);
        assert!(!game.moves[3].turn_ended, "b1v completed a box: the turn ended by the departure, not the edge");
        assert_eq!(game.departures, [Left { ply: 4, seat: Seat::FIRST, reason: EndReason::Resignation }]);
        let result = game.result.clone().expect("the field is full");
        assert_eq!((result.ranks, result.scores), (vec![3, 1, 2], Some(vec![1, 1, 0])));

        // Without the departure the first seat would have drawn c1v too, and the second seat b1h.
        let without = RecordParts { departed: Vec::new(), result: None, ..left_mid_turn() };
        let text = record(&without).expect("writes");
        assert!(text.ends_with("\nb1v c1v\nb1h\nb2h\n"), "{text}");
    }

    #[test]
    fn a_departure_that_ends_the_game_is_its_result_not_a_seat_left() {
        let text = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"3\"]\n\
            [Departures \"1@1 time, 3@2 abandonment\"]\n[White \"A\"]\n[Black \"B\"]\n[Player3 \"C\"]\n\na1h\na2h\n";
        let read = super::super::import::read_games(text);
        assert!(read.rejections.is_empty(), "{:?}", read.rejections);
        let game = &read.games[0];
        assert_eq!(game.departures, [Left { ply: 1, seat: Seat::FIRST, reason: EndReason::Time }]);
        let result = game.result.clone().expect("one seat remains");
        assert_eq!((result.ranks, result.reason), (vec![3, 1, 2], EndReasonName::Abandonment));
    }
}
