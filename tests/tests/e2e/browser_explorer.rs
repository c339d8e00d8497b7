//! The opening explorer in headless Chromium over a small imported kurnik archive: reached from a replay at its
//! start, its table of first turns as the records count them, turns chosen from the table down to a position
//! two move orders reach, which shows the same next turns both ways and again when its address is opened anew,
//! Back and the start position, a speed filter that leaves no game, and the page in Polish and Russian with no catalog key left. Screenshots go to
//! `artifacts/browser/` (`explorer-start`, `explorer-transposed`, `explorer-<language>`).

use std::collections::BTreeMap;

use fantoccini::Locator;
use kartka_server::admin::audit::Actor;
use kartka_server::admin::import;
use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::Api;
use kartka_tests::corpus::{first_games, first_turns, TRANSPOSED};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

const DESKTOP: (u32, u32) = (1280, 900);
const CORPUS_GAMES: usize = 12;

/// The table's turns and game counts, once the page shows `expected` (the table or a message can lag a click).
async fn table(reader: &Browser, expected: &BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    let shown = browser::eventually(PAGE_TIMEOUT, || async {
        let rows = reader.client.find_all(Locator::Css(".explorer-table tr.explorer-next")).await.ok()?;
        let mut shown = BTreeMap::new();
        for row in rows {
            let turn = row.attr("data-turn").await.ok()??;
            let count = row.find(Locator::Css("td.count")).await.ok()?.text().await.ok()?;
            shown.insert(turn, count.parse().ok()?);
        }
        (&shown == expected).then_some(shown)
    })
    .await;
    shown.unwrap_or_else(|| panic!("the explorer never showed {expected:?}"))
}

/// Clicks the table's row of `turn`.
async fn choose(reader: &Browser, turn: &str) {
    // The row's count, not its button: the whole row is the target.
    reader.click(&format!(".explorer-table tr[data-turn=\"{turn}\"] td.count")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_explorer_walks_an_imported_archive_and_transpositions_meet() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let store = server.state.store.as_ref();
    let records = first_games(CORPUS_GAMES);
    import::import_file(store, "corpus", records.clone().into_bytes(), u64::MAX, Actor::CommandLine)
        .await
        .expect("import");
    import::import_file(store, "transposed", TRANSPOSED.as_bytes().to_vec(), u64::MAX, Actor::CommandLine)
        .await
        .expect("import");
    let mut at_start = first_turns(&records);
    for turn in ["0", "2"] {
        *at_start.entry(turn.to_owned()).or_insert(0) += 1;
    }

    // The replay of an imported game links to the explorer of its ruleset.
    let game = store.finished_games_after(None, 1).await.expect("read")[0].id;
    let driver = Chromedriver::start();
    let reader = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    reader.record_script_errors().await;
    reader.goto(&format!("/replay/{game}")).await;
    reader.click("#replay-first").await;
    reader.wait_for_text("#replay-counter", "Step 0 of").await;
    reader.click("#explore-opening").await;
    reader.wait_for_text(".explorer h1", "Opening explorer").await;
    assert_eq!(reader.path().await, "/explorer");
    table(&reader, &at_start).await;
    reader.find(".explorer-table .result-bar span.first").await;
    reader.screenshot("explorer-start").await;

    let both = BTreeMap::from([("2".to_owned(), 1), ("6".to_owned(), 1)]);
    for line in [["0", "2", "4", "64"], ["2", "0", "6", "44"]] {
        reader.click("#explorer-start").await;
        table(&reader, &at_start).await;
        for turn in line {
            choose(&reader, turn).await;
        }
        // Turns numbered in pairs, as on the game page.
        reader.wait_for_text("#explorer-line", &format!("2. {} {}", line[2], line[3])).await;
        assert_eq!(table(&reader, &both).await, both, "after {line:?}");
        // The address keeps the position: opened again, the page is where it was.
        let url = reader.client.current_url().await.expect("the address");
        reader.goto(&format!("{}?{}", url.path(), url.query().unwrap_or_default())).await;
        reader.wait_for_text("#explorer-line", &format!("2. {} {}", line[2], line[3])).await;
        table(&reader, &both).await;
    }
    reader.screenshot("explorer-transposed").await;
    reader.click("#explorer-back").await;
    reader.click("#explorer-back").await;
    reader.wait_for_text("#explorer-line", "1. 2 0").await;
    // What the server counts after E and N (corpus games may have begun so too).
    let api = Api::new(server.url());
    let ruleset = "%7B%22kind%22%3A%22paper-soccer%22%2C%22width%22%3A8%2C%22height%22%3A10%2C%22goal%22%3A2%7D";
    let (_, body) = api.get(&format!("/api/explorer?ruleset={ruleset}&moves=20"), None).await;
    let after_two: BTreeMap<String, u64> = body["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .map(|turn| (turn["turn"].as_str().expect("a turn").to_owned(), turn["games"].as_u64().expect("a count")))
        .collect();
    assert_eq!(after_two.get("6"), Some(&1), "{body}");
    table(&reader, &after_two).await;
    reader.find("select[name=explorer-speed]").await.select_by_value("blitz").await.expect("a speed");
    reader.wait_for_text("#explorer-status", "No finished game reached this position.").await;
    reader.find("select[name=explorer-speed]").await.select_by_value("bullet").await.expect("a speed");
    table(&reader, &after_two).await;

    for (language, heading) in [("pl", "Przegląd debiutów"), ("ru", "Дебютный справочник")] {
        reader.goto("/explorer").await;
        reader.find("#language-choice").await.select_by_value(language).await.expect("choose a language");
        reader.wait_for_text(".explorer h1", heading).await;
        table(&reader, &at_start).await;
        let untranslated = reader.untranslated_texts().await;
        assert!(untranslated.is_empty(), "{language}: {untranslated:?}");
        reader.screenshot(&format!("explorer-{language}")).await;
    }
    let errors: Vec<String> = reader.script_errors().await;
    assert!(errors.is_empty(), "script errors {errors:?}");
    reader.close().await;
    server.stop().await;
}
