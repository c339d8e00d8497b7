//! A REST request body, decoded as every request body type the server accepts.
//! The check lives in `kartka_protocol::fuzzing`, where the regression tests run it too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| kartka_protocol::fuzzing::check_rest_body(bytes));
