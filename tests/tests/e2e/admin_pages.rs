//! The admin pages end to end, in headless Chromium: an admin finds a game played through real WebSocket
//! clients, steps through it, reads its timeline, aborts it with a written reason and finds the entry in the
//! audit log, then bans a player from the account page; a player without the role is turned away; an admin
//! resolves a player's report from the reports page. The pages
//! read in Polish and Russian too, chosen with the same header switch and kept in the same place as the site's
//! language. Screenshots go to `artifacts/browser/`.
//!
//! Like the other browser tests these run on SQLite only: the pages do not depend on the store, and the admin
//! API is covered on both stores by `admin.rs`.

use std::time::Duration;

use fantoccini::Locator;
use kartka_protocol::admin::{AuditAction, AuditPage};
use kartka_protocol::report::{Report, ReportPage};
use kartka_protocol::rest::Session;
use kartka_protocol::{GameEvent, ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::browser::{eventually, Browser, Chromedriver};
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

const DESKTOP: (u32, u32) = (1280, 900);
const PASSWORD: &str = "long enough secret";
const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": PASSWORD });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// Alice and Bob play a move each over WebSocket, and Bob drops out once in between.
async fn play_with_a_disconnect(server: &TestServer, alice: &Session, bob: &Session, game: Uuid) {
    let subscribe = json!({ "type": "subscribe", "game_id": game });
    let move_frame = |ply: u32, id: &str| json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": id, "notation": "0" });
    let mut alice_socket = WsClient::connect(server.addr, &alice.token).await;
    alice_socket.request(1, subscribe.clone()).await;
    let mut bob_socket = WsClient::connect(server.addr, &bob.token).await;
    bob_socket.request(1, subscribe.clone()).await;
    alice_socket.request(2, move_frame(0, "a1")).await;
    bob_socket.close().await;
    while !matches!(alice_socket.next_event().await.event, GameEvent::PlayerDisconnected { .. }) {}
    let mut bob_socket = WsClient::connect(server.addr, &bob.token).await;
    bob_socket.request(1, subscribe).await;
    bob_socket.request(2, move_frame(1, "b1")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_reviews_and_aborts_a_game_in_the_browser_and_a_player_is_turned_away() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let boss = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let other = api.start_game(&bob, &alice, BLITZ).await;
    let game = api.start_game(&alice, &bob, BLITZ).await;
    play_with_a_disconnect(&server, &alice, &bob, game).await;

    let driver = Chromedriver::start();
    let admin = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    admin.sign_in("boss", PASSWORD).await;

    // The site links an admin to the admin pages. Their search page lists both games; a search by player and
    // status narrows nothing here, a search for finished games finds none.
    admin.click("#account a#admin-pages").await;
    admin.wait_for_text("#page .summary", "2 games").await;
    admin.fill("form.search input[name=player]", "alice").await;
    admin.find("form.search select[name=status]").await.select_by_value("active").await.expect("choose a status");
    admin.click("form.search button[type=submit]").await;
    admin.wait_for_text("#page .summary", "2 games").await;
    admin.find("form.search select[name=status]").await.select_by_value("finished").await.expect("choose a status");
    admin.click("form.search button[type=submit]").await;
    admin.wait_for_text("#page .summary", "0 games").await;
    admin.goto("/admin/").await;
    admin.wait_for_text("#page .summary", "2 games").await;
    admin.screenshot("admin-search").await;

    // The viewer: the board after the last ply, the moves, and the timeline with the disconnect in order.
    admin.click(&format!("#page a[href=\"#/game/{game}\"]")).await;
    admin.wait_for_text("#page .steps [role=status]", "ply 2 of 2").await;
    // The board is the kind's own, as players see it: each player's line in their seat's colour.
    admin.find("#page .admin-board svg.board .line-first").await;
    admin.find("#page .admin-board svg.board .line-second").await;
    // Drawn with the kind's own stylesheet (web/js/kinds/paper-soccer/board.css), loaded with its board.
    let ink = "return getComputedStyle(document.querySelector('#page .admin-board .line-first')).stroke";
    let ink = admin.client.execute(ink, vec![]).await.expect("a script");
    assert_eq!(ink, "rgb(31, 95, 191)", "the first seat's line in its colour");
    let actions = admin.text("#page .actions").await;
    assert!(actions.contains("Record (kurnik)"), "a button per record format of the kind: {actions}");
    let moves = admin.text("#page table.moves tbody").await;
    assert_eq!(moves.lines().count(), 2, "two moves: {moves}");
    let timeline = admin.wait_for_text("#page ul.timeline", "bob disconnected").await;
    let order = ["game started", "alice connected", "bob connected", "alice played 0", "bob disconnected"];
    let positions: Vec<usize> = order
        .iter()
        .map(|entry| timeline.find(entry).unwrap_or_else(|| panic!("{entry:?} is in the timeline: {timeline}")))
        .collect();
    assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "in the order they happened: {timeline}");
    assert!(timeline.rfind("bob connected") > timeline.find("bob disconnected"), "and the reconnect after it");

    // Stepping back shows an earlier position.
    admin.click("#page button[aria-label=\"Back one step\"]").await;
    admin.wait_for_text("#page .steps [role=status]", "ply 1 of 2").await;
    admin.find("#page .admin-board svg.board .line-first").await;
    let lines_of_second = admin.client.find_all(Locator::Css("#page .admin-board .line-second")).await.expect("query");
    assert!(lines_of_second.is_empty(), "one ply back, the second player's line is gone");
    admin.screenshot("admin-game").await;

    // An action needs a reason; with one, the game is aborted and the viewer shows the admin's entry.
    admin.click("#page button.danger").await;
    admin.wait_for_text("#page .actions [role=status]", "Write a reason first.").await;
    let stored = server.state.store.game(game).await.expect("read").expect("the game");
    assert_eq!(stored.state.status, "active", "nothing happened without a reason");
    admin.fill("#page textarea[name=reason]", "both players asked for it").await;
    admin.click("#page button.danger").await;
    // The abort asks again, repeating the reason; nothing happens until it is confirmed.
    admin.wait_for_text("#page .actions [role=status]", "Abort this game? Reason: “both players asked for it”").await;
    let stored = server.state.store.game(game).await.expect("read").expect("the game");
    assert_eq!(stored.state.status, "active", "nothing happened before the confirmation");
    admin.click("#page #confirm-action").await;
    admin.wait_for_text("#page ul.timeline", "boss: abort — both players asked for it").await;
    admin.wait_for_text("#page .facts", "aborted").await;
    let stored = server.state.store.game(game).await.expect("read").expect("the game");
    assert_eq!(stored.state.status, "aborted");
    let untouched = server.state.store.game(other).await.expect("read").expect("the other game");
    assert_eq!(untouched.state.status, "active", "only the game acted on changes");

    // The audit log page shows the abort, newest first, above the grant.
    admin.goto("/admin/#/audit").await;
    let log = admin.wait_for_text("#page table tbody", "both players asked for it").await;
    assert!(log.find("abort") < log.find("grant admin"), "newest first: {log}");
    let (status, body) = api.get("/api/admin/audit", Some(&boss.token)).await;
    assert_eq!(status, 200, "{body}");
    let page: AuditPage = serde_json::from_value(body).expect("an audit page");
    let actions: Vec<AuditAction> = page.entries.iter().map(|entry| entry.action).collect();
    assert_eq!(actions, [AuditAction::Abort, AuditAction::GrantAdmin]);
    let log = admin.text("#page table tbody").await;
    assert_eq!(log.lines().count(), 2, "one row an entry: {log}");

    // The account page: found by name, banned with a reason, its audit entries beside it.
    admin.click("header a[href=\"/admin/#/account\"]").await;
    admin.fill("form.search input[name=account]", "bob").await;
    admin.click("form.search button[type=submit]").await;
    admin.click("#page .account-matches a[href=\"#/account/bob\"]").await;
    admin.wait_for_text("#page .standing", "in good standing").await;
    admin.click("#page button.danger").await;
    admin.wait_for_text("#page .actions [role=status]", "Write a reason first.").await;
    admin.fill("#page textarea[name=reason]", "abusive chat").await;
    admin.click("#page button.danger").await;
    admin.wait_for_text("#page .actions [role=status]", "Ban bob?").await;
    admin.click("#page #confirm-action").await;
    admin.wait_for_text("#page .standing", "banned").await;
    admin.wait_for_text("#page table tbody", "abusive chat").await;
    admin.screenshot("admin-account").await;
    let banned = server.state.store.account_by_name("bob").await.expect("read").expect("bob");
    assert!(banned.banned, "the ban is stored");

    // A player without the role sees the pages' shell but no data.
    let player = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    player.sign_in("alice", PASSWORD).await;
    assert!(player.text("#account").await.contains("alice"), "signed in");
    assert!(player.text("#account a#admin-pages").await.is_empty(), "no link to the admin pages");
    player.goto("/admin/").await;
    player.wait_for_text("#page [role=alert]", "does not have the admin role").await;
    assert!(player.text("#page table").await.is_empty(), "no games are shown");
    let shown = player.text("#page").await;
    assert!(!shown.contains(&game.to_string()), "nothing of the archive leaks: {shown}");

    // A role granted while the player is signed in shows at the next page load, without signing in again.
    role::set_admin(server.state.store.as_ref(), "alice", true, Actor::CommandLine, "joins the team")
        .await
        .expect("grant");
    player.goto("/").await;
    player.wait_for_text("#account a#admin-pages", "Admin").await;

    admin.close().await;
    player.close().await;
    server.stop().await;
}

/// What one admin page says in one language: the search page's heading, its count of the one game, the header's
/// link to the audit log, and on the game's page its abort button and the timeline's first entry.
struct AdminReading {
    language: &'static str,
    heading: &'static str,
    count: &'static str,
    audit_link: &'static str,
    abort: &'static str,
    started: &'static str,
}

const ADMIN_READINGS: [AdminReading; 2] = [
    AdminReading {
        language: "pl",
        heading: "Partie",
        count: "1 partia",
        audit_link: "Dziennik zdarzeń",
        abort: "Przerwij partię",
        started: "partia się zaczęła",
    },
    AdminReading {
        language: "ru",
        heading: "Партии",
        count: "1 партия",
        audit_link: "Журнал действий",
        abort: "Прервать партию",
        started: "партия началась",
    },
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_pages_read_in_polish_and_russian_and_the_site_keeps_the_choice() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let game = api.start_game(&alice, &bob, BLITZ).await;

    let driver = Chromedriver::start();
    let admin = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    admin.sign_in("boss", PASSWORD).await;
    admin.goto("/admin/").await;
    admin.wait_for_text("#page .summary", "1 game").await;
    for reading in &ADMIN_READINGS {
        // The admin header's switch reloads the page in the language chosen.
        admin.goto("/admin/").await;
        admin.find("#language-choice").await.select_by_value(reading.language).await.expect("choose a language");
        admin.wait_for_text("header a[href=\"/admin/#/audit\"]", reading.audit_link).await;
        let lang = admin.client.execute("return document.documentElement.lang", vec![]).await.expect("lang");
        assert_eq!(lang, json!(reading.language), "the page says its language");
        admin.wait_for_text("#page .summary", reading.count).await;
        assert_eq!(admin.text("#page h1").await, reading.heading);
        admin.screenshot(&format!("admin-{}-search", reading.language)).await;

        admin.click(&format!("#page a[href=\"#/game/{game}\"]")).await;
        admin.wait_for_text("#page .actions button.danger", reading.abort).await;
        admin.wait_for_text("#page ul.timeline", reading.started).await;
        admin.screenshot(&format!("admin-{}-game", reading.language)).await;
    }

    // The choice made on the admin pages is the site's too: the lobby reads in Russian.
    admin.goto("/").await;
    admin.wait_for_text(".site-nav a[href=\"/\"]", "Лобби").await;

    admin.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_account_search_lists_every_kind_by_prefix_and_says_when_nothing_matches() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let boss = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    register(&api, "alice").await;
    register(&api, "Alicja").await;
    api.guest("alik").await;
    let (status, body) =
        api.post("/api/admin/accounts/Alicja/ban", Some(&boss.token), &json!({ "reason": "spam" })).await;
    assert_eq!(status, 200, "{body}");

    let driver = Chromedriver::start();
    let admin = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    admin.sign_in("boss", PASSWORD).await;
    admin.goto("/admin/#/account").await;
    // A name's first letters, in any letter case, list every account that starts so, as links with its kind,
    // the banned one marked.
    admin.fill("form.search input[name=account]", "AL").await;
    admin.click("form.search button[type=submit]").await;
    let listed = admin.wait_for_text("#page .account-matches", "alik").await;
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines, vec!["alice · registered", "Alicja · registered (banned)", "alik · guest"], "{listed}");
    admin.screenshot("admin-account-search").await;
    admin.click("#page .account-matches a[href=\"#/account/Alicja\"]").await;
    admin.wait_for_text("#page .standing", "banned").await;

    // No match says so, in the page's language.
    admin.goto("/admin/#/account?prefix=zz").await;
    admin.wait_for_text("#page .account-matches .nothing-found", "No account name starts with “zz”.").await;
    admin.find("#language-choice").await.select_by_value("pl").await.expect("choose a language");
    admin.wait_for_text("#page .account-matches .nothing-found", "Nie znaleziono żadnego konta").await;

    admin.close().await;
    server.stop().await;
}

/// A zagram SGF record of a short Dots game, for an archive of more than one kind.
const DOTS_GAME: &str = "(;FF[4]GM[40]SZ[10:10]PB[Ala]PW[Ola]DT[2021-01-18]TM[300]RE[B+R];B[ed];W[ee];B[de];W[aa];\
    B[fe];W[ba];B[ef.edfeefdeed])";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_table_shows_and_filters_the_game_kind_and_exports_records_of_one_kind() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let boss = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let (alice, bob) = (register(&api, "alice").await, register(&api, "bob").await);
    api.start_game(&alice, &bob, BLITZ).await;
    let (status, report) =
        api.post_bytes("/api/admin/import?source=zagram", Some(&boss.token), DOTS_GAME.as_bytes().to_vec()).await;
    assert_eq!((status, report["imported"].as_u64()), (200, Some(1)), "{report}");

    let driver = Chromedriver::start();
    let admin = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    admin.record_script_errors().await;
    admin.sign_in("boss", PASSWORD).await;
    admin.goto("/admin/").await;
    admin.wait_for_text("#page .summary", "2 games").await;
    let kinds = admin.text("#page table tbody").await;
    assert!(kinds.contains("Paper Soccer") && kinds.contains("Dots"), "each row names its game: {kinds}");
    admin.wait_for_text("#page .summary .hint", "Choose a game to export its records").await;
    let buttons = admin.client.find_all(Locator::Css("#page .summary button")).await.expect("query");
    assert_eq!(buttons.len(), 1, "without a game chosen only the NDJSON export is offered");

    admin.find("form.search select[name=kind]").await.select_by_value("dots").await.expect("choose a game");
    admin.click("form.search button[type=submit]").await;
    admin.wait_for_text("#page .summary", "1 game").await;
    assert_eq!(admin.text("#page table tbody td.kind").await, "Dots");
    let rows = admin.client.find_all(Locator::Css("#page table tbody tr")).await.expect("query");
    assert_eq!(rows.len(), 1, "the filter keeps Dots games only");
    let buttons = admin.client.find_all(Locator::Css("#page .summary button")).await.expect("query");
    assert_eq!(buttons.len(), 2, "with a game chosen, its records can be exported too");

    let errors = admin.script_errors().await;
    assert!(errors.is_empty(), "script errors {errors:?}");
    admin.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_reads_the_open_reports_and_resolves_one_with_a_note() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let boss = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let ala = api.guest("ala").await;
    let ola = api.guest("ola").await;
    let mut ola_socket = WsClient::connect(server.addr, &ola.token).await;
    ola_socket.request(1, json!({ "type": "lobby_subscribe", "chat": true })).await;
    ola_socket
        .request(2, json!({ "type": "chat_send", "channel": { "kind": "lobby" }, "text": "you all play like bots" }))
        .await;
    let message_id = loop {
        if let ServerFrame::Chat { message } = ola_socket.next().await {
            break message.id;
        }
    };
    let (status, body) =
        api.post("/api/reports", Some(&ala.token), &json!({ "message_id": message_id, "reason": "insults" })).await;
    assert_eq!(status, 201, "{body}");
    let of_message: Report = serde_json::from_value(body).expect("a report");
    let (status, body) = api
        .post("/api/reports", Some(&ola.token), &json!({ "account_id": ala.account.id, "reason": "spams me" }))
        .await;
    assert_eq!(status, 201, "{body}");

    let driver = Chromedriver::start();
    let admin = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    admin.sign_in("boss", PASSWORD).await;
    admin.goto("/admin/").await;
    admin.click("header a[href=\"/admin/#/reports\"]").await;
    // Newest first: ola's report of ala's account, then ala's report of ola's message, with its text.
    let listed = admin.wait_for_text("#page table.reports tbody", "you all play like bots").await;
    let rows: Vec<&str> = listed.lines().filter(|line| line.contains("spams me") || line.contains("insults")).collect();
    assert_eq!(rows.len(), 2, "{listed}");
    assert!(listed.find("spams me") < listed.find("insults"), "newest first: {listed}");
    let row = format!("#page tr[data-report=\"{}\"]", of_message.id);
    let text = admin.text(&row).await;
    for part in ["ala", "ola", "you all play like bots", "insults"] {
        assert!(text.contains(part), "{part:?} in the row: {text}");
    }
    admin.screenshot("admin-reports").await;

    // A resolve needs a note; with one, the report leaves the open list and the audit log keeps the note.
    admin.click(&format!("{row} button.resolve")).await;
    admin.wait_for_text(&format!("{row} [role=status]"), "Write a reason first.").await;
    let (_, body) = api.get("/api/admin/reports?status=resolved", Some(&boss.token)).await;
    assert_eq!(body["reports"], json!([]), "nothing resolved without a note");
    admin.fill(&format!("{row} textarea"), "warned ola").await;
    admin.click(&format!("{row} button.resolve")).await;
    let gone = eventually(Duration::from_secs(10), || async {
        let listed = admin.text("#page table.reports tbody").await;
        (listed.contains("spams me") && !listed.contains("insults")).then_some(())
    })
    .await;
    assert!(gone.is_some(), "the resolved report leaves the open list");
    let (status, body) = api.get("/api/admin/reports?status=resolved", Some(&boss.token)).await;
    assert_eq!(status, 200, "{body}");
    let resolved: ReportPage = serde_json::from_value(body).expect("a page of reports");
    assert_eq!(resolved.reports.len(), 1);
    assert_eq!((resolved.reports[0].id, resolved.reports[0].note.as_deref()), (of_message.id, Some("warned ola")));
    admin.goto("/admin/#/audit").await;
    admin.wait_for_text("#page table tbody", "resolve report").await;
    admin.wait_for_text("#page table tbody", "warned ola").await;

    admin.close().await;
    server.stop().await;
}
