//! Gallows in the browser end to end, against the real server: two headless Chromium sessions play a Polish game
//! from their own views, Alice on a desktop with the site in Polish, Bob on a phone with the site in English. Alice
//! types her word (in capitals: the page writes it as the notation does); Bob's page shows only its blanks, and a
//! keyboard of the GAME's letters (Polish, ł and ż among them) although his site speaks English; he misses once,
//! hits once and names the word. Bob then sets his word and Alice finds it letter by letter without a miss, so
//! she wins on misses (0 against 1). At the end both pages show the words and say that the commitments and every
//! answer verified, checked in the browser; last, Alice reads the rules page in Polish. Screenshots go under
//! `artifacts/browser/gallows-*.png`.
//!
//! SQLite only, like `browser_hidden.rs`: the client is the same whatever the store.

use kartka_protocol::kinds::gallows::GallowsOptions;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::Value;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// A clock long enough that no game here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// Alice's word, in the shipped Polish list; Bob misses with `BOB_MISS`, hits with `BOB_HIT` and names it.
const ALICE_WORD: &str = "kobra";
const BOB_MISS: &str = "ż";
const BOB_HIT: &str = "o";
/// Bob's word, in the shipped Polish list: Alice plays its letters, and nothing else.
const BOB_WORD: &str = "żółw";

/// The Enter key, as WebDriver types it.
const ENTER: char = '\u{E007}';

/// The stored game (`GET /api/games/{id}`), as anyone may read it.
async fn stored_game(api: &Api, game_id: &str) -> Value {
    let (status, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "the game: {game}");
    game
}

/// Sets the site's language of `page` (remembered in the browser, as the switch in the header does).
async fn speak(page: &Browser, language: &str) {
    page.goto("/").await;
    let script = format!("localStorage.setItem('kartka.language', '{language}')");
    page.client.execute(&script, vec![]).await.expect("a script");
}

/// Clicks the on-screen key of `letter` and waits for the guess to be stored.
async fn press(page: &Browser, api: &Api, game_id: &str, letter: &str, stored: usize) {
    page.click(&format!("#page .gallows-key[data-letter=\"{letter}\"]")).await;
    let reached = browser::eventually(std::time::Duration::from_secs(10), || async {
        (browser::stored_moves(api, game_id).await.len() >= stored).then_some(())
    });
    reached.await.unwrap_or_else(|| panic!("the guess {letter} is stored"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_a_polish_game_of_gallows_on_the_games_keyboard_and_verify_it() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let api = Api::new(server.url());
    let base = server.url();
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    speak(&alice, "pl").await;
    speak(&bob, "en").await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec = RulesetSpec::Gallows(GallowsOptions::default());
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;

    // Round 1: Alice sets her word; the stored move is public as its blanks, committed at once.
    alice.find("#page .gallows-entry:not([hidden])").await;
    alice.wait_for_text("#game-status", "Runda 1: wymyśl słowo").await;
    bob.wait_for_text("#game-status", "alice is setting a word").await;
    alice.fill("#gallows-word", &ALICE_WORD.to_uppercase()).await;
    alice.screenshot("gallows-setting").await;
    alice.click("#page .gallows-entry button.primary").await;
    let blanks = format!("W:{}", "_".repeat(ALICE_WORD.chars().count()));
    browser::wait_for_moves(&api, &game_id, &[blanks.as_str()]).await;
    let stored = stored_game(&api, &game_id).await;
    assert!(stored["moves"][0]["commitment"].as_str().is_some_and(|c| c.len() == 64), "committed at once");
    assert!(stored["moves"][0].get("secret").is_none() && stored["moves"][0].get("nonce").is_none());
    assert!(!stored.to_string().contains(ALICE_WORD), "the word is nobody's but Alice's before its round ends");

    // Bob's site speaks English, his keyboard Polish.
    bob.find("#page .gallows-guessing:not([hidden])").await;
    for letter in ["ł", "ż", "ą"] {
        bob.find(&format!("#page .gallows-key[data-letter=\"{letter}\"]")).await;
    }
    assert!(!bob.text("#page .board").await.contains(ALICE_WORD), "Bob's page has only the blanks");
    press(&bob, &api, &game_id, BOB_MISS, 2).await;
    press(&bob, &api, &game_id, BOB_HIT, 3).await;
    // The letters are shown in capitals.
    bob.wait_for_text("#page .gallows-tried", &BOB_MISS.to_uppercase()).await;
    bob.screenshot("gallows-guessing-on-a-phone").await;
    for page in [&alice, &bob] {
        assert_eq!(page.untranslated_texts().await, Vec::<String>::new(), "every text in the page's language");
    }
    alice.screenshot("gallows-watching-the-guesses").await;
    // On the phone the status line stands over the form's button: Enter sends the form.
    bob.fill("#gallows-solve", &format!("{ALICE_WORD}{ENTER}")).await;
    let solved = format!("={ALICE_WORD}+");
    let moves = browser::eventually(std::time::Duration::from_secs(10), || async {
        let moves = browser::stored_moves(&api, &game_id).await;
        moves.contains(&solved).then_some(moves)
    });
    moves.await.unwrap_or_else(|| panic!("Bob's word {solved} is stored"));

    // Round 2: Bob sets his word; Alice plays its letters on her keyboard.
    bob.find("#page .gallows-entry:not([hidden])").await;
    bob.fill("#gallows-word", &format!("{BOB_WORD}{ENTER}")).await;
    alice.find("#page .gallows-guessing:not([hidden])").await;
    let mut letters: Vec<char> = Vec::new();
    for letter in BOB_WORD.chars() {
        if !letters.contains(&letter) {
            letters.push(letter);
        }
    }
    let mut stored_count = browser::stored_moves(&api, &game_id).await.len();
    for letter in letters {
        stored_count += 1;
        press(&alice, &api, &game_id, &letter.to_string(), stored_count).await;
    }

    alice.wait_for_text("#game-status", "Wygrana").await;
    bob.wait_for_text("#game-status", "You lost").await;
    let stored = stored_game(&api, &game_id).await;
    assert_eq!(stored["result"]["reason"], "score", "the result: {}", stored["result"]);
    alice.wait_for_text("#page .gallows-verification.verified", "Sprawdzone").await;
    bob.wait_for_text("#page .gallows-verification.verified", "Verified").await;
    alice.screenshot("gallows-verified").await;
    bob.screenshot("gallows-verified-on-a-phone").await;

    // The rules page, in Polish, draws the gallows after 0, 2, 4 and 6 misses.
    alice.goto("/rules/gallows").await;
    alice.wait_for_text("#page h1", "Zasady gry w wisielca").await;
    alice.find("#page .gallows-figures svg:nth-of-type(4)").await;
    assert_eq!(alice.untranslated_texts().await, Vec::<String>::new(), "the rules page in Polish");
    alice.screenshot("gallows-rules").await;
    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
