//! `kartka solve` and `kartka perft` for Digital Wars as a user runs them: the built binary solves a given start
//! string (misère, the seed's ending), printing a game whose every action is legal and whose last line is the
//! winner, and counts action sequences as the engine's perft data does.

use std::process::{Command, Output};

use kartka_engine::digital_wars::{parse_actions, Ending, Position, Solver};
use kartka_engine::Seat;

fn kartka(command: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg(command).args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Replays the printed game from `digits`: each line names the seat to move and a legal action, the game ends won
/// by the seat on the last line, which is returned.
fn checked_winner(digits: &[u8], stdout: &str) -> Seat {
    let mut position = Position::of_digits(digits, Ending::Misere).expect("digits");
    let mut lines: Vec<&str> = stdout.lines().collect();
    let winner = match lines.pop() {
        Some("first") => Seat::FIRST,
        Some("second") => Seat::SECOND,
        last => panic!("the last line is {last:?}, not a seat: {stdout}"),
    };
    for line in lines {
        let (seat, action) = line.split_once(' ').unwrap_or_else(|| panic!("{line:?} is not SEAT ACTION"));
        assert_eq!(seat, position.to_move().to_string(), "{line:?}");
        let actions = parse_actions(action).expect("an action");
        position.play(actions[0]).unwrap_or_else(|illegal| panic!("{line:?}: {illegal}"));
    }
    assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(winner), "{stdout}");
    winner
}

#[test]
fn solve_names_the_winner_the_engines_search_finds() {
    for start in ["0", "1", "31415", "90210", "1000000"] {
        let digits: Vec<u8> = start.bytes().map(|byte| byte - b'0').collect();
        let stdout = stdout_of(&kartka("solve", &["--game", "digital-wars", "--moves", start]));
        let mover_wins = Solver::new(Ending::Misere, u64::MAX).wins(&digits).expect("solved");
        let expected = if mover_wins { Seat::FIRST } else { Seat::SECOND };
        assert_eq!(checked_winner(&digits, &stdout), expected, "{start}");
    }
}

#[test]
fn perft_counts_action_sequences_and_errors_name_the_fault() {
    assert_eq!(stdout_of(&kartka("perft", &["--game", "digital-wars", "--moves", "10", "--depth", "2"])), "1 2\n2 3\n");
    let cases: [(&str, &str); 3] = [
        ("", "--moves: begin with the start string"),
        ("31415 6:x", "--moves: action 1 is illegal: there is no digit there"),
        ("31415 1:3>", "--moves: unreadable move text"),
    ];
    for (moves, message) in cases {
        let output = kartka("perft", &["--game", "digital-wars", "--depth", "1", "--moves", moves]);
        assert!(!output.status.success(), "{moves:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{moves:?}: {stderr}");
    }
}
