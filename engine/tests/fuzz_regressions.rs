//! The saved fuzz inputs (`fuzz/regressions/<target>/`: minimised crashes and a few interesting seeds) run
//! through the checks the engine's fuzz targets run, on stable and in every `cargo test`, so a crash the
//! fuzzer once found stays fixed without nightly or cargo-fuzz. See docs/fuzzing.md.

use std::path::PathBuf;

use kartka_engine::fuzzing::{check_action_sequence, check_notation, check_records};

/// Every file of `fuzz/regressions/<target>/`, with its name; a missing or empty folder fails, so a renamed
/// target cannot silently skip its inputs.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions").join(target);
    let mut inputs: Vec<(String, Vec<u8>)> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .map(|entry| {
            let path = entry.expect("a readable folder entry").path();
            let bytes = std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            (path.display().to_string(), bytes)
        })
        .collect();
    assert!(!inputs.is_empty(), "{} holds no inputs", folder.display());
    inputs.sort();
    inputs
}

fn run_all(target: &str, check: fn(&[u8])) {
    for (name, bytes) in inputs(target) {
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        assert!(outcome.is_ok(), "the fuzz input {name} fails its check (see the panic above)");
    }
}

#[test]
fn record_inputs_pass_the_record_check() {
    run_all("records", check_records);
}

#[test]
fn notation_inputs_pass_the_notation_check() {
    run_all("notation", check_notation);
}

#[test]
fn action_inputs_pass_the_action_sequence_check() {
    run_all("actions", check_action_sequence);
}
