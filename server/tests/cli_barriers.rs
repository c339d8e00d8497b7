//! `kartka solve` and `kartka perft` for Barriers as a user runs them: the built binary proves Cram's mirror
//! theory on small boards, printing a game whose every bar is legal and whose last line is the winner, and counts
//! bar sequences as the engine's perft data does.

use std::process::{Command, Output};

use kartka_engine::barriers::{parse_bars, BarriersRules, Position, Touch};
use kartka_engine::Seat;

fn kartka(command: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg(command).args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Replays the printed game from `position`: each line names the seat to move and a legal bar, the game ends
/// won by the seat on the last line, which is returned.
fn checked_winner(mut position: Position, stdout: &str) -> Seat {
    let mut lines: Vec<&str> = stdout.lines().collect();
    let winner = match lines.pop() {
        Some("first") => Seat::FIRST,
        Some("second") => Seat::SECOND,
        last => panic!("the last line is {last:?}, not a seat: {stdout}"),
    };
    for line in lines {
        let (seat, bar) = line.split_once(' ').unwrap_or_else(|| panic!("{line:?} is not SEAT BAR"));
        assert_eq!(seat, position.to_move().to_string(), "{line:?}");
        let bars = parse_bars(bar).expect("a bar");
        position.play(bars[0]).unwrap_or_else(|illegal| panic!("{line:?}: {illegal}"));
    }
    assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(winner), "{stdout}");
    winner
}

fn board(width: u8, height: u8) -> Position {
    Position::new(BarriersRules::new(width, height, Touch::Cells).expect("a valid board"))
}

#[test]
fn solve_proves_the_mirror_theory_on_small_boards() {
    for (width, height) in [(4u8, 4u8), (4, 5), (2, 3), (5, 4)] {
        let (w, h) = (width.to_string(), height.to_string());
        let stdout = stdout_of(&kartka("solve", &["--game", "barriers", "--width", &w, "--height", &h]));
        let expected = if width % 2 == 0 && height % 2 == 0 { Seat::SECOND } else { Seat::FIRST };
        assert_eq!(checked_winner(board(width, height), &stdout), expected, "{width}x{height}");
    }
    let square = stdout_of(&kartka("solve", &["--game", "barriers", "--size", "5", "--moves", "c3d3"]));
    let mut position = board(5, 5);
    position.play(parse_bars("c3d3").expect("a bar")[0]).expect("legal");
    assert!(square.starts_with("second "), "the second seat moves after c3d3: {square}");
    checked_winner(position, &square);
}

#[test]
fn perft_counts_bar_sequences_and_errors_name_the_fault() {
    let counts = stdout_of(&kartka("perft", &["--game", "barriers", "--width", "4", "--height", "4", "--depth", "3"]));
    assert_eq!(counts, "1 24\n2 448\n3 6264\n");
    assert_eq!(stdout_of(&kartka("perft", &["--game", "barriers", "--depth", "1"])), "1 112\n", "8x8 by default");
    let cases: [(&[&str], &str); 3] = [
        (&["--size", "13"], "a Barriers board is 2 to 12 cells a side, not 13x13"),
        (&["--moves", "a1a2 a2a3"], "--moves: bar 2 is illegal: a cell of the bar is already covered"),
        (&["--moves", "a1b2"], "--moves: unreadable move text at character 2"),
    ];
    for (extra, message) in cases {
        let output = kartka("perft", &[&["--game", "barriers", "--depth", "1"], extra].concat());
        assert!(!output.status.success(), "{extra:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
    }
}
