//! The kurnik corpus (`KARTKA_CORPUS_DIR`) for tests that import some of it, and what its records say.

use std::collections::BTreeMap;
use std::io::Read;

use flate2::read::MultiGzDecoder;

/// The first `count` games of the first corpus file, as record text.
///
/// # Panics
/// When `KARTKA_CORPUS_DIR` is not set or its first file does not read.
#[must_use]
pub fn first_games(count: usize) -> String {
    let dir = std::env::var("KARTKA_CORPUS_DIR").expect("KARTKA_CORPUS_DIR names the kurnik corpus");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("the corpus directory").map(|entry| entry.expect("an entry").path()).collect();
    files.sort();
    let bytes = std::fs::read(&files[0]).expect("a corpus file");
    let mut text = String::new();
    MultiGzDecoder::new(bytes.as_slice()).read_to_string(&mut text).expect("a gzip record file");
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(at, _)| at).collect();
    let end = starts.get(count).copied().unwrap_or(text.len());
    text[..end].to_owned()
}

/// Each record's first turn (the token after `1.`), counted, read straight from the record text.
#[must_use]
pub fn first_turns(records: &str) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    let records = records.replace("\r\n", "\n");
    for movetext in records.split("[Event ").filter_map(|record| record.split("\n\n").nth(1)) {
        let mut tokens = movetext.split_whitespace();
        if tokens.next() == Some("1.") {
            if let Some(turn) = tokens.next().filter(|token| token.chars().all(|c| c.is_ascii_digit())) {
                *counts.entry(turn.to_owned()).or_insert(0) += 1;
            }
        }
    }
    counts
}

/// Two Paper Soccer games whose first four turns draw the same five segments in other orders and leave the
/// ball on the same point with the first seat to move: N, E, S, then W (bouncing on the centre) and S; or E, N,
/// W, then S (bouncing) and S. Their fifth turns (`2`, `6`) differ, and so do their results. Reached by the
/// moves `02464` and `20644`.
pub const TRANSPOSED: &str = "[Event \"?\"]\n[Site \"kurnik\"]\n[Date \"2020.01.01\"]\n[Time \"10:00:00\"]\n\
    [Black \"ala\"]\n[White \"ola\"]\n[Result \"1-0\"]\n[TimeControl \"60\"]\n\n1. 0 2 2. 4 64 3. 2 1-0\n\n\
    [Event \"?\"]\n[Site \"kurnik\"]\n[Date \"2020.01.01\"]\n[Time \"11:00:00\"]\n\
    [Black \"ala\"]\n[White \"ola\"]\n[Result \"0-1\"]\n[TimeControl \"60\"]\n\n1. 2 0 2. 6 44 3. 6 0-1\n";
