//! Every JSON example in docs/protocol.md must be a valid frame or body, so the document cannot drift from
//! the types.

use kartka_protocol::admin::{
    AccountActionDone, ActionReason, Adjudication, AuditPage, ChatMute, ExportedGame, GameActionDone, GamePosition,
    GameReview, GameSearchPage, ImportReport,
};
use kartka_protocol::analysis::{Suggestion, SuggestionRequest};
use kartka_protocol::correspondence::{
    ActionDone, ConditionalMoves, CreateSeek, DrawRequest, LanguageSetting, MyGames, NotificationList,
    NotificationSettings, NotificationSettingsView, PlayMove, Seek, SeekList, StartVacation, VacationStatus,
    WebhookTest,
};
use kartka_protocol::report::{NewReport, Report, ReportPage, ReportResolution, ReportResolved};
use kartka_protocol::rest::{
    Challenge, CreateChallenge, ErrorBody, ExplorerPosition, Leaderboard, PlayerList, Profile, RatingHistory, Session,
    Versus,
};
use kartka_protocol::{ClientFrame, Clocks, ServerFrame};
use serde::de::DeserializeOwned;

fn json_examples() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md");
    let text = std::fs::read_to_string(path).expect("docs/protocol.md is readable");
    let mut examples = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```json") => current = Some(String::new()),
            (Some(block), "```") => {
                examples.push(std::mem::take(block));
                current = None;
            }
            (Some(block), line) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    examples
}

fn parses_as<T: DeserializeOwned>(example: &str) -> bool {
    serde_json::from_str::<T>(example).is_ok()
}

/// The bodies of the admin API.
fn parses_as_admin_body(example: &str) -> bool {
    parses_as::<GameSearchPage>(example)
        || parses_as::<GameReview>(example)
        || parses_as::<GamePosition>(example)
        || parses_as::<ActionReason>(example)
        || parses_as::<Adjudication>(example)
        || parses_as::<GameActionDone>(example)
        || parses_as::<AccountActionDone>(example)
        || parses_as::<ChatMute>(example)
        || parses_as::<AuditPage>(example)
        || parses_as::<ExportedGame>(example)
        || parses_as::<ImportReport>(example)
        || parses_as::<ReportPage>(example)
        || parses_as::<ReportResolution>(example)
        || parses_as::<ReportResolved>(example)
}

#[test]
fn every_documented_example_is_a_valid_frame_or_body() {
    let examples = json_examples();
    assert!(examples.len() >= 20, "expected the protocol page's examples, found {}", examples.len());
    for example in &examples {
        let valid = parses_as::<ClientFrame>(example)
            || parses_as::<ServerFrame>(example)
            || parses_as::<Session>(example)
            || parses_as::<CreateChallenge>(example)
            || parses_as::<SuggestionRequest>(example)
            || parses_as::<Suggestion>(example)
            || parses_as::<Challenge>(example)
            || parses_as::<ErrorBody>(example)
            || parses_as::<NewReport>(example)
            || parses_as::<Report>(example)
            || parses_as::<PlayMove>(example)
            || parses_as::<DrawRequest>(example)
            || parses_as::<ActionDone>(example)
            || parses_as::<MyGames>(example)
            || parses_as::<ConditionalMoves>(example)
            || parses_as::<StartVacation>(example)
            || parses_as::<VacationStatus>(example)
            || parses_as::<NotificationSettings>(example)
            || parses_as::<LanguageSetting>(example)
            || parses_as::<NotificationSettingsView>(example)
            || parses_as::<NotificationList>(example)
            || parses_as::<WebhookTest>(example)
            || parses_as::<CreateSeek>(example)
            || parses_as::<Seek>(example)
            || parses_as::<SeekList>(example)
            || parses_as::<Profile>(example)
            || parses_as::<Leaderboard>(example)
            || parses_as::<RatingHistory>(example)
            || parses_as::<Versus>(example)
            || parses_as::<PlayerList>(example)
            || parses_as::<ExplorerPosition>(example)
            || parses_as::<Clocks>(example)
            || parses_as_admin_body(example);
        assert!(valid, "docs/protocol.md example does not match any protocol type:\n{example}");
    }
}

#[test]
fn client_frames_round_trip_and_reject_unknown_fields() {
    let frame: ClientFrame = serde_json::from_str(
        r#"{"type":"move","id":4,"game_id":"7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b","ply":4,"client_move_id":"a7","notation":"17"}"#,
    )
    .expect("a move frame");
    assert_eq!(frame.request_id(), Some(4));
    let again: ClientFrame = serde_json::from_str(&serde_json::to_string(&frame).expect("serialise")).expect("parse");
    assert_eq!(again, frame);
    assert!(serde_json::from_str::<ClientFrame>(r#"{"type":"ping","bogus":1}"#).is_err());
    assert!(serde_json::from_str::<ClientFrame>(r#"{"type":"teleport"}"#).is_err());
    let pool = r#"{"type":"pool_join","pool":{"ruleset":{"kind":"closing-in"},"time_control":{"type":"fischer","initial_seconds":60,"increment_seconds":0},"rated":true}}"#;
    assert!(serde_json::from_str::<ClientFrame>(pool).is_ok(), "a kind's options have defaults");
    let no_kind = pool.replace(r#""ruleset":{"kind":"closing-in"},"#, "");
    assert!(serde_json::from_str::<ClientFrame>(&no_kind).is_err(), "no game kind is assumed");
    let stray = pool.replace(r#""rated":true"#, r#""rated":true,"speed":"bullet""#);
    assert!(serde_json::from_str::<ClientFrame>(&stray).is_err(), "unknown fields inside a pool are refused");
}
