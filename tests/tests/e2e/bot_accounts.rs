//! Bot accounts: only admins mark them (with an audit entry), the mark shows wherever the name does, and a
//! bot's ratings stay off the leaderboard. And the server's built-in bot: its accounts are listed, and one
//! accepts a challenge and plays the game to its end.

use std::time::Duration;

use kartka_engine::{AnyGame, Seat};
use kartka_protocol::admin::{AccountActionDone, AuditAction};
use kartka_protocol::kinds::closing_in::ClosingInOptions;
use kartka_protocol::rest::{BuiltinBots, Challenge, Leaderboard, Profile, Session};
use kartka_protocol::{GameEvent, GameSnapshot, RulesetSpec, ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_server::store::RatingRow;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::TestDb;
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    database: only_admins_mark_bots_and_the_mark_shows_and_keeps_bots_off_the_leaderboard,
    the_built_in_bot_accepts_a_challenge_and_plays_it_to_the_end,
);

const PASSWORD: &str = "correct horse battery";

async fn register(api: &Api, name: &str) -> Session {
    let (status, body) = api.post("/api/register", None, &json!({ "username": name, "password": PASSWORD })).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

fn established_blitz(account_id: uuid::Uuid, rating: f64) -> RatingRow {
    RatingRow {
        account_id,
        kind: "paper-soccer".to_owned(),
        speed: "blitz".to_owned(),
        model: "glicko2".into(),
        rating,
        deviation: 60.0,
        volatility: Some(0.06),
        games: 40,
        updated_at: kartka_server::time::now_ms(),
    }
}

async fn only_admins_mark_bots_and_the_mark_shows_and_keeps_bots_off_the_leaderboard(database: &TestDb) {
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    // This server runs no built-in bot: no levels, and no offer of one to waiting players.
    let (_, bots) = api.get("/api/bots", None).await;
    assert_eq!(bots, json!({ "bots": [], "offer_after_ms": null }));
    let (boss, robot, alice) =
        (register(&api, "boss").await, register(&api, "robot").await, register(&api, "alice").await);
    let guest = api.guest("visitor").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test").await.expect("grant");
    assert!(!robot.account.bot, "nobody is a bot until marked");

    // Not an admin: refused before anything is read; the account stays a person.
    let mark = json!({ "bot": true, "reason": "runs kartka bot" });
    let (status, body) = api.post("/api/admin/accounts/robot/bot", Some(&alice.token), &mark).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
    let (status, body) = api.post("/api/admin/accounts/robot/bot", Some(&robot.token), &mark).await;
    assert_eq!(status, 403, "a bot-to-be cannot mark itself: {body}");
    let (_, profile) = api.get("/api/players/robot", None).await;
    assert_eq!(profile["account"]["bot"], json!(false));

    // An admin marks it, once, with an audit entry; guests and admins cannot be bots.
    let (status, body) = api.post("/api/admin/accounts/robot/bot", Some(&boss.token), &mark).await;
    assert_eq!(status, 200, "{body}");
    let done: AccountActionDone = serde_json::from_value(body).expect("the account and its audit entry");
    assert!(done.account.bot);
    assert_eq!((done.audit.action, done.audit.reason.as_str()), (AuditAction::MarkBot, "runs kartka bot"));
    let (status, body) = api.post("/api/admin/accounts/robot/bot", Some(&boss.token), &mark).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "already a bot");
    for name in [guest.account.name.as_str(), "boss"] {
        let (status, body) = api.post(&format!("/api/admin/accounts/{name}/bot"), Some(&boss.token), &mark).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "{name}: {body}");
    }
    let (status, _) = api.post("/api/admin/accounts/nobody/bot", Some(&boss.token), &mark).await;
    assert_eq!(status, 404);

    // The mark shows wherever the name does: profile, sign-in, challenges, the game's players.
    let (_, profile) = api.get("/api/players/robot", None).await;
    let profile: Profile = serde_json::from_value(profile).expect("a profile");
    assert!(profile.account.bot);
    let (_, login) = api.post("/api/login", None, &json!({ "username": "robot", "password": PASSWORD })).await;
    let robot: Session = serde_json::from_value(login).expect("a session");
    assert!(robot.account.bot);
    let challenge = json!({ "opponent": "alice", "ruleset": { "kind": "closing-in", "size": 4 },
        "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 0 } });
    let (status, created) = api.post("/api/challenges", Some(&robot.token), &challenge).await;
    assert_eq!(status, 201, "{created}");
    let created: Challenge = serde_json::from_value(created).expect("a challenge");
    assert!(created.challenger.bot && !created.opponent.as_ref().expect("addressed").bot);
    let (status, _) = api.post(&format!("/api/challenges/{}/accept", created.id), Some(&alice.token), &json!({})).await;
    assert_eq!(status, 200);
    let (_, games) = api.get("/api/players/alice/games", None).await;
    let players = &games["games"][0]["players"];
    assert_eq!(players.as_array().map(|p| p.iter().filter(|p| p["bot"] == json!(true)).count()), Some(1));

    // Established ratings: the bot's is the best, yet the leaderboard ranks only people.
    database.set_rating(&established_blitz(robot.account.id, 2400.0)).await;
    database.set_rating(&established_blitz(alice.account.id, 1700.0)).await;
    let (status, board) = api.get("/api/leaderboard/paper-soccer?speed=blitz", None).await;
    assert_eq!(status, 200);
    let board: Leaderboard = serde_json::from_value(board).expect("a leaderboard");
    let names: Vec<&str> = board.players.iter().map(|entry| entry.player.name.as_str()).collect();
    assert_eq!(names, ["alice"]);
    let (_, profile) = api.get("/api/players/robot", None).await;
    assert_eq!(profile["ratings"][0]["rating"], json!(2400), "the bot keeps its rating on its profile");

    // Unmarked, it is a person again and back on the leaderboard.
    let unmark = json!({ "bot": false, "reason": "retired" });
    let (status, body) = api.post("/api/admin/accounts/robot/bot", Some(&boss.token), &unmark).await;
    assert_eq!(status, 200, "{body}");
    let (_, board) = api.get("/api/leaderboard/paper-soccer?speed=blitz", None).await;
    assert_eq!(board["players"][0]["player"]["name"], json!("robot"));
    assert_eq!(board["players"][0]["player"]["bot"], json!(false));
    server.stop().await;
}

async fn the_built_in_bot_accepts_a_challenge_and_plays_it_to_the_end(database: &TestDb) {
    let settings = Settings { builtin_bot: Some("kartka-bot".to_owned()), ..Settings::default() };
    let server = TestServer::start(database.url(), settings).await;
    let api = Api::new(server.url());
    let (status, bots) = api.get("/api/bots", None).await;
    assert_eq!(status, 200);
    let bots: BuiltinBots = serde_json::from_value(bots).expect("the bot's accounts");
    let levels: Vec<u8> = bots.bots.iter().map(|bot| bot.level).collect();
    assert_eq!(levels, (1..=8).collect::<Vec<_>>());
    assert!(bots.bots.iter().all(|bot| bot.account.bot && bot.account.name == format!("kartka-bot-{}", bot.level)));
    // Each level comes with its measured strength, from the ladder's zero at level 1 upwards, and the offer to
    // waiting players comes after the default 30 s.
    assert_eq!(bots.bots[0].measured_elo, Some(0));
    let measured: Vec<i32> = bots.bots.iter().filter_map(|bot| bot.measured_elo).collect();
    assert_eq!(measured.len(), 7, "every level but the uncapped strongest has its figure: {bots:?}");
    assert_eq!(bots.bots[7].measured_elo, None, "level 8 is as strong as its time");
    assert!(measured.windows(2).all(|pair| pair[0] < pair[1]), "the figures rise with the levels: {measured:?}");
    let table: Vec<i32> =
        (1..=8).filter_map(|number| kartka_bot::Level::new(number).expect("a level").measured_elo()).collect();
    assert_eq!(measured, table, "the ladder's figures, as bot/src/level.rs has them");
    assert_eq!(bots.offer_after_ms, Some(30_000));

    // A player challenges level 2 to casual Closing In and plays the engine's first legal action each turn.
    let alice = api.guest("alice").await;
    let mut socket = WsClient::connect(server.addr, &alice.token).await;
    let ruleset = RulesetSpec::ClosingIn(ClosingInOptions { size: 5 });
    let challenge = json!({ "opponent": "kartka-bot-2", "ruleset": ruleset, "colour": "second",
        "time_control": TimeControl::Fischer { initial_seconds: 30, increment_seconds: 0 } });
    let (status, created) = api.post("/api/challenges", Some(&alice.token), &challenge).await;
    assert_eq!(status, 201, "{created}");
    let game_id = loop {
        match socket.next().await {
            ServerFrame::GameStarted { game_id } => break game_id,
            ServerFrame::ChallengeUpdated { .. } => {}
            other => panic!("expected the game to start, got {other:?}"),
        }
    };
    socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id })).await;
    let ServerFrame::Snapshot { game: snapshot } = socket.next().await else { panic!("expected a snapshot") };
    assert!(!snapshot.rated, "casual unless asked");
    assert!(snapshot.players[0].bot && !snapshot.players[1].bot, "the bot took the first seat");
    let mut position = AnyGame::new(&kinds::ruleset(&ruleset).expect("a valid ruleset"));
    let mut ply = 0;
    let result = loop {
        if position.to_act() == Some(Seat::SECOND) {
            let action = position.legal_actions().into_iter().next().expect("a seat to act has an action");
            socket
                .send(json!({ "type": "move", "game_id": game_id, "ply": ply, "client_move_id": format!("a{ply}"), "notation": action }))
                .await;
        }
        let event = tokio::time::timeout(Duration::from_secs(60), socket.next_event()).await.expect("the game goes on");
        match event.event {
            GameEvent::Moved { record, .. } => {
                position.play(&record.notation).expect("the server's moves are legal");
                ply = u32::try_from(position_actions(&record.notation, ruleset)).expect("small") + record.ply;
            }
            GameEvent::Ended { result, .. } => break result,
            _ => {}
        }
    };
    assert_eq!(result.winner.is_some(), position.outcome().is_some_and(|outcome| outcome.winner().is_some()));
    let (_, stored) = api.get(&format!("/api/games/{game_id}"), None).await;
    let stored: GameSnapshot = serde_json::from_value(stored).expect("a game");
    assert_eq!(stored.result, Some(result));
    server.stop().await;
}

/// How many actions a move text holds.
fn position_actions(notation: &str, ruleset: RulesetSpec) -> usize {
    kinds::kind_of(ruleset.kind()).action_count(notation).expect("the server's notation")
}
