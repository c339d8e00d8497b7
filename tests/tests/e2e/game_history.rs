//! A player's game history over REST on both stores: each filter (game kind, result from the player's side,
//! opponent, speed with correspondence apart), their combinations, keyset paging under a filter, and typed
//! refusals of bad values.

use kartka_protocol::rest::{GameList, Session};
use kartka_server::config::Settings;
use kartka_server::store::Millis;
use kartka_tests::client::Api;
use kartka_tests::server::TestServer;
use kartka_tests::stored::StoredGame;
use uuid::Uuid;

kartka_tests::on_both_stores!(the_history_filters_and_pages, bad_filters_are_refused_with_typed_errors);

const T0: Millis = 1_750_000_000_000;
const SOCCER: &str = r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#;
const CLOSING_IN: &str = r#"{"kind":"closing-in","size":8}"#;
const BLITZ: &str = r#"{"type":"fischer","initial_seconds":300,"increment_seconds":5}"#;
const BULLET: &str = r#"{"type":"fischer","initial_seconds":60,"increment_seconds":0}"#;
const CORRESPONDENCE: &str = r#"{"type":"correspondence","days_per_move":3,"vacation_allowed":true}"#;

/// A game as the test makes it: who sits first, the kind, the time control and speed, and the winner's seat
/// (`Some(None)` a draw, `None` still being played).
struct Spec {
    alice_first: bool,
    opponent: usize,
    kind: (&'static str, &'static str),
    time: (&'static str, &'static str),
    winner: Option<Option<&'static str>>,
}

impl Spec {
    /// The result from alice's side, as the filter names it.
    fn alice_result(&self) -> Option<&'static str> {
        let alice_seat = if self.alice_first { "first" } else { "second" };
        match self.winner? {
            None => Some("draw"),
            Some(seat) if seat == alice_seat => Some("win"),
            Some(_) => Some("loss"),
        }
    }

    fn speed(&self) -> &'static str {
        if self.time.0 == CORRESPONDENCE {
            "correspondence"
        } else {
            self.time.1
        }
    }
}

async fn register(api: &Api, name: &str) -> Session {
    let credentials = serde_json::json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// Every game of alice's history: each kind, result, seat, opponent and speed occurs, in a mix no single filter
/// lines up with.
fn specs() -> Vec<Spec> {
    let kinds = [(SOCCER, "paper-soccer"), (CLOSING_IN, "closing-in")];
    let times = [(BLITZ, "blitz"), (BULLET, "bullet"), (CORRESPONDENCE, "classical")];
    let winners = [Some(Some("first")), Some(Some("second")), Some(None), None];
    (0..24)
        .map(|index| Spec {
            alice_first: index % 2 == 0,
            opponent: (index / 8 % 2) ^ usize::from(index % 3 == 0),
            kind: kinds[index / 2 % 2],
            time: times[index % 3],
            winner: winners[index / 3 % 4],
        })
        .collect()
}

/// Every page of alice's games under a query, followed by `next_before`, `limit` at a time.
async fn every_page(api: &Api, query: &str, limit: u32) -> Vec<Uuid> {
    let mut ids = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let cursor = before.as_deref().map(|before| format!("&before={before}")).unwrap_or_default();
        let (status, body) = api.get(&format!("/api/players/alice/games?limit={limit}{query}{cursor}"), None).await;
        assert_eq!(status, 200, "{query}: {body}");
        let page: GameList = serde_json::from_value(body).expect("a game list");
        assert!(page.games.len() <= limit as usize);
        ids.extend(page.games.iter().map(|game| game.id));
        match page.next_before {
            Some(next) => before = Some(next),
            None => return ids,
        }
    }
}

async fn the_history_filters_and_pages(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let opponents = [register(&api, "bob").await, register(&api, "carol").await];
    let outsider = register(&api, "dave").await;
    let store = server.state.store.as_ref();
    let specs = specs();
    let mut made = Vec::new();
    for (index, spec) in specs.iter().enumerate() {
        let (alice_id, opponent_id) = (alice.account.id, opponents[spec.opponent].account.id);
        let (first_id, second_id) = if spec.alice_first { (alice_id, opponent_id) } else { (opponent_id, alice_id) };
        let created_at = T0 + 60_000 * Millis::try_from(index).expect("few games");
        let game = StoredGame {
            first_id,
            second_id,
            ruleset: spec.kind,
            time_control: spec.time,
            winner: spec.winner,
            created_at,
        };
        made.push((game.insert(store).await, spec));
    }
    // A game alice did not play never shows, whatever the filter.
    let foreign = StoredGame {
        first_id: outsider.account.id,
        second_id: opponents[0].account.id,
        ruleset: (SOCCER, "paper-soccer"),
        time_control: (BLITZ, "blitz"),
        winner: Some(None),
        created_at: T0,
    };
    foreign.insert(store).await;

    let expect = |keep: &dyn Fn(&Spec) -> bool| -> Vec<Uuid> {
        made.iter().rev().filter(|(_, spec)| keep(spec)).map(|(id, _)| *id).collect()
    };
    assert_eq!(every_page(&api, "", 5).await, expect(&|_| true), "all of alice's games, newest first");
    for kind in ["paper-soccer", "closing-in"] {
        let wanted = expect(&|spec| spec.kind.1 == kind);
        assert_eq!(every_page(&api, &format!("&kind={kind}"), 4).await, wanted, "kind {kind}");
    }
    for result in ["win", "loss", "draw"] {
        let wanted = expect(&|spec| spec.alice_result() == Some(result));
        assert!(!wanted.is_empty());
        assert_eq!(every_page(&api, &format!("&result={result}"), 2).await, wanted, "result {result}");
    }
    for (index, opponent) in ["bob", "carol"].into_iter().enumerate() {
        let wanted = expect(&|spec| spec.opponent == index);
        assert_eq!(every_page(&api, &format!("&opponent={opponent}"), 3).await, wanted, "against {opponent}");
    }
    for speed in ["bullet", "blitz", "classical", "correspondence"] {
        let wanted = expect(&|spec| spec.speed() == speed);
        assert_eq!(every_page(&api, &format!("&speed={speed}"), 3).await, wanted, "speed {speed}");
    }
    let wanted =
        expect(&|spec| spec.kind.1 == "closing-in" && spec.alice_result() == Some("win") && spec.opponent == 1);
    assert!(!wanted.is_empty());
    let combined = every_page(&api, "&kind=closing-in&result=win&opponent=carol", 1).await;
    assert_eq!(combined, wanted, "filters combine");
    let wanted = expect(&|spec| spec.kind.1 == "paper-soccer" && spec.speed() == "correspondence");
    assert!(!wanted.is_empty());
    assert_eq!(every_page(&api, "&kind=paper-soccer&speed=correspondence", 2).await, wanted);
    server.stop().await;
}

async fn bad_filters_are_refused_with_typed_errors(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    register(&api, "alice").await;
    for query in ["kind=chess", "result=won", "speed=slow", "speed=", "before=yesterday", "limit=many"] {
        let (status, body) = api.get(&format!("/api/players/alice/games?{query}"), None).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{query}: {body}");
    }
    let (status, body) = api.get("/api/players/alice/games?opponent=nobody", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_player")), "{body}");
    let (status, body) = api.get("/api/players/alice/games?opponent=alice&kind=dots&speed=rapid", None).await;
    assert_eq!(status, 200, "{body}");
    assert!(serde_json::from_value::<GameList>(body).expect("a list").games.is_empty());
    server.stop().await;
}
