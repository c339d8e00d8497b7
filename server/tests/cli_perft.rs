//! `kartka perft` as a user runs it: the built binary, its output lines and its errors.

use std::process::{Command, Output};

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg("perft").args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka perft failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn counts_from_the_start_position_one_line_per_depth() {
    assert_eq!(stdout_of(&perft(&["--depth", "4"])), "1 8\n2 56\n3 512\n4 5478\n");
}

#[test]
fn counts_after_a_digit_string() {
    // After the first turn `2` the second seat has 7 one-step turns, each followed by 7 or 6 replies.
    let after_one_turn = stdout_of(&perft(&["--depth", "2", "--moves", "2"]));
    assert_eq!(after_one_turn.lines().next(), Some("1 7"));
    // Mid-turn: the first seat has bounced off the post (3,0); depth 1 counts the ways to finish the turn.
    let mid_turn = stdout_of(&perft(&["--depth", "1", "--moves", "00007"]));
    assert_eq!(mid_turn, "1 4\n");
}

#[test]
fn a_finished_game_has_no_turns() {
    // Up the centre line: the first seat stops on the middle of the top goal mouth, and the second seat puts
    // the ball into its own goal.
    assert_eq!(stdout_of(&perft(&["--depth", "2", "--moves", "000000"])), "1 0\n2 0\n");
}

#[test]
fn an_illegal_step_is_an_error_naming_it() {
    let output = perft(&["--depth", "1", "--moves", "15"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("step 2 ('5') is illegal: the segment is already drawn"), "stderr: {stderr}");
}

#[test]
fn a_step_after_the_game_ended_is_an_error() {
    let output = perft(&["--depth", "1", "--moves", "0000001"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("step 7 ('1') is illegal: the game is over"), "stderr: {stderr}");
}

#[test]
fn a_character_that_is_not_a_digit_is_an_error() {
    let output = perft(&["--depth", "1", "--moves", "0 1"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("step 2 is ' ', not a direction digit 0-7"), "stderr: {stderr}");
}

#[test]
fn depth_zero_is_refused() {
    let output = perft(&["--depth", "0"]);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
}

#[test]
fn closing_in_counts_move_sequences_on_a_board_of_any_size() {
    // The empty 4x4 board: 16 placements for A, 15 for B, then A's queen moves.
    let counts = stdout_of(&perft(&["--game", "closing-in", "--size", "4", "--depth", "3"]));
    assert_eq!(counts, "1 16\n2 240\n3 2040\n");
    // The default board is 6x6.
    assert_eq!(stdout_of(&perft(&["--game", "closing-in", "--depth", "1"])), "1 36\n");
}

#[test]
fn closing_in_counts_after_squares_with_or_without_spaces() {
    let spaced = stdout_of(&perft(&["--game", "closing-in", "--depth", "2", "--moves", "D5 B2"]));
    assert_eq!(spaced, "1 17\n2 274\n");
    let together = stdout_of(&perft(&["--game", "closing-in", "--depth", "2", "--moves", "d5b2"]));
    assert_eq!(together, spaced);
}

#[test]
fn closing_in_errors_name_the_size_or_the_move() {
    let cases: [(&[&str], &str); 5] = [
        (&["--size", "13"], "--size: a Closing In board is 3x3 to 12x12, not 13x13"),
        (&["--size", "2"], "not 2x2"),
        (&["--moves", "D5 D5"], "--moves: move 2 (D5) is illegal: the opponent's marker stands there"),
        (&["--moves", "D5 B2 F6"], "--moves: move 3 (F6) is illegal: the square is not a queen move away"),
        (&["--moves", "D5 B"], "--moves: unreadable move text at character 4: expected a row number 1-99"),
    ];
    for (extra, message) in cases {
        let output = perft(&[&["--game", "closing-in", "--depth", "1"], extra].concat());
        assert!(!output.status.success(), "{extra:?}");
        assert!(output.stdout.is_empty(), "{extra:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
    }
}

#[test]
fn size_is_refused_for_paper_soccer() {
    let output = perft(&["--depth", "1", "--size", "6"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--size is for games played on boards of a size"));
}

#[test]
fn five_in_a_row_counts_actions_on_boards_of_any_size_and_line() {
    // Tic-tac-toe's sequences by depth: the rules document's values (games end at a win).
    let tic_tac_toe = &["--game", "five-in-a-row", "--width", "3", "--height", "3", "--line", "3", "--depth", "6"];
    assert_eq!(stdout_of(&perft(tic_tac_toe)), "1 9\n2 72\n3 504\n4 3024\n5 15120\n6 54720\n");
    let after = stdout_of(&perft(&[
        "--game",
        "five-in-a-row",
        "--size",
        "3",
        "--line",
        "3",
        "--moves",
        "b2 a1",
        "--depth",
        "2",
    ]));
    assert_eq!(after, "1 7\n2 42\n");
    assert_eq!(stdout_of(&perft(&["--game", "five-in-a-row", "--depth", "2"])), "1 225\n2 50400\n", "15x15 by default");
    let refused = perft(&["--game", "five-in-a-row", "--width", "2", "--depth", "1"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("3 to 25 points"));
}

#[test]
fn dots_and_boxes_counts_edge_sequences_on_a_field_of_rows_and_columns() {
    // 1x2 has 7 edges, and no edge ends the game before the last: 7, 7·6, 7·6·5 sequences.
    let counts = stdout_of(&perft(&["--game", "dots-and-boxes", "--rows", "1", "--cols", "2", "--depth", "3"]));
    assert_eq!(counts, "1 7\n2 42\n3 210\n");
    // The default field is 5x5, 60 edges; after two of them, 58.
    assert_eq!(stdout_of(&perft(&["--game", "dots-and-boxes", "--depth", "1"])), "1 60\n");
    let after = stdout_of(&perft(&["--game", "dots-and-boxes", "--depth", "1", "--moves", "a1h b1v"]));
    assert_eq!(after, "1 58\n");
    let output = perft(&["--game", "dots-and-boxes", "--depth", "1", "--moves", "a1h a1h"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--moves: edge 2 (a1h) is illegal: the edge is drawn already"), "{stderr}");
}
