//! `kartka bot move` as a user runs it: the built binary, the turn on its first line, and its errors.

use std::process::{Command, Output};

use kartka_engine::closing_in::{parse_squares, BoardSize, Position};

fn bot_move(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka"))
        .args(["bot", "move", "--nodes", "20000"])
        .args(args)
        .output()
        .expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka bot move failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn closing_in_is_played_on_the_board_size_given() {
    let moves = "C3 B2 B3";
    let output = stdout_of(&bot_move(&["--game", "closing-in", "--size", "4", "--moves", moves]));
    let turn = output.lines().next().expect("the turn on the first line");
    let mut position = Position::new(BoardSize::new(4).expect("a valid size"));
    for square in parse_squares(moves).expect("squares") {
        position.play(square).expect("legal on 4×4");
    }
    let squares = parse_squares(turn).unwrap_or_else(|error| panic!("{turn}: {error}"));
    assert_eq!(squares.len(), 1, "one move: {turn}");
    position.play(squares[0]).unwrap_or_else(|error| panic!("{turn} is legal on the 4×4 board: {error}"));

    let off_board = bot_move(&["--game", "closing-in", "--size", "4", "--moves", "F6"]);
    assert!(!off_board.status.success(), "F6 is off a 4×4 board");
    assert!(String::from_utf8_lossy(&off_board.stderr).contains("--moves"));
}

#[test]
fn a_size_outside_the_rules_or_for_a_game_without_sizes_is_refused() {
    let too_big = bot_move(&["--game", "closing-in", "--size", "13"]);
    assert!(!too_big.status.success());
    assert!(
        String::from_utf8_lossy(&too_big.stderr).contains("--size"),
        "{}",
        String::from_utf8_lossy(&too_big.stderr)
    );
    let soccer = bot_move(&["--size", "8"]);
    assert!(!soccer.status.success(), "Paper Soccer's pitch is not a --size");
    assert!(String::from_utf8_lossy(&soccer.stderr).contains("--size"));
}

#[test]
fn dots_is_played_on_a_square_field_of_the_size_given() {
    let output = stdout_of(&bot_move(&["--game", "dots", "--size", "6", "--moves", "ab fe"]));
    let turn = output.lines().next().expect("the turn on the first line");
    let mut game = kartka_engine::AnyGame::new(&kartka_engine::Ruleset::Dots(kartka_engine::dots::DotsRules {
        size: kartka_engine::dots::FieldSize::new(6, 6).expect("a valid size"),
        ..Default::default()
    }));
    for action in ["ab", "fe"] {
        game.play(action).expect("legal on 6×6");
    }
    game.play(turn).unwrap_or_else(|error| panic!("{turn} is legal on the 6×6 field: {error}"));
}
