//! Correspondence play in the browser end to end: two headless Chromium sessions create a correspondence game
//! from the lobby's challenge form and play it over several simulated days (a "day" lasts a few seconds here,
//! `CorrespondenceSettings::day`). Each turn waits for "Send" (one is taken back first); Alice stores a
//! conditional move that fires when Bob plays the expected turn; Bob goes on vacation from the correspondence
//! page, which Alice's game page shows, and comes back early; Bob tests his webhook. The lobby lists the game
//! apart from the live games, under "Your turn" with the time left. Screenshots go under
//! `artifacts/browser/correspondence-*.png`.
//!
//! SQLite only, like the other browser tests: the client is the same whatever the store.

use std::time::Duration;

use kartka_server::config::{CorrespondenceSettings, Settings};
use kartka_tests::browser::{self, Browser, Challenge, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use kartka_tests::webhook::Receiver;

const DESKTOP: (u32, u32) = (1280, 1000);

/// A correspondence "day": the 14 days a turn of the game are under a minute, and a test of a minute or two
/// spans weeks.
const DAY: Duration = Duration::from_secs(4);

fn settings() -> Settings {
    Settings {
        correspondence: CorrespondenceSettings {
            day: DAY,
            heartbeat_interval: Duration::from_millis(100),
            sweep_interval: Duration::from_millis(50),
            notify_poll_interval: Duration::from_millis(50),
            vacation_days_per_year: 30,
            webhook_allow_private: true,
            ..CorrespondenceSettings::default()
        },
        ..Settings::default()
    }
}

/// Clicks the highlighted point one step in kurnik direction `digit` on the game's own board.
async fn step(player: &Browser, digit: u8) {
    player.click(&format!("#page .board-column .board .target[data-digit=\"{digit}\"] .target-hit")).await;
}

/// Clicks a step on the board of the conditional moves' editor.
async fn conditional_step(player: &Browser, digit: u8) {
    player.click(&format!("#conditional-moves .board .target[data-digit=\"{digit}\"] .target-hit")).await;
}

/// Plays a whole turn on the board, then sends it from the confirm step.
async fn play_turn(player: &Browser, digits: &[u8]) {
    for &digit in digits {
        step(player, digit).await;
    }
    player.wait_for_text("#turn-confirm", "Your turn is ready").await;
    player.click("#send-turn").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_over_days_with_a_confirm_step_a_conditional_move_and_a_vacation() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), settings()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    for (browser, name) in [(&alice, "alice"), (&bob, "bob")] {
        browser.sign_in_as_guest(name).await;
    }

    // A correspondence seek, for a kind other than the default, is listed in both players' lobbies.
    alice
        .find("form:has(#create-seek) select[name=seek-game]")
        .await
        .select_by_label("Closing In 8×8")
        .await
        .expect("choose Closing In");
    alice
        .find("form:has(#create-seek) select[name=seek-time-control]")
        .await
        .select_by_label("3 days a turn · Correspondence")
        .await
        .expect("choose days a turn");
    alice.click("#create-seek").await;
    alice.wait_for_text("#correspondence-seeks", "Closing In 8×8 · 3 days a turn").await;
    alice.wait_for_text("#correspondence-seeks", "expires in 7 days").await;
    // The lobby feed pushes it to Bob's open lobby, and its cancellation too: nothing is read again.
    bob.wait_for_text("#correspondence-seeks", "Closing In 8×8 · 3 days a turn · casual").await;
    alice.click("#correspondence-seeks [data-correspondence-seek] button.cancel").await;
    alice.wait_for_text("#correspondence", "No open correspondence seeks").await;
    bob.wait_for_text("#correspondence", "No open correspondence seeks").await;

    // Alice challenges Bob to Paper Soccer at 14 days a turn, taking the first seat. The challenge expires in a
    // week, and says so in days.
    let days = Some("14 days a turn · Correspondence");
    Challenge { opponent: "bob", time_control: days, seat: Some("first"), ..Challenge::default() }.send(&alice).await;
    alice.wait_for_text("#outgoing [data-challenge]", "14 days a turn").await;
    alice.wait_for_text("#outgoing [data-challenge]", "expires in 7 days").await;
    bob.wait_for_text("#incoming [data-challenge]", "expires in 7 days").await;
    alice.screenshot("correspondence-lobby-challenge").await;
    let game_id = browser::accept_challenge(&bob, &alice).await;
    let path = format!("/game/{game_id}");
    alice.wait_for_text(".game-title", "14 days a turn").await;

    // The clocks count days and hours (here seconds: a day is a few of them), never 336:00:00.
    let clock = alice.text("#page .player.seat-first .clock").await;
    assert!(clock.contains("second") || clock.contains("minute"), "the clock in words: {clock:?}");

    // Alice's turn waits for "Send": taken back, nothing is sent; played again and sent, it is stored.
    step(&alice, 0).await;
    alice.wait_for_text("#turn-confirm", "Your turn is ready").await;
    alice.wait_for_text("#game-status", "Your move: not sent yet.").await;
    alice.screenshot("correspondence-confirm-step").await;
    alice.click("#take-back").await;
    assert!(browser::stored_moves(&api, &game_id).await.is_empty(), "a turn taken back is never sent");
    play_turn(&alice, &[0]).await;
    browser::wait_for_moves(&api, &game_id, &["0"]).await;

    // On Bob's turn Alice stores a conditional move: if Bob plays 0, she answers 0.
    alice.wait_for_text("#conditional-step", "Play the turn you expect from bob").await;
    conditional_step(&alice, 0).await;
    alice.wait_for_text("#conditional-step", "Now play your answer").await;
    conditional_step(&alice, 0).await;
    alice.wait_for_text("#conditional-step", "The line is complete").await;
    alice.click("#add-conditional").await;
    alice.wait_for_text("#conditional-lines", "If bob plays 0, you answer 0").await;
    alice.screenshot("correspondence-conditional-move").await;

    // Bob's lobby lists the game apart from the live games (there are none): under "Your turn", with the time
    // left.
    bob.goto("/").await;
    bob.wait_for_text("#your-turn", "vs alice").await;
    bob.wait_for_text("#your-turn", "left").await;
    bob.wait_for_text("#live-games", "Nobody is playing right now").await;
    bob.wait_for_text("#correspondence-played", "alice – bob").await;
    // Someone without an account finds it there too, to watch.
    let carol = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    carol.goto("/").await;
    carol.wait_for_text("#correspondence-played", "alice – bob").await;
    assert!(carol.text("#correspondence-settings").await.is_empty(), "nothing of hers: only the games to watch");
    assert!(carol.text("#your-turn").await.is_empty(), "nothing of hers: only the games to watch");
    carol.close().await;
    bob.screenshot("correspondence-lobby-your-turn").await;
    bob.click(&format!("#your-turn a[href=\"{path}\"]")).await;
    browser::game_path(&bob).await;

    // Bob plays exactly the expected turn: Alice's answer is played for her at once.
    play_turn(&bob, &[0]).await;
    browser::wait_for_moves(&api, &game_id, &["0", "0", "0"]).await;
    alice.wait_for_text("#conditional-matched", "they played 0, you answered 0").await;
    alice.screenshot("correspondence-conditional-matched").await;
    // The stored moves say which reply was a conditional one: a reload still shows the match.
    alice.goto(&path).await;
    alice.wait_for_text("#conditional-matched", "they played 0, you answered 0").await;

    // Bob goes on vacation from the correspondence page: his clock stops, and Alice's page says he is away.
    bob.goto("/correspondence").await;
    bob.wait_for_text("#vacation-bank", "30 of 30 vacation days left").await;
    bob.fill("input[name=vacation-days]", "10").await;
    bob.click("#start-vacation").await;
    bob.wait_for_text("#vacation-current", "On vacation since").await;
    bob.wait_for_text("#vacation-bank", "20 of 30 vacation days left").await;
    alice.wait_for_text("#page .player.seat-second .note", "on vacation").await;
    alice.screenshot("correspondence-opponent-on-vacation").await;

    // Bob tests his webhook from the same page.
    let receiver = Receiver::start(0, Duration::ZERO).await;
    bob.fill("input[name=webhook-url]", &receiver.url()).await;
    bob.click("#save-notifications").await;
    bob.find("#webhook-secret").await;
    bob.click("#test-webhook").await;
    bob.wait_for_text("#webhook-test-result", "Test delivered").await;
    assert_eq!(receiver.deliveries().len(), 1, "one test delivery");
    bob.screenshot("correspondence-vacation-and-notifications").await;

    // Back early: the days not begun return to the bank (how many began depends on the test's pace), and
    // Alice's page no longer shows him away.
    bob.click("#end-vacation").await;
    bob.find("#start-vacation").await;
    let bank = bob.text("#vacation-bank").await;
    let left: u32 = bank.split_whitespace().next().and_then(|n| n.parse().ok()).expect("days left first");
    assert!((21..30).contains(&left), "some days returned, and at least one taken: {bank}");
    let back = browser::eventually(browser::PAGE_TIMEOUT, || async {
        alice.text("#page .player.seat-second .note").await.is_empty().then_some(())
    })
    .await;
    assert!(back.is_some(), "the vacation note goes once Bob is back");

    // Bob plays on; his notifications list the turn that came to him while he was away.
    bob.goto(&path).await;
    play_turn(&bob, &[0]).await;
    browser::wait_for_moves(&api, &game_id, &["0", "0", "0", "0"]).await;
    bob.goto("/correspondence").await;
    bob.wait_for_text("#notification-items", "Your turn").await;
    bob.wait_for_text("#notification-items", "against alice").await;

    // Alice's last turn bounces off the post into the goal: the confirm step waits for the whole turn.
    step(&alice, 1).await;
    alice.wait_for_text("#turn-confirm", "Your turn goes on").await;
    step(&alice, 7).await;
    alice.wait_for_text("#turn-confirm", "Your turn is ready").await;
    alice.click("#send-turn").await;
    browser::wait_for_moves(&api, &game_id, &["0", "0", "0", "0", "17"]).await;
    alice.wait_for_text("#game-status", "You won").await;
    alice.screenshot("correspondence-game-won").await;

    alice.close().await;
    bob.close().await;
    server.stop().await;
}
