//! Legal and illegal move texts played on a game of every kind, checking the game interface's promises.
//! The check lives in `kartka_engine::fuzzing`, where the regression tests run it too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| kartka_engine::fuzzing::check_action_sequence(bytes));
