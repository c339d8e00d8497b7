//! What a page costs to load: a cold visit on a slow connection fetches the scripts of the page shown, in the
//! reader's language, and nothing of the pages not shown (the rules pages' texts and diagrams, the other
//! languages' catalogs). The load times and sizes are printed (`--no-capture`), never checked: they are
//! measurements, recorded in docs/performance.md.

use kartka_protocol::kinds::closing_in::ClosingInOptions;
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::browser::{Browser, Chromedriver, FetchedScripts};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

/// Chromium's "Fast 3G": a phone on a poor connection.
const LATENCY_MS: u32 = 563;
const KILOBYTES_PER_SECOND: u32 = 180;

fn paths_ending(fetched: &FetchedScripts, suffix: &str) -> Vec<String> {
    fetched.scripts.iter().filter(|script| script.path.ends_with(suffix)).map(|script| script.path.clone()).collect()
}

/// The kinds' stylesheets (`…/kinds/<kind>/board.css`) the page shown now has fetched.
async fn kind_sheets(browser: &Browser) -> Vec<String> {
    let script = "return performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.includes('/kinds/') && path.endsWith('.css'))";
    let found = browser.client.execute(script, vec![]).await.expect("a script");
    serde_json::from_value(found).expect("the paths fetched")
}

fn report(page: &str, fetched: &FetchedScripts) {
    let bytes: u64 = fetched.scripts.iter().map(|script| script.bytes).sum();
    println!(
        "{page}: {} scripts, {:.1} KiB over the network, the last in {:.0} ms (latency {LATENCY_MS} ms, \
         {KILOBYTES_PER_SECOND} KiB/s)",
        fetched.scripts.len(),
        bytes as f64 / 1024.0,
        fetched.last_ms
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cold_page_fetches_its_own_scripts_in_its_own_language_only() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let visitor = Browser::open(&driver, &server.url(), 1280, 900).await;

    // A Polish reader's first visit to the lobby, on a slow connection.
    visitor.goto("/").await;
    visitor.client.execute("localStorage.setItem('kartka.language', 'pl')", vec![]).await.expect("a script");
    visitor.throttle(LATENCY_MS, KILOBYTES_PER_SECOND).await;
    visitor.goto("/").await;
    visitor.wait_for_text(".sign-in", "Zaloguj się, aby grać").await;
    let lobby = visitor.fetched_scripts().await;
    report("lobby", &lobby);
    assert_eq!(paths_ending(&lobby, "/js/i18n/pl.js").len(), 1, "the page's language: {lobby:?}");
    for other in
        ["/js/i18n/en.js", "/js/i18n/ru.js", "rules-page.js", "rules-catalog.js", "diagram.js", "/play.js", "/board.js"]
    {
        assert_eq!(paths_ending(&lobby, other), Vec::<String>::new(), "the lobby fetches no {other}");
    }
    assert_eq!(kind_sheets(&visitor).await, Vec::<String>::new(), "the lobby draws no board");

    // A game's page fetches the rules and board of its own kind, and of no other.
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let blitz = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
    let game =
        api.start_game_of(&alice, &bob, RulesetSpec::ClosingIn(ClosingInOptions { size: 6 }), blitz, false).await;
    visitor.goto(&format!("/game/{game}")).await;
    visitor.find("#page .board").await;
    let watched = visitor.fetched_scripts().await;
    report("a game of Closing In", &watched);
    assert_eq!(paths_ending(&watched, "/kinds/closing-in/play.js").len(), 1, "{watched:?}");
    assert_eq!(paths_ending(&watched, "/kinds/dots/board.js"), Vec::<String>::new(), "{watched:?}");
    let sheets = kind_sheets(&visitor).await;
    assert!(
        sheets.len() == 1 && sheets[0].ends_with("/kinds/closing-in/board.css"),
        "the board's own styles, with the board: {sheets:?}"
    );

    // A rules page fetches its own texts when it is shown.
    visitor.goto("/rules/dots").await;
    visitor.find(".rules-page").await;
    let rules = visitor.fetched_scripts().await;
    report("Dots rules", &rules);
    assert_eq!(paths_ending(&rules, "/kinds/dots/rules-page.js").len(), 1, "{rules:?}");
    assert_eq!(paths_ending(&rules, "/kinds/paper-soccer/rules-catalog.js"), Vec::<String>::new());
    let sheets = kind_sheets(&visitor).await;
    assert!(sheets.len() == 1 && sheets[0].ends_with("/kinds/dots/board.css"), "its diagrams' styles: {sheets:?}");

    visitor.close().await;
    server.stop().await;
}
