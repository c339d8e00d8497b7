//! The perft data files in `tests/data/perft/`, one per game; each file's header says where its values come
//! from.

use std::collections::HashMap;

/// One position of a data file: its line number, its `key=value` fields, and its `counts` (perft(1), …).
pub struct Entry {
    pub line: usize,
    fields: HashMap<String, String>,
    pub counts: Vec<u64>,
}

impl Entry {
    pub fn field(&self, key: &str) -> &str {
        self.fields.get(key).unwrap_or_else(|| panic!("line {}: no {key}=", self.line))
    }
}

/// Reads `tests/data/perft/{game}.txt`: blank lines and `#` comments are skipped; every other line is fields
/// `key=value` separated by spaces, one of them `counts=C1,C2,…`.
pub fn entries(game: &str) -> Vec<Entry> {
    let path = format!("{}/tests/data/perft/{game}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let entries: Vec<Entry> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let line_number = index + 1;
            let fields: HashMap<String, String> = line
                .split_ascii_whitespace()
                .map(|field| {
                    let (key, value) = field
                        .split_once('=')
                        .unwrap_or_else(|| panic!("{path}:{line_number}: {field:?} is not key=value"));
                    (key.to_owned(), value.to_owned())
                })
                .collect();
            let counts = fields
                .get("counts")
                .unwrap_or_else(|| panic!("{path}:{line_number}: no counts="))
                .split(',')
                .map(|count| count.parse().unwrap_or_else(|_| panic!("{path}:{line_number}: count {count:?}")))
                .collect();
            Entry { line: line_number, fields, counts }
        })
        .collect();
    assert!(!entries.is_empty(), "{path} has no positions");
    entries
}
