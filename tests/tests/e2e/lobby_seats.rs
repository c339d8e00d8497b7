//! The lobby for games of more than two seats, over real sockets: a Dots and Boxes seek for three fills as
//! players take seats (one may leave and free theirs, and one who disconnects frees theirs), starts a game of three once full, which the three play in
//! seat order (a completed box earns the same seat another edge); a rated pool of three gathers three, whose game
//! rates every seat by Weng-Lin from the ranks, on a leaderboard of its own.

use std::time::Duration;

use kartka_engine::{AnyGame, EndReason, Outcome, Progress, Seat};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::{
    EndReasonName, ErrorCode, GameEvent, GameSnapshot, RulesetSpec, SeatName, Seek, ServerFrame, TimeControl,
};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_server::games::{convert, kinds};
use kartka_server::lobby::pairing::Windows;
use kartka_server::lobby::LobbySettings;
use kartka_server::ratings::ranking;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_seek_for_three_fills_seat_by_seat_and_starts_a_game_the_three_play_in_seat_order,
    a_rated_pool_for_three_gathers_three_and_rates_them_by_weng_lin,
    in_a_game_of_four_a_seat_that_resigns_ranks_last_and_the_others_play_on,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const FOUR: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 2, players: 4 });
const THREE: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 2, players: 3 });

fn settings() -> Settings {
    let windows = Windows { base: 50.0, growth_per_second: 300.0, widening_limit: Duration::from_millis(2_000) };
    Settings {
        lobby: LobbySettings { wave_interval: Duration::from_millis(100), wave_at_size: 1_000, windows },
        ..Settings::default()
    }
}

fn refusal(frame: &ServerFrame) -> Option<ErrorCode> {
    match frame {
        ServerFrame::Error { code, .. } => Some(*code),
        _ => None,
    }
}

/// The game an ack names, `None` for an ack without one; panics on anything else.
fn acked_game(frame: ServerFrame) -> Option<Uuid> {
    match frame {
        ServerFrame::Ack { game_id, .. } => game_id,
        other => panic!("expected an ack, got {other:?}"),
    }
}

/// The next `seek_added` of seek `id` a lobby subscriber gets: the seek as it now stands.
async fn seek_news(watcher: &mut WsClient, id: Uuid) -> Seek {
    match watcher.next_matching(|f| matches!(f, ServerFrame::SeekAdded { seek } if seek.id == id)).await {
        ServerFrame::SeekAdded { seek } => seek,
        _ => unreachable!(),
    }
}

async fn game_started(client: &mut WsClient) -> Uuid {
    match client.next_matching(|f| matches!(f, ServerFrame::GameStarted { .. })).await {
        ServerFrame::GameStarted { game_id } => game_id,
        _ => unreachable!(),
    }
}

/// An edge that completes a box now, if there is one; else the last legal edge.
fn greedy_edge(game: &AnyGame) -> String {
    let mut legal = game.legal_actions();
    let takes = |edge: &&String| {
        let mut after = game.clone();
        matches!(after.play(edge).map(|played| played.progress), Ok(Progress::TurnContinues))
    };
    let taking = legal.iter().find(takes).cloned();
    taking.or_else(|| legal.pop()).expect("a seat to act has an edge")
}

async fn a_seek_for_three_fills_seat_by_seat_and_starts_a_game_the_three_play_in_seat_order(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let names = ["alice", "bob", "carol", "dave"];
    let mut sessions = Vec::new();
    for name in names {
        sessions.push(api.guest(name).await);
    }
    let mut clients = Vec::new();
    for session in &sessions {
        clients.push(WsClient::connect(server.addr, &session.token).await);
    }
    let mut watcher = WsClient::connect(server.addr, &sessions[3].token).await;
    watcher.send(json!({ "type": "lobby_subscribe", "id": 1 })).await;
    watcher.next_matching(|f| matches!(f, ServerFrame::Lobby { .. })).await;

    let seek_frame = json!({ "type": "seek_create", "ruleset": THREE, "time_control": BLITZ, "rated": false });
    let seek = match clients[0].ask(1, seek_frame).await {
        ServerFrame::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    };
    assert_eq!((seek.seats, seek.joined.len()), (3, 1), "the creator holds the first of three seats");
    assert_eq!(seek.joined[0].id, sessions[0].account.id);
    assert_eq!(seek_news(&mut watcher, seek.id).await, seek);

    let accept = json!({ "type": "seek_accept", "seek_id": seek.id });
    let leave = json!({ "type": "seek_cancel", "seek_id": seek.id });
    assert_eq!(acked_game(clients[1].ask(1, accept.clone()).await), None, "a seat taken, one still open");
    let half_full = seek_news(&mut watcher, seek.id).await;
    let joined: Vec<Uuid> = half_full.joined.iter().map(|player| player.id).collect();
    assert_eq!(joined, [sessions[0].account.id, sessions[1].account.id], "2/3");
    assert_eq!(refusal(&clients[1].ask(2, accept.clone()).await), Some(ErrorCode::NotAllowed), "one seat each");

    // Bob leaves his seat: it is open again, and nobody else may free a seat they do not hold.
    assert_eq!(refusal(&clients[2].ask(1, leave.clone()).await), Some(ErrorCode::Forbidden), "no seat to leave");
    assert_eq!(acked_game(clients[1].ask(3, leave).await), None);
    let freed = seek_news(&mut watcher, seek.id).await;
    assert_eq!(freed.joined.iter().map(|player| player.id).collect::<Vec<_>>(), [sessions[0].account.id], "1/3");

    // A seated player whose last connection closes leaves their seat too.
    let erin = api.guest("erin").await;
    let mut erins = WsClient::connect(server.addr, &erin.token).await;
    assert_eq!(acked_game(erins.ask(1, accept.clone()).await), None);
    assert_eq!(seek_news(&mut watcher, seek.id).await.joined.len(), 2, "2/3");
    erins.close().await;
    let departed = seek_news(&mut watcher, seek.id).await;
    assert_eq!(departed.joined.iter().map(|player| player.id).collect::<Vec<_>>(), [sessions[0].account.id], "1/3");

    // Carol and Dave take the two seats: the third starts the game, and every seated player is told.
    assert_eq!(acked_game(clients[2].ask(2, accept.clone()).await), None);
    let game = acked_game(clients[3].ask(1, accept).await).expect("the last seat starts the game");
    assert_eq!(
        watcher.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await,
        ServerFrame::SeekRemoved { seek_id: seek.id }
    );
    for seated in [0, 2] {
        assert_eq!(game_started(&mut clients[seated]).await, game);
    }

    let mut seated: Vec<(WsClient, GameSnapshot)> = Vec::new();
    for session in [&sessions[0], &sessions[2], &sessions[3]] {
        seated.push(WsClient::subscribed(server.addr, &session.token, game).await);
    }
    let snapshot = seated[0].1.clone();
    assert_eq!(snapshot.ruleset, THREE);
    assert!(!snapshot.rated);
    assert_eq!((snapshot.players.len(), snapshot.clocks.ms.len()), (3, 3), "three players, three clocks");
    let mut players: Vec<Uuid> = snapshot.players.iter().map(|player| player.account_id).collect();
    players.sort_unstable();
    let mut expected = vec![sessions[0].account.id, sessions[2].account.id, sessions[3].account.id];
    expected.sort_unstable();
    assert_eq!(players, expected, "the seats were dealt among the three who took them");
    // The client that plays each seat, in seat order.
    let client_of_seat: Vec<usize> = snapshot
        .players
        .iter()
        .map(|player| {
            let session =
                [&sessions[0], &sessions[2], &sessions[3]].iter().position(|s| s.account.id == player.account_id);
            session.expect("a seated player")
        })
        .collect();

    let (position, movers, extra_moves) = play_to_the_end(&mut seated, &client_of_seat, game, &snapshot).await;
    assert!(extra_moves > 0, "the greedy game completes boxes");
    assert_eq!(&movers[..3], [0, 1, 2], "the first turns go round the seats in order");
    let outcome = position.outcome().expect("over by the rules");
    let (status, finished) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{finished}");
    assert_eq!(finished["players"].as_array().map(Vec::len), Some(3));
    assert_eq!(finished["result"]["ranks"], json!(outcome.ranks.as_slice()), "{finished}");
    server.stop().await;
}

async fn a_rated_pool_for_three_gathers_three_and_rates_them_by_weng_lin(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let mut clients = Vec::new();
    let mut accounts = Vec::new();
    let mut names = Vec::new();
    let mut tokens = Vec::new();
    for name in ["alice", "bob", "carol"] {
        let (status, registered) =
            api.post("/api/register", None, &json!({ "username": name, "password": "long enough secret" })).await;
        assert_eq!(status, 201, "{registered}");
        accounts.push(registered["account"]["id"].as_str().expect("an id").parse::<Uuid>().expect("a uuid"));
        names.push(name);
        tokens.push(registered["token"].as_str().expect("a token").to_owned());
        clients.push(WsClient::connect(server.addr, &tokens[tokens.len() - 1]).await);
    }
    let pool = json!({ "ruleset": THREE, "time_control": BLITZ, "rated": true });
    for (id, client) in clients.iter_mut().enumerate().take(2) {
        client.request(id as u64 + 1, json!({ "type": "pool_join", "pool": pool })).await;
    }
    // Two waiting players are not a game of three: waves pass them by.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let started = server.state.store.games_of(accounts[0], None, 10).await.expect("games");
    assert!(started.is_empty(), "two of three do not start a game: {started:?}");
    clients[2].request(1, json!({ "type": "pool_join", "pool": pool })).await;
    let mut games = Vec::new();
    for client in &mut clients {
        games.push(game_started(client).await);
    }
    assert!(games.windows(2).all(|pair| pair[0] == pair[1]), "one game for the three: {games:?}");
    let game = games[0];
    let mut seated = Vec::new();
    for token in &tokens {
        seated.push(WsClient::subscribed(server.addr, token, game).await);
    }
    let snapshot = seated[0].1.clone();
    assert!(snapshot.rated);
    assert_eq!((snapshot.players.len(), snapshot.clocks.ms.len()), (3, 3));
    let client_of_seat: Vec<usize> = snapshot
        .players
        .iter()
        .map(|player| accounts.iter().position(|&id| id == player.account_id).expect("a seated player"))
        .collect();
    let (position, _, _) = play_to_the_end(&mut seated, &client_of_seat, game, &snapshot).await;
    let outcome = position.outcome().expect("over by the rules");

    // Every seat's rating moved by Weng-Lin from the ranks: the better placed gained more.
    let (result, rating_changes) = loop {
        if let GameEvent::Ended { result, rating_changes, .. } = seated[0].0.next_event().await.event {
            break (result, rating_changes);
        }
    };
    assert_eq!(result.ranks, outcome.ranks.as_slice().to_vec());
    assert_eq!(rating_changes.len(), 3, "one change per seat");
    let gain = |seat: usize| rating_changes[seat].rating_after - rating_changes[seat].rating_before;
    let ranks = outcome.ranks.as_slice();
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if ranks[a] < ranks[b] {
            assert!(gain(a) > gain(b), "a better rank gains more: {rating_changes:?} for {ranks:?}");
        }
    }
    for (seat, account) in client_of_seat.iter().map(|&client| names[client]).enumerate() {
        let (status, profile) = api.get(&format!("/api/players/{account}"), None).await;
        assert_eq!(status, 200, "{profile}");
        let ratings = profile["ratings"].as_array().expect("ratings");
        assert_eq!(ratings.len(), 1, "{profile}");
        assert_eq!(ratings[0]["model"], "weng_lin", "{profile}");
        assert_eq!(ratings[0]["kind"], "dots-and-boxes");
        assert_eq!(ratings[0]["rating"], json!(rating_changes[seat].rating_after), "{profile}");
    }
    let (status, board) = api.get("/api/leaderboard/dots-and-boxes?speed=blitz&model=weng_lin", None).await;
    assert_eq!(status, 200, "{board}");
    assert_eq!((board["model"].clone(), board["rated_players"].clone()), (json!("weng_lin"), json!(3)), "{board}");
    let (_, glicko) = api.get("/api/leaderboard/dots-and-boxes?speed=blitz", None).await;
    assert_eq!(glicko["rated_players"], json!(0), "Glicko-2's board is another: {glicko}");

    // An admin decides the finished game the other way round: the pool's Weng-Lin ratings are replayed from
    // newcomers with the new ranks. Ranks that rank no game of three are refused and change nothing.
    let (status, boss) =
        api.post("/api/register", None, &json!({ "username": "boss", "password": "long enough secret" })).await;
    assert_eq!(status, 201, "{boss}");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let boss = boss["token"].as_str().map(str::to_owned);
    let adjudicate = format!("/api/admin/games/{game}/adjudicate");
    for refused in [
        json!({ "result": "first", "reason": "three seats need ranks" }),
        json!({ "ranks": [1, 1, 2], "reason": "not competition ranks" }),
        json!({ "ranks": [1, 2], "reason": "two ranks for three seats" }),
        json!({ "ranks": [1, 2, 3], "result": "draw", "reason": "both" }),
    ] {
        let (status, body) = api.post(&adjudicate, boss.as_deref(), &refused).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{refused}: {body}");
    }
    let reversed: Vec<u8> = ranks.iter().map(|&rank| 4 - rank).collect();
    let reversed = Outcome::of_ranks(&reversed, EndReason::Adjudication).map_or_else(
        // Ties reversed are not competition ranks (1, 1, 3 turns into 3, 3, 1): the tied seats share rank 2.
        || ranks.iter().map(|&rank| if rank == 3 { 1 } else { 2 }).collect::<Vec<u8>>(),
        |outcome| outcome.ranks.as_slice().to_vec(),
    );
    let (status, body) =
        api.post(&adjudicate, boss.as_deref(), &json!({ "ranks": reversed, "reason": "scores miscounted" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["game"]["result"]["ranks"], json!(reversed), "{body}");
    let replayed = weng_lin_ranking(&reversed);
    for (seat, account) in client_of_seat.iter().map(|&client| names[client]).enumerate() {
        let (_, profile) = api.get(&format!("/api/players/{account}"), None).await;
        let rating = &profile["ratings"][0];
        assert_eq!((rating["model"].as_str(), rating["games"].as_i64()), (Some("weng_lin"), Some(1)), "{profile}");
        assert_eq!(rating["rating"], json!(replayed[seat]), "seat {seat} replayed from its new rank: {profile}");
    }
    server.stop().await;
}

/// The shown ratings of newcomers after one game ranked `ranks`, by the server's Weng-Lin arithmetic.
fn weng_lin_ranking(ranks: &[u8]) -> Vec<i64> {
    let seats: Vec<_> = ranks.iter().map(|&rank| (ranking::NEWCOMER, rank)).collect();
    let rated = ranking::rate(&seats).expect("a ranking of three");
    rated.into_iter().map(|skill| ranking::shown(skill).0.round() as i64).collect()
}

/// Four registered players gather in a rated pool of four; after a few moves one resigns: the game goes on
/// without that seat (a `seat_left` event, its turns passed by, its moves refused), a snapshot taken after it
/// says so, and at the end the resigner ranks last and every seat's Weng-Lin rating moved.
async fn in_a_game_of_four_a_seat_that_resigns_ranks_last_and_the_others_play_on(url: &str) {
    let server = TestServer::start(url, settings()).await;
    let api = Api::new(server.url());
    let mut tokens = Vec::new();
    let mut accounts = Vec::new();
    for name in ["alice", "bob", "carol", "dave"] {
        let (status, registered) =
            api.post("/api/register", None, &json!({ "username": name, "password": "long enough secret" })).await;
        assert_eq!(status, 201, "{registered}");
        accounts.push(registered["account"]["id"].as_str().expect("an id").parse::<Uuid>().expect("a uuid"));
        tokens.push(registered["token"].as_str().expect("a token").to_owned());
    }
    let mut lobby = Vec::new();
    for (id, token) in tokens.iter().enumerate() {
        let mut client = WsClient::connect(server.addr, token).await;
        let pool = json!({ "ruleset": FOUR, "time_control": BLITZ, "rated": true });
        client.request(id as u64 + 1, json!({ "type": "pool_join", "pool": pool })).await;
        lobby.push(client);
    }
    let mut games = Vec::new();
    for client in &mut lobby {
        games.push(game_started(client).await);
    }
    let game = games[0];
    assert!(games.iter().all(|&started| started == game), "one game for the four: {games:?}");
    let mut seated = Vec::new();
    for token in &tokens {
        seated.push(WsClient::subscribed(server.addr, token, game).await);
    }
    let snapshot = seated[0].1.clone();
    let client_of_seat: Vec<usize> = snapshot
        .players
        .iter()
        .map(|player| accounts.iter().position(|&id| id == player.account_id).expect("a seated player"))
        .collect();
    let position = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    let (mut position, ply, _, _) = play_on(&mut seated, &client_of_seat, game, (position, 0), &[], 3).await;

    // The third seat resigns, whoever is to move: the game goes on without it.
    let resigner = Seat::new(2).expect("a third seat");
    let resigning = client_of_seat[resigner.index()];
    seated[resigning].0.request(500, json!({ "type": "resign", "game_id": game })).await;
    let left = loop {
        if let GameEvent::SeatLeft { seat, reason, ply: at, to_act, .. } = seated[0].0.next_event().await.event {
            break (seat, reason, at, to_act);
        }
    };
    position.seat_left(resigner, EndReason::Resignation);
    assert_eq!(left, (SeatName::Third, EndReasonName::Resignation, ply, position.to_act().map(convert::seat_name)));
    let refused = seated[resigning].0.refused(501, move_frame(game, ply, "after", &greedy_edge(&position))).await;
    assert_eq!(refused, ErrorCode::NotAllowed, "a seat that left moves no more");
    let (_, later) = WsClient::subscribed(server.addr, &tokens[client_of_seat[0]], game).await;
    assert_eq!(later.departed.len(), 1, "a snapshot names the departed seat: {later:?}");
    assert_eq!((later.departed[0].seat, later.departed[0].ply), (SeatName::Third, ply));

    let (position, _, movers, _) =
        play_on(&mut seated, &client_of_seat, game, (position, ply), &[resigner.index()], usize::MAX).await;
    assert!(!movers.is_empty() && !movers.contains(&resigner.index()), "the turn passes the resigner by: {movers:?}");
    let outcome = position.outcome().expect("over by the rules");
    assert_eq!(outcome.ranks[resigner], 4, "the resigner ranks last: {:?}", outcome.ranks);
    let (result, rating_changes) = loop {
        if let GameEvent::Ended { result, rating_changes, .. } = seated[0].0.next_event().await.event {
            break (result, rating_changes);
        }
    };
    assert_eq!(result.ranks, outcome.ranks.as_slice().to_vec());
    assert_eq!(rating_changes.len(), 4, "every seat rated, the resigner too");
    let resigner_change = &rating_changes[resigner.index()];
    assert!(resigner_change.rating_after < resigner_change.rating_before, "last place loses: {rating_changes:?}");
    server.stop().await;
}

/// Plays the game from `position` at `ply` by the rules, each seat's greedy edge sent by the client of that seat
/// (`client_of_seat`, in seat order), until it ends or `moves` moves were played; after each completed box it
/// checks that another seat still playing (not in `departed`) may not move yet. Returns the position, the ply,
/// the seat of every move in order and how many moves were extra ones.
async fn play_on(
    seated: &mut [(WsClient, GameSnapshot)],
    client_of_seat: &[usize],
    game: Uuid,
    (mut position, mut ply): (AnyGame, u32),
    departed: &[usize],
    moves: usize,
) -> (AnyGame, u32, Vec<usize>, u32) {
    let mut movers = Vec::new();
    let mut extra_moves = 0;
    while let Some(seat) = position.to_act().filter(|_| movers.len() < moves) {
        let edge = greedy_edge(&position);
        let mover = client_of_seat[seat.index()];
        let frame = move_frame(game, ply, &format!("m{ply}"), &edge);
        seated[mover].0.request(10 + u64::from(ply), frame).await;
        movers.push(seat.index());
        let played = position.play(&edge).expect("the engine's own edge");
        let other = (seat.index() + 1) % client_of_seat.len();
        if played.progress == Progress::TurnContinues && !departed.contains(&other) {
            // A completed box: the same seat moves again, and the next seat in order may not yet.
            extra_moves += 1;
            let early = move_frame(game, ply + 1, "early", "a1h");
            let refused = seated[client_of_seat[other]].0.refused(1_000 + u64::from(ply), early).await;
            assert_eq!(refused, ErrorCode::NotYourTurn, "after a completed box the same seat moves again");
        }
        ply += played.actions as u32;
    }
    (position, ply, movers, extra_moves)
}

/// Plays the game of `snapshot` from its start to its end (see [`play_on`]).
async fn play_to_the_end(
    seated: &mut [(WsClient, GameSnapshot)],
    client_of_seat: &[usize],
    game: Uuid,
    snapshot: &GameSnapshot,
) -> (AnyGame, Vec<usize>, u32) {
    let position = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    let (position, _, movers, extra_moves) =
        play_on(seated, client_of_seat, game, (position, 0), &[], usize::MAX).await;
    (position, movers, extra_moves)
}
