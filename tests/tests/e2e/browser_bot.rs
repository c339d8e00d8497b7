//! Play the computer in the browser: a guest picks a game, a level (named with its measured strength), a seat
//! and a time control in the lobby's "Play the computer" panel; the built-in bot accepts at once and the game
//! opens; the guest clicks the first highlighted square on each turn until the game is over. And a guest alone
//! in a quick-pairing pool is offered the computer (the default level, or the level rated nearest them):
//! declining keeps them waiting without the offer, accepting starts the pool's game against the bot. Screenshots
//! go under `artifacts/browser/play-the-computer-*.png`.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store.

use std::time::Duration;

use kartka_protocol::{PoolSpec, RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::store::RatingRow;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;

/// A level's measured Elo as the lobby writes it beside a level above the first: the ladder's figure
/// (`bot/src/level.rs`), signed.
fn elo(level: u8) -> String {
    let measured = kartka_bot::Level::new(level).expect("a level").measured_elo().expect("a capped level's figure");
    format!("{measured:+}")
}

const DESKTOP: (u32, u32) = (1280, 900);

/// How long one turn of the game (the bot's, then the page's) may take.
const TURN_TIMEOUT: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_plays_the_computer_from_the_lobby_to_the_end() {
    let database = TestDb::new(Backend::Sqlite).await;
    let settings = Settings { builtin_bot: Some("kartka-bot".to_owned()), ..Settings::default() };
    let server = TestServer::start(database.url(), settings).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;

    // The panel names the levels with their measured strength (the uncapped strongest has none); Alice picks Closing In, the beginner, and the
    // first seat.
    alice.wait_for_text("#play-computer select[name=level]", "1 · Beginner · Elo 0").await;
    alice.wait_for_text("#play-computer select[name=level]", &format!("4 · Club player · Elo {}", elo(4))).await;
    let strongest = "#play-computer select[name=level] option[value=kartka-bot-8]";
    alice.wait_for_text(strongest, "8 · Strongest").await;
    assert_eq!(alice.text(strongest).await, "8 · Strongest", "no figure beside the strongest level");
    alice.wait_for_text("#play-computer .hint", "measured in Paper Soccer games against the other levels").await;
    let panel = "#play-computer";
    alice.find(&format!("{panel} select[name=game]")).await.select_by_label("Closing In 6×6").await.expect("choose");
    alice.find(&format!("{panel} select[name=level]")).await.select_by_value("kartka-bot-1").await.expect("level");
    alice.find(&format!("{panel} select[name=colour]")).await.select_by_value("first").await.expect("a seat");
    alice.screenshot("play-the-computer-lobby").await;
    alice.click("#play-computer-start").await;
    let path = browser::game_path(&alice).await;
    let game_id = path.trim_start_matches("/game/").to_owned();
    alice.wait_for_text(".game-title", "you play A, moving first").await;
    alice.wait_for_text(".player.seat-second .name", "kartka-bot-1").await;
    alice.wait_for_text(".player.seat-second .name", "bot").await;

    // Alice clicks the first highlighted square whenever it is her move, until the game is over.
    let mut moves = 0;
    let status = loop {
        let status = browser::eventually(TURN_TIMEOUT, || async {
            let status = alice.text("#game-status").await;
            (status.contains("Your move") || status.contains("won") || status.contains("lost")).then_some(status)
        })
        .await
        .expect("the bot answers every move");
        if !status.contains("Your move") {
            break status;
        }
        if moves == 6 {
            alice.screenshot("play-the-computer-game").await;
        }
        let target = "#page .board .target .target-hit";
        alice.click(target).await;
        moves += 1;
        // Wait for the move to land before looking for the next turn.
        browser::eventually(TURN_TIMEOUT, || async {
            (browser::stored_moves(&api, &game_id).await.len() >= 2 * moves - 1).then_some(())
        })
        .await
        .expect("the move is stored");
    };
    assert!(status.contains("You won") || status.contains("You lost"), "{status}");
    alice.screenshot("play-the-computer-finished").await;
    let (_, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["rated"], false, "casual unless the player asks");
    alice.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lone_player_in_a_pool_declines_the_computer_then_accepts_it_on_the_next_wait() {
    let database = TestDb::new(Backend::Sqlite).await;
    let settings = Settings {
        builtin_bot: Some("kartka-bot".to_owned()),
        bot_offer_after: Some(Duration::from_secs(1)),
        ..Settings::default()
    };
    let server = TestServer::start(database.url(), settings).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    alice.sign_in_as_guest("alice").await;
    let pool = "#quick-pairing button[data-pool=\"3+2\"]";
    alice.record_script_errors().await;

    // The offer in Polish and Russian, with nothing left untranslated.
    let languages = [
        ("pl", format!("3 · Amator · Elo {}", elo(3)), "Może zagrasz z komputerem?"),
        ("ru", format!("3 · Любитель · Эло {}", elo(3)), "Сыграете с компьютером?"),
    ];
    for (language, level, question) in languages {
        alice.goto("/").await;
        alice.find("#language-choice").await.select_by_value(language).await.expect("choose a language");
        alice.wait_for_text("#play-computer select[name=level]", &level).await;
        alice.click(pool).await;
        alice.wait_for_text("#bot-offer", question).await;
        alice.wait_for_text("#bot-offer", &level).await;
        assert_eq!(alice.untranslated_texts().await, Vec::<String>::new(), "{language}");
        alice.screenshot(&format!("play-the-computer-offer-{language}")).await;
        alice.click("#stop-waiting").await;
    }
    alice.goto("/").await;
    alice.find("#language-choice").await.select_by_value("en").await.expect("choose a language");
    alice.wait_for_text("#play-computer select[name=level]", &format!("3 · Amateur · Elo {}", elo(3))).await;

    // Alone in the casual 3+2 pool, Alice is offered the default level in the pool's game, and declines.
    alice.click(pool).await;
    alice.wait_for_text("#bot-offer", "Play the computer instead?").await;
    alice.wait_for_text("#bot-offer", &format!("Level 3 · Amateur · Elo {} — Paper Soccer: 3+2", elo(3))).await;
    alice.screenshot("play-the-computer-offer").await;
    alice.click("#bot-offer-decline").await;
    browser::eventually(TURN_TIMEOUT, || async { alice.text("#bot-offer").await.is_empty().then_some(()) })
        .await
        .expect("declining hides the offer");
    // The waiting clock ticks on twice, each tick deciding the offer again: it stays hidden, Alice still waits.
    let before = alice.text("#quick-pairing .elapsed").await;
    for _ in 0..2 {
        let shown = alice.text("#quick-pairing .elapsed").await;
        browser::eventually(TURN_TIMEOUT, || async {
            (alice.text("#quick-pairing .elapsed").await != shown).then_some(())
        })
        .await
        .expect("the waiting clock ticks");
    }
    assert_ne!(alice.text("#quick-pairing .elapsed").await, before);
    assert_eq!(alice.text("#bot-offer").await, "", "declined for this wait");
    assert!(alice.text("#quick-pairing .waiting").await.contains("Looking for an opponent"), "still waiting");
    assert_eq!(alice.find(pool).await.attr("aria-pressed").await.expect("an attribute").as_deref(), Some("true"));

    // Alice stops waiting. Now she and two levels have established blitz ratings; back in the lobby, a new
    // wait offers the computer again, at the level rated nearest her; she accepts, leaves the pool and plays it.
    alice.click("#stop-waiting").await;
    browser::eventually(TURN_TIMEOUT, || async {
        let pressed = alice.find(pool).await.attr("aria-pressed").await.ok().flatten();
        (pressed.as_deref() == Some("false")).then_some(())
    })
    .await
    .expect("the wait ends");
    for (name, rating) in
        [("alice", 1700.0), ("kartka-bot-3", 1300.0), ("kartka-bot-5", 1650.0), ("kartka-bot-8", 2100.0)]
    {
        let account = server.state.store.account_by_name(name).await.expect("the store").expect("the account");
        database.set_rating(&established_blitz(account.id, rating)).await;
    }
    alice.goto("/").await;
    alice.click(pool).await;
    let offer = format!("Level 5 · Strong club player · Elo {} — Paper Soccer: 3+2", elo(5));
    alice.wait_for_text("#bot-offer", &offer).await;
    alice.click("#bot-offer-accept").await;
    let path = browser::game_path(&alice).await;
    let game_id = path.trim_start_matches("/game/").to_owned();
    let (_, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(game["ruleset"]["kind"], "paper-soccer", "{game}");
    assert_eq!(
        game["time_control"],
        serde_json::json!({ "type": "fischer", "initial_seconds": 180, "increment_seconds": 2 })
    );
    assert_eq!(game["rated"], false, "the pool was casual");
    let players = game["players"].as_array().expect("players");
    let names: Vec<&str> = players.iter().filter_map(|p| p["name"].as_str()).collect();
    assert!(names.contains(&"kartka-bot-5"), "{names:?}");
    // Alice no longer waits in the pool: the server has nobody there to remove.
    let alice_id = players.iter().find(|p| p["bot"] == false).and_then(|p| p["account_id"].as_str()).expect("Alice");
    let pool_spec = PoolSpec {
        ruleset: serde_json::from_value::<RulesetSpec>(game["ruleset"].clone()).expect("the pool's ruleset"),
        time_control: TimeControl::Fischer { initial_seconds: 180, increment_seconds: 2 },
        rated: false,
    };
    let left = server.state.lobby.leave_pools(alice_id.parse().expect("a uuid"), Some(pool_spec)).await;
    assert!(left.is_err(), "Alice still waited in the pool");
    alice.screenshot("play-the-computer-from-the-pool").await;
    assert_eq!(alice.script_errors().await, Vec::<String>::new());
    alice.close().await;
    server.stop().await;
}

/// An established Paper Soccer blitz rating of `rating`.
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
