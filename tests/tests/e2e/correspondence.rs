//! Correspondence play end to end, on SQLite and PostgreSQL: games over REST without a socket, deadlines
//! the sweeper enforces, vacations, notifications with webhooks, conditional moves and seeks. A "day" lasts
//! well under a second here (`CorrespondenceSettings::day`), so that days pass while the test runs.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use kartka_protocol::correspondence::{ActionDone, Language, MyGames, Notification, NotificationKind, SeekStatus};
use kartka_protocol::kinds::paper_soccer::PaperSoccerOptions;
use kartka_protocol::rest::Session;
use kartka_protocol::{EndReasonName, GameEvent, GameSnapshot, GameStatus, SeatName, ServerFrame, TimeControl};
use kartka_server::config::{CorrespondenceSettings, Settings};
use kartka_server::games::{new_game, ClockRules};
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use kartka_tests::webhook::{expected_signature, Receiver};
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_game_played_entirely_over_rest_ends_in_a_goal,
    the_sweeper_ends_an_overdue_game_on_time,
    vacation_pauses_the_clock_and_uses_the_bank,
    webhooks_get_one_signed_post_per_turn_and_threshold,
    a_failing_webhook_is_retried_and_never_delays_a_move,
    a_webhook_test_is_one_signed_post_answered_at_once_and_rate_limited,
    webhooks_to_non_public_or_unresolvable_hosts_are_refused_and_change_nothing,
    notifications_reach_the_ndjson_stream_and_the_websocket,
    conditional_moves_fire_exactly_when_their_condition_matches,
    seeks_stay_open_and_start_a_game_for_whoever_accepts,
    rated_seeks_need_registered_players_and_rate_their_game,
    correspondence_seeks_reach_the_lobby_feed_as_they_change,
    unwatched_games_leave_memory_and_come_back_when_asked,
    shutting_down_leaves_a_notification_backlog_for_the_next_start,
    a_backlog_longer_than_a_round_is_published_once_each_in_order,
    a_start_reads_only_the_live_games_however_many_correspondence_games_wait,
);

/// White's last turn `17` bounces off the right post into the top goal.
const GOAL_SCRIPT: [&str; 5] = ["0", "0", "0", "0", "17"];

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

/// Settings where a correspondence day lasts `day_ms`, with quick workers.
fn settings(day_ms: u64) -> Settings {
    Settings {
        correspondence: CorrespondenceSettings {
            day: ms(day_ms),
            heartbeat_interval: ms(100),
            sweep_interval: ms(50),
            notify_poll_interval: ms(50),
            vacation_days_per_year: 3,
            webhook_allow_private: true,
            webhook_timeout: Duration::from_secs(2),
            webhook_first_retry: ms(100),
            webhook_retry_cap: ms(400),
            ..CorrespondenceSettings::default()
        },
        ..Settings::default()
    }
}

fn days(days_per_move: u32) -> TimeControl {
    TimeControl::Correspondence { days_per_move, vacation_allowed: true }
}

struct Table {
    server: TestServer,
    api: Api,
    alice: Session,
    bob: Session,
    game: Uuid,
}

/// Alice (first seat) and Bob start a correspondence game.
async fn table(url: &str, settings: Settings, time_control: TimeControl) -> Table {
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let bob = api.guest("bob").await;
    let game = api.start_game(&alice, &bob, time_control).await;
    Table { server, api, alice, bob, game }
}

impl Table {
    async fn play(&self, who: &Session, ply: u32, id: &str, notation: &str) -> (u16, Value) {
        let body = json!({ "ply": ply, "client_move_id": id, "notation": notation });
        self.api.post(&format!("/api/games/{}/moves", self.game), Some(&who.token), &body).await
    }

    async fn snapshot(&self) -> GameSnapshot {
        let (status, game) = self.api.get(&format!("/api/games/{}", self.game), None).await;
        assert_eq!(status, 200, "{game}");
        serde_json::from_value(game).expect("a snapshot")
    }

    async fn my_games(&self, who: &Session) -> MyGames {
        let (status, games) = self.api.get("/api/me/games", Some(&who.token)).await;
        assert_eq!(status, 200, "{games}");
        serde_json::from_value(games).expect("my games")
    }
}

async fn a_game_played_entirely_over_rest_ends_in_a_goal(url: &str) {
    let t = table(url, settings(60_000), days(3)).await;
    // Bob keeps a socket open to show that connected clients still get every event pushed.
    let mut watcher = WsClient::connect(t.server.addr, &t.bob.token).await;
    watcher.request(1, json!({ "type": "subscribe", "game_id": t.game })).await;

    let mine = t.my_games(&t.alice).await;
    assert_eq!(mine.games.len(), 1);
    assert!(mine.games[0].my_turn);
    assert_eq!(mine.games[0].seat, SeatName::First);
    assert!(mine.games[0].time_left_ms > 170_000, "three days of a minute each: {}", mine.games[0].time_left_ms);
    assert!(!t.my_games(&t.bob).await.games[0].my_turn);

    let mut ply = 0;
    for (turn, notation) in GOAL_SCRIPT.iter().enumerate() {
        let mover = if turn % 2 == 0 { &t.alice } else { &t.bob };
        let (status, done) = t.play(mover, ply, &format!("m{turn}"), notation).await;
        assert_eq!(status, 200, "{done}");
        let done: ActionDone = serde_json::from_value(done).expect("an action result");
        if turn == 0 {
            let (status, again) = t.play(mover, ply, "m0", notation).await;
            assert_eq!(status, 200, "a retry is answered with the original result");
            assert_eq!(again["seq"].as_u64(), Some(done.seq));
            let (status, stale) = t.play(&t.bob, 0, "late", "2").await;
            assert_eq!((status, stale["code"].as_str()), (409, Some("stale_ply")));
            let mine = t.my_games(&t.bob).await;
            assert!(mine.games[0].my_turn, "after Alice's turn it is Bob's");
        }
        ply += notation.len() as u32;
    }
    let (status, refused) = t.play(&t.bob, ply, "after", "0").await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("game_over")));

    let game = t.snapshot().await;
    assert_eq!(game.status, GameStatus::Finished);
    let result = game.result.expect("a result");
    assert_eq!((result.winner, result.reason), (Some(SeatName::First), EndReasonName::Goal));
    let moves: Vec<&str> = game.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(moves, GOAL_SCRIPT, "the retry was applied once");
    loop {
        if let GameEvent::Ended { .. } = watcher.next_event().await.event {
            break;
        }
    }
    assert!(t.my_games(&t.alice).await.games.is_empty(), "only active games are listed");

    // Resigning and draws over REST, on a second game.
    let other = t.api.start_game(&t.alice, &t.bob, days(1)).await;
    let draw = |action: &str| json!({ "action": action });
    let path = format!("/api/games/{other}/draw");
    let (status, refused) = t.api.post(&path, Some(&t.bob.token), &draw("accept")).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("not_allowed")), "no offer to accept");
    assert_eq!(t.api.post(&path, Some(&t.alice.token), &draw("offer")).await.0, 200);
    let (status, done) = t.api.post(&path, Some(&t.bob.token), &draw("accept")).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["game"]["result"]["reason"], "agreement");
    let third = t.api.start_game(&t.alice, &t.bob, days(1)).await;
    let (status, done) = t.api.post(&format!("/api/games/{third}/resign"), Some(&t.bob.token), &json!({})).await;
    assert_eq!((status, done["game"]["result"]["winner"].as_str()), (200, Some("first")));
    let (status, refused) = t.api.post(&format!("/api/games/{third}/resign"), None, &json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (401, Some("unauthenticated")));
    t.server.stop().await;
}

/// Waits up to five seconds for the server to run `expected` game actors.
async fn wait_for_running(server: &TestServer, expected: usize, why: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while server.state.games.running() != expected {
        assert!(Instant::now() < deadline, "{why}: {} actors run, not {expected}", server.state.games.running());
        tokio::time::sleep(ms(20)).await;
    }
}

async fn unwatched_games_leave_memory_and_come_back_when_asked(url: &str) {
    let mut unloading = settings(60_000);
    unloading.correspondence.idle_unload = ms(150);
    let t = table(url, unloading.clone(), days(3)).await;
    let (status, done) = t.play(&t.alice, 0, "a0", "0").await;
    assert_eq!(status, 200, "{done}");
    wait_for_running(&t.server, 0, "an unwatched game's actor stops").await;

    let (status, done) = t.play(&t.bob, 1, "b0", "0").await;
    assert_eq!(status, 200, "a move loads the game again: {done}");
    let (status, retry) = t.play(&t.alice, 0, "a0", "0").await;
    assert_eq!((status, retry["seq"].as_u64().is_some()), (200, true), "a retry is still recognised: {retry}");
    assert_eq!(t.snapshot().await.moves.len(), 2);
    wait_for_running(&t.server, 0, "and leaves again").await;

    let mut watcher = WsClient::connect(t.server.addr, &t.alice.token).await;
    watcher.request(1, json!({ "type": "subscribe", "game_id": t.game })).await;
    tokio::time::sleep(ms(600)).await;
    assert_eq!(t.server.state.games.running(), 1, "a watched game stays");
    watcher.close().await;
    wait_for_running(&t.server, 0, "until nobody watches").await;
    let Table { server, alice, bob, .. } = t;
    server.stop().await;

    // A restart starts no correspondence actor, and a clock that falls with none running still ends the game.
    let day_ms = 800;
    let mut short_days = settings(day_ms);
    short_days.correspondence.idle_unload = ms(100);
    let server = TestServer::start(url, short_days.clone()).await;
    assert_eq!(server.state.games.running(), 0, "nothing to run after a restart");
    let api = Api::new(server.url());
    let game = api.start_game(&alice, &bob, days(1)).await;
    wait_for_running(&server, 0, "the new game's actor stops before its clock falls").await;
    let deadline = Instant::now() + Duration::from_secs(5);
    let finished = loop {
        let stored = server.state.store.game(game).await.expect("read").expect("the game");
        if stored.state.status == "finished" || Instant::now() > deadline {
            break stored;
        }
        tokio::time::sleep(ms(50)).await;
    };
    assert_eq!(finished.state.end_reason.as_deref(), Some("time"), "the sweeper ended the unloaded game");
    assert_eq!(finished.state.finished_at, Some(finished.created_at + day_ms as i64));
    server.stop().await;
}

async fn shutting_down_leaves_a_notification_backlog_for_the_next_start(url: &str) {
    let t = table(url, settings(60_000), days(3)).await;
    let Table { server, alice, game, .. } = t;
    server.stop().await;
    // A backlog far longer than one batch, all due: as after many games' turns at once or a long outage.
    let store = kartka_server::store::open(url, Uuid::new_v4()).await.expect("open the database");
    let due_at = kartka_server::time::now_ms() - 1_000;
    for turn_ply in 0..5_000 {
        let row = kartka_server::store::NotificationRow {
            id: Uuid::new_v4(),
            account_id: alice.account.id,
            game_id: game,
            kind: "your_turn".to_owned(),
            threshold: 0,
            turn_ply,
            deadline: None,
            due_at,
            published_at: None,
            language: None,
            opponent: None,
        };
        store.schedule_notification(&row).await.expect("schedule a notification");
    }
    // Stopped as soon as it is up: the publisher sends a round of 100 in a few milliseconds, so a wait here
    // would let it finish the backlog and prove nothing.
    let server = TestServer::start(url, settings(60_000)).await;
    server.stop().await;
    let left = store.due_notifications(kartka_server::time::now_ms(), 5_000).await.expect("read the backlog");
    assert!(!left.is_empty(), "the server stopped without publishing the whole backlog first");

    let server = TestServer::start(url, settings(60_000)).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while !store.due_notifications(kartka_server::time::now_ms(), 1).await.expect("read").is_empty() {
        assert!(Instant::now() < deadline, "the next start publishes the rest");
        tokio::time::sleep(ms(100)).await;
    }
    server.stop().await;
}

/// A notification for `game`'s first player, due at `due_at`, for the turn beginning at `turn_ply`.
fn due_notification(t: &Table, turn_ply: i64, due_at: i64) -> kartka_server::store::NotificationRow {
    kartka_server::store::NotificationRow {
        id: Uuid::new_v4(),
        account_id: t.alice.account.id,
        game_id: t.game,
        kind: "your_turn".to_owned(),
        threshold: 0,
        turn_ply,
        deadline: None,
        due_at,
        published_at: None,
        language: None,
        opponent: None,
    }
}

/// The turn ply of the next notification on `socket` for a turn from `first_ply` on.
async fn next_notified_ply(socket: &mut WsClient, first_ply: i64) -> u32 {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(30), socket.next()).await.expect("in time");
        if let ServerFrame::Notification { notification } = frame {
            if i64::from(notification.turn_ply) >= first_ply {
                return notification.turn_ply;
            }
        }
    }
}

async fn a_backlog_longer_than_a_round_is_published_once_each_in_order(url: &str) {
    // Room on the socket for the whole backlog at once: a full queue would drop the connection.
    let t = table(url, Settings { outbound_queue: 1_024, ..settings(60_000) }, days(3)).await;
    let mut socket = WsClient::connect(t.server.addr, &t.alice.token).await;
    // Far from the game's own turns, which notify Alice too.
    let first_ply = 10_000;
    let count = 250;
    let now = kartka_server::time::now_ms();
    // Made oldest due first, each due a moment after the one before: the publisher may start on them while they
    // are still being made, and the order sent is the order due all the same.
    let backlog: Vec<_> = (0..count).map(|i| due_notification(&t, first_ply + i, now - 1_000 + i)).collect();
    for row in &backlog {
        t.server.state.store.schedule_notification(row).await.expect("schedule");
    }
    t.server.state.wakers.notifications.notify_one();
    let mut sent = Vec::new();
    for _ in 0..count {
        sent.push(next_notified_ply(&mut socket, first_ply).await);
    }
    let due_order: Vec<u32> = (0..count).map(|i| (first_ply + i) as u32).collect();
    assert_eq!(sent, due_order, "each once, oldest due first");
    // A later notification is the next one sent: nothing of the backlog came twice.
    let last = due_notification(&t, first_ply + count, kartka_server::time::now_ms());
    t.server.state.store.schedule_notification(&last).await.expect("schedule");
    t.server.state.wakers.notifications.notify_one();
    assert_eq!(next_notified_ply(&mut socket, first_ply).await, (first_ply + count) as u32);
    let listed = t.server.state.store.recent_notifications(t.alice.account.id, 1_000).await.expect("read");
    assert_eq!(listed.iter().filter(|n| n.turn_ply >= first_ply).count(), count as usize + 1, "all published");
    t.server.stop().await;
}

async fn the_sweeper_ends_an_overdue_game_on_time(url: &str) {
    let server = TestServer::start(url, settings(300)).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let bob = api.guest("bob").await;
    // A game nobody touches, written behind the server's back with a deadline already past: no actor runs it,
    // only the sweeper can find it.
    let player = |session: &Session| kartka_protocol::PlayerInfo {
        account_id: session.account.id,
        name: session.account.name.clone(),
        guest: true,
        bot: false,
    };
    let game = Uuid::new_v4();
    let started = kartka_server::time::now_ms() - 1_000;
    let kurnik = kartka_protocol::RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 8, height: 10, goal: 2 });
    let rules = ClockRules { day: ms(300), first_move: Duration::ZERO };
    let (row, event) = new_game(game, vec![player(&alice), player(&bob)], kurnik, days(1), false, rules, started)
        .expect("a valid ruleset");
    server.state.store.insert_game(&row, &event, None).await.expect("insert a game");

    let deadline = Instant::now() + Duration::from_secs(5);
    let finished = loop {
        let stored = server.state.store.game(game).await.expect("read").expect("the game");
        if stored.state.status == "finished" || Instant::now() > deadline {
            break stored;
        }
        tokio::time::sleep(ms(50)).await;
    };
    assert_eq!(finished.state.status, "finished", "the sweeper ended the game");
    assert_eq!(finished.state.end_reason.as_deref(), Some("time"));
    assert_eq!(finished.state.winner.as_deref(), Some("second"));
    assert_eq!(finished.state.finished_at, Some(started + 300), "ended at its deadline, not when found");

    // And a game with players who simply never move again ends on time too.
    let live = api.start_game(&alice, &bob, days(1)).await;
    tokio::time::sleep(ms(700)).await;
    let (_, snapshot) = api.get(&format!("/api/games/{live}"), None).await;
    assert_eq!(snapshot["result"]["reason"], "time");
    server.stop().await;
}

/// Active correspondence games stored at a start; far fewer than #14's 100,000, enough that reading them would
/// show in what the start loads.
const STORED_CORRESPONDENCE_GAMES: usize = 3_000;

async fn a_start_reads_only_the_live_games_however_many_correspondence_games_wait(url: &str) {
    let server = TestServer::start(url, settings(60_000)).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    server.stop().await;
    let store = kartka_server::store::open(url, Uuid::new_v4()).await.expect("open the database");
    let player = |session: &Session| kartka_protocol::PlayerInfo {
        account_id: session.account.id,
        name: session.account.name.clone(),
        guest: true,
        bot: false,
    };
    let kurnik = kartka_protocol::RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 8, height: 10, goal: 2 });
    let hour = TimeControl::Fischer { initial_seconds: 3_600, increment_seconds: 0 };
    let now = kartka_server::time::now_ms();
    let rules = ClockRules { day: Duration::from_secs(86_400), first_move: Duration::ZERO };
    let insert = |time_control: TimeControl| {
        let (store, players) = (store.clone(), vec![player(&alice), player(&bob)]);
        async move {
            let (row, event) =
                new_game(Uuid::new_v4(), players, kurnik, time_control, false, rules, now).expect("a valid ruleset");
            store.insert_game(&row, &event, None).await.expect("insert a game");
            row.id
        }
    };
    let stored: Vec<Uuid> = futures_util::stream::iter((0..STORED_CORRESPONDENCE_GAMES).map(|_| insert(days(3))))
        .buffer_unordered(8)
        .collect()
        .await;
    assert_eq!(stored.len(), STORED_CORRESPONDENCE_GAMES);
    let mut live = Vec::new();
    for _ in 0..3 {
        live.push(insert(hour).await);
    }

    // What a start reads: the live games alone, not one correspondence game.
    let mut read: Vec<Uuid> = store.active_live_games().await.expect("read").iter().map(|game| game.id).collect();
    // All were created at one moment: the order among them is their ids'.
    read.sort_unstable();
    live.sort_unstable();
    assert_eq!(read, live, "the live games and nothing else");
    let server = TestServer::start(url, settings(60_000)).await;
    wait_for_running(&server, live.len(), "the start resumes the live games").await;
    let resumed = server.state.games.resume_active().await.expect("resume again");
    assert_eq!(resumed, 0, "every live game runs here already: nothing is left to resume");
    assert_eq!(server.state.games.running(), live.len(), "no correspondence game's actor started");
    server.stop().await;
}

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, session) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{session}");
    serde_json::from_value(session).expect("a session")
}

async fn rated_seeks_need_registered_players_and_rate_their_game(url: &str) {
    let server = TestServer::start(url, settings(60_000)).await;
    let api = Api::new(server.url());
    let (ada, bolek, celina) = (register(&api, "ada").await, register(&api, "bolek").await, api.guest("celina").await);
    let rated = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 3 },
                        "colour": "first", "rated": true });
    let (status, refused) = api.post("/api/seeks", Some(&celina.token), &rated).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("registration_required")), "a guest makes no rated seek");
    let (_, listed) = api.get("/api/seeks", None).await;
    assert_eq!(listed["seeks"], json!([]), "and nothing was stored");

    let (status, seek) = api.post("/api/seeks", Some(&ada.token), &rated).await;
    assert_eq!((status, &seek["rated"]), (201, &json!(true)), "{seek}");
    let id = seek["id"].as_str().expect("an id");
    let (_, listed) = api.get("/api/seeks", None).await;
    assert_eq!(listed["seeks"][0]["rated"], json!(true));
    let accept = format!("/api/seeks/{id}/accept");
    let (status, refused) = api.post(&accept, Some(&celina.token), &json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("registration_required")), "nor accepts one");
    let (_, shown) = api.get(&format!("/api/seeks/{id}"), None).await;
    assert_eq!(shown["status"], "open", "the refusal changed nothing");

    let (status, accepted) = api.post(&accept, Some(&bolek.token), &json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    let game: Uuid = accepted["game_id"].as_str().and_then(|id| id.parse().ok()).expect("a game");
    let (_, snapshot) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(snapshot["rated"], json!(true), "{snapshot}");
    // Both play a turn (a game is rated once both have moved), then Bolek resigns.
    for (who, ply) in [(&ada, 0), (&bolek, 1)] {
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": "0" });
        let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&who.token), &body).await;
        assert_eq!(status, 200, "{moved}");
    }
    let (status, resigned) = api.post(&format!("/api/games/{game}/resign"), Some(&bolek.token), &json!({})).await;
    assert_eq!(status, 200, "{resigned}");
    let rating = |who: &Session| {
        let store = server.state.store.clone();
        let account = who.account.id;
        async move { store.rating(account, "paper-soccer", "classical", "glicko2").await.expect("read").expect("a rating") }
    };
    let (winner, loser) = (rating(&ada).await, rating(&bolek).await);
    assert_eq!((winner.games, loser.games), (1, 1));
    assert!(winner.rating > loser.rating, "the result changed both ratings: {winner:?} {loser:?}");

    // A casual seek is still casual, and a guest may make and accept one.
    let casual = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 3 } });
    let (status, seek) = api.post("/api/seeks", Some(&celina.token), &casual).await;
    assert_eq!((status, &seek["rated"]), (201, &json!(false)), "{seek}");
    server.stop().await;
}

/// The next news of a correspondence seek a lobby subscriber gets (other lobby frames are passed over).
async fn seek_news(lobby: &mut WsClient) -> ServerFrame {
    loop {
        let frame = lobby.next().await;
        if matches!(frame, ServerFrame::CorrespondenceSeekAdded { .. } | ServerFrame::CorrespondenceSeekRemoved { .. })
        {
            return frame;
        }
    }
}

async fn correspondence_seeks_reach_the_lobby_feed_as_they_change(url: &str) {
    let server = TestServer::start(url, settings(60_000)).await;
    let api = Api::new(server.url());
    let (ada, bolek) = (api.guest("ada").await, api.guest("bolek").await);
    let mut lobby = WsClient::connect_anonymous(server.addr).await;
    lobby.request(1, json!({ "type": "lobby_subscribe" })).await;
    let open = |expires_in_seconds: u32| {
        json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 3 },
                "expires_in_seconds": expires_in_seconds })
    };
    let created = |seek: &Value| -> Uuid { seek["id"].as_str().and_then(|id| id.parse().ok()).expect("a seek id") };

    let (status, seek) = api.post("/api/seeks", Some(&ada.token), &open(3_600)).await;
    assert_eq!(status, 201, "{seek}");
    let accepted = created(&seek);
    match seek_news(&mut lobby).await {
        ServerFrame::CorrespondenceSeekAdded { seek: added } => {
            assert_eq!((added.id, added.creator.name.as_str()), (accepted, "ada"));
            assert_eq!(serde_json::to_value(&added).expect("serialise"), seek, "the seek as REST shows it");
        }
        other => panic!("expected the new seek, got {other:?}"),
    }
    let (status, _) = api.post(&format!("/api/seeks/{accepted}/accept"), Some(&bolek.token), &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(
        seek_news(&mut lobby).await,
        ServerFrame::CorrespondenceSeekRemoved { seek_id: accepted, status: SeekStatus::Accepted }
    );

    let (_, seek) = api.post("/api/seeks", Some(&ada.token), &open(3_600)).await;
    let cancelled = created(&seek);
    assert!(
        matches!(seek_news(&mut lobby).await, ServerFrame::CorrespondenceSeekAdded { seek } if seek.id == cancelled)
    );
    // Someone else's cancel is refused and announces nothing; the creator's is announced.
    let cancel = format!("/api/seeks/{cancelled}/cancel");
    assert_eq!(api.post(&cancel, Some(&bolek.token), &json!({})).await.0, 403);
    assert_eq!(api.post(&cancel, Some(&ada.token), &json!({})).await.0, 200);
    assert_eq!(
        seek_news(&mut lobby).await,
        ServerFrame::CorrespondenceSeekRemoved { seek_id: cancelled, status: SeekStatus::Cancelled }
    );

    let (_, seek) = api.post("/api/seeks", Some(&bolek.token), &open(1)).await;
    let expiring = created(&seek);
    assert!(
        matches!(seek_news(&mut lobby).await, ServerFrame::CorrespondenceSeekAdded { seek } if seek.id == expiring)
    );
    assert_eq!(
        seek_news(&mut lobby).await,
        ServerFrame::CorrespondenceSeekRemoved { seek_id: expiring, status: SeekStatus::Expired },
        "the sweeper announces its expiry"
    );
    lobby.close().await;
    server.stop().await;
}

async fn vacation_pauses_the_clock_and_uses_the_bank(url: &str) {
    // Days of a second: short enough to pass in the test, long enough that a loaded machine's delay between
    // starting the game and the vacation taking effect stays well inside Alice's turn.
    let mut settings = settings(1_000);
    settings.correspondence.vacation_days_per_year = 20;
    let t = table(url, settings, days(2)).await;
    let (mut bob_socket, _) = subscribe(t.server.addr, &t.bob.token, t.game).await;
    let (status, bank) = t.api.get("/api/me/vacation", Some(&t.alice.token)).await;
    assert_eq!((status, bank["days_left"].as_u64()), (200, Some(20)));
    let (status, refused) = t.api.post("/api/me/vacation", Some(&t.alice.token), &json!({ "days": 21 })).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")), "more than the bank");

    // Ten days (ten seconds here): long enough that it cannot end by itself during this part of the test.
    let (status, on) = t.api.post("/api/me/vacation", Some(&t.alice.token), &json!({ "days": 10 })).await;
    assert_eq!(status, 200, "{on}");
    assert_eq!(on["days_left"].as_u64(), Some(10), "ten days taken from the bank");
    assert!(on["current"]["ends_at_ms"].is_i64());
    loop {
        if let GameEvent::VacationStarted { seat, .. } = bob_socket.next_event().await.event {
            assert_eq!(seat, SeatName::First, "the opponent sees the vacation");
            break;
        }
    }
    let (status, again) = t.api.post("/api/me/vacation", Some(&t.alice.token), &json!({ "days": 1 })).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("not_allowed")), "already on vacation");
    let during = t.api.start_game(&t.alice, &t.bob, days(2)).await;
    let (_, started) = t.api.get(&format!("/api/games/{during}"), None).await;
    assert_eq!(started["on_vacation"], json!(["first"]), "a game begun during a vacation starts paused");

    // Longer than Alice's whole turn (two days): her clock is paused, so the game goes on and her time stays
    // what it was when the vacation began (how much the turn had used by then depends on the machine's load).
    let paused = t.snapshot().await;
    assert_eq!(paused.clocks.running, None);
    tokio::time::sleep(ms(2_500)).await;
    let game = t.snapshot().await;
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.on_vacation, [SeatName::First]);
    assert_eq!(game.clocks.running, None);
    assert!(game.clocks.first_ms > 0, "time left: {}", game.clocks.first_ms);
    assert_eq!(game.clocks.first_ms, paused.clocks.first_ms, "paused, not charged");
    assert_eq!(t.my_games(&t.bob).await.games[0].deadline_ms, None);

    let (status, back) = t.api.delete("/api/me/vacation", &t.alice.token).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(back["current"], Value::Null);
    let left = back["days_left"].as_u64().expect("days left");
    assert!((11..20).contains(&left), "the days begun are charged, not the ten planned: {left}");
    let game = t.snapshot().await;
    assert!(game.on_vacation.is_empty());
    assert_eq!(game.clocks.running, Some(SeatName::First));
    assert_eq!(t.play(&t.alice, 0, "a", "0").await.0, 200);

    // A vacation ends by itself when its days are over.
    let (status, _) = t.api.post("/api/me/vacation", Some(&t.bob.token), &json!({ "days": 1 })).await;
    assert_eq!(status, 200);
    assert_eq!(t.snapshot().await.on_vacation, [SeatName::Second]);
    tokio::time::sleep(ms(1_500)).await;
    let (_, bank) = t.api.get("/api/me/vacation", Some(&t.bob.token)).await;
    assert_eq!(bank["current"], Value::Null, "the sweeper ended it");
    assert!(t.snapshot().await.on_vacation.is_empty());

    // A game that disallows vacations refuses them while it lasts.
    let strict = TimeControl::Correspondence { days_per_move: 14, vacation_allowed: false };
    let other = t.api.start_game(&t.alice, &t.bob, strict).await;
    let (status, refused) = t.api.post("/api/me/vacation", Some(&t.alice.token), &json!({ "days": 1 })).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("not_allowed")));
    assert!(refused["message"].as_str().is_some_and(|m| m.contains(&other.to_string())), "{refused}");
    let (_, bank) = t.api.get("/api/me/vacation", Some(&t.alice.token)).await;
    assert_eq!((bank["current"].clone(), bank["days_left"].as_u64()), (Value::Null, Some(left)), "nothing changed");
    t.server.stop().await;
}

/// Connects, subscribes, and returns the client with the game's sequence number.
async fn subscribe(addr: std::net::SocketAddr, token: &str, game: Uuid) -> (WsClient, Option<u64>) {
    let mut client = WsClient::connect(addr, token).await;
    let seq = client.request(1, json!({ "type": "subscribe", "game_id": game })).await;
    (client, seq)
}

async fn register_webhook(api: &Api, who: &Session, url: &str, thresholds: &[u8]) -> String {
    let body = json!({ "reminder_thresholds": thresholds, "webhook_url": url });
    let (status, saved) = api.put("/api/me/notifications/settings", &who.token, &body).await;
    assert_eq!(status, 200, "{saved}");
    saved["webhook_secret"].as_str().expect("a signing secret").to_owned()
}

fn notification(body: &[u8]) -> Notification {
    serde_json::from_slice(body).expect("a notification body")
}

async fn webhooks_get_one_signed_post_per_turn_and_threshold(url: &str) {
    let server = TestServer::start(url, settings(3_000)).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let bob = api.guest("bob").await;
    let receiver = Receiver::start(0, Duration::ZERO).await;
    let secret = register_webhook(&api, &bob, &receiver.url(), &[50, 80]).await;
    let (status, refused) = api
        .put("/api/me/notifications/settings", &bob.token, &json!({ "reminder_thresholds": [0], "webhook_url": null }))
        .await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")));
    // Bob reads Polish: his notifications' texts are written in it.
    let (status, refused) = api.put("/api/me/language", &bob.token, &json!({ "language": "de" })).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")), "{refused}");
    let (status, saved) = api.put("/api/me/language", &bob.token, &json!({ "language": "pl" })).await;
    assert_eq!((status, saved["language"].as_str()), (200, Some("pl")), "{saved}");
    let game = api.start_game(&alice, &bob, days(1)).await;
    let t = Table { server, api, alice, bob, game };

    assert_eq!(t.play(&t.alice, 0, "a", "0").await.0, 200);
    // Sorted: deliveries due in the same round are sent concurrently, so they may arrive in any order.
    let kinds = |deliveries: &[kartka_tests::webhook::Delivery]| -> Vec<(bool, Option<u8>)> {
        let mut kinds: Vec<(bool, Option<u8>)> = deliveries
            .iter()
            .map(|d| notification(&d.body))
            .map(|n| (n.kind == NotificationKind::Reminder, n.threshold_percent))
            .collect();
        kinds.sort_unstable();
        kinds
    };
    let both_reminders = receiver.wait_for(Duration::from_secs(5), |d| d.len() >= 3).await;
    assert_eq!(kinds(&both_reminders), [(false, None), (true, Some(50)), (true, Some(80))], "your turn, reminders");
    assert_eq!(t.play(&t.bob, 1, "b", "0").await.0, 200, "Bob moves before his time runs out");
    assert_eq!(t.play(&t.alice, 2, "c", "0").await.0, 200);
    let all = receiver.wait_for(Duration::from_secs(5), |d| d.len() >= 4).await;
    tokio::time::sleep(ms(300)).await;
    let all_after = receiver.deliveries();
    assert_eq!(all_after.len(), all.len(), "nothing more, nothing twice");
    assert_eq!(all.len(), 4, "{:?}", kinds(&all));
    for delivery in &all {
        assert_eq!(delivery.signature.as_deref(), Some(expected_signature(&secret, &delivery.body).as_str()));
        let sent = notification(&delivery.body);
        assert_eq!(delivery.notification_id, Some(sent.id.to_string()));
        assert_eq!((sent.account_id, sent.game_id), (t.bob.account.id, t.game));
        let expected = match sent.threshold_percent {
            Some(percent) => format!("Przypomnienie: wykorzystano {percent}% czasu na ten ruch. Przeciwnik: alice."),
            None => "Twój ruch. Przeciwnik: alice.".to_owned(),
        };
        assert_eq!((sent.language, sent.text.as_str()), (Language::Pl, expected.as_str()), "in Bob's language");
        assert_eq!(sent.opponent.as_deref(), Some("alice"), "programs get the opponent's name too");
    }
    let mut turns: Vec<u32> = all.iter().map(|d| notification(&d.body).turn_ply).collect();
    turns.sort_unstable();
    assert_eq!(turns, [1, 1, 1, 3], "one your_turn per turn, reminders for the turn they belong to");
    let (status, recent) = t.api.get("/api/notifications", Some(&t.bob.token)).await;
    assert_eq!(status, 200);
    assert_eq!(recent["notifications"].as_array().map(Vec::len), Some(4));
    t.server.stop().await;
}

async fn a_failing_webhook_is_retried_and_never_delays_a_move(url: &str) {
    let t = table(url, settings(60_000), days(1)).await;
    let receiver = Receiver::start(2, ms(500)).await;
    register_webhook(&t.api, &t.bob, &receiver.url(), &[]).await;
    let started = Instant::now();
    assert_eq!(t.play(&t.alice, 0, "a", "0").await.0, 200);
    let took = started.elapsed();
    assert!(took < ms(400), "the move did not wait for the webhook: {took:?}");
    let deliveries = receiver.wait_for(Duration::from_secs(10), |d| d.iter().any(|d| d.accepted)).await;
    assert_eq!(deliveries.len(), 3, "two failures, then success: {deliveries:?}");
    assert!(deliveries.iter().all(|d| d.notification_id == deliveries[0].notification_id), "the same one");
    assert!(deliveries.windows(2).all(|pair| pair[0].body == pair[1].body), "the same body each time");
    tokio::time::sleep(ms(600)).await;
    assert_eq!(receiver.deliveries().len(), 3, "delivered once, not again");
    t.server.stop().await;
}

async fn a_webhook_test_is_one_signed_post_answered_at_once_and_rate_limited(url: &str) {
    let server = TestServer::start(url, settings(60_000)).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let test = "/api/me/notifications/test";
    let (status, _) = api.post(test, None, &json!({})).await;
    assert_eq!(status, 401, "only for a signed-in account");
    let (status, refused) = api.post(test, Some(&alice.token), &json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("not_allowed")), "no webhook yet: {refused}");

    // The receiver fails the first POST: the answer says so, and nothing is retried.
    let receiver = Receiver::start(1, Duration::ZERO).await;
    let secret = register_webhook(&api, &alice, &receiver.url(), &[]).await;
    let (status, failed) = api.post(test, Some(&alice.token), &json!({})).await;
    assert_eq!((status, failed), (200, json!({ "delivered": false, "status": 500 })));
    let (status, delivered) = api.post(test, Some(&alice.token), &json!({})).await;
    assert_eq!((status, delivered), (200, json!({ "delivered": true, "status": 200 })));
    let deliveries = receiver.deliveries();
    assert_eq!(deliveries.len(), 2, "each test is one POST, answered before the reply: {deliveries:?}");
    for delivery in &deliveries {
        assert_eq!(delivery.signature.as_deref(), Some(expected_signature(&secret, &delivery.body).as_str()));
        let sent = notification(&delivery.body);
        assert_eq!(delivery.notification_id, Some(sent.id.to_string()));
        assert_eq!((sent.kind, sent.account_id, sent.game_id), (NotificationKind::Test, alice.account.id, Uuid::nil()));
    }

    let (status, limited) = api.post(test, Some(&alice.token), &json!({})).await;
    assert_eq!((status, limited["code"].as_str()), (429, Some("rate_limited")), "3 a minute: {limited}");
    tokio::time::sleep(ms(300)).await;
    assert_eq!(receiver.deliveries().len(), 2, "no retry of the failed test, no POST for the refused one");
    let (status, recent) = api.get("/api/notifications", Some(&alice.token)).await;
    assert_eq!((status, recent["notifications"].as_array().map(Vec::len)), (200, Some(0)), "tests are not listed");
    server.stop().await;
}

async fn webhooks_to_non_public_or_unresolvable_hosts_are_refused_and_change_nothing(url: &str) {
    let mut strict = settings(60_000);
    strict.correspondence.webhook_allow_private = false;
    let server = TestServer::start(url, strict).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let settings_path = "/api/me/notifications/settings";
    let (_, before) = api.get(settings_path, Some(&alice.token)).await;
    for (webhook, why) in [
        ("http://localhost:9/hook", "a host name that resolves to loopback"),
        ("http://[::ffff:127.0.0.1]:9/hook", "IPv4-mapped loopback"),
        ("http://[::127.0.0.1]:9/hook", "IPv4-compatible loopback"),
        ("http://[::10.0.0.1]/hook", "IPv4-compatible private"),
        ("http://[64:ff9b::127.0.0.1]/hook", "NAT64 of loopback"),
        ("http://[64:ff9b::192.168.0.1]/hook", "NAT64 of a private address"),
        ("https://hooks.invalid/hook", "a host name that does not resolve"),
    ] {
        let body = json!({ "reminder_thresholds": [50], "webhook_url": webhook });
        let (status, refused) = api.put(settings_path, &alice.token, &body).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")), "{why}: {refused}");
    }
    let (_, after) = api.get(settings_path, Some(&alice.token)).await;
    assert_eq!(after, before, "a refused webhook changes nothing");
    server.stop().await;

    // The setting for tests still lets a loopback host name through.
    let server = TestServer::start(url, settings(60_000)).await;
    let api = Api::new(server.url());
    let bob = api.guest("bob").await;
    register_webhook(&api, &bob, "http://localhost:9/hook", &[]).await;
    server.stop().await;
}

async fn notifications_reach_the_ndjson_stream_and_the_websocket(url: &str) {
    let t = table(url, settings(60_000), days(2)).await;
    let mut stream = t.api.open_stream("/api/notifications/stream", &t.bob.token).await;
    assert_eq!(stream.status().as_u16(), 200);
    assert_eq!(stream.headers()["content-type"], "application/x-ndjson");
    let mut socket = WsClient::connect(t.server.addr, &t.bob.token).await;
    assert_eq!(t.play(&t.alice, 0, "a", "0").await.0, 200);

    let mut text = String::new();
    let line = loop {
        if let Some(end) = text.find('\n') {
            break text[..end].to_owned();
        }
        let chunk = tokio::time::timeout(Duration::from_secs(5), stream.chunk()).await.expect("in time");
        text.push_str(std::str::from_utf8(&chunk.expect("reads").expect("a chunk")).expect("UTF-8"));
    };
    let ServerFrame::Notification { notification: streamed } = serde_json::from_str(&line).expect("a frame") else {
        panic!("expected a notification line: {line}");
    };
    assert_eq!((streamed.kind, streamed.game_id, streamed.turn_ply), (NotificationKind::YourTurn, t.game, 1));
    assert_eq!(
        (streamed.language, streamed.text.as_str()),
        (Language::En, "Your move. Opponent: alice."),
        "English unless set"
    );
    let pushed = loop {
        if let ServerFrame::Notification { notification } = socket.next().await {
            break notification;
        }
    };
    assert_eq!(pushed, streamed, "the same notification on every channel");
    let (status, refused) = t.api.get("/api/notifications/stream", None).await;
    assert_eq!((status, refused["code"].as_str()), (401, Some("unauthenticated")));
    drop(stream);
    t.server.stop().await;
}

async fn conditional_moves_fire_exactly_when_their_condition_matches(url: &str) {
    let t = table(url, settings(60_000), days(3)).await;
    let path = format!("/api/games/{}/conditional-moves", t.game);
    let lines = |pairs: &[(&str, &str)]| json!({ "lines": pairs.iter().map(|(c, r)| json!({ "condition": c, "reply": r })).collect::<Vec<_>>() });
    let (status, refused) = t.api.put(&path, &t.alice.token, &lines(&[("0", "0")])).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("not_allowed")), "not on my own turn");
    assert_eq!(t.play(&t.alice, 0, "a", "0").await.0, 200);
    let (status, refused) = t.api.put(&path, &t.alice.token, &lines(&[("0", "4")])).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("illegal_move")), "the reply retraces a line");
    let (status, refused) = t.api.put(&path, &t.alice.token, &lines(&[("0", "0"), ("0", "1")])).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")));
    let (status, _) = t.api.put(&path, &t.alice.token, &lines(&[("0", "0"), ("1", "0")])).await;
    assert_eq!(status, 200);
    let (_, stored) = t.api.get(&path, Some(&t.alice.token)).await;
    assert_eq!(stored["lines"].as_array().map(Vec::len), Some(2));
    let (_, hidden) = t.api.get(&path, Some(&t.bob.token)).await;
    assert_eq!(hidden["lines"], json!([]), "lines are private");

    // Bob plays 0: Alice's reply 0 is played at once, as an ordinary move.
    let (status, done) = t.play(&t.bob, 1, "b", "0").await;
    assert_eq!(status, 200, "{done}");
    let game = t.snapshot().await;
    let moves: Vec<(&str, SeatName)> = game.moves.iter().map(|m| (m.notation.as_str(), m.seat)).collect();
    assert_eq!(moves, [("0", SeatName::First), ("0", SeatName::Second), ("0", SeatName::First)]);
    assert_eq!((game.ply, game.to_act), (3, Some(SeatName::Second)));
    let conditional: Vec<bool> = game.moves.iter().map(|m| m.conditional).collect();
    assert_eq!(conditional, [false, false, true], "the reply is marked as the conditional move it was");
    // Only the server's conditional replies may carry that mark.
    let (status, refused) = t.play(&t.bob, 3, "conditional-3", "6").await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")), "{refused}");
    let (_, used) = t.api.get(&path, Some(&t.alice.token)).await;
    assert_eq!(used["lines"], json!([]), "the other line can no longer match");

    // A condition that does not match is discarded and nothing is played.
    let (status, _) = t.api.put(&path, &t.alice.token, &lines(&[("2", "0")])).await;
    assert_eq!(status, 200);
    assert_eq!(t.play(&t.bob, 3, "c", "6").await.0, 200);
    let game = t.snapshot().await;
    assert_eq!((game.ply, game.to_act), (4, Some(SeatName::First)));
    let (_, dropped) = t.api.get(&path, Some(&t.alice.token)).await;
    assert_eq!(dropped["lines"], json!([]));

    // The mark is kept: a server started afresh loads the game from the store and still shows it.
    let Table { server, game, .. } = t;
    server.stop().await;
    let server = TestServer::start(url, settings(60_000)).await;
    let (status, reloaded) = Api::new(server.url()).get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{reloaded}");
    let reloaded: GameSnapshot = serde_json::from_value(reloaded).expect("a snapshot");
    let conditional: Vec<bool> = reloaded.moves.iter().map(|m| m.conditional).collect();
    assert_eq!(conditional, [false, false, true, false]);
    server.stop().await;
}

async fn seeks_stay_open_and_start_a_game_for_whoever_accepts(url: &str) {
    let server = TestServer::start(url, settings(60_000)).await;
    let api = Api::new(server.url());
    let (ada, bolek, celina) = (api.guest("ada").await, api.guest("bolek").await, api.guest("celina").await);
    let body = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 5 }, "colour": "second" });
    let (status, seek) = api.post("/api/seeks", Some(&ada.token), &body).await;
    assert_eq!(status, 201, "{seek}");
    let live = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 0 } });
    let (status, refused) = api.post("/api/seeks", Some(&ada.token), &live).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")));
    let odd = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 4 } });
    assert_eq!(api.post("/api/seeks", Some(&ada.token), &odd).await.0, 400);
    let id = seek["id"].as_str().expect("an id").to_owned();
    // Ada logs out: her seek stays open.
    assert_eq!(api.post("/api/logout", Some(&ada.token), &json!({})).await.0, 204);
    let (_, listed) = api.get("/api/seeks", None).await;
    assert_eq!(listed["seeks"][0]["id"], json!(id));
    let accept = format!("/api/seeks/{id}/accept");
    let (status, accepted) = api.post(&accept, Some(&bolek.token), &json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["status"], "accepted");
    let (status, refused) = api.post(&accept, Some(&celina.token), &json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("unknown_seek")), "accepted once");
    let game_id = accepted["game_id"].as_str().expect("a game");
    let (_, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(game["players"][0]["name"], "bolek", "Ada asked for the second seat");
    assert_eq!(game["time_control"]["days_per_move"], 5);

    let expiring = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 1 }, "expires_in_seconds": 1 });
    let (_, short) = api.post("/api/seeks", Some(&celina.token), &expiring).await;
    let (status, refused) = api
        .post(&format!("/api/seeks/{}/cancel", short["id"].as_str().expect("id")), Some(&bolek.token), &json!({}))
        .await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("forbidden")));
    tokio::time::sleep(ms(1_200)).await;
    let (_, shown) = api.get(&format!("/api/seeks/{}", short["id"].as_str().expect("id")), None).await;
    assert_eq!(shown["status"], "expired");

    // Correspondence challenges may stay open longer than live ones.
    let long = 20 * 24 * 3600;
    let challenge = json!({ "opponent": "bolek", "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 2 },
                            "expires_in_seconds": long });
    assert_eq!(api.post("/api/challenges", Some(&celina.token), &challenge).await.0, 201);
    let fischer = json!({ "opponent": "bolek", "expires_in_seconds": long,
                          "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 0 } });
    assert_eq!(api.post("/api/challenges", Some(&celina.token), &fischer).await.0, 400);
    server.stop().await;
}
