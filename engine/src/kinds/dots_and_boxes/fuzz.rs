//! What the fuzz checks ask of Dots and Boxes: a field and players from the input, and the tagged records.

use super::{write_edge, DotsAndBoxesRecord, DotsAndBoxesRules, PlayedTurn, Position};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};
use crate::game::Game;

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<DotsAndBoxesRules> {
        DotsAndBoxesRules::new(input.next_u8() % 11, input.next_u8() % 11, input.next_u8() % 6).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = DotsAndBoxesRecord::read(text) else { return };
        if let Ok((position, turns)) = record.replay_turns() {
            if record.departures.is_empty() {
                let moves = record.turns.iter().map(|turn| {
                    let mut text = String::new();
                    for (index, &edge) in turn.iter().enumerate() {
                        if index > 0 {
                            text.push(' ');
                        }
                        write_edge(edge, &mut text);
                    }
                    text
                });
                assert_moves_replay(&record.rules, moves, &position);
            }
            assert_edges_replay(&record, &turns, &position);
        }
        let written = record.write();
        assert_eq!(
            DotsAndBoxesRecord::read(&written),
            Ok(record),
            "a Dots and Boxes record reads back as written:\n{written}"
        );
    }
}

/// Plays the edges of a record that replayed one by one through the game's interface, each departure at its
/// point among them, and asserts that every departure and edge is accepted, each edge from the seat the replay
/// says played its turn, and that the game ends as the replay `replayed` did.
fn assert_edges_replay(record: &DotsAndBoxesRecord, turns: &[PlayedTurn], replayed: &Position) {
    let mut game = <Position as Game>::new(&record.rules);
    let mut departures = record.departures.iter().peekable();
    let mut played = 0;
    let mut leave = |game: &mut Position, played: u32| {
        while let Some(left) = departures.next_if(|left| left.after <= played) {
            let progress = game.seat_left(left.seat, left.reason.end_reason());
            assert!(progress.is_some(), "the replayed departure {left:?} is refused");
        }
    };
    assert_eq!(turns.len(), record.turns.len(), "the replay tells every turn's seat");
    for (turn, edges) in turns.iter().zip(&record.turns) {
        for &edge in edges {
            leave(&mut game, played);
            assert_eq!(game.to_act(), Some(turn.seat), "{edge} is drawn by the seat of its turn");
            game.apply(edge).unwrap_or_else(|error| panic!("the replayed edge {edge} is refused: {error}"));
            played += 1;
        }
    }
    leave(&mut game, played);
    assert!(game == *replayed, "a record replays as its edges and departures play:\n{game:?}\n{replayed:?}");
}
