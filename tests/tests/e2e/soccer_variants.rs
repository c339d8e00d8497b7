//! The Paper Soccer variants `classic+centre` (kind `paper-soccer-centre`) and `xrsoccer` end to end, through
//! the same plumbing as every game: a match over sockets in which a point is scored and play restarts from the
//! centre, played on to the end by the rules; the scores in the result and in the record; rulesets the rules
//! do not allow refused at the boundary.

use kartka_engine::soccer_centre::CentreRecord;
use kartka_engine::xrsoccer::XrRecord;
use kartka_engine::{AnyGame, EndReason, Seat};
use kartka_protocol::kinds::{paper_soccer::PaperSoccerOptions, xrsoccer::XrsoccerOptions};
use kartka_protocol::{EndReasonName, GameEvent, RulesetSpec, SeatName, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_centre_match_scores_restarts_and_ends_on_points,
    an_xrsoccer_match_scores_restarts_and_ends_at_its_target,
    rulesets_outside_the_rules_are_refused,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const SMALL_CENTRE: RulesetSpec = RulesetSpec::PaperSoccerCentre(PaperSoccerOptions { width: 4, height: 4, goal: 2 });
const SMALL_XR: RulesetSpec = RulesetSpec::Xrsoccer(XrsoccerOptions { width: 4, length: 4, target: 2 });

fn move_frame(game: Uuid, ply: u32, notation: &str) -> serde_json::Value {
    json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": format!("m{ply}"), "notation": notation })
}

/// Two players in a game of `ruleset` over sockets: plays `opening` (one action each, checking whose turn the
/// engine says it is), then the engine's first legal action until the rules end the match. Returns the final
/// position, the result the sockets saw, and the record the server exports.
async fn play_match(url: &str, ruleset: RulesetSpec, opening: &[(Seat, &str)]) -> (AnyGame, GameEventResult, String) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game_of(&alice, &bob, ruleset, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert_eq!(snapshot.ruleset, ruleset);
    let mut position = AnyGame::new(&kinds::ruleset(&ruleset).expect("a valid ruleset"));
    let mut ply = 0u32;
    let mut scripted = opening.iter();
    while let Some(seat) = position.to_act() {
        let notation = match scripted.next() {
            Some(&(expected, notation)) => {
                assert_eq!(seat, expected, "ply {ply}: the engine's seat to act");
                notation.to_owned()
            }
            None => position.legal_actions().swap_remove(0),
        };
        let mover = if seat == Seat::FIRST { &mut first } else { &mut second };
        mover.request(10 + u64::from(ply), move_frame(game, ply, &notation)).await;
        position.play(&notation).expect("a legal action");
        ply += 1;
    }
    let result = loop {
        let event = first.next_event().await;
        if let GameEvent::Ended { result, .. } = event.event {
            break GameEventResult { winner: result.winner, reason: result.reason, scores: result.scores };
        }
    };
    let (status, record) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    let (_, finished) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["ply"], ply);
    server.stop().await;
    (position, result, record)
}

/// What the `ended` event said.
#[derive(Debug)]
struct GameEventResult {
    winner: Option<SeatName>,
    reason: EndReasonName,
    scores: Option<Vec<u32>>,
}

fn seat_name(seat: Option<Seat>) -> Option<SeatName> {
    seat.map(|seat| if seat == Seat::FIRST { SeatName::First } else { SeatName::Second })
}

async fn a_centre_match_scores_restarts_and_ends_on_points(url: &str) {
    // On a 4×4 pitch: 0 to (2,1), 0 to the fresh middle of the mouth, then 0 into the top goal: a point for the
    // first seat; the second kicks off from the centre, whose line stays drawn.
    let opening = [(Seat::FIRST, "0"), (Seat::SECOND, "0"), (Seat::FIRST, "0"), (Seat::SECOND, "4")];
    let (position, result, record) = play_match(url, SMALL_CENTRE, &opening).await;
    let AnyGame::PaperSoccerCentre(position) = position else { panic!("a match of points") };
    let outcome = position.outcome().expect("over by the rules");
    assert_eq!(outcome.reason, EndReason::Score);
    let scores = position.scores();
    assert!(scores[0] >= 1, "the scripted goal counts: {scores:?}");
    assert_eq!(result.reason, EndReasonName::Score);
    assert_eq!(result.scores, Some(scores.to_vec()), "the scores reach the result");
    assert_eq!(result.winner, seat_name(outcome.winner()));
    assert!(record.starts_with("[Variant \"classic+centre\"]\n[Board \"4x4\"]"), "{record}");
    assert!(record.contains(&format!("[Score \"{}-{}\"]", scores[0], scores[1])), "{record}");
    assert!(record.contains("1. 0 0 2. 0 4"), "the point and the restart in the movetext: {record}");
    let read = CentreRecord::read(&record).expect("the record reads back");
    assert_eq!(read.replay().expect("and replays").scores(), scores);
}

async fn an_xrsoccer_match_scores_restarts_and_ends_at_its_target(url: &str) {
    // On a 4×4 field the mouth is (1..=3, 0): two steps north score for the first seat; the second then moves
    // from the centre.
    let opening = [(Seat::FIRST, "0"), (Seat::FIRST, "0"), (Seat::SECOND, "4")];
    let (position, result, record) = play_match(url, SMALL_XR, &opening).await;
    let AnyGame::Xrsoccer(position) = position else { panic!("an xrsoccer match") };
    let outcome = position.outcome().expect("over by the rules");
    assert_eq!(outcome.reason, EndReason::Score);
    let scores = position.scores();
    assert!(scores[0] >= 1, "the scripted goal counts: {scores:?}");
    assert_eq!(result.reason, EndReasonName::Score);
    assert_eq!(result.scores, Some(scores.to_vec()));
    assert_eq!(result.winner, seat_name(outcome.winner()));
    assert!(record.starts_with("[Variant \"xrsoccer\"]\n[Board \"4x4\"]\n[Target \"2\"]"), "{record}");
    assert!(record.contains(&format!("[Score \"{}-{}\"]", scores[0], scores[1])), "{record}");
    assert!(record.contains("1. 00 4"), "the point, then the second seat's line from the centre: {record}");
    let read = XrRecord::read(&record).expect("the record reads back");
    assert_eq!(read.replay().expect("and replays").scores(), scores);
}

async fn rulesets_outside_the_rules_are_refused(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (kasia, _basia) = (api.guest("kasia").await, api.guest("basia").await);
    for ruleset in [
        json!({ "kind": "xrsoccer", "width": 12, "length": 18, "target": 0 }),
        json!({ "kind": "xrsoccer", "width": 13 }),
        json!({ "kind": "paper-soccer-centre", "width": 8, "height": 10, "goal": 9 }),
    ] {
        let body = json!({ "opponent": "basia", "ruleset": ruleset, "time_control": BLITZ });
        let (status, answer) = api.post("/api/challenges", Some(&kasia.token), &body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("invalid_request")), "{ruleset}: {answer}");
    }
    let defaults = json!({ "opponent": "basia", "ruleset": { "kind": "xrsoccer" }, "time_control": BLITZ });
    let (status, answer) = api.post("/api/challenges", Some(&kasia.token), &defaults).await;
    assert_eq!(status, 201, "the rules' defaults: {answer}");
    assert_eq!(answer["ruleset"], json!({ "kind": "xrsoccer", "width": 12, "length": 18, "target": 5 }));
    server.stop().await;
}
