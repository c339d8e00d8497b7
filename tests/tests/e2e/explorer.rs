//! The opening explorer on both stores: a few kurnik corpus games imported, whose first turns the explorer
//! counts as the records say; two games reaching one position by different move orders, which meet there; the
//! band and speed filters; a rated live game written in when it ends, in its players' band, as a rebuild from
//! the stored game writes it; a rebuild that writes the same rows again; a Superghost game (a ruleset naming
//! its word list, a challenge told with the list's verdict) written in from its actor's memory as a rebuild
//! writes it from the store; typed refusals of bad rulesets, moves, bands and speeds; and the per-address
//! limit.

use std::collections::BTreeMap;

use kartka_protocol::kinds::dictionary::LanguageCode;
use kartka_protocol::kinds::superghost::SuperghostOptions;
use kartka_protocol::rest::{ExplorerPosition, Session};
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::import;
use kartka_server::config::{Limits, Settings};
use kartka_server::explorer::index;
use kartka_tests::browser::eventually;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::corpus::{first_games, first_turns, TRANSPOSED};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    imported_openings_are_counted_and_transpositions_meet,
    a_finished_live_game_is_written_in_and_bad_queries_are_refused,
    a_superghost_game_is_written_in_from_memory_as_from_the_store,
);

/// Corpus games imported: enough for first turns to repeat.
const CORPUS_GAMES: usize = 40;
const KURNIK: &str = r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#;

/// One client address may query the explorer as often as its allowance says, in a burst; past it, the query is
/// refused with `rate_limited`, bad or not (refused queries count too).
#[tokio::test]
async fn queries_past_an_addresses_allowance_are_refused() {
    let database = TestDb::new(Backend::Sqlite).await;
    let limits = Limits { explorer_queries_per_minute: 3, ..Limits::default() };
    let server = TestServer::start(database.url(), Settings { limits, ..Settings::default() }).await;
    let api = Api::new(server.url());
    explore(&api, "", "").await;
    let (status, _) = api.get("/api/explorer?ruleset=not-json", None).await;
    assert_eq!(status, 400, "a bad query within the allowance is answered");
    explore(&api, "0", "").await;

    let ruleset = urlencode(KURNIK);
    let (status, body) = api.get(&format!("/api/explorer?ruleset={ruleset}"), None).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")), "{body}");
    let (status, _) = api.get("/api/explorer?ruleset=not-json", None).await;
    assert_eq!(status, 429, "refused before the query is read");
}

async fn explore(api: &Api, moves: &str, filters: &str) -> ExplorerPosition {
    explore_ruleset(api, KURNIK, moves, filters).await
}

async fn explore_ruleset(api: &Api, ruleset: &str, moves: &str, filters: &str) -> ExplorerPosition {
    let (ruleset, moves) = (urlencode(ruleset), urlencode(moves));
    let (status, body) = api.get(&format!("/api/explorer?ruleset={ruleset}&moves={moves}{filters}"), None).await;
    assert_eq!(status, 200, "{moves}{filters}: {body}");
    serde_json::from_value(body).expect("an explorer position")
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => char::from(byte).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

fn counts(position: &ExplorerPosition) -> BTreeMap<String, u64> {
    position.turns.iter().map(|turn| (turn.turn.clone(), turn.games)).collect()
}

async fn imported_openings_are_counted_and_transpositions_meet(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let store = server.state.store.as_ref();
    let records = first_games(CORPUS_GAMES);
    let report = import::import_file(store, "corpus", records.clone().into_bytes(), u64::MAX, Actor::CommandLine)
        .await
        .expect("import");
    assert_eq!(report.imported, CORPUS_GAMES as u64, "{report:?}");
    import::import_file(store, "transposed", TRANSPOSED.as_bytes().to_vec(), u64::MAX, Actor::CommandLine)
        .await
        .expect("import");

    // From the start: every imported game's first turn, as the records say (the two made-up games add theirs).
    let start = explore(&api, "", "").await;
    let mut expected = first_turns(&records);
    for turn in ["0", "2"] {
        *expected.entry(turn.to_owned()).or_insert(0) += 1;
    }
    assert_eq!(counts(&start), expected);
    assert_eq!(start.turns_played, 0);
    for turn in &start.turns {
        assert_eq!(turn.first_wins + turn.draws + turn.second_wins, turn.games, "{turn:?}");
    }
    let most = start.turns.iter().map(|turn| turn.games).collect::<Vec<_>>();
    assert!(most.windows(2).all(|pair| pair[0] >= pair[1]), "most played first: {most:?}");

    // The two move orders reach one position, where both games' fifth turns are counted.
    let one_way = explore(&api, "02464", "").await;
    let other_way = explore(&api, "20644", "").await;
    assert_eq!(one_way, other_way, "a transposition meets the same position");
    assert_eq!(one_way.turns_played, 4);
    assert_eq!(counts(&one_way), BTreeMap::from([("2".to_owned(), 1), ("6".to_owned(), 1)]));
    let [east, west] = [&one_way.turns[0], &one_way.turns[1]].map(|turn| (turn.first_wins, turn.second_wins));
    assert_eq!(east, (west.1, west.0), "the games ended the other way round: {one_way:?}");
    assert_eq!(east.0 + east.1, 1);

    // Imported games have no ratings (band 0) and a minute each is bullet.
    assert_eq!(explore(&api, "02464", "&band=0&speed=bullet").await, one_way);
    assert!(explore(&api, "02464", "&band=1400").await.turns.is_empty());
    assert!(explore(&api, "02464", "&speed=blitz").await.turns.is_empty());
    assert!(explore(&api, "", "&speed=correspondence").await.turns.is_empty());

    // A rebuild writes the same rows again.
    let games = index::rebuild(store).await.expect("rebuild");
    assert_eq!(games, CORPUS_GAMES as u64 + 2);
    assert_eq!(explore(&api, "", "").await, start);
    assert_eq!(explore(&api, "20644", "").await, one_way);
    server.stop().await;
}

async fn register(api: &Api, name: &str) -> Session {
    let (status, body) =
        api.post("/api/register", None, &json!({ "username": name, "password": "long enough secret" })).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

async fn a_finished_live_game_is_written_in_and_bad_queries_are_refused(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let blitz = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
    // A rated game between two new players: both start at 1500, band 1400 (1400–1599).
    let game = api.start_game_of(&alice, &bob, kartka_tests::client::KURNIK, blitz, true).await;
    let mut first = WsClient::connect(server.addr, &alice.token).await;
    let mut second = WsClient::connect(server.addr, &bob.token).await;
    first.request(1, move_frame(game, 0, "a", "0")).await;
    second.request(1, move_frame(game, 1, "b", "2")).await;
    // Still being played: nothing is counted yet.
    assert!(explore(&api, "", "").await.turns.is_empty());
    second.request(2, json!({ "type": "resign", "game_id": game })).await;
    let written = eventually(std::time::Duration::from_secs(10), || async {
        let start = explore(&api, "", "").await;
        (!start.turns.is_empty()).then_some(start)
    })
    .await
    .expect("the finished game is written into the explorer");
    assert_eq!(counts(&written), BTreeMap::from([("0".to_owned(), 1)]));
    let turn = &written.turns[0];
    assert_eq!((turn.first_wins, turn.draws, turn.second_wins), (1, 0, 0), "bob resigned");
    assert!(explore(&api, "", "&band=0").await.turns.is_empty(), "a rated game has its players' band");
    let after = explore(&api, "0", "&band=1400").await;
    assert_eq!((after.turns_played, counts(&after)), (1, BTreeMap::from([("2".to_owned(), 1)])));
    let in_blitz = explore(&api, "0", "&band=1400&speed=blitz").await;
    assert_eq!(in_blitz, after, "a blitz game");

    // The actor wrote the rows from what it held; a rebuild writes them from the stored game, the same.
    assert_eq!(index::rebuild(server.state.store.as_ref()).await.expect("rebuild"), 1);
    assert_eq!(explore(&api, "", "").await, written);
    assert_eq!(explore(&api, "0", "&band=1400&speed=blitz").await, after);

    let ruleset = urlencode(KURNIK);
    for query in [
        "ruleset=chess".to_owned(),
        "ruleset=%7B%22kind%22%3A%22paper-soccer%22%2C%22width%22%3A3%7D".to_owned(),
        format!("ruleset={ruleset}&moves=9"),
        format!("ruleset={ruleset}&moves=0246"),
        format!("ruleset={ruleset}&band=150"),
        format!("ruleset={ruleset}&speed=slow"),
        "moves=0".to_owned(),
    ] {
        let (status, body) = api.get(&format!("/api/explorer?{query}"), None).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{query}: {body}");
    }
    server.stop().await;
}

/// A Superghost game goes into the explorer under its ruleset (which names the word list by its hash) when it
/// ends, as a rebuild from the store writes it. Its challenge is told as `?+`; Superghost's notation reads a
/// verdict's mark and ignores it, so the told and the stored text make the same rows.
async fn a_superghost_game_is_written_in_from_memory_as_from_the_store(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let options = SuperghostOptions { players: 2, language: LanguageCode::En, dictionary: None };
    let blitz = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
    let game = api.start_game_for(&alice, &[&bob], RulesetSpec::Superghost(options), blitz, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    if snapshot.players[0].account_id != alice.account.id {
        std::mem::swap(&mut first, &mut second);
    }
    let ruleset = serde_json::to_string(&snapshot.ruleset).expect("a ruleset");
    // "ca" is inside "cat": the challenge fails, and is told as `?+`.
    first.request(10, move_frame(game, 0, "a", ">c")).await;
    second.request(11, move_frame(game, 1, "b", ">a")).await;
    first.request(12, move_frame(game, 2, "c", "?")).await;
    let (_, during) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let told: Vec<&str> = during.moves.iter().map(|record| record.notation.as_str()).collect();
    assert_eq!(told, [">c", ">a", "?+"], "the challenge is told with its verdict");
    second.request(13, json!({ "type": "resign", "game_id": game })).await;

    let written = eventually(std::time::Duration::from_secs(10), || async {
        let start = explore_ruleset(&api, &ruleset, "", "").await;
        (!start.turns.is_empty()).then_some(start)
    })
    .await
    .expect("the finished game is written into the explorer");
    assert_eq!(counts(&written), BTreeMap::from([(">c".to_owned(), 1)]));
    let mut line = String::new();
    let mut answers = vec![written];
    for turn in [">c", ">a"] {
        line.push_str(turn);
        answers.push(explore_ruleset(&api, &ruleset, &line, "").await);
    }
    assert_eq!(answers[1].turns.len(), 1, "the second letter is counted: {:?}", answers[1]);
    assert_eq!(answers[2].turns.len(), 1, "the challenge is counted: {:?}", answers[2]);

    assert_eq!(index::rebuild(server.state.store.as_ref()).await.expect("rebuild"), 1);
    let mut line = String::new();
    assert_eq!(explore_ruleset(&api, &ruleset, "", "").await, answers[0], "the start, rebuilt");
    for (turn, answer) in [">c", ">a"].into_iter().zip(&answers[1..]) {
        line.push_str(turn);
        assert_eq!(&explore_ruleset(&api, &ruleset, &line, "").await, answer, "after {line}, rebuilt");
    }
    server.stop().await;
}

/// The explorer's rows of a finished game of `seats` seats that `winner` won, two turns long.
fn opening_rows_of_seats(seats: usize, winner: Option<&str>) -> Vec<kartka_server::store::ExplorerRow> {
    use kartka_server::explorer::rows::{opening_rows, FinishedGame};
    let ruleset: RulesetSpec =
        serde_json::from_str(r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#).expect("a ruleset");
    let game = FinishedGame { id: uuid::Uuid::nil(), ruleset: &ruleset, winner, seats, speed: "blitz", band: 0 };
    opening_rows(&game, ["0", "0"]).expect("the moves replay")
}

#[test]
fn a_game_of_two_has_a_row_per_turn_and_a_game_of_more_seats_has_none() {
    let rows = opening_rows_of_seats(2, Some("first"));
    assert_eq!(rows.iter().map(|row| row.turn_index).collect::<Vec<_>>(), [0, 1]);
    assert!(rows.iter().all(|row| row.result == "first"));
    assert!(opening_rows_of_seats(2, None).iter().all(|row| row.result == "draw"));
    // The explorer's results are a game of two's; the store refuses a third seat's win.
    assert!(opening_rows_of_seats(3, Some("third")).is_empty());
}
