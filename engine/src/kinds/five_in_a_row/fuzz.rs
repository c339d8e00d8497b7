//! What the fuzz checks ask of Five in a row: rules from the input (a board, a line, a win rule and an
//! opening, refused combinations falling back to the default), and the rules' tagged records with the Gomocup
//! board text of their stones.

use super::{
    read_gomocup_board, write_action, write_gomocup_board, BoardShape, FiveInARowRecord, Opening, Position, Rules,
    WinRule,
};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};

impl Fuzzed for Position {
    fn rules_from(input: &mut Input) -> Option<Rules> {
        let board = match input.next_u8() {
            0..=31 => BoardShape::Endless,
            _ => BoardShape::Bounded { width: input.next_u8() % 27, height: input.next_u8() % 27 },
        };
        let line = input.next_u8() % 8;
        let win = [WinRule::Freestyle, WinRule::Exact, WinRule::Caro, WinRule::Renju][usize::from(input.next_u8() % 4)];
        let openings = [Opening::None, Opening::Pro, Opening::LongPro, Opening::Swap, Opening::Swap2];
        let opening = openings[usize::from(input.next_u8() % 5)];
        Rules::new(board, line, win, opening).ok()
    }

    fn check_records(text: &str) {
        let Ok(record) = FiveInARowRecord::read(text) else { return };
        if let Ok(position) = record.replay() {
            let moves = record.actions.iter().map(|&action| {
                let mut text = String::new();
                write_action(action, &mut text);
                text
            });
            assert_moves_replay(&record.rules, moves, &position);
            // The stones of a game without colour choices read back from Gomocup's board text as the same game.
            if let Ok(board) = write_gomocup_board(record.rules, &record.actions) {
                if !matches!(record.rules.opening(), Opening::Swap | Opening::Swap2) {
                    let read = read_gomocup_board(&board, record.rules).expect("a written board reads back");
                    assert!(read == position, "the Gomocup board of a record replays as the record:\n{board}");
                }
            }
        }
        let written = record.write();
        assert_eq!(
            FiveInARowRecord::read(&written),
            Ok(record),
            "a Five in a row record reads back as written:\n{written}"
        );
    }
}
