//! Racetrack end to end over real sockets, on both stores: a rated race of four on the shipped oval under
//! `crash: out`, the ruleset naming its track by name only and the game pinning its hash; the third car crashes
//! out at its first chance, the fourth player resigns after one move and the race goes on, and the first two race
//! the bot's racer until one finishes and the ranks are settled. Everyone gets the engine's ranks (the finisher
//! and the car racing with it, then the crash, then the leaver) and Weng-Lin rating changes in that order.

use kartka_bot::racetrack::{race_move, RACE_BUDGET};
use kartka_engine::racetrack::{write_move, Move, Position, Standing};
use kartka_engine::{EndReason, Game, Ruleset, Seat};
use kartka_protocol::kinds::racetrack::{CrashRule, RacetrackOptions, TrackNameText};
use kartka_protocol::rest::Session;
use kartka_protocol::{EndReasonName, GameEvent, RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(a_race_of_four_ranks_finishers_then_a_crash_then_a_departure);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 5 };
/// The third car's moves before it must have found a crash (its racer drives fast into bends).
const CRASH_WITHIN: u32 = 40;

/// A registered account, so that the race can be rated.
async fn registered(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_value(body).expect("a session")
}

/// A legal move of the seat to move that puts its car out (under `crash: out`, any crash), if there is one.
fn crashing_move(race: &Position) -> Option<Move> {
    let seat = race.to_act()?;
    let mut found = None;
    race.for_each_legal_action(|action| {
        let mut after = race.clone();
        let crashes = after.play(action).is_ok() && matches!(after.cars()[seat].standing, Standing::Out { .. });
        if crashes && found.is_none() {
            found = Some(action);
        }
    });
    found
}

async fn a_race_of_four_ranks_finishers_then_a_crash_then_a_departure(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let mut sessions = Vec::new();
    for name in ["ann", "ben", "cid", "dot"] {
        sessions.push(registered(&api, name).await);
    }
    let oval = TrackNameText::new("oval").expect("a track name");
    let asked = RacetrackOptions { track: oval, track_hash: None, players: 4, crash: CrashRule::Out, max_rounds: 200 };
    let others: Vec<&Session> = sessions[1..].iter().collect();
    let game = api.start_game_for(&sessions[0], &others, RulesetSpec::Racetrack(asked), BLITZ, true).await;
    let mut clients = Vec::new();
    let mut snapshot = None;
    for session in &sessions {
        let (client, seen) = WsClient::subscribed(server.addr, &session.token, game).await;
        clients.push(client);
        snapshot.get_or_insert(seen);
    }
    let snapshot = snapshot.expect("a snapshot");
    let RulesetSpec::Racetrack(played) = snapshot.ruleset else { panic!("a race: {:?}", snapshot.ruleset) };
    assert!(played.track_hash.is_some(), "the game names the hash of the track it is raced on");
    assert_eq!(RacetrackOptions { track_hash: None, ..played }, asked, "and otherwise the asked options");
    let Ok(Ruleset::Racetrack(rules)) = kinds::ruleset(&snapshot.ruleset) else { panic!("a valid race") };
    let (map_status, map) = api.get(&format!("/api/tracks/{}", played.track_hash.expect("a hash")), None).await;
    assert_eq!((map_status, map["name"].as_str()), (200, Some("oval")), "the browser's map of the track: {map}");

    let (crasher, leaver) = (Seat::new(2).expect("a seat"), Seat::new(3).expect("a seat"));
    let mut race = Position::new(rules);
    let (mut ply, mut crasher_moves, mut left) = (0u32, 0, false);
    while let Some(seat) = race.to_act() {
        let action = if seat == crasher {
            crasher_moves += 1;
            assert!(crasher_moves <= CRASH_WITHIN, "the third car found no crash in {CRASH_WITHIN} moves");
            crashing_move(&race).or_else(|| race_move(&race, RACE_BUDGET))
        } else {
            race_move(&race, RACE_BUDGET)
        };
        let action = action.expect("a car to move has a move");
        let mut text = String::new();
        write_move(action, &mut text);
        let frame = move_frame(game, ply, &format!("m{ply}"), &text);
        clients[seat.index()].request(100 + u64::from(ply), frame).await.expect("a move is a game event");
        race.play(action).expect("the racer's move is legal");
        ply += 1;
        if seat == leaver && !left {
            let path = format!("/api/games/{game}/resign");
            let (status, body) = api.post(&path, Some(&sessions[leaver.index()].token), &json!({})).await;
            assert_eq!(status, 200, "the fourth player resigns after one move: {body}");
            assert!(race.leave(leaver, EndReason::Resignation).is_some(), "the race goes on without it");
            left = true;
        }
    }
    let outcome = race.outcome().expect("over by the rules");
    let ranks = outcome.ranks.as_slice().to_vec();
    assert!(matches!(race.cars()[crasher].standing, Standing::Out { .. }), "the third car crashed out");
    // The first car over the line ranks first; the other, alone then, ranks second whatever it does, so the race
    // ends there unless it finished in the same round (then they share the first place).
    assert!(race.cars().iter().take(2).any(|(_, car)| matches!(car.standing, Standing::Finished { .. })));
    assert_eq!(&ranks[2..], [3, 4], "the crash ranks above the leaver, both below the finishers");
    assert!(ranks[..2].iter().all(|&rank| rank <= 2), "{ranks:?}");

    for client in &mut clients {
        let (result, changes) = loop {
            if let GameEvent::Ended { result, rating_changes, .. } = client.next_event().await.event {
                break (result, rating_changes);
            }
        };
        assert_eq!(result.ranks, ranks, "everyone gets the engine's ranks");
        assert_eq!(result.reason, EndReasonName::Score);
        assert_eq!(changes.len(), 4, "one rating change per seat");
        let gain = |seat: usize| changes[seat].rating_after - changes[seat].rating_before;
        for (better, worse) in [(0, 2), (1, 2), (2, 3)] {
            assert!(
                gain(better) > gain(worse),
                "rank {} gains more than rank {}: {changes:?}",
                ranks[better],
                ranks[worse]
            );
        }
    }
    server.stop().await;
}
