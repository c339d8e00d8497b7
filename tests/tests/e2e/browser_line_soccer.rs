//! Line Soccer in the browser end to end: two headless Chromium sessions (a desktop and a phone) start an
//! Opcja I game from the lobby and play it to its end by clicking the targets on the field, a kick among them;
//! then the rules pages of both kinds. The game is chosen from the engine before it starts (the shortest of a
//! fixed set of walks over the legal actions that holds a kick), and at every action the targets the mover's
//! page offers are checked against the engine's legal actions. Screenshots go under
//! `artifacts/browser/line-soccer-*.png`; with `KARTKA_UPDATE_SCREENSHOTS=1` the ones the docs show are also
//! copied to `docs/screenshots/`.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use std::time::Duration;

use kartka_engine::line_soccer::{LinePreset, LineRules};
use kartka_engine::{AnyGame, Ruleset};
use kartka_protocol::kinds::line_soccer::LinePresetName;
use kartka_protocol::kinds::line_soccer::LineSoccerOptions;
use kartka_protocol::RulesetSpec;
use kartka_server::config::Settings;
use kartka_tests::browser::{self, eventually, keep_for_docs, Browser, Challenge, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);
const OPCJA1: RulesetSpec =
    RulesetSpec::LineSoccer(LineSoccerOptions { preset: LinePresetName::Opcja1, width: 16, length: 20 });

/// The actions of the shortest game, among fixed walks over the legal actions, that holds a kick.
fn a_short_game_with_a_kick() -> Vec<String> {
    let rules = Ruleset::LineSoccer(LineRules::preset(LinePreset::Opcja1));
    let mut best: Option<Vec<String>> = None;
    for seed in 1_u64..=400 {
        let mut game = AnyGame::new(&rules);
        let mut actions = Vec::new();
        let mut choice = seed;
        while game.to_act().is_some() {
            choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let action = game.pick_legal_action(choice >> 33).expect("a seat to act has an action");
            game.play(&action).expect("a legal action");
            actions.push(action);
        }
        let has_kick = actions.iter().any(|action| action.starts_with('p'));
        if has_kick && best.as_ref().is_none_or(|best| actions.len() < best.len()) {
            best = Some(actions);
        }
    }
    best.expect("a walk with a kick")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_line_soccer_with_a_kick_by_clicking() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    for (browser, name) in [(&alice, "alice"), (&bob, "bob")] {
        browser.sign_in_as_guest(name).await;
    }

    let game = Some("Line Soccer Opcja I 16×20");
    Challenge { opponent: "bob", game, seat: Some("first"), ..Challenge::default() }.send(&alice).await;
    bob.wait_for_text("#incoming [data-challenge]", "Line Soccer Opcja I 16×20").await;
    let game_id = browser::accept_challenge(&bob, &alice).await;
    let (status, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(serde_json::from_value::<RulesetSpec>(stored["ruleset"].clone()).expect("a ruleset"), OPCJA1);

    let actions = a_short_game_with_a_kick();
    let mut game = AnyGame::new(&Ruleset::LineSoccer(LineRules::preset(LinePreset::Opcja1)));
    let pages = [&alice, &bob];
    let mut clicked: Vec<String> = Vec::new();
    let mut kick_shot = false;
    for action in &actions {
        let seat = game.to_act().expect("the game goes on");
        let (mover, waiter) = (pages[seat.index()], pages[seat.other().index()]);
        let mut legal = game.legal_actions();
        legal.sort();
        let shown = eventually(Duration::from_secs(10), || async {
            let shown = mover.board_targets("action").await;
            (shown == legal).then_some(shown)
        })
        .await;
        assert!(shown.is_some(), "the mover's page offers the legal actions {legal:?} after {clicked:?}");
        assert!(waiter.board_targets("action").await.is_empty(), "no targets for the player who waits");
        if action.starts_with('p') && !kick_shot {
            mover.wait_for_text("#game-status", "Kick!").await;
            waiter.wait_for_text("#game-status", "must kick").await;
            keep_for_docs(&mover.screenshot("line-soccer-kick").await, "line-soccer-kick");
            keep_for_docs(&waiter.screenshot("line-soccer-kick-on-the-other-side").await, "line-soccer-kick-waiting");
            kick_shot = true;
        }
        mover.click(&format!("#page .board .target[data-action=\"{action}\"] .target-hit")).await;
        game.play(action).expect("the engine's own action");
        clicked.push(action.clone());
        browser::wait_for_moves(&api, &game_id, &clicked).await;
    }
    assert!(kick_shot, "the game held a kick");
    let outcome = game.outcome().expect("over by the rules");
    let (status, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(stored["status"], "finished");
    let winner = outcome.winner().map(|seat| if seat.index() == 0 { "first" } else { "second" });
    assert_eq!(stored["result"]["winner"].as_str(), winner, "{}", stored["result"]);
    let kicked = "return document.querySelectorAll('#page .board .line.kick').length;";
    let kicked = alice.client.execute(kicked, vec![]).await.expect("count kicked segments");
    assert!(kicked.as_u64().is_some_and(|n| n > 0), "kicked segments are drawn apart");
    keep_for_docs(&alice.screenshot("line-soccer-finished").await, "line-soccer");
    keep_for_docs(&bob.screenshot("line-soccer-finished-on-a-phone").await, "line-soccer-on-a-phone");

    for (kind, title) in
        [("line-soccer", "The rules of Line Soccer"), ("russian-soccer", "The rules of Russian Paper Soccer")]
    {
        bob.goto(&format!("/rules/{kind}")).await;
        bob.wait_for_text("#page h1", title).await;
        bob.find("#page .rule-figure svg.board").await;
        bob.screenshot(&format!("{kind}-rules-on-a-phone")).await;
    }
    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
