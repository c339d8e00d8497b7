//! Live clocks start after each side's first move: until then a first-move time runs (short here,
//! `Settings::first_move`), shown in the clocks as `first_move_ms`, and when it runs out the game is aborted,
//! naming the side that did not move, with no result and no rating. A first move in time starts that side's main
//! clock, which then runs and falls as usual. Correspondence games have no first-move time.

use std::time::Duration;

use kartka_protocol::{AbortReason, Clocks, EndReasonName, GameEvent, GameSnapshot, GameStatus, SeatName, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    white_never_moves_and_the_game_is_aborted,
    black_never_answers_and_the_game_is_aborted,
    a_first_move_in_time_starts_the_main_clock,
);

/// A minute each: a main clock that never falls within these tests.
const MINUTE: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 0 };

/// A first-move time of `ms`.
fn settings(ms: u64) -> Settings {
    Settings { first_move: Duration::from_millis(ms), ..Settings::default() }
}

/// Plays `notation` for `token`'s seat at `ply` over REST; the clocks after it.
async fn play(api: &Api, game: Uuid, token: &str, ply: u32, notation: &str) -> Clocks {
    let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": notation });
    let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(token), &body).await;
    assert_eq!(status, 200, "{moved}");
    serde_json::from_value(moved["game"]["clocks"].clone()).expect("clocks")
}

/// Reads events until the game ends or is aborted; the last event.
async fn until_over(client: &mut WsClient) -> GameEvent {
    loop {
        let event = client.next_event().await.event;
        if matches!(event, GameEvent::Ended { .. } | GameEvent::Aborted { .. }) {
            return event;
        }
    }
}

/// The stored game is aborted with no result, and neither player's ratings or results count it as played.
async fn assert_aborted_without_result(api: &Api, game: Uuid) {
    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    let stored: GameSnapshot = serde_json::from_value(stored).expect("a snapshot");
    assert_eq!((stored.status, stored.result), (GameStatus::Aborted, None));
    assert_eq!(stored.clocks.running, None, "the clocks stopped");
}

async fn white_never_moves_and_the_game_is_aborted(url: &str) {
    let server = TestServer::start(url, settings(700)).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game(&alice, &bob, MINUTE).await;
    let (mut watcher, snapshot) = WsClient::subscribed(server.addr, &bob.token, game).await;
    if snapshot.status == GameStatus::Active {
        let clocks = snapshot.clocks;
        assert_eq!(clocks.running, Some(SeatName::First));
        assert!(clocks.first_move_ms.is_some_and(|ms| ms <= 700), "White's first-move time runs: {clocks:?}");
        assert_eq!((clocks.first_ms, clocks.second_ms), (60_000, 60_000), "no main clock runs before it");
    }
    let over = until_over(&mut watcher).await;
    assert_eq!(over, GameEvent::Aborted { seat: SeatName::First, reason: Some(AbortReason::NoFirstMove) });
    assert_aborted_without_result(&api, game).await;
    // Nothing can be played in it any more.
    let body = json!({ "ply": 0, "client_move_id": "late", "notation": "0" });
    let (status, refused) = api.post(&format!("/api/games/{game}/moves"), Some(&alice.token), &body).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("game_over")), "{refused}");
    server.stop().await;
}

async fn black_never_answers_and_the_game_is_aborted(url: &str) {
    let server = TestServer::start(url, settings(1_500)).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game(&alice, &bob, MINUTE).await;
    let (mut watcher, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let clocks = play(&api, game, &alice.token, 0, "0").await;
    assert_eq!(clocks.running, Some(SeatName::Second));
    assert!(clocks.first_move_ms.is_some_and(|ms| ms <= 1_500), "Black's first-move time runs: {clocks:?}");
    assert_eq!((clocks.first_ms, clocks.second_ms), (60_000, 60_000), "White's first move cost nothing");
    let over = until_over(&mut watcher).await;
    assert_eq!(over, GameEvent::Aborted { seat: SeatName::Second, reason: Some(AbortReason::NoFirstMove) });
    assert_aborted_without_result(&api, game).await;
    server.stop().await;
}

async fn a_first_move_in_time_starts_the_main_clock(url: &str) {
    let server = TestServer::start(url, settings(20_000)).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let one_second = TimeControl::Fischer { initial_seconds: 1, increment_seconds: 0 };
    let game = api.start_game(&alice, &bob, one_second).await;
    let (mut watcher, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    play(&api, game, &alice.token, 0, "0").await;
    let clocks = play(&api, game, &bob.token, 1, "0").await;
    // Both have moved: no first-move time any more, and White's main clock runs.
    assert_eq!((clocks.running, clocks.first_move_ms), (Some(SeatName::First), None), "{clocks:?}");
    assert_eq!(clocks.second_ms, 1_000, "Black's first move cost nothing");
    // White does not move again: its one second falls and it loses on time, not an abort.
    let GameEvent::Ended { result, clocks, .. } = until_over(&mut watcher).await else {
        panic!("the game ends with a result")
    };
    assert_eq!((result.winner, result.reason), (Some(SeatName::Second), EndReasonName::Time));
    assert_eq!((clocks.first_ms, clocks.second_ms), (0, 1_000));
    // A correspondence game has no first-move time.
    let days = TimeControl::Correspondence { days_per_move: 1, vacation_allowed: true };
    let slow = api.start_game(&alice, &bob, days).await;
    let (_, snapshot) = WsClient::subscribed(server.addr, &bob.token, slow).await;
    assert_eq!(snapshot.clocks.first_move_ms, None, "{:?}", snapshot.clocks);
    server.stop().await;
}
