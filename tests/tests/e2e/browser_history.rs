//! A player's game history in headless Chromium: reached from the profile, 25 games a page of 20 at a time
//! ("Older games"), then filtered by game and result and by opponent, each row linking to its replay and its
//! analysis, the filters kept in the address; an unknown opponent's refusal on the page; the page in Polish and Russian with no
//! catalog key left. Screenshots go to `artifacts/browser/` (`history`, `history-filtered`, `history-<language>`).

use fantoccini::Locator;
use kartka_protocol::rest::Session;
use kartka_server::config::Settings;
use kartka_server::store::Millis;
use kartka_tests::browser::{self, Browser, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use kartka_tests::stored::StoredGame;
use serde_json::json;
use uuid::Uuid;

const DESKTOP: (u32, u32) = (1280, 900);
const T0: Millis = 1_750_000_000_000;
const SOCCER: (&str, &str) = (r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#, "paper-soccer");
const CLOSING_IN: (&str, &str) = (r#"{"kind":"closing-in","size":8}"#, "closing-in");
const BLITZ: (&str, &str) = (r#"{"type":"fischer","initial_seconds":300,"increment_seconds":5}"#, "blitz");

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// The game ids of the history rows on the page, top to bottom, once there are `count` of them.
async fn rows(reader: &Browser, count: usize) -> Vec<Uuid> {
    let ids = browser::eventually(PAGE_TIMEOUT, || async {
        let rows = reader.client.find_all(Locator::Css(".history-table tr.history-game")).await.ok()?;
        if rows.len() != count {
            return None;
        }
        let mut ids = Vec::new();
        for row in rows {
            ids.push(row.attr("data-game").await.ok()??.parse().ok()?);
        }
        Some(ids)
    })
    .await;
    ids.unwrap_or_else(|| panic!("the history never showed {count} games"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_pages_and_filters_and_links_each_game_to_its_replay() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let opponents = [register(&api, "bob").await, register(&api, "carol").await];
    // 25 games, newest last: the kinds alternate, alice wins every third, carol plays every fifth.
    let mut made = Vec::new();
    for index in 0..25_usize {
        let opponent = &opponents[usize::from(index % 5 == 0)];
        let alice_first = index % 2 == 0;
        let (first_id, second_id) =
            if alice_first { (alice.account.id, opponent.account.id) } else { (opponent.account.id, alice.account.id) };
        let alice_seat = if alice_first { "first" } else { "second" };
        let loser_seat = if alice_first { "second" } else { "first" };
        let winner = Some(Some(if index % 3 == 0 { alice_seat } else { loser_seat }));
        let ruleset = if index % 2 == 0 { SOCCER } else { CLOSING_IN };
        let created_at = T0 + 60_000 * Millis::try_from(index).expect("few games");
        let game = StoredGame { first_id, second_id, ruleset, time_control: BLITZ, winner, created_at };
        made.push((game.insert(server.state.store.as_ref()).await, index));
    }
    let newest_first: Vec<Uuid> = made.iter().rev().map(|(id, _)| *id).collect();

    let driver = Chromedriver::start();
    let reader = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    reader.record_script_errors().await;
    reader.goto("/player/alice").await;
    reader.click("#history-link").await;
    reader.wait_for_text(".history h1", "Games of alice").await;
    assert_eq!(reader.path().await, "/player/alice/games");
    assert_eq!(rows(&reader, 20).await, newest_first[..20], "the first page: the 20 newest");
    reader.wait_for_text(".history-table", "Paper Soccer").await;
    reader.wait_for_text(".history-table", "Closing In").await;
    reader.click("#history-older").await;
    assert_eq!(rows(&reader, 25).await, newest_first, "older games follow");
    assert!(!reader.find("#history-older").await.is_displayed().await.expect("shown or not"), "no more pages");
    let first_replay = reader.find(".history-table tr.history-game a.replay-link").await;
    let href = first_replay.attr("href").await.expect("an attribute");
    assert_eq!(href, Some(format!("/replay/{}", newest_first[0])));
    reader.screenshot("history").await;

    // Closing In games alice won: every third game that is odd.
    let form = "#history-filters";
    reader.find(&format!("{form} select[name=kind]")).await.select_by_value("closing-in").await.expect("a kind");
    reader.find(&format!("{form} select[name=result]")).await.select_by_value("win").await.expect("a result");
    reader.click(&format!("{form} button[type=submit]")).await;
    let wanted: Vec<Uuid> =
        made.iter().rev().filter(|(_, index)| index % 2 == 1 && index % 3 == 0).map(|(id, _)| *id).collect();
    assert_eq!(rows(&reader, wanted.len()).await, wanted);
    let texts = reader.text(".history-table tbody").await;
    assert!(!texts.contains("Paper Soccer") && !texts.contains("Lost"), "only won Closing In games: {texts}");
    let url = reader.client.current_url().await.expect("the address");
    assert_eq!(url.query(), Some("kind=closing-in&result=win"), "the filters are in the address");
    // Following a row's replay link opens the replay of that game.
    reader.click(".history-table tr.history-game a.replay-link").await;
    browser::eventually(PAGE_TIMEOUT, || async {
        (reader.path().await == format!("/replay/{}", wanted[0])).then_some(())
    })
    .await
    .expect("the replay opens");
    reader.client.back().await.expect("back to the history");
    assert_eq!(rows(&reader, wanted.len()).await, wanted, "the filters come back with the address");
    // And its analysis link leads to the analysis board of that game (the board itself: browser_analysis).
    reader.click(".history-table tr.history-game a.analysis-link").await;
    browser::eventually(PAGE_TIMEOUT, || async {
        (reader.path().await == format!("/analysis/{}", wanted[0])).then_some(())
    })
    .await
    .expect("the analysis opens");
    reader.client.back().await.expect("back to the history");
    assert_eq!(rows(&reader, wanted.len()).await, wanted, "the filters come back again");

    // Against carol, any game: every fifth.
    reader.find(&format!("{form} select[name=kind]")).await.select_by_value("").await.expect("any kind");
    reader.find(&format!("{form} select[name=result]")).await.select_by_value("").await.expect("any result");
    reader.fill(&format!("{form} input[name=opponent]"), "carol").await;
    reader.click(&format!("{form} button[type=submit]")).await;
    let wanted: Vec<Uuid> = made.iter().rev().filter(|(_, index)| index % 5 == 0).map(|(id, _)| *id).collect();
    assert_eq!(rows(&reader, wanted.len()).await, wanted);
    reader.screenshot("history-filtered").await;
    reader.fill(&format!("{form} input[name=opponent]"), "nobody").await;
    reader.click(&format!("{form} button[type=submit]")).await;
    reader.wait_for_text(".history [role=status]", "There is no player of that name.").await;
    rows(&reader, 0).await;

    for (language, heading) in [("pl", "Partie gracza alice"), ("ru", "Партии игрока alice")] {
        reader.goto("/player/alice/games?speed=blitz").await;
        reader.find("#language-choice").await.select_by_value(language).await.expect("choose a language");
        reader.wait_for_text(".history h1", heading).await;
        rows(&reader, 20).await;
        let untranslated = reader.untranslated_texts().await;
        assert!(untranslated.is_empty(), "{language}: {untranslated:?}");
        reader.screenshot(&format!("history-{language}")).await;
    }
    let errors = reader.script_errors().await;
    assert!(errors.is_empty(), "script errors {errors:?}");
    reader.close().await;
    server.stop().await;
}
