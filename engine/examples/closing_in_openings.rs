//! How far the Closing In solver gets from each opening placement pair within a node budget.
//!
//! `cargo run --release -p kartka-engine --example closing_in_openings -- SIZE BUDGET` prints one line per
//! pair of placements up to symmetry: A's square, B's square, the winner (or `unknown`), the nodes visited and
//! the time taken; then the totals. The solver itself never reads a clock: the timing is this example's.

use std::time::Instant;

use kartka_engine::closing_in::{opening_pairs, BoardSize, Position, Solver, Verdict};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: closing_in_openings SIZE BUDGET";
    let size = BoardSize::new(args.next().ok_or(usage)?.parse()?)?;
    let budget: u64 = args.next().ok_or(usage)?.parse()?;
    let started = Instant::now();
    let (mut first, mut second, mut unknown) = (0, 0, 0);
    for (a, b) in opening_pairs(size) {
        let mut position = Position::new(size);
        position.play(a)?;
        position.play(b)?;
        let mut solver = Solver::new(budget);
        let pair_started = Instant::now();
        let verdict = solver.solve(&position);
        let winner = match verdict {
            Verdict::Proven(solution) => solution.winner.to_string(),
            Verdict::Unknown => "unknown".to_owned(),
        };
        match winner.as_str() {
            "first" => first += 1,
            "second" => second += 1,
            _ => unknown += 1,
        }
        println!("{a} {b} {winner} {} nodes {:.1} s", solver.nodes(), pair_started.elapsed().as_secs_f64());
    }
    println!(
        "{size}: first wins {first}, second wins {second}, unknown {unknown}; {:.1} s in all",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
