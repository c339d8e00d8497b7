//! Playing and watching a game from any node: two servers in this test process over one PostgreSQL database, each
//! with a cluster listener. A game runs on the node holding its lease; the other node forwards its clients'
//! commands and subscriptions there (`server/src/games/remote/`). When the owner crashes, the clients whose
//! subscriptions it relayed are closed with the resubscribe code (4000), resume on the survivor with `after_seq`,
//! and find every acknowledged move (so does `kartka bot`). The cluster listener refuses a wrong or missing secret
//! and is not part of the public router.

use std::sync::Arc;
use std::time::Duration;

use kartka_bot::Level;
use kartka_engine::{AnyGame, Seat};
use kartka_protocol::kinds::paper_soccer::PaperSoccerOptions;
use kartka_protocol::rest::Session;
use kartka_protocol::{
    ChatChannel, EndReasonName, ErrorCode, EventEnvelope, GameEvent, RulesetSpec, SeatName, ServerFrame, TimeControl,
    RESUBSCRIBE_CLOSE_CODE,
};
use kartka_server::bot_client::{self, BotClientSettings, ChallengePolicy, ThinkingLimits};
use kartka_server::config::{NodeSettings, Settings};
use kartka_server::games::kinds;
use kartka_server::games::remote::SECRET_HEADER;
use kartka_server::store::Store;
use kartka_tests::browser::eventually;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::cluster::{live_actors, until_held_by};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::{CrashableServer, TestServer};
use serde_json::json;
use uuid::Uuid;

/// Quick heartbeats, so that a dead node is found within about a second.
const NODE: NodeSettings = NodeSettings { heartbeat: Duration::from_millis(100), ttl: Duration::from_millis(600) };
/// Longer than any wait for a node's death and a sweep, however loaded the machine is.
const PATIENCE: Duration = Duration::from_secs(30);
/// Ten minutes: a clock that does not fall within a test.
const LONG: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };
/// The secret both nodes share.
const SECRET: &str = "the nodes' shared secret";

fn settings() -> Settings {
    Settings { node: NODE, first_move: Duration::ZERO, ..Settings::default() }
}

/// What a client saw of a game: the events in the order they came, and the spectator counts it was told.
#[derive(Default)]
struct Seen {
    events: Vec<EventEnvelope>,
    spectators: Vec<u32>,
    chat: Vec<String>,
}

impl Seen {
    fn take(&mut self, frame: ServerFrame) {
        match frame {
            ServerFrame::Event(event) => self.events.push(event),
            ServerFrame::Events { events, .. } => self.events.extend(events),
            ServerFrame::Viewers { spectators, .. } => self.spectators.push(spectators),
            ServerFrame::Chat { message } => self.chat.push(message.text),
            _ => {}
        }
    }

    fn ended(&self) -> bool {
        self.events.iter().any(|event| matches!(event.event, GameEvent::Ended { .. }))
    }

    /// The events' numbers are consecutive, each once, and none after `after` is missing (a subscription's
    /// acknowledgement may count an event it brought, its player's connection, which then follows it).
    fn assert_complete_from(&self, after: u64, who: &str) {
        let seqs: Vec<u64> = self.events.iter().map(|event| event.seq).collect();
        let first = seqs.first().copied().unwrap_or(after + 1);
        assert!(first <= after + 1, "{who} misses no event after {after}: {seqs:?}");
        let expected: Vec<u64> = (first..first + seqs.len() as u64).collect();
        assert_eq!(seqs, expected, "{who} sees every event once, in order");
    }
}

/// Connects to `addr` and subscribes to `game` with the chat and the spectator count; the subscription's
/// sequence number (frames that came with it are kept in `seen`).
async fn subscribe(addr: std::net::SocketAddr, token: &str, game: Uuid, after_seq: Option<u64>) -> (WsClient, u64) {
    let mut client = WsClient::connect(addr, token).await;
    let frame = json!({ "type": "subscribe", "game_id": game, "chat": true, "viewers": true, "after_seq": after_seq });
    let seq = client.request(1, frame).await.expect("a subscription's sequence number");
    (client, seq)
}

/// Reads `client`'s frames into `seen` until the game's end.
async fn until_ended(client: &mut WsClient, seen: &mut Seen) {
    while !seen.ended() {
        let frame = client.next().await;
        seen.take(frame);
    }
}

/// Reads `client`'s frames into `seen` until it has the event `seq`.
async fn until_seq(client: &mut WsClient, seen: &mut Seen, seq: u64) {
    while seen.events.last().is_none_or(|event| event.seq < seq) {
        let frame = client.next().await;
        seen.take(frame);
    }
}

/// Reads `client`'s frames into `seen` until it is told that `count` accounts watch.
async fn until_spectators(client: &mut WsClient, seen: &mut Seen, count: u32) {
    while seen.spectators.last() != Some(&count) {
        let frame = client.next().await;
        seen.take(frame);
    }
}

/// White plays on A, which runs the game; Black plays on B, which forwards; a spectator watches on each. Every one
/// of them sees every event in order, the chat crosses, the spectators are counted wherever they watch, and a
/// forwarded refusal is the same typed error as a local one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_players_on_two_nodes_play_a_game_to_its_end() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let b = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let cluster_a = format!("http://{}", a.cluster_addr.expect("A has a cluster listener"));
    assert_eq!(store.node_cluster_url(a.state.node.id()).await.unwrap(), Some(cluster_a), "A says where it listens");
    let (api_a, api_b) = (Api::new(a.url()), Api::new(b.url()));
    let (white, black) = (api_a.guest("white").await, api_a.guest("black").await);
    let (fan_a, fan_b) = (api_a.guest("fan-a").await, api_b.guest("fan-b").await);
    let game = api_a.start_game(&white, &black, LONG).await;
    until_held_by(store.as_ref(), game, a.state.node.id()).await;

    let (mut w, w_from) = subscribe(a.addr, &white.token, game, None).await;
    let (mut b_client, b_from) = subscribe(b.addr, &black.token, game, None).await;
    let (mut s_a, s_a_from) = subscribe(a.addr, &fan_a.token, game, None).await;
    let (mut s_b, s_b_from) = subscribe(b.addr, &fan_b.token, game, None).await;
    let (mut w_seen, mut b_seen, mut s_a_seen, mut s_b_seen) =
        (Seen::default(), Seen::default(), Seen::default(), Seen::default());
    // The spectator on B counts on A, and B's player hears the count through the relay.
    until_spectators(&mut w, &mut w_seen, 2).await;
    until_spectators(&mut b_client, &mut b_seen, 2).await;

    // Refusals forwarded from B are the owner's typed errors, the same as on A.
    assert_eq!(b_client.refused(2, move_frame(game, 0, "b0", "0")).await, ErrorCode::NotYourTurn);
    let mut w_on_b = WsClient::connect(b.addr, &white.token).await;
    for (id, refused) in [
        (3, move_frame(game, 0, "w0", "not a move")),
        (4, move_frame(game, 0, "w0", "9")),
        (5, move_frame(game, 6, "w0", "0")),
    ] {
        let (here, via_b) = (w.refused(id, refused.clone()).await, w_on_b.refused(id, refused).await);
        assert_eq!(via_b, here, "the same refusal via B as on A");
        assert_ne!(here, ErrorCode::Internal, "a typed refusal");
    }
    assert_eq!(w.refused(9, move_frame(game, 0, "w0", "not a move")).await, ErrorCode::BadNotation);
    w_on_b.close().await;

    let moved = w.request(10, move_frame(game, 0, "w1", "0")).await.expect("a sequence number");
    let answered = b_client.request(3, move_frame(game, 1, "b1", "0")).await.expect("a sequence number");
    assert!(answered > moved, "B's move is the game's next event");
    assert!(b_client.kept_event(answered), "a relayed mover gets its move's event before its ack, as on the owner");
    let channel = serde_json::to_value(ChatChannel::Players { game_id: game }).expect("a channel");
    let said = json!({ "type": "chat_send", "channel": channel, "text": "gl from B" });
    b_client.request(4, said).await;
    let offered = b_client.request(5, json!({ "type": "draw", "game_id": game, "action": "offer" })).await;
    until_seq(&mut w, &mut w_seen, offered.expect("a sequence number")).await;
    w.request(11, json!({ "type": "draw", "game_id": game, "action": "decline" })).await;
    w.request(12, move_frame(game, 2, "w2", "0")).await;
    b_client.request(6, move_frame(game, 3, "b2", "0")).await;
    w.request(13, move_frame(game, 4, "w3", "17")).await;

    until_ended(&mut w, &mut w_seen).await;
    until_ended(&mut b_client, &mut b_seen).await;
    until_ended(&mut s_a, &mut s_a_seen).await;
    until_ended(&mut s_b, &mut s_b_seen).await;
    for (seen, from, who) in
        [(&w_seen, w_from, "white on A"), (&b_seen, b_from, "black on B"), (&s_a_seen, s_a_from, "the fan on A")]
    {
        seen.assert_complete_from(from, who);
    }
    s_b_seen.assert_complete_from(s_b_from, "the fan on B");
    let last = w_seen.events.last().expect("events").seq;
    for seen in [&b_seen, &s_a_seen, &s_b_seen] {
        assert_eq!(seen.events.last().expect("events").seq, last, "everyone ends at the same event");
    }
    let kinds = |seen: &Seen| -> Vec<String> {
        seen.events.iter().filter(|e| e.seq > s_b_from).map(|e| format!("{}:{:?}", e.seq, e.event)).collect()
    };
    assert_eq!(kinds(&b_seen), kinds(&w_seen), "B's player saw what A's saw");
    assert_eq!(kinds(&s_b_seen), kinds(&w_seen), "B's spectator saw what A's saw");
    let drawn = w_seen.events.iter().filter(|e| matches!(e.event, GameEvent::DrawOffered { .. })).count();
    assert_eq!(drawn, 1, "the draw offer made on B reached A");
    assert_eq!(w_seen.chat, ["gl from B"], "B's chat reached A");
    assert!(s_a_seen.chat.is_empty() && s_b_seen.chat.is_empty(), "the players' channel is not the spectators'");

    let (status, snapshot) = api_b.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((status, snapshot["status"].as_str()), (200, Some("finished")), "{snapshot}");
    assert_eq!(snapshot["seq"].as_u64(), Some(last), "B reads the owner's state");
    a.stop().await;
    b.stop().await;
}

/// How many games A runs when it crashes.
const GAMES: usize = 6;
/// How often a client whose subscription was refused tries again: fast, as the browsers of a busy node would.
const RETRY: Duration = Duration::from_millis(50);

/// A client following a game, and the last event it had seen.
struct Follower {
    game: Uuid,
    token: String,
    client: WsClient,
    seen: u64,
}

/// The owner crashes mid-game while it runs several games, each with a player and a spectator connected to it
/// and the other player on B. A's clients lose their sockets at once and B's are closed with the resubscribe
/// code; all of them subscribe again on B, all at once, every 50 ms, from the moment A dies (while A still looks
/// alive, B refuses). Then B runs exactly one actor per game (the registry started none beside another), each
/// game's clock was given back the outage (from A's last heartbeat to B's takeover: at least the TTL), every
/// acknowledged move is stored, and every socket gets every event to its game's end (none is stuck on an actor
/// nobody moves).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_clients_of_a_crashed_owner_resume_on_the_survivor() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = CrashableServer::start_clustered(database.url(), settings(), SECRET).await;
    let b = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let api = Api::new(a.url());
    let mut followers = Vec::new();
    for table in 0..GAMES {
        let white = api.guest(&format!("white{table}")).await;
        let black = api.guest(&format!("black{table}")).await;
        let fan = api.guest(&format!("fan{table}")).await;
        let game = api.start_game(&white, &black, LONG).await;
        until_held_by(store.as_ref(), game, a.node_id).await;
        let (mut w, _) = subscribe(a.addr, &white.token, game, None).await;
        let (mut bl, _) = subscribe(b.addr, &black.token, game, None).await;
        let (f, _) = subscribe(a.addr, &fan.token, game, None).await;
        w.request(2, move_frame(game, 0, "w1", "0")).await.expect("acknowledged");
        let acked = bl.request(2, move_frame(game, 1, "b1", "0")).await.expect("acknowledged");
        for (session, mut client) in [(white, w), (black, bl), (fan, f)] {
            until_seq(&mut client, &mut Seen::default(), acked).await;
            followers.push(Follower { game, token: session.token, client, seen: acked });
        }
    }

    a.crash();
    let resuming = followers.into_iter().map(|follower| async move {
        let Follower { game, token, mut client, seen } = follower;
        let closed = client.closed().await;
        assert!(closed.is_none() || closed == Some(RESUBSCRIBE_CLOSE_CODE), "closed to resubscribe: {closed:?}");
        let client = resubscribe(b.addr, &token, game, seen).await;
        Follower { game, token, client, seen }
    });
    let mut followers = futures_util::future::join_all(resuming).await;
    for chunk in followers.chunks(3) {
        until_held_by(store.as_ref(), chunk[0].game, b.state.node.id()).await;
    }
    let one_each = eventually(PATIENCE, || async { (b.state.games.running() == GAMES).then_some(()) }).await;
    assert!(one_each.is_some(), "B runs every game: {} actors", b.state.games.running());
    assert_eq!(live_actors(), GAMES, "and no game's actor runs twice (A's went with it)");

    for chunk in followers.chunks_mut(3) {
        let game = chunk[0].game;
        let (status, stored) = Api::new(b.url()).get(&format!("/api/games/{game}"), None).await;
        assert_eq!(status, 200);
        let notations: Vec<&str> =
            stored["moves"].as_array().expect("moves").iter().filter_map(|m| m["notation"].as_str()).collect();
        assert_eq!(notations, ["0", "0"], "every acknowledged move survived the owner's crash");
        let [white, black, fan] = chunk else { unreachable!("three followers a game") };
        white.client.request(3, move_frame(game, 2, "w2", "0")).await.expect("acknowledged on B");
        black.client.request(3, move_frame(game, 3, "b2", "0")).await.expect("acknowledged on B");
        white.client.request(4, move_frame(game, 4, "w3", "17")).await.expect("acknowledged on B");
        let mut credited = Vec::new();
        for follower in [white, black, fan] {
            let mut rest = Seen::default();
            until_ended(&mut follower.client, &mut rest).await;
            rest.assert_complete_from(follower.seen, "a client after resuming");
            credited.extend(rest.events.iter().filter_map(|event| match event.event {
                GameEvent::ClockCredited { credited_ms, .. } => Some(credited_ms),
                _ => None,
            }));
        }
        let outage = i64::try_from(NODE.ttl.as_millis()).expect("a short TTL");
        assert!(
            !credited.is_empty() && credited.iter().all(|credit| *credit >= outage / 2),
            "the clock got back the time nobody ran it, about the TTL at least: {credited:?}"
        );
    }
    b.stop().await;
}

/// Slower heartbeats than [`NODE`]'s, so that a dead owner's games stay out of reach long enough to count what
/// retrying clients cost.
const SLOW_NODE: NodeSettings = NodeSettings { heartbeat: Duration::from_millis(400), ttl: Duration::from_secs(8) };
/// Clients retrying the games of a dead owner, on the survivor.
const RETRYING_CLIENTS: usize = 40;
/// How long they retry, well within [`SLOW_NODE`]'s TTL.
const RETRYING_FOR: Duration = Duration::from_secs(3);

/// While the owner of two games is dead but within its TTL, forty clients on the survivor retry subscribing to
/// them every 50 ms. Each game costs the survivor a few lease takes per heartbeat, not one per retry and
/// attempt (which kept the database pool busy and slowed the failover everyone waited for); and once the TTL
/// has passed, a retry takes the game over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_clients_retrying_a_dead_owners_games_cost_a_few_lease_takes() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let settings = Settings { node: SLOW_NODE, first_move: Duration::ZERO, ..Settings::default() };
    let a = CrashableServer::start_clustered(database.url(), settings.clone(), SECRET).await;
    let b = TestServer::start_clustered(database.url(), settings, SECRET).await;
    let api = Api::new(a.url());
    let mut games = Vec::new();
    for table in 0..2 {
        let white = api.guest(&format!("white{table}")).await;
        let black = api.guest(&format!("black{table}")).await;
        let game = api.start_game(&white, &black, LONG).await;
        until_held_by(store.as_ref(), game, a.node_id).await;
        games.push(game);
    }
    let on_b = Api::new(b.url());
    let mut fans = Vec::new();
    for n in 0..RETRYING_CLIENTS {
        let fan = on_b.guest(&format!("fan{n}")).await;
        fans.push((WsClient::connect(b.addr, &fan.token).await, games[n % games.len()]));
    }

    a.crash();
    let takes_before = b.state.games.lease_takes();
    let deadline = tokio::time::Instant::now() + RETRYING_FOR;
    let retrying = fans.into_iter().map(|(mut client, game)| async move {
        let mut refused = 0_u32;
        for id in 1.. {
            if tokio::time::Instant::now() >= deadline {
                break;
            }
            let frame = json!({ "type": "subscribe", "game_id": game, "after_seq": 0 });
            match client.answer(id, frame).await {
                Err(ErrorCode::Internal) => refused += 1,
                answer => panic!("the owner is dead and within its TTL: {answer:?}"),
            }
            tokio::time::sleep(RETRY).await;
        }
        refused
    });
    let refused: u32 = futures_util::future::join_all(retrying).await.into_iter().sum();
    let takes = b.state.games.lease_takes() - takes_before;

    // Per game: a request let through every quarter heartbeat, and perhaps one more racing it.
    let rechecks = RETRYING_FOR.as_millis() / (SLOW_NODE.heartbeat / 4).as_millis();
    let bound = u64::try_from(2 * rechecks * 2).expect("a small bound");
    assert!(u64::from(refused) > 2 * bound, "the clients retried more often than that: {refused} refusals");
    assert!(takes <= bound, "{takes} lease takes for {refused} retried requests: at most {bound}");

    let retried = on_b.guest("retried").await;
    drop(resubscribe(b.addr, &retried.token, games[0], 0).await);
    until_held_by(store.as_ref(), games[0], b.state.node.id()).await;
    b.stop().await;
}

/// Subscribes with `after_seq` until the game's node answers: while the crashed owner still seems alive, the
/// survivor answers `internal`, and the client retries.
async fn resubscribe(addr: std::net::SocketAddr, token: &str, game: Uuid, after: u64) -> WsClient {
    let mut client = WsClient::connect(addr, token).await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    for id in 10.. {
        let frame = json!({ "type": "subscribe", "game_id": game, "after_seq": after });
        match client.answer(id, frame).await {
            Ok(_) => return client,
            Err(ErrorCode::Internal) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(RETRY).await;
            }
            Err(code) => panic!("resubscribing was refused: {code:?}"),
        }
    }
    unreachable!("the ids do not run out")
}

/// The cluster listener carries out nothing without the shared secret (401), and its routes are not on the
/// public listener; with the secret, the same request is carried out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_the_cluster_listener_wants_the_secret_and_is_not_public() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let game = api.start_game(&white, &black, LONG).await;
    let path = format!("/cluster/v1/games/{game}/command");
    let resign = json!({ "command": "act", "account": white.account.id, "action": { "action": "resign" } });
    let http = reqwest::Client::new();
    let cluster = format!("http://{}", a.cluster_addr.expect("a cluster listener"));
    let send = |base: &str, secret: Option<&str>| {
        let mut request = http.post(format!("{base}{path}")).json(&resign);
        if let Some(secret) = secret {
            request = request.header(SECRET_HEADER, secret);
        }
        request.send()
    };
    let status_of = |game_row: Option<kartka_server::store::GameRow>| game_row.expect("the game").state.status;

    for secret in [None, Some(""), Some("not the secret"), Some("the nodes' shared secreT")] {
        let response = send(&cluster, secret).await.expect("the cluster listener answers");
        assert_eq!(response.status().as_u16(), 401, "secret {secret:?} is refused");
    }
    let public = send(&a.url(), Some(SECRET)).await.expect("the public listener answers");
    assert_ne!(public.status().as_u16(), 200, "the cluster routes are not public");
    assert_eq!(status_of(store.game(game).await.unwrap()), "active", "nothing was carried out");

    let response = send(&cluster, Some(SECRET)).await.expect("the cluster listener answers");
    assert_eq!(response.status().as_u16(), 200);
    let answer: serde_json::Value = response.json().await.expect("a JSON answer");
    assert!(answer["Ok"].as_u64().is_some(), "the resignation's sequence number: {answer}");
    assert_eq!(status_of(store.game(game).await.unwrap()), "finished", "with the secret it is carried out");
    a.stop().await;
}

/// The node relaying a player's subscription crashes: the owner's heartbeat finds it dead, drops its subscribers
/// and counts the player as gone, as for a closed socket (a `player_disconnected` event is stored).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_player_whose_node_crashes_counts_as_disconnected_on_the_owner() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let b = CrashableServer::start_clustered(database.url(), settings(), SECRET).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let game = api.start_game(&white, &black, LONG).await;
    until_held_by(store.as_ref(), game, a.state.node.id()).await;
    let (_w, _) = subscribe(a.addr, &white.token, game, None).await;
    let (_b, _) = subscribe(b.addr, &black.token, game, None).await;
    let kinds = || async {
        let events = store.events_after(game, 0).await.expect("events");
        events.into_iter().map(|event| event.kind).collect::<Vec<_>>()
    };
    assert!(!kinds().await.iter().any(|kind| kind == "player_disconnected"), "both players are there");

    b.crash();
    let gone =
        eventually(PATIENCE, || async { kinds().await.iter().any(|kind| kind == "player_disconnected").then_some(()) })
            .await;
    assert!(gone.is_some(), "the owner counts the player of the crashed node as gone: {:?}", kinds().await);
    a.stop().await;
}

/// A rematch accepted on a node that does not run the finished game is announced where it runs: its spectators,
/// there and relayed, hear of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_rematch_accepted_on_another_node_reaches_the_games_watchers() {
    let TwoNodes { database: _database, a, b, white, black, fan, game, .. } = two_nodes_and_a_game().await;
    let api_b = Api::new(b.url());
    let mut watchers = Vec::new();
    for addr in [a.addr, b.addr] {
        let mut watcher = WsClient::connect(addr, &fan.token).await;
        watcher.request(1, json!({ "type": "subscribe", "game_id": game, "rematch": true })).await;
        watchers.push(watcher);
    }
    let mut w = WsClient::connect(a.addr, &white.token).await;
    w.request(1, json!({ "type": "resign", "game_id": game })).await;

    let rematch = format!("/api/games/{game}/rematch");
    let (status, body) = api_b.post(&rematch, Some(&white.token), &json!({})).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = api_b.post(&rematch, Some(&black.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let next: Uuid = serde_json::from_value(body["game_id"].clone()).expect("the rematch's game");
    for mut watcher in watchers {
        loop {
            if let ServerFrame::Rematch { game_id, rematch_id } = watcher.next().await {
                assert_eq!((game_id, rematch_id), (game, next), "the watcher hears of the rematch");
                break;
            }
        }
    }
    a.stop().await;
    b.stop().await;
}

/// A player whose socket on B is closed for breaking the rules (flooding) leaves `connection_closed` with the
/// reason in the game's timeline on A, as on the node running the game, and then counts as gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_relayed_player_closed_for_flooding_leaves_the_reason_on_the_owner() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let strict = Settings { ws_messages_per_second: 5, ..settings() };
    let a = TestServer::start_clustered(database.url(), strict.clone(), SECRET).await;
    let b = TestServer::start_clustered(database.url(), strict, SECRET).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let game = api.start_game(&white, &black, LONG).await;
    until_held_by(store.as_ref(), game, a.state.node.id()).await;
    let (_w, _) = subscribe(a.addr, &white.token, game, None).await;
    let (mut flooder, _) = subscribe(b.addr, &black.token, game, None).await;
    for id in 10..60 {
        if !flooder.try_send(json!({ "type": "ping", "id": id })).await {
            break;
        }
    }
    assert_eq!(flooder.closed().await, Some(1008), "B closes the flooding socket");

    let recorded = eventually(PATIENCE, || async {
        let events = store.events_after(game, 0).await.ok()?;
        let closed = events.iter().position(|event| event.kind == "connection_closed")?;
        let gone = events.iter().position(|event| event.kind == "player_disconnected")?;
        Some((events[closed].payload.clone(), closed < gone))
    })
    .await;
    let (payload, in_order) = recorded.expect("the closed connection and the disconnect are recorded on A");
    assert!(payload.contains("rate limit exceeded"), "the reason crosses: {payload}");
    assert!(in_order, "first why, then the disconnect");
    a.stop().await;
    b.stop().await;
}

/// A game whose lease moved while the node running it was taken for dead: the node relaying a watcher's
/// subscription from that stale owner closes it with the resubscribe code at its next heartbeat (until then its
/// commands for the game go to the stale owner, see below); the game then runs where its lease is, the stale
/// owner's actor is refused, which closes its own watchers' connections with the resubscribe code too, and the
/// watchers resume where the game runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_stale_owners_subscribers_resubscribe_where_the_game_runs() {
    let TwoNodes { database, store, a, b, white, fan, game, .. } = two_nodes_and_a_game().await;
    let api_b = Api::new(b.url());
    let (mut watcher, watched) = subscribe(b.addr, &fan.token, game, None).await;
    let fan_on_a = Api::new(a.url()).guest("fan-on-a").await;
    let (mut watcher_on_a, watched_on_a) = subscribe(a.addr, &fan_on_a.token, game, None).await;
    let pool = sqlx::PgPool::connect(database.url()).await.expect("connect");
    sqlx::query("UPDATE game_leases SET node_id = $1 WHERE game_id = $2")
        .bind(b.state.node.id())
        .bind(game)
        .execute(&pool)
        .await
        .expect("move the lease to B behind A's back");
    assert_eq!(watcher.closed().await, Some(RESUBSCRIBE_CLOSE_CODE), "the watcher relayed from A resubscribes");

    let body = json!({ "ply": 0, "client_move_id": "w1", "notation": "0" });
    let (status, moved) = api_b.post(&format!("/api/games/{game}/moves"), Some(&white.token), &body).await;
    assert_eq!(status, 200, "B loads the game and commits: {moved}");
    let stale = json!({ "ply": 0, "client_move_id": "w2", "notation": "1" });
    let (status, refused) =
        Api::new(a.url()).post(&format!("/api/games/{game}/moves"), Some(&white.token), &stale).await;
    assert_eq!((status, refused["code"].as_str()), (500, Some("internal")), "A's stale actor is refused: {refused}");
    assert_eq!(watcher_on_a.closed().await, Some(RESUBSCRIBE_CLOSE_CODE), "A's own watcher resubscribes");
    let mut watcher_on_a = resubscribe(a.addr, &fan_on_a.token, game, watched_on_a).await;
    let mut seen_on_a = Seen::default();

    let mut watcher = resubscribe(b.addr, &fan.token, game, watched).await;
    let mut seen = Seen::default();
    let last = store.events_after(game, 0).await.expect("events").last().expect("an event").seq as u64;
    until_seq(&mut watcher, &mut seen, last).await;
    seen.assert_complete_from(watched, "the watcher after resubscribing");
    assert!(
        seen.events.iter().any(|event| matches!(event.event, GameEvent::Moved { .. })),
        "it has B's move: {:?}",
        seen.events
    );
    until_seq(&mut watcher_on_a, &mut seen_on_a, last).await;
    seen_on_a.assert_complete_from(watched_on_a, "A's own watcher after resubscribing");
    a.stop().await;
    b.stop().await;
}

/// A player coming back through a node that does not run the game gets the `player_connected` event their
/// subscription brought before its acknowledgement, which counts it, as on the owner: B starts relaying after the
/// owner's initial frames, not after the acknowledged number.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_player_returning_through_another_node_gets_the_event_the_return_brought() {
    let TwoNodes { database: _database, store, a, b, white, black, game, .. } = two_nodes_and_a_game().await;
    let (_white_on_a, _) = subscribe(a.addr, &white.token, game, None).await;
    let (black_on_a, first) = subscribe(a.addr, &black.token, game, None).await;
    black_on_a.close().await;
    let kinds = || async {
        let events = store.events_after(game, first as i64).await.expect("events");
        events.into_iter().map(|event| event.kind).collect::<Vec<_>>()
    };
    let left = eventually(PATIENCE, || async { (kinds().await == ["player_disconnected"]).then_some(()) });
    assert!(left.await.is_some(), "black's leaving is stored: {:?}", kinds().await);

    let (mut black_on_b, back) = subscribe(b.addr, &black.token, game, Some(first)).await;
    assert_eq!(kinds().await, ["player_disconnected", "player_connected"], "black's return is stored");
    assert_eq!(back, first + 2, "the acknowledgement counts the return");
    assert!(black_on_b.kept_event(back), "the return's event comes before the acknowledgement, as on the owner");
    let mut seen = Seen::default();
    until_seq(&mut black_on_b, &mut seen, back).await;
    seen.assert_complete_from(first, "black back on B");
    assert!(matches!(seen.events.last().map(|e| &e.event), Some(GameEvent::PlayerConnected { .. })), "the return");
    a.stop().await;
    b.stop().await;
}

/// A frame addressed to a relayed subscriber never overtakes an event committed before it: the owner's commit
/// announces the event, the chat line's notification commits after it (PostgreSQL delivers notifications in
/// commit order), and the relaying node reads an announced event before it hears its next message. White, on A,
/// sends a chat line right behind each of its actions, without waiting for the action's answer; Black, relayed
/// through B, sees each action's event before the line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_relayed_player_sees_each_event_before_the_chat_line_said_after_it() {
    let TwoNodes { database: _database, a, b, white, black, game, .. } = two_nodes_and_a_game().await;
    let (mut white_on_a, _) = subscribe(a.addr, &white.token, game, None).await;
    let (mut black_on_b, _) = subscribe(b.addr, &black.token, game, None).await;
    let channel = serde_json::to_value(ChatChannel::Players { game_id: game }).expect("a channel");
    let mut act_then_say = async |id: u64, mut frame: serde_json::Value, done: &str| {
        frame["id"] = json!(id);
        white_on_a.send(frame).await;
        let text = format!("after {done}");
        white_on_a.request(id + 1, json!({ "type": "chat_send", "channel": channel, "text": text })).await;
    };
    act_then_say(10, move_frame(game, 0, "w1", "0"), "ply 0").await;
    black_on_b.request(2, move_frame(game, 1, "b1", "0")).await;
    act_then_say(12, move_frame(game, 2, "w2", "0"), "ply 2").await;
    black_on_b.request(3, move_frame(game, 3, "b2", "0")).await;
    act_then_say(14, json!({ "type": "draw", "game_id": game, "action": "offer" }), "a draw offer").await;

    let mut order = Vec::new();
    while order.last().map(String::as_str) != Some("after a draw offer") {
        match black_on_b.next().await {
            ServerFrame::Event(event) => match event.event {
                GameEvent::Moved { record, .. } => order.push(format!("ply {}", record.ply)),
                GameEvent::DrawOffered { .. } => order.push("a draw offer".to_owned()),
                _ => {}
            },
            ServerFrame::Chat { message } => order.push(message.text),
            _ => {}
        }
    }
    for done in ["ply 0", "ply 2", "a draw offer"] {
        let event = order.iter().position(|seen| seen == done);
        let line = order.iter().position(|seen| *seen == format!("after {done}"));
        assert!(event.is_some() && event < line, "{done} comes before the line said after it: {order:?}");
    }
    a.stop().await;
    b.stop().await;
}

/// A command for a game that a connection on B watches through A goes straight to A: B does not take or read the
/// game's lease, so the move is played while the test holds the lease's row locked (B's lease compare-and-set
/// would wait for it), and B starts no actor of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_command_for_a_game_watched_through_its_owner_needs_no_lease() {
    let TwoNodes { database, a, b, white, game, .. } = two_nodes_and_a_game().await;
    let (mut white_on_b, _) = subscribe(b.addr, &white.token, game, None).await;
    let pool = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let mut locked = pool.begin().await.expect("a transaction");
    sqlx::query("SELECT node_id FROM game_leases WHERE game_id = $1 FOR UPDATE")
        .bind(game)
        .fetch_one(&mut *locked)
        .await
        .expect("lock the game's lease");

    let moved = tokio::time::timeout(PATIENCE, white_on_b.request(2, move_frame(game, 0, "w1", "0")))
        .await
        .expect("the move does not wait for the locked lease");
    assert!(moved.is_some(), "the move is played");
    assert_eq!(b.state.games.running(), 0, "B runs no actor of the game");
    locked.rollback().await.expect("unlock the lease");
    a.stop().await;
    b.stop().await;
}

/// `kartka bot` connected to B plays a game that A runs; A crashes mid-game: the bot's socket is closed with the
/// resubscribe code, it reconnects to B, subscribes again (refused with `internal` until B has taken the game,
/// which it retries), and plays the game to its end, as does its scripted opponent, also on B.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_the_bot_resumes_on_the_survivor_when_the_owner_crashes() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = CrashableServer::start_clustered(database.url(), settings(), SECRET).await;
    let b = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let api = Api::new(a.url());
    let (alice, robot) = (api.guest("alice").await, api.guest("robot").await);
    let ruleset = RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 6, height: 8, goal: 2 });
    let clock = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 1 };
    let game = api.start_game_of(&alice, &robot, ruleset, clock, false).await;
    until_held_by(store.as_ref(), game, a.node_id).await;

    let settings = BotClientSettings {
        server: b.url(),
        token: robot.token.clone(),
        level: Level::new(1).expect("a level"),
        policy: ChallengePolicy { max_games: Some(1), ..ChallengePolicy::default() },
        thinking: ThinkingLimits::default(),
    };
    let bot = tokio::spawn(bot_client::run(settings, std::future::pending()));
    let (mut alice_on_b, mut position, mut ply) = following(b.addr, &alice.token, game, ruleset).await;
    play_first_seat(&mut alice_on_b, game, &mut position, &mut ply, 4).await.expect("A still runs");

    a.crash();
    assert_eq!(alice_on_b.closed().await, Some(RESUBSCRIBE_CLOSE_CODE), "B has Alice subscribe again");
    let (mut alice_on_b, mut position, mut ply) = following(b.addr, &alice.token, game, ruleset).await;
    play_first_seat(&mut alice_on_b, game, &mut position, &mut ply, u32::MAX).await.expect("B runs the game");
    let outcome = position.outcome().expect("played to the end by the rules");
    let ended = loop {
        if let GameEvent::Ended { result, .. } = alice_on_b.next_event().await.event {
            break result;
        }
    };
    let winner = outcome.winner().map(|seat| if seat == Seat::FIRST { SeatName::First } else { SeatName::Second });
    assert_eq!(ended.winner, winner, "the game ended by the rules");
    assert_ne!(ended.reason, EndReasonName::Time, "the bot came back in time");
    tokio::time::timeout(PATIENCE, bot)
        .await
        .expect("the bot stops after its one game")
        .expect("no panic")
        .expect("the bot ends cleanly");
    b.stop().await;
}

/// Two clustered nodes on one PostgreSQL database, and a long live game between `white` and `black` that node
/// `a` runs, with a third guest, `fan`, to watch it.
struct TwoNodes {
    database: TestDb,
    store: Arc<dyn Store>,
    a: TestServer,
    b: TestServer,
    white: Session,
    black: Session,
    fan: Session,
    game: Uuid,
}

async fn two_nodes_and_a_game() -> TwoNodes {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let b = TestServer::start_clustered(database.url(), settings(), SECRET).await;
    let api = Api::new(a.url());
    let (white, black, fan) = (api.guest("white").await, api.guest("black").await, api.guest("fan").await);
    let game = api.start_game(&white, &black, LONG).await;
    until_held_by(store.as_ref(), game, a.state.node.id()).await;
    TwoNodes { database, store, a, b, white, black, fan, game }
}

/// Subscribes (without `after_seq`) until the game's node answers; the client, the position from the snapshot
/// and its ply.
async fn following(
    addr: std::net::SocketAddr,
    token: &str,
    game: Uuid,
    ruleset: RulesetSpec,
) -> (WsClient, AnyGame, u32) {
    let mut client = WsClient::connect(addr, token).await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    for id in 10.. {
        match client.answer(id, json!({ "type": "subscribe", "game_id": game })).await {
            Ok(_) => break,
            Err(ErrorCode::Internal) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(code) => panic!("subscribing was refused: {code:?}"),
        }
    }
    let snapshot = loop {
        if let ServerFrame::Snapshot { game } = client.next().await {
            break game;
        }
    };
    let mut position = AnyGame::new(&kinds::ruleset(&ruleset).expect("a valid ruleset"));
    for record in &snapshot.moves {
        position.play(&record.notation).expect("the stored moves are legal");
    }
    (client, position, snapshot.ply)
}

/// Plays the first seat's turns (the engine's first legal action each) until `until_ply` or the game's end,
/// following every move by its event; `Err` with the close code when the socket closes.
async fn play_first_seat(
    client: &mut WsClient,
    game: Uuid,
    position: &mut AnyGame,
    ply: &mut u32,
    until_ply: u32,
) -> Result<(), Option<u16>> {
    while *ply < until_ply {
        match position.to_act() {
            None => return Ok(()),
            Some(Seat::FIRST) => {
                let action = position.legal_actions().into_iter().next().expect("a seat to act has an action");
                client.send(move_frame(game, *ply, &format!("s{ply}"), &action)).await;
            }
            Some(_) => {}
        }
        loop {
            let event = match client.next_or_close().await? {
                ServerFrame::Event(event) => event,
                _ => continue,
            };
            if let GameEvent::Moved { record, .. } = &event.event {
                let played = position.play(&record.notation).expect("the server's moves are legal");
                *ply = record.ply + u32::try_from(played.actions).expect("a small count");
                break;
            }
        }
    }
    Ok(())
}

/// An event whose notification B's bus never heard (it is written behind the nodes' backs, as one committed while
/// B's listener was away would be) reaches the watcher relayed by B once B's listener loses its connection and
/// the bus resynchronises: B reads every relayed game again after the last event it delivered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_relayed_watcher_gets_a_missed_event_when_the_bus_resynchronises() {
    let TwoNodes { database, store, a, b, fan, game, .. } = two_nodes_and_a_game().await;
    let (mut watcher, watched) = subscribe(b.addr, &fan.token, game, None).await;
    let last = store.events_after(game, 0).await.expect("events").last().expect("an event").seq;
    assert_eq!(last as u64, watched, "nothing happened since the watcher subscribed");

    let pool = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let missed = GameEvent::DrawOffered { seat: SeatName::First };
    sqlx::query("INSERT INTO game_events (game_id, seq, kind, payload, at) VALUES ($1, $2, 'draw_offered', $3, 0)")
        .bind(game)
        .bind(last + 1)
        .bind(serde_json::to_string(&missed).expect("an event is JSON"))
        .execute(&pool)
        .await
        .expect("store an event without a notification");
    cut_bus_listener(&pool, &b).await;

    let event = watcher.next_event().await;
    assert_eq!((event.seq, event.event), (last as u64 + 1, missed), "the missed event, read after the resync");
    a.stop().await;
    b.stop().await;
}

/// Ends the session `node`'s cluster bus listens on, as a database restart or a network cut would.
async fn cut_bus_listener(pool: &sqlx::PgPool, node: &TestServer) {
    let terminated: Vec<bool> =
        sqlx::query_scalar("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1")
            .bind(kartka_server::cluster::bus::listener_name(node.state.node.id()))
            .fetch_all(pool)
            .await
            .expect("terminate the node's bus listener's connection");
    assert_eq!(terminated, [true], "a node listens on one connection, named after it");
}

/// B's bus listener loses its connection, and cannot open another, while A sends a chat line to a player whose
/// subscription B relays: the line's notification is lost, so once B listens again it has A send that
/// subscription's chat history again, which holds the line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_relayed_player_gets_a_chat_line_lost_with_the_bus_once_it_resynchronises() {
    let TwoNodes { database, a, b, white, black, game, .. } = two_nodes_and_a_game().await;
    let (mut white_on_a, _) = subscribe(a.addr, &white.token, game, None).await;
    let (mut black_on_b, _) = subscribe(b.addr, &black.token, game, None).await;
    let pool = sqlx::PgPool::connect(database.url()).await.expect("connect");
    let mut bus = sqlx::postgres::PgListener::connect(database.url()).await.expect("connect");
    bus.listen(kartka_server::cluster::bus::CHANNEL).await.expect("listen to the cluster bus");
    // Sessions already open go on (the nodes' pools, this test's); B's listener cannot open a new one.
    database.allow_connections(false).await;
    cut_bus_listener(&pool, &b).await;
    let channel = serde_json::to_value(ChatChannel::Players { game_id: game }).expect("a channel");
    let line = "said while B could not hear";
    white_on_a.request(10, json!({ "type": "chat_send", "channel": channel, "text": line })).await;
    // The line's notification goes out after the acknowledgement, from A's relay.
    while !bus.recv().await.expect("a notification").payload().contains(line) {}
    database.allow_connections(true).await;

    let mut lines = Vec::new();
    while !lines.iter().any(|text| text == line) {
        match black_on_b.next().await {
            ServerFrame::Chat { message } => lines.push(message.text),
            ServerFrame::ChatHistory { messages, .. } => lines.extend(messages.into_iter().map(|message| message.text)),
            _ => {}
        }
    }
    a.stop().await;
    b.stop().await;
}
