//! Digital Wars in the browser end to end: two headless Chromium sessions (a desktop and a phone) are given a
//! five-digit game under the pie rule through the API and play it to its end by clicking the board's buttons: the
//! first seat writes the string digit by digit in one turn, the second chooses who moves first, then digits are
//! lowered and zeros erased. Every click is on a button the page offers, checked against the engine's legal
//! actions. Screenshots go under `artifacts/browser/digital-wars-*.png`.
//!
//! SQLite only, like `browser_new_kinds.rs`: the client is the same whatever the store.

use kartka_engine::AnyGame;
use kartka_protocol::kinds::digital_wars::{DigitalWarsEnding, DigitalWarsOptions};
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// A clock long enough that no game here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// How long a page or the store may take to show a move.
const WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The attribute naming a button on the board: the action's notation.
const ACTION: &str = "action";

/// The string the first seat writes.
const WRITTEN: [&str; 5] = ["=3", "=0", "=2", "=0", "=5"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_write_choose_and_play_digital_wars_to_its_end() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec = RulesetSpec::DigitalWars(DigitalWarsOptions {
        length: 5,
        pie: true,
        ending: DigitalWarsEnding::Misere,
        seed: None,
    });
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    let seats = [&alice, &bob];
    let mut actions: Vec<String> = Vec::new();
    while let Some(seat) = game.to_act() {
        let (mover, waiter) = (seats[seat.index()], seats[seat.other().index()]);
        let mut legal = game.legal_actions();
        legal.sort();
        let expected = &legal;
        let shown = browser::eventually(WAIT, || async move {
            let shown = mover.board_targets(ACTION).await;
            (shown == *expected).then_some(shown)
        })
        .await
        .unwrap_or_else(|| panic!("the mover's page offers the legal actions {legal:?} after {actions:?}"));
        assert!(waiter.board_targets(ACTION).await.is_empty(), "no buttons for the player who waits");
        let action = match actions.len() {
            written if written < WRITTEN.len() => WRITTEN[written].to_owned(),
            5 => "second".to_owned(),
            played => shown[played * 3 % shown.len()].clone(),
        };
        if actions.len() == 5 {
            bob.screenshot("digital-wars-choice-on-a-phone").await;
        }
        if actions.len() == 7 {
            alice.screenshot("digital-wars-game").await;
        }
        mover.click(&format!("#page .board .target[data-action=\"{action}\"] .target-hit")).await;
        game.play(&action).expect("an offered action is legal");
        actions.push(action);
        if !game.mid_turn() {
            // A whole turn is stored as one move, its actions separated by spaces.
            let (api, game_id, count) = (&api, game_id.as_str(), actions.len());
            browser::eventually(WAIT, || async move {
                let stored = browser::stored_moves(api, game_id).await;
                (stored.iter().map(|text| text.split(' ').count()).sum::<usize>() == count).then_some(())
            })
            .await
            .unwrap_or_else(|| panic!("the server stored the {count} actions {actions:?}"));
        }
    }

    let winner = game.outcome().and_then(|outcome| outcome.winner()).expect("a winner by the rules");
    let (winning, losing) = (seats[winner.index()], seats[winner.other().index()]);
    winning.wait_for_text("#game-status", "You won").await;
    losing.wait_for_text("#game-status", "You lost").await;
    alice.screenshot("digital-wars-finished").await;
    bob.screenshot("digital-wars-finished-on-a-phone").await;

    // The rules page, with its diagrams drawn by the kind's own board.
    alice.goto("/rules/digital-wars").await;
    alice.wait_for_text(".rules-page h1", "The rules of Digital Wars").await;
    let figures = "return document.querySelectorAll('.rules-page figure svg.board.digital-wars').length;";
    assert_eq!(alice.client.execute(figures, vec![]).await.expect("count the diagrams"), serde_json::json!(1));
    alice.screenshot("digital-wars-rules").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
