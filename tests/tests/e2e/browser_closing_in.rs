//! Closing In in the browser end to end: two headless Chromium sessions (a desktop and a phone) start a game
//! from the lobby and play it to its end by clicking squares on the board while a third watches; then the
//! replay, its record and the rules page. Every move is chosen among the squares the page highlights, and the
//! highlights are checked against the engine's legal moves, so the whole game follows the rules. Screenshots go
//! under `artifacts/browser/closing-in-*.png`.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use kartka_engine::closing_in::ClosingInRecord;
use kartka_engine::{AnyGame, Seat};
use kartka_protocol::kinds::closing_in::ClosingInOptions;
use kartka_protocol::RulesetSpec;
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// The smallest board the lobby offers.
const BOARD: RulesetSpec = RulesetSpec::ClosingIn(ClosingInOptions { size: 6 });

/// After how many moves the game in progress is photographed, on each player's page in turn as it is their
/// move (so with the highlights): by then both markers have moved a few times.
const SCREENSHOT_PLY: usize = 8;

/// What the board on a page draws, read in one script so that a redraw cannot fall between two reads: the
/// highlighted squares in the page's order, the removed squares in drawing order with their numbers, and each
/// marker's square.
const READ_BOARD: &str = r"
    const board = document.querySelector('#page .board.closing-in');
    if (!board) return null;
    const square = (selector) => board.querySelector(selector)?.dataset.square ?? null;
    return {
        targets: [...board.querySelectorAll('.target')].map((target) => target.dataset.square),
        removed: [...board.querySelectorAll('.removed-square')]
            .map((removed) => [removed.dataset.square, removed.querySelector('.order').textContent]),
        first: square('.marker-first'),
        second: square('.marker-second'),
    };
";

/// The board a page shows now.
async fn drawn(page: &Browser) -> Value {
    let board = page.client.execute(READ_BOARD, vec![]).await.expect("read the board");
    assert!(board.is_object(), "the page shows a Closing In board");
    board
}

/// The squares highlighted as moves on a page, in the page's order.
async fn targets(page: &Browser) -> Vec<String> {
    let board = drawn(page).await;
    board["targets"].as_array().expect("targets").iter().map(|t| t.as_str().expect("a square").to_owned()).collect()
}

/// The board after `moves`, as `READ_BOARD` reads it (without the targets): every move from the third on
/// removes the square its mover left, which is the square that mover went to two moves earlier, so the removed
/// squares are the moves but the last two, numbered in order.
fn board_after(moves: &[String]) -> Value {
    let removed: Vec<Value> = moves
        .iter()
        .take(moves.len().saturating_sub(2))
        .enumerate()
        .map(|(index, square)| json!([square, (index + 1).to_string()]))
        .collect();
    let marker = |seat: usize| moves.iter().skip(seat).step_by(2).next_back().cloned();
    json!({ "removed": removed, "first": marker(0), "second": marker(1) })
}

/// A page's board without its highlights, to compare with [`board_after`].
async fn drawn_without_targets(page: &Browser) -> Value {
    let mut board = drawn(page).await;
    board.as_object_mut().expect("an object").remove("targets");
    board
}

/// The stored game (`GET /api/games/{id}`).
async fn stored_game(api: &Api, game_id: &str) -> Value {
    let (status, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "the game: {game}");
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_closing_in_to_its_end_by_clicking_while_a_third_watches() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    let carol = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    for (browser, name) in [(&alice, "alice"), (&bob, "bob"), (&carol, "carol")] {
        browser.sign_in_as_guest(name).await;
    }

    // Alice challenges Bob to Closing In 6×6, placing first; the seat choice speaks of A and B once chosen.
    alice.fill("input[name=opponent]", "bob").await;
    alice
        .find("form:has(#create-challenge) select[name=game]")
        .await
        .select_by_label("Closing In 6×6")
        .await
        .expect("choose Closing In");
    alice
        .find("form:has(#create-challenge) select[name=colour]")
        .await
        .select_by_value("first")
        .await
        .expect("choose a seat");
    alice
        .wait_for_text(
            "form:has(#create-challenge) select[name=colour] option[value=first]",
            "A (place and move first)",
        )
        .await;
    alice.screenshot("closing-in-lobby").await;
    alice.click("#create-challenge").await;
    alice.wait_for_text("#outgoing [data-challenge]", "Closing In 6×6").await;
    bob.wait_for_text("#incoming [data-challenge]", "Closing In 6×6").await;
    bob.wait_for_text("#incoming [data-challenge]", "you play B").await;
    bob.screenshot("closing-in-lobby-challenged-on-a-phone").await;
    let game_id = browser::accept_challenge(&bob, &alice).await;
    let path = format!("/game/{game_id}");
    alice.wait_for_text(".game-title", "Closing In · you play A, moving first").await;
    bob.wait_for_text(".game-title", "Closing In · you play B, moving second").await;

    let stored = stored_game(&api, &game_id).await;
    let spec: RulesetSpec = serde_json::from_value(stored["ruleset"].clone()).expect("a ruleset");
    assert_eq!(spec, BOARD, "the game is played on the board chosen in the lobby");
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    // Carol finds the game among the live games and watches it.
    carol.goto("/").await;
    carol.wait_for_text("#live-games", "Closing In 6×6").await;
    carol.click(&format!("#live-games a.button[href=\"{path}\"]")).await;
    assert_eq!(browser::game_path(&carol).await, path);

    // The players click their way to the end. Each move is one of the squares the mover's page highlights,
    // spread over the list so the markers travel; the highlights must be exactly the legal moves, and only
    // the mover's page has any.
    let seats = [(&alice, "alice", "closing-in-game"), (&bob, "bob", "closing-in-game-on-a-phone")];
    let mut clicked: Vec<String> = Vec::new();
    while let Some(seat) = game.to_act() {
        let (mover, name, shot) = seats[seat.index()];
        let (waiter, _, _) = seats[seat.other().index()];
        mover.wait_for_text("#game-status", "Your move").await;
        for page in [waiter, &carol] {
            page.wait_for_text("#game-status", &format!("{name} to move")).await;
        }
        let expected = board_after(&clicked);
        for page in [&alice, &bob, &carol] {
            assert_eq!(drawn_without_targets(page).await, expected, "every page draws the board after {clicked:?}");
        }
        let shown = targets(mover).await;
        let mut legal = game.legal_actions();
        let mut highlighted = shown.clone();
        legal.sort();
        highlighted.sort();
        assert_eq!(highlighted, legal, "{name}'s page highlights the legal moves after {clicked:?}");
        assert!(targets(waiter).await.is_empty(), "no highlights for the player who waits");
        assert!(targets(&carol).await.is_empty(), "no highlights for a spectator");
        if (SCREENSHOT_PLY..SCREENSHOT_PLY + 2).contains(&clicked.len()) {
            mover.screenshot(shot).await;
        }

        let square = shown[clicked.len() * 7 % shown.len()].clone();
        mover.click(&format!("#page .board .target[data-square=\"{square}\"] .target-hit")).await;
        game.play(&square).expect("a highlighted square is a legal move");
        clicked.push(square);
        browser::wait_for_moves(&api, &game_id, &clicked).await;
    }
    assert!(clicked.len() > SCREENSHOT_PLY, "the game ran past its screenshot: {clicked:?}");

    // The side to move has no move: it lost, and every page says so.
    let outcome = game.outcome().expect("the game is over by the rules");
    let winner_seat = outcome.winner().expect("Closing In has no draws");
    let (winner, loser) = (seats[winner_seat.index()], seats[winner_seat.other().index()]);
    let result = format!("{} won (no move left)", winner.1);
    // Each player reads the result once, from their side; the spectator reads who won.
    winner.0.wait_for_text("#game-status", "You won (no move left).").await;
    loser.0.wait_for_text("#game-status", "You lost (no move left).").await;
    carol.wait_for_text("#game-status", &result).await;
    let stored = stored_game(&api, &game_id).await;
    assert_eq!(stored["status"], "finished");
    assert_eq!(stored["result"]["reason"], "stuck", "the result: {}", stored["result"]);
    assert_eq!(stored["result"]["winner"], if winner_seat == Seat::FIRST { "first" } else { "second" });
    let expected = board_after(&clicked);
    for page in [&alice, &bob, &carol] {
        assert_eq!(drawn_without_targets(page).await, expected, "the final board");
        assert!(targets(page).await.is_empty(), "no highlights once the game is over");
    }
    carol.wait_for_text("#move-list", &format!("{} {}", clicked[0], clicked[1])).await;
    alice.screenshot("closing-in-finished").await;
    bob.screenshot("closing-in-finished-on-a-phone").await;

    // The finished game replays move by move, each step drawing the board after it.
    let total = clicked.len();
    carol.click(".after a[href^=\"/replay/\"]").await;
    carol.wait_for_text("#replay-counter", &format!("Step {total} of {total}")).await;
    assert!(carol.text("#replay-result").await.contains(&result));
    carol.click("#replay-first").await;
    carol.wait_for_text("#replay-counter", &format!("Step 0 of {total}")).await;
    assert_eq!(drawn_without_targets(&carol).await, board_after(&[]));
    let forward = carol.find("#replay-forward").await;
    for step in 1..=total {
        forward.click().await.expect("step forward");
        carol.wait_for_text("#replay-counter", &format!("Step {step} of {total}")).await;
        assert_eq!(drawn_without_targets(&carol).await, board_after(&clicked[..step]), "the replay at step {step}");
        assert!(targets(&carol).await.is_empty(), "a replay highlights nothing");
    }
    assert!(!forward.is_enabled().await.expect("the button's state"), "forward stops at the last step");
    carol.click("#replay-back").await;
    carol.wait_for_text("#replay-counter", &format!("Step {} of {total}", total - 1)).await;
    carol.screenshot("closing-in-replay").await;

    // The record it offers for download holds the same moves.
    let record_link = carol.find("#download-record").await.attr("href").await.expect("an href").expect("a link");
    let (status, text) = api.get_text(&record_link, None).await;
    assert_eq!(status, 200, "the record: {text}");
    let record = ClosingInRecord::read(&text).expect("the record reads back");
    let recorded: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
    assert_eq!(recorded, clicked, "the record: {text}");

    // The rules page, on a desktop and on a phone.
    for (page, name) in [(&carol, "closing-in-rules"), (&bob, "closing-in-rules-on-a-phone")] {
        page.goto("/rules/closing-in").await;
        page.wait_for_text("#page h1", "The rules of Closing In").await;
        let figure = page.find("#page .rule-figure svg.board.closing-in").await;
        page.client
            .execute(
                "arguments[0].scrollIntoView({ block: 'center' })",
                vec![serde_json::to_value(&figure).expect("an element")],
            )
            .await
            .expect("scroll to the figure");
        page.screenshot(name).await;
    }

    for browser in [alice, bob, carol] {
        browser.close().await;
    }
    server.stop().await;
}
