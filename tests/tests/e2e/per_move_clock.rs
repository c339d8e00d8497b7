//! The seed's clocks over sockets (Dots rules §9): a per-move clock whose move time and reserve run out loses
//! on time; blitz with a random move plays a random legal move for the late player, stored and pushed like any
//! other, and the game goes on (one point in Dots, a whole turn in Paper Soccer). Quick-pairing pools pair
//! players on the per-move clocks too. The clocks start after each side's first move (before it, a first-move
//! time runs, `first_move.rs`), so each scenario plays the first moves and then lets the clocks run out.

use kartka_protocol::kinds::dots::{DotsStart, DotsStop};
use kartka_protocol::kinds::{dots::DotsOptions, paper_soccer::PaperSoccerOptions};
use kartka_protocol::{
    EndReasonName, GameEvent, GameStatus, MoveRecord, OnTimeout, RulesetSpec, SeatName, ServerFrame, TimeControl,
};
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient, SMALL_DOTS};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_per_move_clock_that_runs_out_loses_on_time,
    blitz_plays_a_random_point_for_the_late_player_and_the_game_goes_on,
    blitz_plays_a_whole_random_turn_in_paper_soccer,
    quick_pairing_pools_pair_players_on_per_move_clocks,
);

/// Each side plays its first move over REST (`notations`, the first seat's first), so that the main clocks run.
async fn first_moves(api: &Api, game: Uuid, players: [&kartka_protocol::rest::Session; 2], notations: [&str; 2]) {
    for (ply, (player, notation)) in players.into_iter().zip(notations).enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("first-{ply}"), "notation": notation });
        let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
        assert_eq!(status, 200, "{moved}");
    }
}

/// The next `moved` event's record and its `client_move_id`.
async fn next_move(client: &mut WsClient) -> (MoveRecord, String) {
    loop {
        match client.next_event().await.event {
            GameEvent::Moved { record, client_move_id, .. } => return (record, client_move_id),
            GameEvent::Ended { result, .. } => panic!("the game ended: {result:?}"),
            _ => {}
        }
    }
}

async fn a_per_move_clock_that_runs_out_loses_on_time(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    // Out-of-range per-move clocks are refused at the boundary.
    for bad in [
        json!({ "type": "per_move", "move_seconds": 0, "reserve_seconds": 60 }),
        json!({ "type": "per_move", "move_seconds": 601, "reserve_seconds": 0 }),
        json!({ "type": "per_move", "move_seconds": 10, "reserve_seconds": 86_401 }),
        json!({ "type": "per_move", "move_seconds": 10, "reserve_seconds": 0, "on_timeout": "pass" }),
    ] {
        let body = json!({ "opponent": "bob", "ruleset": SMALL_DOTS, "time_control": bad });
        let (status, answer) = api.post("/api/challenges", Some(&alice.token), &body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("invalid_request")), "{bad}: {answer}");
    }

    let clock = TimeControl::PerMove { move_seconds: 1, reserve_seconds: 1, on_timeout: OnTimeout::Lose };
    let game = api.start_game_of(&alice, &bob, SMALL_DOTS, clock, false).await;
    let (mut watcher, snapshot) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert_eq!(snapshot.time_control, clock);
    assert_eq!(snapshot.status, GameStatus::Active);
    assert_eq!(snapshot.clocks.running, Some(SeatName::First));
    assert_eq!(snapshot.clocks.move_ms, None, "no move time before the first move: {:?}", snapshot.clocks);
    assert!(snapshot.clocks.first_move_ms.is_some(), "the first-move time runs: {:?}", snapshot.clocks);
    first_moves(&api, game, [&alice, &bob], ["ed", "ee"]).await;
    assert_eq!(next_move(&mut watcher).await.0.seat, SeatName::First);
    let (answer, _) = next_move(&mut watcher).await;
    assert_eq!((answer.seat, answer.clocks.running), (SeatName::Second, Some(SeatName::First)));
    assert_eq!(answer.clocks.move_ms, Some(1_000), "a per-move clock shows the move time: {:?}", answer.clocks);
    assert_eq!((answer.clocks.first_ms, answer.clocks.second_ms), (1_000, 1_000), "first moves cost nothing");
    assert_eq!(answer.clocks.first_move_ms, None, "both sides have moved");
    // Nobody moves now: the first seat's move time and then its reserve run out.
    let (result, clocks) = loop {
        if let GameEvent::Ended { result, clocks, .. } = watcher.next_event().await.event {
            break (result, clocks);
        }
    };
    assert_eq!((result.winner, result.reason), (Some(SeatName::Second), EndReasonName::Time));
    assert_eq!((clocks.first_ms, clocks.second_ms, clocks.running), (0, 1_000, None));
    let stored = server.state.store.moves(game).await.expect("moves");
    assert_eq!(stored.len(), 2, "a loss on time plays no move: {stored:?}");
    server.stop().await;
}

async fn blitz_plays_a_random_point_for_the_late_player_and_the_game_goes_on(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let blitz = TimeControl::PerMove { move_seconds: 1, reserve_seconds: 0, on_timeout: OnTimeout::RandomMove };
    let game = api.start_game_of(&alice, &bob, SMALL_DOTS, blitz, false).await;
    let (mut first, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    first_moves(&api, game, [&alice, &bob], ["ed", "ee"]).await;
    for client in [&mut first, &mut second] {
        for seat in [SeatName::First, SeatName::Second] {
            let (record, client_move_id) = next_move(client).await;
            assert_eq!((record.seat, client_move_id.starts_with("first-")), (seat, true), "the players' own");
        }
    }

    // Nobody moves now: the server plays for each seat in turn, and both players see the same moves.
    let mut played = Vec::new();
    for seat in [SeatName::First, SeatName::Second, SeatName::First] {
        let (record, client_move_id) = next_move(&mut first).await;
        assert_eq!(record.seat, seat);
        assert!(client_move_id.starts_with("timeout-"), "a timeout move is marked: {client_move_id}");
        assert!(record.turn_ended);
        assert_eq!(record.clocks.move_ms, Some(1_000), "the next move starts a fresh move time");
        assert_eq!(next_move(&mut second).await, (record.clone(), client_move_id));
        played.push(record);
    }
    let notations: Vec<&str> = played.iter().map(|record| record.notation.as_str()).collect();

    // They are stored as ordinary moves, and the game is still being played.
    let stored = server.state.store.moves(game).await.expect("moves");
    let stored: Vec<(&str, &str)> =
        stored.iter().skip(2).take(3).map(|row| (row.notation.as_str(), row.client_move_id.as_str())).collect();
    assert_eq!(stored.iter().map(|(notation, _)| *notation).collect::<Vec<_>>(), notations);
    assert!(stored.iter().all(|(_, id)| id.starts_with("timeout-")));
    let (status, summary) = api.get(&format!("/api/games/{game}"), Some(&alice.token)).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["status"], "active", "{summary}");
    server.stop().await;
}

async fn blitz_plays_a_whole_random_turn_in_paper_soccer(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let blitz = TimeControl::PerMove { move_seconds: 1, reserve_seconds: 0, on_timeout: OnTimeout::RandomMove };
    let soccer = RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 8, height: 10, goal: 2 });
    let game = api.start_game_of(&alice, &bob, soccer, blitz, false).await;
    let (mut watcher, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    first_moves(&api, game, [&alice, &bob], ["0", "0"]).await;
    for _ in 0..2 {
        assert!(next_move(&mut watcher).await.1.starts_with("first-"), "the players' own first moves");
    }
    // The first seat's whole turn is played at once, step by step, until the turn passes.
    let mut steps = 0;
    loop {
        let (record, client_move_id) = next_move(&mut watcher).await;
        assert_eq!(record.seat, SeatName::First);
        assert!(client_move_id.starts_with("timeout-"), "{client_move_id}");
        steps += 1;
        if record.turn_ended {
            break;
        }
    }
    let (record, _) = next_move(&mut watcher).await;
    assert_eq!(record.seat, SeatName::Second, "then the other seat's turn, after {steps} steps");
    server.stop().await;
}

/// The next `game_started` frame's game.
async fn started(client: &mut WsClient) -> Uuid {
    loop {
        if let ServerFrame::GameStarted { game_id } = client.next().await {
            return game_id;
        }
    }
}

async fn quick_pairing_pools_pair_players_on_per_move_clocks(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let blitz = TimeControl::PerMove { move_seconds: 5, reserve_seconds: 0, on_timeout: OnTimeout::RandomMove };
    let reserve = TimeControl::PerMove { move_seconds: 10, reserve_seconds: 60, on_timeout: OnTimeout::Lose };
    // The lobby's per-move pools, a territory game among them (its options pass the lobby like any ruleset).
    let territory = RulesetSpec::Dots(DotsOptions {
        width: 10,
        height: 10,
        start: DotsStart::Empty,
        first_move_zone: false,
        extra_move: false,
        instant_win: 0,
        stop: DotsStop::Off,
        auto_end: false,
        territory: true,
        seed: None,
    });
    for (pair, (ruleset, time_control)) in [(SMALL_DOTS, blitz), (territory, reserve)].into_iter().enumerate() {
        let players = [api.guest(&format!("ala{pair}")).await, api.guest(&format!("ola{pair}")).await];
        let mut sockets = Vec::new();
        for (index, player) in players.iter().enumerate() {
            let mut socket = WsClient::connect(server.addr, &player.token).await;
            let pool = json!({ "ruleset": ruleset, "time_control": time_control, "rated": false });
            socket.request(index as u64 + 1, json!({ "type": "pool_join", "pool": pool })).await;
            sockets.push(socket);
        }
        let game = started(&mut sockets[0]).await;
        assert_eq!(started(&mut sockets[1]).await, game, "the pool paired them with each other");
        let (_, snapshot) = WsClient::subscribed(server.addr, &players[0].token, game).await;
        assert_eq!((snapshot.ruleset, snapshot.time_control), (ruleset, time_control));
        assert!(snapshot.clocks.first_move_ms.is_some(), "the first-move time runs first: {:?}", snapshot.clocks);
    }
    server.stop().await;
}
