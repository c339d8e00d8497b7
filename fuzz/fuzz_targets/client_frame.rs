//! A client's WebSocket text message, decoded as the server decodes a frame.
//! The check lives in `kartka_protocol::fuzzing`, where the regression tests run it too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| kartka_protocol::fuzzing::check_client_frame(bytes));
