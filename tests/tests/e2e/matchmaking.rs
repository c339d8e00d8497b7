//! Matchmaking and ratings end to end: quick pairing pools, open seeks, rematches (which spectators follow),
//! Glicko-2 ratings, profiles and leaderboards, through real WebSocket and REST clients against a real server, on
//! SQLite and PostgreSQL.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use kartka_protocol::rest::{Challenge, ChallengeStatus, Leaderboard, Profile, Session};
use kartka_protocol::{ErrorCode, GameEvent, GameStatus, PoolSpec, SeatName, ServerFrame, SpeedClass, TimeControl};
use kartka_server::config::Settings;
use kartka_server::lobby::pairing::Windows;
use kartka_server::lobby::LobbySettings;
use kartka_server::store::RatingRow;
use kartka_tests::client::{move_frame, Api, WsClient, KURNIK};
use kartka_tests::db::TestDb;
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    database:
    fifty_players_in_several_pools_are_paired_within_their_windows,
    a_disconnect_removes_the_player_from_every_pool_and_their_seeks,
    an_accepted_challenge_takes_both_players_out_of_the_lobby,
    seeks_are_listed_live_accepted_and_cancelled,
    colours_are_balanced_by_recent_games,
    a_rated_game_changes_both_ratings_shown_in_the_event_profile_and_leaderboard,
    a_failed_rating_write_leaves_the_result_unrecorded_until_it_succeeds,
    aborted_games_and_games_before_both_players_moved_are_not_rated,
    a_rematch_is_offered_declined_and_accepted_with_the_seats_swapped,
);

/// Quick pairing for tests: fast waves, windows that widen visibly within a second or two.
const WINDOWS: Windows = Windows { base: 50.0, growth_per_second: 300.0, widening_limit: Duration::from_millis(2_000) };
const WAVE: Duration = Duration::from_millis(100);

fn settings() -> Settings {
    Settings {
        lobby: LobbySettings { wave_interval: WAVE, wave_at_size: 1_000, windows: WINDOWS },
        ..Settings::default()
    }
}

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 0 };
const BULLET: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 0 };

fn pool(time_control: TimeControl, rated: bool) -> PoolSpec {
    PoolSpec { ruleset: KURNIK, time_control, rated }
}

/// A short game to a goal: White's last turn `17` bounces off the right post into the top goal.
const GOAL_SCRIPT: [&str; 5] = ["0", "0", "0", "0", "17"];

fn rating(account: Uuid, speed: &str, rating: f64, deviation: f64) -> RatingRow {
    RatingRow {
        account_id: account,
        kind: "paper-soccer".to_owned(),
        speed: speed.to_owned(),
        model: "glicko2".into(),
        rating,
        deviation,
        volatility: Some(0.06),
        games: 40,
        updated_at: kartka_server::time::now_ms(),
    }
}

async fn game_started(client: &mut WsClient) -> Uuid {
    match client.next_matching(|f| matches!(f, ServerFrame::GameStarted { .. })).await {
        ServerFrame::GameStarted { game_id } => game_id,
        _ => unreachable!(),
    }
}

fn refusal(frame: &ServerFrame) -> Option<ErrorCode> {
    match frame {
        ServerFrame::Error { code, .. } => Some(*code),
        _ => None,
    }
}

async fn create_seek(client: &mut WsClient, id: u64, frame: Value) -> kartka_protocol::Seek {
    match client.ask(id, frame).await {
        ServerFrame::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    }
}

async fn accept_seek(client: &mut WsClient, id: u64, seek_id: Uuid) -> Uuid {
    match client.ask(id, json!({ "type": "seek_accept", "seek_id": seek_id })).await {
        ServerFrame::Ack { game_id: Some(game_id), .. } => game_id,
        other => panic!("expected an ack naming the game, got {other:?}"),
    }
}

fn seek_frame(time_control: TimeControl, rated: bool, extra: Value) -> Value {
    let mut frame = json!({ "type": "seek_create", "ruleset": { "kind": "paper-soccer" }, "time_control": time_control, "rated": rated });
    if let (Some(frame), Some(extra)) = (frame.as_object_mut(), extra.as_object()) {
        frame.extend(extra.clone());
    }
    frame
}

/// Plays the goal script: the first seat wins. `clients` are first seat first.
async fn play_to_goal(clients: [&mut WsClient; 2], game: Uuid) {
    let [first, second] = clients;
    let mut ply = 0;
    for (turn, notation) in GOAL_SCRIPT.iter().enumerate() {
        let mover = if turn % 2 == 0 { &mut *first } else { &mut *second };
        mover.request(100 + turn as u64, move_frame(game, ply, &format!("m{turn}"), notation)).await;
        ply += notation.len() as u32;
    }
}

/// Players who may play rated games, by name (see [`player`]).
async fn players(db: &TestDb, api: &Api, names: &[&str]) -> Vec<Session> {
    let mut sessions = Vec::new();
    for name in names {
        sessions.push(player(db, api, name).await);
    }
    sessions
}

/// A player who may play rated games: a guest made registered (rated play needs a registered account).
async fn player(db: &TestDb, api: &Api, name: &str) -> Session {
    let session = api.guest(name).await;
    db.make_registered(session.account.id).await;
    session
}

/// What one simulated player saw: when it asked to join each pool, and when its game started.
struct Waited {
    account: Uuid,
    joined: HashMap<PoolSpec, Instant>,
    started: Instant,
    game: Uuid,
}

async fn fifty_players_in_several_pools_are_paired_within_their_windows(db: &TestDb) {
    const PLAYERS: usize = 50;
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let pools = [pool(BLITZ, true), pool(BULLET, true), pool(BLITZ, false)];
    let mut players = Vec::new();
    let mut ratings: HashMap<(Uuid, SpeedClass), f64> = HashMap::new();
    for index in 0..PLAYERS {
        let session = player(db, &api, &format!("player{index}")).await;
        // A deterministic spread over 1000–2400, different per speed class.
        let blitz = 1000.0 + ((index * 7_919) % 1_400) as f64;
        let bullet = 1000.0 + ((index * 104_729) % 1_400) as f64;
        db.set_rating(&rating(session.account.id, "blitz", blitz, 60.0)).await;
        db.set_rating(&rating(session.account.id, "bullet", bullet, 60.0)).await;
        ratings.insert((session.account.id, SpeedClass::Blitz), blitz);
        ratings.insert((session.account.id, SpeedClass::Bullet), bullet);
        // Everyone waits for rated blitz; some also for rated bullet, some for casual blitz.
        let mut joins = vec![pools[0]];
        if index % 2 == 0 {
            joins.push(pools[1]);
        }
        if index % 3 == 0 {
            joins.push(pools[2]);
        }
        players.push((session, joins));
    }

    let addr = server.addr;
    let mut waiting = Vec::new();
    for (session, joins) in players {
        waiting.push(tokio::spawn(async move {
            let mut client = WsClient::connect(addr, &session.token).await;
            let mut joined = HashMap::new();
            let mut game = None;
            for (id, pool) in joins.iter().enumerate() {
                let id = id as u64 + 1;
                joined.insert(*pool, Instant::now());
                client.send(json!({ "type": "pool_join", "id": id, "pool": pool })).await;
                // The player may be paired before a later join is answered; that join is then refused.
                loop {
                    match client.next().await {
                        ServerFrame::GameStarted { game_id } => game = Some((game_id, Instant::now())),
                        ServerFrame::Ack { id: Some(got), .. } if got == id => break,
                        ServerFrame::Error { id: Some(got), code, .. } if got == id => {
                            assert_eq!(code, ErrorCode::NotAllowed, "only a player already paired is refused");
                            break;
                        }
                        _ => {}
                    }
                }
            }
            let (game, started) = match game {
                Some(started) => started,
                None => (game_started(&mut client).await, Instant::now()),
            };
            (Waited { account: session.account.id, joined, started, game }, client)
        }));
    }
    let mut seen = Vec::new();
    let mut clients = Vec::new();
    for task in waiting {
        let (waited, client) = tokio::time::timeout(Duration::from_secs(30), task)
            .await
            .expect("every player gets a game in time")
            .expect("a player's task");
        seen.push(waited);
        clients.push(client);
    }

    let by_account: HashMap<Uuid, &Waited> = seen.iter().map(|w| (w.account, w)).collect();
    let mut games: HashMap<Uuid, Vec<Uuid>> = HashMap::new();
    for waited in &seen {
        games.entry(waited.game).or_default().push(waited.account);
    }
    assert_eq!(games.len(), PLAYERS / 2, "every player is in exactly one game, with one other player");
    let slack = Duration::from_secs(3);
    for (game_id, accounts) in &games {
        assert_eq!(accounts.len(), 2, "game {game_id} has two players");
        let game = server.state.store.game(*game_id).await.unwrap().expect("the game is stored");
        let mut seated: HashSet<_> = game.players.iter().copied().collect();
        assert!(seated.remove(&accounts[0]) && seated.remove(&accounts[1]) && seated.is_empty());
        let time_control: TimeControl = serde_json::from_str(&game.time_control).unwrap();
        let spec = pool(time_control, game.rated);
        let speed = if time_control == BLITZ { SpeedClass::Blitz } else { SpeedClass::Bullet };
        let [a, b] = [by_account[&accounts[0]], by_account[&accounts[1]]];
        // The pool was one both players joined, and the ratings fit the wider window, measured from when the
        // join was sent to when the game arrived (at least the wait the server saw).
        let waited = |w: &Waited| w.started.duration_since(*w.joined.get(&spec).expect("paired in a pool it joined"));
        let window = WINDOWS.window(waited(a).as_millis() as i64).max(WINDOWS.window(waited(b).as_millis() as i64));
        let difference = (ratings[&(a.account, speed)] - ratings[&(b.account, speed)]).abs();
        assert!(difference <= window, "game {game_id}: difference {difference} outside window {window}");
    }
    for waited in &seen {
        assert_eq!(server.state.store.games_of(waited.account, None, 10).await.unwrap().len(), 1, "one game each");
        let longest = waited.joined.values().map(|joined| waited.started.duration_since(*joined)).min().unwrap();
        assert!(
            longest <= WINDOWS.widening_limit + WAVE + slack,
            "nobody compatible waits past the widening limit: waited {longest:?}"
        );
    }

    // The pools measured the waits: a newcomer sees the expected wait.
    let newcomer = player(db, &api, "newcomer").await;
    let mut client = WsClient::connect(server.addr, &newcomer.token).await;
    client.send(json!({ "type": "pool_join", "id": 1, "pool": pools[0] })).await;
    let ServerFrame::PoolStatus(status) = client.next_matching(|f| matches!(f, ServerFrame::PoolStatus(_))).await
    else {
        unreachable!()
    };
    assert_eq!((status.pool, status.waiting), (pools[0], 1));
    assert!(status.expected_wait_ms.is_some_and(|ms| ms <= 10_000), "{status:?}");
    drop(clients);
    server.stop().await;
}

async fn a_disconnect_removes_the_player_from_every_pool_and_their_seeks(db: &TestDb) {
    // Windows that never widen: players far apart stay unpaired, so a ghost would be visible.
    let mut settings = settings();
    settings.lobby.windows = Windows { base: 50.0, growth_per_second: 0.0, widening_limit: Duration::from_secs(600) };
    let server = TestServer::start(db.url(), settings).await;
    let api = Api::new(server.url());
    let [leaver, watcher, stayer] = <[Session; 3]>::try_from(players(db, &api, &["leaver", "watcher", "stayer"]).await)
        .unwrap_or_else(|_| unreachable!());
    let pools = [pool(BLITZ, true), pool(BULLET, false)];

    let mut phone = WsClient::connect(server.addr, &leaver.token).await;
    let laptop = WsClient::connect(server.addr, &leaver.token).await;
    for (id, pool) in pools.iter().enumerate() {
        let answer = phone.ask(id as u64 + 1, json!({ "type": "pool_join", "pool": pool })).await;
        assert!(matches!(answer, ServerFrame::Ack { .. }), "{answer:?}");
    }
    let seek = create_seek(&mut phone, 5, seek_frame(BLITZ, false, json!({}))).await;

    let mut lobby = WsClient::connect(server.addr, &watcher.token).await;
    assert!(matches!(lobby.ask(1, json!({ "type": "lobby_subscribe" })).await, ServerFrame::Ack { .. }));

    // One of two connections closes: the player is still there.
    laptop.close().await;
    tokio::time::sleep(WAVE * 5).await;
    let mut look = WsClient::connect(server.addr, &watcher.token).await;
    look.send(json!({ "type": "lobby_subscribe", "id": 1 })).await;
    let ServerFrame::Lobby { seeks, pools: statuses } =
        look.next_matching(|f| matches!(f, ServerFrame::Lobby { .. })).await
    else {
        unreachable!()
    };
    assert_eq!(seeks.iter().map(|s| s.id).collect::<Vec<_>>(), [seek.id]);
    for spec in &pools {
        assert_eq!(statuses.iter().find(|s| s.pool == *spec).map(|s| s.waiting), Some(1));
    }

    // The last one closes: the seek dies, and the player leaves every pool.
    phone.close().await;
    let removed = lobby.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await;
    assert_eq!(removed, ServerFrame::SeekRemoved { seek_id: seek.id });
    let mut emptied = HashSet::new();
    while emptied.len() < pools.len() {
        if let ServerFrame::PoolStatus(status) = lobby.next().await {
            if status.waiting == 0 && pools.contains(&status.pool) {
                emptied.insert(status.pool);
            }
        }
    }

    // Someone with the same rating joins both pools and finds nobody there.
    let mut client = WsClient::connect(server.addr, &stayer.token).await;
    for (id, spec) in pools.iter().enumerate() {
        client.send(json!({ "type": "pool_join", "id": id + 1, "pool": spec })).await;
        let status = client.next_matching(|f| matches!(f, ServerFrame::PoolStatus(_))).await;
        assert!(matches!(status, ServerFrame::PoolStatus(s) if s.pool == *spec && s.waiting == 1), "{status:?}");
    }
    tokio::time::sleep(WAVE * 5).await;
    assert!(server.state.store.games_of(stayer.account.id, None, 10).await.unwrap().is_empty(), "no ghost game");
    assert!(server.state.store.games_of(leaver.account.id, None, 10).await.unwrap().is_empty());
    server.stop().await;
}

/// A player waiting in a pool with a seek open accepts a direct challenge: they leave the pool, their seek
/// closes, and the lobby does not pair them while that game goes on.
async fn an_accepted_challenge_takes_both_players_out_of_the_lobby(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [waiting, challenger, watcher] =
        <[Session; 3]>::try_from(players(db, &api, &["waiting", "challenger", "watcher"]).await)
            .unwrap_or_else(|_| unreachable!());
    let bullet = pool(BULLET, false);
    let mut socket = WsClient::connect(server.addr, &waiting.token).await;
    assert!(matches!(socket.ask(1, json!({ "type": "pool_join", "pool": bullet })).await, ServerFrame::Ack { .. }));
    let seek = create_seek(&mut socket, 2, seek_frame(BLITZ, false, json!({}))).await;
    let mut lobby = WsClient::connect(server.addr, &watcher.token).await;
    assert!(matches!(lobby.ask(1, json!({ "type": "lobby_subscribe" })).await, ServerFrame::Ack { .. }));

    let game = api.start_game(&challenger, &waiting, BLITZ).await;

    let removed = lobby.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await;
    assert_eq!(removed, ServerFrame::SeekRemoved { seek_id: seek.id });
    let emptied = lobby.next_matching(|f| matches!(f, ServerFrame::PoolStatus(status) if status.pool == bullet)).await;
    assert!(matches!(emptied, ServerFrame::PoolStatus(status) if status.waiting == 0), "{emptied:?}");
    let again = socket.ask(3, json!({ "type": "pool_join", "pool": bullet })).await;
    assert_eq!(refusal(&again), Some(ErrorCode::NotAllowed), "not paired while the challenge's game goes on");

    // Once that game is over, the lobby pairs them again.
    let (status, body) = api.post(&format!("/api/games/{game}/resign"), Some(&waiting.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let again = socket.ask(4, json!({ "type": "pool_join", "pool": bullet })).await;
    assert!(matches!(again, ServerFrame::Ack { .. }), "{again:?}");
    server.stop().await;
}

async fn seeks_are_listed_live_accepted_and_cancelled(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [alice, bob, strong] = <[Session; 3]>::try_from(players(db, &api, &["alice", "bob", "strong"]).await)
        .unwrap_or_else(|_| unreachable!());
    db.set_rating(&rating(strong.account.id, "blitz", 1900.0, 60.0)).await;
    let mut a = WsClient::connect(server.addr, &alice.token).await;
    let mut b = WsClient::connect(server.addr, &bob.token).await;
    let mut s = WsClient::connect(server.addr, &strong.token).await;
    let mut watcher = WsClient::connect(server.addr, &strong.token).await;

    watcher.send(json!({ "type": "lobby_subscribe", "id": 1 })).await;
    let ServerFrame::Lobby { seeks, .. } = watcher.next_matching(|f| matches!(f, ServerFrame::Lobby { .. })).await
    else {
        unreachable!()
    };
    assert!(seeks.is_empty());

    let range = json!({ "rating_range": { "min": 1400, "max": 1600 }, "colour": "first" });
    let seek = create_seek(&mut b, 1, seek_frame(BLITZ, true, range)).await;
    assert_eq!((seek.rating, seek.provisional, seek.rated, seek.speed), (1500, true, true, SpeedClass::Blitz));
    let added = watcher.next_matching(|f| matches!(f, ServerFrame::SeekAdded { .. })).await;
    assert_eq!(added, ServerFrame::SeekAdded { seek: seek.clone() });

    let accept = |id: Uuid| json!({ "type": "seek_accept", "seek_id": id });
    assert_eq!(refusal(&s.ask(1, accept(seek.id)).await), Some(ErrorCode::NotAllowed), "rating out of range");
    assert_eq!(refusal(&b.ask(2, accept(seek.id)).await), Some(ErrorCode::NotAllowed), "own seek");
    let cancel = |id: Uuid| json!({ "type": "seek_cancel", "seek_id": id });
    assert_eq!(refusal(&a.ask(2, cancel(seek.id)).await), Some(ErrorCode::Forbidden), "someone else's");
    assert_eq!(refusal(&a.ask(3, accept(Uuid::new_v4())).await), Some(ErrorCode::UnknownSeek));
    let reversed = json!({ "rating_range": { "min": 1600, "max": 1400 } });
    assert_eq!(refusal(&b.ask(3, seek_frame(BLITZ, true, reversed)).await), Some(ErrorCode::InvalidRequest));
    let endless = TimeControl::Fischer { initial_seconds: 0, increment_seconds: 0 };
    assert_eq!(refusal(&b.ask(4, seek_frame(endless, true, json!({}))).await), Some(ErrorCode::InvalidRequest));
    let unknown_field = json!({ "type": "seek_create", "id": 5, "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ, "bogus": 1 });
    assert_eq!(refusal(&b.ask(5, unknown_field).await), Some(ErrorCode::UnknownFrame));
    // Looking at the lobby needs no account; offering a game does.
    let mut anonymous = WsClient::connect_anonymous(server.addr).await;
    anonymous.request(1, json!({ "type": "lobby_subscribe" })).await;
    let casual = seek_frame(BLITZ, false, json!({}));
    assert_eq!(anonymous.refused(2, casual).await, ErrorCode::Unauthenticated);

    let game_id = accept_seek(&mut a, 4, seek.id).await;
    assert_eq!(game_started(&mut b).await, game_id);
    assert_eq!(
        watcher.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await,
        ServerFrame::SeekRemoved { seek_id: seek.id }
    );
    let game = server.state.games.snapshot(game_id).await.unwrap();
    assert_eq!(game.players[0].account_id, bob.account.id, "the creator chose the first seat");
    assert!(game.rated);
    assert_eq!(game.speed, SpeedClass::Blitz);
    assert_eq!(refusal(&s.ask(5, accept(seek.id)).await), Some(ErrorCode::UnknownSeek), "taken");

    let bullet_seek = seek_frame(BULLET, false, json!({}));
    let refused = refusal(&b.ask(6, bullet_seek.clone()).await);
    assert_eq!(refused, Some(ErrorCode::NotAllowed), "no second lobby game while the first is on");
    b.request(7, json!({ "type": "resign", "game_id": game_id })).await;
    let another = create_seek(&mut b, 8, bullet_seek).await;
    assert!(matches!(b.ask(9, cancel(another.id)).await, ServerFrame::Ack { .. }));
    let removed =
        watcher.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { seek_id } if *seek_id == another.id)).await;
    assert_eq!(removed, ServerFrame::SeekRemoved { seek_id: another.id });
    server.stop().await;
}

async fn colours_are_balanced_by_recent_games(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [often_first, often_second] =
        <[Session; 2]>::try_from(players(db, &api, &["often_first", "often_second"]).await)
            .unwrap_or_else(|_| unreachable!());
    for _ in 0..3 {
        // Each game is over before the next step: a player in a live game is not paired.
        let game = api.start_game(&often_first, &often_second, BLITZ).await;
        let (status, body) = api.post(&format!("/api/games/{game}/resign"), Some(&often_first.token), &json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    let mut a = WsClient::connect(server.addr, &often_first.token).await;
    let mut b = WsClient::connect(server.addr, &often_second.token).await;
    for client in [&mut a, &mut b] {
        assert!(matches!(
            client.ask(1, json!({ "type": "pool_join", "pool": pool(BULLET, false) })).await,
            ServerFrame::Ack { .. }
        ));
    }
    let game_id = game_started(&mut a).await;
    assert_eq!(game_started(&mut b).await, game_id);
    let game = server.state.games.snapshot(game_id).await.unwrap();
    assert_eq!(game.players[0].account_id, often_second.account.id, "who played second lately moves first");
    server.stop().await;
}

/// Two connected players in a rated blitz game made from a seek; the seek's creator takes the first seat.
async fn rated_game(server: &TestServer, first: &Session, second: &Session) -> (WsClient, WsClient, Uuid) {
    let mut a = WsClient::connect(server.addr, &first.token).await;
    let mut b = WsClient::connect(server.addr, &second.token).await;
    let seek = create_seek(&mut a, 1, seek_frame(BLITZ, true, json!({ "colour": "first" }))).await;
    let game = accept_seek(&mut b, 2, seek.id).await;
    assert_eq!(game_started(&mut a).await, game);
    (a, b, game)
}

async fn a_rated_game_changes_both_ratings_shown_in_the_event_profile_and_leaderboard(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [winner, loser, veteran] = <[Session; 3]>::try_from(players(db, &api, &["winner", "loser", "veteran"]).await)
        .unwrap_or_else(|_| unreachable!());
    let (mut a, mut b, game) = rated_game(&server, &winner, &loser).await;
    a.request(3, json!({ "type": "subscribe", "game_id": game })).await;
    play_to_goal([&mut a, &mut b], game).await;
    let changes = loop {
        if let GameEvent::Ended { rating_changes, .. } = a.next_event().await.event {
            break rating_changes;
        }
    };
    let change = |seat| changes.iter().find(|c| c.seat == seat).copied().expect("a change per seat");
    let (first, second) = (change(SeatName::First), change(SeatName::Second));
    assert_eq!((first.rating_before, first.rating_after, first.deviation), (1500, 1662, 290));
    assert_eq!((second.rating_before, second.rating_after, second.deviation), (1500, 1338, 290));
    assert!(first.provisional && second.provisional);

    let (status, profile) = api.get("/api/players/winner", None).await;
    assert_eq!(status, 200, "{profile}");
    let profile: Profile = serde_json::from_value(profile).unwrap();
    assert_eq!(profile.ratings.len(), 1);
    let blitz = &profile.ratings[0];
    assert_eq!((blitz.speed, blitz.rating, blitz.games, blitz.provisional), (SpeedClass::Blitz, 1662, 1, true));
    assert_eq!((profile.results.finished, profile.results.wins, profile.results.losses), (1, 1, 0));
    let (status, body) = api.get("/api/players/nobody", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_player")));

    // Provisional ratings stay off the leaderboard; an established one is listed.
    db.set_rating(&rating(veteran.account.id, "blitz", 1720.4, 45.0)).await;
    let (status, board) = api.get("/api/leaderboard/paper-soccer?speed=blitz", None).await;
    assert_eq!(status, 200, "{board}");
    let board: Leaderboard = serde_json::from_value(board).unwrap();
    assert_eq!(board.players.len(), 1);
    assert_eq!(
        (board.players[0].rank, board.players[0].player.name.as_str(), board.players[0].rating),
        (1, "veteran", 1720)
    );
    let (status, body) = api.get("/api/leaderboard/chess", None).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));
    let (status, body) = api.get("/api/leaderboard/paper-soccer?speed=ludicrous", None).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));
    server.stop().await;
}

async fn a_failed_rating_write_leaves_the_result_unrecorded_until_it_succeeds(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [first, second] =
        <[Session; 2]>::try_from(players(db, &api, &["first", "second"]).await).unwrap_or_else(|_| unreachable!());
    let (mut a, mut b, game) = rated_game(&server, &first, &second).await;
    a.request(3, move_frame(game, 0, "a", "0")).await;
    b.request(3, move_frame(game, 1, "b", "0")).await;
    let store = server.state.store.clone();
    let before = store.game(game).await.unwrap().unwrap();
    let events = store.events_after(game, 0).await.unwrap();

    db.fail_rating_writes().await;
    let resign = json!({ "type": "resign", "game_id": game });
    assert_eq!(a.refused(4, resign.clone()).await, ErrorCode::Internal);
    assert_eq!(store.game(game).await.unwrap().unwrap(), before, "the result is not recorded");
    assert_eq!(store.events_after(game, 0).await.unwrap(), events, "no `ended` event");
    assert!(store.ratings_of(first.account.id).await.unwrap().is_empty());
    assert!(store.ratings_of(second.account.id).await.unwrap().is_empty());
    assert_eq!(server.state.games.snapshot(game).await.unwrap().status, GameStatus::Active, "nor adopted");

    db.allow_rating_writes().await;
    a.request(5, resign).await;
    let finished = store.game(game).await.unwrap().unwrap();
    assert_eq!((finished.state.status.as_str(), finished.state.winner.as_deref()), ("finished", Some("second")));
    let ended = store.events_after(game, 0).await.unwrap().pop().unwrap();
    assert_eq!(ended.kind, "ended");
    assert!(ended.payload.contains("rating_changes"), "{}", ended.payload);
    for (account, expected) in [(first.account.id, 1338.0), (second.account.id, 1662.0)] {
        let rating = store.rating(account, "paper-soccer", "blitz", "glicko2").await.unwrap().expect("rated");
        assert_eq!((rating.games, rating.rating.round()), (1, expected));
    }
    server.stop().await;
}

async fn aborted_games_and_games_before_both_players_moved_are_not_rated(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [first, second] =
        <[Session; 2]>::try_from(players(db, &api, &["first", "second"]).await).unwrap_or_else(|_| unreachable!());
    let store = server.state.store.clone();

    let (mut a, mut b, aborted) = rated_game(&server, &first, &second).await;
    a.request(3, move_frame(aborted, 0, "a", "0")).await;
    b.request(4, json!({ "type": "abort", "game_id": aborted })).await;

    let (mut a, mut b, resigned) = rated_game(&server, &first, &second).await;
    a.request(5, move_frame(resigned, 0, "a", "0")).await;
    b.request(6, json!({ "type": "resign", "game_id": resigned })).await;
    let ended = store.events_after(resigned, 0).await.unwrap().pop().unwrap();
    assert_eq!(ended.kind, "ended");
    assert!(!ended.payload.contains("rating_changes"), "{}", ended.payload);

    // A casual game played to the end is not rated either.
    let casual = api.start_game(&first, &second, BLITZ).await;
    play_to_goal([&mut a, &mut b], casual).await;
    assert_eq!(server.state.games.snapshot(casual).await.unwrap().status, GameStatus::Finished);

    for account in [first.account.id, second.account.id] {
        assert!(store.ratings_of(account).await.unwrap().is_empty(), "no rating from these games");
    }
    assert_eq!(server.state.games.snapshot(aborted).await.unwrap().status, GameStatus::Aborted);
    server.stop().await;
}

async fn a_rematch_is_offered_declined_and_accepted_with_the_seats_swapped(db: &TestDb) {
    let server = TestServer::start(db.url(), settings()).await;
    let api = Api::new(server.url());
    let [alice, bob, carol] = <[Session; 3]>::try_from(players(db, &api, &["alice", "bob", "carol"]).await)
        .unwrap_or_else(|_| unreachable!());
    let game = api.start_game(&alice, &bob, BLITZ).await;
    let mut a = WsClient::connect(server.addr, &alice.token).await;
    let mut b = WsClient::connect(server.addr, &bob.token).await;
    // Carol watches the game, asking to hear of a rematch so that she can follow it.
    let mut c = WsClient::connect(server.addr, &carol.token).await;
    c.request(1, json!({ "type": "subscribe", "game_id": game, "rematch": true })).await;
    let rematch = format!("/api/games/{game}/rematch");
    let (status, body) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "the game is still on");
    a.request(1, json!({ "type": "resign", "game_id": game })).await;

    let (status, body) = api.post(&rematch, Some(&carol.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("not_a_player")));
    let (status, body) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!(status, 201, "{body}");
    let offer: Challenge = serde_json::from_value(body).unwrap();
    assert_eq!((offer.rematch_of, offer.colour), (Some(game), kartka_protocol::rest::ColourChoice::First));
    let pushed = a.next_matching(|f| matches!(f, ServerFrame::ChallengeUpdated { .. })).await;
    assert_eq!(pushed, ServerFrame::ChallengeUpdated { challenge: offer.clone() });
    let (status, again) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!((status, again["id"].clone()), (200, json!(offer.id)), "asking twice returns the standing offer");

    let (status, declined) =
        api.post(&format!("/api/challenges/{}/decline", offer.id), Some(&alice.token), &json!({})).await;
    assert_eq!((status, declined["status"].as_str()), (200, Some("declined")));
    let pushed = b.next_matching(|f| matches!(f, ServerFrame::ChallengeUpdated { .. })).await;
    assert!(
        matches!(pushed, ServerFrame::ChallengeUpdated { challenge } if challenge.status == ChallengeStatus::Declined)
    );

    // Alice offers in turn; Bob asking for a rematch now accepts hers.
    let (status, body) = api.post(&rematch, Some(&alice.token), &json!({})).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let accepted: Challenge = serde_json::from_value(body).unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    let next = accepted.game_id.expect("the rematch's game");
    assert_eq!(game_started(&mut a).await, next);
    let snapshot = server.state.games.snapshot(next).await.unwrap();
    let seats: Vec<_> = snapshot.players.iter().map(|p| p.account_id).collect();
    assert_eq!(seats, [bob.account.id, alice.account.id], "the seats are swapped");
    // The spectator hears of the new game on the old one; so does a watcher who comes to the old game later.
    let notice = ServerFrame::Rematch { game_id: game, rematch_id: next };
    assert_eq!(c.next_matching(|f| matches!(f, ServerFrame::Rematch { .. })).await, notice);
    let mut late = WsClient::connect_anonymous(server.addr).await;
    late.request(1, json!({ "type": "subscribe", "game_id": game, "rematch": true })).await;
    assert_eq!(late.next_matching(|f| matches!(f, ServerFrame::Rematch { .. })).await, notice);
    // Once nobody watches, the old game leaves memory; one who opens it then still hears of the rematch.
    c.close().await;
    late.close().await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.state.games.running() > 1 {
        assert!(Instant::now() < deadline, "the finished game's actor stops once nobody watches it");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut later = WsClient::connect_anonymous(server.addr).await;
    later.request(1, json!({ "type": "subscribe", "game_id": game, "rematch": true })).await;
    assert_eq!(later.next_matching(|f| matches!(f, ServerFrame::Rematch { .. })).await, notice);
    server.stop().await;
}
