//! Balda in the browser end to end: two headless Chromium sessions are given a Russian 5 × 5 game through the API
//! and make its first moves as a player does: the empty cell, the letter on the on-screen keyboard (the game's
//! Russian letters, the page in English), the word's cells clicked in order, "Play the word"; the second player
//! answers with a word too, then passes. Each word is one the engine lists as legal from the game's ruleset, so
//! the server accepts it. Screenshots go under `artifacts/browser/balda-*.png`.
//!
//! SQLite only, like the other browser tests: the client is the same whatever the store.

use kartka_engine::balda::{Move, Position};
use kartka_engine::{Game, Ruleset};
use kartka_protocol::kinds::balda::BaldaOptions;
use kartka_protocol::kinds::dictionary::LanguageCode;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);

/// A clock long enough that no game here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// Plays `word` on `page` by clicks: its cell, its letter, its path, then "Play the word".
async fn play_word(page: &Browser, word: Move) -> String {
    let Move::Place(placement) = word else { panic!("a word") };
    page.click(&format!("#page .board .cell[data-cell=\"{}\"] rect", placement.cell)).await;
    page.click(&format!("#page .balda-key[data-letter=\"{}\"]", placement.letter)).await;
    for cell in placement.path.cells() {
        page.click(&format!("#page .board .cell[data-cell=\"{cell}\"] rect")).await;
    }
    page.click("#page .balda-play").await;
    kartka_engine::write_actions::<Position>(&[word])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_russian_balda_by_clicking_cells_and_letters() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec = RulesetSpec::Balda(BaldaOptions { language: LanguageCode::Ru, ..BaldaOptions::default() });
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    let settled: RulesetSpec = serde_json::from_value(stored["ruleset"].clone()).expect("the game's ruleset");
    let Ok(Ruleset::Balda(rules)) = kinds::ruleset(&settled) else { panic!("a Balda ruleset: {settled:?}") };
    let mut game = Position::new(rules);

    // The keyboard is the game's alphabet, Russian, though the pages speak English.
    let keys = "return [...document.querySelectorAll('#page .balda-key')].map((key) => key.dataset.letter).join('');";
    let shown = alice.client.execute(keys, vec![]).await.expect("the keyboard's letters");
    assert_eq!(shown, serde_json::json!("абвгдежзийклмнопрстуфхцчшщъыьэюя"));

    let mut played = Vec::new();
    for (mover, waiter, name) in [(&alice, &bob, "alice"), (&bob, &alice, "bob")] {
        mover.wait_for_text("#game-status", "Your move").await;
        waiter.wait_for_text("#game-status", &format!("{name} to move")).await;
        let mut words = Vec::new();
        game.for_each_legal_action(|action| words.push(action));
        let word = words.into_iter().find(|action| matches!(action, Move::Place(_))).expect("a word to play");
        played.push(play_word(mover, word).await);
        game.play(word).expect("a listed word is legal");
        browser::wait_for_moves(&api, &game_id, &played).await;
        if played.len() == 1 {
            mover.screenshot("balda-first-word").await;
        }
    }
    alice.wait_for_text("#game-status", "Your move").await;
    alice.click("#page .balda-pass").await;
    played.push("pass".to_owned());
    browser::wait_for_moves(&api, &game_id, &played).await;
    alice.screenshot("balda-game").await;
    bob.screenshot("balda-game-second-seat").await;

    // The rules page, its figure drawn by the kind's own board.
    alice.goto("/rules/balda").await;
    alice.wait_for_text(".rules-page h1", "The rules of Balda").await;
    let figures = "return document.querySelectorAll('.rules-page figure svg.board.balda').length;";
    assert_eq!(alice.client.execute(figures, vec![]).await.expect("count the diagrams"), serde_json::json!(1));
    alice.screenshot("balda-rules").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
