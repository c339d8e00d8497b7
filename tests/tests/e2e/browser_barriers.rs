//! Barriers in the browser end to end: two headless Chromium sessions (a desktop and a phone) are given a 3 × 3
//! game through the API and play it to its end by clicking bars on the board. Every click is on a target the
//! page highlights, and the highlights are checked against the engine's legal bars, so the game follows the
//! rules; on the phone a first tap only marks a bar (kinds/tap-confirm.js) and the second places it. Screenshots
//! go under `artifacts/browser/barriers-*.png`.
//!
//! SQLite only, like `browser_new_kinds.rs`: the client is the same whatever the store.

use kartka_engine::AnyGame;
use kartka_protocol::kinds::barriers::{BarriersOptions, BarriersTouch};
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

/// The attribute naming a target on the board: a bar.
const BAR: &str = "bar";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_barriers_to_its_end_by_clicking_bars() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec = RulesetSpec::Barriers(BarriersOptions { width: 3, height: 3, touch: BarriersTouch::Cells });
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    let seats = [(&alice, "alice", false), (&bob, "bob", true)];
    let mut placed: Vec<String> = Vec::new();
    while let Some(seat) = game.to_act() {
        let (mover, name, confirm) = seats[seat.index()];
        let (waiter, _, _) = seats[seat.other().index()];
        mover.wait_for_text("#game-status", "Your move").await;
        waiter.wait_for_text("#game-status", &format!("{name} to move")).await;
        let mut legal = game.legal_actions();
        legal.sort();
        let shown = mover.board_targets(BAR).await;
        assert_eq!(shown, legal, "{name}'s page highlights the legal bars after {placed:?}");
        assert!(waiter.board_targets(BAR).await.is_empty(), "no highlights for the player who waits");
        if placed.len() == 1 {
            alice.screenshot("barriers-game").await;
            bob.screenshot("barriers-game-on-a-phone").await;
        }
        let bar = shown[placed.len() * 5 % shown.len()].clone();
        let hit = format!("#page .board .target[data-bar=\"{bar}\"] .target-hit");
        mover.click(&hit).await;
        if confirm {
            mover.find(&format!("#page .board .target.pending[data-bar=\"{bar}\"]")).await;
            mover.click(&hit).await;
        }
        game.play(&bar).expect("a highlighted bar is legal");
        placed.push(bar.clone());
        browser::wait_for_moves(&api, &game_id, &placed).await;
        for page in [&alice, &bob] {
            page.find(&format!("#page .board .bars .bar[data-bar=\"{bar}\"]")).await;
        }
    }

    // No bar fits: the seat that placed the last one won, and both pages say so.
    let winner = game.outcome().and_then(|outcome| outcome.winner()).expect("a winner by the rules");
    let (winning, losing) = (seats[winner.index()].0, seats[winner.other().index()].0);
    winning.wait_for_text("#game-status", "You won (no move left).").await;
    losing.wait_for_text("#game-status", "You lost (no move left).").await;
    for page in [&alice, &bob] {
        assert!(page.board_targets(BAR).await.is_empty(), "no highlights once the game is over");
    }
    alice.screenshot("barriers-finished").await;
    bob.screenshot("barriers-finished-on-a-phone").await;

    // The rules page, with its diagrams drawn by the kind's own board.
    alice.goto("/rules/barriers").await;
    alice.wait_for_text(".rules-page h1", "The rules of Barriers").await;
    let figures = "return document.querySelectorAll('.rules-page figure svg.board.barriers').length;";
    assert_eq!(alice.client.execute(figures, vec![]).await.expect("count the diagrams"), serde_json::json!(3));
    alice.screenshot("barriers-rules").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
