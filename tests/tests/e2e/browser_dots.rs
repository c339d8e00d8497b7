//! Dots in the browser end to end: two headless Chromium sessions (a desktop and a phone) start a 20×20 game
//! from the lobby; Blue captures a dot by clicking points, Red taps with the confirm step on, then presses STOP
//! (twice: the first press only asks; STOP is a finger's size and well apart from the confirm-taps switch);
//! a third browser watches. The pages' dots, captures and score are checked against the engine after every
//! move. Screenshots go under `artifacts/browser/dots-*.png` (`dots-game.png` is the README's
//! `docs/screenshots/dots.png`).
//!
//! A second test plays territory mode (a capture left deferred with "Paint later", then painted with "Paint",
//! the game ended by an agreed end, offered and accepted) and a STOP window (opened by STOP pressed twice, its
//! countdown shown, answered with DONE, also pressed twice) between two desktop browsers.
//!
//! A third test plays a 39×32 field on a phone: zoomed in, points and text a readable size, the view following the
//! opponent's dot, a tap playing the point tapped, and the "Whole board" switch; the phone's lobby lists 20×20 first.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use kartka_engine::dots::{read_sgf, Cell, Point};
use kartka_engine::AnyGame;
use kartka_protocol::kinds::dots::DotsOptions;
use kartka_protocol::RulesetSpec;
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, Browser, Challenge, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// Blue (Alice) closes a ring around Red's start dot `kj` with `ki` and `lj`; Red (Bob) answers `cc`, then
/// presses STOP with its dots `jk` and `cc` ungrounded: they count for Blue, 3 to 0.
const MOVES: [&str; 3] = ["ki", "cc", "lj"];

/// What the field on a page draws, read in one script: each seat's live and captured dots, and the score.
const READ_FIELD: &str = r"
    const board = document.querySelector('#page .board.dots');
    if (!board) return null;
    const points = (selector) => [...board.querySelectorAll(selector)].map((dot) => dot.dataset.point).sort();
    return {
        first: points('.dot-first:not(.captured)'),
        second: points('.dot-second:not(.captured)'),
        captured: points('.dot.captured'),
        areas: board.querySelectorAll('.capture-first .area polygon').length > 0,
        score: board.querySelector('.score').textContent.split('   ')[0],
        stop: document.querySelector('#page .dots-controls .stop-button') !== null,
    };
";

async fn drawn(page: &Browser) -> Value {
    let field = page.client.execute(READ_FIELD, vec![]).await.expect("read the field");
    assert!(field.is_object(), "the page shows a Dots field");
    field
}

/// The field the engine has after the game's moves, as `READ_FIELD` reads it (without STOP).
fn expected(game: &AnyGame) -> Value {
    let AnyGame::Dots(position) = game else { panic!("a Dots game") };
    let size = position.rules().size;
    let name = |point: Point| {
        let mut text = String::new();
        kartka_engine::dots::write_point(point, &mut text);
        text
    };
    let mut lists: [Vec<String>; 3] = Default::default();
    for point in size.points() {
        match position.cell(point) {
            Cell::Live(seat) => lists[seat.index()].push(name(point)),
            Cell::Captured(_) => lists[2].push(name(point)),
            _ => {}
        }
    }
    for list in &mut lists {
        list.sort();
    }
    let [first, second, captured] = lists;
    let counts = position.counts();
    json!({ "first": first, "second": second, "captured": captured, "areas": counts[0] > 0,
        "score": format!("Blue {} : {} Red", counts[0], counts[1]) })
}

async fn drawn_without_stop(page: &Browser) -> Value {
    let mut field = drawn(page).await;
    field.as_object_mut().expect("an object").remove("stop");
    field
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_dots_with_a_capture_and_stop_while_a_third_watches() {
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

    alice.fill("input[name=opponent]", "bob").await;
    alice
        .find("form:has(#create-challenge) select[name=game]")
        .await
        .select_by_label("Dots 20×20")
        .await
        .expect("choose Dots");
    alice
        .find("form:has(#create-challenge) select[name=colour]")
        .await
        .select_by_value("first")
        .await
        .expect("choose a seat");
    alice
        .wait_for_text("form:has(#create-challenge) select[name=colour] option[value=first]", "Blue (move first)")
        .await;
    alice.click("#create-challenge").await;
    bob.wait_for_text("#incoming [data-challenge]", "Dots 20×20").await;
    let game_id = browser::accept_challenge(&bob, &alice).await;
    let path = format!("/game/{game_id}");
    alice.wait_for_text(".game-title", "Dots · you play Blue, moving first").await;

    let (status, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "{stored}");
    let spec: RulesetSpec = serde_json::from_value(stored["ruleset"].clone()).expect("a ruleset");
    assert!(matches!(spec, RulesetSpec::Dots(DotsOptions { width: 20, height: 20, .. })), "{spec:?}");
    let mut game = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));

    carol.goto(&path).await;
    carol.wait_for_text("#game-status", "alice to move").await;

    // Bob's phone asks for a second tap before it plays.
    bob.wait_for_text("#game-status", "alice to move").await;
    let switch = bob.find("#page .dots-controls .confirm-switch").await;
    if switch.attr("aria-pressed").await.expect("an attribute").as_deref() != Some("true") {
        switch.click().await.expect("turn the confirm step on");
    }
    bob.wait_for_text("#page .dots-controls .confirm-switch", "Confirm taps: on").await;

    let mut played: Vec<String> = Vec::new();
    for (index, point) in MOVES.iter().enumerate() {
        let (mover, name) = if index % 2 == 0 { (&alice, "alice") } else { (&bob, "bob") };
        mover.wait_for_text("#game-status", "Your move").await;
        carol.wait_for_text("#game-status", &format!("{name} to move")).await;
        for page in [&alice, &bob, &carol] {
            assert_eq!(drawn_without_stop(page).await, expected(&game), "every page draws the field after {played:?}");
        }
        assert!(drawn(mover).await["stop"].as_bool().expect("a flag"), "the mover may press STOP");
        assert!(!drawn(&carol).await["stop"].as_bool().expect("a flag"), "a spectator has no STOP");
        let hit = format!("#page .board.dots .hit[data-point=\"{point}\"]");
        mover.click(&hit).await;
        if index % 2 == 1 {
            // Bob's first tap only marks the point; the second plays it.
            bob.find("#page .board.dots .pending").await;
            let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
            assert_eq!(stored["moves"].as_array().map(Vec::len), Some(played.len()), "one tap plays nothing");
            bob.click(&hit).await;
        }
        game.play(point).expect("the scripted move is legal");
        played.push((*point).to_owned());
        browser::wait_for_moves(&api, &game_id, &played).await;
        if index == 2 {
            bob.wait_for_text("#game-status", "Your move").await;
            assert_eq!(drawn_without_stop(&bob).await, expected(&game), "the capture is drawn");
            alice.screenshot("dots-game").await;
            bob.screenshot("dots-game-on-a-phone").await;
        }
    }

    // Red presses STOP, on a phone, twice: its ungrounded dots count for Blue.
    press_stop_twice(&bob, &api, &game_id, &played).await;
    game.play("STOP").expect("STOP is legal");
    played.push("STOP".to_owned());
    browser::wait_for_moves(&api, &game_id, &played).await;
    let outcome = game.outcome().expect("STOP ends the game");
    assert_eq!(outcome.scores, Some(kartka_engine::BySeat::from([3, 0])));
    alice.wait_for_text("#game-status", "You won (STOP).").await;
    bob.wait_for_text("#game-status", "You lost (STOP).").await;
    carol.wait_for_text("#game-status", "alice won (STOP)").await;
    let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(stored["result"], json!({ "ranks": [1, 2], "winner": "first", "reason": "stop", "scores": [3, 0] }));
    alice.screenshot("dots-finished").await;

    // The record is SGF and reads back with the same moves.
    let (status, text) = api.get_text(&format!("/api/games/{game_id}/record"), None).await;
    assert_eq!(status, 200, "{text}");
    let record = read_sgf(&text).expect("the record reads back");
    assert_eq!(record.entries.len(), played.len(), "{text}");

    // The rules page, with its figure, on a desktop and on a phone.
    for (page, name) in [(&carol, "dots-rules"), (&bob, "dots-rules-on-a-phone")] {
        page.goto("/rules/dots").await;
        page.wait_for_text("#page h1", "The rules of Dots").await;
        page.find("#page .rule-figure svg.board.dots").await;
        page.screenshot(name).await;
    }

    for browser in [alice, bob, carol] {
        browser.close().await;
    }
    server.stop().await;
}

/// The distance in CSS pixels between the boxes of two elements, and the smaller side of the first.
const GEOMETRY: &str = r"
    const [first, second] = [arguments[0], arguments[1]].map((css) => document.querySelector(css).getBoundingClientRect());
    const dx = Math.max(0, second.left - first.right, first.left - second.right);
    const dy = Math.max(0, second.top - first.bottom, first.top - second.bottom);
    return { apart: Math.hypot(dx, dy), side: Math.min(first.width, first.height) };
";

/// A finger's width: the least size of a tap target (and the least room between two that must not be mixed up).
const FINGER_PX: f64 = 44.0;

/// `page`'s player presses STOP in the game `game_id`, whose stored moves are `played`: the first press only asks
/// ("Really STOP?") and plays nothing; the second plays STOP. STOP is a finger's size and a finger's width
/// away from the confirm-taps switch.
async fn press_stop_twice<S: AsRef<str> + std::fmt::Debug>(page: &Browser, api: &Api, game_id: &str, played: &[S]) {
    const STOP: &str = "#page .dots-controls .stop-button";
    let geometry = page.client.execute(GEOMETRY, vec![json!(STOP), json!("#page .dots-controls .confirm-switch")]);
    let geometry = geometry.await.expect("measure STOP");
    assert!(geometry["side"].as_f64().expect("a size") >= FINGER_PX, "STOP is large enough to tap: {geometry}");
    assert!(geometry["apart"].as_f64().expect("a distance") >= FINGER_PX, "STOP is apart from the switch: {geometry}");
    page.click(STOP).await;
    page.wait_for_text(STOP, "Really STOP?").await;
    browser::wait_for_moves(api, game_id, played).await;
    page.click(STOP).await;
}

/// Alice challenges Bob to `variant` from the lobby, playing Blue; Bob accepts. Returns the game's id.
async fn challenge(alice: &Browser, bob: &Browser, variant: &str) -> String {
    alice.goto("/").await;
    bob.goto("/").await;
    Challenge { opponent: "bob", game: Some(variant), seat: Some("first"), ..Challenge::default() }.send(alice).await;
    bob.wait_for_text("#incoming [data-challenge]", variant).await;
    let game_id = browser::accept_challenge(bob, alice).await;
    for page in [alice, bob] {
        let switch = page.find("#page .dots-controls .confirm-switch").await;
        if switch.attr("aria-pressed").await.expect("an attribute").as_deref() == Some("true") {
            switch.click().await.expect("one tap plays");
        }
    }
    game_id
}

/// Clicks the point `point` on the board of `page` once its status reads `status`.
async fn tap_when(page: &Browser, point: &str, status: &str) {
    page.wait_for_text("#game-status", status).await;
    page.click(&format!("#page .board.dots .hit[data-point=\"{point}\"]")).await;
}

/// Clicks the point `point` on the board of `page` once it is that player's move.
async fn tap(page: &Browser, point: &str) {
    tap_when(page, point, "Your move").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn territory_is_painted_later_and_a_stop_window_is_answered_in_the_browser() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;

    // Territory: Blue rings Red's dot at dd and the empty point ed, closing the ring with paint later on.
    let game_id = challenge(&alice, &bob, "Dots 39×32, territory").await;
    let mut played: Vec<&str> = Vec::new();
    for (index, point) in ["dc", "dd", "ec", "aa", "cd", "ba", "fd", "ca", "de", "da"].into_iter().enumerate() {
        tap(if index % 2 == 0 { &alice } else { &bob }, point).await;
        played.push(point);
        browser::wait_for_moves(&api, &game_id, &played).await;
    }
    alice.wait_for_text("#game-status", "Your move").await;
    alice.click("#page .dots-controls .paint-later-switch").await;
    alice.wait_for_text("#page .dots-controls .paint-later-switch", "Paint later: on").await;
    tap(&alice, "ee").await;
    played.push("ee~");
    browser::wait_for_moves(&api, &game_id, &played).await;
    for page in [&alice, &bob] {
        page.find("#page .board.dots .deferred-first[data-point=\"ed\"]").await;
    }
    tap(&bob, "ea").await;
    played.push("ea");
    browser::wait_for_moves(&api, &game_id, &played).await;
    alice.wait_for_text("#game-status", "Your move").await;
    alice.click("#page .dots-controls .paint-button").await;
    alice.wait_for_text("#page .dots-controls .paint-button", "Tap an area").await;
    tap(&alice, "ed").await;
    played.push("P:ed");
    browser::wait_for_moves(&api, &game_id, &played).await;
    alice.click("#page .dots-controls .paint-later-switch").await;
    alice.wait_for_text("#page .dots-controls .paint-later-switch", "Paint later: off").await;
    tap_when(&alice, "ia", "Painted: place your dot.").await;
    played.push("ia");
    browser::wait_for_moves(&api, &game_id, &played).await;
    bob.wait_for_text("#game-status", "Your move").await;
    let deferred_left =
        bob.client.execute("return document.querySelectorAll('#page .board.dots .deferred').length", vec![]);
    assert_eq!(deferred_left.await.expect("count"), json!(0), "the painted area is territory now");
    assert_eq!(drawn(&bob).await["score"], "Blue 1 : 0 Red");
    alice.screenshot("dots-territory").await;

    // Agreed end: Red, on its move, offers to end and count; Blue accepts, and the counts decide.
    assert!(alice.client.find(fantoccini::Locator::Css("#offer-agreed-end")).await.is_err(), "not Blue's turn");
    bob.click("#offer-agreed-end").await;
    alice.wait_for_text("#offer", "Your opponent offers to end the game now and count the points.").await;
    alice.screenshot("dots-agreed-end").await;
    alice.click("#accept-agreed-end").await;
    alice.wait_for_text("#accept-agreed-end", "Really end and count?").await;
    alice.click("#accept-agreed-end").await;
    alice.wait_for_text("#game-status", "You won (agreement). Final score 1 : 0.").await;
    bob.wait_for_text("#game-status", "You lost (agreement). Final score 1 : 0.").await;
    let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(
        stored["result"],
        json!({ "ranks": [1, 2], "winner": "first", "reason": "agreement", "scores": [1, 0] }),
        "{stored}"
    );

    // A STOP window: Red presses STOP; Blue sees the window's countdown, places a dot and ends it with DONE.
    let game_id = challenge(&alice, &bob, "Dots 39×32, STOP window 3 min").await;
    tap(&alice, "ed").await;
    bob.wait_for_text("#game-status", "Your move").await;
    press_stop_twice(&bob, &api, &game_id, &["ed"]).await;
    browser::wait_for_moves(&api, &game_id, &["ed", "STOP"]).await;
    alice.wait_for_text("#timed-window", "Window: ").await;
    alice.wait_for_text("#page .board.dots .score", "STOP window: Blue places dots").await;
    bob.wait_for_text("#game-status", "STOP window: alice places dots.").await;
    tap_when(&alice, "ee", "STOP window: place dots, then press DONE.").await;
    browser::wait_for_moves(&api, &game_id, &["ed", "STOP", "ee"]).await;
    alice.screenshot("dots-stop-window").await;
    alice.click("#page .dots-controls .done-button").await;
    alice.wait_for_text("#page .dots-controls .done-button", "Really DONE?").await;
    alice.click("#page .dots-controls .done-button").await;
    browser::wait_for_moves(&api, &game_id, &["ed", "STOP", "ee", "DONE"]).await;
    alice.wait_for_text("#game-status", "Draw (STOP)").await;
    let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(
        stored["result"],
        json!({ "ranks": [1, 1], "winner": null, "reason": "stop", "scores": [0, 0] }),
        "{stored}"
    );

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}

/// The least size of a point's tap target on a phone, in CSS pixels: the lower end of the usual 24–44 px advice.
const LEAST_POINT_PX: f64 = 24.0;
/// The least height of the score's text on a phone, in CSS pixels: about the site's smallest body text.
const LEAST_TEXT_PX: f64 = 12.0;

/// How the phone shows the field, measured in CSS pixels: the window's width, a point's target, the score's
/// text, the field's drawing, and whether the last dot (`.last`) lies inside the scrolled view.
const MEASURE_FIELD: &str = r"
    const board = document.querySelector('#page .board.dots');
    const view = document.querySelector('#page .dots-view') ?? board;
    const box = (element) => element.getBoundingClientRect();
    const last = board.querySelector('.last');
    const inView = (element) => {
        const [outer, inner] = [box(view), box(element)];
        const [x, y] = [inner.left + inner.width / 2, inner.top + inner.height / 2];
        return x >= outer.left && x <= outer.right && y >= outer.top && y <= outer.bottom;
    };
    return {
        window: window.innerWidth,
        point: Math.min(box(board.querySelector('.hit')).width, box(board.querySelector('.hit')).height),
        text: box(board.querySelector('.score')).height,
        field: box(board).width,
        lastInView: last ? inView(last) : null,
    };
";

async fn measure_field(page: &Browser) -> Value {
    page.client.execute(MEASURE_FIELD, vec![]).await.expect("measure the field")
}

/// The label of the first Dots entry in the lobby's challenge form: the one a player choosing Dots takes.
async fn first_dots_choice(page: &Browser) -> String {
    page.find("form:has(#create-challenge) select[name=game]").await;
    let script = "return [...document.querySelectorAll('form:has(#create-challenge) select[name=game] option')]
        .map((option) => option.textContent).find((label) => label.startsWith('Dots'));";
    let label = page.client.execute(script, vec![]).await.expect("read the choices");
    label.as_str().expect("a Dots choice").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_plays_a_large_dots_field_zoomed_in_around_the_last_dot() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;

    // A phone lists the 20×20 field first among the Dots choices; a desktop keeps 39×32 first.
    assert_eq!(first_dots_choice(&bob).await, "Dots 20×20");
    assert_eq!(first_dots_choice(&alice).await, "Dots 39×32");

    let game_id = challenge(&alice, &bob, "Dots 39×32").await;
    bob.wait_for_text("#game-status", "alice to move").await;
    let opened = measure_field(&bob).await;
    assert!(opened["point"].as_f64().expect("a size") >= LEAST_POINT_PX, "a point is a finger's size: {opened}");
    assert!(opened["text"].as_f64().expect("a size") >= LEAST_TEXT_PX, "the score is readable: {opened}");

    // Alice plays far from the middle, where the phone's view opened: the view follows her dot.
    tap(&alice, "GA").await;
    browser::wait_for_moves(&api, &game_id, &["GA"]).await;
    bob.wait_for_text("#game-status", "Your move").await;
    let followed = browser::eventually(browser::PAGE_TIMEOUT, || async {
        let field = measure_field(&bob).await;
        (field["lastInView"] == json!(true)).then_some(field)
    })
    .await;
    assert!(followed.is_some(), "the phone's view shows the last dot: {}", measure_field(&bob).await);
    bob.screenshot("dots-zoomed-on-a-phone").await;

    // A tap in the zoomed view plays the point tapped.
    tap(&bob, "FA").await;
    browser::wait_for_moves(&api, &game_id, &["GA", "FA"]).await;

    // "Whole board" shows all the field within the screen, and a second press zooms in again.
    bob.click("#page .dots-controls .whole-board-switch").await;
    let whole = measure_field(&bob).await;
    assert!(whole["field"].as_f64() <= whole["window"].as_f64(), "the whole field fits the screen: {whole}");
    assert!(whole["point"].as_f64().expect("a size") < LEAST_POINT_PX, "the whole field is drawn smaller: {whole}");
    bob.click("#page .dots-controls .whole-board-switch").await;
    let zoomed = measure_field(&bob).await;
    assert!(zoomed["point"].as_f64().expect("a size") >= LEAST_POINT_PX, "zoomed in again: {zoomed}");

    for browser in [alice, bob] {
        browser.close().await;
    }
    server.stop().await;
}
