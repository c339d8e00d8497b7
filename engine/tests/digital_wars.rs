//! Digital Wars against independent values: perft from `tests/data/perft/digital-wars.txt`, and the theory of
//! the rules document, computed here with the engine's solver: the strings of length 1 to 4 in which the player
//! to move loses number 1, 10, 89 and 854 in misère play and 1, 9, 81 and 772 in normal play.

#[path = "common/perft_data.rs"]
mod perft_data;

use kartka_engine::digital_wars::{DigitalWarsRules, Ending, Position, Solver, Start, Verdict};
use kartka_engine::{perft, Game, Seat};
use perft_data::{entries, Entry};

fn position(entry: &Entry) -> Position {
    let length = entry.field("length").parse().expect("a number");
    let start = match entry.field("start") {
        "pie" => Start::Pie,
        _ => Start::Random { seed: entry.field("seed").parse().expect("a seed") },
    };
    let mut position = Position::new(DigitalWarsRules::new(length, start, Ending::Misere).expect("valid rules"));
    let moves = entry.field("moves").replace(',', " ");
    for action in Position::parse_actions(&moves).expect("readable actions") {
        if let Err(illegal) = position.play(action) {
            panic!("line {}: {action:?} is illegal: {illegal}", entry.line);
        }
    }
    position
}

#[test]
fn perft_matches_the_data_file() {
    let mut checked = 0;
    for entry in entries("digital-wars") {
        let position = position(&entry);
        assert_eq!(perft::counts_by_depth(&position, entry.counts.len()), entry.counts, "line {}", entry.line);
        checked += entry.counts.len();
    }
    assert!(checked >= 30, "only {checked} values");
}

/// How many strings of `length` digits leave the player to move lost, by the solver.
fn losing_strings(solver: &mut Solver, length: u32) -> usize {
    (0..10u32.pow(length))
        .filter(|&number| {
            let digits: Vec<u8> = (0..length).rev().map(|place| (number / 10u32.pow(place) % 10) as u8).collect();
            !solver.wins(&digits).expect("no budget limit")
        })
        .count()
}

#[test]
fn the_losing_positions_by_length_are_the_theorys() {
    let mut misere = Solver::new(Ending::Misere, u64::MAX);
    let counts: Vec<usize> = (1..=4).map(|length| losing_strings(&mut misere, length)).collect();
    assert_eq!(counts, [1, 10, 89, 854], "misère play");
    let mut normal = Solver::new(Ending::Normal, u64::MAX);
    let counts: Vec<usize> = (1..=4).map(|length| losing_strings(&mut normal, length)).collect();
    assert_eq!(counts, [1, 9, 81, 772], "normal play");
}

#[test]
fn a_solved_line_is_legal_and_ends_with_the_winner_it_names() {
    for ending in [Ending::Misere, Ending::Normal] {
        for digits in [&[3, 1, 4, 1, 5][..], &[9, 0, 0, 7, 2, 0], &[0, 0, 0, 0, 0]] {
            let start = Position::of_digits(digits, ending).expect("digits");
            let Verdict::Proven(solution) = Solver::new(ending, u64::MAX).solve(&start) else { panic!("solved") };
            let mut position = start;
            for &action in &solution.line {
                position.play(action).expect("a legal action");
            }
            assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(solution.winner), "{digits:?}");
        }
    }
    // Under the pie rule the chooser always has the winning side: it picks the seat that wins the string.
    let rules = DigitalWarsRules::new(5, Start::Pie, Ending::Misere).expect("valid");
    let mut position = Position::new(rules);
    for action in Position::parse_actions("=31415").expect("written") {
        position.play(action).expect("a digit");
    }
    let Verdict::Proven(solution) = Solver::new(Ending::Misere, u64::MAX).solve(&position) else { panic!("solved") };
    assert_eq!(solution.winner, Seat::SECOND, "the chooser wins");
    let mut starved = Solver::new(Ending::Misere, 10);
    assert_eq!(starved.solve(&Position::of_digits(&[9; 12], Ending::Misere).expect("digits")), Verdict::Unproven);
    assert!(Position::new(DigitalWarsRules::default()).to_act().is_some());
}
