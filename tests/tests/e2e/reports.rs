//! Reports to the admins, end to end on both stores: a player (a guest too) reports a lobby chat message or an
//! account, the report keeps the message's text, admins list and resolve reports (with an audit entry) and no one
//! else may, every bad report is refused with its code and stores nothing, and the per-account rate limit.

use kartka_protocol::admin::{AuditAction, AuditPage};
use kartka_protocol::report::{Report, ReportPage, ReportResolved, ReportStatus};
use kartka_protocol::rest::Session;
use kartka_protocol::{ChatChannel, ChatMessage, ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    reports_of_a_lobby_message_and_of_an_account_are_kept_listed_to_admins_and_resolved_with_an_audit_entry,
    every_bad_report_is_refused_with_its_code_and_stores_nothing,
    reports_beyond_the_hourly_limit_are_refused,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// A registered account with the admin role.
async fn admin(server: &TestServer, api: &Api) -> Session {
    let boss = register(api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "reports' admin")
        .await
        .expect("grant");
    boss
}

/// Has `speaker` say `text` in `channel` over a socket that already subscribed to it, and gives the message
/// as its channel relayed it.
async fn say(client: &mut WsClient, id: u64, channel: ChatChannel, text: &str) -> ChatMessage {
    client.request(id, json!({ "type": "chat_send", "channel": channel, "text": text })).await;
    loop {
        if let ServerFrame::Chat { message } = client.next().await {
            if message.text == text {
                return message;
            }
        }
    }
}

/// `speaker` says `text` in the lobby.
async fn lobby_message(server: &TestServer, speaker: &Session, text: &str) -> ChatMessage {
    let mut client = WsClient::connect(server.addr, &speaker.token).await;
    client.request(1, json!({ "type": "lobby_subscribe", "chat": true })).await;
    say(&mut client, 2, ChatChannel::Lobby, text).await
}

async fn report(api: &Api, session: &Session, body: &Value) -> (u16, Value) {
    api.post("/api/reports", Some(&session.token), body).await
}

async fn listed(api: &Api, admin: &Session, query: &str) -> ReportPage {
    let (status, body) = api.get(&format!("/api/admin/reports{query}"), Some(&admin.token)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).expect("a page of reports")
}

async fn reports_of_a_lobby_message_and_of_an_account_are_kept_listed_to_admins_and_resolved_with_an_audit_entry(
    url: &str,
) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let ala = api.guest("ala").await;
    let ola = api.guest("ola").await;
    let boss = admin(&server, &api).await;
    let said = lobby_message(&server, &ola, "you all play like bots").await;

    let (status, body) = report(&api, &ala, &json!({ "message_id": said.id, "reason": "  rude  " })).await;
    assert_eq!(status, 201, "{body}");
    let of_message: Report = serde_json::from_value(body).expect("a report");
    assert_eq!((of_message.reporter_id, of_message.reporter_name.as_str()), (ala.account.id, "ala"));
    assert_eq!((of_message.account_id, of_message.account_name.as_str()), (ola.account.id, "ola"));
    let message = of_message.message.clone().expect("the reported message");
    assert_eq!((message.id, message.channel, message.text.as_str()), (said.id, ChatChannel::Lobby, said.text.as_str()));
    assert_eq!((of_message.reason.as_str(), of_message.status), ("rude", ReportStatus::Open));
    assert_eq!((of_message.resolved_at_ms, of_message.note.as_deref()), (None, None));

    let (status, body) = report(&api, &ala, &json!({ "account_id": boss.account.id, "reason": "a cheat" })).await;
    assert_eq!(status, 201, "{body}");
    let of_account: Report = serde_json::from_value(body).expect("a report");
    assert_eq!((of_account.account_id, of_account.message.as_ref()), (boss.account.id, None));

    // Admins alone read and resolve reports; a refusal changes nothing.
    for path in ["/api/admin/reports", "/api/admin/reports?status=resolved"] {
        let (status, body) = api.get(path, Some(&ala.token)).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "{body}");
    }
    let resolve = format!("/api/admin/reports/{}/resolve", of_message.id);
    let (status, body) = api.post(&resolve, Some(&ola.token), &json!({ "note": "hidden" })).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "{body}");
    let (status, _) = api.post(&resolve, None, &json!({ "note": "hidden" })).await;
    assert_eq!(status, 401);

    let open = listed(&api, &boss, "?status=open").await;
    assert_eq!(open.reports, vec![of_account.clone(), of_message.clone()], "newest first, as made");
    assert!(listed(&api, &boss, "?status=resolved").await.reports.is_empty());
    let first_page = listed(&api, &boss, "?limit=1").await;
    assert_eq!(first_page.reports, vec![of_account.clone()]);
    let before = first_page.next_before.expect("a next page");
    let second_page = listed(&api, &boss, &format!("?limit=1&before={before}")).await;
    assert_eq!(second_page.reports, vec![of_message.clone()]);

    let (status, body) = api.post(&resolve, Some(&boss.token), &json!({ "note": " warned her " })).await;
    assert_eq!(status, 200, "{body}");
    let resolved: ReportResolved = serde_json::from_value(body).expect("a resolve");
    assert_eq!(resolved.report.status, ReportStatus::Resolved);
    assert_eq!(
        (resolved.report.note.as_deref(), resolved.report.resolved_by.as_deref()),
        (Some("warned her"), Some("boss"))
    );
    assert_eq!(resolved.report.message, of_message.message, "the report keeps the message");
    assert_eq!(resolved.audit.action, AuditAction::ResolveReport);
    assert_eq!((resolved.audit.account_id, resolved.audit.reason.as_str()), (Some(ola.account.id), "warned her"));
    assert_eq!(resolved.audit.details["report_id"], json!(of_message.id));
    let (status, body) = api.get(&format!("/api/admin/audit?account={}", ola.account.id), Some(&boss.token)).await;
    assert_eq!(status, 200, "{body}");
    let audit: AuditPage = serde_json::from_value(body).expect("the audit log");
    assert_eq!(audit.entries, vec![resolved.audit.clone()]);

    let (status, body) = api.post(&resolve, Some(&boss.token), &json!({ "note": "again" })).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "{body}");
    assert_eq!(listed(&api, &boss, "").await.reports, vec![of_account.clone()], "open is the default");
    assert_eq!(listed(&api, &boss, "?status=resolved").await.reports, vec![resolved.report.clone()]);
    server.stop().await;
}

async fn every_bad_report_is_refused_with_its_code_and_stores_nothing(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let eve = api.guest("eve").await;
    let boss = admin(&server, &api).await;
    let game = api.start_game(&alice, &bob, BLITZ).await;
    let mut alice_socket = WsClient::connect(server.addr, &alice.token).await;
    alice_socket.request(1, json!({ "type": "subscribe", "game_id": game, "chat": true })).await;
    let between_players = say(&mut alice_socket, 2, ChatChannel::Players { game_id: game }, "good luck").await;
    let mine = lobby_message(&server, &eve, "hello").await;
    let bob_said = lobby_message(&server, &bob, "hi").await;

    let too_long = "ż".repeat(1001);
    let cases = [
        (json!({ "account_id": bob.account.id, "reason": "" }), 400, "invalid_request"),
        (json!({ "account_id": bob.account.id, "reason": " \n " }), 400, "invalid_request"),
        (json!({ "account_id": bob.account.id, "reason": too_long }), 400, "invalid_request"),
        (json!({ "account_id": bob.account.id }), 400, "invalid_request"),
        (json!({ "reason": "no target" }), 400, "invalid_request"),
        (json!({ "account_id": bob.account.id, "message_id": bob_said.id, "reason": "both" }), 400, "invalid_request"),
        (json!({ "account_id": bob.account.id, "reason": "x", "extra": 1 }), 400, "invalid_request"),
        (json!({ "message_id": bob_said.id + 1000, "reason": "gone" }), 404, "unknown_message"),
        (json!({ "account_id": Uuid::new_v4(), "reason": "nobody" }), 404, "unknown_player"),
        (json!({ "account_id": eve.account.id, "reason": "me" }), 409, "not_allowed"),
        (json!({ "message_id": mine.id, "reason": "my own" }), 409, "not_allowed"),
        // The players' channel of a game eve has no part in: she could not read it, so it is unknown to her.
        (json!({ "message_id": between_players.id, "reason": "peeking" }), 404, "unknown_message"),
    ];
    for (body, status, code) in cases {
        let (got, answer) = report(&api, &eve, &body).await;
        assert_eq!((got, answer["code"].as_str()), (status, Some(code)), "{body}: {answer}");
    }
    let (status, _) = api.post("/api/reports", None, &json!({ "account_id": bob.account.id, "reason": "x" })).await;
    assert_eq!(status, 401);
    assert!(listed(&api, &boss, "?status=open").await.reports.is_empty(), "nothing was stored");

    // A player of the game may report what was said there.
    let (status, body) = report(&api, &bob, &json!({ "message_id": between_players.id, "reason": "gloating" })).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) =
        api.post("/api/admin/reports/999999/resolve", Some(&boss.token), &json!({ "note": "x" })).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_report")), "{body}");
    let first = listed(&api, &boss, "").await.reports[0].id;
    let (status, body) =
        api.post(&format!("/api/admin/reports/{first}/resolve"), Some(&boss.token), &json!({ "note": "  " })).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{body}");
    assert_eq!(listed(&api, &boss, "").await.reports.len(), 1, "still open");
    server.stop().await;
}

async fn reports_beyond_the_hourly_limit_are_refused(url: &str) {
    let settings = Settings { limits: Limits { reports_per_hour: 2, ..Limits::default() }, ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let ala = api.guest("ala").await;
    let ola = api.guest("ola").await;
    let boss = admin(&server, &api).await;
    let body = json!({ "account_id": ola.account.id, "reason": "spam" });
    for _ in 0..2 {
        let (status, answer) = report(&api, &ala, &body).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = report(&api, &ala, &body).await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("rate_limited")), "{answer}");
    assert_eq!(listed(&api, &boss, "").await.reports.len(), 2, "the refused report is not stored");
    let (status, answer) = report(&api, &ola, &json!({ "account_id": ala.account.id, "reason": "spam" })).await;
    assert_eq!(status, 201, "the limit is per account: {answer}");
    server.stop().await;
}
