//! A record file, read by every game kind's record readers, replayed and written back.
//! The check lives in `kartka_engine::fuzzing`, where the regression tests run it too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| kartka_engine::fuzzing::check_records(bytes));
