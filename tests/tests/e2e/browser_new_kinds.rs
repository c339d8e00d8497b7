//! Five in a row and Dots and Boxes in the browser end to end: two headless Chromium sessions (a desktop and a
//! phone) are given a game through the API and play it to its end by clicking the board, a tic-tac-toe to a
//! win and a 1×2 Dots and Boxes field to its last line. Every click is on a target the page highlights, and the
//! highlights are checked against the engine's legal actions, so the games follow the rules. On the phone a
//! first tap only marks a target (kinds/tap-confirm.js) and the second plays it; that is checked as well.
//! Screenshots go under `artifacts/browser/five-in-a-row-*.png` and `artifacts/browser/dots-and-boxes-*.png`.
//!
//! SQLite only, like `browser_closing_in.rs`: the client is the same whatever the store.

use kartka_engine::{AnyGame, Seat};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::kinds::five_in_a_row::FiveInARowOptions;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// A clock long enough that no game here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// The scripted tic-tac-toe: Black (the first seat, no opening) takes the diagonal a1–b2–c3 while White answers
/// on the a file, so the fifth stone wins.
const TIC_TAC_TOE: [&str; 5] = ["a1", "a2", "b2", "a3", "c3"];

/// The attribute naming a target on each board: Five in a row's points, Dots and Boxes' edges.
const POINT: &str = "point";
const EDGE: &str = "edge";

/// The stored game (`GET /api/games/{id}`).
async fn stored_game(api: &Api, game_id: &str) -> Value {
    let (status, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "the game: {game}");
    game
}

/// Whether any stored move of the game contains `action` among its space-separated parts (a Dots and Boxes
/// move may draw several edges).
async fn stored_contains(api: &Api, game_id: &str, action: &str) -> bool {
    browser::stored_moves(api, game_id).await.iter().any(|notation| notation.split(' ').any(|part| part == action))
}

/// The mover plays the highlighted target `name` by clicking it; on the phone (`confirm`) the first tap must only
/// mark it, and play nothing, before the second plays it.
async fn play_target(mover: &Browser, confirm: bool, api: &Api, game_id: &str, attribute: &str, name: &str) {
    let hit = format!("#page .board .target[data-{attribute}=\"{name}\"] .target-hit");
    mover.click(&hit).await;
    if confirm {
        mover.find(&format!("#page .board .target.pending[data-{attribute}=\"{name}\"]")).await;
        assert!(!stored_contains(api, game_id, name).await, "one tap on {name} plays nothing");
        mover.click(&hit).await;
    }
}

/// The seats' pages in order: the page, the player's name, and whether its taps need confirming (the phone).
type Seats<'a> = [(&'a Browser, &'a str, bool); 2];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_tic_tac_toe_to_a_win_by_clicking_points() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec = RulesetSpec::FiveInARow(FiveInARowOptions {
        width: Some(3),
        height: Some(3),
        line: 3,
        ..FiveInARowOptions::default()
    });
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    let seats: Seats = [(&alice, "alice", false), (&bob, "bob", true)];
    let mut played: Vec<&str> = Vec::new();
    for point in TIC_TAC_TOE {
        let seat = game.to_act().expect("the scripted game is not over before its last stone");
        let (mover, name, confirm) = seats[seat.index()];
        let (waiter, _, _) = seats[seat.other().index()];
        // Without an opening the first seat plays Black, so the stones alternate from black.
        let colour = if played.len() % 2 == 0 { "black" } else { "white" };
        mover.wait_for_text("#game-status", &format!("Your move: place a {colour} stone.")).await;
        waiter.wait_for_text("#game-status", &format!("{name} places a {colour} stone.")).await;
        let mut legal = game.legal_actions();
        legal.sort();
        assert_eq!(
            mover.board_targets(POINT).await,
            legal,
            "{name}'s page highlights the free points after {played:?}"
        );
        assert!(waiter.board_targets(POINT).await.is_empty(), "no highlights for the player who waits");
        if played.len() == 2 {
            mover.screenshot("five-in-a-row-game").await;
        }
        if played.len() == 3 {
            mover.screenshot("five-in-a-row-game-on-a-phone").await;
        }
        play_target(mover, confirm, &api, &game_id, POINT, point).await;
        game.play(point).expect("the scripted point is legal");
        played.push(point);
        browser::wait_for_moves(&api, &game_id, &played).await;
    }

    // Black's diagonal is complete: Alice won, and both pages say so and draw the stones and the winning line.
    let outcome = game.outcome().expect("the diagonal ends the game by the rules");
    assert_eq!(outcome.winner(), Some(Seat::FIRST), "the first seat's diagonal wins");
    alice.wait_for_text("#game-status", "You won (row completed).").await;
    bob.wait_for_text("#game-status", "You lost (row completed).").await;
    let stored = stored_game(&api, &game_id).await;
    assert_eq!(stored["status"], "finished");
    assert_eq!(stored["result"]["reason"], "row", "the result: {}", stored["result"]);
    assert_eq!(stored["result"]["winner"], "first");
    let drawn = "return [...document.querySelectorAll('#page .board .stone')].map((s) => s.dataset.point).sort();";
    let mut stones: Vec<&str> = TIC_TAC_TOE.to_vec();
    stones.sort_unstable();
    for page in [&alice, &bob] {
        assert_eq!(page.client.execute(drawn, vec![]).await.expect("read the stones"), json!(stones));
        page.find("#page .board .winning-line").await;
        assert!(page.board_targets(POINT).await.is_empty(), "no highlights once the game is over");
    }
    alice.screenshot("five-in-a-row-finished").await;
    bob.screenshot("five-in-a-row-finished-on-a-phone").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_dots_and_boxes_to_its_last_line_by_clicking_edges() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let spec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 1, cols: 2, players: 2 });
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    // The players click their way to the end, each edge chosen among the mover's highlights (spread over the
    // list); a player who completes a box draws again, as the engine says.
    let seats: Seats = [(&alice, "alice", false), (&bob, "bob", true)];
    let mut drawn: Vec<String> = Vec::new();
    while let Some(seat) = game.to_act() {
        let (mover, name, confirm) = seats[seat.index()];
        let (waiter, _, _) = seats[seat.other().index()];
        // A completed box gives its mover another line, and both pages say so.
        if !game.mid_turn() {
            mover.wait_for_text("#game-status", "Your move.").await;
            waiter.wait_for_text("#game-status", &format!("{name} to move.")).await;
        } else {
            mover.wait_for_text("#game-status", "You completed a box: draw another line.").await;
            waiter.wait_for_text("#game-status", &format!("{name} completed a box and draws another line.")).await;
        }
        let mut legal = game.legal_actions();
        legal.sort();
        let shown = mover.board_targets(EDGE).await;
        assert_eq!(shown, legal, "{name}'s page highlights the undrawn edges after {drawn:?}");
        assert!(waiter.board_targets(EDGE).await.is_empty(), "no highlights for the player who waits");
        if drawn.len() == 3 {
            alice.screenshot("dots-and-boxes-game").await;
            bob.screenshot("dots-and-boxes-game-on-a-phone").await;
        }
        let edge = shown[drawn.len() * 3 % shown.len()].clone();
        play_target(mover, confirm, &api, &game_id, EDGE, &edge).await;
        game.play(&edge).expect("a highlighted edge is legal");
        drawn.push(edge.clone());
        for page in [&alice, &bob] {
            page.find(&format!("#page .board .edges .edge[data-edge=\"{edge}\"]")).await;
        }
    }
    assert_eq!(drawn.len(), 7, "a 1×2 field has seven edges, all drawn: {drawn:?}");

    // Every line is drawn: both pages show each box's owner, the scores, and the result the engine reaches.
    let outcome = game.outcome().expect("the game is over by the rules");
    let boxes =
        "return ['first', 'second'].map((seat) => document.querySelectorAll(`#page .board .box-${seat}`).length);";
    let stored = stored_game(&api, &game_id).await;
    assert_eq!(stored["status"], "finished");
    assert_eq!(stored["result"]["reason"], "score", "the result: {}", stored["result"]);
    for (page, _, _) in seats {
        page.wait_for_text("#game-status", "(score)").await;
        let owned = page.client.execute(boxes, vec![]).await.expect("read the boxes");
        let owned: Vec<u64> = owned.as_array().expect("a list").iter().map(|n| n.as_u64().expect("a count")).collect();
        assert_eq!(owned.iter().sum::<u64>(), 2, "both boxes have an owner: {owned:?}");
        let (blue, red) = (owned[0], owned[1]);
        let expected_winner = match blue.cmp(&red) {
            std::cmp::Ordering::Greater => Some(Seat::FIRST),
            std::cmp::Ordering::Less => Some(Seat::SECOND),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(outcome.winner(), expected_winner, "the page's boxes agree with the engine's result");
        page.wait_for_text("#page .board .score", &format!("Blue {blue} · Red {red}")).await;
        assert!(page.board_targets(EDGE).await.is_empty(), "no highlights once the game is over");
    }
    match outcome.winner() {
        Some(winner_seat) => {
            let (winner, loser) = (seats[winner_seat.index()], seats[winner_seat.other().index()]);
            winner.0.wait_for_text("#game-status", "You won (score).").await;
            loser.0.wait_for_text("#game-status", "You lost (score).").await;
            assert_eq!(stored["result"]["winner"], if winner_seat == Seat::FIRST { "first" } else { "second" });
        }
        None => {
            for (page, _, _) in seats {
                page.wait_for_text("#game-status", "Draw (score).").await;
            }
        }
    }
    alice.screenshot("dots-and-boxes-finished").await;
    bob.screenshot("dots-and-boxes-finished-on-a-phone").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
