//! Finding and reading about players, end to end on both stores: search by name, who is online, a rating's
//! history, results against the viewer, the leaderboard's count of rated players, and a game's viewer count.

use kartka_protocol::rest::{Leaderboard, PlayerList, RatingHistory, Session, Versus};
use kartka_protocol::{ServerFrame, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::client::{move_frame, Api, WsClient, KURNIK};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    players_are_found_by_prefix_and_online_players_are_listed,
    a_rated_game_shows_in_the_history_the_versus_results_and_the_leaderboard_count,
    subscribers_who_ask_hear_how_many_watch,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

fn names(list: &PlayerList) -> Vec<&str> {
    list.players.iter().map(|player| player.name.as_str()).collect()
}

async fn players_are_found_by_prefix_and_online_players_are_listed(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    register(&api, "Alicja").await;
    register(&api, "bob").await;
    register(&api, "al_x").await;

    let search = |prefix: &'static str| {
        let api = &api;
        async move {
            let (status, body) = api.get(&format!("/api/players?prefix={prefix}"), None).await;
            assert_eq!(status, 200, "{body}");
            serde_json::from_value::<PlayerList>(body).expect("a player list")
        }
    };
    assert_eq!(names(&search("ALI").await), vec!["alice", "Alicja"], "any letter case, in name order");
    assert_eq!(names(&search("al_").await), vec!["al_x"], "an underscore is only an underscore");
    assert!(search("%25").await.players.is_empty(), "a percent sign is only a percent sign");
    let (status, _) = api.get("/api/players?prefix=", None).await;
    assert_eq!(status, 400);

    let (status, body) = api.get("/api/online", None).await;
    assert_eq!(status, 200, "{body}");
    assert!(serde_json::from_value::<PlayerList>(body).expect("a list").players.is_empty());
    let socket = WsClient::connect(server.addr, &alice.token).await;
    let (_, body) = api.get("/api/online", None).await;
    assert_eq!(names(&serde_json::from_value(body).expect("a list")), vec!["alice"]);
    socket.close().await;
    server.stop().await;
}

async fn a_rated_game_shows_in_the_history_the_versus_results_and_the_leaderboard_count(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let (_, body) = api.get("/api/leaderboard/paper-soccer?speed=blitz", None).await;
    let board: Leaderboard = serde_json::from_value(body).expect("a leaderboard");
    assert_eq!((board.players.len(), board.rated_players), (0, 0), "nobody is rated yet");

    let game = api.start_game_of(&alice, &bob, KURNIK, BLITZ, true).await;
    let mut first = WsClient::connect(server.addr, &alice.token).await;
    let mut second = WsClient::connect(server.addr, &bob.token).await;
    first.request(1, move_frame(game, 0, "a", "0")).await;
    second.request(1, move_frame(game, 1, "b", "0")).await;
    first.request(2, json!({ "type": "resign", "game_id": game })).await;

    let (status, body) = api.get("/api/players/bob/rating-history?kind=paper-soccer&speed=blitz", None).await;
    assert_eq!(status, 200, "{body}");
    let history: RatingHistory = serde_json::from_value(body).expect("a history");
    assert_eq!(history.points.len(), 1, "one rated game, one point");
    assert_eq!(history.points[0].game_id, game);
    assert!(history.points[0].rating > 1500, "the winner went up: {:?}", history.points);
    let (_, body) = api.get("/api/players/alice/rating-history?kind=paper-soccer&speed=bullet", None).await;
    assert!(serde_json::from_value::<RatingHistory>(body).expect("a history").points.is_empty(), "another speed");
    let (status, _) = api.get("/api/players/alice/rating-history?kind=chess", None).await;
    assert_eq!(status, 400);

    let (status, body) = api.get("/api/players/alice/versus", Some(&bob.token)).await;
    assert_eq!(status, 200, "{body}");
    let versus: Versus = serde_json::from_value(body).expect("versus");
    assert_eq!((versus.results.wins, versus.results.losses, versus.results.finished), (1, 0, 1), "from bob's side");
    let (status, _) = api.get("/api/players/alice/versus", None).await;
    assert_eq!(status, 401, "versus is about the viewer, who must sign in");

    let (_, body) = api.get("/api/leaderboard/paper-soccer?speed=blitz", None).await;
    let board: Leaderboard = serde_json::from_value(body).expect("a leaderboard");
    assert_eq!((board.players.len(), board.rated_players), (0, 2), "rated, but nobody established yet");
    server.stop().await;
}

async fn subscribers_who_ask_hear_how_many_watch(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let bob = api.guest("bob").await;
    let carol = api.guest("carol").await;
    let game = api.start_game(&alice, &bob, BLITZ).await;
    let viewers = |spectators| ServerFrame::Viewers { game_id: game, spectators };
    let mut player = WsClient::connect(server.addr, &alice.token).await;
    player.request(1, json!({ "type": "subscribe", "game_id": game, "viewers": true })).await;
    assert_eq!(next_viewers(&mut player).await, viewers(0), "a newcomer hears the count at once");

    let mut watcher = WsClient::connect(server.addr, &carol.token).await;
    watcher.request(1, json!({ "type": "subscribe", "game_id": game, "viewers": true })).await;
    assert_eq!(next_viewers(&mut watcher).await, viewers(1));
    assert_eq!(next_viewers(&mut player).await, viewers(1));
    // A second connection of the same account is the same viewer.
    let mut again = WsClient::connect(server.addr, &carol.token).await;
    again.request(1, json!({ "type": "subscribe", "game_id": game })).await;
    watcher.request(2, json!({ "type": "unsubscribe", "game_id": game })).await;
    again.request(2, json!({ "type": "unsubscribe", "game_id": game })).await;
    assert_eq!(next_viewers(&mut player).await, viewers(0));
    server.stop().await;
}

/// The next `viewers` frame; other frames before it are dropped.
async fn next_viewers(client: &mut WsClient) -> ServerFrame {
    loop {
        let frame = client.next().await;
        if matches!(frame, ServerFrame::Viewers { .. }) {
            return frame;
        }
    }
}
