//! Simultaneous phases (issue #35), played with Bulls and Cows, whose every phase is one: both seats choose their
//! secrets at once, then guess in rounds at once. Each seat submits once, on its own clock from the phase's
//! start; the other seat (and everyone else) sees only that it is ready, and the move that completes the phase
//! resolves it. A seat whose secret is missing when its clock runs out gets a random one, committed like a chosen
//! one and then used by the game; under a per-move clock's `random_move` a missing guess is drawn consistent with
//! that seat's own earlier answers (rule 6). A retry finds its original, a move sent before one's own is stale, and a
//! restart in the middle of a phase gives back the same seats to act and the same clocks.

use std::time::Duration;

use kartka_engine::bulls_and_cows::{parse_round, score, Code};
use kartka_protocol::rest::Session;
use kartka_protocol::{
    AbortReason, Clocks, EventEnvelope, GameEvent, GameSnapshot, GameStatus, MoveRecord, OnTimeout, RulesetSpec,
    SeatName, TimeControl,
};
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    both_seats_submit_at_once_each_seeing_only_that_the_other_is_ready,
    a_missing_secret_is_filled_in_at_random_committed_and_used,
    a_restart_in_the_middle_of_a_phase_gives_back_its_seats_and_clocks,
    a_first_move_time_fills_in_once_a_seat_moved_and_aborts_while_none_did,
    a_missing_guess_under_random_move_is_consistent_with_the_seats_answers,
);

/// A minute each, two seconds a completed turn.
const MINUTE: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 2 };

/// No first-move time: the main clocks run from the start.
fn settings() -> Settings {
    Settings { first_move: Duration::ZERO, ..Settings::default() }
}

fn bulls_and_cows() -> RulesetSpec {
    serde_json::from_value(json!({ "kind": "bulls-and-cows" })).expect("Bulls and Cows is a registered kind")
}

const BOTH: [SeatName; 2] = [SeatName::First, SeatName::Second];

/// `token`'s move over REST: the status and the body.
async fn send(api: &Api, game: Uuid, token: &str, ply: u32, id: &str, notation: &str) -> (u16, Value) {
    let body = json!({ "ply": ply, "client_move_id": id, "notation": notation });
    api.post(&format!("/api/games/{game}/moves"), Some(token), &body).await
}

/// The next `moved` event `client` receives, with its envelope's sequence number.
async fn next_move(client: &mut WsClient) -> (u64, MoveRecord, String, Vec<SeatName>) {
    loop {
        let EventEnvelope { seq, event, .. } = client.next_event().await;
        if let GameEvent::Moved { record, client_move_id, seats_to_act, .. } = event {
            return (seq, record, client_move_id, seats_to_act);
        }
    }
}

/// The game's public snapshot over REST.
async fn snapshot(api: &Api, game: Uuid) -> GameSnapshot {
    let (status, body) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).expect("a snapshot")
}

async fn started(api: &Api, time_control: TimeControl) -> (Session, Session, Uuid) {
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game_of(&alice, &bob, bulls_and_cows(), time_control, false).await;
    (alice, bob, game)
}

async fn both_seats_submit_at_once_each_seeing_only_that_the_other_is_ready(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let (alice, bob, game) = started(&api, MINUTE).await;
    let (mut first, opening) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert_eq!(opening.seats_to_act, BOTH, "both secrets are chosen at once");
    assert_eq!(opening.to_act, Some(SeatName::First), "older clients see the first of them");
    assert_eq!(opening.clocks.running_seats, BOTH, "both clocks run");
    tokio::time::sleep(Duration::from_millis(300)).await;

    // The second seat submits first.
    let (status, body) = send(&api, game, &bob.token, 0, "secret-b", "S:1234").await;
    assert_eq!(status, 200, "{body}");
    let (seq, seen_by_first, _, to_act) = next_move(&mut first).await;
    assert_eq!((seen_by_first.seat, seen_by_first.notation.as_str()), (SeatName::Second, "S"), "only ready");
    assert!(seen_by_first.secret.is_none() && seen_by_first.commitment.is_some(), "{seen_by_first:?}");
    assert_eq!(to_act, [SeatName::First]);
    let Clocks { ms, running_seats, .. } = seen_by_first.clocks.clone();
    assert_eq!(running_seats, [SeatName::First], "the first seat's clock runs on");
    assert!(ms[1] < 62_000 && ms[1] > 60_000 - 5_000, "the second seat was charged, then gained 2 s: {ms:?}");
    let (_, own, _, _) = next_move(&mut second).await;
    assert_eq!(own.notation, "S:1234", "its mover sees its own secret");

    // A retry of it finds its original; another move from before its own is stale.
    let (status, retried) = send(&api, game, &bob.token, 0, "secret-b", "S:1234").await;
    assert_eq!((status, retried["seq"].as_u64()), (200, Some(seq)), "{retried}");
    let (status, stale) = send(&api, game, &bob.token, 0, "secret-b2", "S:5678").await;
    assert_eq!((status, stale["code"].as_str()), (409, Some("stale_ply")), "{stale}");

    // The first seat sends the ply it saw (0): another seat's move of the same phase does not make it stale. Its
    // move completes the phase, which resolves: the round of guesses starts both clocks.
    let (status, body) = send(&api, game, &alice.token, 0, "secret-a", "S:5678").await;
    assert_eq!(status, 200, "{body}");
    let (_, seen_by_second, _, to_act) = next_move(&mut second).await;
    assert_eq!((seen_by_second.seat, seen_by_second.notation.as_str()), (SeatName::First, "S"));
    assert_eq!(to_act, BOTH, "the round of guesses: both again");
    assert_eq!(seen_by_second.clocks.running_seats, BOTH);
    let ms = &seen_by_second.clocks.ms;
    assert!(ms[0] < 62_000 && ms[0] <= ms[1] + 2_000, "the first seat ran longer: {ms:?}");
    let now = snapshot(&api, game).await;
    assert_eq!((now.ply, now.seats_to_act.as_slice()), (2, BOTH.as_slice()));
    server.stop().await;
}

async fn a_missing_secret_is_filled_in_at_random_committed_and_used(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    // Two seconds to choose a secret, five more for each round.
    let quick = TimeControl::Fischer { initial_seconds: 2, increment_seconds: 5 };
    let (alice, bob, game) = started(&api, quick).await;
    let (mut first, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (status, body) = send(&api, game, &alice.token, 0, "secret-a", "S:5678").await;
    assert_eq!(status, 200, "{body}");
    next_move(&mut first).await;
    next_move(&mut second).await;

    // The second seat chooses nothing: when its clock runs out the server draws its secret.
    let (_, seen_by_first, id, to_act) = next_move(&mut first).await;
    assert!(id.starts_with("timeout-"), "{id}");
    assert_eq!((seen_by_first.seat, seen_by_first.notation.as_str()), (SeatName::Second, "S"));
    let commitment = seen_by_first.commitment.clone().expect("a random secret is committed to like a chosen one");
    assert_eq!(to_act, BOTH, "the round of guesses starts");
    let (_, own, _, _) = next_move(&mut second).await;
    assert_eq!(own.commitment.as_deref(), Some(commitment.as_str()));
    let secret = own.secret.clone().expect("the seat sees the secret drawn for it");
    let drawn = own.notation.strip_prefix("S:").expect("its own version is the secret's whole text").to_owned();

    // The game uses it: the second seat guesses wrong, the first guesses the drawn secret and wins.
    let (status, body) = send(&api, game, &bob.token, 2, "guess-b", "1234").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = send(&api, game, &alice.token, 2, "guess-a", &drawn).await;
    assert_eq!(status, 200, "{body}");
    let over = loop {
        if let GameEvent::Ended { result, .. } = first.next_event().await.event {
            break result;
        }
    };
    assert_eq!(over.winner, Some(SeatName::First), "{over:?}");
    let stored = snapshot(&api, game).await;
    assert_eq!(stored.status, GameStatus::Finished);
    let revealed = stored.moves.iter().find(|m| m.seat == SeatName::Second && m.commitment.is_some()).expect("moved");
    assert_eq!(revealed.secret.as_deref(), Some(secret.as_str()), "revealed at the end as drawn");
    server.stop().await;
}

async fn a_restart_in_the_middle_of_a_phase_gives_back_its_seats_and_clocks(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let (alice, bob, game) = started(&api, MINUTE).await;
    let (status, body) = send(&api, game, &bob.token, 0, "secret-b", "S:1234").await;
    assert_eq!(status, 200, "{body}");
    let before = snapshot(&api, game).await;
    assert_eq!(before.seats_to_act, [SeatName::First]);
    server.stop().await;

    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let after = snapshot(&api, game).await;
    assert_eq!(after.seats_to_act, [SeatName::First], "the seat still to act, and only it");
    assert_eq!(after.clocks.running_seats, [SeatName::First]);
    assert_eq!(after.clocks.ms[1], before.clocks.ms[1], "the second seat's clock stands as it stopped");
    // The first seat's clock runs on, at most by the time between the two reads (the restart's downtime is
    // given back to it).
    let used = before.clocks.ms[0] - after.clocks.ms[0];
    assert!((0..=after.clocks_at_ms - before.clocks_at_ms).contains(&used), "{used} ms: {:?}", after.clocks);
    let (status, body) = send(&api, game, &alice.token, 0, "secret-a", "S:5678").await;
    assert_eq!(status, 200, "the phase completes after the restart: {body}");
    assert_eq!(snapshot(&api, game).await.seats_to_act, BOTH);
    server.stop().await;
}

async fn a_first_move_time_fills_in_once_a_seat_moved_and_aborts_while_none_did(url: &str) {
    let settings = Settings { first_move: Duration::from_millis(1_500), ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    // The first seat chooses its secret, the second never does: the game goes on with a random one.
    let (alice, _bob, game) = started(&api, MINUTE).await;
    let (mut first, opening) = WsClient::subscribed(server.addr, &alice.token, game).await;
    assert!(opening.clocks.first_move_ms.is_some(), "{:?}", opening.clocks);
    let (status, body) = send(&api, game, &alice.token, 0, "secret-a", "S:5678").await;
    assert_eq!(status, 200, "{body}");
    next_move(&mut first).await;
    let (_, filled_in, id, to_act) = next_move(&mut first).await;
    assert!(id.starts_with("timeout-") && filled_in.commitment.is_some(), "{id} {filled_in:?}");
    assert_eq!((filled_in.seat, to_act.as_slice()), (SeatName::Second, BOTH.as_slice()));
    assert_eq!(snapshot(&api, game).await.status, GameStatus::Active);
    // Nobody chooses: nobody showed up, so the game is called off as any other.
    let (carol, dave) = (api.guest("carol").await, api.guest("dave").await);
    let idle = api.start_game_of(&carol, &dave, bulls_and_cows(), MINUTE, false).await;
    let (mut watcher, _) = WsClient::subscribed(server.addr, &dave.token, idle).await;
    let aborted = loop {
        if let event @ GameEvent::Aborted { .. } = watcher.next_event().await.event {
            break event;
        }
    };
    assert_eq!(aborted, GameEvent::Aborted { seat: SeatName::First, reason: Some(AbortReason::NoFirstMove) });
    server.stop().await;
}

fn code(text: &str) -> Code {
    Code::new(&text.bytes().map(|byte| byte - b'0').collect::<Vec<_>>()).expect("a code")
}

async fn a_missing_guess_under_random_move_is_consistent_with_the_seats_answers(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let blitz = TimeControl::PerMove { move_seconds: 3, reserve_seconds: 0, on_timeout: OnTimeout::RandomMove };
    let (alice, bob, game) = started(&api, blitz).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    // Two rounds: the first seat learns 0B0C for 0123 and 0B2C for 8945 of the second seat's 4567.
    let moves = [("S:0123", "S:4567"), ("0123", "5678"), ("8945", "9876")];
    for (ply, (first_move, second_move)) in (0..).step_by(2).zip(moves) {
        let (status, body) = send(&api, game, &alice.token, ply, &format!("a{ply}"), first_move).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = send(&api, game, &bob.token, ply, &format!("b{ply}"), second_move).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = send(&api, game, &bob.token, 6, "b6", "4567").await;
    assert_eq!(status, 200, "{body}");

    // The first seat does not guess: when its move time is up the server guesses for it, and the round resolves.
    let (round, id) = loop {
        let (_, record, id, _) = next_move(&mut second).await;
        if record.seat == SeatName::First && id.starts_with("timeout-") {
            break (record.notation, id);
        }
    };
    let round = parse_round(&round).unwrap_or_else(|| panic!("{id} resolves the round: {round}"));
    let (guess, answer) = round[0];
    assert_eq!(answer, score(&code("4567"), &guess));
    for (earlier, earlier_answer) in [("0123", "0B0C"), ("8945", "0B2C")] {
        let earlier = code(earlier);
        assert_eq!(score(&guess, &earlier).to_string(), earlier_answer, "{guess} is consistent with {earlier}");
    }
    server.stop().await;
}
