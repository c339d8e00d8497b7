//! Dots and Boxes end to end over real sockets: a two-player game played to its end by the rules, the extra move
//! a completed box earns (the same seat to move, the other refused), the result's box counts for everyone, the
//! record in the rules' format and the last position as a dbn line; and a challenge of three or four that names
//! one opponent refused with the reason (such challenges name every other player: `offer_seats.rs`).

use kartka_engine::dots_and_boxes::DotsAndBoxesRecord;
use kartka_engine::{AnyGame, EndReason, Progress, Seat};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::TimeControl;
use kartka_protocol::{EndReasonName, ErrorCode, EventEnvelope, GameEvent, GameSnapshot, RulesetSpec, SeatName};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    a_game_of_two_is_played_to_its_end_with_box_counts,
    a_challenge_of_three_or_four_names_its_players_in_invited_not_one_opponent,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const TWO_BY_THREE: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 3, players: 2 });

/// The engine's game after the snapshot's moves: what a client knows of the position.
fn replayed(snapshot: &GameSnapshot) -> AnyGame {
    let mut game = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    for record in &snapshot.moves {
        game.play(&record.notation).expect("stored moves replay");
    }
    game
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

/// The events up to and including the game's end.
async fn events_to_the_end(client: &mut WsClient) -> Vec<EventEnvelope> {
    let mut events = Vec::new();
    loop {
        let event = client.next_event().await;
        let ended = matches!(event.event, GameEvent::Ended { .. });
        events.push(event);
        if ended {
            return events;
        }
    }
}

async fn a_game_of_two_is_played_to_its_end_with_box_counts(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let game = api.start_game_of(&alice, &bob, TWO_BY_THREE, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &carol.token, game).await;
    assert_eq!(snapshot.ruleset, TWO_BY_THREE);
    assert_eq!(
        serde_json::to_value(snapshot.ruleset).expect("writes"),
        json!({ "kind": "dots-and-boxes", "rows": 2, "cols": 3, "players": 2 })
    );
    assert_eq!(snapshot.to_act, Some(SeatName::First));

    // Bad edges are refused with their codes and change nothing.
    assert_eq!(first.refused(2, move_frame(game, 0, "bad", "d1h")).await, ErrorCode::IllegalMove, "off a 2x3 field");
    assert_eq!(first.refused(3, move_frame(game, 0, "bad", "a1d")).await, ErrorCode::BadNotation);
    assert_eq!(second.refused(4, move_frame(game, 0, "bad", "a1h")).await, ErrorCode::NotYourTurn);

    let mut position = replayed(&snapshot);
    let mut played = Vec::new();
    let mut extra_moves = 0;
    while let Some(seat) = position.to_act() {
        let ply = played.len() as u32;
        let edge = greedy_edge(&position);
        let (mover, other) = if seat == Seat::FIRST { (&mut first, &mut second) } else { (&mut second, &mut first) };
        mover.request(10 + u64::from(ply), move_frame(game, ply, &format!("m{ply}"), &edge)).await;
        let progress = position.play(&edge).expect("the engine's own edge").progress;
        played.push(edge);
        if progress == Progress::TurnContinues {
            // A completed box: the same seat moves again, and the other may not.
            extra_moves += 1;
            let ply = ply + 1;
            let refused = other.refused(1_000 + u64::from(ply), move_frame(game, ply, "early", "a1h")).await;
            assert_eq!(refused, ErrorCode::NotYourTurn, "after a completed box the same seat moves again");
        }
    }
    assert!(extra_moves > 0, "the greedy game completes boxes before the end");
    let outcome = position.outcome().expect("the game is over by the rules");
    assert_eq!(outcome.reason, EndReason::Score);
    let boxes: Vec<u32> = outcome.scores.expect("box counts").as_slice().to_vec();
    assert_eq!(boxes.iter().sum::<u32>(), 6, "every box of 2x3 is someone's");
    assert!(outcome.winner().is_some(), "the scripted game has a winner: {boxes:?}");

    let mut last_seqs = Vec::new();
    for client in [&mut first, &mut second, &mut spectator] {
        let events = events_to_the_end(client).await;
        let moves: Vec<(&str, Option<SeatName>)> = events
            .iter()
            .filter_map(|e| match &e.event {
                GameEvent::Moved { record, to_act, .. } => Some((record.notation.as_str(), *to_act)),
                _ => None,
            })
            .collect();
        assert_eq!(moves.iter().map(|&(edge, _)| edge).collect::<Vec<_>>(), played, "every edge, in order");
        let repeats = moves.windows(2).filter(|pair| pair[0].1.is_some() && pair[0].1 == pair[1].1).count();
        assert!(repeats > 0, "some seat was to move twice in a row: {moves:?}");
        let Some(GameEvent::Ended { result, .. }) = events.last().map(|e| &e.event) else { unreachable!() };
        assert_eq!(result.reason, EndReasonName::Score);
        assert_eq!(result.scores.as_deref(), Some(boxes.as_slice()), "the result carries the box counts");
        let winner = outcome.winner().map(|seat| if seat == Seat::FIRST { SeatName::First } else { SeatName::Second });
        assert_eq!(result.winner, winner);
        assert_eq!(result.ranks, outcome.ranks.as_slice().to_vec());
        last_seqs.push(events.last().map(|e| e.seq));
    }
    assert!(last_seqs.windows(2).all(|pair| pair[0] == pair[1]));

    // The finished game's page and its record say the same.
    let (status, finished) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(finished["result"]["scores"], json!(boxes));
    let (status, text) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    assert!(text.starts_with("[Game \"dots-and-boxes\"]\n[Boxes \"2x3\"]\n[Players \"2\"]\n"), "{text}");
    let scores_tag = format!("[Scores \"{} {}\"]", boxes[0], boxes[1]);
    assert!(text.contains(&scores_tag), "{text}");
    let record = DotsAndBoxesRecord::read(&text).expect("the record reads back");
    assert_eq!(record.turns.iter().map(Vec::len).sum::<usize>(), played.len());
    assert!(record.replay().expect("the record replays").is_over());
    // The last position as a dbn line, a foreign format an admin may export.
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, admin) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{admin}");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test").await.expect("grant");
    let token = admin["token"].as_str();
    let (status, dbn) = api.get_text(&format!("/api/admin/games/{game}/record?format=dbn"), token).await;
    assert_eq!((status, dbn.as_str()), (200, "11111111111111111\n"), "all 17 edges of 2x3 drawn");
    server.stop().await;
}

async fn a_challenge_of_three_or_four_names_its_players_in_invited_not_one_opponent(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, _bob) = (api.guest("alice").await, api.guest("bob").await);
    for players in [3, 4] {
        let ruleset = json!({ "kind": "dots-and-boxes", "rows": 3, "cols": 3, "players": players });
        let challenge = json!({ "opponent": "bob", "ruleset": ruleset, "time_control": BLITZ });
        let (status, body) = api.post("/api/challenges", Some(&alice.token), &challenge).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("a game of {players} seats names its players in invited")), "{message}");
    }
    // The rules' bounds are refused as such, not as seats.
    let ruleset = json!({ "kind": "dots-and-boxes", "rows": 3, "cols": 3, "players": 5 });
    let challenge = json!({ "opponent": "bob", "ruleset": ruleset, "time_control": BLITZ });
    let (status, body) = api.post("/api/challenges", Some(&alice.token), &challenge).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("2 to 4 players"), "{body}");
    let (status, open) = api.get("/api/challenges", Some(&alice.token)).await;
    assert_eq!(status, 200, "{open}");
    assert!(!open.to_string().contains("dots-and-boxes"), "nothing was created: {open}");
    server.stop().await;
}
