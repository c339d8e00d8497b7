//! Points and segments against independent work: perft values from `tests/data/perft/points-and-segments.txt`
//! (a brute force written apart from the engine), the solver against the theory of Dawson's Kayles on convex
//! starts, and against a naive minimax on small lattice starts.

#[path = "common/perft_data.rs"]
mod perft_data;

use kartka_engine::points_and_segments::{
    PointsRules, Position, Segment, Solver, Start, Verdict, MAX_POINTS, MIN_POINTS,
};
use kartka_engine::{perft, Game, Seat};
use perft_data::{entries, Entry};

fn position(entry: &Entry) -> Position {
    let points: u8 = entry.field("points").parse().expect("a number");
    let start = match entry.field("start") {
        "convex" => Start::Convex,
        lattice => Start::Lattice {
            seed: lattice.strip_prefix("lattice:").and_then(|seed| seed.parse().ok()).expect("lattice:SEED"),
        },
    };
    let mut position = Position::new(PointsRules::new(points, start).expect("valid rules"));
    for text in entry.field("moves").split(',').filter(|text| !text.is_empty()) {
        for segment in Position::parse_actions(text).expect("a segment") {
            position
                .play(segment)
                .unwrap_or_else(|illegal| panic!("line {}: {text} is illegal: {illegal}", entry.line));
        }
    }
    position
}

#[test]
fn perft_matches_the_data_file() {
    for entry in entries("points-and-segments") {
        let position = position(&entry);
        assert_eq!(perft::counts_by_depth(&position, entry.counts.len()), entry.counts, "line {}", entry.line);
    }
}

/// Dawson's Kayles by its theory (the rules document): the first player loses exactly when `n` is 0, 1, 15 or
/// 35, or is 5, 9, 21, 25 or 29 modulo 34.
fn first_player_loses(n: u32) -> bool {
    matches!(n, 0 | 1 | 15 | 35) || matches!(n % 34, 5 | 9 | 21 | 25 | 29)
}

fn convex(points: u8) -> Position {
    Position::new(PointsRules::new(points, Start::Convex).expect("valid rules"))
}

#[test]
fn the_solver_on_every_convex_start_is_dawsons_kayles() {
    for points in MIN_POINTS..=MAX_POINTS {
        let Verdict::Proven(solution) = Solver::new(1_000_000).solve(&convex(points)) else {
            panic!("{points} points on a circle are within reach");
        };
        let loser = if first_player_loses(u32::from(points)) { Seat::FIRST } else { Seat::SECOND };
        assert_eq!(solution.winner, loser.other(), "{points} points");
        assert_line_ends_with_a_win(&convex(points), &solution.line, solution.winner);
    }
}

/// How far the search over segment sets, without the arcs' shortcut, is asked to reach on convex starts: 20
/// points take under a second (23 take twenty). It must agree with the theory, and so with the shortcut.
const SEARCHED_CONVEX_POINTS: u8 = 20;

#[test]
fn the_search_without_arcs_agrees_with_the_theory_where_it_reaches() {
    for points in MIN_POINTS..=SEARCHED_CONVEX_POINTS {
        let Verdict::Proven(solution) = Solver::without_arcs(1_000_000).solve(&convex(points)) else {
            panic!("{points} points are within the search's reach");
        };
        let winner = if first_player_loses(u32::from(points)) { Seat::SECOND } else { Seat::FIRST };
        assert_eq!(solution.winner, winner, "{points} points");
    }
}

/// Plays `line` from `start` and checks that it ends the game with `winner` making the last move.
fn assert_line_ends_with_a_win(start: &Position, line: &[Segment], winner: Seat) {
    let mut position = *start;
    for &segment in line {
        position.play(segment).unwrap_or_else(|illegal| panic!("{segment} in the line is illegal: {illegal}"));
    }
    assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(winner), "the line ends the game");
}

/// Whether the seat to move wins, by plain minimax over the legal moves.
fn naive_wins(position: &Position) -> bool {
    let mut wins = false;
    position.for_each_legal_move(|segment| {
        if !wins {
            let mut after = *position;
            after.play(segment).expect("legal");
            wins = !naive_wins(&after);
        }
    });
    wins
}

#[test]
fn the_solver_agrees_with_a_naive_minimax_on_small_lattice_starts() {
    let mut checked = 0;
    for points in 6..=9 {
        for seed in 0..6 {
            let start = Position::new(PointsRules::new(points, Start::Lattice { seed }).expect("valid rules"));
            // The start and the positions along the first legal moves' line.
            let mut position = start;
            while !position.is_over() {
                let Verdict::Proven(solution) = Solver::new(1_000_000).solve(&position) else {
                    panic!("{points} points, seed {seed}: small enough to solve");
                };
                let naive = if naive_wins(&position) { position.to_move() } else { position.to_move().other() };
                assert_eq!(solution.winner, naive, "{points} points, seed {seed}, after {:?}", position.segments());
                assert_line_ends_with_a_win(&position, &solution.line, solution.winner);
                checked += 1;
                let mut first = None;
                position.for_each_legal_move(|segment| {
                    first.get_or_insert(segment);
                });
                position.play(first.expect("a move")).expect("legal");
            }
        }
    }
    assert!(checked >= 60, "only {checked} positions were solved");
}
