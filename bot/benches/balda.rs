//! Balda's bot: the time to find the longest word (its whole move: no search beyond it) on 5 × 5 and 7 × 7 grids,
//! with the shipped small Polish list and the full one (sjp.pl's 4.3 million forms, built here from
//! `/usr/share/dict/polish`, Debian's `wpolish`, when it is installed; without it only the small list is timed).
//!
//! Run with `cargo bench -p kartka-bot --bench balda`; the figures and the machine are in
//! `docs/benchmarks/balda.md`. Each position is the start of a game of seed 1 after six moves of the bot itself,
//! so the grid holds letters off the middle row.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_main, Criterion};
use kartka_bot::balda::strongest_move;
use kartka_engine::balda::{BaldaRules, Position};
use kartka_engine::dictionary::{build, registry, Dictionary, DictionaryName, Language};

/// Where Debian's `wpolish` installs the full Polish list.
const FULL_POLISH: &str = "/usr/share/dict/polish";

/// The full Polish list, normalised and registered, if the package is installed.
fn full_polish() -> Option<Arc<Dictionary>> {
    let text = std::fs::read_to_string(FULL_POLISH).ok()?;
    let words: Vec<String> = text.lines().filter_map(|line| Language::Pl.normalise(line.trim()).ok()).collect();
    let name = DictionaryName::new("sjp-full").expect("a name");
    registry::register(build(Language::Pl, name, words).expect("builds")).ok()
}

/// A game of `size` judged by `list` after six of the bot's own moves.
fn midgame(list: &Dictionary, size: u8) -> Position {
    let mut game = Position::new(BaldaRules::drawn(size, 2, list.id(), 1).expect("rules"));
    for _ in 0..6 {
        let (action, _) = strongest_move(&game).expect("the game goes on");
        game.play(action).expect("the bot's move is legal");
    }
    game
}

fn moves(c: &mut Criterion) {
    let mut lists = vec![("small", registry::shipped(Language::Pl))];
    lists.extend(full_polish().map(|full| ("full", full)));
    let mut group = c.benchmark_group("balda_move");
    group.sample_size(10);
    for (name, list) in &lists {
        for size in [5, 7] {
            let game = midgame(list, size);
            group.bench_function(format!("{size}x{size}/{name}"), |b| b.iter(|| black_box(strongest_move(&game))));
        }
    }
    group.finish();
}

// The macro makes a public function it cannot document.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::moves);
}
criterion_main!(group::benches);
