//! Superghost in the browser end to end: two headless Chromium sessions, the pages in English, are given an English
//! game through the API and play it as players do, with the on-screen keyboard (the game's letters) and the
//! "Add at the end" and "Challenge" buttons. The first challenge is of a fragment a word of the list holds, so the
//! challenger loses the round; the second of a bluff no word holds, so the challenged player does; each page shows
//! the verdict the server told. The letters are chosen through the engine from the game's own list, so the test
//! holds for whichever English list the server plays. Screenshots go under `artifacts/browser/superghost-*.png`.
//!
//! SQLite only, like the other browser tests: the client is the same whatever the store.

use kartka_engine::superghost::{Action, Position, RoundLoss, Side};
use kartka_engine::Ruleset;
use kartka_protocol::kinds::dictionary::LanguageCode;
use kartka_protocol::kinds::superghost::SuperghostOptions;
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

/// Adds `letter` at the end of the fragment on `page`: its key on the on-screen keyboard, then "Add at the end".
async fn add_at_end(page: &Browser, letter: char) {
    page.wait_for_text("#game-status", "Your move").await;
    page.click(&format!("#page .superghost-key[data-letter=\"{letter}\"]")).await;
    page.click("#page .superghost-end").await;
}

/// Challenges the previous player on `page`.
async fn challenge(page: &Browser) {
    page.wait_for_text("#game-status", "Your move").await;
    page.click("#page .superghost-challenge").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_english_superghost_and_see_challenges_decided_both_ways() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let options = SuperghostOptions { language: LanguageCode::En, ..SuperghostOptions::default() };
    let game_id =
        browser::start_game_on_pages(&alice, &bob, &api, RulesetSpec::Superghost(options), TIME_CONTROL).await;
    let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    let settled: RulesetSpec = serde_json::from_value(stored["ruleset"].clone()).expect("the game's ruleset");
    let Ok(Ruleset::Superghost(rules)) = kinds::ruleset(&settled) else { panic!("a Superghost ruleset: {settled:?}") };

    // The keyboard is the game's alphabet.
    let keys =
        "return [...document.querySelectorAll('#page .superghost-key')].map((key) => key.dataset.letter).join('');";
    let shown = alice.client.execute(keys, vec![]).await.expect("the keyboard's letters");
    assert_eq!(shown, serde_json::json!("abcdefghijklmnopqrstuvwxyz"));

    // "ca" is inside a word: alice, who challenges it, loses the round.
    let mut game = Position::new(rules);
    for letter in ['c', 'a'] {
        game.play(Action::Add { side: Side::End, letter }).expect("legal");
    }
    assert_eq!(game.round_loss(Action::Challenge), Some(RoundLoss::ChallengeFailed), "the list holds a word");
    add_at_end(&alice, 'c').await;
    add_at_end(&bob, 'a').await;
    bob.screenshot("superghost-fragment").await;
    challenge(&alice).await;
    browser::wait_for_moves(&api, &game_id, &[">c", ">a", "?+"]).await;
    for page in [&alice, &bob] {
        page.wait_for_text("#page .board.superghost .verdict-why", "A word holds CA.").await;
        page.wait_for_text("#page .board.superghost .verdict-who", "First challenged and lost the round.").await;
    }
    alice.screenshot("superghost-challenge-failed").await;

    // Alice starts the next round with z; bob bluffs with a letter after which no word is possible, and alice's
    // challenge exposes it: bob loses the round.
    let mut probe = Position::new(rules);
    probe.play(Action::Add { side: Side::End, letter: 'z' }).expect("legal");
    let bluff = rules
        .language()
        .alphabet()
        .iter()
        .copied()
        .find(|&letter| {
            let mut after = probe.clone();
            after.play(Action::Add { side: Side::End, letter }).expect("legal");
            after.round_loss(Action::Challenge) == Some(RoundLoss::Challenged)
        })
        .expect("some letter after z leaves no word");
    add_at_end(&alice, 'z').await;
    add_at_end(&bob, bluff).await;
    challenge(&alice).await;
    let exposed = format!(">{bluff}");
    browser::wait_for_moves(&api, &game_id, &[">c", ">a", "?+", ">z", exposed.as_str(), "?-"]).await;
    let why = format!("No word holds Z{}.", bluff.to_ascii_uppercase());
    for page in [&alice, &bob] {
        page.wait_for_text("#page .board.superghost .verdict-why", &why).await;
        page.wait_for_text("#page .board.superghost .verdict-who", "Second was challenged and lost the round.").await;
    }
    // Each player holds one letter of GHOST.
    let held = "return [...document.querySelectorAll('#page .board.superghost .seat-row')].map((row) => row.querySelectorAll('.ghost.held').length);";
    assert_eq!(bob.client.execute(held, vec![]).await.expect("the letters held"), serde_json::json!([1, 1]));
    bob.wait_for_text("#game-status", "Your move").await;
    alice.screenshot("superghost-game").await;
    bob.screenshot("superghost-game-second-seat").await;

    // The rules page, its figure drawn by the kind's own board.
    alice.goto("/rules/superghost").await;
    alice.wait_for_text(".rules-page h1", "The rules of Superghost").await;
    let figures = "return document.querySelectorAll('.rules-page figure svg.board.superghost').length;";
    assert_eq!(alice.client.execute(figures, vec![]).await.expect("count the diagrams"), serde_json::json!(1));
    alice.screenshot("superghost-rules").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
