//! `kartka solve` as a user runs it: the built binary plays out perfect play of Closing In positions.

use std::process::{Command, Output};

use kartka_engine::closing_in::{parse_squares, BoardSize, Position};
use kartka_engine::Seat;

fn solve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg("solve").args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka solve failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Replays the printed line from `position` and returns the printed winner after checking that each line
/// names the seat to move, that every move is legal, and that the game ends won by that winner.
fn checked_winner(mut position: Position, stdout: &str) -> Seat {
    let mut lines: Vec<&str> = stdout.lines().collect();
    let winner = match lines.pop() {
        Some("first") => Seat::FIRST,
        Some("second") => Seat::SECOND,
        last => panic!("the last line is {last:?}, not a seat: {stdout}"),
    };
    for line in lines {
        let (seat, square) = line.split_once(' ').unwrap_or_else(|| panic!("{line:?} is not SEAT SQUARE"));
        assert_eq!(seat, position.to_move().to_string(), "{line:?}");
        let squares = parse_squares(square).expect("a square");
        position.play(squares[0]).unwrap_or_else(|illegal| panic!("{line:?}: {illegal}"));
    }
    assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(winner), "{stdout}");
    winner
}

fn board(size: u8) -> Position {
    Position::new(BoardSize::new(size).expect("a valid size"))
}

#[test]
fn solves_the_empty_three_and_four_boards() {
    // The winners are the ones engine/tests/closing_in.rs finds by naive minimax as well.
    let three = stdout_of(&solve(&["--game", "closing-in", "--size", "3"]));
    assert_eq!(checked_winner(board(3), &three), Seat::FIRST);
    let four = stdout_of(&solve(&["--game", "closing-in", "--size", "4"]));
    assert_eq!(checked_winner(board(4), &four), Seat::SECOND);
}

#[test]
fn solves_after_moves() {
    // On 4x4, A in the corner and B beside it, then A's first step: the line goes on from there.
    let stdout = stdout_of(&solve(&["--game", "closing-in", "--size", "4", "--moves", "A1 B1 A2"]));
    let mut position = board(4);
    for square in parse_squares("A1B1A2").expect("squares") {
        position.play(square).expect("legal");
    }
    assert!(stdout.starts_with("second "), "B moves first here: {stdout}");
    checked_winner(position, &stdout);
}

#[test]
fn a_finished_game_prints_only_its_winner() {
    // 3x3: B on C1 is surrounded by removed squares (the engine's position tests play this game).
    let stdout = stdout_of(&solve(&["--game", "closing-in", "--size", "3", "--moves", "A1B2A2B1A3C2C3C1B3"]));
    assert_eq!(stdout, "first\n");
}

#[test]
fn errors_are_messages_and_a_failure() {
    let cases: [(&[&str], &str); 4] = [
        (&["--game", "closing-in", "--size", "13"], "--size: a Closing In board is 3x3 to 12x12, not 13x13"),
        (&["--game", "closing-in", "--moves", "A1 A1"], "--moves: move 2 (A1) is illegal"),
        (&["--game", "paper-soccer"], "--game: paper-soccer has no solver"),
        (&["--game", "closing-in", "--size", "5", "--budget", "100"], "no proof within 100 positions"),
    ];
    for (args, message) in cases {
        let output = solve(args);
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
