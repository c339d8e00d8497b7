//! The analysis board in headless Chromium: a live game opened in the analysis by a spectator at the position
//! reached; once it is over, opened again from its replay, a variation
//! played on the board off the game's moves (a bounce among them, with the points where the turn can end
//! marked), the variation shared by its link and opened in a second browser, which shows the same line and
//! position; the bot's suggestion for a signed-in reader, and the sign-in it asks of one who is not. Every kind
//! of the registry opens from a link and plays from its board, and from scratch any kind can be chosen.
//! Screenshots go to `artifacts/browser/analysis-*.png`.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use kartka_protocol::TimeControl;
use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);
const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// Clicks the board's target for the step `digit`.
async fn step(player: &Browser, digit: u8) {
    player.click(&format!("#page .board .target[data-digit=\"{digit}\"] .target-hit")).await;
}

/// What a reader sees of the position: the status line, the marked action of the tree, the ball's point and
/// the tree as text.
async fn position(player: &Browser) -> (String, String, String, String) {
    let ball = player.find("#page .board .ball").await;
    let cx = ball.attr("cx").await.expect("an attribute").unwrap_or_default();
    let cy = ball.attr("cy").await.expect("an attribute").unwrap_or_default();
    let marked = player.find("#analysis-moves .move.current").await;
    let ply = marked.attr("data-ply").await.expect("an attribute").unwrap_or_default();
    (player.text("#analysis-status").await, ply, format!("{cx},{cy}"), tree(player).await)
}

/// The tree of variations as its text reads (a browser's rendered text breaks it around each button).
async fn tree(player: &Browser) -> String {
    let text = player.client.execute("return document.getElementById('analysis-moves').textContent", vec![]).await;
    text.expect("a script").as_str().unwrap_or_default().to_owned()
}

/// Waits until the tree reads `wanted`, in part; returns its text.
async fn wait_for_tree(player: &Browser, wanted: &str) -> String {
    browser::eventually(PAGE_TIMEOUT, || async {
        let text = tree(player).await;
        text.contains(wanted).then_some(text)
    })
    .await
    .unwrap_or_else(|| panic!("the tree never read {wanted:?}"))
}

async fn no_script_errors(player: &Browser, moment: &str) {
    let errors = player.script_errors().await;
    assert!(errors.is_empty(), "{moment}: script errors {errors:?}");
    let untranslated = player.untranslated_texts().await;
    assert!(untranslated.is_empty(), "{moment}: untranslated {untranslated:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variation_of_a_finished_game_is_shared_by_link_and_the_bot_suggests_a_turn() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game(&alice, &bob, BLITZ).await;
    // North, east, south: three turns of one step each; then Bob resigns.
    for (ply, (player, notation)) in [(&alice, "0"), (&bob, "2"), (&alice, "4")].into_iter().enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": notation });
        let (status, reply) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
        assert_eq!(status, 200, "{reply}");
    }
    let driver = Chromedriver::start();
    let carol = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    carol.record_script_errors().await;
    carol.sign_in_as_guest("carol").await;
    // While the game is on, a spectator analyses it from the position reached.
    carol.goto(&format!("/game/{game}")).await;
    carol.wait_for_text("#game-status", "to move").await;
    carol.click("#analyse-game").await;
    carol.wait_for_text("#analysis-status", "Action 3 · To move: bob").await;
    assert_eq!(carol.text("#analysis-moves .move.current").await, "4");

    let (status, reply) = api.post(&format!("/api/games/{game}/resign"), Some(&bob.token), &json!({})).await;
    assert_eq!(status, 200, "{reply}");
    carol.goto(&format!("/replay/{game}")).await;
    carol.wait_for_text("#replay-counter", "Step 3 of 3").await;
    carol.click("#replay-analyse").await;
    carol.wait_for_text("#analysis-status", "Action 3").await;
    carol.wait_for_text("#analysis-result", "alice won (resignation)").await;
    assert!(carol.path().await.starts_with(&format!("/analysis/{game}")));

    // One step back, and the first player plays south-west instead: onto the centre, where lines are already,
    // so the ball bounces and the turn goes on; the points where it can end are marked.
    carol.click("#analysis-back").await;
    carol.wait_for_text("#analysis-status", "Action 2").await;
    step(&carol, 5).await;
    carol.wait_for_text("#analysis-status", "To move again: alice").await;
    let ends = carol.find("#turn-ends").await.attr("data-count").await.expect("an attribute").unwrap_or_default();
    let ends: usize = ends.parse().expect("a count of turn ends");
    assert!(ends > 1, "a bounce can end in several places: {ends}");
    let markers = carol.client.find_all(fantoccini::Locator::Css("#page .board .turn-end")).await.expect("markers");
    assert_eq!(markers.len(), ends, "one marker for each end");
    carol.screenshot("analysis-bounce").await;
    // West, off the centre to a fresh point: the turn ends there.
    step(&carol, 6).await;
    carol.wait_for_text("#analysis-status", "To move: bob").await;
    let line = wait_for_tree(&carol, "(").await;
    // The game's moves are the main line; the bounce and the step after it read as one turn of the variation.
    assert_eq!(line, "1. 0 2 2. 4 (2. 56)");
    carol.screenshot("analysis-variation").await;

    carol.click("#share").await;
    let link = carol.find("#share-link").await.prop("value").await.expect("a property").unwrap_or_default();
    assert!(link.starts_with(&format!("{}/analysis/{game}?", server.url())), "{link}");
    let shown = position(&carol).await;

    // Dave opens the link without signing in: the same line, the same position.
    let dave = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    dave.record_script_errors().await;
    dave.goto(link.trim_start_matches(&server.url())).await;
    dave.wait_for_text("#analysis-status", "To move: bob").await;
    assert_eq!(position(&dave).await, shown, "the link reproduces the line and the position");
    dave.screenshot("analysis-shared").await;
    // The arrow keys step along the line.
    dave.find("body").await.send_keys(&fantoccini::key::Key::Left.to_string()).await.expect("a key press");
    dave.wait_for_text("#analysis-status", "To move again: alice").await;
    // The bot is for signed-in readers: Dave is asked to sign in.
    dave.click("#ask-bot").await;
    dave.wait_for_text("#suggestion-error", "Sign in").await;
    no_script_errors(&dave, "the shared analysis").await;

    // Carol asks the bot: its turn and evaluation, drawn on the board, and played into the tree on request.
    carol.click("#ask-bot").await;
    let suggested = carol.wait_for_text("#suggested-turn", "The bot would play for bob:").await;
    let evaluation = carol.text("#suggested-evaluation").await;
    assert!(evaluation.contains("for") || evaluation.contains("wins"), "{evaluation}");
    carol.find("#page .board.preview").await;
    carol.screenshot("analysis-suggestion").await;
    let before = carol.text("#analysis-status").await;
    carol.click("#play-suggestion").await;
    let after = carol.wait_for_text("#analysis-status", "To move").await;
    assert_ne!(before, after, "{suggested}: the suggested turn was played");
    // Promote the variation: it becomes the main line, and the game's move a variation.
    carol.click("#promote-variation").await;
    // The game's move now interrupts the bounce's turn, which goes on after it.
    let promoted = wait_for_tree(&carol, "(2. 4)").await;
    assert!(promoted.starts_with("1. 0 2 2. 5 (2. 4) … 6 "), "{promoted}");
    // The game's own move, now a variation, is deleted: one line is left.
    carol.click("#analysis-moves .variation .move").await;
    carol.click("#delete-variation").await;
    let left = browser::eventually(PAGE_TIMEOUT, || async {
        let line = tree(&carol).await;
        (!line.contains('(')).then_some(line)
    })
    .await
    .expect("the variation is deleted");
    assert!(left.starts_with("1. 0 2 2. 56 "), "{left}");
    no_script_errors(&carol, "the analysis").await;
    carol.close().await;
    dave.close().await;
    server.stop().await;
}

/// A query value: `text` percent-encoded as the page's `encodeURIComponent` would.
fn encoded(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>().replace('+', "%20")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_opens_in_the_analysis_from_a_link_and_steps_through_its_line() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let reader = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    reader.record_script_errors().await;
    // Analysis is off for a kind with secrets (the analysis route refuses it, tests/e2e/analysis.rs): the board
    // has nothing to open for it.
    for &kind in kartka_engine::GameKind::ALL.iter().filter(|kind| !kind.hidden_information()) {
        let spec = kartka_server::games::kinds::default_spec(kind);
        let mut game = kartka_engine::AnyGame::new(&kind.default_ruleset());
        let line: Vec<String> = (0..2)
            .map(|choice| {
                let action = game.pick_legal_action(choice).expect("the game goes on");
                game.play(&action).expect("a legal action");
                action
            })
            .collect();
        let ruleset = encoded(&serde_json::to_string(&spec).expect("JSON"));
        let moves: Vec<String> = line.iter().map(|action| encoded(action)).collect();
        reader.goto(&format!("/analysis?ruleset={ruleset}&moves={}&ply=1", moves.join(","))).await;
        reader.wait_for_text("#analysis-status", "Action 1").await;
        let text = tree(&reader).await;
        assert!(text.starts_with("1. "), "{kind}: the line from its start: {text}");
        reader.click("#analysis-forward").await;
        reader.wait_for_text("#analysis-status", "Action 2").await;
        reader.click("#analysis-first").await;
        reader.wait_for_text("#analysis-status", "Action 0").await;
        // Where the board offers its actions as targets, one played there begins a line of its own.
        let targets = reader.client.find_all(fantoccini::Locator::Css("#page .board .target .target-hit")).await;
        if targets.is_ok_and(|found| !found.is_empty()) {
            reader.click("#page .board .target .target-hit").await;
            reader.wait_for_text("#analysis-status", "Action 1").await;
        }
        no_script_errors(&reader, &format!("{kind}")).await;
    }
    reader.screenshot("analysis-every-kind").await;
    // From scratch, the game is chosen on the page: an empty board of the chosen kind.
    reader.goto("/analysis").await;
    reader.wait_for_text(".game-title", "Paper Soccer").await;
    let choice = reader.find("#page select[name=analysis-game]").await;
    choice.select_by_label("Closing In 8×8").await.expect("a game to choose");
    reader.wait_for_text(".game-title", "Closing In 8×8").await;
    reader.wait_for_text("#analysis-status", "Action 0").await;
    reader.click("#page .board .target .target-hit").await;
    reader.wait_for_text("#analysis-status", "Action 1").await;
    no_script_errors(&reader, "a game chosen from scratch").await;
    reader.close().await;
    server.stop().await;
}
