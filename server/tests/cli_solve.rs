//! `kartka solve` as a user runs it: the built binary plays out perfect play of Closing In positions and gives
//! the exact margins of empty Dots and Boxes fields.

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

/// The last line of `kartka solve` for Five in a row, after checking that the lines before it are legal
/// actions of the seats named, played from the start after `moves`, to the end of the game.
fn five_in_a_row_verdict(args: &[&str], moves: &str) -> String {
    use kartka_engine::five_in_a_row::{parse_actions, BoardShape, Opening, Rules, WinRule};
    let option =
        |name: &str| args.iter().position(|&arg| arg == name).map(|at| args[at + 1].parse::<u8>().expect("a number"));
    let board = BoardShape::Bounded {
        width: option("--width").expect("--width"),
        height: option("--height").expect("--height"),
    };
    let rules = Rules::new(board, option("--line").expect("--line"), WinRule::Freestyle, Opening::None).expect("rules");
    let mut position = kartka_engine::five_in_a_row::Position::new(rules);
    for action in parse_actions(moves).expect("actions") {
        position.play(action).expect("legal");
    }
    let stdout = stdout_of(&solve(&[&["--game", "five-in-a-row"], args, &["--moves", moves]].concat()));
    let mut lines: Vec<&str> = stdout.lines().collect();
    let verdict = lines.pop().expect("a verdict").to_owned();
    for line in lines {
        let (seat, action) = line.split_once(' ').unwrap_or_else(|| panic!("{line:?} is not SEAT ACTION"));
        assert_eq!(Some(seat.to_owned()), position.to_act().map(|seat| seat.to_string()), "{line:?}");
        position
            .play(parse_actions(action).expect("an action")[0])
            .unwrap_or_else(|illegal| panic!("{line:?}: {illegal}"));
    }
    let winner = position.outcome().expect("the line plays to the end").winner();
    assert_eq!(verdict, winner.map_or("draw".to_owned(), |seat| seat.to_string()), "{stdout}");
    verdict
}

#[test]
fn solves_small_five_in_a_row_boards() {
    // The rules document's references (§5): tic-tac-toe is a draw, 4x4 with a line of 3 a first-player win.
    let tic_tac_toe = ["--width", "3", "--height", "3", "--line", "3"];
    assert_eq!(five_in_a_row_verdict(&tic_tac_toe, ""), "draw");
    assert_eq!(five_in_a_row_verdict(&["--width", "4", "--height", "4", "--line", "3"], ""), "first");
    // The centre answered on an edge loses for the second seat; a corner answered by the other corner
    // leaves the second seat a win once the first seat wanders off.
    assert_eq!(five_in_a_row_verdict(&tic_tac_toe, "b2 b1"), "first");
    assert_eq!(five_in_a_row_verdict(&tic_tac_toe, "a1 b2 c3 a3 b1"), "second");
    let too_large = solve(&["--game", "five-in-a-row", "--width", "9", "--height", "9"]);
    assert!(!too_large.status.success());
    assert!(String::from_utf8_lossy(&too_large.stderr).contains("at most 64 points"));
}

/// `kartka solve --game dots-and-boxes`: the margin line and the winner, or `draw`.
fn boxes_margin(rows: &str, cols: &str) -> (i32, String) {
    let stdout = stdout_of(&solve(&["--game", "dots-and-boxes", "--rows", rows, "--cols", cols]));
    let lines: Vec<&str> = stdout.lines().collect();
    let [margin, last] = lines[..] else { panic!("a margin line and a last line: {stdout}") };
    let margin = margin.strip_prefix("margin ").and_then(|m| m.parse().ok());
    (margin.unwrap_or_else(|| panic!("the margin line: {stdout}")), last.to_owned())
}

#[test]
fn dots_and_boxes_margins_are_the_rules_documents() {
    // The rules document's references (first player's boxes minus the second's with perfect play).
    let cases = [("1", "1", -1, "second"), ("1", "2", 0, "draw"), ("1", "3", -1, "second"), ("2", "2", 2, "first")];
    for (rows, cols, margin, winner) in cases {
        assert_eq!(boxes_margin(rows, cols), (margin, winner.to_owned()), "{rows}x{cols}");
    }
    // 2x3 and 3x2 are the same field turned.
    assert_eq!(boxes_margin("2", "3"), (-2, "second".to_owned()));
    assert_eq!(boxes_margin("3", "2"), (-2, "second".to_owned()));
}

#[test]
fn dots_and_boxes_three_by_three_is_minus_three() {
    assert_eq!(boxes_margin("3", "3"), (-3, "second".to_owned()));
}

#[test]
fn dots_and_boxes_refuses_what_its_solver_does_not_take() {
    let cases: [(&[&str], &str); 3] = [
        (&["--rows", "3", "--cols", "4"], "the field has 31 edges; the solver takes at most 24"),
        (
            &["--rows", "1", "--cols", "1", "--moves", "a1h"],
            "--moves: the Dots and Boxes solver answers for the empty field only",
        ),
        (&["--rows", "10"], "--rows/--cols: a field has 1 to 9 rows of boxes, not 10"),
    ];
    for (args, message) in cases {
        let output = solve(&[&["--game", "dots-and-boxes"], args].concat());
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
