//! Engine benchmarks: checking and applying steps, distinct-turn enumeration, and perft.
//!
//! Run with `cargo bench -p kartka-engine`; the figures and the machine are in `docs/benchmarks/engine.md`.
//! Enumeration and perft report throughput in partial states expanded (criterion's "elements").

use std::hint::black_box;

use criterion::{criterion_main, BatchSize, Criterion, Throughput};
use kartka_engine::soccer::{Direction, Perft, Position, TurnEnumerator};

/// The longest game of the 2014-09-22 kurnik corpus file: 245 steps, many of them bounces.
const LONG_GAME: &str =
    "44472256130361434161755724417570132217564147574741136661316647213305022175474130665061427645030\
                         613105241630316453025360535024647657174464141146724672167205713672452016127447272505272032416\
                         303163031752164520774130547250570503505720330136360724161";

/// Game 4542 of 2014-09-22 after 48 steps: 185,204 distinct turns from 104,626 partial states.
const MEDIUM_NETWORK: &str = "130646750241323176530117575750247105212305254661";

/// Game 402 of 2014-09-22 after 158 steps: 368,338 distinct turns from 1,419,896 partial states.
const HEAVY_NETWORK: &str =
    "27450505023276743661612324461365003466135474161475206023301143557143067232760305713602217550\
                            306527767250714723360236024360167052123274144416363606775024541200";

fn directions(digits: &str) -> Vec<Direction> {
    digits.chars().map(|digit| Direction::from_digit(digit).expect("a digit 0-7")).collect()
}

fn after(digits: &str) -> Position {
    let mut position = Position::default();
    for direction in directions(digits) {
        position.step(direction).expect("a legal step");
    }
    position
}

/// Checking and applying one step, measured over a whole real game played on a fresh copy of the start
/// position; the copies are made outside the timed loop.
fn step(c: &mut Criterion) {
    let steps = directions(LONG_GAME);
    let mut group = c.benchmark_group("step");
    group.throughput(Throughput::Elements(steps.len() as u64));
    group.bench_function("check_and_apply/long_game", |b| {
        b.iter_batched_ref(
            Position::default,
            |position| {
                for &direction in &steps {
                    black_box(position.step(black_box(direction))).expect("a legal step");
                }
            },
            BatchSize::SmallInput,
        );
    });
    group.finish();

    let mid_game = after(&LONG_GAME[..134]);
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Elements(8));
    group.bench_function("all_directions/mid_game", |b| {
        b.iter(|| {
            for direction in Direction::ALL {
                black_box(black_box(&mid_game).check(direction)).ok();
            }
        });
    });
    group.finish();
}

/// Enumerating the distinct turns of one position with a warmed-up enumerator.
fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("distinct_turns");
    for (name, position, samples) in [
        ("start", Position::default(), 100),
        ("medium_network", after(MEDIUM_NETWORK), 20),
        ("heavy_network", after(HEAVY_NETWORK), 10),
    ] {
        let mut enumerator = TurnEnumerator::new();
        enumerator.for_each_distinct_turn(&position, |_, _| {});
        let states = enumerator.partial_states_expanded();
        group.throughput(Throughput::Elements(states));
        group.sample_size(samples);
        group.bench_function(name, |b| {
            b.iter(|| {
                enumerator.for_each_distinct_turn(black_box(&position), |steps, after| {
                    black_box((steps, after));
                })
            });
        });
    }
    group.finish();
}

/// perft from the start position with a warmed-up counter.
fn perft(c: &mut Criterion) {
    let start = Position::default();
    let mut group = c.benchmark_group("perft");
    for (depth, samples) in [(4, 50), (5, 10)] {
        let mut perft = Perft::new();
        perft.count(&start, depth);
        group.throughput(Throughput::Elements(perft.partial_states_expanded()));
        group.sample_size(samples);
        group.bench_function(format!("start/depth_{depth}"), |b| b.iter(|| perft.count(black_box(&start), depth)));
    }
    group.finish();
}

// The macro makes a public function it cannot document.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::step, super::enumeration, super::perft);
}
criterion_main!(group::benches);
