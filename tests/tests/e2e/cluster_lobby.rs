//! One lobby for the cluster: two servers in this test process over one PostgreSQL database. One node holds the
//! lobby lock and runs the lobby; the other forwards its players' requests and hands the lobby's news to its
//! subscribers. Account notices (a challenge, a started game) reach every node. When the lobby node dies, the
//! other takes the lobby over, empty, and tells the players who had entered it through it (`lobby_restarted`).

use std::time::Duration;

use kartka_protocol::rest::{Challenge, ChallengeStatus, Session};
use kartka_protocol::{ChatChannel, ErrorCode, PoolSpec, ServerFrame, TimeControl, BANNED_CLOSE_CODE};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{NodeSettings, Settings};
use kartka_server::lobby::pairing::Windows;
use kartka_server::lobby::LobbySettings;
use kartka_tests::browser::eventually;
use kartka_tests::client::{Api, WsClient, KURNIK};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::{CrashableServer, TestServer};
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(store: presence_is_kept_per_node_and_goes_with_its_node);

/// Quick heartbeats, so that the lobby lock a dead node's session freed is asked for again within a fraction of
/// a second; a TTL long enough that a loaded machine never makes a live node look dead (the other node would
/// then stop publishing to it).
const NODE: NodeSettings = NodeSettings { heartbeat: Duration::from_millis(100), ttl: Duration::from_secs(5) };
/// Longer than any wait for a node to take the lobby over, however loaded the machine is.
const PATIENCE: Duration = Duration::from_secs(20);
const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 0 };
/// A casual pool guests may join.
const POOL: PoolSpec = PoolSpec { ruleset: KURNIK, time_control: BLITZ, rated: false };

/// Fast pairing waves with a window wide enough for any two new players.
fn settings() -> Settings {
    let windows = Windows { base: 400.0, growth_per_second: 0.0, widening_limit: Duration::from_millis(1) };
    Settings {
        node: NODE,
        lobby: LobbySettings { wave_interval: Duration::from_millis(100), wave_at_size: 1_000, windows },
        ..Settings::default()
    }
}

/// Node A, which runs the lobby, then node B, which knows A is alive (and A knows B is).
async fn two_nodes(database: &TestDb) -> (TestServer, TestServer) {
    let a = TestServer::start(database.url(), settings()).await;
    assert!(a.state.lobby.leads(), "the first node takes the lobby lock before it serves");
    let b = TestServer::start(database.url(), settings()).await;
    assert!(!b.state.lobby.leads(), "the lobby lock is held: B forwards");
    until_company(&a, &b).await;
    (a, b)
}

/// Waits until both nodes know the other is alive.
async fn until_company(a: &TestServer, b: &TestServer) {
    let together = eventually(PATIENCE, || async {
        (a.state.connections.has_company() && b.state.connections.has_company()).then_some(())
    });
    assert!(together.await.is_some(), "the nodes hear each other");
}

async fn game_started(client: &mut WsClient) -> Uuid {
    match client.next_matching(|f| matches!(f, ServerFrame::GameStarted { .. })).await {
        ServerFrame::GameStarted { game_id } => game_id,
        _ => unreachable!(),
    }
}

async fn join_pool(client: &mut WsClient, id: u64) {
    let joined = client.ask(id, json!({ "type": "pool_join", "pool": POOL })).await;
    assert!(matches!(joined, ServerFrame::Ack { .. }), "{joined:?}");
}

async fn create_seek(client: &mut WsClient, id: u64) -> kartka_protocol::Seek {
    let frame =
        json!({ "type": "seek_create", "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ, "rated": false });
    match client.ask(id, frame).await {
        ServerFrame::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    }
}

/// Subscribes to the lobby and returns the seeks of its snapshot: those of the `lobby` frame, and of the
/// `seek_added` frames that complete a snapshot too long for one notification, all before the ack.
async fn subscribe(client: &mut WsClient, id: u64, chat: bool) -> Vec<kartka_protocol::Seek> {
    client.send(json!({ "type": "lobby_subscribe", "id": id, "chat": chat })).await;
    let mut seeks = None;
    loop {
        match client.next().await {
            ServerFrame::Lobby { seeks: listed, .. } => seeks = Some(listed),
            ServerFrame::SeekAdded { seek } => seeks.as_mut().expect("the lobby frame comes first").push(seek),
            ServerFrame::Ack { id: Some(got), .. } if got == id => {
                return seeks.expect("the snapshot precedes the ack")
            }
            ServerFrame::Error { id: Some(got), code, message, .. } if got == id => panic!("{code:?}: {message}"),
            _ => {}
        }
    }
}

async fn guests(api: &Api, names: &[&str]) -> Vec<Session> {
    let mut sessions = Vec::new();
    for name in names {
        sessions.push(api.guest(name).await);
    }
    sessions
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_players_on_two_nodes_are_paired_from_one_pool() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let [ala, ola] = <[Session; 2]>::try_from(guests(&Api::new(a.url()), &["ala", "ola"]).await).unwrap();
    let mut on_a = WsClient::connect(a.addr, &ala.token).await;
    let mut on_b = WsClient::connect(b.addr, &ola.token).await;

    on_b.send(json!({ "type": "pool_join", "id": 1, "pool": POOL })).await;
    let mut status_first = false;
    loop {
        match on_b.next().await {
            ServerFrame::PoolStatus(status) if status.pool == POOL => status_first = true,
            ServerFrame::Ack { id: Some(1), .. } => break,
            ServerFrame::Error { id: Some(1), code, message, .. } => panic!("refused: {code:?}: {message}"),
            _ => {}
        }
    }
    assert!(status_first, "B's player hears the pool's status before the ack, as on one node");
    join_pool(&mut on_a, 1).await;

    let game = game_started(&mut on_a).await;
    assert_eq!(game_started(&mut on_b).await, game, "both players get the one game");
    let row = database.store().game(game).await.unwrap().expect("the game is stored");
    let mut seated = row.players.clone();
    seated.sort();
    let mut players = [ala.account.id, ola.account.id];
    players.sort();
    assert_eq!(seated, players);
    b.stop().await;
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_seek_made_on_the_lobby_node_is_listed_and_accepted_on_the_other() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let [ala, ola, ela] = <[Session; 3]>::try_from(guests(&Api::new(a.url()), &["ala", "ola", "ela"]).await).unwrap();
    let mut watcher = WsClient::connect(b.addr, &ela.token).await;
    assert!(subscribe(&mut watcher, 1, false).await.is_empty());
    let mut creator = WsClient::connect(a.addr, &ala.token).await;
    let mut taker = WsClient::connect(b.addr, &ola.token).await;

    let seek = create_seek(&mut creator, 1).await;
    let added = watcher.next_matching(|f| matches!(f, ServerFrame::SeekAdded { .. })).await;
    assert_eq!(added, ServerFrame::SeekAdded { seek: seek.clone() }, "B's subscriber sees A's seek");
    let mut late = WsClient::connect(b.addr, &ela.token).await;
    assert_eq!(
        subscribe(&mut late, 1, false).await,
        std::slice::from_ref(&seek),
        "B's new subscriber gets the lobby node's snapshot"
    );

    taker.send(json!({ "type": "seek_accept", "id": 2, "seek_id": seek.id })).await;
    let (mut acked, mut started) = (None, None);
    while acked.is_none() || started.is_none() {
        match taker.next().await {
            ServerFrame::Ack { id: Some(2), game_id, .. } => acked = Some(game_id.expect("the ack names the game")),
            ServerFrame::GameStarted { game_id } => started = Some(game_id),
            ServerFrame::Error { id: Some(2), code, message, .. } => panic!("refused: {code:?}: {message}"),
            _ => {}
        }
    }
    let game = acked.expect("acked");
    assert_eq!(started, Some(game), "the taker on B hears the game the lobby node started");
    assert_eq!(game_started(&mut creator).await, game);
    let removed = watcher.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await;
    assert_eq!(removed, ServerFrame::SeekRemoved { seek_id: seek.id });
    let again = late.ask(2, json!({ "type": "seek_accept", "seek_id": seek.id })).await;
    assert!(matches!(again, ServerFrame::Error { code: ErrorCode::UnknownSeek, .. }), "taken: {again:?}");
    b.stop().await;
    a.stop().await;
}

/// A seek made through the node that does not run the lobby, with more seeks than one notification holds: B's
/// subscriber gets them all, and the creator on B cancels through B.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_seeks_made_on_the_other_node_reach_every_subscriber_however_many() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let api = Api::new(b.url());
    let names: Vec<String> = (0..30).map(|n| format!("seeker{n}")).collect();
    let seekers = guests(&api, &names.iter().map(String::as_str).collect::<Vec<_>>()).await;
    let mut sockets = Vec::new();
    let mut seeks = Vec::new();
    for seeker in &seekers {
        let mut socket = WsClient::connect(b.addr, &seeker.token).await;
        seeks.push(create_seek(&mut socket, 1).await);
        sockets.push(socket);
    }
    let snapshot_bytes = serde_json::to_string(&ServerFrame::Lobby { seeks: seeks.clone(), pools: Vec::new() })
        .expect("a frame serialises")
        .len();
    assert!(snapshot_bytes > 8_000, "the snapshot does not fit in one notification ({snapshot_bytes} bytes)");

    let watcher_session = api.guest("watcher").await;
    let mut on_b = WsClient::connect(b.addr, &watcher_session.token).await;
    let listed = subscribe(&mut on_b, 1, false).await;
    assert_eq!(listed, seeks, "B's subscriber gets every seek, oldest first");
    let mut on_a = WsClient::connect(a.addr, &watcher_session.token).await;
    assert_eq!(subscribe(&mut on_a, 1, false).await, seeks, "A's subscriber gets the same lobby");

    let cancelled = sockets[0].ask(2, json!({ "type": "seek_cancel", "seek_id": seeks[0].id })).await;
    assert!(matches!(cancelled, ServerFrame::Ack { .. }), "{cancelled:?}");
    for subscriber in [&mut on_a, &mut on_b] {
        let removed = subscriber.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await;
        assert_eq!(removed, ServerFrame::SeekRemoved { seek_id: seeks[0].id });
    }
    let refused = sockets[1].ask(2, json!({ "type": "seek_cancel", "seek_id": seeks[2].id })).await;
    assert!(matches!(refused, ServerFrame::Error { code: ErrorCode::Forbidden, .. }), "{refused:?}");
    b.stop().await;
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_challenge_made_on_one_node_reaches_the_opponent_on_the_other() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let (api_a, api_b) = (Api::new(a.url()), Api::new(b.url()));
    let [ada, bolek] = <[Session; 2]>::try_from(guests(&api_a, &["ada", "bolek"]).await).unwrap();
    let mut ada_socket = WsClient::connect(a.addr, &ada.token).await;
    let mut bolek_socket = WsClient::connect(b.addr, &bolek.token).await;

    let body = json!({
        "opponent": bolek.account.name, "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ,
        "colour": "first", "rated": false,
    });
    let (status, created) = api_a.post("/api/challenges", Some(&ada.token), &body).await;
    assert_eq!(status, 201, "{created}");
    let challenge: Challenge = serde_json::from_value(created).expect("a challenge");
    let pushed = bolek_socket.next_matching(|f| matches!(f, ServerFrame::ChallengeUpdated { .. })).await;
    let ServerFrame::ChallengeUpdated { challenge: pushed } = pushed else { unreachable!() };
    assert_eq!((pushed.id, pushed.status), (challenge.id, ChallengeStatus::Open), "B's socket hears A's challenge");

    let path = format!("/api/challenges/{}/accept", challenge.id);
    let (status, accepted) = api_b.post(&path, Some(&bolek.token), &json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    let game = serde_json::from_value::<Challenge>(accepted).expect("a challenge").game_id.expect("its game");
    let (mut updated, mut started) = (false, None);
    while !updated || started.is_none() {
        match ada_socket.next().await {
            ServerFrame::ChallengeUpdated { challenge } => updated |= challenge.status == ChallengeStatus::Accepted,
            ServerFrame::GameStarted { game_id } => started = Some(game_id),
            _ => {}
        }
    }
    assert_eq!(started, Some(game), "A's socket hears the game B started, and the challenge accepted");
    assert_eq!(game_started(&mut bolek_socket).await, game);
    // The lobby node (A) knows the players are in a game started on B.
    let refused = bolek_socket.ask(1, json!({ "type": "pool_join", "pool": POOL })).await;
    assert!(matches!(refused, ServerFrame::Error { code: ErrorCode::NotAllowed, .. }), "{refused:?}");
    b.stop().await;
    a.stop().await;
}

/// The lobby never waits on a game: a player the lobby knows is in a game that another node runs asks to play
/// again, and asking that game hangs (B's cluster listener, as A finds it, accepts and never answers, so the
/// forwarded question waits for its whole timeout). Meanwhile another player's request is answered at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_game_that_does_not_answer_stalls_no_one_else_in_the_lobby() {
    const SECRET: &str = "the nodes' shared secret";
    let database = TestDb::new(Backend::Postgres).await;
    let a = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    assert!(a.state.lobby.leads(), "the first node takes the lobby lock before it serves");
    let b = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    until_company(&a, &b).await;
    let black_hole = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let hole_url = format!("http://{}", black_hole.local_addr().expect("its address"));
    let holder = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = black_hole.accept().await {
            held.push(socket);
        }
    });

    let (api_a, api_b) = (Api::new(a.url()), Api::new(b.url()));
    let [ada, bolek, cela] = <[Session; 3]>::try_from(guests(&api_a, &["ada", "bolek", "cela"]).await).unwrap();
    let mut bolek_socket = WsClient::connect(a.addr, &bolek.token).await;
    let mut cela_socket = WsClient::connect(a.addr, &cela.token).await;
    let body = json!({
        "opponent": bolek.account.name, "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ,
        "colour": "first", "rated": false,
    });
    let (status, created) = api_a.post("/api/challenges", Some(&ada.token), &body).await;
    assert_eq!(status, 201, "{created}");
    let challenge: Challenge = serde_json::from_value(created).expect("a challenge");
    let (status, accepted) =
        api_b.post(&format!("/api/challenges/{}/accept", challenge.id), Some(&bolek.token), &json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    let game = game_started(&mut bolek_socket).await;
    assert_eq!(database.store().lease_holder(game).await.unwrap(), Some(b.state.node.id()), "B runs the game");
    let store = database.store();
    let announced = eventually(PATIENCE, || async { store.node_cluster_url(b.state.node.id()).await.unwrap() });
    assert!(announced.await.is_some(), "B has said where it listens");
    store.set_node_cluster_url(b.state.node.id(), &hole_url).await.expect("B's URL rewritten");

    let asked = std::time::Instant::now();
    bolek_socket.send(json!({ "type": "pool_join", "id": 1, "pool": POOL })).await;
    // Time for bolek's request to reach the lobby and its question to reach the black hole.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let cela_asked = std::time::Instant::now();
    join_pool(&mut cela_socket, 1).await;
    let cela_waited = cela_asked.elapsed();
    let answer = bolek_socket
        .next_matching(|f| matches!(f, ServerFrame::Ack { id: Some(1), .. } | ServerFrame::Error { id: Some(1), .. }))
        .await;
    let bolek_waited = asked.elapsed();
    assert!(matches!(answer, ServerFrame::Error { .. }), "an unanswered game is no proof it ended: {answer:?}");
    assert!(
        bolek_waited >= Duration::from_secs(8),
        "bolek's game was asked and did not answer ({bolek_waited:?}): {answer:?}"
    );
    assert!(cela_waited < Duration::from_secs(5), "cela was answered while bolek's game was asked ({cela_waited:?})");
    holder.abort();
    b.stop().await;
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_lobby_chat_crosses_nodes() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let [ala, ola] = <[Session; 2]>::try_from(guests(&Api::new(a.url()), &["ala", "ola"]).await).unwrap();
    let mut on_a = WsClient::connect(a.addr, &ala.token).await;
    let mut on_b = WsClient::connect(b.addr, &ola.token).await;
    subscribe(&mut on_a, 1, true).await;
    subscribe(&mut on_b, 1, true).await;

    for (id, (speaker, text)) in [(&mut on_a, "from A"), (&mut on_b, "from B")].into_iter().enumerate() {
        // `request` keeps the frames before the ack: the speaker's own copy comes first.
        speaker
            .request(10 + id as u64, json!({ "type": "chat_send", "channel": ChatChannel::Lobby, "text": text }))
            .await;
    }
    for reader in [&mut on_a, &mut on_b] {
        let mut heard = Vec::new();
        while heard.len() < 2 {
            if let ServerFrame::Chat { message } = reader.next_matching(|f| matches!(f, ServerFrame::Chat { .. })).await
            {
                heard.push(message.text);
            }
        }
        heard.sort();
        assert_eq!(heard, ["from A", "from B"], "each reader hears both nodes' messages");
    }
    b.stop().await;
    a.stop().await;
}

/// The lobby chat texts `reader` hears until (and with) `last`.
async fn lobby_lines_until(reader: &mut WsClient, last: &str) -> Vec<String> {
    let mut heard = Vec::new();
    while heard.last().is_none_or(|text| text != last) {
        if let ServerFrame::Chat { message } = reader.next_matching(|f| matches!(f, ServerFrame::Chat { .. })).await {
            heard.push(message.text);
        }
    }
    heard
}

/// A mute made through node A holds for the player's connection on node B too: B, which delivers to it, leaves
/// the muted author's messages out, those said on B and those relayed from A alike.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_lobby_mute_made_on_one_node_holds_on_the_other() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let [ala, ola, eva] = <[Session; 3]>::try_from(guests(&Api::new(a.url()), &["ala", "ola", "eva"]).await).unwrap();
    let mut ala_on_a = WsClient::connect(a.addr, &ala.token).await;
    let mut ala_on_b = WsClient::connect(b.addr, &ala.token).await;
    let mut ola_on_a = WsClient::connect(a.addr, &ola.token).await;
    let mut ola_on_b = WsClient::connect(b.addr, &ola.token).await;
    let mut eva_on_a = WsClient::connect(a.addr, &eva.token).await;
    for client in [&mut ala_on_a, &mut ala_on_b, &mut ola_on_a, &mut ola_on_b, &mut eva_on_a] {
        subscribe(client, 1, true).await;
    }
    let say = |text: &str| json!({ "type": "chat_send", "channel": ChatChannel::Lobby, "text": text });

    ala_on_a.request(2, json!({ "type": "chat_mute", "account_id": ola.account.id, "muted": true })).await;
    // Said on A after the mute, relayed through A's one ordered queue: once B has it, B has the mute too.
    ala_on_a.request(3, say("muted ola")).await;
    assert_eq!(lobby_lines_until(&mut ala_on_b, "muted ola").await, ["muted ola"]);
    ola_on_b.request(2, say("said on B")).await;
    ola_on_a.request(2, say("said on A")).await;
    eva_on_a.request(2, say("the end")).await;
    assert_eq!(lobby_lines_until(&mut ala_on_b, "the end").await, ["the end"], "ola is muted on B");
    assert_eq!(lobby_lines_until(&mut ala_on_a, "the end").await, ["muted ola", "the end"], "and on A");
    // What is said on two nodes may reach a reader in either order.
    let mut everyone_else = Vec::new();
    while everyone_else.len() < 4 {
        if let ServerFrame::Chat { message } = eva_on_a.next_matching(|f| matches!(f, ServerFrame::Chat { .. })).await {
            everyone_else.push(message.text);
        }
    }
    everyone_else.sort();
    assert_eq!(everyone_else, ["muted ola", "said on A", "said on B", "the end"], "everyone else hears ola");
    b.stop().await;
    a.stop().await;
}

/// The lobby node crashes: B takes the lobby lock once A's session ends, with an empty lobby. Its subscribers
/// get the empty lobby, the players who had entered the lobby through B are told `lobby_restarted`, their seek
/// is gone, and pairing works again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_when_the_lobby_node_crashes_the_other_takes_the_lobby_over_empty() {
    let database = TestDb::new(Backend::Postgres).await;
    let a = CrashableServer::start(database.url(), settings()).await;
    let b = TestServer::start(database.url(), settings()).await;
    assert!(!b.state.lobby.leads(), "A holds the lobby lock");
    // The query docs/operations.md gives operators.
    let operator = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let holders: Vec<String> = sqlx::query_scalar(
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid \
         WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 1801548404 AND l.objid = 1801538626 \
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    )
    .fetch_all(&operator)
    .await
    .expect("read the lock holders");
    assert_eq!(holders, [format!("kartka-lobby {}", a.node_id)], "the lobby lock's holder is named after A");
    let company = eventually(PATIENCE, || async { b.state.connections.has_company().then_some(()) });
    assert!(company.await.is_some(), "B hears A");
    let api = Api::new(b.url());
    let [seeker, waiter, late, watcher] =
        <[Session; 4]>::try_from(guests(&api, &["seeker", "waiter", "late", "watcher"]).await).unwrap();
    let mut seeker_socket = WsClient::connect(b.addr, &seeker.token).await;
    let mut waiter_socket = WsClient::connect(b.addr, &waiter.token).await;
    let mut watcher_socket = WsClient::connect(b.addr, &watcher.token).await;
    let seek = create_seek(&mut seeker_socket, 1).await;
    join_pool(&mut waiter_socket, 1).await;
    assert_eq!(subscribe(&mut watcher_socket, 1, false).await, std::slice::from_ref(&seek), "A's lobby, seen from B");

    a.crash();
    let took_over = eventually(PATIENCE, || async { b.state.lobby.leads().then_some(()) }).await;
    assert!(took_over.is_some(), "B takes the lobby over");

    let emptied = watcher_socket.next_matching(|f| matches!(f, ServerFrame::Lobby { .. })).await;
    assert!(matches!(&emptied, ServerFrame::Lobby { seeks, .. } if seeks.is_empty()), "{emptied:?}");
    for socket in [&mut seeker_socket, &mut waiter_socket] {
        let told = socket.next_matching(|f| matches!(f, ServerFrame::Error { id: None, .. })).await;
        assert!(matches!(told, ServerFrame::Error { code: ErrorCode::LobbyRestarted, .. }), "{told:?}");
    }
    let gone = seeker_socket.ask(2, json!({ "type": "seek_cancel", "seek_id": seek.id })).await;
    assert!(matches!(gone, ServerFrame::Error { code: ErrorCode::UnknownSeek, .. }), "{gone:?}");

    join_pool(&mut waiter_socket, 2).await;
    let mut late_socket = WsClient::connect(b.addr, &late.token).await;
    join_pool(&mut late_socket, 1).await;
    let game = game_started(&mut waiter_socket).await;
    assert_eq!(game_started(&mut late_socket).await, game, "pairing works again on the new lobby node");
    b.stop().await;
}

/// The lobby node loses its lock's connection and its bus listener at once, while no new session may open: B
/// takes the lobby over and sends everyone the empty lobby, which A, deaf, misses. A listens again and
/// resynchronises, which makes it check its lock long before its next, slow, heartbeat; its subscriber must still
/// get the new, empty lobby, which A asks B for once it stops leading.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_subscribers_of_a_node_that_lost_the_lobby_get_the_new_lobby() {
    let database = TestDb::new(Backend::Postgres).await;
    // A slow heartbeat on A, so that A most likely listens again while it still thinks it runs the lobby.
    let slow = NodeSettings { heartbeat: Duration::from_secs(5), ttl: Duration::from_secs(20) };
    let a = TestServer::start(database.url(), Settings { node: slow, ..settings() }).await;
    assert!(a.state.lobby.leads(), "the first node takes the lobby lock");
    let b = TestServer::start(database.url(), settings()).await;
    until_company(&a, &b).await;
    let api = Api::new(a.url());
    let [seeker, watcher] = <[Session; 2]>::try_from(guests(&api, &["seeker", "watcher"]).await).unwrap();
    let mut seeker_socket = WsClient::connect(a.addr, &seeker.token).await;
    let mut watcher_socket = WsClient::connect(a.addr, &watcher.token).await;
    let seek = create_seek(&mut seeker_socket, 1).await;
    assert_eq!(subscribe(&mut watcher_socket, 1, false).await, std::slice::from_ref(&seek), "A's lobby");

    let operator = sqlx::PgPool::connect(database.url()).await.expect("connect");
    database.allow_connections(false).await;
    let node = a.state.node.id();
    let cut: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 OR application_name = $2",
    )
    .bind(format!("kartka-lobby {node}"))
    .bind(kartka_server::cluster::bus::listener_name(node))
    .fetch_all(&operator)
    .await
    .expect("cut A's lobby lock and bus listener");
    assert_eq!(cut, [true, true], "A holds the lock on one connection and listens on another");
    let took_over = eventually(PATIENCE, || async { b.state.lobby.leads().then_some(()) }).await;
    assert!(took_over.is_some(), "B takes the lobby over");
    database.allow_connections(true).await;

    let emptied = tokio::time::timeout(
        PATIENCE,
        watcher_socket.next_matching(|f| matches!(f, ServerFrame::Lobby { seeks, .. } if seeks.is_empty())),
    )
    .await;
    assert!(emptied.is_ok(), "A's subscriber gets the new, empty lobby");
    // If A's listener is back in time to hear B announce itself, A drops its players' seeks at once (its
    // subscriber's empty lobby can come from there) and checks its lock; if it missed the announcement, the
    // listener's resynchronisation makes it check too.
    let stepped_down = eventually(PATIENCE, || async { (!a.state.lobby.leads()).then_some(()) }).await;
    assert!(stepped_down.is_some(), "A knows it no longer runs the lobby");
    b.stop().await;
    a.stop().await;
}

/// The lobby node's lock connection is cut while it still hears the bus: B takes the lobby over and says so, and
/// A, whose next heartbeat is many seconds away, checks its connection on hearing that and stops leading at
/// once, so two nodes do not both believe they run the lobby until A's next heartbeat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_lobby_node_that_hears_another_lead_checks_its_lock_at_once() {
    let database = TestDb::new(Backend::Postgres).await;
    let slow = NodeSettings { heartbeat: Duration::from_secs(20), ttl: Duration::from_secs(60) };
    let a = TestServer::start(database.url(), Settings { node: slow, ..settings() }).await;
    assert!(a.state.lobby.leads(), "the first node takes the lobby lock");
    // B's quick heartbeat takes the freed lock at once; its TTL is A's, so that A stays alive to B. B's start
    // returns once it has seen A beat, about a heartbeat after A's start, when A's campaign has just checked its
    // lock too: a few seconds later, the next check by heartbeat is well over 10 s away.
    let quick = NodeSettings { ttl: slow.ttl, ..NODE };
    let b = TestServer::start(database.url(), Settings { node: quick, ..settings() }).await;
    let b_sees_a = eventually(PATIENCE, || async { b.state.connections.has_company().then_some(()) }).await;
    assert!(b_sees_a.is_some(), "B knows A is alive, and publishes");
    tokio::time::sleep(Duration::from_secs(3)).await;

    let operator = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let cut: Vec<bool> =
        sqlx::query_scalar("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1")
            .bind(format!("kartka-lobby {}", a.state.node.id()))
            .fetch_all(&operator)
            .await
            .expect("cut A's lobby lock");
    assert_eq!(cut, [true], "A holds the lock on a connection of its own");
    let took_over = eventually(PATIENCE, || async { b.state.lobby.leads().then_some(()) }).await;
    assert!(took_over.is_some(), "B takes the lobby over");
    let stepped_down = eventually(Duration::from_secs(8), || async { (!a.state.lobby.leads()).then_some(()) }).await;
    assert!(stepped_down.is_some(), "A stops leading long before its next heartbeat");
    b.stop().await;
    a.stop().await;
}

/// A player whose only connection, on B, closes leaves the pool and loses the seek the lobby on A holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_player_whose_last_connection_closes_on_the_other_node_leaves_the_lobby() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let [leaver, watcher] = <[Session; 2]>::try_from(guests(&Api::new(a.url()), &["leaver", "watcher"]).await).unwrap();
    let mut watcher_socket = WsClient::connect(a.addr, &watcher.token).await;
    subscribe(&mut watcher_socket, 1, false).await;
    let mut leaver_socket = WsClient::connect(b.addr, &leaver.token).await;
    let seek = create_seek(&mut leaver_socket, 1).await;
    join_pool(&mut leaver_socket, 2).await;
    let waiting =
        watcher_socket.next_matching(|f| matches!(f, ServerFrame::PoolStatus(status) if status.waiting == 1)).await;
    assert!(matches!(waiting, ServerFrame::PoolStatus(status) if status.pool == POOL));

    leaver_socket.close().await;

    let removed = watcher_socket.next_matching(|f| matches!(f, ServerFrame::SeekRemoved { .. })).await;
    assert_eq!(removed, ServerFrame::SeekRemoved { seek_id: seek.id });
    let left =
        watcher_socket.next_matching(|f| matches!(f, ServerFrame::PoolStatus(status) if status.pool == POOL)).await;
    assert!(matches!(left, ServerFrame::PoolStatus(status) if status.waiting == 0), "{left:?}");
    b.stop().await;
    a.stop().await;
}

/// A player connected to both nodes whose socket on the lobby node closes is still online on B: the lobby node
/// asks the presence table, keeps their seek, and another player takes it. `GET /api/online` on either node lists
/// players connected to the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_player_still_connected_to_the_other_node_keeps_their_seek() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let api_a = Api::new(a.url());
    let [stayer, taker] = <[Session; 2]>::try_from(guests(&api_a, &["stayer", "taker"]).await).unwrap();
    let on_a = WsClient::connect(a.addr, &stayer.token).await;
    let mut on_b = WsClient::connect(b.addr, &stayer.token).await;
    let seek = create_seek(&mut on_b, 1).await;
    let listed = eventually(PATIENCE, || async {
        let (status, online) = api_a.get("/api/online", None).await;
        assert_eq!(status, 200, "{online}");
        let names: Vec<String> = online["players"]
            .as_array()?
            .iter()
            .filter_map(|player| Some(player["name"].as_str()?.to_owned()))
            .collect();
        names.contains(&stayer.account.name).then_some(())
    });
    assert!(listed.await.is_some(), "A lists the player connected to both");

    on_a.close().await;
    let presence = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let gone_from_a = eventually(PATIENCE, || async {
        let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM node_presence WHERE node_id = $1 AND account_id = $2")
            .bind(a.state.node.id())
            .bind(stayer.account.id)
            .fetch_one(&presence)
            .await
            .ok()?;
        (rows == 0).then_some(())
    });
    assert!(gone_from_a.await.is_some(), "A records that the player left it (its lobby heard so before)");

    let mut taker_socket = WsClient::connect(a.addr, &taker.token).await;
    let accepted = taker_socket.ask(1, json!({ "type": "seek_accept", "seek_id": seek.id })).await;
    let ServerFrame::Ack { game_id: Some(game), .. } = accepted else { panic!("the seek is still open: {accepted:?}") };
    assert_eq!(game_started(&mut on_b).await, game, "the player on B gets the game");

    on_b.close().await;
    let offline = eventually(PATIENCE, || async {
        let (_, online) = api_a.get("/api/online", None).await;
        let players = online["players"].as_array()?.clone();
        players.iter().all(|player| player["name"] != stayer.account.name.as_str()).then_some(())
    });
    assert!(offline.await.is_some(), "once gone from both nodes, the player is offline everywhere");
    b.stop().await;
    a.stop().await;
}

/// A node taken for dead while it still runs (its row removed, with its presence rows) registers again at its
/// next heartbeat and writes the presence of the players connected to it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_node_registered_again_records_its_players_presence_again() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let [player] = <[Session; 1]>::try_from(guests(&Api::new(a.url()), &["player"]).await).unwrap();
    let _on_b = WsClient::connect(b.addr, &player.token).await;
    let presence = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let recorded = || async {
        let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM node_presence WHERE node_id = $1 AND account_id = $2")
            .bind(b.state.node.id())
            .bind(player.account.id)
            .fetch_one(&presence)
            .await
            .ok()?;
        (rows == 1).then_some(())
    };
    assert!(eventually(PATIENCE, recorded).await.is_some(), "B records the player");
    // The presence row's version: B's heartbeat may register B again and write the row anew right after the
    // removal, so what shows that the row went with B's is that the one recorded before is no longer there.
    let row_version = || async {
        sqlx::query_scalar::<_, String>("SELECT xmin::text FROM node_presence WHERE node_id = $1 AND account_id = $2")
            .bind(b.state.node.id())
            .bind(player.account.id)
            .fetch_optional(&presence)
            .await
            .expect("read the presence row")
    };
    let before = row_version().await.expect("B's presence row");

    let store = database.store();
    store.remove_node(b.state.node.id()).await.expect("take B for dead");
    assert_ne!(row_version().await, Some(before), "the player's presence went with B's row");
    let registered_again = eventually(PATIENCE, || async {
        let nodes = store.live_nodes(NODE.ttl.as_millis() as i64).await.ok()?;
        nodes.iter().any(|node| node.id == b.state.node.id()).then_some(())
    });
    assert!(registered_again.await.is_some(), "B registers again");
    assert!(eventually(PATIENCE, recorded).await.is_some(), "B records the player again");
    b.stop().await;
    a.stop().await;
}

/// The presence table on either store: rows per node, idempotent, excepted nodes left out, and a node's rows
/// gone with its row.
async fn presence_is_kept_per_node_and_goes_with_its_node(store: std::sync::Arc<dyn kartka_server::store::Store>) {
    let ttl_ms = 60_000;
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    for node in [a, b] {
        assert!(store.register_node(node, None).await.unwrap());
    }
    let player = Uuid::new_v4();
    assert!(!store.connected_elsewhere(player, [a, a], ttl_ms).await.unwrap(), "nobody is connected yet");

    store.set_presence(b, player, true).await.unwrap();
    store.set_presence(b, player, true).await.unwrap();
    assert!(store.connected_elsewhere(player, [a, a], ttl_ms).await.unwrap(), "connected to B");
    assert!(!store.connected_elsewhere(player, [a, b], ttl_ms).await.unwrap(), "B excepted");
    assert_eq!(store.online_accounts(ttl_ms).await.unwrap(), [player]);
    store.set_presence(b, player, false).await.unwrap();
    assert!(!store.connected_elsewhere(player, [a, a], ttl_ms).await.unwrap(), "gone from B");
    assert!(store.online_accounts(ttl_ms).await.unwrap().is_empty());

    store.set_presence(b, player, true).await.unwrap();
    store.remove_node(b).await.unwrap();
    assert!(store.online_accounts(ttl_ms).await.unwrap().is_empty(), "a removed node's players go with it");
}

/// Registers `name` (a password login); its session.
async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// Whether `client`'s socket still answers a ping.
async fn answers(client: &mut WsClient, id: u64) -> bool {
    client.send(json!({ "type": "ping", "id": id })).await;
    matches!(client.next_reply().await, ServerFrame::Pong { id: Some(answered), .. } if answered == id)
}

/// A logout handled by A closes the sockets its session opened on B, and leaves the account's other sessions'
/// sockets there; a ban handled by A closes every socket of the account on B.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_logout_or_a_ban_closes_the_accounts_sockets_on_every_node() {
    let database = TestDb::new(Backend::Postgres).await;
    let (a, b) = two_nodes(&database).await;
    let api = Api::new(a.url());
    let admin = register(&api, "boss").await;
    role::set_admin(a.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let bob = register(&api, "bob").await;
    let (status, again) =
        api.post("/api/login", None, &json!({ "username": "bob", "password": "long enough secret" })).await;
    assert_eq!(status, 200, "{again}");
    let bob_again: Session = serde_json::from_value(again).expect("a session");
    let mut logged_out = WsClient::connect(b.addr, &bob.token).await;
    let mut other_session = WsClient::connect(b.addr, &bob_again.token).await;
    let mut on_a = WsClient::connect(a.addr, &bob_again.token).await;

    let (status, body) = api.post("/api/logout", Some(&bob.token), &json!({})).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(logged_out.closed().await, Some(1008), "the logged-out session's socket on B closes");
    assert!(answers(&mut other_session, 1).await, "the account's other session stays open on B");

    let ban = json!({ "reason": "cheating" });
    let (status, body) = api.post("/api/admin/accounts/bob/ban", Some(&admin.token), &ban).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(on_a.closed().await, Some(BANNED_CLOSE_CODE), "the banned account's socket on A closes");
    assert_eq!(other_session.closed().await, Some(BANNED_CLOSE_CODE), "and its socket on B");
    b.stop().await;
    a.stop().await;
}
