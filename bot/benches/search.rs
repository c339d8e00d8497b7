//! Bot benchmarks: nodes searched per second, for one turn at a fixed node budget.
//!
//! Run with `cargo bench -p kartka-bot`; the figures and the machine are in `docs/benchmarks/bot.md`. Each
//! benchmark plays one turn with a fresh bot (a fresh transposition table) at level 8 and reports throughput in
//! nodes (actions applied by the search), criterion's "elements".

use std::hint::black_box;

use criterion::{criterion_main, Criterion, Throughput};
use kartka_bot::{Bot, ClosingInEvaluation, Level, NoDeadline, SoccerEvaluation};
use kartka_engine::closing_in::{self, parse_squares, BoardSize};
use kartka_engine::soccer::{self, Direction};

/// Game 4542 of the 2014-09-22 kurnik corpus after 48 steps: a bounce network of 185,204 distinct turns.
const MEDIUM_NETWORK: &str = "130646750241323176530117575750247105212305254661";

const NODE_BUDGET: u64 = 200_000;

fn soccer_after(digits: &str) -> soccer::Position {
    let mut position = soccer::Position::default();
    for digit in digits.chars() {
        position.step(Direction::from_digit(digit).expect("a digit 0-7")).expect("a legal step");
    }
    position
}

fn bench_turn<G, E>(c: &mut Criterion, name: &str, position: &G, evaluator: E)
where
    G: kartka_engine::Game,
    E: kartka_bot::Evaluate<G> + Clone,
{
    let play = || {
        Bot::new(evaluator.clone(), Level::STRONGEST, 1).play_turn(position, NODE_BUDGET, &NoDeadline).expect("a turn")
    };
    let nodes = play().stats.nodes;
    let mut group = c.benchmark_group("turn");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(name, |b| b.iter(|| black_box(play())));
    group.finish();
}

fn turns(c: &mut Criterion) {
    bench_turn(c, "paper_soccer/start", &soccer::Position::default(), SoccerEvaluation);
    bench_turn(c, "paper_soccer/medium_network", &soccer_after(MEDIUM_NETWORK), SoccerEvaluation);
    let mut closing_in = closing_in::Position::new(BoardSize::new(8).expect("a size"));
    for square in parse_squares("C3 F6").expect("squares") {
        closing_in.play(square).expect("a legal placement");
    }
    bench_turn(c, "closing_in/8x8_after_placements", &closing_in, ClosingInEvaluation);
}

// The macro makes a public function it cannot document.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::turns);
}
criterion_main!(group::benches);
