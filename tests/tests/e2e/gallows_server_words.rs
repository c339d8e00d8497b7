//! Gallows' `word: server` end to end, on both stores: the server plays each round's word for the setter's seat
//! as soon as the round begins (when the game is created, and when the first round ends), drawn from its own
//! RNG. The stored move is the setter's seat's, public as blanks with a commitment; the word is that seat's
//! private text alone; the setter's player has no move to make; two games of one ruleset draw different words
//! (nothing public fixes them); and the record of the finished game verifies against both words.

use kartka_engine::gallows::GallowsRecord;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(the_server_draws_and_commits_each_word_for_the_setters_seat);

/// Ten minutes each: no clock falls here.
const CLOCK: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// The letters the guessers try, in order, until their round ends (six misses hang a guesser at the latest).
const LETTERS: &str = "aeioyuzrnwskcptmdlłbjgęąśóżhfćńźvxq";

fn server_words() -> RulesetSpec {
    serde_json::from_value(json!({ "kind": "gallows", "word": "server" })).expect("a Gallows ruleset")
}

/// The game as a visitor reads it.
async fn stored(api: &Api, game: Uuid) -> Value {
    let (status, body) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The stored moves once there are `count`.
async fn moves_once(api: &Api, game: Uuid, count: usize) -> Vec<Value> {
    for _ in 0..200 {
        let moves = stored(api, game).await["moves"].as_array().cloned().unwrap_or_default();
        if moves.len() >= count {
            return moves;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("{count} moves are stored");
}

/// `token`'s guesses, letter after letter, until the round or the game is over; answers the moves stored then.
async fn guess_until_the_round_ends(api: &Api, game: Uuid, token: &str) -> Vec<Value> {
    let mut moves = stored(api, game).await["moves"].as_array().cloned().unwrap_or_default();
    for (index, letter) in LETTERS.chars().enumerate() {
        let body = json!({ "ply": moves.len(), "client_move_id": format!("g{index}"), "notation": letter.to_string() });
        let (status, answer) = api.post(&format!("/api/games/{game}/moves"), Some(token), &body).await;
        assert_eq!(status, 200, "the guess {letter}: {answer}");
        let before = moves.len();
        moves = moves_once(api, game, before + 1).await;
        // A finished game shows each move as its mover sent it, the answers gone with the secrets revealed.
        if stored(api, game).await["status"] == "finished" {
            return moves;
        }
        // The guess's own text (the server's next word may follow it already).
        let answer = moves[before]["notation"].as_str().unwrap_or_default().to_owned();
        if answer.contains('#') || !answer.contains('_') && answer.contains('+') {
            return moves[..=before].to_vec();
        }
    }
    panic!("the round never ended: {moves:?}");
}

async fn the_server_draws_and_commits_each_word_for_the_setters_seat(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game_of(&alice, &bob, server_words(), CLOCK, false).await;

    // The first word is in as soon as the game is: the first seat's move, public as blanks, committed.
    let moves = moves_once(&api, game, 1).await;
    let drawn = &moves[0];
    assert_eq!(drawn["seat"], "first", "{drawn}");
    let blanks = drawn["notation"].as_str().expect("a text");
    assert!(blanks.starts_with("W:") && blanks[2..].chars().all(|c| c == '_'), "public as blanks: {drawn}");
    assert!(drawn["commitment"].as_str().is_some_and(|c| c.len() == 64), "committed: {drawn}");
    assert!(drawn.get("secret").is_none() && drawn.get("nonce").is_none(), "{drawn}");
    let (_, alices) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let word = alices.moves[0].secret.clone().expect("the setter's seat gets the word");
    assert!(word.starts_with("W:") && !word.contains('_'), "{word}");
    assert_eq!(word.chars().count(), blanks.chars().count(), "the blanks are the word's");
    let (_, bobs) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert_eq!((bobs.moves[0].secret.as_ref(), bobs.moves[0].notation.as_str()), (None, blanks), "Bob sees blanks");
    let body = json!({ "ply": 1, "client_move_id": "mine", "notation": "W:kobra" });
    let (status, answer) = api.post(&format!("/api/games/{game}/moves"), Some(&alice.token), &body).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("not_your_turn")), "Alice sets nothing: {answer}");

    // A game of the same ruleset draws another word.
    let other = api.start_game_of(&alice, &bob, server_words(), CLOCK, false).await;
    moves_once(&api, other, 1).await;
    let (_, again) = WsClient::subscribed(server.addr, &alice.token, other).await;
    assert_ne!(again.moves[0].secret.as_deref(), Some(word.as_str()), "nothing public fixes the word");

    // Bob guesses until the round ends; the server draws the second word for Bob's seat at once.
    let moves = guess_until_the_round_ends(&api, game, &bob.token).await;
    let second = &moves_once(&api, game, moves.len() + 1).await[moves.len()];
    assert_eq!(second["seat"], "second", "the second word is the second seat's: {second}");
    assert!(second["notation"].as_str().is_some_and(|text| text.starts_with("W:_")), "{second}");
    guess_until_the_round_ends(&api, game, &alice.token).await;

    let (status, record) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200, "the record of the finished game: {record}");
    assert!(record.contains("[Word \"server\"]") && record.contains(&word), "{record}");
    let read = GallowsRecord::read(&record).expect("a Gallows record");
    read.verify().unwrap_or_else(|error| panic!("the record verifies: {error}\n{record}"));
    server.stop().await;
}
