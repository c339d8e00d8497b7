//! `kartka bot --server`: the bot client plays through the public protocol against a server, as any outside
//! program would. A scripted player challenges it and plays the engine's first legal action each turn; the bot
//! accepts, plays its turns from the game's clock, and after being stopped and started again (a restart of
//! `kartka bot`) finds its game among its active ones and plays it to the end. Invited with other players to a
//! Dots and Boxes game of three, or of four in which the seat before its own leaves, the built-in bot takes its
//! seat and plays it, and only it, to the end by the rules; and it takes its seat in the rematch of three.

use std::time::Duration;

use kartka_bot::Level;
use kartka_engine::{AnyGame, Seat};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::kinds::{closing_in::ClosingInOptions, paper_soccer::PaperSoccerOptions};
use kartka_protocol::rest::{Challenge, ChallengeStatus, ColourChoice, CreateChallenge, Session};
use kartka_protocol::{
    EndReasonName, GameEvent, GameSnapshot, GameStatus, RulesetSpec, SeatName, ServerFrame, TimeControl,
};
use kartka_server::bot_client::{self, BotClientSettings, ChallengePolicy, ThinkingLimits};
use kartka_server::config::Settings;
use kartka_server::games::{convert, kinds};
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    the_bot_accepts_a_challenge_and_plays_it_to_the_end_across_a_restart,
    the_bot_plays_a_limited_number_of_games_with_one_challenger_and_in_all,
    a_long_clock_buys_the_bot_no_more_than_its_thinking_ceiling,
    the_built_in_bot_takes_its_seat_in_a_challenge_for_three_plays_it_to_the_end_and_in_its_rematch,
    the_built_in_bot_plays_its_seat_of_four_after_the_seat_before_it_leaves,
);

/// Short enough for a test, long enough that the bot's reserve keeps it from flagging on a loaded machine.
const CLOCK: TimeControl = TimeControl::Fischer { initial_seconds: 20, increment_seconds: 1 };

/// How long a whole game may take before the test gives up.
const GAME_TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the bot client (what `kartka bot --server URL --token T` runs) until the returned sender is used or
/// dropped.
fn start_bot(server: &TestServer, token: &str, policy: ChallengePolicy) -> (oneshot::Sender<()>, JoinHandle<()>) {
    start_bot_thinking(server, token, policy, ThinkingLimits::default())
}

/// [`start_bot`] with the bot's thinking limited by `thinking`.
fn start_bot_thinking(
    server: &TestServer,
    token: &str,
    policy: ChallengePolicy,
    thinking: ThinkingLimits,
) -> (oneshot::Sender<()>, JoinHandle<()>) {
    let settings = BotClientSettings {
        server: server.url(),
        token: token.to_owned(),
        level: Level::new(8).expect("a level"),
        policy,
        thinking,
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let shutdown = async {
            let _ = stopped.await;
        };
        bot_client::run(settings, shutdown).await.expect("the bot runs until stopped");
    });
    (stop, task)
}

/// `challenger` challenges `opponent`, taking the first seat; the challenge.
async fn challenge(api: &Api, challenger: &Session, opponent: &str, ruleset: RulesetSpec) -> Challenge {
    challenge_with_clock(api, challenger, opponent, ruleset, CLOCK).await
}

/// [`challenge`] with the clock `time_control`.
async fn challenge_with_clock(
    api: &Api,
    challenger: &Session,
    opponent: &str,
    ruleset: RulesetSpec,
    time_control: TimeControl,
) -> Challenge {
    let request = CreateChallenge {
        opponent: Some(opponent.to_owned()),
        invited: Vec::new(),
        ruleset,
        time_control,
        colour: ColourChoice::First,
        rated: false,
        expires_in_seconds: None,
    };
    let body = serde_json::to_value(&request).expect("serialise");
    let (status, created) = api.post("/api/challenges", Some(&challenger.token), &body).await;
    assert_eq!(status, 201, "create challenge: {created}");
    serde_json::from_value(created).expect("a challenge")
}

/// Waits until the challenge is answered; how.
async fn answer_to(api: &Api, player: &Session, challenge: Uuid) -> ChallengeStatus {
    let answered = kartka_tests::browser::eventually(GAME_TIMEOUT, || async {
        let (_, body) = api.get(&format!("/api/challenges/{challenge}"), Some(&player.token)).await;
        let status = serde_json::from_value::<Challenge>(body).expect("a challenge").status;
        (status != ChallengeStatus::Open).then_some(status)
    })
    .await;
    answered.expect("the bot answers the challenge")
}

/// Waits until the challenge is answered; its game.
async fn accepted_game(api: &Api, player: &Session, challenge: Uuid) -> Uuid {
    for _ in 0..200 {
        let (_, body) = api.get(&format!("/api/challenges/{challenge}"), Some(&player.token)).await;
        let challenge: Challenge = serde_json::from_value(body).expect("a challenge");
        match challenge.status {
            ChallengeStatus::Accepted => return challenge.game_id.expect("an accepted challenge names its game"),
            ChallengeStatus::Open => tokio::time::sleep(Duration::from_millis(50)).await,
            other => panic!("the bot answered {other:?}"),
        }
    }
    panic!("the bot never answered the challenge")
}

/// Subscribes; the snapshot. Frames for the account (the accepted challenge's notice, say) may come first.
async fn subscribe(client: &mut WsClient, game: Uuid) -> GameSnapshot {
    client.send(json!({ "type": "subscribe", "id": 1, "game_id": game })).await;
    loop {
        match client.next().await {
            ServerFrame::Snapshot { game: snapshot } => return snapshot,
            frame @ ServerFrame::Error { .. } => panic!("expected a snapshot: {frame:?}"),
            _ => {}
        }
    }
}

/// The scripted player: in the first seat, the engine's first legal action on each of its turns, one action
/// per frame, until `stop_after_ply` actions are played (or the game ends). The position it ends in.
async fn play_scripted(
    client: &mut WsClient,
    game_id: Uuid,
    position: &mut AnyGame,
    ply: &mut u32,
    stop_after_ply: u32,
) {
    while *ply < stop_after_ply {
        match position.to_act() {
            None => return,
            Some(Seat::FIRST) => {
                let action = position.legal_actions().into_iter().next().expect("a seat to act has an action");
                let frame = json!({ "type": "move", "game_id": game_id, "ply": *ply, "client_move_id": format!("s{ply}"), "notation": action });
                client.send(frame).await;
            }
            Some(_) => {}
        }
        // Every move, ours or the bot's, comes back as an event; the position follows them alone.
        loop {
            let event = tokio::time::timeout(GAME_TIMEOUT, client.next_event()).await.expect("the game goes on");
            if let GameEvent::Moved { record, .. } = &event.event {
                let played = position.play(&record.notation).expect("the server's moves are legal");
                *ply = record.ply + u32::try_from(played.actions).expect("a small count");
                break;
            }
            if matches!(event.event, GameEvent::Ended { .. }) {
                panic!("the game ended before its last move: {event:?}");
            }
        }
    }
}

async fn the_bot_accepts_a_challenge_and_plays_it_to_the_end_across_a_restart(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, robot, mallory) = (api.guest("alice").await, api.guest("robot").await, api.guest("mallory").await);
    let only_alice =
        || ChallengePolicy { accept_from: vec!["ALICE".to_owned()], max_games: Some(1), ..ChallengePolicy::default() };
    let (stop, bot) = start_bot(&server, &robot.token, only_alice());

    // Challenges from players it does not accept are declined.
    let refused = challenge(&api, &mallory, "robot", RulesetSpec::ClosingIn(ClosingInOptions { size: 5 })).await;
    let mut answered = refused.status;
    for _ in 0..200 {
        let (_, body) = api.get(&format!("/api/challenges/{}", refused.id), Some(&mallory.token)).await;
        answered = serde_json::from_value::<Challenge>(body).expect("a challenge").status;
        if answered != ChallengeStatus::Open {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(answered, ChallengeStatus::Declined);

    let ruleset = RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 6, height: 8, goal: 2 });
    let offered = challenge(&api, &alice, "robot", ruleset).await;
    let game_id = accepted_game(&api, &alice, offered.id).await;
    let mut client = WsClient::connect(server.addr, &alice.token).await;
    let snapshot = subscribe(&mut client, game_id).await;
    assert_eq!(snapshot.players[1].name, "robot");
    let mut position = AnyGame::new(&kinds::ruleset(&ruleset).expect("a valid ruleset"));
    let mut ply = 0;

    // A few turns each, then `kartka bot` is stopped and started again: it finds the game and goes on.
    play_scripted(&mut client, game_id, &mut position, &mut ply, 6).await;
    stop.send(()).expect("the bot is running");
    bot.await.expect("the bot stops cleanly");
    let (_stop_again, bot_again) = start_bot(&server, &robot.token, only_alice());
    play_scripted(&mut client, game_id, &mut position, &mut ply, u32::MAX).await;
    let outcome = position.outcome().expect("played to the end by the rules");

    let ended = loop {
        let event = tokio::time::timeout(GAME_TIMEOUT, client.next_event()).await.expect("the end comes");
        if let GameEvent::Ended { result, .. } = event.event {
            break result;
        }
    };
    let winner = outcome.winner().map(|seat| if seat == Seat::FIRST { SeatName::First } else { SeatName::Second });
    assert_eq!(ended.winner, winner, "the server's result is the rules' result");
    assert_ne!(ended.reason, EndReasonName::Time, "the bot never flags");
    let (_, body) = api.get(&format!("/api/games/{game_id}"), None).await;
    let stored: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(stored.status, GameStatus::Finished);

    // Its one game played, the restarted bot stops by itself.
    tokio::time::timeout(GAME_TIMEOUT, bot_again).await.expect("the bot stops after its last game").expect("cleanly");
    server.stop().await;
}

/// A clock under which the bot would think for most of an hour a move, were its thinking not capped.
const DAY: TimeControl = TimeControl::Fischer { initial_seconds: 86_400, increment_seconds: 0 };

async fn the_bot_plays_a_limited_number_of_games_with_one_challenger_and_in_all(url: &str) {
    // No first-move time: the games stay on while nobody moves.
    let server = TestServer::start(url, Settings { first_move: Duration::ZERO, ..Settings::default() }).await;
    let api = Api::new(server.url());
    let robot = api.guest("robot").await;
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let policy =
        ChallengePolicy { games_per_challenger: Some(1), games_at_once: Some(2), ..ChallengePolicy::default() };
    let (_stop, _bot) = start_bot(&server, &robot.token, policy);
    let ruleset = RulesetSpec::ClosingIn(ClosingInOptions { size: 5 });

    let first = challenge_with_clock(&api, &alice, "robot", ruleset, DAY).await;
    let game = accepted_game(&api, &alice, first.id).await;
    let again = challenge_with_clock(&api, &alice, "robot", ruleset, DAY).await;
    assert_eq!(answer_to(&api, &alice, again.id).await, ChallengeStatus::Declined, "one game at once with alice");
    let other = challenge_with_clock(&api, &bob, "robot", ruleset, DAY).await;
    assert_eq!(answer_to(&api, &bob, other.id).await, ChallengeStatus::Accepted, "bob is another challenger");
    let third = challenge_with_clock(&api, &carol, "robot", ruleset, DAY).await;
    assert_eq!(answer_to(&api, &carol, third.id).await, ChallengeStatus::Declined, "two games at once in all");

    // Once alice's game is over, she may challenge the bot again.
    let (status, body) = api.post(&format!("/api/games/{game}/resign"), Some(&alice.token), &json!({})).await;
    assert_eq!(status, 200, "resign: {body}");
    let after = kartka_tests::browser::eventually(GAME_TIMEOUT, || async {
        let retry = challenge_with_clock(&api, &alice, "robot", ruleset, DAY).await;
        (answer_to(&api, &alice, retry.id).await == ChallengeStatus::Accepted).then_some(())
    })
    .await;
    assert!(after.is_some(), "a game over frees its place");
    server.stop().await;
}

async fn a_long_clock_buys_the_bot_no_more_than_its_thinking_ceiling(url: &str) {
    // No first-move time, which would bound the bot's first search by itself.
    let server = TestServer::start(url, Settings { first_move: Duration::ZERO, ..Settings::default() }).await;
    let api = Api::new(server.url());
    let (alice, robot) = (api.guest("alice").await, api.guest("robot").await);
    let thinking = ThinkingLimits { per_move: Duration::from_millis(300), ..ThinkingLimits::default() };
    let (_stop, _bot) = start_bot_thinking(&server, &robot.token, ChallengePolicy::default(), thinking);
    let ruleset = RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 6, height: 8, goal: 2 });
    let offered = challenge_with_clock(&api, &alice, "robot", ruleset, DAY).await;
    let game_id = accepted_game(&api, &alice, offered.id).await;
    let mut client = WsClient::connect(server.addr, &alice.token).await;
    subscribe(&mut client, game_id).await;
    let mut position = AnyGame::new(&kinds::ruleset(&ruleset).expect("a valid ruleset"));
    let mut ply = 0;
    // Alice's turn, then the bot's: at this clock it would think for about 50 minutes uncapped. The test's
    // allowance is far above the ceiling, for a loaded machine, and far below the uncapped search.
    let bots_turn = async {
        // Alice's actions (a bounce gives her another), one by one, then the bot's first action.
        loop {
            let next = ply + 1;
            let alices = position.to_act() == Some(Seat::FIRST);
            play_scripted(&mut client, game_id, &mut position, &mut ply, next).await;
            if !alices {
                break;
            }
        }
    };
    assert!(tokio::time::timeout(Duration::from_secs(90), bots_turn).await.is_ok(), "the bot thought past its ceiling");
    server.stop().await;
}

/// The built-in bot's level 2, quick enough for a test's game and still a search.
const BUILT_IN_BOT: &str = "kartka-bot-2";

/// `challenger` invites the built-in bot and `others` to a Dots and Boxes game of as many seats, the challenger
/// in the first; the others accept; the game, once the bot has taken its seat too.
async fn seats_with_the_bot(api: &Api, challenger: &Session, others: &[&Session], seats: u8) -> Uuid {
    let ruleset = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 2, players: seats });
    let mut invited = vec![BUILT_IN_BOT.to_owned()];
    invited.extend(others.iter().map(|other| other.account.name.clone()));
    let body = json!({ "invited": invited, "ruleset": ruleset, "time_control": CLOCK, "colour": "first" });
    let (status, created) = api.post("/api/challenges", Some(&challenger.token), &body).await;
    assert_eq!(status, 201, "create challenge: {created}");
    let created: Challenge = serde_json::from_value(created).expect("a challenge");
    for other in others {
        let (status, body) =
            api.post(&format!("/api/challenges/{}/accept", created.id), Some(&other.token), &json!({})).await;
        assert_eq!(status, 200, "accept: {body}");
    }
    assert_eq!(answer_to(api, challenger, created.id).await, ChallengeStatus::Accepted, "the bot takes its seat");
    let (_, body) = api.get(&format!("/api/challenges/{}", created.id), Some(&challenger.token)).await;
    serde_json::from_value::<Challenge>(body).expect("a challenge").game_id.expect("an accepted challenge's game")
}

/// How a scripted game of people and the bot went.
struct Played {
    /// The result the server announced.
    ranks: Vec<u8>,
    /// The ranks by the rules, from the position the events built.
    rules_ranks: Vec<u8>,
    /// How many moves the bot made.
    bot_moves: usize,
    /// Who was to act right after each departure.
    after_departures: Vec<Option<Seat>>,
}

/// Plays game `game_id` for the people (`people[i]` is the session at seat `seats[i]`): each plays the engine's
/// first legal action on its turns, one action per frame, except `leaver`, which resigns the first time it is to
/// act. Checks that every move came from the seat to act, and that the bot at `bot` made only its own.
async fn play_with_the_bot(
    server: &TestServer,
    api: &Api,
    game_id: Uuid,
    people: &[(&Session, Seat)],
    bot: Seat,
    leaver: Option<Seat>,
) -> Played {
    let mut sockets = Vec::new();
    for (person, _) in people {
        sockets.push(WsClient::subscribed(server.addr, &person.token, game_id).await);
    }
    let snapshot = sockets[0].1.clone();
    let mut position = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    let (mut ply, mut bot_moves, mut after_departures) = (0_u32, 0, Vec::new());
    let mut left = false;
    loop {
        let to_act = position.to_act();
        if let Some(at) = people.iter().position(|(_, seat)| Some(*seat) == to_act) {
            if leaver == to_act && !left {
                left = true;
                let (status, body) =
                    api.post(&format!("/api/games/{game_id}/resign"), Some(&people[at].0.token), &json!({})).await;
                assert_eq!(status, 200, "resign: {body}");
            } else {
                let action = position.legal_actions().into_iter().next().expect("a seat to act has an action");
                sockets[at].0.send(move_frame(game_id, ply, &format!("s{ply}"), &action)).await;
            }
        }
        // Every move and departure comes back as an event; the position follows them alone.
        loop {
            let event = tokio::time::timeout(GAME_TIMEOUT, sockets[0].0.next_event()).await.expect("the game goes on");
            match event.event {
                GameEvent::Moved { record, .. } => {
                    let mover = convert::seat(record.seat);
                    assert_eq!(Some(mover), position.to_act(), "a move out of turn: {record:?}");
                    bot_moves += usize::from(mover == bot);
                    let played = position.play(&record.notation).expect("the server's moves are legal");
                    ply = record.ply + u32::try_from(played.actions).expect("a small count");
                    break;
                }
                GameEvent::SeatLeft { seat, reason, .. } => {
                    let reason = convert::departure_reason(reason).expect("a departure's reason");
                    position.seat_left(convert::seat(seat), reason);
                    after_departures.push(position.to_act());
                    break;
                }
                GameEvent::Ended { result, .. } => {
                    let outcome = position.outcome().expect("the game ended by the rules");
                    let rules_ranks = outcome.ranks.as_slice().to_vec();
                    return Played { ranks: result.ranks, rules_ranks, bot_moves, after_departures };
                }
                _ => {}
            }
        }
    }
}

/// The seat of `account` in game `game_id`.
async fn seat_of(api: &Api, game_id: Uuid, account: Uuid) -> Seat {
    let (_, body) = api.get(&format!("/api/games/{game_id}"), None).await;
    let stored: GameSnapshot = serde_json::from_value(body).expect("a game");
    let index = stored.players.iter().position(|player| player.account_id == account).expect("a player of the game");
    Seat::new(index).expect("a seat")
}

/// The built-in bot's account id.
async fn built_in_bot(api: &Api) -> Uuid {
    let (status, body) = api.get(&format!("/api/players/{BUILT_IN_BOT}"), None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body["account"]["id"].clone()).expect("an account id")
}

async fn the_built_in_bot_takes_its_seat_in_a_challenge_for_three_plays_it_to_the_end_and_in_its_rematch(url: &str) {
    let settings = Settings { builtin_bot: Some("kartka-bot".to_owned()), ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game_id = seats_with_the_bot(&api, &alice, &[&bob], 3).await;
    let bot = seat_of(&api, game_id, built_in_bot(&api).await).await;
    let bobs = seat_of(&api, game_id, bob.account.id).await;
    assert_eq!(seat_of(&api, game_id, alice.account.id).await, Seat::FIRST);

    let played = play_with_the_bot(&server, &api, game_id, &[(&alice, Seat::FIRST), (&bob, bobs)], bot, None).await;
    assert!(played.bot_moves > 0, "the bot played its seat");
    assert_eq!(played.ranks.len(), 3);
    assert_eq!(played.ranks, played.rules_ranks, "the server's ranks are the rules' ranks");
    let (_, body) = api.get(&format!("/api/games/{game_id}"), None).await;
    let stored: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(stored.status, GameStatus::Finished);
    assert_ne!(stored.result.expect("a result").reason, EndReasonName::Time, "the bot never flags");

    // Alice offers a rematch, which invites both others; bob takes his seat and the bot its own.
    let (status, body) = api.post(&format!("/api/games/{game_id}/rematch"), Some(&alice.token), &json!({})).await;
    assert_eq!(status, 201, "rematch: {body}");
    let offer: Challenge = serde_json::from_value(body).expect("a rematch offer");
    let (status, body) = api.post(&format!("/api/games/{game_id}/rematch"), Some(&bob.token), &json!({})).await;
    assert_eq!(status, 200, "bob's seat: {body}");
    assert_eq!(answer_to(&api, &alice, offer.id).await, ChallengeStatus::Accepted, "the bot takes its seat again");
    let (_, body) = api.get(&format!("/api/challenges/{}", offer.id), Some(&alice.token)).await;
    let rematch = serde_json::from_value::<Challenge>(body).expect("a challenge").game_id.expect("the rematch");
    assert_eq!(seat_of(&api, rematch, built_in_bot(&api).await).await.index(), (bot.index() + 1) % 3, "rotated");
    server.stop().await;
}

async fn the_built_in_bot_plays_its_seat_of_four_after_the_seat_before_it_leaves(url: &str) {
    let settings = Settings { builtin_bot: Some("kartka-bot".to_owned()), ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let game_id = seats_with_the_bot(&api, &alice, &[&bob, &carol], 4).await;
    let bot = seat_of(&api, game_id, built_in_bot(&api).await).await;
    let mut people = Vec::new();
    for person in [&alice, &bob, &carol] {
        people.push((person, seat_of(&api, game_id, person.account.id).await));
    }
    // The seat whose turn comes just before the bot's leaves when it is first to act.
    let before_the_bot = Seat::new((bot.index() + 3) % 4).expect("a seat");

    let played = play_with_the_bot(&server, &api, game_id, &people, bot, Some(before_the_bot)).await;
    assert_eq!(played.after_departures, [Some(bot)], "the turn passes the leaver to the bot");
    assert!(played.bot_moves > 0, "the bot played on after the departure");
    assert_eq!(played.ranks.len(), 4);
    assert_eq!(played.ranks, played.rules_ranks, "the server's ranks are the rules' ranks");
    assert_eq!(played.ranks[before_the_bot.index()], 4, "the leaver ranks last");
    server.stop().await;
}
