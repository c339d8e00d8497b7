//! The checks the protocol's fuzz targets run (`fuzz/fuzz_targets/`), here so that the regression tests
//! (`protocol/tests/fuzz_regressions.rs`) feed the saved inputs of `fuzz/regressions/` through the very same
//! code on stable, in the ordinary `cargo test`. Each check takes arbitrary bytes, decodes them the way the
//! server does, and panics when a decoded value does not survive a round trip (a panic in decoding is a
//! failure too); refusing bad input is never a failure.
//!
//! Hidden from the documentation: this is test support, not part of the protocol. The server's decoding (the
//! WebSocket frame in `ws/connection.rs`, the REST body in `api/input.rs`) is two `serde_json` calls that
//! need a running server around them; the checks make the same calls on this crate's types.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::admin::{ActionReason, Adjudication, BotMark, ChatMute};
use crate::correspondence::{
    AgreedEndRequest, ConditionalMoves, CreateSeek, DrawRequest, LanguageSetting, NotificationSettings, PlayMove,
    StartVacation,
};
use crate::rest::{CreateChallenge, Credentials, GuestRequest};
use crate::{ClientFrame, MAX_FRAME_BYTES};

/// Decodes `bytes` as a client's WebSocket text message: size limit, JSON, then [`ClientFrame`] from the
/// JSON value, as `ws::connection` does.
pub fn check_client_frame(bytes: &[u8]) {
    if bytes.len() > MAX_FRAME_BYTES {
        return;
    }
    let Some(value) = json_value(bytes) else { return };
    let request_id = value.get("id").and_then(Value::as_u64);
    if let Some(frame) = round_trip::<ClientFrame>(&value, bytes) {
        assert_eq!(frame.request_id(), request_id, "the frame's id is the id the server reads first");
    }
}

/// Decodes `bytes` as the JSON body of every REST request that has one, as `api::input::JsonBody` does.
pub fn check_rest_body(bytes: &[u8]) {
    let Some(value) = json_value(bytes) else { return };
    round_trip::<GuestRequest>(&value, bytes);
    round_trip::<Credentials>(&value, bytes);
    round_trip::<CreateChallenge>(&value, bytes);
    round_trip::<ActionReason>(&value, bytes);
    round_trip::<Adjudication>(&value, bytes);
    round_trip::<PlayMove>(&value, bytes);
    round_trip::<DrawRequest>(&value, bytes);
    round_trip::<AgreedEndRequest>(&value, bytes);
    round_trip::<ConditionalMoves>(&value, bytes);
    round_trip::<StartVacation>(&value, bytes);
    round_trip::<NotificationSettings>(&value, bytes);
    round_trip::<LanguageSetting>(&value, bytes);
    round_trip::<CreateSeek>(&value, bytes);
    round_trip::<ChatMute>(&value, bytes);
    round_trip::<BotMark>(&value, bytes);
}

/// The JSON value of `bytes`, when they are UTF-8 text holding one (a WebSocket text message and an axum
/// `Json` body must both be UTF-8).
fn json_value(bytes: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(bytes).ok()?;
    serde_json::from_str(text).ok()
}

/// Decodes a `T` from `value`; when it decodes, writing it and reading it back gives it again, and reading it
/// straight from the text (when that works: duplicate keys, kept last in a `Value`, fail there) gives the
/// same value.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &Value, bytes: &[u8]) -> Option<T> {
    let decoded: T = serde_json::from_value(value.clone()).ok()?;
    let written = serde_json::to_string(&decoded).expect("a protocol value is written as JSON");
    let read_back: T = serde_json::from_str(&written)
        .unwrap_or_else(|error| panic!("{decoded:?}, written as {written}, does not read back: {error}"));
    assert_eq!(read_back, decoded, "{written} reads back as written");
    if let Ok(direct) = serde_json::from_slice::<T>(bytes) {
        assert_eq!(direct, decoded, "decoding from the text and from its JSON value agree");
    }
    Some(decoded)
}
