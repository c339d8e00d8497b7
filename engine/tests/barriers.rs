//! Barriers against independent code: perft values from `tests/data/perft/barriers.txt`, the Grundy-value
//! solver against a plain memoised win/loss search over whole positions, and Cram's theory (mirror strategies:
//! even × even boards are second-player wins, even × odd first-player wins) on the boards the solver reaches.

#[path = "common/perft_data.rs"]
mod perft_data;

use std::collections::HashMap;

use kartka_engine::barriers::{BarriersRules, Position, Solver, Touch, Verdict};
use kartka_engine::{perft, Game, Seat};
use perft_data::{entries, Entry};

fn position(entry: &Entry) -> Position {
    let side = |name: &str| entry.field(name).parse().expect("a number");
    let touch = Touch::from_name(entry.field("touch")).expect("a touch rule");
    let mut position = Position::new(BarriersRules::new(side("width"), side("height"), touch).expect("valid rules"));
    for bar in Position::parse_actions(entry.field("moves")).expect("readable bars") {
        if let Err(illegal) = position.play(bar) {
            panic!("line {}: {bar:?} is illegal: {illegal}", entry.line);
        }
    }
    position
}

#[test]
fn perft_matches_the_data_file() {
    let mut checked = 0;
    for entry in entries("barriers") {
        let position = position(&entry);
        assert_eq!(perft::counts_by_depth(&position, entry.counts.len()), entry.counts, "line {}", entry.line);
        checked += entry.counts.len();
    }
    assert!(checked >= 40, "only {checked} values");
}

/// Whether the seat to move wins, by a plain search over whole positions (no regions, no symmetry), memoised.
fn wins(position: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let mut bars = Vec::new();
    position.for_each_legal_action(|bar| bars.push(bar));
    let result = bars.into_iter().any(|bar| {
        let mut after = *position;
        after.play(bar).expect("a listed bar is legal");
        after.is_over() || !wins(&after, memo)
    });
    memo.insert(*position, result);
    result
}

fn solved_winner(position: &Position) -> Seat {
    match Solver::new(position.rules().touch(), u64::MAX).solve(position) {
        Verdict::Proven(solution) => {
            let mut replay = *position;
            for &bar in &solution.line {
                replay.play(bar).expect("the line is legal");
            }
            assert!(replay.is_over(), "the line plays to the end");
            assert_eq!(replay.outcome().and_then(|outcome| outcome.winner()), Some(solution.winner), "the line's end");
            solution.winner
        }
        Verdict::OutOfBudget => panic!("no budget limit"),
    }
}

#[test]
fn the_solver_agrees_with_a_plain_search_on_every_small_board_and_random_positions() {
    let mut random = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        random
    };
    let mut compared = 0;
    for touch in Touch::ALL {
        let mut memo = HashMap::new();
        for width in 2..=4 {
            for height in 2..=4 {
                let start = Position::new(BarriersRules::new(width, height, touch).expect("valid"));
                let plain = if wins(&start, &mut memo) { start.to_move() } else { start.to_move().other() };
                assert_eq!(solved_winner(&start), plain, "{width}x{height} {touch}");
                compared += 1;
            }
        }
        for _ in 0..40 {
            let mut position = Position::new(BarriersRules::new(5, 5, touch).expect("valid"));
            for _ in 0..3 {
                if let Some(bar) = position.pick_legal_action(next()) {
                    position.play(bar).expect("legal");
                }
            }
            if position.is_over() {
                continue;
            }
            let plain = if wins(&position, &mut memo) { position.to_move() } else { position.to_move().other() };
            assert_eq!(solved_winner(&position), plain, "5x5 {touch}: {position:?}");
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} positions compared");
}

#[test]
fn cram_follows_the_mirror_strategies_on_every_board_up_to_five_by_five() {
    let mut decided = 0;
    for width in 2..=5u8 {
        for height in 2..=5u8 {
            let start = Position::new(BarriersRules::new(width, height, Touch::Cells).expect("valid"));
            let winner = solved_winner(&start);
            match (width % 2, height % 2) {
                (0, 0) => assert_eq!(winner, Seat::SECOND, "{width}x{height}: even by even"),
                (0, 1) | (1, 0) => assert_eq!(winner, Seat::FIRST, "{width}x{height}: even by odd"),
                _ => continue,
            }
            decided += 1;
        }
    }
    assert_eq!(decided, 12, "every even board of 2 to 5 a side");
}
