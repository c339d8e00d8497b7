//! A server process killed in the middle of a game (SIGKILL, no shutdown code) loses nothing it acknowledged:
//! after a restart both players resume from their last sequence number and the game goes on. The time the
//! server was down is given back to the clock that ran, in live and correspondence games, after a crash and
//! after a clean restart shorter than the heartbeat interval alike, and to a Dots STOP window, whose end the
//! restarted server finds again and keeps; a first-move time survives a restart with its outage given back.
//! A departure from a game that plays on (a seat of four resigning) is replayed at its ply when the restarted
//! server loads the game: the seat is still passed by and refused, and ranks last at the end.

use std::time::Duration;

use kartka_engine::{AnyGame, EndReason, Seat};
use kartka_protocol::kinds::dots::DotsOptions;
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::rest::Session;
use kartka_protocol::{
    AbortReason, Departure, EndReasonName, GameEvent, GameSnapshot, GameStatus, RulesetSpec, SeatName, ServerFrame,
    TimeControl,
};
use kartka_server::config::Settings;
use kartka_server::games::{convert, kinds};
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::{ServerProcess, TestServer};
use serde_json::json;
use uuid::Uuid;

const SERVER: &str = env!("CARGO_BIN_EXE_kartka-test-server");

const CORRESPONDENCE: TimeControl = TimeControl::Correspondence { days_per_move: 1, vacation_allowed: true };
/// Six seconds a player: shorter than the outage below, and long enough that a loaded machine's slow first
/// move still leaves the second player most of it.
const LIVE: TimeControl = TimeControl::Fischer { initial_seconds: 6, increment_seconds: 0 };
/// Six seconds a move and no reserve: the seed's clock, shorter than the outage below.
const PER_MOVE: TimeControl =
    TimeControl::PerMove { move_seconds: 6, reserve_seconds: 0, on_timeout: kartka_protocol::OnTimeout::Lose };

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_downtime_is_credited_to_correspondence_clocks() {
    downtime_is_credited(Backend::Sqlite, CORRESPONDENCE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_downtime_is_credited_to_correspondence_clocks() {
    downtime_is_credited(Backend::Postgres, CORRESPONDENCE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_downtime_is_credited_to_live_clocks() {
    downtime_is_credited(Backend::Sqlite, LIVE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_downtime_is_credited_to_live_clocks() {
    downtime_is_credited(Backend::Postgres, LIVE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_downtime_is_credited_to_per_move_clocks() {
    downtime_is_credited(Backend::Sqlite, PER_MOVE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_downtime_is_credited_to_per_move_clocks() {
    downtime_is_credited(Backend::Postgres, PER_MOVE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_clean_restart_credits_exactly_its_downtime() {
    clean_restart_credits_exactly_its_downtime(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_clean_restart_credits_exactly_its_downtime() {
    clean_restart_credits_exactly_its_downtime(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_kill_and_restart_loses_nothing_acknowledged() {
    kill_and_restart_loses_nothing_acknowledged(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_kill_and_restart_loses_nothing_acknowledged() {
    kill_and_restart_loses_nothing_acknowledged(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_stop_window_survives_a_restart_and_keeps_its_time() {
    a_stop_window_survives_a_restart_and_keeps_its_time(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_stop_window_survives_a_restart_and_keeps_its_time() {
    a_stop_window_survives_a_restart_and_keeps_its_time(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_the_first_move_deadline_survives_a_restart() {
    the_first_move_deadline_survives_a_restart(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_the_first_move_deadline_survives_a_restart() {
    the_first_move_deadline_survives_a_restart(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_departure_in_a_game_of_four_is_replayed_after_a_restart() {
    a_departure_in_a_game_of_four_is_replayed_after_a_restart(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_departure_in_a_game_of_four_is_replayed_after_a_restart() {
    a_departure_in_a_game_of_four_is_replayed_after_a_restart(Backend::Postgres).await;
}

/// Dots and Boxes for four on 3×3 boxes: 24 edges, enough turns for each seat before and after a departure.
const FOUR: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 3, cols: 3, players: 4 });
/// A live clock nobody runs out of here.
const HOUR: TimeControl = TimeControl::Fischer { initial_seconds: 3600, increment_seconds: 0 };

/// A game of four where the second seat resigns after a few moves and the others play on; the server stops and
/// starts again on the same database. The loaded game has the departure at its ply (the snapshot's
/// `departed`), passes the seat by, refuses its move with the same typed error as before the restart, and is
/// played to its end, the departed seat ranked last.
async fn a_departure_in_a_game_of_four_is_replayed_after_a_restart(backend: Backend) {
    let database = TestDb::new(backend).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let mut sessions = Vec::new();
    for name in ["north", "east", "south", "west"] {
        sessions.push(api.guest(name).await);
    }
    let others: Vec<&Session> = sessions[1..].iter().collect();
    let game = api.start_game_for(&sessions[0], &others, FOUR, HOUR, false).await;
    let mut position = AnyGame::new(&kinds::ruleset(&FOUR).expect("a valid ruleset"));
    let mut ply = 0;
    // Every seat moves once at least, then the second seat resigns mid-game.
    while ply < 6 {
        ply = play_first_edge(&api, &sessions, game, &mut position, ply).await;
    }
    let leaver = Seat::SECOND;
    let (status, body) =
        api.post(&format!("/api/games/{game}/resign"), Some(&sessions[leaver.index()].token), &json!({})).await;
    assert_eq!(status, 200, "the second seat resigns: {body}");
    let left = body["game"].clone();
    assert_eq!(left["status"], "active", "a game of four plays on without a seat: {left}");
    position.seat_left(leaver, EndReason::Resignation);
    let departure = Departure { seat: SeatName::Second, ply, reason: EndReasonName::Resignation };
    let before = refused_move(&api, &sessions[leaver.index()], game, &position, ply).await;
    assert_eq!(before, "not_allowed", "a seat that left moves no more");
    server.stop().await;

    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let loaded = snapshot(&api, game).await;
    assert_eq!(loaded.status, GameStatus::Active);
    assert_eq!(loaded.departed, [departure], "the loaded game has the departure at its ply");
    assert_eq!(loaded.to_act, position.to_act().map(convert::seat_name), "the turn is where it was");
    let after = refused_move(&api, &sessions[leaver.index()], game, &position, ply).await;
    assert_eq!(after, before, "the departed seat's move is refused as before the restart");

    let mut movers = Vec::new();
    while let Some(seat) = position.to_act() {
        movers.push(seat);
        ply = play_first_edge(&api, &sessions, game, &mut position, ply).await;
    }
    assert!(!movers.is_empty() && !movers.contains(&leaver), "the departed seat is passed by: {movers:?}");
    let ended = snapshot(&api, game).await;
    assert_eq!(ended.status, GameStatus::Finished, "the game ends by its rules after the restart");
    let result = ended.result.expect("a finished game's result");
    assert_eq!(result.ranks[leaver.index()], 4, "the departed seat ranks last: {:?}", result.ranks);
    assert_eq!(ended.departed, [departure], "and the departure stays recorded");
    server.stop().await;
}

/// The seat to act in `position` draws its first legal edge by the REST route; the server's answer must name
/// the same seat to act next as `position` does. Returns the new ply.
async fn play_first_edge(api: &Api, sessions: &[Session], game: Uuid, position: &mut AnyGame, ply: u32) -> u32 {
    let seat = position.to_act().expect("a seat to act");
    let edge = position.legal_actions().into_iter().next().expect("an edge to draw");
    let body = json!({ "ply": ply, "client_move_id": format!("p{ply}"), "notation": edge });
    let (status, moved) =
        api.post(&format!("/api/games/{game}/moves"), Some(&sessions[seat.index()].token), &body).await;
    assert_eq!(status, 200, "seat {} draws {edge} at ply {ply}: {moved}", seat.index());
    position.play(&edge).expect("a legal edge plays");
    let to_act = position.to_act().map(|next| json!(convert::seat_name(next))).unwrap_or(json!(null));
    assert_eq!(moved["game"]["to_act"], to_act, "the server's next seat is the position's: {moved}");
    ply + 1
}

/// The error code of a move by `player` (a seat that left) of a legal edge at `ply`; the game is unchanged.
async fn refused_move(api: &Api, player: &Session, game: Uuid, position: &AnyGame, ply: u32) -> String {
    let edge = position.legal_actions().into_iter().next().expect("an edge to draw");
    let body = json!({ "ply": ply, "client_move_id": "after-leaving", "notation": edge });
    let before = snapshot(api, game).await;
    let (status, refused) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
    assert_eq!(status, 409, "refused: {refused}");
    let unchanged = |game: &GameSnapshot| (game.seq, game.moves.clone(), game.to_act, game.departed.clone());
    assert_eq!(unchanged(&snapshot(api, game).await), unchanged(&before), "a refused move changes nothing");
    refused["code"].as_str().expect("an error code").to_owned()
}

async fn snapshot(api: &Api, game: Uuid) -> GameSnapshot {
    let (status, body) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).expect("a game")
}

/// Subscribes from `after_seq` (or for a snapshot) and returns the client and the last sequence number it has.
async fn join(addr: std::net::SocketAddr, token: &str, game: Uuid, after_seq: Option<u64>) -> (WsClient, u64) {
    let mut client = WsClient::connect(addr, token).await;
    client.send(json!({ "type": "subscribe", "id": 1, "game_id": game, "after_seq": after_seq })).await;
    let last = match client.next().await {
        ServerFrame::Snapshot { game } => game.seq,
        ServerFrame::Events { events, .. } => {
            let after = after_seq.expect("events answer a resume");
            let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
            let expected: Vec<u64> = (after + 1..after + 1 + seqs.len() as u64).collect();
            assert_eq!(seqs, expected, "a resume gives exactly the events after after_seq");
            seqs.last().copied().unwrap_or(after)
        }
        other => panic!("expected a snapshot or events, got {other:?}"),
    };
    (client, last)
}

/// Reads events until the one with `seq`, returning the last sequence number seen.
async fn drain_to(client: &mut WsClient, seq: u64) -> u64 {
    loop {
        let event = client.next_event().await;
        if event.seq >= seq {
            return event.seq;
        }
    }
}

async fn kill_and_restart_loses_nothing_acknowledged(backend: Backend) {
    let database = TestDb::new(backend).await;
    let server = ServerProcess::start(SERVER, database.url(), &[]);
    let api = Api::new(server.url());
    let white = api.guest("white").await;
    let black = api.guest("black").await;
    let game =
        api.start_game(&white, &black, TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 }).await;
    let (mut w, _) = join(server.addr, &white.token, game, None).await;
    let (mut b, _) = join(server.addr, &black.token, game, None).await;
    let acked_w = w.request(2, move_frame(game, 0, "w1", "0")).await.expect("a sequence number");
    let acked_b = b.request(3, move_frame(game, 1, "b1", "0")).await.expect("a sequence number");
    let offered = w.request(7, json!({ "type": "draw", "game_id": game, "action": "offer" })).await;
    let white_has = drain_to(&mut w, offered.expect("a sequence number")).await;
    let black_has = acked_b;
    assert!(acked_w < acked_b);

    server.kill();
    let server = ServerProcess::start(SERVER, database.url(), &[]);

    let (status, stored) = Api::new(server.url()).get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    let notations: Vec<&str> =
        stored["moves"].as_array().expect("moves").iter().filter_map(|m| m["notation"].as_str()).collect();
    assert_eq!(notations, ["0", "0"], "every acknowledged move survived the kill");
    assert_eq!(stored["draw_offer"], "first", "a standing draw offer survives the kill");

    let (mut w, w_seq) = join(server.addr, &white.token, game, Some(white_has)).await;
    let (mut b, _) = join(server.addr, &black.token, game, Some(black_has)).await;
    let ply = stored["ply"].as_u64().expect("ply") as u32;
    w.request(4, move_frame(game, ply, "w2", "0")).await;
    b.request(5, move_frame(game, ply + 1, "b2", "0")).await;
    w.request(6, move_frame(game, ply + 2, "w3", "17")).await;
    let mut ended = false;
    let mut last = w_seq;
    while !ended {
        let event = w.next_event().await;
        assert_eq!(event.seq, last + 1, "no gap after the restart");
        last = event.seq;
        ended = matches!(event.event, GameEvent::Ended { .. });
    }
    server.kill();
}

/// A correspondence "day" of 6 s, with a quick heartbeat and sweeper.
const QUICK_DAYS: [(&str, &str); 3] =
    [("KARTKA_CORRESPONDENCE_DAY_MS", "6000"), ("KARTKA_HEARTBEAT_MS", "100"), ("KARTKA_SWEEP_MS", "100")];

/// The server is killed and stays down longer than the player to move has left; after the restart the game
/// goes on, with the downtime given back to that player (a `clock_credited` event).
async fn downtime_is_credited(backend: Backend, time_control: TimeControl) {
    let database = TestDb::new(backend).await;
    let server = ServerProcess::start(SERVER, database.url(), &QUICK_DAYS);
    let api = Api::new(server.url());
    let white = api.guest("white").await;
    let black = api.guest("black").await;
    let game = api.start_game(&white, &black, time_control).await;
    let moved = first_moves(&api, game, &white, &black).await;
    let black_left = to_flag(&moved["game"]["clocks"]);
    assert!(black_left > 2_500, "black starts the turn with most of its six seconds: {black_left}");

    server.kill();
    tokio::time::sleep(Duration::from_millis(black_left as u64 + 1_500)).await;
    let server = ServerProcess::start(SERVER, database.url(), &QUICK_DAYS);
    let api = Api::new(server.url());

    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(stored["status"], "active", "not lost on time while the server was down: {stored}");
    let left = to_flag(&stored["clocks"]);
    assert!(left > 1_000, "the downtime was credited: {left} ms left");
    assert_eq!(stored["to_act"], "second");
    let credits = credits_to_black(server.addr, &white.token, game).await;
    assert_eq!(credits.len(), 1, "one credit, to black: {credits:?}");
    assert!(credits[0] >= black_left, "at least the time the server was down with black's clock running");
    let body = json!({ "ply": 3, "client_move_id": "b2", "notation": "0" });
    let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&black.token), &body).await;
    assert_eq!(status, 200, "black plays on after the restart: {moved}");
    server.kill();
}

/// White, Black and White again play a step each, so that Black's main clock runs (live clocks start after
/// each side's first move); returns the answer to White's second move.
async fn first_moves(api: &Api, game: Uuid, white: &Session, black: &Session) -> serde_json::Value {
    let mut answer = serde_json::Value::Null;
    for (ply, player) in [white, black, white].into_iter().enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": "0" });
        let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
        assert_eq!(status, 200, "{moved}");
        answer = moved;
    }
    assert_eq!(answer["game"]["clocks"]["first_move_ms"], serde_json::Value::Null, "{answer}");
    answer
}

/// The time black has until the flag falls as of `clocks`: its clock, and a per-move clock's move time before it.
fn to_flag(clocks: &serde_json::Value) -> i64 {
    let reserve = clocks["second_ms"].as_i64().expect("black's clock");
    reserve + clocks["move_ms"].as_i64().unwrap_or(0)
}

/// The credits a game's events give the second seat, read over a fresh WebSocket.
async fn credits_to_black(addr: std::net::SocketAddr, token: &str, game: Uuid) -> Vec<i64> {
    let mut watcher = WsClient::connect(addr, token).await;
    watcher.send(json!({ "type": "subscribe", "id": 1, "game_id": game, "after_seq": 0 })).await;
    let ServerFrame::Events { events, .. } = watcher.next().await else { panic!("the game's events") };
    events
        .iter()
        .filter_map(|envelope| match envelope.event {
            GameEvent::ClockCredited { seat: SeatName::Second, credited_ms, .. } => Some(credited_ms),
            _ => None,
        })
        .collect()
}

/// Three seconds for a first move, with a quick heartbeat.
const QUICK_FIRST_MOVE: [(&str, &str); 2] = [("KARTKA_FIRST_MOVE_MS", "3000"), ("KARTKA_HEARTBEAT_MS", "100")];

/// White moves; Black's first-move time runs when the server is killed, and it stays down longer than Black had
/// left. After the restart the game is still on, Black's first-move time credited with the outage and its main
/// clock untouched; when Black still does not move, the game is aborted, naming Black.
async fn the_first_move_deadline_survives_a_restart(backend: Backend) {
    let database = TestDb::new(backend).await;
    let server = ServerProcess::start(SERVER, database.url(), &QUICK_FIRST_MOVE);
    let api = Api::new(server.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let long = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };
    let game = api.start_game(&white, &black, long).await;
    let body = json!({ "ply": 0, "client_move_id": "w1", "notation": "0" });
    let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&white.token), &body).await;
    assert_eq!(status, 200, "{moved}");
    let clocks = &moved["game"]["clocks"];
    let left = clocks["first_move_ms"].as_i64().expect("Black's first-move time runs");
    assert!((1_000..=3_000).contains(&left), "most of three seconds: {clocks}");
    assert_eq!((clocks["running"].as_str(), clocks["second_ms"].as_i64()), (Some("second"), Some(600_000)));

    server.kill();
    tokio::time::sleep(Duration::from_millis(left as u64 + 1_500)).await;
    let server = ServerProcess::start(SERVER, database.url(), &QUICK_FIRST_MOVE);
    let api = Api::new(server.url());

    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(stored["status"], "active", "not aborted while the server was down: {stored}");
    assert!(stored["clocks"]["first_move_ms"].as_i64().is_some_and(|ms| ms > 0), "{stored}");
    assert_eq!(stored["clocks"]["second_ms"], 600_000, "Black's main clock has not started: {stored}");
    let credits = credits_to_black(server.addr, &white.token, game).await;
    assert_eq!(credits.len(), 1, "the outage was given back to Black's first-move time: {credits:?}");

    let mut watcher = WsClient::connect(server.addr, &white.token).await;
    watcher.send(json!({ "type": "subscribe", "id": 1, "game_id": game, "after_seq": 0 })).await;
    let aborted = 'found: loop {
        let events = match watcher.next().await {
            ServerFrame::Events { events, .. } => events,
            ServerFrame::Event(event) => vec![event],
            _ => continue,
        };
        for envelope in events {
            if let GameEvent::Aborted { seat, reason } = envelope.event {
                break 'found (seat, reason);
            }
        }
    };
    assert_eq!(aborted, (SeatName::Second, Some(AbortReason::NoFirstMove)), "Black did not move");
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((stored["status"].as_str(), &stored["result"]), (Some("aborted"), &serde_json::Value::Null));
    server.kill();
}

/// A clean shutdown in a live game, and a start a few seconds later: far less than the 30 s heartbeat
/// interval, but more than the player to move has left. The shutdown recorded its own end, so the player gets
/// the downtime back, no less and not much more.
async fn clean_restart_credits_exactly_its_downtime(backend: Backend) {
    let database = TestDb::new(backend).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let white = api.guest("white").await;
    let black = api.guest("black").await;
    let game = api.start_game(&white, &black, LIVE).await;
    let moved = first_moves(&api, game, &white, &black).await;
    let black_left = moved["game"]["clocks"]["second_ms"].as_i64().expect("black's clock");

    server.stop().await;
    let down = black_left + 1_500;
    tokio::time::sleep(Duration::from_millis(down as u64)).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());

    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(stored["status"], "active", "not lost on time while the server was down: {stored}");
    let credits = credits_to_black(server.addr, &white.token, game).await;
    assert_eq!(credits.len(), 1, "one credit, to black: {credits:?}");
    assert!(
        (down..down + 1_000).contains(&credits[0]),
        "the downtime ({down} ms and the time to stop and start), not a heartbeat interval more: {credits:?}"
    );
    let body = json!({ "ply": 3, "client_move_id": "b2", "notation": "0" });
    let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&black.token), &body).await;
    assert_eq!(status, 200, "black plays on after the restart: {moved}");
    server.stop().await;
}

/// Dots on an empty 10×10 field with a STOP window of ten seconds.
const WINDOW: kartka_protocol::RulesetSpec = kartka_protocol::RulesetSpec::Dots(DotsOptions {
    width: 10,
    height: 10,
    start: kartka_protocol::kinds::dots::DotsStart::Empty,
    first_move_zone: false,
    extra_move: false,
    instant_win: 0,
    stop: kartka_protocol::kinds::dots::DotsStop::Window { seconds: 10 },
    auto_end: false,
    territory: false,
    seed: None,
});

/// Red presses STOP and the server stops cleanly for four seconds: after the start the window is still open
/// with the downtime given back (no clock ran meanwhile), and the restarted server closes it when its time is up.
async fn a_stop_window_survives_a_restart_and_keeps_its_time(backend: Backend) {
    let database = TestDb::new(backend).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let (blue, red) = (api.guest("blue").await, api.guest("red").await);
    let game = api.start_game_of(&blue, &red, WINDOW, LIVE, false).await;
    for (ply, (player, notation)) in [(&blue, "ed"), (&red, "STOP")].into_iter().enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": notation });
        let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
        assert_eq!(status, 200, "{moved}");
    }
    let down = 4_000;
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(down)).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());

    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    assert_eq!((stored["status"].as_str(), stored["to_act"].as_str()), (Some("active"), Some("first")), "{stored}");
    assert_eq!(stored["clocks"]["running"], serde_json::Value::Null, "no clock runs in the window: {stored}");
    let left = stored["clocks"]["window_ms"].as_i64().expect("the window's time");
    assert!(left > 10_000 - down as i64 + 1_500, "the downtime was given back to the window: {left} ms left");
    let body = json!({ "ply": 2, "client_move_id": "b2", "notation": "ii" });
    let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&blue.token), &body).await;
    assert_eq!(status, 200, "Blue places dots in the window after the restart: {moved}");

    let mut closed = None;
    for _ in 0..60 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
        if stored["status"] != "active" {
            closed = Some(stored);
            break;
        }
    }
    let closed = closed.expect("the window closes within its ten seconds");
    let last = closed["moves"].as_array().and_then(|moves| moves.last()).expect("the moves");
    assert_eq!(last["notation"], "DONE", "the restarted server closed the window: {closed}");
    assert_eq!(closed["result"]["reason"], "stop", "{closed}");
    server.stop().await;
}
