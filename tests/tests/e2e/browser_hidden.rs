//! Sea Battle and Bulls and Cows in the browser end to end, against the real server: two headless Chromium
//! sessions (a desktop and a phone) play each game from their own views. Both seats act at once in the
//! simultaneous phases, the second seat first: each places a fleet ("random fleet", then "place fleet") or
//! enters a secret, and is told only that the other is ready. Sea Battle then goes shot by shot, each shot
//! clicked among the targets the page highlights, which never include a cell the shooter shot before (read
//! from the public moves); Bulls and Cows plays a round in which the first seat breaks the code. At the end both
//! pages show the revealed secrets and say "Verified", having checked the commitments and every answer in the
//! browser. Screenshots go under `artifacts/browser/sea-battle-*.png` and `artifacts/browser/bulls-and-cows-*.png`.
//!
//! SQLite only, like `browser_new_kinds.rs`: the client is the same whatever the store.

use std::time::Duration;

use kartka_protocol::kinds::bulls_and_cows::BullsAndCowsOptions;
use kartka_protocol::kinds::sea_battle::SeaBattleOptions;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// A clock long enough that no game here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// Shots played in the Sea Battle game before the second seat resigns.
const SHOTS: usize = 6;

/// The stored game (`GET /api/games/{id}`), as anyone may read it.
async fn stored_game(api: &Api, game_id: &str) -> Value {
    let (status, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "the game: {game}");
    game
}

/// Opens two browsers on a fresh server, signed in as Alice (desktop) and Bob (phone).
async fn two_players(server: &TestServer, driver: &Chromedriver) -> (Browser, Browser) {
    let base = server.url();
    let alice = Browser::open(driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    (alice, bob)
}

/// How many of `selector` the page shows.
async fn count(page: &Browser, selector: &str) -> usize {
    let script = format!("return document.querySelectorAll({selector:?}).length;");
    let counted = page.client.execute(&script, vec![]).await.expect("count elements");
    counted.as_u64().expect("a count") as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_place_fleets_at_once_shoot_and_verify_sea_battle() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let api = Api::new(server.url());
    let (alice, bob) = two_players(&server, &driver).await;
    let spec = RulesetSpec::SeaBattle(SeaBattleOptions::default());
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;

    // Setup: both editors are open at once. Bob places first; Alice's page says only that he is ready.
    for page in [&alice, &bob] {
        page.find("#page .sea-battle-editor:not([hidden])").await;
    }
    bob.click("#page .sea-battle-editor .board-switches button:nth-child(3)").await;
    bob.screenshot("sea-battle-placing-on-a-phone").await;
    bob.click("#page .sea-battle-editor .board-switches button.primary").await;
    bob.wait_for_text("#game-status", "Your fleet is placed. Waiting for the fleet of alice…").await;
    browser::wait_for_moves(&api, &game_id, &["F"]).await;
    let stored = stored_game(&api, &game_id).await;
    assert_eq!(stored["moves"][0]["notation"], "F", "a fleet is public as F only: {}", stored["moves"][0]);
    assert!(stored["moves"][0]["commitment"].as_str().is_some_and(|c| c.len() == 64), "committed at once");
    assert!(stored["moves"][0].get("secret").is_none() && stored["moves"][0].get("nonce").is_none());
    assert_eq!(stored["seats_to_act"], json!(["first"]), "Alice is still placing her fleet");

    alice.click("#page .sea-battle-editor .board-switches button:nth-child(3)").await;
    assert_eq!(count(&alice, "#page .board .ship").await, 10, "the random fleet holds the classic ten ships");
    alice.screenshot("sea-battle-placing").await;
    alice.click("#page .sea-battle-editor .board-switches button.primary").await;
    browser::wait_for_moves(&api, &game_id, &["F", "F"]).await;

    // Play: the player to act clicks the first highlighted cell; the highlights are the legal shots.
    let seats = [(&alice, false), (&bob, true)];
    for shot in 0..SHOTS {
        let stored = stored_game(&api, &game_id).await;
        let seat = if stored["to_act"] == "first" { 0 } else { 1 };
        let (mover, confirm) = seats[seat];
        let (waiter, _) = seats[1 - seat];
        let shown = browser::eventually(Duration::from_secs(10), || async {
            let targets = mover.board_targets("cell").await;
            (!targets.is_empty()).then_some(targets)
        });
        let targets = shown.await.expect("the shooter's page highlights the cells it may shoot");
        let shot_before = shots_of(&stored, seat);
        assert!(targets.iter().all(|cell| !shot_before.contains(cell)), "no cell shot before: {shot_before:?}");
        assert!(targets.len() <= 100 - shot_before.len(), "cells next to a sunk ship are not offered either");
        assert!(waiter.board_targets("cell").await.is_empty(), "no highlights for the player who waits");
        let cell = &targets[shot * 7 % targets.len()];
        let hit = format!("#page .board .target[data-cell=\"{cell}\"] .target-hit");
        mover.click(&hit).await;
        if confirm {
            mover.find(&format!("#page .board .target.pending[data-cell=\"{cell}\"]")).await;
            mover.click(&hit).await;
        }
        let played = eventually_played(&api, &game_id, 2 + shot + 1).await;
        let answer = &played[2 + shot];
        assert!(answer.starts_with(cell.as_str()), "the shot {cell} is stored with its answer: {answer}");
        if shot == 3 {
            alice.screenshot("sea-battle-game").await;
            bob.screenshot("sea-battle-game-on-a-phone").await;
        }
    }

    let token = bob.session().await.token;
    let (status, body) = api.post(&format!("/api/games/{game_id}/resign"), Some(&token), &json!({})).await;
    assert_eq!(status, 200, "Bob resigns: {body}");
    alice.wait_for_text("#game-status", "You won (resignation).").await;
    for page in [&alice, &bob] {
        page.wait_for_text("#page .sea-battle-verification.verified", "Verified").await;
        // The revealed enemy fleet is drawn on each page: twenty ship cells a side, ten ships each.
        assert_eq!(count(page, "#page .board .ship").await, 20, "both fleets are drawn once revealed");
    }
    alice.screenshot("sea-battle-verified").await;
    bob.screenshot("sea-battle-verified-on-a-phone").await;
    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}

/// The cells the seat at `seat` (0 or 1) has shot, read from the stored game's public texts (`E5.`, `E5x`,
/// `E5#E3-E6`: the cell, then its answer).
fn shots_of(stored: &Value, seat: usize) -> Vec<String> {
    let name = ["first", "second"][seat];
    let moves = stored["moves"].as_array().expect("moves");
    let texts = moves.iter().filter(|m| m["seat"] == name).filter_map(|m| m["notation"].as_str());
    let shots = texts.filter(|text| *text != "F").flat_map(|text| text.split(' '));
    shots.map(|shot| shot.split(['.', 'x', '#']).next().expect("a cell").to_owned()).collect()
}

/// Types `code` into the page's entry and sends it (a secret or a guess, by the phase).
async fn submit(page: &Browser, code: &str) {
    page.fill("#bulls-and-cows-code", code).await;
    page.click("#page .bulls-and-cows-entry button.primary").await;
}

/// The stored moves' public texts once there are `count` of them.
async fn eventually_played(api: &Api, game_id: &str, count: usize) -> Vec<String> {
    let found = browser::eventually(Duration::from_secs(10), || async {
        let moves = browser::stored_moves(api, game_id).await;
        (moves.len() >= count).then_some(moves)
    });
    found.await.unwrap_or_else(|| panic!("{count} moves are stored"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_choose_secrets_and_guess_at_once_in_bulls_and_cows() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let api = Api::new(server.url());
    let (alice, bob) = two_players(&server, &driver).await;
    let spec = RulesetSpec::BullsAndCows(BullsAndCowsOptions::default());
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;

    // Secrets, Bob's first; then one round, Bob's guess first: Alice's guess is Bob's secret.
    for page in [&alice, &bob] {
        page.find("#page .bulls-and-cows-entry:not([hidden])").await;
    }
    submit(&bob, "5678").await;
    browser::wait_for_moves(&api, &game_id, &["S"]).await;
    submit(&alice, "1234").await;
    browser::wait_for_moves(&api, &game_id, &["S", "S"]).await;
    alice.screenshot("bulls-and-cows-secrets").await;

    submit(&bob, "1243").await;
    browser::wait_for_moves(&api, &game_id, &["S", "S", "G"]).await;
    let public = browser::stored_moves(&api, &game_id).await;
    assert!(!public.iter().any(|text| text.contains("1243")), "a guess is not public before its round resolves");
    alice.wait_for_text("#game-status", "bob has guessed").await;
    bob.screenshot("bulls-and-cows-waiting-on-a-phone").await;
    submit(&alice, "5678").await;

    alice.wait_for_text("#game-status", "You won").await;
    bob.wait_for_text("#game-status", "You lost").await;
    let stored = stored_game(&api, &game_id).await;
    assert_eq!(stored["result"]["reason"], "code_broken", "the result: {}", stored["result"]);
    for page in [&alice, &bob] {
        page.wait_for_text("#page .bulls-and-cows-verification.verified", "Verified").await;
        let table = page.text("#page .bulls-and-cows-rounds").await;
        assert!(table.contains("5678") && table.contains("1243"), "the round with both guesses: {table}");
    }
    alice.screenshot("bulls-and-cows-verified").await;
    bob.screenshot("bulls-and-cows-verified-on-a-phone").await;
    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
