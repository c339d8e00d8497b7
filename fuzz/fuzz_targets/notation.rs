//! A move text, read in every game kind's notation.
//! The check lives in `kartka_engine::fuzzing`, where the regression tests run it too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| kartka_engine::fuzzing::check_notation(bytes));
