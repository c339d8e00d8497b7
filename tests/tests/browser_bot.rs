//! Play the computer in the browser: a guest picks a game, a level, a seat and a time control in the lobby's
//! "Play the computer" panel; the built-in bot accepts at once and the game opens; the guest clicks the first
//! highlighted square on each turn until the game is over. Screenshots go under
//! `artifacts/browser/play-the-computer-*.png`.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use std::time::Duration;

use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);

/// How long one turn of the game (the bot's, then the page's) may take.
const TURN_TIMEOUT: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_plays_the_computer_from_the_lobby_to_the_end() {
    let database = TestDb::new(Backend::Sqlite).await;
    let settings = Settings { builtin_bot: Some("kartka-bot".to_owned()), ..Settings::default() };
    let server = TestServer::start(database.url(), settings).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;

    // The panel names the levels; Alice picks Closing In, the beginner, and the first seat.
    alice.wait_for_text("#play-computer select[name=level]", "1 · Beginner").await;
    alice.wait_for_text("#play-computer select[name=level]", "8 · Strongest").await;
    let panel = "#play-computer";
    alice.find(&format!("{panel} select[name=game]")).await.select_by_label("Closing In 6×6").await.expect("choose");
    alice.find(&format!("{panel} select[name=level]")).await.select_by_value("kartka-bot-1").await.expect("level");
    alice.find(&format!("{panel} select[name=colour]")).await.select_by_value("first").await.expect("a seat");
    alice.screenshot("play-the-computer-lobby").await;
    alice.click("#play-computer-start").await;
    let path = browser::game_path(&alice).await;
    let game_id = path.trim_start_matches("/game/").to_owned();
    alice.wait_for_text(".game-title", "you play A, moving first").await;
    alice.wait_for_text(".player.seat-second .name", "kartka-bot-1").await;
    alice.wait_for_text(".player.seat-second .name", "bot").await;

    // Alice clicks the first highlighted square whenever it is her move, until the game is over.
    let mut moves = 0;
    let status = loop {
        let status = browser::eventually(TURN_TIMEOUT, || async {
            let status = alice.text("#game-status").await;
            (status.contains("Your move") || status.contains("won") || status.contains("lost")).then_some(status)
        })
        .await
        .expect("the bot answers every move");
        if !status.contains("Your move") {
            break status;
        }
        if moves == 6 {
            alice.screenshot("play-the-computer-game").await;
        }
        let target = "#page .board .target .target-hit";
        alice.click(target).await;
        moves += 1;
        // Wait for the move to land before looking for the next turn.
        browser::eventually(TURN_TIMEOUT, || async {
            (browser::stored_moves(&api, &game_id).await.len() >= 2 * moves - 1).then_some(())
        })
        .await
        .expect("the move is stored");
    };
    assert!(status.contains("You won") || status.contains("You lost"), "{status}");
    alice.screenshot("play-the-computer-finished").await;
    let (_, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["rated"], false, "casual unless the player asks");
    alice.close().await;
    server.stop().await;
}
