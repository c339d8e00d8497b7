//! Dots and Boxes end to end over real sockets: a two-player game played to its end by the rules, the extra move
//! a completed box earns (the same seat to move, the other refused), the result's box counts for everyone, the
//! record in the rules' format and the last position as a dbn line; a game of three in which a seat resigns in
//! the middle of its turn and the others play on, whose records (public, admin and bulk export) carry the
//! departure and whose import is the same game again, seat for seat, with the admin's position after each ply
//! naming the same seat to act; and a challenge of three or four that names one opponent refused with the reason
//! (such challenges name every other player: `offer_seats.rs`).

use kartka_engine::dots_and_boxes::DotsAndBoxesRecord;
use kartka_engine::{AnyGame, EndReason, Progress, Seat};
use kartka_protocol::admin::{GamePosition, GameSearchPage, ImportReport};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::rest::Session;
use kartka_protocol::{Departure, GameStatus, TimeControl};
use kartka_protocol::{EndReasonName, ErrorCode, EventEnvelope, GameEvent, GameSnapshot, RulesetSpec, SeatName};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_server::games::{convert, kinds};
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    a_game_of_two_is_played_to_its_end_with_box_counts,
    a_departure_from_a_game_of_three_is_in_its_records_and_its_import,
    a_challenge_of_three_or_four_names_its_players_in_invited_not_one_opponent,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const TWO_BY_THREE: RulesetSpec = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 3, players: 2 });
const TWO_BY_THREE_FOR_THREE: RulesetSpec =
    RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 3, players: 3 });

/// A registered admin, `boss`.
async fn admin(server: &TestServer, api: &Api) -> Session {
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{body}");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test").await.expect("grant");
    serde_json::from_value(body).expect("a session")
}

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
    let admin = admin(&server, &api).await;
    let token = Some(admin.token.as_str());
    let (status, dbn) = api.get_text(&format!("/api/admin/games/{game}/record?format=dbn"), token).await;
    assert_eq!((status, dbn.as_str()), (200, "11111111111111111\n"), "all 17 edges of 2x3 drawn");
    server.stop().await;
}

/// The admin's view of game `id` after `ply` actions.
async fn position_after(api: &Api, admin: &Session, id: uuid::Uuid, ply: u32) -> GamePosition {
    let (status, body) = api.get(&format!("/api/admin/games/{id}/position?ply={ply}"), Some(&admin.token)).await;
    assert_eq!(status, 200, "the position of {id} after {ply}: {body}");
    serde_json::from_value(body).expect("a position")
}

/// A game of three on 2×3 boxes, each seat drawing greedily: the first seat to complete a box before the end
/// sends its turn only so far and resigns while it must move again, and the two others play on to the end.
/// The game's records, public and admin's and the bulk export's, carry the departure, and the admin's record
/// imported is the same game again: its moves with their seats and plies, its departure, its ranks and box
/// counts, and after every ply the same seat to act (past the departure, not the seat that left).
async fn a_departure_from_a_game_of_three_is_in_its_records_and_its_import(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let sessions = [api.guest("alice").await, api.guest("bob").await, api.guest("carol").await];
    let admin = admin(&server, &api).await;
    let [alice, bob, carol] = &sessions;
    let game = api.start_game_for(alice, &[bob, carol], TWO_BY_THREE_FOR_THREE, BLITZ, false).await;
    let mut clients = Vec::new();
    for session in &sessions {
        clients.push(WsClient::subscribed(server.addr, &session.token, game).await.0);
    }
    let mut position = AnyGame::new(&kinds::ruleset(&TWO_BY_THREE_FOR_THREE).expect("a valid ruleset"));
    let mut ply = 0;
    let mut departure: Option<(Seat, u32)> = None;
    while let Some(seat) = position.to_act() {
        let mut turn = Vec::new();
        loop {
            let edge = greedy_edge(&position);
            let progress = position.play(&edge).expect("the engine's own edge").progress;
            turn.push(edge);
            if progress != Progress::TurnContinues || departure.is_none() {
                break;
            }
        }
        let frame = move_frame(game, ply, &format!("m{ply}"), &turn.join(" "));
        clients[seat.index()].request(100 + u64::from(ply), frame).await.expect("a move is a game event");
        ply += turn.len() as u32;
        if departure.is_none() && position.mid_turn() {
            let path = format!("/api/games/{game}/resign");
            let (status, body) = api.post(&path, Some(&sessions[seat.index()].token), &json!({})).await;
            assert_eq!(status, 200, "the seat that must move again resigns: {body}");
            let progress = position.seat_left(seat, EndReason::Resignation);
            assert_eq!(progress, Some(Progress::TurnEnded), "the two others play on");
            departure = Some((seat, ply));
        }
    }
    let (leaver, left_at) = departure.expect("a seat completed a box before the end");
    let outcome = position.outcome().expect("over by the rules");
    assert_eq!(outcome.reason, EndReason::Score, "the field was filled");
    assert_eq!(outcome.ranks[leaver], 3, "the seat that left ranks last");

    let (status, body) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    let played: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(played.status, GameStatus::Finished);
    let left = Departure { seat: convert::seat_name(leaver), ply: left_at, reason: EndReasonName::Resignation };
    assert_eq!(played.departed, [left]);
    assert_eq!(played.result.as_ref().map(|result| result.ranks.clone()), Some(outcome.ranks.as_slice().to_vec()));

    let tag = format!("[Departures \"{}@{left_at} resignation\"]", leaver.index() + 1);
    let token = Some(admin.token.as_str());
    let (status, public) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200, "{public}");
    let (status, record) = api.get_text(&format!("/api/admin/games/{game}/record"), token).await;
    assert_eq!(status, 200, "{record}");
    assert!(record.contains(&tag), "the admin's record carries the departure: {record}");
    assert_eq!(public, record, "the live snapshot and the stored events write the same record");
    let (status, exported) = api.get_text("/api/admin/export/games.pgn?kind=dots-and-boxes", token).await;
    assert_eq!(status, 200, "{exported}");
    assert!(exported.contains(&tag), "the bulk export carries the departure: {exported}");
    let read = DotsAndBoxesRecord::read(&record).expect("the record reads");
    assert_eq!(read.replay().expect("it replays").outcome(), Some(outcome), "the record replays to the same end");

    let (status, body) = api.post_bytes("/api/admin/import?source=departure", token, record.clone().into()).await;
    assert_eq!(status, 200, "{body}");
    let report: ImportReport = serde_json::from_value(body).expect("an import report");
    assert_eq!((report.imported, report.rejected), (1, 0), "{report:?}\n{record}");
    let (status, body) = api.get("/api/admin/games?imported=true&player=alice", token).await;
    assert_eq!(status, 200, "{body}");
    let found: GameSearchPage = serde_json::from_value(body).expect("a search page");
    let [imported] = found.games.as_slice() else { panic!("one imported game: {found:?}") };
    let imported = imported.game.id;
    let (status, body) = api.get(&format!("/api/games/{imported}"), None).await;
    assert_eq!(status, 200, "{body}");
    let again: GameSnapshot = serde_json::from_value(body).expect("a game");
    let moves = |game: &GameSnapshot| -> Vec<(u32, SeatName, String, bool)> {
        game.moves.iter().map(|m| (m.ply, m.seat, m.notation.clone(), m.turn_ended)).collect()
    };
    assert_eq!(moves(&again), moves(&played), "the same moves by the same seats\n{record}");
    assert_eq!(again.departed, played.departed, "the same departure, at the same ply");
    let result = |game: &GameSnapshot| game.result.as_ref().map(|r| (r.ranks.clone(), r.scores.clone(), r.winner));
    assert_eq!(result(&again), result(&played), "the same ranks, box counts and winner");

    // After every ply, and at the departure's ply past the seat that left, both name the same seat to act.
    for at in 0..=ply {
        let (original, copy) =
            (position_after(&api, &admin, game, at).await, position_after(&api, &admin, imported, at).await);
        assert_eq!((copy.to_act, copy.legal_actions), (original.to_act, original.legal_actions), "after ply {at}");
    }
    let after_leaving = position_after(&api, &admin, game, left_at).await;
    assert!(after_leaving.to_act.is_some_and(|seat| seat != convert::seat_name(leaver)), "{after_leaving:?}");
    let mut replayed = AnyGame::new(&kinds::ruleset(&TWO_BY_THREE_FOR_THREE).expect("a valid ruleset"));
    for record in played.moves.iter().take_while(|m| m.ply < left_at) {
        replayed.play(&record.notation).expect("stored moves replay");
    }
    replayed.seat_left(leaver, EndReason::Resignation);
    assert_eq!(after_leaving.to_act, replayed.to_act().map(convert::seat_name), "the seat after the one that left");
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
