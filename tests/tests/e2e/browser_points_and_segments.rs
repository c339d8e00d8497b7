//! Points and segments in the browser end to end: two headless Chromium sessions (a desktop and a phone) are
//! given a game of six points on a circle through the API and play it to its end by tapping points, a free point
//! and then its partner. The points offered are checked against the engine's legal segments before each tap, so
//! the game follows the rules; then the rules page. Screenshots go under `artifacts/browser/points-and-segments-*.png`.
//!
//! SQLite only, like `browser_new_kinds.rs`: the client is the same whatever the store.

use std::collections::BTreeSet;

use kartka_engine::{AnyGame, Seat};
use kartka_protocol::kinds::points_and_segments::{PointsAndSegmentsOptions, PointsStart};
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

/// Six points on a circle: 1-4 parts the rest into 2, 3 and 5, 6, each pair then joined; the first seat draws
/// the last segment and wins.
const SEGMENTS: [(&str, &str); 3] = [("1", "4"), ("2", "3"), ("5", "6")];

/// The points the page offers as targets: every end of a legal segment, or once `chosen` is tapped, it and its
/// partners; sorted as the page's targets are read.
fn offered(legal: &[String], chosen: Option<&str>) -> Vec<String> {
    let mut points = BTreeSet::new();
    for segment in legal {
        let (a, b) = segment.split_once('-').expect("a segment");
        match chosen {
            None => points.extend([a.to_owned(), b.to_owned()]),
            Some(chosen) if chosen == a || chosen == b => points.extend([a.to_owned(), b.to_owned()]),
            Some(_) => {}
        }
    }
    points.into_iter().collect()
}

/// Taps point `number` on the mover's board.
async fn tap(mover: &Browser, number: &str) {
    mover.click(&format!("#page .board .point.target[data-point=\"{number}\"] .point-hit")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_points_and_segments_to_its_end_by_tapping_points() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec =
        RulesetSpec::PointsAndSegments(PointsAndSegmentsOptions { points: 6, start: PointsStart::Convex, seed: None });
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    let seats = [(&alice, "alice"), (&bob, "bob")];
    let mut played: Vec<String> = Vec::new();
    for (from, to) in SEGMENTS {
        let seat = game.to_act().expect("the scripted game is not over before its last segment");
        let (mover, name) = seats[seat.index()];
        let (waiter, _) = seats[seat.other().index()];
        mover.wait_for_text("#game-status", "Your move").await;
        waiter.wait_for_text("#game-status", &format!("{name} to move")).await;
        let legal = game.legal_actions();
        assert_eq!(mover.board_targets("point").await, offered(&legal, None), "{name}'s points after {played:?}");
        assert!(waiter.board_targets("point").await.is_empty(), "no points offered to the player who waits");
        tap(mover, from).await;
        mover.find(&format!("#page .board .point.selected[data-point=\"{from}\"]")).await;
        assert_eq!(mover.board_targets("point").await, offered(&legal, Some(from)), "{from}'s partners");
        if played.len() == 1 {
            mover.screenshot("points-and-segments-game-on-a-phone").await;
        }
        tap(mover, to).await;
        let segment = format!("{from}-{to}");
        game.play(&segment).expect("the scripted segment is legal");
        played.push(segment.clone());
        browser::wait_for_moves(&api, &game_id, &played).await;
        for page in [&alice, &bob] {
            page.find(&format!("#page .board .segment[data-segment=\"{segment}\"]")).await;
        }
    }

    let outcome = game.outcome().expect("the last pair ends the game by the rules");
    assert_eq!(outcome.winner(), Some(Seat::FIRST));
    alice.wait_for_text("#game-status", "You won (no move left).").await;
    bob.wait_for_text("#game-status", "You lost (no move left).").await;
    for page in [&alice, &bob] {
        assert!(page.board_targets("point").await.is_empty(), "no points offered once the game is over");
    }
    alice.screenshot("points-and-segments-finished").await;

    // The rules page, with its diagram of a chord on eight points of a circle.
    alice.goto("/rules/points-and-segments").await;
    alice.wait_for_text("#page h1", "The rules of Points and segments").await;
    alice.find("#page .rule-figure .board.points-and-segments .segment[data-segment=\"1-5\"]").await;
    alice.screenshot("points-and-segments-rules").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
