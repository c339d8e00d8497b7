//! Dictionary benchmarks on the full Polish list (4 million forms): reading and checking the file, word, prefix
//! and fragment checks, the fragment and length indexes' first builds (with the memory they keep) and the draws:
//! by the length index, and by reading the whole list when `accept` refuses almost every word.
//!
//! Run with `KARTKA_TEST_DICTIONARIES=DIR cargo bench -p kartka-engine --bench dictionary`, DIR holding the
//! `pl.dict` scripts/test.sh builds; the figures and the machine are in `docs/benchmarks/dictionary.md`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_main, BatchSize, Criterion};
use kartka_engine::dictionary::Dictionary;

/// The full Polish list's file; the benchmark refuses to run on anything smaller.
fn polish_file() -> Vec<u8> {
    let dir = std::env::var_os("KARTKA_TEST_DICTIONARIES")
        .map(PathBuf::from)
        .expect("set KARTKA_TEST_DICTIONARIES to the directory scripts/test.sh builds the full lists in");
    let path = dir.join("pl.dict");
    std::fs::read(&path).unwrap_or_else(|error| panic!("reading {}: {error}", path.display()))
}

fn read(c: &mut Criterion) {
    let bytes = polish_file();
    let mut group = c.benchmark_group("read");
    group.sample_size(10);
    group.bench_function("polish_full", |b| {
        b.iter_batched(|| bytes.clone(), |bytes| Dictionary::read(bytes).expect("reads"), BatchSize::LargeInput);
    });
    group.finish();
}

fn fragment_index(c: &mut Criterion) {
    let bytes = polish_file();
    let fresh = || Dictionary::read(bytes.clone()).expect("reads");
    let kept = {
        let list = fresh();
        allocation_counter::measure(|| assert!(list.contains_fragment("rz"))).bytes_current
    };
    eprintln!("fragment index of the full Polish list: {kept} bytes kept ({:.1} MiB)", kept as f64 / 1048576.0);
    let mut group = c.benchmark_group("fragment_index");
    group.sample_size(10);
    group.bench_function("first_build/polish_full", |b| {
        b.iter_batched(fresh, |list| list.contains_fragment("rz"), BatchSize::LargeInput);
    });
    group.bench_function("length_index/polish_full", |b| {
        b.iter_batched(fresh, |list| list.prepare_draws(), BatchSize::LargeInput);
    });
    group.finish();
}

fn lookups(c: &mut Criterion) {
    let list = Dictionary::read(polish_file()).expect("reads");
    assert!(list.contains_fragment("a"), "the index is built before the timed loops");
    let mut group = c.benchmark_group("lookup");
    for (name, word) in [("hit", "dziewięćdziesięcioletnich"), ("hit_short", "kot"), ("miss", "kotqx")] {
        assert_eq!(list.contains(word), name.starts_with("hit"), "{word}");
        group.bench_function(format!("contains/{name}"), |b| b.iter(|| list.contains(black_box(word))));
    }
    for (name, prefix) in [("hit", "przeciw"), ("miss", "przeciwq")] {
        assert_eq!(list.has_prefix(prefix), name == "hit", "{prefix}");
        group.bench_function(format!("has_prefix/{name}"), |b| b.iter(|| list.has_prefix(black_box(prefix))));
    }
    for (name, fragment) in
        [("common", "rz"), ("inside", "ęćdzie"), ("rare_letter", "źdź"), ("miss_common_start", "aąą"), ("miss", "qqq")]
    {
        assert_eq!(list.contains_fragment(fragment), !name.starts_with("miss"), "{fragment}");
        group.bench_function(format!("contains_fragment/{name}"), |b| {
            b.iter(|| list.contains_fragment(black_box(fragment)));
        });
    }
    group.finish();
    let kept = allocation_counter::measure(|| list.prepare_draws()).bytes_current;
    eprintln!("length index of the full Polish list: {kept} bytes kept ({:.1} KiB)", kept as f64 / 1024.0);
    let mut group = c.benchmark_group("draw");
    for (name, lengths) in [("five_letters", 5..=5), ("seven_letters", 7..=7), ("four_to_twelve_letters", 4..=12)] {
        group.bench_function(format!("{name}/polish_full"), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                list.draw(seed, lengths.clone(), |_| true)
            });
        });
    }
    group.sample_size(10);
    // Few five-letter words end in ź: most draws fall back to reading the whole list.
    group.bench_function("five_letters_rarely_accepted/polish_full", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            list.draw(seed, 5..=5, |word| word.ends_with('ź'))
        });
    });
    group.finish();
}

fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    read(&mut criterion);
    fragment_index(&mut criterion);
    lookups(&mut criterion);
}

criterion_main!(benches);
