//! A table of three in the browser: Alice, on a desktop, invites Bob and Carol to a Dots and Boxes game of three
//! (they accept over the API and play over their sockets); her page shows three player cards in seat order,
//! highlights edges only when her seat is to act, marks Carol's card when she resigns mid-game, passes her seat
//! by from then on, and ends with the result the engine reaches, Carol ranked last. Screenshots go under
//! `artifacts/browser/dots-and-boxes-three-*.png`.
//!
//! SQLite only, like the other browser games: the client is the same whatever the store.

use kartka_engine::{AnyGame, EndReason, Seat};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{Browser, Chromedriver};
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);
const THREE: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 2, players: 3 });
/// A clock long enough that no game here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };
/// Edges drawn before the third seat resigns.
const RESIGN_AFTER: usize = 4;

/// A page's texts of the elements `css` selects, in document order.
async fn texts(page: &Browser, css: &str) -> Vec<String> {
    let script = "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent.trim());";
    let found = page.client.execute(script, vec![json!(css)]).await.expect("read the texts");
    found.as_array().expect("a list").iter().map(|text| text.as_str().expect("a text").to_owned()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_plays_its_seat_at_a_table_of_three_and_sees_a_seat_leave() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;
    let alice_session = alice.session().await;
    let (bob, carol) = (api.guest("bob").await, api.guest("carol").await);

    // Alice invites both, taking the first seat; the game starts when the second of them accepts.
    let game_id = api.start_game_for(&alice_session, &[&bob, &carol], THREE, TIME_CONTROL, false).await;
    let (status, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "{stored}");
    let names: Vec<&str> =
        stored["players"].as_array().expect("players").iter().map(|p| p["name"].as_str().expect("a name")).collect();
    assert_eq!(names[0], "alice", "the creator's colour choice fixes her seat: {names:?}");

    // Bob and Carol play over their sockets, each the seat the game gave them.
    let mut sockets = Vec::new();
    for name in &names[1..] {
        let session = if *name == "bob" { &bob } else { &carol };
        sockets.push(WsClient::subscribed(server.addr, &session.token, game_id).await.0);
    }
    let socket_of = |seat: Seat| seat.index() - 1;
    let carol_seat = Seat::new(names.iter().position(|name| *name == "carol").expect("carol is seated")).expect("seat");

    alice.goto(&format!("/game/{game_id}")).await;
    alice.find("#page .board").await;
    let cards = texts(&alice, "#page .player .name").await;
    assert_eq!(cards.len(), 3, "a card a seat: {cards:?}");
    for name in &names[1..] {
        assert!(cards.iter().any(|card| card.starts_with(name)), "{name} has a card: {cards:?}");
    }

    let mut game = AnyGame::new(&kinds::ruleset(&THREE).expect("a valid ruleset"));
    let mut drawn = 0;
    let mut ply = 0u32;
    let mut carol_left = false;
    while let Some(seat) = game.to_act() {
        if drawn == RESIGN_AFTER && !carol_left && !game.mid_turn() {
            let socket = &mut sockets[socket_of(carol_seat)];
            socket.request(900, json!({ "type": "resign", "game_id": game_id })).await;
            game.seat_left(carol_seat, EndReason::Resignation).expect("a game of three plays on");
            alice.wait_for_text(&format!("#page .player.seat-{} .departed", carol_seat.ordinal()), "RESIGNED").await;
            alice.screenshot("dots-and-boxes-three-after-a-resignation").await;
            carol_left = true;
            continue;
        }
        let mut legal = game.legal_actions();
        legal.sort();
        let edge = legal[(drawn * 5) % legal.len()].clone();
        if seat == Seat::FIRST {
            if game.mid_turn() {
                alice.wait_for_text("#game-status", "You completed a box: draw another line.").await;
            } else {
                alice.wait_for_text("#game-status", "Your move.").await;
            }
            assert_eq!(alice.board_targets("edge").await, legal, "Alice's page highlights the undrawn edges");
            alice.click(&format!("#page .board .target[data-edge=\"{edge}\"] .target-hit")).await;
        } else {
            assert!(!(carol_left && seat == carol_seat), "a seat that left is passed by");
            assert!(alice.board_targets("edge").await.is_empty(), "no highlights while another seat is to act");
            let frame = move_frame(game_id, ply, &format!("m{ply}"), &edge);
            sockets[socket_of(seat)].request(100 + u64::from(ply), frame).await;
        }
        let played = game.play(&edge).expect("a legal edge");
        ply += played.actions as u32;
        drawn += 1;
        alice.find(&format!("#page .board .edges .edge[data-edge=\"{edge}\"]")).await;
        if drawn == 2 {
            alice.screenshot("dots-and-boxes-three-game").await;
        }
    }

    let outcome = game.outcome().expect("the game is over by the rules");
    assert_eq!(outcome.ranks[carol_seat], 3, "the seat that resigned ranks last: {:?}", outcome.ranks);
    alice.wait_for_text("#game-status", "(score)").await;
    let (_, finished) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(finished["result"]["ranks"], json!(outcome.ranks.as_slice()), "{finished}");
    assert!(alice.board_targets("edge").await.is_empty(), "no highlights once the game is over");
    alice.screenshot("dots-and-boxes-three-finished").await;
    alice.close().await;
    server.stop().await;
}
