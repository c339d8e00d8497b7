//! The browser's connection to the server as a signed-out visitor has it. A page that watches nothing opens no
//! WebSocket (the server closes a socket that neither says hello nor watches anything, and the page used to open
//! another, forever, logging a send on a closed socket); a page that watches (the lobby) opens one and closes it
//! when the reader leaves for a page that watches nothing.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use std::time::Duration;

use kartka_server::config::Settings;
use kartka_tests::browser::{eventually, Browser, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);

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
