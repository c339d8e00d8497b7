//! The browser client end to end: real headless Chromium sessions click through the site served by a real
//! server. Screenshots of the lobby (quick pairing, seeks, leaderboard), games in progress and over (a rematch
//! offer, which a spectator follows; rating changes) and a replay are saved under `artifacts/browser/`.
//!
//! The client is the same whatever the store, so these run on SQLite only: three browsers per scenario are the
//! expensive part, and the stores are covered by the other suites.

use std::time::Duration;

use fantoccini::key::Key;
use fantoccini::Locator;
use kartka_protocol::rest::Session;
use kartka_protocol::{ServerFrame, TimeControl};
use kartka_server::config::Settings;
use kartka_server::lobby::LobbySettings;
use kartka_server::store::RatingRow;
use kartka_tests::browser::{self, eventually, Browser, Challenge, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// Clicks the highlighted point one step in kurnik direction `digit` from the ball (it appears only when it
/// is this player's move).
async fn step(player: &Browser, digit: u8) {
    player.click(&format!("#page .board .target[data-digit=\"{digit}\"] .target-hit")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_to_a_goal_a_third_watches_and_the_game_replays_to_its_end() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let carol = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    for (browser, name) in [(&alice, "alice"), (&bob, "bob"), (&carol, "carol")] {
        browser.sign_in_as_guest(name).await;
    }

    // An open challenge shows a link to its accept page; Alice withdraws it.
    alice.click("#create-challenge").await;
    let link = alice.find("#outgoing .link-box input").await.prop("value").await.expect("a value").expect("a link");
    assert!(link.starts_with(&format!("{base}/challenge/")), "the link opens the accept page: {link}");
    alice.click("#outgoing [data-challenge] button.cancel").await;
    alice.wait_for_text("#challenges", "Nothing sent").await;

    // Alice challenges Bob, taking the first seat; the challenge reaches Bob's lobby live, and he accepts.
    Challenge { opponent: "bob", seat: Some("first"), ..Challenge::default() }.send(&alice).await;
    alice.find("#outgoing [data-challenge]").await;
    bob.find("#incoming [data-challenge]").await;
    bob.screenshot("lobby").await;
    let game_id = browser::accept_challenge(&bob, &alice).await;
    let path = format!("/game/{game_id}");

    // Carol, on a phone-sized screen, finds the game among the live games and watches it.
    carol.goto("/").await;
    carol.open_panel("live-games").await;
    carol.click(&format!("#live-games a.button[href=\"{path}\"]")).await;
    assert_eq!(browser::game_path(&carol).await, path);
    carol.wait_for_text("#game-status", "alice to move").await;
    // The players see that someone watches.
    alice.wait_for_text("#viewer-count", "Watching: 1").await;
    // A spectator sees the first seat's side at first, and may flip the board.
    assert!(carol.client.find(Locator::Css("#page .board-wrap.turned")).await.is_err(), "not turned at first");
    carol.click("#flip-board").await;
    carol.find("#page .board-wrap.turned").await;
    carol.click("#flip-board").await;

    // The protocol's example game: north four times, then Alice bounces off the right post into the goal.
    alice.wait_for_text("#game-status", "Your move").await;
    step(&alice, 0).await;
    bob.wait_for_text("#game-status", "Your move").await;
    // Bob plays with the numeric keypad on the board turned to his side: 2, down on his screen, is north.
    assert!(
        bob.find("#page .board-wrap.turned").await.is_displayed().await.expect("the board"),
        "bob's board is turned"
    );
    bob.find("body").await.send_keys(&Key::NumPad2.to_string()).await.expect("press keypad 2");
    step(&alice, 0).await;
    step(&bob, 0).await;
    step(&alice, 1).await;
    alice.wait_for_text("#game-status", "Bounce! Your turn goes on").await;
    carol.wait_for_text("#game-status", "alice bounced and moves again").await;
    alice.wait_for_text("#move-list", "1").await;
    alice.screenshot("game").await;
    carol.screenshot("game-watched-on-a-phone").await;
    step(&alice, 7).await;

    alice.wait_for_text("#game-status", "You won (goal).").await;
    bob.wait_for_text("#game-status", "You lost (goal).").await;
    carol.wait_for_text("#game-status", "alice won (goal)").await;
    let api = Api::new(base.clone());
    assert_eq!(browser::stored_moves(&api, &game_id).await, ["0", "0", "0", "0", "1", "7"], "one move frame per step");
    for turn in ["0", "17"] {
        carol.wait_for_text("#move-list", turn).await;
    }

    // The finished game replays step by step, from the first to the last.
    carol.click(".after a[href^=\"/replay/\"]").await;
    carol.find("#replay-slider").await;
    carol.wait_for_text("#replay-counter", "Step 6 of 6").await;
    carol.click("#replay-first").await;
    carol.wait_for_text("#replay-counter", "Step 0 of 6").await;
    let forward = carol.find("#replay-forward").await;
    let mut steps = 0;
    while forward.is_enabled().await.expect("the button's state") {
        forward.click().await.expect("step forward");
        steps += 1;
        carol.wait_for_text("#replay-counter", &format!("Step {steps} of 6")).await;
        assert!(steps <= 6, "forward stops at the last step");
    }
    assert_eq!(steps, 6);
    assert!(carol.text("#replay-result").await.contains("alice won (goal)"));
    carol.client.set_window_size(DESKTOP.0, DESKTOP.1).await.expect("resize");
    carol.click("#replay-back").await;
    carol.wait_for_text("#replay-counter", "Step 5 of 6").await;
    carol.screenshot("replay").await;
    carol.click("#replay-last").await;
    carol.wait_for_text("#replay-counter", "Step 6 of 6").await;
    // A spectator's replay shows the first seat's side and may be flipped; autoplay started at the end plays the
    // game again from its first step and stops at its last.
    assert!(carol.client.find(Locator::Css("#page .board-wrap.turned")).await.is_err(), "not turned at first");
    carol.click("#flip-board").await;
    carol.find("#page .board-wrap.turned").await;
    carol.click("#replay-play").await;
    carol.wait_for_text("#replay-counter", "Step 1 of 6").await;
    carol.wait_for_text("#replay-counter", "Step 6 of 6").await;
    let play = carol.find("#replay-play").await;
    eventually(PAGE_TIMEOUT, || async {
        (play.attr("aria-pressed").await.expect("the state").as_deref() == Some("false")).then_some(())
    })
    .await
    .expect("autoplay stops at the last step");
    // A player replays their own game from their side, as they played it.
    bob.goto(&format!("/replay/{game_id}")).await;
    bob.wait_for_text("#replay-counter", "Step 6 of 6").await;
    bob.find("#page .board-wrap.turned").await;

    let record_link = carol.find("#download-record").await.attr("href").await.expect("an href").expect("a link");
    assert_eq!(record_link, format!("/api/games/{game_id}/record"));
    let (status, record) = api.get_text(&record_link, None).await;
    assert_eq!(status, 200);
    assert!(record.contains("1. 0 0 2. 0 0 3. 17 0-1"), "the record: {record}");

    for browser in [alice, bob, carol] {
        browser.close().await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_carries_on_after_the_server_restarts() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let addr = server.addr;
    let base = server.url();
    let api = Api::new(base.clone());
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;

    // Bob, a protocol client, makes an open challenge in which Alice plays first; she opens its link.
    let bob = api.guest("bob").await;
    let challenge = json!({
        "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "fischer", "initial_seconds": 600, "increment_seconds": 0 },
        "colour": "second",
    });
    let (status, challenge) = api.post("/api/challenges", Some(&bob.token), &challenge).await;
    assert_eq!(status, 201);
    alice.goto(&format!("/challenge/{}", challenge["id"].as_str().expect("an id"))).await;
    alice.wait_for_text("#challenge-page h1", "bob challenges you").await;
    alice.click("#accept-challenge").await;
    let game_id = browser::game_path(&alice).await.trim_start_matches("/game/").to_owned();
    let bob_moves = |ply: u32, id: &str| json!({ "type": "move", "game_id": game_id, "ply": ply, "client_move_id": id, "notation": "0" });

    let mut bob_socket = WsClient::connect(addr, &bob.token).await;
    bob_socket.request(1, json!({ "type": "subscribe", "game_id": game_id })).await;
    step(&alice, 0).await;
    browser::wait_for_moves(&api, &game_id, &["0"]).await;
    bob_socket.request(2, bob_moves(1, "b1")).await;
    alice.wait_for_text("#game-status", "Your move").await;

    // The server goes away: the page says it is offline, and a step made meanwhile is kept.
    server.stop().await;
    alice.wait_for_text("#connection", "Offline").await;
    step(&alice, 0).await;
    alice.wait_for_text("#game-status", "bob to move").await;
    alice.wait_for_text("#sending", "will be sent when the connection is back").await;
    alice.screenshot("offline-step-pending").await;

    // The server comes back on the same address and database: the client reconnects by itself, resumes from
    // its last event and sends the pending step, once.
    let server = TestServer::start_on(database.url(), Settings::default(), addr).await;
    browser::wait_for_moves(&api, &game_id, &["0", "0", "0"]).await;
    let online = eventually(PAGE_TIMEOUT, || async {
        let badge = alice.client.find(fantoccini::Locator::Css("#connection")).await.ok()?;
        (!badge.is_displayed().await.ok()?).then_some(())
    })
    .await;
    assert!(online.is_some(), "the offline notice goes away after reconnecting");

    let mut bob_socket = WsClient::connect(addr, &bob.token).await;
    bob_socket.request(3, json!({ "type": "subscribe", "game_id": game_id })).await;
    bob_socket.request(4, bob_moves(3, "b2")).await;
    step(&alice, 1).await;
    alice.wait_for_text("#game-status", "Bounce!").await;
    step(&alice, 7).await;
    alice.wait_for_text("#game-status", "You won").await;
    assert_eq!(
        browser::stored_moves(&api, &game_id).await,
        ["0", "0", "0", "0", "1", "7"],
        "every step arrived exactly once across the restart"
    );

    alice.close().await;
    bob_socket.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_draw_claim_and_resign_from_the_game_page() {
    let database = TestDb::new(Backend::Sqlite).await;
    let settings = Settings { disconnect_grace: std::time::Duration::from_secs(1), ..Settings::default() };
    let server = TestServer::start(database.url(), settings).await;
    let api = Api::new(server.url());
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;
    let stored = alice.client.execute("return localStorage.getItem('kartka.session')", vec![]).await.expect("read");
    let alice_session: Session =
        serde_json::from_str(stored.as_str().expect("a stored session")).expect("the page keeps a session");
    let bob = api.guest("bob").await;
    let blitz = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 0 };

    // Abort, before anyone moved.
    let game = api.start_game(&alice_session, &bob, blitz).await;
    alice.goto(&format!("/game/{game}")).await;
    press_twice(&alice, &api, game, "#abort", "Really abort?").await;
    alice.wait_for_text("#game-status", "aborted").await;

    // Bob offers a draw; Alice accepts it.
    let game = api.start_game(&alice_session, &bob, blitz).await;
    alice.goto(&format!("/game/{game}")).await;
    alice.wait_for_text("#game-status", "Your move").await;
    let mut bob_socket = WsClient::connect(server.addr, &bob.token).await;
    bob_socket.request(1, json!({ "type": "subscribe", "game_id": game })).await;
    bob_socket.request(2, json!({ "type": "draw", "game_id": game, "action": "offer" })).await;
    press_twice(&alice, &api, game, "#accept-draw", "Really accept the draw?").await;
    alice.wait_for_text("#game-status", "Draw (agreement)").await;

    // Bob leaves on his turn; once his grace period is over Alice claims the win.
    let game = api.start_game(&alice_session, &bob, blitz).await;
    bob_socket.request(3, json!({ "type": "subscribe", "game_id": game })).await;
    alice.goto(&format!("/game/{game}")).await;
    step(&alice, 0).await;
    alice.wait_for_text("#game-status", "bob to move").await;
    bob_socket.close().await;
    alice.wait_for_text(".player.seat-second .note", "disconnected").await;
    let claim = alice.find("#claim-victory").await;
    let enabled = eventually(PAGE_TIMEOUT, || async { claim.is_enabled().await.ok()?.then_some(()) }).await;
    assert!(enabled.is_some(), "the claim opens when the grace period is over");
    press_twice(&alice, &api, game, "#claim-victory", "Really claim victory?").await;
    alice.wait_for_text("#game-status", "You won (opponent left).").await;

    let game = api.start_game(&alice_session, &bob, blitz).await;
    alice.goto(&format!("/game/{game}")).await;
    press_twice(&alice, &api, game, "#resign", "Really resign?").await;
    alice.wait_for_text("#game-status", "You lost (resignation).").await;

    alice.close().await;
    server.stop().await;
}

/// Presses the button at `css` that ends `game`: the first press only asks, in the button's own words
/// (`question`), and the game goes on until the second.
async fn press_twice(page: &Browser, api: &Api, game: uuid::Uuid, css: &str, question: &str) {
    page.click(css).await;
    page.wait_for_text(css, question).await;
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(stored["status"], "active", "one press of {css} ends nothing");
    page.click(css).await;
}

/// Quick pairing that answers within a fraction of a second, so the browsers need not wait for the default waves.
fn quick_lobby() -> Settings {
    Settings {
        lobby: LobbySettings { wave_interval: Duration::from_millis(200), ..LobbySettings::default() },
        ..Settings::default()
    }
}

/// Quick pairing's switch to its rated pools, and back to its casual ones.
const RATED_POOLS: &str = "#quick-pairing .segmented label:has(> input[value=\"true\"])";
const CASUAL_POOLS: &str = "#quick-pairing .segmented label:has(> input[value=\"false\"])";

/// The name shown on the card of `seat` in the game on screen.
async fn seated(player: &Browser, seat: &str) -> String {
    player.text(&format!(".player.seat-{seat} .name")).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_meet_in_a_quick_pairing_pool_and_play_a_rematch_with_the_seats_swapped() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), quick_lobby()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    // Rated play needs registered accounts.
    let api = Api::new(server.url());
    for (browser, name) in [(&alice, "alice"), (&bob, "bob")] {
        register(&api, name).await;
        browser.sign_in(name, PASSWORD).await;
    }

    // Alice waits in two rated pools at once; Bob's lobby, on a phone, shows her waiting as it happens.
    for browser in [&alice, &bob] {
        browser.click(RATED_POOLS).await;
    }
    alice.click("#quick-pairing button[data-pool=\"3+2\"]").await;
    alice.click("#quick-pairing button[data-pool=\"5+3\"]").await;
    alice.wait_for_text("#quick-pairing .waiting", "Looking for an opponent").await;
    for pool in [
        "3+2 Blitz, rated — nobody else waiting now · no estimate yet",
        "5+3 Blitz, rated — nobody else waiting now · no estimate yet",
    ] {
        alice.wait_for_text("#quick-pairing .waiting-pools", pool).await;
    }
    let pressed =
        alice.find("#quick-pairing button[data-pool=\"3+2\"]").await.attr("aria-pressed").await.expect("an attribute");
    assert_eq!(pressed.as_deref(), Some("true"), "a pool I wait in shows pressed");
    bob.wait_for_text("#quick-pairing button[data-pool=\"3+2\"] .pool-note", "1 waiting, rated").await;
    alice.screenshot("lobby-quick-pairing").await;

    // Bob waits for a 10+5 game, then presses Alice's 3+2 pool as well: both are taken to the same game.
    bob.click("#quick-pairing button[data-pool=\"10+5\"]").await;
    bob.wait_for_text("#quick-pairing .waiting-pools", "10+5 Rapid, rated").await;
    bob.screenshot("lobby-quick-pairing-on-a-phone").await;
    bob.click("#quick-pairing button[data-pool=\"3+2\"]").await;
    let path = browser::game_path(&bob).await;
    assert_eq!(browser::game_path(&alice).await, path, "both players open the paired game");
    alice.wait_for_text(".game-title", "3 min + 2 s a turn · rated").await;
    let first = seated(&alice, "first").await;
    let second = seated(&alice, "second").await;
    assert!(first.contains("alice") != second.contains("alice"), "alice has one seat: {first} / {second}");
    // Before the first move its first-move time counts down, not the clock; Carol watches without an account.
    let (mover, waiting) = if first.contains("alice") { (&alice, &bob) } else { (&bob, &alice) };
    mover.wait_for_text("#first-move", "Make your first move").await;
    waiting.wait_for_text("#first-move", "for a first move, or the game is aborted").await;
    let carol = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    carol.goto(&path).await;
    carol.wait_for_text("#first-move", "for a first move, or the game is aborted").await;

    // Alice resigns; Bob offers a rematch, which reaches Alice's page, and she accepts it.
    alice.click("#resign").await;
    alice.click("#resign").await;
    bob.wait_for_text("#game-status", "You won").await;
    bob.click("#offer-rematch").await;
    bob.wait_for_text("#rematch", "Waiting for alice").await;
    alice.wait_for_text("#rematch", "bob wants a rematch").await;
    alice.screenshot("game-rematch-offered").await;
    alice.click("#accept-rematch").await;
    let rematch = eventually(PAGE_TIMEOUT, || async {
        let now = alice.path().await;
        (now.starts_with("/game/") && now != path).then_some(now)
    })
    .await
    .expect("the rematch opens for the player who accepts");
    assert_eq!(browser::game_path(&bob).await, rematch, "and for the player who offered it");
    let followed = eventually(PAGE_TIMEOUT, || async { (carol.path().await == rematch).then_some(()) }).await;
    assert!(followed.is_some(), "the spectator follows to the rematch");
    carol.find("#page .board").await;
    alice.find("#page .board").await;
    alice.wait_for_text(".player.seat-first .name", &second).await;
    assert_eq!(seated(&alice, "second").await, first, "the seats are swapped");
    bob.wait_for_text(".game-title", "rated").await;

    carol.close().await;
    alice.close().await;
    bob.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_registered_player_and_a_guest_meet_in_quick_pairing() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), quick_lobby()).await;
    let driver = Chromedriver::start();
    let api = Api::new(server.url());
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let gina = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    register(&api, "alice").await;
    alice.sign_in("alice", PASSWORD).await;
    gina.sign_in_as_guest("gina").await;
    const POOL: &str = "#quick-pairing button[data-pool=\"3+2\"]";

    // Without rated games yet, Alice starts in the casual pools, where guests play.
    let casual = alice.find("#quick-pairing .segmented input[value=\"false\"]").await;
    assert!(casual.is_selected().await.expect("a radio"), "a new player starts in Casual");

    // Alice waits; switching to Rated moves her wait along, and Gina's lobby counts her in either mode.
    alice.click(POOL).await;
    alice.wait_for_text("#quick-pairing .waiting-pools", "3+2 Blitz, casual").await;
    gina.wait_for_text(&format!("{POOL} .pool-note"), "1 waiting, casual").await;
    alice.click(RATED_POOLS).await;
    alice.wait_for_text("#quick-pairing .waiting-pools", "3+2 Blitz, rated").await;
    gina.wait_for_text(&format!("{POOL} .pool-note"), "1 waiting, rated").await;
    alice.click(CASUAL_POOLS).await;
    alice.wait_for_text("#quick-pairing .waiting-pools", "3+2 Blitz, casual").await;
    gina.wait_for_text(&format!("{POOL} .pool-note"), "1 waiting, casual").await;

    // Gina presses the same time control: they meet.
    gina.click(POOL).await;
    let path = browser::game_path(&gina).await;
    assert_eq!(browser::game_path(&alice).await, path, "both players open the paired game");
    alice.wait_for_text(".game-title", "3 min + 2 s a turn · casual").await;

    // Once Alice has rated games, her lobby starts in the rated pools.
    let account = server.state.store.account_by_name("alice").await.expect("the store").expect("alice");
    database.set_rating(&blitz_rating(account.id, 1600.0)).await;
    alice.goto("/").await;
    let rated = eventually(PAGE_TIMEOUT, || async {
        let radio = alice.client.find(Locator::Css("#quick-pairing .segmented input[value=\"true\"]")).await.ok()?;
        radio.is_selected().await.ok()?.then_some(())
    })
    .await;
    assert!(rated.is_some(), "a player with rated games starts in Rated");

    alice.close().await;
    gina.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_appears_live_in_another_lobby_and_starts_a_game_when_accepted() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), quick_lobby()).await;
    let api = Api::new(server.url());
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    // Rated play needs registered accounts.
    for (browser, name) in [(&alice, "alice"), (&bob, "bob")] {
        register(&api, name).await;
        browser.sign_in(name, PASSWORD).await;
    }

    // Established blitz ratings, for the leaderboard and for a seek that only weaker players may accept.
    let dave = api.guest("dave").await;
    database.make_registered(dave.account.id).await;
    let mut ratings = vec![(dave.account.id, 1210.0)];
    for (name, rating) in [("alice", 1650.0), ("bob", 1580.0)] {
        let (status, profile) = api.get(&format!("/api/players/{name}"), None).await;
        assert_eq!(status, 200, "{profile}");
        ratings.push((profile["account"]["id"].as_str().expect("an id").parse().expect("a uuid"), rating));
    }
    for (index, rating) in [1820.0, 1745.0, 1500.0].into_iter().enumerate() {
        ratings.push((api.guest(&format!("regular{index}")).await.account.id, rating));
    }
    for (account, rating) in ratings {
        database.set_rating(&blitz_rating(account, rating)).await;
    }
    let mut dave_socket = WsClient::connect(server.addr, &dave.token).await;
    dave_socket
        .send(json!({ "type": "seek_create", "id": 1, "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "fischer", "initial_seconds": 180, "increment_seconds": 2 },
            "rated": true, "rating_range": { "min": 1100, "max": 1300 } }))
        .await;
    while !matches!(dave_socket.next().await, ServerFrame::SeekCreated { .. }) {}

    // Alice opens a rated 5+3 seek in which she plays first; it appears on Bob's phone at once, beside Dave's,
    // which Bob's rating does not allow him to accept.
    alice.goto("/").await;
    bob.goto("/").await;
    bob.open_panel("seeks").await;
    let barred = eventually(PAGE_TIMEOUT, || async {
        let button = bob.client.find(Locator::Css("#seek-items li:not(.mine) button.accept")).await.ok()?;
        (!button.is_enabled().await.ok()?).then_some(())
    })
    .await;
    assert!(barred.is_some(), "Dave's seek is for ratings 1100–1300, and Bob's is 1580");
    alice.find("select[name=seek-time-control]").await.select_by_label("5+3 · Blitz").await.expect("choose 5+3");
    alice.find("select[name=seek-colour]").await.select_by_value("first").await.expect("choose a seat");
    alice
        .find("select[name=seek-range]")
        .await
        .select_by_label("Within 200 of my rating")
        .await
        .expect("choose a range");
    alice.click("#create-seek").await;
    alice.wait_for_text("#seek-items li.mine", "5+3 Blitz · rated · you play first · ratings 1450–1850").await;
    let alices = "#seek-items li:not(.mine):last-child";
    bob.wait_for_text(alices, "alice").await;
    bob.wait_for_text(alices, "you play second").await;
    bob.client.execute("document.getElementById('seeks').scrollIntoView()", vec![]).await.expect("scroll to the seeks");
    bob.screenshot("lobby-seeks-on-a-phone").await;
    alice.wait_for_text("#leaderboard", "regular0").await;
    alice.screenshot("lobby-seeks").await;

    // Withdrawn, it goes from Bob's list; opened again, it comes back, and Bob accepts it.
    alice.click("#seek-items li.mine button.cancel").await;
    eventually(PAGE_TIMEOUT, || async { (!bob.text("#seeks").await.contains("alice")).then_some(()) })
        .await
        .expect("the withdrawn seek leaves Bob's list");
    alice.click("#create-seek").await;
    // Until the new seek reaches Bob's list, the last seek there is Dave's, whose accept button is disabled.
    bob.wait_for_text(alices, "alice").await;
    bob.click(&format!("{alices} button.accept")).await;
    let path = browser::game_path(&bob).await;
    assert_eq!(browser::game_path(&alice).await, path, "the seek's creator is taken to the game");
    alice.wait_for_text(".player.seat-first .name", "alice").await;
    alice.wait_for_text(".player.seat-first .card-rating", "1650").await;
    bob.wait_for_text(".game-title", "5 min + 3 s a turn · rated").await;

    // Both move, so the result counts: the cards show each player's new rating and what the game changed.
    step(&alice, 0).await;
    step(&bob, 0).await;
    alice.wait_for_text("#game-status", "Your move").await;
    alice.click("#resign").await;
    alice.click("#resign").await;
    bob.wait_for_text("#game-status", "You won").await;
    alice.wait_for_text(".player.seat-first .card-rating .change.down", "−").await;
    bob.wait_for_text(".player.seat-second .card-rating .change.up", "+").await;
    alice.screenshot("game-rated-result").await;

    dave_socket.close().await;
    alice.close().await;
    bob.close().await;
    server.stop().await;
}

/// An established Paper Soccer blitz rating.
fn blitz_rating(account: uuid::Uuid, rating: f64) -> RatingRow {
    RatingRow {
        account_id: account,
        kind: "paper-soccer".to_owned(),
        speed: "blitz".to_owned(),
        model: "glicko2".into(),
        rating,
        deviation: 60.0,
        volatility: Some(0.06),
        games: 40,
        updated_at: kartka_server::time::now_ms(),
    }
}

const PASSWORD: &str = "long enough secret";

async fn register(api: &Api, name: &str) {
    let credentials = json!({ "username": name, "password": PASSWORD });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
}
