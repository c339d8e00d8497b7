//! The Paper Soccer variants in the browser: a desktop and a phone start a match of points (`classic+centre`)
//! from the lobby and click their way to a goal; both pages then show the point, the score and the ball back
//! on the centre with the restart ring, and the other player kicks off. Then an xrsoccer match is opened and
//! its first line clicked, and both rules pages are shown. Every click is on a target the page highlights, and
//! the highlights are checked against the engine's legal steps. Screenshots go to `artifacts/browser/`; with
//! `KARTKA_UPDATE_SCREENSHOTS=1` two are also copied to `docs/screenshots/` (`soccer-centre.png`,
//! `xrsoccer.png`).
//!
//! In every kind with goals, each player is told the goal they attack as their own screen shows it: the second
//! player's board is turned, so theirs is at the top too.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use kartka_engine::AnyGame;
use kartka_protocol::kinds::{paper_soccer::PaperSoccerOptions, xrsoccer::XrsoccerOptions};
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, keep_for_docs, Browser, Challenge, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// Whether the restart ring on a page's board is shown.
async fn restart_shown(page: &Browser) -> bool {
    let script = "return document.querySelector('#page .board .restart')?.getAttribute('visibility');";
    page.client.execute(script, vec![]).await.expect("read the ring") == "visible"
}

/// Alice challenges Bob to the game labelled `label` and both land on it; returns the game's id and ruleset.
async fn start(alice: &Browser, bob: &Browser, api: &Api, label: &str) -> (String, RulesetSpec) {
    alice.goto("/").await;
    bob.goto("/").await;
    Challenge { opponent: "bob", game: Some(label), seat: Some("first"), ..Challenge::default() }.send(alice).await;
    bob.wait_for_text("#incoming [data-challenge]", label).await;
    let game_id = browser::accept_challenge(bob, alice).await;
    let (status, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200);
    (game_id, serde_json::from_value(stored["ruleset"].clone()).expect("a ruleset"))
}

/// Clicks `steps` (one digit each), each on the page of the seat the engine says is to act, after checking that
/// page's highlights are the legal steps.
async fn click_steps(players: [&Browser; 2], api: &Api, game_id: &str, game: &mut AnyGame, steps: &str) {
    let mut played = browser::stored_moves(api, game_id).await.concat();
    for digit in steps.chars().map(String::from) {
        let seat = game.to_act().expect("a seat to act");
        let mover = players[seat.index()];
        // "Your move", or the message of a turn or line that goes on.
        mover.wait_for_text("#game-status", "Your").await;
        let mut legal = game.legal_actions();
        legal.sort();
        assert_eq!(mover.board_targets("digit").await, legal, "the page highlights the legal steps after {played:?}");
        mover.click(&format!("#page .board .target[data-digit=\"{digit}\"] .target-hit")).await;
        game.play(&digit).expect("a highlighted step is legal");
        played.push_str(&digit);
        let reached = browser::eventually(std::time::Duration::from_secs(10), || async {
            (browser::stored_moves(api, game_id).await.concat() == played).then_some(())
        })
        .await;
        assert!(reached.is_some(), "the server stored {played}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_point_and_the_centre_restart_and_an_xrsoccer_line_in_two_browsers() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;

    let (game_id, spec) = start(&alice, &bob, &api, "Paper Soccer (points)").await;
    assert_eq!(spec, RulesetSpec::PaperSoccerCentre(PaperSoccerOptions { width: 8, height: 10, goal: 2 }));
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));
    // Up the middle: two steps each, then Alice bounces off the post and scores.
    click_steps([&alice, &bob], &api, &game_id, &mut game, "000017").await;
    let AnyGame::PaperSoccerCentre(position) = &game else { panic!("a match of points") };
    assert_eq!(position.scores(), [1, 0]);
    for page in [&alice, &bob] {
        page.wait_for_text("#page .board .score", "1 : 0").await;
        assert!(restart_shown(page).await, "the ball restarts on the centre");
    }
    bob.wait_for_text("#game-status", "Your move").await;
    bob.screenshot("soccer-centre-restart-on-a-phone").await;
    let shot = alice.screenshot("soccer-centre-restart").await;
    keep_for_docs(&shot, "soccer-centre");
    click_steps([&alice, &bob], &api, &game_id, &mut game, "2").await;
    // Stored is not yet drawn: Alice's page hears of Bob's kick-off a moment after the server stored it.
    let gone = browser::eventually(PAGE_TIMEOUT, || async { (!restart_shown(&alice).await).then_some(()) }).await;
    assert!(gone.is_some(), "the ring goes with the kick-off");

    let (game_id, spec) = start(&alice, &bob, &api, "xrsoccer 12×18, to 5").await;
    assert_eq!(spec, RulesetSpec::Xrsoccer(XrsoccerOptions { width: 12, length: 18, target: 5 }));
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));
    click_steps([&alice, &bob], &api, &game_id, &mut game, "012444").await;
    alice.wait_for_text("#game-status", "Your move").await;
    let shot = alice.screenshot("xrsoccer").await;
    keep_for_docs(&shot, "xrsoccer");
    bob.screenshot("xrsoccer-on-a-phone").await;

    for (path, title) in [("/rules/paper-soccer-centre", "a match of points"), ("/rules/xrsoccer", "xrsoccer")] {
        bob.goto(path).await;
        bob.wait_for_text("#page h1", title).await;
        bob.find("#page .rule-figure svg").await;
        bob.screenshot(&format!("rules-{}-on-a-phone", path.trim_start_matches("/rules/"))).await;
    }
    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}

/// Every kind with goals, at its default ruleset (the web client's `defaultRuleset`).
const GOAL_KINDS: [&str; 5] = [
    r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#,
    r#"{"kind":"paper-soccer-centre","width":8,"height":10,"goal":2}"#,
    r#"{"kind":"xrsoccer","width":12,"length":18,"target":5}"#,
    r#"{"kind":"line-soccer","preset":"line","width":20,"length":30}"#,
    r#"{"kind":"russian-soccer","width":40,"length":52}"#,
];

/// Where on the screen the goal the seat `arguments[0]` attacks (the board's `.goal-<seat>`) is: `top` or
/// `bottom` of the board as shown, turned or not.
const GOAL_ON_SCREEN: &str = r"
    const board = document.querySelector('#page .board').getBoundingClientRect();
    const goal = document.querySelector(`#page .board .goal-${arguments[0]}`).getBoundingClientRect();
    return goal.top + goal.height / 2 < board.top + board.height / 2 ? 'top' : 'bottom';
";

/// The session a browser keeps after signing in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_is_told_the_goal_they_attack_where_their_own_screen_shows_it() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let (first, second) = (alice.session().await, bob.session().await);
    let time_control = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 0 };

    for ruleset in GOAL_KINDS {
        let spec: RulesetSpec = serde_json::from_str(ruleset).expect("a ruleset");
        let game = api.start_game_of(&first, &second, spec, time_control, false).await;
        // Alice plays first and sees the board as drawn; Bob plays second and sees it half a turn around.
        for (page, seat) in [(&alice, "first"), (&bob, "second")] {
            page.goto(&format!("/game/{game}")).await;
            page.find("#page .board").await;
            let title = page.wait_for_text(".game-title", "you play").await;
            let seen = page.client.execute(GOAL_ON_SCREEN, vec![json!(seat)]).await.expect("find the goal");
            assert_eq!(seen, json!("top"), "{ruleset}: the {seat} player's goal is at the top of their screen");
            assert!(title.contains("top goal"), "{ruleset}: the {seat} player is told the goal they see: {title:?}");
        }
    }
    bob.screenshot("soccer-second-player-goal-on-a-phone").await;

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
