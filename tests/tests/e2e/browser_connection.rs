//! The browser's connection to the server as a signed-out visitor has it. A page that watches nothing opens no
//! WebSocket (the server closes a socket that neither says hello nor watches anything, and the page used to open
//! another, forever, logging a send on a closed socket); a page that watches (the lobby) opens one and closes it
//! when the reader leaves for a page that watches nothing. A signed-out spectator, on a desktop and on a phone,
//! is told when the server is gone and when it is back, and the page tries again every 1–2 s meanwhile.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use std::time::Duration;

use fantoccini::Locator;
use kartka_protocol::TimeControl;
use kartka_server::config::Settings;
use kartka_tests::browser::{eventually, Browser, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// The server's hello deadline in these tests: a socket that neither says hello nor watches is closed this soon.
const HELLO: Duration = Duration::from_secs(1);

/// How long a page that must open no socket is watched: three hello deadlines, each of which would have closed a
/// watch-only socket and had the page open another. Absence can only be seen over time, so this is a wait.
const QUIET: Duration = Duration::from_secs(3);

fn short_hello() -> Settings {
    let mut settings = Settings::default();
    settings.limits.hello_timeout = HELLO;
    settings
}

/// Waits until `page` has opened `count` sockets and the last is `open` (or closed).
async fn wait_for_sockets(page: &Browser, count: usize, open: bool) {
    let reached = eventually(PAGE_TIMEOUT, || async {
        let sockets = page.sockets().await;
        (sockets.len() == count && sockets.last().is_some_and(|socket| socket.open == open)).then_some(())
    })
    .await;
    assert!(reached.is_some(), "the page never had {count} sockets, the last open: {open}: {:?}", page.sockets().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_out_visitor_opens_a_socket_only_while_the_page_watches_something() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), short_hello()).await;
    let driver = Chromedriver::start();
    let visitor = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    visitor.record_sockets().await;

    // The rules watch nothing: no socket, however long the page stays.
    visitor.goto("/rules").await;
    visitor.wait_for_text("#page h1", "The rules").await;
    tokio::time::sleep(QUIET).await;
    assert!(visitor.sockets().await.is_empty(), "a page that watches nothing opens no socket");

    // The lobby watches: one socket, kept past the hello deadline by its subscription.
    visitor.click(".site-nav a[href=\"/\"]").await;
    visitor.find("#live-games").await;
    wait_for_sockets(&visitor, 1, true).await;
    tokio::time::sleep(QUIET).await;
    let sockets = visitor.sockets().await;
    assert!(sockets.len() == 1 && sockets[0].open, "the lobby keeps its one socket: {sockets:?}");

    // Back to a page that watches nothing: the socket closes, and no other opens.
    visitor.click(".site-nav a[href=\"/rules\"]").await;
    visitor.wait_for_text("#page h1", "The rules").await;
    wait_for_sockets(&visitor, 1, false).await;
    tokio::time::sleep(QUIET).await;
    assert_eq!(visitor.sockets().await.len(), 1, "nothing to watch, nothing reopened");

    assert_eq!(visitor.console_errors().await, Vec::<String>::new(), "the console logged no error");
    visitor.close().await;
    server.stop().await;
}

/// Whether the connection badge is on screen.
async fn badge_shown(page: &Browser) -> bool {
    let badge = page.client.find(Locator::Css("#connection")).await.expect("the badge");
    badge.is_displayed().await.expect("whether it shows")
}

/// Retries to see while the server is down: enough that reconnect delays growing by doubling would have reached
/// 4 s between two of them.
const RETRIES: usize = 6;

/// The longest a page may wait between two tries while the server is down: 2 s at most, with room for a busy
/// machine's late timers.
const MOST_BETWEEN_TRIES_MS: f64 = 3000.0;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_out_spectator_is_told_when_the_server_is_gone_and_when_it_is_back() {
    let database = TestDb::new(Backend::Sqlite).await;
    let mut server = TestServer::start(database.url(), Settings::default()).await;
    let addr = server.addr;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game(&alice, &bob, TimeControl::Fischer { initial_seconds: 300, increment_seconds: 0 }).await;
    let driver = Chromedriver::start();

    for (width, height) in [DESKTOP, PHONE] {
        let spectator = Browser::open(&driver, &server.url(), width, height).await;
        spectator.record_sockets().await;
        spectator.goto(&format!("/game/{game}")).await;
        spectator.wait_for_text("#game-status", "alice to move").await;
        assert!(!badge_shown(&spectator).await, "online: no badge");
        let before = spectator.sockets().await.len();

        server.stop().await;
        spectator.wait_for_text("#connection", "Offline").await;
        // The server stays down until the page has tried again a few times.
        let tried =
            eventually(PAGE_TIMEOUT, || async { (spectator.sockets().await.len() >= before + RETRIES).then_some(()) })
                .await;
        assert!(tried.is_some(), "the page tries again while the server is down: {:?}", spectator.sockets().await);
        assert!(badge_shown(&spectator).await, "the badge stays while the server is down");

        server = TestServer::start_on(database.url(), Settings::default(), addr).await;
        let back = eventually(PAGE_TIMEOUT, || async { (!badge_shown(&spectator).await).then_some(()) }).await;
        assert!(back.is_some(), "the badge goes when the server is back");
        spectator.wait_for_text("#game-status", "alice to move").await;
        spectator.screenshot(&format!("spectator-reconnected-{width}")).await;

        let tries: Vec<f64> = spectator.sockets().await[before..].iter().map(|socket| socket.at).collect();
        for pair in tries.windows(2) {
            let between = pair[1] - pair[0];
            assert!(between <= MOST_BETWEEN_TRIES_MS, "{between} ms between two tries: {tries:?}");
        }
        spectator.close().await;
    }
    server.stop().await;
}
