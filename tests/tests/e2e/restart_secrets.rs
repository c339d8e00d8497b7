//! A game with secrets across SIGKILLs of the server process (issue #35): killed in the middle of the secrets
//! phase (one secret chosen and acknowledged) and in the middle of a round (one guess in), the restarted server
//! has lost nothing acknowledged and reveals nothing early. The chosen secret comes back to its owner with the
//! same commitment and nonce, the other seat and the public see only that it is ready, the half-submitted
//! round's guess stays its owner's, and at the end the revealed secrets match the commitments published before
//! the kills: the game's record verifies.

use kartka_engine::bulls_and_cows::BullsAndCowsRecord;
use kartka_protocol::rest::Session;
use kartka_protocol::{EndReasonName, GameEvent, GameSnapshot, MoveRecord, RulesetSpec, SeatName, TimeControl};
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::ServerProcess;
use serde_json::{json, Value};
use uuid::Uuid;

const SERVER: &str = env!("CARGO_BIN_EXE_kartka-test-server");

/// Ten minutes each: no clock falls while the server is down and restarting.
const TEN_MINUTES: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// Alice's secret, Bob's secret, and Bob's wrong guess: no public text of the game before its end holds the
/// second or the third (Alice guesses Bob's secret only in the last move).
const ALICE_SECRET: &str = "1234";
const BOB_SECRET: &str = "5678";
const BOB_GUESS: &str = "1243";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_game_with_secrets_loses_and_reveals_nothing_across_kills() {
    a_game_with_secrets_loses_and_reveals_nothing_across_kills(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_game_with_secrets_loses_and_reveals_nothing_across_kills() {
    a_game_with_secrets_loses_and_reveals_nothing_across_kills(Backend::Postgres).await;
}

/// `player`'s move over REST, which must be acknowledged.
async fn send(api: &Api, game: Uuid, player: &Session, ply: u32, id: &str, notation: &str) {
    let body = json!({ "ply": ply, "client_move_id": id, "notation": notation });
    let (status, reply) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
    assert_eq!(status, 200, "{notation} is acknowledged: {reply}");
}

/// What `player`'s own connection is given of the game.
async fn view_of(server: &ServerProcess, player: &Session, game: Uuid) -> (WsClient, GameSnapshot) {
    WsClient::subscribed(server.addr, &player.token, game).await
}

/// The public snapshot over REST, as text, which must not hold any of `secrets`.
async fn public_holds_none(api: &Api, game: Uuid, secrets: &[&str]) -> Value {
    let (status, body) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    let text = body.to_string();
    for secret in secrets {
        assert!(!text.contains(secret), "the public game holds {secret}: {text}");
    }
    body
}

/// The moves of `seat` in `view`.
fn moves_of(view: &GameSnapshot, seat: SeatName) -> Vec<&MoveRecord> {
    view.moves.iter().filter(|m| m.seat == seat).collect()
}

async fn a_game_with_secrets_loses_and_reveals_nothing_across_kills(backend: Backend) {
    let database = TestDb::new(backend).await;
    let server = ServerProcess::start(SERVER, database.url(), &[]);
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let spec: RulesetSpec = serde_json::from_value(json!({ "kind": "bulls-and-cows" })).expect("a ruleset");
    let game = api.start_game_of(&alice, &bob, spec, TEN_MINUTES, false).await;

    // Mid-setup: Bob's secret is acknowledged, Alice's is not chosen yet.
    send(&api, game, &bob, 0, "secret-b", &format!("S:{BOB_SECRET}")).await;
    let (_, before) = view_of(&server, &bob, game).await;
    let committed = moves_of(&before, SeatName::Second)[0].clone();
    server.kill();

    let server = ServerProcess::start(SERVER, database.url(), &[]);
    let api = Api::new(server.url());
    let (_, bobs) = view_of(&server, &bob, game).await;
    assert_eq!(moves_of(&bobs, SeatName::Second), [&committed], "Bob's secret, commitment and nonce are kept");
    assert_eq!(committed.secret.as_deref(), Some(format!("S:{BOB_SECRET}").as_str()));
    assert!(committed.nonce.is_some() && committed.commitment.is_some(), "{committed:?}");
    let (_, alices) = view_of(&server, &alice, game).await;
    let seen = moves_of(&alices, SeatName::Second)[0];
    assert_eq!((seen.notation.as_str(), seen.secret.as_ref(), seen.nonce.as_ref()), ("S", None, None), "{seen:?}");
    assert_eq!(seen.commitment, committed.commitment, "Alice holds the commitment published before the kill");
    assert_eq!(alices.seats_to_act, [SeatName::First], "only Alice still chooses");
    public_holds_none(&api, game, &[BOB_SECRET]).await;

    // Mid-round: both secrets are in, and of the first round only Bob's guess.
    send(&api, game, &alice, alices.ply, "secret-a", &format!("S:{ALICE_SECRET}")).await;
    let (_, bobs) = view_of(&server, &bob, game).await;
    send(&api, game, &bob, bobs.ply, "guess-b", BOB_GUESS).await;
    server.kill();

    let server = ServerProcess::start(SERVER, database.url(), &[]);
    let api = Api::new(server.url());
    let (_, bobs) = view_of(&server, &bob, game).await;
    let own_guess = moves_of(&bobs, SeatName::Second).last().map(|m| m.notation.clone());
    assert_eq!(own_guess.as_deref(), Some(BOB_GUESS), "Bob's guess survived the kill, his own");
    let (mut alice_socket, alices) = view_of(&server, &alice, game).await;
    let alices_text = serde_json::to_string(&alices).expect("a snapshot serialises");
    assert!(!alices_text.contains(BOB_GUESS) && !alices_text.contains(BOB_SECRET), "{alices_text}");
    assert_eq!(alices.seats_to_act, [SeatName::First], "Alice still guesses");
    public_holds_none(&api, game, &[BOB_SECRET, BOB_GUESS]).await;

    // Alice breaks the code; the end reveals secrets that match the commitments of before the kills.
    send(&api, game, &alice, alices.ply, "guess-a", BOB_SECRET).await;
    let (result, revealed) = loop {
        if let GameEvent::Ended { result, revealed, .. } = alice_socket.next_event().await.event {
            break (result, revealed);
        }
    };
    assert_eq!((result.reason, result.winner), (EndReasonName::CodeBroken, Some(SeatName::First)));
    let bobs_secret = revealed.iter().find(|m| m.seat == SeatName::Second).expect("Bob's secret is revealed");
    assert_eq!(bobs_secret, &committed, "revealed as committed before the first kill");
    let (status, record) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let read = BullsAndCowsRecord::read(&record).expect("the record reads");
    read.verify().expect("the record verifies: commitments and every answer");
    server.kill();
}
