//! Stored offers of more than two seats, over real HTTP and sockets: a Dots and Boxes challenge for three names
//! two players, who each accept and take a seat (an uninvited taker, a second seat and a fourth taker are
//! refused with their typed errors and change nothing), and the last acceptance starts the game, which is played;
//! one invited player's decline closes a challenge for everyone; a correspondence seek for three fills as
//! players accept, one leaving before it is full; a rematch of a game of three, offered by one player and
//! accepted by the two others, rotates the seats by one; and a seat that resigns before its first move does not
//! leave the game open to an abort once the seats still playing have moved.

use kartka_engine::{AnyGame, EndReason, Seat};
use kartka_protocol::correspondence::{Seek, SeekStatus};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::rest::{Challenge, ChallengeStatus, Session};
use kartka_protocol::{ErrorCode, RulesetSpec, ServerFrame, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_challenge_for_three_starts_when_both_invited_players_accept_and_is_played,
    one_invited_players_decline_closes_a_challenge_for_three,
    a_correspondence_seek_for_three_fills_as_players_accept_and_one_leaves_before_it_is_full,
    a_rematch_of_a_game_of_three_rotates_the_seats_once_all_accept,
    a_seat_that_leaves_before_its_first_move_does_not_open_an_abort,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const CORRESPONDENCE: TimeControl = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
const THREE: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 2, players: 3 });

/// The next `challenge_updated` of challenge `id` a player gets: the challenge as it now stands.
async fn challenge_news(client: &mut WsClient, id: Uuid) -> Challenge {
    match client.next_matching(|f| matches!(f, ServerFrame::ChallengeUpdated { challenge } if challenge.id == id)).await
    {
        ServerFrame::ChallengeUpdated { challenge } => challenge,
        _ => unreachable!(),
    }
}

/// The next `correspondence_seek_added` of seek `id` a lobby subscriber gets: the seek as it now stands.
async fn seek_news(watcher: &mut WsClient, id: Uuid) -> Seek {
    let wanted = |f: &ServerFrame| matches!(f, ServerFrame::CorrespondenceSeekAdded { seek } if seek.id == id);
    match watcher.next_matching(wanted).await {
        ServerFrame::CorrespondenceSeekAdded { seek } => seek,
        _ => unreachable!(),
    }
}

async fn game_started(client: &mut WsClient) -> Uuid {
    match client.next_matching(|f| matches!(f, ServerFrame::GameStarted { .. })).await {
        ServerFrame::GameStarted { game_id } => game_id,
        _ => unreachable!(),
    }
}

/// The error code of a refused request.
fn code(body: &Value) -> ErrorCode {
    serde_json::from_value(body["code"].clone()).unwrap_or_else(|_| panic!("an error body: {body}"))
}

fn ids(players: &[kartka_protocol::rest::AccountInfo]) -> Vec<Uuid> {
    players.iter().map(|player| player.id).collect()
}

/// Guests named `names`, each with a socket.
async fn players(server: &TestServer, api: &Api, names: &[&str]) -> (Vec<Session>, Vec<WsClient>) {
    let mut sessions = Vec::new();
    let mut clients = Vec::new();
    for name in names {
        let session = api.guest(name).await;
        clients.push(WsClient::connect(server.addr, &session.token).await);
        sessions.push(session);
    }
    (sessions, clients)
}

/// `POST /api/challenges` by `creator`.
async fn challenge(api: &Api, creator: &Session, body: Value) -> (u16, Value) {
    api.post("/api/challenges", Some(&creator.token), &body).await
}

async fn get_challenge(api: &Api, viewer: &Session, id: Uuid) -> Challenge {
    let (status, body) = api.get(&format!("/api/challenges/{id}"), Some(&viewer.token)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).expect("a challenge")
}

async fn accept_challenge(api: &Api, taker: &Session, id: Uuid) -> (u16, Value) {
    api.post(&format!("/api/challenges/{id}/accept"), Some(&taker.token), &json!({})).await
}

/// The seated players of a game, first seat first.
async fn seated(api: &Api, game: Uuid) -> Vec<Uuid> {
    let (status, body) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    let players = body["players"].as_array().expect("players");
    players.iter().map(|player| player["account_id"].as_str().expect("an id").parse().expect("a uuid")).collect()
}

async fn a_challenge_for_three_starts_when_both_invited_players_accept_and_is_played(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (sessions, mut clients) = players(&server, &api, &["alice", "bob", "carol", "dave"]).await;
    let [alice, bob, carol, dave] = [&sessions[0], &sessions[1], &sessions[2], &sessions[3]];

    // The two-seat form names one opponent; a game of three names both others, or nobody.
    let one_opponent = json!({ "opponent": "bob", "ruleset": THREE, "time_control": BLITZ });
    let (status, body) = challenge(&api, alice, one_opponent).await;
    assert_eq!((status, code(&body)), (400, ErrorCode::InvalidRequest), "{body}");
    let too_few = json!({ "invited": ["bob"], "ruleset": THREE, "time_control": BLITZ });
    let (status, body) = challenge(&api, alice, too_few).await;
    assert_eq!((status, code(&body)), (400, ErrorCode::InvalidRequest), "{body}");
    let twice = json!({ "invited": ["bob", "bob"], "ruleset": THREE, "time_control": BLITZ });
    let (status, body) = challenge(&api, alice, twice).await;
    assert_eq!((status, code(&body)), (400, ErrorCode::InvalidRequest), "{body}");
    let (_, listed) = api.get("/api/challenges", Some(&alice.token)).await;
    assert_eq!(listed, json!({ "incoming": [], "outgoing": [] }), "a refused challenge is not stored");

    let body = json!({ "invited": ["bob", "carol"], "ruleset": THREE, "time_control": BLITZ, "colour": "first" });
    let (status, created) = challenge(&api, alice, body).await;
    assert_eq!(status, 201, "{created}");
    let created: Challenge = serde_json::from_value(created).expect("a challenge");
    assert_eq!((created.seats, ids(&created.invited)), (3, vec![bob.account.id, carol.account.id]));
    assert_eq!(ids(&created.joined), [alice.account.id], "the challenger holds the first of three seats");
    assert_eq!(created.opponent, None, "a game of three has no one opponent");
    for invited in [1, 2] {
        assert_eq!(challenge_news(&mut clients[invited], created.id).await, created, "each invited player is told");
    }
    let (_, bobs) = api.get("/api/challenges", Some(&bob.token)).await;
    assert_eq!(bobs["incoming"][0]["id"], json!(created.id), "listed as incoming for an invited player");

    // Dave is not invited: refused, and the challenge is as it was.
    let (status, body) = accept_challenge(&api, dave, created.id).await;
    assert_eq!((status, code(&body)), (403, ErrorCode::Forbidden), "{body}");
    assert_eq!(get_challenge(&api, alice, created.id).await, created);

    // Bob takes a seat: still open, and everyone in it is told.
    let (status, body) = accept_challenge(&api, bob, created.id).await;
    assert_eq!(status, 200, "{body}");
    let half: Challenge = serde_json::from_value(body).expect("a challenge");
    assert_eq!(
        (half.status, ids(&half.joined), half.game_id),
        (ChallengeStatus::Open, vec![alice.account.id, bob.account.id], None)
    );
    for told in [0, 1, 2] {
        assert_eq!(challenge_news(&mut clients[told], created.id).await, half);
    }
    // One seat each.
    let (status, body) = accept_challenge(&api, bob, created.id).await;
    assert_eq!((status, code(&body)), (409, ErrorCode::NotAllowed), "{body}");
    assert_eq!(get_challenge(&api, alice, created.id).await, half);

    // Carol takes the last seat: the game starts, seated by the colour and then by the order they joined.
    let (status, body) = accept_challenge(&api, carol, created.id).await;
    assert_eq!(status, 200, "{body}");
    let full: Challenge = serde_json::from_value(body).expect("a challenge");
    let everyone = vec![alice.account.id, bob.account.id, carol.account.id];
    assert_eq!((full.status, ids(&full.joined)), (ChallengeStatus::Accepted, everyone));
    let game = full.game_id.expect("the game");
    for told in [0, 1, 2] {
        assert_eq!(challenge_news(&mut clients[told], created.id).await, full);
        assert_eq!(game_started(&mut clients[told]).await, game);
    }
    assert_eq!(seated(&api, game).await, [alice.account.id, bob.account.id, carol.account.id]);

    // A fourth taker finds it closed, and nothing changed.
    let (status, body) = accept_challenge(&api, dave, created.id).await;
    assert_eq!((status, code(&body)), (404, ErrorCode::UnknownChallenge), "{body}");
    assert_eq!(get_challenge(&api, alice, created.id).await, full);

    // The game is played: the first seat draws an edge and the second is to act.
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    assert_eq!(snapshot.players.len(), 3);
    let position = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    let edge = position.legal_actions().into_iter().next().expect("an edge to draw");
    first.send(move_frame(game, 0, "first-edge", &edge)).await;
    first.next_matching(|f| matches!(f, ServerFrame::Ack { .. })).await;
    let (status, summary) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((status, summary["ply"].clone(), summary["to_act"].clone()), (200, json!(1), json!("second")));
    server.stop().await;
}

async fn one_invited_players_decline_closes_a_challenge_for_three(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (sessions, mut clients) = players(&server, &api, &["alice", "bob", "carol"]).await;
    let [alice, bob, carol] = [&sessions[0], &sessions[1], &sessions[2]];
    let body = json!({ "invited": ["bob", "carol"], "ruleset": THREE, "time_control": BLITZ });
    let (status, created) = challenge(&api, alice, body).await;
    assert_eq!(status, 201, "{created}");
    let created: Challenge = serde_json::from_value(created).expect("a challenge");
    let (status, body) = accept_challenge(&api, bob, created.id).await;
    assert_eq!(status, 200, "{body}");

    // The challenger cannot decline; an invited player can, for everyone.
    let decline = format!("/api/challenges/{}/decline", created.id);
    let (status, body) = api.post(&decline, Some(&alice.token), &json!({})).await;
    assert_eq!((status, code(&body)), (403, ErrorCode::Forbidden), "{body}");
    let (status, body) = api.post(&decline, Some(&carol.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let declined: Challenge = serde_json::from_value(body).expect("a challenge");
    assert_eq!((declined.status, declined.game_id), (ChallengeStatus::Declined, None));
    for told in [0, 1] {
        let news = clients[told].next_matching(|f| {
            matches!(f, ServerFrame::ChallengeUpdated { challenge } if challenge.status == ChallengeStatus::Declined)
        })
        .await;
        assert_eq!(news, ServerFrame::ChallengeUpdated { challenge: declined.clone() });
    }
    let (status, body) = accept_challenge(&api, carol, created.id).await;
    assert_eq!((status, code(&body)), (404, ErrorCode::UnknownChallenge), "{body}");
    assert_eq!(get_challenge(&api, bob, created.id).await, declined);
    server.stop().await;
}

async fn a_correspondence_seek_for_three_fills_as_players_accept_and_one_leaves_before_it_is_full(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (sessions, mut clients) = players(&server, &api, &["alice", "bob", "carol", "dave"]).await;
    let [alice, bob, carol, dave] = [&sessions[0], &sessions[1], &sessions[2], &sessions[3]];
    let mut watcher = WsClient::connect(server.addr, &dave.token).await;
    watcher.send(json!({ "type": "lobby_subscribe", "id": 1 })).await;
    watcher.next_matching(|f| matches!(f, ServerFrame::Lobby { .. })).await;

    let body = json!({ "ruleset": THREE, "time_control": CORRESPONDENCE, "colour": "second" });
    let (status, created) = api.post("/api/seeks", Some(&alice.token), &body).await;
    assert_eq!(status, 201, "{created}");
    let created: Seek = serde_json::from_value(created).expect("a seek");
    assert_eq!((created.seats, ids(&created.joined), created.acceptor.clone()), (3, vec![alice.account.id], None));
    assert_eq!(seek_news(&mut watcher, created.id).await, created);
    let path = |action: &str| format!("/api/seeks/{}/{action}", created.id);

    let (status, body) = api.post(&path("accept"), Some(&carol.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let one: Seek = serde_json::from_value(body).expect("a seek");
    assert_eq!((one.status, ids(&one.joined)), (SeekStatus::Open, vec![alice.account.id, carol.account.id]));
    assert_eq!(seek_news(&mut watcher, created.id).await, one, "the lobby is told of the seat");

    // Only who took a seat leaves it; the creator cancels instead.
    let (status, body) = api.post(&path("leave"), Some(&bob.token), &json!({})).await;
    assert_eq!((status, code(&body)), (409, ErrorCode::NotAllowed), "{body}");
    let (status, body) = api.post(&path("leave"), Some(&alice.token), &json!({})).await;
    assert_eq!((status, code(&body)), (400, ErrorCode::InvalidRequest), "{body}");
    let (status, body) = api.post(&path("leave"), Some(&carol.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let left: Seek = serde_json::from_value(body).expect("a seek");
    assert_eq!((left.status, ids(&left.joined)), (SeekStatus::Open, vec![alice.account.id]));
    assert_eq!(seek_news(&mut watcher, created.id).await, left, "the lobby is told the seat is free");

    // Bob, then Carol again: the last seat starts the game. Alice asked for the second seat; the others take the
    // free seats in the order they joined.
    let (status, body) = api.post(&path("accept"), Some(&bob.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = api.post(&path("accept"), Some(&bob.token), &json!({})).await;
    assert_eq!((status, code(&body)), (409, ErrorCode::NotAllowed), "one seat each: {body}");
    let (status, body) = api.post(&path("accept"), Some(&carol.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let full: Seek = serde_json::from_value(body).expect("a seek");
    let everyone = vec![alice.account.id, bob.account.id, carol.account.id];
    assert_eq!((full.status, ids(&full.joined)), (SeekStatus::Accepted, everyone));
    let game = full.game_id.expect("the game");
    let removed = watcher.next_matching(|f| matches!(f, ServerFrame::CorrespondenceSeekRemoved { .. })).await;
    assert_eq!(removed, ServerFrame::CorrespondenceSeekRemoved { seek_id: created.id, status: SeekStatus::Accepted });
    for seated_player in [0, 1, 2] {
        assert_eq!(game_started(&mut clients[seated_player]).await, game);
    }
    assert_eq!(seated(&api, game).await, [bob.account.id, alice.account.id, carol.account.id]);

    let (status, body) = api.post(&path("accept"), Some(&dave.token), &json!({})).await;
    assert_eq!((status, code(&body)), (404, ErrorCode::UnknownSeek), "a full seek is closed: {body}");
    let (status, body) = api.post(&path("leave"), Some(&carol.token), &json!({})).await;
    assert_eq!((status, code(&body)), (404, ErrorCode::UnknownSeek), "nothing to leave once it started: {body}");
    let (_, shown) = api.get(&format!("/api/seeks/{}", created.id), None).await;
    assert_eq!(serde_json::from_value::<Seek>(shown).expect("a seek"), full, "nothing changed");
    server.stop().await;
}

/// In a game of three the second seat resigns before its first move and the game plays on; once the two seats
/// still playing have moved, neither may abort (the departure counts as the seat's move): the abort is refused
/// with its typed error and the game goes on.
async fn a_seat_that_leaves_before_its_first_move_does_not_open_an_abort(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (sessions, _lobby) = players(&server, &api, &["alice", "bob", "carol"]).await;
    let [alice, bob, carol] = [&sessions[0], &sessions[1], &sessions[2]];
    let game = api.start_game_for(alice, &[bob, carol], THREE, BLITZ, false).await;
    let mut position = AnyGame::new(&kinds::ruleset(&THREE).expect("a valid ruleset"));
    let mut clients = Vec::new();
    for session in [alice, bob, carol] {
        clients.push(WsClient::subscribed(server.addr, &session.token, game).await.0);
    }
    let mut ply = 0;
    let draw_edge = |position: &mut AnyGame| {
        let edge = position.legal_actions().into_iter().next().expect("an edge to draw");
        position.play(&edge).expect("a legal edge");
        edge
    };

    let edge = draw_edge(&mut position);
    clients[0].request(10, move_frame(game, ply, "alice-1", &edge)).await.expect("alice's first edge");
    ply += 1;
    clients[1].request(11, json!({ "type": "resign", "game_id": game })).await.expect("bob resigns unmoved");
    position.seat_left(Seat::SECOND, EndReason::Resignation);
    assert_eq!(position.to_act(), Some(Seat::new(2).expect("a third seat")), "carol is to act");
    let edge = draw_edge(&mut position);
    clients[2].request(12, move_frame(game, ply, "carol-1", &edge)).await.expect("carol's first edge");

    let abort = json!({ "type": "abort", "game_id": game });
    assert_eq!(clients[0].refused(13, abort.clone()).await, ErrorCode::NotAllowed, "alice may not abort");
    assert_eq!(clients[2].refused(14, abort).await, ErrorCode::NotAllowed, "nor may carol");
    let (status, shown) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((status, shown["status"].clone()), (200, json!("active")), "the game goes on: {shown}");
    assert_eq!(shown["departed"][0]["seat"], json!("second"), "{shown}");
    server.stop().await;
}

async fn a_rematch_of_a_game_of_three_rotates_the_seats_once_all_accept(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (sessions, mut clients) = players(&server, &api, &["alice", "bob", "carol"]).await;
    let [alice, bob, carol] = [&sessions[0], &sessions[1], &sessions[2]];
    let body = json!({ "invited": ["bob", "carol"], "ruleset": THREE, "time_control": BLITZ, "colour": "first" });
    let (_, created) = challenge(&api, alice, body).await;
    let created: Challenge = serde_json::from_value(created).expect("a challenge");
    accept_challenge(&api, bob, created.id).await;
    let (_, full) = accept_challenge(&api, carol, created.id).await;
    let played: Uuid = serde_json::from_value(full["game_id"].clone()).expect("the game");
    assert_eq!(seated(&api, played).await, [alice.account.id, bob.account.id, carol.account.id]);

    let rematch = format!("/api/games/{played}/rematch");
    let (status, body) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!((status, code(&body)), (409, ErrorCode::NotAllowed), "not while it is played: {body}");
    // Two resign, and the game of three is over.
    for resigning in [alice, carol] {
        let (status, body) = api.post(&format!("/api/games/{played}/resign"), Some(&resigning.token), &json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, summary) = api.get(&format!("/api/games/{played}"), None).await;
    assert_ne!(summary["status"], json!("active"), "{summary}");

    // Bob offers: a challenge to both others, following the played game.
    let (status, body) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!(status, 201, "{body}");
    let offered: Challenge = serde_json::from_value(body).expect("a challenge");
    assert_eq!((offered.rematch_of, offered.seats), (Some(played), 3));
    let mut invited = ids(&offered.invited);
    invited.sort_unstable();
    let mut others = vec![alice.account.id, carol.account.id];
    others.sort_unstable();
    assert_eq!(invited, others);
    for told in [0, 2] {
        assert_eq!(challenge_news(&mut clients[told], offered.id).await, offered);
    }
    let (status, again) = api.post(&rematch, Some(&bob.token), &json!({})).await;
    assert_eq!((status, again["id"].clone()), (200, json!(offered.id)), "asking twice returns the same offer");

    // Carol asks for a rematch too: she accepts Bob's. Alice's acceptance starts it, every seat moved on by one.
    let (status, body) = api.post(&rematch, Some(&carol.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let half: Challenge = serde_json::from_value(body).expect("a challenge");
    let seated_now = vec![bob.account.id, carol.account.id];
    assert_eq!((half.id, half.status, ids(&half.joined)), (offered.id, ChallengeStatus::Open, seated_now));
    let (status, again) = api.post(&rematch, Some(&carol.token), &json!({})).await;
    assert_eq!((status, again["joined"].as_array().map(Vec::len)), (200, Some(2)), "asking again changes nothing");
    let (status, body) = accept_challenge(&api, alice, offered.id).await;
    assert_eq!(status, 200, "{body}");
    let accepted: Challenge = serde_json::from_value(body).expect("a challenge");
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    let next = accepted.game_id.expect("the rematch");
    assert_eq!(seated(&api, next).await, [carol.account.id, alice.account.id, bob.account.id]);
    server.stop().await;
}
