//! `docs/protocol.schema.json`, the JSON Schema of every WebSocket frame, is generated from the protocol's types
//! (schemars): this test fails when the file differs from what the types say, so it cannot drift. After a
//! deliberate change of a frame, write the file anew with `KARTKA_WRITE_SCHEMA=1 cargo test -p kartka-protocol
//! --test json_schema`.

use kartka_protocol::{ClientFrame, ServerFrame, MAX_CHAT_CHARS};
use schemars::{schema_for, JsonSchema};
use serde_json::{json, Value};

const SCHEMA_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.schema.json");

fn schema_of<T: JsonSchema>() -> Value {
    serde_json::to_value(schema_for!(T)).expect("a schema is JSON")
}

/// Both directions in one document: what a client sends and what the server sends.
fn frames_schema() -> Value {
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "kartka WebSocket frames",
        "description": "Every frame of the WebSocket protocol (docs/protocol.md), generated from the kartka-protocol crate.",
        "client_frame": schema_of::<ClientFrame>(),
        "server_frame": schema_of::<ServerFrame>(),
    })
}

#[test]
fn the_schema_file_is_what_the_types_generate() {
    let generated = serde_json::to_string_pretty(&frames_schema()).expect("serialisable") + "\n";
    if std::env::var_os("KARTKA_WRITE_SCHEMA").is_some() {
        std::fs::write(SCHEMA_FILE, &generated).expect("write docs/protocol.schema.json");
    }
    let stored = std::fs::read_to_string(SCHEMA_FILE).expect("docs/protocol.schema.json is readable");
    assert!(
        stored == generated,
        "docs/protocol.schema.json is stale: run KARTKA_WRITE_SCHEMA=1 cargo test -p kartka-protocol --test json_schema"
    );
}

#[test]
fn the_schema_names_every_frame_type() {
    let schema = frames_schema();
    let text = schema.to_string();
    for frame in ["hello", "move", "subscribe", "welcome", "ack", "error", "event", "pong"] {
        assert!(text.contains(&format!("\"const\":\"{frame}\"")), "the frame type {frame} is in the schema");
    }
}

#[test]
fn a_chat_message_declares_the_length_the_server_accepts() {
    let schema = schema_of::<ClientFrame>();
    let variants = schema["oneOf"].as_array().expect("one schema per frame type");
    let chat_send = variants
        .iter()
        .find(|variant| variant["properties"]["type"]["const"] == "chat_send")
        .expect("the chat_send frame");
    let text = &chat_send["properties"]["text"];
    assert_eq!(
        (text["minLength"].as_u64(), text["maxLength"].as_u64()),
        (Some(1), Some(MAX_CHAT_CHARS as u64)),
        "{text}"
    );
}
